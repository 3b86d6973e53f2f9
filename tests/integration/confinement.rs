//! The confinement rule against a hostile project: links that lead out, backups put
//! where links wait, names that climb, and a sibling directory whose name starts with the
//! project's (`work2` beside `work`), which a string-prefix check would let in. Every
//! case ends with the outside file unread and unwritten. The reproducers these guard
//! against were found by a stress run; `scripts/race-links.sh` swaps the links while the
//! tool runs.
#![cfg(unix)]

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use crate::common::Test;

const SECRET: &str = "ZZ_OUTSIDE_SECRET";

/// A git project at `work/` with `work2/secret.md` beside it.
fn world() -> (Test, PathBuf) {
    let t = Test::new().git();
    let sibling = t.root.join("work2");
    std::fs::create_dir_all(&sibling).unwrap();
    std::fs::write(sibling.join("secret.md"), format!("{SECRET}\n")).unwrap();
    (t, sibling)
}

fn no_secret(text: &str) {
    assert!(!text.contains(SECRET), "the outside file leaked:\n{text}");
}

#[test]
fn a_sibling_whose_name_starts_with_the_project_s_is_outside() {
    type SetUp = fn(&Test);
    let cases: [(&str, SetUp); 4] = [
        ("memory_file", |t| {
            std::fs::write(
                t.work.join(".asimi/config.yaml"),
                "memory_file: ../work2/secret.md\n",
            )
            .unwrap();
        }),
        ("AGENTS.md link", |t| {
            symlink("../work2/secret.md", t.work.join("AGENTS.md")).unwrap();
        }),
        ("context_files", |t| {
            std::fs::write(
                t.work.join(".asimi/config.yaml"),
                "context_files: [../work2/secret.md]\n",
            )
            .unwrap();
        }),
        ("project template link", |t| {
            std::fs::create_dir_all(t.work.join(".asimi/templates/sections")).unwrap();
            symlink(
                "../../../../work2/secret.md",
                t.work.join(".asimi/templates/sections/git.md"),
            )
            .unwrap();
        }),
    ];
    for (what, set_up) in cases {
        let (t, _) = world();
        std::fs::create_dir_all(t.work.join(".asimi")).unwrap();
        set_up(&t);
        let run = t.run();
        no_secret(&run.stdout);
        no_secret(&run.stderr);
        assert!(
            run.stderr.contains("is outside the project root"),
            "{what}: exit {}: {}",
            run.code,
            run.stderr
        );
    }
}

#[test]
fn an_import_of_a_sibling_is_left_as_text() {
    let (t, _) = world();
    let t = t.file("AGENTS.md", "rules\n@../work2/secret.md\n");
    let run = t.run();
    no_secret(run.ok());
    assert!(
        run.stderr.contains("is outside the project root"),
        "{}",
        run.stderr
    );
}

#[test]
fn request_files_of_a_sibling_are_refused() {
    let (t, _) = world();
    let t = t
        .file("spec.yaml", "prompt: p\nfiles: [../work2/secret.md]\n")
        .file("list.txt", "../work2/secret.md\n");
    for args in [
        vec!["messages", "--prompt", "p", "--file", "../work2/secret.md"],
        vec!["messages", "--spec", "spec.yaml"],
        vec!["messages", "--prompt", "p", "--files-from", "list.txt"],
    ] {
        let run = t.run_with(&args);
        no_secret(&run.stdout);
        no_secret(&run.stderr);
        assert!(
            run.stderr.contains("is outside the project root"),
            "{args:?}: {}",
            run.stderr
        );
    }
}

#[test]
fn a_files_from_list_that_links_outside_shows_none_of_its_lines() {
    let (t, sibling) = world();
    symlink(sibling.join("secret.md"), t.work.join("list.txt")).unwrap();
    let run = t.run_with(&["messages", "--prompt", "p", "--files-from", "list.txt"]);
    no_secret(&run.stderr);
    assert!(
        run.fails().contains("leads outside the project root"),
        "{}",
        run.stderr
    );
}

/// `.asimi/goal.yaml` with an active goal whose checkpoint is done.
fn goal_world() -> (Test, PathBuf) {
    let (t, sibling) = world();
    let t = t.file(
        ".asimi/goal.yaml",
        "description: G\nstatus: active\ncheckpoints:\n- description: a\n  status: completed\n",
    );
    (t, sibling)
}

