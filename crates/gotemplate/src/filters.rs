//! minijinja's builtins whose output a template sizes, charged to the byte budget before
//! they allocate: the same output, but a result that would not fit the render's budget
//! fails before it is built.
//!
//! minijinja bounds them by its fuel alone, which pays for 64 bytes a step: the default
//! budget of ten million steps lets one call build 640 MB, and `tojson(indent=N)` is
//! charged only once its text exists (a project template asked it for 10 GB). Each
//! builtin here measures its result first ([`crate::measure`]), refuses it when it does
//! not fit what the render has left, and charges it once built.

use minijinja::value::{Kwargs, Rest, StringInput, Value, ValueOrKwargs};
use minijinja::{filters, AutoEscape, Environment, Error, ErrorKind, State};

use crate::budget;
use crate::measure::{debug_len, display_len, json_len, Indent};

/// How many bytes HTML escaping turns one byte into at most (`&quot;`, `&#x27;`).
const MAX_ESCAPE: usize = 6;

/// What one `format` conversion may write beyond its width, precision and argument
/// (a sign, a prefix, an exponent).
const FORMAT_SLACK: usize = 32;

/// What one slot of a list holds: a value, as the budget counts it.
const SLOT_BYTES: usize = std::mem::size_of::<Value>();

/// `tojson`'s indent when it is `true`, as minijinja has it.
const TOJSON_TRUE_INDENT: usize = 2;

/// Registers the charged builtins over minijinja's own.
pub fn register(env: &mut Environment<'_>) {
    env.add_filter("tojson", tojson);
    env.add_filter("indent", indent);
    env.add_filter("join", join);
    env.add_filter("replace", replace);
    env.add_filter("format", format);
    env.add_filter("pprint", pprint);
    env.add_filter("string", string);
    env.add_filter("batch", batch);
    env.add_filter("slice", slice);
    env.add_function("debug", debug);
}

/// The error of a result that does not fit: the budget is spent, so the engine reports
/// it as the byte budget's.
fn over_budget() -> Error {
    budget::spend();
    Error::new(ErrorKind::InvalidOperation, budget::spent_message())
}

/// Checks that a result of `size` bytes (`None`: past the render's room) fits.
fn ensure(size: Option<usize>) -> Result<(), Error> {
    match size {
        Some(n) if !budget::is_spent() && n <= budget::room() => Ok(()),
        _ => Err(over_budget()),
    }
}

/// Charges a built result.
fn charged(value: Value) -> Result<Value, Error> {
    let len = value.as_str().map_or(0, str::len);
    if !budget::charge(len) {
        return Err(over_budget());
    }
    Ok(value)
}

fn tojson(value: &Value, indent: Option<Value>, kwargs: Kwargs) -> Result<Value, Error> {
    let asked = match &indent {
        Some(v) => Some(v.clone()),
        None => kwargs.peek::<Option<Value>>("indent")?,
    };
    ensure(json_len(
        value,
        tojson_indent(asked.as_ref()),
        budget::room(),
    ))?;
    charged(filters::tojson(value, indent, kwargs)?)
}

/// The layout `tojson`'s `indent` asks for, as minijinja reads it; a value it rejects
/// is measured on one line, and minijinja then reports it.
fn tojson_indent(indent: Option<&Value>) -> Indent {
    let indent = indent?;
    match bool::try_from(indent.clone()) {
        Ok(true) => Some(TOJSON_TRUE_INDENT),
        Ok(false) => None,
        Err(_) => usize::try_from(indent.clone()).ok(),
    }
}

/// minijinja's `indent`, measured first; its arguments are parsed here because a list
/// given as the text is printed to a string before any filter sees it.
fn indent(state: &State, args: Rest<ValueOrKwargs>) -> Result<Value, Error> {
    let args = args.into_values();
    let (value, width, first, blank, kwargs): (
        Value,
        Option<usize>,
        Option<bool>,
        Option<bool>,
        Kwargs,
    ) = minijinja::value::from_args(&args)?;
    let text = text_of(state, &value)?;
    let spaces = match width {
        Some(w) => Some(w),
        None => kwargs.peek::<Option<usize>>("width")?,
    };
    let lines = text.as_str().bytes().filter(|&b| b == b'\n').count() + 1;
    let size = spaces
        .unwrap_or(4)
        .checked_mul(lines)
        .and_then(|n| n.checked_add(text.as_str().len()));
    ensure(size)?;
    charged(filters::indent(text, width, first, blank, kwargs)?)
}

/// `value` as a filter's text argument, once its printed length is known to fit: a
/// list holding one long string many times prints far longer than it is.
fn text_of<'a>(state: &State, value: &'a Value) -> Result<StringInput<'a>, Error> {
    if value.as_str().is_none() {
        ensure(display_len(value, budget::room()))?;
    }
    StringInput::new(state, value)
}

