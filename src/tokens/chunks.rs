//! Long texts counted in parallel. The text is cut only where both encodings' split
//! patterns must end a piece, so the chunks split into the same pieces as the whole and
//! their counts (tokens, or pieces for `Tokenizer::at_least`) add up to the whole's.
//!
//! Why such a cut is safe: of the split alternatives (`o200k_base` and `cl100k_base`
//! alike) only whitespace runs and a punctuation run's tail (`[\r\n/]*` or `[\r\n]*`)
//! can hold a newline, and neither goes on past a newline into a character that is
//! neither whitespace nor `/`. So a piece ends between `\n` and such a character, and
//! `\s*[\r\n]+` (ahead of `\s+$` and the look-ahead patterns) matches a run ending in
//! that newline the same way whether or not the text goes on. Everything after the cut
//! depends only on the text after it: the patterns look right, never left.
//!
//! A long text's chunk counts are remembered across runs (`memo`), so the cuts are
//! content-defined: after a line whose hash is 0 modulo `SPREAD`, once a chunk is
//! `MIN_CHUNK` long (and at the first safe cut past `MAX_CHUNK`). An edit moves only the
//! cuts near it, and the rest of the text is counted already.

use rayon::prelude::*;
// XXH3's output is fixed by its specification, as cuts must be for the memo to hit.
use xxhash_rust::xxh3::xxh3_64;

use crate::memo;

/// Content-defined chunks: at least this long (a shorter text is counted, not looked
/// up), about `SPREAD` lines more on average, and at most `MAX_CHUNK` up to a safe cut.
const MIN_CHUNK: usize = 2 * 1024;
const SPREAD: u64 = 128;
const MAX_CHUNK: usize = 64 * 1024;
/// Missing counts are worked out in parallel when there is this much text to count.
const PARALLEL_BYTES: usize = 128 * 1024;

/// Whether every split pattern ends a piece just before byte `at` (`0 < at < len`).
/// Only a printable ASCII character other than `/` is sure not to be Unicode
/// whitespace nor to extend a punctuation run's tail.
fn cut_before(bytes: &[u8], at: usize) -> bool {
    bytes[at - 1] == b'\n' && bytes[at].is_ascii_graphic() && bytes[at] != b'/'
}

/// `text` cut at safe cuts the content chooses (see the module's note); the last chunk
/// may be short, and a text with no such cut is one chunk. A line is hashed only where
/// its hash decides a cut: most lines are not at a safe cut, or end too soon after one.
pub fn content_defined(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut line) = (0, 0);
    for newline in memchr::memchr_iter(b'\n', bytes) {
        let at = newline + 1;
        let ended = std::mem::replace(&mut line, at);
        if at == bytes.len() || !cut_before(bytes, at) {
            continue;
        }
        let len = at - start;
        if len >= MAX_CHUNK
            || (len >= MIN_CHUNK && xxh3_64(&bytes[ended..at]).is_multiple_of(SPREAD))
        {
            out.push(&text[start..at]);
            start = at;
        }
    }
    out.push(&text[start..]);
    out
}

/// Whether `text` is long enough for its counts to be remembered (a shorter one is
/// counted faster than it is looked up).
pub fn remembered(text: &str) -> bool {
    text.len() >= MIN_CHUNK
}

/// A text cut into its content-defined chunks, each with its memo key and the count the
/// memo knows: worked out once, it gives both a bound that counts nothing and the exact
/// sum, which counts only what is not known.
pub struct Known<'a> {
    text: &'a str,
    /// Empty for a text too short to be remembered (`remembered`).
    chunks: Vec<(&'a str, memo::Key, Option<usize>)>,
}

