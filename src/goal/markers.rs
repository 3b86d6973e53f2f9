//! Goal markers in an LLM's output (docs/contributing/design.md, modes and goals), and applying them to a goal:
//!
//! ```text
//! [GOAL] Implement user authentication system
//! [CHECKPOINT] Design authentication flow - COMPLETED
//! [DECISION] Use JWT for authentication - LOCKED
//! [ARTIFACT] Created src/auth/login.ts
//! [NEXT] Implement JWT token generation
//! ```
//!
//! A marker is a line that starts with one of the tags (after blanks and an optional
//! `-`/`*` list bullet); every other line is prose and ignored. Parsing is all-or-nothing:
//! one bad marker line fails the whole output, so a goal file is never half-updated.

use super::GoalStatus;
use super::{Action, Artifact, ArtifactKind, Checkpoint, CheckpointStatus, Decision, Goal};
use crate::error::{Error, Location};

pub const GOAL: &str = "[GOAL]";
pub const CHECKPOINT: &str = "[CHECKPOINT]";
pub const DECISION: &str = "[DECISION]";
pub const ARTIFACT: &str = "[ARTIFACT]";
pub const NEXT: &str = "[NEXT]";

/// What separates a description from its status suffix (`... - COMPLETED`).
const SUFFIX_SEPARATOR: &str = " - ";

/// One parsed marker and the line it was on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    pub line: usize,
    pub kind: MarkerKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MarkerKind {
    Goal {
        description: String,
        status: Option<GoalStatus>,
    },
    Checkpoint {
        description: String,
        status: CheckpointStatus,
    },
    Decision {
        description: String,
        locked: Option<bool>,
    },
    Artifact {
        action: Action,
        path: String,
    },
    Next(String),
}

fn line_error(origin: &str, line: usize, text: &str, problem: &str) -> Error {
    let message = format!("{origin}:{line}: {problem}\n  {line} | {}", text.trim_end());
    Error::data(message).at(Location::line(origin, line))
}

/// Status words and their obvious synonyms, normalised by [`status_word`]: what a
/// checkpoint, a goal or a decision suffix may say.
const COMPLETED_WORDS: &[&str] = &["COMPLETED", "COMPLETE", "DONE", "FINISHED"];
const IN_PROGRESS_WORDS: &[&str] = &["IN PROGRESS", "WIP", "STARTED", "ONGOING"];
const PENDING_WORDS: &[&str] = &["PENDING", "TODO", "TO DO", "NOT STARTED"];
const OTHER_WORDS: &[&str] = &["ACTIVE", "PAUSED", "LOCKED", "UNLOCKED"];

fn is_status_word(word: &str) -> bool {
    [
        COMPLETED_WORDS,
        IN_PROGRESS_WORDS,
        PENDING_WORDS,
        OTHER_WORDS,
    ]
    .iter()
    .any(|words| words.contains(&word))
}

/// Splits `text` into a description and a status suffix, if it has one: a known status
/// word in any case (`Add login - Completed`), or an upper-case tail (`- DNOE`, reported
/// as unknown). Any other tail is part of the description (`log in - log out`).
fn split_suffix(text: &str) -> (&str, Option<&str>) {
    match text.rsplit_once(SUFFIX_SEPARATOR) {
        Some((desc, tail))
            if !tail.trim().is_empty()
                && (is_status_word(&status_word(tail))
                    || tail
                        .trim()
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c == ' ' || c == '-' || c == '_')) =>
        {
            (desc.trim(), Some(tail.trim()))
        }
        _ => (text.trim(), None),
    }
}

