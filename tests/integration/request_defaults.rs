//! What a request gets when the command line leaves things open: the model (a documented
//! default, said on stderr and by `context`), the output limit (one Anthropic's SDK
//! accepts without streaming, the model's maximum with `--stream`), and `context` as a
//! preview that needs no prompt and shows an oversize request instead of refusing it.

use crate::common;
use common::Test;
use serde_json::Value;

fn request(t: Test, cmd: &str) -> Test {
    t.args([
        cmd,
        "--no-section",
        "base",
        "--sandbox",
        "none",
        "--no-file-tree",
    ])
}

fn body(t: &Test) -> Value {
    serde_json::from_str(t.run().ok()).unwrap()
}

/// On a terminal the run says so (`terminal::the_default_model_is_named_on_a_terminal`).
#[test]
fn messages_without_a_model_use_the_default_and_say_nothing_on_a_pipe() {
    let t = request(Test::new(), "messages").args(["--prompt", "hi"]);
    let run = t.run();
    let b: Value = serde_json::from_str(run.ok()).unwrap();
    assert_eq!(b["model"], "claude-sonnet-5-5");
    // A pipe (an agent calling every turn) hears nothing.
    assert_eq!(run.stderr, "");
}

#[test]
fn the_environment_and_config_name_the_model_before_the_default() {
    let t = request(Test::new(), "messages")
        .args(["--prompt", "hi"])
        .env("ASIMI_MODEL", "gpt-5.4");
    let run = t.run();
    assert_eq!(
        serde_json::from_str::<Value>(run.ok()).unwrap()["model"],
        "gpt-5.4"
    );
    assert_eq!(run.stderr, "");
    let t = request(
        Test::new().file(".asimi/config.yaml", "model: gemini-3.8-flash\n"),
        "messages",
    )
    .args(["--prompt", "hi"]);
    assert!(body(&t).get("contents").is_some(), "a Gemini body");
}

#[test]
fn compress_without_a_model_uses_the_default() {
    let history = r#"[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}]"#;
    let t = Test::new()
        .file("h.json", history)
        .args(["compress", "--history", "h.json"]);
    let run = t.run();
    let b: Value = serde_json::from_str(run.ok()).unwrap();
    assert_eq!(b["model"], "claude-sonnet-5-5");
    assert_eq!(run.stderr, "");
}

#[test]
fn context_says_where_the_model_came_from() {
    let source = |t: Test| -> Value {
        let t = request(t, "context").args(["--json", "--prompt", "hi"]);
        body(&t)["model_source"].clone()
    };
    assert_eq!(source(Test::new()), "default");
    assert_eq!(
        source(Test::new().env("ASIMI_MODEL", "gpt-5.4")),
        "ASIMI_MODEL"
    );
    assert_eq!(source(Test::new().args(["--model", "gpt-5.4"])), "--model");
    assert_eq!(
        source(
            Test::new()
                .file("s.yaml", "model: gpt-5.4\n")
                .args(["--spec", "s.yaml"])
        ),
        "spec s.yaml"
    );
    let t = Test::new().file(".asimi/config.yaml", "model: gpt-5.4\n");
    let config = t.work.join(".asimi/config.yaml").display().to_string();
    assert_eq!(source(t), config.as_str());
    let t = request(Test::new(), "context").args(["--prompt", "hi"]);
    let table = t.run().ok().to_string();
    assert!(
        table.starts_with(
            "model claude-sonnet-5-5 (anthropic; the default: no --model, ASIMI_MODEL or \
             config 'model'); tokens estimated"
        ),
        "{table}"
    );
}

fn max_tokens(model: &str, extra: &[&str]) -> Value {
    let t = request(Test::new(), "messages")
        .args(["--model", model, "--prompt", "hi"])
        .args(extra);
    let b = body(&t);
    serde_json::json!([b["max_tokens"], b.get("stream")])
}

#[test]
fn anthropic_output_limits_suit_streaming_or_not() {
    // Before: 64000 (the model's maximum), which the SDK refuses to send unstreamed.
    assert_eq!(
        max_tokens("claude-haiku-4-5", &[]),
        serde_json::json!([21333, null])
    );
    assert_eq!(
        max_tokens("claude-haiku-4-5", &["--stream"]),
        serde_json::json!([64000, true])
    );
    // Opus 4 and 4.1: the SDK's own, lower cap (retired on the Claude API, still served
    // elsewhere).
    assert_eq!(
        max_tokens("claude-opus-4-1", &["--allow-retired"]),
        serde_json::json!([8192, null])
    );
    assert_eq!(
        max_tokens("claude-opus-4-0", &["--stream", "--allow-retired"]),
        serde_json::json!([32000, true])
    );
    // A model whose maximum is under the cap keeps it.
    assert_eq!(
        max_tokens("claude-3-5-haiku-latest", &["--allow-retired"]),
        serde_json::json!([8192, null])
    );
    // --max-tokens wins either way.
    assert_eq!(
        max_tokens("claude-haiku-4-5", &["--max-tokens", "50000"]),
        serde_json::json!([50000, null])
    );
}

