//! `messages`: one request body, laid out in its session's tiers and recorded there.

use super::request::{chosen, lay_out_in_session, over_window_budget, prepare_request};
use super::{Ctx, Outcome};
use crate::request::providers::GeminiCache;
use crate::request::{self, report::breakdown};

/// Reads, lays out and prints one request body, and records it in its session. On a
/// terminal's stderr it ends with a one-line summary (`breakdown::summary`).
pub fn run(args: crate::cli::MessagesArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let Some((settings, built, req)) =
        over_window_budget(prepare_request(&args, false, ctx), &args, ctx)?
    else {
        return Ok(Outcome::OverBudget);
    };
    if let Some(pack) = args.pack() {
        return super::pack::run(req, &pack, &settings, args.max_request_tokens, ctx);
    }
    let laid = lay_out_in_session(&args, &settings, &req, ctx)?;
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
        true => Some(breakdown::summary(&laid.breakdown(
            &req,
            chosen(&settings, &built),
            false,
            args.flat,
        )?)),
        false => None,
    };
    if let Some(note) = laid.track_gemini_entry(&req, &body, &settings.project_root)? {
        ctx.note(note)?;
    }
    // A create body is not a request: the session records the requests that use it,
    // and from the create only what its entry holds beyond the tiers.
    match (args.no_update, &req.options.gemini_cache) {
        (true, _) => {}
        (false, GeminiCache::Create { .. }) => laid.keep_gemini_entry()?,
        (false, _) => laid.commit(&req)?,
    }
    request::write_json(&body, args.encode.compact, ctx.out)?;
    if let Some(summary) = summary {
        ctx.out.flush()?;
        ctx.note(summary)?;
    }
    Ok(Outcome::Ok)
}
