//! `reply`: a provider's response brought back: the text printed as it arrives, tool
//! calls named, with `--session` the turn and its usage added to the session, and with
//! `--apply` its edit blocks applied as `apply` applies them.

use super::{apply, resolve, Ctx, Outcome};
use crate::cli::ReplyArgs;
use crate::reply::{self, Reply};
use crate::request::session::stability::{self, Tracker};

/// How much of a tool call's input its stderr line shows.
const SHOWN_INPUT_CHARS: usize = 120;

/// Reads the response on standard input, printing its text live; records the turn in
/// the session once the whole response has read cleanly.
pub fn run(args: ReplyArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    // The session is checked before the response is read, so a bad name costs no answer;
    // it is opened (and locked) only after: `messages | curl | reply` run at once, and
    // `messages` records its request under the same lock before curl can send it.
    let settings = match args.session.is_some() || args.apply {
        true => Some(resolve(&ctx.flags(), &ctx.env)?),
        false => None,
    };
    let session = match (&args.session, &settings) {
        (Some(name), Some(settings)) => {
            let path = stability::state_path(name, settings.state_dir(&ctx.env))?;
            Some((name, path, settings.project_root.clone()))
        }
        _ => None,
    };
    let read = {
        let out = &mut *ctx.out;
        let mut print = |delta: &str| {
            out.write_all(delta.as_bytes())?;
            out.flush()
        };
        reply::read(&mut *ctx.stdin.reader(), &mut print)
    };
    let reply = match read {
        Ok(reply) => reply,
        Err(e) if e.from_provider() => {
            ctx.note(e)?;
            return Ok(Outcome::ProviderError);
        }
        Err(e) => return Err(crate::error::Error::data(e.to_string()).into()),
    };
    if ctx.out_is_terminal && !reply.text.is_empty() && !reply.text.ends_with('\n') {
        writeln!(ctx.out)?;
    }
    for call in &reply.tool_calls {
        let input: String = call
            .input
            .to_string()
            .chars()
            .take(SHOWN_INPUT_CHARS)
            .collect();
        ctx.note(format!("tool call {} ({}): {input}", call.name, call.id))?;
    }
    if let Some((name, path, root)) = &session {
        record(name, path, root, &reply)?;
    }
    let Some(settings) = settings.filter(|_| args.apply) else {
        return Ok(Outcome::Ok);
    };
    let how = apply::How {
        dry_run: false,
        json: false,
        report_to_stderr: true,
    };
    let root = &settings.project_root;
    let (outcome, results) = apply::apply_text(&reply.text, REPLY, root, how, ctx)?;
    if let Some((_, path, _)) = &session {
        apply::record_failed(path, root, &results)?;
    }
    Ok(outcome)
}

/// How `--apply`'s notes name what it read.
const REPLY: &str = "the reply";

/// Adds `reply` to session `name` (its state at `path`), paired with the request
/// awaiting it; the state is written whole, atomically, under the session's lock.
fn record(
    name: &str,
    path: &std::path::Path,
    root: &std::path::Path,
    reply: &Reply,
) -> anyhow::Result<()> {
    let mut tracker = Tracker::open(root, path).map_err(crate::error::Error::from)?;
    if tracker.conversation_mut().answer(reply).is_none() {
        anyhow::bail!(
            "session '{name}' has no request awaiting a reply (the answer was printed, and \
             not recorded): send one with `asimi-prompt messages --session {name}` first; \
             each request takes one reply"
        );
    }
    tracker.save().map_err(crate::error::Error::from)?;
    Ok(())
}
