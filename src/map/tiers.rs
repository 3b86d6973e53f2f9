//! First-request tiers for symbol blocks (docs/contributing/design.md, tier promotion: `symbol-map.md`, "Tiers for symbol
//! blocks"): files that reference each other are kept together in one cached tier, so an
//! edit breaks as few tiers as possible. L0 is never assigned here: it is earned.
//!
//! Pure: files with their block's tokens and the reference edges in, a tier per file out.
//! The caller gives placed items their tier's entry count.

use std::collections::{BTreeMap, BTreeSet};

/// A cached tier below L0, as this module places blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    L1,
    L2,
    L3,
}

impl Level {
    /// The levels in fill order.
    pub const ALL: [Level; 3] = [Level::L1, Level::L2, Level::L3];

    /// 1, 2 or 3.
    pub fn number(self) -> u8 {
        match self {
            Level::L1 => 1,
            Level::L2 => 2,
            Level::L3 => 3,
        }
    }
}

/// The fallback's shares without a target: the top 20% of files by references go to L1,
/// the top 50% (the next 30%) to L1 and L2 together; L3 takes the rest.
const L1_PERCENT: usize = 20;
const L1_L2_PERCENT: usize = 50;

/// Places every file of `files` (path, block tokens) in L1, L2 or L3. `edges` are
/// `(from, to)`: `from` references something in `to`. `target` is the provider's minimum
/// cacheable tokens (`None` or 0: no minimum).
///
/// Files that reference each other both ways form clusters (connected components; a file
/// in none is a cluster of one). Clusters, largest first, go whole into the tier holding
/// the fewest tokens so far; then a tier under `target` is merged into the smallest other
/// non-empty tier (an empty tier is better than one under the minimum). Without any
/// cluster of two or more files, [`by_references`] places them instead.
pub fn initial(
    files: &[(String, usize)],
    edges: &[(String, String)],
    target: Option<usize>,
) -> BTreeMap<String, Level> {
    let target = target.unwrap_or(0);
    let clusters = clusters(files, edges);
    if clusters.iter().all(|c| c.len() < 2) {
        return by_references(files, edges, target);
    }
    let tokens: BTreeMap<&str, usize> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let size = |c: &Vec<&str>| c.iter().map(|p| tokens[p]).sum::<usize>();
    let mut sized: Vec<(usize, Vec<&str>)> = clusters.into_iter().map(|c| (size(&c), c)).collect();
    // Largest first; equal sizes by their first path, so the result is deterministic.
    sized.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let mut bins: BTreeMap<Level, (usize, Vec<&str>)> = BTreeMap::new();
    for (tokens, cluster) in sized {
        let level = Level::ALL
            .into_iter()
            .min_by_key(|l| (bins.get(l).map_or(0, |b| b.0), *l))
            .expect("three levels");
        let bin = bins.entry(level).or_default();
        bin.0 += tokens;
        bin.1.extend(cluster);
    }
    merge_small(&mut bins, target);
    bins.into_iter()
        .flat_map(|(level, (_, paths))| paths.into_iter().map(move |p| (p.to_string(), level)))
        .collect()
}

/// The connected components of the graph of two-way references, each sorted, in the
/// order of their first path. Every file is in exactly one.
fn clusters<'a>(files: &'a [(String, usize)], edges: &[(String, String)]) -> Vec<Vec<&'a str>> {
    let index: BTreeMap<&str, usize> = files
        .iter()
        .enumerate()
        .map(|(i, (p, _))| (p.as_str(), i))
        .collect();
    let directed: BTreeSet<(usize, usize)> = edges
        .iter()
        .filter_map(|(a, b)| Some((*index.get(a.as_str())?, *index.get(b.as_str())?)))
        .filter(|(a, b)| a != b)
        .collect();
    let mut parent: Vec<usize> = (0..files.len()).collect();
    for &(a, b) in &directed {
        if a < b && directed.contains(&(b, a)) {
            union(&mut parent, a, b);
        }
    }
    let mut groups: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for (i, (path, _)) in files.iter().enumerate() {
        let root = find(&mut parent, i);
        groups.entry(root).or_default().push(path.as_str());
    }
    let mut groups: Vec<Vec<&str>> = groups.into_values().collect();
    for g in &mut groups {
        g.sort_unstable();
    }
    groups.sort();
    groups
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb)] = ra.min(rb);
    }
}

