//! `messages`: one request body, laid out in its session's tiers and recorded there.

use super::request::{breakdown_of, lay_out, prepare_request};
use super::{Ctx, Outcome};
use crate::cli::MessagesArgs;
use crate::error::{Error, Kind};
use crate::memo;
use crate::request::providers::{GeminiCache, Provider};
use crate::request::{self, breakdown, Request};
use crate::settings::Settings;

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
    req.options.gemini_cache = gemini_cache(&args, &req)?;
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
        laid.tracker.save()?;
    }
    request::write_json(&body, args.encode.compact, ctx.out)?;
    if let Some(summary) = summary {
        ctx.out.flush()?;
        ctx.note(summary)?;
    }
    Ok(Outcome::Ok)
}

/// The body Gemini's explicit caching asks for (`--cache-create`, `--cached-content`).
fn gemini_cache(args: &MessagesArgs, req: &Request) -> anyhow::Result<GeminiCache> {
    let asked = args.cache_create || args.cached_content.is_some();
    if asked && req.provider != Provider::Gemini {
        anyhow::bail!(
            "--cache-create and --cached-content make Gemini bodies (explicit caching); this \
             request is for {} (use --provider gemini or a Gemini model)",
            req.provider
        );
    }
    Ok(match (&args.cached_content, args.cache_create) {
        (Some(name), _) => GeminiCache::Use(name.clone()),
        // An hour unless --cache-ttl 5m asks for five minutes.
        (None, true) => GeminiCache::Create {
            ttl_seconds: if args.cache_ttl.as_deref() == Some("5m") {
                300
            } else {
                3600
            },
        },
        (None, false) => GeminiCache::Off,
    })
}

/// The memo's kind for "the last `--cache-create` here held this content".
const GEMINI_ENTRY_FACT: &[u8] = b"gemini-cached-content";

/// Remembers what a `--cache-create` body holds, for this project, session and model;
/// and for a request that uses an entry, says when the cached tiers are no longer what
/// the last create body held (the entry no longer matches the request's start).
fn track_gemini_entry(
    settings: &Settings,
    req: &Request,
    messages: &[request::assemble::Message],
    session: Option<&str>,
) -> anyhow::Result<Option<String>> {
    if req.options.gemini_cache == GeminiCache::Off {
        return Ok(None);
    }
    let project = crate::paths::display(&settings.project_root);
    let where_ = [
        project.as_bytes(),
        session.unwrap_or("").as_bytes(),
        req.options.model.as_bytes(),
    ];
    let key = memo::key(&[&[GEMINI_ENTRY_FACT][..], &where_].concat());
    // What an entry made now would hold (its TTL aside).
    let mut create = req.clone();
    create.options.gemini_cache = GeminiCache::Create { ttl_seconds: 0 };
    let held = request::body(&create, messages)?.to_string();
    let digest = u32::from_le_bytes(memo::key(&[held.as_bytes()])[..4].try_into()?);
    if let GeminiCache::Create { .. } = req.options.gemini_cache {
        memo::put(key, digest);
        return Ok(None);
    }
    Ok(match memo::get(&key) {
        Some(d) if d == digest => None,
        Some(_) => Some(
            "warning: the cached tiers have changed since the last --cache-create here, so \
             the entry no longer holds this request's start; create a new one with \
             --cache-create and use its name"
                .to_string(),
        ),
        None => Some(
            "note: no --cache-create was made here for this project, session and model; \
             make sure the entry holds this request's cached tiers (create it with \
             --cache-create)"
                .to_string(),
        ),
    })
}
