//! The repository symbol map (docs/contributing/design.md, docs/map.md): for
//! every file its classes, functions, methods, properties and variables with lines, its
//! imports, and who references them, in the compact format.
//!
//! The pipeline, one module per step, each a plain function from one value to the next:
//! `files` (which files) → `index` (one file's [`FileIndex`], tree-sitter queries per
//! language in `lang`, cached on disk by `cache`) → `refs` (imports resolved to files,
//! cross-file references: a [`Graph`]) → `rank` (files by importance, for a token budget)
//! → `format` (legend, aliases, one block per file) and `tiers` (first-request tiers from
//! the reference graph).

mod build;
pub mod cache;
pub mod files;
#[cfg(test)]
mod fixtures;
pub mod format;
mod grammars;
pub mod imports;
pub mod index;
pub mod lang;
pub mod rank;
pub mod refs;
mod repo;
pub mod tiers;

pub use build::build;
pub use build::build_remembered;
pub use repo::{index_files, index_repo, IndexOptions};

use serde::{Deserialize, Serialize};

/// What a symbol is: the map's kind letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Classes, structs, enums, traits, interfaces, type definitions (`c`).
    Class,
    /// Functions (`f`).
    Function,
    /// Methods, nested under their class or impl (`m`).
    Method,
    /// Properties and fields (`p`).
    Property,
    /// Module-level constants and variables, and a class's instance variables (`v`).
    Variable,
}

impl Kind {
    /// The letter the map writes.
    pub fn letter(self) -> char {
        match self {
            Kind::Class => 'c',
            Kind::Function => 'f',
            Kind::Method => 'm',
            Kind::Property => 'p',
            Kind::Variable => 'v',
        }
    }
}

/// One definition in a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Symbol {
    pub kind: Kind,
    pub name: String,
    /// 1-based start line.
    pub line: u32,
    /// Parameter names (without `self`/`cls`) for functions and methods; `None` for
    /// other kinds.
    pub params: Option<Vec<String>>,
    /// The return type as written, where the language writes one.
    pub returns: Option<String>,
    /// A class's bases, as written.
    pub bases: Vec<String>,
    /// Methods, properties and instance variables of a class or impl, in line order.
    pub children: Vec<Symbol>,
}

/// An import as the file writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Import {
    /// The module, path or header as written (`os.path`, `./util`, `crate::paths`,
    /// `"config.h"` without quotes).
    pub module: String,
    pub line: u32,
}

/// An identifier a file uses that may name a definition elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reference {
    pub name: String,
    pub line: u32,
}

/// Why a file's block holds less than the file defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Problem {
    /// The file has syntax errors; the block holds what tree-sitter recovered.
    Recovered,
    /// Parsing needed more than [`index::PARSE_WORK_LIMIT`]; the file has no block.
    OverWorkLimit,
    /// The grammar panicked; the file has no block.
    Panicked,
}

impl Problem {
    /// The note `--verbose` prints for the file at `path`.
    pub fn note(self, path: &str) -> String {
        let what = match self {
            Problem::Recovered => "has syntax errors; its block holds what the parser recovered",
            Problem::OverWorkLimit => "needs too much work to parse; it has no block",
            Problem::Panicked => "crashed its grammar; it has no block",
        };
        format!("note: map: {path} {what}")
    }
}

/// What one file holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileIndex {
    /// The path relative to the repository root, with `/` separators.
    pub path: String,
    /// The language's name (`rust`, `python`, ...).
    pub language: &'static str,
    /// Top-level definitions in line order (methods and fields nested in `children`).
    pub symbols: Vec<Symbol>,
    pub imports: Vec<Import>,
    pub references: Vec<Reference>,
    /// Why the index is partial or empty, if it is.
    #[serde(skip)]
    pub problem: Option<Problem>,
}

/// Where a symbol is referenced from: another file, and the line there.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Site {
    pub path: String,
    pub line: u32,
}

/// The repository's files and how they refer to each other.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Graph {
    /// Per file: the in-repo files it imports (`i→`), sorted.
    pub imports: std::collections::BTreeMap<String, Vec<String>>,
    /// Per file: external imports, first path component of each, in first-seen order
    /// without repeats (`i`).
    pub external: std::collections::BTreeMap<String, Vec<String>>,
    /// Per `(file, symbol name, symbol line)`: the sites that reference it, sorted.
    pub refs: std::collections::BTreeMap<(String, String, u32), Vec<Site>>,
    /// Per file: the files that reference anything in it (`←refs:`), sorted.
    pub referenced_by: std::collections::BTreeMap<String, Vec<String>>,
}

