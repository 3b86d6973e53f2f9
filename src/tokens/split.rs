//! Splitting text as the encodings split it before merging: their patterns as a lazy DFA,
//! forward and anchored only, which is all a split needs.
//!
//! Building the automaton is most of what counting a small request costs, and nearly all
//! of that is the Unicode classes. So an ASCII text is split by the same patterns with
//! every class cut down to its ASCII members, which build in a fraction of the time. On
//! an ASCII haystack the two split alike: a UTF-8 automaton takes a non-ASCII member
//! of a class only through a byte of `0x80` or more, which such a haystack never holds.

use std::cell::RefCell;
use std::sync::OnceLock;

use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::nfa::thompson::{self, WhichCaptures};
use regex_automata::util::start;
use regex_automata::{Anchored, MatchKind};
use regex_syntax::hir::{self, Class, Hir, HirKind};

use super::Tokenizer;

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
/// The pattern `\s+\s` stands for `\s+(?!\S)`: its last character is look-ahead.
const LOOK_AHEAD_PATTERN: usize = 1;

/// The automata by slot: the encoding, then ASCII-only or whole.
const SLOTS: usize = 4;

fn slot(tokenizer: Tokenizer, ascii: bool) -> usize {
    tokenizer as usize * 2 + usize::from(ascii)
}

/// The pieces `tokenizer`'s split pattern cuts `text` into.
pub fn pieces(tokenizer: Tokenizer, text: &str) -> Pieces<'_> {
    let slot = slot(tokenizer, text.is_ascii());
    let dfa = automaton(tokenizer, slot);
    let cache = dfa.map(|dfa| {
        CACHES
            .with_borrow_mut(|caches| caches[slot].take())
            .unwrap_or_else(|| dfa.create_cache())
    });
    Pieces {
        dfa,
        cache,
        slot,
        text,
        at: 0,
    }
}

/// Builds both of `tokenizer`'s automata.
pub fn warm_up(tokenizer: Tokenizer) {
    for ascii in [true, false] {
        automaton(tokenizer, slot(tokenizer, ascii));
    }
}

fn automaton(tokenizer: Tokenizer, slot: usize) -> Option<&'static DFA> {
    static DFAS: [OnceLock<Option<DFA>>; SLOTS] = [const { OnceLock::new() }; SLOTS];
    // The patterns are fixed and tested, so a build failure cannot happen.
    DFAS[slot]
        .get_or_init(|| build(tokenizer, slot % 2 == 1))
        .as_ref()
}

fn build(tokenizer: Tokenizer, ascii: bool) -> Option<DFA> {
    let first = match tokenizer {
        Tokenizer::O200k => O200K_SPLIT.join("|"),
        Tokenizer::Cl100k => CL100K_SPLIT.to_string(),
    };
    let mut hirs = Vec::new();
    for pattern in [first.as_str(), r"\s+\s", r"\s+"] {
        let hir = regex_syntax::parse(pattern).ok()?;
        hirs.push(if ascii { ascii_only(&hir) } else { hir });
    }
    let nfa = thompson::Compiler::new()
        .configure(thompson::Config::new().which_captures(WhichCaptures::None))
        .build_many_from_hir(&hirs)
        .ok()?;
    DFA::builder()
        .configure(DFA::config().match_kind(MatchKind::LeftmostFirst))
        .build_from_nfa(nfa)
        .ok()
}

/// `hir` with every class cut down to its ASCII members.
fn ascii_only(hir: &Hir) -> Hir {
    let all = |subs: &[Hir]| subs.iter().map(ascii_only).collect::<Vec<_>>();
    match hir.kind() {
        HirKind::Class(Class::Unicode(class)) => {
            let mut class = class.clone();
            class.intersect(&hir::ClassUnicode::new([hir::ClassUnicodeRange::new(
                '\0', '\x7f',
            )]));
            Hir::class(Class::Unicode(class))
        }
        HirKind::Class(Class::Bytes(class)) => {
            let mut class = class.clone();
            class.intersect(&hir::ClassBytes::new([hir::ClassBytesRange::new(0, 0x7f)]));
            Hir::class(Class::Bytes(class))
        }
        HirKind::Repetition(r) => Hir::repetition(hir::Repetition {
            sub: Box::new(ascii_only(&r.sub)),
            ..r.clone()
        }),
        HirKind::Capture(c) => Hir::capture(hir::Capture {
            sub: Box::new(ascii_only(&c.sub)),
            ..c.clone()
        }),
        HirKind::Concat(subs) => Hir::concat(all(subs)),
        HirKind::Alternation(subs) => Hir::alternation(all(subs)),
        HirKind::Empty | HirKind::Literal(_) | HirKind::Look(_) => hir.clone(),
    }
}

