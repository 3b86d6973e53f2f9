//! `template render` and `template convert` through the binary: inputs, data, options and
//! every rejected input (exit 2, a message naming the file and position, nothing on stdout).

use crate::common;
use common::Test;

#[test]
fn render_prints_exactly_the_rendered_bytes() {
    let t = Test::new()
        .file("p.tmpl", "Hello {{.Name}}!")
        .args(["template", "render", "p.tmpl", "--set", "Name=Ada"]);
    assert_eq!(t.run().ok(), "Hello Ada!");
    let t = Test::new()
        .file("p.tmpl", "line\n\n")
        .args(["template", "render", "p.tmpl"]);
    assert_eq!(t.run().ok(), "line\n\n");
}

#[test]
fn render_reads_the_template_from_stdin() {
    let t = Test::new()
        .stdin("{{range .L}}[{{.}}]{{end}}")
        .args(["template", "render", "-", "--set", "L=x"]);
    let run = t.run();
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("range can't iterate over x"),
        "{}",
        run.stderr
    );

    let t = Test::new()
        .file("d.json", r#"{"L": [1, 2.5, "a", true, null]}"#)
        .stdin("{{range .L}}[{{.}}]{{end}}")
        .args(["template", "render", "-", "--data", "d.json"]);
    assert_eq!(t.run().ok(), "[1][2.5][a][true][<no value>]");
}

