//! Fetching the pages a user names (`--url`, or the URLs in their prompt with
//! `--fetch-urls`) for the request's URL context: over HTTP(S) with a bounded client
//! (`http`), cached on disk for a while (`cache`) so that repeated requests send the same
//! bytes and keep their cache prefix, and turned into text (`convert`: HTML to Markdown
//! with its title; plain text, Markdown and JSON as they are).
//!
//! Only the user names what is fetched: nothing read from a repository (a spec, a
//! file) ever adds a URL to fetch.

pub mod cache;
pub mod convert;
pub mod detect;
pub mod http;

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::error::Error;

/// The most URLs one request fetches unless `--max-urls` says otherwise (docs/contributing/design.md,
/// tier promotion).
pub const MAX_URLS: usize = 3;
/// How long one fetch may take, redirects included, unless `--url-timeout` says otherwise.
pub const DEFAULT_TIMEOUT_SECS: u64 = 30;
/// How long a fetched page is reused unless `--url-ttl` says otherwise: a working session.
pub const DEFAULT_TTL: &str = "1h";
/// The most bytes of one page read: more than a model should be sent for one URL.
pub const MAX_BODY_BYTES: u64 = 2 * 1024 * 1024;
/// Redirects followed before giving up.
pub const MAX_REDIRECTS: u32 = 5;
/// Sent with every fetch, so a server's operator can tell what asked.
pub const USER_AGENT: &str = concat!("asimi-prompt/", env!("CARGO_PKG_VERSION"));
/// Under the program's cache directory.
const URLS_DIR: &str = "urls";

/// What to do instead of a failed fetch, at the end of its message.
pub const PREFETCHED_HINT: &str = "or pass the content you saved with --url-context URL=FILE";

/// How to fetch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The whole fetch, redirects included.
    pub timeout: Duration,
    /// How long a cached page is reused; zero fetches every time.
    pub ttl: Duration,
    /// Where pages are cached; `None` caches nothing.
    pub cache_dir: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            timeout: Duration::from_secs(DEFAULT_TIMEOUT_SECS),
            ttl: parse_ttl(DEFAULT_TTL).unwrap_or_default(),
            cache_dir: None,
        }
    }
}

/// Where pages are cached in the program's cache directory (`Facts::cache_dir`).
pub fn pages_dir(cache_dir: &Path) -> PathBuf {
    cache_dir.join(URLS_DIR)
}

/// A fetched page as the request sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub url: String,
    /// An HTML page's `<title>`, else its first heading.
    pub title: Option<String>,
    pub content: String,
}

/// A duration such as `1h`, `30m`, `90s` or `0` (seconds without a unit).
pub fn parse_ttl(text: &str) -> Result<Duration, String> {
    let (digits, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(at) => text.split_at(at),
        None => (text, "s"),
    };
    let scale = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => 0,
    };
    match digits.parse::<u64>() {
        Ok(n) if scale > 0 => Ok(Duration::from_secs(n.saturating_mul(scale))),
        _ => Err(format!(
            "'{text}' is not a duration; give a number with s, m, h or d, such as 1h or 30m"
        )),
    }
}

/// The body at `url`, as the server sent it (decoded as UTF-8): from the cache while it
/// is younger than `options.ttl`, else fetched (and cached; a cache that cannot be
/// written is a warning, not a failure). `convert::page` makes it a [`Page`]; the caller
/// guards secrets in between, because Markdown escaping (`ghp\_…`) would hide a token
/// from the scanner.
pub fn fetch(
    url: &str,
    options: &Options,
    warnings: &mut Vec<String>,
) -> Result<cache::Entry, Error> {
    http::check_url(url)?;
    let now = SystemTime::now();
    let dir = options.cache_dir.as_deref();
    let entry = match dir.and_then(|d| cache::read(d, url, options.ttl, now)) {
        Some(entry) => entry,
        None => {
            let response = http::get(url, options.timeout)?;
            let entry = cache::Entry::new(url, response, now, warnings);
            if let Some(d) = dir {
                if let Err(e) = cache::write(d, &entry) {
                    warnings.push(format!(
                        "warning: URL '{url}' was not cached in '{}': {e}",
                        crate::paths::display(d)
                    ));
                }
            }
            entry
        }
    };
    Ok(entry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_take_a_unit() {
        assert_eq!(parse_ttl("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_ttl("30m"), Ok(Duration::from_secs(1800)));
        assert_eq!(parse_ttl("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_ttl("0"), Ok(Duration::ZERO));
        assert_eq!(parse_ttl("2d"), Ok(Duration::from_secs(172_800)));
        for bad in ["", "h", "1x", "-1h", "1.5h"] {
            assert!(parse_ttl(bad).is_err(), "{bad}");
        }
        assert_eq!(Options::default().ttl, Duration::from_secs(3600));
        assert!(USER_AGENT.starts_with("asimi-prompt/"));
    }
}
