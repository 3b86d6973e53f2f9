//! `reply` through the binary: every shape's JSON body and stream (fixtures in
//! `fixtures/reply/`, each checked against its provider's SDK in `tests/external/sdk.rs`),
//! the text printed, tool calls named, errors and cut streams exit 1 recording nothing,
//! and the loop `messages --session` | provider | `reply --session` carrying the turn
//! into the next request.

use crate::common;
use common::Test;

/// The fixtures: each shape as a whole body (`.json`) and a stream (`.sse`).
const SHAPES: &[&str] = &["anthropic", "openai", "openrouter", "responses", "gemini"];
/// The text every fixture holds, and its one tool call.
const TEXT: &str = "The parser drops the last token. I'll read lex.rs.";
const TOOL: &str = "read_file";

fn fixture(name: &str) -> String {
    format!("{}/fixtures/reply/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A git project with a fixed system prompt and reminder.
fn project() -> Test {
    Test::new()
        .git()
        .file("system.md", "You are a coding agent.\n")
        .file(".asimi/templates/system_reminder.md", "Be brief.")
        .env("ASIMI_SYSTEM_MD", "system.md")
        .env("ASIMI_PROMPT_SANDBOX", "0")
        .env("ASIMI_PROMPT_GIT", "0")
}

fn state(t: &Test) -> serde_json::Value {
    let path = t.work.join(".asimi/state/s.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const MESSAGES: &str = "asimi-prompt messages --model claude-sonnet-5-5 --no-sanity \
     --no-file-tree --no-symbol-map --session s";

/// `messages --session s --prompt PROMPT` piped through a stand-in provider that answers
/// with `answer`, into `reply --session s`: the three run at once, as in a real pipe.
fn exchange(t: &Test, prompt: &str, answer: &str) -> common::Run {
    t.shell(
        &format!(
            "{MESSAGES} --prompt '{prompt}' | (cat > /dev/null; cat '{answer}') \
             | asimi-prompt reply --session s"
        ),
        "bin",
    )
}

#[test]
fn every_shape_prints_its_text_and_names_its_tool_call() {
    let t = project();
    for shape in SHAPES {
        for ext in ["json", "sse"] {
            let name = format!("{shape}.{ext}");
            let run = t.shell(&format!("asimi-prompt reply < '{}'", fixture(&name)), "bin");
            assert_eq!(run.ok(), TEXT, "{name}");
            assert!(
                run.stderr.contains(&format!("tool call {TOOL} (")),
                "{name}: {}",
                run.stderr
            );
            assert!(run.stderr.contains(r#"{"path":"src/lex.rs"}"#), "{name}");
        }
    }
}

#[test]
fn the_loop_carries_the_prompt_and_the_answer_into_the_next_request() {
    for shape in SHAPES {
        let t = project();
        let run = exchange(&t, "Fix the parser", &fixture(&format!("{shape}.sse")));
        assert_eq!(run.ok(), TEXT, "{shape}");
        let next = t.shell(&format!("{MESSAGES} --prompt 'Now B'"), "bin");
        let body: serde_json::Value = serde_json::from_str(next.ok()).unwrap();
        let messages = body["messages"].as_array().unwrap();
        let n = messages.len();
        // A, without the reminder; the answer with its tool call, in words since no
        // result answered it (a provider refuses a call without one); then B.
        assert_eq!(messages[n - 3]["content"], "Fix the parser", "{shape}");
        let answer = &messages[n - 2];
        assert_eq!(answer["role"], "assistant");
        assert_eq!(answer["content"][0]["text"], TEXT);
        let call = format!(
            r#"[called the tool {TOOL} with {{"path":"src/lex.rs"}}; no result came back]"#
        );
        assert_eq!(answer["content"][1]["text"], call, "{shape}");
        assert!(!next.stdout.contains("tool_use"), "{shape}");
        assert!(
            next.stderr
                .contains(&format!("that {TOOL} was called: no result came back")),
            "{shape}: {}",
            next.stderr
        );
        let last = messages[n - 1]["content"].to_string();
        assert!(last.starts_with("\"Now B"), "{shape}: {last}");
    }
}

#[test]
fn a_history_file_wins_over_the_sessions_turns() {
    let t = project().file(
        "h.json",
        r#"[{"role":"user","content":"from the file"},{"role":"assistant","content":"ok"}]"#,
    );
    exchange(&t, "Fix the parser", &fixture("anthropic.json")).ok();
    let next = t.shell(&format!("{MESSAGES} --history h.json --prompt B"), "bin");
    assert!(next.ok().contains("from the file"));
    assert!(!next.ok().contains(TEXT));
}

#[test]
fn the_reported_usage_is_recorded_beside_its_request() {
    // Each fixture reports 10,710 prompt tokens, 9,000 of them read from cache, and 42
    // output tokens; Anthropic, OpenRouter and Responses report 1,500 written.
    let written = |shape: &str| match shape {
        "anthropic" | "openrouter" | "responses" => 1500,
        _ => 0,
    };
    for shape in SHAPES {
        for ext in ["json", "sse"] {
            let t = project();
            exchange(&t, "A", &fixture(&format!("{shape}.{ext}"))).ok();
            let answered = &state(&t)["conversation"]["answered"][0];
            let usage = &answered["usage"];
            let input = if shape == &"anthropic" {
                210
            } else {
                10710 - 9000 - written(shape)
            };
            let want = serde_json::json!({"input": input, "cache_read": 9000,
                "cache_write": written(shape), "output": 42});
            assert_eq!(usage, &want, "{shape}.{ext}");
            assert_eq!(answered["request"], 1);
            // The first request of a session is predicted to read nothing from cache.
            let predicted = &answered["predicted"];
            assert_eq!(predicted["cache_read"], 0, "{shape}.{ext}");
            assert!(predicted["input"].as_u64().unwrap() > 0, "{shape}.{ext}");
        }
    }
}

/// Error bodies and events of each provider, and streams cut before their end.
const FAILURES: &[(&str, &str)] = &[
    (
        r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_011"}"#,
        "anthropic error (overloaded_error): Overloaded",
    ),
    (
        r#"{"error":{"message":"Rate limit reached for gpt-5.4","type":"requests","param":null,"code":"rate_limit_exceeded"}}"#,
        "error (requests): Rate limit reached for gpt-5.4",
    ),
    (
        r#"{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}"#,
        "gemini error (RESOURCE_EXHAUSTED): Resource has been exhausted",
    ),
    (
        "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"c\",\"content\":[],\"usage\":{\"input_tokens\":1,\"output_tokens\":1}}}\n\nevent: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n",
        "anthropic error (overloaded_error): Overloaded",
    ),
    (
        "event: error\ndata: {\"type\":\"error\",\"code\":\"server_error\",\"message\":\"The server had an error\",\"param\":null,\"sequence_number\":3}\n\n",
        "error (server_error): The server had an error",
    ),
];

#[test]
fn errors_exit_1_with_the_providers_message_and_record_nothing() {
    for (input, message) in FAILURES {
        let t = project().file("answer", input);
        let path = t.work.join("answer");
        let run = exchange(&t, "A", path.to_str().unwrap());
        assert_eq!(run.code, 1, "{input}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{}", run.stderr);
        assert!(state(&t)["conversation"].get("turns").is_none(), "{input}");
    }
}

#[test]
fn a_stream_cut_before_its_end_exits_1_and_records_nothing() {
    for shape in SHAPES {
        let t = project();
        let stream = std::fs::read_to_string(fixture(&format!("{shape}.sse"))).unwrap();
        // Everything before the last event.
        let cut = stream.trim_end().rsplit_once("\n\n").unwrap().0;
        std::fs::write(t.work.join("cut"), cut).unwrap();
        let run = exchange(&t, "A", t.work.join("cut").to_str().unwrap());
        assert_eq!(run.code, 1, "{shape}: {}", run.stderr);
        assert!(
            run.stderr.contains("ended before"),
            "{shape}: {}",
            run.stderr
        );
        assert!(state(&t)["conversation"].get("turns").is_none(), "{shape}");
    }
}

#[test]
fn malformed_and_empty_input_exit_2_saying_where_and_what_to_do() {
    let t = project().stdin("\n{\"type\": \"message\",\n  oops}\n");
    let run = t.run_with(&["reply"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("standard input:3:3: not valid JSON"),
        "{}",
        run.stderr
    );
    let run = project()
        .stdin("<html>502 Bad Gateway</html>")
        .run_with(&["reply"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("standard input:1:1: expected"),
        "{}",
        run.stderr
    );
    let run = project().run_with(&["reply"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("pipe a provider's answer in"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_reply_with_no_request_awaiting_it_is_refused() {
    let t = project();
    exchange(&t, "A", &fixture("gemini.json")).ok();
    let again = t.shell(
        &format!(
            "asimi-prompt reply --session s < '{}'",
            fixture("gemini.json")
        ),
        "bin",
    );
    assert_eq!(again.code, 2);
    assert!(
        again.stderr.contains("no request awaiting a reply"),
        "{}",
        again.stderr
    );
    assert_eq!(
        state(&t)["conversation"]["turns"].as_array().unwrap().len(),
        2
    );
}
