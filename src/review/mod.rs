//! The code review context (docs/contributing/design.md, prompt assembly: "Review Context (Conditional)"): what a range of
//! commits, or the working tree, changed, as the text of the request's review block.
//!
//! `git` reads the repository with git2 (the range's ends, commits, patches, the base's
//! blobs); `format` writes the block: a summary, the commit log, the changed files, the
//! symbol map of those files at the base, reverse diffs for the selected files (their
//! current content is in the request, so the diff that takes them back to the base says
//! what changed) and capped forward diffs for the rest.

pub mod format;
pub mod git;

use std::path::Path;

use crate::error::Error;

/// The most bytes of forward diff (files that are not selected) the block holds, about
/// 6,000 tokens: the selected files are the review's focus, so the rest get a bounded
/// share and a summary of what was cut.
pub const MAX_FORWARD_DIFF_BYTES: usize = 24_000;

/// The most bytes of pre-change symbol map the block holds (whole blocks only).
pub const MAX_MAP_BYTES: usize = 16_000;

/// The most commits the log lists; the rest are counted.
pub const MAX_COMMITS: usize = 50;

/// The most changed files the file list names; the rest are counted.
pub const MAX_LISTED_FILES: usize = 100;

/// What `--review [BASE][..HEAD]` and `--review-worktree` ask for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Range {
    /// The base as written; `None`: the upstream, else the default branch.
    pub base: Option<String>,
    /// The head as written; `None`: HEAD.
    pub head: Option<String>,
    /// Review the working tree's changes (tracked files) instead of a commit's.
    pub worktree: bool,
}

impl Range {
    /// Parses `[BASE][..HEAD]` (`arg` `None` or empty: the defaults). With `worktree`
    /// the head is the working tree, so a HEAD in `arg` is refused.
    pub fn parse(arg: Option<&str>, worktree: bool) -> Result<Range, Error> {
        let arg = arg.unwrap_or_default().trim();
        if arg.contains("...") {
            return Err(Error::usage(format!(
                "--review '{arg}': use BASE..HEAD (two dots); the review already starts at \
                 the merge base of BASE and HEAD"
            )));
        }
        let (base, head) = match arg.split_once("..") {
            Some((base, head)) => (base, head),
            None => (arg, ""),
        };
        // `..HEAD` names the default head: the checkout, reviewed under its branch name.
        let some = |s: &str| (!s.is_empty() && s != "HEAD").then(|| s.to_string());
        if !head.is_empty() && worktree {
            return Err(Error::usage(format!(
                "--review '{arg}' with --review-worktree: the working tree is the head; \
                 give only a base: --review {base}.. --review-worktree"
            )));
        }
        Ok(Range {
            base: some(base),
            head: some(head),
            worktree,
        })
    }
}

/// One commit of the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    pub short: String,
    pub subject: String,
    pub author: String,
}

/// One changed file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    /// The path now (the old path for a deleted file), relative to the repository root.
    pub path: String,
    /// The path at the base, when the file existed there.
    pub old_path: Option<String>,
    /// `A`, `M`, `D`, `R`, `C` or `T`, as `git diff --name-status` writes it.
    pub status: char,
    /// Lines the change added and removed (forward, whichever way `patch` goes).
    pub added: usize,
    pub removed: usize,
    /// The file's patch as `git diff` prints it.
    pub patch: String,
}

/// Everything the block shows, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub branch: String,
    pub base_label: String,
    pub base_short: String,
    /// The head's short id, or `working tree`.
    pub head_short: String,
    pub commits: Vec<LogLine>,
    /// Every commit of the range, listed or not.
    pub commit_count: usize,
    /// Every changed file, forward.
    pub files: Vec<Changed>,
    /// The paths among `files` whose current content the request holds.
    pub selected: Vec<String>,
    /// The pre-change symbol map of the changed files (legend and blocks), cut.
    pub map: String,
    /// Files whose map blocks did not fit.
    pub map_cut: usize,
    /// The reverse diffs of the selected files.
    pub reverse: String,
    /// The forward diffs of the other files, cut, and what the cut left out.
    pub forward: String,
    pub forward_cut: String,
    /// A note for stderr: the range's head is not checked out, so the selected files
    /// (read from the working tree) are not the head's.
    pub note: Option<String>,
}

