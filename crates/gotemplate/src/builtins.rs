//! Go's template builtins as minijinja functions, with Go's semantics and error wording
//! (text/template funcs.go and exec.go), plus the helpers the lowered Go templates use:
//! `field`, `method`, `each`, `fail`, `complex` and the `show` filter.
//!
//! Errors carry an [`ExecFault`] so the engine can report them at the right Go node.

use minijinja::value::{Rest, Value};
use minijinja::{Environment, Error, ErrorKind};

use super::budget;
use super::escape::{eval_args, html_escape, js_escape, query_escape};
use super::gofmt::{print_value, sprint, sprintf, sprintln};
use super::strconv::quote;
use super::value::{
    as_complex, as_i128, complex, kind, nil, reslice, slice_cap, type_name, uint8, GoKind,
};

/// Go's `missingkey` option: what `.key` gives when a map has no such key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MissingKey {
    /// Print `<no value>` (Go's default, also called `invalid`).
    #[default]
    Default,
    /// The map element type's zero value (for `map[string]any` also `<no value>`).
    Zero,
    /// Stop with an error.
    Error,
}

/// Which node of a call an error belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blame {
    /// The call (or field access) itself.
    Call,
    /// `printf`'s format argument.
    Format,
}

/// A Go execution error raised by a builtin; `message` is Go's text after `at <node>: `.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct ExecFault {
    pub message: String,
    pub blame: Blame,
}

fn fault(message: impl Into<String>) -> Error {
    fault_at(message, Blame::Call)
}

fn fault_at(message: impl Into<String>, blame: Blame) -> Error {
    let message = message.into();
    Error::new(ErrorKind::InvalidOperation, message.clone())
        .with_source(ExecFault { message, blame })
}

/// `error calling NAME: MSG`, as Go wraps a builtin's own error.
fn calling(name: &str, msg: impl std::fmt::Display) -> Error {
    fault(format!("error calling {name}: {msg}"))
}

/// Registers the Go builtins and helpers on `env`.
pub fn register(env: &mut Environment<'_>, missing: MissingKey) {
    env.add_filter("show", |v: Value| shown(print_value(&v)));
    env.add_function("field", move |recv: Value, names: Rest<String>| {
        field_chain(recv, &names, missing)
    });
    env.add_function(
        "method",
        move |recv: Value, names: Vec<String>, _last: Rest<Value>| method(recv, &names, missing),
    );
    env.add_function("each", each);
    env.add_function("undeclared", || Value::from_object(Undeclared));
    env.add_function("declared", |v: Value, msg: String| {
        match v.downcast_object_ref::<Undeclared>() {
            Some(_) => Err(fault(msg)),
            None => Ok(v),
        }
    });
    env.add_function("boxed", |v: Value| {
        if v.is_undefined() {
            v
        } else {
            Value::from_object(Boxed)
        }
    });
    env.add_function(
        "unbox",
        |v: Value| if v.is_none() { Value::UNDEFINED } else { v },
    );
    env.add_function(
        "fail",
        |msg: String, _evaluated: Rest<Value>| -> Result<Value, Error> { Err(fault(msg)) },
    );
    env.add_function("complex", |re: f64, im: f64| complex(re, im));
    env.add_function("len", |args: Rest<Value>| {
        one_arg("len", &args).and_then(length)
    });
    env.add_function("index", |args: Rest<Value>| index(&args));
    env.add_function("slice", |args: Rest<Value>| slice(&args));
    env.add_function("print", |args: Rest<Value>| {
        produced("print", sprint(&as_interfaces(&args)))
    });
    env.add_function("println", |args: Rest<Value>| {
        produced("println", sprintln(&as_interfaces(&args)))
    });
    env.add_function("printf", |args: Rest<Value>| printf(&args));
    env.add_function("html", |args: Rest<Value>| {
        produced("html", html_escape(&eval_args(&args)))
    });
    env.add_function("js", |args: Rest<Value>| {
        produced("js", js_escape(&eval_args(&args)))
    });
    env.add_function("urlquery", |args: Rest<Value>| {
        produced("urlquery", query_escape(&eval_args(&args)))
    });
    env.add_function("call", |args: Rest<Value>| call(&args));
    env.add_function("eq", |args: Rest<Value>| {
        let Some((first, rest)) = args.split_first() else {
            return Err(arity("eq", "at least 1", 0));
        };
        eq(first, rest).map_err(|e| calling("eq", e))
    });
    env.add_function("ne", |args: Rest<Value>| {
        let [a, b] = two_args("ne", &args)?;
        eq(a, std::slice::from_ref(b))
            .map(|t| !t)
            .map_err(|e| calling("ne", e))
    });
    for (name, op) in [
        ("lt", Ordering::Lt),
        ("le", Ordering::Le),
        ("gt", Ordering::Gt),
        ("ge", Ordering::Ge),
    ] {
        env.add_function(name, move |args: Rest<Value>| {
            let [a, b] = two_args(name, &args)?;
            compare(op, a, b).map_err(|e| calling(name, e))
        });
    }
}

