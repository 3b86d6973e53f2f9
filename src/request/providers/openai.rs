//! OpenAI Chat Completions: `{max_completion_tokens?, messages, model,
//! prompt_cache_key?, prompt_cache_options?, stream?}`. OpenAI caches prefixes by itself
//! and strict compatible servers reject unknown fields, so markers are left out, except
//! for models that take explicit breakpoints (GPT-5.6 and later): there each marker is a
//! `prompt_cache_breakpoint` on the tier's last text or image part, in explicit mode, so
//! that no implicit breakpoint lands after the changing suffix. OpenRouter keeps markers
//! as `cache_control` on text parts, which it forwards to Anthropic models and turns into
//! breakpoints for OpenAI's GPT-5.6 and later (`prompt_cache_options` explicit there too).

use serde_json::{json, Map, Value};

use super::{
    cache_control, field, is_tool, last_markable, last_part, last_text, tool_fields,
    tool_result_text, unsupported, Options, Provider, SystemRole, OPENAI_TTL_DEFAULT,
};
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
    // `raw` passes history blocks as given, so a tool block can carry the marker there.
    let marked = match (message.cache && keep_markers, pass_other, provider) {
        (false, _, _) => None,
        (true, true, _) => last_markable(message),
        (true, false, Provider::OpenAi) => last_part(message),
        (true, false, _) => last_text(message),
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
            match provider {
                Provider::OpenAi => v["prompt_cache_breakpoint"] = breakpoint(opts),
                _ => v["cache_control"] = cache_control(opts.ttl),
            }
        }
        parts.push(v);
    }
    Ok(Value::Array(parts))
}

/// A Chat breakpoint: its own `ttl` when the lifetime is not the request's, since Chat's
/// `prompt_cache_options.ttl` takes only the default.
fn breakpoint(opts: &Options) -> Value {
    match opts.ttl.openai() {
        OPENAI_TTL_DEFAULT => json!({"mode": "explicit"}),
        ttl => json!({"mode": "explicit", "ttl": ttl}),
    }
}

/// `prompt_cache_options`: explicit mode, so that no implicit breakpoint lands after
/// whatever changed, and OpenAI writes the latest four breakpoints rather than three
/// (with four tier markers, implicit mode could leave L0 unwritten). OpenRouter, which
/// turns the markers into OpenAI's breakpoints for GPT-5.6 and later, takes the mode.
fn cache_options(openrouter: bool) -> Value {
    match openrouter {
        true => json!({"mode": "explicit"}),
        false => json!({"mode": "explicit", "ttl": OPENAI_TTL_DEFAULT}),
    }
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
        let keep_markers = openrouter || opts.breakpoints;
        if !m.content.iter().any(is_tool) {
            let content = content(m, i, opts, keep_markers, provider, false)?;
            out.push(json!({"role": role, "content": content}));
            continue;
        }
        // Tool blocks: `tool_use` becomes the assistant's `tool_calls`, each
        // `tool_result` a `tool` message; the other blocks stay in the message.
        let rest = Message {
            content: m.content.iter().filter(|b| !is_tool(b)).cloned().collect(),
            ..m.clone()
        };
        let tools = m.content.iter().filter_map(|b| match b {
            Block::Other(v) if is_tool(b) => Some(v),
            _ => None,
        });
        if m.role == Role::Assistant {
            let calls: Vec<Value> = tools
                .filter(|v| field(v, "type") == "tool_use")
                .map(|v| {
                    let input = v.get("input").cloned().unwrap_or_else(|| json!({}));
                    json!({
                        "id": field(v, "id"),
                        "type": "function",
                        "function": {"name": field(v, "name"), "arguments": input.to_string()},
                    })
                })
                .collect();
            let content = if rest.content.is_empty() {
                Value::Null
            } else {
                content(&rest, i, opts, keep_markers, provider, false)?
            };
            out.push(json!({"role": role, "content": content, "tool_calls": calls}));
        } else {
            for v in tools.filter(|v| field(v, "type") == "tool_result") {
                out.push(json!({
                    "role": "tool",
                    "tool_call_id": field(v, "tool_use_id"),
                    "content": tool_result_text(v),
                }));
            }
            if !rest.content.is_empty() {
                let content = content(&rest, i, opts, keep_markers, provider, false)?;
                out.push(json!({"role": role, "content": content}));
            }
        }
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
    if !opts.tools.is_empty() {
        let tools = opts.tools.iter().map(|t| {
            json!({"type": "function", "function": Value::Object(tool_fields(t, "parameters"))})
        });
        body.insert("tools".into(), tools.collect());
    }
    if opts.breakpoints {
        body.insert("prompt_cache_options".into(), cache_options(openrouter));
    }
    if opts.stream {
        body.insert("stream".into(), json!(true));
        // Cache hits are reported in the usage, which streams only when asked for.
        body.insert("stream_options".into(), json!({"include_usage": true}));
    }
    Ok(Value::Object(body))
}
