//! The Go view of minijinja values.
//!
//! Templates are rendered with Go `text/template` semantics, but the data is
//! held in minijinja [`Value`]s.  This module decides which Go type each value
//! stands for, so that printing (`gofmt`), truthiness and the builtins agree
//! with what Go does for data decoded from JSON/YAML:
//!
//! | minijinja value                      | Go value                      |
//! |--------------------------------------|-------------------------------|
//! | `Value::UNDEFINED`                   | invalid `reflect.Value` (missing map key) |
//! | none (`Value::from(())`)             | nil `interface{}`             |
//! | bool                                 | `bool`                        |
//! | integer (i64/u64/i128/u128)          | `int`                         |
//! | f64                                  | `float64`                     |
//! | string                               | `string`                      |
//! | sequence or iterable                 | `[]interface {}`              |
//! | map                                  | `map[string]interface {}`     |
//! | a complex object ([`complex`])       | `complex128`                  |
//! | anything else (bytes, functions, plain objects, errors) | an opaque value printed like a Go `fmt.Stringer` through minijinja's `Display` |
//!
//! Integers outside the `i64` range (possible with u64/i128 values) keep
//! their exact value when printed; Go would not have such an `int`.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use minijinja::value::{Object, ObjectRepr, Value, ValueIter, ValueKind};

/// The Go kind a [`Value`] stands for (see the module docs for the mapping).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GoKind {
    /// Go's invalid `reflect.Value`: what a missing map key evaluates to.
    Invalid,
    /// A nil `interface{}` (JSON `null`).
    Nil,
    Bool,
    /// Go `int`.
    Int,
    /// Go `uint8` (a byte): what `index` gives for a string.
    Uint8,
    /// Go `float64`.
    Float,
    /// Go `complex128`.
    Complex,
    String,
    /// Go `[]interface {}`.
    Slice,
    /// Go `map[string]interface {}`.
    Map,
    /// Any other minijinja value (functions, plain objects, bytes, errors).
    Other,
}

/// Go type name of [`GoKind::Other`] values, as printed by `%T`.
pub(crate) const OTHER_TYPE_NAME: &str = "minijinja.Value";

/// Classifies `v` as a Go value.
pub(crate) fn kind(v: &Value) -> GoKind {
    match v.kind() {
        ValueKind::Undefined => GoKind::Invalid,
        ValueKind::None => GoKind::Nil,
        ValueKind::Bool => GoKind::Bool,
        ValueKind::Number if v.is_integer() => GoKind::Int,
        ValueKind::Number => GoKind::Float,
        ValueKind::String => GoKind::String,
        ValueKind::Seq | ValueKind::Iterable => GoKind::Slice,
        ValueKind::Map => GoKind::Map,
        ValueKind::Plain if v.downcast_object_ref::<Complex>().is_some() => GoKind::Complex,
        ValueKind::Plain if v.downcast_object_ref::<Uint8>().is_some() => GoKind::Uint8,
        _ => GoKind::Other,
    }
}

/// The name Go's `%T` prints for the type of `v`.
///
/// Both invalid and nil values print as `<nil>`: text/template hands a
/// missing value to a function as a nil `interface{}`.
pub(crate) fn type_name(v: &Value) -> &'static str {
    match kind(v) {
        GoKind::Invalid | GoKind::Nil => "<nil>",
        GoKind::Bool => "bool",
        GoKind::Int => "int",
        GoKind::Uint8 => "uint8",
        GoKind::Float => "float64",
        GoKind::Complex => "complex128",
        GoKind::String => "string",
        GoKind::Slice => "[]interface {}",
        GoKind::Map => "map[string]interface {}",
        GoKind::Other => OTHER_TYPE_NAME,
    }
}

/// A Go `complex128`, as produced by template literals such as `1.5i` or
/// `1+2i`.  It displays the way Go prints it: `(1+2i)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Complex {
    pub re: f64,
    pub im: f64,
}

impl Object for Complex {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Plain
    }

    /// Go's `isTrue`: a complex number is true iff it is not `0+0i`.
    fn is_true(self: &Arc<Self>) -> bool {
        self.re != 0.0 || self.im != 0.0
    }

    /// Complex numbers are equal (and unordered) like Go's `==`; this keeps
    /// minijinja's own comparisons from falling back to identity.
    fn custom_cmp(self: &Arc<Self>, other: &minijinja::value::DynObject) -> Option<Ordering> {
        let other = other.downcast_ref::<Complex>()?;
        (**self == *other).then_some(Ordering::Equal)
    }

    // The one use of `gofmt` here (which in turn reads values through this module): a
    // complex number must print as Go prints it wherever minijinja renders it, and the
    // float formatting that needs is Go's `strconv`, which lives in `gofmt`.
    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::gofmt::format_complex(self.re, self.im))
    }
}

