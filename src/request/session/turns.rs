//! The conversation a session keeps once `reply` brings answers back: each request's
//! prompt waits (as the model saw it, without the system reminder) until its reply pairs
//! it into the session's turns, beside the usage the provider reported. `messages`
//! sends the turns as the history when no history file is given.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::reply::Reply;
use crate::request::assemble::Image;
pub use crate::request::report::usage::{Answered, Predicted};

/// How many answered requests' usage a session keeps.
const KEPT_USAGE: usize = 64;

/// The session's conversation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conversation {
    /// User and assistant messages, each as a history file holds it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<Value>,
    /// The last request's prompt, until its reply comes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awaiting: Option<Awaiting>,
    /// The usage providers reported, oldest first (the last [`KEPT_USAGE`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answered: Vec<Answered>,
}

/// A request sent and not yet answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Awaiting {
    /// The session's request number.
    pub request: u64,
    pub model: String,
    /// The prompt message, as a history file holds it.
    pub prompt: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub predicted: Option<Predicted>,
}

impl Conversation {
    pub fn is_empty(&self) -> bool {
        *self == Conversation::default()
    }

    /// Records that request number `request` to `model` was sent with `prompt` (and
    /// `images`), and the cache use `predicted` for it: the next reply answers it. A request not answered before the next is
    /// sent is forgotten.
    pub fn send(
        &mut self,
        request: u64,
        model: &str,
        prompt: &str,
        images: &[Image],
        predicted: Option<Predicted>,
    ) {
        let mut content = vec![json!({"type": "text", "text": prompt})];
        content.extend(images.iter().map(|i| {
            json!({"type": "image", "source":
                {"type": "base64", "media_type": i.media_type, "data": i.data}})
        }));
        self.awaiting = Some(Awaiting {
            request,
            model: model.to_string(),
            prompt: json!({"role": "user", "content": content}),
            predicted,
        });
    }

    /// Pairs `reply` with the request awaiting it: the prompt and the answer (text, then
    /// tool calls) join the turns, and the usage is kept. `None` when no request awaits.
    pub fn answer(&mut self, reply: &Reply) -> Option<&Answered> {
        let awaiting = self.awaiting.take()?;
        let mut content = Vec::new();
        if !reply.text.is_empty() || reply.tool_calls.is_empty() {
            content.push(json!({"type": "text", "text": reply.text}));
        }
        content.extend(
            reply
                .tool_calls
                .iter()
                .map(|c| json!({"type": "tool_use", "id": c.id, "name": c.name, "input": c.input})),
        );
        self.turns.push(awaiting.prompt);
        self.turns
            .push(json!({"role": "assistant", "content": content}));
        self.answered.push(Answered {
            request: awaiting.request,
            model: awaiting.model,
            answered_by: reply.model.clone(),
            usage: reply.usage,
            predicted: awaiting.predicted,
            cost: reply.cost,
        });
        let over = self.answered.len().saturating_sub(KEPT_USAGE);
        self.answered.drain(..over);
        self.answered.last()
    }
}
