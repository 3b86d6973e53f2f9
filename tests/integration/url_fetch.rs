//! `--url` and `--fetch-urls`: pages fetched from a server this test starts on
//! 127.0.0.1, turned into the URL context block, cached, and refused with exit 2 when
//! they cannot be sent. The golden bodies, one per provider
//! (`fixtures/requests/url/<provider>.json`), hold
//! the server's address as `<HOST>`; after an intended change:
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test --test integration url_fetch::
//! ```

use crate::common;
use std::path::{Path, PathBuf};
use std::time::Duration;

use common::http::{Reply, Server};
use common::Test;
use serde_json::Value;

const GUIDE: &str = "<!doctype html><html><head><title>Widget Guide</title>\
    <script>track()</script></head><body><nav><a href=\"/\">Home</a></nav>\
    <h1>Widgets</h1><p>A widget <b>spins</b>. See <a href=\"/api\">the API</a>.</p>\
    <ul><li>small</li><li>large</li></ul></body></html>";

/// The most bytes of a page docs/requests.md promises: "at most 2 MiB (2,097,152 bytes)".
const LIMIT: usize = 2_097_152;

fn server() -> Server {
    Server::start(vec![
        ("/guide", Reply::ok("text/html; charset=utf-8", GUIDE)),
        ("/old", Reply::redirect("/guide")),
        ("/loop", Reply::redirect("/loop")),
        ("/notes.txt", Reply::ok("text/plain", "plain notes\n")),
        ("/data.json", Reply::ok("application/json", "{\"a\": 1}")),
        (
            "/readme.md",
            Reply::ok("text/markdown", "# Read me\n\nText.\n"),
        ),
        (
            "/logo.png",
            Reply::ok("image/png", b"\x89PNG\r\n\x1a\n".to_vec()),
        ),
        (
            "/slow",
            Reply::ok("text/plain", "late").after(Duration::from_secs(4)),
        ),
        ("/huge", Reply::ok("text/plain", vec![b'a'; LIMIT + 1])),
        ("/at-limit", Reply::ok("text/plain", vec![b'a'; LIMIT])),
        (
            "/heading",
            Reply::ok("text/html", "<h2>Only a heading</h2><p>x</p>"),
        ),
    ])
}

/// `messages` with a small, fixed system prompt and nothing but the prompt and URLs.
fn request(t: Test) -> Test {
    t.args([
        "messages",
        "--model",
        "claude-sonnet-5-5",
        // One model for every provider's body: the pair may mismatch on purpose.
        "--allow-model-mismatch",
        "--sandbox",
        "generic",
        "--no-section",
        "base",
        "--no-file-tree",
        "--no-symbol-map",
    ])
}

/// The URL context block's text in an Anthropic body.
fn url_block(body: &str) -> String {
    let b: Value = serde_json::from_str(body).unwrap();
    b["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| match &m["content"] {
            Value::String(s) => Some(s.as_str()),
            Value::Array(blocks) => blocks[0]["text"].as_str(),
            _ => None,
        })
        .find(|t| t.starts_with("# URL Context"))
        .unwrap_or_else(|| panic!("no URL context in {body}"))
        .to_string()
}

const HEADER: &str =
    "# URL Context\n\nThe following content was fetched from URLs mentioned in the conversation:\n\n";

#[test]
fn an_html_page_goes_as_markdown_headed_by_its_title() {
    let s = server();
    let t = request(Test::new()).args(["--prompt", "Summarise", "--url", &s.url("/guide")]);
    let block = url_block(t.run().ok());
    assert_eq!(
        block,
        format!(
            "{HEADER}## Widget Guide\n\nSource: {}\n\n# Widgets\n\n\
             A widget **spins**. See [the API](/api).\n\n*   small\n*   large",
            s.url("/guide")
        )
    );
    let agents = s.user_agents();
    assert_eq!(
        agents,
        [format!("asimi-prompt/{}", env!("CARGO_PKG_VERSION"))]
    );
}

