//! The template engine: Go `text/template` or Jinja sources, rendered by minijinja.
//!
//! Go sources are parsed by a port of Go's parser (`go::parse`) and lowered to Jinja
//! (`go::lower`); Go's builtins and printing rules are minijinja functions (`builtins`).
//! Jinja sources render as plain minijinja, with trailing newlines kept and no escaping.

pub mod budget;
pub mod builtins;
pub(crate) mod depth;
pub mod escape;
pub mod go;
pub mod gofmt;
pub mod strconv;
#[cfg(test)]
mod test_values;
pub mod value;

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use minijinja::syntax::SyntaxConfig;
use minijinja::{AutoEscape, Environment, Value};

pub use builtins::MissingKey;
use builtins::{Blame, ExecFault};
use go::lower::{lower, Lowered, DATA_VAR, GO_BUILTINS};
use go::parse::{parse, ParseError, ParseLimit};
use strconv::quote;

use crate::error::{Error, Kind, Location};

/// The template languages the engine reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// Go `text/template`.
    Go,
    /// Jinja, as minijinja implements it.
    Jinja,
}

/// File name endings that mean Jinja syntax.
pub const JINJA_EXTENSIONS: &[&str] = &[".j2", ".jinja", ".jinja2"];
/// File name endings that mean Go template syntax.
pub const GO_EXTENSIONS: &[&str] = &[".tmpl", ".gotmpl", ".go.tmpl"];

impl Syntax {
    /// The syntax a file name implies: Jinja for `.j2`/`.jinja`/`.jinja2`, Go otherwise.
    pub fn for_name(name: &str) -> Syntax {
        if JINJA_EXTENSIONS.iter().any(|ext| name.ends_with(ext)) {
            Syntax::Jinja
        } else {
            Syntax::Go
        }
    }

    /// Whether the file name ends in an extension that marks it as a template at all.
    pub fn is_template_name(name: &str) -> bool {
        JINJA_EXTENSIONS
            .iter()
            .chain(GO_EXTENSIONS)
            .any(|ext| name.ends_with(ext))
    }
}

/// minijinja charges a macro call about six recursion units; its `stacker` feature grows
/// the stack on the heap, so only memory limits the depth.
const RECURSION_LIMIT: usize = 6 * MAX_TEMPLATE_DEPTH;

/// Nested `{{template}}` calls allowed. Go allows 100000, but each call holds about 9 KiB
/// of heap-grown stack here, so 100000 would take close to 1 GB.
pub const MAX_TEMPLATE_DEPTH: usize = 10_000;

/// What too deep `{{template}}` recursion reports.
const RECURSION_MESSAGE: &str =
    "exceeded maximum template depth (the engine allows 10000 nested {{template}} calls)";

/// The default execution budget, in minijinja fuel units (about one per instruction
/// or per 64 bytes of output). The built-in prompts use under 1000 of it; a
/// runaway template stops within seconds.
pub const DEFAULT_FUEL: u64 = 10_000_000;

/// What running out of fuel reports; `{}` is the budget.
const FUEL_MESSAGE: &str = "execution budget exhausted: the template ran more than its \
budget of {} steps (raise it with --template-fuel N, ASIMI_TEMPLATE_FUEL or the config key \
template_fuel)";

/// A template that could not be parsed or executed. The message is complete and, for Go
/// templates, worded as Go words it (`template: NAME:LINE: ...`).
///
/// The engine keeps its own error type (as minijinja and Go's parse package do), so that
/// it stays usable on its own and the Go conformance tests can compare Go's exact text;
/// at the crate boundary it becomes a [`crate::error::Error`] of kind `Template`, with
/// its location.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct TemplateError {
    pub message: String,
    /// The template's name and, where known, the line (and column).
    pub location: Option<Location>,
    /// The engine limit the template met, when that is the error rather than one Go
    /// makes: a template Go runs may stop here for these reasons and no other.
    pub limit: Option<Limit>,
}

