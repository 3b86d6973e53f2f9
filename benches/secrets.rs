//! The secrets scan (`secrets::find`, not remembered) on real code: this repository's own
//! `src/`, `tests/` and `benches/` sources, each file a text as a request sends it. The
//! first scan is timed alone, as a run pays it: each rule's regexes compile when a text
//! first needs them. Then the scan of texts seen before, with everything compiled.

use std::path::Path;
use std::time::Instant;

use asimi_prompt::secrets;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let path = e.path();
        if path.is_dir() {
            sources(&path, out);
        } else if let Ok(text) = std::fs::read_to_string(&path) {
            out.push((path.to_string_lossy().into_owned(), text));
        }
    }
}

fn scan(texts: &[(String, String)]) -> usize {
    let found = texts
        .iter()
        .map(|(path, text)| secrets::find(text, Some(path)));
    found.map(|hits| hits.len()).sum()
}

fn bench(c: &mut Criterion) {
    let mut texts = Vec::new();
    match std::env::var_os("ASIMI_SECRETS_BENCH_DIR") {
        Some(dir) => sources(Path::new(&dir), &mut texts),
        None => ["src", "tests", "benches"]
            .iter()
            .for_each(|dir| sources(Path::new(dir), &mut texts)),
    }
    let bytes: usize = texts.iter().map(|(_, t)| t.len()).sum();
    let start = Instant::now();
    let found = scan(&texts);
    println!(
        "secrets: first scan of {} files ({bytes} bytes, {found} findings) in {:?}",
        texts.len(),
        start.elapsed()
    );
    let mut group = c.benchmark_group("secrets");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(20);
    group.bench_function("find", |b| b.iter(|| black_box(scan(&texts))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
