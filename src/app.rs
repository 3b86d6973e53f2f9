//! Runs a parsed command line: the one place that does I/O on behalf of the commands.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _};
use clap::CommandFactory;

use crate::cli::{
    BaseArgs, CheckArgs, Cli, Command, CompletionsArgs, CompressArgs, ContextArgs, ConvertArgs,
    ExportArgs, GoalApplyArgs, GoalCommand, GoalShowArgs, ListArgs, ManArgs, MessagesArgs,
    PromptArgs, RenderArgs, Shell, SystemArgs, TemplateCommand,
};
use crate::data;
use crate::fs::{is_stdin, STDIN_ARG};
use crate::goal::{self, markers};
use crate::output::{self, Check};
use crate::paths::{self, Switch};
use crate::prompt::{self, BaseSource, Built};
use crate::request::stability::{self, StateError, Tracker};
use crate::request::tier::Tier;
use crate::request::tokens::Tokenizer;
use crate::request::{self, breakdown};
use crate::settings::{Env, Flags, Settings};
use crate::source::read_template;
use crate::template::{self, Syntax};

/// How a run ended, for the process exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Success (exit 0).
    Ok,
    /// A `--check` found a difference (exit 1).
    Differs,
}

/// Exit code for a usage, input, template or I/O error.
pub const EXIT_ERROR: u8 = 2;
/// Exit code for a `--check` that found a difference.
pub const EXIT_DIFFERS: u8 = 1;

/// Runs the command line with the process environment, writing results to `out` and
/// notes to `err`.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let env = Env::capture();
    let cwd = cli.cwd.clone();
    if let Some(fuel) = cli.template_fuel {
        template::set_fuel(fuel);
    }
    match cli.command {
        None => system(cli.system, cwd, &env, out, err),
        Some(Command::System(args)) => system(args, cwd, &env, out, err),
        Some(Command::Export(args)) => export(args, cwd, &env, out, err),
        Some(Command::Messages(args)) => messages(args, cwd, &env, out, err),
        Some(Command::Context(args)) => context(args, cwd, &env, out, err),
        Some(Command::Compress(args)) => compress(args, cwd, &env, out, err),
        Some(Command::Goal(GoalCommand::Show(args))) => goal_show(args, cwd, &env, out),
        Some(Command::Goal(GoalCommand::Apply(args))) => goal_apply(args, cwd, &env, out, err),
        Some(Command::Template(TemplateCommand::Render(args))) => render(args, cwd, &env, out, err),
        Some(Command::Template(TemplateCommand::Convert(args))) => convert(args, cwd, out),
        Some(Command::Template(TemplateCommand::List(args))) => list(args, cwd, &env, out),
        Some(Command::Completions(args)) => completions(args, out),
        Some(Command::Man(args)) => man(args, out),
    }
}

/// Changes into `-C DIR` for commands that read files relative to it.
fn enter(cwd: Option<PathBuf>) -> anyhow::Result<()> {
    if let Some(dir) = cwd {
        std::env::set_current_dir(&dir)
            .with_context(|| format!("-C '{}': cannot change into it", dir.display()))?;
    }
    Ok(())
}

fn flags(prompt: &PromptArgs, cwd: Option<PathBuf>) -> Flags {
    Flags {
        cwd,
        model: prompt.base.model.clone(),
        mode: prompt.base.mode.clone(),
        context_window: prompt.base.context_window,
        sandbox: prompt.base.sandbox,
        no_sections: prompt.no_section.clone(),
        append_system_prompt: prompt.append_system_prompt.clone(),
        memory: prompt.memory.clone(),
        memory_file: prompt.memory_file.clone(),
        templates: prompt.base.templates.clone(),
        context_files: prompt.context_file.clone(),
        tool_names: prompt.base.tool_name.clone(),
        goal: prompt.base.goal.clone(),
        ascii: prompt.base.ascii,
        skills: prompt.skill.clone(),
        sanity: prompt.sanity,
        default_model: None,
        hermetic: prompt.base.hermetic(),
    }
}

/// `--check` and `--update` compare against a committed file, so they are hermetic
/// unless `--no-hermetic` says otherwise: the file must match on any checkout.
fn hermetic_for_check(base: &mut BaseArgs, check: &CheckArgs) {
    if check.check.is_some() && !base.no_hermetic {
        base.hermetic = true;
    }
}

