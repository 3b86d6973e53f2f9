//! What a request holds tier by tier, and how much of it a provider should read from its
//! cache after the session's previous request: the `context` command's table and JSON.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::parts::{self, message_tokens, plural, Part, Remedies};
use super::usage::Predicted;
use crate::request::assemble::{Assembly, Message};
use crate::request::gemini_storage::Weighing;
use crate::request::item_key::ItemKey;
use crate::request::markers::Placement;
use crate::request::providers::{carries_marker, Provider};
use crate::request::reuse::{Prediction, Rule};
use crate::request::tier::Tier;
use crate::tokens::Tokenizer;

/// The tiers in request order, active last.
pub const ROWS: [Tier; 5] = [Tier::L0, Tier::L1, Tier::L2, Tier::L3, Tier::Active];

/// What one tier holds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Holds {
    pub system: bool,
    pub legend: bool,
    pub symbols: usize,
    pub files: usize,
    pub history: usize,
    /// Files listed in the file tree, when it is sent.
    pub tree: Option<usize>,
    /// Files whose blocks the map shows around the working files (the item `task`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task: Option<usize>,
    pub urls: usize,
    /// Whether the code review context is sent (always active).
    pub review: bool,
    pub prompt: bool,
    pub images: usize,
}

/// One row of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The tier's name (`L0`…`active`), or `flat` for the one row of a flat body.
    #[serde(rename = "tier")]
    pub name: &'static str,
    #[serde(skip)]
    pub tier: Tier,
    pub tokens: usize,
    /// Tokens from the start of the request to the end of this tier.
    pub prefix_tokens: usize,
    pub holds: Holds,
    /// Whether a cache marker closes this tier in the body (never for OpenAI and
    /// Gemini, whose bodies carry none).
    pub marker: bool,
    /// A cached tier with content whose prefix is below the model's minimum.
    pub too_short: bool,
}

/// The cache use predicted against what the session's earlier requests left in the
/// provider's cache (see `reuse`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reuse {
    /// Tokens read from cache.
    pub tokens: usize,
    /// The last marker of this request inside the part read.
    #[serde(serialize_with = "opt_tier_name")]
    pub through: Option<Tier>,
    pub written: usize,
    pub uncached: usize,
    /// The input tokens the prediction counts (the body as sent).
    pub input_tokens: usize,
    /// The price relative to the same request with no caching, to three decimals.
    pub relative_cost: f64,
    pub rule: Rule,
}

/// A request that reads a smaller share from the cache than the one before, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReadDrop {
    /// The share read (percent) predicted for the session's request before, and for
    /// this one.
    pub share_before: usize,
    pub share: usize,
    /// The first item, in body order, that changed or moved (`Tracker::first_change`):
    /// where the read stops. `None`: no tracked item did.
    pub first_change: Option<String>,
    /// The tokens from there on, which the provider writes or reads uncached again.
    pub sent_again: usize,
}

/// A prediction as `context` shows it (`through` left for the caller to name).
fn reuse_of(p: &Prediction) -> Reuse {
    Reuse {
        tokens: p.read,
        through: None,
        written: p.written,
        uncached: p.uncached,
        input_tokens: p.input_tokens,
        relative_cost: (p.relative_cost * 1000.0).round() / 1000.0,
        rule: p.rule,
    }
}

/// The name of a flat body's single row.
pub const FLAT_ROW: &str = "flat";

fn opt_tier_name<S: serde::Serializer>(t: &Option<Tier>, s: S) -> Result<S::Ok, S::Error> {
    match t {
        Some(t) => s.serialize_str(t.name()),
        None => s.serialize_none(),
    }
}