#[test]
fn text_markdown_and_json_pass_through_in_order_after_url_context() {
    let s = server();
    let t = request(Test::new())
        .file("saved.md", "saved page\n")
        .args(["--prompt", "Compare"])
        .args([
            "--url-context",
            &format!("https://saved.example={}", "saved.md"),
        ])
        .args(["--url", &s.url("/notes.txt"), "--url", &s.url("/data.json")])
        .args(["--url", &s.url("/readme.md")]);
    let block = url_block(t.run().ok());
    assert_eq!(
        block,
        format!(
            "{HEADER}## https://saved.example\n\nsaved page\n---\n## {}\n\nplain notes\n---\n\
             ## {}\n\n{{\"a\": 1}}\n---\n## {}\n\n# Read me\n\nText.",
            s.url("/notes.txt"),
            s.url("/data.json"),
            s.url("/readme.md")
        )
    );
}

#[test]
fn a_redirect_is_followed_and_a_page_without_title_takes_its_first_heading() {
    let s = server();
    let t = request(Test::new()).args(["--prompt", "p", "--url", &s.url("/old")]);
    let block = url_block(t.run().ok());
    assert!(
        block.starts_with(&format!(
            "{HEADER}## Widget Guide\n\nSource: {}\n\n",
            s.url("/old")
        )),
        "{block}"
    );
    assert_eq!((s.hits("/old"), s.hits("/guide")), (1, 1));
    let t = request(Test::new()).args(["--prompt", "p", "--url", &s.url("/heading")]);
    let block = url_block(t.run().ok());
    assert!(
        block.starts_with(&format!("{HEADER}## Only a heading\n\nSource: ")),
        "{block}"
    );
}

#[test]
fn a_cached_page_is_reused_until_its_ttl_runs_out() {
    let s = server();
    let cache = common::tempdir();
    let t = request(Test::new())
        .env("XDG_CACHE_HOME", cache.path().display().to_string())
        .args(["--prompt", "p", "--url", &s.url("/guide")]);
    let first = t.run().ok().to_string();
    let second = t.run().ok().to_string();
    assert_eq!(first, second, "the same bytes from the cache");
    assert_eq!(s.hits("/guide"), 1);
    let dir = cache.path().join("asimi-prompt/urls");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(files.len(), 1, "one file per URL in {}", dir.display());
    // A TTL of 0 fetches again.
    assert_eq!(t.run_with(&["--url-ttl", "0"]).ok(), first);
    assert_eq!(s.hits("/guide"), 2);
    assert!(t
        .run_with(&["--url-ttl", "soon"])
        .fails()
        .contains("'soon' is not a duration"));
}

#[test]
fn fetch_urls_takes_the_urls_the_prompt_mentions() {
    let s = server();
    let prompt = format!(
        "Read {} and ({}).",
        s.url("/notes.txt"),
        s.url("/readme.md")
    );
    let t = request(Test::new()).args(["--fetch-urls"]).stdin(&prompt);
    let block = url_block(t.run().ok());
    assert!(block.contains("## ") && block.contains("plain notes") && block.contains("Read me"));
    // Without the flag, nothing is fetched.
    let t = request(Test::new()).stdin(&prompt);
    assert!(!t.run().ok().contains("# URL Context"));
    assert_eq!(s.hits("/notes.txt"), 1);
}

#[test]
fn a_specs_prompt_never_makes_a_fetch() {
    let s = server();
    let spec = format!("prompt: 'Read {}'\n", s.url("/notes.txt"));
    let t =
        request(Test::new())
            .file("spec.yaml", spec)
            .args(["--spec", "spec.yaml", "--fetch-urls"]);
    let run = t.run();
    assert!(!run.ok().contains("# URL Context"));
    assert!(
        run.stderr
            .contains("--fetch-urls looks for URLs only in a prompt given"),
        "{}",
        run.stderr
    );
    assert_eq!(s.hits("/notes.txt"), 0);
}

#[test]
fn more_than_three_urls_need_max_urls() {
    let s = server();
    let urls = ["/notes.txt", "/data.json", "/readme.md", "/guide"].map(|p| s.url(p));
    let mut t = request(Test::new()).args(["--prompt", "p"]);
    for u in &urls {
        t = t.args(["--url", u]);
    }
    let e = t.run().fails().to_string();
    assert!(
        e.contains(&format!(
            "4 URLs to fetch ({}), over the limit of 3 a request; name fewer, or raise the \
             limit with --max-urls N",
            urls.join(", ")
        )),
        "{e}"
    );
    assert_eq!(s.hits("/notes.txt"), 0, "nothing fetched before the check");
    let body = t.run_with(&["--max-urls", "4"]).ok().to_string();
    assert_eq!(url_block(&body).matches("\n---\n").count(), 3);
    // The same URL twice is fetched once and counts once.
    let t = request(Test::new()).args(["--prompt", "p", "--url", &urls[0], "--url", &urls[0]]);
    assert_eq!(url_block(t.run().ok()).matches("plain notes").count(), 1);
}

