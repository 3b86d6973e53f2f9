//! A repository's git index entries, read from the index file directly. libgit2 also
//! verifies the file's SHA-1 (with collision detection) and builds a map of its
//! entries: half of a `messages` run in a large repository, and 0.5 ms of a warm one
//! with the symbol map on 915 files, where this takes 0.1 ms. Only the common forms are
//! read here: versions 2 to 4 with SHA-1 ids, no split index, no sparse directories.
//! Anything else, or anything inconsistent, is left to libgit2.

/// The bytes of an entry before its id: ctime, mtime, dev, ino, mode, uid, gid, size.
const STAT_BYTES: usize = 40;
const ID_BYTES: usize = 20;
/// Entry flags: the path's length, its merge stage, and whether extended flags follow.
const NAME_MASK: u16 = 0x0fff;
const STAGE_SHIFT: u16 = 12;
const EXTENDED: u16 = 0x4000;
/// The git index's file mode for a directory (a sparse index's collapsed directory).
const DIRECTORY_MODE: u32 = 0o040000;
/// Extensions this reader cannot follow: a split index, a sparse index.
const UNREADABLE_EXTENSIONS: [&[u8]; 2] = [b"link", b"sdir"];
const SIGNATURE: &[u8] = b"DIRC";
const CHECKSUM_BYTES: usize = 20;

/// One index entry: what the map and the file tree need of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Relative to the work tree, with `/` separators: bytes, as git keeps them.
    pub path: Vec<u8>,
    pub mode: u32,
    /// The size and modification time (seconds, nanoseconds) recorded when staged, as
    /// the index's 32 bits hold them.
    pub size: u32,
    pub mtime: (u32, u32),
    pub id: [u8; ID_BYTES],
    /// 0, or 1 to 3 for the sides of a merge conflict.
    pub stage: u8,
}

/// The entries of `repo`'s index, in the index's order (sorted by path, then stage).
pub fn entries(repo: &git2::Repository) -> Option<Vec<Entry>> {
    let bytes = std::fs::read(repo.path().join("index")).ok();
    match bytes.as_deref().and_then(parse) {
        Some(entries) => Some(entries),
        None => from_libgit2(repo),
    }
}

fn from_libgit2(repo: &git2::Repository) -> Option<Vec<Entry>> {
    let index = repo.index().ok()?;
    let entries = index.iter().map(|e| {
        Some(Entry {
            id: e.id.as_bytes().try_into().ok()?,
            path: e.path,
            mode: e.mode,
            size: e.file_size,
            mtime: (e.mtime.seconds() as u32, e.mtime.nanoseconds()),
            stage: ((e.flags >> STAGE_SHIFT) & 3) as u8,
        })
    });
    entries.collect()
}

/// The entries of an index file's bytes, or `None` for a form this reader leaves to
/// libgit2.
pub fn parse(bytes: &[u8]) -> Option<Vec<Entry>> {
    let u32_at = |at: usize| -> Option<u32> {
        Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
    };
    if bytes.get(..4)? != SIGNATURE {
        return None;
    }
    let version = u32_at(4)?;
    if !(2..=4).contains(&version) {
        return None;
    }
    let count = u32_at(8)? as usize;
    // Every entry takes at least 64 bytes; a larger count is a corrupt file.
    if count > bytes.len() / 64 {
        return None;
    }
    let mut entries: Vec<Entry> = Vec::with_capacity(count);
    let mut previous = Vec::new();
    let mut at = 12;
    for _ in 0..count {
        let mode = u32_at(at + 24)?;
        let id_at = at + STAT_BYTES;
        let flags_at = id_at + ID_BYTES;
        let flags = u16::from_be_bytes(bytes.get(flags_at..flags_at + 2)?.try_into().ok()?);
        let extended = flags & EXTENDED != 0;
        if (extended && version == 2) || mode == DIRECTORY_MODE {
            return None;
        }
        let start = flags_at + 2 + if extended { 2 } else { 0 };
        let (path, end) = if version == 4 {
            let (path, end) = compressed_name(bytes, start, &previous)?;
            previous.clone_from(&path);
            (path, end)
        } else {
            let len = match flags & NAME_MASK {
                // The length does not fit the flags: the name runs to its NUL.
                NAME_MASK => bytes.get(start..)?.iter().position(|b| *b == 0)?,
                n => usize::from(n),
            };
            // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
            let end = at + ((start - at + len + 8) & !7);
            (bytes.get(start..start + len)?.to_vec(), end)
        };
        entries.push(Entry {
            path,
            mode,
            size: u32_at(at + 36)?,
            mtime: (u32_at(at + 8)?, u32_at(at + 12)?),
            id: bytes.get(id_at..flags_at)?.try_into().ok()?,
            stage: ((flags >> STAGE_SHIFT) & 3) as u8,
        });
        at = end;
    }
    // Extensions follow, then the checksum.
    while at + CHECKSUM_BYTES < bytes.len() {
        let signature = bytes.get(at..at + 4)?;
        if UNREADABLE_EXTENSIONS.contains(&signature) {
            return None;
        }
        at += 8 + u32_at(at + 4)? as usize;
    }
    (at + CHECKSUM_BYTES == bytes.len()).then_some(entries)
}

