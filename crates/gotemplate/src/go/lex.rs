//! A port of Go 1.19's `text/template/parse/lex.go`: the template lexer.
//!
//! Go runs the lexer's state functions in a goroutine that feeds the parser through a
//! channel; here the same state machine runs on demand. [`Lexer::next_item`] runs state
//! functions until one of them has emitted an item, which gives the parser exactly the
//! token stream Go's channel would.
//!
//! The module also holds Go's `%#U` ([`unicode_verb`]), which the lexer's messages use,
//! and Go's own Unicode tables, so that non-ASCII input is classified exactly as Go does.
//! `%q` (`strconv.Quote`) lives in `template::strconv`.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::fmt;

use super::ast::Pos;
use crate::strconv::{is_print, quote};

/// The kind of a lexical item (Go's `itemType`). The order matters: every variant after
/// [`ItemType::Keyword`] is a keyword, as in Go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ItemType {
    /// An error occurred; the value is the text of the error.
    Error,
    /// A boolean constant.
    Bool,
    /// A printable ASCII character; grab bag for comma etc.
    Char,
    /// A character constant.
    CharConstant,
    /// Comment text (only emitted when the lexer is asked to).
    Comment,
    /// A complex constant (`1+2i`); a lone imaginary is just a number.
    Complex,
    /// `=`, introducing an assignment.
    Assign,
    /// `:=`, introducing a declaration.
    Declare,
    Eof,
    /// An alphanumeric identifier starting with `.`.
    Field,
    /// An alphanumeric identifier not starting with `.`.
    Identifier,
    /// The left action delimiter.
    LeftDelim,
    /// `(` inside an action.
    LeftParen,
    /// A simple number, including imaginary.
    Number,
    /// The pipe symbol.
    Pipe,
    /// A raw quoted string (includes the quotes).
    RawString,
    /// The right action delimiter.
    RightDelim,
    /// `)` inside an action.
    RightParen,
    /// A run of spaces separating arguments.
    Space,
    /// A quoted string (includes the quotes).
    String,
    /// Plain text.
    Text,
    /// A variable starting with `$`, such as `$` or `$1` or `$hello`.
    Variable,
    /// Only delimits the keywords; never emitted.
    Keyword,
    Block,
    Break,
    Continue,
    /// The cursor, spelled `.`.
    Dot,
    Define,
    Else,
    End,
    If,
    /// The untyped nil constant, easiest to treat as a keyword.
    Nil,
    Range,
    Template,
    With,
}

impl ItemType {
    /// Whether the item is a keyword (Go: `typ > itemKeyword`).
    pub fn is_keyword(self) -> bool {
        self > ItemType::Keyword
    }
}

/// Go's `key` map: the words that lex as keywords.
fn keyword(word: &str) -> Option<ItemType> {
    Some(match word {
        "." => ItemType::Dot,
        "block" => ItemType::Block,
        "break" => ItemType::Break,
        "continue" => ItemType::Continue,
        "define" => ItemType::Define,
        "else" => ItemType::Else,
        "end" => ItemType::End,
        "if" => ItemType::If,
        "range" => ItemType::Range,
        "nil" => ItemType::Nil,
        "template" => ItemType::Template,
        "with" => ItemType::With,
        _ => return None,
    })
}

/// A token or text string returned from the scanner (Go's `item`).
#[derive(Debug, Clone, PartialEq)]
pub struct Item<'a> {
    pub typ: ItemType,
    /// The starting position, in bytes, of this item in the input string.
    pub pos: Pos,
    /// The value of this item: a slice of the input, or an error message.
    pub val: Cow<'a, str>,
    /// The line number at the start of this item.
    pub line: usize,
}

impl Item<'_> {
    /// What Go's parser gets from a closed channel: the zero item (an empty error at
    /// position 0, line 0).
    pub fn zero() -> Self {
        Item {
            typ: ItemType::Error,
            pos: 0,
            val: Cow::Borrowed(""),
            line: 0,
        }
    }
}

/// Go's `item.String()`, which the parser's "unexpected X" messages print.
impl fmt::Display for Item<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.typ {
            ItemType::Eof => f.write_str("EOF"),
            ItemType::Error => f.write_str(&self.val),
            t if t.is_keyword() => write!(f, "<{}>", self.val),
            // `%.10q...`: the precision truncates to 10 runes before quoting.
            _ if self.val.len() > 10 => {
                let end = self
                    .val
                    .char_indices()
                    .nth(10)
                    .map_or(self.val.len(), |(i, _)| i);
                write!(f, "{}...", quote(&self.val[..end]))
            }
            _ => f.write_str(&quote(&self.val)),
        }
    }
}

const DEFAULT_LEFT_DELIM: &str = "{{";
const DEFAULT_RIGHT_DELIM: &str = "}}";
const LEFT_COMMENT: &str = "/*";
const RIGHT_COMMENT: &str = "*/";

// Trimming spaces.
// If the action begins "{{- " rather than "{{", then all space/tab/newlines preceding the
// action are trimmed; conversely if it ends " -}}" the leading spaces are trimmed. This is
// done entirely in the lexer; the parser never sees it happen. An ASCII space (' ', \t,
// \r, \n) is required to avoid ambiguity with things like "{{-3}}"; only ASCII does the job.

/// The space characters defined by Go itself.
const SPACE_CHARS: &[char] = &[' ', '\t', '\r', '\n'];
/// Attached to a delimiter, trims the spaces next to it.
const TRIM_MARKER: u8 = b'-';
/// The marker plus the space before or after it.
const TRIM_MARKER_LEN: usize = 2;

const DECIMAL_DIGITS: &str = "0123456789_";
const HEX_DIGITS: &str = "0123456789abcdefABCDEF_";
const OCTAL_DIGITS: &str = "01234567_";
const BINARY_DIGITS: &str = "01_";

/// The lexer's states (Go's state functions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Text,
    LeftDelim,
    Comment,
    RightDelim,
    InsideAction,
    Space,
    Identifier,
    Field,
    Variable,
    Char,
    Number,
    Quote,
    RawQuote,
}

/// The scanner (Go's `lexer`).
#[derive(Debug)]
pub struct Lexer<'a> {
    input: &'a str,
    left_delim: &'a str,
    right_delim: &'a str,
    /// Emit `Comment` items (Go's `ParseComments` mode; the parser never asks for it).
    emit_comment: bool,
    /// Current position in the input.
    pos: Pos,
    /// Start position of this item.
    start: Pos,
    /// We have hit the end of input and returned EOF; from then on `backup` is a no-op.
    at_eof: bool,
    /// Items emitted but not yet handed out (Go's channel).
    items: VecDeque<Item<'a>>,
    /// The next state to run; `None` once lexing has ended (Go closes the channel).
    state: Option<State>,
    /// Nesting depth of ( ) expressions.
    paren_depth: i64,
    /// 1 + number of newlines seen.
    line: usize,
    /// Start line of this item.
    start_line: usize,
    /// `break` lexes as a keyword (no function of that name is defined).
    break_ok: bool,
    /// `continue` lexes as a keyword (no function of that name is defined).
    continue_ok: bool,
    /// Set once the terminal item (EOF or error) has been returned by the iterator.
    done: bool,
}

impl<'a> Lexer<'a> {
    /// Creates a scanner for `input` (Go's `lex`). An empty delimiter means the default
    /// (`{{` or `}}`). `break_ok`/`continue_ok` say whether `break`/`continue` are keywords,
    /// which they are unless a function of that name is defined.
    pub fn new(
        input: &'a str,
        left: &'a str,
        right: &'a str,
        emit_comment: bool,
        break_ok: bool,
        continue_ok: bool,
    ) -> Self {
        Lexer {
            input,
            left_delim: if left.is_empty() {
                DEFAULT_LEFT_DELIM
            } else {
                left
            },
            right_delim: if right.is_empty() {
                DEFAULT_RIGHT_DELIM
            } else {
                right
            },
            emit_comment,
            pos: 0,
            start: 0,
            at_eof: false,
            items: VecDeque::new(),
            state: Some(State::Text),
            paren_depth: 0,
            line: 1,
            start_line: 1,
            break_ok,
            continue_ok,
            done: false,
        }
    }

