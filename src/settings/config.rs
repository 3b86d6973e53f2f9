//! Config files (`.asimi/config.yaml` and the user's `config.yaml`): their schema, how
//! they are read, and the layers they form.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::{asked_hermetic, files, user_config_dir, Check, Env, Flags, SECTIONS};
use crate::error::Error;
use crate::facts::sandbox::Sandbox;
use crate::facts::Facts;
use crate::paths;
use crate::prompt_data::{ToolNames, TOOL_KEYS};

/// `tool_names:` in a config file: tool key (one of [`TOOL_KEYS`]) to name. Keys are
/// checked as they are read, so a misspelt one is reported at its file and line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolNamesConfig(pub BTreeMap<String, String>);

impl ToolNamesConfig {
    pub(super) fn apply(&self, names: &mut ToolNames) {
        for (key, value) in &self.0 {
            if let Some(slot) = names.slot(key) {
                *slot = value.clone();
            }
        }
    }
}

impl<'de> Deserialize<'de> for ToolNamesConfig {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        let names = checked_map::<_, ToolKey, Option<String>>(de)?;
        // A null name leaves the tool's name as it was.
        let given = names.into_iter().filter_map(|(k, v)| Some((k, v?)));
        Ok(ToolNamesConfig(given.collect()))
    }
}

/// A `config.yaml` (project or user).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a map of settings (model, sandbox, ...)"
)]
pub struct ConfigFile {
    /// The model name.
    pub model: Option<String>,
    /// The operational mode (assistant, developer, planning, debugger or user).
    pub mode: Option<String>,
    /// Tool names the prompt mentions.
    pub tool_names: Option<ToolNamesConfig>,
    /// Context file names to look for, in order.
    pub context_files: Option<Vec<String>>,
    /// auto, macos, generic or none.
    pub sandbox: Option<Sandbox>,
    /// Sections switched on (`true`) or off (`false`).
    pub sections: Option<SectionsConfig>,
    /// The user memory file (relative to the config file's directory).
    pub memory_file: Option<String>,
    /// A template directory searched before the built-in templates (relative to the
    /// config file's directory).
    pub templates: Option<String>,
    /// Registered prompts (skills) to add, by id.
    pub skills: Option<Vec<String>>,
    /// Whether to add the sanity check (on when no file says).
    pub sanity: Option<bool>,
    /// Plain ASCII goal markers (`[x]`) instead of emoji.
    pub ascii: Option<bool>,
    /// The agent's name the prompt introduces (`--agent-name`; the design's `agentName`).
    #[serde(alias = "agentName")]
    pub agent_name: Option<String>,
    /// Whether someone answers the agent's questions (`--non-interactive`).
    pub interactive: Option<bool>,
    /// The execution budget of each template render (`--template-fuel`).
    pub template_fuel: Option<u64>,
    /// The byte budget of each template render (`--template-bytes`): a number, or a
    /// string such as `64M`.
    #[serde(default, deserialize_with = "bytes")]
    pub template_bytes: Option<u64>,
    /// Read nothing from the user's config directory, home or environment (`--hermetic`).
    pub hermetic: Option<bool>,
    /// What to do with secrets in a request (`--secrets`): redact, error or allow.
    pub secrets: Option<crate::secrets::Mode>,
    /// MCP servers whose prompts join the registry (the `mcpServers` shape).
    #[serde(alias = "mcpServers")]
    pub mcp_servers: Option<BTreeMap<String, crate::mcp::config::ServerConfig>>,
    /// Seconds each MCP step (start, list, get) may take (`--mcp-timeout`).
    pub mcp_timeout: Option<crate::mcp::config::Seconds>,
    /// Project roots whose own MCP servers may start (the user's config only).
    pub mcp_trusted_projects: Option<Vec<String>>,
    /// Arguments of MCP skills: prompt id to `{KEY: VALUE}` (`--skill-arg`).
    pub skill_args: Option<BTreeMap<String, BTreeMap<String, String>>>,
}

/// `sections:` in a config file: section name to on (`true`) or off (`false`). The names
/// are checked while parsing, so a misspelt section is reported with its file and line
/// like any other unknown key.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SectionsConfig(pub BTreeMap<String, bool>);

impl<'de> Deserialize<'de> for SectionsConfig {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        checked_map::<_, SectionKey, bool>(de).map(SectionsConfig)
    }
}

