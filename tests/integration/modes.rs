//! Operational modes × context tiers: `--mode`, `--context-window`, the tier a window
//! picks, the mode text in the base prompt, overrides, errors and the tier budgets.

use crate::common;
use std::path::Path;

use asimi_prompt::prompt::modes;
use asimi_prompt::settings::MODES;

/// The README's tiers: the largest context window of each, and its budget in tokens.
const TIERS: [(u64, usize); 5] = [
    (4096, 200),
    (8192, 500),
    (16384, 1000),
    (32768, 1500),
    (131072, 1500),
];

/// Token counts from tiktoken-rs, a second implementation of OpenAI's encodings, so the
/// expectations do not come from the tokenizer under test.
fn tiktoken_counts(text: &str) -> [usize; 2] {
    [
        tiktoken_rs::o200k_base_singleton()
            .encode_ordinary(text)
            .len(),
        tiktoken_rs::cl100k_base_singleton()
            .encode_ordinary(text)
            .len(),
    ]
}
use common::Test;

fn show(path: &Path) -> String {
    path.display().to_string()
}

/// Every section but the base switched off.
fn base_only() -> Vec<String> {
    asimi_prompt::settings::SECTIONS
        .iter()
        .filter(|s| **s != "base")
        .flat_map(|s| ["--no-section".to_string(), s.to_string()])
        .collect()
}

fn json(t: &Test) -> serde_json::Value {
    serde_json::from_str(t.run().ok()).unwrap()
}

#[test]
fn the_context_window_picks_the_tier() {
    for (window, tier) in [
        (1, 1),
        (4096, 1),
        (4097, 2),
        (8192, 2),
        (8193, 3),
        (16384, 3),
        (16385, 4),
        (32768, 4),
        (32769, 5),
        (1_000_000, 5),
    ] {
        let t = Test::new().args(["--json", "--context-window", &window.to_string()]);
        let doc = json(&t);
        assert_eq!(doc["tier"], tier, "window {window}");
        assert_eq!(doc["mode"], "assistant");
    }
    // Without --context-window, the model's window (models.yaml) decides.
    let t = Test::new().args(["--json", "--model", "gpt-5.4"]);
    assert_eq!(json(&t)["tier"], 5);
    let t = Test::new()
        .file(
            ".asimi/templates/models.yaml",
            "models:\n  - {pattern: 'tiny*', family: default, provider: openai, \
             context_window: 8192, max_output_tokens: 1024, images: false, \
             min_cache_tokens: 1024}\n  - {pattern: '*', family: default, provider: openai, \
             context_window: 200000, max_output_tokens: 1024, images: false, \
             min_cache_tokens: 1024}\n",
        )
        .args(["--json", "--model", "tiny-1"]);
    assert_eq!(json(&t)["tier"], 2);
}

#[test]
fn each_mode_text_is_in_the_base_section() {
    for mode in MODES {
        for window in ["4096", "100000"] {
            let t = Test::new().args(["--json", "--mode", mode, "--context-window", window]);
            let doc = json(&t);
            assert_eq!(doc["mode"], *mode);
            let base = doc["sections"][0]["text"].as_str().unwrap();
            // The full base prompt heads the mode text; the compact one (tiers 1-3) has
            // no room for headings.
            let heading = match window {
                "4096" => format!("\n\nYou are in **{mode} mode**"),
                // The default model's family, claude, wraps it in a tag.
                _ => format!("# Current Mode\n\n<mode_instructions>\nYou are in **{mode} mode**"),
            };
            assert!(base.contains(&heading), "{mode} at {window}:\n{base}");
        }
    }
}

#[test]
fn mode_text_is_rendered_and_overridable() {
    // A project override, rendered with the prompt's data, reaches .ModeInstructions.
    let t = Test::new()
        .file("tpl/base/claude.md", "[{{.ModeInstructions}}]\n")
        .file(
            ".asimi/templates/modes/planning/tier4.md.tmpl",
            "Plan for {{.ModelFamily}}.\n\n",
        )
        .args(["--templates", "tpl", "--mode", "planning"])
        .args(["--context-window", "20000"])
        .args(base_only());
    let run = t.run();
    assert_eq!(run.ok(), "[Plan for claude.]\n");
    assert_eq!(run.stderr, "");
}

#[test]
fn mode_precedence_is_flag_env_project_user_default() {
    let t = Test::new().args(["--json"]);
    assert_eq!(json(&t)["mode"], "assistant");
    let t = t.config_file("config.yaml", "mode: user\n");
    assert_eq!(json(&t)["mode"], "user");
    let t = t.file(".asimi/config.yaml", "mode: debugger\n");
    assert_eq!(json(&t)["mode"], "debugger");
    let t = t.env("ASIMI_MODE", "planning");
    assert_eq!(json(&t)["mode"], "planning");
    let t = t.args(["--mode", "developer"]);
    assert_eq!(json(&t)["mode"], "developer");
}

