//! `messages`: one request body, laid out in its session's tiers and recorded there.

use super::request::{chosen, lay_out_in_session, over_window_budget, prepare_request};
use super::{Ctx, Outcome};
use crate::request::document::{self, Pack, Summary, Tree};
use crate::request::providers::GeminiCache;
use crate::request::{self, report::breakdown};
use crate::settings::Settings;

/// Reads, lays out and prints one request body, and records it in its session. On a
/// terminal's stderr it ends with a one-line summary (`breakdown::summary`).
pub fn run(args: crate::cli::MessagesArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let Some((settings, built, req)) =
        over_window_budget(prepare_request(&args, false, ctx), &args, ctx)?
    else {
        return Ok(Outcome::OverBudget);
    };
    if let Some(pack) = args.pack() {
        return pack_request(req, &pack, &settings, args.max_request_tokens, ctx);
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
    // A create body is not a request: the session records the requests that use it.
    if !args.no_update && !matches!(req.options.gemini_cache, GeminiCache::Create { .. }) {
        laid.commit(&req)?;
    }
    request::write_json(&body, args.encode.compact, ctx.out)?;
    if let Some(summary) = summary {
        ctx.out.flush()?;
        ctx.note(summary)?;
    }
    Ok(Outcome::Ok)
}

/// `--format`: the request as one document. Over `--max-request-tokens` (the document's
/// own count) it exits 1 naming the largest parts, and prints nothing. The summary (the
/// total, the largest files, what was cut) goes to a terminal's stderr, like the JSON
/// path's, and to `--summary-json FILE` when asked, over budget too.
fn pack_request(
    mut req: request::Request,
    pack: &Pack,
    settings: &Settings,
    max_request_tokens: Option<u64>,
    ctx: &mut Ctx,
) -> anyhow::Result<Outcome> {
    if let Some(name) = &req.session {
        ctx.note(format!(
            "note: --format reads and records no session; the spec's session '{name}' is not used"
        ))?;
    }
    let a = &mut req.assembly;
    if let Some(all) = a.file_tree.take() {
        let listed = match pack.tree {
            Tree::Packed => a.files.iter().map(|f| f.path.clone()).collect(),
            Tree::All => all,
        };
        a.file_tree = (!listed.is_empty()).then(|| document::tree(&listed));
    }
    let title = settings.project_root.file_name().map_or_else(
        || "Request".to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let text = document::render(&req.assembly, pack.format, pack.line_numbers, &title);
    let summary = Summary::of(&text, &req.assembly, req.tokenizer, &req.cut);
    if let Some(path) = &pack.summary_json {
        let json = serde_json::to_string_pretty(&summary)? + "\n";
        let path = settings.cwd.join(path);
        crate::output::write_atomic(&path, json.as_bytes()).map_err(|e| {
            anyhow::anyhow!(
                "cannot write '{}': {}",
                crate::paths::display(&path),
                crate::error::io_reason(&e)
            )
        })?;
    }
    if let Some(note) =
        max_request_tokens.and_then(|n| request::over_budget_by(&req, summary.tokens, n))
    {
        ctx.note(note)?;
        return Ok(Outcome::OverBudget);
    }
    ctx.out.write_all(text.as_bytes())?;
    if ctx.err_is_terminal {
        ctx.out.flush()?;
        ctx.note(summary.text())?;
    }
    Ok(Outcome::Ok)
}