/// A map whose keys are checked against `K::NAMES` as they are read, so that a misspelt
/// key is reported at its own file, line and column like any other unknown key.
fn checked_map<'de, D, K, V>(de: D) -> Result<BTreeMap<String, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    K: Names,
    V: Deserialize<'de>,
{
    struct Visitor<K, V>(std::marker::PhantomData<(K, V)>);
    impl<'de, K: Names, V: Deserialize<'de>> serde::de::Visitor<'de> for Visitor<K, V> {
        type Value = BTreeMap<String, V>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(K::MAP)
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some(Checked(key, _)) = map.next_key::<Checked<K>>()? {
                out.insert(key, map.next_value::<V>()?);
            }
            Ok(out)
        }
    }
    de.deserialize_map(Visitor::<K, V>(std::marker::PhantomData))
}

/// A set of names a map's keys must come from.
trait Names {
    const NAMES: &'static [&'static str];
    /// What one key is, and what the map is, for messages.
    const WHAT: &'static str;
    const MAP: &'static str;
}

struct SectionKey;
impl Names for SectionKey {
    const NAMES: &'static [&'static str] = SECTIONS;
    const WHAT: &'static str = "a section name";
    const MAP: &'static str = "a map of section names to true or false";
}

struct ToolKey;
impl Names for ToolKey {
    const NAMES: &'static [&'static str] = &TOOL_KEYS;
    const WHAT: &'static str = "a tool key";
    const MAP: &'static str = "a map of tool keys to tool names";
}

/// A map key checked against `T::NAMES` as it is read, so that errors point at it.
struct Checked<T>(String, std::marker::PhantomData<T>);

impl<'de, T: Names> Deserialize<'de> for Checked<T> {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        // Checked inside the visitor, so the parser reports the key's own position.
        struct Visitor<T>(std::marker::PhantomData<T>);
        impl<T: Names> serde::de::Visitor<'_> for Visitor<T> {
            type Value = Checked<T>;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(T::WHAT)
            }

            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Checked<T>, E> {
                if T::NAMES.contains(&name) {
                    Ok(Checked(name.to_string(), std::marker::PhantomData))
                } else {
                    Err(E::unknown_field(name, T::NAMES))
                }
            }
        }
        de.deserialize_str(Visitor(std::marker::PhantomData))
    }
}

/// A config file and where it came from (relative paths in it resolve against `dir`).
#[derive(Debug, Clone)]
pub struct LoadedConfig {
    pub path: PathBuf,
    pub dir: PathBuf,
    pub config: ConfigFile,
    /// The project root, for the project's config: paths in it must lie inside.
    pub confined_to: Option<PathBuf>,
}

impl LoadedConfig {
    /// The confinement check for `path`, which the config's `key: value` names: the
    /// project's config may only name files inside the project (the user's is free).
    pub(super) fn check(&self, key: &str, value: &str, path: &Path) -> Option<Check> {
        let root = self.confined_to.as_ref()?;
        Some(Check::Inside {
            root: root.clone(),
            path: path.to_path_buf(),
            what: format!("{}: {key} '{value}'", paths::display(&self.path)),
        })
    }
}

/// `template_bytes:` as a number of bytes or a string such as `64M`.
fn bytes<'de, D: serde::Deserializer<'de>>(de: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged, expecting = "a number of bytes, or a string such as 64M")]
    enum Bytes {
        Number(u64),
        Text(String),
    }
    match Option::<Bytes>::deserialize(de)? {
        None => Ok(None),
        Some(Bytes::Number(n)) => Ok(Some(n)),
        Some(Bytes::Text(t)) => crate::template::parse_bytes(&t)
            .map(Some)
            .map_err(serde::de::Error::custom),
    }
}

/// Reads a config file; a missing file is `None`. The project's (`project` names its
/// root) is read through a handle on the root.
pub fn load_config(
    path: &Path,
    dir: &Path,
    project: Option<&Path>,
) -> Result<Option<LoadedConfig>, Error> {
    let shown = path.display().to_string();
    let failed = |why: &str| crate::fs::cannot_read("config file", &shown, why);
    let utf8 = crate::fs::Utf8::Unreadable;
    let text = match crate::fs::read_project(project, path, &shown, utf8, failed) {
        Ok(t) => t.text,
        Err(e) if e.is_not_found() => return Ok(None),
        Err(e) => return Err(e),
    };
    let config = parse_config(&text, &path.display().to_string())?;
    Ok(Some(LoadedConfig {
        path: path.to_path_buf(),
        dir: dir.to_path_buf(),
        config,
        confined_to: None,
    }))
}

