//! The map's text, in the compact format (docs/map.md,
//! "Format"): the legend with path aliases, and one block per file.

use std::collections::{BTreeMap, HashMap};

use rayon::prelude::*;

use super::{FileIndex, Graph, Kind, Site, Symbol};

/// The legend's two base lines.
pub const LEGEND: &str = "# c=class m=method f=function v=var p=property i=import i→=local\n\
                          # :N=line(s) ->T=returns ?=optional ←=refs →=calls +N=more ″=ditto\n";
/// Opens a reference annotation.
const REFS_MARK: &str = "←";
/// Written for an annotation equal to the previous symbol's.
const DITTO: &str = "″";
/// Opens the per-file list of referencing files.
const FILE_REFS: &str = "←refs: ";
const EXTERNAL_IMPORTS: &str = "i ";
const LOCAL_IMPORTS: &str = "i→ ";
const INDENT: &str = "  ";
/// Python's receiver parameters, never listed.
const PYTHON_RECEIVERS: [&str; 2] = ["self", "cls"];

/// Files listed in one symbol's annotation before `+N`.
const MAX_SYMBOL_REFS: usize = 3;
/// Files listed in `←refs:` before `+N`.
const MAX_FILE_REFS: usize = 5;
/// Line numbers of same-named variables before `+N`.
const MAX_VARIABLE_LINES: usize = 5;

/// Directory depths that may become aliases (`a/`, `a/b/`, `a/b/c/`).
const MAX_ALIAS_DEPTH: usize = 3;
const MIN_ALIAS_COUNT: usize = 3;
const MAX_ALIASES: usize = 9;

/// Path prefixes written `@1`…`@9`, in alias order (longest first).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Aliases(Vec<String>);

impl Aliases {
    /// The prefixes, `@1` first.
    pub fn prefixes(&self) -> &[String] {
        &self.0
    }

    /// `path` with the first (longest) matching prefix replaced by its alias.
    pub fn apply(&self, path: &str) -> String {
        for (i, prefix) in self.0.iter().enumerate() {
            if let Some(rest) = path.strip_prefix(prefix.as_str()) {
                return format!("@{}{rest}", i + 1);
            }
        }
        path.to_string()
    }
}

/// The aliases for the paths that appear in `graph`'s references (each referencing file
/// once per symbol, as the `←` annotations list them) and `←refs:` lists: directory
/// prefixes of depth 1 to 3 seen at least 3 times whose saving
/// `(len - 2) * count - (len + 5)` is positive, the 9 that save most (ties: the shorter
/// string first), numbered longest first (ties: alphabetical).
pub fn aliases(graph: &Graph) -> Aliases {
    let mut paths: Vec<&str> = Vec::new();
    for sites in graph.refs.values() {
        paths.extend(
            first_line_per_file(sites)
                .into_iter()
                .map(|s| s.path.as_str()),
        );
    }
    paths.extend(graph.referenced_by.values().flatten().map(String::as_str));
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for path in paths {
        let mut end = 0;
        for _ in 0..MAX_ALIAS_DEPTH {
            match path[end..].find('/') {
                Some(i) => end += i + 1,
                None => break,
            }
            *counts.entry(&path[..end]).or_default() += 1;
        }
    }
    let saving =
        |prefix: &str, n: usize| (prefix.len() as i64 - 2) * n as i64 - (prefix.len() as i64 + 5);
    let mut kept: Vec<(&str, i64)> = counts
        .into_iter()
        .filter(|(_, n)| *n >= MIN_ALIAS_COUNT)
        .map(|(p, n)| (p, saving(p, n)))
        .filter(|(_, s)| *s > 0)
        .collect();
    kept.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then(a.0.len().cmp(&b.0.len()))
            .then(a.0.cmp(b.0))
    });
    kept.truncate(MAX_ALIASES);
    let mut prefixes: Vec<String> = kept.into_iter().map(|(p, _)| p.to_string()).collect();
    prefixes.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    Aliases(prefixes)
}

