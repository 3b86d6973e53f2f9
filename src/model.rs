//! The model registry (`models.yaml`): what each model family takes, its window, output
//! limits, prices and dates; the provider's default model; the spelling suggestions.

use serde::{Deserialize, Serialize};
use std::cmp::Reverse;

/// One entry of `models.yaml`: what we know about models whose name matches `pattern`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelInfo {
    /// A glob on the model name (`*` matches any run of characters).
    pub pattern: String,
    /// Which base prompt family to use: claude, gpt, gemini or default.
    pub family: String,
    /// The provider whose API the model is usually reached through.
    pub provider: String,
    /// Context window, in tokens.
    pub context_window: u64,
    /// Largest output, in tokens.
    pub max_output_tokens: u64,
    /// Whether the model accepts images.
    pub images: bool,
    /// The shortest prefix, in tokens, the provider will cache.
    pub min_cache_tokens: u64,
    /// Cached input prices relative to uncached input, in percent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_price: Option<Prices>,
    /// The largest output a client SDK lets a non-streamed request ask for, where it is
    /// below [`NONSTREAMING_MAX_TOKENS`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_nonstreaming_tokens: Option<u64>,
    /// List prices in US dollars per million tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<ListPrice>,
    /// The provider's end-of-life date (`YYYY-MM-DD`), once announced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<String>,
    /// The model the provider names to move to once this one is retired; the provider's
    /// default model when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaced_by: Option<String>,
    /// Where the entry's figures come from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub source: Vec<String>,
    /// Explicit cache breakpoints (OpenAI's GPT-5.6 and later): the body marks where each
    /// cached prefix ends (`prompt_cache_breakpoint`), and a read ends exactly where an
    /// earlier breakpoint ended (see `request::reuse`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cache_breakpoints: bool,
    /// Gemini's explicit caching (`cachedContents`, `--cache-create`): offered up to
    /// Gemini 3.x, not from Gemini 4 Argon on, which caches implicitly only.
    #[serde(default = "offered", skip_serializing_if = "is_offered")]
    pub cached_contents: bool,
    /// A fallback for names no entry describes (`claude-*`), with its family's figures:
    /// a model only a fallback (or the last entry, `*`) matches is unknown.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fallback: bool,
}

/// `cached_contents` when an entry does not say: what every Gemini model before Gemini 4
/// offers.
fn offered() -> bool {
    true
}

/// Leaves the default out of `models --json`.
fn is_offered(cached_contents: &bool) -> bool {
    *cached_contents
}

impl ModelInfo {
    /// Whether the entry describes models rather than standing in for unknown ones.
    pub fn is_known(&self) -> bool {
        !self.fallback && self.pattern != "*"
    }

    /// Whether the provider has shut the model down by `today` (`YYYY-MM-DD`): its
    /// end-of-life date is today or earlier, so requests to it fail.
    pub fn is_retired(&self, today: &str) -> bool {
        self.deprecated.as_deref().is_some_and(|date| date <= today)
    }

    /// The model to use instead of `model` (this entry's name for it).
    pub fn replacement(&self, model: &str) -> String {
        match &self.replaced_by {
            Some(name) => name.clone(),
            None => default_model_for_name(&self.provider, model).to_string(),
        }
    }

    /// Why a request for `model` stops when the model is retired by `today`: its end of
    /// life, and what to send instead.
    pub fn retired_error(&self, model: &str, today: &str) -> Option<String> {
        let date = self
            .deprecated
            .as_deref()
            .filter(|_| self.is_retired(today))?;
        Some(format!(
            "model '{model}' was retired on {date} (its provider's end of life), so requests \
             to it fail; use {} instead, or add --allow-retired to send it anyway",
            self.replacement(model)
        ))
    }
}

/// List prices, in US dollars per million tokens (`models.yaml`'s `price`).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListPrice {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<f64>,
    /// A cache write with the default lifetime (Anthropic's 5 minutes, OpenAI's 30).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_write: Option<f64>,
    /// A cache write with a one-hour lifetime (`--cache-ttl 1h`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_write_1h: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_read: Option<f64>,
    /// Keeping an explicit cache entry (Gemini's `cachedContents`), per million tokens
    /// per hour of its lifetime: what weighs an item joining the entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_storage: Option<f64>,
}

