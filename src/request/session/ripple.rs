//! Ripple promotion: how a session's items move between tiers from one request to the
//! next, so that a cached block is rewritten only when it has to be.
//!
//! Every item has a count N and a tier. Per request:
//! - **Entry.** A working file or history message is active while N < 3 and counts N up
//!   each request it is unchanged. From N = 3 (for a file that changed in the session,
//!   from N = the requests between its last two changes, at most 12: [`active_wait`];
//!   while other working files are edited in turn, at least one more than the number
//!   edited since it last changed: [`Ripple::in_turn`]) it
//!   enters L3 (with N = 3) on the first request whose active content is rewritten
//!   anyway: a working file is new, changed or dropped, or a tier above is broken. Until
//!   then the provider still holds the active content (the moving marker, or a
//!   provider's automatic prefix cache; see `reuse`), and moving an item out of it would
//!   cost a rewrite for nothing. When the provider does not hold it, items move at N = 3.
//!   History enters oldest first, behind every older message. A new symbol block enters
//!   L3 at once (symbols start cached), and so does a changed one: a symbol block has no
//!   active place in the layout.
//! - **Demotion.** A changed file or history message drops to active with N = 0 and marks
//!   the tier it left *broken*; so does an item that left the request. A history message
//!   that drops takes every newer cached one with it (history keeps its order).
//! - **Veterans.** When items enter a tier, the items already there count N up once.
//! - **Promotion.** A veteran whose N reaches its tier's threshold (L3 6, L2 9, L1 12)
//!   is *eligible* to move up; the cost decides ([`Ripple::worth_moving`]). A move is
//!   free into a tier that is rewritten this request anyway (at or after the first
//!   broken tier, or an empty tier when its own tier is rewritten). Otherwise it moves
//!   only when the rewrites it saves at the later breaks of its tier outweigh rewriting
//!   the tiers it passes now; until then it stays with N capped at the threshold.
//!   Entering a tier counts that tier's veterans up, so promotions ripple; the passes run
//!   bottom-up (L3, L2, L1, L0) until nothing moves.
//! - **History** enters L3 only when the active content changes anyway; with a provider
//!   that reads any prefix, only once moving it pays ([`Ripple::history_pays`]). A tool
//!   call never leaves the tier of its result: a tier boundary would put the tier's own
//!   messages between them, which providers refuse.
//! - **Lookback.** A provider that finds an earlier entry only within so many blocks of
//!   a marker (Anthropic: 20) reads a grown tier's old end only if what was appended
//!   stays within them; history beyond that enters the tier on a later request
//!   ([`Ripple::within_lookback`]).
//! - **Anchoring.** A tier keeps, out of promotion, its lowest-N items up to the model's
//!   minimum cacheable tokens, so it never empties below what a provider caches.
//!
//! **Parts.** Whatever enters a tier is appended to its end: history as messages, other
//! items as a part of their own (a message pair, `assemble`), so the tier's earlier
//! bytes stay as they were and a provider still reads them. A tier is *grown* by what
//! enters it and *broken* by what leaves it or changes in it. What is sent again anyway
//! is laid out afresh: the first broken tier from the part where an item left or
//! changed (those parts become one), and every tier after it, or after the first grown
//! one, whole. The cost rules below still count an entry as rewriting its tier, as
//! they did before parts: they err towards fewer moves.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::request::assemble::Observed;
use crate::request::item_key::ItemKey;
use crate::request::tier::Tier;

/// The N at which a working file or history message leaves the active tier.
pub const ENTRY_COUNT: u32 = 3;

/// The blocks a new part adds to its tier: its message and the reply.
const PART_BLOCKS: usize = 2;

/// The most an item's last change can raise the N it needs to leave the active tier.
const MAX_ENTRY_COUNT: u32 = 12;

/// The N at which an item may leave the active tier: 3, or for an item that changed
/// `gap` requests after its change before, `gap` (at most 12). An item that enters a
/// cached tier and changes again rewrites that tier twice, entering and leaving; the
/// next change is best expected as far off as the last, so a file edited every four
/// requests stays active instead of bouncing through L3, and one edited on every request
/// for a while settles three requests after its last edit.
pub fn active_wait(gap: u32) -> u32 {
    gap.clamp(ENTRY_COUNT, MAX_ENTRY_COUNT)
}

/// One tracked item: its content hash, its count N, its tier and when it entered it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub hash: String,
    /// N: requests in a row the item was sent unchanged while active; in a cached tier,
    /// the tier's entry count plus the times items entered it since.
    pub unchanged: u32,
    /// Absent in version 1 state files; `migrate` sets it.
    #[serde(default = "active")]
    pub tier: Tier,
    /// The session-wide sequence number of its entry into its tier (its place there).
    #[serde(default)]
    pub order: u64,
    /// The request (the session's count) at which its content last changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changed: Option<u64>,
    /// Requests between its last two changes (see [`active_wait`]); 0 before a second.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gap: u32,
    /// A history message that must share the next one's tier (`Observed::joined`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub joined: bool,
    /// The request at which it joined the session's items (0 in state files before it).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub arrived: u64,
    /// Its part of its tier: the request that appended it there (or the first of the
    /// parts it was joined with when they were sent again), or 0 for the part laid out
    /// when the tier was last sent from its start.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub part: u64,
}

fn is_zero<N: Default + PartialEq>(n: &N) -> bool {
    *n == N::default()
}

fn active() -> Tier {
    Tier::Active
}

/// What one request did to the tiers, for tests and notes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Moves {
    /// Tiers an item left or changed in: sent again from that item on.
    pub broken: BTreeSet<Tier>,
    /// The first part of each broken tier that an item left or changed in.
    pub broken_from: BTreeMap<Tier, u64>,
    /// Tiers an item other than history entered: sent again from their old end on.
    pub grown: BTreeSet<Tier>,
    /// `(key, from, to)` of every move up, in order.
    pub promoted: Vec<(ItemKey, Tier, Tier)>,
    /// Keys that dropped to active.
    pub demoted: Vec<ItemKey>,
}

impl Moves {
    /// The tiers broken or grown: each is sent again from some point on.
    fn changed(&self) -> BTreeSet<Tier> {
        self.broken.union(&self.grown).copied().collect()
    }

    /// Records that an item left `tier`, or changed in it, from its `part`.
    fn break_at(&mut self, tier: Tier, part: u64) {
        self.broken.insert(tier);
        let from = self.broken_from.entry(tier).or_insert(part);
        *from = (*from).min(part);
    }

