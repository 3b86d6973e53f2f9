//! Stability tracking across the invocations of one `--session NAME`: how many requests in
//! a row each item (`file:{path}`, `symbol:{path}`, `history:{N}`) has been sent unchanged,
//! and so which cache tier it earns. Also the previous request's cache prefixes, so the
//! `context` command can predict how much of the next request a provider will reuse.
//!
//! The state is one JSON file per session. A run holds an exclusive lock on a sibling
//! `<session>.lock` file from reading the state to writing it back, and writes atomically,
//! so concurrent runs are serialised and a reader never sees half a file.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::request::tier::Tier;
use crate::settings::{env, files, Env, Settings};

/// The state file format; bumped when it changes incompatibly.
const VERSION: u32 = 1;

/// A state problem; the message names the file and says what to do.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    #[error(
        "--session '{0}': a session name is 1 to 100 letters, digits, '.', '_' or '-', \
         not starting with '.' (no path separators)"
    )]
    BadName(String),
    // The io error is the source, which the error chain prints after this.
    #[error("session state '{path}': {action}")]
    Io {
        path: String,
        action: &'static str,
        source: std::io::Error,
    },
    #[error(
        "session state '{path}' is not valid ({reason}); delete it to start the session \
         afresh, or pass --no-update to render without recording"
    )]
    Corrupt { path: String, reason: String },
    #[error("{0}")]
    NoStateDir(String),
}

/// One tracked item: its content hash and how many requests in a row it has been unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub hash: String,
    pub unchanged: u32,
}

/// A cache marker of a request: the tier it closes, the tokens of the prefix up to and
/// including it, and a hash of that whole prefix (so equal hashes mean a cache hit).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    pub tier: Tier,
    pub tokens: usize,
    pub hash: String,
}

/// The cache prefixes of one request.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrefixRecord {
    /// The model the request was for (caches are per model).
    pub model: String,
    pub markers: Vec<Marker>,
}

impl PrefixRecord {
    /// Tokens a provider can read from cache when this request follows `previous`: the
    /// longest prefix ending at one of this request's markers that `previous` also wrote
    /// (same model, same bytes, hence the same cumulative hash).
    pub fn reuse_after(&self, previous: &PrefixRecord) -> usize {
        if self.model != previous.model {
            return 0;
        }
        self.markers
            .iter()
            .filter(|m| previous.markers.iter().any(|p| p.hash == m.hash))
            .map(|m| m.tokens)
            .max()
            .unwrap_or(0)
    }
}

/// Builds a request's [`PrefixRecord`] while walking its content in order: the running
/// hash covers every part so far, and each marker records it.
#[derive(Debug, Clone)]
pub struct PrefixHasher {
    hasher: Sha256,
    record: PrefixRecord,
}

impl PrefixHasher {
    pub fn new(model: &str) -> PrefixHasher {
        PrefixHasher {
            hasher: Sha256::new(),
            record: PrefixRecord {
                model: model.to_string(),
                markers: Vec::new(),
            },
        }
    }

    /// Adds one part of the request (a role, a text, an image's data...).
    pub fn push(&mut self, part: &str) {
        // Length first, so ("ab","c") and ("a","bc") hash differently.
        self.hasher.update((part.len() as u64).to_le_bytes());
        self.hasher.update(part.as_bytes());
    }

    /// Places a cache marker after everything pushed so far, `tokens` into the request.
    pub fn mark(&mut self, tier: Tier, tokens: usize) {
        let hash = hex(&self.hasher.clone().finalize());
        self.record.markers.push(Marker { tier, tokens, hash });
    }

    pub fn finish(self) -> PrefixRecord {
        self.record
    }
}

