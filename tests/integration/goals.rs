//! Goals: the goal section (emoji and ASCII), `goal show` with the progress, `goal apply`
//! with every marker type, locked decisions, a goal completed with its checkpoints, the
//! history of completed goals, edited files kept, and bad input that leaves the goal
//! file untouched.

use crate::common;
use common::Test;

/// An example goal.
const AUTH: &str = "\
description: Implement user authentication system
priority: high
status: active
checkpoints:
  - description: Design authentication flow
    status: completed
  - description: Implement login endpoint
    status: completed
  - description: Add JWT token generation
    status: in-progress
  - description: Create user registration
  - description: Add password hashing
decisions:
  - description: Use JWT for authentication
    rationale: Stateless; the API servers share no session store.
    locked: true
  - description: Store tokens in httpOnly cookies
    locked: true
  - description: Use bcrypt for password hashing
artifacts:
  - path: src/auth/login.ts
    action: created
  - path: src/auth/jwt.ts
    action: created
  - path: src/routes/api.ts
    action: modified
";

const TRAILER: &str = "\
Work toward this goal. Do not change a locked decision. Report progress with these
markers, each on its own line:
[CHECKPOINT] <checkpoint> - COMPLETED | IN PROGRESS
[DECISION] <decision> - LOCKED
[ARTIFACT] Created | Modified | Deleted <path>
[NEXT] <next step>";

fn emoji_section() -> String {
    format!(
        "\
CURRENT GOAL: Implement user authentication system
Priority: High
Status: Active

Checkpoints:
✅ 1. Design authentication flow
✅ 2. Implement login endpoint
🔄 3. Add JWT token generation (IN PROGRESS)
⏳ 4. Create user registration
⏳ 5. Add password hashing

Key Decisions:
🔒 Use JWT for authentication (locked)
  Rationale: Stateless; the API servers share no session store.
🔒 Store tokens in httpOnly cookies (locked)
- Use bcrypt for password hashing

Artifacts:
- Created: src/auth/login.ts
- Created: src/auth/jwt.ts
- Modified: src/routes/api.ts

{TRAILER}"
    )
}

fn ascii_section() -> String {
    format!(
        "\
CURRENT GOAL: Implement user authentication system
Priority: High
Status: Active

Checkpoints:
[x] 1. Design authentication flow
[x] 2. Implement login endpoint
[~] 3. Add JWT token generation (IN PROGRESS)
[ ] 4. Create user registration
[ ] 5. Add password hashing

Key Decisions:
- Use JWT for authentication (locked)
  Rationale: Stateless; the API servers share no session store.
- Store tokens in httpOnly cookies (locked)
- Use bcrypt for password hashing

Artifacts:
- Created: src/auth/login.ts
- Created: src/auth/jwt.ts
- Modified: src/routes/api.ts

{TRAILER}"
    )
}

use common::marked_base as prompt;
use common::{marked_world, MARKED_BASE_ARGS};

#[test]
fn active_goal_renders_after_base() {
    let t = prompt(Test::new().file(".asimi/goal.yaml", AUTH));
    assert_eq!(t.run().ok(), format!("BASE\n\n{}\n", emoji_section()));
}

#[test]
fn ascii_markers() {
    let t = prompt(Test::new().file(".asimi/goal.yaml", AUTH)).args(["--ascii"]);
    assert_eq!(t.run().ok(), format!("BASE\n\n{}\n", ascii_section()));
    // The config file can ask for ASCII too.
    let t = prompt(
        Test::new()
            .file(".asimi/goal.yaml", AUTH)
            .file(".asimi/config.yaml", "ascii: true\n"),
    );
    assert_eq!(t.run().ok(), format!("BASE\n\n{}\n", ascii_section()));
}

#[test]
fn a_paused_goal_stays_out_of_the_prompt() {
    let goal = AUTH.replace("status: active", "status: paused");
    let t = prompt(Test::new().file(".asimi/goal.yaml", goal));
    assert_eq!(t.run().ok(), "BASE\n");
}

/// What a completed goal says instead of asking for progress.
const COMPLETED_TRAILER: &str = "\
This goal is completed. Answer follow-up questions about it; when the user starts a new
task, open its goal with a line:
[GOAL] <description>";

