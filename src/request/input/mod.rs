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
pub use plan::RequestFlags;

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
