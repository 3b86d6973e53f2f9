//! Conversation history: summaries, internal fields, images for text-only models, tool
//! blocks per provider and orphan tool results.
//!
//! Tool-block conversion is compared with `fixtures/requests/tools-<provider>.json`: the
//! body's conversation (the system prompt left out, since it follows the templates).
//! After an intended change, regenerate and review:
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test --test integration history::
//! git diff fixtures/requests
//! ```

use crate::common;
use std::path::PathBuf;

use common::{marked_types, Test};
use serde_json::{json, Value};

/// An empty project reminder keeps the prompt as given.
fn messages(model: &str, t: Test) -> Test {
    t.file(".asimi/templates/system_reminder.md", "").args([
        "messages",
        // One model for several providers' bodies: the pair may mismatch on purpose.
        "--allow-model-mismatch",
        "--model",
        model,
        "--no-section",
        "base",
        "--sandbox",
        "none",
        "--no-file-tree",
        "--prompt",
        "p",
        "--history",
        "h.json",
    ])
}

fn body(model: &str, history: &str, extra: &[&str]) -> Value {
    let t = messages(model, Test::new().file("h.json", history)).args(extra);
    serde_json::from_str(t.run().ok()).unwrap()
}

/// The conversation of a body: every message but the system one.
fn conversation(body: &Value) -> Value {
    if let Some(c) = body.get("contents") {
        return c.clone();
    }
    // `raw` is the message array itself.
    let list = body
        .as_array()
        .or_else(|| body["messages"].as_array())
        .unwrap();
    Value::Array(
        list.iter()
            .filter(|m| m["role"] != "system")
            .cloned()
            .collect(),
    )
}

const SUMMARY: &str = r#"[
  {"role": "user", "content": "old question", "ts": 1},
  {"role": "assistant", "content": "old answer", "ts": 2},
  {"role": "assistant", "content": "Summary: we renamed total.", "ts": 3, "isSummary": true},
  {"role": "user", "content": "next", "ts": 4},
  {"role": "assistant", "content": "done", "ts": 5}
]"#;

#[test]
fn a_summary_starts_the_history_after_a_preface() {
    let b = body("gpt-5.4", SUMMARY, &["--provider", "openai"]);
    assert_eq!(
        conversation(&b),
        json!([
            {"role": "user", "content": "Please continue from the following summary:"},
            {"role": "assistant", "content": "Summary: we renamed total."},
            {"role": "user", "content": "next"},
            {"role": "assistant", "content": "done"},
            {"role": "user", "content": "p"},
        ])
    );
}

#[test]
fn the_last_summary_wins_and_internal_fields_are_stripped() {
    let h = r#"[
      {"role": "assistant", "content": "s1", "isSummary": true},
      {"role": "user", "content": "u", "ts": 9, "extra": "x"},
      {"role": "assistant", "content": "s2", "isSummary": true, "ts": 10},
      {"role": "user", "content": "after", "isSummary": false}
    ]"#;
    let t = messages("gpt-5.4", Test::new().file("h.json", h)).args(["--provider", "openai"]);
    let out = t.run();
    let text = out.ok();
    for key in ["ts", "isSummary", "extra"] {
        assert!(!text.contains(&format!("\"{key}\"")), "{key}: {text}");
    }
    let b: Value = serde_json::from_str(text).unwrap();
    assert_eq!(
        conversation(&b),
        json!([
            {"role": "user", "content": "Please continue from the following summary:"},
            {"role": "assistant", "content": "s2"},
            {"role": "user", "content": "after"},
            {"role": "user", "content": "p"},
        ])
    );
}

