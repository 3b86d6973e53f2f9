//! Path rules: `~` expansion, relative resolution, and the value rules shared by
//! `ASIMI_SYSTEM_MD` and `ASIMI_WRITE_SYSTEM_MD`.

use std::path::{Component, Path, PathBuf};

/// What an `ASIMI_SYSTEM_MD`-style variable asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Switch {
    /// Unset, empty, `0` or `false`: the feature is off (the built-in prompt is used).
    Off,
    /// `1` or `true`: the default location.
    Default,
    /// Any other value: this absolute path.
    Path(PathBuf),
}

/// Interprets a variable's value: trimmed, empty means unset, `0`/`false`/`1`/`true` in
/// any case are switches, anything else is a path (its case kept) resolved with
/// [`resolve`].
pub fn switch(value: Option<&str>, cwd: &Path, home: Option<&Path>) -> Result<Switch, String> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(Switch::Off);
    };
    match switch_word(value) {
        Some(false) => Ok(Switch::Off),
        Some(true) => Ok(Switch::Default),
        None => resolve(value, cwd, home).map(Switch::Path),
    }
}

/// What a switch that is not one of [`switch_word`]'s words is told.
pub const SWITCH_WORDS: &str = "expected 0, false, 1 or true";

/// A switch word in any case: `0`/`false` is off, `1`/`true` on; anything else `None`.
pub fn switch_word(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "0" | "false" => Some(false),
        "1" | "true" => Some(true),
        _ => None,
    }
}

/// Resolves a user-given path: `~` and `~/…` expand to the home directory (other `~`
/// forms are taken literally), relative paths resolve against `cwd`, and `.`/`..` are
/// folded away so messages show a clean absolute path.
pub fn resolve(path: &str, cwd: &Path, home: Option<&Path>) -> Result<PathBuf, String> {
    let expanded = if path == "~" || path.starts_with("~/") {
        let home = home.ok_or_else(|| {
            format!("cannot expand '{path}': the home directory is not known (set HOME)")
        })?;
        home.join(path.trim_start_matches('~').trim_start_matches('/'))
    } else {
        PathBuf::from(path)
    };
    Ok(normalize(&cwd.join(expanded)))
}

/// Folds `.` and `..` without touching the file system (like Node's `path.resolve`).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// What to do about a path refused by [`confine`] when a project file named it.
pub const CONFINE_HINT: &str = "files the project supplies may only name files inside it; \
     move the file into the project, or name it yourself with the matching command-line flag";

/// The confinement rule (README, "Files from outside the project"): a path that content
/// from the project (AGENTS.md and its imports, `.asimi/config.yaml`, a spec, `.asimi/`
/// files) names must resolve, symbolic links followed, to a place inside `root`. Returns
/// the resolved path; the error reads `{what} is outside the project root '{root}'`, then
/// where the path really leads when a link took it there, then `hint`.
///
/// `what` names the file that asked and the path as written, e.g. `AGENTS.md:3: import
/// '@x.md'`. A path that does not exist yet is resolved as far as it exists.
pub fn confine(root: &Path, path: &Path, what: &str, hint: &str) -> Result<PathBuf, String> {
    let root = real_root(root).unwrap_or_else(|| normalize(root));
    let real = real_path(path);
    if real.starts_with(&root) {
        return Ok(real);
    }
    let via = if real == normalize(path) {
        String::new()
    } else {
        format!(": it leads to '{}'", display(&real))
    };
    Err(format!(
        "{what} is outside the project root '{}'{via}; {hint}",
        display(&root)
    ))
}

/// The project root `root` as the file system has it, resolved once a run: a run confines
/// a dozen paths to the same root, and resolving it read the link of each of its
/// components every time (40 of a bare `system`'s 66 `readlink`s). The root is the
/// user's choice, so a link swapped under it later can only make a path look outside
/// of the root resolved first, never lead one outside it.
///
/// `None` when it cannot be resolved (it does not exist).
pub fn real_root(root: &Path) -> Option<PathBuf> {
    if let Some(real) = resolved_root(root) {
        return Some(real);
    }
    // A root that does not exist yet is not kept: it may be made, behind a link, later.
    let real = root.canonicalize().ok()?;
    lock_roots().push((root.to_path_buf(), real.clone()));
    Some(real)
}

/// The roots [`real_root`] resolved, as given and as resolved.
static ROOTS: std::sync::Mutex<Vec<(PathBuf, PathBuf)>> = std::sync::Mutex::new(Vec::new());

