//! The commands, one module each. A command takes its clap arguments and one [`Ctx`]
//! (environment, `-C DIR`, standard input, output and error streams), and turns them
//! into settings, a prompt or a request through the library's plain functions.

pub mod apply;
pub mod commit;
pub mod compress;
pub mod context;
pub mod docs;
pub mod export;
pub mod goal;
pub mod map;
pub mod messages;
pub mod models;
mod pack;
pub mod prompt;
pub mod reply;
mod request;
pub mod system;
pub mod template;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _};

use crate::cli::{BaseArgs, CheckArgs, EncodeArgs, PromptArgs, VarsArgs};
use crate::data;
use crate::fs::is_stdin;
use crate::model::ModelInfo;
use crate::output::{self, Comparison};
use crate::paths;
use crate::progress::{self, Bar, Progress, Silent};
use crate::prompt::Built;
use crate::request::providers::Provider;
use crate::settings::{Env, Flags, Settings, MODEL_FROM_DEFAULT};

/// How a run ended, for the process exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Success (exit 0).
    Ok,
    /// A `--check` found a difference (exit 1).
    Differs,
    /// A request is over `--max-request-tokens` (exit 1).
    OverBudget,
    /// `apply`: a block of the reply did not apply (exit 1).
    NotApplied,
    /// A provider's response is an error, or was cut short (exit 1).
    ProviderError,
}

/// `NO_COLOR`: set to anything, it turns colour off (<https://no-color.org>).
pub const NO_COLOR: &str = "NO_COLOR";

/// What every command runs with.
pub struct Ctx<'a> {
    /// The environment, captured once.
    pub env: Env,
    /// `-C DIR`, as given.
    pub cwd: Option<PathBuf>,
    pub stdin: Stdin,
    pub out: &'a mut dyn Write,
    pub err: &'a mut dyn Write,
    /// Whether standard output is a terminal (colour is used only there).
    pub out_is_terminal: bool,
    /// Whether standard error is a terminal: only then do long runs show progress and
    /// `messages` a summary.
    pub err_is_terminal: bool,
    /// `--template-fuel` (or `ASIMI_TEMPLATE_FUEL`).
    pub fuel: Option<u64>,
    /// `--template-bytes` (or `ASIMI_TEMPLATE_BYTES`).
    pub template_bytes: Option<u64>,
}

impl Ctx<'_> {
    /// The directory the run happens in: `-C DIR` taken from the process's own.
    pub fn dir(&self) -> anyhow::Result<PathBuf> {
        let here = std::env::current_dir().context("cannot read the working directory")?;
        let Some(dir) = &self.cwd else {
            return Ok(here);
        };
        let dir = here.join(dir);
        if !dir.is_dir() {
            bail!(crate::facts::cwd_not_a_directory(&dir));
        }
        Ok(dir)
    }

    /// Stops a run whose `-C DIR` is not a directory, whatever the command (even one that
    /// reads no project, such as `completions`): a mistyped `-C` must not pass unnoticed.
    pub fn check_dir(&self) -> anyhow::Result<()> {
        self.dir().map(|_| ())
    }

    /// The flags every command gives the settings: `-C DIR` and the template budget.
    pub fn flags(&self) -> Flags {
        Flags {
            cwd: self.cwd.clone(),
            template_fuel: self.fuel,
            template_bytes: self.template_bytes,
            ..Flags::default()
        }
    }

    /// Whether diffs may be coloured: on a terminal, unless `NO_COLOR` is set.
    pub fn color(&self) -> bool {
        self.out_is_terminal && self.env.get(NO_COLOR).is_none()
    }

    /// Progress for a long step: a bar on a terminal stderr (coloured unless `NO_COLOR`,
    /// shown after the delay `ASIMI_PROGRESS_DELAY_MS` sets, if any), else nothing.
    pub fn progress(&self) -> Box<dyn Progress> {
        if self.err_is_terminal {
            let color = self.env.get(NO_COLOR).is_none();
            let delay = progress::delay(self.env.get(progress::DELAY_VAR));
            Box::new(Bar::stderr(color, delay))
        } else {
            Box::new(Silent)
        }
    }

    /// A note on the error stream: `asimi-prompt: {text}`.
    pub fn note(&mut self, text: impl std::fmt::Display) -> anyhow::Result<()> {
        crate::output::diagnostic(self.err, &text.to_string())?;
        Ok(())
    }
}

