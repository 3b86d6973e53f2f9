//! A request in a session, end to end: opening the session's state, the layout its
//! tracker gives (`stability` keeps the record, `ripple` moves items between tiers),
//! the cache prediction against what the session's earlier requests left, and what to
//! remember. `messages` and `context` use it, and so does the session benchmark.

mod gemini_entry;
pub mod gemini_join;
pub mod ripple;
pub mod stability;
pub mod turns;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::assemble::{self, Observed};
use super::gemini_storage::Weighing;
use super::item_key::ItemKey;
use super::markers::{Moving, Placement};
use super::providers::Ttl;
use super::report::breakdown::{self, Breakdown};
use super::reuse::{self, Memory, Prediction, Rule, Shape};
use super::tier::Tier;
use super::{Layout, Message, Request};
use crate::error::Error;
use crate::map::tiers::Level;
use stability::{StateError, Tracker};

/// The cache rule of the provider `request` goes to.
pub fn rule(request: &Request) -> Rule {
    Rule::for_provider(
        request.provider.name(),
        &request.options.model,
        request.options.breakpoints,
    )
}

/// A request laid out in its session: the session's state (open and locked, or
/// ephemeral without a session), the tier map, and the messages with markers placed.
#[derive(Debug)]
pub struct Laid {
    pub tracker: Tracker,
    /// The request's session, if it names one (its tracker may still be ephemeral: a
    /// preview goes on past a state it cannot read).
    pub session: Option<String>,
    pub messages: Vec<Message>,
    pub placement: Placement,
    pub tiers: BTreeMap<ItemKey, Tier>,
    /// In a session, the messages the same request would send without it, laid out
    /// once: `context` predicts them, `messages` records them.
    pub without_session: Option<Vec<Message>>,
    /// For a Gemini request in a session, which items join the next cache entry and why
    /// (`gemini_join`).
    pub entry: Option<Weighing>,
}

impl Laid {
    /// Records what `request`, laid out, leaves behind in its session: what the cache
    /// holds after it, and what the same requests would leave without the session (for
    /// `context`); then saves the state. A request without a session records nothing.
    pub fn commit(mut self, request: &Request) -> Result<(), Error> {
        if self.session.is_none() {
            return Ok(());
        }
        // Predicted against the cache the earlier requests left, before this one records.
        let prediction = predict(request, &self.messages, self.tracker.previous())?;
        let memory = remember(request, &self.messages, self.tracker.previous())?;
        self.tracker.record(memory);
        if let Some(without) = &self.without_session {
            let previous = self.tracker.previous_without_session();
            let memory = remember(request, without, previous)?;
            self.tracker.record_without_session(memory);
        }
        let number = self.tracker.requests();
        let changed = self.tracker.first_change().map(str::to_string);
        // The prompt told the model what did not apply: it is not told twice.
        self.tracker.clear_failed(&request.recovered);
        let task = &request.assembly.task;
        self.tracker.set_task(crate::map::TaskRecord {
            blocks: task.blocks.iter().map(|(p, _)| p.clone()).collect(),
            from: task.from.clone(),
            cached: false,
        });
        self.tracker.conversation_mut().send(
            number,
            &request.options.model,
            request.asked(),
            &request.assembly.images,
            Some(turns::Predicted {
                input: prediction.input_tokens as u64,
                cache_read: prediction.read as u64,
                cache_write: prediction.written as u64,
                changed,
            }),
        );
        Ok(self.tracker.save()?)
    }

    /// Records what a `--cache-create` body put in its entry beyond the tiers, and
    /// nothing else: the requests that name the entry lay the same items out. Outside a
    /// session, nothing.
    pub fn keep_gemini_entry(self) -> Result<(), Error> {
        Ok(self.tracker.save_gemini_entry()?)
    }
}

/// Who chose a request's model, and the model's provider and window, as `context` and
/// `messages`' summary show them.
#[derive(Debug, Clone, Copy)]
pub struct Chosen<'a> {
    /// `--model`, a variable, a config file, a spec or the default.
    pub source: &'a str,
    /// The provider the registry gives the model.
    pub provider: &'a str,
    pub context_window: u64,
}

