//! The whole pipeline in one call: files → index → references → format (→ rank for a
//! budget), for `messages`/`context` and the `map` command.

use std::collections::BTreeMap;
use std::path::Path;

use super::cache::{Cache, Remembered, TaskIndex};
use super::files::{self, Candidate, Selection};
use super::repo::index_files_then;
use super::{edges, format, rank, refs, FileIndex, Graph, IndexOptions, MapOptions};
use super::{RepoMap, TaskBlocks, TaskRecord};
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
/// reads it back instead of building it again; one with other working files on unchanged
/// files makes it from the repository's [`TaskIndex`], without the indexes.
pub fn build_remembered(
    root: &Path,
    options: &MapOptions,
    progress: &dyn Progress,
) -> Result<RepoMap, Error> {
    let index_options = index_options(options);
    let candidates = files::select(root, &index_options.selection)?;
    let cache = index_options.cache_dir.as_ref().map(Cache::new);
    let (slot, decides) = slot(options);
    let files_print = files_print(root, &candidates);
    let print = fingerprint(&decides, &files_print);
    if let Some(hit) = cache.as_ref().and_then(|c| c.recall(root, &slot, &print)) {
        return Ok(hit.into());
    }
    // A new task on unchanged files: from the task index, without the index.
    let indexed = options.tokens.is_some() && options.paths.is_empty();
    let base = fingerprint(&slot, &files_print);
    let recalled = cache
        .as_ref()
        .filter(|_| indexed)
        .and_then(|c| c.recall_index(root, &slot, &base));
    let map = match recalled {
        Some(index) => from_index(&index, options),
        None => {
            let map = build_from(root, &candidates, &index_options, options, progress);
            if let (Some(cache), true) = (&cache, indexed) {
                cache.remember_index(root, &slot, &task_index(base, &map));
            }
            map
        }
    };
    let remembered = Remembered {
        fingerprint: print,
        edges: shown_edges(&map),
        legend: map.legend,
        blocks: map.blocks,
        task: map.task,
        notes: map.notes,
    };
    if let Some(cache) = &cache {
        cache.remember(root, &slot, &remembered);
    }
    Ok(remembered.into())
}

