//! Sessions through the binary: tiers climbing across runs of `messages --session`, where
//! the state lives, `--no-update`, `--tier`, bad names and corrupt state, concurrent runs,
//! and the `context` table and JSON.

use crate::common;
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
    "claude-sonnet-5-5",
    // The system prompt is the project's system.md alone, so the counts below are its.
    "--no-sanity",
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
    // b.rs is edited before every run, so the working files change each time and moving
    // a.rs out of them costs no extra cache write.
    for run in 0..4 {
        std::fs::write(t.work.join("b.rs"), format!("fn b() {{ {run} }}\n")).unwrap();
        let out = messages(&t, &["--session", "s"]);
        let body = out.ok();
        let in_l3 = body.contains("# Reference Files (L3)");
        assert_eq!(in_l3, run == 3, "run {run}:\n{body}");
        assert!(body.contains("# Working Files"), "run {run}");
    }
    let path = state(&t, "s");
    assert_eq!(unchanged(&path, "file:a.rs"), 3);
    assert_eq!(unchanged(&path, "file:b.rs"), 0);
    // The state stays out of the project's commits.
    assert_eq!(
        std::fs::read_to_string(path.with_file_name(".gitignore")).unwrap(),
        "*\n"
    );
    // A changed file goes back to the working files.
    std::fs::write(t.work.join("a.rs"), "fn a() { changed() }\n").unwrap();
    let body = messages(&t, &["--session", "s"]).ok().to_string();
    let working = body.find("# Working Files").expect("a.rs is active again");
    assert!(body[working..].contains("a.rs"));
    assert!(!body.contains("# Reference Files (L3)"));
    assert_eq!(unchanged(&path, "file:a.rs"), 0);
    assert_eq!(unchanged(&path, "file:b.rs"), 1);
}