impl Laid {
    /// What `request`, laid out, holds per tier, and the reuse predicted against the
    /// session's previous request (`context`'s table, `messages`' summary); `items` lists
    /// every item (`context --files`).
    pub fn breakdown(
        &self,
        request: &Request,
        chosen: Chosen<'_>,
        items: bool,
        flat: bool,
    ) -> Result<Breakdown, Error> {
        let prediction = match (&self.session, self.tracker.previous()) {
            (Some(_), Some(previous)) => Some(predict(request, &self.messages, Some(previous))?),
            _ => None,
        };
        let without_session = match (
            &prediction,
            &self.without_session,
            self.tracker.previous_without_session(),
        ) {
            (Some(_), Some(messages), Some(previous)) => {
                Some(predict(request, messages, Some(previous))?)
            }
            _ => None,
        };
        Ok(breakdown::breakdown(&breakdown::Basis {
            assembly: &request.assembly,
            tiers: &self.tiers,
            messages: &self.messages,
            placement: &self.placement,
            tokenizer: request.tokenizer,
            model: &request.options.model,
            model_source: chosen.source,
            model_provider: chosen.provider,
            provider: request.provider,
            breakpoints: request.options.breakpoints,
            min_cache_tokens: request.min_cache_tokens,
            context_window: chosen.context_window,
            output_tokens: super::output_tokens(request),
            session: self.session.as_deref(),
            prediction: prediction.as_ref(),
            without_session: without_session.as_ref(),
            remedies: super::remedies(request, false),
            items,
            flat,
            named_cache: match &request.options.gemini_cache {
                super::providers::GeminiCache::Use(name) => Some(name),
                _ => None,
            },
            before: self.tracker.last_predicted(),
            first_change: self.tracker.first_change(),
            entry: self.entry.as_ref(),
        }))
    }
}

/// A `--tier ITEM=TIER` pin: the argument as given, and the key and tier it names.
#[derive(Debug, Clone)]
pub struct Pin {
    pub arg: String,
    /// `None` for a key that names no item (`history:x`, `history:01`).
    pub key: Option<ItemKey>,
    pub tier: Tier,
}

impl Pin {
    /// Reads `arg`, naming a file path from `cwd` and keying it from `project_root`.
    pub fn parse(arg: &str, cwd: &Path, project_root: &Path) -> Result<Pin, Error> {
        let (key, tier) = stability::parse_pin(arg, cwd, project_root).map_err(Error::usage)?;
        Ok(Pin {
            arg: arg.to_string(),
            key,
            tier,
        })
    }

    /// The item as messages name it: its key, else the text given.
    fn item(&self) -> String {
        match &self.key {
            Some(key) => key.to_string(),
            None => {
                let item = self
                    .arg
                    .rsplit_once('=')
                    .map_or(&*self.arg, |(item, _)| item);
                item.to_string()
            }
        }
    }
}

/// Opens `request`'s session (`request.session`; none is an ephemeral tracker) from
/// `state_dir` (inside the project `root`, opened through a handle on it). A state that does not read stops the run, unless the run records
/// nothing (`records` false): then it goes on without the state, and the note says so.
pub fn open(
    request: &Request,
    state_dir: Result<PathBuf, String>,
    root: &Path,
    records: bool,
) -> Result<(Tracker, Option<String>), Error> {
    let Some(name) = &request.session else {
        return Ok((Tracker::ephemeral(), None));
    };
    let path = stability::state_path(name, state_dir)?;
    match Tracker::open(root, &path) {
        Ok(tracker) => Ok((tracker, None)),
        Err(e @ StateError::Corrupt { .. }) if !records => Ok((
            Tracker::ephemeral(),
            Some(format!("{e}; going on without it")),
        )),
        Err(e) => Err(e.into()),
    }
}

/// What session `name` keeps for its next request, read before the request is built.
#[derive(Debug, Default)]
pub struct Stored {
    /// The turns `reply` recorded, as history messages: what a request without a
    /// history file carries. A tool call no result answered is there in words
    /// (`turns::unanswered_calls_left_out`).
    pub turns: Vec<Message>,
    /// The tools of those calls.
    pub left_out: Vec<String>,
    /// The blocks of the last applied reply that did not apply, not yet told to the
    /// model: what the next request's prompt reports.
    pub failures: Vec<crate::edit::recovery::Failed>,
    /// The files whose symbol blocks sit in a cached tier, lowest tier first and in their
    /// order there, each with its block's content id as recorded: the map keeps them, so
    /// that a new task does not rewrite those tiers.
    pub cached_blocks: Vec<(String, String)>,
    /// What the last request showed of the task (`map::MapOptions::task_before`), and
    /// whether a cached tier holds it.
    pub last_task: crate::map::TaskRecord,
}

