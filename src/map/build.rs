//! The whole pipeline in one call: files → index → references → format (→ rank for a
//! budget), for `messages`/`context` and the `map` command.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::files::Selection;
use super::RepoMap;
use super::{edges, format, index_repo, rank, refs, FileIndex, Graph, IndexOptions, MapOptions};
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
    let index_options = IndexOptions {
        selection: Selection {
            exclude: options.exclude.clone(),
            ..Selection::default()
        },
        ..IndexOptions::default()
    };
    let files: Vec<FileIndex> = index_repo(root, &index_options, progress)?;
    progress.start(LINKING, None);
    let graph: Graph = refs::resolve(&files);
    let aliases = format::aliases(&graph);
    let all = format::blocks(&files, &graph, &aliases);
    let blocks = select(all, &files, &graph, options);
    let legend = if blocks.is_empty() {
        String::new()
    } else {
        format::legend(&aliases)
    };
    Ok(RepoMap {
        legend,
        blocks,
        edges: edges(&graph),
        files,
        graph,
    })
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