/// The SHA-256 of `content`, as lowercase hex (the hash [`Tracker::observe`] takes).
pub fn sha256_hex(content: &str) -> String {
    hex(&Sha256::digest(content.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct State {
    version: u32,
    items: BTreeMap<String, Entry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    last_request: Option<PrefixRecord>,
}

/// A session's stability state, open for one request. With a file, the session's lock is
/// held from [`Tracker::open`] until the tracker is saved or dropped.
#[derive(Debug)]
pub struct Tracker {
    path: Option<PathBuf>,
    _lock: Option<File>,
    state: State,
    pins: BTreeMap<String, Tier>,
    previous: Option<PrefixRecord>,
}

impl Tracker {
    /// Opens the state at `path` (a missing file is a new session), locking the session
    /// until the tracker is saved or dropped. Blocks while another run holds the lock.
    pub fn open(path: &Path) -> Result<Tracker, StateError> {
        let shown = crate::paths::display(path);
        let io = |action: &'static str| {
            let path = shown.clone();
            move |source| StateError::Io {
                path,
                action,
                source,
            }
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io("cannot create its directory"))?;
            // State is per machine: keep it out of the project's commits.
            // Anything already there (a dangling symlink too) is left alone.
            let ignore = dir.join(".gitignore");
            if std::fs::symlink_metadata(&ignore).is_err() {
                crate::output::write_atomic(&ignore, b"*\n")
                    .map_err(io("cannot write .gitignore beside it"))?;
            }
        }
        let lock = crate::output::lock(&path.with_extension("lock"))
            .map_err(io("cannot lock its lock file"))?;
        // A symlinked state file would be read from, and written to, another file.
        let read = crate::output::open_no_follow(path, false).and_then(|mut f| {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut f, &mut bytes).map(|_| bytes)
        });
        let state = match read {
            Ok(bytes) => parse(&bytes, &shown)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => State {
                version: VERSION,
                ..State::default()
            },
            Err(e) => return Err(io("cannot read it")(e)),
        };
        Ok(Tracker {
            path: Some(path.to_path_buf()),
            _lock: Some(lock),
            previous: state.last_request.clone(),
            state,
            pins: BTreeMap::new(),
        })
    }

    /// A tracker with no file: every item is active unless pinned (runs without
    /// `--session`).
    pub fn ephemeral() -> Tracker {
        Tracker {
            path: None,
            _lock: None,
            state: State {
                version: VERSION,
                ..State::default()
            },
            pins: BTreeMap::new(),
            previous: None,
        }
    }

    /// Records one request's items, `(key, sha256 hex)`: a new item starts at 0, an
    /// unchanged one counts up, a changed one goes back to 0, and items not in this
    /// request are forgotten.
    pub fn observe(&mut self, items: &[(String, String)]) {
        let old = std::mem::take(&mut self.state.items);
        for (key, hash) in items {
            let unchanged = match old.get(key) {
                Some(e) if e.hash == *hash => e.unchanged.saturating_add(1),
                _ => 0,
            };
            self.state.items.insert(
                key.clone(),
                Entry {
                    hash: hash.clone(),
                    unchanged,
                },
            );
        }
    }

    /// Each tracked item's tier (pins override the count). Keys not listed are active.
    pub fn tiers(&self) -> BTreeMap<String, Tier> {
        if self.path.is_none() {
            // Without a session nothing is known to be stable.
            return self.pins.clone();
        }
        let mut tiers: BTreeMap<String, Tier> = self
            .state
            .items
            .iter()
            .map(|(k, e)| (k.clone(), Tier::for_unchanged_count(e.unchanged)))
            .collect();
        tiers.extend(self.pins.iter().map(|(k, t)| (k.clone(), *t)));
        tiers
    }

    /// Puts `key` in `tier` for this request whatever its count (`--tier PATH=L1`).
    pub fn pin(&mut self, key: impl Into<String>, tier: Tier) {
        self.pins.insert(key.into(), tier);
    }

    /// The tracked items and their counts.
    pub fn entries(&self) -> &BTreeMap<String, Entry> {
        &self.state.items
    }

    /// The cache prefixes of the session's previous recorded request.
    pub fn previous(&self) -> Option<&PrefixRecord> {
        self.previous.as_ref()
    }

    /// Sets this request's cache prefixes, saved with the state.
    pub fn record(&mut self, request: PrefixRecord) {
        self.state.last_request = Some(request);
    }

    /// Writes the state back (atomically) and releases the lock. Does nothing for an
    /// ephemeral tracker.
    pub fn save(self) -> Result<(), StateError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let mut text = serde_json::to_string_pretty(&self.state).unwrap_or_default();
        text.push('\n');
        crate::output::write_atomic(path, text.as_bytes()).map_err(|source| StateError::Io {
            path: crate::paths::display(path),
            action: "cannot write it",
            source,
        })
        // The lock file is closed (and so unlocked) when `self` drops, after the rename.
    }
}

fn parse(bytes: &[u8], shown: &str) -> Result<State, StateError> {
    let corrupt = |reason: String| StateError::Corrupt {
        path: shown.to_string(),
        reason,
    };
    let state: State = serde_json::from_slice(bytes).map_err(|e| corrupt(e.to_string()))?;
    if state.version != VERSION {
        return Err(corrupt(format!(
            "format version {}, this asimi-prompt reads version {VERSION}",
            state.version
        )));
    }
    Ok(state)
}

