//! `ASIMI_SYSTEM_MD` (a file replaces the base prompt), `ASIMI_WRITE_SYSTEM_MD` (the base
//! prompt is also written to a file) and `export`, through the binary.
//!
//! Most tests compare a whole prompt with the same world's prompt without its base section
//! (`ASIMI_PROMPT_BASE=0`): the custom base must come first, then a blank line, then the
//! other sections exactly as they are without it.

use crate::common;
use std::path::Path;

use common::{Run, Test};

/// A project with something in every section but the base and instructions: a git
/// repository (git section), a context file and a user memory file.
fn world() -> Test {
    Test::new()
        .git()
        .file("AGENTS.md", "Use tabs.\n")
        .config_file("memory.md", "Likes short answers.\n")
}

/// The same world's prompt without the base section: the sanity check (on by default)
/// leads.
fn rest(t: Test) -> String {
    let rest = t.env("ASIMI_PROMPT_BASE", "0").run().ok().to_string();
    assert!(rest.starts_with("# Sanity Checks\n"), "{rest}");
    assert!(rest.contains("\n\n# Outside of Sandbox\n"), "{rest}");
    assert!(rest.contains("\n\n# Git Repository\n"), "{rest}");
    assert!(rest.contains("\n\n--- Context from: "), "{rest}");
    assert!(
        rest.ends_with("AGENTS.md ---\n\n---\n\nLikes short answers.\n"),
        "{rest}"
    );
    rest
}