/// A goal stays in the prompt until a new one starts.
#[test]
fn a_completed_goal_stays_in_the_prompt_until_a_new_one_starts() {
    let goal = AUTH.replace("status: active", "status: completed");
    let t = marked_world(Test::new().file(".asimi/goal.yaml", goal))
        .file("reply.txt", "[GOAL] <description>\n[GOAL] Add billing\n");
    let want = emoji_section()
        .replace("Status: Active", "Status: Completed")
        .replace(TRAILER, COMPLETED_TRAILER);
    assert_eq!(
        t.run_with(MARKED_BASE_ARGS).ok(),
        format!("BASE\n\n{want}\n")
    );
    // The model's echo of the instruction starts nothing; a new goal takes the place of
    // the completed one.
    assert_eq!(
        t.run_with(&["goal", "apply", "reply.txt"]).ok(),
        "goal: completed goal 'Implement user authentication system' moved to the history\n\
         goal: created 'Add billing'\n"
    );
    let out = t.run_with(MARKED_BASE_ARGS).ok().to_string();
    assert!(
        out.starts_with("BASE\n\nCURRENT GOAL: Add billing\nPriority: Medium\nStatus: Active\n"),
        "{out}"
    );
}

#[test]
fn goal_flag_names_another_file_and_must_exist() {
    let t = prompt(Test::new().file("work/g.yaml", AUTH)).args(["--goal", "work/g.yaml"]);
    assert_eq!(t.run().ok(), format!("BASE\n\n{}\n", emoji_section()));
    let t = prompt(Test::new()).args(["--goal", "missing.yaml"]);
    let work = t.work.display().to_string();
    assert_eq!(
        t.run().fails(),
        format!(
            "asimi-prompt: --goal '{work}/missing.yaml': no such file; create it, or start \
             one with `asimi-prompt goal apply` and a `[GOAL] description` line\n"
        )
    );
}

#[test]
fn goal_section_can_be_switched_off() {
    let t = prompt(Test::new().file(".asimi/goal.yaml", AUTH)).args(["--no-section", "goal"]);
    assert_eq!(t.run().ok(), "BASE\n");
}

#[test]
fn goal_show_prints_any_status() {
    let goal = AUTH.replace("status: active", "status: paused");
    let t = Test::new()
        .file(".asimi/goal.yaml", goal)
        .args(["goal", "show"]);
    let want = emoji_section().replace("Status: Active", "Status: Paused");
    assert_eq!(t.run().ok(), format!("{PROGRESS}{want}\n"));
    let ascii = t.run_with(&["--ascii"]);
    let want = ascii_section().replace("Status: Active", "Status: Paused");
    assert_eq!(ascii.ok(), format!("{PROGRESS}{want}\n"));
}

/// `goal show`'s first lines for [`AUTH`]: two of its five checkpoints are completed.
const PROGRESS: &str = "Progress: 2/5 checkpoints completed (40%)\n\n";

