//! A request as one plain document, for pasting into a chat window (`messages --format
//! markdown|xml`): the same content a body holds, in the flat order (system prompt, map,
//! file tree, URL context, review, working files, conversation, prompt), with no tiers,
//! markers or provider shape. A pack leaves the system prompt and its reminder out
//! unless `--with-system` asks for them (the caller clears them).
//!
//! Markdown: one `#` title, a `##` heading per part, a `###` heading per file and per
//! message; the headings of the free texts (system prompt, pages, review, messages,
//! prompt) are moved below the heading they sit under. The map and the file tree are code
//! blocks; each file is a fence tagged with its language, longer than any run of
//! backticks it holds (CommonMark's rule), so a parser gives back the file's text.
//!
//! XML: one `<pack>` element holding a tag per part, as repomix lays it out. Texts go in
//! as they are where that is well-formed; a text holding `<`, `&` or `]]>` goes in CDATA
//! sections (a `]]>` split across two), so an XML parser gives it back byte for byte.
//! Attribute values (paths, roles, URLs) are escaped.
//!
//! In both, a file's text follows its opening line's end, and a newline closes it unless
//! it ends with one: a reader drops the first newline of an XML file's text, and takes a
//! Markdown fence's content as it is (CommonMark reads a `\r\n` line end as `\n`).

use serde::Serialize;

use super::assemble::{shown_symbols, Assembly, Block};

/// The document's markup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Markdown,
    Xml,
}

/// Which file tree a pack shows: the packed files' (the default) or the repository's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Tree {
    #[default]
    Packed,
    All,
}

/// How `messages --format` packs a request (`cli::MessagesArgs::pack` maps the flags).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pack {
    pub format: Format,
    /// `--line-numbers`: each file line's number before it.
    pub line_numbers: bool,
    /// `--tree packed|all`.
    pub tree: Tree,
    /// `--with-system`: keep the system prompt and the reminder after the prompt.
    pub with_system: bool,
    /// `--summary-json FILE`: where the summary goes as JSON.
    pub summary_json: Option<std::path::PathBuf>,
}

/// One part of the document: its heading (Markdown) and tag (XML), and its text.
struct Part<'a> {
    heading: &'a str,
    tag: &'a str,
    /// An attribute of the tag (`url="…"`), already escaped.
    attribute: String,
    text: String,
    /// The text is a code block in Markdown (the map, the tree), not free Markdown.
    code: bool,
}