/// The status words, normalised: upper case, `_`/`-` as spaces, bold and a final full
/// stop dropped (`in_progress`, `**Done**.`).
fn status_word(s: &str) -> String {
    s.trim()
        .trim_end_matches('.')
        .trim_matches(['*', '_'])
        .to_ascii_uppercase()
        .replace(['_', '-'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The line without list markers (`- `, `* `, `+ `, `1. `, `1) `) and with a bold tag
/// unwrapped (`**[CHECKPOINT]** x`, `**[CHECKPOINT] x**`).
fn marker_body(raw: &str) -> String {
    let mut body = raw.trim_start();
    for bullet in ["- ", "* ", "+ "] {
        body = body.strip_prefix(bullet).unwrap_or(body).trim_start();
    }
    let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        if let Some(rest) = body[digits..]
            .strip_prefix(". ")
            .or_else(|| body[digits..].strip_prefix(") "))
        {
            body = rest.trim_start();
        }
    }
    let Some(bold) = body.strip_prefix("**").or_else(|| body.strip_prefix("__")) else {
        return body.to_string();
    };
    match bold.find(']') {
        // `**[TAG]** rest`: the closing bold right after the tag.
        Some(end) if bold[end + 1..].starts_with("**") || bold[end + 1..].starts_with("__") => {
            format!("{}{}", &bold[..=end], &bold[end + 3..])
        }
        // `**[TAG] rest**`: the whole marker in bold.
        _ => bold
            .trim_end()
            .trim_end_matches("**")
            .trim_end_matches("__")
            .to_string(),
    }
}

/// Whether a marker only repeats the instruction template (`[CHECKPOINT] <checkpoint> -
/// COMPLETED | IN PROGRESS`): a `<placeholder>` or a choice of `|`-separated words.
fn is_template_echo(rest: &str) -> bool {
    let (description, suffix) = rest.rsplit_once(SUFFIX_SEPARATOR).unwrap_or((rest, ""));
    let description = description.trim();
    (description.starts_with('<') && description.ends_with('>'))
        || suffix.contains(" | ")
        || (rest.contains(" | ") && rest.contains('<'))
}

/// Parses every marker in `text` (`origin` names it in errors). Lines inside ``` or ~~~
/// fences are examples, not markers.
pub fn parse(text: &str, origin: &str) -> Result<Vec<Marker>, Error> {
    let mut out = Vec::new();
    let mut fences = crate::documents::Fences::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if fences.in_code(raw) {
            continue;
        }
        let body = marker_body(raw);
        let Some((tag, rest)) = [GOAL, CHECKPOINT, DECISION, ARTIFACT, NEXT]
            .iter()
            .find_map(|tag| body.strip_prefix(tag).map(|rest| (*tag, rest)))
        else {
            continue;
        };
        if is_template_echo(rest) {
            continue;
        }
        let kind =
            marker_kind(tag, rest).map_err(|problem| line_error(origin, line, raw, &problem))?;
        out.push(Marker { line, kind });
    }
    Ok(out)
}

/// What the text after `tag` says; the error is the problem, without the line.
fn marker_kind(tag: &str, rest: &str) -> Result<MarkerKind, String> {
    if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
        return Err(format!(
            "expected a space after {tag}, e.g. `{tag} description`"
        ));
    }
    let rest = rest.trim();
    if rest.is_empty() {
        return Err(format!("{tag} has no text after it"));
    }
    let (description, word) = split_suffix(rest);
    let (description, word) = (description.to_string(), word.map(status_word));
    let kind = match tag {
        GOAL => MarkerKind::Goal {
            status: goal_status(word.as_deref())?,
            description,
        },
        CHECKPOINT => MarkerKind::Checkpoint {
            status: checkpoint_status(word.as_deref())?,
            description,
        },
        DECISION => MarkerKind::Decision {
            locked: decision_flag(word.as_deref())?,
            description,
        },
        ARTIFACT => artifact_marker(rest)?,
        _ => MarkerKind::Next(rest.to_string()),
    };
    if let MarkerKind::Goal { description, .. }
    | MarkerKind::Checkpoint { description, .. }
    | MarkerKind::Decision { description, .. } = &kind
    {
        if description.is_empty() {
            return Err(format!("{tag} has a status but no description"));
        }
    }
    Ok(kind)
}

