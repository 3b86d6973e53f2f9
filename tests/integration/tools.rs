//! `--tools FILE|-`: tool definitions carried in each provider's body shape, a prompt
//! that names exactly those tools and documents them, definitions refused with the file
//! and the entry named, and a session that takes changed tools for a changed L0.
//! (`--tools mcp:SERVER` is in tests/mcp.rs, whose binary is the server.)

use serde_json::{json, Value};

use crate::common::{self, Test};

/// The tools the definitions name, in order.
const GIVEN: [&str; 4] = [
    "read_file",
    "search_file_content",
    "run_tests",
    "lookup_issue",
];

/// The default tool names the definitions leave out: the prompt must not name them.
fn left_out() -> impl Iterator<Item = &'static str> {
    let given = |tool: &str| GIVEN.iter().any(|g| tool == format!("`{g}`"));
    crate::protocol::TOOLS
        .into_iter()
        .filter(move |t| !given(t))
}

fn project() -> Test {
    Test::new()
        .git()
        .file("tools.json", common::TOOL_DEFINITIONS)
}

fn body(t: &Test, provider: &str, extra: &[&str]) -> Value {
    let args = [
        &["messages", "--prompt", "hi", "--provider", provider][..],
        extra,
    ]
    .concat();
    serde_json::from_str(t.run_with(&args).ok()).unwrap()
}

fn with_tools(t: &Test, provider: &str) -> Value {
    body(t, provider, &["--tools", "tools.json"])
}

/// The read_file definition's schema, as every shape carries it.
fn read_file_schema() -> Value {
    json!({"type": "object", "properties": {
        "absolute_path": {"type": "string", "description": "The file's absolute path"},
        "offset": {"type": "integer"}}, "required": ["absolute_path"]})
}

#[test]
fn every_provider_carries_the_definitions_in_its_shape_in_the_order_given() {
    let t = project();
    let read_file = "Reads a file of the project.";
    let names = |list: &Value, pointer: &str| -> Vec<String> {
        let list = list.as_array().unwrap();
        list.iter()
            .map(|v| v.pointer(pointer).unwrap().as_str().unwrap().to_string())
            .collect()
    };
    let b = with_tools(&t, "anthropic");
    assert_eq!(names(&b["tools"], "/name"), GIVEN);
    assert_eq!(
        b["tools"][0],
        json!({"name": "read_file", "description": read_file, "input_schema": read_file_schema()})
    );
    for provider in ["openai", "openrouter"] {
        let b = with_tools(&t, provider);
        assert_eq!(names(&b["tools"], "/function/name"), GIVEN);
        assert_eq!(
            b["tools"][0],
            json!({"type": "function", "function": {"name": "read_file",
                   "description": read_file, "parameters": read_file_schema()}})
        );
    }
    let b = with_tools(&t, "openai-responses");
    assert_eq!(names(&b["tools"], "/name"), GIVEN);
    assert_eq!(
        b["tools"][0],
        json!({"type": "function", "name": "read_file", "description": read_file,
               "parameters": read_file_schema(), "strict": false})
    );
    let b = with_tools(&t, "gemini");
    let declarations = &b["tools"][0]["functionDeclarations"];
    assert_eq!(b["tools"].as_array().unwrap().len(), 1);
    assert_eq!(names(declarations, "/name"), GIVEN);
    assert_eq!(
        declarations[0],
        json!({"name": "read_file", "description": read_file,
               "parametersJsonSchema": read_file_schema()})
    );
    // MCP's own schema keys (additionalProperties) go through as given.
    assert_eq!(
        declarations[3]["parametersJsonSchema"]["additionalProperties"],
        json!(false)
    );
    // Without --tools, no body has the key.
    for provider in ["anthropic", "openai", "openai-responses", "gemini"] {
        assert!(body(&t, provider, &[]).get("tools").is_none(), "{provider}");
    }
}

/// Every code span the prompt opens is closed over something: a role without a tool
/// leaves no `` behind.
fn no_empty_code_span(text: &str, what: &str) {
    let spans = text.replace("```", "");
    if let Some(at) = spans.find("``") {
        let start = at.saturating_sub(120);
        let start = (0..=start)
            .rev()
            .find(|i| spans.is_char_boundary(*i))
            .unwrap();
        panic!("{what}: an empty code span: {:?}", &spans[start..at + 2]);
    }
}

#[test]
fn the_prompt_names_exactly_the_tools_given_and_documents_them() {
    let t = project();
    for model in [
        "claude-sonnet-5-5",
        "gpt-5.4",
        "gemini-3.8-flash",
        "llama-3",
    ] {
        for window in ["8192", "200000"] {
            let extra = [
                "--tools",
                "tools.json",
                "--model",
                model,
                "--context-window",
                window,
                // One body shape for every family's prompt.
                "--allow-model-mismatch",
                "--mode",
                "developer",
            ];
            let b = body(&t, "anthropic", &extra);
            let system = b["system"][0]["text"].as_str().unwrap();
            let what = format!("{model} {window}");
            for tool in left_out() {
                assert!(!system.contains(tool), "{what} names {tool}:\n{system}");
            }
            no_empty_code_span(system, &what);
            // The tools protocol, not edit blocks.
            assert!(!system.contains(asimi_prompt::edit::EDIT), "{what}");
            let docs = &system[system.find("# Available Tools").expect(system)..];
            for tool in GIVEN {
                assert!(docs.contains(&format!("## {tool}\n")), "{what}: {docs}");
            }
            assert!(
                docs.contains(
                    "## read_file\n\nReads a file of the project.\n\nParameters:\n- \
                     `absolute_path` (string, required): The file's absolute path\n- \
                     `offset` (integer)\n"
                ),
                "{what}: {docs}"
            );
        }
    }
    // The roles given are still named where the prompt teaches them.
    let b = with_tools(&t, "anthropic");
    let system = b["system"][0]["text"].as_str().unwrap();
    assert!(system.contains("`search_file_content`"), "{system}");
}

