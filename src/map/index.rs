//! One file's [`FileIndex`]: parse with tree-sitter, run the language's query (`lang`),
//! and shape the captures into nested symbols.
//!
//! Nesting is by containment: a definition inside a class (or a Rust `impl`) is its
//! child, a function there becomes a method, and anything inside a function is local and
//! left out (except `self.x` instance variables, which go to their class). A Rust
//! `impl X` merges into `X` when this file defines `X`; otherwise it becomes an entry
//! `c X` of its own at the first impl's line, and so does the receiver type of Go
//! methods and of C++ `Type::method` definitions.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};

use tree_sitter::{
    Node, ParseOptions, ParseState, Parser, QueryCursor, QueryMatch, StreamingIterator,
};

use super::lang::{self, Compiled, Lang};
use super::{FileIndex, Import, Kind, Problem, Reference, Symbol};

/// How much parsing one file may take, counted in tree-sitter's progress checks (it
/// makes one every 100 parser operations); a file that needs more yields nothing.
///
/// The limit counts work, not time, so whether a file gets a block depends only on its
/// bytes, never on the machine's load, and the outcome can be cached like any other.
/// Measured with tree-sitter 0.26 on real code (cargo registry, Python's standard
/// library, /usr/include): the densest files need 0.014 checks per byte, so about
/// 14,000 at the map's 1 MB file cap. Random punctuation, the slowest input found,
/// needs about 0.025 checks per byte but 0.3 to 0.4 ms per check in error recovery:
/// this limit bounds such a file to roughly ten seconds here, paid once.
pub const PARSE_WORK_LIMIT: u32 = 25_000;
/// Parameter names a method's signature carries but the map leaves out.
const IMPLICIT_PARAMS: [&str; 2] = ["self", "cls"];
/// How far above a `@param` capture its parameter list may be.
const PARAM_DEPTH: usize = 6;

/// The file's index, or `None` when its language is unknown. A file that does not
/// parse cleanly says why in `problem`: with syntax errors it holds what tree-sitter
/// recovered; over the work limit or after a grammar panic it is empty.
pub fn index(path: &str, source: &str) -> Option<FileIndex> {
    let lang = lang::for_path(path)?;
    let query = lang.query().ok()?;
    let parsed = catch_unwind(AssertUnwindSafe(|| index_with(lang, query, path, source)))
        .unwrap_or(Err(Problem::Panicked));
    Some(parsed.unwrap_or_else(|problem| FileIndex {
        path: path.to_string(),
        language: lang.name,
        symbols: Vec::new(),
        imports: Vec::new(),
        references: Vec::new(),
        problem: Some(problem),
    }))
}

thread_local! {
    // One parser and one query cursor a thread: their buffers are reused file to file.
    static PARSER: RefCell<Parser> = RefCell::new(Parser::new());
    static CURSOR: RefCell<QueryCursor> = RefCell::new(QueryCursor::new());
}

fn index_with(
    lang: &'static Lang,
    query: &Compiled,
    path: &str,
    source: &str,
) -> Result<FileIndex, Problem> {
    let tree = PARSER.with_borrow_mut(|parser| parse(parser, lang, source, PARSE_WORK_LIMIT))?;
    let root = tree.root_node();
    let captures = CURSOR.with_borrow_mut(|cursor| Captures::collect(cursor, query, root, source));
    Ok(FileIndex {
        path: path.to_string(),
        language: lang.name,
        symbols: captures.symbols(source),
        imports: captures.imports,
        references: captures.references,
        problem: root.has_error().then_some(Problem::Recovered),
    })
}

