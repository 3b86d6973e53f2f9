//! The parse tree of a Go `text/template`, shaped like Go's `text/template/parse` nodes.
//!
//! Every node carries `pos`, the byte offset of the node in the template source, exactly as
//! Go's `parse.Pos`; execution errors turn it into `line:column` the way Go's
//! `Tree.ErrorContext` does. `Display` prints a node as Go's `Node.String()` does, which is
//! what Go shows between `<` and `>` in an execution error.

use std::fmt;

use crate::strconv::quote;

/// Byte offset into the template source.
pub type Pos = usize;

/// One parsed source: the main template body and every `define`/`block` found in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Tree {
    /// The name the source was parsed under (Go's `ParseName`).
    pub name: String,
    /// The body of the main template (text outside `define`s).
    pub root: List,
    /// `{{define}}` and `{{block}}` templates, in source order. Redefinitions that Go
    /// accepts (one side empty) are already resolved: each name appears once.
    pub defines: Vec<Define>,
}

/// A `{{define "name"}}` (or the definition half of a `{{block}}`).
#[derive(Debug, Clone, PartialEq)]
pub struct Define {
    pub pos: Pos,
    pub name: String,
    pub body: List,
}

/// A sequence of nodes (Go's `ListNode`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct List {
    pub pos: Pos,
    pub nodes: Vec<Node>,
}

/// A statement-level node.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// Literal text, with trim markers already applied.
    Text { pos: Pos, text: String },
    /// `{{pipeline}}`.
    Action { pos: Pos, pipe: Pipe },
    /// `{{if}}`, `{{with}}` or `{{range}}`.
    Branch(Branch),
    /// `{{template "name" pipeline}}`.
    Template {
        pos: Pos,
        name: String,
        pipe: Option<Pipe>,
    },
    /// `{{break}}`.
    Break { pos: Pos },
    /// `{{continue}}`.
    Continue { pos: Pos },
}

/// Which control structure a [`Branch`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BranchKind {
    If,
    With,
    Range,
}

/// `{{if|with|range pipe}} list {{else}} else_list {{end}}`. An `{{else if}}` is an `If`
/// branch nested alone in `else_list`, as Go's parser builds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Branch {
    pub kind: BranchKind,
    pub pos: Pos,
    pub pipe: Pipe,
    pub list: List,
    pub else_list: Option<List>,
}

/// A pipeline, possibly with variable declarations: `$x := cmd | cmd`.
#[derive(Debug, Clone, PartialEq)]
pub struct Pipe {
    pub pos: Pos,
    /// `true` for `$x = ...`, `false` for `$x := ...` (or no variables).
    pub is_assign: bool,
    /// The declared or assigned variables (each a single `$name` [`Variable`]).
    pub decl: Vec<Variable>,
    pub cmds: Vec<Command>,
}

/// One command of a pipeline: an operand followed by arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Command {
    pub pos: Pos,
    pub args: Vec<Arg>,
}

/// `$name.field1.field2`; `idents[0]` is the variable name including `$`.
#[derive(Debug, Clone, PartialEq)]
pub struct Variable {
    pub pos: Pos,
    pub idents: Vec<String>,
}

/// An operand or argument.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A function name.
    Identifier { pos: Pos, name: String },
    /// `$x` or `$x.a.b`.
    Variable(Variable),
    /// `.`
    Dot { pos: Pos },
    /// `nil`
    Nil { pos: Pos },
    /// `.a.b.c`; `idents` are the names without dots.
    Field { pos: Pos, idents: Vec<String> },
    /// `(pipeline).a.b` or another term followed by fields.
    Chain {
        pos: Pos,
        node: Box<Arg>,
        fields: Vec<String>,
    },
    /// `true` / `false`
    Bool { pos: Pos, value: bool },
    /// A number constant; `text` is its source spelling.
    Number {
        pos: Pos,
        text: String,
        value: Number,
    },
    /// A string constant; `quoted` is the source spelling, `value` the unquoted text.
    String {
        pos: Pos,
        quoted: String,
        value: String,
    },
    /// A parenthesised pipeline.
    Pipe(Box<Pipe>),
}

/// The value a number constant takes when used as an argument, following Go's
/// `state.idealConstant`: complex literals are complex, literals spelled with
/// `.`/`e`/`p` (other than hex integers and char constants) are floats, the rest ints.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    Int(i64),
    Float(f64),
    Complex(f64, f64),
    /// An integer constant that does not fit in Go's `int` (an error when evaluated:
    /// `<text> overflows int`).
    Overflow,
}

