//! Scripted sessions on a generated repository, shared by the session benchmark
//! (`examples/session-bench`) and the simulation test (`tests/integration/reuse_simulation.rs`).
//!
//! Everything is generated from fixed seeds, so every run sends the same bytes.

use std::collections::BTreeMap;

use asimi_prompt::request::assemble::{Block, FileItem, HashedText, Message, Role};
use asimi_prompt::request::markers;
use asimi_prompt::request::providers::Ttl;
use asimi_prompt::request::providers::{Options, Provider};
use asimi_prompt::request::reuse::{Memory, Prediction, Prices};
use asimi_prompt::request::session::stability::Tracker;
use asimi_prompt::request::tier::Tier;
use asimi_prompt::request::{self, session, Assembly, Request};
use asimi_prompt::tokens::Tokenizer;
use serde_json::{json, Value};

/// The model the scenarios run against (as in the issue: Sonnet 4.5, 1024-token minimum).
pub const MODEL: &str = "claude-sonnet-5-5";
pub const MIN_CACHE_TOKENS: u64 = 1024;
pub const PRICES: Prices = Prices {
    read: 10,
    write: 125,
    write_1h: Some(200),
};
pub const REQUESTS: usize = 20;

/// A small deterministic generator (64-bit LCG).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn pick<'a>(&mut self, words: &[&'a str]) -> &'a str {
        words[(self.next() as usize) % words.len()]
    }
}

const WORDS: &[&str] = &[
    "buffer", "reader", "stream", "parse", "token", "index", "value", "count", "state", "frame",
    "queue", "event", "task", "poll", "waker", "socket", "handle", "driver", "timer", "slot",
];

/// Rust-like source of about `tokens` o200k tokens, seeded by `seed` and `version`.
pub fn source(seed: u64, version: u64, tokens: usize) -> String {
    let mut rng = Rng(seed * 7919 + 1);
    let mut out = format!("// generated module {seed}\n");
    let mut n = 0;
    let mut f = 0;
    while n < tokens {
        let (a, b, c) = (rng.pick(WORDS), rng.pick(WORDS), rng.pick(WORDS));
        let body = format!(
            "pub fn {a}_{b}_{f}(input: &mut {c}::State, limit: usize) -> Option<usize> {{\n    \
             let {a} = input.{b}(limit)?;\n    if {a} > limit {{\n        return None;\n    }}\n    \
             Some({a} + {n})\n}}\n\n"
        );
        n += 52;
        f += 1;
        out.push_str(&body);
    }
    if version > 0 {
        out.push_str(&format!(
            "// edit {version}\npub const REVISION: u64 = {version};\n"
        ));
    }
    out
}

fn prose(seed: u64, tokens: usize) -> String {
    let mut rng = Rng(seed);
    let mut out = String::new();
    for i in 0..tokens / 10 {
        out.push_str(&format!(
            "Rule {i}: keep the {} and the {} apart when the {} changes. ",
            rng.pick(WORDS),
            rng.pick(WORDS),
            rng.pick(WORDS)
        ));
        if i % 8 == 7 {
            out.push('\n');
        }
    }
    out
}

fn path(i: usize) -> String {
    format!("src/{}/mod_{i}.rs", WORDS[i % WORDS.len()])
}

/// The generated repository's files (the file tree) and its symbol map.
fn repository() -> (Vec<String>, String, BTreeMap<String, HashedText>) {
    let tree: Vec<String> = (0..40).map(path).collect();
    let legend = "# c=class m=method f=function v=var i=import".to_string();
    let symbols = (10..30)
        .map(|i| {
            let p = path(i);
            let block = format!(
                "{p}:\n  f {}_{i}(input,limit)->Option ←{}\n  f {}_{i}()\n",
                WORDS[i % 20],
                i % 7,
                WORDS[(i * 3) % 20]
            );
            (p, block.into())
        })
        .collect();
    (tree, legend, symbols)
}

/// One request's varying part.
struct Turn {
    /// `(file index, version)` of each selected file, in selection order.
    files: Vec<(usize, u64)>,
}

/// A scripted session.
pub struct Scenario {
    pub name: &'static str,
    pub about: &'static str,
    pub requests: Vec<Assembly>,
}

const FILE_TOKENS: usize = 8000;

fn prompt(k: usize) -> String {
    format!("Step {k}: continue with the next change and explain it briefly.")
}

fn answer(k: usize) -> String {
    format!("Done with step {k}. {}", prose(1000 + k as u64, 120))
}

