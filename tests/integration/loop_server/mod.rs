//! The README's loop, `messages --session s … | curl … | asimi-prompt reply --session s
//! --apply`, run end to end against a stand-in of each provider (`server`): three turns
//! in a git project, each answer an edit block that `reply --apply` writes into a file,
//! the last also a tool call; each turn carries the earlier ones, the stand-in's prompt
//! cache reads the prefix the provider's rule gives, and `context --session` sets that
//! read beside the prediction.

mod answer;
mod check;
mod server;

use serde_json::{json, Value};

use crate::common::Test;
use crate::reuse_simulation::sim;
use answer::{Script, Shape};
use server::Server;

/// The file the answers edit, one step a turn.
const NOTES: &str = "notes.md";
/// How many turns each provider's session runs.
const TURNS: usize = 3;
const TOOL: &str = "read_file";

/// One provider as the loop meets it.
struct Provider {
    name: &'static str,
    model: &'static str,
    shape: Shape,
    rule: sim::Rule,
}

const PROVIDERS: &[Provider] = &[
    Provider {
        name: "anthropic",
        model: "claude-sonnet-5-5",
        shape: Shape::Anthropic,
        rule: sim::Rule::Breakpoints,
    },
    Provider {
        name: "openai",
        model: "gpt-5.6-terra",
        shape: Shape::Chat,
        rule: sim::Rule::Explicit,
    },
    Provider {
        name: "openai-responses",
        model: "gpt-5.4",
        shape: Shape::Responses,
        rule: sim::Rule::Prefix,
    },
    // OpenRouter passes Anthropic's markers on to Anthropic, whose rule then applies.
    Provider {
        name: "openrouter",
        model: "anthropic/claude-sonnet-5.5",
        shape: Shape::OpenRouter,
        rule: sim::Rule::Breakpoints,
    },
    Provider {
        name: "gemini",
        model: "gemini-3.8-flash",
        shape: Shape::Gemini,
        rule: sim::Rule::Prefix,
    },
];

/// A git project with a file of some 10,000 tokens (worth caching) before the small
/// file the answers edit.
fn project() -> Test {
    let big: String = (0..400)
        .map(|i| format!("fn f{i}(x: u32) -> u32 {{ x * {i} + {} }}\n", i * 7))
        .collect();
    Test::new()
        .file("big.rs", big)
        .file(NOTES, step(0))
        .env("ASIMI_PROMPT_SANDBOX", "0")
        .tracked()
}

fn step(n: usize) -> String {
    format!("# Notes\n\nstep {n}\n")
}

/// Turn `n`'s answer: an edit from step `n - 1` to step `n`; the second turn also asks
/// to read a file, so a tool call reaches the session. No result answers it (a shell
/// loop runs no tools), so the next turn's history says in words that it was made: the
/// stand-in refuses a call without a result, as the APIs do.
fn script(n: usize) -> Script {
    let (edit, repl, end) = (
        asimi_prompt::edit::EDIT,
        asimi_prompt::edit::REPL,
        asimi_prompt::edit::END,
    );
    let text = format!(
        "Turn {n} done.\n\n{NOTES}\n{edit}\nstep {}\n{repl}\nstep {n}\n{end}\n",
        n - 1
    );
    let tool_call = (n == 2).then(|| (TOOL.to_string(), json!({"path": "big.rs"})));
    Script { text, tool_call }
}

/// The flags every command of a provider's session takes.
fn flags(p: &Provider) -> Vec<String> {
    [
        "--provider",
        p.name,
        "--model",
        p.model,
        "--session",
        "s",
        "--file",
        "big.rs",
        "--file",
        NOTES,
    ]
    .map(String::from)
    .to_vec()
}

/// Even turns ask for an event stream: Gemini by its method, the others in the body.
fn streams(n: usize) -> bool {
    n.is_multiple_of(2)
}

fn post_path(p: &Provider, n: usize) -> String {
    match (p.shape, streams(n)) {
        (Shape::Gemini, true) => {
            format!("/v1beta/models/{}:streamGenerateContent?alt=sse", p.model)
        }
        (Shape::Gemini, false) => format!("/v1beta/models/{}:generateContent", p.model),
        _ => server::path(p.shape).to_string(),
    }
}

/// `command` with the session's flags.
fn command(p: &Provider, command: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec![command.to_string()];
    args.extend(extra.iter().map(|a| a.to_string()));
    args.extend(flags(p));
    args
}

/// The model's minimum cacheable prefix, as the registry gives it.
fn min_cache_tokens(t: &Test, p: &Provider) -> usize {
    let args = command(p, "context", &["--json", "--prompt", "x"]);
    let json: Value = serde_json::from_str(t.run_with(&args).ok()).unwrap();
    json["min_cache_tokens"].as_u64().unwrap() as usize
}