/// The engine's limits, which Go does not have (fixtures/go-template/known-differences.md).
/// A template that meets one fails with a [`TemplateError`] naming it in `limit`, so a
/// comparison with Go can tell these documented differences from real ones by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// More than [`MAX_TEMPLATE_DEPTH`] nested `{{template}}` calls.
    TemplateDepth,
    /// More than [`go::parse::MAX_DEPTH`] nested control structures and parenthesised
    /// pipelines.
    Nesting,
    /// An `{{else if}}` chain longer than [`go::parse::MAX_ELSE_IFS`].
    ElseIfChain,
    /// An action (or Jinja tag) nesting more than [`depth::MAX_EXPR_DEPTH`] operations.
    ExpressionDepth,
    /// A lowered template beyond what minijinja's parser holds (a pipeline of about
    /// 150 stages in parentheses, say).
    Lowering,
    /// The execution budget (`--template-fuel`) ran out.
    Fuel,
    /// The byte budget (`--template-bytes`) ran out.
    Bytes,
}

impl TemplateError {
    fn new(message: String) -> TemplateError {
        TemplateError {
            message,
            location: None,
            limit: None,
        }
    }

    fn at(mut self, location: Location) -> TemplateError {
        self.location = Some(location);
        self
    }

    /// The error as meeting the engine's `limit`.
    fn beyond(mut self, limit: Limit) -> TemplateError {
        self.limit = Some(limit);
        self
    }
}

impl From<ParseError> for TemplateError {
    fn from(e: ParseError) -> Self {
        let location = Location::line(e.name.clone(), e.line);
        let limit = e.limit.map(|limit| match limit {
            ParseLimit::Nesting => Limit::Nesting,
            ParseLimit::ElseIfs => Limit::ElseIfChain,
        });
        TemplateError {
            limit,
            ..TemplateError::new(e.to_string()).at(location)
        }
    }
}

impl From<TemplateError> for Error {
    fn from(e: TemplateError) -> Self {
        let error = Error::new(Kind::Template, e.message);
        match e.location {
            Some(location) => error.at(location),
            None => error,
        }
    }
}

struct GoTemplate {
    source: String,
    /// Its error sites: from the lowering, or for a template lowered at build time
    /// (`prelowered`), worked out again on its first error.
    sites: OnceLock<Lowered>,
}

impl GoTemplate {
    fn new(source: &str, sites: OnceLock<Lowered>) -> GoTemplate {
        GoTemplate {
            source: source.to_string(),
            sites,
        }
    }

    /// Its error sites; `name` is the name it was added under.
    fn sites(&self, name: &str) -> &Lowered {
        self.sites.get_or_init(|| {
            lower_go(name, &self.source).unwrap_or_else(|_| Lowered {
                source: String::new(),
                sites: Vec::new(),
            })
        })
    }
}

/// The built-in Go templates as build.rs lowered them: `(path under templates/, Jinja
/// source)`, sorted by path.
static PRELOWERED: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/lowered.rs"));

/// The Jinja source of built-in Go template `path` (under templates/), lowered at build
/// time; `None` for one that did not lower (the run reports why).
pub fn prelowered(path: &str) -> Option<&'static str> {
    let i = PRELOWERED.binary_search_by_key(&path, |(p, _)| p).ok()?;
    Some(PRELOWERED[i].1)
}

/// A set of compiled templates sharing one minijinja environment.
pub struct Engine {
    env: Environment<'static>,
    go: HashMap<String, GoTemplate>,
    /// The byte budget of each render ([`budget`]).
    bytes: u64,
}

/// What each render of an engine may use: steps (fuel) and bytes produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub fuel: u64,
    pub bytes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            fuel: DEFAULT_FUEL,
            bytes: budget::DEFAULT_BYTES,
        }
    }
}

impl Engine {
    /// An engine whose Go templates treat missing map keys as `missing` says.
    pub fn new(missing: MissingKey) -> Engine {
        let mut env = Environment::new();
        let syntax = SyntaxConfig::builder()
            .keep_trailing_newline(true)
            .build()
            .expect("the default delimiters are valid");
        env.set_syntax(syntax);
        env.set_auto_escape_callback(|_| AutoEscape::None);
        env.set_recursion_limit(RECURSION_LIMIT);
        env.set_fuel(Some(DEFAULT_FUEL));
        builtins::register(&mut env, missing);
        Engine {
            env,
            go: HashMap::new(),
            bytes: budget::DEFAULT_BYTES,
        }
    }

