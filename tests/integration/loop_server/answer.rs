//! The stand-in provider's answers: one scripted reply (text, which may hold edit blocks,
//! and an optional tool call) with the usage the simulated cache gives, in each
//! provider's shape, as a whole JSON body or as an event stream. The shapes follow
//! `fixtures/reply/`, which `tests/external/sdk.rs` checks against the SDKs.

use serde_json::{json, Value};

/// The wire shapes, one per route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Anthropic,
    /// OpenAI's Chat Completions.
    Chat,
    /// OpenRouter's Chat Completions, which also reports cache writes.
    OpenRouter,
    Responses,
    Gemini,
}

/// What the model says.
#[derive(Debug, Clone)]
pub struct Script {
    pub text: String,
    /// `(name, input)` of one tool call after the text.
    pub tool_call: Option<(String, Value)>,
}

/// The tokens of a request as the simulated cache counted them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Usage {
    pub total: usize,
    pub read: usize,
    pub written: usize,
}

/// Output tokens every answer reports.
const OUTPUT_TOKENS: usize = 42;
const MODEL: &str = "stand-in";
const CALL_ID: &str = "call_1";

/// The answer as a whole JSON body.
pub fn json(shape: Shape, s: &Script, u: Usage) -> String {
    let args = s.tool_call.as_ref().map(|(n, i)| (n.as_str(), i));
    let body = match shape {
        Shape::Anthropic => {
            let mut content = vec![json!({"type": "text", "text": s.text})];
            if let Some((name, input)) = args {
                content
                    .push(json!({"type": "tool_use", "id": CALL_ID, "name": name, "input": input}));
            }
            json!({"id": "msg_1", "type": "message", "role": "assistant", "model": MODEL,
                "content": content, "stop_reason": "end_turn", "stop_sequence": null,
                "usage": anthropic_usage(u)})
        }
        Shape::Chat | Shape::OpenRouter => {
            let calls: Vec<Value> = args
                .iter()
                .map(|(name, input)| chat_call(name, input, true))
                .collect();
            let mut message = json!({"role": "assistant", "content": s.text});
            if !calls.is_empty() {
                message["tool_calls"] = json!(calls);
            }
            json!({"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": MODEL,
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                "usage": chat_usage(shape, u)})
        }
        Shape::Responses => responses_body(s, u),
        Shape::Gemini => gemini_chunk(gemini_parts(s), Some(u)),
    };
    body.to_string()
}

