//! Gemini `generateContent`: `{contents, generationConfig?, systemInstruction}` with
//! roles `user` and `model`. Gemini caches implicitly, so there are no markers; streaming
//! is chosen by the endpoint (`:streamGenerateContent`), not the body.

use serde_json::{json, Map, Value};

use std::collections::HashMap;

use super::{field, merge_turns, tool_result_text, unsupported, Options, Provider};
use crate::request::assemble::{Block, Message, Role};
use crate::request::headers::LEADING_USER_TURN;

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

pub fn encode(messages: &[Message], opts: &Options) -> Result<Value, String> {
    let mut system = Vec::new();
    let mut turns = Vec::new();
    let mut names = HashMap::new();
    for (i, m) in messages.iter().enumerate() {
        let n = &mut names;
        match m.role {
            Role::System => system.extend(parts(m, i, n)?),
            Role::User => turns.push(("user".to_string(), parts(m, i, n)?)),
            Role::Assistant => turns.push(("model".to_string(), parts(m, i, n)?)),
        }
    }
    let mut turns = merge_turns(turns);
    if turns.first().is_none_or(|(role, _)| role != "user") {
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
    body.insert("contents".into(), Value::Array(contents));
    if let Some(n) = opts.max_tokens {
        body.insert("generationConfig".into(), json!({"maxOutputTokens": n}));
    }
    Ok(Value::Object(body))
}
