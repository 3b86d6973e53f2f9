//! The layout of a vocabulary's index, shared with build.rs (which includes this file and
//! writes the index into the binary, so no run spends time building it).
//!
//! The index is an open-addressing table of little-endian `u32` slots, three quarters
//! full at most. A slot holds a token's rank in its low `RANK_BITS` bits and more bits of
//! its hash above them, so most probes for bytes that are not a token end without reading
//! any token's bytes.

/// A slot with no token in it (no rank reaches `RANK_MASK`).
pub const EMPTY: u32 = u32::MAX;
pub const RANK_BITS: u32 = 18;
pub const RANK_MASK: u32 = (1 << RANK_BITS) - 1;
const TAG_BITS: u32 = 32 - RANK_BITS;

/// A multiplicative hash of `bytes`, 8 at a time.
pub fn hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        h = (h.rotate_left(26) ^ word).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut word = [0u8; 8];
        word[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(26) ^ u64::from_le_bytes(word)).wrapping_mul(K);
    }
    h
}

/// The first slot to probe for hash `h` in a table of `1 << bits` slots (its top bits),
/// and the tag a slot holding it carries (the bits below those).
pub fn place(h: u64, bits: u32) -> (usize, u32) {
    let tag = (h << bits >> (64 - TAG_BITS)) as u32;
    ((h >> (64 - bits)) as usize, tag << RANK_BITS)
}

/// How many bits of slot number a table for `tokens` tokens needs.
pub fn bits_for(tokens: usize) -> u32 {
    (tokens + tokens / 3)
        .next_power_of_two()
        .trailing_zeros()
        .max(1)
}

/// The index of the tokens `starts` delimits in `bytes` (rank order), as slot bytes.
// A run never builds one: build.rs and the tests do.
#[allow(dead_code)]
pub fn build(starts: &[u32], bytes: &[u8]) -> Vec<u8> {
    let tokens = starts.len() - 1;
    assert!(
        tokens <= RANK_MASK as usize,
        "too many tokens for the index"
    );
    let bits = bits_for(tokens);
    let mask = (1usize << bits) - 1;
    let mut slots = vec![EMPTY; 1 << bits];
    for rank in 0..tokens {
        let token = &bytes[starts[rank] as usize..starts[rank + 1] as usize];
        let (mut i, tag) = place(hash(token), bits);
        while slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        slots[i] = tag | rank as u32;
    }
    slots.iter().flat_map(|s| s.to_le_bytes()).collect()
}
