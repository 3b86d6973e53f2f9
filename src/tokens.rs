//! Token counts for the minimum-cacheable-prefix rule. OpenAI's encodings are exact for
//! OpenAI models; for other providers they are estimates (their tokenizers are not
//! public), close enough to decide whether a prefix clears a 1024–4096 token floor.
//!
//! Backed by `bpe-openai`, chosen over `tiktoken-rs` by `benches/tokens.rs`. When it was
//! chosen the bench read 4.4 MB of real Rust source and Markdown (451 files counted one
//! by one; both gave the same 1,184,769 o200k tokens) and measured, on the 2-core
//! development machine: o200k_base 26.8 MiB/s (bpe-openai) vs 5.1 MiB/s (tiktoken-rs);
//! cl100k_base 24.2 vs 4.1 MiB/s, about 5x. The bench now builds its own corpus from a
//! fixed seed and first asserts that both crates agree on every text.
//! Loading the o200k tables on first use: 59 ms vs 176 ms. That load was most of a
//! `messages` run, so marker placement first tries `at_least`, which needs no tables.

use std::str::FromStr;
use std::sync::OnceLock;

use regex_automata::meta::Regex;
use regex_automata::{Anchored, Input};

/// The split patterns of `o200k_base` and `cl100k_base` as bpe-openai writes them: the
/// first alternative of each, before `\s+\s` (a look-ahead in disguise) and `\s+`.
const O200K_SPLIT: [&str; 6] = [
    r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    r"\p{N}{1,3}",
    r" ?[^\s\p{L}\p{N}]+[\r\n/]*",
    r"\s*[\r\n]+",
    r"\s+$",
];
const CL100K_SPLIT: &str = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+$";

/// A BPE encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tokenizer {
    /// `o200k_base` (GPT-4o and later).
    #[default]
    O200k,
    /// `cl100k_base` (GPT-4, GPT-3.5).
    Cl100k,
}

impl Tokenizer {
    /// The number of tokens in `text`. The encoding's tables load on first use (tens of
    /// milliseconds), so runs that never count pay nothing. A long text is counted in
    /// parallel chunks that add up exactly (`token_chunks`).
    pub fn count(&self, text: &str) -> usize {
        crate::token_chunks::sum(text, |chunk| self.tables().count(chunk))
    }

    /// Loads the encoding's tables now, so that a count soon after need not wait for
    /// them (a thread that has nothing else to do calls it).
    pub fn load(&self) {
        self.tables();
    }

    /// The token ids of `text` (for prefix comparisons).
    pub fn encode(&self, text: &str) -> Vec<u32> {
        self.tables().encode(text)
    }

    fn tables(&self) -> &'static bpe_openai::Tokenizer {
        static O200K: OnceLock<&'static bpe_openai::Tokenizer> = OnceLock::new();
        static CL100K: OnceLock<&'static bpe_openai::Tokenizer> = OnceLock::new();
        match self {
            Tokenizer::O200k => O200K.get_or_init(bpe_openai::o200k_base),
            Tokenizer::Cl100k => CL100K.get_or_init(bpe_openai::cl100k_base),
        }
    }

    /// A lower bound on `count(text)` that needs no tables: the number of pieces the
    /// encoding's split pattern cuts `text` into, each of which is at least one token.
    /// Within about 10% of the count on source and prose, so a prefix that clearly clears
    /// a cache minimum is known to without loading the tables (about 60 ms a run).
    pub fn at_least(&self, text: &str) -> usize {
        crate::token_chunks::sum(text, |chunk| self.pieces(chunk))
    }

    /// The number of pieces the split pattern cuts `text` into (see `at_least`).
    fn pieces(&self, text: &str) -> usize {
        static O200K: OnceLock<Option<Regex>> = OnceLock::new();
        static CL100K: OnceLock<Option<Regex>> = OnceLock::new();
        let (cell, first) = match self {
            Tokenizer::O200k => (&O200K, O200K_SPLIT.join("|")),
            Tokenizer::Cl100k => (&CL100K, CL100K_SPLIT.to_string()),
        };
        // The patterns are fixed and tested, so a build failure cannot happen; if it did,
        // 0 is still a lower bound.
        let Some(re) =
            cell.get_or_init(|| Regex::new_many(&[first.as_str(), r"\s+\s", r"\s+"]).ok())
        else {
            return 0;
        };
        let mut pieces = 0;
        let mut at = 0;
        while at < text.len() {
            let Some(m) = re.find(Input::new(&text[at..]).anchored(Anchored::Yes)) else {
                break;
            };
            let mut end = at + m.range().end;
            // `\s+\s` stands for `\s+(?!\S)`: its last character is look-ahead.
            if m.pattern().as_usize() == 1 {
                let last = text[at..end].chars().next_back().map_or(0, char::len_utf8);
                if end - last > at {
                    end -= last;
                }
            }
            if end == at {
                break;
            }
            at = end;
            pieces += 1;
        }
        pieces
    }

    pub fn name(&self) -> &'static str {
        match self {
            Tokenizer::O200k => "o200k_base",
            Tokenizer::Cl100k => "cl100k_base",
        }
    }
}

impl FromStr for Tokenizer {
    type Err = String;

    fn from_str(s: &str) -> Result<Tokenizer, String> {
        match s.to_ascii_lowercase().as_str() {
            "o200k" | "o200k_base" => Ok(Tokenizer::O200k),
            "cl100k" | "cl100k_base" => Ok(Tokenizer::Cl100k),
            _ => Err(format!(
                "unknown tokenizer '{s}'; expected o200k (o200k_base) or cl100k (cl100k_base)"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_names() {
        assert_eq!("o200k_base".parse::<Tokenizer>(), Ok(Tokenizer::O200k));
        assert_eq!("cl100k".parse::<Tokenizer>(), Ok(Tokenizer::Cl100k));
        assert!("gpt2".parse::<Tokenizer>().is_err());
        assert_eq!(Tokenizer::O200k.count(""), 0);
        assert_eq!(Tokenizer::O200k.count("hello world"), 2);
        assert_eq!(Tokenizer::Cl100k.count("hello world"), 2);
    }

    #[test]
    fn at_least_is_the_split_count_and_a_lower_bound() {
        let samples = [
            "",
            "hello world",
            "fn main() {\n    println!(\"{}\", 1 + 22 + 333_4444);\n}\n",
            "  leading and trailing   \n\n\t\n   ",
            "Ünïcödé naïve café 東京 😀 don't WE'LL I'm",
            "========================================\n--//--\r\n",
            include_str!("../README.md"),
            include_str!("app.rs"),
        ];
        for (tokenizer, bpe) in [
            (Tokenizer::O200k, bpe_openai::o200k_base()),
            (Tokenizer::Cl100k, bpe_openai::cl100k_base()),
        ] {
            for text in samples {
                let bound = tokenizer.at_least(text);
                assert_eq!(bound, bpe.split(text).count(), "{tokenizer:?}: {text:?}");
                assert!(bound <= tokenizer.count(text));
            }
        }
    }
}
