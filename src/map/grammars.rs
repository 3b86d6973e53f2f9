//! The tree-sitter grammars. build.rs (`build/grammars.rs`) links each grammar with its
//! integer tables empty and puts the tables in compressed: 1 MB for the ten grammars
//! where they were 14. A grammar's tables are expanded into place the first time the
//! grammar is asked for, which costs a few milliseconds (C#, the largest, 5 MB).

#[cfg(asimi_packed_grammars)]
mod packed {
    use std::sync::Once;

    /// A table's place, as build.rs's C lists them.
    #[repr(C)]
    struct Table {
        at: *mut u8,
        size: usize,
    }

    /// A grammar whose tables are compressed.
    struct Packed {
        language: unsafe extern "C" fn() -> *const (),
        tables: unsafe extern "C" fn() -> *const Table,
        /// One zlib stream per table, in the order of `tables`.
        blobs: &'static [&'static [u8]],
        expanded: Once,
    }

    impl Packed {
        fn language(&self) -> tree_sitter::Language {
            self.expanded.call_once(|| {
                // SAFETY: `tables` lists `blobs.len()` tables of this grammar, each a
                // static array nothing reads before this `Once` completes, and only
                // this `Once` writes.
                for (i, blob) in self.blobs.iter().enumerate() {
                    let table = unsafe {
                        let t = &*(self.tables)().add(i);
                        std::slice::from_raw_parts_mut(t.at, t.size)
                    };
                    let size = table.len();
                    let expanded = miniz_oxide::inflate::decompress_slice_iter_to_slice(
                        table,
                        std::iter::once(*blob),
                        true,
                        false,
                    );
                    assert_eq!(expanded, Ok(size), "a grammar table built into the binary");
                }
            });
            // SAFETY: the function build.rs compiled returns the grammar's language.
            unsafe { tree_sitter_language::LanguageFn::from_raw(self.language) }.into()
        }
    }

    include!(concat!(env!("OUT_DIR"), "/grammars.rs"));
}

#[cfg(asimi_packed_grammars)]
pub use packed::*;

/// Without the grammars' sources (see build.rs), the grammar crates as they are.
#[cfg(not(asimi_packed_grammars))]
mod crates {
    use tree_sitter::Language;

    macro_rules! from_crates {
        ($($function:ident: $language:expr),* $(,)?) => {
            $(pub fn $function() -> Language { $language.into() })*
        };
    }

    from_crates! {
        tree_sitter_rust: tree_sitter_rust::LANGUAGE,
        tree_sitter_python: tree_sitter_python::LANGUAGE,
        tree_sitter_go: tree_sitter_go::LANGUAGE,
        tree_sitter_javascript: tree_sitter_javascript::LANGUAGE,
        tree_sitter_typescript: tree_sitter_typescript::LANGUAGE_TYPESCRIPT,
        tree_sitter_tsx: tree_sitter_typescript::LANGUAGE_TSX,
        tree_sitter_java: tree_sitter_java::LANGUAGE,
        tree_sitter_c: tree_sitter_c::LANGUAGE,
        tree_sitter_cpp: tree_sitter_cpp::LANGUAGE,
        tree_sitter_c_sharp: tree_sitter_c_sharp::LANGUAGE,
    }
}

#[cfg(not(asimi_packed_grammars))]
pub use crates::*;

#[cfg(test)]
mod tests {
    use tree_sitter::{Language, Parser};

    /// A packed grammar, its crate's, and a sample of its language.
    type Sample = (fn() -> Language, Language, &'static str);

    /// CI builds with the grammars' sources in Cargo's registry: there the tables must
    /// have been packed, or the binary silently grows by 13 MB.
    #[test]
    fn ci_builds_pack_the_grammars() {
        let packed = cfg!(asimi_packed_grammars);
        if std::env::var_os("CI").is_some() {
            assert!(packed, "see build.rs's warning");
        }
    }

    /// A packed grammar parses as its crate's does: every grammar, on a sample of its
    /// language, to the same tree.
    #[test]
    fn packed_grammars_parse_as_their_crates_do() {
        let samples: [Sample; 10] = [
            (
                super::tree_sitter_rust,
                tree_sitter_rust::LANGUAGE.into(),
                "fn main() { let x: Vec<u8> = vec![1]; }",
            ),
            (
                super::tree_sitter_python,
                tree_sitter_python::LANGUAGE.into(),
                "class A:\n    def f(self, x=1):\n        return [y for y in x]\n",
            ),
            (
                super::tree_sitter_go,
                tree_sitter_go::LANGUAGE.into(),
                "package p\nfunc F(a int) (int, error) { return a, nil }\n",
            ),
            (
                super::tree_sitter_javascript,
                tree_sitter_javascript::LANGUAGE.into(),
                "export const f = async (a) => `x${a}`; class B extends A {}",
            ),
            (
                super::tree_sitter_typescript,
                tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
                "interface I<T> { f(a: T): Promise<void> }\nenum E { A = 1 }",
            ),
            (
                super::tree_sitter_tsx,
                tree_sitter_typescript::LANGUAGE_TSX.into(),
                "const C = (p: P) => <div className=\"x\">{p.a}</div>;",
            ),
            (
                super::tree_sitter_java,
                tree_sitter_java::LANGUAGE.into(),
                "public class A<T> implements B { @Override int f(int x) { return x; } }",
            ),
            (
                super::tree_sitter_c,
                tree_sitter_c::LANGUAGE.into(),
                "#include \"a.h\"\nstatic int f(const char *s) { return s[0]; }\n",
            ),
            (
                super::tree_sitter_cpp,
                tree_sitter_cpp::LANGUAGE.into(),
                "template <typename T> class A : public B { T f() const override; };",
            ),
            (
                super::tree_sitter_c_sharp,
                tree_sitter_c_sharp::LANGUAGE.into(),
                "namespace N { public record R(int A); class C { int P { get; set; } } }",
            ),
        ];
        for (packed, original, source) in samples {
            let tree = |language: &Language| {
                let mut parser = Parser::new();
                parser.set_language(language).unwrap();
                parser.parse(source, None).unwrap().root_node().to_sexp()
            };
            let expected = tree(&original);
            assert!(!expected.contains("ERROR"), "{expected}");
            assert_eq!(tree(&packed()), expected, "{source}");
        }
    }
}
