//! Go's `text/template`, byte for byte, on [minijinja].
//!
//! Go sources are parsed by a port of Go's own parser (Go 1.19's `text/template/parse`,
//! with its error messages) and lowered to Jinja; Go's builtins (`printf`, `index`,
//! `slice`, `html`, `js`, `call`, the comparisons, ...) and its printing rules (`fmt`'s
//! verbs, flags and widths, `strconv`'s float formatting) run as minijinja functions. A
//! template renders what Go renders, or fails with the message Go prints. Jinja sources
//! render as plain minijinja, with trailing newlines kept and no escaping.
//!
//! - [`parse`] and [`convert`]: a Go template's parse tree, and its Jinja translation.
//! - [`Engine`] and [`render_str`]: rendering with Go's semantics.
//! - [`json::decode`]: JSON decoded into Go's data model (`encoding/json` into
//!   `interface{}` with `UseNumber`, integral numbers as `int`), so that `1e400`, lone
//!   surrogates or deep nesting print as Go prints them.
//!
//! ```
//! use gotemplate::{json, render_str, MissingKey, Syntax};
//!
//! let data = json::decode(r#"{"Items": ["a", "b"], "Pi": 3.14159}"#)?;
//! let source = r#"{{range $i, $x := .Items}}{{if $i}}, {{end}}{{$x}}{{end}}: {{len .Items}} {{printf "%.2f" .Pi}} {{.Pi}}"#;
//! let out = render_str("list", source, Syntax::Go, &data, MissingKey::Default)?;
//! assert_eq!(out, "a, b: 2 3.14 3.14159");
//! # Ok::<(), gotemplate::Error>(())
//! ```
//!
//! Where it differs from Go (limits Go does not have, each failing with its own
//! [`Limit`]) is listed in the crate's README.
//!
//! The default feature `render` holds the engine; without it, the crate is the parser and
//! the lowering alone (a build script that converts templates ahead of time needs no more).

#![warn(missing_docs)]
// Without the engine, parts of the parser and of strconv that only the engine reads are
// unused.
#![cfg_attr(not(feature = "render"), allow(dead_code))]

mod error;
mod go;
mod guard;
mod strconv;

#[cfg(feature = "render")]
mod budget;
#[cfg(feature = "render")]
mod builtins;
#[cfg(feature = "render")]
mod depth;
#[cfg(feature = "render")]
mod engine;
#[cfg(feature = "render")]
mod escape;
#[cfg(feature = "render")]
mod filters;
#[cfg(feature = "render")]
mod gofmt;
#[cfg(feature = "render")]
pub mod json;
#[cfg(feature = "render")]
mod measure;
#[cfg(feature = "render")]
mod meter;
#[cfg(all(test, feature = "render"))]
mod printf_roundtrip;
#[cfg(all(test, feature = "render"))]
mod test_values;
#[cfg(feature = "render")]
pub mod value;

pub use error::{Error, ErrorKind, Limit};

// The README's example runs as a doc test.
#[cfg(all(doctest, feature = "render"))]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
pub use guard::with_engine_stack;

#[cfg(feature = "render")]
pub use builtins::MissingKey;
#[cfg(feature = "render")]
pub use depth::MAX_EXPR_DEPTH;
#[cfg(feature = "render")]
pub use engine::{
    render_str, BudgetHints, Engine, Limits, Syntax, DEFAULT_BYTES, DEFAULT_FUEL, GO_EXTENSIONS,
    JINJA_EXTENSIONS, MAX_TEMPLATE_DEPTH,
};
#[cfg(feature = "render")]
pub use meter::{cap as memory_cap, last_peak, Metered};

/// The minijinja this crate runs on, for building the data templates see
/// ([`Engine::render`] and [`render_str`] take a [`Value`]).
///
/// The crate depends on exactly minijinja 3.1.0 (`=3.1.0`): byte-identical output with Go
/// rests on details a minor release of minijinja may change, such as its parser's limits
/// (nested calls, arguments per call), which the lowering stays within, the recursion of
/// its compiler, which [`MAX_EXPR_DEPTH`] bounds, the fuel each instruction costs, which
/// [`Limits::fuel`] counts, the text its builtins and JSON writer produce, which the
/// byte budget measures before they build it, and the wording of the errors the engine
/// recognises (its recursion limit's). Use this re-export (or [`Value`]) rather
/// than a minijinja dependency of your own, so that the two versions cannot differ.
#[cfg(feature = "render")]
pub use minijinja;
/// The value a template renders: Go's data model held in minijinja's [`minijinja::Value`]
/// (see [`value`] and [`json::decode`]).
#[cfg(feature = "render")]
pub use minijinja::Value;

/// The deepest nesting of control structures plus parenthesised pipelines the parser
/// accepts ([`Limit::Nesting`]).
pub use go::parse::MAX_DEPTH as MAX_NESTING;
/// The longest `{{else if}}` chain the parser accepts ([`Limit::ElseIfChain`]).
pub use go::parse::MAX_ELSE_IFS;

use go::lower::{lower, Lowered, GO_BUILTINS};

/// A parsed Go template: its main body and the templates it defines.
#[derive(Debug, Clone)]
pub struct Parsed {
    tree: go::ast::Tree,
}

impl Parsed {
    /// The name it was parsed under.
    pub fn name(&self) -> &str {
        &self.tree.name
    }

    /// The names of the templates it defines (`{{define}}`, `{{block}}`), in source order.
    pub fn defines(&self) -> impl Iterator<Item = &str> {
        self.tree.defines.iter().map(|d| d.name.as_str())
    }

    /// The Jinja translation: the source an [`Engine`] compiles for it. It reads Go's dot
    /// from the variable `__data__` and calls the engine's Go builtins, so it renders as
    /// Go would only in an engine.
    pub fn to_jinja(&self) -> String {
        lower(&self.tree).source
    }
}

/// Parses Go template `source` as Go's parser does, under `name` (which messages use),
/// with Go's builtin functions defined.
///
/// ```
/// let parsed = gotemplate::parse("page", r#"{{define "row"}}<{{.}}>{{end}}{{range .}}{{template "row" .}}{{end}}"#)?;
/// assert_eq!(parsed.defines().collect::<Vec<_>>(), ["row"]);
/// let error = gotemplate::parse("page", "{{if .}}\n{{end").unwrap_err();
/// assert_eq!(error.to_string(), "template: page:2: unclosed action");
/// assert_eq!((error.name(), error.line()), (Some("page"), Some(2)));
/// # Ok::<(), gotemplate::Error>(())
/// ```
pub fn parse(name: &str, source: &str) -> Result<Parsed, Error> {
    let tree = go::parse::parse(name, source, &|f| GO_BUILTINS.contains(&f))?;
    Ok(Parsed { tree })
}

/// Parses and lowers a Go template: its Jinja source and error sites.
fn lower_go(name: &str, source: &str) -> Result<Lowered, Error> {
    Ok(lower(&parse(name, source)?.tree))
}

/// The Jinja translation of Go template `source` ([`Parsed::to_jinja`]), guarded: deep
/// input gets the stack it needs, and a panic is an error naming the template.
///
/// ```
/// let jinja = gotemplate::convert("t", "{{if .A}}{{.A}}{{end}}")?;
/// assert!(jinja.contains("{% if"));
/// # Ok::<(), gotemplate::Error>(())
/// ```
pub fn convert(name: &str, source: &str) -> Result<String, Error> {
    guard::guarded(name, || Ok(lower_go(name, source)?.source))
}