    /// The first tier that is laid out afresh: the first broken one, or the one after
    /// the first grown one, whichever comes first (`Active` when none is).
    fn afresh_from(&self) -> Tier {
        let broken = self.broken.first().copied().unwrap_or(Tier::Active);
        broken.min(self.after_grown())
    }

    /// The tier after the first grown one, which is sent from its start.
    fn after_grown(&self) -> Tier {
        self.grown.first().map_or(Tier::Active, |t| t.below())
    }

    /// The first part of `afresh_from` that is sent again: all of it when it is sent
    /// from its start, else from the first part an item left or changed in.
    fn afresh_part(&self) -> u64 {
        let from = self.afresh_from();
        match self.after_grown() <= from {
            true => 0,
            false => self.broken_from.get(&from).copied().unwrap_or(0),
        }
    }
}

/// The state one request changes: the items and the next entry number.
pub struct Ripple<'a> {
    pub items: &'a mut BTreeMap<ItemKey, Entry>,
    pub next_order: &'a mut u64,
    /// The model's minimum cacheable prefix, in tokens.
    pub min_tokens: u64,
    /// Whether the provider holds the previous request's active content (a moving marker,
    /// or automatic prefix caching). If not, moving items out of it is always free.
    pub active_cached: bool,
    /// This request's number in the session (1 for the first).
    pub now: u64,
    /// Whether the provider reads any prefix of a block (automatic prefix caching), not
    /// whole blocks only (markers).
    pub partial_reads: bool,
    /// How many requests of the session broke or grew each cached tier (see Parts).
    pub breaks: &'a mut BTreeMap<Tier, u32>,
    /// How many blocks back from a marker, its own included, the provider finds an
    /// earlier entry (`reuse::Rule::lookback`; `usize::MAX`: any).
    pub lookback: usize,
}

/// What one request sent of each item (its tokens and blocks), by key.
struct Sent<'a>(BTreeMap<&'a ItemKey, &'a Observed>);

impl Sent<'_> {
    fn has(&self, key: &ItemKey) -> bool {
        self.0.contains_key(key)
    }

    /// Its tokens; 0 for an item the request did not send.
    fn tokens(&self, key: &ItemKey) -> u64 {
        self.0.get(key).map_or(0, |o| o.tokens as u64)
    }

    /// Its blocks (see `Observed::blocks`); 0 for an item the request did not send.
    fn blocks(&self, key: &ItemKey) -> usize {
        self.0.get(key).map_or(0, |o| o.blocks)
    }
}