#[test]
fn each_input_shape_reads_from_a_file_or_standard_input() {
    let t = project();
    let from_file = with_tools(&t, "anthropic")["tools"].clone();
    // MCP's tools/list result, on standard input.
    let listed: Vec<Value> = from_file
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| {
            json!({"name": tool["name"], "description": tool["description"],
                   "inputSchema": tool["input_schema"]})
        })
        .collect();
    let wrapped = json!({"tools": listed}).to_string();
    let run = t.stdin(wrapped).run_with(&[
        "messages",
        "--prompt",
        "hi",
        "--provider",
        "anthropic",
        "--tools",
        "-",
    ]);
    let b: Value = serde_json::from_str(run.ok()).unwrap();
    assert_eq!(b["tools"], from_file);
}

#[test]
fn bad_definitions_are_refused_naming_the_file_and_the_entry() {
    let cases: [(&str, &str); 7] = [
        ("{", "--tools 'bad.json': not JSON"),
        (
            r#"{"name": "x"}"#,
            "--tools 'bad.json': expected a JSON list",
        ),
        (
            r#"[{"name": "a", "input_schema": {}}, {"description": "no name", "input_schema": {}}]"#,
            "--tools 'bad.json': entry 1: no 'name'",
        ),
        (
            r#"[{"name": "a", "input_schema": {}}, {"name": "a", "inputSchema": {}}]"#,
            "--tools 'bad.json': entry 1: the name 'a' is given twice",
        ),
        (
            r#"[{"name": "a", "description": "d"}]"#,
            "--tools 'bad.json': entry 0: tool 'a': no input schema",
        ),
        (
            r#"[{"type": "web_search_20250305", "name": "web_search"}]"#,
            "--tools 'bad.json': entry 0: type \"web_search_20250305\" is not a function tool",
        ),
        (
            r#"[{"name": "a b", "input_schema": {}}]"#,
            "--tools 'bad.json': entry 0: the name 'a b' is not one every provider takes",
        ),
    ];
    for (text, expect) in cases {
        let t = Test::new().file("bad.json", text);
        let err = t
            .run_with(&["messages", "--prompt", "hi", "--tools", "bad.json"])
            .fails()
            .to_string();
        assert!(err.starts_with(&format!("asimi-prompt: {expect}")), "{err}");
    }
    let err = Test::new()
        .run_with(&["messages", "--prompt", "hi", "--tools", "missing.json"])
        .fails()
        .to_string();
    assert!(
        err.contains("cannot read the --tools file 'missing.json'"),
        "{err}"
    );
}

#[test]
fn tools_with_the_edits_protocol_or_a_raw_body_are_usage_errors() {
    let t = project();
    let refused = |extra: &[&str]| {
        let args = [
            &["messages", "--prompt", "hi", "--tools", "tools.json"][..],
            extra,
        ];
        t.run_with(&args.concat()).fails().to_string()
    };
    let err = refused(&["--protocol", "edits"]);
    assert!(err.contains("with --protocol edits"), "{err}");
    let err = refused(&["--provider", "raw"]);
    assert!(err.contains("a raw body is a bare message array"), "{err}");
    // Standard input holds the tools, so it cannot hold the prompt as well.
    let err = t
        .run_with(&["messages", "--tools", "-"])
        .fails()
        .to_string();
    assert!(err.contains("--tools -: standard input holds"), "{err}");
}

/// A project whose system prompt is over Sonnet 5.5's 512-token minimum, with two tool
/// lists that differ only in a schema keyword the prompt does not show.
fn session_project() -> Test {
    let schema = |extra: &str| {
        format!(r#"[{{"name": "one", "input_schema": {{"type": "object"{extra}}}}}]"#)
    };
    project()
        .file("same.json", schema(""))
        .file("other.json", schema(r#", "additionalProperties": false"#))
        .file("system.md", "word ".repeat(1100))
        .env("ASIMI_SYSTEM_MD", "system.md")
}

fn reuse_line(t: &Test, command: &str, tools: &str) -> String {
    let run = t.run_with(&[
        command,
        "--model",
        "claude-sonnet-5-5",
        "--no-file-tree",
        "--prompt",
        "hi",
        "--session",
        "s",
        "--tools",
        tools,
        // The prompt the same either way: only the body's tools differ.
        "--no-section",
        "tools",
    ]);
    let out = run.ok().to_string();
    out.lines()
        .find(|l| l.starts_with("cache reuse after"))
        .map(str::to_string)
        .unwrap_or(out)
}

#[test]
fn changed_tools_are_a_changed_l0_that_the_session_reads_nothing_of() {
    let t = session_project();
    for _ in 0..2 {
        reuse_line(&t, "messages", "same.json");
    }
    let same = reuse_line(&t, "context", "same.json");
    assert!(!same.contains(": 0 of"), "{same}");
    let changed = reuse_line(&t, "context", "other.json");
    assert!(changed.contains(": 0 of"), "{changed}");
}
