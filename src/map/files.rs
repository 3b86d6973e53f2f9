//! Which files the map covers: the git index's files inside a repository, otherwise a
//! walk honouring `.gitignore` and `.ignore`; never generated, excluded, oversize,
//! binary or minified files, nor anything behind a symlink.

#[cfg(not(unix))]
use std::collections::HashSet;
use std::path::Path;

use ignore::gitignore::Gitignore;

use crate::git_index::Entry;
use crate::select::slashed;

use crate::error::Error;

/// Files over this many bytes are left out unless the caller says otherwise.
pub const DEFAULT_MAX_BYTES: u64 = 1_000_000;
/// How much of a file the binary check reads.
const BINARY_PROBE_BYTES: usize = 8 * 1024;
/// Average line length above which a file counts as minified.
const MINIFIED_LINE_LENGTH: usize = 300;
/// The `.gitattributes` attribute that marks generated files.
const GENERATED_ATTRIBUTE: &str = "linguist-generated";
const GITATTRIBUTES: &str = ".gitattributes";
/// The git index's file mode for a symbolic link.
const GIT_SYMLINK_MODE: u32 = 0o120000;

/// A file to index, relative to the root with `/` separators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub path: String,
    /// The git blob id when the working file is known to equal the index's copy.
    pub blob: Option<String>,
    /// Its size in bytes when listed (the index's record in a repository).
    pub size: u64,
}

/// Which files to leave out beyond the defaults.
#[derive(Debug, Clone)]
pub struct Selection {
    pub max_bytes: u64,
    /// Gitignore-style globs (`vendor/`, `*.pb.go`) relative to the root.
    pub exclude: Vec<String>,
}

impl Default for Selection {
    fn default() -> Selection {
        Selection {
            max_bytes: DEFAULT_MAX_BYTES,
            exclude: Vec::new(),
        }
    }
}

/// The files under `root`, sorted by path.
pub fn select(root: &Path, selection: &Selection) -> Result<Vec<Candidate>, Error> {
    let mut files = match git_files(root, selection.max_bytes) {
        Some(files) => files,
        None => walk(root, selection.max_bytes)?,
    };
    let excluded = matcher(root, &selection.exclude)?;
    let generated = generated(root)?;
    files.retain(|c| !ignored(&excluded, &c.path) && !ignored(&generated, &c.path));
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(files)
}

/// Whether content should stay out of the map: binary (a NUL in the first 8 KiB),
/// over `max_bytes`, or minified (very long lines on average).
pub fn skip_content(bytes: &[u8], max_bytes: u64) -> bool {
    if bytes.len() as u64 > max_bytes {
        return true;
    }
    if bytes[..bytes.len().min(BINARY_PROBE_BYTES)].contains(&0) {
        return true;
    }
    let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
    bytes.len() / lines > MINIFIED_LINE_LENGTH
}

/// The index's regular files under `root` when `root` is inside a git work tree; a
/// file whose stat data differs from the index gets no blob id.
fn git_files(root: &Path, max_bytes: u64) -> Option<Vec<Candidate>> {
    let repo = git2::Repository::discover(root).ok()?;
    let workdir = repo.workdir()?.canonicalize().ok()?;
    let root = root.canonicalize().ok()?;
    let prefix = root.strip_prefix(&workdir).ok()?;
    let prefix = slashed(prefix);
    let prefix = if prefix.is_empty() {
        prefix
    } else {
        format!("{prefix}/")
    };
    let clean = Clean::of(&repo, &workdir);
    let mut files: Vec<Candidate> = crate::git_index::entries(&repo)?
        .iter()
        .filter_map(|entry| {
            let full = std::str::from_utf8(&entry.path).ok()?;
            let path = full.strip_prefix(&prefix)?;
            if entry.mode == GIT_SYMLINK_MODE || u64::from(entry.size) > max_bytes {
                return None;
            }
            // A conflicted path's stages have no one blob.
            let blob =
                (entry.stage == 0 && clean.is(full, entry)).then(|| crate::digest::hex(&entry.id));
            Some(Candidate {
                path: path.to_string(),
                blob,
                size: u64::from(entry.size),
            })
        })
        .collect();
    files.dedup_by(|a, b| a.path == b.path);
    Some(files)
}

