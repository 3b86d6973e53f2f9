//! Fuzz targets for the data parsers: goal YAML, goal-apply markers, history JSON, context
//! specs (YAML and JSON), config YAML, `--data` (and `--set`) and a project `models.yaml`.
//!
//! Each input is generated from the parser's own vocabulary (its keys, values that YAML
//! reads in surprising ways, deep nesting), then byte-mutated. Every parser must return
//! Ok or an error naming its input, without a panic or a stack overflow.
//! `ASIMI_FUZZ_CASES` sets the cases per target (default 256, so `cargo test` stays
//! quick); CI runs more.

use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use serde_json::{Map, Value};

use asimi_prompt::data::{self, Format};
use asimi_prompt::goal::{self, markers};
use asimi_prompt::model::ModelRegistry;
use asimi_prompt::request::assemble::{Block, Message, Role};
use asimi_prompt::request::input::read::read_history;
use asimi_prompt::request::input::spec;
use asimi_prompt::request::markers as cache_markers;
use asimi_prompt::request::providers::Ttl;
use asimi_prompt::request::providers::{self, Options, Provider, SystemRole};
use asimi_prompt::request::tier::Tier;
use asimi_prompt::settings::parse_config;
use asimi_prompt::tokens::Tokenizer;

#[path = "../../crates/gotemplate/tests/support/seeded.rs"]
mod seeded;

/// Where failed cases' seeds are kept (committed).
const REGRESSIONS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/integration/fuzz_inputs.proptest-regressions"
);

fn runner() -> TestRunner {
    let cases = std::env::var("ASIMI_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    TestRunner::new(seeded::config(cases, REGRESSIONS))
}

/// Runs `check` on every generated input; a panic or an `Err` fails the target. No
/// clock: the inputs are a few KB and the parsers bound nesting, so a case takes
/// milliseconds; a hang is stopped by `.ci/run`'s `timeout` on the whole run.
fn fuzz(input: impl Strategy<Value = String>, check: impl Fn(&str) -> Result<(), String>) {
    let result = runner().run(&input, |text| {
        check(&text).map_err(TestCaseError::fail)?;
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// An error must name the input it is about.
fn names(origin: &str, message: &str) -> Result<(), String> {
    if message.contains(origin) {
        Ok(())
    } else {
        Err(format!("the error does not name '{origin}': {message}"))
    }
}

/// The document as a generic tree, read apart from the parser under test: JSON by
/// serde_json, YAML by serde_yaml straight into a JSON value (not through the program's
/// own conversion). `None` when that reader rejects it.
fn tree(text: &str, origin: &str) -> Option<Value> {
    if origin.ends_with(".json") {
        return serde_json::from_str(text).ok();
    }
    if text.trim().is_empty() {
        return Some(Value::Object(Map::new()));
    }
    serde_yaml::from_str::<serde_yaml::Value>(text)
        .ok()
        .map(untagged)
}

/// [`tree`] for a document the parser accepted: `Ok(None)` when the reader stops where
/// there is nothing to compare, an error when it rejects the document otherwise. It
/// stops at a key given twice (the program's maps keep the last, as JSON readers do),
/// and at an integer beyond 64 bits, which its generic value cannot hold, while a key
/// the program reads as text takes its digits.
fn accepted_tree(text: &str, origin: &str) -> Result<Option<Value>, String> {
    if let Some(doc) = tree(text, origin) {
        return Ok(Some(doc));
    }
    const UNCOMPARABLE: [&str; 2] = ["duplicate entry", "expected any YAML value"];
    match serde_yaml::from_str::<serde_yaml::Value>(text) {
        Err(e)
            if !origin.ends_with(".json")
                && UNCOMPARABLE.iter().any(|m| e.to_string().contains(m)) =>
        {
            Ok(None)
        }
        _ => Err(format!(
            "{origin}: accepted, but the reader rejects it: {text:?}"
        )),
    }
}

/// A YAML tree as JSON, tags dropped (a tagged scalar is its value), numbers JSON cannot
/// hold (`.inf`, `.nan`) null.
fn untagged(v: serde_yaml::Value) -> Value {
    use serde_yaml::Value as Y;
    match v {
        Y::Tagged(t) => untagged(t.value),
        Y::Sequence(items) => Value::Array(items.into_iter().map(untagged).collect()),
        // Keys become strings, as in Go's `map[string]interface{}` (the program's rule).
        Y::Mapping(m) => Value::Object(
            m.into_iter()
                .filter_map(|(k, v)| {
                    let key = match untagged(k) {
                        Value::String(s) => s,
                        scalar @ (Value::Bool(_) | Value::Number(_) | Value::Null) => {
                            scalar.to_string()
                        }
                        _ => return None,
                    };
                    Some((key, untagged(v)))
                })
                .collect(),
        ),
        scalar => serde_json::to_value(scalar).unwrap_or(Value::Null),
    }
}

/// Whether `kept` is `said`, a scalar of the document: the same value, or (for a field
/// that holds text) the text YAML reads as that scalar (`mode: false` kept as "false").
fn same_scalar(said: &Value, kept: &Value) -> bool {
    said == kept
        || matches!((said, kept), (Value::Bool(_) | Value::Number(_) | Value::Null, Value::String(k))
            if tree(&format!("v: {k}"), "v.yaml").and_then(|t| t.get("v").cloned()).as_ref() == Some(said))
}

/// What an accepted document says for `key`, compared with what the parser kept:
/// absent or null must read as `None`, anything else as the same value.
fn same<T: serde::Serialize + std::fmt::Debug>(
    doc: &Value,
    key: &str,
    kept: &T,
) -> Result<(), String> {
    let said = doc.get(key).cloned().unwrap_or(Value::Null);
    let kept_value = serde_json::to_value(kept).map_err(|e| e.to_string())?;
    let empty_list = kept_value.as_array().is_some_and(Vec::is_empty);
    let empty_map = kept_value.as_object().is_some_and(Map::is_empty);
    let items_same = match (&said, &kept_value) {
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_scalar(x, y))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(k, x)| b.get(k).is_some_and(|y| same_scalar(x, y)))
        }
        _ => false,
    };
    if same_scalar(&said, &kept_value)
        || items_same
        || (said.is_null() && (empty_list || empty_map))
    {
        Ok(())
    } else {
        Err(format!(
            "'{key}' is {said} in the document but {kept:?} was kept"
        ))
    }
}

// ---- generation -------------------------------------------------------------------

/// Scalars YAML reads in surprising ways, plus anything.
fn scalar() -> impl Strategy<Value = Value> {
    let tricky = prop::sample::select(vec![
        "",
        "~",
        "null",
        "yes",
        "no",
        "on",
        "off",
        "true",
        "0x1F",
        "0o17",
        "1e400",
        "-.inf",
        ".nan",
        "1_000",
        "12:30:00",
        "2024-01-01",
        "-",
        "- x",
        ":",
        "a: b",
        "#",
        "'",
        "\"",
        "&a",
        "*a",
        "!tag",
        "!!binary",
        "|",
        ">",
        "[",
        "]",
        "{",
        "}",
        "%YAML 1.2",
        "---",
        "...",
        "\t",
        "\n",
        "a\nb",
        "é",
        "🔄",
        "\u{feff}",
        "\0",
        "../../etc/passwd",
        "/etc",
        "L0",
        "L9",
        "active",
        "COMPLETED",
        "in-progress",
        "5m",
        "1h",
        "o200k",
        "*",
    ]);
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1e300f64..1e300).prop_map(Value::from),
        tricky.prop_map(Value::from),
        "\\PC{0,40}".prop_map(Value::from),
    ]
}

