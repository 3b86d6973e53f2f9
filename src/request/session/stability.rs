//! Stability tracking across the invocations of one `--session NAME`: each item's
//! (`file:{path}`, `symbol:{path}`, `history:{N}`) count, tier and place in it, moved by
//! ripple promotion (`ripple`). Also what the provider's cache holds from the session's
//! requests (`reuse::Memory`), so `context` can predict the next request's reuse.
//!
//! The state is one JSON file per session. A run holds an exclusive lock on a sibling
//! `<session>.lock` file from reading the state to writing it back, and writes atomically,
//! so concurrent runs are serialised and a reader never sees half a file.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::beneath::{self, Links, Place, Root};
use crate::edit::recovery::Failed;
use crate::request::item_key::{ItemKey, KeyError};
use crate::request::report::usage::Predicted;
use crate::request::reuse::{Memory, Rule};
use crate::request::session::ripple::Ripple;
use crate::request::session::turns::Conversation;
use crate::request::tier::Tier;

/// The file beside the state that keeps it out of the project's commits.
const GITIGNORE: &str = ".gitignore";

/// The state file format; bumped when it changes incompatibly. Version 1 files (counts
/// only) are migrated on reading: see `migrate`. Versions 1 and 2 hashed items with
/// SHA-256, version 3 with their content ids: the next request matches an old hash
/// against its item's SHA-256 (`Observed::sha256`) and records the id instead.
const VERSION: u32 = 3;

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

/// The crate's error, saying the same: a run reports a state problem as it reports
/// any other.
/// What to do when the project's state directory cannot be written.
const UNWRITABLE_HINT: &str = "set ASIMI_STATE_DIR to a directory you can write, or pass \
     --no-update to render without recording";

impl From<StateError> for Error {
    fn from(e: StateError) -> Error {
        match e {
            StateError::Io {
                path,
                action,
                source,
            } => {
                let mut message = format!(
                    "session state '{path}': {action}: {}",
                    crate::error::io_reason(&source)
                );
                // A read-only checkout: say where else the state can go.
                if matches!(
                    source.kind(),
                    ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem
                ) {
                    message.push_str(&format!("; {UNWRITABLE_HINT}"));
                }
                Error::io(message, source)
            }
            StateError::BadName(_) | StateError::NoStateDir(_) => Error::usage(e.to_string()),
            StateError::Corrupt { .. } => Error::data(e.to_string()),
        }
    }
}

use super::gemini_join::Record as GeminiRecord;
pub use super::ripple::Entry;
use crate::error::Error;
use crate::request::assemble::Observed;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct State {
    version: u32,
    items: BTreeMap<ItemKey, Entry>,
    /// The next entry number (an item's place in its tier).
    #[serde(default)]
    next_order: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cache: Option<Memory>,
    /// What the cache would hold had the same requests been sent without the session,
    /// for `context` to show what the session buys.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    without_session: Option<Memory>,
    /// Requests the session has recorded.
    #[serde(default)]
    requests: u64,
    /// How many of them broke or grew each cached tier (ripple's promotion weighs them).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    breaks: BTreeMap<Tier, u32>,
    /// The conversation `reply` brings back (`turns`).
    #[serde(default, skip_serializing_if = "Conversation::is_empty")]
    conversation: Conversation,
    /// The blocks of the last reply applied in the session that did not apply, until a
    /// request tells the model (`edit::recovery`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    failed: Vec<Failed>,
    /// The files whose blocks the last request showed around its working files, in
    /// their order: the next request keeps those it still wants first, in that order, so
    /// that its active part starts as the last one did.
    #[serde(default, skip_serializing_if = "crate::map::TaskRecord::is_empty")]
    task: crate::map::TaskRecord,
    /// Gemini's explicit cache: what the last create put in its entry beyond the tiers
    /// (`gemini_join`). Absent for other providers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    gemini: Option<GeminiRecord>,
    /// Version 1's record of the last request's markers: read, and dropped.
    #[serde(default, skip_serializing)]
    last_request: Option<serde_json::Value>,
    /// The items' hashes are SHA-256s (read from a version 1 or 2 file).
    #[serde(skip)]
    sha256_hashes: bool,
}

