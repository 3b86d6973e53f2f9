//! The changes to describe and the repository's recent subjects, read with git2 (no `git`
//! process, so the result does not depend on the user's git configuration or pager).

use std::path::Path;

use git2::{Diff, DiffFormat, DiffOptions, Repository, Tree};

use crate::error::Error;

/// The repository around `dir`. Bare repositories have no changes to describe.
pub fn open(dir: &Path) -> Result<Repository, Error> {
    let repo = Repository::discover(dir).map_err(|_| {
        Error::data(format!(
            "'{}' is not in a git repository; run commit inside one, or pipe a diff: \
             `git diff | asimi-prompt commit -`",
            crate::paths::display(dir)
        ))
    })?;
    if repo.is_bare() {
        return Err(Error::data(
            "the repository is bare: it has no working tree or index to describe; pipe a \
             diff instead: `asimi-prompt commit -`",
        ));
    }
    Ok(repo)
}

fn failed(what: &str, e: git2::Error) -> Error {
    Error::data(format!("cannot read {what}: {}", e.message()))
}

/// HEAD's tree; `None` before the first commit (an unborn branch).
fn head_tree(repo: &Repository) -> Result<Option<Tree<'_>>, Error> {
    match repo.head() {
        Ok(head) => Ok(Some(
            head.peel_to_tree().map_err(|e| failed("HEAD's tree", e))?,
        )),
        Err(e) if e.code() == git2::ErrorCode::UnbornBranch => Ok(None),
        Err(e) if e.code() == git2::ErrorCode::NotFound => Ok(None),
        Err(e) => Err(failed("HEAD", e)),
    }
}

/// The staged changes: HEAD (or nothing, before the first commit) against the index.
pub fn staged(repo: &Repository) -> Result<String, Error> {
    let tree = head_tree(repo)?;
    let index = repo.index().map_err(|e| failed("the index", e))?;
    let diff = repo
        .diff_tree_to_index(tree.as_ref(), Some(&index), Some(&mut options()))
        .map_err(|e| failed("the staged changes", e))?;
    patch(diff)
}

/// What `git commit --all` would commit: HEAD against the working tree, for tracked
/// files (staged new files included, untracked ones not).
pub fn all(repo: &Repository) -> Result<String, Error> {
    let tree = head_tree(repo)?;
    let diff = repo
        .diff_tree_to_workdir_with_index(tree.as_ref(), Some(&mut options()))
        .map_err(|e| failed("the working tree's changes", e))?;
    patch(diff)
}

fn options() -> DiffOptions {
    let mut o = DiffOptions::new();
    o.context_lines(3).include_untracked(false);
    o
}

/// The diff as `git diff` prints it, renames found.
fn patch(mut diff: Diff<'_>) -> Result<String, Error> {
    diff.find_similar(None)
        .map_err(|e| failed("renames in the diff", e))?;
    let mut out = Vec::new();
    diff.print(DiffFormat::Patch, |_, _, line| {
        // Content lines come without their `+`, `-` or ` ` marker; headers carry theirs.
        if matches!(line.origin(), '+' | '-' | ' ') {
            out.push(line.origin() as u8);
        }
        out.extend_from_slice(line.content());
        true
    })
    .map_err(|e| failed("the diff", e))?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The subjects of the last `n` commits reachable from HEAD, newest first (none before
/// the first commit).
pub fn subjects(repo: &Repository, n: usize) -> Result<Vec<String>, Error> {
    if head_tree(repo)?.is_none() {
        return Ok(Vec::new());
    }
    let mut walk = repo.revwalk().map_err(|e| failed("the history", e))?;
    walk.push_head().map_err(|e| failed("the history", e))?;
    let mut out = Vec::new();
    for oid in walk.take(n) {
        let oid = oid.map_err(|e| failed("the history", e))?;
        let commit = repo.find_commit(oid).map_err(|e| failed("a commit", e))?;
        out.push(String::from_utf8_lossy(commit.summary_bytes().unwrap_or_default()).into_owned());
    }
    Ok(out)
}
