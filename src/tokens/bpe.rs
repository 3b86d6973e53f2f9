//! Byte-pair encoding of one pre-split piece, over a vocabulary kept as bare token bytes.
//!
//! The merge rule is tiktoken's, which defines the encodings: repeatedly merge the
//! adjacent pair whose concatenation has the lowest rank (the leftmost on a tie) until no
//! pair is a token. bpe-openai reaches the same tokens with precomputed automata, but those
//! are 47 MB of the binary and tens of milliseconds to decode per run; this vocabulary and
//! its index (`super::index`) are 6.4 MB, written by build.rs, and need no work to load
//! (src/tokens/mod.rs has the measurements). tests/integration/token_counts.rs checks the counts
//! against both crates on real text.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::index::{self, EMPTY, RANK_MASK};

/// Pieces longer than this merge through a heap (O(n log n)); shorter ones by rescanning
/// a vector (O(n²), but faster for the few bytes most pieces have). A run of thousands of
/// punctuation characters is one piece, so the bound matters.
const SHORT_PIECE: usize = 32;

/// A vocabulary and its index from token bytes to rank, all little-endian byte arrays as
/// build.rs writes them.
pub struct Vocabulary {
    /// The tokens, concatenated in rank order.
    bytes: &'static [u8],
    /// Where each token starts in `bytes` (`u32`s); one more entry than tokens.
    starts: &'static [u8],
    /// The index (`u32` slots).
    slots: &'static [u8],
    bits: u32,
}

fn u32_at(array: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(array[4 * i..4 * i + 4].try_into().unwrap_or_default())
}

impl Vocabulary {
    pub fn new(bytes: &'static [u8], starts: &'static [u8], slots: &'static [u8]) -> Vocabulary {
        Vocabulary {
            bytes,
            starts,
            slots,
            bits: (slots.len() / 4).trailing_zeros(),
        }
    }

