//! Each file's [`FileIndex`] on disk, keyed by its content (a sha256, or the git blob id
//! of a clean file) and by the indexer's version, so a warm run parses only changed
//! files.
//!
//! A repository's entries live in one pack file, read once and rewritten whole when
//! anything changed: one file per run rather than one per source file, which made a
//! cold run spend more time creating files than parsing. The pack is written to a
//! temporary file and renamed into place, so concurrent runs never see half a pack (the
//! last writer wins, and either pack is right); an unreadable pack is a miss.
//!
//! Beside the pack, each repository's last map for a request is remembered whole
//! ([`Remembered`]) under a fingerprint of everything that decides it, so a warm request
//! on unchanged files skips indexing, references, ranking and formatting.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::lang::{Lang, LANGS};
use super::RepoMap;
use super::{FileIndex, Import, Problem, Reference, Symbol};

/// Bump when the shape of the cached data or the indexing code changes; query changes
/// change the version by themselves.
const FORMAT: &str = "map-cache-2";
const MAP_DIR: &str = "map";
const PACKS_DIR: &str = "packs";
const MAPS_DIR: &str = "maps";
const TASKS_DIR: &str = "tasks";
const JSON_EXTENSION: &str = "json";
/// The task index is postcard, not JSON: half a megabyte of numbers and brief blocks on
/// tokio, read by every request whose working files changed.
const INDEX_EXTENSION: &str = "postcard";
/// The code that shapes an entry (the queries are added per language); a change to it
/// is a new version, so a stale entry is never read.
const INDEX_CODE: &str = include_str!("index.rs");
/// The code that turns entries into a map, and the shapes it remembers (the task index,
/// in a format that does not describe itself, must never be read with another shape); a
/// change to it makes remembered maps stale.
const MAP_CODE: [&str; 6] = [
    include_str!("build.rs"),
    include_str!("cache.rs"),
    include_str!("format.rs"),
    include_str!("imports.rs"),
    include_str!("rank.rs"),
    include_str!("refs.rs"),
];

/// Where the map's indexes are cached in the program's cache directory
/// (`Facts::cache_dir`).
pub fn dir_in(cache_dir: &Path) -> PathBuf {
    cache_dir.join(MAP_DIR)
}

/// What a file's content is known by in the cache: a hash git has already computed, else
/// one worked out here (unlike `digest::ContentId`, it outlives the run).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileHash {
    /// The git blob id of a file clean in the index.
    Blob(String),
    /// The sha256 of the bytes.
    Sha256(String),
}

impl FileHash {
    pub fn of(bytes: &[u8]) -> FileHash {
        FileHash::Sha256(crate::digest::sha256_hex(bytes))
    }

