//! Project context files (`AGENTS.md` and friends): discovery and `@path` imports.
//!
//! Discovery visits the user config directory, then every directory from the project root
//! down to the working directory, so the closest file comes last (it wins on conflicts).
//! Within a directory, files come in the order the names are configured.

use std::path::{Path, PathBuf};

use crate::beneath::Root;
use crate::error::{io_reason, Error};
use crate::fs::Utf8;
use crate::paths;

/// What to do about an import outside the project.
const IMPORT_HINT: &str = "only files inside the project can be imported";

/// Context or memory text larger than this (1 MB) is surely a mistake in a prompt.
pub const LARGE_TEXT_BYTES: usize = 1_000_000;

/// A warning when `text` (from `what`) is over [`LARGE_TEXT_BYTES`]; it is still used.
pub fn large_text_warning(what: &str, text: &str) -> Option<String> {
    (text.len() > LARGE_TEXT_BYTES).then(|| {
        format!(
            "{what} is {:.1} MB, over the 1 MB that makes sense in a prompt; check that it \
             is the file you meant",
            text.len() as f64 / 1e6
        )
    })
}

/// How deep `@path` imports may nest.
pub const MAX_IMPORT_DEPTH: usize = 5;

/// A context file, read and with its imports expanded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContextFile {
    /// The absolute path.
    pub path: PathBuf,
    /// The path as headers show it: relative to the working directory.
    pub display: String,
    /// The content, trimmed, with `@path` imports replaced by the imported text.
    pub content: String,
}

/// Where to look.
#[derive(Debug, Clone)]
pub struct Search<'a> {
    /// File names to look for in the project's directories, in order (e.g. `AGENTS.md`,
    /// `CLAUDE.md`).
    pub names: &'a [String],
    /// File names to look for in the user config directory: not the project's list, so
    /// that a cloned repository cannot name the user's own files.
    pub user_names: &'a [String],
    /// The user config directory, searched first.
    pub user_dir: Option<&'a Path>,
    /// The project root (the git work tree, or the working directory outside git).
    pub root: &'a Path,
    pub cwd: &'a Path,
    pub home: Option<&'a Path>,
}

/// Finds and reads the context files, outermost first. Empty files are skipped. Notes
/// for stderr (invalid UTF-8 replaced) go to `warnings`.
pub fn discover(
    search: &Search<'_>,
    warnings: &mut Vec<String>,
) -> Result<Vec<ContextFile>, Error> {
    let mut dirs: Vec<(PathBuf, PathBuf, &[String])> = Vec::new();
    if let Some(user) = search.user_dir {
        dirs.push((user.to_path_buf(), user.to_path_buf(), search.user_names));
    }
    for dir in project_dirs(search.root, search.cwd) {
        dirs.push((dir, search.root.to_path_buf(), search.names));
    }
    let project = Root::open(search.root).map_err(|e| {
        let root = paths::display(search.root);
        Error::data(format!(
            "cannot open the project root '{root}': {}",
            io_reason(&e)
        ))
    })?;
    let mut files: Vec<ContextFile> = Vec::new();
    for (dir, root, names) in dirs {
        let user = Some(root.as_path()) == search.user_dir;
        for name in names {
            let path = dir.join(name);
            if !path.is_file() || files.iter().any(|f| paths::same_file(&f.path, &path)) {
                continue;
            }
            // A project's AGENTS.md may be a link; the file it leads to must be inside.
            let within = (!user).then_some(&project);
            if let Some(project) = within {
                let what = format!(
                    "context file '{}'",
                    paths::display(&paths::relative_to(&path, search.cwd))
                );
                paths::confine(project.path(), &path, &what, paths::CONFINE_HINT)
                    .map_err(Error::data)?;
            }
            let text = read(within, &path, search.cwd, None, warnings)?;
            let mut chain = vec![path.clone()];
            let here = Within {
                root: &root,
                project: within,
            };
            let content = expand(&path, &text, &here, search, &mut chain, warnings)?;
            let content = content.trim().to_string();
            if content.is_empty() {
                continue;
            }
            let what = format!(
                "context file '{}'",
                paths::display(&paths::relative_to(&path, search.cwd))
            );
            warnings.extend(large_text_warning(&what, &content));
            files.push(ContextFile {
                display: paths::display(&paths::relative_to(&path, search.cwd)),
                path,
                content,
            });
        }
    }
    Ok(files)
}

/// The directories from `root` down to `cwd` (just `cwd` when it is not below `root`).
fn project_dirs(root: &Path, cwd: &Path) -> Vec<PathBuf> {
    let Ok(rest) = cwd.strip_prefix(root) else {
        return vec![cwd.to_path_buf()];
    };
    let mut dirs = vec![root.to_path_buf()];
    let mut dir = root.to_path_buf();
    for part in rest.components() {
        dir.push(part);
        dirs.push(dir.clone());
    }
    dirs
}