/// Standard input: the process's, or given bytes (for tests and embedding).
pub enum Stdin {
    Process,
    Bytes(Option<Vec<u8>>),
}

impl Stdin {
    /// Whether a person may be typing there (then it is not read as piped input).
    pub fn is_terminal(&self) -> bool {
        match self {
            Stdin::Process => std::io::stdin().is_terminal(),
            Stdin::Bytes(_) => false,
        }
    }

    /// Standard input as it arrives, line by line (given bytes can be read once).
    pub fn reader(&mut self) -> Box<dyn std::io::BufRead + '_> {
        match self {
            Stdin::Process => Box::new(std::io::stdin().lock()),
            Stdin::Bytes(bytes) => Box::new(std::io::Cursor::new(bytes.take().unwrap_or_default())),
        }
    }

    /// Everything on standard input (given bytes can be read once).
    pub fn read_all(&mut self) -> std::io::Result<Vec<u8>> {
        match self {
            Stdin::Process => {
                let mut bytes = Vec::new();
                std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)?;
                Ok(bytes)
            }
            Stdin::Bytes(bytes) => Ok(bytes.take().unwrap_or_default()),
        }
    }
}

/// An LLM's output for `command` (`goal apply`, `apply`): the file `input` (read relative
/// to the run's directory, named as given), or standard input (`-`), which must not be a
/// terminal. Invalid UTF-8 is replaced, with a warning. Returns its name and text.
pub(crate) fn read_llm_output(
    input: &str,
    cwd: &Path,
    command: &str,
    ctx: &mut Ctx,
) -> anyhow::Result<(String, String)> {
    if is_stdin(input) && ctx.stdin.is_terminal() {
        bail!(
            "{command} reads the LLM's output from standard input; pipe it in \
             (`... | asimi-prompt {command}`) or name the file"
        );
    }
    let (shown, bytes) = if is_stdin(input) {
        let bytes = ctx
            .stdin
            .read_all()
            .map_err(|e| anyhow::anyhow!("cannot read the LLM output from standard input: {e}"))?;
        (crate::fs::STDIN_NAME.to_string(), bytes)
    } else {
        let path = paths::display(&cwd.join(input));
        (
            input.to_string(),
            crate::fs::read_input_bytes(&path, "LLM output")?.1,
        )
    };
    let (text, note) = crate::fs::lossy(&shown, bytes);
    if let Some(note) = note {
        ctx.note(format!("warning: {note}"))?;
    }
    Ok((shown, text))
}

/// `--check` and `--update` compare against a committed file, so they are hermetic
/// unless `--no-hermetic` says otherwise: the file must match on any checkout.
pub(crate) fn hermetic_for_check(base: &mut BaseArgs, check: &CheckArgs) {
    if check.check.is_some() && !base.no_hermetic {
        base.hermetic = true;
    }
}

/// Stops a request whose body the API would refuse for its model (exit 2): a model its
/// provider has shut down, a misspelt name, or a model of another provider than the
/// body's. `provider` is the one named (`--provider` or the spec's), if any.
pub(crate) fn check_model(
    encode: &EncodeArgs,
    settings: &Settings,
    model: &ModelInfo,
    provider: Option<&str>,
    ctx: &mut Ctx,
) -> anyhow::Result<()> {
    refuse_retired(encode, settings, model)?;
    refuse_misspelt(settings)?;
    check_provider(encode, settings, model, provider, ctx)
}

