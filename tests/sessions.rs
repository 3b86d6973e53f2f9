//! Sessions through the binary: tiers climbing across runs of `messages --session`, where
//! the state lives, `--no-update`, `--tier`, bad names and corrupt state, concurrent runs,
//! and the `context` table and JSON.

mod common;
use std::path::{Path, PathBuf};

use common::Test;

/// A git project with two files and a small, fixed system prompt, so counts are stable.
fn project() -> Test {
    Test::new()
        .git()
        .file("a.rs", "fn a() {}\n")
        .file("b.rs", "fn b() {}\n")
        .file("system.md", "You are a coding agent.\n")
        .file(".asimi/templates/system_reminder.md", "Be brief.")
        .env("ASIMI_SYSTEM_MD", "system.md")
        .env("ASIMI_PROMPT_SANDBOX", "0")
        .env("ASIMI_PROMPT_GIT", "0")
}

const BASE: &[&str] = &[
    "messages",
    "--model",
    "claude-sonnet-4-5",
    "--no-file-tree",
    "--prompt",
    "hi",
    "--file",
    "a.rs",
    "b.rs",
];

fn messages(t: &Test, extra: &[&str]) -> common::Run {
    let args: Vec<&str> = BASE.iter().chain(extra).copied().collect();
    t.run_with(&args)
}

fn state(t: &Test, name: &str) -> PathBuf {
    t.work.join(".asimi/state").join(format!("{name}.json"))
}

fn unchanged(path: &Path, key: &str) -> u64 {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    json["items"][key]["unchanged"].as_u64().unwrap()
}

#[test]
fn files_climb_to_l3_after_three_unchanged_runs() {
    let t = project();
    for run in 0..4 {
        let out = messages(&t, &["--session", "s"]);
        let body = out.ok();
        let in_l3 = body.contains("# Reference Files (L3)");
        assert_eq!(in_l3, run == 3, "run {run}:\n{body}");
        assert_eq!(body.contains("# Working Files"), run < 3, "run {run}");
    }
    let path = state(&t, "s");
    assert_eq!(unchanged(&path, "file:a.rs"), 3);
    // The state stays out of the project's commits.
    assert_eq!(
        std::fs::read_to_string(path.with_file_name(".gitignore")).unwrap(),
        "*\n"
    );
    // A changed file goes back to the working files; the other stays.
    std::fs::write(t.work.join("a.rs"), "fn a() { changed() }\n").unwrap();
    let body = messages(&t, &["--session", "s"]).ok().to_string();
    let working = body.find("# Working Files").expect("a.rs is active again");
    assert!(body[working..].contains("a.rs"));
    assert!(body.contains("# Reference Files (L3)"));
    assert_eq!(unchanged(&path, "file:a.rs"), 0);
    assert_eq!(unchanged(&path, "file:b.rs"), 4);
}

/// The tier of `a.rs` in a request body, from the header its block sits under.
fn tier_of_a(body: &str) -> &'static str {
    let at = body.find("a.rs\\n```").expect("a.rs is in the request");
    let before = &body[..at];
    let headers = [
        ("L0", "# Reference Files (Stable)"),
        ("L1", "# Reference Files\\n\\nThese"),
        ("L2", "# Reference Files (L2)"),
        ("L3", "# Reference Files (L3)"),
        ("active", "# Working Files"),
    ];
    headers
        .iter()
        .filter_map(|(tier, header)| before.rfind(header).map(|i| (i, *tier)))
        .max()
        .map(|(_, tier)| tier)
        .expect("a.rs sits under a files header")
}

#[test]
fn an_unchanged_file_climbs_every_tier_in_thirteen_runs_and_falls_back_when_edited() {
    let t = project();
    let tiers: Vec<&str> = (0..13)
        .map(|_| tier_of_a(messages(&t, &["--session", "climb"]).ok()))
        .collect();
    assert_eq!(
        tiers,
        [
            "active", "active", "active", "L3", "L3", "L3", "L2", "L2", "L2", "L1", "L1", "L1",
            "L0"
        ]
    );
    std::fs::write(t.work.join("a.rs"), "fn a() { edited() }\n").unwrap();
    assert_eq!(
        tier_of_a(messages(&t, &["--session", "climb"]).ok()),
        "active"
    );
}