/// A session's stability state, open for one request. With a file, the session's lock is
/// held from [`Tracker::open`] until the tracker is saved or dropped.
#[derive(Debug)]
pub struct Tracker {
    place: Option<Place>,
    _lock: Option<File>,
    state: State,
    pins: BTreeMap<ItemKey, Tier>,
    /// Pinned items laid out at their tier's end whatever place they hold (`pin_last`).
    last: BTreeSet<ItemKey>,
    previous: Option<Memory>,
    /// The first item this request changed against the previous one ([`first_change`]).
    first_change: Option<String>,
}

impl Tracker {
    /// Opens the state at `path` (a missing file is a new session), locking the session
    /// until the tracker is saved or dropped. Blocks while another run holds the lock.
    /// Inside the project `root`, the state, its lock and its directory are opened
    /// through a handle on the root ([`crate::beneath`]), and none may be a link.
    pub fn open(root: &Path, path: &Path) -> Result<Tracker, StateError> {
        let shown = crate::paths::display(path);
        let io = |action: &'static str| {
            let path = shown.clone();
            move |source| StateError::Io {
                path,
                action,
                source,
            }
        };
        let root = Root::open(root).map_err(io("cannot open the project root"))?;
        let place = beneath::place(Some(&root), path, Links::Refuse, true)
            .map_err(io("cannot create its directory"))?;
        // State is per machine: keep it out of the project's commits. Anything already
        // there (a dangling symlink too) is left alone.
        place
            .sibling(GITIGNORE)
            .and_then(|p| p.create_new(b"*\n"))
            .map_err(io("cannot write .gitignore beside it"))?;
        let lock = place
            .sibling(path.with_extension("lock").file_name().unwrap_or_default())
            .and_then(|p| p.lock())
            .map_err(io("cannot lock its lock file"))?;
        let state = read_state(&place, &shown)?;
        Ok(Tracker {
            place: Some(place),
            _lock: Some(lock),
            previous: state.cache.clone(),
            state,
            pins: BTreeMap::new(),
            last: BTreeSet::new(),
            first_change: None,
        })
    }

    /// A tracker with no file: every item is active unless pinned (runs without
    /// `--session`).
    pub fn ephemeral() -> Tracker {
        Tracker {
            place: None,
            _lock: None,
            state: State {
                version: VERSION,
                ..State::default()
            },
            pins: BTreeMap::new(),
            last: BTreeSet::new(),
            previous: None,
            first_change: None,
        }
    }

    /// Records one request's items (in request order) by ripple promotion (see
    /// `ripple`); `min_tokens` is the model's minimum cacheable prefix. Items not in this
    /// request are forgotten.
    /// `rule`: how the provider reads its cache (any prefix, or whole blocks near a
    /// marker).
    pub fn observe(
        &mut self,
        items: &[Observed],
        min_tokens: u64,
        rule: Rule,
    ) -> super::ripple::Moves {
        let active_cached = self
            .previous
            .as_ref()
            .is_some_and(|m| m.moving.is_some() || !m.steps.is_empty());
        self.state.requests += 1;
        let before = self.state.items.clone();
        let moves = Ripple {
            items: &mut self.state.items,
            next_order: &mut self.state.next_order,
            min_tokens,
            active_cached,
            now: self.state.requests,
            partial_reads: rule == Rule::Prefix,
            lookback: rule.lookback(),
            breaks: &mut self.state.breaks,
        }
        .observe(items);
        self.first_change = first_change(&before, &self.state.items, items);
        // Every item kept is one observed now, under its id.
        self.state.sha256_hashes = false;
        moves
    }

    /// The first item, in the order the body holds them, that the request observed last
    /// changed, added or dropped against the session's previous request: where a provider's
    /// cache read of the same prefix stops. `None` on a first request, or when no item
    /// changed.
    pub fn first_change(&self) -> Option<&str> {
        self.first_change.as_deref()
    }

    /// What was predicted for the session's latest recorded request (the one before
    /// this), if it recorded a prediction.
    pub fn last_predicted(&self) -> Option<&Predicted> {
        let c = &self.state.conversation;
        let awaiting = c.awaiting.as_ref().map(|a| (a.request, &a.predicted));
        let answered = c.answered.last().map(|a| (a.request, &a.predicted));
        awaiting
            .into_iter()
            .chain(answered)
            .max_by_key(|(request, _)| *request)
            .and_then(|(_, p)| p.as_ref())
    }

    /// Whether the items to observe need their SHA-256 (`Observed::sha256`): the state
    /// was written by a version that hashed with it.
    pub fn wants_sha256(&self) -> bool {
        self.state.sha256_hashes && !self.state.items.is_empty()
    }

    /// Whether this is a session's first request: a session with no state yet.
    pub fn is_new(&self) -> bool {
        self.is_session() && self.state.items.is_empty() && self.previous.is_none()
    }

    /// Places items in cached tiers before a request is observed (a session's first
    /// request): each of `items` that `tiers` names enters its tier with the tier's entry
    /// count, in request order, as if it had earned it.
    pub fn seed(&mut self, items: &[Observed], tiers: &BTreeMap<ItemKey, Tier>) {
        for o in items {
            let Some(&tier) = tiers.get(&o.key) else {
                continue;
            };
            let entry = Entry {
                hash: o.hash.clone(),
                unchanged: tier.entry_count(),
                tier,
                order: self.state.next_order,
                changed: None,
                gap: 0,
                joined: o.joined,
                arrived: 0,
                part: 0,
            };
            self.state.next_order += 1;
            self.state.items.insert(o.key.clone(), entry);
        }
    }

    /// Whether the tracker belongs to a session (not [`Tracker::ephemeral`]).
    pub fn is_session(&self) -> bool {
        self.place.is_some()
    }

    /// Each tracked item's tier (pins override it). Keys not listed are active.
    pub fn tiers(&self) -> BTreeMap<ItemKey, Tier> {
        if self.place.is_none() {
            // Without a session nothing is known to be stable.
            return self.pins.clone();
        }
        let mut tiers: BTreeMap<ItemKey, Tier> = self
            .state
            .items
            .iter()
            .map(|(k, e)| (k.clone(), e.tier))
            .collect();
        tiers.extend(self.pins.iter().map(|(k, t)| (k.clone(), *t)));
        tiers
    }

    /// Each tracked item's place in its tier (the order it entered); empty without a
    /// session.
    pub fn order(&self) -> BTreeMap<ItemKey, u64> {
        if self.place.is_none() {
            return BTreeMap::new();
        }
        self.state
            .items
            .iter()
            .filter(|(k, _)| !self.last.contains(*k))
            .map(|(k, e)| (k.clone(), e.order))
            .collect()
    }

    /// Each tracked item's part of its tier (`ripple`, Parts); empty without a session.
    pub fn parts(&self) -> BTreeMap<ItemKey, u64> {
        if self.place.is_none() {
            return BTreeMap::new();
        }
        let parts = self.state.items.iter().filter(|(_, e)| e.part != 0);
        parts.map(|(k, e)| (k.clone(), e.part)).collect()
    }

    /// Puts `key` in `tier` for this request whatever its count (`--tier PATH=L1`).
    pub fn pin(&mut self, key: ItemKey, tier: Tier) {
        self.pins.insert(key, tier);
    }

    /// [`Tracker::pin`], at the tier's end after the items placed there (in request
    /// order), whatever place the item held: so a pin whatever the tiers did since
    /// lays the tier out the same.
    pub fn pin_last(&mut self, key: ItemKey, tier: Tier) {
        self.last.insert(key.clone());
        self.pin(key, tier);
    }

    /// The tracked items and their counts.
    pub fn entries(&self) -> &BTreeMap<ItemKey, Entry> {
        &self.state.items
    }

    /// How many of the recorded requests broke each cached tier, or changed the active
    /// part (`Tier::Active`).
    pub fn breaks(&self) -> &BTreeMap<Tier, u32> {
        &self.state.breaks
    }

    /// What the provider's cache holds from the session's earlier requests.
    pub fn previous(&self) -> Option<&Memory> {
        self.previous.as_ref()
    }

    /// Sets what the cache holds after this request, saved with the state.
    pub fn record(&mut self, memory: Memory) {
        self.state.cache = Some(memory);
    }

    /// The conversation the session keeps.
    pub fn conversation(&self) -> &Conversation {
        &self.state.conversation
    }

    /// The conversation, to record a request sent or a reply.
    pub fn conversation_mut(&mut self) -> &mut Conversation {
        &mut self.state.conversation
    }

    /// The blocks that did not apply, not yet told to the model.
    pub fn failed(&self) -> &[Failed] {
        &self.state.failed
    }

    /// Records what the last apply left undone (replacing any earlier record: the reply
    /// to recover from is the latest).
    pub fn set_failed(&mut self, failed: Vec<Failed>) {
        self.state.failed = failed;
    }

    /// What the last request showed of the task.
    pub fn task(&self) -> &crate::map::TaskRecord {
        &self.state.task
    }

    /// Records what this request shows of the task.
    pub fn set_task(&mut self, task: crate::map::TaskRecord) {
        self.state.task = task;
    }

    /// Forgets the failures `sent` told the model (one recorded since stays).
    pub fn clear_failed(&mut self, sent: &[Failed]) {
        self.state.failed.retain(|f| !sent.contains(f));
    }

    /// Requests the session has recorded (the one being laid out included).
    pub fn requests(&self) -> u64 {
        self.state.requests
    }

    /// What the cache would hold had the session's requests been sent without it.
    pub fn previous_without_session(&self) -> Option<&Memory> {
        self.state.without_session.as_ref()
    }

    /// Sets what the cache would hold after this request sent without the session.
    pub fn record_without_session(&mut self, memory: Memory) {
        self.state.without_session = Some(memory);
    }

    /// What the session keeps for Gemini's explicit cache, made empty on first use.
    pub fn gemini_mut(&mut self) -> &mut GeminiRecord {
        self.state.gemini.get_or_insert_with(GeminiRecord::default)
    }

    /// Writes the state back (atomically) and releases the lock. Does nothing for an
    /// ephemeral tracker.
    pub fn save(self) -> Result<(), StateError> {
        match &self.place {
            Some(place) => write(place, &self.state),
            None => Ok(()),
        }
        // The lock file is closed (and so unlocked) when `self` drops, after the rename.
    }

    /// Writes back only what a `--cache-create` put in its entry (`gemini_join`): a
    /// create body is not one of the session's requests, so the state is otherwise left
    /// as it was read (the lock held since keeps it so).
    pub fn save_gemini_entry(self) -> Result<(), StateError> {
        let Some(place) = &self.place else {
            return Ok(());
        };
        // The state as this run read it: the lock held since keeps the file so.
        let mut state = read_state(place, &crate::paths::display(place.path()))?;
        let joined = self.state.gemini.map(|g| g.joined).unwrap_or_default();
        state
            .gemini
            .get_or_insert_with(GeminiRecord::default)
            .joined = joined;
        write(place, &state)
    }
}

