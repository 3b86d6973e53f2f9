//! The file tree: the repository's tracked files (git's index), or every file under the
//! project root outside git, as a sorted list of `/`-separated relative paths.

use std::path::Path;

use ignore::gitignore::Gitignore;

use crate::progress::Progress;

/// What the walk reports to its `Progress`.
pub const LISTING: &str = "listing files";

/// The files of a file tree, and whether a walk outside git was cut at
/// [`MAX_TREE_FILES`].
#[derive(Debug, PartialEq, Eq)]
pub struct Listed {
    pub files: Vec<String>,
    pub cut: bool,
}

/// The files under `root`: git-tracked files when `root` is a git work tree (all of
/// them: the repository says what belongs), else a walk cut at [`MAX_TREE_FILES`];
/// `exclude` (`--exclude`) leaves files out.
pub fn list(root: &Path, exclude: &Gitignore, progress: &dyn Progress) -> Listed {
    progress.start(LISTING, None);
    let (mut files, cut) = match tracked(root) {
        Some(files) => (files, false),
        None => {
            let mut files = walk(root, exclude, progress);
            let cut = files.len() > MAX_TREE_FILES;
            files.truncate(MAX_TREE_FILES);
            (files, cut)
        }
    };
    files.retain(|f| !crate::select::matches(exclude, f));
    Listed { files, cut }
}

/// The git index's files, sorted, once each; `None` outside a work tree.
fn tracked(root: &Path) -> Option<Vec<String>> {
    let repo = git2::Repository::open(root).ok()?;
    let mut files: Vec<String> = crate::git_index::entries(&repo)?
        .into_iter()
        .map(|e| String::from_utf8_lossy(&e.path).into_owned())
        .collect();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::{tests::Recorder, Silent};

    /// docs/requests.md gives where the file tree stops outside git.
    #[test]
    fn the_manual_states_the_tree_limit() {
        let doc = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/requests.md");
        let doc = std::fs::read_to_string(doc).unwrap();
        let n = format!("{},{:03}", MAX_TREE_FILES / 1000, MAX_TREE_FILES % 1000);
        let claim = format!("stops at {n} files");
        assert!(
            doc.contains(&claim),
            "docs/requests.md should say {claim:?}"
        );
    }

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
            list(root, &Gitignore::empty(), &Silent).files,
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
        let listed = list(dir.path(), &Gitignore::empty(), &Silent);
        assert_eq!((listed.files.len(), listed.cut), (MAX_TREE_FILES, true));
        // In git, the tree is the index's, whole.
        let repo = git2::Repository::init(dir.path()).unwrap();
        let mut index = repo.index().unwrap();
        index
            .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
            .unwrap();
        index.write().unwrap();
        let listed = list(dir.path(), &Gitignore::empty(), &Silent);
        assert_eq!(
            (listed.files.len(), listed.cut),
            (MAX_TREE_FILES + 5, false)
        );
    }

    #[test]
    fn lists_each_tracked_path_once_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let repo = git2::Repository::init(root).unwrap();
        for name in ["z", "b/c.txt", "a.rs", "untracked.rs"] {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, name).unwrap();
        }
        let mut index = repo.index().unwrap();
        for name in ["z", "b/c.txt", "a.rs"] {
            index.add_path(Path::new(name)).unwrap();
        }
        crate::git_index::add_conflict(&mut index, "a.rs", "both.rs");
        index.write().unwrap();
        assert_eq!(
            list(root, &Gitignore::empty(), &Silent).files,
            ["a.rs", "b/c.txt", "both.rs", "z"]
        );
    }
}
