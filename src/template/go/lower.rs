//! Lowers a Go template tree to Jinja source that minijinja renders with Go's semantics.
//!
//! The generated Jinja is meant to be read (it is what `template convert` prints), so it
//! stays close to the Go original: `{{.Name}}` becomes `{{ field(dot, "Name") | show }}`,
//! `{{range $i, $e := .L}}` becomes `{% for i, e in each(field(dot, "L")) %}`, and Go's
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

use crate::template::strconv::quote;

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
        collect_assigned(&tree.root, &mut assigned);
        for d in &tree.defines {
            collect_assigned(&d.body, &mut assigned);
        }
        Lowerer {
            source_name: &tree.name,
            out: String::new(),
            sites: Vec::new(),
            assigned,
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
            "{{# Converted from Go text/template {} by asimi-prompt. #}}",
            quote(self.source_name)
        );
        for d in &tree.defines {
            let name = self.unique(&format!("tpl_{}", identifier(&d.name)));
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
        if uses_root(list) {
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
                    e.push_str(" | show }}");
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
            if bytes[i] == b'{' && matches!(bytes.get(i + 1), Some(b'{' | b'%' | b'#')) {
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
        let cond = if b.kind == BranchKind::With && b.pipe.decl.is_empty() {
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
            let cond = self.pipe_expr(&inner.pipe, None);
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
        // Declared variables hold the whole collection in the else branch, so the
        // collection is named when the else branch can see them.
        let source = if !pipe.decl.is_empty() && b.else_list.is_some() {
            self.set_temp("items", collection)
        } else {
            collection
        };
        let each = Expr::call("each", vec![source.clone()], Some(self.site(at)));
        // minijinja's `{% for %}...{% else %}` also runs the else branch after a `break`
        // in the first iteration, so an else branch tests the entries itself.
        let entries = match b.else_list {
            Some(_) => self.set_temp("entries", each),
            None => each,
        };

        // Go sets the last declared variable to the element and the first to the key.
        let decls: Vec<&str> = pipe.decl.iter().map(|v| v.idents[0].as_str()).collect();
        let (key_go, elem_go) = match decls.as_slice() {
            [] => (None, None),
            [e] => (None, Some(*e)),
            [k, e, ..] => (Some(*k), Some(*e)),
        };
        let key_target = key_go.map_or("_".to_string(), |k| self.unique(&identifier(k)));
        let elem_target = match elem_go {
            Some(e) => self.unique(&identifier(e)),
            None => "dot".to_string(),
        };
        let mut e = Expr::plain(format!("{{% for {key_target}, {elem_target} in "));
        e.push(entries.clone());
        e.push_str(" %}");
        self.emit(e);

        let body_mark = self.vars.len();
        for (go, target) in [(key_go, &key_target), (elem_go, &elem_target)] {
            if let Some(go) = go {
                self.declare_from(go, target.clone());
            }
        }
        self.branch_list(&b.list, &elem_target);
        self.vars.truncate(body_mark);
        self.out.push_str("{% endfor %}");

        if let Some(else_list) = &b.else_list {
            let _ = write!(self.out, "{{% if not {} %}}", entries.text);
            for go in decls.iter() {
                self.declare_from(go, source.text.clone());
            }
            self.branch_list(else_list, &outer_dot);
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
        if self.assigned.contains(go) {
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
            Some(p) => vec![self.pipe_value(p)],
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
        if pipe.is_assign {
            let go = pipe.decl[0].idents[0].as_str();
            return match self.lookup(go).cloned() {
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
                    e.push(self.fail(last_at(pipe), &msg, vec![value]));
                    e.push_str(" }}");
                    self.emit(e);
                    Expr::plain("none")
                }
            };
        }
        let go = pipe.decl[0].idents[0].clone();
        let name = self.unique(&identifier(&go));
        let ns = self.assigned.contains(&go);
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
                self.pipe_expr(inner, Some(at.clone()))
            }
            Arg::Variable(v) => {
                let node = go_node(first);
                let Some(slot) = self.lookup(&v.idents[0]).cloned() else {
                    let msg = format!("undefined variable: {}", v.idents[0]);
                    return self.fail(node, &msg, last.into_iter().collect());
                };
                if v.idents.len() == 1 {
                    if has_args {
                        return not_a_function(self, node, last);
                    }
                    return Expr::plain(slot.read());
                }
                let names = v.idents[1..].iter().map(|s| s.as_str()).collect::<Vec<_>>();
                self.field_access(Expr::plain(slot.read()), &names, node, has_args, last)
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
            "and" | "or" | "not" => {
                let mut operands: Vec<Expr> = args.iter().map(|a| self.arg(a)).collect();
                operands.extend(last);
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
                e
            }
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
                let mut call_args: Vec<Expr> = args.iter().map(|a| self.arg(a)).collect();
                call_args.extend(last);
                Expr::call(name, call_args, Some(site))
            }
        }
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
            Arg::Pipe(p) => self.pipe_expr(p, None),
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
        [Node::Branch(inner)] if inner.kind == BranchKind::If && inner.pipe.decl.is_empty() => {
            Some(inner)
        }
        _ => None,
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

/// A Jinja identifier made from a Go variable or template name.
fn identifier(go: &str) -> String {
    let trimmed = go.trim_start_matches('$');
    let mut s: String = trimmed
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert_str(0, "v_");
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
