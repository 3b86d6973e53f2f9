//! The reply's edit blocks, by a streaming line state machine: lines go in one at a
//! time ([`Parser::feed`]), so a reply can be parsed while it streams, and a block the
//! stream cut off is reported [`End::Incomplete`] by [`Parser::finish`], never dropped.

use super::{EDIT, END, REPL};

/// How a block ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Closed by the end marker.
    Complete,
    /// The reply ended inside the block (a stream cut off): it must not be applied.
    Incomplete,
    /// An edit marker with no path line before it.
    NoPath,
}

/// One edit block of a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The file's path as the model wrote it, decorations (`./`, backticks, `**`,
    /// quotes) taken off; empty for [`End::NoPath`].
    pub path: String,
    /// The reply's line (from 1) of the path line, or of the edit marker when none.
    pub line: usize,
    /// The old lines, without their line endings.
    pub old: Vec<String>,
    /// The new lines, without their line endings.
    pub new: Vec<String>,
    /// Whether the block's lines ended in CRLF.
    pub crlf: bool,
    pub end: End,
}

/// Where the machine is.
#[derive(Debug)]
enum State {
    /// Between blocks: `last` is the last non-blank line (a path line, if an edit
    /// marker comes next), `before_fence` the one before a code fence opened after it.
    Prose {
        last: Option<(String, usize)>,
        before_fence: Option<(String, usize)>,
    },
    Old(Block),
    New(Block),
}

/// The streaming parser.
#[derive(Debug)]
pub struct Parser {
    state: State,
    line: usize,
    blocks: Vec<Block>,
}

impl Default for Parser {
    fn default() -> Self {
        Parser {
            state: prose(),
            line: 0,
            blocks: Vec::new(),
        }
    }
}

fn prose() -> State {
    State::Prose {
        last: None,
        before_fence: None,
    }
}

impl Parser {
    /// Takes the reply's next line, with or without its line ending.
    pub fn feed(&mut self, raw: &str) {
        self.line += 1;
        let crlf = raw.ends_with("\r\n");
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        let line = line.strip_suffix('\r').unwrap_or(line);
        // A marker is matched with the spaces around it trimmed: the lines are the
        // model's, and a stray space must not turn a marker into content.
        let marker = line.trim();
        self.state = match std::mem::replace(&mut self.state, prose()) {
            State::Prose { last, before_fence } if marker == EDIT => {
                self.open(last, before_fence, crlf)
            }
            State::Prose { last, before_fence } => next_prose(line, self.line, last, before_fence),
            State::Old(mut b) if marker == REPL => {
                b.crlf |= crlf;
                State::New(b)
            }
            State::Old(mut b) => {
                b.crlf |= crlf;
                b.old.push(line.to_string());
                State::Old(b)
            }
            State::New(mut b) if marker == END => {
                b.crlf |= crlf;
                if b.end == End::Incomplete {
                    b.end = End::Complete;
                }
                self.blocks.push(b);
                prose()
            }
            State::New(mut b) => {
                b.crlf |= crlf;
                b.new.push(line.to_string());
                State::New(b)
            }
        };
    }

    /// An edit marker: the block's path is the last non-blank line, or the one before
    /// a code fence that opened right before the marker.
    fn open(
        &self,
        last: Option<(String, usize)>,
        before_fence: Option<(String, usize)>,
        crlf: bool,
    ) -> State {
        let candidate = match &last {
            Some((l, _)) if is_fence(l) => before_fence,
            _ => last,
        };
        let found = candidate.and_then(|(l, n)| path_of(&l).map(|p| (p, n)));
        let (path, line, end) = match found {
            Some((path, n)) => (path, n, End::Incomplete),
            None => (String::new(), self.line, End::NoPath),
        };
        // A block without a path is still read to its end, so that its lines are not
        // taken for the path lines of others; it is reported, never applied.
        State::Old(Block {
            path,
            line,
            old: Vec::new(),
            new: Vec::new(),
            crlf,
            end,
        })
    }

    /// The blocks, a block still open reported [`End::Incomplete`].
    pub fn finish(mut self) -> Vec<Block> {
        if let State::Old(b) | State::New(b) = self.state {
            self.blocks.push(b);
        }
        self.blocks
    }
}

/// The prose state after `line` (number `n`).
fn next_prose(
    line: &str,
    n: usize,
    last: Option<(String, usize)>,
    before_fence: Option<(String, usize)>,
) -> State {
    if line.trim().is_empty() {
        return State::Prose { last, before_fence };
    }
    let before_fence = match is_fence(line) {
        true => last.filter(|(l, _)| !is_fence(l)),
        false => before_fence,
    };
    State::Prose {
        last: Some((line.to_string(), n)),
        before_fence,
    }
}