/// Builds the requests: `turns[k]` gives request k's files; `history(k)` its history.
fn requests(turns: &[Turn], history: &dyn Fn(usize) -> Vec<Message>) -> Vec<Assembly> {
    let (tree, legend, symbols) = repository();
    let system = prose(1, 3000);
    turns
        .iter()
        .enumerate()
        .map(|(k, t)| {
            let files: Vec<FileItem> = t
                .files
                .iter()
                .map(|(i, v)| FileItem::new(path(*i), source(*i as u64, *v, FILE_TOKENS)))
                .collect();
            Assembly {
                system: system.clone(),
                legend: legend.clone(),
                symbols: symbols.clone(),
                task: Default::default(),
                kept_blocks: Default::default(),
                files,
                history: history(k),
                urls: Vec::new(),
                review: None,
                file_tree: Some(tree.clone()),
                prompt: prompt(k),
                images: Vec::new(),
            }
        })
        .collect()
}

/// A plain chat history: before request k, k user/assistant pairs.
fn chat(k: usize) -> Vec<Message> {
    (0..k)
        .flat_map(|j| {
            [
                Message::text(Role::User, prompt(j), Tier::Active),
                Message::text(Role::Assistant, answer(j), Tier::Active),
            ]
        })
        .collect()
}

/// An agentic history: 30 earlier tool rounds, then per request the prompt, a tool call,
/// its result and an answer.
fn agentic(k: usize) -> Vec<Message> {
    let round = |j: usize| -> Vec<Message> {
        let id = format!("toolu_{j:04}");
        vec![
            Message {
                role: Role::Assistant,
                content: vec![
                    Block::Text(format!("Reading file {j}.")),
                    Block::Other(json!({"type": "tool_use", "id": id, "name": "read_file",
                                        "input": {"path": path(j % 40)}})),
                ],
                tier: Tier::Active,
                cache: false,
            },
            Message {
                role: Role::User,
                content: vec![Block::Other(
                    json!({"type": "tool_result", "tool_use_id": id,
                                                  "content": source(500 + j as u64, 0, 300)}),
                )],
                tier: Tier::Active,
                cache: false,
            },
        ]
    };
    let mut out = vec![Message::text(
        Role::User,
        "Refactor the reader.",
        Tier::Active,
    )];
    for j in 0..30 {
        out.extend(round(j));
    }
    out.push(Message::text(Role::Assistant, "Ready.", Tier::Active));
    for j in 0..k {
        out.push(Message::text(Role::User, prompt(j), Tier::Active));
        out.extend(round(100 + j));
        out.push(Message::text(Role::Assistant, answer(j), Tier::Active));
    }
    out
}

/// The sessions docs/sessions.md reports: how a working set moves over a session.
pub fn scenarios() -> Vec<Scenario> {
    let n = REQUESTS;
    let six = |edits: &dyn Fn(usize, usize) -> u64| -> Vec<Turn> {
        (0..n)
            .map(|k| Turn {
                files: (0..6).map(|i| (i, edits(k, i))).collect(),
            })
            .collect()
    };
    // Request k (0-based) sees the edits made before it.
    let a = six(&|k, i| if i == 0 { (k / 2) as u64 } else { 0 });
    let a2 = six(&|k, i| match i {
        0 => ((k + 2) / 4) as u64,
        1 => (k / 4) as u64,
        _ => 0,
    });
    let b = six(&|_, _| 0);
    let c = six(&|k, i| if i == 0 { k as u64 } else { 0 });
    let d: Vec<Turn> = (0..n)
        .map(|k| {
            let mut files = vec![(0, 0), (1, 0)];
            let first = 2 + k / 4;
            files.extend((first..first + 3).map(|i| (i, 0)));
            Turn { files }
        })
        .collect();
    let e: Vec<Turn> = (0..n)
        .map(|_| Turn {
            files: vec![(0, 0), (1, 0), (2, 0)],
        })
        .collect();
    vec![
        Scenario {
            name: "a",
            about: "2 working files (one edited every other request) + 4 read-only",
            requests: requests(&a, &chat),
        },
        Scenario {
            name: "a2",
            about: "as (a), the edits alternating between the two working files",
            requests: requests(&a2, &chat),
        },
        Scenario {
            name: "b",
            about: "6 files, no edits",
            requests: requests(&b, &chat),
        },
        Scenario {
            name: "c",
            about: "6 files, one edited every request",
            requests: requests(&c, &chat),
        },
        Scenario {
            name: "d",
            about: "2 fixed files + 3 working files, one swapped every 4 requests",
            requests: requests(&d, &chat),
        },
        Scenario {
            name: "e",
            about: "3 files, a long tool_use/tool_result history",
            requests: requests(&e, &agentic),
        },
    ]
}

