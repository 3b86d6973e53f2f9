//! A request in a session, end to end: the tracker's plan for the layout, the cache
//! prediction against what the session's earlier requests left, and what to remember.
//! `messages` and `context` use it, and so does the session benchmark.

use super::cache::Ttl;
use super::reuse::{self, Memory, Prediction, Rule, Shape};
use super::stability::Tracker;
use super::tier::Tier;
use super::{assemble, Layout, Message, Request};
use crate::error::Error;

/// The cache rule of the provider `request` goes to.
pub fn rule(request: &Request) -> Rule {
    Rule::for_provider(request.provider.name(), &request.options.model)
}

/// Observes `request`'s items in `tracker` (a no-op for an ephemeral one's tiers) and
/// returns the layout plan: the tracker's tiers and order, and the moving marker when
/// the session's record says it pays (breakpoint providers only).
pub fn observe_and_plan(tracker: &mut Tracker, request: &Request) -> Layout {
    let observed = assemble::observed(&request.assembly, request.tokenizer);
    tracker.observe(&observed, request.min_cache_tokens);
    plan(tracker, request)
}

/// The layout plan for the tracker as it stands (pins applied).
pub fn plan(tracker: &Tracker, request: &Request) -> Layout {
    Layout {
        tiers: tracker.tiers(),
        order: tracker.order(),
        moving_marker: tracker.is_session()
            && rule(request) == Rule::Breakpoints
            && reuse::moving_marker_pays(tracker.previous()),
    }
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
        Ttl::OneHour => prices.write_1h.unwrap_or(prices.write),
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
    let moving = messages
        .last()
        .is_some_and(|m| m.cache && m.tier == Tier::Active);
    Ok(reuse::remember(
        previous.cloned(),
        rule,
        &shape,
        &request.options.model,
        moving,
    ))
}