/// Reads a context or imported file (invalid UTF-8 replaced, with a note in `warnings`);
/// `from` names the importing line.
/// A project's file is read through the handle on its root (`project`), so a link
/// swapped after the check cannot lead the read outside.
fn read(
    project: Option<&Root>,
    path: &Path,
    cwd: &Path,
    from: Option<&str>,
    warnings: &mut Vec<String>,
) -> Result<String, Error> {
    let shown = paths::display(&paths::relative_to(path, cwd));
    let failed = |why: &str| match from {
        Some(at) => format!("{at}: cannot import '{shown}': {why}"),
        None => crate::fs::cannot_read("context file", &shown, why),
    };
    let read = match project {
        Some(root) => crate::fs::read_beneath(root, path, &shown, Utf8::Lossy, failed)?,
        None => crate::fs::read(path, &shown, Utf8::Lossy, failed)?,
    };
    warnings.extend(read.warning);
    Ok(read.text)
}

/// Replaces `@path` imports in `text` (the content of `file`) with the imported files'
/// trimmed content. `chain` holds the files being expanded, to report cycles.
fn expand(
    file: &Path,
    text: &str,
    within: &Within<'_>,
    search: &Search<'_>,
    chain: &mut Vec<PathBuf>,
    warnings: &mut Vec<String>,
) -> Result<String, Error> {
    let shown = |p: &Path| paths::display(&paths::relative_to(p, search.cwd));
    let dir = file.parent().unwrap_or(within.root);
    let mut out = String::with_capacity(text.len());
    let mut fences = crate::documents::Fences::default();
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if fences.in_code(line) {
            out.push_str(line);
            continue;
        }
        let at = format!("{}:{}", shown(file), n + 1);
        let mut rest = line;
        while let Some((before, token, after)) = next_import(rest) {
            out.push_str(before);
            let here = Import {
                at: &at,
                dir,
                within,
            };
            match import(&here, token, search, chain, warnings) {
                Ok(Some(text)) => out.push_str(text.trim()),
                Ok(None) => {
                    out.push('@');
                    out.push_str(token);
                }
                // A failed import leaves its text as written, like gemini-cli; only what
                // was read is kept out.
                Err(why) => {
                    warnings.push(format!("{why}; left as text"));
                    out.push('@');
                    out.push_str(token);
                }
            }
            rest = after;
        }
        out.push_str(rest);
    }
    Ok(out)
}

/// Where an `@path` import was found.
struct Import<'a> {
    /// `FILE:LINE` of the importing line.
    at: &'a str,
    /// The importing file's directory, which relative paths start from.
    dir: &'a Path,
    within: &'a Within<'a>,
}

/// What imports must stay inside.
struct Within<'a> {
    /// The directory imports must stay inside.
    root: &'a Path,
    /// The handle on the project root, for a project's file: imports are read through it.
    project: Option<&'a Root>,
}

/// The expanded text of the file `token` names; `None` when no such file exists and the
/// token is only loosely path-shaped (`@types/node` in prose); `Err` with a warning when
/// the import cannot be used. A refused file is never read.
fn import(
    here: &Import<'_>,
    token: &str,
    search: &Search<'_>,
    chain: &mut Vec<PathBuf>,
    warnings: &mut Vec<String>,
) -> Result<Option<String>, String> {
    let at = here.at;
    let shown = |p: &Path| paths::display(&paths::relative_to(p, search.cwd));
    let target = paths::resolve(token, here.dir, search.home).map_err(|m| format!("{at}: {m}"))?;
    if !target.is_file() {
        return if is_explicit_path(token) {
            Err(format!(
                "{at}: cannot import '{}': no such file",
                shown(&target)
            ))
        } else {
            Ok(None)
        };
    }
    paths::confine(
        here.within.root,
        &target,
        &format!("{at}: import '@{token}'"),
        IMPORT_HINT,
    )?;
    if chain.contains(&target) {
        let mut cycle: Vec<String> = chain.iter().map(|p| shown(p)).collect();
        cycle.push(shown(&target));
        return Err(format!("{at}: import cycle: {}", cycle.join(" -> ")));
    }
    if chain.len() > MAX_IMPORT_DEPTH {
        return Err(format!(
            "{at}: imports nest more than {MAX_IMPORT_DEPTH} levels deep"
        ));
    }
    let imported = read(here.within.project, &target, search.cwd, Some(at), warnings)
        .map_err(|e| e.message)?;
    chain.push(target.clone());
    let expanded = expand(&target, &imported, here.within, search, chain, warnings);
    chain.pop();
    expanded.map(Some).map_err(|e| e.message)
}

/// Finds the next `@path` import in `line`: `@` at the start or after whitespace, then a
/// path that starts with `./`, `../`, `/` or `~/`, or contains `/` or a file extension
/// (so `@alice` and `a@b.c` are left alone). Trailing punctuation is not part of it.
fn next_import(line: &str) -> Option<(&str, &str, &str)> {
    let mut search_from = 0;
    while let Some(i) = line[search_from..].find('@').map(|i| i + search_from) {
        search_from = i + 1;
        let preceded_ok = i == 0 || line[..i].ends_with(char::is_whitespace);
        if !preceded_ok {
            continue;
        }
        let rest = &line[i + 1..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token =
            rest[..end].trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']', '"', '\'']);
        if token.is_empty() || !looks_like_path(token) {
            continue;
        }
        return Some((&line[..i], token, &rest[token.len()..]));
    }
    None
}

