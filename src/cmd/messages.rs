//! `messages`: one request body, laid out in its session's tiers and recorded there.

use super::request::{lay_out, prepare_request};
use super::{Ctx, Outcome};
use crate::cli::MessagesArgs;
use crate::request;

/// Reads, lays out and prints one request body, and records it in its session.
pub fn run(args: MessagesArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let (settings, _, req) = prepare_request(&args, false, ctx)?;
    let mut laid = lay_out(&args, &settings, &req, ctx)?;
    // Over budget, nothing is printed or recorded: the request is not to be sent.
    if let Some(note) = args
        .max_request_tokens
        .and_then(|n| request::over_budget(&req, &laid.messages, n))
    {
        ctx.note(note)?;
        return Ok(Outcome::OverBudget);
    }
    let text = request::encode(&req, &laid.messages, args.encode.compact)?;
    if laid.session.is_some() && !args.no_update {
        let memory = request::session::remember(&req, &laid.messages, laid.tracker.previous())?;
        laid.tracker.record(memory);
        laid.tracker.save()?;
    }
    ctx.out.write_all(text.as_bytes())?;
    Ok(Outcome::Ok)
}
