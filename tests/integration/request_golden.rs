//! Golden request bodies: one context spec covering the system prompt, L0–L3 content
//! (tier hints put items in tiers without a session), history in several tiers, the file
//! tree, URL context, working files, an image and a prompt, encoded for every provider
//! and compared byte for byte with `fixtures/requests/<provider>.json`.
//!
//! The temporary root is replaced by `<ROOT>` before comparing. After an intended
//! change, regenerate and review:
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test --test integration request_golden::
//! git diff fixtures/requests
//! ```

use crate::common;
use std::path::{Path, PathBuf};

use common::Test;
use serde_json::Value;

const PROVIDERS: &[&str] = &["anthropic", "openai", "openrouter", "gemini", "raw"];

const SPEC: &str = r##"# Everything a request can hold.
prompt: Rename `total` to `sum` in src/main.rs.
files: [src/stable.rs, src/lib.rs, src/config.rs, src/main.rs]
history: history.json
url_context:
  - {url: "https://example.com/api", file: pages/api.md}
  - {url: "https://example.com/faq", content: "Q: Why?\nA: Because."}
images: [shot.png]
max_tokens: 2048
symbols:
  legend: "# c=class f=function m=method"
  blocks:
    src/util.rs: "src/util.rs:\n  f clamp(x,lo,hi)"
    src/models.rs: "src/models.rs:\n  c User\n    m name()->str"
    src/extra.rs: "src/extra.rs:\n  f helper()"
    src/main.rs: "src/main.rs:\n  f main()"
tiers:
  file:src/stable.rs: L0
  file:src/lib.rs: L1
  file:src/config.rs: L3
  symbol:src/util.rs: L1
  symbol:src/models.rs: L2
  history:0: L0
  history:1: L0
  history:2: L2
  history:3: L2
"##;

const HISTORY: &str = r#"[
  {"role": "user", "content": "What does stable.rs do?"},
  {"role": "assistant", "content": [{"type": "text", "text": "It lists items.", "cache_control": {"type": "ephemeral"}}]},
  {"role": "user", "content": "And models.rs?"},
  {"role": "assistant", "content": "It defines User."},
  {"role": "user", "content": "Thanks."},
  {"role": "assistant", "content": "You're welcome."}
]"#;

/// A large L0 file, so the cached prefix clears the model's 1024-token minimum.
fn stable_rs() -> String {
    (0..300)
        .map(|i| format!("pub fn item_{i}() -> u32 {{ {i} }}\n"))
        .collect()
}

pub fn setup() -> Test {
    setup_for("messages")
}