/// The request `req` as `pack` asks: the file tree cut to the packed files unless
/// `--tree all`, the document titled after the project's directory, and its summary.
pub fn pack(
    req: &mut super::Request,
    pack: &Pack,
    project_root: &std::path::Path,
) -> (String, Summary) {
    let a = &mut req.assembly;
    if let Some(all) = a.file_tree.take() {
        let listed = match pack.tree {
            Tree::Packed => a.files.iter().map(|f| f.path.clone()).collect(),
            Tree::All => all,
        };
        a.file_tree = (!listed.is_empty()).then(|| tree(&listed));
    }
    let title = project_root.file_name().map_or_else(
        || "Request".to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let text = render(&req.assembly, pack.format, pack.line_numbers, &title);
    let summary = Summary::of(&text, &req.assembly, req.tokenizer, &req.cut);
    (text, summary)
}

/// The request `a` holds as one document titled `title`; `line_numbers` puts each file
/// line's number before it.
pub fn render(a: &Assembly, format: Format, line_numbers: bool, title: &str) -> String {
    let mut out = match format {
        Format::Markdown => format!("# {}\n\n", one_line(title)),
        Format::Xml => format!("<pack title=\"{}\">\n", attribute(title)),
    };
    for part in parts(a) {
        match format {
            Format::Markdown if part.code => {
                let text = part.text.trim_end();
                let fence = fence_for(text);
                out.push_str(&format!(
                    "## {}\n\n{fence}text\n{text}\n{fence}\n\n",
                    part.heading
                ));
            }
            Format::Markdown => out.push_str(&format!(
                "## {}\n\n{}\n\n",
                part.heading,
                demote(part.text.trim_end(), 2)
            )),
            Format::Xml => out.push_str(&format!(
                "<{tag}{}>\n{}\n</{tag}>\n",
                part.attribute,
                xml_text(part.text.trim_end()),
                tag = part.tag
            )),
        }
    }
    if !a.files.is_empty() {
        out.push_str(&files(a, format, line_numbers));
    }
    if !a.history.is_empty() {
        out.push_str(&conversation(a, format));
    }
    out.push_str(&match format {
        Format::Markdown => format!("## Prompt\n\n{}\n", demote(a.prompt.trim_end(), 2)),
        Format::Xml => format!("<prompt>\n{}\n</prompt>\n", xml_text(a.prompt.trim_end())),
    });
    for img in &a.images {
        out.push_str(&format!("\n[image: {}]\n", img.media_type));
    }
    if format == Format::Xml {
        out.push_str("</pack>\n");
    }
    out
}

/// The parts before the files: system prompt (when there is one), map, file tree, URLs,
/// review.
fn parts(a: &Assembly) -> Vec<Part<'_>> {
    let mut parts = Vec::new();
    if !a.system.trim().is_empty() {
        parts.push(Part {
            heading: "System prompt",
            tag: "system_prompt",
            attribute: String::new(),
            text: a.system.clone(),
            code: false,
        });
    }
    let blocks: Vec<&str> = shown_symbols(a).map(|(_, b)| b.trim_end()).collect();
    if !blocks.is_empty() {
        let mut map = a.legend.trim_end().to_string();
        for b in blocks {
            map.push_str("\n\n");
            map.push_str(b);
        }
        parts.push(Part {
            heading: "Repository map",
            tag: "repository_map",
            attribute: String::new(),
            text: map.trim_start().to_string(),
            code: true,
        });
    }
    if let Some(tree) = a.file_tree.as_ref().filter(|t| !t.is_empty()) {
        parts.push(Part {
            heading: "File tree",
            tag: "file_tree",
            attribute: String::new(),
            text: tree.join("\n"),
            code: true,
        });
    }
    for u in &a.urls {
        let title = u
            .title
            .as_deref()
            .map(|t| format!("{t}\n\n"))
            .unwrap_or_default();
        parts.push(Part {
            heading: "URL context",
            tag: "url_context",
            attribute: format!(" url=\"{}\"", attribute(&u.url)),
            text: format!("Source: {}\n\n{title}{}", u.url, u.content),
            code: false,
        });
    }
    if let Some(review) = &a.review {
        parts.push(Part {
            heading: "Code review context",
            tag: "review",
            attribute: String::new(),
            text: review.clone(),
            code: false,
        });
    }
    parts
}

/// The working files: a `###` heading and a fence tagged with the language each
/// (Markdown), or `<file path="…" language="…">`.
fn files(a: &Assembly, format: Format, line_numbers: bool) -> String {
    let mut out = match format {
        Format::Markdown => "## Files\n\n".to_string(),
        Format::Xml => "<files>\n".to_string(),
    };
    for f in &a.files {
        let mut body = match line_numbers {
            true => numbered(&f.content),
            false => f.content.to_string(),
        };
        if !body.ends_with('\n') {
            body.push('\n');
        }
        let lang = language(&f.path);
        match format {
            Format::Markdown => {
                let fence = fence_for(&body);
                out.push_str(&format!(
                    "### {}\n\n{fence}{lang}\n{body}{fence}\n\n",
                    code_span(&f.path)
                ));
            }
            Format::Xml => out.push_str(&format!(
                "<file path=\"{}\" language=\"{lang}\">\n{}</file>\n",
                attribute(&f.path),
                xml_text(&body)
            )),
        }
    }
    match format {
        Format::Markdown => {}
        Format::Xml => out.push_str("</files>\n"),
    }
    out
}

/// The earlier conversation, one section per message.
fn conversation(a: &Assembly, format: Format) -> String {
    let mut out = match format {
        Format::Markdown => "## Conversation\n\n".to_string(),
        Format::Xml => "<conversation>\n".to_string(),
    };
    for m in &a.history {
        let text: Vec<String> = m
            .content
            .iter()
            .map(|b| match b {
                Block::Text(t) => t.clone(),
                Block::Image { media_type, .. } => format!("[image: {media_type}]"),
                Block::Other(v) => v.to_string(),
            })
            .collect();
        let text = text.join("\n\n");
        let role = m.role.name();
        match format {
            Format::Markdown => {
                out.push_str(&format!("### {role}\n\n{}\n\n", demote(text.trim_end(), 3)))
            }
            Format::Xml => out.push_str(&format!(
                "<message role=\"{}\">\n{}\n</message>\n",
                attribute(role),
                xml_text(text.trim_end())
            )),
        }
    }
    if format == Format::Xml {
        out.push_str("</conversation>\n");
    }
    out
}

