//! Golden request bodies: one context spec covering the system prompt, L0–L3 content
//! (tier hints put items in tiers without a session), history in several tiers, the file
//! tree, URL context, working files, an image and a prompt, encoded for every provider
//! and compared byte for byte with `fixtures/requests/<provider>.json`.
//!
//! The temporary root is replaced by `<ROOT>` before comparing. After an intended
//! change, regenerate and review:
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test --test request_golden
//! git diff fixtures/requests
//! ```

mod common;
use std::path::{Path, PathBuf};

use common::Test;

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
            "messages",
            "--spec",
            "spec.yaml",
            "--model",
            "claude-sonnet-4-5",
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

#[test]
fn golden_requests() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    for provider in PROVIDERS {
        let t = setup().args(["--provider", provider]);
        let run = t.run();
        let got = run.ok().replace(&t.root.display().to_string(), "<ROOT>");
        let path = fixture(provider);
        if update {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        if got != want {
            failures.push(format!(
                "{provider}: output differs from {} (UPDATE_GOLDEN=1 regenerates it)\n{got}",
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
