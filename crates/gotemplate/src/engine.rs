//! The engine: a set of Go or Jinja templates compiled into one minijinja environment,
//! rendered with Go's semantics, and their failures worded as Go words them.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use minijinja::syntax::SyntaxConfig;
use minijinja::{AutoEscape, Environment, Value};

use crate::builtins::{self, Blame, ExecFault, MissingKey};
use crate::error::{Error, ErrorKind, Limit};
use crate::go::lower::{GoNode, Lowered, DATA_VAR};
use crate::guard::guarded;
use crate::strconv::quote;
use crate::{budget, depth, filters, lower_go};

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

/// What minijinja says when a render passes its recursion limit ([`RECURSION_LIMIT`]).
const MINIJINJA_RECURSION: &str = "recursion limit exceeded";

/// The default execution budget, in minijinja fuel units (about one per instruction
/// or per 64 bytes of output). Prompts of a few kilobytes use under 1000 of it; a
/// runaway template stops within seconds.
pub const DEFAULT_FUEL: u64 = 10_000_000;

/// The default byte budget of a render: 64 MiB, far above any real prompt and far below
/// what hurts a machine.
pub const DEFAULT_BYTES: u64 = 64 << 20;

/// What running out of fuel reports; `{}` is the budget, and the user's hint follows.
const FUEL_MESSAGE: &str =
    "execution budget exhausted: the template ran more than its budget of {} steps";

/// What each render of an engine may use: steps (fuel) and bytes produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Steps, in minijinja fuel units (default [`DEFAULT_FUEL`]).
    pub fuel: u64,
    /// Bytes of output and of the strings builtins build (default [`DEFAULT_BYTES`]).
    pub bytes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            fuel: DEFAULT_FUEL,
            bytes: DEFAULT_BYTES,
        }
    }
}

/// What the messages of the two budgets say after "its budget of N steps" (or bytes): how
/// the program's user raises it, for example `" (raise it with --fuel N)"`. Empty by
/// default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BudgetHints {
    /// What follows the execution budget's message ([`Limit::Fuel`](crate::Limit::Fuel)).
    pub fuel: &'static str,
    /// What follows the byte budget's message ([`Limit::Bytes`](crate::Limit::Bytes)).
    pub bytes: &'static str,
}

struct GoTemplate {
    source: String,
    /// Its error sites: from the lowering, or for a template lowered ahead of time
    /// ([`Engine::add_prelowered`]), worked out again on its first error.
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

/// A set of compiled templates sharing one minijinja environment: a Jinja template can
/// include any template added to the same engine (`{% include "name" %}`, Go templates
/// too), while a Go template's `{{template "name"}}` calls the templates its own source
/// defines (`{{define}}`, `{{block}}`), as in Go when each source is parsed on its own.
///
/// ```
/// use gotemplate::{json, Engine, MissingKey, Syntax};
///
/// let mut engine = Engine::new(MissingKey::Default);
/// let source = r#"{{define "who"}}{{.}}{{end}}Hello, {{template "who" .Name}}!"#;
/// engine.add("greet.tmpl", source, Syntax::Go)?;
/// let data = json::decode(r#"{"Name": "Gopher"}"#)?;
/// assert_eq!(engine.render("greet.tmpl", &data)?, "Hello, Gopher!");
/// # Ok::<(), gotemplate::Error>(())
/// ```
pub struct Engine {
    env: Environment<'static>,
    go: HashMap<String, GoTemplate>,
    /// The byte budget of each render ([`budget`]).
    bytes: u64,
    hints: BudgetHints,
}

impl Engine {
    /// An engine whose Go templates treat missing map keys as `missing` says, with the
    /// default [`Limits`].
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
        filters::register(&mut env);
        Engine {
            env,
            go: HashMap::new(),
            bytes: DEFAULT_BYTES,
            hints: BudgetHints::default(),
        }
    }

    /// Compiles `source` under `name`.
    pub fn add(&mut self, name: &str, source: &str, syntax: Syntax) -> Result<(), Error> {
        guarded(name, || self.add_unguarded(name, source, syntax))
    }

    fn add_unguarded(&mut self, name: &str, source: &str, syntax: Syntax) -> Result<(), Error> {
        match syntax {
            Syntax::Jinja => {
                self.go.remove(name);
                depth::check(name, source, None)?;
                self.env
                    .add_template_owned(name.to_string(), source.to_string())
                    .map_err(|e| jinja_error(name, &e, ErrorKind::Parse))
            }
            Syntax::Go => {
                let lowered = lower_go(name, source)?;
                depth::check(name, &lowered.source, Some(source))?;
                let jinja = lowered.source.clone();
                self.add_lowered(name, source, jinja, OnceLock::from(lowered))
            }
        }
    }