/// Wraps a Go `complex128` in a [`Value`].
pub fn complex(re: f64, im: f64) -> Value {
    Value::from_object(Complex { re, im })
}

/// The real and imaginary parts of a complex value, if `v` is one.
pub(crate) fn as_complex(v: &Value) -> Option<(f64, f64)> {
    v.downcast_object_ref::<Complex>().map(|c| (c.re, c.im))
}

/// A Go `uint8`: a byte of a string, as `index "abc" 0` gives it.  It
/// displays as its decimal value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Uint8(pub u8);

impl Object for Uint8 {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Plain
    }

    fn is_true(self: &Arc<Self>) -> bool {
        self.0 != 0
    }

    fn custom_cmp(self: &Arc<Self>, other: &minijinja::value::DynObject) -> Option<Ordering> {
        let other = other.downcast_ref::<Uint8>()?;
        Some(self.0.cmp(&other.0))
    }

    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Wraps a Go `uint8` in a [`Value`].
pub(crate) fn uint8(b: u8) -> Value {
    Value::from_object(Uint8(b))
}

/// Go's `isTrue` from text/template's exec.go, as a model the tests hold minijinja's
/// own truthiness (what a lowered `{% if %}` asks) to: false for invalid and nil
/// values, zero numbers (NaN is true, as in Go) and empty strings, slices and
/// maps.  [`GoKind::Other`] values follow minijinja's own truthiness, which
/// for functions and plain objects is true like Go's non-nil pointers.
#[cfg(test)]
pub(crate) fn is_true(v: &Value) -> bool {
    match kind(v) {
        GoKind::Invalid | GoKind::Nil => false,
        GoKind::Bool | GoKind::Int | GoKind::Uint8 | GoKind::String | GoKind::Other => v.is_true(),
        // `v.is_true()` would say false for NaN; Go's `NaN != 0` is true.
        GoKind::Float => as_float(v).is_some_and(|f| f != 0.0),
        GoKind::Complex => as_complex(v).is_some_and(|(re, im)| re != 0.0 || im != 0.0),
        GoKind::Slice | GoKind::Map => match v.len() {
            Some(n) => n > 0,
            None => v.is_true(),
        },
    }
}

/// The value of a Go `bool`.
#[cfg(test)]
pub(crate) fn as_bool(v: &Value) -> Option<bool> {
    match v.kind() {
        ValueKind::Bool => Some(v.is_true()),
        _ => None,
    }
}

/// The value of a Go `int` that fits in 64 bits.  Floats are not ints:
/// Go's builtins treat `1` and `1.0` as different kinds.
pub(crate) fn as_int(v: &Value) -> Option<i64> {
    as_i128(v).and_then(|n| i64::try_from(n).ok())
}

/// The value of a Go `int`, widened so that u64 and i128 values stay exact.
/// A u128 beyond `i128::MAX` saturates.
pub(crate) fn as_i128(v: &Value) -> Option<i128> {
    if let Some(b) = v.downcast_object_ref::<Uint8>() {
        return Some(i128::from(b.0));
    }
    if !v.is_integer() {
        return None;
    }
    i128::try_from(v.clone())
        .ok()
        .or_else(|| u128::try_from(v.clone()).ok().map(|_| i128::MAX))
}

/// The value of a Go `float64`.  Ints are not floats (see [`as_int`]).
pub(crate) fn as_float(v: &Value) -> Option<f64> {
    if v.is_number() && !v.is_integer() {
        f64::try_from(v.clone()).ok()
    } else {
        None
    }
}

/// The text of a Go `string`.
pub(crate) fn as_str(v: &Value) -> Option<&str> {
    match v.kind() {
        ValueKind::String => v.as_str(),
        _ => None,
    }
}

/// Go's `len`: bytes of a string, elements of a slice or map.
pub(crate) fn go_len(v: &Value) -> Option<usize> {
    match kind(v) {
        GoKind::String => v.as_str().map(str::len),
        GoKind::Slice => v.len().or_else(|| v.try_iter().ok().map(Iterator::count)),
        GoKind::Map => v.len(),
        _ => None,
    }
}

