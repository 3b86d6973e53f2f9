//! Resolved settings: flags, then `ASIMI_*` environment variables, then the project's
//! `.asimi/config.yaml`, then the user's `config.yaml`, then defaults.
//!
//! Resolution is a pure function: [`Facts::gather`] reads the working directory, home,
//! platform directories and repository, [`Layers::load`] reads the config files (and
//! `--mcp-config` files), then [`Settings::resolve`] applies the precedence rules to those values. What it leaves
//! for the file system is returned as [`Checks`] (paths that must stay inside the
//! project, directories that must exist) and [`Text`] (files read when used).
//! [`Settings::load`] does all three steps and runs the checks.
//!
//! This module knows the environment and config files, but nothing about templates.

mod config;
mod mcp;
mod names;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

pub use config::{
    load_config, parse_config, ConfigFile, Layers, LoadedConfig, McpFile, SectionsConfig,
    ToolNamesConfig,
};
pub use names::{
    env, files, is_mode, DEFAULT_MODE, HERMETIC_PINS, MODEL_FROM_DEFAULT, MODES, SECTIONS,
};

use crate::error::Error;
use crate::facts::git::Repo;
use crate::facts::sandbox::Sandbox;
use crate::facts::Facts;
use crate::fs::read_text;
use crate::paths::{self, Switch};
use crate::prompt_data::{Protocol, ToolNames};
use config::Active;
use gotemplate::Limits;

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

    /// `ASIMI_STATE_DIR`, where set and not empty.
    pub fn state_dir(&self) -> Option<&str> {
        self.get(env::STATE_DIR).filter(|v| !v.is_empty())
    }
}

/// What the command line says about the prompt (the flags shared by `system`, `export`
/// and the request commands).
#[derive(Debug, Clone, Default)]
pub struct Flags {
    pub cwd: Option<PathBuf>,
    pub model: Option<String>,
    pub mode: Option<String>,
    /// Overrides the model's context window (which picks the window tier).
    pub context_window: Option<u64>,
    pub sandbox: Option<Sandbox>,
    pub no_sections: Vec<String>,
    pub append_system_prompt: Option<String>,
    pub memory: Option<String>,
    pub memory_file: Option<String>,
    pub templates: Option<String>,
    pub context_files: Vec<String>,
    pub tool_names: Vec<String>,
    /// `--protocol`; else [`Flags::default_protocol`].
    pub protocol: Option<Protocol>,
    /// The protocol when `--protocol` does not name one: the request commands pass
    /// `Protocol::Edits` (a body carries no tools), the others leave `Tools`.
    pub default_protocol: Protocol,
    /// `--goal FILE` (default: `.asimi/goal.yaml`).
    pub goal: Option<String>,
    pub ascii: bool,
    /// `--skill ID`s, in order.
    pub skills: Vec<String>,
    /// `--sanity` (`Some(true)`) or `--no-sanity` (`Some(false)`).
    pub sanity: Option<bool>,
    /// `--agent-name NAME`.
    pub agent_name: Option<String>,
    /// `--interactive` (`Some(true)`) or `--non-interactive` (`Some(false)`).
    pub interactive: Option<bool>,
    /// The model when no flag, environment variable or config names one (the request
    /// commands pass `model::DEFAULT_MODEL`); without it the model is empty.
    pub default_model: Option<&'static str>,
    /// The model a request spec names, and the spec's path: below `--model`, above the
    /// environment and the config files.
    pub spec_model: Option<(String, PathBuf)>,
    /// `--hermetic` (`Some(true)`) or `--no-hermetic` (`Some(false)`).
    pub hermetic: Option<bool>,
    /// `--template-fuel` (or `ASIMI_TEMPLATE_FUEL`).
    pub template_fuel: Option<u64>,
    /// `--template-bytes` (or `ASIMI_TEMPLATE_BYTES`).
    pub template_bytes: Option<u64>,
    /// `--mcp-config FILE`s.
    pub mcp_config: Vec<String>,
    /// `--mcp-server NAME=COMMAND...`s.
    pub mcp_servers: Vec<String>,
    pub trust_project_mcp: bool,
    /// `--mcp-timeout SECS`.
    pub mcp_timeout: Option<f64>,
    pub require_mcp: bool,
    /// `--skill-arg SERVER:PROMPT.KEY=VALUE`s.
    pub skill_args: Vec<String>,
}

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
    /// The operational mode, one of [`MODES`].
    pub mode: String,
    /// Where the mode was asked for (`--mode`, `ASIMI_MODE`, a config file); `None` for
    /// the default.
    pub mode_origin: Option<String>,
    /// `--context-window`, which overrides the model's.
    pub context_window: Option<u64>,
    pub tool_names: ToolNames,
    /// What the prompt teaches the model to act with: tools, or edit blocks.
    pub protocol: Protocol,
    /// The tool definitions a request carries (`--tools`), which its command reads once
    /// the settings are resolved (an MCP server's list needs them); `None` without.
    /// With them, the prompt names only these tools and documents them.
    pub tools: Option<Vec<crate::tools::Tool>>,
    /// Context file names looked for in the project's directories.
    pub context_names: Vec<String>,
    /// Context file names looked for in the user config directory. They differ from
    /// `context_names` when the project's config sets the list: a name the project
    /// chose is looked for only inside the project.
    pub user_context_names: Vec<String>,
    pub sandbox: Sandbox,
    /// Sections switched off.
    pub disabled: BTreeSet<String>,
    /// The user memory (untrimmed): given on the command line, or a file.
    pub memory: Option<Text>,
    /// Template directories, searched in this order before the built-in templates.
    pub template_dirs: Vec<PathBuf>,
    pub system_md: Switch,
    pub write_system_md: Switch,
    /// What is appended as the `instructions` section.
    pub instructions: Option<Text>,
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
    /// Whether the sanity check goes at the end of the skills section: `--sanity` or
    /// `--no-sanity`, else the config files' `sanity`, else on.
    pub sanity: bool,
    /// The agent's name (`.AgentName`): `--agent-name`, `ASIMI_AGENT_NAME`, the config
    /// files' `agent_name`; none by default, and the built-in prompts name no agent.
    pub agent_name: Option<String>,
    /// Whether someone answers the agent's questions (`.Interactive`): `--interactive` or
    /// `--non-interactive`, `ASIMI_INTERACTIVE`, the config files' `interactive`, else on.
    pub interactive: bool,
    /// Registry directories above the built-in prompts, in rising precedence.
    pub prompt_dirs: Vec<PathBuf>,
    /// What each template render may use: `--template-fuel` and `--template-bytes` (or
    /// their variables), else the config files' `template_fuel` and `template_bytes`, else
    /// the defaults.
    pub template_limits: Limits,
    /// What resolution has to tell the user without stopping the run (a project's config
    /// that tried to raise a template budget).
    pub notes: Vec<String>,
    /// Hermetic mode: no user config, memory, home or environment was read, and machine
    /// facts render as stable values (see [`HERMETIC_PINS`]).
    pub hermetic: bool,
    /// The config files' `secrets` (`--secrets` wins over it).
    pub secrets: Option<crate::secrets::Mode>,
    /// The platform's state directory (see [`Settings::state_dir`]).
    pub user_state_dir: Option<PathBuf>,
    /// This program's cache directory ([`Facts::cache_dir`]).
    pub cache_dir: Option<PathBuf>,
    /// MCP servers (started only when their prompts are needed).
    pub mcp: crate::mcp::config::Servers,
    /// Arguments of MCP skills, by prompt id.
    pub skill_args: BTreeMap<String, BTreeMap<String, String>>,
}

