//! Goals (docs/contributing/design.md, modes and goals): what the agent is working toward, kept in `.asimi/goal.yaml` and put
//! into every prompt while active. Goals are never compressed; the compression prompt
//! names the active one so that the summary keeps progress toward it.
//!
//! This module reads, checks and writes goal files and shapes a goal for templates;
//! `markers` applies the `[GOAL]`, `[CHECKPOINT]`... lines of an LLM's output. A goal
//! whose checkpoints are all completed is completed; it stays the goal (and in the
//! prompt) until a new one starts, and then moves to the goal's history, a second file
//! beside it ([`history_path`]), so no goal is ever replaced and lost.

pub mod markers;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::beneath::{self, Links, Place, Root};
use crate::error::Error;
use crate::fs::io_reason;

/// Checkpoint and decision markers in the goal section, as the design draws them.
pub mod marks {
    pub const COMPLETED: &str = "✅";
    pub const IN_PROGRESS: &str = "🔄";
    pub const PENDING: &str = "⏳";
    pub const LOCKED: &str = "🔒";
    /// `--ascii` equivalents.
    pub const ASCII_COMPLETED: &str = "[x]";
    pub const ASCII_IN_PROGRESS: &str = "[~]";
    pub const ASCII_PENDING: &str = "[ ]";
    /// An unlocked decision, and a locked one under `--ascii` (which says `(locked)`).
    pub const PLAIN: &str = "-";
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Priority {
    High,
    #[default]
    Medium,
    Low,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GoalStatus {
    #[default]
    Active,
    Paused,
    Completed,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CheckpointStatus {
    #[default]
    Pending,
    InProgress,
    Completed,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArtifactKind {
    #[default]
    File,
    Test,
    Documentation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Created,
    Modified,
    Deleted,
}

/// A goal file. Keys are snake_case, as the file has always written them; the design's
/// camelCase names (`createdAt`, `completedAt`) are read too.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// `goal-N`, unique among the goal and its history ([`assign_ids`]); absent in goal
    /// files written before goals had ids, until they are next written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub description: String,
    #[serde(default)]
    pub priority: Priority,
    #[serde(default)]
    pub status: GoalStatus,
    /// The day the goal was started (`YYYY-MM-DD`, UTC) by a `[GOAL]` marker; unknown
    /// (absent) for a goal written by hand or before goals were dated.
    #[serde(default, alias = "createdAt", skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,
    /// The day the goal was completed (`YYYY-MM-DD`, UTC), set when its status turns
    /// completed and cleared if it is opened again.
    #[serde(
        default,
        alias = "completedAt",
        skip_serializing_if = "Option::is_none"
    )]
    pub completed_at: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checkpoints: Vec<Checkpoint>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<Decision>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub artifacts: Vec<Artifact>,
    /// The next steps the agent announced (`[NEXT]`), newest plan only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub next: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    /// `cp-N`, unique within its goal ([`assign_ids`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub description: String,
    #[serde(default)]
    pub status: CheckpointStatus,
    /// The day the checkpoint was completed, set and cleared as the goal's is.
    #[serde(
        default,
        alias = "completedAt",
        skip_serializing_if = "Option::is_none"
    )]
    pub completed_at: Option<String>,
}

impl Checkpoint {
    /// Sets the status, and the completion day with it, as [`Goal::set_status`] does.
    pub fn set_status(&mut self, status: CheckpointStatus, today: &str) {
        let (was, is) = (self.status, status);
        let day = &mut self.completed_at;
        date_completion(
            day,
            was == CheckpointStatus::Completed,
            is == CheckpointStatus::Completed,
            today,
        );
        self.status = status;
    }
}

/// The completion day of a goal or checkpoint whose status goes from completed (`was`)
/// or not, to completed (`is`) or not: `today` when it turns completed, kept while it
/// stays so (the day it was first completed), none when it leaves completed.
fn date_completion(day: &mut Option<String>, was: bool, is: bool, today: &str) {
    match (was, is) {
        (false, true) => *day = Some(today.to_string()),
        (true, true) => {}
        (_, false) => *day = None,
    }
}

/// The prefix of a goal's id (`goal-1`) and of a checkpoint's (`cp-1`).
pub const GOAL_ID_PREFIX: &str = "goal-";
pub const CHECKPOINT_ID_PREFIX: &str = "cp-";

