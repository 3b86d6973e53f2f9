//! Ports of Go's `strconv` (and the bit of `fmt` scanning the parser needs): quoting and
//! unquoting, number parsing, float formatting. Go's source is the specification; the
//! template engine's output and error messages depend on these byte for byte.

pub(crate) mod atof;
#[cfg(feature = "render")]
pub(crate) mod ftoa;
pub(crate) mod quote;
pub(crate) mod scan;

#[cfg(feature = "render")]
pub(crate) use quote::{append_escaped_rune, append_quoted, can_backquote};
pub(crate) use quote::{is_print, quote};

use std::fmt;

/// strconv's digits (`lowerhex`, `upperhex`), with the letter of the hex prefix last.
pub(crate) const LOWER_HEX: &[u8; 17] = b"0123456789abcdefx";
pub(crate) const UPPER_HEX: &[u8; 17] = b"0123456789ABCDEFX";

/// strconv's errors, with Go's messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StrconvError {
    /// `strconv.ErrSyntax`
    Syntax,
    /// `strconv.ErrRange`
    Range,
}

impl fmt::Display for StrconvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StrconvError::Syntax => "invalid syntax",
            StrconvError::Range => "value out of range",
        })
    }
}