/// A document whose keys come from `keys` (and a few strangers), nested a few levels.
fn document(keys: &'static [&'static str]) -> impl Strategy<Value = Value> {
    let key = prop_oneof![
        8 => prop::sample::select(keys).prop_map(str::to_string),
        1 => "[a-z_:./]{0,12}",
    ];
    scalar().prop_recursive(5, 64, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key.clone(), inner), 0..8)
                .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A top-level map of `keys` to generated values: mostly the parser's own shape.
fn top_map(keys: &'static [&'static str]) -> impl Strategy<Value = Value> {
    prop::collection::vec((prop::sample::select(keys), document(keys)), 0..10).prop_map(|kv| {
        Value::Object(
            kv.into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect::<Map<_, _>>(),
        )
    })
}

/// A field of a generated map: its key, how often it is present, its values.
type Field = (&'static str, f64, BoxedStrategy<Value>);

/// A field that is usually present.
fn opt(key: &'static str, value: BoxedStrategy<Value>) -> Field {
    (key, 0.6, value)
}

/// A field that is (nearly) always present, as the parser requires.
fn req(key: &'static str, value: BoxedStrategy<Value>) -> Field {
    (key, 0.97, value)
}

/// A map of `fields`: the parser's shape, well typed.
fn fields(list: Vec<Field>) -> BoxedStrategy<Value> {
    let parts: Vec<BoxedStrategy<Option<(String, Value)>>> = list
        .into_iter()
        .map(|(k, p, s)| prop::option::weighted(p, s.prop_map(move |v| (k.to_string(), v))).boxed())
        .collect();
    parts
        .prop_map(|kv| Value::Object(kv.into_iter().flatten().collect()))
        .boxed()
}

/// A string: a word, a tricky scalar's text, or anything short.
fn text() -> BoxedStrategy<Value> {
    prop_oneof![
        "[A-Za-z][a-z ]{0,20}".prop_map(Value::from),
        scalar().prop_map(|v| Value::from(v.as_str().map_or(v.to_string(), str::to_string))),
    ]
    .boxed()
}

/// One of `words` (or, now and then, something else).
fn word(words: &'static [&'static str]) -> BoxedStrategy<Value> {
    prop_oneof![
        9 => prop::sample::select(words).prop_map(Value::from),
        1 => scalar(),
    ]
    .boxed()
}

