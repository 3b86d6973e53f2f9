//! The memo (the token counts and secret-scan facts the binary keeps in the user's
//! cache) changes how long a run takes, never what it prints: docs/requests.md says the
//! output is the same with or without it.

use crate::common;

#[test]
fn the_output_is_the_same_with_or_without_the_memo() {
    let t = common::python_repo();
    let request = [
        "--hermetic",
        "--model",
        "claude-sonnet-5-5",
        "--prompt",
        "hi",
        "--file",
        "b.py",
    ];
    let outputs = || {
        let messages = t.run_with(&[&["messages"][..], &request].concat());
        let context = t.run_with(&[&["context", "--json", "--files"][..], &request].concat());
        (messages.ok().to_string(), context.ok().to_string())
    };
    let memo = t.home.join(".cache/asimi-prompt/memo-1.bin");

    let without = outputs();
    let facts = std::fs::read(&memo).expect("the first run keeps its facts");
    assert!(!facts.is_empty());
    let same = |how: &str| {
        let (messages, context) = outputs();
        assert!(messages == without.0, "messages prints another body {how}");
        assert!(context == without.1, "context --json says otherwise {how}");
    };
    same("read from the memo");

    // A torn file is read as far as whole facts go.
    std::fs::write(&memo, &facts[..facts.len() - 7]).unwrap();
    same("with a torn memo");
    std::fs::remove_file(&memo).unwrap();
    same("with the memo deleted");
}
