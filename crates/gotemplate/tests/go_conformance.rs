//! Renders every Go conformance case (expected outputs produced by Go 1.19) through the
//! library, and again through `template convert`'s Jinja translation (the round trip).
//!
//! A case passes when the output is byte-identical, or, where Go fails, when we fail with
//! Go's error text word for word. The exceptions are named in
//! `fixtures/known-differences.md`: cases allowed to fail, and error cases
//! whose wording differs, which must still fail at the same `template: NAME:LINE[:COL]:`
//! position.

use std::collections::BTreeSet;

use gotemplate::{json, MissingKey, Syntax};
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
    let path = format!("{}/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
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
                    Some(text) => json::decode(text).unwrap(),
                    // Plain data, decoded the same way.
                    None => {
                        json::decode(&c.get("data").unwrap_or(&Json::Null).to_string()).unwrap()
                    }
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

/// Checks one result. `reworded` allows an error worded differently from Go's, as long
/// as it starts with Go's position.
fn check(case: &Case, got: Result<String, String>, reworded: bool) -> Result<(), String> {
    match (&case.expected, got) {
        (Ok(want), Ok(got)) if *want == got => Ok(()),
        (Ok(want), Ok(got)) => Err(format!("output {got:?}, want {want:?}")),
        (Ok(want), Err(e)) => Err(format!("error {e:?}, want output {want:?}")),
        (Err(want), Ok(got)) => Err(format!("output {got:?}, want error {want:?}")),
        (Err(want), Err(got)) if *want == got && reworded => Err(format!(
            "error matches Go word for word; remove it from the worded-differently list: {got:?}"
        )),
        (Err(want), Err(got)) if *want == got => Ok(()),
        (Err(want), Err(got)) => match position_prefix(want) {
            Some(prefix) if reworded && got.starts_with(&prefix) => Ok(()),
            _ => Err(format!("error {got:?}, want {want:?}")),
        },
    }
}

fn run(case: &Case) -> Result<String, String> {
    gotemplate::render_str(
        &go_name(case),
        &case.template,
        Syntax::Go,
        &case.data,
        case.missingkey,
    )
    .map_err(|e| e.to_string())
}

/// Renders the Jinja translation with the tool's Jinja engine. Parse errors happen at
/// conversion, exactly as for the Go source.
fn round_trip(case: &Case) -> Result<String, String> {
    let name = go_name(case);
    let jinja = gotemplate::convert(&name, &case.template).map_err(|e| e.to_string())?;
    gotemplate::render_str(
        &format!("{name}.j2"),
        &jinja,
        Syntax::Jinja,
        &case.data,
        case.missingkey,
    )
    .map_err(|e| e.to_string())
}

/// The heading in known-differences.md above the error cases worded differently.
const REWORDED_HEADING: &str = "## Errors worded differently";

/// The exceptions named in known-differences.md (lines starting "- `name`"): cases allowed
/// to fail, and, under [`REWORDED_HEADING`], error cases whose wording differs.
#[derive(Default)]
struct Exceptions {
    failing: BTreeSet<String>,
    reworded: BTreeSet<String>,
}

fn exceptions() -> Exceptions {
    let path = format!(
        "{}/fixtures/known-differences.md",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut found = Exceptions::default();
    let mut reworded = false;
    for line in text.lines() {
        if line.starts_with("## ") {
            reworded = line == REWORDED_HEADING;
        }
        let Some(name) = line.strip_prefix("- `").and_then(|l| l.split('`').next()) else {
            continue;
        };
        let (list, other) = if reworded {
            (&mut found.reworded, &found.failing)
        } else {
            (&mut found.failing, &found.reworded)
        };
        assert!(
            !other.contains(name) && list.insert(name.to_string()),
            "known-differences.md names `{name}` twice"
        );
    }
    found
}

/// How one fixture file fared: its cases, those that passed, its error cases, and
/// those whose message matched Go's word for word.
struct Tally {
    cases: usize,
    passed: usize,
    errors: usize,
    exact_errors: usize,
}

fn conformance(file: &str) -> Tally {
    let cases = load(file);
    let known = exceptions();
    let mut failures = Vec::new();
    let mut unexpected = Vec::new();
    let mut exact_errors = 0;
    let mut errors = 0;
    for case in &cases {
        let reworded = known.reworded.contains(&case.name);
        if let Err(want) = &case.expected {
            errors += 1;
            if run(case).as_ref().err() == Some(want) {
                exact_errors += 1;
            }
        }
        let direct = check(case, run(case), reworded);
        let rt = match &case.expected {
            // The round trip must give the same bytes; for errors, any error will do
            // (positions live in the Go lowering's site table, not the Jinja text).
            Ok(_) => check(case, round_trip(case), false),
            Err(_) => match round_trip(case) {
                Err(_) => Ok(()),
                Ok(out) => Err(format!("round trip printed {out:?} where Go fails")),
            },
        };
        for (how, result) in [("direct", direct), ("round trip", rt)] {
            if let Err(why) = result {
                failures.push(case.name.clone());
                if !known.failing.contains(&case.name) {
                    unexpected.push(format!("{} ({how}): {why}", case.name));
                }
            }
        }
    }
    failures.dedup();
    for case in &cases {
        if known.failing.contains(&case.name) && !failures.contains(&case.name) {
            unexpected.push(format!(
                "{} passes; remove it from the known failures",
                case.name
            ));
        }
    }
    let passed = cases.len() - failures.len();
    eprintln!("{file}: {passed}/{} cases pass", cases.len());
    eprintln!("{file}: {exact_errors}/{errors} error messages match Go's word for word");
    // Every case passes but the named exceptions: a pass rate of 1.0 without them.
    assert!(
        unexpected.is_empty(),
        "{} unexpected failures in {file}:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    Tally {
        cases: cases.len(),
        passed,
        errors,
        exact_errors,
    }
}

#[test]
fn exceptions_are_unique_and_name_real_cases() {
    let known = exceptions();
    let files = ["cases.json", "go-exec-tests.json", "limits.json"];
    let names: Vec<BTreeSet<String>> = files
        .iter()
        .map(|file| load(file).into_iter().map(|c| c.name).collect())
        .collect();
    // Case names repeat across files (`go_html`); an exception must name one case.
    for name in known.failing.iter().chain(&known.reworded) {
        let n = names.iter().filter(|set| set.contains(name)).count();
        assert_eq!(n, 1, "known-differences.md: `{name}` names {n} cases");
    }
}

#[test]
fn cases_json_all_pass() {
    conformance("cases.json");
}

#[test]
fn go_exec_tests_pass() {
    conformance("go-exec-tests.json");
}

/// Every template of the Go cases parses (`gotemplate::parse`), or fails to parse with
/// exactly Go's message.
#[test]
fn every_template_parses_as_go_parses_it() {
    let mut checked = 0;
    for file in ["cases.json", "go-exec-tests.json"] {
        for case in load(file) {
            let name = go_name(&case);
            let result = gotemplate::parse(&name, &case.template);
            match &case.expected {
                Err(want) if !want.contains("executing") => match result {
                    Err(e) => assert_eq!(&e.to_string(), want, "{name}: {:?}", case.template),
                    Ok(_) => panic!("{name}: {:?} parsed, Go says {want}", case.template),
                },
                _ => {
                    if let Err(e) = result {
                        panic!("{name}: {:?}: {e}", case.template);
                    }
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 266 + 217);
}

/// The README's conformance table says what these runs find: each file's passes out of
/// its cases, and how many of its error cases match Go word for word.
#[test]
fn the_readme_states_the_conformance_figures() {
    let readme = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(readme).unwrap();
    for file in ["cases.json", "go-exec-tests.json", "limits.json"] {
        let t = conformance(file);
        let row = readme
            .lines()
            .find(|l| l.starts_with(&format!("| `fixtures/{file}`")))
            .unwrap_or_else(|| panic!("README.md: no conformance row for {file}"));
        let mut want = format!("| {} of {}", t.passed, t.cases);
        if t.errors > 0 {
            assert_eq!(
                t.exact_errors, t.errors,
                "{file}: the README says word for word"
            );
            let s = if t.errors == 1 { "" } else { "s" };
            want.push_str(&format!(" ({} error case{s},", t.errors));
        }
        assert!(
            row.contains(&want),
            "README.md's row for {file} should say {want:?}: {row}"
        );
    }
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
    conformance("limits.json");
}
