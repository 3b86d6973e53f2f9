//! Resolved settings: flags, then `ASIMI_*` environment variables, then the project's
//! `.asimi/config.yaml`, then the user's `config.yaml`, then defaults.
//!
//! This module knows the environment and config files, but nothing about templates.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::facts::git::{self, Repo};
use crate::facts::sandbox::Sandbox;
use crate::fs::read_text;
use crate::model::ToolNames;
use crate::paths::{self, Switch};

/// The prompt's sections, in the order they are assembled.
pub const SECTIONS: &[&str] = &[
    "base",
    "goal",
    "skills",
    "sandbox",
    "git",
    "context",
    "instructions",
    "memory",
];

/// Environment variable names.
pub mod env {
    pub const SYSTEM_MD: &str = "ASIMI_SYSTEM_MD";
    pub const WRITE_SYSTEM_MD: &str = "ASIMI_WRITE_SYSTEM_MD";
    pub const APPEND_SYSTEM_MD: &str = "ASIMI_APPEND_SYSTEM_MD";
    pub const MODEL: &str = "ASIMI_MODEL";
    /// The operational mode (like `--mode`).
    pub const MODE: &str = "ASIMI_MODE";
    pub const CONFIG_DIR: &str = "ASIMI_CONFIG_DIR";
    /// Where `--session` state is kept (overrides the project's and the user's).
    pub const STATE_DIR: &str = "ASIMI_STATE_DIR";
    /// `ASIMI_PROMPT_<SECTION>=0` switches a section off.
    pub const SECTION_PREFIX: &str = "ASIMI_PROMPT_";
    pub const SANDBOX: &str = "SANDBOX";
    pub const SHELL: &str = "SHELL";
    pub const SOURCE_DATE_EPOCH: &str = "SOURCE_DATE_EPOCH";
    /// `1`/`true` turns hermetic mode on (like `--hermetic`).
    pub const HERMETIC: &str = "ASIMI_HERMETIC";
}

/// The `.Env` facts a `--set KEY=VALUE` pins in hermetic mode (every other fact is blank
/// there, apart from `Cwd` and `ProjectRoot`, which become repo-relative).
pub const HERMETIC_PINS: [&str; 6] = ["OS", "Shell", "Cwd", "ProjectRoot", "Home", "Branch"];

/// File names and directories.
pub mod files {
    /// The project's own directory.
    pub const PROJECT_DIR: &str = ".asimi";
    pub const CONFIG: &str = "config.yaml";
    pub const MEMORY: &str = "memory.md";
    pub const TEMPLATES: &str = "templates";
    /// Session state, under `.asimi/` or the user state directory.
    pub const STATE: &str = "state";
    /// The user config directory's name under the platform config directory.
    pub const APP_DIR: &str = "asimi-prompt";
    /// Where `ASIMI_SYSTEM_MD=1` looks (in the repo root, then the home directory).
    pub const GEMINI_DIR: &str = ".gemini";
    pub const SYSTEM_MD: &str = "system.md";
    pub const DEFAULT_CONTEXT_FILE: &str = "AGENTS.md";
    /// Registered prompts: `<config dir>/prompts/` and `.asimi/prompts/`.
    pub const PROMPTS: &str = "prompts";
    /// The project's goal, under `.asimi/`.
    pub const GOAL: &str = "goal.yaml";
}

/// A settings problem; the message names the file, line and key where there is one.
/// (The crate's error, under the name this module's signatures use.)
pub type SettingsError = crate::error::Error;

fn error(message: impl Into<String>) -> SettingsError {
    SettingsError::usage(message)
}

/// The environment variables a run sees (captured once, so resolution is a pure function).
#[derive(Debug, Clone, Default)]
pub struct Env(pub BTreeMap<String, String>);

impl Env {
    /// The process environment.
    pub fn capture() -> Env {
        Env(std::env::vars().collect())
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }
}