/// A goal's progress: completed, total and percentage, as text and JSON.
#[test]
fn goal_show_reports_progress_as_text_and_json() {
    let t = Test::new()
        .file(".asimi/goal.yaml", AUTH)
        .args(["goal", "show"]);
    assert!(t.run().ok().starts_with(PROGRESS), "{}", t.run().ok());
    let doc: serde_json::Value = serde_json::from_str(t.run_with(&["--json"]).ok()).unwrap();
    assert_eq!(
        doc["progress"],
        serde_json::json!({"completed": 2, "total": 5, "percentage": 40})
    );
    assert_eq!(doc["description"], "Implement user authentication system");
    assert_eq!(doc["status"], "active");
    assert_eq!(doc["checkpoints"][2]["status"], "in-progress");
    assert_eq!(doc["decisions"][0]["locked"], true);
    // The percentage is rounded down, so 100 means all; a goal without checkpoints is at
    // 0% until it is completed.
    for (yaml, want) in [
        (
            "description: x\ncheckpoints:\n- description: a\n  status: completed\n- description: b\n- description: c\n",
            [1, 3, 33],
        ),
        ("description: x\n", [0, 0, 0]),
        ("description: x\nstatus: completed\n", [0, 0, 100]),
    ] {
        let t = Test::new()
            .file(".asimi/goal.yaml", yaml)
            .args(["goal", "show"]);
        let doc: serde_json::Value = serde_json::from_str(t.run_with(&["--json"]).ok()).unwrap();
        let p = &doc["progress"];
        assert_eq!([&p["completed"], &p["total"], &p["percentage"]], want, "{yaml}");
        let text = format!(
            "Progress: {}/{} checkpoints completed ({}%)\n\n",
            want[0], want[1], want[2]
        );
        assert!(t.run().ok().starts_with(&text), "{}", t.run().ok());
    }
    let err = t.run_with(&["--json", "--yaml"]).fails().to_string();
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn goal_show_without_a_goal_says_how_to_start_one() {
    let t = Test::new().args(["goal", "show"]);
    let err = t.run().fails().to_string();
    assert!(
        err.starts_with(&format!(
            "asimi-prompt: no goal: '{}/.asimi/goal.yaml' does not exist;",
            t.work.display()
        )),
        "{err}"
    );
    assert!(err.contains("[GOAL] description"), "{err}");
}

#[test]
fn goal_files_with_unknown_fields_or_statuses_are_rejected() {
    let cases = [
        (
            "description: x\nowner: me\n",
            ".asimi/goal.yaml:2:1: key 'owner': unknown field `owner`, expected one of `id`, `description`, \
             `priority`, `status`, `createdAt`, `created_at`, `completedAt`, `completed_at`, \
             `checkpoints`, `decisions`, `artifacts`, `next`",
        ),
        (
            "description: x\nstatus: done\n",
            ".asimi/goal.yaml:2:9: key 'status': unknown variant `done`, expected one of \
             `active`, `paused`, `completed`",
        ),
        (
            "description: x\ncheckpoints:\n  - description: a\n    status: finished\n",
            ".asimi/goal.yaml:4:13: key 'checkpoints[0].status': unknown variant \
             `finished`, expected one of `pending`, `in-progress`, `completed`",
        ),
        (
            "description: x\nartifacts:\n  - path: a\n    action: renamed\n",
            ".asimi/goal.yaml:4:13: key 'artifacts[0].action': unknown variant `renamed`, \
             expected one of `created`, `modified`, `deleted`",
        ),
        (
            "description: x\ndecisions:\n  - description: d\n    locked: maybe\n",
            ".asimi/goal.yaml:4:13: key 'decisions[0].locked': invalid type: string \
             \"maybe\", expected a boolean",
        ),
        (
            "priority: high\n",
            ".asimi/goal.yaml:1:1: missing field `description`",
        ),
        (
            "description: '  '\n",
            ".asimi/goal.yaml: key 'description' is empty; give it a description or \
             remove it",
        ),
    ];
    for (yaml, want) in cases {
        // `goal show` and the prompt refuse the file alike.
        for t in [Test::new().args(["goal", "show"]), prompt(Test::new())] {
            let t = t.file(".asimi/goal.yaml", yaml);
            let want = format!("asimi-prompt: {}/{want}\n", t.work.display());
            assert_eq!(t.run().fails(), want, "for {yaml:?}");
        }
    }
}

const REPLY: &str = "\
I finished the token code and started on refresh tokens.

[CHECKPOINT] Add JWT token generation - COMPLETED
[CHECKPOINT] Add refresh tokens - IN PROGRESS
- [DECISION] Rotate refresh tokens on every use - LOCKED
[DECISION] Use bcrypt for password hashing - LOCKED
[DECISION] Use JWT for authentication - UNLOCKED
[ARTIFACT] Created src/auth/refresh.ts
[ARTIFACT] Created tests/auth/refresh.test.ts
[ARTIFACT] Deleted src/routes/api.ts
[ARTIFACT] Modified src/auth/jwt.ts
[NEXT] Create user registration
[NEXT] Add password hashing
";

#[test]
fn goal_apply_updates_every_marker_type_and_keeps_locked_decisions() {
    let t = Test::new()
        .file(".asimi/goal.yaml", AUTH)
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .args(["goal", "apply"])
        .stdin(REPLY);
    let run = t.run();
    assert_eq!(
        run.ok(),
        "\
checkpoint 'Add JWT token generation': in-progress -> completed
checkpoint 'Add refresh tokens': added (in-progress)
decision 'Rotate refresh tokens on every use': added (locked)
decision 'Use bcrypt for password hashing': locked
decision 'Use JWT for authentication': kept (locked decisions never change)
artifact src/auth/refresh.ts: created (file)
artifact tests/auth/refresh.test.ts: created (test)
artifact src/routes/api.ts: modified -> deleted
next: Create user registration
next: Add password hashing
"
    );
    let path = t.work.join(".asimi/goal.yaml");
    // The file was written by hand (its lists are indented), so it is kept first.
    let copy = t.work.join(".asimi/goal.yaml.bak");
    assert_eq!(
        run.stderr,
        format!(
            "asimi-prompt: kept the edited '{}' in '{}' (it is rewritten from its data, \
             without comments or layout)\nasimi-prompt: wrote {}\n",
            path.display(),
            copy.display(),
            path.display()
        )
    );
    assert_eq!(t.read(&copy), AUTH);
    assert_eq!(
        t.read(&path),
        "\
id: goal-1
description: Implement user authentication system
priority: high
status: active
checkpoints:
- id: cp-1
  description: Design authentication flow
  status: completed
- id: cp-2
  description: Implement login endpoint
  status: completed
- id: cp-3
  description: Add JWT token generation
  status: completed
  completed_at: 2023-11-14
- id: cp-4
  description: Create user registration
  status: pending
- id: cp-5
  description: Add password hashing
  status: pending
- id: cp-6
  description: Add refresh tokens
  status: in-progress
decisions:
- description: Use JWT for authentication
  rationale: Stateless; the API servers share no session store.
  locked: true
- description: Store tokens in httpOnly cookies
  locked: true
- description: Use bcrypt for password hashing
  locked: true
- description: Rotate refresh tokens on every use
  locked: true
artifacts:
- type: file
  path: src/auth/login.ts
  action: created
- type: file
  path: src/auth/jwt.ts
  action: created
- type: file
  path: src/routes/api.ts
  action: deleted
- type: file
  path: src/auth/refresh.ts
  action: created
- type: test
  path: tests/auth/refresh.test.ts
  action: created
next:
- Create user registration
- Add password hashing
"
    );
    // The same output again changes nothing, and the locked decision is still kept.
    let again = t.run();
    assert_eq!(
        again.ok(),
        "decision 'Use JWT for authentication': kept (locked decisions never change)\n"
    );
    assert_eq!(again.stderr, "");
}

#[test]
fn a_goal_marker_creates_the_file() {
    let t = Test::new()
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .args(["goal", "apply", "reply.txt"]);
    let t = t.file(
        "reply.txt",
        "[GOAL] Implement user authentication system\n\
             [CHECKPOINT] Design authentication flow\n\
             [DECISION] Use JWT for authentication - LOCKED\n\
             [ARTIFACT] Created docs/auth.md\n",
    );
    assert_eq!(
        t.run().ok(),
        "\
goal: created 'Implement user authentication system'
checkpoint 'Design authentication flow': added (pending)
decision 'Use JWT for authentication': added (locked)
artifact docs/auth.md: created (documentation)
"
    );
    assert_eq!(
        t.read(&t.work.join(".asimi/goal.yaml")),
        "\
id: goal-1
description: Implement user authentication system
priority: medium
status: active
created_at: 2023-11-14
checkpoints:
- id: cp-1
  description: Design authentication flow
  status: pending
decisions:
- description: Use JWT for authentication
  locked: true
artifacts:
- type: documentation
  path: docs/auth.md
  action: created
"
    );
}

#[test]
fn a_finished_goal_gives_way_and_an_unfinished_one_does_not() {
    let t = Test::new().file(".asimi/goal.yaml", AUTH);
    let path = t.work.join(".asimi/goal.yaml");
    let t = t
        .file("new.txt", "[GOAL] Add billing\n")
        .file(
            "done.txt",
            "[GOAL] implement user authentication system - COMPLETED\n",
        )
        .args(["goal", "apply"]);
    let err = t.run_with(&["new.txt"]).fails().to_string();
    assert_eq!(
        err,
        "asimi-prompt: new.txt:1: [GOAL] 'Add billing' is not the current goal 'Implement \
         user authentication system' (active); mark that one completed (`[GOAL] Implement \
         user authentication system - COMPLETED`, or status: completed in the goal file) \
         before starting another\n"
    );
    assert_eq!(t.read(&path), AUTH);
    let done = t.env("SOURCE_DATE_EPOCH", "1700000000");
    assert_eq!(
        done.run_with(&["done.txt"]).ok(),
        "goal: status active -> completed\n"
    );
    assert_eq!(
        done.run_with(&["new.txt"]).ok(),
        "goal: completed goal 'Implement user authentication system' moved to the history\n\
         goal: created 'Add billing'\n"
    );
    assert_eq!(
        done.read(&path),
        "id: goal-2\ndescription: Add billing\npriority: medium\nstatus: active\n\
         created_at: 2023-11-14\n"
    );
    // The finished goal is kept whole, with the day it was completed.
    let history = done.read(&done.work.join(".asimi/goal.history.yaml"));
    assert!(
        history.starts_with(
            "- id: goal-1\n  description: Implement user authentication system\n  \
             priority: high\n  status: completed\n  completed_at: 2023-11-14\n  checkpoints:\n"
        ),
        "{history}"
    );
    assert!(
        history.contains("    path: src/routes/api.ts\n"),
        "{history}"
    );
}

/// A goal is completed when all its checkpoints are; new work on a completed goal opens
/// it again.
#[test]
fn a_goal_is_completed_when_all_its_checkpoints_are() {
    let t = Test::new()
        .file(".asimi/goal.yaml", AUTH)
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .file(
            "most.txt",
            "[CHECKPOINT] Add JWT token generation - COMPLETED\n\
             [CHECKPOINT] Create user registration - COMPLETED\n",
        )
        .file(
            "last.txt",
            "[CHECKPOINT] Add password hashing - DONE\n[GOAL] Add billing\n",
        )
        .file("more.txt", "[CHECKPOINT] Rate-limit logins - IN PROGRESS\n")
        .args(["goal", "apply"]);
    let path = t.work.join(".asimi/goal.yaml");
    // Four of five: still active.
    let run = t.run_with(&["most.txt"]);
    assert!(!run.ok().contains("goal:"), "{}", run.ok());
    assert!(t.read(&path).contains("\nstatus: active\n"));
    // The last one completes the goal, and so a new goal may follow in the same output.
    assert_eq!(
        t.run_with(&["--dry-run", "last.txt"]).ok(),
        "checkpoint 'Add password hashing': pending -> completed\n\
         goal: all checkpoints completed (5/5); status active -> completed\n\
         goal: completed goal 'Implement user authentication system' moved to the history\n\
         goal: created 'Add billing'\n"
    );
    let last = t.file("last.txt", "[CHECKPOINT] Add password hashing - DONE\n");
    assert_eq!(
        last.run_with(&["last.txt"]).ok(),
        "checkpoint 'Add password hashing': pending -> completed\n\
         goal: all checkpoints completed (5/5); status active -> completed\n"
    );
    let goal = last.read(&path);
    assert!(
        goal.contains("\nstatus: completed\ncompleted_at: 2023-11-14\n"),
        "{goal}"
    );
    // An open checkpoint on a completed goal is new work: the goal is active again.
    assert_eq!(
        last.run_with(&["more.txt"]).ok(),
        "checkpoint 'Rate-limit logins': added (in-progress)\n\
         goal: checkpoint 'Rate-limit logins' is open; status completed -> active\n"
    );
    let goal = last.read(&path);
    assert!(goal.contains("\nstatus: active\ncheckpoints:\n"), "{goal}");
}

/// The goal history: completed goals are kept, not replaced.
#[test]
fn completed_goals_are_kept_in_the_history() {
    let t = Test::new()
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .file(
            "one.txt",
            "[GOAL] Ship the parser\n[CHECKPOINT] Lexer - DONE\n[CHECKPOINT] Parser - DONE\n",
        )
        .file("two.txt", "[GOAL] Write the docs\n[CHECKPOINT] README\n")
        .file(
            "three.txt",
            "[GOAL] Write the docs - COMPLETED\n[GOAL] Release\n",
        );
    let history = t.run_with(&["goal", "history"]);
    assert_eq!(history.ok(), "");
    assert_eq!(
        history.stderr,
        format!(
            "asimi-prompt: no completed goals yet; when a new goal starts, the completed one \
             is kept in '{}'\n",
            t.work.join(".asimi/goal.history.yaml").display()
        )
    );
    assert_eq!(t.run_with(&["goal", "history", "--json"]).ok(), "[]\n");
    t.run_with(&["goal", "apply", "one.txt"]).ok();
    // The completed goal is listed while it is still the current one.
    assert_eq!(
        t.run_with(&["goal", "history"]).ok(),
        "2023-11-14  2/2 (100%)  Ship the parser (current)\n"
    );
    t.run_with(&["goal", "apply", "two.txt"]).ok();
    t.run_with(&["goal", "apply", "three.txt"]).ok();
    assert_eq!(
        t.run_with(&["goal", "history"]).ok(),
        "2023-11-14  2/2 (100%)  Ship the parser\n2023-11-14  0/1 (0%)    Write the docs\n"
    );
    let doc: serde_json::Value =
        serde_json::from_str(t.run_with(&["goal", "history", "--json"]).ok()).unwrap();
    let list = doc.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["description"], "Ship the parser");
    assert_eq!(list[0]["current"], false);
    assert_eq!(list[0]["completed_at"], "2023-11-14");
    assert_eq!(list[1]["progress"]["percentage"], 0);
    assert_eq!(list[1]["checkpoints"][0]["description"], "README");
    // Another goal file keeps its own history beside it.
    let other = t.run_with(&["goal", "history", "--goal", "sprint/g.yaml"]);
    let beside = t.work.join("sprint/g.history.yaml");
    assert!(
        other.stderr.contains(&format!("'{}'", beside.display())),
        "{}",
        other.stderr
    );
}

