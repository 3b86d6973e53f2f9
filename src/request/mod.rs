//! Tiered request bodies: the system prompt, cached tiers L0–L3 and active content, laid
//! out as docs/contributing/design.md states and encoded for a provider's API.
//!
//! The flow: `read_inputs` plans the inputs (`input::plan`: flags over the spec), reads them
//! (`input::load`) and makes a `Request` of them (an `Assembly` plus tier hints from the
//! spec); `assemble::observed` lists the items a stability tracker follows; the caller
//! chooses a tier map (hints, or `session`'s tiers); `render` lays the request out, places
//! cache markers (`markers`) and encodes it (`providers`).
//!
//! The rooms depend one way (tests/integration/architecture.rs): `session` and `report` build on
//! this module, which builds on `input`; all of them on the layout files (`assemble`,
//! `markers`, `providers`, `reuse`, `tier`, `item_key`, `headers`, `document`).

pub mod assemble;
pub mod document;
pub mod gemini_storage;
pub mod headers;
pub mod input;
pub mod item_key;
pub mod markers;
pub mod providers;
pub mod report;
pub mod reuse;
pub mod session;
pub mod tier;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;

use crate::error::Error;
use crate::tokens::Tokenizer;
pub use assemble::{assemble, Assembly, Block, HashedText, Message, Role, TaskSymbols};
pub use input::load::Loaded;
use input::read::Limits;
use item_key::ItemKey;
use providers::{Options, Provider};
use tier::Tier;

use crate::model::ModelInfo;
use crate::prompt::Built;
use crate::prompt_data::PromptContext;
use crate::settings::Settings;

/// What an image becomes for a model without image input (docs/contributing/design.md, message
/// formatting).
pub const IMAGE_PLACEHOLDER: &str = "[Referenced image in conversation]";

/// The last message of a compression request: gemini-cli's, after the history.
pub const COMPRESSION_REQUEST: &str =
    "First, reason in your scratchpad. Then, generate the <state_snapshot>.";

/// A request ready to lay out.
#[derive(Debug, Clone)]
pub struct Request {
    pub assembly: Assembly,
    /// Tier hints from the spec (empty without one).
    pub hints: BTreeMap<ItemKey, Tier>,
    pub provider: Provider,
    pub options: Options,
    /// The model's minimum cacheable prefix, in tokens.
    pub min_cache_tokens: u64,
    /// The model's cached-input prices (`models.yaml`), for reuse predictions.
    pub cache_price: crate::model::Prices,
    /// The model's list prices (`models.yaml`): what weighs an item joining a Gemini
    /// cache entry.
    pub price: crate::model::ListPrice,
    pub tokenizer: Tokenizer,
    /// The model takes no images (`images: false`): image blocks, in the history and the
    /// prompt, go as `IMAGE_PLACEHOLDER` text.
    pub strip_images: bool,
    /// `--session` or the spec's `session`.
    pub session: Option<String>,
    /// Notes for stderr (invalid UTF-8 replaced…).
    pub warnings: Vec<String>,
    /// The reference edges between files when the symbol blocks are the repository's
    /// map (`None` for a spec's blocks, or none): the first request's tiers follow them.
    pub map_edges: Option<Vec<(String, String)>>,
    /// What was left out to fit the context window, in words (a pack's summary says it).
    pub cut: Vec<String>,
    /// What follows the user's prompt in `assembly.prompt`: the separator and the
    /// system reminder (empty without one).
    pub reminder: String,
    /// The blocks that did not apply which the prompt tells the model of: the session
    /// forgets them once the request is recorded.
    pub recovered: Vec<crate::edit::recovery::Failed>,
}

/// The working files whose symbol blocks stay in the session's cached tier: those whose
/// block is the one the tier holds (`cached`, path to content id). A block that changed
/// rewrites its tier anyway, so it goes, as a working file's block always does.
fn kept_blocks(
    cached: &BTreeMap<String, String>,
    symbols: &BTreeMap<String, HashedText>,
    task: &[(String, HashedText)],
    files: &[assemble::FileItem],
) -> BTreeSet<String> {
    files
        .iter()
        .filter(|f| {
            let held = cached.get(&f.path);
            let in_task = || task.iter().find(|(p, _)| *p == f.path).map(|(_, b)| b);
            let block = symbols.get(&f.path).or_else(in_task);
            matches!((held, block), (Some(h), Some(b)) if *h == crate::digest::hex(b.id()))
        })
        .map(|f| f.path.clone())
        .collect()
}

