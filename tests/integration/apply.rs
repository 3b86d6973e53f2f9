//! `apply`: edit blocks from a reply applied to the project's files, through the binary.
//! Each status, each tolerance, ambiguity under a tolerance, all-or-none per file,
//! confinement, CRLF, create and delete.

use crate::common::{Run, Test};

/// A block for `path`.
fn block(path: &str, old: &str, new: &str) -> String {
    format!("{path}\n««« EDIT\n{old}═══════ REPL\n{new}»»» EDIT END\n")
}

/// Runs `apply` on `reply` (written beside the project, not in it), with `extra`.
fn apply(t: &Test, reply: &str, extra: &[&str]) -> Run {
    let file = t.root.join("reply.txt");
    std::fs::write(&file, reply).unwrap();
    let file = file.display().to_string();
    let mut args = vec!["apply"];
    args.extend_from_slice(extra);
    if !extra.iter().any(|a| a.ends_with(".txt")) {
        args.push(&file);
    }
    t.run_with(&args)
}

fn read(t: &Test, rel: &str) -> String {
    std::fs::read_to_string(t.work.join(rel)).unwrap()
}

fn world() -> Test {
    Test::new()
        .file("src/a.rs", "fn a() {\n    one();\n    two();\n}\n")
        .git()
}

#[test]
fn applied_already_applied_and_not_found() {
    let t = world();
    let r = apply(&t, &block("src/a.rs", "    one();\n", "    uno();\n"), &[]);
    assert!(
        r.ok().contains("src/a.rs: applied at lines 2-2"),
        "{}",
        r.stdout
    );
    assert_eq!(
        read(&t, "src/a.rs"),
        "fn a() {\n    uno();\n    two();\n}\n"
    );
    let r = apply(&t, &block("src/a.rs", "    one();\n", "    uno();\n"), &[]);
    assert!(r.ok().contains("already applied"), "{}", r.stdout);
    let r = apply(
        &t,
        &block("src/a.rs", "    three();\n    two();\n", "x\n"),
        &[],
    );
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("not found"), "{}", r.stdout);
    assert!(r.stdout.contains("nearest lines are 2-3"), "{}", r.stdout);
}

#[test]
fn each_tolerance_is_reported() {
    let cases = [
        ("    two();  \n", "trailing whitespace"),
        ("two();\n", "indentation"),
        ("    two();\r\n", "line endings"),
    ];
    for (old, tolerance) in cases {
        let t = world();
        let r = apply(&t, &block("src/a.rs", old, "    deux();\n"), &[]);
        assert!(r.ok().contains(tolerance), "{old:?}: {}", r.stdout);
        assert!(read(&t, "src/a.rs").contains("    deux();\n"), "{old:?}");
    }
    let t = Test::new().file("b.txt", "x\nlast").git();
    let r = apply(&t, &block("b.txt", "last\n", "end\n"), &[]);
    assert!(r.ok().contains("final newline"), "{}", r.stdout);
    assert_eq!(read(&t, "b.txt"), "x\nend");
}

#[test]
fn ambiguous_under_a_tolerance_is_refused() {
    let t = Test::new().file("c.txt", "a\nsame\nb\nsame  \n").git();
    let r = apply(&t, &block("c.txt", "same\n", "other\n"), &[]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains("ambiguous") && r.stdout.contains("lines 2, 4"),
        "{}",
        r.stdout
    );
    assert_eq!(read(&t, "c.txt"), "a\nsame\nb\nsame  \n");
}

#[test]
fn a_file_s_blocks_apply_all_or_none() {
    let t = world();
    let reply = block("src/a.rs", "    one();\n", "    uno();\n")
        + &block("src/a.rs", "    missing();\n", "x\n");
    let r = apply(&t, &reply, &[]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("not written"), "{}", r.stdout);
    assert_eq!(
        read(&t, "src/a.rs"),
        "fn a() {\n    one();\n    two();\n}\n"
    );
}

#[test]
fn crlf_files_keep_crlf_create_and_delete() {
    let t = Test::new().file("w.txt", "a\r\nb\r\nc\r\n").git();
    let reply = block("w.txt", "b\n", "") + &block("new/n.txt", "", "hello\n");
    apply(&t, &reply, &[]).ok();
    assert_eq!(read(&t, "w.txt"), "a\r\nc\r\n");
    assert_eq!(read(&t, "new/n.txt"), "hello\n");
    let r = apply(&t, &block("w.txt", "", "other\n"), &[]);
    assert!(r.stdout.contains("refused"), "{}", r.stdout);
}