#[test]
fn data_files_merge_deeply_in_order_and_set_wins() {
    let t = Test::new()
        .file("a.yaml", "Tools:\n  Grep: grep\n  Glob: glob\nN: 1\n")
        .file("b.json", r#"{"Tools": {"Grep": "rg"}, "N": 2.0}"#)
        .file(
            "p.tmpl",
            "{{.Tools.Grep}} {{.Tools.Glob}} {{.N}} {{printf \"%T\" .N}} {{.Extra}}",
        )
        .args([
            "template", "render", "p.tmpl", "--data", "a.yaml", "--data", "b.json",
        ])
        .args(["--set", "Extra=true"]);
    assert_eq!(t.run().ok(), "rg glob 2 float64 true");
}

#[test]
fn data_from_stdin_is_yaml() {
    let t = Test::new()
        .file("p.tmpl", "{{.a}}-{{.b.c}}")
        .stdin("a: 1\nb: {c: two}\n")
        .args(["template", "render", "p.tmpl", "--data", "-"]);
    assert_eq!(t.run().ok(), "1-two");
}

#[test]
fn set_values_are_yaml_scalars_and_dotted_keys_nest() {
    let t = Test::new()
        .file(
            "p.tmpl",
            "{{printf \"%T %T %T %T\" .n .x .f .s}} {{.ToolNames.Grep}}",
        )
        .args([
            "template", "render", "p.tmpl", "--set", "n=3", "--set", "x=true",
        ])
        .args([
            "--set",
            "f=1.5",
            "--set",
            "s=hello world",
            "--set",
            "ToolNames.Grep=rg",
        ]);
    assert_eq!(t.run().ok(), "int bool float64 string rg");
}

#[test]
fn missingkey_option() {
    let base = || {
        Test::new()
            .file("p.tmpl", "[{{.Nope}}]")
            .args(["template", "render", "p.tmpl", "--set", "Other=1"])
    };
    assert_eq!(base().run().ok(), "[<no value>]");
    assert_eq!(
        base().args(["--missingkey", "zero"]).run().ok(),
        "[<no value>]"
    );
    // With no data at all, dot is nil, as in Go.
    let nil_data = Test::new().file("p.tmpl", "[{{.Nope}}]").args([
        "template",
        "render",
        "p.tmpl",
        "--missingkey",
        "error",
    ]);
    assert_eq!(
        nil_data.run().fails(),
        "asimi-prompt: template: p.tmpl:1:3: executing \"p.tmpl\" at <.Nope>: nil data; no entry for key \"Nope\"\n"
    );
    let run = base().args(["--missingkey", "error"]).run();
    assert_eq!(
        run.fails(),
        "asimi-prompt: template: p.tmpl:1:3: executing \"p.tmpl\" at <.Nope>: map has no entry for key \"Nope\"\n"
    );
}

#[test]
fn jinja_syntax_by_extension_or_flag() {
    let t = Test::new()
        .file("p.html.j2", "{{ x }}{% if y %} yes{% endif %}\n")
        .args([
            "template",
            "render",
            "p.html.j2",
            "--set",
            "x=<b>",
            "--set",
            "y=true",
        ]);
    assert_eq!(t.run().ok(), "<b> yes\n");
    let t = Test::new().file("p.txt", "{{ x | upper }}").args([
        "template", "render", "p.txt", "--syntax", "jinja", "--set", "x=a",
    ]);
    assert_eq!(t.run().ok(), "A");
    // Any other name is Go syntax.
    let t = Test::new()
        .file("p.txt", "{{.x}}")
        .args(["template", "render", "p.txt", "--set", "x=a"]);
    assert_eq!(t.run().ok(), "a");
}

#[test]
fn convert_prints_jinja_that_renders_the_same_bytes() {
    let source = "{{- range $i, $t := .Tools}}{{if $i}}, {{end}}{{$t.Name | printf \"%q\"}}{{end}}\n{{with .Missing}}x{{else}}none{{end}} {{len .Tools}}\n";
    let data = r#"{"Tools": [{"Name": "grep"}, {"Name": "glob"}]}"#;
    let go = Test::new()
        .file("p.tmpl", source)
        .file("d.json", data)
        .args(["template", "render", "p.tmpl", "--data", "d.json"]);
    let expected = go.run().ok().to_string();
    assert_eq!(expected, "\"grep\", \"glob\"\nnone 2\n");

    let converted = Test::new()
        .file("p.tmpl", source)
        .args(["template", "convert", "p.tmpl"]);
    let jinja = converted.run().ok().to_string();
    assert!(
        jinja.contains("{% for v_i, v_t in each(field(dot, \"Tools\")) %}"),
        "{jinja}"
    );
    let rendered = Test::new()
        .file("p.j2", &jinja)
        .file("d.json", data)
        .args(["template", "render", "p.j2", "--data", "d.json"]);
    assert_eq!(rendered.run().ok(), expected);
}

#[test]
fn convert_rejects_a_jinja_file() {
    let t = Test::new()
        .file("p.j2", "{{ x }}")
        .args(["template", "convert", "p.j2"]);
    assert!(t
        .run()
        .fails()
        .contains("'p.j2' is already a Jinja template"));
}

#[test]
fn parse_errors_name_the_file_and_line() {
    let t = Test::new()
        .file("p.tmpl", "ok\n{{if .A}}\nno end")
        .args(["template", "render", "p.tmpl"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: template: p.tmpl:3: unexpected EOF\n"
    );
    let t = Test::new()
        .file("p.tmpl", "a\n\n{{.A | nosuch}}")
        .args(["template", "convert", "p.tmpl"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: template: p.tmpl:3: function \"nosuch\" not defined\n"
    );
}

#[test]
fn exec_errors_name_the_file_line_and_column() {
    let t = Test::new()
        .file("p.tmpl", "line1\nline2 {{index .L 5}}")
        .args(["template", "render", "p.tmpl", "--set", "L=x"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: template: p.tmpl:2:8: executing \"p.tmpl\" at <index .L 5>: error calling index: index out of range: 5\n"
    );
}

#[test]
fn jinja_errors_name_the_file_and_line() {
    let t = Test::new()
        .file("p.j2", "a\n{% if %}")
        .args(["template", "render", "p.j2"]);
    let err = t.run().fails().to_string();
    assert!(err.starts_with("asimi-prompt: template: p.j2:2: "), "{err}");
}

#[test]
fn invalid_utf8_is_reported_with_its_position() {
    let t = Test::new()
        .file("p.tmpl", b"ok\nab\xff".as_slice())
        .args(["template", "render", "p.tmpl"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: p.tmpl:2:3: invalid UTF-8 (byte 5); templates must be UTF-8 text\n"
    );
}

#[test]
fn missing_template_file() {
    let t = Test::new().args(["template", "render", "nope.tmpl"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: cannot read template 'nope.tmpl': no such file\n"
    );
}

#[test]
fn malformed_data_gives_line_and_column() {
    let t = Test::new()
        .file("p.tmpl", "x")
        .file("d.json", "{\"a\": 1,\n \"b\": }")
        .args(["template", "render", "p.tmpl", "--data", "d.json"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: d.json:2:7: invalid JSON: invalid character '}' looking for beginning of value\n"
    );
    let t = Test::new()
        .file("p.tmpl", "x")
        .file("d.yaml", "a: [1\nb: 2\n")
        .args(["template", "render", "p.tmpl", "--data", "d.yaml"]);
    let err = t.run().fails().to_string();
    assert!(err.starts_with("asimi-prompt: d.yaml:2:"), "{err}");
    assert!(err.contains("invalid YAML"), "{err}");
    let t = Test::new()
        .file("p.tmpl", "x")
        .args(["template", "render", "p.tmpl", "--data", "no.yaml"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: cannot read data file 'no.yaml': no such file\n"
    );
    let t = Test::new()
        .file("p.tmpl", "x")
        .args(["template", "render", "p.tmpl", "--set", "novalue"]);
    assert!(t
        .run()
        .fails()
        .contains("--set 'novalue': expected KEY=VALUE"));
}

#[test]
fn unbounded_recursion_is_an_error_not_a_crash() {
    let t = Test::new()
        .file(
            "p.tmpl",
            "{{define \"r\"}}{{template \"r\" .}}{{end}}{{template \"r\" .}}",
        )
        .args(["template", "render", "p.tmpl"]);
    let err = t.run().fails().to_string();
    assert!(
        err.starts_with("asimi-prompt: template: p.tmpl:1:25: executing \"r\" at <{{template \"r\" .}}>: exceeded maximum template depth"),
        "{err}"
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep_ifs = format!("{}x{}", "{{if 1}}".repeat(10_000), "{{end}}".repeat(10_000));
    let t = Test::new()
        .file("p.tmpl", &deep_ifs)
        .args(["template", "render", "p.tmpl"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: template: p.tmpl:1: nesting too deep: more than 128 levels\n"
    );
    let deep_parens = format!("{{{{{}1{}}}}}", "(".repeat(10_000), ")".repeat(10_000));
    let t = Test::new()
        .file("p.tmpl", &deep_parens)
        .args(["template", "render", "p.tmpl"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: template: p.tmpl:1: nesting too deep: more than 128 levels\n"
    );
}

#[test]
fn help_describes_the_commands() {
    let run = Test::new().args(["template", "render", "--help"]).run();
    let help = run.ok();
    for flag in ["--syntax", "--data", "--set", "--missingkey"] {
        assert!(help.contains(flag), "{flag} missing from help:\n{help}");
    }
}

/// JSON data decodes as Go's encoding/json does (numbers, invalid UTF-8, `null`, nesting depth), and
/// YAML files and settings merge over it.
#[test]
fn json_data_follows_go_decoding() {
    // Go's limit is 10000 levels, the object around it included.
    let deep = format!("{}{}", "[".repeat(9_999), "]".repeat(9_999));
    let t = Test::new()
        .file(
            "p.tmpl",
            "{{.X}} {{printf \"%T\" .X}} {{.Inf}} {{.S}} {{len .Deep}} {{slice .L 0 4}} {{.Y}}",
        )
        .file(
            "d.json",
            format!(r#"{{"X":-0,"Inf":1e400,"S":"a\ud800","L":[1,2,3],"Deep":{deep},"Y":1}}"#),
        )
        .file("o.yaml", "Y: 2\n")
        .args([
            "template", "render", "p.tmpl", "--data", "d.json", "--data", "o.yaml",
        ]);
    assert_eq!(t.run().ok(), "0 int +Inf a\u{fffd} 1 [1 2 3 <nil>] 2");
    let too_deep = format!("[[{deep}]]");
    let t = Test::new()
        .file("p.tmpl", "x")
        .file("d.json", too_deep)
        .args(["template", "render", "p.tmpl", "--data", "d.json"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: d.json:1:10001: invalid JSON: exceeded max depth\n"
    );
}

#[test]
fn prompt_data_is_exactly_what_system_renders_with() {
    let t = Test::new().git().file("AGENTS.md", "Use tabs.\n");
    let model = ["--mode", "planning", "--model", "gpt-5.4"];
    let export = |extra: &[&str]| {
        let mut args = vec!["export"];
        args.extend(extra);
        args.extend(model);
        t.run_with(&args).ok().to_string()
    };
    export(&["--template", "base.md.tmpl"]);
    let want = export(&["-"]);
    let mut render = vec!["template", "render", "base.md.tmpl", "--prompt-data"];
    render.extend(model);
    let got = t.run_with(&render).ok().to_string();
    assert!(want.contains("planning"), "{want}");
    assert_eq!(got.trim_end(), want.trim_end());
    // --set lands under .Vars, as in `system`; the plain render keeps it at the root.
    let t = Test::new()
        .file("v.tmpl", "{{.Vars.Name}}|{{.Name}}|{{.ToolNames.Grep}}")
        .args(["template", "render", "v.tmpl", "--set", "Name=Ada"]);
    assert_eq!(
        t.run_with(&["--prompt-data"]).ok(),
        "Ada|<no value>|search_file_content"
    );
    assert_eq!(t.run().ok(), "<no value>|Ada|<no value>");
    // A hermetic preview: repo-relative facts and a fixed date.
    let t = Test::new()
        .git()
        .file(
            "d.tmpl",
            "{{.Env.Date}}|{{.Env.Cwd}}|{{.Env.ProjectRoot}}|{{.Env.Shell}}",
        )
        .cwd("sub")
        .args([
            "template",
            "render",
            "../d.tmpl",
            "--prompt-data",
            "--hermetic",
        ]);
    assert_eq!(t.run().ok(), "1970-01-01|sub|.|");
}
