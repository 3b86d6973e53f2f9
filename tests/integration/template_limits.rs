//! Templates are untrusted input: at any size they render or fail with exit 2 and a
//! message naming the template, never a panic (101), a signal or a hang.

use crate::common;
use std::path::Path;

use common::Test;
use gotemplate::DEFAULT_FUEL;

const DEPTH_LIMIT: &str = "expression nesting too deep: more than 5000 nested operators \
in one tag (fewer when several tags nest deeply), or more than 10000 elifs; split it up";

fn render(name: &str, source: &str) -> common::Run {
    Test::new()
        .file(name, source)
        .args(["template", "render", name])
        .run()
}

fn budget_message(name: &str, fuel: u64) -> String {
    format!(
        "asimi-prompt: template: {name}: execution budget exhausted: the template ran more \
         than its budget of {fuel} steps (raise it with --template-fuel N, \
         ASIMI_TEMPLATE_FUEL or the config key template_fuel)\n"
    )
}

#[test]
fn huge_printf_precision_prints_like_go() {
    let run = render("p.tmpl", r#"{{printf "%.65536f" 1.5}}"#);
    assert_eq!(run.ok(), format!("1.5{}", "0".repeat(65535)));
    let run = render("p.j2", r#"{{ printf("%.65536f", 1.5) }}"#);
    assert_eq!(run.ok(), format!("1.5{}", "0".repeat(65535)));
}

#[test]
fn former_minijinja_panics_render_or_fail_cleanly() {
    assert_eq!(render("s.j2", "{{ ''[::-1] }}|{{ [][::-1] }}").ok(), "|[]");
    let run = render("d.j2", "{{ 1 is divisibleby(0) }}");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "asimi-prompt: template: d.j2:1: unable to calculate 1 % 0\n"
    );
    // A project's base templates, of either protocol: `system` and `messages` fail cleanly.
    let bad = "{{ [][::-1] }}{{ 1 is divisibleby(0) }}";
    let t = Test::new()
        .git()
        .file(".asimi/templates/base/default.md.j2", bad)
        .file(".asimi/templates/base/edits.md.j2", bad);
    let runs: [(&[&str], &str); 3] = [
        (&["system"], "default"),
        (&["system", "--protocol", "edits"], "edits"),
        (&["messages", "--prompt", "hi"], "edits"),
    ];
    for (args, base) in runs {
        let run = t.run_with(&[args, &["--model", "x"]].concat());
        let want = format!(".asimi/templates/base/{base}.md.j2:1: unable to calculate 1 % 0\n");
        assert!(run.fails().ends_with(&want), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn long_jinja_chains_fail_cleanly() {
    let n = 100_000;
    for source in [
        format!("{{{{{}1}}}}", "-".repeat(20_000)),
        format!("{{{{ {}1 }}}}", "not ".repeat(n)),
        format!("{{{{ 1{} }}}}", "+1".repeat(n)),
        format!("{{{{ 1{} }}}}", "~1".repeat(n)),
        format!("{{{{ 1{} }}}}", " and 1".repeat(n)),
        format!("{{{{ x{} }}}}", ".a".repeat(n)),
        format!("{{{{ x{} }}}}", "[0]".repeat(n)),
        format!("{{{{ 1{} }}}}", "|abs".repeat(n)),
        format!("{{% if 0 %}}{}{{% endif %}}", "{% elif 0 %}".repeat(n)),
    ] {
        let run = render("t.j2", &source);
        assert_eq!(run.code, 2, "{}", &source[..30]);
        assert_eq!(
            run.stderr,
            format!("asimi-prompt: template: t.j2:1: {DEPTH_LIMIT}\n")
        );
    }
    // Up to the limit, chains render.
    let source = format!("{{{{ 1{} }}}}", "+1".repeat(4_900));
    assert_eq!(render("t.j2", &source).ok(), "4901");
    // Compiling is quadratic in a chain's length, so deep tags add up.
    let source = format!("{{{{ 1{} }}}}\n", "~1".repeat(2_000)).repeat(7);
    let run = render("t.j2", &source);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        format!("asimi-prompt: template: t.j2:7: {DEPTH_LIMIT}\n")
    );
}

#[test]
fn long_go_actions_render_or_fail_cleanly() {
    let source = format!("{{{{and 1{}}}}}", " 1".repeat(4_900));
    assert_eq!(render("t.tmpl", &source).ok(), "1");
    let source = format!("{{{{and 1{}}}}}", " 1".repeat(26_500));
    let run = render("t.tmpl", &source);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "asimi-prompt: template: t.tmpl: expression nesting too deep: an action nests more \
         than 5000 operations (fewer when several actions nest deeply); split it up\n"
    );
    // A whole action's pipeline may be any length; one in parentheses nests past
    // minijinja's parser: an honest limit, never "please report".
    let source = format!("{{{{1{}}}}}", " | print".repeat(5_000));
    assert_eq!(render("t.tmpl", &source).ok(), "1");
    let source = format!("{{{{print (1{})}}}}", " | print".repeat(200));
    let run = render("t.tmpl", &source);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with(
            "asimi-prompt: template: t.tmpl: the template is beyond the engine's limits"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn runaway_templates_stop_at_the_budget() {
    let go = r#"{{define "a"}}{{if .}}{{template "a" (slice . 1)}}{{template "a" (slice . 1)}}{{end}}{{end}}{{template "a" "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}"#;
    let jinja = "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}";
    for (name, source) in [("a.tmpl", go), ("a.j2", jinja)] {
        // The fuel budget counts steps, so the run ends whatever the machine's load; the
        // message shows it was the budget that stopped it.
        let run = render(name, source);
        assert_eq!(run.code, 2);
        assert_eq!(run.stderr, budget_message(name, DEFAULT_FUEL));
    }
}

#[test]
fn the_budget_comes_from_flag_env_or_config() {
    let t = Test::new().file("a.j2", "{% for i in range(1000) %}{{ i }}{% endfor %}");
    let run = t.run_with(&["template", "render", "a.j2", "--template-fuel", "100"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr, budget_message("a.j2", 100));
    let run = t
        .env("ASIMI_TEMPLATE_FUEL", "200")
        .run_with(&["template", "render", "a.j2"]);
    assert_eq!(run.stderr, budget_message("a.j2", 200));

    let t = Test::new()
        .git()
        .file(".asimi/config.yaml", "template_fuel: 50\n")
        .args(["system"]);
    let run = t.run();
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("budget of 50 steps"), "{}", run.stderr);
    // The command line wins over the config.
    t.run_with(&["--template-fuel", "100000"]).ok();

    let t = Test::new()
        .git()
        .file(".asimi/config.yaml", "template_fuel: 0\n")
        .args(["system"]);
    let run = t.run();
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("template_fuel 0: expected a positive number of steps"),
        "{}",
        run.stderr
    );
}

/// Every built-in prompt renders within a thousandth of the default budget.
#[test]
fn built_in_templates_stay_far_inside_the_budget() {
    let fuel = (DEFAULT_FUEL / 1000).to_string();
    let t = Test::new().git().file("AGENTS.md", "# Project\n");
    for mode in ["assistant", "developer", "planning", "debugger", "user"] {
        for model in [
            "claude-sonnet-5-5",
            "gpt-5.4",
            "gemini-2.5-pro",
            "unknown-model",
        ] {
            for window in ["8000", "2000000"] {
                t.run_with(&[
                    "system",
                    "--mode",
                    mode,
                    "--model",
                    model,
                    "--context-window",
                    window,
                    "--memory",
                    "m",
                    "--template-fuel",
                    &fuel,
                ])
                .ok();
            }
        }
    }
    t.run_with(&["compress", "--prompt-only", "--template-fuel", &fuel])
        .ok();
}

fn bytes_message(limit: u64) -> String {
    format!(
        "output budget exhausted: the template produced more than its budget of {limit} \
         bytes (raise it with --template-bytes N, ASIMI_TEMPLATE_BYTES or the config key \
         template_bytes)"
    )
}

/// A 250-byte template whose printf widths pad every element of the data to a megabyte:
/// it took a gigabyte before the step budget stopped it. The byte budget stops it at the
/// action, naming the template, line, column and limit.
#[test]
fn a_printf_width_stops_at_the_byte_budget() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/repro/printf-memory");
    let t = Test::new()
        .file(
            "template.tmpl",
            std::fs::read(dir.join("template.tmpl")).unwrap(),
        )
        .file("data.json", std::fs::read(dir.join("data.json")).unwrap());
    let run = t.run_with(&["template", "render", "template.tmpl", "--data", "data.json"]);
    let e = run.fails();
    assert!(
        e.starts_with(
            "asimi-prompt: template: template.tmpl:1:2: executing \"template.tmpl\" at <printf "
        ),
        "{e}"
    );
    assert!(
        e.ends_with(&format!(
            ": error calling printf: {}\n",
            bytes_message(64 << 20)
        )),
        "{e}"
    );
}

#[test]
fn the_byte_budget_covers_output_and_built_strings() {
    // Text written: the writer knows no action, so the message names the template.
    let run = Test::new().file("t.tmpl", "0123456789").run_with(&[
        "template",
        "render",
        "t.tmpl",
        "--template-bytes",
        "9",
    ]);
    assert_eq!(
        run.fails(),
        format!("asimi-prompt: template: t.tmpl: {}\n", bytes_message(9))
    );
    assert_eq!(
        Test::new()
            .file("t.tmpl", "0123456789")
            .run_with(&["template", "render", "t.tmpl", "--template-bytes", "10"])
            .ok(),
        "0123456789"
    );
    // A value printed by an action: at that action.
    let run = Test::new().file("t.tmpl", "ab{{.S}}").run_with(&[
        "template",
        "render",
        "t.tmpl",
        "--set",
        "S=xyz",
        "--template-bytes",
        "4",
    ]);
    assert_eq!(
        run.fails(),
        format!(
            "asimi-prompt: template: t.tmpl:1:4: executing \"t.tmpl\" at <.S>: {}\n",
            bytes_message(4)
        )
    );
    // Strings built and thrown away count too: a doubling loop stops long before its
    // 2^40 bytes, in a handful of steps the fuel would never notice.
    let doubling = "{{$s := \"xx\"}}{{range .L}}{{$s = printf \"%s%s\" $s $s}}{{end}}{{len $s}}";
    let run = Test::new()
        .file("d.tmpl", doubling)
        .file(
            "l.json",
            format!("{{\"L\": [{}]}}", vec!["1"; 40].join(",")),
        )
        .run_with(&[
            "template",
            "render",
            "d.tmpl",
            "--data",
            "l.json",
            "--template-bytes",
            "1M",
        ]);
    assert!(
        run.fails().ends_with(&format!(
            ": error calling printf: {}\n",
            bytes_message(1 << 20)
        )),
        "{}",
        run.stderr
    );
}

#[test]
fn the_byte_budget_comes_from_flag_env_or_config() {
    let t = Test::new()
        .git()
        .file(".asimi/config.yaml", "template_bytes: 100\n");
    let e = t.run_with(&["system"]).fails().to_string();
    assert!(e.ends_with(&format!("{}\n", bytes_message(100))), "{e}");
    // The environment and the command line win over the config.
    t.run_with(&["system", "--template-bytes", "1M"]).ok();
    let e = Test::new()
        .git()
        .file(".asimi/config.yaml", "template_bytes: 1M\n")
        .env("ASIMI_TEMPLATE_BYTES", "1k")
        .run_with(&["system"])
        .fails()
        .to_string();
    assert!(e.ends_with(&format!("{}\n", bytes_message(1024))), "{e}");
    let e = Test::new()
        .git()
        .file(".asimi/config.yaml", "template_bytes: 12X\n")
        .run_with(&["system"])
        .fails()
        .to_string();
    assert!(
        e.contains("'12X': expected a number of bytes, e.g. 64M"),
        "{e}"
    );
    let e = Test::new()
        .run_with(&["system", "--template-bytes", "0"])
        .fails()
        .to_string();
    assert!(e.contains("the byte budget must be at least 1 byte"), "{e}");
}

/// An address-space cap the binary runs under in the memory tests, so that a regression
/// fails the test (the allocation is refused) instead of taking the machine's memory.
const ADDRESS_SPACE_KB: &str = "4000000";

/// Runs `t`'s binary with `args` under [`ADDRESS_SPACE_KB`].
fn run_capped(t: &Test, args: &[&str]) -> common::Run {
    let script = format!("ulimit -v {ADDRESS_SPACE_KB} && exec \"$0\" \"$@\"");
    t.run_wrapped(&["sh", "-c", &script], args)
}

/// The escape of 2026-12 (escapes-2026-12/tojson_indent_oom.sh): a project template whose
/// `tojson(indent=N)` asked for 10 GB aborted at 4 GiB under `--template-bytes 1M`. It is
/// refused before it is built, as the byte budget, naming the template.
#[test]
fn tojson_with_a_huge_indent_stops_at_the_byte_budget() {
    let t = Test::new().git().file(
        ".asimi/templates/sections/git.md.j2",
        "{{ (range(50000)|list|tojson(indent=200000))|length }}\n",
    );
    let e = run_capped(&t, &["system", "--template-bytes", "1M"])
        .fails()
        .to_string();
    assert!(e.contains("git.md.j2: "), "{e}");
    assert!(e.ends_with(&format!("{}\n", bytes_message(1 << 20))), "{e}");
}

/// minijinja's operators are bounded by fuel alone; a render holding far more than its
/// byte budget ends the run with exit 2 and the budget's message (the allocator's count).
#[test]
fn a_render_holding_far_more_than_its_budget_exits_with_the_budget_message() {
    let t = Test::new().file("t.j2", "{{ ('x' * 100000000)|length }}");
    let run = run_capped(
        &t,
        &["template", "render", "t.j2", "--template-bytes", "1M"],
    );
    let e = run.fails();
    assert_eq!(
        e,
        format!("asimi-prompt: template: {}\n", bytes_message(1 << 20))
    );
}

/// A cloned repository's `.asimi/config.yaml` may not raise its own templates' budgets
/// (escapes-2026-12, U2: `template_bytes: 1000G` let a template take 3 GB): the user's
/// config, or the default, holds, with a warning naming the project's file.
#[test]
fn a_project_config_cannot_raise_the_template_budgets() {
    let t = Test::new()
        .git()
        .config_file("config.yaml", "template_bytes: 200K\n")
        .file(
            ".asimi/config.yaml",
            "template_bytes: 1000G\ntemplate_fuel: 100000000000\n",
        )
        .file(
            ".asimi/templates/sections/git.md.j2",
            "{{ 'x' * 300000 }}\n",
        );
    let e = t.run_with(&["system"]).fails().to_string();
    let config = t.work.join(".asimi/config.yaml");
    let warning = format!(
        "asimi-prompt: warning: {}: template_bytes 1073741824000 is ignored: it is above the \
         204800 bytes allowed without it; a project's config may lower a template budget, never \
         raise it; raise it with the flag, its environment variable or your own config\n",
        config.display()
    );
    assert!(e.contains(&warning), "{e}");
    assert!(
        e.contains("template_fuel 100000000000 is ignored: it is above the 10000000 steps"),
        "{e}"
    );
    assert!(e.contains("git.md.j2"), "{e}");
    assert!(
        e.ends_with(&format!("{}\n", bytes_message(200 << 10))),
        "{e}"
    );
    // The user's own flag raises it.
    t.run_with(&["system", "--template-bytes", "1M"]).ok();
}