/// The whole breakdown.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Breakdown {
    pub model: String,
    /// Where the model came from: `--model`, `spec FILE`, `ASIMI_MODEL`, a config file,
    /// or `default`.
    pub model_source: String,
    /// The body's shape.
    pub provider: String,
    /// Whether the body carries cache markers (Anthropic, OpenRouter and raw shapes,
    /// unless flat).
    pub markers: bool,
    /// `--flat`: one uncached block, no tiers.
    pub flat: bool,
    pub tokenizer: &'static str,
    /// Whether counts are estimates (the model is not OpenAI's, whose tokenizers these are).
    pub estimate: bool,
    pub min_cache_tokens: u64,
    pub tiers: Vec<Row>,
    pub total_tokens: usize,
    /// The model's context window (0: unknown, not checked).
    pub context_window: u64,
    /// The output limit the request leaves room for.
    pub output_tokens: u64,
    /// Tokens the request may hold: the context window minus the output limit.
    pub limit_tokens: u64,
    /// Whether `total_tokens` is within `limit_tokens`; `messages` refuses the request
    /// otherwise (or, with `--truncate`, drops history first).
    pub fits: bool,
    pub session: Option<String>,
    /// `None` without a session or a previous request in it.
    pub reuse: Option<Reuse>,
    /// The same request's reuse had the session's requests been sent without it (what
    /// `messages` sends without `--session`); `None` when `reuse` is.
    pub reuse_without_session: Option<Reuse>,
    /// Why this request reads a smaller share than the session's request before (`None`
    /// when it reads as much or more, or without a session).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_drop: Option<ReadDrop>,
    /// Every item with its tokens, largest first (`context --files`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub items: Option<Vec<Part>>,
    /// The Gemini cache entry the request names (`--cached-content`), and what it holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub named_cache: Option<NamedCache>,
    /// For a Gemini request in a session, which stable items join the next cache entry
    /// (`--cache-create`) and why: each one's saving against its storage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gemini_entry: Option<Weighing>,
    /// What the session's answered requests really used (`context --session`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<super::usage::Spent>,
    /// Over the limit: the largest parts and how to leave each out, in a sentence.
    #[serde(skip)]
    pub largest: String,
    /// Over the limit: whether `--truncate` would shrink the history.
    #[serde(skip)]
    pub truncate_helps: bool,
}

/// What the breakdown is computed from.
pub struct Basis<'a> {
    pub assembly: &'a Assembly,
    pub tiers: &'a BTreeMap<ItemKey, Tier>,
    /// The laid-out request, markers placed.
    pub messages: &'a [Message],
    pub placement: &'a Placement,
    pub tokenizer: Tokenizer,
    pub model: &'a str,
    pub model_source: &'a str,
    /// The provider `models.yaml` gives the model (whose tokenizer counts exactly).
    pub model_provider: &'a str,
    /// The body's shape.
    pub provider: Provider,
    /// The model takes explicit cache breakpoints (OpenAI bodies then carry markers).
    pub breakpoints: bool,
    pub min_cache_tokens: u64,
    pub context_window: u64,
    pub output_tokens: u64,
    pub session: Option<&'a str>,
    /// The prediction against the session's earlier requests (`None` without one).
    pub prediction: Option<&'a Prediction>,
    /// The prediction for the same request sent without the session.
    pub without_session: Option<&'a Prediction>,
    /// How parts can be left out (`repo_map`; `truncate` is decided here).
    pub remedies: Remedies,
    /// Whether to list every item (`context --files`).
    pub items: bool,
    /// `--flat`: the messages carry no tiers, and the breakdown is one row.
    pub flat: bool,
    /// `--cached-content NAME`: the Gemini cache entry that holds the cached tiers.
    pub named_cache: Option<&'a str>,
    /// What the session predicted for its request before, and the first item this one
    /// changed or moved (`Tracker::first_change`).
    pub before: Option<&'a Predicted>,
    pub first_change: Option<&'a str>,
    /// For a Gemini request in a session, what joins the next cache entry and why.
    pub entry: Option<&'a Weighing>,
}

