//! What a request is made of, in two steps: [`plan`] decides flag against spec without
//! reading anything, and [`load`] does every read ([`read`] holds the readers, [`tree`]
//! the file tree). [`guard`] checks what was read for secrets before it is sent.

pub mod guard;
pub mod load;
pub mod plan;
pub mod read;
pub mod spec;
pub mod tree;

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::request::providers::SystemRole;

/// What the command line asked for (flags override the spec, which overrides defaults).
#[derive(Debug, Clone, Default)]
pub struct RequestFlags {
    pub prompt: Option<String>,
    pub files: Vec<String>,
    /// `--exclude GLOB` values.
    pub exclude: Vec<String>,
    pub history: Option<String>,
    /// `URL=FILE` values.
    pub url_context: Vec<String>,
    /// `--url` values: pages to fetch.
    pub urls: Vec<String>,
    /// `--fetch-urls`: also fetch the URLs the prompt mentions.
    pub fetch_urls: bool,
    /// `--max-urls` (default [`crate::fetch::MAX_URLS`]).
    pub max_urls: Option<usize>,
    /// `--url-timeout` and `--url-ttl`, and where pages are cached.
    pub fetch: crate::fetch::Options,
    /// Where the map's indexes are cached; `None` caches nothing.
    pub map_cache_dir: Option<std::path::PathBuf>,
    pub images: Vec<String>,
    pub file_tree: Option<bool>,
    pub session: Option<String>,
    pub provider: Option<String>,
    pub max_tokens: Option<u64>,
    pub stream: bool,
    pub cache_ttl: Option<String>,
    /// `--cache-create`: Gemini's cache create body.
    pub cache_create: bool,
    /// `--cached-content NAME`: a Gemini request that uses the entry NAME.
    pub cached_content: Option<String>,
    pub tokenizer: Option<String>,
    pub system_role: SystemRole,
    pub prompt_cache_key: Option<String>,
    pub max_file_bytes: u64,
    pub allow_outside: bool,
    /// `--truncate`: drop old history to fit the context window.
    pub truncate: bool,
    /// `context`: a preview, which needs no prompt and shows an oversize request rather
    /// than refusing it.
    pub preview: bool,
    /// A body that holds no prompt (Gemini's `--cache-create`): none is asked for.
    pub prompt_optional: bool,
    /// `--secrets` (else the config's `secrets`, else redact).
    pub secrets: crate::secrets::Mode,
    /// `--no-symbol-map`: leave the repository's map out.
    pub no_symbol_map: bool,
    /// `--map-exclude GLOB` values.
    pub map_exclude: Vec<String>,
    /// `--map-tokens N`: the symbol map's budget (see [`plan::map_tokens`]).
    pub map_tokens: Option<usize>,
    /// `--verbose`: note the files the map could not parse cleanly.
    pub verbose: bool,
    /// `--review [BASE][..HEAD]` / `--review-worktree`: the code review context.
    pub review: Option<crate::review::Range>,
}

pub(crate) fn err(message: String) -> Error {
    Error::data(message)
}

/// Reads a spec file (`path` as given, `shown` in messages), and where its relative paths
/// start: its directory.
pub fn load_spec(path: &Path) -> Result<(spec::Spec, PathBuf), Error> {
    let shown = crate::paths::display(path);
    let text =
        std::fs::read_to_string(path).map_err(|e| read::read_error(&e, path, "spec", &shown))?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((spec::parse(&text, &shown)?, dir))
}