#[test]
fn an_unknown_mode_is_an_error() {
    let valid = "expected one of assistant, developer, planning, debugger, user";
    let t = Test::new().args(["--mode", "chatty"]);
    assert_eq!(
        t.run().fails(),
        format!("asimi-prompt: --mode 'chatty': unknown mode; {valid}\n")
    );
    let t = Test::new().env("ASIMI_MODE", "Developer");
    assert_eq!(
        t.run().fails(),
        format!("asimi-prompt: ASIMI_MODE 'Developer': unknown mode; did you mean 'developer'? {valid}\n")
    );
    let t = Test::new().file(".asimi/config.yaml", "mode: fast\n");
    let file = show(&t.work.join(".asimi/config.yaml"));
    assert_eq!(
        t.run().fails(),
        format!("asimi-prompt: {file}: mode 'fast': unknown mode; {valid}\n")
    );
}

#[test]
fn an_invalid_context_window_is_an_error() {
    for (value, reason) in [
        ("0", "the context window must be at least 1 token"),
        (
            "abc",
            "expected a positive whole number of tokens, e.g. 8192",
        ),
        (
            "-5",
            "expected a positive whole number of tokens, e.g. 8192",
        ),
        (
            "8k",
            "expected a positive whole number of tokens, e.g. 8192",
        ),
    ] {
        let t = Test::new().args([format!("--context-window={value}")]);
        let err = t.run().fails().to_string();
        assert!(
            err.starts_with(&format!(
                "error: invalid value '{value}' for '--context-window <N>': {reason}\n"
            )),
            "{err}"
        );
    }
}

/// The design's budgets are for the tier templates (the mode text), and every tier holds
/// them alike: a mode text over its tier's budget warns with the same message at tiers 1
/// to 5, and the prompt is still printed.
#[test]
fn the_mode_text_is_held_to_the_budget_at_every_tier() {
    let sentence = "Check every file twice before you answer. ";
    for (window, tier, budget) in [
        (1000, 1, 200),
        (8000, 2, 500),
        (16000, 3, 1000),
        (20000, 4, 1500),
        (100000, 5, 1500),
    ] {
        // Just over the budget: 8 tokens a sentence.
        let over = sentence.repeat(budget / 8 + 2);
        let file = format!(".asimi/templates/modes/assistant/tier{tier}.md");
        let t = Test::new()
            .file(&file, &over)
            .args(["--context-window", &window.to_string()]);
        let run = t.run();
        assert!(run.ok().contains(over.trim()), "tier {tier}");
        let [tokens, _] = tiktoken_counts(over.trim());
        assert!(tokens > budget, "tier {tier}: {tokens}");
        assert_eq!(
            run.stderr,
            format!(
                "asimi-prompt: warning: the mode prompt ({}) is {tokens} tokens, over the \
                 tier-{tier} budget of {budget} tokens for a context window of {window} \
                 tokens; shorten it (the budget is the mode text's, at every tier)\n",
                show(&t.work.join(&file))
            ),
            "tier {tier}"
        );
        // Within the budget, it is quiet.
        let within = sentence.repeat(budget / 8 - 2);
        let t = Test::new()
            .file(&file, &within)
            .args(["--context-window", &window.to_string()]);
        assert_eq!(t.run().stderr, "", "tier {tier}");
    }
    // What the user adds around the mode text is not held to it: the context files,
    // memory, goal and skills are theirs to size (`--json` reports the whole prompt).
    let agents = "Keep every public function documented. ".repeat(40);
    let t = Test::new()
        .file("AGENTS.md", &agents)
        .args(["--context-window", "1000"]);
    let run = t.run();
    assert!(run.ok().contains(agents.trim()));
    assert_eq!(run.stderr, "");
    // Nor is the built-in base prompt of tiers 4-5 (the whole prompt is up to 4,843
    // tokens), whose mode text is within the budget.
    let run = Test::new().args(["--context-window", "100000"]).run();
    assert_eq!(run.stderr, "");
}