/// Runs with `--json` and returns the base section's `(source, text)`.
fn base_section(t: Test) -> (String, String) {
    let out = t.args(["--json"]).run().ok().to_string();
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let base = json["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "base")
        .expect("a base section");
    (
        base["source"].as_str().unwrap().to_string(),
        base["text"].as_str().unwrap().to_string(),
    )
}

fn show(path: &Path) -> String {
    path.display().to_string()
}

/// `text` with the test's temporary root replaced by `<ROOT>`: the built-in base prompts
/// name the working directory, so prompts from two worlds compare equal only this way.
fn norm(text: &str, t: &Test) -> String {
    text.replace(&show(&t.root), "<ROOT>")
}

/// A fresh world's prompt (with `args`), normalised.
fn world_prompt(args: &[&str]) -> String {
    let t = world().args(args);
    norm(t.run().ok(), &t)
}

/// Asserts that a custom base `text` came first and every other section followed.
fn assert_custom_base(t: Test, text: &str) {
    let run = t.run();
    let out = run.ok().to_string();
    assert_eq!(out, format!("{text}\n\n{}", rest(t)));
}

// ---------------------------------------------------------------------------------------
// ASIMI_SYSTEM_MD
// ---------------------------------------------------------------------------------------

#[test]
fn off_values_use_the_built_in_prompt() {
    let mut t = world();
    let builtin = t.run().ok().to_string();
    assert!(
        builtin.starts_with("You are an interactive command-line agent that helps users with software engineering work"),
        "{builtin}"
    );
    assert!(builtin.ends_with(&rest(world())));
    let (source, _) = base_section(world());
    assert_eq!(source, "built-in:base/claude.md.tmpl");
    for value in ["", "   ", "\t\n", "0", " 0 ", "false", "FALSE", "False"] {
        t = t.env("ASIMI_SYSTEM_MD", value);
        let run = t.run();
        assert_eq!(run.ok(), builtin, "ASIMI_SYSTEM_MD={value:?}");
        assert_eq!(run.stderr, "", "ASIMI_SYSTEM_MD={value:?}");
    }
}

/// The note a run with `ASIMI_SYSTEM_MD=1` (or the write switch) gives when the project
/// has its own copy, `shown` relative to the working directory.
fn project_copy_note(shown: &str) -> String {
    format!(
        "asimi-prompt: warning: ASIMI_SYSTEM_MD=1 reads ~/.gemini/system.md, not this \
         project's '{shown}' (a cloned repository may not replace your system prompt); to \
         use the project's, set ASIMI_SYSTEM_MD=.gemini/system.md\n"
    )
}

#[test]
fn switch_on_reads_the_home_file_never_the_projects() {
    // A cloned repository's .gemini/system.md may not replace the user's own prompt: the
    // switch means ~/.gemini/system.md, from any directory, and says what it passed over.
    let t = world()
        .file(".gemini/system.md", "Repo prompt.\n")
        .home_file(".gemini/system.md", "Home prompt.\n")
        .cwd("src/deep");
    let t = t.env("ASIMI_SYSTEM_MD", "1");
    let run = t.run();
    let rest = t.env("ASIMI_PROMPT_BASE", "0").run().ok().to_string();
    assert!(
        rest.contains("--- Context from: ../../AGENTS.md ---"),
        "{rest}"
    );
    assert_eq!(run.ok(), format!("Home prompt.\n\n{rest}"));
    assert_eq!(run.stderr, project_copy_note("../../.gemini/system.md"));

    for value in ["true", "True", " TRUE ", "1 "] {
        let t = world()
            .file(".gemini/system.md", "Repo prompt.\n")
            .home_file(".gemini/system.md", "Home prompt.\n")
            .env("ASIMI_SYSTEM_MD", value);
        assert_custom_base(t, "Home prompt.");
    }
    // Named, the project's copy is the user's choice.
    let t = world()
        .file(".gemini/system.md", "Repo prompt.\n")
        .env("ASIMI_SYSTEM_MD", ".gemini/system.md");
    let run = t.run();
    assert!(run.ok().starts_with("Repo prompt.\n"));
    assert_eq!(run.stderr, "");
}

#[test]
fn switch_on_falls_back_to_the_home_file() {
    let t = world()
        .home_file(".gemini/system.md", "Home prompt.\n\n\n")
        .env("ASIMI_SYSTEM_MD", "1");
    assert_custom_base(t, "Home prompt.");
    let t = world()
        .home_file(".gemini/system.md", "Home prompt.\n")
        .env("ASIMI_SYSTEM_MD", "TRUE");
    let path = show(&t.home.join(".gemini/system.md"));
    let (source, text) = base_section(t);
    assert_eq!(source, path);
    assert_eq!(text, "Home prompt.");
}

#[test]
fn switch_on_without_the_home_file_names_it() {
    let t = world().cwd("sub").env("ASIMI_SYSTEM_MD", "1");
    let err = t.run().fails().to_string();
    let home = show(&t.home.join(".gemini/system.md"));
    let missing = format!(
        "asimi-prompt: missing system prompt file '{home}'; create it (e.g. `asimi-prompt \
         export`) or set ASIMI_SYSTEM_MD=0 for the built-in prompt"
    );
    assert_eq!(err, format!("{missing}\n"));
    // A project copy is not a way out, outside git or in: the error says how to choose it.
    let t = Test::new()
        .file("p/.gemini/system.md", "Project prompt.\n")
        .cwd("p")
        .env("ASIMI_SYSTEM_MD", "1");
    let err = t.run().fails().to_string();
    let home = show(&t.home.join(".gemini/system.md"));
    assert!(
        err.starts_with(&format!(
            "asimi-prompt: missing system prompt file '{home}'"
        )),
        "{err}"
    );
    assert!(
        err.ends_with(
            "; this project's '.gemini/system.md' is not read: to use the project's, set \
             ASIMI_SYSTEM_MD=.gemini/system.md\n"
        ),
        "{err}"
    );
}

#[test]
fn tilde_paths_expand_to_home() {
    let t = world()
        .home_file("prompts/x.md", "From home.\n")
        .env("ASIMI_SYSTEM_MD", "~/prompts/x.md");
    assert_custom_base(t, "From home.");
}

#[test]
fn relative_paths_resolve_against_the_working_directory() {
    let t = world()
        .file("sub/prompts/p.md", "Sub prompt.\n")
        .cwd("sub")
        .env("ASIMI_SYSTEM_MD", "prompts/p.md");
    assert_custom_base(t, "Sub prompt.");
    let t = world()
        .file("top.md", "Top prompt.\n")
        .cwd("sub")
        .env("ASIMI_SYSTEM_MD", "../top.md");
    assert_custom_base(t, "Top prompt.");
    // -C counts as the working directory too.
    let t = world()
        .file("sub/prompts/p.md", "Sub prompt.\n")
        .env("ASIMI_SYSTEM_MD", "prompts/p.md")
        .args(["-C", "sub"]);
    assert_custom_base(t, "Sub prompt.");
}

#[test]
fn absolute_paths() {
    let t = world().home_file("elsewhere/abs.md", "Absolute.\n");
    let path = t.home.join("elsewhere/abs.md");
    let t = t.env("ASIMI_SYSTEM_MD", show(&path));
    assert_custom_base(t, "Absolute.");
}

#[test]
fn paths_keep_their_case() {
    // Only 0/false/1/true are switches; any other value, TRUE.md included, is a path
    // whose case is kept.
    let t = world()
        .file("Prompts/System.MD", "Cased.\n")
        .env("ASIMI_SYSTEM_MD", "Prompts/System.MD");
    assert_custom_base(t, "Cased.");
    let t = world()
        .file("TRUE.md", "Not a switch.\n")
        .env("ASIMI_SYSTEM_MD", "TRUE.md");
    assert_custom_base(t, "Not a switch.");
    let t = world()
        .file("Prompts/System.MD", "Cased.\n")
        .env("ASIMI_SYSTEM_MD", "prompts/system.md");
    let err = t.run().fails().to_string();
    assert!(
        err.contains(&format!(
            "missing system prompt file '{}'",
            show(&t.work.join("prompts/system.md"))
        )),
        "{err}"
    );
}

#[test]
fn a_missing_file_names_its_absolute_path() {
    let t = world()
        .cwd("sub")
        .env("ASIMI_SYSTEM_MD", "../docs/./nope.md");
    let path = show(&t.work.join("docs/nope.md"));
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: missing system prompt file '{path}'; create it (e.g. `asimi-prompt \
             export '{path}'`) or unset ASIMI_SYSTEM_MD for the built-in prompt\n"
        )
    );
    let t = world().env("ASIMI_SYSTEM_MD", "~/gone.md");
    assert!(t.run().fails().contains(&format!(
        "missing system prompt file '{}'",
        show(&t.home.join("gone.md"))
    )));
}

#[test]
fn a_directory_is_rejected() {
    let t = world()
        .file("prompts/keep", "")
        .env("ASIMI_SYSTEM_MD", "prompts");
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: system prompt file '{}' is a directory; ASIMI_SYSTEM_MD must name a file\n",
            show(&t.work.join("prompts"))
        )
    );
    let t = world().env("ASIMI_SYSTEM_MD", "~");
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: system prompt file '{}' is a directory; ASIMI_SYSTEM_MD must name a file\n",
            show(&t.home)
        )
    );
}