/// Checks a `--session` name: it becomes a file name, so no separators or dot-files.
pub fn check_session_name(name: &str) -> Result<(), StateError> {
    let ok = !name.is_empty()
        && name.len() <= 100
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if ok {
        Ok(())
    } else {
        Err(StateError::BadName(name.to_string()))
    }
}

/// The directory session state lives in: `ASIMI_STATE_DIR`; else `.asimi/state` in the
/// project (a git work tree, or a directory with `.asimi/`); else `asimi-prompt/state`
/// under the user's state directory.
pub fn state_dir(settings: &Settings, env: &Env) -> Result<PathBuf, StateError> {
    if let Some(dir) = env.get(env::STATE_DIR).filter(|v| !v.is_empty()) {
        return crate::paths::resolve(dir, &settings.cwd, settings.home.as_deref())
            .map_err(|m| StateError::NoStateDir(format!("{}: {m}", env::STATE_DIR)));
    }
    let project = settings.project_root.join(files::PROJECT_DIR);
    if settings.repo.is_some() || project.is_dir() {
        // The project's state directory must not lead out of it (ASIMI_STATE_DIR may).
        let dir = project.join(files::STATE);
        let what = format!("session state directory '{}'", crate::paths::display(&dir));
        crate::paths::confine(
            &settings.project_root,
            &dir,
            &what,
            crate::paths::CONFINE_HINT,
        )
        .map_err(StateError::NoStateDir)?;
        return Ok(dir);
    }
    dirs::state_dir()
        .or_else(dirs::data_local_dir)
        .map(|d| d.join(files::APP_DIR).join(files::STATE))
        .ok_or_else(|| {
            StateError::NoStateDir(format!(
                "--session: outside a project and with no user state directory; set {} \
                 to a directory for session state",
                env::STATE_DIR
            ))
        })
}

/// The state file of session `name`.
pub fn state_path(settings: &Settings, env: &Env, name: &str) -> Result<PathBuf, StateError> {
    check_session_name(name)?;
    Ok(state_dir(settings, env)?.join(format!("{name}.json")))
}