/// The N of an id `PREFIX-N`; another id (one written by hand) has none.
fn id_number(id: Option<&str>, prefix: &str) -> Option<u64> {
    id?.strip_prefix(prefix)?.parse().ok()
}

/// Gives an id to each of `goals` (the finished ones, then the current one) and to each
/// of their checkpoints that has none: the next number after the largest in use, so that
/// no id is ever used twice among the goal file and its `history`, and ids once given
/// never change. Goal files written before goals had ids get theirs this way when they
/// are next written.
pub fn assign_ids<'a>(goals: impl IntoIterator<Item = &'a mut Goal>, history: &[Goal]) {
    let goals: Vec<&mut Goal> = goals.into_iter().collect();
    let used = history
        .iter()
        .chain(goals.iter().map(|g| &**g))
        .filter_map(|g| id_number(g.id.as_deref(), GOAL_ID_PREFIX))
        .max()
        .unwrap_or(0);
    let mut next = used + 1;
    for g in goals {
        if g.id.is_none() {
            g.id = Some(format!("{GOAL_ID_PREFIX}{next}"));
            next += 1;
        }
        let used = g
            .checkpoints
            .iter()
            .filter_map(|c| id_number(c.id.as_deref(), CHECKPOINT_ID_PREFIX))
            .max()
            .unwrap_or(0);
        let fresh = (used + 1..).map(|n| format!("{CHECKPOINT_ID_PREFIX}{n}"));
        let missing = g.checkpoints.iter_mut().filter(|c| c.id.is_none());
        for (c, id) in missing.zip(fresh) {
            c.id = Some(id);
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    pub description: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rationale: String,
    /// A locked decision is settled: markers never change it.
    #[serde(default)]
    pub locked: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Artifact {
    #[serde(rename = "type", default)]
    pub kind: ArtifactKind,
    pub path: String,
    pub action: Action,
}

impl Priority {
    pub fn label(self) -> &'static str {
        match self {
            Priority::High => "High",
            Priority::Medium => "Medium",
            Priority::Low => "Low",
        }
    }
}

impl GoalStatus {
    pub fn name(self) -> &'static str {
        match self {
            GoalStatus::Active => "active",
            GoalStatus::Paused => "paused",
            GoalStatus::Completed => "completed",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            GoalStatus::Active => "Active",
            GoalStatus::Paused => "Paused",
            GoalStatus::Completed => "Completed",
        }
    }
}

impl CheckpointStatus {
    pub fn name(self) -> &'static str {
        match self {
            CheckpointStatus::Pending => "pending",
            CheckpointStatus::InProgress => "in-progress",
            CheckpointStatus::Completed => "completed",
        }
    }

    fn mark(self, ascii: bool) -> &'static str {
        match (self, ascii) {
            (CheckpointStatus::Completed, false) => marks::COMPLETED,
            (CheckpointStatus::InProgress, false) => marks::IN_PROGRESS,
            (CheckpointStatus::Pending, false) => marks::PENDING,
            (CheckpointStatus::Completed, true) => marks::ASCII_COMPLETED,
            (CheckpointStatus::InProgress, true) => marks::ASCII_IN_PROGRESS,
            (CheckpointStatus::Pending, true) => marks::ASCII_PENDING,
        }
    }
}

impl ArtifactKind {
    pub fn name(self) -> &'static str {
        match self {
            ArtifactKind::File => "file",
            ArtifactKind::Test => "test",
            ArtifactKind::Documentation => "documentation",
        }
    }
}

impl Action {
    pub fn label(self) -> &'static str {
        match self {
            Action::Created => "Created",
            Action::Modified => "Modified",
            Action::Deleted => "Deleted",
        }
    }
}

/// How far a goal is: its completed checkpoints, of how many, and the share in percent
/// (rounded down, so that 100 means all). A goal without checkpoints is at 0%, or at
/// 100% once it is completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub completed: usize,
    pub total: usize,
    pub percentage: usize,
}

impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}/{} ({}%)",
            self.completed, self.total, self.percentage
        )
    }
}