#[test]
fn json_reports_tokens_against_the_budget() {
    let t = Test::new().args(["--context-window", "4096"]);
    let doc: serde_json::Value = serde_json::from_str(t.run_with(&["--json"]).ok()).unwrap();
    let text = t.run().ok().to_string();
    let [tokens, _] = tiktoken_counts(text.trim_end_matches('\n'));
    assert_eq!(doc["tokens"], tokens);
    assert_eq!(doc["budget"], 200);
    // The mode text, which the budget is for.
    let mode = Test::new()
        .file("tpl/base/claude.md", "{{.ModeInstructions}}")
        .args(["--templates", "tpl", "--context-window", "4096"])
        .args(base_only())
        .run()
        .ok()
        .to_string();
    let [mode_tokens, _] = tiktoken_counts(mode.trim_end_matches('\n'));
    assert_eq!(doc["mode_tokens"], mode_tokens);
    assert!(mode_tokens <= 200 && mode_tokens < tokens, "{doc}");
    let doc = json(&Test::new().args(["--json", "--context-window", "100000"]));
    assert_eq!(doc["budget"], 1500);
    assert!(doc["tokens"].as_u64().unwrap() > 1500, "{doc}");
    assert!(doc["mode_tokens"].as_u64().unwrap() <= 1500, "{doc}");
}

#[test]
fn every_built_in_mode_template_is_within_its_budget() {
    // A base that is only the mode text, so the section is exactly the rendered template.
    for mode in MODES {
        for (i, (window, budget)) in TIERS.iter().enumerate() {
            let tier = i as u8 + 1;
            assert_eq!(modes::tier_for(*window), tier);
            assert_eq!(modes::tier_for(*window + 1), (tier + 1).min(5));
            let t = Test::new()
                .file("tpl/base/claude.md", "{{.ModeInstructions}}")
                .args(["--templates", "tpl", "--mode", mode])
                .args(["--context-window", &window.to_string(), "--json"]);
            let doc = json(&t);
            let text = doc["sections"][0]["text"].as_str().unwrap();
            assert!(
                text.starts_with(&format!("You are in **{mode} mode**")),
                "{text}"
            );
            assert_eq!(modes::budget(tier), *budget);
            for (n, encoding) in tiktoken_counts(text).into_iter().zip(["o200k", "cl100k"]) {
                assert!(
                    n <= *budget,
                    "modes/{mode}/tier{tier}: {n} tokens ({encoding}), budget {budget}"
                );
            }
        }
    }
}

/// The largest whole default prompt of each of `tiers` (window, budget), over every mode
/// and model family, inside a git repository and in a sandbox (counted by tiktoken-rs, not
/// the tokenizer under test). `prompt` gives the prompt of a model, mode, context window
/// and sandbox; `over` is told each prompt's tier index and token count.
fn largest_default_prompts(
    tiers: &[(u64, usize)],
    prompt: impl Fn(&[&str]) -> String,
    mut seen: impl FnMut(usize, usize, &str),
) -> Vec<usize> {
    let mut largest = vec![0usize; tiers.len()];
    for model in ["claude-sonnet-5-5", "gpt-5.4", "gemini-2.5-pro", "llama-3"] {
        for mode in MODES {
            for (i, (window, _)) in tiers.iter().enumerate() {
                for sandbox in ["none", "generic", "macos"] {
                    let text = prompt(&[
                        "--hermetic",
                        "--model",
                        model,
                        "--mode",
                        mode,
                        "--sandbox",
                        sandbox,
                        "--context-window",
                        &window.to_string(),
                    ]);
                    let [tokens, _] = tiktoken_counts(&text);
                    largest[i] = largest[i].max(tokens);
                    seen(i, tokens, &format!("{model} {mode} {sandbox}"));
                }
            }
        }
    }
    largest
}

/// At tiers 1-3 the whole default prompt, not only its mode text, fits the tier's budget
/// plus the stated margin (see [`largest_default_prompts`]); the largest of each tier is
/// returned.
fn assert_default_prompts_fit_small_tiers(prompt: impl Fn(&[&str]) -> String) -> [usize; 3] {
    let mut over = Vec::new();
    let largest = largest_default_prompts(&TIERS[..3], prompt, |i, tokens, what| {
        let limit = TIERS[i].1 * (100 + modes::BUDGET_MARGIN) / 100;
        if tokens > limit {
            over.push(format!("{what} tier {}: {tokens} > {limit}", i + 1));
        }
    });
    assert!(over.is_empty(), "over budget: {over:#?}");
    // The prompts are not trivially small either: each tier uses most of its budget.
    for (i, (_, budget)) in TIERS[..3].iter().enumerate() {
        assert!(largest[i] * 2 > *budget, "tier {}: {}", i + 1, largest[i]);
    }
    largest.try_into().unwrap()
}

/// What docs/system-prompt.md says before the largest prompts of tiers 1-3 (`A, B and C
/// tokens`): of the whole default prompt, and of a request's, with the map section.
const LARGEST_LEAD: &str = "the largest at tiers 1-3\nis ";
const LARGEST_WITH_MAP_LEAD: &str = "with the map section the\nlargest at tiers 1-3 is ";

