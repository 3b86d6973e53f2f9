//! Imports resolved to repository files (`i→`) or named as external packages (`i`).
//!
//! The language is taken from the file's extension, not from [`FileIndex::language`], so
//! resolution does not depend on how the indexer spells language names.

use std::collections::{BTreeMap, BTreeSet};

/// Where one import leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Files of this repository.
    Files(Vec<String>),
    /// A package outside the repository: the first path component of its name.
    External(String),
    /// A relative or crate-local import that names no file here: neither an in-repo edge
    /// nor an external package, so it is left out.
    Unknown,
}

const JS_EXTENSIONS: [&str; 8] = ["js", "jsx", "ts", "tsx", "mjs", "cjs", "mts", "cts"];
const C_EXTENSIONS: [&str; 9] = ["c", "h", "cc", "cpp", "cxx", "hpp", "hh", "hxx", "c++"];
/// Directories tried, after the root, for C/C++ includes and absolute Python imports.
const INCLUDE_ROOT: &str = "include";
const PYTHON_SOURCE_ROOT: &str = "src";
const PYTHON_PACKAGE_INIT: &str = "__init__.py";
const GO_TEST_SUFFIX: &str = "_test.go";

/// The repository's paths, indexed for resolution.
pub struct Repo {
    files: BTreeSet<String>,
    /// Directory (no trailing slash, "" for the root) → its non-test `.go` files.
    go_dirs: BTreeMap<String, Vec<String>>,
}