    /// Compiles `source` under `name`.
    pub fn add(&mut self, name: &str, source: &str, syntax: Syntax) -> Result<(), TemplateError> {
        guarded(name, || self.add_unguarded(name, source, syntax))
    }

    fn add_unguarded(
        &mut self,
        name: &str,
        source: &str,
        syntax: Syntax,
    ) -> Result<(), TemplateError> {
        match syntax {
            Syntax::Jinja => {
                self.go.remove(name);
                depth::check(name, source, None)?;
                self.env
                    .add_template_owned(name.to_string(), source.to_string())
                    .map_err(|e| jinja_error(name, &e))
            }
            Syntax::Go => {
                let lowered = lower_go(name, source)?;
                depth::check(name, &lowered.source, Some(source))?;
                let jinja = lowered.source.clone();
                self.add_lowered(name, source, jinja, OnceLock::from(lowered))
            }
        }
    }

    /// Compiles Go template `source` under `name` from `jinja`, its lowering at build
    /// time ([`prelowered`]): the same template as [`Engine::add`] compiles, without
    /// lowering it again or checking its depth (a test checks every built-in one).
    pub fn add_prelowered(
        &mut self,
        name: &str,
        source: &str,
        jinja: &'static str,
    ) -> Result<(), TemplateError> {
        guarded(name, || {
            self.add_lowered(name, source, jinja.to_string(), OnceLock::new())
        })
    }

    fn add_lowered(
        &mut self,
        name: &str,
        source: &str,
        jinja: String,
        sites: OnceLock<Lowered>,
    ) -> Result<(), TemplateError> {
        self.env
            .add_template_owned(name.to_string(), jinja)
            .map_err(|e| lowering_error(name, &e))?;
        let go = GoTemplate::new(source, sites);
        self.go.insert(name.to_string(), go);
        Ok(())
    }

    /// Renders template `name` with `data` (Go's dot).
    pub fn render(&self, name: &str, data: &Value) -> Result<String, TemplateError> {
        guarded(name, || self.render_unguarded(name, data))
    }

    fn render_unguarded(&self, name: &str, data: &Value) -> Result<String, TemplateError> {
        let tmpl = self
            .env
            .get_template(name)
            .map_err(|e| jinja_error(name, &e))?;
        let go = self.go.get(name);
        let context = match go {
            Some(_) => go_context(data),
            None => jinja_context(data),
        };
        let mut out = budget::Output::default();
        let (rendered, spent) =
            budget::within(self.bytes, || tmpl.render_captured_to(context, &mut out));
        match rendered {
            Ok(_) => Ok(out.into_string()),
            Err(e) if e.kind() == minijinja::ErrorKind::OutOfFuel => {
                Err(TemplateError::new(format!(
                    "template: {name}: {}",
                    FUEL_MESSAGE.replace("{}", &self.env.fuel().unwrap_or_default().to_string())
                ))
                .beyond(Limit::Fuel))
            }
            // Builtins and actions that run out say so at their call; the writer, which
            // meets the template's own text, knows no position.
            Err(e) if spent && find_fault(&e).is_none() => Err(TemplateError::new(format!(
                "template: {name}: {}",
                budget::message(self.bytes)
            ))
            .beyond(Limit::Bytes)),
            Err(e) => {
                let error = match go {
                    Some(go) => exec_error(name, go, &e),
                    None => jinja_error(name, &e),
                };
                // Once the budget is spent, whatever fails failed for want of it.
                Err(if spent {
                    error.beyond(Limit::Bytes)
                } else {
                    error
                })
            }
        }
    }

    /// Sets this engine's execution budget, in steps (default [`DEFAULT_FUEL`]).
    pub fn set_fuel(&mut self, fuel: u64) {
        self.env.set_fuel(Some(fuel));
    }

    /// Sets what each render may use.
    pub fn set_limits(&mut self, limits: Limits) {
        self.set_fuel(limits.fuel);
        self.bytes = limits.bytes;
    }
}

