//! Each file's [`FileIndex`] on disk, keyed by its content (a sha256, or the git blob id
//! of a clean file) and by the indexer's version, so a warm run parses only changed
//! files. Entries are written to a temporary file and renamed into place, so concurrent
//! runs never see half an entry; an unreadable entry is a miss.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::lang::{Lang, LANGS};
use serde::{Deserialize, Serialize};

use super::{FileIndex, Import, Reference, Symbol};

/// Bump when the shape of the cached data or the indexing code changes; query changes
/// change the version by themselves.
const FORMAT: &str = "map-cache-1";
const APP_DIR: &str = "asimi-prompt";
const MAP_DIR: &str = "map";
const ENTRY_EXTENSION: &str = "json";

/// The user's cache directory for the map: `<cache dir>/asimi-prompt/map`.
pub fn default_dir() -> Option<PathBuf> {
    dirs::cache_dir().map(|d| d.join(APP_DIR).join(MAP_DIR))
}

/// What a file's content is known by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContentId {
    /// The git blob id of a file clean in the index.
    Blob(String),
    /// The sha256 of the bytes.
    Sha256(String),
}

impl ContentId {
    pub fn of(bytes: &[u8]) -> ContentId {
        ContentId::Sha256(crate::digest::sha256_hex(bytes))
    }

    fn file_name(&self) -> String {
        match self {
            ContentId::Blob(id) => format!("git-{id}.{ENTRY_EXTENSION}"),
            ContentId::Sha256(hex) => format!("sha256-{hex}.{ENTRY_EXTENSION}"),
        }
    }
}

/// A cache directory.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        Cache { dir: dir.into() }
    }

    fn entry(&self, lang: &Lang, id: &ContentId) -> PathBuf {
        self.dir
            .join(version())
            .join(lang.name)
            .join(id.file_name())
    }

    /// The cached index of content `id`, as the file at `path`.
    pub fn get(&self, lang: &Lang, id: &ContentId, path: &str) -> Option<FileIndex> {
        let bytes = std::fs::read(self.entry(lang, id)).ok()?;
        let entry: Entry = serde_json::from_slice(&bytes).ok()?;
        Some(FileIndex {
            path: path.to_string(),
            language: lang.name,
            symbols: entry.symbols,
            imports: entry.imports,
            references: entry.references,
        })
    }

    /// Stores `index` for content `id`; a cache that cannot be written is no error.
    pub fn put(&self, lang: &Lang, id: &ContentId, index: &FileIndex) {
        let target = self.entry(lang, id);
        let _ = write_atomically(&target, index);
    }
}

/// What an entry holds: the index less what the key and the path already say.
#[derive(Deserialize)]
struct Entry {
    symbols: Vec<Symbol>,
    imports: Vec<Import>,
    references: Vec<Reference>,
}

#[derive(Serialize)]
struct EntryRef<'a> {
    symbols: &'a [Symbol],
    imports: &'a [Import],
    references: &'a [Reference],
}

fn write_atomically(target: &Path, index: &FileIndex) -> std::io::Result<()> {
    let dir = target.parent().expect("entries live in a directory");
    std::fs::create_dir_all(dir)?;
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    let entry = EntryRef {
        symbols: &index.symbols,
        imports: &index.imports,
        references: &index.references,
    };
    // One write: the temporary file is unbuffered, and serde writes token by token.
    temp.write_all(&serde_json::to_vec(&entry)?)?;
    temp.persist(target).map_err(|e| e.error)?;
    Ok(())
}

/// The indexer's version: the cache format and every query's text.
fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut all = String::from(FORMAT);
        for l in &LANGS {
            all.push_str(l.name);
            all.push_str(l.source());
        }
        crate::digest::sha256_hex(all)[..16].to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::lang;

    #[test]
    fn an_entry_round_trips_under_a_new_path_and_corruption_is_a_miss() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let rust = lang::for_path("a.rs").unwrap();
        let index = crate::map::index::index("a.rs", "fn f(x: u8) -> u8 { x }\n").unwrap();
        let id = ContentId::of(b"fn f(x: u8) -> u8 { x }\n");
        assert_eq!(cache.get(rust, &id, "a.rs"), None);
        cache.put(rust, &id, &index);
        let back = cache.get(rust, &id, "b/c.rs").unwrap();
        assert_eq!(back.path, "b/c.rs");
        assert_eq!(back.symbols, index.symbols);
        std::fs::write(cache.entry(rust, &id), "{not json").unwrap();
        assert_eq!(cache.get(rust, &id, "a.rs"), None);
    }
}
