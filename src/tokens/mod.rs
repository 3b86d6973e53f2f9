//! Token counts for the minimum-cacheable-prefix rule. OpenAI's encodings are exact for
//! OpenAI models; for other providers they are estimates (their tokenizers are not
//! public), close enough to decide whether a prefix clears a 1024–4096 token floor.
//!
//! Text is split as the encodings split it (the patterns below, run by regex-automata),
//! then each piece is merged by `bpe::Vocabulary`, whose vocabularies build.rs extracts
//! from bpe-openai. tests/integration/token_counts.rs checks the counts against bpe-openai and
//! tiktoken-rs on real code and prose; benches/tokens.rs measures the speed of all three
//! and the cost of the first count.
//!
//! How the tables are stored decides the binary's size and what a run's first count costs.
//! Measured on the 2-core development machine while other builds ran (so CPU times, from
//! one hyperfine run of `context --model gpt-4o --prompt hi` in a small repository):
//!
//! | tables | in the binary | first count |
//! |---|---|---|
//! | bpe-openai's serialized automata (o200k + cl100k), decoded on first use | 47.2 MB | 76 ms CPU per run |
//! | the same, gzip-compressed | 16.7 MB (o200k alone) | + 309 ms to expand |
//! | bpe's `from_dictionary` on tiktoken's 1.7 MB o200k file | 2.5 MB | 6.0 s |
//! | bare vocabularies, indexed on first use | 2.3 MB | 44 ms CPU per run (`Vocabulary::new` 39% of it) |
//! | bare vocabularies and their index, read in place (chosen) | 6.4 MB | 19 ms CPU per run, none of it in `tokens` |
//!
//! docs/contributing/performance.md ("Binary size") has the whole binary's size as it is now, and
//! `scripts/bench.sh size` measures it.
//!
//! Counting speed, benches/tokens.rs in one run on the same loaded machine: o200k_base
//! 8.0 MiB/s here vs 21.1 for bpe-openai and 2.8 for tiktoken-rs; cl100k_base 12.0 vs 8.7
//! and 1.6. On real Rust sources (`context` over 3.2 MB of the cargo registry) a whole run
//! took 384 ms CPU vs 434 with bpe-openai. The gap is in long pieces (runs of letters in
//! scripts without spaces): merging pieces over 32 bytes rather than 128 through the heap
//! took such text from 14 to 23 MiB/s and left Rust sources at 34 (o200k, standalone).

mod bpe;
mod chunks;
mod index;
mod split;

use std::str::FromStr;
use std::sync::OnceLock;

use crate::digest::ContentId;

/// What the memo remembers counts under (with the encoding's name).
const MEMO_TOKENS: &[u8] = b"tokens";
const MEMO_PIECES: &[u8] = b"pieces";
/// The same, for a whole text by its id.
const MEMO_PIECES_OF: &[u8] = b"pieces of";

/// The counting code, in the memo's keys: a change to it forgets the counts it made.
fn code_version() -> &'static [u8] {
    static VERSION: OnceLock<crate::memo::Key> = OnceLock::new();
    VERSION.get_or_init(|| {
        crate::memo::key(&[
            include_bytes!("mod.rs"),
            include_bytes!("bpe.rs"),
            include_bytes!("chunks.rs"),
            include_bytes!("index.rs"),
            include_bytes!("split.rs"),
        ])
    })
}

thread_local! {
    /// Each thread's recently counted pieces, per encoding.
    static RECENT: std::cell::RefCell<[bpe::RecentCounts; 2]> = Default::default();
}

/// A text's chunks and their remembered counts under an encoding
/// ([`Tokenizer::measure`]).
pub struct Measured<'a> {
    tokenizer: Tokenizer,
    known: chunks::Known<'a>,
}

