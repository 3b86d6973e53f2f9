//! `context`: what a request holds per cache tier, and the reuse to expect.

use super::request::{chosen, lay_out_in_session, prepare_request};
use super::{Ctx, Outcome};
use crate::cli::ContextArgs;
use crate::request::report::{breakdown, usage};
use crate::request::{self};

/// Prints what a request would hold per tier, and the cache reuse to expect.
pub fn run(args: ContextArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    if args.request.format.is_some() || args.request.line_numbers {
        return Err(crate::error::Error::usage(
            "--format and --line-numbers print a request as a document: use them with \
             messages (context prints what a request holds per tier; --json prints it as data)",
        )
        .into());
    }
    let (settings, built, req) = prepare_request(&args.request, true, ctx)?;
    let laid = lay_out_in_session(&args.request, &settings, &req, ctx)?;
    let mut b = laid.breakdown(
        &req,
        chosen(&settings, &built),
        args.files,
        args.request.flat,
    )?;
    if laid.tracker.is_session() {
        let registry = crate::prompt::registry(&crate::prompt::library(&settings))?;
        let answered = &laid.tracker.conversation().answered;
        b.usage = Some(usage::spent(answered, &registry));
    }
    let text = if args.json {
        breakdown::render_json(&b)
    } else {
        breakdown::render_text(&b)
    };
    ctx.out.write_all(text.as_bytes())?;
    if let Some(note) = args
        .request
        .max_request_tokens
        .and_then(|n| request::over_budget(&req, &laid.messages, n))
    {
        ctx.note(note)?;
        return Ok(Outcome::OverBudget);
    }
    Ok(Outcome::Ok)
}
