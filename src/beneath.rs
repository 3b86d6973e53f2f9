//! Files opened through a handle on the directory they must stay in.
//!
//! The confinement rule (docs/contributing/design.md, "Threat model"): a path inside the project is
//! opened relative to a handle on the project root, one component at a time, and a
//! symbolic link that leads out of the root is refused there and then. What is checked
//! is what is read or written: nothing is looked up by name a second time, so a link
//! swapped while the tool runs cannot lead a read or a write outside. cap-std does the
//! walk (`openat2` with `RESOLVE_BENEATH` on Linux, a component-by-component walk
//! elsewhere).
//!
//! Writes go through a [`Place`]: a handle on the file's directory and the file's name in
//! it. Every operation on a place is a single-name operation on that handle (open
//! without following a link, create exclusively, rename, hard link), so a write lands
//! in the directory that was checked, and a link at the name is replaced or refused,
//! never written through.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use cap_fs_ext::{FollowSymlinks, OpenOptionsFollowExt};
use cap_std::fs::{Dir, OpenOptions};

use crate::paths;

/// The name prefix of our temporary files (`.asimi-prompt-XXXXXX`).
pub const TEMP_PREFIX: &str = ".asimi-prompt-";

/// How old an unlocked temporary file of ours must be before a later write sweeps it.
/// A writer locks its temporary file right after creating it and holds the lock until
/// the rename, and a killed writer's lock dies with it; so "unlocked" alone already
/// means "abandoned", except in the instant between creation and locking. The age rule
/// covers that instant with a wide margin: a live writer's file is never swept.
pub const STALE_TEMP_AGE: Duration = Duration::from_secs(60);

/// How many symbolic links a write follows before giving up (as the kernel's ELOOP).
const MAX_SYMLINKS: usize = 40;

/// Why a symbolic link is refused (state, goal and lock files), after the link's path.
pub const SYMLINK_REFUSED: &str =
    "is a symbolic link, which asimi-prompt does not follow here; remove it";

/// Why a path that leads out of the project is refused.
pub const LEADS_OUTSIDE: &str = "it leads outside the project root";

/// The error cap-std gives for a path that would leave its directory handle.
const CAP_STD_ESCAPE: &str = "a path led outside of the filesystem";

/// The error of an open refused because the path leaves the root. Callers tell it apart
/// with [`is_outside`] and word it as their input needs.
#[derive(Debug)]
struct Outside;

impl std::fmt::Display for Outside {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(LEADS_OUTSIDE)
    }
}

impl std::error::Error for Outside {}

fn outside() -> io::Error {
    io::Error::new(io::ErrorKind::PermissionDenied, Outside)
}

/// Whether `e` is an open refused because its path leads out of the root.
pub fn is_outside(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Outside>())
}

/// Whether `e` is cap-std's error for a path that would leave its directory handle.
fn is_escape(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::PermissionDenied && e.to_string() == CAP_STD_ESCAPE
}

/// cap-std's escape error as ours.
fn escape_as_outside(e: io::Error) -> io::Error {
    if is_escape(&e) {
        outside()
    } else {
        e
    }
}

/// A handle on the project root, and its path as given and as the file system has it.
#[derive(Debug)]
pub struct Root {
    dir: Dir,
    path: PathBuf,
    real: PathBuf,
}

impl Root {
    /// Opens a handle on the directory `path`. The root itself is the user's choice (the
    /// working directory or its git work tree), so it is opened by name, once.
    pub fn open(path: &Path) -> io::Result<Root> {
        let dir = Dir::open_ambient_dir(path, cap_std::ambient_authority())?;
        let real = paths::real_root(path).map_or_else(|| path.canonicalize(), Ok)?;
        Ok(Root {
            dir,
            path: paths::normalize(path),
            real,
        })
    }

    /// The root's path as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `path` (absolute, or relative to the working directory) as a path below the root,
    /// by its letters: below the root as given or as the file system has it, with `.`
    /// and `..` folded. `None` when it is not below.
    pub fn relative(&self, path: &Path) -> Option<PathBuf> {
        let absolute = if path.is_absolute() {
            paths::normalize(path)
        } else {
            paths::normalize(&std::env::current_dir().ok()?.join(path))
        };
        [&self.path, &self.real]
            .iter()
            .find_map(|root| absolute.strip_prefix(root).ok())
            .map(Path::to_path_buf)
    }

