//! The cache prediction (`request::reuse`) against an independent simulation of the
//! providers' rules over the emitted JSON bodies: the scripted sessions of the session
//! benchmark are replayed, each body is parsed, its `cache_control` markers found, and
//! Anthropic's rules (writes at markers, reads within 20 blocks before a marker, the
//! model's minimum) or OpenAI's (the longest common prefix from 1,024 tokens in steps of
//! 128) are applied to the whole bodies, keeping every earlier body in full. The
//! simulation shares no code with the layout or the prediction.
//!
//! Also checks, per body: at most four markers, no file twice, and that a second replay
//! gives the same bytes.

#[path = "../examples/session-bench/scenarios.rs"]
#[allow(dead_code)]
mod scenarios;

use asimi_prompt::request::providers::Provider;
use asimi_prompt::request::reuse::Prices;
use asimi_prompt::request::{self, session, Assembly};
use asimi_prompt::tokens::Tokenizer;
use serde_json::Value;

fn tokens(text: &str) -> usize {
    Tokenizer::O200k.count(text)
}

/// One content block: what identifies it in a prefix, its tokens, and its marker.
struct SimBlock {
    key: String,
    tokens: usize,
    marker: bool,
}

/// Anthropic's view of a body: the `system` blocks, then every message's blocks.
fn anthropic_blocks(body: &Value) -> Vec<SimBlock> {
    let mut out = Vec::new();
    let mut add = |role: &str, content: &Value| {
        let list = match content {
            Value::String(s) => vec![serde_json::json!({"type": "text", "text": s})],
            Value::Array(a) => a.clone(),
            _ => panic!("unexpected content {content}"),
        };
        for (i, mut block) in list.into_iter().enumerate() {
            let marker = block
                .as_object_mut()
                .unwrap()
                .remove("cache_control")
                .is_some();
            let tokens = match block["type"].as_str() {
                Some("text") => tokens(block["text"].as_str().unwrap()),
                Some("image") => 0,
                _ => tokens(&block.to_string()),
            };
            let head = if i == 0 {
                format!("<{role}>")
            } else {
                String::new()
            };
            out.push(SimBlock {
                key: format!("{head}{block}"),
                tokens,
                marker,
            });
        }
    };
    if let Some(system) = body.get("system") {
        add("system", system);
    }
    for m in body["messages"].as_array().unwrap() {
        add(m["role"].as_str().unwrap(), &m["content"]);
    }
    out
}

/// Reads, writes and uncached tokens of each body in turn, by Anthropic's rules.
fn simulate_anthropic(bodies: &[&Value], min: usize) -> Vec<(usize, usize, usize)> {
    // Every entry written so far: the full prefix (block keys) it covers.
    let mut written: Vec<Vec<String>> = Vec::new();
    let mut out = Vec::new();
    for body in bodies {
        let blocks = anthropic_blocks(body);
        let keys: Vec<String> = blocks.iter().map(|b| b.key.clone()).collect();
        let mut through = Vec::new();
        let mut sum = 0;
        for b in &blocks {
            sum += b.tokens;
            through.push(sum);
        }
        let markers: Vec<usize> = (0..blocks.len()).filter(|i| blocks[*i].marker).collect();
        assert!(markers.len() <= 4, "{} markers", markers.len());
        let mut read = 0;
        for &m in &markers {
            let lowest = m.saturating_sub(19);
            for i in (lowest..=m).rev() {
                if written.iter().any(|w| w[..] == keys[..=i]) {
                    read = read.max(through[i]);
                    break;
                }
            }
        }
        out.push(write_at_markers(
            &keys,
            &through,
            &markers,
            read,
            min,
            &mut written,
        ));
    }
    out
}

/// What a request that read `read` tokens writes: from there to its last marker whose
/// prefix holds `min` tokens, each such marker an entry. Returns (read, written,
/// uncached).
fn write_at_markers(
    keys: &[String],
    through: &[usize],
    markers: &[usize],
    read: usize,
    min: usize,
    written: &mut Vec<Vec<String>>,
) -> (usize, usize, usize) {
    let total = through.last().copied().unwrap_or(0);
    let last = markers
        .iter()
        .map(|m| through[*m])
        .filter(|t| *t >= min)
        .max()
        .unwrap_or(0);
    let write = last.saturating_sub(read);
    for &m in markers {
        if through[m] >= min {
            written.push(keys[..=m].to_vec());
        }
    }
    (read, write, total - read - write)
}

