//! The symbol map's indexer on real code against Universal Ctags, medians side by side in
//! one run: cold (empty cache) and warm `index_repo` vs `ctags -L - -f out` on the same
//! files. The corpus is about 900 Rust files (~6 MB, the size of tokio) copied from the
//! cargo registry, or `ASIMI_MAP_BENCH_DIR`. Prints "skipped: …" without ctags or corpus.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use asimi_prompt::map::{files::Selection, index_repo, IndexOptions};
use asimi_prompt::progress::Silent;

const TARGET_FILES: usize = 900;
const RUNS: usize = 5;
const MAX_FILE_BYTES: u64 = 200_000;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let path = e.path();
        let Ok(kind) = e.file_type() else { continue };
        if kind.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs")
            && e.metadata().is_ok_and(|m| m.len() <= MAX_FILE_BYTES)
        {
            out.push(path);
        }
    }
}

/// Copies registry crates, whole, until about `TARGET_FILES` files.
fn corpus(dest: &Path) -> Option<Vec<String>> {
    let registry = dirs::home_dir()?.join(".cargo/registry/src");
    let index_dir = std::fs::read_dir(registry).ok()?.flatten().next()?.path();
    let mut crates: Vec<PathBuf> = std::fs::read_dir(index_dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .collect();
    crates.sort();
    let mut copied = Vec::new();
    for krate in crates {
        if copied.len() >= TARGET_FILES {
            break;
        }
        let mut files = Vec::new();
        rust_files(&krate, &mut files);
        for f in files {
            let rel = f
                .strip_prefix(krate.parent()?)
                .ok()?
                .to_string_lossy()
                .replace('\\', "/");
            let to = dest.join(&rel);
            std::fs::create_dir_all(to.parent()?).ok()?;
            std::fs::copy(&f, &to).ok()?;
            copied.push(rel);
        }
    }
    Some(copied)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn time(mut f: impl FnMut()) -> Duration {
    median(
        (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .collect(),
    )
}

fn ctags(root: &Path, files: &[String], out: &Path) {
    use std::io::Write;
    let mut child = Command::new("ctags")
        .args(["-L", "-", "-f"])
        .arg(out)
        .current_dir(root)
        .stdin(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ctags runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(files.join("\n").as_bytes())
        .unwrap();
    child.wait().unwrap();
}

fn main() {
    if Command::new("ctags").arg("--version").output().is_err() {
        println!("skipped: ctags is not installed");
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let (root, files) = match std::env::var_os("ASIMI_MAP_BENCH_DIR") {
        Some(dir) => {
            let root = PathBuf::from(dir);
            let mut all = Vec::new();
            rust_files(&root, &mut all);
            let rel = all
                .iter()
                .map(|p| {
                    p.strip_prefix(&root)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned()
                })
                .collect();
            (root, rel)
        }
        None => {
            let root = work.path().join("corpus");
            match corpus(&root) {
                Some(files) => (root, files),
                None => {
                    println!("skipped: no cargo registry sources");
                    return;
                }
            }
        }
    };
    let bytes: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(root.join(f)).ok())
        .map(|m| m.len())
        .sum();
    println!(
        "map index: {} files, {:.1} MB, {RUNS} runs each",
        files.len(),
        bytes as f64 / 1e6
    );
    let tags = work.path().join("tags");
    let ctags_time = time(|| ctags(&root, &files, &tags));
    let mut run = 0;
    let cold = time(|| {
        run += 1;
        let cache = work.path().join(format!("cold-{run}"));
        let opts = IndexOptions {
            selection: Selection::default(),
            cache_dir: Some(cache),
        };
        std::hint::black_box(index_repo(&root, &opts, &Silent).unwrap());
    });
    let warm_opts = IndexOptions {
        selection: Selection::default(),
        cache_dir: Some(work.path().join("warm")),
    };
    index_repo(&root, &warm_opts, &Silent).unwrap();
    let warm = time(|| {
        std::hint::black_box(index_repo(&root, &warm_opts, &Silent).unwrap());
    });
    let ratio = |d: Duration| d.as_secs_f64() / ctags_time.as_secs_f64();
    println!(
        "  median {:8.1} ms  (1.00x)  ctags -L - -f out",
        ctags_time.as_secs_f64() * 1e3
    );
    println!(
        "  median {:8.1} ms  ({:.2}x)  index_repo, cold cache",
        cold.as_secs_f64() * 1e3,
        ratio(cold)
    );
    println!(
        "  median {:8.1} ms  ({:.2}x)  index_repo, warm cache",
        warm.as_secs_f64() * 1e3,
        ratio(warm)
    );
}