/// Text a setting supplies: given as is, or a file's contents, read when it is used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Text {
    Given(String),
    /// A file; `what` names it in messages (`memory file`). A file the project's
    /// config names is read through a handle on the project root (`project`).
    File {
        path: PathBuf,
        what: String,
        project: Option<PathBuf>,
    },
    /// A default file, used when it exists.
    IfPresent {
        path: PathBuf,
        what: String,
    },
}

impl Text {
    fn file(path: PathBuf, what: &str) -> Text {
        Text::File {
            path,
            what: what.to_string(),
            project: None,
        }
    }

    /// The text `text` gives, or empty when there is none.
    pub fn contents(text: Option<&Text>) -> Result<String, Error> {
        Ok(text
            .map(Text::read)
            .transpose()?
            .flatten()
            .unwrap_or_default())
    }

    /// The text; `None` for a default file that does not exist.
    pub fn read(&self) -> Result<Option<String>, Error> {
        match self {
            Text::Given(text) => Ok(Some(text.clone())),
            Text::IfPresent { path, .. } if !path.is_file() => Ok(None),
            Text::IfPresent { path, what } => read_text(path, what).map(Some),
            Text::File {
                path,
                what,
                project,
            } => {
                let shown = paths::display(path);
                let failed = |why: &str| crate::fs::cannot_read(what, &shown, why);
                let utf8 = crate::fs::Utf8::Strict;
                crate::fs::read_project(project.as_deref(), path, &shown, utf8, failed)
                    .map(|d| Some(d.text))
            }
        }
    }
}

/// A fact about the file system a setting depends on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Check {
    /// `path` (which `what` names) must lead, links followed, inside `root`.
    Inside {
        root: PathBuf,
        path: PathBuf,
        what: String,
    },
    /// `path` must be a directory; `message` says so otherwise.
    Dir { path: PathBuf, message: String },
}

impl Check {
    /// `.asimi/` content: a link there may not lead out of the project.
    fn inside(root: &Path, path: &Path) -> Check {
        Check::Inside {
            root: root.to_path_buf(),
            path: path.to_path_buf(),
            what: format!("'{}'", paths::display(path)),
        }
    }

    fn run(&self) -> Result<(), Error> {
        match self {
            Check::Inside { root, path, what } => {
                paths::confine(root, path, what, paths::CONFINE_HINT).map_err(Error::usage)?;
            }
            Check::Dir { path, message } if !path.is_dir() => return Err(Error::usage(message)),
            Check::Dir { .. } => {}
        }
        Ok(())
    }
}

/// The file system checks resolution leaves to be run, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checks(pub Vec<Check>);

impl Checks {
    pub fn run(&self) -> Result<(), Error> {
        self.0.iter().try_for_each(Check::run)
    }
}

impl Settings {
    /// Gathers the facts, reads the config files, resolves, and runs the checks.
    pub fn load(flags: &Flags, env: &Env) -> Result<Settings, Error> {
        let facts = Facts::gather(flags.cwd.as_deref()).map_err(Error::usage)?;
        let layers = Layers::load(&facts, flags, env)?;
        let (settings, checks) = Settings::resolve(flags, env, &layers, &facts)?;
        checks.run()?;
        Ok(settings)
    }

