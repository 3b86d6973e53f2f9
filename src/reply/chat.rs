//! OpenAI Chat Completions, and OpenRouter's form of it: a whole `chat.completion`
//! (openai SDK `types/chat/chat_completion.py`) or a stream of `chat.completion.chunk`s
//! (`chat_completion_chunk.py`) ended by `data: [DONE]`. Usage streams in a last chunk
//! with no choices when the request asked for it (`stream_options.include_usage`, which
//! asimi-prompt's streaming bodies set); `prompt_tokens_details` holds the tokens read
//! from cache and, for explicit breakpoints, written to it. OpenRouter adds `provider`
//! and `usage.cost`.

use serde::Deserialize;
use serde_json::Value;

use super::{arguments, null_default, typed, Builder, Reply, ReplyError, Shape, ToolCall};

/// The data that ends a stream.
pub(super) const DONE: &str = "[DONE]";
/// The final event, as messages name it.
pub(super) const FINAL: &str = "'data: [DONE]'";
/// A stream chunk's `object`.
pub(super) const CHUNK: &str = "chat.completion.chunk";

/// OpenRouter's, if the body has its `provider` field; else OpenAI's.
pub(super) fn shape(v: &Value) -> Shape {
    match v.get("provider") {
        Some(Value::String(_)) => Shape::OpenRouter,
        _ => Shape::OpenAi,
    }
}

#[derive(Deserialize)]
struct Completion {
    #[serde(default)]
    model: Option<String>,
    #[serde(default, deserialize_with = "null_default")]
    choices: Vec<Choice>,
    #[serde(default)]
    usage: Option<Usage>,
}

/// A choice of a completion (`message`) or of a chunk (`delta`): the same fields.
#[derive(Deserialize)]
struct Choice {
    #[serde(default)]
    index: u32,
    #[serde(default, alias = "delta")]
    message: Option<Message>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize, Default)]
struct Message {
    #[serde(default)]
    content: Option<String>,
    #[serde(default, deserialize_with = "null_default")]
    tool_calls: Vec<Call>,
    /// The deprecated single call, before `tool_calls`.
    #[serde(default)]
    function_call: Option<Function>,
}

#[derive(Deserialize)]
struct Call {
    /// Chunks only: which call a piece belongs to.
    #[serde(default)]
    index: Option<usize>,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    function: Option<Function>,
}

#[derive(Deserialize, Default)]
struct Function {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    arguments: Option<String>,
}

#[derive(Deserialize)]
struct Usage {
    #[serde(default)]
    prompt_tokens: u64,
    #[serde(default)]
    completion_tokens: u64,
    #[serde(default)]
    prompt_tokens_details: Option<PromptDetails>,
    /// OpenRouter's charge in US dollars.
    #[serde(default)]
    cost: Option<f64>,
}

#[derive(Deserialize)]
struct PromptDetails {
    #[serde(default, deserialize_with = "null_default")]
    cached_tokens: u64,
    /// Written by explicit breakpoints (GPT-5.6; OpenRouter's providers that charge writes).
    #[serde(default, deserialize_with = "null_default")]
    cache_write_tokens: u64,
}

impl Usage {
    /// The neutral counts: `prompt_tokens` holds the cached tokens.
    fn neutral(&self) -> super::Usage {
        let (read, write) = self
            .prompt_tokens_details
            .as_ref()
            .map_or((0, 0), |d| (d.cached_tokens, d.cache_write_tokens));
        super::Usage {
            input: self.prompt_tokens.saturating_sub(read + write),
            cache_read: read,
            cache_write: write,
            output: self.completion_tokens,
        }
    }
}

