//! `messages --review`: the code review context (docs/contributing/design.md, prompt assembly: "Review Context
//! (Conditional)") in a repository made with git2 inside the test's bounded temporary
//! directory: a branch `feature` off `main` whose commits change a selected file (a
//! reverse diff), other files (forward diffs, one of them over the cap), add one and
//! delete one.
//!
//! Bodies are compared with `fixtures/review/<provider>.json`. After an intended change,
//! regenerate and review:
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test --test integration review::
//! git diff fixtures/review
//! ```

use crate::common;
use std::path::PathBuf;

use common::repo::{commit, commit_removing, git_output, write};
use common::Test;
use serde_json::Value;

const PROVIDERS: &[&str] = &["anthropic", "openai", "openrouter", "gemini", "raw"];

const HEADER: &str = "# Code Review Context\n\n";
const REPLY: &str = "Ok, I've reviewed the code changes.";

const LIB_BASE: &str = "pub mod util;\n\npub fn add(a: u32, b: u32) -> u32 {\n    a + b\n}\n\npub struct Calc {\n    pub total: u32,\n}\n";
const LIB_HEAD: &str = "pub mod util;\n\npub fn add(a: u32, b: u32) -> u32 {\n    a.wrapping_add(b)\n}\n\npub fn sub(a: u32, b: u32) -> u32 {\n    a - b\n}\n";

/// A table whose every row changes: its diff is over the forward cap (24000 bytes).
fn table(word: &str) -> String {
    (0..700)
        .map(|i| format!("row {i:04}: {word} value\n"))
        .collect()
}

/// `main` with three files and a table; `feature` changes lib.rs and main.rs, adds
/// new.rs, deletes old.rs and rewrites the table, in two commits.
fn repo() -> Test {
    world("messages")
}

/// The repository, running `command` (`messages` or `context`).
fn world(command: &str) -> Test {
    let t = Test::new();
    let mut init = git2::RepositoryInitOptions::new();
    init.initial_head("main");
    git2::Repository::init_opts(&t.work, &init).unwrap();
    let w = &t.work;
    write(w, "src/lib.rs", LIB_BASE);
    write(
        w,
        "src/main.rs",
        "fn main() {\n    println!(\"{}\", 1);\n}\n",
    );
    write(w, "src/old.rs", "pub fn legacy() {}\n");
    write(w, "table.txt", &table("old"));
    let all = ["src/lib.rs", "src/main.rs", "src/old.rs", "table.txt"];
    commit(w, &all, "feat: start the calculator");
    let repo = git2::Repository::open(w).unwrap();
    let head = repo.head().unwrap().peel_to_commit().unwrap();
    repo.branch("feature", &head, false).unwrap();
    repo.set_head("refs/heads/feature").unwrap();
    write(w, "src/lib.rs", LIB_HEAD);
    write(w, "src/new.rs", "pub fn fresh() -> bool {\n    true\n}\n");
    std::fs::remove_file(w.join("src/old.rs")).unwrap();
    commit_removing(
        w,
        &["src/lib.rs", "src/new.rs"],
        &["src/old.rs"],
        "feat: add sub, drop legacy",
    );
    write(
        w,
        "src/main.rs",
        "fn main() {\n    println!(\"{}\", calc::add(1, 2));\n}\n",
    );
    write(w, "table.txt", &table("new"));
    commit(w, &["src/main.rs", "table.txt"], "fix: print a sum");
    t.args([
        command,
        "--model",
        "claude-sonnet-5-5",
        // One model for every provider's body: the pair may mismatch on purpose.
        "--allow-model-mismatch",
        "--sandbox",
        "generic",
        "--no-section",
        "base",
        "--no-file-tree",
        "--prompt",
        "Review this",
    ])
}

fn fixture(provider: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("fixtures/review/{provider}.json"))
}

/// Every message text of a body, in order, whatever the provider's shape.
fn texts(body: &Value) -> Vec<String> {
    fn text_of(v: &Value) -> String {
        match v {
            Value::String(s) => s.clone(),
            Value::Array(a) => a.iter().map(text_of).collect(),
            Value::Object(m) => ["text", "content", "parts"]
                .iter()
                .filter_map(|k| m.get(*k))
                .map(text_of)
                .collect(),
            _ => String::new(),
        }
    }
    // Raw bodies are the message list itself.
    let list = body
        .get("messages")
        .or_else(|| body.get("contents"))
        .unwrap_or(body)
        .as_array()
        .unwrap();
    list.iter().map(text_of).collect()
}

