//! What a prompt teaches the model to act with: the agent's tools (`system`, `export`), or
//! edit blocks when the request carries no tools (`messages`, `context`). A body never
//! tells the model to use a tool it does not carry.

use crate::common::{self, Test};

/// The default tool names, as prompts write them: none may appear in a prompt of the edits
/// protocol.
pub(crate) const TOOLS: [&str; 9] = [
    "`read_file`",
    "`write_file`",
    "`search_file_content`",
    "`glob`",
    "`replace`",
    "`run_shell_command`",
    "`read_many_files`",
    "`save_memory`",
    "`list_directory`",
];

/// The markers `apply` reads: the prompts teach exactly these.
const MARKERS: [&str; 3] = [
    asimi_prompt::edit::EDIT,
    asimi_prompt::edit::REPL,
    asimi_prompt::edit::END,
];

fn names_no_tool(text: &str, what: &str) {
    for tool in TOOLS {
        assert!(!text.contains(tool), "{what} names {tool}:\n{text}");
    }
    // A tool left out leaves no empty code span behind (fences aside).
    let spans = text.replace("```", "");
    if let Some(at) = spans.find("``") {
        let start = spans[..at]
            .char_indices()
            .rev()
            .nth(80)
            .map_or(0, |(i, _)| i);
        let around: String = spans[start..].chars().take(120).collect();
        panic!("{what} has an empty code span: {around:?}");
    }
}

/// The whole body of a default request, as text: system prompt, working files, prompt
/// and reminder.
fn body_text(t: &Test, extra: &[&str]) -> String {
    let args = [
        &["messages", "--provider", "raw", "--prompt", "Fix it"][..],
        extra,
    ]
    .concat();
    t.run_with(&args).ok().to_string()
}

#[test]
fn a_request_names_no_tool_and_teaches_edit_blocks_for_every_family_mode_and_tier() {
    let t = common::mapped_project();
    for model in [
        "claude-sonnet-5-5",
        "gpt-5.4",
        "gemini-3.8-flash",
        "llama-3",
    ] {
        for mode in ["assistant", "developer", "planning", "debugger", "user"] {
            for window in ["4096", "8192", "16384", "32768", "200000"] {
                let extra = [
                    "--model",
                    model,
                    "--mode",
                    mode,
                    "--context-window",
                    window,
                    "--sandbox",
                    "generic",
                ];
                let body = body_text(&t, &extra);
                let what = format!("{model} {mode} {window}");
                names_no_tool(&body, &what);
                let reminder = &body[body.rfind("Reminder:").expect(&body)..];
                for marker in MARKERS {
                    assert!(reminder.contains(marker), "{what}: {reminder}");
                }
            }
        }
    }
}

#[test]
fn the_full_edits_prompt_has_the_designs_parts() {
    let t = common::mapped_project();
    let prompt = common::request_system_prompt(&t, &["--model", "gpt-5.4"]);
    for part in [
        "# Edit Protocol",
        "# Workflow",
        "# Failure Recovery",
        "# Context Trust",
        "# Repository Map",
        "To create a file, leave the old section empty. To delete lines, leave the new section empty.",
    ] {
        assert!(prompt.contains(part), "{part}:\n{prompt}");
    }
    for marker in MARKERS {
        assert!(prompt.contains(marker), "{marker}");
    }
}

#[test]
fn system_and_export_keep_the_tools_and_take_either_protocol() {
    let t = Test::new().git();
    let tools = t
        .run_with(&["system", "--model", "gpt-5.4"])
        .ok()
        .to_string();
    assert!(tools.contains("`run_shell_command`"), "{tools}");
    assert!(!tools.contains("««« EDIT"));
    let edits = t
        .run_with(&["system", "--model", "gpt-5.4", "--protocol", "edits"])
        .ok()
        .to_string();
    names_no_tool(&edits, "system --protocol edits");
    assert!(edits.contains("# Edit Protocol"), "{edits}");
    // A request asked for the tools protocol gets today's prompt.
    let asked = body_text(&t, &["--model", "gpt-5.4", "--protocol", "tools"]);
    assert!(asked.contains("run_shell_command"), "{asked}");
    // `export` exports either.
    t.run_with(&[
        "export",
        "--protocol",
        "edits",
        "--model",
        "gpt-5.4",
        "out.md",
    ])
    .ok();
    let exported = std::fs::read_to_string(t.work.join("out.md")).unwrap();
    names_no_tool(&exported, "export --protocol edits");
    assert!(exported.contains("# Edit Protocol"), "{exported}");
}

/// A reply written by the format the edits prompt teaches is one `apply` takes: the
/// example in the prompt, sent back as a model would, applies to its file.
#[test]
fn the_prompts_example_block_applies() {
    let t = Test::new().git().file(
        "src/greeting.py",
        "def greet(name):\n    return \"Hello \" + name\n",
    );
    let prompt = t
        .run_with(&["system", "--protocol", "edits"])
        .ok()
        .to_string();
    let start = prompt.find("src/greeting.py\n").expect(&prompt);
    let end = prompt[start..].find(MARKERS[2]).unwrap() + MARKERS[2].len();
    let reply = format!("Here it is:\n\n{}\n", &prompt[start..start + end]);
    let t = t.file("reply.md", reply);
    t.run_with(&["apply", "reply.md"]).ok();
    assert_eq!(
        std::fs::read_to_string(t.work.join("src/greeting.py")).unwrap(),
        "def greet(name: str) -> str:\n    return f\"Hello, {name}\"\n"
    );
}