/// Prices of cached input relative to uncached input, in percent (`models.yaml`'s
/// `cache_price`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prices {
    pub read: u32,
    pub write: u32,
    /// Writes with a one-hour TTL; `write` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub write_1h: Option<u32>,
}

impl Prices {
    /// No discount and no surcharge: what a model without `cache_price` is priced at.
    pub const NONE: Prices = Prices {
        read: 100,
        write: 100,
        write_1h: None,
    };
}

/// The model every command uses when neither `--model` (or the spec's `model`),
/// `ASIMI_MODEL` nor a config file's `model` names one, and no `--provider` chose its
/// own: Anthropic's current Sonnet, which its SDK does not mark deprecated (anthropic
/// 2.17.0, `_data/deprecated_models.py`). `system` and `messages` agree on it, so the
/// prompt CI checks is the one that is sent.
pub const DEFAULT_MODEL: &str = "claude-sonnet-5-5";

/// Each provider's default model, for `--provider P` without a model: a current model of
/// P's own, never another provider's name.
pub const PROVIDER_DEFAULTS: &[(&str, &str)] = &[
    ("anthropic", DEFAULT_MODEL),
    // Current (openai 3.63.0 marks gpt-5.4-nano, not gpt-5.4, deprecated), with the
    // automatic prefix caching every OpenAI model before GPT-5.6 has.
    ("openai", "gpt-5.4"),
    ("openai-responses", "gpt-5.4"),
    ("openrouter", "anthropic/claude-sonnet-5.5"),
    ("gemini", "gemini-3.8-flash"),
];

/// The default model for `provider` (by its name), else [`DEFAULT_MODEL`].
pub fn default_model_for(provider: Option<&str>) -> &'static str {
    PROVIDER_DEFAULTS
        .iter()
        .find(|(p, _)| Some(*p) == provider)
        .map_or(DEFAULT_MODEL, |(_, m)| m)
}

/// OpenRouter's current model of each vendor, by the vendor prefix of its names: a
/// retired `openai/o3` is replaced by an OpenAI model, not by OpenRouter's default.
const OPENROUTER_VENDOR_DEFAULTS: &[(&str, &str)] = &[
    ("openai/", "openai/gpt-5.4"),
    ("google/", "google/gemini-3.8-flash"),
];

/// The default model for `provider` that comes from the same vendor as `model`.
fn default_model_for_name(provider: &str, model: &str) -> &'static str {
    let vendor = OPENROUTER_VENDOR_DEFAULTS
        .iter()
        .find(|(prefix, _)| provider == "openrouter" && model.starts_with(prefix));
    match vendor {
        Some((_, name)) => name,
        None => default_model_for(Some(provider)),
    }
}

/// The largest `max_tokens` Anthropic's Python SDK sends without streaming. anthropic
/// 2.12.0, `_base_client.py` `_calculate_nonstreaming_timeout`: it expects
/// `60 * 60 * max_tokens / 128_000` seconds and refuses above 10 minutes ("Streaming is
/// required for operations that may take longer than 10 minutes"), i.e. above 21,333.
/// Its `_constants.py` `MODEL_NONSTREAMING_TOKENS` lowers that to 8,192 for Opus 4 and
/// 4.1 (`max_nonstreaming_tokens` in models.yaml).
pub const NONSTREAMING_MAX_TOKENS: u64 = 21_333;

impl ModelInfo {
    /// The output limit a request asks for when none is given: the model's maximum when
    /// the response is streamed, else no more than a non-streamed request may ask for.
    pub fn default_max_tokens(&self, stream: bool) -> u64 {
        let max = self.max_output_tokens.max(1);
        if stream {
            return max;
        }
        let cap = self
            .max_nonstreaming_tokens
            .unwrap_or(NONSTREAMING_MAX_TOKENS)
            .min(NONSTREAMING_MAX_TOKENS);
        max.min(cap).max(1)
    }
}

