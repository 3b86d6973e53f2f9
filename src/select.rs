//! Choosing files as peers do (ripgrep, code2prompt, repomix): a directory or a glob
//! expands to the files under it that `.gitignore`, `.ignore` and git's exclude files
//! leave in, hidden files and directories skipped, sorted; gitignore-style exclude globs
//! leave files out. Expansion never leaves the project root: links are not followed, and
//! a linked file counts only when it leads inside the root.

use std::path::{Path, PathBuf};

use globset::{GlobBuilder, GlobMatcher};
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::WalkBuilder;

use crate::error::Error;
use crate::paths;

/// The most files one directory or glob may expand to: more is almost always a wrong
/// directory (a home, `/`), and would send millions of tokens.
pub const MAX_EXPANDED_FILES: usize = 10_000;

/// The characters that make an argument a glob.
const GLOB_CHARS: [char; 4] = ['*', '?', '[', '{'];

/// A walk of `dir` as ripgrep walks: ignore files honoured inside git or not, hidden
/// entries skipped, links not followed.
pub fn walker(dir: &Path) -> WalkBuilder {
    let mut builder = WalkBuilder::new(dir);
    builder.follow_links(false).require_git(false);
    builder
}

/// [`walker`], not entering what `exclude` (relative to `root`) leaves out.
pub fn walker_excluding(dir: &Path, root: &Path, exclude: &Gitignore) -> WalkBuilder {
    let mut builder = walker(dir);
    let (root, exclude) = (root.to_path_buf(), exclude.clone());
    builder.filter_entry(move |e| match e.path().strip_prefix(&root) {
        Ok(rel) if !rel.as_os_str().is_empty() && !exclude.is_empty() => {
            let is_dir = e.file_type().is_some_and(|t| t.is_dir());
            !exclude.matched_path_or_any_parents(rel, is_dir).is_ignore()
        }
        _ => true,
    });
    builder
}

/// A matcher of gitignore-style globs (`vendor/`, `*.pb.go`, `src/**/gen`) relative to
/// `root`; `flag` names them in errors.
pub fn matcher(root: &Path, globs: &[String], flag: &str) -> Result<Gitignore, Error> {
    let mut builder = GitignoreBuilder::new(root);
    for g in globs {
        builder
            .add_line(None, g)
            .map_err(|e| Error::usage(format!("{flag} '{g}': not a glob: {e}")))?;
    }
    builder
        .build()
        .map_err(|e| Error::usage(format!("{flag}: bad globs: {e}")))
}

/// Whether `matcher` leaves out `path` (relative to its root, `/`-separated) or a
/// directory above it. A path outside the root (absolute) is never matched.
pub fn matches(matcher: &Gitignore, path: &str) -> bool {
    !matcher.is_empty()
        && !Path::new(path).has_root()
        && matcher.matched_path_or_any_parents(path, false).is_ignore()
}

/// A relative path with `/` separators.
pub fn slashed(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// What one `--file` value stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expansion {
    /// A file named as it is: read as named, with the errors a missing or binary file
    /// gives.
    Named,
    /// The files a directory or glob expanded to (canonical paths, sorted), and the links
    /// left out because they lead outside the project root (as found, relative to it).
    Found {
        files: Vec<PathBuf>,
        outside: Vec<String>,
        /// Directories under it that could not be read: `'PATH' (REASON)`.
        unreadable: Vec<String>,
    },
}

/// Where expansion happens.
#[derive(Debug, Clone, Copy)]
pub struct Scope<'a> {
    /// Where relative arguments start.
    pub base: &'a Path,
    /// The project root, canonical.
    pub root: &'a Path,
    /// Leaves files and whole directories out.
    pub exclude: &'a Gitignore,
    /// `--allow-outside`: a directory or glob may start outside the root (what it
    /// finds still may not lead back out through a link).
    pub allow_outside: bool,
}