    /// Applies the precedence rules (flags, environment, project config, user config,
    /// defaults) to what was gathered. Touches no file: what needs the file system is
    /// returned as [`Checks`].
    pub fn resolve(
        flags: &Flags,
        env: &Env,
        layers: &Layers,
        facts: &Facts,
    ) -> Result<(Settings, Checks), Error> {
        // Read before hermetic mode blanks the environment: CI pins `.Env.Date` with it.
        let date_pin = env.get(env::SOURCE_DATE_EPOCH).map(str::to_string);
        let asked = asked_hermetic(flags, env)?;
        let config_dir = user_config_dir(env, facts, asked)?;
        // A config key can ask for hermetic mode too; then the user's layer is dropped.
        let hermetic = asked.unwrap_or_else(|| {
            let all = layers.active(false);
            all.find(|c| c.hermetic).is_some_and(|(on, _)| on)
        });
        let blank = Env::default();
        let (env, home, config_dir) = if hermetic {
            (&blank, None, None)
        } else {
            (env, facts.home.clone(), config_dir)
        };
        let mcp_files = &layers.mcp_files;
        let layers = layers.active(hermetic);
        let cwd = facts.cwd.clone();
        let root = facts.project_root().to_path_buf();
        let project_dir = root.join(files::PROJECT_DIR);
        let places = Places {
            cwd: &cwd,
            home: home.as_deref(),
        };
        let mut checks = Checks::default();
        let mut notes = Vec::new();

        let (model, model_source) = resolve_model(flags, env, &layers);
        let (mode, mode_origin) = resolve_mode(flags, env, &layers)?;
        let tool_names = resolve_tool_names(flags, &layers)?;
        let memory = resolve_memory(flags, &places, &layers, config_dir.as_deref(), &mut checks)?;
        let mut template_dirs = resolve_templates(flags, &places, &layers, &mut checks)?;
        template_dirs.push(project_dir.join(files::TEMPLATES));
        checks
            .0
            .push(Check::inside(&root, &project_dir.join(files::TEMPLATES)));
        template_dirs.extend(config_dir.as_ref().map(|d| d.join(files::TEMPLATES)));
        let switch_of = |name: &str| {
            paths::switch(env.get(name), &cwd, home.as_deref())
                .map_err(|m| Error::usage(format!("{name}: {m}")))
        };
        let (goal_file, goal_named) = match &flags.goal {
            Some(file) => (places.resolve(file)?, true),
            None => {
                let path = project_dir.join(files::GOAL);
                checks.0.push(Check::inside(&root, &path));
                (path, false)
            }
        };
        let mut prompt_dirs: Vec<PathBuf> =
            config_dir.iter().map(|d| d.join(files::PROMPTS)).collect();
        prompt_dirs.push(project_dir.join(files::PROMPTS));
        checks
            .0
            .push(Check::inside(&root, &project_dir.join(files::PROMPTS)));
        let settings = Settings {
            template_limits: resolve_limits(flags, &layers, &mut notes)?,
            notes,
            secrets: layers.find(|c| c.secrets).map(|(m, _)| m),
            shell: env
                .get(env::SHELL)
                .and_then(|s| Path::new(s).file_name())
                .map_or_else(|| "sh".to_string(), |s| s.to_string_lossy().into_owned()),
            model,
            model_source,
            mode,
            mode_origin,
            context_window: flags.context_window,
            tool_names,
            protocol: flags.protocol.unwrap_or(flags.default_protocol),
            tools: None,
            context_names: resolve_context_names(flags, &layers, Scope::Project)?,
            user_context_names: resolve_context_names(flags, &layers, Scope::User)?,
            sandbox: flags
                .sandbox
                .or_else(|| layers.find(|c| c.sandbox).map(|(s, _)| s))
                .unwrap_or(Sandbox::Auto)
                .resolve(env.get(env::SANDBOX)),
            disabled: resolve_sections(flags, env, &layers)?,
            memory,
            template_dirs,
            system_md: switch_of(env::SYSTEM_MD)?,
            write_system_md: switch_of(env::WRITE_SYSTEM_MD)?,
            instructions: resolve_instructions(flags, env, &places)?,
            source_date_epoch: resolve_date(date_pin.as_deref(), hermetic)?,
            goal_file,
            goal_named,
            ascii: flags.ascii || layers.find(|c| c.ascii).is_some_and(|(on, _)| on),
            skills: resolve_skills(flags, &layers),
            // On unless switched off (the design's `useSanityChecks: true`).
            sanity: flags
                .sanity
                .or_else(|| layers.find(|c| c.sanity).map(|(on, _)| on))
                .unwrap_or(true),
            agent_name: resolve_agent_name(flags, env, &layers)?,
            interactive: match flags.interactive {
                Some(on) => on,
                None => env_switch(env, env::INTERACTIVE)?
                    .or_else(|| layers.find(|c| c.interactive).map(|(on, _)| on))
                    .unwrap_or(true),
            },
            prompt_dirs,
            mcp: mcp::resolve(flags, (&layers, mcp_files), &places, &root, env)?,
            skill_args: mcp::skill_args(flags, &layers)?,
            hermetic,
            cwd,
            home,
            config_dir,
            repo: facts.repo.clone(),
            user_state_dir: facts.state_dir.clone(),
            cache_dir: facts.cache_dir.clone(),
            project_root: root,
        };
        Ok((settings, checks))
    }

