//! Hand-built index values for the map's tests.

use super::{FileIndex, Import, Kind, Reference, Symbol};

pub fn sym(kind: Kind, name: &str, line: u32) -> Symbol {
    Symbol {
        kind,
        name: name.into(),
        line,
        params: None,
        returns: None,
        bases: vec![],
        children: vec![],
    }
}

pub fn func(kind: Kind, name: &str, params: &[&str], returns: Option<&str>, line: u32) -> Symbol {
    Symbol {
        params: Some(params.iter().map(|p| p.to_string()).collect()),
        returns: returns.map(str::to_string),
        ..sym(kind, name, line)
    }
}

pub fn class(name: &str, bases: &[&str], line: u32, children: Vec<Symbol>) -> Symbol {
    Symbol {
        bases: bases.iter().map(|b| b.to_string()).collect(),
        children,
        ..sym(Kind::Class, name, line)
    }
}

pub fn file(
    path: &str,
    language: &'static str,
    symbols: Vec<Symbol>,
    imports: &[&str],
    references: &[(&str, u32)],
) -> FileIndex {
    FileIndex {
        path: path.into(),
        language,
        symbols,
        imports: imports
            .iter()
            .enumerate()
            .map(|(i, m)| Import {
                module: m.to_string(),
                line: i as u32 + 1,
            })
            .collect(),
        references: references
            .iter()
            .map(|(n, l)| Reference {
                name: n.to_string(),
                line: *l,
            })
            .collect(),
        problem: None,
    }
}

/// A temporary directory that stops git discovery at its top, whatever repository the
/// temporary directory sits in (`TMPDIR` inside a work tree): its `.git` file is no
/// `gitdir:` link, which libgit2 refuses and discovery reads as no repository.
pub fn bounded_tempdir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".git"), "not a repository\n").unwrap();
    dir
}
