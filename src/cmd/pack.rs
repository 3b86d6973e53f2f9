//! `messages --format`: the request as one document for a chat window, no session.

use super::{Ctx, Outcome};
use crate::request;
use crate::request::document::{self, Pack};
use crate::settings::Settings;

/// `--format`: the request as one document. Over `--max-request-tokens` (the document's
/// own count) it exits 1 naming the largest parts, and prints nothing. The summary (the
/// total, the largest files, what was cut) goes to a terminal's stderr, like the JSON
/// path's, and to `--summary-json FILE` when asked, over budget too.
pub fn run(
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
    let (text, summary) = document::pack(&mut req, pack, &settings.project_root);
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
