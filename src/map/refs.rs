//! Imports resolved to files and cross-file references: the repository's [`Graph`].
//!
//! A reference is an identifier, not a resolved binding, so most of them name nothing in
//! the repository or name too much. To keep the `←` annotations worth their tokens, a
//! reference in file A to a name counts only when:
//! - the name has at least [`MIN_NAME_LEN`] characters (`i`, `db`, `ok` are noise);
//! - it is not one of [`COMMON_NAMES`] (`new`, `main`, `init`, `get`, ...), which nearly
//!   every file defines or calls;
//! - A does not define the name itself (then the reference is almost always local: a
//!   self-reference);
//! - the name is defined in at most [`MAX_DEFINING_FILES`] other files; when it is
//!   defined in several, definitions in files A imports win if there are any.
//!
//! A surviving reference is a [`Site`] on every definition of the name in the chosen
//! files (nested definitions too).

use std::collections::{BTreeSet, HashMap};

use rayon::prelude::*;

use super::imports::{Repo, Target};
use super::{FileIndex, Graph, Site, Symbol};

/// Shorter names are not tracked.
pub const MIN_NAME_LEN: usize = 3;
/// A name defined in more files than this is ambiguous and not tracked.
pub const MAX_DEFINING_FILES: usize = 5;
/// Names too common across languages to say which definition a use means.
pub const COMMON_NAMES: &[&str] = &[
    "new",
    "main",
    "init",
    "__init__",
    "get",
    "set",
    "run",
    "len",
    "str",
    "repr",
    "__repr__",
    "__str__",
    "__eq__",
    "__hash__",
    "default",
    "clone",
    "fmt",
    "from",
    "into",
    "drop",
    "next",
    "iter",
    "eq",
    "cmp",
    "hash",
    "load",
    "save",
    "open",
    "close",
    "read",
    "write",
    "start",
    "stop",
    "update",
    "reset",
    "clear",
    "add",
    "remove",
    "apply",
    "call",
    "build",
    "parse",
    "test",
    "setup",
    "setUp",
    "tearDown",
    "constructor",
    "render",
    "toString",
    "value",
    "name",
    "data",
    "self",
    "this",
    "args",
    "kwargs",
    "config",
    "options",
    "error",
    "result",
    "String",
    "Vec",
    "Option",
    "Some",
    "None",
    "Ok",
    "Err",
    "Result",
    "Error",
    "Self",
];

/// The graph of `files`: resolved imports, external packages, and references.
pub fn resolve(files: &[FileIndex]) -> Graph {
    let mut graph = Graph::default();
    resolve_imports(files, &mut graph);
    resolve_references(files, &mut graph);
    graph
}

fn resolve_imports(files: &[FileIndex], graph: &mut Graph) {
    let repo = Repo::new(files.iter().map(|f| f.path.as_str()));
    for f in files {
        let mut local = BTreeSet::new();
        let mut external: Vec<String> = Vec::new();
        for import in &f.imports {
            match repo.resolve(&f.path, &import.module) {
                Target::Files(targets) => {
                    local.extend(targets.into_iter().filter(|t| *t != f.path))
                }
                Target::External(name) if !external.contains(&name) => external.push(name),
                Target::External(_) | Target::Unknown => {}
            }
        }
        if !local.is_empty() {
            graph
                .imports
                .insert(f.path.clone(), local.into_iter().collect());
        }
        if !external.is_empty() {
            graph.external.insert(f.path.clone(), external);
        }
    }
}

/// One definition: its file (index into `files`) and line.
type Definition = (usize, u32);
/// A referenced definition: its file (index), name and line.
type Referenced<'a> = (usize, &'a str, u32);
/// Where a reference is: its file (index) and line.
type Use = (usize, u32);

fn definitions(files: &[FileIndex]) -> HashMap<&str, Vec<Definition>> {
    fn walk<'a>(i: usize, symbols: &'a [Symbol], out: &mut HashMap<&'a str, Vec<Definition>>) {
        for s in symbols {
            out.entry(s.name.as_str()).or_default().push((i, s.line));
            walk(i, &s.children, out);
        }
    }
    let mut out = HashMap::new();
    for (i, f) in files.iter().enumerate() {
        walk(i, &f.symbols, &mut out);
    }
    out
}

fn resolve_references(files: &[FileIndex], graph: &mut Graph) {
    let defs = definitions(files);
    // Per file, in parallel: (defining file, name, line) → (referencing file, line),
    // by index; paths are cloned once, when the graph is built.
    let found: Vec<Vec<(Referenced, Use)>> = files
        .par_iter()
        .enumerate()
        .map(|(a, file)| {
            let imported: BTreeSet<&str> = graph
                .imports
                .get(&file.path)
                .map(|v| v.iter().map(String::as_str).collect())
                .unwrap_or_default();
            let mut out = Vec::new();
            for r in &file.references {
                for (b, line) in targets_of(&r.name, a, files, &defs, &imported).unwrap_or_default()
                {
                    out.push(((b, r.name.as_str(), line), (a, r.line)));
                }
            }
            out
        })
        .collect();
    let mut refs: HashMap<Referenced, Vec<Use>> = HashMap::new();
    let mut referenced_by: HashMap<usize, BTreeSet<&str>> = HashMap::new();
    for (key, (a, line)) in found.into_iter().flatten() {
        refs.entry(key).or_default().push((a, line));
        referenced_by
            .entry(key.0)
            .or_default()
            .insert(files[a].path.as_str());
    }
    graph.refs = refs
        .into_iter()
        .map(|((b, name, line), sites)| {
            let mut sites: Vec<Site> = sites
                .into_iter()
                .map(|(a, line)| Site {
                    path: files[a].path.clone(),
                    line,
                })
                .collect();
            sites.sort_unstable();
            sites.dedup();
            ((files[b].path.clone(), name.to_string(), line), sites)
        })
        .collect();
    graph.referenced_by = referenced_by
        .into_iter()
        .map(|(b, by)| {
            (
                files[b].path.clone(),
                by.into_iter().map(str::to_string).collect(),
            )
        })
        .collect();
}

