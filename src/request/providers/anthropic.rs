//! Anthropic Messages API: `{max_tokens, messages, model, stream?, system, tools?}`. L0 is
//! the top-level `tools` and `system` (the API caches tools, then system, then messages,
//! so the system's marker covers the tools); turns alternate and open with the user.

use serde_json::{json, Map, Value};

use super::{cache_control, last_markable, merge_turns, tool_fields, Options};
use crate::request::assemble::{Block, Message, Role};
use crate::request::headers::LEADING_USER_TURN;

fn blocks(message: &Message, opts: &Options) -> Vec<Value> {
    let marked = if message.cache {
        last_markable(message)
    } else {
        None
    };
    let mut out = Vec::new();
    for (i, b) in message.content.iter().enumerate() {
        let mut v = match b {
            // The API rejects empty text blocks.
            Block::Text(t) if t.is_empty() => continue,
            Block::Text(t) => json!({"type": "text", "text": t}),
            Block::Image { media_type, data } => json!({
                "type": "image",
                "source": {"type": "base64", "media_type": media_type, "data": data},
            }),
            Block::Other(v) => v.clone(),
        };
        if Some(i) == marked {
            v["cache_control"] = cache_control(opts.ttl);
        }
        out.push(v);
    }
    out
}

/// A single unmarked text block goes as a plain string, as clients usually send it.
fn content(blocks: Vec<Value>) -> Value {
    match blocks.as_slice() {
        [b] if b["type"] == "text" && b.get("cache_control").is_none() => b["text"].clone(),
        _ => Value::Array(blocks),
    }
}

pub fn encode(messages: &[Message], opts: &Options) -> Value {
    let mut system = Vec::new();
    let mut turns = Vec::new();
    for m in messages {
        match m.role {
            Role::System => system.extend(blocks(m, opts)),
            Role::User | Role::Assistant => {
                turns.push((m.role.name().to_string(), blocks(m, opts)))
            }
        }
    }
    let mut turns = merge_turns(turns);
    if turns.first().is_none_or(|(role, _)| role != "user") {
        turns.insert(
            0,
            (
                "user".to_string(),
                vec![json!({"type": "text", "text": LEADING_USER_TURN})],
            ),
        );
    }
    let messages: Vec<Value> = turns
        .into_iter()
        .map(|(role, b)| json!({"role": role, "content": content(b)}))
        .collect();
    let mut body = Map::new();
    body.insert("model".into(), json!(opts.model));
    body.insert(
        "max_tokens".into(),
        json!(opts.max_tokens.unwrap_or(opts.default_max_tokens)),
    );
    if !system.is_empty() {
        body.insert("system".into(), Value::Array(system));
    }
    body.insert("messages".into(), Value::Array(messages));
    if !opts.tools.is_empty() {
        let tools = opts.tools.iter().map(|t| tool_fields(t, "input_schema"));
        body.insert("tools".into(), tools.map(Value::Object).collect());
    }
    if opts.stream {
        body.insert("stream".into(), json!(true));
    }
    Value::Object(body)
}
