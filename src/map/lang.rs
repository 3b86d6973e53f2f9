//! The languages the map knows: file extensions, tree-sitter grammars, and one query per
//! language kept as data in `queries/<name>.scm`.
//!
//! A query uses these captures (anything else, such as `@_x` for predicates, is ignored):
//! - `@definition.class`, `.function`, `.method`, `.property`, `.variable`: the node of a
//!   definition, with `@name` (its name) and optionally `@params` (its parameter list),
//!   `@returns` (its return type) and `@owner` (the type a method outside its class
//!   belongs to: a Go receiver, a C++ `Type::method`) in the same match;
//! - `@definition.impl`: a Rust `impl` block, `@name` the type it implements;
//! - `@definition.instance`: an instance variable (`self.x = …`), kept on its class;
//! - `@param`: a parameter's name, given to the definition whose `@params` list is the
//!   nearest list above it;
//! - `@base`: a base class, given to the nearest definition above it;
//! - `@import`: a module, path or header as written (quotes are stripped);
//! - `@reference`: an identifier used (a call, a type).

use std::sync::OnceLock;

use tree_sitter::{Language, Query};

/// One language: its name, its grammar and its query.
pub struct Lang {
    pub name: &'static str,
    pub extensions: &'static [&'static str],
    grammar: fn() -> Language,
    source: &'static str,
    query: OnceLock<Result<Query, String>>,
}

impl Lang {
    /// The query's text.
    pub fn source(&self) -> &'static str {
        self.source
    }

    pub fn grammar(&self) -> Language {
        (self.grammar)()
    }

    /// The compiled query; an error names the language and the query's fault.
    pub fn query(&self) -> Result<&Query, &str> {
        self.query
            .get_or_init(|| {
                Query::new(&self.grammar(), self.source).map_err(|e| format!("{}: {e}", self.name))
            })
            .as_ref()
            .map_err(String::as_str)
    }
}

/// A language whose query is the concatenation of `queries/<file>.scm` for each file.
macro_rules! lang {
    ($name:literal, [$($ext:literal),*], $grammar:expr, [$($file:literal),*]) => {
        Lang {
            name: $name,
            extensions: &[$($ext),*],
            grammar: || $grammar.into(),
            source: concat!($(include_str!(concat!("queries/", $file, ".scm")), "\n"),*),
            query: OnceLock::new(),
        }
    };
}

/// Every language, in the order.
pub static LANGS: [Lang; 10] = [
    lang!("rust", ["rs"], tree_sitter_rust::LANGUAGE, ["rust"]),
    lang!(
        "python",
        ["py", "pyi", "pyw"],
        tree_sitter_python::LANGUAGE,
        ["python"]
    ),
    lang!("go", ["go"], tree_sitter_go::LANGUAGE, ["go"]),
    lang!(
        "javascript",
        ["js", "jsx", "mjs", "cjs"],
        tree_sitter_javascript::LANGUAGE,
        ["ecmascript", "javascript"]
    ),
    lang!(
        "typescript",
        ["ts", "mts", "cts"],
        tree_sitter_typescript::LANGUAGE_TYPESCRIPT,
        ["ecmascript", "typescript"]
    ),
    lang!(
        "tsx",
        ["tsx"],
        tree_sitter_typescript::LANGUAGE_TSX,
        ["ecmascript", "typescript"]
    ),
    lang!("java", ["java"], tree_sitter_java::LANGUAGE, ["java"]),
    lang!("c", ["c", "h"], tree_sitter_c::LANGUAGE, ["c-common"]),
    lang!(
        "cpp",
        ["cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "h++", "ipp"],
        tree_sitter_cpp::LANGUAGE,
        ["c-common", "cpp"]
    ),
    lang!("csharp", ["cs"], tree_sitter_c_sharp::LANGUAGE, ["csharp"]),
];

/// The language of a path, by its extension.
pub fn for_path(path: &str) -> Option<&'static Lang> {
    let name = path.rsplit('/').next().unwrap_or(path);
    let (_, ext) = name.rsplit_once('.')?;
    let ext = ext.to_ascii_lowercase();
    LANGS.iter().find(|l| l.extensions.contains(&ext.as_str()))
}

/// The `'static` name of a language, for data read back from the cache.
pub fn name(name: &str) -> Option<&'static str> {
    LANGS.iter().map(|l| l.name).find(|n| *n == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_query_compiles() {
        for l in &LANGS {
            if let Err(e) = l.query() {
                panic!("{e}");
            }
        }
    }

    #[test]
    fn extensions_pick_languages() {
        assert_eq!(for_path("src/a.rs").map(|l| l.name), Some("rust"));
        assert_eq!(for_path("x/Y.TSX").map(|l| l.name), Some("tsx"));
        assert_eq!(for_path("Makefile").map(|l| l.name), None);
        assert_eq!(for_path("a.d/b").map(|l| l.name), None);
    }
}