/// `text`'s chunks and what the memo knows of their counts under `kind` (what is
/// counted, and with which encoding).
pub fn known<'a>(text: &'a str, kind: &[&[u8]]) -> Known<'a> {
    if !remembered(text) {
        return Known {
            text,
            chunks: Vec::new(),
        };
    }
    let chunks = content_defined(text)
        .into_iter()
        .map(|chunk| {
            let key = chunk_key(kind, chunk);
            let n = memo::get(&key).map(|n| n as usize);
            (chunk, key, n)
        })
        .collect();
    Known { text, chunks }
}

impl Known<'_> {
    /// An upper bound on the sum of `count` over the chunks (which must be at most a
    /// chunk's length, as a token or piece count is): the remembered count of each chunk
    /// the memo knows, the length of the rest. Nothing is counted.
    pub fn bound(&self) -> usize {
        if self.chunks.is_empty() {
            return self.text.len();
        }
        let each = |(chunk, _, n): &(&str, memo::Key, Option<usize>)| n.unwrap_or(chunk.len());
        self.chunks.iter().map(each).sum()
    }

    /// The sum of `count` over the chunks: the remembered counts, and the others
    /// counted (in parallel when they are long) and remembered. `count` must add up over
    /// safe cuts (a token or piece count of the encodings' split).
    pub fn sum(&self, count: impl Fn(&str) -> usize + Sync) -> usize {
        if self.chunks.is_empty() {
            return count(self.text);
        }
        let missing: Vec<&(&str, memo::Key, Option<usize>)> =
            self.chunks.iter().filter(|(_, _, n)| n.is_none()).collect();
        let counted: Vec<usize> = match missing.iter().map(|(c, _, _)| c.len()).sum::<usize>() {
            0 => Vec::new(),
            bytes if bytes < PARALLEL_BYTES => missing.iter().map(|(c, _, _)| count(c)).collect(),
            _ => missing.par_iter().map(|(c, _, _)| count(c)).collect(),
        };
        for ((_, key, _), n) in missing.iter().zip(&counted) {
            if let Ok(n) = u32::try_from(*n) {
                memo::put(*key, n);
            }
        }
        let known: usize = self.chunks.iter().filter_map(|(_, _, n)| *n).sum();
        known + counted.iter().sum::<usize>()
    }
}

/// The memo's key for `chunk`'s count under `kind`.
fn chunk_key(kind: &[&[u8]], chunk: &str) -> memo::Key {
    let mut parts = kind.to_vec();
    parts.push(chunk.as_bytes());
    memo::key(&parts)
}

