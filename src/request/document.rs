//! A request as one plain document, for pasting into a chat window (`messages --format
//! markdown|xml`): the same content a body holds, in the flat order (system prompt, map,
//! file tree, URL context, review, working files, conversation, prompt), with no tiers,
//! markers or provider shape.
//!
//! Markdown gives each part a `#` heading and each file a `##` heading over a fence
//! long enough for what it holds. XML wraps each part in a tag, as repomix does: content
//! goes in as it is, not escaped, since a model reads it as text; only attribute values
//! (paths, roles, URLs) are escaped.

use super::assemble::{shown_symbols, Assembly, Block};

/// The document's markup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Markdown,
    Xml,
}

/// One part of the document: its heading (Markdown) and tag (XML), and its text.
struct Part<'a> {
    heading: &'a str,
    tag: &'a str,
    text: String,
}

/// The request `a` holds as one document; `line_numbers` puts each file line's number
/// before it.
pub fn render(a: &Assembly, format: Format, line_numbers: bool) -> String {
    let mut out = String::new();
    for part in parts(a) {
        match format {
            Format::Markdown => out.push_str(&format!(
                "# {}\n\n{}\n\n",
                part.heading,
                part.text.trim_end()
            )),
            Format::Xml => out.push_str(&format!(
                "<{tag}>\n{}\n</{tag}>\n\n",
                part.text.trim_end(),
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
        Format::Markdown => format!("# Prompt\n\n{}\n", a.prompt.trim_end()),
        Format::Xml => format!("<prompt>\n{}\n</prompt>\n", a.prompt.trim_end()),
    });
    for img in &a.images {
        out.push_str(&format!("\n[image: {}]\n", img.media_type));
    }
    out
}

/// The parts before the files: system prompt, map, file tree, URLs, review.
fn parts(a: &Assembly) -> Vec<Part<'_>> {
    let mut parts = vec![Part {
        heading: "System prompt",
        tag: "system_prompt",
        text: a.system.clone(),
    }];
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
            text: map,
        });
    }
    if let Some(tree) = &a.file_tree {
        parts.push(Part {
            heading: "Repository files",
            tag: "file_tree",
            text: tree.join("\n"),
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
            text: format!("Source: {}\n\n{title}{}", u.url, u.content),
        });
    }
    if let Some(review) = &a.review {
        parts.push(Part {
            heading: "Code review context",
            tag: "review",
            text: review.clone(),
        });
    }
    parts
}

/// The working files: a heading and a fence each (Markdown), or `<file path="…">`.
fn files(a: &Assembly, format: Format, line_numbers: bool) -> String {
    let mut out = match format {
        Format::Markdown => "# Files\n\n".to_string(),
        Format::Xml => "<files>\n".to_string(),
    };
    for f in &a.files {
        let body = match line_numbers {
            true => numbered(&f.content),
            false => f.content.trim_end_matches('\n').to_string(),
        };
        match format {
            Format::Markdown => {
                let fence = fence_for(&body);
                out.push_str(&format!("## {}\n\n{fence}\n{body}\n{fence}\n\n", f.path));
            }
            Format::Xml => out.push_str(&format!(
                "<file path=\"{}\">\n{body}\n</file>\n",
                attribute(&f.path)
            )),
        }
    }
    if format == Format::Xml {
        out.push_str("</files>\n\n");
    }
    out
}

/// The earlier conversation, one section per message.
fn conversation(a: &Assembly, format: Format) -> String {
    let mut out = match format {
        Format::Markdown => "# Conversation\n\n".to_string(),
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
            Format::Markdown => out.push_str(&format!("## {role}\n\n{}\n\n", text.trim_end())),
            Format::Xml => out.push_str(&format!(
                "<message role=\"{}\">\n{}\n</message>\n",
                attribute(role),
                text.trim_end()
            )),
        }
    }
    if format == Format::Xml {
        out.push_str("</conversation>\n\n");
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

/// `s` escaped for a double-quoted XML attribute.
fn attribute(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
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
    fn markdown_has_a_section_per_part_and_fences_that_hold() {
        let doc = render(&assembly(), Format::Markdown, false);
        assert_eq!(
            doc,
            "# System prompt\n\nSYS\n\n# Repository map\n\n# legend\n\nb.rs:\nf b()\n\n\
             # Repository files\n\na.rs\nb.rs\n\n# Files\n\n## a.rs\n\n````\nfn a() {}\n```\n\
             ````\n\n# Conversation\n\n## user\n\nearlier\n\n# Prompt\n\nFix it\n"
        );
    }

    #[test]
    fn xml_tags_each_part_and_escapes_only_attributes() {
        let mut a = assembly();
        a.files[0].path = "a&b.rs".into();
        let doc = render(&a, Format::Xml, true);
        assert!(doc.starts_with("<system_prompt>\nSYS\n</system_prompt>\n\n<repository_map>\n"));
        assert!(
            doc.contains(
                "<files>\n<file path=\"a&amp;b.rs\">\n1  fn a() {}\n2  ```\n</file>\n</files>"
            ),
            "{doc}"
        );
        assert!(doc.contains("<message role=\"user\">\nearlier\n</message>"));
        assert!(doc.ends_with("<prompt>\nFix it\n</prompt>\n"));
    }

    #[test]
    fn line_numbers_align() {
        let text: String = (1..=10).map(|i| format!("l{i}\n")).collect();
        let n = numbered(&text);
        assert!(n.starts_with(" 1  l1\n 2  l2"), "{n}");
        assert!(n.ends_with("10  l10"), "{n}");
    }
}
