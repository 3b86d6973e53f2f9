//! Properties of the layout and the encoders over many generated requests (a small
//! deterministic generator): at most four markers, no file content twice, Anthropic turns
//! alternate and open with the user, history keeps its order, and the output is valid
//! JSON. Token counts are compared with tiktoken-rs, a second implementation of OpenAI's
//! encodings.

use crate::common;
use std::collections::BTreeMap;

use asimi_prompt::request::assemble::{assemble, Assembly, FileItem, Image, UrlItem};
use asimi_prompt::request::input::read::parse_history;
use asimi_prompt::request::item_key::ItemKey;
use asimi_prompt::request::markers;
use asimi_prompt::request::providers::Ttl;
use asimi_prompt::request::providers::{self, Options, Provider, SystemRole};
use asimi_prompt::request::tier::Tier;
use asimi_prompt::tokens::Tokenizer;
use serde_json::{json, Value};

/// A linear congruential generator: the same seed gives the same request everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn tier(&mut self) -> Tier {
        [Tier::L0, Tier::L1, Tier::L2, Tier::L3, Tier::Active][self.below(5) as usize]
    }
}

struct Case {
    input: Assembly,
    tiers: BTreeMap<ItemKey, Tier>,
    min_tokens: u64,
    files: usize,
    history: usize,
}

fn filler(rng: &mut Rng) -> String {
    let n = [0, 5, 400][rng.below(3) as usize];
    (0..n).map(|i| format!("word{i} ")).collect()
}

fn generate(seed: u64) -> Case {
    let mut rng = Rng(seed);
    let mut tiers = BTreeMap::new();
    let files = rng.below(6) as usize;
    let mut input = Assembly {
        system: format!("SYSTEM {}", filler(&mut rng)),
        ..Assembly::default()
    };
    for i in 0..files {
        let path = format!("src/f{i}.rs");
        input.files.push(FileItem::new(
            path.clone(),
            format!("FILE-{i}-CONTENT {}\n", filler(&mut rng)),
        ));
        tiers.insert(ItemKey::file(&path), rng.tier());
    }
    if rng.below(2) == 0 {
        input.legend = "LEGEND".into();
    }
    for j in 0..rng.below(8) {
        let path = format!("src/f{j}.rs");
        input
            .symbols
            .insert(path.clone(), format!("SYM-{j}:\n  f x()").into());
        tiers.insert(ItemKey::symbol(&path), rng.tier());
    }
    // History as a tracker would tier it: older messages are at least as stable.
    let history = rng.below(9) as usize;
    let mut raw = Vec::new();
    for i in 0..history {
        let role = if rng.below(4) == 0 {
            ["user", "assistant"][rng.below(2) as usize]
        } else if i % 2 == 0 {
            "user"
        } else {
            "assistant"
        };
        let content = if rng.below(3) == 0 {
            json!([{"type": "text", "text": format!("HIST-{i}-"), "cache_control": {"type": "ephemeral"}}])
        } else {
            json!(format!("HIST-{i}-"))
        };
        raw.push(json!({"role": role, "content": content}));
    }
    input.history = parse_history(&Value::Array(raw), "gen.json").unwrap();
    let mut tier_index = 0;
    let order = [Tier::L0, Tier::L1, Tier::L2, Tier::L3, Tier::Active];
    for i in 0..history {
        tier_index = (tier_index + rng.below(2) as usize).min(4);
        tiers.insert(ItemKey::History(i), order[tier_index]);
    }
    if rng.below(2) == 0 {
        input.file_tree = Some(vec!["a".into(), "b/c".into()]);
    }
    for k in 0..rng.below(3) {
        input.urls.push(UrlItem {
            url: format!("https://u/{k}"),
            content: format!("URL-{k}"),
            ..UrlItem::default()
        });
    }
    input.prompt = "PROMPT".into();
    if rng.below(3) == 0 {
        input.images.push(Image {
            media_type: "image/png".into(),
            data: "iVBORw0KGgo=".into(),
        });
    }
    let min_tokens = [0, 50, 1024][rng.below(3) as usize];
    Case {
        input,
        tiers,
        min_tokens,
        files,
        history,
    }
}

fn options() -> Options {
    Options {
        model: "m".into(),
        max_tokens: None,
        default_max_tokens: 1000,
        stream: false,
        ttl: Ttl::FiveMinutes,
        system_role: SystemRole::System,
        prompt_cache_key: None,
        breakpoints: false,
        gemini_cache: Default::default(),
        tools: Vec::new(),
    }
}

const PROVIDERS: [Provider; 5] = [
    Provider::Anthropic,
    Provider::OpenAi,
    Provider::OpenRouter,
    Provider::Gemini,
    Provider::Raw,
];

