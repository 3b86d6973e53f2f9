//! proptest's configuration for the fuzz targets of both crates (included by path): every
//! run prints its seed, and a failing case's seed is saved in a committed regressions file
//! and replayed first by every later run, so a failure anywhere can be replayed.

use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};

/// The variable that replays a run: the seed it printed.
const SEED_VAR: &str = "PROPTEST_RNG_SEED";

/// `cases` cases from a seed this run prints (`PROPTEST_RNG_SEED` when set, else a fresh
/// one), failures saved to `regressions` (an absolute path) and replayed first.
pub fn config(cases: u32, regressions: &'static str) -> Config {
    let seed = std::env::var(SEED_VAR)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(fresh_seed);
    // Straight to the process's stderr: libtest hides captured output of a test that
    // passes, and CI's log must hold every seed.
    use std::io::Write as _;
    let test = std::thread::current().name().unwrap_or("main").to_string();
    let _ = writeln!(
        std::io::stderr(),
        "{test}: proptest seed {seed} (replay with {SEED_VAR}={seed})"
    );
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(regressions))),
        rng_seed: RngSeed::Fixed(seed),
        ..Config::default()
    }
}

fn fresh_seed() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(std::time::SystemTime::now())
}