impl Repo {
    pub fn new<'a>(paths: impl IntoIterator<Item = &'a str>) -> Repo {
        let files: BTreeSet<String> = paths.into_iter().map(str::to_string).collect();
        let mut go_dirs: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for f in &files {
            if f.ends_with(".go") && !f.ends_with(GO_TEST_SUFFIX) {
                go_dirs
                    .entry(dir_of(f).to_string())
                    .or_default()
                    .push(f.clone());
            }
        }
        Repo { files, go_dirs }
    }

    fn first_existing(&self, candidates: impl IntoIterator<Item = String>) -> Option<String> {
        candidates.into_iter().find(|c| self.files.contains(c))
    }

    /// Where `module`, imported by the file at `path`, leads.
    pub fn resolve(&self, path: &str, module: &str) -> Target {
        let module = module.trim().trim_matches(|c| c == '"' || c == '\'');
        if module.is_empty() {
            return Target::Unknown;
        }
        let found = |f: Option<String>| f.map(|f| Target::Files(vec![f]));
        let relative = module.starts_with('.') || module.starts_with('/');
        let (resolved, external, separators): (_, _, &[char]) = match extension(path) {
            "py" | "pyi" => (found(self.python(path, module)), !relative, &['.']),
            "rs" => return self.rust(path, module),
            "go" => (self.go(module), true, &['/']),
            e if JS_EXTENSIONS.contains(&e) => (found(self.js(path, module)), !relative, &['/']),
            e if C_EXTENSIONS.contains(&e) => {
                let m = module.trim_matches(|c| c == '<' || c == '>');
                (found(self.include(path, m)), !relative, &['/'])
            }
            _ => (None, true, &['.', '/', ':', '\\']),
        };
        match resolved {
            Some(t) => t,
            None if external => {
                let m = module.trim_matches(|c| c == '<' || c == '>');
                Target::External(first_component(m, separators))
            }
            None => Target::Unknown,
        }
    }

    /// `a.b` → `a/b.py` or `a/b/__init__.py` from the root, the file's directory or
    /// `src/`; `.x` and `..x` against the file's package.
    fn python(&self, path: &str, module: &str) -> Option<String> {
        let dots = module.chars().take_while(|c| *c == '.').count();
        let rel = module[dots..].replace('.', "/");
        let candidates = |base: &str| {
            let stem = join(base, &rel);
            if rel.is_empty() {
                vec![join(&stem, PYTHON_PACKAGE_INIT)]
            } else {
                vec![format!("{stem}.py"), join(&stem, PYTHON_PACKAGE_INIT)]
            }
        };
        if dots > 0 {
            let mut base = Some(dir_of(path));
            for _ in 1..dots {
                base = base.and_then(parent);
            }
            return self.first_existing(candidates(base?));
        }
        [
            String::new(),
            dir_of(path).to_string(),
            PYTHON_SOURCE_ROOT.to_string(),
        ]
        .iter()
        .find_map(|base| self.first_existing(candidates(base)))
    }

    /// A relative import with or without extension, or a directory's `index` file. A
    /// TypeScript import written `./x.js` may name `x.ts`.
    fn js(&self, path: &str, module: &str) -> Option<String> {
        if !module.starts_with('.') {
            return None;
        }
        let p = normalize(&join(dir_of(path), module))?;
        let mut candidates = vec![p.clone()];
        candidates.extend(JS_EXTENSIONS.iter().map(|e| format!("{p}.{e}")));
        candidates.extend(JS_EXTENSIONS.iter().map(|e| format!("{p}/index.{e}")));
        if let Some((stem, e)) = p.rsplit_once('.') {
            if ["js", "jsx", "mjs", "cjs"].contains(&e) {
                candidates.extend(["ts", "tsx", "mts", "cts"].map(|t| format!("{stem}.{t}")));
            }
        }
        self.first_existing(candidates)
    }

    /// `#include "x.h"` relative to the file, then the root, then `include/`.
    fn include(&self, path: &str, header: &str) -> Option<String> {
        let candidates = [
            join(dir_of(path), header),
            header.to_string(),
            join(INCLUDE_ROOT, header),
        ];
        self.first_existing(candidates.iter().filter_map(|c| normalize(c)))
    }

    /// A package is a directory: the longest repository directory that ends the import
    /// path, and all its non-test files.
    fn go(&self, module: &str) -> Option<Target> {
        self.go_dirs
            .iter()
            .filter(|(d, _)| !d.is_empty() && (module == *d || module.ends_with(&format!("/{d}"))))
            .max_by_key(|(d, _)| d.len())
            .map(|(_, files)| Target::Files(files.clone()))
    }

    /// `mod x;` (written `x` or `mod x`), `crate::a::b`, `self::…`, `super::…`, and a path
    /// starting with a module declared next to the file; anything else is a crate.
    fn rust(&self, path: &str, module: &str) -> Target {
        let m = module.trim_end_matches(';').trim();
        let m = m.strip_prefix("pub ").unwrap_or(m).trim();
        let m = m.strip_prefix("mod ").unwrap_or(m).trim();
        let m = m.split('{').next().unwrap_or(m);
        let parts: Vec<&str> = m
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        let Some(first) = parts.first() else {
            return Target::Unknown;
        };
        let here = rust_module_dir(path);
        let (base, rest) = match *first {
            "crate" => (self.crate_root(path), &parts[1..]),
            "self" => (Some(here), &parts[1..]),
            "super" => {
                let supers = parts.iter().take_while(|p| **p == "super").count();
                let mut base = Some(here.as_str());
                for _ in 0..supers {
                    base = base.and_then(parent);
                }
                (base.map(str::to_string), &parts[supers..])
            }
            _ => {
                return match self.rust_path(&here, &parts) {
                    Some(f) => Target::Files(vec![f]),
                    None => Target::External(first.to_string()),
                }
            }
        };
        let found = base.and_then(|b| self.rust_path(&b, rest).or_else(|| self.module_file(&b)));
        match found {
            Some(f) => Target::Files(vec![f]),
            None => Target::Unknown,
        }
    }

    /// The deepest module file along `parts` under the module directory `base`.
    fn rust_path(&self, base: &str, parts: &[&str]) -> Option<String> {
        let mut best = None;
        for i in 1..=parts.len() {
            let stem = join(base, &parts[..i].join("/"));
            match self.first_existing([format!("{stem}.rs"), join(&stem, "mod.rs")]) {
                Some(f) => best = Some(f),
                None => break,
            }
        }
        best
    }

    /// The file of the module whose children live in `dir` (an item path ends there).
    fn module_file(&self, dir: &str) -> Option<String> {
        let own = [
            format!("{dir}.rs"),
            join(dir, "mod.rs"),
            join(dir, "lib.rs"),
            join(dir, "main.rs"),
        ];
        self.first_existing(own)
    }

    /// The nearest directory above the file holding `lib.rs` or `main.rs`.
    fn crate_root(&self, path: &str) -> Option<String> {
        let mut dir = Some(dir_of(path));
        while let Some(d) = dir {
            if ["lib.rs", "main.rs"]
                .iter()
                .any(|r| self.files.contains(&join(d, r)))
            {
                return Some(d.to_string());
            }
            dir = parent(d);
        }
        None
    }
}