/// The stack minijinja's parser and compiler get: they recurse once per level of an
/// expression, and `depth::check` keeps expressions within what this holds. Only the
/// pages touched are ever mapped.
const ENGINE_STACK: usize = 256 << 20;

/// What a command may use of its stack before it renders.
const COMMAND_STACK: usize = 16 << 20;

/// Runs a whole command on a stack with room for the engine, so that the templates it
/// renders share one: `system` renders about 20, and a fresh stack apiece (mapped,
/// faulted in and unmapped) cost a tenth of its run.
pub fn with_engine_stack<T>(command: impl FnOnce() -> T) -> T {
    stacker::grow(COMMAND_STACK + ENGINE_STACK, command)
}

/// Runs `work` with at least [`ENGINE_STACK`] of stack, on a fresh one when this thread
/// has less left, turning a panic into an error that names the template: the engine's
/// last line of defence. The stack is switched to on this thread rather than given to a
/// new one: a thread apiece cost more than the rest of the rendering.
fn guarded<T>(
    name: &str,
    work: impl FnOnce() -> Result<T, TemplateError>,
) -> Result<T, TemplateError> {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        stacker::maybe_grow(ENGINE_STACK, ENGINE_STACK, work)
    }));
    outcome.unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "internal error".into());
        Err(TemplateError::new(format!(
            "template: {name}: the template engine failed ({why})"
        )))
    })
}

/// Parses and lowers a Go template.
pub fn lower_go(name: &str, source: &str) -> Result<Lowered, TemplateError> {
    let tree = parse(name, source, &|f| GO_BUILTINS.contains(&f))?;
    Ok(lower(&tree))
}

/// The Jinja translation of a Go template, as `template convert` prints it.
pub fn convert(name: &str, source: &str) -> Result<String, TemplateError> {
    guarded(name, || Ok(lower_go(name, source)?.source))
}

/// Renders one template source in one call.
pub fn render_str(
    name: &str,
    source: &str,
    syntax: Syntax,
    data: &Value,
    missing: MissingKey,
) -> Result<String, TemplateError> {
    let mut engine = Engine::new(missing);
    engine.add(name, source, syntax)?;
    engine.render(name, data)
}

/// Go templates see the data only as dot; missing or null data is Go's invalid value.
fn go_context(data: &Value) -> Value {
    if data.is_none() || data.is_undefined() {
        return Value::from(BTreeMap::<String, Value>::new());
    }
    Value::from(BTreeMap::from([(DATA_VAR.to_string(), data.clone())]))
}

/// Jinja templates see the data's keys as variables, and the whole data as `__data__`
/// (which is what a converted Go template reads).
fn jinja_context(data: &Value) -> Value {
    let mut ctx = BTreeMap::new();
    if let Ok(keys) = data.try_iter() {
        if data.kind() == minijinja::value::ValueKind::Map {
            for key in keys {
                if let (Some(k), Ok(v)) = (key.as_str(), data.get_item(&key)) {
                    ctx.insert(k.to_string(), v);
                }
            }
        }
    }
    if !data.is_none() && !data.is_undefined() {
        ctx.insert(DATA_VAR.to_string(), data.clone());
    }
    Value::from(ctx)
}

/// 1-based line and 0-based byte column of `pos`, as Go's `ErrorContext` computes them.
fn line_col(source: &str, pos: usize) -> (usize, usize) {
    let before = &source[..pos.min(source.len())];
    let line = 1 + before.matches('\n').count();
    let col = match before.rfind('\n') {
        Some(nl) => pos - nl - 1,
        None => pos,
    };
    (line, col)
}