/// A `[GOAL]` status word (none: the status stays).
fn goal_status(word: Option<&str>) -> Result<Option<GoalStatus>, String> {
    Ok(match word {
        None => None,
        Some("ACTIVE") => Some(GoalStatus::Active),
        Some(w) if IN_PROGRESS_WORDS.contains(&w) => Some(GoalStatus::Active),
        Some("PAUSED") => Some(GoalStatus::Paused),
        Some(w) if COMPLETED_WORDS.contains(&w) => Some(GoalStatus::Completed),
        Some(other) => {
            return Err(format!(
                "unknown goal status '{other}'; expected ACTIVE, PAUSED or COMPLETED"
            ))
        }
    })
}

/// A `[CHECKPOINT]` status word (none: pending).
fn checkpoint_status(word: Option<&str>) -> Result<CheckpointStatus, String> {
    Ok(match word {
        None => CheckpointStatus::Pending,
        Some(w) if PENDING_WORDS.contains(&w) => CheckpointStatus::Pending,
        Some(w) if IN_PROGRESS_WORDS.contains(&w) => CheckpointStatus::InProgress,
        Some(w) if COMPLETED_WORDS.contains(&w) => CheckpointStatus::Completed,
        Some(other) => {
            return Err(format!(
                "unknown checkpoint status '{other}'; expected COMPLETED, IN PROGRESS or \
                 PENDING"
            ))
        }
    })
}

/// A `[DECISION]` flag: `LOCKED` or `UNLOCKED` (none: unchanged).
fn decision_flag(word: Option<&str>) -> Result<Option<bool>, String> {
    match word {
        None => Ok(None),
        Some("LOCKED") => Ok(Some(true)),
        Some("UNLOCKED") => Ok(Some(false)),
        Some(other) => Err(format!(
            "unknown decision flag '{other}'; expected LOCKED or UNLOCKED"
        )),
    }
}

/// `[ARTIFACT] Created|Modified|Deleted PATH`.
fn artifact_marker(rest: &str) -> Result<MarkerKind, String> {
    let (word, path) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let action = match word.to_ascii_lowercase().trim_end_matches(':') {
        "created" => Action::Created,
        "modified" => Action::Modified,
        "deleted" => Action::Deleted,
        _ => {
            return Err(format!(
                "unknown artifact action '{word}'; expected `{ARTIFACT} \
                 Created|Modified|Deleted PATH`"
            ))
        }
    };
    let path = path.trim().trim_matches('`');
    if path.is_empty() {
        return Err(format!(
            "{ARTIFACT} {word} has no path; expected `{ARTIFACT} {word} PATH`"
        ));
    }
    Ok(MarkerKind::Artifact {
        action,
        path: path.to_string(),
    })
}

/// The kind of artifact a path is, by where it lives and what it is called.
pub fn artifact_kind(path: &str) -> ArtifactKind {
    let lower = path.to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    let in_dir = |d: &str| lower.starts_with(&format!("{d}/")) || lower.contains(&format!("/{d}/"));
    if in_dir("tests")
        || in_dir("test")
        || in_dir("__tests__")
        || name.contains("_test.")
        || name.contains(".test.")
        || name.contains(".spec.")
        || name.starts_with("test_")
    {
        ArtifactKind::Test
    } else if in_dir("docs")
        || in_dir("doc")
        || [".md", ".rst", ".adoc", ".txt"]
            .iter()
            .any(|e| name.ends_with(e))
    {
        ArtifactKind::Documentation
    } else {
        ArtifactKind::File
    }
}

fn same(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// What applying one marker did: a line per change (none when it changed nothing).
type Change = Vec<String>;

/// What applying an output's markers made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The goal afterwards (`None`: there was none and the output started none).
    pub goal: Option<Goal>,
    /// A line per change.
    pub changes: Vec<String>,
    /// Completed goals a new `[GOAL]` took over from, for the history, oldest first.
    pub finished: Vec<Goal>,
}