/// Merges each non-empty tier under `target` tokens, smallest first, into the smallest
/// other non-empty tier, until every non-empty tier reaches it or only one is left.
fn merge_small(bins: &mut BTreeMap<Level, (usize, Vec<&str>)>, target: usize) {
    loop {
        let mut filled: Vec<(usize, Level)> = bins
            .iter()
            .filter(|(_, b)| !b.1.is_empty())
            .map(|(l, b)| (b.0, *l))
            .collect();
        filled.sort();
        let Some(&(tokens, small)) = filled.first().filter(|(t, _)| *t < target) else {
            return;
        };
        let Some(&(_, into)) = filled.get(1) else {
            return;
        };
        let (_, paths) = bins.remove(&small).expect("listed above");
        let bin = bins.get_mut(&into).expect("listed above");
        bin.0 += tokens;
        bin.1.extend(paths);
    }
}

/// The fallback: files by how many files reference them (most first, then by path) fill
/// L1, then L2, each until it reaches `target` tokens, and L3 takes the rest. Without a
/// target (0), the top 20% go to L1, the next 30% to L2 and the rest to L3 (shares
/// rounded up, so a lone file goes to L1).
pub fn by_references(
    files: &[(String, usize)],
    edges: &[(String, String)],
    target: usize,
) -> BTreeMap<String, Level> {
    let referrers: BTreeSet<(&str, &str)> = edges
        .iter()
        .filter(|(a, b)| a != b)
        .map(|(a, b)| (b.as_str(), a.as_str()))
        .collect();
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for (to, _) in &referrers {
        *count.entry(to).or_default() += 1;
    }
    let mut ranked: Vec<&(String, usize)> = files.iter().collect();
    ranked.sort_by(|a, b| {
        let refs = |p: &String| count.get(p.as_str()).copied().unwrap_or(0);
        refs(&b.0).cmp(&refs(&a.0)).then_with(|| a.0.cmp(&b.0))
    });
    let mut out = BTreeMap::new();
    if target == 0 {
        let n = ranked.len();
        let l1 = (n * L1_PERCENT).div_ceil(100);
        let l2 = (n * L1_L2_PERCENT).div_ceil(100);
        for (i, (path, _)) in ranked.into_iter().enumerate() {
            let level = match i {
                i if i < l1 => Level::L1,
                i if i < l2 => Level::L2,
                _ => Level::L3,
            };
            out.insert(path.clone(), level);
        }
        return out;
    }
    let (mut level, mut held) = (0, 0);
    for (path, tokens) in ranked {
        if held >= target && level < 2 {
            (level, held) = (level + 1, 0);
        }
        out.insert(path.clone(), Level::ALL[level]);
        held += tokens;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Level::*;

    fn files(list: &[(&str, usize)]) -> Vec<(String, usize)> {
        list.iter().map(|(p, t)| (p.to_string(), *t)).collect()
    }

    fn edges(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    type Files = Vec<(String, usize)>;
    type Edges = Vec<(String, String)>;

    fn placed(m: &BTreeMap<String, Level>) -> Vec<(&str, u8)> {
        m.iter().map(|(p, l)| (p.as_str(), l.number())).collect()
    }

    /// a⇄b⇄c (600 tokens), d⇄e (500), f alone (450), g alone (100); h→a one way only.
    fn repo() -> (Files, Edges) {
        let f = files(&[
            ("a", 300),
            ("b", 200),
            ("c", 100),
            ("d", 250),
            ("e", 250),
            ("f", 450),
            ("g", 100),
            ("h", 40),
        ]);
        let e = edges(&[
            ("a", "b"),
            ("b", "a"),
            ("b", "c"),
            ("c", "b"),
            ("d", "e"),
            ("e", "d"),
            ("h", "a"),
        ]);
        (f, e)
    }

    #[test]
    fn clusters_are_bin_packed_whole_into_the_emptiest_tier() {
        let (f, e) = repo();
        // abc 600 → L1; de 500 → L2; f 450 → L3; g 100 → L3 (450 < 500); h 40 → L2
        // (500 < 550 < 600).
        let got = initial(&f, &e, None);
        assert_eq!(
            placed(&got),
            [
                ("a", 1),
                ("b", 1),
                ("c", 1),
                ("d", 2),
                ("e", 2),
                ("f", 3),
                ("g", 3),
                ("h", 2)
            ]
        );
    }

    #[test]
    fn tiers_under_the_target_merge_into_the_smallest_other() {
        let (f, e) = repo();
        // Before merging: L1 600, L2 540, L3 550. With a target of 560, L2 (540) merges
        // into L3 (550, smaller than L1); L3 now holds 1090, L1 600 is enough.
        let got = initial(&f, &e, Some(560));
        let levels: BTreeSet<u8> = got.values().map(|l| l.number()).collect();
        assert_eq!(levels, BTreeSet::from([1, 3]));
        assert_eq!(got["d"], L3);
        assert_eq!(got["h"], L3);
        assert_eq!(got["a"], L1);
        // A target above everything leaves one tier holding it all (an empty tier is
        // better than one under the minimum): L2 540 → L3; then L1 600 → L3.
        let got = initial(&f, &e, Some(10_000));
        assert!(got.values().all(|l| *l == L3), "{got:?}");
    }

    #[test]
    fn one_way_references_do_not_cluster() {
        // a→b is one way and a→a is a self-reference; only b⇄c clusters.
        let f = files(&[("a", 10), ("b", 10), ("c", 10), ("d", 10), ("e", 10)]);
        let e = edges(&[("a", "b"), ("c", "b"), ("b", "c"), ("a", "a")]);
        // b⇄c is a cluster: b,c 20 → L1; then a, d, e (10 each) to L2, L3, L2.
        let got = initial(&f, &e, None);
        assert_eq!(
            placed(&got),
            [("a", 2), ("b", 1), ("c", 1), ("d", 3), ("e", 2)]
        );
    }

    #[test]
    fn without_clusters_files_fill_tiers_by_reference_count() {
        let f = files(&[("a", 10), ("b", 10), ("c", 10), ("d", 10), ("e", 10)]);
        // Referrers: c 3 (a, b, d), e 2 (a, b), a 1 (b), b and d 0. A self-reference
        // counts nothing; a repeated edge counts once.
        let e = edges(&[
            ("a", "c"),
            ("b", "c"),
            ("d", "c"),
            ("a", "e"),
            ("b", "e"),
            ("b", "e"),
            ("b", "a"),
            ("d", "d"),
        ]);
        // Ranked c, e, a, b, d. No target: 20% of 5 = 1 in L1, 50% = 3 so 2 in L2.
        let got = initial(&f, &e, None);
        assert_eq!(
            placed(&got),
            [("a", 2), ("b", 3), ("c", 1), ("d", 3), ("e", 2)]
        );
        // Target 15: L1 takes c, e (20 ≥ 15); L2 takes a, b; L3 takes d.
        let got = initial(&f, &e, Some(15));
        assert_eq!(
            placed(&got),
            [("a", 2), ("b", 2), ("c", 1), ("d", 3), ("e", 1)]
        );
        // Target 5: each tier one file, L3 the rest.
        let got = initial(&f, &e, Some(5));
        assert_eq!(
            placed(&got),
            [("a", 3), ("b", 3), ("c", 1), ("d", 3), ("e", 2)]
        );
    }

    #[test]
    fn empty_and_lone_inputs() {
        assert!(initial(&[], &[], Some(1024)).is_empty());
        let got = initial(&files(&[("only", 3)]), &[], None);
        assert_eq!(placed(&got), [("only", 1)]);
        // Edges naming files outside the list are ignored.
        let got = initial(&files(&[("x", 3)]), &edges(&[("x", "y"), ("y", "x")]), None);
        assert_eq!(placed(&got), [("x", 1)]);
    }
}