#[test]
fn without_a_summary_the_whole_history_is_sent_without_internal_fields() {
    let h = r#"[{"role": "user", "content": "q", "ts": 1}, {"role": "assistant", "content": "a", "ts": 2}]"#;
    let b = body("claude-sonnet-5-5", h, &["--provider", "anthropic"]);
    assert_eq!(
        b["messages"],
        json!([
            {"role": "user", "content": "q"},
            {"role": "assistant", "content": "a"},
            {"role": "user", "content": "p"},
        ])
    );
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

fn image_history() -> String {
    r#"[{"role": "user", "content": [{"type": "text", "text": "look"}, {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AAAA"}}]}, {"role": "assistant", "content": "seen"}]"#.to_string()
}

#[test]
fn images_become_a_placeholder_for_a_text_only_model() {
    // o1-mini has `images: false` in the built-in models.yaml (retired, still described).
    let t = messages(
        "o1-mini",
        Test::new()
            .file("h.json", image_history())
            .file("shot.png", PNG),
    )
    .args([
        "--provider",
        "openai",
        "--image",
        "shot.png",
        "--allow-retired",
    ]);
    let b: Value = serde_json::from_str(t.run().ok()).unwrap();
    assert_eq!(
        conversation(&b),
        json!([
            {"role": "user", "content": [
                {"type": "text", "text": "look"},
                {"type": "text", "text": "[Referenced image in conversation]"},
            ]},
            {"role": "assistant", "content": "seen"},
            {"role": "user", "content": [
                {"type": "text", "text": "p"},
                {"type": "text", "text": "[Referenced image in conversation]"},
            ]},
        ])
    );
}

#[test]
fn images_are_kept_for_a_model_that_takes_them() {
    let b = body("gpt-5.4", &image_history(), &["--provider", "openai"]);
    assert_eq!(b["messages"][1]["content"][1]["type"], "image_url");
    assert!(!serde_json::to_string(&b)
        .unwrap()
        .contains("[Referenced image in conversation]"));
}

const TOOLS: &str = r#"[
  {"role": "user", "content": "list the files"},
  {"role": "assistant", "content": [
    {"type": "text", "text": "Listing."},
    {"type": "tool_use", "id": "t1", "name": "shell", "input": {"cmd": "ls"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "t1", "content": "a.rs\nb.rs"},
    {"type": "text", "text": "and now?"}
  ]},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "t2", "name": "read", "input": {"path": "a.rs"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "t2", "content": [{"type": "text", "text": "fn a() {}"}]}
  ]},
  {"role": "assistant", "content": "a.rs defines a."}
]"#;

fn fixture(provider: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/requests")
        .join(format!("tools-{provider}.json"))
}

#[test]
fn tool_blocks_are_converted_for_each_provider() {
    for (provider, model) in [
        ("anthropic", "claude-sonnet-5-5"),
        ("openai", "gpt-5.4"),
        ("openrouter", "gpt-5.4"),
        ("gemini", "gemini-3.1-pro-preview"),
    ] {
        let b = body(model, TOOLS, &["--provider", provider]);
        let mut got = serde_json::to_string_pretty(&conversation(&b)).unwrap();
        got.push('\n');
        if let Err(e) = common::golden::check(&fixture(provider), &got, "history") {
            panic!("{provider}: {e}");
        }
    }
}