    /// Opens the file `path` for reading, following links while they stay below the
    /// root. A path not below the root, or led out of it, is refused ([`is_outside`]).
    pub fn open_file(&self, path: &Path) -> io::Result<File> {
        self.beneath(path, |rel| self.dir.open(rel).map(|f| f.into_std()))
    }

    /// The whole content of the file `path`, opened as [`Root::open_file`] opens it.
    pub fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        self.open_file(path)?.read_to_end(&mut bytes)?;
        Ok(bytes)
    }

    /// Whether `path` is a file below the root (links followed while they stay below).
    pub fn is_file(&self, path: &Path) -> bool {
        self.beneath(path, |rel| self.dir.metadata(rel))
            .is_ok_and(|m| m.is_file())
    }

    /// Runs `open` on `path` relative to the handle. A link that names an absolute path
    /// is refused by the handle even when it leads back inside (a project kept at a
    /// fixed place links to itself that way), so such a path is tried once more as the
    /// file system resolves it, relative to the root's real path: still through the
    /// handle, so a swap in between cannot lead outside.
    fn beneath<T>(&self, path: &Path, open: impl Fn(&Path) -> io::Result<T>) -> io::Result<T> {
        let rel = self.relative(path).ok_or_else(outside)?;
        match open(&rel).map_err(escape_as_outside) {
            Err(e) if is_outside(&e) => {
                let real = path.canonicalize().map_err(|_| outside())?;
                let rel = real.strip_prefix(&self.real).map_err(|_| outside())?;
                open(rel).map_err(escape_as_outside)
            }
            other => other,
        }
    }

    /// The place of the file `path` below the root: its directory opened beneath the
    /// root (and created first, when `create_dirs`), and its name.
    pub fn place(&self, path: &Path, create_dirs: bool) -> io::Result<Place> {
        let (parent, name) = split(path)?;
        let dir = self.beneath(parent, |rel| {
            if rel.as_os_str().is_empty() {
                return self.dir.try_clone();
            }
            let created = match create_dirs {
                true => self.dir.create_dir_all(rel),
                false => Ok(()),
            };
            // A link where a directory goes fails to be created as "exists": the open
            // says whether it leads out.
            match (self.dir.open_dir(rel), created) {
                (Ok(dir), _) => Ok(dir),
                (Err(e), _) if is_escape(&e) => Err(e),
                (Err(_), Err(c)) => Err(c),
                (Err(e), Ok(())) => Err(e),
            }
        })?;
        Ok(Place::new(dir, name, path))
    }
}

/// A path's directory and its last component, which must be a name.
fn split(path: &Path) -> io::Result<(&Path, OsString)> {
    match (path.parent(), path.components().next_back()) {
        (Some(parent), Some(Component::Normal(name))) => Ok((parent, name.to_os_string())),
        _ => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path does not name a file",
        )),
    }
}

/// What [`place`] does with a symbolic link at the file's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// Follow it to the file it names (inside the project, only while it stays inside).
    Follow,
    /// Leave it: a read refuses it, a write replaces it.
    Refuse,
}

/// Where a file is read and written: `path` inside the project is placed beneath `root`,
/// and a link at it is followed only while it stays below the root; a path outside the
/// project (the user named it) is placed by name, its links followed as the user set
/// them up. With `create_dirs`, missing directories are created (beneath the root).
pub fn place(
    root: Option<&Root>,
    path: &Path,
    links: Links,
    create_dirs: bool,
) -> io::Result<Place> {
    let inside = root.filter(|r| r.relative(path).is_some());
    let mut path = paths::normalize(path);
    for _ in 0..MAX_SYMLINKS {
        let place = match inside {
            Some(root) => root.place(&path, create_dirs)?,
            None => Place::ambient(&path, create_dirs)?,
        };
        if links == Links::Refuse || !place.is_link() {
            return Ok(place);
        }
        let target = place.read_link()?;
        path = paths::normalize(&path.parent().unwrap_or(Path::new("")).join(target));
        if inside.is_some_and(|r| r.relative(&path).is_none()) {
            return Err(outside());
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_SYMLINKS} symbolic links in a row"
    )))
}