/// The elements of a Go slice, in order.
pub(crate) fn seq_iter(v: &Value) -> Option<ValueIter> {
    match kind(v) {
        GoKind::Slice => v.try_iter().ok(),
        _ => None,
    }
}

/// The entries of a Go map, in the order Go's `range` and `fmt` visit them:
/// string keys sorted bytewise.  Non-string keys (which JSON/YAML data does
/// not produce) sort after strings in minijinja's value order.
pub fn sorted_map_entries(v: &Value) -> Option<Vec<(Value, Value)>> {
    if kind(v) != GoKind::Map {
        return None;
    }
    let mut entries: Vec<(Value, Value)> = v.as_object()?.try_iter_pairs()?.collect();
    entries.sort_by(|(a, _), (b, _)| compare_keys(a, b));
    Some(entries)
}

/// Go's map key order for string keys (bytewise), with a total fallback for
/// keys of other kinds.
fn compare_keys(a: &Value, b: &Value) -> Ordering {
    match (as_str(a), as_str(b)) {
        (Some(a), Some(b)) => a.as_bytes().cmp(b.as_bytes()),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a.cmp(b),
    }
}

/// A Go slice with spare capacity: `len` elements of `backing` from `start`, and
/// `cap` reachable by `slice` (elements past the backing vector are nil, as in the
/// zeroed array Go's `append` grows into).
#[derive(Debug)]
pub(crate) struct GoSlice {
    backing: Arc<Vec<Value>>,
    start: usize,
    len: usize,
    cap: usize,
}

impl Object for GoSlice {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Seq
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let i = key.as_usize().filter(|&i| i < self.len)?;
        Some(
            self.backing
                .get(self.start + i)
                .cloned()
                .unwrap_or_else(nil),
        )
    }

    fn enumerate(self: &Arc<Self>) -> minijinja::value::Enumerator {
        minijinja::value::Enumerator::Seq(self.len)
    }
}

/// Dropping nested slices and maps one level at a time would recurse as deep as the
/// data (Go accepts 10000 levels of JSON), so their elements are dropped from a work list.
impl Drop for GoSlice {
    fn drop(&mut self) {
        if let Some(items) = Arc::get_mut(&mut self.backing) {
            drop_iteratively(std::mem::take(items));
        }
    }
}

/// A Go `map[string]interface{}` decoded from data.
#[derive(Debug, Default)]
pub(crate) struct GoMap(pub BTreeMap<String, Value>);

impl Object for GoMap {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Map
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        self.0.get(key.as_str()?).cloned()
    }

    fn enumerate(self: &Arc<Self>) -> minijinja::value::Enumerator {
        minijinja::value::Enumerator::Values(
            self.0.keys().map(|k| Value::from(k.as_str())).collect(),
        )
    }

    fn enumerator_len(self: &Arc<Self>) -> Option<usize> {
        Some(self.0.len())
    }
}

impl Drop for GoMap {
    fn drop(&mut self) {
        drop_iteratively(std::mem::take(&mut self.0).into_values().collect());
    }
}

/// A decoded JSON object.
pub fn go_map(entries: BTreeMap<String, Value>) -> Value {
    Value::from_object(GoMap(entries))
}

/// Drops `work` and everything it holds without recursion: the children of a slice or
/// map that nothing else shares are moved onto the list before their parent goes.
fn drop_iteratively(mut work: Vec<Value>) {
    while let Some(v) = work.pop() {
        if let Some(mut s) = v.downcast_object::<GoSlice>() {
            drop(v);
            if let Some(items) = Arc::get_mut(&mut s).and_then(|s| Arc::get_mut(&mut s.backing)) {
                work.append(items);
            }
        } else if let Some(mut m) = v.downcast_object::<GoMap>() {
            drop(v);
            if let Some(m) = Arc::get_mut(&mut m) {
                work.extend(std::mem::take(&mut m.0).into_values());
            }
        }
    }
}

/// Go 1.19's malloc size classes up to 32 KiB (runtime/sizeclasses.go).
const SIZE_CLASSES: &[usize] = &[
    0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320,
    352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792,
    2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728,
    10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672,
    32768,
];

