//! Gemini's explicit caching on `messages`: which body `--cache-create` and
//! `--cached-content` ask for, and what the last create body held (in the memo), so that
//! a request whose cached tiers have changed since says so.

use crate::cli::MessagesArgs;
use crate::memo;
use crate::model::ModelInfo;
use crate::request::providers::{GeminiCache, Provider};
use crate::request::{self, Request};
use crate::settings::Settings;

/// The body Gemini's explicit caching asks for (`--cache-create`, `--cached-content`).
pub(super) fn gemini_cache(
    args: &MessagesArgs,
    req: &Request,
    model: &ModelInfo,
) -> anyhow::Result<GeminiCache> {
    let asked = args.cache_create || args.cached_content.is_some();
    if asked && req.provider != Provider::Gemini {
        anyhow::bail!(
            "--cache-create and --cached-content make Gemini bodies (explicit caching); this \
             request is for {} (use --provider gemini or a Gemini model)",
            req.provider
        );
    }
    if asked && !model.cached_contents {
        anyhow::bail!(
            "--cache-create and --cached-content use Gemini's explicit caching, which \
             {} does not offer (Gemini 4 Argon and later cache implicitly only); drop \
             them: repeated prefixes are cached by themselves",
            req.options.model
        );
    }
    Ok(match (&args.cached_content, args.cache_create) {
        (Some(name), _) => GeminiCache::Use(name.clone()),
        (None, true) => GeminiCache::Create {
            ttl_seconds: entry_lifetime(args.cache_ttl.as_deref()),
        },
        (None, false) => GeminiCache::Off,
    })
}

/// An entry's lifetime in seconds: an hour unless `--cache-ttl` asks for another.
fn entry_lifetime(cache_ttl: Option<&str>) -> u64 {
    match cache_ttl {
        Some("5m") => 300,
        Some("12h") => 12 * 3600,
        _ => 3600,
    }
}

/// The memo's kind for "the last `--cache-create` here held this content".
const GEMINI_ENTRY_FACT: &[u8] = b"gemini-cached-content";

/// Remembers what a `--cache-create` body holds, for this project, session and model;
/// and for a request that uses an entry, says when the cached tiers are no longer what
/// the last create body held (the entry no longer matches the request's start).
pub(super) fn track_gemini_entry(
    settings: &Settings,
    req: &Request,
    messages: &[request::assemble::Message],
    session: Option<&str>,
) -> anyhow::Result<Option<String>> {
    if req.options.gemini_cache == GeminiCache::Off {
        return Ok(None);
    }
    let project = crate::paths::display(&settings.project_root);
    let key = memo::key(&[
        GEMINI_ENTRY_FACT,
        project.as_bytes(),
        session.unwrap_or("").as_bytes(),
        req.options.model.as_bytes(),
    ]);
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
