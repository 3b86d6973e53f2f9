//! A fetched body as text for the model: HTML becomes Markdown (htmd, a turndown port)
//! with its title; plain text, Markdown and JSON go as they are; anything else is
//! refused with its content type.

use std::sync::{Arc, Mutex};

use htmd::element_handler::Handlers;
use htmd::{Element, HtmlToMarkdown};

use super::Page;
use crate::error::Error;

/// How a body is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Html,
    /// Sent as it is.
    Text,
}

/// Media types sent as they are (besides any `+json` type).
const TEXT_TYPES: &[&str] = &[
    "text/plain",
    "text/markdown",
    "text/x-markdown",
    "application/json",
];
const HTML_TYPES: &[&str] = &["text/html", "application/xhtml+xml"];
/// Elements that are no part of a page's text: code, styles, site navigation, forms and
/// embedded documents and drawings.
const SKIPPED_TAGS: &[&str] = &[
    "script", "style", "noscript", "template", "nav", "form", "iframe", "svg",
];
const HEADINGS: &[&str] = &["h1", "h2", "h3", "h4", "h5", "h6"];

/// How a body of `content_type` is read, or why it is refused.
pub fn kind(url: &str, content_type: &str) -> Result<Kind, Error> {
    let media = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    if HTML_TYPES.contains(&media.as_str()) {
        Ok(Kind::Html)
    } else if TEXT_TYPES.contains(&media.as_str()) || media.ends_with("+json") {
        Ok(Kind::Text)
    } else {
        let shown = if media.is_empty() {
            "sent with no content type".to_string()
        } else {
            format!("of type '{media}'")
        };
        Err(Error::data(format!(
            "URL '{url}' is {shown}; only HTML, plain text, Markdown and JSON pages are \
             fetched (save another kind as text and pass it with --url-context URL=FILE)"
        )))
    }
}

/// The page `body` (of `content_type`) makes.
pub fn page(url: &str, content_type: &str, body: &str) -> Result<Page, Error> {
    let (title, content) = match kind(url, content_type)? {
        Kind::Html => html(body),
        Kind::Text => (None, body.to_string()),
    };
    Ok(Page {
        url: url.to_string(),
        title,
        content,
    })
}

/// Whitespace runs as one space, trimmed; `None` when nothing is left.
fn one_line(text: &str) -> Option<String> {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    (!line.is_empty()).then_some(line)
}

/// An HTML page's title (`<title>`, else the first heading) and its Markdown.
pub fn html(body: &str) -> (Option<String>, String) {
    let title: Arc<Mutex<Option<String>>> = Arc::default();
    let heading: Arc<Mutex<Option<String>>> = Arc::default();
    let (t, h) = (Arc::clone(&title), Arc::clone(&heading));
    let converter = HtmlToMarkdown::builder()
        .skip_tags(SKIPPED_TAGS.to_vec())
        // The title is the block's heading, not part of the content.
        .add_handler(vec!["title"], move |hs: &dyn Handlers, e: Element| {
            let mut slot = t.lock().unwrap_or_else(|p| p.into_inner());
            if slot.is_none() {
                *slot = one_line(&hs.walk_children(e.node).content);
            }
            None
        })
        .add_handler(HEADINGS.to_vec(), move |hs: &dyn Handlers, e: Element| {
            let mut slot = h.lock().unwrap_or_else(|p| p.into_inner());
            if slot.is_none() {
                *slot = one_line(&hs.walk_children(e.node).content);
            }
            drop(slot);
            hs.fallback(e)
        })
        .build();
    // html5ever recovers from any input, so conversion does not fail on real pages.
    let markdown = converter.convert(body).unwrap_or_default();
    let take = |m: Arc<Mutex<Option<String>>>| m.lock().map(|s| s.clone()).unwrap_or(None);
    (take(title).or_else(|| take(heading)), markdown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_becomes_markdown_with_its_title() {
        let page = "<html><head><title>The  Guide\n</title><style>p{}</style>\
                    <script>var x = 1;</script></head><body><nav><a href=\"/\">Home</a></nav>\
                    <form><input name=\"q\"><button>Search</button></form><h1>Intro</h1>\
                    <p>Read <a href=\"/a\">this</a> <b>now</b>.</p>\
                    <ul><li>one</li><li>two</li></ul><pre><code>let x = 1;\n</code></pre>\
                    </body></html>";
        let (title, md) = html(page);
        assert_eq!(title.as_deref(), Some("The Guide"));
        assert_eq!(
            md,
            "# Intro\n\nRead [this](/a) **now**.\n\n*   one\n*   two\n\n```\nlet x = 1;\n```"
        );
    }

    #[test]
    fn the_first_heading_titles_a_page_without_a_title() {
        let (title, md) = html("<h2>First <em>one</em></h2><h1>Second</h1><p>x</p>");
        assert_eq!(title.as_deref(), Some("First *one*"));
        assert!(md.starts_with("## First *one*\n\n# Second"), "{md}");
        assert_eq!(html("<p>no heading</p>").0, None);
    }

    #[test]
    fn text_passes_through_and_other_types_are_refused() {
        for ct in [
            "text/plain; charset=utf-8",
            "text/markdown",
            "application/json",
            "application/ld+json",
        ] {
            let p = page("http://h/x", ct, "# a\n{b}").unwrap();
            assert_eq!((p.title, p.content.as_str()), (None, "# a\n{b}"), "{ct}");
        }
        assert_eq!(kind("u", "Text/HTML; charset=UTF-8").unwrap(), Kind::Html);
        let e = kind("http://h/x.png", "image/png").unwrap_err();
        assert!(
            e.message
                .starts_with("URL 'http://h/x.png' is of type 'image/png'; only HTML"),
            "{}",
            e.message
        );
        let e = kind("http://h/x", "").unwrap_err();
        assert!(e.message.contains("is sent with no content type"));
    }
}
