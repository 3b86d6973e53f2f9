//! Structural checks of a request body, modelled on the providers' SDK types (the
//! Python SDKs' own check is `tests/sdk/check_bodies.py`, an external test): the fields
//! each API requires, roles in the order it accepts, markers only where it takes them,
//! and every tool call answered before the conversation moves on. A body that fails is
//! answered with a 400 and the reason, as the API would refuse it.

use serde_json::Value;

use super::answer::Shape;

/// Anthropic's limit on `cache_control` markers per request.
const MAX_MARKERS: usize = 4;
/// Anthropic block types that take `cache_control`.
const MARKABLE: &[&str] = &["text", "image", "document", "tool_use", "tool_result"];
/// Anthropic content block types.
const ANTHROPIC_BLOCKS: &[&str] = &["text", "image", "document", "tool_use", "tool_result"];
/// Chat Completions message roles and content part types.
const CHAT_ROLES: &[&str] = &["system", "developer", "user", "assistant", "tool"];
const CHAT_PARTS: &[&str] = &["text", "image_url"];
/// Responses input content types.
const RESPONSES_PARTS: &[&str] = &["input_text", "output_text", "input_image"];

/// `Err(reason)` when `body` is not a request `shape` accepts.
pub fn body(shape: Shape, body: &Value) -> Result<(), String> {
    let markers = body.to_string().matches("\"cache_control\"").count();
    if markers > MAX_MARKERS {
        return Err(format!(
            "{markers} cache_control markers; at most {MAX_MARKERS}"
        ));
    }
    match shape {
        Shape::Anthropic => anthropic(body),
        Shape::Chat | Shape::OpenRouter => chat(body),
        Shape::Responses => responses(body),
        Shape::Gemini => gemini(body),
    }
}

fn model(body: &Value) -> Result<(), String> {
    match body["model"].as_str() {
        Some(m) if !m.is_empty() => Ok(()),
        _ => Err("model: a non-empty string is required".into()),
    }
}

fn list<'a>(body: &'a Value, field: &str) -> Result<&'a Vec<Value>, String> {
    match body[field].as_array() {
        Some(a) if !a.is_empty() => Ok(a),
        _ => Err(format!("{field}: a non-empty array is required")),
    }
}

/// A message's content as blocks: a string is one text block.
fn blocks(content: &Value) -> Result<Vec<Value>, String> {
    match content {
        Value::String(s) => Ok(vec![serde_json::json!({"type": "text", "text": s})]),
        Value::Array(a) if !a.is_empty() => Ok(a.clone()),
        other => Err(format!(
            "content: a string or a non-empty array, not {other}"
        )),
    }
}

fn anthropic(body: &Value) -> Result<(), String> {
    model(body)?;
    if body["max_tokens"].as_u64().is_none_or(|n| n == 0) {
        return Err("max_tokens: a positive integer is required".into());
    }
    if let Some(system) = body.get("system") {
        for b in blocks(system)? {
            if b["type"] != "text" {
                return Err(format!("system: text blocks only, not {}", b["type"]));
            }
        }
    }
    let messages = list(body, "messages")?;
    let mut pending: Vec<String> = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        let want = if i.is_multiple_of(2) {
            "user"
        } else {
            "assistant"
        };
        if m["role"] != want {
            return Err(format!(
                "messages.{i}: roles must alternate from user; got {}",
                m["role"]
            ));
        }
        let content = blocks(&m["content"])?;
        let answered: Vec<&str> = content
            .iter()
            .filter_map(|b| b["tool_use_id"].as_str())
            .collect();
        if let Some(id) = pending.iter().find(|id| !answered.contains(&id.as_str())) {
            return Err(format!(
                "messages.{i}: tool_use {id} has no tool_result immediately after it"
            ));
        }
        pending.clear();
        for b in &content {
            let kind = b["type"].as_str().unwrap_or("");
            if !ANTHROPIC_BLOCKS.contains(&kind) {
                return Err(format!("messages.{i}: unknown block type {kind:?}"));
            }
            if b.get("cache_control").is_some() && !MARKABLE.contains(&kind) {
                return Err(format!("messages.{i}: cache_control on a {kind} block"));
            }
            if kind == "tool_use" {
                pending.push(b["id"].as_str().unwrap_or("").to_string());
            }
        }
    }
    match messages.last().map(|m| &m["role"]) {
        Some(r) if r == "user" && pending.is_empty() => Ok(()),
        _ => Err("messages: the last message must be the user's".into()),
    }
}