/// The review of the repository around `dir` that `range` names. `selected`: the paths
/// (relative to `dir`) of the files whose current content the request holds.
pub fn gather(dir: &Path, range: &Range, selected: &[String]) -> Result<Review, Error> {
    let repo = git::open(dir)?;
    let prefix = prefix(&repo, dir);
    let selected: Vec<String> = selected.iter().map(|p| format!("{prefix}{p}")).collect();
    let ends = git::ends(&repo, range)?;
    let base_tree = git::tree(&ends.base)?;
    let head_tree = git::tree(&ends.head)?;
    let head = (!range.worktree).then_some(&head_tree);
    let files = git::changed(
        &repo,
        &git::diff(&repo, &base_tree, head, false, None)?,
        false,
    )?;
    let (commits, commit_count) = git::commits(&repo, &ends.base, &ends.head, MAX_COMMITS)?;
    if files.is_empty() && commit_count == 0 {
        return Err(Error::usage(format!(
            "--review: nothing to review: {} is at its base {} ({}) and {}; pass an \
             earlier base, e.g. --review HEAD~3..",
            if range.worktree {
                "the working tree"
            } else {
                &ends.branch
            },
            ends.base_label,
            git::short_id(&ends.base)?,
            if range.worktree {
                "has no changes to tracked files"
            } else {
                "has no commits of its own"
            }
        )));
    }
    // The working files are read from disk: their reverse diffs start from the working
    // tree, whichever commit the range ends at.
    // A renamed file's old path too, so the rename is found.
    let wanted: Vec<String> = files
        .iter()
        .filter(|f| f.status != 'D' && selected.contains(&f.path))
        .flat_map(|f| std::iter::once(f.path.clone()).chain(f.old_path.clone()))
        .collect();
    let reverse = if wanted.is_empty() {
        Vec::new()
    } else {
        let diff = git::diff(&repo, &base_tree, None, true, Some(&wanted))?;
        let mut changed = git::changed(&repo, &diff, true)?;
        changed.retain(|c| selected.contains(&c.path));
        changed
    };
    let chosen: Vec<String> = reverse.iter().map(|c| c.path.clone()).collect();
    let forward: String = files
        .iter()
        .filter(|f| !chosen.contains(&f.path))
        .map(|f| f.patch.as_str())
        .collect();
    let capped = crate::commit::cap::cap(&forward, MAX_FORWARD_DIFF_BYTES);
    let (map, map_cut) = format::pre_change_map(&repo, &base_tree, &files, MAX_MAP_BYTES);
    Ok(Review {
        branch: ends.branch.clone(),
        base_label: ends.base_label.clone(),
        base_short: git::short_id(&ends.base)?,
        head_short: if range.worktree {
            WORKING_TREE.to_string()
        } else {
            git::short_id(&ends.head)?
        },
        commits,
        commit_count,
        files,
        selected: chosen.clone(),
        map,
        map_cut,
        reverse: reverse.iter().map(|c| c.patch.as_str()).collect(),
        forward: capped.text,
        forward_cut: capped.cut,
        note: (!range.worktree && !ends.head_is_checkout && !chosen.is_empty()).then(|| {
            format!(
                "note: --review: {} is not checked out; the selected files are read from \
                 the working tree, so their reverse diffs start from the working copies",
                ends.branch
            )
        }),
    })
}

/// The head of a working-tree review, as the summary names it.
pub const WORKING_TREE: &str = "working tree";

/// Where `dir` sits in the repository's work tree (`sub/dir/`, or empty at its top), so
/// paths relative to `dir` become the repository's.
fn prefix(repo: &git2::Repository, dir: &Path) -> String {
    let canon = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let Some(top) = repo.workdir().map(canon) else {
        return String::new();
    };
    match canon(dir).strip_prefix(&top) {
        Ok(rel) if !rel.as_os_str().is_empty() => {
            format!("{}/", rel.to_string_lossy().replace('\\', "/"))
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(base: Option<&str>, head: Option<&str>, worktree: bool) -> Range {
        Range {
            base: base.map(String::from),
            head: head.map(String::from),
            worktree,
        }
    }

    #[test]
    fn ranges_parse_as_git_writes_them() {
        let parse = |a: Option<&str>, w| Range::parse(a, w).unwrap();
        assert_eq!(parse(None, false), range(None, None, false));
        assert_eq!(parse(Some(""), false), range(None, None, false));
        assert_eq!(parse(Some("main"), false), range(Some("main"), None, false));
        assert_eq!(
            parse(Some("main.."), false),
            range(Some("main"), None, false)
        );
        assert_eq!(
            parse(Some("main..HEAD"), false),
            range(Some("main"), None, false)
        );
        assert_eq!(
            parse(Some("..topic"), false),
            range(None, Some("topic"), false)
        );
        assert_eq!(
            parse(Some("v1..v2"), false),
            range(Some("v1"), Some("v2"), false)
        );
        assert_eq!(parse(Some("main"), true), range(Some("main"), None, true));
        let err = |a: &str, w| Range::parse(Some(a), w).unwrap_err().message;
        assert!(err("a...b", false).contains("two dots"));
        assert!(err("a..b", true).contains("give only a base: --review a.."));
        assert!(err("a..HEAD", true).contains("give only a base"));
    }
}