impl Request {
    /// The prompt as the model saw it, without the system reminder (which the
    /// conversation does not keep).
    pub fn asked(&self) -> &str {
        let prompt = &self.assembly.prompt;
        prompt
            .strip_suffix(self.reminder.as_str())
            .unwrap_or(prompt)
    }
}

/// The named provider, else the model's.
fn provider(name: Option<&String>, model: &ModelInfo) -> Result<Provider, Error> {
    match name {
        Some(p) => p.parse::<Provider>().map_err(input::err),
        None => Ok(model_provider(model)),
    }
}

/// The provider the model is usually reached through (`raw` for one asimi-prompt does not
/// know).
fn model_provider(model: &ModelInfo) -> Provider {
    model.provider.parse::<Provider>().unwrap_or(Provider::Raw)
}

/// The output limit when none is given. Only Anthropic bodies send it (the API requires
/// one), capped for a non-streamed request as its SDK requires; for the others it is the
/// room the model may fill, which the context window must leave.
fn default_max_tokens(provider: Provider, model: &ModelInfo, stream: bool) -> u64 {
    model.default_max_tokens(stream || provider != Provider::Anthropic)
}

/// The default output limit under a `--context-window` smaller than the model's (a local
/// model's, say): at most a quarter of that window, so the request keeps the rest. The
/// model's own limits always leave room.
fn within_window(default: u64, window: u64, model: &ModelInfo) -> u64 {
    match window < model.context_window {
        true => default.min(window / 4).max(1),
        false => default,
    }
}

/// The request `compress` prints: the compression prompt as the system prompt, the
/// history (`flags.history`, summaries and internal fields handled as for `messages`),
/// then `COMPRESSION_REQUEST`. It must fit the model's context window as it is:
/// truncating would lose what the snapshot is meant to keep.
pub fn compression(
    flags: &input::RequestFlags,
    settings: &Settings,
    context: &PromptContext,
    model: &ModelInfo,
    prompt: String,
) -> Result<Request, Error> {
    let shown = flags.history.clone().unwrap_or_default();
    let history = input::read::read_history(&settings.cwd.join(&shown), &shown, None)?;
    if history.is_empty() {
        return Err(input::err(format!(
            "--history '{shown}': no messages to compress; the file holds an empty list"
        )));
    }
    let assembly = Assembly {
        system: prompt,
        history,
        prompt: COMPRESSION_REQUEST.to_string(),
        ..Assembly::default()
    };
    whole(
        flags,
        context,
        model,
        assembly,
        Some(&shown),
        COMPRESSION_TOO_LARGE,
    )
}

/// A request that goes whole, with no tiers or session (`compress`, `commit`): secrets
/// in `assembly` guarded (`history`: the history file's name, for messages), and checked
/// against the model's context window without truncating (`advice` ends the error when
/// it does not fit).
pub fn whole(
    flags: &input::RequestFlags,
    context: &PromptContext,
    model: &ModelInfo,
    mut assembly: Assembly,
    history: Option<&String>,
    advice: &'static str,
) -> Result<Request, Error> {
    let provider = provider(flags.provider.as_ref(), model)?;
    let mut warnings = Vec::new();
    input::guard::guard_secrets(&mut assembly, history, flags.secrets, &mut warnings)?;
    let mut request = Request {
        assembly,
        hints: BTreeMap::new(),
        provider,
        options: Options {
            model: context.model.clone(),
            max_tokens: flags.max_tokens,
            default_max_tokens: default_max_tokens(provider, model, flags.stream),
            stream: flags.stream,
            ttl: providers::Ttl::default(),
            system_role: flags.system_role,
            prompt_cache_key: None,
            breakpoints: model.cache_breakpoints,
            gemini_cache: Default::default(),
            tools: Vec::new(),
        },
        min_cache_tokens: model.min_cache_tokens,
        cache_price: model.cache_price.unwrap_or(crate::model::Prices::NONE),
        price: model.price.unwrap_or_default(),
        tokenizer: Tokenizer::default(),
        strip_images: !model.images,
        session: None,
        warnings,
        map_edges: None,
        cut: Vec::new(),
        reminder: String::new(),
        recovered: Vec::new(),
    };
    fit(
        &mut request,
        model.context_window,
        Overflow::FailWhole(advice),
    )?;
    Ok(request)
}