/// Resolves the settings, and gives the templates the config's execution budget.
fn resolve(flags: &Flags, env: &Env) -> anyhow::Result<Settings> {
    let settings = Settings::resolve(flags, env)?;
    if let Some(fuel) = settings.template_fuel {
        template::set_config_fuel(fuel);
    }
    Ok(settings)
}

/// Resolves settings and builds the prompt; `--data` and `--set` become `.Vars`.
fn build(
    prompt: &PromptArgs,
    cwd: Option<PathBuf>,
    env: &Env,
) -> anyhow::Result<(Settings, Built)> {
    build_from(&flags(prompt, cwd), prompt, env)
}

/// The flags of a request command: a request needs a model, so one is always chosen.
fn request_flags(prompt: &PromptArgs, cwd: Option<PathBuf>) -> Flags {
    Flags {
        default_model: Some(crate::model::DEFAULT_MODEL),
        ..flags(prompt, cwd)
    }
}

/// The note for a request built for `DEFAULT_MODEL` because nothing named a model.
fn default_model_note(settings: &Settings, err: &mut dyn Write) -> anyhow::Result<()> {
    if settings.model_source == crate::settings::MODEL_FROM_DEFAULT {
        writeln!(
            err,
            "asimi-prompt: note: no model given (--model, ASIMI_MODEL or config 'model'); \
             using the default, {}",
            settings.model
        )?;
    }
    Ok(())
}

/// `build` with resolved flags.
fn build_from(flags: &Flags, prompt: &PromptArgs, env: &Env) -> anyhow::Result<(Settings, Built)> {
    let settings = resolve(flags, env)?;
    // Data files are named relative to the directory the run happens in.
    let in_dir = |f: &String| -> String {
        if is_stdin(f) {
            f.clone()
        } else {
            paths::display(&settings.cwd.join(f))
        }
    };
    let files: Vec<String> = prompt.base.data.iter().map(in_dir).collect();
    let vars = data::load(&files, &prompt.base.set)?;
    let vars = if vars.is_null() {
        serde_json::Value::Object(Default::default())
    } else {
        vars
    };
    let built = prompt::build(&settings, vars)?;
    Ok((settings, built))
}

/// Notes on stderr for problems that don't stop the run (an over-budget mode prompt).
fn warn(built: &Built, err: &mut dyn Write) -> anyhow::Result<()> {
    for w in &built.warnings {
        writeln!(err, "asimi-prompt: warning: {w}")?;
    }
    Ok(())
}

fn system(
    args: SystemArgs,
    cwd: Option<PathBuf>,
    env: &Env,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let mut prompt = args.prompt;
    hermetic_for_check(&mut prompt.base, &args.check);
    let (settings, built) = build(&prompt, cwd, env)?;
    warn(&built, err)?;
    if let Some(target) = write_target(&settings.write_system_md, &settings)? {
        write_system_md(&built, &target)?;
    }
    let text = if args.json {
        sections_json(&built)
    } else {
        built.prompt.text()
    };
    emit(&text, &args.check, &settings.cwd, out, err)
}

/// The rendered base section as exported: its text and a final newline.
fn base_text(built: &Built) -> anyhow::Result<String> {
    let mut text = built.base_text()?;
    text.push('\n');
    Ok(text)
}

/// `ASIMI_WRITE_SYSTEM_MD`: writes the rendered base prompt to `target`. A base prompt
/// read from a file is never written over another file: back to its own file it is a
/// no-op (a template there would be replaced by its rendering), and a different file
/// that exists with other content is refused.
fn write_system_md(built: &Built, target: &Path) -> anyhow::Result<()> {
    let base = base_text(built)?;
    let shown = paths::display(target);
    if let BaseSource::File { path, .. } = &built.base_source {
        if paths::same_file(path, target) {
            return Ok(());
        }
        match std::fs::read(target) {
            Ok(existing) if existing == base.as_bytes() => return Ok(()),
            Ok(_) => bail!(
                "ASIMI_WRITE_SYSTEM_MD: refusing to overwrite '{shown}' with the base prompt \
                 read from '{}' (ASIMI_SYSTEM_MD); point both at the same file, or set \
                 ASIMI_WRITE_SYSTEM_MD=0",
                paths::display(path)
            ),
            Err(_) => {}
        }
    }
    output::write_atomic(target, base.as_bytes())
        .with_context(|| format!("ASIMI_WRITE_SYSTEM_MD: cannot write '{shown}'"))
}

