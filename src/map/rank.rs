//! Files by how much they tell about the task, for a token budget.
//!
//! How ranking works (docs/map.md points here). Personalised PageRank over the file
//! graph, with three departures from aider's repo map, each because a commit's other
//! files were missing from maps ranked its way:
//! - An edge is worth what its names tell. A name used or defined in many files (a
//!   `std`-like hub, `Error`, `Result`) says little about which file a use needs, so each
//!   name weighs `ln((N + 1) / files naming it)` (IDF, never below [`MIN_TELLING`]),
//!   split among the files defining it. An import weighs the IDF of the imported
//!   file's importers.
//! - Edges run both ways: what a named file calls and what calls it are both its
//!   neighbours, and the task usually needs both.
//! - With a task, a walk restarts at the task's files half the time ([`TASK_DAMPING`]),
//!   so rank stays with their neighbours rather than flowing to the repository's hubs.
//!   The task's files are the paths named: a request's working files, `map PATH…`.
//!
//! Without a task the ranking is global (damping 0.85) and the map stays the same from
//! request to request. The prompt does not steer it: a request's prompt is new each
//! time, so blocks it chose would be sent again with every request, never cached; and
//! on `scripts/relevance-bench --max 40` the prompt's paths and identifiers as part of
//! the task held fewer of a commit's other files (56%) than the working files alone (62%).

use std::collections::{BTreeMap, BTreeSet};

use super::{format, FileIndex, Graph};

/// The probability of following an edge rather than jumping (PageRank's usual 0.85),
/// for a ranking with no task.
const DAMPING: f64 = 0.85;
/// With a task, jumps back to it are likelier, keeping rank near its files.
const TASK_DAMPING: f64 = 0.5;
/// Iteration stops when the ranks move less than this in total (L1).
const TOLERANCE: f64 = 1e-12;
const MAX_ITERATIONS: usize = 1000;
/// The least a shared name counts: a name every file uses still links two files a bit.
const MIN_TELLING: f64 = 0.05;
/// How telling each referenced name is: `ln((n + 1) / k)` for `k` files defining or
/// using it among `n`, at least [`MIN_TELLING`], divided by the files defining it.
fn telling(graph: &Graph, n: usize) -> BTreeMap<&str, f64> {
    let mut naming: BTreeMap<&str, (BTreeSet<&str>, BTreeSet<&str>)> = BTreeMap::new();
    for ((to, name, _), sites) in &graph.refs {
        let (definers, all) = naming.entry(name.as_str()).or_default();
        definers.insert(to.as_str());
        all.insert(to.as_str());
        all.extend(sites.iter().map(|s| s.path.as_str()));
    }
    naming
        .into_iter()
        .map(|(name, (definers, all))| {
            let idf = ((n as f64 + 1.0) / all.len() as f64).ln().max(MIN_TELLING);
            (name, idf / definers.len() as f64)
        })
        .collect()
}

/// Weighted edges `(from, to)`: for each distinct name `from` uses that `to` defines,
/// how telling the name is ([`telling`]); plus, when `from` imports `to`, the IDF of
/// `to`'s importers. `n` is the number of files.
pub fn edges(graph: &Graph, n: usize) -> BTreeMap<(String, String), f64> {
    let weights = telling(graph, n);
    let mut names: BTreeMap<(&str, &str), BTreeSet<&str>> = BTreeMap::new();
    for ((to, name, _), sites) in &graph.refs {
        for s in sites {
            names
                .entry((s.path.as_str(), to.as_str()))
                .or_default()
                .insert(name.as_str());
        }
    }
    let mut out: BTreeMap<(String, String), f64> = names
        .into_iter()
        .map(|((from, to), names)| {
            let w: f64 = names.iter().map(|name| weights[name]).sum();
            ((from.to_string(), to.to_string()), w)
        })
        .collect();
    let mut importers: BTreeMap<&str, usize> = BTreeMap::new();
    for (from, targets) in &graph.imports {
        for to in targets.iter().filter(|t| *t != from) {
            *importers.entry(to.as_str()).or_default() += 1;
        }
    }
    for (from, targets) in &graph.imports {
        for to in targets.iter().filter(|t| *t != from) {
            let k = importers[to.as_str()] as f64 + 1.0;
            let w = ((n as f64 + 1.0) / k).ln().max(MIN_TELLING);
            *out.entry((from.clone(), to.clone())).or_default() += w;
        }
    }
    out
}

