//! Fuzzes the template engine: Go sources (parse, lower, render) and Jinja sources
//! (parse, render), built from grammar fragments and then byte-mutated. Every input must
//! give an output or a clean error naming the template, never a panic, a stack overflow
//! or a hang. `ASIMI_FUZZ_CASES` sets the number of cases (default 256).

use std::time::{Duration, Instant};

use gotemplate::{json, Engine, Limits, MissingKey, Syntax};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// A budget small enough that a runaway case ends quickly.
const FUEL: u64 = 200_000;
/// Far more than a render within [`FUEL`] takes.
const TIME_LIMIT: Duration = Duration::from_secs(20);

const GO_FRAGMENTS: &[&str] = &[
    "{{",
    "}}",
    "{{-",
    " -}}",
    "{{.}}",
    "{{.A}}",
    "{{.L}}",
    "{{$}}",
    "{{$x := .A}}",
    "{{$x}}",
    "{{$x = 2}}",
    "{{if .A}}",
    "{{else}}",
    "{{else if .B}}",
    "{{end}}",
    "{{range .L}}",
    "{{range $i, $e := .L}}",
    "{{with .M}}",
    "{{break}}",
    "{{continue}}",
    "{{define \"t\"}}",
    "{{template \"t\" .}}",
    "{{block \"b\" .}}",
    "{{printf \"%v %d %.3f %q %x %10s\" ",
    "{{printf \"%.70000f\" 1.5}}",
    "{{and ",
    "{{or ",
    "{{not ",
    "{{eq ",
    "{{lt ",
    "{{index .L ",
    "{{slice .S ",
    "{{len ",
    "{{print ",
    "{{html ",
    "{{js ",
    "{{urlquery ",
    "{{call ",
    " | ",
    " (",
    ")",
    " 1",
    " -0",
    " 1e400",
    " 0x1F",
    " 'a'",
    " \"s\"",
    " `r`",
    " nil",
    " true",
    " .A.B",
    " $x",
    " .M.k",
    "{{/* c */}}",
    "text",
    "{",
    "}",
    "\n",
];

const JINJA_FRAGMENTS: &[&str] = &[
    "{{ ",
    " }}",
    "{% ",
    " %}",
    "{# c #}",
    "if x",
    "elif y",
    "else",
    "endif",
    "for i in L",
    "for i in range(1000)",
    "endfor",
    "break",
    "continue",
    "set x = ",
    "macro m(a)",
    "endmacro",
    "m(1)",
    "raw",
    "endraw",
    "x",
    "L",
    "''[::-1]",
    "[][::-1]",
    "1 is divisibleby(0)",
    "not ",
    " + ",
    " ~ ",
    " and ",
    " or ",
    ".a",
    "[0]",
    "|abs",
    "|length",
    "|join(',')",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "1",
    "-",
    "'s'",
    "\"%.70000f\"|format(1.5)",
    "none",
    "\n",
];

/// Long repetitions of a fragment, which is where the depth limits live. Lines stay
/// under 65536 columns: past that minijinja 3.1.0's lexer overflows its column counter,
/// which panics only in builds with overflow checks (docs/upstream/minijinja.md).
fn repeated(fragments: &'static [&'static str]) -> impl Strategy<Value = String> {
    (prop::sample::select(fragments), 1usize..30_000)
        .prop_map(|(f, n)| f.repeat(n.min(MAX_LINE / f.len())) + "\n")
}

const MAX_LINE: usize = 30_000;

fn source(fragments: &'static [&'static str]) -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        20 => prop::sample::select(fragments).prop_map(str::to_string),
        1 => repeated(fragments),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

/// `source`, with some bytes flipped, inserted or removed.
fn mutated(fragments: &'static [&'static str]) -> impl Strategy<Value = String> {
    let edits = prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 0..6);
    (source(fragments), edits).prop_map(|(s, edits)| {
        let mut bytes = s.into_bytes();
        for (at, byte, kind) in edits {
            let i = if bytes.is_empty() {
                0
            } else {
                at.index(bytes.len())
            };
            match kind {
                0 if !bytes.is_empty() => bytes[i] = byte,
                1 => bytes.insert(i, byte),
                _ if !bytes.is_empty() => {
                    bytes.remove(i);
                }
                _ => {}
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

fn cases() -> u32 {
    std::env::var("ASIMI_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

/// Renders `src` and checks the outcome is an output or an error naming the template.
fn check(name: &str, src: &str, syntax: Syntax) -> Result<(), TestCaseError> {
    let data = json::decode(
        r#"{"A": 1, "B": "b", "L": [1, "x", null], "M": {"k": [2]}, "S": "abc", "x": 0, "y": 1}"#,
    )
    .expect("valid JSON");
    let start = Instant::now();
    let mut engine = Engine::new(MissingKey::Default);
    engine.set_limits(Limits {
        fuel: FUEL,
        ..Limits::default()
    });
    let result = engine
        .add(name, src, syntax)
        .and_then(|()| engine.render(name, &data));
    prop_assert!(start.elapsed() < TIME_LIMIT, "took {:?}", start.elapsed());
    if let Err(e) = result {
        let message = e.message();
        prop_assert!(
            message.starts_with(&format!("template: {name}")),
            "{message}"
        );
        prop_assert!(!message.contains("please report"), "{message}");
        prop_assert!(!message.contains("engine failed"), "{message}");
    }
    Ok(())
}

fn run(strategy: impl Strategy<Value = String>, name: &str, syntax: Syntax) {
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&strategy, |src| check(name, &src, syntax))
        .unwrap();
}

#[test]
fn go_templates_render_or_fail_cleanly() {
    run(mutated(GO_FRAGMENTS), "fuzz.tmpl", Syntax::Go);
}

#[test]
fn jinja_templates_render_or_fail_cleanly() {
    run(mutated(JINJA_FRAGMENTS), "fuzz.j2", Syntax::Jinja);
}
