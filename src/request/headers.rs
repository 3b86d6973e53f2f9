//! Every fixed string a request carries: section headers, the assistant's canned replies
//! and separators. Their wording is the design's (docs/contributing/design.md, prompt assembly): a
//! model reads them on every request and the cache keys on their bytes, so they change
//! here or nowhere.

/// Opens the symbol map (legend and L0 symbol blocks) inside the system message.
pub const REPO_MAP_HEADER: &str = "# Repository Structure\n\nBelow is a map of the repository showing classes, functions, and their relationships.\nUse this to understand the codebase structure and find relevant code.\n\n";
/// Opens the symbol blocks of L1, L2 and L3.
pub const REPO_MAP_CONTINUATION: &str = "# Repository Structure (continued)\n\n";
/// Opens the task's blocks in the active part: the files around the working files that
/// the map above does not show.
pub const TASK_MAP_HEADER: &str = "# Repository Structure (around the working files)\n\n";
/// Opens the file tree message.
pub const FILE_TREE_HEADER: &str =
    "# Repository Files\n\nComplete list of files in the repository:\n\n";
/// Opens the URL context message.
pub const URL_CONTEXT_HEADER: &str = "# URL Context\n\nThe following content was fetched from URLs mentioned in the conversation:\n\n";
/// Opens the review context message.
pub const REVIEW_CONTEXT_HEADER: &str = "# Code Review Context\n\n";
/// Opens the active files message.
pub const FILES_ACTIVE_HEADER: &str = "# Working Files\n\nHere are the files:\n\n";
/// Opens the L0 files, inside the system message.
pub const FILES_L0_HEADER: &str =
    "# Reference Files (Stable)\n\nThese files are included for reference:\n\n";
pub const FILES_L1_HEADER: &str =
    "# Reference Files\n\nThese files are included for reference:\n\n";
pub const FILES_L2_HEADER: &str =
    "# Reference Files (L2)\n\nThese files are included for reference:\n\n";
pub const FILES_L3_HEADER: &str =
    "# Reference Files (L3)\n\nThese files are included for reference:\n\n";

/// The assistant's reply after a tier block, the file tree and the working files.
pub const OK_REPLY: &str = "Ok.";
/// The assistant's reply after the URL context.
pub const URL_CONTEXT_REPLY: &str = "Ok, I've reviewed the URL content.";
/// The assistant's reply after the review context.
pub const REVIEW_CONTEXT_REPLY: &str = "Ok, I've reviewed the code changes.";

/// Between two fetched URL documents.
pub const URL_SEPARATOR: &str = "\n---\n";
/// Between two fenced files, and between the symbols and the files of one tier.
pub const BLOCK_SEPARATOR: &str = "\n\n";
/// Before the system reminder, after the user's prompt.
pub const REMINDER_SEPARATOR: &str = "\n\n";

/// Sent as the first user turn when a provider needs the conversation to open with the
/// user (Anthropic, Gemini) but the cached history starts with an assistant message.
pub const LEADING_USER_TURN: &str = "(The conversation so far follows.)";

/// The heading of the file tree's content: `# File Tree (N files)` and a blank line.
pub fn file_tree_title(count: usize) -> String {
    format!("# File Tree ({count} files)\n\n")
}

/// A file as a fenced block with no language tag: `path`, then the fenced content.
pub fn fenced_file(path: &str, content: &str) -> String {
    let mut out = String::with_capacity(path.len() + content.len() + FENCES_LEN);
    push_fenced_file(&mut out, path, content);
    out
}

/// [`fenced_file`], appended to `out`.
pub fn push_fenced_file(out: &mut String, path: &str, content: &str) {
    // A file that ends in a newline must not leave a blank line before the fence.
    let body = content.strip_suffix('\n').unwrap_or(content);
    for part in [path, "\n```\n", body, "\n```"] {
        out.push_str(part);
    }
}

/// What [`fenced_file`] adds to a path and content, in bytes.
pub const FENCES_LEN: usize = "\n```\n\n```".len();