/// Where a Rust file's child modules live: its own directory for `mod.rs`, `lib.rs` and
/// `main.rs`, otherwise the directory named like the file.
fn rust_module_dir(path: &str) -> String {
    let dir = dir_of(path);
    let name = &path[path.rfind('/').map_or(0, |i| i + 1)..];
    match name {
        "mod.rs" | "lib.rs" | "main.rs" => dir.to_string(),
        _ => join(dir, name.trim_end_matches(".rs")),
    }
}

/// The first component of a module name, up to the language's separator (`os.path` →
/// `os`, `lodash/fp` → `lodash`, `@scope/pkg` → `@scope`, `github.com/a/b` → `github.com`).
fn first_component(module: &str, separators: &[char]) -> String {
    let end = module.find(separators).unwrap_or(module.len());
    let end = if end == 0 { module.len() } else { end };
    module[..end].to_string()
}

fn extension(path: &str) -> &str {
    let name = &path[path.rfind('/').map_or(0, |i| i + 1)..];
    name.rsplit_once('.').map_or("", |(_, e)| e)
}

/// The directory part of a path, "" at the root.
fn dir_of(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..i])
}

/// The parent directory; `None` above the root.
fn parent(dir: &str) -> Option<&str> {
    if dir.is_empty() {
        None
    } else {
        Some(dir_of(dir))
    }
}

fn join(dir: &str, rest: &str) -> String {
    match (dir.is_empty(), rest.is_empty()) {
        (true, _) => rest.to_string(),
        (_, true) => dir.to_string(),
        _ => format!("{dir}/{rest}"),
    }
}

