//! Build-time conversions of embedded data, so a run does not pay for them:
//! - the model registry (templates/models.yaml) to JSON: parsing YAML costs about 0.4 ms
//!   per run, JSON a tenth of that. A project's own models.yaml override is still read as
//!   YAML.
//! - the BPE encodings (`o200k_base`, `cl100k_base`) from bpe-openai's 32 and 15 MB
//!   serialized automata, which a run decoded in tens of milliseconds, to their bare
//!   vocabularies and an index (4.3 and 2.1 MB) that a run reads in place. See
//!   src/tokens/bpe.rs.
//! - the tree-sitter grammars' tables, compressed (build/grammars.rs).
//! - the secret rules' keywords to a DFA table (build/keywords.rs): building the
//!   automaton was a millisecond of every run that scanned.
//! - the built-in Go templates (templates/**/*.tmpl) lowered to Jinja by the same code
//!   that lowers a user's (crates/gotemplate): lowering was a quarter of `system`'s work.

use std::path::Path;

#[path = "build/grammars.rs"]
mod grammars;
#[path = "src/tokens/index.rs"]
mod index;
#[path = "build/keywords.rs"]
mod keywords;

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out);
    registry_json(out);
    vocabulary(out, "o200k_base", bpe_openai::o200k_base());
    vocabulary(out, "cl100k_base", bpe_openai::cl100k_base());
    link_without_pie();
    grammars::pack(out);
    lowered_templates(out);
    keywords::generate(out);
}

/// `lowered.rs`: `(path under templates/, Jinja source)` for each built-in Go template
/// that lowers (one that does not is left to the run, which reports the error), sorted
/// by path. Only the Jinja source: the error sites are worked out again on an error.
fn lowered_templates(out: &Path) {
    // The lowering itself is a build-dependency, which cargo tracks.
    println!("cargo:rerun-if-changed=templates");
    let mut files = Vec::new();
    collect_templates(Path::new("templates"), &mut files);
    let mut lowered: Vec<(String, String)> = Vec::new();
    for path in files {
        let name = path
            .strip_prefix("templates")
            .expect("under templates/")
            .to_string_lossy()
            .replace('\\', "/");
        let source = std::fs::read_to_string(&path).expect("templates are UTF-8");
        if let Ok(parsed) = gotemplate::parse(&name, &source) {
            lowered.push((name, parsed.to_jinja()));
        }
    }
    // Sorted as strings, which the run's binary search compares.
    lowered.sort();
    let mut table = String::from("&[\n");
    for (name, jinja) in &lowered {
        table.push_str(&format!("    ({name:?}, {jinja:?}),\n"));
    }
    table.push_str("]\n");
    std::fs::write(out.join("lowered.rs"), table).expect("OUT_DIR is writable");
}

fn collect_templates(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let entries = std::fs::read_dir(dir).expect("templates/ is readable");
    for entry in entries.map(|e| e.expect("templates/ is readable")) {
        let path = entry.path();
        if path.is_dir() {
            collect_templates(&path, out);
        } else if path.extension().is_some_and(|e| e == "tmpl") {
            out.push(path);
        }
    }
}

/// A position-independent executable is relocated at every start: tens of thousands of
/// pointers in the grammars' and the tables' read-only data, each page of them copied
/// on write. A fixed-address binary maps those pages from the file as they are.
fn link_without_pie() {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}

fn registry_json(out: &Path) {
    let src = Path::new("templates/models.yaml");
    println!("cargo:rerun-if-changed={}", src.display());
    let text = std::fs::read_to_string(src).expect("templates/models.yaml is readable");
    let value: serde_yaml::Value = serde_yaml::from_str(&text)
        .unwrap_or_else(|e| panic!("templates/models.yaml is not valid YAML: {e}"));
    let json = serde_json::to_string(&value).expect("the registry converts to JSON");
    std::fs::write(out.join("models.json"), json).expect("OUT_DIR is writable");
}

/// Writes `<name>.bytes` (the tokens concatenated in rank order), `<name>.starts` (where
/// each starts, and the end, as little-endian `u32`s) and `<name>.index` (`index::build`).
fn vocabulary(out: &Path, name: &str, tokenizer: &bpe_openai::Tokenizer) {
    let bpe = &tokenizer.bpe;
    let mut starts = vec![0u32];
    let mut bytes = Vec::new();
    for id in 0..bpe.num_tokens() as u32 {
        bytes.extend_from_slice(bpe.token_bytes(id));
        starts.push(u32::try_from(bytes.len()).expect("the vocabulary is under 4 GB"));
    }
    let index = index::build(&starts, &bytes);
    let starts: Vec<u8> = starts.iter().flat_map(|s| s.to_le_bytes()).collect();
    for (ext, data) in [("bytes", bytes), ("starts", starts), ("index", index)] {
        std::fs::write(out.join(format!("{name}.{ext}")), data).expect("OUT_DIR is writable");
    }
}
