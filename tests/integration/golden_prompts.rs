//! Golden files: the full system prompt for each model family, byte for byte, in a fixed
//! setup, compared with `fixtures/prompts/<family>.txt`.
//!
//! The setup is a git repository on branch `main` with an `AGENTS.md` at the root and in
//! the `app/` subdirectory the prompt is built from, a user memory, `--sandbox generic`
//! and `SOURCE_DATE_EPOCH` set. The built-in base prompts print an `# Environment` block
//! with the working directory and project root, which lie in a fresh temporary directory
//! on every run, and the operating system. So before comparing, the temporary root is
//! replaced by `<ROOT>` and the operating system's name by `<OS>`; everything else is
//! compared exactly.
//!
//! After an intended change to the templates, regenerate the files and review the diff:
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test --test integration golden_prompts::
//! git diff fixtures/prompts
//! ```
//!
//! Without `UPDATE_GOLDEN=1` (any other value compares as usual), any difference (or a
//! missing file) fails the test.

use crate::common;
use std::path::{Path, PathBuf};

use common::Test;

/// One model per family.
const MODELS: &[(&str, &str)] = &[
    ("claude", "claude-sonnet-5-5"),
    ("gpt", "gpt-5.4"),
    ("gemini", "gemini-2.5-pro"),
    ("default", "some-unknown-model"),
];

fn setup(model: &str) -> Test {
    let t = Test::new()
        .git()
        .file(
            "AGENTS.md",
            "# Shop\n\nAn online shop: a Rust back end and a TypeScript front end.\n\n- Build: `cargo build`\n- Test: `cargo test`\n",
        )
        .file(
            "app/AGENTS.md",
            "# Front end\n\nReact with TypeScript. Run `npm test` in this directory.\n",
        )
        .cwd("app")
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .config_file(
            "memory.md",
            "- The user prefers short answers.\n- The user's name is Ada.\n",
        )
        .args(["--model", model, "--sandbox", "generic"]);
    // The branch name must not depend on the machine's init.defaultBranch.
    std::fs::write(t.work.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    t
}

/// `text` with the temporary root and the operating system replaced by placeholders.
fn normalise(text: &str, t: &Test) -> String {
    let text = text.replace(&t.root.display().to_string(), "<ROOT>");
    // The families label the line differently ("Operating system: linux",
    // "- **Operating system:** linux"); the name is last either way.
    text.split_inclusive('\n')
        .map(|line| {
            let body = line.trim_end_matches('\n');
            match body.strip_suffix(std::env::consts::OS) {
                Some(label) if label.contains("Operating system") => {
                    format!("{label}<OS>{}", &line[body.len()..])
                }
                _ => line.to_string(),
            }
        })
        .collect()
}

fn fixture(family: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/prompts")
        .join(format!("{family}.txt"))
}

/// Compares `actual` with the golden file, or rewrites it under `UPDATE_GOLDEN=1`.
fn golden(family: &str, actual: &str) {
    let path = fixture(family);
    if common::golden::updating() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}; create it with UPDATE_GOLDEN=1 cargo test --test integration golden_prompts::",
            path.display()
        )
    });
    if expected != actual {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
        panic!(
            "{} differs from the generated prompt, first at line {}:\n  golden:    {:?}\n  generated: {:?}\n\
             If the change is intended, run UPDATE_GOLDEN=1 cargo test --test integration golden_prompts:: \
             and review the diff.",
            path.display(),
            first + 1,
            expected.lines().nth(first),
            actual.lines().nth(first),
        );
    }
}

fn check_family(family: &str) {
    let model = MODELS.iter().find(|(f, _)| *f == family).unwrap().1;
    let t = setup(model);
    let first = t.run().ok().to_string();
    let second = t.run().ok().to_string();
    assert_eq!(first, second, "two runs must give identical bytes");

    let text = normalise(&first, &t);
    assert!(!text.contains("/tmp"), "{text}");
    // The setup's facts made it in.
    let line = |label: &str| {
        text.lines()
            .find(|l| l.contains(label))
            .unwrap_or_else(|| panic!("no {label} line:\n{text}"))
            .to_string()
    };
    assert!(line("Operating system").ends_with(" <OS>"), "{text}");
    assert!(
        line("Working directory").ends_with(" <ROOT>/work/app"),
        "{text}"
    );
    assert!(line("Project root").ends_with(" <ROOT>/work"), "{text}");
    assert!(line("Git branch").ends_with(" main"), "{text}");
    assert!(text.contains("\n\n# Sandbox\n\n"), "{text}");
    assert!(text.contains("\n\n# Git Repository\n\n"), "{text}");
    assert!(
        text.contains("\n\n--- Context from: ../AGENTS.md ---\n# Shop\n"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "--- End of Context from: AGENTS.md ---\n\n---\n\n- The user prefers short answers.\n- The user's name is Ada.\n"
        ),
        "{text}"
    );
    golden(family, &text);
}

#[test]
fn claude() {
    check_family("claude");
}

#[test]
fn gpt() {
    check_family("gpt");
}

#[test]
fn gemini() {
    check_family("gemini");
}

#[test]
fn default() {
    check_family("default");
}

/// Each model family gets its own base prompt: the program's prompts for the four
/// families, rendered now, differ pairwise.
#[test]
fn families_differ() {
    let texts: Vec<String> = MODELS
        .iter()
        .map(|(_, model)| {
            let t = setup(model);
            normalise(t.run().ok(), &t)
        })
        .collect();
    for (i, a) in texts.iter().enumerate() {
        for (j, b) in texts.iter().enumerate().skip(i + 1) {
            assert_ne!(a, b, "{} and {} share a prompt", MODELS[i].0, MODELS[j].0);
        }
    }
}
