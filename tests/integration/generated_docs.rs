//! `completions/` and `man/` are generated from the clap definitions; this fails when the
//! committed copies are stale. Regenerate with `scripts/gen-docs.sh`.

use asimi_prompt::cli::Shell;
use asimi_prompt::cli::{completion_file, completion_script, man_pages};

fn committed(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full)
        .unwrap_or_else(|e| panic!("{path}: {e}; run scripts/gen-docs.sh"))
}

#[test]
fn completions_are_up_to_date() {
    for shell in [
        Shell::Bash,
        Shell::Zsh,
        Shell::Fish,
        Shell::Powershell,
        Shell::Elvish,
    ] {
        let path = format!("completions/{}", completion_file(shell));
        assert!(
            committed(&path) == completion_script(shell),
            "{path} is stale; run scripts/gen-docs.sh"
        );
    }
}

#[test]
fn man_pages_are_up_to_date() {
    let pages = man_pages().unwrap();
    assert!(pages.iter().any(|(f, _)| f == "asimi-prompt.1"));
    assert!(pages
        .iter()
        .any(|(f, _)| f == "asimi-prompt-template-render.1"));
    for (file, text) in &pages {
        let path = format!("man/{file}");
        assert!(
            committed(&path) == *text,
            "{path} is stale; run scripts/gen-docs.sh"
        );
    }
    let on_disk = std::fs::read_dir(format!("{}/man", env!("CARGO_MANIFEST_DIR")))
        .unwrap()
        .count();
    assert_eq!(
        on_disk,
        pages.len(),
        "man/ holds pages for commands that no longer exist"
    );
}