/// The model registry: entries in order; the first whose pattern matches wins.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelRegistry {
    /// When the entries were last compared with the providers' pages and SDKs
    /// (`YYYY-MM-DD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<String>,
    pub models: Vec<ModelInfo>,
}

impl ModelRegistry {
    /// Parses `models.yaml` text; `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<ModelRegistry, String> {
        crate::documents::check_yaml_depth(text, origin)?;
        let registry: ModelRegistry = serde_yaml::from_str(text).map_err(|e| {
            // The position goes up front, so the message's own " at line ..." is dropped.
            let msg = e.to_string();
            let msg = crate::documents::strip_position(&msg);
            match e.location() {
                Some(l) => format!("{origin}:{}:{}: {msg}", l.line(), l.column()),
                None => format!("{origin}: {msg}"),
            }
        })?;
        registry.validate(origin)
    }

    /// The built-in registry (templates/models.yaml, converted by build.rs).
    pub fn builtin() -> ModelRegistry {
        let (checked, entries) = BUILTIN;
        let registry = ModelRegistry {
            checked: checked.map(str::to_string),
            models: entries
                .iter()
                .map(|(_, json)| builtin_entry(json))
                .collect(),
        };
        registry
            .validate(BUILTIN_ORIGIN)
            .expect("the built-in registry ends with a catch-all entry")
    }

    /// The built-in entry for `model`, and its [`notice`](Self::notice), from that one
    /// entry: the whole registry is read only for an unknown model's notice, which names
    /// the closest known names.
    pub fn builtin_lookup(model: &str, today: &str) -> (ModelInfo, Option<String>) {
        let (_, entries) = BUILTIN;
        let (_, json) = entries
            .iter()
            .find(|(pattern, _)| glob_match(pattern, model))
            .unwrap_or(&entries[entries.len() - 1]);
        let entry = builtin_entry(json);
        let notice = match entry_notice(&entry, model, today) {
            Ok(notice) => notice,
            Err(Unknown) => ModelRegistry::builtin().notice(model, today),
        };
        (entry, notice)
    }

    fn validate(self, origin: &str) -> Result<ModelRegistry, String> {
        let registry = self;
        // A family names template files (`base/FAMILY.md`): a name, never a path.
        if let Some(m) = registry
            .models
            .iter()
            .find(|m| !crate::paths::is_plain_name(&m.family))
        {
            return Err(format!(
                "{origin}: pattern \"{}\": family '{}' is not a plain name (no '/', '\\' \
                 or '..'); name a base template, as 'claude' names base/claude.md",
                m.pattern, m.family
            ));
        }
        if !registry.models.iter().any(|m| m.pattern == "*") {
            return Err(format!(
                "{origin}: the last entry must have pattern \"*\" (the default for unknown models)"
            ));
        }
        Ok(registry)
    }

    /// The entry for `model` (the catch-all entry for unknown models).
    pub fn lookup(&self, model: &str) -> &ModelInfo {
        self.models
            .iter()
            .find(|m| glob_match(&m.pattern, model))
            .unwrap_or_else(|| &self.models[self.models.len() - 1])
    }

    /// What a user should hear about `model` on `today`: that it is retired or
    /// deprecated (with its end of life), or that no entry describes it (with the closest
    /// known names and what it falls back to). `None` for a known, current model, or no
    /// model.
    pub fn notice(&self, model: &str, today: &str) -> Option<String> {
        let entry = self.lookup(model);
        entry_notice(entry, model, today)
            .unwrap_or_else(|Unknown| Some(self.unknown_notice(model, entry, today)))
    }

    /// The notice for `model`, which no entry describes: `entry` is the fallback it gets.
    fn unknown_notice(&self, model: &str, entry: &ModelInfo, today: &str) -> String {
        let near = self.closest(model, 3, today);
        let near = match near.as_slice() {
            [] => String::new(),
            names => format!("did you mean {}? ", names.join(", ")),
        };
        format!(
            "unknown model '{model}': {near}using the '{}' entry (family {}, provider {}, \
             context window {}, output {}){}; add it to models.yaml to describe it",
            entry.pattern,
            entry.family,
            entry.provider,
            entry.context_window,
            entry.max_output_tokens,
            body_shape(entry),
        )
    }

    /// Known model names, each with its entry: the patterns of known entries without
    /// their trailing `*` (a pattern with a `*` inside names no one model).
    fn names(&self) -> impl Iterator<Item = (&str, &ModelInfo)> {
        self.models
            .iter()
            .filter(|m| m.is_known())
            .map(|m| {
                (
                    m.pattern
                        .trim_end_matches('*')
                        .trim_end_matches(NAME_SEPARATORS),
                    m,
                )
            })
            .filter(|(name, _)| !name.contains('*'))
    }

    /// The names shell completions offer, sorted: every known name (that is a model's
    /// name, not a stem such as `gemma-4-`) but those retired by the day the registry
    /// was checked (a fixed day, so the committed scripts stay
    /// the same from one day to the next).
    pub fn completion_names(&self) -> Vec<String> {
        let checked = self.checked.as_deref().unwrap_or_default();
        let mut names: Vec<String> = self
            .names()
            .filter(|(name, m)| !m.is_retired(checked) && self.lookup(name).is_known())
            .map(|(name, _)| name.to_string())
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// Up to `n` known model names closest to `model`, closest first; a retired model
    /// is never offered, its replacement is.
    pub fn closest(&self, model: &str, n: usize, today: &str) -> Vec<String> {
        let model = model.to_ascii_lowercase();
        let mut scored: Vec<(f64, String)> = self
            .names()
            .map(|(name, m)| (strsim::jaro_winkler(&model, name), current(name, m, today)))
            .filter(|(score, _)| *score >= 0.8)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        first_n_distinct(scored.into_iter().map(|(_, name)| name), n)
    }

    /// The known names `model` reads as a misspelling of (see [`misspells`]), closest
    /// first, a retired one replaced by its successor; empty when `model` is known, or
    /// resembles no known name (a local model's, or one newer than the registry).
    pub fn misspelt(&self, model: &str, today: &str) -> Vec<String> {
        if model.is_empty() || self.lookup(model).is_known() {
            return Vec::new();
        }
        let typed = model.to_ascii_lowercase();
        // Closest first: fewest edits, the whole name before a start, the longer name
        // (the more specific) before the shorter.
        let mut near: Vec<(usize, bool, Reverse<usize>, String)> = self
            .names()
            .filter_map(|(name, m)| {
                let (edits, start) = misspells(&typed, name, m.pattern.ends_with('*'))?;
                Some((edits, start, Reverse(name.len()), current(name, m, today)))
            })
            .collect();
        near.sort();
        let fewest = near.first().map(|n| n.0);
        let nearest = near.into_iter().filter(|n| Some(n.0) == fewest);
        first_n_distinct(nearest.map(|n| n.3), SUGGESTIONS)
    }
}

