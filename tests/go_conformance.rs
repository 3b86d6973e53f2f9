//! Renders every Go conformance case (expected outputs produced by Go 1.19) through the
//! library, and again through `template convert`'s Jinja translation (the round trip).
//!
//! A case passes when the output is byte-identical, or, where Go fails, when we fail with
//! the same `template: NAME:LINE[:COL]:` position prefix.

use std::collections::BTreeSet;

use asimi_prompt::data::{decode_json, to_value};
use asimi_prompt::template::{self, MissingKey, Syntax};
use minijinja::Value;
use serde_json::Value as Json;

struct Case {
    name: String,
    template: String,
    data: Value,
    missingkey: MissingKey,
    expected: Result<String, String>,
}

fn load(file: &str) -> Vec<Case> {
    let path = format!("{}/fixtures/go-template/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let cases: Vec<Json> = serde_json::from_str(&text).unwrap();
    cases
        .into_iter()
        .map(|c| {
            let expected = match (c.get("output"), c.get("error")) {
                (Some(o), _) => Ok(o.as_str().unwrap().to_string()),
                (_, Some(e)) => Err(e.as_str().unwrap().to_string()),
                _ => panic!("case without output or error"),
            };
            let missingkey = match c.get("missingkey").and_then(Json::as_str) {
                Some("zero") => MissingKey::Zero,
                Some("error") => MissingKey::Error,
                _ => MissingKey::Default,
            };
            Case {
                name: c["name"].as_str().unwrap().to_string(),
                template: c["template"].as_str().unwrap().to_string(),
                data: match c.get("data_json").and_then(Json::as_str) {
                    Some(text) => decode_json(text, "data_json").unwrap(),
                    None => to_value(&c.get("data").cloned().unwrap_or(Json::Null)),
                },
                missingkey,
                expected,
            }
        })
        .collect()
}

/// `template: NAME:LINE:` or `template: NAME:LINE:COL:` — the part of Go's error that
/// locates it.
fn position_prefix(error: &str) -> Option<String> {
    let rest = error.strip_prefix("template: ")?;
    let mut parts = rest.splitn(4, ':');
    let name = parts.next()?;
    let line = parts.next()?;
    line.parse::<usize>().ok()?;
    let third = parts.next()?;
    if third.trim().parse::<usize>().is_ok() && !third.starts_with(' ') {
        Some(format!("template: {name}:{line}:{third}:"))
    } else {
        Some(format!("template: {name}:{line}:"))
    }
}

/// The template name Go used: the one in its error message, else the case name.
fn go_name(case: &Case) -> String {
    if let Err(e) = &case.expected {
        if let Some(rest) = e.strip_prefix("template: ") {
            if let Some(name) = rest.split(':').next() {
                return name.to_string();
            }
        }
    }
    case.name.clone()
}

fn check(case: &Case, got: Result<String, String>) -> Result<(), String> {
    match (&case.expected, got) {
        (Ok(want), Ok(got)) if *want == got => Ok(()),
        (Ok(want), Ok(got)) => Err(format!("output {got:?}, want {want:?}")),
        (Ok(want), Err(e)) => Err(format!("error {e:?}, want output {want:?}")),
        (Err(want), Ok(got)) => Err(format!("output {got:?}, want error {want:?}")),
        (Err(want), Err(got)) => match position_prefix(want) {
            Some(prefix) if got.starts_with(&prefix) => Ok(()),
            _ => Err(format!("error {got:?}, want {want:?}")),
        },
    }
}

fn run(case: &Case) -> Result<String, String> {
    template::render_str(
        &go_name(case),
        &case.template,
        Syntax::Go,
        &case.data,
        case.missingkey,
    )
    .map_err(|e| e.message)
}

/// Renders the Jinja translation with the tool's Jinja engine. Parse errors happen at
/// conversion, exactly as for the Go source.
fn round_trip(case: &Case) -> Result<String, String> {
    let name = go_name(case);
    let jinja = template::convert(&name, &case.template).map_err(|e| e.message)?;
    template::render_str(
        &format!("{name}.j2"),
        &jinja,
        Syntax::Jinja,
        &case.data,
        case.missingkey,
    )
    .map_err(|e| e.message)
}

/// Case names listed in known-differences.md (lines starting "- `name`").
fn known_differences() -> BTreeSet<String> {
    let path = format!(
        "{}/fixtures/go-template/known-differences.md",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split('`').next())
        .map(str::to_string)
        .collect()
}

fn conformance(file: &str, required: f64) {
    let cases = load(file);
    let known = known_differences();
    let mut failures = Vec::new();
    let mut unexpected = Vec::new();
    let mut exact_errors = 0;
    let mut errors = 0;
    for case in &cases {
        if let Err(want) = &case.expected {
            errors += 1;
            match run(case) {
                Err(got) if got == *want => exact_errors += 1,
                Err(got) => eprintln!(
                    "  wording differs: {}\n    go:  {want}\n    us:  {got}",
                    case.name
                ),
                Ok(_) => {}
            }
        }
        let direct = check(case, run(case));
        let rt = match &case.expected {
            // The round trip must give the same bytes; for errors, any error will do
            // (positions live in the Go lowering's site table, not the Jinja text).
            Ok(_) => check(case, round_trip(case)),
            Err(_) => match round_trip(case) {
                Err(_) => Ok(()),
                Ok(out) => Err(format!("round trip printed {out:?} where Go fails")),
            },
        };
        for (how, result) in [("direct", direct), ("round trip", rt)] {
            if let Err(why) = result {
                failures.push(case.name.clone());
                if !known.contains(&case.name) {
                    unexpected.push(format!("{} ({how}): {why}", case.name));
                }
            }
        }
    }
    failures.dedup();
    let passed = cases.len() - failures.len();
    let rate = passed as f64 / cases.len() as f64;
    eprintln!(
        "{file}: {passed}/{} cases pass ({:.1}%)",
        cases.len(),
        rate * 100.0
    );
    eprintln!("{file}: {exact_errors}/{errors} error messages match Go's word for word");
    assert!(
        unexpected.is_empty(),
        "{} unexpected failures in {file}:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    assert!(
        rate >= required,
        "{file}: pass rate {rate} below {required}"
    );
}

#[test]
fn cases_json_all_pass() {
    conformance("cases.json", 1.0);
}

#[test]
fn go_exec_tests_pass() {
    conformance("go-exec-tests.json", 0.98);
}

#[test]
fn fixture_sizes() {
    assert_eq!(load("cases.json").len(), 266);
    assert_eq!(load("go-exec-tests.json").len(), 217);
}

/// Sizes past the engine's former limits (issues 9 and 13): huge precisions, thousands of
/// arguments, long else-if chains, many definitions, deep template recursion.
#[test]
fn limits_json_all_pass() {
    conformance("limits.json", 1.0);
}
