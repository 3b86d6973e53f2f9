//! What a session's requests really used (`context --session`): each answered request's
//! predicted cache read and write beside the provider's figures, its cost, and the
//! session's totals. A request whose read fell well short of the prediction is flagged
//! with the first item that changed before it.

use serde::{Deserialize, Serialize};

use crate::model::{ListPrice, ModelRegistry, Prices};
use crate::reply::Usage;

/// A read that falls short of the prediction by more than this share of the request's
/// input, in percent, is flagged.
pub const SHORTFALL_POINTS: u64 = 10;

/// Said when a session has no answered request to show.
pub const NO_REPLIES: &str = "no replies recorded: pipe each response into \
     `asimi-prompt reply --session NAME` to set the provider's usage beside the prediction";

/// Said for a flagged request when no tracked item changed.
const NOTHING_CHANGED: &str = "no tracked item changed: the cache entry may have expired, \
     or the system prompt or the tools changed";

// The records a session keeps of each request (`session::turns`), here so the
// report reads them without depending on the session.

/// The cache use `messages` predicted for a request (see `reuse::predict`), kept to set
/// beside what the provider reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Predicted {
    /// The body's input tokens, counted with the request's tokenizer.
    pub input: u64,
    pub cache_read: u64,
    pub cache_write: u64,
    /// The first item that changed against the session's request before
    /// (`Tracker::first_change`): where a shorter read than predicted is to be looked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changed: Option<String>,
}

/// What the provider reported for one request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answered {
    pub request: u64,
    /// The model asked for, and the one that answered, if the response named it.
    pub model: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answered_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// What `messages` predicted for the same request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub predicted: Option<Predicted>,
    /// The provider's charge in US dollars, where it says (OpenRouter).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
}

/// One answered request.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Line {
    /// The session's request number.
    pub request: u64,
    pub model: String,
    pub predicted: Option<Predicted>,
    /// `None`: the response carried no usage.
    pub reported: Option<Usage>,
    /// In US dollars: the provider's charge where it said, else the registry's prices.
    pub cost: Option<f64>,
    /// `provider` or `registry` (`None` when unpriced).
    pub cost_from: Option<&'static str>,
    /// Why the read fell short of the prediction, when it did by more than
    /// [`SHORTFALL_POINTS`].
    pub flag: Option<String>,
}

/// The session's totals.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Totals {
    pub requests: usize,
    pub predicted_read: u64,
    pub predicted_write: u64,
    pub input: u64,
    pub cache_read: u64,
    pub cache_write: u64,
    pub output: u64,
    /// The sum of the costs known.
    pub cost: f64,
    /// How many requests have a cost (the others are left out of `cost`).
    pub priced: usize,
}

/// Every answered request the session keeps, and the totals.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Spent {
    pub requests: Vec<Line>,
    pub totals: Totals,
}

/// The report for `answered` (oldest first), priced by `registry`.
pub fn spent(answered: &[Answered], registry: &ModelRegistry) -> Spent {
    let mut totals = Totals::default();
    let requests: Vec<Line> = answered
        .iter()
        .map(|a| {
            let entry = registry.lookup(&a.model);
            let priced = a.usage.as_ref().and_then(|u| {
                let prices = entry.cache_price.unwrap_or(Prices::NONE);
                cost(u, entry.price.as_ref()?, prices)
            });
            let (cost, cost_from) = match (a.cost, priced) {
                (Some(c), _) => (Some(c), Some("provider")),
                (None, Some(c)) => (Some(c), Some("registry")),
                (None, None) => (None, None),
            };
            totals.add(a, cost);
            Line {
                request: a.request,
                model: a.model.clone(),
                predicted: a.predicted.clone(),
                reported: a.usage,
                cost,
                cost_from,
                flag: flag(a.predicted.as_ref(), a.usage.as_ref()),
            }
        })
        .collect();
    Spent { requests, totals }
}

impl Totals {
    fn add(&mut self, a: &Answered, cost: Option<f64>) {
        self.requests += 1;
        if let Some(p) = &a.predicted {
            self.predicted_read += p.cache_read;
            self.predicted_write += p.cache_write;
        }
        if let Some(u) = &a.usage {
            self.input += u.input;
            self.cache_read += u.cache_read;
            self.cache_write += u.cache_write;
            self.output += u.output;
        }
        if let Some(c) = cost {
            self.cost += c;
            self.priced += 1;
        }
    }
}

/// `usage` at list prices (US dollars per million tokens): uncached input, cache writes,
/// cache reads and output each at its own price. A cache price the registry does not list
/// is the input price scaled by the model's `cache_price` percentages. `None` without an
/// input or output price.
fn cost(usage: &Usage, list: &ListPrice, cached: Prices) -> Option<f64> {
    let input = list.input?;
    let output = list.output?;
    let scaled = |percent: u32| input * f64::from(percent) / 100.0;
    let write = list.cache_write.unwrap_or_else(|| scaled(cached.write));
    let read = list.cache_read.unwrap_or_else(|| scaled(cached.read));
    let dollars = usage.input as f64 * input
        + usage.cache_write as f64 * write
        + usage.cache_read as f64 * read
        + usage.output as f64 * output;
    Some(dollars / 1_000_000.0)
}

