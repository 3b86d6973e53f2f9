//! What a review reads from the repository, with git2 (no `git` process, so the result
//! does not depend on the user's git configuration, pager or aliases): the range's two
//! ends, its commits, the changed files with their patches, and the base's blobs.

use std::path::Path;

use git2::{Commit, Diff, DiffOptions, Oid, Patch, Repository, Sort, Tree};

use super::{Changed, LogLine, Range};
use crate::error::Error;

/// The repository around `dir`. A bare one has no working tree to review against.
pub fn open(dir: &Path) -> Result<Repository, Error> {
    let repo = Repository::discover(dir).map_err(|_| {
        Error::usage(format!(
            "--review: '{}' is not in a git repository; run inside one, or drop --review",
            crate::paths::display(dir)
        ))
    })?;
    if repo.is_bare() {
        return Err(Error::usage(
            "--review: the repository is bare: it has no working tree to review; run in a \
             clone with a checkout",
        ));
    }
    Ok(repo)
}

fn failed(what: &str, e: git2::Error) -> Error {
    Error::data(format!("--review: cannot read {what}: {}", e.message()))
}

/// The two ends of a review, resolved.
pub struct Ends<'r> {
    /// The commit the changes are measured from (a merge base).
    pub base: Commit<'r>,
    /// How the base was chosen, in words (`main`, `the merge base with origin/main`).
    pub base_label: String,
    /// The reviewed commit (HEAD, or the range's head).
    pub head: Commit<'r>,
    /// What is reviewed: the branch, or the head as written.
    pub branch: String,
    /// Whether the head is the checked-out HEAD (so the working files are its files).
    pub head_is_checkout: bool,
}

/// Resolves `range`: the head (HEAD unless given), and the base: the merge base of the
/// head and the base given, else of the head and its upstream, else of the head and the
/// default branch.
pub fn ends<'r>(repo: &'r Repository, range: &Range) -> Result<Ends<'r>, Error> {
    let checkout = head_commit(repo)?;
    let head = match &range.head {
        Some(spec) => commit_of(repo, spec, "HEAD")?,
        None => checkout.clone(),
    };
    let (base_at, base_label) = match &range.base {
        Some(spec) => (commit_of(repo, spec, "BASE")?.id(), spec.clone()),
        // The working tree's own changes, when no base is named.
        None if range.worktree => (checkout.id(), "HEAD".to_string()),
        None => default_base(repo)?,
    };
    let merge = repo.merge_base(base_at, head.id()).map_err(|_| {
        Error::usage(format!(
            "--review: {base_label} and {} share no history, so there is no merge base to \
             review from; pass a base the head descends from: --review BASE..",
            range.head.as_deref().unwrap_or("HEAD")
        ))
    })?;
    let base = repo
        .find_commit(merge)
        .map_err(|e| failed("the merge base", e))?;
    let base_label = if merge == base_at {
        base_label
    } else {
        format!("the merge base with {base_label}")
    };
    let branch = match &range.head {
        Some(spec) => spec.clone(),
        None => match repo.head() {
            Ok(h) if h.is_branch() => h.shorthand().unwrap_or("HEAD").to_string(),
            _ => "HEAD (detached)".to_string(),
        },
    };
    Ok(Ends {
        head_is_checkout: head.id() == checkout.id(),
        base,
        base_label,
        head,
        branch,
    })
}

fn head_commit(repo: &Repository) -> Result<Commit<'_>, Error> {
    let head = repo.head().map_err(|_| {
        Error::usage("--review: the repository has no commits yet, so there is nothing to review")
    })?;
    head.peel_to_commit().map_err(|e| failed("HEAD", e))
}

/// The commit `spec` names (`which`: BASE or HEAD, for the message).
fn commit_of<'r>(repo: &'r Repository, spec: &str, which: &str) -> Result<Commit<'r>, Error> {
    repo.revparse_single(spec)
        .and_then(|o| o.peel_to_commit())
        .map_err(|e| {
            Error::usage(format!(
                "--review: {which} '{spec}' is not a commit ({}); pass a branch, tag or \
                 commit: --review BASE..HEAD",
                e.message()
            ))
        })
}