#[test]
fn an_unreadable_or_non_utf8_file_is_rejected() {
    let t = world()
        .file("bad.md", b"line one\nab\xffc\n")
        .env("ASIMI_SYSTEM_MD", "bad.md");
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: {}:2:3: invalid UTF-8 (byte 11); templates must be UTF-8 text\n",
            show(&t.work.join("bad.md"))
        )
    );

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let t = world()
            .file("locked.md", "secret\n")
            .env("ASIMI_SYSTEM_MD", "locked.md");
        let path = t.work.join("locked.md");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
        // Root reads a file with mode 000 (CI runs as root): it runs the binary without
        // the capabilities that let it, so the case is checked for every user.
        let run = if std::fs::read(&path).is_err() {
            t.run()
        } else {
            #[cfg(target_os = "linux")]
            {
                t.run_without_file_capabilities()
            }
            // Elsewhere the case cannot be made: fail rather than pass unchecked.
            #[cfg(not(target_os = "linux"))]
            {
                panic!("this user reads a file with mode 000: run the tests as another user");
            }
        };
        let err = run.fails().to_string();
        assert!(
            err.starts_with(&format!(
                "asimi-prompt: cannot read system prompt file '{}': ",
                show(&path)
            )),
            "{err}"
        );
    }
}

#[test]
fn template_extensions_are_rendered_and_other_files_used_literally() {
    let t = world()
        .file(
            "s.md.tmpl",
            "Family {{.ModelFamily}} on {{.ToolNames.Grep}}.\n",
        )
        .env("ASIMI_SYSTEM_MD", "s.md.tmpl")
        .args(["--model", "claude-sonnet-5-5"]);
    assert_custom_base(t, "Family claude on search_file_content.");

    let t = world()
        .file("s.md", "Literal {{.X}} and {{ ModelFamily }}.\n")
        .env("ASIMI_SYSTEM_MD", "s.md");
    assert_custom_base(t, "Literal {{.X}} and {{ ModelFamily }}.");

    for name in ["s.gotmpl", "s.go.tmpl"] {
        let t = world()
            .file(name, "Go {{.ModelFamily}}")
            .env("ASIMI_SYSTEM_MD", name)
            .args(["--model", "gpt-5.4"]);
        assert_custom_base(t, "Go gpt");
    }
    for name in ["s.md.j2", "s.jinja", "s.jinja2"] {
        let t = world()
            .file(name, "Jinja {{ ModelFamily | upper }}")
            .env("ASIMI_SYSTEM_MD", name)
            .args(["--model", "gemini-2.5-pro"]);
        assert_custom_base(t, "Jinja GEMINI");
    }
}

#[test]
fn a_broken_template_file_names_file_and_line() {
    let t = world()
        .file("s.md.tmpl", "ok\n{{if .IsGitRepository}}\n")
        .env("ASIMI_SYSTEM_MD", "s.md.tmpl");
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: template: {}:3: unexpected EOF\n",
            show(&t.work.join("s.md.tmpl"))
        )
    );
}

// ---------------------------------------------------------------------------------------
// ASIMI_WRITE_SYSTEM_MD
// ---------------------------------------------------------------------------------------

