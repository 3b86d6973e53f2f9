//! What a terminal shows (util-linux `script` gives the binary one): `--check`'s coloured
//! diff. The progress bar's are in `progress`.

use crate::common;

use common::check::{small, NEW, OLD};
use common::Test;

/// Why `script` cannot give a test a terminal here, or `None`.
pub fn missing_terminal() -> Option<String> {
    let works = std::process::Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .is_ok_and(|out| out.status.success());
    (!works).then(|| NO_TERMINAL.to_string())
}

/// Why a terminal test did not run.
const NO_TERMINAL: &str = "util-linux `script` cannot give the test a terminal here";

/// What a terminal test that found no terminal after all says.
pub const LOST_TERMINAL: &str = "`script` gave a terminal to the probe but not to the test";

/// The README: the diff is "coloured only on a terminal"; `NO_COLOR` turns colour off.
pub fn the_diff_is_coloured_on_a_terminal_unless_no_color() {
    let t = Test::new()
        .file("system.txt", OLD)
        .args(["system"])
        .args(small(NEW))
        .args(["--check", "system.txt"]);
    let shown = t.run_on_terminal().expect(LOST_TERMINAL);
    assert!(shown.contains("\x1b[31m-five\x1b[0m\n"), "{shown:?}");
    assert!(shown.contains("\x1b[32m+FIVE\x1b[0m\n"), "{shown:?}");
    assert!(
        shown.contains("\x1b[36m@@ -2,7 +2,7 @@\x1b[0m\n"),
        "{shown:?}"
    );
    let plain = t.env("NO_COLOR", "1").run_on_terminal().unwrap();
    assert!(plain.contains("\n-five\n+FIVE\n"), "{plain:?}");
    assert!(!plain.contains('\x1b'), "{plain:?}");
}

/// What a request without a model says on a terminal (a pipe hears nothing:
/// `request_defaults::messages_without_a_model_use_the_default_and_say_nothing_on_a_pipe`).
const DEFAULT_MODEL_NOTE: &str = "asimi-prompt: note: no model given (--model, \
     ASIMI_MODEL or config 'model'); using the default, claude-sonnet-5-5";

pub fn the_default_model_is_named_on_a_terminal() {
    let t = Test::new().args([
        "messages",
        "--prompt",
        "hi",
        "--no-symbol-map",
        "--no-file-tree",
    ]);
    let shown = t.run_on_terminal().expect(LOST_TERMINAL);
    assert!(shown.contains(DEFAULT_MODEL_NOTE), "{shown:?}");
}