/// Each line of `text` after its number, right-aligned to the widest.
fn numbered(text: &str) -> String {
    let lines: Vec<&str> = text.trim_end_matches('\n').split('\n').collect();
    let width = lines.len().to_string().len();
    let numbered: Vec<String> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{:>width$}  {l}", i + 1))
        .collect();
    numbered.join("\n")
}

/// A backtick fence longer than any run of backticks in `body` (at least three), so a
/// Markdown file with fences of its own stays inside.
fn fence_for(body: &str) -> String {
    let longest = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}

/// `s` as a Markdown code span: backticks longer than any run inside, padded with a
/// space where it starts or ends with one (CommonMark strips one space each side).
fn code_span(s: &str) -> String {
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let ticks = "`".repeat(longest + 1);
    match s.starts_with('`') || s.ends_with('`') {
        true => format!("{ticks} {s} {ticks}"),
        false => format!("{ticks}{s}{ticks}"),
    }
}

/// The title on one line.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Moves `text`'s ATX headings `by` levels down (at most to level 6), outside its code
/// fences, so a free text sits below the document's heading; a fence it leaves open is
/// closed, so the rest of the document is not taken into it.
pub fn demote(text: &str, by: usize) -> String {
    let mut out = Vec::new();
    // The open fence: its character and length.
    let mut open: Option<(char, usize)> = None;
    for line in text.split('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let rest = &line[indent..];
        if indent <= 3 {
            if let Some(fence) = fence_of(rest) {
                match open {
                    None => open = Some(fence),
                    Some((c, n)) if closes(rest, c, n) => open = None,
                    Some(_) => {}
                }
                out.push(line.to_string());
                continue;
            }
        }
        if open.is_none() && indent <= 3 {
            let hashes = rest.len() - rest.trim_start_matches('#').len();
            let after = rest[hashes..].chars().next();
            if (1..=6).contains(&hashes) && matches!(after, None | Some(' ' | '\t')) {
                let level = (hashes + by).min(6);
                out.push(format!(
                    "{}{}{}",
                    &line[..indent],
                    "#".repeat(level),
                    &rest[hashes..]
                ));
                continue;
            }
        }
        out.push(line.to_string());
    }
    let mut text = out.join("\n");
    if let Some((c, n)) = open {
        text.push('\n');
        text.push_str(&c.to_string().repeat(n));
    }
    text
}

/// The fence a line (its indent removed) opens or closes: three or more backticks (with
/// no backtick after them) or tildes.
fn fence_of(rest: &str) -> Option<(char, usize)> {
    let c = rest.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let n = rest.len() - rest.trim_start_matches(c).len();
    if n < 3 || (c == '`' && rest[n..].contains('`')) {
        return None;
    }
    Some((c, n))
}

/// Whether `rest` closes a fence of `n` `c`s: at least as many, and nothing after.
fn closes(rest: &str, c: char, n: usize) -> bool {
    let run = rest.len() - rest.trim_start_matches(c).len();
    run >= n && rest[run..].trim().is_empty()
}