/// Every file under `dir`, relative, sorted; not the program's own cache (a `.cache`
/// directory), where a run keeps what it rendered.
fn files_under(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.ends_with(".cache") {
                continue;
            }
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                out.push(path.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// The built-in base text as written (the base section and one newline), normalised.
fn builtin_base(args: &[&str]) -> String {
    builtin_base_of(world().args(args))
}

/// The built-in base text `t` would write, normalised.
fn builtin_base_of(t: Test) -> String {
    let t = t.args(["--json"]);
    let json: serde_json::Value = serde_json::from_str(t.run().ok()).unwrap();
    let base = &json["sections"][0];
    assert_eq!(base["name"], "base");
    assert!(base["source"]
        .as_str()
        .unwrap()
        .starts_with("built-in:base/"));
    norm(&format!("{}\n", base["text"].as_str().unwrap()), &t)
}

/// A written file, normalised.
fn written(t: &Test, path: &Path) -> String {
    norm(&t.read(path), t)
}

#[test]
fn write_off_values_write_nothing() {
    for value in ["", "  ", "0", "false", "FALSE"] {
        let t = world().env("ASIMI_WRITE_SYSTEM_MD", value);
        let before = (files_under(&t.root), t.read(&t.work.join("AGENTS.md")));
        assert_eq!(norm(t.run().ok(), &t), world_prompt(&[]), "{value:?}");
        let after = (files_under(&t.root), t.read(&t.work.join("AGENTS.md")));
        assert_eq!(
            before, after,
            "ASIMI_WRITE_SYSTEM_MD={value:?} wrote a file"
        );
    }
}

#[test]
fn write_switch_writes_the_home_file_and_still_prints() {
    for value in ["1", "true", "True"] {
        let t = world().env("ASIMI_WRITE_SYSTEM_MD", value);
        let run = t.run();
        assert_eq!(norm(run.ok(), &t), world_prompt(&[]));
        assert_eq!(run.stderr, "");
        let written = written(&t, &t.home.join(".gemini/system.md"));
        assert_eq!(written, builtin_base(&[]));
        assert!(
            written.starts_with("You are an interactive command-line agent"),
            "{written}"
        );
        assert!(
            !written.contains("# Outside of Sandbox"),
            "only the base is written"
        );
        assert!(
            !written.contains("Likes short answers."),
            "only the base is written"
        );
    }
    // The model's family decides what is written.
    let t = world()
        .env("ASIMI_WRITE_SYSTEM_MD", "1")
        .args(["--model", "claude-sonnet-5-5"]);
    t.run().ok();
    assert_eq!(
        written(&t, &t.home.join(".gemini/system.md")),
        builtin_base(&["--model", "claude-sonnet-5-5"])
    );
}

#[test]
fn write_switch_follows_the_system_md_path() {
    // With ASIMI_SYSTEM_MD naming a file, the switch means that file: the base prompt
    // read from it is not written back (not even trimmed).
    let t = world()
        .file("mine/system.md", "Mine.\n\n\n")
        .env("ASIMI_SYSTEM_MD", "mine/system.md")
        .env("ASIMI_WRITE_SYSTEM_MD", "1");
    let out = t.run().ok().to_string();
    assert_eq!(t.read(&t.work.join("mine/system.md")), "Mine.\n\n\n");
    assert!(!t.home.join(".gemini").exists());
    assert_eq!(out, format!("Mine.\n\n{}", rest(t)));
}

#[test]
fn write_paths_create_parent_directories() {
    let t = world().env("ASIMI_WRITE_SYSTEM_MD", "out/a/b/system.md");
    assert_eq!(norm(t.run().ok(), &t), world_prompt(&[]));
    assert_eq!(
        written(&t, &t.work.join("out/a/b/system.md")),
        builtin_base(&[])
    );
    // Atomic replacement leaves no temporary files behind.
    assert_eq!(files_under(&t.work.join("out")), ["a/b/system.md"]);
    // A second run replaces the file.
    std::fs::write(t.work.join("out/a/b/system.md"), "old").unwrap();
    t.run().ok();
    assert_eq!(
        written(&t, &t.work.join("out/a/b/system.md")),
        builtin_base(&[])
    );

    let t = world().env("ASIMI_WRITE_SYSTEM_MD", "~/prompts/Sys.MD");
    t.run().ok();
    assert_eq!(
        written(&t, &t.home.join("prompts/Sys.MD")),
        builtin_base(&[])
    );
}

#[test]
fn write_to_a_directory_fails_before_printing() {
    let t = world()
        .file("out/keep", "")
        .env("ASIMI_WRITE_SYSTEM_MD", "out");
    let err = t.run().fails().to_string();
    assert!(
        err.starts_with(&format!(
            "asimi-prompt: ASIMI_WRITE_SYSTEM_MD: cannot write '{}': ",
            show(&t.work.join("out"))
        )),
        "{err}"
    );
}

#[test]
fn a_written_file_read_back_gives_the_same_prompt() {
    for model in [
        "claude-sonnet-5-5",
        "gpt-5.4",
        "gemini-2.5-pro",
        "some-unknown-model",
    ] {
        let t = world()
            .env("ASIMI_WRITE_SYSTEM_MD", "~/.gemini/system.md")
            .args(["--model", model]);
        let first = t.run().ok().to_string();
        let t = t
            .env("ASIMI_WRITE_SYSTEM_MD", "0")
            .env("ASIMI_SYSTEM_MD", "1");
        assert_eq!(t.run().ok(), first, "{model}");
        let path = show(&t.home.join(".gemini/system.md"));
        let (source, _) = base_section(t);
        assert_eq!(source, path);
    }
}

#[test]
fn write_does_not_overwrite_the_template_it_renders() {
    // ASIMI_SYSTEM_MD names a template and ASIMI_WRITE_SYSTEM_MD=1 points back at it:
    // writing the rendered text would destroy the template, so nothing is written.
    let t = world()
        .file("s.md.tmpl", "Family {{.ModelFamily}}.\n")
        .env("ASIMI_SYSTEM_MD", "s.md.tmpl")
        .env("ASIMI_WRITE_SYSTEM_MD", "1");
    let run = t.run();
    assert!(run.ok().starts_with("Family claude.\n"), "{}", run.stdout);
    assert_eq!(run.stderr, "");
    assert_eq!(
        t.read(&t.work.join("s.md.tmpl")),
        "Family {{.ModelFamily}}.\n"
    );
    // Written elsewhere, the rendering is fine.
    let t = t.env("ASIMI_WRITE_SYSTEM_MD", "rendered.md");
    t.run().ok();
    assert_eq!(t.read(&t.work.join("rendered.md")), "Family claude.\n");
}

/// Every file `ASIMI_SYSTEM_MD` and `ASIMI_WRITE_SYSTEM_MD` may name in one world, with
/// the content each starts with.
const SYSTEM_MD_FILES: [(&str, &str); 3] = [
    ("repo", "Repo prompt.\n"),
    ("home", "Home prompt.\n"),
    ("other", "Other prompt.\n"),
];

#[test]
fn no_combination_of_the_two_variables_writes_one_file_over_another() {
    let world = || {
        world()
            .file(".gemini/system.md", SYSTEM_MD_FILES[0].1)
            .home_file(".gemini/system.md", SYSTEM_MD_FILES[1].1)
            .file("other.md", SYSTEM_MD_FILES[2].1)
    };
    // 1, then the three files by absolute path.
    let value = |t: &Test, i: usize| match i {
        0 => "1".to_string(),
        1 => show(&t.work.join(".gemini/system.md")),
        2 => show(&t.home.join(".gemini/system.md")),
        _ => show(&t.work.join("other.md")),
    };
    for i in 0..4 {
        for j in 0..4 {
            let t = world();
            let (read, write) = (value(&t, i), value(&t, j));
            let t = t
                .env("ASIMI_SYSTEM_MD", &read)
                .env("ASIMI_WRITE_SYSTEM_MD", &write);
            let run = t.run();
            for (k, (name, content)) in SYSTEM_MD_FILES.iter().enumerate() {
                assert_eq!(
                    t.read(Path::new(&value(&t, k + 1))),
                    *content,
                    "ASIMI_SYSTEM_MD={read} ASIMI_WRITE_SYSTEM_MD={write} changed {name}: {}",
                    run.stderr
                );
            }
            // Written back to the file it was read from it is a quiet no-op; a different
            // existing file is refused. To read, 1 means the home file; to write, the file
            // ASIMI_SYSTEM_MD reads.
            let source = if i == 0 { value(&t, 2) } else { read.clone() };
            let write = if j == 0 { source.clone() } else { write };
            if write == source {
                assert_eq!(run.code, 0, "{read} {write}: {}", run.stderr);
                let note = project_copy_note(".gemini/system.md");
                let quiet = if i == 0 || j == 0 { note.as_str() } else { "" };
                assert_eq!(run.stderr, quiet, "{read} {write}");
            } else {
                let note = project_copy_note(".gemini/system.md");
                let note = if i == 0 || j == 0 { note.as_str() } else { "" };
                assert_eq!(
                    run.fails(),
                    format!(
                        "{note}asimi-prompt: ASIMI_WRITE_SYSTEM_MD: refusing to overwrite '{write}' \
                         with the base prompt read from '{source}' (ASIMI_SYSTEM_MD); point \
                         both at the same file, or set ASIMI_WRITE_SYSTEM_MD=0\n"
                    )
                );
            }
        }
    }
    // Both switches on in a repository with its own system.md: the home file is read and
    // left as it is, and the repository's is not touched.
    let t = world()
        .env("ASIMI_SYSTEM_MD", "1")
        .env("ASIMI_WRITE_SYSTEM_MD", "1");
    assert!(t.run().ok().starts_with("Home prompt.\n"));
    assert_eq!(t.read(&t.home.join(".gemini/system.md")), "Home prompt.\n");
    assert_eq!(t.read(&t.work.join(".gemini/system.md")), "Repo prompt.\n");
    // With only the home file, both switches mean it.
    let t = Test::new()
        .home_file(".gemini/system.md", "Home prompt.\n\n")
        .env("ASIMI_SYSTEM_MD", "1")
        .env("ASIMI_WRITE_SYSTEM_MD", "1");
    assert!(t.run().ok().starts_with("Home prompt.\n"));
    assert_eq!(
        t.read(&t.home.join(".gemini/system.md")),
        "Home prompt.\n\n"
    );
}

#[test]
fn write_switch_writes_the_file_the_read_switch_would_read() {
    // ASIMI_WRITE_SYSTEM_MD=1 alone, with a repo copy: the file `ASIMI_SYSTEM_MD=1` reads
    // is the home one, so that is where the built-in base goes; the repo's is untouched.
    let t = world()
        .file(".gemini/system.md", "old\n")
        .env("ASIMI_WRITE_SYSTEM_MD", "1");
    t.run().ok();
    assert_eq!(
        written(&t, &t.home.join(".gemini/system.md")),
        builtin_base(&[])
    );
    assert_eq!(t.read(&t.work.join(".gemini/system.md")), "old\n");
}

/// A repository's `.gemini/system.md` that links out is never followed by the switches:
/// they do not read or write the project's copy at all.
#[cfg(unix)]
#[test]
fn a_repo_system_md_that_links_out_is_never_read_or_written() {
    let t = world()
        .home_file("secret.txt", "token\n")
        .home_file(".gemini/system.md", "Home prompt.\n")
        .env("ASIMI_SYSTEM_MD", "1");
    std::fs::create_dir_all(t.work.join(".gemini")).unwrap();
    std::os::unix::fs::symlink(t.home.join("secret.txt"), t.work.join(".gemini/system.md"))
        .unwrap();
    let out = t.run().ok().to_string();
    assert!(
        out.starts_with("Home prompt.\n") && !out.contains("token"),
        "{out}"
    );
    let t = t
        .env("ASIMI_SYSTEM_MD", "0")
        .env("ASIMI_WRITE_SYSTEM_MD", "1");
    t.run().ok();
    assert_eq!(t.read(&t.home.join("secret.txt")), "token\n");
}

#[test]
fn write_with_the_base_section_off_still_writes_the_base() {
    let t = world()
        .env("ASIMI_WRITE_SYSTEM_MD", "1")
        .env("ASIMI_PROMPT_BASE", "0");
    let out = t.run().ok().to_string();
    assert!(out.starts_with("# Sanity Checks\n"), "{out}");
    assert_eq!(
        written(&t, &t.home.join(".gemini/system.md")),
        builtin_base(&[])
    );
    let t = world().args(["export"]).env("ASIMI_PROMPT_BASE", "0");
    t.run().ok();
    assert_eq!(
        written(&t, &t.home.join(".gemini/system.md")),
        builtin_base(&[])
    );
}

#[test]
fn export_dash_prints_to_standard_output() {
    let t = world().args(["export", "-"]);
    let run = t.run();
    assert_eq!(norm(run.ok(), &t), builtin_base(&[]));
    assert_eq!(run.stderr, "");
    assert!(!t.work.join("-").exists());
    assert!(!t.home.join(".gemini").exists());
    let t = world().args(["export", "-", "--template", "--model", "gpt-5.4"]);
    assert!(t.run().ok().contains("{{with .ToolNames.Grep}}"));
}

#[test]
fn export_rejects_flags_for_other_sections() {
    for flag in [
        &["--no-section", "git"][..],
        &["--skill", "x"],
        &["--memory", "m"],
        &["--memory-file", "m.md"],
        &["--sanity"],
        &["--append-system-prompt", "x"],
        &["--context-file", "X.md"],
    ] {
        let t = world().args(["export"]).args(flag);
        let run = t.run();
        assert_eq!(run.code, 2, "{flag:?}");
        assert!(
            run.stderr
                .starts_with(&format!("error: unexpected argument '{}' found", flag[0])),
            "{flag:?}: {}",
            run.stderr
        );
        assert!(!t.home.join(".gemini").exists());
    }
}

// ---------------------------------------------------------------------------------------
// export
// ---------------------------------------------------------------------------------------

fn export(t: Test) -> (Test, Run) {
    let run = t.run();
    (t, run)
}

#[test]
fn export_writes_the_home_file_by_default() {
    let (t, run) = export(world().args(["export"]));
    let path = t.home.join(".gemini/system.md");
    assert_eq!(run.ok(), "");
    assert_eq!(run.stderr, format!("asimi-prompt: wrote {}\n", show(&path)));
    assert_eq!(written(&t, &path), builtin_base(&[]));
    // Again: identical content is fine.
    let run = t.run();
    assert_eq!(run.ok(), "");
    assert_eq!(
        run.stderr,
        format!("asimi-prompt: {} is up to date\n", show(&path))
    );
}

#[test]
fn export_to_an_explicit_path() {
    let (t, run) =
        export(
            world()
                .cwd("sub")
                .args(["export", "../out/system.md", "--model", "gpt-5.4"]),
        );
    let path = t.work.join("out/system.md");
    assert_eq!(run.ok(), "");
    assert_eq!(run.stderr, format!("asimi-prompt: wrote {}\n", show(&path)));
    assert_eq!(
        written(&t, &path),
        builtin_base_of(world().cwd("sub").args(["--model", "gpt-5.4"]))
    );
    assert!(!t.home.join(".gemini").exists());

    let (t, run) = export(world().args(["export", "~/x/y.md"]));
    run.ok();
    assert_eq!(written(&t, &t.home.join("x/y.md")), builtin_base(&[]));
}

#[test]
fn export_follows_the_system_md_path() {
    // Without a path, export writes where ASIMI_SYSTEM_MD points (which must exist to
    // be read); its own content, re-exported, is up to date.
    let (t, run) = export(
        world()
            .file("custom.md", "Custom.\n")
            .env("ASIMI_SYSTEM_MD", "custom.md")
            .args(["export"]),
    );
    let path = t.work.join("custom.md");
    assert_eq!(run.ok(), "");
    assert_eq!(
        run.stderr,
        format!("asimi-prompt: {} is up to date\n", show(&path))
    );
    assert_eq!(t.read(&path), "Custom.\n");
}

#[test]
fn export_template_writes_the_template_source() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (model, family) in [
        ("claude-sonnet-5-5", "claude"),
        ("gpt-5.4", "gpt"),
        ("gemini-2.5-pro", "gemini"),
        ("some-unknown-model", "default"),
    ] {
        let (t, run) =
            export(world().args(["export", "t.md.tmpl", "--template", "--model", model]));
        run.ok();
        let written = t.read(&t.work.join("t.md.tmpl"));
        let source =
            std::fs::read_to_string(manifest.join(format!("templates/base/{family}.md.tmpl")))
                .unwrap();
        assert_eq!(written, source, "{model}");
        assert!(written.contains("{{with .ToolNames.Grep}}"), "{model}");

        // The exported template, used as ASIMI_SYSTEM_MD, renders the same prompt.
        let t = world().file("t.md.tmpl", &written).args(["--model", model]);
        let builtin = t.run().ok().to_string();
        let t = t.env("ASIMI_SYSTEM_MD", "t.md.tmpl");
        assert_eq!(t.run().ok(), builtin, "{model}");
    }
}

#[test]
fn export_refuses_to_overwrite_different_content() {
    let t = world()
        .home_file(".gemini/system.md", "My edits.\n")
        .args(["export"]);
    let path = t.home.join(".gemini/system.md");
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: export: refusing to overwrite '{}', which has different content; \
             use --force to replace it\n",
            show(&path)
        )
    );
    assert_eq!(t.read(&path), "My edits.\n");

    let t = t.args(["--force"]);
    let run = t.run();
    assert_eq!(run.ok(), "");
    let bak = t.home.join(".gemini/system.md.bak");
    assert_eq!(
        run.stderr,
        format!(
            "asimi-prompt: kept the file's previous content, which asimi-prompt did not \
             write, in '{}'\nasimi-prompt: wrote {}\n",
            show(&bak),
            show(&path)
        )
    );
    assert_eq!(written(&t, &path), builtin_base(&[]));
    assert_eq!(t.read(&bak), "My edits.\n");
}