/// Every file with its rank, best first (ties by path). Random jumps land on the files
/// under the paths named (the task), or on any file when they hold none; a file without
/// edges passes its rank on the same way.
pub fn rank(files: &[FileIndex], graph: &Graph, named: &[String]) -> Vec<(String, f64)> {
    let paths: Vec<String> = files.iter().map(|f| f.path.clone()).collect();
    let edges = indexed_edges(&paths, graph);
    rank_over(&paths, &neighbours(paths.len(), &edges), named)
}

/// The weighted edges of [`edges`] between `paths`, by index, each once and in the same
/// order: what a remembered map keeps to rank a new task without the index.
pub fn indexed_edges(paths: &[String], graph: &Graph) -> Vec<(u32, u32, f64)> {
    let index: BTreeMap<&str, u32> = (0u32..).zip(paths).map(|(i, p)| (p.as_str(), i)).collect();
    let at = |p: &String| index.get(p.as_str()).copied();
    edges(graph, paths.len())
        .into_iter()
        .filter_map(|((from, to), w)| Some((at(&from)?, at(&to)?, w)))
        .collect()
}

/// The `n` files' neighbours over `edges` ([`indexed_edges`]), both ways: a file's
/// callers are as much its neighbours as what it calls. What [`rank_over`] walks.
pub fn neighbours(n: usize, edges: &[(u32, u32, f64)]) -> Vec<Vec<(u32, f64)>> {
    let mut out: Vec<Vec<(u32, f64)>> = vec![Vec::new(); n];
    for &(a, b, w) in edges {
        out[a as usize].push((b, w));
        out[b as usize].push((a, w));
    }
    out
}

/// [`rank`] over `paths` and their [`neighbours`].
pub fn rank_over(
    paths: &[String],
    neighbours: &[Vec<(u32, f64)>],
    named: &[String],
) -> Vec<(String, f64)> {
    let n = paths.len();
    if n == 0 {
        return Vec::new();
    }
    let in_task = |p: &String| named.iter().any(|named| super::build::under(p, named));
    let mut jump: Vec<f64> = paths
        .iter()
        .map(|p| f64::from(u8::from(in_task(p))))
        .collect();
    let damping = if jump.iter().all(|w| *w == 0.0) {
        jump = vec![1.0; n];
        DAMPING
    } else {
        TASK_DAMPING
    };
    let total: f64 = jump.iter().sum();
    jump.iter_mut().for_each(|w| *w /= total);
    let ranks = pagerank(neighbours, &jump, damping);
    let mut ranked: Vec<(String, f64)> = paths.iter().cloned().zip(ranks).collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ranked
}

/// Power iteration: `out_edges[a]` are `(b, weight)`, `jump` sums to 1.
fn pagerank(out_edges: &[Vec<(u32, f64)>], jump: &[f64], damping: f64) -> Vec<f64> {
    let n = jump.len();
    let out_weight: Vec<f64> = out_edges
        .iter()
        .map(|e| e.iter().map(|(_, w)| w).sum())
        .collect();
    let mut ranks = jump.to_vec();
    for _ in 0..MAX_ITERATIONS {
        let dangling: f64 = (0..n)
            .filter(|&i| out_weight[i] == 0.0)
            .map(|i| ranks[i])
            .sum();
        let mut next: Vec<f64> = jump
            .iter()
            .map(|j| (damping * dangling + 1.0 - damping) * j)
            .collect();
        for (a, targets) in out_edges.iter().enumerate() {
            for (b, w) in targets {
                next[*b as usize] += damping * ranks[a] * w / out_weight[a];
            }
        }
        let change: f64 = next.iter().zip(&ranks).map(|(x, y)| (x - y).abs()).sum();
        ranks = next;
        if change < TOLERANCE {
            break;
        }
    }
    ranks
}

/// The files whose blocks fit `tokens` together with the legend, each with its block,
/// best-ranked first ([`rank`] toward the paths `named`); a block too big for what is
/// left is skipped and smaller ones still tried. A block is whole for the named paths,
/// else brief ([`format::brief`]) so that more of the files around the task fit; either
/// way its bytes do not depend on the ranking, so a block that comes back is the one
/// cached before. Files `sent` (a request's working files, there in full; named too)
/// get no block. Also whether every file with a block is among those chosen.
pub fn select(
    files: &[FileIndex],
    graph: &Graph,
    named: &[String],
    sent: &[String],
    tokens: usize,
    count: impl Fn(&str) -> usize + Sync,
) -> (Vec<(String, String)>, bool) {
    use rayon::prelude::*;
    let aliases = format::aliases(graph);
    let blocks: BTreeMap<&str, (String, usize)> = files
        .par_iter()
        .filter(|f| !sent.contains(&f.path))
        .filter_map(|f| {
            let whole = named.iter().any(|p| super::build::under(&f.path, p));
            let block = if whole {
                format::block(f, graph, &aliases)
            } else {
                format::brief(f, graph, &aliases, format::BRIEF_SYMBOLS)
            }?;
            let tokens = count(&block);
            Some((f.path.as_str(), (block, tokens)))
        })
        .collect::<Vec<_>>()
        .into_iter()
        .collect();
    let left = tokens.saturating_sub(count(&format::legend(&aliases)));
    fit(rank(files, graph, named), |p| blocks.get(p).cloned(), left)
}