/// A goal file rewritten from its data loses its comments and layout, so a file that is
/// not as asimi-prompt wrote it is kept first (`.bak`, then `.bak.1`...).
#[test]
fn an_edited_goal_file_is_kept_as_a_copy_before_it_is_rewritten() {
    let edited = "# Our sprint goal\ndescription: Ship it   # by Friday\n";
    let t = Test::new()
        .file(".asimi/goal.yaml", edited)
        .file(".asimi/goal.yaml.bak", "an older copy\n")
        .file("a.txt", "[CHECKPOINT] Plan\n")
        .file("b.txt", "[CHECKPOINT] Build\n")
        .args(["goal", "apply"]);
    let path = t.work.join(".asimi/goal.yaml");
    let run = t.run_with(&["a.txt"]);
    run.ok();
    let copy = t.work.join(".asimi/goal.yaml.bak.1");
    assert!(
        run.stderr.contains(&format!("in '{}'", copy.display())),
        "{}",
        run.stderr
    );
    assert_eq!(t.read(&copy), edited);
    assert_eq!(
        t.read(&t.work.join(".asimi/goal.yaml.bak")),
        "an older copy\n"
    );
    // Written by asimi-prompt, the file is rewritten without a copy.
    let run = t.run_with(&["b.txt"]);
    assert_eq!(
        run.stderr,
        format!("asimi-prompt: wrote {}\n", path.display())
    );
    assert!(!t.work.join(".asimi/goal.yaml.bak.2").exists());
}

