//! The context spec (`--spec FILE.yaml|json`): every input of a request in one file.
//! Relative paths in it are relative to the spec file's directory. Command-line flags
//! override it (README, "Requests").

use crate::error::Error;
use std::collections::BTreeMap;

use serde::Deserialize;

use crate::request::item_key::{ItemKey, EXPECTED};
use crate::request::tier::Tier;

/// A context spec, as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// The current prompt.
    pub prompt: Option<String>,
    /// Working files.
    #[serde(default)]
    pub files: Vec<String>,
    /// Gitignore-style globs leaving files out of `files` and the file tree.
    #[serde(default)]
    pub exclude: Vec<String>,
    /// A JSON history file.
    pub history: Option<String>,
    /// Fetched URL content.
    #[serde(default)]
    pub url_context: Vec<UrlSpec>,
    /// Images for the prompt.
    #[serde(default)]
    pub images: Vec<String>,
    /// Whether to send the file tree (default true).
    pub file_tree: Option<bool>,
    /// A session name (stability tracking).
    pub session: Option<String>,
    pub model: Option<String>,
    pub provider: Option<String>,
    pub max_tokens: Option<u64>,
    pub stream: Option<bool>,
    /// `5m` or `1h`.
    pub cache_ttl: Option<String>,
    pub tokenizer: Option<String>,
    /// The symbol map.
    pub symbols: Option<SymbolsSpec>,
    /// Tier hints: item key (`file:PATH`, `symbol:PATH`, `history:N`) to `L0`–`L3` or
    /// `active`.
    #[serde(default)]
    pub tiers: BTreeMap<String, String>,
    /// The spec's name in messages (set by [`parse`]).
    #[serde(skip)]
    pub origin: String,
}

/// One fetched URL: its address and the file holding the content, or the content.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UrlSpec {
    pub url: String,
    pub file: Option<String>,
    pub content: Option<String>,
}

/// The symbol map: `false` switches the repository's map off; `true` leaves it on; a
/// legend and one block per path replace it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SymbolsSpec {
    pub legend: String,
    pub blocks: BTreeMap<String, String>,
    /// `symbols: false`.
    pub off: bool,
}

/// The map form of `symbols:`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GivenSymbols {
    #[serde(default)]
    legend: String,
    #[serde(default)]
    blocks: BTreeMap<String, String>,
}

impl<'de> Deserialize<'de> for SymbolsSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SymbolsSpec, D::Error> {
        d.deserialize_any(SymbolsVisitor)
    }
}

struct SymbolsVisitor;

impl<'de> serde::de::Visitor<'de> for SymbolsVisitor {
    type Value = SymbolsSpec;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("false, true, or a map with legend and blocks")
    }

    fn visit_bool<E: serde::de::Error>(self, on: bool) -> Result<SymbolsSpec, E> {
        Ok(SymbolsSpec {
            off: !on,
            ..SymbolsSpec::default()
        })
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<SymbolsSpec, A::Error> {
        let given = GivenSymbols::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
        Ok(SymbolsSpec {
            legend: given.legend,
            blocks: given.blocks,
            off: false,
        })
    }
}

/// Why an output limit of 0 is refused (`--max-tokens`, a spec's `max_tokens`).
pub const MAX_TOKENS_ZERO: &str =
    "the output limit must be at least 1 token; leave it out for the default";

/// Parses a spec; `origin` names it in errors (`origin:line:col: key 'k': message`).
/// JSON when `origin` ends in `.json`, else YAML.
pub fn parse(text: &str, origin: &str) -> Result<Spec, Error> {
    let mut spec: Spec = if origin.ends_with(".json") {
        crate::documents::from_json(text, origin).map_err(Error::data)?
    } else {
        if text.trim().is_empty() {
            return Ok(Spec {
                origin: origin.to_string(),
                ..Spec::default()
            });
        }
        crate::documents::from_yaml(text, origin).map_err(Error::data)?
    };
    spec.origin = origin.to_string();
    if spec.max_tokens == Some(0) {
        return Err(Error::data(format!(
            "{origin}: key 'max_tokens': {}",
            MAX_TOKENS_ZERO
        )));
    }
    for (key, tier) in &spec.tiers {
        if key.parse::<ItemKey>().is_err() {
            return Err(Error::data(format!(
                "{origin}: key 'tiers.{key}': {EXPECTED}"
            )));
        }
        tier.parse::<Tier>()
            .map_err(|e| Error::data(format!("{origin}: key 'tiers.{key}': {e}")))?;
    }
    for (i, u) in spec.url_context.iter().enumerate() {
        if u.file.is_some() == u.content.is_some() {
            return Err(Error::data(format!(
                "{origin}: key 'url_context[{i}]': give exactly one of file and content"
            )));
        }
    }
    Ok(spec)
}

/// The tier hints, parsed (`parse` has checked them); a hint for a key no item is written
/// as (`history:01`) matches nothing, and is left out.
pub fn tiers(spec: &Spec) -> BTreeMap<ItemKey, Tier> {
    spec.tiers
        .iter()
        .filter_map(|(k, v)| Some((ItemKey::named(k)?, v.parse().ok()?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_keys_name_line_and_key() {
        let e = parse("prompt: hi\nfiels: [a]\n", "s.yaml").unwrap_err();
        assert!(e.message.starts_with("s.yaml:2:1: "), "{e}");
        assert!(e.message.contains("fiels"), "{e}");
        let e = parse(
            "{\"prompt\": \"hi\",\n \"symbols\": {\"legnd\": \"\"}}",
            "s.json",
        )
        .unwrap_err();
        assert!(e.message.starts_with("s.json:2:"), "{e}");
        assert!(e.message.contains("key 'symbols.legnd'"), "{e}");
        let e = parse("symbols: 3\n", "s.yaml").unwrap_err();
        assert!(e.message.contains("false, true, or a map"), "{e}");
        let e = parse("tiers: {\"file:a\": L9}\n", "s.yaml").unwrap_err();
        assert!(e.message.contains("unknown tier 'L9'"), "{e}");
    }

    #[test]
    fn symbols_false_switches_the_map_off() {
        let off = parse("symbols: false\n", "s.yaml")
            .unwrap()
            .symbols
            .unwrap();
        assert!(off.off && off.blocks.is_empty());
        let on = parse("{\"symbols\": true}", "s.json")
            .unwrap()
            .symbols
            .unwrap();
        assert_eq!(on, SymbolsSpec::default());
        let given = parse("symbols: {legend: L, blocks: {a.rs: A}}\n", "s.yaml").unwrap();
        let given = given.symbols.unwrap();
        assert_eq!((given.legend.as_str(), given.off), ("L", false));
        assert_eq!(given.blocks["a.rs"], "A");
    }
}
