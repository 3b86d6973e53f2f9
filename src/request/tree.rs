//! The file tree: the repository's tracked files (git's index), or every file under the
//! project root outside git, as a sorted list of `/`-separated relative paths.

use std::path::Path;

use ignore::gitignore::Gitignore;

use crate::progress::Progress;

/// What the walk reports to its `Progress`.
pub const LISTING: &str = "listing files";

/// The files under `root`: git-tracked files when `root` is a git work tree; `exclude`
/// (`--exclude`) leaves files out.
pub fn list(root: &Path, exclude: &Gitignore, progress: &dyn Progress) -> Vec<String> {
    progress.start(LISTING, None);
    let mut files = tracked(root).unwrap_or_else(|| walk(root, exclude, progress));
    files.retain(|f| !crate::select::matches(exclude, f));
    files
}

/// The git index's files, sorted, once each; `None` outside a work tree.
fn tracked(root: &Path) -> Option<Vec<String>> {
    let repo = git2::Repository::open(root).ok()?;
    let mut files = match index_paths(&repo.path().join("index")) {
        Some(files) => files,
        None => repo
            .index()
            .ok()?
            .iter()
            .map(|e| String::from_utf8_lossy(&e.path).into_owned())
            .collect(),
    };
    files.sort();
    files.dedup();
    Some(files)
}

/// The most files the tree lists outside git: a walk of `/` or a home directory would
/// otherwise take minutes and send millions of tokens.
pub const MAX_TREE_FILES: usize = 10_000;

/// The warning for a tree cut at `MAX_TREE_FILES`.
pub fn cut_note(root: &Path) -> String {
    format!(
        "warning: the file tree of {} stops at {MAX_TREE_FILES} files (outside git, every \
         file that is not ignored is listed); pass --no-file-tree to leave it out, or run \
         in a smaller directory",
        crate::paths::display(root)
    )
}

/// Outside git: the files under `root` that .gitignore, .ignore, git's exclude files and
/// `exclude` do not leave out, hidden files and directories (`.venv`, `.git`) skipped, as
/// ripgrep walks. At most `MAX_TREE_FILES + 1` are read, so a caller can tell the walk
/// was cut.
fn walk(root: &Path, exclude: &Gitignore, progress: &dyn Progress) -> Vec<String> {
    let mut files = Vec::new();
    let walker = crate::select::walker_excluding(root, root, exclude)
        .sort_by_file_name(|a, b| a.cmp(b))
        .build();
    for entry in walker.flatten() {
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let Ok(rel) = entry.path().strip_prefix(root) else {
            continue;
        };
        files.push(rel.to_string_lossy().replace('\\', "/"));
        progress.advance(1);
        if files.len() > MAX_TREE_FILES {
            break;
        }
    }
    files.sort();
    files
}

