//! Reading template sources and other text inputs: files or standard input, as UTF-8.

use std::path::Path;

use crate::data::io_reason;

/// A source that could not be read; the message names it and says why.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct SourceError {
    pub message: String,
}

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Reads a template from `file` (`-` is standard input) and returns `(name, text)`.
pub fn read_template(file: &str) -> Result<(String, String), SourceError> {
    read_text(file, "template")
}

/// [`read_template`] with a relative `file` read from `dir`; it keeps its name as given.
pub fn read_template_in(dir: &Path, file: &str) -> Result<(String, String), SourceError> {
    let (name, bytes) = read_bytes_from(&dir.join(file), file, "template")?;
    Ok((name.clone(), utf8(&name, bytes)?))
}

/// Reads `file` (`-` is standard input), `what` naming it in errors, and returns
/// `(name, text)`.
pub fn read_text(file: &str, what: &str) -> Result<(String, String), SourceError> {
    let (name, bytes) = read_bytes(file, what)?;
    let text = utf8(&name, bytes)?;
    Ok((name, text))
}

/// Reads `file` (`-` is standard input), `what` naming it in errors, and returns
/// `(name, bytes)`.
pub fn read_bytes(file: &str, what: &str) -> Result<(String, Vec<u8>), SourceError> {
    if file == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes).map_err(|e| SourceError {
            message: format!("cannot read the {what} from standard input: {e}"),
        })?;
        return Ok((STDIN_NAME.to_string(), bytes));
    }
    read_bytes_from(Path::new(file), file, what)
}

/// Reads `path` (`-` as `file` is standard input), which messages call `file`.
fn read_bytes_from(path: &Path, file: &str, what: &str) -> Result<(String, Vec<u8>), SourceError> {
    if file == "-" {
        return read_bytes(file, what);
    }
    let bytes = std::fs::read(path).map_err(|e| SourceError {
        message: format!("cannot read {what} '{file}': {}", io_reason(&e)),
    })?;
    Ok((file.to_string(), bytes))
}

/// Text from input that is prose, not a template (working files, AGENTS.md, an LLM's
/// output, a piped prompt): invalid UTF-8 is replaced with U+FFFD rather than refused,
/// and the note to print says so, naming the source.
pub fn lossy(name: &str, bytes: Vec<u8>) -> (String, Option<String>) {
    match String::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => {
            let note = format!(
                "'{name}' is not valid UTF-8 (first bad byte at offset {}); invalid bytes \
                 were replaced with U+FFFD",
                e.utf8_error().valid_up_to()
            );
            (
                String::from_utf8_lossy(e.as_bytes()).into_owned(),
                Some(note),
            )
        }
    }
}

/// Checks that `bytes` are UTF-8, naming the first bad byte's line and column.
pub fn utf8(name: &str, bytes: Vec<u8>) -> Result<String, SourceError> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let good = &e.as_bytes()[..at];
        let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = 1 + String::from_utf8_lossy(&good[line_start..]).chars().count();
        SourceError {
            message: format!(
                "{name}:{line}:{column}: invalid UTF-8 (byte {at}); templates must be UTF-8 text"
            ),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lossy_replaces_and_names_the_source() {
        assert_eq!(lossy("a", b"ok".to_vec()), ("ok".to_string(), None));
        let (text, note) = lossy("<stdin>", b"caf\xe9!".to_vec());
        assert_eq!(text, "caf\u{fffd}!");
        assert_eq!(
            note.unwrap(),
            "'<stdin>' is not valid UTF-8 (first bad byte at offset 3); invalid bytes were \
             replaced with U+FFFD"
        );
    }

    #[test]
    fn invalid_utf8_names_line_and_column() {
        let e = utf8("t.tmpl", b"ok\nab\xffc".to_vec()).unwrap_err();
        assert_eq!(
            e.message,
            "t.tmpl:2:3: invalid UTF-8 (byte 5); templates must be UTF-8 text"
        );
    }
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
