//! The cache prediction (`request::reuse`) against an independent simulation of the
//! providers' rules over the emitted JSON bodies (`examples/session-bench/sim.rs`, which
//! shares no code with the layout or the prediction): the scripted sessions of the
//! session benchmark are replayed through the library, and sessions on a real
//! repository through the binary, each body read in full.
//!
//! Also checks, per body: at most four markers, no file twice, and that a second replay
//! gives the same bytes.

#[path = "../../examples/session-bench/repos.rs"]
#[allow(dead_code)]
mod repos;
#[path = "../../examples/session-bench/scenarios.rs"]
#[allow(dead_code)]
mod scenarios;
#[path = "../../examples/session-bench/sim.rs"]
#[allow(dead_code)]
pub(crate) mod sim;

use asimi_prompt::request::providers::Provider;
use asimi_prompt::request::reuse::Prices;
use asimi_prompt::request::{self, session, Assembly};
use serde_json::Value;

/// The bodies of a run, each read as `sim` reads it.
fn blocks<'a>(bodies: impl IntoIterator<Item = &'a Value>) -> Vec<Vec<sim::SimBlock>> {
    let mut enc = sim::Encoder::default();
    bodies.into_iter().map(|b| enc.blocks(b)).collect()
}

/// `(read, written, uncached)` of each body by `rule`.
fn simulate(rule: sim::Rule, bodies: &[&Value], min: usize) -> Vec<(usize, usize, usize)> {
    let outcomes = sim::simulate(rule, &blocks(bodies.iter().copied()), min);
    outcomes
        .iter()
        .map(|o| (o.read, o.written, o.uncached))
        .collect()
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
            let simulated = simulate(
                sim::Rule::Breakpoints,
                &bodies,
                scenarios::MIN_CACHE_TOKENS as usize,
            );
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
    let mut tracker = asimi_prompt::request::session::stability::Tracker::open(
        dir.path(),
        &dir.path().join("s.json"),
    )
    .unwrap();
    for a in s.requests.iter().take(8) {
        let mut req = scenarios::request(a.clone());
        req.provider = Provider::OpenAi;
        req.options.model = "gpt-5.4".into();
        req.cache_price = Prices {
            read: 50,
            write: 100,
            write_1h: None,
        };
        let plan = session::track(&mut tracker, &req, &[]).unwrap();
        let (messages, _) = request::messages_for(&req, &plan);
        assert!(messages.iter().all(|m| !m.cache) || plan.moving_marker.is_none());
        let p = session::predict(&req, &messages, memory.as_ref()).unwrap();
        memory = Some(session::remember(&req, &messages, memory.as_ref()).unwrap());
        predicted.push(p.read);
        bodies.push(request::body(&req, &messages).unwrap());
    }
    let refs: Vec<&Value> = bodies.iter().collect();
    let simulated = simulate(sim::Rule::Prefix, &refs, 1024);
    assert_eq!(predicted, simulated.iter().map(|s| s.0).collect::<Vec<_>>());
    assert!(predicted[1..].iter().all(|r| *r > 0), "{predicted:?}");
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
        let mut tracker = asimi_prompt::request::session::stability::Tracker::open(
            state.parent().unwrap(),
            &state,
        )
        .unwrap();
        for a in &s.requests {
            let mut req = scenarios::request_for(a.clone(), scenarios::Target::Gpt56);
            req.provider = provider;
            let plan = session::track(&mut tracker, &req, &[]).unwrap();
            let (messages, _) = request::messages_for(&req, &plan);
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
        let simulated = simulate(
            sim::Rule::Explicit,
            &refs,
            scenarios::MIN_CACHE_TOKENS as usize,
        );
        assert_eq!(predicted, simulated, "scenario {} ({provider})", s.name);
        let read: usize = predicted[3..].iter().map(|p| p.0).sum();
        assert!(read > 0, "scenario {}: nothing read: {predicted:?}", s.name);
    }
}

/// What `context --json --session` predicts, request by request, is what the simulation
/// reads from the bodies `messages --session` then sends, on real repositories (minijinja
/// and tokio from the cargo registry, which this crate builds) in the default
/// configuration: map and file tree on, tool calls in the history, files edited between
/// requests. Every body answers each tool call in the next message.
#[test]
fn the_binarys_prediction_matches_the_simulation_on_a_real_repository() {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_asimi-prompt"));
    let dir = tempfile::tempdir().unwrap();
    // grow: tool calls climb with their history, and one must never leave its result.
    for (name, requests) in [("alternate", 8), ("gemini", 8), ("grow", 10)] {
        let mut s = repos::scenarios()
            .into_iter()
            .find(|s| s.name == name)
            .unwrap();
        s.requests = requests;
        s.tools = true;
        let work = dir.path().join(name);
        let repo = s.source.make(&work, "HEAD").unwrap();
        let binary = repos::Binary {
            path: bin.to_path_buf(),
            extra: Vec::new(),
        };
        let sent = repos::replay(&s, &repo, &binary, &work, true).unwrap();
        let model = repos::model_info(bin, s.model).unwrap();
        let bodies: Vec<&Value> = sent.session.iter().collect();
        let simulated = simulate(model.rule, &bodies, model.min);
        for (i, (shown, sim)) in sent.predicted.iter().zip(&simulated).enumerate() {
            let predicted = match i {
                // The session's first request has no prediction.
                0 => (0, sim.1, sim.2),
                _ => {
                    let n = |k: &str| shown[k].as_u64().unwrap() as usize;
                    (n("tokens"), n("written"), n("uncached"))
                }
            };
            assert_eq!(predicted, *sim, "{name}, request {}", i + 1);
        }
        for (i, body) in sent.session.iter().enumerate() {
            let text = body.to_string();
            assert!(text.matches("\"cache_control\"").count() <= 4);
            if let Err(e) = repos::tool_results_follow_calls(body) {
                panic!("{name}, request {}: {e}", i + 1);
            }
        }
        let read: usize = simulated[3..].iter().map(|s| s.0).sum();
        let total: usize = simulated[3..].iter().map(|s| s.0 + s.1 + s.2).sum();
        // Half at least: grow rewrites most of the request when a file joins.
        assert!(read * 2 > total, "{name}: {read} of {total} read");
    }
}
