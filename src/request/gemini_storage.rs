//! Which of a session's stable items join the next Gemini cache entry, at Gemini's
//! storage price (`session::gemini_join` applies the rule).
//!
//! An explicit entry (`--cache-create`) holds the cached tiers, L0 to L3. A working file
//! or the file tree climbs into L3 only when the active content is rewritten anyway
//! (`ripple`: a provider that caches prefixes by itself would otherwise rewrite it for
//! nothing). So in a session whose files stay the same, neither ever joined an entry, and
//! every request sent them whole at the input price.
//!
//! **The rule.** At `--cache-create`, each working file still in the active part, and
//! the file tree if it is there, join the entry (in L3) when what they save over
//! the entry's lifetime outweighs what keeping them there costs:
//!
//! ```text
//! saving  = tokens × (input price − cached price) × requests expected within the TTL
//! storage = tokens × storage price per token-hour × TTL in hours
//! ```
//!
//! Creating the entry bills its tokens once at the input price, what this request would
//! pay for sending them anyway, so creation does not weigh. The requests expected within
//! the TTL are the requests in a row the item has come back unchanged: its next change
//! is expected as far off as its last (ripple's `active_wait` reasons the same way), and
//! the session keeps no clock, so they are taken to fall within the TTL. An item on its
//! first request has none and never joins. Tokens multiply both sides: the rule compares
//! prices, and the counts say how much is at stake. A model without an input or a
//! storage price in `models.yaml` adds nothing: its entry holds the tiers, as before.
//!
//! **Keeping to the entry.** What joined, each item with its content hash, is recorded in
//! the session at the create (which is not itself one of the session's requests). A
//! request that names an entry (`--cached-content`) lays the same items out in L3 while
//! they are unchanged, so it sends only what the entry does not hold; a joined item that
//! changed goes back to the active part, and the warning that the entry no longer holds
//! the request's start (`session::gemini_entry`) says to create a new one. Requests
//! without explicit caching, and other providers' requests, are laid out as before.

use serde::Serialize;

use crate::model::{ListPrice, Prices};

/// Seconds in an hour: storage is priced per hour.
const SECONDS_PER_HOUR: f64 = 3600.0;

/// `models.yaml` prices per million tokens.
const TOKENS_PER_PRICE: f64 = 1_000_000.0;

/// Why nothing is weighed, for a model `models.yaml` gives no such price.
const NO_INPUT_PRICE: &str = "models.yaml gives this model no input price";
const NO_STORAGE_PRICE: &str = "models.yaml gives this model no cache_storage price";

/// An item that may join an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// Its key: `file:PATH`, or `tree` for the file tree.
    pub item: String,
    pub tokens: usize,
    /// The requests in a row it came back unchanged.
    pub requests: u32,
    /// Whether the entry the request names (`--cached-content`) holds it.
    pub held: bool,
}

/// The rule applied to a request's candidates, as `context` shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Weighing {
    /// The lifetime weighed, in seconds: the create's, else the default hour.
    pub ttl_seconds: u64,
    /// Why nothing could be weighed; `None` when the prices are known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unpriced: Option<&'static str>,
    pub items: Vec<Verdict>,
}

/// One candidate weighed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdict {
    /// Its key: `file:PATH`, or `tree` for the file tree.
    pub item: String,
    pub tokens: usize,
    /// The requests expected within the lifetime: those it came back unchanged in a row.
    pub requests: u32,
    /// US dollars it saves over the lifetime in the entry.
    pub saving: f64,
    /// US dollars keeping it in the entry costs over the lifetime.
    pub storage: f64,
    /// Whether it joins the next entry: the saving outweighs the storage.
    pub joins: bool,
    /// Whether the entry the request names (`--cached-content`) holds it.
    pub held: bool,
}

/// What one token costs: the saving per request in the entry, and its storage per hour.
struct Rates {
    saved: f64,
    stored: f64,
}

