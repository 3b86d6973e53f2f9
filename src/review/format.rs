//! The review block's text (after `REVIEW_CONTEXT_HEADER`): the summary, the commit log,
//! the changed files, the pre-change symbol map and the diffs, each section left out
//! when it has nothing to show.

use git2::{Repository, Tree};

use super::{git, Changed, Review, MAX_FORWARD_DIFF_BYTES, MAX_LISTED_FILES};
use crate::map::{self, FileIndex};

const COMMITS_HEADING: &str = "## Commits\n";
const FILES_HEADING: &str = "## Files Changed\n";
/// Marks a file in the list whose reverse diff is below.
const SELECTED_MARK: &str = " [selected]";
const MAP_HEADING: &str = "## Pre-Change Symbol Map\n";
const MAP_INTRO: &str = "Symbol map of the changed files at the base, before the reviewed changes.\n\
                         Compare it with the current symbol map in the repository structure above.\n\n";
const REVERSE_HEADING: &str = "## Reverse Diffs (selected files)\n";
const REVERSE_INTRO: &str = "These diffs take each selected file back to the base: `-` lines are its current \
                             content (in the working files that follow), `+` lines what the base had.\n\n";
const FORWARD_HEADING: &str = "## Diffs (other changed files)\n";

/// The forward diffs' introduction.
fn forward_intro() -> String {
    format!(
        "What the reviewed changes did to the files that are not selected (at most \
         {MAX_FORWARD_DIFF_BYTES} bytes; select a file with --file for its full content and \
         reverse diff).\n\n"
    )
}

/// `1 commit`, `2 commits`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The block's text.
pub fn render(r: &Review) -> String {
    let added: usize = r.files.iter().map(|f| f.added).sum();
    let removed: usize = r.files.iter().map(|f| f.removed).sum();
    let mut sections = vec![format!(
        "## Review: {} ({} → {})\nBase: {} at {}\n{}, {}, +{added} -{removed}\n",
        r.branch,
        r.base_short,
        r.head_short,
        r.base_label,
        r.base_short,
        count(r.commit_count, "commit", "commits"),
        count(r.files.len(), "file changed", "files changed"),
    )];
    if !r.commits.is_empty() {
        let mut s = COMMITS_HEADING.to_string();
        for (i, c) in r.commits.iter().enumerate() {
            s.push_str(&format!(
                "{}. {} {} ({})\n",
                i + 1,
                c.short,
                c.subject,
                c.author
            ));
        }
        if r.commit_count > r.commits.len() {
            s.push_str(&format!(
                "... and {} more\n",
                count(r.commit_count - r.commits.len(), "commit", "commits")
            ));
        }
        sections.push(s);
    }
    sections.push(file_list(r));
    if !r.map.is_empty() {
        let mut s = format!("{MAP_HEADING}{MAP_INTRO}{}", r.map.trim_end());
        s.push('\n');
        if r.map_cut > 0 {
            s.push_str(&format!(
                "\n({} left out: over {} bytes.)\n",
                count(r.map_cut, "file's block", "files' blocks"),
                super::MAX_MAP_BYTES
            ));
        }
        sections.push(s);
    }
    if !r.reverse.is_empty() {
        sections.push(format!(
            "{REVERSE_HEADING}{REVERSE_INTRO}{}",
            fenced(&r.reverse)
        ));
    }
    if !r.forward.is_empty() || !r.forward_cut.is_empty() {
        let mut s = format!("{FORWARD_HEADING}{}", forward_intro());
        if !r.forward.is_empty() {
            s.push_str(&fenced(&r.forward));
        }
        if !r.forward_cut.is_empty() {
            s.push_str(&format!("\n{}\n", r.forward_cut));
        }
        sections.push(s);
    }
    let text = sections.join("\n");
    text.trim_end().to_string()
}

/// Every changed file with its status and line counts, the selected ones marked.
fn file_list(r: &Review) -> String {
    let mut s = FILES_HEADING.to_string();
    for f in r.files.iter().take(MAX_LISTED_FILES) {
        let path = match (&f.old_path, f.status) {
            (Some(old), 'R' | 'C') if *old != f.path => format!("{old} → {}", f.path),
            _ => f.path.clone(),
        };
        let mark = if r.selected.contains(&f.path) {
            SELECTED_MARK
        } else {
            ""
        };
        s.push_str(&format!(
            "{} {path} (+{} -{}){mark}\n",
            f.status, f.added, f.removed
        ));
    }
    if r.files.len() > MAX_LISTED_FILES {
        s.push_str(&format!(
            "... and {} more\n",
            count(r.files.len() - MAX_LISTED_FILES, "file", "files")
        ));
    }
    s
}

/// `text` in a `diff` fence longer than any run of backticks inside it.
fn fenced(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    let body = text.strip_suffix('\n').unwrap_or(text);
    format!("{fence}diff\n{body}\n{fence}\n")
}

/// The symbol map of the changed files as they were at the base, in the map's format
/// (legend with its aliases, then one block per file, as `map` prints it), whole blocks
/// within `max_bytes`; and how many blocks did not fit.
pub fn pre_change_map(
    repo: &Repository,
    base: &Tree,
    files: &[Changed],
    max_bytes: usize,
) -> (String, usize) {
    let mut indexed: Vec<FileIndex> = files
        .iter()
        .filter(|f| f.status != 'A')
        .filter_map(|f| {
            let path = f.old_path.as_deref().unwrap_or(&f.path);
            map::index::index(path, &git::text_at(repo, base, path)?)
        })
        .collect();
    indexed.sort_by(|a, b| a.path.cmp(&b.path));
    indexed.dedup_by(|a, b| a.path == b.path);
    let graph = map::refs::resolve(&indexed);
    let aliases = map::format::aliases(&graph);
    let blocks = map::format::blocks(&indexed, &graph, &aliases);
    if blocks.is_empty() {
        return (String::new(), 0);
    }
    let legend = map::format::legend(&aliases);
    let mut size = legend.len() + 1;
    let mut kept = Vec::new();
    // Whole blocks in path order, so the same range gives the same bytes.
    for block in blocks.values() {
        if size + block.len() + 1 > max_bytes {
            break;
        }
        size += block.len() + 1;
        kept.push(block);
    }
    let cut = blocks.len() - kept.len();
    (map::format::map_text(&legend, kept), cut)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fence_outgrows_the_backticks_inside() {
        assert_eq!(fenced("+a\n"), "```diff\n+a\n```\n");
        assert_eq!(fenced("+```\n"), "````diff\n+```\n````\n");
    }
}