/// A file by its directory's handle and its name in it.
#[derive(Debug)]
pub struct Place {
    dir: Dir,
    name: OsString,
    path: PathBuf,
}

impl Place {
    fn new(dir: Dir, name: OsString, path: &Path) -> Place {
        Place {
            dir,
            name,
            path: path.to_path_buf(),
        }
    }

    /// The place of `path`, its directory opened by name (created first when
    /// `create_dirs`): for files the user named, and the tool's own directories.
    pub fn ambient(path: &Path, create_dirs: bool) -> io::Result<Place> {
        let (parent, name) = split(path)?;
        let parent = if parent.as_os_str().is_empty() {
            Path::new(".")
        } else {
            parent
        };
        if create_dirs {
            std::fs::create_dir_all(parent)?;
        }
        let dir = Dir::open_ambient_dir(parent, cap_std::ambient_authority())?;
        Ok(Place::new(dir, name, path))
    }

    /// The path the place was made for, for messages.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file `name` in the same directory.
    pub fn sibling(&self, name: impl AsRef<OsStr>) -> io::Result<Place> {
        let name = name.as_ref().to_os_string();
        let path = self.path.with_file_name(&name);
        Ok(Place::new(self.dir.try_clone()?, name, &path))
    }

    /// This file's name with `suffix` added, in the same directory (`goal.yaml.lock`).
    pub fn with_suffix(&self, suffix: &str) -> io::Result<Place> {
        let mut name = self.name.clone();
        name.push(suffix);
        self.sibling(name)
    }

    /// Whether the name is a symbolic link.
    pub fn is_link(&self) -> bool {
        self.dir
            .symlink_metadata(&self.name)
            .is_ok_and(|m| m.file_type().is_symlink())
    }

    fn read_link(&self) -> io::Result<PathBuf> {
        self.dir.read_link_contents(&self.name)
    }

    /// Opens the file without following a link at its name: a link is an error, not a
    /// way to another file. With `create`, opens it for writing and creates it if
    /// missing (never truncating).
    pub fn open_no_follow(&self, create: bool) -> io::Result<File> {
        let mut options = OpenOptions::new();
        options.read(true).follow(FollowSymlinks::No);
        if create {
            options.write(true).create(true).truncate(false);
        }
        self.dir
            .open_with(&self.name, &options)
            .map(|f| f.into_std())
            .map_err(|e| self.link_refused_or(e))
    }

