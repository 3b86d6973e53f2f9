//! The system prompt's sections through the binary: sandbox, git, context files (with
//! `@path` imports), instructions and memory, switching sections off, `.Vars` and `-C`.

use crate::common;
use std::path::Path;

use asimi_prompt::settings::SECTIONS;
use common::Test;

const SANDBOX_NONE: &str = "# Outside of Sandbox\n\nYou are running directly on the user's machine, outside any sandbox or container. Your commands have the same access as the user: they can change any file the user can change, reach the network, and affect the rest of the system.\n\n- Be deliberate with commands that modify the system, delete data, install software globally or touch files outside the project directory.\n- When you explain such a critical command before running it, remind the user that they could enable sandboxing to contain commands like it.";

const SANDBOX_GENERIC: &str = "# Sandbox\n\nYou are running inside a sandbox, such as a container. Files outside the project directory and the system's temporary directories are usually out of reach, and access to the network and to host resources (ports, devices, other processes, the user's global configuration) may be limited.\n\n- If a command fails with \"Operation not permitted\", \"Permission denied\", a missing path that exists on the user's machine, or a network error that has no other explanation, the sandbox may be the cause. Say so when you report the failure instead of presenting it as a bug in the command or the code.\n- Tell the user how they could allow the operation, for example by changing the sandbox configuration to mount an extra directory, expose a port or permit network access, or by running that one command outside the sandbox themselves.\n- Don't try to get around the sandbox's restrictions; explain them and let the user decide.";

const SANDBOX_MACOS: &str = "# macOS Seatbelt\n\nYou are running under macOS Seatbelt (`sandbox-exec`). The Seatbelt profile limits what your commands may do: writing outside the project directory and the system's temporary directories is usually blocked, and network access and other host resources (ports, devices, other processes) may be restricted too.\n\n- If a command fails with \"Operation not permitted\", a similar permission error, or a network error that has no other explanation, Seatbelt may be the cause. Say so when you report the failure instead of presenting it as a bug in the command or the code.\n- Tell the user how they could allow the operation, for example by switching to a less restrictive Seatbelt profile or extending the current one to cover the path or port involved, or by running that one command outside the sandbox themselves.\n- Don't try to get around the sandbox, for example by copying files to other locations or relaunching commands in a different way to dodge the restriction.";

const GIT: &str = "# Git Repository\n\nThe current working directory is managed by git.\n\n- Only stage or commit changes when the user asks you to.\n- Before committing, gather what you need with `run_shell_command`, combining the commands into a single call where possible, for example `git status && git diff HEAD && git log -n 3`:\n  - `git status` shows which files are tracked, modified and untracked, so you know exactly what a commit would include.\n  - `git diff HEAD` shows every change since the last commit, staged or not. Use `git diff --staged` when only the staged changes are being committed, for example when the user has staged a subset on purpose.\n  - `git log -n 3` shows recent commit messages, so that yours matches their length, tense and conventions.\n- Stage files deliberately, by name. Never run `git add .` or `git add -A` without first checking `git status`: it can sweep in build output, secrets or unrelated work in progress.\n- Always propose a draft commit message. Make it clear and concise, and focus on why the change was made rather than on what changed; the diff already shows what changed.\n- Keep the user informed, and ask for clarification or confirmation when the commit's scope or message is unclear.\n- After each commit, run `git status` to confirm that it succeeded.\n- If a commit fails, for example because a pre-commit hook rejected it, don't work around the failure with `--no-verify`, by disabling hooks or by rewriting history. Report what happened, then fix the underlying problem or ask the user how to proceed.\n- Never push to a remote repository unless the user explicitly asks you to.";

/// `--no-section` for every section not in `keep`.
fn only(keep: &[&str]) -> Vec<String> {
    SECTIONS
        .iter()
        .filter(|s| !keep.contains(s))
        .flat_map(|s| ["--no-section".to_string(), s.to_string()])
        .collect()
}

/// A context block as the context section prints it.
fn block(path: &str, content: &str) -> String {
    format!("--- Context from: {path} ---\n{content}\n--- End of Context from: {path} ---")
}

fn show(path: &Path) -> String {
    path.display().to_string()
}

// ---------------------------------------------------------------------------------------
// Assembly
// ---------------------------------------------------------------------------------------

#[test]
fn sections_come_in_order_joined_by_a_blank_line() {
    let t = Test::new()
        .git()
        .file("AGENTS.md", "\n\n  Use tabs.  \n\n")
        .args([
            "--append-system-prompt",
            "  Be brief.\n",
            "--memory",
            "\n Likes tea. \n",
        ]);
    let out = t.run().ok().to_string();
    let json: serde_json::Value = serde_json::from_str(t.args(["--json"]).run().ok()).unwrap();
    let base = json["sections"][0]["text"].as_str().unwrap();
    assert!(
        base.starts_with("You are an interactive command-line agent"),
        "{base}"
    );
    // The skills section holds the sanity check, which is on by default.
    let skills = json["sections"][2]["text"].as_str().unwrap();
    assert_eq!(json["sections"][2]["name"], "skills");
    assert!(skills.starts_with("# Sanity Checks\n"), "{skills}");
    assert_eq!(
        out,
        format!(
            "{base}\n\n{skills}\n\n{SANDBOX_NONE}\n\n{GIT}\n\n{}\n\nBe brief.\n\n---\n\nLikes tea.\n",
            block("AGENTS.md", "Use tabs.")
        )
    );
}

