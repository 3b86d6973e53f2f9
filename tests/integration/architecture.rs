//! The module graph's rules (ARCHITECTURE.md): dependencies between top-level modules run
//! one way, and clap stays at the edge (`cli.rs`, `app.rs`, `main.rs`). The workspace's
//! own crates count as modules that use nothing of the app (Cargo sees to that), so the
//! table says who uses them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The top-level module a file belongs to: `src/request/markers.rs` is `request`.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// The workspace's crates other than the app (crates/NAME).
const WORKSPACE_CRATES: &[&str] = &["gotemplate"];

/// The top-level modules `text` names as `crate::NAME`, and the workspace crates it names
/// as `NAME::`, outside comments.
fn uses(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = without_strings(line.split("//").next().unwrap_or_default());
        for name in WORKSPACE_CRATES {
            let path = format!("{name}::");
            let named = code.match_indices(&path).any(|(at, _)| {
                let before = code[..at].chars().next_back();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
            });
            if named {
                out.insert(name.to_string());
            }
        }
        let mut rest = code.as_str();
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in sources(&src) {
        let from = module_of(&src, &file);
        let mut text = std::fs::read_to_string(&file).unwrap();
        // The binary reaches the library by its name.
        if from == "main" {
            text = text.replace("asimi_prompt::", "crate::");
        }
        let targets = graph.entry(from.clone()).or_default();
        targets.extend(uses(&text).into_iter().filter(|to| *to != from));
    }
    for name in WORKSPACE_CRATES {
        graph.insert(name.to_string(), BTreeSet::new());
    }
    graph
}

/// The modules reachable from `start`.
fn reachable(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![start.to_string()];
    while let Some(m) = todo.pop() {
        for next in graph.get(&m).into_iter().flatten() {
            if seen.insert(next.clone()) {
                todo.push(next.clone());
            }
        }
    }
    seen
}

/// The edges of `graph` that lie on a cycle, as `from -> to`.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut out = Vec::new();
    for (from, targets) in graph {
        for to in targets {
            if reachable(graph, to).contains(from) {
                out.push(format!("{from} -> {to}"));
            }
        }
    }
    out
}

#[test]
fn top_level_modules_depend_one_way() {
    let cycles = cycles(&graph());
    assert!(
        cycles.is_empty(),
        "edges on a cycle between top-level modules: {cycles:?}"
    );
}

#[test]
fn the_graph_is_read_from_the_sources() {
    // The check above must see real edges, or it would pass on an empty graph.
    let graph = graph();
    assert!(graph["app"].contains("cmd"), "{graph:?}");
    assert!(graph["cmd"].contains("settings"), "{graph:?}");
    assert!(graph["prompt"].contains("template"), "{graph:?}");
    assert!(graph["prompt"].contains("gotemplate"), "{graph:?}");
    assert_eq!(
        uses("use crate::a::b; // crate::c"),
        BTreeSet::from(["a".into()])
    );
    assert_eq!(
        uses("use gotemplate::Engine; x::gotemplate::y; notgotemplate::z"),
        BTreeSet::from(["gotemplate".into()])
    );
}

/// ARCHITECTURE.md's module table: each row's module (`cmd/` is `cmd`, `main.rs` is
/// `main`) and the modules its "Uses" column names.
fn module_table() -> BTreeMap<String, BTreeSet<String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md");
    let text = std::fs::read_to_string(path).unwrap();
    let section = &text[text.find("## Modules").expect("a Modules section")..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
    let names = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(|n| n.trim_end_matches('/').trim_end_matches(".rs").to_string())
            .collect()
    };
    let mut table = BTreeMap::new();
    for row in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let module = names(cells[0]).remove(0);
        let uses = names(cells.last().unwrap().trim_end_matches(" |"));
        table.insert(module, uses.into_iter().collect());
    }
    table
}