/// Where an unnamed base comes from, in order: the current branch's upstream, the
/// remote's default branch, then `main` and `master` (each unless it is the current
/// branch).
fn default_base(repo: &Repository) -> Result<(Oid, String), Error> {
    let current = repo.head().ok().filter(|h| h.is_branch());
    let current_name = current
        .as_ref()
        .and_then(|h| h.name().ok().map(str::to_string));
    let upstream = current_name
        .as_deref()
        .and_then(|name| repo.branch_upstream_name(name).ok())
        .and_then(|buf| buf.as_str().ok().map(str::to_string));
    let origin_head = repo
        .find_reference("refs/remotes/origin/HEAD")
        .ok()
        .and_then(|r| r.symbolic_target().ok().flatten().map(str::to_string));
    let candidates = upstream
        .into_iter()
        .chain(origin_head)
        .chain(DEFAULT_BRANCHES.iter().map(|b| format!("refs/heads/{b}")))
        .filter(|name| Some(name) != current_name.as_ref());
    for name in candidates {
        if let Ok(commit) = repo.find_reference(&name).and_then(|r| r.peel_to_commit()) {
            let short = name
                .strip_prefix("refs/heads/")
                .or_else(|| name.strip_prefix("refs/remotes/"))
                .unwrap_or(&name);
            return Ok((commit.id(), short.to_string()));
        }
    }
    Err(Error::usage(
        "--review: no base to compare with: the branch has no upstream and there is no \
         origin/HEAD, main or master; pass one: --review BASE.. (e.g. --review HEAD~3..)",
    ))
}

/// The local branches tried as the default branch, in order.
const DEFAULT_BRANCHES: [&str; 2] = ["main", "master"];

/// The commits reachable from `head` but not from `base`, oldest first (the order they
/// were made in), at most `max`; and how many there are in all.
pub fn commits(
    repo: &Repository,
    base: &Commit,
    head: &Commit,
    max: usize,
) -> Result<(Vec<LogLine>, usize), Error> {
    let history = |e| failed("the history", e);
    let mut walk = repo.revwalk().map_err(history)?;
    walk.set_sorting(Sort::TOPOLOGICAL | Sort::REVERSE)
        .map_err(history)?;
    walk.push(head.id()).map_err(history)?;
    walk.hide(base.id()).map_err(history)?;
    let mut out = Vec::new();
    let mut total = 0;
    for oid in walk {
        total += 1;
        if out.len() >= max {
            continue;
        }
        let commit = repo.find_commit(oid.map_err(history)?).map_err(history)?;
        out.push(LogLine {
            short: short_id(&commit)?,
            subject: String::from_utf8_lossy(commit.summary_bytes().unwrap_or_default())
                .into_owned(),
            author: String::from_utf8_lossy(commit.author().name_bytes()).into_owned(),
        });
    }
    Ok((out, total))
}

/// The commit's tree.
pub fn tree<'r>(commit: &Commit<'r>) -> Result<Tree<'r>, Error> {
    commit.tree().map_err(|e| failed("a commit's tree", e))
}

/// The commit's id, abbreviated as git abbreviates it (unique, at least 7 digits).
pub fn short_id(commit: &Commit) -> Result<String, Error> {
    let buf = commit
        .as_object()
        .short_id()
        .map_err(|e| failed("a commit id", e))?;
    Ok(buf.as_str().unwrap_or_default().to_string())
}

fn options(reverse: bool) -> DiffOptions {
    let mut o = DiffOptions::new();
    o.context_lines(3).include_untracked(false).reverse(reverse);
    o
}

/// The changes from `base` to `head`'s tree, or to the working tree (tracked files, as
/// `git diff BASE` shows them); `reverse` swaps the sides (`git diff -R`); `only`, when
/// given, limits them to those paths (`git diff -- PATH...`). Renames are found as git
/// finds them by default.
pub fn diff<'r>(
    repo: &'r Repository,
    base: &Tree<'r>,
    head: Option<&Tree<'r>>,
    reverse: bool,
    only: Option<&[String]>,
) -> Result<Diff<'r>, Error> {
    let mut o = options(reverse);
    if let Some(paths) = only {
        // Paths as written, not patterns: a selected `a[1].rs` names one file.
        o.disable_pathspec_match(true);
        for p in paths {
            o.pathspec(p.as_str());
        }
    }
    let mut diff = match head {
        Some(head) => repo.diff_tree_to_tree(Some(base), Some(head), Some(&mut o)),
        None => repo.diff_tree_to_workdir_with_index(Some(base), Some(&mut o)),
    }
    .map_err(|e| failed("the changes", e))?;
    diff.find_similar(None)
        .map_err(|e| failed("renames in the changes", e))?;
    Ok(diff)
}

