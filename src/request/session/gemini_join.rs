//! Gemini's explicit cache entry in a session: the stable files and the file tree join
//! the next entry when that pays (the rule, and why, is in `request::gemini_storage`),
//! and the requests that name the entry lay them out as it holds them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::stability::Tracker;
use crate::request::assemble::tree_text;
use crate::request::gemini_storage::{self, Candidate, Weighing};
use crate::request::item_key::ItemKey;
use crate::request::providers::{GeminiCache, Provider};
use crate::request::tier::Tier;
use crate::request::Request;

/// Where joined items go: the last cached tier, the one the entry ends with.
const JOINED_TIER: Tier = Tier::L3;

/// What a session keeps for Gemini's explicit cache: what the last `--cache-create` put
/// in its entry beyond the tiers. Absent for other providers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Each item the last create added to its entry, with its content hash then.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub joined: BTreeMap<ItemKey, String>,
}

/// In a session, for a Gemini request: lays out what the cache entry holds beyond the
/// tiers. At `--cache-create`, the candidates that pay join it
/// (recorded for the requests that name it); a request that names an entry lays out the
/// recorded items still unchanged, as the entry holds them. Returns the weighing, for
/// `context`; `None` for other providers and outside a session.
pub fn lay(tracker: &mut Tracker, request: &Request) -> Option<Weighing> {
    if request.provider != Provider::Gemini || !tracker.is_session() {
        return None;
    }
    let recorded = tracker.gemini_mut().joined.clone();
    let cache = &request.options.gemini_cache;
    let found = candidates(tracker, request, &recorded);
    let weighing = gemini_storage::weigh(
        &found.iter().map(|(_, c)| c.clone()).collect::<Vec<_>>(),
        &request.price,
        request.cache_price,
        cache.entry_seconds(),
    );
    let joining: BTreeMap<ItemKey, String> = found
        .into_iter()
        .zip(&weighing.items)
        .filter(|((_, c), v)| match cache {
            GeminiCache::Create { .. } => v.joins,
            GeminiCache::Use(_) => c.held,
            GeminiCache::Off => false,
        })
        .map(|((keyed, _), _)| keyed)
        .collect();
    if let GeminiCache::Create { .. } = cache {
        tracker.gemini_mut().joined = joining.clone();
    }
    // At the tier's end whatever the tiers do later, so the requests that name the
    // entry lay it out as the create did.
    for key in joining.into_keys() {
        tracker.pin_last(key, JOINED_TIER);
    }
    Some(weighing)
}

/// The working files and the file tree the tiers left in the active part (or that the
/// named entry holds), each with its key and content hash, the requests in a row it came
/// back unchanged, and whether the entry a request names holds it (`recorded` with the
/// same hash).
fn candidates(
    tracker: &Tracker,
    request: &Request,
    recorded: &BTreeMap<ItemKey, String>,
) -> Vec<((ItemKey, String), Candidate)> {
    let uses = matches!(request.options.gemini_cache, GeminiCache::Use(_));
    let assembly = &request.assembly;
    let files = assembly
        .files
        .iter()
        .map(|f| (ItemKey::file(&f.path), Some(f)));
    let tree = assembly.file_tree.as_ref().map(|_| (ItemKey::Tree, None));
    files
        .chain(tree)
        .filter_map(|(key, file)| {
            let entry = tracker.entries().get(&key)?;
            // The tiers may have moved a joined item since; the named entry holds it
            // where the create put it.
            let held = uses && recorded.get(&key) == Some(&entry.hash);
            if entry.tier != Tier::Active && !held {
                return None;
            }
            // Counted only for the candidates: a count is most of a request's time.
            let tokens = match file {
                Some(f) => request.tokenizer.count(&f.content),
                None => request
                    .tokenizer
                    .count(&tree_text(assembly.file_tree.as_deref()?)),
            };
            let c = Candidate {
                item: key.to_string(),
                tokens,
                requests: entry.unchanged,
                held,
            };
            Some(((key, entry.hash.clone()), c))
        })
        .collect()
}
