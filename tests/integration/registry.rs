//! The prompt registry: built-in core prompts and skills, `--skill`, `--sanity`, the
//! user's and the project's `prompts/` directories, tags, and duplicate ids.

use crate::common;
use common::Test;

use common::marked_base as prompt;
use common::marked_base_with_sanity;

/// A registered prompt file.
fn entry(id: &str, tags: &str, body: &str) -> String {
    format!("---\nid: {id}\nname: {id}\ntags: [{tags}]\n---\n{body}\n")
}

#[test]
fn skills_render_after_base_in_order_with_tool_names() {
    let t = prompt(
        Test::new()
            .file(
                ".asimi/prompts/grep-first.md",
                entry(
                    "grep-first",
                    "skill",
                    "# Grep First\n\nSearch with `{{.ToolNames.Grep}}`.",
                ),
            )
            .file(
                ".asimi/prompts/short.md",
                entry("short", "skill", "Be short."),
            ),
    )
    .args([
        "--skill",
        "short",
        "--skill",
        "grep-first",
        "--tool-name",
        "grep=rg",
    ]);
    assert_eq!(
        t.run().ok(),
        "BASE\n\nBe short.\n\n# Grep First\n\nSearch with `rg`.\n"
    );
}

/// `text` as the tools protocol renders it: each `{{if .ToolNames.X}}A{{else}}B{{end}}`
/// becomes A.
fn with_tools(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{if .ToolNames.") {
        out.push_str(&rest[..start]);
        let then = &rest[start..];
        let then = &then[then.find("}}").unwrap() + 2..];
        let (kept, after) = then.split_once("{{else}}").unwrap();
        out.push_str(kept);
        rest = &after[after.find("{{end}}").unwrap() + "{{end}}".len()..];
    }
    out.push_str(rest);
    out
}

/// The sanity check as a tier renders it: the whole text above 16K tokens of context, a
/// short list at tier 3, one line at tiers 1 and 2 (it is on by default, so small windows
/// get its gist), the shortest at tier 1.
fn sanity_text(tier: u8) -> String {
    let sanity = include_str!("../../templates/registry/sanity-reality-check.md");
    let body = sanity.split("\n---\n").nth(1).unwrap();
    let part = match tier {
        1 => body.split("{{- if le .Tier 1 -}}\n").nth(1).unwrap(),
        2 => body.split("{{- else if le .Tier 2 -}}\n").nth(1).unwrap(),
        3 => body.split("{{- else if le .Tier 3 -}}\n").nth(1).unwrap(),
        _ => body.split("{{- else -}}\n").nth(1).unwrap(),
    };
    let part = with_tools(part.split("\n{{-").next().unwrap());
    let text = part
        .replace("{{.ToolNames.Shell}}", "run_shell_command")
        .replace("{{.ToolNames.ReadFile}}", "read_file");
    assert!(!text.contains("{{"), "{text}");
    text
}

#[test]
fn built_in_skills_and_the_sanity_check() {
    let want_sanity = sanity_text(5);
    assert!(want_sanity.starts_with("# Sanity Checks\n\nBefore you say"));
    let out = prompt(Test::new())
        .args(["--sanity"])
        .run()
        .ok()
        .to_string();
    assert_eq!(out, format!("BASE\n\n{want_sanity}\n"));
    // Skills first, the sanity check last (the design's order), each once.
    let out = prompt(Test::new())
        .args([
            "--sanity",
            "--skill",
            "code-review",
            "--skill",
            "code-review",
        ])
        .run()
        .ok()
        .to_string();
    assert!(out.starts_with("BASE\n\n# Code Review\n"), "{out}");
    assert!(out.ends_with(&format!("\n\n{want_sanity}\n")), "{out}");
    assert_eq!(out.matches("# Code Review").count(), 1);
    // The config file can ask for skills; the sanity check is on by default.
    let out =
        marked_base_with_sanity(Test::new().file(".asimi/config.yaml", "skills: [code-review]\n"))
            .run()
            .ok()
            .to_string();
    assert!(out.starts_with("BASE\n\n# Code Review\n"), "{out}");
    assert!(out.ends_with(&format!("\n\n{want_sanity}\n")), "{out}");
}