/// An OpenAI-shaped body as a stream of units: a role mark per message, then its tokens.
fn openai_units(body: &Value) -> Vec<String> {
    let mut units = Vec::new();
    let bpe = |t: &str| -> Vec<String> {
        Tokenizer::O200k
            .encode(t)
            .into_iter()
            .map(|id| id.to_string())
            .collect()
    };
    for m in body["messages"].as_array().unwrap() {
        units.push(format!("<{}>", m["role"]));
        match &m["content"] {
            Value::String(s) => units.extend(bpe(s)),
            Value::Array(parts) => {
                for p in parts {
                    match p["text"].as_str() {
                        Some(t) => units.extend(bpe(t)),
                        None => units.extend(bpe(&p.to_string())),
                    }
                }
            }
            _ => {}
        }
        let mut rest = m.as_object().unwrap().clone();
        rest.remove("role");
        rest.remove("content");
        if !rest.is_empty() {
            units.extend(bpe(&Value::Object(rest).to_string()));
        }
    }
    units
}

/// Tokens read of each body in turn: the prefix shared with the body before, from
/// `min` tokens up in steps of 128.
fn simulate_prefix(bodies: &[&Value], min: usize) -> Vec<usize> {
    let mut previous: Option<Vec<String>> = None;
    let mut out = Vec::new();
    for body in bodies {
        let units = openai_units(body);
        let shared = previous.as_ref().map_or(0, |p| {
            p.iter()
                .zip(&units)
                .take_while(|(a, b)| a == b)
                .filter(|(a, _)| !a.starts_with('<'))
                .count()
        });
        out.push(if shared < min {
            0
        } else {
            min + (shared - min) / 128 * 128
        });
        previous = Some(units);
    }
    out
}

fn check_body(body: &Value, assembly: &Assembly) {
    let text = body.to_string();
    assert!(text.matches("cache_control").count() <= 4);
    for f in &assembly.files {
        let fenced = format!("{}\\n```", f.path);
        assert_eq!(text.matches(&fenced).count(), 1, "{} appears once", f.path);
    }
}

#[test]
fn anthropic_prediction_matches_the_simulation() {
    let dir = tempfile::tempdir().unwrap();
    for s in scenarios::scenarios()
        .into_iter()
        .filter(|s| ["a", "d", "e"].contains(&s.name))
    {
        let state = dir.path().join(format!("{}.json", s.name));
        let sent = scenarios::run_session(&s.requests, &state);
        let baseline = scenarios::run_baseline(&s.requests);
        for run in [&sent, &baseline] {
            let bodies: Vec<&Value> = run.iter().map(|x| &x.body).collect();
            let simulated = simulate_anthropic(&bodies, scenarios::MIN_CACHE_TOKENS as usize);
            for (i, (x, sim)) in run.iter().zip(simulated).enumerate() {
                let p = &x.prediction;
                assert_eq!(
                    (p.read, p.written, p.uncached),
                    sim,
                    "scenario {} request {}",
                    s.name,
                    i + 1
                );
            }
        }
        for (x, a) in sent.iter().zip(&s.requests) {
            check_body(&x.body, a);
        }
        // The same session again, from scratch, sends the same bytes.
        let again = scenarios::run_session(&s.requests, &dir.path().join("again.json"));
        std::fs::remove_file(dir.path().join("again.json")).unwrap();
        for (x, y) in sent.iter().zip(&again) {
            assert_eq!(x.body, y.body);
        }
    }
}

#[test]
fn prefix_prediction_matches_the_simulation() {
    let s = scenarios::scenarios()
        .into_iter()
        .find(|s| s.name == "a")
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut memory = None;
    let mut bodies = Vec::new();
    let mut predicted = Vec::new();
    let mut tracker =
        asimi_prompt::request::stability::Tracker::open(&dir.path().join("s.json")).unwrap();
    for a in s.requests.iter().take(8) {
        let mut req = scenarios::request(a.clone());
        req.provider = Provider::OpenAi;
        req.options.model = "gpt-5.4".into();
        req.cache_price = Prices {
            read: 50,
            write: 100,
            write_1h: None,
        };
        let plan = session::observe_and_plan(&mut tracker, &req);
        let (messages, _) = request::lay_out(&req, &plan);
        assert!(messages.iter().all(|m| !m.cache) || !plan.moving_marker);
        let p = session::predict(&req, &messages, memory.as_ref()).unwrap();
        memory = Some(session::remember(&req, &messages, memory.as_ref()).unwrap());
        predicted.push(p.read);
        bodies.push(request::body(&req, &messages).unwrap());
    }
    let refs: Vec<&Value> = bodies.iter().collect();
    assert_eq!(predicted, simulate_prefix(&refs, 1024));
    assert!(predicted[1..].iter().all(|r| *r > 0), "{predicted:?}");
}

