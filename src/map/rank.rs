//! Files by importance, for `map --tokens N`: PageRank over the file graph, personalised
//! to the paths the user gave, as aider's repo map does.

use std::collections::{BTreeMap, BTreeSet};

use super::{format, FileIndex, Graph};

/// The probability of following an edge rather than jumping (PageRank's usual 0.85).
const DAMPING: f64 = 0.85;
/// Iteration stops when the ranks move less than this in total (L1).
const TOLERANCE: f64 = 1e-12;
const MAX_ITERATIONS: usize = 1000;

/// Weighted edges `(from, to)`: the number of distinct names `from` uses that `to`
/// defines, plus one when `from` imports `to`.
pub fn edges(graph: &Graph) -> BTreeMap<(String, String), f64> {
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
        .map(|((from, to), n)| ((from.to_string(), to.to_string()), n.len() as f64))
        .collect();
    for (from, targets) in &graph.imports {
        for to in targets.iter().filter(|t| *t != from) {
            *out.entry((from.clone(), to.clone())).or_default() += 1.0;
        }
    }
    out
}

/// Every file with its rank, best first (ties by path). Random jumps land on the
/// `personal` files that are among `files`, or on any file when there are none; a file
/// without outgoing edges passes its rank on the same way.
pub fn rank(files: &[FileIndex], graph: &Graph, personal: &[String]) -> Vec<(String, f64)> {
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    let index: BTreeMap<&str, usize> = paths.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let n = paths.len();
    if n == 0 {
        return Vec::new();
    }
    let mut jump = vec![0.0; n];
    for p in personal {
        if let Some(&i) = index.get(p.as_str()) {
            jump[i] = 1.0;
        }
    }
    if jump.iter().all(|w| *w == 0.0) {
        jump = vec![1.0; n];
    }
    let total: f64 = jump.iter().sum();
    jump.iter_mut().for_each(|w| *w /= total);

    let mut out_edges: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
    for ((from, to), w) in edges(graph) {
        if let (Some(&a), Some(&b)) = (index.get(from.as_str()), index.get(to.as_str())) {
            out_edges[a].push((b, w));
        }
    }
    let out_weight: Vec<f64> = out_edges
        .iter()
        .map(|e| e.iter().map(|(_, w)| w).sum())
        .collect();

    let mut ranks = jump.clone();
    for _ in 0..MAX_ITERATIONS {
        let dangling: f64 = (0..n)
            .filter(|&i| out_weight[i] == 0.0)
            .map(|i| ranks[i])
            .sum();
        let mut next: Vec<f64> = jump
            .iter()
            .map(|j| (DAMPING * dangling + 1.0 - DAMPING) * j)
            .collect();
        for (a, targets) in out_edges.iter().enumerate() {
            for (b, w) in targets {
                next[*b] += DAMPING * ranks[a] * w / out_weight[a];
            }
        }
        let change: f64 = next.iter().zip(&ranks).map(|(x, y)| (x - y).abs()).sum();
        ranks = next;
        if change < TOLERANCE {
            break;
        }
    }
    let mut ranked: Vec<(String, f64)> = paths.iter().map(|p| p.to_string()).zip(ranks).collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ranked
}

