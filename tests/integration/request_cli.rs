//! `messages` end to end: the default layout, exclusions, the minimum cacheable prefix,
//! and one test per rejected input (exit 2, nothing on stdout, a message naming the
//! file and position).

use crate::common;
use common::Test;
use serde_json::Value;

/// `messages` for Claude, whichever `--provider` a test gives: the bodies' shapes are
/// what is tested, so the provider may mismatch the model.
fn messages(t: Test) -> Test {
    messages_for("claude-sonnet-5-5", t).args(["--allow-model-mismatch"])
}

fn messages_for(model: &str, t: Test) -> Test {
    t.args([
        "messages",
        "--model",
        model,
        "--no-section",
        "base",
        "--sandbox",
        "none",
        "--no-file-tree",
    ])
}

fn json(t: &Test) -> Value {
    serde_json::from_str(t.run().ok()).unwrap()
}

/// Every text in an Anthropic body, system first.
fn texts(body: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut push = |c: &Value| match c {
        Value::String(s) => out.push(s.clone()),
        Value::Array(bs) => {
            for b in bs {
                if let Some(t) = b["text"].as_str() {
                    out.push(t.to_string());
                }
            }
        }
        _ => {}
    };
    push(&body["system"]);
    for m in body["messages"].as_array().unwrap() {
        push(&m["content"]);
    }
    out
}

#[test]
fn default_output_is_a_system_message_and_active_content() {
    let t = messages(Test::new().file("a.rs", "fn a() {}\n")).args([
        "--provider",
        "raw",
        "--prompt",
        "Explain a.rs",
        "--file",
        "a.rs",
    ]);
    let body = json(&t);
    let ms = body.as_array().unwrap();
    let roles: Vec<&str> = ms.iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["system", "user", "assistant", "user"]);
    assert_eq!(
        ms[1]["content"],
        "# Working Files\n\nHere are the files:\n\na.rs\n```\nfn a() {}\n```"
    );
    assert_eq!(ms[2]["content"], "Ok.");
    let prompt = ms[3]["content"].as_str().unwrap();
    assert!(
        prompt.starts_with("Explain a.rs\n\nReminder:\n- Edit with blocks"),
        "{prompt}"
    );
    // Too short to cache: no marker anywhere.
    assert!(!t.run().stdout.contains("cache_control"));
}

