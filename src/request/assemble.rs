//! The provider-neutral layout: an `Assembly` (everything a request holds) and a tier for
//! every item become the message list docs/contributing/design.md specifies. Encoders in `providers` turn the
//! list into a provider's JSON.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use rayon::prelude::*;

use super::headers as h;
use super::item_key::ItemKey;
use super::tier::Tier;
use crate::digest::{blake3_hex, content_id, hex, sha256_hex, ContentId};
use crate::tokens::Tokenizer;

/// Who speaks a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::System => "system",
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

/// One content block.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Text(String),
    /// An image: its media type (`image/png`…) and base64 data.
    Image {
        media_type: String,
        data: String,
    },
    /// A block from the history that asimi-prompt does not interpret (`tool_use`,
    /// `tool_result`…), kept as the user wrote it minus any `cache_control`. Anthropic and
    /// raw send it as is; OpenAI shapes and Gemini convert tool blocks and refuse others.
    Other(serde_json::Value),
}

/// The size of the messages' text and history blocks by `count` (images count 0).
pub fn content_size(messages: &[Message], count: &dyn Fn(&str) -> usize) -> usize {
    content_texts(messages).map(|t| count(&t)).sum()
}

/// The texts of the messages' text and history blocks, what their size is counted over.
pub fn content_texts(messages: &[Message]) -> impl Iterator<Item = Cow<'_, str>> {
    messages
        .iter()
        .flat_map(|m| &m.content)
        .filter_map(|b| match b {
            Block::Text(t) => Some(Cow::Borrowed(t.as_str())),
            Block::Other(v) => Some(Cow::Owned(v.to_string())),
            Block::Image { .. } => None,
        })
}

/// One message of the neutral list.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub role: Role,
    pub content: Vec<Block>,
    /// The tier the message belongs to (`Active` for uncached content).
    pub tier: Tier,
    /// Whether a cache breakpoint goes on this message (on its last block that can carry
    /// one; see `providers::last_markable`).
    pub cache: bool,
}

impl Message {
    pub fn text(role: Role, text: impl Into<String>, tier: Tier) -> Message {
        Message {
            role,
            content: vec![Block::Text(text.into())],
            tier,
            cache: false,
        }
    }

    /// The message's text blocks, concatenated (for token counts and checks).
    pub fn all_text(&self) -> String {
        let mut out = String::new();
        for b in &self.content {
            if let Block::Text(t) = b {
                out.push_str(t);
            }
        }
        out
    }
}

/// A text that large requests carry much of (a working file, a symbol block), with its
/// content id worked out on first use: the secrets guard, the stability tracker and the
/// pieces count all key their facts by the id, so the text is hashed once a run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HashedText {
    text: String,
    id: OnceLock<ContentId>,
}

impl HashedText {
    pub fn new(text: String) -> HashedText {
        HashedText {
            text,
            id: OnceLock::new(),
        }
    }

    /// The id of the text as it is now.
    pub fn id(&self) -> &ContentId {
        self.id.get_or_init(|| content_id(&self.text))
    }

    /// Lets `edit` change the text in place, given its id; `edit` says whether it
    /// changed it, and only then is the id forgotten.
    pub fn edit(&mut self, edit: impl FnOnce(&mut String, &ContentId) -> bool) {
        let id = *self.id();
        if edit(&mut self.text, &id) {
            self.id = OnceLock::new();
        }
    }
}

impl std::ops::Deref for HashedText {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl From<String> for HashedText {
    fn from(text: String) -> HashedText {
        HashedText::new(text)
    }
}

impl From<&str> for HashedText {
    fn from(text: &str) -> HashedText {
        HashedText::new(text.to_string())
    }
}

/// A working file: its path relative to the project root (forward slashes) and content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileItem {
    pub path: String,
    pub content: HashedText,
}

impl FileItem {
    pub fn new(path: String, content: String) -> FileItem {
        FileItem {
            path,
            content: HashedText::new(content),
        }
    }
}

/// Content fetched from a URL.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UrlItem {
    pub url: String,
    /// The page's title, when asimi-prompt fetched an HTML page (`--url`).
    pub title: Option<String>,
    pub content: String,
    /// Fetched by asimi-prompt rather than given with `--url-context` or the spec.
    pub fetched: bool,
}

/// An image for the current prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub media_type: String,
    /// Base64 (standard alphabet, padded).
    pub data: String,
}