/// Where `ASIMI_WRITE_SYSTEM_MD` (or `export` without a path) writes: its own path, or
/// the path `ASIMI_SYSTEM_MD` names, or the file `ASIMI_SYSTEM_MD=1` reads.
fn write_target(switch: &Switch, settings: &Settings) -> anyhow::Result<Option<PathBuf>> {
    Ok(match switch {
        Switch::Off => None,
        Switch::Path(p) => Some(p.clone()),
        Switch::Default => Some(default_export_path(settings)?),
    })
}

fn default_export_path(settings: &Settings) -> anyhow::Result<PathBuf> {
    Ok(match &settings.system_md {
        Switch::Path(p) => p.clone(),
        _ => prompt::default_system_md(settings)?,
    })
}

#[derive(serde::Serialize)]
struct SectionJson<'a> {
    name: &'a str,
    source: &'a str,
    bytes: usize,
    text: &'a str,
}

#[derive(serde::Serialize)]
struct PromptJson<'a> {
    model: &'a str,
    family: &'a str,
    provider: &'a str,
    mode: &'a str,
    tier: u8,
    bytes: usize,
    sections: Vec<SectionJson<'a>>,
}

fn sections_json(built: &Built) -> String {
    let body = built.prompt.body();
    let doc = PromptJson {
        model: &built.context.model,
        family: &built.model.family,
        provider: &built.model.provider,
        mode: &built.mode,
        tier: built.tier,
        bytes: body.len(),
        sections: built
            .prompt
            .sections
            .iter()
            .map(|s| SectionJson {
                name: &s.name,
                source: &s.source,
                bytes: s.text.len(),
                text: &s.text,
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&doc).unwrap_or_default();
    text.push('\n');
    text
}

/// Prints `text`, or with `--check` compares it with the file (and `--update` rewrites).
fn emit(
    text: &str,
    check: &CheckArgs,
    cwd: &Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let Some(file) = &check.check else {
        out.write_all(text.as_bytes())?;
        return Ok(Outcome::Ok);
    };
    let path = cwd.join(file);
    let shown = paths::display(file);
    let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    match output::check(&path, text, color)
        .with_context(|| format!("--check: cannot read '{shown}'"))?
    {
        Check::Same => Ok(Outcome::Ok),
        found @ (Check::Missing | Check::Differs(_)) if check.update => {
            output::write_atomic(&path, text.as_bytes())
                .with_context(|| format!("--update: cannot write '{shown}'"))?;
            let done = match found {
                Check::Missing => "created",
                _ => "updated",
            };
            writeln!(err, "asimi-prompt: {done} {shown}")?;
            Ok(Outcome::Ok)
        }
        Check::Missing => bail!("--check '{shown}': {}", output::CHECK_MISSING),
        Check::Differs(diff) => {
            out.write_all(diff.as_bytes())?;
            writeln!(
                err,
                "asimi-prompt: {shown} differs from the generated output; \
                 run again with --update to rewrite it"
            )?;
            Ok(Outcome::Differs)
        }
    }
}

fn export(
    args: ExportArgs,
    cwd: Option<PathBuf>,
    env: &Env,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let mut prompt = PromptArgs {
        base: args.prompt,
        ..PromptArgs::default()
    };
    hermetic_for_check(&mut prompt.base, &args.check);
    let (settings, built) = build(&prompt, cwd, env)?;
    warn(&built, err)?;
    let content = if args.template {
        built.base_source.text().to_string()
    } else {
        base_text(&built)?
    };
    if args.check.check.is_some() {
        return emit(&content, &args.check, &settings.cwd, out, err);
    }
    let target = match &args.path {
        Some(p) if is_stdin(p) => {
            out.write_all(content.as_bytes())?;
            return Ok(Outcome::Ok);
        }
        Some(p) => paths::resolve(p, &settings.cwd, settings.home.as_deref())
            .map_err(anyhow::Error::msg)?,
        None => default_export_path(&settings)?,
    };
    let shown = paths::display(&target);
    if target.is_dir() {
        bail!("export: '{shown}' is a directory; give a file path");
    }
    match std::fs::read(&target) {
        Ok(existing) if existing == content.as_bytes() => {
            writeln!(err, "asimi-prompt: {shown} is up to date")?;
            return Ok(Outcome::Ok);
        }
        Ok(_) if !args.force => bail!(
            "export: refusing to overwrite '{shown}', which has different content; \
             use --force to replace it"
        ),
        _ => {}
    }
    output::write_atomic(&target, content.as_bytes())
        .with_context(|| format!("export: cannot write '{shown}'"))?;
    writeln!(err, "asimi-prompt: wrote {shown}")?;
    Ok(Outcome::Ok)
}

/// The inputs `messages` (or, as a `preview`, `context`) takes from its flags.
fn request_inputs(args: &MessagesArgs, preview: bool, settings: &Settings) -> request::Inputs {
    request::Inputs {
        prompt: args.prompt_text.clone(),
        files: args.file.clone(),
        history: args.history.clone(),
        url_context: args.url_context.clone(),
        images: args.image.clone(),
        file_tree: match (args.file_tree, args.no_file_tree) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
        session: args.session.clone(),
        provider: args.encode.provider.clone(),
        max_tokens: args.encode.max_tokens,
        stream: args.encode.stream,
        cache_ttl: args.cache_ttl.clone(),
        tokenizer: args.tokenizer.clone(),
        system_role: args.encode.system_role.unwrap_or_default(),
        prompt_cache_key: args.prompt_cache_key.clone(),
        max_file_bytes: args.max_file_bytes,
        allow_outside: args.allow_outside,
        truncate: args.truncate,
        preview,
        secrets: args.encode.secrets.or(settings.secrets).unwrap_or_default(),
    }
}

/// Reads every input of a request (`messages`, and `context` as a `preview`).
fn prepare_request(
    args: &MessagesArgs,
    preview: bool,
    cwd: Option<PathBuf>,
    env: &Env,
    err: &mut dyn Write,
) -> anyhow::Result<(Settings, Built, request::Request)> {
    // Marker placement first splits the text as the tokenizer would (see `cache::place`);
    // its pattern compiles on another core while the inputs are read. The spec may name
    // another encoding; then this guess only costs that core some work.
    let guess: Tokenizer = args
        .tokenizer
        .as_deref()
        .and_then(|t| t.parse().ok())
        .unwrap_or_default();
    std::thread::spawn(move || guess.at_least(""));
    // The spec is named relative to -C DIR, like every other path.
    let (spec, spec_dir) = match &args.spec {
        Some(path) => {
            let path = match &cwd {
                Some(dir) => dir.join(path),
                None => path.clone(),
            };
            (request::load_spec(&path)?, request::spec_dir(&path))
        }
        None => (request::spec::Spec::default(), PathBuf::from(".")),
    };
    let mut prompt_args = args.system.clone();
    let from_spec = prompt_args.base.model.is_none() && spec.model.is_some();
    if from_spec {
        prompt_args.base.model = spec.model.clone();
    }
    let (mut settings, built) = build_from(&request_flags(&prompt_args, cwd), &prompt_args, env)?;
    if let (true, Some(path)) = (from_spec, &args.spec) {
        settings.model_source = format!("spec {}", path.display());
    }
    warn(&built, err)?;
    let spec_dir = settings.cwd.join(spec_dir);
    let mut stdin_note = None;
    let mut stdin = || {
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            return None;
        }
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut stdin.lock(), &mut bytes).ok()?;
        let (text, note) = crate::source::lossy(crate::source::STDIN_NAME, bytes);
        stdin_note = note;
        Some(text)
    };
    let inputs = request_inputs(args, preview, &settings);
    let req = request::prepare(&inputs, &spec, &spec_dir, &settings, &built, &mut stdin)?;
    if let Some(note) = stdin_note {
        writeln!(err, "asimi-prompt: warning: {note}")?;
    }
    for w in &req.warnings {
        writeln!(err, "asimi-prompt: {w}")?;
    }
    default_model_note(&settings, err)?;
    Ok((settings, built, req))
}