#[test]
fn the_prompt_comes_from_stdin() {
    let t = messages(Test::new())
        .args(["--provider", "raw"])
        .stdin("From stdin");
    let body = json(&t);
    let last = body.as_array().unwrap().last().unwrap()["content"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(last.starts_with("From stdin\n\n"), "{last}");
}

#[test]
fn the_file_tree_lists_git_tracked_files() {
    let t = Test::new()
        .git()
        .file("b.txt", "b")
        .file("a.txt", "a")
        .file("untracked.txt", "u");
    let repo = git2::Repository::open(&t.work).unwrap();
    let mut index = repo.index().unwrap();
    index.add_path(std::path::Path::new("b.txt")).unwrap();
    index.add_path(std::path::Path::new("a.txt")).unwrap();
    index.write().unwrap();
    let t = t.args([
        "messages",
        "--provider",
        "raw",
        "--prompt",
        "hi",
        "--no-section",
        "base",
    ]);
    let body = json(&t);
    assert_eq!(
        body[1]["content"],
        "# Repository Files\n\nComplete list of files in the repository:\n\n# File Tree (2 files)\n\na.txt\nb.txt"
    );
    assert_eq!(body[2]["content"], "Ok.");
}

const BIG: usize = 200;

fn big_file() -> String {
    (0..BIG)
        .map(|i| format!("pub fn f{i}() -> u32 {{ {i} }}\n"))
        .collect()
}

#[test]
fn a_file_in_a_cached_tier_is_not_in_working_files_and_its_symbols_are_dropped() {
    let spec = "files: [big.rs, small.rs]\nprompt: go\n\
                symbols:\n  legend: L\n  blocks:\n    big.rs: 'SYMBOLS-OF-BIG'\n    small.rs: 'SYMBOLS-OF-SMALL'\n    other.rs: 'SYMBOLS-OF-OTHER'\n\
                tiers:\n  file:big.rs: L1\n  symbol:other.rs: L2\n";
    let t = messages(
        Test::new()
            .file("big.rs", big_file())
            .file("small.rs", "SMALL-CONTENT\n")
            .file("spec.yaml", spec),
    )
    .args(["--spec", "spec.yaml", "--provider", "anthropic"]);
    let body = json(&t);
    let all = texts(&body).join("\n");
    assert_eq!(all.matches("pub fn f7()").count(), 1);
    assert_eq!(all.matches("SMALL-CONTENT").count(), 1);
    // Selected files' symbol blocks are excluded wherever the file sits.
    assert!(!all.contains("SYMBOLS-OF-BIG"));
    assert!(!all.contains("SYMBOLS-OF-SMALL"));
    assert_eq!(all.matches("SYMBOLS-OF-OTHER").count(), 1);
    let working = texts(&body)
        .into_iter()
        .find(|t| t.starts_with("# Working Files"))
        .unwrap();
    assert!(!working.contains("big.rs"), "{working}");
    let l1 = texts(&body)
        .into_iter()
        .find(|t| t.starts_with("# Reference Files\n"))
        .unwrap();
    assert!(l1.contains("big.rs\n```\npub fn f0()"), "{l1}");
}

#[test]
fn a_marker_below_the_model_minimum_is_not_emitted() {
    // claude-sonnet-5-5 caches from 1024 tokens: a small L1 tier gets no marker, a big
    // one does.
    let spec = |file: &str| format!("files: [{file}]\nprompt: go\ntiers:\n  file:{file}: L1\n");
    let small = messages(
        Test::new()
            .file("small.rs", "fn tiny() {}\n")
            .file("spec.yaml", spec("small.rs")),
    )
    .args(["--spec", "spec.yaml", "--provider", "anthropic"]);
    let out = small.run();
    assert!(out.ok().contains("# Reference Files\\n"));
    assert!(!out.stdout.contains("cache_control"), "{}", out.stdout);

    let big = messages(
        Test::new()
            .file("big.rs", big_file())
            .file("spec.yaml", spec("big.rs")),
    )
    .args(["--spec", "spec.yaml", "--provider", "anthropic"]);
    let out = big.run();
    assert_eq!(out.ok().matches("cache_control").count(), 1);

    // A model with a higher floor (Haiku 4.5: 4096) drops the same marker.
    let haiku = messages_for(
        "claude-haiku-4-5",
        Test::new()
            .file("big.rs", big_file())
            .file("spec.yaml", spec("big.rs")),
    )
    .args(["--spec", "spec.yaml", "--provider", "anthropic"]);
    assert!(!haiku.run().ok().contains("cache_control"));
}

#[test]
fn one_hour_ttl_is_written_and_five_minutes_is_not() {
    let spec = "files: [big.rs]\nprompt: go\ntiers:\n  file:big.rs: L0\n";
    let t = || {
        messages(
            Test::new()
                .file("big.rs", big_file())
                .file("spec.yaml", spec),
        )
        .args(["--spec", "spec.yaml", "--provider", "anthropic"])
    };
    let body = json(&t().args(["--cache-ttl", "1h"]));
    assert_eq!(
        body["system"][0]["cache_control"],
        serde_json::json!({"type": "ephemeral", "ttl": "1h"})
    );
    let body = json(&t().args(["--cache-ttl", "5m"]));
    assert_eq!(
        body["system"][0]["cache_control"],
        serde_json::json!({"type": "ephemeral"})
    );
}

#[test]
fn invalid_utf8_is_replaced_with_a_warning() {
    let t = messages(Test::new().file("latin1.txt", b"caf\xe9\n")).args([
        "--provider",
        "raw",
        "--prompt",
        "p",
        "--file",
        "latin1.txt",
    ]);
    let run = t.run();
    assert!(run.ok().contains("caf\u{fffd}"));
    assert!(
        run.stderr
            .contains("warning: 'latin1.txt' is not valid UTF-8"),
        "{}",
        run.stderr
    );
}

// Rejected inputs.

fn fails(t: Test) -> String {
    t.run().fails().to_string()
}

#[test]
fn rejects_a_missing_file() {
    let e = fails(messages(Test::new()).args(["--prompt", "p", "--file", "nope.rs"]));
    assert!(e.contains("nope.rs' does not exist"), "{e}");
}

/// A missing `--file` names the project's files of the same name: in a workspace
/// (tokio's), the README's `src/main.rs` is a level down.
#[test]
fn a_missing_file_names_the_files_of_its_name() {
    let t = Test::new()
        .file("app/src/main.rs", "fn main() {}\n")
        .file("cli/src/main.rs", "fn main() {}\n")
        .file("target/x/src/main.rs", "")
        .file(".gitignore", "target/\n");
    let e = fails(messages(t).args(["--prompt", "p", "--file", "src/main.rs"]));
    assert_eq!(
        e,
        "asimi-prompt: file 'src/main.rs' does not exist; the project has \
         app/src/main.rs, cli/src/main.rs\n"
    );
}

#[test]
fn rejects_a_binary_file() {
    let e = fails(
        messages(Test::new().file("bin.dat", b"ab\x00cd"))
            .args(["--prompt", "p", "--file", "bin.dat"]),
    );
    assert!(e.contains("file 'bin.dat' is binary"), "{e}");
}

/// The README: "a binary file (a NUL byte in its first 8 KiB)". Only the first 8,192
/// bytes are looked at, so a NUL after them is sent as it is.
#[test]
fn only_the_first_8_kib_are_checked_for_nul_bytes() {
    let with_nul_at = |at: usize| {
        let mut bytes = vec![b'a'; 9_000];
        bytes[at] = 0;
        messages(Test::new().file("f.txt", bytes)).args(["--prompt", "p", "--file", "f.txt"])
    };
    for at in [0, 8_191] {
        let e = fails(with_nul_at(at));
        assert!(
            e.contains("file 'f.txt' is binary (it contains NUL bytes)"),
            "{at}: {e}"
        );
    }
    for at in [8_192, 8_999] {
        let all = texts(&json(&with_nul_at(at))).concat();
        let opening = "f.txt\n```\n";
        let start = all.find(opening).expect("f.txt is sent") + opening.len();
        assert_eq!(all[start..].find('\0'), Some(at), "{at}");
    }
}

#[test]
fn rejects_a_file_over_the_limit() {
    let e = fails(
        messages(Test::new().file("big.txt", "x".repeat(100))).args([
            "--prompt",
            "p",
            "--file",
            "big.txt",
            "--max-file-bytes",
            "10",
        ]),
    );
    assert!(
        e.contains("file 'big.txt' is 100 bytes, over the limit of 10 bytes"),
        "{e}"
    );
}

#[test]
fn rejects_a_file_outside_the_project_unless_allowed() {
    let t = Test::new().home_file("secret.txt", "s\n");
    let path = t.home.join("secret.txt").display().to_string();
    let e = fails(messages(t).args(["--prompt", "p", "--file", &path]));
    assert!(e.contains("is outside the project root"), "{e}");
    assert!(e.contains("--allow-outside"), "{e}");

    let t = Test::new().home_file("secret.txt", "s\n");
    let path = t.home.join("secret.txt").display().to_string();
    let out = messages(t)
        .args(["--prompt", "p", "--file", &path, "--allow-outside"])
        .run();
    assert!(out.ok().contains("secret.txt"));
}

#[test]
fn rejects_history_that_is_not_a_list() {
    let e = fails(
        messages(Test::new().file("h.json", "{\"role\": \"user\"}")).args([
            "--prompt",
            "p",
            "--history",
            "h.json",
        ]),
    );
    assert!(e.contains("h.json: the history must be a JSON list"), "{e}");
}

#[test]
fn rejects_history_with_an_unknown_role_naming_the_index() {
    let h = r#"[{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}, {"role": "system", "content": "c"}]"#;
    let e = fails(messages(Test::new().file("h.json", h)).args([
        "--prompt",
        "p",
        "--history",
        "h.json",
    ]));
    assert!(
        e.contains("h.json: message 2: unknown role 'system'"),
        "{e}"
    );
}

#[test]
fn rejects_malformed_history_json_with_line_and_column() {
    let e = fails(
        messages(Test::new().file("h.json", "[\n  {\"role\": }\n]")).args([
            "--prompt",
            "p",
            "--history",
            "h.json",
        ]),
    );
    assert!(e.contains("h.json:2:12: "), "{e}");
}

#[test]
fn rejects_an_image_of_unknown_type() {
    let e = fails(
        messages(Test::new().file("pic.bmp", "BM......"))
            .args(["--prompt", "p", "--image", "pic.bmp"]),
    );
    assert!(
        e.contains("image 'pic.bmp' is not a PNG, JPEG, GIF or WebP image"),
        "{e}"
    );
}

/// "At most 5 MB" (docs/requests.md), in bytes: 5,000,000.
const IMAGE_LIMIT: usize = 5_000_000;

/// A PNG signature padded to `len` bytes.
fn png_of(len: usize) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.resize(len, 0);
    png
}

/// An image of exactly 5 MB is sent whole, base64 in the body.
#[test]
fn sends_an_image_of_exactly_5_mb() {
    let out = messages(Test::new().file("big.png", png_of(IMAGE_LIMIT)))
        .args(["--prompt", "p", "--image", "big.png"])
        .run();
    let body: Value = serde_json::from_str(out.ok()).unwrap();
    let text = body.to_string();
    let data = text
        .split('"')
        .find(|s| s.starts_with("iVBORw0KGgo"))
        .expect("the image's base64");
    assert_eq!(data.len(), IMAGE_LIMIT.div_ceil(3) * 4);
}