/// The capacity Go 1.19's `append` leaves a `[]interface{}` with after appending `len`
/// elements one by one to an empty slice, as encoding/json builds arrays (runtime
/// `growslice` with 16-byte elements, rounded up to a malloc size class).
pub(crate) fn appended_cap(len: usize) -> usize {
    const ELEM: usize = 16;
    const PAGE: usize = 8192;
    let mut cap = 0usize;
    while cap < len {
        let want = cap + 1;
        let mut new = if want > cap * 2 {
            want
        } else if cap < 256 {
            cap * 2
        } else {
            let mut n = cap;
            while n < want {
                n += (n + 3 * 256) / 4;
            }
            n
        };
        let bytes = new * ELEM;
        let rounded = match SIZE_CLASSES.iter().find(|&&c| c >= bytes) {
            Some(&c) => c,
            None => bytes.div_ceil(PAGE) * PAGE,
        };
        new = rounded / ELEM;
        cap = new;
    }
    cap
}

/// A decoded JSON array: a Go slice with the capacity Go's decoder leaves it.
pub fn slice_with_cap(items: Vec<Value>) -> Value {
    let len = items.len();
    Value::from_object(GoSlice {
        backing: Arc::new(items),
        start: 0,
        len,
        cap: appended_cap(len),
    })
}

/// The capacity of a Go slice value (its length unless it is a [`GoSlice`]).
pub(crate) fn slice_cap(v: &Value) -> Option<usize> {
    match v.downcast_object_ref::<GoSlice>() {
        Some(s) => Some(s.cap),
        None => go_len(v),
    }
}

/// Go's `x[lo:hi:max]` on a slice value; the caller has checked the bounds against
/// [`slice_cap`].
pub(crate) fn reslice(v: &Value, lo: usize, hi: usize, max: usize) -> Value {
    let (backing, start) = match v.downcast_object_ref::<GoSlice>() {
        Some(s) => (s.backing.clone(), s.start),
        None => (
            Arc::new(v.try_iter().map(|i| i.collect()).unwrap_or_default()),
            0,
        ),
    };
    Value::from_object(GoSlice {
        backing,
        start: start + lo,
        len: hi - lo,
        cap: max - lo,
    })
}

