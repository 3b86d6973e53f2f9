//! System prompt assembly, in two steps as requests are: [`gather`] does every read (the
//! facts become a `PromptContext`; templates, the system.md file, skills), and
//! [`render`], which reads nothing, renders each section with it. The non-empty
//! sections are joined by a blank line.

pub mod cache;
pub mod front_matter;
pub mod gather;
pub mod library;
pub mod modes;
pub mod registry;
pub mod render;

use std::path::PathBuf;

use crate::error::Error;
use crate::goal::Goal;
use crate::model::ModelInfo;
use crate::prompt_data::{PromptContext, WindowTier};
use crate::settings::{files, Settings};
use crate::tokens::Tokenizer;
pub use gather::{context, load_goal, registry, PLAIN_BASE_NO_EFFECT};
use gotemplate::Limits;
use library::{Found, Library};

/// What separates sections in the assembled prompt.
pub const SECTION_SEPARATOR: &str = "\n\n";
/// The section that says how to read and use the repository map (the design's main
/// prompt). Only a request that carries a map has it, so `system` never shows it.
pub const MAP_SECTION: &str = "map";
/// The section that documents the tools a request carries (`--tools`); without them it
/// renders nothing and is left out, so `system` never shows it.
pub const TOOLS_SECTION: &str = "tools";
/// The reminder's logical template name; a project or user template shadows the
/// built-in `templates/system_reminder.md.tmpl`.
pub const REMINDER_TEMPLATE: &str = "system_reminder.md";
/// The compression prompt's logical template name (`templates/compression.md.tmpl`).
pub const COMPRESSION_TEMPLATE: &str = "compression.md";
/// The registry file, looked up like any template.
pub const MODELS_FILE: &str = "models.yaml";

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
    /// The window tier (1–5) the context window picks.
    pub tier: WindowTier,
    /// Problems worth a note on stderr that don't stop the run.
    pub warnings: Vec<String>,
    /// What each template render could use.
    pub limits: Limits,
    /// The mode text's tokens (o200k), where they were counted (a template of the user's).
    pub mode_tokens: Option<usize>,
    /// The [`MAP_SECTION`], rendered, for a request that carries the repository map
    /// (`None` when it is switched off or renders nothing).
    pub map_section: Option<Section>,
    /// The tool definitions the request carries (`--tools`), in order; empty without.
    pub tools: Vec<crate::tools::Tool>,
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
        let mut engine = render::engine(self.limits);
        let data = self.context.to_value();
        let (_, text) = render::render_base(&mut engine, &self.base_source, &data)?;
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

/// Renders the library template `logical` (`system_reminder.md`...) with `context`, the
/// text trimmed.
pub fn render_template(
    settings: &Settings,
    context: &PromptContext,
    logical: &str,
) -> Result<String, Error> {
    render_template_with(settings, &context.to_value(), logical)
}

/// The system reminder that follows a request's prompt, rendered with the prompt's data.
pub fn reminder(settings: &Settings, built: &Built) -> Result<String, Error> {
    render_template(settings, &built.context, REMINDER_TEMPLATE)
}

/// The compression prompt, rendered with the prompt's data (so it names an active goal).
pub fn compression_prompt(settings: &Settings, context: &PromptContext) -> Result<String, Error> {
    render_template(settings, context, COMPRESSION_TEMPLATE)
}

/// [`render_template`] with data of the caller's making.
pub fn render_template_with(
    settings: &Settings,
    data: &minijinja::Value,
    logical: &str,
) -> Result<String, Error> {
    let found = gather::template(settings, logical)?;
    render::template(&found, data, settings.template_limits)
}

/// Builds the system prompt: reads what it is made of, then renders it (or reads back
/// what a run rendered from the same inputs, [`cache`]).
pub fn build(settings: &Settings, vars: serde_json::Value) -> Result<Built, Error> {
    let gathered = gather::gather(settings, vars)?;
    let rendered = cache::rendered(&gathered, render::texts)?;
    Ok(render::assemble(gathered, rendered))
}

/// The goal as the goal section shows it, whatever its status (`goal show`). Only the
/// data is built, not the prompt, so a broken base prompt does not hide the goal.
pub fn goal_text(settings: &Settings, goal: &Goal) -> Result<String, Error> {
    // Only the goal is shown: notes about context files would be noise here.
    let (mut context, _) = context(settings, &mut Vec::new())?;
    context.goal = goal.to_data(settings.ascii);
    render_template(settings, &context, "sections/goal.md")
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
        None => Err(Error::usage(
            "ASIMI_SYSTEM_MD=1 means ~/.gemini/system.md, and the home directory is not known \
             (set HOME, or name the file: ASIMI_SYSTEM_MD=PATH)",
        )),
    }
}