fn arity(name: &str, want: &str, got: usize) -> Error {
    fault(format!(
        "wrong number of args for {name}: want {want} got {got}"
    ))
}

fn one_arg<'a>(name: &str, args: &'a [Value]) -> Result<&'a Value, Error> {
    match args {
        [a] => Ok(a),
        _ => Err(arity(name, "1", args.len())),
    }
}

fn two_args<'a>(name: &str, args: &'a [Value]) -> Result<[&'a Value; 2], Error> {
    match args {
        [a, b] => Ok([a, b]),
        _ => Err(arity(name, "2", args.len())),
    }
}

/// Go passes a missing value to an `interface{}` parameter as nil.
fn as_interfaces(args: &[Value]) -> Vec<Value> {
    args.iter()
        .map(|v| if v.is_undefined() { nil() } else { v.clone() })
        .collect()
}

/// `.a.b.c` on `recv` (exec.go `evalFieldChain` over map data).
fn field_chain(mut recv: Value, names: &[String], missing: MissingKey) -> Result<Value, Error> {
    for (i, name) in names.iter().enumerate() {
        recv = field(&recv, name, i > 0, missing)?;
    }
    Ok(recv)
}

/// One step of a field chain. `boxed` says the receiver came out of a map (Go types it
/// `interface {}`), which is how Go names it in errors.
fn field(recv: &Value, name: &str, boxed: bool, missing: MissingKey) -> Result<Value, Error> {
    match kind(recv) {
        GoKind::Invalid => {
            if missing == MissingKey::Error {
                return Err(fault(format!("nil data; no entry for key {}", quote(name))));
            }
            Ok(Value::UNDEFINED)
        }
        GoKind::Nil => Err(fault(format!(
            "nil pointer evaluating interface {{}}.{name}"
        ))),
        GoKind::Map => match map_get(recv, &Value::from(name)) {
            Some(v) => Ok(v),
            None => match missing {
                MissingKey::Default => Ok(Value::UNDEFINED),
                MissingKey::Zero => Ok(nil()),
                MissingKey::Error => {
                    Err(fault(format!("map has no entry for key {}", quote(name))))
                }
            },
        },
        _ => {
            let ty = if boxed {
                "interface {}"
            } else {
                type_name(recv)
            };
            Err(fault(format!("can't evaluate field {name} in type {ty}")))
        }
    }
}

/// `.a.b arg...`: Go would call a method `b`, which map data never has.
fn method(recv: Value, names: &[String], missing: MissingKey) -> Result<Value, Error> {
    let Some((last, init)) = names.split_last() else {
        return Ok(recv);
    };
    let recv = field_chain(recv, init, missing)?;
    match kind(&recv) {
        GoKind::Map => Err(fault(format!("{last} is not a method but has arguments"))),
        _ => field(&recv, last, !init.is_empty(), missing),
    }
}