/// A `prompt_cache_key` for models with explicit breakpoints, where it routes requests to
/// the machines that hold their cache: the same on every request of a session in a
/// project, different across projects. Hermetic runs leave the machine's path out, so a
/// checked body is the same on every checkout.
fn prompt_cache_key(settings: &Settings, session: Option<&str>) -> String {
    let project = match settings.hermetic {
        true => String::new(),
        false => crate::paths::display(&settings.project_root),
    };
    let id = crate::digest::blake3_hex(format!("{project}\n{}", session.unwrap_or("")));
    format!("asimi-{}", &id[..16])
}

/// What to do when a compression request does not fit.
pub const COMPRESSION_TOO_LARGE: &str =
    "Compress an older part of the history first, or use a model with a larger context window";

/// What a request reports to its `Progress` while secrets are guarded and the window
/// fitted, after its inputs are read.
pub const CHECKING: &str = "checking the request";

/// Reads every input of a request and makes it, whole: the reminder after the prompt,
/// the files, and the Gemini cache body the flags ask for. `stdin` supplies the prompt
/// when neither flags nor spec give one; the long steps report to `progress`.
pub fn prepare(
    flags: &input::RequestFlags,
    spec: &input::spec::Spec,
    spec_dir: &Path,
    settings: &Settings,
    built: &Built,
    stdin: &mut dyn FnMut() -> Option<String>,
    progress: &dyn crate::progress::Progress,
) -> Result<Request, Error> {
    let reminder = match flags.no_instructions {
        true => String::new(),
        false => crate::prompt::reminder(settings, built)?,
    };
    let loaded = read_inputs(flags, spec, spec_dir, settings, built, stdin, progress)?;
    progress.start(CHECKING, None);
    let mut request = Request::new(loaded, built, &reminder)?;
    request.options.gemini_cache = providers::GeminiCache::asked(
        flags.cache_create,
        flags.cached_content.as_deref(),
        flags.cache_ttl.as_deref(),
        request.provider,
        &built.model,
        &request.options.model,
    )
    .map_err(Error::usage)?;
    Ok(request)
}

/// Reads every input of a request for the built prompt: `plan` chooses between flags and
/// spec (`spec_dir` is where the spec's relative paths start), and `load` reads what it
/// names (`stdin` supplies the prompt when neither gives one). The long steps of reading
/// report to `progress`; [`Request::new`] then makes the request of what was read.
pub fn read_inputs(
    flags: &input::RequestFlags,
    spec: &input::spec::Spec,
    spec_dir: &Path,
    settings: &Settings,
    built: &Built,
    stdin: &mut dyn FnMut() -> Option<String>,
    progress: &dyn crate::progress::Progress,
) -> Result<Loaded, Error> {
    let limits = Limits {
        project_root: settings.project_root.clone(),
        allow_outside: flags.allow_outside,
        max_file_bytes: flags.max_file_bytes,
        root: None,
    };
    let bases = input::load::Bases {
        cwd: &settings.cwd,
        spec_dir,
    };
    let mut plan = input::plan::plan(flags, spec)?.with_map_budget(built.context_window);
    if built.model.cache_breakpoints && plan.prompt_cache_key.is_none() {
        plan.prompt_cache_key = Some(prompt_cache_key(settings, plan.session.as_deref()));
    }
    input::load::load(plan, &limits, bases, stdin, progress)
}