fn holds(input: &Assembly, tiers: &BTreeMap<ItemKey, Tier>) -> BTreeMap<Tier, Holds> {
    let tier_of = |key: ItemKey| tiers.get(&key).copied().unwrap_or(Tier::Active);
    let mut rows: BTreeMap<Tier, Holds> = ROWS.iter().map(|t| (*t, Holds::default())).collect();
    fn row(rows: &mut BTreeMap<Tier, Holds>, t: Tier) -> &mut Holds {
        rows.entry(t).or_default()
    }
    row(&mut rows, Tier::L0).system = !input.system.is_empty();
    row(&mut rows, Tier::L0).legend = !input.legend.is_empty();
    let selected: BTreeSet<&str> = input.files.iter().map(|f| f.path.as_str()).collect();
    for path in input.symbols.keys() {
        if selected.contains(path.as_str()) {
            continue;
        }
        // Symbol blocks with no cached tier are laid out in the system message's map.
        let t = match tier_of(ItemKey::symbol(path)) {
            Tier::Active => Tier::L0,
            t => t,
        };
        row(&mut rows, t).symbols += 1;
    }
    for f in &input.files {
        row(&mut rows, tier_of(ItemKey::file(&f.path))).files += 1;
    }
    for i in 0..input.history.len() {
        row(&mut rows, tier_of(ItemKey::History(i))).history += 1;
    }
    row(&mut rows, tier_of(ItemKey::Tree)).tree = input.file_tree.as_ref().map(Vec::len);
    let task = crate::request::assemble::shown_task_symbols(input).count();
    if task > 0 {
        row(&mut rows, tier_of(ItemKey::Task)).task = Some(task);
    }
    let active = row(&mut rows, Tier::Active);
    active.urls = input.urls.len();
    active.review = input.review.is_some();
    active.prompt = true;
    active.images = input.images.len();
    rows
}

/// A Gemini cache entry a request names (`--cached-content`): it holds the system
/// instruction, the tools and the cached tiers, which the body leaves out and the
/// provider reads from the entry at its cache price, whatever the session predicts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NamedCache {
    pub name: String,
    /// The tokens of the tiers it holds (L0 to L3).
    pub tokens: usize,
}

/// Computes the breakdown.
pub fn breakdown(i: &Basis) -> Breakdown {
    let mut tokens: BTreeMap<Tier, usize> = BTreeMap::new();
    // Exact tokens from the start of the request through each message.
    let mut through = Vec::with_capacity(i.messages.len());
    let mut sum = 0;
    for m in i.messages {
        let n = message_tokens(m, i.tokenizer);
        *tokens.entry(m.tier).or_default() += n;
        sum += n;
        through.push(sum);
    }
    let marked: BTreeSet<Tier> = i
        .placement
        .marked
        .iter()
        .filter(|(at, ..)| carries_marker(i.provider, i.breakpoints, &i.messages[*at]))
        .map(|(_, t, _)| *t)
        .collect();
    let short: BTreeSet<Tier> = i.placement.too_short.iter().map(|(t, _)| *t).collect();
    let mut holds = holds(i.assembly, i.tiers);
    let mut prefix = 0;
    let mut tiers: Vec<Row> = ROWS
        .iter()
        .map(|t| {
            let n = tokens.get(t).copied().unwrap_or(0);
            prefix += n;
            Row {
                name: t.name(),
                tier: *t,
                tokens: n,
                prefix_tokens: prefix,
                holds: holds.remove(t).unwrap_or_default(),
                marker: marked.contains(t),
                too_short: short.contains(t),
            }
        })
        .collect();
    if i.flat {
        tiers = vec![flat_row(&tiers)];
    }
    let reuse = i.prediction.map(|p| Reuse {
        through: i
            .placement
            .marked
            .iter()
            // Automatic caching has no markers: nothing to name.
            .filter(|_| p.rule.marks())
            .filter(|(at, ..)| p.read > 0 && through.get(*at).is_some_and(|t| *t <= p.read))
            .map(|(_, tier, _)| *tier)
            .next_back(),
        ..reuse_of(p)
    });
    let reuse_without_session = i.without_session.filter(|_| reuse.is_some()).map(reuse_of);
    let read_drop = reuse
        .as_ref()
        .and_then(|r| read_drop(r, i.before?, i.first_change));
    let cached_tokens = tiers
        .iter()
        .filter(|r| r.tier != Tier::Active)
        .map(|r| r.tokens)
        .sum();
    let limit_tokens = i.context_window.saturating_sub(i.output_tokens);
    let fits = i.context_window == 0 || prefix as u64 <= limit_tokens;
    let remedies = Remedies {
        truncate: !fits && i.assembly.history.len() > 1,
        ..i.remedies
    };
    let largest = if fits {
        String::new()
    } else {
        let grouped = parts::grouped(i.assembly, i.tokenizer, remedies);
        parts::largest(&grouped, parts::NAMED_PARTS)
    };
    Breakdown {
        model: i.model.to_string(),
        model_source: i.model_source.to_string(),
        provider: i.provider.name().to_string(),
        markers: !i.flat
            && match i.provider {
                Provider::OpenAi | Provider::OpenAiResponses => i.breakpoints,
                Provider::Gemini => false,
                _ => true,
            },
        flat: i.flat,
        tokenizer: i.tokenizer.name(),
        estimate: i.model_provider != "openai",
        min_cache_tokens: i.min_cache_tokens,
        tiers,
        total_tokens: prefix,
        context_window: i.context_window,
        output_tokens: i.output_tokens,
        limit_tokens,
        fits,
        session: i.session.map(str::to_string),
        reuse,
        reuse_without_session,
        read_drop,
        items: i
            .items
            .then(|| parts::items(i.assembly, i.tiers, i.tokenizer, remedies)),
        largest,
        truncate_helps: remedies.truncate,
        named_cache: i.named_cache.filter(|_| !i.flat).map(|name| NamedCache {
            name: name.to_string(),
            tokens: cached_tokens,
        }),
        gemini_entry: i.entry.filter(|_| !i.flat).cloned(),
        usage: None,
    }
}

