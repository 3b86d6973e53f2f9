//! Cache breakpoints: one on the last message of each cached tier, as the design places
//! them (docs/contributing/design.md, prompt assembly), but only where the prefix up to it is long enough for the provider to cache.

use std::collections::BTreeMap;
use std::ops::Bound::{Excluded, Included};

use super::assemble::{content_size, Block, Message};
use super::providers::markable;
use super::tier::Tier;
use crate::tokens::Tokenizer;

/// Anthropic rejects a request with more than four `cache_control` blocks.
pub const MAX_MARKERS: usize = 4;

/// Where markers went, for notes on stderr and tests.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Placement {
    /// `(message index, tier, prefix tokens)` of every marker set. The tokens are exact,
    /// or a lower bound (`Tokenizer::at_least`) when that already clears every minimum.
    pub marked: Vec<(usize, Tier, usize)>,
    /// `(tier, prefix tokens)` of tiers left unmarked because the prefix was too short.
    pub too_short: Vec<(Tier, usize)>,
}

/// Sets `cache` on the last message of each cached tier whose prefix (every message up
/// to and including it) reaches `min_tokens`, clearing any other marker first. At most
/// `MAX_MARKERS` are set; a message with no block that can carry one (only empty text,
/// which the encoders drop, or thinking blocks) gets none.
pub fn place(messages: &mut [Message], min_tokens: u64, tokenizer: Tokenizer) -> Placement {
    // Loading the encoding's tables is most of a run's time. A lower bound settles every
    // marker when each cached prefix clearly clears the minimum; only a prefix near or
    // under it needs the exact count.
    let bound = place_with(messages, min_tokens, &|t| tokenizer.at_least(t));
    if bound.too_short.is_empty() {
        return bound;
    }
    place_with(messages, min_tokens, &|t| tokenizer.count(t))
}

fn place_with(
    messages: &mut [Message],
    min_tokens: u64,
    count: &dyn Fn(&str) -> usize,
) -> Placement {
    for m in messages.iter_mut() {
        m.cache = false;
    }
    let mut placement = Placement::default();
    let mut prefix = 0usize;
    // Nothing after the last cached message can carry a marker, and counting the active
    // content (the file tree above all) was most of the cost of a request.
    let counted = messages
        .iter()
        .rposition(|m| m.tier != Tier::Active)
        .map_or(0, |i| i + 1);
    for i in 0..counted {
        prefix += messages[i]
            .content
            .iter()
            .map(|b| match b {
                Block::Text(t) => count(t),
                Block::Other(v) => count(&v.to_string()),
                // Images are priced by size, not text; leaving them out only makes the
                // estimate more cautious.
                Block::Image { .. } => 0,
            })
            .sum::<usize>();
        let tier = messages[i].tier;
        let last_of_tier = messages.get(i + 1).map(|n| n.tier) != Some(tier);
        if tier == Tier::Active || !last_of_tier {
            continue;
        }
        if (prefix as u64) < min_tokens {
            placement.too_short.push((tier, prefix));
            continue;
        }
        let markable = messages[i].content.iter().any(markable);
        if markable && placement.marked.len() < MAX_MARKERS {
            messages[i].cache = true;
            placement.marked.push((i, tier, prefix));
        }
    }
    placement
}

/// Where the moving marker goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moving {
    /// On the last message before the prompt: the prompt carries the system reminder,
    /// which most agents do not keep, so the next request does not repeat it.
    BeforePrompt,
    /// On the prompt: the agent keeps the prompt as sent, reminder and all (the session
    /// saw the last one come back in the history).
    OnPrompt,
}