/// Every block of `reply`, in order.
pub fn parse(reply: &str) -> Vec<Block> {
    let mut parser = Parser::default();
    for line in reply.split_inclusive('\n') {
        parser.feed(line);
    }
    parser.finish()
}

/// Whether `line` opens or closes a Markdown code fence.
fn is_fence(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("```") || t.starts_with("~~~")
}

/// The path a path line names, its decorations taken off: `./p`, `` `p` ``, `**p**`,
/// `"p"`, `'p'`, `p:`, a Markdown heading's `#`. `None` when what is left is not one
/// word (a sentence is not a path).
pub fn path_of(line: &str) -> Option<String> {
    let mut s = line.trim().trim_start_matches('#').trim();
    loop {
        let before = s;
        s = s.strip_suffix(':').unwrap_or(s).trim();
        for (open, close) in [
            ("**", "**"),
            ("`", "`"),
            ("\"", "\""),
            ("'", "'"),
            ("*", "*"),
        ] {
            if let Some(inner) = s.strip_prefix(open).and_then(|r| r.strip_suffix(close)) {
                s = inner.trim();
            }
        }
        while let Some(rest) = s.strip_prefix("./") {
            s = rest;
        }
        if s == before {
            break;
        }
    }
    let word = !s.is_empty() && !s.chars().any(char::is_whitespace);
    let marker = [EDIT, REPL, END].iter().any(|m| s.contains(m));
    (word && !marker && !is_fence(s)).then(|| s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(reply: &str) -> Block {
        let blocks = parse(reply);
        assert_eq!(blocks.len(), 1, "{blocks:?}");
        blocks.into_iter().next().unwrap()
    }

    #[test]
    fn a_block_with_prose_around_it() {
        let b = block("Here:\n\nsrc/a.rs\n««« EDIT\nold\n═══════ REPL\nnew\n»»» EDIT END\nDone.\n");
        assert_eq!(b.path, "src/a.rs");
        assert_eq!(b.line, 3);
        assert_eq!(b.old, ["old"]);
        assert_eq!(b.new, ["new"]);
        assert_eq!(b.end, End::Complete);
        assert!(!b.crlf);
    }

    #[test]
    fn decorated_paths() {
        for line in [
            "./src/a.rs",
            "`src/a.rs`",
            "**src/a.rs**",
            "**`src/a.rs`**",
            "\"src/a.rs\"",
            "'./src/a.rs'",
            "src/a.rs:",
            "### src/a.rs",
        ] {
            assert_eq!(path_of(line).as_deref(), Some("src/a.rs"), "{line}");
        }
        assert_eq!(path_of("Here is the change"), None);
        assert_eq!(path_of("```rust"), None);
    }

    #[test]
    fn blocks_in_a_fence_with_the_path_inside_or_before_it() {
        let inside = "```\nsrc/a.rs\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n```\n";
        let before = "src/a.rs\n```rust\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n```\n";
        for reply in [inside, before] {
            let b = block(reply);
            assert_eq!((b.path.as_str(), b.end), ("src/a.rs", End::Complete));
            assert_eq!(b.old, ["a"]);
        }
    }

    #[test]
    fn a_block_cut_off_is_incomplete() {
        for reply in [
            "a.rs\n««« EDIT\nold\n",
            "a.rs\n««« EDIT\nold\n═══════ REPL\nnew",
        ] {
            assert_eq!(block(reply).end, End::Incomplete, "{reply}");
        }
    }

    #[test]
    fn a_marker_without_a_path_is_reported() {
        let b = block("\n««« EDIT\nold\n═══════ REPL\nnew\n»»» EDIT END\n");
        assert_eq!((b.end, b.line), (End::NoPath, 2));
    }

    #[test]
    fn several_blocks_crlf_and_empty_sections() {
        let reply = "a.rs\r\n««« EDIT\r\n═══════ REPL\r\nx\r\n»»» EDIT END\r\n\
                     text\nb.rs\n««« EDIT\ny\n═══════ REPL\n»»» EDIT END";
        let blocks = parse(reply);
        assert_eq!(blocks.len(), 2);
        assert!(blocks[0].crlf && !blocks[1].crlf);
        assert!(blocks[0].old.is_empty() && blocks[0].new == ["x"]);
        assert!(blocks[1].new.is_empty() && blocks[1].end == End::Complete);
        assert_eq!(blocks[1].line, 7);
    }

    #[test]
    fn markers_inside_old_text_are_content_until_repl() {
        let b = block("a.md\n««« EDIT\n»»» EDIT END\n═══════ REPL\nz\n»»» EDIT END\n");
        assert_eq!(b.old, [END]);
    }
}