impl Ripple<'_> {
    /// Applies one request's items (in request order) and returns what moved.
    pub fn observe(&mut self, observed: &[Observed]) -> Moves {
        let sent = Sent(observed.iter().map(|o| (&o.key, o)).collect());
        let mut moves = Moves::default();
        let old = std::mem::take(self.items);
        for (key, e) in &old {
            if !sent.has(key) && e.tier != Tier::Active {
                moves.break_at(e.tier, e.part);
            }
        }
        // Whether the active content is rewritten this request anyway: then moving an
        // item out of it costs no extra cache write.
        let mut rewritten = old
            .iter()
            .any(|(key, e)| e.tier == Tier::Active && !key.is_symbol() && !sent.has(key));
        let mut entering: BTreeMap<Tier, Vec<ItemKey>> = BTreeMap::new();
        for o in observed {
            let entry = match old.get(&o.key) {
                Some(e) if recorded(o, e) => {
                    let mut e = e.clone();
                    e.hash.clone_from(&o.hash);
                    if e.tier == Tier::Active {
                        e.unchanged = e.unchanged.saturating_add(1);
                    }
                    e
                }
                previous => {
                    if let Some(e) = previous.filter(|e| e.tier != Tier::Active) {
                        moves.break_at(e.tier, e.part);
                        moves.demoted.push(o.key.clone());
                    }
                    // A new history message is appended; anything else new or changed
                    // changes the active content before it.
                    rewritten |= previous.is_some() || o.key.history_index().is_none();
                    if o.key.is_symbol() {
                        entering.entry(Tier::L3).or_default().push(o.key.clone());
                    }
                    Entry {
                        hash: o.hash.clone(),
                        unchanged: 0,
                        tier: Tier::Active,
                        order: 0,
                        changed: previous.map(|_| self.now),
                        gap: previous
                            .and_then(|e| e.changed)
                            .map_or(0, |at| u32::try_from(self.now - at).unwrap_or(u32::MAX)),
                        joined: o.joined,
                        arrived: previous.map_or(self.now, |e| e.arrived),
                        part: 0,
                    }
                }
            };
            let entry = Entry {
                joined: o.joined,
                ..entry
            };
            self.items.insert(o.key.clone(), entry);
        }
        self.keep_history_order(&mut moves);
        if rewritten {
            *self.breaks.entry(Tier::Active).or_default() += 1;
        }
        if rewritten || !moves.broken.is_empty() || !self.active_cached {
            let files = observed.iter().filter(|o| {
                let e = &self.items[&o.key];
                e.tier == Tier::Active
                    && e.unchanged >= active_wait(e.gap.max(self.in_turn(&o.key)))
                    && o.key.history_index().is_none()
            });
            let files: Vec<ItemKey> = files.map(|o| o.key.clone()).collect();
            entering.entry(Tier::L3).or_default().extend(files);
            let history = self.eligible_history();
            if moves.broken.is_empty() && self.active_cached && !self.history_pays(&history, &sent)
            {
                // Kept active: see `history_pays`.
            } else {
                entering.entry(Tier::L3).or_default().extend(history);
            }
        }
        if let Some(l3) = entering.get_mut(&Tier::L3) {
            self.within_lookback(Tier::L3, l3, &sent, &moves);
        }
        self.cascade(entering, &sent, &mut moves);
        self.keep_tool_calls_with_results(&mut moves);
        for tier in moves.changed() {
            *self.breaks.entry(tier).or_default() += 1;
        }
        self.lay_out_afresh(&moves);
        moves
    }

    /// Joins the parts that are sent again anyway (see Parts, above): every part of the
    /// tiers after the first broken one or the first grown one, which are sent from
    /// their start, and in the first broken tier the parts from its first change on.
    fn lay_out_afresh(&mut self, moves: &Moves) {
        let (from, first_change) = (moves.afresh_from(), moves.afresh_part());
        for e in self.items.values_mut() {
            if e.tier == Tier::Active || e.tier > from {
                e.part = 0;
            } else if e.tier == from && e.part >= first_change {
                e.part = first_change;
            }
        }
    }

    /// How far off the next change of the working file `key` is, judged by the other
    /// files edited since it last changed (or joined): one more than their number. Files
    /// edited in turn, a different one every request, come to `key` after all of them,
    /// so its wait grows while the turn goes on; before any file's second change, that
    /// is the only evidence of how far off its next one is.
    fn in_turn(&self, key: &ItemKey) -> u32 {
        let Some(e) = self
            .items
            .get(key)
            .filter(|_| matches!(key, ItemKey::File(_)))
        else {
            return 0;
        };
        let at = e.changed.unwrap_or(0).max(e.arrived);
        let since = self.items.iter().filter(|(other, e)| {
            matches!(other, ItemKey::File(_)) && *other != key && e.changed.is_some_and(|c| c > at)
        });
        u32::try_from(since.count()).map_or(u32::MAX, |n| n.saturating_add(1))
    }

    /// Whether moving `history` into L3, ahead of the working files, pays when only the
    /// active content changed. A provider that reads whole blocks rewrites the working
    /// files' block anyway. One that reads any prefix (`partial_reads`) would have read
    /// the working files up to the first change; moving history ahead of them rewrites
    /// them all. That pays back at each later request that changes the working files,
    /// which no longer rewrites the history after them: taken to happen as often again
    /// as it has so far.
    fn history_pays(&self, history: &[ItemKey], sent: &Sent) -> bool {
        if !self.partial_reads {
            return true;
        }
        let jumped: u64 = self
            .items
            .iter()
            .filter(|(k, e)| e.tier == Tier::Active && k.history_index().is_none())
            .map(|(k, _)| sent.tokens(k))
            .sum();
        let moved: u64 = history.iter().map(|k| sent.tokens(k)).sum();
        let changes = self.breaks.get(&Tier::Active).copied().unwrap_or(0) as u64;
        moved * changes > jumped
    }

    /// History messages by index, oldest first.
    fn history(&self) -> Vec<(usize, ItemKey)> {
        let mut h: Vec<(usize, ItemKey)> = self
            .items
            .keys()
            .filter_map(|k| k.history_index().map(|i| (i, k.clone())))
            .collect();
        h.sort();
        h
    }

    /// A history message is never in a more stable tier than an older one: a newer
    /// message above an older one drops to active (keeping N, so it re-enters in order).
    fn keep_history_order(&mut self, moves: &mut Moves) {
        let mut least_stable = Tier::L0;
        for (_, key) in self.history() {
            let e = self.items.get_mut(&key).expect("listed from the map");
            if e.tier < least_stable {
                moves.break_at(e.tier, e.part);
                moves.demoted.push(key.clone());
                e.tier = Tier::Active;
                e.unchanged = e.unchanged.min(ENTRY_COUNT);
            }
            least_stable = least_stable.max(e.tier);
        }
    }

    /// The active history that may enter L3: N ≥ 3, oldest first, every older message
    /// already cached.
    fn eligible_history(&self) -> Vec<ItemKey> {
        let mut eligible = Vec::new();
        for (_, key) in self.history() {
            let e = &self.items[&key];
            if e.tier == Tier::Active {
                if e.unchanged < ENTRY_COUNT {
                    break;
                }
                eligible.push(key);
            }
        }
        self.keep_results(&mut eligible);
        eligible
    }

    /// Drops from `moving` (history and other keys) each newest history message that
    /// must stay with the next one when the next one is not moving too.
    fn keep_results(&self, moving: &mut Vec<ItemKey>) {
        loop {
            let newest = moving.iter().filter_map(|k| k.history_index()).max();
            let Some(i) = newest else {
                return;
            };
            let key = ItemKey::History(i);
            if !self.items[&key].joined || moving.contains(&ItemKey::History(i + 1)) {
                return;
            }
            moving.retain(|k| *k != key);
        }
    }

    /// Moves each history message that must stay with the next one (`Observed::joined`)
    /// into that message's tier, when the moves left them apart: the next one is never
    /// in a more stable tier (history keeps its order), so this only moves down, and
    /// marks the tier left broken.
    fn keep_tool_calls_with_results(&mut self, moves: &mut Moves) {
        let history = self.history();
        // Newest first, so a chain of joined messages follows its last one down.
        for pair in history.windows(2).rev() {
            let (key, next) = (&pair[0].1, &pair[1].1);
            let (next_tier, next_part) = (self.items[next].tier, self.items[next].part);
            let e = self.items.get_mut(key).expect("listed from the map");
            if !e.joined || e.tier == next_tier {
                continue;
            }
            moves.break_at(e.tier, e.part);
            moves.demoted.push(key.clone());
            e.tier = next_tier;
            e.part = next_part;
            e.unchanged = e.unchanged.min(next_tier.entry_count().max(ENTRY_COUNT));
        }
    }

    fn members(&self, tier: Tier) -> Vec<ItemKey> {
        self.items
            .iter()
            .filter(|(_, e)| e.tier == tier)
            .map(|(k, _)| k.clone())
            .collect()
    }

    /// The tier's items that may not leave it: the lowest-N (then newest) items until
    /// they hold the minimum cacheable tokens; all of them in a tier under the minimum.
    fn anchored(&self, tier: Tier, sent: &Sent) -> BTreeSet<ItemKey> {
        let mut members: Vec<(u32, std::cmp::Reverse<u64>, ItemKey)> = self
            .members(tier)
            .into_iter()
            .map(|k| {
                let e = &self.items[&k];
                (e.unchanged, std::cmp::Reverse(e.order), k)
            })
            .collect();
        members.sort();
        let mut held = 0u64;
        let mut out = BTreeSet::new();
        for (_, _, key) in members {
            if held >= self.min_tokens {
                break;
            }
            held += sent.tokens(&key);
            out.insert(key);
        }
        out
    }

    /// The bottom-up passes: entrants join their tier (its veterans count up once per
    /// request), then veterans at the threshold move up where allowed, until nothing
    /// moves.
    fn cascade(
        &mut self,
        mut entering: BTreeMap<Tier, Vec<ItemKey>>,
        sent: &Sent,
        moves: &mut Moves,
    ) {
        let mut counted: BTreeSet<Tier> = BTreeSet::new();
        // Each pass moves items strictly up, so this ends; the bound is a backstop.
        for _ in 0..=Tier::CACHED.len() * 4 {
            let mut moved = false;
            for tier in [Tier::L3, Tier::L2, Tier::L1, Tier::L0] {
                let entrants = entering.remove(&tier).unwrap_or_default();
                self.enter(tier, &entrants, &mut counted, sent, moves);
                moved |= self.promote(tier, sent, moves, &mut entering);
            }
            if !moved && entering.is_empty() {
                break;
            }
        }
    }

    fn enter(
        &mut self,
        tier: Tier,
        entrants: &[ItemKey],
        counted: &mut BTreeSet<Tier>,
        sent: &Sent,
        moves: &mut Moves,
    ) {
        if entrants.is_empty() {
            return;
        }
        if counted.insert(tier) {
            let anchored = self.anchored(tier, sent);
            for key in self.members(tier) {
                if !anchored.contains(&key) {
                    let e = self.items.get_mut(&key).expect("a member");
                    e.unchanged = e.unchanged.saturating_add(1);
                }
            }
        }
        for key in entrants {
            if key.history_index().is_none() {
                moves.grown.insert(tier);
            }
            let e = self.items.get_mut(key).expect("entrants are tracked");
            e.tier = tier;
            e.unchanged = tier.entry_count();
            e.part = self.now;
            e.order = *self.next_order;
            *self.next_order += 1;
        }
    }

    /// Moves `tier`'s veterans at the threshold up, if the tier above may take them
    /// (see [`Ripple::worth_moving`]).
    fn promote(
        &mut self,
        tier: Tier,
        sent: &Sent,
        moves: &mut Moves,
        entering: &mut BTreeMap<Tier, Vec<ItemKey>>,
    ) -> bool {
        let (Some(up), Some(threshold)) = (tier.above(), tier.promotion_count()) else {
            return false;
        };
        let anchored = self.anchored(tier, sent);
        let mut candidates: Vec<(u64, ItemKey)> = Vec::new();
        for key in self.members(tier) {
            let e = self.items.get_mut(&key).expect("a member");
            if e.unchanged < threshold {
                continue;
            }
            e.unchanged = threshold;
            if !anchored.contains(&key) {
                candidates.push((e.order, key));
            }
        }
        // History moves up only behind every older message.
        let blocked = self.history().into_iter().find_map(|(i, k)| {
            let t = self.items[&k].tier;
            let leaving = candidates.iter().any(|(_, c)| *c == k);
            (t > up && !leaving).then_some(i)
        });
        candidates.retain(|(_, k)| match (k.history_index(), blocked) {
            (Some(i), Some(b)) => i < b,
            _ => true,
        });
        let mut keys: Vec<ItemKey> = candidates.iter().map(|(_, k)| k.clone()).collect();
        self.keep_results(&mut keys);
        self.within_lookback(up, &mut keys, sent, moves);
        candidates.retain(|(_, k)| keys.contains(k));
        if candidates.is_empty() || !self.worth_moving(tier, up, &candidates, sent, moves) {
            return false;
        }
        candidates.sort();
        let first_part = candidates.iter().map(|(_, k)| self.items[k].part).min();
        moves.break_at(tier, first_part.unwrap_or(0));
        for (_, key) in candidates {
            moves.promoted.push((key.clone(), tier, up));
            entering.entry(up).or_default().push(key);
        }
        true
    }

    /// Keeps what `moving` appends to `tier` within the provider's lookback: a marker at
    /// the tier's new end finds its old end, the entry the last request wrote, only
    /// within `lookback` blocks of it (Anthropic: 20, the marker's own included). The
    /// blocks appended this request (a new part's message pair, each history message's
    /// blocks) so stay under it, and the newest history waits for a later request. Not
    /// for a tier sent again from its start anyway: nothing of it is read.
    fn within_lookback(&self, tier: Tier, moving: &mut Vec<ItemKey>, sent: &Sent, moves: &Moves) {
        if self.lookback == usize::MAX || moves.afresh_from() <= tier {
            return;
        }
        let entered: Vec<&ItemKey> = self
            .items
            .iter()
            .filter(|(_, e)| e.tier == tier && e.part == self.now)
            .map(|(k, _)| k)
            .collect();
        let part = entered
            .iter()
            .copied()
            .chain(moving.iter())
            .any(|k| k.history_index().is_none());
        let mut used: usize = entered.iter().map(|k| sent.blocks(k)).sum();
        used += if part { PART_BLOCKS } else { 0 };
        let mut history: Vec<usize> = moving.iter().filter_map(ItemKey::history_index).collect();
        history.sort_unstable();
        let cut = history.into_iter().find(|i| {
            used += sent.blocks(&ItemKey::History(*i));
            used >= self.lookback
        });
        if let Some(cut) = cut {
            moving.retain(|k| k.history_index().is_none_or(|i| i < cut));
            self.keep_results(moving);
        }
    }

    /// Whether moving `candidates` from `tier` into `up`, the tier above, pays.
    ///
    /// It is free when `up`'s block is rewritten this request anyway: a tier at or above
    /// `up` is broken (everything after the first change is written again), or `up` is
    /// empty and `tier` is rewritten. Otherwise, when `tier` is rewritten this request
    /// (it churns), the move rewrites what a provider would have read, every cached tier
    /// from `up` to the first broken one; and it saves, at each later break of `tier`,
    /// rewriting the candidates. A tier that broke k times in the session is taken to
    /// break k times more, so the move is made when the candidates' tokens times k exceed
    /// the tokens rewritten now. Stable files so climb over a small tier of map blocks
    /// out of a churning L3, and stay put where nothing churns.
    fn worth_moving(
        &self,
        tier: Tier,
        up: Tier,
        candidates: &[(u64, ItemKey)],
        sent: &Sent,
        moves: &Moves,
    ) -> bool {
        let first = moves.changed().first().copied().unwrap_or(Tier::Active);
        if first <= up || (first <= tier && self.members(up).is_empty()) {
            return true;
        }
        // Only out of a tier that churns now: a tier that broke before but is quiet
        // does not rewrite its veterans.
        if first > tier {
            return false;
        }
        let rewritten: u64 = self
            .items
            .iter()
            .filter(|(_, e)| e.tier >= up && e.tier < first)
            .map(|(k, _)| sent.tokens(k))
            .sum();
        let moved: u64 = candidates.iter().map(|(_, k)| sent.tokens(k)).sum();
        let breaks = self.breaks.get(&tier).copied().unwrap_or(0) as u64;
        moved * breaks > rewritten
    }
}

