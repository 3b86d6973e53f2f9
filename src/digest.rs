//! Content hashes, as the lowercase hex that state files and cache keys hold.

use sha2::{Digest, Sha256};

/// The SHA-256 of `bytes`, as lowercase hex.
pub fn sha256_hex(bytes: impl AsRef<[u8]>) -> String {
    hex(&Sha256::digest(bytes.as_ref()))
}

/// The BLAKE3 hash of `bytes`, as lowercase hex: for keys that only this program reads,
/// where it is 2.5 times as fast as SHA-256 (with the CPU's SHA extensions).
pub fn blake3_hex(bytes: impl AsRef<[u8]>) -> String {
    hex(&content_id(bytes))
}

/// What identifies a text's content within this program: its BLAKE3 hash. A request's
/// large texts (files) are hashed once, and each fact about them (secrets found, pieces
/// counted, the stability tracker's "unchanged") is keyed by the 32 bytes instead.
pub type ContentId = [u8; 32];

/// The [`ContentId`] of `bytes`.
pub fn content_id(bytes: impl AsRef<[u8]>) -> ContentId {
    *blake3::hash(bytes.as_ref()).as_bytes()
}

/// `bytes` as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 * bytes.len());
    for b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_abc_is_the_published_value() {
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn blake3_of_abc_is_the_published_value() {
        assert_eq!(
            blake3_hex("abc"),
            "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85"
        );
    }
}
