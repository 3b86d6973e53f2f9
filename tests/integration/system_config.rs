//! Configuration through the binary: precedence (flags > environment > project
//! `.asimi/config.yaml` > user `config.yaml` > defaults), config file errors, the template
//! search order (shown in the prompt and by `template list`) and `models.yaml` overrides.

use crate::common;
use std::path::Path;

use common::Test;

/// The base, sandbox and the sanity check left out: what remains is the sections a test
/// puts there.
const NO_BASE_NO_SANDBOX: [&str; 5] = [
    "--no-section",
    "base",
    "--no-section",
    "sandbox",
    "--no-sanity",
];

fn show(path: &Path) -> String {
    path.display().to_string()
}

/// `--json`'s `(model, family, provider, base source)`.
fn model_of(t: Test) -> (String, String, String, String) {
    let out = t.args(["--json"]).run().ok().to_string();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let s = |v: &serde_json::Value| v.as_str().unwrap().to_string();
    (
        s(&json["model"]),
        s(&json["family"]),
        s(&json["provider"]),
        s(&json["sections"][0]["source"]),
    )
}

fn expect(model: &str, family: &str, provider: &str) -> (String, String, String, String) {
    (
        model.to_string(),
        family.to_string(),
        provider.to_string(),
        format!("built-in:base/{family}.md.tmpl"),
    )
}

// ---------------------------------------------------------------------------------------
// Precedence
// ---------------------------------------------------------------------------------------

#[test]
fn model_precedence() {
    // Every layer set; each step takes the top one away.
    let world = |project: bool, env: bool| {
        let mut t = Test::new()
            .git()
            .config_file("config.yaml", "model: gemini-2.5-pro\n")
            .cwd("src");
        if project {
            t = t.file(".asimi/config.yaml", "model: gpt-5.4\n");
        }
        if env {
            t = t.env("ASIMI_MODEL", "claude-sonnet-5-5");
        }
        t
    };
    assert_eq!(
        model_of(world(true, true).args(["--model", "some-unknown-model"])),
        expect("some-unknown-model", "default", "openai")
    );
    assert_eq!(
        model_of(world(true, true)),
        expect("claude-sonnet-5-5", "claude", "anthropic")
    );
    assert_eq!(
        model_of(world(true, false)),
        expect("gpt-5.4", "gpt", "openai")
    );
    // An empty ASIMI_MODEL counts as unset.
    assert_eq!(
        model_of(world(true, false).env("ASIMI_MODEL", "")),
        expect("gpt-5.4", "gpt", "openai")
    );
    assert_eq!(
        model_of(world(false, false)),
        expect("gemini-2.5-pro", "gemini", "gemini")
    );
    // Without a model, the default: the one `messages` sends.
    assert_eq!(
        model_of(Test::new()),
        expect("claude-sonnet-5-5", "claude", "anthropic")
    );
    // Model names match case-insensitively; OpenRouter names too.
    assert_eq!(
        model_of(Test::new().args(["--model", "Claude-Opus-4-1"])),
        expect("Claude-Opus-4-1", "claude", "anthropic")
    );
    assert_eq!(
        model_of(Test::new().args(["--model", "anthropic/claude-sonnet-4.5"])),
        expect("anthropic/claude-sonnet-4.5", "claude", "openrouter")
    );
}

#[test]
fn sandbox_precedence() {
    let first_line = |t: Test| {
        let t = t.args(["--no-section", "base", "--no-sanity"]);
        t.run().ok().lines().next().unwrap_or_default().to_string()
    };
    let world = |project: bool| {
        let mut t = Test::new()
            .git()
            .config_file("config.yaml", "sandbox: generic\n")
            .env("SANDBOX", "sandbox-exec");
        if project {
            t = t.file(".asimi/config.yaml", "sandbox: none\n");
        }
        t
    };
    assert_eq!(
        first_line(world(true).args(["--sandbox", "macos"])),
        "# macOS Seatbelt"
    );
    assert_eq!(first_line(world(true)), "# Outside of Sandbox");
    assert_eq!(first_line(world(false)), "# Sandbox");
    // auto in a config file reads SANDBOX, as the default does.
    let t = Test::new()
        .config_file("config.yaml", "sandbox: auto\n")
        .env("SANDBOX", "sandbox-exec");
    assert_eq!(first_line(t), "# macOS Seatbelt");
    assert_eq!(
        first_line(Test::new().env("SANDBOX", "sandbox-exec")),
        "# macOS Seatbelt"
    );
}

