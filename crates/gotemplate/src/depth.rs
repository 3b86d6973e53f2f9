//! A pre-scan that keeps expressions within what minijinja's compiler can handle.
//!
//! minijinja parses operator chains (`a + b + …`, `not not …`, `x.a.a…`, `x|f|f…`) in
//! loops, but compiles, evaluates and drops the resulting trees recursively, one stack
//! frame per level: a long enough chain overflows any stack. Its constant folding also
//! takes time quadratic in a chain's length (`1 ~ 1 ~ …`: 3 s for 5000 links). This scan
//! bounds the nesting depth of every tag from above before minijinja sees it, so the
//! engine thread's stack always suffices, and bounds the sum of the squared depths, so
//! compiling takes a few seconds at most.

use crate::error::{Error, ErrorKind, Limit};

/// The deepest expression a tag may hold. minijinja needs well under 4 KiB of stack per
/// level, so this stays far inside the engine thread's stack.
pub const MAX_EXPR_DEPTH: usize = 5_000;

/// The most the squared depths of a template's tags may add up to.
const MAX_DEPTH_SQUARES: usize = MAX_EXPR_DEPTH * MAX_EXPR_DEPTH;

/// The most `{% elif %}` a template may hold: minijinja nests each in the one before.
pub const MAX_ELIFS: usize = 2 * MAX_EXPR_DEPTH;

/// What a too deep expression reports.
const TOO_DEEP: &str = "expression nesting too deep";

/// Fails when the tags of the Jinja `source` may nest too deep (see the module
/// documentation). For a lowered Go template, `go_source` is the original, and the
/// message speaks of its actions.
pub fn check(name: &str, source: &str, go_source: Option<&str>) -> Result<(), Error> {
    let Some(at) = too_deep_at(source.as_bytes()) else {
        return Ok(());
    };
    let error =
        |message: String| Error::new(ErrorKind::Limit(Limit::ExpressionDepth), message).named(name);
    Err(match go_source {
        // The lowering does not map every byte back; the template as a whole is named.
        Some(_) => error(format!(
            "template: {name}: {TOO_DEEP}: an action nests more than {MAX_EXPR_DEPTH} \
             operations (fewer when several actions nest deeply); split it up"
        )),
        None => {
            let line = 1 + source.as_bytes()[..at]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            error(format!(
                "template: {name}:{line}: {TOO_DEEP}: more than {MAX_EXPR_DEPTH} nested \
                 operators in one tag (fewer when several tags nest deeply), or more than \
                 {MAX_ELIFS} elifs; split it up"
            ))
            .at(line, None)
        }
    })
}

