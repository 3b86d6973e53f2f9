//! Packs the tree-sitter grammars' parse tables.
//!
//! A grammar's parser.c is mostly integer tables (14 MB of the binary's 37 for the ten
//! grammars) that compress 13 to 1. So each parser.c is compiled twice: once as it is,
//! only to read its tables' bytes out of the object file, and once with those tables
//! left empty (zeroed, so taking no room in the binary), which is what gets linked. The
//! tables' bytes go in compressed, and `src/map/grammars.rs` expands a grammar's tables
//! the first time that grammar is asked for.
//!
//! The sources are the grammar crates' own, found in Cargo's registry at the versions
//! Cargo.lock names. Where they cannot be found (vendored sources, say), the build warns
//! and links the grammar crates as they are.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Each grammar: its crate, the directory of its parser.c in the crate, and the name of
/// the function that returns its language.
const GRAMMARS: &[(&str, &str, &str)] = &[
    ("tree-sitter-rust", "src", "tree_sitter_rust"),
    ("tree-sitter-python", "src", "tree_sitter_python"),
    ("tree-sitter-go", "src", "tree_sitter_go"),
    ("tree-sitter-javascript", "src", "tree_sitter_javascript"),
    (
        "tree-sitter-typescript",
        "typescript/src",
        "tree_sitter_typescript",
    ),
    ("tree-sitter-typescript", "tsx/src", "tree_sitter_tsx"),
    ("tree-sitter-java", "src", "tree_sitter_java"),
    ("tree-sitter-c", "src", "tree_sitter_c"),
    ("tree-sitter-cpp", "src", "tree_sitter_cpp"),
    ("tree-sitter-c-sharp", "src", "tree_sitter_c_sharp"),
];

/// The tables packed: all of them integers (a pointer would need relocating), and
/// together almost all of a grammar's size.
const PACKED: &[&str] = &[
    "ts_parse_table",
    "ts_small_parse_table",
    "ts_small_parse_table_map",
    "ts_parse_actions",
    "ts_lex_modes",
    "ts_primary_state_ids",
];

/// An external scanner's entry points, renamed with the language function so that
/// nothing here can clash with a grammar crate's copy.
const SCANNER_FUNCTIONS: &[&str] = &["create", "destroy", "scan", "serialize", "deserialize"];

/// The prefix of everything this build defines in C.
const PREFIX: &str = "asimi_";

pub fn pack(out: &Path) {
    println!("cargo:rustc-check-cfg=cfg(asimi_packed_grammars)");
    println!("cargo:rerun-if-changed=build/grammars.rs");
    println!("cargo:rerun-if-changed=Cargo.lock");
    match try_pack(out) {
        Ok(rust) => {
            std::fs::write(out.join("grammars.rs"), rust).expect("OUT_DIR is writable");
            println!("cargo:rustc-cfg=asimi_packed_grammars");
        }
        Err(why) => {
            println!("cargo:warning=the grammars' tables are linked unpacked (13 MB more): {why}")
        }
    }
}

fn try_pack(out: &Path) -> Result<String, String> {
    let lock = std::fs::read_to_string("Cargo.lock").map_err(|e| format!("Cargo.lock: {e}"))?;
    let registry = registry_sources()?;
    let dir = out.join("grammars");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut rust = String::new();
    for &(krate, sub, function) in GRAMMARS {
        let root = crate_source(&registry, krate, &locked_version(&lock, krate)?)?;
        let src = root.join(sub);
        println!("cargo:rerun-if-changed={}", src.display());
        let tables = read_tables(&src, &out.join("grammar-data").join(function))?;
        // Each grammar on its own: each has its own tree_sitter/parser.h.
        let mut code = cc::Build::new();
        code.std("c11").warnings(false).include(&src);
        code.file(write_code(&src, &dir, function, &tables)?);
        let scanner = src.join("scanner.c");
        if scanner.exists() {
            code.file(&scanner);
        }
        for f in SCANNER_FUNCTIONS {
            let name = format!("{function}_external_scanner_{f}");
            code.define(&name, Some(format!("{PREFIX}{name}").as_str()));
        }
        code.try_compile(&format!("{PREFIX}{function}"))
            .map_err(|e| format!("compiling {}: {e}", src.display()))?;
        rust.push_str(&packed_rust(&dir, function, &tables)?);
    }
    Ok(rust)
}