/// Applies `markers` to `goal` (`None`: no goal file yet), returning the new goal, a
/// line per change and the completed goals a new one replaced. `today` (`YYYY-MM-DD`)
/// dates a goal or checkpoint that is started or completed. A goal that changed gets ids
/// where it has none (its own, never one of `history`'s, and its checkpoints'). Errors
/// name the marker's line (`origin:LINE`).
pub fn apply(
    goal: Option<Goal>,
    markers: &[Marker],
    origin: &str,
    today: &str,
    history: &[Goal],
) -> Result<Applied, Error> {
    let before = goal.clone();
    let mut goal = goal;
    let mut changes = Vec::new();
    let mut finished = Vec::new();
    let mut next: Option<Vec<String>> = None;
    // The goal's status as its checkpoints moved it, reported once for the whole output:
    // a reply that completes one checkpoint and opens another leaves the goal as it was.
    let mut followed: Option<Flip> = None;
    for m in markers {
        let at = |problem: String| {
            Error::data(format!("{origin}:{}: {problem}", m.line))
                .at(Location::line(origin, m.line))
        };
        if let MarkerKind::Goal {
            description,
            status,
        } = &m.kind
        {
            // What the checkpoints did so far is said before the goal marker acts on it.
            changes.extend(followed.take().and_then(Flip::line));
            let change = apply_goal(&mut goal, description, *status, today, &mut finished);
            changes.extend(change.map_err(at)?);
            continue;
        }
        let Some(g) = &mut goal else {
            return Err(at(format!(
                "there is no goal to update; start one with a `{GOAL} description` line \
                 (or create the goal file)"
            )));
        };
        let change = match &m.kind {
            MarkerKind::Goal { .. } => Change::new(),
            MarkerKind::Checkpoint {
                description,
                status,
            } => {
                let (change, flip) = apply_checkpoint(g, description, *status, today);
                followed = Flip::then(followed, flip);
                change
            }
            MarkerKind::Decision {
                description,
                locked,
            } => apply_decision(g, description, *locked),
            MarkerKind::Artifact { action, path } => apply_artifact(g, *action, path),
            MarkerKind::Next(step) => {
                next.get_or_insert_with(Vec::new).push(step.clone());
                Change::new()
            }
        };
        changes.extend(change);
    }
    changes.extend(followed.and_then(Flip::line));
    // The output's [NEXT] lines are the current plan: they replace the previous one.
    if let (Some(g), Some(steps)) = (&mut goal, next) {
        if g.next != steps {
            for s in &steps {
                changes.push(format!("next: {s}"));
            }
            g.next = steps;
        }
    }
    // Ids go only on what is written anyway: an apply that changes nothing leaves the
    // file as it is.
    if goal != before || !finished.is_empty() {
        super::assign_ids(finished.iter_mut().chain(goal.iter_mut()), history);
    }
    Ok(Applied {
        goal,
        changes,
        finished,
    })
}

