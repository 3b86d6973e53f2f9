//! The formats text inputs come in: typed YAML and JSON documents (config files, context
//! specs) with errors that name the file, line, column and key (`FILE:LINE:COL: key 'a.b':
//! problem`), and Markdown's code fences.

use serde::de::DeserializeOwned;

mod depth;

/// The deepest nesting of lists and maps a YAML document may have; serde_yaml and
/// serde_json refuse deeper documents too, so nothing they accept is lost.
pub const MAX_YAML_DEPTH: usize = 128;

/// How a document nested past [`MAX_YAML_DEPTH`] is refused (after `FILE:LINE:COL: `).
pub const TOO_DEEP: &str = "nesting too deep";

/// Refuses YAML nested deeper than [`MAX_YAML_DEPTH`] before serde_yaml reads it (which
/// takes time quadratic in the depth), naming where the too-deep collection starts.
pub fn check_yaml_depth(text: &str, origin: &str) -> Result<(), String> {
    match depth::first_too_deep(text, MAX_YAML_DEPTH) {
        Some((line, col)) => Err(format!(
            "{origin}:{line}:{col}: {TOO_DEEP}: more than {MAX_YAML_DEPTH} levels of lists \
             and maps; flatten the document"
        )),
        None => Ok(()),
    }
}

/// Parses YAML text from `origin` (a file name for messages) into `T`.
pub fn from_yaml<T: DeserializeOwned>(text: &str, origin: &str) -> Result<T, String> {
    check_yaml_depth(text, origin)?;
    let de = serde_yaml::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let key = e.path().to_string();
        let inner = e.into_inner();
        let at = inner.location().map(|l| (l.line(), l.column()));
        located(origin, at, &key, &inner.to_string())
    })
}

/// Parses JSON text from `origin` into `T`.
pub fn from_json<T: DeserializeOwned>(text: &str, origin: &str) -> Result<T, String> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let key = e.path().to_string();
        let inner = e.into_inner();
        let at = Some((inner.line(), inner.column()));
        located(origin, at, &key, &inner.to_string())
    })?;
    // Text after the document is an error, as `serde_json::from_str` has it: a file cut
    // or pasted twice must not pass for its first part.
    de.end().map_err(|e| {
        let at = Some((e.line(), e.column()));
        located(origin, at, "", &e.to_string())
    })?;
    Ok(value)
}

/// `msg` without serde's trailing " at line L column C" (messages give the position up
/// front instead).
pub fn strip_position(msg: &str) -> &str {
    msg.split(" at line ").next().unwrap_or(msg)
}

/// `origin:line:col: key 'k': message`, with serde's own trailing position and any
/// leading copy of the key's path dropped (the key is given once, in full).
fn located(origin: &str, at: Option<(usize, usize)>, key: &str, msg: &str) -> String {
    let msg = strip_position(msg);
    let msg = match msg.split_once(": ") {
        Some((path, rest))
            if key == path
                || key.starts_with(&format!("{path}."))
                || key.starts_with(&format!("{path}[")) =>
        {
            rest
        }
        _ => msg,
    };
    let at = match at {
        Some((line, col)) => format!("{origin}:{line}:{col}"),
        None => origin.to_string(),
    };
    if key == "." || key.is_empty() {
        format!("{at}: {msg}")
    } else {
        format!("{at}: key '{key}': {msg}")
    }
}

/// Tracks Markdown code fences (``` and ~~~) line by line: what is inside one is an
/// example, never an import or a marker.
#[derive(Debug, Default)]
pub struct Fences {
    open: Option<&'static str>,
}

impl Fences {
    /// Whether `line` is a fence line or inside a fence (call it for every line, in order).
    pub fn in_code(&mut self, line: &str) -> bool {
        let trimmed = line.trim_start();
        match ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m)) {
            Some(m) => {
                self.open = match self.open {
                    Some(open) if open == m => None,
                    None => Some(m),
                    other => other,
                };
                true
            }
            None => self.open.is_some(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        inner: Inner,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        n: u32,
    }

    #[test]
    fn errors_name_position_and_key() {
        let e = from_yaml::<Doc>("inner:\n  n: x\n", "d.yaml").unwrap_err();
        assert!(
            e.starts_with("d.yaml:2:6: key 'inner.n': invalid type"),
            "{e}"
        );
        let e = from_json::<Doc>("{\"inner\": {\"m\": 1}}", "d.json").unwrap_err();
        assert!(
            e.starts_with("d.json:1:14: key 'inner.m': unknown field `m`"),
            "{e}"
        );
    }

    #[test]
    fn text_after_a_json_document_is_an_error() {
        let e = from_json::<Doc>("{\"inner\": {\"n\": 1}}x\": 2}", "d.json").unwrap_err();
        assert!(e.starts_with("d.json:1:20: trailing characters"), "{e}");
        assert!(from_json::<Doc>("{\"inner\": {\"n\": 1}}\n", "d.json").is_ok());
    }
}
