//! The Rust side of the differential fuzzer (scripts/difffuzz/run at the workspace root):
//! reads cases that Go generated and rendered (JSON lines from `difffuzz gen`), renders
//! each through the crate, compares, reduces every mismatch to a small case with Go's help
//! (`difffuzz serve`), and checks the reduced cases against an allow-list.
//!
//! An example binary rather than a CLI command: it is a development tool, needs Go, and
//! renders in-process so 100,000 cases take minutes, not a process each.
//!
//! Usage: difffuzz --go PATH [--allow FILE] [--reduce N] < cases.jsonl
//! Exit status: 0, or 1 when a mismatch matches no allow-list entry.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use gotemplate::{json, render_str, Limit, MissingKey, Syntax};
use regex_automata::meta::Regex;
use serde_json::{json, Value as Json};

/// The name Go parses every case under (`Name` in gofuzz/main.go).
const NAME: &str = "t";

/// How one case came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Matched,
    BothFailed,
    /// Go rendered, gotemplate stopped at a documented engine limit (known-differences.md):
    /// an error whose `Error::limit` names it, never one that only reads like it.
    Limit,
    /// Go rendered, gotemplate printed other bytes.
    OutputDiffers,
    /// Go rendered, gotemplate failed.
    RustOnlyFailure,
    /// Go failed, gotemplate rendered.
    GoOnlyFailure,
    /// Go could not decode the data (not a template case).
    DataRejected,
    /// gotemplate panicked, whatever Go did.
    Panic,
}

impl Outcome {
    fn is_mismatch(self) -> bool {
        matches!(
            self,
            Outcome::OutputDiffers
                | Outcome::RustOnlyFailure
                | Outcome::GoOnlyFailure
                | Outcome::Panic
        )
    }
}

/// Why gotemplate rendered no output for a case.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Failure {
    /// The engine met one of its documented limits ([`Limit`]); the message.
    Limit(Limit, String),
    /// Any other error: its message.
    Error(String),
    /// A panic (the hook that would print it is silenced).
    Panic,
}

#[derive(Debug, Clone)]
struct GoResult {
    output: Option<String>,
    data_error: bool,
}

impl GoResult {
    fn from_json(v: &Json) -> GoResult {
        GoResult {
            output: v.get("output").and_then(Json::as_str).map(str::to_string),
            data_error: v.get("data_error").and_then(Json::as_bool).unwrap_or(false),
        }
    }
}

/// What gotemplate makes of one case.
fn render_rust(template: &str, data: &str) -> Result<String, Failure> {
    let data = match data {
        "" => minijinja::Value::from(()),
        text => json::decode(text).map_err(|e| Failure::Error(e.to_string()))?,
    };
    let render = || render_str(NAME, template, Syntax::Go, &data, MissingKey::Default);
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(render)) {
        Ok(r) => r.map_err(|e| match e.limit() {
            Some(limit) => Failure::Limit(limit, e.to_string()),
            None => Failure::Error(e.to_string()),
        }),
        Err(_) => Err(Failure::Panic),
    }
}

fn classify(go: &GoResult, ours: &Result<String, Failure>) -> Outcome {
    match (&go.output, ours) {
        (_, Err(Failure::Panic)) => Outcome::Panic,
        _ if go.data_error => Outcome::DataRejected,
        (Some(want), Ok(got)) if want == got => Outcome::Matched,
        (Some(_), Ok(_)) => Outcome::OutputDiffers,
        (Some(_), Err(Failure::Limit(..))) => Outcome::Limit,
        (Some(_), Err(_)) => Outcome::RustOnlyFailure,
        (None, Err(_)) => Outcome::BothFailed,
        (None, Ok(_)) => Outcome::GoOnlyFailure,
    }
}

/// A running `difffuzz serve`.
struct GoServer {
    _child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GoServer {
    fn start(path: &str) -> GoServer {
        let mut child = Command::new(path)
            .arg("serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {path}: {e}"));
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        GoServer {
            _child: child,
            stdin,
            stdout,
        }
    }

    fn render(&mut self, template: &str, data: &str) -> GoResult {
        let line = json!({"template": template, "data": data}).to_string();
        writeln!(self.stdin, "{line}").expect("write to difffuzz serve");
        self.stdin.flush().expect("flush difffuzz serve");
        let mut answer = String::new();
        self.stdout
            .read_line(&mut answer)
            .expect("read from difffuzz serve");
        GoResult::from_json(&serde_json::from_str(&answer).expect("JSON from difffuzz serve"))
    }
}