/// Puts the moving marker where `at` says, if the request up to it reaches
/// `min_tokens`, and returns whether it was set. It ends what the next request sends
/// again (in an append-only conversation, all of it), so it writes the entry the next
/// request reads most of (see `reuse::moving_marker_pays` for when it is worth it).
///
/// When every other slot is taken, it replaces the tier marker a later request would
/// miss most cheaply ([`cheapest_to_lose`]); `breaks` counts the session's requests
/// that broke each cached tier or changed the active part.
pub fn add_moving(
    messages: &mut [Message],
    placement: &mut Placement,
    at: Moving,
    breaks: &BTreeMap<Tier, u32>,
    min_tokens: u64,
    tokenizer: Tokenizer,
) -> bool {
    let back = match at {
        Moving::BeforePrompt => 2,
        Moving::OnPrompt => 1,
    };
    let Some(tail) = messages.len().checked_sub(back) else {
        return false;
    };
    let markable = messages[tail].content.iter().any(markable);
    if messages[tail].cache || !markable {
        return false;
    }
    let through = &messages[..=tail];
    let size = |count: &dyn Fn(&str) -> usize| content_size(through, count);
    let mut prefix = size(&|t| tokenizer.at_least(t));
    if (prefix as u64) < min_tokens {
        prefix = size(&|t| tokenizer.count(t));
        if (prefix as u64) < min_tokens {
            return false;
        }
    }
    if placement.marked.len() >= MAX_MARKERS {
        let Some(drop) = cheapest_to_lose(&placement.marked, breaks) else {
            return false;
        };
        let (index, _, _) = placement.marked.remove(drop);
        messages[index].cache = false;
    }
    messages[tail].cache = true;
    placement.marked.push((tail, messages[tail].tier, prefix));
    true
}

