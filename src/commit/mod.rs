//! The commit-message prompt (docs/contributing/design.md, prompt assembly: "Other Prompts"): the changes to describe, cut to
//! a budget, and the repository's recent subjects, as the data `templates/commit.md.tmpl`
//! renders.

pub mod cap;
pub mod git;

use std::path::Path;

use serde::Serialize;

use crate::error::Error;
pub use cap::FileStat;

/// The prompt's logical template name (`templates/commit.md.tmpl`).
pub const COMMIT_TEMPLATE: &str = "commit.md";

/// The user turn after the prompt: the prompt holds the diff, so this only asks.
pub const COMMIT_REQUEST: &str = "Write the commit message for these changes.";

/// The most bytes of diff the prompt holds (about 8,000 tokens of code): enough for
/// most commits whole, and a bound on what one request costs. The rest is summarised.
pub const MAX_DIFF_BYTES: usize = 32_000;

/// How many recent commit subjects the prompt shows, so the model can match the
/// repository's style.
pub const RECENT_SUBJECTS: usize = 10;

/// What to do when a commit request does not fit the model's context window.
pub const TOO_LARGE: &str = "Pass a smaller --max-tokens, or use a model with a larger \
     context window (the diff in the prompt is already cut)";

/// Which changes the message is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The index against HEAD (`git commit`).
    Staged,
    /// Tracked files in the working tree against HEAD (`git commit --all`).
    All,
    /// A diff read from standard input.
    Stdin,
}

impl Source {
    /// The changes, as the prompt names them.
    pub fn describe(self) -> &'static str {
        match self {
            Source::Staged => "the staged changes",
            Source::All => "the changes in the working tree",
            Source::Stdin => "the changes in this diff",
        }
    }

    /// Why there is nothing to describe, and what to do.
    fn empty(self) -> &'static str {
        match self {
            Source::Staged => {
                "nothing is staged: stage changes with `git add`, pass --all for the \
                 working tree's changes to tracked files, or pipe a diff to \
                 `asimi-prompt commit -`"
            }
            Source::All => {
                "the working tree has no changes to tracked files against HEAD; edit or \
                 `git add` files first"
            }
            Source::Stdin => {
                "standard input holds no diff; pipe one, e.g. `git diff HEAD~1 | \
                 asimi-prompt commit -`"
            }
        }
    }
}

/// What the template sees as `.Commit`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct Commit {
    /// `Source::describe`.
    pub source: String,
    /// Every changed file with its added and removed lines.
    pub files: Vec<FileStat>,
    pub added: usize,
    pub removed: usize,
    /// The last `RECENT_SUBJECTS` commit subjects, newest first.
    pub subjects: Vec<String>,
    /// The diff, at most `MAX_DIFF_BYTES`.
    pub diff: String,
    /// What the budget left out, or empty.
    pub cut: String,
}

/// The changes `source` names, from the repository around `dir` (or `stdin`'s diff), and
/// the repository's recent subjects (none for a diff read outside a repository).
pub fn gather(dir: &Path, source: Source, stdin: Option<String>) -> Result<Commit, Error> {
    let (diff, repo) = match source {
        Source::Stdin => (stdin.unwrap_or_default(), git::open(dir).ok()),
        Source::Staged | Source::All => {
            let repo = git::open(dir)?;
            let diff = match source {
                Source::All => git::all(&repo)?,
                _ => git::staged(&repo)?,
            };
            (diff, Some(repo))
        }
    };
    if diff.trim().is_empty() {
        return Err(Error::data(source.empty()));
    }
    let subjects = match &repo {
        Some(repo) => git::subjects(repo, RECENT_SUBJECTS)?,
        None => Vec::new(),
    };
    Ok(from_diff(source, &diff, subjects, MAX_DIFF_BYTES))
}

/// The template's data for `diff`, cut to `max_bytes`.
pub fn from_diff(source: Source, diff: &str, subjects: Vec<String>, max_bytes: usize) -> Commit {
    let capped = cap::cap(diff, max_bytes);
    Commit {
        source: source.describe().to_string(),
        added: capped.files.iter().map(|f| f.added).sum(),
        removed: capped.files.iter().map(|f| f.removed).sum(),
        files: capped.files,
        subjects,
        // The template closes the diff on a line of its own.
        diff: capped
            .text
            .strip_suffix('\n')
            .unwrap_or(&capped.text)
            .to_string(),
        cut: capped.cut,
    }
}