/// Where a map is remembered, and what decides it. One map per repository and options
/// whatever the task, so a new task replaces it rather than adding a file per task; the
/// task (paths, files sent, the last request's task) is part of what
/// decides it.
fn slot(options: &MapOptions) -> (String, String) {
    let slot = format!(
        "{:?}",
        MapOptions {
            paths: Vec::new(),
            sent: Vec::new(),
            task_before: TaskRecord::default(),
            ..options.clone()
        }
    );
    let task = format!(
        "{:?}\0{:?}\0{:?}",
        options.paths, options.sent, options.task_before
    );
    let decides = format!("{slot}\0{task}");
    (slot, decides)
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

/// What decides a map: the `options`, and the files ([`files_print`]).
fn fingerprint(options: &str, files: &str) -> String {
    crate::digest::blake3_hex(format!("{options}\n{files}"))
}

/// Every candidate's path and content (its clean blob id, else the hash of what is on
/// disk now), hashed.
fn files_print(root: &Path, candidates: &[Candidate]) -> String {
    let mut all = String::new();
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
    let (files, (graph, (blocks, task), legend)) =
        index_files_then(root, candidates, index_options, progress, |files| {
            progress.start(LINKING, None);
            let graph: Graph = refs::resolve(files);
            let aliases = format::aliases(&graph);
            let blocks = select(&aliases, files, &graph, options);
            let legend = if blocks.0.is_empty() {
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
        task,
        edges: edges(&graph),
        files,
        graph,
        notes,
    }
}

/// The blocks to show: within the token budget, the repository's map ([`stable_map`])
/// and the task's blocks ([`task`]); else those under the paths named (all when none
/// are).
fn select(
    aliases: &format::Aliases,
    files: &[FileIndex],
    graph: &Graph,
    options: &MapOptions,
) -> (BTreeMap<String, String>, TaskBlocks) {
    if let Some(budget) = options.tokens {
        let tokenizer = Tokenizer::default();
        let count = |t: &str| tokenizer.count(t);
        let share = if options.task_share {
            task_tokens(budget)
        } else {
            0
        };
        let (stable, task_tokens) =
            stable_map(aliases, files, graph, options, budget, share, count);
        let select = |named: &[String], sent: &[String], tokens: usize| {
            rank::select(files, graph, named, sent, tokens, count).0
        };
        let brief = |path: &str| {
            let file = files.iter().find(|f| f.path == path)?;
            format::brief(file, graph, aliases, format::BRIEF_SYMBOLS)
        };
        let around = Around {
            select: &select,
            brief: &brief,
            stable: &stable,
        };
        let task = task(&around, options, budget, task_tokens, count);
        return (stable, task);
    }
    let all = format::blocks(files, graph, aliases);
    if options.paths.is_empty() {
        return (all, TaskBlocks::default());
    }
    let named = all
        .into_iter()
        .filter(|(p, _)| options.paths.iter().any(|named| under(p, named)))
        .collect();
    (named, TaskBlocks::default())
}

/// The repository's map, and the tokens it leaves the task's blocks (`share` of the
/// `budget`). It is ranked toward the paths named only, so the same whatever the
/// request's working files and prompt, in the budget less the task's share. The task's
/// blocks are files the map does not show: when it shows them all, the task's share
/// goes to the map too, since it depends on the repository alone. Its best brief blocks
/// are shown whole while the room allows ([`widen`]).
fn stable_map(
    aliases: &format::Aliases,
    files: &[FileIndex],
    graph: &Graph,
    options: &MapOptions,
    budget: usize,
    share: usize,
    count: impl Fn(&str) -> usize + Sync + Copy,
) -> (BTreeMap<String, String>, usize) {
    let room = budget - share;
    let (ranked, every) = rank::select(files, graph, &options.paths, &[], room, count);
    let (room, share) = if every { (budget, 0) } else { (room, share) };
    let spent =
        count(&format::legend(aliases)) + ranked.iter().map(|(_, b)| count(b)).sum::<usize>();
    let whole = |path: &str| {
        let file = files.iter().find(|f| f.path == path)?;
        format::block(file, graph, aliases)
    };
    let shown = widen(ranked, room.saturating_sub(spent), whole, count);
    (shown.into_iter().collect(), share)
}

/// Ranks the files toward the paths named (first), the files sent (second) getting no
/// block, and returns the best whose blocks fit the tokens: [`rank::select`].
type Selector<'a> = &'a dyn Fn(&[String], &[String], usize) -> Vec<(String, String)>;

/// What the task's blocks are chosen among: the files, from the index or a task index,
/// and the repository's map `stable`, whose files the task does not show again.
struct Around<'a> {
    select: Selector<'a>,
    /// A file's brief block.
    brief: &'a dyn Fn(&str) -> Option<String>,
    stable: &'a BTreeMap<String, String>,
}

/// The task's blocks in `tokens`: the last request's, kept ([`TaskRecord`]), or those
/// ranked from the working files (over the whole `budget`, then [`task_blocks`]).
fn task(
    around: &Around,
    options: &MapOptions,
    budget: usize,
    tokens: usize,
    count: impl Fn(&str) -> usize + Sync + Copy,
) -> TaskBlocks {
    let before = &options.task_before;
    let shown = |p: &String| !around.stable.contains_key(p);
    if kept_task(before, &options.sent) {
        let brief = |p: &String| (around.brief)(p).map(|b| (p.clone(), b));
        return TaskBlocks {
            blocks: before
                .blocks
                .iter()
                .filter(|p| shown(p))
                .filter_map(brief)
                .collect(),
            from: before.from.clone(),
            kept: true,
        };
    }
    if options.sent.is_empty() {
        return TaskBlocks::default();
    }
    let mut paths = options.paths.clone();
    paths.extend(options.sent.iter().cloned());
    let ranked = (around.select)(&paths, &options.sent, budget);
    let fresh = ranked.into_iter().filter(|(p, _)| shown(p)).collect();
    TaskBlocks {
        blocks: task_blocks(fresh, &before.blocks, tokens, count),
        from: options.sent.clone(),
        kept: false,
    }
}

/// The map for `options` from a task index: its repository's map, and the task's
/// blocks chosen as [`select`] chooses them. Only for a budget and no paths named (the
/// index keeps brief blocks only; a named file's block is whole).
fn from_index(index: &TaskIndex, options: &MapOptions) -> RepoMap {
    let tokenizer = Tokenizer::default();
    let count = |t: &str| tokenizer.count(t);
    let budget = options.tokens.unwrap_or_default();
    let at: BTreeMap<&str, usize> = index
        .paths
        .iter()
        .enumerate()
        .map(|(i, p)| (p.as_str(), i))
        .collect();
    let brief_of = |path: &str| index.briefs[*at.get(path)?].clone();
    let neighbours = rank::neighbours(index.paths.len(), &index.weighted);
    let select = |named: &[String], sent: &[String], tokens: usize| {
        let ranked = rank::rank_over(&index.paths, &neighbours, named);
        let block = |p: &str| brief_of(p).filter(|_| !sent.iter().any(|s| s == p));
        rank::best_that_fit(ranked, block, tokens.saturating_sub(index.legend_tokens))
    };
    let brief = |path: &str| brief_of(path).map(|(b, _)| b);
    let around = Around {
        select: &select,
        brief: &brief,
        stable: &index.blocks,
    };
    let tokens = if options.task_share {
        task_tokens(budget)
    } else {
        0
    };
    RepoMap {
        legend: index.legend.clone(),
        blocks: index.blocks.clone(),
        task: task(&around, options, budget, tokens, count),
        edges: index.edges.clone(),
        notes: index.notes.clone(),
        ..RepoMap::default()
    }
}

/// The task index of `map`, just built with its files and graph, under `fingerprint`.
fn task_index(fingerprint: String, map: &RepoMap) -> TaskIndex {
    use rayon::prelude::*;
    let tokenizer = Tokenizer::default();
    let aliases = format::aliases(&map.graph);
    let paths: Vec<String> = map.files.iter().map(|f| f.path.clone()).collect();
    let briefs = map
        .files
        .par_iter()
        .map(|f| {
            let block = format::brief(f, &map.graph, &aliases, format::BRIEF_SYMBOLS)?;
            let tokens = tokenizer.count(&block);
            Some((block, tokens))
        })
        .collect();
    TaskIndex {
        fingerprint,
        legend: map.legend.clone(),
        legend_tokens: tokenizer.count(&format::legend(&aliases)),
        blocks: map.blocks.clone(),
        edges: shown_edges(map),
        notes: map.notes.clone(),
        weighted: rank::indexed_edges(&paths, &map.graph),
        paths,
        briefs,
    }
}

/// The references between the files whose blocks `map` shows (what the session's tiers
/// are seeded from).
fn shown_edges(map: &RepoMap) -> Vec<(String, String)> {
    let shown = |p: &String| map.blocks.contains_key(p);
    map.edges
        .iter()
        .filter(|(a, b)| shown(a) && shown(b))
        .cloned()
        .collect()
}

/// Whether the last request's task blocks (`before`) are shown again as they were
/// ([`TaskRecord`]): a cached tier holds them and a file they were ranked from is still
/// `sent`.
fn kept_task(before: &TaskRecord, sent: &[String]) -> bool {
    before.cached && !before.blocks.is_empty() && before.from.iter().any(|f| sent.contains(f))
}

/// The share of the map's budget that [`widen`] leaves unspent, so that an edit that
/// grows a block a little does not change which blocks are whole.
const WIDEN_SLACK_PERCENT: usize = 10;

/// Spends what the brief blocks `ranked` (best first) leave of the budget, `left`
/// tokens, on showing the best of them whole (`whole` gives a file's whole block), in
/// rank order, each that fits what is left less [`WIDEN_SLACK_PERCENT`] of it: in a
/// repository the budget covers, the map then says all it knows.
fn widen(
    ranked: Vec<(String, String)>,
    left: usize,
    whole: impl Fn(&str) -> Option<String>,
    count: impl Fn(&str) -> usize,
) -> Vec<(String, String)> {
    let mut left = left.saturating_sub(left * WIDEN_SLACK_PERCENT / 100);
    ranked
        .into_iter()
        .map(|(path, brief)| {
            let Some(full) = whole(&path) else {
                return (path, brief);
            };
            let extra = count(&full).saturating_sub(count(&brief));
            if extra > left {
                return (path, brief);
            }
            left -= extra;
            (path, full)
        })
        .collect()
}

/// The task's share of the map's budget, in eighths; the repository's map has the rest,
/// whether or not the request has working files, so that it stays the same. Measured
/// at the default budget (8,192 tokens) on `scripts/relevance-bench --max 40` and the
/// session benchmark, one run each, 2026-12-07: a quarter held 61% of the other changed
/// files and the growing session read 64%; three eighths held 64% and read 67%, mean
/// reuse 82.6% against 82.1%.
const TASK_EIGHTHS: usize = 3;

/// The tokens of the task's blocks in a map of `budget` tokens.
fn task_tokens(budget: usize) -> usize {
    budget / 8 * TASK_EIGHTHS
}

/// The task's blocks from `ranked` (best first), to fill `tokens`. The blocks of
/// `before` (the last request's, in its order) that are still among the best come first,
/// in that order: a small change of the ranking, an edit of a working file say, then
/// leaves the task's blocks as they were, and a request whose working set grew sends
/// them as the last one did before its new blocks. "Among the best" is what would fill
/// twice the budget by rank, so that a block does not stay long after the task moved on.
fn task_blocks(
    ranked: Vec<(String, String)>,
    before: &[String],
    tokens: usize,
    count: impl Fn(&str) -> usize,
) -> Vec<(String, String)> {
    let fill = |blocks: &mut dyn Iterator<Item = (String, String, usize)>, budget: usize| {
        let mut left = budget;
        let mut out = Vec::new();
        for (path, block, n) in blocks {
            if n <= left {
                left -= n;
                out.push((path, block, n));
            }
        }
        out
    };
    let counted = ranked.into_iter().map(|(p, b)| {
        let n = count(&b);
        (p, b, n)
    });
    let mut best = fill(&mut counted.into_iter(), 2 * tokens);
    let place = |p: &str| before.iter().position(|b| b == p).unwrap_or(usize::MAX);
    // Stable: the blocks not shown before keep their rank order, after the others.
    best.sort_by_key(|(p, _, _)| place(p));
    fill(&mut best.into_iter(), tokens)
        .into_iter()
        .map(|(p, b, _)| (p, b))
        .collect()
}

/// Whether `path` is `named` or inside the directory `named` (`.` or empty: everything).
pub(super) fn under(path: &str, named: &str) -> bool {
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
        let (slot, decides) = slot(&options);
        let print = fingerprint(&decides, &files_print(root, &candidates));
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

#[cfg(test)]
mod task_tests {
    use super::*;
    use crate::progress::Silent;

    /// `a.py` uses `b.py` and `c.py`; `d.py` uses `e.py`.
    const FILES: [(&str, &str); 5] = [
        (
            "a.py",
            "from b import g\nfrom c import h\n\ndef f():\n    return g() + h()\n",
        ),
        ("b.py", "def g():\n    return 1\n"),
        ("c.py", "def h():\n    return 2\n"),
        ("d.py", "from e import k\n\ndef m():\n    return k()\n"),
        ("e.py", "def k():\n    return 3\n"),
    ];

    /// The task's blocks of a request that sends `sent` after a request that showed
    /// `before`, with no repository map beside them.
    fn task_of(sent: &[&str], before: TaskRecord) -> TaskBlocks {
        let dir = crate::map::fixtures::bounded_tempdir();
        for (name, text) in FILES {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let candidates = files::select(dir.path(), &Selection::default()).unwrap();
        let options = MapOptions {
            sent: strings(sent),
            task_before: before,
            ..MapOptions::default()
        };
        let index = IndexOptions::default();
        index_files_then(dir.path(), &candidates, &index, &Silent, |files| {
            let graph = refs::resolve(files);
            let aliases = format::aliases(&graph);
            let stable = BTreeMap::new();
            let tokenizer = Tokenizer::default();
            let count = |t: &str| tokenizer.count(t);
            let select = |named: &[String], sent: &[String], tokens: usize| {
                rank::select(files, &graph, named, sent, tokens, count).0
            };
            let brief = |path: &str| {
                let file = files.iter().find(|f| f.path == path)?;
                format::brief(file, &graph, &aliases, format::BRIEF_SYMBOLS)
            };
            let around = Around {
                select: &select,
                brief: &brief,
                stable: &stable,
            };
            task(&around, &options, 8192, 3072, count)
        })
        .1
    }

    fn paths(task: &TaskBlocks) -> Vec<&str> {
        task.blocks.iter().map(|(p, _)| p.as_str()).collect()
    }

    fn strings(s: &[&str]) -> Vec<String> {
        s.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_task_is_ranked_from_the_working_files() {
        let fresh = task_of(&["a.py"], TaskRecord::default());
        assert!(paths(&fresh).contains(&"b.py") && paths(&fresh).contains(&"c.py"));
        assert!(
            !paths(&fresh).contains(&"a.py"),
            "a working file has no block"
        );
        assert_eq!((fresh.from, fresh.kept), (strings(&["a.py"]), false));
    }

    #[test]
    fn a_cached_task_is_kept_while_a_file_it_was_ranked_from_is_sent() {
        let before = |cached: bool, from: &[&str]| TaskRecord {
            blocks: strings(&["b.py", "a.py"]),
            from: strings(from),
            cached,
        };
        // d.py joins: the cached task stays as it was, a.py's block (now a working
        // file's) and all, and says what it was ranked from.
        let kept = task_of(&["a.py", "d.py"], before(true, &["a.py"]));
        assert_eq!(paths(&kept), ["b.py", "a.py"]);
        assert_eq!((kept.from, kept.kept), (strings(&["a.py"]), true));
        // Not cached, or none of its files sent any more: ranked again.
        for (cached, from) in [(false, ["a.py"]), (true, ["x.py"])] {
            let fresh = task_of(&["a.py", "d.py"], before(cached, &from));
            assert!(paths(&fresh).contains(&"e.py"), "{:?}", paths(&fresh));
            assert_eq!(
                (fresh.from, fresh.kept),
                (strings(&["a.py", "d.py"]), false)
            );
        }
    }

    /// A task index gives the map a build from the index gives, for new working files,
    /// a kept task and none; `map`, with no task, spends the whole budget.
    #[test]
    fn a_task_index_chooses_what_the_index_does() {
        let dir = crate::map::fixtures::bounded_tempdir();
        for i in 0..80 {
            let uses: String = (0..i)
                .step_by(7)
                .map(|j| format!("from m{j} import f{j}\n"))
                .collect();
            let text = format!("{uses}\ndef f{i}(x):\n    return x + {i}\n");
            std::fs::write(dir.path().join(format!("m{i}.py")), text).unwrap();
        }
        let tokens = Some(400);
        let request = MapOptions {
            tokens,
            task_share: true,
            ..MapOptions::default()
        };
        let base = build(dir.path(), &request, &Silent).unwrap();
        let index = task_index(String::new(), &base);
        // `map` spends the whole budget on the repository's map.
        let whole = MapOptions {
            task_share: false,
            ..request.clone()
        };
        let map = build(dir.path(), &whole, &Silent).unwrap();
        assert!(
            map.blocks.len() > base.blocks.len(),
            "{:?}",
            map.blocks.keys()
        );
        // m79 and m78 import every seventh file (the repository's map shows most of
        // those) and nothing imports them.
        let kept = TaskRecord {
            blocks: strings(&["m3.py", "m78.py"]),
            from: strings(&["m79.py"]),
            cached: true,
        };
        let cases = [
            (strings(&["m79.py"]), TaskRecord::default()),
            (strings(&["m79.py", "m78.py"]), kept),
            (Vec::new(), TaskRecord::default()),
        ];
        for (sent, before) in cases {
            let with_task = !sent.is_empty();
            let options = MapOptions {
                sent,
                task_before: before,
                ..request.clone()
            };
            let built = build(dir.path(), &options, &Silent).unwrap();
            assert!(options.sent.iter().all(|p| !built.blocks.contains_key(p)));
            let from = from_index(&index, &options);
            assert_eq!(
                (&from.legend, &from.blocks, &from.task),
                (&built.legend, &built.blocks, &built.task)
            );
            assert!(!built.blocks.is_empty());
            assert_eq!(!built.task.blocks.is_empty(), with_task, "{:?}", built.task);
        }
    }

    /// A repository the map shows whole in three eighths less than its budget: the
    /// task would have nothing to add, so its share shows more blocks whole.
    #[test]
    fn a_map_that_shows_every_file_takes_the_task_share() {
        const BUDGET: usize = 800;
        let dir = crate::map::fixtures::bounded_tempdir();
        // Six files of eight functions, each importing all of the others'.
        let names = |k: usize| (0..8).map(|j| format!("f{k}_{j}")).collect::<Vec<_>>();
        for i in 0..6 {
            let defs: String = names(i)
                .iter()
                .map(|f| format!("def {f}(x):\n    return x\n\n"))
                .collect();
            let uses: String = (0..6)
                .filter(|k| *k != i)
                .map(|k| format!("from m{k} import {}\n", names(k).join(", ")))
                .collect();
            let text = format!("{uses}\n{defs}");
            std::fs::write(dir.path().join(format!("m{i}.py")), text).unwrap();
        }
        let map = |task_share: bool| {
            let options = MapOptions {
                tokens: Some(BUDGET),
                task_share,
                sent: strings(&["m0.py"]),
                ..MapOptions::default()
            };
            build(dir.path(), &options, &Silent).unwrap()
        };
        let (shared, whole) = (map(true), map(false));
        assert!(shared.task.blocks.is_empty(), "{:?}", shared.task);
        assert_eq!(shared.blocks, whole.blocks);
        // Five eighths of the budget would have shown fewer blocks whole.
        let tokenizer = Tokenizer::default();
        let count = |t: &str| tokenizer.count(t);
        let size = |m: &RepoMap| m.blocks.values().map(|b| count(b)).sum::<usize>();
        let five_eighths = MapOptions {
            tokens: Some(BUDGET - task_tokens(BUDGET)),
            sent: strings(&["m0.py"]),
            ..MapOptions::default()
        };
        let smaller = build(dir.path(), &five_eighths, &Silent).unwrap();
        assert_eq!(
            smaller.blocks.keys().collect::<Vec<_>>(),
            whole.blocks.keys().collect::<Vec<_>>()
        );
        assert!(
            size(&smaller) < size(&whole),
            "{} {}",
            size(&smaller),
            size(&whole)
        );
    }

    #[test]
    fn the_task_has_three_eighths_of_the_budget() {
        assert_eq!(task_tokens(8192), 3072);
        assert_eq!(task_tokens(512), 192);
    }
}
