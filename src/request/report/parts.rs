//! What each part of a request costs in tokens, and the flag that leaves it out: the
//! list `context --files` prints, and the largest parts that every oversize or
//! over-budget message names.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::request::assemble::{
    shown_symbols, shown_task_symbols, task_text, Assembly, Block, HashedText, Message,
};
use crate::request::headers as h;
use crate::request::item_key::ItemKey;
use crate::request::tier::Tier;
use crate::tokens::Tokenizer;

/// How many of the largest parts an oversize or over-budget message names.
pub const NAMED_PARTS: usize = 3;

/// One part of a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Part {
    /// `system`, `legend`, `symbols`, `map`, `tree`, `url`, `review`, `file`, `history`
    /// or `prompt`.
    pub kind: &'static str,
    /// The part as messages name it: a path, a URL, `the file tree (12 files)`…
    pub name: String,
    /// Its tokens as laid out (a file with its fence, the tree with its headings).
    pub tokens: usize,
    /// The flag or step that leaves it out (`None` for the prompt).
    pub remove: Option<String>,
    /// The tier it sits in (`context --files`; `None` for a part that groups items).
    #[serde(serialize_with = "tier_name", skip_serializing_if = "Option::is_none")]
    pub tier: Option<Tier>,
}

fn tier_name<S: serde::Serializer>(tier: &Option<Tier>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(tier.map_or("", Tier::name))
}

/// Which ways of leaving parts out apply to a request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Remedies {
    /// `--truncate` would shrink the history: the request is over the context window
    /// and the history has more than its first message.
    pub truncate: bool,
    /// The symbol blocks are the repository's map, not a spec's.
    pub repo_map: bool,
}

impl Remedies {
    fn map(self) -> String {
        if self.repo_map {
            "--no-symbol-map"
        } else {
            SPEC_SYMBOLS
        }
        .to_string()
    }

    fn history(self) -> String {
        if self.truncate {
            "--truncate"
        } else {
            NO_HISTORY
        }
        .to_string()
    }
}

/// How a spec's symbol blocks are left out.
const SPEC_SYMBOLS: &str = "edit the spec's symbols";
/// How history is left out when `--truncate` would not help.
const NO_HISTORY: &str = "drop --history, or compress it";

/// The tokens of a message's text and history blocks (images count 0).
pub fn message_tokens(m: &Message, tokenizer: Tokenizer) -> usize {
    m.content
        .iter()
        .map(|b| match b {
            Block::Text(t) => tokenizer.count(t),
            Block::Other(v) => tokenizer.count(&v.to_string()),
            Block::Image { .. } => 0,
        })
        .sum()
}

/// `1 file`, `2 files`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn part(kind: &'static str, name: String, tokens: usize, remove: Option<String>) -> Part {
    Part {
        kind,
        name,
        tokens,
        remove,
        tier: None,
    }
}

/// The parts the request holds whatever the grouping: the system prompt, the file tree,
/// URL content and files.
fn common(a: &Assembly, tokenizer: Tokenizer) -> Vec<Part> {
    let count = |t: &str| tokenizer.count(t);
    let mut parts = vec![part(
        "system",
        "the system prompt".into(),
        count(&a.system),
        Some("--no-section NAME".into()),
    )];
    if let Some(tree) = &a.file_tree {
        let text = crate::request::assemble::tree_text(tree);
        let name = format!("the file tree of {}", plural(tree.len(), "file", "files"));
        parts.push(part(
            "tree",
            name,
            count(&text),
            Some("--no-file-tree".into()),
        ));
    }
    for u in &a.urls {
        // A fetched page's own block holds its title: the tokens are those it costs.
        let tokens = count(&h::url_part(&u.url, u.title.as_deref(), &u.content));
        let remove = Some(if u.fetched { URL_FETCHED } else { URL_GIVEN }.to_string());
        parts.push(part("url", u.url.clone(), tokens, remove));
    }
    if let Some(review) = &a.review {
        let tokens = count(&format!("{}{review}", h::REVIEW_CONTEXT_HEADER));
        let remove = Some(REVIEW_REMEDY.into());
        parts.push(part("review", REVIEW_PART.into(), tokens, remove));
    }
    for f in &a.files {
        let remove = if f.path.starts_with('/') {
            "drop its --file".to_string()
        } else {
            format!("--exclude {}", f.path)
        };
        let tokens = count(&h::fenced_file(&f.path, &f.content));
        parts.push(part("file", f.path.clone(), tokens, Some(remove)));
    }
    parts
}

