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
    let repo = git2::Repository::discover(cwd).ok()?;
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

    #[test]
    fn finds_the_work_tree_from_a_subdirectory() {
        let dir = tempfile::tempdir().unwrap();
        git2::Repository::init(dir.path()).unwrap();
        let sub = dir.path().join("a/b");
        std::fs::create_dir_all(&sub).unwrap();
        let repo = discover(&sub).unwrap();
        assert_eq!(
            repo.root.canonicalize().unwrap(),
            dir.path().canonicalize().unwrap()
        );
        assert!(
            repo.branch == "master" || repo.branch == "main",
            "{}",
            repo.branch
        );
    }

    #[test]
    fn no_repository() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(discover(dir.path()), None);
    }
}