#[test]
fn rejects_an_image_over_5_mb() {
    let png = png_of(IMAGE_LIMIT + 1);
    let e = fails(
        messages(Test::new().file("big.png", png)).args(["--prompt", "p", "--image", "big.png"]),
    );
    assert!(
        e.contains("image 'big.png' is 5000001 bytes, over the 5 MB"),
        "{e}"
    );
}

#[test]
fn rejects_an_unknown_provider() {
    let e = fails(messages(Test::new()).args(["--prompt", "p", "--provider", "bedrock"]));
    assert!(
        e.contains(
            "unknown provider 'bedrock'; expected anthropic, openai, openai-responses, openrouter, gemini or raw"
        ),
        "{e}"
    );
}

#[test]
fn rejects_an_unknown_tokenizer() {
    let e = fails(messages(Test::new()).args(["--prompt", "p", "--tokenizer", "p50k"]));
    assert!(e.contains("unknown tokenizer 'p50k'"), "{e}");
}

#[test]
fn rejects_malformed_spec_yaml_with_line_and_column() {
    let e = fails(
        messages(Test::new().file("s.yaml", "prompt: hi\nfiles: [a\n")).args(["--spec", "s.yaml"]),
    );
    assert!(
        e.contains("s.yaml:3:1: key 'files': did not find expected ',' or ']'"),
        "{e}"
    );
    let e = fails(
        messages(Test::new().file("s.yaml", "prompt: hi\nfiels: [a]\n")).args(["--spec", "s.yaml"]),
    );
    assert!(
        e.contains("s.yaml:2:1: key 'fiels': unknown field `fiels`"),
        "{e}"
    );
}

#[test]
fn rejects_malformed_spec_json_with_line_and_column() {
    let e = fails(
        messages(Test::new().file("s.json", "{\"prompt\": \"hi\",\n \"max_tokens\": \"many\"}"))
            .args(["--spec", "s.json"]),
    );
    assert!(e.contains("s.json:2:"), "{e}");
    assert!(e.contains("key 'max_tokens'"), "{e}");
    let e = fails(
        messages(Test::new().file("s.json", "{\"prompt\": \"hi\",\n \"files\": ["))
            .args(["--spec", "s.json"]),
    );
    assert!(
        e.contains("s.json:2:11: key 'files': EOF while parsing a list"),
        "{e}"
    );
}

#[test]
fn rejects_a_missing_prompt() {
    let e = fails(messages(Test::new()).args(["--provider", "raw"]));
    assert!(e.contains("no prompt: pass --prompt TEXT"), "{e}");
}

#[test]
fn url_context_from_flags_splits_at_the_last_equals_sign() {
    let t = messages(Test::new().file("page.md", "Page body.\n")).args([
        "--provider",
        "raw",
        "--prompt",
        "p",
        "--url-context",
        "https://x.test/?a=b=page.md",
    ]);
    let body = json(&t);
    assert_eq!(
        body[1]["content"],
        "# URL Context\n\nThe following content was fetched from URLs mentioned in the conversation:\n\n## https://x.test/?a=b\n\nPage body."
    );
    assert_eq!(body[2]["content"], "Ok, I've reviewed the URL content.");
}

#[test]
fn openai_options_system_role_cache_key_and_stream() {
    let t = messages(Test::new()).args([
        "--provider",
        "openai",
        "--prompt",
        "p",
        "--system-role",
        "developer",
        "--prompt-cache-key",
        "proj-1",
        "--stream",
        "--max-tokens",
        "100",
    ]);
    let body = json(&t);
    assert_eq!(body["messages"][0]["role"], "developer");
    assert_eq!(body["prompt_cache_key"], "proj-1");
    assert_eq!(body["stream"], true);
    assert_eq!(body["stream_options"]["include_usage"], true);
    assert_eq!(body["max_completion_tokens"], 100);
}

#[test]
fn a_project_reminder_template_replaces_the_built_in_one() {
    let t = messages(Test::new().file(
        ".asimi/templates/system_reminder.md",
        "Be brief, {{.Model}}.\n",
    ))
    .args(["--provider", "raw", "--prompt", "p"]);
    let body = json(&t);
    assert_eq!(body[1]["content"], "p\n\nBe brief, claude-sonnet-5-5.");

    let t = messages(Test::new().file(".asimi/templates/system_reminder.md", "")).args([
        "--provider",
        "raw",
        "--prompt",
        "p",
    ]);
    assert_eq!(json(&t)[1]["content"], "p");
}

#[test]
fn history_from_flags_is_sent_as_native_messages_without_user_markers() {
    let h = r#"[{"role": "user", "content": [{"type": "text", "text": "q", "cache_control": {"type": "ephemeral"}}]}, {"role": "assistant", "content": "a"}]"#;
    let t = messages(Test::new().file("h.json", h)).args([
        "--provider",
        "anthropic",
        "--prompt",
        "p",
        "--history",
        "h.json",
    ]);
    let out = t.run();
    assert!(!out.ok().contains("cache_control"), "{}", out.stdout);
    let body: Value = serde_json::from_str(&out.stdout).unwrap();
    let roles: Vec<&str> = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["user", "assistant", "user"]);
    assert_eq!(body["messages"][0]["content"], "q");
}

#[test]
fn tool_blocks_pass_to_anthropic_and_convert_for_gemini() {
    let h = r#"[{"role": "user", "content": "run it"}, {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "shell", "input": {"cmd": "ls"}}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "a.rs"}]}]"#;
    let t =
        || messages(Test::new().file("h.json", h)).args(["--prompt", "p", "--history", "h.json"]);
    let body = json(&t().args(["--provider", "anthropic"]));
    assert_eq!(body["messages"][1]["content"][0]["type"], "tool_use");
    // The tool result and the prompt are both user turns: merged into one.
    assert_eq!(body["messages"][2]["content"][0]["type"], "tool_result");
    assert_eq!(body["messages"].as_array().unwrap().len(), 3);
    let body = json(&t().args(["--provider", "gemini"]));
    assert_eq!(
        body["contents"][1]["parts"][0]["functionCall"]["name"],
        "shell"
    );
}

