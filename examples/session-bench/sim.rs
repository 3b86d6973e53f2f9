//! An independent simulation of the providers' prompt caches over request bodies as they
//! are sent, shared by the session benchmark and `tests/integration/reuse_simulation.rs`. It shares no
//! code with the product's layout or its prediction (`request::reuse`): it reads JSON.
//!
//! - **Breakpoints** (Anthropic): a marker (`cache_control`) whose prefix holds the
//!   model's minimum writes an entry for the prefix through its block. A request reads
//!   the longest earlier entry that ends at a block boundary within the 20 blocks before
//!   one of its markers, its own block first.
//! - **Explicit** (OpenAI's `prompt_cache_breakpoint`): the same writes; a request reads
//!   its longest prefix equal to one of the latest 80 entries, wherever it ends.
//! - **Prefix** (OpenAI's automatic caching, Gemini's implicit caching): every request is
//!   cached; a request reads the longest token prefix it shares with an earlier request,
//!   from the model's minimum up in steps of 128 tokens.
//!
//! The **upper bound** of a request is the longest token prefix it shares with any
//! earlier request of the session: no prefix cache can read more. The bodies are kept
//! whole, so this assumes every earlier request is still within the cache's lifetime.
//!
//! The **content limit** of a request is the share of it that an earlier request of the
//! session already sent, in any position: what a perfect layout of the same content could
//! read. Content is compared item by item, each text cut at blank lines outside code
//! fences (a fenced file with its path line, a symbol block, a paragraph, a whole
//! non-text block), so an edited file counts as new even where its lines are not.
//!
//! A block is a content block: `system` blocks, each message's content blocks (a string
//! is one), an OpenAI message's other fields (tool calls) as one more, a Responses item,
//! a Gemini part. A message's first block carries its role. Tokens are o200k counts of a
//! block's text (its JSON when it has none; images count nothing).

use std::collections::{HashMap, HashSet};

use asimi_prompt::tokens::Tokenizer;
use serde_json::{json, Value};

/// How far back from a marker Anthropic looks for an entry, counting the marker's block.
const LOOKBACK: usize = 20;
/// How many of the latest entries OpenAI's explicit breakpoints match against.
const EXPLICIT_ENTRIES: usize = 80;
/// The step in which prefix caches grow, in tokens.
const STEP: usize = 128;

/// The fields that mark a block; they are not part of its identity.
const MARKERS: [&str; 2] = ["cache_control", "prompt_cache_breakpoint"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    Breakpoints,
    Explicit,
    Prefix,
}

/// One content block as a cache sees it.
#[derive(Debug, Clone)]
pub struct SimBlock {
    /// What identifies it in a prefix: its role (first block of a message) and its JSON.
    pub key: String,
    /// Its tokens, in order.
    pub tokens: Vec<u32>,
    pub marker: bool,
    /// Where it starts a message (a role change).
    pub message_start: bool,
    /// Its items for the content limit: each one's text and tokens.
    pub items: Vec<(String, usize)>,
}

/// Reads, writes and uncached tokens of one request, and its upper bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outcome {
    pub total: usize,
    pub read: usize,
    pub written: usize,
    pub uncached: usize,
    pub bound: usize,
    /// The tokens whose items an earlier request sent, in any position.
    pub limit: usize,
}

/// `text` cut into items: at blank lines, except inside a code fence.
fn items_of(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut start, mut at, mut fenced) = (0, 0, false);
    for line in text.split_inclusive('\n') {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        if !fenced && line.trim().is_empty() {
            if at > start {
                out.push(&text[start..at]);
            }
            start = at + line.len();
        }
        at += line.len();
    }
    if at > start {
        out.push(&text[start..at]);
    }
    out
}

/// Encodes block texts once each: a session sends most blocks many times.
#[derive(Default)]
pub struct Encoder {
    seen: HashMap<String, Vec<u32>>,
}