/// `$CARGO_HOME/registry/src`, where Cargo unpacks the crates it downloads.
fn registry_sources() -> Result<PathBuf, String> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    Ok(home.join("registry").join("src"))
}

/// The version of `krate` that Cargo.lock pins.
fn locked_version(lock: &str, krate: &str) -> Result<String, String> {
    let entry = format!("name = \"{krate}\"\nversion = \"");
    let at = lock
        .find(&entry)
        .ok_or_else(|| format!("Cargo.lock has no {krate}"))?;
    let rest = &lock[at + entry.len()..];
    Ok(rest[..rest.find('"').unwrap_or(0)].to_string())
}

/// The unpacked source of `krate` at `version` in any of the registry's indexes.
fn crate_source(registry: &Path, krate: &str, version: &str) -> Result<PathBuf, String> {
    let name = format!("{krate}-{version}");
    std::fs::read_dir(registry)
        .map_err(|e| format!("{}: {e}", registry.display()))?
        .flatten()
        .map(|index| index.path().join(&name))
        .find(|dir| dir.join("Cargo.toml").is_file())
        .ok_or_else(|| format!("no source of {name} in {}", registry.display()))
}

/// One packed table: its name, the first line of its definition in parser.c, and its
/// bytes.
struct Table {
    name: &'static str,
    declaration: String,
    bytes: Vec<u8>,
}

/// Compiles `src/parser.c` as it is, into `out_dir`, and reads the packed tables' bytes
/// out of the object.
fn read_tables(src: &Path, out_dir: &Path) -> Result<Vec<Table>, String> {
    let parser = src.join("parser.c");
    let objects = cc::Build::new()
        .std("c11")
        .warnings(false)
        .opt_level(0)
        .debug(false)
        .include(src)
        .file(&parser)
        .out_dir(out_dir)
        .try_compile_intermediates()
        .map_err(|e| format!("compiling {}: {e}", parser.display()))?;
    let object = std::fs::read(&objects[0]).map_err(|e| e.to_string())?;
    let source = std::fs::read_to_string(&parser).map_err(|e| e.to_string())?;
    PACKED
        .iter()
        .filter_map(|&name| declaration(&source, name).map(|d| (name, d)))
        .map(|(name, declaration)| {
            let bytes = symbol_bytes(&object, name)
                .map_err(|e| format!("{}: {name}: {e}", parser.display()))?;
            Ok(Table {
                name,
                declaration,
                bytes,
            })
        })
        .collect()
}

/// The first line of `name`'s definition in a parser.c:
/// `static const TYPE NAME[DIMENSIONS] = {`.
fn declaration(source: &str, name: &str) -> Option<String> {
    source
        .lines()
        .find(|l| {
            l.starts_with("static const ")
                && l.ends_with("= {")
                && l.split_whitespace().nth(3).is_some_and(|n| {
                    n.strip_prefix(name)
                        .is_some_and(|rest| rest.starts_with('['))
                })
        })
        .map(str::to_string)
}

