//! What `messages` and `context` share: reading a request's inputs, and laying it out
//! in its session's tiers.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{build_resolved, check_model, default_model_note, resolve_warned, warn, Ctx};
use crate::cli::MessagesArgs;
use crate::prompt::Built;
use crate::prompt_data::Protocol;
use crate::request;
use crate::request::session::stability::Tracker;
use crate::request::session::{self, Laid};
use crate::settings::{Flags, Settings};
use crate::tokens::Tokenizer;

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

/// The protocol a request teaches when `--protocol` names none: the tools protocol
/// when the body carries tools (`--tools`), else edit blocks. `--protocol edits` with
/// `--tools` would send tools the prompt tells the model not to call: refused.
fn default_protocol(args: &MessagesArgs) -> anyhow::Result<Protocol> {
    let asked = args.system.base.protocol.map(Protocol::from);
    match (&args.tools, asked) {
        (Some(tools), Some(Protocol::Edits)) => Err(crate::error::Error::usage(format!(
            "--tools '{tools}' with --protocol edits: the body would carry tools the prompt \
             tells the model not to call; drop --protocol edits (--tools teaches the tools \
             protocol), or drop --tools for edit blocks"
        ))
        .into()),
        (Some(_), _) => Ok(Protocol::Tools),
        (None, _) => Ok(Protocol::Edits),
    }
}

/// `--tools FILE|-|mcp:SERVER`: the tool definitions the request carries, read from a
/// file (named from the working directory, as `--history` is), standard input, or a
/// configured MCP server's `tools/list`. `spec_prompt`: the spec gives the prompt, so
/// standard input may hold the tools.
fn read_tools(
    args: &MessagesArgs,
    spec_prompt: bool,
    settings: &Settings,
    ctx: &mut Ctx,
) -> anyhow::Result<Option<Vec<crate::tools::Tool>>> {
    let Some(arg) = &args.tools else {
        return Ok(None);
    };
    if let Some(server) = crate::tools::mcp_server(arg) {
        let listed = crate::mcp::tools(&settings.mcp, server)?;
        let shown = format!("{}{server}", crate::tools::MCP_PREFIX);
        let tools = crate::tools::parse(&serde_json::Value::Array(listed), &shown)?;
        return Ok(Some(tools));
    }
    let (shown, bytes) = if crate::fs::is_stdin(arg) {
        let taken = args
            .files_from
            .as_deref()
            .filter(|f| crate::fs::is_stdin(f));
        if taken.is_some() || args.prompt_text.is_none() && !spec_prompt {
            anyhow::bail!(crate::error::Error::usage(
                "--tools -: standard input holds the tool definitions, so give the prompt \
                 with --prompt (or the spec's prompt), and the --files-from list from a file"
            ));
        }
        (crate::fs::STDIN_NAME.to_string(), ctx.stdin.read_all()?)
    } else {
        let bytes = std::fs::read(settings.cwd.join(arg)).map_err(|e| {
            let why = crate::fs::io_reason(&e);
            crate::error::Error::usage(crate::fs::cannot_read("the --tools file", arg, &why))
        })?;
        (arg.clone(), bytes)
    };
    Ok(Some(crate::tools::parse_json(&bytes, &shown)?))
}