/// A [`ReadDrop`] when `now` reads a smaller share than `before` did.
fn read_drop(now: &Reuse, before: &Predicted, first_change: Option<&str>) -> Option<ReadDrop> {
    let share = (now.tokens * 100).checked_div(now.input_tokens)?;
    let share_before = (before.cache_read as usize * 100).checked_div(before.input as usize)?;
    (share < share_before).then(|| ReadDrop {
        share_before,
        share,
        first_change: first_change.map(str::to_string),
        sent_again: now.input_tokens.saturating_sub(now.tokens),
    })
}

/// The tier rows of a flat body merged into its one uncached row.
fn flat_row(rows: &[Row]) -> Row {
    let mut holds = Holds::default();
    for h in rows.iter().map(|r| &r.holds) {
        holds.system |= h.system;
        holds.legend |= h.legend;
        holds.symbols += h.symbols;
        holds.files += h.files;
        holds.history += h.history;
        holds.tree = holds.tree.or(h.tree);
        holds.task = holds.task.or(h.task);
        holds.urls += h.urls;
        holds.review |= h.review;
        holds.prompt |= h.prompt;
        holds.images += h.images;
    }
    let tokens = rows.iter().map(|r| r.tokens).sum();
    Row {
        name: FLAT_ROW,
        tier: Tier::Active,
        tokens,
        prefix_tokens: tokens,
        holds,
        marker: false,
        too_short: false,
    }
}

fn describe(h: &Holds) -> String {
    let mut parts = Vec::new();
    if h.system {
        parts.push("system".to_string());
    }
    if h.legend {
        parts.push("legend".to_string());
    }
    if h.symbols > 0 {
        parts.push(plural(h.symbols, "symbol block", "symbol blocks"));
    }
    if let Some(n) = h.tree {
        parts.push(format!("tree ({})", plural(n, "file", "files")));
    }
    if let Some(n) = h.task {
        parts.push(format!("task ({})", plural(n, "file", "files")));
    }
    if h.urls > 0 {
        parts.push(plural(h.urls, "URL", "URLs"));
    }
    if h.review {
        parts.push("review".to_string());
    }
    if h.files > 0 {
        parts.push(plural(h.files, "file", "files"));
    }
    if h.history > 0 {
        parts.push(plural(h.history, "history message", "history messages"));
    }
    if h.prompt {
        parts.push("prompt".to_string());
    }
    if h.images > 0 {
        parts.push(plural(h.images, "image", "images"));
    }
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(", ")
    }
}

