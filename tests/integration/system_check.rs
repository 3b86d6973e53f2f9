//! CI support through the binary: `--check FILE` (exit 0 when equal, else exit 1 and a
//! unified diff), `--update`, and `--json`.

use crate::common;
use std::path::Path;

use common::Test;

fn show(path: &Path) -> String {
    path.display().to_string()
}

use common::check::{small, NEW, OLD};

#[test]
fn check_passes_silently_when_equal() {
    let t = Test::new()
        .file("prompts/system.txt", format!("{NEW}\n"))
        .args(small(NEW))
        .args(["--check", "prompts/system.txt"]);
    let run = t.run();
    assert_eq!(run.ok(), "");
    assert_eq!(run.stderr, "");
    // The full prompt, as printed with --hermetic (which --check implies), checks clean.
    let t = Test::new().git().file("AGENTS.md", "Use tabs.\n");
    let printed = t.run_with(&["--hermetic"]).ok().to_string();
    let t = t
        .file("expected.txt", &printed)
        .args(["system", "--check", "expected.txt"]);
    let run = t.run();
    assert_eq!(run.ok(), "");
    assert_eq!(run.stderr, "");
}

#[test]
fn drift_prints_a_unified_diff_and_exits_1() {
    let t = Test::new()
        .file("system.txt", OLD)
        .args(["system"])
        .args(small(NEW))
        .args(["--check", "system.txt"]);
    let run = t.run();
    assert_eq!(run.code, 1, "{}", run.stderr);
    let file = show(&t.work.join("system.txt"));
    assert_eq!(
        run.stdout,
        format!(
            "--- {file}\n+++ {file} (generated)\n@@ -2,7 +2,7 @@\n two\n three\n four\n-five\n+FIVE\n six\n seven\n eight\n"
        )
    );
    // Not a terminal, so no colour.
    assert!(!run.stdout.contains('\x1b'));
    assert_eq!(
        run.stderr,
        "asimi-prompt: system.txt differs from the generated output; run again with --update \
         to rewrite it\n"
    );
    // The file is left alone.
    assert_eq!(t.read(&t.work.join("system.txt")), OLD);
}

#[test]
fn a_missing_check_file_is_an_error_until_updated() {
    let t = Test::new()
        .args(small("only line"))
        .args(["--check", "missing.txt"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: --check 'missing.txt': no such file; run with --update to create it\n"
    );
    assert!(!t.work.join("missing.txt").exists());
    let run = t.run_with(&["--update"]);
    assert_eq!(run.ok(), "");
    assert_eq!(run.stderr, "asimi-prompt: created missing.txt\n");
    assert_eq!(t.read(&t.work.join("missing.txt")), "only line\n");
    assert_eq!(t.run().ok(), "");
}

#[test]
fn update_rewrites_the_file_then_check_passes() {
    let t = Test::new().file("system.txt", OLD).args(small(NEW)).args([
        "--check",
        "system.txt",
        "--update",
    ]);
    let run = t.run();
    assert_eq!(run.ok(), "");
    assert_eq!(run.stderr, "asimi-prompt: updated system.txt\n");
    assert_eq!(t.read(&t.work.join("system.txt")), format!("{NEW}\n"));
    // Up to date now: --update is silent and --check passes.
    let run = t.run();
    assert_eq!(run.ok(), "");
    assert_eq!(run.stderr, "");
    let t = Test::new()
        .file("system.txt", format!("{NEW}\n"))
        .args(small(NEW))
        .args(["--check", "system.txt"]);
    assert_eq!(t.run().ok(), "");

    // A missing file is created, parents included.
    let t = Test::new()
        .args(small("x"))
        .args(["--check", "ci/prompts/system.txt", "--update"]);
    t.run().ok();
    assert_eq!(t.read(&t.work.join("ci/prompts/system.txt")), "x\n");
}

#[test]
fn check_paths_are_relative_to_dash_c() {
    let t = Test::new()
        .file("sub/system.txt", "x\n")
        .args(["-C", "sub"])
        .args(small("x"))
        .args(["--check", "system.txt"]);
    assert_eq!(t.run().ok(), "");
}

#[test]
fn check_and_update_errors() {
    let t = Test::new().args(["--update"]);
    let err = t.run().fails().to_string();
    assert!(err.contains("--check <FILE>"), "{err}");
    let t = Test::new()
        .file("dir/keep", "")
        .args(small("x"))
        .args(["--check", "dir"]);
    let err = t.run().fails().to_string();
    assert!(
        err.starts_with("asimi-prompt: --check: cannot read 'dir': "),
        "{err}"
    );
}

// ---------------------------------------------------------------------------------------
// --json
// ---------------------------------------------------------------------------------------

#[test]
fn json_lists_the_sections() {
    let t = Test::new().git().file("AGENTS.md", "Use tabs.\n").args([
        "--model",
        "gpt-5.4",
        "--memory",
        "Tea.",
        "--sandbox",
        "generic",
    ]);
    let printed = t.run().ok().to_string();
    let t = t.args(["--json"]);
    let out = t.run().ok().to_string();
    assert!(out.ends_with("}\n"), "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "budget",
            "bytes",
            "family",
            "mode",
            "mode_tokens",
            "model",
            "provider",
            "sections",
            "tier",
            "tokens"
        ]
    );
    assert_eq!(json["model"], "gpt-5.4");
    assert_eq!(json["family"], "gpt");
    assert_eq!(json["provider"], "openai");
    let sections = json["sections"].as_array().unwrap();
    let names: Vec<&str> = sections
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "base",
            "goal",
            "skills",
            "sandbox",
            "git",
            "context",
            "instructions",
            "memory"
        ]
    );
    let sources: Vec<&str> = sections
        .iter()
        .map(|s| s["source"].as_str().unwrap())
        .collect();
    assert_eq!(
        sources,
        [
            "built-in:base/gpt.md.tmpl",
            "built-in:sections/goal.md.tmpl",
            "built-in:sections/skills.md.tmpl",
            "built-in:sections/sandbox.md.tmpl",
            "built-in:sections/git.md.tmpl",
            "built-in:sections/context.md.tmpl",
            "built-in:sections/instructions.md.tmpl",
            "built-in:sections/memory.md.tmpl",
        ]
    );
    for s in sections {
        let keys: Vec<&str> = s.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["bytes", "name", "source", "text"]);
        assert_eq!(s["bytes"], s["text"].as_str().unwrap().len());
    }
    assert_eq!(
        sections[5]["text"],
        "--- Context from: AGENTS.md ---\nUse tabs.\n--- End of Context from: AGENTS.md ---"
    );
    assert_eq!(sections[6]["text"], "");
    assert_eq!(sections[7]["text"], "---\n\nTea.");
    // The non-empty texts joined are the printed prompt; bytes counts them without the
    // final newline.
    let joined: Vec<&str> = sections
        .iter()
        .map(|s| s["text"].as_str().unwrap())
        .filter(|t| !t.is_empty())
        .collect();
    assert_eq!(format!("{}\n", joined.join("\n\n")), printed);
    assert_eq!(json["bytes"], printed.len() - 1);
}

