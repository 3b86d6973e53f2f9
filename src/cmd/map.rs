//! `map`: the repository's symbol map alone (legend and blocks), or its symbols as JSON,
//! for piping into other tools.

use std::path::Path;

use serde::Serialize;

use super::{Ctx, Outcome};
use crate::cli::MapArgs;
use crate::map::{self, Graph, Kind, MapOptions, RepoMap, Site, Symbol};

/// Prints the map of the repository around the working directory.
pub fn run(args: MapArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let dir = ctx.dir()?;
    let root = crate::facts::git::discover(&dir).map_or_else(|| dir.clone(), |r| r.root);
    let options = MapOptions {
        exclude: args.map_exclude.clone(),
        paths: args
            .paths
            .iter()
            .map(|p| relative(&dir, &root, p))
            .collect(),
        tokens: args.tokens,
        cache_dir: crate::facts::cache_dir().map(|d| map::cache::dir_in(&d)),
        ..MapOptions::default()
    };
    // The text is the legend and blocks alone, which a warm run reads back whole.
    let progress = ctx.progress();
    let (text, notes) = if args.json {
        let repo = map::build(&root, &options, &*progress)?;
        let mut text = serde_json::to_string_pretty(&records(&repo))?;
        text.push('\n');
        (text, repo.notes)
    } else {
        let repo = map::build_remembered(&root, &options, &*progress)?;
        (text(&repo), repo.notes)
    };
    // The bar is erased before anything else prints.
    drop(progress);
    if args.verbose {
        for note in &notes {
            ctx.err.write_all(format!("{note}\n").as_bytes())?;
        }
    }
    ctx.out.write_all(text.as_bytes())?;
    Ok(Outcome::Ok)
}

/// `path` (named from `dir`) from the repository root, `/`-separated.
fn relative(dir: &Path, root: &Path, path: &str) -> String {
    let joined = dir.join(path);
    let real = joined.canonicalize().unwrap_or(joined);
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    crate::paths::project_name(&real, &root)
}

/// The legend and a blank line, then every block (each ending in a newline) followed by
/// a blank line; nothing when no file has a block.
fn text(repo: &RepoMap) -> String {
    if repo.blocks.is_empty() {
        return String::new();
    }
    map::format::map_text(&repo.legend, repo.blocks.values())
}

/// One symbol as `map --json` prints it.
#[derive(Debug, Serialize, PartialEq)]
struct Record<'a> {
    path: &'a str,
    kind: Kind,
    name: &'a str,
    line: u32,
    /// The enclosing class or impl, for methods, properties and instance variables.
    #[serde(skip_serializing_if = "Option::is_none")]
    parent: Option<&'a str>,
    params: &'a Option<Vec<String>>,
    returns: &'a Option<String>,
    /// Where other files reference it.
    refs: &'a [Site],
}

/// Every symbol of the files the map shows, in path and line order.
fn records(repo: &RepoMap) -> Vec<Record<'_>> {
    let mut out = Vec::new();
    for file in repo
        .files
        .iter()
        .filter(|f| repo.blocks.contains_key(&f.path))
    {
        for s in &file.symbols {
            push(&mut out, &repo.graph, &file.path, None, s);
        }
    }
    out
}

fn push<'a>(
    out: &mut Vec<Record<'a>>,
    graph: &'a Graph,
    path: &'a str,
    parent: Option<&'a str>,
    s: &'a Symbol,
) {
    let key = (path.to_string(), s.name.clone(), s.line);
    out.push(Record {
        path,
        kind: s.kind,
        name: &s.name,
        line: s.line,
        parent,
        params: &s.params,
        returns: &s.returns,
        refs: graph.refs.get(&key).map_or(&[], Vec::as_slice),
    });
    for child in &s.children {
        push(out, graph, path, Some(&s.name), child);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::FileIndex;

    fn symbol(kind: Kind, name: &str, line: u32, children: Vec<Symbol>) -> Symbol {
        Symbol {
            kind,
            name: name.into(),
            line,
            params: (kind == Kind::Method).then(Vec::new),
            returns: None,
            bases: Vec::new(),
            children,
        }
    }

    fn repo() -> RepoMap {
        let user = symbol(
            Kind::Class,
            "User",
            3,
            vec![symbol(Kind::Method, "name", 5, vec![])],
        );
        let files = ["a.py", "b.py"].map(|path| FileIndex {
            path: path.into(),
            language: "python",
            symbols: vec![user.clone()],
            imports: vec![],
            references: vec![],
            problem: None,
        });
        let mut graph = Graph::default();
        let site = Site {
            path: "b.py".into(),
            line: 9,
        };
        graph
            .refs
            .insert(("a.py".into(), "User".into(), 3), vec![site]);
        RepoMap {
            legend: "# legend\n".into(),
            blocks: [("a.py".to_string(), "a.py:\nc User:3\n".to_string())].into(),
            files: files.to_vec(),
            graph,
            ..RepoMap::default()
        }
    }

    #[test]
    fn text_is_the_legend_then_the_blocks() {
        assert_eq!(text(&repo()), "# legend\n\na.py:\nc User:3\n\n");
        assert_eq!(text(&RepoMap::default()), "");
    }

    #[test]
    fn json_lists_the_shown_files_symbols_with_refs() {
        let repo = repo();
        let json = serde_json::to_value(records(&repo)).unwrap();
        assert_eq!(
            json,
            serde_json::json!([
                {"path": "a.py", "kind": "class", "name": "User", "line": 3,
                 "params": null, "returns": null, "refs": [{"path": "b.py", "line": 9}]},
                {"path": "a.py", "kind": "method", "name": "name", "line": 5, "parent": "User",
                 "params": [], "returns": null, "refs": []}
            ])
        );
    }
}
