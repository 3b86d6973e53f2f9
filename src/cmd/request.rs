//! What `messages` and `context` share: reading a request's inputs, and laying it out
//! in its session's tiers.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::{
    build_from, check_model, default_model_note, encode_flags, settings_flags_for, warn, Ctx,
};
use crate::cli::MessagesArgs;
use crate::prompt::{self, Built};
use crate::request;
use crate::request::report::breakdown::{self, Breakdown};
use crate::request::session::stability::Tracker;
use crate::request::session::{self, Laid, Pin};
use crate::settings::Settings;
use crate::tokens::Tokenizer;

/// The request flags `messages` (or, as a `preview`, `context`) takes from its arguments.
fn request_flags(
    args: &MessagesArgs,
    preview: bool,
    settings: &Settings,
) -> anyhow::Result<request::input::RequestFlags> {
    let review = match (&args.review, args.review_worktree) {
        (None, false) => None,
        (arg, worktree) => Some(crate::review::Range::parse(arg.as_deref(), worktree)?),
    };
    Ok(request::input::RequestFlags {
        prompt: args.prompt_text.clone(),
        files: args.file.clone(),
        exclude: args.exclude.clone(),
        history: args.history.clone(),
        url_context: args.url_context.clone(),
        urls: args.url.clone(),
        fetch_urls: args.fetch_urls,
        max_urls: args.max_urls,
        fetch: fetch_options(args, settings),
        map_cache_dir: settings.cache_dir.as_deref().map(crate::map::cache::dir_in),
        images: args.image.clone(),
        file_tree: match (args.file_tree, args.no_file_tree) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
        session: args.session.clone(),
        cache_ttl: args.cache_ttl.clone(),
        tokenizer: args.tokenizer.clone(),
        prompt_cache_key: args.prompt_cache_key.clone(),
        max_file_bytes: args.max_file_bytes,
        allow_outside: args.allow_outside,
        truncate: args.truncate,
        preview,
        // The create body holds the cached tiers only.
        prompt_optional: args.cache_create,
        no_symbol_map: args.no_symbol_map,
        map_exclude: args.map_exclude.clone(),
        map_tokens: args.map_tokens,
        verbose: args.verbose,
        review,
        ..encode_flags(&args.encode, settings)
    })
}

/// `--files-from FILE|-`: the paths listed, one per line (`\r\n` taken as a line end),
/// or NUL-separated when the list holds a NUL (`git ls-files -z`); empty entries skipped.
/// `spec_prompt`: the spec gives the prompt, so standard input may hold the list.
fn files_from(
    args: &MessagesArgs,
    spec_prompt: bool,
    settings: &Settings,
    ctx: &mut Ctx,
) -> anyhow::Result<Vec<String>> {
    let Some(from) = &args.files_from else {
        return Ok(Vec::new());
    };
    let bytes = if crate::fs::is_stdin(from) {
        if args.prompt_text.is_none() && !spec_prompt {
            anyhow::bail!(
                "--files-from -: standard input holds the file list, so give the prompt \
                 with --prompt (or the spec's prompt)"
            );
        }
        ctx.stdin.read_all()?
    } else {
        // A list inside the project is read through a handle on the root: a link there
        // cannot show an outside file's lines in an error.
        let path = settings.cwd.join(from);
        let root = crate::beneath::Root::open(&settings.project_root)?;
        let read = match root.relative(&path) {
            Some(_) if !args.allow_outside => root.read(&path),
            _ => std::fs::read(&path),
        };
        read.map_err(|e| {
            let why = crate::fs::io_reason(&e);
            anyhow::anyhow!(crate::fs::cannot_read("--files-from list", from, &why))
        })?
    };
    let text = String::from_utf8_lossy(&bytes);
    let separator = if text.contains('\0') { '\0' } else { '\n' };
    Ok(text
        .split(separator)
        .map(|line| line.trim_end_matches('\r'))
        .filter(|line| !line.is_empty())
        .map(String::from)
        .collect())
}

/// How `--url` pages are fetched: the flags, else the defaults, cached in the program's
/// cache directory.
fn fetch_options(args: &MessagesArgs, settings: &Settings) -> crate::fetch::Options {
    let defaults = crate::fetch::Options::default();
    crate::fetch::Options {
        timeout: args
            .url_timeout
            .map_or(defaults.timeout, std::time::Duration::from_secs),
        ttl: args.url_ttl.unwrap_or(defaults.ttl),
        cache_dir: settings.cache_dir.as_deref().map(crate::fetch::pages_dir),
    }
}