/// Everything one request holds, before tiers are applied.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Assembly {
    /// The system prompt (`prompt::build`'s body).
    pub system: String,
    /// The symbol map legend; empty when there is no symbol map.
    pub legend: String,
    /// Symbol blocks by path.
    pub symbols: BTreeMap<String, HashedText>,
    /// Working files whose symbol blocks stay where a session's cached tier holds them,
    /// unchanged: dropping one would rewrite that tier and everything after it, keeping
    /// it costs its tokens at the cache's read price.
    pub kept_blocks: BTreeSet<String>,
    /// The task's symbol blocks beyond `symbols` (around the working files): one item,
    /// `task`, that enters the active part and climbs like the file tree.
    pub task: TaskSymbols,
    /// The selected files, in the order given, each path once.
    pub files: Vec<FileItem>,
    /// Earlier conversation, user and assistant messages (tier `Active`; the tier map
    /// places them).
    pub history: Vec<Message>,
    pub urls: Vec<UrlItem>,
    /// The code review context (`--review`), without its header; `None` without a
    /// review. Always active: it is made again for each request.
    pub review: Option<String>,
    /// The repository's files, sorted; `None` leaves the file tree out.
    pub file_tree: Option<Vec<String>>,
    /// The current prompt, the system reminder already appended.
    pub prompt: String,
    pub images: Vec<Image>,
}

/// A request's task blocks (`map::TaskBlocks`), each block with its content id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TaskSymbols {
    pub blocks: Vec<(String, HashedText)>,
    /// The working files they were ranked from.
    pub from: Vec<String>,
    /// The last request's blocks, kept: a working file's block among them is shown too.
    pub kept: bool,
}

impl From<crate::map::TaskBlocks> for TaskSymbols {
    fn from(t: crate::map::TaskBlocks) -> TaskSymbols {
        TaskSymbols {
            blocks: t
                .blocks
                .into_iter()
                .map(|(p, b)| (p, HashedText::new(b)))
                .collect(),
            from: t.from,
            kept: t.kept,
        }
    }
}

fn tier_of(tiers: &BTreeMap<ItemKey, Tier>, key: &ItemKey) -> Tier {
    tiers.get(key).copied().unwrap_or(Tier::Active)
}

/// Symbol blocks that are rendered: a selected file's full content makes its symbol
/// block redundant wherever the file sits, so those are left out (docs/contributing/design.md: "a
/// file never appears twice"), except the [`Assembly::kept_blocks`] a cached tier holds.
pub(crate) fn shown_symbols(input: &Assembly) -> impl Iterator<Item = (&String, &HashedText)> {
    let selected: BTreeSet<&str> = input.files.iter().map(|f| f.path.as_str()).collect();
    input
        .symbols
        .iter()
        .filter(move |(p, _)| !selected.contains(p.as_str()) || input.kept_blocks.contains(*p))
}

/// The task's blocks as the request shows them (its item `task`), under their header;
/// `None` without any.
pub(crate) fn task_text(input: &Assembly) -> Option<String> {
    let blocks: Vec<&HashedText> = shown_task_symbols(input).map(|(_, b)| b).collect();
    if blocks.is_empty() {
        return None;
    }
    let text = symbols_text(blocks.into_iter());
    Some(format!("{}{}", h::TASK_MAP_HEADER, text.trim_end()))
}

/// The task's blocks that are rendered, best first, by the rule of [`shown_symbols`]; a
/// kept task ([`TaskSymbols::kept`]) shows a working file's block too, as the cached
/// tier that holds the task has it.
pub(crate) fn shown_task_symbols(input: &Assembly) -> impl Iterator<Item = (&String, &HashedText)> {
    let selected: BTreeSet<&str> = input.files.iter().map(|f| f.path.as_str()).collect();
    input
        .task
        .blocks
        .iter()
        .filter(move |(p, _)| {
            input.task.kept || !selected.contains(p.as_str()) || input.kept_blocks.contains(p)
        })
        .map(|(p, b)| (p, b))
}

