//! The whole pipeline in one call: files → index → references → format (→ rank for a
//! budget), for `messages`/`context` (through [`super::BUILDER`]) and the `map` command.
//!
//! Not declared in `mod.rs` on the branch that wrote it: it composes the indexer
//! (`index_repo`), `refs::resolve`, `format` and `rank`, which other branches add. When
//! they are merged: declare `mod build; pub use build::build;` in `map/mod.rs`, set
//! `BUILDER` to `Some(build)`, and adjust the calls marked `API:` to the names merged.

use std::collections::BTreeMap;
use std::path::Path;

use super::{edges, FileIndex, Graph, MapOptions, RepoMap};
use crate::error::Error;
use crate::tokens::Tokenizer;

/// Builds the map of the repository at `root`: every file `options` does not exclude,
/// and, with `options.tokens`, only the best-ranked blocks that fit (whole blocks);
/// without a budget, `options.paths` (when given) limits the files shown.
pub fn build(root: &Path, options: &MapOptions) -> Result<RepoMap, Error> {
    // API: map::index_repo(root, &IndexOptions) -> Result<Vec<FileIndex>, Error>.
    let index_options = super::IndexOptions {
        exclude: options.exclude.clone(),
        ..super::IndexOptions::default()
    };
    let files: Vec<FileIndex> = super::index_repo(root, &index_options)?;
    // API: refs::resolve(&[FileIndex]) -> Graph.
    let graph: Graph = super::refs::resolve(&files);
    // API: format::aliases(&Graph) -> aliases; format::legend(&aliases) -> String;
    // format::blocks(&[FileIndex], &Graph, &aliases) -> BTreeMap<path, block>.
    let aliases = super::format::aliases(&graph);
    let all: BTreeMap<String, String> = super::format::blocks(&files, &graph, &aliases);
    let blocks = select(all, &graph, options);
    let legend = if blocks.is_empty() {
        String::new()
    } else {
        super::format::legend(&aliases)
    };
    Ok(RepoMap {
        legend,
        blocks,
        edges: edges(&graph),
        files,
        graph,
    })
}

/// The blocks to show: within the token budget the best-ranked, else those under the
/// paths named (all when none are).
fn select(
    all: BTreeMap<String, String>,
    graph: &Graph,
    options: &MapOptions,
) -> BTreeMap<String, String> {
    if let Some(budget) = options.tokens {
        let tokenizer = Tokenizer::default();
        let sizes: BTreeMap<String, usize> = all
            .iter()
            .map(|(p, b)| (p.clone(), tokenizer.count(b)))
            .collect();
        // API: rank::select(&Graph, sizes, focus paths, budget) -> the paths to keep.
        let keep = super::rank::select(graph, &sizes, &options.paths, budget);
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
