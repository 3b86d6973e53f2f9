//! What is true about the machine and the repository, gathered once per run.

pub mod context_files;
pub mod git;
pub mod sandbox;

use std::path::{Path, PathBuf};

use git::Repo;

/// This program's directory under each platform directory (config, state and cache).
pub const APP_DIR: &str = "asimi-prompt";

/// Where a run starts from: the places the rest of the run is resolved against. Gathered
/// first and once, so that settings resolve as a pure function of them.
#[derive(Debug, Clone, Default)]
pub struct Facts {
    /// The working directory (the process's, or `-C DIR` under it), made canonical.
    pub cwd: PathBuf,
    pub home: Option<PathBuf>,
    /// The platform's config directory (`~/.config` on Linux).
    pub config_dir: Option<PathBuf>,
    /// The platform's state directory (`~/.local/state` on Linux; where a platform has
    /// none, its local data directory).
    pub state_dir: Option<PathBuf>,
    /// This program's cache directory (`~/.cache/asimi-prompt` on Linux): the memo, the
    /// map's indexes and fetched pages.
    pub cache_dir: Option<PathBuf>,
    /// The git work tree holding `cwd`.
    pub repo: Option<Repo>,
}

/// Why `-C DIR` (`dir`, taken from the process's working directory) cannot be used.
pub fn cwd_not_a_directory(dir: &Path) -> String {
    format!("-C '{}': not a directory", crate::paths::display(dir))
}

impl Facts {
    /// Reads the working directory (`-C DIR` is taken relative to it), the home and
    /// platform directories, and discovers the repository.
    pub fn gather(cwd_flag: Option<&Path>) -> Result<Facts, String> {
        let process_cwd = std::env::current_dir()
            .map_err(|e| format!("cannot read the working directory: {e}"))?;
        let cwd = match cwd_flag {
            Some(dir) => {
                let dir = process_cwd.join(dir);
                if !dir.is_dir() {
                    return Err(cwd_not_a_directory(&dir));
                }
                dir
            }
            None => process_cwd,
        };
        let cwd = cwd.canonicalize().unwrap_or(cwd);
        Ok(Facts {
            repo: git::discover(&cwd),
            cwd,
            home: dirs::home_dir(),
            config_dir: dirs::config_dir(),
            state_dir: dirs::state_dir().or_else(dirs::data_local_dir),
            cache_dir: cache_dir(),
        })
    }

    /// The git work tree root, or the working directory outside one.
    pub fn project_root(&self) -> &Path {
        self.repo.as_ref().map_or(&self.cwd, |r| &r.root)
    }
}

/// This program's cache directory, as [`Facts::cache_dir`] holds it: for what runs before
/// the facts are gathered (the memo), or without them (`map`).
pub fn cache_dir() -> Option<PathBuf> {
    dirs::cache_dir().map(|d| d.join(APP_DIR))
}
