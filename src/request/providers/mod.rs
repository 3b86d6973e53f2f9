//! Encoders: the neutral message list (after `markers::place`) as one provider's request
//! body. Encoders only shape JSON; they read no files and make no layout decisions.
//!
//! Keys come out in alphabetical order (serde_json's default map), the same bytes on
//! every run, which byte-exact prompt caching needs.

pub mod anthropic;
pub mod gemini;
pub mod openai;
pub mod raw;
pub mod responses;

use std::fmt;
use std::str::FromStr;

use serde_json::{json, Value};

use super::assemble::Message;
use crate::tools::Tool;

/// How long a cache entry lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ttl {
    /// Five minutes, the provider default: the marker carries no `ttl` field, so the
    /// bytes are those every client sends.
    #[default]
    FiveMinutes,
    /// One hour: `"ttl": "1h"`.
    OneHour,
    /// Twelve hours: OpenAI's longer lifetime for explicit breakpoints (and Gemini's
    /// `--cache-create`); Anthropic's markers cannot ask for it.
    TwelveHours,
}

/// OpenAI's lifetimes for explicit breakpoints (`prompt_cache_options.ttl` and a
/// breakpoint's own `ttl`): the default, and the only other one.
pub const OPENAI_TTL_DEFAULT: &str = "30m";
pub const OPENAI_TTL_LONG: &str = "12h";

impl Ttl {
    /// The OpenAI lifetime that keeps an entry at least as long as asked: 30 minutes
    /// covers five, and an hour needs the 12-hour lifetime.
    pub fn openai(self) -> &'static str {
        match self {
            Ttl::FiveMinutes => OPENAI_TTL_DEFAULT,
            Ttl::OneHour | Ttl::TwelveHours => OPENAI_TTL_LONG,
        }
    }
}

impl std::str::FromStr for Ttl {
    type Err = String;
    fn from_str(s: &str) -> Result<Ttl, String> {
        match s {
            "5m" => Ok(Ttl::FiveMinutes),
            "1h" => Ok(Ttl::OneHour),
            "12h" => Ok(Ttl::TwelveHours),
            _ => Err(format!("unknown cache TTL '{s}'; expected 5m, 1h or 12h")),
        }
    }
}

/// The `--provider` names, for completions.
pub const PROVIDER_NAMES: &[&str] = &[
    "anthropic",
    "openai",
    "openai-responses",
    "openrouter",
    "gemini",
    "raw",
];

/// The `--cache-ttl` values, for completions.
pub const TTL_NAMES: &[&str] = &["5m", "1h", "12h"];

/// A request body shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    Anthropic,
    OpenAi,
    /// OpenAI's Responses API (`POST /v1/responses`).
    OpenAiResponses,
    OpenRouter,
    Gemini,
    Raw,
}

impl Provider {
    pub fn name(self) -> &'static str {
        match self {
            Provider::Anthropic => "anthropic",
            Provider::OpenAi => "openai",
            Provider::OpenAiResponses => "openai-responses",
            Provider::OpenRouter => "openrouter",
            Provider::Gemini => "gemini",
            Provider::Raw => "raw",
        }
    }
}

impl fmt::Display for Provider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Provider {
    type Err = String;
    fn from_str(s: &str) -> Result<Provider, String> {
        match s.to_ascii_lowercase().as_str() {
            "anthropic" => Ok(Provider::Anthropic),
            "openai" => Ok(Provider::OpenAi),
            "openai-responses" => Ok(Provider::OpenAiResponses),
            "openrouter" => Ok(Provider::OpenRouter),
            "gemini" => Ok(Provider::Gemini),
            "raw" => Ok(Provider::Raw),
            _ => Err(format!(
                "unknown provider '{s}'; expected anthropic, openai, openai-responses, \
                 openrouter, gemini or raw"
            )),
        }
    }
}

/// The role OpenAI-shaped requests give the system message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SystemRole {
    #[default]
    System,
    /// o1 and later models call it `developer`.
    Developer,
}

/// Request-level settings the encoders need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub model: String,
    /// `--max-tokens`; `None` leaves the field out where the API allows that.
    pub max_tokens: Option<u64>,
    /// Used where the API requires a limit (Anthropic): the model's output limit, capped
    /// without streaming (`ModelInfo::default_max_tokens`).
    pub default_max_tokens: u64,
    pub stream: bool,
    pub ttl: Ttl,
    pub system_role: SystemRole,
    pub prompt_cache_key: Option<String>,
    /// The model takes explicit cache breakpoints (OpenAI's GPT-5.6 and later): OpenAI
    /// bodies mark the cached tiers as Anthropic bodies do.
    pub breakpoints: bool,
    /// Gemini's explicit caching: what the body is.
    pub gemini_cache: GeminiCache,
    /// The tool definitions the body carries (`--tools`), in order; each encoder writes
    /// them in its provider's shape, ahead of the system prompt in the cached prefix.
    pub tools: Vec<Tool>,
}