/// The language tag of a file's fence, from its name: the common languages' names as
/// Markdown renderers know them, else `text`.
pub fn language(path: &str) -> &'static str {
    let name = path.rsplit('/').next().unwrap_or(path);
    let lower = name.to_ascii_lowercase();
    match lower.as_str() {
        "dockerfile" | "containerfile" => return "dockerfile",
        "makefile" | "gnumakefile" => return "makefile",
        "cmakelists.txt" => return "cmake",
        _ => {}
    }
    let Some((_, ext)) = lower.rsplit_once('.') else {
        return "text";
    };
    match ext {
        "rs" => "rust",
        "py" | "pyi" => "python",
        "js" | "mjs" | "cjs" => "javascript",
        "jsx" => "jsx",
        "ts" | "mts" | "cts" => "typescript",
        "tsx" => "tsx",
        "go" => "go",
        "java" => "java",
        "kt" | "kts" => "kotlin",
        "scala" => "scala",
        "swift" => "swift",
        "c" | "h" => "c",
        "cc" | "cpp" | "cxx" | "hh" | "hpp" | "hxx" => "cpp",
        "cs" => "csharp",
        "rb" => "ruby",
        "php" => "php",
        "sh" | "bash" => "bash",
        "zsh" => "zsh",
        "fish" => "fish",
        "ps1" => "powershell",
        "lua" => "lua",
        "zig" => "zig",
        "ex" | "exs" => "elixir",
        "erl" | "hrl" => "erlang",
        "hs" => "haskell",
        "ml" | "mli" => "ocaml",
        "clj" | "cljs" => "clojure",
        "dart" => "dart",
        "r" => "r",
        "jl" => "julia",
        "pl" | "pm" => "perl",
        "sql" => "sql",
        "html" | "htm" => "html",
        "css" => "css",
        "scss" => "scss",
        "vue" => "vue",
        "svelte" => "svelte",
        "md" | "markdown" => "markdown",
        "json" | "jsonc" => "json",
        "yaml" | "yml" => "yaml",
        "toml" => "toml",
        "xml" | "svg" => "xml",
        "proto" => "protobuf",
        "graphql" | "gql" => "graphql",
        "tf" => "hcl",
        "nix" => "nix",
        "diff" | "patch" => "diff",
        "ini" | "cfg" => "ini",
        _ => "text",
    }
}

/// The tree of `paths` (project-relative, `/`-separated): a line per directory (ending in
/// `/`) and per file, two spaces deeper per level, directories and files in path order.
pub fn tree(paths: &[String]) -> Vec<String> {
    let mut sorted: Vec<Vec<&str>> = paths.iter().map(|p| p.split('/').collect()).collect();
    sorted.sort();
    sorted.dedup();
    let mut lines = Vec::new();
    let mut dirs: Vec<&str> = Vec::new();
    for parts in sorted {
        let (file, parent) = parts.split_last().expect("split gives one part at least");
        let same = dirs
            .iter()
            .zip(parent)
            .take_while(|(a, b)| *a == *b)
            .count();
        dirs.truncate(same);
        for d in &parent[same..] {
            lines.push(format!("{}{d}/", "  ".repeat(dirs.len())));
            dirs.push(d);
        }
        lines.push(format!("{}{file}", "  ".repeat(dirs.len())));
    }
    lines
}

/// `text` as XML character data: as it is when that is well-formed, else in CDATA
/// sections, a `]]>` split across two; a carriage return, which a parser would take as a
/// line end, goes as `&#13;` between sections.
fn xml_text(text: &str) -> String {
    if !text.contains(['<', '&', '\r']) && !text.contains("]]>") {
        return text.to_string();
    }
    text.split('\r')
        .map(|piece| match piece.is_empty() {
            true => String::new(),
            false => format!("<![CDATA[{}]]>", piece.replace("]]>", "]]]]><![CDATA[>")),
        })
        .collect::<Vec<_>>()
        .join("&#13;")
}

/// `s` escaped for a double-quoted XML attribute.
fn attribute(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\n', "&#10;")
        .replace('\r', "&#13;")
        .replace('\t', "&#9;")
}

/// What a pack holds, on stderr and as `--summary-json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The document's tokens, as `tokenizer` counts them.
    pub tokens: usize,
    pub tokenizer: &'static str,
    /// How many files it packs.
    pub files: usize,
    /// The largest files, largest first (at most [`LARGEST`]).
    pub largest: Vec<FileTokens>,
    /// What was left out to fit the model's context window, in words.
    pub cut: Vec<String>,
}

/// A file and its tokens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileTokens {
    pub path: String,
    pub tokens: usize,
}

/// How many files the summary names.
pub const LARGEST: usize = 5;

