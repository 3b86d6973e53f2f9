//! The edit loop's tail, through the binary: `reply --apply` applies the answer's blocks
//! as `apply` does (the answer on stdout, the report on stderr).

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
