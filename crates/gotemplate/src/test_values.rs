//! Shorthands for building template values in tests, shared by the fmt and escape tests
//! (whose tables are generated from Go).

use minijinja::Value;

use super::value::complex;

pub fn i(n: i64) -> Value {
    Value::from(n)
}

/// A float from Go's spelling (`+Inf`, `-Inf` and `NaN` included).
pub fn f(s: &str) -> Value {
    Value::from(parse_f64(s))
}

pub fn parse_f64(s: &str) -> f64 {
    match s {
        "+Inf" => f64::INFINITY,
        "-Inf" => f64::NEG_INFINITY,
        "NaN" => f64::NAN,
        _ => s.parse().unwrap(),
    }
}

pub fn cx(re: &str, im: &str) -> Value {
    complex(parse_f64(re), parse_f64(im))
}

pub fn s(s: &str) -> Value {
    Value::from(s)
}

pub fn b(b: bool) -> Value {
    Value::from(b)
}

pub fn nil() -> Value {
    Value::from(())
}

pub fn undef() -> Value {
    Value::UNDEFINED
}

pub fn seq(items: Vec<Value>) -> Value {
    Value::from(items)
}

pub fn map(entries: Vec<(&str, Value)>) -> Value {
    Value::from_pairs(entries)
}
