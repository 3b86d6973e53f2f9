//! Every read a system prompt needs, done before anything renders: the model registry,
//! context files, memory, instructions and the goal (the data templates see), the mode,
//! section and base templates (or the `ASIMI_SYSTEM_MD` file), and the skills (the
//! prompt registry, and MCP servers' prompts). [`super::render`] then reads nothing.

use std::path::Path;

use super::library::{Found, Library, Origin};
use super::registry as prompts;
use super::{default_system_md, modes, BaseSource, MODELS_FILE};
use crate::error::Error;
use crate::facts::context_files::{self, Search};
use crate::goal::{Goal, GoalStatus};
use crate::model::{ModelInfo, ModelRegistry};
use crate::paths::{self, Switch};
use crate::prompt_data::{
    ContextFileData, EnvInfo, ParamData, PromptContext, Protocol, SkillData, ToolData, ToolNames,
    WindowTier,
};
use crate::settings::{files, Settings, Text, SECTIONS};
use gotemplate::{Limits, Syntax};

/// Everything a system prompt is rendered from.
#[derive(Debug, Clone)]
pub struct Gathered {
    /// The data templates see, without the mode text and the skills, which are
    /// rendered from `mode_template` and `skills`.
    pub context: PromptContext,
    pub model: ModelInfo,
    /// The mode's template for the tier.
    pub mode_template: Found,
    pub base_source: BaseSource,
    /// The enabled sections in order, each with its template (none for `base`, whose
    /// text `base_source` holds).
    pub sections: Vec<(&'static str, Option<Found>)>,
    pub skills: Vec<Skill>,
    /// The operational mode.
    pub mode: String,
    /// The context window the tier is picked by (`--context-window`, else the model's).
    pub context_window: u64,
    /// What each template render may use.
    pub limits: Limits,
    /// Notes for stderr so far.
    pub warnings: Vec<String>,
    /// The tool definitions the request carries (`--tools`).
    pub tools: Vec<crate::tools::Tool>,
}

/// A skill as read: a registry prompt, which is a template, or an MCP server's text.
#[derive(Debug, Clone)]
pub enum Skill {
    Template(prompts::Prompt),
    Fetched(SkillData),
}

/// Reads everything the system prompt of `settings` is made of (`vars`: the user's
/// `--set`/`--data` values).
pub fn gather(settings: &Settings, vars: serde_json::Value) -> Result<Gathered, Error> {
    let library = super::library(settings);
    let mut warnings = Vec::new();
    let (context, model) = data(settings, &library, vars, &mut warnings, PROMPT_GOALS)?;
    let tier = context.tier;
    let mode_template = modes::find(&library, &settings.mode, tier)?.ok_or_else(|| {
        Error::usage(format!(
            "the template '{}' is missing",
            modes::template_name(modes::FALLBACK.0, modes::FALLBACK.1)
        ))
    })?;
    let skills = match settings.section_enabled("skills") {
        true => skills(settings, &mut warnings)?,
        false => Vec::new(),
    };
    let base_source = base_source(settings, &library, &model, tier)?;
    if [&settings.system_md, &settings.write_system_md].contains(&&Switch::Default) {
        warnings.extend(project_system_md(settings).map(|shown| {
            format!(
                "ASIMI_SYSTEM_MD=1 reads ~/.gemini/system.md, not this project's '{shown}' (a \
                 cloned repository may not replace your system prompt); \
                 {CHOOSE_PROJECT_SYSTEM_MD}"
            )
        }));
    }
    if settings.section_enabled("base") {
        warnings.extend(plain_base_warning(settings, &base_source, &context));
    }
    let mut sections = Vec::new();
    for &name in SECTIONS.iter().filter(|n| settings.section_enabled(n)) {
        let template = match name {
            "base" => None,
            _ => Some(section_template(&library, name)?),
        };
        sections.push((name, template));
    }
    Ok(Gathered {
        context_window: settings.context_window.unwrap_or(model.context_window),
        context,
        model,
        mode_template,
        base_source,
        sections,
        skills,
        mode: settings.mode.clone(),
        limits: settings.template_limits,
        warnings,
        tools: settings.tools.clone().unwrap_or_default(),
    })
}

/// The skills section's prompts, as read: each `--skill` (and config `skills`) in
/// order, then the sanity check when it is on. The registry is read only when asked,
/// and MCP servers are started only for the skills that name them (`SERVER:PROMPT`);
/// a server that fails leaves its skills out with a warning, and a skill asked for by
/// name whose server failed stops the run.
fn skills(settings: &Settings, warnings: &mut Vec<String>) -> Result<Vec<Skill>, Error> {
    if settings.skills.is_empty() && !settings.sanity {
        return Ok(Vec::new());
    }
    let registry =
        prompts::PromptRegistry::load(&settings.prompt_dirs, Some(&settings.project_root))?;
    let is_mcp =
        |id: &str| registry.get(id).is_none() && crate::mcp::split_id(&settings.mcp, id).is_some();
    let wanted_mcp: Vec<(String, _)> = settings
        .skills
        .iter()
        .filter(|(id, _)| is_mcp(id))
        .map(|(id, _)| {
            (
                id.clone(),
                settings.skill_args.get(id).cloned().unwrap_or_default(),
            )
        })
        .collect();
    let mut fetched = Vec::new();
    let mut failures = Vec::new();
    if !wanted_mcp.is_empty() {
        let (found, notes) = crate::mcp::fetch(&settings.mcp, &wanted_mcp)?;
        fetched = found;
        warnings.extend(notes.iter().cloned());
        failures = notes;
    }
    let mut out = Vec::new();
    for (id, origin) in &settings.skills {
        if !is_mcp(id) {
            out.push(Skill::Template(registry.require(id, origin)?.clone()));
            continue;
        }
        if !fetched.iter().any(|f| f.id == *id) {
            return Err(Error::usage(format!(
                "{origin} '{id}': the skill could not be fetched from its MCP server: {}",
                match failures.as_slice() {
                    [] => "the server has no such prompt".to_string(),
                    notes => notes.join("; "),
                }
            )));
        }
        // Server text is not a template: it goes in as the server gave it.
        out.extend(fetched.iter().filter(|f| f.id == *id).map(|f| {
            Skill::Fetched(SkillData {
                id: f.id.clone(),
                name: f
                    .listed
                    .title
                    .clone()
                    .unwrap_or_else(|| f.listed.name.clone()),
                content: crate::mcp::text(&f.messages),
            })
        }));
    }
    let sanity_named = settings
        .skills
        .iter()
        .any(|(id, _)| id == prompts::SANITY_CHECK);
    if settings.sanity && !sanity_named {
        let p = registry.require(prompts::SANITY_CHECK, "--sanity")?;
        out.push(Skill::Template(p.clone()));
    }
    Ok(out)
}

/// The template of the section `name`: `sections/NAME.md`.
fn section_template(library: &Library, name: &str) -> Result<Found, Error> {
    let logical = format!("sections/{name}.md");
    library
        .find(&logical)?
        .ok_or_else(|| Error::usage(format!("the template '{logical}' is missing")))
}

/// The library template `logical` (`system_reminder.md`...), which must exist.
pub fn template(settings: &Settings, logical: &str) -> Result<Found, Error> {
    super::library(settings)
        .find(logical)?
        .ok_or_else(|| Error::usage(format!("the template '{logical}' is missing")))
}

/// The model registry, from the library (so a project can override it).
pub fn registry(library: &Library) -> Result<ModelRegistry, Error> {
    Ok(registry_file(library)?.unwrap_or_else(ModelRegistry::builtin))
}

/// The registry a template directory's `models.yaml` holds, which replaces the built-in
/// one. The built-in text is not looked at (or copied).
fn registry_file(library: &Library) -> Result<Option<ModelRegistry>, Error> {
    match library.find_file(MODELS_FILE)? {
        Some(found) => ModelRegistry::parse(&found.text, &found.origin.to_string())
            .map(Some)
            .map_err(Error::usage),
        None => Ok(None),
    }
}

/// The registry's entry for `model` and what a user should hear about it on `today`.
fn model_entry(
    library: &Library,
    model: &str,
    today: &str,
) -> Result<(ModelInfo, Option<String>), Error> {
    Ok(match registry_file(library)? {
        Some(registry) => (
            registry.lookup(model).clone(),
            registry.notice(model, today),
        ),
        None => ModelRegistry::builtin_lookup(model, today),
    })
}

/// The data templates see, without the mode text and skills (which `build` renders),
/// and the model it describes. The goal is set when its status is one of `goals`.
fn data(
    settings: &Settings,
    library: &Library,
    vars: serde_json::Value,
    warnings: &mut Vec<String>,
    goals: &[GoalStatus],
) -> Result<(PromptContext, ModelInfo), Error> {
    let today = crate::prompt_data::today(settings.source_date_epoch);
    let (model, notice) = model_entry(library, &settings.model, &today)?;
    warnings.extend(notice);
    let mut context = prompt_context(settings, &model, vars, warnings)?;
    if let Some(g) = load_goal(settings)?.filter(|g| goals.contains(&g.status)) {
        context.goal = g.to_data(settings.ascii);
    }
    Ok((context, model))
}

/// The goals the system prompt shows: the active one, and a completed one, which stays
/// until a new goal starts (docs/contributing/design.md, modes and goals: "Goal remains in prompt until user starts new
/// task"). A paused goal is left out.
const PROMPT_GOALS: &[GoalStatus] = &[GoalStatus::Active, GoalStatus::Completed];

/// The data templates see and its model, for templates rendered outside the system
/// prompt (`compress`): nothing of the prompt itself is built. Only an active goal is
/// set, since only an active goal is worked on (the compression prompt names it).
/// Notes for stderr go to `warnings`.
pub fn context(
    settings: &Settings,
    warnings: &mut Vec<String>,
) -> Result<(PromptContext, ModelInfo), Error> {
    let library = super::library(settings);
    let active = &[GoalStatus::Active];
    data(settings, &library, serde_json::json!({}), warnings, active)
}

/// The goal file's goal: `None` when the default file is absent; a `--goal` file must
/// exist.
pub fn load_goal(settings: &Settings) -> Result<Option<Goal>, Error> {
    let goal = crate::goal::load(&settings.project_root, &settings.goal_file)?;
    if goal.is_none() && settings.goal_named {
        return Err(Error::usage(format!(
            "--goal '{}': no such file; create it, or start one with `asimi-prompt goal \
             apply` and a `[GOAL] description` line",
            paths::display(&settings.goal_file)
        )));
    }
    Ok(goal)
}

/// The base template: a user's `base/<family>.md` (`base/<family>.edits.md` for the
/// edits protocol), else at tiers 1-3 `base/compact.md` (the full prompts are over those
/// tiers' budgets; it teaches either protocol), else the built-in `base/<family>.md`,
/// else `base/default.md` (for the edits protocol, `base/edits.md`).
fn base_template(
    library: &Library,
    model: &ModelInfo,
    tier: WindowTier,
    protocol: Protocol,
) -> Result<Found, Error> {
    let (suffix, fallback) = match protocol {
        Protocol::Tools => ("", modes::DEFAULT_BASE),
        Protocol::Edits => (".edits", modes::EDITS_BASE),
    };
    let family = library.find(&format!("base/{}{suffix}.md", model.family))?;
    if let Some(f) = &family {
        if matches!(f.origin, Origin::File(_)) {
            return Ok(f.clone());
        }
    }
    if tier <= modes::COMPACT_MAX_TIER {
        if let Some(f) = library.find(modes::COMPACT_BASE)? {
            return Ok(f);
        }
    }
    match family {
        Some(f) => Ok(f),
        None => library
            .find(fallback)?
            .ok_or_else(|| Error::usage(format!("the template '{fallback}' is missing"))),
    }
}

/// The project's own `.gemini/system.md`, as shown from the working directory, when there
/// is one: `1`/`true` leaves it unread (earlier versions read it first), so the run says
/// how to choose it.
fn project_system_md(settings: &Settings) -> Option<String> {
    let project = settings
        .project_root
        .join(files::GEMINI_DIR)
        .join(files::SYSTEM_MD);
    project
        .is_file()
        .then(|| paths::display(&paths::relative_to(&project, &settings.cwd)))
}

/// How to choose the project's copy that `1`/`true` passed over.
const CHOOSE_PROJECT_SYSTEM_MD: &str =
    "to use the project's, set ASIMI_SYSTEM_MD=.gemini/system.md";

fn base_source(
    settings: &Settings,
    library: &Library,
    model: &ModelInfo,
    tier: WindowTier,
) -> Result<BaseSource, Error> {
    let path = match &settings.system_md {
        Switch::Off => {
            return base_template(library, model, tier, settings.protocol).map(BaseSource::Template)
        }
        Switch::Path(path) => path.clone(),
        Switch::Default => {
            let path = default_system_md(settings)?;
            if !path.exists() {
                let project = project_system_md(settings).map_or_else(String::new, |shown| {
                    format!("; this project's '{shown}' is not read: {CHOOSE_PROJECT_SYSTEM_MD}")
                });
                return Err(Error::usage(format!(
                    "missing system prompt file '{}'; create it (e.g. `asimi-prompt export`) \
                     or set ASIMI_SYSTEM_MD=0 for the built-in prompt{project}",
                    paths::display(&path)
                )));
            }
            path
        }
    };
    read_system_md(&path).map(|text| BaseSource::File { path, text })
}

fn read_system_md(path: &Path) -> Result<String, Error> {
    let shown = paths::display(path);
    if !path.exists() {
        return Err(Error::usage(format!(
            "missing system prompt file '{shown}'; create it (e.g. `asimi-prompt export '{shown}'`) \
             or unset ASIMI_SYSTEM_MD for the built-in prompt"
        )));
    }
    if path.is_dir() {
        return Err(Error::usage(format!(
            "system prompt file '{shown}' is a directory; ASIMI_SYSTEM_MD must name a file"
        )));
    }
    crate::fs::read_text(path, "system prompt file")
}

/// The machine facts of a hermetic run, the same on every checkout: the working directory
/// relative to the project root, the root as `.`, the rest blank, unless `--set` pins one
/// (a top-level key named as in [`crate::settings::HERMETIC_PINS`]).
fn hermetic_env(settings: &Settings, vars: &serde_json::Value) -> EnvInfo {
    let pin = |name: &str| -> Option<String> {
        vars.get(name).map(|v| match v {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        })
    };
    let [os, shell, cwd, root, home, branch] = crate::settings::HERMETIC_PINS.map(pin);
    let here = paths::display(&paths::relative_to(&settings.cwd, &settings.project_root));
    let dot = || ".".to_string();
    EnvInfo {
        os: os.unwrap_or_default(),
        shell: shell.unwrap_or_default(),
        cwd: cwd.unwrap_or(if here.is_empty() { dot() } else { here }),
        project_root: root.unwrap_or_else(dot),
        home: home.unwrap_or_default(),
        branch: branch.unwrap_or_default(),
        source_date_epoch: settings.source_date_epoch,
    }
}

fn prompt_context(
    settings: &Settings,
    model: &ModelInfo,
    vars: serde_json::Value,
    warnings: &mut Vec<String>,
) -> Result<PromptContext, Error> {
    let files = if settings.section_enabled("context") {
        context_files::discover(
            &Search {
                names: &settings.context_names,
                user_names: &settings.user_context_names,
                user_dir: settings.config_dir.as_deref(),
                root: &settings.project_root,
                cwd: &settings.cwd,
                home: settings.home.as_deref(),
            },
            warnings,
        )?
    } else {
        Vec::new()
    };
    let (project_context, project_context_file) = files
        .last()
        .map(|f| (f.content.clone(), f.display.clone()))
        .unwrap_or_default();
    let memory = if settings.section_enabled("memory") {
        Text::contents(settings.memory.as_ref())?.trim().to_string()
    } else {
        String::new()
    };
    warnings.extend(context_files::large_text_warning(
        "the user memory",
        &memory,
    ));
    let instructions = Text::contents(settings.instructions.as_ref())?;
    let display = |p: &Path| paths::display(p);
    Ok(PromptContext {
        is_git_repository: settings.repo.is_some(),
        sandbox_status: settings.sandbox.status().to_string(),
        user_memory: memory,
        project_context,
        project_context_file,
        tool_names: match (settings.protocol, &settings.tools) {
            (Protocol::Tools, None) => settings.tool_names.clone(),
            (Protocol::Tools, Some(given)) => {
                let names: Vec<&str> = given.iter().map(|t| t.name.as_str()).collect();
                settings.tool_names.only(&names)
            }
            (Protocol::Edits, _) => ToolNames::none(),
        },
        protocol: settings.protocol,
        agent_name: settings.agent_name.clone().unwrap_or_default(),
        interactive: settings.interactive,
        tools: settings.tools.iter().flatten().map(tool_data).collect(),
        model: settings.model.clone(),
        model_family: model.family.clone(),
        provider: model.provider.clone(),
        context_files: files
            .into_iter()
            .map(|f| ContextFileData {
                path: f.display,
                content: f.content,
            })
            .collect(),
        env: if settings.hermetic {
            hermetic_env(settings, &vars)
        } else {
            EnvInfo {
                os: std::env::consts::OS.to_string(),
                shell: settings.shell.clone(),
                cwd: display(&settings.cwd),
                project_root: display(&settings.project_root),
                home: settings.home.as_deref().map(display).unwrap_or_default(),
                branch: settings
                    .repo
                    .as_ref()
                    .map(|r| r.branch.clone())
                    .unwrap_or_default(),
                source_date_epoch: settings.source_date_epoch,
            }
        },
        instructions: instructions.trim().to_string(),
        mode_instructions: String::new(),
        tier: modes::tier_for(settings.context_window.unwrap_or(model.context_window)),
        goal: serde_json::Value::Null,
        skills: Vec::new(),
        vars,
    })
}

/// A tool as the tools section documents it.
fn tool_data(tool: &crate::tools::Tool) -> ToolData {
    ToolData {
        name: tool.name.clone(),
        description: tool.description.clone(),
        parameters: tool
            .params()
            .into_iter()
            .map(|p| ParamData {
                name: p.name,
                kind: p.kind,
                required: p.required,
                description: p.description,
            })
            .collect(),
    }
}

/// The end of the warning for values a plain `ASIMI_SYSTEM_MD` file cannot show.
pub const PLAIN_BASE_NO_EFFECT: &str = "no effect; export with --template to keep it live";

/// A warning when the base prompt is a plain (non-template) file and the run asks for
/// values only a rendered base would show: the mode, the context window (which picks the
/// mode's tier), tool names or `.Vars`.
fn plain_base_warning(
    settings: &Settings,
    base: &BaseSource,
    context: &PromptContext,
) -> Option<String> {
    let BaseSource::File { path, .. } = base else {
        return None;
    };
    let name = path.file_name()?.to_string_lossy();
    if Syntax::is_template_name(&name) {
        return None;
    }
    let mut ignored: Vec<String> = settings.mode_origin.iter().cloned().collect();
    if settings.context_window.is_some() {
        ignored.push("--context-window".to_string());
    }
    if settings.tool_names != crate::prompt_data::ToolNames::default() {
        ignored.push("tool names".to_string());
    }
    if context.vars.as_object().is_some_and(|v| !v.is_empty()) {
        ignored.push("--set/--data".to_string());
    }
    let has = match ignored.len() {
        0 => return None,
        1 => "has",
        _ => "have",
    };
    Some(format!(
        "{} is plain text: {} {has} {PLAIN_BASE_NO_EFFECT}",
        paths::display(path),
        ignored.join(", ")
    ))
}