/// Whether `entry` was recorded for `observed`'s content.
fn recorded(observed: &Observed, entry: &Entry) -> bool {
    entry.hash == observed.hash || observed.sha256.as_ref() == Some(&entry.hash)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::item_key::key;

    struct Session {
        items: BTreeMap<ItemKey, Entry>,
        next: u64,
        min: u64,
        cached: bool,
        partial: bool,
        now: u64,
        breaks: BTreeMap<Tier, u32>,
        lookback: usize,
    }

    fn obs(text: &str, content: &str, tokens: usize) -> Observed {
        Observed {
            key: key(text),
            hash: content.to_string(),
            tokens,
            sha256: None,
            joined: false,
            blocks: usize::from(text.starts_with("history:")),
        }
    }

    impl Session {
        fn new(min: u64) -> Session {
            Session {
                items: BTreeMap::new(),
                next: 0,
                min,
                cached: true,
                partial: false,
                now: 0,
                breaks: BTreeMap::new(),
                lookback: usize::MAX,
            }
        }
        fn step(&mut self, observed: &[Observed]) -> Moves {
            self.now += 1;
            Ripple {
                items: &mut self.items,
                next_order: &mut self.next,
                min_tokens: self.min,
                active_cached: self.cached,
                now: self.now,
                partial_reads: self.partial,
                breaks: &mut self.breaks,
                lookback: self.lookback,
            }
            .observe(observed)
        }
        fn tier(&self, text: &str) -> Tier {
            self.items[&key(text)].tier
        }
        fn n(&self, text: &str) -> u32 {
            self.items[&key(text)].unchanged
        }
        /// Puts `key` straight into `tier` with count `n` (test set-up).
        fn put(&mut self, text: &str, content: &str, tier: Tier, n: u32) {
            self.items.insert(
                key(text),
                Entry {
                    hash: content.to_string(),
                    unchanged: n,
                    tier,
                    order: self.next,
                    changed: None,
                    gap: 0,
                    joined: false,
                    arrived: 0,
                    part: 0,
                },
            );
            self.next += 1;
        }
    }

    /// A working file edited on every request: the active block is rewritten each time.
    fn edited(i: usize) -> Observed {
        obs("file:w", &format!("W{i}"), 100)
    }

    #[test]
    fn a_file_enters_l3_at_three_when_the_active_block_is_rewritten() {
        let mut s = Session::new(0);
        for (i, expect) in [0, 1, 2].into_iter().enumerate() {
            s.step(&[obs("file:a", "A", 100), edited(i)]);
            assert_eq!((s.tier("file:a"), s.n("file:a")), (Tier::Active, expect));
        }
        let m = s.step(&[obs("file:a", "A", 100), edited(3)]);
        assert_eq!((s.tier("file:a"), s.n("file:a")), (Tier::L3, 3));
        assert_eq!(s.tier("file:w"), Tier::Active);
        assert_eq!((m.broken.len(), m.grown.len()), (0, 1));
        // Alone, it stays: nothing enters L3 to count it up.
        for _ in 0..20 {
            s.step(&[obs("file:a", "A", 100)]);
        }
        assert_eq!((s.tier("file:a"), s.n("file:a")), (Tier::L3, 3));
    }

    #[test]
    fn an_unchanged_request_moves_nothing_out_of_active() {
        // Moving a file into L3 would rewrite the active block the provider still has
        // cached; it waits until that block changes anyway.
        let mut s = Session::new(0);
        for _ in 0..10 {
            s.step(&[obs("file:a", "A", 100), obs("file:b", "B", 100)]);
        }
        assert_eq!((s.tier("file:a"), s.n("file:a")), (Tier::Active, 9));
        // b changes: a moves at once, with L3's entry count.
        s.step(&[obs("file:a", "A", 100), obs("file:b", "B2", 100)]);
        assert_eq!((s.tier("file:a"), s.n("file:a")), (Tier::L3, 3));
        // A new file changes the block too.
        let mut s = Session::new(0);
        for _ in 0..4 {
            s.step(&[obs("file:a", "A", 100)]);
        }
        s.step(&[obs("file:a", "A", 100), obs("file:c", "C", 100)]);
        assert_eq!(s.tier("file:a"), Tier::L3);
        // When the provider does not hold the active content, nothing is lost by moving.
        let mut s = Session::new(0);
        s.cached = false;
        for _ in 0..4 {
            s.step(&[obs("file:a", "A", 100)]);
        }
        assert_eq!((s.tier("file:a"), s.n("file:a")), (Tier::L3, 3));
    }

    #[test]
    fn symbols_start_cached_and_a_changed_one_re_enters_l3() {
        let mut s = Session::new(0);
        s.step(&[obs("symbol:a", "A", 10)]);
        assert_eq!((s.tier("symbol:a"), s.n("symbol:a")), (Tier::L3, 3));
        s.put("symbol:b", "B", Tier::L2, 6);
        let m = s.step(&[obs("symbol:a", "A", 10), obs("symbol:b", "B2", 10)]);
        assert_eq!(s.tier("symbol:b"), Tier::L3);
        assert!(m.broken.contains(&Tier::L2) && m.grown.contains(&Tier::L3));
    }

    #[test]
    fn what_enters_a_tier_is_a_part_of_its_own_until_the_tier_is_sent_afresh() {
        let part = |s: &Session, k: &str| s.items[&key(k)].part;
        // Every tier under the minimum: its items are anchored, nothing climbs.
        let mut s = Session::new(1000);
        s.put("file:old", "O", Tier::L3, 3);
        s.put("file:b", "B", Tier::L2, 6);
        s.now = 6;
        s.step(&[
            obs("file:old", "O", 10),
            obs("file:b", "B", 10),
            obs("symbol:n", "N", 10),
        ]);
        assert_eq!((part(&s, "file:old"), part(&s, "symbol:n")), (0, 7));
        s.step(&[
            obs("file:old", "O", 10),
            obs("file:b", "B", 10),
            obs("symbol:n", "N", 10),
            obs("symbol:m", "M", 10),
        ]);
        assert_eq!((part(&s, "symbol:n"), part(&s, "symbol:m")), (7, 8));
        // m changes and enters again: L3 is sent again from m's part, the parts before
        // it stay.
        let m = s.step(&[
            obs("file:old", "O", 10),
            obs("file:b", "B", 10),
            obs("symbol:n", "N", 10),
            obs("symbol:m", "M2", 10),
        ]);
        assert_eq!(m.broken_from, BTreeMap::from([(Tier::L3, 8)]));
        let parts = ["file:old", "symbol:n", "symbol:m"].map(|k| part(&s, k));
        assert_eq!(parts, [0, 7, 8]);
        // L2 breaks: everything after it is sent again, so L3 becomes one part.
        let m = s.step(&[
            obs("file:old", "O", 10),
            obs("file:b", "B2", 10),
            obs("symbol:n", "N", 10),
            obs("symbol:m", "M2", 10),
        ]);
        assert!(m.broken.contains(&Tier::L2), "{m:?}");
        assert!(["file:old", "symbol:n", "symbol:m"]
            .iter()
            .all(|k| part(&s, k) == 0));
    }

    #[test]
    fn an_edit_drops_to_active_and_breaks_the_tier_it_left() {
        let mut s = Session::new(0);
        s.put("file:a", "A", Tier::L2, 7);
        s.put("file:b", "B", Tier::L2, 7);
        let m = s.step(&[obs("file:a", "A2", 10), obs("file:b", "B", 10)]);
        assert_eq!((s.tier("file:a"), s.n("file:a")), (Tier::Active, 0));
        assert_eq!(s.tier("file:b"), Tier::L2);
        assert_eq!(m.broken, BTreeSet::from([Tier::L2]));
        assert_eq!(m.demoted, [key("file:a")]);
        // An item that leaves the request breaks its tier too.
        let m = s.step(&[obs("file:a", "A2", 10)]);
        assert!(m.broken.contains(&Tier::L2));
        assert!(!s.items.contains_key(&key("file:b")));
    }

    #[test]
    fn veterans_count_up_once_when_items_enter() {
        let mut s = Session::new(0);
        s.put("file:v", "V", Tier::L3, 3);
        s.put("file:w", "W", Tier::L3, 3);
        s.put("file:n1", "1", Tier::Active, 2);
        s.put("file:n2", "2", Tier::Active, 2);
        let all = [
            obs("file:v", "V", 10),
            obs("file:w", "W", 10),
            obs("file:n1", "1", 10),
            obs("file:n2", "2", 10),
            obs("file:x", "edited", 10),
        ];
        s.step(&all);
        // Two entrants, one count.
        assert_eq!((s.n("file:v"), s.n("file:w")), (4, 4));
        assert_eq!((s.tier("file:n1"), s.n("file:n1")), (Tier::L3, 3));
        // New entrants go after the veterans.
        assert!(s.items[&key("file:n2")].order > s.items[&key("file:v")].order);
    }

    #[test]
    fn veterans_move_up_only_into_a_broken_tier() {
        let mut s = Session::new(0);
        s.put("file:up", "U", Tier::L2, 6);
        s.put("file:v", "V", Tier::L3, 5);
        s.put("file:new", "N", Tier::Active, 2);
        let mut all = vec![
            obs("file:up", "U", 10),
            obs("file:v", "V", 10),
            obs("file:new", "N", 10),
            edited(0),
        ];
        // L2 is stable: v reaches 6 but stays, capped.
        let m = s.step(&all);
        assert_eq!((s.tier("file:v"), s.n("file:v")), (Tier::L3, 6));
        assert!(m.promoted.is_empty());
        // L2 breaks (its item is edited): v moves up into it with L2's entry count.
        all[0] = obs("file:up", "U2", 10);
        let m = s.step(&all);
        assert_eq!((s.tier("file:v"), s.n("file:v")), (Tier::L2, 6));
        assert_eq!(m.promoted, [(key("file:v"), Tier::L3, Tier::L2)]);
    }

    #[test]
    fn into_an_empty_tier_only_when_the_source_is_rewritten_anyway() {
        let mut s = Session::new(5);
        s.put("file:v", "V", Tier::L3, 6);
        s.put("history:0", "h0", Tier::Active, 2);
        // History appended to L3 does not rewrite its block: v stays though L2 is empty.
        let m = s.step(&[
            obs("file:v", "V", 10),
            obs("history:0", "h0", 10),
            edited(0),
        ]);
        assert!(m.broken.is_empty(), "{m:?}");
        assert_eq!(s.tier("history:0"), Tier::L3);
        assert_eq!(s.tier("file:v"), Tier::L3);
        // A file entering L3 rewrites it: now v moves up into the empty L2.
        s.put("file:x", "X", Tier::Active, 2);
        let m = s.step(&[
            obs("file:v", "V", 10),
            obs("history:0", "h0", 10),
            obs("file:x", "X", 10),
            edited(1),
        ]);
        assert_eq!(s.tier("file:x"), Tier::L3);
        assert_eq!(s.tier("file:v"), Tier::L2, "{m:?}");
    }

    #[test]
    fn anchors_keep_a_tier_at_the_minimum() {
        // L3 holds 600 tokens, under a 1000 minimum: nobody leaves it, though L2 is broken.
        let mut s = Session::new(1000);
        s.put("file:x", "X", Tier::L2, 6);
        s.put("file:a", "A", Tier::L3, 6);
        s.put("file:b", "B", Tier::L3, 6);
        let mut all = vec![
            obs("file:x", "X2", 500),
            obs("file:a", "A", 300),
            obs("file:b", "B", 300),
        ];
        s.step(&all);
        assert_eq!((s.tier("file:a"), s.tier("file:b")), (Tier::L3, Tier::L3));
        // Over the minimum, the lowest-N items up to it stay and the rest move up.
        s.put("file:c", "C", Tier::L3, 7);
        s.put("file:y", "Y", Tier::L2, 6);
        all = vec![
            obs("file:y", "Y2", 500),
            obs("file:a", "A", 600),
            obs("file:b", "B", 600),
            obs("file:c", "C", 600),
            obs("file:x", "X2", 500),
        ];
        s.step(&all);
        let tiers = [s.tier("file:a"), s.tier("file:b"), s.tier("file:c")];
        assert_eq!(tiers.iter().filter(|t| **t == Tier::L3).count(), 2);
        assert_eq!(s.tier("file:c"), Tier::L2, "the highest N leaves first");
    }

    #[test]
    fn the_cascade_ripples_up_and_converges() {
        let mut s = Session::new(0);
        s.put("file:l0", "0", Tier::L0, 12);
        s.put("file:l1", "1", Tier::L1, 12);
        s.put("file:l2", "2", Tier::L2, 9);
        s.put("file:l3", "3", Tier::L3, 5);
        s.put("file:new", "N", Tier::Active, 2);
        let all = [
            obs("file:l0", "0 edited", 10),
            obs("file:l1", "1", 10),
            obs("file:l2", "2", 10),
            obs("file:l3", "3", 10),
            obs("file:new", "N", 10),
        ];
        // new enters L3, so l3 reaches 6. L0 is broken, and each move breaks the tier it
        // leaves: l1 → L0, then l2 → L1, then l3 → L2.
        let m = s.step(&all);
        assert_eq!(s.tier("file:l0"), Tier::Active);
        assert_eq!(s.tier("file:l3"), Tier::L2, "{m:?}");
        assert_eq!(s.tier("file:l2"), Tier::L1, "{m:?}");
        assert_eq!(s.tier("file:l1"), Tier::L0, "{m:?}");
        assert_eq!(s.tier("file:new"), Tier::L3);
        // Another request with nothing new moves nothing.
        let before = s.items.clone();
        let m = s.step(&all);
        assert!(m.promoted.is_empty() && m.broken.is_empty(), "{m:?}");
        let tiers =
            |i: &BTreeMap<ItemKey, Entry>| -> Vec<Tier> { i.values().map(|e| e.tier).collect() };
        assert_eq!(tiers(&before), tiers(&s.items));
    }

    #[test]
    fn random_sessions_keep_the_invariants() {
        let mut seed = 7u64;
        let mut rand = |n: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            (seed >> 33) % n
        };
        let mut s = Session::new(200);
        let mut versions = [0u64; 12];
        let mut history = 0;
        for step in 0..300 {
            let mut observed = Vec::new();
            for (i, v) in versions.iter_mut().enumerate() {
                if rand(10) == 0 {
                    *v += 1;
                }
                let kind = if i < 8 { "file" } else { "symbol" };
                if *v % 5 != 4 {
                    observed.push(obs(&format!("{kind}:{i}"), &v.to_string(), 50 + i * 40));
                }
            }
            history = if rand(40) == 0 { 0 } else { history + 2 };
            for h in 0..history {
                observed.push(obs(&format!("history:{h}"), &format!("{h}"), 30));
            }
            s.cached = rand(3) != 0;
            s.step(&observed);
            assert_eq!(s.items.len(), observed.len(), "step {step}");
            let tiers: Vec<Tier> = (0..history)
                .map(|h| s.tier(&format!("history:{h}")))
                .collect();
            assert!(
                tiers.windows(2).all(|w| w[0] <= w[1]),
                "step {step}: {tiers:?}"
            );
            for (key, e) in &s.items {
                if key.is_symbol() {
                    assert_ne!(e.tier, Tier::Active, "{key}");
                }
                if let Some(cap) = e.tier.promotion_count() {
                    assert!(e.unchanged <= cap || e.tier == Tier::Active, "{key}: {e:?}");
                }
            }
        }
    }

    #[test]
    fn a_changed_file_waits_as_long_as_its_last_gap() {
        assert_eq!([0, 1, 3, 4, 9, 40].map(active_wait), [3, 3, 3, 4, 9, 12]);
        // Edited every fourth request: after its second edit it needs N = 4, which it
        // never reaches, so it stays active instead of bouncing through L3.
        let mut s = Session::new(0);
        for i in 0..16 {
            let version = i / 4;
            s.step(&[obs("file:a", &format!("A{version}"), 100), edited(i)]);
            if i >= 8 {
                assert_eq!(s.tier("file:a"), Tier::Active, "request {}", i + 1);
            }
        }
        assert_eq!(s.items[&key("file:a")].gap, 4);
        // Edited on every request for a while, it settles three requests after.
        let mut s = Session::new(0);
        for i in 0..5 {
            s.step(&[obs("file:b", &format!("B{i}"), 100), edited(i)]);
        }
        for i in 5..9 {
            s.step(&[obs("file:b", "B4", 100), edited(i)]);
        }
        assert_eq!(s.items[&key("file:b")].gap, 1);
        assert_eq!(s.tier("file:b"), Tier::L3);
    }

    #[test]
    fn files_edited_in_turn_wait_for_their_turn() {
        // Six files, one edited each request in turn: before any file's second edit,
        // the files edited since a file last changed say how far off its next edit is,
        // so none bounces through L3. A history message still enters at N = 3.
        let mut s = Session::new(0);
        let files = ["a", "b", "c", "d", "e", "f"];
        for request in 0..14 {
            let mut observed: Vec<Observed> = files
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    let version = (request + files.len() - 1 - i) / files.len();
                    obs(&format!("file:{f}"), &format!("{f}{version}"), 100)
                })
                .collect();
            observed.push(obs("history:0", "H", 100));
            s.step(&observed);
            for f in files {
                let f = format!("file:{f}");
                assert_eq!(s.tier(&f), Tier::Active, "{f} at request {}", request + 1);
            }
        }
        assert_eq!(s.tier("history:0"), Tier::L3);
        assert_eq!(s.items[&key("file:a")].gap, 6);
    }

    #[test]
    fn moving_behind_the_first_broken_tier_is_free() {
        // L1 breaks: L2 and L3 are rewritten anyway, so a veteran of L3 moves into L2
        // though L2 itself is intact.
        let mut s = Session::new(0);
        s.put("file:l1", "1", Tier::L1, 9);
        s.put("file:l2", "2", Tier::L2, 6);
        s.put("file:v", "V", Tier::L3, 6);
        s.put("file:new", "N", Tier::Active, 2);
        let m = s.step(&[
            obs("file:l1", "1 edited", 10),
            obs("file:l2", "2", 10),
            obs("file:v", "V", 10),
            obs("file:new", "N", 10),
        ]);
        assert_eq!(s.tier("file:v"), Tier::L2, "{m:?}");
    }

    #[test]
    fn veterans_climb_over_a_small_stable_tier_out_of_a_churning_one() {
        // L2 holds a small map block that never changes; L3 breaks on every request (a
        // new file enters). A big veteran of L3 moves up once L3 has broken often enough
        // that its rewrites outweigh rewriting L2 once.
        let mut s = Session::new(0);
        s.put("symbol:m", "M", Tier::L2, 6);
        s.put("file:v", "V", Tier::L3, 5);
        let mut climbed = None;
        for i in 0..6 {
            let mut all = vec![obs("symbol:m", "M", 500), obs("file:v", "V", 300)];
            all.push(obs(&format!("file:n{i}"), "N", 10));
            for j in 0..i {
                all.push(obs(&format!("file:n{j}"), "N", 10));
            }
            // The newcomers become L3 entrants three requests on.
            s.step(&all);
            if climbed.is_none() && s.tier("file:v") == Tier::L2 {
                climbed = Some(i);
            }
        }
        assert!(climbed.is_some(), "{:?}", s.items);
        assert!(s.breaks[&Tier::L3] >= 2, "{:?}", s.breaks);
        // Where the tier it would leave never broke, it stays.
        let mut s = Session::new(0);
        s.put("symbol:m", "M", Tier::L2, 6);
        s.put("file:v", "V", Tier::L3, 6);
        s.put("file:n", "N", Tier::Active, 2);
        s.step(&[
            obs("symbol:m", "M", 500),
            obs("file:v", "V", 300),
            obs("file:n", "N", 10),
            edited(0),
        ]);
        assert_eq!(s.tier("file:v"), Tier::L3);
        // Nor when it broke often before but is quiet now: an edited working file lets
        // history enter L3, which counts v up, but no cached tier is rewritten.
        let mut s = Session::new(0);
        s.breaks.insert(Tier::L3, 5);
        s.put("symbol:m", "M", Tier::L2, 6);
        s.put("file:v", "V", Tier::L3, 5);
        s.put("history:0", "h", Tier::Active, 2);
        let all = [
            obs("symbol:m", "M", 500),
            obs("file:v", "V", 300),
            obs("history:0", "h", 10),
            edited(1),
        ];
        s.step(&all);
        assert_eq!((s.tier("history:0"), s.n("file:v")), (Tier::L3, 6));
        assert_eq!(s.tier("file:v"), Tier::L3);
    }

    #[test]
    fn with_prefix_caching_history_waits_until_moving_it_pays() {
        // Only the working files change: a big one every other request, a small one on
        // every request, after it. Moving the history ahead of them rewrites the big one
        // where a prefix cache would have read it, half the time; that pays once the
        // history outweighs it.
        let run = |partial: bool, history_tokens: usize| -> Tier {
            let mut s = Session::new(0);
            s.partial = partial;
            for i in 0..6 {
                let big = obs("file:big", &format!("B{}", i / 2), 1000);
                let mut all = vec![big, edited(i)];
                for h in 0..2 * i {
                    all.push(obs(
                        &format!("history:{h}"),
                        &format!("m{h}"),
                        history_tokens,
                    ));
                }
                s.step(&all);
            }
            s.tier("history:0")
        };
        assert_eq!(
            run(false, 10),
            Tier::L3,
            "whole blocks: the files are rewritten anyway"
        );
        assert_eq!(run(true, 10), Tier::Active);
        assert_eq!(run(true, 600), Tier::L3);
    }

    #[test]
    fn history_enters_a_tier_no_further_than_the_lookback_bridges() {
        let tiers = |lookback: usize, break_l3: bool| {
            let mut s = Session::new(0);
            s.lookback = lookback;
            s.put("file:a", "A", Tier::L3, 3);
            for i in 0..10 {
                s.put(&format!("history:{i}"), &format!("m{i}"), Tier::Active, 3);
            }
            let history: Vec<Observed> = (0..10)
                .map(|i| obs(&format!("history:{i}"), &format!("m{i}"), 50))
                .collect();
            let a = if break_l3 { "A2" } else { "A" };
            let mut step = |w: &str| {
                let mut all = vec![obs("file:a", a, 10), obs("file:w", w, 10)];
                all.extend(history.iter().cloned());
                s.step(&all);
                (0..10)
                    .map(|i| s.tier(&format!("history:{i}")))
                    .collect::<Vec<_>>()
            };
            [step("W1"), step("W2")]
        };
        let (cached, active) = (Tier::L3, Tier::Active);
        // Six blocks back from the marker: the old end is found behind five new messages.
        let [first, second] = tiers(6, false);
        assert_eq!(first, [[cached; 5], [active; 5]].concat());
        assert_eq!(second, [cached; 10]);
        // Without a limit, or into a tier sent again from its start, all at once.
        assert_eq!(tiers(usize::MAX, false)[0], [cached; 10]);
        assert_eq!(tiers(6, true)[0], [cached; 10]);
    }

    #[test]
    fn a_tool_call_stays_in_the_tier_of_its_result() {
        let call = |i: usize| Observed {
            joined: true,
            ..obs(&format!("history:{i}"), &format!("call{i}"), 50)
        };
        let history = |n: usize| -> Vec<Observed> {
            (0..n)
                .map(|i| match i % 2 {
                    1 => call(i),
                    _ => obs(&format!("history:{i}"), &format!("m{i}"), 50),
                })
                .collect()
        };
        // Messages 0 and 1 are ready to climb, 2 (1's result) is not: 1 waits with it.
        let mut s = Session::new(0);
        s.put("file:x", "X", Tier::L2, 6);
        for (i, n) in [6, 6, 5].into_iter().enumerate() {
            s.put(
                &format!("history:{i}"),
                ["m0", "call1", "m2"][i],
                Tier::L3,
                n,
            );
            s.items.get_mut(&ItemKey::History(i)).unwrap().joined = i == 1;
        }
        let mut all = history(3);
        all.push(obs("file:x", "X edited", 10));
        let m = s.step(&all);
        assert_eq!(s.tier("history:0"), Tier::L2);
        assert_eq!(s.tier("history:1"), s.tier("history:2"));
        // Kept back, not moved and pulled down again (which would break a tier).
        assert_eq!(m.demoted, [key("file:x")]);
        // Entering L3: the eligible run ends before a call whose result is not eligible.
        let mut s = Session::new(0);
        for (i, n) in [2, 2, 1].into_iter().enumerate() {
            s.put(
                &format!("history:{i}"),
                ["m0", "call1", "m2"][i],
                Tier::Active,
                n,
            );
            s.items.get_mut(&ItemKey::History(i)).unwrap().joined = i == 1;
        }
        let mut all = history(3);
        all.push(edited(0));
        let m = s.step(&all);
        let tiers: Vec<Tier> = (0..3).map(|i| s.tier(&format!("history:{i}"))).collect();
        assert_eq!(tiers, [Tier::L3, Tier::Active, Tier::Active]);
        assert!(m.demoted.is_empty(), "{m:?}");
        // A result that drops takes its call down with it.
        let mut s = Session::new(0);
        s.put("history:0", "call0", Tier::L3, 3);
        s.items.get_mut(&key("history:0")).unwrap().joined = true;
        s.put("history:1", "m1", Tier::L3, 3);
        let m = s.step(&[call(0), obs("history:1", "m1 changed", 50)]);
        assert_eq!(s.tier("history:0"), Tier::Active, "{m:?}");
    }

    #[test]
    fn history_keeps_its_order() {
        let mut s = Session::new(0);
        let h = |n: usize| -> Vec<Observed> {
            let mut v: Vec<Observed> = (0..n)
                .map(|i| obs(&format!("history:{i}"), &format!("m{i}"), 50))
                .collect();
            v.push(edited(n));
            v
        };
        for n in [2, 4, 6, 8, 10] {
            s.step(&h(n));
        }
        // Messages 0..4 reached N=3 and entered L3 in order; the newest stay active.
        let tiers: Vec<Tier> = (0..10).map(|i| s.tier(&format!("history:{i}"))).collect();
        assert!(tiers.windows(2).all(|w| w[0] <= w[1]), "{tiers:?}");
        assert_eq!(tiers[0], Tier::L3);
        assert_eq!(tiers[9], Tier::Active);
        // Editing message 1 drops it and every newer cached message to active.
        let mut edited = h(10);
        edited[1] = obs("history:1", "changed", 50);
        s.step(&edited);
        let tiers: Vec<Tier> = (0..10).map(|i| s.tier(&format!("history:{i}"))).collect();
        assert_eq!(tiers[0], Tier::L3);
        assert!(tiers[1..].iter().all(|t| *t == Tier::Active), "{tiers:?}");
    }
}