impl Request {
    /// The request `loaded` makes with `built`'s system prompt and model: `reminder`
    /// follows the prompt, secrets are guarded, and the request is checked against the
    /// model's context window (with `--truncate`, fitted to it; a preview only trims).
    pub fn new(loaded: Loaded, built: &Built, reminder: &str) -> Result<Request, Error> {
        let (plan, mut warnings) = (loaded.plan, loaded.warnings);
        let reminder = match reminder.is_empty() {
            true => String::new(),
            false => format!("{}{reminder}", headers::REMINDER_SEPARATOR),
        };
        let prompt = format!("{}{reminder}", loaded.prompt);
        let (legend, symbols, task, map_edges) = match loaded.map {
            Some(map) => (map.legend, map.blocks, map.task.into(), Some(map.edges)),
            None => (
                plan.legend.clone(),
                plan.symbols.clone(),
                TaskSymbols::default(),
                None,
            ),
        };
        // With a map, the system prompt says how to read it.
        let has_map = !legend.is_empty() || !symbols.is_empty();
        let symbols = symbols
            .into_iter()
            .map(|(p, b)| (p, HashedText::new(b)))
            .collect();
        let system = match plan.no_instructions {
            true => String::new(),
            false => built.system_body(has_map),
        };
        let kept_blocks = kept_blocks(&plan.cached_blocks, &symbols, &task.blocks, &loaded.files);
        let mut assembly = Assembly {
            system,
            kept_blocks,
            task,
            legend,
            symbols,
            files: loaded.files,
            history: loaded.history,
            urls: loaded.urls,
            review: loaded.review,
            file_tree: loaded.file_tree,
            prompt,
            images: loaded.images,
        };
        let model = &built.model;
        input::guard::guard_secrets(
            &mut assembly,
            plan.history_name(),
            plan.secrets,
            &mut warnings,
        )?;
        let provider = plan.provider.unwrap_or_else(|| model_provider(model));
        let mut request = Request {
            assembly,
            hints: plan.hints,
            provider,
            options: Options {
                model: built.context.model.clone(),
                max_tokens: plan.max_tokens,
                default_max_tokens: within_window(
                    default_max_tokens(provider, model, plan.stream),
                    built.context_window,
                    model,
                ),
                stream: plan.stream,
                ttl: plan.ttl,
                system_role: plan.system_role,
                prompt_cache_key: plan.prompt_cache_key,
                breakpoints: model.cache_breakpoints,
                gemini_cache: Default::default(),
                tools: built.tools.clone(),
            },
            min_cache_tokens: model.min_cache_tokens,
            cache_price: model.cache_price.unwrap_or(crate::model::Prices::NONE),
            price: model.price.unwrap_or_default(),
            tokenizer: plan.tokenizer,
            strip_images: !model.images,
            session: plan.session,
            warnings,
            map_edges,
            cut: Vec::new(),
            reminder,
            recovered: plan.recovery,
        };
        // `--context-window` (a local model's, say) bounds the request as it picks the
        // prompt's tier.
        let window = built.context_window;
        // A request well within the window (most) is measured once, here.
        if fit_context(&mut request, window) {
            return Ok(request);
        }
        match (plan.truncate, plan.preview) {
            (false, false) => fit(&mut request, window, Overflow::Fail)?,
            (true, false) => fit(&mut request, window, Overflow::Truncate)?,
            // `context` shows what is over the limit instead, after any --truncate.
            (false, true) => {}
            (true, true) => {
                let _ = fit(&mut request, window, Overflow::Truncate);
            }
        }
        Ok(request)
    }
}

/// The output limit the request reserves room for.
pub fn output_tokens(request: &Request) -> u64 {
    request
        .options
        .max_tokens
        .unwrap_or(request.options.default_max_tokens)
}

/// The exact size in tokens of `messages`, `request`'s: every message's text and
/// history blocks (images are not counted).
fn size_of(request: &Request, messages: &[Message]) -> usize {
    assemble::content_size(messages, &|t| request.tokenizer.count(t))
}

/// Whether `messages` are at most `limit` tokens, by the cheapest bound that tells, and
/// else their exact size. Bytes bound tokens from above and need no tables; then the
/// remembered counts (a later run's request is known to fit without counting it); then
/// the count, of what the memo does not know. The texts are cut and looked up once.
fn within(request: &Request, messages: &[Message], limit: usize) -> Result<(), usize> {
    if assemble::content_size(messages, &|t| t.len()) <= limit {
        return Ok(());
    }
    let texts: Vec<_> = assemble::content_texts(messages).collect();
    let measured: Vec<_> = texts.iter().map(|t| request.tokenizer.measure(t)).collect();
    if measured.iter().map(|m| m.at_most()).sum::<usize>() <= limit {
        return Ok(());
    }
    match measured.iter().map(|m| m.count()).sum() {
        total if total <= limit => Ok(()),
        total => Err(total),
    }
}

