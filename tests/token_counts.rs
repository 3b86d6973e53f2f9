//! The token counts stay exact: on at least 4 MB of real code and prose found on this
//! machine (the cargo registry's Rust sources and Markdown, Python's standard library),
//! `Tokenizer::count` and `encode` give what tiktoken-rs (OpenAI's merge rule) and
//! bpe-openai (what counted before) give, file by file, in both encodings.

mod common;

use std::path::PathBuf;

use asimi_prompt::tokens::Tokenizer;

const CODE_BYTES: usize = 2 << 20;
const PROSE_BYTES: usize = 1 << 20;
const PYTHON_BYTES: usize = 1 << 20;

/// Files under `roots` ending in `ext`, in path order, until `budget` bytes of UTF-8.
fn gather(roots: &[PathBuf], ext: &str, budget: usize) -> Vec<(PathBuf, String)> {
    let mut paths = Vec::new();
    let mut todo: Vec<PathBuf> = roots.to_vec();
    while let Some(dir) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                todo.push(path);
            } else if kind.is_file() && path.to_string_lossy().ends_with(ext) {
                paths.push(path);
            }
        }
    }
    paths.sort();
    let mut out = Vec::new();
    let mut total = 0;
    for path in paths {
        if total >= budget {
            break;
        }
        // Big generated tables say little and cost the slow reference much.
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        if text.len() <= 100_000 {
            total += text.len();
            out.push((path, text));
        }
    }
    out
}

fn registry() -> Vec<PathBuf> {
    let src = dirs::home_dir()
        .unwrap_or_default()
        .join(".cargo/registry/src");
    let mut roots: Vec<PathBuf> = std::fs::read_dir(src)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    roots.sort();
    roots
}

#[test]
fn counts_match_tiktoken_and_bpe_openai_on_4_mb_of_real_text() {
    let registry = registry();
    let python = gather(&common::python_stdlib(), ".py", PYTHON_BYTES);
    // Without Python, more of the registry's code stands in.
    let short = PYTHON_BYTES.saturating_sub(python.iter().map(|t| t.1.len()).sum());
    let mut texts = gather(&registry, ".rs", CODE_BYTES + short);
    texts.extend(gather(&registry, ".md", PROSE_BYTES));
    texts.extend(python);
    let bytes: usize = texts.iter().map(|t| t.1.len()).sum();
    assert!(
        bytes >= 4 << 20,
        "only {bytes} bytes of text found under {registry:?} and Python's stdlib"
    );

    let references = [
        (
            Tokenizer::O200k,
            tiktoken_rs::o200k_base_singleton(),
            bpe_openai::o200k_base(),
        ),
        (
            Tokenizer::Cl100k,
            tiktoken_rs::cl100k_base_singleton(),
            bpe_openai::cl100k_base(),
        ),
    ];
    for (tokenizer, tiktoken, bpe) in references {
        let mut total = 0;
        for (path, text) in &texts {
            let ids = tiktoken.encode_ordinary(text);
            let name = tokenizer.name();
            assert_eq!(tokenizer.encode(text), ids, "{name}: {}", path.display());
            let count = tokenizer.count(text);
            assert_eq!(count, ids.len(), "{name}: {}", path.display());
            assert_eq!(
                count,
                bpe.count(text.as_str()),
                "{name}: {}",
                path.display()
            );
            total += count;
        }
        eprintln!(
            "{}: {} files, {bytes} bytes, {total} tokens",
            tokenizer.name(),
            texts.len()
        );
    }
}