    fn token(&self, rank: u32) -> &'static [u8] {
        let r = rank as usize;
        &self.bytes[u32_at(self.starts, r) as usize..u32_at(self.starts, r + 1) as usize]
    }

    /// The rank of the token spelled `bytes`, if it is one.
    pub fn rank(&self, bytes: &[u8]) -> Option<u32> {
        let mask = (1 << self.bits) - 1;
        let (mut i, tag) = index::place(index::hash(bytes), self.bits);
        loop {
            let slot = u32_at(self.slots, i);
            if slot == EMPTY {
                return None;
            }
            if slot & !RANK_MASK == tag && self.token(slot & RANK_MASK) == bytes {
                return Some(slot & RANK_MASK);
            }
            i = (i + 1) & mask;
        }
    }

    fn pair_rank(&self, bytes: &[u8]) -> u32 {
        self.rank(bytes).unwrap_or(EMPTY)
    }

    /// The number of tokens `piece` encodes to. `parts` is scratch space kept by the caller.
    pub fn count(&self, piece: &[u8], parts: &mut Vec<(usize, u32)>) -> usize {
        if piece.len() <= 1 || self.rank(piece).is_some() {
            return usize::from(!piece.is_empty());
        }
        self.boundaries(piece, parts);
        parts.len() - 1
    }

    /// Appends the token ids of `piece` to `out`.
    pub fn encode(&self, piece: &[u8], parts: &mut Vec<(usize, u32)>, out: &mut Vec<u32>) {
        if let Some(rank) = self.rank(piece) {
            out.push(rank);
            return;
        }
        self.boundaries(piece, parts);
        for w in parts.windows(2) {
            // Every part is a token: single bytes are, and merges only make tokens.
            out.push(self.pair_rank(&piece[w[0].0..w[1].0]));
        }
    }

    /// Leaves in `parts` the start of each token of `piece` (at least 2 bytes), then its end.
    fn boundaries(&self, piece: &[u8], parts: &mut Vec<(usize, u32)>) {
        parts.clear();
        if piece.len() > SHORT_PIECE {
            parts.extend(self.merge_long(piece).into_iter().map(|at| (at, EMPTY)));
        } else {
            self.merge_short(piece, parts);
        }
    }

    /// tiktoken's merge loop: `parts` holds each part's start and the rank of it merged
    /// with the next part.
    fn merge_short(&self, piece: &[u8], parts: &mut Vec<(usize, u32)>) {
        for i in 0..piece.len() - 1 {
            parts.push((i, self.pair_rank(&piece[i..i + 2])));
        }
        parts.push((piece.len() - 1, EMPTY));
        parts.push((piece.len(), EMPTY));
        // The rank of part i merged with part i + 1, once part i + 1 is gone.
        let merged = |parts: &[(usize, u32)], i: usize| {
            if i + 3 < parts.len() {
                self.pair_rank(&piece[parts[i].0..parts[i + 3].0])
            } else {
                EMPTY
            }
        };
        loop {
            let (mut best, mut at) = (EMPTY, 0);
            for (i, &(_, rank)) in parts[..parts.len() - 1].iter().enumerate() {
                if rank < best {
                    (best, at) = (rank, i);
                }
            }
            if best == EMPTY {
                return;
            }
            if at > 0 {
                parts[at - 1].1 = merged(parts, at - 1);
            }
            parts[at].1 = merged(parts, at);
            parts.remove(at + 1);
        }
    }

    /// The same merges as `merge_short`, in the same order, taking the lowest (rank,
    /// start) from a heap; stale entries are skipped. Returns the starts, then the end.
    fn merge_long(&self, piece: &[u8]) -> Vec<usize> {
        let n = piece.len();
        // Parts are named by their start; `next[i]` is the start of the one after part i
        // (`n` for the last), `rank[i]` the rank of part i merged with it.
        let mut next: Vec<usize> = (1..=n).collect();
        let mut prev: Vec<usize> = (0..n).map(|i| i.wrapping_sub(1)).collect();
        let mut rank = vec![EMPTY; n];
        let mut heap = BinaryHeap::new();
        for i in 0..n - 1 {
            rank[i] = self.pair_rank(&piece[i..i + 2]);
            if rank[i] != EMPTY {
                heap.push(Reverse((rank[i], i)));
            }
        }
        while let Some(Reverse((r, i))) = heap.pop() {
            // A merged pair's span only grows, so a live entry matches its part's rank.
            if rank[i] != r {
                continue;
            }
            let gone = next[i];
            let after = next[gone];
            rank[gone] = EMPTY;
            next[i] = after;
            if after < n {
                prev[after] = i;
                rank[i] = self.pair_rank(&piece[i..next[after]]);
            } else {
                rank[i] = EMPTY;
            }
            if rank[i] != EMPTY {
                heap.push(Reverse((rank[i], i)));
            }
            if i > 0 {
                let p = prev[i];
                rank[p] = self.pair_rank(&piece[p..after]);
                if rank[p] != EMPTY {
                    heap.push(Reverse((rank[p], p)));
                }
            }
        }
        let mut starts = vec![0];
        while let Some(&last) = starts.last() {
            if last == n {
                break;
            }
            starts.push(next[last]);
        }
        starts
    }
}

/// Counts of pieces met recently, for one thread and one vocabulary: source code says
/// ` self`, `();` and `\n    ` thousands of times, and a hit here costs a hash and a
/// 16-byte compare where a count looks the piece up in a 6 MB table (a cache miss or
/// two) and, if it is not one token, merges it. A direct-mapped table: a new piece takes
/// its slot. Counts are exact, so a hit is the count itself.
pub struct RecentCounts {
    slots: Vec<Recent>,
}

#[derive(Clone, Copy, Default)]
struct Recent {
    /// 0 for an empty slot (no piece is empty).
    len: u8,
    count: u8,
    bytes: [u8; RECENT_BYTES],
}

/// The longest piece remembered: most pieces are shorter.
const RECENT_BYTES: usize = 14;
/// Slots (a power of two): 128 KiB, which stays in a core's L2 cache.
const RECENT_SLOTS: usize = 1 << 13;