/// What session `name` keeps ([`Stored`]). Opens the state from `state_dir` (inside
/// the project `root`) under its lock, once, and lets it go. A state that does not read
/// is an error, unless the run records nothing (`records` false): then it keeps nothing.
pub fn stored(
    name: &str,
    state_dir: Result<PathBuf, String>,
    root: &Path,
    records: bool,
) -> Result<Stored, Error> {
    let path = stability::state_path(name, state_dir)?;
    let tracker = match Tracker::open(root, &path) {
        Ok(tracker) => tracker,
        Err(StateError::Corrupt { .. }) if !records => return Ok(Stored::default()),
        Err(e) => return Err(e.into()),
    };
    let (turns, left_out) = turns::unanswered_calls_left_out(&tracker.conversation().turns);
    let shown = format!("session '{name}'");
    Ok(Stored {
        turns: super::input::read::parse_history(&serde_json::Value::Array(turns), &shown)?,
        left_out,
        failures: tracker.failed().to_vec(),
        cached_blocks: cached_blocks(&tracker),
        last_task: crate::map::TaskRecord {
            cached: task_settles(&tracker),
            ..tracker.task().clone()
        },
    })
}

/// Whether the session's task is in a cached tier, or ready to climb into one: then the
/// next request keeps it as it was while a file it was ranked from is still sent
/// (`map::TaskRecord`). A task that is ready waits in the active part until a request
/// rewrites that part anyway, and a change of the working set, the likeliest such
/// request, would otherwise rank it again: changed, it would wait three more requests
/// and never settle while files come and go.
fn task_settles(tracker: &Tracker) -> bool {
    let task = tracker.entries().get(&ItemKey::Task);
    task.is_some_and(|e| e.tier != Tier::Active || e.unchanged >= ripple::ENTRY_COUNT)
}

/// The files whose symbol blocks `tracker` holds in a cached tier, by tier, then by
/// their place in it.
fn cached_blocks(tracker: &Tracker) -> Vec<(String, String)> {
    let mut held: Vec<(Tier, u64, &str, &str)> = tracker
        .entries()
        .iter()
        .filter(|(_, e)| e.tier != Tier::Active)
        .filter_map(|(k, e)| match k {
            ItemKey::Symbol(path) => Some((e.tier, e.order, path.as_str(), e.hash.as_str())),
            _ => None,
        })
        .collect();
    held.sort();
    held.into_iter()
        .map(|(_, _, p, h)| (p.to_string(), h.to_string()))
        .collect()
}

/// Opens `request`'s session ([`open`]) and lays the request out in it ([`lay_out`]),
/// with the `--tier ITEM=TIER` pins `pins` (paths named from `cwd`, keyed from the
/// project `root`). Returns the note [`open`] gives, for stderr.
pub fn open_and_lay_out(
    request: &Request,
    state_dir: Result<PathBuf, String>,
    root: &Path,
    cwd: &Path,
    records: bool,
    pins: &[String],
) -> Result<(Laid, Option<String>), Error> {
    let (tracker, note) = open(request, state_dir, root, records)?;
    let pins = pins
        .iter()
        .map(|arg| Pin::parse(arg, cwd, root))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((lay_out(tracker, request, &pins)?, note))
}

/// Observes `request`'s items in `tracker` (an ephemeral one keeps no record), pins
/// the spec's tier hints and then `pins` (each overriding what came before; a pin must
/// name an item the request holds), and returns the layout the tiers give.
pub fn track(tracker: &mut Tracker, request: &Request, pins: &[Pin]) -> Result<Layout, Error> {
    Ok(track_entry(tracker, request, pins)?.0)
}

/// [`track`], and for a Gemini request in a session, what joins the cache entry and why.
fn track_entry(
    tracker: &mut Tracker,
    request: &Request,
    pins: &[Pin],
) -> Result<(Layout, Option<Weighing>), Error> {
    let items = assemble::observed(&request.assembly, request.tokenizer, tracker.wants_sha256());
    observe(tracker, request, &items);
    // Before the hints and pins, which override it.
    let entry = gemini_join::lay(tracker, request);
    for (key, tier) in &request.hints {
        tracker.pin(key.clone(), *tier);
    }
    for pin in pins {
        let held = pin
            .key
            .as_ref()
            .filter(|&k| items.iter().any(|i| i.key == *k));
        let Some(key) = held else {
            return Err(Error::usage(format!(
                "--tier '{}': '{}' is not in this request; pin a --file path, or a \
                 symbol:PATH or history:N key the request holds",
                pin.arg,
                pin.item()
            )));
        };
        tracker.pin(key.clone(), pin.tier);
    }
    Ok((tracked_layout(tracker, request), entry))
}

