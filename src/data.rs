//! Template data: JSON or YAML files, `KEY=VALUE` settings, and their conversion to the
//! values templates see.
//!
//! Numbers follow the Go data model the conformance suite uses: integral numbers are ints,
//! all others floats. Data is held as `serde_json::Value` while it is merged, because that
//! keeps the int/float split and has a natural deep merge.

use std::collections::BTreeMap;
use std::path::Path;

use minijinja::Value;
use serde_json::{Map, Number, Value as Json};

use crate::documents::strip_position;
use crate::error::{Error, Location};
use crate::fs::{cannot_read, is_stdin, Utf8};

/// Data that could not be read or understood. The message names the source and, where
/// there is one, the line and column.
fn data_error(message: String) -> Error {
    Error::data(message)
}

/// The formats data can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Yaml,
}

impl Format {
    /// `.json` is JSON; everything else (YAML is a superset of JSON) is YAML.
    pub fn for_path(path: &Path) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(ext) if ext.eq_ignore_ascii_case("json") => Format::Json,
            _ => Format::Yaml,
        }
    }
}

/// Parses `text` (from `origin`, used in messages) as `format`.
pub fn parse(text: &str, format: Format, origin: &str) -> Result<Json, Error> {
    match format {
        Format::Json => serde_json::from_str(text).map_err(|e| {
            data_error(format!(
                "{origin}:{}:{}: invalid JSON: {}",
                e.line(),
                e.column(),
                strip_position(&e.to_string())
            ))
            .with_source(e)
        }),
        Format::Yaml => {
            if text.trim().is_empty() {
                return Ok(Json::Null);
            }
            crate::documents::check_yaml_depth(text, origin).map_err(Error::limit)?;
            let yaml: serde_yaml::Value = serde_yaml::from_str(text).map_err(|e| {
                let full = e.to_string();
                let msg = strip_position(&full);
                match e.location() {
                    Some(loc) => data_error(format!(
                        "{origin}:{}:{}: invalid YAML: {msg}",
                        loc.line(),
                        loc.column()
                    )),
                    None => data_error(format!("{origin}: invalid YAML: {msg}")),
                }
            })?;
            yaml_to_json(yaml).map_err(|m| data_error(format!("{origin}: {m}")))
        }
    }
}

fn yaml_to_json(v: serde_yaml::Value) -> Result<Json, String> {
    use serde_yaml::Value as Y;
    Ok(match v {
        Y::Null => Json::Null,
        Y::Bool(b) => Json::Bool(b),
        Y::Number(n) => {
            if let Some(i) = n.as_i64() {
                Json::from(i)
            } else if let Some(u) = n.as_u64() {
                Json::from(u)
            } else {
                let f = n.as_f64().unwrap_or(f64::NAN);
                Json::Number(
                    Number::from_f64(f)
                        .ok_or_else(|| format!("the number {n} cannot be used as template data"))?,
                )
            }
        }
        Y::String(s) => Json::String(s),
        Y::Sequence(items) => Json::Array(
            items
                .into_iter()
                .map(yaml_to_json)
                .collect::<Result<_, _>>()?,
        ),
        Y::Mapping(map) => {
            let mut out = Map::new();
            for (k, v) in map {
                out.insert(yaml_key(k)?, yaml_to_json(v)?);
            }
            Json::Object(out)
        }
        Y::Tagged(t) => yaml_to_json(t.value)?,
    })
}

/// Map keys become strings, as in Go's `map[string]interface{}`.
fn yaml_key(k: serde_yaml::Value) -> Result<String, String> {
    use serde_yaml::Value as Y;
    match k {
        Y::String(s) => Ok(s),
        Y::Bool(b) => Ok(b.to_string()),
        Y::Number(n) => Ok(n.to_string()),
        Y::Null => Ok("null".into()),
        Y::Tagged(t) => yaml_key(t.value),
        Y::Sequence(_) | Y::Mapping(_) => Err("a map key must be a scalar".into()),
    }
}

