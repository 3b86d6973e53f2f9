//! A file's blocks applied in order, each to the result of the one before: all of them,
//! or none (the file's text comes back only when every block applied). Pure: the text
//! in, results and the new text out; the command reads and writes.

use super::find::{self, Found, Match, Shift, Tolerance};
use super::parse::{Block, End};
use super::text::{self, Line};

/// What became of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Applied,
    /// The new text is there and the old text is not.
    AlreadyApplied,
    /// The old text is nowhere in the file (or the file does not exist).
    NotFound,
    /// The old text matches in more than one place.
    Ambiguous,
    /// The path leads outside the project root.
    Outside,
    /// The reply ended inside the block.
    Incomplete,
    /// An edit marker with no path line before it.
    NoPath,
    /// The file cannot take the block: a file to create exists with other content, or
    /// it cannot be read or written.
    Refused,
    /// The block matched, but another block for the same file did not apply, so the
    /// file was left as it was.
    NotWritten,
}

impl Status {
    /// Its name in text output.
    pub fn name(self) -> &'static str {
        match self {
            Status::Applied => "applied",
            Status::AlreadyApplied => "already applied",
            Status::NotFound => "not found",
            Status::Ambiguous => "ambiguous",
            Status::Outside => "outside the project",
            Status::Incomplete => "incomplete",
            Status::NoPath => "no path",
            Status::Refused => "refused",
            Status::NotWritten => "not written",
        }
    }

    /// Its name in JSON output (stable).
    pub fn key(self) -> &'static str {
        match self {
            Status::Applied => "applied",
            Status::AlreadyApplied => "already_applied",
            Status::NotFound => "not_found",
            Status::Ambiguous => "ambiguous",
            Status::Outside => "outside",
            Status::Incomplete => "incomplete",
            Status::NoPath => "no_path",
            Status::Refused => "refused",
            Status::NotWritten => "not_written",
        }
    }

    /// Whether the block's edit is in the file (the run may exit 0).
    pub fn done(self) -> bool {
        matches!(self, Status::Applied | Status::AlreadyApplied)
    }
}

/// A block's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockResult {
    pub path: String,
    /// The reply's line of the block's path line.
    pub line: usize,
    pub status: Status,
    pub tolerances: Vec<Tolerance>,
    /// The file's lines (from 1, first and last) the old text was at, or for a block
    /// already applied, the new text.
    pub at: Option<(usize, usize)>,
    /// Where an ambiguous block's old text starts, each place (lines from 1).
    pub candidates: Vec<usize>,
    /// For a block not found: the file's lines most like its old text (from 1, first
    /// and last), and their text.
    pub nearest: Option<(usize, usize, String)>,
    /// Why, in words, for anything but applied.
    pub detail: String,
}

impl BlockResult {
    /// A result with no match data.
    pub fn of(block: &Block, status: Status, detail: impl Into<String>) -> BlockResult {
        BlockResult {
            path: block.path.clone(),
            line: block.line,
            status,
            tolerances: Vec::new(),
            at: None,
            candidates: Vec::new(),
            nearest: None,
            detail: detail.into(),
        }
    }
}

/// The results of a file's blocks, and the file's new text when every block applied
/// and something changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileResult {
    pub blocks: Vec<BlockResult>,
    pub text: Option<String>,
}

/// Applies `blocks` (all for one file, in the reply's order) to `current`, the file's
/// text (`None`: it does not exist).
pub fn apply_file(current: Option<&str>, blocks: &[&Block]) -> FileResult {
    let mut text = current.map(str::to_string);
    let mut results = Vec::with_capacity(blocks.len());
    for block in blocks {
        let (result, next) = apply_block(text.as_deref(), block);
        if let Some(next) = next {
            text = Some(next);
        }
        results.push(result);
    }
    if results.iter().all(|r| r.status.done()) {
        let changed = text.as_deref() != current;
        return FileResult {
            blocks: results,
            text: text.filter(|_| changed),
        };
    }
    for r in results.iter_mut().filter(|r| r.status == Status::Applied) {
        r.status = Status::NotWritten;
        r.detail = "another block for this file did not apply; the file is left as it was".into();
    }
    FileResult {
        blocks: results,
        text: None,
    }
}

