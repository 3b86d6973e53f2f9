//! JSON decoding with Go's `encoding/json` data model, as the conformance harness decodes
//! (`UseNumber`, then integral spellings to `int` and the rest to `float64`).
//!
//! serde_json's model differs where Go's output shows it: `-0` is a float there (Go: the
//! int 0), `1e400` an error (Go: `+Inf`), a lone `\ud800` an error (Go: U+FFFD), and
//! nesting stops at 128 levels (Go: 10000). The decoder is iterative, so depth costs heap,
//! not stack. Arrays get the capacity Go's `append` growth would leave them with.

use std::collections::BTreeMap;

use minijinja::Value;

use crate::error::{Error, ErrorKind, Limit};
use crate::value::{go_map, nil, slice_with_cap};

/// Go's `maxNestingDepth` in encoding/json's scanner.
pub const MAX_DEPTH: usize = 10_000;

enum Frame {
    Array(Vec<Value>),
    Object(BTreeMap<String, Value>, String),
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    /// An error at the current byte, located by line and column (a byte count).
    fn err<T>(&self, message: impl Into<String>) -> Result<T, Error> {
        let before = &self.s[..self.i.min(self.s.len())];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let column = 1 + before.len()
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
        Err(Error::new(ErrorKind::Json, message).at(line, Some(column)))
    }

