//! Lowers a Go template tree to Jinja source that minijinja renders with Go's semantics.
//!
//! The generated Jinja is meant to be read (it is what `template convert` prints), so it
//! stays close to the Go original: `{{.Name}}` becomes `{{ field(dot, "Name") | show }}`,
//! `{{range $i, $e := .L}}` becomes `{% for v_i, v_e in each(field(dot, "L")) %}`, and Go's
//! builtins keep their Go names. Go semantics that Jinja lacks live in those functions
//! (see `template::builtins`).
//!
//! Go resolves variables at run time on a stack, and its scoping differs from the parser's
//! (a variable declared in an `if` branch is not visible in its `else`). The lowering
//! replays that run-time scoping statically, so each reference names exactly the Jinja
//! variable Go would read, and a reference Go would reject at run time becomes a `fail`.
//! Variables that are ever reassigned with `=` are held in `namespace()` objects, because
//! a Jinja `set` inside a loop does not reach the variable outside it.
//!
//! Errors: every call that can fail is recorded as a [`Site`], keyed by the byte offset
//! of the call in the generated source. minijinja reports the byte range of the failing
//! call, so the engine can name the Go node, line and column exactly as Go does.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use crate::strconv::quote;

use super::ast::{Arg, Branch, BranchKind, Command, List, Node, Number, Pipe, Pos, Tree};

/// The Jinja variable that holds the data the template is executed with.
pub const DATA_VAR: &str = "__data__";

/// Where a Go execution error is reported: Go's `s.at(node)` at the moment it fails.
#[derive(Debug, Clone, PartialEq)]
pub struct GoNode {
    /// Byte offset of the node in the Go source.
    pub pos: Pos,
    /// The node as Go prints it (`Node.String()`).
    pub text: String,
}

/// A call in the generated source whose failure is reported at a Go node.
#[derive(Debug, Clone, PartialEq)]
pub struct Site {
    /// The template being executed (Go's `executing "NAME"`).
    pub template: String,
    /// The node for errors raised by the call itself.
    pub node: GoNode,
    /// For `printf`: where a bad format argument is reported.
    pub format: Option<GoNode>,
}

/// The result of lowering: Jinja source plus the error sites in it.
#[derive(Debug, Clone)]
pub struct Lowered {
    pub source: String,
    /// `(byte offset of a call in source, site)`, sorted by offset.
    pub sites: Vec<(usize, Site)>,
}

impl Lowered {
    /// The site of the call that starts at `offset` in the generated source.
    pub fn site_at(&self, offset: usize) -> Option<&Site> {
        self.sites
            .binary_search_by_key(&offset, |(o, _)| *o)
            .ok()
            .map(|i| &self.sites[i].1)
    }
}

/// Go's builtin function names, as the parser must know them.
pub const GO_BUILTINS: &[&str] = &[
    "and", "call", "eq", "ge", "gt", "html", "index", "js", "le", "len", "lt", "ne", "not", "or",
    "print", "printf", "println", "slice", "urlquery",
];

/// Builtins taking a fixed number of arguments: `(name, count)`.
const FIXED_ARITY: &[(&str, usize)] = &[
    ("len", 1),
    ("not", 1),
    ("ne", 2),
    ("lt", 2),
    ("le", 2),
    ("gt", 2),
    ("ge", 2),
];

/// Variadic builtins with a required leading argument.
const AT_LEAST_ONE: &[&str] = &["and", "or", "call", "index", "slice", "printf", "eq"];

/// Names the generated source uses for its own purposes; Go variables never take them.
const RESERVED: &[&str] = &[
    "and",
    "or",
    "not",
    "in",
    "is",
    "if",
    "else",
    "true",
    "false",
    "none",
    "True",
    "False",
    "None",
    "loop",
    "self",
    "super",
    "caller",
    "varargs",
    "kwargs",
    "namespace",
    "range",
    "dot",
    "root",
    "nil",
    DATA_VAR,
    "field",
    "method",
    "each",
    "show",
    "fail",
    "complex",
    "call",
    "html",
    "index",
    "js",
    "len",
    "print",
    "printf",
    "println",
    "slice",
    "urlquery",
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
];

/// The most arguments minijinja's parser takes in one call.
const MAX_CALL_ARGS: usize = 2000;

/// Pipeline stages nested as calls in one expression, which reads like the Go original.
/// minijinja's parser allows about 150 nested calls, so a longer pipeline evaluated as a
/// statement keeps every this many stages in a variable.
const NESTED_STAGES: usize = 32;

/// Lowers a parsed Go template to Jinja.
pub fn lower(tree: &Tree) -> Lowered {
    let mut lw = Lowerer::new(tree);
    lw.file(tree);
    let mut sites = lw.sites;
    sites.sort_by_key(|(o, _)| *o);
    Lowered {
        source: lw.out,
        sites,
    }
}

/// A Jinja expression under construction, with the error sites inside it (offsets relative
/// to the start of `text`).
#[derive(Debug, Default, Clone)]
struct Expr {
    text: String,
    sites: Vec<(usize, Site)>,
}

impl Expr {
    fn plain(text: impl Into<String>) -> Expr {
        Expr {
            text: text.into(),
            sites: Vec::new(),
        }
    }

    fn push_str(&mut self, s: &str) {
        self.text.push_str(s);
    }