#[test]
fn incomplete_and_dry_run_write_nothing() {
    let t = world();
    let r = apply(&t, "src/a.rs\n««« EDIT\n    one();\n═══════ REPL\n", &[]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("incomplete"), "{}", r.stdout);
    let r = apply(
        &t,
        &block("src/a.rs", "    one();\n", "    uno();\n"),
        &["--dry-run"],
    );
    assert!(
        r.ok().contains("-    one();\n+    uno();\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        read(&t, "src/a.rs"),
        "fn a() {\n    one();\n    two();\n}\n"
    );
}

#[test]
fn json_fields() {
    let t = world();
    let r = apply(
        &t,
        &block("src/a.rs", "two();\n", "three();\n"),
        &["--json"],
    );
    let v: serde_json::Value = serde_json::from_str(r.ok()).unwrap();
    let b = &v["blocks"][0];
    assert_eq!(b["status"], "applied");
    assert_eq!(b["tolerances"], serde_json::json!(["indentation"]));
    assert_eq!(b["at"], serde_json::json!({"first": 3, "last": 3}));
    assert_eq!(
        (b["line"].as_u64(), v["failed"].as_u64()),
        (Some(1), Some(0))
    );
}

#[test]
fn no_blocks_is_nothing_to_do_and_a_missing_reply_is_an_error() {
    let t = world();
    let r = apply(&t, "Just prose.\n", &[]);
    assert!(r.stderr.contains("no edit blocks"), "{}", r.stderr);
    assert_eq!(r.code, 0);
    assert!(apply(&t, "", &["nope.txt"]).fails().contains("nope.txt"));
}

#[cfg(unix)]
#[test]
fn paths_stay_inside_the_project() {
    use std::os::unix::fs::symlink;
    let t = world();
    let outside = t.root.join("outside.txt");
    std::fs::write(&outside, "secret\n").unwrap();
    symlink(&outside, t.work.join("out")).unwrap();
    symlink(t.root.join("nowhere.txt"), t.work.join("dangling")).unwrap();
    let abs = outside.display().to_string();
    for path in ["../outside.txt", abs.as_str(), "out", "dangling"] {
        let r = apply(&t, &block(path, "secret\n", "owned\n"), &[]);
        assert_eq!(r.code, 1, "{path}");
        assert!(
            r.stdout.contains("outside the project"),
            "{path}: {}",
            r.stdout
        );
        let r = apply(&t, &block(path, "", "owned\n"), &[]);
        assert!(
            r.stdout.contains("outside the project"),
            "{path}: {}",
            r.stdout
        );
    }
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "secret\n");
    assert!(!t.root.join("nowhere.txt").exists());
}

/// `apply` reads a provider's response as `reply` does: a JSON body's text, or a stream's;
/// a stream cut short applies its complete blocks and reports the cut one.
#[test]
fn a_providers_response_is_read_for_its_blocks() {
    let block = "a.txt\n««« EDIT\none\n═══════ REPL\nuno\n»»» EDIT END\n";
    let body = serde_json::json!({
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-5-5",
        "content": [{"type": "text", "text": format!("Done:\n\n{block}")}],
        "stop_reason": "end_turn", "stop_sequence": null,
        "usage": {"input_tokens": 10, "output_tokens": 5}
    });
    let t = Test::new()
        .git()
        .file("a.txt", "one\ntwo\n")
        .file("b.txt", "three\n")
        .file("reply.json", body.to_string());
    t.run_with(&["apply", "reply.json"]).ok();
    assert_eq!(t.read(&t.work.join("a.txt")), "uno\ntwo\n");

    // An OpenAI Chat stream that stops in the middle of its second block.
    let chunk = |text: &str| {
        let c = serde_json::json!({
            "id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-5.4",
            "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": null}]
        });
        format!("data: {c}\n\n")
    };
    let stream = [
        chunk("a.txt\n««« EDIT\ntwo\n═══════ REPL\ndos\n»»» EDIT END\n"),
        chunk("b.txt\n««« EDIT\nthree\n═══════ REPL\n"),
    ]
    .concat();
    let t = t.file("cut.sse", stream);
    let run = t.run_with(&["apply", "cut.sse"]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("incomplete"), "{}", run.stdout);
    assert_eq!(t.read(&t.work.join("a.txt")), "uno\ndos\n");
    assert_eq!(t.read(&t.work.join("b.txt")), "three\n");
}
