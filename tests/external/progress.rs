//! Progress and the summary line: only a terminal's stderr sees them.

use crate::common;
use crate::terminal::LOST_TERMINAL;

use common::{python_repo as repo, Test};

/// `command` (`messages` or `context`) asked for one file of `repo()`; hermetic, so two
/// worlds at different paths count the same tokens.
fn request(command: &str) -> Test {
    repo()
        .args([command, "--hermetic", "--model", "claude-sonnet-5-5"])
        .args(["--prompt", "hi", "--file", "b.py"])
}

/// With stderr on a pipe nothing is added: no bar, no summary, not a byte.
pub fn a_pipe_gets_nothing_extra() {
    let run = request("messages").run();
    run.ok();
    assert_eq!(run.stderr, "");
    let run = repo().args(["map"]).run();
    run.ok();
    assert_eq!(run.stderr, "");
}

/// The bar's delay (`ASIMI_PROGRESS_DELAY_MS`) set so that it never passes, or passes at
/// once: what a terminal shows then does not depend on how fast the run is.
const NEVER: &str = "18446744073709551615";
const AT_ONCE: &str = "0";

/// `command` on a terminal indicatif draws on (it draws nothing where `TERM` is unset
/// or `dumb`), with the bar's delay set to `delay`.
fn on_terminal(command: &str, delay: &str) -> Test {
    request(command)
        .env("TERM", "xterm")
        .env("ASIMI_PROGRESS_DELAY_MS", delay)
}

/// On a terminal `messages` ends with one line that says what `context` says: the
/// tokens per tier, the reuse, the files sent and mapped.
pub fn a_terminal_gets_the_summary() {
    let shown = on_terminal("messages", NEVER)
        .run_on_terminal()
        .expect(LOST_TERMINAL);
    let context = request("context").args(["--json"]).run();
    let b: serde_json::Value = serde_json::from_str(context.ok()).unwrap();
    let rows = b["tiers"].as_array().unwrap();
    let tiers: Vec<String> = rows
        .iter()
        .map(|t| format!("{} {}", t["tier"].as_str().unwrap(), t["tokens"]))
        .collect();
    let sum = |what: &str| -> u64 {
        rows.iter()
            .map(|t| t["holds"][what].as_u64().unwrap())
            .sum()
    };
    // b.py goes as a file, so only a.py's block is mapped.
    assert_eq!((sum("files"), sum("symbols")), (1, 1));
    let expected = format!(
        "asimi-prompt: {} tokens ({}); predicted reuse none (no --session); 1 file sent, 1 \
         mapped\n",
        b["total_tokens"],
        tiers.join(", ")
    );
    assert!(
        shown.ends_with(&expected),
        "{shown:?}\nexpected {expected:?}"
    );
    // A run that ends before the bar's delay shows no bar: the summary is the only thing
    // on stderr.
    assert!(shown.starts_with("{\n"), "{shown:?}");
    assert!(!shown.contains('\x1b'), "{shown:?}");
}

/// A run that outlasts the bar's delay shows the bar on a terminal (a delay of 0 is
/// outlasted by every run): the step it is in, drawn and then erased before the summary.
pub fn a_terminal_gets_the_bar_once_its_delay_is_over() {
    let shown = on_terminal("messages", AT_ONCE)
        .run_on_terminal()
        .expect(LOST_TERMINAL);
    assert!(shown.contains("indexing symbols"), "{shown:?}");
    assert!(shown.contains('\x1b'), "{shown:?}");
    // Erased before the summary, which ends the output on a line of its own.
    let summary = shown.rfind("asimi-prompt: ").expect("a summary");
    assert!(!shown[summary..].contains("indexing"), "{shown:?}");
    assert!(shown.ends_with(" mapped\n"), "{shown:?}");
}