/// A request for a model its provider has shut down stops, naming the replacement,
/// unless `--allow-retired`: the provider would refuse it anyway.
fn refuse_retired(
    encode: &EncodeArgs,
    settings: &Settings,
    model: &ModelInfo,
) -> anyhow::Result<()> {
    let today = crate::prompt_data::today(settings.source_date_epoch);
    match model.retired_error(&settings.model, &today) {
        Some(why) if !encode.allow_retired => anyhow::bail!(why),
        _ => Ok(()),
    }
}

/// A name a few edits from a known model's is taken for a typo of it and stops, with
/// the names meant; a name that resembles none (a local model's) goes on with the
/// unknown model's warning.
fn refuse_misspelt(settings: &Settings) -> anyhow::Result<()> {
    let today = crate::prompt_data::today(settings.source_date_epoch);
    let registry = crate::prompt::registry(&crate::prompt::library(settings))?;
    let near = registry.misspelt(&settings.model, &today);
    if near.is_empty() {
        return Ok(());
    }
    bail!(
        "unknown model '{}': did you mean {}? {MISSPELT_REMEDY}",
        settings.model,
        near.join(", ")
    )
}

/// What to do about a name taken for a misspelling.
const MISSPELT_REMEDY: &str = "The API would refuse the name as given; `asimi-prompt models` \
     lists the known ones, and a models.yaml in your templates directory describes a new one";

/// A model of another provider than the body's (`--provider gemini --model claude-…`)
/// stops, unless `--allow-model-mismatch` (a proxy that routes it), which warns instead.
/// Names only the catch-all entries describe (`*`, `*/*`: local and routed models) never
/// mismatch.
fn check_provider(
    encode: &EncodeArgs,
    settings: &Settings,
    model: &ModelInfo,
    named: Option<&str>,
    ctx: &mut Ctx,
) -> anyhow::Result<()> {
    let Some(named) = named else {
        return Ok(());
    };
    let chosen: Provider = named.parse().map_err(anyhow::Error::msg)?;
    let Ok(own) = model.provider.parse::<Provider>() else {
        return Ok(());
    };
    let vendor = model.pattern.chars().any(|c| c != '*' && c != '/');
    if !vendor || chosen == Provider::Raw || same_api(chosen, own) {
        return Ok(());
    }
    let why = format!(
        "provider {chosen}: model '{}' is {own}'s (models.yaml), and {chosen}'s API would \
         refuse it; name a model of {chosen}'s such as {}, or leave the provider out",
        settings.model,
        crate::model::default_model_for(Some(chosen.name()))
    );
    match encode.allow_model_mismatch {
        true => ctx.note(format!("warning: {why}")),
        false => bail!("{why}, or add --allow-model-mismatch to send it anyway"),
    }
}

/// Whether bodies of `a` and `b` name the same models (OpenAI's two APIs do).
fn same_api(a: Provider, b: Provider) -> bool {
    let api = |p| match p {
        Provider::OpenAiResponses => Provider::OpenAi,
        p => p,
    };
    api(a) == api(b)
}

/// Resolves the settings.
pub(crate) fn resolve(flags: &Flags, env: &Env) -> anyhow::Result<Settings> {
    Ok(Settings::load(flags, env)?)
}

/// Resolves the settings, and warns on `err` of what resolution noted: before anything
/// renders, since a project's raised budget matters most when a render then fails.
fn resolve_warning(flags: &Flags, env: &Env, err: &mut dyn Write) -> anyhow::Result<Settings> {
    let settings = resolve(flags, env)?;
    for n in &settings.notes {
        output::diagnostic(err, &format!("warning: {n}"))?;
    }
    Ok(settings)
}

/// [`resolve`] for a run that renders templates, warning of what resolution noted.
pub(crate) fn resolve_warned(flags: &Flags, ctx: &mut Ctx) -> anyhow::Result<Settings> {
    resolve_warning(flags, &ctx.env, ctx.err)
}

