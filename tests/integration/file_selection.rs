//! Choosing what goes into a request, end to end: `--file` directories and globs,
//! `--exclude`, the file tree outside git, `context --files` and `--max-request-tokens`.

use crate::common;
use common::Test;
use serde_json::Value;

/// A small system prompt and a short prompt, counted with gpt-5.4's tokenizer.
const SMALL: [&str; 9] = [
    "--model",
    "gpt-5.4",
    "--no-section",
    "base",
    "--no-sanity",
    "--sandbox",
    "none",
    "--prompt",
    "P",
];

/// A `messages` run with a small system prompt and a raw body.
fn messages(t: Test) -> Test {
    t.args(["messages", "--provider", "raw"]).args(SMALL)
}

/// A project outside git: sources at several depths, an ignored `node_modules/`, a
/// hidden `.venv/` and a binary file.
fn project() -> Test {
    Test::new()
        .file(".gitignore", "node_modules/\n*.log\n")
        .file("src/main.rs", "fn main() {}\n")
        .file("src/lib.rs", "pub fn lib() {}\n")
        .file("src/util/text.rs", "pub fn text() {}\n")
        .file("src/util/notes.md", "notes\n")
        .file("src/run.log", "log\n")
        .file("node_modules/pkg/index.js", "module.exports = 1;\n")
        .file(".venv/lib/site.py", "x = 1\n")
        .file("README.md", "# demo\n")
}

/// The message text that opens with `header` in a raw body.
fn message(body: &str, header: &str) -> Option<String> {
    let v: Value = serde_json::from_str(body).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["content"].as_str())
        .find(|c| c.starts_with(header))
        .map(str::to_string)
}

const FILES: &str = "# Working Files\n\nHere are the files:\n\n";
const TREE: &str = "# Repository Files\n\nComplete list of files in the repository:\n\n";

/// The paths of the working files, in the order sent.
fn sent_files(body: &str) -> Vec<String> {
    let Some(text) = message(body, FILES) else {
        return Vec::new();
    };
    text[FILES.len()..]
        .split("\n```\n\n")
        .map(|f| f.lines().next().unwrap().to_string())
        .collect()
}