    /// Compiles Go template `source` under `name` from `jinja`, its lowering done ahead of
    /// time (by [`convert`](crate::convert), in a build script say): the same template as
    /// [`Engine::add`] compiles, without lowering it again or checking its depth (the
    /// caller vouches for `jinja`). Error messages still name the places in `source`.
    pub fn add_prelowered(
        &mut self,
        name: &str,
        source: &str,
        jinja: &'static str,
    ) -> Result<(), Error> {
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
    ) -> Result<(), Error> {
        self.env
            .add_template_owned(name.to_string(), jinja)
            .map_err(|e| lowering_error(name, &e))?;
        let go = GoTemplate::new(source, sites);
        self.go.insert(name.to_string(), go);
        Ok(())
    }

    /// Renders template `name` with `data` (Go's dot; for Jinja, its keys are variables).
    pub fn render(&self, name: &str, data: &Value) -> Result<String, Error> {
        guarded(name, || self.render_unguarded(name, data))
    }

    fn render_unguarded(&self, name: &str, data: &Value) -> Result<String, Error> {
        let tmpl = self
            .env
            .get_template(name)
            .map_err(|e| jinja_error(name, &e, ErrorKind::Exec))?;
        let go = self.go.get(name);
        let context = match go {
            Some(_) => go_context(data),
            None => jinja_context(data),
        };
        let mut out = budget::Output::default();
        let (rendered, spent) = budget::within(self.bytes, self.hints.bytes, || {
            tmpl.render_captured_to(context, &mut out)
        });
        let e = match rendered {
            Ok(_) => return Ok(out.into_string()),
            Err(e) => e,
        };
        if e.kind() == minijinja::ErrorKind::OutOfFuel {
            let fuel = self.env.fuel().unwrap_or_default().to_string();
            let message = FUEL_MESSAGE.replace("{}", &fuel) + self.hints.fuel;
            return Err(limit_error(name, Limit::Fuel, &message));
        }
        // Builtins and actions that run out say so at their call; the writer, which
        // meets the template's own text, knows no position.
        if spent && find_fault(&e).is_none() {
            let message = budget::message(self.bytes, self.hints.bytes);
            return Err(limit_error(name, Limit::Bytes, &message));
        }
        let error = match go {
            Some(go) => exec_error(name, go, &e),
            None => jinja_error(name, &e, ErrorKind::Exec),
        };
        // Once the budget is spent, whatever fails failed for want of it.
        Err(if spent {
            error.beyond(Limit::Bytes)
        } else {
            error
        })
    }

    /// Sets what each render may use.
    pub fn set_limits(&mut self, limits: Limits) {
        self.env.set_fuel(Some(limits.fuel));
        self.bytes = limits.bytes;
    }

    /// Sets what the budgets' messages add (see [`BudgetHints`]).
    pub fn set_budget_hints(&mut self, hints: BudgetHints) {
        self.hints = hints;
    }
}

