//! Which texts asimi-prompt itself wrote to a file, so that replacing its own earlier
//! output keeps no copy, and anything else (which may hold the user's edits) is kept.
//!
//! Each target has a ledger in the program's cache directory: the hashes of the last
//! [`KEPT`] texts written there, newest first. A whole read-compare-write cycle holds
//! the ledger's lock, so runs that overlap each see the one before; and the new text is
//! entered before the file is written, so a run killed in between leaves a ledger that
//! names every text the file can hold. A lost or torn ledger only costs a copy too many.

use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The ledgers' directory in the cache directory.
const DIR: &str = "written";
/// How many texts a ledger remembers for its file.
const KEPT: usize = 16;
const KEY_BYTES: usize = 16;

/// A target's ledger, locked while it lives.
#[derive(Debug)]
pub struct Ledger {
    file: File,
    keys: Vec<crate::memo::Key>,
}

/// A text's key in the ledger of `target`.
fn key(target: &Path, text: &[u8]) -> crate::memo::Key {
    crate::memo::key(&[b"written", crate::paths::display(target).as_bytes(), text])
}

fn ledger_path(cache_dir: &Path, target: &Path) -> PathBuf {
    let name = crate::digest::hex(&crate::memo::key(&[
        crate::paths::display(target).as_bytes()
    ]));
    cache_dir.join(DIR).join(name)
}

impl Ledger {
    /// Opens and locks the ledger of `target` (blocking while another run holds it).
    /// `None` without a cache directory, or when the ledger cannot be opened: then every
    /// text counts as not ours.
    pub fn open(cache_dir: Option<&Path>, target: &Path) -> Option<Ledger> {
        let path = ledger_path(cache_dir?, target);
        let place = crate::beneath::Place::ambient(&path, true).ok()?;
        let mut file = place.lock().ok()?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).ok()?;
        let keys = bytes
            .chunks_exact(KEY_BYTES)
            .map(|c| c.try_into().expect("16 bytes"))
            .collect();
        Some(Ledger { file, keys })
    }

    /// Whether asimi-prompt wrote `text` to `target` (one of the last [`KEPT`] texts).
    pub fn wrote(&self, target: &Path, text: &[u8]) -> bool {
        self.keys.contains(&key(target, text))
    }

    /// Enters `text` as written to `target`, before it is: see the module's comment.
    pub fn enter(&mut self, target: &Path, text: &[u8]) -> std::io::Result<()> {
        let new = key(target, text);
        self.keys.retain(|k| *k != new);
        self.keys.insert(0, new);
        self.keys.truncate(KEPT);
        self.file.rewind()?;
        self.file.set_len(0)?;
        self.file.write_all(&self.keys.concat())?;
        self.file.sync_data()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ledger_remembers_the_last_texts_across_runs() {
        let cache = tempfile::tempdir().unwrap();
        let target = Path::new("/p/system.md");
        let mut ledger = Ledger::open(Some(cache.path()), target).unwrap();
        assert!(!ledger.wrote(target, b"a"));
        for n in 0..=KEPT {
            ledger.enter(target, n.to_string().as_bytes()).unwrap();
        }
        drop(ledger);
        let ledger = Ledger::open(Some(cache.path()), target).unwrap();
        assert!(ledger.wrote(target, KEPT.to_string().as_bytes()));
        assert!(ledger.wrote(target, b"1"));
        assert!(!ledger.wrote(target, b"0"), "only the last {KEPT} are kept");
        assert!(!ledger.wrote(Path::new("/p/other.md"), b"1"));
        assert!(Ledger::open(None, target).is_none());
    }
}