    /// Whether a section is switched on.
    pub fn section_enabled(&self, name: &str) -> bool {
        !self.disabled.contains(name)
    }

    /// The directory session state lives in: `ASIMI_STATE_DIR`; else `.asimi/state` in the
    /// project (a git work tree, or a directory with `.asimi/`); else
    /// `asimi-prompt/state/<project key>` under the user's state directory, so two
    /// directories never share a session of the same name. Asked only by runs with a
    /// session, so a project without one needs no such directory.
    pub fn state_dir(&self, env: &Env) -> Result<PathBuf, String> {
        if let Some(dir) = env.state_dir() {
            return paths::resolve(dir, &self.cwd, self.home.as_deref())
                .map_err(|m| format!("{}: {m}", env::STATE_DIR));
        }
        let project = self.project_root.join(files::PROJECT_DIR);
        if self.repo.is_some() || project.is_dir() {
            // The project's state directory must not lead out of it (ASIMI_STATE_DIR may).
            let dir = project.join(files::STATE);
            let what = format!("session state directory '{}'", paths::display(&dir));
            paths::confine(&self.project_root, &dir, &what, paths::CONFINE_HINT)?;
            return Ok(dir);
        }
        self.user_state_dir
            .as_ref()
            .map(|d| {
                d.join(crate::facts::APP_DIR)
                    .join(files::STATE)
                    .join(project_key(&self.project_root))
            })
            .ok_or_else(|| {
                format!(
                    "--session: outside a project and with no user state directory; set {} \
                     to a directory for session state",
                    env::STATE_DIR
                )
            })
    }
}

/// The directory of `root`'s sessions under the user's state directory: its name, for a
/// reader, and a hash of its whole path, so that two directories of one name differ.
fn project_key(root: &Path) -> String {
    let name: String = root
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default()
        .chars()
        .map(|c| match c.is_ascii_alphanumeric() || "._-".contains(c) {
            true => c,
            false => '_',
        })
        .take(40)
        .collect();
    let hash = crate::digest::blake3_hex(root.as_os_str().as_encoded_bytes());
    let name = match name.trim_start_matches('.') {
        "" => "root",
        name => name,
    };
    format!("{name}-{}", &hash[..12])
}

/// Where user-given paths resolve: against the working directory, `~` against home.
struct Places<'a> {
    cwd: &'a Path,
    home: Option<&'a Path>,
}

impl Places<'_> {
    fn resolve(&self, path: &str) -> Result<PathBuf, Error> {
        paths::resolve(path, self.cwd, self.home).map_err(Error::usage)
    }
}

/// `--hermetic`/`--no-hermetic`, else `ASIMI_HERMETIC`; `None` if neither says.
fn asked_hermetic(flags: &Flags, env: &Env) -> Result<Option<bool>, Error> {
    match flags.hermetic {
        Some(on) => Ok(Some(on)),
        None => env_switch(env, env::HERMETIC),
    }
}

/// The user config directory: `ASIMI_CONFIG_DIR`, else the platform's (none when
/// hermetic mode was asked for).
fn user_config_dir(
    env: &Env,
    facts: &Facts,
    asked: Option<bool>,
) -> Result<Option<PathBuf>, Error> {
    let hermetic = asked == Some(true);
    let home = facts.home.as_deref().filter(|_| !hermetic);
    match env
        .get(env::CONFIG_DIR)
        .filter(|v| !v.is_empty() && !hermetic)
    {
        Some(dir) => paths::resolve(dir, &facts.cwd, home)
            .map(Some)
            .map_err(|m| Error::usage(format!("{}: {m}", env::CONFIG_DIR))),
        None if hermetic => Ok(None),
        None => Ok(facts
            .config_dir
            .as_ref()
            .map(|d| d.join(crate::facts::APP_DIR))),
    }
}

/// A flag, else an `ASIMI_*` variable, else the config: the value and where it came from.
fn layered(
    flag: Option<&String>,
    (flag_name, var): (&str, &str),
    env: &Env,
    config: Option<(String, String)>,
) -> Option<(String, String)> {
    flag.map(|v| (v.clone(), flag_name.to_string()))
        .or_else(|| {
            env.get(var)
                .filter(|v| !v.is_empty())
                .map(|v| (v.to_string(), var.to_string()))
        })
        .or(config)
}

fn resolve_model(flags: &Flags, env: &Env, layers: &Active) -> (String, String) {
    let config = layers
        .find(|c| c.model.clone())
        .map(|(m, l)| (m, paths::display(&l.path)));
    let spec = flags
        .spec_model
        .as_ref()
        .map(|(m, path)| (m.clone(), format!("spec {}", path.display())));
    let flag = flags.model.clone().map(|m| (m, "--model".to_string()));
    flag.or(spec)
        .or_else(|| layered(None, ("--model", env::MODEL), env, config))
        .or_else(|| {
            flags
                .default_model
                .map(|m| (m.to_string(), MODEL_FROM_DEFAULT.to_string()))
        })
        .unwrap_or_default()
}

