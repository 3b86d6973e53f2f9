//! OpenAI Responses API (`POST /v1/responses`): `{input, max_output_tokens?, model,
//! prompt_cache_key?, prompt_cache_options?, stream?, tools?}`.
//!
//! Every message is an `input` item: the system prompt too, as the first item (role
//! `system`, or `developer` with `--system-role developer`) rather than `instructions`,
//! which is a plain string and so cannot end with a cache breakpoint. Text goes as
//! `input_text` parts, images as `input_image` data URLs; a `tool_use` from the history
//! becomes a `function_call` item and a `tool_result` a `function_call_output`. Models
//! with explicit breakpoints (GPT-5.6 and later) get them as in Chat Completions.

use serde_json::{json, Map, Value};

use super::{
    field, is_tool, last_part, tool_fields, tool_result_text, unsupported, Options, Provider,
    SystemRole,
};
use crate::request::assemble::{Block, Message, Role};

/// The `input_text`/`input_image` parts of a message's non-tool blocks; the last of them
/// carries the breakpoint when the message is marked.
fn parts(message: &Message, index: usize, opts: &Options) -> Result<Vec<Value>, String> {
    let marked = (message.cache && opts.breakpoints)
        .then(|| last_part(message))
        .flatten();
    let mut out = Vec::new();
    for (i, b) in message.content.iter().enumerate() {
        let mut part = match b {
            Block::Text(t) if t.is_empty() => continue,
            Block::Text(t) => json!({"type": "input_text", "text": t}),
            Block::Image { media_type, data } => json!({
                "type": "input_image",
                "image_url": format!("data:{media_type};base64,{data}"),
                "detail": "auto",
            }),
            Block::Other(v) if is_tool(b) => continue,
            Block::Other(v) => return Err(unsupported(Provider::OpenAiResponses, index, v)),
        };
        if Some(i) == marked {
            part["prompt_cache_breakpoint"] = json!({"mode": "explicit"});
        }
        out.push(part);
    }
    Ok(out)
}

/// A history tool block as its own input item.
fn tool_item(block: &Value) -> Value {
    match field(block, "type") {
        "tool_use" => {
            let input = block.get("input").cloned().unwrap_or_else(|| json!({}));
            json!({
                "type": "function_call",
                "call_id": field(block, "id"),
                "name": field(block, "name"),
                "arguments": input.to_string(),
            })
        }
        _ => json!({
            "type": "function_call_output",
            "call_id": field(block, "tool_use_id"),
            "output": tool_result_text(block),
        }),
    }
}

pub fn encode(messages: &[Message], opts: &Options) -> Result<Value, String> {
    let mut input = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        let role = match (m.role, opts.system_role) {
            (Role::System, SystemRole::Developer) => "developer",
            (role, _) => role.name(),
        };
        let parts = parts(m, i, opts)?;
        if !parts.is_empty() {
            input.push(json!({"role": role, "content": parts}));
        }
        for b in &m.content {
            if let Block::Other(v) = b {
                if is_tool(b) {
                    input.push(tool_item(v));
                }
            }
        }
    }
    let mut body = Map::new();
    body.insert("model".into(), json!(opts.model));
    body.insert("input".into(), Value::Array(input));
    if let Some(n) = opts.max_tokens {
        body.insert("max_output_tokens".into(), json!(n));
    }
    if let Some(key) = &opts.prompt_cache_key {
        body.insert("prompt_cache_key".into(), json!(key));
    }
    if !opts.tools.is_empty() {
        let tools = opts.tools.iter().map(|t| {
            let mut fields = tool_fields(t, "parameters");
            fields.insert("type".into(), json!("function"));
            // Required by the API; strict mode would refuse most schemas agents keep.
            fields.insert("strict".into(), json!(false));
            Value::Object(fields)
        });
        body.insert("tools".into(), tools.collect());
    }
    if opts.breakpoints {
        // Explicit, as in Chat; the lifetime is the request's, which Responses lets be
        // 12 hours, so the breakpoints need none of their own.
        body.insert(
            "prompt_cache_options".into(),
            json!({"mode": "explicit", "ttl": opts.ttl.openai()}),
        );
    }
    if opts.stream {
        body.insert("stream".into(), json!(true));
    }
    Ok(Value::Object(body))
}
