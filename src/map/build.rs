//! The whole pipeline in one call: files → index → references → format (→ rank for a
//! budget), for `messages`/`context` and the `map` command.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::cache::{Cache, Remembered};
use super::files::{self, Candidate, Selection};
use super::repo::index_files_then;
use super::RepoMap;
use super::{edges, format, rank, refs, FileIndex, Graph, IndexOptions, MapOptions};
use crate::error::Error;
use crate::progress::Progress;
use crate::tokens::Tokenizer;

/// What the map reports to its `Progress` once the files are indexed.
pub const LINKING: &str = "linking references";

/// Builds the map of the repository at `root`: every file `options` does not exclude,
/// and, with `options.tokens`, only the best-ranked blocks that fit (whole blocks);
/// without a budget, `options.paths` (when given) limits the files shown. Indexing, the
/// long part, reports to `progress`.
pub fn build(root: &Path, options: &MapOptions, progress: &dyn Progress) -> Result<RepoMap, Error> {
    let index_options = index_options(options);
    let candidates = files::select(root, &index_options.selection)?;
    Ok(build_from(
        root,
        &candidates,
        &index_options,
        options,
        progress,
    ))
}

/// [`build`] for a request: the legend, the blocks and the edges between the blocks'
/// files only (no `files`, no `graph`). The map is remembered per repository under a
/// fingerprint of the files' contents and the options, so a request on unchanged files
/// reads it back instead of building it again.
pub fn build_remembered(
    root: &Path,
    options: &MapOptions,
    progress: &dyn Progress,
) -> Result<RepoMap, Error> {
    let index_options = index_options(options);
    let candidates = files::select(root, &index_options.selection)?;
    let cache = index_options.cache_dir.as_ref().map(Cache::new);
    let slot = format!("{options:?}");
    let fingerprint = fingerprint(root, &candidates, &slot);
    if let Some(hit) = cache
        .as_ref()
        .and_then(|c| c.recall(root, &slot, &fingerprint))
    {
        return Ok(hit.into());
    }
    let map = build_from(root, &candidates, &index_options, options, progress);
    let remembered = Remembered {
        fingerprint,
        edges: map
            .edges
            .into_iter()
            .filter(|(a, b)| map.blocks.contains_key(a) && map.blocks.contains_key(b))
            .collect(),
        legend: map.legend,
        blocks: map.blocks,
        notes: map.notes,
    };
    if let Some(cache) = &cache {
        cache.remember(root, &slot, &remembered);
    }
    Ok(remembered.into())
}

fn index_options(options: &MapOptions) -> IndexOptions {
    IndexOptions {
        selection: Selection {
            exclude: options.exclude.clone(),
            ..Selection::default()
        },
        cache_dir: options.cache_dir.clone(),
    }
}

/// What decides a map: the options, and every candidate's path and content (its clean
/// blob id, else the hash of what is on disk now).
fn fingerprint(root: &Path, candidates: &[Candidate], options: &str) -> String {
    let mut all = format!("{options}\n");
    for c in candidates {
        let id = match &c.blob {
            Some(blob) => blob.clone(),
            None => std::fs::read(root.join(&c.path))
                .map(crate::digest::blake3_hex)
                .unwrap_or_default(),
        };
        all.push_str(&format!("{}\0{id}\n", c.path));
    }
    crate::digest::blake3_hex(all)
}

fn build_from(
    root: &Path,
    candidates: &[Candidate],
    index_options: &IndexOptions,
    options: &MapOptions,
    progress: &dyn Progress,
) -> RepoMap {
    let (files, (graph, blocks, legend)) =
        index_files_then(root, candidates, index_options, progress, |files| {
            progress.start(LINKING, None);
            let graph: Graph = refs::resolve(files);
            let aliases = format::aliases(&graph);
            let all = format::blocks(files, &graph, &aliases);
            let blocks = select(all, files, &graph, options);
            let legend = if blocks.is_empty() {
                String::new()
            } else {
                format::legend(&aliases)
            };
            (graph, blocks, legend)
        });
    let notes = files
        .iter()
        .filter_map(|f| f.problem.map(|p| p.note(&f.path)))
        .collect();
    RepoMap {
        legend,
        blocks,
        edges: edges(&graph),
        files,
        graph,
        notes,
    }
}

/// The blocks to show: within the token budget the best-ranked (PageRank personalised to
/// the paths named), else those under the paths named (all when none are).
fn select(
    all: BTreeMap<String, String>,
    files: &[FileIndex],
    graph: &Graph,
    options: &MapOptions,
) -> BTreeMap<String, String> {
    if let Some(budget) = options.tokens {
        let tokenizer = Tokenizer::default();
        let keep = rank::select(files, graph, &options.paths, budget, |t| tokenizer.count(t));
        let keep: BTreeSet<String> = keep.into_iter().collect();
        return all.into_iter().filter(|(p, _)| keep.contains(p)).collect();
    }
    if options.paths.is_empty() {
        return all;
    }
    all.into_iter()
        .filter(|(p, _)| options.paths.iter().any(|named| under(p, named)))
        .collect()
}

/// Whether `path` is `named` or inside the directory `named` (`.` or empty: everything).
fn under(path: &str, named: &str) -> bool {
    let named = named.trim_end_matches('/');
    named.is_empty()
        || named == "."
        || path == named
        || path
            .strip_prefix(named)
            .is_some_and(|rest| rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Silent;

    #[test]
    fn a_remembered_map_is_read_back_until_a_file_changes() {
        let dir = crate::map::fixtures::bounded_tempdir();
        let cache = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(
            root.join("a.py"),
            "from b import g\n\ndef f(x):\n    return g(x)\n",
        )
        .unwrap();
        std::fs::write(root.join("b.py"), "def g(y):\n    return y\n").unwrap();
        let options = MapOptions {
            cache_dir: Some(cache.path().into()),
            ..MapOptions::default()
        };
        let built = build_remembered(root, &options, &Silent).unwrap();
        let whole = build(root, &options, &Silent).unwrap();
        assert_eq!(
            (&built.legend, &built.blocks),
            (&whole.legend, &whole.blocks)
        );
        assert_eq!(built.edges, [("a.py".to_string(), "b.py".to_string())]);
        assert!(built.files.is_empty());

        // What is read back is what was remembered, not a new build.
        let candidates = files::select(root, &Selection::default()).unwrap();
        let slot = format!("{options:?}");
        let print = fingerprint(root, &candidates, &slot);
        let cache = Cache::new(cache.path());
        let mut remembered = cache.recall(root, &slot, &print).unwrap();
        remembered.legend = "remembered\n".into();
        cache.remember(root, &slot, &remembered);
        assert_eq!(
            build_remembered(root, &options, &Silent).unwrap().legend,
            "remembered\n"
        );

        // A changed file is a new fingerprint, and a new build.
        std::fs::write(root.join("b.py"), "def g(y, z):\n    return y\n").unwrap();
        let rebuilt = build_remembered(root, &options, &Silent).unwrap();
        assert_eq!(rebuilt.legend, whole.legend);
        assert!(
            rebuilt.blocks["b.py"].contains("g(y,z)"),
            "{:?}",
            rebuilt.blocks
        );
    }
}