/// The items of this request a stability tracker follows, in request order:
/// `file:{path}`, `symbol:{path}` (selected files' symbol blocks are not items: they are
/// never shown), `tree` and `history:{N}` (role and content). Each has its content's id as hex,
/// and its size: a lower bound on its tokens, which is all the tracker's anchoring and
/// history rules need. With `sha256`, each also has the SHA-256 that state files before
/// version 3 recorded (see `stability`). Files, most of a large request, go in parallel.
pub fn observed(input: &Assembly, tokenizer: Tokenizer, sha256: bool) -> Vec<Observed> {
    let observe = |key: ItemKey, text: &str, id: &ContentId| Observed {
        key,
        hash: hex(id),
        tokens: tokenizer.at_least_of(text, id),
        sha256: sha256.then(|| sha256_hex(text)),
        joined: false,
        blocks: 0,
    };
    let mut out: Vec<Observed> = input
        .files
        .par_iter()
        .map(|f| observe(ItemKey::file(&f.path), &f.content, f.content.id()))
        .collect();
    for (path, block) in shown_symbols(input) {
        out.push(observe(ItemKey::symbol(path), block, block.id()));
    }
    if let Some(tree) = &input.file_tree {
        let text = tree_text(tree);
        out.push(observe(ItemKey::Tree, &text, &content_id(&text)));
    }
    if let Some(text) = task_text(input) {
        out.push(observe(ItemKey::Task, &text, &content_id(&text)));
    }

    for (i, m) in input.history.iter().enumerate() {
        let fingerprint = content_fingerprint(&m.content);
        let bytes = format!("{}\n{fingerprint}", m.role.name());
        out.push(Observed {
            key: ItemKey::History(i),
            hash: message_hash(m),
            tokens: tokenizer.at_least(&fingerprint),
            sha256: sha256.then(|| sha256_hex(&bytes)),
            joined: m.role == Role::Assistant && m.content.iter().any(is_tool_call),
            blocks: m.content.len().max(1),
        });
    }
    out
}

/// Whether a history block is a tool call (`tool_use`), whose result must follow it.
fn is_tool_call(block: &Block) -> bool {
    matches!(block, Block::Other(v) if v.get("type").and_then(serde_json::Value::as_str) == Some("tool_use"))
}

/// The id a history message gets from its role and content (`history:N` items' hash).
fn message_hash(m: &Message) -> String {
    blake3_hex(format!(
        "{}\n{}",
        m.role.name(),
        content_fingerprint(&m.content)
    ))
}

/// The id the prompt message would have as a history message: what a session compares
/// with the next request's history to learn whether the agent keeps prompts as sent.
pub fn prompt_hash(input: &Assembly) -> String {
    let mut prompt = Message::text(Role::User, input.prompt.clone(), Tier::Active);
    for img in &input.images {
        prompt.content.push(Block::Image {
            media_type: img.media_type.clone(),
            data: img.data.clone(),
        });
    }
    message_hash(&prompt)
}

/// A stable text form of a message's content, for hashing.
fn content_fingerprint(content: &[Block]) -> String {
    let blocks: Vec<serde_json::Value> = content
        .iter()
        .map(|b| match b {
            Block::Text(t) => serde_json::json!({"type": "text", "text": t}),
            Block::Image { media_type, data } => {
                serde_json::json!({"type": "image", "media_type": media_type, "data": data})
            }
            Block::Other(v) => v.clone(),
        })
        .collect();
    serde_json::Value::Array(blocks).to_string()
}

/// Symbol blocks, each ending in one newline, concatenated.
fn symbols_text<'a>(blocks: impl Iterator<Item = &'a HashedText>) -> String {
    let mut out = String::new();
    for b in blocks {
        let b = b.trim_end_matches('\n');
        if b.is_empty() {
            continue;
        }
        out.push_str(b);
        out.push('\n');
    }
    out
}

/// `header`, then the files fenced and separated by blank lines, in one allocation (the
/// working files are most of a large request); empty without files.
/// The file tree's text, header and title included: the same bytes in whichever tier it
/// sits.
pub(crate) fn tree_text(tree: &[String]) -> String {
    let mut text = format!("{}{}", h::FILE_TREE_HEADER, h::file_tree_title(tree.len()));
    text.push_str(&tree.join("\n"));
    text
}

fn files_text(header: &str, files: &[&FileItem]) -> String {
    if files.is_empty() {
        return String::new();
    }
    let bytes: usize = files
        .iter()
        .map(|f| f.path.len() + f.content.len() + h::FENCES_LEN + h::BLOCK_SEPARATOR.len())
        .sum();
    let mut out = String::with_capacity(header.len() + bytes);
    out.push_str(header);
    for (i, f) in files.iter().enumerate() {
        if i > 0 {
            out.push_str(h::BLOCK_SEPARATOR);
        }
        h::push_fenced_file(&mut out, &f.path, &f.content);
    }
    out
}