/// Reads every input of a request (`messages`, and `context` as a `preview`).
pub(super) fn prepare_request(
    args: &MessagesArgs,
    preview: bool,
    ctx: &mut Ctx,
) -> anyhow::Result<(Settings, Built, request::Request)> {
    // Marker placement first splits the text as the tokenizer would (see `markers::place`);
    // its patterns compile on another core while the inputs are read. The spec may name
    // another encoding; then this guess only costs that core some work.
    let guess: Tokenizer = args
        .tokenizer
        .as_deref()
        .and_then(|t| t.parse().ok())
        .unwrap_or_default();
    std::thread::spawn(move || guess.warm_up());
    // The spec is named relative to -C DIR, like every other path.
    let (spec, spec_dir) = match &args.spec {
        Some(path) => {
            let path = match &ctx.cwd {
                Some(dir) => dir.join(path),
                None => path.clone(),
            };
            (request::input::load_spec(&path)?, request::spec_dir(&path))
        }
        None => (request::input::spec::Spec::default(), PathBuf::from(".")),
    };
    let provider = args.encode.provider.as_deref().or(spec.provider.as_deref());
    let mut prompt_args = args.system.clone();
    let from_spec = prompt_args.base.model.is_none() && spec.model.is_some();
    if from_spec {
        prompt_args.base.model = spec.model.clone();
    }
    let flags = settings_flags_for(&prompt_args, ctx, provider);
    let (mut settings, built) = build_from(&flags, &prompt_args.base.vars, &ctx.env, ctx.err)?;
    if let (true, Some(path)) = (from_spec, &args.spec) {
        settings.model_source = format!("spec {}", path.display());
    }
    check_model(&args.encode, &settings, &built.model, provider, ctx)?;
    warn(&built, ctx)?;
    let spec_dir = settings.cwd.join(spec_dir);
    let listed = files_from(args, spec.prompt.is_some(), &settings, ctx)?;
    let progress = ctx.progress();
    let mut stdin_note = None;
    let ctx_stdin = &mut ctx.stdin;
    let mut stdin = || {
        if ctx_stdin.is_terminal() {
            return None;
        }
        let bytes = ctx_stdin.read_all().ok()?;
        let (text, note) = crate::source::lossy(crate::source::STDIN_NAME, bytes);
        stdin_note = note;
        Some(text)
    };
    let mut flags = request_flags(args, preview, &settings)?;
    flags.files.extend(listed);
    let reminder = prompt::reminder(&settings, &built)?;
    let loaded = request::read_inputs(
        &flags, &spec, &spec_dir, &settings, &built, &mut stdin, &*progress,
    )?;
    progress.start(request::CHECKING, None);
    let req = request::Request::new(loaded, &built, &reminder)?;
    // Erases the bar before the notes print.
    drop(progress);
    if let Some(note) = stdin_note {
        ctx.note(format!("warning: {note}"))?;
    }
    for w in &req.warnings {
        ctx.note(w)?;
    }
    default_model_note(&settings, ctx)?;
    Ok((settings, built, req))
}

/// Lays the request out in its session (see `request::session::lay_out`), or flat with
/// `--flat`; `--tier` pins apply over the spec's hints.
pub(super) fn lay_out(
    args: &MessagesArgs,
    settings: &Settings,
    req: &request::Request,
    ctx: &mut Ctx,
) -> anyhow::Result<Laid> {
    if args.flat {
        return lay_out_flat(req, ctx);
    }
    let (tracker, note) = session::open(
        req,
        settings.state_dir(&ctx.env),
        &settings.project_root,
        !args.no_update,
    )?;
    if let Some(note) = note {
        ctx.note(note)?;
    }
    let pins = args
        .tier
        .iter()
        .map(|arg| Pin::parse(arg, &settings.cwd, &settings.project_root))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(session::lay_out(tracker, req, &pins)?)
}

/// `--flat`: no tiers, no markers, no session. A spec's session and tier hints would
/// change nothing, so they are named on stderr rather than silently dropped.
fn lay_out_flat(req: &request::Request, ctx: &mut Ctx) -> anyhow::Result<Laid> {
    if let Some(name) = &req.session {
        ctx.note(format!(
            "note: --flat reads and records no session; the spec's session '{name}' is not used"
        ))?;
    }
    if !req.hints.is_empty() {
        ctx.note("note: --flat has no tiers; the spec's tier hints are not used")?;
    }
    Ok(Laid {
        tracker: Tracker::ephemeral(),
        session: None,
        messages: request::flat(req),
        placement: request::markers::Placement::default(),
        tiers: BTreeMap::new(),
        without_session: None,
    })
}

/// What `req`, laid out, holds per tier, and the reuse predicted against the session's
/// previous request (`context`'s table, `messages`' summary); `items` lists every
/// item (`context --files`).
pub(super) fn breakdown_of(
    settings: &Settings,
    built: &Built,
    req: &request::Request,
    laid: &Laid,
    items: bool,
    flat: bool,
) -> anyhow::Result<Breakdown> {
    let prediction = match (&laid.session, laid.tracker.previous()) {
        (Some(_), Some(previous)) => Some(request::session::predict(
            req,
            &laid.messages,
            Some(previous),
        )?),
        _ => None,
    };
    let without_session = match (
        &prediction,
        &laid.without_session,
        laid.tracker.previous_without_session(),
    ) {
        (Some(_), Some(messages), Some(previous)) => {
            Some(request::session::predict(req, messages, Some(previous))?)
        }
        _ => None,
    };
    Ok(breakdown::breakdown(&breakdown::Basis {
        assembly: &req.assembly,
        tiers: &laid.tiers,
        messages: &laid.messages,
        placement: &laid.placement,
        tokenizer: req.tokenizer,
        model: &req.options.model,
        model_source: &settings.model_source,
        model_provider: &built.model.provider,
        provider: req.provider,
        breakpoints: req.options.breakpoints,
        min_cache_tokens: req.min_cache_tokens,
        context_window: built.context_window,
        output_tokens: request::output_tokens(req),
        session: laid.session.as_deref(),
        prediction: prediction.as_ref(),
        without_session: without_session.as_ref(),
        remedies: request::remedies(req, false),
        items,
        flat,
    }))
}
