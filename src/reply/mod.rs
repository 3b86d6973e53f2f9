//! A provider's response read back: the assistant's text, its tool calls and the usage
//! the provider reported, from any body shape asimi-prompt writes requests for
//! (Anthropic Messages, OpenAI Chat Completions and Responses, OpenRouter, Gemini), as a
//! whole JSON body or a server-sent-event stream. The shape is told by the input itself:
//! its first non-blank byte (`{` is JSON, `event:`/`data:` a stream), then the fields of
//! the JSON or the events. One module per provider holds its serde types.
//!
//! [`read`] decodes a stream as it arrives, handing each text delta to a callback (`reply`
//! prints them live); [`text_of`] decodes text already in memory (`apply` takes edit
//! blocks out of it).

mod anthropic;
mod chat;
mod gemini;
mod responses;
mod sse;

use std::io::BufRead;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The response shapes, by the API that wrote them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Anthropic,
    /// OpenAI Chat Completions.
    OpenAi,
    /// Chat Completions as OpenRouter writes them (a `provider` field, usage `cost`).
    OpenRouter,
    OpenAiResponses,
    Gemini,
}

impl Shape {
    /// The name `--provider` gives the same API.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Anthropic => "anthropic",
            Shape::OpenAi => "openai",
            Shape::OpenRouter => "openrouter",
            Shape::OpenAiResponses => "openai-responses",
            Shape::Gemini => "gemini",
        }
    }
}

/// A tool call the model made, in the neutral form history files use (Anthropic's
/// `tool_use`): the id a `tool_result` answers, the tool's name and its input object.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    pub input: Value,
}

/// Tokens a provider reported for one request. `input` is the uncached input only, so
/// `input + cache_read + cache_write` is the whole prompt whatever the provider counts
/// (Anthropic reports the three apart; OpenAI and Gemini count cached tokens inside the
/// prompt's total, and the decoders take them out).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    pub input: u64,
    pub cache_read: u64,
    pub cache_write: u64,
    pub output: u64,
}

impl Usage {
    /// The prompt's tokens: uncached, read from cache and written to it.
    pub fn prompt(&self) -> u64 {
        self.input + self.cache_read + self.cache_write
    }
}

/// What a response holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub shape: Shape,
    /// The model that answered, when the response names it.
    pub model: Option<String>,
    /// The assistant's text, its text parts joined in order.
    pub text: String,
    pub tool_calls: Vec<ToolCall>,
    /// `None` when the response carries none (an OpenAI stream without
    /// `stream_options.include_usage`).
    pub usage: Option<Usage>,
    /// The cost the provider charged, in US dollars (OpenRouter's `usage.cost`).
    pub cost: Option<f64>,
    /// Why the model stopped, in the provider's words (`end_turn`, `stop`, `STOP`…).
    pub stop: Option<String>,
}

/// Why a response could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum ReplyError {
    #[error("{EMPTY}")]
    Empty,
    /// Neither JSON nor server-sent events, or JSON no known shape matches.
    #[error("standard input:{line}:{column}: {reason}")]
    Malformed {
        line: usize,
        column: usize,
        reason: String,
    },
    /// The provider answered with an error (an error body, or an error event).
    #[error("{provider} error{}: {message}", kind.as_ref().map(|k| format!(" ({k})")).unwrap_or_default())]
    Provider {
        provider: &'static str,
        kind: Option<String>,
        message: String,
    },
    /// A stream ended before its final event.
    #[error("the {provider} stream ended before {missing}: the response is incomplete (the connection was cut, or curl stopped early)")]
    Truncated {
        provider: &'static str,
        missing: &'static str,
    },
    /// A part of a response that does not read (a type, or a tool call's arguments);
    /// the decoder that finds it places it at a line (`at`).
    #[error("standard input: {0}")]
    Unexpected(String),
    #[error("cannot read standard input or write the text: {0}")]
    Io(#[from] std::io::Error),
}