/// Lays `request` out in `tracker`'s session ([`track`]), and, in a session, also as it
/// would go without one.
pub fn lay_out(mut tracker: Tracker, request: &Request, pins: &[Pin]) -> Result<Laid, Error> {
    let (layout, entry) = track_entry(&mut tracker, request, pins)?;
    let (messages, placement) = super::messages_for(request, &layout);
    let session = request.session.clone();
    Ok(Laid {
        entry,
        without_session: session.is_some().then(|| without_session(request)),
        session,
        tracker,
        messages,
        placement,
        tiers: layout.tiers,
    })
}

/// Records `observed`, `request`'s items, in `tracker`: the map's first tiers on a
/// session's first request, then ripple promotion under the provider's cache rule.
pub fn observe(tracker: &mut Tracker, request: &Request, observed: &[Observed]) {
    seed_map_tiers(tracker, request, observed);
    tracker.observe(observed, request.min_cache_tokens, rule(request));
}

/// On a session's first request with the repository's map, places the map's blocks in
/// L1–L3 from its reference graph (`map::tiers`): files that reference each other share
/// a tier, and no tier is left under the model's minimum cacheable tokens if it can be
/// helped. Each block gets its tier's entry count (L1 9, L2 6, L3 3). Call it before
/// observing `observed`, the request's items.
pub fn seed_map_tiers(tracker: &mut Tracker, request: &Request, observed: &[Observed]) {
    let Some(edges) = &request.map_edges else {
        return;
    };
    if !tracker.is_new() {
        return;
    }
    let blocks: Vec<(String, usize)> = observed
        .iter()
        .filter_map(|o| match &o.key {
            ItemKey::Symbol(path) => Some((path.clone(), o.tokens)),
            _ => None,
        })
        .collect();
    let target = usize::try_from(request.min_cache_tokens).unwrap_or(usize::MAX);
    let placed = crate::map::tiers::initial(&blocks, edges, Some(target));
    let tiers: BTreeMap<ItemKey, Tier> = placed
        .into_iter()
        .map(|(path, level)| (ItemKey::symbol(&path), tier_of(level)))
        .collect();
    tracker.seed(observed, &tiers);
}

fn tier_of(level: Level) -> Tier {
    match level {
        Level::L1 => Tier::L1,
        Level::L2 => Tier::L2,
        Level::L3 => Tier::L3,
    }
}

/// The layout for the tracker as it stands (pins applied): its tiers and order, and the
/// moving marker when the session's record says it pays (breakpoint providers only).
/// With the repository's map, a symbol block no tier holds (no session, say) is laid
/// out in L3: symbols start cached.
pub fn tracked_layout(tracker: &Tracker, request: &Request) -> Layout {
    let mut tiers = tracker.tiers();
    if request.map_edges.is_some() {
        for (path, _) in assemble::shown_symbols(&request.assembly) {
            tiers.entry(ItemKey::symbol(path)).or_insert(Tier::L3);
        }
    }
    let moving = tracker.is_session()
        && rule(request).marks()
        && reuse::moving_marker_pays(tracker.previous());
    Layout {
        tiers,
        order: tracker.order(),
        parts: tracker.parts(),
        moving_marker: moving.then(|| moving_at(tracker)),
        breaks: tracker.breaks().clone(),
    }
}

/// Where the moving marker goes: on the prompt when the history came back holding the
/// last request's prompt as it was sent (the agent keeps the system reminder), else on
/// the message before it.
fn moving_at(tracker: &Tracker) -> Moving {
    let sent = tracker.previous().and_then(|m| m.prompt.as_ref());
    let kept = sent.is_some_and(|hash| {
        let mut history = tracker.entries().iter();
        history.any(|(key, e)| key.history_index().is_some() && e.hash == *hash)
    });
    match kept {
        true => Moving::OnPrompt,
        false => Moving::BeforePrompt,
    }
}