    fn ws(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn unexpected<T>(&self, context: &str) -> Result<T, Error> {
        match self.peek() {
            None => self.err("unexpected end of JSON input"),
            Some(c) => self.err(format!("invalid character {} {context}", quote_char(c))),
        }
    }

    fn expect(&mut self, word: &str) -> Result<(), Error> {
        if self.s[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            Ok(())
        } else {
            self.i += 1;
            self.unexpected("in literal")
        }
    }

    fn number(&mut self) -> Result<Value, Error> {
        let start = self.i;
        let digits = |r: &mut Self| {
            let from = r.i;
            while r.peek().is_some_and(|c| c.is_ascii_digit()) {
                r.i += 1;
            }
            r.i > from
        };
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek() {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                digits(self);
            }
            _ => return self.unexpected("in numeric literal"),
        }
        let mut integral = true;
        if self.peek() == Some(b'.') {
            integral = false;
            self.i += 1;
            if !digits(self) {
                return self.unexpected("after decimal point in numeric literal");
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            integral = false;
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if !digits(self) {
                return self.unexpected("in exponent of numeric literal");
            }
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("0");
        if integral {
            if let Ok(i) = text.parse::<i64>() {
                return Ok(Value::from(i));
            }
        }
        // Rust's parse gives ±inf on overflow, as Go's ParseFloat does.
        Ok(Value::from(text.parse::<f64>().unwrap_or(f64::NAN)))
    }

    fn hex4(&mut self) -> Option<u32> {
        let h = self.s.get(self.i..self.i + 4)?;
        let v = u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok()?;
        self.i += 4;
        Some(v)
    }

    fn string(&mut self) -> Result<String, Error> {
        self.i += 1; // the opening quote
        let mut out = Vec::new();
        loop {
            let Some(c) = self.peek() else {
                return self.err("unexpected end of JSON input");
            };
            match c {
                b'"' => {
                    self.i += 1;
                    break;
                }
                b'\\' => {
                    self.i += 1;
                    let e = self.peek();
                    self.i += 1;
                    let simple = match e {
                        Some(b'"') => b'"',
                        Some(b'\\') => b'\\',
                        Some(b'/') => b'/',
                        Some(b'b') => 8,
                        Some(b'f') => 12,
                        Some(b'n') => b'\n',
                        Some(b'r') => b'\r',
                        Some(b't') => b'\t',
                        Some(b'u') => {
                            let ch = self.unicode_escape()?;
                            let mut buf = [0; 4];
                            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                            continue;
                        }
                        _ => {
                            self.i -= 1;
                            return self.unexpected("in string escape code");
                        }
                    };
                    out.push(simple);
                }
                0..=0x1f => return self.unexpected("in string literal"),
                _ => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
        // The input is a &str and escapes add whole characters, so this holds.
        Ok(String::from_utf8(out).unwrap_or_default())
    }

    /// After `\u`: Go's `unquote` turns a surrogate that is not half of a valid pair
    /// into U+FFFD.
    fn unicode_escape(&mut self) -> Result<char, Error> {
        let Some(r) = self.hex4() else {
            return self.unexpected("in \\u hexadecimal character escape");
        };
        if !(0xd800..0xe000).contains(&r) {
            return Ok(char::from_u32(r).unwrap_or('\u{fffd}'));
        }
        if r < 0xdc00 && self.s[self.i..].starts_with(b"\\u") {
            let save = self.i;
            self.i += 2;
            match self.hex4() {
                Some(lo @ 0xdc00..=0xdfff) => {
                    let c = 0x10000 + ((r - 0xd800) << 10) + (lo - 0xdc00);
                    return Ok(char::from_u32(c).unwrap_or('\u{fffd}'));
                }
                _ => self.i = save,
            }
        }
        Ok('\u{fffd}')
    }
}

/// Decodes one JSON document in Go's data model.
pub fn decode(text: &str) -> Result<Value, Error> {
    let mut r = Reader {
        s: text.as_bytes(),
        i: 0,
    };
    let mut stack: Vec<Frame> = Vec::new();
    r.ws();
    let result = loop {
        // Parse a value, or open a container.
        let mut value = match r.peek() {
            Some(b'{') | Some(b'[') if stack.len() >= MAX_DEPTH => {
                return r
                    .err("exceeded max depth")
                    .map_err(|e: Error| e.beyond(Limit::JsonDepth));
            }
            Some(b'{') => {
                r.i += 1;
                r.ws();
                if r.peek() == Some(b'}') {
                    r.i += 1;
                    go_map(BTreeMap::new())
                } else {
                    let key = object_key(&mut r)?;
                    stack.push(Frame::Object(BTreeMap::new(), key));
                    r.ws();
                    continue;
                }
            }
            Some(b'[') => {
                r.i += 1;
                r.ws();
                if r.peek() == Some(b']') {
                    r.i += 1;
                    slice_with_cap(Vec::new())
                } else {
                    stack.push(Frame::Array(Vec::new()));
                    continue;
                }
            }
            Some(b'"') => Value::from(r.string()?),
            Some(b't') => r.expect("true").map(|_| Value::from(true))?,
            Some(b'f') => r.expect("false").map(|_| Value::from(false))?,
            Some(b'n') => r.expect("null").map(|_| nil())?,
            Some(b'-' | b'0'..=b'9') => r.number()?,
            _ => return r.unexpected("looking for beginning of value"),
        };
        // Store it, closing every container it completes.
        let done = loop {
            r.ws();
            match stack.last_mut() {
                None => break Some(value),
                Some(Frame::Array(items)) => {
                    items.push(value);
                    match r.peek() {
                        Some(b',') => {
                            r.i += 1;
                            r.ws();
                            break None;
                        }
                        Some(b']') => {
                            r.i += 1;
                            let Some(Frame::Array(items)) = stack.pop() else {
                                unreachable!("the top frame is an array")
                            };
                            value = slice_with_cap(items);
                        }
                        _ => return r.unexpected("after array element"),
                    }
                }
                Some(Frame::Object(map, key)) => {
                    map.insert(std::mem::take(key), value);
                    match r.peek() {
                        Some(b',') => {
                            r.i += 1;
                            r.ws();
                            *key = object_key(&mut r)?;
                            r.ws();
                            break None;
                        }
                        Some(b'}') => {
                            r.i += 1;
                            let Some(Frame::Object(map, _)) = stack.pop() else {
                                unreachable!("the top frame is an object")
                            };
                            value = go_map(map);
                        }
                        _ => return r.unexpected("after object key:value pair"),
                    }
                }
            }
        };
        if let Some(value) = done {
            break value;
        }
    };
    r.ws();
    if r.peek().is_some() {
        return r.unexpected("after top-level value");
    }
    Ok(result)
}

/// `"key" :` at the start of an object member.
fn object_key(r: &mut Reader<'_>) -> Result<String, Error> {
    if r.peek() != Some(b'"') {
        return r.unexpected("looking for beginning of object key string");
    }
    let key = r.string()?;
    r.ws();
    if r.peek() != Some(b':') {
        return r.unexpected("after object key");
    }
    r.i += 1;
    r.ws();
    Ok(key)
}

/// A byte as Go's scanner quotes it in errors: `'x'`.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".into(),
        b'"' => "'\"'".into(),
        c if c.is_ascii_graphic() || c == b' ' => format!("'{}'", c as char),
        c => format!("'\\x{c:02x}'"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gofmt::sprint;
    use crate::value::{appended_cap, kind, slice_cap, type_name, GoKind};

    fn show(text: &str) -> String {
        sprint(&[decode(text).unwrap()])
    }

    #[test]
    fn numbers_follow_the_spelling_like_go() {
        let v = decode("-0").unwrap();
        assert_eq!(
            (kind(&v), sprint(std::slice::from_ref(&v))),
            (GoKind::Int, "0".into())
        );
        assert_eq!(type_name(&decode("-0.0").unwrap()), "float64");
        assert_eq!(show("-0.0"), "-0");
        assert_eq!(
            show("[1e400,-1E999,9223372036854775808]"),
            "[+Inf -Inf 9.223372036854776e+18]"
        );
        assert_eq!(type_name(&decode("1E2").unwrap()), "float64");
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        assert_eq!(show(r#""a\ud800b""#), "a\u{fffd}b");
        assert_eq!(
            show(r#""\ud83d\ude00\udc00\ud800\u0041""#),
            "😀\u{fffd}\u{fffd}A"
        );
        assert_eq!(show(r#""\ud800\ud83d\ude00""#), "\u{fffd}😀");
    }

    /// Nesting as deep as Go allows decodes, prints and drops on a 2 MiB test thread.
    #[test]
    fn nesting_to_go_limit_needs_no_deep_stack() {
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        let v = decode(&deep).unwrap();
        assert_eq!(sprint(std::slice::from_ref(&v)).len(), 2 * MAX_DEPTH);
        drop(v);
        let maps = format!("{}1{}", r#"{"a":"#.repeat(MAX_DEPTH), "}".repeat(MAX_DEPTH));
        assert!(decode(&maps).is_ok());
        let too_deep = format!("[{deep}]");
        let e = decode(&too_deep).unwrap_err();
        assert_eq!(
            (e.kind(), e.message()),
            (ErrorKind::Limit(Limit::JsonDepth), "exceeded max depth")
        );
    }

    #[test]
    fn errors_name_the_offset() {
        let e = decode("{\"a\": }").unwrap_err();
        assert_eq!((e.line(), e.column()), (Some(1), Some(7)));
        assert_eq!(
            e.message(),
            "invalid character '}' looking for beginning of value"
        );
        assert!(decode("[1,]").is_err());
        assert!(decode("01").is_err());
        assert!(decode("\"\u{1}\"").is_err());
        assert!(decode("1 2").is_err());
    }

    #[test]
    fn duplicate_keys_keep_the_last() {
        assert_eq!(show(r#"{"a":1,"a":2}"#), "map[a:2]");
    }

    /// Capacities Go 1.19's decoder gives arrays of these lengths (printed by `cap` in a
    /// Go program that unmarshals them).
    #[test]
    fn arrays_get_gos_append_capacity() {
        let from_go = [
            (0, 0),
            (1, 1),
            (2, 2),
            (3, 4),
            (4, 4),
            (5, 8),
            (9, 16),
            (17, 32),
            (100, 128),
            (256, 256),
            (257, 512),
            (513, 848),
            (849, 1280),
            (1000, 1280),
            (1281, 1792),
            (1793, 2560),
            (2561, 3584),
            (5000, 5120),
            (10000, 11264),
        ];
        for (len, cap) in from_go {
            assert_eq!(appended_cap(len), cap, "len {len}");
        }
        assert_eq!(slice_cap(&decode("[1,2,3]").unwrap()), Some(4));
    }
}