    /// Returns the next item (Go's `nextItem`). After the EOF or error item, it returns
    /// [`Item::zero`] forever, as Go's closed channel does.
    pub fn next_item(&mut self) -> Item<'a> {
        loop {
            if let Some(item) = self.items.pop_front() {
                return item;
            }
            match self.state.take() {
                Some(state) => self.state = self.step(state),
                None => return Item::zero(),
            }
        }
    }

    /// Runs one state function and returns the next state.
    fn step(&mut self, state: State) -> Option<State> {
        match state {
            State::Text => self.lex_text(),
            State::LeftDelim => self.lex_left_delim(),
            State::Comment => self.lex_comment(),
            State::RightDelim => self.lex_right_delim(),
            State::InsideAction => self.lex_inside_action(),
            State::Space => self.lex_space(),
            State::Identifier => self.lex_identifier(),
            State::Field => self.lex_field_or_variable(ItemType::Field),
            State::Variable => self.lex_variable(),
            State::Char => self.lex_char(),
            State::Number => self.lex_number(),
            State::Quote => self.lex_quote(),
            State::RawQuote => self.lex_raw_quote(),
        }
    }

    /// The input from the current position on, as bytes (prefix checks on bytes can never
    /// split a character).
    fn rest(&self) -> &'a [u8] {
        self.input.as_bytes().get(self.pos..).unwrap_or_default()
    }

    /// The input between `from` and `to`.
    fn slice(&self, from: Pos, to: Pos) -> &'a str {
        self.input.get(from..to).unwrap_or_default()
    }

    /// Returns the next rune in the input, `None` at the end.
    fn next(&mut self) -> Option<char> {
        let Some(r) = self.input.get(self.pos..).and_then(|s| s.chars().next()) else {
            self.at_eof = true;
            return None;
        };
        self.pos += r.len_utf8();
        if r == '\n' {
            self.line += 1;
        }
        Some(r)
    }

    /// Returns but does not consume the next rune in the input.
    fn peek(&mut self) -> Option<char> {
        let r = self.next();
        self.backup();
        r
    }

    /// Steps back one rune. Like Go's, it does nothing once EOF has been reached.
    fn backup(&mut self) {
        if !self.at_eof && self.pos > 0 {
            if let Some(r) = self
                .input
                .get(..self.pos)
                .and_then(|s| s.chars().next_back())
            {
                self.pos -= r.len_utf8();
                // Correct newline count.
                if r == '\n' {
                    self.line -= 1;
                }
            }
        }
    }

    /// Passes an item back to the client.
    fn emit(&mut self, typ: ItemType) {
        self.items.push_back(Item {
            typ,
            pos: self.start,
            val: Cow::Borrowed(self.slice(self.start, self.pos)),
            line: self.start_line,
        });
        self.start = self.pos;
        self.start_line = self.line;
    }

    /// Skips over the pending input before this point.
    fn ignore(&mut self) {
        self.line += count_newlines(self.slice(self.start, self.pos));
        self.start = self.pos;
        self.start_line = self.line;
    }

    /// Consumes the next rune if it's from the valid set.
    fn accept(&mut self, valid: &str) -> bool {
        if self.next().is_some_and(|r| valid.contains(r)) {
            return true;
        }
        self.backup();
        false
    }

    /// Consumes a run of runes from the valid set.
    fn accept_run(&mut self, valid: &str) {
        while self.next().is_some_and(|r| valid.contains(r)) {}
        self.backup();
    }

    /// Emits an error item and terminates the scan.
    fn errorf(&mut self, msg: String) -> Option<State> {
        self.items.push_back(Item {
            typ: ItemType::Error,
            pos: self.start,
            val: Cow::Owned(msg),
            line: self.start_line,
        });
        None
    }

    /// Scans until an opening action delimiter.
    fn lex_text(&mut self) -> Option<State> {
        let pending = self.input.get(self.pos..).unwrap_or_default();
        if let Some(x) = pending.find(self.left_delim) {
            let ldn = self.left_delim.len();
            self.pos += x;
            let mut trim_length = 0;
            if has_left_trim_marker(
                self.input
                    .as_bytes()
                    .get(self.pos + ldn..)
                    .unwrap_or_default(),
            ) {
                trim_length = right_trim_length(self.slice(self.start, self.pos));
            }
            self.pos -= trim_length;
            if self.pos > self.start {
                self.line += count_newlines(self.slice(self.start, self.pos));
                self.emit(ItemType::Text);
            }
            self.pos += trim_length;
            self.ignore();
            return Some(State::LeftDelim);
        }
        self.pos = self.input.len();
        // Correctly reached EOF.
        if self.pos > self.start {
            self.line += count_newlines(self.slice(self.start, self.pos));
            self.emit(ItemType::Text);
        }
        self.emit(ItemType::Eof);
        None
    }

    /// Reports whether the lexer is at a right delimiter, possibly preceded by a trim
    /// marker: `(delim, trim_spaces)`.
    fn at_right_delim(&self) -> (bool, bool) {
        let rest = self.rest();
        let right = self.right_delim.as_bytes();
        if has_right_trim_marker(rest) && rest[TRIM_MARKER_LEN..].starts_with(right) {
            return (true, true);
        }
        (rest.starts_with(right), false)
    }

    /// Scans the left delimiter, which is known to be present, possibly with a trim marker.
    fn lex_left_delim(&mut self) -> Option<State> {
        self.pos += self.left_delim.len();
        let trim_space = has_left_trim_marker(self.rest());
        let after_marker = if trim_space { TRIM_MARKER_LEN } else { 0 };
        if self.rest()[after_marker..].starts_with(LEFT_COMMENT.as_bytes()) {
            self.pos += after_marker;
            self.ignore();
            return Some(State::Comment);
        }
        self.emit(ItemType::LeftDelim);
        self.pos += after_marker;
        self.ignore();
        self.paren_depth = 0;
        Some(State::InsideAction)
    }

    /// Scans a comment. The left comment marker is known to be present.
    fn lex_comment(&mut self) -> Option<State> {
        self.pos += LEFT_COMMENT.len();
        let Some(i) = self
            .input
            .get(self.pos..)
            .and_then(|s| s.find(RIGHT_COMMENT))
        else {
            return self.errorf("unclosed comment".to_string());
        };
        self.pos += i + RIGHT_COMMENT.len();
        let (delim, trim_space) = self.at_right_delim();
        if !delim {
            return self.errorf("comment ends before closing delimiter".to_string());
        }
        if self.emit_comment {
            self.emit(ItemType::Comment);
        }
        if trim_space {
            self.pos += TRIM_MARKER_LEN;
        }
        self.pos += self.right_delim.len();
        if trim_space {
            self.pos += left_trim_length(self.rest());
        }
        self.ignore();
        Some(State::Text)
    }

    /// Scans the right delimiter, which is known to be present, possibly with a trim marker.
    fn lex_right_delim(&mut self) -> Option<State> {
        let trim_space = has_right_trim_marker(self.rest());
        if trim_space {
            self.pos += TRIM_MARKER_LEN;
            self.ignore();
        }
        self.pos += self.right_delim.len();
        self.emit(ItemType::RightDelim);
        if trim_space {
            self.pos += left_trim_length(self.rest());
            self.ignore();
        }
        Some(State::Text)
    }

    /// Scans the elements inside action delimiters.
    fn lex_inside_action(&mut self) -> Option<State> {
        // Either number, quoted string, or identifier.
        // Spaces separate arguments; runs of spaces turn into Space items.
        // Pipe symbols separate and are emitted.
        let (delim, _) = self.at_right_delim();
        if delim {
            if self.paren_depth == 0 {
                return Some(State::RightDelim);
            }
            return self.errorf("unclosed left paren".to_string());
        }
        let Some(r) = self.next() else {
            return self.errorf("unclosed action".to_string());
        };
        match r {
            _ if is_space(r) => {
                self.backup(); // Put space back in case we have " -}}".
                return Some(State::Space);
            }
            '=' => self.emit(ItemType::Assign),
            ':' => {
                if self.next() != Some('=') {
                    return self.errorf("expected :=".to_string());
                }
                self.emit(ItemType::Declare);
            }
            '|' => self.emit(ItemType::Pipe),
            '"' => return Some(State::Quote),
            '`' => return Some(State::RawQuote),
            '$' => return Some(State::Variable),
            '\'' => return Some(State::Char),
            // Special look-ahead for ".field" so we don't break backup(); otherwise '.'
            // can start a number.
            '.' if self.rest().first().is_some_and(|b| !b.is_ascii_digit()) => {
                return Some(State::Field);
            }
            '.' | '+' | '-' | '0'..='9' => {
                self.backup();
                return Some(State::Number);
            }
            _ if is_alphanumeric(r) => {
                self.backup();
                return Some(State::Identifier);
            }
            '(' => {
                self.emit(ItemType::LeftParen);
                self.paren_depth += 1;
            }
            ')' => {
                self.emit(ItemType::RightParen);
                self.paren_depth -= 1;
                if self.paren_depth < 0 {
                    return self.errorf(format!("unexpected right paren {}", unicode_verb(r)));
                }
            }
            // Printable ASCII (unicode.IsPrint restricted to ASCII).
            ' '..='~' => self.emit(ItemType::Char),
            _ => {
                return self.errorf(format!(
                    "unrecognized character in action: {}",
                    unicode_verb(r)
                ));
            }
        }
        Some(State::InsideAction)
    }

    /// Scans a run of space characters. The first space, known to be present, has not
    /// been consumed. Take care if there is a trim-marked right delimiter, which starts
    /// with a space.
    fn lex_space(&mut self) -> Option<State> {
        let mut num_spaces = 0;
        while self.peek().is_some_and(is_space) {
            self.next();
            num_spaces += 1;
        }
        // Be careful about a trim-marked closing delimiter, which has a minus after a
        // space. We know there is a space, so check for the '-' that might follow.
        let from_last_space = self
            .input
            .as_bytes()
            .get(self.pos.saturating_sub(1)..)
            .unwrap_or_default();
        if has_right_trim_marker(from_last_space)
            && from_last_space[TRIM_MARKER_LEN..].starts_with(self.right_delim.as_bytes())
        {
            self.backup(); // Before the space.
            if num_spaces == 1 {
                return Some(State::RightDelim); // On the delim, so go right to that.
            }
        }
        self.emit(ItemType::Space);
        Some(State::InsideAction)
    }

    /// Scans an alphanumeric.
    fn lex_identifier(&mut self) -> Option<State> {
        let r = loop {
            let r = self.next();
            if !r.is_some_and(is_alphanumeric) {
                break r;
            }
        };
        self.backup();
        let word = self.slice(self.start, self.pos);
        if !self.at_terminator() {
            return self.bad_character(r);
        }
        match keyword(word) {
            Some(item) if item.is_keyword() => {
                if item == ItemType::Break && !self.break_ok
                    || item == ItemType::Continue && !self.continue_ok
                {
                    self.emit(ItemType::Identifier);
                } else {
                    self.emit(item);
                }
            }
            _ if word.starts_with('.') => self.emit(ItemType::Field),
            _ if word == "true" || word == "false" => self.emit(ItemType::Bool),
            _ => self.emit(ItemType::Identifier),
        }
        Some(State::InsideAction)
    }

    /// Scans a variable (`$Alphanumeric`); the `$` has been scanned.
    fn lex_variable(&mut self) -> Option<State> {
        if self.at_terminator() {
            // Nothing interesting follows -> "$".
            self.emit(ItemType::Variable);
            return Some(State::InsideAction);
        }
        self.lex_field_or_variable(ItemType::Variable)
    }

    /// Scans a field or variable: `[.$]Alphanumeric`. The `.` or `$` has been scanned.
    fn lex_field_or_variable(&mut self, typ: ItemType) -> Option<State> {
        if self.at_terminator() {
            // Nothing interesting follows -> "." or "$".
            self.emit(if typ == ItemType::Variable {
                ItemType::Variable
            } else {
                ItemType::Dot
            });
            return Some(State::InsideAction);
        }
        let r = loop {
            let r = self.next();
            if !r.is_some_and(is_alphanumeric) {
                self.backup();
                break r;
            }
        };
        if !self.at_terminator() {
            return self.bad_character(r);
        }
        self.emit(typ);
        Some(State::InsideAction)
    }

    /// The "bad character" error for the rune that follows an identifier. The rune is
    /// never the end of input, which is a terminator; if it were, Go would print its `eof`
    /// rune, -1, as `%#U` does.
    fn bad_character(&mut self, r: Option<char>) -> Option<State> {
        let shown = r.map_or_else(|| "U+FFFFFFFFFFFFFFFF".to_string(), unicode_verb);
        self.errorf(format!("bad character {shown}"))
    }

    /// Reports whether the input is at a valid termination character to appear after an
    /// identifier. Breaks .X.Y into two pieces. Also catches cases like "$x+2" not being
    /// acceptable without a space, in case arithmetic is implemented one day.
    fn at_terminator(&mut self) -> bool {
        match self.peek() {
            None | Some('.' | ',' | '|' | ':' | ')' | '(') => true,
            Some(r) if is_space(r) => true,
            Some(_) => self.rest().starts_with(self.right_delim.as_bytes()),
        }
    }

    /// Scans a character constant. The initial quote is already scanned. Syntax checking
    /// is done by the parser.
    fn lex_char(&mut self) -> Option<State> {
        loop {
            match self.next() {
                Some('\\') => {
                    if matches!(self.next(), Some(r) if r != '\n') {
                        continue;
                    }
                    return self.errorf("unterminated character constant".to_string());
                }
                None | Some('\n') => {
                    return self.errorf("unterminated character constant".to_string());
                }
                Some('\'') => break,
                Some(_) => {}
            }
        }
        self.emit(ItemType::CharConstant);
        Some(State::InsideAction)
    }

    /// Scans a number: decimal, octal, hex, float, or imaginary. This isn't a perfect
    /// number scanner - for instance it accepts "." and "0x0.2" and "089" - but when it's
    /// wrong the input is invalid and the parser (via strconv) will notice.
    fn lex_number(&mut self) -> Option<State> {
        if !self.scan_number() {
            return self.bad_number();
        }
        if matches!(self.peek(), Some('+' | '-')) {
            // Complex: 1+2i. No spaces, must end in 'i'.
            if !self.scan_number() || !self.slice(0, self.pos).ends_with('i') {
                return self.bad_number();
            }
            self.emit(ItemType::Complex);
        } else {
            self.emit(ItemType::Number);
        }
        Some(State::InsideAction)
    }

    fn bad_number(&mut self) -> Option<State> {
        let text = quote(self.slice(self.start, self.pos));
        self.errorf(format!("bad number syntax: {text}"))
    }

    fn scan_number(&mut self) -> bool {
        // Optional leading sign.
        self.accept("+-");
        // Is it hex?
        let mut digits = DECIMAL_DIGITS;
        if self.accept("0") {
            // Note: Leading 0 does not mean octal in floats.
            if self.accept("xX") {
                digits = HEX_DIGITS;
            } else if self.accept("oO") {
                digits = OCTAL_DIGITS;
            } else if self.accept("bB") {
                digits = BINARY_DIGITS;
            }
        }
        self.accept_run(digits);
        if self.accept(".") {
            self.accept_run(digits);
        }
        if digits == DECIMAL_DIGITS && self.accept("eE") {
            self.accept("+-");
            self.accept_run(DECIMAL_DIGITS);
        }
        if digits == HEX_DIGITS && self.accept("pP") {
            self.accept("+-");
            self.accept_run(DECIMAL_DIGITS);
        }
        // Is it imaginary?
        self.accept("i");
        // Next thing mustn't be alphanumeric.
        if self.peek().is_some_and(is_alphanumeric) {
            self.next();
            return false;
        }
        true
    }

    /// Scans a quoted string.
    fn lex_quote(&mut self) -> Option<State> {
        loop {
            match self.next() {
                Some('\\') => {
                    if matches!(self.next(), Some(r) if r != '\n') {
                        continue;
                    }
                    return self.errorf("unterminated quoted string".to_string());
                }
                None | Some('\n') => {
                    return self.errorf("unterminated quoted string".to_string());
                }
                Some('"') => break,
                Some(_) => {}
            }
        }
        self.emit(ItemType::String);
        Some(State::InsideAction)
    }

    /// Scans a raw quoted string.
    fn lex_raw_quote(&mut self) -> Option<State> {
        loop {
            match self.next() {
                None => return self.errorf("unterminated raw quoted string".to_string()),
                Some('`') => break,
                Some(_) => {}
            }
        }
        self.emit(ItemType::RawString);
        Some(State::InsideAction)
    }
}