#[cfg(unix)]
#[test]
fn a_spec_may_not_name_files_outside_the_project() {
    let png = b"\x89PNG\r\n\x1a\n0000";
    let world = |spec: &str| {
        Test::new()
            .home_file("h.json", "[]")
            .home_file("i.png", png)
            .home_file("page.txt", "secret")
            .file("spec.yaml", spec)
    };
    let cases = [
        (
            "prompt: p\nurl_context: [{url: 'http://x', file: ../home/page.txt}]\n",
            "spec.yaml: url_context[0].file '../home/page.txt'",
        ),
        (
            "prompt: p\nhistory: ../home/h.json\n",
            "spec.yaml: history '../home/h.json'",
        ),
        (
            "prompt: p\nimages: [../home/i.png]\n",
            "spec.yaml: images[0] '../home/i.png'",
        ),
    ];
    for (spec, what) in cases {
        let t = world(spec);
        let work = t.work.display().to_string();
        let e = fails(messages(t).args(["--spec", "spec.yaml"]));
        assert_eq!(
            e,
            format!(
                "asimi-prompt: {what} is outside the project root '{work}'; pass \
                 --allow-outside to include it\n"
            )
        );
        let t = world(spec);
        // --allow-outside on the command line lets them in.
        messages(t)
            .args(["--spec", "spec.yaml", "--allow-outside"])
            .run()
            .ok();
    }
    // A link inside the project that leads out is caught too.
    let t = world("prompt: p\nhistory: h.json\n");
    std::os::unix::fs::symlink(t.home.join("h.json"), t.work.join("h.json")).unwrap();
    let e = fails(messages(t).args(["--spec", "spec.yaml"]));
    assert!(
        e.contains("spec.yaml: history 'h.json' is outside the project root"),
        "{e}"
    );
    assert!(e.contains(": it leads to '"), "{e}");
    // Paths typed as flags stay free.
    let t = world("");
    let h = t.home.join("h.json").display().to_string();
    let i = t.home.join("i.png").display().to_string();
    messages(t)
        .args(["--prompt", "p", "--history", &h, "--image", &i])
        .run()
        .ok();
}

#[test]
fn a_non_utf8_prompt_on_standard_input_is_decoded_with_a_warning() {
    let t = messages(Test::new())
        .args(["--provider", "raw"])
        .stdin(b"fix caf\xe9\n");
    let run = t.run();
    assert!(run.ok().contains("fix caf\u{fffd}"), "{}", run.stdout);
    assert_eq!(
        run.stderr,
        "asimi-prompt: warning: '<stdin>' is not valid UTF-8 (first bad byte at offset 7); \
         invalid bytes were replaced with U+FFFD\n"
    );
}

#[test]
fn max_tokens_must_be_positive_and_below_the_window() {
    let e = fails(messages(Test::new()).args(["--prompt", "p", "--max-tokens", "0"]));
    assert!(
        e.contains(
            "invalid value '0' for '--max-tokens <N>': the output limit must be at least 1 \
             token; leave it out for the default"
        ),
        "{e}"
    );
    let e = fails(
        messages(Test::new().file("s.yaml", "prompt: p\nmax_tokens: 0\n"))
            .args(["--spec", "s.yaml"]),
    );
    assert_eq!(
        e,
        "asimi-prompt: s.yaml: key 'max_tokens': the output limit must be at least 1 token; \
         leave it out for the default\n"
    );
    let e = fails(messages(Test::new()).args(["--prompt", "p", "--max-tokens", "1000000"]));
    assert_eq!(
        e,
        "asimi-prompt: --max-tokens 1000000 leaves no room for the request: the model's \
         context window of 1000000 tokens holds the request and the output together; pass a \
         --max-tokens below 1000000\n"
    );
}

#[test]
fn the_reminder_is_listed_where_the_manual_says() {
    // The manual said the built-in reminder "is not in `template list`"; it is.
    let list = Test::new().args(["template", "list"]).run();
    let line = list
        .ok()
        .lines()
        .find(|l| l.starts_with("system_reminder.md"))
        .unwrap_or_else(|| panic!("{}", list.stdout))
        .to_string();
    assert!(line.ends_with("built-in:system_reminder.md.tmpl"), "{line}");
    let manual = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/requests.md"))
        .unwrap()
        .replace('\n', " ");
    assert!(
        manual.contains(
            "The built-in copy is `templates/system_reminder.md.tmpl`; `template list` shows it"
        ),
        "docs/requests.md no longer says where the reminder is"
    );
    assert!(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/templates/system_reminder.md.tmpl"
    ))
    .is_file());
}

/// A model with a 3000-token window, for oversize requests.
const SMALL_MODEL: &str = "models:\n  - {pattern: 'small*', family: default, provider: openai, \
    context_window: 3000, max_output_tokens: 500, images: true, min_cache_tokens: 1024}\n  \
    - {pattern: '*', family: default, provider: openai, context_window: 200000, \
    max_output_tokens: 1000, images: true, min_cache_tokens: 1024}\n";

/// The small model, a small system prompt and a short prompt.
const ON_SMALL: [&str; 8] = [
    "--model",
    "small-1",
    "--no-section",
    "base",
    "--sandbox",
    "none",
    "--prompt",
    "p",
];

/// The files a user names come first: over the window, the file tree gives way (with a
/// note), and only what the user named that still does not fit is an error, naming it.
#[test]
fn the_file_tree_gives_way_to_named_files() {
    let mut t = Test::new().file(".asimi/templates/models.yaml", SMALL_MODEL);
    for i in 0..400 {
        t = t.file(&format!("dir/file_number_{i}.txt"), "x");
    }
    let t = t.file("big.rs", "fn a() {}\n".repeat(300)).tracked();
    let run = t.run_with(&[&["messages"][..], &ON_SMALL, &["--file", "big.rs"]].concat());
    let body = run.ok().to_string();
    assert!(
        body.contains("big.rs") && !body.contains("# Repository Files"),
        "{body}"
    );
    assert!(
        run.stderr.contains("too many for the 2500 that fit (the context window of 3000 minus 500 for output), so the file tree was left out; the files you named and the history come first"),
        "{}",
        run.stderr
    );
    // Twice as big, the file alone does not fit: an error naming it, not the tree.
    let t = t.file("big.rs", "fn a() {}\n".repeat(600));
    let e = t
        .run_with(&[&["messages"][..], &ON_SMALL, &["--file", "big.rs"]].concat())
        .fails()
        .to_string();
    assert!(e.contains("big.rs (--exclude big.rs): "), "{e}");
    assert!(!e.contains("the file tree of"), "{e}");
    assert!(e.trim_end().ends_with(". Send less"), "{e}");
    assert!(
        !e.contains("--truncate"),
        "no history, so no --truncate: {e}"
    );
}

/// A repository whose symbol map is most of the request.
fn mapped_repo() -> Test {
    let mut t = Test::new().file(".asimi/templates/models.yaml", SMALL_MODEL);
    for i in 0..40 {
        let body: String = (0..10)
            .map(|j| format!("def function_{i}_{j}(alpha, beta, gamma):\n    return alpha\n\n"))
            .collect();
        t = t.file(&format!("pkg/module_{i}.py"), body);
    }
    t.tracked()
}