/// The error of a run fetching `path`, after `extra` flags.
fn refused(s: &Server, path: &str, extra: &[&str]) -> String {
    let t = request(Test::new()).args(["--prompt", "p", "--url", &s.url(path)]);
    t.run_with(extra).fails().to_string()
}

#[test]
fn pages_that_cannot_be_sent_are_exit_2_naming_the_url() {
    let s = server();
    let u = |p: &str| s.url(p);
    let cases = [
        ("/missing", vec![], format!("URL '{}': the server answered 404 Not Found; check the address, or pass the content you saved with --url-context URL=FILE", u("/missing"))),
        ("/logo.png", vec![], format!("URL '{}' is of type 'image/png'; only HTML, plain text, Markdown and JSON pages are fetched", u("/logo.png"))),
        ("/huge", vec![], format!("URL '{}' is over the limit of 2097152 bytes", u("/huge"))),
        ("/loop", vec![], format!("URL '{}' redirects more than 5 times", u("/loop"))),
        ("/slow", vec!["--url-timeout", "1"], format!("URL '{}' did not answer within 1s; raise --url-timeout", u("/slow"))),
    ];
    for (path, extra, want) in cases {
        let e = refused(&s, path, &extra);
        assert!(e.contains(&want), "{path}: {e}");
    }
}

/// A page of exactly the limit is fetched whole (one byte more is refused, above).
#[test]
fn a_page_of_exactly_2_mib_is_fetched() {
    let s = server();
    let t = request(Test::new()).args(["--prompt", "p", "--url", &s.url("/at-limit")]);
    let body = t.run().ok().to_string();
    assert!(
        url_block(&body).contains(&"a".repeat(LIMIT)),
        "the whole page"
    );
}

#[test]
fn bad_and_unreachable_urls_are_exit_2() {
    let t = request(Test::new()).args(["--prompt", "p"]);
    let e = t
        .run_with(&["--url", "ftp://example.com/x"])
        .fails()
        .to_string();
    assert!(
        e.contains(
            "URL 'ftp://example.com/x' has the scheme 'ftp'; give an absolute http or https URL"
        ),
        "{e}"
    );
    let e = t.run_with(&["--url", "example.com"]).fails().to_string();
    assert!(e.contains("URL 'example.com' has no scheme"), "{e}");
    // A port nothing listens on: bind one, then let it go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("http://127.0.0.1:{port}/");
    let e = t.run_with(&["--url", &url]).fails().to_string();
    assert!(
        e.contains(&format!("URL '{url}' cannot be fetched: ")),
        "{e}"
    );
    assert!(e.contains("check the address and the network"), "{e}");
}

#[test]
fn fetched_content_goes_through_the_secrets_guard() {
    // Put together here, so that no scanner finds a token in this file.
    let key = &format!("ghp_{}", "Zq3LxT9vKp2WmN8rYc5HbJ7dFg4SaE6uQwRt");
    let s = Server::start(vec![(
        "/leak",
        Reply::ok(
            "text/html",
            format!("<title>Leak {key}</title><p>token {key}</p>"),
        ),
    )]);
    let t = request(Test::new()).args(["--prompt", "p", "--url", &s.url("/leak")]);
    let run = t.run();
    assert!(!run.ok().contains(key), "a secret went out");
    assert!(run.stdout.contains("[REDACTED:"), "{}", run.stdout);
    let e = t.run_with(&["--secrets", "error"]).fails().to_string();
    assert!(e.contains(&s.url("/leak")), "{e}");
}

fn fixture(provider: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/requests/url")
        .join(format!("{provider}.json"))
}

#[test]
fn golden_bodies_with_a_fetched_page() {
    let s = server();
    let mut failures = Vec::new();
    for provider in ["anthropic", "openai", "openrouter", "gemini", "raw"] {
        let t = request(Test::new()).args([
            "--provider",
            provider,
            "--prompt",
            "What sizes do widgets come in?",
            "--url",
            &s.url("/guide"),
        ]);
        let got = t.run().ok().replace(&s.base, "http://<HOST>");
        if let Err(e) = common::golden::check(&fixture(provider), &got, "url_fetch") {
            failures.push(format!("{provider}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
