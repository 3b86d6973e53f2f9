//! What the app adds to the template engine (the workspace crate `gotemplate`): engines
//! whose budget messages say how this program's user raises them, the built-in templates
//! build.rs lowered, byte counts as the flags and config spell them, and the engine's
//! errors as the app's [`Error`].

use gotemplate::{BudgetHints, Engine, Limits, MissingKey};

use crate::error::{Error, Kind, Location};

/// How a user raises each budget, as its message ends.
const HINTS: BudgetHints = BudgetHints {
    fuel: " (raise it with --template-fuel N, ASIMI_TEMPLATE_FUEL or the config key \
           template_fuel)",
    bytes: " (raise it with --template-bytes N, ASIMI_TEMPLATE_BYTES or the config key \
            template_bytes)",
};

/// An engine for this program: Go templates treat missing keys as `missing` says, each
/// render within `limits`.
pub fn engine(missing: MissingKey, limits: Limits) -> Engine {
    let mut engine = Engine::new(missing);
    engine.set_limits(limits);
    engine.set_budget_hints(HINTS);
    engine
}

/// The built-in Go templates as build.rs lowered them: `(path under templates/, Jinja
/// source)`, sorted by path.
static PRELOWERED: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/lowered.rs"));

/// The Jinja source of built-in Go template `path` (under templates/), lowered at build
/// time; `None` for one that did not lower (the run reports why).
pub fn prelowered(path: &str) -> Option<&'static str> {
    let i = PRELOWERED.binary_search_by_key(&path, |(p, _)| p).ok()?;
    Some(PRELOWERED[i].1)
}

/// A byte count as a person writes it: `67108864`, `64M`, `64MiB`, `512k`; K, M and G are
/// powers of 1024. It must be positive.
pub fn parse_bytes(value: &str) -> Result<u64, String> {
    let value = value.trim();
    let digits = value
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(value.len());
    let (number, unit) = value.split_at(digits);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        _ => return Err(format!("'{value}': expected a number of bytes, e.g. 64M")),
    };
    match number
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
    {
        Some(0) => Err("the byte budget must be at least 1 byte".to_string()),
        Some(n) => Ok(n),
        None => Err(format!("'{value}': expected a number of bytes, e.g. 64M")),
    }
}

/// A template's error is one of kind `Template`, at the template's line and column
/// (JSON data is decoded, and its errors worded, in [`crate::data`]).
impl From<gotemplate::Error> for Error {
    fn from(e: gotemplate::Error) -> Error {
        let error = Error::new(Kind::Template, e.message());
        match e.name() {
            Some(name) => error.at(Location {
                file: Some(name.to_string()),
                line: e.line(),
                column: e.column(),
                key: None,
            }),
            None => error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts_read_as_people_write_them() {
        assert_eq!(parse_bytes("67108864"), Ok(64 << 20));
        assert_eq!(parse_bytes("64M"), Ok(64 << 20));
        assert_eq!(parse_bytes(" 64MiB "), Ok(64 << 20));
        assert_eq!(parse_bytes("512k"), Ok(512 << 10));
        assert_eq!(parse_bytes("1G"), Ok(1 << 30));
        for bad in ["", "M", "-1", "1.5M", "3T", "0", "99999999999999999999G"] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_engine_error_keeps_its_message_and_place() {
        let e = gotemplate::render_str(
            "t.tmpl",
            "\n {{index 1 2}}",
            gotemplate::Syntax::Go,
            &minijinja::Value::from(()),
            MissingKey::Default,
        )
        .unwrap_err();
        let app = Error::from(e.clone());
        assert_eq!(
            (app.kind, app.message.as_str()),
            (Kind::Template, e.message())
        );
        let at = app.location().unwrap();
        assert_eq!(
            (at.file.as_deref(), at.line, at.column),
            (Some("t.tmpl"), Some(2), Some(3))
        );
    }

    #[test]
    fn budget_messages_say_how_to_raise_them() {
        let mut engine = engine(
            MissingKey::Default,
            Limits {
                fuel: 100,
                bytes: 10,
            },
        );
        let runaway = r#"{{define "a"}}{{template "a"}}{{template "a"}}{{end}}{{template "a"}}"#;
        let none = minijinja::Value::from(());
        for (name, source, hint) in [
            ("f.tmpl", runaway, HINTS.fuel),
            ("b.tmpl", r#"{{printf "%100d" 1}}"#, HINTS.bytes),
        ] {
            engine.add(name, source, gotemplate::Syntax::Go).unwrap();
            let e = engine.render(name, &none).unwrap_err();
            assert!(e.message().ends_with(hint), "{e}");
        }
    }
}