/// The README's mapping of tool blocks ("History", "Tool blocks"), written out by hand, so
/// the golden files above are not the only expectation.
#[test]
fn tool_blocks_map_as_the_readme_says() {
    let prompt = json!({"role": "user", "content": "p"});
    // Anthropic and raw: as given.
    let mut given: Value = serde_json::from_str(TOOLS).unwrap();
    given.as_array_mut().unwrap().push(prompt);
    for provider in ["anthropic", "raw"] {
        let b = body("claude-sonnet-5-5", TOOLS, &["--provider", provider]);
        assert_eq!(conversation(&b), given, "{provider}");
    }
    // OpenAI shapes: `tool_calls` with the input as a JSON string, `tool` messages, and the
    // other blocks of a tool_result's message after it as a user message.
    let call = |id: &str, name: &str, args: &str| json!({"id": id, "type": "function", "function": {"name": name, "arguments": args}});
    let openai = json!([
        {"role": "user", "content": "list the files"},
        {"role": "assistant", "content": "Listing.", "tool_calls": [call("t1", "shell", r#"{"cmd":"ls"}"#)]},
        {"role": "tool", "tool_call_id": "t1", "content": "a.rs\nb.rs"},
        {"role": "user", "content": "and now?"},
        {"role": "assistant", "content": null, "tool_calls": [call("t2", "read", r#"{"path":"a.rs"}"#)]},
        {"role": "tool", "tool_call_id": "t2", "content": "fn a() {}"},
        {"role": "assistant", "content": "a.rs defines a."},
        {"role": "user", "content": "p"},
    ]);
    for provider in ["openai", "openrouter"] {
        let b = body("gpt-5.4", TOOLS, &["--provider", provider]);
        assert_eq!(conversation(&b), openai, "{provider}");
    }
    // Gemini: functionCall and functionResponse parts, the response named after its call.
    let text = |t: &str| json!({"text": t});
    let gemini = json!([
        {"role": "user", "parts": [text("list the files")]},
        {"role": "model", "parts": [text("Listing."), {"functionCall": {"name": "shell", "args": {"cmd": "ls"}}}]},
        {"role": "user", "parts": [
            {"functionResponse": {"name": "shell", "response": {"content": "a.rs\nb.rs"}}},
            text("and now?"),
        ]},
        {"role": "model", "parts": [{"functionCall": {"name": "read", "args": {"path": "a.rs"}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "read", "response": {"content": "fn a() {}"}}}]},
        {"role": "model", "parts": [text("a.rs defines a.")]},
        {"role": "user", "parts": [text("p")]},
    ]);
    let b = body("gemini-3.1-pro-preview", TOOLS, &["--provider", "gemini"]);
    assert_eq!(conversation(&b), gemini);
}

#[test]
fn a_tool_result_without_its_call_is_an_error_naming_the_index() {
    let h = r#"[
      {"role": "user", "content": "q"},
      {"role": "assistant", "content": "a"},
      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t9", "content": "x"}]}
    ]"#;
    let t = messages("gpt-5.4", Test::new().file("h.json", h)).args(["--provider", "openai"]);
    let out = t.run();
    let e = out.fails();
    assert!(
        e.contains("h.json: message 2: tool_result 't9' has no matching tool_use before it"),
        "{e}"
    );
}

#[test]
fn a_summary_that_cuts_off_a_tool_call_orphans_its_result() {
    let h = r#"[
      {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "shell", "input": {}}]},
      {"role": "assistant", "content": "summary", "isSummary": true},
      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "x"}]}
    ]"#;
    let t = messages("gpt-5.4", Test::new().file("h.json", h)).args(["--provider", "openai"]);
    let out = t.run();
    let e = out.fails();
    assert!(
        e.contains("h.json: message 2: tool_result 't1' has no matching tool_use before it (since the last summary)"),
        "{e}"
    );
}

const TINY: &str = "models:\n  - {pattern: 'tiny*', family: default, provider: openai, \
    context_window: 8000, max_output_tokens: 1000, images: true, min_cache_tokens: 1024}\n  \
    - {pattern: '*', family: default, provider: openai, context_window: 200000, \
    max_output_tokens: 1000, images: true, min_cache_tokens: 1024}\n";

/// Nine messages of about 1000 tokens each, `m0`…`m8`, alternating user and assistant.
fn long_history() -> String {
    let list: Vec<Value> = (0..9)
        .map(|i| {
            let role = if i % 2 == 0 { "user" } else { "assistant" };
            json!({"role": role, "content": format!("m{i}{}", " hello".repeat(1000))})
        })
        .collect();
    serde_json::to_string(&list).unwrap()
}

fn tiny(extra: &[&str]) -> common::Run {
    messages(
        "tiny-1",
        Test::new()
            .file(".asimi/templates/models.yaml", TINY)
            .file("h.json", long_history()),
    )
    .args(["--max-tokens", "1000"])
    .args(extra)
    .run()
}

#[test]
fn truncate_keeps_the_first_message_and_drops_whole_pairs() {
    let out = tiny(&["--truncate"]);
    let b: Value = serde_json::from_str(out.ok()).unwrap();
    let heads: Vec<String> = conversation(&b)
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let c = m["content"].as_str().unwrap();
            c.split(' ').next().unwrap().to_string()
        })
        .collect();
    assert_eq!(heads, ["m0", "m5", "m6", "m7", "m8", "p"]);
    assert!(
        out.stderr.contains(
            "note: --truncate dropped 4 of 9 history messages (the oldest after the first)"
        ),
        "{}",
        out.stderr
    );
}