/// Iterates over the items up to and including the EOF or error item.
impl<'a> Iterator for Lexer<'a> {
    type Item = Item<'a>;

    fn next(&mut self) -> Option<Item<'a>> {
        if self.done {
            return None;
        }
        let item = self.next_item();
        if matches!(item.typ, ItemType::Eof | ItemType::Error) {
            self.done = true;
        }
        Some(item)
    }
}

fn count_newlines(s: &str) -> usize {
    s.bytes().filter(|&b| b == b'\n').count()
}

/// The length of the spaces at the end of the string.
fn right_trim_length(s: &str) -> usize {
    s.len() - s.trim_end_matches(SPACE_CHARS).len()
}

/// The length of the spaces at the beginning of the string.
fn left_trim_length(s: &[u8]) -> usize {
    s.iter().take_while(|&&b| is_space(char::from(b))).count()
}

/// Reports whether `r` is a space character (ASCII only, as Go's lexer).
fn is_space(r: char) -> bool {
    matches!(r, ' ' | '\t' | '\r' | '\n')
}

/// Reports whether `r` is an alphabetic, digit, or underscore, with Go's definitions of
/// letter (`unicode.IsLetter`) and digit (`unicode.IsDigit`).
pub fn is_alphanumeric(r: char) -> bool {
    if r.is_ascii() {
        return r == '_' || r.is_ascii_alphanumeric();
    }
    in_table(LETTER_OR_DIGIT, r)
}

fn has_left_trim_marker(s: &[u8]) -> bool {
    s.len() >= 2 && s[0] == TRIM_MARKER && is_space(char::from(s[1]))
}

fn has_right_trim_marker(s: &[u8]) -> bool {
    s.len() >= 2 && is_space(char::from(s[0])) && s[1] == TRIM_MARKER
}