/// The non-empty `parts` separated by blank lines. A single part is moved, not copied:
/// it may hold a tier's files.
fn join_parts<const N: usize>(parts: [String; N]) -> String {
    let mut parts: Vec<String> = parts.into_iter().filter(|p| !p.is_empty()).collect();
    match parts.len() {
        1 => parts.pop().unwrap_or_default(),
        _ => parts.join(h::BLOCK_SEPARATOR),
    }
}

/// Where a session places each item: its tier, its place there (the order it entered)
/// and its part of the tier (`session::ripple`, Parts). A key with no tier is active;
/// one with no order follows the ordered items in request order; one with no part is
/// in its tier's first part.
#[derive(Debug, Clone, Copy)]
pub struct Places<'a> {
    pub tiers: &'a BTreeMap<ItemKey, Tier>,
    pub order: &'a BTreeMap<ItemKey, u64>,
    pub parts: &'a BTreeMap<ItemKey, u64>,
}

/// A tier and one of its parts: where an item lands in the request.
type Spot = (Tier, u64);

impl Places<'_> {
    fn spot(&self, key: &ItemKey) -> Spot {
        match tier_of(self.tiers, key) {
            Tier::Active => (Tier::Active, 0),
            tier => (tier, self.parts.get(key).copied().unwrap_or(0)),
        }
    }

    /// Keyed items grouped by spot, each spot's in order (items without one follow, in
    /// the order given).
    fn group<'a, T>(
        &self,
        items: impl Iterator<Item = (ItemKey, &'a T)>,
    ) -> BTreeMap<Spot, Vec<&'a T>> {
        let mut placed: BTreeMap<Spot, Vec<(u64, &T)>> = BTreeMap::new();
        for (key, item) in items {
            let place = self.order.get(&key).copied().unwrap_or(u64::MAX);
            placed
                .entry(self.spot(&key))
                .or_default()
                .push((place, item));
        }
        // Stable sorts: equal places keep request order.
        placed
            .into_iter()
            .map(|(at, mut v)| {
                v.sort_by_key(|(p, _)| *p);
                (at, v.into_iter().map(|(_, item)| item).collect())
            })
            .collect()
    }
}

/// Lays out the request. `tiers` maps item keys (`file:…`, `symbol:…`, `history:N`) to
/// tiers; a key that is missing is `Active`. Markers are not set here (see `cache`).
pub fn assemble(input: &Assembly, tiers: &BTreeMap<ItemKey, Tier>) -> Vec<Message> {
    let none = BTreeMap::new();
    let places = Places {
        tiers,
        order: &none,
        parts: &none,
    };
    assemble_in_order(input, places)
}

