//! Options work before or after the subcommand: `asimi-prompt -C DIR --model M system` is
//! `asimi-prompt system -C DIR --model M`. Before, clap refused any option before a
//! subcommand ("the subcommand 'system' cannot be used with '--cwd <DIR>'").

use crate::common;
use common::{Test, MARKED_BASE_ARGS};

/// Runs `before` + `cmd` + `rest` and `cmd` + `before` + `rest` in the same world and
/// returns both results' stdout after checking they are equal and successful.
fn both_ways(t: Test, before: &[&str], cmd: &[&str], rest: &[&str]) -> String {
    let first: Vec<&str> = [before, cmd, rest].concat();
    let second: Vec<&str> = [cmd, before, rest].concat();
    let a = t.run_with(&first);
    let b = t.run_with(&second);
    assert_eq!(a.ok(), b.ok(), "{first:?} and {second:?} differ");
    a.stdout
}

#[test]
fn cwd_works_before_and_after_the_subcommand() {
    let t = Test::new().file("sub/.asimi/templates/base/default.md", "SUB BASE");
    let out = both_ways(
        t,
        &["-C", "sub"],
        &MARKED_BASE_ARGS[..1],
        &MARKED_BASE_ARGS[1..],
    );
    assert!(out.starts_with("SUB BASE"), "{out}");
}

/// A `-C` that is not a directory stops every command with one message, even commands
/// that read no project (`completions`, `man`); `map` and `template` once said "cannot
/// change into it", and `completions` and `man` ran in the process's own directory.
#[test]
fn cwd_that_is_not_a_directory_stops_every_command() {
    let commands: &[&[&str]] = &[
        &["system"],
        &["messages", "--prompt", "hi"],
        &["context"],
        &["map"],
        &["export"],
        &["commit"],
        &["goal", "show"],
        &["template", "render", "t.md"],
        &["template", "list"],
        &["models"],
        &["completions", "bash"],
        &["man", "system"],
    ];
    for cmd in commands {
        let t = Test::new()
            .file("file", "")
            .args(["-C", "nowhere"])
            .args(*cmd);
        let expected = format!(
            "asimi-prompt: -C '{}': not a directory\n",
            t.work.join("nowhere").display()
        );
        assert_eq!(t.run().fails(), expected, "{cmd:?}");
        let t = Test::new().file("file", "").args(["-C", "file"]).args(*cmd);
        assert!(t.run().fails().contains("not a directory"), "{cmd:?}");
    }
}

#[test]
fn prompt_options_work_before_and_after_the_subcommand() {
    let t = Test::new();
    let out = both_ways(
        t,
        &[
            "--model",
            "gpt-5",
            "--mode",
            "planning",
            "--no-section",
            "git",
        ],
        &["system"],
        &["--json"],
    );
    assert!(out.contains("\"model\": \"gpt-5\""), "{out}");
    assert!(out.contains("\"mode\": \"planning\""), "{out}");
}

#[test]
fn options_before_request_commands_apply_to_them() {
    let out = both_ways(
        Test::new(),
        &["--model", "gpt-5", "-C", "."],
        &["messages"],
        &["--prompt", "hi", "--no-file-tree"],
    );
    assert!(out.contains("\"model\": \"gpt-5\""), "{out}");
    let out = both_ways(
        Test::new(),
        &["--model", "gpt-5"],
        &["compress"],
        &["--prompt-only"],
    );
    assert!(!out.is_empty());
}

#[test]
fn options_before_nested_subcommands_apply_to_the_innermost() {
    let t = Test::new().file("g.yaml", "description: Ship it\nstatus: active\n");
    let out = both_ways(
        t,
        &["--goal", "g.yaml", "-C", "."],
        &["goal", "show"],
        &["--ascii"],
    );
    assert!(
        out.starts_with("Progress: 0/0 checkpoints completed (0%)\n\nCURRENT GOAL: Ship it"),
        "{out}"
    );
}

#[test]
fn a_value_that_names_a_subcommand_stays_a_value() {
    let t = Test::new().args(["--append-system-prompt", "system", "system", "--model", "x"]);
    assert!(t.run().ok().trim_end().ends_with("system"));
}

#[test]
fn an_option_the_subcommand_lacks_is_refused_wherever_it_is() {
    for args in [["--json", "messages"], ["messages", "--json"]] {
        let run = Test::new().args(args).args(["--prompt", "hi"]).run();
        assert_eq!(run.code, 2, "{args:?}");
        assert!(
            run.stderr
                .starts_with("error: unexpected argument '--json' found"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn version_before_a_subcommand_still_prints_the_version() {
    let run = Test::new().args(["--version", "system"]).run();
    assert_eq!(
        run.stdout,
        format!("asimi-prompt {}\n", env!("CARGO_PKG_VERSION"))
    );
}

/// `-h` is a summary a person can scan (at most 60 lines: the common options under
/// headings and two examples); `--help` has every option.
#[test]
fn short_help_fits_a_screen_and_long_help_has_everything() {
    for command in [&[][..], &["system"], &["messages"], &["context"]] {
        let short = Test::new().args(command).args(["-h"]).run();
        let lines = short.ok().lines().count();
        assert!(
            lines <= 60,
            "{command:?} -h is {lines} lines:\n{}",
            short.stdout
        );
        assert!(short.stdout.contains("Examples:"), "{}", short.stdout);
    }
    let short = Test::new().args(["messages", "-h"]).run().ok().to_string();
    let long = Test::new()
        .args(["messages", "--help"])
        .run()
        .ok()
        .to_string();
    for heading in [
        "Input:",
        "Model and provider:",
        "Cache and session:",
        "System prompt:",
    ] {
        assert!(short.contains(heading), "{heading}\n{short}");
    }
    for common in ["--prompt", "--file", "--model", "--provider", "--session"] {
        assert!(short.contains(common), "{common}");
    }
    for rare in [
        "--url-context",
        "--mcp-config",
        "--cache-create",
        "--template-bytes",
    ] {
        assert!(!short.contains(rare) && long.contains(rare), "{rare}");
    }
}