/// A request for `assembly`, as `messages --provider anthropic --model MODEL` builds it.
pub fn request(assembly: Assembly) -> Request {
    Request {
        assembly,
        hints: BTreeMap::new(),
        provider: Provider::Anthropic,
        options: Options {
            model: MODEL.to_string(),
            max_tokens: Some(4096),
            default_max_tokens: 4096,
            stream: false,
            ttl: Ttl::FiveMinutes,
            system_role: Default::default(),
            prompt_cache_key: None,
            breakpoints: false,
            gemini_cache: Default::default(),
            tools: Vec::new(),
        },
        min_cache_tokens: MIN_CACHE_TOKENS,
        cache_price: PRICES,
        price: Default::default(),
        tokenizer: Tokenizer::O200k,
        strip_images: false,
        session: None,
        warnings: Vec::new(),
        map_edges: None,
        cut: Vec::new(),
        reminder: String::new(),
        recovered: Vec::new(),
    }
}

/// Which provider's rules a run is priced and predicted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Anthropic's breakpoints (`MODEL`).
    Claude,
    /// OpenAI's explicit breakpoints (GPT-5.6): writes at 1.25x, reads at 0.1x.
    Gpt56,
}

/// [`request`] for `target`.
pub fn request_for(assembly: Assembly, target: Target) -> Request {
    let mut req = request(assembly);
    if target == Target::Gpt56 {
        req.provider = Provider::OpenAi;
        req.options.model = "gpt-5.6-terra".to_string();
        req.options.breakpoints = true;
        req.cache_price = Prices {
            read: 10,
            write: 125,
            write_1h: None,
        };
    }
    req
}

/// One request sent: its body and the prediction made before sending it.
pub struct Sent {
    pub body: Value,
    pub prediction: Prediction,
}

/// Replays `requests` in a session whose state lives at `state` (as `messages --session`
/// does: observe, lay out, predict, remember, save).
pub fn run_session(requests: &[Assembly], state: &std::path::Path) -> Vec<Sent> {
    run_session_with(requests, state, true)
}

/// [`run_session`]; `moving` false never places the moving marker (to measure it).
pub fn run_session_with(requests: &[Assembly], state: &std::path::Path, moving: bool) -> Vec<Sent> {
    run_session_for(requests, state, moving, Target::Claude)
}

/// [`run_session_with`] by `target`'s rules.
pub fn run_session_for(
    requests: &[Assembly],
    state: &std::path::Path,
    moving: bool,
    target: Target,
) -> Vec<Sent> {
    requests
        .iter()
        .map(|a| {
            let req = request_for(a.clone(), target);
            let mut tracker = Tracker::open(state.parent().expect("a directory"), state)
                .expect("the state opens");
            let mut plan = session::track(&mut tracker, &req, &[]).unwrap();
            plan.moving_marker = plan.moving_marker.filter(|_| moving);
            let (messages, _) = request::messages_for(&req, &plan);
            let previous = tracker.previous().cloned();
            let prediction = session::predict(&req, &messages, previous.as_ref()).unwrap();
            let memory = session::remember(&req, &messages, previous.as_ref()).unwrap();
            tracker.record(memory);
            tracker.save().expect("the state saves");
            Sent {
                body: request::body(&req, &messages).unwrap(),
                prediction,
            }
        })
        .collect()
}

/// Replays `requests` as agents usually send them: no session (everything active) and
/// markers on the last two messages.
pub fn run_baseline(requests: &[Assembly]) -> Vec<Sent> {
    run_baseline_for(requests, Target::Claude)
}

/// [`run_baseline`] by `target`'s rules; for GPT-5.6 the baseline is OpenAI's implicit
/// mode: one breakpoint, on the newest message.
pub fn run_baseline_for(requests: &[Assembly], target: Target) -> Vec<Sent> {
    let marked = match target {
        Target::Claude => 2,
        Target::Gpt56 => 1,
    };
    let mut memory: Option<Memory> = None;
    requests
        .iter()
        .map(|a| {
            let req = request_for(a.clone(), target);
            let (mut messages, _) = request::messages(&req, &BTreeMap::new());
            for m in messages.iter_mut() {
                m.cache = false;
            }
            let n = messages.len();
            for m in messages[n.saturating_sub(marked)..].iter_mut() {
                m.cache = true;
            }
            debug_assert!(messages.iter().filter(|m| m.cache).count() <= markers::MAX_MARKERS);
            let prediction = session::predict(&req, &messages, memory.as_ref()).unwrap();
            memory = Some(session::remember(&req, &messages, memory.as_ref()).unwrap());
            Sent {
                body: request::body(&req, &messages).unwrap(),
                prediction,
            }
        })
        .collect()
}