#[test]
fn no_command_is_the_system_command() {
    let t = Test::new().git().file("AGENTS.md", "Use tabs.\n");
    let plain = t.run().ok().to_string();
    let t = t.args(["system"]);
    assert_eq!(t.run().ok(), plain);
    let generic = |first: &[&str]| {
        let t = Test::new()
            .args(first)
            .args(only(&["sandbox"]))
            .args(["--sandbox", "generic"]);
        t.run().ok().to_string()
    };
    assert_eq!(generic(&[]), format!("{SANDBOX_GENERIC}\n"));
    assert_eq!(generic(&["system"]), format!("{SANDBOX_GENERIC}\n"));
}

#[test]
fn an_empty_prompt_is_one_newline() {
    let t = Test::new().args(only(&[]));
    assert_eq!(t.run().ok(), "\n");
    // Sections with nothing to say drop out entirely.
    let t = Test::new().args(only(&["git", "context", "instructions", "memory"]));
    assert_eq!(t.run().ok(), "\n");
}

// ---------------------------------------------------------------------------------------
// Sandbox
// ---------------------------------------------------------------------------------------

#[test]
fn sandbox_auto_reads_the_sandbox_variable() {
    let run = |sandbox: Option<&str>, args: &[&str]| {
        let mut t = Test::new().args(only(&["sandbox"])).args(args);
        if let Some(v) = sandbox {
            t = t.env("SANDBOX", v);
        }
        t.run().ok().to_string()
    };
    let none = format!("{SANDBOX_NONE}\n");
    let generic = format!("{SANDBOX_GENERIC}\n");
    let macos = format!("{SANDBOX_MACOS}\n");
    assert_eq!(run(None, &[]), none);
    assert_eq!(run(Some(""), &[]), none);
    assert_eq!(run(Some("sandbox-exec"), &[]), macos);
    assert_eq!(run(Some("docker"), &[]), generic);
    assert_eq!(run(Some("podman"), &["--sandbox", "auto"]), generic);
    assert_eq!(run(Some("sandbox-exec"), &["--sandbox", "auto"]), macos);
    // An explicit value ignores SANDBOX.
    assert_eq!(run(Some("docker"), &["--sandbox", "none"]), none);
    assert_eq!(run(None, &["--sandbox", "macos"]), macos);
    assert_eq!(
        run(Some("sandbox-exec"), &["--sandbox", "generic"]),
        generic
    );
    assert_eq!(run(None, &["--sandbox", "generic"]), generic);
}