fn lock_roots() -> std::sync::MutexGuard<'static, Vec<(PathBuf, PathBuf)>> {
    ROOTS.lock().unwrap_or_else(|e| e.into_inner())
}

/// `path` as [`real_root`] resolved it, when it is a root it resolved.
fn resolved_root(path: &Path) -> Option<PathBuf> {
    let roots = lock_roots();
    roots
        .iter()
        .find(|(given, _)| given == path)
        .map(|(_, real)| real.clone())
}

/// `path` with every symbolic link resolved: its longest existing ancestor made canonical,
/// then the rest (which does not exist) folded on.
fn real_path(path: &Path) -> PathBuf {
    let path = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    };
    let mut rest = Vec::new();
    let mut base = path.as_path();
    loop {
        // An `lstat` first: a path that does not exist is refused in one call, where
        // `canonicalize` reads every component's link before it fails.
        // The root, where a path below it that does not exist yet ends, as resolved once.
        let real = match std::fs::symlink_metadata(base) {
            Ok(_) => resolved_root(base).or_else(|| base.canonicalize().ok()),
            Err(_) => None,
        };
        if let Some(real) = real {
            let mut out = real;
            out.extend(rest.iter().rev());
            return normalize(&out);
        }
        match (base.parent(), base.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                base = parent;
            }
            _ => return normalize(&path),
        }
    }
}

/// `path` relative to `base` when it lies below it or near it (`../x`), as context file
/// headers show paths; falls back to the absolute path.
pub fn relative_to(path: &Path, base: &Path) -> PathBuf {
    let path_parts: Vec<_> = path.components().collect();
    let base_parts: Vec<_> = base.components().collect();
    let common = path_parts
        .iter()
        .zip(&base_parts)
        .take_while(|(a, b)| a == b)
        .count();
    if common == 0 {
        return path.to_path_buf();
    }
    let mut out = PathBuf::new();
    for _ in common..base_parts.len() {
        out.push("..");
    }
    for part in &path_parts[common..] {
        out.push(part.as_os_str());
    }
    if out.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        out
    }
}

/// How a request names the file `real` (canonical): its path from the project `root`
/// with `/` separators, or outside the root its absolute path.
pub fn project_name(real: &Path, root: &Path) -> String {
    match real.strip_prefix(root) {
        Ok(rel) => rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        Err(_) => display(real),
    }
}

/// Whether `a` and `b` name the same file (links followed); paths that cannot be
/// resolved compare as written. On Unix a file is its device and inode, one `stat`
/// each, where resolving a path reads the link of each of its components.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
            _ => a == b,
        }
    }
    #[cfg(not(unix))]
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Whether `name`, joined onto any directory, names a place below it: relative, with no
/// `~` to expand and no `..` (or Windows prefix) to climb out. Links are not looked at.
pub fn stays_below(name: &str) -> bool {
    let path = Path::new(name);
    !name.starts_with('~')
        && !name.is_empty()
        && path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

/// Whether `name` is a plain name, fit to be one component of a path: not empty, not
/// `.` or `..`, and without a separator or NUL. Model families and other names that
/// content supplies are checked with it, never joined as paths.
pub fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0'])
}