    fn push(&mut self, other: Expr) {
        let base = self.text.len();
        self.text.push_str(&other.text);
        self.sites
            .extend(other.sites.into_iter().map(|(o, s)| (o + base, s)));
    }

    /// `name(args...)`, with `site` recorded for the call. Past minijinja's limit on
    /// arguments, they are passed as one spread list, `name(*[args...])`.
    fn call(name: &str, args: Vec<Expr>, site: Option<Site>) -> Expr {
        let mut e = Expr::default();
        if let Some(site) = site {
            e.sites.push((0, site));
        }
        let spread = args.len() > MAX_CALL_ARGS;
        e.push_str(name);
        e.push_str(if spread { "(*[" } else { "(" });
        for (i, a) in args.into_iter().enumerate() {
            if i > 0 {
                e.push_str(", ");
            }
            e.push(a);
        }
        e.push_str(if spread { "])" } else { ")" });
        e
    }
}

/// A Go variable as the generated source holds it.
#[derive(Debug, Clone)]
struct Slot {
    go: String,
    jinja: String,
    /// Held in a `namespace(v=...)` because some action reassigns it.
    ns: bool,
}

impl Slot {
    fn read(&self) -> String {
        if self.ns {
            format!("{}.v", self.jinja)
        } else {
            self.jinja.clone()
        }
    }
}

struct Lowerer<'t> {
    source_name: &'t str,
    out: String,
    sites: Vec<(usize, Site)>,
    /// Go variable names that some action assigns with `=`.
    assigned: HashSet<String>,
    /// Whether every variable is held in a namespace: a `{{range $x = ...}}` assigns
    /// the element to whichever variable is on top of Go's stack, not to `$x`.
    all_ns: bool,
    /// Jinja expressions that hold a range element: Go sees those as `interface {}`
    /// values, which `slice` does not accept as indexes.
    boxed: HashSet<String>,
    /// Jinja names of variables that a skipped `and`/`or` operand may have left
    /// undeclared: reading one checks first.
    maybe_undeclared: HashSet<String>,
    /// Above zero while lowering an expression Go may not evaluate (an `and`/`or`
    /// operand, an `else if` condition): no statement may be emitted for it.
    lazy: usize,
    /// How many Jinja names were made from each base, for unique names.
    names: HashMap<String, usize>,
    /// Go template name → Jinja macro name.
    macros: HashMap<String, String>,
    /// The template being lowered (for `executing "NAME"`).
    template: String,
    /// The Go variables visible at run time, innermost last.
    vars: Vec<Slot>,
    /// The Jinja expression that holds dot.
    dot: String,
    /// Whether the pipeline about to be lowered is a whole action's, evaluated at once.
    statement: bool,
}

impl<'t> Lowerer<'t> {
    fn new(tree: &'t Tree) -> Self {
        let mut assigned = HashSet::new();
        let mut all_ns = false;
        for list in std::iter::once(&tree.root).chain(tree.defines.iter().map(|d| &d.body)) {
            collect_assigned(list, &mut assigned);
            all_ns |= has_range_assign(list);
        }
        Lowerer {
            source_name: &tree.name,
            out: String::new(),
            sites: Vec::new(),
            assigned,
            all_ns,
            boxed: HashSet::new(),
            maybe_undeclared: HashSet::new(),
            lazy: 0,
            names: HashMap::new(),
            macros: HashMap::new(),
            template: tree.name.clone(),
            vars: Vec::new(),
            dot: "dot".into(),
            statement: false,
        }
    }

    fn file(&mut self, tree: &Tree) {
        let _ = write!(
            self.out,
            "{{# Converted from Go text/template {} by gotemplate. #}}",
            quote(self.source_name)
        );
        for d in &tree.defines {
            let name = self.unique(&format!("t_{}", mangle(&d.name)));
            self.macros.insert(d.name.clone(), name);
        }
        for d in &tree.defines {
            let macro_name = self.macros[&d.name].clone();
            let _ = write!(self.out, "\n{{%- macro {macro_name}(dot) %}}");
            self.template = d.name.clone();
            self.body(&d.body);
            self.out.push_str("{% endmacro %}");
        }
        self.template = tree.name.clone();
        let _ = write!(self.out, "\n{{%- set dot = {DATA_VAR} %}}");
        self.body(&tree.root);
    }

    /// A template body: `$` starts as dot, and no other variable is visible.
    fn body(&mut self, list: &List) {
        let saved = std::mem::take(&mut self.vars);
        self.dot = "dot".into();
        if self.is_ns("$") {
            let root = self.unique("root");
            let _ = write!(self.out, "{{% set {root} = namespace(v=dot) %}}");
            self.vars.push(Slot {
                go: "$".into(),
                jinja: root,
                ns: true,
            });
        } else if uses_root(list) {
            let root = self.unique("root");
            let _ = write!(self.out, "{{% set {root} = dot %}}");
            self.vars.push(Slot {
                go: "$".into(),
                jinja: root,
                ns: false,
            });
        } else {
            self.vars.push(Slot {
                go: "$".into(),
                jinja: "dot".into(),
                ns: false,
            });
        }
        self.list(list);
        self.vars = saved;
    }

    fn unique(&mut self, base: &str) -> String {
        let n = self.names.entry(base.to_string()).or_insert(0);
        *n += 1;
        if *n == 1 && !RESERVED.contains(&base) {
            base.to_string()
        } else {
            format!("{base}_{n}")
        }
    }