/// A `[GOAL]` marker: the current goal, a new one (when there is none, or the current one
/// is completed, which moves to `finished`), then its status. The error is the problem,
/// without the line.
fn apply_goal(
    goal: &mut Option<Goal>,
    description: &str,
    status: Option<GoalStatus>,
    today: &str,
    finished: &mut Vec<Goal>,
) -> Result<Change, String> {
    let mut change = Change::new();
    match goal {
        Some(g) if same(&g.description, description) => {}
        // A finished goal gives way to the next task, into the history; an unfinished
        // one is never silently replaced.
        Some(g) if g.status != GoalStatus::Completed => {
            return Err(format!(
                "{GOAL} '{description}' is not the current goal '{}' ({}); mark that one \
                 completed (`{GOAL} {} - COMPLETED`, or status: completed in the goal \
                 file) before starting another",
                g.description,
                g.status.name(),
                g.description
            ));
        }
        Some(g) => {
            change.push(format!(
                "goal: completed goal '{}' moved to the history",
                g.description
            ));
            change.push(format!("goal: created '{description}'"));
            let mut done = std::mem::replace(g, new_goal(description, today));
            done.completed_at.get_or_insert_with(|| today.to_string());
            finished.push(done);
        }
        None => {
            change.push(format!("goal: created '{description}'"));
            *goal = Some(new_goal(description, today));
        }
    }
    if let (Some(g), Some(status)) = (goal, status) {
        // A goal is completed when all its checkpoints are (the design's rule): a reply
        // that completes the last one and restates the goal as active in the same breath
        // does not reopen it; an open checkpoint does.
        let all_done = !g.checkpoints.is_empty()
            && g.checkpoints
                .iter()
                .all(|c| c.status == CheckpointStatus::Completed);
        if g.status == GoalStatus::Completed && status != GoalStatus::Completed && all_done {
            change.push(format!("goal: {KEPT_COMPLETED}"));
            return Ok(change);
        }
        if g.status != status {
            change.push(format!(
                "goal: status {} -> {}",
                g.status.name(),
                status.name()
            ));
            g.set_status(status, today);
        }
    }
    Ok(change)
}

/// Why a completed goal is not reopened by a status marker.
pub const KEPT_COMPLETED: &str =
    "kept completed: all its checkpoints are; add an open checkpoint to reopen it";

/// The goal's status moved by its checkpoints: from, to, and why it last moved.
struct Flip {
    from: GoalStatus,
    to: GoalStatus,
    why: String,
}

impl Flip {
    /// `earlier` followed by `later`: from the first status to the last.
    fn then(earlier: Option<Flip>, later: Option<Flip>) -> Option<Flip> {
        match (earlier, later) {
            (Some(e), Some(l)) => Some(Flip { from: e.from, ..l }),
            (e, l) => l.or(e),
        }
    }

    /// The line that reports it; none when the goal ends where it started.
    fn line(self) -> Option<String> {
        (self.from != self.to).then(|| {
            format!(
                "goal: {}; status {} -> {}",
                self.why,
                self.from.name(),
                self.to.name()
            )
        })
    }
}

/// A `[CHECKPOINT]` marker: a new checkpoint, or a new status for one. The goal's status
/// follows (returned apart, for `apply` to report once): completed when the change
/// completes its last open checkpoint, active again when a completed goal gets an open
/// one (new work on it).
fn apply_checkpoint(
    g: &mut Goal,
    description: &str,
    status: CheckpointStatus,
    today: &str,
) -> (Change, Option<Flip>) {
    let open = status != CheckpointStatus::Completed;
    let (change, opened) = match g
        .checkpoints
        .iter_mut()
        .find(|c| same(&c.description, description))
    {
        Some(c) if c.status == status => return (Change::new(), None),
        Some(c) => {
            let line = format!(
                "checkpoint '{}': {} -> {}",
                c.description,
                c.status.name(),
                status.name()
            );
            let reopened = open && c.status == CheckpointStatus::Completed;
            c.set_status(status, today);
            (vec![line], reopened)
        }
        None => {
            let completed_at = (!open).then(|| today.to_string());
            g.checkpoints.push(Checkpoint {
                id: None,
                description: description.to_string(),
                status,
                completed_at,
            });
            let line = format!("checkpoint '{description}': added ({})", status.name());
            (vec![line], open)
        }
    };
    let all_done = g
        .checkpoints
        .iter()
        .all(|c| c.status == CheckpointStatus::Completed);
    let follows = match g.status {
        GoalStatus::Completed if opened => Some(GoalStatus::Active),
        GoalStatus::Active | GoalStatus::Paused if all_done => Some(GoalStatus::Completed),
        _ => None,
    };
    let flip = follows.map(|new| {
        let why = match new {
            GoalStatus::Completed => {
                let n = g.checkpoints.len();
                format!("all checkpoints completed ({n}/{n})")
            }
            _ => format!("checkpoint '{description}' is open"),
        };
        let from = g.status;
        g.set_status(new, today);
        Flip { from, to: new, why }
    });
    (change, flip)
}