/// The answer as an event stream (`text/event-stream`), the text in two deltas.
pub fn stream(shape: Shape, s: &Script, u: Usage) -> String {
    let half = s
        .text
        .char_indices()
        .nth(s.text.chars().count() / 2)
        .map_or(0, |(i, _)| i);
    let (a, b) = s.text.split_at(half);
    let args = s.tool_call.as_ref().map(|(n, i)| (n.as_str(), i));
    let events: Vec<Value> = match shape {
        Shape::Anthropic => {
            let start = json!({"type": "message_start", "message": {"id": "msg_1",
                "type": "message", "role": "assistant", "model": MODEL, "content": [],
                "stop_reason": null, "stop_sequence": null, "usage": anthropic_usage(u)}});
            let mut ev = vec![
                start,
                json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
                json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": a}}),
                json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": b}}),
                json!({"type": "content_block_stop", "index": 0}),
            ];
            if let Some((name, input)) = args {
                ev.push(
                    json!({"type": "content_block_start", "index": 1, "content_block":
                    {"type": "tool_use", "id": CALL_ID, "name": name, "input": {}}}),
                );
                ev.push(json!({"type": "content_block_delta", "index": 1, "delta":
                    {"type": "input_json_delta", "partial_json": input.to_string()}}));
                ev.push(json!({"type": "content_block_stop", "index": 1}));
            }
            ev.push(
                json!({"type": "message_delta", "delta": {"stop_reason": "end_turn",
                "stop_sequence": null}, "usage": {"output_tokens": OUTPUT_TOKENS}}),
            );
            ev.push(json!({"type": "message_stop"}));
            ev
        }
        Shape::Chat | Shape::OpenRouter => {
            let chunk = |delta: Value, finish: Value| {
                json!({"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1,
                    "model": MODEL, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
            };
            let mut ev = vec![
                chunk(json!({"role": "assistant", "content": a}), Value::Null),
                chunk(json!({"content": b}), Value::Null),
            ];
            if let Some((name, input)) = args {
                ev.push(chunk(
                    json!({"tool_calls": [chat_call(name, input, false)]}),
                    Value::Null,
                ));
            }
            ev.push(chunk(json!({}), json!("stop")));
            ev.push(
                json!({"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1,
                "model": MODEL, "choices": [], "usage": chat_usage(shape, u)}),
            );
            ev
        }
        Shape::Responses => {
            let created = json!({"type": "response.created", "sequence_number": 0,
                "response": {"id": "resp_1", "object": "response", "created_at": 1,
                "status": "in_progress", "model": MODEL, "output": [], "usage": null}});
            let delta = |d: &str, n: u64| {
                json!({"type": "response.output_text.delta",
                "item_id": "msg_1", "output_index": 0, "content_index": 0, "delta": d,
                "sequence_number": n})
            };
            let done = json!({"type": "response.completed", "sequence_number": 3,
                "response": responses_body(s, u)});
            vec![created, delta(a, 1), delta(b, 2), done]
        }
        Shape::Gemini => {
            let text = |t: &str| vec![json!({"text": t})];
            let mut last = text(b);
            last.extend(gemini_parts(s).into_iter().skip(1));
            let mut first = gemini_chunk(text(a), None);
            first["candidates"][0]
                .as_object_mut()
                .unwrap()
                .remove("finishReason");
            vec![first, gemini_chunk(last, Some(u))]
        }
    };
    // Anthropic and Responses name each event; the chat APIs and Gemini send data only.
    let named = matches!(shape, Shape::Anthropic | Shape::Responses);
    let mut out = String::new();
    for e in events {
        if named {
            out.push_str(&format!("event: {}\n", e["type"].as_str().unwrap()));
        }
        out.push_str(&format!("data: {e}\n\n"));
    }
    if matches!(shape, Shape::Chat | Shape::OpenRouter) {
        out.push_str("data: [DONE]\n\n");
    }
    out
}

fn anthropic_usage(u: Usage) -> Value {
    json!({"input_tokens": u.total - u.read - u.written, "cache_read_input_tokens": u.read,
        "cache_creation_input_tokens": u.written, "output_tokens": OUTPUT_TOKENS})
}

fn chat_usage(shape: Shape, u: Usage) -> Value {
    let mut details = json!({"cached_tokens": u.read});
    // OpenAI reports no writes; OpenRouter passes the upstream provider's on.
    if shape == Shape::OpenRouter {
        details["cache_write_tokens"] = json!(u.written);
    }
    json!({"prompt_tokens": u.total, "completion_tokens": OUTPUT_TOKENS,
        "total_tokens": u.total + OUTPUT_TOKENS, "prompt_tokens_details": details})
}

fn chat_call(name: &str, input: &Value, whole: bool) -> Value {
    let mut call = json!({"id": CALL_ID, "type": "function",
        "function": {"name": name, "arguments": input.to_string()}});
    if !whole {
        call["index"] = json!(0);
    }
    call
}

fn responses_body(s: &Script, u: Usage) -> Value {
    let mut output = vec![
        json!({"type": "message", "id": "msg_1", "status": "completed",
        "role": "assistant", "content": [{"type": "output_text", "text": s.text, "annotations": []}]}),
    ];
    if let Some((name, input)) = &s.tool_call {
        output.push(
            json!({"type": "function_call", "id": "fc_1", "call_id": CALL_ID,
            "name": name, "arguments": input.to_string(), "status": "completed"}),
        );
    }
    json!({"id": "resp_1", "object": "response", "created_at": 1, "status": "completed",
        "model": MODEL, "output": output, "usage": {"input_tokens": u.total,
        "input_tokens_details": {"cached_tokens": u.read, "cache_write_tokens": u.written},
        "output_tokens": OUTPUT_TOKENS, "total_tokens": u.total + OUTPUT_TOKENS}})
}

fn gemini_parts(s: &Script) -> Vec<Value> {
    let mut parts = vec![json!({"text": s.text})];
    if let Some((name, input)) = &s.tool_call {
        parts.push(json!({"functionCall": {"name": name, "args": input}}));
    }
    parts
}

/// A Gemini response or stream chunk; the usage rides on the last.
fn gemini_chunk(parts: Vec<Value>, u: Option<Usage>) -> Value {
    let u = u.unwrap_or_default();
    json!({"candidates": [{"content": {"parts": parts, "role": "model"},
        "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": u.total, "cachedContentTokenCount": u.read,
        "candidatesTokenCount": OUTPUT_TOKENS, "totalTokenCount": u.total + OUTPUT_TOKENS},
        "modelVersion": MODEL})
}