/// Where the model came from, in words.
fn model_source(b: &Breakdown) -> String {
    match b.model_source.as_str() {
        crate::settings::MODEL_FROM_DEFAULT => {
            "the default: no --model, ASIMI_MODEL or config 'model'".to_string()
        }
        "" => "no model".to_string(),
        from => format!("from {from}"),
    }
}

/// The marker column of the active row when the moving marker is set.
pub const MOVING_CELL: &str = "moving";

/// The marker column: only bodies that carry markers show them (docs/sessions.md lists
/// the values).
fn marker_cell(b: &Breakdown, r: &Row) -> &'static str {
    match (r.tier, r.marker, r.too_short) {
        _ if !b.markers => "-",
        // The moving marker, on the last message before the prompt.
        (Tier::Active, true, _) => MOVING_CELL,
        (Tier::Active, ..) => "-",
        (_, true, _) => "yes",
        (_, false, true) => "short",
        // An empty tier needs no marker.
        _ if r.tokens == 0 => "-",
        _ => "no",
    }
}

/// The table `context` prints.
pub fn render_text(b: &Breakdown) -> String {
    let kind = if b.estimate {
        format!(
            "estimated with {} ({} models use their own tokenizer)",
            b.tokenizer, b.provider
        )
    } else {
        format!("counted with {}", b.tokenizer)
    };
    let mut out = format!(
        "model {} ({}; {}); tokens {kind}\nminimum cacheable prefix: {} tokens\n\n",
        b.model,
        b.provider,
        model_source(b),
        b.min_cache_tokens
    );
    out.push_str("tier      tokens   prefix  marker  holds\n");
    let over_at = b
        .tiers
        .iter()
        .position(|r| !b.fits && r.prefix_tokens as u64 > b.limit_tokens);
    for (n, r) in b.tiers.iter().enumerate() {
        out.push_str(&format!(
            "{:<6} {:>9} {:>8}  {:<6}  {}{}\n",
            r.name,
            r.tokens,
            r.prefix_tokens,
            marker_cell(b, r),
            describe(&r.holds),
            if over_at == Some(n) { OVER_MARK } else { "" }
        ));
    }
    out.push_str(&format!("total  {:>9}\n", b.total_tokens));
    if b.context_window > 0 {
        out.push_str(&format!(
            "limit  {:>9}  (context window {} minus {} for output)\n",
            b.limit_tokens, b.context_window, b.output_tokens
        ));
    }
    if !b.fits {
        out.push_str(&format!(
            "\nover the limit by {} tokens: messages would refuse this request. The largest \
             parts: {}. {}\n",
            b.total_tokens as u64 - b.limit_tokens,
            b.largest,
            if b.truncate_helps {
                "Pass --truncate to drop older history, or send less"
            } else {
                "Send less"
            }
        ));
    }
    if b.flat {
        out.push_str(FLAT_NOTE);
    } else if let Some(named) = &b.named_cache {
        out.push_str(&format!(
            "\nnamed cache: {} holds the system instruction and the cached tiers ({} of {} \
             tokens, {}%), read from it at the cache price while it lives; the body sends \
             the rest\n",
            named.name,
            named.tokens,
            b.total_tokens,
            (named.tokens * 100)
                .checked_div(b.total_tokens)
                .unwrap_or(0)
        ));
    } else if !b.markers {
        out.push_str(&format!(
            "\nno markers: {} bodies carry none; the provider caches repeated prefixes by \
             itself\n",
            b.provider
        ));
    } else if b.tiers.iter().any(|r| r.too_short) {
        out.push_str(&format!(
            "\nshort: the prefix up to this tier is under {} tokens, so it gets no marker\n",
            b.min_cache_tokens
        ));
    }
    if let Some(entry) = &b.gemini_entry {
        out.push_str(&entry_lines(entry));
    }
    out.push('\n');
    out.push_str(&reuse_line(b));
    if let Some(items) = &b.items {
        out.push('\n');
        out.push_str(&parts::render(items));
    }
    if let (Some(spent), Some(session)) = (&b.usage, &b.session) {
        out.push('\n');
        out.push_str(&super::usage::render_text(spent, session));
    }
    out
}