impl Encoder {
    fn encode(&mut self, text: &str) -> Vec<u32> {
        if let Some(t) = self.seen.get(text) {
            return t.clone();
        }
        let t = Tokenizer::O200k.encode(text);
        self.seen.insert(text.to_string(), t.clone());
        t
    }

    /// The blocks of any provider's body, in the order the provider reads them.
    pub fn blocks(&mut self, body: &Value) -> Vec<SimBlock> {
        let mut out = Vec::new();
        for (role, parts) in messages(body) {
            for (i, mut part) in parts.into_iter().enumerate() {
                let marker = match part.as_object_mut() {
                    Some(o) => MARKERS.map(|k| o.remove(k).is_some()).contains(&true),
                    None => false,
                };
                let image = matches!(part["type"].as_str(), Some("image" | "image_url"))
                    || part.get("inline_data").is_some();
                let (tokens, items) = match (image, part["text"].as_str()) {
                    (true, _) => (Vec::new(), Vec::new()),
                    (false, Some(t)) => {
                        let items = items_of(t)
                            .into_iter()
                            .map(|i| (i.to_string(), self.encode(i).len()))
                            .collect();
                        (self.encode(t), items)
                    }
                    (false, None) => {
                        let tokens = self.encode(&part.to_string());
                        let n = tokens.len();
                        (tokens, vec![(part.to_string(), n)])
                    }
                };
                let head = if i == 0 {
                    format!("<{role}>")
                } else {
                    String::new()
                };
                out.push(SimBlock {
                    key: format!("{head}{part}"),
                    tokens,
                    marker,
                    message_start: i == 0,
                    items,
                });
            }
        }
        out
    }
}

/// A body's messages as `(role, blocks)`: Anthropic's `system` and `messages`, OpenAI's
/// `messages` or Responses `input`, Gemini's `systemInstruction` and `contents`.
fn messages(body: &Value) -> Vec<(String, Vec<Value>)> {
    let list = |v: &Value| -> Vec<Value> {
        match v {
            Value::String(s) => vec![json!({"type": "text", "text": s})],
            Value::Array(a) => a.clone(),
            _ => Vec::new(),
        }
    };
    let mut out = Vec::new();
    if let Some(system) = body.get("system") {
        out.push(("system".to_string(), list(system)));
    }
    if let Some(parts) = body.pointer("/systemInstruction/parts") {
        out.push(("system".to_string(), list(parts)));
    }
    let items = ["messages", "contents", "input"]
        .iter()
        .filter_map(|k| body.get(*k).and_then(Value::as_array))
        .flatten();
    for m in items {
        let Some(role) = m["role"].as_str() else {
            // A Responses function call or its output: one block of its own.
            out.push((
                m["type"].as_str().unwrap_or("").to_string(),
                vec![m.clone()],
            ));
            continue;
        };
        let mut parts = list(m.get("content").unwrap_or(&Value::Null));
        parts.extend(list(m.get("parts").unwrap_or(&Value::Null)));
        let mut rest = m.as_object().cloned().unwrap_or_default();
        for k in ["role", "content", "parts"] {
            rest.remove(k);
        }
        if !rest.is_empty() {
            parts.push(Value::Object(rest));
        }
        out.push((role.to_string(), parts));
    }
    out
}

/// Tokens through each block.
fn through(blocks: &[SimBlock]) -> Vec<usize> {
    blocks
        .iter()
        .scan(0, |sum, b| {
            *sum += b.tokens.len();
            Some(*sum)
        })
        .collect()
}

/// The tokens of the longest prefix `a` and `b` share: whole equal blocks, then the
/// common tokens of the first blocks that differ (when the role and kind agree).
fn shared_tokens(a: &[SimBlock], b: &[SimBlock]) -> usize {
    let mut n = 0;
    for (x, y) in a.iter().zip(b) {
        if x.key == y.key {
            n += x.tokens.len();
            continue;
        }
        if x.message_start == y.message_start && head(&x.key) == head(&y.key) {
            n += x
                .tokens
                .iter()
                .zip(&y.tokens)
                .take_while(|(p, q)| p == q)
                .count();
        }
        break;
    }
    n
}