/// Splits a template into pieces the reducer removes: delimiters, words, spaces,
/// parentheses, pipes and quoted strings.
fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if b[i..].starts_with(b"{{") || b[i..].starts_with(b"}}") {
            i += 2;
        } else if b[i] == b'"' || b[i] == b'`' {
            let q = b[i];
            i += 1;
            while i < b.len() && b[i] != q {
                i += if b[i] == b'\\' && q == b'"' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else if b[i].is_ascii_whitespace() {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
        } else if matches!(b[i], b'(' | b')' | b'|') {
            i += 1;
        } else {
            while i < b.len()
                && !b[i].is_ascii_whitespace()
                && !matches!(b[i], b'(' | b')' | b'|' | b'"' | b'`')
                && !b[i..].starts_with(b"{{")
                && !b[i..].starts_with(b"}}")
            {
                i += 1;
            }
        }
        while !s.is_char_boundary(i) {
            i += 1;
        }
        out.push(s[start..i].to_string());
    }
    out
}

/// Greedy delta debugging: removes chunks of tokens, halving the chunk size, for as long
/// as `keep` still holds, within a budget of `budget` checks.
fn reduce_tokens(
    mut toks: Vec<String>,
    budget: &mut usize,
    keep: &mut dyn FnMut(&str) -> bool,
) -> Vec<String> {
    let mut chunk = toks.len().div_ceil(2).max(1);
    loop {
        let mut i = 0;
        let mut removed = false;
        while i < toks.len() && *budget > 0 {
            let end = (i + chunk).min(toks.len());
            let candidate: String = toks[..i]
                .iter()
                .chain(&toks[end..])
                .map(String::as_str)
                .collect();
            *budget -= 1;
            if keep(&candidate) {
                toks.drain(i..end);
                removed = true;
            } else {
                i += chunk;
            }
        }
        if *budget == 0 || (chunk == 1 && !removed) {
            return toks;
        }
        if !removed {
            chunk = (chunk / 2).max(1);
        }
    }
}

/// Removes data members and elements while `keep` holds. Data serde_json cannot hold
/// exactly (`-0`, `1e400`) is left as it is.
fn reduce_data(data: &str, budget: &mut usize, keep: &mut dyn FnMut(&str) -> bool) -> String {
    let Ok(mut value) = serde_json::from_str::<Json>(data) else {
        return data.to_string();
    };
    if value.to_string().len() > data.len() || data.contains("-0") {
        return data.to_string();
    }
    for simple in ["{}", "null"] {
        if keep(simple) {
            return simple.to_string();
        }
    }
    let mut progress = true;
    while progress && *budget > 0 {
        progress = false;
        let keys: Vec<String> = value
            .as_object()
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default();
        for k in keys {
            let mut candidate = value.clone();
            candidate.as_object_mut().map(|m| m.remove(&k));
            *budget = budget.saturating_sub(1);
            if keep(&candidate.to_string()) {
                value = candidate;
                progress = true;
            }
        }
    }
    value.to_string()
}

struct Mismatch {
    outcome: Outcome,
    template: String,
    data: String,
    go: Option<String>,
    ours: Result<String, Failure>,
}

fn reduce(go: &mut GoServer, m: &Mismatch) -> Mismatch {
    let outcome = m.outcome;
    let mut budget = 3000;
    let mut data = m.data.clone();
    let mut keep_tmpl = |t: &str| classify(&go.render(t, &data), &render_rust(t, &data)) == outcome;
    let toks = reduce_tokens(tokens(&m.template), &mut budget, &mut keep_tmpl);
    let template: String = toks.concat();
    let mut keep_data =
        |d: &str| classify(&go.render(&template, d), &render_rust(&template, d)) == outcome;
    data = reduce_data(&m.data, &mut budget, &mut keep_data);
    let go_result = go.render(&template, &data);
    Mismatch {
        outcome,
        ours: render_rust(&template, &data),
        go: go_result.output,
        template,
        data,
    }
}

/// Allow-list lines: `NAME<TAB>REGEX`, the regex matched against a reduced template.
fn allow_list(path: Option<&str>) -> Vec<(String, Regex)> {
    let Some(path) = path else { return Vec::new() };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .map(|(name, re)| {
            (
                name.to_string(),
                Regex::new(re).unwrap_or_else(|e| panic!("{name}: {e}")),
            )
        })
        .collect()
}

fn main() {
    // Deeply nested generated templates need more than the main thread's stack.
    let worker = std::thread::Builder::new().stack_size(256 << 20).spawn(run);
    worker
        .expect("spawn the worker")
        .join()
        .expect("the worker panicked");
}