/// Go's nil interface value (minijinja's none).
pub fn nil() -> Value {
    Value::from(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(s: &str) -> Value {
        let v: serde_json::Value = serde_json::from_str(s).unwrap();
        Value::from(minijinja::value::Serde(v))
    }

    #[test]
    fn kinds_follow_the_go_data_model() {
        assert_eq!(kind(&Value::UNDEFINED), GoKind::Invalid);
        assert_eq!(kind(&Value::from(())), GoKind::Nil);
        assert_eq!(kind(&Value::from(true)), GoKind::Bool);
        assert_eq!(kind(&Value::from(1)), GoKind::Int);
        assert_eq!(kind(&Value::from(u64::MAX)), GoKind::Int);
        assert_eq!(kind(&Value::from(-5i128)), GoKind::Int);
        assert_eq!(kind(&Value::from(1.0)), GoKind::Float);
        assert_eq!(kind(&complex(1.0, 2.0)), GoKind::Complex);
        assert_eq!(kind(&Value::from("x")), GoKind::String);
        assert_eq!(kind(&json("[1]")), GoKind::Slice);
        assert_eq!(kind(&json(r#"{"a":1}"#)), GoKind::Map);
        assert_eq!(kind(&Value::from_bytes(vec![1])), GoKind::Other);
        let f = Value::from_function(|| 1);
        assert_eq!(kind(&f), GoKind::Other);
    }

    #[test]
    fn json_numbers_keep_int_and_float_apart() {
        let v = json("[1, 1.0, -3, 2.5e3, 18446744073709551615]");
        let items: Vec<Value> = seq_iter(&v).unwrap().collect();
        assert_eq!(kind(&items[0]), GoKind::Int);
        assert_eq!(kind(&items[1]), GoKind::Float);
        assert_eq!(as_int(&items[2]), Some(-3));
        assert_eq!(as_float(&items[3]), Some(2500.0));
        assert_eq!(as_int(&items[4]), None);
        assert_eq!(as_i128(&items[4]), Some(u64::MAX as i128));
        assert_eq!(as_float(&items[0]), None);
        assert_eq!(as_int(&items[1]), None);
        assert_eq!(as_int(&Value::from(true)), None);
    }

    #[test]
    fn type_names_match_go() {
        let cases = [
            (Value::UNDEFINED, "<nil>"),
            (Value::from(()), "<nil>"),
            (Value::from(false), "bool"),
            (Value::from(7), "int"),
            (Value::from(7.5), "float64"),
            (complex(0.0, 1.5), "complex128"),
            (Value::from("s"), "string"),
            (json("[]"), "[]interface {}"),
            (json("{}"), "map[string]interface {}"),
            (Value::from_bytes(vec![]), OTHER_TYPE_NAME),
        ];
        for (v, want) in cases {
            assert_eq!(type_name(&v), want, "{v:?}");
        }
    }

    #[test]
    fn truthiness_is_gos_is_true() {
        let falsy = [
            Value::UNDEFINED,
            Value::from(()),
            Value::from(false),
            Value::from(0),
            Value::from(0.0),
            Value::from(-0.0),
            complex(0.0, 0.0),
            Value::from(""),
            json("[]"),
            json("{}"),
        ];
        for v in falsy {
            assert!(!is_true(&v), "{v:?} should be false");
            assert!(!v.is_true(), "{v:?}: minijinja disagrees");
        }
        let truthy = [
            Value::from(true),
            Value::from(-1),
            Value::from(0.5),
            Value::from(f64::NAN),
            complex(0.0, 1.0),
            complex(f64::NAN, 0.0),
            Value::from(" "),
            json("[null]"),
            json(r#"{"a":null}"#),
            Value::from_function(|| 1),
        ];
        for v in truthy {
            assert!(is_true(&v), "{v:?} should be true");
            assert!(v.is_true(), "{v:?}: minijinja disagrees");
        }
    }

    #[test]
    fn complex_values_round_trip_and_display_like_go() {
        let c = complex(1.0, -2.5);
        assert_eq!(as_complex(&c), Some((1.0, -2.5)));
        assert_eq!(as_complex(&Value::from(1)), None);
        assert_eq!(c.to_string(), "(1-2.5i)");
        assert_eq!(complex(0.0, 1.5).to_string(), "(0+1.5i)");
        assert_eq!(complex(0.0, 1.5), complex(0.0, 1.5));
        assert_ne!(complex(0.0, 1.5), complex(0.0, 2.5));
    }

    #[test]
    fn map_entries_sort_bytewise() {
        let mut m = BTreeMap::new();
        for k in ["b", "B", "a", "é", "aa", "Z", "_", "10", "9"] {
            m.insert(k, k.len());
        }
        let v = Value::from(m);
        let keys: Vec<String> = sorted_map_entries(&v)
            .unwrap()
            .into_iter()
            .map(|(k, _)| k.to_string())
            .collect();
        assert_eq!(keys, ["10", "9", "B", "Z", "_", "a", "aa", "b", "é"]);
        let (_, val) = &sorted_map_entries(&json(r#"{"k":[1,2]}"#)).unwrap()[0];
        assert_eq!(go_len(val), Some(2));
        assert!(sorted_map_entries(&json("[1]")).is_none());
    }

    /// A map that enumerates its keys unsorted, like an insertion-ordered map.
    #[derive(Debug)]
    struct Unsorted;

    impl Object for Unsorted {
        fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
            Some(Value::from(key.as_str()?.len()))
        }
        fn enumerate(self: &Arc<Self>) -> minijinja::value::Enumerator {
            minijinja::value::Enumerator::Values(vec!["zz".into(), "a".into(), "m".into()])
        }
    }

    #[test]
    fn insertion_ordered_maps_are_still_sorted() {
        let v = Value::from_object(Unsorted);
        let entries = sorted_map_entries(&v).unwrap();
        let keys: Vec<String> = entries.iter().map(|(k, _)| k.to_string()).collect();
        assert_eq!(keys, ["a", "m", "zz"]);
        assert_eq!(entries[2].1, Value::from(2));
    }

    #[test]
    fn accessors_reject_other_kinds() {
        assert_eq!(as_str(&Value::from("é")), Some("é"));
        assert_eq!(as_str(&Value::from(1)), None);
        assert_eq!(as_bool(&Value::from(true)), Some(true));
        assert_eq!(as_bool(&Value::from(1)), None);
        assert_eq!(go_len(&Value::from("é")), Some(2));
        assert_eq!(go_len(&json(r#"{"a":1,"b":2}"#)), Some(2));
        assert_eq!(go_len(&Value::from(3)), None);
        assert!(seq_iter(&Value::from("abc")).is_none());
        assert_eq!(seq_iter(&json("[1,2,3]")).unwrap().count(), 3);
    }
}