/// The sanity check is on by default (docs/contributing/design.md). `--no-sanity` or `sanity: false`
/// leaves it out; the flag given last wins, and a flag beats the config files.
#[test]
fn the_sanity_check_is_on_by_default() {
    let sanity =
        |t: Test, args: &[&str]| marked_base_with_sanity(t).run_with(args).ok().to_string();
    let with = format!("BASE\n\n{}\n", sanity_text(5));
    let without = "BASE\n";
    assert_eq!(sanity(Test::new(), &[]), with);
    assert_eq!(sanity(Test::new(), &["--no-sanity"]), without);
    assert_eq!(sanity(Test::new(), &["--sanity", "--no-sanity"]), without);
    assert_eq!(sanity(Test::new(), &["--no-sanity", "--sanity"]), with);
    let user_off = || Test::new().config_file("config.yaml", "sanity: false\n");
    assert_eq!(sanity(user_off(), &[]), without);
    assert_eq!(sanity(user_off(), &["--sanity"]), with);
    let project_on = user_off().file(".asimi/config.yaml", "sanity: true\n");
    assert_eq!(sanity(project_on, &[]), with);
    let project_off = Test::new().file(".asimi/config.yaml", "sanity: false\n");
    assert_eq!(sanity(project_off, &[]), without);
    // The skills section can still be switched off as a whole.
    assert_eq!(sanity(Test::new(), &["--no-section", "skills"]), without);
    // Small context windows get its gist.
    for (window, tier) in [("4096", 1), ("8192", 2), ("16384", 3)] {
        let out = sanity(Test::new(), &["--context-window", window]);
        assert_eq!(out, format!("BASE\n\n{}\n", sanity_text(tier)), "{window}");
    }
    assert!(sanity_text(1).starts_with("Sanity checks: never invent"));
    assert!(sanity_text(2).starts_with("Sanity checks: re-read your edits and run the tests"));
    assert!(sanity_text(3).starts_with("# Sanity Checks\n\nBefore you say something is done"));
}

#[test]
fn core_mandates_are_built_in() {
    let out = prompt(Test::new())
        .args(["--skill", "core-mandates"])
        .run()
        .ok()
        .to_string();
    assert!(out.starts_with("BASE\n\n# Core Mandates\n"), "{out}");
}

#[test]
fn goal_then_skills() {
    let t = prompt(Test::new().file(".asimi/goal.yaml", "description: Ship it\n")).args([
        "--skill",
        "debugging",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(t.run().ok()).unwrap();
    let names: Vec<&str> = json["sections"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["text"] != "")
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["base", "goal", "skills"]);
}

#[test]
fn unknown_skill_lists_the_valid_ones() {
    let t = prompt(Test::new()).args(["--skill", "debuging"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: --skill 'debuging': no such prompt; the registered prompts are \
         code-review, core-mandates, debugging, documentation, git-workflow, performance, \
         refactoring, sanity-reality-check, security-review, test-driven-development\n"
    );
    let t = prompt(Test::new().file(".asimi/config.yaml", "skills: [nope]\n"));
    let err = t.run().fails().to_string();
    assert!(
        err.starts_with(&format!(
            "asimi-prompt: {}/.asimi/config.yaml: skills 'nope': no such prompt;",
            t.work.display()
        )),
        "{err}"
    );
}

#[test]
fn list_by_tag_and_all_prompts() {
    let t = Test::new()
        .file(
            ".asimi/prompts/deploy.md",
            entry("deploy", "skill, ops", "Deploy."),
        )
        .args(["template", "list"]);
    let work = t.work.display().to_string();
    assert_eq!(
        t.run_with(&["--tag", "core"]).ok(),
        "\
core-mandates         core,mandates  static  built-in:registry/core-mandates.md
sanity-reality-check  core,sanity    static  built-in:registry/sanity-reality-check.md
"
    );
    assert_eq!(
        t.run_with(&["--tag", "ops"]).ok(),
        format!("deploy  skill,ops  config  {work}/.asimi/prompts/deploy.md\n")
    );
    let all = t.run_with(&["--prompts"]).ok().to_string();
    let ids: Vec<&str> = all.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "code-review",
            "core-mandates",
            "debugging",
            "deploy",
            "documentation",
            "git-workflow",
            "performance",
            "refactoring",
            "sanity-reality-check",
            "security-review",
            "test-driven-development"
        ]
    );
    assert!(t
        .run_with(&["--tag", "nope"])
        .fails()
        .starts_with("asimi-prompt: no registered prompt has the tag 'nope'; the tags are core,"));
}