/// Reads a `--tier ITEM=TIER` value into a tracker key and tier. ITEM is a key
/// (`file:P`, `symbol:P`, `history:N`) or a file path, named from `cwd` like `--file`
/// and keyed by its path from `project_root`.
pub fn parse_pin(arg: &str, cwd: &Path, project_root: &Path) -> Result<(String, Tier), String> {
    let Some((item, tier)) = arg.rsplit_once('=') else {
        return Err(format!(
            "--tier '{arg}': expected ITEM=TIER, e.g. --tier src/lib.rs=L1"
        ));
    };
    let tier: Tier = tier.parse().map_err(|e| format!("--tier '{arg}': {e}"))?;
    if item.is_empty() {
        return Err(format!("--tier '{arg}': the item is missing before '='"));
    }
    for prefix in ["file:", "symbol:", "history:"] {
        if item.starts_with(prefix) {
            return Ok((item.to_string(), tier));
        }
    }
    let path = cwd.join(item);
    let real = path.canonicalize().unwrap_or(path);
    let root = project_root
        .canonicalize()
        .unwrap_or_else(|_| project_root.to_path_buf());
    let key = crate::paths::project_name(&real, &root);
    Ok((format!("file:{key}"), tier))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), sha256_hex(v)))
            .collect()
    }

    fn run(path: &Path, pairs: &[(&str, &str)]) -> BTreeMap<String, Tier> {
        let mut t = Tracker::open(path).unwrap();
        t.observe(&items(pairs));
        let tiers = t.tiers();
        t.save().unwrap();
        tiers
    }

    #[test]
    fn tiers_climb_and_fall() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let mut seen = Vec::new();
        for _ in 0..13 {
            seen.push(run(&path, &[("file:a", "A")])["file:a"]);
        }
        use Tier::*;
        let expect = [
            Active, Active, Active, L3, L3, L3, L2, L2, L2, L1, L1, L1, L0,
        ];
        assert_eq!(seen, expect);
        // A change sends it back to active; a new item starts there; absent ones go.
        let t = run(&path, &[("file:a", "A2"), ("file:b", "B")]);
        assert_eq!(t["file:a"], Active);
        assert_eq!(t["file:b"], Active);
        let t = run(&path, &[("file:b", "B")]);
        assert_eq!(t.get("file:a"), None);
        let t = run(&path, &[("file:a", "A2"), ("file:b", "B")]);
        assert_eq!(t["file:a"], Active);
    }

    #[test]
    fn pins_override_and_ephemeral_is_active() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let mut t = Tracker::open(&path).unwrap();
        t.observe(&items(&[("file:a", "A"), ("file:b", "B")]));
        t.pin("file:a", Tier::L1);
        assert_eq!(t.tiers()["file:a"], Tier::L1);
        assert_eq!(t.tiers()["file:b"], Tier::Active);
        drop(t);
        assert!(!path.exists(), "nothing is written without save");

        let mut e = Tracker::ephemeral();
        e.observe(&items(&[("file:a", "A")]));
        e.observe(&items(&[("file:a", "A")]));
        e.observe(&items(&[("file:a", "A")]));
        e.observe(&items(&[("file:a", "A")]));
        assert_eq!(e.tiers().get("file:a"), None);
        e.pin("file:a", Tier::L2);
        assert_eq!(e.tiers()["file:a"], Tier::L2);
        e.save().unwrap();
    }

    #[test]
    fn corrupt_state_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        std::fs::write(&path, "{not json").unwrap();
        let msg = Tracker::open(&path).unwrap_err().to_string();
        assert!(msg.contains(&crate::paths::display(&path)), "{msg}");
        assert!(msg.contains("delete it"), "{msg}");
        std::fs::write(&path, r#"{"version": 99, "items": {}}"#).unwrap();
        let msg = Tracker::open(&path).unwrap_err().to_string();
        assert!(msg.contains("version 99"), "{msg}");
    }

    #[test]
    fn session_names() {
        for ok in ["main", "feature-x.2", "a_b"] {
            assert!(check_session_name(ok).is_ok(), "{ok}");
        }
        for bad in ["", "a/b", "..", ".hidden", "a\\b", "x y", &"n".repeat(101)] {
            assert!(check_session_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn pins_parse() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("src/lib.rs"), "").unwrap();
        let sub = root.join("src");
        assert_eq!(
            parse_pin("lib.rs=l1", &sub, &root),
            Ok(("file:src/lib.rs".to_string(), Tier::L1))
        );
        assert_eq!(
            parse_pin("history:0=L0", &sub, &root),
            Ok(("history:0".to_string(), Tier::L0))
        );
        assert!(parse_pin("lib.rs", &sub, &root)
            .unwrap_err()
            .contains("ITEM=TIER"));
        assert!(parse_pin("lib.rs=L7", &sub, &root)
            .unwrap_err()
            .contains("unknown tier"));
        assert!(parse_pin("=L1", &sub, &root).is_err());
    }

    #[test]
    fn concurrent_updates_are_serialised() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let (threads, rounds) = (8, 5);
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    for _ in 0..rounds {
                        run(&path, &[("file:a", "A"), ("history:0", "hi")]);
                    }
                });
            }
        });
        // Every read-modify-write saw the one before it: no update was lost.
        let t = Tracker::open(&path).unwrap();
        let n = threads * rounds - 1;
        assert_eq!(t.entries()["file:a"].unchanged, n);
        assert_eq!(t.entries()["history:0"].unchanged, n);
        let leftovers: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            leftovers.len(),
            3,
            "s.json, s.lock, .gitignore: {leftovers:?}"
        );
    }

    #[test]
    fn prefix_reuse() {
        let build = |parts: &[&str]| {
            let mut h = PrefixHasher::new("m");
            for (i, p) in parts.iter().enumerate() {
                h.push(p);
                h.mark(Tier::CACHED[i], 10 * (i + 1));
            }
            h.finish()
        };
        let before = build(&["sys", "l1", "l2"]);
        assert_eq!(build(&["sys", "l1", "l2"]).reuse_after(&before), 30);
        assert_eq!(build(&["sys", "l1", "new"]).reuse_after(&before), 20);
        assert_eq!(build(&["other", "l1"]).reuse_after(&before), 0);
        let mut other_model = build(&["sys"]);
        other_model.model = "n".into();
        assert_eq!(other_model.reuse_after(&before), 0);
        assert_ne!(build(&["ab"]).markers[0].hash, {
            let mut h = PrefixHasher::new("m");
            h.push("a");
            h.push("b");
            h.mark(Tier::L0, 0);
            h.finish().markers[0].hash.clone()
        });
    }
}
