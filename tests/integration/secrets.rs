//! Secrets in request content, end to end through the binary: files, history, URL content,
//! memory and the prompt are scanned; `--secrets redact` (the default) replaces each
//! secret and names it on stderr, `error` refuses with exit 2, `allow` sends as is.

use crate::common;
use common::Test;

/// How `--secrets error` refuses `leaky()`'s request (its five secrets).
const REFUSED: &str = "asimi-prompt: the request holds 5 secret(s): ";

const BODY: &str = "Zq3LxT9vKp2WmN8rYc5HbJ7dFg4SaE6uQwRt";

/// Real-shaped fake keys, assembled so that no source file holds one whole.
fn aws() -> String {
    format!("AKIA{}", "QX7TZ2M4VBN6PLK5")
}
fn github() -> String {
    format!("ghp_{BODY}")
}
fn anthropic() -> String {
    format!("sk-ant-api03-{}{}AA", BODY.repeat(2), &BODY[..21])
}
fn openai() -> String {
    let half = &BODY.repeat(2)[..58];
    format!("sk-proj-{half}T3BlbkFJ{half}")
}
fn rsa() -> String {
    format!(
        "-----BEGIN RSA {}-----\nMIIEowIBAAKCAQEA{BODY}\n{}\n-----END RSA PRIVATE KEY-----",
        "PRIVATE KEY",
        BODY.repeat(2)
    )
}

/// A request holding a secret in each kind of content.
fn leaky() -> Test {
    let history = serde_json::json!([
        {"role": "user", "content": "hello"},
        {"role": "assistant", "content": format!("use {}", anthropic())}
    ]);
    Test::new()
        .file(".env", format!("# keys\nAWS_ACCESS_KEY_ID={}\n", aws()))
        .file("h.json", history.to_string())
        .file("page.txt", format!("fetched\n{}\n", rsa()))
        .args([
            "messages",
            "--model",
            "claude-sonnet-5-5",
            "--sandbox",
            "none",
            "--no-file-tree",
            "--file",
            ".env",
            "--history",
            "h.json",
            "--url-context",
            "https://example.com/k=page.txt",
        ])
        .args(["--memory".to_string(), format!("my token is {}", github())])
        .args(["--prompt".to_string(), format!("try {}", openai())])
}

#[test]
fn redact_is_the_default_and_names_each_secret() {
    let run = leaky().run();
    let body = run.ok();
    for key in [aws(), github(), anthropic(), openai(), rsa()] {
        assert!(!body.contains(&key), "{key} was sent");
    }
    for rule in [
        "aws-access-token",
        "github-pat",
        "anthropic-api-key",
        "openai-api-key",
        "private-key",
    ] {
        assert!(
            body.contains(&format!("[REDACTED:{rule}]")),
            "{rule}: {body}"
        );
    }
    assert!(
        run.stderr.contains(
            "asimi-prompt: warning: redacted a secret at .env:2 (aws-access-token); it goes \
             as [REDACTED:aws-access-token] (--secrets allow sends it as is)\n"
        ),
        "{}",
        run.stderr
    );
    for place in [
        "h.json message 1:1 (anthropic-api-key)",
        "https://example.com/k:2 (private-key)",
        "prompt:1 (openai-api-key)",
        "system prompt:",
    ] {
        assert!(run.stderr.contains(place), "{place}: {}", run.stderr);
    }
}

#[test]
fn error_refuses_the_request_with_exit_2() {
    let run = leaky().args(["--secrets", "error"]).run();
    let stderr = run.fails();
    assert!(stderr.starts_with(REFUSED), "{stderr}");
    assert!(stderr.contains(".env:2 (aws-access-token)"), "{stderr}");
    assert!(
        stderr.ends_with(
            "; remove them, or pass --secrets redact to send each as [REDACTED:<rule>]\n"
        ),
        "{stderr}"
    );
}

#[test]
fn allow_sends_content_as_is() {
    let run = leaky().args(["--secrets", "allow"]).run();
    let body = run.ok();
    assert!(body.contains(&aws()) && body.contains(&github()), "{body}");
    assert!(!run.stderr.contains("redacted"), "{}", run.stderr);
}

#[test]
fn config_key_sets_the_mode_and_the_flag_wins() {
    let t = leaky().config_file("config.yaml", "secrets: error\n");
    // Refused for its secrets, not for any other error.
    let refused = t.run().fails().to_string();
    assert!(refused.starts_with(REFUSED), "{refused}");
    assert!(t
        .run_with(&["--secrets", "redact"])
        .ok()
        .contains("[REDACTED:"));
}
