//! A file's text as lines that keep their endings, so that what is not edited is written
//! back byte for byte.

/// One line: its text, and its ending (`"\n"`, `"\r\n"`, or `""` for a last line
/// without one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    pub body: &'a str,
    pub eol: &'a str,
}

/// The lines of `text`.
pub fn lines(text: &str) -> Vec<Line<'_>> {
    text.split_inclusive('\n')
        .map(|raw| {
            let body = raw.strip_suffix('\n').unwrap_or(raw);
            let body = match raw.ends_with('\n') {
                true => body.strip_suffix('\r').unwrap_or(body),
                false => body,
            };
            Line {
                body,
                eol: &raw[body.len()..],
            }
        })
        .collect()
}

/// The ending most of the lines have (LF when none has one).
pub fn dominant_eol(lines: &[Line]) -> &'static str {
    let crlf = lines.iter().filter(|l| l.eol == "\r\n").count();
    let lf = lines.iter().filter(|l| l.eol == "\n").count();
    if crlf > lf {
        "\r\n"
    } else {
        "\n"
    }
}

/// The leading spaces and tabs of `s`.
pub fn indent(s: &str) -> &str {
    &s[..s.len() - s.trim_start_matches([' ', '\t']).len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_their_endings() {
        let l = lines("a\r\nb\nc");
        assert_eq!(
            l,
            [
                Line {
                    body: "a",
                    eol: "\r\n"
                },
                Line {
                    body: "b",
                    eol: "\n"
                },
                Line { body: "c", eol: "" }
            ]
        );
        assert_eq!(dominant_eol(&l), "\n");
        assert_eq!(dominant_eol(&lines("a\r\nb\r\n")), "\r\n");
        assert!(lines("").is_empty());
        assert_eq!(indent("\t  x "), "\t  ");
    }
}
