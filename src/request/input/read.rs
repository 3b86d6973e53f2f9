//! Reading what a request holds from disk: working files, history, images and fetched
//! URL content. Every error names the file (and index or position) and what to do.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use base64::Engine as _;
use serde_json::Value;

use crate::beneath::Root;
use crate::error::Error;
use crate::paths;
use crate::request::assemble::{Block, FileItem, Image, Message, Role, UrlItem};
use crate::request::tier::Tier;

/// The default `--max-file-bytes`: 1 MiB.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 1024 * 1024;
/// Anthropic's per-image limit; the strictest of the providers.
pub const MAX_IMAGE_BYTES: u64 = 5 * 1000 * 1000;

/// Where inputs may come from.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Files must lie under this directory unless `allow_outside`.
    pub project_root: PathBuf,
    pub allow_outside: bool,
    pub max_file_bytes: u64,
    /// The handle on the project root that files inside it are opened through (see
    /// [`crate::beneath`]); `None` until [`Limits::opened`].
    pub root: Option<Arc<Root>>,
}

impl Limits {
    /// The limits with the handle on the project root open, unless any file may be read.
    pub fn opened(self) -> Result<Limits, Error> {
        if self.allow_outside || self.root.is_some() {
            return Ok(self);
        }
        let root = Root::open(&self.project_root).map_err(|e| {
            let shown = paths::display(&self.project_root);
            Error::data(format!(
                "cannot open the project root '{shown}': {}",
                crate::fs::io_reason(&e)
            ))
        })?;
        Ok(Limits {
            root: Some(Arc::new(root)),
            ..self
        })
    }

    /// The handle a file that must lie inside the project is opened through.
    fn confining(&self) -> Option<&Root> {
        self.root.as_deref().filter(|_| !self.allow_outside)
    }
}

/// Reads `path`; through the handle on the project root when `within` confines it (a
/// file the spec names).
fn read(path: &Path, what: &str, shown: &str, within: Option<&Limits>) -> Result<Vec<u8>, Error> {
    match within.and_then(Limits::confining) {
        Some(root) => root.read(path),
        None => std::fs::read(path),
    }
    .map_err(|e| read_error(&e, path, what, shown))
}

/// Why `path` (`what` named `shown`) could not be read.
pub(crate) fn read_error(e: &std::io::Error, path: &Path, what: &str, shown: &str) -> Error {
    match e.kind() {
        std::io::ErrorKind::NotFound => Error::data(format!("{what} '{shown}' does not exist")),
        _ if path.is_dir() => is_a_directory(what, shown),
        _ => Error::data(format!(
            "{what} '{shown}' cannot be read: {}",
            crate::fs::io_reason(e)
        )),
    }
}

fn is_a_directory(what: &str, shown: &str) -> Error {
    Error::data(format!("{what} '{shown}' is a directory; give a file"))
}

/// What to do about an input outside the project root.
const ALLOW_OUTSIDE_HINT: &str = "pass --allow-outside to include it";

/// `arg` resolved against `base`, and its path relative to the project root (forward
/// slashes), which names it in the request. Outside the root, the absolute path.
/// `limits.project_root` is canonical (`load` makes it so), so a file inside it costs
/// one canonicalization: it took four, 22 readlinks a file in a deep tree.
fn locate(arg: &str, base: &Path, limits: &Limits) -> Result<(PathBuf, String), Error> {
    let path = base.join(arg);
    let real = path
        .canonicalize()
        .map_err(|_| Error::data(missing_file(arg, &limits.project_root)))?;
    let root = &limits.project_root;
    if !limits.allow_outside && !real.starts_with(root) {
        let what = format!("file '{arg}'");
        paths::confine(root, &path, &what, ALLOW_OUTSIDE_HINT).map_err(Error::data)?;
    }
    let shown = paths::project_name(&real, root);
    Ok((real, shown))
}

/// How many same-named files a missing `--file` suggests.
const SAME_NAMED: usize = 3;

/// Why `--file ARG` fails when nothing is there, with the project's files of the same
/// name: in a workspace (tokio's), `src/main.rs` lives a level down.
fn missing_file(arg: &str, root: &Path) -> String {
    let missing = format!("file '{arg}' does not exist");
    let Some(name) = Path::new(arg).file_name() else {
        return missing;
    };
    let mut found: Vec<String> = crate::select::walker(root)
        .build()
        .flatten()
        .filter(|e| e.file_name() == name && e.file_type().is_some_and(|t| t.is_file()))
        .map(|e| paths::project_name(e.path(), root))
        .collect();
    found.sort();
    let more = found.len().saturating_sub(SAME_NAMED);
    found.truncate(SAME_NAMED);
    match (found.is_empty(), more) {
        (true, _) => missing,
        (false, 0) => format!("{missing}; the project has {}", found.join(", ")),
        (false, n) => format!(
            "{missing}; the project has {} and {n} more",
            found.join(", ")
        ),
    }
}