/// The config files a run reads, lower precedence first: the user's, then the
/// project's; and the `--mcp-config` files, in the order given.
#[derive(Debug, Clone, Default)]
pub struct Layers {
    pub user: Option<LoadedConfig>,
    pub project: Option<LoadedConfig>,
    pub mcp_files: Vec<McpFile>,
}

/// An `--mcp-config` file, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpFile {
    pub path: PathBuf,
    pub servers: BTreeMap<String, crate::mcp::config::ServerConfig>,
}

impl Layers {
    /// Reads the user's config (unless hermetic mode was asked for on the command line
    /// or in the environment) and the project's.
    pub fn load(facts: &Facts, flags: &Flags, env: &Env) -> Result<Layers, Error> {
        let asked = asked_hermetic(flags, env)?;
        let user = match user_config_dir(env, facts, asked)? {
            Some(dir) if asked != Some(true) => load_config(&dir.join(files::CONFIG), &dir, None)?,
            _ => None,
        };
        let root = facts.project_root();
        let path = root.join(files::PROJECT_DIR).join(files::CONFIG);
        // Everything under `.asimi/` is project content: a link there may not lead out.
        Check::inside(root, &path).run()?;
        let project = load_config(&path, root, Some(root))?.map(|l| LoadedConfig {
            confined_to: Some(root.to_path_buf()),
            ..l
        });
        // `~` as resolution will take it (no home when hermetic mode was asked for).
        let home = facts.home.as_deref().filter(|_| asked != Some(true));
        let mut mcp_files = Vec::new();
        for file in &flags.mcp_config {
            let path = paths::resolve(file, &facts.cwd, home).map_err(Error::usage)?;
            let servers = crate::mcp::config::read_file(&path, &paths::display(&path))?;
            mcp_files.push(McpFile { path, servers });
        }
        Ok(Layers {
            user,
            project,
            mcp_files,
        })
    }

    /// The layers in effect: hermetic mode drops the user's.
    pub(super) fn active(&self, hermetic: bool) -> Active<'_> {
        let user = self.user.as_ref().filter(|_| !hermetic);
        Active(user.into_iter().chain(self.project.as_ref()).collect())
    }
}

/// The layers in effect, lower precedence first.
pub(super) struct Active<'a>(pub Vec<&'a LoadedConfig>);

impl<'a> Active<'a> {
    /// The value the highest-precedence layer that sets it gives, and that layer.
    pub fn find<T>(&self, key: impl Fn(&ConfigFile) -> Option<T>) -> Option<(T, &'a LoadedConfig)> {
        self.0
            .iter()
            .rev()
            .find_map(|l| Some((key(&l.config)?, *l)))
    }

    /// Lower precedence first.
    pub fn iter(&self) -> impl Iterator<Item = &'a LoadedConfig> + '_ {
        self.0.iter().copied()
    }
}

/// Parses config text; errors read `FILE:LINE:COL: KEY: problem`.
pub fn parse_config(text: &str, origin: &str) -> Result<ConfigFile, Error> {
    if text.trim().is_empty() {
        return Ok(ConfigFile::default());
    }
    crate::documents::from_yaml(text, origin).map_err(Error::usage)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_key_names_file_line_and_key() {
        let e = parse_config("model: x\nmodle: y\n", "c.yaml").unwrap_err();
        assert!(e.message.starts_with("c.yaml:2:1: "), "{}", e.message);
        assert!(e.message.contains("unknown field `modle`"), "{}", e.message);
    }

    #[test]
    fn wrong_type_names_the_key() {
        let e = parse_config("sections:\n  git: maybe\n", "c.yaml").unwrap_err();
        assert!(
            e.message.starts_with("c.yaml:2:8: key 'sections.git':"),
            "{}",
            e.message
        );
        let e = parse_config("tool_names:\n  grpe: rg\n", "c.yaml").unwrap_err();
        assert_eq!(
            e.message,
            "c.yaml:2:3: key 'tool_names.grpe': unknown field `grpe`, expected one of \
             `read_file`, `write_file`, `grep`, `glob`, `edit`, `shell`, `read_many_files`, \
             `memory`, `ls`"
        );
    }

    #[test]
    fn config_parses() {
        let c = parse_config(
            "model: gpt-4o\nsandbox: generic\nsections: {git: false}\ncontext_files: [AGENTS.md, CLAUDE.md]\ntool_names: {grep: rg}\n",
            "c",
        )
        .unwrap();
        assert_eq!(c.model.as_deref(), Some("gpt-4o"));
        assert_eq!(c.sandbox, Some(Sandbox::Generic));
        assert_eq!(c.tool_names.unwrap().0["grep"], "rg");
    }
}