#[test]
fn an_unknown_sandbox_value_is_rejected() {
    let t = Test::new().args(["--sandbox", "docker"]);
    let err = t.run().fails().to_string();
    assert!(
        err.contains("invalid value 'docker' for '--sandbox <KIND>'"),
        "{err}"
    );
    assert!(
        err.contains("[possible values: auto, macos, generic, none]"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------------------
// Git
// ---------------------------------------------------------------------------------------

#[test]
fn git_section_only_inside_a_work_tree() {
    let args = only(&["git"]);
    assert_eq!(Test::new().args(&args).run().ok(), "\n");
    assert_eq!(Test::new().git().args(&args).run().ok(), format!("{GIT}\n"));
    // From a subdirectory of the work tree too.
    assert_eq!(
        Test::new().git().cwd("a/b").args(&args).run().ok(),
        format!("{GIT}\n")
    );
    // A .git directory that is not a repository is no repository.
    assert_eq!(
        Test::new()
            .file(".git/README", "not a repo")
            .args(&args)
            .run()
            .ok(),
        "\n"
    );
}

#[test]
fn git_section_uses_the_shell_tool_name() {
    let t = Test::new()
        .git()
        .args(only(&["git"]))
        .args(["--tool-name", "shell=bash_exec"]);
    assert_eq!(
        t.run().ok(),
        format!("{}\n", GIT.replace("run_shell_command", "bash_exec"))
    );
}

// ---------------------------------------------------------------------------------------
// Context files
// ---------------------------------------------------------------------------------------

#[test]
fn context_hierarchy_user_dir_then_root_down_to_cwd() {
    let t = Test::new()
        .git()
        .config_file("AGENTS.md", "User rules.\n")
        .file("AGENTS.md", "Root rules.\n")
        .file("a/AGENTS.md", "A rules.\n")
        .file("a/b/AGENTS.md", "B rules.\n")
        // Beside and below the working directory: not read.
        .file("other/AGENTS.md", "Other rules.\n")
        .file("a/b/c/AGENTS.md", "C rules.\n")
        .cwd("a/b")
        .args(only(&["context"]));
    let expected = [
        block(
            &format!(
                "../../../{}/AGENTS.md",
                t.config_dir().strip_prefix(&t.root).unwrap().display()
            ),
            "User rules.",
        ),
        block("../../AGENTS.md", "Root rules."),
        block("../AGENTS.md", "A rules."),
        block("AGENTS.md", "B rules."),
    ]
    .join("\n\n");
    assert_eq!(t.run().ok(), format!("{expected}\n"));
}

#[test]
fn context_outside_git_reads_only_the_working_directory() {
    let t = Test::new()
        .file("AGENTS.md", "Parent rules.\n")
        .file("sub/AGENTS.md", "Sub rules.\n")
        .cwd("sub")
        .args(only(&["context"]));
    assert_eq!(
        t.run().ok(),
        format!("{}\n", block("AGENTS.md", "Sub rules."))
    );
}

#[test]
fn empty_context_files_are_skipped_and_content_is_trimmed() {
    let t = Test::new()
        .git()
        .file("AGENTS.md", "\n\n   Root rules.\n\n  Second para.  \n\n")
        .file("a/AGENTS.md", " \n\t\n")
        .file("a/b/AGENTS.md", "")
        .cwd("a/b")
        .args(only(&["context"]));
    assert_eq!(
        t.run().ok(),
        format!(
            "{}\n",
            block("../../AGENTS.md", "Root rules.\n\n  Second para.")
        )
    );
    let t = Test::new()
        .file("AGENTS.md", "   \n")
        .args(only(&["context"]));
    assert_eq!(t.run().ok(), "\n");
}

#[test]
fn context_file_names_are_configurable() {
    let files = || {
        Test::new()
            .git()
            .file("AGENTS.md", "Agents root.\n")
            .file("CLAUDE.md", "Claude root.\n")
            .file("GEMINI.md", "Gemini root.\n")
            .file("sub/CLAUDE.md", "Claude sub.\n")
            .cwd("sub")
            .args(only(&["context"]))
    };
    // The default is AGENTS.md only.
    assert_eq!(
        files().run().ok(),
        format!("{}\n", block("../AGENTS.md", "Agents root."))
    );
    // Two names: within a directory in the order given, outer directories first.
    let t = files().args(["--context-file", "CLAUDE.md", "--context-file", "AGENTS.md"]);
    let expected = [
        block("../CLAUDE.md", "Claude root."),
        block("../AGENTS.md", "Agents root."),
        block("CLAUDE.md", "Claude sub."),
    ]
    .join("\n\n");
    assert_eq!(t.run().ok(), format!("{expected}\n"));
    // The same list from the project config.
    let t = files().file(
        ".asimi/config.yaml",
        "context_files: [GEMINI.md, CLAUDE.md]\n",
    );
    let expected = [
        block("../GEMINI.md", "Gemini root."),
        block("../CLAUDE.md", "Claude root."),
        block("CLAUDE.md", "Claude sub."),
    ]
    .join("\n\n");
    assert_eq!(t.run().ok(), format!("{expected}\n"));
    // The flag replaces the config's list.
    let t = files()
        .file(".asimi/config.yaml", "context_files: [GEMINI.md]\n")
        .args(["--context-file", "AGENTS.md"]);
    assert_eq!(
        t.run().ok(),
        format!("{}\n", block("../AGENTS.md", "Agents root."))
    );
}

#[test]
fn imports_are_expanded_relative_to_the_importing_file() {
    let t = Test::new()
        .git()
        .file(
            "AGENTS.md",
            "Rules:\n@docs/style.md\nSee @./docs/tests.md, then ask @alice or mail a@b.com.\n```\n@docs/style.md\n```\n",
        )
        .file("docs/style.md", "\n  Tabs.\n@more/naming.md\n\n")
        .file("docs/more/naming.md", "snake_case.\n")
        .file("docs/tests.md", "Run `cargo test`.\n")
        .args(only(&["context"]));
    let content = "Rules:\nTabs.\nsnake_case.\nSee Run `cargo test`., then ask @alice or mail a@b.com.\n```\n@docs/style.md\n```";
    assert_eq!(t.run().ok(), format!("{}\n", block("AGENTS.md", content)));
}

/// Runs `t`, which must succeed without reading anything secret, and returns stderr
/// (a failed import is a warning, and its text stays as written).
fn warned(t: &Test) -> String {
    let run = t.run();
    assert!(!run.ok().contains("SECRET-TOKEN"), "{}", run.stdout);
    run.stderr
}

#[test]
fn imports_nest_five_levels_deep() {
    let chain = |levels: usize| {
        let mut t = Test::new()
            .git()
            .file("AGENTS.md", "@f1.md\n")
            .args(only(&["context"]));
        for i in 1..levels {
            t = t.file(&format!("f{i}.md"), format!("{i}\n@f{}.md\n", i + 1));
        }
        t.file(&format!("f{levels}.md"), "end\n")
    };
    assert_eq!(
        chain(5).run().ok(),
        format!("{}\n", block("AGENTS.md", "1\n2\n3\n4\nend"))
    );
    assert_eq!(
        warned(&chain(6)),
        "asimi-prompt: warning: f5.md:2: imports nest more than 5 levels deep; left as text\n"
    );
}

#[test]
fn an_import_cycle_is_a_warning() {
    let t = Test::new()
        .git()
        .file("AGENTS.md", "Top\n@docs/a.md\n")
        .file("docs/a.md", "A\n@b.md\n")
        .file("docs/b.md", "B\n\n@../AGENTS.md\n");
    assert_eq!(
        warned(&t),
        "asimi-prompt: warning: docs/b.md:3: import cycle: AGENTS.md -> docs/a.md -> docs/b.md -> AGENTS.md; left as text\n"
    );
    let t = Test::new().git().file("AGENTS.md", "@AGENTS.md\n");
    assert_eq!(
        warned(&t),
        "asimi-prompt: warning: AGENTS.md:1: import cycle: AGENTS.md -> AGENTS.md; left as text\n"
    );
}

#[test]
fn an_import_outside_the_project_root_is_refused_and_not_read() {
    let t = Test::new()
        .git()
        .home_file("secret.md", "SECRET-TOKEN\n")
        .file("sub/AGENTS.md", "ok\n@../../home/secret.md\n")
        .cwd("sub");
    assert_eq!(
        warned(&t),
        format!(
            "asimi-prompt: warning: AGENTS.md:2: import '@../../home/secret.md' is outside the project \
             root '{}'; only files inside the project can be imported; left as text\n",
            show(&t.work)
        )
    );
    // Absolute and ~ paths are checked the same way.
    let t = Test::new()
        .git()
        .home_file("secret.md", "SECRET-TOKEN\n")
        .file("AGENTS.md", "@~/secret.md\n");
    assert_eq!(
        warned(&t),
        format!(
            "asimi-prompt: warning: AGENTS.md:1: import '@~/secret.md' is outside the project root \
             '{}'; only files inside the project can be imported; left as text\n",
            show(&t.work)
        )
    );
}

#[test]
fn a_missing_import_is_a_warning() {
    let t = Test::new()
        .git()
        .file("AGENTS.md", "Rules\n\n@docs/missing.md\n")
        .cwd("sub");
    assert_eq!(
        warned(&t),
        "asimi-prompt: warning: ../AGENTS.md:3: cannot import '../docs/missing.md': no such file; left as text\n"
    );
}

#[test]
fn a_non_utf8_context_file_is_decoded_with_a_warning() {
    let t = Test::new()
        .git()
        .file("AGENTS.md", b"caf\xe9\n@docs/x.md\n")
        .file("docs/x.md", b"\xfe!")
        .args(only(&["context"]));
    let run = t.run();
    assert_eq!(
        run.ok(),
        format!("{}\n", block("AGENTS.md", "caf\u{fffd}\n\u{fffd}!"))
    );
    assert_eq!(
        run.stderr,
        "asimi-prompt: warning: 'AGENTS.md' is not valid UTF-8 (first bad byte at offset 3); \
         invalid bytes were replaced with U+FFFD\n\
         asimi-prompt: warning: 'docs/x.md' is not valid UTF-8 (first bad byte at offset 0); \
         invalid bytes were replaced with U+FFFD\n"
    );
}

#[cfg(unix)]
#[test]
fn project_context_files_and_imports_may_not_link_outside_the_project() {
    use std::os::unix::fs::symlink;
    let t = Test::new().git().home_file("secret.md", "SECRET-TOKEN\n");
    let secret = t.home.join("secret.md");
    symlink(&secret, t.work.join("AGENTS.md")).unwrap();
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: context file 'AGENTS.md' is outside the project root '{}': it \
             leads to '{}'; files the project supplies may only name files inside it; move \
             the file into the project, or name it yourself with the matching command-line \
             flag\n",
            show(&t.work),
            show(&secret)
        )
    );
    std::fs::remove_file(t.work.join("AGENTS.md")).unwrap();
    std::fs::write(t.work.join("AGENTS.md"), "ok\n@x.md\n").unwrap();
    symlink(&secret, t.work.join("x.md")).unwrap();
    assert_eq!(
        warned(&t),
        format!(
            "asimi-prompt: warning: AGENTS.md:2: import '@x.md' is outside the project root \
             '{}': it leads to '{}'; only files inside the project can be imported; left as \
             text\n",
            show(&t.work),
            show(&secret)
        )
    );
    // A link that stays inside the project is fine.
    std::fs::remove_file(t.work.join("x.md")).unwrap();
    std::fs::write(t.work.join("real.md"), "inside\n").unwrap();
    symlink("real.md", t.work.join("x.md")).unwrap();
    let out = t.run_with(&only(&["context"])).ok().to_string();
    assert_eq!(out, format!("{}\n", block("AGENTS.md", "ok\ninside")));
}

// ---------------------------------------------------------------------------------------
// Memory
// ---------------------------------------------------------------------------------------

#[test]
fn memory_from_the_flag_a_file_or_the_user_config() {
    let args = only(&["sandbox", "memory"]);
    let expect = |memory: &str| format!("{SANDBOX_NONE}\n\n---\n\n{memory}\n");

    let t = Test::new()
        .args(&args)
        .args(["--memory", "\n  Likes tea.\n  Uses vim.  \n\n"]);
    assert_eq!(t.run().ok(), expect("Likes tea.\n  Uses vim."));

    let t = Test::new()
        .file("notes/mem.md", "From a file.\n")
        .cwd("sub")
        .args(&args)
        .args(["--memory-file", "../notes/mem.md"]);
    assert_eq!(t.run().ok(), expect("From a file."));

    let t = Test::new()
        .config_file("memory.md", "# Gemini Added Memories\n- Likes tea.\n")
        .args(&args);
    assert_eq!(
        t.run().ok(),
        expect("# Gemini Added Memories\n- Likes tea.")
    );

    // Markdown lists start with a hyphen; that is still the value, not an option.
    let t = Test::new()
        .args(&args)
        .args(["--memory", "- Likes tea.\n- Uses vim."]);
    assert_eq!(t.run().ok(), expect("- Likes tea.\n- Uses vim."));

    // The flags win over memory.md.
    let t = Test::new()
        .config_file("memory.md", "From the config dir.\n")
        .args(&args)
        .args(["--memory", "From the flag."]);
    assert_eq!(t.run().ok(), expect("From the flag."));

    // config.yaml's memory_file (relative to the config file's directory).
    let t = Test::new()
        .config_file("config.yaml", "memory_file: facts/me.md\n")
        .config_file("facts/me.md", "Configured.\n")
        .config_file("memory.md", "Default.\n")
        .args(&args);
    assert_eq!(t.run().ok(), expect("Configured."));
}

#[test]
fn no_memory_or_whitespace_only_memory_adds_nothing() {
    let args = only(&["sandbox", "memory"]);
    let none = format!("{SANDBOX_NONE}\n");
    assert_eq!(Test::new().args(&args).run().ok(), none);
    let t = Test::new().args(&args).args(["--memory", " \n\t\n"]);
    assert_eq!(t.run().ok(), none);
    let t = Test::new().config_file("memory.md", "\n\n  \n").args(&args);
    assert_eq!(t.run().ok(), none);
    let t = Test::new().args(&args).args(["--memory", ""]);
    assert_eq!(t.run().ok(), none);
    // --no-section memory drops it even when there is some.
    let t = Test::new()
        .config_file("memory.md", "Likes tea.\n")
        .args(only(&["sandbox"]));
    assert_eq!(t.run().ok(), none);
}

#[test]
fn memory_errors() {
    let t = Test::new().args(["--memory-file", "nope.md"]);
    let err = t.run().fails().to_string();
    assert_eq!(
        err,
        format!(
            "asimi-prompt: cannot read memory file '{}': no such file\n",
            show(&t.work.join("nope.md"))
        )
    );
    let t = Test::new().args(["--memory", "a", "--memory-file", "b"]);
    let err = t.run().fails().to_string();
    assert!(
        err.contains("'--memory <TEXT>' cannot be used with '--memory-file <FILE>'"),
        "{err}"
    );
    let t = Test::new().config_file("config.yaml", "memory_file: gone.md\n");
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: cannot read memory file '{}': no such file\n",
            show(&t.config_dir().join("gone.md"))
        )
    );
}