#[test]
fn duplicate_ids_name_both_files() {
    // Twice in one directory.
    let t = prompt(
        Test::new()
            .file(".asimi/prompts/a.md", entry("same", "skill", "A"))
            .file(".asimi/prompts/b.md", entry("same", "skill", "B")),
    )
    .args(["--skill", "same"]);
    let dir = format!("{}/.asimi/prompts", t.work.display());
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: prompt id 'same' is defined twice: in '{dir}/a.md' and in \
             '{dir}/b.md'; give one of them another id\n"
        )
    );
    // A project prompt reusing a built-in id without saying so.
    let t = prompt(Test::new().file(
        ".asimi/prompts/mine.md",
        entry("code-review", "skill", "Mine."),
    ));
    assert_eq!(
        t.run_with(&["--skill", "code-review"]).fails(),
        format!(
            "asimi-prompt: prompt id 'code-review' is defined in \
             'built-in:registry/code-review.md' and again in '{0}/.asimi/prompts/mine.md'; \
             to replace the first, add `override: true` to the front matter of \
             '{0}/.asimi/prompts/mine.md', or give it another id\n",
            t.work.display()
        )
    );
    // The user's prompt and the project's, the same.
    let t = prompt(
        Test::new()
            .config_file("prompts/x.md", entry("x", "skill", "User."))
            .file(".asimi/prompts/x.md", entry("x", "skill", "Project.")),
    );
    let err = t.run_with(&["--skill", "x"]).fails().to_string();
    assert!(
        err.contains(&format!(
            "is defined in '{}/prompts/x.md' and again in '{}/.asimi/prompts/x.md'",
            t.config_dir().display(),
            t.work.display()
        )),
        "{err}"
    );
}

#[test]
fn explicit_overrides_replace_lower_directories_only() {
    let over = "---\nid: code-review\nname: Review\ntags: [skill]\noverride: true\n---\nOurs.\n";
    let t =
        prompt(Test::new().file(".asimi/prompts/review.md", over)).args(["--skill", "code-review"]);
    assert_eq!(t.run().ok(), "BASE\n\nOurs.\n");
    // The project overrides the user's override.
    let t = prompt(
        Test::new()
            .config_file("prompts/review.md", over.replace("Ours.", "User's."))
            .file(".asimi/prompts/review.md", over),
    )
    .args(["--skill", "code-review"]);
    assert_eq!(t.run().ok(), "BASE\n\nOurs.\n");
    // The user's override stands when the project has none.
    let t = prompt(Test::new().config_file("prompts/review.md", over.replace("Ours.", "User's.")))
        .args(["--skill", "code-review"]);
    assert_eq!(t.run().ok(), "BASE\n\nUser's.\n");
}

#[test]
fn bad_prompt_files_are_located() {
    let cases = [
        (
            "---\nid: a\nname: A\ncolor: red\n---\nText\n",
            ":4:1: key 'color': unknown field `color`, expected one of `id`, `name`, \
             `description`, `tags`, `requiredTools`, `source`, `serverName`, `override`",
        ),
        ("# Just text\n", ":1: expected front matter: a '---' line, then id, name and the other keys, then another '---' line before the prompt text"),
        ("---\nid: a\nname: A\n", ": the front matter is not closed; add a '---' line after it"),
        ("---\nid: a\nname: A\n---\n\n", ": the prompt 'a' has no text after its front matter"),
        ("---\nname: A\n---\nText\n", ":2:1: missing field `id`"),
        (
            "---\nid: a\nname: A\nsource: plugin\n---\nText\n",
            ":4:9: key 'source': unknown variant `plugin`, expected one of `static`, `mcp`, `config`",
        ),
        ("---\nid: two words\nname: A\n---\nText\n", ": key 'id': 'two words' is not an id; use letters, digits and dashes, e.g. code-review"),
    ];
    for (text, want) in cases {
        let t = prompt(Test::new().file(".asimi/prompts/p.md", text)).args(["--sanity"]);
        assert_eq!(
            t.run().fails(),
            format!(
                "asimi-prompt: {}/.asimi/prompts/p.md{want}\n",
                t.work.display()
            ),
            "for {text:?}"
        );
    }
}

#[test]
fn the_registry_is_read_only_when_asked() {
    // A broken project prompt does not stop a run that asks for no skill and no sanity
    // check; the sanity check is on by default, so a default run reads the registry.
    let t = prompt(Test::new().file(".asimi/prompts/p.md", "no front matter\n"));
    assert_eq!(t.run().ok(), "BASE\n");
    let t = marked_base_with_sanity(Test::new().file(".asimi/prompts/p.md", "no front matter\n"));
    assert!(t.run().fails().contains("p.md:1: expected front matter"));
}
