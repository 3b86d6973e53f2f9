//! Reading text: one reader for files and standard input (`-`) that turns I/O failures
//! into short reasons and decodes UTF-8 the way each kind of input needs ([`Utf8`]); and
//! replacing cache files whole.

use std::path::Path;

use crate::beneath::Root;
use crate::error::{Error, Kind, Location};

/// The file argument that means standard input.
pub const STDIN_ARG: &str = "-";

/// Whether a file argument means standard input.
pub fn is_stdin(arg: &str) -> bool {
    arg == STDIN_ARG
}

pub use crate::error::io_reason;

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Reads a template from `file` (`-` is standard input) and returns `(name, text)`.
pub fn read_template(file: &str) -> Result<(String, String), Error> {
    read_input_in(Path::new(""), file, "template")
}

/// [`read_template`] with a relative `file` read from `dir`; it keeps its name as given.
pub fn read_template_in(dir: &Path, file: &str) -> Result<(String, String), Error> {
    read_input_in(dir, file, "template")
}

fn read_input_in(dir: &Path, file: &str, what: &str) -> Result<(String, String), Error> {
    if is_stdin(file) {
        let (name, bytes) = read_input_bytes(file, what)?;
        let text = utf8(&name, bytes)?;
        return Ok((name, text));
    }
    let failed = |why: &str| cannot_read(what, file, why);
    let text = read(&dir.join(file), file, Utf8::Strict, failed)?.text;
    Ok((file.to_string(), text))
}

/// Reads `file` (`-` is standard input), `what` naming it in errors, and returns
/// `(name, bytes)`.
pub fn read_input_bytes(file: &str, what: &str) -> Result<(String, Vec<u8>), Error> {
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
        .map_err(|e| Error::io(cannot_read(what, file, &io_reason(&e)), e))?;
    Ok((file.to_string(), bytes))
}

/// What to do with bytes that are not UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Utf8 {
    /// Refuse them, naming the first bad byte's line and column ([`utf8`]): templates,
    /// settings and other files whose text must be exact.
    Strict,
    /// Replace them with U+FFFD and warn ([`lossy`]): prose such as context files.
    Lossy,
    /// Report them as a failed read, "not UTF-8 text" (as `read_to_string` does): config
    /// and data files.
    Unreadable,
}

/// Decoded text, and the warning to print when invalid bytes were replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    pub warning: Option<String>,
}

/// The usual message for a file that cannot be read.
pub fn cannot_read(what: &str, shown: &str, why: &str) -> String {
    format!("cannot read {what} '{shown}': {why}")
}

/// Reads `path` (a `what`, such as "goal file", in messages) as strict UTF-8; messages
/// show the path with forward slashes.
pub fn read_text(path: &Path, what: &str) -> Result<String, Error> {
    let shown = crate::paths::display(path);
    read(path, &shown, Utf8::Strict, |why| {
        cannot_read(what, &shown, why)
    })
    .map(|t| t.text)
}

/// Reads `path`, shown as `shown` in messages, decoding as `utf8` says; `failed` words
/// the error from the short reason a read failed.
pub fn read(
    path: &Path,
    shown: &str,
    utf8: Utf8,
    failed: impl Fn(&str) -> String,
) -> Result<Decoded, Error> {
    decode(std::fs::read(path), shown, utf8, failed)
}

/// Reads `path` as [`read`] does, through the handle on the project `root` (see
/// [`crate::beneath`]): a path that leads out of the root is an error that says so.
pub fn read_beneath(
    root: &Root,
    path: &Path,
    shown: &str,
    utf8: Utf8,
    failed: impl Fn(&str) -> String,
) -> Result<Decoded, Error> {
    decode(root.read(path), shown, utf8, failed)
}

/// Reads `path` as [`read`] does; a project's file (`project` names the project root)
/// through a handle on the root, so that what a confinement check passed is what is read.
pub fn read_project(
    project: Option<&Path>,
    path: &Path,
    shown: &str,
    utf8: Utf8,
    failed: impl Fn(&str) -> String,
) -> Result<Decoded, Error> {
    match project {
        Some(root) => decode(
            Root::open(root).and_then(|r| r.read(path)),
            shown,
            utf8,
            failed,
        ),
        None => read(path, shown, utf8, failed),
    }
}

/// The text of a read's `bytes`, decoded as `utf8` says.
fn decode(
    bytes: std::io::Result<Vec<u8>>,
    shown: &str,
    utf8: Utf8,
    failed: impl Fn(&str) -> String,
) -> Result<Decoded, Error> {
    let unreadable = |e: std::io::Error| {
        let message = failed(&io_reason(&e));
        Error::io(message, e).at(Location::file(shown))
    };
    let bytes = bytes.map_err(unreadable)?;
    match utf8 {
        Utf8::Strict => self::utf8(shown, bytes).map(|text| Decoded {
            text,
            warning: None,
        }),
        Utf8::Lossy => {
            let (text, warning) = lossy(shown, bytes);
            Ok(Decoded { text, warning })
        }
        Utf8::Unreadable => String::from_utf8(bytes)
            .map(|text| Decoded {
                text,
                warning: None,
            })
            .map_err(|e| unreadable(std::io::Error::new(std::io::ErrorKind::InvalidData, e))),
    }
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
pub fn utf8(name: &str, bytes: Vec<u8>) -> Result<String, Error> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let good = &e.as_bytes()[..at];
        let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = 1 + String::from_utf8_lossy(&good[line_start..]).chars().count();
        let message = format!(
            "{name}:{line}:{column}: invalid UTF-8 (byte {at}); templates must be UTF-8 text"
        );
        let location = Location {
            column: Some(column),
            ..Location::line(name, line)
        };
        Error::new(Kind::Data, message)
            .at(location)
            .with_source(e.utf8_error())
    })
}

/// Replaces a cache file whole: written to a temporary file beside it, then renamed
/// into place, so a concurrent reader sees the old file or the new one, never half of
/// one. Not synced: a cache lost in a crash is only work to redo.
pub fn replace_cache_file(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = target.parent().expect("cache files live in a directory");
    std::fs::create_dir_all(dir)?;
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(bytes)?;
    temp.persist(target).map_err(|e| e.error)?;
    Ok(())
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
        assert_eq!(e.location().and_then(|l| l.column), Some(3));
    }

    #[test]
    fn each_decoding_keeps_its_message() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.yaml");
        std::fs::write(&path, b"a\xff").unwrap();
        let failed = |why: &str| cannot_read("config file", "x.yaml", why);
        let e = read(&path, "x.yaml", Utf8::Unreadable, failed).unwrap_err();
        assert_eq!(
            e.message,
            "cannot read config file 'x.yaml': not UTF-8 text"
        );
        let e = read(&path, "x.yaml", Utf8::Strict, failed).unwrap_err();
        assert_eq!(
            e.message,
            "x.yaml:1:2: invalid UTF-8 (byte 1); templates must be UTF-8 text"
        );
        let t = read(&path, "x.yaml", Utf8::Lossy, failed).unwrap();
        assert_eq!(t.text, "a\u{fffd}");
        assert!(t.warning.is_some());
        let e = read_text(&dir.path().join("none"), "goal file").unwrap_err();
        assert!(e.is_not_found());
        assert!(e.message.ends_with(": no such file"), "{}", e.message);
    }
}