/// Each file of `diff` with its patch as `git diff` prints it, named by the side that
/// holds the current content (the new side of a forward diff, the old side of a
/// `reversed` one).
pub fn changed(repo: &Repository, diff: &Diff, reversed: bool) -> Result<Vec<Changed>, Error> {
    let mut out = Vec::new();
    for (i, delta) in diff.deltas().enumerate() {
        let (now, was) = if reversed {
            (delta.old_file(), delta.new_file())
        } else {
            (delta.new_file(), delta.old_file())
        };
        let path_of = |f: &git2::DiffFile| f.path().map(|p| p.to_string_lossy().replace('\\', "/"));
        let Some(mut patch) = Patch::from_diff(diff, i).map_err(|e| failed("a patch", e))? else {
            continue;
        };
        let (_, added, removed) = patch.line_stats().map_err(|e| failed("a patch", e))?;
        let text = patch.to_buf().map_err(|e| failed("a patch", e))?;
        let (added, removed) = if reversed {
            (removed, added)
        } else {
            (added, removed)
        };
        let path = path_of(&now).or_else(|| path_of(&was)).unwrap_or_default();
        let mut patch = String::from_utf8_lossy(&text).into_owned();
        if reversed {
            patch = restore_working_id(repo, &patch, &path);
        }
        out.push(Changed {
            path,
            old_path: path_of(&was),
            status: status_letter(delta.status(), reversed),
            added,
            removed,
            patch,
        });
    }
    Ok(out)
}

/// libgit2 leaves the working side's id unset in a reversed diff against the working
/// tree when the file is not clean in the index, and so prints that side as
/// `/dev/null`; git hashes the file. This puts back what git prints: the id of the file
/// as it is on disk (never through a link) and its `--- b/PATH` line.
fn restore_working_id(repo: &Repository, patch: &str, path: &str) -> String {
    let header_end = patch.find("\n@@").unwrap_or(patch.len());
    let header = &patch[..header_end];
    let Some(at) = header.find("\nindex 0") else {
        return patch.to_string();
    };
    let ids = &header[at + "\nindex ".len()..];
    let Some((old, _)) = ids.split_once("..") else {
        return patch.to_string();
    };
    let file = repo.workdir().map(|w| w.join(path));
    let regular = file
        .as_ref()
        .and_then(|f| f.symlink_metadata().ok())
        .is_some_and(|m| m.is_file());
    if !old.bytes().all(|b| b == b'0') || !regular || header.contains("\nnew file mode") {
        return patch.to_string();
    }
    let Some(id) = file.and_then(|f| Oid::hash_file(git2::ObjectType::Blob, f).ok()) else {
        return patch.to_string();
    };
    let short = &id.to_string()[..old.len()];
    let fixed = header
        .replacen(
            &format!("\nindex {old}.."),
            &format!("\nindex {short}.."),
            1,
        )
        .replacen("\n--- /dev/null", &format!("\n--- b/{path}"), 1);
    format!("{fixed}{}", &patch[header_end..])
}

/// `git diff --name-status`'s letter for the forward change.
fn status_letter(status: git2::Delta, reversed: bool) -> char {
    use git2::Delta;
    match (status, reversed) {
        (Delta::Added, false) | (Delta::Deleted, true) => 'A',
        (Delta::Deleted, false) | (Delta::Added, true) => 'D',
        (Delta::Renamed, _) => 'R',
        (Delta::Copied, _) => 'C',
        (Delta::Typechange, _) => 'T',
        _ => 'M',
    }
}

/// The text of `path` in `tree`, when it is a blob holding text (binary files and
/// paths the tree lacks give `None`).
pub fn text_at(repo: &Repository, tree: &Tree, path: &str) -> Option<String> {
    let entry = tree.get_path(Path::new(path)).ok()?;
    let blob = repo.find_blob(entry.id()).ok()?;
    if blob.is_binary() {
        return None;
    }
    std::str::from_utf8(blob.content()).ok().map(str::to_string)
}