/// A map of some of `keys` to `value`s.
fn map_of(keys: &'static [&'static str], value: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    prop::collection::vec((prop::sample::select(keys), value), 0..5)
        .prop_map(|kv| Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()))
        .boxed()
}

fn list(item: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    prop::collection::vec(item, 0..5)
        .prop_map(Value::Array)
        .boxed()
}

fn flag() -> BoxedStrategy<Value> {
    any::<bool>().prop_map(Value::Bool).boxed()
}

fn number() -> BoxedStrategy<Value> {
    prop_oneof![(0u64..100_000).prop_map(Value::from), scalar()].boxed()
}

/// Text as YAML (block or flow) or JSON.
fn render(value: Value, style: u8) -> String {
    match style % 3 {
        0 => serde_yaml::to_string(&value).unwrap_or_default(),
        1 => serde_json::to_string_pretty(&value).unwrap_or_default(),
        _ => serde_json::to_string(&value).unwrap_or_default(),
    }
}

/// Byte edits: insertions of YAML/JSON punctuation, deletions, duplications.
#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, &'static str),
    Delete(usize, usize),
    Duplicate(usize, usize),
    Byte(usize, u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    let bits = prop::sample::select(vec![
        "[", "]", "{", "}", ":", ": ", "- ", "\n", "\n  ", "  ", "'", "\"", "\\", "#", "&a ", "*a",
        "!x ", "|\n", ">-\n", ",", "? ", "---\n", "\t", "\u{0}", "é", "\r\n", "null",
    ]);
    prop_oneof![
        (any::<usize>(), bits).prop_map(|(at, s)| Edit::Insert(at, s)),
        (any::<usize>(), 1usize..8).prop_map(|(at, n)| Edit::Delete(at, n)),
        (any::<usize>(), 1usize..64).prop_map(|(at, n)| Edit::Duplicate(at, n)),
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Edit::Byte(at, b)),
    ]
}