/// How `parts` can leave things out of `request`: `truncate` when `--truncate` would
/// shrink its history.
pub fn remedies(request: &Request, truncate: bool) -> report::parts::Remedies {
    report::parts::Remedies {
        truncate: truncate && request.assembly.history.len() > 1,
        repo_map: request.map_edges.is_some(),
    }
}

/// The request's largest parts as one flag leaves each out, in a sentence.
fn largest_parts(request: &Request, truncate: bool) -> String {
    let r = remedies(request, truncate);
    let grouped = report::parts::grouped(&request.assembly, request.tokenizer, r);
    report::parts::largest(&grouped, report::parts::NAMED_PARTS)
}

/// The message for laid-out `messages` over `--max-request-tokens` `limit`, naming the
/// largest parts; `None` within it.
pub fn over_budget(request: &Request, messages: &[Message], limit: u64) -> Option<String> {
    let total = within(
        request,
        messages,
        usize::try_from(limit).unwrap_or(usize::MAX),
    )
    .err()?;
    over_budget_by(request, total, limit)
}

/// The message for `request`, `total` tokens as sent (a `--format` document's own count),
/// over `--max-request-tokens` `limit`, naming the largest parts; `None` within it.
pub fn over_budget_by(request: &Request, total: usize, limit: u64) -> Option<String> {
    let r = remedies(request, false);
    let grouped = report::parts::grouped(&request.assembly, request.tokenizer, r);
    report::parts::over_budget(&grouped, request.tokenizer, total, limit)
}

/// Makes room for what the user named when the request is over the context window: the
/// repository map gives up blocks, those of the files fewest others refer to first (the
/// largest first among equals), then the file tree is left out, until the request fits
/// or neither is left. One note says what was cut. A spec's own symbol blocks are the
/// user's and stay; what still does not fit is [`fit`]'s to report.
///
/// The request is measured flat; laid out in tiers it gains each tier's header and
/// reply, so the cut leaves [`TIER_HEADROOM`] tokens spare. Returns whether the request
/// fitted as it was (so [`fit`] has nothing to check); a window of 0 is unknown, and fits.
fn fit_context(request: &mut Request, context_window: u64) -> bool {
    let output = output_tokens(request);
    if context_window == 0 {
        return true;
    }
    if output >= context_window {
        return false;
    }
    let limit = (context_window - output) as usize;
    let messages = assemble(&request.assembly, &BTreeMap::new());
    let target = limit.saturating_sub(TIER_HEADROOM);
    let Err(total) = within(request, &messages, target) else {
        return true;
    };
    let mut excess = total - target;
    let count = |t: &str| request.tokenizer.count(t);
    let mut dropped = Vec::new();
    if let Some(edges) = &request.map_edges {
        let mut referenced: BTreeMap<&str, usize> = BTreeMap::new();
        for (_, to) in edges {
            *referenced.entry(to.as_str()).or_default() += 1;
        }
        let mut blocks: Vec<(usize, std::cmp::Reverse<usize>, String)> =
            assemble::shown_symbols(&request.assembly)
                .map(|(path, block)| {
                    let refs = referenced.get(path.as_str()).copied().unwrap_or(0);
                    (refs, std::cmp::Reverse(count(block)), path.clone())
                })
                .collect();
        blocks.sort();
        for (_, std::cmp::Reverse(tokens), path) in blocks {
            if excess == 0 {
                break;
            }
            excess = excess.saturating_sub(tokens);
            dropped.push(path);
        }
    }
    let shown = assemble::shown_symbols(&request.assembly).count();
    for path in &dropped {
        request.assembly.symbols.remove(path);
    }
    let tree = excess > 0 && request.assembly.file_tree.take().is_some();
    if dropped.is_empty() && !tree {
        return false;
    }
    let mut cut = Vec::new();
    if !dropped.is_empty() {
        let kept = shown - dropped.len();
        cut.push(format!("the symbol map kept {kept} of its {shown} blocks"));
    }
    if tree {
        cut.push("the file tree was left out".to_string());
    }
    request.cut.extend(cut.iter().cloned());
    request.warnings.push(format!(
        "note: the request was {total} tokens, too many for the {limit} that fit (the context \
         window of {context_window} minus {output} for output), so {}; the files you named \
         and the history come first (--map-tokens N or --no-file-tree choose yourself)",
        cut.join(" and ")
    ));
    false
}

