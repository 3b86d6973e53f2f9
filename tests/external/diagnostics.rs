//! Diagnostics as the system call sees them (strace).

use crate::common::Test;

/// Each diagnostic line goes out in one `write`, so runs sharing one stderr file never
/// split each other's lines: every write to fd 2 is a whole `asimi-prompt: …` line.
pub fn each_diagnostic_line_is_one_write() {
    let t = Test::new()
        .file("a.py", "x = 1\n")
        .file("blob.dat", b"\x00\x01 binary")
        .file("big.txt", "y".repeat(2_000_000))
        .git();
    let log = t.root.join("strace.log");
    let log_arg = log.display().to_string();
    let strace = [
        "strace",
        "-f",
        "-qq",
        "-e",
        "trace=write",
        "-s",
        "100000",
        "-o",
        &log_arg,
    ];
    let cases: [&[&str]; 3] = [
        // Warnings: files left out.
        &[
            "messages",
            "--prompt",
            "hi",
            "--file",
            ".",
            "--no-symbol-map",
        ],
        // An error.
        &["messages", "--prompt", "hi", "--file", "missing.py"],
        &["system", "--mode", "planer"],
    ];
    for args in cases {
        let run = t.run_wrapped(&strace, args);
        assert!(!run.stderr.is_empty(), "{args:?} wrote no diagnostic");
        let trace = std::fs::read_to_string(&log).unwrap();
        let writes: Vec<&str> = trace
            .lines()
            .filter_map(|l| l.split_once("write(2, \"").map(|(_, rest)| rest))
            .collect();
        assert_eq!(
            writes.len(),
            run.stderr.lines().count(),
            "{args:?}: one write per line:\n{trace}"
        );
        for write in writes {
            assert!(
                write.starts_with("asimi-prompt: ") && write.contains("\\n\", "),
                "{args:?}: a write that is not one whole line: {write}"
            );
        }
    }
}