/// Runs the loop for `p`; returns the server, for what it saw, and the project.
fn run_loop(p: &Provider) -> (Server, Test) {
    let t = project();
    let server = Server::start(p.shape, p.rule, min_cache_tokens(&t, p));
    for n in 1..=TURNS {
        let prompt = format!("Turn {n}");
        let mut args = command(p, "messages", &["--prompt", &prompt]);
        if streams(n) && p.shape != Shape::Gemini {
            args.push("--stream".into());
        }
        let body = t.run_with(&args);
        // The call of turn 2 had no result: turn 3 names it in words, and says so.
        let left_out = body
            .stderr
            .contains("that read_file was called: no result came back");
        assert_eq!(left_out, n == 3, "{} turn {n}: {}", p.name, body.stderr);
        server.script(script(n));
        let (status, answer) = server.post(&post_path(p, n), body.ok());
        assert!(
            status.ends_with("200 OK"),
            "{} turn {n}: {status}: {answer}",
            p.name
        );
        let reply = t.run_env_with_input(
            &[],
            &["reply", "--session", "s", "--apply"],
            answer.as_bytes(),
        );
        assert!(
            reply.ok().contains(&format!("Turn {n} done.")),
            "{}",
            p.name
        );
        assert_eq!(
            t.read(&t.work.join(NOTES)),
            step(n),
            "{} turn {n}: {}",
            p.name,
            reply.stderr
        );
    }
    (server, t)
}

#[test]
fn the_readme_loop_runs_against_each_provider() {
    for p in PROVIDERS {
        let (server, t) = run_loop(p);
        let seen = server.seen();
        assert_eq!(seen.len(), TURNS, "{}", p.name);
        assert!(seen.iter().any(|s| s.streamed) && seen.iter().any(|s| !s.streamed));
        for (i, s) in seen.iter().enumerate().skip(1) {
            // The server saw the earlier answers in the history, and read the prefix.
            let body = s.body.to_string();
            for earlier in 1..=i {
                assert!(
                    body.contains(&format!("Turn {earlier} done.")),
                    "{} #{}",
                    p.name,
                    i + 1
                );
            }
            assert!(s.outcome.read > 0, "{} #{}: {:?}", p.name, i + 1, s.outcome);
        }
        let mut args = vec![
            "context".to_string(),
            "--json".into(),
            "--prompt".into(),
            "x".into(),
        ];
        args.extend(flags(p));
        let context: Value = serde_json::from_str(t.run_with(&args).ok()).unwrap();
        let requests = context["usage"]["requests"].as_array().unwrap();
        assert_eq!(requests.len(), TURNS, "{}", p.name);
        for (r, s) in requests.iter().zip(&seen) {
            let reported = &r["reported"];
            assert_eq!(reported["cache_read"], s.outcome.read, "{}: {r}", p.name);
            // What asimi-prompt predicted is what the provider's rule gave.
            assert_eq!(
                r["predicted"]["cache_read"], s.outcome.read,
                "{}: {r}",
                p.name
            );
        }
    }
}

/// The structural checks refuse what the APIs refuse, with the API's reason, over HTTP.
#[test]
fn the_stand_in_refuses_bodies_the_apis_refuse() {
    let user = |text: &str| json!({"role": "user", "content": text});
    let marked = json!({"type": "text", "text": "x", "cache_control": {"type": "ephemeral"}});
    let call = json!({"role": "assistant", "content": [
        {"type": "tool_use", "id": "t1", "name": TOOL, "input": {}}]});
    let anthropic = |messages: Value| json!({"model": "m", "max_tokens": 1, "messages": messages});
    let cases = [
        (
            Shape::Anthropic,
            json!({"model": "m", "messages": [user("a")]}),
            "max_tokens",
        ),
        (
            Shape::Anthropic,
            anthropic(json!([user("a"), user("b")])),
            "alternate",
        ),
        (
            Shape::Anthropic,
            anthropic(json!([{"role": "user", "content": vec![marked; 5]}])),
            "at most 4",
        ),
        (
            Shape::Anthropic,
            anthropic(json!([user("a"), call, user("b")])),
            "no tool_result",
        ),
        (
            Shape::Chat,
            json!({"model": "m", "messages": [user("a"), {"role": "assistant",
            "content": null, "tool_calls": [{"id": "c1", "type": "function",
            "function": {"name": TOOL, "arguments": "{}"}}]}, user("b")]}),
            "tool messages",
        ),
        (
            Shape::Responses,
            json!({"model": "m", "input": [user("a"), {"type": "function_call",
            "call_id": "c1", "name": TOOL, "arguments": "{}"}, user("b")]}),
            "no tool output",
        ),
        (
            Shape::Gemini,
            json!({"contents": [{"role": "model", "parts": [{"text": "a"}]}]}),
            "alternate",
        ),
    ];
    for (shape, body, reason) in cases {
        let server = Server::start(shape, sim::Rule::Prefix, 1024);
        let path = match shape {
            Shape::Gemini => "/v1beta/models/m:generateContent".to_string(),
            _ => server::path(shape).to_string(),
        };
        let (status, answer) = server.post(&path, &body.to_string());
        assert!(status.ends_with("400 Bad Request"), "{body}: {status}");
        assert!(answer.contains(reason), "{body}: {answer}");
        assert!(server.seen().is_empty());
    }
}