    /// The whole file, never through a link at its name.
    pub fn read_no_follow(&self) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        self.open_no_follow(false)?.read_to_end(&mut bytes)?;
        Ok(bytes)
    }

    /// The file's content; a link at the name is followed while it stays in the
    /// directory's tree (a [`Root::place`]) or wherever the user's link leads (an
    /// [`Place::ambient`] one).
    pub fn read(&self) -> io::Result<Vec<u8>> {
        self.dir.read(&self.name).map_err(escape_as_outside)
    }

    /// Whether the name is a directory (links followed as [`Place::read`] follows them).
    pub fn is_dir(&self) -> bool {
        self.dir.metadata(&self.name).is_ok_and(|m| m.is_dir())
    }

    /// A link met where none may be: say what it is (O_NOFOLLOW reports a link as
    /// ELOOP, which reads as a loop).
    fn link_refused_or(&self, e: io::Error) -> io::Error {
        if self.is_link() {
            io::Error::other(format!(
                "'{}' {SYMLINK_REFUSED}",
                paths::display(&self.path)
            ))
        } else {
            e
        }
    }

    /// Takes an exclusive lock on this file (created if missing, never through a link),
    /// blocking while another process holds it. The lock lasts as long as the handle.
    pub fn lock(&self) -> io::Result<File> {
        let file = self.open_no_follow(true)?;
        file.lock()?;
        Ok(file)
    }

    /// Takes the lock as [`Place::lock`] does, on a file that goes when the lock is
    /// released: a lock beside a project's own file (`.asimi/goal.yaml.lock`) does not
    /// stay behind in the project. A run that waited on a file another run then removed
    /// takes the lock again on the file the name now has.
    pub fn lock_transient(self) -> io::Result<TransientLock> {
        loop {
            let file = self.lock()?;
            if self.names(&file) {
                return Ok(TransientLock { place: self, file });
            }
        }
    }

    /// Whether the name still leads to `file`.
    #[cfg(unix)]
    fn names(&self, file: &File) -> bool {
        use cap_std::fs::MetadataExt as _;
        use std::os::unix::fs::MetadataExt as _;
        match (file.metadata(), self.dir.symlink_metadata(&self.name)) {
            (Ok(held), Ok(named)) => held.dev() == named.dev() && held.ino() == named.ino(),
            _ => false,
        }
    }

    #[cfg(not(unix))]
    fn names(&self, _file: &File) -> bool {
        true
    }

    /// Creates the file with `bytes`, whole, unless something (a link too) already has
    /// the name; returns whether it did.
    pub fn create_new(&self, bytes: &[u8]) -> io::Result<bool> {
        let temp = self.temp_with(bytes)?;
        match self.dir.hard_link(&temp.name, &self.dir, &self.name) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Replaces the file whole with `bytes`: a temporary file in the same directory,
    /// then a rename, so readers see the old file or the new one. A link at the name is
    /// replaced, never written through ([`place`] follows links first where
    /// that is wanted). The file keeps its permission bits; a new one gets 0666 minus
    /// the umask. Stale temporary files of killed runs are swept first.
    pub fn write_atomic(&self, bytes: &[u8]) -> io::Result<()> {
        self.sweep_stale_temps();
        let kept = self
            .dir
            .symlink_metadata(&self.name)
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.permissions());
        let temp = self.temp_with(bytes)?;
        if let Some(permissions) = kept {
            temp.file
                .set_permissions(permissions.into_std(&temp.file)?)?;
        }
        self.dir.rename(&temp.name, &self.dir, &self.name)?;
        temp.done();
        Ok(())
    }

    /// Keeps `bytes` (a file's previous content) in `NAME.bak`, or `NAME.bak.N` with the
    /// first N that nothing has: written to a temporary file, then hard-linked to the
    /// free name, which fails on anything already there, a dangling link too. So a copy
    /// is never written through a link. Returns the copy's path.
    pub fn keep_copy(&self, bytes: &[u8]) -> io::Result<PathBuf> {
        let temp = self.temp_with(bytes)?;
        for n in 0.. {
            let name = backup_name(&self.name, n);
            match self.dir.hard_link(&temp.name, &self.dir, &name) {
                Ok(()) => {
                    drop(temp);
                    return Ok(self.path.with_file_name(name));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        unreachable!("an unbounded range has a free name")
    }

    /// A new temporary file of ours in the directory, locked, holding `bytes`, synced.
    fn temp_with(&self, bytes: &[u8]) -> io::Result<Temp<'_>> {
        let mut options = OpenOptions::new();
        options
            .read(true)
            .write(true)
            .create_new(true)
            .follow(FollowSymlinks::No);
        #[cfg(unix)]
        {
            use cap_std::fs::OpenOptionsExt;
            // Passed to open(2), so the umask applies.
            options.mode(0o666);
        }
        for attempt in 0u32.. {
            let name = OsString::from(format!("{TEMP_PREFIX}{}", temp_suffix(attempt)));
            let file = match self.dir.open_with(&name, &options) {
                Ok(f) => f.into_std(),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => continue,
                Err(e) => return Err(e),
            };
            let mut temp = Temp {
                dir: &self.dir,
                name,
                file,
                keep: false,
            };
            // Best effort: where the file system has no locks, a sweeper cannot lock the
            // file either, and so leaves it alone.
            let _ = temp.file.lock();
            temp.file.write_all(bytes)?;
            temp.file.sync_all()?;
            return Ok(temp);
        }
        unreachable!("the loop returns")
    }

    /// Removes the temporary files of ours that no live writer holds: older than
    /// [`STALE_TEMP_AGE`] and not locked. Best effort: a sweep never fails a write.
    fn sweep_stale_temps(&self) {
        let Ok(entries) = self.dir.entries() else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            if !name.to_string_lossy().starts_with(TEMP_PREFIX) {
                continue;
            }
            // Not followed: only our regular files go.
            let old = self.dir.symlink_metadata(&name).is_ok_and(|m| {
                m.is_file()
                    && m.modified()
                        .ok()
                        .and_then(|t| t.into_std().elapsed().ok())
                        .is_some_and(|age| age >= STALE_TEMP_AGE)
            });
            if !old {
                continue;
            }
            let Ok(file) = self.sibling(&name).and_then(|p| p.open_no_follow(false)) else {
                continue;
            };
            if file.try_lock().is_ok() {
                let _ = self.dir.remove_file(&name);
            }
        }
    }
}

