//! Fuzzes the template engine: Go sources (parse, lower, render) and Jinja sources
//! (parse, render), built from grammar fragments and then byte-mutated. Every input must
//! give an output or a clean error naming the template, never a panic, a stack overflow
//! or a hang. `GOTEMPLATE_FUZZ_CASES` sets the number of cases (default 256).
//!
//! Beyond not crashing, each case must be right in two ways a wrong answer would break:
//! - an error names the template, and a line and column the source has; an exec error's
//!   place holds the action it quotes (Go's `at <...>`);
//! - a Go template renders as its Jinja translation (`convert`, what `template convert`
//!   prints) renders as a Jinja template: the same bytes, or an error for an error.

use gotemplate::{json, last_peak, Engine, Error, Limits, Metered, MissingKey, Syntax};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

#[path = "support/seeded.rs"]
mod seeded;

/// Where failed cases' seeds are kept (committed).
const REGRESSIONS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fuzz_template.proptest-regressions"
);

// Counts what each render holds, for the hostile-size cases.
#[global_allocator]
static ALLOCATOR: Metered<std::alloc::System> = Metered::measuring(std::alloc::System);

/// A budget small enough that a runaway case ends quickly: the engine counts its steps,
/// so no clock is needed (a loaded machine is slower, not wrong).
const FUEL: u64 = 200_000;

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
/// which panics only in builds with overflow checks (docs/contributing/upstream/minijinja.md).
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

/// Operands of the well-formed templates: fields of [`DATA`] (and one it lacks), dot,
/// variables and literals.
const OPERANDS: &[&str] = &[
    ".", ".A", ".B", ".L", ".M", ".M.k", ".S", ".x", ".y", ".Nope", ".A.B", "$", "$.S", "1", "-2",
    "1.5", "\"s\"", "`r`", "nil", "true", "0x1F", "'a'", "1e3",
];

/// Functions the well-formed templates call, arities unchecked (wrong ones are Go's
/// errors too).
const FUNCTIONS: &[&str] = &[
    "index", "slice", "len", "printf", "print", "println", "eq", "ne", "lt", "le", "gt", "and",
    "or", "not", "html", "js", "urlquery", "call",
];

/// Formats for `printf`'s first argument.
const FORMATS: &[&str] = &["\"%d\"", "\"%v|%s\"", "\"%q %x\"", "\"%5.2f\"", "\"%[2]v\""];

/// A pipeline: an operand, a call, or a call fed by a pipe.
fn pipeline() -> impl Strategy<Value = String> {
    let operand = || prop::sample::select(OPERANDS).prop_map(str::to_string);
    let call = (
        prop::sample::select(FUNCTIONS),
        prop::option::of(prop::sample::select(FORMATS)),
        prop::collection::vec(operand(), 0..4),
    )
        .prop_map(|(f, format, args)| {
            let format = format
                .filter(|_| f == "printf")
                .into_iter()
                .map(str::to_string);
            std::iter::once(f.to_string())
                .chain(format)
                .chain(args)
                .collect::<Vec<_>>()
                .join(" ")
        });
    prop_oneof![
        4 => operand(),
        2 => call.clone(),
        1 => (operand(), call).prop_map(|(x, c)| format!("{x} | {c}")),
    ]
}

/// Templates Go parses (mostly): text and lines around actions, variables, and `if`,
/// `with` and `range` blocks nested a few deep, so that most render or fail as they run,
/// where the properties have something to check.
fn well_formed_go() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        3 => pipeline().prop_map(|p| format!("{{{{{p}}}}}")),
        1 => pipeline().prop_map(|p| format!("{{{{$v := {p}}}}}{{{{$v}}}}")),
        1 => prop::sample::select(&["text", "\n", " ", "{{/* c */}}", "{{- \" \" -}}"][..])
            .prop_map(str::to_string),
    ];
    let body = leaf.prop_recursive(3, 24, 6, |inner| {
        (
            prop::sample::select(&["if", "with", "range"][..]),
            pipeline(),
            prop::collection::vec(inner.clone(), 0..4),
            prop::option::of(prop::collection::vec(inner, 0..3)),
        )
            .prop_map(|(keyword, pipe, then, otherwise)| {
                let otherwise =
                    otherwise.map_or(String::new(), |o| format!("{{{{else}}}}{}", o.concat()));
                format!(
                    "{{{{{keyword} {pipe}}}}}{}{otherwise}{{{{end}}}}",
                    then.concat()
                )
            })
    });
    prop::collection::vec(body, 1..8).prop_map(|v| v.concat())
}

