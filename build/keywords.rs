//! The secret rules' keywords as a DFA table (`src/secrets/keywords.rs` runs it).
//!
//! aho-corasick builds the automaton here, as runs once did: the keywords, ASCII
//! case-insensitive, every overlapping match. Its states are read out through the
//! crate's public `Automaton` trait (from the start state, each byte) into a table of
//! `u16` states by byte class, match states numbered first. A run then builds nothing:
//! building the automaton was a millisecond of every run that scanned, and the table
//! lets a run step four parts of a text at once.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

use aho_corasick::automaton::Automaton;
use aho_corasick::{dfa, Anchored, MatchKind};

const RULES: &str = "src/secrets/gitleaks.json";

/// Writes `keywords.rs`: a `Table` expression for `src/secrets/keywords.rs`.
pub fn generate(out: &Path) {
    println!("cargo:rerun-if-changed={RULES}");
    let text = std::fs::read_to_string(RULES).expect("the rules are readable");
    let json: serde_json::Value = serde_json::from_str(&text).expect("the rules are JSON");
    let rules = json["rules"].as_array().expect("the rules have a list");
    let per_rule: Vec<Vec<String>> = rules
        .iter()
        .map(|rule| {
            let keywords = rule["keywords"].as_array().expect("each rule has keywords");
            let keyword = |k: &serde_json::Value| k.as_str().expect("a string").to_lowercase();
            keywords.iter().map(keyword).collect()
        })
        .collect();
    let (words, rules) = index(&per_rule);
    let table = export(&words);
    std::fs::write(out.join("keywords.rs"), table.source(&words, &rules))
        .expect("OUT_DIR is writable");
}

/// The distinct keywords in the order rules first name them, and for each the rules
/// (by index) that name it.
fn index(per_rule: &[Vec<String>]) -> (Vec<String>, Vec<Vec<usize>>) {
    let mut words: Vec<String> = Vec::new();
    let mut rules: Vec<Vec<usize>> = Vec::new();
    for (i, keywords) in per_rule.iter().enumerate() {
        for k in keywords {
            match words.iter().position(|w| w == k) {
                Some(at) if !rules[at].contains(&i) => rules[at].push(i),
                Some(_) => {}
                None => {
                    words.push(k.clone());
                    rules.push(vec![i]);
                }
            }
        }
    }
    (words, rules)
}

struct Exported {
    classes: [u8; 256],
    shift: u32,
    trans: Vec<u16>,
    matching: usize,
    start: usize,
    match_start: Vec<u16>,
    matches: Vec<u16>,
}

/// The automaton of `words` as a table.
fn export(words: &[String]) -> Exported {
    let ac = dfa::Builder::new()
        .ascii_case_insensitive(true)
        .prefilter(false)
        .match_kind(MatchKind::Standard)
        .build(words)
        .expect("the keywords build");
    let start = ac.start_state(Anchored::No).expect("an unanchored start");
    // Every state reachable from the start, in the order they are first reached.
    let mut states = vec![start];
    let mut number: HashMap<u32, usize> = HashMap::from([(start.as_u32(), 0)]);
    let mut rows: Vec<[usize; 256]> = Vec::new();
    while rows.len() < states.len() {
        let from = states[rows.len()];
        let mut row = [0; 256];
        for byte in 0..=255u8 {
            let to = ac.next_state(Anchored::No, from, byte);
            row[byte as usize] = *number.entry(to.as_u32()).or_insert_with(|| {
                states.push(to);
                states.len() - 1
            });
        }
        rows.push(row);
    }
    assert!(
        states.len() <= 1 << 16,
        "the keyword automaton outgrew u16 states"
    );
    // Bytes that every state treats alike share a class.
    let mut classes = [0u8; 256];
    let mut columns: HashMap<Vec<usize>, u8> = HashMap::new();
    for byte in 0..256 {
        let column: Vec<usize> = rows.iter().map(|row| row[byte]).collect();
        let next = u8::try_from(columns.len()).expect("at most 256 classes");
        classes[byte] = *columns.entry(column).or_insert(next);
    }
    let shift = columns.len().next_power_of_two().trailing_zeros();
    // Match states first, so that one comparison tells a match.
    let is_match: Vec<bool> = states.iter().map(|&s| ac.is_match(s)).collect();
    let mut order: Vec<usize> = (0..states.len()).collect();
    order.sort_by_key(|&i| !is_match[i]);
    let mut renumber = vec![0; states.len()];
    for (new, &old) in order.iter().enumerate() {
        renumber[old] = new;
    }
    let mut trans = vec![0u16; states.len() << shift];
    for (old, row) in rows.iter().enumerate() {
        for byte in 0..256 {
            let at = (renumber[old] << shift) | classes[byte] as usize;
            trans[at] = renumber[row[byte]] as u16;
        }
    }
    let (mut match_start, mut matches) = (vec![0u16], Vec::new());
    for &old in order.iter().take_while(|&&i| is_match[i]) {
        let s = states[old];
        matches.extend((0..ac.match_len(s)).map(|i| ac.match_pattern(s, i).as_u32() as u16));
        match_start.push(u16::try_from(matches.len()).expect("under 65536 matches"));
    }
    Exported {
        classes,
        shift,
        trans,
        matching: match_start.len() - 1,
        start: renumber[0],
        match_start,
        matches,
    }
}

impl Exported {
    fn source(&self, words: &[String], rules: &[Vec<usize>]) -> String {
        let list = |items: &mut dyn Iterator<Item = String>| {
            let mut s = String::from("&[");
            for item in items {
                write!(s, "{item},").unwrap();
            }
            s + "]"
        };
        let mut s = String::from("Table {\n");
        let classes = list(&mut self.classes.iter().map(u8::to_string));
        writeln!(s, "    classes: {classes},").unwrap();
        writeln!(s, "    shift: {},", self.shift).unwrap();
        writeln!(
            s,
            "    trans: {},",
            list(&mut self.trans.iter().map(u16::to_string))
        )
        .unwrap();
        writeln!(s, "    matching: {},", self.matching).unwrap();
        writeln!(s, "    start: {},", self.start).unwrap();
        let starts = list(&mut self.match_start.iter().map(u16::to_string));
        writeln!(s, "    match_start: {starts},").unwrap();
        writeln!(
            s,
            "    matches: {},",
            list(&mut self.matches.iter().map(u16::to_string))
        )
        .unwrap();
        writeln!(
            s,
            "    words: {},",
            list(&mut words.iter().map(|w| format!("{w:?}")))
        )
        .unwrap();
        let longest = words.iter().map(String::len).max().unwrap_or(1);
        writeln!(s, "    longest: {longest},").unwrap();
        let rules = rules
            .iter()
            .map(|r| list(&mut r.iter().map(usize::to_string)));
        writeln!(s, "    rules: {},", list(&mut rules.into_iter())).unwrap();
        s + "}\n"
    }
}