/// Renders one template source in one call.
///
/// ```
/// use gotemplate::{json, render_str, MissingKey, Syntax};
///
/// let data = json::decode(r#"{"n": "hi", "b": true}"#)?;
/// let source = r#"{{printf "%05.1f|%x" 3.14159 .n}}"#;
/// assert_eq!(render_str("t", source, Syntax::Go, &data, MissingKey::Default)?, "003.1|6869");
/// // Errors are worded as Go words them.
/// let err = render_str("t", "{{index .b 1}}", Syntax::Go, &data, MissingKey::Default);
/// assert_eq!(
///     err.unwrap_err().to_string(),
///     r#"template: t:1:2: executing "t" at <index .b 1>: error calling index: can't index item of type bool"#
/// );
/// # Ok::<(), gotemplate::Error>(())
/// ```
pub fn render_str(
    name: &str,
    source: &str,
    syntax: Syntax,
    data: &Value,
    missing: MissingKey,
) -> Result<String, Error> {
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

/// An error of template `name` with no position: `template: NAME: MESSAGE`.
fn unplaced(name: &str, kind: ErrorKind, message: &str) -> Error {
    Error::new(kind, format!("template: {name}: {message}")).named(name)
}

fn limit_error(name: &str, limit: Limit, message: &str) -> Error {
    unplaced(name, ErrorKind::Limit(limit), message)
}

fn exec_error(name: &str, go: &GoTemplate, err: &minijinja::Error) -> Error {
    let fault = find_fault(err);
    let site = err.range().and_then(|r| go.sites(name).site_at(r.start));
    let recursion = err.detail() == Some(MINIJINJA_RECURSION);
    match (site, fault) {
        (Some(site), Some(fault)) => {
            let node = match fault.blame {
                Blame::Format => site.format.as_ref().unwrap_or(&site.node),
                Blame::Call => &site.node,
            };
            format_exec(name, go, &site.template, node, &fault.message)
        }
        (Some(site), None) if recursion => {
            format_exec(name, go, &site.template, &site.node, RECURSION_MESSAGE)
                .beyond(Limit::TemplateDepth)
        }
        (_, None) if recursion => limit_error(name, Limit::TemplateDepth, &describe(err)),
        _ => unplaced(name, ErrorKind::Exec, &describe(err)),
    }
}

fn format_exec(name: &str, go: &GoTemplate, template: &str, node: &GoNode, message: &str) -> Error {
    let (line, col) = line_col(&go.source, node.pos);
    let message = format!(
        "template: {name}:{line}:{col}: executing {} at <{}>: {message}",
        quote(template),
        node.text
    );
    Error::new(ErrorKind::Exec, message)
        .named(name)
        .at(line, Some(col))
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

/// A minijinja error of a Jinja template, or one no Go site explains; `kind` says whether
/// it came from compiling or running.
fn jinja_error(name: &str, err: &minijinja::Error, kind: ErrorKind) -> Error {
    let error = match err.line() {
        Some(line) => {
            let message = format!("template: {name}:{line}: {}", describe(err));
            Error::new(kind, message).named(name).at(line, None)
        }
        None => unplaced(name, kind, &describe(err)),
    };
    if err.detail() == Some(MINIJINJA_RECURSION) {
        error.beyond(Limit::TemplateDepth)
    } else {
        error
    }
}

/// The lowering emits valid Jinja, so what fails here is one of the engine's limits.
fn lowering_error(name: &str, err: &minijinja::Error) -> Error {
    let message = format!(
        "the template is beyond the engine's limits ({}); simplify it (for example split \
         long pipelines with variables)",
        describe(err)
    );
    limit_error(name, Limit::Lowering, &message)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Go `source` rendered with no data under `limits`: its error.
    fn go_error(source: &str, limits: Limits) -> Error {
        let mut engine = Engine::new(MissingKey::Default);
        engine.set_limits(limits);
        engine
            .add("t", source, Syntax::Go)
            .and_then(|()| engine.render("t", &Value::from(())))
            .expect_err(source)
    }

    /// Each documented limit (fixtures/known-differences.md) fails with its own kind,
    /// which is how a comparison with Go (examples/difffuzz.rs) tells them from real
    /// differences; an error that only words itself like one is no limit.
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
                    "{{else if 1}}".repeat(crate::MAX_ELSE_IFS + 1)
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
            assert_eq!(error.limit(), Some(limit), "{}", error.message());
        }
        // Worded with every word a limit's message has, but Go's own error.
        let error = go_error(
            r#"{{template "exceeded the recursion limit: too many, too deeply"}}"#,
            some,
        );
        assert!(
            error.message().contains("not defined"),
            "{}",
            error.message()
        );
        assert_eq!(error.limit(), None, "{}", error.message());
    }

    #[test]
    fn budget_messages_end_with_the_hints() {
        let mut engine = Engine::new(MissingKey::Default);
        engine.set_limits(Limits {
            fuel: 1000,
            bytes: 10,
        });
        engine.set_budget_hints(BudgetHints {
            fuel: " (raise the fuel)",
            bytes: " (raise the bytes)",
        });
        let runaway =
            r#"{{define "a"}}{{template "a" .}}{{template "a" .}}{{end}}{{template "a"}}"#;
        engine.add("f", runaway, Syntax::Go).unwrap();
        engine
            .add("b", "{{printf \"%100d\" 1}}", Syntax::Go)
            .unwrap();
        let fuel = engine.render("f", &Value::from(())).unwrap_err();
        assert!(
            fuel.message().ends_with("1000 steps (raise the fuel)"),
            "{fuel}"
        );
        let bytes = engine.render("b", &Value::from(())).unwrap_err();
        assert!(
            bytes.message().ends_with("10 bytes (raise the bytes)"),
            "{bytes}"
        );
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