/// A request laid out with its session's tiers: the session state (open and locked, or
/// ephemeral without a session), the tier map and the messages with markers placed.
struct Laid {
    tracker: Tracker,
    session: Option<String>,
    messages: Vec<request::Message>,
    placement: request::cache::Placement,
    tiers: BTreeMap<String, Tier>,
}

/// Observes the request's items in its session, then lays it out with the tiers they
/// earned, the spec's hints and `--tier` pins (each overriding the one before).
fn lay_out(
    args: &MessagesArgs,
    settings: &Settings,
    env: &Env,
    req: &request::Request,
    err: &mut dyn Write,
) -> anyhow::Result<Laid> {
    let session = req.session.clone();
    let mut tracker = match &session {
        None => Tracker::ephemeral(),
        Some(name) => {
            let path = stability::state_path(settings, env, name)?;
            match Tracker::open(&path) {
                Ok(t) => t,
                // A preview can go on without the state; a recording run must not
                // overwrite what it cannot read.
                Err(e @ StateError::Corrupt { .. }) if args.no_update => {
                    writeln!(err, "asimi-prompt: {e}; going on without it")?;
                    Tracker::ephemeral()
                }
                Err(e) => return Err(e.into()),
            }
        }
    };
    let items = request::assemble::observed(&req.assembly, req.tokenizer);
    tracker.observe(&items, req.min_cache_tokens);
    for (key, tier) in &req.hints {
        tracker.pin(key.clone(), *tier);
    }
    for arg in &args.tier {
        let (key, tier) = stability::parse_pin(arg, &settings.cwd, &settings.project_root)
            .map_err(anyhow::Error::msg)?;
        if !items.iter().any(|i| i.key == key) {
            bail!(
                "--tier '{arg}': '{key}' is not in this request; pin a --file path, or a \
                 symbol:PATH or history:N key the request holds"
            );
        }
        tracker.pin(key, tier);
    }
    let plan = request::session::plan(&tracker, req);
    let (messages, placement) = request::lay_out(req, &plan);
    Ok(Laid {
        tracker,
        session,
        messages,
        placement,
        tiers: plan.tiers,
    })
}