/// A prepared request, or `None` when it is too large for the model's window and a
/// `--max-request-tokens` budget is set: then it is over budget too (said on stderr), so
/// a CI gate sees exit 1 for every request that is too large.
pub(super) fn over_window_budget(
    prepared: anyhow::Result<(Settings, Built, request::Request)>,
    args: &MessagesArgs,
    ctx: &mut Ctx,
) -> anyhow::Result<Option<(Settings, Built, request::Request)>> {
    let over_window = |e: &anyhow::Error| {
        e.downcast_ref::<crate::error::Error>()
            .is_some_and(|e| e.kind == crate::error::Kind::OverWindow)
    };
    match prepared {
        Err(e) if args.max_request_tokens.is_some() && over_window(&e) => {
            ctx.note(e)?;
            Ok(None)
        }
        prepared => prepared.map(Some),
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
            request::input::load_spec(&ctx.cwd.as_deref().unwrap_or(Path::new("")).join(path))?
        }
        None => (request::input::spec::Spec::default(), PathBuf::from(".")),
    };
    let provider = args.encode.provider.as_deref().or(spec.provider.as_deref());
    let flags = Flags {
        spec_model: spec.model.clone().zip(args.spec.clone()),
        default_protocol: default_protocol(args)?,
        ..args
            .system
            .settings_flags(ctx.flags(), crate::model::default_model_for(provider))
    };
    let mut settings = resolve_warned(&flags, ctx)?;
    settings.tools = read_tools(args, spec.prompt.is_some(), &settings, ctx)?;
    let built = build_resolved(&settings, &args.system.base.vars)?;
    check_model(&args.encode, &settings, &built.model, provider, ctx)?;
    warn(&built, ctx)?;
    let spec_dir = settings.cwd.join(spec_dir);
    let listed = files_from(args, spec.prompt.is_some(), &settings, ctx)?;
    let progress = ctx.progress();
    let mut stdin_note = None;
    let mut turns_note = None;
    let ctx_stdin = &mut ctx.stdin;
    let mut stdin = || {
        if ctx_stdin.is_terminal() {
            return None;
        }
        let bytes = ctx_stdin.read_all().ok()?;
        let (text, note) = crate::fs::lossy(crate::fs::STDIN_NAME, bytes);
        stdin_note = note;
        Some(text)
    };
    let mut flags = args.request_flags(preview, settings.cache_dir.as_deref(), settings.secrets)?;
    flags.files.extend(listed);
    // A history file is the interface of agents that keep their own conversation: the
    // session's turns (recorded by `reply`) are the history only when none is named.
    // What did not apply goes into the next request, whoever keeps the history.
    let session = flags.session.as_ref().or(spec.session.as_ref());
    if let (Some(name), false) = (session, args.flat) {
        let state_dir = settings.state_dir(&ctx.env);
        let root = &settings.project_root;
        let stored = session::stored(name, state_dir, root, !args.no_update)?;
        if flags.history.is_none() && spec.history.is_none() {
            flags.session_turns = stored.turns;
            if !stored.left_out.is_empty() {
                turns_note = Some(format!(
                    "warning: session '{name}': the history says in words that {} was \
                     called: no result came back, and a provider refuses a call without \
                     one; to send tool results, keep the conversation in a --history file",
                    stored.left_out.join(", ")
                ));
            }
        }
        flags.recovery = stored.failures;
        flags.cached_blocks = stored.cached_blocks;
        flags.last_task = stored.last_task;
    }
    let req = request::prepare(
        &flags, &spec, &spec_dir, &settings, &built, &mut stdin, &*progress,
    )?;
    // Erases the bar before the notes print.
    drop(progress);
    if let Some(note) = stdin_note {
        ctx.note(format!("warning: {note}"))?;
    }
    if let Some(note) = turns_note {
        ctx.note(note)?;
    }
    for w in &req.warnings {
        ctx.note(w)?;
    }
    default_model_note(&settings, ctx)?;
    Ok((settings, built, req))
}

/// Lays the request out in its session (see `request::session::lay_out`), or flat with
/// `--flat`; `--tier` pins apply over the spec's hints.
pub(super) fn lay_out_in_session(
    args: &MessagesArgs,
    settings: &Settings,
    req: &request::Request,
    ctx: &mut Ctx,
) -> anyhow::Result<Laid> {
    if args.flat {
        return lay_out_flat(req, ctx);
    }
    let (laid, note) = session::open_and_lay_out(
        req,
        settings.state_dir(&ctx.env),
        &settings.project_root,
        &settings.cwd,
        !args.no_update,
        &args.tier,
    )?;
    if let Some(note) = note {
        ctx.note(note)?;
    }
    Ok(laid)
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
        entry: None,
    })
}

/// Who chose the request's model, and the model's provider and window.
pub(super) fn chosen<'a>(settings: &'a Settings, built: &'a Built) -> session::Chosen<'a> {
    session::Chosen {
        source: &settings.model_source,
        provider: &built.model.provider,
        context_window: built.context_window,
    }
}