/// The sum of `count` over `text`'s content-defined chunks, each remembered under
/// `kind` ([`Known::sum`]).
pub fn sum(text: &str, kind: &[&[u8]], count: impl Fn(&str) -> usize + Sync) -> usize {
    known(text, kind).sum(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixed chunk length the safe cuts are also tested at.
    const CHUNK: usize = 64 * 1024;

    /// `text` cut into chunks of at least `size` bytes (the last may be shorter), each at
    /// the first safe cut past its `size` bytes; one chunk when there is none. Fixed-size
    /// cuts test the safe cuts apart from the content-defined ones.
    fn chunks(text: &str, size: usize) -> Vec<&str> {
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut start = 0;
        while text.len() - start > size {
            let Some(at) = (start + size.max(1)..bytes.len()).find(|&i| cut_before(bytes, i))
            else {
                break;
            };
            out.push(&text[start..at]);
            start = at;
        }
        out.push(&text[start..]);
        out
    }

    #[test]
    fn chunks_cover_the_text_and_start_at_safe_cuts() {
        let text = "fn a() {}\n// note\n  indented\nb = 1;\n\n/c\nd\n";
        for size in 0..text.len() + 2 {
            let parts = chunks(text, size);
            assert_eq!(parts.concat(), text, "size {size}");
            let mut at = 0;
            for p in &parts[..parts.len() - 1] {
                at += p.len();
                assert!(cut_before(text.as_bytes(), at), "size {size}: {p:?}");
            }
        }
        assert_eq!(chunks("", 4), [""]);
        assert_eq!(chunks("no newline at all", 4), ["no newline at all"]);
        let long: String = (0..20_000).map(|i| format!("line {i}\n")).collect();
        let parts = content_defined(&long);
        assert_eq!(parts.concat(), long);
        assert!(parts.len() > 10, "{}", parts.len());
        let mut at = 0;
        for p in &parts[..parts.len() - 1] {
            at += p.len();
            assert!(p.len() >= MIN_CHUNK && cut_before(long.as_bytes(), at));
        }
        assert_eq!(content_defined("short"), ["short"]);
    }

    /// Content-defined cuts move only near an edit, so most of an edited text's chunks
    /// are remembered already.
    #[test]
    fn an_edit_moves_only_the_cuts_near_it() {
        let text: String = (0..20_000)
            .map(|i| format!("let v{i} = {};\n", i * 7))
            .collect();
        let edited = text.replacen("let v10000 =", "let v10000: u64 =", 1);
        let (before, after) = (content_defined(&text), content_defined(&edited));
        assert!(before.len() > 50, "{}", before.len());
        let kept = after.iter().filter(|c| before.contains(c)).count();
        assert!(kept + 2 >= after.len(), "{kept} of {} kept", after.len());
        assert!(kept < after.len(), "the edit changed no chunk");
    }

    /// Texts where a cut in the wrong place would change the pieces: newlines before
    /// Unicode whitespace, `/`, `\r`, contractions, and runs at the very end.
    const EDGES: &str = "x\n\u{a0}y\n\u{3000}z\n/w\n//c\n\r\nq\n's\n'S\n\t\n}\n\n)\n 1\n  \n";

    /// This repository's sources and documents (about a megabyte of Rust, Markdown,
    /// YAML and templates), then `EDGES`, as one text.
    fn corpus() -> String {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut paths = vec![root.join("README.md")];
        for dir in ["src", "templates", "docs", "fixtures"] {
            files_under(&root.join(dir), &mut paths);
        }
        let mut text = String::new();
        for p in paths {
            if let Ok(t) = std::fs::read_to_string(p) {
                text.push_str(&t);
            }
        }
        text.push_str(&EDGES.repeat(50));
        text
    }

    fn files_under(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            match e.file_type().unwrap().is_dir() {
                true => files_under(&e.path(), out),
                false => out.push(e.path()),
            }
        }
    }

    #[test]
    fn chunks_split_into_the_pieces_of_the_whole_and_count_the_same() {
        let text = corpus();
        assert!(text.len() > 1 << 20, "{} bytes", text.len());
        for (name, bpe) in [
            (&b"o200k"[..], bpe_openai::o200k_base()),
            (b"cl100k", bpe_openai::cl100k_base()),
        ] {
            let whole: Vec<&str> = bpe.split(&text).collect();
            // Size 1 cuts at every safe cut.
            for size in [1, 4096, CHUNK] {
                let pieces: Vec<&str> = chunks(&text, size)
                    .into_iter()
                    .flat_map(|c| bpe.split(c))
                    .collect();
                assert!(pieces == whole, "size {size}");
            }
            let pieces: Vec<&str> = content_defined(&text)
                .into_iter()
                .flat_map(|c| bpe.split(c))
                .collect();
            assert!(pieces == whole, "content-defined");
            let kind: &[&[u8]] = &[b"test tokens", name];
            let count = bpe.count(text.as_str());
            // Counted, then (the same text and an edited one) partly remembered.
            assert_eq!(sum(&text, kind, |c| bpe.count(c)), count);
            assert_eq!(sum(&text, kind, |c| bpe.count(c)), count);
            let edited = text.replacen("fn ", "fn  ", 1);
            assert_eq!(
                sum(&edited, kind, |c| bpe.count(c)),
                bpe.count(edited.as_str())
            );
            assert_eq!(
                sum(&text, &[b"test pieces", name], |c| bpe.split(c).count()),
                whole.len()
            );
        }
    }
}