/// Reads, lays out and prints one request body, and records it in its session.
fn messages(
    args: MessagesArgs,
    cwd: Option<PathBuf>,
    env: &Env,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let (settings, _, req) = prepare_request(&args, false, cwd, env, err)?;
    let mut laid = lay_out(&args, &settings, env, &req, err)?;
    let text = request::encode(&req, &laid.messages, args.encode.compact)?;
    if laid.session.is_some() && !args.no_update {
        let memory = request::session::remember(&req, &laid.messages, laid.tracker.previous())?;
        laid.tracker.record(memory);
        laid.tracker.save()?;
    }
    out.write_all(text.as_bytes())?;
    Ok(Outcome::Ok)
}

/// Prints what a request would hold per tier, and the cache reuse to expect.
fn context(
    args: ContextArgs,
    cwd: Option<PathBuf>,
    env: &Env,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let (settings, built, req) = prepare_request(&args.request, true, cwd, env, err)?;
    let laid = lay_out(&args.request, &settings, env, &req, err)?;
    let prediction = match (&laid.session, laid.tracker.previous()) {
        (Some(_), Some(previous)) => Some(request::session::predict(
            &req,
            &laid.messages,
            Some(previous),
        )?),
        _ => None,
    };
    let b = breakdown::breakdown(&breakdown::Inputs {
        assembly: &req.assembly,
        tiers: &laid.tiers,
        messages: &laid.messages,
        placement: &laid.placement,
        tokenizer: req.tokenizer,
        model: &req.options.model,
        model_source: &settings.model_source,
        model_provider: &built.model.provider,
        provider: req.provider,
        min_cache_tokens: req.min_cache_tokens,
        context_window: built.model.context_window,
        output_tokens: request::output_tokens(&req),
        session: laid.session.as_deref(),
        prediction: prediction.as_ref(),
    });
    let text = if args.json {
        breakdown::render_json(&b)
    } else {
        breakdown::render_text(&b)
    };
    out.write_all(text.as_bytes())?;
    Ok(Outcome::Ok)
}