#[test]
fn export_to_a_directory_is_an_error() {
    let t = world().file("out/keep", "").args(["export", "out"]);
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: export: '{}' is a directory; give a file path\n",
            show(&t.work.join("out"))
        )
    );
}

/// A directory export may not write into: the path and the reason, each said once (the
/// message once read "cannot write 'X': cannot write 'X'").
#[cfg(target_os = "linux")]
#[test]
fn export_into_a_read_only_directory_says_why_once() {
    use std::os::unix::fs::PermissionsExt;
    let t = world().file("ro/keep", "").args(["export", "ro/system.md"]);
    let dir = t.work.join("ro");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root writes anywhere (CI runs as root): run without the capabilities that let it.
    let err = t.run_without_file_capabilities().fails().to_string();
    assert_eq!(
        err,
        format!(
            "asimi-prompt: export: cannot write '{}': permission denied\n",
            show(&dir.join("system.md"))
        )
    );
}

#[test]
fn export_check() {
    // --check is hermetic, so the base it compares with is the hermetic one.
    let for_world = |_: &Test| builtin_base(&["--hermetic"]);
    let t = world();
    let base = for_world(&t);
    let t = t
        .file("system.md", &base)
        .args(["export", "--check", "system.md"]);
    let run = t.run();
    assert_eq!(run.ok(), "");
    assert_eq!(run.stderr, "");

    let t = world();
    let base = for_world(&t);
    let changed = base.replacen(
        "You are an interactive command-line agent",
        "You are a robot",
        1,
    );
    let t = t
        .file("system.md", &changed)
        .args(["export", "--check", "system.md"]);
    let run = t.run();
    assert_eq!(run.code, 1, "{}", run.stderr);
    let first = base.lines().next().unwrap();
    let changed_first = changed.lines().next().unwrap();
    assert!(
        run.stdout.starts_with(&format!(
            "--- {0}\n+++ {0} (generated)\n@@ -1,",
            show(&t.work.join("system.md"))
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains(&format!("\n-{changed_first}\n+{first}\n")),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stderr,
        "asimi-prompt: system.md differs from the generated output; run again with --update to rewrite it\n"
    );
    // --check never writes the export target.
    assert!(!t.home.join(".gemini").exists());
    assert_eq!(t.read(&t.work.join("system.md")), changed);

    let t = t.args(["--update"]);
    let run = t.run();
    assert_eq!(run.ok(), "");
    assert_eq!(run.stderr, "asimi-prompt: updated system.md\n");
    assert_eq!(t.read(&t.work.join("system.md")), base);

    // --template with --check compares the template source.
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(manifest.join("templates/base/claude.md.tmpl")).unwrap();
    let t =
        world()
            .file("t.md.tmpl", &source)
            .args(["export", "--template", "--check", "t.md.tmpl"]);
    assert_eq!(t.run().ok(), "");
}

#[cfg(unix)]
#[test]
fn writes_keep_the_mode_and_go_through_symlinks() {
    use std::os::unix::fs::{symlink, PermissionsExt};
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let set = |p: &Path, m: u32| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap();
    };
    // export --force through a link.
    let t = world()
        .file("prompts/real.md", "old\n")
        .args(["export", "link.md", "--force"]);
    let real = t.work.join("prompts/real.md");
    set(&real, 0o644);
    symlink("prompts/real.md", t.work.join("link.md")).unwrap();
    t.run().ok();
    assert!(std::fs::symlink_metadata(t.work.join("link.md"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(written(&t, &real), builtin_base(&[]));
    assert_eq!(mode(&real), 0o644);
    // --update and ASIMI_WRITE_SYSTEM_MD keep the mode too.
    let t = world()
        .file("out.md", "old\n")
        .args(["--check", "out.md", "--update"]);
    set(&t.work.join("out.md"), 0o664);
    t.run().ok();
    assert_eq!(mode(&t.work.join("out.md")), 0o664);
    let t = world()
        .file("w.md", "old\n")
        .env("ASIMI_WRITE_SYSTEM_MD", "w.md");
    set(&t.work.join("w.md"), 0o640);
    t.run().ok();
    assert_eq!(written(&t, &t.work.join("w.md")), builtin_base(&[]));
    assert_eq!(mode(&t.work.join("w.md")), 0o640);
}

#[test]
fn a_write_removes_temporary_files_that_killed_runs_left() {
    let t = world()
        .file("out/.asimi-prompt-dead01", "half a fil")
        .file("out/.asimi-prompt-live01", "being written")
        .file("out/.other-tool-tmp", "")
        .args(["export", "out/system.md"]);
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for name in ["out/.asimi-prompt-dead01", "out/.other-tool-tmp"] {
        std::fs::File::options()
            .write(true)
            .open(t.work.join(name))
            .unwrap()
            .set_modified(hour_ago)
            .unwrap();
    }
    t.run().ok();
    // The old one is swept; a recent one may belong to a run still writing it.
    assert!(!t.work.join("out/.asimi-prompt-dead01").exists());
    assert!(t.work.join("out/.asimi-prompt-live01").exists());
    assert!(t.work.join("out/.other-tool-tmp").exists());
}

// ---------------------------------------------------------------------------------------
// A plain file cannot follow --mode and friends: say so once

#[test]
fn plain_file_warns_once_about_values_it_cannot_show() {
    let t = world()
        .file("p.md", "Plain base.\n")
        .env("ASIMI_SYSTEM_MD", "p.md");
    let file = show(&t.work.join("p.md"));
    let warning = |what: &str| {
        format!(
            "asimi-prompt: warning: {file} is plain text: {what} {}\n",
            asimi_prompt::prompt::PLAIN_BASE_NO_EFFECT
        )
    };
    assert_eq!(t.run().stderr, "", "no warning when nothing is asked");
    let run = t.run_with(&["--mode", "planning"]);
    assert!(run.ok().starts_with("Plain base.\n"));
    assert_eq!(run.stderr, warning("--mode has"));
    let run = t.run_with(&[
        "--mode",
        "planning",
        "--context-window",
        "8192",
        "--set",
        "a=1",
    ]);
    assert_eq!(
        run.stderr,
        warning("--mode, --context-window, --set/--data have")
    );
    let t = t.env("ASIMI_MODE", "debugger");
    assert_eq!(t.run().stderr, warning("ASIMI_MODE has"));
    // A template file renders the values: no warning.
    let t = world()
        .file("p.md.tmpl", "{{.ModeInstructions}}\n")
        .env("ASIMI_SYSTEM_MD", "p.md.tmpl");
    assert_eq!(t.run_with(&["--mode", "planning"]).stderr, "");
}

/// `ASIMI_WRITE_SYSTEM_MD` keeps writing the generated base, but a file it did not write
/// itself (the user's edits) is kept as a copy first: `system.md.bak`, then `.bak.1`...
#[test]
fn write_switch_keeps_an_edited_file_as_a_copy() {
    let t = world()
        .home_file(".gemini/system.md", "My edits.\n")
        .env("ASIMI_WRITE_SYSTEM_MD", "1");
    let file = t.home.join(".gemini/system.md");
    let bak = t.home.join(".gemini/system.md.bak");
    let run = t.run();
    run.ok();
    assert_eq!(
        run.stderr,
        format!(
            "asimi-prompt: kept the file's previous content, which asimi-prompt did not \
             write, in '{}'\n",
            show(&bak)
        )
    );
    assert_eq!(t.read(&bak), "My edits.\n");
    assert_eq!(written(&t, &file), builtin_base(&[]));
    // Its own export, replaced by another rendering: no copy.
    let run = t.run_with(&["--mode", "planning"]);
    run.ok();
    assert_eq!(run.stderr, "");
    assert_eq!(written(&t, &file), builtin_base(&["--mode", "planning"]));
    // Edited again: the next free name.
    std::fs::write(&file, "More edits.\n").unwrap();
    t.run().ok();
    assert_eq!(t.read(&bak), "My edits.\n");
    assert_eq!(
        t.read(&t.home.join(".gemini/system.md.bak.1")),
        "More edits.\n"
    );
    // A path given by value is treated the same.
    let t = world()
        .file("mine.md", "Hand-written.\n")
        .env("ASIMI_WRITE_SYSTEM_MD", "mine.md");
    t.run().ok();
    assert_eq!(t.read(&t.work.join("mine.md.bak")), "Hand-written.\n");
}

/// `export --force` resets the file to the built-in base, whatever ASIMI_SYSTEM_MD reads,
/// and keeps the edited content as a copy.
#[test]
fn export_force_resets_to_the_built_in_base_and_keeps_the_edits() {
    let t = world()
        .file(".gemini/system.md", "Edited prompt.\n")
        .env("ASIMI_SYSTEM_MD", ".gemini/system.md")
        .args(["export", "--force"]);
    let run = t.run();
    run.ok();
    let file = t.work.join(".gemini/system.md");
    assert!(
        run.stderr.contains("kept the file's previous content"),
        "{}",
        run.stderr
    );
    assert!(run
        .stderr
        .ends_with(&format!("asimi-prompt: wrote {}\n", show(&file))));
    assert_eq!(
        t.read(&t.work.join(".gemini/system.md.bak")),
        "Edited prompt.\n"
    );
    assert_eq!(written(&t, &file), builtin_base(&[]));
}

/// Exports that overlap, into a fresh file with a cold cache, each replace another's
/// output: none of them may take that output for the user's edit and keep a copy of it.
/// (Once the check "did asimi-prompt write this?" raced with the write that recorded it.)
#[test]
fn overlapping_exports_keep_no_copy_of_their_own_output() {
    let t = Test::new().git();
    let script = "for round in 1 2 3; do
        for m in claude-sonnet-5-5 gpt-5.4 gemini-3.8-flash foo claude-sonnet-5-5 gpt-5.4; do
          asimi-prompt export --force --model $m exp/system.md 2>/dev/null &
        done
        wait
      done";
    t.shell(script, "bin").ok();
    let names: Vec<String> = std::fs::read_dir(t.work.join("exp"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["system.md"]);
}
