//! What Gemini's explicit cache entries hold (in the memo), so that a request whose
//! cached tiers have changed since the last `--cache-create` says so.

use std::path::Path;

use super::Laid;
use crate::error::Error;
use crate::memo;
use crate::request::providers::GeminiCache;
use crate::request::{Message, Request};

/// The memo's kind for "the last `--cache-create` here held this content".
const GEMINI_ENTRY_FACT: &[u8] = b"gemini-cached-content";

/// Remembers what a `--cache-create` body holds, for this project, session and model;
/// and for a request that uses an entry, says when the cached tiers are no longer what
/// the last create body held (the entry no longer matches the request's start).
impl Laid {
    /// For a request that makes or uses one of Gemini's cache entries, what the entry
    /// holds: a create body (`body`) is remembered for this project (`project_root`),
    /// session and model; a request that uses an entry gets a warning when the cached
    /// tiers are no longer what the last create body held (the entry no longer matches
    /// the request's start).
    pub fn track_gemini_entry(
        &self,
        req: &Request,
        body: &serde_json::Value,
        project_root: &Path,
    ) -> Result<Option<String>, Error> {
        track_gemini_entry(
            project_root,
            req,
            body,
            &self.messages,
            self.session.as_deref(),
        )
    }
}

fn track_gemini_entry(
    project_root: &Path,
    req: &Request,
    body: &serde_json::Value,
    messages: &[Message],
    session: Option<&str>,
) -> Result<Option<String>, Error> {
    if req.options.gemini_cache == GeminiCache::Off {
        return Ok(None);
    }
    let project = crate::paths::display(project_root);
    let key = memo::key(&[
        GEMINI_ENTRY_FACT,
        project.as_bytes(),
        session.unwrap_or("").as_bytes(),
        req.options.model.as_bytes(),
    ]);
    // What an entry made now would hold, its TTL aside: the create body itself, or for a
    // request that uses an entry, the create body it would have.
    let held = match req.options.gemini_cache {
        GeminiCache::Create { .. } => without_ttl(body),
        _ => {
            let mut create = req.clone();
            create.options.gemini_cache = GeminiCache::Create { ttl_seconds: 0 };
            without_ttl(&crate::request::body(&create, messages)?)
        }
    };
    let digest = memo::key(&[held.to_string().as_bytes()]);
    let digest = u32::from_le_bytes([digest[0], digest[1], digest[2], digest[3]]);
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

/// A create body without its lifetime, which does not change what the entry holds.
fn without_ttl(body: &serde_json::Value) -> serde_json::Value {
    let mut body = body.clone();
    if let Some(fields) = body.as_object_mut() {
        fields.remove("ttl");
    }
    body
}
