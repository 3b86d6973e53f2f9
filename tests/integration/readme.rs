//! The README's journeys run as written: every `asimi-prompt` command in its `sh` blocks
//! (the part before a pipe into `curl`) runs in a small git project, in order, in one
//! world, and succeeds. `tests/integration/manual.rs` runs the manual's (docs/) the same way.

use crate::common;
use common::{sh_commands, Test};

/// `VAR=value` settings before a command.
type Settings = Vec<(String, String)>;

/// `line` as `(VAR=value settings, arguments after asimi-prompt)`, up to a pipe; `None`
/// when it runs something else. `~/` is the world's home; quotes are single quotes.
fn invocation(line: &str, home: &str) -> Option<(Settings, Vec<String>)> {
    let line = line.split(" |").next()?.trim_end_matches('|').trim();
    let mut words = Vec::new();
    let (mut word, mut quoted) = (String::new(), false);
    for c in line.chars() {
        match c {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    let words: Vec<String> = words
        .iter()
        .map(|w| w.replace("~/", &format!("{home}/")))
        .collect();
    let at = words.iter().position(|w| w == "asimi-prompt")?;
    let env = words[..at]
        .iter()
        .map(|w| {
            w.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
        })
        .collect::<Option<Vec<_>>>()?;
    Some((env, words[at + 1..].to_vec()))
}

#[test]
fn the_readmes_commands_run_as_written() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let t = Test::new()
        // A workspace, as tokio is: no src/ at the root, so the journeys must not
        // name one.
        .file("app/src/main.rs", "fn main() {\n    println!(\"hi\");\n}\n")
        .file("README.md", "# Hi\n\nBuild with `cargo build`.\n")
        .file("prompts/.keep", "")
        .tracked();
    let home = t.home.display().to_string();
    let runs: Vec<_> = sh_commands(&readme)
        .iter()
        .filter_map(|l| invocation(l, &home).map(|i| (l.clone(), i)))
        .collect();
    assert!(runs.len() >= 8, "the journeys' commands: {runs:?}");
    for (line, (env, mut args)) in runs {
        // `> FILE`: the shell's redirect, done here.
        let out = args.iter().position(|a| a == ">").map(|at| {
            let file = args[at + 1].clone();
            args.truncate(at);
            file
        });
        // What the provider answers in the loop: an edit to the README.
        let r = match args[0].as_str() {
            "reply" => t.run_env_with_input(&env, &args, ANSWER.as_bytes()),
            _ => t.run_env(&env, &args),
        };
        assert_eq!(r.code, 0, "{line}\n{}", r.stderr);
        if args[0] == "messages" {
            serde_json::from_str::<serde_json::Value>(&r.stdout).expect("a JSON body");
        }
        if let Some(file) = out {
            std::fs::write(t.work.join(file), &r.stdout).unwrap();
        }
    }
    // The loop edited the README, and the session carries the turn.
    let readme = std::fs::read_to_string(t.work.join("README.md")).unwrap();
    assert!(readme.contains("## Usage"), "{readme}");
    let next = t.run_with(&["messages", "--session", "work", "--prompt", "next"]);
    assert!(next.ok().contains("Add a usage section"), "{}", next.stdout);
}

/// The provider's answer to the README's loop (an Anthropic Messages body).
const ANSWER: &str = r#"{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-5-5",
"content":[{"type":"text","text":"README.md\n««« EDIT\nBuild with `cargo build`.\n═══════ REPL\nBuild with `cargo build`.\n\n## Usage\n\nRun `cargo run`.\n»»» EDIT END\n"}],
"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":900,"output_tokens":40}}"#;