/// The `(key, element)` pairs a Go `range` visits: indexes for lists, sorted keys for maps.
fn each(v: Value) -> Result<Value, Error> {
    match kind(&v) {
        GoKind::Invalid | GoKind::Nil => Ok(Value::from(Vec::<Value>::new())),
        GoKind::Slice => {
            let items = v.try_iter()?;
            Ok(Value::from(
                items
                    .enumerate()
                    .map(|(i, e)| Value::from(vec![Value::from(i), e]))
                    .collect::<Vec<_>>(),
            ))
        }
        GoKind::Map => Ok(Value::from(
            sorted_entries(&v)?
                .into_iter()
                .map(|(k, e)| Value::from(vec![k, e]))
                .collect::<Vec<_>>(),
        )),
        _ => Err(fault(format!("range can't iterate over {}", sprint(&[v])))),
    }
}

/// A map's entries in Go's order (keys sorted bytewise).
fn sorted_entries(v: &Value) -> Result<Vec<(Value, Value)>, Error> {
    let mut keys: Vec<Value> = v.try_iter()?.collect();
    keys.sort_by(|a, b| a.as_str().unwrap_or("").cmp(b.as_str().unwrap_or("")));
    Ok(keys
        .into_iter()
        .map(|k| {
            let e = map_get(v, &k).unwrap_or(nil());
            (k, e)
        })
        .collect())
}

/// A map's value for `key`, or `None` when the key is absent.
fn map_get(map: &Value, key: &Value) -> Option<Value> {
    map.get_item(key).ok().filter(|v| !v.is_undefined())
}

fn length(item: &Value) -> Result<Value, Error> {
    let n = match kind(item) {
        GoKind::Invalid => {
            return Err(calling(
                "len",
                "reflect: call of reflect.Value.Type on zero Value",
            ))
        }
        GoKind::Nil => return Err(calling("len", "len of nil pointer")),
        GoKind::String => item.as_str().map_or(0, str::len),
        GoKind::Slice | GoKind::Map => item.len().unwrap_or(0),
        _ => return Err(calling("len", format!("len of type {}", type_name(item)))),
    };
    Ok(Value::from(n))
}

/// What a variable holds when the `and`/`or` operand that declares it did not run.
#[derive(Debug)]
struct Undeclared;

impl minijinja::value::Object for Undeclared {}

/// A map value or range element handed to `slice` as an index: Go 1.19's `slice` does
/// not look inside `interface {}` values as `index` does.
#[derive(Debug)]
struct Boxed;

impl minijinja::value::Object for Boxed {}

/// An index argument (funcs.go `indexArg`); `cap` bounds it inclusively, as Go does.
fn index_arg(index: &Value, cap: usize) -> Result<usize, String> {
    if index.downcast_object_ref::<Boxed>().is_some() {
        return Err("cannot index slice/array with type interface {}".into());
    }
    let x = match kind(index) {
        GoKind::Int | GoKind::Uint8 => match as_i128(index).map(i64::try_from) {
            Some(Ok(x)) => x,
            _ => {
                return Err(format!(
                    "cannot index slice/array with type {}",
                    type_name(index)
                ))
            }
        },
        GoKind::Invalid | GoKind::Nil => {
            return Err("cannot index slice/array with nil".into());
        }
        _ => {
            return Err(format!(
                "cannot index slice/array with type {}",
                type_name(index)
            ))
        }
    };
    match usize::try_from(x) {
        Ok(i) if i <= cap => Ok(i),
        _ => Err(format!("index out of range: {x}")),
    }
}

fn index(args: &[Value]) -> Result<Value, Error> {
    let Some((item, indexes)) = args.split_first() else {
        return Err(arity("index", "at least 1", 0));
    };
    let err = |m: String| calling("index", m);
    let mut item = item.clone();
    if matches!(kind(&item), GoKind::Invalid | GoKind::Nil) {
        return Err(err("index of untyped nil".into()));
    }
    for idx in indexes {
        item = match kind(&item) {
            GoKind::Invalid | GoKind::Nil => return Err(err("index of nil pointer".into())),
            GoKind::Slice => {
                let len = item.len().unwrap_or(0);
                let i = index_arg(idx, len).map_err(err)?;
                if i == len {
                    return Err(err("reflect: slice index out of range".into()));
                }
                item.get_item_by_index(i).unwrap_or(nil())
            }
            GoKind::String => {
                let s = item.as_str().unwrap_or("");
                let i = index_arg(idx, s.len()).map_err(err)?;
                match s.as_bytes().get(i) {
                    Some(b) => uint8(*b),
                    None => return Err(err("reflect: string index out of range".into())),
                }
            }
            GoKind::Map => {
                let key = match kind(idx) {
                    GoKind::String => idx.clone(),
                    GoKind::Invalid | GoKind::Nil => {
                        return Err(err("value is nil; should be of type string".into()))
                    }
                    _ => {
                        return Err(err(format!(
                            "value has type {}; should be string",
                            type_name(idx)
                        )))
                    }
                };
                map_get(&item, &key).unwrap_or(nil())
            }
            _ => {
                return Err(err(format!(
                    "can't index item of type {}",
                    type_name(&item)
                )))
            }
        };
    }
    Ok(item)
}