/// The names of the sections `--json` lists, but for goal and skills (on by default and
/// empty here, they would only repeat in every expectation).
fn section_names(t: Test) -> Vec<String> {
    let out = t.args(["--json"]).run().ok().to_string();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    json["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .filter(|name| name != "goal" && name != "skills")
        .collect()
}

#[test]
fn sections_precedence() {
    let world = || {
        Test::new()
            .config_file(
                "config.yaml",
                "sections:\n  git: false\n  memory: false\n  base: false\n",
            )
            .file(
                ".asimi/config.yaml",
                "sections:\n  git: true\n  context: false\n",
            )
    };
    // Project over user, per section.
    assert_eq!(section_names(world()), ["sandbox", "git", "instructions"]);
    // The environment over both.
    let t = world()
        .env("ASIMI_PROMPT_GIT", "0")
        .env("ASIMI_PROMPT_MEMORY", "1")
        .env("ASIMI_PROMPT_CONTEXT", "true");
    assert_eq!(
        section_names(t),
        ["sandbox", "context", "instructions", "memory"]
    );
    // Flags over everything.
    let t = world().env("ASIMI_PROMPT_MEMORY", "1").args([
        "--no-section",
        "memory",
        "--no-section",
        "sandbox",
    ]);
    assert_eq!(section_names(t), ["git", "instructions"]);
}

#[test]
fn tool_names_precedence() {
    let world = || {
        Test::new()
            .args(["--no-section", "sandbox", "--no-sanity"])
            .file(
                "s.md.tmpl",
                "grep={{.ToolNames.Grep}} ls={{.ToolNames.LS}} shell={{.ToolNames.Shell}} read={{.ToolNames.ReadFile}}",
            )
            .env("ASIMI_SYSTEM_MD", "s.md.tmpl")
            .config_file("config.yaml", "tool_names:\n  grep: ug\n  ls: uls\n")
    };
    let project = |t: Test| t.file(".asimi/config.yaml", "tool_names: {grep: pg, shell: psh}\n");
    assert_eq!(
        Test::new()
            .args(["--no-section", "sandbox", "--no-sanity"])
            .file("s.md.tmpl", "grep={{.ToolNames.Grep}} ls={{.ToolNames.LS}}")
            .env("ASIMI_SYSTEM_MD", "s.md.tmpl")
            .run()
            .ok(),
        "grep=search_file_content ls=list_directory\n"
    );
    assert_eq!(
        world().run().ok(),
        "grep=ug ls=uls shell=run_shell_command read=read_file\n"
    );
    assert_eq!(
        project(world()).run().ok(),
        "grep=pg ls=uls shell=psh read=read_file\n"
    );
    let t = project(world()).args(["--tool-name", "grep=rg", "--tool-name", "read_file=cat"]);
    assert_eq!(t.run().ok(), "grep=rg ls=uls shell=psh read=cat\n");
}

#[test]
fn bad_tool_name_flags_are_rejected() {
    let t = Test::new().args(["--tool-name", "grpe=rg"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: --tool-name 'grpe=rg': unknown tool 'grpe'; expected one of read_file, \
         write_file, grep, glob, edit, shell, read_many_files, memory, ls\n"
    );
    let t = Test::new().args(["--tool-name", "grep"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: --tool-name 'grep': expected KEY=NAME, e.g. --tool-name grep=rg\n"
    );
}

#[test]
fn the_config_dir_can_be_moved() {
    let t = Test::new()
        .home_file("cfg/config.yaml", "model: gpt-5.4\n")
        .home_file("cfg/memory.md", "Moved memory.\n")
        .config_file("config.yaml", "model: claude-sonnet-5-5\n")
        .env("ASIMI_CONFIG_DIR", "~/cfg");
    assert_eq!(model_of(t), expect("gpt-5.4", "gpt", "openai"));
    let t = Test::new()
        .home_file("cfg/memory.md", "Moved memory.\n")
        .env("ASIMI_CONFIG_DIR", "~/cfg")
        .args(NO_BASE_NO_SANDBOX);
    assert_eq!(t.run().ok(), "---\n\nMoved memory.\n");
}

// ---------------------------------------------------------------------------------------
// Config file errors
// ---------------------------------------------------------------------------------------

/// Runs with `text` as the project config and returns the error message.
fn project_error(text: &str) -> (String, String) {
    let t = Test::new()
        .git()
        .file(".asimi/config.yaml", text)
        .cwd("sub");
    let err = t.run().fails().to_string();
    (err, show(&t.work.join(".asimi/config.yaml")))
}

#[test]
fn unknown_keys_name_file_line_and_key() {
    let (err, file) = project_error("model: gpt-5.4\n\nmodle: x\n");
    assert_eq!(
        err,
        format!(
            "asimi-prompt: {file}:3:1: key 'modle': unknown field `modle`, expected one of \
             `model`, `mode`, `tool_names`, `context_files`, `sandbox`, `sections`, \
             `memory_file`, `templates`, `skills`, `sanity`, `ascii`, `agentName`, `agent_name`, `interactive`, `template_fuel`, `template_bytes`, `hermetic`, `secrets`, \
             `mcpServers`, `mcp_servers`, `mcp_timeout`, `mcp_trusted_projects`, `skill_args`\n"
        )
    );
    let (err, file) = project_error("tool_names:\n  grep: rg\n  grpe: rg\n");
    assert_eq!(
        err,
        format!(
            "asimi-prompt: {file}:3:3: key 'tool_names.grpe': unknown field `grpe`, expected \
             one of `read_file`, `write_file`, `grep`, `glob`, `edit`, `shell`, \
             `read_many_files`, `memory`, `ls`\n"
        )
    );
    let (err, file) = project_error("sections:\n  git: false\n  footer: false\n");
    assert_eq!(
        err,
        format!(
            "asimi-prompt: {file}:3:3: key 'sections.footer': unknown field `footer`, expected \
             one of `base`, `map`, `tools`, `goal`, `skills`, `sandbox`, `git`, `context`, \
             `instructions`, `memory`\n"
        )
    );
    // The user config is checked the same way.
    let t = Test::new().config_file("config.yaml", "sandbox: none\nSandbox: none\n");
    let file = show(&t.config_dir().join("config.yaml"));
    assert!(t.run().fails().starts_with(&format!(
        "asimi-prompt: {file}:2:1: key 'Sandbox': unknown field `Sandbox`"
    )),);
}

#[test]
fn wrong_types_name_file_line_and_key() {
    let cases = [
        (
            "sections:\n  git: maybe\n",
            "2:8: key 'sections.git': invalid type: string \"maybe\", expected a boolean",
        ),
        (
            "sandbox: docker\n",
            "1:10: key 'sandbox': unknown variant `docker`, expected one of `auto`, `macos`, \
             `generic`, `none`",
        ),
        (
            "model: [a, b]\n",
            "1:8: key 'model': invalid type: sequence, expected a string",
        ),
        (
            "context_files: AGENTS.md\n",
            "1:16: key 'context_files': invalid type: string \"AGENTS.md\", expected a sequence",
        ),
        (
            "tool_names: 3\n",
            "1:13: key 'tool_names': invalid type: integer `3`, expected a map of tool keys to \
             tool names",
        ),
        (
            "sections: [git]\n",
            "1:11: key 'sections': invalid type: sequence, expected a map of section names to \
             true or false",
        ),
        (
            "- model\n",
            "1:1: invalid type: sequence, expected a map of settings (model, sandbox, ...)",
        ),
    ];
    for (text, message) in cases {
        let (err, file) = project_error(text);
        assert_eq!(err, format!("asimi-prompt: {file}:{message}\n"), "{text}");
    }
    // Syntax errors too.
    let (err, file) = project_error("model: gpt-5.4\nsandbox: [none\n");
    assert!(err.starts_with(&format!("asimi-prompt: {file}:")), "{err}");
    assert!(!err.contains(" at line "), "{err}");
}

#[test]
fn empty_config_files_are_fine() {
    let t = Test::new()
        .file(".asimi/config.yaml", "")
        .config_file("config.yaml", "# nothing yet\n")
        .args(NO_BASE_NO_SANDBOX);
    assert_eq!(t.run().ok(), "\n");
    let t = Test::new()
        .file(".asimi/config.yaml", "sections:\ntool_names:\n")
        .args(NO_BASE_NO_SANDBOX);
    assert_eq!(t.run().ok(), "\n");
}

// ---------------------------------------------------------------------------------------
// Template lookup
// ---------------------------------------------------------------------------------------

const INSTRUCTIONS: &str = "sections/instructions.md.tmpl";

/// Templates for the instructions section in the `--templates` directory (`flag/`), the
/// project's and the user's template directories.
fn layered(flag: bool) -> Test {
    let t = Test::new()
        .git()
        .file(&format!("flag/{INSTRUCTIONS}"), "flag: {{.Instructions}}")
        .file(
            &format!(".asimi/templates/{INSTRUCTIONS}"),
            "project: {{.Instructions}}",
        )
        .config_file(
            &format!("templates/{INSTRUCTIONS}"),
            "user: {{.Instructions}}",
        )
        .cwd("sub");
    if flag {
        t.args(["--templates", "../flag"])
    } else {
        t
    }
}

/// Only the instructions section, with text to show.
const ONLY_INSTRUCTIONS: [&str; 9] = [
    "--no-section",
    "base",
    "--no-section",
    "sandbox",
    "--no-section",
    "git",
    "--no-sanity",
    "--append-system-prompt",
    "hi",
];

#[test]
fn template_lookup_order() {
    assert_eq!(
        layered(true).args(ONLY_INSTRUCTIONS).run().ok(),
        "flag: hi\n"
    );
    // Each run takes the top layer away.
    let t = layered(false).args(ONLY_INSTRUCTIONS);
    assert_eq!(t.run().ok(), "project: hi\n");
    std::fs::remove_file(t.work.join(format!(".asimi/templates/{INSTRUCTIONS}"))).unwrap();
    assert_eq!(t.run().ok(), "user: hi\n");
    std::fs::remove_file(t.config_dir().join(format!("templates/{INSTRUCTIONS}"))).unwrap();
    assert_eq!(t.run().ok(), "hi\n");
}

/// Where `template list` says `file` comes from.
fn list_origin(list: &str, file: &str) -> String {
    list.lines()
        .find_map(|l| {
            let mut parts = l.split_whitespace();
            (parts.next() == Some(file)).then(|| parts.last().unwrap().to_string())
        })
        .unwrap_or_else(|| panic!("{file} not listed:\n{list}"))
}

#[test]
fn template_list_follows_the_same_order() {
    let t = layered(false).args(["template", "list", "--templates", "../flag"]);
    assert_eq!(
        list_origin(t.run().ok(), INSTRUCTIONS),
        show(&t.work.join(format!("flag/{INSTRUCTIONS}")))
    );
    let t = layered(false).args(["template", "list"]);
    assert_eq!(
        list_origin(t.run().ok(), INSTRUCTIONS),
        show(&t.work.join(format!(".asimi/templates/{INSTRUCTIONS}")))
    );
    std::fs::remove_file(t.work.join(format!(".asimi/templates/{INSTRUCTIONS}"))).unwrap();
    assert_eq!(
        list_origin(t.run().ok(), INSTRUCTIONS),
        show(&t.config_dir().join(format!("templates/{INSTRUCTIONS}")))
    );
    std::fs::remove_file(t.config_dir().join(format!("templates/{INSTRUCTIONS}"))).unwrap();
    assert_eq!(
        list_origin(t.run().ok(), INSTRUCTIONS),
        format!("built-in:{INSTRUCTIONS}")
    );
}

#[test]
fn template_list_names_syntax_and_origin() {
    let t = Test::new()
        .git()
        // A plain NAME.md under sections/ is a Go template.
        .file(".asimi/templates/sections/git.md", "Git: {{.ToolNames.Shell}}\n")
        .file(".asimi/templates/base/default.md.tmpl", "Project base.\n")
        .config_file("templates/sections/memory.md.j2", "Memory: {{ UserMemory | upper }}")
        .config_file(
            "templates/models.yaml",
            "models:\n  - {pattern: \"*\", family: default, provider: local, context_window: 1, max_output_tokens: 1, images: false, min_cache_tokens: 0}\n",
        );
    let project = |f: &str| show(&t.work.join(".asimi/templates").join(f));
    let user = |f: &str| show(&t.config_dir().join("templates").join(f));
    let builtin = |f: &str| format!("built-in:{f}");
    // Every built-in template is listed once; the overrides above replace four of them.
    let shadowed = [
        "base/default.md.tmpl",
        "models.yaml",
        "sections/git.md.tmpl",
        "sections/memory.md.tmpl",
    ];
    let mut rows: Vec<(String, &str, String)> = builtin_templates()
        .into_iter()
        .filter(|f| !shadowed.contains(&f.as_str()))
        .map(|f| {
            let syntax = if f.ends_with(".yaml") { "data" } else { "go" };
            let origin = builtin(&f);
            (f, syntax, origin)
        })
        .collect();
    rows.extend([
        (
            "base/default.md.tmpl".to_string(),
            "go",
            project("base/default.md.tmpl"),
        ),
        ("models.yaml".to_string(), "data", user("models.yaml")),
        (
            "sections/git.md".to_string(),
            "go",
            project("sections/git.md"),
        ),
        (
            "sections/memory.md.j2".to_string(),
            "jinja",
            user("sections/memory.md.j2"),
        ),
    ]);
    rows.sort();
    let width = rows.iter().map(|(f, _, _)| f.len()).max().unwrap_or(0);
    let expected: String = rows
        .iter()
        .map(|(file, syntax, origin)| format!("{file:width$}  {syntax:5}  {origin}\n"))
        .collect();
    let t = t.args(["template", "list"]);
    assert_eq!(t.run().ok(), expected);

    // And the prompt uses exactly those.
    let prompt = Test::new()
        .git()
        .file(
            ".asimi/templates/sections/git.md",
            "Git: {{.ToolNames.Shell}}\n",
        )
        // The default model's family.
        .file(".asimi/templates/base/claude.md.tmpl", "Project base.\n")
        .config_file(
            "templates/sections/memory.md.j2",
            "Memory: {{ UserMemory | upper }}",
        )
        .args(["--memory", "tea", "--no-section", "sandbox", "--no-sanity"]);
    assert_eq!(
        prompt.run().ok(),
        "Project base.\n\nGit: run_shell_command\n\nMemory: TEA\n"
    );
}

#[test]
fn config_can_name_a_template_directory() {
    // The project config's templates: is relative to the project root and is searched
    // before .asimi/templates.
    let t = Test::new()
        .git()
        .file(".asimi/config.yaml", "templates: tpl\n")
        .file(
            &format!("tpl/{INSTRUCTIONS}"),
            "configured: {{.Instructions}}",
        )
        .file(
            &format!(".asimi/templates/{INSTRUCTIONS}"),
            "project: {{.Instructions}}",
        )
        .cwd("sub")
        .args(ONLY_INSTRUCTIONS);
    assert_eq!(t.run().ok(), "configured: hi\n");
    // --templates replaces it.
    let t = t
        .file(&format!("flag/{INSTRUCTIONS}"), "flag: {{.Instructions}}")
        .args(["--templates", "../flag"]);
    assert_eq!(t.run().ok(), "flag: hi\n");

    // The user config's is relative to the user config directory.
    let t = Test::new()
        .config_file("config.yaml", "templates: mine\n")
        .config_file(&format!("mine/{INSTRUCTIONS}"), "mine: {{.Instructions}}")
        .args(ONLY_INSTRUCTIONS);
    assert_eq!(t.run().ok(), "mine: hi\n");
}

#[test]
fn a_missing_template_directory_is_an_error() {
    let t = Test::new().args(["--templates", "nope"]);
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: --templates '{}': not a directory\n",
            show(&t.work.join("nope"))
        )
    );
    let t = Test::new().args(["template", "list", "--templates", "nope"]);
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: --templates '{}': not a directory\n",
            show(&t.work.join("nope"))
        )
    );
    let t = Test::new().config_file("config.yaml", "templates: ~/gone\n");
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: {}: templates: '{}' is not a directory\n",
            show(&t.config_dir().join("config.yaml")),
            show(&t.home.join("gone"))
        )
    );
}