/// Which index entries the work tree still holds unchanged: git's own test on stat
/// data, with contents compared only for racily clean entries. No directory is read, as
/// a status walk would read every one.
#[cfg(unix)]
struct Clean<'a> {
    workdir: &'a Path,
    /// A handle on the work tree, which each file is looked up from: a path relative to
    /// it walks fewer directories than the absolute path (a quarter of the stat's time).
    /// Without one (the directory cannot be opened), the absolute path.
    handle: Option<rustix::fd::OwnedFd>,
    /// When the index was written (see `racy`).
    written: Option<(i64, i64)>,
}

#[cfg(unix)]
impl<'a> Clean<'a> {
    fn of(repo: &git2::Repository, workdir: &'a Path) -> Clean<'a> {
        use rustix::fs::{Mode, OFlags, CWD};
        use std::os::unix::fs::MetadataExt;
        let written = std::fs::metadata(repo.path().join("index"))
            .ok()
            .map(|m| (m.mtime(), m.mtime_nsec()));
        // Read-only rather than O_PATH, which not every Unix has; a work tree one can
        // list is readable.
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let handle = rustix::fs::openat(CWD, workdir, flags, Mode::empty()).ok();
        Clean {
            workdir,
            handle,
            written,
        }
    }

    fn is(&self, path: &str, entry: &Entry) -> bool {
        use rustix::fs::{AtFlags, FileType, CWD};
        let nofollow = AtFlags::SYMLINK_NOFOLLOW;
        let stat = match &self.handle {
            Some(handle) => rustix::fs::statat(handle, path, nofollow),
            None => rustix::fs::statat(CWD, self.workdir.join(path), nofollow),
        };
        let Ok(stat) = stat else {
            return false;
        };
        // The fields' types differ between platforms.
        #[allow(clippy::unnecessary_cast)]
        let seen = Stat {
            is_file: FileType::from_raw_mode(stat.st_mode) == FileType::RegularFile,
            size: stat.st_size as u64,
            mtime: (stat.st_mtime as i64, stat.st_mtime_nsec as i64),
            mode: stat.st_mode,
        };
        stat_matches(entry, &seen)
            && (!racy(entry, self.written)
                || git2::Oid::hash_file(git2::ObjectType::Blob, self.workdir.join(path))
                    .is_ok_and(|id| id.as_bytes() == entry.id))
    }
}

/// What the stat check compares of a working file.
#[cfg(unix)]
struct Stat {
    is_file: bool,
    size: u64,
    /// Seconds and nanoseconds.
    mtime: (i64, i64),
    mode: u32,
}

/// Elsewhere, libgit2's status of the work tree against the index.
#[cfg(not(unix))]
struct Clean {
    dirty: HashSet<String>,
}

#[cfg(not(unix))]
impl Clean {
    fn of(repo: &git2::Repository, _workdir: &Path) -> Clean {
        Clean {
            dirty: dirty_paths(repo),
        }
    }

