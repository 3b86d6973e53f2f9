//! The provider cache model: from a request body as it is sent, and what the session's
//! earlier requests left in the provider's cache, the tokens a provider reads from cache,
//! writes to it and processes uncached, and the price relative to no caching.
//!
//! - **Breakpoints** (Anthropic, and OpenRouter or raw bodies for Claude models): each
//!   `cache_control` marker writes a cache entry for the prefix through its block (if the
//!   prefix holds the model's minimum). A request reads the longest prefix that ends at a
//!   block boundary within the 20 blocks before one of its markers (the marker's own block
//!   first) and equals an entry an earlier request of the session wrote. It is billed
//!   reads up to that point, writes from there to its last marker, the rest uncached.
//! - **Explicit** (OpenAI's GPT-5.6 and later, `cache_breakpoints` in models.yaml): each
//!   `prompt_cache_breakpoint` writes an entry for the prefix through its block, and a
//!   request reads the longest of its prefixes that ends exactly where one of the
//!   session's latest 80 breakpoints ended, wherever that is in the request: "OpenAI
//!   considers up to the latest 80 breakpoints in the conversation, without a
//!   content-block lookback limit" (`PromptCacheOptions` in the openai SDK 3.63.0, and
//!   OpenAI's prompt caching guide). Billed like breakpoints.
//! - **Prefix** (OpenAI, Gemini, other OpenRouter models): the provider caches on its
//!   own; a request reads the prefix it shares with the session's previous request, from
//!   the model's minimum up in steps of 128 tokens, and writes nothing billable.
//!
//! A block is a content block (`system` text blocks, a message's content, an OpenAI tool
//! call, a Gemini part); a plain-string content is one text block, and `cache_control`
//! is not part of a block's identity. Tokens are counted with the request's tokenizer.
//! The session remembers hashes of prefixes only ([`Memory`]), never bodies.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::tokens::Tokenizer;

/// How far back from a marker Anthropic looks for an earlier cache entry, in blocks,
/// counting the marker's own block.
pub const LOOKBACK_BLOCKS: usize = 20;

/// OpenAI's cache hits grow in steps of this many tokens.
pub const PREFIX_STEP: usize = 128;

/// How many cache entries a session remembers (the oldest are forgotten first); for the
/// explicit rule, the breakpoints OpenAI matches against.
pub const MAX_ENTRIES: usize = 64;
pub const MAX_EXPLICIT_ENTRIES: usize = 80;

/// How many outcomes of the moving marker the session remembers.
pub const MOVING_HISTORY: usize = 8;

/// How a provider reuses a cached prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    Breakpoints,
    Explicit,
    Prefix,
}

impl Rule {
    /// The rule for a body sent to `provider` (a provider name as `--provider` takes)
    /// for `model`; `explicit` when the model takes explicit breakpoints.
    pub fn for_provider(provider: &str, model: &str, explicit: bool) -> Rule {
        match provider {
            "anthropic" | "raw" => Rule::Breakpoints,
            "openrouter" if model.starts_with("anthropic/") => Rule::Breakpoints,
            // OpenRouter turns the markers into OpenAI's breakpoints for GPT-5.6 and later.
            "openai" | "openai-responses" | "openrouter" if explicit => Rule::Explicit,
            _ => Rule::Prefix,
        }
    }

    /// Whether bodies carry markers that write the cache entries (the others cache on
    /// their own).
    pub fn marks(self) -> bool {
        self != Rule::Prefix
    }

    /// How many blocks back from a marker, counting its own, a read may end: OpenAI's
    /// explicit breakpoints have no limit, so a read may end at any block.
    pub fn lookback(self) -> usize {
        match self {
            Rule::Breakpoints => LOOKBACK_BLOCKS,
            Rule::Explicit | Rule::Prefix => usize::MAX,
        }
    }

    /// How many entries the provider matches against.
    fn entries(self) -> usize {
        match self {
            Rule::Explicit => MAX_EXPLICIT_ENTRIES,
            _ => MAX_ENTRIES,
        }
    }
}

pub use crate::model::Prices;

/// Where one content block of a body ends, as the cache sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockEnd {
    /// Hash of the prefix through this block (16 hex digits).
    pub hash: String,
    /// Tokens from the start of the body through this block (0 when not counted).
    pub through: usize,
    /// Whether the block carries `cache_control`.
    pub marker: bool,
}

