//! Facts about content that one run works out and the next can reuse: a chunk of text's
//! token count, or that a text holds no secret under the current rules. Each fact is a
//! number under a key hashed from what decides it (its kind, the encoding or rule set,
//! and the content), so a fact is never stale: changed content is a new key.
//!
//! The binary keeps the facts in one file in the user cache directory ([`keep_in`]),
//! read once on first use and, when a run learned something new, written to a temporary file that is renamed into
//! place. Concurrent runs never see half a file; the last writer wins, and every fact in
//! either file is true. The file holds at most `MAX_FACTS`: those this run used or
//! learned come first, then older ones, so the least recently used go. Library code
//! that nobody pointed at a file (tests, benches, embedders) keeps its facts in memory
//! and never reads or writes the user's file.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// The file's name; a change to its layout is a new name.
const FILE: &str = "memo-1.bin";
/// 16 bytes of key and 4 of value: 1.25 MiB at most, read whole by every run that
/// counts (about 2 ms when full), and enough for the counts of some 400 MB of text.
const MAX_FACTS: usize = 1 << 16;
const KEY_BYTES: usize = 16;
const FACT_BYTES: usize = KEY_BYTES + 4;

/// A fact's key: the first 16 bytes of a BLAKE3 hash (collisions are out of reach).
/// Every byte a request sends is hashed here, and BLAKE3 is 2.5 times as fast as the
/// SHA-256 of the same CPU's SHA extensions.
pub type Key = [u8; KEY_BYTES];

/// The key of what `parts` decide together (each is length-prefixed, so no two lists
/// of parts share a key).
pub fn key(parts: &[&[u8]]) -> Key {
    let mut hash = KeyHasher::default();
    for part in parts {
        hash.part(part);
    }
    hash.key()
}

/// A [`key`] made a part at a time, for parts that are not at hand as one list.
#[derive(Default)]
pub struct KeyHasher(blake3::Hasher);

