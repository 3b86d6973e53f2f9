//! Secrets in a request's content (`secrets`, gitleaks' rules): every part of an
//! `Assembly` is scanned before the request is laid out.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::digest::content_id;
use crate::error::Error;
use crate::secrets::{self, scan, scan_json, scan_of, Finding, Mode};

use crate::request::assemble::{Assembly, Block, FileItem, HashedText};

/// Scans the request's content for secrets (`guard`): redacted ones are noted in
/// `warnings`; with `Mode::Error` any secret fails the request.
pub(in crate::request) fn guard_secrets(
    assembly: &mut Assembly,
    history: Option<&String>,
    mode: Mode,
    warnings: &mut Vec<String>,
) -> Result<(), Error> {
    let history = history.map_or("history", String::as_str);
    let found = guard(assembly, history, mode);
    if found.is_empty() {
        return Ok(());
    }
    if mode == Mode::Error {
        return Err(super::err(secrets::refusal(&found)));
    }
    warnings.extend(found.iter().map(secrets::redacted_note));
    Ok(())
}

/// Scans everything in a request: the system prompt (with its context files and memory),
/// the symbols, files, URL content, history and prompt. `history` names the history file.
/// Returns the findings; with `Mode::Redact` the secrets are already replaced.
pub fn guard(assembly: &mut Assembly, history: &str, mode: Mode) -> Vec<Finding> {
    let mut found = Vec::new();
    if mode == Mode::Allow {
        return found;
    }
    let redact = mode == Mode::Redact;
    let f = &mut found;
    scan(&mut assembly.system, "system prompt", None, redact, f);
    scan(&mut assembly.legend, "symbol legend", None, redact, f);
    let symbols = assembly
        .symbols
        .par_iter_mut()
        .map(|(path, block)| (format!("symbols of {path}"), Some(path.as_str()), block));
    f.extend(scan_parallel(symbols, redact));
    let files = assembly.files.par_iter_mut().map(|file| {
        (
            file.path.clone(),
            Some(file.path.as_str()),
            &mut file.content,
        )
    });
    f.extend(scan_parallel(files, redact));
    for url in &mut assembly.urls {
        if let Some(title) = &mut url.title {
            scan(title, &format!("title of {}", url.url), None, redact, f);
        }
        scan(&mut url.content, &url.url, None, redact, f);
    }
    if let Some(review) = &mut assembly.review {
        scan(review, "review context", None, redact, f);
    }
    for (i, message) in assembly.history.iter_mut().enumerate() {
        let origin = format!("{history} message {i}");
        for block in &mut message.content {
            match block {
                Block::Text(t) => scan(t, &origin, None, redact, f),
                Block::Other(v) => scan_json(v, &origin, redact, f),
                Block::Image { .. } => {}
            }
        }
    }
    scan(&mut assembly.prompt, "prompt", None, redact, f);
    found
}

/// Scans `prompt` and `files` ahead of the guard, which then finds the clean ones
/// remembered (a text with a secret it scans again). The prompt goes first: it is the
/// text a later run has not seen, and its words load the rules. Stops early once `stop`
/// is set.
pub fn prescan(prompt: &str, files: &[FileItem], stop: &AtomicBool) {
    secrets::learn(prompt, &content_id(prompt.as_bytes()), None);
    files.par_iter().for_each(|file| {
        if !stop.load(Ordering::Relaxed) {
            secrets::learn(&file.content, file.content.id(), Some(&file.path));
        }
    });
}

