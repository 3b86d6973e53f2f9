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

use std::collections::HashSet;
use std::sync::OnceLock;

use tree_sitter::{Language, Query};

use super::grammars;

/// One language: its name, its grammar and its query.
pub struct Lang {
    pub name: &'static str,
    pub extensions: &'static [&'static str],
    grammar: fn() -> Language,
    source: &'static str,
    query: OnceLock<Result<Compiled, String>>,
}

/// A language's query, and the node kinds its patterns start at.
pub struct Compiled {
    pub query: Query,
    /// Indexed by node kind id: whether some pattern is rooted at nodes of that kind.
    /// `None` when a pattern has no single named root (a wildcard, an alternation, or
    /// siblings), so only a query over the whole tree finds every match.
    pub roots: Option<Vec<bool>>,
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
    pub fn query(&self) -> Result<&Compiled, &str> {
        self.query
            .get_or_init(|| {
                let grammar = self.grammar();
                let query =
                    Query::new(&grammar, self.source).map_err(|e| format!("{}: {e}", self.name))?;
                let roots = pattern_roots(&grammar, &query, self.source);
                Ok(Compiled { query, roots })
            })
            .as_ref()
            .map_err(String::as_str)
    }
}

/// Which node kinds the query's patterns are rooted at (see [`Compiled::roots`]). A
/// kind's name can belong to several ids (aliases), so every id with the name counts.
fn pattern_roots(grammar: &Language, query: &Query, source: &str) -> Option<Vec<bool>> {
    let mut names = HashSet::new();
    for i in 0..query.pattern_count() {
        if !query.is_pattern_rooted(i) {
            return None;
        }
        // `(kind …)`, or `((kind …) (#predicate …))`.
        let rest = source[query.start_byte_for_pattern(i)..]
            .trim_start_matches(|c: char| c == '(' || c.is_whitespace());
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        match &rest[..end] {
            "" | "_" => return None,
            kind => names.insert(kind),
        };
    }
    let kinds = u16::try_from(grammar.node_kind_count()).ok()?;
    Some(
        (0..kinds)
            .map(|id| {
                grammar
                    .node_kind_for_id(id)
                    .is_some_and(|k| names.contains(k))
            })
            .collect(),
    )
}

/// A language whose query is the concatenation of `queries/<file>.scm` for each file.
macro_rules! lang {
    ($name:literal, [$($ext:literal),*], $grammar:expr, [$($file:literal),*]) => {
        Lang {
            name: $name,
            extensions: &[$($ext),*],
            grammar: $grammar,
            source: concat!($(include_str!(concat!("queries/", $file, ".scm")), "\n"),*),
            query: OnceLock::new(),
        }
    };
}

/// Every language, in the order.
pub static LANGS: [Lang; 10] = [
    lang!("rust", ["rs"], grammars::tree_sitter_rust, ["rust"]),
    lang!(
        "python",
        ["py", "pyi", "pyw"],
        grammars::tree_sitter_python,
        ["python"]
    ),
    lang!("go", ["go"], grammars::tree_sitter_go, ["go"]),
    lang!(
        "javascript",
        ["js", "jsx", "mjs", "cjs"],
        grammars::tree_sitter_javascript,
        ["ecmascript", "javascript"]
    ),
    lang!(
        "typescript",
        ["ts", "mts", "cts"],
        grammars::tree_sitter_typescript,
        ["ecmascript", "typescript"]
    ),
    lang!(
        "tsx",
        ["tsx"],
        grammars::tree_sitter_tsx,
        ["ecmascript", "typescript"]
    ),
    lang!("java", ["java"], grammars::tree_sitter_java, ["java"]),
    lang!("c", ["c", "h"], grammars::tree_sitter_c, ["c-common"]),
    lang!(
        "cpp",
        ["cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "h++", "ipp"],
        grammars::tree_sitter_cpp,
        ["c-common", "cpp"]
    ),
    lang!("csharp", ["cs"], grammars::tree_sitter_c_sharp, ["csharp"]),
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
    fn every_query_compiles_with_named_roots() {
        for l in &LANGS {
            match l.query() {
                Ok(compiled) => assert!(compiled.roots.is_some(), "{}", l.name),
                Err(e) => panic!("{e}"),
            }
        }
    }

    #[test]
    fn roots_are_the_kinds_patterns_start_at() {
        let grammar: Language = tree_sitter_rust::LANGUAGE.into();
        let source = "((call_expression) @c (#eq? @c \"x\"))\n(struct_item) @s\n";
        let query = Query::new(&grammar, source).unwrap();
        let roots = pattern_roots(&grammar, &query, source).unwrap();
        let named: HashSet<&str> = (0..roots.len() as u16)
            .filter(|&id| roots[id as usize])
            .filter_map(|id| grammar.node_kind_for_id(id))
            .collect();
        assert_eq!(named, HashSet::from(["call_expression", "struct_item"]));
        for rootless in ["(_) @x", "[(struct_item) (enum_item)] @x"] {
            let query = Query::new(&grammar, rootless).unwrap();
            assert_eq!(
                pattern_roots(&grammar, &query, rootless),
                None,
                "{rootless}"
            );
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