fn join(
    state: &mut State,
    value: &Value,
    joiner: Option<Value>,
    attribute: Option<&str>,
    kwargs: Kwargs,
) -> Result<Value, Error> {
    let joiner = joiner.as_ref().map(|j| text_of(state, j)).transpose()?;
    let sep = match &joiner {
        Some(j) => j.as_str().len(),
        None => kwargs.peek::<Option<&str>>("d")?.map_or(0, str::len),
    };
    let attribute_named = attribute.or(kwargs.peek::<Option<&str>>("attribute")?);
    ensure(joined_len(state, value, sep, attribute_named))?;
    charged(filters::join(state, value, joiner, attribute, kwargs)?)
}

/// An upper bound on what `join` builds: each item printed (escaped, when the template
/// escapes), and the separator between them; `None` past the render's room.
fn joined_len(state: &State, value: &Value, sep: usize, attribute: Option<&str>) -> Option<usize> {
    let room = budget::room();
    let escape = match state.auto_escape() {
        AutoEscape::None => 1,
        _ => MAX_ESCAPE,
    };
    let Ok(items) = value.try_iter() else {
        // Not a list: minijinja reports it.
        return Some(0);
    };
    let mut total: usize = 0;
    for (i, item) in items.enumerate() {
        let item = match attribute {
            Some(path) => attribute_at(&item, path),
            None => item,
        };
        let len = match item.as_str() {
            Some(s) => s.len(),
            None => display_len(&item, room)?,
        };
        let sep = if i == 0 { 0 } else { sep };
        total = total.saturating_add(len.saturating_mul(escape).saturating_add(sep));
        if total > room {
            return None;
        }
    }
    Some(total)
}

/// `join`'s `attribute` of `item` (minijinja's `get_path`): dotted, numbers index.
fn attribute_at(item: &Value, path: &str) -> Value {
    let mut value = item.clone();
    for part in path.split('.') {
        let next = match part.parse::<usize>() {
            Ok(i) => value.get_item(&Value::from(i)),
            Err(_) => value.get_attr(part),
        };
        value = next.unwrap_or_default();
    }
    value
}

/// minijinja's `replace` (with its `count`), measured first.
fn replace(state: &mut State, args: Rest<ValueOrKwargs>) -> Result<Value, Error> {
    let args = args.into_values();
    let (value, from, to, count, kwargs): (Value, Value, Value, Option<i64>, Kwargs) =
        minijinja::value::from_args(&args)?;
    let (value, from, to) = (
        text_of(state, &value)?,
        text_of(state, &from)?,
        text_of(state, &to)?,
    );
    let count = match count {
        Some(count) => Some(count),
        None => kwargs.get::<Option<i64>>("count")?,
    };
    kwargs.assert_all_used()?;
    let count = count
        .and_then(|c| usize::try_from(c).ok())
        .unwrap_or(usize::MAX);
    let safety_aware = !matches!(state.auto_escape(), AutoEscape::None)
        && (value.is_safe() || from.is_safe() || to.is_safe());
    if !safety_aware {
        let (value, from, to) = (value.as_str(), from.as_str(), to.as_str());
        ensure(replaced_len(value, from, to, count))?;
        return charged(Value::from(value.replacen(from, to, count)));
    }
    let value = value.format(state)?;
    let to = to.format(state)?;
    ensure(replaced_len(&value, from.as_str(), &to, count))?;
    charged(Value::from_safe_string(value.replacen(
        from.as_str(),
        &to,
        count,
    )))
}

/// What replacing `count` matches of `from` in `value` by `to` leaves.
fn replaced_len(value: &str, from: &str, to: &str, count: usize) -> Option<usize> {
    if to.len() <= from.len() {
        return Some(value.len());
    }
    let matches = value.matches(from).take(count).count();
    matches
        .checked_mul(to.len() - from.len())?
        .checked_add(value.len())
}

fn format(state: &mut State, format: &Value, args: Rest<ValueOrKwargs>) -> Result<Value, Error> {
    let room = budget::room();
    let widest = args
        .0
        .iter()
        .map(|a| display_len(&**a, room))
        .try_fold(0, |max, len| Some(max.max(len?)));
    ensure(widest.and_then(|w| formatted_len(format.as_str().unwrap_or(""), w)))?;
    charged(filters::format(state, format, args)?)
}

/// An upper bound on what printf-style `format` writes when no argument prints longer
/// than `widest`: each conversion at most its width and precision (every number in the
/// format adds up to more) and the widest argument.
fn formatted_len(format: &str, widest: usize) -> Option<usize> {
    let conversions = format.matches('%').count();
    let numbers = format
        .split(|c: char| !c.is_ascii_digit())
        .filter(|digits| !digits.is_empty())
        .try_fold(0usize, |sum, digits| sum.checked_add(digits.parse().ok()?))?;
    conversions
        .checked_mul(widest.checked_add(FORMAT_SLACK)?)?
        .checked_add(numbers)?
        .checked_add(format.len())
}