// ---------------------------------------------------------------------------------------
// Instructions
// ---------------------------------------------------------------------------------------

#[test]
fn instructions_from_text_a_file_or_the_environment() {
    let args = only(&["instructions", "memory"]);
    let t = Test::new().args(&args).args([
        "--append-system-prompt",
        "\n Be brief.\n\n",
        "--memory",
        "M.",
    ]);
    assert_eq!(t.run().ok(), "Be brief.\n\n---\n\nM.\n");

    let t = Test::new()
        .file("docs/extra.md", "# Extra\n\nFrom a file.\n")
        .cwd("sub")
        .args(&args)
        .args(["--append-system-prompt", "@../docs/extra.md"]);
    assert_eq!(t.run().ok(), "# Extra\n\nFrom a file.\n");

    let t = Test::new()
        .home_file("extra.md", "From the environment.\n")
        .env("ASIMI_APPEND_SYSTEM_MD", "~/extra.md")
        .args(&args);
    assert_eq!(t.run().ok(), "From the environment.\n");

    let t = Test::new()
        .args(&args)
        .args(["--append-system-prompt", "- Rule one.\n- Rule two."]);
    assert_eq!(t.run().ok(), "- Rule one.\n- Rule two.\n");

    // The flag wins over the variable; 0 switches the variable off.
    let t = Test::new()
        .home_file("extra.md", "From the environment.\n")
        .env("ASIMI_APPEND_SYSTEM_MD", "~/extra.md")
        .args(&args)
        .args(["--append-system-prompt", "From the flag."]);
    assert_eq!(t.run().ok(), "From the flag.\n");
    let t = Test::new().env("ASIMI_APPEND_SYSTEM_MD", "0").args(&args);
    assert_eq!(t.run().ok(), "\n");

    // Instructions come after context and before memory.
    let t = Test::new()
        .file("AGENTS.md", "Ctx.\n")
        .args(only(&["context", "instructions", "memory"]))
        .args(["--append-system-prompt", "Ins.", "--memory", "Mem."]);
    assert_eq!(
        t.run().ok(),
        format!("{}\n\nIns.\n\n---\n\nMem.\n", block("AGENTS.md", "Ctx."))
    );
}

