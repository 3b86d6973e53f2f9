//! The edit loop's tail, through the binary: `reply --apply` applies the answer's blocks
//! as `apply` does (the answer on stdout, the report on stderr); with a session, the
//! blocks that did not apply go into the next request with their files, once.

use crate::common::{Run, Test};

/// A block for `path`.
fn block(path: &str, old: &str, new: &str) -> String {
    format!("{path}\n««« EDIT\n{old}═══════ REPL\n{new}»»» EDIT END\n")
}

/// An Anthropic response whose text is `text`.
fn answer(text: &str) -> String {
    serde_json::json!({
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-5-5",
        "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
        "usage": {"input_tokens": 10, "cache_read_input_tokens": 0,
                  "cache_creation_input_tokens": 0, "output_tokens": 3}
    })
    .to_string()
}

fn world() -> Test {
    Test::new()
        .file("src/a.rs", "fn a() {\n    one();\n}\n")
        .git()
}

fn reply(t: Test, body: &str, extra: &[&str]) -> (Test, Run) {
    let t = t.stdin(body);
    let mut args = vec!["reply"];
    args.extend_from_slice(extra);
    let run = t.run_with(&args);
    (t, run)
}

fn read(t: &Test, rel: &str) -> String {
    std::fs::read_to_string(t.work.join(rel)).unwrap()
}

#[test]
fn reply_apply_prints_the_answer_and_reports_on_stderr() {
    let text = format!(
        "Renamed.\n\n{}",
        block("src/a.rs", "    one();\n", "    uno();\n")
    );
    let (t, run) = reply(world(), &answer(&text), &["--apply"]);
    assert_eq!(run.ok(), text, "stdout is the answer alone");
    assert_eq!(run.stderr, "line 3: src/a.rs: applied at lines 2-2\n");
    assert_eq!(read(&t, "src/a.rs"), "fn a() {\n    uno();\n}\n");
    // Without --apply nothing is written.
    let text = block("src/a.rs", "    uno();\n", "    due();\n");
    let (t, run) = reply(t, &answer(&text), &[]);
    run.ok();
    assert_eq!(read(&t, "src/a.rs"), "fn a() {\n    uno();\n}\n");
}

#[test]
fn reply_apply_exits_1_when_a_block_did_not_apply_and_0_with_no_blocks() {
    let text = block("src/a.rs", "    three();\n", "x\n");
    let (t, run) = reply(world(), &answer(&text), &["--apply"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, text);
    assert!(
        run.stderr.starts_with("line 1: src/a.rs: not found"),
        "{}",
        run.stderr
    );
    let (_, run) = reply(t, &answer("Just prose."), &["--apply"]);
    assert_eq!(run.ok(), "Just prose.");
    assert!(run
        .stderr
        .contains("no edit blocks in the reply; nothing to do"));
}

#[test]
fn reply_apply_applies_nothing_from_an_error_body() {
    let error = r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#;
    let (t, run) = reply(world(), error, &["--apply"]);
    assert_eq!(run.code, 1);
    assert_eq!(read(&t, "src/a.rs"), "fn a() {\n    one();\n}\n");
}

const MESSAGES: &[&str] = &[
    "messages",
    "--model",
    "claude-sonnet-5-5",
    "--no-sanity",
    "--no-file-tree",
    "--no-symbol-map",
    "--session",
    "s",
    "--compact",
];

/// `messages --session s` with `extra`: the body's last message (the prompt), and every
/// message's text joined.
fn next_request(t: &Test, extra: &[&str]) -> (String, String) {
    let args: Vec<&str> = MESSAGES.iter().chain(extra).copied().collect();
    let body: serde_json::Value = serde_json::from_str(t.run_with(&args).ok()).unwrap();
    let texts = |m: &serde_json::Value| match &m["content"] {
        serde_json::Value::String(s) => s.clone(),
        parts => parts
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["text"].as_str().unwrap_or("").to_string())
            .collect(),
    };
    let messages = body["messages"].as_array().unwrap();
    let all: Vec<String> = messages.iter().map(texts).collect();
    (texts(messages.last().unwrap()), all.join("\n"))
}