#[test]
fn an_oversize_request_without_truncate_is_an_error_with_the_counts() {
    let out = tiny(&[]);
    let e = out.fails();
    assert!(
        e.contains("tokens (o200k_base), over the 7000 that fit"),
        "{e}"
    );
    assert!(
        e.contains("the context window of 8000 minus 1000 for output (--max-tokens)"),
        "{e}"
    );
    assert!(e.contains("the history holds 9 messages"), "{e}");
    assert!(e.contains("Pass --truncate"), "{e}");
}

/// A long opening question, then a tool call and its result: pinning the first `n`
/// messages to L1 ends the tier on a message holding only a tool block.
/// OpenAI shapes cannot carry the assistant's thinking block, so it is left out for them.
fn tool_tier_body(provider: &str, n: usize) -> Value {
    let question = "Which files hold the parser? ".repeat(300);
    let call = json!({"type": "tool_use", "id": "t1", "name": "shell", "input": {"cmd": "ls"}});
    let thinking = json!({"type": "thinking", "thinking": "look", "signature": "s"});
    let turn = match provider {
        "openrouter" => vec![call],
        _ => vec![thinking, call],
    };
    let h = json!([
        {"role": "user", "content": question},
        {"role": "assistant", "content": turn},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "a.rs"}]},
        {"role": "assistant", "content": "a.rs holds it."}
    ]);
    let pins: Vec<String> = (0..n).map(|i| format!("history:{i}=L1")).collect();
    let mut args = vec!["--provider", provider];
    for p in &pins {
        args.extend(["--tier", p.as_str()]);
    }
    body("claude-sonnet-5-5", &h.to_string(), &args)
}

#[test]
fn a_tier_ending_in_tool_blocks_is_marked_on_the_last_block() {
    // Before, such a tier got no marker at all, and its tokens went uncached.
    let b = tool_tier_body("anthropic", 3);
    assert_eq!(marked_types(&b), ["tool_result"], "{b:#}");
    // An assistant turn of a thinking block and a tool call: the call carries it, never
    // the thinking block (Anthropic refuses markers there).
    let b = tool_tier_body("anthropic", 2);
    assert_eq!(marked_types(&b), ["tool_use"], "{b:#}");
    let b = tool_tier_body("raw", 3);
    assert_eq!(marked_types(&b), ["tool_result"], "{b:#}");
}

#[test]
fn openrouter_marks_text_parts_only() {
    // OpenRouter forwards markers on text parts; tool messages carry none.
    let b = tool_tier_body("openrouter", 3);
    assert_eq!(marked_types(&b), Vec::<String>::new(), "{b:#}");
    let b = tool_tier_body("openrouter", 1);
    assert_eq!(marked_types(&b), ["text"], "{b:#}");
}

#[test]
fn truncate_fails_when_nothing_more_can_be_dropped() {
    // The history can shrink to its first message, but a working file alone is too big.
    let out = messages(
        "tiny-1",
        Test::new()
            .file(".asimi/templates/models.yaml", TINY)
            .file("h.json", long_history())
            .file("big.txt", " hello".repeat(8000)),
    )
    .args(["--max-tokens", "1000", "--truncate", "--file", "big.txt"])
    .run();
    let e = out.fails();
    assert!(e.contains("over the 7000 that fit"), "{e}");
    assert!(
        e.contains("Truncating the history cannot shrink it further; send less"),
        "{e}"
    );
}

#[test]
fn anthropic_opens_with_a_user_turn_when_the_history_does_not() {
    let h = r#"[{"role": "assistant", "content": "Hello."}, {"role": "user", "content": "q"}]"#;
    let b = body("claude-sonnet-5-5", h, &["--provider", "anthropic"]);
    assert_eq!(
        b["messages"],
        json!([
            {"role": "user", "content": "(The conversation so far follows.)"},
            {"role": "assistant", "content": "Hello."},
            // Consecutive turns of one role are merged.
            {"role": "user", "content": [
                {"type": "text", "text": "q"},
                {"type": "text", "text": "p"},
            ]},
        ])
    );
}
