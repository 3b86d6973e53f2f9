//! Recall of the map's indexer against Universal Ctags on real code already on the
//! machine: of the function, method and class-like definitions ctags reports outside
//! function bodies, at least the floor docs/map.md states for the language (95% or more)
//! must appear in the index with the same name and line.
//!
//! Corpora: the cargo registry's sources (Rust, and C bundled by `-sys` crates), Python's
//! standard library, Go's standard library (`/usr/lib/go*/src`), npm's own `node_modules`
//! (JavaScript), npm packages (TypeScript), or any directory in `ASIMI_MAP_CORPUS_<LANG>`.
//! Where a corpus or ctags is missing the language's test is reported ignored (it fails
//! under CI).

use crate::common;

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use asimi_prompt::map::{index::index, Symbol};

const SAMPLE: usize = 300;
const MIN_RECALL: f64 = 0.95;
/// Larger files are mostly generated tables; they make the sample slow, not better.
const MAX_FILE_BYTES: u64 = 200_000;

struct Corpus {
    lang: &'static str,
    extensions: &'static [&'static str],
    /// ctags' long kind names that count as function, method or class-like.
    kinds: &'static [&'static str],
    roots: fn() -> Vec<PathBuf>,
}

const CORPORA: [Corpus; 6] = [
    Corpus {
        lang: "rust",
        extensions: &["rs"],
        kinds: &[
            "function",
            "method",
            "struct",
            "enum",
            "interface",
            "typedef",
            "union",
        ],
        roots: cargo_registry,
    },
    Corpus {
        lang: "python",
        extensions: &["py"],
        kinds: &["class", "function", "member"],
        roots: python_stdlib,
    },
    Corpus {
        lang: "go",
        extensions: &["go"],
        kinds: &[
            "func",
            "struct",
            "interface",
            "type",
            "methodSpec",
            "talias",
        ],
        roots: go_stdlib,
    },
    Corpus {
        lang: "javascript",
        extensions: &["js"],
        kinds: &["function", "class", "method", "generator"],
        roots: npm_modules,
    },
    Corpus {
        lang: "typescript",
        extensions: &["ts"],
        kinds: &["function", "class", "method", "interface", "enum", "alias"],
        roots: typescript_modules,
    },
    Corpus {
        lang: "c",
        extensions: &["c"],
        kinds: &["function", "struct", "enum", "union", "typedef"],
        roots: cargo_registry_c,
    },
];

/// ctags kinds of functions: definitions inside one (at any depth) are local, and the
/// map leaves them out.
const FUNCTION_KINDS: [&str; 5] = ["function", "method", "func", "member", "generator"];
/// ctags' name for an unnamed function.
const ANONYMOUS: &str = "AnonymousFunction";
/// ctags' names for C's unnamed structs, unions and enums (`typedef struct { … } T;`
/// is the typedef `T`, which counts).
const ANONYMOUS_C: &str = "__anon";

fn env_root(lang: &str) -> Option<Vec<PathBuf>> {
    std::env::var_os(format!("ASIMI_MAP_CORPUS_{}", lang.to_uppercase()))
        .map(|p| vec![PathBuf::from(p)])
}

/// The crates cargo downloaded, under `CARGO_HOME` (else `~/.cargo`).
fn cargo_registry() -> Vec<PathBuf> {
    env_root("rust").unwrap_or_else(common::cargo_registries)
}

/// The C that `-sys` crates bundle (libgit2, zlib, mimalloc, …).
fn cargo_registry_c() -> Vec<PathBuf> {
    env_root("c").unwrap_or_else(common::cargo_registries)
}

fn python_stdlib() -> Vec<PathBuf> {
    env_root("python").unwrap_or_else(common::python_stdlib)
}

fn go_stdlib() -> Vec<PathBuf> {
    env_root("go").unwrap_or_else(|| {
        let mut roots: Vec<PathBuf> = std::fs::read_dir("/usr/lib")
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        roots.retain(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("go-"))
        });
        roots.sort();
        roots
            .into_iter()
            .last()
            .map(|p| vec![p.join("src")])
            .unwrap_or_default()
    })
}

