//! Secrets in request content: every text that goes into a request is scanned with
//! gitleaks' rule set (`rules`) before it leaves the machine. Only request commands scan;
//! the rules load on first use, so `system` and the other commands pay nothing.

mod keywords;
mod rules;

use std::fmt;

use serde::Deserialize;
use serde_json::Value;

pub use rules::{find, Hit};

use crate::digest::{content_id, ContentId};

/// What to do with a secret found in a request (`--secrets`, config key `secrets`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Replace each secret with `[REDACTED:<rule>]` and report it on stderr.
    #[default]
    Redact,
    /// Refuse the request (exit 2), naming each secret's place and rule.
    Error,
    /// Send the content as it is.
    Allow,
}

/// What replaces a secret found by `rule`.
pub fn redaction(rule: &str) -> String {
    format!("[REDACTED:{rule}]")
}

/// A secret's place: where the text came from, the line in it, and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub origin: String,
    pub line: usize,
    pub rule: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{} ({})", self.origin, self.line, self.rule)
    }
}

/// Scans `text`, recording each secret as from `origin` (`path` when the text is a
/// file's), and replaces them when `redact`.
pub fn scan(
    text: &mut String,
    origin: &str,
    path: Option<&str>,
    redact: bool,
    findings: &mut Vec<Finding>,
) {
    let id = content_id(text.as_bytes());
    scan_of(text, &id, origin, path, redact, findings);
}

/// [`scan`] of a text whose id is `id`. The text changes only if a secret is found.
pub fn scan_of(
    text: &mut String,
    id: &ContentId,
    origin: &str,
    path: Option<&str>,
    redact: bool,
    findings: &mut Vec<Finding>,
) {
    let hits = rules::find_of(text, id, path);
    if hits.is_empty() {
        return;
    }
    let (mut line, mut counted) = (1, 0);
    for h in &hits {
        line += text[counted..h.range.start].matches('\n').count();
        counted = h.range.start;
        findings.push(Finding {
            origin: origin.to_string(),
            line,
            rule: h.rule.clone(),
        });
    }
    if redact {
        for h in hits.iter().rev() {
            text.replace_range(h.range.clone(), &redaction(&h.rule));
        }
    }
}

/// Works out whether `text` (with id `id`, the file at `path`) holds a secret, ahead of
/// [`scan_of`]: a clean text is remembered, and its scan is then a lookup.
pub fn learn(text: &str, id: &ContentId, path: Option<&str>) {
    rules::find_of(text, id, path);
}

/// Every string inside a JSON value (a history block such as a tool result).
pub fn scan_json(value: &mut Value, origin: &str, redact: bool, findings: &mut Vec<Finding>) {
    match value {
        Value::String(s) => scan(s, origin, None, redact, findings),
        Value::Array(items) => items
            .iter_mut()
            .for_each(|v| scan_json(v, origin, redact, findings)),
        Value::Object(map) => map
            .values_mut()
            .for_each(|v| scan_json(v, origin, redact, findings)),
        _ => {}
    }
}

/// The stderr note for a secret `--secrets redact` replaced.
pub fn redacted_note(finding: &Finding) -> String {
    format!(
        "warning: redacted a secret at {finding}; it goes as {} (--secrets allow sends it \
         as is)",
        redaction(&finding.rule)
    )
}

/// The error `--secrets error` gives when the request holds secrets.
pub fn refusal(findings: &[Finding]) -> String {
    let list: Vec<String> = findings.iter().map(Finding::to_string).collect();
    format!(
        "the request holds {} secret(s): {}; remove them, or pass --secrets redact to send \
         each as [REDACTED:<rule>]",
        findings.len(),
        list.join(", ")
    )
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Real-shaped fake keys, assembled so that this file does not hold them whole.
    pub(crate) fn fake(kind: &str) -> String {
        let body36 = "Zq3LxT9vKp2WmN8rYc5HbJ7dFg4SaE6uQwRt";
        match kind {
            "aws" => format!("AKIA{}", "QX7TZ2M4VBN6PLK5"),
            "github" => format!("ghp_{body36}"),
            "anthropic" => format!("sk-ant-api03-{}{}AA", body36.repeat(2), &body36[..21]),
            "openai" => format!(
                "sk-proj-{}T3BlbkFJ{}",
                &body36.repeat(2)[..58],
                &body36.repeat(2)[..58]
            ),
            "rsa" => format!(
                "-----BEGIN RSA {}-----\nMIIEowIBAAKCAQEA{}\n{}\n-----END RSA PRIVATE KEY-----",
                "PRIVATE KEY",
                body36,
                body36.repeat(2)
            ),
            _ => unreachable!(),
        }
    }

    #[test]
    fn finds_and_redacts_real_shaped_keys() {
        for (kind, rule) in [
            ("aws", "aws-access-token"),
            ("github", "github-pat"),
            ("anthropic", "anthropic-api-key"),
            ("openai", "openai-api-key"),
            ("rsa", "private-key"),
        ] {
            let key = fake(kind);
            let mut text = format!("first line\nconst K = \"{key}\";\n");
            let mut found = Vec::new();
            scan(&mut text, "src/k.rs", Some("src/k.rs"), true, &mut found);
            assert_eq!(
                found,
                vec![Finding {
                    origin: "src/k.rs".into(),
                    line: 2,
                    rule: rule.into()
                }],
                "{kind}"
            );
            assert!(!text.contains(&key), "{kind}: {text}");
            assert!(text.contains(&redaction(rule)), "{kind}: {text}");
        }
    }

    /// Only lines near a keyword are searched: a key far into a large text with multi-byte
    /// characters around it is still found, on the right line, and cut cleanly.
    #[test]
    fn keys_deep_in_large_text_are_found() {
        let filler = "let clé = \"valeur\"; // ü\n".repeat(20_000);
        let key = fake("aws");
        let mut text = format!("{filler}é{key}é\n{filler}");
        let mut found = Vec::new();
        scan(&mut text, "big.rs", Some("big.rs"), true, &mut found);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].line, 20_001);
        assert!(text.contains("é[REDACTED:aws-access-token]é"));
    }

    #[test]
    fn plain_code_is_left_alone() {
        let mut text = "fn main() {\n    let key = config.api_key();\n}\n".to_string();
        let before = text.clone();
        let mut found = Vec::new();
        scan(&mut text, "main.rs", Some("main.rs"), true, &mut found);
        assert!(found.is_empty(), "{found:?}");
        assert_eq!(text, before);
    }
}