/// [`assemble`], with symbol blocks and files placed in each tier by `places`: a tier's
/// first part is the system message (L0) or one message pair; each later part, what
/// entered the tier in one request, is a message pair of its own after the tier's
/// history so far, so what was there keeps its bytes. History always keeps its
/// conversation order.
pub fn assemble_in_order(input: &Assembly, places: Places) -> Vec<Message> {
    let symbols =
        places.group(shown_symbols(input).map(|(path, block)| (ItemKey::symbol(path), block)));
    let files = places.group(input.files.iter().map(|f| (ItemKey::file(&f.path), f)));
    let mut history: BTreeMap<Spot, Vec<Message>> = BTreeMap::new();
    for (i, m) in input.history.iter().enumerate() {
        let at = places.spot(&ItemKey::History(i));
        let mut m = m.clone();
        m.tier = at.0;
        history.entry(at).or_default().push(m);
    }
    let symbols_of = |at: Spot| symbols_text(symbols.get(&at).into_iter().flatten().copied());
    let files_of =
        |at: Spot, header: &str| files_text(header, files.get(&at).map_or(&[], Vec::as_slice));
    // The tree, then the task's blocks, after a part's files: both climb as one item.
    let tree_in = |at: Spot| {
        let tree = input.file_tree.as_ref();
        let tree = tree
            .filter(|_| places.spot(&ItemKey::Tree) == at)
            .map_or_else(String::new, |tree| tree_text(tree));
        let task = (places.spot(&ItemKey::Task) == at)
            .then(|| task_text(input))
            .flatten();
        join_parts([tree, task.unwrap_or_default()])
    };

    let mut out = Vec::new();

    // L0: the system message. Symbol blocks with no cached tier form the main map, which
    // the flat layout keeps in the system message too.
    let first = (Tier::L0, 0);
    let (active, active_at) = (Tier::Active, (Tier::Active, 0));
    let map_body = join_parts([
        input.legend.trim_end().to_string(),
        symbols_of(first).trim_end().to_string(),
        symbols_of(active_at).trim_end().to_string(),
    ]);
    let map = if map_body.is_empty() {
        String::new()
    } else {
        format!("{}{map_body}", h::REPO_MAP_HEADER)
    };
    let system = join_parts([
        input.system.clone(),
        map,
        files_of(first, h::FILES_L0_HEADER),
        tree_in(first),
    ]);
    out.push(Message::text(Role::System, system, Tier::L0));
    out.extend(history.remove(&first).unwrap_or_default());

    let mut spots: BTreeSet<Spot> = symbols.keys().chain(files.keys()).copied().collect();
    spots.extend(history.keys().copied());
    spots.extend([ItemKey::Tree, ItemKey::Task].map(|k| places.spot(&k)));
    for at in spots
        .into_iter()
        .filter(|at| *at != first && at.0 != Tier::Active)
    {
        let syms = symbols_of(at);
        let body = join_parts([
            if syms.is_empty() {
                String::new()
            } else {
                format!("{}{}", h::REPO_MAP_CONTINUATION, syms.trim_end())
            },
            files_of(at, h::files_header(at.0)),
            tree_in(at),
        ]);
        if !body.is_empty() {
            out.push(Message::text(Role::User, body, at.0));
            out.push(Message::text(Role::Assistant, h::OK_REPLY, at.0));
        }
        out.extend(history.remove(&at).unwrap_or_default());
    }

    let tree = tree_in(active_at);
    if !tree.is_empty() {
        out.push(Message::text(Role::User, tree, active));
        out.push(Message::text(Role::Assistant, h::OK_REPLY, active));
    }
    if !input.urls.is_empty() {
        let parts: Vec<String> = input
            .urls
            .iter()
            .map(|u| h::url_part(&u.url, u.title.as_deref(), &u.content))
            .collect();
        let text = format!("{}{}", h::URL_CONTEXT_HEADER, parts.join(h::URL_SEPARATOR));
        out.push(Message::text(Role::User, text, active));
        out.push(Message::text(Role::Assistant, h::URL_CONTEXT_REPLY, active));
    }
    if let Some(review) = &input.review {
        let text = format!("{}{review}", h::REVIEW_CONTEXT_HEADER);
        out.push(Message::text(Role::User, text, active));
        out.push(Message::text(
            Role::Assistant,
            h::REVIEW_CONTEXT_REPLY,
            active,
        ));
    }
    let working = files_of(active_at, h::FILES_ACTIVE_HEADER);
    if !working.is_empty() {
        out.push(Message::text(Role::User, working, active));
        out.push(Message::text(Role::Assistant, h::OK_REPLY, active));
    }
    out.extend(history.remove(&active_at).unwrap_or_default());

    let mut prompt = Message::text(Role::User, input.prompt.clone(), active);
    for img in &input.images {
        prompt.content.push(Block::Image {
            media_type: img.media_type.clone(),
            data: img.data.clone(),
        });
    }
    out.push(prompt);
    out
}