/// A block key's role mark, if it starts a message.
fn head(key: &str) -> &str {
    match key.strip_prefix('<') {
        Some(rest) => &key[..rest.find('>').map_or(0, |i| i + 2)],
        None => "",
    }
}

/// Replays `bodies` (one session, in order) by `rule` with the model's minimum `min`.
pub fn simulate(rule: Rule, bodies: &[Vec<SimBlock>], min: usize) -> Vec<Outcome> {
    // Every entry written so far: the block keys of the prefix it covers.
    let mut entries: Vec<Vec<&str>> = Vec::new();
    let mut sent: HashSet<&str> = HashSet::new();
    let mut out = Vec::new();
    for (n, blocks) in bodies.iter().enumerate() {
        let keys: Vec<&str> = blocks.iter().map(|b| b.key.as_str()).collect();
        let through = through(blocks);
        let total = through.last().copied().unwrap_or(0);
        let bound = bodies[..n]
            .iter()
            .map(|earlier| shared_tokens(blocks, earlier))
            .max()
            .unwrap_or(0);
        let markers: Vec<usize> = (0..blocks.len()).filter(|i| blocks[*i].marker).collect();
        let is_entry = |i: usize, latest: &[Vec<&str>]| latest.iter().any(|e| e[..] == keys[..=i]);
        let read = match rule {
            Rule::Breakpoints => markers
                .iter()
                .filter_map(|&m| {
                    (m.saturating_sub(LOOKBACK - 1)..=m)
                        .rev()
                        .find(|&i| is_entry(i, &entries))
                })
                .map(|i| through[i])
                .max()
                .unwrap_or(0),
            Rule::Explicit => {
                let latest = &entries[entries.len().saturating_sub(EXPLICIT_ENTRIES)..];
                (0..keys.len())
                    .rev()
                    .find(|&i| is_entry(i, latest))
                    .map_or(0, |i| through[i])
            }
            Rule::Prefix if bound < min => 0,
            Rule::Prefix => min + (bound - min) / STEP * STEP,
        };
        let written = match rule {
            Rule::Prefix => 0,
            _ => {
                let last = markers
                    .iter()
                    .map(|m| through[*m])
                    .filter(|t| *t >= min)
                    .max()
                    .unwrap_or(0);
                for &m in &markers {
                    if through[m] >= min {
                        entries.push(keys[..=m].to_vec());
                    }
                }
                last.saturating_sub(read)
            }
        };
        let items = blocks.iter().flat_map(|b| &b.items);
        let (seen, all) = items.clone().fold((0, 0), |(seen, all), (text, n)| {
            (
                seen + if sent.contains(text.as_str()) { n } else { &0 },
                all + n,
            )
        });
        sent.extend(items.map(|(text, _)| text.as_str()));
        out.push(Outcome {
            total,
            read,
            written,
            uncached: total - read - written,
            bound,
            limit: (total * seen).checked_div(all).unwrap_or(0),
        });
    }
    out
}

/// What agents send today: the same blocks with markers on the system prompt's last
/// block and on the last block of each of the last two messages (breakpoints), or one
/// breakpoint on the newest message (explicit).
pub fn agent_markers(rule: Rule, mut blocks: Vec<SimBlock>) -> Vec<SimBlock> {
    for b in &mut blocks {
        b.marker = false;
    }
    let ends: Vec<usize> = (0..blocks.len())
        .filter(|&i| blocks.get(i + 1).is_none_or(|n| n.message_start))
        .collect();
    let last_two = ends.iter().rev().take(match rule {
        Rule::Explicit => 1,
        _ => 2,
    });
    let system = blocks
        .iter()
        .take_while(|b| b.key.starts_with("<system>") || !b.message_start)
        .count();
    let mut marked: Vec<usize> = last_two.copied().collect();
    if rule == Rule::Breakpoints && system > 0 {
        marked.push(system - 1);
    }
    for i in marked {
        blocks[i].marker = true;
    }
    blocks
}