#[test]
fn a_directory_expands_to_its_files_that_are_not_ignored_in_sorted_order() {
    let run = messages(project()).args(["--file", "src/"]).run();
    assert_eq!(
        message(run.ok(), FILES).unwrap(),
        format!(
            "{FILES}src/lib.rs\n```\npub fn lib() {{}}\n```\n\nsrc/main.rs\n```\nfn main() {{}}\n\
             ```\n\nsrc/util/notes.md\n```\nnotes\n```\n\nsrc/util/text.rs\n```\npub fn text() \
             {{}}\n```"
        )
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn globs_expand_and_each_file_is_sent_once_in_the_order_first_reached() {
    let run = messages(project())
        .args(["--file", "README.md", "src/**/*.rs", "src/main.rs", "src"])
        .run();
    assert_eq!(
        sent_files(run.ok()),
        [
            "README.md",
            "src/lib.rs",
            "src/main.rs",
            "src/util/text.rs",
            "src/util/notes.md"
        ]
    );
    // `*` stays in one directory; braces pick alternatives. From a subdirectory (outside
    // git, the project root) globs start there.
    let t = messages(project()).cwd("src");
    let run = t.run_with(&["--file", "*.rs"]);
    assert_eq!(sent_files(run.ok()), ["lib.rs", "main.rs"]);
    let run = t.run_with(&["--file", "**/*.{md,log}"]);
    assert_eq!(
        sent_files(run.ok()),
        ["util/notes.md"],
        "run.log is ignored"
    );
}

#[test]
fn exclude_leaves_files_out_of_the_selection_and_the_tree() {
    let run = messages(project())
        .args([
            "--file",
            "src",
            "README.md",
            "--exclude",
            "util/",
            "--exclude",
            "*.md",
        ])
        .run();
    assert_eq!(sent_files(run.ok()), ["src/lib.rs", "src/main.rs"]);
    assert_eq!(
        message(&run.stdout, TREE).unwrap(),
        format!("{TREE}# File Tree (2 files)\n\nsrc/lib.rs\nsrc/main.rs")
    );
    // Inside git, the tracked files are listed, and excluded the same way.
    let run = messages(project().tracked())
        .args(["--no-symbol-map", "--exclude", "src/"])
        .run();
    assert_eq!(
        message(run.ok(), TREE).unwrap(),
        format!("{TREE}# File Tree (3 files)\n\n.gitignore\n.venv/lib/site.py\nREADME.md")
    );
}

#[test]
fn outside_git_the_tree_skips_ignored_and_hidden_directories() {
    let run = messages(project()).run();
    assert_eq!(
        message(run.ok(), TREE).unwrap(),
        format!(
            "{TREE}# File Tree (5 files)\n\nREADME.md\nsrc/lib.rs\nsrc/main.rs\n\
             src/util/notes.md\nsrc/util/text.rs"
        )
    );
}

#[test]
fn a_directory_or_glob_that_matches_nothing_is_an_error_naming_it() {
    let t = messages(project());
    for arg in ["src/**/*.py", "*/*.js", "docs/*.md", "src/*.log"] {
        assert_eq!(
            t.run_with(&["--file", arg]).fails(),
            format!(
                "asimi-prompt: --file '{arg}' matches no files (ignored and hidden files, and \
                 those --exclude leaves out, are not expanded); check the path, or name a file \
                 directly\n"
            )
        );
    }
    let spec = messages(project().file("s.yaml", "files: ['src/*.py']\n"));
    assert_eq!(
        spec.run_with(&["--spec", "s.yaml"]).fails(),
        "asimi-prompt: s.yaml: files 'src/*.py' matches no files (ignored and hidden files, \
         and those --exclude leaves out, are not expanded); check the path, or name a file \
         directly\n"
    );
}

#[test]
fn binary_files_found_by_a_directory_are_left_out_with_a_warning() {
    let run = messages(project().file("src/logo.png", b"\x89PNG\r\n\x1a\n\0\0"))
        .args(["--file", "src"])
        .run();
    assert_eq!(sent_files(run.ok()).len(), 4);
    assert_eq!(
        run.stderr,
        "asimi-prompt: warning: --file 'src': left out 1 file, binary or over \
         --max-file-bytes (1048576): src/logo.png\n"
    );
}

#[cfg(unix)]
#[test]
fn expansion_never_follows_a_link_out_of_the_project() {
    let t = project();
    std::fs::write(t.root.join("secret.txt"), "secret").unwrap();
    std::os::unix::fs::symlink(t.root.join("secret.txt"), t.work.join("src/leak.rs")).unwrap();
    std::os::unix::fs::symlink(&t.root, t.work.join("src/up")).unwrap();
    let t = messages(t);
    let run = t.run_with(&["--file", "src"]);
    assert_eq!(sent_files(run.ok()).len(), 4);
    assert!(!run.stdout.contains("secret"));
    assert_eq!(
        run.stderr,
        "asimi-prompt: warning: --file 'src': left out 1 file, links leading outside the \
         project root: src/leak.rs\n"
    );
    let e = t.run_with(&["--file", "src/up/*.txt"]).fails().to_string();
    assert!(
        e.contains("--file 'src/up/*.txt' is outside the project root"),
        "{e}"
    );
}

/// A `context` run on the project with one file.
fn context(extra: &[&str]) -> Test {
    project()
        .args(["context"])
        .args(SMALL)
        .args(["--file", "src/util"])
        .args(extra)
}

#[test]
fn context_files_lists_every_item_largest_first() {
    let run = context(&["--files"]).run();
    let out = run.ok();
    let items = &out[out.find("items, largest first").expect(out)..];
    assert_eq!(
        items,
        "items, largest first (tokens, tier, item, how to leave it out):\n      \
         104  active  the prompt and its reminder\n      \
         103  L0      the system prompt            --no-section NAME\n       \
         40  active  the file tree of 5 files     --no-file-tree\n       \
         13  active  src/util/text.rs             --exclude src/util/text.rs\n       \
         11  active  src/util/notes.md            --exclude src/util/notes.md\n"
    );
    let json: Value = serde_json::from_str(context(&["--files", "--json"]).run().ok()).unwrap();
    assert_eq!(
        json["items"][3],
        serde_json::json!({"kind": "file", "name": "src/util/text.rs", "tokens": 13,
                           "remove": "--exclude src/util/text.rs", "tier": "active"})
    );
    // Without --files, neither lists them.
    assert!(!context(&[]).run().ok().contains("items, largest"));
    let json: Value = serde_json::from_str(context(&["--json"]).run().ok()).unwrap();
    assert!(json.get("items").is_none());
}

#[test]
fn max_request_tokens_fails_with_the_largest_parts() {
    let t = messages(project()).args(["--file", "src"]);
    let over = t.run_with(&["--max-request-tokens", "100"]);
    assert_eq!(over.code, 1, "{}", over.stderr);
    assert_eq!(over.stdout, "", "an over-budget request is not printed");
    assert_eq!(
        over.stderr,
        "asimi-prompt: the request is 310 tokens (o200k_base), 210 over \
         --max-request-tokens 100. The largest parts: the prompt and its reminder: 104 tokens, \
         the system prompt (--no-section NAME): 103 tokens, the file tree of 5 files (--no-file-tree): 40 \
         tokens\n"
    );
    let within = t.run_with(&["--max-request-tokens", "310"]);
    assert_eq!(within.ok(), t.run().ok());
    // `context` shows the table and fails the same way.
    let run = context(&["--max-request-tokens", "100"]).run();
    assert_eq!(run.code, 1);
    assert!(run.stdout.starts_with("model gpt-5.4"), "{}", run.stdout);
    assert!(
        run.stderr.contains("over --max-request-tokens 100"),
        "{}",
        run.stderr
    );
}

/// The manual's small project for "Choosing files" (docs/requests.md): outside git, with an ignored
/// `target/` and a hidden `.venv/`.
fn readme_project() -> Test {
    Test::new()
        .file(".gitignore", "target/\n")
        .file(
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        )
        .file(
            "src/main.rs",
            "fn main() {\n    println!(\"{}\", demo::parse::sum(\"1 2 3\"));\n}\n",
        )
        .file("src/lib.rs", "pub mod parse;\n")
        .file(
            "src/parse/mod.rs",
            "/// Adds the numbers in `text`.\npub fn sum(text: &str) -> i64 {\n    \
             text.split_whitespace().filter_map(|w| w.parse::<i64>().ok()).sum()\n}\n",
        )
        .file(
            "tests/parse.rs",
            "#[test]\nfn sums() {\n    assert_eq!(demo::parse::sum(\"1 2 3\"), 6);\n}\n",
        )
        .file("target/debug/demo", "bin\n")
        .file(".venv/x.py", "x = 1\n")
}

/// A command line split as a POSIX shell splits one with only single quotes.
fn words(line: &str) -> Vec<String> {
    let (mut out, mut word, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, any) = (!quoted, true),
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => (word, any) = (word + &c.to_string(), true),
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// The manual's "Choosing files" section (docs/requests.md): every example runs, and
/// every shown output is what the binary prints on its project.
#[test]
fn the_manuals_examples_of_choosing_files_work() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/requests.md")).unwrap();
    let start = readme.find("\n### Choosing files\n").unwrap();
    let end = start + 1 + readme[start + 1..].find("\n### ").unwrap();
    let section = &readme[start..end];
    let run = |line: &str| readme_project().args(&words(line)[1..]).run();
    // Fenced blocks by their language (`` for the shown sessions).
    let mut blocks: Vec<(&str, String)> = Vec::new();
    let mut open: Option<(&str, String)> = None;
    for line in section.lines() {
        match (line.strip_prefix("```"), open.take()) {
            (Some(lang), None) => open = Some((lang, String::new())),
            (Some(_), Some(block)) => blocks.push(block),
            (None, Some((lang, text))) => open = Some((lang, text + line + "\n")),
            (None, None) => {}
        }
    }
    let examples = blocks.iter().filter(|(lang, _)| *lang == "sh");
    for line in examples.flat_map(|(_, text)| text.lines()) {
        let r = run(line);
        assert_eq!(r.code, 0, "{line}\n{}", r.stderr);
    }
    let mut shown = 0;
    let mut last = None;
    for (_, block) in blocks.iter().filter(|(lang, _)| lang.is_empty()) {
        for sample in block.split("$ ").filter(|s| !s.is_empty()) {
            let (line, expected) = sample.split_once('\n').unwrap();
            if line == "echo $?" {
                assert_eq!(Some(expected.trim()), last.as_deref(), "exit code");
                continue;
            }
            let r = run(line);
            last = Some(r.code.to_string());
            match expected.strip_prefix("…\n") {
                Some(tail) => assert!(r.stdout.ends_with(tail), "{line}:\n{}", r.stdout),
                None => assert_eq!(r.stdout.clone() + &r.stderr, expected, "{line}"),
            }
            shown += 1;
        }
    }
    assert_eq!(
        shown, 2,
        "the context --files and --max-request-tokens samples"
    );
}

/// Files with no readable content are left out, named or found, with one warning.
#[test]
fn empty_files_are_left_out_with_a_warning() {
    let t = project()
        .file("src/empty.rs", "")
        .file("blank.py", " \n\t\n");
    let run = messages(t).run_with(&["--file", "src", "--file", "blank.py"]);
    let body = run.ok();
    // In the JSON body a file's header and fence are `PATH\n```` with the newline escaped.
    assert!(!body.contains("src/empty.rs\\n```"), "{body}");
    assert!(!body.contains("blank.py\\n```"), "{body}");
    assert!(body.contains("src/main.rs\\n```"), "{body}");
    assert_eq!(
        run.stderr,
        "asimi-prompt: warning: --file: left out 2 files, with no content: src/empty.rs, \
         blank.py\n"
    );
}

/// `--files-from` takes a list of paths, as `git ls-files` prints it (or NUL-separated),
/// from a file or standard input.
#[test]
fn files_from_reads_a_list_of_paths() {
    let t = project()
        .file("list.txt", "src/main.rs\r\nsrc/util/\n\n")
        .file("list0", "src/lib.rs\0README.md\0");
    let body = messages(project())
        .stdin("src/lib.rs\nsrc/main.rs\n")
        .run_with(&["--files-from", "-"]);
    let body = body.ok();
    assert!(
        body.contains("src/lib.rs\\n```") && body.contains("src/main.rs\\n```"),
        "{body}"
    );
    let body = messages(t)
        .run_with(&["--files-from", "list.txt"])
        .ok()
        .to_string();
    for sent in ["src/main.rs", "src/util/text.rs", "src/util/notes.md"] {
        assert!(body.contains(&format!("{sent}\\n```")), "{sent}: {body}");
    }
    let body = messages(project().file("list0", "src/lib.rs\0README.md\0"))
        .run_with(&["--files-from", "list0"])
        .ok()
        .to_string();
    assert!(
        body.contains("src/lib.rs\\n```") && body.contains("README.md\\n```"),
        "{body}"
    );
    // Standard input holds the list, so the prompt must come from elsewhere.
    let e = Test::new()
        .stdin("a.py\n")
        .args(["messages", "--files-from", "-"])
        .run();
    assert_eq!(
        e.fails(),
        "asimi-prompt: --files-from -: standard input holds the file list, so give the \
         prompt with --prompt (or the spec's prompt)\n"
    );
}

/// An unreadable file in a directory is left out with a warning, as binary and oversize
/// files are; named on its own it stops the run, with the reason and no OS error code.
/// An unreadable directory is named with its reason, not as "matches no files". Root
/// reads anything, so the runs drop its file capabilities.
#[cfg(target_os = "linux")]
#[test]
fn unreadable_files_and_directories_are_named_with_their_reason() {
    use std::os::unix::fs::PermissionsExt;
    let run = |file: &str| {
        let t = project()
            .file("src/secret.rs", "fn s() {}\n")
            .file("locked/a.rs", "fn a() {}\n");
        for path in ["src/secret.rs", "locked"] {
            let mode = std::fs::Permissions::from_mode(0o000);
            std::fs::set_permissions(t.work.join(path), mode).unwrap();
        }
        let t = messages(t).args(["--file", file]);
        let run = t.run_without_file_capabilities();
        // So that the temporary directory can be removed.
        let mode = std::fs::Permissions::from_mode(0o755);
        std::fs::set_permissions(t.work.join("locked"), mode).unwrap();
        run
    };
    let all = run(".");
    let body = all.ok().to_string();
    assert!(
        body.contains("src/main.rs") && !body.contains("fn s()"),
        "{body}"
    );
    assert!(
        all.stderr.contains(
            "warning: --file '.': left out 1 file, that cannot be read (permission denied): \
             src/secret.rs"
        ),
        "{}",
        all.stderr
    );
    assert!(
        all.stderr.contains(
            "warning: --file '.': left out what these directories hold, which cannot be \
             read: 'locked' (permission denied)"
        ),
        "{}",
        all.stderr
    );
    assert_eq!(
        run("src/secret.rs").fails().trim_end(),
        "asimi-prompt: file 'src/secret.rs' cannot be read: permission denied"
    );
    let dir = run("locked");
    assert!(
        dir.fails()
            .contains("--file 'locked': cannot read directory 'locked' (permission denied)"),
        "{}",
        dir.stderr
    );
}