/// The agent's name, trimmed; none when unset or blank. The name goes into the first
/// sentence of the prompt, so a name over several lines is refused.
fn resolve_agent_name(flags: &Flags, env: &Env, layers: &Active) -> Result<Option<String>, Error> {
    let config = layers
        .find(|c| c.agent_name.clone())
        .map(|(n, l)| (n, format!("{}: agent_name", paths::display(&l.path))));
    let named = layered(
        flags.agent_name.as_ref(),
        ("--agent-name", env::AGENT_NAME),
        env,
        config,
    );
    match named {
        Some((name, origin)) if name.trim().contains(['\n', '\r']) => Err(Error::usage(format!(
            "{origin} '{}': an agent name is one line; give it without line breaks",
            name.escape_debug()
        ))),
        named => Ok(named
            .map(|(name, _)| name.trim().to_string())
            .filter(|name| !name.is_empty())),
    }
}

/// The mode and where it was asked for (`None`: the default).
fn resolve_mode(
    flags: &Flags,
    env: &Env,
    layers: &Active,
) -> Result<(String, Option<String>), Error> {
    let config = layers
        .find(|c| c.mode.clone())
        .map(|(m, l)| (m, format!("{}: mode", paths::display(&l.path))));
    match layered(flags.mode.as_ref(), ("--mode", env::MODE), env, config) {
        None => Ok((DEFAULT_MODE.to_string(), None)),
        Some((m, origin)) if is_mode(&m) => Ok((m, Some(origin))),
        Some((m, origin)) => Err(Error::usage(format!(
            "{origin} '{m}': unknown mode; {}expected one of {}",
            closest_mode(&m).map_or_else(String::new, |c| format!("did you mean '{c}'? ")),
            MODES.join(", ")
        ))),
    }
}

/// The mode a misspelt `mode` most likely meant.
fn closest_mode(mode: &str) -> Option<&'static str> {
    let mode = mode.to_ascii_lowercase();
    MODES
        .iter()
        .map(|m| (strsim::jaro_winkler(&mode, m), *m))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, m)| m)
}

fn resolve_tool_names(flags: &Flags, layers: &Active) -> Result<ToolNames, Error> {
    let mut tool_names = ToolNames::default();
    for t in layers.iter().filter_map(|l| l.config.tool_names.as_ref()) {
        t.apply(&mut tool_names);
    }
    for setting in &flags.tool_names {
        apply_tool_flag(&mut tool_names, setting)?;
    }
    Ok(tool_names)
}

/// Which directories a list of context file names is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// The user config directory: the project's config has no say there.
    User,
    /// The project root and the directories down to the working directory.
    Project,
}

/// The context file names for `scope`: flags, then the configs (the project's only for
/// the project's directories), then `AGENTS.md`. A name from the project's config must be
/// a plain relative path that stays below the directory it is tried in; links are
/// checked when the file is read.
fn resolve_context_names(
    flags: &Flags,
    layers: &Active,
    scope: Scope,
) -> Result<Vec<String>, Error> {
    if !flags.context_files.is_empty() {
        return Ok(flags.context_files.clone());
    }
    let Some((names, layer)) = layers
        .0
        .iter()
        .rev()
        .filter(|l| scope == Scope::Project || l.confined_to.is_none())
        .find_map(|l| Some((l.config.context_files.clone()?, l)))
    else {
        return Ok(vec![files::DEFAULT_CONTEXT_FILE.to_string()]);
    };
    if let Some(root) = &layer.confined_to {
        for name in &names {
            if !paths::stays_below(name) {
                return Err(Error::usage(format!(
                    "{}: context_files '{name}' is outside the project root '{}'; {}",
                    paths::display(&layer.path),
                    paths::display(root),
                    CONTEXT_NAME_HINT
                )));
            }
        }
    }
    Ok(names)
}

/// What to do about a context file name the project's config may not use.
const CONTEXT_NAME_HINT: &str = "a project's context_files are names looked for in the \
     project's directories (such as CLAUDE.md or docs/AGENTS.md), never absolute, `~` or `..` \
     paths; name other files yourself with --context-file";

/// The named template directory (`--templates`, else the config's), if any. A directory
/// that is named but missing is a typo: without the check the built-in templates would
/// be used without a word.
fn resolve_templates(
    flags: &Flags,
    places: &Places,
    layers: &Active,
    checks: &mut Checks,
) -> Result<Vec<PathBuf>, Error> {
    if let Some(dir) = &flags.templates {
        let path = places.resolve(dir)?;
        let message = format!("--templates '{}': not a directory", paths::display(&path));
        checks.0.push(Check::Dir {
            path: path.clone(),
            message,
        });
        return Ok(vec![path]);
    }
    let Some((dir, layer)) = layers.find(|c| c.templates.clone()) else {
        return Ok(Vec::new());
    };
    let path = paths::resolve(&dir, &layer.dir, places.home).map_err(Error::usage)?;
    checks.0.extend(layer.check("templates", &dir, &path));
    let message = format!(
        "{}: templates: '{}' is not a directory",
        paths::display(&layer.path),
        paths::display(&path)
    );
    checks.0.push(Check::Dir {
        path: path.clone(),
        message,
    });
    Ok(vec![path])
}

