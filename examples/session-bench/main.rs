//! The session benchmark.
//!
//! By default it replays agent-like sessions on real repositories through the binary, in
//! the default configuration (`repos.rs`), and reads the bodies with an independent
//! simulation of each provider's cache (`sim.rs`). Per session it reports, over requests
//! 4 to the last, the session's cache reuse, the agents' baseline (the same requests
//! flat, markers on the system prompt and the last two messages) and the upper bound (the
//! longest prefix each request shares with an earlier one). The `history` session
//! replays the repository's own recent multi-file commits, and beside its reuse reports
//! how many of each commit's other changed files reach the request's map.
//!
//! `--library` replays instead the scripted sessions of `scenarios.rs` (20 requests each
//! on a generated repository, spec symbol blocks, no map) through the session code.
//!
//! ```sh
//! scripts/session-bench.sh                 # real repositories, through the binary
//! scripts/session-bench.sh --summary       # the table only
//! scripts/session-bench.sh --only hot      # one session
//! scripts/session-bench.sh --history-at REV  # the history session's commits up to REV
//! scripts/session-bench.sh --dump DIR      # also write every body and state to DIR
//! scripts/session-bench.sh --bin PATH      # another build of asimi-prompt
//! scripts/session-bench.sh --sdk           # check each body with the provider's SDK
//! scripts/session-bench.sh -- --map-tokens 8192   # arguments for every asimi-prompt run
//! scripts/session-bench.sh --library [--summary] [--no-moving-marker] [--gpt-5.6]
//! ```

mod real;
mod repos;
#[allow(dead_code)] // Shared with tests/integration/reuse_simulation.rs, which uses other parts.
mod scenarios;
#[allow(dead_code)] // Shared with tests/integration/reuse_simulation.rs.
mod sim;

use scenarios::{run_baseline_for, run_session_for, Sent, Target};

/// The requests (1-based) the issue's targets average over.
const WINDOW: std::ops::RangeInclusive<usize> = 4..=20;

fn pct(p: &asimi_prompt::request::reuse::Prediction) -> f64 {
    if p.input_tokens == 0 {
        return 0.0;
    }
    100.0 * p.read as f64 / p.input_tokens as f64
}

/// Mean reuse (%) over `WINDOW`, and the cost relative to no caching over `range`.
fn totals(sent: &[Sent], range: std::ops::RangeInclusive<usize>) -> (f64, f64) {
    let in_window: Vec<&Sent> = sent
        .iter()
        .enumerate()
        .filter(|(i, _)| WINDOW.contains(&(i + 1)))
        .map(|(_, s)| s)
        .collect();
    let mean = in_window.iter().map(|s| pct(&s.prediction)).sum::<f64>() / in_window.len() as f64;
    let (mut cost, mut tokens) = (0.0, 0.0);
    for (i, s) in sent.iter().enumerate() {
        if range.contains(&(i + 1)) {
            cost += s.prediction.relative_cost * s.prediction.input_tokens as f64;
            tokens += s.prediction.input_tokens as f64;
        }
    }
    (mean, cost / tokens)
}

fn main() {
    if !std::env::args().any(|a| a == "--library") {
        std::process::exit(real::main());
    }
    let verbose = !std::env::args().any(|a| a == "--summary");
    // `--no-moving-marker` measures the layout without the leftover marker on the last
    // message.
    let moving = !std::env::args().any(|a| a == "--no-moving-marker");
    // `--gpt-5.6`: the same sessions by OpenAI's explicit-breakpoint rules, against its
    // implicit mode (one breakpoint on the newest message).
    let target = match std::env::args().any(|a| a == "--gpt-5.6") {
        true => Target::Gpt56,
        false => Target::Claude,
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut summary = Vec::new();
    for s in scenarios::scenarios() {
        let state = dir.path().join(format!("{}.json", s.name));
        let session = run_session_for(&s.requests, &state, moving, target);
        let baseline = run_baseline_for(&s.requests, target);
        if verbose {
            println!("scenario ({}): {}", s.name, s.about);
            println!("  req   tokens  session read  written  cost   baseline read  written  cost");
            for (i, (a, b)) in session.iter().zip(&baseline).enumerate() {
                let (p, q) = (&a.prediction, &b.prediction);
                println!(
                    "  {:>3} {:>8}  {:>11.1}% {:>8} {:>5.2}  {:>13.1}% {:>8} {:>5.2}",
                    i + 1,
                    p.input_tokens,
                    pct(p),
                    p.written,
                    p.relative_cost,
                    pct(q),
                    q.written,
                    q.relative_cost
                );
            }
            println!();
        }
        let (sm, sc) = totals(&session, WINDOW);
        let (bm, bc) = totals(&baseline, WINDOW);
        let (_, sc_all) = totals(&session, 1..=session.len());
        let (_, bc_all) = totals(&baseline, 1..=baseline.len());
        summary.push(format!(
            "| ({}) {} | {sm:.1}% | {sc:.2}x | {sc_all:.2}x | {bm:.1}% | {bc:.2}x | {bc_all:.2}x |",
            s.name, s.about
        ));
    }
    println!("| scenario | session reuse 4–20 | cost 4–20 | cost 1–20 | baseline reuse 4–20 | cost 4–20 | cost 1–20 |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for line in summary {
        println!("{line}");
    }
}