/// A map asked for bigger than the window gives up its least referenced blocks until the
/// request fits, and says so; `context` shows the same request.
#[test]
fn an_oversize_map_gives_way_and_says_so() {
    let run = mapped_repo()
        .args(["messages", "--map-tokens", "1000000"])
        .args(ON_SMALL)
        .run();
    let body = run.ok().to_string();
    let note = run
        .stderr
        .lines()
        .find(|l| l.contains("so the symbol map kept "))
        .unwrap_or_else(|| panic!("{}", run.stderr))
        .to_string();
    assert!(
        note.contains(" of its 40 blocks; the files you named and the history come first"),
        "{note}"
    );
    assert!(body.contains("pkg/module_"), "some blocks stay: {body}");
    let table = mapped_repo()
        .args(["context", "--map-tokens", "1000000"])
        .args(ON_SMALL)
        .run();
    assert!(!table.ok().contains("over the limit"), "{}", table.stdout);
    assert!(table.stderr.contains(&note), "{}", table.stderr);
    // By default the map keeps the best blocks that fit its budget, within the window.
    let body = mapped_repo()
        .args(["messages"])
        .args(ON_SMALL)
        .run()
        .ok()
        .to_string();
    assert!(
        body.contains("# Repository Structure (continued)"),
        "{body}"
    );
    assert!(body.contains("pkg/module_0.py:") && !body.contains("pkg/module_9.py:\n"));
    // Without the map it fits.
    mapped_repo()
        .args(["messages", "--no-symbol-map"])
        .args(ON_SMALL)
        .run()
        .ok();
}

#[test]
fn no_symbol_map_and_spec_symbols_false_agree() {
    let t = messages(
        Test::new()
            .file("a.rs", "fn a() {}\n")
            .file("off.yaml", "symbols: false\n"),
    )
    .args(["--provider", "raw", "--prompt", "P", "--file", "a.rs"]);
    let flag = t.run_with(&["--no-symbol-map", "--map-exclude", "*.md"]);
    let spec = t.run_with(&["--spec", "off.yaml"]);
    assert_eq!(flag.ok(), spec.ok());
    assert!(
        !flag.ok().contains("# Repository Structure"),
        "{}",
        flag.stdout
    );
}

/// `--context-window N` bounds the request as it picks the prompt's tier (a local model
/// with an 8K window), and the default output limit leaves the request room in it.
#[test]
fn the_context_window_flag_sets_the_request_limit() {
    let t = Test::new().file("big.txt", "word ".repeat(20_000));
    let json = t.run_with(&[
        "context",
        "--json",
        "--provider",
        "openai",
        "--model",
        "gpt-5.4",
        "--prompt",
        "hi",
        "--context-window",
        "8192",
    ]);
    let json: Value = serde_json::from_str(json.ok()).unwrap();
    assert_eq!(
        (
            &json["context_window"],
            &json["output_tokens"],
            &json["limit_tokens"]
        ),
        (&Value::from(8192), &Value::from(2048), &Value::from(6144))
    );
    let args = [
        "messages", "--model", "gpt-5.4", "--prompt", "hi", "--file", "big.txt",
    ];
    t.run_with(&args).ok();
    let e = t.run_with(&[&args[..], &["--context-window", "8192"]].concat());
    assert!(
        e.fails()
            .contains("over the 6144 that fit: the context window of 8192 minus 2048"),
        "{}",
        e.stderr
    );
}

/// With `--max-request-tokens`, every request too large exits 1, also one over the
/// model's window: a CI budget gate can rely on the exit code.
#[test]
fn a_budget_gate_exits_1_for_any_request_too_large() {
    let t = Test::new().file("big.txt", "word ".repeat(20_000));
    let args = [
        "messages",
        "--model",
        "gpt-5.4",
        "--prompt",
        "hi",
        "--file",
        "big.txt",
        "--context-window",
        "8192",
    ];
    for budget in ["1000", "100000"] {
        let run = t.run_with(&[&args[..], &["--max-request-tokens", budget]].concat());
        assert_eq!(run.code, 1, "budget {budget}: {}", run.stderr);
        assert_eq!(run.stdout, "");
        assert!(
            run.stderr.contains("The largest parts: big.txt"),
            "{}",
            run.stderr
        );
    }
    // Without a budget, a request over the window is an error, as before.
    assert_eq!(t.run_with(&args).code, 2);
}

/// GPT-5.6 and later take explicit breakpoints: the cached tiers end with one each, at
/// most four, in explicit mode, with a `prompt_cache_key` that is the same on every
/// request of a session and differs across projects. Older models keep automatic
/// caching: no breakpoint, no options.
#[test]
fn gpt_5_6_bodies_mark_their_tiers_with_explicit_breakpoints() {
    let body = |t: &Test, model: &str| -> Value {
        let args = [
            "messages",
            "--prompt",
            "hi",
            "--model",
            model,
            "--session",
            "s",
        ];
        let args = [&args[..], &["--file", "a.py", "--file", "b.py"]].concat();
        serde_json::from_str(t.run_with(&args).ok()).unwrap()
    };
    let breakpoints = |b: &Value| b.to_string().matches("prompt_cache_breakpoint").count();
    let t = common::python_repo().file("system.md", "word ".repeat(3000));
    let t = t.env("ASIMI_SYSTEM_MD", "system.md");
    let first = body(&t, "gpt-5.6-terra");
    assert_eq!(
        first["prompt_cache_options"],
        serde_json::json!({"mode": "explicit", "ttl": "30m"})
    );
    assert!((1..=4).contains(&breakpoints(&first)), "{first}");
    // The system prompt, L0, ends with one.
    assert_eq!(
        first["messages"][0]["content"][0]["prompt_cache_breakpoint"],
        serde_json::json!({"mode": "explicit"})
    );
    let key = first["prompt_cache_key"].as_str().unwrap().to_string();
    assert!(key.starts_with("asimi-"), "{key}");
    for _ in 0..4 {
        let b = body(&t, "gpt-5.6-terra");
        assert_eq!(b["prompt_cache_key"], key.as_str());
        assert!(breakpoints(&b) <= 4, "{b}");
    }
    let other = common::python_repo()
        .file("system.md", "word ".repeat(3000))
        .env("ASIMI_SYSTEM_MD", "system.md");
    assert_ne!(
        body(&other, "gpt-5.6-terra")["prompt_cache_key"],
        key.as_str()
    );
    let old = body(&t, "gpt-5.4");
    assert_eq!(breakpoints(&old), 0);
    assert!(old.get("prompt_cache_options").is_none() && old.get("prompt_cache_key").is_none());
}