/// A whole `chat.completion`: its first choice.
pub(super) fn whole(v: Value, shape: Shape) -> Result<Reply, ReplyError> {
    let c: Completion = typed(v, "a chat completion")?;
    let mut reply = super::empty_reply(shape);
    reply.model = c.model;
    reply.usage = c.usage.as_ref().map(Usage::neutral);
    reply.cost = c.usage.and_then(|u| u.cost);
    let Some(choice) = c.choices.into_iter().find(|c| c.index == 0) else {
        return Ok(reply);
    };
    reply.stop = choice.finish_reason;
    let message = choice.message.unwrap_or_default();
    reply.text = message.content.unwrap_or_default();
    for (i, call) in message.tool_calls.into_iter().enumerate() {
        let f = call.function.unwrap_or_default();
        let name = f.name.unwrap_or_default();
        reply.tool_calls.push(ToolCall {
            id: call.id.unwrap_or_else(|| format!("call_{i}")),
            input: arguments(f.arguments.as_deref().unwrap_or_default(), &name)?,
            name,
        });
    }
    if let Some(f) = message.function_call {
        let name = f.name.unwrap_or_default();
        reply.tool_calls.push(ToolCall {
            id: format!("{LEGACY_CALL_ID}{name}"),
            input: arguments(f.arguments.as_deref().unwrap_or_default(), &name)?,
            name,
        });
    }
    Ok(reply)
}

/// The id a deprecated `function_call` gets (it had none), followed by its name.
const LEGACY_CALL_ID: &str = "function_call_";

/// A tool call being streamed: its pieces by `index`.
#[derive(Default)]
struct Partial {
    id: String,
    name: String,
    arguments: String,
}

/// A stream's state.
pub(super) struct Stream {
    shape: Shape,
    tools: Vec<(usize, Partial)>,
}

impl Stream {
    pub(super) fn new(shape: Shape) -> Stream {
        Stream {
            shape,
            tools: Vec::new(),
        }
    }

    pub(super) fn shape(&self) -> Shape {
        self.shape
    }

    pub(super) fn event(&mut self, v: Value, b: &mut Builder) -> Result<(), ReplyError> {
        if shape(&v) == Shape::OpenRouter {
            self.shape = Shape::OpenRouter;
            b.reply.shape = Shape::OpenRouter;
        }
        let chunk: Completion = typed(v, "a chat.completion.chunk")?;
        if chunk.model.is_some() {
            b.reply.model = chunk.model;
        }
        if let Some(u) = chunk.usage {
            b.reply.usage = Some(u.neutral());
            b.reply.cost = u.cost.or(b.reply.cost);
        }
        for choice in chunk.choices.into_iter().filter(|c| c.index == 0) {
            if choice.finish_reason.is_some() {
                b.reply.stop = choice.finish_reason;
            }
            let delta = choice.message.unwrap_or_default();
            b.text(delta.content.as_deref().unwrap_or_default())?;
            for (i, call) in delta.tool_calls.into_iter().enumerate() {
                self.piece(call.index.unwrap_or(i), call);
            }
        }
        Ok(())
    }

    /// One piece of a streamed tool call: the first carries its id and name, the rest
    /// more of its arguments.
    fn piece(&mut self, index: usize, call: Call) {
        let at = match self.tools.iter().position(|(i, _)| *i == index) {
            Some(at) => at,
            None => {
                self.tools.push((index, Partial::default()));
                self.tools.len() - 1
            }
        };
        let partial = &mut self.tools[at].1;
        if let Some(id) = call.id {
            partial.id = id;
        }
        let f = call.function.unwrap_or_default();
        if let Some(name) = f.name {
            partial.name.push_str(&name);
        }
        if let Some(arguments) = f.arguments {
            partial.arguments.push_str(&arguments);
        }
    }

    pub(super) fn done(&mut self, b: &mut Builder) -> Result<(), ReplyError> {
        b.done = true;
        Ok(())
    }

    /// The tool calls, their arguments read whole.
    pub(super) fn finish(self, b: &mut Builder) -> Result<(), ReplyError> {
        for (i, (_, tool)) in self.tools.into_iter().enumerate() {
            let input = arguments(&tool.arguments, &tool.name)?;
            let id = match tool.id.is_empty() {
                true => format!("call_{i}"),
                false => tool.id,
            };
            b.reply.tool_calls.push(ToolCall {
                id,
                name: tool.name,
                input,
            });
        }
        Ok(())
    }
}