/// The byte offset where some tag first passes [`MAX_EXPR_DEPTH`], or where the
/// template passes [`MAX_ELIFS`].
fn too_deep_at(src: &[u8]) -> Option<usize> {
    let mut i = 0;
    let mut elifs = 0;
    let mut squares = 0usize;
    while i + 1 < src.len() {
        match (src[i], src[i + 1]) {
            (b'{', b'#') => i = find(src, i + 2, b"#}").map_or(src.len(), |e| e + 2),
            (b'{', b'{' | b'%') => {
                let word = src[i + 2..]
                    .iter()
                    .position(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'-' | b'+'))
                    .map(|p| i + 2 + p);
                if src[i + 1] == b'%' && word.is_some_and(|w| src[w..].starts_with(b"elif")) {
                    elifs += 1;
                    if elifs > MAX_ELIFS {
                        return Some(i);
                    }
                }
                let close = if src[i + 1] == b'{' { b'}' } else { b'%' };
                let (end, depth) = scan_tag(src, i + 2, close);
                squares += depth * depth;
                if depth > MAX_EXPR_DEPTH || squares > MAX_DEPTH_SQUARES {
                    return Some(i);
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    None
}

fn find(src: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    src.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// Scans one tag from `start` to its closing `close}`: returns where the tag ends and
/// its depth, or where the depth passes [`MAX_EXPR_DEPTH`]. The depth counted is the
/// number of open brackets plus the operators applied at each bracket level since its
/// last comma, which bounds the depth of the tree minijinja builds.
fn scan_tag(src: &[u8], start: usize, close: u8) -> (usize, usize) {
    let mut deepest = 0;
    // Operators counted at each open bracket level; the bottom level is the tag.
    let mut levels: Vec<usize> = vec![0];
    let mut total = 0usize;
    let mut i = start;
    while i < src.len() {
        let b = src[i];
        match b {
            b'"' | b'\'' => {
                i = skip_string(src, i);
                continue;
            }
            b if b == close && src.get(i + 1) == Some(&b'}') && levels.len() == 1 => {
                return (i + 2, deepest);
            }
            b'(' | b'[' | b'{' => {
                *levels.last_mut().expect("never empty") += 1;
                levels.push(1);
                total += 2;
            }
            b')' | b']' | b'}' if levels.len() > 1 => {
                total -= levels.pop().expect("more than one");
            }
            b',' => {
                let top = levels.last_mut().expect("never empty");
                total -= *top;
                *top = 0;
            }
            b'-' | b'+' | b'~' | b'.' | b'|' | b'*' | b'/' | b'%' | b'<' | b'>' | b'=' | b'!' => {
                *levels.last_mut().expect("never empty") += 1;
                total += 1;
            }
            b if b.is_ascii_alphabetic() || b == b'_' => {
                let end = i + src[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
                    .count();
                if matches!(
                    &src[i..end],
                    b"not" | b"and" | b"or" | b"is" | b"if" | b"in"
                ) {
                    *levels.last_mut().expect("never empty") += 1;
                    total += 1;
                }
                i = end;
                continue;
            }
            _ => {}
        }
        deepest = deepest.max(total);
        if total > MAX_EXPR_DEPTH {
            return (i, total);
        }
        i += 1;
    }
    (src.len(), deepest)
}

/// The index after the string literal that starts at `i`.
fn skip_string(src: &[u8], i: usize) -> usize {
    let quote = src[i];
    let mut j = i + 1;
    while j < src.len() {
        match src[j] {
            b'\\' => j += 2,
            c if c == quote => return j + 1,
            _ => j += 1,
        }
    }
    src.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_ok(src: &str) -> bool {
        too_deep_at(src.as_bytes()).is_none()
    }

    #[test]
    fn chains_past_the_limit_are_refused() {
        let n = MAX_EXPR_DEPTH + 1;
        for chain in [
            format!("{{{{ {}1 }}}}", "not ".repeat(n)),
            format!("{{{{ 1{} }}}}", "+1".repeat(n)),
            format!("{{{{ x{} }}}}", ".a".repeat(n)),
            format!("{{{{ x{} }}}}", "[0]".repeat(n)),
            format!("{{{{ 1{} }}}}", "|abs".repeat(n)),
            format!("{{% if {}1 %}}{{% endif %}}", "-".repeat(n)),
            format!("{{{{ {}1{} }}}}", "(".repeat(n), ")".repeat(n)),
            format!("{{% if 0 %}}{}{{% endif %}}", "{% elif 0 %}".repeat(2 * n)),
        ] {
            assert!(!depth_ok(&chain), "{}", &chain[..20]);
        }
    }

    #[test]
    fn deep_tags_add_up() {
        let tag = format!("{{{{ 1{} }}}}", "~1".repeat(MAX_EXPR_DEPTH / 2));
        assert!(depth_ok(&tag.repeat(4)));
        assert!(!depth_ok(&tag.repeat(5)));
    }

    #[test]
    fn wide_is_not_deep() {
        let list = vec!["x.a"; 3 * MAX_EXPR_DEPTH].join(", ");
        assert!(depth_ok(&format!("{{{{ f({list}) }}}} {{{{ [{list}] }}}}")));
        // Text, comments and strings are not expressions.
        let dots = ".".repeat(3 * MAX_EXPR_DEPTH);
        assert!(depth_ok(&format!("{dots}{{# {dots} #}}{{{{ '{dots}' }}}}")));
        assert!(depth_ok(&"{{ 1 }}".repeat(MAX_EXPR_DEPTH)));
    }

    #[test]
    fn the_error_names_template_and_line() {
        let src = format!("ok\n{{{{ {}1 }}}}", "-".repeat(MAX_EXPR_DEPTH + 1));
        let err = check("t.j2", &src, None).unwrap_err();
        assert_eq!(
            err.message(),
            format!(
                "template: t.j2:2: expression nesting too deep: more than {MAX_EXPR_DEPTH} \
                 nested operators in one tag (fewer when several tags nest deeply), or more \
                 than {MAX_ELIFS} elifs; split it up"
            )
        );
    }
}