fn state(t: &Test) -> serde_json::Value {
    serde_json::from_str(&read(t, ".asimi/state/s.json")).unwrap()
}

/// The failure-recovery message's first line and last sentence (`edit::recovery`).
const HEADER: &str = "Some edit blocks of your last reply did not apply:";
const STEPS_END: &str = "Send only the blocks that failed; the others have already been applied.";

#[test]
fn what_did_not_apply_goes_into_the_next_request_once_with_the_files() {
    let t = world().file("src/b.rs", "fn b() {}\n");
    let reply = format!(
        "{}{}{}",
        block("src/a.rs", "    three();\n", "x\n"),
        block("src/b.rs", "fn b() {}\n", "fn b() { 2 }\n"),
        block("../outside.rs", "a\n", "b\n"),
    );
    std::fs::write(t.root.join("reply.txt"), &reply).unwrap();
    let file = t.root.join("reply.txt").display().to_string();
    let run = t.run_with(&["apply", "--session", "s", &file]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(state(&t)["failed"].as_array().unwrap().len(), 2);
    // The file named by --file is sent once; the one outside the project is not sent.
    let (prompt, all) = next_request(&t, &["--prompt", "Go on"]);
    let want = format!(
        "{HEADER}\n- src/a.rs (reply line 1): not found: the old text is not in the file\n\
         - ../outside.rs (reply line 13): outside the project: "
    );
    assert!(prompt.starts_with(&want), "{prompt}");
    assert!(
        prompt.contains(&format!("{STEPS_END}\n\nGo on")),
        "{prompt}"
    );
    assert_eq!(all.matches("fn a() {\n    one();\n}").count(), 1, "{all}");
    assert!(
        !all.contains("fn b() {}"),
        "applied files are not sent: {all}"
    );
    // Sent once: the session forgets it.
    assert!(state(&t).get("failed").is_none(), "{}", state(&t));
    let (prompt, _) = next_request(&t, &["--prompt", "Again"]);
    assert!(prompt.starts_with("Again"), "{prompt}");
}

#[test]
fn a_preview_shows_the_recovery_and_keeps_it_and_a_clean_apply_clears_it() {
    let text = block("src/a.rs", "    three();\n", "x\n");
    let (t, run) = reply(world(), &answer(&text), &["--session", "s", "--apply"]);
    assert_eq!(run.code, 2, "no request awaits the reply: {}", run.stderr);
    // `messages` first, then the answer: recorded, applied, and what failed kept.
    next_request(&t, &["--prompt", "A"]);
    let (t, run) = reply(t, &answer(&text), &["--session", "s", "--apply"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(state(&t)["failed"][0]["status"], "not found");
    // --no-update previews the request and records nothing.
    let (prompt, _) = next_request(&t, &["--prompt", "B", "--no-update"]);
    assert!(prompt.starts_with(HEADER), "{prompt}");
    assert!(state(&t)["failed"].is_array());
    // A reply whose blocks all apply leaves nothing to recover from.
    let good = block("src/a.rs", "    one();\n", "    uno();\n");
    std::fs::write(t.root.join("good.txt"), good).unwrap();
    let file = t.root.join("good.txt").display().to_string();
    t.run_with(&["apply", "--session", "s", &file]).ok();
    assert!(state(&t).get("failed").is_none(), "{}", state(&t));
}

#[test]
fn apply_refuses_a_bad_session_name_before_writing() {
    let t = world();
    std::fs::write(
        t.root.join("r.txt"),
        block("src/a.rs", "    one();\n", "    uno();\n"),
    )
    .unwrap();
    let file = t.root.join("r.txt").display().to_string();
    let err = t
        .run_with(&["apply", "--session", "../x", &file])
        .fails()
        .to_string();
    assert!(err.contains("--session '../x'"), "{err}");
    assert_eq!(read(&t, "src/a.rs"), "fn a() {\n    one();\n}\n");
}