/// Prints the compression request (or, with `--prompt-only`, its system prompt).
fn compress(
    args: CompressArgs,
    cwd: Option<PathBuf>,
    env: &Env,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let prompt = PromptArgs {
        base: BaseArgs {
            model: args.model.clone(),
            goal: args.goal.clone(),
            templates: args.templates.clone(),
            ..BaseArgs::default()
        },
        ..PromptArgs::default()
    };
    // Only the data is needed: the system prompt itself is not part of this request.
    let settings = resolve(&request_flags(&prompt, cwd), env)?;
    let mut notes = Vec::new();
    let (context, model) = prompt::context(&settings, &mut notes)?;
    for n in &notes {
        writeln!(err, "asimi-prompt: warning: {n}")?;
    }
    let text = request::compression_prompt(&settings, &context)?;
    if args.prompt_only {
        writeln!(out, "{text}")?;
        return Ok(Outcome::Ok);
    }
    let inputs = request::Inputs {
        history: args.history.clone(),
        provider: args.encode.provider.clone(),
        max_tokens: args.encode.max_tokens,
        stream: args.encode.stream,
        system_role: args.encode.system_role.unwrap_or_default(),
        secrets: args.encode.secrets.or(settings.secrets).unwrap_or_default(),
        ..request::Inputs::default()
    };
    let req = request::compression(&inputs, &settings, &context, &model, text)?;
    default_model_note(&settings, err)?;
    for w in &req.warnings {
        writeln!(err, "asimi-prompt: {w}")?;
    }
    out.write_all(request::render(&req, &BTreeMap::new(), args.encode.compact)?.as_bytes())?;
    Ok(Outcome::Ok)
}

/// The settings for a goal command (only `--goal` and `--ascii` matter).
fn goal_settings(
    goal: Option<String>,
    ascii: bool,
    cwd: Option<PathBuf>,
    env: &Env,
) -> anyhow::Result<Settings> {
    let prompt = PromptArgs {
        base: BaseArgs {
            goal,
            ascii,
            ..BaseArgs::default()
        },
        ..PromptArgs::default()
    };
    resolve(&flags(&prompt, cwd), env)
}

/// The error for a goal command that finds no goal file.
fn no_goal(settings: &Settings) -> anyhow::Error {
    anyhow::anyhow!(
        "no goal: '{}' does not exist; write one (description, priority, status, \
         checkpoints...) or start one with `asimi-prompt goal apply` and a \
         `[GOAL] description` line",
        paths::display(&settings.goal_file)
    )
}

fn goal_show(
    args: GoalShowArgs,
    cwd: Option<PathBuf>,
    env: &Env,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let settings = goal_settings(args.goal, args.ascii, cwd, env)?;
    let Some(g) = goal::load(&settings.goal_file)? else {
        return Err(no_goal(&settings));
    };
    if args.yaml {
        out.write_all(goal::to_yaml(&g).as_bytes())?;
        return Ok(Outcome::Ok);
    }
    writeln!(out, "{}", prompt::goal_text(&settings, &g)?)?;
    Ok(Outcome::Ok)
}