fn npm_modules() -> Vec<PathBuf> {
    env_root("javascript")
        .unwrap_or_else(|| vec![PathBuf::from("/usr/lib/node_modules/npm/node_modules")])
}

/// The packages `.ci/run` installs for the MCP tests (~1,200 `.ts` files) and global npm
/// packages (`npm i -g repomix` brings ~2,000).
fn typescript_modules() -> Vec<PathBuf> {
    env_root("typescript").unwrap_or_else(|| {
        let everything = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/mcp-everything");
        vec![everything, PathBuf::from("/usr/lib/node_modules")]
    })
}

fn collect(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let Ok(kind) = e.file_type() else { continue };
        let path = e.path();
        if kind.is_dir() {
            collect(&path, extensions, out);
        } else if kind.is_file()
            && path
                .extension()
                .is_some_and(|x| extensions.iter().any(|e| x == *e))
            && e.metadata().is_ok_and(|m| m.len() <= MAX_FILE_BYTES)
        {
            out.push(path);
        }
    }
}

/// Up to `SAMPLE` files spread evenly over the sorted corpus.
fn sample(corpus: &Corpus) -> Vec<PathBuf> {
    let mut all = Vec::new();
    for root in (corpus.roots)() {
        collect(&root, corpus.extensions, &mut all);
    }
    all.sort();
    let step = (all.len() / SAMPLE).max(1);
    all.into_iter().step_by(step).take(SAMPLE).collect()
}

/// ctags' `(path, name, line)` for the counted kinds outside function bodies.
fn ctags(files: &[PathBuf], corpus: &Corpus) -> Option<Vec<(PathBuf, String, u32)>> {
    let mut child = Command::new("ctags")
        .args([
            "--output-format=json",
            "--fields=+nKZ",
            "--sort=no",
            "-L",
            "-",
            "-f",
            "-",
        ])
        .arg(format!("--languages={}", ctags_language(corpus.lang)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let list: String = files.iter().map(|f| format!("{}\n", f.display())).collect();
    let writer = std::thread::spawn(move || stdin.write_all(list.as_bytes()));
    let out = child.wait_with_output().ok()?;
    writer.join().ok()?.ok()?;
    let all: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    let field =
        |t: &serde_json::Value, f: &str| t[f].as_str().unwrap_or_default().replace("::", ".");
    let functions: HashSet<(String, String)> = all
        .iter()
        .filter(|t| FUNCTION_KINDS.contains(&t["kind"].as_str().unwrap_or_default()))
        .map(|t| {
            let scope = field(t, "scope");
            let full = if scope.is_empty() {
                field(t, "name")
            } else {
                format!("{scope}.{}", field(t, "name"))
            };
            (field(t, "path"), full)
        })
        .collect();
    let local = |t: &serde_json::Value| {
        let scope = field(t, "scope");
        let parts: Vec<&str> = scope.split('.').collect();
        scope.contains(ANONYMOUS)
            || (1..=parts.len())
                .any(|n| functions.contains(&(field(t, "path"), parts[..n].join("."))))
    };
    let mut tags = Vec::new();
    for tag in &all {
        let kind = tag["kind"].as_str().unwrap_or_default();
        let name = field(tag, "name");
        // ctags calls JavaScript's object literals classes; they are not.
        let object_literal = corpus.lang == "javascript"
            && kind == "class"
            && !field(tag, "pattern").contains("class");
        // ctags calls `type X` in TypeScript's import and export lists aliases; they
        // define nothing.
        let pattern = field(tag, "pattern");
        let import_list = corpus.lang == "typescript"
            && kind == "alias"
            && (pattern.starts_with("/^import ") || pattern.starts_with("/^export {"));
        if !corpus.kinds.contains(&kind)
            || name.starts_with(ANONYMOUS)
            || name.starts_with(ANONYMOUS_C)
            || local(tag)
            || object_literal
            || import_list
        {
            continue;
        }
        let line = tag["line"].as_u64().unwrap_or_default() as u32;
        tags.push((PathBuf::from(field(tag, "path")), name, line));
    }
    Some(tags)
}

fn ctags_language(lang: &str) -> &str {
    match lang {
        "javascript" => "JavaScript",
        "python" => "Python",
        "rust" => "Rust",
        "go" => "Go",
        "typescript" => "TypeScript",
        "c" => "C",
        other => other,
    }
}

/// Every symbol's name and line; JavaScript's private `#name` is `name` to ctags.
fn flatten(symbols: &[Symbol], out: &mut HashSet<(String, u32)>) {
    for s in symbols {
        out.insert((s.name.trim_start_matches('#').to_string(), s.line));
        flatten(&s.children, out);
    }
}

/// Recall on one corpus, or why it could not be measured.
fn recall(corpus: &Corpus) -> Result<(f64, usize, Vec<String>), String> {
    let files = sample(corpus);
    if files.is_empty() {
        return Err(format!("no {} files in the {0} corpus", corpus.lang));
    }
    let tags = ctags(&files, corpus).ok_or("ctags could not run")?;
    let mut found = std::collections::HashMap::new();
    for f in &files {
        let Ok(source) = std::fs::read(f) else {
            continue;
        };
        let mut defs = HashSet::new();
        if let Some(ix) = index(&f.to_string_lossy(), &String::from_utf8_lossy(&source)) {
            flatten(&ix.symbols, &mut defs);
        }
        found.insert(f.clone(), defs);
    }
    let mut missing = Vec::new();
    let mut hits = 0;
    for (path, name, line) in &tags {
        if found
            .get(path)
            .is_some_and(|d| d.contains(&(name.clone(), *line)))
        {
            hits += 1;
        } else {
            missing.push(format!("{}:{line} {name}", path.display()));
        }
    }
    let total = tags.len().max(1);
    Ok((hits as f64 / total as f64, tags.len(), missing))
}

/// The languages recall is measured on, one test each.
pub fn languages() -> impl Iterator<Item = &'static str> {
    CORPORA.iter().map(|c| c.lang)
}

fn corpus(lang: &str) -> &'static Corpus {
    CORPORA.iter().find(|c| c.lang == lang).unwrap()
}