/// A lock held on a file that is removed when the lock is released (see
/// [`Place::lock_transient`]).
#[derive(Debug)]
pub struct TransientLock {
    place: Place,
    file: File,
}

impl Drop for TransientLock {
    fn drop(&mut self) {
        // Removed while still held, so no run can take the lock on a name that is going.
        if self.place.names(&self.file) {
            let _ = self.place.dir.remove_file(&self.place.name);
        }
    }
}

/// `NAME.bak` for 0, `NAME.bak.N` for N.
fn backup_name(name: &OsStr, n: u32) -> OsString {
    let mut out = name.to_os_string();
    out.push(".bak");
    if n > 0 {
        out.push(format!(".{n}"));
    }
    out
}

/// Six characters that differ between processes, runs and attempts.
fn temp_suffix(attempt: u32) -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.write_u32(attempt);
    let mut n = hasher.finish();
    (0..6)
        .map(|_| {
            let c = b"abcdefghijklmnopqrstuvwxyz0123456789"[(n % 36) as usize];
            n /= 36;
            c as char
        })
        .collect()
}

/// A temporary file that is removed when dropped, unless it was renamed into place.
struct Temp<'d> {
    dir: &'d Dir,
    name: OsString,
    file: File,
    keep: bool,
}

impl Temp<'_> {
    /// It has been renamed away: nothing to remove.
    fn done(mut self) {
        self.keep = true;
    }
}