/// What [`build`](self) is asked for: which files to leave out, and a budget.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MapOptions {
    /// `--map-exclude GLOB` values: files to leave out of the map.
    pub exclude: Vec<String>,
    /// Paths the user named (`map PATH…`): ranking is personalised to them, and without
    /// a budget only they (files, or everything under a directory) are shown.
    pub paths: Vec<String>,
    /// A request's working files, sent in full: the task's blocks are ranked from them,
    /// and they get no block.
    pub sent: Vec<String>,
    /// What a session's last request showed of the task ([`TaskRecord`]).
    pub task_before: TaskRecord,
    /// Whether three eighths of the budget are the task's: a request's map keeps them
    /// whether or not it sends files, so that its repository's map is the same from
    /// request to request; `map` spends the whole budget on the repository's map.
    pub task_share: bool,
    /// `--tokens N`: keep the best-ranked blocks that fit N tokens.
    pub tokens: Option<usize>,
    /// Where to cache indexes ([`cache::dir_in`]); `None` caches nothing.
    pub cache_dir: Option<std::path::PathBuf>,
}

/// What a session keeps of its last request's task blocks, for the next request's map.
///
/// A task's blocks that a cached tier holds are shown again as they were while a file
/// they were ranked from is still a working file: ranked again when a file joins the
/// working set, they would change, and that tier and everything after it would be
/// written again (with 2,048 task tokens the session benchmark's growing session read 54% of its
/// requests so, 64% with them kept). They are ranked again once none of those files is
/// sent (the task moved on), or when no cached tier holds them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskRecord {
    /// The files whose blocks it showed around its working files, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocks: Vec<String>,
    /// The working files those blocks were ranked from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from: Vec<String>,
    /// Whether a cached tier of the session holds them, or they are ready to climb into
    /// one: the tracker says it when the record is read, so it is not stored.
    #[serde(skip)]
    pub cached: bool,
}

impl TaskRecord {
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty() && self.from.is_empty()
    }
}

/// The task's blocks of one request: the files around its working files that the
/// repository's map does not show.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskBlocks {
    /// Path and block, best first (or in the kept order).
    #[serde(default)]
    pub blocks: Vec<(String, String)>,
    /// The working files they were ranked from.
    #[serde(default)]
    pub from: Vec<String>,
    /// Whether they are the last request's, kept ([`TaskRecord`]): a working file's block
    /// among them is then shown too, as the cached tier holds it.
    #[serde(default)]
    pub kept: bool,
}

/// A repository's map, ready to print or to put in a request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RepoMap {
    /// The legend, path aliases included; empty when there are no blocks.
    pub legend: String,
    /// One block per file, by path (the tracker's `symbol:PATH` items).
    pub blocks: std::collections::BTreeMap<String, String>,
    /// The task's blocks beyond `blocks` ([`TaskBlocks`]).
    pub task: TaskBlocks,
    /// `(from, to)`: `from` references or imports something in `to` (for [`tiers`]).
    pub edges: Vec<(String, String)>,
    /// The indexed files (for `map --json`).
    pub files: Vec<FileIndex>,
    /// How they refer to each other.
    pub graph: Graph,
    /// One note per file that did not parse cleanly ([`Problem::note`]), by path, for
    /// `--verbose`.
    pub notes: Vec<String>,
}

/// The reference edges of `graph`, `(from, to)`, sorted and without repeats: each
/// `←refs:` file references the file it is listed for, and each `i→` import is one too.
pub fn edges(graph: &Graph) -> Vec<(String, String)> {
    let mut edges: std::collections::BTreeSet<(String, String)> = Default::default();
    for (to, froms) in &graph.referenced_by {
        edges.extend(froms.iter().map(|from| (from.clone(), to.clone())));
    }
    for (from, tos) in &graph.imports {
        edges.extend(tos.iter().map(|to| (from.clone(), to.clone())));
    }
    edges.into_iter().filter(|(a, b)| a != b).collect()
}

/// How requests build the map: [`build`], or in tests a stand-in.
pub type Builder = fn(
    &std::path::Path,
    &MapOptions,
    &dyn crate::progress::Progress,
) -> Result<RepoMap, crate::error::Error>;