#[test]
fn properties_hold_for_generated_requests() {
    for seed in 0..400 {
        let case = generate(seed);
        let mut messages = assemble(&case.input, &case.tiers);
        markers::place(&mut messages, case.min_tokens, Tokenizer::O200k);
        let ctx = format!("seed {seed}");

        // At most four markers, and none on active messages.
        let marked = messages.iter().filter(|m| m.cache).count();
        assert!(marked <= markers::MAX_MARKERS, "{ctx}");
        assert!(
            messages.iter().all(|m| !m.cache || m.tier != Tier::Active),
            "{ctx}"
        );

        // Every file's content once; selected files' symbols never; others at most once.
        let all: String = messages
            .iter()
            .map(|m| m.all_text())
            .collect::<Vec<_>>()
            .join("\u{0}");
        for i in 0..case.files {
            assert_eq!(
                all.matches(&format!("FILE-{i}-CONTENT")).count(),
                1,
                "{ctx}"
            );
            assert_eq!(all.matches(&format!("SYM-{i}:")).count(), 0, "{ctx}");
        }
        for j in case.files..8 {
            assert!(all.matches(&format!("SYM-{j}:")).count() <= 1, "{ctx}");
        }

        // History keeps its order.
        let positions: Vec<usize> = (0..case.history)
            .map(|i| all.find(&format!("HIST-{i}-")).expect("history is sent"))
            .collect();
        assert!(
            positions.windows(2).all(|w| w[0] < w[1]),
            "{ctx}: {positions:?}"
        );

        for provider in PROVIDERS {
            // Byte-for-byte stability is the golden files' business (request_golden.rs);
            // here the properties of the encoded body.
            let a = providers::encode(provider, &messages, &options()).unwrap();
            let text = serde_json::to_string_pretty(&a).unwrap();
            let markers = text.matches("cache_control").count();
            assert!(markers <= 4, "{ctx} {provider}: {markers} markers");
            match provider {
                Provider::OpenAi | Provider::Gemini => assert_eq!(markers, 0, "{ctx}"),
                _ => assert_eq!(markers, marked, "{ctx} {provider}"),
            }
            // Anthropic and Gemini need a user turn first and strictly alternating roles.
            let turns = match provider {
                Provider::Anthropic => Some("messages"),
                Provider::Gemini => Some("contents"),
                _ => None,
            };
            if let Some(key) = turns {
                let roles: Vec<&str> = a[key]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m["role"].as_str().unwrap())
                    .collect();
                assert_eq!(roles[0], "user", "{ctx}");
                assert!(roles.windows(2).all(|w| w[0] != w[1]), "{ctx}: {roles:?}");
            }
        }
    }
}

#[test]
fn a_prefix_below_the_minimum_gets_no_marker() {
    let input = Assembly {
        system: "short system prompt".into(),
        prompt: "hi".into(),
        ..Assembly::default()
    };
    let mut messages = assemble(&input, &BTreeMap::new());
    let placement = markers::place(&mut messages, 1024, Tokenizer::O200k);
    assert!(messages.iter().all(|m| !m.cache));
    assert_eq!(placement.too_short.len(), 1);
    let mut messages = assemble(&input, &BTreeMap::new());
    markers::place(&mut messages, 1, Tokenizer::O200k);
    assert!(messages[0].cache);
}

/// The README: token counts are "exact for OpenAI models". Checked against tiktoken-rs on
/// a generated corpus, with a few counts pinned by hand; the fast lower bound that
/// marker placement tries first never exceeds the count.
#[test]
fn token_counts_match_tiktoken_and_the_lower_bound_holds() {
    assert_eq!(Tokenizer::O200k.count("Hello, world!"), 4);
    assert_eq!(Tokenizer::Cl100k.count("Hello, world!"), 4);
    assert_eq!(Tokenizer::O200k.count(""), 0);
    let o200k = tiktoken_rs::o200k_base_singleton();
    let cl100k = tiktoken_rs::cl100k_base_singleton();
    for (i, text) in common::corpus::texts(7, 60, 2_000).iter().enumerate() {
        for (tokenizer, other) in [(Tokenizer::O200k, o200k), (Tokenizer::Cl100k, cl100k)] {
            let n = tokenizer.count(text);
            assert_eq!(
                n,
                other.encode_ordinary(text).len(),
                "text {i}, {tokenizer:?}"
            );
            let floor = tokenizer.at_least(text);
            assert!(
                floor <= n,
                "text {i}, {tokenizer:?}: at_least {floor} > {n}"
            );
        }
    }
}
