//! Goals (seed 002): what the agent is working toward, kept in `.asimi/goal.yaml` and put
//! into every prompt while active. Goals are never compressed; the compression prompt
//! names the active one so that the summary keeps progress toward it.
//!
//! This module reads, checks and writes goal files and shapes a goal for templates;
//! `markers` applies the `[GOAL]`, `[CHECKPOINT]`... lines of an LLM's output.

pub mod markers;

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::fs::io_reason;

/// Checkpoint and decision markers in the goal section, as seed 002 draws them.
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

/// A goal problem; the message names the file and, where there is one, the line.
fn error(message: impl Into<String>) -> Error {
    Error::data(message)
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

/// A goal file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    pub description: String,
    #[serde(default)]
    pub priority: Priority,
    #[serde(default)]
    pub status: GoalStatus,
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
    pub description: String,
    #[serde(default)]
    pub status: CheckpointStatus,
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

impl Goal {
    /// Checks what the types cannot: descriptions and paths are not blank.
    fn validate(&self, shown: &str) -> Result<(), Error> {
        let blank = |what: String| {
            error(format!(
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
        let done = self
            .checkpoints
            .iter()
            .filter(|c| c.status == CheckpointStatus::Completed)
            .count();
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
        return Err(error(format!(
            "{shown}: the goal file is empty; it needs at least a description"
        )));
    }
    let goal: Goal = crate::documents::from_yaml(text, shown).map_err(error)?;
    goal.validate(shown)?;
    Ok(goal)
}

/// Reads a goal file; a missing file is `None`.
pub fn load(path: &Path) -> Result<Option<Goal>, Error> {
    let shown = crate::paths::display(path);
    let text = match crate::fs::read_text(path, "goal file") {
        Ok(text) => text,
        Err(e) if e.is_not_found() => return Ok(None),
        Err(e) => return Err(e),
    };
    parse(&text, &shown).map(Some)
}

/// The YAML a goal is saved as.
pub fn to_yaml(goal: &Goal) -> String {
    serde_yaml::to_string(goal).unwrap_or_default()
}

/// Locks the goal file at `path` for one read-apply-write cycle, so that concurrent
/// updates each start from the last one's result. It is the lock sessions take
/// ([`crate::output::lock`]), on `<goal file>.lock` beside the goal (the goal file itself
/// is replaced by each write, so it cannot carry the lock). Held until the handle drops.
pub fn lock(path: &Path) -> Result<std::fs::File, Error> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = std::path::PathBuf::from(name);
    let failed = |e: std::io::Error| {
        let message = format!(
            "cannot lock goal file '{}' (with '{}'): {}",
            crate::paths::display(path),
            crate::paths::display(&lock_path),
            io_reason(&e)
        );
        Error::io(message, e)
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(failed)?;
    }
    crate::output::lock(&lock_path).map_err(failed)
}

/// Writes a goal file atomically (a reader sees the old file or the new one).
pub fn save(path: &Path, goal: &Goal) -> Result<(), Error> {
    crate::output::write_atomic(path, to_yaml(goal).as_bytes()).map_err(|e| {
        let message = format!(
            "cannot write goal file '{}': {}",
            crate::paths::display(path),
            io_reason(&e)
        );
        Error::io(message, e)
    })
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
    fn round_trips() {
        let text = "description: Ship it\npriority: high\nstatus: active\ncheckpoints:\n- description: a\n  status: in-progress\ndecisions:\n- description: d\n  rationale: r\n  locked: true\nartifacts:\n- type: test\n  path: t.rs\n  action: created\n";
        let goal = parse(text, "g").unwrap();
        assert_eq!(to_yaml(&goal), text);
    }
}
