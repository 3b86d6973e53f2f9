//! Fetched pages on disk, one JSON file per URL named by the sha256 of the URL, reused
//! while younger than the TTL. The same bytes on every request of a session keep the
//! request's cache prefix intact; a file that cannot be read, or names another URL, is a
//! miss. Files are written atomically, so concurrent runs never read half a page.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::http::Response;

/// Bump when the entry's shape changes; an entry of another format is a miss.
const FORMAT: &str = "url-cache-1";
const EXTENSION: &str = "json";

/// One cached answer: the body as text (pages are text by the time they are cached).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub format: String,
    pub url: String,
    /// Seconds since the Unix epoch.
    pub fetched: u64,
    pub content_type: String,
    pub body: String,
}

fn seconds(t: SystemTime) -> u64 {
    t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

impl Entry {
    /// The entry for `response`, fetched `now`; invalid UTF-8 is replaced, with a warning.
    pub fn new(
        url: &str,
        response: Response,
        now: SystemTime,
        warnings: &mut Vec<String>,
    ) -> Entry {
        let (body, note) = crate::fs::lossy(url, response.body);
        warnings.extend(note.map(|n| format!("warning: {n}")));
        Entry {
            format: FORMAT.to_string(),
            url: url.to_string(),
            fetched: seconds(now),
            content_type: response.content_type,
            body,
        }
    }
}

/// Where `url`'s entry lives in `dir`.
pub fn path(dir: &Path, url: &str) -> PathBuf {
    let key = crate::digest::sha256_hex(url.as_bytes());
    dir.join(format!("{key}.{EXTENSION}"))
}

/// `url`'s entry, when one younger than `ttl` at `now` is in `dir`.
pub fn read(dir: &Path, url: &str, ttl: Duration, now: SystemTime) -> Option<Entry> {
    let bytes = std::fs::read(path(dir, url)).ok()?;
    let entry: Entry = serde_json::from_slice(&bytes).ok()?;
    let age = seconds(now).checked_sub(entry.fetched)?;
    (entry.format == FORMAT && entry.url == url && age < ttl.as_secs()).then_some(entry)
}

/// Stores `entry` in `dir` (created if missing).
pub fn write(dir: &Path, entry: &Entry) -> std::io::Result<()> {
    let json = serde_json::to_vec(entry).map_err(std::io::Error::other)?;
    crate::output::write_atomic(&path(dir, &entry.url), &json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_reused_until_it_is_as_old_as_the_ttl() {
        let dir = tempfile::tempdir().unwrap();
        let t0 = UNIX_EPOCH + Duration::from_secs(1_000_000);
        let response = Response {
            content_type: "text/plain".into(),
            body: b"hello \xff".to_vec(),
        };
        let mut warnings = Vec::new();
        let entry = Entry::new("http://h/a", response, t0, &mut warnings);
        assert_eq!(entry.body, "hello \u{fffd}");
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        write(dir.path(), &entry).unwrap();
        let hour = Duration::from_secs(3600);
        let at = |secs| t0 + Duration::from_secs(secs);
        assert_eq!(
            read(dir.path(), "http://h/a", hour, at(3599)),
            Some(entry.clone())
        );
        assert_eq!(read(dir.path(), "http://h/a", hour, at(3600)), None);
        assert_eq!(read(dir.path(), "http://h/a", Duration::ZERO, t0), None);
        assert_eq!(read(dir.path(), "http://h/b", hour, t0), None);
        // An entry from the future (a clock set back) is not trusted.
        assert_eq!(read(dir.path(), "http://h/a", hour, at(0) - hour), None);
        // A damaged file is a miss.
        std::fs::write(path(dir.path(), "http://h/a"), b"{").unwrap();
        assert_eq!(read(dir.path(), "http://h/a", hour, t0), None);
    }
}