#[test]
fn stream_is_set_for_every_provider_with_a_body_field() {
    for provider in ["anthropic", "openai", "openrouter"] {
        let t = request(Test::new(), "messages").args([
            "--model",
            "claude-haiku-4-5",
            "--prompt",
            "hi",
            "--stream",
            "--provider",
            provider,
            "--allow-model-mismatch",
        ]);
        assert_eq!(body(&t)["stream"], true, "{provider}");
    }
    let t = request(
        Test::new().file("s.yaml", "stream: true\nprompt: hi\n"),
        "messages",
    )
    .args(["--model", "claude-haiku-4-5", "--spec", "s.yaml"]);
    assert_eq!(body(&t)["max_tokens"], 64000);
}

#[test]
fn context_runs_without_a_prompt() {
    // Before: "no prompt: pass --prompt TEXT, ..." and exit 2.
    let t = request(Test::new(), "context").args(["--model", "claude-haiku-4-5"]);
    let table = t.run().ok().to_string();
    assert!(table.contains("\ntotal "), "{table}");
}

#[test]
fn context_shows_an_oversize_request_and_exits_0() {
    let big = "word ".repeat(300_000);
    let t = request(Test::new().file("big.txt", big), "context").args([
        "--model",
        "claude-haiku-4-5",
        "--prompt",
        "hi",
        "--file",
        "big.txt",
        "--max-file-bytes",
        "9000000",
    ]);
    let table = t.run().ok().to_string();
    assert!(
        table.contains("1 file, prompt  <- over the limit\n"),
        "{table}"
    );
    assert!(
        table.contains("limit     178667  (context window 200000 minus 21333 for output)\n"),
        "{table}"
    );
    assert!(table.contains("\nover the limit by "), "{table}");
    let json = body(&t.args(["--json"]));
    assert_eq!(json["fits"], false);
    assert!(json["total_tokens"].as_u64().unwrap() > json["limit_tokens"].as_u64().unwrap());
}

#[test]
fn context_shows_no_markers_for_bodies_without_them() {
    // A system prompt over every minimum, so an Anthropic body marks L0.
    let system = "word ".repeat(5000);
    for (provider, markers) in [("anthropic", true), ("openai", false), ("gemini", false)] {
        let t = Test::new()
            .file("system.md", &system)
            .env("ASIMI_SYSTEM_MD", "system.md")
            .args(["context", "--model", "claude-haiku-4-5", "--prompt", "hi"])
            .args([
                "--no-file-tree",
                "--provider",
                provider,
                "--allow-model-mismatch",
            ]);
        let table = t.run().ok().to_string();
        assert_eq!(table.contains("  yes  "), markers, "{provider}: {table}");
        let json = body(&t.args(["--json"]));
        assert_eq!(json["markers"], markers, "{provider}");
        assert_eq!(json["tiers"][0]["marker"], markers, "{provider}");
    }
}

#[test]
fn context_truncate_shows_what_messages_would_send() {
    let turn = "word ".repeat(400);
    let history: Vec<Value> = (0..10)
        .map(|i| serde_json::json!({"role": if i % 2 == 0 {"user"} else {"assistant"}, "content": turn}))
        .collect();
    let models = "models:\n  - {pattern: '*', family: default, provider: anthropic, \
                  context_window: 4096, max_output_tokens: 1000, images: false, \
                  min_cache_tokens: 1024}\n";
    let t = request(
        Test::new()
            .file("h.json", Value::Array(history).to_string())
            .file(".asimi/templates/models.yaml", models),
        "context",
    )
    .args([
        "--model",
        "m",
        "--prompt",
        "hi",
        "--history",
        "h.json",
        "--json",
    ]);
    let over = body(&t);
    assert_eq!(over["fits"], false);
    let run = t.run_with(&["--truncate"]);
    let fitted: Value = serde_json::from_str(run.ok()).unwrap();
    assert_eq!(fitted["fits"], true, "{fitted:#}");
    assert!(
        run.stderr.contains("note: --truncate dropped"),
        "{}",
        run.stderr
    );
}

