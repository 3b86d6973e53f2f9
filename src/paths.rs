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
    match value.to_ascii_lowercase().as_str() {
        "0" | "false" => Ok(Switch::Off),
        "1" | "true" => Ok(Switch::Default),
        _ => resolve(value, cwd, home).map(Switch::Path),
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

/// A path for messages and headers, always with `/` separators.
pub fn display(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

#[cfg(test)]
mod tests {
    use super::*;

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