#[test]
fn a_bad_marker_line_is_reported_and_the_file_is_untouched() {
    let cases = [
        (
            "ok\n[CHECKPOINT] Add JWT token generation - COMPLETED\n[CHECKPOINT] Ship - SHIPPED\n",
            "reply.txt:3: unknown checkpoint status 'SHIPPED'; expected COMPLETED, IN PROGRESS \
             or PENDING\n  3 | [CHECKPOINT] Ship - SHIPPED",
        ),
        (
            "[ARTIFACT] Renamed a.ts\n",
            "reply.txt:1: unknown artifact action 'Renamed'; expected `[ARTIFACT] \
             Created|Modified|Deleted PATH`\n  1 | [ARTIFACT] Renamed a.ts",
        ),
        (
            "[ARTIFACT] Created\n",
            "reply.txt:1: [ARTIFACT] Created has no path; expected `[ARTIFACT] Created PATH`\
             \n  1 | [ARTIFACT] Created",
        ),
        (
            "\n\n[DECISION] Use REST - FINAL\n",
            "reply.txt:3: unknown decision flag 'FINAL'; expected LOCKED or UNLOCKED\n  3 | \
             [DECISION] Use REST - FINAL",
        ),
        (
            "[NEXT]\n",
            "reply.txt:1: [NEXT] has no text after it\n  1 | [NEXT]",
        ),
        (
            "[CHECKPOINT]done - COMPLETED\n",
            "reply.txt:1: expected a space after [CHECKPOINT], e.g. `[CHECKPOINT] \
             description`\n  1 | [CHECKPOINT]done - COMPLETED",
        ),
        (
            "[GOAL] Ship - LATER\n",
            "reply.txt:1: unknown goal status 'LATER'; expected ACTIVE, PAUSED or COMPLETED\
             \n  1 | [GOAL] Ship - LATER",
        ),
    ];
    for (reply, want) in cases {
        let t = Test::new()
            .file(".asimi/goal.yaml", AUTH)
            .file("reply.txt", reply)
            .args(["goal", "apply", "reply.txt"]);
        assert_eq!(t.run().fails(), format!("asimi-prompt: {want}\n"));
        assert_eq!(t.read(&t.work.join(".asimi/goal.yaml")), AUTH);
    }
}