/// Without a model, `--provider P` picks P's own default: never a Claude name in an
/// OpenAI or Gemini body.
#[test]
fn a_provider_without_a_model_gets_its_own_default() {
    for (provider, model) in [
        ("anthropic", "claude-sonnet-5-5"),
        ("openai", "gpt-5.4"),
        ("openrouter", "anthropic/claude-sonnet-5.5"),
    ] {
        let t = request(Test::new(), "messages").args(["--prompt", "hi", "--provider", provider]);
        assert_eq!(body(&t)["model"], model, "{provider}");
    }
    // Gemini names the model in the URL, not the body: `context` says which it is.
    let t =
        request(Test::new(), "context").args(["--json", "--prompt", "hi", "--provider", "gemini"]);
    assert_eq!(body(&t)["model"], "gemini-3.8-flash");
}

/// `system` (and so `--check`) and `messages` resolve the same default model, so the
/// prompt CI checks is the one that is sent.
#[test]
fn system_and_messages_agree_on_the_default_model() {
    let t = Test::new().args(["system", "--json"]);
    let json: Value = serde_json::from_str(t.run().ok()).unwrap();
    assert_eq!(json["model"], "claude-sonnet-5-5");
    assert_eq!(json["family"], "claude");
    // One world, so the prompts' working directories agree.
    let t = Test::new();
    let system = t
        // The prompt a request without tools carries: the edits protocol.
        .run_with(&["system", "--sandbox", "none", "--protocol", "edits"])
        .ok()
        .to_string();
    let sent = t.run_with(&[
        "messages",
        "--prompt",
        "hi",
        "--sandbox",
        "none",
        "--no-file-tree",
    ]);
    let b: Value = serde_json::from_str(sent.ok()).unwrap();
    let sent: String = b["system"]
        .as_array()
        .unwrap()
        .iter()
        .map(|block| block["text"].as_str().unwrap())
        .collect();
    assert!(sent.starts_with(system.trim_end()), "{sent}");
}

/// Days the end-of-life tests are run on (`SOURCE_DATE_EPOCH`): before and after Sonnet
/// 4.5's of 2026-11-30.
const NOV_1_2026: &str = "1793491200";
const DEC_6_2026: &str = "1796515200";

/// A deprecated model gets one warning naming its end of life; an unknown one a warning
/// naming the closest known names and what it fell back to.
#[test]
fn deprecated_and_unknown_models_are_named_once() {
    let run = Test::new()
        .env("SOURCE_DATE_EPOCH", NOV_1_2026)
        .args(["system", "--model", "claude-sonnet-4-5"])
        .run();
    run.ok();
    assert_eq!(
        run.stderr,
        "asimi-prompt: warning: model 'claude-sonnet-4-5' is deprecated and reaches its end \
         of life on 2026-11-30; choose a current model, such as claude-sonnet-5-5 \
         (`asimi-prompt models` lists them)\n"
    );
    // Past its end of life, `system` still prints the prompt, and says so.
    let run = Test::new()
        .env("SOURCE_DATE_EPOCH", DEC_6_2026)
        .args(["system", "--model", "claude-sonnet-4-5"])
        .run();
    run.ok();
    assert_eq!(
        run.stderr,
        "asimi-prompt: warning: model 'claude-sonnet-4-5' was retired on 2026-11-30, so \
         requests to it fail; choose a current model, such as claude-sonnet-5-5 \
         (`asimi-prompt models` lists them)\n"
    );
    // `system` sends nothing, so a misspelt name only warns there (a request stops:
    // see `misspelt_models_stop_a_request`); a retired model is never offered.
    let run = Test::new()
        .env("SOURCE_DATE_EPOCH", DEC_6_2026)
        .args(["system", "--model", "claude-sonet-5-5"])
        .run();
    run.ok();
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.starts_with(
            "asimi-prompt: warning: unknown model 'claude-sonet-5-5': did you mean \
             claude-sonnet-5-5"
        ),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("claude-sonnet-4-5"), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("using the 'claude-*' entry (family claude, provider anthropic"),
        "{}",
        run.stderr
    );
    // A current, known model: nothing to say.
    let run = Test::new()
        .args(["system", "--model", "claude-sonnet-5-5"])
        .run();
    run.ok();
    assert_eq!(run.stderr, "");
}

/// What a misspelt name's request stops with: the names meant, never a retired one.
const MISSPELT: &str = "asimi-prompt: unknown model 'claude-sonet-5-5': did you mean \
     claude-sonnet-5-5, claude-sonnet-5? The API would refuse the name as given; \
     `asimi-prompt models` lists the known ones, and a models.yaml in your templates \
     directory describes a new one\n";

