//! `map` and the map in requests, end to end through the binary on a small repository.

use crate::common;

use common::python_repo as repo;

/// Written by hand from the format the README's "The repository map" describes: the
/// legend, a blank line, then each block and a blank line; `←b.py` names the file that
/// references a symbol (no line), `←″` repeats the line above's files.
const MAP: &str = "\
# c=class m=method f=function v=var p=property i=import i→=local
# :N=line(s) ->T=returns ?=optional ←=refs →=calls +N=more ″=ditto

a.py:
c Store:1 ←b.py
  m get_item(key):2 ←″
←refs: b.py

b.py:
i→ a.py
f load(path):4

";

#[test]
fn map_prints_the_legend_and_one_block_per_file() {
    let t = repo().args(["map"]);
    assert_eq!(t.run().ok(), MAP);
    // A path argument keeps only that file's block.
    let t = repo().args(["map", "b.py"]);
    let legend = &MAP[..MAP.find("a.py:").unwrap()];
    assert_eq!(
        t.run().ok(),
        format!("{legend}b.py:\ni→ a.py\nf load(path):4\n\n")
    );
}

#[test]
fn a_warm_map_is_the_same_and_an_edited_file_shows() {
    let t = repo().args(["map"]);
    assert_eq!(t.run().ok(), MAP);
    assert_eq!(t.run().ok(), MAP, "warm, from the cache");
    // A working-tree edit (git's index unchanged) is seen on the next run.
    let t = t.file("b.py", "def load(path, mode):\n    return path\n");
    let edited = t.run().ok().to_string();
    assert!(edited.contains("b.py:\nf load(path,mode):1\n"), "{edited}");
    assert!(!edited.contains("←b.py"), "{edited}");
}

/// An agent edits its working files on most requests. A block that named the line of a
/// reference in another file would change with every edit above that line, and with it
/// the cached tier that holds it.
#[test]
fn editing_a_referencing_file_leaves_the_referenced_block_as_it_was() {
    let block = |map: &str| {
        let (start, end) = (map.find("\na.py:\n"), map.find("\nb.py:\n"));
        map[start.unwrap()..end.unwrap()].to_string()
    };
    let before = block(repo().args(["map"]).run().ok());
    let edited = repo()
        .file(
            "b.py",
            "import os\n\n\n# moved down\nfrom a import Store\n\n\ndef load(path):\n    return Store().get_item(path)\n",
        )
        .args(["map"]);
    let after = edited.run().ok().to_string();
    assert!(after.contains("f load(path):8"), "{after}");
    assert_eq!(block(&after), before);
}

#[test]
fn verbose_notes_a_file_that_does_not_parse() {
    let t = repo()
        .file("c.py", "def ok(a):\n    pass\n\ndef broken(:\n")
        .tracked();
    let quiet = t.run_with(&["map"]);
    assert_eq!(quiet.stderr, "");
    assert!(
        quiet.ok().contains("c.py:\nf ok(a):1\n"),
        "{}",
        quiet.stdout
    );
    let note = "note: map: c.py has syntax errors; its block holds what the parser recovered\n";
    for args in [&["map", "--verbose"][..], &["map", "--json", "-v"]] {
        let run = t.run_with(args);
        assert_eq!(run.stderr, note, "{args:?}");
    }
    let run = t.run_with(&["context", "--verbose", "--prompt", "p"]);
    assert!(run.stderr.contains(note), "{}", run.stderr);
}

#[test]
fn map_json_lists_the_symbols() {
    let out = repo().args(["map", "--json"]).run().ok().to_string();
    let records: serde_json::Value = serde_json::from_str(&out).unwrap();
    let names: Vec<(&str, &str, u64)> = records
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["kind"].as_str().unwrap(),
                r["name"].as_str().unwrap(),
                r["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("class", "Store", 1),
            ("method", "get_item", 2),
            ("function", "load", 4)
        ]
    );
}

#[test]
fn requests_carry_the_map_unless_switched_off() {
    let args = ["messages", "--prompt", "hi", "--no-file-tree", "--compact"];
    let body = repo().args(args).run().ok().to_string();
    assert!(
        body.contains("a.py:\\nc Store:1 ←b.py\\n  m get_item(key):2 ←″\\n←refs: b.py\\nb.py:"),
        "{body}"
    );
    assert!(body.contains("# c=class m=method"), "{body}");
    let off = repo()
        .args(args)
        .args(["--no-symbol-map"])
        .run()
        .ok()
        .to_string();
    assert!(!off.contains("c Store:1"), "{off}");
    assert!(!off.contains("# c=class"), "{off}");
}