/// The best-ranked files whose whole blocks fit `budget_tokens` together with the legend,
/// best first; a block too big for what is left is skipped and smaller ones still tried.
/// `count` counts a text's tokens.
pub fn select(
    files: &[FileIndex],
    graph: &Graph,
    personal: &[String],
    budget_tokens: usize,
    count: impl Fn(&str) -> usize,
) -> Vec<String> {
    let aliases = format::aliases(graph);
    let blocks = format::blocks(files, graph, &aliases);
    let mut left = budget_tokens.saturating_sub(count(&format::legend(&aliases)));
    let mut chosen = Vec::new();
    for (path, _) in rank(files, graph, personal) {
        let Some(block) = blocks.get(&path) else {
            continue;
        };
        let tokens = count(block);
        if tokens <= left {
            left -= tokens;
            chosen.push(path);
        }
    }
    chosen
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

    /// Three files that all reference each other, one way or both.
    fn triangle() -> (Vec<FileIndex>, Graph) {
        let files = ["a.py", "b.py", "c.py"].map(file).into();
        let edges = [
            ("a.py", "b.py", 2),
            ("a.py", "c.py", 1),
            ("b.py", "c.py", 1),
            ("c.py", "a.py", 1),
        ];
        (files, graph(&edges))
    }

    /// A graph where `from` uses `names` distinct names of `to`.
    fn graph(edges: &[(&str, &str, usize)]) -> Graph {
        let mut g = Graph::default();
        for (from, to, names) in edges {
            for k in 0..*names {
                let site = Site {
                    path: from.to_string(),
                    line: 1,
                };
                g.refs
                    .entry((to.to_string(), format!("n{k}"), 1))
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
    fn edges_count_shared_names_and_imports() {
        let mut g = graph(&[("a.py", "b.py", 2)]);
        g.imports
            .insert("a.py".into(), vec!["b.py".into(), "c.py".into()]);
        let e = edges(&g);
        assert_eq!(e[&("a.py".to_string(), "b.py".to_string())], 3.0);
        assert_eq!(e[&("a.py".to_string(), "c.py".to_string())], 1.0);
        assert_eq!(e.len(), 2);
    }

    /// Ranks from networkx 3.6.1's pure-Python PageRank (numpy is not installed here):
    /// `from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python as pr`.
    fn assert_ranks(got: &[(String, f64)], want: &[(&str, f64)]) {
        assert_eq!(order(got), want.iter().map(|(p, _)| *p).collect::<Vec<_>>());
        for ((_, g), (_, w)) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-9, "{g} vs {w}");
        }
    }

    // G = nx.DiGraph(); G.add_weighted_edges_from([("a.py","b.py",2),("a.py","c.py",1),
    //     ("b.py","c.py",1),("c.py","a.py",1)])
    // pr(G, alpha=0.85, tol=1e-12, max_iter=1000), then with personalization={"b.py": 1}
    #[test]
    fn pagerank_on_three_files_matches_networkx() {
        let (files, g) = triangle();
        assert_ranks(
            &rank(&files, &g, &[]),
            &[
                ("c.py", 0.3738384560394129),
                ("a.py", 0.36776268763446385),
                ("b.py", 0.2583988563261228),
            ],
        );
        assert_ranks(
            &rank(&files, &g, &["b.py".to_string()]),
            &[
                ("c.py", 0.3645461043599136),
                ("b.py", 0.32558970693397493),
                ("a.py", 0.3098641887061114),
            ],
        );
    }

    // G = nx.DiGraph(); G.add_nodes_from(["a.py","b.py","hub.py","leaf.py"])
    // G.add_weighted_edges_from([("a.py","hub.py",1),("b.py","hub.py",1),("leaf.py","a.py",3)])
    // pr(G, alpha=0.85, tol=1e-12, personalization={"leaf.py": 1}, max_iter=1000)
    #[test]
    fn dangling_files_and_personalisation_match_networkx() {
        let files: Vec<FileIndex> = ["a.py", "b.py", "hub.py", "leaf.py"].map(file).into();
        let g = graph(&[
            ("a.py", "hub.py", 1),
            ("b.py", "hub.py", 1),
            ("leaf.py", "a.py", 3),
        ]);
        assert_ranks(
            &rank(
                &files,
                &g,
                &["leaf.py".to_string(), "missing.py".to_string()],
            ),
            &[
                ("leaf.py", 0.3887269193390071),
                ("a.py", 0.330417881437583),
                ("hub.py", 0.28085519922340996),
                ("b.py", 0.0),
            ],
        );
    }

    #[test]
    fn select_keeps_whole_blocks_in_rank_order_within_the_budget() {
        let (files, g) = triangle();
        // One token per line: the legend (no aliases) is 2, each block 2.
        let lines = |t: &str| t.lines().count();
        let blocks = format::blocks(&files, &g, &format::aliases(&g));
        let sizes: Vec<usize> = blocks.values().map(|b| lines(b)).collect();
        assert_eq!(sizes, [2, 2, 2]);
        assert_eq!(select(&files, &g, &[], 3, lines), Vec::<String>::new());
        assert_eq!(select(&files, &g, &[], 4, lines), ["c.py"]);
        assert_eq!(select(&files, &g, &[], 7, lines), ["c.py", "a.py"]);
        assert_eq!(select(&files, &g, &[], 8, lines), ["c.py", "a.py", "b.py"]);
        // A block too big for what is left is skipped; smaller ones after it still fit.
        let big_c = |t: &str| if t.starts_with("c.py:") { 10 } else { lines(t) };
        assert_eq!(select(&files, &g, &[], 7, big_c), ["a.py", "b.py"]);
    }
}