/// Deep-merges `overlay` into `base`: maps merge key by key, anything else replaces.
pub fn merge(base: &mut Json, overlay: Json) {
    match (base, overlay) {
        (Json::Object(b), Json::Object(o)) => {
            for (k, v) in o {
                match b.get_mut(&k) {
                    Some(existing) => merge(existing, v),
                    None => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (base, overlay) => *base = overlay,
    }
}

/// Parses `KEY=VALUE`: the value is a YAML scalar (`3` is an int, `true` a bool), an empty
/// value is the empty string, and a dotted key nests (`ToolNames.Grep=rg`).
pub fn parse_setting(setting: &str) -> Result<Json, Error> {
    let Some((key, raw)) = setting.split_once('=') else {
        return Err(data_error(format!(
            "--set '{setting}': expected KEY=VALUE, e.g. --set Model=claude"
        )));
    };
    if key.is_empty() || key.split('.').any(str::is_empty) {
        return Err(data_error(format!(
            "--set '{setting}': the key must be a name or dotted path, e.g. ToolNames.Grep"
        )));
    }
    let value = setting_value(raw);
    Ok(key.rsplit('.').fold(value, |inner, part| {
        Json::Object(Map::from_iter([(part.to_string(), inner)]))
    }))
}

fn setting_value(raw: &str) -> Json {
    if raw.is_empty() || crate::documents::check_yaml_depth(raw, "").is_err() {
        return Json::String(raw.to_string());
    }
    match serde_yaml::from_str::<serde_yaml::Value>(raw).map(yaml_to_json) {
        Ok(Ok(v @ (Json::Null | Json::Bool(_) | Json::Number(_) | Json::String(_)))) => v,
        _ => Json::String(raw.to_string()),
    }
}

/// Reads and merges data files (`-` is standard input, read as YAML) and then settings.
pub fn load(files: &[String], settings: &[String]) -> Result<Json, Error> {
    let mut data = Json::Null;
    for file in files {
        let parsed = if is_stdin(file) {
            let text = std::io::read_to_string(std::io::stdin())
                .map_err(|e| Error::io(format!("cannot read data from standard input: {e}"), e))?;
            parse(&text, Format::Yaml, crate::fs::STDIN_NAME)?
        } else {
            let path = Path::new(file);
            parse(&read_data_file(file)?, Format::for_path(path), file)?
        };
        merge(&mut data, parsed);
    }
    for setting in settings {
        merge(&mut data, parse_setting(setting)?);
    }
    Ok(data)
}

/// Reads the data file `file`; bytes that are not UTF-8 make it unreadable.
fn read_data_file(file: &str) -> Result<String, Error> {
    let failed = |why: &str| cannot_read("data file", file, why);
    Ok(crate::fs::read(Path::new(file), file, Utf8::Unreadable, failed)?.text)
}

/// Reads and merges data files and settings as [`load`] does, into the value a template
/// sees. JSON files are decoded the way Go's `encoding/json` decodes them (see
/// [`gotemplate::json`]), so `-0`, `1e400`, lone surrogate escapes and nesting up to
/// 10000 levels give what Go gives.
pub fn load_value(files: &[String], settings: &[String]) -> Result<Value, Error> {
    let mut data = gotemplate::value::nil();
    for file in files {
        let path = Path::new(file);
        let parsed = if !is_stdin(file) && Format::for_path(path) == Format::Json {
            decode_json(&read_data_file(file)?, file)?
        } else {
            to_value(&load(std::slice::from_ref(file), &[])?)
        };
        data = merge_value(data, parsed);
    }
    for setting in settings {
        data = merge_value(data, to_value(&parse_setting(setting)?));
    }
    Ok(data)
}

/// Decodes JSON `text` (from `origin`, for messages) in Go's data model.
pub fn decode_json(text: &str, origin: &str) -> Result<Value, Error> {
    gotemplate::json::decode(text).map_err(|e| {
        let (line, col) = (e.line().unwrap_or(1), e.column().unwrap_or(1));
        let at = Location {
            file: Some(origin.to_string()),
            line: Some(line),
            column: Some(col),
            key: None,
        };
        data_error(format!(
            "{origin}:{line}:{col}: invalid JSON: {}",
            e.message()
        ))
        .at(at)
    })
}

/// [`merge`] for template values: maps merge key by key, anything else replaces.
fn merge_value(base: Value, overlay: Value) -> Value {
    use minijinja::value::ValueKind::Map as MapKind;
    if base.kind() != MapKind || overlay.kind() != MapKind {
        return overlay;
    }
    let mut out: BTreeMap<String, Value> = BTreeMap::new();
    for (k, v) in gotemplate::value::sorted_map_entries(&base).unwrap_or_default() {
        out.insert(k.to_string(), v);
    }
    for (k, v) in gotemplate::value::sorted_map_entries(&overlay).unwrap_or_default() {
        let key = k.to_string();
        let merged = match out.remove(&key) {
            Some(old) => merge_value(old, v),
            None => v,
        };
        out.insert(key, merged);
    }
    Value::from(out)
}

/// Converts data to the value templates see: integral numbers are ints (those beyond
/// i64 become floats, as Go's decoder does), other numbers floats.
pub fn to_value(json: &Json) -> Value {
    match json {
        Json::Null => gotemplate::value::nil(),
        Json::Bool(b) => Value::from(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Value::from(i),
            None => Value::from(n.as_f64().unwrap_or(f64::NAN)),
        },
        Json::String(s) => Value::from(s.as_str()),
        Json::Array(items) => {
            gotemplate::value::slice_with_cap(items.iter().map(to_value).collect())
        }
        Json::Object(map) => Value::from(
            map.iter()
                .map(|(k, v)| (k.clone(), to_value(v)))
                .collect::<BTreeMap<String, Value>>(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn settings_are_yaml_scalars_and_nest() {
        assert_eq!(parse_setting("n=3").unwrap(), json!({"n": 3}));
        assert_eq!(parse_setting("x=true").unwrap(), json!({"x": true}));
        assert_eq!(parse_setting("f=2.5").unwrap(), json!({"f": 2.5}));
        assert_eq!(parse_setting("s=").unwrap(), json!({"s": ""}));
        assert_eq!(parse_setting("s=a: b").unwrap(), json!({"s": "a: b"}));
        assert_eq!(
            parse_setting("ToolNames.Grep=rg").unwrap(),
            json!({"ToolNames": {"Grep": "rg"}})
        );
        assert!(parse_setting("novalue").is_err());
        assert!(parse_setting("a..b=1").is_err());
    }

    #[test]
    fn merge_is_deep() {
        let mut a = json!({"a": {"x": 1, "y": 2}, "b": 1});
        merge(&mut a, json!({"a": {"y": 3, "z": 4}, "b": [1]}));
        assert_eq!(a, json!({"a": {"x": 1, "y": 3, "z": 4}, "b": [1]}));
    }

    #[test]
    fn errors_give_line_and_column() {
        let e = parse("{\n  \"a\": ,\n}", Format::Json, "d.json").unwrap_err();
        assert!(
            e.message.starts_with("d.json:2:8: invalid JSON"),
            "{}",
            e.message
        );
        let e = parse("a: [1, 2\nb: 3\n", Format::Yaml, "d.yaml").unwrap_err();
        assert!(e.message.starts_with("d.yaml:"), "{}", e.message);
        assert!(e.message.contains("invalid YAML"), "{}", e.message);
    }

    #[test]
    fn numbers_keep_the_go_model() {
        let v = to_value(&json!({"i": 1, "f": 1.0, "big": 18446744073709551615u64}));
        assert_eq!(v.get_attr("i").unwrap().to_string(), "1");
        assert_eq!(
            v.get_attr("f").unwrap().kind(),
            minijinja::value::ValueKind::Number
        );
        assert!(v.get_attr("big").unwrap().as_i64().is_none());
    }

    #[test]
    fn yaml_keys_become_strings() {
        let v = parse("1: one\ntrue: yes\n", Format::Yaml, "x").unwrap();
        assert_eq!(v, json!({"1": "one", "true": "yes"}));
    }
}
