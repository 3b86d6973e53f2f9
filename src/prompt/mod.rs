//! System prompt assembly: the facts become a `PromptContext`, each section template is
//! rendered with it, and the non-empty sections are joined by a blank line.

pub mod library;
pub mod modes;
pub mod registry;

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::facts::context_files::{self, Search};
use crate::goal::{Goal, GoalStatus};
use crate::model::{ContextFileData, EnvInfo, ModelInfo, ModelRegistry, PromptContext, SkillData};
use crate::paths::{self, Switch};
use crate::settings::{files, Settings, Text, SECTIONS};
use crate::tokens::Tokenizer;
use gotemplate::{Engine, Limits, MissingKey, Syntax};
use library::{Found, Library, Origin};

/// What separates sections in the assembled prompt.
pub const SECTION_SEPARATOR: &str = "\n\n";
/// The section that says how to read and use the repository map (the design's main
/// prompt). Only a request that carries a map has it, so `system` never shows it.
pub const MAP_SECTION: &str = "map";
/// The registry file, looked up like any template.
pub const MODELS_FILE: &str = "models.yaml";

/// A prompt problem (a missing or misplaced system prompt file, say); the message says
/// what and where.
fn error(message: impl Into<String>) -> Error {
    Error::usage(message)
}

/// One rendered section.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Section {
    pub name: String,
    /// Where its text came from (a file path, or `built-in:...`).
    pub source: String,
    /// The rendered text, trailing whitespace removed.
    pub text: String,
}

/// The assembled system prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemPrompt {
    pub sections: Vec<Section>,
}

impl SystemPrompt {
    /// The prompt: non-empty sections joined by a blank line, ending in one newline.
    pub fn text(&self) -> String {
        let mut out = self.body();
        out.push('\n');
        out
    }

    /// The prompt without a final newline (as it goes into a request).
    pub fn body(&self) -> String {
        self.sections
            .iter()
            .filter(|s| !s.text.is_empty())
            .map(|s| s.text.as_str())
            .collect::<Vec<_>>()
            .join(SECTION_SEPARATOR)
    }

    /// A section by name.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }
}

/// Everything a build produced.
#[derive(Debug, Clone)]
pub struct Built {
    pub prompt: SystemPrompt,
    pub context: PromptContext,
    pub model: ModelInfo,
    /// The base section's template (or system.md file), for `export --template`.
    pub base_source: BaseSource,
    /// The operational mode.
    pub mode: String,
    /// The context window the tier was picked by (`--context-window`, else the model's).
    pub context_window: u64,
    /// The mode tier (1–5).
    pub tier: u8,
    /// Problems worth a note on stderr that don't stop the run.
    pub warnings: Vec<String>,
    /// What each template render could use.
    pub limits: Limits,
    /// The mode text's tokens (o200k), where they were counted (a template of the user's).
    pub mode_tokens: Option<usize>,
    /// The [`MAP_SECTION`], rendered, for a request that carries the repository map
    /// (`None` when it is switched off or renders nothing).
    pub map_section: Option<Section>,
}

impl Built {
    /// The system prompt of a request, as [`SystemPrompt::body`]: with `map` (the request
    /// carries the repository map), the map section follows the base.
    pub fn system_body(&self, map: bool) -> String {
        let Some(guide) = self.map_section.as_ref().filter(|_| map) else {
            return self.prompt.body();
        };
        let mut sections = self.prompt.sections.clone();
        let at = sections
            .iter()
            .position(|s| s.name == "base")
            .map_or(0, |i| i + 1);
        sections.insert(at, guide.clone());
        SystemPrompt { sections }.body()
    }

    /// The prompt's tokens (o200k) and the tier's budget.
    pub fn tokens_and_budget(&self) -> (usize, usize) {
        let tokens = Tokenizer::O200k.count(&self.prompt.body());
        (tokens, modes::budget(self.tier))
    }

    /// The mode text's tokens (o200k): what the tier's budget is for.
    pub fn mode_tokens(&self) -> usize {
        self.mode_tokens
            .unwrap_or_else(|| Tokenizer::O200k.count(&self.context.mode_instructions))
    }
}

