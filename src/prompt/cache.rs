//! Rendered system prompts, remembered by what decides them.
//!
//! Rendering is a pure function of what [`super::gather`] read and of this binary, and
//! compiling the templates was about half of the CPU a short run such as `system`
//! spends (minijinja compiles a template each time it is added; a run renders a dozen
//! once each). An agent asks for the same system prompt request after request, so the
//! binary keeps what it rendered in the user cache directory, one file per prompt, under
//! a key hashed from everything rendering reads (the templates, the context they see,
//! the skills, the limits) and from the binary itself (its size, time and inode, so a new
//! build never reads an old build's texts). A changed input is a new key, never a stale
//! text. An entry that cannot be read or does not fit is rendered again; the directory
//! keeps the [`MAX_ENTRIES`] newest. Library code that nobody pointed at a directory
//! (tests, benches, embedders) renders every time.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::UNIX_EPOCH;

use super::gather::{Gathered, Skill};
use super::library::{Found, Origin};
use super::render::Rendered;
use super::BaseSource;
use crate::memo::{Key, KeyHasher};

/// The directory's name under the cache directory; a change to the entries' layout is a
/// new name.
const DIR: &str = "rendered-1";
/// The entries kept: the prompts of a few dozen models, modes and projects, 20-60 KB each.
const MAX_ENTRIES: usize = 64;

static DIR_PATH: OnceLock<PathBuf> = OnceLock::new();

/// Keeps the run's rendered prompts under `cache_dir` (the binary gives the user cache
/// directory). Said once, before the first prompt renders; later calls change nothing.
pub fn keep_in(cache_dir: &Path) {
    let _ = DIR_PATH.set(cache_dir.join(DIR));
}

/// The texts `gathered` renders to: read back when a run rendered them before, else
/// rendered by `render` and kept.
pub fn rendered(
    gathered: &Gathered,
    render: impl FnOnce(&Gathered) -> Result<Rendered, crate::error::Error>,
) -> Result<Rendered, crate::error::Error> {
    let Some(path) = DIR_PATH.get().and_then(|dir| entry(dir, gathered)) else {
        return render(gathered);
    };
    if let Some(kept) = read(&path).filter(|r| fits(r, gathered)) {
        return Ok(kept);
    }
    let fresh = render(gathered)?;
    // A cache that cannot be written is only work to redo.
    if crate::fs::replace_cache_file(&path, &encode(&fresh)).is_ok() {
        prune(
            path.parent().expect("an entry lives in the directory"),
            &path,
        );
    }
    Ok(fresh)
}

/// Whether `rendered` has a text for each of `gathered`'s skills and sections.
fn fits(rendered: &Rendered, gathered: &Gathered) -> bool {
    rendered.skills.len() == gathered.skills.len()
        && rendered.sections.len() == gathered.sections.len()
}

/// The file of `gathered`'s entry in `dir`; `None` when this binary cannot be told apart
/// from another build (its file unreadable) or the context does not serialise.
fn entry(dir: &Path, gathered: &Gathered) -> Option<PathBuf> {
    let key = key(&binary()?, gathered)?;
    Some(dir.join(crate::digest::hex(&key)))
}

/// The key of `gathered` rendered by the binary `binary` identifies: a hash of what
/// [`super::render::texts`] reads (the context the templates see, each
/// template's text and origin, the skills, the limits). The rest of a `Gathered` goes
/// into the prompt as it is, not through a template.
fn key(binary: &[u8], gathered: &Gathered) -> Option<Key> {
    let mut hash = KeyHasher::default();
    hash.part(binary);
    // The context as templates see it, `.Env.Date` included (computed as it is read).
    serde_json::to_writer(hash.stream(), &gathered.context.to_value()).ok()?;
    template(&mut hash, &gathered.mode_template);
    for skill in &gathered.skills {
        match skill {
            Skill::Template(p) => {
                for part in [&p.id, &p.name, &p.origin, &p.content] {
                    hash.part(part.as_bytes());
                }
            }
            Skill::Fetched(fetched) => serde_json::to_writer(hash.stream(), fetched).ok()?,
        }
    }
    for (name, found) in &gathered.sections {
        hash.part(name.as_bytes());
        match found {
            Some(found) => template(&mut hash, found),
            None => match &gathered.base_source {
                BaseSource::Template(found) => template(&mut hash, found),
                BaseSource::File { path, text } => {
                    hash.part(path.as_os_str().as_encoded_bytes());
                    hash.part(text.as_bytes());
                }
            },
        }
    }
    hash.part(format!("{:?}", gathered.limits).as_bytes());
    Some(hash.key())
}

/// Adds a template as it renders: a built-in one's text is part of the binary (hashed
/// as [`binary`]), so its name says it all.
fn template(hash: &mut KeyHasher, found: &Found) {
    let Found {
        name,
        file,
        text,
        syntax,
        origin,
    } = found;
    for part in [name, file, &format!("{syntax:?} {origin:?}")] {
        hash.part(part.as_bytes());
    }
    if !matches!(origin, Origin::Embedded(_)) {
        hash.part(text.as_bytes());
    }
}