fn chat(body: &Value) -> Result<(), String> {
    model(body)?;
    let messages = list(body, "messages")?;
    let mut pending: Vec<String> = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        let role = m["role"].as_str().unwrap_or("");
        if !CHAT_ROLES.contains(&role) {
            return Err(format!("messages.{i}: unknown role {role:?}"));
        }
        if role == "tool" {
            let id = m["tool_call_id"].as_str().unwrap_or("");
            pending.retain(|p| p != id);
            continue;
        }
        if let Some(id) = pending.first() {
            return Err(format!(
                "messages.{i}: an assistant message with tool_calls must be followed by \
                 tool messages answering each; {id} is not"
            ));
        }
        if role == "assistant" {
            for c in m["tool_calls"].as_array().into_iter().flatten() {
                pending.push(c["id"].as_str().unwrap_or("").to_string());
            }
        }
        if m["content"].is_null() && role == "assistant" {
            continue;
        }
        for p in blocks(&m["content"])? {
            let kind = p["type"].as_str().unwrap_or("");
            if !CHAT_PARTS.contains(&kind) {
                return Err(format!("messages.{i}: unknown content part type {kind:?}"));
            }
        }
    }
    match pending.first() {
        Some(id) => Err(format!("tool call {id} is not answered")),
        None => Ok(()),
    }
}

fn responses(body: &Value) -> Result<(), String> {
    model(body)?;
    let items = list(body, "input")?;
    let mut pending: Vec<String> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let kind = item["type"].as_str().unwrap_or("message");
        match kind {
            "function_call" => {
                pending.push(item["call_id"].as_str().unwrap_or("").to_string());
                continue;
            }
            "function_call_output" => {
                let id = item["call_id"].as_str().unwrap_or("");
                pending.retain(|p| p != id);
                continue;
            }
            "message" => {}
            other => return Err(format!("input.{i}: unknown item type {other:?}")),
        }
        if let Some(id) = pending.first() {
            return Err(format!(
                "input.{i}: no tool output found for function call {id}"
            ));
        }
        if item["role"].as_str().is_none() {
            return Err(format!("input.{i}: a message needs a role"));
        }
        for p in blocks(&item["content"])? {
            let t = p["type"].as_str().unwrap_or("");
            if p.is_object() && !RESPONSES_PARTS.contains(&t) && t != "text" {
                return Err(format!("input.{i}: unknown content type {t:?}"));
            }
        }
    }
    match pending.first() {
        Some(id) => Err(format!("no tool output found for function call {id}")),
        None => Ok(()),
    }
}

/// Gemini names the model in the path, not the body; turns alternate user and model.
fn gemini(body: &Value) -> Result<(), String> {
    let contents = list(body, "contents")?;
    for (i, c) in contents.iter().enumerate() {
        let want = if i.is_multiple_of(2) { "user" } else { "model" };
        if c["role"] != want {
            return Err(format!(
                "contents.{i}: roles must alternate from user; got {}",
                c["role"]
            ));
        }
        let parts = list(c, "parts").map_err(|e| format!("contents.{i}.{e}"))?;
        let known = [
            "text",
            "inlineData",
            "inline_data",
            "functionCall",
            "functionResponse",
        ];
        if let Some(p) = parts
            .iter()
            .find(|p| !known.iter().any(|k| p.get(*k).is_some()))
        {
            return Err(format!("contents.{i}: a part with no known data: {p}"));
        }
    }
    Ok(())
}
