//! The escaping builtins of Go 1.19's text/template (`html`, `js`,
//! `urlquery`) and the `evalArgs` helper that turns their arguments into one
//! string, ported from text/template/funcs.go and net/url.

use minijinja::value::Value;

use super::gofmt;
use super::strconv::is_print;
use super::value::{self, GoKind};

/// Go's `evalArgs`: a single string argument as is; otherwise `fmt.Sprint`
/// of the arguments, with invalid and nil ones replaced by the *string*
/// `<no value>` (which, being a string, gets no spaces around it).
pub fn eval_args(args: &[Value]) -> String {
    if let [arg] = args {
        if let Some(s) = value::as_str(arg) {
            return s.to_owned();
        }
    }
    if !args
        .iter()
        .any(|a| matches!(value::kind(a), GoKind::Invalid | GoKind::Nil))
    {
        return gofmt::sprint(args);
    }
    let printable: Vec<Value> = args
        .iter()
        .map(|a| match value::kind(a) {
            GoKind::Invalid | GoKind::Nil => Value::from("<no value>"),
            _ => a.clone(),
        })
        .collect();
    gofmt::sprint(&printable)
}

/// The `html` builtin: `HTMLEscapeString(evalArgs(args))` (as the builtins compose it).
#[cfg(test)]
pub fn html_escaper(args: &[Value]) -> String {
    html_escape(&eval_args(args))
}

/// The `js` builtin: `JSEscapeString(evalArgs(args))`.
#[cfg(test)]
pub fn js_escaper(args: &[Value]) -> String {
    js_escape(&eval_args(args))
}

/// The `urlquery` builtin: `url.QueryEscape(evalArgs(args))`.
#[cfg(test)]
pub fn url_query_escaper(args: &[Value]) -> String {
    query_escape(&eval_args(args))
}

/// Go's `template.HTMLEscapeString`.
pub fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    html_escape_into(&mut out, s);
    out
}

/// [`html_escape`] appending to `out`.  NUL becomes U+FFFD, and the
/// quotes use numeric references (`&#34;`, `&#39;`) as in Go.
pub fn html_escape_into(out: &mut String, s: &str) {
    let mut last = 0;
    for (i, b) in s.bytes().enumerate() {
        let rep = match b {
            b'\0' => "\u{FFFD}",
            b'"' => "&#34;",
            b'\'' => "&#39;",
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            _ => continue,
        };
        out.push_str(&s[last..i]);
        out.push_str(rep);
        last = i + 1;
    }
    out.push_str(&s[last..]);
}

/// Go's `template.JSEscapeString`.
pub fn js_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    js_escape_into(&mut out, s);
    out
}

/// [`js_escape`] appending to `out`: quotes, backslash, `<>&=` and
/// control characters become escapes; non-ASCII runes stay unless not
/// printable, which become `\uXXXX` (uppercase hex, at least four digits).
pub fn js_escape_into(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut last = 0;
    for (i, c) in s.char_indices() {
        let special = matches!(c, '\\' | '\'' | '"' | '<' | '>' | '&' | '=') || c < ' ';
        if !(special || (!c.is_ascii() && !is_print(c))) {
            continue;
        }
        out.push_str(&s[last..i]);
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '"' => out.push_str("\\\""),
            '<' => out.push_str("\\u003C"),
            '>' => out.push_str("\\u003E"),
            '&' => out.push_str("\\u0026"),
            '=' => out.push_str("\\u003D"),
            _ if c.is_ascii() => {
                let b = c as u8;
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 15)]));
            }
            _ => {
                use std::fmt::Write as _;
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
        }
        last = i + c.len_utf8();
    }
    out.push_str(&s[last..]);
}

/// Go's `url.QueryEscape`.
pub fn query_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    query_escape_into(&mut out, s);
    out
}