fn goal_apply(
    args: GoalApplyArgs,
    cwd: Option<PathBuf>,
    env: &Env,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let settings = goal_settings(args.goal, false, cwd, env)?;
    if is_stdin(&args.input) && std::io::stdin().is_terminal() {
        bail!(
            "goal apply reads the LLM's output from standard input; pipe it in \
             (`... | asimi-prompt goal apply`) or name the file"
        );
    }
    // A file is read relative to -C DIR but named as given.
    let (shown, bytes) = if is_stdin(&args.input) {
        crate::source::read_bytes(STDIN_ARG, "LLM output")?
    } else {
        let path = paths::display(&settings.cwd.join(&args.input));
        (
            args.input.clone(),
            crate::source::read_bytes(&path, "LLM output")?.1,
        )
    };
    let (text, note) = crate::source::lossy(&shown, bytes);
    if let Some(note) = note {
        writeln!(err, "asimi-prompt: warning: {note}")?;
    }
    let found = markers::parse(&text, &shown)?;
    if found.is_empty() {
        writeln!(
            err,
            "asimi-prompt: no goal markers in {shown}; nothing to do"
        )?;
        return Ok(Outcome::Ok);
    }
    // Read, apply and write under one lock, as sessions do: concurrent applies are
    // serialised, and none loses another's changes. A dry run writes nothing.
    let _lock = match args.dry_run {
        true => None,
        false => {
            // Checked first, so that a refused update leaves no lock file (or `.asimi/`).
            markers::apply(goal::load(&settings.goal_file)?, &found, &shown)?;
            Some(goal::lock(&settings.goal_file)?)
        }
    };
    let before = goal::load(&settings.goal_file)?;
    let (after, changes) = markers::apply(before.clone(), &found, &shown)?;
    let target = paths::display(&settings.goal_file);
    if changes.is_empty() {
        writeln!(out, "no changes to {target}")?;
        return Ok(Outcome::Ok);
    }
    for c in &changes {
        writeln!(out, "{c}")?;
    }
    // "kept" lines report a refusal, not a change: the file is written only if it moved.
    let changed = after.filter(|g| before.as_ref() != Some(g));
    match (changed, args.dry_run) {
        (_, true) => writeln!(err, "asimi-prompt: --dry-run: {target} not written")?,
        (Some(g), false) => {
            goal::save(&settings.goal_file, &g)?;
            writeln!(err, "asimi-prompt: wrote {target}")?;
        }
        (None, false) => {}
    }
    Ok(Outcome::Ok)
}

fn render(
    args: RenderArgs,
    cwd: Option<PathBuf>,
    env: &Env,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    enter(cwd)?;
    let (name, source) = read_template(&args.file)?;
    let syntax = args.syntax.resolve(&name);
    let value = if args.prompt_data {
        // Built as `system` builds it, so the preview sees the base prompt's very data.
        let prompt = PromptArgs {
            base: BaseArgs {
                model: args.model.clone(),
                mode: args.mode.clone(),
                data: args.data.clone(),
                set: args.set.clone(),
                hermetic: args.hermetic,
                ..BaseArgs::default()
            },
            ..PromptArgs::default()
        };
        let (_, built) = build(&prompt, None, env)?;
        warn(&built, err)?;
        built.context.to_value()
    } else {
        data::load_value(&args.data, &args.set)?
    };
    let rendered = template::render_str(&name, &source, syntax, &value, args.missingkey)?;
    out.write_all(rendered.as_bytes())?;
    Ok(Outcome::Ok)
}

fn convert(
    args: ConvertArgs,
    cwd: Option<PathBuf>,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    enter(cwd)?;
    let (name, source) = read_template(&args.file)?;
    if Syntax::for_name(&name) == Syntax::Jinja {
        bail!(
            "'{name}' is already a Jinja template (by its extension); convert reads Go templates"
        );
    }
    out.write_all(template::convert(&name, &source)?.as_bytes())?;
    Ok(Outcome::Ok)
}

fn list(
    args: ListArgs,
    cwd: Option<PathBuf>,
    env: &Env,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let prompt = PromptArgs {
        base: BaseArgs {
            templates: args.templates,
            ..BaseArgs::default()
        },
        ..PromptArgs::default()
    };
    let settings = resolve(&flags(&prompt, cwd), env)?;
    if args.prompts || args.tag.is_some() {
        return list_prompts(&settings, args.tag.as_deref(), out);
    }
    let library = prompt::library(&settings);
    let entries = library.list();
    let width = entries.iter().map(|e| e.file.len()).max().unwrap_or(0);
    for e in entries {
        // The prompt renders what is under base/, sections/, modes/ and registry/, and
        // the top-level templates, a plain NAME.md included (as Go); .yaml files and
        // the guides are data.
        let syntax = match e.file.as_str() {
            f if f.ends_with(".yaml") => "data",
            _ if e.syntax == Syntax::Jinja => "jinja",
            _ => "go",
        };
        writeln!(out, "{:width$}  {syntax:5}  {}", e.file, e.origin)?;
    }
    Ok(Outcome::Ok)
}