fn in_table(table: &[(u32, u32)], r: char) -> bool {
    let r = u32::from(r);
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < r {
                std::cmp::Ordering::Less
            } else if lo > r {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Go's `fmt` `%#U` verb: `U+0023 '#'`, or just `U+0001` when the rune is not printable.
pub fn unicode_verb(r: char) -> String {
    if is_print(r) {
        format!("U+{:04X} '{r}'", u32::from(r))
    } else {
        format!("U+{:04X}", u32::from(r))
    }
}

/// Non-ASCII code points for which Go's `unicode.IsLetter(r) || unicode.IsDigit(r)` holds
/// (Unicode 13.0.0, as in Go 1.19), as sorted inclusive ranges.
#[rustfmt::skip]
const LETTER_OR_DIGIT: &[(u32, u32)] = &[
    (0x000aa, 0x000aa), (0x000b5, 0x000b5), (0x000ba, 0x000ba), (0x000c0, 0x000d6), (0x000d8, 0x000f6), (0x000f8, 0x002c1),
    (0x002c6, 0x002d1), (0x002e0, 0x002e4), (0x002ec, 0x002ec), (0x002ee, 0x002ee), (0x00370, 0x00374), (0x00376, 0x00377),
    (0x0037a, 0x0037d), (0x0037f, 0x0037f), (0x00386, 0x00386), (0x00388, 0x0038a), (0x0038c, 0x0038c), (0x0038e, 0x003a1),
    (0x003a3, 0x003f5), (0x003f7, 0x00481), (0x0048a, 0x0052f), (0x00531, 0x00556), (0x00559, 0x00559), (0x00560, 0x00588),
    (0x005d0, 0x005ea), (0x005ef, 0x005f2), (0x00620, 0x0064a), (0x00660, 0x00669), (0x0066e, 0x0066f), (0x00671, 0x006d3),
    (0x006d5, 0x006d5), (0x006e5, 0x006e6), (0x006ee, 0x006fc), (0x006ff, 0x006ff), (0x00710, 0x00710), (0x00712, 0x0072f),
    (0x0074d, 0x007a5), (0x007b1, 0x007b1), (0x007c0, 0x007ea), (0x007f4, 0x007f5), (0x007fa, 0x007fa), (0x00800, 0x00815),
    (0x0081a, 0x0081a), (0x00824, 0x00824), (0x00828, 0x00828), (0x00840, 0x00858), (0x00860, 0x0086a), (0x008a0, 0x008b4),
    (0x008b6, 0x008c7), (0x00904, 0x00939), (0x0093d, 0x0093d), (0x00950, 0x00950), (0x00958, 0x00961), (0x00966, 0x0096f),
    (0x00971, 0x00980), (0x00985, 0x0098c), (0x0098f, 0x00990), (0x00993, 0x009a8), (0x009aa, 0x009b0), (0x009b2, 0x009b2),
    (0x009b6, 0x009b9), (0x009bd, 0x009bd), (0x009ce, 0x009ce), (0x009dc, 0x009dd), (0x009df, 0x009e1), (0x009e6, 0x009f1),
    (0x009fc, 0x009fc), (0x00a05, 0x00a0a), (0x00a0f, 0x00a10), (0x00a13, 0x00a28), (0x00a2a, 0x00a30), (0x00a32, 0x00a33),
    (0x00a35, 0x00a36), (0x00a38, 0x00a39), (0x00a59, 0x00a5c), (0x00a5e, 0x00a5e), (0x00a66, 0x00a6f), (0x00a72, 0x00a74),
    (0x00a85, 0x00a8d), (0x00a8f, 0x00a91), (0x00a93, 0x00aa8), (0x00aaa, 0x00ab0), (0x00ab2, 0x00ab3), (0x00ab5, 0x00ab9),
    (0x00abd, 0x00abd), (0x00ad0, 0x00ad0), (0x00ae0, 0x00ae1), (0x00ae6, 0x00aef), (0x00af9, 0x00af9), (0x00b05, 0x00b0c),
    (0x00b0f, 0x00b10), (0x00b13, 0x00b28), (0x00b2a, 0x00b30), (0x00b32, 0x00b33), (0x00b35, 0x00b39), (0x00b3d, 0x00b3d),
    (0x00b5c, 0x00b5d), (0x00b5f, 0x00b61), (0x00b66, 0x00b6f), (0x00b71, 0x00b71), (0x00b83, 0x00b83), (0x00b85, 0x00b8a),
    (0x00b8e, 0x00b90), (0x00b92, 0x00b95), (0x00b99, 0x00b9a), (0x00b9c, 0x00b9c), (0x00b9e, 0x00b9f), (0x00ba3, 0x00ba4),
    (0x00ba8, 0x00baa), (0x00bae, 0x00bb9), (0x00bd0, 0x00bd0), (0x00be6, 0x00bef), (0x00c05, 0x00c0c), (0x00c0e, 0x00c10),
    (0x00c12, 0x00c28), (0x00c2a, 0x00c39), (0x00c3d, 0x00c3d), (0x00c58, 0x00c5a), (0x00c60, 0x00c61), (0x00c66, 0x00c6f),
    (0x00c80, 0x00c80), (0x00c85, 0x00c8c), (0x00c8e, 0x00c90), (0x00c92, 0x00ca8), (0x00caa, 0x00cb3), (0x00cb5, 0x00cb9),
    (0x00cbd, 0x00cbd), (0x00cde, 0x00cde), (0x00ce0, 0x00ce1), (0x00ce6, 0x00cef), (0x00cf1, 0x00cf2), (0x00d04, 0x00d0c),
    (0x00d0e, 0x00d10), (0x00d12, 0x00d3a), (0x00d3d, 0x00d3d), (0x00d4e, 0x00d4e), (0x00d54, 0x00d56), (0x00d5f, 0x00d61),
    (0x00d66, 0x00d6f), (0x00d7a, 0x00d7f), (0x00d85, 0x00d96), (0x00d9a, 0x00db1), (0x00db3, 0x00dbb), (0x00dbd, 0x00dbd),
    (0x00dc0, 0x00dc6), (0x00de6, 0x00def), (0x00e01, 0x00e30), (0x00e32, 0x00e33), (0x00e40, 0x00e46), (0x00e50, 0x00e59),
    (0x00e81, 0x00e82), (0x00e84, 0x00e84), (0x00e86, 0x00e8a), (0x00e8c, 0x00ea3), (0x00ea5, 0x00ea5), (0x00ea7, 0x00eb0),
    (0x00eb2, 0x00eb3), (0x00ebd, 0x00ebd), (0x00ec0, 0x00ec4), (0x00ec6, 0x00ec6), (0x00ed0, 0x00ed9), (0x00edc, 0x00edf),
    (0x00f00, 0x00f00), (0x00f20, 0x00f29), (0x00f40, 0x00f47), (0x00f49, 0x00f6c), (0x00f88, 0x00f8c), (0x01000, 0x0102a),
    (0x0103f, 0x01049), (0x01050, 0x01055), (0x0105a, 0x0105d), (0x01061, 0x01061), (0x01065, 0x01066), (0x0106e, 0x01070),
    (0x01075, 0x01081), (0x0108e, 0x0108e), (0x01090, 0x01099), (0x010a0, 0x010c5), (0x010c7, 0x010c7), (0x010cd, 0x010cd),
    (0x010d0, 0x010fa), (0x010fc, 0x01248), (0x0124a, 0x0124d), (0x01250, 0x01256), (0x01258, 0x01258), (0x0125a, 0x0125d),
    (0x01260, 0x01288), (0x0128a, 0x0128d), (0x01290, 0x012b0), (0x012b2, 0x012b5), (0x012b8, 0x012be), (0x012c0, 0x012c0),
    (0x012c2, 0x012c5), (0x012c8, 0x012d6), (0x012d8, 0x01310), (0x01312, 0x01315), (0x01318, 0x0135a), (0x01380, 0x0138f),
    (0x013a0, 0x013f5), (0x013f8, 0x013fd), (0x01401, 0x0166c), (0x0166f, 0x0167f), (0x01681, 0x0169a), (0x016a0, 0x016ea),
    (0x016f1, 0x016f8), (0x01700, 0x0170c), (0x0170e, 0x01711), (0x01720, 0x01731), (0x01740, 0x01751), (0x01760, 0x0176c),
    (0x0176e, 0x01770), (0x01780, 0x017b3), (0x017d7, 0x017d7), (0x017dc, 0x017dc), (0x017e0, 0x017e9), (0x01810, 0x01819),
    (0x01820, 0x01878), (0x01880, 0x01884), (0x01887, 0x018a8), (0x018aa, 0x018aa), (0x018b0, 0x018f5), (0x01900, 0x0191e),
    (0x01946, 0x0196d), (0x01970, 0x01974), (0x01980, 0x019ab), (0x019b0, 0x019c9), (0x019d0, 0x019d9), (0x01a00, 0x01a16),
    (0x01a20, 0x01a54), (0x01a80, 0x01a89), (0x01a90, 0x01a99), (0x01aa7, 0x01aa7), (0x01b05, 0x01b33), (0x01b45, 0x01b4b),
    (0x01b50, 0x01b59), (0x01b83, 0x01ba0), (0x01bae, 0x01be5), (0x01c00, 0x01c23), (0x01c40, 0x01c49), (0x01c4d, 0x01c7d),
    (0x01c80, 0x01c88), (0x01c90, 0x01cba), (0x01cbd, 0x01cbf), (0x01ce9, 0x01cec), (0x01cee, 0x01cf3), (0x01cf5, 0x01cf6),
    (0x01cfa, 0x01cfa), (0x01d00, 0x01dbf), (0x01e00, 0x01f15), (0x01f18, 0x01f1d), (0x01f20, 0x01f45), (0x01f48, 0x01f4d),
    (0x01f50, 0x01f57), (0x01f59, 0x01f59), (0x01f5b, 0x01f5b), (0x01f5d, 0x01f5d), (0x01f5f, 0x01f7d), (0x01f80, 0x01fb4),
    (0x01fb6, 0x01fbc), (0x01fbe, 0x01fbe), (0x01fc2, 0x01fc4), (0x01fc6, 0x01fcc), (0x01fd0, 0x01fd3), (0x01fd6, 0x01fdb),
    (0x01fe0, 0x01fec), (0x01ff2, 0x01ff4), (0x01ff6, 0x01ffc), (0x02071, 0x02071), (0x0207f, 0x0207f), (0x02090, 0x0209c),
    (0x02102, 0x02102), (0x02107, 0x02107), (0x0210a, 0x02113), (0x02115, 0x02115), (0x02119, 0x0211d), (0x02124, 0x02124),
    (0x02126, 0x02126), (0x02128, 0x02128), (0x0212a, 0x0212d), (0x0212f, 0x02139), (0x0213c, 0x0213f), (0x02145, 0x02149),
    (0x0214e, 0x0214e), (0x02183, 0x02184), (0x02c00, 0x02c2e), (0x02c30, 0x02c5e), (0x02c60, 0x02ce4), (0x02ceb, 0x02cee),
    (0x02cf2, 0x02cf3), (0x02d00, 0x02d25), (0x02d27, 0x02d27), (0x02d2d, 0x02d2d), (0x02d30, 0x02d67), (0x02d6f, 0x02d6f),
    (0x02d80, 0x02d96), (0x02da0, 0x02da6), (0x02da8, 0x02dae), (0x02db0, 0x02db6), (0x02db8, 0x02dbe), (0x02dc0, 0x02dc6),
    (0x02dc8, 0x02dce), (0x02dd0, 0x02dd6), (0x02dd8, 0x02dde), (0x02e2f, 0x02e2f), (0x03005, 0x03006), (0x03031, 0x03035),
    (0x0303b, 0x0303c), (0x03041, 0x03096), (0x0309d, 0x0309f), (0x030a1, 0x030fa), (0x030fc, 0x030ff), (0x03105, 0x0312f),
    (0x03131, 0x0318e), (0x031a0, 0x031bf), (0x031f0, 0x031ff), (0x03400, 0x04dbf), (0x04e00, 0x09ffc), (0x0a000, 0x0a48c),
    (0x0a4d0, 0x0a4fd), (0x0a500, 0x0a60c), (0x0a610, 0x0a62b), (0x0a640, 0x0a66e), (0x0a67f, 0x0a69d), (0x0a6a0, 0x0a6e5),
    (0x0a717, 0x0a71f), (0x0a722, 0x0a788), (0x0a78b, 0x0a7bf), (0x0a7c2, 0x0a7ca), (0x0a7f5, 0x0a801), (0x0a803, 0x0a805),
    (0x0a807, 0x0a80a), (0x0a80c, 0x0a822), (0x0a840, 0x0a873), (0x0a882, 0x0a8b3), (0x0a8d0, 0x0a8d9), (0x0a8f2, 0x0a8f7),
    (0x0a8fb, 0x0a8fb), (0x0a8fd, 0x0a8fe), (0x0a900, 0x0a925), (0x0a930, 0x0a946), (0x0a960, 0x0a97c), (0x0a984, 0x0a9b2),
    (0x0a9cf, 0x0a9d9), (0x0a9e0, 0x0a9e4), (0x0a9e6, 0x0a9fe), (0x0aa00, 0x0aa28), (0x0aa40, 0x0aa42), (0x0aa44, 0x0aa4b),
    (0x0aa50, 0x0aa59), (0x0aa60, 0x0aa76), (0x0aa7a, 0x0aa7a), (0x0aa7e, 0x0aaaf), (0x0aab1, 0x0aab1), (0x0aab5, 0x0aab6),
    (0x0aab9, 0x0aabd), (0x0aac0, 0x0aac0), (0x0aac2, 0x0aac2), (0x0aadb, 0x0aadd), (0x0aae0, 0x0aaea), (0x0aaf2, 0x0aaf4),
    (0x0ab01, 0x0ab06), (0x0ab09, 0x0ab0e), (0x0ab11, 0x0ab16), (0x0ab20, 0x0ab26), (0x0ab28, 0x0ab2e), (0x0ab30, 0x0ab5a),
    (0x0ab5c, 0x0ab69), (0x0ab70, 0x0abe2), (0x0abf0, 0x0abf9), (0x0ac00, 0x0d7a3), (0x0d7b0, 0x0d7c6), (0x0d7cb, 0x0d7fb),
    (0x0f900, 0x0fa6d), (0x0fa70, 0x0fad9), (0x0fb00, 0x0fb06), (0x0fb13, 0x0fb17), (0x0fb1d, 0x0fb1d), (0x0fb1f, 0x0fb28),
    (0x0fb2a, 0x0fb36), (0x0fb38, 0x0fb3c), (0x0fb3e, 0x0fb3e), (0x0fb40, 0x0fb41), (0x0fb43, 0x0fb44), (0x0fb46, 0x0fbb1),
    (0x0fbd3, 0x0fd3d), (0x0fd50, 0x0fd8f), (0x0fd92, 0x0fdc7), (0x0fdf0, 0x0fdfb), (0x0fe70, 0x0fe74), (0x0fe76, 0x0fefc),
    (0x0ff10, 0x0ff19), (0x0ff21, 0x0ff3a), (0x0ff41, 0x0ff5a), (0x0ff66, 0x0ffbe), (0x0ffc2, 0x0ffc7), (0x0ffca, 0x0ffcf),
    (0x0ffd2, 0x0ffd7), (0x0ffda, 0x0ffdc), (0x10000, 0x1000b), (0x1000d, 0x10026), (0x10028, 0x1003a), (0x1003c, 0x1003d),
    (0x1003f, 0x1004d), (0x10050, 0x1005d), (0x10080, 0x100fa), (0x10280, 0x1029c), (0x102a0, 0x102d0), (0x10300, 0x1031f),
    (0x1032d, 0x10340), (0x10342, 0x10349), (0x10350, 0x10375), (0x10380, 0x1039d), (0x103a0, 0x103c3), (0x103c8, 0x103cf),
    (0x10400, 0x1049d), (0x104a0, 0x104a9), (0x104b0, 0x104d3), (0x104d8, 0x104fb), (0x10500, 0x10527), (0x10530, 0x10563),
    (0x10600, 0x10736), (0x10740, 0x10755), (0x10760, 0x10767), (0x10800, 0x10805), (0x10808, 0x10808), (0x1080a, 0x10835),
    (0x10837, 0x10838), (0x1083c, 0x1083c), (0x1083f, 0x10855), (0x10860, 0x10876), (0x10880, 0x1089e), (0x108e0, 0x108f2),
    (0x108f4, 0x108f5), (0x10900, 0x10915), (0x10920, 0x10939), (0x10980, 0x109b7), (0x109be, 0x109bf), (0x10a00, 0x10a00),
    (0x10a10, 0x10a13), (0x10a15, 0x10a17), (0x10a19, 0x10a35), (0x10a60, 0x10a7c), (0x10a80, 0x10a9c), (0x10ac0, 0x10ac7),
    (0x10ac9, 0x10ae4), (0x10b00, 0x10b35), (0x10b40, 0x10b55), (0x10b60, 0x10b72), (0x10b80, 0x10b91), (0x10c00, 0x10c48),
    (0x10c80, 0x10cb2), (0x10cc0, 0x10cf2), (0x10d00, 0x10d23), (0x10d30, 0x10d39), (0x10e80, 0x10ea9), (0x10eb0, 0x10eb1),
    (0x10f00, 0x10f1c), (0x10f27, 0x10f27), (0x10f30, 0x10f45), (0x10fb0, 0x10fc4), (0x10fe0, 0x10ff6), (0x11003, 0x11037),
    (0x11066, 0x1106f), (0x11083, 0x110af), (0x110d0, 0x110e8), (0x110f0, 0x110f9), (0x11103, 0x11126), (0x11136, 0x1113f),
    (0x11144, 0x11144), (0x11147, 0x11147), (0x11150, 0x11172), (0x11176, 0x11176), (0x11183, 0x111b2), (0x111c1, 0x111c4),
    (0x111d0, 0x111da), (0x111dc, 0x111dc), (0x11200, 0x11211), (0x11213, 0x1122b), (0x11280, 0x11286), (0x11288, 0x11288),
    (0x1128a, 0x1128d), (0x1128f, 0x1129d), (0x1129f, 0x112a8), (0x112b0, 0x112de), (0x112f0, 0x112f9), (0x11305, 0x1130c),
    (0x1130f, 0x11310), (0x11313, 0x11328), (0x1132a, 0x11330), (0x11332, 0x11333), (0x11335, 0x11339), (0x1133d, 0x1133d),
    (0x11350, 0x11350), (0x1135d, 0x11361), (0x11400, 0x11434), (0x11447, 0x1144a), (0x11450, 0x11459), (0x1145f, 0x11461),
    (0x11480, 0x114af), (0x114c4, 0x114c5), (0x114c7, 0x114c7), (0x114d0, 0x114d9), (0x11580, 0x115ae), (0x115d8, 0x115db),
    (0x11600, 0x1162f), (0x11644, 0x11644), (0x11650, 0x11659), (0x11680, 0x116aa), (0x116b8, 0x116b8), (0x116c0, 0x116c9),
    (0x11700, 0x1171a), (0x11730, 0x11739), (0x11800, 0x1182b), (0x118a0, 0x118e9), (0x118ff, 0x11906), (0x11909, 0x11909),
    (0x1190c, 0x11913), (0x11915, 0x11916), (0x11918, 0x1192f), (0x1193f, 0x1193f), (0x11941, 0x11941), (0x11950, 0x11959),
    (0x119a0, 0x119a7), (0x119aa, 0x119d0), (0x119e1, 0x119e1), (0x119e3, 0x119e3), (0x11a00, 0x11a00), (0x11a0b, 0x11a32),
    (0x11a3a, 0x11a3a), (0x11a50, 0x11a50), (0x11a5c, 0x11a89), (0x11a9d, 0x11a9d), (0x11ac0, 0x11af8), (0x11c00, 0x11c08),
    (0x11c0a, 0x11c2e), (0x11c40, 0x11c40), (0x11c50, 0x11c59), (0x11c72, 0x11c8f), (0x11d00, 0x11d06), (0x11d08, 0x11d09),
    (0x11d0b, 0x11d30), (0x11d46, 0x11d46), (0x11d50, 0x11d59), (0x11d60, 0x11d65), (0x11d67, 0x11d68), (0x11d6a, 0x11d89),
    (0x11d98, 0x11d98), (0x11da0, 0x11da9), (0x11ee0, 0x11ef2), (0x11fb0, 0x11fb0), (0x12000, 0x12399), (0x12480, 0x12543),
    (0x13000, 0x1342e), (0x14400, 0x14646), (0x16800, 0x16a38), (0x16a40, 0x16a5e), (0x16a60, 0x16a69), (0x16ad0, 0x16aed),
    (0x16b00, 0x16b2f), (0x16b40, 0x16b43), (0x16b50, 0x16b59), (0x16b63, 0x16b77), (0x16b7d, 0x16b8f), (0x16e40, 0x16e7f),
    (0x16f00, 0x16f4a), (0x16f50, 0x16f50), (0x16f93, 0x16f9f), (0x16fe0, 0x16fe1), (0x16fe3, 0x16fe3), (0x17000, 0x187f7),
    (0x18800, 0x18cd5), (0x18d00, 0x18d08), (0x1b000, 0x1b11e), (0x1b150, 0x1b152), (0x1b164, 0x1b167), (0x1b170, 0x1b2fb),
    (0x1bc00, 0x1bc6a), (0x1bc70, 0x1bc7c), (0x1bc80, 0x1bc88), (0x1bc90, 0x1bc99), (0x1d400, 0x1d454), (0x1d456, 0x1d49c),
    (0x1d49e, 0x1d49f), (0x1d4a2, 0x1d4a2), (0x1d4a5, 0x1d4a6), (0x1d4a9, 0x1d4ac), (0x1d4ae, 0x1d4b9), (0x1d4bb, 0x1d4bb),
    (0x1d4bd, 0x1d4c3), (0x1d4c5, 0x1d505), (0x1d507, 0x1d50a), (0x1d50d, 0x1d514), (0x1d516, 0x1d51c), (0x1d51e, 0x1d539),
    (0x1d53b, 0x1d53e), (0x1d540, 0x1d544), (0x1d546, 0x1d546), (0x1d54a, 0x1d550), (0x1d552, 0x1d6a5), (0x1d6a8, 0x1d6c0),
    (0x1d6c2, 0x1d6da), (0x1d6dc, 0x1d6fa), (0x1d6fc, 0x1d714), (0x1d716, 0x1d734), (0x1d736, 0x1d74e), (0x1d750, 0x1d76e),
    (0x1d770, 0x1d788), (0x1d78a, 0x1d7a8), (0x1d7aa, 0x1d7c2), (0x1d7c4, 0x1d7cb), (0x1d7ce, 0x1d7ff), (0x1e100, 0x1e12c),
    (0x1e137, 0x1e13d), (0x1e140, 0x1e149), (0x1e14e, 0x1e14e), (0x1e2c0, 0x1e2eb), (0x1e2f0, 0x1e2f9), (0x1e800, 0x1e8c4),
    (0x1e900, 0x1e943), (0x1e94b, 0x1e94b), (0x1e950, 0x1e959), (0x1ee00, 0x1ee03), (0x1ee05, 0x1ee1f), (0x1ee21, 0x1ee22),
    (0x1ee24, 0x1ee24), (0x1ee27, 0x1ee27), (0x1ee29, 0x1ee32), (0x1ee34, 0x1ee37), (0x1ee39, 0x1ee39), (0x1ee3b, 0x1ee3b),
    (0x1ee42, 0x1ee42), (0x1ee47, 0x1ee47), (0x1ee49, 0x1ee49), (0x1ee4b, 0x1ee4b), (0x1ee4d, 0x1ee4f), (0x1ee51, 0x1ee52),
    (0x1ee54, 0x1ee54), (0x1ee57, 0x1ee57), (0x1ee59, 0x1ee59), (0x1ee5b, 0x1ee5b), (0x1ee5d, 0x1ee5d), (0x1ee5f, 0x1ee5f),
    (0x1ee61, 0x1ee62), (0x1ee64, 0x1ee64), (0x1ee67, 0x1ee6a), (0x1ee6c, 0x1ee72), (0x1ee74, 0x1ee77), (0x1ee79, 0x1ee7c),
    (0x1ee7e, 0x1ee7e), (0x1ee80, 0x1ee89), (0x1ee8b, 0x1ee9b), (0x1eea1, 0x1eea3), (0x1eea5, 0x1eea9), (0x1eeab, 0x1eebb),
    (0x1fbf0, 0x1fbf9), (0x20000, 0x2a6dd), (0x2a700, 0x2b734), (0x2b740, 0x2b81d), (0x2b820, 0x2cea1), (0x2ceb0, 0x2ebe0),
    (0x2f800, 0x2fa1d), (0x30000, 0x3134a),
];

#[cfg(test)]
mod tests {
    //! Go's lex_test.go, plus checks of the details the port must get right.

    use super::ItemType::{self, *};
    use super::*;
    // The glob above brings in the `String` variant; the type wins over it.
    use std::string::String;

    type Tok = (ItemType, &'static str);

    const T_DOT: Tok = (Dot, ".");
    const T_BLOCK: Tok = (Block, "block");
    const T_EOF: Tok = (Eof, "");
    const T_FOR: Tok = (Identifier, "for");
    const T_LEFT: Tok = (LeftDelim, "{{");
    const T_LPAR: Tok = (LeftParen, "(");
    const T_PIPE: Tok = (ItemType::Pipe, "|");
    const T_QUOTE: Tok = (ItemType::String, r#""abc \n\t\" ""#);
    const T_RANGE: Tok = (Range, "range");
    const T_RIGHT: Tok = (RightDelim, "}}");
    const T_RPAR: Tok = (RightParen, ")");
    const T_SPACE: Tok = (Space, " ");
    const RAW: &str = r#"`abc\n\t\" `"#;
    const RAW_NL: &str = "`now is{{\n}}the time`"; // Contains newline inside raw quote.
    const T_RAW_QUOTE: Tok = (RawString, RAW);
    const T_RAW_QUOTE_NL: Tok = (RawString, RAW_NL);

    /// Go's `collect`: all items up to EOF or an error, lexed with comments emitted and
    /// break/continue as keywords.
    fn collect(input: &str, left: &str, right: &str) -> Vec<Item<'static>> {
        // Leak-free 'static: own the values.
        Lexer::new(input, left, right, true, true, true)
            .map(|i| Item {
                typ: i.typ,
                pos: i.pos,
                val: Cow::Owned(i.val.into_owned()),
                line: i.line,
            })
            .collect()
    }

    fn toks(items: &[Item<'_>]) -> Vec<(ItemType, String)> {
        items.iter().map(|i| (i.typ, i.val.to_string())).collect()
    }

    fn want(expected: &[Tok]) -> Vec<(ItemType, String)> {
        expected.iter().map(|&(t, v)| (t, v.to_string())).collect()
    }

    fn lex_tests() -> Vec<(&'static str, String, Vec<Tok>)> {
        vec![
            ("empty", "".into(), vec![T_EOF]),
            ("spaces", " \t\n".into(), vec![(Text, " \t\n"), T_EOF]),
            (
                "text",
                "now is the time".into(),
                vec![(Text, "now is the time"), T_EOF],
            ),
            (
                "text with comment",
                "hello-{{/* this is a comment */}}-world".into(),
                vec![
                    (Text, "hello-"),
                    (Comment, "/* this is a comment */"),
                    (Text, "-world"),
                    T_EOF,
                ],
            ),
            (
                "punctuation",
                "{{,@% }}".into(),
                vec![
                    T_LEFT,
                    (Char, ","),
                    (Char, "@"),
                    (Char, "%"),
                    T_SPACE,
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            (
                "parens",
                "{{((3))}}".into(),
                vec![
                    T_LEFT,
                    T_LPAR,
                    T_LPAR,
                    (Number, "3"),
                    T_RPAR,
                    T_RPAR,
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            ("empty action", "{{}}".into(), vec![T_LEFT, T_RIGHT, T_EOF]),
            ("for", "{{for}}".into(), vec![T_LEFT, T_FOR, T_RIGHT, T_EOF]),
            (
                "block",
                r#"{{block "foo" .}}"#.into(),
                vec![
                    T_LEFT,
                    T_BLOCK,
                    T_SPACE,
                    (ItemType::String, r#""foo""#),
                    T_SPACE,
                    T_DOT,
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            (
                "quote",
                r#"{{"abc \n\t\" "}}"#.into(),
                vec![T_LEFT, T_QUOTE, T_RIGHT, T_EOF],
            ),
            (
                "raw quote",
                format!("{{{{{RAW}}}}}"),
                vec![T_LEFT, T_RAW_QUOTE, T_RIGHT, T_EOF],
            ),
            (
                "raw quote with newline",
                format!("{{{{{RAW_NL}}}}}"),
                vec![T_LEFT, T_RAW_QUOTE_NL, T_RIGHT, T_EOF],
            ),
            (
                "numbers",
                "{{1 02 0x14 0X14 -7.2i 1e3 1E3 +1.2e-4 4.2i 1+2i 1_2 0x1.e_fp4 0X1.E_FP4}}".into(),
                vec![
                    T_LEFT,
                    (Number, "1"),
                    T_SPACE,
                    (Number, "02"),
                    T_SPACE,
                    (Number, "0x14"),
                    T_SPACE,
                    (Number, "0X14"),
                    T_SPACE,
                    (Number, "-7.2i"),
                    T_SPACE,
                    (Number, "1e3"),
                    T_SPACE,
                    (Number, "1E3"),
                    T_SPACE,
                    (Number, "+1.2e-4"),
                    T_SPACE,
                    (Number, "4.2i"),
                    T_SPACE,
                    (Complex, "1+2i"),
                    T_SPACE,
                    (Number, "1_2"),
                    T_SPACE,
                    (Number, "0x1.e_fp4"),
                    T_SPACE,
                    (Number, "0X1.E_FP4"),
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            (
                "characters",
                r#"{{'a' '\n' '\'' '\\' '\u00FF' '\xFF' '本'}}"#.into(),
                vec![
                    T_LEFT,
                    (CharConstant, r"'a'"),
                    T_SPACE,
                    (CharConstant, r"'\n'"),
                    T_SPACE,
                    (CharConstant, r"'\''"),
                    T_SPACE,
                    (CharConstant, r"'\\'"),
                    T_SPACE,
                    (CharConstant, r"'\u00FF'"),
                    T_SPACE,
                    (CharConstant, r"'\xFF'"),
                    T_SPACE,
                    (CharConstant, "'本'"),
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            (
                "bools",
                "{{true false}}".into(),
                vec![
                    T_LEFT,
                    (Bool, "true"),
                    T_SPACE,
                    (Bool, "false"),
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            ("dot", "{{.}}".into(), vec![T_LEFT, T_DOT, T_RIGHT, T_EOF]),
            (
                "nil",
                "{{nil}}".into(),
                vec![T_LEFT, (Nil, "nil"), T_RIGHT, T_EOF],
            ),
            (
                "dots",
                "{{.x . .2 .x.y.z}}".into(),
                vec![
                    T_LEFT,
                    (Field, ".x"),
                    T_SPACE,
                    T_DOT,
                    T_SPACE,
                    (Number, ".2"),
                    T_SPACE,
                    (Field, ".x"),
                    (Field, ".y"),
                    (Field, ".z"),
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            (
                "keywords",
                "{{range if else end with}}".into(),
                vec![
                    T_LEFT,
                    (Range, "range"),
                    T_SPACE,
                    (If, "if"),
                    T_SPACE,
                    (Else, "else"),
                    T_SPACE,
                    (End, "end"),
                    T_SPACE,
                    (With, "with"),
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            (
                "variables",
                "{{$c := printf $ $hello $23 $ $var.Field .Method}}".into(),
                vec![
                    T_LEFT,
                    (Variable, "$c"),
                    T_SPACE,
                    (Declare, ":="),
                    T_SPACE,
                    (Identifier, "printf"),
                    T_SPACE,
                    (Variable, "$"),
                    T_SPACE,
                    (Variable, "$hello"),
                    T_SPACE,
                    (Variable, "$23"),
                    T_SPACE,
                    (Variable, "$"),
                    T_SPACE,
                    (Variable, "$var"),
                    (Field, ".Field"),
                    T_SPACE,
                    (Field, ".Method"),
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            (
                "variable invocation",
                "{{$x 23}}".into(),
                vec![
                    T_LEFT,
                    (Variable, "$x"),
                    T_SPACE,
                    (Number, "23"),
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            (
                "pipeline",
                r#"intro {{echo hi 1.2 |noargs|args 1 "hi"}} outro"#.into(),
                vec![
                    (Text, "intro "),
                    T_LEFT,
                    (Identifier, "echo"),
                    T_SPACE,
                    (Identifier, "hi"),
                    T_SPACE,
                    (Number, "1.2"),
                    T_SPACE,
                    T_PIPE,
                    (Identifier, "noargs"),
                    T_PIPE,
                    (Identifier, "args"),
                    T_SPACE,
                    (Number, "1"),
                    T_SPACE,
                    (ItemType::String, r#""hi""#),
                    T_RIGHT,
                    (Text, " outro"),
                    T_EOF,
                ],
            ),
            (
                "declaration",
                "{{$v := 3}}".into(),
                vec![
                    T_LEFT,
                    (Variable, "$v"),
                    T_SPACE,
                    (Declare, ":="),
                    T_SPACE,
                    (Number, "3"),
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            (
                "2 declarations",
                "{{$v , $w := 3}}".into(),
                vec![
                    T_LEFT,
                    (Variable, "$v"),
                    T_SPACE,
                    (Char, ","),
                    T_SPACE,
                    (Variable, "$w"),
                    T_SPACE,
                    (Declare, ":="),
                    T_SPACE,
                    (Number, "3"),
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            (
                "field of parenthesized expression",
                "{{(.X).Y}}".into(),
                vec![
                    T_LEFT,
                    T_LPAR,
                    (Field, ".X"),
                    T_RPAR,
                    (Field, ".Y"),
                    T_RIGHT,
                    T_EOF,
                ],
            ),
            (
                "trimming spaces before and after",
                "hello- {{- 3 -}} -world".into(),
                vec![
                    (Text, "hello-"),
                    T_LEFT,
                    (Number, "3"),
                    T_RIGHT,
                    (Text, "-world"),
                    T_EOF,
                ],
            ),
            (
                "trimming spaces before and after comment",
                "hello- {{- /* hello */ -}} -world".into(),
                vec![
                    (Text, "hello-"),
                    (Comment, "/* hello */"),
                    (Text, "-world"),
                    T_EOF,
                ],
            ),
            // errors
            (
                "badchar",
                "#{{\x01}}".into(),
                vec![
                    (Text, "#"),
                    T_LEFT,
                    (Error, "unrecognized character in action: U+0001"),
                ],
            ),
            (
                "unclosed action",
                "{{".into(),
                vec![T_LEFT, (Error, "unclosed action")],
            ),
            (
                "EOF in action",
                "{{range".into(),
                vec![T_LEFT, T_RANGE, (Error, "unclosed action")],
            ),
            (
                "unclosed quote",
                "{{\"\n\"}}".into(),
                vec![T_LEFT, (Error, "unterminated quoted string")],
            ),
            (
                "unclosed raw quote",
                "{{`xx}}".into(),
                vec![T_LEFT, (Error, "unterminated raw quoted string")],
            ),
            (
                "unclosed char constant",
                "{{'\n}}".into(),
                vec![T_LEFT, (Error, "unterminated character constant")],
            ),
            (
                "bad number",
                "{{3k}}".into(),
                vec![T_LEFT, (Error, r#"bad number syntax: "3k""#)],
            ),
            (
                "unclosed paren",
                "{{(3}}".into(),
                vec![
                    T_LEFT,
                    T_LPAR,
                    (Number, "3"),
                    (Error, "unclosed left paren"),
                ],
            ),
            (
                "extra right paren",
                "{{3)}}".into(),
                vec![
                    T_LEFT,
                    (Number, "3"),
                    T_RPAR,
                    (Error, "unexpected right paren U+0029 ')'"),
                ],
            ),
            // Fixed bugs
            // Many elements in an action blew the lookahead until we made
            // lexInsideAction not loop.
            (
                "long pipeline deadlock",
                "{{|||||}}".into(),
                vec![
                    T_LEFT, T_PIPE, T_PIPE, T_PIPE, T_PIPE, T_PIPE, T_RIGHT, T_EOF,
                ],
            ),
            (
                "text with bad comment",
                "hello-{{/*/}}-world".into(),
                vec![(Text, "hello-"), (Error, "unclosed comment")],
            ),
            (
                "text with comment close separated from delim",
                "hello-{{/* */ }}-world".into(),
                vec![
                    (Text, "hello-"),
                    (Error, "comment ends before closing delimiter"),
                ],
            ),
            // This one is an error that we can't catch because it breaks templates with
            // minimized JavaScript. Should have fixed it before Go 1.1.
            (
                "unmatched right delimiter",
                "hello-{.}}-world".into(),
                vec![(Text, "hello-{.}}-world"), T_EOF],
            ),
        ]
    }

    #[test]
    fn lex() {
        for (name, input, expected) in lex_tests() {
            let items = collect(&input, "", "");
            assert_eq!(toks(&items), want(&expected), "{name}");
        }
    }

    #[test]
    fn delims() {
        const L: Tok = (LeftDelim, "$$");
        const R: Tok = (RightDelim, "@@");
        let tests: Vec<(&str, String, Vec<Tok>)> = vec![
            (
                "punctuation",
                "$$,@%{{}}@@".into(),
                vec![
                    L,
                    (Char, ","),
                    (Char, "@"),
                    (Char, "%"),
                    (Char, "{"),
                    (Char, "{"),
                    (Char, "}"),
                    (Char, "}"),
                    R,
                    T_EOF,
                ],
            ),
            ("empty action", "$$@@".into(), vec![L, R, T_EOF]),
            ("for", "$$for@@".into(), vec![L, T_FOR, R, T_EOF]),
            (
                "quote",
                r#"$$"abc \n\t\" "@@"#.into(),
                vec![L, T_QUOTE, R, T_EOF],
            ),
            (
                "raw quote",
                format!("$${RAW}@@"),
                vec![L, T_RAW_QUOTE, R, T_EOF],
            ),
        ];
        for (name, input, expected) in tests {
            let items = collect(&input, "$$", "@@");
            assert_eq!(toks(&items), want(&expected), "{name}");
        }
    }

    #[test]
    fn delims_alphanumeric() {
        let items = collect("{{hub .host hub}}", "{{hub", "hub}}");
        let expected = [
            (LeftDelim, "{{hub"),
            (Space, " "),
            (Field, ".host"),
            (Space, " "),
            (RightDelim, "hub}}"),
            T_EOF,
        ];
        assert_eq!(toks(&items), want(&expected));
    }

    /// Go's lexPosTests: items with positions and lines.
    #[test]
    fn pos() {
        type Positioned = (ItemType, Pos, &'static str, usize);
        let tests: Vec<(&str, &str, Vec<Positioned>)> = vec![
            ("empty", "", vec![(Eof, 0, "", 1)]),
            (
                "punctuation",
                "{{,@%#}}",
                vec![
                    (LeftDelim, 0, "{{", 1),
                    (Char, 2, ",", 1),
                    (Char, 3, "@", 1),
                    (Char, 4, "%", 1),
                    (Char, 5, "#", 1),
                    (RightDelim, 6, "}}", 1),
                    (Eof, 8, "", 1),
                ],
            ),
            (
                "sample",
                "0123{{hello}}xyz",
                vec![
                    (Text, 0, "0123", 1),
                    (LeftDelim, 4, "{{", 1),
                    (Identifier, 6, "hello", 1),
                    (RightDelim, 11, "}}", 1),
                    (Text, 13, "xyz", 1),
                    (Eof, 16, "", 1),
                ],
            ),
            (
                "trimafter",
                "{{x -}}\n{{y}}",
                vec![
                    (LeftDelim, 0, "{{", 1),
                    (Identifier, 2, "x", 1),
                    (RightDelim, 5, "}}", 1),
                    (LeftDelim, 8, "{{", 2),
                    (Identifier, 10, "y", 2),
                    (RightDelim, 11, "}}", 2),
                    (Eof, 13, "", 2),
                ],
            ),
            (
                "trimbefore",
                "{{x}}\n{{- y}}",
                vec![
                    (LeftDelim, 0, "{{", 1),
                    (Identifier, 2, "x", 1),
                    (RightDelim, 3, "}}", 1),
                    (LeftDelim, 6, "{{", 2),
                    (Identifier, 10, "y", 2),
                    (RightDelim, 11, "}}", 2),
                    (Eof, 13, "", 2),
                ],
            ),
        ];
        for (name, input, expected) in tests {
            let got: Vec<(ItemType, Pos, String, usize)> = collect(input, "", "")
                .into_iter()
                .map(|i| (i.typ, i.pos, i.val.into_owned(), i.line))
                .collect();
            let expected: Vec<(ItemType, Pos, String, usize)> = expected
                .into_iter()
                .map(|(t, p, v, l)| (t, p, v.to_string(), l))
                .collect();
            assert_eq!(got, expected, "{name}");
        }
    }

    /// After the terminal item the lexer behaves like Go's closed channel.
    #[test]
    fn shutdown() {
        let mut l = Lexer::new("{{", "", "", false, true, true);
        assert_eq!(l.next_item().typ, LeftDelim);
        assert_eq!(l.next_item().typ, Error);
        assert_eq!(l.next_item(), Item::zero());
        assert_eq!(l.next_item(), Item::zero());
    }

    /// Trim markers need '-' plus an ASCII space, \t, \r or \n; only those are trimmed.
    #[test]
    fn trim_markers_are_ascii_only() {
        let items = collect("a\u{b} \u{a0}\t\r\n{{- 1 -}}\r\n\t \u{a0}b", "", "");
        assert_eq!(
            toks(&items),
            want(&[
                (Text, "a\u{b} \u{a0}"),
                T_LEFT,
                (Number, "1"),
                T_RIGHT,
                (Text, "\u{a0}b"),
                T_EOF,
            ])
        );
        // "{{-3}}" is the number -3, and "{{3-}}" a bad number.
        let items = collect("x {{-3}} y", "", "");
        assert_eq!(
            toks(&items),
            want(&[
                (Text, "x "),
                T_LEFT,
                (Number, "-3"),
                T_RIGHT,
                (Text, " y"),
                T_EOF
            ])
        );
        // A marker followed by another kind of space is not a marker.
        let items = collect("x {{-\u{b}3}}", "", "");
        assert_eq!(
            toks(&items),
            want(&[
                (Text, "x "),
                T_LEFT,
                (Number, "-"),
                (Error, "unrecognized character in action: U+000B"),
            ])
        );
        // "\n-}}" trims, and the newline is counted.
        let items = collect("{{x\n-}}\n\ny", "", "");
        let last = &items[items.len() - 2];
        assert_eq!((last.typ, last.val.as_ref(), last.line), (Text, "y", 4));
    }

    #[test]
    fn break_and_continue_are_keywords_unless_functions() {
        let typs = |break_ok, continue_ok| -> Vec<ItemType> {
            Lexer::new(
                "{{break}}{{continue}}",
                "",
                "",
                false,
                break_ok,
                continue_ok,
            )
            .map(|i| i.typ)
            .filter(|t| !matches!(t, LeftDelim | RightDelim | Eof))
            .collect()
        };
        assert_eq!(typs(true, true), [Break, Continue]);
        assert_eq!(typs(false, true), [Identifier, Continue]);
        assert_eq!(typs(true, false), [Break, Identifier]);
    }

    #[test]
    fn comments() {
        // Newlines inside a dropped comment are counted.
        let items: Vec<_> = Lexer::new("{{/*\n\n*/}}x", "", "", false, true, true).collect();
        assert_eq!((items[0].typ, items[0].line), (Text, 3));
        let items = collect("x {{- /* a */ -}} y", "", "");
        assert_eq!(
            toks(&items),
            want(&[(Text, "x"), (Comment, "/* a */"), (Text, "y"), T_EOF])
        );
        // The comment must end at the delimiter (or at a trim marker before it).
        let items = collect("{{- /* a */ }}", "", "");
        assert_eq!(
            toks(&items),
            want(&[(Error, "comment ends before closing delimiter")])
        );
    }

    /// Letters and digits are Go's (Unicode categories L and Nd), not Rust's.
    #[test]
    fn unicode_classes() {
        assert!(is_alphanumeric('é'));
        assert!(is_alphanumeric('本'));
        assert!(is_alphanumeric('٣')); // ARABIC-INDIC DIGIT THREE (Nd)
        assert!(!is_alphanumeric('Ⅻ')); // ROMAN NUMERAL TWELVE (Nl): alphabetic in Rust
        assert!(!is_alphanumeric('\u{903}')); // DEVANAGARI SIGN VISARGA (Mc)
        assert!(!is_alphanumeric('²')); // No
        let items = collect("{{ ñ.x Ⅻ}}", "", "");
        assert_eq!(
            toks(&items),
            want(&[
                T_LEFT,
                T_SPACE,
                (Identifier, "ñ"),
                (Field, ".x"),
                T_SPACE,
                (Error, "unrecognized character in action: U+216B 'Ⅻ'"),
            ])
        );
        let items = collect("{{x\u{200b}}}", "", "");
        assert_eq!(
            toks(&items),
            want(&[T_LEFT, (Error, "bad character U+200B")])
        );
    }

    #[test]
    fn go_formatting() {
        assert_eq!(unicode_verb('#'), "U+0023 '#'");
        assert_eq!(unicode_verb('\u{1}'), "U+0001");
        assert_eq!(unicode_verb('\u{a0}'), "U+00A0");
        assert_eq!(unicode_verb('😀'), "U+1F600 '😀'");
        assert_eq!(
            quote("a\"\\\u{7}\u{8}\u{c}\n\r\t\u{b}\u{1}\u{7f}é\u{a0}\u{ad}\u{200b}\u{e0001}😀"),
            r#""a\"\\\a\b\f\n\r\t\v\x01\x7fé\u00a0\u00ad\u200b\U000e0001😀""#
        );
        let item = |typ, val: &'static str| Item {
            typ,
            pos: 0,
            val: Cow::Borrowed(val),
            line: 1,
        };
        assert_eq!(item(Eof, "").to_string(), "EOF");
        assert_eq!(item(Error, "oops").to_string(), "oops");
        assert_eq!(item(Dot, ".").to_string(), "<.>");
        assert_eq!(item(Char, ",").to_string(), r#"",""#);
        assert_eq!(
            item(ItemType::String, r#""0123456789""#).to_string(),
            r#""\"012345678"..."#
        );
        assert_eq!(item(Text, "ééééééééééé").to_string(), r#""éééééééééé"..."#);
    }
}