/// Before the address of a page whose title heads its block.
pub const URL_SOURCE_PREFIX: &str = "Source: ";

/// One fetched URL in the URL context, "title + content" (docs/contributing/design.md, tier promotion): a `## TITLE` line,
/// a blank line, `Source: URL`, a blank line, the content. A page with no title (given
/// with `--url-context`, or not HTML) is headed by its URL: `## URL`, a blank line, the
/// content.
pub fn url_part(url: &str, title: Option<&str>, content: &str) -> String {
    match title {
        Some(title) => format!(
            "## {title}\n\n{URL_SOURCE_PREFIX}{url}\n\n{}",
            content.trim_end()
        ),
        None => format!("## {url}\n\n{}", content.trim_end()),
    }
}

/// The header of a tier's files.
pub fn files_header(tier: crate::request::tier::Tier) -> &'static str {
    use crate::request::tier::Tier;
    match tier {
        Tier::L0 => FILES_L0_HEADER,
        Tier::L1 => FILES_L1_HEADER,
        Tier::L2 => FILES_L2_HEADER,
        Tier::L3 => FILES_L3_HEADER,
        Tier::Active => FILES_ACTIVE_HEADER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::tier::Tier;

    #[test]
    fn headers_are_pinned() {
        assert_eq!(REPO_MAP_HEADER, "# Repository Structure\n\nBelow is a map of the repository showing classes, functions, and their relationships.\nUse this to understand the codebase structure and find relevant code.\n\n");
        assert_eq!(
            REPO_MAP_CONTINUATION,
            "# Repository Structure (continued)\n\n"
        );
        assert_eq!(
            FILE_TREE_HEADER,
            "# Repository Files\n\nComplete list of files in the repository:\n\n"
        );
        assert_eq!(URL_CONTEXT_HEADER, "# URL Context\n\nThe following content was fetched from URLs mentioned in the conversation:\n\n");
        assert_eq!(
            FILES_ACTIVE_HEADER,
            "# Working Files\n\nHere are the files:\n\n"
        );
        assert_eq!(
            FILES_L0_HEADER,
            "# Reference Files (Stable)\n\nThese files are included for reference:\n\n"
        );
        assert_eq!(
            FILES_L1_HEADER,
            "# Reference Files\n\nThese files are included for reference:\n\n"
        );
        assert_eq!(
            FILES_L2_HEADER,
            "# Reference Files (L2)\n\nThese files are included for reference:\n\n"
        );
        assert_eq!(
            FILES_L3_HEADER,
            "# Reference Files (L3)\n\nThese files are included for reference:\n\n"
        );
        assert_eq!(OK_REPLY, "Ok.");
        assert_eq!(URL_CONTEXT_REPLY, "Ok, I've reviewed the URL content.");
        assert_eq!(REVIEW_CONTEXT_HEADER, "# Code Review Context\n\n");
        assert_eq!(REVIEW_CONTEXT_REPLY, "Ok, I've reviewed the code changes.");
        assert_eq!(URL_SEPARATOR, "\n---\n");
        assert_eq!(BLOCK_SEPARATOR, "\n\n");
        assert_eq!(REMINDER_SEPARATOR, "\n\n");
        assert_eq!(LEADING_USER_TURN, "(The conversation so far follows.)");
        assert_eq!(file_tree_title(3), "# File Tree (3 files)\n\n");
        assert_eq!(fenced_file("a.rs", "x\n"), "a.rs\n```\nx\n```");
        assert_eq!(fenced_file("a.rs", "x"), "a.rs\n```\nx\n```");
        assert_eq!(
            url_part("https://x", None, "body\n"),
            "## https://x\n\nbody"
        );
        assert_eq!(
            url_part("https://x", Some("Title"), "body\n"),
            "## Title\n\nSource: https://x\n\nbody"
        );
        assert_eq!(
            files_header(Tier::L2),
            "# Reference Files (L2)\n\nThese files are included for reference:\n\n"
        );
        assert_eq!(
            files_header(Tier::Active),
            "# Working Files\n\nHere are the files:\n\n"
        );
    }
}
