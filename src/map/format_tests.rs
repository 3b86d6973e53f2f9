//! Golden tests: hand-built indexes of small repositories, and the map written out by hand
//! from docs/map.md, not produced by this code.

use super::*;
use crate::map::fixtures::{class, file, func, sym};
use crate::map::refs;

/// The legend and every block, as the `map` command prints them.
fn render(files: &[FileIndex]) -> String {
    let graph = refs::resolve(files);
    let aliases = aliases(&graph);
    let blocks = blocks(files, &graph, &aliases);
    map_text(&legend(&aliases), blocks.values())
}

const BASE_LEGEND: &str = "# c=class m=method f=function v=var p=property i=import i→=local\n\
                           # :N=line(s) ->T=returns ?=optional ←=refs →=calls +N=more ″=ditto\n";

fn python_repo() -> Vec<FileIndex> {
    let v = Kind::Variable;
    let m = Kind::Method;
    let f = Kind::Function;
    vec![
        file(
            "app/db.py",
            "python",
            vec![
                sym(v, "POOL", 1),
                class("Base", &[], 3, vec![func(m, "commit", &[], None, 5)]),
                func(f, "connect", &["url", "timeout"], Some("Connection"), 10),
            ],
            &["sqlite3"],
            &[],
        ),
        file(
            "app/models.py",
            "python",
            vec![
                class(
                    "User",
                    &["Base"],
                    5,
                    vec![
                        sym(v, "name", 7),
                        sym(v, "email", 8),
                        func(m, "display", &["self", "prefix"], Some("Optional[str]"), 10),
                        sym(v, "name", 12),
                        func(m, "friends", &[], Some("List[User]"), 14),
                    ],
                ),
                func(
                    f,
                    "load_user",
                    &["user_id"],
                    Some("Optional[List[User]]"),
                    20,
                ),
                sym(v, "CACHE", 25),
                sym(v, "CACHE", 30),
            ],
            &["typing", "dataclasses", ".db", "typing"],
            &[("Base", 5), ("commit", 16), ("connect", 21)],
        ),
        file(
            "app/views.py",
            "python",
            vec![
                func(f, "show", &["user_id"], None, 6),
                func(f, "index", &[], None, 12),
            ],
            &["flask", ".models"],
            &[
                ("load_user", 7),
                ("User", 8),
                ("display", 9),
                ("friends", 9),
                ("connect", 13),
                ("load_user", 14),
            ],
        ),
        file(
            "tests/test_models.py",
            "python",
            vec![
                func(f, "test_user", &[], None, 3),
                func(f, "test_friends", &[], None, 9),
            ],
            &["pytest", "app.models"],
            &[
                ("User", 4),
                ("load_user", 5),
                ("CACHE", 11),
                ("friends", 12),
                ("display", 12),
            ],
        ),
    ]
}