/// The built-in registry as build.rs wrote it: when it was checked, and each entry's
/// pattern beside the entry as JSON, in the file's order.
const BUILTIN: (Option<&str>, &[(&str, &str)]) = include!(concat!(env!("OUT_DIR"), "/models.rs"));
/// The built-in registry's name in messages.
const BUILTIN_ORIGIN: &str = "built-in:models.yaml";

/// An entry of [`BUILTIN`].
fn builtin_entry(json: &str) -> ModelInfo {
    serde_json::from_str(json).expect("build.rs checked templates/models.yaml")
}

/// A model no entry describes, whose notice needs the whole registry.
struct Unknown;

/// What a user should hear about `model` from its entry alone: that it is retired or
/// deprecated (with its end of life); `None` for a known, current model, or no model.
fn entry_notice(entry: &ModelInfo, model: &str, today: &str) -> Result<Option<String>, Unknown> {
    if model.is_empty() {
        return Ok(None);
    }
    if let Some(date) = &entry.deprecated {
        let state = match entry.is_retired(today) {
            true => format!("was retired on {date}, so requests to it fail"),
            false => format!("is deprecated and reaches its end of life on {date}"),
        };
        return Ok(Some(format!(
            "model '{model}' {state}; choose a current model, such as {} \
             (`asimi-prompt models` lists them)",
            entry.replacement(model)
        )));
    }
    match entry.is_known() {
        true => Ok(None),
        false => Err(Unknown),
    }
}