/// The files of `ranked` (best first) whose blocks (`block`: the block and its tokens;
/// `None`, no block) fit `tokens`, in rank order; a block too big for what is left is
/// skipped and smaller ones still tried.
pub fn best_that_fit(
    ranked: Vec<(String, f64)>,
    block: impl Fn(&str) -> Option<(String, usize)>,
    tokens: usize,
) -> Vec<(String, String)> {
    fit(ranked, block, tokens).0
}

/// [`best_that_fit`], and whether every block fit.
fn fit(
    ranked: Vec<(String, f64)>,
    block: impl Fn(&str) -> Option<(String, usize)>,
    tokens: usize,
) -> (Vec<(String, String)>, bool) {
    let mut left = tokens;
    let mut chosen = Vec::new();
    let mut every = true;
    for (path, _) in ranked {
        let Some((block, tokens)) = block(&path) else {
            continue;
        };
        if tokens <= left {
            left -= tokens;
            chosen.push((path, block));
        } else {
            every = false;
        }
    }
    (chosen, every)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::fixtures::{self, func};
    use crate::map::{Kind, Site};

    fn file(path: &str) -> FileIndex {
        let name = format!("f_{}", path.replace(['.', '/'], "_"));
        let symbol = func(Kind::Function, &name, &[], None, 1);
        fixtures::file(path, "python", vec![symbol], &[], &[])
    }

    /// A graph where `from` uses `names` distinct names of `to` (`n0`, `n1`, ... of
    /// `to`'s own, so names are not shared between targets).
    fn graph(edges: &[(&str, &str, usize)]) -> Graph {
        let mut g = Graph::default();
        for (from, to, names) in edges {
            for k in 0..*names {
                let site = Site {
                    path: from.to_string(),
                    line: 1,
                };
                g.refs
                    .entry((to.to_string(), format!("{to}_n{k}"), 1))
                    .or_default()
                    .push(site);
            }
        }
        g
    }

    fn order(ranked: &[(String, f64)]) -> Vec<&str> {
        ranked.iter().map(|(p, _)| p.as_str()).collect()
    }

    #[test]
    fn a_name_used_everywhere_tells_less_than_a_rare_one() {
        // a uses one name of b (only a uses it) and one of hub (a, b, c and d use it).
        let g = graph(&[
            ("a.py", "b.py", 1),
            ("a.py", "hub.py", 1),
            ("c.py", "hub.py", 1),
            ("d.py", "hub.py", 1),
        ]);
        let mut g = g;
        g.refs
            .get_mut(&("hub.py".into(), "hub.py_n0".into(), 1))
            .unwrap()
            .push(Site {
                path: "b.py".into(),
                line: 1,
            });
        let e = edges(&g, 5);
        let to = |t: &str| e[&("a.py".to_string(), t.to_string())];
        // ln(6/2) for b's name (a and b), ln(6/5) for hub's (five files).
        assert!((to("b.py") - 3f64.ln()).abs() < 1e-12);
        assert!((to("hub.py") - 1.2f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn imports_count_by_how_few_files_import_the_target() {
        let mut g = Graph::default();
        g.imports
            .insert("a.py".into(), vec!["b.py".into(), "c.py".into()]);
        g.imports
            .insert("d.py".into(), vec!["c.py".into(), "d.py".into()]);
        let e = edges(&g, 4);
        assert!((e[&("a.py".into(), "b.py".into())] - 2.5f64.ln()).abs() < 1e-12);
        assert!((e[&("a.py".into(), "c.py".into())] - (5.0f64 / 3.0).ln()).abs() < 1e-12);
        assert_eq!(e.len(), 3, "a self-import is no edge: {e:?}");
    }

    /// Ranks from networkx 3.6.1's pure-Python PageRank (numpy is not installed here):
    /// `from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python as pr`.
    fn assert_ranks(got: &[f64], want: &[f64]) {
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-9, "{g} vs {w}");
        }
    }

    // G = nx.DiGraph(); G.add_weighted_edges_from([("a","b",2),("a","c",1),
    //     ("b","c",1),("c","a",1)])
    // pr(G, alpha=0.85, tol=1e-12, max_iter=1000), then with personalization={"b": 1}
    #[test]
    fn pagerank_on_three_nodes_matches_networkx() {
        let out = vec![vec![(1, 2.0), (2, 1.0)], vec![(2, 1.0)], vec![(0, 1.0)]];
        let third = 1.0 / 3.0;
        assert_ranks(
            &pagerank(&out, &[third; 3], DAMPING),
            &[0.36776268763446385, 0.2583988563261228, 0.3738384560394129],
        );
        assert_ranks(
            &pagerank(&out, &[0.0, 1.0, 0.0], DAMPING),
            &[0.3098641887061114, 0.32558970693397493, 0.3645461043599136],
        );
    }

    // G = nx.DiGraph(); G.add_nodes_from(["a","b","hub","leaf"])
    // G.add_weighted_edges_from([("a","hub",1),("b","hub",1),("leaf","a",3)])
    // pr(G, alpha=0.85, tol=1e-12, personalization={"leaf": 1}, max_iter=1000)
    #[test]
    fn dangling_nodes_match_networkx() {
        let out = vec![vec![(2, 1.0)], vec![(2, 1.0)], vec![], vec![(0, 3.0)]];
        assert_ranks(
            &pagerank(&out, &[0.0, 0.0, 0.0, 1.0], DAMPING),
            &[
                0.330417881437583,
                0.0,
                0.28085519922340996,
                0.3887269193390071,
            ],
        );
    }

    /// A named file `task.py` uses a rare name of `near.py` and is used by `caller.py`;
    /// twenty files (and `task.py`) use names of `hub.py`, and `far.py` is used by the
    /// hub's users. The old ranking (directed edges counting shared names, damping 0.85)
    /// put `hub.py` right after the named file and `caller.py` below it.
    fn hub_repo() -> (Vec<FileIndex>, Graph) {
        let mut edges = vec![
            ("task.py", "near.py", 1),
            ("caller.py", "task.py", 1),
            ("task.py", "hub.py", 3),
        ];
        let users: Vec<String> = (0..20).map(|i| format!("u{i:02}.py")).collect();
        for u in &users {
            edges.push((u.as_str(), "hub.py", 3));
            edges.push((u.as_str(), "far.py", 1));
        }
        // Every user uses the same three names of the hub, as every file uses `std`.
        let g = graph(&edges);
        let mut names = vec!["task.py", "near.py", "caller.py", "hub.py", "far.py"];
        names.extend(users.iter().map(String::as_str));
        (names.into_iter().map(file).collect(), g)
    }

    #[test]
    fn the_named_files_neighbours_come_first_and_a_hub_does_not_dominate() {
        let (files, g) = hub_repo();
        let named = ["task.py".to_string()];
        let ranked = rank(&files, &g, &named);
        let mut next = order(&ranked)[1..3].to_vec();
        next.sort_unstable();
        assert_eq!(
            (order(&ranked)[0], next),
            ("task.py", vec!["caller.py", "near.py"])
        );
        // Both neighbours outrank the hub that every file uses.
        let at = |p: &str| order(&ranked).iter().position(|q| *q == p).unwrap();
        assert!(at("hub.py") > at("caller.py"), "{ranked:?}");
    }

    #[test]
    fn sent_files_steer_but_get_no_block_and_the_budget_holds_whole_blocks() {
        let (files, g) = hub_repo();
        let named = ["task.py".to_string()];
        let lines = |t: &str| t.lines().count();
        // The legend (no aliases) is 2 lines; each block here is 2 or 3.
        let paths = |c: Vec<(String, String)>| c.into_iter().map(|(p, _)| p).collect::<Vec<_>>();
        let (chosen, every) = select(&files, &g, &named, &named, 7, lines);
        let mut chosen = paths(chosen);
        chosen.sort_unstable();
        assert_eq!(chosen, ["caller.py", "near.py"]);
        assert!(!every);
        let (all, every) = select(&files, &g, &named, &[], 10_000, lines);
        assert_eq!(all.len(), files.len());
        assert_eq!(all[0].0, "task.py");
        assert!(every);
    }
}