/// Expands `arg`: a directory to the files under it, a glob (`src/**/*.rs`, relative to
/// `scope.base`) to the files it matches; anything else is `Named`. `what` names the
/// argument in errors (`--file 'src/'`). A directory or glob that finds nothing is an
/// error, as is one that finds more than `MAX_EXPANDED_FILES`.
pub fn expand(arg: &str, what: &str, scope: Scope) -> Result<Expansion, Error> {
    let path = scope.base.join(arg);
    let (dir, glob) = if path.is_dir() {
        (path, None)
    } else if arg.contains(GLOB_CHARS) && !path.exists() {
        let (prefix, pattern) = split_glob(arg);
        let glob = GlobBuilder::new(&pattern)
            .literal_separator(true)
            .build()
            .map_err(|e| Error::usage(format!("{what}: not a glob: {}", e.kind())))?;
        (scope.base.join(prefix), Some(glob.compile_matcher()))
    } else {
        return Ok(Expansion::Named);
    };
    let Ok(dir) = dir.canonicalize() else {
        return Err(Error::usage(format!("{what} {NOTHING_FOUND}")));
    };
    if !scope.allow_outside && !dir.starts_with(scope.root) {
        let hint = "pass --allow-outside to include it";
        paths::confine(scope.root, &dir, what, hint).map_err(Error::usage)?;
    }
    let Walked {
        mut files,
        outside,
        unreadable,
    } = walk(&dir, glob.as_ref(), what, scope)?;
    if files.is_empty() {
        // Say why when a directory could not be read, not that nothing matched.
        return Err(match unreadable.first() {
            Some(dir) => Error::usage(format!("{what}: cannot read directory {dir}")),
            None => Error::usage(format!("{what} {NOTHING_FOUND}")),
        });
    }
    files.sort();
    files.dedup();
    Ok(Expansion::Found {
        files,
        outside,
        unreadable,
    })
}

/// Ends the error for a directory or glob that expands to no file.
pub const NOTHING_FOUND: &str = "matches no files (ignored and hidden files, and those \
     --exclude leaves out, are not expanded); check the path, or name a file directly";

/// A glob split at its first component holding a glob character: the directory to walk
/// and the pattern for the paths below it.
fn split_glob(arg: &str) -> (String, String) {
    let parts: Vec<&str> = arg.split('/').collect();
    let at = parts
        .iter()
        .position(|p| p.contains(GLOB_CHARS))
        .unwrap_or(0);
    let prefix = parts[..at].join("/");
    let prefix = if prefix.is_empty() && arg.starts_with('/') {
        "/".to_string()
    } else {
        prefix
    };
    (prefix, parts[at..].join("/"))
}

/// What a walk found: the files, the links leading out, the directories it could not read.
struct Walked {
    files: Vec<PathBuf>,
    outside: Vec<String>,
    unreadable: Vec<String>,
}

/// `'PATH' (REASON)` for a directory the walk could not read, the path from the root.
fn unreadable_dir(e: &ignore::Error, root: &Path) -> Option<String> {
    let mut e = e;
    loop {
        match e {
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                e = err
            }
            ignore::Error::WithPath { path, err } => {
                let why = err.io_error().map(crate::fs::io_reason)?;
                return Some(format!("'{}' ({why})", paths::project_name(path, root)));
            }
            _ => return None,
        }
    }
}

