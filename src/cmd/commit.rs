//! `commit`: the request that asks for a commit message for the staged changes.

use super::{check_model, default_model_note, resolve_warned, Ctx, Outcome};
use crate::cli::CommitArgs;
use crate::commit::{self, Source, COMMIT_REQUEST, COMMIT_TEMPLATE};
use crate::model::default_model_for;
use crate::prompt;
use crate::request::{self, Assembly};
use crate::settings::Flags;

/// Prints the commit-message request (or, with `--prompt-only`, its prompt).
pub fn run(args: CommitArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let flags = Flags {
        model: args.model.clone(),
        templates: args.templates.dir.clone(),
        default_model: Some(default_model_for(args.encode.provider.as_deref())),
        ..ctx.flags()
    };
    let settings = resolve_warned(&flags, ctx)?;
    let source = match (args.diff.is_some(), args.all) {
        (true, _) => Source::Stdin,
        (false, true) => Source::All,
        (false, false) => Source::Staged,
    };
    let stdin = match source {
        Source::Stdin => Some(read_stdin(ctx)?),
        _ => None,
    };
    let data = commit::gather(&settings.cwd, source, stdin)?;
    let mut notes = Vec::new();
    let (context, model) = prompt::context(&settings, &mut notes)?;
    let provider = args.encode.provider.as_deref();
    check_model(&args.encode, &settings, &model, provider, ctx)?;
    for n in &notes {
        ctx.note(format!("warning: {n}"))?;
    }
    let mut fields = context.to_map();
    fields.insert(
        "Commit",
        crate::data::to_value(&serde_json::to_value(&data)?),
    );
    let text = prompt::render_template_with(&settings, &fields.into(), COMMIT_TEMPLATE)?;
    if args.prompt_only {
        writeln!(ctx.out, "{text}")?;
        return Ok(Outcome::Ok);
    }
    let assembly = Assembly {
        system: text,
        prompt: COMMIT_REQUEST.to_string(),
        ..Assembly::default()
    };
    let flags = args.encode.request_flags(settings.secrets);
    let req = request::whole(&flags, &context, &model, assembly, None, commit::TOO_LARGE)?;
    default_model_note(&settings, ctx)?;
    for w in &req.warnings {
        ctx.note(w)?;
    }
    // The diff changes with every commit, so a cache marker would only pay for a write
    // nobody reads: the body is flat.
    let body = request::encode(&req, &request::flat(&req), args.encode.compact)?;
    ctx.out.write_all(body.as_bytes())?;
    Ok(Outcome::Ok)
}

/// Standard input as text (invalid UTF-8 replaced, with a warning).
fn read_stdin(ctx: &mut Ctx) -> anyhow::Result<String> {
    let bytes = ctx.stdin.read_all()?;
    let (text, note) = crate::fs::lossy(crate::fs::STDIN_NAME, bytes);
    if let Some(note) = note {
        ctx.note(format!("warning: {note}"))?;
    }
    Ok(text)
}