    fn emit(&mut self, e: Expr) {
        let base = self.out.len();
        self.out.push_str(&e.text);
        self.sites
            .extend(e.sites.into_iter().map(|(o, s)| (o + base, s)));
    }

    fn site(&self, node: GoNode) -> Site {
        Site {
            template: self.template.clone(),
            node,
            format: None,
        }
    }

    /// `fail(msg, evaluated...)`: a run-time error Go raises at `node`. Arguments that Go
    /// evaluates before failing are passed along so their own errors come first.
    fn fail(&self, node: GoNode, msg: &str, before: Vec<Expr>) -> Expr {
        let mut args = vec![Expr::plain(jinja_string(msg))];
        args.extend(before);
        Expr::call("fail", args, Some(self.site(node)))
    }

    fn is_ns(&self, go: &str) -> bool {
        self.all_ns || self.assigned.contains(go)
    }

    fn lookup(&self, go: &str) -> Option<&Slot> {
        self.vars.iter().rev().find(|s| s.go == go)
    }

    fn list(&mut self, list: &List) {
        for node in &list.nodes {
            self.node(node);
        }
    }

    fn node(&mut self, node: &Node) {
        match node {
            Node::Text { text, .. } => self.text(text),
            Node::Action { pipe, .. } => {
                let value = self.pipe_value(pipe);
                if pipe.decl.is_empty() {
                    let mut e = Expr::plain("{{ ");
                    e.push(value);
                    e.push_str(" | ");
                    // Printing fails only past the byte budget: at the action, as Go
                    // reports a failed print.
                    e.sites.push((e.text.len(), self.site(last_at(pipe))));
                    e.push_str("show }}");
                    self.emit(e);
                }
            }
            Node::Branch(b) => match b.kind {
                BranchKind::If | BranchKind::With => self.if_or_with(b),
                BranchKind::Range => self.range(b),
            },
            Node::Template { pos, name, pipe } => self.template_call(*pos, name, pipe.as_ref()),
            Node::Break { .. } => self.out.push_str("{% break %}"),
            Node::Continue { .. } => self.out.push_str("{% continue %}"),
        }
    }

    fn text(&mut self, text: &str) {
        // Literal text must not open a Jinja tag; `{{ "{" }}` prints a lone brace.
        let bytes = text.as_bytes();
        let mut start = 0;
        for i in 0..bytes.len() {
            // A brace at the end may meet the `{{`/`{%` the next action opens.
            if bytes[i] == b'{' && matches!(bytes.get(i + 1), None | Some(b'{' | b'%' | b'#')) {
                self.out.push_str(&text[start..i]);
                self.out.push_str("{{ \"{\" }}");
                start = i + 1;
            }
        }
        self.out.push_str(&text[start..]);
    }

    fn if_or_with(&mut self, b: &Branch) {
        let mark = self.vars.len();
        let value = self.pipe_value(&b.pipe);
        let outer_dot = self.dot.clone();
        // Dot is the value, not the variable: a later `$x = ...` must not move it.
        let cond =
            if b.kind == BranchKind::With && (b.pipe.decl.is_empty() || value.text.contains('.')) {
                self.set_temp("dot", value)
            } else {
                value
            };
        let inner_dot = if b.kind == BranchKind::With {
            cond.text.clone()
        } else {
            outer_dot.clone()
        };
        let mut e = Expr::plain("{% if ");
        e.push(cond);
        e.push_str(" %}");
        self.emit(e);
        self.branch_list(&b.list, &inner_dot);
        let mut else_list = b.else_list.as_ref();
        // `{{else if}}` chains stay flat as `elif` (minijinja limits nesting depth) when
        // the inner condition declares no variables.
        while let Some(inner) = else_list.and_then(flat_else_if) {
            self.lazy += 1;
            let cond = self.pipe_expr(&inner.pipe, None);
            self.lazy -= 1;
            let mut e = Expr::plain("{% elif ");
            e.push(cond);
            e.push_str(" %}");
            self.emit(e);
            self.branch_list(&inner.list, &outer_dot);
            else_list = inner.else_list.as_ref();
        }
        if let Some(else_list) = else_list {
            self.out.push_str("{% else %}");
            self.branch_list(else_list, &outer_dot);
        }
        self.out.push_str("{% endif %}");
        self.dot = outer_dot;
        self.vars.truncate(mark);
    }

    /// A branch body: its own variables end with it, and dot is `dot` inside.
    fn branch_list(&mut self, list: &List, dot: &str) {
        let mark = self.vars.len();
        let saved = std::mem::replace(&mut self.dot, dot.to_string());
        self.list(list);
        self.dot = saved;
        self.vars.truncate(mark);
    }

