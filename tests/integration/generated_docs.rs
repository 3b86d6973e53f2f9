//! `completions/` and `man/` are generated from the clap definitions; this fails when the
//! committed copies are stale. Regenerate with `scripts/gen-docs.sh`.

use crate::common;
use asimi_prompt::cli::Shell;
use asimi_prompt::cli::{completion_file, completion_script, man_pages};
use common::Test;

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

/// `man NAME` prints that command's page and writes nothing (it once took NAME for a
/// directory and filled it with every page); `man --out DIR` writes every page there and
/// says where.
#[test]
fn man_prints_a_page_or_writes_them_all_where_told() {
    let t = Test::new().args(["man", "messages"]);
    let run = t.run();
    assert!(
        run.ok().contains(".TH asimi-prompt-messages 1"),
        "{}",
        run.stdout
    );
    assert!(!t.work.join("messages").exists());
    let nested = Test::new().args(["man", "template", "render"]).run();
    assert!(nested.ok().contains(".TH asimi-prompt-template-render 1"));
    let unknown = Test::new().args(["man", "nowhere"]).run();
    assert!(unknown.fails().contains("man 'nowhere': no such command"));

    let t = Test::new().args(["man", "--out", "pages"]);
    let run = t.run();
    run.ok();
    let pages = man_pages().unwrap();
    assert_eq!(
        run.stderr,
        format!(
            "asimi-prompt: wrote {} man pages to {}\n",
            pages.len(),
            t.work.join("pages").display()
        )
    );
    for (file, text) in &pages {
        assert_eq!(&t.read(&t.work.join("pages").join(file)), text, "{file}");
    }
}

/// Every page says what the exit codes mean, and the main page names every environment
/// variable the manual documents that a user sets.
#[test]
fn man_pages_have_the_exit_status_and_the_environment() {
    let pages = man_pages().unwrap();
    for (file, text) in &pages {
        assert!(text.contains(".SH \"EXIT STATUS\""), "{file}");
    }
    // The pages of the commands that keep sessions say where their state lives.
    for command in ["messages", "context"] {
        let file = format!("asimi-prompt-{command}.1");
        let (_, text) = pages.iter().find(|(f, _)| *f == file).unwrap();
        assert!(text.contains("Session state: ASIMI_STATE_DIR"), "{file}");
    }
    let main = &pages[0].1;
    for var in [
        "ASIMI_STATE_DIR",
        "NO_COLOR",
        "ASIMI_MODEL",
        "ASIMI_SYSTEM_MD",
    ] {
        assert!(main.contains(var), "{var}");
    }
}

/// What bash's completion offers for the last word of `words` (the generated script's
/// function, as `complete -F` calls it).
fn bash_completes(words: &[&str]) -> Vec<String> {
    let dir = common::tempdir();
    let script = dir.path().join("asimi-prompt.bash");
    std::fs::write(&script, completion_script(Shell::Bash)).unwrap();
    std::fs::write(dir.path().join("a-file"), "").unwrap();
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let line = format!(
        "source '{}'; COMP_WORDS=({}); COMP_CWORD={}; \
         _asimi__prompt asimi-prompt \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"; \
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        quoted.join(" "),
        words.len() - 1
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &line])
        .current_dir(dir.path())
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// Completions offer the values of the options that take a fixed set, and the
/// registry's current models, rather than file names.
#[test]
fn completions_offer_values_not_files() {
    let msg = ["asimi-prompt", "messages"];
    let complete = |rest: &[&str]| bash_completes(&[&msg[..], rest].concat());
    assert_eq!(
        complete(&["--provider", "o"]),
        ["openai", "openai-responses", "openrouter"]
    );
    assert_eq!(complete(&["--mode", "d"]), ["developer", "debugger"]);
    assert_eq!(complete(&["--tokenizer", ""]), ["o200k", "cl100k"]);
    assert_eq!(complete(&["--cache-ttl", "1"]), ["1h", "12h"]);
    let models = complete(&["--model", "claude-sonnet-"]);
    assert!(
        models.contains(&"claude-sonnet-5-5".to_string()),
        "{models:?}"
    );
    // Retired models are not offered.
    assert!(
        !models.contains(&"claude-sonnet-4-5".to_string()),
        "{models:?}"
    );
    assert_eq!(complete(&["--model", "a-f"]), Vec::<String>::new());
    let models = bash_completes(&["asimi-prompt", "--model", "gpt-5.4"]);
    assert!(models.contains(&"gpt-5.4".to_string()), "{models:?}");
}