const FINISH_AND_START: &str = "[GOAL] G - COMPLETED\n[GOAL] New\n";

#[test]
fn a_goal_history_that_links_outside_is_neither_read_nor_written() {
    let (t, sibling) = goal_world();
    let outside = sibling.join("hist.yaml");
    let history = format!("- description: {SECRET}\n  status: completed\n");
    std::fs::write(&outside, &history).unwrap();
    symlink(&outside, t.work.join(".asimi/goal.history.yaml")).unwrap();
    let run = t.run_with(&["goal", "history"]);
    no_secret(&run.stdout);
    assert!(run.fails().contains("leads outside the project root"));
    let t = t.stdin(FINISH_AND_START);
    let run = t.run_with(&["goal", "apply", "-"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), history);
}

#[test]
fn a_dangling_goal_history_link_creates_nothing_outside() {
    let (t, sibling) = goal_world();
    let outside = sibling.join("created.yaml");
    symlink(&outside, t.work.join(".asimi/goal.history.yaml")).unwrap();
    let run = t.stdin(FINISH_AND_START).run_with(&["goal", "apply", "-"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(!outside.exists());
}

/// Every place a copy of the user's text goes, where a dangling link waits.
#[test]
fn a_backup_is_never_written_through_a_dangling_link() {
    let (t, sibling) = world();
    let t = t.file(".gemini/system.md", "my edits\n").file(
        ".asimi/goal.yaml",
        "# hand edited\ndescription: G\nstatus: active\n",
    );
    let cases = [
        (".gemini/system.md.bak", "export"),
        (".asimi/goal.yaml.bak", "goal"),
    ];
    for (link, _) in cases {
        symlink(
            sibling.join(format!("made-by-{}", name_of(link))),
            t.work.join(link),
        )
        .unwrap();
    }
    t.run_with(&["export", "--force", ".gemini/system.md"]).ok();
    let t = t.stdin("[CHECKPOINT] b - PENDING\n");
    t.run_with(&["goal", "apply", "-"]).ok();
    let made: Vec<_> = std::fs::read_dir(&sibling)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().starts_with("made-by-"))
        .collect();
    assert!(made.is_empty(), "created outside: {made:?}");
    for (link, _) in cases {
        let copy = t.work.join(format!("{link}.1"));
        assert!(copy.is_file(), "no copy at {}", copy.display());
    }
    assert_eq!(
        t.read(&t.work.join(".gemini/system.md.bak.1")),
        "my edits\n"
    );
}

fn name_of(link: &str) -> String {
    Path::new(link)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn an_export_into_the_project_does_not_follow_a_link_out_of_it() {
    let (t, sibling) = world();
    std::fs::create_dir_all(t.work.join(".gemini")).unwrap();
    symlink(sibling.join("secret.md"), t.work.join(".gemini/system.md")).unwrap();
    let run = t.run_with(&["export", "--force", ".gemini/system.md"]);
    assert!(run.fails().contains("leads outside the project root"));
    assert_eq!(
        std::fs::read_to_string(sibling.join("secret.md")).unwrap(),
        format!("{SECRET}\n")
    );
}

#[test]
fn a_model_family_is_a_name_not_a_path() {
    let (t, sibling) = world();
    let models = format!(
        "models:\n  - pattern: \"*\"\n    family: \"../../../../../../../..{}/secret\"\n    \
         provider: anthropic\n    context_window: 200000\n    max_output_tokens: 8192\n    \
         images: true\n    min_cache_tokens: 1024\n",
        sibling.display()
    );
    let t = t
        .config_file("templates/base/default.md", "user base")
        .file(".asimi/templates/models.yaml", models);
    let run = t.run();
    no_secret(&run.stdout);
    assert!(
        run.fails().contains("is not a plain name"),
        "{}",
        run.stderr
    );
}

#[test]
fn session_state_does_not_follow_a_linked_state_directory_out() {
    let (t, sibling) = world();
    std::fs::create_dir_all(t.work.join(".asimi")).unwrap();
    symlink(&sibling, t.work.join(".asimi/state")).unwrap();
    let run = t.run_with(&["messages", "--prompt", "p", "--session", "s"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let names: Vec<_> = std::fs::read_dir(&sibling)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["secret.md"]);
}