/// Which body Gemini's explicit caching asks for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum GeminiCache {
    /// The `generateContent` request, all of it.
    #[default]
    Off,
    /// The `cachedContents` create body: the system instruction and the cached tiers, kept
    /// for `ttl_seconds`.
    Create { ttl_seconds: u64 },
    /// The `generateContent` request that names the entry and leaves out what it holds.
    Use(String),
}

impl GeminiCache {
    /// The body Gemini's explicit caching asks for: `--cached-content NAME` uses an
    /// entry, `--cache-create` makes one (kept an hour unless `cache_ttl` says otherwise).
    /// Refused for another provider, and for a model that has no explicit caching.
    pub fn asked(
        create: bool,
        cached_content: Option<&str>,
        cache_ttl: Option<&str>,
        provider: Provider,
        model: &crate::model::ModelInfo,
        model_name: &str,
    ) -> Result<GeminiCache, String> {
        let asked = create || cached_content.is_some();
        if asked && provider != Provider::Gemini {
            return Err(format!(
                "--cache-create and --cached-content make Gemini bodies (explicit caching); \
                 this request is for {provider} (use --provider gemini or a Gemini model)"
            ));
        }
        if asked && !model.cached_contents {
            return Err(format!(
                "--cache-create and --cached-content use Gemini's explicit caching, which \
                 {model_name} does not offer (Gemini 4 Argon and later cache implicitly \
                 only); drop them: repeated prefixes are cached by themselves"
            ));
        }
        Ok(match (cached_content, create) {
            (Some(name), _) => GeminiCache::Use(name.to_string()),
            (None, true) => GeminiCache::Create {
                ttl_seconds: entry_lifetime(cache_ttl),
            },
            (None, false) => GeminiCache::Off,
        })
    }
}

impl GeminiCache {
    /// The lifetime, in seconds, of the entry this body makes, or for another body of
    /// the entry the next `--cache-create` makes without `--cache-ttl` (an hour).
    pub fn entry_seconds(&self) -> u64 {
        match self {
            GeminiCache::Create { ttl_seconds } => *ttl_seconds,
            _ => entry_lifetime(None),
        }
    }
}

/// An entry's lifetime in seconds: an hour unless `--cache-ttl` asks for another.
fn entry_lifetime(cache_ttl: Option<&str>) -> u64 {
    match cache_ttl {
        Some("5m") => 300,
        Some("12h") => 12 * 3600,
        _ => 3600,
    }
}

/// Encodes `messages` for `provider`. Fails only for content the provider cannot carry
/// (a `tool_use` block from the history sent to Gemini, say).
pub fn encode(provider: Provider, messages: &[Message], opts: &Options) -> Result<Value, String> {
    check_ttl(provider, opts)?;
    match provider {
        Provider::Anthropic => Ok(anthropic::encode(messages, opts)),
        Provider::OpenAi => openai::encode(messages, opts, false),
        Provider::OpenAiResponses => responses::encode(messages, opts),
        Provider::OpenRouter => openai::encode(messages, opts, true),
        Provider::Gemini => gemini::encode(messages, opts),
        Provider::Raw => raw::encode(messages, opts),
    }
}

/// Whether `provider`'s body can keep entries as long as `opts.ttl` asks: 12 hours only
/// where OpenAI's explicit breakpoints carry the lifetime, or Gemini makes the entry;
/// Anthropic's markers, and OpenRouter's, which it forwards, take 5 minutes or an hour.
fn check_ttl(provider: Provider, opts: &Options) -> Result<(), String> {
    let openai = matches!(provider, Provider::OpenAi | Provider::OpenAiResponses);
    if opts.ttl != Ttl::TwelveHours || openai && opts.breakpoints || provider == Provider::Gemini {
        return Ok(());
    }
    Err(format!(
        "--cache-ttl 12h: {provider} bodies for {} cannot keep a cache entry for 12 hours \
         (only OpenAI's models with explicit breakpoints, GPT-5.6 and later, with --provider \
         openai or openai-responses, and Gemini's --cache-create can); use 5m or 1h",
        opts.model
    ))
}

/// The `cache_control` object: `ttl` only for one hour, since five minutes is the
/// default and leaving it out keeps the bytes every other client sends. `check_ttl`
/// refuses 12 hours before a body is made.
pub fn cache_control(ttl: Ttl) -> Value {
    match ttl {
        Ttl::FiveMinutes => json!({"type": "ephemeral"}),
        Ttl::OneHour | Ttl::TwelveHours => json!({"type": "ephemeral", "ttl": "1h"}),
    }
}

/// Index of the last part an OpenAI breakpoint can end: text (not empty) or an image.
/// Tool blocks become items of their own, which take none.
pub(crate) fn last_part(message: &Message) -> Option<usize> {
    message.content.iter().rposition(|b| match b {
        super::assemble::Block::Text(t) => !t.is_empty(),
        super::assemble::Block::Image { .. } => true,
        super::assemble::Block::Other(_) => false,
    })
}

