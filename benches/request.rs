//! In-process cost of a request: `messages` with the file tree and 200 working files on a
//! generated 20,000-file git repository (the tree comes from git's index), by phase, and
//! token counting throughput on those files. Whole-process timings against other tools
//! are in scripts/bench.sh.

use std::collections::BTreeMap;
use std::path::Path;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

use asimi_prompt::progress::Silent;
use asimi_prompt::prompt;
use asimi_prompt::request;
use asimi_prompt::settings::{Env, Flags, Settings};
use asimi_prompt::tokens::Tokenizer;

const FILES: usize = 20_000;
const PER_DIR: usize = 100;
const WORKING: usize = 200;

/// A plausible source file of about 1.5 KB.
fn source(i: usize) -> String {
    let mut s = format!("//! Module {i}: generated for the request benchmark.\n\nuse std::collections::BTreeMap;\n\n");
    for f in 0..6 {
        s.push_str(&format!(
            "/// Looks up entry {f} of module {i} and returns its weight.\n\
             pub fn lookup_{f}(map: &BTreeMap<String, u64>, key: &str) -> Option<u64> {{\n    \
             let value = map.get(key)?;\n    Some(value.saturating_mul({f}) + {i})\n}}\n\n"
        ));
    }
    s
}

/// The path of file `i`: `src/pkgNNN/modNNNNN.rs`, 100 files a directory.
fn rel(i: usize) -> String {
    format!("src/pkg{:03}/mod{i:05}.rs", i / PER_DIR)
}

/// Writes the repository and adds every file to git's index.
fn generate(root: &Path) {
    for i in 0..FILES {
        let path = root.join(rel(i));
        if i % PER_DIR == 0 {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        }
        std::fs::write(path, source(i)).unwrap();
    }
    let repo = git2::Repository::init(root).unwrap();
    let mut index = repo.index().unwrap();
    index
        .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
        .unwrap();
    index.write().unwrap();
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap().join("repo");
    std::fs::create_dir_all(&root).unwrap();
    generate(&root);

    let mut env = Env::default();
    env.0.insert(
        "ASIMI_CONFIG_DIR".into(),
        dir.path().join("config").display().to_string(),
    );
    let flags = Flags {
        cwd: Some(root.clone()),
        model: Some("claude-sonnet-5-5".into()),
        ..Flags::default()
    };
    let settings = Settings::load(&flags, &env).unwrap();
    let built = prompt::build(&settings, serde_json::json!({})).unwrap();
    let inputs = request::input::RequestFlags {
        prompt: Some("Explain the lookup functions.".into()),
        files: (0..WORKING).map(rel).collect(),
        file_tree: Some(true),
        max_file_bytes: request::input::read::DEFAULT_MAX_FILE_BYTES,
        ..request::input::RequestFlags::default()
    };
    let spec = request::input::spec::Spec::default();
    let prepare_for = |settings: &Settings, built: &prompt::Built| {
        let reminder = prompt::reminder(settings, built).unwrap();
        let loaded = request::read_inputs(
            &inputs,
            &spec,
            &root,
            settings,
            built,
            &mut || None,
            &Silent,
        );
        request::Request::new(loaded.unwrap(), built, &reminder).unwrap()
    };
    let prepare = || prepare_for(&settings, &built);
    let req = prepare();
    assert_eq!(req.assembly.file_tree.as_ref().map(Vec::len), Some(FILES));
    let no_tiers = BTreeMap::new();

    let mut group = c.benchmark_group("messages (20,000-file repo, 200 working files)");
    group.sample_size(20);
    group.bench_function("file tree from git's index", |b| {
        b.iter(|| {
            request::input::tree::list(
                black_box(&root),
                &ignore::gitignore::Gitignore::empty(),
                &Silent,
            )
        })
    });
    group.bench_function("prepare (read files, tree, reminder)", |b| b.iter(prepare));
    group.bench_function("lay out, place markers, encode", |b| {
        b.iter(|| request::render(black_box(&req), &no_tiers, false).unwrap())
    });
    group.bench_function("whole: settings, prompt, prepare, render", |b| {
        b.iter(|| {
            let settings = Settings::load(&flags, &env).unwrap();
            let built = prompt::build(&settings, serde_json::json!({})).unwrap();
            let req = prepare_for(&settings, &built);
            request::render(&req, &no_tiers, false).unwrap()
        })
    });
    group.finish();

    let texts: Vec<&str> = req.assembly.files.iter().map(|f| &*f.content).collect();
    let bytes: usize = texts.iter().map(|t| t.len()).sum();
    let mut group = c.benchmark_group("token counting (200 working files)");
    group.throughput(Throughput::Bytes(bytes as u64));
    for tokenizer in [Tokenizer::O200k, Tokenizer::Cl100k] {
        tokenizer.count("warm up the tables");
        group.bench_function(tokenizer.name(), |b| {
            b.iter(|| {
                texts
                    .iter()
                    .map(|t| tokenizer.count(black_box(t)))
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
