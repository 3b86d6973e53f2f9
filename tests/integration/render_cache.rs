//! The rendered prompts the binary keeps in the user's cache (src/prompt/cache.rs)
//! change how long a run takes, never what it prints. A planted entry shows that an
//! entry is read; a changed input, another build of the binary and a torn entry show
//! that it is read only when it must be.

use std::path::PathBuf;

use crate::common;

const SYSTEM: [&str; 3] = ["system", "--model", "claude-sonnet-5-5"];
const AGENTS: &str = "Run the tests with `just test`.\n";

fn entries(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    found.sort();
    found
}

#[test]
fn a_kept_prompt_is_read_for_the_same_inputs_and_binary_only() {
    let t = common::Test::new().file("AGENTS.md", AGENTS).git();
    let dir = t.home.join(".cache/asimi-prompt/rendered-1");
    let first = t.run_with(&SYSTEM).ok().to_string();
    assert!(first.contains("just test"), "{first}");
    let kept = entries(&dir);
    assert_eq!(kept.len(), 1, "one prompt rendered, one entry: {kept:?}");
    assert_eq!(t.run_with(&SYSTEM).ok(), first, "read back");
    assert_eq!(
        entries(&dir),
        kept,
        "a prompt read back is not written again"
    );

    // Planted: the entry's text is what the next run prints (the same length, as the
    // entry holds each text's length).
    let entry = std::fs::read(&kept[0]).unwrap();
    let at = entry
        .windows(9)
        .position(|w| w == b"just test")
        .expect("the text kept");
    let mut planted = entry.clone();
    planted[at..at + 9].copy_from_slice(b"JUST TEST");
    std::fs::write(&kept[0], planted).unwrap();
    assert!(
        t.run_with(&SYSTEM).ok().contains("JUST TEST"),
        "the entry was not read"
    );

    // Another build of the binary (a copy: another file) renders for itself.
    let copy = t.root.join("copy-of-asimi-prompt");
    std::fs::copy(assert_cmd::cargo::cargo_bin("asimi-prompt"), &copy).unwrap();
    let other = t.shell(&format!("'{}' {}", copy.display(), SYSTEM.join(" ")), "bin");
    assert_eq!(other.ok(), first, "another build read this one's entry");

    // A changed input is another prompt.
    std::fs::write(t.work.join("AGENTS.md"), "Run `make check` first.\n").unwrap();
    let changed = t.run_with(&SYSTEM).ok().to_string();
    assert!(
        changed.contains("make check") && !changed.contains("JUST"),
        "{changed}"
    );

    // A torn entry is rendered again.
    std::fs::write(t.work.join("AGENTS.md"), AGENTS).unwrap();
    std::fs::write(&kept[0], &entry[..entry.len() / 2]).unwrap();
    assert_eq!(t.run_with(&SYSTEM).ok(), first, "a torn entry");
    assert_eq!(std::fs::read(&kept[0]).unwrap(), entry, "rewritten whole");
}

#[test]
fn a_cache_that_cannot_be_written_changes_nothing() {
    let t = common::Test::new().file("AGENTS.md", AGENTS).git();
    // A file where the cache directory would be.
    std::fs::create_dir_all(t.home.join(".cache")).unwrap();
    std::fs::write(t.home.join(".cache/asimi-prompt"), "not a directory").unwrap();
    let run = t.run_with(&SYSTEM);
    assert!(run.ok().contains("just test"));
    assert_eq!(run.stderr, "", "a cache not kept is not the user's concern");
}