/// Why a request's reported read fell short of its prediction by more than
/// [`SHORTFALL_POINTS`] of the request's input, naming the first item that changed.
fn flag(predicted: Option<&Predicted>, reported: Option<&Usage>) -> Option<String> {
    let (p, u) = (predicted?, reported?);
    let short = p.cache_read.saturating_sub(u.cache_read);
    let whole = match u.prompt() {
        0 => p.input,
        n => n,
    };
    if whole == 0 || short * 100 <= SHORTFALL_POINTS * whole {
        return None;
    }
    let points = short * 100 / whole;
    let cause = match &p.changed {
        Some(item) => format!("first change: {item}"),
        None => NOTHING_CHANGED.to_string(),
    };
    Some(format!(
        "read {} of the {} predicted ({points} points of the request short); {cause}",
        u.cache_read, p.cache_read
    ))
}

/// The text `context --session` ends with: a row per request, its flag below it, and
/// the totals.
pub fn render_text(s: &Spent, session: &str) -> String {
    if s.requests.is_empty() {
        return format!("usage of session '{session}': {NO_REPLIES}\n");
    }
    let mut out = format!(
        "usage of session '{session}' (predicted, then reported):\n\
         request   read pred  write pred   read rep  write rep   input  output      cost\n"
    );
    let dash = || "-".to_string();
    for l in &s.requests {
        let (pr, pw) = l.predicted.as_ref().map_or((dash(), dash()), |p| {
            (p.cache_read.to_string(), p.cache_write.to_string())
        });
        let (rr, rw, i, o) = l
            .reported
            .as_ref()
            .map_or((dash(), dash(), dash(), dash()), |u| {
                let n = |v: u64| v.to_string();
                (n(u.cache_read), n(u.cache_write), n(u.input), n(u.output))
            });
        out.push_str(&format!(
            "#{:<7} {pr:>10} {pw:>11} {rr:>10} {rw:>10} {i:>7} {o:>7} {:>9}{}\n",
            l.request,
            l.cost.map_or_else(dash, dollars),
            if l.cost_from == Some("provider") {
                " (provider)"
            } else {
                ""
            }
        ));
        if let Some(flag) = &l.flag {
            out.push_str(&format!("  ! #{}: {flag}\n", l.request));
        }
    }
    let t = &s.totals;
    let unpriced = match t.requests - t.priced {
        0 => String::new(),
        n => format!(" ({n} unpriced left out)"),
    };
    out.push_str(&format!(
        "total    {:>10} {:>11} {:>10} {:>10} {:>7} {:>7} {:>9}{unpriced}\n",
        t.predicted_read,
        t.predicted_write,
        t.cache_read,
        t.cache_write,
        t.input,
        t.output,
        dollars(t.cost)
    ));
    out
}

/// `$0.0123`: four decimals, as a cent is too coarse for one request.
fn dollars(d: f64) -> String {
    format!("${d:.4}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answered(predicted_read: u64, read: u64, changed: Option<&str>) -> Answered {
        Answered {
            request: 2,
            model: "claude-sonnet-5-5".into(),
            answered_by: None,
            usage: Some(Usage {
                input: 100,
                cache_read: read,
                cache_write: 900 - read,
                output: 10,
            }),
            predicted: Some(Predicted {
                input: 1000,
                cache_read: predicted_read,
                cache_write: 0,
                changed: changed.map(str::to_string),
            }),
            cost: None,
        }
    }

    #[test]
    fn a_read_more_than_ten_points_short_is_flagged_with_the_first_change() {
        let registry = ModelRegistry::builtin();
        let flag = |p, r| spent(&[answered(p, r, Some("file:a (changed)"))], &registry);
        // 100 short of 1000 is 10 points: not flagged; 101 is.
        assert_eq!(flag(800, 700).requests[0].flag, None);
        let s = flag(801, 700);
        assert_eq!(
            s.requests[0].flag.as_deref(),
            Some(
                "read 700 of the 801 predicted (10 points of the request short); first \
                 change: file:a (changed)"
            )
        );
        let s = spent(&[answered(900, 0, None)], &registry);
        assert!(s.requests[0]
            .flag
            .as_ref()
            .unwrap()
            .ends_with(NOTHING_CHANGED));
    }

    #[test]
    fn each_part_is_priced_apart_and_the_providers_cost_wins() {
        let list = ListPrice {
            input: Some(2.0),
            output: Some(10.0),
            cache_write: Some(2.5),
            cache_write_1h: None,
            cache_read: None,
            cache_storage: None,
        };
        let usage = Usage {
            input: 1_000_000,
            cache_read: 1_000_000,
            cache_write: 1_000_000,
            output: 1_000_000,
        };
        // The read is priced at 10% of the input price, as cache_price says.
        let cached = Prices {
            read: 10,
            write: 125,
            write_1h: None,
        };
        assert_eq!(cost(&usage, &list, cached), Some(2.0 + 2.5 + 0.2 + 10.0));
        let registry = ModelRegistry::builtin();
        let mut a = answered(0, 0, None);
        a.cost = Some(0.5);
        let s = spent(&[a.clone(), answered(0, 0, None)], &registry);
        assert_eq!(s.requests[0].cost, Some(0.5));
        assert_eq!(s.requests[0].cost_from, Some("provider"));
        assert_eq!(s.requests[1].cost_from, Some("registry"));
        assert_eq!(s.totals.priced, 2);
    }
}