/// What the cached tiers' own headers and replies add to a request measured flat, at
/// most: three tiers, each a header line and an "Ok." reply.
const TIER_HEADROOM: usize = 64;

/// What to do with a request over the context window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Overflow {
    /// Drop old history (`--truncate`).
    Truncate,
    /// Fail, and suggest `--truncate`.
    Fail,
    /// Fail: the request must go whole (compression, commit); the text says what to do.
    FailWhole(&'static str),
}

/// Checks the request fits `context_window` minus the output limit. With `truncate`,
/// a sliding window (docs/contributing/design.md, message formatting): keep the first history message and drop the oldest half
/// of the rest (an even number, so user/assistant pairs stay whole) until it fits; each
/// drop is noted in the warnings. A context window of 0 (unknown) is not checked.
fn fit(request: &mut Request, context_window: u64, overflow: Overflow) -> Result<(), Error> {
    let truncate = overflow == Overflow::Truncate;
    if context_window == 0 {
        return Ok(());
    }
    let output = output_tokens(request);
    if output >= context_window {
        let named = match request.options.max_tokens {
            Some(_) => format!("--max-tokens {output}"),
            None => format!("the model's default output limit of {output} tokens"),
        };
        return Err(input::err(format!(
            "{named} leaves no room for the request: the model's context window of \
             {context_window} tokens holds the request and the output together; pass a \
             --max-tokens below {context_window}"
        )));
    }
    let limit = (context_window - output) as usize;
    let messages = assemble(&request.assembly, &BTreeMap::new());
    let Err(mut total) = within(request, &messages, limit) else {
        return Ok(());
    };
    while total > limit {
        let history = &mut request.assembly.history;
        let rest = history.len().saturating_sub(1);
        let drop = rest / 2 - (rest / 2) % 2;
        if !truncate || drop == 0 {
            return Err(Error::new(
                crate::error::Kind::OverWindow,
                format!(
                    "the request is {total} tokens ({}), over the {limit} that fit: the \
                 context window of {context_window} minus {output} for output \
                 (--max-tokens); the history holds {} messages. The largest parts: {}. {}",
                    request.tokenizer.name(),
                    history.len(),
                    largest_parts(request, overflow == Overflow::Fail),
                    match overflow {
                        Overflow::Truncate =>
                            "Truncating the history cannot shrink it further; send less",
                        Overflow::Fail if request.assembly.history.len() > 1 =>
                            "Pass --truncate to drop older history, or send less",
                        Overflow::Fail => "Send less",
                        Overflow::FailWhole(advice) => advice,
                    }
                ),
            ));
        }
        let before = history.len();
        history.drain(1..1 + drop);
        let messages = assemble(&request.assembly, &BTreeMap::new());
        let now = size_of(request, &messages);
        request.warnings.push(format!(
            "note: --truncate dropped {drop} of {before} history messages (the oldest after \
             the first); the request went from {total} to {now} tokens (limit {limit})"
        ));
        request.cut.push(format!(
            "--truncate dropped {drop} of {before} history messages"
        ));
        total = now;
    }
    Ok(())
}

/// How a session lays a request out: each item's tier, its place in the tier, and
/// where the moving marker goes, if anywhere.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    pub tiers: BTreeMap<ItemKey, Tier>,
    pub order: BTreeMap<ItemKey, u64>,
    /// Each item's part of its tier (`session::ripple`, Parts); a missing key is 0.
    pub parts: BTreeMap<ItemKey, u64>,
    pub moving_marker: Option<markers::Moving>,
    /// How many of the session's requests broke each cached tier or changed the active
    /// part: which tier marker the moving marker replaces (`markers::add_moving`).
    pub breaks: BTreeMap<Tier, u32>,
}

/// The laid-out messages with markers placed, for `tiers`.
pub fn messages(
    request: &Request,
    tiers: &BTreeMap<ItemKey, Tier>,
) -> (Vec<Message>, markers::Placement) {
    messages_for(
        request,
        &Layout {
            tiers: tiers.clone(),
            ..Layout::default()
        },
    )
}