impl Drop for Temp<'_> {
    fn drop(&mut self) {
        if !self.keep {
            let _ = self.dir.remove_file(&self.name);
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn world() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap().join("work");
        std::fs::create_dir_all(root.join("d")).unwrap();
        std::fs::write(root.join("d/in.md"), "IN").unwrap();
        // A sibling whose name starts with the root's: a string-prefix test lets it in.
        std::fs::create_dir_all(dir.path().join("work2")).unwrap();
        std::fs::write(dir.path().join("work2/secret.md"), "SECRET").unwrap();
        (dir, root)
    }

    #[test]
    fn reads_stay_below_the_root() {
        let (_dir, root) = world();
        symlink("d/in.md", root.join("rel")).unwrap();
        symlink(root.join("d/in.md"), root.join("abs")).unwrap();
        symlink("../work2/secret.md", root.join("out")).unwrap();
        let r = Root::open(&root).unwrap();
        for inside in ["d/in.md", "rel", "abs", "d/../d/in.md"] {
            assert_eq!(r.read(&root.join(inside)).unwrap(), b"IN", "{inside}");
        }
        for outside in ["out", "../work2/secret.md", "d/../../work2/secret.md"] {
            let e = r.read(&root.join(outside)).unwrap_err();
            assert!(is_outside(&e), "{outside}: {e}");
        }
        assert!(r
            .relative(&root.with_file_name("work2/secret.md"))
            .is_none());
    }

    /// The race the handle closes: a link checked while it led inside, then swapped to
    /// lead outside before the read. Opening by name again would read the outside file.
    #[test]
    fn a_link_swapped_after_the_check_is_refused_at_the_read() {
        let (_dir, root) = world();
        let link = root.join("AGENTS.md");
        symlink("d/in.md", &link).unwrap();
        let r = Root::open(&root).unwrap();
        paths::confine(&root, &link, "AGENTS.md", "h").unwrap();
        std::fs::remove_file(&link).unwrap();
        symlink("../work2/secret.md", &link).unwrap();
        let e = r.read(&link).unwrap_err();
        assert!(is_outside(&e), "{e}");
        let e = r
            .place(&root.join("AGENTS.md"), false)
            .unwrap()
            .read()
            .unwrap_err();
        assert!(is_outside(&e), "{e}");
    }

    /// A directory swapped for a link after the check: a write lands in the directory the
    /// handle holds, or nowhere.
    #[test]
    fn a_directory_swapped_for_a_link_takes_no_write_outside() {
        let (dir, root) = world();
        let r = Root::open(&root).unwrap();
        let place = r.place(&root.join("d/state.json"), true).unwrap();
        std::fs::rename(root.join("d"), root.join("d.old")).unwrap();
        symlink("../work2", root.join("d")).unwrap();
        place.write_atomic(b"{}").unwrap();
        place.with_suffix(".lock").unwrap().lock().unwrap();
        assert_eq!(std::fs::read(root.join("d.old/state.json")).unwrap(), b"{}");
        let outside: Vec<_> = std::fs::read_dir(dir.path().join("work2"))
            .unwrap()
            .collect();
        assert_eq!(outside.len(), 1, "only secret.md is there");
        let e = r.place(&root.join("d/state.json"), true).unwrap_err();
        assert!(is_outside(&e), "{e}");
    }

    #[test]
    fn a_transient_lock_leaves_no_file_and_still_excludes() {
        let (_dir, root) = world();
        let r = Root::open(&root).unwrap();
        let place = |r: &Root| r.place(&root.join("d/g.lock"), false).unwrap();
        let held = place(&r).lock_transient().unwrap();
        assert!(root.join("d/g.lock").exists());
        // Another taker waits while it is held; once it is released, it gets its own file.
        let (tx, rx) = std::sync::mpsc::channel();
        let root2 = root.clone();
        let waiter = std::thread::spawn(move || {
            let r = Root::open(&root2).unwrap();
            let lock = r
                .place(&root2.join("d/g.lock"), false)
                .unwrap()
                .lock_transient();
            tx.send(()).unwrap();
            drop(lock);
        });
        assert!(rx
            .recv_timeout(std::time::Duration::from_millis(200))
            .is_err());
        drop(held);
        rx.recv().unwrap();
        waiter.join().unwrap();
        assert!(!root.join("d/g.lock").exists());
    }

    #[test]
    fn cap_std_still_words_an_escape_as_we_expect() {
        let (_dir, root) = world();
        symlink("../work2", root.join("up")).unwrap();
        let dir = Dir::open_ambient_dir(&root, cap_std::ambient_authority()).unwrap();
        let e = dir.open("up/secret.md").unwrap_err();
        assert!(is_outside(&escape_as_outside(e)));
    }

    #[test]
    fn a_backup_is_never_written_through_a_link() {
        let (dir, root) = world();
        let target = dir.path().join("created-outside");
        symlink(&target, root.join("d/in.md.bak")).unwrap();
        let r = Root::open(&root).unwrap();
        let place = r.place(&root.join("d/in.md"), false).unwrap();
        let copy = place.keep_copy(b"previous").unwrap();
        assert_eq!(copy, root.join("d/in.md.bak.1"));
        assert_eq!(std::fs::read(&copy).unwrap(), b"previous");
        assert!(!target.exists());
    }

    #[test]
    fn writes_inside_follow_links_only_while_they_stay_inside() {
        let (dir, root) = world();
        symlink("d/in.md", root.join("rel")).unwrap();
        symlink("../work2/secret.md", root.join("out")).unwrap();
        let r = Root::open(&root).unwrap();
        place(Some(&r), &root.join("rel"), Links::Follow, true)
            .unwrap()
            .write_atomic(b"NEW")
            .unwrap();
        assert_eq!(std::fs::read(root.join("d/in.md")).unwrap(), b"NEW");
        assert!(root.join("rel").is_symlink());
        let e = place(Some(&r), &root.join("out"), Links::Follow, true).unwrap_err();
        assert!(is_outside(&e), "{e}");
        let secret = dir.path().join("work2/secret.md");
        assert_eq!(std::fs::read(secret).unwrap(), b"SECRET");
        // Not followed: the link itself is replaced.
        place(Some(&r), &root.join("out"), Links::Refuse, true)
            .unwrap()
            .write_atomic(b"X")
            .unwrap();
        assert!(!root.join("out").is_symlink());
    }

    #[test]
    fn a_link_at_a_state_file_is_refused_by_name() {
        let (dir, root) = world();
        symlink(dir.path().join("work2/secret.md"), root.join("state")).unwrap();
        let place = Root::open(&root)
            .unwrap()
            .place(&root.join("state"), false)
            .unwrap();
        let e = place.read_no_follow().unwrap_err();
        assert!(e.to_string().ends_with(SYMLINK_REFUSED), "{e}");
        assert!(place.lock().is_err());
    }
}
