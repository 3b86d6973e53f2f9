//! Anthropic Messages: a whole `Message` (anthropic SDK `types/message.py`) or its stream
//! (`types/raw_message_stream_event.py`): `message_start`, then per content block
//! `content_block_start`, `content_block_delta`s and `content_block_stop`, then
//! `message_delta` (stop reason, final usage) and `message_stop`; `ping` at any time.

use serde::Deserialize;
use serde_json::Value;

use super::{arguments, null_default, typed, Builder, Reply, ReplyError, Shape, ToolCall};

/// The stream's event types (to tell an Anthropic stream by its first event).
pub(super) const EVENTS: &[&str] = &[
    "message_start",
    "content_block_start",
    "content_block_delta",
    "content_block_stop",
    "message_delta",
    "message_stop",
    "ping",
];

/// The event that ends a stream.
pub(super) const FINAL: &str = "message_stop";

#[derive(Deserialize)]
struct Message {
    #[serde(default)]
    model: Option<String>,
    #[serde(default, deserialize_with = "null_default")]
    content: Vec<ContentBlock>,
    #[serde(default)]
    stop_reason: Option<String>,
    #[serde(default)]
    usage: Option<Usage>,
}

/// The blocks kept: text and tool calls (thinking and server-tool blocks are not part of
/// the answer a history carries on).
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum ContentBlock {
    Text {
        text: String,
    },
    ToolUse {
        id: String,
        name: String,
        #[serde(default)]
        input: Value,
    },
    #[serde(other)]
    Other,
}

/// `usage`: every count may be missing or null in a `message_delta`.
#[derive(Deserialize, Default)]
struct Usage {
    #[serde(default)]
    input_tokens: Option<u64>,
    #[serde(default)]
    output_tokens: Option<u64>,
    #[serde(default)]
    cache_creation_input_tokens: Option<u64>,
    #[serde(default)]
    cache_read_input_tokens: Option<u64>,
}

impl Usage {
    /// Counts this usage gives over `into` (a `message_delta`'s are cumulative).
    fn merge(&self, into: &mut super::Usage) {
        let set = |to: &mut u64, from: Option<u64>| {
            if let Some(n) = from {
                *to = n;
            }
        };
        set(&mut into.input, self.input_tokens);
        set(&mut into.output, self.output_tokens);
        set(&mut into.cache_write, self.cache_creation_input_tokens);
        set(&mut into.cache_read, self.cache_read_input_tokens);
    }
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Event {
    MessageStart {
        message: Message,
    },
    ContentBlockStart {
        index: usize,
        content_block: ContentBlock,
    },
    ContentBlockDelta {
        index: usize,
        delta: Delta,
    },
    MessageDelta {
        #[serde(default)]
        delta: Option<MessageDelta>,
        #[serde(default)]
        usage: Option<Usage>,
    },
    MessageStop,
    #[serde(other)]
    Other,
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Delta {
    #[serde(rename = "text_delta")]
    Text { text: String },
    #[serde(rename = "input_json_delta")]
    InputJson { partial_json: String },
    #[serde(other)]
    Other,
}

#[derive(Deserialize)]
struct MessageDelta {
    #[serde(default)]
    stop_reason: Option<String>,
}

/// A whole `Message`.
pub(super) fn whole(v: Value) -> Result<Reply, ReplyError> {
    let m: Message = typed(v, "an Anthropic message")?;
    let mut reply = super::empty_reply(Shape::Anthropic);
    reply.model = m.model;
    reply.stop = m.stop_reason;
    for block in m.content {
        match block {
            ContentBlock::Text { text } => reply.text.push_str(&text),
            ContentBlock::ToolUse { id, name, input } => {
                reply.tool_calls.push(ToolCall { id, name, input })
            }
            ContentBlock::Other => {}
        }
    }
    reply.usage = m.usage.map(|u| {
        let mut usage = super::Usage::default();
        u.merge(&mut usage);
        usage
    });
    Ok(reply)
}

/// A tool call being streamed: its input arrives as pieces of JSON text.
struct Partial {
    id: String,
    name: String,
    json: String,
}

/// A stream's state: the tool calls by block index.
#[derive(Default)]
pub(super) struct Stream {
    tools: Vec<(usize, Partial)>,
}

impl Stream {
    pub(super) fn event(&mut self, v: Value, b: &mut Builder) -> Result<(), ReplyError> {
        match typed(v, "an Anthropic stream event")? {
            Event::MessageStart { message } => {
                b.reply.model = message.model;
                if let Some(u) = message.usage {
                    u.merge(b.reply.usage.get_or_insert_with(Default::default));
                }
            }
            Event::ContentBlockStart {
                index,
                content_block,
            } => match content_block {
                ContentBlock::Text { text } => b.text(&text)?,
                ContentBlock::ToolUse { id, name, .. } => {
                    let json = String::new();
                    self.tools.push((index, Partial { id, name, json }));
                }
                ContentBlock::Other => {}
            },
            Event::ContentBlockDelta { index, delta } => match delta {
                Delta::Text { text } => b.text(&text)?,
                Delta::InputJson { partial_json } => {
                    if let Some((_, tool)) = self.tools.iter_mut().find(|(i, _)| *i == index) {
                        tool.json.push_str(&partial_json);
                    }
                }
                Delta::Other => {}
            },
            Event::MessageDelta { delta, usage } => {
                if let Some(stop) = delta.and_then(|d| d.stop_reason) {
                    b.reply.stop = Some(stop);
                }
                if let Some(u) = usage {
                    u.merge(b.reply.usage.get_or_insert_with(Default::default));
                }
            }
            Event::MessageStop => b.done = true,
            Event::Other => {}
        }
        Ok(())
    }

    /// The tool calls, their inputs read whole.
    pub(super) fn finish(self, b: &mut Builder) -> Result<(), ReplyError> {
        for (_, tool) in self.tools {
            let input = arguments(&tool.json, &tool.name)?;
            b.reply.tool_calls.push(ToolCall {
                id: tool.id,
                name: tool.name,
                input,
            });
        }
        Ok(())
    }
}