impl Goal {
    /// The goal's progress (the design's `getGoalProgress`).
    pub fn progress(&self) -> Progress {
        let total = self.checkpoints.len();
        let completed = self
            .checkpoints
            .iter()
            .filter(|c| c.status == CheckpointStatus::Completed)
            .count();
        let percentage = match total {
            0 if self.status == GoalStatus::Completed => 100,
            0 => 0,
            _ => completed * 100 / total,
        };
        Progress {
            completed,
            total,
            percentage,
        }
    }

    /// Sets the status, and the completion day with it: `today` when it turns completed,
    /// none when it leaves completed.
    pub fn set_status(&mut self, status: GoalStatus, today: &str) {
        let (was, is) = (self.status, status);
        let day = &mut self.completed_at;
        date_completion(
            day,
            was == GoalStatus::Completed,
            is == GoalStatus::Completed,
            today,
        );
        self.status = status;
    }

    /// Checks what the types cannot: descriptions and paths are not blank.
    fn validate(&self, shown: &str) -> Result<(), Error> {
        let blank = |what: String| {
            Error::data(format!(
                "{shown}: {what} is empty; give it a description or remove it"
            ))
        };
        if self.description.trim().is_empty() {
            return Err(blank("key 'description'".into()));
        }
        for (i, c) in self.checkpoints.iter().enumerate() {
            if c.description.trim().is_empty() {
                return Err(blank(format!("key 'checkpoints[{i}].description'")));
            }
            let first = self.checkpoints[..i]
                .iter()
                .position(|o| o.id.is_some() && o.id == c.id);
            if let (Some(first), Some(id)) = (first, &c.id) {
                return Err(Error::data(format!(
                    "{shown}: key 'checkpoints[{i}].id': '{id}' is already the id of \
                     checkpoints[{first}]; give each checkpoint its own id, or remove the \
                     id and `goal apply` gives it one"
                )));
            }
        }
        for (i, d) in self.decisions.iter().enumerate() {
            if d.description.trim().is_empty() {
                return Err(blank(format!("key 'decisions[{i}].description'")));
            }
        }
        for (i, a) in self.artifacts.iter().enumerate() {
            if a.path.trim().is_empty() {
                return Err(blank(format!("key 'artifacts[{i}].path'")));
            }
        }
        Ok(())
    }

    /// The goal as templates see it (`.Goal`): labels and markers ready to print.
    pub fn to_data(&self, ascii: bool) -> serde_json::Value {
        let checkpoints: Vec<_> = self
            .checkpoints
            .iter()
            .enumerate()
            .map(|(i, c)| {
                serde_json::json!({
                    "Number": i + 1,
                    "Description": c.description,
                    "Status": c.status.name(),
                    "Marker": c.status.mark(ascii),
                })
            })
            .collect();
        let decisions: Vec<_> = self
            .decisions
            .iter()
            .map(|d| {
                let marker = if d.locked && !ascii {
                    marks::LOCKED
                } else {
                    marks::PLAIN
                };
                serde_json::json!({
                    "Description": d.description,
                    "Rationale": d.rationale,
                    "Locked": d.locked,
                    "Marker": marker,
                })
            })
            .collect();
        let artifacts: Vec<_> = self
            .artifacts
            .iter()
            .map(|a| {
                serde_json::json!({
                    "Type": a.kind.name(),
                    "Path": a.path,
                    "Action": a.action.label(),
                })
            })
            .collect();
        let done = self.progress().completed;
        serde_json::json!({
            "Description": self.description,
            "Priority": self.priority.label(),
            "Status": self.status.label(),
            "Checkpoints": checkpoints,
            "Completed": done,
            "Decisions": decisions,
            "Artifacts": artifacts,
            "Next": self.next,
        })
    }
}

/// Parses goal YAML from `shown` (for messages).
pub fn parse(text: &str, shown: &str) -> Result<Goal, Error> {
    if text.trim().is_empty() {
        return Err(Error::data(format!(
            "{shown}: the goal file is empty; it needs at least a description"
        )));
    }
    let goal: Goal = crate::documents::from_yaml(text, shown).map_err(Error::data)?;
    goal.validate(shown)?;
    Ok(goal)
}