    fn range(&mut self, b: &Branch) {
        let mark = self.vars.len();
        let pipe = &b.pipe;
        self.statement = true;
        let collection = self.pipe_expr(pipe, None);
        let at = last_at(pipe);
        let outer_dot = self.dot.clone();
        // Declared variables hold the whole collection in the else branch, and assigned
        // ones hold it from the start, so the collection is named then.
        let named = pipe.is_assign || (!pipe.decl.is_empty() && b.else_list.is_some());
        let source = if named {
            self.set_temp("items", unbox(collection))
        } else {
            collection
        };
        if pipe.is_assign {
            for v in &pipe.decl {
                self.assign(&v.idents[0], source.clone(), at.clone());
            }
        }
        let each = Expr::call("each", vec![source.clone()], Some(self.site(at)));
        // minijinja's `{% for %}...{% else %}` also runs the else branch after a `break`
        // in the first iteration, so an else branch tests the entries itself.
        let entries = match b.else_list {
            Some(_) => self.set_temp("entries", each),
            None => each,
        };

        // Go sets the top variable on its stack to the element and the one below to the
        // key: the declared ones, or for `=` whichever were declared last.
        let decls: Vec<&str> = pipe.decl.iter().map(|v| v.idents[0].as_str()).collect();
        let fresh = !pipe.is_assign;
        let (key_go, elem_go) = match decls.as_slice() {
            [] => (None, None),
            [e] => (None, Some(*e)),
            [k, e, ..] => (Some(*k), Some(*e)),
        };
        let key_target = match key_go {
            Some(k) if fresh => self.unique(&identifier(k)),
            Some(_) => self.unique("key"),
            None => "_".to_string(),
        };
        let elem_target = match elem_go {
            Some(e) if fresh => self.unique(&identifier(e)),
            Some(_) => self.unique("elem"),
            None => self.unique("dot"),
        };
        if fresh {
            self.boxed.insert(elem_target.clone());
        }
        let mut e = Expr::plain(format!("{{% for {key_target}, {elem_target} in "));
        e.push(entries.clone());
        e.push_str(" %}");
        self.emit(e);

        let body_mark = self.vars.len();
        if fresh {
            for (go, target) in [(key_go, &key_target), (elem_go, &elem_target)] {
                if let Some(go) = go {
                    self.declare_from(go, target.clone());
                }
            }
            if let (Some(_), Some(slot)) = (elem_go, self.vars.last()) {
                self.boxed.insert(slot.read());
            }
        } else {
            let top = self.vars.len();
            let targets = [(1, elem_go, &elem_target), (2, key_go, &key_target)];
            for (depth, go, target) in targets {
                if let (Some(_), Some(slot)) = (go, top.checked_sub(depth).map(|i| &self.vars[i])) {
                    let _ = write!(self.out, "{{% set {}.v = {target} %}}", slot.jinja);
                }
            }
        }
        self.branch_list(&b.list, &elem_target);
        self.vars.truncate(body_mark);
        self.out.push_str("{% endfor %}");

        if let Some(else_list) = &b.else_list {
            let _ = write!(self.out, "{{% if not {} %}}", entries.text);
            if fresh {
                for go in decls.iter() {
                    self.declare_from(go, source.text.clone());
                }
            }
            // A `{{break}}` in the else branch ends only this range statement.
            let wrap = list_breaks(else_list);
            if wrap {
                self.out.push_str("{% for _ in [0] %}");
            }
            self.branch_list(else_list, &outer_dot);
            if wrap {
                self.out.push_str("{% endfor %}");
            }
            self.out.push_str("{% endif %}");
        }
        self.dot = outer_dot;
        self.vars.truncate(mark);
    }

    /// `{% set NAME = value %}` with a fresh name; returns the name as an expression.
    fn set_temp(&mut self, base: &str, value: Expr) -> Expr {
        let name = self.unique(base);
        let mut e = Expr::plain(format!("{{% set {name} = "));
        e.push(value);
        e.push_str(" %}");
        self.emit(e);
        Expr::plain(name)
    }

    /// Declares Go variable `go` holding the Jinja expression `value`, wrapping it in a
    /// namespace when it is reassigned somewhere.
    fn declare_from(&mut self, go: &str, value: String) {
        if self.is_ns(go) {
            let name = self.unique(&identifier(go));
            let _ = write!(self.out, "{{% set {name} = namespace(v={value}) %}}");
            self.vars.push(Slot {
                go: go.into(),
                jinja: name,
                ns: true,
            });
        } else {
            self.vars.push(Slot {
                go: go.into(),
                jinja: value,
                ns: false,
            });
        }
    }

    fn template_call(&mut self, pos: Pos, name: &str, pipe: Option<&Pipe>) {
        let node = GoNode {
            pos,
            text: match pipe {
                Some(p) => format!("{{{{template {} {}}}}}", quote(name), p),
                None => format!("{{{{template {}}}}}", quote(name)),
            },
        };
        let Some(macro_name) = self.macros.get(name).cloned() else {
            let msg = format!("template {} not defined", quote(name));
            let mut e = Expr::plain("{{ ");
            e.push(self.fail(node, &msg, vec![]));
            e.push_str(" }}");
            self.emit(e);
            return;
        };
        let args = match pipe {
            Some(p) => vec![unbox(self.pipe_value(p))],
            None => vec![],
        };
        let mut e = Expr::plain("{{ ");
        e.push(Expr::call(&macro_name, args, Some(self.site(node))));
        e.push_str(" }}");
        self.emit(e);
    }

    /// The value of a pipeline, after its variables are declared or assigned (which
    /// emits `set` statements).
    fn pipe_value(&mut self, pipe: &Pipe) -> Expr {
        self.statement = true;
        let value = self.pipe_expr(pipe, None);
        if pipe.decl.is_empty() {
            return value;
        }
        let value = unbox(value);
        if pipe.is_assign {
            let go = pipe.decl[0].idents[0].as_str();
            return self.assign(go, value, last_at(pipe));
        }
        let go = pipe.decl[0].idents[0].clone();
        let name = self.unique(&identifier(&go));
        let ns = self.is_ns(&go);
        let mut e = Expr::plain(format!("{{% set {name} = "));
        if ns {
            e.push_str("namespace(v=");
            e.push(value);
            e.push_str(")");
        } else {
            e.push(value);
        }
        e.push_str(" %}");
        self.emit(e);
        let slot = Slot {
            go,
            jinja: name,
            ns,
        };
        let read = slot.read();
        self.vars.push(slot);
        Expr::plain(read)
    }

