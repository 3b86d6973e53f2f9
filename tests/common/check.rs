//! `system --check`'s small world: a prompt of the instructions section only, and two
//! texts that differ in one line.

/// A small prompt: the instructions section only, with `text`.
pub fn small(text: &str) -> Vec<String> {
    let mut args: Vec<String> = [
        "base", "goal", "skills", "sandbox", "git", "context", "memory",
    ]
    .iter()
    .flat_map(|s| ["--no-section".to_string(), s.to_string()])
    .collect();
    args.extend(["--append-system-prompt".to_string(), text.to_string()]);
    args
}

pub const OLD: &str = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n";
pub const NEW: &str = "one\ntwo\nthree\nfour\nFIVE\nsix\nseven\neight";