/// The rule (see the module's comment) applied to each of `found` at the model's list
/// prices `price` (and `cached`, its cache prices relative to input), over an entry's
/// lifetime of `ttl_seconds`.
pub fn weigh(found: &[Candidate], price: &ListPrice, cached: Prices, ttl_seconds: u64) -> Weighing {
    let hours = ttl_seconds as f64 / SECONDS_PER_HOUR;
    let rates = rates(price, cached);
    let items = found
        .iter()
        .map(|c| {
            let tokens = c.tokens as f64;
            let (saving, storage) = match &rates {
                Ok(r) => (
                    tokens * r.saved * f64::from(c.requests),
                    tokens * r.stored * hours,
                ),
                Err(_) => (0.0, 0.0),
            };
            Verdict {
                item: c.item.clone(),
                tokens: c.tokens,
                requests: c.requests,
                saving,
                storage,
                joins: rates.is_ok() && saving > storage,
                held: c.held,
            }
        })
        .collect();
    Weighing {
        ttl_seconds,
        unpriced: rates.err(),
        items,
    }
}

/// What a token saves per request in the entry (the input price less the cached price:
/// `cache_read`, else `cache_price.read` percent of the input price) and what it costs
/// per hour there (`cache_storage`).
fn rates(price: &ListPrice, cached: Prices) -> Result<Rates, &'static str> {
    let input = price.input.ok_or(NO_INPUT_PRICE)?;
    let storage = price.cache_storage.ok_or(NO_STORAGE_PRICE)?;
    let read = price
        .cache_read
        .unwrap_or(input * f64::from(cached.read) / 100.0);
    Ok(Rates {
        saved: (input - read) / TOKENS_PER_PRICE,
        stored: storage / TOKENS_PER_PRICE,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(requests: u32) -> Candidate {
        Candidate {
            item: "file:a.rs".into(),
            tokens: 10_000,
            requests,
            held: false,
        }
    }

    /// gemini-3.8-flash's prices: $0.75 input, $0.075 cached, $0.50 storage an hour.
    fn flash() -> ListPrice {
        ListPrice {
            input: Some(0.75),
            cache_read: Some(0.075),
            cache_storage: Some(0.5),
            ..ListPrice::default()
        }
    }

    /// Saving per request: 10,000 × $0.675 / 1M = $0.00675; storage an hour: 10,000 ×
    /// $0.50 / 1M = $0.005. One request pays for an hour, not for twelve (nine do).
    #[test]
    fn an_item_joins_when_its_saving_outweighs_its_storage() {
        let weigh_one = |requests, seconds| {
            weigh(&[candidate(requests)], &flash(), Prices::NONE, seconds).items[0].clone()
        };
        let hour = weigh_one(1, 3600);
        assert!((hour.saving - 0.00675).abs() < 1e-12 && (hour.storage - 0.005).abs() < 1e-12);
        assert!(hour.joins);
        assert!(
            !weigh_one(0, 3600).joins,
            "a new item has no requests to save on"
        );
        assert!(!weigh_one(8, 12 * 3600).joins);
        assert!(weigh_one(9, 12 * 3600).joins);
    }

    /// Without a storage price (or an input price) nothing joins, and the weighing says why.
    #[test]
    fn an_unpriced_model_adds_nothing() {
        let price = ListPrice {
            cache_storage: None,
            ..flash()
        };
        let w = weigh(&[candidate(5)], &price, Prices::NONE, 3600);
        assert_eq!(w.unpriced, Some(NO_STORAGE_PRICE));
        assert!(!w.items[0].joins);
        let w = weigh(&[candidate(5)], &ListPrice::default(), Prices::NONE, 3600);
        assert_eq!(w.unpriced, Some(NO_INPUT_PRICE));
    }

    /// Without `cache_read`, the cached price is `cache_price.read` percent of the input.
    #[test]
    fn the_cached_price_falls_back_to_the_percentage() {
        let price = ListPrice {
            cache_read: None,
            ..flash()
        };
        let tenth = Prices {
            read: 10,
            ..Prices::NONE
        };
        let w = weigh(&[candidate(1)], &price, tenth, 3600);
        assert!((w.items[0].saving - 0.00675).abs() < 1e-12, "{w:?}");
    }
}