/// The definitions a use of `name` in file `a` counts for, by the rules in the module
/// comment; `None` when it counts for none.
fn targets_of(
    name: &str,
    a: usize,
    files: &[FileIndex],
    defs: &HashMap<&str, Vec<Definition>>,
    imported: &BTreeSet<&str>,
) -> Option<Vec<Definition>> {
    if name.chars().count() < MIN_NAME_LEN || COMMON_NAMES.contains(&name) {
        return None;
    }
    let all = defs.get(name)?;
    if all.iter().any(|(f, _)| *f == a) {
        return None;
    }
    let defining: BTreeSet<usize> = all.iter().map(|(f, _)| *f).collect();
    if defining.len() > MAX_DEFINING_FILES {
        return None;
    }
    let preferred: Vec<Definition> = all
        .iter()
        .filter(|(f, _)| imported.contains(files[*f].path.as_str()))
        .copied()
        .collect();
    Some(if preferred.is_empty() {
        all.clone()
    } else {
        preferred
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::map::fixtures::{self, class, sym};
    use crate::map::Kind;

    fn file(path: &str, symbols: Vec<Symbol>, imports: &[&str], refs: &[(&str, u32)]) -> FileIndex {
        fixtures::file(path, "python", symbols, imports, refs)
    }

    fn site(path: &str, line: u32) -> Site {
        Site {
            path: path.into(),
            line,
        }
    }

    #[test]
    fn imports_split_into_local_files_and_external_packages() {
        let files = vec![
            file(
                "app.py",
                vec![],
                &["os.path", "pkg.util", "sys", "os", "pkg"],
                &[],
            ),
            file("pkg/__init__.py", vec![], &[], &[]),
            file("pkg/util.py", vec![], &["."], &[]),
        ];
        let g = resolve(&files);
        assert_eq!(g.imports["app.py"], ["pkg/__init__.py", "pkg/util.py"]);
        assert_eq!(g.external["app.py"], ["os", "sys"]);
        assert_eq!(g.imports["pkg/util.py"], ["pkg/__init__.py"]);
        assert!(!g.external.contains_key("pkg/util.py"));
    }

    #[test]
    fn references_to_nested_definitions_in_other_files() {
        let files = vec![
            file(
                "a.py",
                vec![class("Store", &[], 3, vec![sym(Kind::Method, "fetch", 5)])],
                &[],
                &[("Store", 9), ("fetch", 10)],
            ),
            file(
                "b.py",
                vec![],
                &[],
                &[("Store", 4), ("fetch", 7), ("Store", 2)],
            ),
            file("c.py", vec![], &[], &[("fetch", 1)]),
        ];
        let g = resolve(&files);
        let key = |n: &str, l| ("a.py".to_string(), n.to_string(), l);
        assert_eq!(g.refs[&key("Store", 3)], [site("b.py", 2), site("b.py", 4)]);
        assert_eq!(g.refs[&key("fetch", 5)], [site("b.py", 7), site("c.py", 1)]);
        assert_eq!(g.refs.len(), 2, "self-references in a.py are dropped");
        assert_eq!(g.referenced_by["a.py"], ["b.py", "c.py"]);
    }

    #[test]
    fn short_common_and_ambiguous_names_are_ignored() {
        let many: Vec<FileIndex> = (0..=MAX_DEFINING_FILES)
            .map(|i| {
                file(
                    &format!("d{i}.py"),
                    vec![sym(Kind::Function, "helper", 1)],
                    &[],
                    &[],
                )
            })
            .collect();
        let mut files = vec![file(
            "use.py",
            vec![],
            &[],
            &[("id", 1), ("get", 2), ("helper", 3)],
        )];
        files.push(file(
            "defs.py",
            vec![sym(Kind::Function, "id", 1), sym(Kind::Function, "get", 2)],
            &[],
            &[],
        ));
        files.extend(many);
        assert_eq!(resolve(&files).refs, BTreeMap::new());
    }

    #[test]
    fn definitions_in_imported_files_are_preferred() {
        let def = |p: &str| file(p, vec![sym(Kind::Function, "connect", 8)], &[], &[]);
        let files = vec![
            file("main.py", vec![], &["db"], &[("connect", 5)]),
            def("db.py"),
            def("net.py"),
            file("other.py", vec![], &[], &[("connect", 2)]),
        ];
        let g = resolve(&files);
        let key = |p: &str| (p.to_string(), "connect".to_string(), 8);
        assert_eq!(
            g.refs[&key("db.py")],
            [site("main.py", 5), site("other.py", 2)]
        );
        assert_eq!(g.refs[&key("net.py")], [site("other.py", 2)]);
    }
}
