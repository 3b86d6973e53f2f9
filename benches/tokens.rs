//! Token counting throughput of the two Rust BPE crates for OpenAI's encodings, on
//! realistic text: Rust source and Markdown prose (this repository's files, then crate
//! sources from Cargo's registry), about 4 MB, counted file by file as a request does.
//! The winner backs `tokens::Tokenizer`; the figures are recorded there.

use std::path::{Path, PathBuf};

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

const TARGET_BYTES: usize = 4 << 20;

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if path.is_dir() {
            collect(&path, out);
        } else if name.ends_with(".rs") || name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// Source and prose files, in a fixed order, until about `TARGET_BYTES`.
fn corpus() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    collect(root, &mut paths);
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| dirs::home_dir().map(|h| h.join(".cargo")));
    if let Some(home) = cargo_home {
        collect(&home.join("registry/src"), &mut paths);
    }
    let mut texts = Vec::new();
    let mut total = 0;
    for path in paths {
        if total >= TARGET_BYTES {
            break;
        }
        if let Ok(text) = std::fs::read_to_string(&path) {
            total += text.len();
            texts.push(text);
        }
    }
    // Without a registry (a bare checkout) repeat what there is.
    let base = texts.clone();
    while total < TARGET_BYTES && !base.is_empty() {
        for t in &base {
            total += t.len();
            texts.push(t.clone());
        }
    }
    texts
}

fn bench(c: &mut Criterion) {
    let texts = corpus();
    let bytes: usize = texts.iter().map(String::len).sum();
    let mut group = c.benchmark_group("tokens");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(10);

    // A run of the CLI loads the tables once, so their load time is part of every run.
    let first_use = |name: &str, load: &dyn Fn()| {
        let start = std::time::Instant::now();
        load();
        println!(
            "{name}: tables loaded on first use in {:?}",
            start.elapsed()
        );
    };
    first_use("bpe-openai o200k_base", &|| {
        bpe_openai::o200k_base();
    });
    first_use("tiktoken-rs o200k_base", &|| {
        tiktoken_rs::o200k_base_singleton();
    });
    let bpe_o200k = bpe_openai::o200k_base();
    let bpe_cl100k = bpe_openai::cl100k_base();
    let tik_o200k = tiktoken_rs::o200k_base_singleton();
    let tik_cl100k = tiktoken_rs::cl100k_base_singleton();

    // Same counts, or the comparison means nothing.
    let a: usize = texts.iter().map(|t| bpe_o200k.count(t.as_str())).sum();
    let b: usize = texts
        .iter()
        .map(|t| tik_o200k.encode_ordinary(t).len())
        .sum();
    println!(
        "corpus: {} files, {bytes} bytes; o200k tokens: bpe-openai {a}, tiktoken-rs {b}",
        texts.len()
    );

    group.bench_function("bpe-openai o200k", |bench| {
        bench.iter(|| {
            texts
                .iter()
                .map(|t| bpe_o200k.count(black_box(t.as_str())))
                .sum::<usize>()
        })
    });
    group.bench_function("tiktoken-rs o200k", |bench| {
        bench.iter(|| {
            texts
                .iter()
                .map(|t| tik_o200k.encode_ordinary(black_box(t)).len())
                .sum::<usize>()
        })
    });
    group.bench_function("bpe-openai cl100k", |bench| {
        bench.iter(|| {
            texts
                .iter()
                .map(|t| bpe_cl100k.count(black_box(t.as_str())))
                .sum::<usize>()
        })
    });
    group.bench_function("tiktoken-rs cl100k", |bench| {
        bench.iter(|| {
            texts
                .iter()
                .map(|t| tik_cl100k.encode_ordinary(black_box(t)).len())
                .sum::<usize>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("tokens: loading the o200k tables");
    group.sample_size(10);
    // bpe-openai keeps its tables in a private LazyLock, so only tiktoken-rs can be loaded
    // again and again; the first-use times above compare both.
    group.bench_function("tiktoken-rs o200k", |bench| {
        bench.iter(|| tiktoken_rs::o200k_base().unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