    fn is(&self, path: &str, _entry: &Entry) -> bool {
        !self.dirty.contains(path)
    }
}

/// Whether a file's stat data is what the index recorded for it: size, modification
/// time (seconds as the index's 32 bits hold them; nanoseconds when recorded) and the
/// executable bit.
#[cfg(unix)]
fn stat_matches(entry: &Entry, seen: &Stat) -> bool {
    let (seconds, nanos) = entry.mtime;
    seen.is_file
        && seen.size as u32 == entry.size
        && seen.mtime.0 as u32 == seconds
        && (nanos == 0 || seen.mtime.1 == i64::from(nanos))
        && (seen.mode & 0o100 != 0) == (entry.mode & 0o100 != 0)
}

/// Whether an entry is racily clean: modified no earlier than the index was written, so
/// a later change within the same clock tick would have kept its stat data. Git then
/// compares contents, and so does `Clean::is`.
#[cfg(unix)]
fn racy(entry: &Entry, written: Option<(i64, i64)>) -> bool {
    let recorded = (i64::from(entry.mtime.0), i64::from(entry.mtime.1));
    written.is_none_or(|(seconds, nanos)| recorded >= (seconds & 0xffff_ffff, nanos))
}

/// Tracked paths whose working copy differs from the index (or is gone).
#[cfg(not(unix))]
fn dirty_paths(repo: &git2::Repository) -> HashSet<String> {
    let mut options = git2::StatusOptions::new();
    // Only the work tree against the index: comparing HEAD's tree with the index would
    // read every tree object, and a staged change has a blob id of its own.
    options
        .show(git2::StatusShow::Workdir)
        .include_untracked(false)
        .include_ignored(false)
        .exclude_submodules(true);
    let changed = git2::Status::WT_MODIFIED
        | git2::Status::WT_DELETED
        | git2::Status::WT_TYPECHANGE
        | git2::Status::WT_RENAMED;
    let Ok(statuses) = repo.statuses(Some(&mut options)) else {
        return HashSet::new();
    };
    statuses
        .iter()
        .filter(|s| s.status().intersects(changed))
        .filter_map(|s| s.path().ok().map(str::to_string))
        .collect()
}

/// Outside a repository: every regular file `ignore` would show, without following links.
fn walk(root: &Path, max_bytes: u64) -> Result<Vec<Candidate>, Error> {
    let mut files = Vec::new();
    let walker = crate::select::walker(root).build();
    for entry in walker {
        let entry = entry.map_err(|e| Error::data(format!("walking {}: {e}", root.display())))?;
        if !entry.file_type().is_some_and(|k| k.is_file()) {
            continue;
        }
        let Some(size) = entry.metadata().ok().map(|m| m.len()) else {
            continue;
        };
        let Ok(relative) = entry.path().strip_prefix(root) else {
            continue;
        };
        if size <= max_bytes {
            files.push(Candidate {
                path: slashed(relative),
                blob: None,
                size,
            });
        }
    }
    Ok(files)
}

/// The paths `.gitattributes` at the root marks `linguist-generated`.
fn generated(root: &Path) -> Result<Gitignore, Error> {
    let Ok(text) = std::fs::read_to_string(root.join(GITATTRIBUTES)) else {
        return Ok(Gitignore::empty());
    };
    let patterns: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let pattern = words.next().filter(|p| !p.starts_with('#'))?;
            words
                .any(|a| a == GENERATED_ATTRIBUTE || a == format!("{GENERATED_ATTRIBUTE}=true"))
                .then(|| pattern.to_string())
        })
        .collect();
    matcher(root, &patterns)
}

fn matcher(root: &Path, globs: &[String]) -> Result<Gitignore, Error> {
    crate::select::matcher(root, globs, "--map-exclude")
}