#[test]
fn instruction_errors() {
    let t = Test::new().args(["--append-system-prompt", "@missing.md"]);
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: cannot read --append-system-prompt file '{}': no such file\n",
            show(&t.work.join("missing.md"))
        )
    );
    let t = Test::new().env("ASIMI_APPEND_SYSTEM_MD", "missing.md");
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: cannot read ASIMI_APPEND_SYSTEM_MD '{}': no such file\n",
            show(&t.work.join("missing.md"))
        )
    );
    let t = Test::new().env("ASIMI_APPEND_SYSTEM_MD", "true");
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: ASIMI_APPEND_SYSTEM_MD takes the path of a Markdown file to append \
         (or 0 to switch it off)\n"
    );
}

// ---------------------------------------------------------------------------------------
// Switching sections off
// ---------------------------------------------------------------------------------------

#[test]
fn sections_switch_off_by_flag_or_environment() {
    let world = || {
        Test::new().git().file("AGENTS.md", "Ctx.\n").args([
            "--no-section",
            "base",
            "--no-sanity",
            "--memory",
            "Mem.",
        ])
    };
    let ctx = block("AGENTS.md", "Ctx.");
    assert_eq!(
        world().run().ok(),
        format!("{SANDBOX_NONE}\n\n{GIT}\n\n{ctx}\n\n---\n\nMem.\n")
    );
    assert_eq!(
        world().env("ASIMI_PROMPT_GIT", "0").run().ok(),
        format!("{SANDBOX_NONE}\n\n{ctx}\n\n---\n\nMem.\n")
    );
    let t = world()
        .env("ASIMI_PROMPT_SANDBOX", "FALSE")
        .env("ASIMI_PROMPT_MEMORY", " false ")
        .args(["--no-section", "context"]);
    assert_eq!(t.run().ok(), format!("{GIT}\n"));
    // 1/true/empty keep a section on; the flag beats the variable.
    let t = world()
        .env("ASIMI_PROMPT_GIT", "1")
        .env("ASIMI_PROMPT_CONTEXT", "")
        .env("ASIMI_PROMPT_MEMORY", "TRUE")
        .args(["--no-section", "sandbox"]);
    assert_eq!(t.run().ok(), format!("{GIT}\n\n{ctx}\n\n---\n\nMem.\n"));
    let t = world().env("ASIMI_PROMPT_GIT", "true").args([
        "--no-section",
        "git",
        "--no-section",
        "sandbox",
    ]);
    assert_eq!(t.run().ok(), format!("{ctx}\n\n---\n\nMem.\n"));
}