impl Default for RecentCounts {
    fn default() -> RecentCounts {
        RecentCounts {
            slots: vec![Recent::default(); RECENT_SLOTS],
        }
    }
}

impl RecentCounts {
    /// `vocabulary.count(piece, parts)`, from the table when the piece was met lately.
    pub fn count(
        &mut self,
        vocabulary: &Vocabulary,
        piece: &[u8],
        parts: &mut Vec<(usize, u32)>,
    ) -> usize {
        if piece.len() > RECENT_BYTES {
            return vocabulary.count(piece, parts);
        }
        let slot = &mut self.slots[(index::hash(piece) >> 32) as usize & (RECENT_SLOTS - 1)];
        if usize::from(slot.len) == piece.len() && &slot.bytes[..piece.len()] == piece {
            return usize::from(slot.count);
        }
        let count = vocabulary.count(piece, parts);
        if let (Ok(len), Ok(n)) = (u8::try_from(piece.len()), u8::try_from(count)) {
            slot.len = len;
            slot.count = n;
            slot.bytes[..piece.len()].copy_from_slice(piece);
        }
        count
    }
}

#[cfg(test)]
mod tests {

    /// A remembered count is the count, for pieces that share a slot too.
    #[test]
    fn recent_counts_are_the_vocabularys() {
        let v = crate::tokens::Tokenizer::O200k.vocabulary();
        let mut recent = RecentCounts::default();
        let mut parts = Vec::new();
        let pieces: Vec<String> = (0..40_000).map(|i| format!(" x{}y", i % 9_000)).collect();
        for piece in pieces.iter().chain(&pieces) {
            let expected = v.count(piece.as_bytes(), &mut parts);
            assert_eq!(
                recent.count(&v, piece.as_bytes(), &mut parts),
                expected,
                "{piece}"
            );
        }
        let long = "a_rather_long_identifier_name";
        assert_eq!(
            recent.count(&v, long.as_bytes(), &mut parts),
            v.count(long.as_bytes(), &mut parts)
        );
    }
    use super::*;

    /// A toy vocabulary: the 256 bytes, then merges in rank order.
    fn toy(merges: &[&str]) -> Vocabulary {
        let mut bytes: Vec<u8> = (0..=255).collect();
        let mut starts: Vec<u32> = (0..=256).collect();
        for m in merges {
            bytes.extend_from_slice(m.as_bytes());
            starts.push(bytes.len() as u32);
        }
        let slots = index::build(&starts, &bytes);
        let starts: Vec<u8> = starts.iter().flat_map(|s| s.to_le_bytes()).collect();
        Vocabulary::new(bytes.leak(), starts.leak(), slots.leak())
    }

    #[test]
    fn merges_lowest_rank_first_and_leftmost_on_ties() {
        let v = toy(&["ab", "bc", "abc", "aa", "aaaa"]);
        let mut parts = Vec::new();
        let mut ids = Vec::new();
        v.encode(b"abcab", &mut parts, &mut ids);
        // "ab" (256) wins over "bc" (257); then "abc" (258) is ab+c.
        assert_eq!(ids, [258, 256]);
        ids.clear();
        v.encode(b"aaaaa", &mut parts, &mut ids);
        assert_eq!(ids, [260, u32::from(b'a')]);
        assert_eq!(v.count(b"", &mut parts), 0);
        assert_eq!(v.count(b"x", &mut parts), 1);
        assert_eq!(v.rank(b"abd"), None);
    }

    #[test]
    fn long_pieces_merge_as_short_ones_do() {
        let v = toy(&["ab", "bc", "abc", "aa", "aaaa", "ca", "cab", "bb", "abcab"]);
        let mut seed = 7u64;
        for len in [2, 3, 10, 50, 129, 400, 2000] {
            let piece: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    b"abc"[(seed >> 33) as usize % 3]
                })
                .collect();
            let mut short = Vec::new();
            v.merge_short(&piece, &mut short);
            let short: Vec<usize> = short.iter().map(|p| p.0).collect();
            assert_eq!(short, v.merge_long(&piece), "length {len}");
        }
    }
}
