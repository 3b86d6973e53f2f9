//! The manual's examples run as written: every `asimi-prompt` command in the `sh` blocks
//! of docs/*.md runs, with what pipes into it, in one small git project that holds the
//! files the examples name, and succeeds. What it pipes into (`curl`, `jq`, `pbcopy`)
//! is left off: the body is the example's point. The few that need the network are
//! named in [`NEEDS_NETWORK`] and must still be in the manual.

use crate::common;
use common::{sh_commands, Test};

/// Examples that reach the internet, which tests do not: fetching a page, or the MCP
/// reference server, which npx downloads.
const NEEDS_NETWORK: &[&str] = &[
    "--url https://www.rust-lang.org/",
    "--fetch-urls",
    "@modelcontextprotocol/server-everything",
];

/// `line` cut into pipeline stages at each `|` outside quotes.
fn stages(line: &str) -> Vec<String> {
    let (mut out, mut stage, mut quote) = (Vec::new(), String::new(), None);
    for c in line.chars() {
        match (c, quote) {
            ('\'' | '"', None) => quote = Some(c),
            (c, Some(q)) if c == q => quote = None,
            ('|', None) => {
                out.push(std::mem::take(&mut stage).trim().to_string());
                continue;
            }
            _ => {}
        }
        stage.push(c);
    }
    out.push(stage.trim().to_string());
    out.retain(|s| !s.is_empty());
    out
}

/// The script to run for `line`: its stages up to the one that runs `asimi-prompt`
/// (with a `name=$(` capture around it dropped); `None` when no stage runs it.
fn script(line: &str) -> Option<String> {
    let stages = stages(line);
    let at = stages
        .iter()
        .position(|s| s.split_whitespace().any(|w| w.ends_with("asimi-prompt")))?;
    let mut kept = stages[..=at].to_vec();
    if let Some((_, rest)) = kept[at].split_once("=$(") {
        kept[at] = rest.to_string();
    }
    Some(kept.join(" | "))
}

/// A project with the files, history, tags and branches the manual's examples name,
/// and `llm`, a stand-in that echoes its input.
fn world() -> Test {
    let t = Test::new()
        .file("src/main.rs", "fn main() {\n    let total = 1 + 2;\n    println!(\"{total}\");\n}\n")
        .file("src/lib.rs", "pub mod lex;\npub mod parse;\n")
        .file("src/lex.rs", "pub fn tokens(s: &str) -> Vec<&str> {\n    s.split(' ').collect()\n}\n")
        .file("src/parse.rs", "pub fn parse(s: &str) -> usize {\n    let mut n = 0;\n    for _ in s.chars() {\n        n += 1;\n    }\n    n\n}\n")
        .file("tests/parse.rs", "#[test]\nfn parses() {}\n")
        .file("Cargo.toml", "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n")
        .file("Cargo.lock", "version = 4\n")
        .file(".env", "LOG_LEVEL=debug\n")
        .file("context.yaml", "prompt: Explain the parser\nfiles:\n  - src/parse.rs\n")
        .file("chat.json", "[{\"role\": \"user\", \"content\": \"Fix the parser\"}, {\"role\": \"assistant\", \"content\": \"Done.\"}]\n")
        .file("prompt.tmpl", "Hello, {{.Name}}: {{.Role}}\n")
        .file("vars.yaml", "Role: reviewer\n")
        .file("list.json", "{\"L\": [1, 2]}\n")
        .file("my-system.md.tmpl", "You are in {{.Mode}} mode.\n")
        .file("work/goal.yaml", "description: Ship the parser\nstatus: active\n")
        .file(".asimi/goal.yaml", "description: Ship the lexer\nstatus: active\n")
        .file("task.txt", "[GOAL] Ship the lexer - COMPLETED\n")
        .file("prompts/.keep", "")
        .file("tools.json", common::TOOL_DEFINITIONS)
        .home_file("src/project/README.md", "A project.\n")
        .home_file("prompts/.keep", "")
        .env("GIT_AUTHOR_NAME", "T")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "T")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .tracked();
    let run = |script: &str| {
        let r = t.shell(script, "bin");
        assert_eq!(r.code, 0, "{script}\n{}", r.stderr);
    };
    std::fs::create_dir_all(t.root.join("bin")).unwrap();
    std::fs::write(t.root.join("bin/llm"), "#!/bin/sh\ncat\n").unwrap();
    run("chmod +x ../bin/llm");
    run("git commit -qm one && git branch -M main && git tag v1.2");
    run("git init -q ~/src/project");
    run("echo 'pub fn sum() {}' >> src/lib.rs && git commit -qam two && git branch release && git checkout -qb work");
    run("echo '// edited' >> src/lib.rs && git commit -qam three && echo '// uncommitted' >> src/main.rs");
    run("echo '// staged' >> src/lex.rs && git add src/lex.rs");
    run("asimi-prompt system --model claude-sonnet-5-5 --check prompts/system.txt --update");
    t
}

#[test]
fn the_manuals_commands_run_as_written() {
    let t = world();
    let mut ran = 0;
    let mut failures = Vec::new();
    let mut offline = Vec::new();
    let mut docs: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/docs"))
        .unwrap()
        .map(|d| d.unwrap().path())
        .collect();
    docs.sort();
    for path in docs {
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for line in sh_commands(&text) {
            let Some(script) = script(&line) else {
                continue;
            };
            if NEEDS_NETWORK.iter().any(|n| script.contains(n)) {
                offline.push(script);
                continue;
            }
            ran += 1;
            let r = t.shell(&format!("name=cachedContents/demo; {script}"), "bin");
            if r.code != 0 {
                failures.push(format!("{}: {script}\n{}", path.display(), r.stderr));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(ran >= 50, "only {ran} commands found");
    assert_eq!(offline.len(), NEEDS_NETWORK.len(), "{offline:?}");
}

#[test]
fn a_pipeline_is_cut_after_asimi_prompt_and_quotes_hold_pipes() {
    assert_eq!(
        script("git diff | asimi-prompt messages --compact | curl -d @- x | jq '.a | .b'"),
        Some("git diff | asimi-prompt messages --compact".into())
    );
    assert_eq!(
        script("name=$(asimi-prompt messages --cache-create | jq -r .name)"),
        Some("asimi-prompt messages --cache-create".into())
    );
    assert_eq!(
        stages("echo 'a | b' | asimi-prompt"),
        ["echo 'a | b'", "asimi-prompt"]
    );
    assert_eq!(script("llm < task.txt"), None);
}