#[test]
fn template_errors_name_the_file() {
    let t = Test::new().file(
        ".asimi/templates/sections/git.md.tmpl",
        "line 1\n{{.ToolNames.Shell | nosuch}}\n",
    );
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: template: {}:2: function \"nosuch\" not defined\n",
            show(&t.work.join(".asimi/templates/sections/git.md.tmpl"))
        )
    );
}

// ---------------------------------------------------------------------------------------
// models.yaml
// ---------------------------------------------------------------------------------------

const MODELS: &str = r#"# A house registry.
models:
  - pattern: "house-*"
    family: house
    provider: local
    context_window: 32000
    max_output_tokens: 4000
    images: false
    min_cache_tokens: 0
  - pattern: "big-*"
    family: claude
    provider: local
    context_window: 32000
    max_output_tokens: 4000
    images: false
    min_cache_tokens: 0
  - pattern: "*"
    family: gpt
    provider: openai
    context_window: 128000
    max_output_tokens: 4096
    images: false
    min_cache_tokens: 1024
"#;

#[test]
fn a_project_models_yaml_replaces_the_registry() {
    let world = |model: &str| {
        Test::new()
            .git()
            .file(".asimi/templates/models.yaml", MODELS)
            .file(
                ".asimi/templates/base/house.md.tmpl",
                "House prompt for {{.Model}} ({{.Provider}}).\n",
            )
            .args(["--model", model])
    };
    let json = |t: Test| {
        let out = t.args(["--json"]).run().ok().to_string();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        (
            v["family"].as_str().unwrap().to_string(),
            v["provider"].as_str().unwrap().to_string(),
            v["sections"][0]["source"].as_str().unwrap().to_string(),
        )
    };
    let t = world("house-7b");
    let base = show(&t.work.join(".asimi/templates/base/house.md.tmpl"));
    assert_eq!(json(t), ("house".into(), "local".into(), base));
    assert_eq!(
        world("house-7b")
            .args([
                "--no-section",
                "sandbox",
                "--no-section",
                "git",
                "--no-sanity"
            ])
            .run()
            .ok(),
        "House prompt for house-7b (local).\n"
    );
    assert_eq!(
        json(world("big-model")),
        (
            "claude".into(),
            "local".into(),
            "built-in:base/claude.md.tmpl".into()
        )
    );
    // Not in the project's registry any more: the catch-all entry.
    assert_eq!(
        json(world("claude-sonnet-5-5")),
        (
            "gpt".into(),
            "openai".into(),
            "built-in:base/gpt.md.tmpl".into()
        )
    );
    // A family without a base template gets the default one.
    let t = Test::new()
        .file(".asimi/templates/models.yaml", MODELS)
        .args(["--model", "house-1"]);
    assert_eq!(
        json(t),
        (
            "house".into(),
            "local".into(),
            "built-in:base/default.md.tmpl".into()
        )
    );
}