/// The main prompt says how to read the symbol map and how to work with it (docs/contributing/design.md,
/// prompt assembly); a request that carries the map has that section right after the base prompt.
#[test]
fn a_request_with_a_map_says_how_to_read_it() {
    let t = common::mapped_project();
    let only_base_and_map = [
        "--no-sanity",
        "--no-section",
        "sandbox",
        "--no-section",
        "git",
    ];
    let guide = "# Repository Map\n\nThe request carries a map of this repository in its \
                 Repository Structure sections. For each file it lists the symbols with their \
                 kind";
    let prompt = common::request_system_prompt(&t, &only_base_and_map);
    let (base, map) = prompt
        .split_once("\n\n# Repository Map\n\n")
        .expect(&prompt);
    assert!(
        base.ends_with(
            "# Final Reminder\n\nRead before you assume, copy old lines exactly, and keep each \
             block small. Finish the task the user asked for, then report briefly."
        ),
        "{base}"
    );
    assert!(
        format!("# Repository Map\n\n{map}").starts_with(guide),
        "{map}"
    );
    // The notation as the map writes it (files, no line numbers, after `←`), then the
    // workflow: search, trace the references, ask for the files.
    for part in [
        "`←` names the files that reference a symbol",
        "`i` and `i→`",
        "`@1`, `@2`… are path prefixes",
        "1. Search the map",
        "2. Trace references: follow `←`",
        "3. Ask for the files you need in full before you explain",
    ] {
        assert!(map.contains(part), "{part}: {map}");
    }
    // With tools, the model may read the files itself.
    let tools = [&only_base_and_map[..], &["--protocol", "tools"]].concat();
    let prompt = common::request_system_prompt(&t, &tools);
    assert!(
        prompt.contains("3. Ask for the files you need in full (or read them with `read_file`)"),
        "{prompt}"
    );
    // The map's own legend follows, in the same system message.
    let args = ["messages", "--provider", "raw", "--prompt", "hi"];
    assert!(t
        .run_with(&args)
        .ok()
        .contains("# c=class m=method f=function"));
    // Small windows get a line.
    let small = common::request_system_prompt(
        &t,
        &[&only_base_and_map[..], &["--context-window", "4096"]].concat(),
    );
    assert!(
        small.ends_with(
            "\n\nRepository map: find the code there, follow ← to its users, then ask for the \
             files you need."
        ),
        "{small}"
    );
    // No map, no section: switched off, outside git, or `system` (which has no map).
    let no_map =
        common::request_system_prompt(&t, &[&only_base_and_map[..], &["--no-symbol-map"]].concat());
    assert_eq!(no_map, base);
    let off = common::request_system_prompt(
        &t,
        &[&only_base_and_map[..], &["--no-section", "map"]].concat(),
    );
    assert_eq!(off, base);
    let outside = Test::new().file("src/lib.rs", "pub fn add() {}\n");
    let outside = common::request_system_prompt(&outside, &only_base_and_map);
    assert!(!outside.contains("# Repository Map"), "{outside}");
    let system = t.run_with(&[&["system", "--protocol", "edits"][..], &only_base_and_map].concat());
    assert_eq!(system.ok(), format!("{base}\n"));
    // A project can write its own.
    let own = t.file(".asimi/templates/sections/map.md", "Map: tier {{.Tier}}.");
    let prompt = common::request_system_prompt(&own, &only_base_and_map);
    assert!(prompt.ends_with("\n\nMap: tier 5."), "{prompt}");
}