/// A `[DECISION]` marker: a new decision, or locking one (a locked one never changes).
fn apply_decision(g: &mut Goal, description: &str, locked: Option<bool>) -> Change {
    match g
        .decisions
        .iter_mut()
        .find(|d| same(&d.description, description))
    {
        Some(d) if d.locked => match locked {
            Some(false) => vec![format!(
                "decision '{}': kept (locked decisions never change)",
                d.description
            )],
            _ => Change::new(),
        },
        Some(d) => match locked {
            Some(true) => {
                d.locked = true;
                vec![format!("decision '{}': locked", d.description)]
            }
            _ => Change::new(),
        },
        None => {
            let locked = locked.unwrap_or(false);
            g.decisions.push(Decision {
                description: description.to_string(),
                rationale: String::new(),
                locked,
            });
            vec![format!(
                "decision '{description}': added{}",
                if locked { " (locked)" } else { "" }
            )]
        }
    }
}

/// An `[ARTIFACT]` marker: a new artifact, or a new action for one.
fn apply_artifact(g: &mut Goal, action: Action, path: &str) -> Change {
    match g.artifacts.iter_mut().find(|a| a.path == path) {
        // A file created during the goal stays "created" however often it is edited
        // afterwards.
        Some(a)
            if a.action == action
                || (a.action == Action::Created && action == Action::Modified) =>
        {
            Change::new()
        }
        Some(a) => {
            let line = format!(
                "artifact {path}: {} -> {}",
                a.action.label().to_ascii_lowercase(),
                action.label().to_ascii_lowercase()
            );
            a.action = action;
            vec![line]
        }
        None => {
            let kind = artifact_kind(path);
            let line = format!(
                "artifact {path}: {} ({})",
                action.label().to_ascii_lowercase(),
                kind.name()
            );
            g.artifacts.push(Artifact {
                kind,
                path: path.to_string(),
                action,
            });
            vec![line]
        }
    }
}