impl Built {
    /// The base section's text. `export` and `ASIMI_WRITE_SYSTEM_MD` write the base prompt
    /// whatever is printed, so with the section switched off it is rendered here; writing
    /// the empty section instead would replace a `system.md` with a blank file.
    pub fn base_text(&self) -> Result<String, Error> {
        if let Some(section) = self.prompt.section("base") {
            return Ok(section.text.clone());
        }
        let mut engine = engine(self.limits);
        let (_, text) = render_base(&mut engine, &self.base_source, &self.context.to_value())?;
        Ok(text.trim_end().to_string())
    }
}

/// Where the base section came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BaseSource {
    /// A template from the library.
    Template(Found),
    /// The `ASIMI_SYSTEM_MD` file.
    File { path: PathBuf, text: String },
}

impl BaseSource {
    /// The unrendered text.
    pub fn text(&self) -> &str {
        match self {
            BaseSource::Template(f) => &f.text,
            BaseSource::File { text, .. } => text,
        }
    }
}

/// The model registry, from the library (so a project can override it).
pub fn registry(library: &Library) -> Result<ModelRegistry, Error> {
    match library.find(MODELS_FILE)? {
        Some(found) if matches!(found.origin, Origin::File(_)) => {
            ModelRegistry::parse(&found.text, &found.origin.to_string()).map_err(error)
        }
        _ => Ok(ModelRegistry::builtin()),
    }
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
    let registry = registry(library)?;
    let model = registry.lookup(&settings.model).clone();
    warnings.extend(registry.notice(&settings.model));
    let mut context = prompt_context(settings, &model, vars, warnings)?;
    if let Some(g) = load_goal(settings)?.filter(|g| goals.contains(&g.status)) {
        context.goal = g.to_data(settings.ascii);
    }
    Ok((context, model))
}

/// The goals the system prompt shows: the active one, and a completed one, which stays
/// until a new goal starts (docs/design.md, modes and goals: "Goal remains in prompt until user starts new
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
    let library = library(settings);
    let active = &[GoalStatus::Active];
    data(settings, &library, serde_json::json!({}), warnings, active)
}

/// Builds the system prompt.
pub fn build(settings: &Settings, vars: serde_json::Value) -> Result<Built, Error> {
    let library = library(settings);
    let mut warnings = Vec::new();
    let (mut context, model) = data(settings, &library, vars, &mut warnings, PROMPT_GOALS)?;
    let context_window = settings.context_window.unwrap_or(model.context_window);
    let tier = context.tier;

    let mut engine = engine(settings.template_limits);
    // The mode text is rendered with the same data as the sections, then handed to the
    // base template as `.ModeInstructions`.
    let mode_template = modes::find(&library, &settings.mode, tier)?.ok_or_else(|| {
        error(format!(
            "the template '{}' is missing",
            modes::template_name(modes::FALLBACK.0, modes::FALLBACK.1)
        ))
    })?;
    context.mode_instructions = render(&mut engine, &mode_template, &context.to_value())?
        .trim()
        .to_string();
    if settings.section_enabled("skills") {
        context.skills = skills(settings, &mut engine, &context.to_value(), &mut warnings)?;
    }
    let data = context.to_value();

    let mut sections = Vec::new();
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
    let mut map_section = None;
    for &name in SECTIONS {
        if !settings.section_enabled(name) {
            continue;
        }
        if name == MAP_SECTION {
            let section = render_section(&mut engine, &library, name, &data)?;
            map_section = Some(section).filter(|s| !s.text.is_empty());
            continue;
        }
        let (source, text) = if name == "base" {
            render_base(&mut engine, &base_source, &data)?
        } else {
            sections.push(render_section(&mut engine, &library, name, &data)?);
            continue;
        };
        sections.push(Section {
            name: name.to_string(),
            source,
            text: text.trim_end().to_string(),
        });
    }
    let prompt = SystemPrompt { sections };
    let mode_tokens = matches!(mode_template.origin, Origin::File(_)).then(|| {
        let n = Tokenizer::O200k.count(&context.mode_instructions);
        warnings.extend(modes::budget_warning(
            &mode_template.origin.to_string(),
            n,
            tier,
            context_window,
        ));
        n
    });
    Ok(Built {
        prompt,
        mode_tokens,
        map_section,
        context,
        model,
        base_source,
        mode: settings.mode.clone(),
        context_window,
        tier,
        warnings,
        limits: settings.template_limits,
    })
}