fn run() {
    std::panic::set_hook(Box::new(|_| {}));
    let args: Vec<String> = std::env::args().collect();
    let opt = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let go_path = opt("--go").expect("usage: difffuzz --go PATH [--allow FILE] [--reduce N]");
    let max_reduce: usize = opt("--reduce").map_or(50, |n| n.parse().expect("--reduce N"));
    let allow = allow_list(opt("--allow").as_deref());

    let mut counts: BTreeMap<Outcome, usize> = BTreeMap::new();
    let mut generated = 0usize;
    let mut mismatches = Vec::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("read stdin");
        let case: Json = serde_json::from_str(&line).expect("a JSON line from difffuzz gen");
        let template = case["template"].as_str().unwrap_or_default();
        let data = case["data"].as_str().unwrap_or_default();
        let go = GoResult::from_json(&case);
        let ours = render_rust(template, data);
        let outcome = classify(&go, &ours);
        generated += 1;
        *counts.entry(outcome).or_default() += 1;
        if outcome.is_mismatch() && mismatches.len() < max_reduce {
            mismatches.push(Mismatch {
                outcome,
                template: template.to_string(),
                data: data.to_string(),
                go: go.output,
                ours,
            });
        }
    }

    let count = |o: Outcome| counts.get(&o).copied().unwrap_or(0);
    let go_rendered = count(Outcome::Matched)
        + count(Outcome::OutputDiffers)
        + count(Outcome::RustOnlyFailure)
        + count(Outcome::Limit);
    let mismatched =
        count(Outcome::OutputDiffers) + count(Outcome::RustOnlyFailure) + count(Outcome::Panic);
    println!("generated            {generated}");
    println!("data rejected by Go  {}", count(Outcome::DataRejected));
    println!("Go-rendered          {go_rendered}");
    println!("matched              {}", count(Outcome::Matched));
    println!(
        "mismatched           {mismatched} ({:.3}% of Go-rendered, limits excluded)",
        100.0 * mismatched as f64 / (go_rendered - count(Outcome::Limit)).max(1) as f64
    );
    println!("  output differs     {}", count(Outcome::OutputDiffers));
    println!("  Rust-only failure  {}", count(Outcome::RustOnlyFailure));
    println!("engine limit         {}", count(Outcome::Limit));
    println!("both failed          {}", count(Outcome::BothFailed));
    println!("Go-only failure      {}", count(Outcome::GoOnlyFailure));
    println!("Rust panic           {}", count(Outcome::Panic));

    let mut go = GoServer::start(&go_path);
    let mut seen = BTreeMap::new();
    for m in &mismatches {
        let r = reduce(&mut go, m);
        seen.entry((r.outcome, r.template.clone(), r.data.clone()))
            .or_insert(r);
    }
    let mut new = 0;
    for r in seen.values() {
        let known = allow
            .iter()
            .find(|(_, re)| re.is_match(&r.template))
            .map(|(n, _)| n.as_str());
        if known.is_none() {
            new += 1;
        }
        println!(
            "\n{} [{:?}]\n  template: {:?}\n  data:     {}\n  go:       {:?}\n  rust:     {:?}",
            known.map_or("NEW".to_string(), |n| format!("known: {n}")),
            r.outcome,
            r.template,
            r.data,
            r.go,
            r.ours
        );
    }
    if new > 0 {
        println!("\n{new} reduced mismatch(es) match no entry of the allow-list");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go_rendered() -> GoResult {
        GoResult {
            output: Some("x".to_string()),
            data_error: false,
        }
    }

    /// Where Go renders and gotemplate fails, only a documented engine limit, known by
    /// its kind, is an accepted difference: an error that merely words itself like one
    /// (a template named "recursion limit", say) is a mismatch.
    #[test]
    fn only_documented_limits_are_engine_limits() {
        let ours = render_rust(
            r#"{{define "r"}}{{template "r" .}}{{end}}{{template "r" .}}"#,
            "",
        );
        assert!(
            matches!(ours, Err(Failure::Limit(Limit::TemplateDepth, _))),
            "{ours:?}"
        );
        assert_eq!(classify(&go_rendered(), &ours), Outcome::Limit);
        let ours = render_rust(r#"{{template "too many: recursion limit"}}"#, "");
        assert!(matches!(ours, Err(Failure::Error(_))), "{ours:?}");
        assert_eq!(classify(&go_rendered(), &ours), Outcome::RustOnlyFailure);
        let ours = Err(Failure::Error("exceeds maximum: too deeply".into()));
        assert_eq!(classify(&go_rendered(), &ours), Outcome::RustOnlyFailure);
    }
}