/// The initial bytes of the local symbol `name` in a relocatable object.
fn symbol_bytes(object: &[u8], name: &str) -> Result<Vec<u8>, String> {
    use object::{Object, ObjectSection, ObjectSymbol};
    let file = object::File::parse(object).map_err(|e| e.to_string())?;
    let symbol = file
        .symbols()
        .find(|s| {
            s.name()
                .is_ok_and(|n| n.trim_start_matches('_') == name.trim_start_matches('_'))
        })
        .ok_or("not in the object")?;
    let section = symbol
        .section_index()
        .and_then(|i| file.section_by_index(i).ok())
        .ok_or("in no section")?;
    let start = symbol.address() - section.address();
    let range = start..start + symbol.size();
    if section.relocations().any(|(at, _)| range.contains(&at)) {
        return Err("holds pointers".into());
    }
    let data = section.uncompressed_data().map_err(|e| e.to_string())?;
    let (start, end) = (range.start as usize, range.end as usize);
    Ok(if data.is_empty() {
        vec![0; end - start] // zero-initialized, in .bss
    } else {
        data.get(start..end).ok_or("outside its section")?.to_vec()
    })
}

/// Writes parser.c with the packed tables declared without their initializers, the
/// language function renamed, and a function listing the tables' addresses and sizes.
fn write_code(src: &Path, dir: &Path, function: &str, tables: &[Table]) -> Result<PathBuf, String> {
    let source = std::fs::read_to_string(src.join("parser.c")).map_err(|e| e.to_string())?;
    let mut code = String::with_capacity(source.len() / 4);
    writeln!(
        code,
        "#include <stddef.h>\n#define {function} {PREFIX}{function}"
    )
    .unwrap();
    let mut skipping = false;
    for line in source.lines() {
        if skipping {
            skipping = line != "};";
        } else if let Some(t) = tables.iter().find(|t| t.declaration == line) {
            code.push_str(&empty_declaration(t));
            skipping = true;
        } else {
            code.push_str(line);
            code.push('\n');
        }
    }
    writeln!(code, "struct {PREFIX}table {{ void *at; size_t size; }};").unwrap();
    writeln!(code, "static struct {PREFIX}table {PREFIX}list[] = {{").unwrap();
    for t in tables {
        writeln!(code, "  {{ (void *){0}, sizeof {0} }},", t.name).unwrap();
    }
    writeln!(code, "}};").unwrap();
    writeln!(
        code,
        "const struct {PREFIX}table *{PREFIX}tables_{function}(void) {{ return {PREFIX}list; }}"
    )
    .unwrap();
    let path = dir.join(format!("{function}.c"));
    std::fs::write(&path, code).map_err(|e| e.to_string())?;
    Ok(path)
}

/// `static TYPE NAME[DIMENSIONS];`, an unsized array sized from its bytes.
fn empty_declaration(t: &Table) -> String {
    let words: Vec<&str> = t.declaration.split_whitespace().collect();
    let (ty, array) = (words[2], words[3]);
    let array = match array.strip_suffix("[]") {
        Some(name) => format!("{name}[{} / sizeof({ty})]", t.bytes.len()),
        None => array.to_string(),
    };
    format!("static {ty} {array};\n")
}

/// The Rust side of one grammar: its functions and its compressed tables.
fn packed_rust(dir: &Path, function: &str, tables: &[Table]) -> Result<String, String> {
    let mut blobs = String::new();
    for t in tables {
        let path = dir.join(format!("{function}.{}.z", t.name));
        let compressed = miniz_oxide::deflate::compress_to_vec_zlib(&t.bytes, 6);
        std::fs::write(&path, compressed).map_err(|e| e.to_string())?;
        writeln!(
            blobs,
            "        include_bytes!({:?}),",
            path.display().to_string()
        )
        .unwrap();
    }
    Ok(format!(
        "unsafe extern \"C\" {{
    fn {PREFIX}{function}() -> *const ();
    fn {PREFIX}tables_{function}() -> *const Table;
}}

/// The {function} grammar, its tables expanded on first use.
pub fn {function}() -> tree_sitter::Language {{
    static PACKED: Packed = Packed {{
        language: {PREFIX}{function},
        tables: {PREFIX}tables_{function},
        blobs: &[
{blobs}        ],
        expanded: std::sync::Once::new(),
    }};
    PACKED.language()
}}

"
    ))
}