#[test]
fn markers_without_a_goal_are_an_error_and_create_nothing() {
    let t = Test::new()
        .file("reply.txt", "[CHECKPOINT] a - COMPLETED\n")
        .args(["goal", "apply", "reply.txt"]);
    assert_eq!(
        t.run().fails(),
        "asimi-prompt: reply.txt:1: there is no goal to update; start one with a `[GOAL] \
         description` line (or create the goal file)\n"
    );
    assert!(!t.work.join(".asimi").exists());
}

#[test]
fn dry_run_and_prose_only_output_write_nothing() {
    let t = Test::new()
        .file(".asimi/goal.yaml", AUTH)
        .file("reply.txt", REPLY)
        .file(
            "prose.txt",
            "All done, nothing to report.\n[1] a footnote\n",
        )
        .args(["goal", "apply"]);
    let run = t.run_with(&["--dry-run", "reply.txt"]);
    assert!(run
        .ok()
        .starts_with("checkpoint 'Add JWT token generation'"));
    assert!(run.stderr.ends_with("not written\n"), "{}", run.stderr);
    assert_eq!(t.read(&t.work.join(".asimi/goal.yaml")), AUTH);
    let run = t.run_with(&["prose.txt"]);
    assert_eq!(run.ok(), "");
    assert_eq!(
        run.stderr,
        "asimi-prompt: no goal markers in prose.txt; nothing to do\n"
    );
}