/// A body seen as the cache sees it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Shape {
    pub blocks: Vec<BlockEnd>,
    /// Prefix rule: hashes of the token prefix at `start`, `start + 128`, ….
    pub steps: Vec<String>,
    pub start: usize,
    pub total: usize,
}

/// What a session remembers of its requests for the cache model.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Memory {
    /// The model (caches are per model).
    pub model: String,
    /// Breakpoints: prefix hashes of the entries written, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<String>,
    /// Prefix: the previous request's step hashes, from `start` tokens.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<String>,
    #[serde(default)]
    pub start: usize,
    /// The prefix hash the last moving marker wrote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moving: Option<String>,
    /// Whether each recent moving marker was read by the request after it, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moving_reads: Vec<bool>,
    /// The id the last request's prompt message would have in the history
    /// (`assemble::prompt_hash`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
}

/// The prediction for one request.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Prediction {
    pub rule: Rule,
    pub input_tokens: usize,
    pub read: usize,
    pub written: usize,
    pub uncached: usize,
    /// Price relative to the same request with no caching (1.0).
    pub relative_cost: f64,
    /// Breakpoints: the block index the read ends at.
    #[serde(skip)]
    pub read_block: Option<usize>,
}

fn short_hash(hasher: &Sha256) -> String {
    let digest = hasher.clone().finalize();
    crate::digest::hex(&digest[..8])
}

fn push(hasher: &mut Sha256, part: &[u8]) {
    // Length first, so ("ab","c") and ("a","bc") hash differently.
    hasher.update((part.len() as u64).to_le_bytes());
    hasher.update(part);
}

/// A body's messages as `(role, blocks)`, in the order the provider reads them.
fn messages(body: &Value) -> Vec<(String, Vec<Value>)> {
    fn as_blocks(v: &Value) -> Vec<Value> {
        match v {
            Value::String(s) => vec![serde_json::json!({"type": "text", "text": s})],
            Value::Array(a) => a.clone(),
            _ => Vec::new(),
        }
    }
    let mut out = Vec::new();
    // Tool definitions open every provider's cached prefix (Anthropic's order is tools,
    // system, messages): changed tools are a changed L0, and nothing after them is read.
    if let Some(tools) = body.get("tools").and_then(Value::as_array) {
        out.push(("tools".to_string(), tools.clone()));
    }
    if let Some(system) = body.get("system") {
        out.push(("system".to_string(), as_blocks(system)));
    }
    if let Some(parts) = body.pointer("/systemInstruction/parts") {
        out.push(("system".to_string(), as_blocks(parts)));
    }
    for key in ["messages", "contents"] {
        for m in body
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let role = m.get("role").and_then(Value::as_str).unwrap_or("");
            let mut blocks = as_blocks(m.get("content").unwrap_or(&Value::Null));
            blocks.extend(as_blocks(m.get("parts").unwrap_or(&Value::Null)));
            // OpenAI's tool calls and a tool message's id are part of the prefix too.
            if let Value::Object(fields) = m {
                let rest: serde_json::Map<String, Value> = fields
                    .iter()
                    .filter(|(k, _)| !matches!(k.as_str(), "role" | "content" | "parts"))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                if !rest.is_empty() {
                    blocks.push(Value::Object(rest));
                }
            }
            out.push((role.to_string(), blocks));
        }
    }
    // The Responses API: messages are items with a role; a function call or its output
    // is an item of its own.
    for item in body
        .get("input")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        match item.get("role").and_then(Value::as_str) {
            Some(role) => out.push((role.to_string(), as_blocks(&item["content"]))),
            None => out.push((field_str(item, "type"), vec![item.clone()])),
        }
    }
    out
}

