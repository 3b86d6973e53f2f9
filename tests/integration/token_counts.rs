//! The token counts stay exact: on at least 4 MB of real code and prose found on this
//! machine (the cargo registry's Rust sources and Markdown, Python's standard library),
//! `Tokenizer::count` and `encode` give what tiktoken-rs (OpenAI's merge rule) and
//! bpe-openai (what counted before) give, file by file, in both encodings; and the three
//! agree on every text of the generated corpus `benches/tokens.rs` times them on. A run
//! of the binary keeps what it counted in the user's cache.

use crate::common;

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

/// Ours, with tiktoken-rs's and bpe-openai's tables of the same encoding.
fn references() -> [(
    Tokenizer,
    &'static tiktoken_rs::CoreBPE,
    &'static bpe_openai::Tokenizer,
); 2] {
    [
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
    ]
}

#[test]
fn counts_match_tiktoken_and_bpe_openai_on_4_mb_of_real_text() {
    let registry = common::cargo_registries();
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

    for (tokenizer, tiktoken, bpe) in references() {
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

/// The corpus `benches/tokens.rs` times (`common::corpus::bench_texts`: other scripts,
/// emoji, numbers and runs of whitespace, which real files hold little of): all three
/// tokenizers the bench compares give the same count for every text, in both encodings,
/// or its comparison would mean nothing.
#[test]
fn counts_match_on_the_benchmark_corpus() {
    let texts = common::corpus::bench_texts();
    let bytes: usize = texts.iter().map(String::len).sum();
    assert!(bytes >= 4 << 20, "the bench's corpus is only {bytes} bytes");
    for (tokenizer, tiktoken, bpe) in references() {
        let name = tokenizer.name();
        let mut total = 0;
        for (i, text) in texts.iter().enumerate() {
            let count = tiktoken.encode_ordinary(text).len();
            assert_eq!(tokenizer.count(text), count, "{name}, text {i}");
            assert_eq!(bpe.count(text.as_str()), count, "{name}, text {i}");
            total += count;
        }
        eprintln!(
            "{name}: {} texts, {bytes} bytes, {total} tokens",
            texts.len()
        );
    }
}

/// The real code comes from cargo's registry where cargo keeps it: under `CARGO_HOME`
/// when that is set, not always under `~/.cargo`.
#[test]
fn cargo_home_is_cargo_home_first() {
    use std::path::Path;
    let home = Some(PathBuf::from("/home/u"));
    let set = Some(std::ffi::OsString::from("/opt/cargo"));
    assert_eq!(
        common::cargo_home_from(set, home.clone()),
        Path::new("/opt/cargo")
    );
    assert_eq!(
        common::cargo_home_from(None, home.clone()),
        Path::new("/home/u/.cargo")
    );
    // Set but empty is unset, as cargo reads it.
    assert_eq!(
        common::cargo_home_from(Some("".into()), home),
        Path::new("/home/u/.cargo")
    );
}

/// The binary keeps the counts it worked out in the user's cache for the next run
/// (`memo::keep_in`); the library alone keeps them in memory only.
#[test]
fn a_run_remembers_its_counts_in_the_user_cache() {
    let t = common::python_repo().args([
        "messages",
        "--hermetic",
        "--model",
        "gpt-4o",
        "--prompt",
        "hi",
        "--file",
        "b.py",
    ]);
    t.run().ok();
    let memo = t.home.join(".cache/asimi-prompt/memo-1.bin");
    let facts = std::fs::metadata(&memo)
        .unwrap_or_else(|e| panic!("{}: {e}", memo.display()))
        .len();
    // 16 bytes of key and 4 of value a fact.
    assert!(facts > 0 && facts.is_multiple_of(20), "{facts} bytes");
}