/// The table a reader relies on has a row for every module, and each row names exactly
/// the modules that module uses.
#[test]
fn the_module_table_matches_the_code() {
    let mut graph = graph();
    graph.remove("lib");
    let table = module_table();
    let missing: Vec<&String> = graph.keys().filter(|m| !table.contains_key(*m)).collect();
    let stale: Vec<&String> = table.keys().filter(|m| !graph.contains_key(*m)).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "ARCHITECTURE.md: no row for {missing:?}; rows for no module: {stale:?}"
    );
    let wrong: Vec<String> = graph
        .iter()
        .filter(|(m, uses)| table[*m] != **uses)
        .map(|(m, uses)| format!("{m}: the table says {:?}, the code uses {uses:?}", table[m]))
        .collect();
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's Uses column:\n{}",
        wrong.join("\n")
    );
}

/// `line` with its string literals' contents dropped (test data may name crates).
fn without_strings(line: &str) -> String {
    line.split('"').step_by(2).collect()
}

#[test]
fn clap_stays_in_cli_app_and_main() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let allowed = ["cli.rs", "app.rs", "main.rs"].map(|f| src.join(f));
    let leaks: Vec<String> = sources(&src)
        .into_iter()
        .filter(|f| !allowed.contains(f))
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            text.lines().any(|l| {
                let code = without_strings(l.split("//").next().unwrap_or_default());
                code.contains("clap::") || code.contains("use clap")
            })
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        leaks.is_empty(),
        "clap outside cli.rs, app.rs and main.rs: {leaks:?}"
    );
}

/// The room of `src/request` a file belongs to (`input` for `input/plan.rs`, `tier` for
/// `tier.rs`, `request` for `mod.rs`), and how many `super::` lead from it to
/// `request` (none for `mod.rs` itself).
fn room_of(request: &Path, file: &Path) -> (String, usize) {
    let rel: Vec<String> = file
        .strip_prefix(request)
        .unwrap()
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match rel.as_slice() {
        [only] if only == "mod.rs" => ("request".into(), 0),
        [file] => (file.trim_end_matches(".rs").into(), 1),
        [dir, file] if file == "mod.rs" => (dir.clone(), 1),
        [dir, ..] => (dir.clone(), 2),
        [] => unreachable!(),
    }
}

/// The names `text` reaches through `prefix`: `a` and `b` for `prefix{a, b::c}` or
/// `prefixa::d`, outside comments and string literals.
fn names_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = without_strings(line.split("//").next().unwrap_or_default());
        let mut rest = code.as_str();
        while let Some(at) = rest.find(prefix) {
            // `super::super::x` is not `super::x`.
            let preceded = rest[..at].ends_with("super::");
            rest = &rest[at + prefix.len()..];
            if preceded {
                continue;
            }
            let word = |s: &str| -> String {
                s.trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect()
            };
            match rest.strip_prefix('{') {
                Some(group) => {
                    let group = group.split('}').next().unwrap_or_default();
                    out.extend(group.split(',').map(word).filter(|w| !w.is_empty()));
                }
                None => {
                    out.insert(word(rest));
                }
            }
        }
    }
    out.retain(|n| !n.is_empty() && n != "self");
    out
}

/// The rooms of `src/request` and those each one uses, its tests left out. A name
/// that is no room (`Request`, `messages_for`) is an item of `request/mod.rs`.
fn request_rooms() -> BTreeMap<String, BTreeSet<String>> {
    let request = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/request");
    let files = sources(&request);
    let rooms: BTreeSet<String> = files.iter().map(|f| room_of(&request, f).0).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let (room, depth) = room_of(&request, file);
        let text = std::fs::read_to_string(file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let mut names = names_after(code, "crate::request::");
        match depth {
            0 => {
                for r in &rooms {
                    let path = format!("{r}::");
                    if code.lines().any(|l| {
                        let l = without_strings(l.split("//").next().unwrap_or_default());
                        l.match_indices(&path).any(|(i, _)| {
                            !l[..i].ends_with(|c: char| c == ':' || c == '_' || c.is_alphanumeric())
                        })
                    }) {
                        names.insert(r.clone());
                    }
                }
            }
            1 => names.extend(names_after(code, "super::")),
            _ => names.extend(names_after(code, "super::super::")),
        }
        let uses = graph.entry(room.clone()).or_default();
        for name in names {
            let to = if rooms.contains(&name) {
                name
            } else {
                "request".to_string()
            };
            if to != room {
                uses.insert(to);
            }
        }
    }
    graph
}