impl ReplyError {
    /// An [`ReplyError::Unexpected`] placed at `line` of the input.
    fn at(self, line: usize) -> ReplyError {
        match self {
            ReplyError::Unexpected(reason) => ReplyError::Malformed {
                line,
                column: 1,
                reason,
            },
            e => e,
        }
    }

    /// Whether the provider (or the connection to it) failed, rather than the input
    /// being unreadable: `reply` exits 1 for these, 2 for the others.
    pub fn from_provider(&self) -> bool {
        matches!(
            self,
            ReplyError::Provider { .. } | ReplyError::Truncated { .. }
        )
    }
}

/// What an empty standard input is told.
pub const EMPTY: &str = "no response on standard input: pipe a provider's answer in, e.g. \
     asimi-prompt messages --session s --prompt '...' | curl -sS ... -d @- | asimi-prompt reply --session s";

/// The name a provider's error gets when the body does not say which API wrote it.
const SOME_PROVIDER: &str = "provider";

/// A response collected while it is decoded: the reply so far, whether the final event
/// came, and where text deltas go as they arrive.
pub(crate) struct Builder<'a> {
    reply: Reply,
    done: bool,
    on_text: &'a mut dyn FnMut(&str) -> std::io::Result<()>,
}

impl Builder<'_> {
    /// Appends a text delta and hands it on.
    fn text(&mut self, delta: &str) -> Result<(), ReplyError> {
        if delta.is_empty() {
            return Ok(());
        }
        self.reply.text.push_str(delta);
        Ok((self.on_text)(delta)?)
    }
}

/// Decodes the response on `input`, handing each text delta to `on_text` as it arrives
/// (a whole JSON body's text is handed on once, whole).
pub fn read(
    input: &mut dyn BufRead,
    on_text: &mut dyn FnMut(&str) -> std::io::Result<()>,
) -> Result<Reply, ReplyError> {
    let mut lines = Lines { input, number: 0 };
    let Some(first) = lines.first_non_blank()? else {
        return Err(ReplyError::Empty);
    };
    let start = first.trim_start();
    if start.starts_with('{') {
        let mut text = first.clone();
        // `first` lost its line end: put it back, so error lines count true.
        text.push('\n');
        lines.input.read_to_string(&mut text)?;
        let reply = whole(&text, lines.number)?;
        on_text(&reply.text)?;
        return Ok(reply);
    }
    if !sse::starts_stream(start) {
        return Err(ReplyError::Malformed {
            line: lines.number,
            column: first.len() - start.len() + 1,
            reason: "expected a provider's JSON response ('{') or a server-sent-event \
                     stream ('event:' or 'data:' lines)"
                .into(),
        });
    }
    let mut builder = Builder {
        reply: empty_reply(Shape::OpenAi),
        done: false,
        on_text,
    };
    let mut stream = Stream::Unknown;
    sse::events(&mut lines, first, &mut |event| {
        stream.event(event, &mut builder)
    })?;
    stream.finish(builder)
}

/// Decodes a response held in memory (a whole body or a whole stream) without printing.
pub fn text_of(raw: &str) -> Result<Reply, ReplyError> {
    read(&mut raw.as_bytes(), &mut |_| Ok(()))
}

fn empty_reply(shape: Shape) -> Reply {
    Reply {
        shape,
        model: None,
        text: String::new(),
        tool_calls: Vec::new(),
        usage: None,
        cost: None,
        stop: None,
    }
}

/// Standard input, line by line, counting lines for messages.
pub(crate) struct Lines<'a> {
    input: &'a mut dyn BufRead,
    /// The number of the last line read (1-based).
    number: usize,
}