/// Each text (its origin, its path when it is a file's, the text) scanned, the findings
/// in the texts' order. A text is scanned under the id that the stability tracker and
/// the pieces count key it by too, so it is hashed once. In parallel: each thread builds
/// its own lazy DFAs for the rules it meets, but a scan on one core held up the whole
/// request (the other core idle) where remembered clean texts are not enough.
fn scan_parallel<'a>(
    texts: impl ParallelIterator<Item = (String, Option<&'a str>, &'a mut HashedText)>,
    redact: bool,
) -> Vec<Finding> {
    let per_text: Vec<Vec<Finding>> = texts
        .map(|(origin, path, text)| {
            let mut found = Vec::new();
            text.edit(|text, id| {
                scan_of(text, id, &origin, path, redact, &mut found);
                !found.is_empty()
            });
            found
        })
        .collect();
    per_text.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::assemble::{Message, Role};
    use crate::request::tier::Tier;
    use crate::secrets::tests::fake;

    #[test]
    fn history_blocks_are_scanned() {
        let mut a = Assembly::default();
        let key = crate::secrets::tests::fake("github");
        a.history.push(Message {
            role: Role::User,
            content: vec![Block::Other(serde_json::json!({
                "type": "tool_result", "tool_use_id": "t", "content": format!("token {key}")
            }))],
            tier: Tier::Active,
            cache: false,
        });
        let found = guard(&mut a, "h.json", Mode::Redact);
        assert_eq!(found[0].to_string(), "h.json message 0:1 (github-pat)");
        assert!(!format!("{:?}", a.history).contains(&key));
        let mut b = Assembly {
            prompt: key.clone(),
            ..Assembly::default()
        };
        assert!(guard(&mut b, "", Mode::Allow).is_empty());
        assert_eq!(b.prompt, key);
    }

    /// Texts scanned ahead (`prescan`) are guarded as they would be without it: the
    /// clean file is remembered; the file and the prompt with a secret are scanned again
    /// and redacted.
    #[test]
    fn prescanned_texts_are_guarded_alike() {
        use crate::request::assemble::FileItem;
        let (aws, github) = (fake("aws"), fake("github"));
        let assembly = || Assembly {
            files: vec![
                FileItem::new("a.rs".into(), "let token = config.token();\n".into()),
                FileItem::new("b.rs".into(), format!("let k = \"{aws}\";\n")),
            ],
            prompt: format!("use {github}"),
            ..Assembly::default()
        };
        let guarded = |prescan_first: bool| {
            let mut a = assembly();
            if prescan_first {
                prescan(&a.prompt, &a.files, &AtomicBool::new(false));
            }
            let found: Vec<String> = guard(&mut a, "", Mode::Redact)
                .iter()
                .map(Finding::to_string)
                .collect();
            let files: Vec<String> = a.files.iter().map(|f| f.content.to_string()).collect();
            (found, files, a.prompt)
        };
        let (found, files, prompt) = guarded(true);
        assert_eq!(
            found,
            ["b.rs:1 (aws-access-token)", "prompt:1 (github-pat)"]
        );
        assert!(!files[1].contains(&aws) && !prompt.contains(&github));
        assert_eq!((found, files, prompt), guarded(false));
    }

    #[test]
    fn a_redacted_text_gets_the_id_of_its_new_content() {
        use crate::digest::content_id;
        use crate::request::assemble::FileItem;
        let key = crate::secrets::tests::fake("github");
        let mut a = Assembly::default();
        a.files.push(FileItem::new(
            "k.rs".into(),
            format!("let k = \"{key}\";\n"),
        ));
        a.files
            .push(FileItem::new("c.rs".into(), "fn c() {}\n".into()));
        a.symbols.insert("s.rs".into(), "s.rs:\n  f s()\n".into());
        let clean_id = *a.files[1].content.id();
        let block_id = *a.symbols["s.rs"].id();
        let found = guard(&mut a, "", Mode::Redact);
        assert_eq!(found[0].to_string(), "k.rs:1 (github-pat)");
        let redacted = &a.files[0].content;
        assert!(redacted.contains("[REDACTED:github-pat]"));
        assert_eq!(*redacted.id(), content_id(&**redacted));
        assert_eq!(*a.files[1].content.id(), clean_id);
        assert_eq!(*a.symbols["s.rs"].id(), block_id);
    }

    #[test]
    fn the_review_context_is_scanned() {
        let key = crate::secrets::tests::fake("github");
        let mut a = Assembly {
            review: Some(format!("+let k = {key};\n")),
            ..Assembly::default()
        };
        let found = guard(&mut a, "", Mode::Redact);
        assert_eq!(found[0].to_string(), "review context:1 (github-pat)");
        assert!(!a.review.unwrap().contains(&key));
    }
}