#[test]
fn a_broken_models_yaml_names_file_and_line() {
    let t = Test::new().file(
        ".asimi/templates/models.yaml",
        "models:\n  - pattern: \"x-*\"\n    family: gpt\n",
    );
    let file = show(&t.work.join(".asimi/templates/models.yaml"));
    assert_eq!(
        t.run().fails(),
        format!("asimi-prompt: {file}:2:5: models[0]: missing field `provider`\n")
    );
    let t = Test::new().file(
        ".asimi/templates/models.yaml",
        MODELS.replace("pattern: \"*\"", "pattern: \"other\""),
    );
    let file = show(&t.work.join(".asimi/templates/models.yaml"));
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: {file}: the last entry must have pattern \"*\" (the default for \
             unknown models)\n"
        )
    );
    let t = Test::new().file(
        ".asimi/templates/models.yaml",
        MODELS.replace(
            "images: false\n    min_cache_tokens: 0\n  - pattern: \"big-*\"",
            "images: no-idea\n    min_cache_tokens: 0\n  - pattern: \"big-*\"",
        ),
    );
    let err = t.run().fails().to_string();
    assert!(
        err.contains(":8:13: models[0].images: invalid type"),
        "{err}"
    );
}

/// The built-in templates `template list` shows, written out rather than read from the
/// directory the binary embeds; `builtin_templates` checks the two agree.
const BUILTIN_TEMPLATES: &[&str] = &[
    "base/claude.md.tmpl",
    "base/compact.md.tmpl",
    "base/default.md.tmpl",
    "base/edits.md.tmpl",
    "base/gemini.md.tmpl",
    "base/gpt.md.tmpl",
    "commit.md.tmpl",
    "compression.md.tmpl",
    "models.yaml",
    "sections/context.md.tmpl",
    "sections/git.md.tmpl",
    "sections/goal.md.tmpl",
    "sections/instructions.md.tmpl",
    "sections/map.md.tmpl",
    "sections/memory.md.tmpl",
    "sections/sandbox.md.tmpl",
    "sections/skills.md.tmpl",
    "sections/tools.md.tmpl",
    "system_reminder.md.tmpl",
];

/// The built-in mode templates: five tiers for each mode.
const BUILTIN_MODES: &[&str] = &["assistant", "debugger", "developer", "planning", "user"];