impl Lines<'_> {
    /// The next line without its line end, or `None` at the end.
    fn next_line(&mut self) -> Result<Option<String>, ReplyError> {
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        self.number += 1;
        let end = line.trim_end_matches(['\n', '\r']).len();
        line.truncate(end);
        Ok(Some(line))
    }

    fn first_non_blank(&mut self) -> Result<Option<String>, ReplyError> {
        while let Some(line) = self.next_line()? {
            if !line.trim().is_empty() {
                return Ok(Some(line));
            }
        }
        Ok(None)
    }
}

/// A whole JSON body whose first line is `first_line` of the input.
fn whole(text: &str, first_line: usize) -> Result<Reply, ReplyError> {
    // An error at the very end is placed on the last line the input has (not on the line
    // end `read` put back after its first line).
    let last = first_line + text.trim_end_matches('\n').matches('\n').count();
    let value: Value = serde_json::from_str(text).map_err(|e| {
        match json_error(&e, first_line.saturating_sub(1)) {
            ReplyError::Malformed {
                line,
                column,
                reason,
            } => ReplyError::Malformed {
                line: line.min(last),
                column,
                reason,
            },
            other => other,
        }
    })?;
    if let Some(e) = error_in(&value, None) {
        return Err(e);
    }
    let shape = shape_of_body(&value).ok_or_else(|| ReplyError::Malformed {
        line: first_line,
        column: 1,
        reason: "a JSON object that is no provider's response: expected an Anthropic \
                 message, a chat.completion, a response, or a Gemini generateContent body"
            .into(),
    })?;
    let reply = match shape {
        Shape::Anthropic => anthropic::whole(value),
        Shape::OpenAi | Shape::OpenRouter => chat::whole(value, shape),
        Shape::OpenAiResponses => responses::whole(value),
        Shape::Gemini => gemini::whole(value),
    };
    reply.map_err(|e| e.at(first_line))
}

/// `v` read as the serde type `T`; `what` names it in the error.
fn typed<T: serde::de::DeserializeOwned>(v: Value, what: &str) -> Result<T, ReplyError> {
    serde_json::from_value(v)
        .map_err(|e| ReplyError::Unexpected(format!("{what} of an unexpected form: {e}")))
}

/// A JSON error as the input's line and column (`offset` lines come before the text).
fn json_error(e: &serde_json::Error, offset: usize) -> ReplyError {
    let reason = e.to_string();
    let reason = crate::documents::strip_position(&reason).to_string();
    ReplyError::Malformed {
        line: e.line() + offset,
        column: e.column(),
        reason: format!("not valid JSON: {reason}"),
    }
}

/// Which API wrote a whole body, by its own fields.
fn shape_of_body(v: &Value) -> Option<Shape> {
    let field = |k: &str| v.get(k).and_then(Value::as_str);
    match (field("type"), field("object")) {
        (Some("message"), _) => Some(Shape::Anthropic),
        (_, Some("chat.completion")) => Some(chat::shape(v)),
        (_, Some("response")) => Some(Shape::OpenAiResponses),
        _ if gemini::is_gemini(v) => Some(Shape::Gemini),
        _ => None,
    }
}

