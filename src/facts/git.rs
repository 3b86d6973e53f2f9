//! The git repository around the working directory, found with git2.

use std::path::{Path, PathBuf};

/// The work tree the working directory is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repo {
    /// The top of the work tree.
    pub root: PathBuf,
    /// The checked-out branch; empty on a detached HEAD or an unborn branch.
    pub branch: String,
}

/// The git work tree containing `cwd`, if any. Bare repositories and unreadable ones
/// count as no repository, as the prompt only cares whether files are under git.
pub fn discover(cwd: &Path) -> Option<Repo> {
    // Found and opened in one search: `Repository::discover` searches, then `open`
    // searches again from what it found.
    let no_ceiling: [&std::ffi::OsStr; 0] = [];
    let repo =
        git2::Repository::open_ext(cwd, git2::RepositoryOpenFlags::CROSS_FS, no_ceiling).ok()?;
    let root = repo.workdir()?.to_path_buf();
    let root = crate::paths::normalize(&root);
    let branch = match repo.head() {
        Ok(head) if head.is_branch() => head.shorthand().unwrap_or_default().to_string(),
        Ok(_) => String::new(),
        // An unborn branch (no commits yet) still has a name in HEAD.
        Err(_) => repo
            .find_reference("HEAD")
            .ok()
            .and_then(|r| r.symbolic_target().ok().flatten().map(str::to_string))
            .and_then(|t| t.strip_prefix("refs/heads/").map(str::to_string))
            .unwrap_or_default(),
    };
    Some(Repo { root, branch })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A temporary directory that stops discovery at its top, whatever repository the
    /// temporary directory sits in: its `.git` file is no `gitdir:` link, which libgit2
    /// refuses, and `discover` reads as no repository.
    fn bounded_tempdir() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(".git"), "not a repository\n").unwrap();
        dir
    }

    #[test]
    fn finds_the_work_tree_from_a_subdirectory() {
        let dir = bounded_tempdir();
        let top = dir.path().join("repo");
        // The branch is named here, not taken from the machine's init.defaultBranch.
        let mut options = git2::RepositoryInitOptions::new();
        options.initial_head("trunk");
        git2::Repository::init_opts(&top, &options).unwrap();
        let sub = top.join("a/b");
        std::fs::create_dir_all(&sub).unwrap();
        let repo = discover(&sub).unwrap();
        assert_eq!(
            repo.root.canonicalize().unwrap(),
            top.canonicalize().unwrap()
        );
        assert_eq!(repo.branch, "trunk");
    }

    #[test]
    fn no_repository() {
        let dir = bounded_tempdir();
        let sub = dir.path().join("a");
        std::fs::create_dir_all(&sub).unwrap();
        assert_eq!(discover(&sub), None);
    }
}
