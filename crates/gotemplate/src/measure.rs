//! How long the text a filter would build is, worked out without building it, so that
//! the byte budget refuses it before it is allocated (see [`crate::filters`]).
//!
//! Every measure stops as soon as it passes its cap: a list holding the same string a
//! thousand times is small in memory, but its text is not, and walking all of it would
//! cost what building it costs. Each step adds at least one byte, so a walk takes at
//! most `cap` steps.

use std::fmt::{self, Debug, Display, Write};

use minijinja::value::{ObjectRepr, Value, ValueKind};

/// The most bytes a finite float takes in JSON (`-1.2345678901234567e-308`).
const MAX_JSON_FLOAT: usize = 24;

/// Bytes written through `fmt`, failing once they pass `cap`.
struct Counter {
    bytes: usize,
    cap: usize,
}

impl Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes = self.bytes.saturating_add(s.len());
        if self.bytes > self.cap {
            return Err(fmt::Error);
        }
        Ok(())
    }
}

/// The length of what `write` writes, or `None` once it passes `cap`.
fn counted(cap: usize, write: impl FnOnce(&mut Counter) -> fmt::Result) -> Option<usize> {
    let mut counter = Counter { bytes: 0, cap };
    write(&mut counter).ok()?;
    Some(counter.bytes)
}

/// The length of `value` printed (`{}`), or `None` past `cap`.
pub fn display_len(value: &impl Display, cap: usize) -> Option<usize> {
    counted(cap, |c| write!(c, "{value}"))
}

/// The length of `value` pretty-printed for debugging (`{:#?}`), or `None` past `cap`.
pub fn debug_len(value: &impl Debug, cap: usize) -> Option<usize> {
    counted(cap, |c| write!(c, "{value:#?}"))
}

/// The layout `tojson` writes: `None` on one line, `Some(n)` one item a line, indented
/// by `n` spaces a level.
pub type Indent = Option<usize>;

/// An upper bound on the length of `tojson`'s text for `value` (exact but for floats),
/// or `None` past `cap`.
pub fn json_len(value: &Value, indent: Indent, cap: usize) -> Option<usize> {
    let mut json = Json {
        indent,
        cap,
        bytes: 0,
    };
    json.value(value, 0)?;
    Some(json.bytes)
}

/// A walk adding up what minijinja's JSON writer would write.
struct Json {
    indent: Indent,
    cap: usize,
    bytes: usize,
}

impl Json {
    fn add(&mut self, n: usize) -> Option<()> {
        self.bytes = self.bytes.saturating_add(n);
        (self.bytes <= self.cap).then_some(())
    }

    fn value(&mut self, value: &Value, depth: usize) -> Option<()> {
        match value.kind() {
            ValueKind::Undefined | ValueKind::None => self.add("null".len()),
            ValueKind::Bool if value.is_true() => self.add("true".len()),
            ValueKind::Bool => self.add("false".len()),
            ValueKind::Number if value.is_integer() => self.add(display_len(value, self.cap)?),
            ValueKind::Number => self.add(MAX_JSON_FLOAT),
            ValueKind::String => self.add(json_str_len(value.as_str().unwrap_or_default())),
            ValueKind::Bytes => {
                let bytes = value.as_bytes().unwrap_or_default();
                self.items(bytes.len(), 3, depth)
            }
            _ => self.object(value, depth),
        }
    }

    fn object(&mut self, value: &Value, depth: usize) -> Option<()> {
        let Some(obj) = value.as_object() else {
            return self.add(display_len(value, self.cap)?);
        };
        match obj.repr() {
            ObjectRepr::Map => {
                let mut n = 0;
                for (key, item) in obj.clone().try_iter_pairs().into_iter().flatten() {
                    self.item(n, depth)?;
                    self.key(&key)?;
                    self.value(&item, depth + 1)?;
                    n += 1;
                }
                self.close(n, depth)
            }
            ObjectRepr::Seq | ObjectRepr::Iterable => {
                let mut n = 0;
                for item in obj.try_iter().into_iter().flatten() {
                    self.item(n, depth)?;
                    self.value(&item, depth + 1)?;
                    n += 1;
                }
                self.close(n, depth)
            }
            // Written as a string, each byte escaped at most to six.
            _ => self.add(display_len(value, self.cap)?.saturating_mul(6) + 2),
        }
    }