fn parse(
    parser: &mut Parser,
    lang: &Lang,
    source: &str,
    work_limit: u32,
) -> Result<tree_sitter::Tree, Problem> {
    // A parser left mid-parse by a stop or a panic would resume that parse.
    parser.reset();
    // A grammar this build cannot load fails the file as a crashing one would.
    parser
        .set_language(&lang.grammar())
        .map_err(|_| Problem::Panicked)?;
    let mut checks = 0;
    let mut over_limit = |_: &ParseState| {
        checks += 1;
        if checks > work_limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let options = ParseOptions::new().progress_callback(&mut over_limit);
    let bytes = source.as_bytes();
    let mut read = |offset: usize, _| &bytes[offset.min(bytes.len())..];
    parser
        .parse_with_options(&mut read, None, Some(options))
        .ok_or(Problem::OverWorkLimit)
}

/// Calls `each` with every match of the query in the tree under `root`. With the
/// patterns' root kinds known, a tree walk runs the query only at nodes of those kinds,
/// and only for patterns rooted there: the same matches, in a fraction of the time the
/// query's own walk takes over every node.
fn for_each_match<'t>(
    cursor: &mut QueryCursor,
    compiled: &Compiled,
    root: Node<'t>,
    source: &str,
    mut each: impl FnMut(&QueryMatch<'_, 't>),
) {
    let Some(roots) = &compiled.roots else {
        cursor.set_max_start_depth(None);
        let mut matches = cursor.matches(&compiled.query, root, source.as_bytes());
        while let Some(m) = matches.next() {
            each(m);
        }
        return;
    };
    cursor.set_max_start_depth(Some(0));
    let mut walk = root.walk();
    loop {
        let node = walk.node();
        if roots.get(usize::from(node.kind_id())) == Some(&true) {
            let mut matches = cursor.matches(&compiled.query, node, source.as_bytes());
            while let Some(m) = matches.next() {
                each(m);
            }
        }
        if walk.goto_first_child() {
            continue;
        }
        while !walk.goto_next_sibling() {
            if !walk.goto_parent() {
                return;
            }
        }
    }
}

/// What a definition capture says the node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum DefKind {
    // Lowest priority first: when two patterns capture one node, the later kind wins.
    Variable,
    Property,
    Instance,
    Function,
    Method,
    Class,
    Impl,
}

impl DefKind {
    fn from_capture(name: &str) -> Option<DefKind> {
        Some(match name.strip_prefix("definition.")? {
            "class" => DefKind::Class,
            "impl" => DefKind::Impl,
            "function" => DefKind::Function,
            "method" => DefKind::Method,
            "property" => DefKind::Property,
            "variable" => DefKind::Variable,
            "instance" => DefKind::Instance,
            _ => return None,
        })
    }

    fn is_type(self) -> bool {
        matches!(self, DefKind::Class | DefKind::Impl)
    }

    fn is_callable(self) -> bool {
        matches!(self, DefKind::Function | DefKind::Method)
    }
}

/// One definition as the captures describe it.
struct Def<'t> {
    kind: DefKind,
    node: Node<'t>,
    name: Option<Node<'t>>,
    params_list: Option<Node<'t>>,
    returns: Option<Node<'t>>,
    owner: Option<Node<'t>>,
    params: Vec<String>,
    bases: Vec<String>,
}

impl<'t> Def<'t> {
    fn merge(&mut self, other: Def<'t>) {
        self.kind = self.kind.max(other.kind);
        self.name = self.name.or(other.name);
        self.params_list = self.params_list.or(other.params_list);
        self.returns = self.returns.or(other.returns);
        self.owner = self.owner.or(other.owner);
    }

    fn line(&self) -> u32 {
        line_of(self.name.unwrap_or(self.node))
    }
}

/// Every capture of one file, sorted by kind.
struct Captures<'t> {
    defs: Vec<Def<'t>>,
    imports: Vec<Import>,
    references: Vec<Reference>,
}