/// A name a few edits from a known model's is a typo the API would refuse: the request
/// stops (exit 2) with the names meant, for every request command, and a retired model
/// is offered as its replacement. A name that resembles none (a local model's) or that
/// differs in its version only (a model newer than the registry) goes on with one
/// warning, which says which body shape it gets.
#[test]
fn misspelt_models_stop_a_request() {
    let t = Test::new()
        .file("h.json", r#"[{"role": "user", "content": "hi"}]"#)
        .env("SOURCE_DATE_EPOCH", DEC_6_2026);
    for cmd in [
        &["messages", "--prompt", "hi"][..],
        &["context"],
        &["compress", "--history", "h.json"],
    ] {
        let run = t.run_with(&[cmd, &["--model", "claude-sonet-5-5"]].concat());
        assert_eq!(run.fails(), MISSPELT, "{cmd:?}");
    }
    // A dated name misspelt at its start; the retired Sonnet 4.5 offered as what
    // replaces it.
    let near = |model: &str| {
        let run = t.run_with(&["messages", "--prompt", "hi", "--model", model]);
        run.fails()
            .split("did you mean ")
            .nth(1)
            .unwrap()
            .to_string()
    };
    assert!(near("claude-sonet-5-5-20261001").starts_with("claude-sonnet-5-5,"));
    assert!(near("claude-sonet-4-5").starts_with("claude-sonnet-5-5?"));
    assert!(near("gemini-3.8-flsh").starts_with("gemini-3.8-flash?"));
    for model in ["llama3.1:8b", "foo", "claude-sonnet-6"] {
        let run = t.run_with(&["messages", "--prompt", "hi", "--model", model]);
        run.ok();
        assert_eq!(run.stderr.lines().count(), 1, "{model}: {}", run.stderr);
    }
    let run = t.run_with(&["messages", "--prompt", "hi", "--model", "foo"]);
    assert!(
        run.stderr
            .contains("the body is openai's shape, which local OpenAI-compatible servers take"),
        "{}",
        run.stderr
    );
}

/// A model of another provider than the body's is refused by that provider's API: the
/// pair stops (exit 2), naming a model of the provider's; `--allow-model-mismatch` sends
/// it with a warning (a proxy that routes it). OpenAI's two APIs share their names, and
/// names only the catch-alls describe (local and routed models) never mismatch.
#[test]
fn a_model_of_another_provider_stops_a_request() {
    let t = Test::new()
        .file("h.json", r#"[{"role": "user", "content": "hi"}]"#)
        .file("s.yaml", "provider: gemini\nmodel: claude-sonnet-5-5\n");
    let pair = ["--provider", "gemini", "--model", "claude-sonnet-5-5"];
    let why = "asimi-prompt: provider gemini: model 'claude-sonnet-5-5' is anthropic's \
               (models.yaml), and gemini's API would refuse it; name a model of gemini's \
               such as gemini-3.8-flash, or leave the provider out";
    for cmd in [
        &["messages", "--prompt", "hi"][..],
        &["context"],
        &["compress", "--history", "h.json"],
    ] {
        let run = t.run_with(&[cmd, &pair].concat());
        assert_eq!(
            run.fails(),
            format!("{why}, or add --allow-model-mismatch to send it anyway\n"),
            "{cmd:?}"
        );
    }
    // The spec's provider, too.
    let run = t.run_with(&["messages", "--prompt", "hi", "--spec", "s.yaml"]);
    assert!(run.fails().starts_with(why), "{}", run.stderr);
    let sent = t.run_with(
        &[
            &["messages", "--prompt", "hi"][..],
            &pair,
            &["--allow-model-mismatch"],
        ]
        .concat(),
    );
    let body: Value = serde_json::from_str(sent.ok()).unwrap();
    assert!(body.get("contents").is_some(), "a Gemini body: {body}");
    assert_eq!(
        sent.stderr,
        format!("asimi-prompt: warning: {}\n", &why[14..])
    );
    for (provider, model) in [
        ("openai-responses", "gpt-5.4"),
        ("openai", "Qwen/Qwen2.5-7B"),
        ("anthropic", "llama3.1:8b"),
        ("raw", "claude-sonnet-5-5"),
    ] {
        t.run_with(
            &[
                &["messages", "--prompt", "hi"][..],
                &["--provider", provider, "--model", model],
            ]
            .concat(),
        )
        .ok();
    }
    let run = t.run_with(
        &[
            &["messages", "--prompt", "hi"][..],
            &["--provider", "openrouter", "--model", "claude-sonnet-5-5"],
        ]
        .concat(),
    );
    assert!(
        run.fails().contains("such as anthropic/claude-sonnet-5.5"),
        "{}",
        run.stderr
    );
}