/// Index of the last non-empty text block: where OpenRouter, which forwards markers on
/// text parts only, puts a message's marker.
pub(crate) fn last_text(message: &Message) -> Option<usize> {
    message
        .content
        .iter()
        .rposition(|b| matches!(b, super::assemble::Block::Text(t) if !t.is_empty()))
}

/// Block types Anthropic refuses a `cache_control` on: thinking blocks are cached only as
/// part of the assistant turn around them.
const UNMARKABLE: [&str; 2] = ["thinking", "redacted_thinking"];

/// Whether a block can carry a marker in an Anthropic body: text (not empty, which the
/// API rejects anyway), images, `tool_use`, `tool_result` and other content blocks.
pub(crate) fn markable(block: &super::assemble::Block) -> bool {
    use super::assemble::Block;
    match block {
        Block::Text(t) => !t.is_empty(),
        Block::Image { .. } => true,
        Block::Other(v) => {
            let kind = v.get("type").and_then(Value::as_str).unwrap_or("");
            let empty_text = kind == "text" && field(v, "text").is_empty();
            !(UNMARKABLE.contains(&kind) || empty_text)
        }
    }
}

/// Index of the last block that can carry the marker, whatever its type: a tier whose
/// last message holds only tool calls or results is cached too.
pub(crate) fn last_markable(message: &Message) -> Option<usize> {
    message.content.iter().rposition(markable)
}

/// Whether `provider`'s body carries the marker `markers::place` set on `message`. Gemini
/// bodies carry none, nor do OpenAI bodies for a model without explicit breakpoints
/// (`breakpoints`): those cache prefixes by themselves.
pub fn carries_marker(provider: Provider, breakpoints: bool, message: &Message) -> bool {
    message.cache
        && match provider {
            Provider::Anthropic | Provider::Raw => last_markable(message).is_some(),
            Provider::OpenRouter => last_text(message).is_some(),
            Provider::OpenAi | Provider::OpenAiResponses => {
                breakpoints && last_part(message).is_some()
            }
            Provider::Gemini => false,
        }
}

/// A tool's `name`, its `description` (left out when it has none) and its input schema
/// under `schema_key`, the provider's name for it: the fields every shape shares.
pub(crate) fn tool_fields(tool: &Tool, schema_key: &str) -> serde_json::Map<String, Value> {
    let mut fields = serde_json::Map::new();
    fields.insert("name".into(), json!(tool.name));
    if !tool.description.is_empty() {
        fields.insert("description".into(), json!(tool.description));
    }
    fields.insert(schema_key.into(), tool.schema.clone());
    fields
}

/// A block type the provider cannot send.
pub(crate) fn unsupported(provider: Provider, index: usize, block: &Value) -> String {
    let kind = block.get("type").and_then(Value::as_str).unwrap_or("?");
    format!(
        "request message {index}: a '{kind}' block (from the history) cannot be sent to \
         {provider}; use --provider anthropic or raw, or remove it from the history"
    )
}

/// Merges consecutive messages of the same role (`role`, `content` array objects), for
/// APIs that want turns to alternate.
pub(crate) fn merge_turns(turns: Vec<(String, Vec<Value>)>) -> Vec<(String, Vec<Value>)> {
    let mut out: Vec<(String, Vec<Value>)> = Vec::new();
    for (role, blocks) in turns {
        match out.last_mut() {
            Some((last, acc)) if *last == role => acc.extend(blocks),
            _ => out.push((role, blocks)),
        }
    }
    out
}

/// A history block's `type`, for `Other` blocks.
pub(crate) fn block_type(block: &super::assemble::Block) -> Option<&str> {
    match block {
        super::assemble::Block::Other(v) => v.get("type").and_then(Value::as_str),
        _ => None,
    }
}

/// Whether a block is a `tool_use` or `tool_result`.
pub(crate) fn is_tool(block: &super::assemble::Block) -> bool {
    matches!(block_type(block), Some("tool_use" | "tool_result"))
}

/// A tool result's content as text: a string as is, text blocks joined by newlines.
pub(crate) fn tool_result_text(block: &Value) -> String {
    match block.get("content") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n"),
        None | Some(Value::Null) => String::new(),
        Some(other) => other.to_string(),
    }
}

/// A block's string field, or "".
pub(crate) fn field<'a>(block: &'a Value, key: &str) -> &'a str {
    block.get(key).and_then(Value::as_str).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ttl_parses() {
        assert_eq!("1h".parse::<Ttl>(), Ok(Ttl::OneHour));
        assert_eq!("12h".parse::<Ttl>(), Ok(Ttl::TwelveHours));
        assert!("2h".parse::<Ttl>().is_err());
    }

    /// OpenAI keeps entries 30 minutes or 12 hours: never shorter than asked.
    #[test]
    fn openai_lifetimes_are_at_least_the_one_asked() {
        assert_eq!(Ttl::FiveMinutes.openai(), "30m");
        assert_eq!(Ttl::OneHour.openai(), "12h");
        assert_eq!(Ttl::TwelveHours.openai(), "12h");
    }
}