/// The regular files under `dir` that `glob` (relative to `dir`) matches, or all of them;
/// links are kept when they lead to a file inside the root.
fn walk(dir: &Path, glob: Option<&GlobMatcher>, what: &str, scope: Scope) -> Result<Walked, Error> {
    let walker = walker_excluding(dir, scope.root, scope.exclude).build();
    let (mut files, mut outside, mut unreadable) = (Vec::new(), Vec::new(), Vec::new());
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                unreadable.extend(unreadable_dir(&e, scope.root));
                continue;
            }
        };
        let Some(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            continue;
        }
        let rel = entry
            .path()
            .strip_prefix(dir)
            .map(slashed)
            .unwrap_or_default();
        if glob.is_some_and(|g| !g.is_match(&rel)) {
            continue;
        }
        let real = if kind.is_symlink() {
            match entry.path().canonicalize() {
                Ok(real) if real.starts_with(scope.root) && real.is_file() => real,
                Ok(real) if real.is_dir() => continue,
                _ => {
                    outside.push(paths::project_name(entry.path(), scope.root));
                    continue;
                }
            }
        } else if kind.is_file() {
            entry.into_path()
        } else {
            continue;
        };
        files.push(real);
        if files.len() > MAX_EXPANDED_FILES {
            return Err(Error::limit(format!(
                "{what} expands to more than {MAX_EXPANDED_FILES} files; name a smaller \
                 directory or a narrower glob, or leave some out with --exclude"
            )));
        }
    }
    Ok(Walked {
        files,
        outside,
        unreadable,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/requests.md gives the most files a directory or glob may find.
    #[test]
    fn the_manual_states_the_expansion_limit() {
        let doc = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/requests.md");
        let doc = std::fs::read_to_string(doc).unwrap();
        let n = MAX_EXPANDED_FILES;
        let n = format!("{},{:03}", n / 1000, n % 1000);
        let claim = format!("finds more than {n} files");
        assert!(
            doc.contains(&claim),
            "docs/requests.md should say {claim:?}"
        );
    }

    /// A project: `.gitignore` leaving out `target/` and `*.log`, hidden `.venv/`, and
    /// sources at several depths.
    fn project() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        for (name, text) in [
            // Not a repository: ignore files must apply outside git too.
            (".git", "not a repository\n"),
            (".gitignore", "target/\n*.log\n"),
            ("b.rs", "b"),
            ("a.rs", "a"),
            ("src/z.rs", "z"),
            ("src/lib.rs", "lib"),
            ("src/deep/x.rs", "x"),
            ("src/deep/notes.md", "n"),
            ("src/run.log", "log"),
            ("target/out.rs", "o"),
            (".venv/lib/site.py", "s"),
        ] {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        (dir, root)
    }

    fn found(arg: &str, root: &Path, excludes: &[&str]) -> Result<Vec<String>, Error> {
        let globs: Vec<String> = excludes.iter().map(|s| s.to_string()).collect();
        let exclude = matcher(root, &globs, "--exclude").unwrap();
        let scope = Scope {
            base: root,
            root,
            exclude: &exclude,
            allow_outside: false,
        };
        Ok(match expand(arg, &format!("--file '{arg}'"), scope)? {
            Expansion::Named => vec!["(named)".to_string()],
            Expansion::Found { files, outside, .. } => {
                assert!(outside.is_empty(), "{outside:?}");
                files.iter().map(|f| paths::project_name(f, root)).collect()
            }
        })
    }

    #[test]
    fn a_directory_expands_to_its_files_not_ignored_sorted() {
        let (_dir, root) = project();
        assert_eq!(
            found("src", &root, &[]).unwrap(),
            [
                "src/deep/notes.md",
                "src/deep/x.rs",
                "src/lib.rs",
                "src/z.rs"
            ]
        );
        assert_eq!(
            found(".", &root, &[]).unwrap(),
            [
                "a.rs",
                "b.rs",
                "src/deep/notes.md",
                "src/deep/x.rs",
                "src/lib.rs",
                "src/z.rs"
            ]
        );
        assert_eq!(found("a.rs", &root, &[]).unwrap(), ["(named)"]);
        // A directory named outright is expanded even when ignored, as ripgrep searches
        // it; ignore files still apply below it.
        assert_eq!(found("target", &root, &[]).unwrap(), ["target/out.rs"]);
        assert_eq!(found("missing.rs", &root, &[]).unwrap(), ["(named)"]);
    }

    #[test]
    fn globs_match_below_their_literal_prefix() {
        let (_dir, root) = project();
        assert_eq!(
            found("src/**/*.rs", &root, &[]).unwrap(),
            ["src/deep/x.rs", "src/lib.rs", "src/z.rs"]
        );
        // `*` stays within one directory.
        assert_eq!(
            found("src/*.rs", &root, &[]).unwrap(),
            ["src/lib.rs", "src/z.rs"]
        );
        assert_eq!(found("*.rs", &root, &[]).unwrap(), ["a.rs", "b.rs"]);
        assert_eq!(
            found("**/*.{md,py}", &root, &[]).unwrap(),
            ["src/deep/notes.md"],
            "hidden .venv is not expanded"
        );
    }

    #[test]
    fn excludes_leave_out_files_and_whole_directories() {
        let (_dir, root) = project();
        assert_eq!(
            found("src", &root, &["deep/", "lib.rs"]).unwrap(),
            ["src/z.rs"]
        );
        assert_eq!(
            found("**/*.rs", &root, &["src/deep"]).unwrap(),
            ["a.rs", "b.rs", "src/lib.rs", "src/z.rs"]
        );
    }

    #[test]
    fn nothing_found_is_an_error_naming_the_argument() {
        let (_dir, root) = project();
        for arg in ["**/*.go", "nope/*.rs", "src/*.py"] {
            let e = found(arg, &root, &[]).unwrap_err();
            assert_eq!(e.message, format!("--file '{arg}' {NOTHING_FOUND}"));
        }
        let e = found("src", &root, &["*.rs", "*.md"]).unwrap_err();
        assert_eq!(e.message, format!("--file 'src' {NOTHING_FOUND}"));
    }

    #[cfg(unix)]
    #[test]
    fn expansion_never_leaves_the_root() {
        let (_dir, root) = project();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.txt"), "s").unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret.txt"), root.join("src/leak"))
            .unwrap();
        std::os::unix::fs::symlink(outside.path(), root.join("src/dirlink")).unwrap();
        std::os::unix::fs::symlink(root.join("a.rs"), root.join("src/inside")).unwrap();
        let exclude = Gitignore::empty();
        let scope = Scope {
            base: &root,
            root: &root,
            exclude: &exclude,
            allow_outside: false,
        };
        let Expansion::Found {
            files,
            outside: out,
            ..
        } = expand("src", "--file 'src'", scope).unwrap()
        else {
            panic!("a directory expands");
        };
        let names: Vec<String> = files
            .iter()
            .map(|f| paths::project_name(f, &root))
            .collect();
        // The inside link is the file it leads to; the link out is left out, named.
        assert_eq!(
            names,
            [
                "a.rs",
                "src/deep/notes.md",
                "src/deep/x.rs",
                "src/lib.rs",
                "src/z.rs"
            ]
        );
        assert_eq!(out, ["src/leak"]);
        // A directory or glob outside the root is refused.
        for arg in ["src/dirlink", "src/dirlink/*.txt", "../*"] {
            let e = expand(arg, "--file", scope).unwrap_err();
            assert!(e.message.contains("is outside the project root"), "{e}");
        }
    }

    #[test]
    fn a_glob_splits_at_its_first_wild_component() {
        assert_eq!(split_glob("src/**/*.rs"), ("src".into(), "**/*.rs".into()));
        assert_eq!(split_glob("*.rs"), ("".into(), "*.rs".into()));
        assert_eq!(split_glob("/a/b*/c"), ("/a".into(), "b*/c".into()));
        assert_eq!(split_glob("/*.rs"), ("/".into(), "*.rs".into()));
    }

    #[test]
    fn matches_reads_gitignore_globs_from_the_root() {
        let m = matcher(Path::new("/r"), &["vendor/".into(), "*.lock".into()], "--x").unwrap();
        assert!(matches(&m, "vendor/a/b.rs"));
        assert!(matches(&m, "deep/Cargo.lock"));
        assert!(!matches(&m, "src/a.rs"));
        assert!(!matches(&m, "/elsewhere/Cargo.lock"), "absolute: outside");
        let e = matcher(Path::new("/r"), &["a{b".into()], "--exclude").unwrap_err();
        assert!(e.message.starts_with("--exclude 'a{b': not a glob"), "{e}");
    }
}