/// A path the spec `origin` names under `key` (relative to `spec_dir`): like `--file`,
/// it must lie inside the project root, links followed, unless `--allow-outside`.
pub fn spec_path(
    origin: &str,
    key: &str,
    value: &str,
    spec_dir: &Path,
    limits: &Limits,
) -> Result<PathBuf, Error> {
    let path = spec_dir.join(value);
    if !limits.allow_outside {
        let what = format!("{origin}: {key} '{value}'");
        paths::confine(&limits.project_root, &path, &what, ALLOW_OUTSIDE_HINT)
            .map_err(Error::data)?;
    }
    Ok(path)
}

/// Text from bytes: invalid UTF-8 is replaced (U+FFFD) and a warning returned.
fn text(bytes: Vec<u8>, shown: &str, warnings: &mut Vec<String>) -> String {
    let (text, note) = crate::fs::lossy(shown, bytes);
    warnings.extend(note.map(|n| format!("warning: {n}")));
    text
}

/// Why a file found by a directory or glob is left out rather than read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unfit {
    /// Over `--max-file-bytes` (its size).
    Oversize(u64),
    /// A NUL byte in the first 8 KiB.
    Binary,
    /// It could not be opened or read (permission denied, say): the short reason.
    Unreadable(String),
}

/// Why [`read_checked`] gave no bytes.
enum Refused {
    Unfit(Unfit),
    Io(std::io::Error),
    Directory,
}

impl From<Unfit> for Refused {
    fn from(u: Unfit) -> Refused {
        Refused::Unfit(u)
    }
}