/// Writes `state` to `place` atomically.
fn write(place: &Place, state: &State) -> Result<(), StateError> {
    let mut text = serde_json::to_string_pretty(state).unwrap_or_default();
    text.push('\n');
    place
        .write_atomic(text.as_bytes())
        .map_err(|source| StateError::Io {
            path: crate::paths::display(place.path()),
            action: "cannot write it",
            source,
        })
}

/// What [`Tracker::first_change`] says: the earliest of the items `observed` changed,
/// added or dropped against `old` (the previous request's), or moved between tiers by
/// this request (`now`, after ripple promotion), by the tier and place the item held (a
/// body lays items out by tier, then by place), as `KEY (how)`. A move breaks the prefix
/// at the earlier of the place it left and the place it took. A history message
/// appended after the old ones, or joining the end of a tier, is left out: appending
/// never breaks a prefix.
fn first_change(
    old: &BTreeMap<ItemKey, Entry>,
    now: &BTreeMap<ItemKey, Entry>,
    observed: &[Observed],
) -> Option<String> {
    if old.is_empty() {
        return None;
    }
    let old_history = old.keys().filter(|k| k.history_index().is_some()).count();
    let mut changes: Vec<(Tier, u64, &ItemKey, String)> = Vec::new();
    for o in observed {
        match old.get(&o.key) {
            Some(e) if e.hash == o.hash || o.sha256.as_deref() == Some(e.hash.as_str()) => {
                let Some(n) = now.get(&o.key).filter(|n| n.tier != e.tier) else {
                    continue;
                };
                if o.key.history_index().is_none() {
                    let at = (e.tier, e.order).min((n.tier, n.order));
                    changes.push((at.0, at.1, &o.key, moved(e.tier, n.tier)));
                }
            }
            Some(e) => changes.push((e.tier, e.order, &o.key, "changed".into())),
            None if o.key.history_index().is_some_and(|i| i >= old_history) => {}
            None => changes.push((Tier::Active, u64::MAX, &o.key, "new".into())),
        }
    }
    for (key, e) in old {
        if !observed.iter().any(|o| o.key == *key) {
            changes.push((e.tier, e.order, key, "dropped".into()));
        }
    }
    let (_, _, key, how) = changes.into_iter().min_by_key(|c| (c.0, c.1))?;
    Some(format!("{key} ({how})"))
}