/// Which of the tier markers `marked` (in request order) a later request misses most
/// cheaply. A tier's marker is the prefix a request falls back to when its first change
/// lies after that tier, up to the next marker's tier (for the last, in the active
/// part); it then sends again the tokens the tier adds since the marker before it. So
/// each marker is weighed by those tokens times how often a request falls back to it:
/// how often the session's requests broke a tier in between (`breaks`; for the last
/// marker, changed the active part), plus the marker's place, first 1, then 2 and so
/// on. The place stands for what the record does not show yet: items climb through the
/// tiers, so a higher one changes less often, and the last tier's end is the fallback
/// of every request that changes the active part.
fn cheapest_to_lose(
    marked: &[(usize, Tier, usize)],
    breaks: &BTreeMap<Tier, u32>,
) -> Option<usize> {
    let fell_back = |from: Tier, to: Tier| -> u64 {
        if to <= from {
            return 0;
        }
        let there = breaks.range((Excluded(from), Included(to)));
        there.map(|(_, n)| u64::from(*n)).sum()
    };
    let mut before = 0;
    let costs = marked.iter().enumerate().map(|(i, &(_, tier, prefix))| {
        let span = prefix.saturating_sub(before) as u64;
        before = prefix;
        let next = marked.get(i + 1).map_or(Tier::Active, |m| m.1);
        span * (i as u64 + 1 + fell_back(tier, next))
    });
    costs
        .enumerate()
        .min_by_key(|(_, cost)| *cost)
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::assemble::Role;

    fn msg(tier: Tier, text: &str) -> Message {
        Message::text(Role::User, text, tier)
    }

    #[test]
    fn marks_last_of_each_tier_above_the_minimum() {
        let big = "word ".repeat(50);
        let mut ms = vec![
            msg(Tier::L0, &big),
            msg(Tier::L0, "x"),
            msg(Tier::L1, "y"),
            msg(Tier::Active, "z"),
        ];
        let p = place(&mut ms, 10, Tokenizer::O200k);
        let marked: Vec<bool> = ms.iter().map(|m| m.cache).collect();
        assert_eq!(marked, [false, true, true, false]);
        assert_eq!(p.marked.len(), 2);
    }

    #[test]
    fn a_short_prefix_gets_no_marker() {
        let mut ms = vec![msg(Tier::L0, "short"), msg(Tier::Active, "z")];
        let p = place(&mut ms, 1024, Tokenizer::O200k);
        assert!(ms.iter().all(|m| !m.cache));
        assert_eq!(p.too_short, vec![(Tier::L0, 1)]);
    }

    /// `add_moving` with a minimum of 10 tokens.
    fn moving(ms: &mut [Message], p: &mut Placement, at: Moving) -> bool {
        add_moving(ms, p, at, &BTreeMap::new(), 10, Tokenizer::O200k)
    }

    #[test]
    fn the_moving_marker_goes_before_the_prompt() {
        let big = "word ".repeat(50);
        let mut ms = vec![
            msg(Tier::L0, &big),
            msg(Tier::Active, "history"),
            msg(Tier::Active, "prompt"),
        ];
        let mut p = place(&mut ms, 10, Tokenizer::O200k);
        assert!(moving(&mut ms, &mut p, Moving::BeforePrompt));
        let marked: Vec<bool> = ms.iter().map(|m| m.cache).collect();
        assert_eq!(marked, [true, true, false]);
        // Not twice.
        assert!(!moving(&mut ms, &mut p, Moving::BeforePrompt));
        // On the prompt, for an agent that keeps prompts as sent.
        let mut ms = vec![msg(Tier::L0, &big), msg(Tier::Active, "prompt")];
        let mut p = place(&mut ms, 10, Tokenizer::O200k);
        assert!(moving(&mut ms, &mut p, Moving::OnPrompt));
        assert!(ms[1].cache);
        // Not under the minimum.
        let mut ms = vec![msg(Tier::L0, "a"), msg(Tier::Active, "z")];
        let mut p = place(&mut ms, 10, Tokenizer::O200k);
        assert!(!moving(&mut ms, &mut p, Moving::BeforePrompt));
    }

    /// A message of `words[i]` words in each cached tier, L0 first, then two active
    /// ones: a message of 100 words and the prompt.
    fn tiers_of(words: [usize; 4]) -> Vec<Message> {
        let cached = Tier::CACHED.into_iter().zip(words);
        let all = cached.chain([(Tier::Active, 100), (Tier::Active, 1)]);
        all.map(|(t, n)| msg(t, &"word ".repeat(n))).collect()
    }

    fn marked(ms: &[Message]) -> Vec<bool> {
        ms.iter().map(|m| m.cache).collect()
    }

    #[test]
    fn the_moving_marker_replaces_the_tier_marker_covering_least() {
        let mut ms = tiers_of([50, 400, 5, 300]);
        let mut p = place(&mut ms, 10, Tokenizer::O200k);
        assert_eq!(p.marked.len(), 4);
        assert!(moving(&mut ms, &mut p, Moving::BeforePrompt));
        // L2 added 5 words to L1's prefix: its end is the cheapest fallback to lose.
        assert_eq!(marked(&ms), [true, true, false, true, true, false]);
        assert_eq!(p.marked.len(), MAX_MARKERS);
    }

    #[test]
    fn the_moving_marker_replaces_the_fallback_requests_need_least() {
        let mut ms = tiers_of([400, 100, 100, 90]);
        let mut fresh = ms.clone();
        let mut p = place(&mut fresh, 10, Tokenizer::O200k);
        // No record: L3 adds the fewest tokens, but its end is the fallback of every
        // request that changes the active part; L1's end is needed least.
        assert!(moving(&mut fresh, &mut p, Moving::BeforePrompt));
        assert_eq!(marked(&fresh), [true, false, true, true, true, false]);
        // Requests that broke L2 make L1's end the one they fell back to.
        let breaks = BTreeMap::from([(Tier::L2, 4), (Tier::Active, 1)]);
        let mut p = place(&mut ms, 10, Tokenizer::O200k);
        let set = add_moving(
            &mut ms,
            &mut p,
            Moving::BeforePrompt,
            &breaks,
            10,
            Tokenizer::O200k,
        );
        assert!(set);
        assert_eq!(marked(&ms), [true, true, false, true, true, false]);
    }
}