/// `tool_names:` in a config file (snake_case keys).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a map of tool keys to tool names")]
pub struct ToolNamesConfig {
    pub read_file: Option<String>,
    pub write_file: Option<String>,
    pub grep: Option<String>,
    pub glob: Option<String>,
    pub edit: Option<String>,
    pub shell: Option<String>,
    pub read_many_files: Option<String>,
    pub memory: Option<String>,
    pub ls: Option<String>,
}

impl ToolNamesConfig {
    fn apply(&self, names: &mut ToolNames) {
        let pairs = [
            (&self.read_file, &mut names.read_file),
            (&self.write_file, &mut names.write_file),
            (&self.grep, &mut names.grep),
            (&self.glob, &mut names.glob),
            (&self.edit, &mut names.edit),
            (&self.shell, &mut names.shell),
            (&self.read_many_files, &mut names.read_many_files),
            (&self.memory, &mut names.memory),
            (&self.ls, &mut names.ls),
        ];
        for (value, slot) in pairs {
            if let Some(v) = value {
                *slot = v.clone();
            }
        }
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
    /// Whether to add the sanity check.
    pub sanity: Option<bool>,
    /// Plain ASCII goal markers (`[x]`) instead of emoji.
    pub ascii: Option<bool>,
    /// The execution budget of each template render (`--template-fuel`).
    pub template_fuel: Option<u64>,
    /// Read nothing from the user's config directory, home or environment (`--hermetic`).
    pub hermetic: Option<bool>,
    /// What to do with secrets in a request (`--secrets`): redact, error or allow.
    pub secrets: Option<crate::secrets::Mode>,
}

/// `sections:` in a config file: section name to on (`true`) or off (`false`). The names
/// are checked while parsing, so a misspelt section is reported with its file and line
/// like any other unknown key.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SectionsConfig(pub BTreeMap<String, bool>);

impl<'de> Deserialize<'de> for SectionsConfig {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = SectionsConfig;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a map of section names to true or false")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<SectionsConfig, A::Error> {
                let mut out = BTreeMap::new();
                while let Some(SectionName(name)) = map.next_key()? {
                    out.insert(name, map.next_value::<bool>()?);
                }
                Ok(SectionsConfig(out))
            }
        }
        de.deserialize_map(Visitor)
    }
}

/// A key of `sections:`, checked as it is read so that errors point at it.
struct SectionName(String);

impl<'de> Deserialize<'de> for SectionName {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        // Checked inside the visitor, so the parser reports the key's own position.
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = SectionName;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a section name")
            }

            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<SectionName, E> {
                if SECTIONS.contains(&name) {
                    Ok(SectionName(name.to_string()))
                } else {
                    Err(E::unknown_field(name, SECTIONS))
                }
            }
        }
        de.deserialize_str(Visitor)
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
    /// `path`, which the config's `key: value` names, checked against the confinement
    /// rule when the config is the project's (the user's config is free).
    fn checked(&self, key: &str, value: &str, path: PathBuf) -> Result<PathBuf, SettingsError> {
        if let Some(root) = &self.confined_to {
            let what = format!("{}: {key} '{value}'", paths::display(&self.path));
            paths::confine(root, &path, &what, paths::CONFINE_HINT).map_err(error)?;
        }
        Ok(path)
    }
}