    /// `{% set $go = value %}` (Go's `setVar`); an undeclared variable fails at `at`.
    /// Returns the variable's value as an expression.
    fn assign(&mut self, go: &str, value: Expr, at: GoNode) -> Expr {
        match self.lookup(go).cloned() {
            Some(slot) if slot.ns => {
                let mut e = Expr::plain(format!("{{% set {}.v = ", slot.jinja));
                e.push(value);
                e.push_str(" %}");
                self.emit(e);
                Expr::plain(slot.read())
            }
            _ => {
                let msg = format!("undefined variable: {go}");
                let mut e = Expr::plain("{{ ");
                e.push(self.fail(at, &msg, vec![value]));
                e.push_str(" }}");
                self.emit(e);
                Expr::plain("none")
            }
        }
    }

    /// A pipeline as an expression: each command's value is the last argument of the next.
    /// `before` is the node Go is "at" when the pipeline starts (for parenthesised
    /// pipelines used as commands); by default the pipeline itself.
    fn pipe_expr(&mut self, pipe: &Pipe, before: Option<GoNode>) -> Expr {
        let mut at = before.unwrap_or_else(|| GoNode {
            pos: pipe.pos,
            text: pipe.to_string(),
        });
        // Only a pipeline Go always evaluates in full may be split into statements.
        let split = std::mem::take(&mut self.statement);
        let mut value: Option<Expr> = None;
        for (i, cmd) in pipe.cmds.iter().enumerate() {
            // Go turns a nil interface into an invalid value after every command.
            value = value.map(unbox);
            if split && i > 0 && i % NESTED_STAGES == 0 {
                value = value.map(|v| self.set_temp("stage", v));
            }
            value = Some(self.command(cmd, value, &at));
            at = last_at_command(cmd);
        }
        value.unwrap_or_else(|| Expr::plain("none"))
    }

    /// One command. `at` is the node Go is at when the command starts.
    fn command(&mut self, cmd: &Command, last: Option<Expr>, at: &GoNode) -> Expr {
        let first = &cmd.args[0];
        let has_args = cmd.args.len() > 1 || last.is_some();
        let not_a_function = |lw: &Self, node: GoNode, last: Option<Expr>| {
            let msg = format!("can't give argument to non-function {}", cmd.args[0]);
            lw.fail(node, &msg, last.into_iter().collect())
        };
        match first {
            Arg::Field { idents, .. } => {
                let node = go_node(first);
                let names = idents.iter().map(|s| s.as_str()).collect::<Vec<_>>();
                self.field_access(Expr::plain(self.dot.clone()), &names, node, has_args, last)
            }
            Arg::Chain { node, fields, .. } => {
                let receiver = self.arg(node);
                let names = fields.iter().map(|s| s.as_str()).collect::<Vec<_>>();
                self.field_access(receiver, &names, go_node(first), has_args, last)
            }
            Arg::Identifier { name, .. } => self.function(cmd, name, last),
            Arg::Pipe(inner) => {
                if has_args {
                    return not_a_function(self, at.clone(), last);
                }
                if !inner.decl.is_empty() && self.lazy == 0 {
                    return self.pipe_value(inner);
                }
                self.pipe_expr(inner, Some(at.clone()))
            }
            Arg::Variable(v) => {
                let node = go_node(first);
                let Some(slot) = self.lookup(&v.idents[0]).cloned() else {
                    let msg = format!("undefined variable: {}", v.idents[0]);
                    return self.fail(node, &msg, last.into_iter().collect());
                };
                let value = self.read_var(&slot, node.clone());
                if v.idents.len() == 1 {
                    if has_args {
                        return not_a_function(self, node, last);
                    }
                    return value;
                }
                let names = v.idents[1..].iter().map(|s| s.as_str()).collect::<Vec<_>>();
                self.field_access(value, &names, node, has_args, last)
            }
            Arg::Nil { .. } => {
                let node = go_node(first);
                if has_args {
                    return not_a_function(self, node, last);
                }
                self.fail(node, "nil is not a command", vec![])
            }
            Arg::Bool { .. } | Arg::Dot { .. } | Arg::Number { .. } | Arg::String { .. } => {
                if has_args {
                    return not_a_function(self, go_node(first), last);
                }
                self.arg(first)
            }
        }
    }

    /// `.a.b` on `receiver`. With arguments Go would call a method, which map data lacks.
    fn field_access(
        &mut self,
        receiver: Expr,
        names: &[&str],
        node: GoNode,
        has_args: bool,
        last: Option<Expr>,
    ) -> Expr {
        let mut args = vec![receiver];
        if has_args {
            let list = names
                .iter()
                .map(|n| jinja_string(n))
                .collect::<Vec<_>>()
                .join(", ");
            args.push(Expr::plain(format!("[{list}]")));
            args.extend(last);
            return Expr::call("method", args, Some(self.site(node)));
        }
        args.extend(names.iter().map(|n| Expr::plain(jinja_string(n))));
        Expr::call("field", args, Some(self.site(node)))
    }