/// What joins the next Gemini cache entry, an item a line: its tokens, the requests it
/// came back unchanged, what it saves against what storing it costs, and the verdict.
fn entry_lines(w: &Weighing) -> String {
    let hours = w.ttl_seconds as f64 / 3600.0;
    let mut out = format!(
        "\nnext cache entry (--cache-create, {hours} h): a stable file or the file tree \
         joins when its saving over the entry's life outweighs its storage\n"
    );
    if let Some(why) = w.unpriced {
        out.push_str(&format!("  nothing joins: {why}\n"));
        return out;
    }
    for v in &w.items {
        let verdict = match (v.joins, v.held) {
            (_, true) => "in the named entry",
            (true, false) => "joins",
            (false, false) => "stays out",
        };
        out.push_str(&format!(
            "  {:<40} {:>7} tokens, unchanged {:>2}: saves ${:.5} vs storage ${:.5}: {verdict}\n",
            v.item, v.tokens, v.requests, v.saving, v.storage
        ));
    }
    out
}

/// What `context --flat` says under its one row.
pub const FLAT_NOTE: &str = "\nflat: one uncached block with no cache markers (--flat); a \
     provider that caches prefixes by itself may still reuse it\n";

/// Appended to the row in which the request passes its limit.
pub const OVER_MARK: &str = "  <- over the limit";

fn reuse_line(b: &Breakdown) -> String {
    if b.flat {
        return "cache reuse: not predicted for a flat body (no tiers, no session)\n".to_string();
    }
    match (&b.session, &b.reuse) {
        (None, _) => "cache reuse: no session (pass --session NAME to predict it)\n".to_string(),
        (Some(s), None) => format!("cache reuse: session '{s}' has no previous request\n"),
        (Some(s), Some(r)) => {
            let through = match r.through {
                None => String::new(),
                Some(Tier::Active) => ", through the moving marker".to_string(),
                Some(t) => format!(", through the {t} marker"),
            };
            let mut out = format!(
                "cache reuse after the previous request of session '{s}': {}\n",
                reuse_figures(r, &through)
            );
            if let Some(d) = &b.read_drop {
                out.push_str(&drop_line(d));
            }
            if let Some(w) = &b.reuse_without_session {
                out.push_str(&format!(
                    "cache reuse of the same requests without a session: {}\n",
                    reuse_figures(w, "")
                ));
            }
            out
        }
    }
}

/// `read less than the request before (27% against 61%); first change: tree (entered
/// L3); 23375 tokens from there on are sent again`.
fn drop_line(d: &ReadDrop) -> String {
    let cause = match &d.first_change {
        Some(item) => format!("first change: {item}"),
        None => NO_ITEM_CHANGED.to_string(),
    };
    format!(
        "read less than the request before ({}% against {}%); {cause}; {} tokens from \
         there on are sent again\n",
        d.share, d.share_before, d.sent_again
    )
}

/// Why a read fell when no tracked item changed or moved.
pub const NO_ITEM_CHANGED: &str = "no tracked item changed: the system prompt or the tools did";

/// `R of T tokens read (P%)THROUGH; W written, U uncached; cost C.CCx of no caching`.
fn reuse_figures(r: &Reuse, through: &str) -> String {
    let pct = (r.tokens * 100).checked_div(r.input_tokens).unwrap_or(0);
    format!(
        "{} of {} tokens read ({pct}%){through}; {} written, {} uncached; cost {:.2}x of no \
         caching",
        r.tokens, r.input_tokens, r.written, r.uncached, r.relative_cost
    )
}

