//! Repositories made with git2 inside a test's bounded temporary directory, with a fixed
//! signature and time, so commit ids (and with them a diff's `index` lines) are the same
//! on every run.

use std::path::Path;

/// Commits everything in `dir`'s index (after adding `paths`) to HEAD.
pub fn commit(dir: &Path, paths: &[&str], message: &str) {
    commit_removing(dir, paths, &[], message);
}

/// [`commit`], with `removed` taken out of the index first (their files already gone).
pub fn commit_removing(dir: &Path, paths: &[&str], removed: &[&str], message: &str) {
    let repo = git2::Repository::open(dir).unwrap();
    let mut index = repo.index().unwrap();
    for p in removed {
        index.remove_path(Path::new(p)).unwrap();
    }
    index.write().unwrap();
    let tree = repo.find_tree(stage(dir, paths)).unwrap();
    let sig = git2::Signature::new("Test", "test@example.com", &git2::Time::new(0, 0)).unwrap();
    let parent = repo.head().ok().map(|h| h.peel_to_commit().unwrap());
    let parents: Vec<&git2::Commit> = parent.iter().collect();
    repo.commit(Some("HEAD"), &sig, &sig, message, &tree, &parents)
        .unwrap();
}

/// Adds `paths` to the index without committing; returns the index's tree.
pub fn stage(dir: &Path, paths: &[&str]) -> git2::Oid {
    let repo = git2::Repository::open(dir).unwrap();
    let mut index = repo.index().unwrap();
    for p in paths {
        index.add_path(Path::new(p)).unwrap();
    }
    index.write().unwrap();
    index.write_tree().unwrap()
}

/// Writes `text` to `rel` under `dir`, making its directories.
pub fn write(dir: &Path, rel: &str, text: &str) {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// What a test that compares with git says when git cannot run.
const GIT_MISSING: &str = "git could not run; the tests compare with it (install git)";

/// `git` with `args` in `dir`, git's system and user configuration left out (`home` is
/// the test's). The tests need git (a clone of this repository has it): without it the
/// test fails, never passes unchecked.
pub fn git_output(dir: &Path, home: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new("git")
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect(GIT_MISSING);
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
