//! Where the rules' keywords occur in a text: the first pass of every scan.
//!
//! The automaton is aho-corasick's (every overlapping match, ASCII case-insensitive),
//! built at compile time and read out into a table (`build/keywords.rs`): a run builds
//! nothing. A DFA step waits on the one before it, so a text is cut into `LANES` parts
//! that are stepped together: the steps of different parts overlap in the CPU, about
//! three times as fast as aho-corasick's own search loop on source code.

use std::ops::Range;

/// The rules' keywords (`gitleaks.json`), as build.rs reads them out.
pub(super) static KEYWORDS: Table = include!(concat!(env!("OUT_DIR"), "/keywords.rs"));

/// The keyword automaton, as `build/keywords.rs` writes it.
pub(super) struct Table {
    /// Each byte's class: bytes every state treats alike share one.
    classes: &'static [u8; 256],
    /// A state's row is `state << shift`, one entry for each class.
    shift: u32,
    trans: &'static [u16],
    /// States below this are match states.
    matching: usize,
    start: usize,
    /// Match state `s` matches `matches[match_start[s]..match_start[s + 1]]`.
    match_start: &'static [u16],
    matches: &'static [u16],
    /// The keywords, lowercase, by number.
    words: &'static [&'static str],
    /// The longest keyword's length.
    longest: usize,
    /// For each keyword, the rules (by index) that name it.
    rules: &'static [&'static [u16]],
}

/// Parts of a text stepped together. Four left the loop bound by the CPU's ports
/// rather than its load latency (six and eight were no faster on 2.6 MB of code).
const LANES: usize = 4;

impl Table {
    /// The rules (by index) that name `keyword`.
    pub(super) fn rules(&self, keyword: usize) -> impl Iterator<Item = usize> {
        self.rules[keyword].iter().map(|&rule| usize::from(rule))
    }

    /// Calls `found(keyword, place)` for every occurrence of a keyword in `text`, in no
    /// particular order.
    pub(super) fn find(&self, text: &[u8], mut found: impl FnMut(usize, Range<usize>)) {
        // A part starts this far before its first byte, so that it sees whole every
        // keyword that ends in it.
        let overlap = self.longest - 1;
        let part = text.len() / LANES;
        if part <= overlap {
            return self.step(text, 0, 0, self.start, &mut found);
        }
        let first: [usize; LANES] = std::array::from_fn(|k| k * part);
        let begin: [usize; LANES] = first.map(|at| at.saturating_sub(overlap));
        let parts: [&[u8]; LANES] = std::array::from_fn(|k| &text[begin[k]..][..part]);
        let mut states = [self.start; LANES];
        // The lanes step in lockstep, byte `i` of each part in turn.
        #[allow(clippy::needless_range_loop)]
        for i in 0..part {
            for k in 0..LANES {
                let s = self.next(states[k], parts[k][i]);
                states[k] = s;
                let end = begin[k] + i + 1;
                if s < self.matching && end > first[k] {
                    self.report(s, end, &mut found);
                }
            }
        }
        for k in 0..LANES {
            let end = first.get(k + 1).copied().unwrap_or(text.len());
            let rest = &text[..end];
            self.step(rest, begin[k] + part, first[k], states[k], &mut found);
        }
    }

    /// Steps `text[from..]` from `state`, reporting matches that end after `after`.
    fn step(
        &self,
        text: &[u8],
        from: usize,
        after: usize,
        mut state: usize,
        found: &mut impl FnMut(usize, Range<usize>),
    ) {
        for (i, &byte) in text.iter().enumerate().skip(from) {
            state = self.next(state, byte);
            if state < self.matching && i + 1 > after {
                self.report(state, i + 1, found);
            }
        }
    }

    #[inline(always)]
    fn next(&self, state: usize, byte: u8) -> usize {
        self.trans[(state << self.shift) | usize::from(self.classes[usize::from(byte)])] as usize
    }

    #[cold]
    fn report(&self, state: usize, end: usize, found: &mut impl FnMut(usize, Range<usize>)) {
        let (from, to) = (self.match_start[state], self.match_start[state + 1]);
        for &keyword in &self.matches[usize::from(from)..usize::from(to)] {
            let keyword = usize::from(keyword);
            found(keyword, end - self.words[keyword].len()..end);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aho_corasick::AhoCorasick;
    use std::sync::LazyLock;

    fn sorted(mut found: Vec<(usize, Range<usize>)>) -> Vec<(usize, Range<usize>)> {
        found.sort_by_key(|(k, at)| (at.end, at.start, *k));
        found
    }

    fn table(text: &str) -> Vec<(usize, Range<usize>)> {
        let mut found = Vec::new();
        KEYWORDS.find(text.as_bytes(), |k, at| found.push((k, at)));
        sorted(found)
    }

    /// aho-corasick's own search, on the keywords the table was built from.
    fn aho_corasick(text: &str) -> Vec<(usize, Range<usize>)> {
        static AC: LazyLock<AhoCorasick> = LazyLock::new(|| {
            let mut ac = AhoCorasick::builder();
            ac.ascii_case_insensitive(true)
                .build(KEYWORDS.words)
                .unwrap()
        });
        let found = AC.find_overlapping_iter(text);
        sorted(found.map(|m| (m.pattern().as_usize(), m.range())).collect())
    }

    /// Real text dense with keywords: the rules themselves and this module's sources.
    #[test]
    fn the_table_finds_what_aho_corasick_finds() {
        let rules = include_str!("gitleaks.json");
        let texts = [rules, include_str!("rules.rs"), include_str!("mod.rs")];
        for text in texts {
            let want = aho_corasick(text);
            assert!(want.len() > 50, "{}", want.len());
            assert_eq!(table(text), want);
        }
        assert_eq!(table(""), []);
    }

    /// Every keyword, in either case, at every place around the boundaries of the parts
    /// a text is cut into, in texts of lengths around where cutting starts.
    #[test]
    fn keywords_across_part_boundaries_are_found_once() {
        let filler = |n: usize| "x".repeat(n);
        for len in [
            LANES * KEYWORDS.longest - 1,
            LANES * KEYWORDS.longest + 3,
            301,
        ] {
            let part = len / LANES;
            for word in KEYWORDS.words {
                for word in [word.to_string(), word.to_uppercase()] {
                    for cut in (1..LANES).map(|k| k * part) {
                        let from = cut.saturating_sub(word.len());
                        for at in from..=cut.min(len - word.len()) {
                            let text = filler(at) + &word + &filler(len - at - word.len());
                            assert_eq!(table(&text), aho_corasick(&text), "{word} at {at}");
                        }
                    }
                }
            }
        }
    }

    /// The table's keywords and their rules are those of the rule file, read here apart.
    #[test]
    fn keywords_are_the_rule_files() {
        let file: serde_json::Value = serde_json::from_str(include_str!("gitleaks.json")).unwrap();
        let rules = file["rules"].as_array().unwrap();
        for (i, rule) in rules.iter().enumerate() {
            let mut want: Vec<String> = rule["keywords"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k.as_str().unwrap().to_lowercase())
                .collect();
            want.sort();
            want.dedup();
            let mut got: Vec<String> = (0..KEYWORDS.words.len())
                .filter(|&k| KEYWORDS.rules(k).any(|r| r == i))
                .map(|k| KEYWORDS.words[k].to_string())
                .collect();
            got.sort();
            assert_eq!(got, want, "{}", rule["id"]);
        }
        let mut words = KEYWORDS.words.to_vec();
        words.sort();
        words.dedup();
        assert_eq!(words.len(), KEYWORDS.words.len());
    }
}