impl KeyHasher {
    /// Adds `bytes` as a part, length-prefixed.
    pub fn part(&mut self, bytes: &[u8]) {
        self.0.update(&(bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
    }

    /// Where to write a part whose encoding delimits itself (JSON), as it is made,
    /// without a length prefix.
    pub fn stream(&mut self) -> &mut impl std::io::Write {
        &mut self.0
    }

    /// The key of the parts added.
    pub fn key(&self) -> Key {
        let mut key = [0; KEY_BYTES];
        key.copy_from_slice(&self.0.finalize().as_bytes()[..KEY_BYTES]);
        key
    }
}

/// The facts of one file.
#[derive(Debug, Default)]
pub struct Memo {
    path: Option<PathBuf>,
    /// The facts read from the file, in its order.
    read: Vec<(Key, u32)>,
    known: HashMap<Key, u32>,
    /// The facts this run used or learned.
    used: HashMap<Key, u32>,
    learned: bool,
}

impl Memo {
    /// The facts at `path` (none when it is missing or unreadable).
    pub fn open(path: PathBuf) -> Memo {
        let bytes = std::fs::read(&path).unwrap_or_default();
        let read: Vec<(Key, u32)> = bytes.chunks_exact(FACT_BYTES).map(decode).collect();
        Memo {
            known: read.iter().copied().collect(),
            read,
            path: Some(path),
            ..Memo::default()
        }
    }

    pub fn get(&mut self, key: &Key) -> Option<u32> {
        let value = *self.known.get(key)?;
        self.used.insert(*key, value);
        Some(value)
    }

    pub fn put(&mut self, key: Key, value: u32) {
        self.known.insert(key, value);
        self.used.insert(key, value);
        self.learned = true;
    }

    /// Writes the facts back when this run learned any; failing to is no error (the
    /// next run works them out again).
    pub fn save(&mut self) {
        let Some(path) = self.path.as_deref().filter(|_| self.learned) else {
            return;
        };
        let older = self.read.iter().filter(|(k, _)| !self.used.contains_key(k));
        let mut bytes = Vec::with_capacity(FACT_BYTES * (self.used.len() + self.read.len()));
        for (key, value) in self
            .used
            .iter()
            .chain(older.map(|(k, v)| (k, v)))
            .take(MAX_FACTS)
        {
            bytes.extend_from_slice(key);
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        if crate::fs::replace_cache_file(path, &bytes).is_ok() {
            self.learned = false;
        }
    }
}

fn decode(fact: &[u8]) -> (Key, u32) {
    let (key, value) = fact.split_at(KEY_BYTES);
    let mut k = [0; KEY_BYTES];
    k.copy_from_slice(key);
    let v = u32::from_le_bytes(value.try_into().expect("4 bytes"));
    (k, v)
}

/// The run's memo, opened on first use: the file [`keep_in`] names, else none.
static MEMO: OnceLock<Mutex<Memo>> = OnceLock::new();

/// Where [`keep_in`] put the run's memo.
static PATH: OnceLock<PathBuf> = OnceLock::new();

/// The memo file in the program's cache directory (`Facts::cache_dir`).
pub fn file_in(cache_dir: &Path) -> PathBuf {
    cache_dir.join(FILE)
}

/// Keeps the run's facts in the file at `path` (the binary gives [`file_in`]). Said
/// once, before the first fact is used; later calls change nothing.
pub fn keep_in(path: PathBuf) {
    let _ = PATH.set(path);
}

fn shared() -> &'static Mutex<Memo> {
    MEMO.get_or_init(|| {
        let memo = PATH.get().cloned().map(Memo::open).unwrap_or_default();
        Mutex::new(memo)
    })
}

/// The run's fact under `key`.
pub fn get(key: &Key) -> Option<u32> {
    shared().lock().ok()?.get(key)
}

/// Records a fact for this run (and, after `save`, the next).
pub fn put(key: Key, value: u32) {
    if let Ok(mut memo) = shared().lock() {
        memo.put(key, value);
    }
}

/// Writes what this run learned (see [`Memo::save`]); a run that used no memo opens
/// nothing.
pub fn save() {
    if let Some(Ok(mut memo)) = MEMO.get().map(Mutex::lock) {
        memo.save();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Library code (these tests among it) reads and writes no memo file unless told
    /// to: the user's facts never leak into a test, nor a test's into the user's.
    #[test]
    fn the_library_keeps_its_facts_in_memory() {
        let key = key(&[b"memo test", b"in memory"]);
        put(key, 3);
        assert_eq!(get(&key), Some(3));
        let memo = shared().lock().unwrap();
        assert_eq!(memo.path, None);
        assert!(memo.read.is_empty());
    }

    #[test]
    fn facts_survive_a_run_and_the_least_recently_used_go_first() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join(FILE);
        let (a, b) = (key(&[b"count", b"a"]), key(&[b"count", b"b"]));
        assert_ne!(key(&[b"ab", b""]), key(&[b"a", b"b"]));

        let mut first = Memo::open(path.clone());
        assert_eq!(first.get(&a), None);
        first.put(a, 7);
        first.put(b, 9);
        first.save();

        let mut second = Memo::open(path.clone());
        assert_eq!((second.get(&a), second.get(&b)), (Some(7), Some(9)));
        // Nothing learned: nothing written.
        std::fs::write(&path, b"").unwrap();
        second.save();
        assert_eq!(std::fs::read(&path).unwrap(), b"");
        second.put(a, 7);
        second.save();
        assert_eq!(
            std::fs::metadata(&path).unwrap().len(),
            2 * FACT_BYTES as u64
        );

        // A torn or foreign file is read as far as whole facts go.
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.extend_from_slice(b"tail");
        std::fs::write(&path, bytes).unwrap();
        assert_eq!(Memo::open(path).get(&b), Some(9));
    }

    /// The figures docs/requests.md gives: 65,536 facts, 1.25 MiB, least recently used
    /// out first.
    #[test]
    fn the_file_keeps_the_65536_most_recently_used_facts_in_1_25_mib() {
        assert_eq!((MAX_FACTS, MAX_FACTS * FACT_BYTES), (65_536, 1_310_720));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE);
        let old = |i: u32| key(&[b"old", &i.to_le_bytes()]);
        let mut full = Memo::open(path.clone());
        (0..MAX_FACTS as u32).for_each(|i| full.put(old(i), i));
        full.save();
        // The file now runs from the most to the least recently used: put the order down.
        let order: Vec<Key> = Memo::open(path.clone()).read.iter().map(|f| f.0).collect();

        let mut next = Memo::open(path.clone());
        assert!(next.get(&order[MAX_FACTS - 1]).is_some());
        (0..10u32).for_each(|i| next.put(key(&[b"new", &i.to_le_bytes()]), i));
        next.save();

        let kept = Memo::open(path);
        assert_eq!(kept.read.len(), MAX_FACTS);
        let has = |k: &Key| kept.known.contains_key(k);
        assert!(has(&key(&[b"new", &9u32.to_le_bytes()])));
        assert!(has(&order[MAX_FACTS - 1]), "a fact used this run stays");
        assert!(has(&order[0]));
        assert!(order[MAX_FACTS - 11..MAX_FACTS - 1].iter().all(|k| !has(k)));
    }
}