impl Measured<'_> {
    /// [`Tokenizer::at_most`] of the text.
    pub fn at_most(&self) -> usize {
        self.known.bound()
    }

    /// [`Tokenizer::count`] of the text.
    pub fn count(&self) -> usize {
        let t = self.tokenizer;
        self.known.sum(|chunk| {
            let vocabulary = t.vocabulary();
            let mut parts = Vec::new();
            RECENT.with_borrow_mut(|recent| {
                let recent = &mut recent[t as usize];
                t.pieces(chunk)
                    .map(|piece| recent.count(&vocabulary, piece.as_bytes(), &mut parts))
                    .sum()
            })
        })
    }
}

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
    /// The number of tokens in `text`. A long text is counted in chunks that add up
    /// exactly, each remembered across runs and counted in parallel when it is not
    /// (`chunks`).
    pub fn count(&self, text: &str) -> usize {
        self.measure(text).count()
    }

    /// An upper bound on `count(text)` that counts nothing: the remembered counts of the
    /// chunks the memo knows, and a byte per token for the rest. Exact for a text
    /// counted before, so a later run knows that a request fits without counting it.
    pub fn at_most(&self, text: &str) -> usize {
        self.measure(text).at_most()
    }

    /// `text` cut into chunks and looked up in the memo, once, for both
    /// [`Tokenizer::at_most`] and [`Tokenizer::count`].
    pub fn measure<'a>(&self, text: &'a str) -> Measured<'a> {
        Measured {
            tokenizer: *self,
            known: chunks::known(text, &self.token_kind()),
        }
    }

    /// What the memo remembers token counts under.
    fn token_kind(&self) -> [&'static [u8]; 3] {
        [MEMO_TOKENS, code_version(), self.name().as_bytes()]
    }

    /// The token ids of `text` (for prefix comparisons).
    pub fn encode(&self, text: &str) -> Vec<u32> {
        let vocabulary = self.vocabulary();
        let (mut parts, mut out) = (Vec::new(), Vec::new());
        for piece in self.pieces(text) {
            vocabulary.encode(piece.as_bytes(), &mut parts, &mut out);
        }
        out
    }

    /// The encoding's vocabulary and index, as build.rs wrote them into the binary: a
    /// run's first count only faults in the pages it reads.
    fn vocabulary(&self) -> bpe::Vocabulary {
        macro_rules! vocabulary {
            ($name:literal) => {
                bpe::Vocabulary::new(
                    include_bytes!(concat!(env!("OUT_DIR"), "/", $name, ".bytes")),
                    include_bytes!(concat!(env!("OUT_DIR"), "/", $name, ".starts")),
                    include_bytes!(concat!(env!("OUT_DIR"), "/", $name, ".index")),
                )
            };
        }
        match self {
            Tokenizer::O200k => vocabulary!("o200k_base"),
            Tokenizer::Cl100k => vocabulary!("cl100k_base"),
        }
    }

    /// A lower bound on `count(text)` that needs no vocabulary: the number of pieces the
    /// encoding's split pattern cuts `text` into, each of which is at least one token.
    /// Within about 10% of the count on source and prose, so a prefix that clearly clears
    /// a cache minimum is known to without counting.
    pub fn at_least(&self, text: &str) -> usize {
        let kind: &[&[u8]] = &[MEMO_PIECES, code_version(), self.name().as_bytes()];
        chunks::sum(text, kind, |chunk| self.pieces(chunk).count())
    }

    /// [`Tokenizer::at_least`] of a text whose id is known. A long text's count is
    /// remembered under its id too, so a text seen before is neither cut nor hashed again.
    pub fn at_least_of(&self, text: &str, id: &ContentId) -> usize {
        if !chunks::remembered(text) {
            return self.at_least(text);
        }
        let key = crate::memo::key(&[MEMO_PIECES_OF, code_version(), self.name().as_bytes(), id]);
        if let Some(n) = crate::memo::get(&key) {
            return n as usize;
        }
        let n = self.at_least(text);
        if let Ok(remembered) = u32::try_from(n) {
            crate::memo::put(key, remembered);
        }
        n
    }

    /// Builds what splitting any text needs, so that a thread can do it ahead of the
    /// first count.
    pub fn warm_up(&self) {
        split::warm_up(*self);
    }

    /// The pieces the encoding's split pattern cuts `text` into, as bpe-openai and
    /// tiktoken cut it; each is encoded on its own.
    fn pieces<'t>(&self, text: &'t str) -> split::Pieces<'t> {
        split::pieces(*self, text)
    }

    pub fn name(&self) -> &'static str {
        match self {
            Tokenizer::O200k => "o200k_base",
            Tokenizer::Cl100k => "cl100k_base",
        }
    }
}

/// The `--tokenizer` values, for completions.
pub const TOKENIZER_NAMES: &[&str] = &["o200k", "cl100k"];

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
    fn a_long_texts_pieces_are_remembered_under_its_id() {
        let text = include_str!("../../docs/requests.md");
        let id = crate::digest::content_id(text);
        let n = Tokenizer::Cl100k.at_least(text);
        assert_eq!(Tokenizer::Cl100k.at_least_of(text, &id), n);
        // Looked up by the id alone: the text is not cut or hashed again.
        let other = "other text\n".repeat(400);
        assert_eq!(Tokenizer::Cl100k.at_least_of(&other, &id), n);
        // A short text is counted, not looked up.
        assert_eq!(Tokenizer::Cl100k.at_least_of("a b", &id), 2);
    }

    #[test]
    fn at_most_is_bytes_until_counted_then_exact() {
        // A text no other test counts (the memo is the process's).
        let text: String = (0..2000)
            .map(|i| format!("let at_most_{i} = {i};\n"))
            .collect();
        let t = Tokenizer::O200k;
        assert_eq!(t.at_most(&text), text.len());
        assert_eq!(t.at_most("short text"), "short text".len());
        let n = t.count(&text);
        assert!(n < text.len());
        assert_eq!(t.at_most(&text), n);
        // Its chunks but the last are remembered; the rest is counted as its bytes.
        let longer = format!("{text}{}", "Zq = 9;\n".repeat(400));
        let bound = t.at_most(&longer);
        assert!(bound > t.count(&longer) && bound < longer.len(), "{bound}");
    }

    #[test]
    fn pieces_and_counts_are_bpe_openais() {
        let samples = [
            "",
            "hello world",
            "fn main() {\n    println!(\"{}\", 1 + 22 + 333_4444);\n}\n",
            "  leading and trailing   \n\n\t\n   ",
            "Ünïcödé naïve café 東京 😀 don't WE'LL I'm",
            "========================================\n--//--\r\n",
            include_str!("../../docs/requests.md"),
            include_str!("../app.rs"),
        ];
        for (tokenizer, bpe) in [
            (Tokenizer::O200k, bpe_openai::o200k_base()),
            (Tokenizer::Cl100k, bpe_openai::cl100k_base()),
        ] {
            for text in samples {
                let pieces: Vec<&str> = tokenizer.pieces(text).collect();
                assert_eq!(pieces, bpe.split(text).collect::<Vec<_>>(), "{tokenizer:?}");
                assert_eq!(tokenizer.at_least(text), pieces.len());
                assert_eq!(
                    tokenizer.count(text),
                    bpe.count(text),
                    "{tokenizer:?}: {text:?}"
                );
                assert_eq!(tokenizer.encode(text), bpe.encode(text), "{tokenizer:?}");
                assert!(pieces.len() <= tokenizer.count(text));
            }
        }
    }
}