/// The task's blocks (`task`), as parts name them.
fn task_name(a: &Assembly) -> String {
    let n = shown_task_symbols(a).count();
    format!(
        "the map around the working files ({})",
        plural(n, "file", "files")
    )
}

/// The review block, as parts name it.
const REVIEW_PART: &str = "the code review context";
/// How the review block shrinks: its forward diffs are capped, the reverse diffs follow
/// the selection.
const REVIEW_REMEDY: &str = "drop --review, or select fewer files";

/// The prompt, as parts name it: the system reminder follows it.
const PROMPT: &str = "the prompt and its reminder";

fn prompt(a: &Assembly, tokenizer: Tokenizer) -> Part {
    part("prompt", PROMPT.into(), tokenizer.count(&a.prompt), None)
}

/// Largest first; equal sizes keep request order.
fn largest_first(mut parts: Vec<Part>) -> Vec<Part> {
    parts.sort_by_key(|p| std::cmp::Reverse(p.tokens));
    parts
}

/// Every item of the request on its own (each symbol block, file and history message),
/// with the tier `tiers` puts it in, largest first: what `context --files` lists.
pub fn items(
    a: &Assembly,
    tiers: &BTreeMap<ItemKey, Tier>,
    tokenizer: Tokenizer,
    r: Remedies,
) -> Vec<Part> {
    let tier_of = |key: ItemKey| tiers.get(&key).copied().unwrap_or(Tier::Active);
    let mut parts = common(a, tokenizer);
    for p in &mut parts {
        p.tier = Some(match p.kind {
            "system" => Tier::L0,
            "tree" => tier_of(ItemKey::Tree),
            "file" => tier_of(ItemKey::file(&p.name)),
            _ => Tier::Active,
        });
    }
    if !a.legend.is_empty() {
        let name = "the symbol map's legend".to_string();
        let legend = part("legend", name, tokenizer.count(&a.legend), Some(r.map()));
        parts.push(Part {
            tier: Some(Tier::L0),
            ..legend
        });
    }
    for (path, block) in shown_symbols(a) {
        let remove = if r.repo_map {
            format!("--map-exclude {path}")
        } else {
            SPEC_SYMBOLS.to_string()
        };
        let name = format!("symbols of {path}");
        let symbols = part("symbols", name, tokenizer.count(block), Some(remove));
        // A block with no cached tier is in the system message's map.
        let tier = match tier_of(ItemKey::symbol(path)) {
            Tier::Active => Tier::L0,
            t => t,
        };
        parts.push(Part {
            tier: Some(tier),
            ..symbols
        });
    }
    if let Some(text) = task_text(a) {
        let task = part("task", task_name(a), tokenizer.count(&text), Some(r.map()));
        parts.push(Part {
            tier: Some(tier_of(ItemKey::Task)),
            ..task
        });
    }
    for (i, m) in a.history.iter().enumerate() {
        let name = format!("history message {i}");
        let tokens = message_tokens(m, tokenizer);
        let history = part("history", name, tokens, Some(r.history()));
        parts.push(Part {
            tier: Some(tier_of(ItemKey::History(i))),
            ..history
        });
    }
    parts.push(Part {
        tier: Some(Tier::Active),
        ..prompt(a, tokenizer)
    });
    largest_first(parts)
}

/// The request's parts as one flag leaves them out (the symbol map whole, the history
/// whole), largest first: what oversize and over-budget messages name.
pub fn grouped(a: &Assembly, tokenizer: Tokenizer, r: Remedies) -> Vec<Part> {
    let mut parts = common(a, tokenizer);
    let blocks: Vec<&HashedText> = shown_symbols(a).map(|(_, b)| b).collect();
    let task = task_text(a);
    if !a.legend.is_empty() || !blocks.is_empty() || task.is_some() {
        let tokens = tokenizer.count(&a.legend)
            + blocks.iter().map(|b| tokenizer.count(b)).sum::<usize>()
            + task.as_deref().map_or(0, |t| tokenizer.count(t));
        let shown = blocks.len() + shown_task_symbols(a).count();
        let name = format!("the symbol map of {}", plural(shown, "block", "blocks"));
        parts.push(part("map", name, tokens, Some(r.map())));
    }
    if !a.history.is_empty() {
        let tokens = a.history.iter().map(|m| message_tokens(m, tokenizer)).sum();
        let name = format!(
            "the history of {}",
            plural(a.history.len(), "message", "messages")
        );
        parts.push(part("history", name, tokens, Some(r.history())));
    }
    parts.push(prompt(a, tokenizer));
    largest_first(parts)
}