/// How many names a misspelt model's error offers.
const SUGGESTIONS: usize = 3;

/// The most edits (Damerau–Levenshtein) between a typed name and a known one for the
/// typed one to read as a misspelling; a name shorter than [`LONG_NAME`] allows one.
const TYPO_EDITS: usize = 2;
/// See [`TYPO_EDITS`].
const LONG_NAME: usize = 8;
/// What may follow a known name inside a longer one (`claude-sonnet-5-5-20261001`).
const NAME_SEPARATORS: &[char] = &['-', '.', '@', ':', '_'];

/// How far `typed` (lowercase) is from the known name `known` when it reads as a
/// misspelling of it: the edits, and whether only its start was (`false` sorts the
/// whole name's first). A misspelling is a few edits apart and in the letters: names
/// that differ in versions alone (`claude-sonnet-6`, one the registry does not know
/// yet) are not. With `prefix` (the pattern ends in `*`), a long name may also be
/// misspelt at the start of `typed`, up to a separator (`claude-sonet-5-5-20261001`).
fn misspells(typed: &str, known: &str, prefix: bool) -> Option<(usize, bool)> {
    let long = known.chars().count() >= LONG_NAME;
    let allowed = if long { TYPO_EDITS } else { 1 };
    let starts = typed
        .char_indices()
        .filter(|(_, c)| prefix && long && NAME_SEPARATORS.contains(c))
        .map(|(i, _)| &typed[..i]);
    std::iter::once((typed, false))
        .chain(starts.map(|part| (part, true)))
        .filter(|(part, _)| !letters(part).eq(letters(known)))
        .map(|(part, start)| (strsim::damerau_levenshtein(part, known), start))
        .filter(|(edits, _)| (1..=allowed).contains(edits))
        .min()
}

/// The letters of a name, in order: names with the same letters differ in versions.
fn letters(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars().filter(char::is_ascii_alphabetic)
}

/// The name to offer for the known `name`: its replacement once `entry` is retired.
fn current(name: &str, entry: &ModelInfo, today: &str) -> String {
    match entry.is_retired(today) {
        true => entry.replacement(name),
        false => name.to_string(),
    }
}

