//! Writing results: atomic file replacement, per-file locks, and `--check` comparisons
//! with a diff.

use std::io::Write;
use std::path::Path;

/// What every line on the error stream starts with.
pub const DIAGNOSTIC_PREFIX: &str = "asimi-prompt: ";

/// Writes one diagnostic line, `asimi-prompt: {text}` and a newline, with a single
/// `write` (for lines up to the pipe buffer). Standard error is unbuffered, so a
/// formatted write would go out in pieces, and runs sharing one stderr file would split
/// each other's lines.
pub fn diagnostic(err: &mut dyn Write, text: &str) -> std::io::Result<()> {
    let mut line = String::with_capacity(DIAGNOSTIC_PREFIX.len() + text.len() + 1);
    line.push_str(DIAGNOSTIC_PREFIX);
    line.push_str(text);
    line.push('\n');
    err.write_all(line.as_bytes())
}

/// Writes `contents` to `path` atomically (a temporary file in the same directory, then a
/// rename), creating parent directories. Readers never see a half-written file.
///
/// For files the user named, outside any project: a symbolic link is written through
/// (its final target is replaced, in the target's directory, and the link stays). The
/// rest is [`crate::beneath::Place::write_atomic`]'s.
pub fn write_atomic(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    use crate::beneath::{place, Links};
    place(None, path, Links::Follow, true)?.write_atomic(contents)
}

/// The result of comparing output with a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comparison {
    Same,
    /// There is no such file.
    Missing,
    /// The file differs; holds a unified diff from the file to the output.
    Differs(String),
}

/// What `--check` says after the file's name when the file does not exist.
pub const CHECK_MISSING: &str = "no such file; run with --update to create it";

/// Compares `actual` with the contents of `path`.
pub fn check(path: &Path, actual: &str, color: bool) -> std::io::Result<Comparison> {
    let expected = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Comparison::Missing),
        Err(e) => return Err(e),
    };
    if expected == actual {
        return Ok(Comparison::Same);
    }
    Ok(Comparison::Differs(unified_diff(
        &expected,
        actual,
        &crate::paths::display(path),
        color,
    )))
}

/// A unified diff from `old` (the file at `name`) to `new` (the generated output).
pub fn unified_diff(old: &str, new: &str, name: &str, color: bool) -> String {
    unified_diff_named(old, new, name, &format!("{name} (generated)"), color)
}

/// A unified diff from `old` to `new`, headed with their names.
pub fn unified_diff_named(
    old: &str,
    new: &str,
    old_name: &str,
    new_name: &str,
    color: bool,
) -> String {
    let diff = similar::TextDiff::from_lines(old, new);
    let text = diff
        .unified_diff()
        .context_radius(3)
        .header(old_name, new_name)
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

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
    }

    #[cfg(unix)]
    #[test]
    fn atomic_write_keeps_the_mode_and_new_files_follow_the_umask() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.md");
        for m in [0o644, 0o600, 0o755, 0o640] {
            std::fs::write(&path, "old").unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(m)).unwrap();
            write_atomic(&path, b"new").unwrap();
            assert_eq!(mode(&path), m, "{m:o}");
        }
        // A file created the ordinary way gets 0666 minus the umask: so must ours.
        let plain = dir.path().join("plain");
        std::fs::File::create(&plain).unwrap();
        write_atomic(&dir.path().join("fresh.md"), b"x").unwrap();
        assert_eq!(mode(&dir.path().join("fresh.md")), mode(&plain));
    }

    #[cfg(unix)]
    #[test]
    fn atomic_write_goes_through_symlinks_to_their_target() {
        let dir = tempfile::tempdir().unwrap();
        let real_dir = dir.path().join("real");
        std::fs::create_dir(&real_dir).unwrap();
        std::fs::write(real_dir.join("t.md"), "old").unwrap();
        let link = dir.path().join("link.md");
        std::os::unix::fs::symlink("real/t.md", &link).unwrap();
        let chain = dir.path().join("chain.md");
        std::os::unix::fs::symlink("link.md", &chain).unwrap();
        write_atomic(&chain, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert!(std::fs::symlink_metadata(&chain)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(
            std::fs::read_to_string(real_dir.join("t.md")).unwrap(),
            "new"
        );
        // A dangling link creates its target.
        let dangling = dir.path().join("d.md");
        std::os::unix::fs::symlink("real/new.md", &dangling).unwrap();
        write_atomic(&dangling, b"made").unwrap();
        assert_eq!(
            std::fs::read_to_string(real_dir.join("new.md")).unwrap(),
            "made"
        );
        // A loop is an error, not a hang.
        let a = dir.path().join("a");
        std::os::unix::fs::symlink("b", &a).unwrap();
        std::os::unix::fs::symlink("a", dir.path().join("b")).unwrap();
        assert!(write_atomic(&a, b"x").is_err());
    }

    use crate::beneath::{STALE_TEMP_AGE, TEMP_PREFIX};
    use std::fs::File;
    use std::path::PathBuf;
    use std::time::Duration;

    /// A temporary file of ours, `age` old.
    fn temp_file(dir: &Path, name: &str, age: Duration) -> PathBuf {
        let path = dir.join(format!("{TEMP_PREFIX}{name}"));
        let f = File::create(&path).unwrap();
        f.set_modified(std::time::SystemTime::now() - age).unwrap();
        path
    }

    #[test]
    fn stale_temp_files_are_swept_and_live_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let old = STALE_TEMP_AGE + Duration::from_secs(1);
        let stale = temp_file(dir.path(), "dead01", old);
        let fresh = temp_file(dir.path(), "new001", Duration::ZERO);
        // A writer that is still alive holds the lock, however old its file.
        let held = temp_file(dir.path(), "held01", old);
        let holder = File::open(&held).unwrap();
        holder.lock().unwrap();
        let other = dir.path().join("notes.txt");
        std::fs::write(&other, "").unwrap();
        File::options()
            .write(true)
            .open(&other)
            .unwrap()
            .set_modified(std::time::SystemTime::now() - old)
            .unwrap();
        write_atomic(&dir.path().join("out.md"), b"x").unwrap();
        assert!(!stale.exists());
        assert!(fresh.exists());
        assert!(held.exists());
        assert!(other.exists());
    }

    #[test]
    fn check_reports_a_diff() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.md");
        std::fs::write(&path, "a\nb\n").unwrap();
        assert_eq!(check(&path, "a\nb\n", false).unwrap(), Comparison::Same);
        let Comparison::Differs(diff) = check(&path, "a\nc\n", false).unwrap() else {
            panic!("expected a difference");
        };
        assert!(diff.contains("-b\n+c\n"), "{diff}");
    }
}
