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

/// What stands in the history for a tool call that no result answered.
pub const CALL_LEFT_OUT: &str = "[called the tool {name} with {input}; no result came back]";

/// `turns` with each tool call that the next message does not answer replaced by a
/// line saying it was made ([`CALL_LEFT_OUT`]), and the names of those tools. Providers
/// refuse a request whose history holds a call with no result, and a shell loop has no
/// tool runner to give one; an agent that runs tools keeps its own history file.
pub fn unanswered_calls_left_out(turns: &[Value]) -> (Vec<Value>, Vec<String>) {
    let answered = |i: usize, id: &str| {
        turns
            .get(i + 1)
            .and_then(|m| m["content"].as_array())
            .is_some_and(|blocks| {
                blocks
                    .iter()
                    .any(|b| b["type"] == "tool_result" && b["tool_use_id"] == id)
            })
    };
    let mut left_out = Vec::new();
    let turns = turns
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let Some(blocks) = m["content"].as_array() else {
                return m.clone();
            };
            let blocks = blocks.iter().map(|b| {
                let id = b["id"].as_str().unwrap_or_default();
                if b["type"] != "tool_use" || answered(i, id) {
                    return b.clone();
                }
                let name = b["name"].as_str().unwrap_or("?");
                left_out.push(name.to_string());
                let text = CALL_LEFT_OUT
                    .replace("{name}", name)
                    .replace("{input}", &b["input"].to_string());
                json!({"type": "text", "text": text})
            });
            let mut m = m.clone();
            m["content"] = Value::Array(blocks.collect());
            m
        })
        .collect();
    (turns, left_out)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_call_the_next_message_does_not_answer_is_left_out() {
        let call =
            |id: &str| json!({"type": "tool_use", "id": id, "name": "grep", "input": {"q": 1}});
        let turns = vec![
            json!({"role": "assistant", "content": [call("a")]}),
            json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "a", "content": "x"}]}),
            json!({"role": "assistant", "content": [{"type": "text", "text": "hm"}, call("b")]}),
            json!({"role": "user", "content": "next"}),
        ];
        let (kept, left_out) = unanswered_calls_left_out(&turns);
        assert_eq!(left_out, ["grep"]);
        assert_eq!(kept[..2], turns[..2]);
        assert_eq!(kept[2]["content"][0], turns[2]["content"][0]);
        assert_eq!(
            kept[2]["content"][1],
            json!({"type": "text", "text": r#"[called the tool grep with {"q":1}; no result came back]"#})
        );
        assert_eq!(kept[3], turns[3]);
    }
}