/// The legend: the two base lines, and a line of aliases when there are any.
pub fn legend(aliases: &Aliases) -> String {
    let mut out = LEGEND.to_string();
    if !aliases.0.is_empty() {
        let list: Vec<String> = aliases
            .0
            .iter()
            .enumerate()
            .map(|(i, p)| format!("@{}={p}", i + 1))
            .collect();
        out.push_str(&format!("# {}\n", list.join(" ")));
    }
    out
}

/// One block per file (path → text ending in one newline); a file with nothing to show
/// but its path gets none.
pub fn blocks(files: &[FileIndex], graph: &Graph, aliases: &Aliases) -> BTreeMap<String, String> {
    let blocks: Vec<(String, String)> = files
        .par_iter()
        .filter_map(|f| block(f, graph, aliases).map(|b| (f.path.clone(), b)))
        .collect();
    blocks.into_iter().collect()
}

/// The whole map: the legend, a blank line, then each block followed by a blank line.
pub fn map_text<'a>(legend: &str, blocks: impl IntoIterator<Item = &'a String>) -> String {
    let mut out = format!("{legend}\n");
    for b in blocks {
        out.push_str(b);
        out.push('\n');
    }
    out
}

/// One file's block: `PATH:`, `i`, `i→`, the symbols (variables after the rest, same
/// names collapsed), `←refs:`.
pub fn block(file: &FileIndex, graph: &Graph, aliases: &Aliases) -> Option<String> {
    let path = file.path.as_str();
    let header = format!("{path}:\n");
    let mut w = Writer {
        out: header.clone(),
        previous: String::new(),
        path,
        graph,
        aliases,
        python: path.ends_with(".py") || path.ends_with(".pyi"),
    };
    if let Some(external) = graph.external.get(path).filter(|e| !e.is_empty()) {
        w.out
            .push_str(&format!("{EXTERNAL_IMPORTS}{}\n", external.join(",")));
    }
    if let Some(local) = graph.imports.get(path).filter(|l| !l.is_empty()) {
        w.out
            .push_str(&format!("{LOCAL_IMPORTS}{}\n", local.join(",")));
    }
    let (variables, others): (Vec<&Symbol>, Vec<&Symbol>) =
        file.symbols.iter().partition(|s| s.kind == Kind::Variable);
    for s in others {
        w.symbol(s, 0);
    }
    for group in same_named(&variables) {
        w.variables(&group);
    }
    if let Some(by) = graph.referenced_by.get(path).filter(|b| !b.is_empty()) {
        let names: Vec<String> = by.iter().map(|p| aliases.apply(p)).collect();
        w.out
            .push_str(&format!("{FILE_REFS}{}\n", capped(&names, MAX_FILE_REFS)));
    }
    (w.out != header).then_some(w.out)
}

/// Symbols a brief block ([`brief`]) shows at most. Measured with
/// `scripts/relevance-bench` on this repository's 80 latest multi-file commits: 10 put
/// 55% of a commit's other files in the map, 5 put 65% (53 files shown, not 36), 4 68%;
/// 5 keeps a block worth reading.
pub const BRIEF_SYMBOLS: usize = 5;
/// Ends a brief block's symbols: how many it leaves out.
const ELIDED: &str = "… ";