impl Arg {
    /// The node's position.
    pub fn pos(&self) -> Pos {
        match self {
            Arg::Identifier { pos, .. }
            | Arg::Dot { pos }
            | Arg::Nil { pos }
            | Arg::Field { pos, .. }
            | Arg::Chain { pos, .. }
            | Arg::Bool { pos, .. }
            | Arg::Number { pos, .. }
            | Arg::String { pos, .. } => *pos,
            Arg::Variable(v) => v.pos,
            Arg::Pipe(p) => p.pos,
        }
    }
}

// Printing, as Go's `Node.String()` / `writeTo` in node.go.

/// How text nodes print: as is (Go's `TextNode.String()` with its default `textFormat`
/// `%s`), or quoted (`%q`, which Go's parser tests switch to).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TextFormat {
    Raw,
    // Only Go's parser tests print quoted.
    #[cfg_attr(not(test), allow(dead_code))]
    Quoted,
}

impl List {
    fn write_to(&self, f: &mut dyn fmt::Write, tf: TextFormat) -> fmt::Result {
        for n in &self.nodes {
            n.write_to(f, tf)?;
        }
        Ok(())
    }

    /// The list as Go's parser tests print it: like `Display`, but with text nodes quoted
    /// (`textFormat = "%q"`), so that text boundaries show.
    #[cfg(test)]
    pub fn to_quoted_text_string(&self) -> String {
        let mut s = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_to(&mut s, TextFormat::Quoted);
        s
    }
}

impl Node {
    fn write_to(&self, f: &mut dyn fmt::Write, tf: TextFormat) -> fmt::Result {
        match self {
            Node::Text { text, .. } => match tf {
                TextFormat::Raw => f.write_str(text),
                TextFormat::Quoted => f.write_str(&quote(text)),
            },
            Node::Action { pipe, .. } => write!(f, "{{{{{pipe}}}}}"),
            Node::Branch(b) => b.write_to(f, tf),
            Node::Template { name, pipe, .. } => {
                write!(f, "{{{{template {}", quote(name))?;
                if let Some(pipe) = pipe {
                    write!(f, " {pipe}")?;
                }
                f.write_str("}}")
            }
            Node::Break { .. } => f.write_str("{{break}}"),
            Node::Continue { .. } => f.write_str("{{continue}}"),
        }
    }
}

impl Branch {
    fn write_to(&self, f: &mut dyn fmt::Write, tf: TextFormat) -> fmt::Result {
        let name = match self.kind {
            BranchKind::If => "if",
            BranchKind::Range => "range",
            BranchKind::With => "with",
        };
        write!(f, "{{{{{name} {}}}}}", self.pipe)?;
        self.list.write_to(f, tf)?;
        if let Some(else_list) = &self.else_list {
            f.write_str("{{else}}")?;
            else_list.write_to(f, tf)?;
        }
        f.write_str("{{end}}")
    }
}

impl fmt::Display for List {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f, TextFormat::Raw)
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f, TextFormat::Raw)
    }
}

impl fmt::Display for Branch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f, TextFormat::Raw)
    }
}

/// Go has no node for a definition; this prints it the way it is written,
/// `{{define "name"}}body{{end}}`.
impl fmt::Display for Define {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{{define {}}}}}", quote(&self.name))?;
        self.body.write_to(f, TextFormat::Raw)?;
        f.write_str("{{end}}")
    }
}

impl fmt::Display for Pipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.decl.is_empty() {
            for (i, v) in self.decl.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{v}")?;
            }
            // Go 1.19 prints ":=" for assignments too.
            f.write_str(" := ")?;
        }
        for (i, c) in self.cmds.iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, arg) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            // A pipeline argument was written in parentheses.
            match arg {
                Arg::Pipe(pipe) => write!(f, "({pipe})")?,
                _ => write!(f, "{arg}")?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for Variable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.idents.join("."))
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Identifier { name, .. } => f.write_str(name),
            Arg::Variable(v) => write!(f, "{v}"),
            Arg::Dot { .. } => f.write_str("."),
            Arg::Nil { .. } => f.write_str("nil"),
            Arg::Field { idents, .. } => {
                for id in idents {
                    write!(f, ".{id}")?;
                }
                Ok(())
            }
            Arg::Chain { node, fields, .. } => {
                match node.as_ref() {
                    Arg::Pipe(pipe) => write!(f, "({pipe})")?,
                    other => write!(f, "{other}")?,
                }
                for field in fields {
                    write!(f, ".{field}")?;
                }
                Ok(())
            }
            Arg::Bool { value, .. } => f.write_str(if *value { "true" } else { "false" }),
            Arg::Number { text, .. } => f.write_str(text),
            Arg::String { quoted, .. } => f.write_str(quoted),
            // Go's PipeNode.String() has no parentheses; the enclosing command or chain
            // adds them.
            Arg::Pipe(pipe) => write!(f, "{pipe}"),
        }
    }
}