impl Summary {
    /// The summary of `document`, packed from `a`.
    pub fn of(
        document: &str,
        a: &Assembly,
        tokenizer: crate::tokens::Tokenizer,
        cut: &[String],
    ) -> Summary {
        let mut largest: Vec<FileTokens> = a
            .files
            .iter()
            .map(|f| FileTokens {
                path: f.path.clone(),
                tokens: tokenizer.count(&f.content),
            })
            .collect();
        largest.sort_by_key(|f| std::cmp::Reverse(f.tokens));
        largest.truncate(LARGEST);
        Summary {
            tokens: tokenizer.count(document),
            tokenizer: tokenizer.name(),
            files: a.files.len(),
            largest,
            cut: cut.to_vec(),
        }
    }

    /// The summary for a terminal: the total, the largest files, what was cut.
    pub fn text(&self) -> String {
        let files = match self.files {
            1 => "1 file".to_string(),
            n => format!("{n} files"),
        };
        let mut out = format!("pack: {} tokens ({}), {files}", self.tokens, self.tokenizer);
        if !self.largest.is_empty() {
            let width = self
                .largest
                .iter()
                .map(|f| f.tokens.to_string().len())
                .max();
            out.push_str("; largest:");
            for f in &self.largest {
                out.push_str(&format!(
                    "\n  {:>w$}  {}",
                    f.tokens,
                    f.path,
                    w = width.unwrap_or(0)
                ));
            }
        }
        match self.cut.as_slice() {
            [] => out.push_str("\ncut: nothing"),
            cut => out.push_str(&format!("\ncut: {}", cut.join("; "))),
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::assemble::{FileItem, HashedText, Message, Role};
    use crate::request::tier::Tier;

    fn assembly() -> Assembly {
        Assembly {
            system: "SYS".into(),
            legend: "# legend".into(),
            symbols: [("b.rs".to_string(), HashedText::from("b.rs:\nf b()\n"))].into(),
            files: vec![FileItem::new("a.rs".into(), "fn a() {}\n```\n".into())],
            history: vec![Message::text(Role::User, "earlier", Tier::Active)],
            file_tree: Some(vec!["a.rs".into(), "b.rs".into()]),
            prompt: "Fix it".into(),
            ..Assembly::default()
        }
    }

    #[test]
    fn markdown_has_one_title_a_section_per_part_and_fences_that_hold() {
        let doc = render(&assembly(), Format::Markdown, false, "proj");
        assert_eq!(
            doc,
            "# proj\n\n## System prompt\n\nSYS\n\n## Repository map\n\n```text\n# legend\n\n\
             b.rs:\nf b()\n```\n\n## File tree\n\n```text\na.rs\nb.rs\n```\n\n## Files\n\n\
             ### `a.rs`\n\n````rust\nfn a() {}\n```\n````\n\n## Conversation\n\n### user\n\n\
             earlier\n\n## Prompt\n\nFix it\n"
        );
    }

    #[test]
    fn xml_is_one_element_and_escapes_what_must_be() {
        let mut a = assembly();
        a.files[0].path = "a&b.rs".into();
        let doc = render(&a, Format::Xml, true, "p");
        assert!(
            doc.starts_with("<pack title=\"p\">\n<system_prompt>\nSYS\n</system_prompt>\n"),
            "{doc}"
        );
        assert!(
            doc.contains(
                "<files>\n<file path=\"a&amp;b.rs\" language=\"rust\">\n1  fn a() {}\n2  ```\n\
                 </file>\n</files>"
            ),
            "{doc}"
        );
        assert!(doc.contains("<message role=\"user\">\nearlier\n</message>"));
        assert!(
            doc.ends_with("<prompt>\nFix it\n</prompt>\n</pack>\n"),
            "{doc}"
        );
    }

    #[test]
    fn a_pack_without_a_system_prompt_has_no_heading_for_it() {
        let mut a = assembly();
        a.system.clear();
        for format in [Format::Markdown, Format::Xml] {
            let doc = render(&a, format, false, "p");
            assert!(!doc.contains("System prompt"), "{doc}");
            assert!(!doc.contains("system_prompt"), "{doc}");
        }
    }

    /// Files whose text could break out of their fence or tag: a Markdown file with a
    /// fence of its own, XML with `]]>`, `<` and `&`, a carriage return, a heading.
    fn awkward() -> Assembly {
        let files = [
            (
                "README.md",
                "# Title\n\n```sh\nls\n```\n\n````\nfour\n````\n",
            ),
            ("x.xml", "<a><![CDATA[ x ]]></a>\n&amp; ]]> <b/>\n"),
            ("w.txt", "line\r\nnext\r\n"),
            ("s p a c e/`tick`.rs", "fn f() -> Vec<u8> { vec![] }\n"),
        ];
        Assembly {
            system: "# Rules\n\nBe brief.\n\n## More\n".into(),
            legend: "# c=class f=function\n# legend line two".into(),
            symbols: [("m.rs".to_string(), HashedText::from("m.rs:\nf m()\n"))].into(),
            files: files
                .iter()
                .map(|(p, c)| FileItem::new(p.to_string(), c.to_string()))
                .collect(),
            history: vec![Message::text(Role::User, "# asked\nthis", Tier::Active)],
            file_tree: Some(tree(&files.map(|(p, _)| p.to_string()))),
            prompt: "# Review\nplease".into(),
            ..Assembly::default()
        }
    }

    /// A heading's level and text.
    type Heading = (usize, String);
    /// A code block's info string and text.
    type CodeBlock = (String, String);

    /// The headings and code blocks a CommonMark parser reads.
    fn markdown_outline(doc: &str) -> (Vec<Heading>, Vec<CodeBlock>) {
        use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
        let (mut headings, mut blocks) = (Vec::new(), Vec::new());
        let mut heading: Option<(usize, String)> = None;
        let mut block: Option<(String, String)> = None;
        for event in Parser::new(doc) {
            match event {
                Event::Start(Tag::Heading { level, .. }) => {
                    heading = Some((level as usize, String::new()))
                }
                Event::End(TagEnd::Heading(_)) => headings.extend(heading.take()),
                Event::Start(Tag::CodeBlock(kind)) => {
                    let info = match kind {
                        CodeBlockKind::Fenced(info) => info.to_string(),
                        CodeBlockKind::Indented => "(indented)".to_string(),
                    };
                    block = Some((info, String::new()));
                }
                Event::End(TagEnd::CodeBlock) => blocks.extend(block.take()),
                Event::Text(t) | Event::Code(t) => {
                    if let Some((_, text)) = heading.as_mut() {
                        text.push_str(&t);
                    } else if let Some((_, text)) = block.as_mut() {
                        text.push_str(&t);
                    }
                }
                _ => {}
            }
        }
        (headings, blocks)
    }

    /// A CommonMark parser reads one title, the parts below it, the system prompt's and
    /// the messages' headings below theirs, the map and tree as code blocks, and each
    /// file's text back, byte for byte, in a fence tagged with its language (CommonMark
    /// reads a `\r\n` line end as `\n`: XML keeps it).
    #[test]
    fn a_markdown_parser_reads_the_outline_and_every_file_back() {
        let a = awkward();
        let doc = render(&a, Format::Markdown, false, "proj");
        let (headings, blocks) = markdown_outline(&doc);
        let h = |l: usize, t: &str| (l, t.to_string());
        assert_eq!(
            headings,
            vec![
                h(1, "proj"),
                h(2, "System prompt"),
                h(3, "Rules"),
                h(4, "More"),
                h(2, "Repository map"),
                h(2, "File tree"),
                h(2, "Files"),
                h(3, "README.md"),
                h(3, "x.xml"),
                h(3, "w.txt"),
                h(3, "s p a c e/`tick`.rs"),
                h(2, "Conversation"),
                h(3, "user"),
                h(4, "asked"),
                h(2, "Prompt"),
                h(3, "Review"),
            ],
            "{doc}"
        );
        assert_eq!(blocks[0].0, "text");
        assert!(blocks[0]
            .1
            .starts_with("# c=class f=function\n# legend line two\n\nm.rs:"));
        assert_eq!(
            blocks[1],
            (
                "text".into(),
                a.file_tree.as_ref().unwrap().join("\n") + "\n"
            )
        );
        let files: Vec<(String, String)> = a
            .files
            .iter()
            .map(|f| {
                (
                    language(&f.path).to_string(),
                    f.content.replace("\r\n", "\n"),
                )
            })
            .collect();
        assert_eq!(blocks[2..], files[..], "{doc}");
        assert_eq!(files[0].0, "markdown");
    }

    /// An XML parser reads one `<pack>` element, its parts in order, and each file's
    /// text back byte for byte (after the newline that opens it), `]]>`, `<`, `&` and
    /// carriage returns included.
    #[test]
    fn an_xml_parser_reads_the_parts_and_every_file_back() {
        let a = awkward();
        let doc = render(&a, Format::Xml, false, "a \"b\" & <c>");
        let parsed = roxmltree::Document::parse(&doc).unwrap_or_else(|e| panic!("{e}\n{doc}"));
        let root = parsed.root_element();
        assert_eq!(root.tag_name().name(), "pack");
        assert_eq!(root.attribute("title"), Some("a \"b\" & <c>"));
        let tags: Vec<&str> = root
            .children()
            .filter(|n| n.is_element())
            .map(|n| n.tag_name().name())
            .collect();
        assert_eq!(
            tags,
            [
                "system_prompt",
                "repository_map",
                "file_tree",
                "files",
                "conversation",
                "prompt"
            ]
        );
        let files = root.children().find(|n| n.has_tag_name("files")).unwrap();
        let read: Vec<(String, String, String)> = files
            .children()
            .filter(|n| n.is_element())
            .map(|f| {
                let text: String = f.children().filter_map(|t| t.text()).collect();
                (
                    f.attribute("path").unwrap().to_string(),
                    f.attribute("language").unwrap().to_string(),
                    text.strip_prefix('\n').unwrap().to_string(),
                )
            })
            .collect();
        let want: Vec<(String, String, String)> = a
            .files
            .iter()
            .map(|f| {
                (
                    f.path.clone(),
                    language(&f.path).into(),
                    f.content.to_string(),
                )
            })
            .collect();
        assert_eq!(read, want, "{doc}");
        let prompt = root.children().find(|n| n.has_tag_name("prompt")).unwrap();
        assert_eq!(prompt.text(), Some("\n# Review\nplease\n"));
    }

    #[test]
    fn line_numbers_align() {
        let text: String = (1..=10).map(|i| format!("l{i}\n")).collect();
        let n = numbered(&text);
        assert!(n.starts_with(" 1  l1\n 2  l2"), "{n}");
        assert!(n.ends_with("10  l10"), "{n}");
    }

    #[test]
    fn headings_move_down_outside_fences_and_an_open_fence_is_closed() {
        assert_eq!(
            demote("# A\ntext #x\n## B\n```\n# code\n```\n####### seven\n", 2),
            "### A\ntext #x\n#### B\n```\n# code\n```\n####### seven\n"
        );
        assert_eq!(demote("##### deep", 2), "###### deep");
        assert_eq!(demote("~~~\n# in\n", 1), "~~~\n# in\n\n~~~");
        assert_eq!(demote("#hashtag", 2), "#hashtag");
    }

    #[test]
    fn the_tree_nests_directories() {
        let paths = [
            "src/sync/mod.rs",
            "src/lib.rs",
            "README.md",
            "src/sync/a/b.rs",
        ]
        .map(String::from);
        assert_eq!(
            tree(&paths).join("\n"),
            "README.md\nsrc/\n  lib.rs\n  sync/\n    a/\n      b.rs\n    mod.rs"
        );
    }

    #[test]
    fn languages_come_from_the_name() {
        assert_eq!(language("src/a.rs"), "rust");
        assert_eq!(language("x/Dockerfile"), "dockerfile");
        assert_eq!(language("a.PY"), "python");
        assert_eq!(language("LICENSE"), "text");
        assert_eq!(language("Cargo.lock"), "text");
    }

    #[test]
    fn the_summary_names_the_largest_files_and_what_was_cut() {
        let s = Summary {
            tokens: 1200,
            tokenizer: "o200k",
            files: 2,
            largest: vec![
                FileTokens {
                    path: "a.rs".into(),
                    tokens: 1000,
                },
                FileTokens {
                    path: "b.rs".into(),
                    tokens: 20,
                },
            ],
            cut: vec![],
        };
        assert_eq!(
            s.text(),
            "pack: 1200 tokens (o200k), 2 files; largest:\n  1000  a.rs\n    20  b.rs\ncut: nothing"
        );
    }
}