/// Reads a goal file; a missing file is `None`. `root` is the project's: a goal file
/// inside it is read through a handle on it ([`crate::beneath`]).
pub fn load(root: &Path, path: &Path) -> Result<Option<Goal>, Error> {
    Ok(read(root, path)?.map(|(goal, _)| goal))
}

/// Reads a goal file and keeps its text, to tell whether it is as asimi-prompt wrote it
/// ([`save_keeping_edits`]); a missing file is `None`.
pub fn read(root: &Path, path: &Path) -> Result<Option<(Goal, String)>, Error> {
    let Some(text) = read_if_present(root, path, "goal file")? else {
        return Ok(None);
    };
    let goal = parse(&text, &crate::paths::display(path))?;
    Ok(Some((goal, text)))
}

/// Where the file `path` (a goal, its history or its lock) is read and written: beneath
/// the project `root` when inside it, a link at it followed only while it stays inside.
fn place(root: &Path, path: &Path, create_dirs: bool) -> std::io::Result<Place> {
    let root = Root::open(root)?;
    beneath::place(Some(&root), path, Links::Follow, create_dirs)
}

fn read_if_present(root: &Path, path: &Path, what: &str) -> Result<Option<String>, Error> {
    let shown = crate::paths::display(path);
    let failed = |e: std::io::Error| {
        let message = crate::fs::cannot_read(what, &shown, &io_reason(&e));
        Error::io(message, e)
    };
    let bytes = match place(root, path, false).and_then(|p| p.read_no_follow()) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(failed(e)),
    };
    crate::fs::utf8(&shown, bytes).map(Some)
}

/// The YAML a goal is saved as.
pub fn to_yaml(goal: &Goal) -> String {
    serde_yaml::to_string(goal).unwrap_or_default()
}

/// The history of the goal file at `goal_file`: completed goals that gave way to a new
/// one, oldest first. It sits beside the goal: `NAME.history.yaml` for `NAME.yaml` (or
/// `NAME.yml`, or `NAME` without an ending), so `.asimi/goal.yaml` keeps its history in
/// `.asimi/goal.history.yaml`.
pub fn history_path(goal_file: &Path) -> PathBuf {
    let name = goal_file
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let stem = [".yaml", ".yml"]
        .iter()
        .find_map(|e| name.strip_suffix(e))
        .unwrap_or(&name);
    goal_file.with_file_name(format!("{stem}.history.yaml"))
}

/// The goals of a history file and its text (none, and no text, when it is missing).
pub fn read_history(root: &Path, path: &Path) -> Result<(Vec<Goal>, Option<String>), Error> {
    let Some(text) = read_if_present(root, path, "goal history")? else {
        return Ok((Vec::new(), None));
    };
    let shown = crate::paths::display(path);
    if text.trim().is_empty() {
        return Ok((Vec::new(), Some(text)));
    }
    let goals: Vec<Goal> = crate::documents::from_yaml(&text, &shown).map_err(Error::data)?;
    for goal in &goals {
        goal.validate(&shown)?;
    }
    Ok((goals, Some(text)))
}

/// The YAML a history is saved as: a list of goals, oldest first.
pub fn history_to_yaml(goals: &[Goal]) -> String {
    serde_yaml::to_string(goals).unwrap_or_default()
}

/// Locks the goal file at `path` for one read-apply-write cycle, so that concurrent
/// updates each start from the last one's result: a lock on `<goal file>.lock` beside
/// the goal (the goal file itself is replaced by each write, so it cannot carry the
/// lock), removed when released so that it does not stay in the project
/// ([`Place::lock_transient`]). Held until the handle drops.
pub fn lock(root: &Path, path: &Path) -> Result<beneath::TransientLock, Error> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = PathBuf::from(name);
    let failed = |e: std::io::Error| {
        let message = format!(
            "cannot lock goal file '{}' (with '{}'): {}",
            crate::paths::display(path),
            crate::paths::display(&lock_path),
            io_reason(&e)
        );
        Error::io(message, e)
    };
    let root = Root::open(root).map_err(failed)?;
    beneath::place(Some(&root), &lock_path, Links::Refuse, true)
        .and_then(|p| p.lock_transient())
        .map_err(failed)
}