fn pprint(value: &Value) -> Result<Value, Error> {
    ensure(debug_len(value, budget::room()))?;
    charged(Value::from(filters::pprint(value)))
}

fn string(state: &State, value: &Value) -> Result<Value, Error> {
    if value.as_str().is_none() {
        ensure(display_len(value, budget::room()))?;
    }
    charged(filters::string(state, value)?)
}

/// minijinja's `batch`: lists of `count`, the last filled up to it, so `count` slots at
/// least whatever the list holds.
fn batch(state: &State, value: Value, count: usize, fill: Option<Value>) -> Result<Value, Error> {
    ensure(slots_len(&value, count))?;
    filters::batch(state, value, count, fill)
}

/// minijinja's `slice`: `count` lists, however short the list.
fn slice(state: &State, value: Value, count: usize, fill: Option<Value>) -> Result<Value, Error> {
    ensure(slots_len(&value, count))?;
    filters::slice(state, value, count, fill)
}

/// The bytes of the lists `batch` and `slice` build from `value` for `count`.
fn slots_len(value: &Value, count: usize) -> Option<usize> {
    let items = value.len().unwrap_or(0);
    items.checked_add(count)?.checked_mul(SLOT_BYTES)
}

/// minijinja's `debug()`: the whole state, or its arguments, pretty-printed.
fn debug(state: &State, args: Rest<Value>) -> Result<Value, Error> {
    let room = budget::room();
    let text = match args.0.as_slice() {
        [] => {
            ensure(debug_len(state, room))?;
            format!("{state:#?}")
        }
        [one] => {
            ensure(debug_len(one, room))?;
            format!("{one:#?}")
        }
        all => {
            ensure(debug_len(&all, room))?;
            format!("{all:#?}")
        }
    };
    charged(Value::from(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{render_str, MissingKey, Syntax};

    fn jinja(source: &str) -> Result<String, crate::Error> {
        render_str(
            "t.j2",
            source,
            Syntax::Jinja,
            &Value::from(()),
            MissingKey::Default,
        )
    }

    /// What minijinja's own builtins print for `source`.
    fn minijinjas(source: &str) -> Result<String, minijinja::Error> {
        let mut env = Environment::new();
        env.set_auto_escape_callback(|_| AutoEscape::None);
        env.render_str(source, ())
    }

    #[test]
    fn the_charged_builtins_print_as_minijinjas() {
        let cases = [
            r#"{{ {"a": [1, "<x>", 0.5, true], "b": {}}|tojson }}"#,
            "{{ [1, [2, {'k': none}]]|tojson(indent=1) }}",
            "{{ [1]|tojson(true) }}{{ [1]|tojson(false) }}{{ [1]|tojson(indent=3) }}",
            "{{ 'a\nb\n'|indent(2) }}|{{ 'a\n\nb'|indent(width=1, first=true, blank=true) }}",
            "{{ [1, 'b', none, [2]]|join('-') }}{{ 'abc'|join }}",
            "{{ [{'n': 1}, {'n': [2, 3]}]|join(',', attribute='n') }}",
            "{{ [{'n': [1, 2]}]|join(d='+', attribute='n.1') }}",
            "{{ 'aaa'|replace('a', 'bc', 2) }}{{ 'aaa'|replace('a', 'b', count=1) }}",
            "{{ 'aaa'|replace('', '-') }}{{ 'aaa'|replace('aa', '') }}",
            "{{ '%5s|%-3d|%.2f|%x'|format('x', 7, 3.14159, 255) }}",
            "{{ '%(a)s-%(a)s'|format(a=1) }}",
            "{{ [1, 'a', {'k': 2}]|pprint }}",
            "{{ [1, 'a']|string }}{{ 'x'|string }}{{ 2|string }}",
            "{{ debug(1) }}{{ debug(1, 'a') }}",
            "{{ range(7)|batch(3, 'f') }}{{ range(7)|batch(3) }}{{ range(7)|slice(3, 0) }}",
            "{{ 'abc'|slice(2) }}{{ [1]|batch(0) }}",
            "{% autoescape true %}{{ ['<', '>'|safe]|join('&') }}{{ '<a>'|replace('a', '&') }}{% endautoescape %}",
            "{{ 1|join }}",
            "{{ [1]|tojson(indent='x') }}",
        ];
        for source in cases {
            let ours = jinja(source).map_err(|e| e.message().to_string());
            let theirs = minijinjas(source).map_err(|e| e.to_string());
            match (ours, theirs) {
                (Ok(ours), Ok(theirs)) => assert_eq!(ours, theirs, "{source}"),
                (Err(_), Err(_)) => {}
                (ours, theirs) => panic!("{source}: {ours:?} against {theirs:?}"),
            }
        }
    }
}