#[test]
fn python_repository_golden() {
    let expected = "\
# c=class m=method f=function v=var p=property i=import i→=local
# :N=line(s) ->T=returns ?=optional ←=refs →=calls +N=more ″=ditto
# @1=tests/ @2=app/

app/db.py:
i sqlite3
c Base:3 ←@2models.py
  m commit():5 ←″
f connect(url,timeout)->Connection:10 ←@2models.py,@2views.py
v POOL:1
←refs: @2models.py,@2views.py

app/models.py:
i typing,dataclasses
i→ app/db.py
c User(Base):5 ←@2views.py,@1test_models.py
  v name
  v email
  m display(prefix)->?str:10 ←@2views.py,@1test_models.py
  m friends()->[User:14 ←″
f load_user(user_id)->?[User:20 ←″
v CACHE:25,30 ←@1test_models.py
←refs: @2views.py,@1test_models.py

app/views.py:
i flask
i→ app/models.py
f show(user_id):6
f index():12

tests/test_models.py:
i pytest
i→ app/models.py
f test_user():3
f test_friends():9

";
    assert_eq!(render(&python_repo()), expected);
}

fn rust_repo() -> Vec<FileIndex> {
    let m = Kind::Method;
    let p = Kind::Property;
    vec![
        file(
            "src/lib.rs",
            "rust",
            vec![func(
                Kind::Function,
                "execute",
                &["args"],
                Some("Result<(),\n    Error>"),
                5,
            )],
            &["store", "mod cli", "serde::Serialize"],
            &[("Store", 6), ("open_store", 7)],
        ),
        file(
            "src/store.rs",
            "rust",
            vec![
                class("Store", &[], 5, vec![sym(p, "items", 6)]),
                class(
                    "Store",
                    &[],
                    10,
                    vec![
                        func(m, "insert", &["key", "value"], Some("Option<String>"), 11),
                        func(m, "len", &[], Some("usize"), 15),
                    ],
                ),
                class("Backend", &["Send", "Sync"], 20, vec![]),
                func(Kind::Function, "open_store", &["path"], Some("Store"), 25),
                sym(Kind::Variable, "DEFAULT_CAPACITY", 30),
            ],
            &["disk", "std::collections::HashMap", "crate::cli::Args"],
            &[("Args", 4), ("Disk", 12)],
        ),
        file(
            "src/store/disk.rs",
            "rust",
            vec![class(
                "Disk",
                &[],
                3,
                vec![func(
                    m,
                    "write_all",
                    &["bytes"],
                    Some("std::io::Result<()>"),
                    5,
                )],
            )],
            &["super::Backend", "std::fs"],
            &[("Backend", 8)],
        ),
        file(
            "src/cli.rs",
            "rust",
            vec![
                class("Args", &[], 3, vec![sym(p, "verbose", 4)]),
                func(Kind::Function, "parse_args", &[], Some("Args"), 8),
            ],
            &["crate::store::open_store", "clap::Parser"],
            &[
                ("open_store", 9),
                ("Store", 10),
                ("insert", 11),
                ("Disk", 12),
            ],
        ),
    ]
}

#[test]
fn rust_repository_golden() {
    let expected = "\
# c=class m=method f=function v=var p=property i=import i→=local
# :N=line(s) ->T=returns ?=optional ←=refs →=calls +N=more ″=ditto
# @1=src/

src/cli.rs:
i clap
i→ src/store.rs
c Args:3 ←@1store.rs
  p verbose:4
f parse_args()->Args:8
←refs: @1store.rs

src/lib.rs:
i serde
i→ src/cli.rs,src/store.rs
f execute(args)->Result<(), Error>:5

src/store.rs:
i std
i→ src/cli.rs,src/store/disk.rs
c Store:5 ←@1cli.rs,@1lib.rs
  p items:6
c Store:10 ←@1cli.rs,@1lib.rs
  m insert(key,value)->Option<String>:11 ←@1cli.rs
  m len()->usize:15
c Backend(Send,Sync):20 ←@1store/disk.rs
f open_store(path)->Store:25 ←@1cli.rs,@1lib.rs
v DEFAULT_CAPACITY:30
←refs: @1cli.rs,@1lib.rs,@1store/disk.rs

src/store/disk.rs:
i std
i→ src/store.rs
c Disk:3 ←@1cli.rs,@1store.rs
  m write_all(bytes)->std::io::Result<()>:5
←refs: @1cli.rs,@1store.rs

";
    assert_eq!(render(&rust_repo()), expected);
}

fn js_repo() -> Vec<FileIndex> {
    let f = Kind::Function;
    let mut util_symbols = vec![
        func(f, "formatDate", &["date", "locale"], None, 1),
        func(f, "slugify", &["text"], None, 9),
    ];
    util_symbols.extend((30..=36).map(|l| sym(Kind::Variable, "cache", l)));
    let mut files = vec![
        file(
            "web/lib/util/index.js",
            "javascript",
            util_symbols,
            &["lodash/fp"],
            &[],
        ),
        file(
            "web/lib/api.ts",
            "typescript",
            vec![
                class(
                    "ApiClient",
                    &["HttpBase"],
                    3,
                    vec![
                        sym(Kind::Property, "baseUrl", 4),
                        func(
                            Kind::Method,
                            "fetchJson",
                            &["path", "opts"],
                            Some("Promise<any>"),
                            6,
                        ),
                    ],
                ),
                func(f, "makeClient", &["url"], Some("ApiClient"), 15),
            ],
            &["./util", "axios"],
            &[("formatDate", 8)],
        ),
    ];
    for page in ["a", "b", "c", "d", "e", "f"] {
        let refs: &[(&str, u32)] = if page == "f" {
            &[("makeClient", 6)]
        } else {
            &[("makeClient", 6), ("formatDate", 7)]
        };
        files.push(file(
            &format!("web/pages/{page}.jsx"),
            "javascript",
            vec![func(
                f,
                &format!("Page{}", page.to_uppercase()),
                &["props"],
                None,
                5,
            )],
            &["react", "../lib/api", "../lib/util"],
            refs,
        ));
    }
    files
}

#[test]
fn js_repository_golden() {
    let mut expected = "\
# c=class m=method f=function v=var p=property i=import i→=local
# :N=line(s) ->T=returns ?=optional ←=refs →=calls +N=more ″=ditto
# @1=web/pages/ @2=web/

web/lib/api.ts:
i axios
i→ web/lib/util/index.js
c ApiClient(HttpBase):3
  p baseUrl:4
  m fetchJson(path,opts)->Promise<any>:6
f makeClient(url)->ApiClient:15 ←@1a.jsx,@1b.jsx,@1c.jsx,+3
←refs: @1a.jsx,@1b.jsx,@1c.jsx,@1d.jsx,@1e.jsx,+1

web/lib/util/index.js:
i lodash
f formatDate(date,locale):1 ←@2lib/api.ts,@1a.jsx,@1b.jsx,+3
f slugify(text):9
v cache:30,31,32,33,34,+2
←refs: @2lib/api.ts,@1a.jsx,@1b.jsx,@1c.jsx,@1d.jsx,+1

"
    .to_string();
    for page in ["a", "b", "c", "d", "e", "f"] {
        let name = page.to_uppercase();
        expected.push_str(&format!(
            "web/pages/{page}.jsx:\ni react\ni→ web/lib/api.ts,web/lib/util/index.js\nf Page{name}(props):5\n\n"
        ));
    }
    assert_eq!(render(&js_repo()), expected);
}

#[test]
fn blocks_end_in_one_newline_and_empty_files_get_none() {
    let files = vec![
        file(
            "a.py",
            "python",
            vec![sym(Kind::Variable, "X", 1)],
            &[],
            &[],
        ),
        file("empty.py", "python", vec![], &[], &[]),
    ];
    let graph = refs::resolve(&files);
    let b = blocks(&files, &graph, &Aliases::default());
    assert_eq!(b.keys().collect::<Vec<_>>(), ["a.py"]);
    assert_eq!(b["a.py"], "a.py:\nv X:1\n");
}

#[test]
fn legend_without_aliases_is_the_two_base_lines() {
    assert_eq!(legend(&Aliases::default()), BASE_LEGEND);
}

fn graph_with_referencing_paths(paths: &[&str]) -> Graph {
    let mut g = Graph::default();
    g.referenced_by
        .insert("x.rs".into(), paths.iter().map(|p| p.to_string()).collect());
    g
}

#[test]
fn aliases_need_three_uses_and_a_positive_saving() {
    // `abc/` (len 4) saves 2*n - 9: 4 uses save -1, 5 save 1.
    let four = graph_with_referencing_paths(&["abc/1", "abc/2", "abc/3", "abc/4"]);
    assert_eq!(aliases(&four), Aliases::default());
    let five = graph_with_referencing_paths(&["abc/1", "abc/2", "abc/3", "abc/4", "abc/5"]);
    assert_eq!(aliases(&five).prefixes(), ["abc/"]);
    // `a-long-directory/` (len 17) saves 15*n - 22, positive from 2 uses, but needs 3.
    let two = graph_with_referencing_paths(&["a-long-directory/1", "a-long-directory/2"]);
    assert_eq!(aliases(&two), Aliases::default());
}

#[test]
fn aliases_count_depths_one_to_three_and_number_longest_first() {
    let paths: Vec<String> = (0..3).map(|i| format!("aa/bb/cc/dd/f{i}")).collect();
    let refs: Vec<&str> = paths.iter().map(String::as_str).collect();
    let a = aliases(&graph_with_referencing_paths(&refs));
    // `aa/` saves 1*3 - 8 < 0; `aa/bb/` 4*3 - 11 = 1; `aa/bb/cc/` 7*3 - 14 = 7; no depth 4.
    assert_eq!(a.prefixes(), ["aa/bb/cc/", "aa/bb/"]);
    assert_eq!(a.apply("aa/bb/cc/x"), "@1x");
    assert_eq!(a.apply("aa/bb/y"), "@2y");
    assert_eq!(a.apply("aa/z"), "aa/z");
}

#[test]
fn at_most_nine_aliases_by_saving() {
    // Ten directories `dN/` (len 3, saving n - 8); directory N used 10 + N times.
    let paths: Vec<String> = (0..10)
        .flat_map(|d| (0..10 + d).map(move |i| format!("d{d}/f{i}")))
        .collect();
    let refs: Vec<&str> = paths.iter().map(String::as_str).collect();
    let a = aliases(&graph_with_referencing_paths(&refs));
    assert_eq!(
        a.prefixes(),
        ["d1/", "d2/", "d3/", "d4/", "d5/", "d6/", "d7/", "d8/", "d9/"]
    );
}

#[test]
fn python_return_abbreviations() {
    assert_eq!(abbreviate("Optional[str]"), "?str");
    assert_eq!(abbreviate("List[int]"), "[int");
    assert_eq!(abbreviate("Optional[List[User]]"), "?[User");
    assert_eq!(abbreviate("Dict[str, Optional[int]]"), "Dict[str, ?int]");
    assert_eq!(abbreviate("MyList[int]"), "MyList[int]");
    assert_eq!(abbreviate("Optional[str"), "Optional[str");
}

#[test]
fn ditto_compares_with_the_line_just_above() {
    let f = Kind::Function;
    let files = vec![
        file(
            "lib.py",
            "python",
            vec![
                func(f, "alpha", &[], None, 1),
                func(f, "beta", &[], None, 2),
                func(f, "gamma", &[], None, 3),
                func(f, "delta", &[], None, 4),
                func(f, "epsilon", &[], None, 5),
            ],
            &[],
            &[],
        ),
        file(
            "use.py",
            "python",
            vec![],
            &[],
            &[("alpha", 1), ("beta", 1), ("gamma", 1), ("epsilon", 1)],
        ),
    ];
    let graph = refs::resolve(&files);
    let b = blocks(&files, &graph, &Aliases::default());
    assert_eq!(
        b["lib.py"],
        "lib.py:\nf alpha():1 ←use.py\nf beta():2 ←″\nf gamma():3 ←″\nf delta():4\n\
         f epsilon():5 ←use.py\n←refs: use.py\n"
    );
}

/// Express's own pattern, parsed for real: methods assigned as named function expressions
/// (`app.use = function use(fn)`), and functions paired in an object literal or bound to
/// a variable. Each keeps its parameters, under the name it is called by (the map once
/// showed `f use():3` and `f handle():7`).
const EXPRESS_APPLICATION: &str = "\
var app = exports = module.exports = {};

app.use = function use(fn) {
  return this;
};

app.handle = function handle(req, res, callback) {
  var router = this._router;
};

app.alias = function other(path) {};

var methods = {
  get: function get(path, fn) {},
  post(path, cb) {},
};

var render = function tryRender(view, options, callback) {};
";

#[test]
fn express_assigned_functions_keep_their_parameters() {
    let file = crate::map::index::index("lib/application.js", EXPRESS_APPLICATION)
        .expect("JavaScript is a known language");
    let expected = format!(
        "{BASE_LEGEND}
lib/application.js:
f use(fn):3
f handle(req,res,callback):7
f alias(path):11
f get(path,fn):14
f post(path,cb):15
f render(view,options,callback):18
v app:1
v methods:13

"
    );
    assert_eq!(render(&[file]), expected);
}

/// `lib.py` defines four things; `app.py` uses `Store.put` and `helper`. A brief block of
/// at most 3 shows those (the class for its member), says what it leaves out, and keeps
/// `←refs:` last; with room for everything it is the whole block.
#[test]
fn a_brief_block_shows_the_referenced_definitions_and_counts_the_rest() {
    let f = Kind::Function;
    let m = Kind::Method;
    let files = vec![
        file(
            "lib.py",
            "python",
            vec![
                class(
                    "Store",
                    &[],
                    1,
                    vec![
                        func(m, "put", &["k"], None, 2),
                        func(m, "drop_all", &[], None, 4),
                    ],
                ),
                func(f, "private_thing", &[], None, 8),
                func(f, "helper", &["x"], None, 10),
            ],
            &[],
            &[],
        ),
        file(
            "app.py",
            "python",
            vec![func(f, "main_entry", &[], None, 1)],
            &["lib"],
            &[("put", 3), ("helper", 4)],
        ),
    ];
    let graph = refs::resolve(&files);
    let aliases = aliases(&graph);
    let got = brief(&files[0], &graph, &aliases, 3).unwrap();
    assert_eq!(
        got,
        "lib.py:\nc Store:1\n  m put(k):2 ←app.py\nf helper(x):10 ←″\n… 2 more\n←refs: app.py\n"
    );
    let whole = block(&files[0], &graph, &aliases);
    assert_eq!(brief(&files[0], &graph, &aliases, 1), {
        Some("lib.py:\nc Store:1\n… 4 more\n←refs: app.py\n".to_string())
    });
    // Room for one more: the first unreferenced definition, in line order.
    assert_eq!(
        brief(&files[0], &graph, &aliases, 4).unwrap(),
        "lib.py:\nc Store:1\n  m put(k):2 ←app.py\nf private_thing():8\nf helper(x):10 ←app.py\n\
         … 1 more\n←refs: app.py\n"
    );
    // Nothing referenced in app.py: a brief block is the whole one when nothing is cut.
    assert_eq!(
        brief(&files[1], &graph, &aliases, 3),
        block(&files[1], &graph, &aliases)
    );
    assert_ne!(whole.as_deref(), Some(got.as_str()));
}