/// How an unchanged item moved: `entered L3`, `moved from L3 to L2`, `left L2`.
fn moved(from: Tier, to: Tier) -> String {
    match (from, to) {
        (Tier::Active, to) => format!("entered {to}"),
        (from, Tier::Active) => format!("left {from}"),
        (from, to) => format!("moved from {from} to {to}"),
    }
}

/// The state file at `place` (`shown` in messages); a missing file is a new session's.
/// Never through a link: a symlinked state file would be read from, and written to,
/// another file.
fn read_state(place: &Place, shown: &str) -> Result<State, StateError> {
    match place.read_no_follow() {
        Ok(bytes) => parse(&bytes, shown),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(State {
            version: VERSION,
            ..State::default()
        }),
        Err(source) => Err(StateError::Io {
            path: shown.to_string(),
            action: "cannot read it",
            source,
        }),
    }
}

fn parse(bytes: &[u8], shown: &str) -> Result<State, StateError> {
    let corrupt = |reason: String| StateError::Corrupt {
        path: shown.to_string(),
        reason,
    };
    let state: State = serde_json::from_slice(bytes).map_err(|e| corrupt(e.to_string()))?;
    match state.version {
        1 => Ok(migrate(state)),
        2 => Ok(State {
            version: VERSION,
            sha256_hashes: true,
            ..state
        }),
        VERSION => Ok(state),
        v => Err(corrupt(format!(
            "format version {v}, this asimi-prompt reads versions 1 to {VERSION}"
        ))),
    }
}