#[test]
fn the_file_tree_climbs_while_it_stays_the_same_and_falls_back_when_a_file_is_added() {
    let t = project();
    // The tree lists what git tracks.
    let track = || common::track_all(&t.work);
    track();
    let with_tree = [&BASE[..4], &["--file-tree", "--session", "s"], &BASE[5..]].concat();
    // The message the tree is in: its own (active), or a cached tier's after its files.
    let tree_message = || {
        let body: serde_json::Value = serde_json::from_str(t.run_with(&with_tree).ok()).unwrap();
        let texts: Vec<String> = body["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["content"].as_str().unwrap_or_default().to_string())
            .collect();
        let at = texts
            .iter()
            .position(|m| m.contains("# Repository Files"))
            .unwrap();
        let working = texts.iter().position(|m| m.starts_with("# Working Files"));
        assert!(
            working.is_some_and(|w| at < w),
            "the tree precedes the working files"
        );
        texts[at].clone()
    };
    // The tree is active until it has come back unchanged three times; b.rs's edits
    // rewrite the active part anyway, so it then moves to L3, after the tier's files.
    for run in 0..4 {
        std::fs::write(t.work.join("b.rs"), format!("fn b() {{ {run} }}\n")).unwrap();
        let message = tree_message();
        let cached = message.starts_with("# Reference Files (L3)");
        assert_eq!(cached, run == 3, "run {run}: {message}");
        assert_eq!(
            !cached,
            message.starts_with("# Repository Files"),
            "{message}"
        );
    }
    assert_eq!(unchanged(&state(&t, "s"), "tree"), 3);
    // A new file changes the tree: it is active again.
    std::fs::write(t.work.join("c.rs"), "fn c() {}\n").unwrap();
    track();
    assert!(tree_message().starts_with("# Repository Files"));
    assert_eq!(unchanged(&state(&t, "s"), "tree"), 0);
}

/// The session's items, by key.
fn items(t: &Test, name: &str) -> serde_json::Map<String, serde_json::Value> {
    let text = std::fs::read_to_string(state(t, name)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["items"].as_object().unwrap().clone()
}

#[test]
fn a_file_that_joins_the_working_set_keeps_its_block_in_its_tier_until_the_block_changes() {
    let t = project();
    let run = |files: &[&str]| {
        let args = [&BASE[..8], files, &["--session", "s"]].concat();
        t.run_with(&args).ok().to_string()
    };
    // a.rs is not a working file: its block is in the map, in a cached tier.
    common::track_all(&t.work);
    run(&["b.rs"]);
    let held = items(&t, "s")["symbol:a.rs"]["tier"].clone();
    assert_ne!(held, "active");
    // It joins the working set: sent in full, and its block stays where it was, since
    // dropping it would rewrite that tier and everything after it.
    let body = run(&["a.rs", "b.rs"]);
    assert!(body.contains("# Working Files"), "{body}");
    assert_eq!(items(&t, "s")["symbol:a.rs"]["tier"], held);
    // Its block changes: the tier is rewritten anyway, and the block goes.
    std::fs::write(t.work.join("a.rs"), "fn a() {}\nfn a2() {}\n").unwrap();
    let body = run(&["a.rs", "b.rs"]);
    assert!(!items(&t, "s").contains_key("symbol:a.rs"), "{body}");
    assert!(!body.contains("f a2()"), "no block shows a2: {body}");
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
fn an_unchanged_request_keeps_its_layout_and_a_change_moves_stable_files() {
    let t = big_project();
    // Nothing changes: the whole request stays as it was (the moving marker caches it).
    let tiers: Vec<&str> = (0..13)
        .map(|_| tier_of_a(messages(&t, &["--session", "climb"]).ok()))
        .collect();
    assert_eq!(tiers, ["active"; 13]);
    let body = messages(&t, &["--session", "climb"]).ok().to_string();
    // One marker closes L0 (the system prompt), the moving one the last message.
    assert_eq!(body.matches("cache_control").count(), 2, "{body}");
    // b.rs is edited: the working files are rewritten anyway, so a.rs moves to L3.
    std::fs::write(t.work.join("b.rs"), "fn b() { edited() }\n").unwrap();
    assert_eq!(tier_of_a(messages(&t, &["--session", "climb"]).ok()), "L3");
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
    // No git repository and no .asimi/: the user state directory, a directory per project,
    // so two directories' sessions of one name stay apart.
    let mut t = Test::new();
    for dir in ["one/app", "two/app"] {
        t = t
            .file(&format!("{dir}/a.rs"), "fn a() {}\n")
            .file(&format!("{dir}/b.rs"), "fn b() {}\n")
            .file(&format!("{dir}/system.md"), "S\n");
    }
    let t = t.cwd("one/app");
    messages(&t, &["--session", "u"]).ok();
    let t = t.cwd("two/app");
    messages(&t, &["--session", "u"]).ok();
    let user_state = common::platform::state_base(&t.home).join(common::platform::APP_DIR);
    let projects: Vec<String> = std::fs::read_dir(user_state.join("state"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(projects.len(), 2, "{projects:?}");
    for p in &projects {
        assert!(p.starts_with("app-"), "{p}");
        let state = user_state.join("state").join(p).join("u.json");
        assert_eq!(unchanged(&state, "file:a.rs"), 0, "{}", state.display());
    }

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
    // Big enough for the moving marker, so unchanged files stay active and keep counting.
    let t = big_project();
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

/// A system prompt over Sonnet 5.5's 512-token minimum, so L0 gets a marker.
fn big_project() -> Test {
    project().file("system.md", "word ".repeat(1100))
}

const TABLE_FIRST: &str = "\
model claude-sonnet-5-5 (anthropic; from --model); tokens estimated with o200k_base (anthropic models use their own tokenizer)
minimum cacheable prefix: 512 tokens

tier      tokens   prefix  marker  holds
L0          1100     1100  yes     system
L1             0     1100  -       -
L2             0     1100  -       -
L3             0     1100  -       -
active        37     1137  moving  2 files, prompt
total       1137
limit     978667  (context window 1000000 minus 21333 for output)

cache reuse: session 's' has no previous request

usage of session 's': no replies recorded: pipe each response into `asimi-prompt reply --session NAME` to set the provider's usage beside the prediction
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
    // The same request again: the moving marker before the prompt wrote all of it but
    // the prompt. Without the session, the marker on the system prompt is all there is.
    let table = context(&t, &["--session", "s"]).ok().to_string();
    let expect = "\
active        37     1137  moving  2 files, prompt
total       1137
limit     978667  (context window 1000000 minus 21333 for output)

cache reuse after the previous request of session 's': 1132 of 1137 tokens read (99%), through the moving marker; 0 written, 5 uncached; cost 0.10x of no caching
cache reuse of the same requests without a session: 1100 of 1137 tokens read (96%); 0 written, 37 uncached; cost 0.13x of no caching

usage of session 's': no replies recorded: pipe each response into `asimi-prompt reply --session NAME` to set the provider's usage beside the prediction
";
    assert!(table.ends_with(expect), "{table}");
    // b.rs changes: a.rs, unchanged three times, moves to L3 (the working files are
    // rewritten anyway); the system prompt is still read.
    std::fs::write(t.work.join("b.rs"), "fn b() { edited() }\n").unwrap();
    let table = context(&t, &["--session", "s"]).ok().to_string();
    let expect = "\
L0          1100     1100  yes     system
L1             0     1100  -       -
L2             0     1100  -       -
L3            26     1126  yes     1 file
active        29     1155  moving  1 file, prompt
total       1155
limit     978667  (context window 1000000 minus 21333 for output)

cache reuse after the previous request of session 's': 1100 of 1155 tokens read (95%), through the L0 marker; 50 written, 5 uncached; cost 0.15x of no caching
read less than the request before (95% against 99%); first change: file:a.rs (entered L3); 55 tokens from there on are sent again
cache reuse of the same requests without a session: 1100 of 1140 tokens read (96%); 0 written, 40 uncached; cost 0.13x of no caching

usage of session 's': no replies recorded: pipe each response into `asimi-prompt reply --session NAME` to set the provider's usage beside the prediction
";
    assert!(table.ends_with(expect), "{table}");
    let json: serde_json::Value =
        serde_json::from_str(context(&t, &["--session", "s", "--json"]).ok()).unwrap();
    assert_eq!(
        json["read_drop"],
        serde_json::json!({"share_before": 99, "share": 95,
                           "first_change": "file:a.rs (entered L3)", "sent_again": 55})
    );
    // Without a session everything is active.
    let table = context(&t, &[]).ok().to_string();
    assert!(table.ends_with("cache reuse: no session (pass --session NAME to predict it)\n"));
    assert!(
        table.contains("active        40     1140  -       2 files"),
        "{table}"
    );
}

#[test]
fn context_json() {
    let t = big_project();
    let out = context(&t, &["--json"]).ok().to_string();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let holds = |system: bool, files: u64, prompt: bool| {
        serde_json::json!({"system": system, "legend": false, "symbols": 0, "files": files,
                           "history": 0, "tree": null, "urls": 0, "review": false, "prompt": prompt,
                           "images": 0})
    };
    let row = |tier: &str, tokens: u64, prefix: u64, marker: bool, h: serde_json::Value| {
        serde_json::json!({"tier": tier, "tokens": tokens, "prefix_tokens": prefix,
                           "holds": h, "marker": marker, "too_short": false})
    };
    let expect = serde_json::json!({
        "model": "claude-sonnet-5-5",
        "model_source": "--model",
        "provider": "anthropic",
        "markers": true,
        "flat": false,
        "tokenizer": "o200k_base",
        "estimate": true,
        "min_cache_tokens": 512,
        "tiers": [
            row("L0", 1100, 1100, true, holds(true, 0, false)),
            row("L1", 0, 1100, false, holds(false, 0, false)),
            row("L2", 0, 1100, false, holds(false, 0, false)),
            row("L3", 0, 1100, false, holds(false, 0, false)),
            row("active", 37, 1137, false, holds(false, 2, true)),
        ],
        "total_tokens": 1137,
        "context_window": 1000000,
        "output_tokens": 21333,
        "limit_tokens": 978667,
        "fits": true,
        "session": null,
        "reuse": null,
        "reuse_without_session": null,
    });
    assert_eq!(json, expect, "{out}");
    // With a session and a previous request, `reuse` says how much and through which
    // tier, and `reuse_without_session` what the same requests would read without it.
    messages(&t, &["--session", "j"]).ok();
    let out = context(&t, &["--json", "--session", "j"]).ok().to_string();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (
            &json["session"],
            &json["reuse"],
            &json["reuse_without_session"]
        ),
        (
            &serde_json::json!("j"),
            // The same request again: all but the prompt read, through the moving marker.
            &serde_json::json!({"tokens": 1132, "through": "active", "written": 0,
                                "uncached": 5, "input_tokens": 1137, "relative_cost": 0.104,
                                "rule": "breakpoints"}),
            &serde_json::json!({"tokens": 1100, "through": null, "written": 0,
                                "uncached": 37, "input_tokens": 1137, "relative_cost": 0.129,
                                "rule": "breakpoints"})
        )
    );
    // OpenAI models are counted, not estimated.
    let mut args: Vec<String> = BASE.iter().map(|s| s.to_string()).collect();
    args[0] = "context".to_string();
    args[2] = "gpt-5.4".to_string();
    args.push("--json".to_string());
    let out = t.run_with(&args).ok().to_string();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["estimate"], false);
    // OpenAI caches on its own: the shared prefix from 1,024 tokens in steps of 128, no
    // writes, cached input at a tenth of the price (gpt-5.4's `cache_price`).
    let mut openai: Vec<String> = BASE.iter().map(|s| s.to_string()).collect();
    openai[2] = "gpt-5.4".to_string();
    openai.extend(["--session".to_string(), "o".to_string()]);
    t.run_with(&openai).ok();
    openai[0] = "context".to_string();
    openai.push("--json".to_string());
    let out = t.run_with(&openai).ok().to_string();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let reuse = &json["reuse"];
    let total = reuse["input_tokens"].as_u64().unwrap();
    assert!((1024..1152).contains(&total), "{out}");
    assert_eq!(
        (
            &reuse["rule"],
            &reuse["tokens"],
            &reuse["written"],
            &reuse["through"]
        ),
        (
            &serde_json::json!("prefix"),
            &serde_json::json!(1024),
            &serde_json::json!(0),
            &serde_json::Value::Null
        ),
        "{out}"
    );
    let cost = (1024.0 * 0.1 + (total - 1024) as f64) / total as f64;
    assert!(
        (reuse["relative_cost"].as_f64().unwrap() - cost).abs() < 0.001,
        "{out}"
    );
}

/// A spec with a symbol map of two blocks, `util` being the second block's body.
fn symbols_spec(util: &str) -> String {
    format!(
        "symbols:\n  legend: \"# f=function\"\n  blocks:\n    \
         src/x.rs: \"src/x.rs:\\n  f x()\"\n    src/util.rs: \"src/util.rs:\\n  {util}\"\n"
    )
}

#[test]
fn a_changed_symbol_block_leaves_the_system_message_alone() {
    // Symbol blocks start in L3, so editing one rewrites L3, not L0 (they once
    // sat in L0's main map, and one change dropped the reuse to 0).
    let t = big_project().file("spec.yaml", symbols_spec("f clamp(x)"));
    for _ in 0..2 {
        let body = messages(&t, &["--session", "sym", "--spec", "spec.yaml"])
            .ok()
            .to_string();
        let l3 = body
            .find("# Repository Structure (continued)")
            .expect("symbols in L3");
        assert!(body[l3..].contains("f clamp(x)"), "{body}");
    }
    std::fs::write(t.work.join("spec.yaml"), symbols_spec("f clamp(x,lo,hi)")).unwrap();
    let out = context(&t, &["--session", "sym", "--spec", "spec.yaml", "--json"])
        .ok()
        .to_string();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["tiers"][3]["holds"]["symbols"], 2, "{out}");
    assert_eq!(json["reuse"]["through"], "L0", "{out}");
    assert!(json["reuse"]["tokens"].as_u64().unwrap() >= 1100, "{out}");
}

#[cfg(unix)]
#[test]
fn state_and_lock_files_are_never_followed_through_symlinks() {
    use std::os::unix::fs::symlink;
    let t = project().home_file("keep.txt", "mine\n");
    let dir = t.work.join(".asimi/state");
    std::fs::create_dir_all(&dir).unwrap();
    // A lock link to a missing file: following it would create that file.
    let target = t.home.join("created-by-asimi");
    symlink(&target, dir.join("s.lock")).unwrap();
    let run = messages(&t, &["--session", "s"]);
    assert_eq!(
        run.fails(),
        format!(
            "asimi-prompt: session state '{}': cannot lock its lock file: '{}' is a symbolic \
             link, which asimi-prompt does not follow here; remove it\n",
            state(&t, "s").display(),
            dir.join("s.lock").display()
        )
    );
    assert!(!target.exists());
    // A state file link would be read, then written through.
    std::fs::remove_file(dir.join("s.lock")).unwrap();
    symlink(t.home.join("keep.txt"), state(&t, "s")).unwrap();
    let run = messages(&t, &["--session", "s"]);
    assert!(
        run.fails().ends_with(&format!(
            "cannot read it: '{}' is a symbolic link, which asimi-prompt does not follow \
             here; remove it\n",
            state(&t, "s").display()
        )),
        "{}",
        run.stderr
    );
    assert_eq!(t.read(&t.home.join("keep.txt")), "mine\n");
    // The project's state directory may not lead out of it; ASIMI_STATE_DIR may.
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::create_dir_all(t.home.join("st")).unwrap();
    symlink(t.home.join("st"), &dir).unwrap();
    let run = messages(&t, &["--session", "s"]);
    assert!(
        run.fails().starts_with(&format!(
            "asimi-prompt: session state directory '{}' is outside the project root",
            dir.display()
        )),
        "{}",
        run.stderr
    );
    let st = t.home.join("st");
    let t = t.env("ASIMI_STATE_DIR", st.display().to_string());
    messages(&t, &["--session", "s"]).ok();
    assert!(st.join("s.json").exists());
}

/// A session recorded before state version 3 (SHA-256 item hashes) keeps its tiers: the
/// first request after the upgrade matches the old hashes and records BLAKE3 ones.
#[test]
fn a_session_recorded_by_version_2_keeps_its_tiers() {
    use asimi_prompt::digest::{blake3_hex, sha256_hex};
    let t = project();
    let edit_b = |run: u32| std::fs::write(t.work.join("b.rs"), format!("fn b() {{ {run} }}\n"));
    for run in 0..4 {
        edit_b(run).unwrap();
        messages(&t, &["--session", "s"]).ok();
    }
    let path = state(&t, "s");
    // What version 2 wrote: the same state, with each file's SHA-256.
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(json["version"], 3);
    json["version"] = 2.into();
    for (key, file) in [("file:a.rs", "a.rs"), ("file:b.rs", "b.rs")] {
        let content = std::fs::read(t.work.join(file)).unwrap();
        json["items"][key]["hash"] = sha256_hex(&content).into();
    }
    std::fs::write(&path, json.to_string()).unwrap();
    edit_b(4).unwrap();
    let body = messages(&t, &["--session", "s"]).ok().to_string();
    assert_eq!(tier_of_a(&body), "L3", "{body}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(json["version"], 3);
    assert_eq!(
        json["items"]["file:a.rs"]["hash"],
        blake3_hex("fn a() {}\n")
    );
    assert_eq!(json["items"]["file:a.rs"]["tier"], "L3");
}

/// A project whose repository map, at a small budget, shows the hubs every file uses,
/// while each `NAME.rs` also calls its own `NAME_helper.rs`, which only the task shows.
fn task_project() -> Test {
    let mut t = big_project();
    for i in 0..8 {
        t = t.file(&format!("hub{i}.rs"), format!("pub fn hub{i}() {{}}\n"));
    }
    for name in ["a", "b", "c", "d"] {
        t = t.file(&format!("{name}.rs"), task_file(name, 0));
        let helper = format!("pub fn {name}_helper() {{}}\n");
        t = t.file(&format!("{name}_helper.rs"), &helper);
    }
    t
}

/// `NAME.rs` of [`task_project`], edited `n` times.
fn task_file(name: &str, n: usize) -> String {
    let hubs: String = (0..8).map(|i| format!("hub{i}(); ")).collect();
    format!("fn {name}() {{ {hubs}{name}_helper(); }} // {n}\n")
}

/// The body of a request of session `s` on [`task_project`] naming `files`, with a map
/// small enough that only the task shows each file's helper.
fn task_request(t: &Test, files: &[&str]) -> String {
    let args = [&BASE[..7], &["--map-tokens", "240", "--file"], files].concat();
    let args = [&args[..], &["--session", "s"]].concat();
    t.run_with(&args).ok().to_string()
}

#[test]
fn the_task_blocks_stay_in_their_tier_while_a_file_they_were_ranked_from_is_sent() {
    let t = task_project();
    common::track_all(&t.work);
    let run = |files: &[&str]| task_request(&t, files);
    let task = || items(&t, "s")["task"].clone();
    // a.rs is edited each request: the task (a_helper.rs around it) climbs into L3
    // once it came back unchanged three times, when the active part is rewritten anyway.
    for n in 0..4 {
        std::fs::write(t.work.join("a.rs"), task_file("a", n)).unwrap();
        let body = run(&["a.rs"]);
        assert!(body.contains("a_helper.rs:"), "{body}");
    }
    let climbed = task();
    assert_eq!(climbed["tier"], "L3", "{climbed}");
    // `context` names it, with its tier.
    let flags = [
        "--map-tokens",
        "240",
        "--file",
        "a.rs",
        "--session",
        "s",
        "--no-update",
    ];
    let args = [&["context", "--files"][..], &BASE[1..7], &flags].concat();
    let listed = t.run_with(&args).ok().to_string();
    let item = "L3      the map around the working files (3 files)  --no-symbol-map";
    assert!(listed.contains(item), "{listed}");
    // c.rs joins: ranked again, the task would show c_helper.rs and change; it stays.
    let body = run(&["a.rs", "c.rs"]);
    assert!(!body.contains("c_helper.rs:"), "{body}");
    assert_eq!(task(), climbed);
    let record = || {
        let text = std::fs::read_to_string(state(&t, "s")).unwrap();
        serde_json::from_str::<serde_json::Value>(&text).unwrap()["task"]["from"].clone()
    };
    assert_eq!(record(), serde_json::json!(["a.rs"]));
    // a.rs leaves: nothing the task was ranked from is sent, and it is ranked again.
    run(&["c.rs"]);
    assert_eq!(record(), serde_json::json!(["c.rs"]));
}

#[test]
fn a_task_ready_to_climb_is_kept_when_the_working_set_changes() {
    let t = task_project();
    common::track_all(&t.work);
    let run = |files: &[&str]| task_request(&t, files);
    let task = || items(&t, "s")["task"].clone();
    // Nothing changes, so nothing rewrites the active part: the task comes back
    // unchanged and waits there, ready to climb.
    for _ in 0..4 {
        run(&["a.rs"]);
    }
    assert_eq!(
        (task()["tier"].clone(), task()["unchanged"].clone()),
        ("Active".into(), 3.into())
    );
    // c.rs joins, which rewrites the active part: ranked again, the task would change
    // and wait three more requests; kept, it climbs.
    let body = run(&["a.rs", "c.rs"]);
    assert!(
        !body.contains("c_helper.rs:") && body.contains("a_helper.rs:"),
        "{body}"
    );
    assert_eq!(task()["tier"], "L3", "{}", task());
}
