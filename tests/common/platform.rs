//! Where the tool's user directories are under a test's home, by the `dirs` crate's
//! rules for each platform, so no test spells out a Linux path. The harness sets `HOME`
//! (and `XDG_CONFIG_HOME`, which only Linux reads); Windows finds these directories
//! through its own API rather than `HOME`, so the tests that use them are for unix.

use std::path::{Path, PathBuf};

/// The tool's directory name under the platform directories.
pub const APP_DIR: &str = "asimi-prompt";

/// The user configuration base under `home` (`dirs::config_dir`).
pub fn config_base(home: &Path) -> PathBuf {
    if cfg!(target_os = "macos") {
        home.join("Library/Application Support")
    } else {
        home.join(".config")
    }
}

/// The user state base under `home` (`dirs::state_dir`, or `dirs::data_local_dir` where
/// the platform has no state directory).
pub fn state_base(home: &Path) -> PathBuf {
    if cfg!(target_os = "macos") {
        home.join("Library/Application Support")
    } else {
        home.join(".local/state")
    }
}
