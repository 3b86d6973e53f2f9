//! Failure recovery: the blocks of a reply that did not apply, kept (in a session) until
//! the next request tells the model, with the files' current content in context. The
//! message's steps are the ones the edits prompt teaches under "Failure Recovery"
//! (`templates/base/edits.md.tmpl`), in the same words, so the model hears one rule.

use serde::{Deserialize, Serialize};

use super::apply::{BlockResult, Status};

/// The message's first line.
pub const HEADER: &str = "Some edit blocks of your last reply did not apply:";

/// What the model is to do, after the list: the edits prompt's recovery steps.
pub const STEPS: &str = "The current content of each file named is shown above; it may \
     differ from what you expected. Copy the old lines again, exactly, from that content, \
     with enough context to match one place. Send only the blocks that failed; the others \
     have already been applied.";

/// A block that did not apply, as a session keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Failed {
    /// The path as the model wrote it (empty: the block had none).
    pub path: String,
    /// The reply's line of the block's path line.
    pub line: usize,
    /// The status's name in text output (`not found`, `ambiguous`…).
    pub status: String,
    /// Why, in words.
    pub detail: String,
    /// Whether the file is the project's to show: not outside it, and named.
    pub shown: bool,
}

/// The blocks of `results` that did not apply.
pub fn failed(results: &[BlockResult]) -> Vec<Failed> {
    results
        .iter()
        .filter(|r| !r.status.done())
        .map(|r| Failed {
            path: r.path.clone(),
            line: r.line,
            status: r.status.name().to_string(),
            detail: r.detail.clone(),
            shown: !r.path.is_empty() && !matches!(r.status, Status::Outside | Status::NoPath),
        })
        .collect()
}

/// The files whose content the next request shows, each once, in the reply's order.
pub fn files(failed: &[Failed]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for f in failed.iter().filter(|f| f.shown) {
        if !out.contains(&f.path) {
            out.push(f.path.clone());
        }
    }
    out
}

/// The message that tells the model what did not apply: [`HEADER`], a line per block,
/// then [`STEPS`].
pub fn message(failed: &[Failed]) -> String {
    let mut out = format!("{HEADER}\n");
    for f in failed {
        let path = if f.path.is_empty() { "-" } else { &f.path };
        out.push_str(&format!("- {path} (reply line {}): {}", f.line, f.status));
        if !f.detail.is_empty() {
            out.push_str(&format!(": {}", f.detail));
        }
        out.push('\n');
    }
    out.push('\n');
    out.push_str(STEPS);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_lists_each_block_then_the_steps() {
        let f = |path: &str, status: &str, shown| Failed {
            path: path.into(),
            line: 3,
            status: status.into(),
            detail: "why".into(),
            shown,
        };
        let failed = [
            f("a.rs", "not found", true),
            f("/etc/x", "outside the project", false),
        ];
        assert_eq!(
            message(&failed),
            format!(
                "{HEADER}\n- a.rs (reply line 3): not found: why\n- /etc/x (reply line 3): \
                 outside the project: why\n\n{STEPS}"
            )
        );
        assert_eq!(files(&failed), ["a.rs"]);
    }
}
