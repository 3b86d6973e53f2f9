//! Reading template sources and other text inputs named on the command line: files or
//! standard input (`-`), as UTF-8.

use std::path::Path;

use crate::error::Error;
use crate::fs::{cannot_read, is_stdin, Utf8};

// Decoding lives with the reader; these names stay for the callers that read stdin.
pub use crate::fs::{lossy, utf8};

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Reads a template from `file` (`-` is standard input) and returns `(name, text)`.
pub fn read_template(file: &str) -> Result<(String, String), Error> {
    read_text(file, "template")
}

/// Reads `file` (`-` is standard input), `what` naming it in errors, and returns
/// `(name, text)`.
pub fn read_text(file: &str, what: &str) -> Result<(String, String), Error> {
    read_text_in(Path::new(""), file, what)
}

/// [`read_template`] with a relative `file` read from `dir`; it keeps its name as given.
pub fn read_template_in(dir: &Path, file: &str) -> Result<(String, String), Error> {
    read_text_in(dir, file, "template")
}

fn read_text_in(dir: &Path, file: &str, what: &str) -> Result<(String, String), Error> {
    if is_stdin(file) {
        let (name, bytes) = read_bytes(file, what)?;
        let text = utf8(&name, bytes)?;
        return Ok((name, text));
    }
    let failed = |why: &str| cannot_read(what, file, why);
    let text = crate::fs::read(&dir.join(file), file, Utf8::Strict, failed)?.text;
    Ok((file.to_string(), text))
}

/// Reads `file` (`-` is standard input), `what` naming it in errors, and returns
/// `(name, bytes)`.
pub fn read_bytes(file: &str, what: &str) -> Result<(String, Vec<u8>), Error> {
    if is_stdin(file) {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes).map_err(|e| {
            Error::io(
                format!("cannot read the {what} from standard input: {e}"),
                e,
            )
        })?;
        return Ok((STDIN_NAME.to_string(), bytes));
    }
    let bytes = std::fs::read(Path::new(file))
        .map_err(|e| Error::io(cannot_read(what, file, &crate::fs::io_reason(&e)), e))?;
    Ok((file.to_string(), bytes))
}

/// Tracks Markdown code fences (``` and ~~~) line by line: what is inside one is an
/// example, never an import or a marker.
#[derive(Debug, Default)]
pub struct Fences {
    open: Option<&'static str>,
}

impl Fences {
    /// Whether `line` is a fence line or inside a fence (call it for every line, in order).
    pub fn in_code(&mut self, line: &str) -> bool {
        let trimmed = line.trim_start();
        match ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m)) {
            Some(m) => {
                self.open = match self.open {
                    Some(open) if open == m => None,
                    None => Some(m),
                    other => other,
                };
                true
            }
            None => self.open.is_some(),
        }
    }
}
