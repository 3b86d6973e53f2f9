//! In-process cost of building the system prompt, by phase: the model registry, settings
//! (config files, git discovery) and the full build, in a git repository with two
//! AGENTS.md files. Whole-process timings are in scripts/bench.sh.

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use asimi_prompt::model::ModelRegistry;
use asimi_prompt::prompt::{self, library::Library};
use asimi_prompt::settings::{Env, Flags, Settings};

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    std::fs::create_dir_all(repo.join("sub")).unwrap();
    git2::Repository::init(&repo).unwrap();
    std::fs::write(repo.join("AGENTS.md"), "# Project\n- test: `just test`\n").unwrap();
    std::fs::write(repo.join("sub/AGENTS.md"), "Use present progressive.\n").unwrap();
    let mut env = Env::default();
    env.0.insert(
        "ASIMI_CONFIG_DIR".into(),
        dir.path().join("config").display().to_string(),
    );
    let flags = Flags {
        cwd: Some(repo.join("sub")),
        model: Some("claude-sonnet-5-5".into()),
        ..Flags::default()
    };

    let models = Library::new(vec![])
        .find("models.yaml")
        .unwrap()
        .unwrap()
        .text;
    c.bench_function("models registry: YAML (a project override)", |b| {
        b.iter(|| ModelRegistry::parse(black_box(&models), "models.yaml").unwrap())
    });
    c.bench_function("models registry: built-in (JSON from build.rs)", |b| {
        b.iter(ModelRegistry::builtin)
    });
    c.bench_function("settings resolve (config, git)", |b| {
        b.iter(|| Settings::load(black_box(&flags), &env).unwrap())
    });
    let settings = Settings::load(&flags, &env).unwrap();
    c.bench_function("system prompt build", |b| {
        b.iter(|| prompt::build(black_box(&settings), serde_json::json!({})).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
