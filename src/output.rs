//! Writing results: atomic file replacement, and `--check` comparisons with a diff.

use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path` atomically (a temporary file in the same directory, then a
/// rename), creating parent directories. Readers never see a half-written file.
pub fn write_atomic(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir)?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".asimi-prompt-")
        .tempfile_in(dir)?;
    tmp.write_all(contents)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The result of comparing output with a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Check {
    Same,
    /// The file differs; holds a unified diff from the file to the output.
    Differs(String),
}

/// Compares `actual` with the contents of `path` (a missing file counts as empty).
pub fn check(path: &Path, actual: &str, color: bool) -> std::io::Result<Check> {
    let expected = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    if expected == actual {
        return Ok(Check::Same);
    }
    Ok(Check::Differs(unified_diff(
        &expected,
        actual,
        &crate::paths::display(path),
        color,
    )))
}

/// A unified diff from `old` (the file at `name`) to `new` (the generated output).
pub fn unified_diff(old: &str, new: &str, name: &str, color: bool) -> String {
    let diff = similar::TextDiff::from_lines(old, new);
    let text = diff
        .unified_diff()
        .context_radius(3)
        .header(name, &format!("{name} (generated)"))
        .to_string();
    if !color {
        return text;
    }
    text.lines()
        .map(|line| {
            let code = if line.starts_with("+++") || line.starts_with("---") {
                "1"
            } else if line.starts_with('+') {
                "32"
            } else if line.starts_with('-') {
                "31"
            } else if line.starts_with("@@") {
                "36"
            } else {
                return format!("{line}\n");
            };
            format!("\x1b[{code}m{line}\x1b[0m\n")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_creates_parents_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b/system.md");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1);
    }

    #[test]
    fn check_reports_a_diff() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.md");
        std::fs::write(&path, "a\nb\n").unwrap();
        assert_eq!(check(&path, "a\nb\n", false).unwrap(), Check::Same);
        let Check::Differs(diff) = check(&path, "a\nc\n", false).unwrap() else {
            panic!("expected a difference");
        };
        assert!(diff.contains("-b\n+c\n"), "{diff}");
    }
}