/// The section `name`, from its template `sections/NAME.md`.
fn render_section(
    engine: &mut Engine,
    library: &Library,
    name: &str,
    data: &minijinja::Value,
) -> Result<Section, Error> {
    let logical = format!("sections/{name}.md");
    let found = library
        .find(&logical)?
        .ok_or_else(|| error(format!("the template '{logical}' is missing")))?;
    let text = render(engine, &found, data)?;
    Ok(Section {
        name: name.to_string(),
        source: found.origin.to_string(),
        text: text.trim_end().to_string(),
    })
}

/// An engine for the prompt's templates, with the run's limits.
fn engine(limits: Limits) -> Engine {
    crate::template::engine(MissingKey::Default, limits)
}

/// Renders the library template `logical` (`system_reminder.md`...) with `context`, the
/// text trimmed.
pub fn render_template(
    settings: &Settings,
    context: &PromptContext,
    logical: &str,
) -> Result<String, Error> {
    render_template_with(settings, &context.to_value(), logical)
}

/// [`render_template`] with data of the caller's making.
pub fn render_template_with(
    settings: &Settings,
    data: &minijinja::Value,
    logical: &str,
) -> Result<String, Error> {
    let library = library(settings);
    let found = library
        .find(logical)?
        .ok_or_else(|| error(format!("the template '{logical}' is missing")))?;
    let mut engine = engine(settings.template_limits);
    Ok(render(&mut engine, &found, data)?.trim().to_string())
}

/// The goal as the goal section shows it, whatever its status (`goal show`). Only the
/// data is built, not the prompt, so a broken base prompt does not hide the goal.
pub fn goal_text(settings: &Settings, goal: &Goal) -> Result<String, Error> {
    // Only the goal is shown: notes about context files would be noise here.
    let (mut context, _) = context(settings, &mut Vec::new())?;
    context.goal = goal.to_data(settings.ascii);
    render_template(settings, &context, "sections/goal.md")
}

/// The goal file's goal: `None` when the default file is absent; a `--goal` file must
/// exist.
pub fn load_goal(settings: &Settings) -> Result<Option<Goal>, Error> {
    let goal = crate::goal::load(&settings.goal_file)?;
    if goal.is_none() && settings.goal_named {
        return Err(error(format!(
            "--goal '{}': no such file; create it, or start one with `asimi-prompt goal \
             apply` and a `[GOAL] description` line",
            paths::display(&settings.goal_file)
        )));
    }
    Ok(goal)
}

/// The skills section's prompts, rendered: each `--skill` (and config `skills`) in
/// order, then the sanity check when it is on. The registry is read only when asked,
/// and MCP servers are started only for the skills that name them (`SERVER:PROMPT`);
/// a server that fails leaves its skills out with a warning.
fn skills(
    settings: &Settings,
    engine: &mut Engine,
    data: &minijinja::Value,
    warnings: &mut Vec<String>,
) -> Result<Vec<SkillData>, Error> {
    if settings.skills.is_empty() && !settings.sanity {
        return Ok(Vec::new());
    }
    let registry =
        registry::PromptRegistry::load(&settings.prompt_dirs, Some(&settings.project_root))?;
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
        // A skill asked for by name is required: its server's failure stops the run.
        if is_mcp(id) && !fetched.iter().any(|f| f.id == *id) {
            return Err(error(format!(
                "{origin} '{id}': the skill could not be fetched from its MCP server: {}",
                match failures.as_slice() {
                    [] => "the server has no such prompt".to_string(),
                    notes => notes.join("; "),
                }
            )));
        }
        if is_mcp(id) {
            // Server text is not a template: it goes in as the server gave it.
            out.extend(fetched.iter().filter(|f| f.id == *id).map(|f| {
                SkillData {
                    id: f.id.clone(),
                    name: f
                        .listed
                        .title
                        .clone()
                        .unwrap_or_else(|| f.listed.name.clone()),
                    content: crate::mcp::text(&f.messages),
                }
            }));
            continue;
        }
        out.push(render_skill(engine, registry.require(id, origin)?, data)?);
    }
    if settings.sanity
        && !settings
            .skills
            .iter()
            .any(|(id, _)| id == registry::SANITY_CHECK)
    {
        let p = registry.require(registry::SANITY_CHECK, "--sanity")?;
        out.push(render_skill(engine, p, data)?);
    }
    Ok(out)
}