/// One block on `text`: its result, and the text after it when it changed it.
fn apply_block(text: Option<&str>, block: &Block) -> (BlockResult, Option<String>) {
    match block.end {
        End::Incomplete => {
            let why = "the reply ends inside this block; it is not applied";
            return (BlockResult::of(block, Status::Incomplete, why), None);
        }
        End::NoPath => {
            let why = "an edit marker with no path line before it";
            return (BlockResult::of(block, Status::NoPath, why), None);
        }
        End::Complete => {}
    }
    if block.old.is_empty() {
        return create(text, block);
    }
    let Some(text) = text else {
        let why = "the file does not exist (an empty old section creates one)";
        return (BlockResult::of(block, Status::NotFound, why), None);
    };
    let lines = text::lines(text);
    match find::find(&lines, &block.old, block.crlf) {
        Found::One(m) => {
            let mut r = BlockResult::of(block, Status::Applied, "");
            r.at = Some((m.start + 1, m.start + m.len));
            r.tolerances = m.tolerances.clone();
            (r, Some(replace(&lines, &m, block)))
        }
        Found::Many(starts) => (ambiguous(block, starts), None),
        Found::Nowhere => (missing(&lines, block), None),
    }
}

/// An empty old section: the file is created, unless it exists with content.
fn create(text: Option<&str>, block: &Block) -> (BlockResult, Option<String>) {
    let new: String = block.new.iter().map(|l| format!("{l}\n")).collect();
    match text {
        None | Some("") => (BlockResult::of(block, Status::Applied, ""), Some(new)),
        Some(have) if same_trimmed(have, &new) => {
            let why = "the file already has the new text";
            (BlockResult::of(block, Status::AlreadyApplied, why), None)
        }
        Some(_) => {
            let why = "an empty old section creates a file, and this one exists with content";
            (BlockResult::of(block, Status::Refused, why), None)
        }
    }
}

fn same_trimmed(a: &str, b: &str) -> bool {
    a.lines()
        .map(str::trim_end)
        .eq(b.lines().map(str::trim_end))
}

fn ambiguous(block: &Block, starts: Vec<usize>) -> BlockResult {
    let why = format!(
        "the old text matches in {} places, at lines {}; add lines around it so that it \
         matches once",
        starts.len(),
        join(&starts)
    );
    let mut r = BlockResult::of(block, Status::Ambiguous, why);
    r.candidates = starts.iter().map(|s| s + 1).collect();
    r
}

/// The old text is nowhere: already applied when the new text is there, else not
/// found, with the file's nearest lines.
fn missing(lines: &[Line], block: &Block) -> BlockResult {
    match find::find(lines, &block.new, block.crlf) {
        Found::One(m) => {
            let mut r = BlockResult::of(block, Status::AlreadyApplied, "the new text is there");
            r.at = Some((m.start + 1, m.start + m.len));
            return r;
        }
        Found::Many(starts) => {
            let why = format!("the new text is there, at lines {}", join(&starts));
            return BlockResult::of(block, Status::AlreadyApplied, why);
        }
        Found::Nowhere => {}
    }
    let mut r = BlockResult::of(block, Status::NotFound, "the old text is not in the file");
    if let Some((start, len)) = find::nearest(lines, &block.old) {
        let near: String = lines[start..start + len]
            .iter()
            .map(|l| format!("{}\n", l.body))
            .collect();
        r.detail = format!(
            "the old text is not in the file; its nearest lines are {}-{}",
            start + 1,
            start + len
        );
        r.nearest = Some((start + 1, start + len, near));
    }
    r
}

