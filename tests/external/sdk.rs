//! Bodies and the model registry against the providers' official SDKs, which `.ci/run`
//! installs at pinned versions (`tests/sdk/check_bodies.py`, `scripts/registry-drift`).
//! Where python3 cannot import them these tests are reported ignored.

use crate::common;

use std::path::Path;

use common::Test;

/// What `messages` prints passes each provider's official SDK: its request types, a real
/// `create(**body)` against a loopback server, and no deprecation warning. Covers the
/// default body (no model named), each provider's default, streaming, a tool history,
/// an image, and tool definitions (`--tools`).
pub fn bodies_pass_the_official_sdks() {
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
    let history = common::TOOL_HISTORY;
    let t = common::python_repo()
        .file("h.json", history)
        .file("i.png", png)
        .file("tools.json", common::TOOL_DEFINITIONS);
    let out = t.root.join("bodies");
    std::fs::create_dir_all(&out).unwrap();
    let variants: [&[&str]; 6] = [
        &[],
        &["--stream"],
        &["--history", "h.json"],
        &["--image", "i.png", "--file", "a.py"],
        &["--tools", "tools.json"],
        &["--tools", "tools.json", "--history", "h.json", "--stream"],
    ];
    // (the SDK that checks them, the flags that choose the body); GPT-5.6 bodies carry
    // explicit breakpoints and `prompt_cache_options`.
    let shapes: [(&str, &[&str]); 8] = [
        ("anthropic", &[]),
        ("anthropic", &["--provider", "anthropic"]),
        ("openai", &["--provider", "openai"]),
        ("openai-responses", &["--provider", "openai-responses"]),
        (
            "openai-responses",
            &[
                "--provider",
                "openai-responses",
                "--model",
                "gpt-5.6-sol",
                "--session",
                "r",
            ],
        ),
        (
            "openai",
            &[
                "--provider",
                "openai",
                "--model",
                "gpt-5.6-terra",
                "--session",
                "s",
            ],
        ),
        ("openrouter", &["--provider", "openrouter"]),
        ("gemini", &["--provider", "gemini"]),
    ];
    for (n, (sdk, shape)) in shapes.iter().enumerate() {
        let mut bodies = Vec::new();
        for (i, extra) in variants.iter().enumerate() {
            let args = [&["messages", "--prompt", "hi"][..], shape, extra].concat();
            let body = t.run_with(&args).ok().to_string();
            let path = out.join(format!("{n}-{i}.json"));
            std::fs::write(&path, body).unwrap();
            bodies.push(path);
        }
        common::check_with_sdk(sdk, &bodies);
    }
}

/// Writes each `(sdk, args)` body `t` prints (a `messages` run) to a file of its own and
/// checks it with that SDK.
fn check_bodies(t: &Test, name: &str, runs: &[(&str, Vec<&str>)]) {
    let dir = t.root.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (sdk, args)) in runs.iter().enumerate() {
        let path = dir.join(format!("{i}.json"));
        std::fs::write(&path, t.run_with(args).ok()).unwrap();
        common::check_with_sdk(sdk, &[path]);
    }
}

/// Gemini's explicit caching (request_cli's `gemini_explicit_caching_creates_and_uses_an_entry`):
/// the entry `--cache-create` prints is a `CreateCachedContentConfig`, and the body that
/// names it a request.
pub fn gemini_cache_bodies_pass_the_sdk() {
    let t = common::python_repo().file("tools.json", common::TOOL_DEFINITIONS);
    let with = |extra: &[&'static str]| [&common::GEMINI_SESSION[..], extra].concat();
    let tools = ["--tools", "tools.json"];
    check_bodies(
        &t,
        "gemini",
        &[
            ("gemini-cache", with(&["--cache-create"])),
            ("gemini", with(&["--cached-content", "cachedContents/abc"])),
            (
                "gemini-cache",
                with(&[&["--cache-create"][..], &tools].concat()),
            ),
            (
                "gemini",
                with(&[&["--cached-content", "cachedContents/abc"][..], &tools].concat()),
            ),
        ],
    );
}

/// OpenAI's explicit breakpoints with each `--cache-ttl` (request_cli's
/// `openai_breakpoints_live_as_long_as_cache_ttl_asks`), in Chat and in Responses.
pub fn cache_ttl_bodies_pass_the_sdks() {
    let t = common::long_system();
    let mut runs = Vec::new();
    for ttl in [
        &[][..],
        &["--cache-ttl", "5m"],
        &["--cache-ttl", "1h"],
        &["--cache-ttl", "12h"],
    ] {
        runs.push((
            "openai",
            common::messages_for("openai", "gpt-5.6-terra", ttl),
        ));
        runs.push((
            "openai-responses",
            common::messages_for("openai-responses", "gpt-5.6-sol", ttl),
        ));
    }
    check_bodies(&t, "ttl", &runs);
}

/// A cached tier closed by a breakpoint on an image (request_cli's
/// `a_tier_ending_in_an_image_is_closed_on_the_image`), in Chat and in Responses.
pub fn image_breakpoint_bodies_pass_the_sdks() {
    let t = common::long_system().file("h.json", common::IMAGE_HISTORY);
    let extra = ["--history", "h.json", "--tier", "history:0=L1"];
    check_bodies(
        &t,
        "image",
        &[
            (
                "openai",
                common::messages_for("openai", "gpt-5.6-terra", &extra),
            ),
            (
                "openai-responses",
                common::messages_for("openai-responses", "gpt-5.6-sol", &extra),
            ),
        ],
    );
}

/// OpenRouter's body for GPT-5.6 with explicit breakpoints (request_cli's
/// `openrouter_asks_gpt_5_6_for_explicit_breakpoints`).
pub fn openrouter_breakpoint_body_passes_the_sdk() {
    let t = common::long_system();
    let args = common::messages_for("openrouter", "openai/gpt-5.6-terra", &[]);
    check_bodies(&t, "openrouter", &[("openrouter", args)]);
}

/// The registry agrees with the installed SDKs (`.ci/run` pins them): every text model id
/// they list has an entry of its own, their end-of-life dates are the registry's (also
/// under OpenRouter's names), no model they dropped is left current, and no provider's
/// default model is deprecated. scripts/registry-drift prints each difference.
pub fn the_registry_agrees_with_the_installed_sdks() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/registry-drift");
    let out = std::process::Command::new("python3")
        .arg(script)
        .arg("--asimi")
        .arg(assert_cmd::cargo::cargo_bin("asimi-prompt"))
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stdout}{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("no difference"), "{stderr}");
}

/// The response fixtures `reply` is tested on (`fixtures/reply/`, whole bodies and
/// streams of each shape) validate as the SDKs' own response and stream-event types.
pub fn reply_fixtures_pass_the_official_sdks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new("python3")
        .arg(root.join("tests/sdk/check_replies.py"))
        .arg(root.join("fixtures/reply"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