impl<'t> Captures<'t> {
    fn collect(
        cursor: &mut QueryCursor,
        compiled: &Compiled,
        root: Node<'t>,
        source: &str,
    ) -> Captures<'t> {
        let names = compiled.query.capture_names();
        let mut defs: Vec<Def<'t>> = Vec::new();
        let mut by_node: HashMap<usize, usize> = HashMap::new();
        let (mut params, mut bases) = (Vec::new(), Vec::new());
        let mut imports = Vec::new();
        let mut references = Vec::new();
        for_each_match(cursor, compiled, root, source, |m| {
            let mut def: Option<Def<'t>> = None;
            let mut parts: Vec<(&str, Node<'t>)> = Vec::new();
            for c in m.captures {
                let name = names[c.index as usize];
                match DefKind::from_capture(name) {
                    Some(kind) => def = Some(Def::new(kind, c.node)),
                    None => parts.push((name, c.node)),
                }
            }
            if let Some(mut def) = def {
                for (name, node) in parts {
                    match name {
                        "param" => params.push(node),
                        "base" => bases.push(node),
                        _ => def.set(name, node),
                    }
                }
                match by_node.get(&def.node.id()) {
                    Some(&i) => defs[i].merge(def),
                    None => {
                        by_node.insert(def.node.id(), defs.len());
                        defs.push(def);
                    }
                }
                return;
            }
            for (name, node) in parts {
                let line = line_of(node);
                match name {
                    "param" => params.push(node),
                    "base" => bases.push(node),
                    "import" => imports.push(Import {
                        module: unquote(text(node, source)),
                        line,
                    }),
                    "import.mod" => imports.push(Import {
                        module: format!("mod {}", text(node, source)),
                        line,
                    }),
                    "reference" => references.push(Reference {
                        name: text(node, source),
                        line,
                    }),
                    _ => {}
                }
            }
        });
        attach_params(&mut defs, &params, source);
        attach_bases(&mut defs, &by_node, &bases, source);
        imports.dedup();
        let mut seen = std::collections::HashSet::new();
        references.retain(|r: &Reference| seen.insert((r.name.clone(), r.line)));
        Captures {
            defs,
            imports,
            references,
        }
    }
}

impl<'t> Def<'t> {
    fn new(kind: DefKind, node: Node<'t>) -> Def<'t> {
        Def {
            kind,
            node,
            name: None,
            params_list: None,
            returns: None,
            owner: None,
            params: Vec::new(),
            bases: Vec::new(),
        }
    }

    fn set(&mut self, capture: &str, node: Node<'t>) {
        match capture {
            "name" => self.name = Some(node),
            "params" => self.params_list = Some(node),
            "returns" => self.returns = Some(node),
            "owner" => self.owner = Some(node),
            _ => {}
        }
    }
}

/// Each `@param` goes to the definitions whose parameter list is the nearest list above
/// it; a parameter of a lambda or closure (a list no definition owns) is dropped. One
/// list may have two owners: `app.use = function use(fn)` (express's pattern) is the
/// assignment's definition and the named function expression's, and the map shows the
/// outer one, so each gets the parameters (the outer once showed `f use()`).
fn attach_params(defs: &mut [Def], params: &[Node], source: &str) {
    let mut lists: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, d) in defs.iter().enumerate() {
        if let Some(list) = d.params_list {
            lists.entry(list.id()).or_default().push(i);
        }
    }
    let list_kinds: Vec<&str> = defs
        .iter()
        .filter_map(|d| Some(d.params_list?.kind()))
        .collect();
    for p in params {
        let mut at = Some(*p);
        for depth in 0..PARAM_DEPTH {
            let Some(node) = at else { break };
            if let Some(owners) = lists.get(&node.id()) {
                let name = param_name(*p, source);
                for &i in owners {
                    if !(defs[i].params.is_empty() && IMPLICIT_PARAMS.contains(&name.as_str())) {
                        defs[i].params.push(name.clone());
                    }
                }
                break;
            }
            if depth > 0 && list_kinds.contains(&node.kind()) {
                break;
            }
            at = node.parent();
        }
    }
}

/// Each `@base` goes to the nearest definition above it (its class's header).
fn attach_bases(defs: &mut [Def], by_node: &HashMap<usize, usize>, bases: &[Node], source: &str) {
    for b in bases {
        let mut at = b.parent();
        while let Some(node) = at {
            if let Some(&i) = by_node.get(&node.id()) {
                defs[i].bases.push(text(*b, source));
                break;
            }
            at = node.parent();
        }
    }
}