/// The JSON `context --json` prints.
pub fn render_json(b: &Breakdown) -> String {
    let mut text = serde_json::to_string_pretty(b).unwrap_or_default();
    text.push('\n');
    text
}

/// The one line `messages` ends with when stderr is a terminal: tokens per tier, the
/// predicted cache reuse, and the files sent and mapped. For example:
/// `5230 tokens (L0 1200, L1 0, L2 0, L3 3000, active 1030); predicted reuse 4200 of 5230
/// tokens (80%); 3 files sent, 120 mapped`.
pub fn summary(b: &Breakdown) -> String {
    let tiers: Vec<String> = b
        .tiers
        .iter()
        .map(|r| format!("{} {}", r.tier.name(), r.tokens))
        .collect();
    let reuse = match (&b.reuse, &b.session) {
        (Some(r), _) => format!(
            "{} of {} tokens ({}%)",
            r.tokens,
            r.input_tokens,
            (r.tokens * 100).checked_div(r.input_tokens).unwrap_or(0)
        ),
        (None, Some(_)) => "none (the session's first request)".to_string(),
        (None, None) => "none (no --session)".to_string(),
    };
    let files: usize = b.tiers.iter().map(|r| r.holds.files).sum();
    let mapped: usize = b.tiers.iter().map(|r| r.holds.symbols).sum();
    format!(
        "{} tokens ({}); predicted reuse {reuse}; {} sent, {mapped} mapped",
        b.total_tokens,
        tiers.join(", "),
        count(files, "file", "files"),
    )
}