/// The laid-out messages with markers placed, for a session's `plan`.
pub fn messages_for(request: &Request, plan: &Layout) -> (Vec<Message>, markers::Placement) {
    let mut messages = assemble::assemble_in_order(
        &request.assembly,
        assemble::Places {
            tiers: &plan.tiers,
            order: &plan.order,
            parts: &plan.parts,
        },
    );
    strip_images(request, &mut messages);
    let mut placement = markers::place(&mut messages, request.min_cache_tokens, request.tokenizer);
    if let Some(at) = plan.moving_marker {
        markers::add_moving(
            &mut messages,
            &mut placement,
            at,
            &plan.breaks,
            request.min_cache_tokens,
            request.tokenizer,
        );
    }
    (messages, placement)
}

/// The flat assembly (`--flat`): the same content with no tier split and no cache
/// markers, for servers without prompt caching. Every item is active, so the order is
/// the system message (with the whole map), file tree, URL context, review, working
/// files, history and prompt; no session is read, so the bytes depend on the inputs alone.
pub fn flat(request: &Request) -> Vec<Message> {
    let mut messages = assemble::assemble(&request.assembly, &BTreeMap::new());
    strip_images(request, &mut messages);
    messages
}

/// Images go as `IMAGE_PLACEHOLDER` text for a model without image input.
fn strip_images(request: &Request, messages: &mut [Message]) {
    if !request.strip_images {
        return;
    }
    for b in messages.iter_mut().flat_map(|m| &mut m.content) {
        if matches!(b, Block::Image { .. }) {
            *b = Block::Text(IMAGE_PLACEHOLDER.to_string());
        }
    }
}

/// Laid-out `messages` as the request body (see `encode`).
pub fn body(request: &Request, messages: &[Message]) -> Result<serde_json::Value, Error> {
    providers::encode(request.provider, messages, &request.options).map_err(input::err)
}

/// The request body as JSON text: pretty (two-space indent) or one line, ending in a
/// newline either way.
pub fn render(
    request: &Request,
    tiers: &BTreeMap<ItemKey, Tier>,
    compact: bool,
) -> Result<String, Error> {
    let (messages, _) = messages(request, tiers);
    encode(request, &messages, compact)
}

/// Laid-out `messages` as the request body's JSON text (see `render`).
pub fn encode(request: &Request, messages: &[Message], compact: bool) -> Result<String, Error> {
    let body = body(request, messages)?;
    let mut text = Vec::new();
    write_json(&body, compact, &mut text)
        .map_err(|e| input::err(format!("cannot encode the request: {e}")))?;
    Ok(String::from_utf8(text).expect("serde_json writes UTF-8"))
}

/// A request `body` as JSON text, written to `out` as it is made: the same bytes as
/// `encode` gives, without holding them all. Every error but the writer's comes from
/// `body`, before the first byte; a write that fails stops the run with an error (exit
/// 2), and what it cut short is not a complete JSON value.
pub fn write_json(
    body: &serde_json::Value,
    compact: bool,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::with_capacity(WRITE_BUFFER, out);
    match compact {
        true => serde_json::to_writer(&mut out, body),
        false => serde_json::to_writer_pretty(&mut out, body),
    }?;
    out.write_all(b"\n")?;
    out.flush()
}

/// The buffer `write_json` fills before each write to standard output.
const WRITE_BUFFER: usize = 1 << 16;

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose every write fails, as a full disk does.
    struct Full;

    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("no space left on device"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_written_body_is_the_encoded_text_and_a_failed_write_an_error() {
        let text = "x".repeat(3 * WRITE_BUFFER) + "\n\"quoted\" \u{1F600}";
        let body = serde_json::json!({"contents": [{"parts": [{"text": text}]}], "model": "m"});
        for (compact, encoded) in [
            (false, serde_json::to_string_pretty(&body)),
            (true, serde_json::to_string(&body)),
        ] {
            let mut out = Vec::new();
            write_json(&body, compact, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), encoded.unwrap() + "\n");
        }
        let e = write_json(&body, false, &mut Full).unwrap_err();
        assert_eq!(e.to_string(), "no space left on device");
    }
}