#[test]
fn no_update_records_nothing() {
    let t = project();
    messages(&t, &["--session", "s"]).ok();
    let before = std::fs::read_to_string(state(&t, "s")).unwrap();
    for _ in 0..3 {
        messages(&t, &["--session", "s", "--no-update"]).ok();
    }
    assert_eq!(std::fs::read_to_string(state(&t, "s")).unwrap(), before);
    // Without a session nothing is written at all.
    let t = project();
    messages(&t, &[]).ok();
    assert!(!t.work.join(".asimi/state").exists());
}

#[test]
fn tier_pins_an_item() {
    let t = project();
    let body = messages(&t, &["--tier", "a.rs=L1"]).ok().to_string();
    let l1 = body.find("# Reference Files\\n").expect("an L1 block");
    let working = body.find("# Working Files").unwrap();
    let a = body.find("a.rs\\n```").unwrap();
    let b = body.find("b.rs\\n```").unwrap();
    assert!(l1 < a && a < working && working < b, "{body}");

    let err = messages(&t, &["--tier", "c.rs=L1"]).fails().to_string();
    assert!(err.contains("'file:c.rs' is not in this request"), "{err}");
    let err = messages(&t, &["--tier", "a.rs=L5"]).fails().to_string();
    assert!(err.contains("unknown tier 'L5'"), "{err}");
}

#[test]
fn bad_session_names_and_corrupt_state_are_errors() {
    let t = project();
    let err = messages(&t, &["--session", "../x"]).fails().to_string();
    assert!(err.contains("--session '../x'"), "{err}");

    let path = state(&t, "s");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, "{oops").unwrap();
    let err = messages(&t, &["--session", "s"]).fails().to_string();
    assert!(
        err.contains(&format!("session state '{}' is not valid", path.display())),
        "{err}"
    );
    assert!(err.contains("delete it"), "{err}");
    // A preview goes on without it, and leaves it alone.
    let out = messages(&t, &["--session", "s", "--no-update"]);
    out.ok();
    assert!(out.stderr.contains("going on without it"), "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{oops");
}

#[test]
fn state_outside_a_project_and_its_override() {
    // No git repository and no .asimi/: the user state directory.
    let t = Test::new()
        .file("a.rs", "fn a() {}\n")
        .file("b.rs", "fn b() {}\n")
        .file("system.md", "S\n");
    messages(&t, &["--session", "u"]).ok();
    assert!(t
        .home
        .join(".local/state/asimi-prompt/state/u.json")
        .is_file());

    let t = project();
    let mut args: Vec<String> = BASE.iter().map(|s| s.to_string()).collect();
    args.extend(["--session".to_string(), "o".to_string()]);
    let mut cmd = assert_cmd::Command::cargo_bin("asimi-prompt").unwrap();
    let out = cmd
        .env_clear()
        .env("HOME", &t.home)
        .env("ASIMI_SYSTEM_MD", "system.md")
        .env("ASIMI_STATE_DIR", t.root.join("elsewhere"))
        .current_dir(&t.work)
        .args(&args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(t.root.join("elsewhere/o.json").is_file());
    assert!(!state(&t, "o").exists());
}

#[test]
fn concurrent_runs_lose_no_update() {
    let t = project();
    let runs = 6;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..runs)
            .map(|_| s.spawn(|| messages(&t, &["--session", "c"]).code))
            .collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), 0);
        }
    });
    // Each process read the state the one before it wrote.
    assert_eq!(unchanged(&state(&t, "c"), "file:a.rs"), runs - 1);
}

fn context(t: &Test, extra: &[&str]) -> common::Run {
    let mut args: Vec<String> = BASE.iter().map(|s| s.to_string()).collect();
    args[0] = "context".to_string();
    args.extend(extra.iter().map(|s| s.to_string()));
    t.run_with(&args)
}

