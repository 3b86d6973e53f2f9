//! `messages --format markdown|xml`: packs to paste into a chat window, as code2prompt and
//! repomix make them. The budget, the summary, the tree of what was packed, and no agent
//! instructions unless asked for (the document's own shape is checked against real
//! parsers in `src/request/document.rs`).

use crate::common::{self, Test};
use std::path::{Path, PathBuf};

/// tokio's `src/sync` from the cargo registry (the newest copy), else `None`.
fn tokio_sync() -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = common::cargo_registries()
        .into_iter()
        .flat_map(|r| std::fs::read_dir(r).into_iter().flatten().flatten())
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_prefix("tokio-"))
                .is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()))
        })
        .map(|p| p.join("src/sync"))
        .filter(|p| p.is_dir())
        .collect();
    found.sort();
    found.pop()
}

/// Every file below `dir`, as (path relative to it, bytes).
fn files_below(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push((rel, std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// A large Rust tree at `tokio/src/sync`: tokio's own from the cargo registry, else (no
/// network is used) a synthetic one of about the same size, a few files much larger.
fn large_repository() -> Test {
    let files = match tokio_sync() {
        Some(dir) => files_below(&dir),
        None => (0..40)
            .map(|i| {
                let lines = if i % 10 == 0 { 1500 } else { 300 };
                let text: String = (0..lines)
                    .map(|l| {
                        format!(
                            "pub fn item_{i}_{l}(value: usize) -> usize {{ value * {l} + {i} }}\n"
                        )
                    })
                    .collect();
                (format!("f{i:02}.rs"), text.into_bytes())
            })
            .collect(),
    };
    let mut t = Test::new().file("Cargo.toml", "[package]\nname = \"tokio\"\n");
    for (rel, bytes) in files {
        t = t.file(&format!("tokio/src/sync/{rel}"), bytes);
    }
    t.tracked()
}

/// The pack of tokio's `sync/` over `--max-request-tokens 50000` exits 1, prints nothing
/// on stdout and names the largest files, each with the flag that leaves it out; as the
/// JSON path does. Before, `--format` ignored the budget and printed the whole pack.
#[test]
fn a_pack_over_its_budget_exits_1_naming_the_largest_files() {
    let t = large_repository();
    let args = [
        "messages",
        "--model",
        "gpt-5.4",
        "--format",
        "markdown",
        "--file",
        "tokio/src/sync/**/*.rs",
        "--prompt",
        "Review",
        "--max-request-tokens",
        "50000",
        "--summary-json",
        "summary.json",
    ];
    let run = t.run_with(&args);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains("over --max-request-tokens 50000"),
        "{}",
        run.stderr
    );
    let summary: serde_json::Value =
        serde_json::from_str(&t.read(&t.work.join("summary.json"))).unwrap();
    let largest = summary["largest"].as_array().unwrap();
    assert_eq!(largest.len(), 5, "{summary}");
    assert!(summary["tokens"].as_u64().unwrap() > 50_000, "{summary}");
    // The largest file is named, with the flag that leaves it out.
    let first = largest[0]["path"].as_str().unwrap();
    assert!(
        run.stderr
            .contains(&format!("{first} (--exclude {first}): ")),
        "{first}: {}",
        run.stderr
    );
    // Within the budget the same pack prints.
    let mut within = args.to_vec();
    within[10] = "10000000";
    let run = t.run_with(&within);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains(&format!("### `{first}`")));
}

/// A pack's summary: the document's tokens, its files, the five largest with their
/// tokens (largest first) and what was cut, as JSON with --summary-json.
#[test]
fn the_summary_counts_the_pack_and_names_the_largest_files() {
    let big = "fn big() {}\n".repeat(200);
    let t = Test::new()
        .file("src/big.rs", &big)
        .file("src/a.rs", "fn a() {}\n")
        .file("src/b.rs", "fn b() { let x = 1; }\n")
        .tracked();
    let run = t.run_with(&[
        "messages",
        "--model",
        "gpt-5.4",
        "--format",
        "xml",
        "--file",
        "src",
        "--prompt",
        "Review",
        "--summary-json",
        "out/s.json",
    ]);
    let doc = run.ok().to_string();
    let s: serde_json::Value = serde_json::from_str(&t.read(&t.work.join("out/s.json"))).unwrap();
    assert_eq!(s["files"], 3, "{s}");
    assert_eq!(s["tokenizer"], "o200k_base", "{s}");
    assert_eq!(s["cut"], serde_json::json!([]), "{s}");
    let paths: Vec<&str> = s["largest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, ["src/big.rs", "src/b.rs", "src/a.rs"], "{s}");
    let tokens = s["tokens"].as_u64().unwrap();
    let big_tokens = s["largest"][0]["tokens"].as_u64().unwrap();
    assert!(big_tokens >= 600 && tokens > big_tokens, "{s}");
    // The document's own count: every byte of it is in the total.
    assert!(
        tokens as usize * 8 > doc.len(),
        "{tokens} for {} bytes",
        doc.len()
    );
    // Piped stderr stays quiet (the summary is for a terminal).
    assert_eq!(run.stderr, "");
}

/// The tree a pack shows is that of the packed files; `--tree all` shows the
/// repository's; `--no-file-tree` none.
#[test]
fn the_tree_lists_what_was_packed() {
    let t = Test::new()
        .file("src/sync/a.rs", "fn a() {}\n")
        .file("src/sync/b.rs", "fn b() {}\n")
        .file("src/other.rs", "fn o() {}\n")
        .file("docs/guide.md", "# Guide\n")
        .tracked();
    let pack = |extra: &[&str]| {
        let args = [
            "messages", "--model", "gpt-5.4", "--format", "markdown", "--file", "src/sync",
            "--prompt", "p",
        ];
        t.run_with(&[&args[..], extra].concat()).ok().to_string()
    };
    let tree = |doc: &str| {
        let open = "## File tree\n\n```text\n";
        let start = doc.find(open)? + open.len();
        let end = doc[start..].find("```").unwrap();
        Some(doc[start..start + end].to_string())
    };
    let doc = pack(&[]);
    assert_eq!(
        tree(&doc).as_deref(),
        Some("src/\n  sync/\n    a.rs\n    b.rs\n"),
        "{doc}"
    );
    let all = tree(&pack(&["--tree", "all"])).unwrap();
    assert!(all.contains("docs/\n  guide.md\n"), "{all}");
    assert!(all.contains("  other.rs\n"), "{all}");
    assert_eq!(tree(&pack(&["--no-file-tree"])), None);
}

/// A pack holds no agent instructions unless --with-system asks: no system prompt
/// heading or tag, and the prompt without the reminder.
#[test]
fn a_pack_has_no_agent_instructions_unless_asked() {
    let t = Test::new().file("a.rs", "fn a() {}\n").tracked();
    let pack = |format: &str, extra: &[&str]| {
        let args = [
            "messages", "--model", "gpt-5.4", "--format", format, "--file", "a.rs", "--prompt",
            "Review",
        ];
        t.run_with(&[&args[..], extra].concat()).ok().to_string()
    };
    let md = pack("markdown", &[]);
    assert!(md.starts_with("# "), "{md}");
    assert!(!md.contains("System prompt"), "{md}");
    assert!(md.ends_with("## Prompt\n\nReview\n"), "{md}");
    let xml = pack("xml", &[]);
    assert!(!xml.contains("<system_prompt>"), "{xml}");
    assert!(
        xml.ends_with("<prompt>\nReview\n</prompt>\n</pack>\n"),
        "{xml}"
    );
    let with = pack("markdown", &["--with-system"]);
    assert!(with.contains("\n## System prompt\n\n"), "{with}");
    assert!(
        !with.ends_with("## Prompt\n\nReview\n"),
        "the reminder: {with}"
    );
    // Only with --format.
    let e = t.run_with(&["messages", "--with-system", "--prompt", "p"]);
    assert!(e.fails().contains("--format"), "{}", e.stderr);
}

/// The pack the binary prints reads as Markdown with one title, and as one XML element,
/// each file's text given back by the parsers (tokio's sync files where present).
#[test]
fn the_binary_s_packs_parse_and_give_each_file_back() {
    let t = Test::new()
        .file(
            "docs/fences.md",
            "# Doc\n\n```sh\nls\n```\n\n`````\nfive\n`````\n",
        )
        .file("x.xml", "<a><![CDATA[x]]></a>\n]]> & <b/>\n")
        .file("src/main.rs", "fn main() { if 1 < 2 && true {} }\n")
        .tracked();
    let files = ["docs/fences.md", "x.xml", "src/main.rs"];
    let pack = |format: &str| {
        let mut args = vec![
            "messages", "--model", "gpt-5.4", "--format", format, "--prompt", "# Go",
        ];
        for f in files {
            args.extend(["--file", f]);
        }
        t.run_with(&args).ok().to_string()
    };
    let md = pack("markdown");
    let mut titles = 0;
    let mut blocks = Vec::new();
    let mut in_block = None;
    for event in pulldown_cmark::Parser::new(&md) {
        use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Tag, TagEnd};
        match event {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H1,
                ..
            }) => titles += 1,
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                in_block = Some((info.to_string(), String::new()))
            }
            Event::Text(text) => {
                if let Some((_, b)) = in_block.as_mut() {
                    b.push_str(&text)
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(in_block.take()),
            _ => {}
        }
    }
    assert_eq!(titles, 1, "{md}");
    for f in files {
        let content = std::fs::read_to_string(t.work.join(f)).unwrap();
        assert!(
            blocks.iter().any(|(_, b)| *b == content),
            "{f} not given back: {md}"
        );
    }
    let langs: Vec<&str> = blocks.iter().map(|(i, _)| i.as_str()).collect();
    assert!(
        langs.contains(&"markdown") && langs.contains(&"rust"),
        "{langs:?}"
    );
    let xml = pack("xml");
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}: {xml}"));
    for f in files {
        let node = doc
            .descendants()
            .find(|n| n.has_tag_name("file") && n.attribute("path") == Some(f))
            .unwrap();
        let text: String = node.children().filter_map(|c| c.text()).collect();
        let content = std::fs::read_to_string(t.work.join(f)).unwrap();
        assert_eq!(text.strip_prefix('\n'), Some(content.as_str()), "{xml}");
    }
}
