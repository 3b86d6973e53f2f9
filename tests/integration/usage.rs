//! `context --session` setting what providers reported (`reply --session` recorded it)
//! beside what `messages` predicted: per request and in total, priced, and a read that
//! fell short of its prediction flagged with the first item that changed.

use crate::common;
use common::Test;

fn fixture(name: &str) -> String {
    format!("{}/fixtures/reply/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A project with a fixed system prompt, a file of some 8,000 tokens, so its requests
/// are worth caching (`FLAGS` pins it in L3), and a small one sent after it.
fn project() -> Test {
    let big: String = (0..400)
        .map(|i| format!("fn f{i}(x: u32) -> u32 {{ x * {i} + {} }}\n", i * 7))
        .collect();
    Test::new()
        .git()
        .file("system.md", "You are a coding agent.\n")
        .file("src/big.rs", big)
        .file("src/small.rs", "fn small() {}\n")
        .file("zero.json", ANSWER_READING_NOTHING)
        .env("ASIMI_SYSTEM_MD", "system.md")
        .env("ASIMI_PROMPT_SANDBOX", "0")
        .env("ASIMI_PROMPT_GIT", "0")
}

/// An Anthropic answer that read nothing from cache, for a request of 10,600 tokens.
const ANSWER_READING_NOTHING: &str = r#"{"id":"msg_1","type":"message","role":"assistant",
"model":"claude-sonnet-5-5","content":[{"type":"text","text":"ok"}],"stop_reason":"end_turn",
"usage":{"input_tokens":10600,"cache_read_input_tokens":0,"cache_creation_input_tokens":0,
"output_tokens":3}}"#;

const FLAGS: &str = "--model claude-sonnet-5-5 --no-sanity --no-file-tree --no-symbol-map \
     --session s --file src/big.rs --file src/small.rs --tier src/big.rs=L3";

/// `messages --session s` with `prompt`, then the provider's `answer` read back.
fn exchange(t: &Test, prompt: &str, answer: &str) {
    t.shell(
        &format!(
            "asimi-prompt messages {FLAGS} --prompt '{prompt}' > /dev/null && \
             asimi-prompt reply --session s < '{answer}' > /dev/null"
        ),
        "bin",
    )
    .ok();
}

fn context(t: &Test, extra: &str) -> String {
    let run = t.shell(
        &format!("asimi-prompt context {FLAGS} --prompt x {extra}"),
        "bin",
    );
    run.ok().to_string()
}

#[test]
fn a_session_with_no_replies_says_so_in_one_line() {
    let t = project();
    let text = context(&t, "");
    let last: Vec<&str> = text.lines().filter(|l| l.contains("usage of")).collect();
    assert_eq!(
        last,
        [
            "usage of session 's': no replies recorded: pipe each response into \
          `asimi-prompt reply --session NAME` to set the provider's usage beside the prediction"
        ]
    );
    let json: serde_json::Value = serde_json::from_str(&context(&t, "--json")).unwrap();
    assert_eq!(json["usage"]["requests"], serde_json::json!([]));
    // Without a session there is nothing to show.
    let run = t.shell(
        "asimi-prompt context --model claude-sonnet-5-5 --no-sanity --prompt x",
        "bin",
    );
    assert!(!run.ok().contains("usage of"));
}

#[test]
fn each_request_shows_prediction_and_report_with_its_cost_and_the_totals() {
    let t = project();
    // Both fixtures report 210 uncached, 9,000 read, 1,500 written and 42 output tokens;
    // OpenRouter's also says what it charged.
    exchange(&t, "A", &fixture("anthropic.json"));
    exchange(&t, "B", &fixture("openrouter.json"));
    let json: serde_json::Value = serde_json::from_str(&context(&t, "--json")).unwrap();
    let usage = &json["usage"];
    let first = &usage["requests"][0];
    assert_eq!(first["request"], 1);
    assert_eq!(first["reported"]["cache_read"], 9000);
    assert_eq!(first["predicted"]["cache_read"], 0);
    assert!(first["predicted"]["cache_write"].as_u64().unwrap() > 8_000);
    // Sonnet 5.5 at $2 input, $2.50 write, $0.20 read and $10 output per million.
    let want = (210.0 * 2.0 + 1500.0 * 2.5 + 9000.0 * 0.2 + 42.0 * 10.0) / 1e6;
    assert!(
        (first["cost"].as_f64().unwrap() - want).abs() < 1e-9,
        "{first}"
    );
    assert_eq!(first["cost_from"], "registry");
    assert_eq!(usage["requests"][1]["cost_from"], "provider");
    assert_eq!(usage["totals"]["requests"], 2);
    assert_eq!(usage["totals"]["cache_read"], 18000);
    assert_eq!(usage["totals"]["output"], 84);

    let text = context(&t, "");
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("usage of"))
        .collect();
    assert_eq!(table[0], "usage of session 's' (predicted, then reported):");
    assert!(
        table[2].starts_with("#1 ") && table[2].ends_with(" $0.0064"),
        "{text}"
    );
    assert!(table[3].ends_with(" (provider)"), "{text}");
    assert!(
        table[4].starts_with("total ") && table[4].contains(" 18000 "),
        "{text}"
    );
}

#[test]
fn a_read_short_of_the_prediction_names_the_first_item_that_changed() {
    let t = project();
    exchange(&t, "A", &fixture("anthropic.json"));
    // Sent again unchanged: the file is predicted read from cache; the provider read none.
    exchange(&t, "B", &t.work.join("zero.json").display().to_string());
    // The small file, behind the big one, changes: the big one is still read.
    std::fs::write(t.work.join("src/small.rs"), "fn smaller() {}\n").unwrap();
    exchange(&t, "C", &t.work.join("zero.json").display().to_string());
    let text = context(&t, "");
    let flags: Vec<&str> = text.lines().filter(|l| l.starts_with("  ! ")).collect();
    assert_eq!(flags.len(), 2, "{text}");
    assert!(flags[0].starts_with("  ! #2: read 0 of the "), "{text}");
    assert!(flags[0].ends_with("no tracked item changed: the cache entry may have expired, or the system prompt or the tools changed"), "{text}");
    assert!(
        flags[1].ends_with("; first change: file:src/small.rs (changed)"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&context(&t, "--json")).unwrap();
    assert!(json["usage"]["requests"][0]["flag"].is_null());
}
