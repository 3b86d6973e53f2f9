//! A port of Go 1.19's `text/template/parse/parse.go`: builds an [`ast::Tree`] from
//! template source.
//!
//! The structure follows Go's closely, as Go's source is the specification: `TreeParser`
//! is Go's `Tree` while parsing (its three-token look-ahead buffer, variable scope and
//! range depth), and a `{{define}}` or `{{block}}` body is parsed by a fresh `TreeParser`
//! sharing the lexer, exactly as Go creates a new `Tree` for it. Error lines come from the
//! last token the failing tree read, as Go's `errorf` does.
//!
//! Where Go's parser panics and recovers, this one returns `Err`. It adds one limit Go
//! does not have: [`MAX_DEPTH`] levels of nested control structures and parenthesised
//! pipelines, so that deep input cannot overflow the stack.
//!
//! The `strconv` and `fmt` scanning functions whose results and error messages the parser
//! relies on (`Unquote`, `UnquoteChar`, `ParseInt`, `ParseUint`, `ParseFloat`, and
//! `fmt.Sscan` of a complex number) are ported in [`crate::strconv`].

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use super::ast::{self, Arg, Branch, BranchKind, Command, Define, List, Node, Pipe, Pos, Variable};
use super::lex::{Item, ItemType, Lexer};
use crate::error::{Error, ErrorKind, Limit};
use crate::strconv::atof::{parse_float, parse_int, parse_uint};
use crate::strconv::quote::{quote, unquote, unquote_char};
use crate::strconv::scan::sscan_complex;

/// The deepest nesting of control structures (`if`/`with`/`range` bodies, `define` and
/// `block` bodies, each `else if`) plus parenthesised pipelines that the parser accepts.
/// Go has no such limit; it keeps the recursive parser (and anything that walks the tree
/// recursively) well within the stack, and lowered templates within minijinja's parser,
/// which stops at about 140 nested statements.
pub const MAX_DEPTH: usize = 128;

/// The longest `{{else if}}` chain. Go has no limit; the chain lowers to flat `elif`s,
/// but both parsers recurse once per link.
pub const MAX_ELSE_IFS: usize = 10_000;

/// The limits of this parser that Go's does not have: a template Go parses may pass
/// them (fixtures/known-differences.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseLimit {
    /// More than [`MAX_DEPTH`] levels of nesting.
    Nesting,
    /// More than [`MAX_ELSE_IFS`] `{{else if}}` in one chain.
    ElseIfs,
}

/// A parse error, printed as Go prints it: `template: NAME:LINE: MSG`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("template: {name}:{line}: {msg}")]
pub struct ParseError {
    /// The name the source was parsed under (Go's `ParseName`).
    pub name: String,
    pub line: usize,
    pub msg: String,
    /// The limit the template passed, when that is the error rather than one Go makes.
    pub limit: Option<ParseLimit>,
}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Error {
        let kind = match e.limit {
            Some(ParseLimit::Nesting) => ErrorKind::Limit(Limit::Nesting),
            Some(ParseLimit::ElseIfs) => ErrorKind::Limit(Limit::ElseIfChain),
            None => ErrorKind::Parse,
        };
        Error::new(kind, e.to_string())
            .named(&e.name)
            .at(e.line, None)
    }
}

/// Parses `source` as the template `name` with the default delimiters. `is_func` tells
/// whether a function is defined; using an undefined one is an error, as in Go.
pub fn parse(
    name: &str,
    source: &str,
    is_func: &dyn Fn(&str) -> bool,
) -> Result<ast::Tree, ParseError> {
    parse_with_delims(name, source, "", "", is_func)
}

/// Parses `source` as the template `name` with the given action delimiters; an empty
/// delimiter means the default (`{{` or `}}`), as in Go.
pub fn parse_with_delims(
    name: &str,
    source: &str,
    left: &str,
    right: &str,
    is_func: &dyn Fn(&str) -> bool,
) -> Result<ast::Tree, ParseError> {
    // As Go's Tree.Parse: break and continue are keywords unless they name functions.
    let lex = Lexer::new(
        source,
        left,
        right,
        false,
        !is_func("break"),
        !is_func("continue"),
    );
    let mut shared = Shared {
        lex,
        is_func,
        parse_name: name,
        depth: 0,
        tree_set: Vec::new(),
        tree_index: HashMap::new(),
        else_ifs: 0,
    };
    let mut t = TreeParser::new(&mut shared, name.to_string());
    let root = t.parse().map_err(|e| *e)?;
    t.add(0, root).map_err(|e| *e)?;
    // The main template is the tree set's entry under its own name: its body, or a
    // `{{define}}` of the same name when the body is empty (Go's add/IsEmptyTree rules).
    // The main template becomes `root`; every other entry is a definition.
    let mut defines = shared.tree_set;
    let root = match defines.iter().position(|d| d.name == name) {
        Some(i) => defines.remove(i).body,
        None => List::default(),
    };
    Ok(ast::Tree {
        name: name.to_string(),
        root,
        defines,
    })
}

/// State shared by the main tree and the trees of the definitions inside it.
struct Shared<'a> {
    lex: Lexer<'a>,
    is_func: &'a dyn Fn(&str) -> bool,
    /// The top-level template's name, used in every error message.
    parse_name: &'a str,
    /// Current nesting of control structures and parenthesised pipelines.
    depth: usize,
    /// Go's treeSet, in first-definition order.
    tree_set: Vec<Define>,
    /// Where each name is in `tree_set`, so that many definitions parse in linear time.
    tree_index: HashMap<String, usize>,
    /// `{{else if}}`s in the chains being parsed.
    else_ifs: usize,
}

/// Parser results. The error is boxed so that results stay small: the parser recurses
/// once per nesting level, and its frames (large in unoptimised builds) must stay lean for
/// [`MAX_DEPTH`] levels to fit in a small stack. For the same reason the functions that
/// recurse push the nodes they build into their caller's list instead of returning them,
/// and leave error formatting and non-recursive work to helper functions.
type PResult<T> = Result<T, Box<ParseError>>;

/// How an item list ended: Go's `endNode` and `elseNode`, which never reach the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ListEnd {
    End,
    Else { pos: Pos },
}

impl fmt::Display for ListEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ListEnd::End => "{{end}}",
            ListEnd::Else { .. } => "{{else}}",
        })
    }
}

/// Go's `Tree` during parsing.
struct TreeParser<'s, 'a> {
    sh: &'s mut Shared<'a>,
    /// Name of the template represented by the tree.
    name: String,
    /// Three-token look-ahead.
    token: [Item<'a>; 3],
    peek_count: usize,
    /// Variables defined at the moment.
    vars: Vec<Cow<'a, str>>,
    /// Line of the left delimiter starting the current action.
    action_line: usize,
    range_depth: usize,
}

impl<'s, 'a> TreeParser<'s, 'a> {
    /// A tree about to be parsed (Go's `New` followed by `startParse`).
    fn new(sh: &'s mut Shared<'a>, name: String) -> Self {
        TreeParser {
            sh,
            name,
            token: [Item::zero(), Item::zero(), Item::zero()],
            peek_count: 0,
            vars: vec![Cow::Borrowed("$")],
            action_line: 0,
            range_depth: 0,
        }
    }

    /// [`Self::new`] on the heap.
    fn boxed(sh: &'s mut Shared<'a>, name: String) -> Box<Self> {
        Box::new(Self::new(sh, name))
    }

    // Token handling.

    /// Returns the next token.
    fn next(&mut self) -> Item<'a> {
        if self.peek_count > 0 {
            self.peek_count -= 1;
        } else {
            self.token[0] = self.sh.lex.next_item();
        }
        self.token[self.peek_count].clone()
    }

    /// Backs the input stream up one token.
    fn backup(&mut self) {
        self.peek_count += 1;
    }

    /// Backs the input stream up two tokens. The zeroth token is already there.
    fn backup2(&mut self, t1: Item<'a>) {
        self.token[1] = t1;
        self.peek_count = 2;
    }

    /// Backs the input stream up three tokens. The zeroth token is already there.
    fn backup3(&mut self, t2: Item<'a>, t1: Item<'a>) {
        // Reverse order: we're pushing back.
        self.token[1] = t1;
        self.token[2] = t2;
        self.peek_count = 3;
    }