/// The review block's text (after its header) in an OpenAI-shaped body.
fn review_text(stdout: &str) -> String {
    let body: Value = serde_json::from_str(stdout).unwrap();
    let all = texts(&body);
    let at = all.iter().position(|t| t.starts_with(HEADER)).unwrap();
    assert_eq!(all[at + 1], REPLY);
    all[at][HEADER.len()..].to_string()
}

/// The first fenced diff after `heading` in the review text, with its closing newline.
fn section_diff(review: &str, heading: &str) -> Option<String> {
    let start = review.find(heading)?;
    let rest = &review[start..];
    let open = rest.find("```diff\n")? + "```diff\n".len();
    let close = rest[open..]
        .find("\n```\n")
        .or_else(|| rest[open..].find("\n```"))?;
    Some(format!("{}\n", &rest[open..open + close]))
}

const REVERSE: &str = "## Reverse Diffs (selected files)";
const FORWARD: &str = "## Diffs (other changed files)";

#[test]
fn golden_bodies_for_every_provider() {
    let t = repo();
    let mut failures = Vec::new();
    for provider in PROVIDERS {
        let run = t.run_with(&[
            "--review",
            "main..",
            "--file",
            "src/lib.rs",
            "--provider",
            provider,
        ]);
        let got = run.ok().replace(&t.root.display().to_string(), "<ROOT>");
        if let Err(e) = common::golden::check(&fixture(provider), &got, "review") {
            failures.push(format!("{provider}: {e}"));
        }
        let body: Value = serde_json::from_str(&got).unwrap();
        let all = texts(&body);
        let review = all.iter().position(|t| t.starts_with(HEADER)).unwrap();
        let working = all
            .iter()
            .position(|t| t.starts_with("# Working Files"))
            .unwrap();
        // Between the URL context (none here) and the working files, with its reply.
        assert_eq!((all[review + 1].as_str(), working), (REPLY, review + 2));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The branch's review against `main`, with `src/lib.rs` selected, as an OpenAI body.
const REVIEW_MAIN_SELECTING_LIB: [&str; 6] = [
    "--review",
    "main..",
    "--file",
    "src/lib.rs",
    "--provider",
    "openai",
];

#[test]
fn the_block_holds_summary_log_files_map_and_diffs() {
    let t = repo();
    let out = t.run_with(&REVIEW_MAIN_SELECTING_LIB);
    let review = review_text(out.ok());
    let lines: Vec<&str> = review.lines().take(11).collect();
    assert_eq!(lines[0].split(" (").next(), Some("## Review: feature"));
    assert_eq!(lines[1].split(" at ").next(), Some("Base: main"));
    assert_eq!(lines[2], "2 commits, 5 files changed, +707 -705");
    assert_eq!(lines[4], "## Commits");
    assert!(
        lines[5].ends_with(" feat: add sub, drop legacy (Test)"),
        "{review}"
    );
    assert!(lines[6].ends_with(" fix: print a sum (Test)"), "{review}");
    assert!(review.contains(
        "## Files Changed\nM src/lib.rs (+3 -3) [selected]\nM src/main.rs (+1 -1)\n\
         A src/new.rs (+3 -0)\nD src/old.rs (+0 -1)\nM table.txt (+700 -700)\n"
    ));
    // The map of the base: `Calc` and `legacy` are gone at the head, not here.
    assert!(review.contains("src/lib.rs:\n"), "{review}");
    assert!(review.contains("c Calc:7\n"), "{review}");
    assert!(review.contains("src/old.rs:\nf legacy():1\n"), "{review}");
    assert!(!review.contains("f sub("), "{review}");
    assert!(review.contains("# c=class m=method f=function"), "{review}");
    // The table's diff is cut; what was left out is said.
    assert!(
        review.contains("The diff is cut at 24000 bytes"),
        "{review}"
    );
    assert!(review.contains("from table.txt (in part)."), "{review}");
}

/// The diffs are what git itself prints, byte for byte: the reverse diff is `git diff
/// -R BASE -- FILE` (the working copy back to the base), the forward diffs `git diff
/// BASE HEAD` for the other files, cut at a line.
#[test]
fn the_diffs_are_what_git_diff_prints() {
    let t = repo();
    let out = t.run_with(&REVIEW_MAIN_SELECTING_LIB);
    let review = review_text(out.ok());
    let reverse = git_output(
        &t.work,
        &t.home,
        &["diff", "-R", "main", "--", "src/lib.rs"],
    );
    assert_eq!(section_diff(&review, REVERSE).unwrap(), reverse);
    let others = ["src/main.rs", "src/new.rs", "src/old.rs", "table.txt"];
    let mut args = vec!["diff", "main", "HEAD", "--"];
    args.extend(others);
    let forward = git_output(&t.work, &t.home, &args);
    let ours = section_diff(&review, FORWARD).unwrap();
    assert!(
        ours.len() <= 24_000 && ours.len() > 20_000,
        "{}",
        ours.len()
    );
    assert!(
        forward.starts_with(&ours),
        "the cut diff is git's, cut at a line"
    );
    assert!(ours.contains("diff --git a/src/old.rs b/src/old.rs\ndeleted file mode"));

    // Nothing cut: without the table, the forward diff is git's whole.
    let small = t.run_with(&[
        "--review",
        "main..",
        "--file",
        "src/lib.rs",
        "--file",
        "table.txt",
        "--provider",
        "openai",
    ]);
    let review = review_text(small.ok());
    let forward = git_output(
        &t.work,
        &t.home,
        &[
            "diff",
            "main",
            "HEAD",
            "--",
            "src/main.rs",
            "src/new.rs",
            "src/old.rs",
        ],
    );
    assert_eq!(section_diff(&review, FORWARD).unwrap(), forward);
    assert!(!review.contains("The diff is cut"), "{review}");
}

/// `--review-worktree`: the working tree against HEAD (or a base), uncommitted changes
/// only; its diffs are `git diff [-R] HEAD`'s.
#[test]
fn the_working_tree_is_reviewed_against_head_or_a_base() {
    let t = repo();
    write(&t.work, "src/lib.rs", &format!("{LIB_HEAD}// checked\n"));
    write(&t.work, "src/main.rs", "fn main() {}\n");
    let out = t.run_with(&[
        "--review-worktree",
        "--file",
        "src/lib.rs",
        "--provider",
        "openai",
    ]);
    let review = review_text(out.ok());
    assert!(review.contains("→ working tree)\n"), "{review}");
    assert!(
        review.contains("\n0 commits, 2 files changed, +2 -3\n"),
        "{review}"
    );
    assert!(!review.contains("## Commits"), "{review}");
    let reverse = git_output(
        &t.work,
        &t.home,
        &["diff", "-R", "HEAD", "--", "src/lib.rs"],
    );
    assert_eq!(section_diff(&review, REVERSE).unwrap(), reverse);
    let forward = git_output(&t.work, &t.home, &["diff", "HEAD", "--", "src/main.rs"]);
    assert_eq!(section_diff(&review, FORWARD).unwrap(), forward);
    // With a base: the branch's commits and the uncommitted changes together.
    let out = t.run_with(&[
        "--review",
        "main",
        "--review-worktree",
        "--provider",
        "openai",
    ]);
    let review = review_text(out.ok());
    assert!(
        review.contains("\n2 commits, 5 files changed, "),
        "{review}"
    );
}

#[test]
fn the_default_base_is_the_default_branch() {
    let t = repo();
    let named = review_text(
        t.run_with(&["--review", "main..HEAD", "--provider", "openai"])
            .ok(),
    );
    let default = review_text(t.run_with(&["--review", "--provider", "openai"]).ok());
    assert_eq!(default, named);
}

#[test]
fn bad_ranges_and_places_fail_with_what_to_pass() {
    let t = repo();
    let err = t.run_with(&["--review", "nope.."]).fails().to_string();
    assert!(
        err.contains("--review: BASE 'nope' is not a commit"),
        "{err}"
    );
    assert!(err.contains("--review BASE..HEAD"), "{err}");
    let err = t.run_with(&["--review", "main..nope"]).fails().to_string();
    assert!(err.contains("HEAD 'nope' is not a commit"), "{err}");
    let err = t.run_with(&["--review", "main...HEAD"]).fails().to_string();
    assert!(err.contains("use BASE..HEAD (two dots)"), "{err}");
    let err = t
        .run_with(&["--review", "main..HEAD", "--review-worktree"])
        .fails()
        .to_string();
    assert!(err.contains("give only a base"), "{err}");
    let err = t.run_with(&["--review", "feature.."]).fails().to_string();
    assert!(err.contains("nothing to review"), "{err}");
    assert!(err.contains("--review HEAD~3.."), "{err}");

    let outside = Test::new().args(["messages", "--prompt", "p", "--review"]);
    let err = outside.run().fails().to_string();
    assert!(err.contains("is not in a git repository"), "{err}");

    // A branch with no upstream and no main or master: say what to pass.
    let lone = Test::new();
    let mut init = git2::RepositoryInitOptions::new();
    init.initial_head("work");
    git2::Repository::init_opts(&lone.work, &init).unwrap();
    write(&lone.work, "a.txt", "a\n");
    commit(&lone.work, &["a.txt"], "first");
    let err = lone
        .args(["messages", "--prompt", "p", "--review"])
        .run()
        .fails()
        .to_string();
    assert!(err.contains("no base to compare with"), "{err}");
    assert!(err.contains("pass one: --review BASE.."), "{err}");
}

/// The block is made for each request and never in a cached tier: in a session it stays
/// after every tier's marker (the moving marker before the prompt aside, which caches
/// the whole active content), and `context` shows it in the active row. `--flat` keeps
/// the flat order.
#[test]
fn the_block_is_active_in_sessions_context_and_flat() {
    let t = repo();
    let args = [
        "--review",
        "main..",
        "--file",
        "src/lib.rs",
        "--provider",
        "anthropic",
    ];
    for _ in 0..4 {
        let body: Value =
            serde_json::from_str(t.run_with(&[&args[..], &["--session", "s"]].concat()).ok())
                .unwrap();
        let messages = body["messages"].as_array().unwrap();
        let at = messages
            .iter()
            .position(|m| m.to_string().contains("# Code Review Context"))
            .unwrap();
        let marked: Vec<usize> = (0..messages.len())
            .filter(|i| messages[*i].to_string().contains("cache_control"))
            .collect();
        assert!(
            marked.iter().all(|i| *i < at || *i == messages.len() - 2),
            "{marked:?} {at}"
        );
        assert!(!messages[at].to_string().contains("cache_control"));
    }
    let shown = world("context").run_with(&args).ok().to_string();
    let active = shown.lines().find(|l| l.starts_with("active")).unwrap();
    assert!(active.contains("review, 1 file"), "{active}");

    let flat: Value =
        serde_json::from_str(t.run_with(&[&args[..], &["--flat"]].concat()).ok()).unwrap();
    let order: Vec<String> = texts(&flat)
        .iter()
        .map(|t| t.lines().next().unwrap_or_default().to_string())
        .collect();
    let at = |prefix: &str| order.iter().position(|l| l.starts_with(prefix)).unwrap();
    assert!(at(HEADER.trim_end()) < at("# Working Files"), "{order:?}");
    assert_eq!(order[at(HEADER.trim_end()) + 1], REPLY);
}

/// The pre-change map's cap docs/requests.md states: "at most 16000 bytes of whole blocks".
const MAP_CAP: usize = 16_000;
const MAP_HEADING: &str = "## Pre-Change Symbol Map\n";

/// The pre-change map holds whole blocks up to the documented cap, and says how many it
/// left out: 40 changed files of about 1.3 KB of blocks each are more than it holds.
#[test]
fn the_pre_change_map_stops_at_16000_bytes() {
    let t = Test::new();
    let mut init = git2::RepositoryInitOptions::new();
    init.initial_head("main");
    git2::Repository::init_opts(&t.work, &init).unwrap();
    let files: Vec<String> = (0..40).map(|f| format!("src/f{f:02}.rs")).collect();
    let paths: Vec<&str> = files.iter().map(String::as_str).collect();
    for (f, path) in files.iter().enumerate() {
        let text: String = (0..20)
            .map(|n| format!("pub fn file_{f:02}_function_number_{n:02}_with_a_long_name() {{}}\n"))
            .collect();
        write(&t.work, path, &text);
    }
    commit(&t.work, &paths, "feat: many functions");
    for path in &files {
        let old = std::fs::read_to_string(t.work.join(path)).unwrap();
        write(&t.work, path, &format!("{old}// changed\n"));
    }
    commit(&t.work, &paths, "fix: touch every file");
    let out = t.args(["messages", "--model", "gpt-5.4", "--provider", "openai"]);
    let review = review_text(
        out.run_with(&["--prompt", "Review", "--review", "HEAD~1"])
            .ok(),
    );
    let start = review.find(MAP_HEADING).expect("a pre-change map") + MAP_HEADING.len();
    let rest = &review[start..];
    let map = &rest[..rest.find("\n## ").unwrap_or(rest.len())];
    let (blocks, note) = map
        .rsplit_once("\n\n(")
        .expect("a note of what was left out");
    assert!(
        note.ends_with(&format!("left out: over {MAP_CAP} bytes.)\n")),
        "{note}"
    );
    // The intro (up to its blank line) is not the map's; the legend and blocks are, and
    // one more block (about 1.3 KB) would not have fitted.
    let held = blocks.split_once("\n\n").unwrap().1.len() + 1;
    assert!(held <= MAP_CAP && held > MAP_CAP - 2_000, "{held} bytes");
}