/// `template list --prompts` / `--tag TAG`: id, tags, source and origin per prompt.
fn list_prompts(
    settings: &Settings,
    tag: Option<&str>,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let registry = prompt::registry::PromptRegistry::load(
        &settings.prompt_dirs,
        Some(&settings.project_root),
    )?;
    let prompts: Vec<_> = match tag {
        Some(t) => registry.by_tag(t).collect(),
        None => registry.all().collect(),
    };
    if prompts.is_empty() {
        let mut tags: Vec<&str> = registry
            .all()
            .flat_map(|p| p.tags.iter().map(String::as_str))
            .collect();
        tags.sort_unstable();
        tags.dedup();
        bail!(
            "no registered prompt has the tag '{}'; the tags are {}",
            tag.unwrap_or_default(),
            tags.join(", ")
        );
    }
    let id_width = prompts.iter().map(|p| p.id.len()).max().unwrap_or(0);
    let tags: Vec<String> = prompts.iter().map(|p| p.tags.join(",")).collect();
    let tag_width = tags.iter().map(String::len).max().unwrap_or(0);
    for (p, tags) in prompts.iter().zip(&tags) {
        writeln!(
            out,
            "{:id_width$}  {tags:tag_width$}  {:6}  {}",
            p.id,
            p.source.name(),
            p.origin
        )?;
    }
    Ok(Outcome::Ok)
}

fn completions(args: CompletionsArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    out.write_all(completion_script(args.shell).as_bytes())?;
    Ok(Outcome::Ok)
}

/// The completion script for `shell`, as committed under `completions/`.
pub fn completion_script(shell: Shell) -> String {
    use clap_complete::shells;
    let mut cmd = Cli::command();
    let mut buf = Vec::new();
    let name = "asimi-prompt";
    match shell {
        Shell::Bash => clap_complete::generate(shells::Bash, &mut cmd, name, &mut buf),
        Shell::Zsh => clap_complete::generate(shells::Zsh, &mut cmd, name, &mut buf),
        Shell::Fish => clap_complete::generate(shells::Fish, &mut cmd, name, &mut buf),
        Shell::Powershell => clap_complete::generate(shells::PowerShell, &mut cmd, name, &mut buf),
        Shell::Elvish => clap_complete::generate(shells::Elvish, &mut cmd, name, &mut buf),
    }
    String::from_utf8_lossy(&buf).into_owned()
}

/// The file name a shell's completion script is committed under.
pub fn completion_file(shell: Shell) -> &'static str {
    match shell {
        Shell::Bash => "asimi-prompt.bash",
        Shell::Zsh => "_asimi-prompt",
        Shell::Fish => "asimi-prompt.fish",
        Shell::Powershell => "_asimi-prompt.ps1",
        Shell::Elvish => "asimi-prompt.elv",
    }
}

/// Every man page: `(file name, roff text)`, the main page first.
pub fn man_pages() -> anyhow::Result<Vec<(String, String)>> {
    fn walk(
        cmd: &clap::Command,
        prefix: &str,
        pages: &mut Vec<(String, String)>,
    ) -> anyhow::Result<()> {
        let name = if prefix.is_empty() {
            cmd.get_name().to_string()
        } else {
            format!("{prefix}-{}", cmd.get_name())
        };
        let page_cmd = cmd.clone().name(name.clone());
        let mut buf = Vec::new();
        clap_mangen::Man::new(page_cmd).render(&mut buf)?;
        pages.push((
            format!("{name}.1"),
            String::from_utf8_lossy(&buf).into_owned(),
        ));
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            walk(sub, &name, pages)?;
        }
        Ok(())
    }
    let mut cmd = Cli::command();
    cmd.build();
    let mut pages = Vec::new();
    walk(&cmd, "", &mut pages)?;
    Ok(pages)
}

fn man(args: ManArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let pages = man_pages()?;
    match args.dir {
        None => out.write_all(pages[0].1.as_bytes())?,
        Some(dir) => {
            for (file, text) in pages {
                output::write_atomic(&dir.join(&file), text.as_bytes())
                    .with_context(|| format!("cannot write '{}'", dir.join(&file).display()))?;
            }
        }
    }
    Ok(Outcome::Ok)
}