    /// A builtin function command.
    fn function(&mut self, cmd: &Command, name: &str, last: Option<Expr>) -> Expr {
        let ident = go_node(&cmd.args[0]);
        let args = &cmd.args[1..];
        let given = args.len() + usize::from(last.is_some());
        if let Some(&(_, want)) = FIXED_ARITY.iter().find(|(n, _)| *n == name) {
            if given != want {
                let msg = format!("wrong number of args for {name}: want {want} got {given}");
                return self.fail(ident, &msg, last.into_iter().collect());
            }
        } else if AT_LEAST_ONE.contains(&name) && given < 1 {
            let msg = format!(
                "wrong number of args for {name}: want at least 1 got {}",
                args.len()
            );
            return self.fail(ident, &msg, last.into_iter().collect());
        }

        match name {
            "and" | "or" if self.lazy == 0 && args.iter().skip(1).any(arg_declares) => {
                self.logic_statements(name == "and", args, last)
            }
            "and" | "or" | "not" => self.logic(name, args, last),
            _ => {
                let mut site = self.site(GoNode {
                    pos: cmd.pos,
                    text: cmd.to_string(),
                });
                if name == "printf" {
                    // printf's format is a `string` parameter: Go rejects a literal of
                    // another kind as it evaluates it, and any other value when it
                    // arrives (reported at `site.format`).
                    match args.first() {
                        Some(Arg::String { .. }) => {}
                        Some(a @ Arg::Nil { .. }) => {
                            return self.fail(
                                go_node(a),
                                "cannot assign nil to string",
                                last.into_iter().collect(),
                            );
                        }
                        Some(a @ (Arg::Bool { .. } | Arg::Number { .. })) => {
                            let msg = format!("expected string; found {a}");
                            return self.fail(go_node(a), &msg, last.into_iter().collect());
                        }
                        Some(a) => site.format = Some(last_at_arg(a)),
                        None => site.format = Some(ident.clone()),
                    }
                }
                // Go evaluates the piped value, then the arguments in order: when an
                // argument declares or assigns a variable (a `set` emitted now), what is
                // evaluated before it is named first so it sees the old value.
                let declaring = match self.lazy {
                    0 => args.iter().rposition(arg_declares),
                    _ => None,
                };
                let last = match (last, declaring) {
                    (Some(l), Some(_)) => Some(self.set_temp("piped", l)),
                    (l, _) => l,
                };
                let mut call_args = Vec::with_capacity(args.len() + 1);
                for (i, a) in args.iter().enumerate() {
                    let mut value = self.arg(a);
                    if name == "slice" && i > 0 && self.is_boxed(a) {
                        value = Expr::call("boxed", vec![value], None);
                    }
                    call_args.push(match declaring {
                        Some(j) if i < j => self.set_temp("arg", value),
                        _ => value,
                    });
                }
                call_args.extend(last);
                Expr::call(name, call_args, Some(site))
            }
        }
    }

    /// `and`/`or`/`not` as a Jinja expression, which short-circuits as Go does.
    fn logic(&mut self, name: &str, args: &[Arg], last: Option<Expr>) -> Expr {
        // Go evaluates a piped value before the call, so its error stands even
        // when the operands short-circuit.
        let last = last.map(|l| self.evaluated_first(l));
        let mut operands = Vec::with_capacity(args.len() + 1);
        for (i, a) in args.iter().enumerate() {
            // Every operand after the first may be skipped.
            let lazy = usize::from(i > 0);
            self.lazy += lazy;
            operands.push(self.arg(a));
            self.lazy -= lazy;
        }
        let forced = last.as_ref().and_then(|(_, f)| f.clone());
        operands.extend(last.map(|(l, _)| l));
        let mut e = Expr::plain("(");
        if name == "not" {
            e.push_str("not ");
        }
        for (i, op) in operands.into_iter().enumerate() {
            if i > 0 {
                e.push_str(if name == "and" { " and " } else { " or " });
            }
            e.push(op);
        }
        e.push_str(")");
        match forced {
            // `[x, y][1]` evaluates `x`, then gives `y`.
            Some(first) => {
                let mut f = Expr::plain("[");
                f.push(first);
                f.push_str(", ");
                f.push(e);
                f.push_str("][1]");
                f
            }
            None => e,
        }
    }

    /// `and`/`or` whose later operands declare or assign variables, as statements: each
    /// operand is lowered inside an `{% if %}` on the result so far, so its `set`s run
    /// exactly when Go evaluates it.
    fn logic_statements(&mut self, is_and: bool, args: &[Arg], last: Option<Expr>) -> Expr {
        let last = last.map(|l| self.set_temp("piped", l));
        let first = self.arg(&args[0]);
        let acc = self.set_temp("cond", first);
        // How many operands ran, for the variables declared in the others.
        let reached = self.set_temp("reached", Expr::plain("0"));
        let test = if is_and { "" } else { "not " };
        let mut open = 0;
        let rest: Vec<Option<&Arg>> = args[1..].iter().map(Some).collect();
        let mut last = last;
        let piped = last.is_some().then_some(None);
        let mut declared = Vec::new();
        for (i, op) in rest.into_iter().chain(piped).enumerate() {
            let _ = write!(
                self.out,
                "{{% if {test}{} %}}{{% set {} = {} %}}",
                acc.text,
                reached.text,
                i + 1
            );
            open += 1;
            let mark = self.vars.len();
            let value = match op {
                Some(a) => self.arg(a),
                None => last.take().unwrap_or_else(|| Expr::plain("none")),
            };
            let mut e = Expr::plain(format!("{{% set {} = ", acc.text));
            e.push(value);
            e.push_str(" %}");
            self.emit(e);
            declared.extend((mark..self.vars.len()).map(|v| (i + 1, v)));
        }
        self.out.push_str(&"{% endif %}".repeat(open));
        // Where Go skipped a declaration, an older variable of the name stays visible.
        for (operand, v) in declared {
            let slot = self.vars[v].clone();
            let older = self.vars[..v].iter().rev().find(|s| s.go == slot.go);
            let value = match older {
                Some(older) => older.jinja.clone(),
                None => {
                    self.maybe_undeclared.insert(slot.jinja.clone());
                    "undeclared()".to_string()
                }
            };
            let _ = write!(
                self.out,
                "{{% if {} < {operand} %}}{{% set {} = {value} %}}{{% endif %}}",
                reached.text, slot.jinja
            );
        }
        acc
    }