/// A parameter's name: the node itself, or the first identifier in a pattern or
/// declarator (`*argv[]` → `argv`).
fn param_name(node: Node, source: &str) -> String {
    if node.named_child_count() == 0 {
        return text(node, source);
    }
    let mut cursor = node.walk();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n.named_child_count() == 0 && n.kind().ends_with("identifier") {
            return text(n, source);
        }
        let children: Vec<Node> = n.named_children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
    text(node, source)
}

impl Captures<'_> {
    /// The definitions nested by containment, impls and receivers merged into their types.
    fn symbols(&self, source: &str) -> Vec<Symbol> {
        let mut order: Vec<usize> = (0..self.defs.len()).collect();
        order.sort_by_key(|&i| {
            let n = self.defs[i].node;
            (
                n.start_byte(),
                std::cmp::Reverse(n.end_byte()),
                std::cmp::Reverse(self.defs[i].kind),
            )
        });
        let parent = self.parents(&order);
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); self.defs.len()];
        let mut roots = Vec::new();
        for &i in order.iter().filter(|&&i| self.defs[i].name.is_some()) {
            match self.place(i, &parent) {
                Place::Drop => {}
                Place::Root => roots.push(i),
                Place::In(p) => children[p].push(i),
            }
        }
        let mut entries: Vec<Entry> = roots
            .iter()
            .map(|&i| self.entry(i, None, &children, source))
            .collect();
        entries.sort_by_key(|e| e.symbol.line);
        merge_impls(entries)
    }

    /// The innermost definition containing each one.
    fn parents(&self, order: &[usize]) -> Vec<Option<usize>> {
        let mut parent = vec![None; self.defs.len()];
        let mut stack: Vec<usize> = Vec::new();
        for &i in order {
            let node = self.defs[i].node;
            while let Some(&top) = stack.last() {
                let t = self.defs[top].node;
                if t.start_byte() <= node.start_byte() && node.end_byte() <= t.end_byte() {
                    break;
                }
                stack.pop();
            }
            parent[i] = stack.last().copied();
            stack.push(i);
        }
        parent
    }

    /// Where a definition goes: under the nearest type above it, at the top, or nowhere
    /// (local to a function). Variables and properties are transparent.
    fn place(&self, i: usize, parent: &[Option<usize>]) -> Place {
        let kind = self.defs[i].kind;
        let mut at = parent[i];
        while let Some(p) = at {
            let pk = self.defs[p].kind;
            if pk.is_type() {
                return Place::In(p);
            }
            if pk.is_callable() && kind != DefKind::Instance {
                return Place::Drop;
            }
            at = parent[p];
        }
        match kind {
            DefKind::Instance | DefKind::Property => Place::Drop,
            _ => Place::Root,
        }
    }

    fn entry(
        &self,
        i: usize,
        within: Option<DefKind>,
        children: &[Vec<usize>],
        source: &str,
    ) -> Entry {
        let d = &self.defs[i];
        let kind = match (d.kind, within) {
            (DefKind::Class | DefKind::Impl, _) => Kind::Class,
            (DefKind::Function | DefKind::Method, Some(_)) => Kind::Method,
            (DefKind::Method, None) if d.owner.is_some() => Kind::Method,
            (DefKind::Function | DefKind::Method, None) => Kind::Function,
            (DefKind::Property, _) => Kind::Property,
            (DefKind::Variable | DefKind::Instance, _) => Kind::Variable,
        };
        let callable = matches!(kind, Kind::Function | Kind::Method);
        let mut nested: Vec<Symbol> = children[i]
            .iter()
            .map(|&c| self.entry(c, Some(d.kind), children, source).symbol)
            .collect();
        dedup_instance_variables(&mut nested);
        let symbol = Symbol {
            kind,
            name: d.name.map(|n| text(n, source)).unwrap_or_default(),
            line: d.line(),
            params: callable.then(|| d.params.clone()),
            returns: d
                .returns
                .map(|r| return_type(r, source))
                .filter(|r| !r.is_empty()),
            bases: d.bases.clone(),
            children: nested,
        };
        let group = match d.kind {
            DefKind::Impl => Some(symbol.name.clone()),
            _ => d
                .owner
                .filter(|_| within.is_none())
                .map(|o| type_name(&text(o, source))),
        };
        Entry { symbol, group }
    }
}