/// Reads a config file; a missing file is `None`.
pub fn load_config(path: &Path, dir: &Path) -> Result<Option<LoadedConfig>, SettingsError> {
    let shown = path.display().to_string();
    let failed = |why: &str| crate::fs::cannot_read("config file", &shown, why);
    let text = match crate::fs::read(path, &shown, crate::fs::Utf8::Unreadable, failed) {
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

/// Parses config text; errors read `FILE:LINE:COL: KEY: problem`.
pub fn parse_config(text: &str, origin: &str) -> Result<ConfigFile, SettingsError> {
    if text.trim().is_empty() {
        return Ok(ConfigFile::default());
    }
    crate::documents::from_yaml(text, origin).map_err(error)
}

/// What the command line says about the prompt (the flags shared by `system`, `export`
/// and the request commands).
#[derive(Debug, Clone, Default)]
pub struct Flags {
    pub cwd: Option<PathBuf>,
    pub model: Option<String>,
    pub mode: Option<String>,
    /// Overrides the model's context window (which picks the mode tier).
    pub context_window: Option<u64>,
    pub sandbox: Option<Sandbox>,
    pub no_sections: Vec<String>,
    pub append_system_prompt: Option<String>,
    pub memory: Option<String>,
    pub memory_file: Option<String>,
    pub templates: Option<String>,
    pub context_files: Vec<String>,
    pub tool_names: Vec<String>,
    /// `--goal FILE` (default: `.asimi/goal.yaml`).
    pub goal: Option<String>,
    pub ascii: bool,
    /// `--skill ID`s, in order.
    pub skills: Vec<String>,
    pub sanity: bool,
    /// The model when no flag, environment variable or config names one (the request
    /// commands pass `model::DEFAULT_MODEL`); without it the model is empty.
    pub default_model: Option<&'static str>,
    /// `--hermetic` (`Some(true)`) or `--no-hermetic` (`Some(false)`).
    pub hermetic: Option<bool>,
}

/// `Settings::model_source` for a model from `Flags::default_model`.
pub const MODEL_FROM_DEFAULT: &str = "default";

/// Everything a run needs to know, resolved and validated.
#[derive(Debug, Clone)]
pub struct Settings {
    pub cwd: PathBuf,
    pub home: Option<PathBuf>,
    /// The user config directory (`ASIMI_CONFIG_DIR`, or `<config dir>/asimi-prompt`).
    pub config_dir: Option<PathBuf>,
    /// The git work tree, if the working directory is in one.
    pub repo: Option<Repo>,
    /// The git work tree root, or the working directory.
    pub project_root: PathBuf,
    pub model: String,
    /// Where `model` came from: `--model`, `ASIMI_MODEL`, the config file's path,
    /// `MODEL_FROM_DEFAULT`, or empty when there is no model.
    pub model_source: String,
    /// The operational mode, one of `prompt::modes::MODES`.
    pub mode: String,
    /// Where the mode was asked for (`--mode`, `ASIMI_MODE`, a config file); `None` for
    /// the default.
    pub mode_origin: Option<String>,
    /// `--context-window`, which overrides the model's.
    pub context_window: Option<u64>,
    pub tool_names: ToolNames,
    pub context_names: Vec<String>,
    pub sandbox: Sandbox,
    /// Sections switched off.
    pub disabled: BTreeSet<String>,
    /// The user memory text (untrimmed), from a flag or a file.
    pub memory: Option<String>,
    /// Template directories, searched in this order before the built-in templates.
    pub template_dirs: Vec<PathBuf>,
    pub system_md: Switch,
    pub write_system_md: Switch,
    /// Text appended as the `instructions` section.
    pub instructions: String,
    pub shell: String,
    pub source_date_epoch: Option<i64>,
    /// The goal file: `--goal FILE`, or `.asimi/goal.yaml` in the project.
    pub goal_file: PathBuf,
    /// Whether the goal file was named (`--goal`), so that a missing one is an error.
    pub goal_named: bool,
    /// Goal markers in ASCII.
    pub ascii: bool,
    /// Registered prompts for the skills section, in order: `(id, who asked)`.
    pub skills: Vec<(String, String)>,
    /// Whether the sanity check goes at the end of the skills section.
    pub sanity: bool,
    /// Registry directories above the built-in prompts, in rising precedence.
    pub prompt_dirs: Vec<PathBuf>,
    /// The config files' `template_fuel` (the command line's wins over it).
    pub template_fuel: Option<u64>,
    /// Hermetic mode: no user config, memory, home or environment was read, and machine
    /// facts render as stable values (see [`HERMETIC_PINS`]).
    pub hermetic: bool,
    /// The config files' `secrets` (`--secrets` wins over it).
    pub secrets: Option<crate::secrets::Mode>,
}

impl Settings {
    /// Resolves the settings for a run.
    pub fn resolve(flags: &Flags, env: &Env) -> Result<Settings, SettingsError> {
        let process_cwd = std::env::current_dir()
            .map_err(|e| error(format!("cannot read the working directory: {e}")))?;
        let cwd = match &flags.cwd {
            Some(dir) => {
                let dir = process_cwd.join(dir);
                if !dir.is_dir() {
                    return Err(error(format!(
                        "-C '{}': not a directory",
                        paths::display(&dir)
                    )));
                }
                dir
            }
            None => process_cwd,
        };
        let cwd = cwd.canonicalize().unwrap_or(cwd);
        // Read before hermetic mode blanks the environment: CI pins `.Env.Date` with it.
        let date_pin = env.get(env::SOURCE_DATE_EPOCH).map(str::to_string);
        let asked = match flags.hermetic {
            Some(on) => Some(on),
            None => env_switch(env, env::HERMETIC)?,
        };
        let hermetic_env = Env::default();
        let env = if asked == Some(true) {
            &hermetic_env
        } else {
            env
        };
        let home = if asked == Some(true) {
            None
        } else {
            dirs::home_dir()
        };
        let config_dir = match env.get(env::CONFIG_DIR).filter(|v| !v.is_empty()) {
            Some(dir) => Some(
                paths::resolve(dir, &cwd, home.as_deref())
                    .map_err(|m| error(format!("{}: {m}", env::CONFIG_DIR)))?,
            ),
            None if asked == Some(true) => None,
            None => dirs::config_dir().map(|d| d.join(files::APP_DIR)),
        };
        let repo = git::discover(&cwd);
        let project_root = repo
            .as_ref()
            .map_or_else(|| cwd.clone(), |r| r.root.clone());

        let user = match &config_dir {
            Some(dir) => load_config(&dir.join(files::CONFIG), dir)?,
            None => None,
        };
        let project_dir = project_root.join(files::PROJECT_DIR);
        // Everything under `.asimi/` is project content: a link there may not lead out.
        let in_project = |path: PathBuf| -> Result<PathBuf, SettingsError> {
            let what = format!("'{}'", paths::display(&path));
            paths::confine(&project_root, &path, &what, paths::CONFINE_HINT).map_err(error)?;
            Ok(path)
        };
        let project = load_config(&in_project(project_dir.join(files::CONFIG))?, &project_root)?
            .map(|l| LoadedConfig {
                confined_to: Some(project_root.clone()),
                ..l
            });
        // A config key can ask for hermetic mode too; then the user's layer is dropped.
        let hermetic = asked.unwrap_or_else(|| {
            [&project, &user]
                .into_iter()
                .flatten()
                .find_map(|l| l.config.hermetic)
                .unwrap_or(false)
        });
        let (env, home, config_dir, user) = if hermetic {
            (&hermetic_env, None, None, None)
        } else {
            (env, home, config_dir, user)
        };
        // Lower precedence first, so later ones win.
        let layers: Vec<&LoadedConfig> = user.iter().chain(project.iter()).collect();
        let (model, model_source) = flags
            .model
            .clone()
            .map(|m| (m, "--model".to_string()))
            .or_else(|| {
                env.get(env::MODEL)
                    .filter(|v| !v.is_empty())
                    .map(|v| (v.to_string(), env::MODEL.to_string()))
            })
            .or_else(|| {
                layers.iter().rev().find_map(|l| {
                    let m = l.config.model.clone()?;
                    Some((m, paths::display(&l.path)))
                })
            })
            .or_else(|| {
                flags
                    .default_model
                    .map(|m| (m.to_string(), MODEL_FROM_DEFAULT.to_string()))
            })
            .unwrap_or_default();

        let mode = flags
            .mode
            .clone()
            .map(|m| (m, "--mode".to_string()))
            .or_else(|| {
                env.get(env::MODE)
                    .filter(|v| !v.is_empty())
                    .map(|v| (v.to_string(), env::MODE.to_string()))
            })
            .or_else(|| {
                layers.iter().rev().find_map(|l| {
                    l.config
                        .mode
                        .clone()
                        .map(|m| (m, format!("{}: mode", paths::display(&l.path))))
                })
            });
        let mode_origin = mode.as_ref().map(|(_, origin)| origin.clone());
        let mode = match mode {
            None => crate::prompt::modes::DEFAULT_MODE.to_string(),
            Some((m, _)) if crate::prompt::modes::is_mode(&m) => m,
            Some((m, origin)) => {
                return Err(error(format!(
                    "{origin} '{m}': unknown mode; expected one of {}",
                    crate::prompt::modes::MODES.join(", ")
                )))
            }
        };
        if flags.context_window == Some(0) {
            return Err(error(
                "--context-window 0: expected a positive number of tokens",
            ));
        }

        let mut tool_names = ToolNames::default();
        for layer in &layers {
            if let Some(t) = &layer.config.tool_names {
                t.apply(&mut tool_names);
            }
        }
        for setting in &flags.tool_names {
            apply_tool_flag(&mut tool_names, setting)?;
        }

        let context_names = if !flags.context_files.is_empty() {
            flags.context_files.clone()
        } else {
            layers
                .iter()
                .rev()
                .find_map(|l| l.config.context_files.clone())
                .unwrap_or_else(|| vec![files::DEFAULT_CONTEXT_FILE.to_string()])
        };

        let sandbox = flags
            .sandbox
            .or_else(|| layers.iter().rev().find_map(|l| l.config.sandbox))
            .unwrap_or(Sandbox::Auto)
            .resolve(env.get(env::SANDBOX));

        let disabled = resolve_sections(flags, env, &layers)?;

        let memory = resolve_memory(flags, &cwd, &layers, config_dir.as_deref(), home.as_deref())?;

        // A template directory that is named but missing is a typo: without this check the
        // built-in templates would be used without a word.
        let mut template_dirs = Vec::new();
        if let Some(dir) = &flags.templates {
            let path = paths::resolve(dir, &cwd, home.as_deref()).map_err(error)?;
            if !path.is_dir() {
                return Err(error(format!(
                    "--templates '{}': not a directory",
                    paths::display(&path)
                )));
            }
            template_dirs.push(path);
        } else if let Some(layer) = layers.iter().rev().find(|l| l.config.templates.is_some()) {
            let dir = layer.config.templates.as_deref().unwrap_or_default();
            let path = paths::resolve(dir, &layer.dir, home.as_deref()).map_err(error)?;
            let path = layer.checked("templates", dir, path)?;
            if !path.is_dir() {
                return Err(error(format!(
                    "{}: templates: '{}' is not a directory",
                    paths::display(&layer.path),
                    paths::display(&path)
                )));
            }
            template_dirs.push(path);
        }
        template_dirs.push(in_project(project_dir.join(files::TEMPLATES))?);
        if let Some(dir) = &config_dir {
            template_dirs.push(dir.join(files::TEMPLATES));
        }

        let switch_of = |name: &str| {
            paths::switch(env.get(name), &cwd, home.as_deref())
                .map_err(|m| error(format!("{name}: {m}")))
        };
        let system_md = switch_of(env::SYSTEM_MD)?;
        let write_system_md = switch_of(env::WRITE_SYSTEM_MD)?;
        let instructions = resolve_instructions(flags, env, &cwd, home.as_deref())?;

        let (goal_file, goal_named) = match &flags.goal {
            Some(file) => (
                paths::resolve(file, &cwd, home.as_deref()).map_err(error)?,
                true,
            ),
            None => (in_project(project_dir.join(files::GOAL))?, false),
        };
        let config_bool = |f: fn(&ConfigFile) -> Option<bool>| {
            layers
                .iter()
                .rev()
                .find_map(|l| f(&l.config))
                .unwrap_or(false)
        };
        let ascii = flags.ascii || config_bool(|c| c.ascii);
        let sanity = flags.sanity || config_bool(|c| c.sanity);
        // Skills add up: the user's, the project's, then the command line's, each once.
        let mut skills: Vec<(String, String)> = Vec::new();
        let config_skills = layers.iter().flat_map(|l| {
            let origin = format!("{}: skills", paths::display(&l.path));
            l.config
                .skills
                .iter()
                .flatten()
                .map(move |id| (id.clone(), origin.clone()))
        });
        let flag_skills = flags
            .skills
            .iter()
            .map(|id| (id.clone(), "--skill".to_string()));
        for (id, origin) in config_skills.chain(flag_skills) {
            if !skills.iter().any(|(s, _)| *s == id) {
                skills.push((id, origin));
            }
        }
        let mut prompt_dirs = Vec::new();
        if let Some(dir) = &config_dir {
            prompt_dirs.push(dir.join(files::PROMPTS));
        }
        prompt_dirs.push(in_project(project_dir.join(files::PROMPTS))?);

        let source_date_epoch = match date_pin.as_deref().filter(|v| !v.is_empty()) {
            Some(v) => Some(v.trim().parse::<i64>().map_err(|_| {
                error(format!(
                    "{}='{v}': expected a Unix timestamp in seconds",
                    env::SOURCE_DATE_EPOCH
                ))
            })?),
            None if hermetic => Some(0),
            None => None,
        };

        let template_fuel = layers.iter().rev().find_map(|l| {
            l.config
                .template_fuel
                .map(|n| (n, format!("{}: template_fuel", paths::display(&l.path))))
        });
        if let Some((0, origin)) = &template_fuel {
            return Err(error(format!(
                "{origin} 0: expected a positive number of steps"
            )));
        }

        Ok(Settings {
            template_fuel: template_fuel.map(|(n, _)| n),
            secrets: layers.iter().rev().find_map(|l| l.config.secrets),
            shell: env
                .get(env::SHELL)
                .and_then(|s| Path::new(s).file_name())
                .map_or_else(|| "sh".to_string(), |s| s.to_string_lossy().into_owned()),
            cwd,
            home,
            config_dir,
            repo,
            project_root,
            model,
            model_source,
            mode,
            mode_origin,
            context_window: flags.context_window,
            tool_names,
            context_names,
            sandbox,
            disabled,
            memory,
            template_dirs,
            system_md,
            write_system_md,
            instructions,
            source_date_epoch,
            goal_file,
            goal_named,
            ascii,
            skills,
            sanity,
            prompt_dirs,
            hermetic,
        })
    }

    /// Whether a section is switched on.
    pub fn section_enabled(&self, name: &str) -> bool {
        !self.disabled.contains(name)
    }
}

/// A boolean environment variable: `1`/`true` or `0`/`false` (empty or unset: not given).
fn env_switch(env: &Env, name: &str) -> Result<Option<bool>, SettingsError> {
    match env.get(name).map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => paths::switch_word(v).map(Some).ok_or_else(|| {
            error(format!(
                "{name}='{}': {}",
                v.to_ascii_lowercase(),
                paths::SWITCH_WORDS
            ))
        }),
    }
}

fn apply_tool_flag(names: &mut ToolNames, setting: &str) -> Result<(), SettingsError> {
    let Some((key, value)) = setting.split_once('=') else {
        return Err(error(format!(
            "--tool-name '{setting}': expected KEY=NAME, e.g. --tool-name grep=rg"
        )));
    };
    let yaml = format!(
        "{key}: {}",
        serde_json::to_string(value).unwrap_or_default()
    );
    let parsed: ToolNamesConfig = serde_yaml::from_str(&yaml).map_err(|_| {
        error(format!(
            "--tool-name '{setting}': unknown tool '{key}'; expected one of read_file, \
             write_file, grep, glob, edit, shell, read_many_files, memory, ls"
        ))
    })?;
    parsed.apply(names);
    Ok(())
}

fn check_section(name: &str, origin: &str) -> Result<(), SettingsError> {
    if SECTIONS.contains(&name) {
        Ok(())
    } else {
        Err(error(format!(
            "{origin}: unknown section '{name}'; the sections are {}",
            SECTIONS.join(", ")
        )))
    }
}

fn resolve_sections(
    flags: &Flags,
    env: &Env,
    layers: &[&LoadedConfig],
) -> Result<BTreeSet<String>, SettingsError> {
    let mut enabled: BTreeMap<String, bool> =
        SECTIONS.iter().map(|s| (s.to_string(), true)).collect();
    for layer in layers {
        // Names were checked when the file was parsed.
        for (name, on) in layer.config.sections.iter().flat_map(|s| &s.0) {
            enabled.insert(name.clone(), *on);
        }
    }
    for section in SECTIONS {
        let var = format!("{}{}", env::SECTION_PREFIX, section.to_ascii_uppercase());
        if let Some(v) = env.get(&var) {
            // An empty value turns the section on.
            let v = v.trim();
            let on = if v.is_empty() {
                Some(true)
            } else {
                paths::switch_word(v)
            };
            let Some(on) = on else {
                return Err(error(format!(
                    "{var}='{}': {}",
                    v.to_ascii_lowercase(),
                    paths::SWITCH_WORDS
                )));
            };
            enabled.insert(section.to_string(), on);
        }
    }
    for name in &flags.no_sections {
        check_section(name, "--no-section")?;
        enabled.insert(name.clone(), false);
    }
    Ok(enabled
        .into_iter()
        .filter(|(_, on)| !on)
        .map(|(name, _)| name)
        .collect())
}

fn resolve_memory(
    flags: &Flags,
    cwd: &Path,
    layers: &[&LoadedConfig],
    config_dir: Option<&Path>,
    home: Option<&Path>,
) -> Result<Option<String>, SettingsError> {
    if let Some(text) = &flags.memory {
        return Ok(Some(text.clone()));
    }
    if let Some(file) = &flags.memory_file {
        let path = paths::resolve(file, cwd, home).map_err(error)?;
        return read_text(&path, "memory file").map(Some);
    }
    if let Some((file, layer)) = layers
        .iter()
        .rev()
        .find_map(|l| l.config.memory_file.clone().map(|f| (f, l)))
    {
        let path = paths::resolve(&file, &layer.dir, home).map_err(error)?;
        let path = layer.checked("memory_file", &file, path)?;
        return read_text(&path, "memory file").map(Some);
    }
    match config_dir.map(|d| d.join(files::MEMORY)) {
        Some(path) if path.is_file() => read_text(&path, "memory file").map(Some),
        _ => Ok(None),
    }
}

fn resolve_instructions(
    flags: &Flags,
    env: &Env,
    cwd: &Path,
    home: Option<&Path>,
) -> Result<String, SettingsError> {
    if let Some(value) = &flags.append_system_prompt {
        return match value.strip_prefix('@') {
            Some(file) => {
                let path = paths::resolve(file, cwd, home).map_err(error)?;
                read_text(&path, "--append-system-prompt file")
            }
            None => Ok(value.clone()),
        };
    }
    match paths::switch(env.get(env::APPEND_SYSTEM_MD), cwd, home)
        .map_err(|m| error(format!("{}: {m}", env::APPEND_SYSTEM_MD)))?
    {
        Switch::Off => Ok(String::new()),
        Switch::Default => Err(error(format!(
            "{} takes the path of a Markdown file to append (or 0 to switch it off)",
            env::APPEND_SYSTEM_MD
        ))),
        Switch::Path(path) => read_text(&path, env::APPEND_SYSTEM_MD),
    }
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
        assert!(
            e.message.contains("key 'tool_names.grpe'") || e.message.contains("grpe"),
            "{}",
            e.message
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
        assert_eq!(c.tool_names.unwrap().grep.as_deref(), Some("rg"));
    }
}