fn slice(args: &[Value]) -> Result<Value, Error> {
    let Some((item, indexes)) = args.split_first() else {
        return Err(arity("slice", "at least 1", 0));
    };
    let err = |m: String| calling("slice", m);
    if matches!(kind(item), GoKind::Invalid | GoKind::Nil) {
        return Err(err("slice of untyped nil".into()));
    }
    if indexes.len() > 3 {
        return Err(err(format!("too many slice indexes: {}", indexes.len())));
    }
    let (len, cap) = match kind(item) {
        GoKind::String => {
            if indexes.len() == 3 {
                return Err(err("cannot 3-index slice a string".into()));
            }
            let len = item.as_str().map_or(0, str::len);
            (len, len)
        }
        GoKind::Slice => (item.len().unwrap_or(0), slice_cap(item).unwrap_or(0)),
        _ => return Err(err(format!("can't slice item of type {}", type_name(item)))),
    };
    let mut idx = [0, len, cap];
    for (i, index) in indexes.iter().enumerate() {
        idx[i] = index_arg(index, cap).map_err(err)?;
    }
    if idx[0] > idx[1] {
        return Err(err(format!("invalid slice index: {} > {}", idx[0], idx[1])));
    }
    if indexes.len() == 3 && idx[1] > idx[2] {
        return Err(err(format!("invalid slice index: {} > {}", idx[1], idx[2])));
    }
    let (lo, hi) = (idx[0], idx[1]);
    if let Some(s) = item.as_str() {
        let bytes = &s.as_bytes()[lo..hi];
        return Ok(match std::str::from_utf8(bytes) {
            Ok(s) => Value::from(s),
            // Go can cut a UTF-8 sequence in half; minijinja strings cannot hold that.
            Err(_) => Value::from(String::from_utf8_lossy(bytes).into_owned()),
        });
    }
    Ok(reslice(item, lo, hi, idx[2]))
}

fn printf(args: &[Value]) -> Result<Value, Error> {
    let Some((format, rest)) = args.split_first() else {
        return Err(arity("printf", "at least 1", 0));
    };
    let format = match kind(format) {
        GoKind::String => format.as_str().unwrap_or(""),
        GoKind::Invalid => {
            return Err(fault_at("invalid value; expected string", Blame::Format));
        }
        GoKind::Nil => {
            return Err(fault_at(
                "wrong type for value; expected string; got interface {}",
                Blame::Format,
            ))
        }
        _ => {
            return Err(fault_at(
                format!(
                    "wrong type for value; expected string; got {}",
                    type_name(format)
                ),
                Blame::Format,
            ))
        }
    };
    produced("printf", sprintf(format, &as_interfaces(rest)))
}

/// An action's printed value, about to be written: a value that would overrun the byte
/// budget fails here, at its action, rather than in the writer, which knows no position.
fn shown(text: String) -> Result<String, Error> {
    if text.len() > budget::room() {
        budget::spend();
        return Err(fault(budget::spent_message()));
    }
    Ok(text)
}

/// A builtin's string result, counted against the render's byte budget (see
/// [`super::budget`]); a result that does not fit is an error of the call.
fn produced(name: &str, text: String) -> Result<Value, Error> {
    if budget::is_spent() || !budget::charge(text.len()) {
        return Err(calling(name, budget::spent_message()));
    }
    Ok(Value::from(text))
}