/// Resolves settings and builds the prompt; `--data` and `--set` become `.Vars`.
pub(crate) fn build(prompt: &PromptArgs, ctx: &mut Ctx) -> anyhow::Result<(Settings, Built)> {
    let flags = prompt.settings_flags(ctx.flags(), crate::model::DEFAULT_MODEL);
    build_from(&flags, &prompt.base.vars, &ctx.env, ctx.err)
}

/// The note for a request built for `DEFAULT_MODEL` because nothing named a model: on a
/// terminal only, since an agent that calls the tool every turn would read it every turn
/// (`context` says where the model came from either way).
pub(crate) fn default_model_note(settings: &Settings, ctx: &mut Ctx) -> anyhow::Result<()> {
    if settings.model_source == MODEL_FROM_DEFAULT && ctx.err_is_terminal {
        ctx.note(format!(
            "note: no model given (--model, ASIMI_MODEL or config 'model'); \
             using the default, {}",
            settings.model
        ))?;
    }
    Ok(())
}

/// `build` with resolved flags.
pub(crate) fn build_from(
    flags: &Flags,
    vars: &VarsArgs,
    env: &Env,
    err: &mut dyn Write,
) -> anyhow::Result<(Settings, Built)> {
    let settings = resolve_warning(flags, env, err)?;
    let built = build_resolved(&settings, vars)?;
    Ok((settings, built))
}

/// Builds the prompt of resolved `settings`; `--data` and `--set` become `.Vars`.
pub(crate) fn build_resolved(settings: &Settings, vars: &VarsArgs) -> anyhow::Result<Built> {
    // Data files are named relative to the directory the run happens in.
    let in_dir = |f: &String| -> String {
        if is_stdin(f) {
            f.clone()
        } else {
            paths::display(&settings.cwd.join(f))
        }
    };
    let files: Vec<String> = vars.data.iter().map(in_dir).collect();
    let vars = data::load(&files, &vars.set)?;
    let vars = if vars.is_null() {
        serde_json::Value::Object(Default::default())
    } else {
        vars
    };
    Ok(crate::prompt::build(settings, vars)?)
}

/// Notes on stderr for problems that don't stop the run (an over-budget mode prompt).
pub(crate) fn warn(built: &Built, ctx: &mut Ctx) -> anyhow::Result<()> {
    for w in &built.warnings {
        ctx.note(format!("warning: {w}"))?;
    }
    Ok(())
}

/// Prints `text`, or with `--check` compares it with the file (and `--update` rewrites).
pub(crate) fn emit(
    text: &str,
    check: &CheckArgs,
    cwd: &Path,
    ctx: &mut Ctx,
) -> anyhow::Result<Outcome> {
    let Some(file) = &check.check else {
        ctx.out.write_all(text.as_bytes())?;
        return Ok(Outcome::Ok);
    };
    let path = cwd.join(file);
    let shown = paths::display(file);
    match output::check(&path, text, ctx.color())
        .with_context(|| format!("--check: cannot read '{shown}'"))?
    {
        Comparison::Same => Ok(Outcome::Ok),
        found @ (Comparison::Missing | Comparison::Differs(_)) if check.update => {
            output::write_atomic(&path, text.as_bytes())
                .with_context(|| format!("--update: cannot write '{shown}'"))?;
            let done = match found {
                Comparison::Missing => "created",
                _ => "updated",
            };
            ctx.note(format!("{done} {shown}"))?;
            Ok(Outcome::Ok)
        }
        Comparison::Missing => bail!("--check '{shown}': {}", output::CHECK_MISSING),
        Comparison::Differs(diff) => {
            ctx.out.write_all(diff.as_bytes())?;
            ctx.note(format!(
                "{shown} differs from the generated output; \
                 run again with --update to rewrite it"
            ))?;
            Ok(Outcome::Differs)
        }
    }
}