/// The first `n` distinct names, in order.
fn first_n_distinct(names: impl Iterator<Item = String>, n: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in names {
        if out.len() == n {
            break;
        }
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// What an unknown name's fallback entry sends, said where it is not the family's own
/// API: the catch-all sends OpenAI's shape, which local servers take.
fn body_shape(entry: &ModelInfo) -> String {
    match entry.pattern.as_str() {
        "*" => format!(
            "; the body is {}'s shape, which local OpenAI-compatible servers take \
             (--provider chooses another)",
            entry.provider
        ),
        _ => String::new(),
    }
}

/// Matches `name` against a pattern where `*` stands for any run of characters.
/// Comparison ignores ASCII case, as model names are case-insensitive in practice.
pub fn glob_match(pattern: &str, name: &str) -> bool {
    let p = pattern.to_ascii_lowercase();
    let n = name.to_ascii_lowercase();
    let parts: Vec<&str> = p.split('*').collect();
    if parts.len() == 1 {
        return p == n;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !n.starts_with(first) || !n[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &n[first.len()..n.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// anthropic 2.12.0's `_calculate_nonstreaming_timeout` with its
    /// `MODEL_NONSTREAMING_TOKENS`, restated: whether `messages.create` without streaming
    /// accepts `max_tokens` for `model`.
    fn sdk_accepts(model: &str, max_tokens: u64) -> bool {
        const MODEL_NONSTREAMING_TOKENS: [(&str, u64); 3] = [
            ("claude-opus-4-20250514", 8_192),
            ("claude-opus-4-0", 8_192),
            ("claude-4-opus-20250514", 8_192),
        ];
        let expected_seconds = 60.0 * 60.0 * max_tokens as f64 / 128_000.0;
        let cap = MODEL_NONSTREAMING_TOKENS
            .iter()
            .find(|(m, _)| *m == model)
            .map(|(_, n)| *n);
        expected_seconds <= 600.0 && cap.is_none_or(|c| max_tokens <= c)
    }

    #[test]
    fn default_output_limits_are_accepted_unstreamed_by_the_sdk() {
        let registry = ModelRegistry::builtin();
        let names = [
            "claude-opus-4-20250514",
            "claude-opus-4-0",
            "claude-4-opus-20250514",
            "claude-opus-4-1-20250805",
            "claude-sonnet-4-5",
            "claude-3-7-sonnet-latest",
        ];
        for name in names {
            let n = registry.lookup(name).default_max_tokens(false);
            assert!(sdk_accepts(name, n), "{name}: {n}");
        }
        for m in registry.models.iter().filter(|m| m.provider == "anthropic") {
            let n = m.default_max_tokens(false);
            assert!(
                sdk_accepts(&m.pattern.replace('*', ""), n),
                "{}: {n}",
                m.pattern
            );
            assert_eq!(m.default_max_tokens(true), m.max_output_tokens);
        }
        assert!(sdk_accepts("claude-sonnet-4-5", NONSTREAMING_MAX_TOKENS));
        assert!(!sdk_accepts(
            "claude-sonnet-4-5",
            NONSTREAMING_MAX_TOKENS + 1
        ));
    }

    #[test]
    fn a_builtin_lookup_reads_as_the_whole_registry() {
        let registry = ModelRegistry::builtin();
        let today = "2026-12-06";
        let known = registry.models.iter().map(|m| m.pattern.replace('*', "-x"));
        let others = [
            "",
            "claude-sonet-5-5",
            "gpt-9",
            "llama3:8b",
            "org/model",
            "GEMINI-2.5-PRO",
        ];
        let names: Vec<String> = known.chain(others.map(String::from)).collect();
        let mut deprecated = 0;
        for name in &names {
            let (entry, notice) = ModelRegistry::builtin_lookup(name, today);
            assert_eq!(&entry, registry.lookup(name), "{name}");
            assert_eq!(notice, registry.notice(name, today), "{name}");
            deprecated += usize::from(entry.deprecated.is_some());
        }
        assert!(deprecated > 0 && names.len() > 100);
    }

    /// A misspelling is a few edits apart and in the letters; a version change, a
    /// local model's name or a known name is none.
    #[test]
    fn misspellings() {
        let r = ModelRegistry::builtin();
        let today = "2026-12-06";
        assert_eq!(
            r.misspelt("claude-sonet-5-5", today)[0],
            "claude-sonnet-5-5"
        );
        assert_eq!(
            r.misspelt("CLAUDE-SONET-5-5", today)[0],
            "claude-sonnet-5-5"
        );
        assert_eq!(r.misspelt("gpt-5.4-nanoo", today), Vec::<String>::new());
        for none in [
            "claude-sonnet-5-5",
            "claude-sonnet-6",
            "llama3.1:8b",
            "foo",
            "o9",
            "",
        ] {
            assert_eq!(r.misspelt(none, today), Vec::<String>::new(), "{none}");
        }
        assert_eq!(misspells("o3-mni", "o3-mini", true), Some((1, false)));
        assert_eq!(misspells("ollama", "o1", true), None);
    }

    #[test]
    fn globs() {
        assert!(glob_match("claude-*", "claude-sonnet-4-5"));
        assert!(glob_match("*sonnet*", "anthropic/claude-sonnet-4"));
        assert!(glob_match("gpt-4o", "GPT-4o"));
        assert!(!glob_match("gpt-4o", "gpt-4o-mini"));
        assert!(glob_match("gpt-4o*", "gpt-4o-mini"));
        assert!(glob_match("*", ""));
        assert!(!glob_match("a*b*c", "acb"));
    }

    #[test]
    fn builtin_registry_matches_the_yaml() {
        let yaml = include_str!("../templates/models.yaml");
        assert_eq!(
            ModelRegistry::builtin(),
            ModelRegistry::parse(yaml, "models.yaml").unwrap()
        );
        let r = ModelRegistry::builtin();
        assert_eq!(r.lookup("claude-sonnet-4-5").family, "claude");
        assert_eq!(r.lookup("no-such-model").pattern, "*");
    }
}
