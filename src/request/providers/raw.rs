//! The neutral message array: OpenAI-style `{role, content}` messages, the
//! system message first, markers as `cache_control` on text parts, images as
//! `image_url` data URLs and history blocks as given.

use serde_json::Value;

use super::openai::content;
use super::{Options, Provider};
use crate::request::assemble::Message;

/// Why a raw body cannot carry `--tools`.
pub const RAW_NO_TOOLS: &str = "--tools: a raw body is a bare message array, with no place \
     for tool definitions; name the provider whose shape they go in (--provider anthropic, \
     openai, openai-responses, openrouter or gemini)";

pub fn encode(messages: &[Message], opts: &Options) -> Result<Value, String> {
    if !opts.tools.is_empty() {
        return Err(RAW_NO_TOOLS.to_string());
    }
    let mut out = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        let content = content(m, i, opts, true, Provider::Raw, true)?;
        out.push(serde_json::json!({"role": m.role.name(), "content": content}));
    }
    Ok(Value::Array(out))
}