/// Writes `text` to the file at `path` atomically (a reader sees the old file or the new
/// one). When the file's `previous` text is not what asimi-prompt writes for its data
/// (`as_written`), someone edited it: comments, layout, or data written by hand, which a
/// rewrite from the data would drop. So that copy is kept first, as `NAME.bak` (or
/// `NAME.bak.N`), never through a link; its path is returned. `what` names the file in
/// messages.
pub fn save_keeping_edits(
    root: &Path,
    path: &Path,
    text: &str,
    previous: Option<&str>,
    as_written: &str,
    what: &str,
) -> Result<Option<PathBuf>, Error> {
    let failed = |target: &Path, e: std::io::Error| {
        let message = format!(
            "cannot write {what} '{}': {}",
            crate::paths::display(target),
            io_reason(&e)
        );
        Error::io(message, e)
    };
    let place = place(root, path, true).map_err(|e| failed(path, e))?;
    let kept = match previous {
        Some(previous) if previous != as_written && previous != text => {
            let copy = place
                .keep_copy(previous.as_bytes())
                .map_err(|e| failed(path, e))?;
            Some(copy)
        }
        _ => None,
    };
    place
        .write_atomic(text.as_bytes())
        .map_err(|e| failed(path, e))?;
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_fields_and_statuses_are_located() {
        let e = parse("description: x\nowner: me\n", "g.yaml").unwrap_err();
        assert!(e.message.starts_with("g.yaml:2:1: "), "{}", e.message);
        assert!(e.message.contains("unknown field `owner`"), "{}", e.message);
        let e = parse(
            "description: x\ncheckpoints:\n  - description: a\n    status: done\n",
            "g.yaml",
        )
        .unwrap_err();
        assert!(
            e.message
                .starts_with("g.yaml:4:13: key 'checkpoints[0].status'"),
            "{}",
            e.message
        );
        assert!(e.message.contains("in-progress"), "{}", e.message);
    }

    #[test]
    fn the_history_sits_beside_the_goal() {
        for (goal, history) in [
            (".asimi/goal.yaml", ".asimi/goal.history.yaml"),
            ("g.yml", "g.history.yaml"),
            ("work/goal", "work/goal.history.yaml"),
        ] {
            assert_eq!(history_path(Path::new(goal)), Path::new(history), "{goal}");
        }
    }

    #[test]
    fn completing_dates_the_goal_and_reopening_clears_it() {
        let mut g = parse("description: x\n", "g").unwrap();
        g.set_status(GoalStatus::Completed, "2026-11-25");
        assert_eq!(g.completed_at.as_deref(), Some("2026-11-25"));
        g.set_status(GoalStatus::Completed, "2026-11-26");
        assert_eq!(g.completed_at.as_deref(), Some("2026-11-25"));
        assert_eq!(g.progress().to_string(), "0/0 (100%)");
        g.set_status(GoalStatus::Active, "2026-11-27");
        assert_eq!(g.completed_at, None);
        assert_eq!(g.progress().to_string(), "0/0 (0%)");
    }

    /// A new goal's number follows the largest in the goal file and its history; ids
    /// written by hand are kept and take no number.
    #[test]
    fn ids_are_never_reused() {
        let history = [
            parse("id: goal-3\ndescription: a\n", "h").unwrap(),
            parse("id: sprint-a\ndescription: b\n", "h").unwrap(),
        ];
        let mut finished = parse("description: c\n", "g").unwrap();
        let mut current = parse(
            "description: d\ncheckpoints:\n- description: x\n- {id: cp-2, description: y}\n",
            "g",
        )
        .unwrap();
        assign_ids([&mut finished, &mut current], &history);
        assert_eq!(finished.id.as_deref(), Some("goal-4"));
        assert_eq!(current.id.as_deref(), Some("goal-5"));
        let ids: Vec<_> = current.checkpoints.iter().map(|c| c.id.clone()).collect();
        assert_eq!(ids, [Some("cp-3".to_string()), Some("cp-2".to_string())]);
    }

    #[test]
    fn round_trips() {
        let text = "description: Ship it\npriority: high\nstatus: active\ncheckpoints:\n- description: a\n  status: in-progress\ndecisions:\n- description: d\n  rationale: r\n  locked: true\nartifacts:\n- type: test\n  path: t.rs\n  action: created\n";
        let goal = parse(text, "g").unwrap();
        assert_eq!(to_yaml(&goal), text);
    }
}
