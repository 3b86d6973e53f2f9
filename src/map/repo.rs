//! A whole repository's indexes: select the files, then read, index (or fetch from the
//! cache) in parallel.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::cache::{Cache, FileHash, Pack};
use super::files::{self, Candidate, Selection};
use super::{index, lang, FileIndex};
use crate::error::Error;
use crate::progress::Progress;

/// What indexing reports to its `Progress`, one unit a file.
pub const INDEXING: &str = "indexing symbols";

/// How to index a repository.
#[derive(Debug, Clone, Default)]
pub struct IndexOptions {
    pub selection: Selection,
    /// Where to cache indexes; `None` disables the cache.
    pub cache_dir: Option<PathBuf>,
}

/// The indexes of the files under `root` in a known language, sorted by path. A file
/// that cannot be read or parsed is left out.
pub fn index_repo(
    root: &Path,
    opts: &IndexOptions,
    progress: &dyn Progress,
) -> Result<Vec<FileIndex>, Error> {
    let candidates = files::select(root, &opts.selection)?;
    Ok(index_files(root, &candidates, opts, progress))
}

/// The indexes of `candidates` (chosen by [`files::select`] under `root`), sorted by path.
/// Each file reports to `progress`.
pub fn index_files(
    root: &Path,
    candidates: &[Candidate],
    opts: &IndexOptions,
    progress: &dyn Progress,
) -> Vec<FileIndex> {
    index_files_then(root, candidates, opts, progress, |_| ()).0
}

/// [`index_files`], and what `then` makes of the indexes: it runs while another thread
/// writes the cache, which is the longest step after indexing.
pub fn index_files_then<R>(
    root: &Path,
    candidates: &[Candidate],
    opts: &IndexOptions,
    progress: &dyn Progress,
    then: impl FnOnce(&[FileIndex]) -> R,
) -> (Vec<FileIndex>, R) {
    let pack = opts
        .cache_dir
        .as_ref()
        .map(|dir| Cache::new(dir).open(root));
    progress.start(INDEXING, Some(candidates.len() as u64));
    // Largest first: a large file started last would leave the other cores idle.
    let mut order: Vec<&Candidate> = candidates.iter().collect();
    order.sort_by_key(|c| std::cmp::Reverse(c.size));
    let mut indexed: Vec<(String, FileIndex)> = order
        .par_iter()
        .filter_map(|c| {
            let index = index_file(root, c, pack.as_ref(), opts.selection.max_bytes);
            progress.advance(1);
            index
        })
        .collect();
    indexed.sort_by(|(_, a), (_, b)| a.path.cmp(&b.path));
    let (keys, files): (Vec<String>, Vec<FileIndex>) = indexed.into_iter().unzip();
    let made = std::thread::scope(|scope| {
        if let Some(pack) = &pack {
            scope.spawn(|| pack.store(keys.iter().map(String::as_str).zip(&files)));
        }
        then(&files)
    });
    (files, made)
}

/// One file's cache key and index, from the pack when it holds the content.
fn index_file(
    root: &Path,
    file: &Candidate,
    pack: Option<&Pack>,
    max_bytes: u64,
) -> Option<(String, FileIndex)> {
    let lang = lang::for_path(&file.path)?;
    let cached = |key: &str| pack.and_then(|p| p.get(lang, key, &file.path));
    let blob_key = file.blob.clone().map(|id| FileHash::Blob(id).key(lang));
    if let Some(hit) = blob_key.as_deref().and_then(cached) {
        return Some((blob_key?, hit));
    }
    let full = root.join(&file.path);
    if std::fs::symlink_metadata(&full)
        .ok()?
        .file_type()
        .is_symlink()
    {
        return None;
    }
    let bytes = std::fs::read(&full).ok()?;
    if files::skip_content(&bytes, max_bytes) {
        return None;
    }
    let key = blob_key.unwrap_or_else(|| FileHash::of(&bytes).key(lang));
    if let Some(hit) = cached(&key) {
        return Some((key, hit));
    }
    let index = index::index(&file.path, &String::from_utf8_lossy(&bytes))?;
    Some((key, index))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::{tests::Recorder, Silent};

    #[test]
    fn a_repository_indexes_known_languages_sorted_and_warm_from_the_cache() {
        let dir = crate::map::fixtures::bounded_tempdir();
        let cache = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("src/b.py"), "def f(x):\n    return x\n").unwrap();
        std::fs::write(root.join("a.rs"), "struct A;\n").unwrap();
        std::fs::write(root.join("notes.txt"), "not code\n").unwrap();
        std::fs::write(root.join("c.js"), b"var x = 1;\0").unwrap();
        let opts = IndexOptions {
            selection: Selection::default(),
            cache_dir: Some(cache.path().into()),
        };
        let seen = Recorder::default();
        let cold = index_repo(root, &opts, &seen).unwrap();
        // Every file selected counts, indexed or not (notes.txt and c.js are not).
        assert_eq!(seen.steps(), [(INDEXING.to_string(), Some(4), 4)]);
        let paths: Vec<&str> = cold.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["a.rs", "src/b.py"]);
        assert_eq!(cold[1].symbols[0].params, Some(vec!["x".to_string()]));
        let warm = index_repo(root, &opts, &Silent).unwrap();
        assert_eq!(warm, cold);
        let uncached = index_repo(
            root,
            &IndexOptions {
                cache_dir: None,
                ..opts
            },
            &Silent,
        )
        .unwrap();
        assert_eq!(uncached, cold);
    }
}