fn ignored(matcher: &Gitignore, path: &str) -> bool {
    crate::select::matches(matcher, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, path: &str, text: &str) {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    fn paths(root: &Path, selection: &Selection) -> Vec<String> {
        select(root, selection)
            .unwrap()
            .into_iter()
            .map(|c| c.path)
            .collect()
    }

    #[test]
    fn a_walk_honours_ignore_files_attributes_and_excludes() {
        let dir = crate::map::fixtures::bounded_tempdir();
        let root = dir.path();
        write(root, ".gitignore", "target/\n");
        write(root, ".ignore", "skip.py\n");
        write(
            root,
            ".gitattributes",
            "gen/** linguist-generated\n*.md text\n",
        );
        write(root, "src/a.rs", "fn a() {}\n");
        write(root, "target/b.rs", "fn b() {}\n");
        write(root, "skip.py", "x = 1\n");
        write(root, "gen/c.rs", "fn c() {}\n");
        write(root, "vendor/d.rs", "fn d() {}\n");
        write(root, "big.rs", &"x".repeat(2000));
        let selection = Selection {
            max_bytes: 1000,
            exclude: vec!["vendor/".into()],
        };
        assert_eq!(paths(root, &selection), ["src/a.rs"]);
    }

    #[test]
    fn a_repository_lists_its_index_with_blob_ids_for_clean_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let repo = git2::Repository::init(root).unwrap();
        write(root, "a.py", "x = 1\n");
        write(root, "sub/b.py", "y = 2\n");
        write(root, "same_size.py", "w = 4\n");
        write(root, "untracked.py", "z = 3\n");
        let mut index = repo.index().unwrap();
        index.add_path(Path::new("a.py")).unwrap();
        index.add_path(Path::new("same_size.py")).unwrap();
        index.add_path(Path::new("sub/b.py")).unwrap();
        index.write().unwrap();
        write(root, "sub/b.py", "y = 22\n");
        // Within the clock tick the index was written in, stat data cannot tell: the
        // contents are compared.
        write(root, "same_size.py", "w = 5\n");
        let files = select(root, &Selection::default()).unwrap();
        assert_eq!(files.len(), 3);
        assert_eq!(files[0].path, "a.py");
        assert!(files[0].blob.is_some());
        assert_eq!(
            (files[1].path.as_str(), &files[1].blob),
            ("same_size.py", &None)
        );
        assert_eq!(
            files[2],
            Candidate {
                path: "sub/b.py".into(),
                blob: None,
                size: 6,
            }
        );
        let sub: Vec<String> = select(&root.join("sub"), &Selection::default())
            .unwrap()
            .into_iter()
            .map(|c| c.path)
            .collect();
        assert_eq!(sub, ["b.py"]);
    }

    #[test]
    fn a_conflicted_path_is_listed_once_without_a_blob_id() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let repo = git2::Repository::init(root).unwrap();
        write(root, "a.py", "x = 1\n");
        write(root, "both.py", "<<<<<<< ours\n");
        let mut index = repo.index().unwrap();
        index.add_path(Path::new("a.py")).unwrap();
        crate::git_index::add_conflict(&mut index, "a.py", "both.py");
        index.write().unwrap();
        let files = select(root, &Selection::default()).unwrap();
        let listed: Vec<(&str, bool)> = files
            .iter()
            .map(|c| (c.path.as_str(), c.blob.is_some()))
            .collect();
        assert_eq!(listed, [("a.py", true), ("both.py", false)]);
    }

    /// A path that is not UTF-8 cannot be named in the map: it is left out, not mangled.
    #[cfg(unix)]
    #[test]
    fn a_path_that_is_not_utf8_is_left_out() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let repo = git2::Repository::init(root).unwrap();
        write(root, "a.py", "x = 1\n");
        let bad = std::ffi::OsStr::from_bytes(b"b\xff.py");
        std::fs::write(root.join(bad), "y = 2\n").unwrap();
        let mut index = repo.index().unwrap();
        index.add_path(Path::new("a.py")).unwrap();
        index.add_path(Path::new(bad)).unwrap();
        index.write().unwrap();
        assert_eq!(index.len(), 2);
        assert_eq!(paths(root, &Selection::default()), ["a.py"]);
    }

    #[test]
    fn binary_oversize_and_minified_content_is_skipped() {
        assert!(!skip_content(b"fn main() {}\n", 100));
        assert!(skip_content(b"ab\0cd", 100));
        assert!(skip_content(b"0123456789", 5));
        assert!(skip_content("x".repeat(5000).as_bytes(), 10_000));
    }
}
