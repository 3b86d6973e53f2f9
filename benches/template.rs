//! Template engine speed on a 5 KB system-prompt template with conditionals, ranges and
//! printf (fixtures/bench/prompt-5k.md.tmpl). Targets: compile ≤ 500 µs, render ≤ 50 µs.

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use asimi_prompt::data;
use gotemplate::{Engine, MissingKey, Syntax};

const NAME: &str = "prompt-5k.md.tmpl";

fn source() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/prompt-5k.md.tmpl"
    ))
    .unwrap()
}

fn data() -> minijinja::Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/prompt-data.json"
    ))
    .unwrap();
    data::to_value(&serde_json::from_str(&text).unwrap())
}

fn bench(c: &mut Criterion) {
    let source = source();
    let data = data();

    c.bench_function("go parse + lower (5 KB)", |b| {
        b.iter(|| {
            gotemplate::parse(NAME, black_box(&source))
                .unwrap()
                .to_jinja()
        })
    });
    c.bench_function("compile: parse, lower, minijinja compile (5 KB)", |b| {
        let mut engine = Engine::new(MissingKey::Default);
        b.iter(|| engine.add(NAME, black_box(&source), Syntax::Go).unwrap())
    });
    c.bench_function("engine setup (environment + builtins)", |b| {
        b.iter(|| Engine::new(MissingKey::Default))
    });
    let mut engine = Engine::new(MissingKey::Default);
    engine.add(NAME, &source, Syntax::Go).unwrap();
    c.bench_function("render (5 KB)", |b| {
        b.iter(|| engine.render(NAME, black_box(&data)).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