/// The files under templates/ that `template list` shows (all but its README), sorted,
/// after checking they are the pinned ones.
fn builtin_templates() -> Vec<String> {
    let mut pinned: Vec<String> = BUILTIN_TEMPLATES.iter().map(|f| f.to_string()).collect();
    for mode in BUILTIN_MODES {
        pinned.extend((1..=5).map(|tier| format!("modes/{mode}/tier{tier}.md.tmpl")));
    }
    pinned.sort();
    assert_eq!(
        templates_on_disk(),
        pinned,
        "templates/ and the pinned list differ"
    );
    pinned
}

fn templates_on_disk() -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                // Registered prompts are listed by `template list --prompts`.
                if rel != "README.md" && !rel.starts_with("registry/") {
                    out.push(rel);
                }
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out.sort();
    out
}

/// The end of a confinement error (`paths::CONFINE_HINT`).
const CONFINE_HINT: &str = "files the project supplies may only name files inside it; move \
     the file into the project, or name it yourself with the matching command-line flag\n";

#[test]
fn project_config_paths_are_confined_to_the_project() {
    let world = |config: &str| {
        Test::new()
            .git()
            .home_file("secret.md", "token\n")
            .home_file("outside/base/default.md", "OUTSIDE")
            .file(".asimi/config.yaml", config)
    };
    let t = world("memory_file: ../home/secret.md\n");
    let config = show(&t.work.join(".asimi/config.yaml"));
    let work = show(&t.work);
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: {config}: memory_file '../home/secret.md' is outside the project \
             root '{work}'; {CONFINE_HINT}"
        )
    );
    let t = world("templates: ../home/outside\n");
    let config = show(&t.work.join(".asimi/config.yaml"));
    let work = show(&t.work);
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: {config}: templates '../home/outside' is outside the project root \
             '{work}'; {CONFINE_HINT}"
        )
    );
    let t = world("memory_file: /etc/passwd\n");
    assert!(t
        .run()
        .fails()
        .contains("memory_file '/etc/passwd' is outside"));
    // The same paths from the user's config, or from flags, are the user's to choose.
    let t = world("").config_file("config.yaml", "memory_file: ~/secret.md\n");
    assert!(t.run().ok().ends_with("token\n"));
    let t = world("");
    let secret = show(&t.home.join("secret.md"));
    assert!(t
        .args(["--memory-file", &secret])
        .run()
        .ok()
        .ends_with("token\n"));
    let t = world("");
    let outside = show(&t.home.join("outside"));
    let out = t.args(["--templates", &outside, "--model", "x"]).run();
    assert!(out.ok().starts_with("OUTSIDE"));
}

#[cfg(unix)]
#[test]
fn project_directories_may_not_link_outside_the_project() {
    use std::os::unix::fs::symlink;
    for (inside, what) in [
        (".asimi/templates", "templates"),
        (".asimi/prompts", "prompts"),
        (".asimi/goal.yaml", "goal.yaml"),
        (".asimi/config.yaml", "config.yaml"),
    ] {
        let t = Test::new()
            .git()
            .home_file("outside/base/default.md", "OUTSIDE")
            .home_file("outside.yaml", "description: x\n");
        std::fs::create_dir_all(t.work.join(".asimi")).unwrap();
        let target = if what.ends_with(".yaml") {
            t.home.join("outside.yaml")
        } else {
            t.home.join("outside")
        };
        symlink(&target, t.work.join(inside)).unwrap();
        assert_eq!(
            t.run().fails(),
            format!(
                "asimi-prompt: '{}' is outside the project root '{}': it leads to '{}'; \
                 {CONFINE_HINT}",
                show(&t.work.join(inside)),
                show(&t.work),
                show(&target)
            ),
            "{inside}"
        );
    }
}

#[cfg(unix)]
#[test]
fn project_templates_and_prompts_may_not_link_outside_the_project() {
    use std::os::unix::fs::symlink;
    let t = Test::new()
        .git()
        .home_file("secret.md", "token\n")
        .args(["--model", "x"]);
    let secret = t.home.join("secret.md");
    std::fs::create_dir_all(t.work.join(".asimi/templates/base")).unwrap();
    let link = t.work.join(".asimi/templates/base/default.md");
    symlink(&secret, &link).unwrap();
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: template '{}' is outside the project root '{}': it leads to \
             '{}'; {CONFINE_HINT}",
            show(&link),
            show(&t.work),
            show(&secret)
        )
    );
    std::fs::remove_file(&link).unwrap();
    std::fs::create_dir_all(t.work.join(".asimi/prompts")).unwrap();
    let link = t.work.join(".asimi/prompts/p.md");
    symlink(&secret, &link).unwrap();
    let e = t.run_with(&["--skill", "p"]).fails().to_string();
    assert!(
        e.starts_with(&format!(
            "asimi-prompt: prompt '{}' is outside the project root",
            show(&link)
        )),
        "{e}"
    );
    // The same links in the user's own directories are the user's choice.
    std::fs::remove_file(&link).unwrap();
    let user = t.config_dir().join("templates/base");
    std::fs::create_dir_all(&user).unwrap();
    symlink(&secret, user.join("default.md")).unwrap();
    assert!(t.run().ok().starts_with("token"));
}

/// The confinement rule as a class, not as instances: every key of the project's
/// `.asimi/config.yaml`, of a spec and of the project's files that names a path, in every
/// form that could lead out (absolute, `..`, `~`, a link inside the project that points
/// out, a linked `.asimi/`), with a marker planted outside. No command may print the
/// marker, and each refusal names what named the path.
#[cfg(unix)]
mod escapes {
    use super::*;
    use base64::Engine as _;

    const MARKER: &str = "OUTSIDE-MARKER-5c41e";
    const PNG: &[u8] = b"\x89PNG\r\n\x1a\nOUTSIDE-MARKER-5c41e";

    /// A path to an outside file in one form, written the way a project would.
    #[derive(Clone, Copy, Debug)]
    enum Form {
        Absolute,
        Parent,
        Home,
        Link,
    }

    const FORMS: [Form; 4] = [Form::Absolute, Form::Parent, Form::Home, Form::Link];