thread_local! {
    /// Each thread's lazy DFA states, per automaton, kept warm between texts.
    static CACHES: RefCell<[Option<Cache>; SLOTS]> = const { RefCell::new([None, None, None, None]) };
}

/// The iterator [`pieces`] returns.
pub struct Pieces<'t> {
    dfa: Option<&'static DFA>,
    cache: Option<Cache>,
    slot: usize,
    text: &'t str,
    at: usize,
}

impl<'t> Iterator for Pieces<'t> {
    type Item = &'t str;

    fn next(&mut self) -> Option<&'t str> {
        let (text, at) = (self.text, self.at);
        let (dfa, cache) = (self.dfa?, self.cache.as_mut()?);
        let (end, pattern) = longest_piece(dfa, cache, &text.as_bytes()[at..])?;
        let mut end = at + end;
        if pattern == LOOK_AHEAD_PATTERN {
            let last = text[at..end].chars().next_back().map_or(0, char::len_utf8);
            if end - last > at {
                end -= last;
            }
        }
        if end == at {
            return None;
        }
        self.at = end;
        Some(&text[at..end])
    }
}

/// The end and pattern of the leftmost-first match anchored at the start of `rest`, as
/// `DFA::try_search_fwd` finds it, without what a general search sets up for each call
/// (the span, a prefilter, progress for the cache's give-up rule): most pieces are a
/// few bytes, and that set-up cost more than the bytes. `None` where the search would
/// fail (a quit byte; no split pattern has one) or nothing matches.
fn longest_piece(dfa: &DFA, cache: &mut Cache, rest: &[u8]) -> Option<(usize, usize)> {
    // As a search of `rest` alone: no look-behind, which no split pattern uses.
    let start = start::Config::new().anchored(Anchored::Yes);
    let mut sid = dfa.start_state(cache, &start).ok()?;
    let mut found = None;
    for (i, &byte) in rest.iter().enumerate() {
        sid = dfa.next_state(cache, sid, byte).ok()?;
        if sid.is_tagged() {
            // A lazy DFA reports a match one byte late: it ends before `byte`.
            if sid.is_match() {
                found = Some((i, dfa.match_pattern(cache, sid, 0).as_usize()));
            } else if sid.is_dead() {
                return found;
            } else if sid.is_quit() {
                return None;
            }
        }
    }
    sid = dfa.next_eoi_state(cache, sid).ok()?;
    if sid.is_match() {
        found = Some((rest.len(), dfa.match_pattern(cache, sid, 0).as_usize()));
    }
    found
}

impl Drop for Pieces<'_> {
    fn drop(&mut self) {
        if let Some(cache) = self.cache.take() {
            let slot = self.slot;
            CACHES.with_borrow_mut(|caches| caches[slot] = Some(cache));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ASCII automata split ASCII text as the whole ones do: this repository's
    /// sources, less their non-ASCII lines.
    #[test]
    fn ascii_automata_split_ascii_text_alike() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut text = String::new();
        for dir in ["src/request", "src/map", "crates/gotemplate/src"] {
            for e in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
                let t = std::fs::read_to_string(e.path()).unwrap_or_default();
                t.lines()
                    .filter(|l| l.is_ascii())
                    .for_each(|l| text.extend([l, "\n"]));
            }
        }
        text.push_str("  x\n\n\t\r\n 's 'S 'LL\x0b\x0c end  ");
        assert!(text.is_ascii() && text.len() > 100_000);
        for tokenizer in [Tokenizer::O200k, Tokenizer::Cl100k] {
            let cut = |slot| {
                let dfa = automaton(tokenizer, slot).unwrap();
                let mut p = Pieces {
                    dfa: Some(dfa),
                    cache: Some(dfa.create_cache()),
                    slot,
                    text: &text,
                    at: 0,
                };
                std::iter::from_fn(move || p.next()).collect::<Vec<_>>()
            };
            let ascii = cut(slot(tokenizer, true));
            assert!(ascii == cut(slot(tokenizer, false)), "{tokenizer:?}");
            assert_eq!(ascii.concat(), text);
        }
    }
}