fn join(starts: &[usize]) -> String {
    let shown: Vec<String> = starts.iter().map(|s| (s + 1).to_string()).collect();
    shown.join(", ")
}

/// The file's text with the matched lines replaced by the block's new lines: shifted
/// as the match was, with the file's line ending, the lines the block keeps (equal in
/// its old and new text) written as the file has them, and a missing final newline
/// kept missing.
fn replace(lines: &[Line], m: &Match, block: &Block) -> String {
    let region = &lines[m.start..m.start + m.len];
    let eol = match region[0].eol {
        "" => text::dominant_eol(lines),
        e => e,
    };
    let kept = kept_lines(block, region);
    let mut out = String::new();
    for l in &lines[..m.start] {
        out.push_str(l.body);
        out.push_str(l.eol);
    }
    for (j, new) in block.new.iter().enumerate() {
        match kept[j] {
            Some(i) => out.push_str(region[i].body),
            None => out.push_str(&shifted(new, &m.shift)),
        }
        let last = j + 1 == block.new.len();
        out.push_str(if last && region[m.len - 1].eol.is_empty() {
            ""
        } else {
            eol
        });
    }
    for l in &lines[m.start + m.len..] {
        out.push_str(l.body);
        out.push_str(l.eol);
    }
    out
}

/// For each new line, the old line it is a copy of (a line the edit keeps): the
/// sections' common first and last lines, then a diff of what lies between. The ends
/// first, because a block's context is there: a diff alone may pair a kept line with an
/// added copy of it, and a kept line must be written as the file has it.
fn kept_lines(block: &Block, region: &[Line]) -> Vec<Option<usize>> {
    let (old, new) = (&block.old, &block.new);
    let mut kept = vec![None; new.len()];
    let head = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let room = old.len().min(new.len()) - head;
    let tail = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    for (k, slot) in kept.iter_mut().enumerate().take(head) {
        *slot = Some(k);
    }
    for k in 0..tail {
        kept[new.len() - 1 - k] = Some(old.len() - 1 - k);
    }
    let (old_mid, new_mid) = (&old[head..old.len() - tail], &new[head..new.len() - tail]);
    let ops = similar::capture_diff_slices(similar::Algorithm::Myers, old_mid, new_mid);
    for op in ops {
        if let similar::DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = op
        {
            for k in 0..len {
                kept[head + new_index + k] = Some(head + old_index + k);
            }
        }
    }
    // A line the diff leaves unpaired but that copies old lines (a moved line) is
    // written as the file has it when those lines are the same in the file.
    for (j, slot) in kept.iter_mut().enumerate() {
        if slot.is_some() || new[j].trim().is_empty() {
            continue;
        }
        let copies: Vec<usize> = (0..old.len()).filter(|&i| old[i] == new[j]).collect();
        if copies
            .iter()
            .all(|&i| region[i].body == region[copies[0]].body)
        {
            *slot = copies.first().copied();
        }
    }
    kept
}

