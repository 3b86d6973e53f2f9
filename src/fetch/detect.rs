//! The http(s) URLs a prompt mentions (`--fetch-urls`), in order, each once. A URL ends
//! at whitespace or a character that cannot be in one unquoted (`<>"'` and the
//! backquote); sentence punctuation after it, and a closing bracket it did not open, are
//! not part of it.

const SCHEMES: &[&str] = &["https://", "http://"];
/// Characters that end a URL in running text.
const STOPS: &[char] = &['<', '>', '"', '\'', '`'];
/// Punctuation that ends a sentence rather than a URL.
const TRAILING: &[char] = &['.', ',', ';', ':', '!', '?'];

/// The URLs in `text`.
pub fn urls(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some((at, scheme)) = next_scheme(rest) {
        let boundary = rest[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let tail = &rest[at..];
        let end = tail
            .find(|c: char| c.is_whitespace() || STOPS.contains(&c))
            .unwrap_or(tail.len());
        let url = trim(&tail[..end]);
        if boundary && url.len() > scheme.len() && !found.iter().any(|u| u == url) {
            found.push(url.to_string());
        }
        rest = &tail[end.max(scheme.len())..];
    }
    found
}

/// Where the next scheme starts in `text`, and which.
fn next_scheme(text: &str) -> Option<(usize, &'static str)> {
    SCHEMES
        .iter()
        .filter_map(|s| text.find(s).map(|at| (at, *s)))
        .min_by_key(|(at, _)| *at)
}

/// `url` without trailing punctuation or unbalanced closing brackets.
fn trim(mut url: &str) -> &str {
    loop {
        let last = url.chars().next_back();
        let unbalanced = |open: char, close: char| {
            last == Some(close) && url.matches(close).count() > url.matches(open).count()
        };
        if last.is_some_and(|c| TRAILING.contains(&c))
            || unbalanced('(', ')')
            || unbalanced('[', ']')
        {
            url = &url[..url.len() - 1];
        } else {
            return url;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_urls_in_running_text() {
        let text = "See https://a.example/x?y=1. Also (http://b.example/p_(q)) and \
                    <https://c.example/>, 'https://d.example/a#b'; https://a.example/x?y=1 again, \
                    [docs](https://e.example/doc) and xhttps://no.example or https:// alone.";
        assert_eq!(
            urls(text),
            [
                "https://a.example/x?y=1",
                "http://b.example/p_(q)",
                "https://c.example/",
                "https://d.example/a#b",
                "https://e.example/doc",
            ]
        );
        assert!(urls("no links here").is_empty());
    }
}