/// The golden world, running `command` (`messages` or `context`).
fn setup_for(command: &str) -> Test {
    Test::new()
        .file("spec.yaml", SPEC)
        .file("history.json", HISTORY)
        .file("src/stable.rs", stable_rs())
        .file("src/lib.rs", "pub mod config;\npub mod util;\n")
        .file("src/config.rs", "pub const LIMIT: u32 = 10;\n")
        .file(
            "src/main.rs",
            "fn main() {\n    let total = 1 + 2;\n    println!(\"{total}\");\n}\n",
        )
        .file("pages/api.md", "# API\n\nGET /items lists items.\n")
        .file("shot.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
        .args([
            command,
            "--spec",
            "spec.yaml",
            "--model",
            "claude-sonnet-5-5",
            // One model for every provider's body: the pair may mismatch on purpose.
            "--allow-model-mismatch",
            "--sandbox",
            "generic",
            "--no-section",
            "base",
            "--memory",
            "Prefers short answers.",
        ])
}

fn fixture(provider: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/requests")
        .join(format!("{provider}.json"))
}

/// The body for `provider`, with the temporary root replaced by `<ROOT>`.
fn body(provider: &str) -> String {
    let t = setup().args(["--provider", provider]);
    let run = t.run();
    run.ok().replace(&t.root.display().to_string(), "<ROOT>")
}

#[test]
fn golden_requests() {
    let mut failures = Vec::new();
    for provider in PROVIDERS {
        let got = body(provider);
        if let Err(e) = common::golden::check(&fixture(provider), &got, "request_golden") {
            failures.push(format!("{provider}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_corrupted_golden_fails_and_only_1_updates() {
    common::golden::assert_corruption_is_caught(&fixture("anthropic"), &body("anthropic"));
    for value in ["0", "", "true", "yes"] {
        assert!(
            !common::golden::is_update(Some(value.as_ref())),
            "{value:?}"
        );
    }
    assert!(!common::golden::is_update(None));
    assert!(common::golden::is_update(Some("1".as_ref())));
}

#[test]
fn compact_is_the_same_json_on_one_line() {
    let pretty = setup().args(["--provider", "anthropic"]).run();
    let compact = setup().args(["--provider", "anthropic", "--compact"]).run();
    let a: serde_json::Value = serde_json::from_str(pretty.ok()).unwrap();
    let b: serde_json::Value = serde_json::from_str(compact.ok()).unwrap();
    assert_eq!(a, b);
    assert_eq!(compact.stdout.lines().count(), 1);
}

/// The roles of a body's conversation, `system` messages left out.
fn roles(messages: &Value) -> Vec<&str> {
    messages
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .filter(|r| *r != "system")
        .collect()
}

/// Turns alternate, starting and ending with the user (whose last turn is the prompt).
fn assert_alternates(roles: &[&str], user: &str, other: &str, provider: &str) {
    for (i, role) in roles.iter().enumerate() {
        let want = if i % 2 == 0 { user } else { other };
        assert_eq!(*role, want, "{provider}: turn {i} in {roles:?}");
    }
    assert_eq!(roles.last(), Some(&user), "{provider}: {roles:?}");
}

fn keys(body: &Value) -> Vec<&str> {
    body.as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

/// What the README's "Providers" and "Cache markers" sections promise of each body,
/// checked on the parsed JSON, so a golden file regenerated wrongly still fails here.
#[test]
fn every_body_keeps_the_readme_promises() {
    for provider in PROVIDERS {
        let b: Value = serde_json::from_str(&body(provider)).unwrap();
        let text = b.to_string();
        assert!(
            text.contains("Rename `total` to `sum`"),
            "{provider}: no prompt"
        );
        let marks = common::marked_types(&b);
        match *provider {
            "anthropic" => {
                assert_eq!(keys(&b), ["max_tokens", "messages", "model", "system"]);
                assert!(b["system"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|s| s["type"] == "text"));
                assert_alternates(&roles(&b["messages"]), "user", "assistant", provider);
                assert!(
                    text.contains(r#""source":{"data":"#),
                    "{provider}: base64 image"
                );
                assert!(text.contains(r#""media_type":"image/png","type":"base64""#));
                // One marker per cached tier (L0 to L3), on text here.
                assert_eq!(marks, ["text"; 4], "{provider}");
            }
            "openai" | "openrouter" => {
                let limit = match *provider {
                    "openai" => "max_completion_tokens",
                    _ => "max_tokens",
                };
                assert_eq!(keys(&b), [limit, "messages", "model"]);
                assert_eq!(b["messages"][0]["role"], "system", "{provider}");
                assert_alternates(&roles(&b["messages"]), "user", "assistant", provider);
                assert!(
                    text.contains(r#""url":"data:image/png;base64,"#),
                    "{provider}"
                );
                let want: &[&str] = if *provider == "openai" {
                    &[]
                } else {
                    &["text"; 4]
                };
                assert_eq!(marks, want, "{provider}");
            }
            "gemini" => {
                assert_eq!(
                    keys(&b),
                    ["contents", "generationConfig", "systemInstruction"]
                );
                assert_alternates(&roles(&b["contents"]), "user", "model", provider);
                assert!(text.contains(r#""inline_data":{"#), "{provider}");
                assert_eq!(marks, Vec::<String>::new(), "{provider}");
            }
            "raw" => {
                assert_eq!(b[0]["role"], "system");
                assert_alternates(&roles(&b), "user", "assistant", provider);
                assert_eq!(marks, ["text"; 4], "{provider}");
            }
            other => panic!("no promises listed for {other}"),
        }
    }
}

fn flat_fixture(provider: &str) -> PathBuf {
    fixture(&format!("flat-{provider}"))
}

/// The `--flat` body for `provider`, and what the run said on stderr.
fn flat_body(provider: &str) -> (String, String) {
    let t = setup().args(["--provider", provider, "--flat"]);
    let run = t.run();
    let root = t.root.display().to_string();
    (
        run.ok().replace(&root, "<ROOT>"),
        run.stderr.replace(&root, "<ROOT>"),
    )
}

#[test]
fn golden_flat_requests() {
    let mut failures = Vec::new();
    for provider in PROVIDERS {
        let (got, _) = flat_body(provider);
        if let Err(e) = common::golden::check(&flat_fixture(provider), &got, "request_golden") {
            failures.push(format!("{provider}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The flat body holds what the tiered one does, in the flat order, with no
/// marker anywhere; the spec's tier hints are named as unused.
#[test]
fn flat_bodies_are_the_same_content_unmarked_in_flat_order() {
    // The system message (with the map) is a top-level field in some shapes, whose
    // place in the text follows the key order; the conversation is in order everywhere.
    let order = [
        "# Repository Files",
        "# URL Context",
        "# Working Files",
        "What does stable.rs do?",
        "You're welcome.",
        "Rename `total` to `sum`",
    ];
    for provider in PROVIDERS {
        let (text, stderr) = flat_body(provider);
        let b: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(common::marked_types(&b), Vec::<String>::new(), "{provider}");
        let at: Vec<usize> = order
            .iter()
            .map(|s| text.find(s).unwrap_or_else(|| panic!("{provider}: {s}")))
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{provider}: {at:?}");
        // Every file goes once, whole, among the working files.
        for f in ["pub fn item_299()", "pub mod config;", "pub const LIMIT"] {
            assert_eq!(text.matches(f).count(), 1, "{provider}: {f}");
            assert!(text.find(f).unwrap() > at[2], "{provider}: {f}");
        }
        assert_eq!(text.matches("# Repository Structure").count(), 1);
        assert!(!text.contains("# Reference Files"), "{provider}");
        assert!(
            stderr.contains("--flat has no tiers"),
            "{provider}: {stderr}"
        );
    }
    let (anthropic, _) = flat_body("anthropic");
    let b: Value = serde_json::from_str(&anthropic).unwrap();
    assert_eq!(keys(&b), ["max_tokens", "messages", "model", "system"]);
    assert_alternates(&roles(&b["messages"]), "user", "assistant", "anthropic");
}

#[test]
fn flat_refuses_session_and_tier_flags() {
    for extra in [
        &["--session", "s"][..],
        &["--tier", "src/lib.rs=L1"],
        &["--no-update"],
        &["--cache-ttl", "1h"],
    ] {
        let run = setup().args(["--flat"]).args(extra).run();
        let err = run.fails();
        assert!(err.contains("cannot be used with"), "{extra:?}: {err}");
    }
}

/// `context --flat` is one uncached row holding everything.
#[test]
fn context_flat_is_one_uncached_block() {
    let context = |flat: bool| {
        let mut t = setup_for("context").args(["--json"]);
        if flat {
            t = t.args(["--flat"]);
        }
        serde_json::from_str::<Value>(t.run().ok()).unwrap()
    };
    let (tiered, flat) = (context(false), context(true));
    let rows = flat["tiers"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{flat}");
    let row = &rows[0];
    assert_eq!(
        (&row["tier"], &row["marker"]),
        (&"flat".into(), &false.into())
    );
    assert_eq!(
        (&flat["flat"], &flat["markers"]),
        (&true.into(), &false.into())
    );
    // The same content less the tier headers and their "Ok." turns.
    let (n, all) = (
        row["tokens"].as_u64().unwrap(),
        tiered["total_tokens"].as_u64().unwrap(),
    );
    assert!(n < all && n * 100 > all * 95, "{flat}\n{tiered}");
    assert_eq!(row["tokens"], flat["total_tokens"]);
    let holds = &row["holds"];
    assert_eq!(
        (
            &holds["files"],
            &holds["history"],
            &holds["symbols"],
            &holds["urls"]
        ),
        (&4.into(), &6.into(), &3.into(), &2.into()),
        "{holds}"
    );
    let text = setup_for("context").args(["--flat"]).run();
    let text = text.ok();
    assert!(text.contains("\nflat "), "{text}");
    assert!(
        text.contains("flat: one uncached block with no cache markers"),
        "{text}"
    );
    assert!(!text.contains("\nL0 "), "{text}");
}