/// The bytes of the file `real`, unless it is over the limit, binary or unreadable. One
/// open and one fstat a file: a request names hundreds.
fn read_checked(real: &Path, limits: &Limits) -> Result<Vec<u8>, Refused> {
    use std::io::Read;
    let mut file = match limits.confining() {
        Some(root) => root.open_file(real),
        None => std::fs::File::open(real),
    }
    .map_err(Refused::Io)?;
    let meta = file.metadata().map_err(Refused::Io)?;
    if meta.is_dir() {
        return Err(Refused::Directory);
    }
    if meta.len() > limits.max_file_bytes {
        return Err(Unfit::Oversize(meta.len()).into());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // Bounded, should the file grow after the fstat (and `File::read_to_end` would
    // fstat and seek again).
    let limit = limits.max_file_bytes;
    (&mut file)
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(Refused::Io)?;
    if bytes.len() as u64 > limit {
        return Err(Unfit::Oversize(bytes.len() as u64).into());
    }
    if memchr::memchr(0, &bytes[..bytes.len().min(8192)]).is_some() {
        return Err(Unfit::Binary.into());
    }
    Ok(bytes)
}

/// A working file. Binary files (a NUL byte in the first 8 KiB) and files over the limit
/// are refused.
pub fn read_file(
    arg: &str,
    base: &Path,
    limits: &Limits,
    warnings: &mut Vec<String>,
) -> Result<FileItem, Error> {
    let (real, rel) = locate(arg, base, limits)?;
    let unfit = match read_checked(&real, limits) {
        Ok(bytes) => {
            let content = text(bytes, &rel, warnings);
            return Ok(FileItem::new(rel, content));
        }
        Err(Refused::Io(e)) => return Err(read_error(&e, &real, "file", &rel)),
        Err(Refused::Directory) => return Err(is_a_directory("file", &rel)),
        Err(Refused::Unfit(unfit)) => unfit,
    };
    match unfit {
        Unfit::Oversize(size) => Err(Error::limit(format!(
            "file '{rel}' is {size} bytes, over the limit of {} bytes; \
             raise --max-file-bytes or leave it out",
            limits.max_file_bytes
        ))),
        Unfit::Binary => Err(Error::data(format!(
            "file '{rel}' is binary (it contains NUL bytes); only text files can be sent \
             (images go with --image)"
        ))),
        Unfit::Unreadable(why) => Err(Error::data(format!("file '{rel}' cannot be read: {why}"))),
    }
}

/// A file a directory or glob found (`real`, canonical): read, or left out with the
/// reason when it is binary or over the limit.
pub fn read_found(
    real: &Path,
    limits: &Limits,
    warnings: &mut Vec<String>,
) -> Result<Result<FileItem, (String, Unfit)>, Error> {
    let rel = paths::project_name(real, &limits.project_root);
    // One unreadable file of a directory does not stop the others: the caller says it
    // was left out.
    Ok(match read_checked(real, limits) {
        Ok(bytes) => {
            let content = text(bytes, &rel, warnings);
            Ok(FileItem::new(rel, content))
        }
        Err(Refused::Unfit(unfit)) => Err((rel, unfit)),
        Err(Refused::Io(e)) => Err((rel, Unfit::Unreadable(crate::fs::io_reason(&e)))),
        Err(Refused::Directory) => Err((rel, Unfit::Unreadable("it is a directory".into()))),
    })
}

/// Fetched URL content: `URL=FILE`, split at the last `=` (URLs may hold `=`).
pub fn read_url(
    url: &str,
    file: &Path,
    shown: &str,
    within: Option<&Limits>,
    warnings: &mut Vec<String>,
) -> Result<UrlItem, Error> {
    let bytes = read(file, "URL content file", shown, within)?;
    let content = text(bytes, shown, warnings);
    Ok(UrlItem {
        url: url.to_string(),
        content,
        ..UrlItem::default()
    })
}

/// Splits a `--url-context` value.
pub fn split_url_arg(arg: &str) -> Result<(&str, &str), Error> {
    match arg.rsplit_once('=') {
        Some((url, file)) if !url.is_empty() && !file.is_empty() => Ok((url, file)),
        _ => Err(Error::data(format!(
            "--url-context '{arg}': expected URL=FILE (the file holds the fetched content)"
        ))),
    }
}

/// The media type of an image, from its first bytes.
pub fn sniff_image(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// An image for the prompt: PNG, JPEG, GIF or WebP (by content), at most 5 MB.
/// `shown` names the file in messages (as the user wrote it).
/// `within` confines a file the spec names.
pub fn read_image(path: &Path, shown: &str, within: Option<&Limits>) -> Result<Image, Error> {
    let bytes = read(path, "image", shown, within)?;
    if bytes.len() as u64 > MAX_IMAGE_BYTES {
        return Err(Error::limit(format!(
            "image '{shown}' is {} bytes, over the 5 MB providers accept; scale it down",
            bytes.len()
        )));
    }
    let media_type = sniff_image(&bytes).ok_or_else(|| {
        Error::data(format!(
            "image '{shown}' is not a PNG, JPEG, GIF or WebP image (by its first bytes)"
        ))
    })?;
    Ok(Image {
        media_type: media_type.to_string(),
        data: base64::engine::general_purpose::STANDARD.encode(&bytes),
    })
}

/// A JSON error as `file:line:col: message`.
pub fn json_error(shown: &str, e: &serde_json::Error) -> Error {
    let msg = e.to_string();
    let msg = crate::documents::strip_position(&msg);
    Error::data(format!("{shown}:{}:{}: {msg}", e.line(), e.column()))
}

/// The conversation history: a JSON list of `{role, content}` messages, `role` being
/// `user` or `assistant`, `content` a string or a list of Anthropic-style blocks. Any
/// `cache_control` in it is dropped: asimi-prompt places the markers.
/// `within` confines a file the spec names.
pub fn read_history(
    path: &Path,
    shown: &str,
    within: Option<&Limits>,
) -> Result<Vec<Message>, Error> {
    let bytes = read(path, "history file", shown, within)?;
    let value: Value = serde_json::from_slice(&bytes).map_err(|e| json_error(shown, &e))?;
    parse_history(&value, shown)
}

/// The summary preface: a history that starts at a summary (docs/contributing/design.md, message
/// formatting) opens with this user message (some APIs want the first message to be the
/// user's).
pub const SUMMARY_PREFACE: &str = "Please continue from the following summary:";

/// Parses a history list. Keys other than `role` and `content` (`ts`, `isSummary`…) are
/// internal and dropped. The last message marked `"isSummary": true` starts the
/// history: it and the messages after it are kept, preceded by `SUMMARY_PREFACE`.
pub fn parse_history(value: &Value, shown: &str) -> Result<Vec<Message>, Error> {
    let Some(list) = value.as_array() else {
        return Err(Error::data(format!(
            "{shown}: the history must be a JSON list of {{\"role\", \"content\"}} messages"
        )));
    };
    let messages = list
        .iter()
        .enumerate()
        .map(|(i, m)| parse_message(m, i, shown))
        .collect::<Result<Vec<_>, _>>()?;
    let summary = list
        .iter()
        .rposition(|m| m.get("isSummary").and_then(Value::as_bool) == Some(true));
    let start = summary.unwrap_or(0);
    let mut calls = std::collections::HashSet::new();
    for (i, m) in messages.iter().enumerate().skip(start) {
        for b in &m.content {
            let Block::Other(v) = b else { continue };
            let id = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
            match v.get("type").and_then(Value::as_str) {
                Some("tool_use") => {
                    calls.insert(id("id"));
                }
                Some("tool_result") if !calls.contains(&id("tool_use_id")) => {
                    return Err(Error::data(format!(
                        "{shown}: message {i}: tool_result '{}' has no matching tool_use \
                         before it{}; add the call or remove the result",
                        id("tool_use_id"),
                        if summary.is_some() {
                            " (since the last summary)"
                        } else {
                            ""
                        }
                    )));
                }
                _ => {}
            }
        }
    }
    Ok(match summary {
        None => messages,
        Some(at) => {
            let mut out = vec![Message {
                role: Role::User,
                content: vec![Block::Text(SUMMARY_PREFACE.to_string())],
                tier: Tier::Active,
                cache: false,
            }];
            out.extend(messages.into_iter().skip(at));
            out
        }
    })
}

fn parse_message(m: &Value, i: usize, shown: &str) -> Result<Message, Error> {
    let at = |what: String| Error::data(format!("{shown}: message {i}: {what}"));
    let Some(obj) = m.as_object() else {
        return Err(at("not an object; expected {\"role\", \"content\"}".into()));
    };
    let role = match obj.get("role").and_then(Value::as_str) {
        Some("user") => Role::User,
        Some("assistant") => Role::Assistant,
        Some(other) => {
            return Err(at(format!(
                "unknown role '{other}'; expected user or assistant (the system prompt \
                 comes from asimi-prompt)"
            )))
        }
        None => return Err(at("'role' is missing or not a string".into())),
    };
    let content = match obj.get("content") {
        Some(Value::String(s)) => vec![Block::Text(s.clone())],
        Some(Value::Array(blocks)) => blocks
            .iter()
            .enumerate()
            .map(|(j, b)| parse_block(b).map_err(|what| at(format!("block {j}: {what}"))))
            .collect::<Result<_, _>>()?,
        _ => {
            return Err(at(
                "'content' must be a string or a list of content blocks".into()
            ))
        }
    };
    Ok(Message {
        role,
        content,
        tier: Tier::Active,
        cache: false,
    })
}

fn parse_block(b: &Value) -> Result<Block, String> {
    let Some(obj) = b.as_object() else {
        return Err("not an object".into());
    };
    match obj.get("type").and_then(Value::as_str) {
        Some("text") => match obj.get("text").and_then(Value::as_str) {
            Some(t) => Ok(Block::Text(t.to_string())),
            None => Err("a text block needs a string 'text'".into()),
        },
        Some("image") => {
            let source = obj.get("source");
            let get = |k: &str| source.and_then(|s| s.get(k)).and_then(Value::as_str);
            match (get("type"), get("media_type"), get("data")) {
                (Some("base64"), Some(mt), Some(data)) => Ok(Block::Image {
                    media_type: mt.to_string(),
                    data: data.to_string(),
                }),
                _ => Err("an image block needs source {type: base64, media_type, data}".into()),
            }
        }
        Some(_) => {
            let mut v = b.clone();
            if let Some(o) = v.as_object_mut() {
                o.remove("cache_control");
            }
            Ok(Block::Other(v))
        }
        None => Err("'type' is missing".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_images() {
        assert_eq!(sniff_image(b"\x89PNG\r\n\x1a\nrest"), Some("image/png"));
        assert_eq!(sniff_image(&[0xff, 0xd8, 0xff, 0xe0]), Some("image/jpeg"));
        assert_eq!(sniff_image(b"GIF89a.."), Some("image/gif"));
        assert_eq!(sniff_image(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff_image(b"BM...."), None);
    }

    #[test]
    fn history_markers_are_dropped() {
        let v = serde_json::json!([
            {"role": "assistant", "content": [{"type": "tool_use", "id": "a", "name": "n", "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "a", "content": "x", "cache_control": {"type": "ephemeral"}}]},
            {"role": "assistant", "content": "ok"}
        ]);
        let h = parse_history(&v, "h.json").unwrap();
        assert_eq!(
            h[1].content,
            vec![Block::Other(
                serde_json::json!({"type": "tool_result", "tool_use_id": "a", "content": "x"})
            )]
        );
        let bad = serde_json::json!([{"role": "user", "content": "a"}, {"role": "robot", "content": "b"}]);
        let e = parse_history(&bad, "h.json").unwrap_err();
        assert!(
            e.message
                .starts_with("h.json: message 1: unknown role 'robot'"),
            "{e}"
        );
    }
}