/// Version 1 kept only counts: each item gets the tier its count gave then (capped at
/// that tier's promotion count) and a place in it in key order; the old marker record is
/// dropped, so the next request predicts no reuse (a one-time miss).
fn migrate(mut state: State) -> State {
    for (order, e) in state.items.values_mut().enumerate() {
        e.tier = Tier::for_unchanged_count(e.unchanged);
        if let Some(cap) = e.tier.promotion_count() {
            e.unchanged = e.unchanged.min(cap);
        }
        e.order = order as u64;
    }
    state.next_order = state.items.len() as u64;
    state.version = VERSION;
    state.sha256_hashes = true;
    state.last_request = None;
    state
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

/// The state file of session `name`, in `dir` (`Settings::state_dir`, resolved only for a
/// run with a session; its error is reported after a bad name's).
pub fn state_path(name: &str, dir: Result<PathBuf, String>) -> Result<PathBuf, StateError> {
    check_session_name(name)?;
    Ok(dir
        .map_err(StateError::NoStateDir)?
        .join(format!("{name}.json")))
}

/// Reads a `--tier ITEM=TIER` value into a tracker key and tier. ITEM is a key
/// (`file:P`, `symbol:P`, `history:N`) or a file path, named from `cwd` like `--file`
/// and keyed by its path from `project_root`.
pub fn parse_pin(
    arg: &str,
    cwd: &Path,
    project_root: &Path,
) -> Result<(Option<ItemKey>, Tier), String> {
    let Some((item, tier)) = arg.rsplit_once('=') else {
        return Err(format!(
            "--tier '{arg}': expected ITEM=TIER, e.g. --tier src/lib.rs=L1"
        ));
    };
    let tier: Tier = tier.parse().map_err(|e| format!("--tier '{arg}': {e}"))?;
    if item.is_empty() {
        return Err(format!("--tier '{arg}': the item is missing before '='"));
    }
    // A key with a bad index (`history:x`, `history:01`) names no item: the caller
    // refuses it as not in the request.
    if !matches!(item.parse::<ItemKey>(), Err(KeyError::Unprefixed)) {
        return Ok((ItemKey::named(item), tier));
    }
    let path = cwd.join(item);
    let real = path.canonicalize().unwrap_or(path);
    let root = project_root
        .canonicalize()
        .unwrap_or_else(|_| project_root.to_path_buf());
    let key = crate::paths::project_name(&real, &root);
    Ok((Some(ItemKey::file(&key)), tier))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digest::blake3_hex;
    use crate::request::item_key::key;

    #[test]
    fn an_unwritable_state_directory_says_what_to_do() {
        let failed = |kind| {
            Error::from(StateError::Io {
                path: ".asimi/state/s.json".into(),
                action: "cannot create its directory",
                source: std::io::Error::from(kind),
            })
            .to_string()
        };
        for kind in [ErrorKind::ReadOnlyFilesystem, ErrorKind::PermissionDenied] {
            let message = failed(kind);
            assert!(
                message.starts_with(
                    "session state '.asimi/state/s.json': cannot create its directory: "
                ),
                "{message}"
            );
            assert!(message.ends_with(UNWRITABLE_HINT), "{message}");
        }
        assert!(!failed(ErrorKind::NotFound).contains(UNWRITABLE_HINT));
    }

    fn items(pairs: &[(&str, &str)]) -> Vec<Observed> {
        pairs
            .iter()
            .map(|(k, v)| Observed {
                key: key(k),
                hash: blake3_hex(v),
                tokens: v.len(),
                sha256: None,
                joined: false,
                blocks: 0,
            })
            .collect()
    }

    fn run(path: &Path, pairs: &[(&str, &str)]) -> BTreeMap<ItemKey, Tier> {
        let mut t = Tracker::open(Path::new("/"), path).unwrap();
        t.observe(&items(pairs), 1024, Rule::Breakpoints);
        let tiers = t.tiers();
        t.save().unwrap();
        tiers
    }

    #[test]
    fn a_file_climbs_to_l3_and_falls_back_when_changed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        // b is edited on every request, so moving a costs no extra cache write.
        let seen: Vec<Tier> = (0..6)
            .map(|i| run(&path, &[("file:a", "A"), ("file:b", &format!("B{i}"))])[&key("file:a")])
            .collect();
        use Tier::*;
        assert_eq!(seen, [Active, Active, Active, L3, L3, L3]);
        // A change sends it back to active; a new item starts there; absent ones go.
        let t = run(&path, &[("file:a", "A2"), ("file:b", "B")]);
        assert_eq!(t[&key("file:a")], Active);
        assert_eq!(t[&key("file:b")], Active);
        let t = run(&path, &[("file:b", "B")]);
        assert_eq!(t.get(&key("file:a")), None);
        // Symbol blocks start in L3.
        let t = run(&path, &[("file:b", "B"), ("symbol:c", "C")]);
        assert_eq!(t[&key("symbol:c")], L3);
    }

    #[test]
    fn the_first_change_is_the_earliest_in_the_body() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let observe = |pairs: &[(&str, &str)]| {
            let mut t = Tracker::open(Path::new("/"), &path).unwrap();
            t.observe(&items(pairs), 0, Rule::Breakpoints);
            let change = t.first_change().map(str::to_string);
            t.save().unwrap();
            change
        };
        assert_eq!(observe(&[("file:a", "A"), ("file:b", "B")]), None);
        assert_eq!(observe(&[("file:a", "A"), ("file:b", "B")]), None);
        // b was placed after a: its change comes first only once a is left alone.
        assert_eq!(
            observe(&[("file:a", "A2"), ("file:b", "B2")]).as_deref(),
            Some("file:a (changed)")
        );
        assert_eq!(
            observe(&[("file:a", "A2"), ("file:b", "B3"), ("file:c", "C")]).as_deref(),
            Some("file:b (changed)")
        );
        assert_eq!(
            observe(&[("file:a", "A2"), ("file:b", "B3"), ("history:0", "H")]).as_deref(),
            Some("file:c (dropped)"),
            "an appended history message breaks nothing"
        );
        // a has come back unchanged three times and b's edit rewrites the active part:
        // a moves to L3, and the prefix breaks there, before b; next time a stays.
        assert_eq!(
            observe(&[("file:a", "A2"), ("file:b", "B4"), ("history:0", "H")]).as_deref(),
            Some("file:a (entered L3)")
        );
        assert_eq!(
            observe(&[("file:a", "A2"), ("file:b", "B5"), ("history:0", "H")]).as_deref(),
            Some("file:b (changed)")
        );
    }

    #[test]
    fn version_1_state_is_migrated() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let old = r#"{"version": 1, "items": {
            "file:a": {"hash": "HA", "unchanged": 7},
            "file:b": {"hash": "HB", "unchanged": 1}},
          "last_request": {"model": "m", "markers": [{"tier": "L0", "tokens": 5, "hash": "x"}]}}"#;
        std::fs::write(&path, old).unwrap();
        let t = Tracker::open(Path::new("/"), &path).unwrap();
        assert_eq!(t.tiers()[&key("file:a")], Tier::L2);
        assert_eq!(t.tiers()[&key("file:b")], Tier::Active);
        assert_eq!(t.entries()[&key("file:a")].unchanged, 7);
        assert!(t.previous().is_none());
        t.save().unwrap();
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(saved.contains("\"version\": 3"), "{saved}");
        assert!(!saved.contains("last_request"), "{saved}");
        let t = Tracker::open(Path::new("/"), &path).unwrap();
        assert_eq!(t.tiers()[&key("file:a")], Tier::L2);
    }

    #[test]
    fn a_version_2_session_keeps_its_tiers_after_the_upgrade() {
        use crate::digest::sha256_hex;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        // Version 2 recorded SHA-256s: file:a is unchanged since, file:b was edited.
        let old = format!(
            r#"{{"version": 2, "next_order": 2, "items": {{
            "file:a": {{"hash": "{}", "unchanged": 6, "tier": "L2", "order": 0}},
            "file:b": {{"hash": "{}", "unchanged": 3, "tier": "L3", "order": 1}}}}}}"#,
            sha256_hex("A"),
            sha256_hex("B")
        );
        std::fs::write(&path, old).unwrap();
        let mut t = Tracker::open(Path::new("/"), &path).unwrap();
        assert!(t.wants_sha256());
        let observed: Vec<Observed> = [("file:a", "A"), ("file:b", "B2")]
            .iter()
            .map(|(k, v)| Observed {
                sha256: Some(sha256_hex(v)),
                ..items(&[(k, v)]).remove(0)
            })
            .collect();
        t.observe(&observed, 0, Rule::Breakpoints);
        assert!(!t.wants_sha256());
        assert_eq!(t.tiers()[&key("file:a")], Tier::L2);
        assert_eq!(t.entries()[&key("file:a")].hash, blake3_hex("A"));
        assert_eq!(t.tiers()[&key("file:b")], Tier::Active);
        t.save().unwrap();
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(saved.contains("\"version\": 3"), "{saved}");
        let t = Tracker::open(Path::new("/"), &path).unwrap();
        assert!(!t.wants_sha256());
        assert_eq!(t.tiers()[&key("file:a")], Tier::L2);
    }

    #[test]
    fn pins_override_and_ephemeral_is_active() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let mut t = Tracker::open(Path::new("/"), &path).unwrap();
        t.observe(
            &items(&[("file:a", "A"), ("file:b", "B")]),
            0,
            Rule::Breakpoints,
        );
        t.pin(key("file:a"), Tier::L1);
        assert_eq!(t.tiers()[&key("file:a")], Tier::L1);
        assert_eq!(t.tiers()[&key("file:b")], Tier::Active);
        drop(t);
        assert!(!path.exists(), "nothing is written without save");

        let mut e = Tracker::ephemeral();
        for _ in 0..4 {
            e.observe(&items(&[("file:a", "A")]), 0, Rule::Breakpoints);
        }
        assert_eq!(e.tiers().get(&key("file:a")), None);
        e.pin(key("file:a"), Tier::L2);
        assert_eq!(e.tiers()[&key("file:a")], Tier::L2);
        e.save().unwrap();
    }

    #[test]
    fn corrupt_state_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        std::fs::write(&path, "{not json").unwrap();
        let msg = Tracker::open(Path::new("/"), &path)
            .unwrap_err()
            .to_string();
        assert!(msg.contains(&crate::paths::display(&path)), "{msg}");
        assert!(msg.contains("delete it"), "{msg}");
        std::fs::write(&path, r#"{"version": 99, "items": {}}"#).unwrap();
        let msg = Tracker::open(Path::new("/"), &path)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("version 99"), "{msg}");
        std::fs::write(&path, r#"{"version": 2, "items": {}, "extra": 1}"#).unwrap();
        assert!(Tracker::open(Path::new("/"), &path).is_err());
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
            Ok((Some(key("file:src/lib.rs")), Tier::L1))
        );
        assert_eq!(
            parse_pin("history:0=L0", &sub, &root),
            Ok((Some(ItemKey::History(0)), Tier::L0))
        );
        assert!(parse_pin("lib.rs", &sub, &root)
            .unwrap_err()
            .contains("ITEM=TIER"));
        assert!(parse_pin("lib.rs=L7", &sub, &root)
            .unwrap_err()
            .contains("unknown tier"));
        assert!(parse_pin("=L1", &sub, &root).is_err());
        assert_eq!(parse_pin("history:x=L1", &sub, &root), Ok((None, Tier::L1)));
        assert_eq!(
            parse_pin("history:01=L1", &sub, &root),
            Ok((None, Tier::L1))
        );
    }

    #[test]
    fn concurrent_updates_are_serialised() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let (threads, rounds) = (8, 5);
        std::thread::scope(|s| {
            for thread in 0..threads {
                let path = &path;
                s.spawn(move || {
                    for round in 0..rounds {
                        let mut t = Tracker::open(Path::new("/"), path).unwrap();
                        t.observe(&items(&[("file:a", "A")]), 0, Rule::Breakpoints);
                        let mut memory = t.previous().cloned().unwrap_or_default();
                        memory.entries.push(format!("{thread}-{round}"));
                        t.record(memory);
                        t.save().unwrap();
                    }
                });
            }
        });
        // Every read-modify-write saw the one before it: no update was lost.
        let t = Tracker::open(Path::new("/"), &path).unwrap();
        assert_eq!(t.previous().unwrap().entries.len(), threads * rounds);
        assert_eq!(t.tiers()[&key("file:a")], Tier::L3);
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
}