/// OpenAI's view of a body: each message's content parts (`prompt_cache_breakpoint`
/// marks one), then its other fields (tool calls, a tool message's id) as one block. A
/// Responses body's `input` items are read alike; a function call item is one block.
fn openai_blocks(body: &Value) -> Vec<SimBlock> {
    let mut out = Vec::new();
    let items = body.get("messages").or(body.get("input")).unwrap();
    for m in items.as_array().unwrap() {
        let role = m["role"].as_str().or(m["type"].as_str()).unwrap();
        let parts = match &m["content"] {
            Value::String(s) => vec![serde_json::json!({"type": "text", "text": s})],
            Value::Array(a) => a.clone(),
            _ => Vec::new(),
        };
        let mut rest = m.as_object().unwrap().clone();
        rest.remove("role");
        rest.remove("content");
        let extra = (!rest.is_empty()).then_some(Value::Object(rest));
        let parts = if m.get("role").is_some() {
            parts
        } else {
            Vec::new()
        };
        for (i, mut part) in parts.into_iter().chain(extra).enumerate() {
            let marker = part
                .as_object_mut()
                .unwrap()
                .remove("prompt_cache_breakpoint")
                .is_some();
            let tokens = match part["text"].as_str() {
                Some(t) => tokens(t),
                None => tokens(&part.to_string()),
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
            });
        }
    }
    out
}

/// Reads, writes and uncached tokens of each body in turn, by OpenAI's explicit
/// breakpoint rules (GPT-5.6): a breakpoint whose prefix holds the minimum writes an
/// entry; a request reads its longest prefix that equals one of the latest 80 entries of
/// the conversation, wherever it ends in the request (no lookback limit).
fn simulate_explicit(bodies: &[&Value], min: usize) -> Vec<(usize, usize, usize)> {
    let mut written: Vec<Vec<String>> = Vec::new();
    let mut out = Vec::new();
    for body in bodies {
        let blocks = openai_blocks(body);
        let keys: Vec<String> = blocks.iter().map(|b| b.key.clone()).collect();
        let through: Vec<usize> = blocks
            .iter()
            .scan(0, |sum, b| {
                *sum += b.tokens;
                Some(*sum)
            })
            .collect();
        let markers: Vec<usize> = (0..blocks.len()).filter(|i| blocks[*i].marker).collect();
        assert!(markers.len() <= 4, "{} breakpoints", markers.len());
        let latest = &written[written.len().saturating_sub(80)..];
        let read = (0..keys.len())
            .filter(|i| latest.iter().any(|w| w[..] == keys[..=*i]))
            .map(|i| through[i])
            .max()
            .unwrap_or(0);
        out.push(write_at_markers(
            &keys,
            &through,
            &markers,
            read,
            min,
            &mut written,
        ));
    }
    out
}

/// GPT-5.6 bodies mark their tiers with explicit breakpoints, and the prediction agrees
/// with the simulation of OpenAI's rules on every request of every scripted session.
#[test]
fn explicit_breakpoint_prediction_matches_the_simulation() {
    let dir = tempfile::tempdir().unwrap();
    let scenarios = scenarios::scenarios();
    // Every scenario of the session bench (`--gpt-5.6` replays them all).
    let runs = scenarios
        .iter()
        .flat_map(|s| [(s, Provider::OpenAi), (s, Provider::OpenAiResponses)]);
    for (s, provider) in runs {
        let mut memory = None;
        let mut bodies = Vec::new();
        let mut predicted = Vec::new();
        let state = dir.path().join(format!("{}-{provider}.json", s.name));
        let mut tracker = asimi_prompt::request::stability::Tracker::open(&state).unwrap();
        for a in &s.requests {
            let mut req = scenarios::request_for(a.clone(), scenarios::Target::Gpt56);
            req.provider = provider;
            let plan = session::observe_and_plan(&mut tracker, &req);
            let (messages, _) = request::lay_out(&req, &plan);
            let p = session::predict(&req, &messages, memory.as_ref()).unwrap();
            memory = Some(session::remember(&req, &messages, memory.as_ref()).unwrap());
            predicted.push((p.read, p.written, p.uncached));
            let body = request::body(&req, &messages).unwrap();
            assert_eq!(
                body["prompt_cache_options"],
                serde_json::json!({"mode": "explicit", "ttl": "30m"})
            );
            assert!(!body.to_string().contains("cache_control"));
            bodies.push(body);
            tracker.record(session::remember(&req, &messages, tracker.previous()).unwrap());
        }
        let refs: Vec<&Value> = bodies.iter().collect();
        let simulated = simulate_explicit(&refs, scenarios::MIN_CACHE_TOKENS as usize);
        assert_eq!(predicted, simulated, "scenario {} ({provider})", s.name);
        let read: usize = predicted[3..].iter().map(|p| p.0).sum();
        assert!(read > 0, "scenario {}: nothing read: {predicted:?}", s.name);
    }
}