/// A block for a budget: the symbols other files reference (a class with its referenced
/// members), then while there is room other top-level ones, at most `max` in line
/// order, then `… N more` for the symbols left out.
/// Another file's use is what says a definition matters to the rest of the repository,
/// and a short block leaves room for more files. It depends on the file and who
/// references it only, like [`block`], so it stays cached while the task changes. The
/// whole block when nothing would be left out.
pub fn brief(file: &FileIndex, graph: &Graph, aliases: &Aliases, max: usize) -> Option<String> {
    let referenced = |s: &Symbol| {
        let key = (file.path.clone(), s.name.clone(), s.line);
        graph.refs.get(&key).is_some_and(|v| !v.is_empty())
    };
    let mut left = max;
    let mut kept = Vec::new();
    for s in &file.symbols {
        if left == 0 {
            break;
        }
        let children: Vec<Symbol> = s
            .children
            .iter()
            .filter(|c| referenced(c))
            .cloned()
            .collect();
        if !referenced(s) && children.is_empty() {
            continue;
        }
        let children: Vec<Symbol> = children.into_iter().take(left - 1).collect();
        left -= 1 + children.len();
        kept.push(Symbol {
            children,
            ..s.clone()
        });
    }
    // Room left: the first unreferenced top-level definitions, so a file nothing uses
    // (a test, a binary's entry) still shows what it is.
    let unused = file
        .symbols
        .iter()
        .filter(|s| !kept.iter().any(|k| k.line == s.line && k.name == s.name));
    let extra: Vec<Symbol> = unused
        .take(left)
        .map(|s| Symbol {
            children: Vec::new(),
            ..s.clone()
        })
        .collect();
    kept.extend(extra);
    kept.sort_by_key(|s| s.line);
    let elided = count(&file.symbols) - count(&kept);
    if elided == 0 {
        return block(file, graph, aliases);
    }
    let short = FileIndex {
        symbols: kept,
        ..file.clone()
    };
    let mut out = block(&short, graph, aliases).unwrap_or_else(|| format!("{}:\n", file.path));
    let more = format!("{ELIDED}{elided} more\n");
    match out.find(&format!("\n{FILE_REFS}")) {
        Some(at) => out.insert_str(at + 1, &more),
        None => out.push_str(&more),
    }
    Some(out)
}

/// Symbols in `symbols`, members included.
fn count(symbols: &[Symbol]) -> usize {
    symbols.iter().map(|s| 1 + count(&s.children)).sum()
}

/// Variables grouped by name, groups in the order of their first line.
fn same_named<'a>(variables: &[&'a Symbol]) -> Vec<Vec<&'a Symbol>> {
    let mut groups: Vec<Vec<&Symbol>> = Vec::new();
    for v in variables {
        match groups.iter_mut().find(|g| g[0].name == v.name) {
            Some(g) => g.push(v),
            None => groups.push(vec![v]),
        }
    }
    groups.sort_by_key(|g| g.iter().map(|v| v.line).min());
    groups
}

/// `items` joined by commas, at most `max`, then `+N` for the rest.
fn capped(items: &[String], max: usize) -> String {
    let mut shown: Vec<String> = items.iter().take(max).cloned().collect();
    if items.len() > max {
        shown.push(format!("+{}", items.len() - max));
    }
    shown.join(",")
}

/// The first site in each referencing file, in file order (`sites` are sorted).
fn first_line_per_file(sites: &[Site]) -> Vec<&Site> {
    let mut out: Vec<&Site> = Vec::new();
    for s in sites {
        if out.last().is_none_or(|l| l.path != s.path) {
            out.push(s);
        }
    }
    out
}

/// Writes one block's symbol lines, remembering the previous line's annotation for `″`.
struct Writer<'a> {
    out: String,
    previous: String,
    path: &'a str,
    graph: &'a Graph,
    aliases: &'a Aliases,
    python: bool,
}