/// The provider's error a body or event carries, if it is one: Anthropic's
/// `{"type": "error", "error": {…}}`, OpenAI's, OpenRouter's and Gemini's
/// `{"error": {…}}`, or a Responses stream's `{"type": "error", "message": …}`.
/// `provider` names the stream's API once known.
fn error_in(v: &Value, provider: Option<Shape>) -> Option<ReplyError> {
    let text = |v: &Value, k: &str| match v.get(k) {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    let is_error_event = v.get("type").and_then(Value::as_str) == Some("error");
    let body = match v.get("error") {
        Some(e) if e.is_object() => e,
        Some(Value::String(message)) => {
            return Some(provider_error(v, provider, None, message.clone()));
        }
        _ if is_error_event => v,
        _ => return None,
    };
    let message = text(body, "message").unwrap_or_else(|| body.to_string());
    // An event that is the error itself (Responses) has `type: error`: its kind is its code.
    let kind = match std::ptr::eq(body, v) {
        true => text(body, "code"),
        false => text(body, "type")
            .or_else(|| text(body, "status"))
            .or_else(|| text(body, "code")),
    };
    Some(provider_error(v, provider, kind, message))
}

fn provider_error(
    v: &Value,
    provider: Option<Shape>,
    kind: Option<String>,
    message: String,
) -> ReplyError {
    let guessed = match v.get("error") {
        _ if provider.is_some() => provider,
        Some(e) if v.get("type").is_some() && e.is_object() => Some(Shape::Anthropic),
        Some(e) if e.get("status").is_some() => Some(Shape::Gemini),
        _ => None,
    };
    ReplyError::Provider {
        provider: guessed.map_or(SOME_PROVIDER, Shape::name),
        kind,
        message,
    }
}

/// One server-sent event: its `event:` name, if any, its `data:` text, and the line its
/// data started on.
pub(crate) struct Event {
    name: Option<String>,
    data: String,
    line: usize,
}

impl Event {
    /// The data as JSON; the error names the line it started on.
    fn json(&self) -> Result<Value, ReplyError> {
        serde_json::from_str(&self.data).map_err(|e| json_error(&e, self.line.saturating_sub(1)))
    }
}

/// A stream being decoded: unknown until its first event with data tells the API.
enum Stream {
    Unknown,
    Anthropic(anthropic::Stream),
    Chat(chat::Stream),
    Responses(responses::Stream),
    Gemini(gemini::Stream),
}

/// What a stream's events are called when they fit no API.
const UNKNOWN_EVENT: &str = "a stream event of no known provider's form: expected Anthropic \
     message events, chat.completion.chunk data, response.* events or Gemini chunks";

impl Stream {
    fn event(&mut self, event: Event, b: &mut Builder) -> Result<(), ReplyError> {
        if event.data == chat::DONE {
            return match self {
                Stream::Chat(s) => s.done(b),
                _ => Err(ReplyError::Malformed {
                    line: event.line,
                    column: 1,
                    reason: format!("'{}' ends only a chat completions stream", chat::DONE),
                }),
            };
        }
        let v = event.json()?;
        if let Some(e) = error_in(&v, self.shape()) {
            return Err(e);
        }
        if let Stream::Unknown = self {
            *self = Stream::detect(&event, &v).ok_or_else(|| ReplyError::Malformed {
                line: event.line,
                column: 1,
                reason: UNKNOWN_EVENT.into(),
            })?;
            b.reply.shape = self.shape().unwrap_or(Shape::OpenAi);
        }
        let decoded = match self {
            Stream::Unknown => Ok(()),
            Stream::Anthropic(s) => s.event(v, b),
            Stream::Chat(s) => s.event(v, b),
            Stream::Responses(s) => s.event(v, b),
            Stream::Gemini(s) => s.event(v, b),
        };
        decoded.map_err(|e| e.at(event.line))
    }

    /// The API the first event's name or fields show.
    fn detect(event: &Event, v: &Value) -> Option<Stream> {
        let kind = v.get("type").and_then(Value::as_str).unwrap_or_default();
        let name = event.name.as_deref().unwrap_or(kind);
        if anthropic::EVENTS.contains(&name) || anthropic::EVENTS.contains(&kind) {
            return Some(Stream::Anthropic(anthropic::Stream::default()));
        }
        if kind.starts_with(responses::EVENT_PREFIX) || name.starts_with(responses::EVENT_PREFIX) {
            return Some(Stream::Responses(responses::Stream));
        }
        if v.get("object").and_then(Value::as_str) == Some(chat::CHUNK) {
            return Some(Stream::Chat(chat::Stream::new(chat::shape(v))));
        }
        gemini::is_gemini(v).then_some(Stream::Gemini(gemini::Stream))
    }

    fn shape(&self) -> Option<Shape> {
        match self {
            Stream::Unknown => None,
            Stream::Anthropic(_) => Some(Shape::Anthropic),
            Stream::Chat(s) => Some(s.shape()),
            Stream::Responses(_) => Some(Shape::OpenAiResponses),
            Stream::Gemini(_) => Some(Shape::Gemini),
        }
    }

    /// The reply, once the stream has ended: an error unless its final event came.
    fn finish(self, mut b: Builder) -> Result<Reply, ReplyError> {
        let missing = match &self {
            Stream::Unknown => return Err(ReplyError::Empty),
            Stream::Anthropic(_) => anthropic::FINAL,
            Stream::Chat(_) => chat::FINAL,
            Stream::Responses(_) => responses::FINAL,
            Stream::Gemini(_) => gemini::FINAL,
        };
        if !b.done {
            return Err(ReplyError::Truncated {
                provider: self.shape().map_or(SOME_PROVIDER, Shape::name),
                missing,
            });
        }
        match self {
            Stream::Anthropic(s) => s.finish(&mut b)?,
            Stream::Chat(s) => s.finish(&mut b)?,
            Stream::Unknown | Stream::Responses(_) | Stream::Gemini(_) => {}
        }
        Ok(b.reply)
    }
}

/// A tool call's arguments, sent as JSON text (OpenAI's `arguments`, Anthropic's
/// streamed `partial_json`): an object, or `{}` for none.
fn arguments(text: &str, tool: &str) -> Result<Value, ReplyError> {
    if text.trim().is_empty() {
        return Ok(Value::Object(Default::default()));
    }
    serde_json::from_str(text).map_err(|e| {
        ReplyError::Unexpected(format!(
            "the arguments of tool call '{tool}' are not valid JSON: {e}"
        ))
    })
}

/// A serde type's `#[serde(default)]` field reading `null` as the default too (the SDKs'
/// optional fields arrive as `null` or not at all).
fn null_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_of_reads_a_whole_body_and_a_stream_alike() {
        let body = r#"{"type":"message","model":"m","content":[{"type":"text","text":"Hi"}],
            "usage":{"input_tokens":3,"output_tokens":1}}"#;
        let reply = text_of(body).unwrap();
        assert_eq!((reply.shape, reply.text.as_str()), (Shape::Anthropic, "Hi"));
        let stream = "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"H\"}]}}]}\n\n\
                      data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"i\"}]},\"finishReason\":\"STOP\"}]}\n\n";
        let reply = text_of(stream).unwrap();
        assert_eq!((reply.shape, reply.text.as_str()), (Shape::Gemini, "Hi"));
    }

    #[test]
    fn a_stream_hands_each_delta_on_as_it_comes() {
        let stream = "data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\n\n\
                      data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"b\"}}]}\n\n\
                      data: [DONE]\n\n";
        let mut seen = Vec::new();
        let reply = read(&mut stream.as_bytes(), &mut |d| {
            seen.push(d.to_string());
            Ok(())
        })
        .unwrap();
        assert_eq!(seen, ["a", "b"]);
        assert_eq!(reply.text, "ab");
    }

    #[test]
    fn a_blank_line_before_the_body_counts_in_error_positions() {
        match text_of("\n\n{\"type\": ").unwrap_err() {
            ReplyError::Malformed { line, .. } => assert_eq!(line, 3),
            e => panic!("{e}"),
        }
        assert!(matches!(text_of(" \n"), Err(ReplyError::Empty)));
        assert!(matches!(
            text_of("{\"object\": \"list\"}"),
            Err(ReplyError::Malformed { .. })
        ));
    }

    #[test]
    fn tool_arguments_that_are_not_json_are_an_error_not_a_panic() {
        let body = r#"{"object":"chat.completion","choices":[{"index":0,"message":{
            "tool_calls":[{"id":"c","function":{"name":"f","arguments":"{oops"}}]}}]}"#;
        assert!(matches!(text_of(body), Err(ReplyError::Malformed { .. })));
    }
}