fn cases() -> u32 {
    std::env::var("GOTEMPLATE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

/// The data every case renders with.
const DATA: &str =
    r#"{"A": 1, "B": "b", "L": [1, "x", null], "M": {"k": [2]}, "S": "abc", "x": 0, "y": 1}"#;

/// Renders `src` as `syntax` with [`DATA`] and [`FUEL`].
fn render(name: &str, src: &str, syntax: Syntax) -> Result<Result<String, Error>, TestCaseError> {
    let data = json::decode(DATA).expect("valid JSON");
    let mut engine = Engine::new(MissingKey::Default);
    engine.set_limits(Limits {
        fuel: FUEL,
        ..Limits::default()
    });
    let result = engine
        .add(name, src, syntax)
        .and_then(|()| engine.render(name, &data));
    Ok(result)
}

/// Renders `src` and checks the outcome is an output or an error naming the template and
/// a place in it; a Go source must also render as its translation does.
fn check(name: &str, src: &str, syntax: Syntax) -> Result<(), TestCaseError> {
    let result = render(name, src, syntax)?;
    if let Err(e) = &result {
        let message = e.message();
        prop_assert!(
            message.starts_with(&format!("template: {name}")),
            "{message}"
        );
        prop_assert!(!message.contains("please report"), "{message}");
        prop_assert!(!message.contains("engine failed"), "{message}");
        check_place(name, src, e)?;
    }
    if syntax == Syntax::Go {
        check_round_trip(name, src, &result)?;
    }
    Ok(())
}

/// `template: NAME:LINE:COL: ` or `template: NAME:LINE: ` at the start of `message`:
/// the line and column, or `None` for a message without a place.
fn place_in(message: &str, name: &str) -> Option<(usize, Option<usize>)> {
    let rest = message.strip_prefix(&format!("template: {name}:"))?;
    let (line, rest) = rest.split_once(':')?;
    let line = line.parse().ok()?;
    let column = rest.split_once(':').and_then(|(c, _)| c.parse().ok());
    Some((line, column))
}

/// An error with a place names one the source has, and says it in its fields as in its
/// message; an exec error's place is where the source holds the action it quotes.
fn check_place(name: &str, src: &str, e: &Error) -> Result<(), TestCaseError> {
    let message = e.message();
    prop_assert_eq!(e.name(), Some(name), "{}", message);
    let Some((line, column)) = place_in(message, name) else {
        return Ok(());
    };
    prop_assert_eq!((e.line(), e.column()), (Some(line), column), "{}", message);
    let lines: Vec<&str> = src.split('\n').collect();
    prop_assert!(
        line >= 1 && line <= lines.len(),
        "line {line} of {}: {message}",
        lines.len()
    );
    let Some(column) = column else {
        return Ok(());
    };
    let text = lines[line - 1];
    prop_assert!(
        column <= text.len(),
        "column {column} of {}: {message}",
        text.len()
    );
    if let Some(action) = quoted_action(message) {
        let held = text.get(column..).unwrap_or_default();
        // Go places a chain of fields (`.A.B`, `$.A.B`) at its second link.
        let mut links = action.match_indices('.').map(|(at, _)| &action[at..]);
        let placed = held.starts_with(action) || links.any(|tail| held.starts_with(tail));
        prop_assert!(placed, "{held:?} at {line}:{column}: {message}");
    }
    Ok(())
}

/// The first word of the action an exec error quotes (`executing "t" at <index .L 5>`:
/// `index`), when it is a name, field or variable, which the source spells as Go prints
/// it (literals and parenthesised pipelines Go prints in its own way).
fn quoted_action(message: &str) -> Option<&str> {
    let (_, after) = message.split_once("\" at <")?;
    let end = after.find([' ', '>', '|', '('])?;
    let word = &after[..end];
    let first = word.chars().next()?;
    (first.is_ascii_alphabetic() || first == '.' || first == '$').then_some(word)
}

/// A Go template renders as its Jinja translation does as a Jinja template: the same
/// bytes, or an error for an error. Cases stopped by a budget are left out: the two
/// contexts differ, and so may the steps they take.
fn check_round_trip(
    name: &str,
    src: &str,
    go: &Result<String, Error>,
) -> Result<(), TestCaseError> {
    if go.as_ref().is_err_and(|e| e.limit().is_some()) {
        return Ok(());
    }
    let jinja = match gotemplate::convert(name, src) {
        Ok(jinja) => jinja,
        Err(e) => {
            prop_assert!(go.is_err(), "{name} renders but does not convert: {e}");
            return Ok(());
        }
    };
    let converted = render(&format!("{name}.j2"), &jinja, Syntax::Jinja)?;
    match (go, &converted) {
        (_, Err(e)) if e.limit().is_some() => {}
        (Ok(out), Ok(again)) => prop_assert_eq!(out, again, "translation:\n{}", jinja),
        (Ok(out), Err(e)) => prop_assert!(false, "Go printed {out:?}; translation: {e}\n{jinja}"),
        (Err(e), Ok(out)) => prop_assert!(false, "Go: {e}; translation printed {out:?}\n{jinja}"),
        (Err(_), Err(_)) => {}
    }
    Ok(())
}

fn run(strategy: impl Strategy<Value = String>, name: &str, syntax: Syntax) {
    let mut runner = TestRunner::new(seeded::config(cases(), REGRESSIONS));
    runner
        .run(&strategy, |src| check(name, &src, syntax))
        .unwrap();
}

#[test]
fn go_templates_render_or_fail_cleanly() {
    run(mutated(GO_FRAGMENTS), "fuzz.tmpl", Syntax::Go);
}

/// Well-formed templates reach rendering, where a wrong output or a misplaced error
/// would show.
#[test]
fn well_formed_go_templates_render_as_their_translation_and_place_their_errors() {
    run(well_formed_go(), "well.tmpl", Syntax::Go);
}

#[test]
fn jinja_templates_render_or_fail_cleanly() {
    run(mutated(JINJA_FRAGMENTS), "fuzz.j2", Syntax::Jinja);
}

/// The byte budget of the hostile-size cases.
const HOSTILE_BUDGET: u64 = 1 << 20;

/// What minijinja's operators (`'w' * N`) may build within [`FUEL`]: a step pays for 64
/// bytes, and the byte budget does not see them.
const OPERATOR_BYTES: u64 = FUEL * 64;

/// What a hostile-size render may hold: its budget a few times over, what the operators
/// build and a copy of it, and a constant.
const HOSTILE_MOST_HELD: u64 = 3 * HOSTILE_BUDGET + 2 * OPERATOR_BYTES + (1 << 20);

/// Sizes a template chooses: small, about the budget, and far past it.
const HOSTILE_SIZES: &[&str] = &[
    "0",
    "1",
    "7",
    "4096",
    "1048577",
    "200000",
    "9000000",
    "2147483647",
];

/// A value to build from: a short string, a long one, a list sharing one long string.
const HOSTILE_VALUES: &[&str] = &[
    "'ab\\n'",
    "('x\\n' * N)",
    "range(50000)|list",
    "([('y' * 100000)] * 100)",
    "{'k': [1, 'v']}",
];

/// Builtins that build from a size (`N`) or a string the template chooses.
const HOSTILE_FILTERS: &[&str] = &[
    "tojson(indent=N)",
    "tojson(true)",
    "indent(N)",
    "indent(width=N, first=true, blank=true)",
    "join('z' * N)",
    "join",
    "replace('x', 'w' * N)",
    "replace('', 'w' * N)",
    "pprint",
    "string",
    "center(N)",
    "batch(N, 'f')",
    "slice(N)",
];

fn hostile_jinja() -> impl Strategy<Value = String> {
    let call = (
        prop::sample::select(HOSTILE_VALUES),
        prop::collection::vec(prop::sample::select(HOSTILE_FILTERS), 1..4),
        prop::sample::select(HOSTILE_SIZES),
    )
        .prop_map(|(value, filters, n)| {
            format!("{{{{ ({value}|{})|length }}}}", filters.join("|")).replace('N', n)
        });
    let format = (
        prop::sample::select(HOSTILE_SIZES),
        prop::sample::select(HOSTILE_SIZES),
    )
        .prop_map(|(w, p)| format!("{{{{ '%{w}.{p}f %{w}s'|format(1.5, 'x')|length }}}}"));
    let debug = prop::sample::select(HOSTILE_VALUES).prop_map(|v| {
        format!("{{% set v = {v} %}}{{{{ debug()|length }}}}").replace('N', "100000")
    });
    prop_oneof![8 => call, 1 => format, 1 => debug]
}

/// Renders `src` within [`HOSTILE_BUDGET`]: an output or an error, never more held than
/// [`HOSTILE_MOST_HELD`].
fn check_hostile(src: &str) -> Result<(), TestCaseError> {
    let mut engine = Engine::new(MissingKey::Default);
    engine.set_limits(Limits {
        fuel: FUEL,
        bytes: HOSTILE_BUDGET,
    });
    let result = engine
        .add("hostile.j2", src, Syntax::Jinja)
        .and_then(|()| engine.render("hostile.j2", &json::decode("null").unwrap()));
    let held = last_peak();
    prop_assert!(
        held <= HOSTILE_MOST_HELD,
        "{src}: held {held} bytes ({result:?})"
    );
    Ok(())
}

/// Filters given hostile sizes stay within the byte budget's memory: refused before they
/// build, or stopped by the steps.
#[test]
fn hostile_filter_sizes_stay_within_the_budget() {
    let mut runner = TestRunner::new(seeded::config(cases(), REGRESSIONS));
    runner
        .run(&hostile_jinja(), |src| check_hostile(&src))
        .unwrap();
}
