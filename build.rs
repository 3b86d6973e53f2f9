//! Build-time conversions of embedded data, so a run does not pay for them:
//! - the model registry (templates/models.yaml) to a table of its entries, each as JSON
//!   beside its pattern: parsing the YAML cost about 0.4 ms per run, the whole as JSON a
//!   tenth of that, and a run that names a known model parses its one entry (a sixth
//!   of `system`'s own CPU was the whole registry). A project's own models.yaml
//!   override is still read as YAML.
//! - the built-in prompt registry's front matter (templates/registry/*.md) to JSON,
//!   which the run checks with the same types as a user's YAML: parsing ten YAML
//!   documents was a twentieth of `system`'s CPU.
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

#[path = "src/prompt/front_matter.rs"]
mod front_matter;
#[path = "build/grammars.rs"]
mod grammars;
#[path = "src/tokens/index.rs"]
mod index;
#[path = "build/keywords.rs"]
mod keywords;

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out);
    registry_table(out);
    prompt_front_matter(out);
    vocabulary(out, "o200k_base", bpe_openai::o200k_base());
    vocabulary(out, "cl100k_base", bpe_openai::cl100k_base());
    link_without_pie();
    link_unwinder_statically();
    grammars::pack(out);
    lowered_templates(out);
    keywords::generate(out);
}

/// `lowered.rs`: `(path under templates/, Jinja source)` for each built-in Go template
/// and built-in prompt's text that lowers (one that does not is left to the run, which
/// reports the error), sorted by path. Only the Jinja source: the error sites are worked out again on an error.
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
    // A built-in prompt's text is a Go template too, lowered under the name the run
    // gives it (its origin) and found by its path.
    for (name, text) in prompt_files() {
        let (_, body) = split_prompt(&name, &text);
        if let Ok(parsed) = gotemplate::parse(&format!("{PROMPT_ORIGIN}{name}"), body) {
            lowered.push((format!("{PROMPTS_PATH}{name}"), parsed.to_jinja()));
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
    if linux_gnu() && !crt_static() {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}

/// The registry's top-level keys (`ModelRegistry`'s fields, which refuse others).
const REGISTRY_KEYS: [&str; 2] = ["checked", "models"];

/// `models.rs`: `(checked, &[(pattern, entry as JSON)])`, the entries in the file's order.
fn registry_table(out: &Path) {
    let src = Path::new("templates/models.yaml");
    println!("cargo:rerun-if-changed={}", src.display());
    let text = std::fs::read_to_string(src).expect("templates/models.yaml is readable");
    let value: serde_json::Value = serde_yaml::from_str(&text)
        .unwrap_or_else(|e| panic!("templates/models.yaml is not valid YAML: {e}"));
    let top = value.as_object().expect("templates/models.yaml is a map");
    if let Some(key) = top.keys().find(|k| !REGISTRY_KEYS.contains(&k.as_str())) {
        panic!("templates/models.yaml: unknown key '{key}'");
    }
    let checked = top.get("checked").and_then(|c| c.as_str());
    let models = top
        .get("models")
        .and_then(|m| m.as_array())
        .expect("templates/models.yaml has a list of models");
    let mut table = format!("({checked:?}, &[\n");
    for entry in models {
        let pattern = entry["pattern"]
            .as_str()
            .expect("every entry has a pattern");
        table.push_str(&format!("    ({pattern:?}, {:?}),\n", entry.to_string()));
    }
    table.push_str("])\n");
    std::fs::write(out.join("models.rs"), table).expect("OUT_DIR is writable");
}

/// `prompts.rs`: `&[(file name, front matter as JSON, the text after it)]` for each
/// built-in prompt file (`templates/registry/*.md`), sorted by file name.
fn prompt_front_matter(out: &Path) {
    println!("cargo:rerun-if-changed={PROMPTS_DIR}");
    let mut table = String::from("&[\n");
    for (name, text) in prompt_files() {
        let (yaml, body) = split_prompt(&name, &text);
        let value: serde_json::Value =
            serde_yaml::from_str(yaml).unwrap_or_else(|e| panic!("{PROMPTS_DIR}/{name}: {e}"));
        table.push_str(&format!(
            "    ({name:?}, {:?}, {body:?}),\n",
            value.to_string()
        ));
    }
    table.push_str("]\n");
    std::fs::write(out.join("prompts.rs"), table).expect("OUT_DIR is writable");
}

/// Where the built-in prompts are.
const PROMPTS_DIR: &str = "templates/registry";
/// A built-in prompt's path under templates/: this, then its file name.
const PROMPTS_PATH: &str = "registry/";
/// A built-in prompt's origin in a run (src/prompt/registry.rs), the name its text
/// renders under: this, then its file name.
const PROMPT_ORIGIN: &str = "built-in:registry/";

/// Each built-in prompt file's name and text, by name.
fn prompt_files() -> Vec<(String, String)> {
    let dir = Path::new(PROMPTS_DIR);
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("templates/registry/ is readable")
        .map(|e| e.expect("templates/registry/ is readable").file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| n.ends_with(front_matter::ENDING))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(&name)).expect("prompts are UTF-8");
            (name, text)
        })
        .collect()
}

/// A built-in prompt's front matter and text.
fn split_prompt<'a>(name: &str, text: &'a str) -> (&'a str, &'a str) {
    front_matter::split(text)
        .unwrap_or_else(|e| panic!("{PROMPTS_DIR}/{name}: no front matter ({e:?})"))
}

/// Whether the target is Linux with glibc, whose linker options the two above are.
fn linux_gnu() -> bool {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu"
}

/// Whether the C runtime is linked in (`-C target-feature=+crt-static`): rustc then
/// chooses the link's form itself (`-static` under `-C relocation-model=static`), and
/// `-no-pie` beside its `-static-pie` would make a binary that crashes at start.
fn crt_static() -> bool {
    std::env::var("CARGO_CFG_TARGET_FEATURE").is_ok_and(|f| f.split(',').any(|f| f == "crt-static"))
}

/// Rust's unwinder comes from libgcc_s, a shared library loaded at every start whose
/// constructor probes the CPU (cpuid, which traps in a virtual machine): 0.15 ms of a
/// hello-world's 1.0 on this machine. Its static part, libgcc_eh, named ahead of it,
/// resolves the unwinder's symbols, so the linker (`--as-needed`) drops libgcc_s. Panics
/// unwind as before.
fn link_unwinder_statically() {
    if linux_gnu() {
        println!("cargo:rustc-link-lib=static:-bundle=gcc_eh");
    }
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