/// The three figures docs/system-prompt.md gives after `lead`.
fn documented_largest<const N: usize>(lead: &str) -> [usize; N] {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/system-prompt.md"
    ))
    .unwrap();
    let at = page
        .find(lead)
        .unwrap_or_else(|| panic!("docs/system-prompt.md: {lead:?}"));
    let rest = page[at + lead.len()..].replace('\n', " ");
    // "218, 536 and 1,081" (or "3,710 and 4,412"): the list's commas have a space after them, a thousands
    // separator has none.
    let figures: Vec<usize> = rest[..rest.find(" tokens").unwrap()]
        .replace(" and ", ", ")
        .split(", ")
        .map(|n| n.replace(',', "").parse().unwrap())
        .collect();
    figures.try_into().unwrap()
}

/// The largest whole default prompt of tiers 1-3 is what docs/system-prompt.md says.
#[test]
fn the_whole_default_prompt_fits_small_tiers() {
    let t = Test::new().git();
    let largest = assert_default_prompts_fit_small_tiers(|args| {
        let run = t.run_with(&[&["system"], args].concat());
        run.ok().to_string()
    });
    assert_eq!(largest, documented_largest(LARGEST_LEAD));
}

/// The map section a request with a map adds to the system prompt
/// stays within the tier's budget plus the margin too, and the largest is the docs' figure.
#[test]
fn the_system_prompt_of_a_request_with_a_map_fits_small_tiers() {
    let t = common::mapped_project();
    let largest = assert_default_prompts_fit_small_tiers(|args| {
        let prompt = common::request_system_prompt(&t, &[&["--no-file-tree"], args].concat());
        assert!(
            prompt.contains("Repository map: ") || prompt.contains("# Repository Map\n"),
            "{args:?}: {prompt}"
        );
        prompt
    });
    assert_eq!(largest, documented_largest(LARGEST_WITH_MAP_LEAD));
}

/// What docs/system-prompt.md says before the largest whole default prompts of tiers 4-5.
const LARGE_TIERS_LEAD: &str = "the largest at tiers 4-5\nis ";

/// At tiers 4-5 the whole default prompt is over the design's 1,500 tokens on purpose (the
/// full base prompt; the mode text alone is within it): its largest is what
/// docs/system-prompt.md says, which docs/contributing/design.md states as the product's
/// difference, and still a small share of a tier-5 window.
#[test]
fn the_whole_default_prompt_at_large_tiers_is_the_documented_size() {
    let t = Test::new().git();
    let largest = largest_default_prompts(
        &TIERS[3..],
        |args| t.run_with(&[&["system"], args].concat()).ok().to_string(),
        |_, _, _| {},
    );
    assert_eq!(largest, documented_largest::<2>(LARGE_TIERS_LEAD));
    // Over the design's budget, which the design document records as a difference.
    assert!(largest.iter().all(|n| *n > TIERS[3].1), "{largest:?}");
    let differs = design_differences();
    assert!(differs.contains("**Tiers 4-5 budget.**"), "{differs}");
}

/// The built-in user mode is a mode of its own, not a copy of assistant mode: at every
/// tier its text is written for someone who may not be a programmer, and
/// docs/contributing/design.md states that difference. It stays the mode a user rewrites
/// (`.asimi/templates/modes/user/`).
#[test]
fn the_user_mode_is_its_own_text_as_documented() {
    let text = |mode: &str, window: u64| {
        let t = Test::new()
            .file("tpl/base/claude.md", "{{.ModeInstructions}}")
            .args(["--templates", "tpl", "--mode", mode])
            .args(["--context-window", &window.to_string(), "--json"]);
        json(&t)["sections"][0]["text"]
            .as_str()
            .unwrap()
            .to_string()
    };
    for (window, _) in TIERS {
        let user = text("user", window);
        assert_ne!(user, text("assistant", window), "tier of {window}");
        assert!(user.starts_with(USER_MODE_LEAD), "tier of {window}: {user}");
    }
    let differs = design_differences();
    assert!(differs.contains("**User mode.**"), "{differs}");
    // A user's own user mode replaces the built-in one, as the design's customisable
    // copies do.
    let t = Test::new()
        .file(".asimi/templates/modes/user/tier5.md", "Mine.")
        .args(["--mode", "user", "--context-window", "100000"]);
    assert!(t.run().ok().contains("Mine."));
}

/// How every built-in user mode text starts.
const USER_MODE_LEAD: &str =
    "You are in **user mode**: you are helping someone who may not be a programmer.";

/// docs/contributing/design.md's section on where the product deliberately differs from
/// the design documents.
fn design_differences() -> String {
    let design = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/contributing/design.md"
    ))
    .unwrap();
    let section = design
        .split("\n## Where the product differs from the design\n")
        .nth(1)
        .expect("design.md: the section on where the product differs");
    section
        .split("\n## ")
        .next()
        .unwrap_or_default()
        .to_string()
}