/// Why recall on `lang` cannot be measured here (no corpus, or no ctags), or `None`.
pub fn missing(lang: &str) -> Option<String> {
    if !(corpus(lang).roots)().iter().any(|root| root.is_dir()) {
        return Some(format!(
            "no {lang} corpus on this machine (ASIMI_MAP_CORPUS_{} names one)",
            lang.to_uppercase()
        ));
    }
    common::missing_tool("ctags")
}

/// What docs/map.md says before the floors, `Name N%` apart by commas, up to a full stop.
const FLOORS_LEAD: &str = "fails below its language's floor: ";

/// The floor docs/map.md states for `lang` (a fraction).
fn documented_floor(lang: &str) -> f64 {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/map.md"))
        .unwrap()
        .replace('\n', " ");
    let at = page
        .find(FLOORS_LEAD)
        .expect("docs/map.md states the recall floors")
        + FLOORS_LEAD.len();
    let list = &page[at..at + page[at..].find('.').unwrap()];
    let name = ctags_language(lang);
    list.split(", ")
        .find_map(|entry| {
            entry
                .strip_prefix(name)?
                .strip_prefix(' ')?
                .strip_suffix('%')
        })
        .unwrap_or_else(|| panic!("docs/map.md states no floor for {name}: {list}"))
        .parse::<f64>()
        .unwrap()
        / 100.0
}

/// The map's recall on `lang` is at least the floor docs/map.md states for it, and no
/// floor is under [`MIN_RECALL`]. The figure is printed (`--nocapture`): it depends on
/// the machine's corpus, so the page promises the floor, not the figure.
pub fn recall_is_at_least_the_documented_floor(lang: &str) {
    let floor = documented_floor(lang);
    assert!(
        floor >= MIN_RECALL,
        "{lang}: floor {floor} under {MIN_RECALL}"
    );
    let (r, total, missing) = recall(corpus(lang)).unwrap();
    println!(
        "{lang}: recall {:.1}% of {total} ctags definitions",
        r * 100.0
    );
    for m in missing.iter().take(15) {
        println!("  missing {m}");
    }
    assert!(
        r >= floor,
        "{lang} recall {:.1}% is under docs/map.md's floor {:.1}%",
        r * 100.0,
        floor * 100.0
    );
}