fn mutate(text: String, edits: Vec<Edit>) -> String {
    let mut bytes = text.into_bytes();
    for e in edits {
        let len = bytes.len();
        let pos = |at: usize| if len == 0 { 0 } else { at % (len + 1) };
        match e {
            Edit::Insert(at, s) => {
                let at = pos(at);
                bytes.splice(at..at, s.bytes());
            }
            Edit::Delete(at, n) => {
                let at = pos(at);
                bytes.drain(at..(at + n).min(len));
            }
            Edit::Duplicate(at, n) => {
                let at = pos(at);
                let piece = bytes[at..(at + n).min(len)].to_vec();
                bytes.splice(at..at, piece);
            }
            Edit::Byte(at, b) if len > 0 => bytes[at % len] = b,
            Edit::Byte(..) => {}
        }
    }
    // The parsers take text; files are decoded (lossily) before they see it.
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Deep nesting of every kind, up to tens of thousands of levels, under `prefix`.
fn deep(prefix: &'static str) -> impl Strategy<Value = String> {
    let shapes = prop::sample::select(vec![
        ("[", "]"),
        ("{a: ", "}"),
        ("{\"a\": ", "}"),
        ("- ", ""),
        ("? ", ""),
        ("[{", "}]"),
        ("&x [", "]"),
    ]);
    (shapes, 1usize..100_000, any::<bool>()).prop_map(move |((open, close), n, closed)| {
        let mut s = String::from(prefix);
        s.push_str(&open.repeat(n));
        s.push('1');
        if closed {
            s.push_str(&close.repeat(n));
        }
        s.push('\n');
        s
    })
}

/// A parser's input: its own shape (well typed, or any values under its keys), rendered
/// and mutated; deep nesting; or anything.
fn input(
    typed: BoxedStrategy<Value>,
    loose: impl Strategy<Value = Value> + 'static,
    prefix: &'static str,
) -> impl Strategy<Value = String> {
    let shape = prop_oneof![3 => typed, 1 => loose];
    let edits = prop_oneof![
        1 => Just(Vec::new()),
        1 => prop::collection::vec(edit(), 1..6),
    ];
    prop_oneof![
        6 => (shape, any::<u8>(), edits).prop_map(|(v, style, e)| mutate(render(v, style), e)),
        1 => deep(prefix),
        1 => ".{0,200}",
    ]
}

// ---- targets ------------------------------------------------------------------------

#[rustfmt::skip]
const GOAL_KEYS: &[&str] = &[
    "description", "priority", "status", "checkpoints", "decisions", "artifacts", "next",
    "rationale", "locked", "path", "action",
];

fn goal_shape() -> BoxedStrategy<Value> {
    let checkpoint = fields(vec![
        req("description", text()),
        opt(
            "status",
            word(&["pending", "in-progress", "in_progress", "completed", "done"]),
        ),
    ]);
    let decision = fields(vec![
        req("description", text()),
        opt("rationale", text()),
        opt("locked", flag()),
    ]);
    let artifact = fields(vec![
        req("path", text()),
        req(
            "action",
            word(&["created", "modified", "deleted", "renamed"]),
        ),
    ]);
    fields(vec![
        req("description", text()),
        opt("priority", word(&["high", "medium", "low", "urgent"])),
        opt(
            "status",
            word(&["active", "paused", "completed", "abandoned"]),
        ),
        opt("checkpoints", list(checkpoint)),
        opt("decisions", list(decision)),
        opt("artifacts", list(artifact)),
        opt("next", list(text())),
    ])
}

#[test]
fn fuzz_goal_yaml() {
    fuzz(
        input(goal_shape(), top_map(GOAL_KEYS), "description: "),
        |text| {
            match goal::parse(text, "g.yaml") {
                // What parses saves and parses back the same.
                Ok(g) => match goal::parse(&goal::to_yaml(&g), "again.yaml") {
                    Ok(again) if again == g => Ok(()),
                    other => Err(format!("{g:?} does not round-trip: {other:?}")),
                },
                Err(e) => names("g.yaml", &e.message),
            }
        },
    );
}

/// Lines of LLM output, most of them markers.
fn marker_text() -> impl Strategy<Value = String> {
    let tag = prop::sample::select(vec![
        "[GOAL] ",
        "[CHECKPOINT] ",
        "[DECISION] ",
        "[ARTIFACT] ",
        "[NEXT] ",
        "- [CHECKPOINT] ",
        "* [NEXT] ",
        "[GOAL]",
        "[goal] ",
        "text ",
    ]);
    let body = prop::sample::select(vec![
        "Ship it",
        "Add login",
        "Created src/a.rs",
        "Modified a.rs",
        "Deleted b",
        "Renamed c",
        "",
        " ",
        "a - b",
        "Use JWT",
        "Created ",
        "x".repeat(300).leak(),
    ]);
    let suffix = prop::sample::select(vec![
        "",
        " - COMPLETED",
        " - IN PROGRESS",
        " - IN_PROGRESS",
        " - PENDING",
        " - LOCKED",
        " - PAUSED",
        " - ACTIVE",
        " - DONE",
        " -",
        " - completed",
    ]);
    let line = (tag, body, suffix).prop_map(|(t, b, s)| format!("{t}{b}{s}"));
    (
        prop::collection::vec(line, 0..20),
        prop::collection::vec(edit(), 0..4),
    )
        .prop_map(|(lines, edits)| mutate(lines.join("\n"), edits))
}

#[test]
fn fuzz_goal_apply_markers() {
    let seed = goal::parse(
        "description: Ship it\nstatus: active\ncheckpoints:\n  - description: Add login\n\
         decisions:\n  - description: Use JWT\n    locked: true\n",
        "seed.yaml",
    )
    .unwrap();
    let existing = prop_oneof![Just(None), Just(Some(seed))];
    let result = runner().run(&(marker_text(), existing), |(text, goal)| {
        let outcome = match markers::parse(&text, "reply.txt") {
            Err(e) => names("reply.txt", &e.message),
            Ok(found) => match markers::apply(goal, &found, "reply.txt", "2026-11-25", &[]) {
                Err(e) => names("reply.txt", &e.message),
                // An applied goal, and every finished one, is one the goal file can hold.
                Ok(applied) => applied
                    .goal
                    .iter()
                    .chain(&applied.finished)
                    .try_for_each(|g| {
                        goal::parse(&goal::to_yaml(g), "goal.yaml")
                            .map(|_| ())
                            .map_err(|e| format!("{g:?} cannot be saved: {e}"))
                    }),
            },
        };
        outcome.map_err(TestCaseError::fail)?;
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// A history: messages with roles and content blocks of every kind.
fn history() -> impl Strategy<Value = Value> {
    let role = prop::sample::select(vec!["user", "assistant", "system", "tool", ""]);
    let kind = prop::sample::select(vec![
        "text",
        "image",
        "tool_use",
        "tool_result",
        "thinking",
        "document",
        "x",
    ]);
    let id = prop::sample::select(vec!["t1", "t2", ""]);
    let block = (kind, id, scalar()).prop_map(|(kind, id, v)| {
        let mut b = serde_json::json!({"type": kind});
        match kind {
            "text" => b["text"] = v,
            "image" => {
                b["source"] = serde_json::json!({"type": "base64", "media_type": v, "data": "AAAA"})
            }
            "tool_use" => {
                b["id"] = id.into();
                b["name"] = "shell".into();
                b["input"] = serde_json::json!({"cmd": v});
            }
            "tool_result" => {
                b["tool_use_id"] = id.into();
                b["content"] = v;
            }
            _ => b["thinking"] = v,
        }
        if id.is_empty() {
            b["cache_control"] = serde_json::json!({"type": "ephemeral"});
        }
        b
    });
    let content = prop_oneof![
        scalar(),
        prop::collection::vec(block, 0..4).prop_map(Value::Array),
    ];
    let message =
        (role, content, any::<bool>(), any::<bool>()).prop_map(|(role, content, summary, ts)| {
            let mut m = serde_json::json!({"role": role, "content": content});
            if summary {
                m["isSummary"] = true.into();
            }
            if ts {
                m["ts"] = 1.into();
            }
            m
        });
    prop::collection::vec(message, 0..8).prop_map(Value::Array)
}

/// Encodes parsed history for every provider, cached in tiers, as `messages` would. Only
/// a block the provider cannot take (one of a type it does not know) may
/// stop a body, with an error that names the message; Anthropic and raw bodies take all.
fn encode_all(mut list: Vec<Message>) -> Result<(), String> {
    let tiers = [Tier::L0, Tier::L1, Tier::L2, Tier::L3, Tier::Active];
    let n = list.len().max(1);
    for (i, m) in list.iter_mut().enumerate() {
        m.tier = tiers[i * tiers.len() / n];
    }
    cache_markers::place(&mut list, 0, Tokenizer::O200k);
    let opts = Options {
        model: "m".into(),
        max_tokens: None,
        default_max_tokens: 1,
        stream: false,
        ttl: Ttl::OneHour,
        system_role: SystemRole::System,
        prompt_cache_key: None,
        breakpoints: false,
        gemini_cache: Default::default(),
        tools: Vec::new(),
    };
    let other = |m: &Message| m.content.iter().any(|b| matches!(b, Block::Other(_)));
    for p in [
        Provider::Anthropic,
        Provider::OpenAi,
        Provider::OpenAiResponses,
        Provider::OpenRouter,
        Provider::Gemini,
        Provider::Raw,
    ] {
        match providers::encode(p, &list, &opts) {
            Ok(body) => {
                let markers = body.to_string().matches("cache_control").count();
                if markers > cache_markers::MAX_MARKERS {
                    return Err(format!("{p}: {markers} markers"));
                }
            }
            Err(e) => {
                let index = e
                    .strip_prefix("request message ")
                    .and_then(|rest| rest.split(':').next()?.parse::<usize>().ok());
                let refusable = !matches!(p, Provider::Anthropic | Provider::Raw);
                if !refusable || !index.is_some_and(|i| list.get(i).is_some_and(other)) {
                    return Err(format!("{p} refused a body it should take: {e}"));
                }
            }
        }
    }
    Ok(())
}

/// What an accepted history must be: one message per input message from the last
/// summary on (after the summary's preface), each with its role, and string content as
/// one text block.
fn matches_input(input: &Value, list: &[Message]) -> Result<(), String> {
    let messages = input
        .as_array()
        .ok_or("accepted a history that is not a list")?;
    let summary = messages
        .iter()
        .rposition(|m| m.get("isSummary").and_then(Value::as_bool) == Some(true));
    let (kept, preface) = match summary {
        Some(at) => (&messages[at..], 1),
        None => (&messages[..], 0),
    };
    if list.len() != kept.len() + preface {
        return Err(format!("{} messages from {} kept", list.len(), kept.len()));
    }
    for (m, parsed) in kept.iter().zip(&list[preface..]) {
        let role = match parsed.role {
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::System => return Err("a system message from the history".into()),
        };
        if m["role"] != role {
            return Err(format!("role {} read as {role}", m["role"]));
        }
        if let Value::String(text) = &m["content"] {
            if parsed.content != [Block::Text(text.clone())] {
                return Err(format!("content {text:?} read as {:?}", parsed.content));
            }
        }
    }
    Ok(())
}

/// JSON nested `n` deep (past serde_json's limit of 128 too), closed or not: the parser's
/// depth errors, and deep content in a message.
fn deep_json() -> impl Strategy<Value = String> {
    let shapes = prop::sample::select(vec![
        ("[", "]"),
        ("{\"a\": ", "}"),
        (
            "[{\"role\": \"user\", \"content\": [{\"type\": \"x\", \"v\": ",
            "}]}]",
        ),
    ]);
    (shapes, 1usize..300, any::<bool>()).prop_map(|((open, close), n, closed)| {
        let mut s = open.repeat(n);
        s.push('1');
        if closed {
            s.push_str(&close.repeat(n));
        }
        s
    })
}

/// The history file's full path: read from disk as `--history` reads it, so text that is
/// not JSON reaches the reader's own error too.
#[test]
fn fuzz_history_json() {
    let text = prop_oneof![
        6 => (history(), any::<bool>(), prop::collection::vec(edit(), 0..4))
            .prop_map(|(v, pretty, edits)| mutate(render(v, if pretty { 1 } else { 2 }), edits)),
        1 => deep_json(),
        1 => ".{0,200}",
    ];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("h.json");
    fuzz(text, |text| {
        std::fs::write(&path, text).unwrap();
        match read_history(&path, "h.json", None) {
            Ok(list) => {
                let input: Value = serde_json::from_str(text)
                    .map_err(|e| format!("accepted text that is not JSON: {e}"))?;
                matches_input(&input, &list)?;
                encode_all(list)
            }
            Err(e) => names("h.json", &e.message),
        }
    });
}

#[rustfmt::skip]
const SPEC_KEYS: &[&str] = &[
    "prompt", "files", "history", "url_context", "images", "max_tokens", "stream",
    "symbols", "legend", "blocks", "tiers", "model", "provider", "tokenizer", "cache_ttl",
    "session", "file_tree", "url", "file", "content", "file:a.rs", "symbol:a.rs",
    "history:0", "history:x", "prompt_cache_key",
];

fn spec_shape() -> BoxedStrategy<Value> {
    let url = fields(vec![
        req("url", text()),
        opt("file", text()),
        opt("content", text()),
    ]);
    let tier = word(&["L0", "L1", "L2", "L3", "active", "L4"]);
    let tiers = map_of(
        &["file:a.rs", "symbol:b.rs", "history:0", "history:12", "x"],
        tier,
    );
    let blocks = prop::collection::vec(("[a-z/]{1,8}\\.rs", text()), 0..4)
        .prop_map(|kv| Value::Object(kv.into_iter().collect()))
        .boxed();
    fields(vec![
        opt("prompt", text()),
        opt("files", list(text())),
        opt("history", text()),
        opt("url_context", list(url)),
        opt("images", list(text())),
        opt("max_tokens", number()),
        opt("stream", flag()),
        opt(
            "symbols",
            fields(vec![opt("legend", text()), opt("blocks", blocks)]),
        ),
        opt("tiers", tiers),
        opt(
            "model",
            word(&["claude-sonnet-5-5", "gpt-5.4", "gemini-2.5-pro", ""]),
        ),
        opt(
            "provider",
            word(&["anthropic", "openai", "openrouter", "gemini", "raw"]),
        ),
        opt("tokenizer", word(&["o200k", "cl100k", "p50k"])),
        opt("cache_ttl", word(&["5m", "1h", "2h"])),
        opt("session", text()),
        opt("file_tree", flag()),
    ])
}

#[test]
fn fuzz_spec_yaml_and_json() {
    fuzz(
        input(spec_shape(), top_map(SPEC_KEYS), "prompt: "),
        |text| {
            for origin in origins(text, "s") {
                match spec::parse(text, &origin) {
                    Ok(s) => {
                        drop(spec::tiers(&s));
                        spec_kept(text, &origin, &s)?;
                    }
                    Err(e) => names(&origin, &e.message)?,
                }
            }
            Ok(())
        },
    );
}

/// An accepted spec holds what its document says, key by key.
fn spec_kept(text: &str, origin: &str, s: &spec::Spec) -> Result<(), String> {
    let Some(doc) = accepted_tree(text, origin)? else {
        return Ok(());
    };
    same(&doc, "prompt", &s.prompt)?;
    same(&doc, "files", &s.files)?;
    same(&doc, "history", &s.history)?;
    same(&doc, "images", &s.images)?;
    same(&doc, "session", &s.session)?;
    same(&doc, "model", &s.model)?;
    same(&doc, "provider", &s.provider)?;
    same(&doc, "max_tokens", &s.max_tokens)?;
    same(&doc, "stream", &s.stream)?;
    same(&doc, "file_tree", &s.file_tree)?;
    same(&doc, "cache_ttl", &s.cache_ttl)?;
    same(&doc, "tokenizer", &s.tokenizer)?;
    same(&doc, "tiers", &s.tiers)
}

/// The names a document is read under: `.yaml`, and `.json` too when it looks like JSON
/// (YAML reads JSON as well, so both parsers see it).
fn origins(text: &str, stem: &str) -> Vec<String> {
    let mut out = vec![format!("{stem}.yaml")];
    if text.trim_start().starts_with(['{', '[']) {
        out.push(format!("{stem}.json"));
    }
    out
}

#[rustfmt::skip]
const CONFIG_KEYS: &[&str] = &[
    "model", "mode", "sandbox", "context_files", "sections", "memory_file", "templates",
    "tool_names", "skills", "sanity", "ascii", "git", "grep", "shell",
];

fn config_shape() -> BoxedStrategy<Value> {
    let sections = map_of(
        &["git", "goal", "memory", "base", "sandbox", "nope"],
        flag(),
    );
    let tools = fields(vec![
        opt("grep", text()),
        opt("shell", text()),
        opt("ls", text()),
    ]);
    fields(vec![
        opt("model", text()),
        opt(
            "mode",
            word(&[
                "assistant",
                "developer",
                "planning",
                "debugger",
                "user",
                "x",
            ]),
        ),
        opt("sandbox", word(&["auto", "macos", "generic", "none", "x"])),
        opt("context_files", list(text())),
        opt("sections", sections),
        opt("memory_file", text()),
        opt("templates", text()),
        opt("tool_names", tools),
        opt("skills", list(text())),
        opt("sanity", flag()),
        opt("ascii", flag()),
    ])
}

#[test]
fn fuzz_config_yaml() {
    fuzz(
        input(config_shape(), top_map(CONFIG_KEYS), "model: "),
        |text| match parse_config(text, "config.yaml") {
            Ok(c) => {
                let Some(doc) = accepted_tree(text, "config.yaml")? else {
                    return Ok(());
                };
                same(&doc, "model", &c.model)?;
                same(&doc, "mode", &c.mode)?;
                same(&doc, "context_files", &c.context_files)?;
                same(&doc, "memory_file", &c.memory_file)?;
                same(&doc, "templates", &c.templates)?;
                same(&doc, "skills", &c.skills)?;
                same(&doc, "sanity", &c.sanity)?;
                same(&doc, "ascii", &c.ascii)?;
                same(&doc, "sections", &c.sections.as_ref().map(|s| &s.0))
            }
            Err(e) => names("config.yaml", &e.message),
        },
    );
}

const DATA_KEYS: &[&str] = &["Name", "Vars", "ToolNames", "a", "b", "list", "<<", "? x"];

#[test]
fn fuzz_data_yaml_and_json() {
    fuzz(
        input(document(DATA_KEYS).boxed(), top_map(DATA_KEYS), ""),
        |text| {
            for origin in origins(text, "d") {
                let format = Format::for_path(std::path::Path::new(&origin));
                match data::parse(text, format, &origin) {
                    Ok(v) => {
                        drop(data::to_value(&v));
                        data_kept(text, &origin, &v)?;
                    }
                    Err(e) => names(&origin, &e.message)?,
                }
            }
            Ok(())
        },
    );
}

/// Accepted data is the document's tree: JSON as serde_json reads it, YAML as serde_yaml
/// reads it straight into JSON, where that reading exists. The program converts YAML
/// itself (tags dropped, scalar keys made strings, as Go's templates see them), so a
/// document with a tag or a key that is not a string is not compared.
fn data_kept(text: &str, origin: &str, kept: &Value) -> Result<(), String> {
    let doc: Value = if origin.ends_with(".json") {
        serde_json::from_str(text).map_err(|e| format!("{origin}: accepted invalid JSON: {e}"))?
    } else if text.contains('!') || text.trim().is_empty() {
        return Ok(());
    } else {
        match serde_yaml::from_str::<serde_yaml::Value>(text) {
            Ok(yaml) if string_keys(&yaml) => {
                serde_json::to_value(yaml).map_err(|e| e.to_string())?
            }
            _ => return Ok(()),
        }
    };
    if doc == *kept {
        Ok(())
    } else {
        Err(format!("{origin}: read {doc} but kept {kept}"))
    }
}

/// Whether every map key in `v` is a string.
fn string_keys(v: &serde_yaml::Value) -> bool {
    use serde_yaml::Value as Y;
    match v {
        Y::Mapping(m) => m.iter().all(|(k, v)| k.is_string() && string_keys(v)),
        Y::Sequence(items) => items.iter().all(string_keys),
        _ => true,
    }
}

/// An accepted `--set KEY=VALUE` is the value at KEY's dotted path: the text itself, or
/// the scalar YAML reads it as.
#[test]
fn fuzz_set_values() {
    fuzz(
        ".{0,20}=.{0,60}|[a-z.]{0,10}=\\[{1,5000}",
        |setting| match data::parse_setting(setting) {
            Ok(mut value) => {
                let (key, raw) = setting.split_once('=').ok_or("accepted without '='")?;
                for part in key.split('.') {
                    value = match value {
                        Value::Object(mut m) if m.len() == 1 => m
                            .remove(part)
                            .ok_or(format!("no '{part}' in {setting:?}"))?,
                        other => return Err(format!("{setting:?}: {other} at '{part}'")),
                    };
                }
                // YAML's reading of the text when it is a scalar, else the text.
                let scalar = serde_yaml::from_str::<serde_yaml::Value>(raw)
                    .ok()
                    .map(untagged)
                    .filter(|v| !v.is_array() && !v.is_object());
                match value {
                    v if Some(&v) == scalar.as_ref() => Ok(()),
                    Value::String(s) if s == raw => Ok(()),
                    v => Err(format!("{setting:?} set {v}")),
                }
            }
            Err(e) => names("--set", &e.message),
        },
    );
}

#[rustfmt::skip]
const MODEL_KEYS: &[&str] = &[
    "models", "pattern", "family", "provider", "context_window", "max_output_tokens",
    "images", "min_cache_tokens", "max_nonstreaming_tokens",
];

fn models_shape() -> BoxedStrategy<Value> {
    let entry = fields(vec![
        req("pattern", word(&["*", "claude-*", "gpt-5.4", "a*b*"])),
        req("family", word(&["claude", "gpt", "gemini", "default"])),
        req(
            "provider",
            word(&["anthropic", "openai", "gemini", "openrouter"]),
        ),
        req("context_window", number()),
        req("max_output_tokens", number()),
        req("images", flag()),
        req("min_cache_tokens", number()),
        opt("max_nonstreaming_tokens", number()),
    ]);
    // The registry must end with a catch-all entry.
    let last = serde_json::json!({"pattern": "*", "family": "default", "provider": "openai",
        "context_window": 1, "max_output_tokens": 1, "images": false, "min_cache_tokens": 0});
    list(entry)
        .prop_map(move |mut entries| {
            if let Value::Array(list) = &mut entries {
                list.push(last.clone());
            }
            serde_json::json!({"models": entries})
        })
        .boxed()
}

#[test]
fn fuzz_models_yaml() {
    fuzz(
        input(models_shape(), top_map(MODEL_KEYS), "models: "),
        |text| match ModelRegistry::parse(text, "models.yaml") {
            Ok(r) => {
                let found = r.lookup("claude-sonnet-5-5");
                found.default_max_tokens(false);
                // The first entry, in the file's order, whose pattern matches.
                let Some(doc) = accepted_tree(text, "models.yaml")? else {
                    return Ok(());
                };
                let entries = doc["models"]
                    .as_array()
                    .ok_or("accepted without a models list")?;
                let first = entries
                    .iter()
                    .find(|e| glob(e["pattern"].as_str().unwrap_or(""), "claude-sonnet-5-5"))
                    .ok_or("no entry matches, not even the catch-all")?;
                same(first, "pattern", &found.pattern)?;
                same(first, "family", &found.family)?;
                same(first, "context_window", &found.context_window)
            }
            Err(e) => names("models.yaml", &e),
        },
    );
}

/// Whether `name` matches `pattern`, where `*` stands for any run of characters: the
/// registry's patterns, matched here apart from the program's own matcher.
fn glob(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, rest)) => {
            name.starts_with(head)
                && (0..=name.len() - head.len()).any(|i| {
                    name.is_char_boundary(head.len() + i) && glob(rest, &name[head.len() + i..])
                })
        }
    }
}

/// A failing case's seed is saved to the regressions file and replayed first by the next
/// run, whatever that run's own seed: a failure in CI can be replayed from the file.
#[test]
fn failing_seeds_are_kept_and_replayed() {
    use proptest::test_runner::RngSeed;
    use std::sync::Mutex;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kept.proptest-regressions");
    let path: &'static str = Box::leak(file.display().to_string().into_boxed_str());
    let runner = |seed: u64| {
        let mut config = seeded::config(1000, path);
        config.rng_seed = RngSeed::Fixed(seed);
        TestRunner::new(config)
    };
    let first_failure = Mutex::new(None);
    let failed = runner(1).run(&(0u64..1_000_000), |v| {
        if v > 500_000 {
            first_failure.lock().unwrap().get_or_insert(v);
            return Err(TestCaseError::fail("too large"));
        }
        Ok(())
    });
    assert!(failed.is_err());
    let failing = first_failure.into_inner().unwrap().unwrap();
    let kept = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(kept.lines().any(|l| l.starts_with("cc ")), "{kept}");
    let seen = Mutex::new(Vec::new());
    runner(2)
        .run(&(0u64..1_000_000), |v| {
            seen.lock().unwrap().push(v);
            Ok(())
        })
        .unwrap();
    assert_eq!(seen.into_inner().unwrap()[0], failing);
}
