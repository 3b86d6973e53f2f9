//! Golden files: compared byte for byte, and rewritten only under `UPDATE_GOLDEN=1`.

use std::ffi::OsStr;
use std::path::Path;

/// The variable that asks for golden files to be regenerated.
pub const UPDATE_VAR: &str = "UPDATE_GOLDEN";

/// Whether this run regenerates golden files. Only `UPDATE_GOLDEN=1` does, so that
/// `UPDATE_GOLDEN=0` (or an empty value) cannot rewrite a file and pass.
pub fn updating() -> bool {
    is_update(std::env::var_os(UPDATE_VAR).as_deref())
}

/// Whether a value of `UPDATE_GOLDEN` asks for regeneration.
pub fn is_update(value: Option<&OsStr>) -> bool {
    value == Some(OsStr::new("1"))
}

/// Compares `got` with the golden file at `path`: a missing file or any difference is
/// an error naming the first line that differs.
pub fn compare(path: &Path, got: &str) -> Result<(), String> {
    let want = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if want == got {
        return Ok(());
    }
    let first = want
        .lines()
        .zip(got.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| want.lines().count().min(got.lines().count()));
    Err(format!(
        "{} differs, first at line {}:\n  golden: {:?}\n  got:    {:?}",
        path.display(),
        first + 1,
        want.lines().nth(first),
        got.lines().nth(first),
    ))
}

/// Compares `got` with the golden file, or rewrites the file under `UPDATE_GOLDEN=1`.
/// `test` names the test module in `tests/integration`, for the hint on how to regenerate.
pub fn check(path: &Path, got: &str, test: &str) -> Result<(), String> {
    if updating() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, got).unwrap();
        return Ok(());
    }
    compare(path, got).map_err(|e| {
        format!(
            "{e}\nIf the change is intended, run UPDATE_GOLDEN=1 cargo test --test integration {test}:: \
             and review the diff.\n--- got ---\n{got}"
        )
    })
}

/// Checks that a golden comparison really fails: a copy of the golden file with one
/// byte changed, and a missing file, must both be refused. The copy lives in a
/// temporary directory, so nothing in the repository is ever corrupted.
pub fn assert_corruption_is_caught(path: &Path, got: &str) {
    compare(path, got).unwrap();
    let dir = super::tempdir();
    let copy = dir.path().join("golden");
    let mut bytes = std::fs::read(path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] = if bytes[middle] == b'#' { b'$' } else { b'#' };
    std::fs::write(&copy, &bytes).unwrap();
    assert!(compare(&copy, got).is_err(), "a changed byte must fail");
    let missing = dir.path().join("missing");
    assert!(compare(&missing, got).is_err(), "a missing file must fail");
}