#[test]
fn unknown_sections_and_values_are_rejected() {
    let t = Test::new().args(["--no-section", "footer"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: --no-section: unknown section 'footer'; the sections are base, \
         map, tools, goal, skills, sandbox, git, context, instructions, memory\n"
    );
    let t = Test::new().args(["--no-section", "Git"]);
    assert!(t.run().fails().contains("unknown section 'Git'"));
    let t = Test::new().env("ASIMI_PROMPT_GIT", "off");
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: ASIMI_PROMPT_GIT='off': expected 0, false, 1 or true\n"
    );
}

// ---------------------------------------------------------------------------------------
// .Vars and -C
// ---------------------------------------------------------------------------------------

#[test]
fn vars_from_set_and_data_reach_project_templates() {
    let t = Test::new()
        .git()
        .file(
            ".asimi/templates/sections/instructions.md.tmpl",
            "{{- /* team notes */ -}}\nTeam {{.Vars.team}} ({{.Vars.size}} people, lead {{.Vars.lead.name}}){{with .Vars.extra}}, {{.}}{{end}}.\n",
        )
        .file("sub/vars.yaml", "team: core\nsize: 3\nlead: {name: Ada}\n")
        .file("sub/more.json", r#"{"lead": {"name": "Grace"}, "extra": "remote"}"#)
        .cwd("sub")
        .args(only(&["instructions"]));
    assert_eq!(
        t.run().ok(),
        "Team <no value> (<no value> people, lead <no value>).\n"
    );
    let t = t.args(["--data", "vars.yaml"]);
    assert_eq!(t.run().ok(), "Team core (3 people, lead Ada).\n");
    let t = t.args([
        "--data",
        "more.json",
        "--set",
        "team=platform",
        "--set",
        "lead.name=Linus",
    ]);
    assert_eq!(
        t.run().ok(),
        "Team platform (3 people, lead Linus), remote.\n"
    );
}

#[test]
fn vars_errors_name_the_file() {
    let t = Test::new()
        .file("bad.yaml", "a: [1,\n")
        .args(["--data", "bad.yaml"]);
    let err = t.run().fails().to_string();
    assert!(
        err.starts_with(&format!(
            "asimi-prompt: {}:",
            show(&t.work.join("bad.yaml"))
        )),
        "{err}"
    );
    assert!(err.contains("invalid YAML"), "{err}");
    let t = Test::new().args(["--set", "novalue"]);
    let err = t.run().fails().to_string();
    assert!(err.contains("novalue"), "{err}");
}

#[test]
fn dash_c_runs_as_if_started_in_the_directory() {
    let world = |first: &[&str]| {
        Test::new()
            .git()
            .file("AGENTS.md", "Root.\n")
            .file("sub/AGENTS.md", "Sub.\n")
            .file("sub/mem.md", "Mem.\n")
            .args(first)
            .args(only(&["git", "context", "memory"]))
            .args(["--memory-file", "mem.md"])
    };
    let expected = format!(
        "{GIT}\n\n{}\n\n{}\n\n---\n\nMem.\n",
        block("../AGENTS.md", "Root."),
        block("AGENTS.md", "Sub.")
    );
    assert_eq!(world(&[]).cwd("sub").run().ok(), expected);
    assert_eq!(world(&["-C", "sub"]).run().ok(), expected);
    // After the command name, and spelt --cwd.
    assert_eq!(world(&["system", "-C", "sub"]).run().ok(), expected);
    assert_eq!(world(&["system", "--cwd", "sub"]).run().ok(), expected);
    // -C from another directory, and a -C that is not a directory.
    let t = Test::new()
        .file("p/AGENTS.md", "P.\n")
        .cwd("q")
        .args(["-C", "../p"])
        .args(only(&["context"]));
    assert_eq!(t.run().ok(), format!("{}\n", block("AGENTS.md", "P.")));
    let t = Test::new().args(["-C", "nowhere"]);
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: -C '{}': not a directory\n",
            show(&t.work.join("nowhere"))
        )
    );
}

// ---------------------------------------------------------------------------------------
// The data templates see
// ---------------------------------------------------------------------------------------

const EVERY_FIELD: &str = "\
git={{.IsGitRepository}} sandbox={{.SandboxStatus}} model={{.Model}} family={{.ModelFamily}} provider={{.Provider}}
memory={{.UserMemory}}
project={{.ProjectContextFile}}: {{.ProjectContext}}
files={{range .ContextFiles}}[{{.Path}}|{{.Content}}]{{end}}
tools={{.ToolNames.ReadFile}},{{.ToolNames.WriteFile}},{{.ToolNames.Grep}},{{.ToolNames.Glob}},{{.ToolNames.Edit}},{{.ToolNames.Shell}},{{.ToolNames.ReadManyFiles}},{{.ToolNames.Memory}},{{.ToolNames.LS}}
env={{.Env.OS}}|{{.Env.Shell}}|{{.Env.Cwd}}|{{.Env.ProjectRoot}}|{{.Env.Home}}|{{.Env.Branch}}|{{.Env.Date}}
instructions={{.Instructions}} mode=[{{.ModeInstructions}}] vars={{.Vars.k}}
";