/// A version 4 entry's path: how many bytes of the previous path to drop (git's
/// offset varint), then the NUL-terminated rest; and where the next entry starts.
fn compressed_name(bytes: &[u8], start: usize, previous: &[u8]) -> Option<(Vec<u8>, usize)> {
    let mut at = start;
    let mut byte = *bytes.get(at)?;
    let mut drop = usize::from(byte & 0x7f);
    while byte & 0x80 != 0 {
        at += 1;
        byte = *bytes.get(at)?;
        drop = drop.checked_add(1)?.checked_mul(128)? | usize::from(byte & 0x7f);
    }
    let kept = previous.len().checked_sub(drop)?;
    let rest = bytes.get(at + 1..)?;
    let len = rest.iter().position(|b| *b == 0)?;
    let mut path = Vec::with_capacity(kept + len);
    path.extend_from_slice(&previous[..kept]);
    path.extend_from_slice(&rest[..len]);
    Some((path, at + 1 + len + 1))
}

/// Stages `path` as a merge conflict, at stages 1 to 3, with the stat data and id of
/// the staged `like`.
#[cfg(test)]
pub fn add_conflict(index: &mut git2::Index, like: &str, path: &str) {
    let mut entry = index.get_path(std::path::Path::new(like), 0).unwrap();
    entry.path = path.as_bytes().to_vec();
    entry.flags_extended = 0;
    for stage in 1..=3u16 {
        entry.flags = (entry.flags & !(3 << STAGE_SHIFT)) | (stage << STAGE_SHIFT);
        index.add(&entry).unwrap();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// A repository with files of awkward names staged (non-ASCII, and a path too long
    /// for the flags' 12 bits, which no file system here would take), written as
    /// index `version`.
    fn repository(version: u32) -> (tempfile::TempDir, git2::Repository) {
        let dir = tempfile::tempdir().unwrap();
        let repo = git2::Repository::init(dir.path()).unwrap();
        for name in ["a.rs", "b/c.txt", "b/ü nicode.md", "b/cc.txt", "z"] {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, name).unwrap();
        }
        let mut index = repo.index().unwrap();
        index
            .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
            .unwrap();
        let mut long = index.get_path(Path::new("a.rs"), 0).unwrap();
        long.path = format!("{}/n.rs", vec!["d".repeat(200); 21].join("/")).into_bytes();
        assert!(long.path.len() > NAME_MASK as usize);
        index.add(&long).unwrap();
        index.set_version(version).unwrap();
        index.write().unwrap();
        (dir, repo)
    }

    fn index_bytes(repo: &git2::Repository) -> Vec<u8> {
        std::fs::read(repo.path().join("index")).unwrap()
    }

    #[test]
    fn versions_2_and_4_read_as_libgit2_reads_them() {
        // libgit2 writes version 3 only for extended flags (see the next test).
        for version in [2, 4] {
            let (_dir, repo) = repository(version);
            let bytes = index_bytes(&repo);
            assert_eq!(bytes[7] as u32, version);
            let direct = parse(&bytes).expect("a readable index");
            assert_eq!(direct.len(), 6, "version {version}");
            assert_eq!(direct, from_libgit2(&repo).unwrap(), "version {version}");
            assert_eq!(entries(&repo).unwrap(), direct);
        }
    }

    #[test]
    fn extended_flags_and_conflict_stages_are_read() {
        let (dir, repo) = repository(2);
        let mut index = repo.index().unwrap();
        let mut entry = index.get_path(Path::new("a.rs"), 0).unwrap();
        // An intent-to-add entry has extended flags, so libgit2 writes version 3.
        std::fs::write(dir.path().join("new.rs"), "x").unwrap();
        entry.path = b"new.rs".to_vec();
        entry.flags_extended |= 1 << 13;
        index.add(&entry).unwrap();
        add_conflict(&mut index, "a.rs", "both.rs");
        index.write().unwrap();
        let bytes = index_bytes(&repo);
        assert_eq!(bytes[7], 3, "expected a version 3 index");
        let direct = parse(&bytes).unwrap();
        assert_eq!(direct, from_libgit2(&repo).unwrap());
        let stages: Vec<(&str, u8)> = direct
            .iter()
            .filter(|e| e.path == b"both.rs")
            .map(|e| (std::str::from_utf8(&e.path).unwrap(), e.stage))
            .collect();
        assert_eq!(stages, [("both.rs", 1), ("both.rs", 2), ("both.rs", 3)]);
        assert!(direct.iter().any(|e| e.path == b"new.rs"));
    }

    #[test]
    fn anything_unexpected_is_left_to_libgit2() {
        let (_dir, repo) = repository(2);
        let bytes = index_bytes(&repo);
        assert_eq!(parse(&bytes[..bytes.len() - 1]), None);
        assert_eq!(parse(b"DIRC\0\0\0\x05\0\0\0\0"), None);
        assert_eq!(parse(b"DIRC\0\0\0\x02\xff\xff\xff\xff"), None);
        let mut split = bytes[..bytes.len() - CHECKSUM_BYTES].to_vec();
        split.extend_from_slice(b"link\0\0\0\0");
        split.extend_from_slice(&[0; CHECKSUM_BYTES]);
        assert_eq!(parse(&split), None);
        // A version 4 path cannot drop more of the previous path than there is.
        let (_dir, repo) = repository(4);
        let mut bytes = index_bytes(&repo);
        let first = 12 + STAT_BYTES + ID_BYTES + 2;
        assert_eq!(bytes[first], 0, "the first path drops nothing");
        bytes[first] = 5;
        assert_eq!(parse(&bytes), None);
    }
}