/// The Responses API body: every message an `input` item (the system prompt first, so
/// that it can end with a breakpoint), tool history as `function_call` and
/// `function_call_output` items, `max_output_tokens`.
#[test]
fn responses_bodies_carry_input_items() {
    let history = common::TOOL_HISTORY;
    let t = common::python_repo().file("h.json", history);
    let args = [
        "messages",
        "--provider",
        "openai-responses",
        "--prompt",
        "hi",
        "--history",
        "h.json",
        "--max-tokens",
        "900",
    ];
    let b: Value = serde_json::from_str(t.run_with(&args).ok()).unwrap();
    assert_eq!(b["max_output_tokens"], 900);
    assert_eq!(b["model"], "gpt-5.4", "openai-responses' own default model");
    let input = b["input"].as_array().unwrap();
    assert_eq!(input[0]["role"], "system");
    assert_eq!(input[0]["content"][0]["type"], "input_text");
    let call = input.iter().find(|i| i["type"] == "function_call").unwrap();
    assert_eq!(
        (&call["call_id"], &call["name"], &call["arguments"]),
        (
            &Value::from("t1"),
            &Value::from("read_file"),
            &Value::from(r#"{"path":"a.py"}"#)
        )
    );
    let output = input
        .iter()
        .find(|i| i["type"] == "function_call_output")
        .unwrap();
    assert_eq!(
        (&output["call_id"], &output["output"]),
        (&Value::from("t1"), &Value::from("x = 1"))
    );
    assert!(b.get("instructions").is_none() && b.get("prompt_cache_options").is_none());
}

/// Gemini explicit caching in two steps: `--cache-create` prints the `cachedContents`
/// create body (the system instruction and cached tiers, a TTL), `--cached-content NAME`
/// the request that uses it and leaves out what it holds; a change to the cached tiers
/// since the last create says so.
#[test]
fn gemini_explicit_caching_creates_and_uses_an_entry() {
    let t = common::python_repo();
    let run = |extra: &[&str]| t.run_with(&[&common::GEMINI_SESSION[..], extra].concat());
    let create: Value = serde_json::from_str(run(&["--cache-create"]).ok()).unwrap();
    assert_eq!(create["model"], "models/gemini-3.8-flash");
    assert_eq!(create["ttl"], "3600s");
    assert!(create["systemInstruction"]["parts"][0]["text"].is_string());
    assert!(create.get("generationConfig").is_none() && create.get("cachedContent").is_none());
    let short: Value =
        serde_json::from_str(run(&["--cache-create", "--cache-ttl", "5m"]).ok()).unwrap();
    assert_eq!(short["ttl"], "300s");
    let used = run(&["--cached-content", "cachedContents/abc"]);
    let body: Value = serde_json::from_str(used.ok()).unwrap();
    assert_eq!(used.stderr, "");
    assert_eq!(body["cachedContent"], "cachedContents/abc");
    assert!(body.get("systemInstruction").is_none());
    assert!(body.to_string().contains("hi\\n\\nReminder"), "{body}");
    // The system prompt is in the entry: another one means a new entry.
    let changed = run(&[
        "--cached-content",
        "cachedContents/abc",
        "--memory",
        "Likes tea.",
    ]);
    changed.ok();
    assert!(
        changed
            .stderr
            .contains("the cached tiers have changed since the last --cache-create"),
        "{}",
        changed.stderr
    );
    let e = t.run_with(&[
        "messages",
        "--prompt",
        "hi",
        "--model",
        "gpt-5.4",
        "--cache-create",
    ]);
    assert!(e
        .fails()
        .contains("--cache-create and --cached-content make Gemini bodies"));
}

/// `context --cached-content NAME` counts what the named entry holds (the system
/// instruction and the cached tiers) as read from it, in the text and the JSON.
#[test]
fn context_counts_a_named_gemini_cache_as_read() {
    let t = common::python_repo();
    fn args<'a>(out: &[&'a str]) -> Vec<&'a str> {
        let mut a = common::GEMINI_SESSION.to_vec();
        a[0] = "context";
        [&a[..], &["--cached-content", "cachedContents/abc"], out].concat()
    }
    let json: Value = serde_json::from_str(t.run_with(&args(&["--json"])).ok()).unwrap();
    let cached: u64 = json["tiers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["tier"] != "active")
        .map(|r| r["tokens"].as_u64().unwrap())
        .sum();
    assert!(cached > 0, "{json}");
    assert_eq!(json["named_cache"]["name"], "cachedContents/abc");
    assert_eq!(json["named_cache"]["tokens"], cached);
    let text = t.run_with(&args(&[]));
    let total = json["total_tokens"].as_u64().unwrap();
    let line = format!("named cache: cachedContents/abc holds the system instruction and the cached tiers ({cached} of {total} tokens");
    assert!(text.ok().contains(&line), "{}", text.stdout);
    assert!(!text.stdout.contains("no markers"), "{}", text.stdout);
}

/// In a Gemini session, the stable working files and the file tree join the next cache
/// entry when their saving over its lifetime outweighs its storage (docs/requests.md):
/// a session's first create holds neither, after four unchanged requests a one-hour
/// entry holds both, and the request that names
/// it sends only the prompt; a twelve-hour entry, whose storage outweighs four requests'
/// saving at gemini-3.8-flash's prices, does not. `context` shows why, in text and JSON.
#[test]
fn stable_files_and_the_tree_join_the_next_gemini_entry_when_it_pays() {
    // Over Gemini's 4,096-token cache minimum, so the prefix cache holds the active
    // part and the tiers leave the file there.
    let functions: String = (0..500)
        .map(|i| format!("def f{i}(x):\n    return x + {i}\n\n"))
        .collect();
    let t = common::python_repo()
        .file(
            "a.py",
            format!("def get_item(key):\n    return key\n\n{functions}"),
        )
        .tracked();
    let run = |extra: &[&str]| {
        let args = [&common::GEMINI_SESSION[..], &["--file", "a.py"], extra].concat();
        t.run_with(&args)
    };
    let create = |extra: &[&str]| -> Value {
        serde_json::from_str(run(&[&["--cache-create"], extra].concat()).ok()).unwrap()
    };
    // Before the session's first request nothing has proved stable: the tiers only.
    let first = create(&[]).to_string();
    assert!(!first.contains("def get_item") && !first.contains("Repository Files"));
    for _ in 0..4 {
        run(&[]).ok();
    }
    let long = create(&["--cache-ttl", "12h"]).to_string();
    assert!(
        !long.contains("def get_item"),
        "twelve hours' storage outweighs"
    );
    let entry = create(&[]).to_string();
    assert!(entry.contains("def get_item"), "the file joins");
    assert!(entry.contains("# Repository Files"), "the tree joins");
    let used = run(&["--cached-content", "cachedContents/abc"]);
    let body: Value = serde_json::from_str(used.ok()).unwrap();
    assert_eq!(used.stderr, "", "the entry matches");
    assert_eq!(body["contents"].as_array().unwrap().len(), 1, "{body}");
    assert!(!body.to_string().contains("def get_item"), "{body}");
    let mut ctx = common::GEMINI_SESSION.to_vec();
    ctx[0] = "context";
    let ctx = [
        &ctx[..],
        &["--file", "a.py", "--cached-content", "cachedContents/abc"],
    ]
    .concat();
    let json: Value =
        serde_json::from_str(t.run_with(&[&ctx[..], &["--json"]].concat()).ok()).unwrap();
    let items = json["gemini_entry"]["items"]
        .as_array()
        .expect("gemini_entry");
    let item = |key: &str| items.iter().find(|v| v["item"] == key).expect(key).clone();
    for key in ["file:a.py", "tree"] {
        let v = item(key);
        assert!(v["joins"] == true && v["held"] == true, "{v}");
        assert!(v["saving"].as_f64() > v["storage"].as_f64(), "{v}");
    }
    let text = t.run_with(&ctx).ok().to_string();
    assert!(
        text.contains("next cache entry (--cache-create, 1 h)"),
        "{text}"
    );
    assert!(text.contains("in the named entry"), "{text}");
}