/// This build, as its file's size, modification time, device and inode say: a rebuild
/// or a new install is a new identity.
fn binary() -> Option<Vec<u8>> {
    let meta = std::fs::metadata(std::env::current_exe().ok()?).ok()?;
    let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    let mut parts = vec![
        meta.len(),
        modified.as_secs(),
        modified.subsec_nanos().into(),
    ];
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        parts.extend([meta.dev(), meta.ino()]);
    }
    Some(parts.iter().flat_map(|p| p.to_le_bytes()).collect())
}

fn read(path: &Path) -> Option<Rendered> {
    decode(&std::fs::read(path).ok()?)
}

/// An entry's first bytes.
const MAGIC: &[u8] = b"asimi-prompt rendered 1\n";

/// An entry: [`MAGIC`], the mode text, the number of skills and their texts, the number
/// of sections and each one's source and text; numbers are u32 little-endian, and each
/// text is its length and its bytes. Read back with a copy and a UTF-8 check per text,
/// where JSON's string parsing took a tenth of a run.
fn encode(rendered: &Rendered) -> Vec<u8> {
    fn number(out: &mut Vec<u8>, n: usize) {
        out.extend((n as u32).to_le_bytes());
    }
    fn text(out: &mut Vec<u8>, text: &str) {
        number(out, text.len());
        out.extend(text.as_bytes());
    }
    let mut out = MAGIC.to_vec();
    text(&mut out, &rendered.mode_instructions);
    number(&mut out, rendered.skills.len());
    rendered
        .skills
        .iter()
        .for_each(|skill| text(&mut out, skill));
    number(&mut out, rendered.sections.len());
    for (source, section) in &rendered.sections {
        text(&mut out, source);
        text(&mut out, section);
    }
    out
}

/// The entry `bytes` holds, `None` unless it is whole.
fn decode(bytes: &[u8]) -> Option<Rendered> {
    struct Reader<'a>(&'a [u8]);
    impl Reader<'_> {
        fn number(&mut self) -> Option<usize> {
            let (n, rest) = self.0.split_first_chunk::<4>()?;
            self.0 = rest;
            Some(u32::from_le_bytes(*n) as usize)
        }
        fn text(&mut self) -> Option<String> {
            let len = self.number()?;
            let text = std::str::from_utf8(self.0.get(..len)?).ok()?.to_string();
            self.0 = &self.0[len..];
            Some(text)
        }
    }
    let mut r = Reader(bytes.strip_prefix(MAGIC)?);
    let mode_instructions = r.text()?;
    let skills = (0..r.number()?).map(|_| r.text()).collect::<Option<_>>()?;
    let sections = (0..r.number()?)
        .map(|_| Some((r.text()?, r.text()?)))
        .collect::<Option<_>>()?;
    r.0.is_empty().then_some(Rendered {
        mode_instructions,
        skills,
        sections,
    })
}

/// Removes the oldest entries past [`MAX_ENTRIES`], never `kept` (just written).
fn prune(dir: &Path, kept: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut aged: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .filter(|(_, p)| p != kept)
        .collect();
    if aged.len() < MAX_ENTRIES {
        return;
    }
    aged.sort();
    for (_, path) in &aged[..aged.len() + 1 - MAX_ENTRIES] {
        let _ = std::fs::remove_file(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_whole_or_not_at_all() {
        let rendered = Rendered {
            mode_instructions: "Mode é".into(),
            skills: vec!["one".into(), String::new()],
            sections: vec![("built-in:base".into(), "text\n".into())],
        };
        let bytes = encode(&rendered);
        assert_eq!(decode(&bytes), Some(rendered));
        for cut in 0..bytes.len() {
            assert_eq!(decode(&bytes[..cut]), None, "cut at {cut}");
        }
        assert_eq!(decode(&[&bytes[..], b"x"].concat()), None, "bytes after");
    }

    #[test]
    fn pruning_keeps_the_newest_entries_and_the_one_just_written() {
        let dir = tempfile::tempdir().unwrap();
        let at = |i: u64| std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_000 + i);
        let paths: Vec<PathBuf> = (0..MAX_ENTRIES as u64 + 3)
            .map(|i| {
                let path = dir.path().join(format!("{i:02}"));
                std::fs::write(&path, b"{}").unwrap();
                let file = std::fs::File::options().write(true).open(&path).unwrap();
                file.set_modified(at(i)).unwrap();
                path
            })
            .collect();
        // The entry just written is the oldest by its time, and stays.
        prune(dir.path(), &paths[0]);
        let mut left: Vec<PathBuf> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        left.sort();
        let mut expected = vec![paths[0].clone()];
        expected.extend(paths[4..].iter().cloned());
        assert_eq!(left, expected);
        assert_eq!(left.len(), MAX_ENTRIES);
    }
}