    /// The pack's key for this content read as `lang`.
    pub fn key(&self, lang: &Lang) -> String {
        match self {
            FileHash::Blob(id) => format!("{}:git-{id}", lang.name),
            FileHash::Sha256(hex) => format!("{}:sha256-{hex}", lang.name),
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

    /// The pack of the repository at `root` (empty when there is none or it is unreadable).
    pub fn open(&self, root: &Path) -> Pack {
        let path = self.pack_path(root);
        let entries = std::fs::read(&path)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        Pack { path, entries }
    }

    /// The map remembered for `root` and `options` under `fingerprint`, if that is the
    /// last one.
    pub fn recall(&self, root: &Path, options: &str, fingerprint: &str) -> Option<Remembered> {
        let map: Remembered = self.read(root, MAPS_DIR, options)?;
        (map.fingerprint == fingerprint).then_some(map)
    }

    /// Remembers `map` for `root` and `options`; a map that cannot be written is no error.
    pub fn remember(&self, root: &Path, options: &str, map: &Remembered) {
        self.write(root, MAPS_DIR, options, map);
    }

    /// The task index remembered for `root` and `options`, if it was made from the files
    /// `fingerprint` names.
    pub fn recall_index(&self, root: &Path, options: &str, fingerprint: &str) -> Option<TaskIndex> {
        let path = self.repo_file(root, TASKS_DIR, options, INDEX_EXTENSION);
        let index: TaskIndex = postcard::from_bytes(&std::fs::read(path).ok()?).ok()?;
        (index.fingerprint == fingerprint).then_some(index)
    }

    /// Remembers `index` for `root` and `options`; one that cannot be written is no error.
    pub fn remember_index(&self, root: &Path, options: &str, index: &TaskIndex) {
        if let Ok(bytes) = postcard::to_stdvec(index) {
            let path = self.repo_file(root, TASKS_DIR, options, INDEX_EXTENSION);
            let _ = crate::fs::replace_cache_file(&path, &bytes);
        }
    }

    /// The JSON file of `kind` for `root` and `slot`, if it is there and reads.
    fn read<T: serde::de::DeserializeOwned>(
        &self,
        root: &Path,
        kind: &str,
        slot: &str,
    ) -> Option<T> {
        let bytes = std::fs::read(self.repo_file(root, kind, slot, JSON_EXTENSION)).ok()?;
        serde_json::from_slice(&bytes).ok()
    }

    /// Writes `value` as the JSON file of `kind` for `root` and `slot`; a cache file that
    /// cannot be written is no error.
    fn write(&self, root: &Path, kind: &str, slot: &str, value: &impl Serialize) {
        if let Ok(bytes) = serde_json::to_vec(value) {
            let path = self.repo_file(root, kind, slot, JSON_EXTENSION);
            let _ = crate::fs::replace_cache_file(&path, &bytes);
        }
    }

    fn pack_path(&self, root: &Path) -> PathBuf {
        self.repo_file(root, PACKS_DIR, "", JSON_EXTENSION)
    }

    /// `<dir>/<version>/<kind>/<hash of the canonical root and the slot>.<extension>`.
    fn repo_file(&self, root: &Path, kind: &str, slot: &str, extension: &str) -> PathBuf {
        let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        let name = crate::digest::sha256_hex(format!("{}\0{slot}", root.display()));
        self.dir
            .join(version())
            .join(kind)
            .join(format!("{}.{extension}", &name[..32]))
    }
}

/// A request's map as built last time, and what it was built from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Remembered {
    /// The files' paths and content ids, and the options (see `build::fingerprint`).
    pub fingerprint: String,
    pub legend: String,
    pub blocks: std::collections::BTreeMap<String, String>,
    #[serde(default)]
    pub task: super::TaskBlocks,
    pub edges: Vec<(String, String)>,
    /// The notes on files that did not parse cleanly (see [`RepoMap::notes`]).
    pub notes: Vec<String>,
}

/// What a request's map needs beside the repository's map to choose a new task's blocks
/// without reading the index or linking it again: each file's brief block and the
/// weighted reference graph. Remembered per repository and options, whatever the task,
/// so that a request whose working files changed ranks the task in a few milliseconds
/// (a remembered map is only read back for the same working files).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskIndex {
    /// The files' paths and content ids, and the options without the task.
    pub fingerprint: String,
    /// The legend the repository's map has (empty without blocks).
    pub legend: String,
    /// The legend the blocks are written with, and its tokens.
    pub legend_tokens: usize,
    /// The repository's map, and the references between its files.
    pub blocks: std::collections::BTreeMap<String, String>,
    pub edges: Vec<(String, String)>,
    pub notes: Vec<String>,
    /// Every file, with its brief block and the block's tokens, if it has one.
    pub paths: Vec<String>,
    pub briefs: Vec<Option<(String, usize)>>,
    /// `rank::indexed_edges` of `paths`: each once, the weights as they were computed.
    pub weighted: Vec<(u32, u32, f64)>,
}

/// One repository's cached entries, by [`FileHash::key`].
#[derive(Debug)]
pub struct Pack {
    path: PathBuf,
    entries: HashMap<String, Entry>,
}

impl Pack {
    /// The cached index under `key`, as the file at `path`.
    pub fn get(&self, lang: &Lang, key: &str, path: &str) -> Option<FileIndex> {
        let entry = self.entries.get(key)?;
        Some(FileIndex {
            path: path.to_string(),
            language: lang.name,
            symbols: entry.symbols.clone(),
            imports: entry.imports.clone(),
            references: entry.references.clone(),
            problem: entry.problem,
        })
    }

    /// Rewrites the pack to hold exactly `current` (key and index of each file indexed
    /// this run) unless it already does; a pack that cannot be written is no error. A
    /// file that crashed its grammar is not kept: the next run tries again. One over the
    /// parse work limit is kept, since the same bytes are always over it.
    pub fn store<'a>(&self, current: impl IntoIterator<Item = (&'a str, &'a FileIndex)>) {
        let current: HashMap<&str, EntryRef> = current
            .into_iter()
            .filter(|(_, index)| index.problem != Some(Problem::Panicked))
            .map(|(key, index)| (key, EntryRef::of(index)))
            .collect();
        let unchanged = current.len() == self.entries.len()
            && current.keys().all(|k| self.entries.contains_key(*k));
        if !unchanged {
            if let Ok(bytes) = serde_json::to_vec(&current) {
                let _ = crate::fs::replace_cache_file(&self.path, &bytes);
            }
        }
    }
}

