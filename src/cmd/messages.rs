//! `messages`: one request body, laid out in its session's tiers and recorded there.

use super::gemini_cache::{gemini_cache, track_gemini_entry};
use super::request::{breakdown_of, lay_out, prepare_request};
use super::{Ctx, Outcome};
use crate::cli::{DocumentFormat, MessagesArgs};
use crate::error::{Error, Kind};
use crate::request::document::{self, Format};
use crate::request::providers::GeminiCache;
use crate::request::{self, report::breakdown};

/// `--format`: the request as one document, no session read or recorded.
fn print_document(
    req: &request::Request,
    format: DocumentFormat,
    line_numbers: bool,
    ctx: &mut Ctx,
) -> anyhow::Result<Outcome> {
    if let Some(name) = &req.session {
        ctx.note(format!(
            "note: --format reads and records no session; the spec's session '{name}' is not used"
        ))?;
    }
    let format = match format {
        DocumentFormat::Markdown => Format::Markdown,
        DocumentFormat::Xml => Format::Xml,
    };
    let text = document::render(&req.assembly, format, line_numbers);
    ctx.out.write_all(text.as_bytes())?;
    Ok(Outcome::Ok)
}

fn is_over_window(e: &anyhow::Error) -> bool {
    e.downcast_ref::<Error>()
        .is_some_and(|e| e.kind == Kind::OverWindow)
}

/// Reads, lays out and prints one request body, and records it in its session. On a
/// terminal's stderr it ends with a one-line summary (`breakdown::summary`).
pub fn run(args: MessagesArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let (settings, built, mut req) = match prepare_request(&args, false, ctx) {
        // With a budget, a request too large for the window is over budget too: a CI
        // gate sees exit 1 for every request that is too large.
        Err(e) if args.max_request_tokens.is_some() && is_over_window(&e) => {
            ctx.note(e)?;
            return Ok(Outcome::OverBudget);
        }
        prepared => prepared?,
    };
    if let Some(format) = args.format {
        return print_document(&req, format, args.line_numbers, ctx);
    }
    req.options.gemini_cache = gemini_cache(&args, &req, &built.model)?;
    let mut laid = lay_out(&args, &settings, &req, ctx)?;
    // Over budget, nothing is printed or recorded: the request is not to be sent.
    if let Some(note) = args
        .max_request_tokens
        .and_then(|n| request::over_budget(&req, &laid.messages, n))
    {
        ctx.note(note)?;
        return Ok(Outcome::OverBudget);
    }
    // Built whole before anything is recorded or printed: a body the provider cannot
    // take (`body`'s errors) leaves stdout empty and the session as it was.
    let body = request::body(&req, &laid.messages)?;
    // Counted before the session records this request, against the one before it.
    let summary = match ctx.err_is_terminal {
        true => Some(breakdown::summary(&breakdown_of(
            &settings, &built, &req, &laid, false, args.flat,
        )?)),
        false => None,
    };
    if let Some(note) =
        track_gemini_entry(&settings, &req, &laid.messages, laid.session.as_deref())?
    {
        ctx.note(note)?;
    }
    // A create body is not a request: the session records the requests that use it.
    let create = matches!(req.options.gemini_cache, GeminiCache::Create { .. });
    if laid.session.is_some() && !args.no_update && !create {
        let memory = request::session::remember(&req, &laid.messages, laid.tracker.previous())?;
        laid.tracker.record(memory);
        // What the same requests would leave without the session, for `context`.
        if let Some(without) = &laid.without_session {
            let previous = laid.tracker.previous_without_session();
            let memory = request::session::remember(&req, without, previous)?;
            laid.tracker.record_without_session(memory);
        }
        laid.tracker.save()?;
    }
    request::write_json(&body, args.encode.compact, ctx.out)?;
    if let Some(summary) = summary {
        ctx.out.flush()?;
        ctx.note(summary)?;
    }
    Ok(Outcome::Ok)
}