/// A system prompt just over Sonnet's 1024-token minimum, so L0 gets a marker.
fn big_project() -> Test {
    project().file("system.md", "word ".repeat(1100))
}

const TABLE_FIRST: &str = "\
model claude-sonnet-4-5 (anthropic; from --model); tokens estimated with o200k_base (anthropic models use their own tokenizer)
minimum cacheable prefix: 1024 tokens

tier      tokens   prefix  marker  holds
L0          1100     1100  yes     system
L1             0     1100  -       -
L2             0     1100  -       -
L3             0     1100  -       -
active        37     1137  -       2 files, prompt
total       1137
limit     178667  (context window 200000 minus 21333 for output)

cache reuse: session 's' has no previous request
";

#[test]
fn context_table() {
    let t = big_project();
    assert_eq!(context(&t, &["--session", "s"]).ok(), TABLE_FIRST);
    // `context` records nothing.
    assert!(!state(&t, "s").exists());
    for _ in 0..3 {
        messages(&t, &["--session", "s"]).ok();
    }
    let table = context(&t, &["--session", "s"]).ok().to_string();
    let expect = "\
L0          1100     1100  yes     system
L1             0     1100  -       -
L2             0     1100  -       -
L3            37     1137  yes     2 files
active         5     1142  -       prompt
total       1142
limit     178667  (context window 200000 minus 21333 for output)

cache reuse after the previous request of session 's': 1100 of 1142 tokens (96%), through the L0 marker
";
    assert!(table.ends_with(expect), "{table}");
    // Without a session everything is active.
    let table = context(&t, &[]).ok().to_string();
    assert!(table.ends_with("cache reuse: no session (pass --session NAME to predict it)\n"));
    assert!(table.contains("active        37"), "{table}");
}

#[test]
fn context_json() {
    let t = big_project();
    let out = context(&t, &["--json"]).ok().to_string();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let holds = |system: bool, files: u64, prompt: bool| {
        serde_json::json!({"system": system, "legend": false, "symbols": 0, "files": files,
                           "history": 0, "tree": null, "urls": 0, "prompt": prompt,
                           "images": 0})
    };
    let row = |tier: &str, tokens: u64, prefix: u64, marker: bool, h: serde_json::Value| {
        serde_json::json!({"tier": tier, "tokens": tokens, "prefix_tokens": prefix,
                           "holds": h, "marker": marker, "too_short": false})
    };
    let expect = serde_json::json!({
        "model": "claude-sonnet-4-5",
        "model_source": "--model",
        "provider": "anthropic",
        "markers": true,
        "tokenizer": "o200k_base",
        "estimate": true,
        "min_cache_tokens": 1024,
        "tiers": [
            row("L0", 1100, 1100, true, holds(true, 0, false)),
            row("L1", 0, 1100, false, holds(false, 0, false)),
            row("L2", 0, 1100, false, holds(false, 0, false)),
            row("L3", 0, 1100, false, holds(false, 0, false)),
            row("active", 37, 1137, false, holds(false, 2, true)),
        ],
        "total_tokens": 1137,
        "context_window": 200000,
        "output_tokens": 21333,
        "limit_tokens": 178667,
        "fits": true,
        "session": null,
        "reuse": null,
    });
    assert_eq!(json, expect, "{out}");
    // With a session and a previous request, `reuse` says how much and through which tier.
    messages(&t, &["--session", "j"]).ok();
    let out = context(&t, &["--json", "--session", "j"]).ok().to_string();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&json["session"], &json["reuse"]),
        (
            &serde_json::json!("j"),
            &serde_json::json!({"tokens": 1100, "through": "L0"})
        )
    );
    // OpenAI models are counted, not estimated.
    let mut args: Vec<String> = BASE.iter().map(|s| s.to_string()).collect();
    args[0] = "context".to_string();
    args[2] = "gpt-4o".to_string();
    args.push("--json".to_string());
    let out = t.run_with(&args).ok().to_string();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["estimate"], false);
}
