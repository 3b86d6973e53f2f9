//! The data a prompt template sees (Go's dot): `PromptContext` and its parts (the tool
//! names, the environment block, context files, skills), the window tier that picks a
//! mode, and today's date. The model registry that fills some of it lives in `model`.

use std::collections::BTreeMap;
use std::sync::Arc;

use minijinja::value::{Enumerator, Object, ObjectRepr, Value};
use serde::{Deserialize, Serialize};

/// How the model acts on the project, which the prompt teaches: through the tools the
/// agent gives it, or through edit blocks in its reply that `apply` writes (no tools).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Protocol {
    /// The agent's tools, named by [`ToolNames`]: the prompt an agent that asks for a
    /// system prompt runs with (`system`, `export`).
    #[default]
    Tools,
    /// Edit blocks, and no tool named: the prompt of a request that carries no tools
    /// (`messages`, `context`).
    Edits,
}

impl Protocol {
    /// The name templates see (`.Protocol`) and flags take.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Tools => "tools",
            Protocol::Edits => "edits",
        }
    }
}

/// The keys of the tool names (`--tool-name KEY=NAME`, config `tool_names:`), in order.
pub const TOOL_KEYS: [&str; 9] = [
    "read_file",
    "write_file",
    "grep",
    "glob",
    "edit",
    "shell",
    "read_many_files",
    "memory",
    "ls",
];

/// The tool names templates refer to (`{{.ToolNames.Grep}}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase", deny_unknown_fields, default)]
pub struct ToolNames {
    pub read_file: String,
    pub write_file: String,
    pub grep: String,
    pub glob: String,
    pub edit: String,
    pub shell: String,
    pub read_many_files: String,
    pub memory: String,
    #[serde(rename = "LS")]
    pub ls: String,
}

impl Default for ToolNames {
    fn default() -> Self {
        ToolNames {
            read_file: "read_file".into(),
            write_file: "write_file".into(),
            grep: "search_file_content".into(),
            glob: "glob".into(),
            edit: "replace".into(),
            shell: "run_shell_command".into(),
            read_many_files: "read_many_files".into(),
            memory: "save_memory".into(),
            ls: "list_directory".into(),
        }
    }
}

impl ToolNames {
    /// No tool at all: every name empty, so a template's `{{if .ToolNames.Grep}}` leaves
    /// the tool out (the edits protocol).
    pub fn none() -> ToolNames {
        ToolNames {
            read_file: String::new(),
            write_file: String::new(),
            grep: String::new(),
            glob: String::new(),
            edit: String::new(),
            shell: String::new(),
            read_many_files: String::new(),
            memory: String::new(),
            ls: String::new(),
        }
    }

    /// These names with every role whose tool is not among `given` emptied, so the
    /// prompt names only the tools a request carries.
    pub fn only(&self, given: &[&str]) -> ToolNames {
        let mut out = self.clone();
        for key in TOOL_KEYS {
            if let Some(name) = out.slot(key) {
                if !given.contains(&name.as_str()) {
                    name.clear();
                }
            }
        }
        out
    }

    /// The name for one of [`TOOL_KEYS`].
    pub fn slot(&mut self, key: &str) -> Option<&mut String> {
        Some(match key {
            "read_file" => &mut self.read_file,
            "write_file" => &mut self.write_file,
            "grep" => &mut self.grep,
            "glob" => &mut self.glob,
            "edit" => &mut self.edit,
            "shell" => &mut self.shell,
            "read_many_files" => &mut self.read_many_files,
            "memory" => &mut self.memory,
            "ls" => &mut self.ls,
            _ => return None,
        })
    }
}

/// A context file as templates see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct ContextFileData {
    pub path: String,
    pub content: String,
}

/// A tool a request carries, as the tools section documents it (`.Tools`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct ToolData {
    pub name: String,
    pub description: String,
    pub parameters: Vec<ParamData>,
}

/// One of a tool's parameters (the input schema's top-level properties).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct ParamData {
    pub name: String,
    /// The schema's `type`, or empty.
    #[serde(rename = "Type")]
    pub kind: String,
    pub required: bool,
    pub description: String,
}

/// The environment block (`{{.Env.OS}}` ...). `Date` is computed only when a template
/// reads it, so prompts stay reproducible unless they ask for the date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnvInfo {
    pub os: String,
    pub shell: String,
    pub cwd: String,
    pub project_root: String,
    pub home: String,
    pub branch: String,
    /// `SOURCE_DATE_EPOCH`, when set, fixes the date (reproducible builds).
    pub source_date_epoch: Option<i64>,
}

impl EnvInfo {
    /// Today's date (UTC) as `YYYY-MM-DD`, or the `SOURCE_DATE_EPOCH` date.
    pub fn date(&self) -> String {
        today(self.source_date_epoch)
    }
}

/// Today's date (UTC) as `YYYY-MM-DD`, or the date of `source_date_epoch` when it is set
/// (`SOURCE_DATE_EPOCH`, for reproducible output).
pub fn today(source_date_epoch: Option<i64>) -> String {
    let secs = source_date_epoch.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
    });
    civil_date(secs)
}