fn field_str(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

/// The fields that mark a block, Anthropic's and OpenAI's: not part of its identity.
const MARKER_FIELDS: [&str; 2] = ["cache_control", "prompt_cache_breakpoint"];

/// A block without its marker, and whether it had one.
fn unmarked(block: &Value) -> (Value, bool) {
    let mut b = block.clone();
    let marker = b.as_object_mut().is_some_and(|o| {
        // Every field is removed, whichever are there.
        MARKER_FIELDS
            .map(|key| o.remove(key).is_some())
            .contains(&true)
    });
    (b, marker)
}

fn is_image(block: &Value) -> bool {
    let kind = block.get("type").and_then(Value::as_str);
    matches!(kind, Some("image" | "image_url")) || block.get("inline_data").is_some()
}

/// The text a block's tokens are counted on: its `text`, else its JSON; `None` for an
/// image (priced by size, not counted).
fn token_text(block: &Value) -> Option<String> {
    if is_image(block) {
        return None;
    }
    Some(match block.get("text").and_then(Value::as_str) {
        Some(t) => t.to_string(),
        None => block.to_string(),
    })
}

impl Shape {
    /// Reads `body`. `count` false skips token counting (the hashes are all a session
    /// needs to remember); `prefix_start` is where the prefix rule's steps start (the
    /// model's minimum), or `None` for the breakpoints rule.
    pub fn of(
        body: &Value,
        tokenizer: Tokenizer,
        count: bool,
        prefix_start: Option<usize>,
    ) -> Shape {
        let mut shape = Shape {
            start: prefix_start.unwrap_or(0).max(1),
            ..Shape::default()
        };
        let mut blocks_hash = Sha256::new();
        let mut tokens_hash = Sha256::new();
        let mut next_step = shape.start;
        for (role, blocks) in messages(body) {
            let mut first = true;
            for block in blocks {
                let (block, marker) = unmarked(&block);
                let text = token_text(&block);
                if std::mem::take(&mut first) {
                    push(&mut blocks_hash, format!("role:{role}").as_bytes());
                    push(&mut tokens_hash, format!("role:{role}").as_bytes());
                }
                push(&mut blocks_hash, block.to_string().as_bytes());
                if prefix_start.is_some() {
                    match &text {
                        None => push(&mut tokens_hash, block.to_string().as_bytes()),
                        Some(t) => {
                            for id in tokenizer.encode(t) {
                                tokens_hash.update(id.to_le_bytes());
                                shape.total += 1;
                                if shape.total == next_step {
                                    shape.steps.push(short_hash(&tokens_hash));
                                    next_step += PREFIX_STEP;
                                }
                            }
                        }
                    }
                } else if count {
                    shape.total += text.map_or(0, |t| tokenizer.count(&t));
                }
                shape.blocks.push(BlockEnd {
                    hash: short_hash(&blocks_hash),
                    through: shape.total,
                    marker,
                });
            }
        }
        shape
    }
}

/// The block index up to which a request that marks its blocks reads from `memory`'s
/// entries, looking back `lookback` blocks from each marker (`usize::MAX`: from its last
/// block, through the whole request).
fn read_point(shape: &Shape, memory: &Memory, lookback: usize) -> Option<usize> {
    let last = shape.blocks.len().checked_sub(1)?;
    shape
        .blocks
        .iter()
        .enumerate()
        .filter(|(i, b)| b.marker || (lookback == usize::MAX && *i == last))
        .filter_map(|(m, _)| {
            (m.saturating_sub(lookback.saturating_sub(1))..=m)
                .rev()
                .find(|i| memory.entries.contains(&shape.blocks[*i].hash))
        })
        .max()
}

/// Predicts one request's cache use after `memory` (none: the session's first).
pub fn predict(
    rule: Rule,
    shape: &Shape,
    memory: Option<&Memory>,
    model: &str,
    min_tokens: u64,
    write_percent: u32,
    read_percent: u32,
) -> Prediction {
    let memory = memory.filter(|m| m.model == model);
    let total = shape.total;
    let (read, written, read_block) = match rule {
        Rule::Breakpoints | Rule::Explicit => {
            let read_block = memory.and_then(|m| read_point(shape, m, rule.lookback()));
            let read = read_block.map_or(0, |i| shape.blocks[i].through);
            let last = shape
                .blocks
                .iter()
                .filter(|b| b.marker && b.through as u64 >= min_tokens)
                .map(|b| b.through)
                .max()
                .unwrap_or(0);
            (read, last.saturating_sub(read), read_block)
        }
        Rule::Prefix => {
            let shared = memory.filter(|m| m.start == shape.start).map_or(0, |m| {
                m.steps
                    .iter()
                    .zip(&shape.steps)
                    .take_while(|(a, b)| a == b)
                    .count()
            });
            let read = match shared {
                0 => 0,
                n => shape.start + (n - 1) * PREFIX_STEP,
            };
            (read, 0, None)
        }
    };
    let uncached = total.saturating_sub(read + written);
    let cost = if total == 0 {
        1.0
    } else {
        (read as f64 * read_percent as f64 + written as f64 * write_percent as f64)
            / 100.0
            / total as f64
            + uncached as f64 / total as f64
    };
    Prediction {
        rule,
        input_tokens: total,
        read,
        written,
        uncached,
        relative_cost: cost,
        read_block,
    }
}

/// Whether the moving marker should go on the message before the prompt: it costs a
/// write (1.25× on Anthropic) of the active content and pays when the next request reads it (0.1×), so
/// it is worth it when at least one in four is read. The session's record decides; with
/// fewer than two outcomes known it is tried (each request without it forgets the oldest
/// outcome, so it is tried again now and then).
pub fn moving_marker_pays(memory: Option<&Memory>) -> bool {
    let Some(outcomes) = memory.map(|m| &m.moving_reads) else {
        return true;
    };
    if outcomes.len() < 2 {
        return true;
    }
    let reads = outcomes.iter().filter(|r| **r).count();
    reads * 4 >= outcomes.len()
}

/// What the session remembers after sending a request of `shape`: the entries its
/// markers wrote (breakpoints) or its step hashes (prefix), and, when its last block
/// carries a moving marker (`moving`), that marker's entry.
pub fn remember(
    memory: Option<Memory>,
    rule: Rule,
    shape: &Shape,
    model: &str,
    moving: bool,
) -> Memory {
    let mut m = memory
        .filter(|m| m.model == model)
        .unwrap_or_else(|| Memory {
            model: model.to_string(),
            ..Memory::default()
        });
    match rule {
        Rule::Breakpoints | Rule::Explicit => {
            if let Some(hash) = m.moving.take() {
                let read = read_point(shape, &m, rule.lookback()).map(|i| &shape.blocks[i].hash);
                m.moving_reads.push(read == Some(&hash));
                let excess = m.moving_reads.len().saturating_sub(MOVING_HISTORY);
                m.moving_reads.drain(..excess);
            }
            for b in shape.blocks.iter().filter(|b| b.marker) {
                m.entries.retain(|e| *e != b.hash);
                m.entries.push(b.hash.clone());
            }
            let excess = m.entries.len().saturating_sub(rule.entries());
            m.entries.drain(..excess);
            if moving {
                // The moving marker is the request's last marker.
                m.moving = shape
                    .blocks
                    .iter()
                    .rev()
                    .find(|b| b.marker)
                    .map(|b| b.hash.clone());
            } else if !m.moving_reads.is_empty() {
                // Without the marker nothing new is learnt: forget the oldest outcome, so
                // a session that stopped it tries it again after a few requests.
                m.moving_reads.remove(0);
            }
            m.steps.clear();
        }
        Rule::Prefix => {
            m.entries.clear();
            m.steps = shape.steps.clone();
            m.start = shape.start;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn text(t: &str, marker: bool) -> Value {
        let mut b = json!({"type": "text", "text": t});
        if marker {
            b["cache_control"] = json!({"type": "ephemeral"});
        }
        b
    }

    fn anthropic(system: &str, turns: &[(&str, Vec<Value>)]) -> Value {
        json!({
            "system": [text(system, true)],
            "messages": turns.iter().map(|(r, c)| json!({"role": r, "content": c})).collect::<Vec<_>>(),
        })
    }

    fn word(n: usize, w: &str) -> String {
        format!("{w} ").repeat(n)
    }

    fn shape(body: &Value) -> Shape {
        Shape::of(body, Tokenizer::O200k, true, None)
    }

    fn predict_b(s: &Shape, m: Option<&Memory>, min: u64) -> Prediction {
        predict(Rule::Breakpoints, s, m, "claude", min, 125, 10)
    }

    fn count(t: &str) -> usize {
        Tokenizer::O200k.count(t)
    }

    #[test]
    fn breakpoints_read_the_longest_written_prefix() {
        let (sys, a, b) = (word(1000, "sys"), word(500, "a"), word(100, "b"));
        let first = anthropic(&sys, &[("user", vec![text(&a, true)])]);
        let s1 = shape(&first);
        let p1 = predict_b(&s1, None, 1024);
        let head = count(&sys) + count(&a);
        assert_eq!((p1.read, p1.written, p1.uncached), (0, head, 0));
        assert!((p1.relative_cost - 1.25).abs() < 1e-9);
        let m = remember(None, Rule::Breakpoints, &s1, "claude", false);
        assert_eq!(m.entries.len(), 2);
        // The same prefix plus a new message: reads it, writes the new part.
        let second = anthropic(
            &sys,
            &[
                ("user", vec![text(&a, false)]),
                ("assistant", vec![text(&b, true)]),
                ("user", vec![text("now", false)]),
            ],
        );
        let p2 = predict_b(&shape(&second), Some(&m), 1024);
        assert_eq!((p2.read, p2.written, p2.uncached), (head, count(&b), 1));
        let expect =
            (head as f64 * 0.1 + count(&b) as f64 * 1.25 + 1.0) / (head + count(&b) + 1) as f64;
        assert!((p2.relative_cost - expect).abs() < 1e-9);
        // A changed system block: nothing read (the earlier entries no longer match).
        let third = anthropic(&word(1000, "other"), &[("user", vec![text("x", true)])]);
        assert_eq!(predict_b(&shape(&third), Some(&m), 1024).read, 0);
        // Another model's cache is not this one's.
        let p = predict(
            Rule::Breakpoints,
            &shape(&second),
            Some(&m),
            "other",
            1024,
            125,
            10,
        );
        assert_eq!(p.read, 0);
    }

    #[test]
    fn breakpoints_look_back_twenty_blocks_only() {
        let sys = word(2000, "sys");
        let written = anthropic(&sys, &[("user", vec![text("first", false)])]);
        let m = remember(None, Rule::Breakpoints, &shape(&written), "claude", false);
        assert_eq!(m.entries.len(), 1);
        // n user blocks after an unmarked system block, the marker on the last.
        let many = |n: usize| -> Value {
            let mut blocks: Vec<Value> = (0..n).map(|i| text(&format!("b{i}"), false)).collect();
            blocks.last_mut().unwrap()["cache_control"] = json!({"type": "ephemeral"});
            json!({"system": [text(&sys, false)], "messages": [{"role": "user", "content": blocks}]})
        };
        // The marker is block 19: the system block is the 20th counting it.
        assert_eq!(predict_b(&shape(&many(19)), Some(&m), 0).read, count(&sys));
        assert_eq!(predict_b(&shape(&many(20)), Some(&m), 0).read, 0);
    }

    fn openai(parts: &[&str]) -> Value {
        json!({"messages": parts.iter().map(|p| json!({"role": "user", "content": p})).collect::<Vec<_>>()})
    }

    #[test]
    fn prefix_rule_reads_the_shared_prefix_in_steps() {
        let head = word(1500, "head");
        let shared = count(&head);
        let s1 = Shape::of(
            &openai(&[&head, "tail one"]),
            Tokenizer::O200k,
            true,
            Some(1024),
        );
        let m = remember(None, Rule::Prefix, &s1, "gpt-4o", false);
        let s2 = Shape::of(
            &openai(&[&head, "tail two"]),
            Tokenizer::O200k,
            true,
            Some(1024),
        );
        let p = predict(Rule::Prefix, &s2, Some(&m), "gpt-4o", 1024, 100, 50);
        // The shared head, rounded down to 1024 + k × 128.
        let read = 1024 + (shared - 1024) / 128 * 128;
        assert_eq!((p.read, p.written), (read, 0));
        assert_eq!(p.uncached, s2.total - read);
        let expect = (read as f64 * 0.5 + (s2.total - read) as f64) / s2.total as f64;
        assert!((p.relative_cost - expect).abs() < 1e-9);
        // Under the minimum nothing is cached.
        let small = Shape::of(&openai(&["hi"]), Tokenizer::O200k, true, Some(1024));
        let m = remember(None, Rule::Prefix, &small, "gpt-4o", false);
        let p = predict(Rule::Prefix, &small, Some(&m), "gpt-4o", 1024, 100, 50);
        assert_eq!(p.read, 0);
    }

    #[test]
    fn gemini_bodies_use_their_minimum() {
        let sys = word(5000, "sys");
        let body = |t: &str| {
            json!({"systemInstruction": {"parts": [{"text": sys}]},
                   "contents": [{"role": "user", "parts": [{"text": t}]}]})
        };
        let s1 = Shape::of(&body("a"), Tokenizer::O200k, true, Some(4096));
        let m = remember(None, Rule::Prefix, &s1, "gemini-2.5-pro", false);
        let s2 = Shape::of(&body("b"), Tokenizer::O200k, true, Some(4096));
        let p = predict(Rule::Prefix, &s2, Some(&m), "gemini-2.5-pro", 4096, 100, 25);
        let shared = count(&sys);
        assert!(shared > 4096);
        assert_eq!(p.read, 4096 + (shared - 4096) / 128 * 128);
    }

    #[test]
    fn the_moving_marker_is_kept_while_it_pays() {
        assert!(moving_marker_pays(None));
        let mut m = Memory {
            moving_reads: vec![false; 5],
            ..Memory::default()
        };
        assert!(!moving_marker_pays(Some(&m)));
        m.moving_reads = vec![false, true, false, false];
        assert!(moving_marker_pays(Some(&m)));
    }

    #[test]
    fn a_dropped_moving_marker_is_tried_again() {
        let body = anthropic(&word(2000, "sys"), &[("user", vec![text("x", false)])]);
        let s = shape(&body);
        let mut m = Some(Memory {
            model: "claude".into(),
            moving_reads: vec![false; 4],
            ..Memory::default()
        });
        let mut tries = 0;
        while !moving_marker_pays(m.as_ref()) {
            m = Some(remember(m, Rule::Breakpoints, &s, "claude", false));
            tries += 1;
        }
        assert_eq!(tries, 3);
    }

    #[test]
    fn markers_are_not_part_of_a_block() {
        let a = shape(&anthropic("s", &[("user", vec![text("x", true)])]));
        let b = shape(&json!({"system": "s", "messages": [{"role": "user", "content": "x"}]}));
        assert_eq!(a.blocks.last().unwrap().hash, b.blocks.last().unwrap().hash);
    }

    #[test]
    fn rules_by_provider() {
        let rule = |provider, model, explicit| Rule::for_provider(provider, model, explicit);
        assert_eq!(rule("anthropic", "claude-x", false), Rule::Breakpoints);
        assert_eq!(
            rule("openrouter", "anthropic/claude-x", false),
            Rule::Breakpoints
        );
        assert_eq!(rule("openrouter", "openai/gpt-5.4", false), Rule::Prefix);
        assert_eq!(rule("gemini", "gemini-2.5-pro", false), Rule::Prefix);
        assert_eq!(rule("openai", "gpt-5.4", false), Rule::Prefix);
        assert_eq!(rule("openai", "gpt-5.6-terra", true), Rule::Explicit);
        assert_eq!(
            rule("openrouter", "openai/gpt-5.6-terra", true),
            Rule::Explicit
        );
    }

    /// Explicit breakpoints have no lookback limit: an entry 30 blocks before the
    /// request's only breakpoint is read, where Anthropic's 20-block lookback would not
    /// reach it. A read still ends exactly where an earlier breakpoint ended.
    #[test]
    fn explicit_breakpoints_read_any_earlier_breakpoint() {
        // An OpenAI body: one user message of parts, `marked` the ones with a breakpoint.
        let body = |n: usize, marked: &[usize]| {
            let parts: Vec<Value> = (0..n)
                .map(|i| {
                    let mut p = json!({"type": "text", "text": word(20, &format!("w{i}"))});
                    if marked.contains(&i) {
                        p["prompt_cache_breakpoint"] = json!({"mode": "explicit"});
                    }
                    p
                })
                .collect();
            json!({"messages": [{"role": "user", "content": parts}]})
        };
        let s1 = shape(&body(2, &[1]));
        let s2 = shape(&body(32, &[31]));
        for (rule, read) in [
            (Rule::Breakpoints, 0),
            (Rule::Explicit, s2.blocks[1].through),
        ] {
            let m = remember(None, rule, &s1, "m", false);
            assert_eq!(
                predict(rule, &s2, Some(&m), "m", 0, 125, 10).read,
                read,
                "{rule:?}"
            );
        }
        // Not part-way: an entry through block 1 is not read by a request that shares
        // only block 0 with it.
        let m = remember(None, Rule::Explicit, &shape(&body(2, &[1])), "m", false);
        let other = json!({"messages": [{"role": "user", "content": [
            {"type": "text", "text": word(20, "w0")}, {"type": "text", "text": "x"}]}]});
        assert_eq!(
            predict(Rule::Explicit, &shape(&other), Some(&m), "m", 0, 125, 10).read,
            0
        );
    }
}