/// The messages `request` would send without a session: no tracked tiers (the map's
/// blocks in L3 and the spec's tier hints, as always), no moving marker.
pub fn without_session(request: &Request) -> Vec<Message> {
    let mut tracker = Tracker::ephemeral();
    for (key, tier) in &request.hints {
        tracker.pin(key.clone(), *tier);
    }
    super::messages_for(request, &tracked_layout(&tracker, request)).0
}

fn shape(request: &Request, messages: &[Message], count: bool) -> Result<Shape, Error> {
    let body = super::body(request, messages)?;
    let start = (rule(request) == Rule::Prefix).then_some(request.min_cache_tokens as usize);
    Ok(Shape::of(&body, request.tokenizer, count, start))
}

/// Predicts the cache use of the laid-out `messages` after `previous`.
pub fn predict(
    request: &Request,
    messages: &[Message],
    previous: Option<&Memory>,
) -> Result<Prediction, Error> {
    let shape = shape(request, messages, true)?;
    let prices = request.cache_price;
    let write = match request.options.ttl {
        // The registry prices one longer write: Anthropic's hour (OpenAI's 12 hours, where
        // priced, are in its comments).
        Ttl::OneHour | Ttl::TwelveHours => prices.write_1h.unwrap_or(prices.write),
        Ttl::FiveMinutes => prices.write,
    };
    Ok(reuse::predict(
        rule(request),
        &shape,
        previous,
        &request.options.model,
        request.min_cache_tokens,
        write,
        prices.read,
    ))
}