#[test]
fn templates_see_every_prompt_context_field() {
    let t = Test::new()
        .git()
        .file("AGENTS.md", "Root.\n")
        .file("app/AGENTS.md", "App.\n")
        .file("ctx.md.tmpl", EVERY_FIELD)
        .file(
            ".asimi/templates/modes/debugger/tier5.md",
            "Debug {{.Model}}.\n",
        )
        .cwd("app")
        .env("ASIMI_SYSTEM_MD", "../ctx.md.tmpl")
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .args(only(&["base", "context", "memory"]))
        .args([
            "--model",
            "gpt-5.4",
            "--sandbox",
            "macos",
            "--memory",
            " Tea. ",
            "--mode",
            "debugger",
        ])
        .args(["--append-system-prompt", "Ins.", "--set", "k=v"])
        .args(["--tool-name", "grep=rg"]);
    std::fs::write(t.work.join(".git/HEAD"), "ref: refs/heads/trunk\n").unwrap();
    let (work, home) = (show(&t.work), show(&t.home));
    assert_eq!(
        t.run().ok(),
        format!(
            "git=true sandbox=macos model=gpt-5.4 family=gpt provider=openai\n\
             memory=Tea.\n\
             project=AGENTS.md: App.\n\
             files=[../AGENTS.md|Root.][AGENTS.md|App.]\n\
             tools=read_file,write_file,rg,glob,replace,run_shell_command,read_many_files,save_memory,list_directory\n\
             env={}|bash|{work}/app|{work}|{home}|trunk|2023-11-14\n\
             instructions=Ins. mode=[Debug gpt-5.4.] vars=v\n\n\
             --- Context from: ../AGENTS.md ---\nRoot.\n--- End of Context from: ../AGENTS.md ---\n\n\
             --- Context from: AGENTS.md ---\nApp.\n--- End of Context from: AGENTS.md ---\n\n\
             ---\n\nTea.\n",
            std::env::consts::OS
        )
    );
    // A section switched off takes its data with it: no context files are read and
    // there is no memory.
    let t = t.args(["--no-section", "context", "--no-section", "memory"]);
    let out = t.run().ok().to_string();
    assert!(out.contains("memory=\nproject=: \nfiles=\n"), "{out}");

    // Outside git, with nothing set.
    let t = Test::new()
        .file("ctx.md.tmpl", EVERY_FIELD)
        .env("ASIMI_SYSTEM_MD", "ctx.md.tmpl")
        .env("SOURCE_DATE_EPOCH", "0")
        .file(".asimi/templates/modes/assistant/tier1.md", "")
        .args([
            "--no-section",
            "sandbox",
            "--no-sanity",
            "--context-window",
            "4096",
        ]);
    let (work, home) = (show(&t.work), show(&t.home));
    assert_eq!(
        t.run().ok(),
        format!(
            "git=false sandbox=none model=claude-sonnet-5-5 family=claude provider=anthropic\n\
             memory=\n\
             project=: \n\
             files=\n\
             tools=read_file,write_file,search_file_content,glob,replace,run_shell_command,read_many_files,save_memory,list_directory\n\
             env={}|bash|{work}|{work}|{home}||1970-01-01\n\
             instructions= mode=[] vars=<no value>\n",
            std::env::consts::OS
        )
    );
}

#[test]
fn a_bad_source_date_epoch_is_rejected() {
    let t = Test::new().env("SOURCE_DATE_EPOCH", "yesterday");
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: SOURCE_DATE_EPOCH='yesterday': expected a Unix timestamp in seconds\n"
    );
}

#[test]
fn prose_with_at_names_is_not_an_import() {
    let t = Test::new()
        .git()
        .file("AGENTS.md", "- @types/node for typings\n- ask @alice\n")
        .args(only(&["context"]));
    let run = t.run();
    assert_eq!(
        run.ok(),
        format!(
            "{}\n",
            block("AGENTS.md", "- @types/node for typings\n- ask @alice")
        )
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn huge_context_and_memory_warn() {
    let big = "x".repeat(1_000_001);
    let t = Test::new()
        .git()
        .file("AGENTS.md", &big)
        .file("mem.md", &big)
        .args(only(&["context", "memory"]))
        .args(["--memory-file", "mem.md"]);
    let run = t.run();
    assert!(run.ok().contains(&big));
    assert_eq!(
        run.stderr,
        "asimi-prompt: warning: context file 'AGENTS.md' is 1.0 MB, over the 1 MB that makes \
         sense in a prompt; check that it is the file you meant\n\
         asimi-prompt: warning: the user memory is 1.0 MB, over the 1 MB that makes sense in \
         a prompt; check that it is the file you meant\n"
    );
    // At the limit: no warning.
    let t = Test::new()
        .git()
        .file("AGENTS.md", "x".repeat(1_000_000))
        .args(only(&["context"]));
    assert_eq!(t.run().stderr, "");
}