    /// Reads a Go variable; one a skipped operand may have left undeclared fails then.
    fn read_var(&self, slot: &Slot, node: GoNode) -> Expr {
        if !self.maybe_undeclared.contains(&slot.jinja) {
            return Expr::plain(slot.read());
        }
        let msg = format!("undefined variable: {}", slot.go);
        let check = Expr::call(
            "declared",
            vec![
                Expr::plain(slot.jinja.clone()),
                Expr::plain(jinja_string(&msg)),
            ],
            Some(self.site(node)),
        );
        if slot.ns {
            let mut e = check;
            e.push_str(".v");
            e
        } else {
            check
        }
    }

    /// Whether Go holds `arg`'s value as an `interface {}`: a map value or a range
    /// element, not yet through a pipeline.
    fn is_boxed(&self, arg: &Arg) -> bool {
        match arg {
            Arg::Field { .. } | Arg::Chain { .. } => true,
            Arg::Variable(v) if v.idents.len() > 1 => true,
            Arg::Variable(v) => self
                .lookup(&v.idents[0])
                .is_some_and(|slot| self.boxed.contains(&slot.read())),
            Arg::Dot { .. } => self.boxed.contains(&self.dot),
            _ => false,
        }
    }

    /// A value that must be evaluated before what follows: named by a `set` where a
    /// statement may be emitted, else returned again to be evaluated twice (`.1`).
    fn evaluated_first(&mut self, value: Expr) -> (Expr, Option<Expr>) {
        if self.lazy > 0 {
            return (value.clone(), Some(value));
        }
        (self.set_temp("piped", value), None)
    }

    /// An argument (Go's `evalArg`).
    fn arg(&mut self, arg: &Arg) -> Expr {
        match arg {
            Arg::Dot { .. } => Expr::plain(self.dot.clone()),
            Arg::Nil { .. } => Expr::plain("none"),
            Arg::Bool { value, .. } => Expr::plain(if *value { "true" } else { "false" }),
            Arg::String { value, .. } => Expr::plain(jinja_string(value)),
            Arg::Number { value, text, .. } => match value {
                Number::Int(i) => Expr::plain(i.to_string()),
                Number::Float(f) => Expr::plain(jinja_float(*f)),
                Number::Complex(re, im) => Expr::plain(format!(
                    "complex({}, {})",
                    jinja_float(*re),
                    jinja_float(*im)
                )),
                Number::Overflow => {
                    self.fail(go_node(arg), &format!("{text} overflows int"), vec![])
                }
            },
            // Under a short-circuit no statement can be emitted; Go may skip the
            // declaration, and a later use of the variable then fails as in Go.
            Arg::Pipe(p) if !p.decl.is_empty() && self.lazy == 0 => self.pipe_value(p),
            Arg::Pipe(p) => unbox(self.pipe_expr(p, None)),
            Arg::Field { .. } | Arg::Chain { .. } | Arg::Variable(_) | Arg::Identifier { .. } => {
                let cmd = Command {
                    pos: arg.pos(),
                    args: vec![arg.clone()],
                };
                let at = go_node(arg);
                self.command(&cmd, None, &at)
            }
        }
    }
}

/// For an `{{else if}}` (Go's parser nests the inner `if` alone in the else list), the
/// inner branch, when it can become an `elif`.
fn flat_else_if(else_list: &List) -> Option<&Branch> {
    match else_list.nodes.as_slice() {
        [Node::Branch(inner)]
            if inner.kind == BranchKind::If
                && inner.pipe.decl.is_empty()
                && !declares_nested(&inner.pipe) =>
        {
            Some(inner)
        }
        _ => None,
    }
}

/// Whether a parenthesised pipeline inside `pipe` declares or assigns a variable.
fn declares_nested(pipe: &Pipe) -> bool {
    pipe.cmds.iter().flat_map(|c| &c.args).any(arg_declares)
}

/// Whether evaluating `arg` declares or assigns a variable.
fn arg_declares(arg: &Arg) -> bool {
    match arg {
        Arg::Pipe(p) => !p.decl.is_empty() || declares_nested(p),
        Arg::Chain { node, .. } => arg_declares(node),
        _ => false,
    }
}

fn go_node(arg: &Arg) -> GoNode {
    GoNode {
        pos: arg.pos(),
        text: arg.to_string(),
    }
}