/// `1 file`, `2 files`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::assemble::{self, FileItem, Role};
    use crate::request::item_key::key;
    use crate::request::markers;
    use crate::request::providers::{self, Options, Provider};
    use crate::request::reuse::{self, Memory};

    fn fixed() -> (Assembly, BTreeMap<ItemKey, Tier>) {
        let assembly = Assembly {
            system: "You are a coding agent.".into(),
            files: vec![
                FileItem::new("a.rs".into(), "fn a() {}\n".into()),
                FileItem::new("b.rs".into(), "fn b() {}\n".into()),
            ],
            history: vec![
                Message::text(Role::User, "hi", Tier::Active),
                Message::text(Role::Assistant, "hello", Tier::Active),
            ],
            file_tree: Some(vec!["a.rs".into(), "b.rs".into()]),
            prompt: "fix b".into(),
            ..Assembly::default()
        };
        let tiers = BTreeMap::from([
            (key("file:a.rs"), Tier::L3),
            (key("history:0"), Tier::L3),
            (key("history:1"), Tier::L3),
        ]);
        (assembly, tiers)
    }

    fn run(previous: Option<&Memory>, min: u64) -> (Breakdown, Memory) {
        let (assembly, tiers) = fixed();
        run_with(&assembly, &tiers, previous, min)
    }

    fn run_with(
        assembly: &Assembly,
        tiers: &BTreeMap<ItemKey, Tier>,
        previous: Option<&Memory>,
        min: u64,
    ) -> (Breakdown, Memory) {
        let mut messages = assemble::assemble(assembly, tiers);
        let placement = markers::place(&mut messages, min, Tokenizer::O200k);
        let opts = Options {
            model: "claude-x".into(),
            max_tokens: None,
            default_max_tokens: 100,
            stream: false,
            ttl: providers::Ttl::default(),
            system_role: Default::default(),
            prompt_cache_key: None,
            breakpoints: false,
            gemini_cache: Default::default(),
            tools: Vec::new(),
        };
        let body = providers::encode(Provider::Anthropic, &messages, &opts).unwrap();
        let shape = reuse::Shape::of(&body, Tokenizer::O200k, true, None);
        let prediction = previous
            .map(|m| reuse::predict(Rule::Breakpoints, &shape, Some(m), "claude-x", min, 125, 10));
        let memory = reuse::remember(
            previous.cloned(),
            Rule::Breakpoints,
            &shape,
            "claude-x",
            false,
        );
        let b = breakdown(&Basis {
            assembly,
            tiers,
            messages: &messages,
            placement: &placement,
            tokenizer: Tokenizer::O200k,
            model: "claude-x",
            model_source: "--model",
            model_provider: "anthropic",
            provider: Provider::Anthropic,
            breakpoints: false,
            min_cache_tokens: min,
            context_window: 200_000,
            output_tokens: 1000,
            session: Some("s"),
            prediction: prediction.as_ref(),
            without_session: None,
            remedies: Remedies::default(),
            items: false,
            flat: false,
            named_cache: None,
            before: None,
            first_change: None,
            entry: None,
        });
        (b, memory)
    }

    #[test]
    fn rows_hold_what_the_tiers_say() {
        let (b, memory) = run(None, 1);
        let l3 = &b.tiers[3];
        assert_eq!((l3.holds.files, l3.holds.history, l3.marker), (1, 2, true));
        let active = &b.tiers[4];
        assert_eq!((active.holds.files, active.holds.tree), (1, Some(2)));
        assert_eq!(
            b.total_tokens,
            b.tiers.iter().map(|r| r.tokens).sum::<usize>()
        );
        assert_eq!(memory.entries.len(), 2);
        // The same request again reads everything up to the last marker.
        let (again, _) = run(Some(&memory), 1);
        let reuse = again.reuse.clone().unwrap();
        assert_eq!(reuse.through, Some(Tier::L3));
        assert_eq!(reuse.tokens, b.tiers[3].prefix_tokens);
        assert_eq!(reuse.input_tokens, b.total_tokens);
        assert_eq!((reuse.written, reuse.uncached), (0, b.tiers[4].tokens));
        assert!(
            render_text(&again).contains("cost 0."),
            "{}",
            render_text(&again)
        );
        // A minimum above the prefix: no markers, rows say why.
        let (short, memory) = run(None, 100_000);
        assert!(short.tiers[0].too_short && !short.tiers[0].marker);
        assert!(memory.entries.is_empty());
        assert!(render_text(&short).contains("short"));
    }

    /// The summary's exact bytes: the first request of a session, the same request
    /// again (read from cache through L3), and without a session.
    #[test]
    fn the_summary_line() {
        let (first, memory) = run(None, 1);
        assert_eq!(
            summary(&first),
            "83 tokens (L0 6, L1 0, L2 0, L3 28, active 49); predicted reuse none (the \
             session's first request); 2 files sent, 0 mapped"
        );
        let (again, _) = run(Some(&memory), 1);
        assert_eq!(
            summary(&again),
            "83 tokens (L0 6, L1 0, L2 0, L3 28, active 49); predicted reuse 34 of 83 \
             tokens (40%); 2 files sent, 0 mapped"
        );
        let alone = Breakdown {
            session: None,
            ..first
        };
        assert_eq!(
            summary(&alone),
            "83 tokens (L0 6, L1 0, L2 0, L3 28, active 49); predicted reuse none (no \
             --session); 2 files sent, 0 mapped"
        );
    }

    #[test]
    fn the_maps_legend_and_blocks_count_in_their_tiers() {
        let (plain, tiers) = fixed();
        let mut map = plain.clone();
        map.legend = "# c=class m=method f=function v=var p=property i=import".into();
        let block = "c.rs:\nf clamp(x,lo,hi):3\nf lerp(a,b,t):9\n\n";
        map.symbols = BTreeMap::from([("c.rs".to_string(), block.into())]);
        let mut map_tiers = tiers.clone();
        map_tiers.insert(key("symbol:c.rs"), Tier::L2);
        let (without, _) = run_with(&plain, &tiers, None, 1);
        let (with, _) = run_with(&map, &map_tiers, None, 1);
        assert!(with.tiers[0].holds.legend && with.tiers[2].holds.symbols == 1);
        assert!(with.tiers[0].tokens > without.tiers[0].tokens, "the legend");
        assert!(
            with.tiers[2].tokens >= Tokenizer::O200k.count(block),
            "the block"
        );
        assert_eq!(without.tiers[2].tokens, 0);
    }
}