/// The cap on the file tree is for walks outside git: a repository's tracked files are
/// listed whole, however many.
#[test]
fn a_repositorys_tree_is_not_cut_at_the_walks_cap() {
    let t = Test::new();
    let files = 10_005;
    for i in 0..files {
        let dir = t.work.join(format!("d{}", i / 100));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("f{i}")), "").unwrap();
    }
    let t = t.tracked();
    let run = t.run_with(&["context", "--prompt", "hi", "--no-symbol-map"]);
    assert!(
        run.ok().contains(&format!("tree ({files} files)")),
        "{}",
        run.stdout
    );
    assert!(!run.stderr.contains("stops at"), "{}", run.stderr);
}

/// A missing or unreadable spec is reported in the words of the other file flags.
#[test]
fn a_missing_spec_reads_like_a_missing_file() {
    let t = Test::new().file("dir/x", "");
    let e = t.run_with(&["messages", "--spec", "nope.yaml"]);
    assert_eq!(e.fails(), "asimi-prompt: spec 'nope.yaml' does not exist\n");
    let e = t.run_with(&["messages", "--spec", "dir"]);
    assert_eq!(
        e.fails(),
        "asimi-prompt: spec 'dir' is a directory; give a file\n"
    );
}

/// A write to a full disk says what was being written, without the OS error number:
/// standard output here (`/dev/full` answers every write with ENOSPC).
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_names_what_was_written() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("asimi-prompt"))
        .args(["system", "--model", "gpt-5.4", "--hermetic"])
        .env_clear()
        .env("HOME", std::env::temp_dir())
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "asimi-prompt: cannot write the output: no space left on device\n"
    );
}

/// `--format markdown|xml` prints the request as one document to paste into a chat:
/// every part under a heading or a tag, files fenced (or tagged) with their numbers on
/// request, and no session involved.
#[test]
fn format_prints_the_request_as_one_document() {
    let t = common::python_repo();
    let document = |format: &[&str]| {
        let args = [
            "messages",
            "--model",
            "gpt-5.4",
            "--file",
            "b.py",
            "--prompt",
            "Explain load",
        ];
        t.run_with(&[&args[..], format].concat()).ok().to_string()
    };
    let md = document(&["--format", "markdown", "--with-system", "--tree", "all"]);
    let parts = [
        "System prompt",
        "Repository map",
        "File tree",
        "Files",
        "Prompt",
    ];
    let at: Vec<usize> = parts
        .iter()
        .map(|p| md.find(&format!("\n## {p}\n\n")).map_or(0, |i| i + 1))
        .collect();
    assert!(md.starts_with("# "), "{md}");
    assert!(at.iter().all(|i| *i > 0), "every part: {at:?}");
    assert!(at.windows(2).all(|w| w[0] < w[1]), "in order: {at:?}");
    assert!(
        md.contains("### `b.py`\n\n```python\nfrom a import Store\n"),
        "{md}"
    );
    assert!(md.contains("a.py:\nc Store:1 ←b.py"), "the map: {md}");
    let xml = document(&["--format", "xml", "--line-numbers"]);
    assert!(
        xml.contains(
            "<files>\n<file path=\"b.py\" language=\"python\">\n1  from a import Store\n2  \n"
        ),
        "{xml}"
    );
    assert!(xml.trim_end().ends_with("</prompt>\n</pack>"), "{xml}");
    let e = t.run_with(&["context", "--format", "xml", "--prompt", "p"]);
    assert!(e.fails().contains("use them with messages"), "{}", e.stderr);
    let e = t.run_with(&[
        "messages",
        "--format",
        "xml",
        "--session",
        "s",
        "--prompt",
        "p",
    ]);
    assert!(e.fails().contains("cannot be used with"), "{}", e.stderr);
}

/// The day `SOURCE_DATE_EPOCH` fixes for the end-of-life tests: 2026-12-06, after Sonnet
/// 4.5's end of life (2026-11-30) and before o3's (2026-12-11).
const DEC_6_2026: &str = "1796515200";

/// A model past its end of life stops a request (exit 2, nothing printed), naming what to
/// use instead; `--allow-retired` sends it anyway, with a warning. Before that day it is a
/// warning only. `context` and `compress` stop the same way.
#[test]
fn retired_models_stop_naming_their_replacement() {
    let t = Test::new()
        .file("h.json", r#"[{"role": "user", "content": "hi"}]"#)
        .env("SOURCE_DATE_EPOCH", DEC_6_2026);
    let args = ["messages", "--prompt", "hi", "--model", "claude-sonnet-4-5"];
    let run = t.run_with(&args);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.fails(),
        "asimi-prompt: model 'claude-sonnet-4-5' was retired on 2026-11-30 (its provider's \
         end of life), so requests to it fail; use claude-sonnet-5-5 instead, or add \
         --allow-retired to send it anyway\n"
    );
    let sent = t.run_with(&[&args[..], &["--allow-retired"]].concat());
    let body: Value = serde_json::from_str(sent.ok()).unwrap();
    assert_eq!(body["model"], "claude-sonnet-4-5");
    assert!(
        sent.stderr.contains("was retired on 2026-11-30"),
        "{}",
        sent.stderr
    );
    let before = Test::new().env("SOURCE_DATE_EPOCH", "1793491200");
    let run = before.run_with(&args);
    run.ok();
    assert!(
        run.stderr.contains("reaches its end of life on 2026-11-30"),
        "{}",
        run.stderr
    );
    // o3 is not retired yet; its OpenRouter name is, ten days on, and the replacement is
    // OpenAI's, not OpenRouter's default Claude.
    t.run_with(&["messages", "--prompt", "hi", "--model", "o3"])
        .ok();
    let later = Test::new().env("SOURCE_DATE_EPOCH", "1797379200");
    let e = later.run_with(&["messages", "--prompt", "hi", "--model", "openai/o3"]);
    assert!(
        e.fails().contains("use openai/gpt-5.4 instead"),
        "{}",
        e.stderr
    );
    for other in [
        &["context", "--model", "claude-3-opus-20240229"][..],
        &["compress", "--history", "h.json", "--model", "o1"],
    ] {
        let e = t.run_with(other);
        assert!(
            e.fails().contains("was retired on"),
            "{other:?}: {}",
            e.stderr
        );
        assert_eq!(e.stdout, "", "{other:?}");
    }
}