/// The node Go's `s.at` last pointed to after evaluating `pipe` successfully; run-time
/// errors raised right after a pipeline (range over a non-collection, assignment to an
/// undefined variable) are reported there.
fn last_at(pipe: &Pipe) -> GoNode {
    match pipe.cmds.last() {
        Some(cmd) => last_at_command(cmd),
        None => GoNode {
            pos: pipe.pos,
            text: pipe.to_string(),
        },
    }
}

fn last_at_command(cmd: &Command) -> GoNode {
    let first = &cmd.args[0];
    match first {
        Arg::Identifier { .. } => match cmd.args.last() {
            Some(last) if cmd.args.len() > 1 => last_at_arg(last),
            _ => go_node(first),
        },
        _ => last_at_arg(first),
    }
}

fn last_at_arg(arg: &Arg) -> GoNode {
    match arg {
        Arg::Pipe(p) => last_at(p),
        Arg::Chain { node, .. } => last_at_arg(node),
        _ => go_node(arg),
    }
}

/// Whether a body refers to `$` (directly, not inside nested template bodies).
fn uses_root(list: &List) -> bool {
    let mut found = false;
    visit_pipes(list, &mut |p| {
        found |= pipe_uses_root(p);
    });
    found
}

fn pipe_uses_root(pipe: &Pipe) -> bool {
    pipe.cmds.iter().flat_map(|c| &c.args).any(arg_uses_root)
}

fn arg_uses_root(arg: &Arg) -> bool {
    match arg {
        Arg::Variable(v) => v.idents[0] == "$",
        Arg::Pipe(p) => pipe_uses_root(p),
        Arg::Chain { node, .. } => arg_uses_root(node),
        _ => false,
    }
}

/// `unbox(value)`: Go's conversion of a nil interface to an invalid value, which it
/// applies to the result of every command of a pipeline.
fn unbox(value: Expr) -> Expr {
    if value.text == "none" {
        return value;
    }
    Expr::call("unbox", vec![value], None)
}

/// Whether `list` holds a `{{break}}` of its own (not one inside a nested range).
fn list_breaks(list: &List) -> bool {
    list.nodes.iter().any(|node| match node {
        Node::Break { .. } => true,
        Node::Branch(b) if b.kind != BranchKind::Range => {
            list_breaks(&b.list) || b.else_list.as_ref().is_some_and(list_breaks)
        }
        Node::Branch(b) => b.else_list.as_ref().is_some_and(list_breaks),
        _ => false,
    })
}

/// Whether some `{{range}}` in `list` assigns its variables with `=`.
fn has_range_assign(list: &List) -> bool {
    list.nodes.iter().any(|node| match node {
        Node::Branch(b) => {
            (b.kind == BranchKind::Range && b.pipe.is_assign)
                || has_range_assign(&b.list)
                || b.else_list.as_ref().is_some_and(has_range_assign)
        }
        _ => false,
    })
}

/// Every Go variable name assigned with `=` somewhere in `list`.
fn collect_assigned(list: &List, out: &mut HashSet<String>) {
    visit_pipes(list, &mut |p| {
        if p.is_assign {
            out.extend(p.decl.iter().map(|v| v.idents[0].clone()));
        }
    });
}

fn visit_pipes(list: &List, f: &mut dyn FnMut(&Pipe)) {
    fn visit_pipe(p: &Pipe, f: &mut dyn FnMut(&Pipe)) {
        f(p);
        for arg in p.cmds.iter().flat_map(|c| &c.args) {
            visit_arg(arg, f);
        }
    }
    fn visit_arg(arg: &Arg, f: &mut dyn FnMut(&Pipe)) {
        match arg {
            Arg::Pipe(p) => visit_pipe(p, f),
            Arg::Chain { node, .. } => visit_arg(node, f),
            _ => {}
        }
    }
    for node in &list.nodes {
        match node {
            Node::Action { pipe, .. } => visit_pipe(pipe, f),
            Node::Template { pipe: Some(p), .. } => visit_pipe(p, f),
            Node::Branch(b) => {
                visit_pipe(&b.pipe, f);
                visit_pipes(&b.list, f);
                if let Some(e) = &b.else_list {
                    visit_pipes(e, f);
                }
            }
            _ => {}
        }
    }
}

/// The Jinja name of a Go variable: `v_` and the mangled name. Generated names never
/// start with `v_`, and [`mangle`] never yields `_` and a digit, which is how
/// [`Lowerer::unique`] tells repeats apart, so no two Go variables share a name.
fn identifier(go: &str) -> String {
    format!("v_{}", mangle(go.trim_start_matches('$')))
}

/// An injective spelling of `name` in ASCII letters, digits and `_`: `_` becomes `__`
/// and any other character `_xHEX_`.
fn mangle(name: &str) -> String {
    let mut s = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            c if c.is_ascii_alphanumeric() => s.push(c),
            '_' => s.push_str("__"),
            c => {
                let _ = write!(s, "_x{:x}_", c as u32);
            }
        }
    }
    s
}

/// A Jinja string literal for `s`.
pub fn jinja_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A Jinja float literal that parses back to exactly `f`.
fn jinja_float(f: f64) -> String {
    if f.is_nan() {
        return "(0.0 / 0.0)".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "1e999".into()
        } else {
            "-1e999".into()
        };
    }
    let s = format!("{f:?}");
    if s.contains(['.', 'e', 'E']) {
        s
    } else {
        format!("{s}.0")
    }
}
