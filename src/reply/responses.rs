//! OpenAI Responses: a whole `response` (openai SDK `types/responses/response.py`) or
//! its stream (`response_stream_event.py`): `response.created`, text as
//! `response.output_text.delta`, finished items as `response.output_item.done`, and at
//! the end `response.completed` (or `response.incomplete`, cut at the output limit),
//! which holds the whole response with its usage. `response.failed` carries an error.

use serde::Deserialize;
use serde_json::Value;

use super::{arguments, null_default, typed, Builder, Reply, ReplyError, Shape, ToolCall};

/// Every stream event's type starts so.
pub(super) const EVENT_PREFIX: &str = "response.";
/// The event that ends a stream.
pub(super) const FINAL: &str = "response.completed";
/// A response's status when it failed.
const FAILED: &str = "failed";

#[derive(Deserialize)]
struct Response {
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default, deserialize_with = "null_default")]
    output: Vec<Item>,
    #[serde(default)]
    usage: Option<Usage>,
    #[serde(default)]
    error: Option<Failure>,
    #[serde(default)]
    incomplete_details: Option<Incomplete>,
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Item {
    Message {
        #[serde(default, deserialize_with = "null_default")]
        content: Vec<Part>,
    },
    FunctionCall {
        call_id: String,
        name: String,
        #[serde(default)]
        arguments: String,
    },
    #[serde(other)]
    Other,
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Part {
    OutputText {
        text: String,
    },
    #[serde(other)]
    Other,
}

#[derive(Deserialize)]
struct Usage {
    #[serde(default)]
    input_tokens: u64,
    #[serde(default)]
    output_tokens: u64,
    #[serde(default)]
    input_tokens_details: Option<InputDetails>,
}

#[derive(Deserialize)]
struct InputDetails {
    #[serde(default, deserialize_with = "null_default")]
    cached_tokens: u64,
    /// Written by explicit breakpoints (GPT-5.6).
    #[serde(default, deserialize_with = "null_default")]
    cache_write_tokens: u64,
}

#[derive(Deserialize)]
struct Failure {
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    message: String,
}

#[derive(Deserialize)]
struct Incomplete {
    #[serde(default)]
    reason: Option<String>,
}

#[derive(Deserialize)]
#[serde(tag = "type")]
enum Event {
    #[serde(rename = "response.created", alias = "response.in_progress")]
    Created { response: Response },
    #[serde(rename = "response.output_text.delta")]
    TextDelta { delta: String },
    #[serde(rename = "response.completed", alias = "response.incomplete")]
    Completed { response: Response },
    #[serde(rename = "response.failed")]
    Failed { response: Response },
    #[serde(other)]
    Other,
}

impl Usage {
    /// The neutral counts: `input_tokens` holds the cached and written tokens.
    fn neutral(&self) -> super::Usage {
        let (read, write) = self
            .input_tokens_details
            .as_ref()
            .map_or((0, 0), |d| (d.cached_tokens, d.cache_write_tokens));
        super::Usage {
            input: self.input_tokens.saturating_sub(read + write),
            cache_read: read,
            cache_write: write,
            output: self.output_tokens,
        }
    }
}

impl Response {
    /// The error a failed response carries.
    fn failure(&self) -> Option<ReplyError> {
        if self.status.as_deref() != Some(FAILED) && self.error.is_none() {
            return None;
        }
        let (kind, message) = match &self.error {
            Some(f) => (f.code.clone(), f.message.clone()),
            None => (None, FAILED.to_string()),
        };
        Some(ReplyError::Provider {
            provider: Shape::OpenAiResponses.name(),
            kind,
            message,
        })
    }

    /// Everything but the text into `reply`: model, usage, why it stopped, tool calls.
    fn fill(self, reply: &mut Reply) -> Result<(), ReplyError> {
        reply.model = self.model.or(reply.model.take());
        reply.usage = self.usage.as_ref().map(Usage::neutral);
        reply.stop = match self.incomplete_details {
            Some(Incomplete { reason: Some(r) }) => Some(r),
            _ => self.status,
        };
        for item in self.output {
            if let Item::FunctionCall {
                call_id,
                name,
                arguments: args,
            } = item
            {
                let input = arguments(&args, &name)?;
                reply.tool_calls.push(ToolCall {
                    id: call_id,
                    name,
                    input,
                });
            }
        }
        Ok(())
    }

    /// The output text of the message items, in order.
    fn text(&self) -> String {
        let mut text = String::new();
        for item in &self.output {
            let Item::Message { content } = item else {
                continue;
            };
            for part in content {
                if let Part::OutputText { text: t } = part {
                    text.push_str(t);
                }
            }
        }
        text
    }
}

/// A whole `response`.
pub(super) fn whole(v: Value) -> Result<Reply, ReplyError> {
    let r: Response = typed(v, "a response")?;
    if let Some(e) = r.failure() {
        return Err(e);
    }
    let mut reply = super::empty_reply(Shape::OpenAiResponses);
    reply.text = r.text();
    r.fill(&mut reply)?;
    Ok(reply)
}

/// A stream's state: none beyond the reply (the completed event repeats every item).
#[derive(Default)]
pub(super) struct Stream;

impl Stream {
    pub(super) fn event(&mut self, v: Value, b: &mut Builder) -> Result<(), ReplyError> {
        match typed(v, "a Responses stream event")? {
            Event::Created { response } => b.reply.model = response.model,
            Event::TextDelta { delta } => b.text(&delta)?,
            Event::Completed { response } | Event::Failed { response } => {
                if let Some(e) = response.failure() {
                    return Err(e);
                }
                response.fill(&mut b.reply)?;
                b.done = true;
            }
            Event::Other => {}
        }
        Ok(())
    }
}