/// `src/request` is in rooms (input, session, report, providers, and the files that
/// lay a request out), and they depend one way: no room reaches back to one that
/// uses it.
#[test]
fn the_request_rooms_depend_one_way() {
    let graph = request_rooms();
    for room in ["input", "session", "report", "providers", "markers"] {
        assert!(graph.contains_key(room), "no room {room}: {graph:?}");
    }
    assert!(graph["session"].contains("request"), "{graph:?}");
    assert!(graph["input"].contains("providers"), "{graph:?}");
    let cycles = cycles(&graph);
    assert!(
        cycles.is_empty(),
        "edges on a cycle between the rooms of src/request: {cycles:?}\n{graph:?}"
    );
}

/// `prompt::render` renders what `prompt::gather` read: it must not read anything
/// itself, so a prompt's reads all happen (and fail) before any template runs.
#[test]
fn prompt_render_reads_no_file() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/prompt/render.rs");
    let text = std::fs::read_to_string(path).unwrap();
    let reads = [
        "std::fs",
        "crate::fs",
        ".find(",
        "File::open",
        "read_to_string",
        "mcp::",
    ];
    let found: Vec<&str> = text
        .lines()
        .map(|l| without_strings(l.split("//").next().unwrap_or_default()))
        .flat_map(|code| reads.into_iter().filter(move |r| code.contains(r)))
        .collect();
    assert!(found.is_empty(), "src/prompt/render.rs reads: {found:?}");
}

/// The fields of the clap structs in `cli.rs` (`#[derive(… Args)]` or `Parser`), by
/// struct: each is a flag, an argument or a group of them.
fn clap_fields(cli: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    let mut derives = false;
    for line in cli.lines() {
        let t = line.trim();
        if t.starts_with("#[derive(") {
            derives = t.contains("Args") || t.contains("Parser");
        } else if let Some(rest) = t.strip_prefix("pub struct ") {
            current = derives.then(|| rest.split([' ', '{']).next().unwrap().to_string());
        } else if t == "}" {
            current = None;
        } else if let (Some(s), Some(rest)) = (&current, t.strip_prefix("pub ")) {
            if let Some((name, _)) = rest.split_once(':') {
                out.push((s.clone(), name.trim().to_string()));
            }
        }
    }
    out
}

/// Every flag reaches the code that uses it: each field of a clap struct is read
/// (`.NAME`) where arguments are used (the mappings in `cli.rs`, the commands, `app`).
/// A flag that is declared and parsed but given to nothing would pass every other test.
#[test]
fn every_flag_reaches_the_code_that_uses_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let cli = std::fs::read_to_string(src.join("cli.rs")).unwrap();
    let mut users = vec![
        cli.clone(),
        std::fs::read_to_string(src.join("app.rs")).unwrap(),
    ];
    for file in sources(&src.join("cmd")) {
        users.push(std::fs::read_to_string(file).unwrap());
    }
    let fields = clap_fields(&cli);
    assert!(
        fields.len() > 100,
        "the parser found {} fields",
        fields.len()
    );
    let read = |name: &str| {
        let needle = format!(".{name}");
        users.iter().any(|text| {
            text.match_indices(&needle).any(|(i, _)| {
                let after = text[i + needle.len()..].chars().next().unwrap_or(' ');
                !(after.is_alphanumeric() || after == '_')
            })
        })
    };
    let unread: Vec<String> = fields
        .iter()
        .filter(|(_, name)| !read(name))
        .map(|(s, name)| format!("{s}.{name}"))
        .collect();
    assert!(unread.is_empty(), "flags that reach nothing: {unread:?}");
}