/// A new line with the match's indentation shift.
fn shifted(line: &str, shift: &Shift) -> String {
    match shift {
        Shift::None => line.to_string(),
        Shift::Add(_) if line.trim().is_empty() => line.to_string(),
        Shift::Add(run) => format!("{run}{line}"),
        Shift::Remove(run) => line.strip_prefix(run.as_str()).unwrap_or(line).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse;
    use super::*;

    fn run(file: Option<&str>, reply: &str) -> FileResult {
        let blocks = parse(reply);
        let refs: Vec<&Block> = blocks.iter().collect();
        apply_file(file, &refs)
    }

    fn edit(path: &str, old: &str, new: &str) -> String {
        format!("{path}\n««« EDIT\n{old}═══════ REPL\n{new}»»» EDIT END\n")
    }

    #[test]
    fn applies_in_order_each_to_the_previous_result() {
        let reply = edit("a", "one\n", "two\n") + &edit("a", "two\n", "three\n");
        let r = run(Some("zero\none\n"), &reply);
        assert_eq!(r.text.as_deref(), Some("zero\nthree\n"));
        assert!(r.blocks.iter().all(|b| b.status == Status::Applied));
    }

    #[test]
    fn a_failed_block_leaves_the_file_as_it_was() {
        let reply = edit("a", "one\n", "two\n") + &edit("a", "nothing\n", "x\n");
        let r = run(Some("one\n"), &reply);
        assert_eq!(r.text, None);
        assert_eq!(r.blocks[0].status, Status::NotWritten);
        assert_eq!(r.blocks[1].status, Status::NotFound);
    }

    #[test]
    fn crlf_files_keep_crlf_and_kept_lines_keep_their_bytes() {
        let reply = edit("a", "  keep\n  old\n", "  keep\n  new\n");
        let r = run(Some("x\r\nkeep  \r\nold\r\n"), &reply);
        assert_eq!(r.text.as_deref(), Some("x\r\nkeep  \r\nnew\r\n"));
        assert_eq!(
            r.blocks[0].tolerances,
            [
                Tolerance::LineEndings,
                Tolerance::TrailingWhitespace,
                Tolerance::Indentation
            ]
        );
    }

    #[test]
    fn a_lost_indentation_level_is_given_to_the_new_lines() {
        let reply = edit("a", "if x {\n    y();\n}\n", "if x {\n    z();\n\n}\n");
        let r = run(
            Some("fn f() {\n    if x {\n        y();\n    }\n}\n"),
            &reply,
        );
        assert_eq!(
            r.text.as_deref(),
            Some("fn f() {\n    if x {\n        z();\n\n    }\n}\n")
        );
    }

    #[test]
    fn a_kept_line_is_not_taken_for_an_added_copy_of_it() {
        // The model lost the trailing spaces of the lines it copied; "a" added after
        // the kept "a" must not take the kept line's place.
        let reply = edit("f", "x\na\nb\n", "x\na\na \nb\n");
        let r = run(Some("x \na \nb \n"), &reply);
        assert_eq!(r.text.as_deref(), Some("x \na \na \nb \n"));
    }

    #[test]
    fn a_moved_line_is_written_as_the_file_has_it() {
        let reply = edit("f", "a\nb\nc\n", "c\na\nb\n");
        let r = run(Some("a \nb \nc \n"), &reply);
        assert_eq!(r.text.as_deref(), Some("c \na \nb \n"));
    }

    #[test]
    fn final_newline_kept_missing() {
        let r = run(Some("a\nb"), &edit("a", "b\n", "c\n"));
        assert_eq!(r.text.as_deref(), Some("a\nc"));
        assert_eq!(r.blocks[0].tolerances, [Tolerance::FinalNewline]);
    }

    #[test]
    fn create_delete_already_applied_and_not_found() {
        let r = run(None, &edit("a", "", "new\n"));
        assert_eq!(r.text.as_deref(), Some("new\n"));
        let r = run(Some("old\n"), &edit("a", "", "new\n"));
        assert_eq!(r.blocks[0].status, Status::Refused);
        let r = run(Some("a\nb\nc\n"), &edit("a", "b\n", ""));
        assert_eq!(r.text.as_deref(), Some("a\nc\n"));
        let r = run(Some("a\nnew\n"), &edit("a", "old\n", "new\n"));
        assert_eq!((r.blocks[0].status, r.text), (Status::AlreadyApplied, None));
        let r = run(
            Some("alpha\nbeta\ngamma\n"),
            &edit("a", "beta\ndelta\n", "x\n"),
        );
        assert_eq!(r.blocks[0].status, Status::NotFound);
        assert_eq!(
            r.blocks[0].nearest.as_ref().map(|n| (n.0, n.1)),
            Some((2, 3))
        );
    }
}