/// The first `n` parts as a sentence's list: `src/a.rs (--exclude src/a.rs): 812
/// tokens, the prompt: 5 tokens`.
pub fn largest(parts: &[Part], n: usize) -> String {
    parts
        .iter()
        .take(n)
        .map(|p| match &p.remove {
            Some(flag) => format!("{} ({flag}): {} tokens", p.name, p.tokens),
            None => format!("{}: {} tokens", p.name, p.tokens),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `context --files` list: one line per item, tokens, name and the flag.
pub fn render(parts: &[Part]) -> String {
    let width = parts
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = format!("{ITEMS_HEADING}\n");
    for p in parts {
        let line = format!(
            "{:>9}  {:<6}  {:<width$}  {}",
            p.tokens,
            p.tier.map_or("", Tier::name),
            p.name,
            p.remove.as_deref().unwrap_or("")
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Opens the `context --files` list.
pub const ITEMS_HEADING: &str = "items, largest first (tokens, tier, item, how to leave it out):";

/// The message for a request of `total` tokens over `--max-request-tokens` `limit`, or
/// `None` within it.
pub fn over_budget(
    parts: &[Part],
    tokenizer: Tokenizer,
    total: usize,
    limit: u64,
) -> Option<String> {
    let over = (total as u64).checked_sub(limit).filter(|o| *o > 0)?;
    Some(format!(
        "the request is {total} tokens ({}), {over} over --max-request-tokens {limit}. \
         The largest parts: {}",
        tokenizer.name(),
        largest(parts, NAMED_PARTS)
    ))
}

/// How to leave out a page given with `--url-context` or the spec.
const URL_GIVEN: &str = "drop its --url-context";
/// How to leave out a fetched page.
const URL_FETCHED: &str = "drop its --url (or, with --fetch-urls, its mention in the prompt)";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::assemble::{FileItem, Role, UrlItem};
    use crate::request::tier::Tier;
    use std::collections::BTreeMap;

    fn assembly() -> Assembly {
        Assembly {
            system: "You are a coding agent.".into(),
            legend: "# legend".into(),
            symbols: BTreeMap::from([
                ("m.rs".to_string(), "m.rs:\n f main():1\n".into()),
                ("big.rs".to_string(), "big.rs:\n f a():1\n".into()),
            ]),
            kept_blocks: Default::default(),
            task: Default::default(),
            files: vec![FileItem::new("big.rs".into(), "fn a() {}\n".repeat(50))],
            history: vec![
                Message::text(Role::User, "hi", Tier::Active),
                Message::text(Role::Assistant, "hello there", Tier::Active),
            ],
            urls: vec![UrlItem {
                url: "https://x".into(),
                content: "doc".into(),
                ..UrlItem::default()
            }],
            review: Some("## Review: main".into()),
            file_tree: Some(vec!["big.rs".into(), "m.rs".into()]),
            prompt: "fix it".into(),
            images: vec![],
        }
    }

    #[test]
    fn items_are_listed_one_by_one_largest_first() {
        let t = Tokenizer::O200k;
        let a = assembly();
        let r = Remedies {
            truncate: false,
            repo_map: true,
        };
        let tiers = BTreeMap::from([
            (ItemKey::History(0), Tier::L3),
            (ItemKey::symbol("m.rs"), Tier::L2),
            (ItemKey::Tree, Tier::L1),
        ]);
        let parts = items(&a, &tiers, t, r);
        let names: Vec<&str> = parts.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names[0], "big.rs");
        // A selected file's symbol block is not sent, so it is not listed.
        assert!(!names.contains(&"symbols of big.rs"));
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(
            sorted,
            [
                "big.rs",
                "history message 0",
                "history message 1",
                "https://x",
                "symbols of m.rs",
                REVIEW_PART,
                "the file tree of 2 files",
                PROMPT,
                "the symbol map's legend",
                "the system prompt",
            ]
        );
        assert!(parts.windows(2).all(|w| w[0].tokens >= w[1].tokens));
        let file = &parts[0];
        assert_eq!(
            file.tokens,
            t.count(&h::fenced_file("big.rs", &a.files[0].content))
        );
        assert_eq!(file.remove.as_deref(), Some("--exclude big.rs"));
        let of = |name: &str| parts.iter().find(|p| p.name == name).unwrap();
        assert_eq!(
            of("symbols of m.rs").remove.as_deref(),
            Some("--map-exclude m.rs")
        );
        assert_eq!(of("history message 1").remove.as_deref(), Some(NO_HISTORY));
        assert_eq!(of(PROMPT).remove, None);
        assert_eq!(of("https://x").remove.as_deref(), Some(URL_GIVEN));
        // Each item's tier: where the tiers put it, else where the layout does.
        let tier = |name: &str| of(name).tier.unwrap().name();
        let tiers: Vec<&str> = [
            "the system prompt",
            "the symbol map's legend",
            "symbols of m.rs",
            "the file tree of 2 files",
            "history message 0",
            "history message 1",
            "big.rs",
            PROMPT,
        ]
        .iter()
        .map(|n| tier(n))
        .collect();
        assert_eq!(
            tiers,
            ["L0", "L0", "L2", "L1", "L3", "active", "active", "active"]
        );
        let text = render(&parts);
        assert!(
            text.contains("  L1      the file tree of 2 files"),
            "{text}"
        );
    }

    #[test]
    fn a_fetched_page_costs_its_titled_block() {
        let t = Tokenizer::O200k;
        let mut a = assembly();
        a.urls[0].title = Some("A long page title".into());
        a.urls[0].fetched = true;
        let r = Remedies {
            truncate: false,
            repo_map: false,
        };
        let parts = items(&a, &BTreeMap::new(), t, r);
        let page = parts.iter().find(|p| p.name == "https://x").unwrap();
        let block = "## A long page title\n\nSource: https://x\n\ndoc";
        assert_eq!(page.tokens, t.count(block));
        assert_eq!(page.remove.as_deref(), Some(URL_FETCHED));
    }

    #[test]
    fn grouped_parts_sum_the_map_and_the_history() {
        let t = Tokenizer::O200k;
        let a = assembly();
        let r = Remedies {
            truncate: true,
            repo_map: false,
        };
        let parts = grouped(&a, t, r);
        let of = |kind: &str| parts.iter().find(|p| p.kind == kind).unwrap();
        let map = of("map");
        assert_eq!(map.name, "the symbol map of 1 block");
        assert_eq!(
            map.tokens,
            t.count("# legend") + t.count("m.rs:\n f main():1\n")
        );
        assert_eq!(map.remove.as_deref(), Some(SPEC_SYMBOLS));
        let history = of("history");
        assert_eq!(history.tokens, t.count("hi") + t.count("hello there"));
        assert_eq!(history.remove.as_deref(), Some("--truncate"));
        let review = of("review");
        assert_eq!(
            review.tokens,
            t.count("# Code Review Context\n\n## Review: main")
        );
        assert_eq!(review.remove.as_deref(), Some(REVIEW_REMEDY));
        assert_eq!(
            parts.len(),
            8,
            "system, tree, url, review, file, map, history, prompt"
        );
    }

    #[test]
    fn messages_name_the_largest_parts_and_their_flags() {
        let parts = vec![
            part("file", "a.rs".into(), 30, Some("--exclude a.rs".into())),
            part(
                "tree",
                "the file tree of 2 files".into(),
                20,
                Some("--no-file-tree".into()),
            ),
            part("prompt", "the prompt".into(), 5, None),
            part("url", "u".into(), 1, None),
        ];
        assert_eq!(
            largest(&parts, 3),
            "a.rs (--exclude a.rs): 30 tokens, the file tree of 2 files (--no-file-tree): 20 \
             tokens, the prompt: 5 tokens"
        );
        let tiered: Vec<Part> = parts[..3]
            .iter()
            .zip([Tier::Active, Tier::L1, Tier::Active])
            .map(|(p, t)| Part {
                tier: Some(t),
                ..p.clone()
            })
            .collect();
        assert_eq!(
            render(&tiered),
            format!(
                "{ITEMS_HEADING}\n       30  active  a.rs                      --exclude a.rs\n       \
                 20  L1      the file tree of 2 files  --no-file-tree\n        5  active  the \
                 prompt\n"
            )
        );
        assert_eq!(over_budget(&parts, Tokenizer::O200k, 56, 56), None);
        assert_eq!(
            over_budget(&parts[2..3], Tokenizer::O200k, 60, 50).unwrap(),
            "the request is 60 tokens (o200k_base), 10 over --max-request-tokens 50. The \
             largest parts: the prompt: 5 tokens"
        );
    }
}