/// A path for messages and headers, always with `/` separators.
pub fn display(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stays_below_refuses_every_way_out() {
        for name in ["AGENTS.md", "docs/CLAUDE.md", "./a.md", "a~b.md"] {
            assert!(stays_below(name), "{name}");
        }
        for name in [
            "/etc/passwd",
            "../x.md",
            "a/../../x.md",
            "a/..",
            "~/x.md",
            "~",
            "",
        ] {
            assert!(!stays_below(name), "{name}");
        }
    }

    #[test]
    fn plain_names_have_no_way_out() {
        for name in ["claude", "gpt-5", "a.b", "..a"] {
            assert!(is_plain_name(name), "{name}");
        }
        for name in ["", ".", "..", "../x", "a/b", "a\\b", "/etc", "a\0"] {
            assert!(!is_plain_name(name), "{name}");
        }
    }

    fn sw(v: Option<&str>) -> Switch {
        switch(v, Path::new("/work/proj"), Some(Path::new("/home/u"))).unwrap()
    }

    #[test]
    fn switch_values() {
        assert_eq!(sw(None), Switch::Off);
        assert_eq!(sw(Some("")), Switch::Off);
        assert_eq!(sw(Some("  ")), Switch::Off);
        assert_eq!(sw(Some("0")), Switch::Off);
        assert_eq!(sw(Some("FALSE")), Switch::Off);
        assert_eq!(sw(Some(" 1 ")), Switch::Default);
        assert_eq!(sw(Some("True")), Switch::Default);
        assert_eq!(sw(Some("~")), Switch::Path("/home/u".into()));
        assert_eq!(sw(Some("~/x/S.md")), Switch::Path("/home/u/x/S.md".into()));
        assert_eq!(sw(Some("~x")), Switch::Path("/work/proj/~x".into()));
        assert_eq!(
            sw(Some("docs/../P.md")),
            Switch::Path("/work/proj/P.md".into())
        );
        assert_eq!(sw(Some("/abs/Sys.MD")), Switch::Path("/abs/Sys.MD".into()));
    }

    #[test]
    fn tilde_without_home_is_an_error() {
        assert!(switch(Some("~/x"), Path::new("/w"), None).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn confine_follows_symlinks() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap().join("p");
        std::fs::create_dir_all(root.join("d")).unwrap();
        std::os::unix::fs::symlink("/etc", root.join("out")).unwrap();
        std::os::unix::fs::symlink("d", root.join("in")).unwrap();
        let ok = |p: &str| confine(&root, &root.join(p), "x", "h");
        assert_eq!(ok("d/a.md").unwrap(), root.join("d/a.md"));
        assert_eq!(ok("in/new/a.md").unwrap(), root.join("d/new/a.md"));
        assert_eq!(
            ok("out/passwd").unwrap_err(),
            format!(
                "x is outside the project root '{}': it leads to '/etc/passwd'; h",
                root.display()
            )
        );
        assert_eq!(
            ok("../q").unwrap_err(),
            format!("x is outside the project root '{}'; h", root.display())
        );
        // A sibling whose name starts with the root's is outside: a string-prefix
        // comparison would let it in.
        std::fs::create_dir_all(root.with_file_name("p2")).unwrap();
        assert!(ok("../p2/secret.md").is_err());
        std::os::unix::fs::symlink("../p2", root.join("sib")).unwrap();
        assert!(ok("sib/secret.md").is_err());
    }

    #[cfg(unix)]
    #[test]
    fn same_file_follows_links_and_tells_files_apart() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.md"), dir.path().join("b.md"));
        std::fs::write(&a, "x").unwrap();
        std::fs::write(&b, "x").unwrap();
        std::os::unix::fs::symlink("a.md", dir.path().join("link.md")).unwrap();
        std::fs::hard_link(&a, dir.path().join("hard.md")).unwrap();
        assert!(same_file(&a, &dir.path().join("link.md")));
        assert!(same_file(&a, &dir.path().join("hard.md")));
        assert!(!same_file(&a, &b));
        let gone = dir.path().join("gone.md");
        assert!(same_file(&gone, &gone));
        assert!(!same_file(&gone, &a));
    }

    /// The root is resolved once: a link to it swapped to another directory later makes
    /// the paths through it outside, where resolving the root anew would let them in.
    #[cfg(unix)]
    #[test]
    fn a_root_swapped_after_it_was_resolved_leads_nowhere_new() {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(base.join("project")).unwrap();
        std::fs::create_dir_all(base.join("elsewhere")).unwrap();
        std::fs::write(base.join("elsewhere/secret.md"), "s").unwrap();
        let root = base.join("link");
        std::os::unix::fs::symlink("project", &root).unwrap();
        assert!(confine(&root, &root.join("a.md"), "x", "h").is_ok());

        std::fs::remove_file(&root).unwrap();
        std::os::unix::fs::symlink("elsewhere", &root).unwrap();
        assert_eq!(real_root(&root), Some(base.join("project")));
        assert!(confine(&root, &root.join("secret.md"), "x", "h").is_err());
    }

    #[test]
    fn relative_paths() {
        let cwd = Path::new("/r/a/b");
        assert_eq!(
            relative_to(Path::new("/r/a/b/AGENTS.md"), cwd),
            PathBuf::from("AGENTS.md")
        );
        assert_eq!(
            relative_to(Path::new("/r/AGENTS.md"), cwd),
            PathBuf::from("../../AGENTS.md")
        );
        assert_eq!(
            relative_to(Path::new("/r/a/b/c/X.md"), cwd),
            PathBuf::from("c/X.md")
        );
    }
}