    /// Returns but does not consume the next token.
    fn peek(&mut self) -> Item<'a> {
        if self.peek_count > 0 {
            return self.token[self.peek_count - 1].clone();
        }
        self.peek_count = 1;
        self.token[0] = self.sh.lex.next_item();
        self.token[0].clone()
    }

    /// The type of the next token, which is not consumed.
    fn peek_typ(&mut self) -> ItemType {
        self.peek().typ
    }

    /// The type of the next token, which is consumed.
    fn next_typ(&mut self) -> ItemType {
        self.next().typ
    }

    /// The type of the next non-space token, which is consumed.
    fn next_non_space_typ(&mut self) -> ItemType {
        self.next_non_space().typ
    }

    /// The type and position of the next non-space token, which is consumed.
    fn next_non_space_typ_pos(&mut self) -> (ItemType, Pos) {
        let token = self.next_non_space();
        (token.typ, token.pos)
    }

    /// The line of the next non-space token, which is consumed.
    fn next_non_space_line(&mut self) -> usize {
        self.next_non_space().line
    }

    /// Returns the next non-space token.
    fn next_non_space(&mut self) -> Item<'a> {
        loop {
            let token = self.next();
            if token.typ != ItemType::Space {
                return token;
            }
        }
    }

    /// Returns but does not consume the next non-space token.
    fn peek_non_space(&mut self) -> Item<'a> {
        let token = self.next_non_space();
        self.backup();
        token
    }

    /// The type of the next non-space token, which is not consumed.
    fn peek_non_space_typ(&mut self) -> ItemType {
        self.peek_non_space().typ
    }

    /// The position of the next non-space token, which is not consumed.
    fn peek_non_space_pos(&mut self) -> Pos {
        self.peek_non_space().pos
    }

    // Errors.

    /// Go's `errorf`: the error is reported at the line of the last token this tree read.
    #[cold]
    #[inline(never)]
    fn errorf(&self, msg: String) -> Box<ParseError> {
        Box::new(ParseError {
            name: self.sh.parse_name.to_string(),
            line: self.token[0].line,
            msg,
            limit: None,
        })
    }

    /// [`Self::errorf`] for passing one of this parser's own limits.
    fn limit_errorf(&self, limit: ParseLimit, msg: String) -> Box<ParseError> {
        let mut e = self.errorf(msg);
        e.limit = Some(limit);
        e
    }

    /// Consumes the next token and guarantees it has the required type.
    fn expect(&mut self, expected: ItemType, context: &str) -> PResult<Item<'a>> {
        let token = self.next_non_space();
        if token.typ != expected {
            return Err(self.unexpected(&token, context));
        }
        Ok(token)
    }

    /// Consumes the next token and guarantees it has one of the required types.
    fn expect_one_of(
        &mut self,
        expected1: ItemType,
        expected2: ItemType,
        context: &str,
    ) -> PResult<Item<'a>> {
        let token = self.next_non_space();
        if token.typ != expected1 && token.typ != expected2 {
            return Err(self.unexpected(&token, context));
        }
        Ok(token)
    }

    /// The error for an unexpected token; a lexer error is reported as itself.
    #[cold]
    #[inline(never)]
    fn unexpected(&self, token: &Item<'a>, context: &str) -> Box<ParseError> {
        if token.typ == ItemType::Error {
            let mut extra = String::new();
            if self.action_line != 0 && self.action_line != token.line {
                extra = format!(
                    " in action started at {}:{}",
                    self.sh.parse_name, self.action_line
                );
                if token.val.ends_with(" action") {
                    // Avoid "action in action".
                    extra.replace_range(.." in action".len(), "");
                }
            }
            return self.errorf(format!("{token}{extra}"));
        }
        self.errorf(format!("unexpected {token} in {context}"))
    }

    /// Consumes the next non-space token and returns [`Self::unexpected`] for it.
    #[cold]
    #[inline(never)]
    fn unexpected_next(&mut self, context: &str) -> Box<ParseError> {
        let token = self.next_non_space();
        self.unexpected(&token, context)
    }

    /// [`Self::unexpected`] for the token just read.
    #[cold]
    #[inline(never)]
    fn unexpected_last(&self, context: &str) -> Box<ParseError> {
        self.unexpected(&self.token[self.peek_count], context)
    }

    /// Enters one more level of nesting, failing past [`MAX_DEPTH`].
    fn enter(&mut self) -> PResult<()> {
        self.sh.depth += 1;
        if self.sh.depth > MAX_DEPTH {
            return Err(self.limit_errorf(
                ParseLimit::Nesting,
                format!("nesting too deep: more than {MAX_DEPTH} levels"),
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.sh.depth -= 1;
    }

    // Definitions.

    /// Adds the tree to the tree set (Go's `add`): a name may be defined twice only if one
    /// of the bodies is empty, and the non-empty one wins.
    fn add(&mut self, pos: Pos, root: List) -> PResult<()> {
        let tree_set = &mut self.sh.tree_set;
        match self.sh.tree_index.get(&self.name).copied() {
            None => {
                self.sh.tree_index.insert(self.name.clone(), tree_set.len());
                tree_set.push(Define {
                    pos,
                    name: self.name.clone(),
                    body: root,
                });
            }
            Some(i) if is_empty_tree(&tree_set[i].body) => {
                tree_set[i] = Define {
                    pos,
                    name: self.name.clone(),
                    body: root,
                };
            }
            Some(_) => {
                if !is_empty_tree(&root) {
                    return Err(self.errorf(format!(
                        "template: multiple definition of template {}",
                        quote(&self.name)
                    )));
                }
            }
        }
        Ok(())
    }

    // Parsing.

    /// The top-level parser for a template, essentially the same as `item_list` except it
    /// also parses `{{define}}` actions. It runs to EOF.
    fn parse(&mut self) -> PResult<List> {
        let mut root = List {
            pos: self.peek().pos,
            nodes: Vec::new(),
        };
        while self.peek_typ() != ItemType::Eof {
            if self.peek_typ() == ItemType::LeftDelim {
                let delim = self.next();
                if self.next_non_space().typ == ItemType::Define {
                    // The name is set once we know it.
                    TreeParser::new(self.sh, "definition".to_string()).parse_definition()?;
                    continue;
                }
                self.backup2(delim);
            }
            if let Some(end) = self.text_or_action(&mut root.nodes)? {
                return Err(self.errorf(format!("unexpected {end}")));
            }
        }
        Ok(root)
    }

    /// Parses a `{{define}} ... {{end}}` template definition and installs it in the tree
    /// set. The "define" keyword has already been scanned.
    fn parse_definition(&mut self) -> PResult<()> {
        const CONTEXT: &str = "define clause";
        let name = self.expect_one_of(ItemType::String, ItemType::RawString, CONTEXT)?;
        self.name = unquote(&name.val).map_err(|e| self.errorf(e.to_string()))?;
        self.expect(ItemType::RightDelim, CONTEXT)?;
        self.enter()?;
        let mut root = List::default();
        let end = self.item_list(&mut root)?;
        self.leave();
        if end != ListEnd::End {
            return Err(self.errorf(format!("unexpected {end} in {CONTEXT}")));
        }
        self.add(name.pos, root)
    }

    /// `textOrAction*`, terminated by `{{end}}` or `{{else}}`, which is returned; the
    /// items go into `list`, which is empty.
    fn item_list(&mut self, list: &mut List) -> PResult<ListEnd> {
        list.pos = self.peek_non_space_pos();
        while self.peek_non_space_typ() != ItemType::Eof {
            if let Some(end) = self.text_or_action(&mut list.nodes)? {
                return Ok(end);
            }
        }
        Err(self.errorf("unexpected EOF".to_string()))
    }

    /// `text | action`, appended to `nodes`; or the `{{end}}`/`{{else}}` that ends the
    /// list. (Comments never reach the parser: the lexer drops them.)
    fn text_or_action(&mut self, nodes: &mut Vec<Node>) -> PResult<Option<ListEnd>> {
        // The token is looked at in helpers, keeping it out of this recursive frame.
        match self.peek_non_space_typ() {
            ItemType::Text => {
                self.text(nodes);
                Ok(None)
            }
            ItemType::LeftDelim => {
                self.action_line = self.next_non_space_line();
                let end = self.action(nodes);
                // Go clears the line when the action is done (not restoring an outer one).
                self.action_line = 0;
                end
            }
            _ => Err(self.unexpected_next("input")),
        }
    }

    /// Consumes a text token and appends it as a text node.
    fn text(&mut self, nodes: &mut Vec<Node>) {
        let token = self.next_non_space();
        nodes.push(Node::Text {
            pos: token.pos,
            text: token.val.into_owned(),
        });
    }

    /// `control` or `command ("|" command)*`, appended to `nodes`; or the `{{end}}` or
    /// `{{else}}` that ends a list. The left delimiter is past; the first word could be a
    /// keyword such as range.
    fn action(&mut self, nodes: &mut Vec<Node>) -> PResult<Option<ListEnd>> {
        let (typ, pos) = self.next_non_space_typ_pos();
        match typ {
            ItemType::Block => self.block_control(nodes)?,
            ItemType::Break => self.break_control(pos, nodes)?,
            ItemType::Continue => self.continue_control(pos, nodes)?,
            ItemType::Else => return self.else_control().map(Some),
            ItemType::End => return self.end_control().map(Some),
            // Go's ifControl, rangeControl and withControl only call parseControl.
            ItemType::If => self.parse_control(true, BranchKind::If, nodes)?,
            ItemType::Range => self.parse_control(false, BranchKind::Range, nodes)?,
            ItemType::Template => self.template_control(nodes)?,
            ItemType::With => self.parse_control(false, BranchKind::With, nodes)?,
            _ => {
                self.backup();
                self.command_action(nodes)?;
            }
        }
        Ok(None)
    }

    /// An action that is a pipeline.
    fn command_action(&mut self, nodes: &mut Vec<Node>) -> PResult<()> {
        let pos = self.peek().pos;
        // Do not pop variables; they persist until "end".
        let pipe = self.pipeline("command", ItemType::RightDelim)?;
        nodes.push(Node::Action { pos, pipe: *pipe });
        Ok(())
    }

    /// `{{break}}`; the keyword is past.
    fn break_control(&mut self, pos: Pos, nodes: &mut Vec<Node>) -> PResult<()> {
        let token = self.next_non_space();
        if token.typ != ItemType::RightDelim {
            return Err(self.unexpected(&token, "{{break}}"));
        }
        if self.range_depth == 0 {
            return Err(self.errorf("{{break}} outside {{range}}".to_string()));
        }
        nodes.push(Node::Break { pos });
        Ok(())
    }

    /// `{{continue}}`; the keyword is past.
    fn continue_control(&mut self, pos: Pos, nodes: &mut Vec<Node>) -> PResult<()> {
        let token = self.next_non_space();
        if token.typ != ItemType::RightDelim {
            return Err(self.unexpected(&token, "{{continue}}"));
        }
        if self.range_depth == 0 {
            return Err(self.errorf("{{continue}} outside {{range}}".to_string()));
        }
        nodes.push(Node::Continue { pos });
        Ok(())
    }

    /// `declarations? command ('|' command)*`, up to the `end` token. (Boxed, for small
    /// frames on the recursive path through parenthesised pipelines.)
    fn pipeline(&mut self, context: &str, end: ItemType) -> PResult<Box<Pipe>> {
        let mut pipe = self.pipeline_declarations(context)?;
        loop {
            let token = self.next_non_space();
            match token.typ {
                t if t == end => {
                    // At this point, the pipeline is complete.
                    self.check_pipeline(&pipe, context)?;
                    return Ok(pipe);
                }
                ItemType::Bool
                | ItemType::CharConstant
                | ItemType::Complex
                | ItemType::Dot
                | ItemType::Field
                | ItemType::Identifier
                | ItemType::Number
                | ItemType::Nil
                | ItemType::RawString
                | ItemType::String
                | ItemType::Variable
                | ItemType::LeftParen => {
                    self.backup();
                    let cmd = self.command()?;
                    pipe.cmds.push(cmd);
                }
                _ => return Err(self.unexpected(&token, context)),
            }
        }
    }

    /// The start of a pipeline: an empty pipe with any declarations or assignments.
    fn pipeline_declarations(&mut self, context: &str) -> PResult<Box<Pipe>> {
        let token = self.peek_non_space();
        let mut pipe = Box::new(Pipe {
            pos: token.pos,
            is_assign: false,
            decl: Vec::new(),
            cmds: Vec::new(),
        });
        // The loop is Go's `goto decls`.
        loop {
            let v = self.peek_non_space();
            if v.typ != ItemType::Variable {
                break;
            }
            self.next();
            // Since space is a token, we need 3-token look-ahead here in the worst case:
            // in "$x foo" we need to read "foo" (as opposed to ":=") to know that $x is an
            // argument variable rather than a declaration. So remember the token adjacent
            // to the variable so we can push it back if necessary.
            let token_after_variable = self.peek();
            let next = self.peek_non_space();
            match next.typ {
                ItemType::Assign | ItemType::Declare => {
                    pipe.is_assign = next.typ == ItemType::Assign;
                    self.next_non_space();
                    pipe.decl.push(new_variable(v.pos, &v.val));
                    self.vars.push(v.val);
                    break;
                }
                ItemType::Char if next.val == "," => {
                    self.next_non_space();
                    pipe.decl.push(new_variable(v.pos, &v.val));
                    self.vars.push(v.val);
                    if context == "range" && pipe.decl.len() < 2 {
                        match self.peek_non_space_typ() {
                            // Second initialized variable in a range pipeline.
                            ItemType::Variable | ItemType::RightDelim | ItemType::RightParen => {
                                continue;
                            }
                            _ => {
                                return Err(
                                    self.errorf("range can only initialize variables".to_string())
                                );
                            }
                        }
                    }
                    return Err(self.errorf(format!("too many declarations in {context}")));
                }
                _ if token_after_variable.typ == ItemType::Space => {
                    self.backup3(v, token_after_variable);
                    break;
                }
                _ => {
                    self.backup2(v);
                    break;
                }
            }
        }
        Ok(pipe)
    }

    fn check_pipeline(&self, pipe: &Pipe, context: &str) -> PResult<()> {
        // Reject empty pipelines.
        if pipe.cmds.is_empty() {
            return Err(self.errorf(format!("missing value for {context}")));
        }
        // Only the first command of a pipeline can start with a non executable operand.
        for (i, c) in pipe.cmds.iter().enumerate().skip(1) {
            if let Some(
                Arg::Bool { .. }
                | Arg::Dot { .. }
                | Arg::Nil { .. }
                | Arg::Number { .. }
                | Arg::String { .. },
            ) = c.args.first()
            {
                // With A|B|C, pipeline stage 2 is B.
                return Err(self.errorf(format!(
                    "non executable command in pipeline stage {}",
                    i + 1
                )));
            }
        }
        Ok(())
    }

    /// `{{if|range|with pipeline}} itemList {{end}}`, optionally with `{{else}} itemList`,
    /// the keyword being past: the pipeline, the list, and the optional else list; the
    /// branch is appended to `nodes`. Variables declared inside are out of scope
    /// afterwards. `else if` is allowed after `if` only.
    fn parse_control(
        &mut self,
        allow_else_if: bool,
        kind: BranchKind,
        nodes: &mut Vec<Node>,
    ) -> PResult<()> {
        let context = match kind {
            BranchKind::If => "if",
            BranchKind::Range => "range",
            BranchKind::With => "with",
        };
        self.enter()?;
        let vars_len = self.vars.len();
        let pipe = self.pipeline(context, ItemType::RightDelim)?;
        // The branch goes into the list now and its lists are parsed in place, which keeps
        // this recursive frame small. (Go appends it when it is complete; as an error
        // discards the whole tree, that makes no difference.)
        push_branch(nodes, kind, pipe);
        if let Some(Node::Branch(branch)) = nodes.last_mut() {
            if kind == BranchKind::Range {
                self.range_depth += 1;
            }
            let next = self.item_list(&mut branch.list)?;
            if kind == BranchKind::Range {
                self.range_depth -= 1;
            }
            if let ListEnd::Else { pos } = next {
                let else_list = branch.else_list.insert(List::default());
                self.else_list(allow_else_if, pos, else_list)?;
            }
        }
        self.vars.truncate(vars_len);
        self.leave();
        Ok(())
    }

    /// What follows `{{else}}` in a control structure, up to its `{{end}}`, parsed into
    /// `list`, which is empty.
    fn else_list(&mut self, allow_else_if: bool, else_pos: Pos, list: &mut List) -> PResult<()> {
        // Special case for "else if". If the "else" is followed immediately by an "if",
        // the else control will have left the "if" token pending. Treat
        //	{{if a}}_{{else if b}}_{{end}}
        // as
        //	{{if a}}_{{else}}{{if b}}_{{end}}{{end}}.
        // To do this, parse the if as usual and stop at its {{end}}; the subsequent {{end}}
        // is assumed. This works even for long if-else-if chains.
        if allow_else_if && self.peek_typ() == ItemType::If {
            self.next(); // Consume the "if" token.
            list.pos = else_pos;
            // A chain of else-ifs is flat in the source, so it is not nesting; its own
            // limit bounds this recursion.
            self.sh.else_ifs += 1;
            if self.sh.else_ifs > MAX_ELSE_IFS {
                return Err(self.limit_errorf(
                    ParseLimit::ElseIfs,
                    format!("too many {{{{else if}}}} in a chain: more than {MAX_ELSE_IFS}"),
                ));
            }
            self.sh.depth -= 1;
            // Do not consume the next item - only one {{end}} required.
            let chained = self.parse_control(true, BranchKind::If, &mut list.nodes);
            self.sh.depth += 1;
            self.sh.else_ifs -= 1;
            return chained;
        }
        let next = self.item_list(list)?;
        if next != ListEnd::End {
            return Err(self.errorf(format!("expected end; found {next}")));
        }
        Ok(())
    }

    /// `{{end}}`; the keyword is past.
    fn end_control(&mut self) -> PResult<ListEnd> {
        self.expect(ItemType::RightDelim, "end")?;
        Ok(ListEnd::End)
    }

    /// `{{else}}`; the keyword is past.
    fn else_control(&mut self) -> PResult<ListEnd> {
        // Special case for "else if".
        let peek = self.peek_non_space();
        if peek.typ == ItemType::If {
            // We see "{{else if ... " but in effect rewrite it to {{else}}{{if ... ".
            return Ok(ListEnd::Else { pos: peek.pos });
        }
        let token = self.expect(ItemType::RightDelim, "else")?;
        Ok(ListEnd::Else { pos: token.pos })
    }

    /// `{{block stringValue pipeline}}`: defines the template and calls it. The keyword is
    /// past. The pipeline is mandatory.
    fn block_control(&mut self, nodes: &mut Vec<Node>) -> PResult<()> {
        const CONTEXT: &str = "block clause";
        let token = self.next_non_space();
        let name = self.parse_template_name(&token, CONTEXT)?;
        let pipe = self.pipeline(CONTEXT, ItemType::RightDelim)?;
        self.enter()?;
        self.block_definition(token.pos, &name)?;
        self.leave();
        push_template(nodes, token.pos, name, Some(pipe));
        Ok(())
    }

    /// The body of `{{block}}`, up to its `{{end}}`, defined as the template `name`.
    fn block_definition(&mut self, pos: Pos, name: &str) -> PResult<()> {
        // Go reports a bad end of the block at this (the outer) tree's current line.
        let outer_line = self.token[0].line;
        // Boxed: this frame is on the recursive path of nested blocks.
        let mut block = TreeParser::boxed(self.sh, name.to_string());
        let mut root = List::default();
        let end = block.item_list(&mut root)?;
        if end != ListEnd::End {
            return Err(Box::new(ParseError {
                name: block.sh.parse_name.to_string(),
                line: outer_line,
                msg: format!("unexpected {end} in block clause"),
                limit: None,
            }));
        }
        block.add(pos, root)
    }

    /// `{{template stringValue pipeline}}`; the keyword is past.
    fn template_control(&mut self, nodes: &mut Vec<Node>) -> PResult<()> {
        const CONTEXT: &str = "template clause";
        let token = self.next_non_space();
        let name = self.parse_template_name(&token, CONTEXT)?;
        let mut pipe = None;
        if self.next_non_space().typ != ItemType::RightDelim {
            self.backup();
            // Do not pop variables; they persist until "end".
            pipe = Some(self.pipeline(CONTEXT, ItemType::RightDelim)?);
        }
        push_template(nodes, token.pos, name, pipe);
        Ok(())
    }

    fn parse_template_name(&self, token: &Item<'a>, context: &str) -> PResult<String> {
        match token.typ {
            ItemType::String | ItemType::RawString => {
                unquote(&token.val).map_err(|e| self.errorf(e.to_string()))
            }
            _ => Err(self.unexpected(token, context)),
        }
    }

    /// `operand (space operand)*`: space-separated arguments up to a pipeline character or
    /// right delimiter. The pipe character is consumed; the right delimiter is left to
    /// terminate the action.
    fn command(&mut self) -> PResult<Command> {
        let mut cmd = Command {
            pos: self.peek_non_space_pos(),
            args: Vec::new(),
        };
        loop {
            self.peek_non_space_typ(); // Skip leading spaces.
            self.operand(&mut cmd.args)?;
            match self.next_typ() {
                ItemType::Space => continue,
                ItemType::RightDelim | ItemType::RightParen => self.backup(),
                ItemType::Pipe => {}
                _ => return Err(self.unexpected_last("operand")),
            }
            break;
        }
        if cmd.args.is_empty() {
            return Err(self.errorf("empty command".to_string()));
        }
        Ok(cmd)
    }

    /// `term .Field*`: a space-separated component of a command, appended to `args` (if
    /// the next item is an operand).
    fn operand(&mut self, args: &mut Vec<Arg>) -> PResult<()> {
        match self.term(args) {
            Ok(true) => {}
            other => return other.map(|_| ()),
        }
        if self.peek_typ() == ItemType::Field {
            return self.chain(args);
        }
        Ok(())
    }

    /// Replaces the last of `args`, a term, with the term followed by fields (`.x.y`).
    fn chain(&mut self, args: &mut Vec<Arg>) -> PResult<()> {
        let Some(node) = args.pop() else {
            return Ok(());
        };
        let chain_pos = self.peek().pos;
        let mut fields = Vec::new();
        while self.peek_typ() == ItemType::Field {
            let field = self.next();
            // A field item is '.' plus at least one character; drop the dot.
            fields.push(
                field
                    .val
                    .strip_prefix('.')
                    .unwrap_or(&field.val)
                    .to_string(),
            );
        }
        // Compatibility with Go's original API: a field or variable gets the extra fields
        // itself, but, as Go re-creates the node at the chain's position, it is positioned
        // at the first chained field (so `.a.b` is at `.b`). Literals can't have fields;
        // anything else keeps the chain.
        args.push(match node {
            Arg::Field { mut idents, .. } => {
                idents.append(&mut fields);
                Arg::Field {
                    pos: chain_pos,
                    idents,
                }
            }
            Arg::Variable(Variable { mut idents, .. }) => {
                idents.append(&mut fields);
                Arg::Variable(Variable {
                    pos: chain_pos,
                    idents,
                })
            }
            Arg::Bool { .. }
            | Arg::String { .. }
            | Arg::Number { .. }
            | Arg::Nil { .. }
            | Arg::Dot { .. } => {
                return Err(self.errorf(format!(
                    "unexpected . after term {}",
                    quote(&node.to_string())
                )));
            }
            node => Arg::Chain {
                pos: chain_pos,
                node: Box::new(node),
                fields,
            },
        });
        Ok(())
    }

    /// A literal (number, string, nil, boolean), a function (identifier), `.`, `.Field`,
    /// `$`, or `'(' pipeline ')'`, appended to `args`. `false` means the next item is not
    /// a term.
    fn term(&mut self, args: &mut Vec<Arg>) -> PResult<bool> {
        if self.next_non_space_typ() != ItemType::LeftParen {
            self.backup();
            return self.simple_term(args);
        }
        self.enter()?;
        let pipe = self.pipeline("parenthesized pipeline", ItemType::RightParen)?;
        args.push(Arg::Pipe(pipe));
        self.leave();
        Ok(true)
    }

    /// Every term but a parenthesised pipeline, appended to `args`.
    fn simple_term(&mut self, args: &mut Vec<Arg>) -> PResult<bool> {
        let token = self.next_non_space();
        let pos = token.pos;
        args.push(match token.typ {
            ItemType::Identifier => {
                if !(self.sh.is_func)(&token.val) {
                    return Err(self.errorf(format!("function {} not defined", quote(&token.val))));
                }
                Arg::Identifier {
                    pos,
                    name: token.val.into_owned(),
                }
            }
            ItemType::Dot => Arg::Dot { pos },
            ItemType::Nil => Arg::Nil { pos },
            ItemType::Variable => Arg::Variable(self.use_var(pos, &token.val)?),
            ItemType::Field => Arg::Field {
                pos,
                idents: split_field(&token.val),
            },
            ItemType::Bool => Arg::Bool {
                pos,
                value: token.val == "true",
            },
            ItemType::CharConstant | ItemType::Complex | ItemType::Number => {
                let number =
                    NumberNode::new(&token.val, token.typ).map_err(|msg| self.errorf(msg))?;
                Arg::Number {
                    pos,
                    value: number.ideal_constant(&token.val),
                    text: token.val.into_owned(),
                }
            }
            ItemType::String | ItemType::RawString => {
                let value = unquote(&token.val).map_err(|e| self.errorf(e.to_string()))?;
                Arg::String {
                    pos,
                    quoted: token.val.into_owned(),
                    value,
                }
            }
            _ => {
                self.backup();
                return Ok(false);
            }
        });
        Ok(true)
    }

    /// A variable reference; it is an error if the variable is not defined.
    fn use_var(&self, pos: Pos, name: &str) -> PResult<Variable> {
        let v = new_variable(pos, name);
        if self
            .vars
            .iter()
            .any(|var| v.idents.first().map(String::as_str) == Some(var))
        {
            return Ok(v);
        }
        Err(self.errorf(format!("undefined variable {}", quote(name))))
    }
}

/// Appends a branch node with empty lists, to be filled in (out of line, to keep the
/// recursive caller's frame small).
#[allow(clippy::boxed_local)] // The box is what the caller has; unboxing is done here.
fn push_branch(nodes: &mut Vec<Node>, kind: BranchKind, pipe: Box<Pipe>) {
    nodes.push(Node::Branch(Branch {
        kind,
        pos: pipe.pos,
        pipe: *pipe,
        list: List::default(),
        else_list: None,
    }));
}

/// Appends a template node (out of line, to keep the recursive caller's frame small).
fn push_template(nodes: &mut Vec<Node>, pos: Pos, name: String, pipe: Option<Box<Pipe>>) {
    nodes.push(Node::Template {
        pos,
        name,
        pipe: pipe.map(|p| *p),
    });
}

/// Go's `newVariable`: the name split at dots.
fn new_variable(pos: Pos, ident: &str) -> Variable {
    Variable {
        pos,
        idents: ident.split('.').map(str::to_string).collect(),
    }
}

/// Go's `newField` idents: the leading period dropped, the rest split at dots.
fn split_field(ident: &str) -> Vec<String> {
    let ident = ident.strip_prefix('.').unwrap_or(ident);
    ident.split('.').map(str::to_string).collect()
}

/// Go's `IsEmptyTree` on a list: whether it holds nothing but space. (Comments are never
/// in the tree.)
fn is_empty_tree(list: &List) -> bool {
    list.nodes.iter().all(|n| match n {
        Node::Text { text, .. } => text.trim().is_empty(),
        _ => false,
    })
}

// Number constants.

/// Go's `NumberNode`: the value is parsed and stored under all the types that can
/// represent it, which simulates Go's ideal constants.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct NumberNode {
    is_int: bool,
    is_uint: bool,
    is_float: bool,
    is_complex: bool,
    int64: i64,
    uint64: u64,
    float64: f64,
    complex128: (f64, f64),
}

impl NumberNode {
    /// Go's `newNumber`; the error is the message Go's parser reports.
    fn new(text: &str, typ: ItemType) -> Result<Self, String> {
        let mut n = NumberNode::default();
        match typ {
            ItemType::CharConstant => {
                let quote = text.as_bytes().first().copied().unwrap_or(b'\'');
                let (r, _, tail) =
                    unquote_char(text.get(1..).unwrap_or_default().as_bytes(), quote)
                        .map_err(|e| e.to_string())?;
                if tail != b"'" {
                    return Err(format!("malformed character constant: {text}"));
                }
                let r = u32::from(r);
                n.int64 = i64::from(r);
                n.is_int = true;
                n.uint64 = u64::from(r);
                n.is_uint = true;
                n.float64 = f64::from(r); // odd but those are the rules.
                n.is_float = true;
                return Ok(n);
            }
            ItemType::Complex => {
                // fmt.Sscan can parse the pair, so let it do the work.
                n.complex128 = sscan_complex(text)?;
                n.is_complex = true;
                n.simplify_complex();
                return Ok(n);
            }
            _ => {}
        }
        // Imaginary constants can only be complex unless they are zero.
        if let Some(imag) = text.strip_suffix('i') {
            if let Ok(f) = parse_float(imag) {
                n.is_complex = true;
                n.complex128 = (0.0, f);
                n.simplify_complex();
                return Ok(n);
            }
        }
        // Do integer test first so we get 0x123 etc.
        let u = parse_uint(text); // will fail for -0; fixed below.
        if let Ok(u) = u {
            n.is_uint = true;
            n.uint64 = u;
        }
        if let Ok(i) = parse_int(text) {
            n.is_int = true;
            n.int64 = i;
            if i == 0 {
                n.is_uint = true; // in case of -0.
                n.uint64 = u.unwrap_or(0);
            }
        }
        // If an integer extraction succeeded, promote the float.
        if n.is_int {
            n.is_float = true;
            n.float64 = n.int64 as f64;
        } else if n.is_uint {
            n.is_float = true;
            n.float64 = n.uint64 as f64;
        } else if let Ok(f) = parse_float(text) {
            // If we parsed it as a float but it looks like an integer, it's a huge number
            // too large to fit in an int. Reject it.
            if !text.contains(['.', 'e', 'E', 'p', 'P']) {
                return Err(format!("integer overflow: {}", quote(text)));
            }
            n.is_float = true;
            n.float64 = f;
            // If a floating-point extraction succeeded, extract the int if needed.
            if let Some(i) = f64_to_i64_exact(f) {
                n.is_int = true;
                n.int64 = i;
            }
            if let Some(u) = f64_to_u64_exact(f) {
                n.is_uint = true;
                n.uint64 = u;
            }
        }
        if !n.is_int && !n.is_uint && !n.is_float {
            return Err(format!("illegal number syntax: {}", quote(text)));
        }
        Ok(n)
    }

    /// Pulls out any other types that are represented by the complex number. These all
    /// require that the imaginary part be zero.
    fn simplify_complex(&mut self) {
        let (re, im) = self.complex128;
        self.is_float = im == 0.0;
        if self.is_float {
            self.float64 = re;
            if let Some(i) = f64_to_i64_exact(re) {
                self.is_int = true;
                self.int64 = i;
            } else {
                self.is_int = false;
            }
            if let Some(u) = f64_to_u64_exact(re) {
                self.is_uint = true;
                self.uint64 = u;
            } else {
                self.is_uint = false;
            }
        }
    }

    /// The value the constant takes as an argument, following Go's `state.idealConstant`.
    fn ideal_constant(&self, text: &str) -> ast::Number {
        if self.is_complex {
            // Incontrovertible.
            return ast::Number::Complex(self.complex128.0, self.complex128.1);
        }
        let is_hex_int = text.len() > 2
            && (text.starts_with("0x") || text.starts_with("0X"))
            && !text.contains(['p', 'P']);
        let is_rune_int = text.starts_with('\'');
        if self.is_float && !is_hex_int && !is_rune_int && text.contains(['.', 'e', 'E', 'p', 'P'])
        {
            return ast::Number::Float(self.float64);
        }
        if self.is_int {
            // Go's int is 64 bits, so every int64 fits.
            return ast::Number::Int(self.int64);
        }
        // Only an unsigned value too big for int is left (Go: "X overflows int"); newNumber
        // guarantees one of the flags, so nothing else reaches here.
        ast::Number::Overflow
    }
}

/// `float64(int64(f)) == f` as Go computes it on amd64, where an out-of-range conversion
/// yields the minimum int64: true exactly for integral values in [-2^63, 2^63).
fn f64_to_i64_exact(f: f64) -> Option<i64> {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    (f.trunc() == f && (-TWO_63..TWO_63).contains(&f)).then_some(f as i64)
}

/// `float64(uint64(f)) == f` as Go computes it on amd64: true exactly for integral values
/// in [0, 2^64), including -0.
fn f64_to_u64_exact(f: f64) -> Option<u64> {
    const TWO_64: f64 = 18_446_744_073_709_551_616.0;
    (f.trunc() == f && (0.0..TWO_64).contains(&f)).then_some(f as u64)
}

#[cfg(test)]
mod tests {
    //! Go's parse_test.go, plus checks of the port's own rules (definitions, nesting
    //! limit, positions). The conformance fixtures' templates are parsed in
    //! tests/go_conformance.rs.

    use super::*;

    /// The functions Go's parse tests define (their `builtins` map).
    fn test_funcs(name: &str) -> bool {
        matches!(name, "printf" | "contains")
    }

    /// The functions Go's `text/template` defines (its `builtins()`).
    fn go_builtins(name: &str) -> bool {
        const GO_BUILTINS: [&str; 19] = [
            "and", "call", "eq", "ge", "gt", "html", "index", "js", "le", "len", "lt", "ne", "not",
            "or", "print", "printf", "println", "slice", "urlquery",
        ];
        GO_BUILTINS.contains(&name)
    }

    fn parse_go_test(name: &str, input: &str) -> Result<ast::Tree, ParseError> {
        parse(name, input, &test_funcs)
    }

    /// The root of `input` parsed with Go's builtins, printed as node.go does.
    fn root_string(input: &str) -> String {
        match parse("t", input, &go_builtins) {
            Ok(tree) => tree.root.to_string(),
            Err(e) => panic!("{input:?}: {e}"),
        }
    }

    fn parse_err(input: &str) -> String {
        match parse("t", input, &go_builtins) {
            Ok(tree) => panic!("{input:?}: expected an error, got {}", tree.root),
            Err(e) => e.to_string(),
        }
    }

    // numberTests: (text, isInt, isUint, isFloat, isComplex, int64, uint64, float64,
    // complex128).
    type NumberTest = (
        &'static str,
        bool,
        bool,
        bool,
        bool,
        i64,
        u64,
        f64,
        (f64, f64),
    );

    #[rustfmt::skip]
    const NUMBER_TESTS: &[NumberTest] = &[
        // basics
        ("0", true, true, true, false, 0, 0, 0.0, (0.0, 0.0)),
        ("-0", true, true, true, false, 0, 0, 0.0, (0.0, 0.0)), // check that -0 is a uint.
        ("73", true, true, true, false, 73, 73, 73.0, (0.0, 0.0)),
        ("7_3", true, true, true, false, 73, 73, 73.0, (0.0, 0.0)),
        ("0b10_010_01", true, true, true, false, 73, 73, 73.0, (0.0, 0.0)),
        ("0B10_010_01", true, true, true, false, 73, 73, 73.0, (0.0, 0.0)),
        ("073", true, true, true, false, 0o73, 0o73, 59.0, (0.0, 0.0)),
        ("0o73", true, true, true, false, 0o73, 0o73, 59.0, (0.0, 0.0)),
        ("0O73", true, true, true, false, 0o73, 0o73, 59.0, (0.0, 0.0)),
        ("0x73", true, true, true, false, 0x73, 0x73, 115.0, (0.0, 0.0)),
        ("0X73", true, true, true, false, 0x73, 0x73, 115.0, (0.0, 0.0)),
        ("0x7_3", true, true, true, false, 0x73, 0x73, 115.0, (0.0, 0.0)),
        ("-73", true, false, true, false, -73, 0, -73.0, (0.0, 0.0)),
        ("+73", true, false, true, false, 73, 0, 73.0, (0.0, 0.0)),
        ("100", true, true, true, false, 100, 100, 100.0, (0.0, 0.0)),
        ("1e9", true, true, true, false, 1_000_000_000, 1_000_000_000, 1e9, (0.0, 0.0)),
        ("-1e9", true, false, true, false, -1_000_000_000, 0, -1e9, (0.0, 0.0)),
        ("-1.2", false, false, true, false, 0, 0, -1.2, (0.0, 0.0)),
        ("1e19", false, true, true, false, 0, 10_000_000_000_000_000_000, 1e19, (0.0, 0.0)),
        ("1e1_9", false, true, true, false, 0, 10_000_000_000_000_000_000, 1e19, (0.0, 0.0)),
        ("1E19", false, true, true, false, 0, 10_000_000_000_000_000_000, 1e19, (0.0, 0.0)),
        ("-1e19", false, false, true, false, 0, 0, -1e19, (0.0, 0.0)),
        ("0x_1p4", true, true, true, false, 16, 16, 16.0, (0.0, 0.0)),
        ("0X_1P4", true, true, true, false, 16, 16, 16.0, (0.0, 0.0)),
        ("0x_1p-4", false, false, true, false, 0, 0, 1.0 / 16.0, (0.0, 0.0)),
        ("4i", false, false, false, true, 0, 0, 0.0, (0.0, 4.0)),
        ("-1.2+4.2i", false, false, false, true, 0, 0, 0.0, (-1.2, 4.2)),
        ("073i", false, false, false, true, 0, 0, 0.0, (0.0, 73.0)), // not octal!
        // complex with 0 imaginary are float (and maybe integer)
        ("0i", true, true, true, true, 0, 0, 0.0, (0.0, 0.0)),
        ("-1.2+0i", false, false, true, true, 0, 0, -1.2, (-1.2, 0.0)),
        ("-12+0i", true, false, true, true, -12, 0, -12.0, (-12.0, 0.0)),
        ("13+0i", true, true, true, true, 13, 13, 13.0, (13.0, 0.0)),
        // funny bases
        ("0123", true, true, true, false, 0o123, 0o123, 83.0, (0.0, 0.0)),
        ("-0x0", true, true, true, false, 0, 0, 0.0, (0.0, 0.0)),
        ("0xdeadbeef", true, true, true, false, 0xdeadbeef, 0xdeadbeef, 3_735_928_559.0, (0.0, 0.0)),
        // character constants
        ("'a'", true, true, true, false, 97, 97, 97.0, (0.0, 0.0)),
        ("'\\n'", true, true, true, false, 10, 10, 10.0, (0.0, 0.0)),
        ("'\\\\'", true, true, true, false, 92, 92, 92.0, (0.0, 0.0)),
        ("'\\''", true, true, true, false, 39, 39, 39.0, (0.0, 0.0)),
        ("'\\xFF'", true, true, true, false, 0xFF, 0xFF, 255.0, (0.0, 0.0)),
        ("'パ'", true, true, true, false, 0x30d1, 0x30d1, 12_497.0, (0.0, 0.0)),
        ("'\\u30d1'", true, true, true, false, 0x30d1, 0x30d1, 12_497.0, (0.0, 0.0)),
        ("'\\U000030d1'", true, true, true, false, 0x30d1, 0x30d1, 12_497.0, (0.0, 0.0)),
        // some broken syntax
        ("+-2", false, false, false, false, 0, 0, 0.0, (0.0, 0.0)),
        ("0x123.", false, false, false, false, 0, 0, 0.0, (0.0, 0.0)),
        ("1e.", false, false, false, false, 0, 0, 0.0, (0.0, 0.0)),
        ("0xi.", false, false, false, false, 0, 0, 0.0, (0.0, 0.0)),
        ("1+2.", false, false, false, false, 0, 0, 0.0, (0.0, 0.0)),
        ("'x", false, false, false, false, 0, 0, 0.0, (0.0, 0.0)),
        ("'xx'", false, false, false, false, 0, 0, 0.0, (0.0, 0.0)),
        // Integer too large - issue 10634.
        ("'433937734937734969526500969526500'", false, false, false, false, 0, 0, 0.0, (0.0, 0.0)),
        // Issue 8622 - 0xe parsed as floating point. Very embarrassing.
        ("0xef", true, true, true, false, 0xef, 0xef, 239.0, (0.0, 0.0)),
    ];

    #[test]
    fn number_parse() {
        for &(text, is_int, is_uint, is_float, is_complex, i, u, f, c) in NUMBER_TESTS {
            // As Go's test: if fmt.Sscan thinks it's complex, it's complex.
            let typ = if text.starts_with('\'') {
                ItemType::CharConstant
            } else if sscan_complex(text).is_ok() {
                ItemType::Complex
            } else {
                ItemType::Number
            };
            let ok = is_int || is_uint || is_float || is_complex;
            let n = match NumberNode::new(text, typ) {
                Ok(n) if ok => n,
                Err(_) if !ok => continue,
                Ok(_) => panic!("expected error for {text:?}"),
                Err(e) => panic!("unexpected error for {text:?}: {e}"),
            };
            assert_eq!(n.is_complex, is_complex, "complex for {text:?}");
            assert_eq!(n.is_int, is_int, "int for {text:?}");
            assert_eq!(n.is_uint, is_uint, "uint for {text:?}");
            assert_eq!(n.is_float, is_float, "float for {text:?}");
            if is_int {
                assert_eq!(n.int64, i, "int64 for {text:?}");
            }
            if is_uint {
                assert_eq!(n.uint64, u, "uint64 for {text:?}");
            }
            if is_float {
                assert_eq!(n.float64, f, "float64 for {text:?}");
            }
            if is_complex {
                assert_eq!(n.complex128, c, "complex128 for {text:?}");
            }
        }
    }

    /// The value a constant takes when evaluated (exec.go's idealConstant).
    #[test]
    fn ideal_constants() {
        use ast::Number::*;
        let value = |text: &str| {
            let tree = parse("t", &format!("{{{{{text}}}}}"), &go_builtins)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            match &tree.root.nodes[..] {
                [Node::Action { pipe, .. }] => match pipe.cmds[0].args[0] {
                    Arg::Number { value, .. } => value,
                    ref other => panic!("{text}: not a number: {other:?}"),
                },
                other => panic!("{text}: {other:?}"),
            }
        };
        assert_eq!(value("1"), Int(1));
        assert_eq!(value("-3"), Int(-3));
        assert_eq!(value("0x1e"), Int(30)); // hex ints are ints despite the 'e'
        assert_eq!(value("-0x1e"), Float(-30.0)); // ...unless signed, as Go's isHexInt
        assert_eq!(value("'a'"), Int(97));
        assert_eq!(value("1e3"), Float(1000.0));
        assert_eq!(value("1.0"), Float(1.0));
        assert_eq!(value("0x1p4"), Float(16.0));
        assert_eq!(value("1i"), Complex(0.0, 1.0));
        assert_eq!(value("0i"), Complex(0.0, 0.0));
        assert_eq!(value("1+2i"), Complex(1.0, 2.0));
        assert_eq!(value("9223372036854775807"), Int(i64::MAX));
        assert_eq!(value("-9223372036854775808"), Int(i64::MIN));
        assert_eq!(value("9223372036854775808"), Overflow);
        assert_eq!(value("0xFFFFFFFFFFFFFFFF"), Overflow);
        assert_eq!(value("1e19"), Float(1e19));
    }

    #[test]
    fn number_errors() {
        let cases = [
            ("{{3-}}", r#"bad number syntax: "3-""#),
            ("{{3k}}", r#"bad number syntax: "3k""#),
            ("{{-}}", r#"illegal number syntax: "-""#),
            ("{{1e400}}", r#"illegal number syntax: "1e400""#),
            ("{{0x1p1024}}", r#"illegal number syntax: "0x1p1024""#),
            (
                "{{99999999999999999999}}",
                r#"integer overflow: "99999999999999999999""#,
            ),
            ("{{089}}", r#"integer overflow: "089""#),
            ("{{'ab'}}", "malformed character constant: 'ab'"),
            ("{{''}}", "invalid syntax"),
            ("{{'\\400'}}", "invalid syntax"),
            ("{{'\\U00110000'}}", "invalid syntax"),
            (
                "{{0x1+0x2i}}",
                r#"strconv.ParseFloat: parsing "0x1": invalid syntax"#,
            ),
            (
                "{{1e400+1i}}",
                r#"strconv.ParseFloat: parsing "1e400": value out of range"#,
            ),
            ("{{1i+2i}}", "syntax error scanning complex number"),
        ];
        for (input, msg) in cases {
            assert_eq!(parse_err(input), format!("template: t:1: {msg}"), "{input}");
        }
        // Go accepts underscores between decimal digits in a complex constant.
        assert_eq!(root_string("{{1_0+2i}}"), "{{1_0+2i}}");
    }

    // parseTests: (name, input, ok, result printed with quoted text).
    const PARSE_TESTS: &[(&str, &str, bool, &str)] = &[
        ("empty", "", true, ""),
        ("comment", "{{/*\n\n\n*/}}", true, ""),
        ("spaces", " \t\n", true, r#"" \t\n""#),
        ("text", "some text", true, r#""some text""#),
        ("emptyAction", "{{}}", false, "{{}}"),
        ("field", "{{.X}}", true, "{{.X}}"),
        ("simple command", "{{printf}}", true, "{{printf}}"),
        ("$ invocation", "{{$}}", true, "{{$}}"),
        (
            "variable invocation",
            "{{with $x := 3}}{{$x 23}}{{end}}",
            true,
            "{{with $x := 3}}{{$x 23}}{{end}}",
        ),
        ("variable with fields", "{{$.I}}", true, "{{$.I}}"),
        (
            "multi-word command",
            "{{printf `%d` 23}}",
            true,
            "{{printf `%d` 23}}",
        ),
        ("pipeline", "{{.X|.Y}}", true, "{{.X | .Y}}"),
        (
            "pipeline with decl",
            "{{$x := .X|.Y}}",
            true,
            "{{$x := .X | .Y}}",
        ),
        (
            "nested pipeline",
            "{{.X (.Y .Z) (.A | .B .C) (.E)}}",
            true,
            "{{.X (.Y .Z) (.A | .B .C) (.E)}}",
        ),
        (
            "field applied to parentheses",
            "{{(.Y .Z).Field}}",
            true,
            "{{(.Y .Z).Field}}",
        ),
        (
            "simple if",
            "{{if .X}}hello{{end}}",
            true,
            r#"{{if .X}}"hello"{{end}}"#,
        ),
        (
            "if with else",
            "{{if .X}}true{{else}}false{{end}}",
            true,
            r#"{{if .X}}"true"{{else}}"false"{{end}}"#,
        ),
        (
            "if with else if",
            "{{if .X}}true{{else if .Y}}false{{end}}",
            true,
            r#"{{if .X}}"true"{{else}}{{if .Y}}"false"{{end}}{{end}}"#,
        ),
        (
            "if else chain",
            "+{{if .X}}X{{else if .Y}}Y{{else if .Z}}Z{{end}}+",
            true,
            r#""+"{{if .X}}"X"{{else}}{{if .Y}}"Y"{{else}}{{if .Z}}"Z"{{end}}{{end}}{{end}}"+""#,
        ),
        (
            "simple range",
            "{{range .X}}hello{{end}}",
            true,
            r#"{{range .X}}"hello"{{end}}"#,
        ),
        (
            "chained field range",
            "{{range .X.Y.Z}}hello{{end}}",
            true,
            r#"{{range .X.Y.Z}}"hello"{{end}}"#,
        ),
        (
            "nested range",
            "{{range .X}}hello{{range .Y}}goodbye{{end}}{{end}}",
            true,
            r#"{{range .X}}"hello"{{range .Y}}"goodbye"{{end}}{{end}}"#,
        ),
        (
            "range with else",
            "{{range .X}}true{{else}}false{{end}}",
            true,
            r#"{{range .X}}"true"{{else}}"false"{{end}}"#,
        ),
        (
            "range over pipeline",
            "{{range .X|.M}}true{{else}}false{{end}}",
            true,
            r#"{{range .X | .M}}"true"{{else}}"false"{{end}}"#,
        ),
        (
            "range []int",
            "{{range .SI}}{{.}}{{end}}",
            true,
            "{{range .SI}}{{.}}{{end}}",
        ),
        (
            "range 1 var",
            "{{range $x := .SI}}{{.}}{{end}}",
            true,
            "{{range $x := .SI}}{{.}}{{end}}",
        ),
        (
            "range 2 vars",
            "{{range $x, $y := .SI}}{{.}}{{end}}",
            true,
            "{{range $x, $y := .SI}}{{.}}{{end}}",
        ),
        (
            "range with break",
            "{{range .SI}}{{.}}{{break}}{{end}}",
            true,
            "{{range .SI}}{{.}}{{break}}{{end}}",
        ),
        (
            "range with continue",
            "{{range .SI}}{{.}}{{continue}}{{end}}",
            true,
            "{{range .SI}}{{.}}{{continue}}{{end}}",
        ),
        (
            "constants",
            "{{range .SI 1 -3.2i true false 'a' nil}}{{end}}",
            true,
            "{{range .SI 1 -3.2i true false 'a' nil}}{{end}}",
        ),
        ("template", "{{template `x`}}", true, r#"{{template "x"}}"#),
        (
            "template with arg",
            "{{template `x` .Y}}",
            true,
            r#"{{template "x" .Y}}"#,
        ),
        (
            "with",
            "{{with .X}}hello{{end}}",
            true,
            r#"{{with .X}}"hello"{{end}}"#,
        ),
        (
            "with with else",
            "{{with .X}}hello{{else}}goodbye{{end}}",
            true,
            r#"{{with .X}}"hello"{{else}}"goodbye"{{end}}"#,
        ),
        // Trimming spaces.
        ("trim left", "x \r\n\t{{- 3}}", true, r#""x"{{3}}"#),
        ("trim right", "{{3 -}}\n\n\ty", true, r#"{{3}}"y""#),
        (
            "trim left and right",
            "x \r\n\t{{- 3 -}}\n\n\ty",
            true,
            r#""x"{{3}}"y""#,
        ),
        (
            "trim with extra spaces",
            "x\n{{-  3   -}}\ny",
            true,
            r#""x"{{3}}"y""#,
        ),
        (
            "comment trim left",
            "x \r\n\t{{- /* hi */}}",
            true,
            r#""x""#,
        ),
        (
            "comment trim right",
            "{{/* hi */ -}}\n\n\ty",
            true,
            r#""y""#,
        ),
        (
            "comment trim left and right",
            "x \r\n\t{{- /* */ -}}\n\n\ty",
            true,
            r#""x""y""#,
        ),
        (
            "block definition",
            r#"{{block "foo" .}}hello{{end}}"#,
            true,
            r#"{{template "foo" .}}"#,
        ),
        (
            "newline in assignment",
            "{{ $x \n := \n 1 \n }}",
            true,
            "{{$x := 1}}",
        ),
        ("newline in empty action", "{{\n}}", false, "{{\n}}"),
        (
            "newline in pipeline",
            "{{\n\"x\"\n|\nprintf\n}}",
            true,
            r#"{{"x" | printf}}"#,
        ),
        ("newline in comment", "{{/*\nhello\n*/}}", true, ""),
        ("newline in comment", "{{-\n/*\nhello\n*/\n-}}", true, ""),
        (
            "spaces around continue",
            "{{range .SI}}{{.}}{{ continue }}{{end}}",
            true,
            "{{range .SI}}{{.}}{{continue}}{{end}}",
        ),
        (
            "spaces around break",
            "{{range .SI}}{{.}}{{ break }}{{end}}",
            true,
            "{{range .SI}}{{.}}{{break}}{{end}}",
        ),
        // Errors.
        ("unclosed action", "hello{{range", false, ""),
        ("unmatched end", "{{end}}", false, ""),
        ("unmatched else", "{{else}}", false, ""),
        (
            "unmatched else after if",
            "{{if .X}}hello{{end}}{{else}}",
            false,
            "",
        ),
        (
            "multiple else",
            "{{if .X}}1{{else}}2{{else}}3{{end}}",
            false,
            "",
        ),
        ("missing end", "hello{{range .x}}", false, ""),
        (
            "missing end after else",
            "hello{{range .x}}{{else}}",
            false,
            "",
        ),
        ("undefined function", "hello{{undefined}}", false, ""),
        ("undefined variable", "{{$x}}", false, ""),
        (
            "variable undefined after end",
            "{{with $x := 4}}{{end}}{{$x}}",
            false,
            "",
        ),
        (
            "variable undefined in template",
            "{{template $v}}",
            false,
            "",
        ),
        ("declare with field", "{{with $x.Y := 4}}{{end}}", false, ""),
        ("template with field ref", "{{template .X}}", false, ""),
        ("template with var", "{{template $v}}", false, ""),
        ("invalid punctuation", "{{printf 3, 4}}", false, ""),
        (
            "multidecl outside range",
            "{{with $v, $u := 3}}{{end}}",
            false,
            "",
        ),
        (
            "too many decls in range",
            "{{range $u, $v, $w := 3}}{{end}}",
            false,
            "",
        ),
        (
            "dot applied to parentheses",
            "{{printf (printf .).}}",
            false,
            "",
        ),
        ("adjacent args", "{{printf 3`x`}}", false, ""),
        ("adjacent args with .", "{{printf `x`.}}", false, ""),
        (
            "extra end after if",
            "{{if .X}}a{{else if .Y}}b{{end}}{{end}}",
            false,
            "",
        ),
        (
            "break outside range",
            "{{range .}}{{end}} {{break}}",
            false,
            "",
        ),
        (
            "continue outside range",
            "{{range .}}{{end}} {{continue}}",
            false,
            "",
        ),
        (
            "break in range else",
            "{{range .}}{{else}}{{break}}{{end}}",
            false,
            "",
        ),
        (
            "continue in range else",
            "{{range .}}{{else}}{{continue}}{{end}}",
            false,
            "",
        ),
        // Other kinds of assignments and operators aren't available yet.
        ("bug0a", "{{$x := 0}}{{$x}}", true, "{{$x := 0}}{{$x}}"),
        ("bug0b", "{{$x += 1}}{{$x}}", false, ""),
        ("bug0c", "{{$x ! 2}}{{$x}}", false, ""),
        ("bug0d", "{{$x % 3}}{{$x}}", false, ""),
        // Check the parse fails for := rather than comma.
        ("bug0e", "{{range $x := $y := 3}}{{end}}", false, ""),
        // Another bug: variable read must ignore following punctuation.
        ("bug1a", "{{$x:=.}}{{$x!2}}", false, ""), // ! is just illegal here.
        ("bug1b", "{{$x:=.}}{{$x+2}}", false, ""), // $x+2 should not parse as ($x) (+2).
        ("bug1c", "{{$x:=.}}{{$x +2}}", true, "{{$x := .}}{{$x +2}}"), // It's OK with a space.
        // dot following a literal value
        ("dot after integer", "{{1.E}}", false, ""),
        ("dot after float", "{{0.1.E}}", false, ""),
        ("dot after boolean", "{{true.E}}", false, ""),
        ("dot after char", "{{'a'.any}}", false, ""),
        ("dot after string", r#"{{"hello".guys}}"#, false, ""),
        ("dot after dot", "{{..E}}", false, ""),
        ("dot after nil", "{{nil.E}}", false, ""),
        // Wrong pipeline
        ("wrong pipeline dot", "{{12|.}}", false, ""),
        ("wrong pipeline number", "{{.|12|printf}}", false, ""),
        ("wrong pipeline string", "{{.|printf|\"error\"}}", false, ""),
        ("wrong pipeline char", "{{12|printf|'e'}}", false, ""),
        ("wrong pipeline boolean", "{{.|true}}", false, ""),
        ("wrong pipeline nil", "{{'c'|nil}}", false, ""),
        ("empty pipeline", r#"{{printf "%d" ( ) }}"#, false, ""),
        // Missing pipeline in block
        (
            "block definition",
            r#"{{block "foo"}}hello{{end}}"#,
            false,
            "",
        ),
    ];

    #[test]
    fn parse_tests() {
        for &(name, input, ok, result) in PARSE_TESTS {
            match (parse_go_test(name, input), ok) {
                (Ok(tree), true) => {
                    assert_eq!(
                        tree.root.to_quoted_text_string(),
                        result,
                        "{name} ({input:?})"
                    );
                    // Go's TestParseCopy: a copy prints the same.
                    assert_eq!(tree.root.clone().to_quoted_text_string(), result);
                }
                (Err(_), false) => {}
                (Ok(_), false) => panic!("{name:?}: expected error; got none"),
                (Err(e), true) => panic!("{name:?}: unexpected error: {e}"),
            }
        }
    }

    /// Go's TestSkipFuncCheck: with every function defined, `fn` parses.
    #[test]
    fn skip_func_check() {
        let tree = parse("skip func check", "{{fn 1 2}}", &|_| true).expect("parses");
        assert_eq!(tree.root.to_quoted_text_string(), "{{fn 1 2}}");
    }

    #[test]
    fn is_empty() {
        let tests = [
            ("empty", "", true),
            ("nonempty", "hello", false),
            ("spaces only", " \t\n \t\n", true),
            ("comment only", "{{/* comment */}}", true),
            ("definition", r#"{{define "x"}}something{{end}}"#, true),
            (
                "definitions and space",
                "{{define `x`}}something{{end}}\n\n{{define `y`}}something{{end}}\n\n",
                true,
            ),
            (
                "definitions and text",
                "{{define `x`}}something{{end}}\nx\n{{define `y`}}something{{end}}\ny\n",
                false,
            ),
            (
                "definition and action",
                "{{define `x`}}something{{end}}{{if 3}}foo{{end}}",
                false,
            ),
        ];
        for (name, input, empty) in tests {
            let tree = parse("root", input, &|_| false).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(is_empty_tree(&tree.root), empty, "{name}");
        }
    }

    // errorTests: (name, input, substring of the error).
    const ERROR_TESTS: &[(&str, &str, &str)] = &[
        // Check line numbers are accurate.
        ("unclosed1", "line1\n{{", "unclosed1:2: unclosed action"),
        (
            "unclosed2",
            "line1\n{{define `x`}}line2\n{{",
            "unclosed2:3: unclosed action",
        ),
        (
            "unclosed3",
            "line1\n{{\"x\"\n\"y\"\n",
            "unclosed3:4: unclosed action started at unclosed3:2",
        ),
        (
            "unclosed4",
            "{{\n\n\n\n\n",
            "unclosed4:6: unclosed action started at unclosed4:1",
        ),
        (
            "var1",
            "line1\n{{\nx\n}}",
            r#"var1:3: function "x" not defined"#,
        ),
        // Specific errors.
        ("function", "{{foo}}", r#"function "foo" not defined"#),
        ("comment1", "{{/*}}", "comment1:1: unclosed comment"),
        (
            "comment2",
            "{{/*\nhello\n}}",
            "comment2:1: unclosed comment",
        ),
        ("lparen", "{{.X (1 2 3}}", "unclosed left paren"),
        ("rparen", "{{.X 1 2 3 ) }}", r#"unexpected ")" in command"#),
        ("rparen2", "{{(.X 1 2 3", "unclosed action"),
        ("space", "{{`x`3}}", "in operand"),
        ("idchar", "{{a#}}", "'#'"),
        ("charconst", "{{'a}}", "unterminated character constant"),
        ("stringconst", r#"{{"a}}"#, "unterminated quoted string"),
        ("rawstringconst", "{{`a}}", "unterminated raw quoted string"),
        ("number", "{{0xi}}", "number syntax"),
        (
            "multidefine",
            "{{define `a`}}a{{end}}{{define `a`}}b{{end}}",
            "multiple definition of template",
        ),
        ("eof", "{{range .X}}", "unexpected EOF"),
        // Declare $x so it's defined, to avoid that error, and then check we don't parse a
        // declaration.
        (
            "variable",
            "{{$x := 23}}{{with $x.y := 3}}{{$x 23}}{{end}}",
            r#"unexpected ":=""#,
        ),
        ("multidecl", "{{$a,$b,$c := 23}}", "too many declarations"),
        ("undefvar", "{{$a}}", "undefined variable"),
        ("wrongdot", "{{true.any}}", "unexpected . after term"),
        (
            "wrongpipeline",
            "{{12|false}}",
            "non executable command in pipeline",
        ),
        (
            "emptypipeline",
            "{{ ( ) }}",
            "missing value for parenthesized pipeline",
        ),
        (
            "multilinerawstring",
            "{{ $v := `\n` }} {{",
            "multilinerawstring:2: unclosed action",
        ),
        ("rangeundefvar", "{{range $k}}{{end}}", "undefined variable"),
        (
            "rangeundefvars",
            "{{range $k, $v}}{{end}}",
            "undefined variable",
        ),
        (
            "rangemissingvalue1",
            "{{range $k,}}{{end}}",
            "missing value for range",
        ),
        (
            "rangemissingvalue2",
            "{{range $k, $v := }}{{end}}",
            "missing value for range",
        ),
        (
            "rangenotvariable1",
            "{{range $k, .}}{{end}}",
            "range can only initialize variables",
        ),
        (
            "rangenotvariable2",
            "{{range $k, 123 := .}}{{end}}",
            "range can only initialize variables",
        ),
    ];

    #[test]
    fn errors() {
        for &(name, input, result) in ERROR_TESTS {
            match parse(name, input, &|_| false) {
                Ok(_) => panic!("{name}: expected error {result:?}, got nil"),
                Err(e) => assert!(
                    e.to_string().contains(result),
                    "{name}: error {e} does not contain {result:?}"
                ),
            }
        }
    }

    #[test]
    fn error_format() {
        let e = parse("unclosed3", "line1\n{{\"x\"\n\"y\"\n", &|_| false).unwrap_err();
        assert_eq!(
            e,
            ParseError {
                name: "unclosed3".into(),
                line: 4,
                msg: "unclosed action started at unclosed3:2".into(),
                limit: None,
            }
        );
        assert_eq!(
            e.to_string(),
            "template: unclosed3:4: unclosed action started at unclosed3:2"
        );
        // Other lexer errors say where the action started.
        let e = parse("t", "{{.a\n.b #}}", &|_| false).unwrap_err();
        assert_eq!(e.to_string(), "template: t:2: unexpected \"#\" in operand");
        let e = parse("t", "{{.a\n\"b}}", &|_| false).unwrap_err();
        assert_eq!(
            e.to_string(),
            "template: t:2: unterminated quoted string in action started at t:1"
        );
        // A {{block}} that ends with {{else}} is reported at the block's line.
        assert_eq!(
            parse_err("{{block \"b\" .}}\n{{else}}{{end}}"),
            "template: t:1: unexpected {{else}} in block clause"
        );
        assert_eq!(
            parse_err("line1\n{{if\n.x}}\n{{else\n}}\n"),
            "template: t:6: unexpected EOF"
        );
        assert_eq!(
            parse_err("{{\n\"a\" |\n3}}"),
            "template: t:3: non executable command in pipeline stage 2"
        );
        assert_eq!(
            parse_err("{{if 1}}{{else}}{{else}}{{end}}"),
            "template: t:1: expected end; found {{else}}"
        );
        assert_eq!(
            parse_err("{{\"x\".y}}"),
            r#"template: t:1: unexpected . after term "\"x\"""#
        );
        assert_eq!(
            parse_err("{{define \"a long name\" 1}}"),
            r#"template: t:1: unexpected "1" in define clause"#
        );
        assert_eq!(
            parse_err("{{\"0123456789\" | 1}}"),
            "template: t:1: non executable command in pipeline stage 2"
        );
        assert_eq!(
            parse_err("{{define 1}}"),
            r#"template: t:1: unexpected "1" in define clause"#
        );
        assert_eq!(
            parse_err("{{template \"0123456789\" )}}"),
            r#"template: t:1: unexpected ")" in template clause"#
        );
        // Long tokens are cut to 10 characters.
        assert_eq!(
            parse_err("{{define \"a\" \"0123456789abc\"}}"),
            r#"template: t:1: unexpected "\"012345678"... in define clause"#
        );
    }

    /// Go's TestBlock.
    #[test]
    fn block() {
        let input = r#"a{{block "inner" .}}bar{{.}}baz{{end}}b"#;
        let tree = parse("outer", input, &|_| false).expect("parses");
        assert_eq!(tree.root.to_string(), r#"a{{template "inner" .}}b"#);
        assert_eq!(tree.defines.len(), 1);
        assert_eq!(tree.defines[0].name, "inner");
        assert_eq!(tree.defines[0].body.to_string(), "bar{{.}}baz");
    }

    /// Display reproduces node.go's String().
    #[test]
    fn node_strings() {
        let cases = [
            (r#"{{template "nope"}}"#, r#"{{template "nope"}}"#),
            ("{{template `a\"b` .}}", r#"{{template "a\"b" .}}"#),
            ("{{index .l 5}}", "{{index .l 5}}"),
            ("{{(1) 2}}", "{{(1) 2}}"),
            ("{{.a.b}}", "{{.a.b}}"),
            ("{{$x := 1}}{{$x.y}}", "{{$x := 1}}{{$x.y}}"),
            ("{{$x := 1}}{{$x = 2}}", "{{$x := 1}}{{$x := 2}}"), // Go 1.19 prints := for =
            (
                "{{range $i, $v := .}}{{end}}",
                "{{range $i, $v := .}}{{end}}",
            ),
            (
                "{{\"a\\u00e9\" `raw` 0x1F 1e3 'a' -0 1+2i}}",
                "{{\"a\\u00e9\" `raw` 0x1F 1e3 'a' -0 1+2i}}",
            ),
            ("{{(.a).b.c}}", "{{(.a).b.c}}"),
            ("{{printf.x}}", "{{printf.x}}"),
            ("{{ nil | printf }}", "{{nil | printf}}"),
            ("{{true}}{{false}}", "{{true}}{{false}}"),
            (
                "x{{if 1}}a{{else if 2}}b{{else}}c{{end}}y",
                "x{{if 1}}a{{else}}{{if 2}}b{{else}}c{{end}}{{end}}y",
            ),
            (
                "{{with .x}}{{.}}{{else}}-{{end}}",
                "{{with .x}}{{.}}{{else}}-{{end}}",
            ),
            (
                "{{range .}}{{break}}{{continue}}{{end}}",
                "{{range .}}{{break}}{{continue}}{{end}}",
            ),
        ];
        for (input, want) in cases {
            assert_eq!(root_string(input), want, "{input}");
        }
        // Single nodes print the same way, as execution errors show them.
        let tree =
            parse("t", "{{index .l 5 | printf \"%v\" (len .m)}}", &go_builtins).expect("parses");
        let Node::Action { pipe, .. } = &tree.root.nodes[0] else {
            panic!()
        };
        assert_eq!(pipe.cmds[0].to_string(), "index .l 5");
        assert_eq!(pipe.cmds[1].to_string(), "printf \"%v\" (len .m)");
        assert_eq!(pipe.cmds[1].args[2].to_string(), "len .m");
        assert_eq!(pipe.cmds[0].args[1].to_string(), ".l");
        let define = &parse("t", "{{define \"d\"}}x{{end}}", &go_builtins)
            .expect("parses")
            .defines[0];
        assert_eq!(define.to_string(), "{{define \"d\"}}x{{end}}");
    }

    /// Positions, including the FieldNode quirk: a field or variable with chained fields is
    /// positioned at the second segment, as Go re-creates it at the chain's position.
    #[test]
    fn positions() {
        let tree = parse(
            "t",
            "{{.a.b}} {{$x := .}}{{$x.y}}{{(.a).b}}{{.c}}",
            &go_builtins,
        )
        .expect("parses");
        let arg = |i: usize| match &tree.root.nodes[i] {
            Node::Action { pipe, .. } => pipe.cmds[0].args[0].clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            arg(0),
            Arg::Field {
                pos: 4,
                idents: vec!["a".into(), "b".into()]
            }
        );
        assert!(matches!(arg(3), Arg::Variable(Variable { pos: 24, .. })));
        assert!(matches!(arg(4), Arg::Chain { pos: 34, .. }));
        assert_eq!(arg(5).pos(), 40);
        assert_eq!(
            tree.root.nodes[1],
            Node::Text {
                pos: 8,
                text: " ".into()
            }
        );
        // Branches are positioned at their pipeline, else-if lists at the "if".
        let tree = parse("t", "{{if  .x}}{{else if .y}}{{end}}", &go_builtins).expect("parses");
        let Node::Branch(b) = &tree.root.nodes[0] else {
            panic!()
        };
        assert_eq!((b.pos, b.pipe.pos), (6, 6));
        assert_eq!(b.else_list.as_ref().map(|l| l.pos), Some(17));
    }

    /// Redefinitions: allowed only when one body is empty, and the non-empty one wins;
    /// definitions are listed once, in the order they were first defined.
    #[test]
    fn definitions() {
        let names = |t: &ast::Tree| t.defines.iter().map(|d| d.name.clone()).collect::<Vec<_>>();
        let body = |t: &ast::Tree, n: &str| {
            t.defines
                .iter()
                .find(|d| d.name == n)
                .map(|d| d.body.to_string())
        };
        let tree = parse(
            "t",
            "{{define \"b\"}} {{end}}{{define \"a\"}}A{{end}}{{define \"b\"}}B{{end}}",
            &go_builtins,
        )
        .expect("parses");
        assert_eq!(names(&tree), ["b", "a"]);
        assert_eq!(body(&tree, "b").as_deref(), Some("B"));
        let tree = parse(
            "t",
            "{{define \"b\"}}B{{end}}{{define \"b\"}}\n{{end}}",
            &go_builtins,
        )
        .expect("parses");
        assert_eq!(body(&tree, "b").as_deref(), Some("B"));
        let tree = parse(
            "t",
            "{{block \"b\" .}}B{{end}}{{define \"b\"}}{{/* */}}{{end}}",
            &go_builtins,
        )
        .expect("parses");
        assert_eq!(body(&tree, "b").as_deref(), Some("B"));
        assert_eq!(
            parse_err("{{define \"a\"}}a{{end}}\n{{define \"a\"}}b\n{{end}}"),
            "template: t:3: template: multiple definition of template \"a\""
        );
        assert_eq!(
            parse_err("{{define \"x\"}}{{block \"x\" .}}y{{end}}{{end}}"),
            "template: t:1: template: multiple definition of template \"x\""
        );
        // A definition named like the main template replaces an empty main body...
        let tree = parse("t", " {{define \"t\"}}D{{end}}\n", &go_builtins).expect("parses");
        assert_eq!(tree.root.to_string(), "D");
        assert!(tree.defines.is_empty());
        // ...but not a non-empty one,
        assert_eq!(
            parse_err("x{{define \"t\"}}y{{end}}"),
            "template: t:1: template: multiple definition of template \"t\""
        );
        // and an empty definition gives way to the main body.
        let tree = parse("t", "x{{define \"t\"}} {{end}}", &go_builtins).expect("parses");
        assert_eq!(tree.root.to_string(), "x");
        assert!(tree.defines.is_empty());
        // define is only allowed at the top level.
        assert_eq!(
            parse_err("{{if 1}}{{define \"x\"}}{{end}}{{end}}"),
            "template: t:1: unexpected <define> in command"
        );
        // A definition does not see the variables around it.
        assert_eq!(
            parse_err("{{$x := 1}}{{block \"b\" .}}{{$x}}{{end}}"),
            "template: t:1: undefined variable \"$x\""
        );
    }

    #[test]
    fn break_and_continue() {
        assert_eq!(
            parse_err("{{break}}"),
            "template: t:1: {{break}} outside {{range}}"
        );
        assert_eq!(
            parse_err("{{range .}}{{break 1}}{{end}}"),
            "template: t:1: unexpected \"1\" in {{break}}"
        );
        assert_eq!(
            parse_err("{{range .}}{{block \"b\" .}}{{continue}}{{end}}{{end}}"),
            "template: t:1: {{continue}} outside {{range}}"
        );
        // When functions named break and continue exist, they are just functions.
        let funcs = |n: &str| matches!(n, "break" | "continue");
        let tree = parse("t", "{{break}}{{continue 1}}", &funcs).expect("parses");
        assert_eq!(tree.root.to_string(), "{{break}}{{continue 1}}");
        assert!(matches!(&tree.root.nodes[0], Node::Action { .. }));
    }

    #[test]
    fn custom_delimiters() {
        let tree = parse_with_delims("t", "<<.a>> {{.b}} <<- 1 ->>\n x", "<<", ">>", &go_builtins)
            .expect("parses");
        assert_eq!(
            tree.root.to_quoted_text_string(),
            r#"{{.a}}" {{.b}}"{{1}}"x""#
        );
        let tree = parse_with_delims("t", "{{.a}}", "", "", &go_builtins).expect("parses");
        assert_eq!(tree.root.to_string(), "{{.a}}");
        let e = parse_with_delims("t", "«.a", "«", "»", &go_builtins).unwrap_err();
        assert_eq!(e.to_string(), "template: t:1: unclosed action");
    }

    fn nested(open: &str, close: &str, n: usize) -> String {
        format!("{}{}", open.repeat(n), close.repeat(n))
    }

    #[test]
    fn else_if_chains_are_not_nesting() {
        let check = || {
            let chain = |n| {
                format!(
                    "{}{{{{if 1}}}}{}{{{{end}}}}{}",
                    "{{if 1}}".repeat(MAX_DEPTH - 1),
                    "{{else if 1}}".repeat(n),
                    "{{end}}".repeat(MAX_DEPTH - 1)
                )
            };
            assert!(parse("t", &chain(MAX_ELSE_IFS), &go_builtins).is_ok());
            assert_eq!(
                parse_err(&chain(MAX_ELSE_IFS + 1)),
                format!(
                    "template: t:1: too many {{{{else if}}}} in a chain: more than {MAX_ELSE_IFS}"
                )
            );
        };
        // The engine parses on a thread with a stack this big.
        let handle = std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(check)
            .expect("spawn");
        if let Err(panic) = handle.join() {
            std::panic::resume_unwind(panic);
        }
    }

    /// Nesting up to MAX_DEPTH parses; deeper is an error, even 10,000 levels deep, on a
    /// small stack.
    #[test]
    fn depth_limit() {
        let check = || {
            let too_deep = format!("template: t:1: nesting too deep: more than {MAX_DEPTH} levels");
            assert!(parse("t", &nested("{{if 1}}", "{{end}}", MAX_DEPTH), &go_builtins).is_ok());
            assert_eq!(
                parse_err(&nested("{{if 1}}", "{{end}}", MAX_DEPTH + 1)),
                too_deep
            );
            assert_eq!(parse_err(&nested("{{if 1}}", "{{end}}", 10_000)), too_deep);
            assert_eq!(
                parse_err(&nested("{{range .}}{{with .}}", "{{end}}{{end}}", 5_000)),
                too_deep
            );
            let parens = |n| format!("{{{{{}1{}}}}}", "(".repeat(n), ")".repeat(n));
            assert!(parse("t", &parens(MAX_DEPTH), &go_builtins).is_ok());
            assert_eq!(parse_err(&parens(MAX_DEPTH + 1)), too_deep);
            assert_eq!(parse_err(&parens(10_000)), too_deep);
            // Blocks and else lists nest too.
            assert_eq!(
                parse_err(&nested("{{block \"b\" 1}}", "{{end}}", 10_000)),
                too_deep
            );
            assert_eq!(
                parse_err(&nested("{{with 1}}{{else}}", "{{end}}", 10_000)),
                too_deep
            );
            let blocks: String = (0..MAX_DEPTH)
                .map(|i| format!("{{{{block \"b{i}\" 1}}}}"))
                .collect();
            let blocks = format!("{blocks}{}", "{{end}}".repeat(MAX_DEPTH));
            assert!(parse("t", &blocks, &go_builtins).is_ok());
            // The levels add up: control structures and parentheses, blocks inside them.
            let (ifs, parens) = (MAX_DEPTH / 2, MAX_DEPTH - MAX_DEPTH / 2 - 1);
            let mixed = format!(
                "{}{{{{block \"b\" {}1{}}}}}{{{{end}}}}{}",
                "{{if 1}}".repeat(ifs),
                "(".repeat(parens),
                ")".repeat(parens),
                "{{end}}".repeat(ifs)
            );
            assert!(parse("t", &mixed, &go_builtins).is_ok());
            let mixed = format!(
                "{}{{{{block \"b\" .}}}}{{{{with {}1{}}}}}{{{{end}}}}{{{{end}}}}{}",
                "{{if 1}}".repeat(ifs),
                "(".repeat(parens),
                ")".repeat(parens),
                "{{end}}".repeat(ifs)
            );
            assert_eq!(parse_err(&mixed), too_deep);
            // The error is at the line where the limit is passed.
            let lines = format!("{}{{{{if 1}}}}", "{{if 1}}\n".repeat(MAX_DEPTH));
            let line = format!("t:{}", MAX_DEPTH + 1);
            assert_eq!(parse_err(&lines).split(": ").nth(1), Some(line.as_str()));
            // Deep trees print and drop without trouble.
            let deepest = parse(
                "t",
                &nested("{{with 1}}", "{{end}}", MAX_DEPTH),
                &go_builtins,
            )
            .expect("parses");
            assert_eq!(
                deepest.root.to_string().len(),
                "{{with 1}}{{end}}".len() * MAX_DEPTH
            );
        };
        let handle = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(check)
            .expect("spawn");
        if let Err(panic) = handle.join() {
            std::panic::resume_unwind(panic);
        }
    }
}