/// One item of a request, as the tracker sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Observed {
    pub key: ItemKey,
    /// Its content's id (`digest::ContentId`), as hex.
    pub hash: String,
    /// Its size in tokens (an estimate is enough: it weighs anchoring and history).
    pub tokens: usize,
    /// The SHA-256 (hex) of its content, which state files before version 3 hold as
    /// its hash: worked out only for a session's first request after an upgrade.
    pub sha256: Option<String>,
    /// A history message that must sit in the same tier as the message after it: an
    /// assistant message with tool calls, whose results the next message holds. A tier
    /// boundary puts a tier's own messages between the two, which providers refuse.
    pub joined: bool,
    /// The content blocks it adds where it enters a tier: a history message's blocks;
    /// 0 for other items, which enter as one part (see `session::ripple`, Parts).
    pub blocks: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::item_key::key;

    fn input() -> Assembly {
        Assembly {
            system: "SYS".into(),
            legend: "LEG".into(),
            symbols: BTreeMap::from([
                ("a.rs".to_string(), "a.rs:\n  f a()\n".into()),
                ("b.rs".to_string(), "b.rs:\n  f b()".into()),
                ("c.rs".to_string(), "c.rs:\n  f c()".into()),
            ]),
            files: vec![
                FileItem::new("c.rs".into(), "fn c() {}\n".into()),
                FileItem::new("d.rs".into(), "fn d() {}\n".into()),
            ],
            history: vec![
                Message::text(Role::User, "h0", Tier::Active),
                Message::text(Role::Assistant, "h1", Tier::Active),
            ],
            prompt: "P".into(),
            ..Assembly::default()
        }
    }

    #[test]
    fn lays_out_tiers_as_the_design_does() {
        let tiers = BTreeMap::from([
            (key("symbol:a.rs"), Tier::L0),
            (key("symbol:b.rs"), Tier::L2),
            (key("file:d.rs"), Tier::L2),
            (key("history:0"), Tier::L0),
            (key("history:1"), Tier::L0),
        ]);
        let ms = assemble(&input(), &tiers);
        let shape: Vec<(Role, Tier, String)> =
            ms.iter().map(|m| (m.role, m.tier, m.all_text())).collect();
        assert_eq!(
            shape,
            vec![
                (
                    Role::System,
                    Tier::L0,
                    format!("SYS\n\n{}LEG\n\na.rs:\n  f a()", h::REPO_MAP_HEADER)
                ),
                (Role::User, Tier::L0, "h0".into()),
                (Role::Assistant, Tier::L0, "h1".into()),
                (
                    Role::User,
                    Tier::L2,
                    format!(
                        "{}b.rs:\n  f b()\n\n{}d.rs\n```\nfn d() {{}}\n```",
                        h::REPO_MAP_CONTINUATION,
                        h::FILES_L2_HEADER
                    )
                ),
                (Role::Assistant, Tier::L2, "Ok.".into()),
                (
                    Role::User,
                    Tier::Active,
                    format!("{}c.rs\n```\nfn c() {{}}\n```", h::FILES_ACTIVE_HEADER)
                ),
                (Role::Assistant, Tier::Active, "Ok.".into()),
                (Role::User, Tier::Active, "P".into()),
            ]
        );
    }

    #[test]
    fn a_tier_keeps_its_entry_order() {
        let mut input = input();
        input.symbols.clear();
        input
            .files
            .push(FileItem::new("e.rs".into(), "fn e() {}\n".into()));
        let tiers: BTreeMap<ItemKey, Tier> = ["file:c.rs", "file:d.rs", "file:e.rs"]
            .iter()
            .map(|k| (key(k), Tier::L3))
            .collect();
        // e.rs entered first, d.rs last: selection order does not matter.
        let order = BTreeMap::from([
            (key("file:e.rs"), 1),
            (key("file:c.rs"), 2),
            (key("file:d.rs"), 3),
        ]);
        let places = Places {
            tiers: &tiers,
            order: &order,
            parts: &BTreeMap::new(),
        };
        let l3 = assemble_in_order(&input, places)[1].all_text();
        let at = |p: &str| l3.find(&format!("{p}\n```")).unwrap();
        assert!(at("e.rs") < at("c.rs") && at("c.rs") < at("d.rs"), "{l3}");
        // Without an order, request order (the no-session layout).
        let l3 = assemble(&input, &tiers)[1].all_text();
        assert!(l3.find("c.rs").unwrap() < l3.find("e.rs").unwrap(), "{l3}");
    }

    #[test]
    fn a_later_part_is_a_pair_of_its_own_after_the_tiers_history() {
        let mut input = input();
        input.symbols.clear();
        input.file_tree = Some(vec!["c.rs".into()]);
        let tiers = BTreeMap::from([
            (key("file:c.rs"), Tier::L3),
            (key("file:d.rs"), Tier::L3),
            (ItemKey::Tree, Tier::L3),
            (ItemKey::History(0), Tier::L3),
            (ItemKey::History(1), Tier::L3),
        ]);
        // d.rs and the tree entered L3 at request 5, after c.rs and the history.
        let parts = BTreeMap::from([(key("file:d.rs"), 5), (ItemKey::Tree, 5)]);
        let places = Places {
            tiers: &tiers,
            order: &BTreeMap::new(),
            parts: &parts,
        };
        let ms = assemble_in_order(&input, places);
        let texts: Vec<String> = ms.iter().map(Message::all_text).collect();
        assert_eq!(
            texts[1],
            format!("{}c.rs\n```\nfn c() {{}}\n```", h::FILES_L3_HEADER)
        );
        assert_eq!(texts[2..5], [h::OK_REPLY, "h0", "h1"]);
        let tree = tree_text(&["c.rs".to_string()]);
        let later = format!(
            "{}d.rs\n```\nfn d() {{}}\n```\n\n{tree}",
            h::FILES_L3_HEADER
        );
        assert_eq!(texts[5..7], [later.as_str(), h::OK_REPLY]);
        assert!(ms[1..7].iter().all(|m| m.tier == Tier::L3));
        assert_eq!(texts[7..], ["P"]);
        // Without parts, the same items make one pair before the history.
        let ms = assemble(&input, &tiers);
        assert!(ms[1].all_text().contains("d.rs") && ms[3].all_text() == "h0");
    }

    #[test]
    fn the_tree_sits_in_its_tier_after_the_files() {
        let mut input = input();
        input.symbols.clear();
        input.file_tree = Some(vec!["c.rs".into(), "d.rs".into()]);
        let tree = format!("{}{}c.rs\nd.rs", h::FILE_TREE_HEADER, h::file_tree_title(2));
        // Without a tier, the design's place: active, before the working files.
        let ms = assemble(&input, &BTreeMap::new());
        assert_eq!(ms[1].all_text(), tree);
        assert_eq!(ms[1].tier, Tier::Active);
        assert!(ms[3].all_text().starts_with(h::FILES_ACTIVE_HEADER));
        // In a cached tier, the tier's message carries it after its files, and the active
        // part no longer does.
        let tiers = BTreeMap::from([(key("file:d.rs"), Tier::L2), (ItemKey::Tree, Tier::L2)]);
        let ms = assemble(&input, &tiers);
        assert_eq!(ms[1].tier, Tier::L2);
        assert!(
            ms[1].all_text().ends_with(&format!("```\n\n{tree}")),
            "{}",
            ms[1].all_text()
        );
        assert_eq!(
            ms.iter().filter(|m| m.all_text().contains(&tree)).count(),
            1
        );
        // In L0, the system message ends with it.
        let tiers = BTreeMap::from([(ItemKey::Tree, Tier::L0)]);
        assert!(assemble(&input, &tiers)[0].all_text().ends_with(&tree));
    }

    #[test]
    fn observed_lists_files_shown_symbols_and_history() {
        let mut with_tree = input();
        with_tree.file_tree = Some(vec!["c.rs".into()]);
        let items = observed(&with_tree, Tokenizer::O200k, true);
        let keys: Vec<String> = items.iter().map(|o| o.key.to_string()).collect();
        // c.rs is selected, so its symbol block is not an item.
        assert_eq!(
            keys,
            [
                "file:c.rs",
                "file:d.rs",
                "symbol:a.rs",
                "symbol:b.rs",
                "tree",
                "history:0",
                "history:1"
            ]
        );
        // Hashes are the content's BLAKE3 (as `b3sum` prints it), and the SHA-256 that
        // older state files hold (as `sha256sum` prints it).
        let hashes = |o: &Observed| (o.hash.clone(), o.sha256.clone().unwrap());
        assert_eq!(
            hashes(&items[0]),
            (
                "0d2cc5714b61c9ab8f7a064f75d81bea6b010b89387e734a5b4299a83c17f804".into(),
                "5367a2244f9dea99c51d8bcc285c5fcc319bddc595cc94d5a7bdf054b55cf0ae".into()
            )
        );
        assert_eq!(
            hashes(&items[2]),
            (
                "0dce3b7302d5ae58b6c0b03b44d4b8c0fd6fcdbc4db0451cba995b9339210400".into(),
                "fb4982ae9eaa64fa145c7014dfa7aaf7b605d33110e80a1788d8f7a44d2b02da".into()
            )
        );
        assert!(observed(&input(), Tokenizer::O200k, false)
            .iter()
            .all(|o| o.sha256.is_none()));
    }
}
