//! `compress`: the `<state_snapshot>` prompt (docs/contributing/design.md, the core), goal-aware with an active
//! goal (docs/contributing/design.md, modes and goals), and the request body per provider.
//!
//! Bodies are compared with `fixtures/compress/<provider>.json`. After an intended
//! change, regenerate and review:
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test --test integration compress::
//! git diff fixtures/compress
//! ```

use crate::common;
use std::path::PathBuf;

use common::Test;

const HISTORY: &str = r#"[
  {"role": "user", "content": "old question", "ts": 1},
  {"role": "assistant", "content": "Summary: we renamed total.", "ts": 2, "isSummary": true},
  {"role": "user", "content": "Add a login endpoint."},
  {"role": "assistant", "content": [
    {"type": "text", "text": "Reading the routes."},
    {"type": "tool_use", "id": "t1", "name": "read_file", "input": {"path": "src/routes.ts"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "t1", "content": "export const routes = [];"}
  ]},
  {"role": "assistant", "content": "Created src/auth/login.ts and registered the route."}
]"#;

const GOAL: &str = "description: Implement user authentication system\n";

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("fixtures/compress/{name}"))
}

fn golden(name: &str, got: &str) {
    if let Err(e) = common::golden::check(&fixture(name), got, "compress") {
        panic!("{e}");
    }
}

#[test]
fn prompt_only_prints_the_state_snapshot_prompt() {
    let out = Test::new()
        .args(["compress", "--prompt-only"])
        .run()
        .ok()
        .to_string();
    golden("prompt.txt", &out);
    assert!(out.starts_with(
        "You are the component that summarizes internal chat history into a given structure.\n"
    ));
    for tag in [
        "<scratchpad>",
        "<state_snapshot>",
        "<overall_goal>",
        "<key_knowledge>",
        "<file_system_state>",
        "<recent_actions>",
        "<current_plan>",
        "[DONE]",
        "[IN PROGRESS]",
        "[TODO]",
        "</state_snapshot>\n",
    ] {
        assert!(out.contains(tag), "missing {tag}");
    }
    assert!(!out.contains("ACTIVE GOAL"));
    // Tool names come from the settings.
    assert!(out.contains("Ran `search_file_content` for 'old_function'"));
}

#[test]
fn an_active_goal_makes_the_prompt_goal_aware() {
    let t = Test::new()
        .file(".asimi/goal.yaml", GOAL)
        .args(["compress", "--prompt-only"]);
    let out = t.run().ok().to_string();
    golden("prompt-goal.txt", &out);
    assert!(out.contains(
        "\n\nACTIVE GOAL: Implement user authentication system\n\nSummarize the conversation \
         focusing on progress toward the goal. Preserve:\n- Decisions made toward the goal\n\
         - Checkpoints completed\n- Files created/modified\n- Blockers encountered\n\
         - Next steps planned\n"
    ));
    let plain = Test::new()
        .args(["compress", "--prompt-only"])
        .run()
        .ok()
        .to_string();
    // Only the goal paragraph is added.
    let start = out.find("\n\nACTIVE GOAL").unwrap();
    let end = out[start..].find("\n\nFirst, you will think").unwrap() + start;
    assert_eq!(format!("{}{}", &out[..start], &out[end..]), plain);
    // A paused goal is not worked on, so the prompt is the plain one.
    let t = Test::new()
        .file(".asimi/goal.yaml", format!("{GOAL}status: paused\n"))
        .args(["compress", "--prompt-only"]);
    assert_eq!(t.run().ok(), plain);
}

#[test]
fn request_bodies_for_each_provider() {
    for (provider, model) in [
        ("anthropic", "claude-sonnet-5-5"),
        ("openai", "gpt-5.4"),
        ("openrouter", "gpt-5.4"),
        ("gemini", "gemini-3.1-pro-preview"),
    ] {
        let t = Test::new()
            .file("chat.json", HISTORY)
            .file(".asimi/goal.yaml", GOAL)
            .args([
                "compress",
                "--history",
                "chat.json",
                "--model",
                model,
                "--provider",
                provider,
                "--max-tokens",
                "2048",
                // gpt-5.4 for OpenRouter's shape: the pair mismatches on purpose.
                "--allow-model-mismatch",
            ]);
        let out = t.run().ok().to_string();
        golden(&format!("{provider}.json"), &out);
        let body: serde_json::Value = serde_json::from_str(&out).unwrap();
        let text = body.to_string();
        // The summary starts the history; what came before it is not sent.
        assert!(!text.contains("old question"));
        assert!(text.contains("Please continue from the following summary:"));
        assert!(text.contains("ACTIVE GOAL: Implement user authentication system"));
        // The request for the snapshot comes last, after the whole history.
        let request = "First, reason in your scratchpad. Then, generate the <state_snapshot>.";
        assert!(text.rfind(request).unwrap() > text.rfind("Created src/auth/login.ts").unwrap());
        // No internal fields.
        assert!(!text.contains("\"ts\"") && !text.contains("isSummary"));
    }
}

#[test]
fn bad_history_is_rejected() {
    let cases = [
        ("[]", "--history 'h.json': no messages to compress; the file holds an empty list"),
        (
            "[{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"x\", \"content\": \"r\"}]}]",
            "",
        ),
        ("{\"role\": \"user\"}", ""),
        ("[{\"role\": \"user\", \"content\": \"a\"", ""),
    ];
    for (history, want) in cases {
        let t = Test::new()
            .file("h.json", history)
            .args(["compress", "--history", "h.json"]);
        let err = t.run().fails().to_string();
        assert!(err.starts_with("asimi-prompt: "), "{err}");
        assert!(err.contains("h.json"), "{err}");
        if !want.is_empty() {
            assert_eq!(err, format!("asimi-prompt: {want}\n"));
        }
    }
    let t = Test::new().args(["compress", "--history", "missing.json"]);
    assert!(t.run().fails().contains("missing.json"));
}

#[test]
fn oversize_history_is_an_error_not_truncated() {
    let long = "word ".repeat(3000);
    let history = format!(
        "[{{\"role\": \"user\", \"content\": \"{long}\"}}, {{\"role\": \"assistant\", \"content\": \"ok\"}}]"
    );
    let t = Test::new()
        .file("h.json", history)
        .file(".asimi/config.yaml", "")
        .file(
            ".asimi/templates/models.yaml",
            "models:\n  - {pattern: '*', family: default, provider: openai, context_window: 4096, max_output_tokens: 1000, images: false, min_cache_tokens: 1024}\n",
        )
        .args(["compress", "--history", "h.json"]);
    let err = t.run().fails().to_string();
    assert!(
        err.contains("the context window of 4096 minus 1000 for output"),
        "{err}"
    );
    assert!(
        err.ends_with("Compress an older part of the history first, or use a model with a larger context window\n"),
        "{err}"
    );
}

#[test]
fn compress_does_not_need_the_system_prompt() {
    let plain = Test::new()
        .args(["compress", "--prompt-only"])
        .run()
        .ok()
        .to_string();
    let t = Test::new()
        .env("ASIMI_SYSTEM_MD", "missing.md")
        .args(["compress", "--prompt-only"]);
    assert_eq!(t.run().ok(), plain);
}