impl Writer<'_> {
    fn sites(&self, s: &Symbol) -> &[Site] {
        let key = (self.path.to_string(), s.name.clone(), s.line);
        self.graph.refs.get(&key).map_or(&[], Vec::as_slice)
    }

    /// ` ←a,b`, or ` ←″` when it equals the previous symbol's, or nothing.
    ///
    /// The referencing files carry no line numbers: a line number of file A in file B's
    /// block would change B's block whenever A is edited above it, and an agent edits
    /// its working files on most requests. Without them a block depends on its own file
    /// and on which files reference it, so it stays byte-identical, and cached, while
    /// the files around it change.
    fn annotation(&mut self, mut sites: Vec<Site>) -> String {
        sites.sort();
        let files: Vec<String> = first_line_per_file(&sites)
            .iter()
            .map(|s| self.aliases.apply(&s.path))
            .collect();
        let text = if files.is_empty() {
            String::new()
        } else {
            format!("{REFS_MARK}{}", capped(&files, MAX_SYMBOL_REFS))
        };
        let written = match text.as_str() {
            "" => String::new(),
            t if t == self.previous => format!(" {REFS_MARK}{DITTO}"),
            t => format!(" {t}"),
        };
        self.previous = text;
        written
    }

    fn symbol(&mut self, s: &Symbol, depth: usize) {
        let mut line = format!("{}{} {}", INDENT.repeat(depth), s.kind.letter(), s.name);
        match s.kind {
            Kind::Function | Kind::Method => {
                // The contract already leaves out `self`/`cls`; this keeps a slip by an
                // indexer out of the map.
                let params: Vec<&str> = (s.params.iter().flatten().map(String::as_str))
                    .filter(|p| !(self.python && PYTHON_RECEIVERS.contains(p)))
                    .collect();
                line.push_str(&format!("({})", params.join(",")));
            }
            _ if !s.bases.is_empty() => line.push_str(&format!("({})", s.bases.join(","))),
            _ => {}
        }
        if let Some(t) = s.returns.as_deref().filter(|t| !t.trim().is_empty()) {
            let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
            let t = if self.python { abbreviate(&t) } else { t };
            line.push_str(&format!("->{t}"));
        }
        line.push_str(&format!(":{}", s.line));
        line.push_str(&self.annotation(self.sites(s).to_vec()));
        self.out.push_str(&line);
        self.out.push('\n');
        self.members(&s.children, depth + 1);
    }

    /// A class's instance variables first, by name once each, then its other members.
    fn members(&mut self, children: &[Symbol], depth: usize) {
        let mut seen: Vec<&str> = Vec::new();
        for v in children.iter().filter(|c| c.kind == Kind::Variable) {
            if !seen.contains(&v.name.as_str()) {
                seen.push(&v.name);
                self.out
                    .push_str(&format!("{}v {}\n", INDENT.repeat(depth), v.name));
                self.previous.clear();
            }
        }
        for c in children.iter().filter(|c| c.kind != Kind::Variable) {
            self.symbol(c, depth);
        }
    }

    /// Same-named top-level variables on one line: `v name:12,40,+3`.
    fn variables(&mut self, group: &[&Symbol]) {
        if let [single] = group {
            return self.symbol(single, 0);
        }
        let lines: Vec<String> = group.iter().map(|v| v.line.to_string()).collect();
        let sites: Vec<Site> = group.iter().flat_map(|v| self.sites(v).to_vec()).collect();
        let annotation = self.annotation(sites);
        let line = format!(
            "v {}:{}{annotation}\n",
            group[0].name,
            capped(&lines, MAX_VARIABLE_LINES)
        );
        self.out.push_str(&line);
    }
}

/// Python's `Optional[X]` → `?X` and `List[X]` → `[X`, wherever they appear.
fn abbreviate(t: &str) -> String {
    for (word, mark) in [("Optional[", "?"), ("List[", "[")] {
        let at = t
            .match_indices(word)
            .map(|(i, _)| i)
            .find(|&i| !t[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '.'));
        let Some(start) = at else { continue };
        let open = start + word.len();
        if let Some(close) = matching_bracket(&t[open..]) {
            let inner = &t[open..open + close];
            let rest = &t[open + close + 1..];
            return abbreviate(&format!("{}{mark}{inner}{rest}", &t[..start]));
        }
    }
    t.to_string()
}

/// The byte offset of the `]` closing a bracket opened just before `s`.
fn matching_bracket(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s.char_indices() {
        match c {
            '[' => depth += 1,
            ']' if depth == 0 => return Some(i),
            ']' => depth -= 1,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
#[path = "format_tests.rs"]
mod tests;