/// Resolves `.` and `..` components; `None` when the path leaves the root.
fn normalize(path: &str) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                out.pop()?;
            }
            p => out.push(p),
        }
    }
    Some(out.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repo(paths: &[&str]) -> Repo {
        Repo::new(paths.iter().copied())
    }

    fn files(fs: &[&str]) -> Target {
        Target::Files(fs.iter().map(|f| f.to_string()).collect())
    }

    fn ext(s: &str) -> Target {
        Target::External(s.into())
    }

    #[test]
    fn python_modules_packages_and_relative_imports() {
        let r = repo(&[
            "a/b.py",
            "a/__init__.py",
            "a/c/__init__.py",
            "a/c/d.py",
            "x.py",
        ]);
        assert_eq!(r.resolve("x.py", "a.b"), files(&["a/b.py"]));
        assert_eq!(r.resolve("x.py", "a.c"), files(&["a/c/__init__.py"]));
        assert_eq!(r.resolve("a/c/d.py", ".."), files(&["a/__init__.py"]));
        assert_eq!(r.resolve("a/c/d.py", "..b"), files(&["a/b.py"]));
        assert_eq!(r.resolve("a/c/d.py", "."), files(&["a/c/__init__.py"]));
        assert_eq!(r.resolve("a/b.py", "os.path"), ext("os"));
        assert_eq!(r.resolve("a/b.py", ".missing"), Target::Unknown);
        assert_eq!(r.resolve("a/b.py", "...too.high"), Target::Unknown);
    }

    #[test]
    fn js_relative_imports_with_extension_and_index() {
        let r = repo(&["src/a.ts", "src/util/index.js", "src/b.tsx", "src/c.mjs"]);
        assert_eq!(r.resolve("src/b.tsx", "./a"), files(&["src/a.ts"]));
        assert_eq!(r.resolve("src/b.tsx", "./a.js"), files(&["src/a.ts"]));
        assert_eq!(
            r.resolve("src/a.ts", "./util"),
            files(&["src/util/index.js"])
        );
        assert_eq!(
            r.resolve("src/util/index.js", "../c.mjs"),
            files(&["src/c.mjs"])
        );
        assert_eq!(r.resolve("src/a.ts", "react-dom/client"), ext("react-dom"));
        assert_eq!(r.resolve("src/a.ts", "./nope"), Target::Unknown);
        assert_eq!(
            r.resolve("src/a.ts", "lodash.debounce"),
            ext("lodash.debounce")
        );
        assert_eq!(r.resolve("src/a.ts", "@scope/pkg/sub"), ext("@scope"));
    }

    #[test]
    fn rust_mod_and_crate_paths() {
        let r = repo(&[
            "src/lib.rs",
            "src/a.rs",
            "src/a/b.rs",
            "src/c/mod.rs",
            "src/c/d.rs",
        ]);
        assert_eq!(r.resolve("src/lib.rs", "a"), files(&["src/a.rs"]));
        assert_eq!(r.resolve("src/lib.rs", "mod c"), files(&["src/c/mod.rs"]));
        assert_eq!(r.resolve("src/a.rs", "b"), files(&["src/a/b.rs"]));
        assert_eq!(
            r.resolve("src/c/d.rs", "crate::a::b::Thing"),
            files(&["src/a/b.rs"])
        );
        assert_eq!(
            r.resolve("src/c/d.rs", "crate::a::{b, X}"),
            files(&["src/a.rs"])
        );
        assert_eq!(
            r.resolve("src/a/b.rs", "super::super::c::d"),
            files(&["src/c/d.rs"])
        );
        assert_eq!(
            r.resolve("src/c/mod.rs", "self::d::f"),
            files(&["src/c/d.rs"])
        );
        assert_eq!(r.resolve("src/a.rs", "std::io::Read"), ext("std"));
        assert_eq!(r.resolve("src/a/b.rs", "super::Item"), files(&["src/a.rs"]));
        assert_eq!(r.resolve("src/a.rs", "crate::Item"), files(&["src/lib.rs"]));
        assert_eq!(r.resolve("x.rs", "crate::a"), Target::Unknown);
    }

    #[test]
    fn go_packages_by_directory() {
        let r = repo(&["pkg/x/a.go", "pkg/x/b.go", "pkg/x/a_test.go", "main.go"]);
        assert_eq!(
            r.resolve("main.go", "example.com/m/pkg/x"),
            files(&["pkg/x/a.go", "pkg/x/b.go"])
        );
        assert_eq!(r.resolve("main.go", "net/http"), ext("net"));
        assert_eq!(
            r.resolve("main.go", "github.com/o/r/other"),
            ext("github.com")
        );
    }

    #[test]
    fn c_includes_relative_then_root() {
        let r = repo(&["src/a.c", "src/a.h", "lib/b.h", "include/c.h"]);
        assert_eq!(r.resolve("src/a.c", "a.h"), files(&["src/a.h"]));
        assert_eq!(r.resolve("src/a.c", "lib/b.h"), files(&["lib/b.h"]));
        assert_eq!(r.resolve("src/a.c", "c.h"), files(&["include/c.h"]));
        assert_eq!(r.resolve("src/a.c", "sys/types.h"), ext("sys"));
        assert_eq!(r.resolve("src/a.c", "<stdio.h>"), ext("stdio.h"));
        assert_eq!(r.resolve("src/a.c", "../gone.h"), Target::Unknown);
    }
}