fn call(args: &[Value]) -> Result<Value, Error> {
    let Some(f) = args.first() else {
        return Err(arity("call", "at least 1", 0));
    };
    match kind(f) {
        GoKind::Invalid | GoKind::Nil => Err(calling("call", "call of nil")),
        _ => Err(calling(
            "call",
            format!("non-function of type {}", type_name(f)),
        )),
    }
}

/// Go's `basicKind`: the comparable scalar kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Basic {
    Bool,
    Int,
    Float,
    Complex,
    String,
    /// Not a basic kind (nil, missing, list, map).
    Other,
}

fn basic(v: &Value) -> Basic {
    match kind(v) {
        GoKind::Bool => Basic::Bool,
        // Go compares ints and uints by value.
        GoKind::Int | GoKind::Uint8 => Basic::Int,
        GoKind::Float => Basic::Float,
        GoKind::Complex => Basic::Complex,
        GoKind::String => Basic::String,
        _ => Basic::Other,
    }
}

fn is_nil(v: &Value) -> bool {
    matches!(kind(v), GoKind::Invalid | GoKind::Nil)
}

const BAD_COMPARISON: &str = "incompatible types for comparison";
const BAD_COMPARISON_TYPE: &str = "invalid type for comparison";

/// funcs.go `eq`: true if `a` equals any of `others`.
fn eq(a: &Value, others: &[Value]) -> Result<bool, String> {
    if others.is_empty() {
        return Err("missing argument for comparison".into());
    }
    let k1 = basic(a);
    for b in others {
        let k2 = basic(b);
        let truth = if k1 != k2 {
            if !is_nil(a) && !is_nil(b) {
                return Err(BAD_COMPARISON.into());
            }
            false
        } else {
            match k1 {
                Basic::Bool => a.is_true() == b.is_true(),
                Basic::Int => as_i64(a) == as_i64(b),
                Basic::Float => as_f64(a) == as_f64(b),
                Basic::Complex => as_complex(a) == as_complex(b),
                Basic::String => a.as_str() == b.as_str(),
                Basic::Other => {
                    if kind(a) != kind(b) && !is_nil(a) && !is_nil(b) {
                        return Err(format!(
                            "non-comparable types {}: {}, {}: {}",
                            sprintf("%s", std::slice::from_ref(a)),
                            type_name(a),
                            type_name(b),
                            sprint(std::slice::from_ref(b))
                        ));
                    }
                    if is_nil(a) || is_nil(b) {
                        is_nil(a) == is_nil(b)
                    } else {
                        return Err(format!(
                            "non-comparable type {}: {}",
                            sprintf("%s", std::slice::from_ref(b)),
                            type_name(b)
                        ));
                    }
                }
            }
        };
        if truth {
            return Ok(true);
        }
    }
    Ok(false)
}

#[derive(Debug, Clone, Copy)]
enum Ordering {
    Lt,
    Le,
    Gt,
    Ge,
}

/// funcs.go `lt`, `le`, `gt`, `ge`.
fn compare(op: Ordering, a: &Value, b: &Value) -> Result<bool, String> {
    let less = || -> Result<bool, String> {
        let (k1, k2) = (basic(a), basic(b));
        if k1 == Basic::Other || k2 == Basic::Other {
            return Err(BAD_COMPARISON_TYPE.into());
        }
        if k1 != k2 {
            return Err(BAD_COMPARISON.into());
        }
        Ok(match k1 {
            Basic::Int => as_i64(a) < as_i64(b),
            Basic::Float => as_f64(a) < as_f64(b),
            Basic::String => a.as_str() < b.as_str(),
            _ => return Err(BAD_COMPARISON_TYPE.into()),
        })
    };
    let less_or_equal =
        || -> Result<bool, String> { Ok(less()? || eq(a, std::slice::from_ref(b))?) };
    match op {
        Ordering::Lt => less(),
        Ordering::Le => less_or_equal(),
        Ordering::Gt => less_or_equal().map(|le| !le),
        Ordering::Ge => less().map(|lt| !lt),
    }
}

fn as_i64(v: &Value) -> Option<i128> {
    as_i128(v)
}

fn as_f64(v: &Value) -> Option<f64> {
    f64::try_from(v.clone()).ok()
}