fn looks_like_path(token: &str) -> bool {
    is_explicit_path(token) || token.contains('/')
}

/// A token that can only mean a file: it starts with `./`, `../`, `/` or `~/`, or ends in
/// a file extension. A missing one is worth a warning; `@types/node` is not.
fn is_explicit_path(token: &str) -> bool {
    let explicit = ["./", "../", "/", "~/"]
        .iter()
        .any(|p| token.starts_with(p));
    let has_ext = Path::new(token)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| !e.is_empty() && e.chars().all(|c| c.is_ascii_alphanumeric()));
    explicit || has_ext
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn import_tokens() {
        assert_eq!(
            next_import("see @docs/a.md."),
            Some(("see ", "docs/a.md", "."))
        );
        assert_eq!(next_import("@./x.md"), Some(("", "./x.md", "")));
        assert_eq!(next_import("@STYLE.md\n"), Some(("", "STYLE.md", "\n")));
        assert_eq!(next_import("ping @alice please"), None);
        assert_eq!(next_import("mail a@b.com"), None);
        assert_eq!(next_import("`@x.md`"), None);
    }

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn run(root: &Path, cwd: &Path) -> Result<Vec<ContextFile>, Error> {
        let names = vec!["AGENTS.md".to_string()];
        discover(
            &Search {
                names: &names,
                user_names: &names,
                user_dir: None,
                root,
                cwd,
                home: None,
            },
            &mut Vec::new(),
        )
    }

    #[test]
    fn hierarchy_closest_last_and_imports() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(&root.join("AGENTS.md"), "root rules\n@docs/style.md\n");
        write(&root.join("docs/style.md"), "  tabs  \n");
        write(&root.join("a/AGENTS.md"), "   \n");
        write(
            &root.join("a/b/AGENTS.md"),
            "closest\n```\n@not/imported.md\n```\n",
        );
        let files = run(root, &root.join("a/b")).unwrap();
        let shown: Vec<_> = files.iter().map(|f| f.display.as_str()).collect();
        assert_eq!(shown, ["../../AGENTS.md", "AGENTS.md"]);
        assert_eq!(files[0].content, "root rules\ntabs");
        assert_eq!(files[1].content, "closest\n```\n@not/imported.md\n```");
    }

    /// Runs discovery and returns the first file's content and the warnings.
    fn run_warned(root: &Path) -> (String, Vec<String>) {
        let names = vec!["AGENTS.md".to_string()];
        let search = Search {
            names: &names,
            user_names: &names,
            user_dir: None,
            root,
            cwd: root,
            home: None,
        };
        let mut warnings = Vec::new();
        let files = discover(&search, &mut warnings).unwrap();
        (files[0].content.clone(), warnings)
    }

    #[test]
    fn failed_imports_are_warnings_and_stay_as_text() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("p");
        write(&root.join("AGENTS.md"), "@a.md\n");
        write(&root.join("a.md"), "x\n@AGENTS.md\n");
        let (content, warnings) = run_warned(&root);
        assert_eq!(content, "x\n@AGENTS.md");
        assert_eq!(
            warnings,
            ["a.md:2: import cycle: AGENTS.md -> a.md -> AGENTS.md; left as text"]
        );

        // A refused escape is named but never read.
        write(&root.join("AGENTS.md"), "ok\n@../secret.md\n");
        write(&dir.path().join("secret.md"), "SECRET");
        let (content, warnings) = run_warned(&root);
        assert_eq!(content, "ok\n@../secret.md");
        assert_eq!(warnings.len(), 1);
        assert!(
            warnings[0].starts_with("AGENTS.md:2: import '@../secret.md' is outside"),
            "{warnings:?}"
        );

        write(&root.join("AGENTS.md"), "@missing.md");
        let (content, warnings) = run_warned(&root);
        assert_eq!(content, "@missing.md");
        assert_eq!(
            warnings,
            ["AGENTS.md:1: cannot import 'missing.md': no such file; left as text"]
        );
    }

    #[test]
    fn prose_that_only_looks_like_a_path_is_text() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            &root.join("AGENTS.md"),
            "- @types/node for typings\n- ask @alice\n- see @docs/x\n",
        );
        write(&root.join("docs/x"), "imported");
        let (content, warnings) = run_warned(root);
        assert_eq!(
            content,
            "- @types/node for typings\n- ask @alice\n- see imported"
        );
        assert!(warnings.is_empty(), "{warnings:?}");
    }

    #[test]
    fn depth_limit() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(&root.join("AGENTS.md"), "@f1.md");
        for i in 1..=7 {
            write(&root.join(format!("f{i}.md")), &format!("@f{}.md", i + 1));
        }
        write(&root.join("f8.md"), "end");
        let (_, warnings) = run_warned(root);
        assert!(warnings[0].contains("more than 5 levels"), "{warnings:?}");
    }
}
