//! `compress`: the request that distills a conversation into a `<state_snapshot>`.

use std::collections::BTreeMap;

use super::{check_model, default_model_note, resolve_warned, Ctx, Outcome};
use crate::cli::CompressArgs;
use crate::model::default_model_for;
use crate::prompt;
use crate::request;
use crate::settings::Flags;

/// Prints the compression request (or, with `--prompt-only`, its system prompt).
pub fn run(args: CompressArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let flags = Flags {
        model: args.model.clone(),
        goal: args.goal.path.clone(),
        templates: args.templates.dir.clone(),
        default_model: Some(default_model_for(args.encode.provider.as_deref())),
        ..ctx.flags()
    };
    // Only the data is needed: the system prompt itself is not part of this request.
    let settings = resolve_warned(&flags, ctx)?;
    let mut notes = Vec::new();
    let (context, model) = prompt::context(&settings, &mut notes)?;
    let provider = args.encode.provider.as_deref();
    check_model(&args.encode, &settings, &model, provider, ctx)?;
    for n in &notes {
        ctx.note(format!("warning: {n}"))?;
    }
    let text = prompt::compression_prompt(&settings, &context)?;
    if args.prompt_only {
        writeln!(ctx.out, "{text}")?;
        return Ok(Outcome::Ok);
    }
    let flags = request::input::RequestFlags {
        history: args.history.clone(),
        ..args.encode.request_flags(settings.secrets)
    };
    let req = request::compression(&flags, &settings, &context, &model, text)?;
    default_model_note(&settings, ctx)?;
    for w in &req.warnings {
        ctx.note(w)?;
    }
    let body = request::render(&req, &BTreeMap::new(), args.encode.compact)?;
    ctx.out.write_all(body.as_bytes())?;
    Ok(Outcome::Ok)
}