#[test]
fn json_exact_output() {
    let t = Test::new().args(small("Be \"brief\".\nTab:\t.")).args([
        "--no-section",
        "instructions",
        "--json",
    ]);
    assert_eq!(
        t.run().ok(),
        "{\n  \"model\": \"claude-sonnet-5-5\",\n  \"family\": \"claude\",\n  \"provider\": \"anthropic\",\n  \"mode\": \"assistant\",\n  \"tier\": 5,\n  \"bytes\": 0,\n  \"tokens\": 0,\n  \"mode_tokens\": 1102,\n  \"budget\": 1500,\n  \"sections\": []\n}\n"
    );
    let t = Test::new().args(small("Be \"brief\".\nTab:\t.")).args([
        "--model",
        "claude-sonnet-5-5",
        "--json",
    ]);
    // Counted by tiktoken-rs, not the tokenizer under test.
    let tokens = tiktoken_rs::o200k_base_singleton()
        .encode_ordinary("Be \"brief\".\nTab:\t.")
        .len();
    assert_eq!(
        t.run().ok(),
        "{\n  \"model\": \"claude-sonnet-5-5\",\n  \"family\": \"claude\",\n  \"provider\": \"anthropic\",\n  \"mode\": \"assistant\",\n  \"tier\": 5,\n  \"bytes\": 18,\n  \"tokens\": TOKENS,\n  \"mode_tokens\": 1102,\n  \"budget\": 1500,\n  \"sections\": [\n    {\n      \"name\": \"instructions\",\n      \"source\": \"built-in:sections/instructions.md.tmpl\",\n      \"bytes\": 18,\n      \"text\": \"Be \\\"brief\\\".\\nTab:\\t.\"\n    }\n  ]\n}\n"
            .replace("TOKENS", &tokens.to_string())
    );
}

#[test]
fn json_can_be_checked() {
    let t = Test::new().args(small("x")).args(["--json"]);
    let json = t.run().ok().to_string();
    let t = t
        .file("prompt.json", &json)
        .args(["--check", "prompt.json"]);
    assert_eq!(t.run().ok(), "");
    let t = Test::new()
        .file("prompt.json", "{}\n")
        .args(small("x"))
        .args(["--json", "--check", "prompt.json"]);
    let run = t.run();
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("\n-{}\n+{\n"), "{}", run.stdout);
}