/// Skills add up: the user's, the project's, then the command line's, each once.
fn resolve_skills(flags: &Flags, layers: &Active) -> Vec<(String, String)> {
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
    let mut skills: Vec<(String, String)> = Vec::new();
    for (id, origin) in config_skills.chain(flag_skills) {
        if !skills.iter().any(|(s, _)| *s == id) {
            skills.push((id, origin));
        }
    }
    skills
}

/// `SOURCE_DATE_EPOCH`, read before hermetic mode blanks the environment; hermetic
/// runs without it date from the epoch.
fn resolve_date(pin: Option<&str>, hermetic: bool) -> Result<Option<i64>, Error> {
    match pin.filter(|v| !v.is_empty()) {
        Some(v) => v.trim().parse::<i64>().map(Some).map_err(|_| {
            Error::usage(format!(
                "{}='{v}': expected a Unix timestamp in seconds",
                env::SOURCE_DATE_EPOCH
            ))
        }),
        None if hermetic => Ok(Some(0)),
        None => Ok(None),
    }
}

/// What a note says after the project's config and its value: the rule it broke.
const PROJECT_BUDGET_RULE: &str = "a project's config may lower a template budget, never \
     raise it; raise it with the flag, its environment variable or your own config";

/// `--template-fuel` and `--template-bytes` (or their variables), else the config files;
/// a project's config may only lower what the user's config or the default allows (a
/// cloned repository must not give its own templates more), and a note says so when it
/// tries to raise one.
fn resolve_limits(
    flags: &Flags,
    layers: &Active,
    notes: &mut Vec<String>,
) -> Result<Limits, Error> {
    let default = Limits::default();
    let fuel = Budget {
        key: "template_fuel",
        unit: "steps",
        default: default.fuel,
    };
    let bytes = Budget {
        key: "template_bytes",
        unit: "bytes",
        default: default.bytes,
    };
    Ok(Limits {
        fuel: match flags.template_fuel {
            Some(n) => n,
            None => fuel.in_configs(layers, |c| c.template_fuel, notes)?,
        },
        bytes: match flags.template_bytes {
            Some(n) => n,
            None => bytes.in_configs(layers, |c| c.template_bytes, notes)?,
        },
    })
}

/// A template budget's config key, unit and default.
struct Budget {
    key: &'static str,
    unit: &'static str,
    default: u64,
}

impl Budget {
    /// The user's config's value (else the default), lowered by the project's.
    fn in_configs(
        &self,
        layers: &Active,
        get: impl Fn(&ConfigFile) -> Option<u64>,
        notes: &mut Vec<String>,
    ) -> Result<u64, Error> {
        let mut allowed = self.default;
        let mut project = None;
        for layer in layers.iter() {
            let Some(n) = get(&layer.config) else {
                continue;
            };
            if n == 0 {
                return Err(Error::usage(format!(
                    "{}: {} 0: expected a positive number of {}",
                    paths::display(&layer.path),
                    self.key,
                    self.unit
                )));
            }
            match layer.confined_to {
                Some(_) => project = Some((n, layer)),
                None => allowed = n,
            }
        }
        match project {
            Some((n, layer)) if n > allowed => {
                notes.push(format!(
                    "{}: {} {n} is ignored: it is above the {allowed} {} allowed without it; \
                     {PROJECT_BUDGET_RULE}",
                    paths::display(&layer.path),
                    self.key,
                    self.unit
                ));
                Ok(allowed)
            }
            Some((n, _)) => Ok(n),
            None => Ok(allowed),
        }
    }
}

/// A boolean environment variable: `1`/`true` or `0`/`false` (empty or unset: not given).
fn env_switch(env: &Env, name: &str) -> Result<Option<bool>, Error> {
    match env.get(name).map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => paths::switch_word(v).map(Some).ok_or_else(|| {
            Error::usage(format!(
                "{name}='{}': {}",
                v.to_ascii_lowercase(),
                paths::SWITCH_WORDS
            ))
        }),
    }
}

fn apply_tool_flag(names: &mut ToolNames, setting: &str) -> Result<(), Error> {
    let Some((key, value)) = setting.split_once('=') else {
        return Err(Error::usage(format!(
            "--tool-name '{setting}': expected KEY=NAME, e.g. --tool-name grep=rg"
        )));
    };
    let Some(slot) = names.slot(key) else {
        return Err(Error::usage(format!(
            "--tool-name '{setting}': unknown tool '{key}'; expected one of {}",
            crate::prompt_data::TOOL_KEYS.join(", ")
        )));
    };
    *slot = value.to_string();
    Ok(())
}

fn check_section(name: &str, origin: &str) -> Result<(), Error> {
    if SECTIONS.contains(&name) {
        Ok(())
    } else {
        Err(Error::usage(format!(
            "{origin}: unknown section '{name}'; the sections are {}",
            SECTIONS.join(", ")
        )))
    }
}