/// A goal a `[GOAL]` marker starts `today`.
fn new_goal(description: &str, today: &str) -> Goal {
    Goal {
        description: description.to_string(),
        created_at: Some(today.to_string()),
        ..Goal::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Completing the last checkpoint completes the goal; the same reply's restated
    /// `[GOAL] G - ACTIVE` does not flip it back, and nothing says it did.
    #[test]
    fn a_goal_completed_by_its_checkpoints_stays_completed_in_the_same_reply() {
        let goal: Goal = serde_yaml::from_str(
            "description: G\nstatus: active\ncheckpoints:\n- description: a\n  status: pending\n",
        )
        .unwrap();
        let markers = parse("[CHECKPOINT] a - COMPLETED\n[GOAL] G - ACTIVE\n", "o").unwrap();
        let applied = apply(Some(goal), &markers, "o", "2026-12-06", &[]).unwrap();
        assert_eq!(applied.goal.unwrap().status, GoalStatus::Completed);
        assert_eq!(
            applied.changes,
            [
                "checkpoint 'a': pending -> completed",
                "goal: all checkpoints completed (1/1); status active -> completed",
                &format!("goal: {KEPT_COMPLETED}"),
            ]
        );
    }

    /// A reply that completes the goal's one checkpoint and adds an open one leaves the
    /// goal active, and says nothing of a completed -> active flip within it.
    #[test]
    fn a_goal_status_is_reported_once_per_reply() {
        let markers = parse(
            "[GOAL] G\n[CHECKPOINT] a - COMPLETED\n[CHECKPOINT] b - IN PROGRESS\n",
            "o",
        )
        .unwrap();
        let applied = apply(None, &markers, "o", "2026-12-06", &[]).unwrap();
        assert_eq!(applied.goal.unwrap().status, GoalStatus::Active);
        assert_eq!(
            applied.changes,
            [
                "goal: created 'G'",
                "checkpoint 'a': added (completed)",
                "checkpoint 'b': added (in-progress)",
            ]
        );
    }

    #[test]
    fn suffixes() {
        assert_eq!(split_suffix("a - COMPLETED"), ("a", Some("COMPLETED")));
        assert_eq!(split_suffix("log in - log out"), ("log in - log out", None));
        assert_eq!(split_suffix("x - IN PROGRESS"), ("x", Some("IN PROGRESS")));
        assert_eq!(status_word("IN_PROGRESS"), "IN PROGRESS");
        assert_eq!(split_suffix("a - Completed"), ("a", Some("Completed")));
        assert_eq!(split_suffix("a - done."), ("a", Some("done.")));
    }

    fn checkpoints(text: &str) -> Vec<(String, CheckpointStatus)> {
        parse(text, "o")
            .unwrap()
            .into_iter()
            .filter_map(|m| match m.kind {
                MarkerKind::Checkpoint {
                    description,
                    status,
                } => Some((description, status)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn statuses_in_any_case_and_synonyms() {
        use CheckpointStatus::*;
        let found = checkpoints(
            "[CHECKPOINT] a - Completed\n[CHECKPOINT] b - DONE\n[CHECKPOINT] c - wip\n\
             [CHECKPOINT] d - todo\n[CHECKPOINT] e - log in - log out\n",
        );
        let want = [
            ("a", Completed),
            ("b", Completed),
            ("c", InProgress),
            ("d", Pending),
            ("e - log in - log out", Pending),
        ];
        let want: Vec<_> = want.iter().map(|(d, s)| (d.to_string(), *s)).collect();
        assert_eq!(found, want);
        let e = parse("ok\n[CHECKPOINT] a - DNOE\n", "out.md").unwrap_err();
        assert!(
            e.message
                .starts_with("out.md:2: unknown checkpoint status 'DNOE'"),
            "{}",
            e.message
        );
    }

    #[test]
    fn fences_bold_numbered_and_template_echoes() {
        use CheckpointStatus::*;
        let text = "```\n[CHECKPOINT] in a fence - DONE\n```\n\
                    **[CHECKPOINT]** bold - DONE\n\
                    **[CHECKPOINT] all bold - DONE**\n\
                    1. [CHECKPOINT] numbered\n\
                    [CHECKPOINT] <checkpoint> - COMPLETED | IN PROGRESS\n\
                    [ARTIFACT] Created | Modified | Deleted <path>\n\
                    [NEXT] <next step>\n";
        let want: Vec<_> = [
            ("bold", Completed),
            ("all bold", Completed),
            ("numbered", Pending),
        ]
        .iter()
        .map(|(d, s)| (d.to_string(), *s))
        .collect();
        assert_eq!(checkpoints(text), want);
        assert_eq!(parse(text, "o").unwrap().len(), 3);
    }

    #[test]
    fn kinds() {
        assert_eq!(artifact_kind("tests/cli.rs"), ArtifactKind::Test);
        assert_eq!(artifact_kind("src/auth/login.test.ts"), ArtifactKind::Test);
        assert_eq!(artifact_kind("README.md"), ArtifactKind::Documentation);
        assert_eq!(artifact_kind("src/auth/login.ts"), ArtifactKind::File);
    }

    #[test]
    fn prose_is_ignored_and_bullets_allowed() {
        let m = parse("I did it.\n- [NEXT] more\n[1] not a marker\n", "o").unwrap();
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].line, 2);
        assert_eq!(m[0].kind, MarkerKind::Next("more".into()));
    }
}
