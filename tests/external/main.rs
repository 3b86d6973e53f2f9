//! Tests that need something the machine may lack: the providers' SDKs (python3),
//! strace, a terminal (util-linux `script`), Universal Ctags and real code to compare it
//! with. libtest decides before a run which tests are ignored, so these have a harness of
//! their own (libtest-mimic, as `tests/mcp.rs` has): where what a test needs is missing,
//! it is reported `ignored` with the reason, never `ok`, and under CI (`CI` set; `.ci/run`
//! installs everything) it fails. Everything else is in `tests/integration`.
//!
//! `cargo test --test external` runs them; libtest's filters and flags work as usual.

#[path = "../common/mod.rs"]
mod common;

mod diagnostics;
mod harness;
mod map_recall;
mod progress;
mod sdk;
mod terminal;

use common::trial;
use libtest_mimic::Trial;

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let sdk = |name: &str, test: fn()| trial(&format!("sdk::{name}"), common::missing_sdks, test);
    let on_terminal = |name: &str, test: fn()| trial(name, terminal::missing_terminal, test);
    let mut trials: Vec<Trial> = vec![
        trial(
            "harness::a_test_that_cannot_run_is_ignored_and_fails_under_ci",
            || None,
            harness::a_test_that_cannot_run_is_ignored_and_fails_under_ci,
        ),
        sdk(
            "bodies_pass_the_official_sdks",
            sdk::bodies_pass_the_official_sdks,
        ),
        sdk(
            "gemini_cache_bodies_pass_the_sdk",
            sdk::gemini_cache_bodies_pass_the_sdk,
        ),
        sdk(
            "cache_ttl_bodies_pass_the_sdks",
            sdk::cache_ttl_bodies_pass_the_sdks,
        ),
        sdk(
            "image_breakpoint_bodies_pass_the_sdks",
            sdk::image_breakpoint_bodies_pass_the_sdks,
        ),
        sdk(
            "openrouter_breakpoint_body_passes_the_sdk",
            sdk::openrouter_breakpoint_body_passes_the_sdk,
        ),
        sdk(
            "reply_fixtures_pass_the_official_sdks",
            sdk::reply_fixtures_pass_the_official_sdks,
        ),
        sdk(
            "the_registry_agrees_with_the_installed_sdks",
            sdk::the_registry_agrees_with_the_installed_sdks,
        ),
        trial(
            "diagnostics::each_diagnostic_line_is_one_write",
            || common::missing_tool("strace"),
            diagnostics::each_diagnostic_line_is_one_write,
        ),
        trial(
            "progress::a_pipe_gets_nothing_extra",
            || None,
            progress::a_pipe_gets_nothing_extra,
        ),
        on_terminal(
            "progress::a_terminal_gets_the_summary",
            progress::a_terminal_gets_the_summary,
        ),
        on_terminal(
            "progress::a_terminal_gets_the_bar_once_its_delay_is_over",
            progress::a_terminal_gets_the_bar_once_its_delay_is_over,
        ),
        on_terminal(
            "terminal::the_diff_is_coloured_on_a_terminal_unless_no_color",
            terminal::the_diff_is_coloured_on_a_terminal_unless_no_color,
        ),
        on_terminal(
            "terminal::the_default_model_is_named_on_a_terminal",
            terminal::the_default_model_is_named_on_a_terminal,
        ),
    ];
    trials.extend(map_recall::languages().map(|lang| {
        trial(
            &format!("map_recall::{lang}_recall_is_at_least_the_documented_floor"),
            move || map_recall::missing(lang),
            move || map_recall::recall_is_at_least_the_documented_floor(lang),
        )
    }));
    libtest_mimic::run(&args, trials).exit();
}