fn resolve_sections(flags: &Flags, env: &Env, layers: &Active) -> Result<BTreeSet<String>, Error> {
    let mut enabled: BTreeMap<String, bool> =
        SECTIONS.iter().map(|s| (s.to_string(), true)).collect();
    for layer in layers.iter() {
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
                return Err(Error::usage(format!(
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

const MEMORY_FILE: &str = "memory file";

fn resolve_memory(
    flags: &Flags,
    places: &Places,
    layers: &Active,
    config_dir: Option<&Path>,
    checks: &mut Checks,
) -> Result<Option<Text>, Error> {
    if let Some(text) = &flags.memory {
        return Ok(Some(Text::Given(text.clone())));
    }
    if let Some(file) = &flags.memory_file {
        return Ok(Some(Text::file(places.resolve(file)?, MEMORY_FILE)));
    }
    if let Some((file, layer)) = layers.find(|c| c.memory_file.clone()) {
        let path = paths::resolve(&file, &layer.dir, places.home).map_err(Error::usage)?;
        checks.0.extend(layer.check("memory_file", &file, &path));
        return Ok(Some(Text::File {
            path,
            what: MEMORY_FILE.to_string(),
            project: layer.confined_to.clone(),
        }));
    }
    Ok(config_dir.map(|d| Text::IfPresent {
        path: d.join(files::MEMORY),
        what: MEMORY_FILE.to_string(),
    }))
}

fn resolve_instructions(flags: &Flags, env: &Env, places: &Places) -> Result<Option<Text>, Error> {
    if let Some(value) = &flags.append_system_prompt {
        return Ok(Some(match value.strip_prefix('@') {
            Some(file) => Text::file(places.resolve(file)?, "--append-system-prompt file"),
            None => Text::Given(value.clone()),
        }));
    }
    match paths::switch(env.get(env::APPEND_SYSTEM_MD), places.cwd, places.home)
        .map_err(|m| Error::usage(format!("{}: {m}", env::APPEND_SYSTEM_MD)))?
    {
        Switch::Off => Ok(None),
        Switch::Default => Err(Error::usage(format!(
            "{} takes the path of a Markdown file to append (or 0 to switch it off)",
            env::APPEND_SYSTEM_MD
        ))),
        Switch::Path(path) => Ok(Some(Text::file(path, env::APPEND_SYSTEM_MD))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(name: &str, yaml: &str) -> LoadedConfig {
        LoadedConfig {
            path: PathBuf::from(format!("/{name}/config.yaml")),
            dir: PathBuf::from(format!("/{name}")),
            config: parse_config(yaml, name).unwrap(),
            confined_to: None,
        }
    }

    fn facts() -> Facts {
        Facts {
            cwd: PathBuf::from("/nowhere/work"),
            home: Some(PathBuf::from("/nowhere/home")),
            config_dir: Some(PathBuf::from("/nowhere/config")),
            ..Facts::default()
        }
    }

    fn resolve(flags: &Flags, env: &[(&str, &str)], layers: &Layers) -> (Settings, Checks) {
        let env = Env(env
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect());
        Settings::resolve(flags, &env, layers, &facts()).unwrap()
    }

    #[test]
    fn model_precedence_is_flag_env_project_user_default() {
        let both = Layers {
            user: Some(layer("user", "model: u\n")),
            project: Some(layer("project", "model: p\n")),
            ..Layers::default()
        };
        let flag = Flags {
            model: Some("f".into()),
            default_model: Some("d"),
            ..Flags::default()
        };
        let env = [(env::MODEL, "e")];
        let model = |flags: &Flags, env: &[(&str, &str)], layers: &Layers| {
            let s = resolve(flags, env, layers).0;
            (s.model, s.model_source)
        };
        let pair = |m: &str, s: &str| (m.to_string(), s.to_string());
        assert_eq!(model(&flag, &env, &both), pair("f", "--model"));
        let spec = Flags {
            spec_model: Some(("s".into(), PathBuf::from("r.yaml"))),
            ..flag.clone()
        };
        assert_eq!(model(&spec, &env, &both), pair("f", "--model"));
        let spec = Flags {
            model: None,
            ..spec
        };
        assert_eq!(model(&spec, &env, &both), pair("s", "spec r.yaml"));
        let no_flag = Flags {
            model: None,
            ..flag.clone()
        };
        assert_eq!(model(&no_flag, &env, &both), pair("e", "ASIMI_MODEL"));
        assert_eq!(
            model(&no_flag, &[], &both),
            pair("p", "/project/config.yaml")
        );
        let user_only = Layers {
            project: None,
            ..both.clone()
        };
        assert_eq!(
            model(&no_flag, &[], &user_only),
            pair("u", "/user/config.yaml")
        );
        assert_eq!(
            model(&no_flag, &[], &Layers::default()),
            pair("d", MODEL_FROM_DEFAULT)
        );
    }

    /// `--mcp-config` files are read with the config files: resolution only looks them
    /// up (none of these paths exists), and expands the variables in urls and headers.
    #[test]
    fn mcp_config_files_come_read() {
        let server: crate::mcp::config::ServerConfig =
            serde_json::from_str(r#"{"url": "http://${HOST}/mcp", "headers": {"A": "${NO}"}}"#)
                .unwrap();
        let layers = Layers {
            mcp_files: vec![McpFile {
                path: PathBuf::from("/nowhere/work/m.json"),
                servers: [("web".to_string(), server)].into(),
            }],
            ..Layers::default()
        };
        let flags = Flags {
            mcp_config: vec!["m.json".into()],
            ..Flags::default()
        };
        let s = resolve(&flags, &[("HOST", "h:1")], &layers).0;
        let web = s.mcp.get("web").unwrap();
        assert_eq!(web.config.url.as_deref(), Some("http://h:1/mcp"));
        let why = web.unusable.as_deref().unwrap();
        assert!(why.ends_with("header 'A': the environment variable NO is not set"));
    }

    #[test]
    fn template_fuel_is_flag_then_config_then_default() {
        let layers = Layers {
            project: Some(layer("project", "template_fuel: 50\n")),
            ..Layers::default()
        };
        let flag = Flags {
            template_fuel: Some(7),
            ..Flags::default()
        };
        assert_eq!(resolve(&flag, &[], &layers).0.template_limits.fuel, 7);
        assert_eq!(
            resolve(&Flags::default(), &[], &layers)
                .0
                .template_limits
                .fuel,
            50
        );
        let default = resolve(&Flags::default(), &[], &Layers::default()).0;
        assert_eq!(default.template_limits.fuel, 10_000_000);
    }

    /// A cloned repository's config may lower its templates' budgets, never raise them:
    /// a raise is ignored with a note, whatever the user's config or the default allow.
    #[test]
    fn a_project_config_lowers_template_budgets_but_cannot_raise_them() {
        let project = |yaml: &str| LoadedConfig {
            confined_to: Some(PathBuf::from("/project")),
            ..layer("project", yaml)
        };
        let limits = |user: Option<&str>, project_yaml: &str| {
            let layers = Layers {
                user: user.map(|u| layer("user", u)),
                project: Some(project(project_yaml)),
                ..Layers::default()
            };
            let settings = resolve(&Flags::default(), &[], &layers).0;
            let l = settings.template_limits;
            (l.fuel, l.bytes, settings.notes.len())
        };
        let raise = "template_fuel: 100000000000\ntemplate_bytes: 1000G\n";
        let Limits { fuel, bytes } = Limits::default();
        assert_eq!(limits(None, raise), (fuel, bytes, 2));
        let user = "template_fuel: 1000\ntemplate_bytes: 2000\n";
        assert_eq!(limits(Some(user), raise), (1000, 2000, 2));
        assert_eq!(limits(Some(user), "template_fuel: 500\n"), (500, 2000, 0));
        assert_eq!(limits(None, "template_bytes: 1M\n"), (fuel, 1 << 20, 0));
        let layers = Layers {
            project: Some(project("template_bytes: 1000G\n")),
            ..Layers::default()
        };
        let note = &resolve(&Flags::default(), &[], &layers).0.notes[0];
        assert_eq!(
            note,
            &format!(
                "/project/config.yaml: template_bytes 1073741824000 is ignored: it is above \
                 the {bytes} bytes allowed without it; {PROJECT_BUDGET_RULE}"
            )
        );
        let flag = Flags {
            template_bytes: Some(1 << 40),
            ..Flags::default()
        };
        let flagged = resolve(&flag, &[], &layers).0;
        assert_eq!(
            (flagged.template_limits.bytes, flagged.notes.len()),
            (1 << 40, 0)
        );
    }

    #[test]
    fn the_sanity_check_is_on_unless_switched_off() {
        let sanity = |flag: Option<bool>, user: &str, project: &str| {
            let layers = Layers {
                user: Some(layer("user", user)),
                project: Some(layer("project", project)),
                ..Layers::default()
            };
            let flags = Flags {
                sanity: flag,
                ..Flags::default()
            };
            resolve(&flags, &[], &layers).0.sanity
        };
        assert!(sanity(None, "", ""));
        assert!(!sanity(None, "sanity: false\n", ""));
        assert!(sanity(None, "sanity: false\n", "sanity: true\n"));
        assert!(!sanity(None, "", "sanity: false\n"));
        assert!(sanity(Some(true), "", "sanity: false\n"));
        assert!(!sanity(Some(false), "", ""));
    }

    #[test]
    fn a_hermetic_project_drops_the_user_layer_and_the_environment() {
        let layers = Layers {
            user: Some(layer("user", "model: u\nsanity: false\n")),
            project: Some(layer("project", "hermetic: true\n")),
            ..Layers::default()
        };
        let (s, _) = resolve(&Flags::default(), &[(env::MODEL, "e")], &layers);
        assert!(s.hermetic);
        assert_eq!(s.model, "");
        // The user's `sanity: false` is not read: the default holds.
        assert!(s.sanity);
        assert_eq!(s.home, None);
        assert_eq!(s.config_dir, None);
        assert_eq!(s.source_date_epoch, Some(0));
    }

    #[test]
    fn files_are_left_to_checks_and_reads() {
        let flags = Flags {
            templates: Some("~/tpl".into()),
            memory_file: Some("notes.md".into()),
            ..Flags::default()
        };
        let (s, checks) = resolve(&flags, &[], &Layers::default());
        assert_eq!(
            s.memory,
            Some(Text::File {
                path: PathBuf::from("/nowhere/work/notes.md"),
                what: "memory file".into(),
                project: None,
            })
        );
        assert_eq!(s.template_dirs[0], PathBuf::from("/nowhere/home/tpl"));
        assert_eq!(
            checks.0[0],
            Check::Dir {
                path: PathBuf::from("/nowhere/home/tpl"),
                message: "--templates '/nowhere/home/tpl': not a directory".into()
            }
        );
        let inside: Vec<_> = checks.0[1..]
            .iter()
            .map(|c| match c {
                Check::Inside { path, .. } => paths::display(path),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            inside,
            [
                "/nowhere/work/.asimi/templates",
                "/nowhere/work/.asimi/goal.yaml",
                "/nowhere/work/.asimi/prompts"
            ]
        );
    }
}
