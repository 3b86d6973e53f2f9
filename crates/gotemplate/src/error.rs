//! The crate's one error type: what failed (an [`ErrorKind`]), where (the template's name,
//! line and column, when known), and the complete message.
//!
//! The message is worded as Go words it (`template: NAME:LINE:COL: ...`), so that it can
//! be compared with Go's text byte for byte; the name, line and column are for code that
//! inspects errors, not for printing.

use std::fmt;

/// What failed. More kinds may come in a minor release: match it with a wildcard arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The source is not a valid template (Go's parse errors, Jinja syntax errors).
    Parse,
    /// The template failed while it ran (Go's exec errors).
    Exec,
    /// The template or data met one of the engine's limits, which Go does not have: a
    /// template Go runs may fail here for these reasons and no other.
    Limit(Limit),
    /// The data is not valid JSON ([`crate::json::decode`]).
    Json,
    /// The engine itself failed (a panic, caught): a bug, reported as an error that
    /// names the template rather than as a crash.
    Internal,
}

/// The engine's limits, which Go does not have (fixtures/known-differences.md). A
/// comparison with Go can tell these documented differences from real ones by kind.
/// More limits may come in a minor release: match it with a wildcard arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Limit {
    /// More than [`crate::MAX_TEMPLATE_DEPTH`] nested `{{template}}` calls.
    TemplateDepth,
    /// More than [`crate::MAX_NESTING`] nested control structures and parenthesised
    /// pipelines.
    Nesting,
    /// An `{{else if}}` chain longer than [`crate::MAX_ELSE_IFS`].
    ElseIfChain,
    /// An action (or Jinja tag) nesting more than [`crate::MAX_EXPR_DEPTH`] operations.
    ExpressionDepth,
    /// A lowered template beyond what minijinja's parser holds (a pipeline of about
    /// 150 stages in parentheses, say).
    Lowering,
    /// The execution budget ([`crate::Limits::fuel`]) ran out.
    Fuel,
    /// The byte budget ([`crate::Limits::bytes`]) ran out.
    Bytes,
    /// JSON nested deeper than Go's decoder allows ([`crate::json::MAX_DEPTH`]); Go
    /// fails there too, with the same message.
    JsonDepth,
}

/// A template (or its JSON data) that could not be parsed or executed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    name: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
            name: None,
            line: None,
            column: None,
        }
    }

    /// The error as in template `name`.
    pub(crate) fn named(mut self, name: &str) -> Error {
        self.name = Some(name.to_string());
        self
    }

    /// The error as at `line` (1-based) and, when known, `column`.
    pub(crate) fn at(mut self, line: usize, column: Option<usize>) -> Error {
        self.line = Some(line);
        self.column = column;
        self
    }

    /// The error as meeting the engine's `limit`.
    pub(crate) fn beyond(mut self, limit: Limit) -> Error {
        self.kind = ErrorKind::Limit(limit);
        self
    }

    /// What failed.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The engine limit the template met, when that is the error rather than one Go
    /// makes.
    pub fn limit(&self) -> Option<Limit> {
        match self.kind {
            ErrorKind::Limit(limit) => Some(limit),
            _ => None,
        }
    }

    /// The complete message, as [`Display`](fmt::Display) prints it.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The name of the template that failed (`None` for JSON data).
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The 1-based line of the failure, when known.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The column of the failure, when known: for a template the 0-based byte column Go
    /// prints, for JSON the 1-based byte column.
    pub fn column(&self) -> Option<usize> {
        self.column
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}
