//! Gemini `generateContent`: a whole `GenerateContentResponse` (google-genai `types.py`),
//! or `streamGenerateContent?alt=sse`, a stream of the same objects as `data:` events,
//! the last with the candidate's `finishReason`. A prompt the model refused to read comes
//! back with `promptFeedback.blockReason` and no candidate.

use serde::Deserialize;
use serde_json::Value;

use super::{null_default, typed, Builder, Reply, ReplyError, Shape, ToolCall};

/// What a truncated stream lacks.
pub(super) const FINAL: &str = "a chunk with a finishReason";

/// The id a function call gets when the response gives none (Gemini's ids are
/// optional), followed by its place in the reply.
const UNNAMED_CALL: &str = "gemini-call-";

/// Whether `v` is a `GenerateContentResponse` by its fields.
pub(super) fn is_gemini(v: &Value) -> bool {
    ["candidates", "usageMetadata", "promptFeedback"]
        .iter()
        .any(|k| v.get(k).is_some())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Response {
    #[serde(default, deserialize_with = "null_default")]
    candidates: Vec<Candidate>,
    #[serde(default)]
    usage_metadata: Option<UsageMetadata>,
    #[serde(default)]
    model_version: Option<String>,
    #[serde(default)]
    prompt_feedback: Option<PromptFeedback>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Candidate {
    #[serde(default)]
    content: Option<Content>,
    #[serde(default)]
    finish_reason: Option<String>,
    #[serde(default)]
    index: Option<u32>,
}

#[derive(Deserialize)]
struct Content {
    #[serde(default, deserialize_with = "null_default")]
    parts: Vec<Part>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Part {
    #[serde(default)]
    text: Option<String>,
    /// A thought summary, not the answer.
    #[serde(default)]
    thought: Option<bool>,
    #[serde(default)]
    function_call: Option<FunctionCall>,
}

#[derive(Deserialize)]
struct FunctionCall {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    args: Option<Value>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UsageMetadata {
    #[serde(default)]
    prompt_token_count: u64,
    #[serde(default)]
    cached_content_token_count: u64,
    #[serde(default)]
    candidates_token_count: u64,
    /// Thinking is billed as output.
    #[serde(default)]
    thoughts_token_count: u64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PromptFeedback {
    #[serde(default)]
    block_reason: Option<String>,
    #[serde(default)]
    block_reason_message: Option<String>,
}

/// What the reply is told when a prompt was blocked.
const BLOCKED: &str = "the prompt was blocked";

impl UsageMetadata {
    /// The neutral counts: `promptTokenCount` holds the cached tokens.
    fn neutral(&self) -> super::Usage {
        super::Usage {
            input: self
                .prompt_token_count
                .saturating_sub(self.cached_content_token_count),
            cache_read: self.cached_content_token_count,
            cache_write: 0,
            output: self.candidates_token_count + self.thoughts_token_count,
        }
    }
}

impl Response {
    /// Adds this response (a whole one, or one chunk of a stream) to `b`: its first
    /// candidate's text and calls, and the latest usage.
    fn add(self, b: &mut Builder) -> Result<(), ReplyError> {
        if let Some(PromptFeedback {
            block_reason: Some(reason),
            block_reason_message,
        }) = self.prompt_feedback
        {
            return Err(ReplyError::Provider {
                provider: Shape::Gemini.name(),
                kind: Some(reason),
                message: block_reason_message.unwrap_or_else(|| BLOCKED.to_string()),
            });
        }
        if self.model_version.is_some() {
            b.reply.model = self.model_version;
        }
        if let Some(u) = &self.usage_metadata {
            b.reply.usage = Some(u.neutral());
        }
        let first = self
            .candidates
            .into_iter()
            .find(|c| c.index.unwrap_or(0) == 0);
        let Some(candidate) = first else {
            return Ok(());
        };
        for part in candidate.content.map(|c| c.parts).unwrap_or_default() {
            if part.thought != Some(true) {
                b.text(part.text.as_deref().unwrap_or_default())?;
            }
            if let Some(call) = part.function_call {
                let place = b.reply.tool_calls.len();
                b.reply.tool_calls.push(ToolCall {
                    id: call.id.unwrap_or_else(|| format!("{UNNAMED_CALL}{place}")),
                    name: call.name,
                    input: call
                        .args
                        .unwrap_or_else(|| Value::Object(Default::default())),
                });
            }
        }
        if candidate.finish_reason.is_some() {
            b.reply.stop = candidate.finish_reason;
            b.done = true;
        }
        Ok(())
    }
}

/// A whole `GenerateContentResponse`.
pub(super) fn whole(v: Value) -> Result<Reply, ReplyError> {
    let response: Response = typed(v, "a Gemini response")?;
    let mut on_text = |_: &str| Ok(());
    let mut b = Builder {
        reply: super::empty_reply(Shape::Gemini),
        done: false,
        on_text: &mut on_text,
    };
    response.add(&mut b)?;
    Ok(b.reply)
}

/// A stream's state: none beyond the reply (each chunk is whole).
#[derive(Default)]
pub(super) struct Stream;

impl Stream {
    pub(super) fn event(&mut self, v: Value, b: &mut Builder) -> Result<(), ReplyError> {
        typed::<Response>(v, "a Gemini stream chunk")?.add(b)
    }
}
