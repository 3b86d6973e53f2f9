//! Cache breakpoints: one on the last message of each cached tier, as the design places
//! them (docs/contributing/design.md, prompt assembly), but only where the prefix up to it is long enough for the provider to cache.

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
/// When every other slot is taken, it replaces the tier marker that covers the fewest
/// tokens since the marker before it: that tier's end is the fallback a later request
/// would miss most cheaply.
pub fn add_moving(
    messages: &mut [Message],
    placement: &mut Placement,
    at: Moving,
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
        let spans = placement.marked.iter().scan(0, |before, m| {
            let span = m.2.saturating_sub(*before);
            *before = m.2;
            Some(span)
        });
        let Some((drop, _)) = spans.enumerate().min_by_key(|(_, span)| *span) else {
            return false;
        };
        let (index, _, _) = placement.marked.remove(drop);
        messages[index].cache = false;
    }
    messages[tail].cache = true;
    placement.marked.push((tail, messages[tail].tier, prefix));
    true
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
        add_moving(ms, p, at, 10, Tokenizer::O200k)
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

    #[test]
    fn the_moving_marker_replaces_the_tier_marker_covering_least() {
        let words = |n: usize| "word ".repeat(n);
        let mut ms: Vec<Message> = [(Tier::L0, 50), (Tier::L1, 400), (Tier::L2, 5)]
            .into_iter()
            .chain([(Tier::L3, 300), (Tier::Active, 100), (Tier::Active, 1)])
            .map(|(t, n)| msg(t, &words(n)))
            .collect();
        let mut p = place(&mut ms, 10, Tokenizer::O200k);
        assert_eq!(p.marked.len(), 4);
        assert!(moving(&mut ms, &mut p, Moving::BeforePrompt));
        let marked: Vec<bool> = ms.iter().map(|m| m.cache).collect();
        // L2 added 5 words to L1's prefix: its end is the cheapest fallback to lose.
        assert_eq!(marked, [true, true, false, true, true, false]);
        assert_eq!(p.marked.len(), MAX_MARKERS);
    }
}
