//! Token counting throughput of `tokens::Tokenizer` and the two Rust BPE crates for
//! OpenAI's encodings, on a corpus built from a fixed seed (`tests/common/corpus.rs`:
//! Rust-like source, prose, other scripts, numbers and whitespace runs), about 4 MB in
//! 2 KB texts counted one by one as a request does. That all three give the same count
//! for every text in both encodings, without which the comparison would mean nothing, is
//! a test (`tests/integration/token_counts.rs`), so `cargo test` checks it; this file only measures.
//! Then the cost of a run's first count: each one's tables loaded or indexed. The figures
//! are recorded in src/tokens/mod.rs.

#[path = "../tests/common/corpus.rs"]
mod corpus;

use asimi_prompt::tokens::Tokenizer;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let texts = corpus::bench_texts();
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
    first_use("asimi-prompt o200k_base", &|| {
        Tokenizer::O200k.count("x");
    });
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

    println!("corpus: {} texts, {bytes} bytes", texts.len());

    for tokenizer in [Tokenizer::O200k, Tokenizer::Cl100k] {
        let name = format!("asimi-prompt {}", tokenizer.name());
        group.bench_function(name, |bench| {
            bench.iter(|| {
                texts
                    .iter()
                    .map(|t| tokenizer.count(black_box(t)))
                    .sum::<usize>()
            })
        });
    }
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
    // again and again (ours need no loading); the first-use times above compare all three.
    group.bench_function("tiktoken-rs o200k", |bench| {
        bench.iter(|| tiktoken_rs::o200k_base().unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