fn exec_error(name: &str, go: &GoTemplate, err: &minijinja::Error) -> TemplateError {
    let fault = find_fault(err);
    let site = err.range().and_then(|r| go.sites(name).site_at(r.start));
    match (site, fault) {
        (Some(site), Some(fault)) => {
            let node = match fault.blame {
                Blame::Format => site.format.as_ref().unwrap_or(&site.node),
                Blame::Call => &site.node,
            };
            format_exec(name, go, &site.template, node, &fault.message)
        }
        (Some(site), None) if err.detail() == Some(MINIJINJA_RECURSION) => {
            format_exec(name, go, &site.template, &site.node, RECURSION_MESSAGE)
                .beyond(Limit::TemplateDepth)
        }
        (_, None) if err.detail() == Some(MINIJINJA_RECURSION) => {
            TemplateError::new(format!("template: {name}: {}", describe(err)))
                .beyond(Limit::TemplateDepth)
        }
        _ => TemplateError::new(format!("template: {name}: {}", describe(err))),
    }
}

/// What minijinja says when a render passes its recursion limit ([`RECURSION_LIMIT`]).
const MINIJINJA_RECURSION: &str = "recursion limit exceeded";

fn format_exec(
    name: &str,
    go: &GoTemplate,
    template: &str,
    node: &go::lower::GoNode,
    message: &str,
) -> TemplateError {
    let (line, col) = line_col(&go.source, node.pos);
    let message = format!(
        "template: {name}:{line}:{col}: executing {} at <{}>: {message}",
        quote(template),
        node.text
    );
    let location = Location {
        column: Some(col),
        ..Location::line(name, line)
    };
    TemplateError::new(message).at(location)
}

fn find_fault(err: &minijinja::Error) -> Option<&ExecFault> {
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(err);
    while let Some(e) = source {
        if let Some(f) = e.downcast_ref::<ExecFault>() {
            return Some(f);
        }
        source = e.source();
    }
    None
}

fn describe(err: &minijinja::Error) -> String {
    match err.detail() {
        Some(d) => d.to_string(),
        None => err.kind().to_string(),
    }
}

fn jinja_error(name: &str, err: &minijinja::Error) -> TemplateError {
    let error = match err.line() {
        Some(line) => TemplateError::new(format!("template: {name}:{line}: {}", describe(err)))
            .at(Location::line(name, line)),
        None => TemplateError::new(format!("template: {name}: {}", describe(err))),
    };
    if err.detail() == Some(MINIJINJA_RECURSION) {
        error.beyond(Limit::TemplateDepth)
    } else {
        error
    }
}