    /// Where the planted file lives: `outside/NAME` beside the project and `~/NAME`.
    fn plant(t: &Test, name: &str, contents: &[u8]) {
        for dir in [t.root.join("outside"), t.home.clone()] {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, contents).unwrap();
        }
    }

    /// The path to `outside/NAME` in `form`; a link is made inside the project.
    fn path_in(t: &Test, form: Form, name: &str) -> String {
        let top = name.split('/').next().unwrap();
        match form {
            Form::Absolute => show(&t.root.join("outside").join(name)),
            Form::Parent => format!("../outside/{name}"),
            Form::Home => format!("~/{name}"),
            Form::Link => {
                let link = t.work.join(format!("link-{top}"));
                if !link.exists() {
                    std::os::unix::fs::symlink(t.root.join("outside").join(top), link).unwrap();
                }
                format!("link-{top}{}", &name[top.len()..])
            }
        }
    }

    /// One path-naming key: the files it needs, how a project names the path, and the
    /// commands that read it.
    struct Key {
        key: &'static str,
        /// The outside file's name and content.
        planted: (&'static str, &'static [u8]),
        /// The value as the project writes it, given the path to the planted file.
        written: fn(&str) -> String,
        /// The project's files, given that value.
        project: fn(&str) -> Vec<(&'static str, String)>,
        commands: &'static [&'static [&'static str]],
    }

    const PROMPT: &[&[&str]] = &[
        &["system", "--model", "x"],
        &["messages", "--prompt", "hi", "--no-symbol-map"],
        &["context", "--prompt", "hi"],
        &["export", "-"],
    ];
    const SPEC: &[&[&str]] = &[
        &["messages", "--spec", "spec.yaml", "--no-symbol-map"],
        &["context", "--spec", "spec.yaml"],
    ];
    const TEXT: &[u8] = MARKER.as_bytes();

    fn config(yaml: String) -> Vec<(&'static str, String)> {
        vec![(".asimi/config.yaml", yaml)]
    }

    fn spec(yaml: String) -> Vec<(&'static str, String)> {
        vec![("spec.yaml", format!("prompt: hi\n{yaml}"))]
    }

    fn keys() -> Vec<Key> {
        vec![
            Key {
                key: "context_files",
                planted: ("secret.md", TEXT),
                written: str::to_string,
                project: |p| config(format!("context_files: ['{p}']\n")),
                commands: PROMPT,
            },
            Key {
                key: "memory_file",
                planted: ("secret.md", TEXT),
                written: str::to_string,
                project: |p| config(format!("memory_file: '{p}'\n")),
                commands: PROMPT,
            },
            Key {
                key: "templates",
                planted: ("tpl/base/default.md", TEXT),
                written: |p| p.trim_end_matches("/base/default.md").to_string(),
                project: |p| config(format!("templates: '{p}'\n")),
                commands: PROMPT,
            },
            Key {
                key: "mcp_servers",
                planted: ("secret.md", TEXT),
                written: str::to_string,
                project: |p| {
                    config(format!(
                        "mcp_servers: {{leak: {{command: cat, args: ['{p}']}}}}\nskills: ['leak:x']\n"
                    ))
                },
                commands: PROMPT,
            },
            Key {
                key: "AGENTS.md",
                planted: ("secret.md", TEXT),
                written: str::to_string,
                project: |p| vec![("AGENTS.md", format!("Rules.\n@{p}\n"))],
                commands: PROMPT,
            },
            Key {
                key: "files",
                planted: ("secret.py", TEXT),
                written: str::to_string,
                project: |p| spec(format!("files: ['{p}']\n")),
                commands: SPEC,
            },
            Key {
                key: "history",
                planted: (
                    "h.json",
                    br#"[{"role":"user","content":"OUTSIDE-MARKER-5c41e"}]"#,
                ),
                written: str::to_string,
                project: |p| spec(format!("history: '{p}'\n")),
                commands: SPEC,
            },
            Key {
                key: "url_context",
                planted: ("page.txt", TEXT),
                written: str::to_string,
                project: |p| spec(format!("url_context: [{{url: 'http://x', file: '{p}'}}]\n")),
                commands: SPEC,
            },
            Key {
                key: "images",
                planted: ("i.png", PNG),
                written: str::to_string,
                project: |p| spec(format!("images: ['{p}']\n")),
                commands: SPEC,
            },
        ]
    }

    /// Runs `args` and checks that nothing planted shows, and that stderr says why: the
    /// path is outside the project, or (`~` is not expanded in project content) there
    /// is no such file in it. `names` is what the message must name.
    fn check(t: &Test, args: &[&str], planted: &[u8], names: &str, case: &str) {
        let run = t.run_with(args);
        let both = format!("{}{}", run.stdout, run.stderr);
        let encoded = base64::engine::general_purpose::STANDARD.encode(planted);
        assert!(
            !both.contains(MARKER) && !both.contains(&encoded),
            "{case}: {args:?} printed the outside file (exit {}):\n{both}",
            run.code
        );
        assert!(!run.stderr.contains("panicked"), "{case}: {}", run.stderr);
        let why = [
            "outside the project",
            "mcp_trusted_projects",
            "does not exist",
        ];
        assert!(
            why.iter().any(|w| run.stderr.contains(w)) && run.stderr.contains(names),
            "{case}: {args:?} gave no message naming '{names}' (exit {}):\n{}",
            run.code,
            run.stderr
        );
    }

    #[test]
    fn no_project_key_reads_a_file_outside_the_project() {
        for key in keys() {
            for form in FORMS {
                let mut t = Test::new().git();
                plant(&t, key.planted.0, key.planted.1);
                let path = (key.written)(&path_in(&t, form, key.planted.0));
                for (file, text) in (key.project)(&path) {
                    t = t.file(file, text);
                }
                let case = format!("{} as {form:?} ('{path}')", key.key);
                let names = if key.key == "mcp_servers" {
                    "leak"
                } else {
                    &path
                };
                for args in key.commands {
                    check(&t, args, key.planted.1, names, &case);
                }
            }
        }
    }

    /// A linked `.asimi/` leads every project file out at once: config, goal, templates,
    /// prompts and session state.
    #[test]
    fn a_linked_project_directory_is_refused() {
        let t = Test::new().git();
        plant(&t, "asimi/config.yaml", b"memory_file: secret.md\n");
        plant(&t, "asimi/secret.md", TEXT);
        plant(
            &t,
            "asimi/goal.yaml",
            b"description: OUTSIDE-MARKER-5c41e\n",
        );
        plant(&t, "asimi/templates/base/default.md", TEXT);
        plant(&t, "asimi/prompts/leak.md", TEXT);
        std::os::unix::fs::symlink(t.root.join("outside/asimi"), t.work.join(".asimi")).unwrap();
        let session: &[&[&str]] = &[&["messages", "--prompt", "hi", "--session", "s"]];
        for args in PROMPT.iter().chain(session) {
            check(&t, args, TEXT, ".asimi", ".asimi linked out");
        }
    }

    /// A name the project's config gives is never tried in the user's config directory,
    /// where the user's own files (their config, with MCP keys) live; the user's own
    /// `AGENTS.md` there is still read.
    #[test]
    fn project_context_names_are_not_looked_for_in_the_user_directory() {
        let t = Test::new()
            .git()
            .config_file("config.yaml", format!("# {MARKER}\n"))
            .config_file("AGENTS.md", "The user's own rules.\n")
            .file(
                ".asimi/config.yaml",
                "context_files: [config.yaml, CLAUDE.md]\n",
            )
            .file("CLAUDE.md", "Project rules.\n");
        let out = t.run_with(&["system", "--model", "x"]);
        let prompt = out.ok();
        assert!(!prompt.contains(MARKER), "{prompt}");
        assert!(prompt.contains("The user's own rules."), "{prompt}");
        assert!(prompt.contains("Project rules."), "{prompt}");
    }

    /// The names the project gives are refused before anything is read, naming the key.
    #[test]
    fn a_project_context_name_that_leads_out_names_the_key() {
        for name in ["/etc/passwd", "../x.md", "~/x.md", "docs/../../x.md"] {
            let t = Test::new()
                .git()
                .file(".asimi/config.yaml", format!("context_files: ['{name}']\n"));
            let config = show(&t.work.join(".asimi/config.yaml"));
            let e = t.run_with(&["system"]).fails().to_string();
            assert!(
                e.starts_with(&format!(
                    "asimi-prompt: {config}: context_files '{name}' is outside the project root"
                )),
                "{e}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// `models` and the built-in registry
// ---------------------------------------------------------------------------------------

/// `models --json`: the registry's entries (the listing's `models`).
fn models_json(t: Test) -> Vec<serde_json::Value> {
    let listing: serde_json::Value =
        serde_json::from_str(t.args(["models", "--json"]).run().ok()).unwrap();
    serde_json::from_value(listing["models"].clone()).unwrap()
}

/// `models --json` says when the built-in registry was last compared with the providers
/// (a project's own models.yaml need not), and each provider's default model.
#[test]
fn models_json_shows_when_the_registry_was_checked() {
    let listing = |t: Test| -> serde_json::Value {
        serde_json::from_str(t.args(["models", "--json"]).run().ok()).unwrap()
    };
    let builtin = listing(Test::new());
    let checked = builtin["checked"].as_str().unwrap();
    assert_eq!(
        Some(checked),
        asimi_prompt::model::ModelRegistry::builtin()
            .checked
            .as_deref()
    );
    assert!(checked >= "2026-12-06", "{checked}");
    assert_eq!(builtin["defaults"]["openai"], "gpt-5.4");
    let own = listing(
        Test::new()
            .git()
            .file(".asimi/templates/models.yaml", MODELS),
    );
    assert_eq!(own["checked"], serde_json::Value::Null);
}

#[test]
fn models_lists_every_entry_with_its_source() {
    let entries = models_json(Test::new());
    let registry = asimi_prompt::model::ModelRegistry::builtin();
    assert_eq!(entries.len(), registry.models.len());
    for e in &entries {
        let pattern = e["pattern"].as_str().unwrap();
        let fallback = e["fallback"] == true || pattern == "*";
        let sources = e["source"].as_array().map_or(0, Vec::len);
        assert!(fallback || sources > 0, "{pattern} has no source");
    }
    // The glob filter, and the table's fallback mark.
    let table = Test::new()
        .args(["models", "claude-sonnet-*"])
        .run()
        .ok()
        .to_string();
    let rows: Vec<&str> = table
        .lines()
        .skip(1)
        .map(|l| l.split("  ").next().unwrap())
        .collect();
    assert_eq!(
        rows,
        [
            "claude-sonnet-5-5*",
            "claude-sonnet-5*",
            "claude-sonnet-4-6*",
            "claude-sonnet-4-5*",
            "claude-sonnet-4*"
        ]
    );
    let table = Test::new()
        .args(["models", "claude-*"])
        .run()
        .ok()
        .to_string();
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("claude-* (fallback)  ")),
        "{table}"
    );
    // A project's models.yaml replaces the built-in registry here too.
    let entries = models_json(
        Test::new()
            .git()
            .file(".asimi/templates/models.yaml", MODELS),
    );
    let patterns: Vec<&str> = entries
        .iter()
        .map(|e| e["pattern"].as_str().unwrap())
        .collect();
    assert_eq!(patterns, ["house-*", "big-*", "*"]);
}

/// Every text model the providers' SDKs list resolves to an entry of its own, never to a
/// family wildcard: from the installed anthropic SDK's `Model` literal when it is there,
/// and from the names the issue tracker took from the three SDKs.
#[test]
fn every_sdk_model_has_its_own_entry() {
    let registry = asimi_prompt::model::ModelRegistry::builtin();
    let names = [
        "claude-opus-5-5",
        "claude-sonnet-5-5",
        "claude-haiku-5-5",
        "claude-opus-5",
        "claude-sonnet-5",
        "claude-opus-4-8",
        "claude-fable-5",
        "claude-fable-5-1",
        "claude-fable-5-2",
        "claude-mythos-5",
        "claude-mythos-5-1",
        "claude-mythos-5-2",
        "gpt-5.6-sol",
        "gpt-5.6-terra",
        "gpt-5.6-luna",
        "gpt-5.5",
        "gpt-5.4",
        "gpt-5.4-mini",
        "gpt-5.4-nano",
        "gpt-5.3-chat-latest",
        "gpt-5.2",
        "gpt-5.2-pro",
        "gpt-5.1",
        "gpt-5.1-codex",
        "gemini-3.1-pro-preview",
        "gemini-3.5-flash",
        "gemini-3.7-flash",
        "gemini-3.8-flash",
        "anthropic/claude-sonnet-5.5",
        "openai/gpt-5.6-sol",
        "google/gemini-3.8-flash",
        // openai 3.63.0's Responses-only ids, and google-genai 3.6.1's aliases and Gemma.
        "gpt-6-astra-healthcare",
        "gpt-6.1-sol-healthcare",
        "gpt-6.2-astra-healthcare",
        "gpt-6.2-sol-healthcare",
        "gpt-5.6-cyber",
        "gpt-5.5-pro",
        "gpt-5-pro",
        "gpt-5-codex",
        "computer-use-preview",
        "gemini-flash-latest",
        "gemini-flash-lite-latest",
        "gemini-pro-latest",
        "gemma-4-26b-a4b-it",
        "gemma-4-31b-it",
    ];
    for name in &names {
        let entry = registry.lookup(name);
        assert!(
            entry.is_known(),
            "{name} falls to the '{}' fallback",
            entry.pattern
        );
    }
    // The deprecation dates the anthropic SDK gives (anthropic/_data/deprecated_models.py;
    // 2.17.0 dropped Sonnet 4.5, retired on the day 2.14.0 gave).
    for (name, date) in [
        ("claude-sonnet-4-5", "2026-11-30"),
        ("claude-opus-4-5", "2027-01-22"),
    ] {
        assert_eq!(
            registry.lookup(name).deprecated.as_deref(),
            Some(date),
            "{name}"
        );
    }
    assert_eq!(
        registry
            .lookup(asimi_prompt::model::DEFAULT_MODEL)
            .deprecated,
        None
    );
}

/// The providers' facts as checked on 2026-12-06: each end of life, price and caching
/// fact as the registry now gives it.
#[test]
fn the_registry_as_of_december_2026() {
    let registry = asimi_prompt::model::ModelRegistry::builtin();
    let ends = [
        ("claude-sonnet-4-5", "2026-11-30"),
        ("anthropic/claude-sonnet-4.5", "2026-11-30"),
        ("claude-3-opus-20240229", "2026-01-05"),
        ("anthropic/claude-3-opus", "2026-01-05"),
        ("claude-opus-4-1-20250805", "2026-08-05"),
        ("anthropic/claude-opus-4.1", "2026-08-05"),
        ("gemini-2.5-pro", "2026-12-01"),
        ("gemini-2.5-flash", "2026-12-01"),
        ("google/gemini-2.5-pro", "2026-12-01"),
        ("o3", "2026-12-11"),
        ("o3-pro", "2026-12-11"),
        ("gpt-5-pro", "2026-12-11"),
        ("o1", "2026-10-23"),
        ("o1-pro", "2026-10-23"),
        ("o4-mini", "2026-10-23"),
        ("gpt-5-codex", "2026-07-23"),
        ("o3-deep-research", "2026-07-23"),
        ("o4-mini-deep-research", "2026-07-23"),
        ("openai/o3", "2026-12-11"),
        ("openai/o1", "2026-10-23"),
        ("openai/o4-mini-deep-research", "2026-07-23"),
        ("openai/gpt-4.1-nano", "2026-10-23"),
        ("openai/gpt-4o-2024-05-13", "2026-10-23"),
        ("gpt-5.5-cyber-preview", "2027-02-01"),
    ];
    for (name, date) in ends {
        let entry = registry.lookup(name);
        assert_eq!(entry.deprecated.as_deref(), Some(date), "{name}");
        assert!(entry.is_known(), "{name} falls to '{}'", entry.pattern);
    }
    for name in [
        "gemini-2.5-flash-lite",
        "gpt-5.5",
        "openai/gpt-4.1",
        "openai/gpt-4o",
    ] {
        let entry = registry.lookup(name);
        assert_ne!(entry.deprecated.as_deref(), Some("2026-10-23"), "{name}");
    }
    let price = |name: &str| registry.lookup(name).price.unwrap_or_default();
    for name in ["gemini-4-argon", "gemini-4-carbon", "google/gemini-4-argon"] {
        let p = price(name);
        assert_eq!(
            (p.input, p.output, p.cache_read),
            (Some(4.0), Some(20.0), Some(0.2)),
            "{name}"
        );
    }
    assert_eq!(
        (price("gpt-5.5-pro").input, price("gpt-5.5-pro").output),
        (Some(30.0), Some(180.0))
    );
    assert_eq!(price("gpt-5.5").input, Some(5.0));
    let mythos = price("claude-mythos-5-2");
    assert_eq!(
        (mythos.input, mythos.output, mythos.cache_read),
        (Some(8.0), Some(40.0), Some(0.2))
    );
    // Anthropic's own page decides Sonnet 5.5's cache read; the trackers' $0.10 is noted.
    assert_eq!(price("claude-sonnet-5-5").cache_read, Some(0.2));
    let yaml = include_str!("../../templates/models.yaml");
    let sonnet = &yaml[yaml.find("\"claude-sonnet-5-5*\"").unwrap()..];
    let sonnet = &sonnet[..sonnet.find("cache_read:").unwrap()];
    assert!(
        sonnet.contains("disputed:") && sonnet.contains("$0.10"),
        "{sonnet}"
    );
    // No explicit caching from Gemini 4 Argon on.
    for name in [
        "gemini-4-argon",
        "gemini-4-carbon",
        "gemini-4-neon",
        "gemini-4-hydrogen",
        "gemini-4-x",
    ] {
        assert!(!registry.lookup(name).cached_contents, "{name}");
    }
    assert!(registry.lookup("gemini-3.8-flash").cached_contents);
    // Explicit breakpoints for every GPT-5.6 and later model, OpenRouter's names too.
    for name in [
        "gpt-5.6-cyber",
        "gpt-6-astra-healthcare",
        "gpt-6.2-sol-healthcare",
        "openai/gpt-5.6-terra",
        "openai/gpt-6.1-sol",
    ] {
        assert!(registry.lookup(name).cache_breakpoints, "{name}");
    }
    for name in [
        "gemini-flash-latest",
        "gemini-flash-lite-latest",
        "gemini-pro-latest",
        "gemma-4-31b-it",
    ] {
        let entry = registry.lookup(name);
        assert!(
            entry.is_known() && entry.provider == "gemini",
            "{name}: '{}'",
            entry.pattern
        );
    }
}

/// Every model the README's and the manual's examples name is one the registry knows and
/// its provider has not retired, so a pipeline copied from them sends a current model.
#[test]
fn readme_examples_name_current_models() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    for doc in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = doc.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            readme.push_str(&std::fs::read_to_string(path).unwrap());
        }
    }
    let registry = asimi_prompt::model::ModelRegistry::builtin();
    let named: std::collections::BTreeSet<&str> = readme
        .split("--model ")
        .skip(1)
        .chain(readme.split("\nmodel: ").skip(1))
        .filter_map(|rest| rest.split([' ', '\n', '`', '|', '\\']).next())
        // A placeholder, a local model served with --context-window, and the misspelling
        // docs/requests.md shows refused.
        .filter(|name| !["M", "local", "", "claude-sonet-5-5"].contains(name))
        .collect();
    assert!(named.len() >= 5, "{named:?}");
    for name in named {
        let entry = registry.lookup(name);
        assert!(entry.is_known(), "{name}: no entry of its own");
        assert_eq!(entry.deprecated, None, "{name} is deprecated");
    }
}
