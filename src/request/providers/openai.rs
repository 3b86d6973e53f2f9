//! OpenAI Chat Completions: `{max_completion_tokens?, messages, model,
//! prompt_cache_key?, stream?}`. OpenAI caches prefixes by itself and strict compatible
//! servers reject unknown fields, so markers are left out; OpenRouter keeps them on text
//! parts, which it forwards to Anthropic models.

use serde_json::{json, Map, Value};

use super::{cache_control, last_text, unsupported, Options, Provider, SystemRole};
use crate::request::assemble::{Block, Message, Role};

/// One message's content: a string when it is a single unmarked text, else parts.
/// `Other` blocks are an error for OpenAI shapes (`raw` passes them through).
pub(crate) fn content(
    message: &Message,
    index: usize,
    opts: &Options,
    keep_markers: bool,
    provider: Provider,
    pass_other: bool,
) -> Result<Value, String> {
    let marked = if message.cache && keep_markers {
        last_text(message)
    } else {
        None
    };
    if let ([Block::Text(t)], None) = (message.content.as_slice(), marked) {
        return Ok(json!(t));
    }
    let mut parts = Vec::new();
    for (i, b) in message.content.iter().enumerate() {
        let mut v = match b {
            Block::Text(t) => json!({"type": "text", "text": t}),
            Block::Image { media_type, data } => json!({
                "type": "image_url",
                "image_url": {"url": format!("data:{media_type};base64,{data}")},
            }),
            Block::Other(v) if pass_other => v.clone(),
            Block::Other(v) => return Err(unsupported(provider, index, v)),
        };
        if Some(i) == marked {
            v["cache_control"] = cache_control(opts.ttl);
        }
        parts.push(v);
    }
    Ok(Value::Array(parts))
}

pub fn encode(messages: &[Message], opts: &Options, openrouter: bool) -> Result<Value, String> {
    let provider = if openrouter {
        Provider::OpenRouter
    } else {
        Provider::OpenAi
    };
    let mut out = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        let role = match (m.role, opts.system_role) {
            (Role::System, SystemRole::Developer) => "developer",
            (role, _) => role.name(),
        };
        let content = content(m, i, opts, openrouter, provider, false)?;
        out.push(json!({"role": role, "content": content}));
    }
    let mut body = Map::new();
    body.insert("model".into(), json!(opts.model));
    body.insert("messages".into(), Value::Array(out));
    if let Some(n) = opts.max_tokens {
        let key = if openrouter {
            "max_tokens"
        } else {
            "max_completion_tokens"
        };
        body.insert(key.into(), json!(n));
    }
    if let Some(key) = &opts.prompt_cache_key {
        body.insert("prompt_cache_key".into(), json!(key));
    }
    if opts.stream {
        body.insert("stream".into(), json!(true));
        // Cache hits are reported in the usage, which streams only when asked for.
        body.insert("stream_options".into(), json!({"include_usage": true}));
    }
    Ok(Value::Object(body))
}
