//! `commit`: the commit-message request (docs/contributing/design.md, prompt assembly: "Other Prompts") for the staged
//! changes, the working tree (`--all`) or a diff on standard input, in a repository made
//! with git2 inside the test's bounded temporary directory.
//!
//! Bodies are compared with `fixtures/commit/<provider>.json`. After an intended change,
//! regenerate and review:
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test --test integration commit::
//! git diff fixtures/commit
//! ```

use crate::common;
use std::path::PathBuf;

use common::Test;
use serde_json::Value;

const PROVIDERS: &[&str] = &["anthropic", "openai", "openrouter", "gemini", "raw"];

/// The subjects the repository's history holds, oldest first.
const SUBJECTS: [&str; 2] = ["feat: add the parser", "fix(parser): accept empty input"];

use common::repo::{commit, stage, write};

/// A repository with two commits, a staged change to `src/parser.rs`, a staged new
/// file, an unstaged change to `README.md` and an untracked file.
fn repo() -> Test {
    let t = Test::new()
        .file(
            "src/parser.rs",
            "pub fn parse(s: &str) -> u32 {\n    s.len() as u32\n}\n",
        )
        .file("README.md", "# Parser\n")
        .git();
    commit(&t.work, &["src/parser.rs", "README.md"], SUBJECTS[0]);
    write(
        &t.work,
        "src/parser.rs",
        "pub fn parse(s: &str) -> u32 {\n    if s.is_empty() { return 0; }\n    s.len() as u32\n}\n",
    );
    commit(&t.work, &["src/parser.rs"], SUBJECTS[1]);
    write(
        &t.work,
        "src/parser.rs",
        "/// The length of `s`, 0 when empty.\npub fn parse(s: &str) -> u32 {\n    s.len() as u32\n}\n",
    );
    write(&t.work, "src/lexer.rs", "pub fn lex() {}\n");
    stage(&t.work, &["src/parser.rs", "src/lexer.rs"]);
    write(&t.work, "README.md", "# Parser\n\nParses strings.\n");
    write(&t.work, "notes.txt", "untracked\n");
    // One model for every provider's body: the pair may mismatch on purpose.
    t.args([
        "commit",
        "--model",
        "claude-sonnet-5-5",
        "--allow-model-mismatch",
    ])
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("fixtures/commit/{name}"))
}