enum Place {
    Drop,
    Root,
    In(usize),
}

/// A top-level symbol, and the type it belongs to when it is an `impl` block or a
/// method defined outside its type.
struct Entry {
    symbol: Symbol,
    group: Option<String>,
}

/// Impl blocks and out-of-type methods join the type of their name defined in this file,
/// or else one `c Name` entry per name, at the first one's line.
fn merge_impls(entries: Vec<Entry>) -> Vec<Symbol> {
    let types: HashMap<String, usize> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.group.is_none() && e.symbol.kind == Kind::Class)
        .map(|(i, e)| (e.symbol.name.clone(), i))
        .collect();
    let mut out: Vec<Option<Symbol>> = Vec::new();
    let mut slot: HashMap<String, usize> = HashMap::new();
    let mut pending: Vec<(String, Symbol)> = Vec::new();
    for (i, e) in entries.into_iter().enumerate() {
        match e.group {
            None => {
                if types.get(&e.symbol.name) == Some(&i) {
                    slot.insert(e.symbol.name.clone(), out.len());
                }
                out.push(Some(e.symbol));
            }
            Some(name) => pending.push((name, e.symbol)),
        }
    }
    for (name, symbol) in pending {
        let members = if symbol.kind == Kind::Class {
            symbol.children.clone()
        } else {
            vec![symbol.clone()]
        };
        match slot.get(&name) {
            Some(&at) => {
                let host = out[at].as_mut().expect("slots point at symbols");
                host.children.extend(members);
                host.children.sort_by_key(|c| c.line);
            }
            None => {
                slot.insert(name.clone(), out.len());
                out.push(Some(Symbol {
                    kind: Kind::Class,
                    name,
                    line: symbol.line,
                    params: None,
                    returns: None,
                    bases: Vec::new(),
                    children: members,
                }));
            }
        }
    }
    let mut symbols: Vec<Symbol> = out.into_iter().flatten().collect();
    symbols.sort_by_key(|s| s.line);
    symbols
}

/// `self.x` assigned in several methods is one instance variable, at its first line.
fn dedup_instance_variables(children: &mut Vec<Symbol>) {
    let mut seen = std::collections::HashSet::new();
    children.retain(|c| {
        c.kind != Kind::Variable || !c.children.is_empty() || seen.insert(c.name.clone())
    });
}

/// A type's bare name: `Set[T]`, `Foo<T>` → `Set`, `Foo`; `ns::Foo` → `Foo`.
fn type_name(written: &str) -> String {
    let bare = written.split(['<', '[']).next().unwrap_or(written);
    bare.rsplit("::").next().unwrap_or(bare).trim().to_string()
}

/// A return type as written, without the `:` or `->` that introduces it and with runs
/// of whitespace as one space.
fn return_type(node: Node, source: &str) -> String {
    let t = text(node, source);
    let t = t.trim_start_matches(|c: char| c == ':' || c == '-' || c == '>' || c.is_whitespace());
    t.to_string()
}

/// A node's text, with runs of whitespace as one space.
fn text(node: Node, source: &str) -> String {
    let raw = node.utf8_text(source.as_bytes()).unwrap_or_default();
    raw.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A module as written, without the quotes or brackets around it.
fn unquote(module: String) -> String {
    module
        .trim_matches(|c| matches!(c, '"' | '\'' | '`' | '<' | '>'))
        .to_string()
}

fn line_of(node: Node) -> u32 {
    u32::try_from(node.start_position().row + 1).unwrap_or(u32::MAX)
}

#[cfg(test)]
#[path = "index_tests.rs"]
mod tests;