/// `YYYY-MM-DD` for a Unix time (Howard Hinnant's days-from-civil inverse).
pub fn civil_date(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

const ENV_KEYS: &[&str] = &[
    "Branch",
    "Cwd",
    "Date",
    "Home",
    "OS",
    "ProjectRoot",
    "Shell",
];

impl Object for EnvInfo {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Map
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let v = match key.as_str()? {
            "OS" => self.os.clone(),
            "Shell" => self.shell.clone(),
            "Cwd" => self.cwd.clone(),
            "ProjectRoot" => self.project_root.clone(),
            "Home" => self.home.clone(),
            "Branch" => self.branch.clone(),
            "Date" => self.date(),
            _ => return None,
        };
        Some(Value::from(v))
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Str(ENV_KEYS)
    }
}

/// A context window's size class, 1 for the smallest windows to 5: it picks the mode
/// template, its token budget and the compact base prompt (`prompt::modes`). Not a cache
/// tier (`request::tier::Tier`), which is where an item sits in a request.
pub type WindowTier = u8;

/// Everything a prompt template can use. Field names are the Go spellings of the design's
/// `PromptContext` (docs/contributing/design.md, the core), plus the additions listed in the README.
#[derive(Debug, Clone)]
pub struct PromptContext {
    pub is_git_repository: bool,
    pub sandbox_status: String,
    pub user_memory: String,
    pub project_context: String,
    pub project_context_file: String,
    pub tool_names: ToolNames,
    /// `.Protocol`: `tools` or `edits`.
    pub protocol: Protocol,
    /// `.Tools`: the tool definitions the request carries (`--tools`), in order; empty
    /// without them.
    pub tools: Vec<ToolData>,
    pub model: String,
    pub model_family: String,
    pub provider: String,
    pub context_files: Vec<ContextFileData>,
    pub env: EnvInfo,
    pub instructions: String,
    pub mode_instructions: String,
    /// The window tier the model's window (or `--context-window`) picks (`.Tier`).
    pub tier: WindowTier,
    /// The active goal (`goal::Goal::to_data`), or null.
    pub goal: serde_json::Value,
    /// The agent's name (`.AgentName`), empty when none was given.
    pub agent_name: String,
    /// Whether someone answers the agent's questions (`.Interactive`).
    pub interactive: bool,
    /// The skills section's prompts, rendered, in order.
    pub skills: Vec<SkillData>,
    pub vars: serde_json::Value,
}

/// A registered prompt in the skills section, as templates see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct SkillData {
    #[serde(rename = "ID")]
    pub id: String,
    pub name: String,
    /// The prompt's text, rendered and trimmed.
    pub content: String,
}

impl PromptContext {
    /// The value templates are executed with (Go's dot).
    pub fn to_value(&self) -> Value {
        Value::from(self.to_map())
    }

    /// [`to_value`](Self::to_value)'s fields, for a command that adds its own (`commit`'s
    /// `.Commit`).
    pub fn to_map(&self) -> BTreeMap<&'static str, Value> {
        let mut m: BTreeMap<&'static str, Value> = BTreeMap::new();
        m.insert("IsGitRepository", Value::from(self.is_git_repository));
        m.insert("SandboxStatus", Value::from(self.sandbox_status.as_str()));
        m.insert("UserMemory", Value::from(self.user_memory.as_str()));
        m.insert("ProjectContext", Value::from(self.project_context.as_str()));
        m.insert(
            "ProjectContextFile",
            Value::from(self.project_context_file.as_str()),
        );
        m.insert("ToolNames", ser(&self.tool_names));
        m.insert("Protocol", Value::from(self.protocol.name()));
        m.insert("Tools", ser(&self.tools));
        m.insert("Model", Value::from(self.model.as_str()));
        m.insert("ModelFamily", Value::from(self.model_family.as_str()));
        m.insert("Provider", Value::from(self.provider.as_str()));
        m.insert("ContextFiles", ser(&self.context_files));
        m.insert("Env", Value::from_object(self.env.clone()));
        m.insert("Instructions", Value::from(self.instructions.as_str()));
        m.insert(
            "ModeInstructions",
            Value::from(self.mode_instructions.as_str()),
        );
        m.insert("Tier", Value::from(self.tier));
        m.insert("AgentName", Value::from(self.agent_name.as_str()));
        m.insert("Interactive", Value::from(self.interactive));
        m.insert("Goal", crate::data::to_value(&self.goal));
        m.insert("Skills", ser(&self.skills));
        m.insert("Vars", crate::data::to_value(&self.vars));
        m
    }
}

/// A serialisable value as templates see it (with the Go number model).
fn ser<T: Serialize>(v: &T) -> Value {
    let json = serde_json::to_value(v).unwrap_or(serde_json::Value::Null);
    crate::data::to_value(&json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(1_700_000_000), "2023-11-14");
        assert_eq!(civil_date(951_782_400), "2000-02-29");
    }
}