#[test]
fn golden_bodies_for_every_provider() {
    let t = repo();
    let mut failures = Vec::new();
    for provider in PROVIDERS {
        let got = t.run_with(&["--provider", provider]);
        let got = got.ok();
        if let Err(e) = common::golden::check(&fixture(&format!("{provider}.json")), got, "commit")
        {
            failures.push(format!("{provider}: {e}"));
        }
        let body: Value = serde_json::from_str(got).unwrap();
        // The diff changes with every commit: no marker would ever be read.
        assert_eq!(
            common::marked_types(&body),
            Vec::<String>::new(),
            "{provider}"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn prompt_only_holds_the_rules_subjects_files_and_staged_diff() {
    let out = repo().run_with(&["--prompt-only"]).ok().to_string();
    if let Err(e) = common::golden::check(&fixture("prompt.txt"), &out, "commit") {
        panic!("{e}");
    }
    assert!(out.starts_with(
        "You are an expert software engineer. Write the git commit message for the staged \
         changes.\n"
    ));
    for rule in [
        "conventional commit style",
        "type prefix",
        "imperative mood",
        "at most 50 characters",
        "wrapped at 72 characters",
        "Output the commit message only: no commentary",
    ] {
        assert!(out.contains(rule), "{rule}");
    }
    // Newest first.
    let subjects = format!("- {}\n- {}\n", SUBJECTS[1], SUBJECTS[0]);
    assert!(out.contains(&subjects), "{out}");
    assert!(
        out.contains(
            "Files changed (2, +2 -1):\n- src/lexer.rs (+1 -0)\n- src/parser.rs (+1 -1)\n"
        ),
        "{out}"
    );
    assert!(out.contains("+/// The length of `s`, 0 when empty.\n"));
    // Unstaged and untracked changes are not in it.
    assert!(
        !out.contains("Parses strings.") && !out.contains("notes.txt"),
        "{out}"
    );
    assert!(!out.contains("cut at"), "{out}");
}

#[test]
fn all_describes_tracked_changes_in_the_working_tree() {
    let out = repo()
        .run_with(&["--all", "--prompt-only"])
        .ok()
        .to_string();
    assert!(
        out.contains("for the changes in the working tree.\n"),
        "{out}"
    );
    assert!(out.contains("+Parses strings.\n"), "{out}");
    assert!(out.contains("+/// The length of `s`"), "{out}");
    assert!(
        out.contains("src/lexer.rs"),
        "staged new files count: {out}"
    );
    assert!(!out.contains("notes.txt"), "untracked files do not: {out}");
}

#[test]
fn a_diff_on_stdin_is_described_outside_a_repository() {
    let diff = "diff --git a/x.txt b/x.txt\n--- a/x.txt\n+++ b/x.txt\n@@ -1 +1 @@\n-a\n+b\n";
    let out = Test::new()
        .args(["commit", "-", "--prompt-only", "--model", "gpt-5.4"])
        .stdin(diff)
        .run()
        .ok()
        .to_string();
    assert!(out.contains("for the changes in this diff.\n"), "{out}");
    assert!(out.contains(&format!("<diff>\n{diff}</diff>")), "{out}");
    assert!(!out.contains("recent commit subjects"), "{out}");
}

#[test]
fn the_first_commit_has_no_subjects() {
    let t = Test::new().file("a.txt", "a\n").git();
    stage(&t.work, &["a.txt"]);
    let out = t.args(["commit", "--prompt-only"]).run().ok().to_string();
    assert!(
        out.contains("+a\n") && out.contains("new file mode"),
        "{out}"
    );
    assert!(!out.contains("recent commit subjects"), "{out}");
}

#[test]
fn a_large_diff_is_cut_with_a_summary() {
    let t = repo();
    let big: String = (0..4000)
        .map(|i| format!("pub const C{i}: u32 = {i};\n"))
        .collect();
    write(&t.work, "src/consts.rs", &big);
    stage(&t.work, &["src/consts.rs"]);
    let out = t.run_with(&["--prompt-only"]).ok().to_string();
    let diff = prompt_diff(&out);
    assert!(diff.len() <= 32_000, "{}", diff.len());
    assert!(diff.len() > 31_000, "the budget is used: {}", diff.len());
    assert!(
        out.contains("- src/consts.rs (+4000 -0)"),
        "every file's counts stay"
    );
    let summary = out.lines().last().unwrap();
    assert!(
        summary.starts_with("The diff is cut at 32000 bytes: "),
        "{summary}"
    );
    assert!(
        summary.contains("src/consts.rs (in part), src/lexer.rs, src/parser.rs. "),
        "{summary}"
    );
}

#[test]
fn the_template_can_be_overridden() {
    let t = repo().file(
        ".asimi/templates/commit.md",
        "Describe {{len .Commit.Files}} files for {{.Model}}.",
    );
    let out = t.run_with(&["--prompt-only"]).ok().to_string();
    assert_eq!(out, "Describe 2 files for claude-sonnet-5-5.\n");
}

#[test]
fn secrets_in_the_diff_are_redacted() {
    let t = repo();
    let key = "AKIAZ7Q3XJ5VB2N4K6LM";
    write(
        &t.work,
        "src/aws.rs",
        &format!("const KEY: &str = \"{key}\";\n"),
    );
    stage(&t.work, &["src/aws.rs"]);
    let run = t.run_with(&["--provider", "openai"]);
    assert!(!run.ok().contains(key), "{}", run.stdout);
    assert!(run.stdout.contains("[REDACTED:"), "{}", run.stdout);
}

#[test]
fn every_error_is_exit_2_with_what_to_do() {
    let cases: Vec<(Test, &str)> = vec![
        (
            Test::new().args(["commit"]),
            "is not in a git repository; run commit inside one, or pipe a diff",
        ),
        (
            {
                let t = Test::new().file("a.txt", "a\n").git();
                t.args(["commit"])
            },
            "nothing is staged: stage changes with `git add`, pass --all",
        ),
        (
            {
                let t = Test::new().file("a.txt", "a\n").git();
                commit(&t.work, &["a.txt"], "feat: a");
                t.args(["commit", "--all"])
            },
            "the working tree has no changes to tracked files against HEAD",
        ),
        (
            Test::new().args(["commit", "-"]).stdin("  \n"),
            "standard input holds no diff",
        ),
        (
            Test::new().args(["commit", "HEAD~1"]),
            "'HEAD~1': commit takes only '-'",
        ),
        (
            Test::new().args(["commit", "-", "--all"]),
            "cannot be used with",
        ),
        (
            {
                let t = Test::new();
                git2::Repository::init_bare(t.work.join("bare.git")).unwrap();
                t.cwd("bare.git").args(["commit"])
            },
            "the repository is bare",
        ),
        (
            repo().args(["--max-tokens", "999900"]),
            "over the 100 that fit: the context window of 1000000 minus 999900 for output \
             (--max-tokens); the history holds 0 messages. The largest parts: the system \
             prompt",
        ),
        (
            repo().args(["--max-tokens", "999900"]),
            "Pass a smaller --max-tokens, or use a model with a larger context window (the \
             diff in the prompt is already cut)\n",
        ),
        (
            repo().file(".asimi/templates/commit.md", "{{.Commit.Diff"),
            "commit.md",
        ),
    ];
    for (t, want) in cases {
        let run = t.run();
        let err = run.fails();
        assert!(err.contains(want), "want {want:?} in:\n{err}");
    }
}

#[test]
fn the_help_states_the_cap_the_code_uses() {
    let help = Test::new()
        .args(["commit", "--help"])
        .run()
        .ok()
        .to_string();
    assert!(help.contains(&format!(
        "cut at {} bytes",
        asimi_prompt::commit::MAX_DIFF_BYTES
    )));
}

/// The diff in the prompt, between `<diff>` and `</diff>`.
fn prompt_diff(prompt: &str) -> String {
    let start = prompt.find("<diff>\n").unwrap() + "<diff>\n".len();
    let end = prompt.find("</diff>").unwrap();
    prompt[start..end].to_string()
}

/// What git itself prints for the same changes, byte for byte (git's own configuration
/// files left out).
#[test]
fn the_diff_is_what_git_diff_prints() {
    let t = repo();
    for (flags, git_args) in [
        (&["--prompt-only"][..], &["diff", "--cached"][..]),
        (&["--all", "--prompt-only"], &["diff", "HEAD"]),
    ] {
        let mut args = git_args.to_vec();
        args.extend(["--no-color", "--no-ext-diff"]);
        let git = common::repo::git_output(&t.work, &t.home, &args);
        let ours = t.run_with(flags);
        assert_eq!(prompt_diff(ours.ok()), git, "{flags:?}");
    }
}
