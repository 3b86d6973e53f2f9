//! The crate's one error type: what went wrong (a [`Kind`]), where (a [`Location`], when
//! known), the message the user sees, and the error underneath (an I/O error, say).
//!
//! The message is complete: it already names the place in the form that source's users
//! know (`FILE:LINE:COL: KEY: problem` for YAML, Go's `template: NAME:LINE:COL:` for
//! templates) and, for I/O, the short reason ([`crate::fs::io_reason`]). `Display` prints
//! it unchanged, so the location and source are for code that inspects errors, not for
//! printing; [`report`] prints a chain without saying the reason twice.

use std::fmt;
use std::sync::Arc;

/// What went wrong. Every kind exits with the same code; the kind tells tests and callers
/// which part of the input to blame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A flag, environment variable or config value asks for something wrong or missing.
    Usage,
    /// Input the run reads (data, goal, context, prompt and request files, UTF-8) is not
    /// what it must be.
    Data,
    /// A template could not be parsed or executed.
    Template,
    /// A file or stream could not be read or written.
    Io,
    /// Input is over a size or nesting limit.
    Limit,
    /// A request is larger than the model's context window holds (with
    /// `--max-request-tokens`, that is over budget: exit 1).
    OverWindow,
}

/// Where an error is: any of a file, a line and column in it, and a key.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Location {
    pub file: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub key: Option<String>,
}

impl Location {
    /// The file `file`.
    pub fn file(file: impl Into<String>) -> Location {
        Location {
            file: Some(file.into()),
            ..Location::default()
        }
    }

    /// Line `line` (1-based) of `file`.
    pub fn line(file: impl Into<String>, line: usize) -> Location {
        Location {
            line: Some(line),
            ..Location::file(file)
        }
    }
}

/// An error with its kind, location, message and source.
#[derive(Debug, Clone)]
pub struct Error {
    pub kind: Kind,
    /// Boxed, to keep `Result<_, Error>` small.
    location: Option<Box<Location>>,
    /// What the user sees (see the module comment).
    pub message: String,
    /// Shared, so errors stay `Clone` like the message-only errors they replace.
    source: Option<Arc<dyn std::error::Error + Send + Sync>>,
}

impl Error {
    pub fn new(kind: Kind, message: impl Into<String>) -> Error {
        Error {
            kind,
            location: None,
            message: message.into(),
            source: None,
        }
    }

    pub fn usage(message: impl Into<String>) -> Error {
        Error::new(Kind::Usage, message)
    }

    pub fn data(message: impl Into<String>) -> Error {
        Error::new(Kind::Data, message)
    }

    pub fn limit(message: impl Into<String>) -> Error {
        Error::new(Kind::Limit, message)
    }

    /// An I/O failure; `message` already says why (from `source`).
    pub fn io(message: impl Into<String>, source: std::io::Error) -> Error {
        Error::new(Kind::Io, message).with_source(source)
    }

    pub fn at(mut self, location: Location) -> Error {
        self.location = Some(Box::new(location));
        self
    }

    /// Where the error is, when known.
    pub fn location(&self) -> Option<&Location> {
        self.location.as_deref()
    }

    pub fn with_source(mut self, source: impl std::error::Error + Send + Sync + 'static) -> Error {
        self.source = Some(Arc::new(source));
        self
    }

    /// The I/O error underneath, if there is one.
    pub fn io_error(&self) -> Option<&std::io::Error> {
        self.source.as_deref()?.downcast_ref()
    }

    /// Whether the error is a file that does not exist (which some readers allow).
    pub fn is_not_found(&self) -> bool {
        self.io_error()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::NotFound)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// Errors are equal when they say the same thing about the same place; the sources
/// (I/O errors are not comparable) are left out.
impl PartialEq for Error {
    fn eq(&self, other: &Error) -> bool {
        self.kind == other.kind && self.location == other.location && self.message == other.message
    }
}

impl Eq for Error {}

/// An error chain as the user sees it: each message, joined by `: ` (as anyhow's `{:#}`
/// joins them), stopping after an [`Error`], whose message already says why.
pub fn report(e: &anyhow::Error) -> String {
    let mut parts = Vec::new();
    for cause in e.chain() {
        match cause.downcast_ref::<std::io::Error>() {
            Some(io) => parts.push(io_reason(io)),
            None => parts.push(cause.to_string()),
        }
        if cause.downcast_ref::<Error>().is_some() {
            break;
        }
    }
    // An I/O error no step gave context to is a write to standard output (each file
    // the program reads or writes names itself).
    if e.chain().count() == 1 && e.downcast_ref::<std::io::Error>().is_some() {
        return format!("{}: {}", OUTPUT_FAILED, parts.join(": "));
    }
    parts.join(": ")
}

/// A short reason for an I/O error, without Rust's "(os error N)" suffix.
pub fn io_reason(e: &std::io::Error) -> String {
    if crate::beneath::is_outside(e) {
        return crate::beneath::LEADS_OUTSIDE.into();
    }
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::InvalidData => "not UTF-8 text".into(),
        std::io::ErrorKind::IsADirectory => "it is a directory".into(),
        std::io::ErrorKind::StorageFull => "no space left on device".into(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_string(),
                None => s,
            }
        }
    }
}

/// What a failed write to standard output says first.
pub const OUTPUT_FAILED: &str = "cannot write the output";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_is_printed_once_and_the_source_kept() {
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "gone");
        let e = Error::io("cannot read goal file 'g.yaml': no such file", io)
            .at(Location::file("g.yaml"));
        assert!(e.is_not_found());
        assert_eq!(
            e.to_string(),
            "cannot read goal file 'g.yaml': no such file"
        );
        let wrapped = anyhow::Error::new(e).context("while loading");
        assert_eq!(
            report(&wrapped),
            "while loading: cannot read goal file 'g.yaml': no such file"
        );
        let plain = anyhow::Error::new(std::io::Error::other("disk full")).context("cannot write");
        assert_eq!(report(&plain), format!("{plain:#}"));
    }
}