fn render_skill(
    engine: &mut Engine,
    p: &registry::Prompt,
    data: &minijinja::Value,
) -> Result<SkillData, Error> {
    engine.add(&p.origin, &p.content, Syntax::Go)?;
    let content = engine.render(&p.origin, data)?;
    Ok(SkillData {
        id: p.id.clone(),
        name: p.name.clone(),
        content: content.trim().to_string(),
    })
}

/// The template name a found template renders under, which error messages show.
fn template_name(found: &Found) -> String {
    match &found.origin {
        Origin::File(p) => paths::display(p),
        Origin::Embedded(file) => file.clone(),
    }
}

fn render(engine: &mut Engine, found: &Found, data: &minijinja::Value) -> Result<String, Error> {
    let name = template_name(found);
    let prelowered = match (&found.origin, found.syntax) {
        (Origin::Embedded(file), Syntax::Go) => crate::template::prelowered(file),
        _ => None,
    };
    match prelowered {
        Some(jinja) => engine.add_prelowered(&name, &found.text, jinja)?,
        None => engine.add(&name, &found.text, found.syntax)?,
    }
    Ok(engine.render(&name, data)?)
}

fn render_base(
    engine: &mut Engine,
    base: &BaseSource,
    data: &minijinja::Value,
) -> Result<(String, String), Error> {
    match base {
        BaseSource::Template(found) => Ok((found.origin.to_string(), render(engine, found, data)?)),
        BaseSource::File { path, text } => {
            let shown = paths::display(path);
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let rendered = if Syntax::is_template_name(&name) {
                engine.add(&shown, text, Syntax::for_name(&name))?;
                engine.render(&shown, data)?
            } else {
                text.clone()
            };
            Ok((shown, rendered))
        }
    }
}

/// The base template: a user's `base/<family>.md`, else at tiers 1-3 `base/compact.md`
/// (the full prompts are over those tiers' budgets), else the built-in
/// `base/<family>.md`, else `base/default.md`.
fn base_template(library: &Library, model: &ModelInfo, tier: u8) -> Result<Found, Error> {
    let family = library.find(&format!("base/{}.md", model.family))?;
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
            .find("base/default.md")?
            .ok_or_else(|| error("the template 'base/default.md' is missing")),
    }
}

/// The template library a run searches: `settings.template_dirs`, then the built-in
/// templates, with the project's held to the confinement rule.
pub fn library(settings: &Settings) -> Library {
    Library::new(settings.template_dirs.clone()).within(&settings.project_root)
}

/// The file `1`/`true` means, for `ASIMI_SYSTEM_MD` and `ASIMI_WRITE_SYSTEM_MD` alike (so
/// a switch never reads one file and writes another): `~/.gemini/system.md`, the user's
/// own. Never the project's `.gemini/system.md`: a cloned repository is untrusted, and one
/// that ships that file must not replace the prompt of a user who set the switch for
/// their own (a project's file is chosen by naming it, `ASIMI_SYSTEM_MD=.gemini/system.md`).
pub fn default_system_md(settings: &Settings) -> Result<PathBuf, Error> {
    match &settings.home {
        Some(home) => Ok(home.join(files::GEMINI_DIR).join(files::SYSTEM_MD)),
        None => Err(error(
            "ASIMI_SYSTEM_MD=1 means ~/.gemini/system.md, and the home directory is not known \
             (set HOME, or name the file: ASIMI_SYSTEM_MD=PATH)",
        )),
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
    tier: u8,
) -> Result<BaseSource, Error> {
    let path = match &settings.system_md {
        Switch::Off => return base_template(library, model, tier).map(BaseSource::Template),
        Switch::Path(path) => path.clone(),
        Switch::Default => {
            let path = default_system_md(settings)?;
            if !path.exists() {
                let project = project_system_md(settings).map_or_else(String::new, |shown| {
                    format!("; this project's '{shown}' is not read: {CHOOSE_PROJECT_SYSTEM_MD}")
                });
                return Err(error(format!(
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
        return Err(error(format!(
            "missing system prompt file '{shown}'; create it (e.g. `asimi-prompt export '{shown}'`) \
             or unset ASIMI_SYSTEM_MD for the built-in prompt"
        )));
    }
    if path.is_dir() {
        return Err(error(format!(
            "system prompt file '{shown}' is a directory; ASIMI_SYSTEM_MD must name a file"
        )));
    }
    crate::fs::read_text(path, "system prompt file")
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
    if settings.tool_names != crate::model::ToolNames::default() {
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
        tool_names: settings.tool_names.clone(),
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