/// What the session remembers after sending `messages`.
pub fn remember(
    request: &Request,
    messages: &[Message],
    previous: Option<&Memory>,
) -> Result<Memory, Error> {
    let rule = rule(request);
    // The breakpoints rule needs hashes only; the prefix rule counts tokens.
    let shape = shape(request, messages, rule == Rule::Prefix)?;
    // The moving marker sits on the prompt or the message before it (`markers::add_moving`).
    let moving = messages
        .iter()
        .rev()
        .take(2)
        .any(|m| m.cache && m.tier == Tier::Active);
    let mut memory = reuse::remember(
        previous.cloned(),
        rule,
        &shape,
        &request.options.model,
        moving,
    );
    memory.prompt = Some(assemble::prompt_hash(&request.assembly));
    Ok(memory)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::assemble::{Assembly, FileItem};
    use crate::request::item_key::key;
    use crate::request::providers::{Options, Provider};
    use crate::tokens::Tokenizer;

    /// A request whose symbol blocks a⇄b (each 4 bytes), c, d are the repository's map
    /// (`map` true) or a spec's; `d.rs` is also a working file, so its block is not shown.
    fn request(map: bool, min_cache_tokens: u64) -> Request {
        let blocks = ["a.rs", "b.rs", "c.rs", "d.rs"].map(|p| (p.to_string(), "f x\n".into()));
        let edges = [("a.rs", "b.rs"), ("b.rs", "a.rs"), ("c.rs", "a.rs")]
            .map(|(a, b)| (a.to_string(), b.to_string()));
        Request {
            assembly: Assembly {
                legend: "# legend".into(),
                symbols: blocks.into(),
                files: vec![FileItem::new("d.rs".into(), "D".into())],
                prompt: "P".into(),
                ..Assembly::default()
            },
            hints: BTreeMap::new(),
            provider: Provider::Anthropic,
            options: Options {
                model: "m".into(),
                max_tokens: None,
                default_max_tokens: 1,
                stream: false,
                ttl: Ttl::default(),
                system_role: Default::default(),
                prompt_cache_key: None,
                breakpoints: false,
                gemini_cache: Default::default(),
                tools: Vec::new(),
            },
            min_cache_tokens,
            cache_price: reuse::Prices::NONE,
            price: Default::default(),
            tokenizer: Tokenizer::default(),
            strip_images: false,
            session: Some("s".into()),
            warnings: Vec::new(),
            map_edges: map.then(|| edges.to_vec()),
            cut: Vec::new(),
            reminder: String::new(),
            recovered: Vec::new(),
        }
    }

    fn symbol_tiers(layout: &Layout) -> Vec<(String, Tier)> {
        let symbols = layout.tiers.iter().filter(|(k, _)| k.is_symbol());
        symbols.map(|(k, t)| (k.to_string(), *t)).collect()
    }

    fn pairs(list: &[(&str, Tier)]) -> Vec<(String, Tier)> {
        list.iter().map(|(k, t)| (k.to_string(), *t)).collect()
    }

    #[test]
    fn a_sessions_first_request_places_the_map_by_its_references() {
        let dir = tempfile::tempdir().unwrap();
        let mut tracker = Tracker::open(Path::new("/"), &dir.path().join("s.json")).unwrap();
        assert!(tracker.is_new());
        let layout = track(&mut tracker, &request(true, 0), &[]).unwrap();
        // a⇄b cluster → L1; c → L2 (the emptiest); d.rs is a working file, not a block.
        let want = [
            ("symbol:a.rs", Tier::L1),
            ("symbol:b.rs", Tier::L1),
            ("symbol:c.rs", Tier::L2),
        ];
        assert_eq!(symbol_tiers(&layout), pairs(&want));
        let counts: Vec<u32> = ["symbol:a.rs", "symbol:c.rs"]
            .map(|k| tracker.entries()[&key(k)].unchanged)
            .to_vec();
        assert_eq!(counts, [9, 6], "each tier's entry count");
        assert!(!tracker.is_new());
    }

    #[test]
    fn under_full_tiers_merge_and_later_requests_keep_their_tiers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let mut tracker = Tracker::open(Path::new("/"), &path).unwrap();
        // Neither tier reaches 1024 tokens: the smaller (c, L2) merges into L1.
        let layout = track(&mut tracker, &request(true, 1024), &[]).unwrap();
        let l1 = [
            ("symbol:a.rs", Tier::L1),
            ("symbol:b.rs", Tier::L1),
            ("symbol:c.rs", Tier::L1),
        ];
        assert_eq!(symbol_tiers(&layout), pairs(&l1));
        tracker.save().unwrap();
        let mut tracker = Tracker::open(Path::new("/"), &path).unwrap();
        assert!(!tracker.is_new());
        let layout = track(&mut tracker, &request(true, 0), &[]).unwrap();
        assert_eq!(symbol_tiers(&layout), pairs(&l1));
    }

    #[test]
    fn the_moving_marker_goes_on_the_prompt_when_the_agent_keeps_it_as_sent() {
        use crate::request::assemble::Role;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let mut first = request(false, 0);
        first.assembly.prompt = "P\n\nReminder".into();
        let mut tracker = Tracker::open(Path::new("/"), &path).unwrap();
        let layout = track(&mut tracker, &first, &[]).unwrap();
        assert_eq!(layout.moving_marker, Some(Moving::BeforePrompt));
        let (messages, _) = crate::request::messages_for(&first, &layout);
        tracker.record(remember(&first, &messages, None).unwrap());
        tracker.save().unwrap();
        // The next request's history holds the prompt as sent, or as the user typed it.
        let next = |kept: &str| {
            let mut r = request(false, 0);
            r.assembly.history = vec![
                Message::text(Role::User, kept, Tier::Active),
                Message::text(Role::Assistant, "done", Tier::Active),
            ];
            r.assembly.prompt = "Q\n\nReminder".into();
            let mut tracker = Tracker::open(Path::new("/"), &path).unwrap();
            track(&mut tracker, &r, &[]).unwrap().moving_marker
        };
        assert_eq!(next("P\n\nReminder"), Some(Moving::OnPrompt));
        assert_eq!(next("P"), Some(Moving::BeforePrompt));
    }

    #[test]
    fn untracked_map_blocks_start_in_l3_and_spec_blocks_are_unchanged() {
        let tracker = Tracker::ephemeral();
        let map = tracked_layout(&tracker, &request(true, 0));
        let l3 = [
            ("symbol:a.rs", Tier::L3),
            ("symbol:b.rs", Tier::L3),
            ("symbol:c.rs", Tier::L3),
        ];
        assert_eq!(symbol_tiers(&map), pairs(&l3));
        // A spec's blocks without a session stay where they were (the system message).
        assert!(symbol_tiers(&tracked_layout(&tracker, &request(false, 0))).is_empty());
        // And a session does not seed a spec's blocks: they enter L3 by ripple.
        let dir = tempfile::tempdir().unwrap();
        let mut tracker = Tracker::open(Path::new("/"), &dir.path().join("s.json")).unwrap();
        let layout = track(&mut tracker, &request(false, 0), &[]).unwrap();
        assert_eq!(symbol_tiers(&layout), pairs(&l3));
    }
}