/// Gemini 4 Argon and later offer no explicit caching: `--cache-create` stops with the
/// reason instead of printing a create body the API refuses.
#[test]
fn cache_create_needs_a_model_with_explicit_caching() {
    let t = common::python_repo();
    for model in ["gemini-4-argon", "gemini-4-carbon"] {
        let args = [
            "messages",
            "--model",
            model,
            "--prompt",
            "hi",
            "--cache-create",
        ];
        let e = t.run_with(&args);
        assert!(
            e.fails().contains(&format!(
                "use Gemini's explicit caching, which {model} does not offer"
            )),
            "{}",
            e.stderr
        );
        let use_entry = [
            "messages",
            "--model",
            model,
            "--cached-content",
            "cachedContents/a",
        ];
        t.run_with(&use_entry).fails();
    }
    let twelve = t.run_with(&[
        "messages",
        "--model",
        "gemini-3.8-flash",
        "--prompt",
        "hi",
        "--cache-create",
        "--cache-ttl",
        "12h",
    ]);
    let create: Value = serde_json::from_str(twelve.ok()).unwrap();
    assert_eq!(create["ttl"], "43200s");
}

/// `messages` for `model` in a `provider` body, in session `s`.
fn run_for(t: &Test, provider: &str, model: &str, extra: &[&str]) -> common::Run {
    t.run_with(&common::messages_for(provider, model, extra))
}

/// The body `run_for` prints.
fn gpt56_body(t: &Test, provider: &str, model: &str, extra: &[&str]) -> Value {
    serde_json::from_str(run_for(t, provider, model, extra).ok()).unwrap()
}

/// Every `prompt_cache_breakpoint` object of a body.
fn breakpoints(body: &Value) -> Vec<Value> {
    match body {
        Value::Object(map) => map
            .iter()
            .flat_map(|(k, v)| match k.as_str() {
                "prompt_cache_breakpoint" => vec![v.clone()],
                _ => breakpoints(v),
            })
            .collect(),
        Value::Array(items) => items.iter().flat_map(breakpoints).collect(),
        _ => Vec::new(),
    }
}

/// `--cache-ttl` reaches OpenAI's explicit breakpoints: never shorter than asked, so 5m is
/// 30m and 1h or 12h is 12h. Responses takes the lifetime in `prompt_cache_options`; Chat
/// takes only 30m there, so its breakpoints carry their own. Bodies that cannot keep an
/// entry 12 hours refuse it, and none sends the deprecated `prompt_cache_retention`.
#[test]
fn openai_breakpoints_live_as_long_as_cache_ttl_asks() {
    let t = common::long_system();
    let chat = |extra: &[&str]| gpt56_body(&t, "openai", "gpt-5.6-terra", extra);
    let responses = |extra: &[&str]| gpt56_body(&t, "openai-responses", "gpt-5.6-sol", extra);
    let options = |ttl: &str| serde_json::json!({"mode": "explicit", "ttl": ttl});
    let plain = serde_json::json!({"mode": "explicit"});
    let long = serde_json::json!({"mode": "explicit", "ttl": "12h"});
    for (ttl, chat_marker, responses_ttl) in [
        (None, &plain, "30m"),
        (Some("5m"), &plain, "30m"),
        (Some("1h"), &long, "12h"),
        (Some("12h"), &long, "12h"),
    ] {
        let extra: Vec<&str> = ttl.map_or(vec![], |t| vec!["--cache-ttl", t]);
        let c = chat(&extra);
        assert_eq!(c["prompt_cache_options"], options("30m"), "{ttl:?}");
        let marks = breakpoints(&c);
        assert!(
            !marks.is_empty() && marks.iter().all(|m| m == chat_marker),
            "{ttl:?}: {c}"
        );
        let r = responses(&extra);
        assert_eq!(r["prompt_cache_options"], options(responses_ttl), "{ttl:?}");
        assert!(breakpoints(&r).iter().all(|m| *m == plain), "{ttl:?}: {r}");
    }
    for model in ["gpt-5.4", "gpt-5.5", "gpt-5.6-terra"] {
        let b = gpt56_body(&t, "openai", model, &["--cache-ttl", "1h"]);
        assert!(!b.to_string().contains("prompt_cache_retention"), "{model}");
    }
    for (provider, model) in [
        ("anthropic", "claude-sonnet-5-5"),
        ("openrouter", "openai/gpt-5.6-terra"),
        ("openai", "gpt-5.4"),
    ] {
        let e = run_for(&t, provider, model, &["--cache-ttl", "12h"]);
        assert!(
            e.fails().starts_with("asimi-prompt: --cache-ttl 12h: "),
            "{provider}: {}",
            e.stderr
        );
    }
}

/// A cached tier whose last message ends in an image is closed by a breakpoint on the
/// image part, in Chat and in Responses.
#[test]
fn a_tier_ending_in_an_image_is_closed_on_the_image() {
    let history = common::IMAGE_HISTORY;
    let t = common::long_system().file("h.json", history);
    let extra = ["--history", "h.json", "--tier", "history:0=L1"];
    for (provider, model, image) in [
        ("openai", "gpt-5.6-terra", "image_url"),
        ("openai-responses", "gpt-5.6-sol", "input_image"),
    ] {
        let b = gpt56_body(&t, provider, model, &extra);
        let text = b.to_string();
        let parts: Vec<&Value> = b["messages"]
            .as_array()
            .or(b["input"].as_array())
            .unwrap()
            .iter()
            .filter_map(|m| m["content"].as_array())
            .flatten()
            .collect();
        let marked_image = parts
            .iter()
            .any(|p| p["type"] == image && p.get("prompt_cache_breakpoint").is_some());
        assert!(marked_image, "{provider}: {text}");
        let look = parts.iter().find(|p| p["text"] == "look").unwrap();
        assert!(look.get("prompt_cache_breakpoint").is_none(), "{provider}");
    }
}

/// OpenRouter turns `cache_control` into OpenAI's breakpoints for GPT-5.6 and later; in
/// implicit mode OpenAI would write only the latest three, so the body asks for explicit
/// mode. Older OpenAI models and Claude get no `prompt_cache_options`.
#[test]
fn openrouter_asks_gpt_5_6_for_explicit_breakpoints() {
    let t = common::long_system();
    let b = gpt56_body(&t, "openrouter", "openai/gpt-5.6-terra", &[]);
    assert_eq!(
        b["prompt_cache_options"],
        serde_json::json!({"mode": "explicit"})
    );
    assert!(b.to_string().contains("cache_control"), "{b}");
    for model in ["openai/gpt-5.4", "anthropic/claude-sonnet-5.5"] {
        let b = gpt56_body(&t, "openrouter", model, &[]);
        assert!(b.get("prompt_cache_options").is_none(), "{model}");
    }
}
