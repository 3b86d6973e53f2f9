//! `context`: what a request holds per cache tier, and the reuse to expect.

use super::request::{lay_out, prepare_request};
use super::{Ctx, Outcome};
use crate::cli::ContextArgs;
use crate::request::{self, breakdown};

/// Prints what a request would hold per tier, and the cache reuse to expect.
pub fn run(args: ContextArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let (settings, built, req) = prepare_request(&args.request, true, ctx)?;
    let laid = lay_out(&args.request, &settings, &req, ctx)?;
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
        remedies: request::remedies(&req, false),
        items: args.files,
        flat: args.request.flat,
    });
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