/// The paths in a git index file, read directly: libgit2 also verifies the file's SHA-1
/// and builds a map of its entries, which was half of a `messages` run in a large
/// repository. Only the common forms are read here (versions 2 and 3, no split index, no
/// sparse directories); anything else, or anything inconsistent, is `None`, and libgit2
/// reads the index instead.
fn index_paths(path: &Path) -> Option<Vec<String>> {
    let bytes = std::fs::read(path).ok()?;
    let u32_at = |at: usize| -> Option<u32> {
        Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
    };
    if bytes.get(..4)? != b"DIRC" {
        return None;
    }
    let version = u32_at(4)?;
    if version != 2 && version != 3 {
        return None;
    }
    let count = u32_at(8)? as usize;
    // Every entry takes at least 64 bytes; a larger count is a corrupt file.
    if count > bytes.len() / 64 {
        return None;
    }
    let mut files = Vec::with_capacity(count);
    let mut at = 12;
    for _ in 0..count {
        let mode = u32_at(at + 24)?;
        let flags = u16::from_be_bytes(bytes.get(at + 60..at + 62)?.try_into().ok()?);
        let extended = flags & 0x4000 != 0;
        if (extended && version == 2) || mode == 0o040000 {
            return None;
        }
        let start = at + 62 + if extended { 2 } else { 0 };
        let len = match (flags & 0x0fff) as usize {
            // The length does not fit the flags: the name runs to its NUL.
            0x0fff => bytes.get(start..)?.iter().position(|b| *b == 0)?,
            n => n,
        };
        let name = bytes.get(start..start + len)?;
        files.push(String::from_utf8_lossy(name).into_owned());
        // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
        at += (start - at + len + 8) & !7;
    }
    // Extensions follow, then the 20-byte checksum.
    while at + 20 < bytes.len() {
        let signature = bytes.get(at..at + 4)?;
        if signature == b"link" || signature == b"sdir" {
            return None;
        }
        at += 8 + u32_at(at + 4)? as usize;
    }
    (at + 20 == bytes.len()).then_some(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::{tests::Recorder, Silent};

    #[test]
    fn outside_git_ignored_and_hidden_files_are_left_out() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for name in [
            ".gitignore",
            ".ignore",
            "src/a.rs",
            "node_modules/x/index.js",
            ".venv/lib/site.py",
            "build/out.o",
            "notes.md",
        ] {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        std::fs::write(root.join(".gitignore"), "node_modules/\n").unwrap();
        std::fs::write(root.join(".ignore"), "build\n").unwrap();
        assert_eq!(
            list(root, &Gitignore::empty(), &Silent),
            ["notes.md", "src/a.rs"]
        );
        let seen = Recorder::default();
        list(root, &Gitignore::empty(), &seen);
        assert_eq!(seen.steps(), [(LISTING.to_string(), None, 2)]);
    }

    #[test]
    fn the_walk_stops_past_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..MAX_TREE_FILES + 5 {
            std::fs::write(dir.path().join(format!("f{i}")), "").unwrap();
        }
        assert_eq!(
            list(dir.path(), &Gitignore::empty(), &Silent).len(),
            MAX_TREE_FILES + 1
        );
    }

    /// What libgit2 lists, sorted and deduplicated as `list` does.
    fn libgit2_paths(root: &Path) -> Vec<String> {
        let repo = git2::Repository::open(root).unwrap();
        let mut files: Vec<String> = repo
            .index()
            .unwrap()
            .iter()
            .map(|e| String::from_utf8_lossy(&e.path).into_owned())
            .collect();
        files.sort();
        files.dedup();
        files
    }

    #[test]
    fn reads_the_index_as_libgit2_does() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let repo = git2::Repository::init(root).unwrap();
        let long = format!("{}/{}.rs", "d".repeat(200), "n".repeat(200));
        let names = ["a.rs", "b/c.txt", "b/ü nicode.md", "z", long.as_str()];
        for name in names {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, name).unwrap();
        }
        let mut index = repo.index().unwrap();
        index
            .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
            .unwrap();
        index.write().unwrap();
        let direct = index_paths(&repo.path().join("index")).expect("a version 2 index");
        assert_eq!(direct.len(), names.len());
        assert_eq!(
            list(root, &Gitignore::empty(), &Silent),
            libgit2_paths(root)
        );

        // An intent-to-add entry has extended flags, so libgit2 writes version 3.
        std::fs::write(root.join("new.rs"), "x").unwrap();
        let mut entry = index.get_path(Path::new("a.rs"), 0).unwrap();
        entry.path = b"new.rs".to_vec();
        entry.flags_extended |= 1 << 13;
        index.add(&entry).unwrap();
        index.write().unwrap();
        let bytes = std::fs::read(repo.path().join("index")).unwrap();
        assert_eq!(bytes[7], 3, "expected a version 3 index");
        assert!(index_paths(&repo.path().join("index")).is_some());
        assert_eq!(
            list(root, &Gitignore::empty(), &Silent),
            libgit2_paths(root)
        );
        assert!(list(root, &Gitignore::empty(), &Silent).contains(&"new.rs".to_string()));

        // Anything unexpected is left to libgit2.
        let bad = root.join("bad-index");
        std::fs::write(&bad, &bytes[..bytes.len() - 1]).unwrap();
        assert_eq!(index_paths(&bad), None);
        std::fs::write(&bad, b"DIRC\0\0\0\x04").unwrap();
        assert_eq!(index_paths(&bad), None);
    }
}