    /// A key, its quotes and the `": "` after it.
    fn key(&mut self, key: &Value) -> Option<()> {
        let len = match key.as_str() {
            Some(s) => json_str_len(s),
            None => display_len(key, self.cap)?.saturating_mul(6) + 2,
        };
        self.add(len.saturating_add(2))
    }

    /// `n` items of `width` bytes at most (the bytes of a byte string).
    fn items(&mut self, n: usize, width: usize, depth: usize) -> Option<()> {
        for i in 0..n {
            self.item(i, depth)?;
            self.add(width)?;
        }
        self.close(n, depth)
    }

    /// The bracket (counted once, with the closing one) and separator before item `i`.
    fn item(&mut self, i: usize, depth: usize) -> Option<()> {
        if i == 0 {
            self.add(2)?;
        }
        match self.indent {
            None => self.add(if i == 0 { 0 } else { ", ".len() }),
            Some(n) => {
                let newline = if i == 0 { "\n".len() } else { ",\n".len() };
                self.add(n.saturating_mul(depth + 1).saturating_add(newline))
            }
        }
    }

    /// The line the closing bracket of a container of `n` items starts.
    fn close(&mut self, n: usize, depth: usize) -> Option<()> {
        match (self.indent, n) {
            (_, 0) => self.add(2),
            (None, _) => Some(()),
            (Some(indent), _) => self.add(1usize.saturating_add(indent.saturating_mul(depth))),
        }
    }
}

/// The length of `s` as a JSON string with its quotes, escaped as minijinja's `tojson`
/// escapes (HTML's special characters too).
fn json_str_len(s: &str) -> usize {
    let escaped: usize = s
        .bytes()
        .map(|b| match b {
            b'"' | b'\\' | b'\x08' | b'\x0c' | b'\n' | b'\r' | b'\t' => 2,
            b'<' | b'>' | b'&' | b'\'' => 6,
            0..=0x1f => 6,
            _ => 1,
        })
        .sum();
    escaped + 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tojson(value: &Value, indent: Indent) -> String {
        let indent = indent.map_or(Value::from(false), Value::from);
        let none = minijinja::value::Kwargs::from_iter(std::iter::empty::<(&str, Value)>());
        let out = minijinja::filters::tojson(value, Some(indent), none).unwrap();
        out.as_str().unwrap().to_string()
    }

    #[test]
    fn json_len_is_tojson_length_but_for_floats() {
        let data = serde_json::json!({
            "a": [1, -2, "x<y>\n\"", [], {}, [[true, null]], {"k": {"j": "é"}}],
            "b'": "\u{1}",
            "c": [],
        });
        let value = Value::from(minijinja::value::Serde(&data));
        for indent in [None, Some(0), Some(2), Some(7)] {
            let want = tojson(&value, indent).len();
            assert_eq!(
                json_len(&value, indent, usize::MAX),
                Some(want),
                "{indent:?}"
            );
        }
        let float = Value::from(0.1);
        assert!(json_len(&float, None, usize::MAX).unwrap() >= tojson(&float, None).len());
    }

    #[test]
    fn measures_stop_past_their_cap() {
        let big = Value::from(vec![Value::from("x".repeat(1000)); 1000]);
        assert_eq!(json_len(&big, Some(2), 10_000), None);
        assert_eq!(display_len(&big, 10_000), None);
        assert_eq!(debug_len(&big, 10_000), None);
        assert_eq!(display_len(&"abc", 3), Some(3));
    }
}