/// [`query_escape`] appending to `out`: alphanumerics and `-_.~` stay,
/// space becomes `+`, every other byte `%XX`.
pub fn query_escape_into(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for b in s.bytes() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(char::from(b));
            }
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 15)]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_values::*;

    #[test]
    fn builtins_match_go() {
        let mut failures = Vec::new();
        let cases = go_cases();
        for (kind, args, want) in &cases {
            let got = match *kind {
                "eval" => eval_args(args),
                "html" => html_escaper(args),
                "js" => js_escaper(args),
                "url" => url_query_escaper(args),
                _ => unreachable!("unknown kind {kind}"),
            };
            if got != *want {
                failures.push(format!("{kind}({args:?})\n   got {got:?}\n  want {want:?}"));
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {} failed:\n{}",
            failures.len(),
            cases.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn documented_examples() {
        assert_eq!(
            js_escape("a'b\"c<>&=\n\t\u{2028}é"),
            "a\\'b\\\"c\\u003C\\u003E\\u0026\\u003D\\u000A\\u0009\\u2028é"
        );
        assert_eq!(html_escape("\0<'\">&"), "\u{FFFD}&lt;&#39;&#34;&gt;&amp;");
        assert_eq!(query_escape("a b&c=d/é~*"), "a+b%26c%3Dd%2F%C3%A9~%2A");
        assert_eq!(js_escape("\u{e0001}"), "\\uE0001");
        assert_eq!(html_escaper(&[i(1), undef(), i(2)]), "1&lt;no value&gt;2");
    }

    #[test]
    fn escapers_append() {
        let mut out = String::from("<");
        html_escape_into(&mut out, "&");
        js_escape_into(&mut out, "=");
        query_escape_into(&mut out, " ");
        assert_eq!(out, "<&amp;\\u003D+");
    }

    /// Expected outputs generated with Go 1.19: text/template's HTMLEscaper,
    /// JSEscaper and URLQueryEscaper, and evalArgs (copied from funcs.go).
    #[rustfmt::skip]
    fn go_cases() -> Vec<(&'static str, Vec<Value>, &'static str)> {
        vec![
("eval", vec![], ""),
("eval", vec![i(1), i(2)], "1 2"),
("eval", vec![s("a"), s("b")], "ab"),
("eval", vec![i(1), s("a"), i(2)], "1a2"),
("eval", vec![s("a"), i(1), i(2), s("b")], "a1 2b"),
("eval", vec![nil(), nil()], "<no value><no value>"),
("eval", vec![undef(), i(1)], "<no value>1"),
("eval", vec![s(""), i(1), s("")], "1"),
("eval", vec![f("1.5"), b(true), nil()], "1.5 true<no value>"),
("eval", vec![seq(vec![i(1), s("a")]), map(vec![("k", nil())])], "[1 a] map[k:<nil>]"),
("eval", vec![cx("1", "2"), s("x"), f("1e+06")], "(1+2i)x1e+06"),
("eval", vec![f("-0"), f("NaN"), f("-Inf")], "-0 NaN -Inf"),
("eval", vec![s("x"), nil(), s("y")], "x<no value>y"),
("eval", vec![f("123456"), f("1.234567e+06"), f("1.23456789e+08"), f("1e-05"), f("0.0001"), f("100"), f("1e+20"), f("1e+21")], "123456 1.234567e+06 1.23456789e+08 1e-05 0.0001 100 1e+20 1e+21"),
("eval", vec![seq(vec![nil(), undef(), seq(vec![]), map(vec![])])], "[<nil> <nil> [] map[]]"),
("html", vec![], ""),
("html", vec![i(1), i(2)], "1 2"),
("html", vec![s("a"), s("b")], "ab"),
("html", vec![i(1), s("a"), i(2)], "1a2"),
("html", vec![s("a"), i(1), i(2), s("b")], "a1 2b"),
("html", vec![nil(), nil()], "&lt;no value&gt;&lt;no value&gt;"),
("html", vec![undef(), i(1)], "&lt;no value&gt;1"),
("html", vec![s(""), i(1), s("")], "1"),
("html", vec![f("1.5"), b(true), nil()], "1.5 true&lt;no value&gt;"),
("html", vec![seq(vec![i(1), s("a")]), map(vec![("k", nil())])], "[1 a] map[k:&lt;nil&gt;]"),
("html", vec![cx("1", "2"), s("x"), f("1e+06")], "(1+2i)x1e+06"),
("html", vec![f("-0"), f("NaN"), f("-Inf")], "-0 NaN -Inf"),
("html", vec![s("x"), nil(), s("y")], "x&lt;no value&gt;y"),
("html", vec![f("123456"), f("1.234567e+06"), f("1.23456789e+08"), f("1e-05"), f("0.0001"), f("100"), f("1e+20"), f("1e+21")], "123456 1.234567e+06 1.23456789e+08 1e-05 0.0001 100 1e+20 1e+21"),
("html", vec![seq(vec![nil(), undef(), seq(vec![]), map(vec![])])], "[&lt;nil&gt; &lt;nil&gt; [] map[]]"),
("js", vec![], ""),
("js", vec![i(1), i(2)], "1 2"),
("js", vec![s("a"), s("b")], "ab"),
("js", vec![i(1), s("a"), i(2)], "1a2"),
("js", vec![s("a"), i(1), i(2), s("b")], "a1 2b"),
("js", vec![nil(), nil()], "\\u003Cno value\\u003E\\u003Cno value\\u003E"),
("js", vec![undef(), i(1)], "\\u003Cno value\\u003E1"),
("js", vec![s(""), i(1), s("")], "1"),
("js", vec![f("1.5"), b(true), nil()], "1.5 true\\u003Cno value\\u003E"),
("js", vec![seq(vec![i(1), s("a")]), map(vec![("k", nil())])], "[1 a] map[k:\\u003Cnil\\u003E]"),
("js", vec![cx("1", "2"), s("x"), f("1e+06")], "(1+2i)x1e+06"),
("js", vec![f("-0"), f("NaN"), f("-Inf")], "-0 NaN -Inf"),
("js", vec![s("x"), nil(), s("y")], "x\\u003Cno value\\u003Ey"),
("js", vec![f("123456"), f("1.234567e+06"), f("1.23456789e+08"), f("1e-05"), f("0.0001"), f("100"), f("1e+20"), f("1e+21")], "123456 1.234567e+06 1.23456789e+08 1e-05 0.0001 100 1e+20 1e+21"),
("js", vec![seq(vec![nil(), undef(), seq(vec![]), map(vec![])])], "[\\u003Cnil\\u003E \\u003Cnil\\u003E [] map[]]"),
("url", vec![], ""),
("url", vec![i(1), i(2)], "1+2"),
("url", vec![s("a"), s("b")], "ab"),
("url", vec![i(1), s("a"), i(2)], "1a2"),
("url", vec![s("a"), i(1), i(2), s("b")], "a1+2b"),
("url", vec![nil(), nil()], "%3Cno+value%3E%3Cno+value%3E"),
("url", vec![undef(), i(1)], "%3Cno+value%3E1"),
("url", vec![s(""), i(1), s("")], "1"),
("url", vec![f("1.5"), b(true), nil()], "1.5+true%3Cno+value%3E"),
("url", vec![seq(vec![i(1), s("a")]), map(vec![("k", nil())])], "%5B1+a%5D+map%5Bk%3A%3Cnil%3E%5D"),
("url", vec![cx("1", "2"), s("x"), f("1e+06")], "%281%2B2i%29x1e%2B06"),
("url", vec![f("-0"), f("NaN"), f("-Inf")], "-0+NaN+-Inf"),
("url", vec![s("x"), nil(), s("y")], "x%3Cno+value%3Ey"),
("url", vec![f("123456"), f("1.234567e+06"), f("1.23456789e+08"), f("1e-05"), f("0.0001"), f("100"), f("1e+20"), f("1e+21")], "123456+1.234567e%2B06+1.23456789e%2B08+1e-05+0.0001+100+1e%2B20+1e%2B21"),
("url", vec![seq(vec![nil(), undef(), seq(vec![]), map(vec![])])], "%5B%3Cnil%3E+%3Cnil%3E+%5B%5D+map%5B%5D%5D"),
("eval", vec![s("")], ""),
("eval", vec![s(""), i(1)], "1"),
("eval", vec![s("plain")], "plain"),
("eval", vec![s("plain"), i(1)], "plain1"),
("eval", vec![s("a'b\"c<>&=\n\t\u{2028}\u{e9}")], "a'b\"c<>&=\n\t\u{2028}\u{e9}"),
("eval", vec![s("a'b\"c<>&=\n\t\u{2028}\u{e9}"), i(1)], "a'b\"c<>&=\n\t\u{2028}\u{e9}1"),
("eval", vec![s("\u{0}<")], "\u{0}<"),
("eval", vec![s("\u{0}<"), i(1)], "\u{0}<1"),
("eval", vec![s("a b&c=d/\u{e9}~*")], "a b&c=d/\u{e9}~*"),
("eval", vec![s("a b&c=d/\u{e9}~*"), i(1)], "a b&c=d/\u{e9}~*1"),
("eval", vec![s("\u{378}\u{ad}\u{e0001}\u{1f600}")], "\u{378}\u{ad}\u{e0001}\u{1f600}"),
("eval", vec![s("\u{378}\u{ad}\u{e0001}\u{1f600}"), i(1)], "\u{378}\u{ad}\u{e0001}\u{1f600}1"),
("eval", vec![s("\u{1b}\u{7f}")], "\u{1b}\u{7f}"),
("eval", vec![s("\u{1b}\u{7f}"), i(1)], "\u{1b}\u{7f}1"),
("eval", vec![s("-_.~!$'()*+,;:@?#[]")], "-_.~!$'()*+,;:@?#[]"),
("eval", vec![s("-_.~!$'()*+,;:@?#[]"), i(1)], "-_.~!$'()*+,;:@?#[]1"),
("eval", vec![s("\\/`")], "\\/`"),
("eval", vec![s("\\/`"), i(1)], "\\/`1"),
("eval", vec![s("\u{65e5}\u{672c}\u{8a9e}")], "\u{65e5}\u{672c}\u{8a9e}"),
("eval", vec![s("\u{65e5}\u{672c}\u{8a9e}"), i(1)], "\u{65e5}\u{672c}\u{8a9e}1"),
("eval", vec![s("\u{2029}\u{200b}")], "\u{2029}\u{200b}"),
("eval", vec![s("\u{2029}\u{200b}"), i(1)], "\u{2029}\u{200b}1"),
("html", vec![s("")], ""),
("html", vec![s(""), i(1)], "1"),
("html", vec![s("plain")], "plain"),
("html", vec![s("plain"), i(1)], "plain1"),
("html", vec![s("a'b\"c<>&=\n\t\u{2028}\u{e9}")], "a&#39;b&#34;c&lt;&gt;&amp;=\n\t\u{2028}\u{e9}"),
("html", vec![s("a'b\"c<>&=\n\t\u{2028}\u{e9}"), i(1)], "a&#39;b&#34;c&lt;&gt;&amp;=\n\t\u{2028}\u{e9}1"),
("html", vec![s("\u{0}<")], "\u{fffd}&lt;"),
("html", vec![s("\u{0}<"), i(1)], "\u{fffd}&lt;1"),
("html", vec![s("a b&c=d/\u{e9}~*")], "a b&amp;c=d/\u{e9}~*"),
("html", vec![s("a b&c=d/\u{e9}~*"), i(1)], "a b&amp;c=d/\u{e9}~*1"),
("html", vec![s("\u{378}\u{ad}\u{e0001}\u{1f600}")], "\u{378}\u{ad}\u{e0001}\u{1f600}"),
("html", vec![s("\u{378}\u{ad}\u{e0001}\u{1f600}"), i(1)], "\u{378}\u{ad}\u{e0001}\u{1f600}1"),
("html", vec![s("\u{1b}\u{7f}")], "\u{1b}\u{7f}"),
("html", vec![s("\u{1b}\u{7f}"), i(1)], "\u{1b}\u{7f}1"),
("html", vec![s("-_.~!$'()*+,;:@?#[]")], "-_.~!$&#39;()*+,;:@?#[]"),
("html", vec![s("-_.~!$'()*+,;:@?#[]"), i(1)], "-_.~!$&#39;()*+,;:@?#[]1"),
("html", vec![s("\\/`")], "\\/`"),
("html", vec![s("\\/`"), i(1)], "\\/`1"),
("html", vec![s("\u{65e5}\u{672c}\u{8a9e}")], "\u{65e5}\u{672c}\u{8a9e}"),
("html", vec![s("\u{65e5}\u{672c}\u{8a9e}"), i(1)], "\u{65e5}\u{672c}\u{8a9e}1"),
("html", vec![s("\u{2029}\u{200b}")], "\u{2029}\u{200b}"),
("html", vec![s("\u{2029}\u{200b}"), i(1)], "\u{2029}\u{200b}1"),
("js", vec![s("")], ""),
("js", vec![s(""), i(1)], "1"),
("js", vec![s("plain")], "plain"),
("js", vec![s("plain"), i(1)], "plain1"),
("js", vec![s("a'b\"c<>&=\n\t\u{2028}\u{e9}")], "a\\'b\\\"c\\u003C\\u003E\\u0026\\u003D\\u000A\\u0009\\u2028\u{e9}"),
("js", vec![s("a'b\"c<>&=\n\t\u{2028}\u{e9}"), i(1)], "a\\'b\\\"c\\u003C\\u003E\\u0026\\u003D\\u000A\\u0009\\u2028\u{e9}1"),
("js", vec![s("\u{0}<")], "\\u0000\\u003C"),
("js", vec![s("\u{0}<"), i(1)], "\\u0000\\u003C1"),
("js", vec![s("a b&c=d/\u{e9}~*")], "a b\\u0026c\\u003Dd/\u{e9}~*"),
("js", vec![s("a b&c=d/\u{e9}~*"), i(1)], "a b\\u0026c\\u003Dd/\u{e9}~*1"),
("js", vec![s("\u{378}\u{ad}\u{e0001}\u{1f600}")], "\\u0378\\u00AD\\uE0001\u{1f600}"),
("js", vec![s("\u{378}\u{ad}\u{e0001}\u{1f600}"), i(1)], "\\u0378\\u00AD\\uE0001\u{1f600}1"),
("js", vec![s("\u{1b}\u{7f}")], "\\u001B\u{7f}"),
("js", vec![s("\u{1b}\u{7f}"), i(1)], "\\u001B\u{7f}1"),
("js", vec![s("-_.~!$'()*+,;:@?#[]")], "-_.~!$\\'()*+,;:@?#[]"),
("js", vec![s("-_.~!$'()*+,;:@?#[]"), i(1)], "-_.~!$\\'()*+,;:@?#[]1"),
("js", vec![s("\\/`")], "\\\\/`"),
("js", vec![s("\\/`"), i(1)], "\\\\/`1"),
("js", vec![s("\u{65e5}\u{672c}\u{8a9e}")], "\u{65e5}\u{672c}\u{8a9e}"),
("js", vec![s("\u{65e5}\u{672c}\u{8a9e}"), i(1)], "\u{65e5}\u{672c}\u{8a9e}1"),
("js", vec![s("\u{2029}\u{200b}")], "\\u2029\\u200B"),
("js", vec![s("\u{2029}\u{200b}"), i(1)], "\\u2029\\u200B1"),
("url", vec![s("")], ""),
("url", vec![s(""), i(1)], "1"),
("url", vec![s("plain")], "plain"),
("url", vec![s("plain"), i(1)], "plain1"),
("url", vec![s("a'b\"c<>&=\n\t\u{2028}\u{e9}")], "a%27b%22c%3C%3E%26%3D%0A%09%E2%80%A8%C3%A9"),
("url", vec![s("a'b\"c<>&=\n\t\u{2028}\u{e9}"), i(1)], "a%27b%22c%3C%3E%26%3D%0A%09%E2%80%A8%C3%A91"),
("url", vec![s("\u{0}<")], "%00%3C"),
("url", vec![s("\u{0}<"), i(1)], "%00%3C1"),
("url", vec![s("a b&c=d/\u{e9}~*")], "a+b%26c%3Dd%2F%C3%A9~%2A"),
("url", vec![s("a b&c=d/\u{e9}~*"), i(1)], "a+b%26c%3Dd%2F%C3%A9~%2A1"),
("url", vec![s("\u{378}\u{ad}\u{e0001}\u{1f600}")], "%CD%B8%C2%AD%F3%A0%80%81%F0%9F%98%80"),
("url", vec![s("\u{378}\u{ad}\u{e0001}\u{1f600}"), i(1)], "%CD%B8%C2%AD%F3%A0%80%81%F0%9F%98%801"),
("url", vec![s("\u{1b}\u{7f}")], "%1B%7F"),
("url", vec![s("\u{1b}\u{7f}"), i(1)], "%1B%7F1"),
("url", vec![s("-_.~!$'()*+,;:@?#[]")], "-_.~%21%24%27%28%29%2A%2B%2C%3B%3A%40%3F%23%5B%5D"),
("url", vec![s("-_.~!$'()*+,;:@?#[]"), i(1)], "-_.~%21%24%27%28%29%2A%2B%2C%3B%3A%40%3F%23%5B%5D1"),
("url", vec![s("\\/`")], "%5C%2F%60"),
("url", vec![s("\\/`"), i(1)], "%5C%2F%601"),
("url", vec![s("\u{65e5}\u{672c}\u{8a9e}")], "%E6%97%A5%E6%9C%AC%E8%AA%9E"),
("url", vec![s("\u{65e5}\u{672c}\u{8a9e}"), i(1)], "%E6%97%A5%E6%9C%AC%E8%AA%9E1"),
("url", vec![s("\u{2029}\u{200b}")], "%E2%80%A9%E2%80%8B"),
("url", vec![s("\u{2029}\u{200b}"), i(1)], "%E2%80%A9%E2%80%8B1"),
        ]
    }
}