/// The lowering emits valid Jinja, so what fails here is one of the engine's limits.
fn lowering_error(name: &str, err: &minijinja::Error) -> TemplateError {
    TemplateError::new(format!(
        "template: {name}: the template is beyond the engine's limits ({}); \
         simplify it (for example split long pipelines with variables)",
        describe(err)
    ))
    .beyond(Limit::Lowering)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Go `source` rendered with no data under `limits`: its error.
    fn go_error(source: &str, limits: Limits) -> TemplateError {
        let mut engine = Engine::new(MissingKey::Default);
        engine.set_limits(limits);
        engine
            .add("t", source, Syntax::Go)
            .and_then(|()| engine.render("t", &Value::from(())))
            .expect_err(source)
    }

    /// Each documented limit (fixtures/go-template/known-differences.md) fails with its
    /// own kind, which is how a comparison with Go (examples/difffuzz.rs) tells them from
    /// real differences; an error that only words itself like one is no limit.
    #[test]
    fn each_engine_limit_is_named_by_kind() {
        let some = Limits::default();
        let cases = [
            (
                r#"{{define "r"}}{{template "r" .}}{{end}}{{template "r" .}}"#.to_string(),
                some,
                Limit::TemplateDepth,
            ),
            (
                format!("{}x{}", "{{if 1}}".repeat(200), "{{end}}".repeat(200)),
                some,
                Limit::Nesting,
            ),
            (
                format!(
                    "{{{{if 1}}}}{}{{{{end}}}}",
                    "{{else if 1}}".repeat(go::parse::MAX_ELSE_IFS + 1)
                ),
                some,
                Limit::ElseIfChain,
            ),
            (
                format!("{{{{and 1{}}}}}", " 1".repeat(26_500)),
                some,
                Limit::ExpressionDepth,
            ),
            (
                format!("{{{{print (1{})}}}}", " | print".repeat(200)),
                some,
                Limit::Lowering,
            ),
            (
                concat!(
                    r#"{{define "a"}}{{if .}}{{template "a" (slice . 1)}}"#,
                    r#"{{template "a" (slice . 1)}}{{end}}{{end}}{{template "a" "xxxxxxxxxxxx"}}"#
                )
                .to_string(),
                Limits { fuel: 1000, ..some },
                Limit::Fuel,
            ),
            (
                r#"{{printf "%1000d" 1}}"#.to_string(),
                Limits { bytes: 100, ..some },
                Limit::Bytes,
            ),
            (
                format!("{}{}", "x".repeat(200), "{{.}}"),
                Limits { bytes: 100, ..some },
                Limit::Bytes,
            ),
        ];
        for (source, limits, limit) in cases {
            let error = go_error(&source, limits);
            assert_eq!(error.limit, Some(limit), "{}", error.message);
        }
        // Worded with every word a limit's message has, but Go's own error.
        let error = go_error(
            r#"{{template "exceeded the recursion limit: too many, too deeply"}}"#,
            some,
        );
        assert!(error.message.contains("not defined"), "{}", error.message);
        assert_eq!(error.limit, None, "{}", error.message);
    }

    #[test]
    fn syntax_follows_the_file_name() {
        assert_eq!(Syntax::for_name("a.md.j2"), Syntax::Jinja);
        assert_eq!(Syntax::for_name("a.jinja"), Syntax::Jinja);
        assert_eq!(Syntax::for_name("a.jinja2"), Syntax::Jinja);
        assert_eq!(Syntax::for_name("a.tmpl"), Syntax::Go);
        assert_eq!(Syntax::for_name("a.go.tmpl"), Syntax::Go);
        assert_eq!(Syntax::for_name("system.md"), Syntax::Go);
        assert!(Syntax::is_template_name("x.gotmpl"));
        assert!(!Syntax::is_template_name("system.md"));
    }

    #[test]
    fn a_prelowered_template_renders_and_fails_as_a_lowered_one() {
        let source = "{{.A}} {{index .B 5}}";
        let jinja: &'static str = Box::leak(lower_go("t", source).unwrap().source.into_boxed_str());
        let data = Value::from(minijinja::value::Serde(
            serde_json::json!({"A": "a", "B": [1, 2]}),
        ));
        let ok = Value::from(minijinja::value::Serde(
            serde_json::json!({"A": "a", "B": [1, 2, 3, 4, 5, 6]}),
        ));
        let mut lowered = Engine::new(MissingKey::Default);
        lowered.add("t", source, Syntax::Go).unwrap();
        let mut pre = Engine::new(MissingKey::Default);
        pre.add_prelowered("t", source, jinja).unwrap();
        assert_eq!(pre.render("t", &ok).unwrap(), "a 6");
        // The error sites are worked out again, so the message is Go's (go1.19), with the
        // place.
        let expected =
            "template: t:1:9: executing \"t\" at <index .B 5>: error calling index: index out \
             of range: 5";
        assert_eq!(
            lowered.render("t", &data).unwrap_err().to_string(),
            expected
        );
        assert_eq!(pre.render("t", &data).unwrap_err().to_string(), expected);
    }

    #[test]
    fn a_panic_in_the_engine_is_an_error_naming_the_template() {
        let err = guarded::<()>("t.j2", || panic!("boom")).unwrap_err();
        assert_eq!(
            err.message,
            "template: t.j2: the template engine failed (boom)"
        );
    }

    #[test]
    fn line_col_matches_go() {
        let src = "line1\nline2 {{.a.b.c}}";
        assert_eq!(line_col(src, 0), (1, 0));
        assert_eq!(line_col(src, 4), (1, 4));
        assert_eq!(line_col(src, 16), (2, 10));
    }

    #[test]
    fn jinja_keeps_trailing_newline_and_does_not_escape() {
        let data = Value::from(minijinja::value::Serde(serde_json::json!({"x": "<b>"})));
        let out = render_str(
            "t.html.j2",
            "{{ x }}\n",
            Syntax::Jinja,
            &data,
            MissingKey::Default,
        );
        assert_eq!(out.unwrap(), "<b>\n");
    }
}
