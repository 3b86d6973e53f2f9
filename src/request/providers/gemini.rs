//! Gemini `generateContent`: `{contents, generationConfig?, systemInstruction, tools?}` with
//! roles `user` and `model`. Gemini caches implicitly, so there are no markers; streaming
//! is chosen by the endpoint (`:streamGenerateContent`), not the body.
//!
//! Explicit caching takes two bodies ([`GeminiCache`]): the `cachedContents` create body
//! `{contents?, model, systemInstruction?, tools?, ttl}` holds the system instruction, the
//! tools and the cached tiers (L0-L3), and the request that uses the entry names it in `cachedContent`
//! and sends only the active content, which follows the cached turns.

use serde_json::{json, Map, Value};

use std::collections::HashMap;

use super::{
    field, merge_turns, tool_fields, tool_result_text, unsupported, GeminiCache, Options, Provider,
};
use crate::request::assemble::{Block, Message, Role};
use crate::request::headers::LEADING_USER_TURN;
use crate::request::tier::Tier;

/// A message's parts. `tool_use` becomes a `functionCall` part and `tool_result` a
/// `functionResponse` part, named after its call (`names`: tool ids seen so far).
fn parts(
    message: &Message,
    index: usize,
    names: &mut HashMap<String, String>,
) -> Result<Vec<Value>, String> {
    message
        .content
        .iter()
        .map(|b| match b {
            Block::Text(t) => Ok(json!({"text": t})),
            Block::Image { media_type, data } => {
                Ok(json!({"inline_data": {"mime_type": media_type, "data": data}}))
            }
            Block::Other(v) if field(v, "type") == "tool_use" => {
                names.insert(field(v, "id").to_string(), field(v, "name").to_string());
                let args = v.get("input").cloned().unwrap_or_else(|| json!({}));
                Ok(json!({"functionCall": {"name": field(v, "name"), "args": args}}))
            }
            Block::Other(v) if field(v, "type") == "tool_result" => {
                let name = names
                    .get(field(v, "tool_use_id"))
                    .cloned()
                    .unwrap_or_default();
                Ok(json!({"functionResponse": {
                    "name": name,
                    "response": {"content": tool_result_text(v)},
                }}))
            }
            Block::Other(v) => Err(unsupported(Provider::Gemini, index, v)),
        })
        .collect()
}

/// `tools`: one `functionDeclarations` list. The schema goes as `parametersJsonSchema`,
/// which takes JSON Schema as agents write it (`parameters` takes an OpenAPI subset).
fn tools(opts: &Options) -> Value {
    let declarations: Vec<Value> = opts
        .tools
        .iter()
        .map(|t| Value::Object(tool_fields(t, "parametersJsonSchema")))
        .collect();
    json!([{"functionDeclarations": declarations}])
}

pub fn encode(messages: &[Message], opts: &Options) -> Result<Value, String> {
    // Which messages the body holds: all; the cached tiers (for the create body); or the
    // rest (for a request that uses the entry).
    let cached = |m: &Message| m.tier != Tier::Active;
    let keep: &dyn Fn(&Message) -> bool = match &opts.gemini_cache {
        GeminiCache::Off => &|_| true,
        GeminiCache::Create { .. } => &cached,
        GeminiCache::Use(_) => &|m| !cached(m),
    };
    let mut system = Vec::new();
    let mut turns = Vec::new();
    // Tool names are learnt from every call, held in the entry or not.
    let mut names = HashMap::new();
    for (i, m) in messages.iter().enumerate() {
        let parts = parts(m, i, &mut names)?;
        if !keep(m) {
            continue;
        }
        match m.role {
            Role::System => system.extend(parts),
            Role::User => turns.push(("user".to_string(), parts)),
            Role::Assistant => turns.push(("model".to_string(), parts)),
        }
    }
    let mut turns = merge_turns(turns);
    // The conversation opens with the user: in the entry when there is one.
    let opens = !matches!(opts.gemini_cache, GeminiCache::Use(_));
    if opens && turns.first().is_some_and(|(role, _)| role != "user")
        || turns.is_empty() && matches!(opts.gemini_cache, GeminiCache::Off)
    {
        turns.insert(
            0,
            ("user".to_string(), vec![json!({"text": LEADING_USER_TURN})]),
        );
    }
    let contents: Vec<Value> = turns
        .into_iter()
        .map(|(role, parts)| json!({"role": role, "parts": parts}))
        .collect();
    let mut body = Map::new();
    if !system.is_empty() {
        body.insert("systemInstruction".into(), json!({"parts": system}));
    }
    if !contents.is_empty() || !matches!(opts.gemini_cache, GeminiCache::Create { .. }) {
        body.insert("contents".into(), Value::Array(contents));
    }
    // A request that uses an entry may not repeat the tools it holds.
    if !opts.tools.is_empty() && !matches!(opts.gemini_cache, GeminiCache::Use(_)) {
        body.insert("tools".into(), tools(opts));
    }
    match &opts.gemini_cache {
        GeminiCache::Create { ttl_seconds } => {
            body.insert("model".into(), json!(format!("models/{}", opts.model)));
            body.insert("ttl".into(), json!(format!("{ttl_seconds}s")));
            return Ok(Value::Object(body));
        }
        GeminiCache::Use(name) => {
            body.insert("cachedContent".into(), json!(name));
        }
        GeminiCache::Off => {}
    }
    if let Some(n) = opts.max_tokens {
        body.insert("generationConfig".into(), json!({"maxOutputTokens": n}));
    }
    Ok(Value::Object(body))
}
