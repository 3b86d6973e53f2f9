//! The memo (the token counts and secret-scan facts the binary keeps in the user's
//! cache) changes how long a run takes, never what it prints: docs/requests.md says the
//! output is the same with or without it. A planted memo with wrong counts shows that
//! it is read at all.

use crate::common;

/// A fact in the memo file: a 16-byte key and a 4-byte count (src/memo.rs).
const FACT_BYTES: usize = 20;
/// What the planted memo adds to each token count.
const PLANTED: u32 = 100_000;

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

    // The memo is read: a planted file whose token counts are all wrong (each of its
    // 20-byte facts is a 16-byte key and a little-endian u32; secret-scan facts are 0
    // and stay so) shows in the count `context` reports.
    let planted: Vec<u8> = facts
        .chunks_exact(FACT_BYTES)
        .flat_map(|fact| {
            let (key, value) = fact.split_at(FACT_BYTES - 4);
            let n = u32::from_le_bytes(value.try_into().unwrap());
            let n = if n == 0 { 0 } else { n + PLANTED };
            [key, &n.to_le_bytes()].concat()
        })
        .collect();
    std::fs::write(&memo, planted).unwrap();
    let total = |context: &str| {
        serde_json::from_str::<serde_json::Value>(context).unwrap()["total_tokens"]
            .as_u64()
            .unwrap()
    };
    let (_, context) = outputs();
    assert!(
        total(&context) >= total(&without.1) + u64::from(PLANTED),
        "the planted counts were not read: {context}"
    );
    std::fs::write(&memo, &facts).unwrap();
    same("read from the memo again");

    // A torn file is read as far as whole facts go.
    std::fs::write(&memo, &facts[..facts.len() - 7]).unwrap();
    same("with a torn memo");
    std::fs::remove_file(&memo).unwrap();
    same("with the memo deleted");
}