#[test]
fn goal_show_does_not_need_the_base_prompt() {
    let t = Test::new()
        .file(".asimi/goal.yaml", AUTH)
        .env("ASIMI_SYSTEM_MD", "missing.md")
        .args(["goal", "show"]);
    assert_eq!(t.run().ok(), format!("{PROGRESS}{}\n", emoji_section()));
}

#[test]
fn concurrent_applies_keep_every_checkpoint() {
    const RUNS: usize = 24;
    let t = Test::new().file(".asimi/goal.yaml", "description: Ship it\n");
    let bin = assert_cmd::cargo::cargo_bin("asimi-prompt");
    let children: Vec<_> = (0..RUNS)
        .map(|i| {
            let mut child = std::process::Command::new(&bin)
                .args(["goal", "apply", "-"])
                .current_dir(&t.work)
                .env("HOME", &t.home)
                .env("XDG_CONFIG_HOME", t.home.join(".config"))
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            let line = format!("[CHECKPOINT] step {i} - COMPLETED\n");
            std::io::Write::write_all(&mut child.stdin.take().unwrap(), line.as_bytes()).unwrap();
            child
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let goal = t.read(&t.work.join(".asimi/goal.yaml"));
    for i in 0..RUNS {
        assert!(
            goal.contains(&format!("  description: step {i}\n")),
            "step {i} was lost:\n{goal}"
        );
    }
    assert_eq!(goal.matches("  status: completed").count(), RUNS, "{goal}");
    // Every checkpoint is completed, so the goal is.
    assert!(goal.contains("\nstatus: completed\n"), "{goal}");
}

#[test]
fn apply_reads_non_utf8_output_with_a_warning() {
    let t = Test::new()
        .file(".asimi/goal.yaml", "description: Ship it\n")
        .file("reply.txt", b"caf\xe9\n[CHECKPOINT] Design - COMPLETED\n")
        .args(["goal", "apply", "reply.txt"]);
    let run = t.run();
    run.ok();
    let path = t.work.join(".asimi/goal.yaml");
    assert_eq!(
        run.stderr,
        format!(
            "asimi-prompt: warning: 'reply.txt' is not valid UTF-8 (first bad byte at offset \
             3); invalid bytes were replaced with U+FFFD\nasimi-prompt: kept the edited '{}' \
             in '{}.bak' (it is rewritten from its data, without comments or layout)\n\
             asimi-prompt: wrote {}\n",
            path.display(),
            path.display(),
            path.display()
        )
    );
    assert!(t
        .read(&t.work.join(".asimi/goal.yaml"))
        .contains("  description: Design\n  status: completed\n"));
}

#[cfg(unix)]
#[test]
fn apply_keeps_the_goal_files_mode_and_symlink() {
    use std::os::unix::fs::PermissionsExt;
    let t = Test::new()
        .file("goals/real.yaml", "description: Ship it\n")
        .args(["goal", "apply", "reply.txt", "--goal", "g.yaml"])
        .file("reply.txt", "[CHECKPOINT] Design - COMPLETED\n");
    let real = t.work.join("goals/real.yaml");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::os::unix::fs::symlink("goals/real.yaml", t.work.join("g.yaml")).unwrap();
    t.run().ok();
    let link = std::fs::symlink_metadata(t.work.join("g.yaml")).unwrap();
    assert!(link.file_type().is_symlink());
    assert!(t.read(&real).contains("Design"));
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o644);
}

#[test]
fn apply_is_forgiving_about_case_synonyms_fences_and_bold() {
    let t = Test::new().git().args(["goal", "apply", "reply.txt"]).file(
        "reply.txt",
        "[GOAL] Ship it\n[CHECKPOINT] Plan\n[CHECKPOINT] Build\n",
    );
    t.run().ok();
    let t = t.file(
        "reply.txt",
        "Done:\n**[CHECKPOINT]** Plan - Completed\n1. [CHECKPOINT] Build - done\n\
         ```\n[CHECKPOINT] Example - COMPLETED\n```\n\
         [CHECKPOINT] <checkpoint> - COMPLETED | IN PROGRESS\n",
    );
    let run = t.run();
    assert_eq!(
        run.ok(),
        "checkpoint 'Plan': pending -> completed\ncheckpoint 'Build': pending -> completed\n\
         goal: all checkpoints completed (2/2); status active -> completed\n"
    );
}

/// `goal apply` locks the goal for its read-apply-write cycle on `goal.yaml.lock`, and
/// the lock file goes with the lock: nothing stays behind in the project's `.asimi/`.
#[test]
fn goal_apply_leaves_no_lock_file_behind() {
    let t = Test::new()
        .git()
        .file(
            ".asimi/goal.yaml",
            "description: G\nstatus: active\ncheckpoints:\n- description: a\n  status: pending\n",
        )
        .stdin("[CHECKPOINT] a - COMPLETED\n[GOAL] G - ACTIVE\n");
    let out = t.run_with(&["goal", "apply", "-"]);
    assert!(out.ok().ends_with(&format!(
        "goal: {}\n",
        asimi_prompt::goal::markers::KEPT_COMPLETED
    )));
    let mut names: Vec<String> = std::fs::read_dir(t.work.join(".asimi"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["goal.yaml", "goal.yaml.bak"]);
}

/// Goals and checkpoints carry the design's ids and days: `goal apply` gives a goal it
/// starts an id and `created_at`, a checkpoint an id and, once completed, `completed_at`;
/// a goal id is never reused in the history, and older files get ids when next written.
#[test]
fn goals_and_checkpoints_get_ids_and_dates() {
    let t = Test::new()
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .file(
            "one.txt",
            "[GOAL] Ship the parser\n[CHECKPOINT] Lexer - DONE\n[CHECKPOINT] Parser\n",
        )
        .file("reopen.txt", "[CHECKPOINT] Lexer - IN PROGRESS\n")
        .file(
            "two.txt",
            "[CHECKPOINT] Lexer - DONE\n[CHECKPOINT] Parser - DONE\n[GOAL] Write the docs\n",
        )
        .args(["goal", "apply"]);
    let path = t.work.join(".asimi/goal.yaml");
    t.run_with(&["one.txt"]).ok();
    assert_eq!(
        t.read(&path),
        "\
id: goal-1
description: Ship the parser
priority: medium
status: active
created_at: 2023-11-14
checkpoints:
- id: cp-1
  description: Lexer
  status: completed
  completed_at: 2023-11-14
- id: cp-2
  description: Parser
  status: pending
"
    );
    // A reopened checkpoint is no longer completed, and its id stays.
    t.run_with(&["reopen.txt"]).ok();
    assert!(
        t.read(&path)
            .contains("- id: cp-1\n  description: Lexer\n  status: in-progress\n- id: cp-2"),
        "{}",
        t.read(&path)
    );
    // The next goal's id follows the finished one's, which the history keeps.
    t.run_with(&["two.txt"]).ok();
    assert!(
        t.read(&path).starts_with("id: goal-2\n"),
        "{}",
        t.read(&path)
    );
    let history = t.read(&t.work.join(".asimi/goal.history.yaml"));
    assert!(history.starts_with("- id: goal-1\n"), "{history}");
    // A goal file without ids (written by hand, or before goals had them) is read as it
    // is, and gets ids the next time it is written; the design's camelCase keys are read
    // too. The goal's start day is unknown, so it gets none.
    let old = Test::new()
        .file(
            ".asimi/goal.yaml",
            "description: Old\ncompletedAt: 2023-01-02\nstatus: completed\ncheckpoints:\n\
             - description: a\n  status: completed\n  completedAt: 2023-01-01\n\
             - description: b\n  id: cp-7\n",
        )
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .file("more.txt", "[CHECKPOINT] c\n")
        .args(["goal", "apply", "more.txt"]);
    old.run().ok();
    assert_eq!(
        old.read(&old.work.join(".asimi/goal.yaml")),
        "\
id: goal-1
description: Old
priority: medium
status: active
checkpoints:
- id: cp-8
  description: a
  status: completed
  completed_at: 2023-01-01
- id: cp-7
  description: b
  status: pending
- id: cp-9
  description: c
  status: pending
"
    );
    // Ids within a goal are unique: a file that repeats one is refused, naming the key.
    let twice = Test::new()
        .file(
            ".asimi/goal.yaml",
            "description: x\ncheckpoints:\n- {id: cp-1, description: a}\n- {id: cp-1, description: b}\n",
        )
        .args(["goal", "show"]);
    let err = twice.run().fails().to_string();
    assert!(
        err.contains("key 'checkpoints[1].id': 'cp-1' is already the id of checkpoints[0]"),
        "{err}"
    );
}