/// What an entry holds: the index less what the key and the path already say.
#[derive(Debug, Deserialize)]
struct Entry {
    symbols: Vec<Symbol>,
    imports: Vec<Import>,
    references: Vec<Reference>,
    problem: Option<Problem>,
}

#[derive(Serialize)]
struct EntryRef<'a> {
    symbols: &'a [Symbol],
    imports: &'a [Import],
    references: &'a [Reference],
    problem: Option<Problem>,
}

impl EntryRef<'_> {
    fn of(index: &FileIndex) -> EntryRef<'_> {
        EntryRef {
            symbols: &index.symbols,
            imports: &index.imports,
            references: &index.references,
            problem: index.problem,
        }
    }
}

impl From<Remembered> for RepoMap {
    /// A map for a request: no `files`, no `graph`.
    fn from(r: Remembered) -> RepoMap {
        RepoMap {
            legend: r.legend,
            blocks: r.blocks,
            task: r.task,
            edges: r.edges,
            notes: r.notes,
            ..RepoMap::default()
        }
    }
}

/// The indexer's version: the cache format, the code that makes entries and maps, and
/// every query's text.
fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut all = String::from(FORMAT);
        all.push_str(INDEX_CODE);
        MAP_CODE.iter().for_each(|code| all.push_str(code));
        for l in &LANGS {
            all.push_str(l.name);
            all.push_str(l.source());
        }
        crate::digest::blake3_hex(all)[..16].to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::lang;

    const SOURCE: &str = "fn f(x: u8) -> u8 { x }\n";

    #[test]
    fn a_pack_round_trips_under_a_new_path_and_corruption_is_a_miss() {
        let dir = tempfile::tempdir().unwrap();
        let repo = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let rust = lang::for_path("a.rs").unwrap();
        let index = crate::map::index::index("a.rs", SOURCE).unwrap();
        let key = FileHash::of(SOURCE.as_bytes()).key(rust);
        assert_eq!(cache.open(repo.path()).get(rust, &key, "a.rs"), None);
        cache.open(repo.path()).store([(key.as_str(), &index)]);
        let back = cache.open(repo.path()).get(rust, &key, "b/c.rs").unwrap();
        assert_eq!(back.path, "b/c.rs");
        assert_eq!(back.symbols, index.symbols);
        std::fs::write(cache.pack_path(repo.path()), "{not json").unwrap();
        assert_eq!(cache.open(repo.path()).get(rust, &key, "a.rs"), None);
    }

    #[test]
    fn a_task_index_round_trips_and_a_stale_or_broken_one_is_a_miss() {
        let dir = tempfile::tempdir().unwrap();
        let repo = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let index = TaskIndex {
            fingerprint: "files and options".into(),
            legend: "legend".into(),
            legend_tokens: 3,
            blocks: [("a.rs".to_string(), "fn f".to_string())].into(),
            edges: vec![("a.rs".into(), "b.rs".into())],
            notes: vec!["a note".into()],
            paths: vec!["a.rs".into(), "b.rs".into()],
            briefs: vec![Some(("fn f".into(), 2)), None],
            weighted: vec![(0, 1, 0.25)],
        };
        let (root, slot) = (repo.path(), "options");
        assert_eq!(cache.recall_index(root, slot, "files and options"), None);
        cache.remember_index(root, slot, &index);
        assert_eq!(
            cache.recall_index(root, slot, "files and options"),
            Some(index)
        );
        assert_eq!(cache.recall_index(root, slot, "other files"), None);
        let path = cache.repo_file(root, TASKS_DIR, slot, INDEX_EXTENSION);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        assert_eq!(cache.recall_index(root, slot, "files and options"), None);
    }

    #[test]
    fn a_pack_holds_only_the_files_of_the_last_run_and_is_not_rewritten_when_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let repo = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let rust = lang::for_path("a.rs").unwrap();
        let index = crate::map::index::index("a.rs", SOURCE).unwrap();
        let (old, new) = (
            FileHash::of(b"old").key(rust),
            FileHash::of(b"new").key(rust),
        );
        cache.open(repo.path()).store([(old.as_str(), &index)]);
        cache.open(repo.path()).store([(new.as_str(), &index)]);
        let pack = cache.open(repo.path());
        assert!(pack.get(rust, &old, "a.rs").is_none());
        assert!(pack.get(rust, &new, "a.rs").is_some());
        let written = std::fs::metadata(&pack.path).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        pack.store([(new.as_str(), &index)]);
        let again = std::fs::metadata(&pack.path).unwrap().modified().unwrap();
        assert_eq!(written, again);
    }
}
