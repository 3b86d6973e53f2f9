//! Go's `fmt` printing over minijinja values, byte-identical with Go 1.19.
//!
//! This is a port of `fmt/print.go` and `fmt/format.go` (plus the parts of
//! `strconv` they use: float formatting and quoting) onto the data model of
//! [`super::value`].  The structure follows Go's closely on purpose, so the
//! two can be compared function by function: `Printer::print_arg` is
//! `printArg`, `Printer::print_elem` is `printValue` on an `interface{}`
//! element of a slice or map, `fmt_*` are `fmt.fmt*`, and so on.
//!
//! Differences from Go, all forced by the data model:
//! - `%p` has no addresses to print, so it always takes the bad-verb form
//!   (`%!p(int=1)`), even for slices and maps where Go prints an address.
//! - An undefined value (Go's invalid `reflect.Value`) is printed as the nil
//!   `interface{}` text/template turns it into when calling a function.
//! - [`GoKind::Other`] values act as a Go `fmt.Stringer` whose `String()` is
//!   minijinja's `Display`; their `%T` is [`value::OTHER_TYPE_NAME`].

use minijinja::value::Value;

use super::strconv::ftoa::append_float;
use super::strconv::{append_escaped_rune, append_quoted, can_backquote, is_print};
use super::strconv::{LOWER_HEX, UPPER_HEX};
use super::value::{self, GoKind};

const NIL_ANGLE: &str = "<nil>";
const NO_VALUE: &str = "<no value>";

/// Go's `fmt.Sprint`: operands in their default format, with a space
/// between two operands only when neither is a string.
pub fn sprint(args: &[Value]) -> String {
    let mut out = String::new();
    write_sprint(&mut out, args);
    out
}

/// [`sprint`] appending to `out`.
pub fn write_sprint(out: &mut String, args: &[Value]) {
    let mut p = Printer::new(out);
    let mut prev_string = false;
    for (i, arg) in args.iter().enumerate() {
        let is_string = value::kind(arg) == GoKind::String;
        if i > 0 && !is_string && !prev_string {
            p.buf.push(' ');
        }
        p.print_arg(arg, 'v');
        prev_string = is_string;
    }
}

/// Go's `fmt.Sprintln`: operands separated by spaces, then a newline.
pub fn sprintln(args: &[Value]) -> String {
    let mut out = String::new();
    write_sprintln(&mut out, args);
    out
}

/// [`sprintln`] appending to `out`.
pub fn write_sprintln(out: &mut String, args: &[Value]) {
    let mut p = Printer::new(out);
    for (i, arg) in args.iter().enumerate() {
        if i > 0 {
            p.buf.push(' ');
        }
        p.print_arg(arg, 'v');
    }
    p.buf.push('\n');
}

/// Go's `fmt.Sprintf`, including every `%!` error form.
pub fn sprintf(format: &str, args: &[Value]) -> String {
    let mut out = String::with_capacity(format.len() + 16);
    write_sprintf(&mut out, format, args);
    out
}

/// [`sprintf`] appending to `out`.
pub fn write_sprintf(out: &mut String, format: &str, args: &[Value]) {
    Printer::new(out).do_printf(format, args);
}

/// How `{{pipeline}}` prints a value: `<no value>` for an invalid or nil
/// value, otherwise `fmt.Sprint` of it.
pub fn print_value(v: &Value) -> String {
    let mut out = String::new();
    write_print_value(&mut out, v);
    out
}

/// [`print_value`] appending to `out`.
pub fn write_print_value(out: &mut String, v: &Value) {
    match value::kind(v) {
        GoKind::Invalid | GoKind::Nil => out.push_str(NO_VALUE),
        GoKind::String => out.push_str(v.as_str().unwrap_or_default()),
        _ => Printer::new(out).print_arg(v, 'v'),
    }
}

/// A Go `complex128` as `%v` prints it: `(1+2i)`.
pub fn format_complex(re: f64, im: f64) -> String {
    let mut out = String::with_capacity(16);
    Printer::new(&mut out).fmt_complex(re, im, 'v');
    out
}

/// A value as the Go type it stands for, extracted once per print.
enum Go<'v> {
    Nil,
    Bool(bool),
    Int(i128),
    Uint(u8),
    Float(f64),
    Complex(f64, f64),
    Str(&'v str),
    Slice,
    Map,
    Other,
}

fn classify(v: &Value) -> Go<'_> {
    match value::kind(v) {
        GoKind::Invalid | GoKind::Nil => Go::Nil,
        GoKind::Bool => Go::Bool(v.is_true()),
        GoKind::Int => Go::Int(value::as_i128(v).unwrap_or_default()),
        GoKind::Uint8 => Go::Uint(v.downcast_object_ref::<value::Uint8>().map_or(0, |b| b.0)),
        GoKind::Float => Go::Float(value::as_float(v).unwrap_or_default()),
        GoKind::Complex => {
            let (re, im) = value::as_complex(v).unwrap_or_default();
            Go::Complex(re, im)
        }
        GoKind::String => Go::Str(v.as_str().unwrap_or_default()),
        GoKind::Slice => Go::Slice,
        GoKind::Map => Go::Map,
        GoKind::Other => Go::Other,
    }
}

/// Go's `fmtFlags`.  `sharp_v` records `%#v`, for which the plain `sharp`
/// flag is cleared.  Go's `plusV` (for `%+v`) only names struct fields, and
/// there are no structs here, so `%+v` just clears `plus`.
#[derive(Clone, Copy, Default)]
struct Flags {
    wid_present: bool,
    prec_present: bool,
    minus: bool,
    plus: bool,
    sharp: bool,
    space: bool,
    zero: bool,
    sharp_v: bool,
}

/// Go's `pp` and `fmt` in one: the output buffer, the current verb's flags
/// and the bookkeeping of `doPrintf`.
struct Printer<'a> {
    buf: &'a mut String,
    f: Flags,
    wid: usize,
    prec: usize,
    /// Whether the current verb's argument index was valid (`goodArgNum`).
    good_arg_num: bool,
    /// Whether an explicit `[n]` index was seen (disables the EXTRA check).
    reordered: bool,
    /// How many slices and maps enclose the value being printed.
    depth: usize,
}

/// Nesting beyond which collections print as `...` instead of recursing: JSON data
/// reaches 10000 levels (Go's decoder limit), which print in full, but a
/// self-referential custom object would recurse forever.
const MAX_DEPTH: usize = 10_001;

/// Stack kept free before printing one more level of nesting; below it
/// `stacker` continues on a new segment of `STACK_SEGMENT` bytes.
const STACK_RED_ZONE: usize = 64 * 1024;
const STACK_SEGMENT: usize = 1024 * 1024;

/// Go's `tooLarge`: widths and precisions are limited to ±1e6.
fn too_large(x: i128) -> bool {
    !(-1_000_000..=1_000_000).contains(&x)
}

/// Go's `parsenum`: a decimal number in `s[start..end]`, returned with
/// whether one was present and the index after it.  An absurdly long number
/// consumes the rest of the format, as in Go.
fn parse_num(s: &[u8], start: usize, end: usize) -> (usize, bool, usize) {
    let mut num = 0usize;
    let mut is_num = false;
    let mut i = start;
    while i < end && s[i].is_ascii_digit() {
        if too_large(num as i128) {
            return (0, false, end);
        }
        num = num * 10 + usize::from(s[i] - b'0');
        is_num = true;
        i += 1;
    }
    (num, is_num, if start >= end { end } else { i })
}

/// Go's `parseArgNumber` on a format slice starting with `[`: the zero-based
/// index, the bytes consumed and whether it parsed.
fn parse_arg_number(s: &[u8]) -> (isize, usize, bool) {
    if s.len() < 3 {
        return (0, 1, false);
    }
    match s.iter().skip(1).position(|&c| c == b']') {
        Some(pos) => {
            let close = pos + 1;
            let (n, ok, next) = parse_num(s, 1, close);
            if !ok || next != close {
                return (0, close + 1, false);
            }
            (n as isize - 1, close + 1, true)
        }
        None => (0, 1, false),
    }
}

/// Go's `intFromArg`: the argument at `arg_num` as a width or precision.
fn int_from_arg(args: &[Value], arg_num: usize) -> (i64, bool, usize) {
    let Some(arg) = args.get(arg_num) else {
        return (0, false, arg_num);
    };
    match value::as_int(arg) {
        Some(n) if !too_large(i128::from(n)) => (n, true, arg_num + 1),
        _ => (0, false, arg_num + 1),
    }
}

impl<'a> Printer<'a> {
    fn new(buf: &'a mut String) -> Self {
        Printer {
            buf,
            f: Flags::default(),
            wid: 0,
            prec: 0,
            good_arg_num: true,
            reordered: false,
            depth: 0,
        }
    }

    fn clear_flags(&mut self) {
        self.f = Flags::default();
        self.wid = 0;
        self.prec = 0;
    }

    // ---- doPrintf -------------------------------------------------------

    fn do_printf(&mut self, format: &str, args: &[Value]) {
        let s = format.as_bytes();
        let end = s.len();
        let mut arg_num = 0;
        let mut i = 0;
        while i < end {
            self.good_arg_num = true;
            let last = i;
            while i < end && s[i] != b'%' {
                i += 1;
            }
            self.buf.push_str(&format[last..i]);
            if i >= end {
                break;
            }
            i = self.parse_flags(s, i + 1);
            let mut after_index;
            (arg_num, i, after_index) = self.arg_number(arg_num, s, i, args.len());
            (arg_num, i, after_index) = self.parse_width(s, i, args, arg_num, after_index);
            (arg_num, i, after_index) = self.parse_precision(s, i, args, arg_num, after_index);
            if !after_index {
                (arg_num, i, _) = self.arg_number(arg_num, s, i, args.len());
            }
            let Some(verb) = format.get(i..).and_then(|rest| rest.chars().next()) else {
                self.buf.push_str("%!(NOVERB)");
                break;
            };
            i += verb.len_utf8();
            arg_num = self.do_verb(verb, args, arg_num);
        }
        if !self.reordered && arg_num < args.len() {
            self.print_extra(&args[arg_num..]);
        }
    }

    /// Parses the flag characters starting at `i`; returns the index after.
    fn parse_flags(&mut self, s: &[u8], mut i: usize) -> usize {
        self.clear_flags();
        while let Some(&c) = s.get(i) {
            match c {
                b'#' => self.f.sharp = true,
                // Only allow zero padding to the left.
                b'0' => self.f.zero = !self.f.minus,
                b'+' => self.f.plus = true,
                b'-' => {
                    self.f.minus = true;
                    self.f.zero = false;
                }
                b' ' => self.f.space = true,
                _ => break,
            }
            i += 1;
        }
        i
    }

    /// Go's `argNumber`: an optional `[n]` at `i`.  Returns the argument to
    /// use next, the new index and whether an index was found.
    fn arg_number(
        &mut self,
        arg_num: usize,
        s: &[u8],
        i: usize,
        num_args: usize,
    ) -> (usize, usize, bool) {
        if s.get(i) != Some(&b'[') {
            return (arg_num, i, false);
        }
        self.reordered = true;
        let (index, wid, ok) = parse_arg_number(&s[i..]);
        if ok && index >= 0 && (index as usize) < num_args {
            return (index as usize, i + wid, true);
        }
        self.good_arg_num = false;
        (arg_num, i + wid, ok)
    }

    fn parse_width(
        &mut self,
        s: &[u8],
        mut i: usize,
        args: &[Value],
        mut arg_num: usize,
        mut after_index: bool,
    ) -> (usize, usize, bool) {
        if s.get(i) == Some(&b'*') {
            i += 1;
            let (n, ok, next) = int_from_arg(args, arg_num);
            arg_num = next;
            self.f.wid_present = ok;
            if !ok {
                self.buf.push_str("%!(BADWIDTH)");
            }
            // A negative width means left-justify.
            if n < 0 {
                self.f.minus = true;
                self.f.zero = false;
            }
            self.wid = n.unsigned_abs() as usize;
            after_index = false;
        } else {
            (self.wid, self.f.wid_present, i) = parse_num(s, i, s.len());
            if after_index && self.f.wid_present {
                // "%[3]2d"
                self.good_arg_num = false;
            }
        }
        (arg_num, i, after_index)
    }

    fn parse_precision(
        &mut self,
        s: &[u8],
        mut i: usize,
        args: &[Value],
        mut arg_num: usize,
        mut after_index: bool,
    ) -> (usize, usize, bool) {
        // Go requires a byte after the dot, so a trailing "." is the verb.
        if !(i + 1 < s.len() && s[i] == b'.') {
            return (arg_num, i, after_index);
        }
        i += 1;
        if after_index {
            // "%[3].2d"
            self.good_arg_num = false;
        }
        (arg_num, i, after_index) = self.arg_number(arg_num, s, i, args.len());
        if s.get(i) == Some(&b'*') {
            i += 1;
            let (n, ok, next) = int_from_arg(args, arg_num);
            arg_num = next;
            // Negative precisions make no sense and count as bad.
            self.f.prec_present = ok && n >= 0;
            self.prec = if self.f.prec_present { n as usize } else { 0 };
            if !self.f.prec_present {
                self.buf.push_str("%!(BADPREC)");
            }
            after_index = false;
        } else {
            (self.prec, self.f.prec_present, i) = parse_num(s, i, s.len());
            if !self.f.prec_present {
                self.prec = 0;
                self.f.prec_present = true;
            }
        }
        (arg_num, i, after_index)
    }

    /// Prints one verb; returns the next argument number.
    fn do_verb(&mut self, verb: char, args: &[Value], arg_num: usize) -> usize {
        if verb == '%' {
            // Percent does not absorb operands and ignores width and precision.
            self.buf.push('%');
            return arg_num;
        }
        if !self.good_arg_num {
            self.bang(verb, "(BADINDEX)");
            return arg_num;
        }
        let Some(arg) = args.get(arg_num) else {
            self.bang(verb, "(MISSING)");
            return arg_num;
        };
        if verb == 'v' {
            // %#v means Go syntax and %+v struct-field syntax, not the flags.
            self.f.sharp_v = self.f.sharp;
            self.f.sharp = false;
            self.f.plus = false;
        }
        self.print_arg(arg, verb);
        arg_num + 1
    }

    fn bang(&mut self, verb: char, what: &str) {
        self.buf.push_str("%!");
        self.buf.push(verb);
        self.buf.push_str(what);
    }

    /// The `%!(EXTRA type=value, ...)` suffix for unused arguments.
    fn print_extra(&mut self, extra: &[Value]) {
        self.clear_flags();
        self.buf.push_str("%!(EXTRA ");
        for (i, arg) in extra.iter().enumerate() {
            if i > 0 {
                self.buf.push_str(", ");
            }
            if let Go::Nil = classify(arg) {
                self.buf.push_str(NIL_ANGLE);
            } else {
                self.buf.push_str(value::type_name(arg));
                self.buf.push('=');
                self.print_arg(arg, 'v');
            }
        }
        self.buf.push(')');
    }

    // ---- printArg / printValue ------------------------------------------

    /// Go's `printArg`: prints a top-level operand.
    fn print_arg(&mut self, arg: &Value, verb: char) {
        let go = classify(arg);
        match (&go, verb) {
            (Go::Nil, 'T' | 'v') => self.pad(NIL_ANGLE),
            (Go::Nil, _) => self.bad_verb(arg, &go, verb),
            (_, 'T') => self.fmt_s(value::type_name(arg)),
            // There are no addresses to print: see the module docs.
            (_, 'p') => self.bad_verb(arg, &go, verb),
            // Go's `handleMethods`: `%w` outside Errorf is a bad verb for the whole
            // operand when it is not a basic type, before any element-wise printing.
            (Go::Slice | Go::Map, 'w') => self.bad_verb(arg, &go, verb),
            _ => self.print_concrete(arg, &go, verb),
        }
    }

    /// Go's `printValue` on an `interface{}` element of a slice or map.
    fn print_elem(&mut self, v: &Value, verb: char) {
        match classify(v) {
            Go::Nil if self.f.sharp_v => self.buf.push_str("interface {}(nil)"),
            Go::Nil => self.buf.push_str(NIL_ANGLE),
            go => self.print_concrete(v, &go, verb),
        }
    }

    /// Prints a non-nil value by its Go type; an unsupported verb gives the
    /// bad-verb form.
    fn print_concrete(&mut self, v: &Value, go: &Go<'_>, verb: char) {
        let ok = match *go {
            Go::Nil => {
                self.buf.push_str(NIL_ANGLE);
                true
            }
            Go::Bool(b) => self.fmt_bool(b, verb),
            Go::Int(n) => self.fmt_integer(n, verb),
            // Go's `fmt0x64`: `%#v` shows an unsigned integer in hex.
            Go::Uint(n) if verb == 'v' && self.f.sharp_v => {
                let sharp = std::mem::replace(&mut self.f.sharp, true);
                self.fmt_int(i128::from(n), 16, 'v', LOWER_HEX);
                self.f.sharp = sharp;
                true
            }
            Go::Uint(n) => self.fmt_integer(i128::from(n), verb),
            Go::Float(x) => self.fmt_float(x, verb),
            Go::Complex(re, im) => self.fmt_complex(re, im, verb),
            Go::Str(s) => self.fmt_string(s, verb),
            Go::Slice | Go::Map if self.depth >= MAX_DEPTH => {
                self.buf.push_str("...");
                true
            }
            Go::Slice | Go::Map => {
                self.depth += 1;
                stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || {
                    if let Go::Slice = go {
                        self.print_slice(v, verb);
                    } else {
                        self.print_map(v, verb);
                    }
                });
                self.depth -= 1;
                true
            }
            Go::Other => self.fmt_stringer(v, verb),
        };
        if !ok {
            self.bad_verb(v, go, verb);
        }
    }

    /// Go's `badVerb`: `%!z(type=value)`, the value printed with `%v` and the
    /// current flags.
    fn bad_verb(&mut self, v: &Value, go: &Go<'_>, verb: char) {
        self.buf.push_str("%!");
        self.buf.push(verb);
        self.buf.push('(');
        if let Go::Nil = go {
            self.buf.push_str(NIL_ANGLE);
        } else {
            self.buf.push_str(value::type_name(v));
            self.buf.push('=');
            self.print_concrete(v, go, 'v');
        }
        self.buf.push(')');
    }

    fn print_slice(&mut self, v: &Value, verb: char) {
        let (open, sep, close) = if self.f.sharp_v {
            ("[]interface {}{", ", ", "}")
        } else {
            ("[", " ", "]")
        };
        self.buf.push_str(open);
        if let Some(items) = value::seq_iter(v) {
            for (i, item) in items.enumerate() {
                if i > 0 {
                    self.buf.push_str(sep);
                }
                self.print_elem(&item, verb);
            }
        }
        self.buf.push_str(close);
    }

    fn print_map(&mut self, v: &Value, verb: char) {
        let (open, sep, close) = if self.f.sharp_v {
            ("map[string]interface {}{", ", ", "}")
        } else {
            ("map[", " ", "]")
        };
        self.buf.push_str(open);
        for (i, (key, val)) in value::sorted_map_entries(v)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            if i > 0 {
                self.buf.push_str(sep);
            }
            // Keys are typed `string`, not `interface{}`: no nil handling.
            match classify(key) {
                go @ Go::Str(_) => self.print_concrete(key, &go, verb),
                _ => self.print_elem(key, verb),
            }
            self.buf.push(':');
            self.print_elem(val, verb);
        }
        self.buf.push_str(close);
    }

    /// An opaque value formats like a Go `fmt.Stringer`.
    fn fmt_stringer(&mut self, v: &Value, verb: char) -> bool {
        if !matches!(verb, 'v' | 's' | 'x' | 'X' | 'q') {
            return false;
        }
        let text = v.to_string();
        self.fmt_string(&text, verb)
    }

    // ---- pp.fmt* verb dispatch ---------------------------------------------

    fn fmt_bool(&mut self, b: bool, verb: char) -> bool {
        if !matches!(verb, 't' | 'v') {
            return false;
        }
        self.pad(if b { "true" } else { "false" });
        true
    }

    fn fmt_integer(&mut self, n: i128, verb: char) -> bool {
        // %c, %q and %U see Go's uint64(n): negative numbers wrap around.
        let as_u64 = n as u64;
        match verb {
            'v' | 'd' => self.fmt_int(n, 10, verb, LOWER_HEX),
            'b' => self.fmt_int(n, 2, verb, LOWER_HEX),
            'o' | 'O' => self.fmt_int(n, 8, verb, LOWER_HEX),
            'x' => self.fmt_int(n, 16, verb, LOWER_HEX),
            'X' => self.fmt_int(n, 16, verb, UPPER_HEX),
            'c' => self.fmt_c(as_u64),
            'q' => self.fmt_qc(as_u64),
            'U' => self.fmt_unicode(as_u64),
            _ => return false,
        }
        true
    }

    fn fmt_float(&mut self, x: f64, verb: char) -> bool {
        match float_verb(verb) {
            Some((fmt, prec)) => {
                self.fmt_float_raw(x, fmt, prec);
                true
            }
            None => false,
        }
    }

    /// `(re+imi)`, each part formatted like a float; the imaginary part
    /// always has a sign.
    fn fmt_complex(&mut self, re: f64, im: f64, verb: char) -> bool {
        let Some((fmt, prec)) = float_verb(verb) else {
            return false;
        };
        let old_plus = self.f.plus;
        self.buf.push('(');
        self.fmt_float_raw(re, fmt, prec);
        self.f.plus = true;
        self.fmt_float_raw(im, fmt, prec);
        self.buf.push_str("i)");
        self.f.plus = old_plus;
        true
    }

    fn fmt_string(&mut self, s: &str, verb: char) -> bool {
        match verb {
            'v' if self.f.sharp_v => self.fmt_q(s),
            'v' | 's' => self.fmt_s(s),
            'x' => self.fmt_sx(s, LOWER_HEX),
            'X' => self.fmt_sx(s, UPPER_HEX),
            'q' => self.fmt_q(s),
            _ => return false,
        }
        true
    }

    // ---- fmt.* low level ---------------------------------------------------

    /// Go's `writePadding`: `n` spaces, or zeros under the `0` flag.
    fn write_padding(&mut self, n: usize) {
        if !self.fits(n) {
            return;
        }
        let c = if self.f.zero { '0' } else { ' ' };
        self.buf.extend(std::iter::repeat_n(c, n));
    }

    /// The padding `s` needs to reach the width, counted in runes.
    fn padding_for(&self, runes: usize) -> usize {
        if self.f.wid_present {
            self.wid.saturating_sub(runes)
        } else {
            0
        }
    }

    /// Whether `n` more bytes fit the render's byte budget; if not, it is marked spent
    /// (the call then fails) and nothing more is written. Widths and precisions reach
    /// ten million, once per operand and element, so a single call could otherwise build
    /// gigabytes: every padded or formatted value is checked here before it is written.
    fn fits(&self, n: usize) -> bool {
        let fits =
            !super::budget::is_spent() && n <= super::budget::room().saturating_sub(self.buf.len());
        if !fits {
            super::budget::spend();
        }
        fits
    }

    /// Go's `pad`/`padString`: `s` justified within the width.
    fn pad(&mut self, s: &str) {
        if !self.fits(s.len()) {
            return;
        }
        if !self.f.wid_present || self.wid == 0 {
            self.buf.push_str(s);
            return;
        }
        let n = self.padding_for(s.chars().count());
        if self.f.minus {
            self.buf.push_str(s);
            self.write_padding(n);
        } else {
            self.write_padding(n);
            self.buf.push_str(s);
        }
    }

    /// `pad` with zero padding disabled, as Go does for numbers whose zeros
    /// were already placed after the sign.
    fn pad_spaces(&mut self, s: &str) {
        let old_zero = self.f.zero;
        self.f.zero = false;
        self.pad(s);
        self.f.zero = old_zero;
    }

    /// Go's `truncateString`: at most `prec` runes when a precision is set.
    fn truncate<'s>(&self, s: &'s str) -> &'s str {
        if !self.f.prec_present {
            return s;
        }
        match s.char_indices().nth(self.prec) {
            Some((i, _)) => &s[..i],
            None => s,
        }
    }

    fn fmt_s(&mut self, s: &str) {
        let s = self.truncate(s);
        self.pad(s);
    }

    /// Go's `fmtSbx`: the bytes of `s` in hex, `#` adding `0x` and the space
    /// flag separating bytes.
    fn fmt_sx(&mut self, s: &str, digits: &[u8; 17]) {
        let bytes = s.as_bytes();
        let length = if self.f.prec_present {
            bytes.len().min(self.prec)
        } else {
            bytes.len()
        };
        if length == 0 {
            if self.f.wid_present {
                self.write_padding(self.wid);
            }
            return;
        }
        let mut width = 2 * length;
        if self.f.space {
            if self.f.sharp {
                width *= 2;
            }
            width += length - 1;
        } else if self.f.sharp {
            width += 2;
        }
        let padding = self.padding_for(width);
        if !self.f.minus {
            self.write_padding(padding);
        }
        let prefix = [b'0', digits[16]];
        if self.f.sharp {
            push_ascii(self.buf, &prefix);
        }
        for (i, &c) in bytes[..length].iter().enumerate() {
            if self.f.space && i > 0 {
                self.buf.push(' ');
                if self.f.sharp {
                    push_ascii(self.buf, &prefix);
                }
            }
            push_ascii(
                self.buf,
                &[digits[usize::from(c >> 4)], digits[usize::from(c & 15)]],
            );
        }
        if self.f.minus {
            self.write_padding(padding);
        }
    }

    /// Go's `fmtQ`: a double-quoted Go string, or backquoted under `#` when
    /// possible; `+` escapes everything non-ASCII.
    fn fmt_q(&mut self, s: &str) {
        let s = self.truncate(s);
        let mut quoted = String::with_capacity(s.len() + 2);
        if self.f.sharp && can_backquote(s) {
            quoted.push('`');
            quoted.push_str(s);
            quoted.push('`');
        } else {
            append_quoted(&mut quoted, s, '"', self.f.plus);
        }
        self.pad(&quoted);
    }

    /// Go's `fmtC`: the integer as a character, U+FFFD if invalid.
    fn fmt_c(&mut self, c: u64) {
        let mut tmp = [0u8; 4];
        let s = to_char(c).encode_utf8(&mut tmp);
        self.pad(s);
    }

    /// Go's `fmtQc`: the integer as a single-quoted Go character literal.
    fn fmt_qc(&mut self, c: u64) {
        let mut quoted = String::with_capacity(8);
        quoted.push('\'');
        append_escaped_rune(&mut quoted, to_char(c), '\'', self.f.plus);
        quoted.push('\'');
        self.pad(&quoted);
    }

    /// Go's `fmtUnicode`: `U+0078`, or `U+0078 'x'` under `#`.
    fn fmt_unicode(&mut self, u: u64) {
        let min_digits = if self.f.prec_present && self.prec > 4 {
            self.prec
        } else {
            4
        };
        let mut hex = [0u8; 16];
        let digits = format_digits_rev(u128::from(u), 16, UPPER_HEX, &mut hex);
        let mut s = String::with_capacity(2 + min_digits.max(digits.len()) + 7);
        s.push_str("U+");
        s.extend(std::iter::repeat_n(
            '0',
            min_digits.saturating_sub(digits.len()),
        ));
        push_ascii(&mut s, digits);
        if self.f.sharp {
            if let Some(c) = u32::try_from(u).ok().and_then(char::from_u32) {
                if is_print(c) {
                    s.push_str(" '");
                    s.push(c);
                    s.push('\'');
                }
            }
        }
        self.pad_spaces(&s);
    }

    /// Go's `fmt.fmtInteger`.  `n` is widened to i128 so u64 data prints
    /// exactly too.
    fn fmt_int(&mut self, n: i128, base: u32, verb: char, digits: &[u8; 17]) {
        let negative = n < 0;
        let u = n.unsigned_abs();
        // Two ways to ask for leading zeros: %.3d or %03d; with both, the
        // zero flag is ignored.
        let mut min_digits = 0;
        if self.f.prec_present {
            min_digits = self.prec;
            // Precision 0 and value 0 means "print nothing" but padding.
            if min_digits == 0 && u == 0 {
                let old_zero = self.f.zero;
                self.f.zero = false;
                self.write_padding(self.wid);
                self.f.zero = old_zero;
                return;
            }
        } else if self.f.zero && self.f.wid_present {
            min_digits = self.wid;
            if negative || self.f.plus || self.f.space {
                min_digits = min_digits.saturating_sub(1); // room for the sign
            }
        }
        let mut tmp = [0u8; 128];
        let body = format_digits_rev(u, base, digits, &mut tmp);
        let zeros = min_digits.saturating_sub(body.len());
        let leading_zero = zeros > 0 || body.first() == Some(&b'0');
        let (prefix, prefix_len) = self.int_prefix(negative, base, verb, digits, leading_zero);
        let prefix = &prefix[..prefix_len];

        let len = prefix.len() + zeros + body.len();
        let padding = self.padding_for(len);
        if !self.fits(len + padding) {
            return;
        }
        if !self.f.minus {
            self.buf.extend(std::iter::repeat_n(' ', padding));
        }
        push_ascii(self.buf, prefix);
        self.buf.extend(std::iter::repeat_n('0', zeros));
        push_ascii(self.buf, body);
        if self.f.minus {
            self.buf.extend(std::iter::repeat_n(' ', padding));
        }
    }

    /// Sign, `0o` for %O and the `#` prefix of an integer, left to right
    /// (at most 5 bytes, kept on the stack).
    fn int_prefix(
        &self,
        negative: bool,
        base: u32,
        verb: char,
        digits: &[u8; 17],
        leading_zero: bool,
    ) -> ([u8; 5], usize) {
        let mut prefix = [0u8; 5];
        let mut len = 0;
        let mut put = |bytes: &[u8]| {
            prefix[len..len + bytes.len()].copy_from_slice(bytes);
            len += bytes.len();
        };
        if negative {
            put(b"-");
        } else if self.f.plus {
            put(b"+");
        } else if self.f.space {
            put(b" ");
        }
        if verb == 'O' {
            put(b"0o");
        }
        if self.f.sharp {
            match base {
                2 => put(b"0b"),
                8 if !leading_zero => put(b"0"),
                16 => put(&[b'0', digits[16]]),
                _ => {}
            }
        }
        (prefix, len)
    }

    /// Go's `fmt.fmtFloat`: `fmt` and `prec` as for strconv.FormatFloat,
    /// `prec` overridden by an explicit precision.
    fn fmt_float_raw(&mut self, x: f64, fmt: u8, prec: i32) {
        let prec = if self.f.prec_present {
            i32::try_from(self.prec).unwrap_or(i32::MAX)
        } else {
            prec
        };
        // %e, %f and %x print every digit of the precision: a precision that cannot fit
        // the budget is refused before the digits are built.
        let digits = if matches!(fmt, b'g' | b'G') {
            0
        } else {
            prec.max(0) as usize
        };
        if !self.fits(digits) {
            return;
        }
        // As in Go, format after a '+' that becomes the sign slot unless
        // strconv wrote a sign ("-", or "+" for +Inf) itself.
        let mut num = String::with_capacity(24);
        num.push('+');
        append_float(&mut num, x, fmt, prec);
        if matches!(num.as_bytes().get(1), Some(b'-' | b'+')) {
            num.remove(0);
        }
        // The space flag means a leading space instead of "+" unless the
        // sign is explicitly asked for.
        if self.f.space && !self.f.plus && num.starts_with('+') {
            num.replace_range(..1, " ");
        }
        let first = num.as_bytes().get(1).copied().unwrap_or(b'0');
        if first == b'I' || first == b'N' {
            // Infinities and NaN are not padded with zeros; NaN only shows a
            // sign when asked to.
            let hide_sign = first == b'N' && !self.f.space && !self.f.plus;
            self.pad_spaces(if hide_sign { &num[1..] } else { &num });
            return;
        }
        if self.f.sharp && fmt != b'b' {
            let mut body = num.split_off(1);
            sharp_float(&mut body, fmt, prec);
            num.push_str(&body);
        }
        if !self.f.plus && num.starts_with('+') {
            // No sign to show.
            self.pad(&num[1..]);
        } else if self.f.zero && self.f.wid_present && self.wid > num.len() {
            // Zero padding goes between the sign and the digits.
            self.buf.push_str(&num[..1]);
            self.write_padding(self.wid - num.len());
            self.buf.push_str(&num[1..]);
        } else {
            self.pad(&num);
        }
    }
}

/// The strconv format and default precision for a float verb.
fn float_verb(verb: char) -> Option<(u8, i32)> {
    match verb {
        'v' => Some((b'g', -1)),
        'b' | 'g' | 'G' | 'x' | 'X' => Some((verb as u8, -1)),
        'f' | 'e' | 'E' => Some((verb as u8, 6)),
        'F' => Some((b'f', 6)),
        _ => None,
    }
}

/// The `#` flag on unsigned float text: always a decimal point, and for
/// %g, %G and %x (not %X, as in Go) trailing zeros up to the precision (6
/// when unset).
fn sharp_float(body: &mut String, fmt: u8, prec: i32) {
    let mut digits: i64 = match fmt {
        b'g' | b'G' | b'x' => {
            if prec == -1 {
                6
            } else {
                i64::from(prec)
            }
        }
        _ => 0,
    };
    let mut tail = String::new();
    let mut has_point = false;
    let mut saw_nonzero = false;
    for (i, c) in body.bytes().enumerate() {
        match c {
            b'.' => has_point = true,
            b'p' | b'P' => {
                tail = body.split_off(i);
                break;
            }
            b'e' | b'E' if fmt != b'x' && fmt != b'X' => {
                tail = body.split_off(i);
                break;
            }
            _ => {
                // Like Go, this also counts the 'x' of "0x1p+00" as a digit.
                saw_nonzero |= c != b'0';
                if saw_nonzero {
                    digits -= 1;
                }
            }
        }
    }
    if !has_point {
        // A lone leading 0 counts as a digit.
        if body == "0" {
            digits -= 1;
        }
        body.push('.');
    }
    if digits > 0 {
        body.extend(std::iter::repeat_n('0', digits as usize));
    }
    body.push_str(&tail);
}

/// Writes `u` in `base` into the end of `tmp`; returns the digits.
fn format_digits_rev<'t>(u: u128, base: u32, digits: &[u8; 17], tmp: &'t mut [u8]) -> &'t [u8] {
    // 128-bit division is slow; nearly every value fits in 64 bits.
    if let Ok(u) = u64::try_from(u) {
        return format_digits_rev64(u, u64::from(base), digits, tmp);
    }
    let base = u128::from(base);
    let mut u = u;
    let mut i = tmp.len();
    loop {
        i -= 1;
        tmp[i] = digits[(u % base) as usize];
        u /= base;
        if u == 0 {
            return &tmp[i..];
        }
    }
}

fn format_digits_rev64<'t>(u: u64, base: u64, digits: &[u8; 17], tmp: &'t mut [u8]) -> &'t [u8] {
    // A constant divisor turns each division into a multiplication.
    match base {
        10 => digits_rev_const::<10>(u, digits, tmp),
        16 => digits_rev_const::<16>(u, digits, tmp),
        8 => digits_rev_const::<8>(u, digits, tmp),
        _ => digits_rev_const::<2>(u, digits, tmp),
    }
}

fn digits_rev_const<'t, const BASE: u64>(
    mut u: u64,
    digits: &[u8; 17],
    tmp: &'t mut [u8],
) -> &'t [u8] {
    let mut i = tmp.len();
    loop {
        i -= 1;
        tmp[i] = digits[(u % BASE) as usize];
        u /= BASE;
        if u == 0 {
            return &tmp[i..];
        }
    }
}

fn push_ascii(buf: &mut String, bytes: &[u8]) {
    buf.extend(bytes.iter().map(|&b| char::from(b)));
}

/// Go's `rune(c)` with invalid code points (too large, or surrogates)
/// replaced by U+FFFD, as `fmtC`, `fmtQc` and `utf8.EncodeRune` do.
fn to_char(c: u64) -> char {
    u32::try_from(c)
        .ok()
        .and_then(char::from_u32)
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_values::*;

    /// Runs a table of (format, args, expected) and reports every mismatch.
    fn check_printf(cases: Vec<(&str, Vec<Value>, &str)>) {
        let mut failures = Vec::new();
        for (format, args, want) in &cases {
            let got = sprintf(format, args);
            if got != *want {
                failures.push(format!(
                    "sprintf({format:?}, {args:?})\n   got {got:?}\n  want {want:?}"
                ));
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {} failed:\n{}",
            failures.len(),
            cases.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn printf_matches_go() {
        check_printf(go_printf_cases());
    }

    #[test]
    fn print_functions_match_go() {
        let mut failures = Vec::new();
        for (kind, args, want) in go_print_cases() {
            let got = match kind {
                "sprint" => sprint(&args),
                _ => sprintln(&args),
            };
            if got != want {
                failures.push(format!("{kind}({args:?})\n   got {got:?}\n  want {want:?}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn huge_widths_are_honoured_like_go() {
        let out = sprintf("%10000000d", &[i(1)]);
        assert_eq!(out.len(), 10_000_000);
        assert!(out.ends_with("  1"));
        let out = sprintf("%*d|", &[i(1_000_000), i(0)]);
        assert_eq!(out.len(), 1_000_001);
        assert!(out.ends_with(" 0|"));
        assert_eq!(sprintf("%1000001.d|", &[i(0)]).len(), 1_000_002);
    }

    #[test]
    fn print_value_is_template_output() {
        assert_eq!(print_value(&undef()), "<no value>");
        assert_eq!(print_value(&nil()), "<no value>");
        assert_eq!(print_value(&s("é")), "é");
        assert_eq!(print_value(&i(-3)), "-3");
        assert_eq!(print_value(&f("1e+06")), "1e+06");
        assert_eq!(print_value(&seq(vec![i(1), nil(), s("x")])), "[1 <nil> x]");
        assert_eq!(
            print_value(&map(vec![("b", nil()), ("a", f("0.5"))])),
            "map[a:0.5 b:<nil>]"
        );
        assert_eq!(print_value(&cx("0", "1.5")), "(0+1.5i)");
        let mut out = String::from("x=");
        write_print_value(&mut out, &b(true));
        assert_eq!(out, "x=true");
    }

    #[test]
    fn values_beyond_i64_print_exactly() {
        assert_eq!(sprint(&[Value::from(u64::MAX)]), "18446744073709551615");
        assert_eq!(sprintf("%x", &[Value::from(u64::MAX)]), "ffffffffffffffff");
        assert_eq!(
            sprintf("%d", &[Value::from(i128::MIN)]),
            i128::MIN.to_string()
        );
    }

    #[test]
    fn other_values_print_like_stringers() {
        let bytes = Value::from_bytes(b"hi".to_vec());
        let shown = bytes.to_string();
        assert_eq!(sprintf("%v", std::slice::from_ref(&bytes)), shown);
        assert_eq!(
            sprintf("%T", std::slice::from_ref(&bytes)),
            "minijinja.Value"
        );
        assert_eq!(
            sprintf("%d", std::slice::from_ref(&bytes)),
            format!("%!d(minijinja.Value={shown})")
        );
        assert_eq!(sprint(&[seq(vec![bytes.clone()])]), format!("[{shown}]"));
    }

    /// A map that contains itself, endlessly.
    #[derive(Debug)]
    struct Endless;

    impl minijinja::value::Object for Endless {
        fn get_value(self: &std::sync::Arc<Self>, _: &Value) -> Option<Value> {
            Some(Value::from_object(Endless))
        }
        fn enumerate(self: &std::sync::Arc<Self>) -> minijinja::value::Enumerator {
            minijinja::value::Enumerator::Values(vec![s("k")])
        }
    }

    #[test]
    fn endless_nesting_is_cut_off() {
        let out = sprint(&[Value::from_object(Endless)]);
        assert!(out.starts_with("map[k:map[k:"));
        assert!(out.contains(":...]"));
        assert_eq!(out.matches("map[").count(), MAX_DEPTH);
    }

    #[test]
    fn complex_with_nan() {
        assert_eq!(format_complex(-0.0, f64::NAN), "(-0+NaNi)");
    }

    /// Random formats and arguments must never panic.
    #[test]
    fn random_formats_never_panic() {
        const PIECES: &[&str] = &[
            "%", "%", "d", "v", "x", "#", "+", "-", " ", "0", "9", ".", "*", "[", "]", "1", "2",
            "é", "s", "q", "g", "e", "f", "c", "U", "T", "b", "O", "X", "p", "t", "99999999",
            "[-1]",
        ];
        let args = [
            i(3),
            i(-7),
            i(i64::MIN),
            f("NaN"),
            f("-0"),
            f("5e-324"),
            f("1.7976931348623157e+308"),
            s("héllo\n"),
            nil(),
            undef(),
            b(true),
            cx("+Inf", "NaN"),
            seq(vec![i(1), nil(), s("x"), seq(vec![])]),
            map(vec![("k", f("2.5")), ("", nil())]),
        ];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for _ in 0..20_000 {
            let mut format = String::new();
            for _ in 0..1 + next(12) {
                format.push_str(PIECES[next(PIECES.len())]);
            }
            let picked: Vec<Value> = (0..next(4))
                .map(|_| args[next(args.len())].clone())
                .collect();
            let _ = sprintf(&format, &picked);
        }
    }

    /// Expected outputs generated by Go 1.19's fmt.Sprint and fmt.Sprintln
    /// (escape.rs checks the builtins built on them).
    fn go_print_cases() -> Vec<(&'static str, Vec<Value>, &'static str)> {
        vec![
            ("sprint", vec![], ""),
            ("sprint", vec![i(1), i(2)], "1 2"),
            ("sprint", vec![s("a"), s("b")], "ab"),
            ("sprint", vec![i(1), s("a"), i(2)], "1a2"),
            ("sprint", vec![s("a"), i(1), i(2), s("b")], "a1 2b"),
            ("sprint", vec![nil(), nil()], "<nil> <nil>"),
            ("sprint", vec![undef(), i(1)], "<nil> 1"),
            ("sprint", vec![s(""), i(1), s("")], "1"),
            ("sprint", vec![f("1.5"), b(true), nil()], "1.5 true <nil>"),
            (
                "sprint",
                vec![seq(vec![i(1), s("a")]), map(vec![("k", nil())])],
                "[1 a] map[k:<nil>]",
            ),
            (
                "sprint",
                vec![cx("1", "2"), s("x"), f("1e+06")],
                "(1+2i)x1e+06",
            ),
            ("sprint", vec![f("-0"), f("NaN"), f("-Inf")], "-0 NaN -Inf"),
            ("sprint", vec![s("x"), nil(), s("y")], "x<nil>y"),
            (
                "sprint",
                vec![
                    f("123456"),
                    f("1.234567e+06"),
                    f("1.23456789e+08"),
                    f("1e-05"),
                    f("0.0001"),
                    f("100"),
                    f("1e+20"),
                    f("1e+21"),
                ],
                "123456 1.234567e+06 1.23456789e+08 1e-05 0.0001 100 1e+20 1e+21",
            ),
            (
                "sprint",
                vec![seq(vec![nil(), undef(), seq(vec![]), map(vec![])])],
                "[<nil> <nil> [] map[]]",
            ),
            ("sprintln", vec![], "\n"),
            ("sprintln", vec![i(1), i(2)], "1 2\n"),
            ("sprintln", vec![s("a"), s("b")], "a b\n"),
            ("sprintln", vec![i(1), s("a"), i(2)], "1 a 2\n"),
            ("sprintln", vec![s("a"), i(1), i(2), s("b")], "a 1 2 b\n"),
            ("sprintln", vec![nil(), nil()], "<nil> <nil>\n"),
            ("sprintln", vec![undef(), i(1)], "<nil> 1\n"),
            ("sprintln", vec![s(""), i(1), s("")], " 1 \n"),
            (
                "sprintln",
                vec![f("1.5"), b(true), nil()],
                "1.5 true <nil>\n",
            ),
            (
                "sprintln",
                vec![seq(vec![i(1), s("a")]), map(vec![("k", nil())])],
                "[1 a] map[k:<nil>]\n",
            ),
            (
                "sprintln",
                vec![cx("1", "2"), s("x"), f("1e+06")],
                "(1+2i) x 1e+06\n",
            ),
            (
                "sprintln",
                vec![f("-0"), f("NaN"), f("-Inf")],
                "-0 NaN -Inf\n",
            ),
            ("sprintln", vec![s("x"), nil(), s("y")], "x <nil> y\n"),
            (
                "sprintln",
                vec![
                    f("123456"),
                    f("1.234567e+06"),
                    f("1.23456789e+08"),
                    f("1e-05"),
                    f("0.0001"),
                    f("100"),
                    f("1e+20"),
                    f("1e+21"),
                ],
                "123456 1.234567e+06 1.23456789e+08 1e-05 0.0001 100 1e+20 1e+21\n",
            ),
            (
                "sprintln",
                vec![seq(vec![nil(), undef(), seq(vec![]), map(vec![])])],
                "[<nil> <nil> [] map[]]\n",
            ),
        ]
    }

    /// Expected outputs generated by Go 1.19's fmt.Sprintf.
    #[rustfmt::skip]
    fn go_printf_cases() -> Vec<(&'static str, Vec<Value>, &'static str)> {
        vec![
("%v", vec![i(-42)], "-42"),
("%+v", vec![i(-42)], "-42"),
("%#v", vec![i(-42)], "-42"),
("%T", vec![i(-42)], "int"),
("%t", vec![i(-42)], "%!t(int=-42)"),
("%d", vec![i(-42)], "-42"),
("%b", vec![i(-42)], "-101010"),
("%o", vec![i(-42)], "-52"),
("%O", vec![i(-42)], "-0o52"),
("%x", vec![i(-42)], "-2a"),
("%X", vec![i(-42)], "-2A"),
("%c", vec![i(-42)], "\u{fffd}"),
("%q", vec![i(-42)], "'\u{fffd}'"),
("%U", vec![i(-42)], "U+FFFFFFFFFFFFFFD6"),
("%e", vec![i(-42)], "%!e(int=-42)"),
("%E", vec![i(-42)], "%!E(int=-42)"),
("%f", vec![i(-42)], "%!f(int=-42)"),
("%F", vec![i(-42)], "%!F(int=-42)"),
("%g", vec![i(-42)], "%!g(int=-42)"),
("%G", vec![i(-42)], "%!G(int=-42)"),
("%s", vec![i(-42)], "%!s(int=-42)"),
("%p", vec![i(-42)], "%!p(int=-42)"),
("%z", vec![i(-42)], "%!z(int=-42)"),
("%\u{e9}", vec![i(-42)], "%!\u{e9}(int=-42)"),
("%v", vec![f("1.5")], "1.5"),
("%+v", vec![f("1.5")], "1.5"),
("%#v", vec![f("1.5")], "1.5"),
("%T", vec![f("1.5")], "float64"),
("%t", vec![f("1.5")], "%!t(float64=1.5)"),
("%d", vec![f("1.5")], "%!d(float64=1.5)"),
("%b", vec![f("1.5")], "6755399441055744p-52"),
("%o", vec![f("1.5")], "%!o(float64=1.5)"),
("%O", vec![f("1.5")], "%!O(float64=1.5)"),
("%x", vec![f("1.5")], "0x1.8p+00"),
("%X", vec![f("1.5")], "0X1.8P+00"),
("%c", vec![f("1.5")], "%!c(float64=1.5)"),
("%q", vec![f("1.5")], "%!q(float64=1.5)"),
("%U", vec![f("1.5")], "%!U(float64=1.5)"),
("%e", vec![f("1.5")], "1.500000e+00"),
("%E", vec![f("1.5")], "1.500000E+00"),
("%f", vec![f("1.5")], "1.500000"),
("%F", vec![f("1.5")], "1.500000"),
("%g", vec![f("1.5")], "1.5"),
("%G", vec![f("1.5")], "1.5"),
("%s", vec![f("1.5")], "%!s(float64=1.5)"),
("%p", vec![f("1.5")], "%!p(float64=1.5)"),
("%z", vec![f("1.5")], "%!z(float64=1.5)"),
("%\u{e9}", vec![f("1.5")], "%!\u{e9}(float64=1.5)"),
("%v", vec![s("h\u{e9}llo")], "h\u{e9}llo"),
("%+v", vec![s("h\u{e9}llo")], "h\u{e9}llo"),
("%#v", vec![s("h\u{e9}llo")], "\"h\u{e9}llo\""),
("%T", vec![s("h\u{e9}llo")], "string"),
("%t", vec![s("h\u{e9}llo")], "%!t(string=h\u{e9}llo)"),
("%d", vec![s("h\u{e9}llo")], "%!d(string=h\u{e9}llo)"),
("%b", vec![s("h\u{e9}llo")], "%!b(string=h\u{e9}llo)"),
("%o", vec![s("h\u{e9}llo")], "%!o(string=h\u{e9}llo)"),
("%O", vec![s("h\u{e9}llo")], "%!O(string=h\u{e9}llo)"),
("%x", vec![s("h\u{e9}llo")], "68c3a96c6c6f"),
("%X", vec![s("h\u{e9}llo")], "68C3A96C6C6F"),
("%c", vec![s("h\u{e9}llo")], "%!c(string=h\u{e9}llo)"),
("%q", vec![s("h\u{e9}llo")], "\"h\u{e9}llo\""),
("%U", vec![s("h\u{e9}llo")], "%!U(string=h\u{e9}llo)"),
("%e", vec![s("h\u{e9}llo")], "%!e(string=h\u{e9}llo)"),
("%E", vec![s("h\u{e9}llo")], "%!E(string=h\u{e9}llo)"),
("%f", vec![s("h\u{e9}llo")], "%!f(string=h\u{e9}llo)"),
("%F", vec![s("h\u{e9}llo")], "%!F(string=h\u{e9}llo)"),
("%g", vec![s("h\u{e9}llo")], "%!g(string=h\u{e9}llo)"),
("%G", vec![s("h\u{e9}llo")], "%!G(string=h\u{e9}llo)"),
("%s", vec![s("h\u{e9}llo")], "h\u{e9}llo"),
("%p", vec![s("h\u{e9}llo")], "%!p(string=h\u{e9}llo)"),
("%z", vec![s("h\u{e9}llo")], "%!z(string=h\u{e9}llo)"),
("%\u{e9}", vec![s("h\u{e9}llo")], "%!\u{e9}(string=h\u{e9}llo)"),
("%v", vec![b(true)], "true"),
("%+v", vec![b(true)], "true"),
("%#v", vec![b(true)], "true"),
("%T", vec![b(true)], "bool"),
("%t", vec![b(true)], "true"),
("%d", vec![b(true)], "%!d(bool=true)"),
("%b", vec![b(true)], "%!b(bool=true)"),
("%o", vec![b(true)], "%!o(bool=true)"),
("%O", vec![b(true)], "%!O(bool=true)"),
("%x", vec![b(true)], "%!x(bool=true)"),
("%X", vec![b(true)], "%!X(bool=true)"),
("%c", vec![b(true)], "%!c(bool=true)"),
("%q", vec![b(true)], "%!q(bool=true)"),
("%U", vec![b(true)], "%!U(bool=true)"),
("%e", vec![b(true)], "%!e(bool=true)"),
("%E", vec![b(true)], "%!E(bool=true)"),
("%f", vec![b(true)], "%!f(bool=true)"),
("%F", vec![b(true)], "%!F(bool=true)"),
("%g", vec![b(true)], "%!g(bool=true)"),
("%G", vec![b(true)], "%!G(bool=true)"),
("%s", vec![b(true)], "%!s(bool=true)"),
("%p", vec![b(true)], "%!p(bool=true)"),
("%z", vec![b(true)], "%!z(bool=true)"),
("%\u{e9}", vec![b(true)], "%!\u{e9}(bool=true)"),
("%v", vec![nil()], "<nil>"),
("%+v", vec![nil()], "<nil>"),
("%#v", vec![nil()], "<nil>"),
("%T", vec![nil()], "<nil>"),
("%t", vec![nil()], "%!t(<nil>)"),
("%d", vec![nil()], "%!d(<nil>)"),
("%b", vec![nil()], "%!b(<nil>)"),
("%o", vec![nil()], "%!o(<nil>)"),
("%O", vec![nil()], "%!O(<nil>)"),
("%x", vec![nil()], "%!x(<nil>)"),
("%X", vec![nil()], "%!X(<nil>)"),
("%c", vec![nil()], "%!c(<nil>)"),
("%q", vec![nil()], "%!q(<nil>)"),
("%U", vec![nil()], "%!U(<nil>)"),
("%e", vec![nil()], "%!e(<nil>)"),
("%E", vec![nil()], "%!E(<nil>)"),
("%f", vec![nil()], "%!f(<nil>)"),
("%F", vec![nil()], "%!F(<nil>)"),
("%g", vec![nil()], "%!g(<nil>)"),
("%G", vec![nil()], "%!G(<nil>)"),
("%s", vec![nil()], "%!s(<nil>)"),
("%p", vec![nil()], "%!p(<nil>)"),
("%z", vec![nil()], "%!z(<nil>)"),
("%\u{e9}", vec![nil()], "%!\u{e9}(<nil>)"),
("%v", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[1 a <nil> 2.5]"),
("%+v", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[1 a <nil> 2.5]"),
("%#v", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[]interface {}{1, \"a\", interface {}(nil), 2.5}"),
("%T", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[]interface {}"),
("%t", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[%!t(int=1) %!t(string=a) <nil> %!t(float64=2.5)]"),
("%d", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[1 %!d(string=a) <nil> %!d(float64=2.5)]"),
("%b", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[1 %!b(string=a) <nil> 5629499534213120p-51]"),
("%o", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[1 %!o(string=a) <nil> %!o(float64=2.5)]"),
("%O", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[0o1 %!O(string=a) <nil> %!O(float64=2.5)]"),
("%x", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[1 61 <nil> 0x1.4p+01]"),
("%X", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[1 61 <nil> 0X1.4P+01]"),
("%c", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[\u{1} %!c(string=a) <nil> %!c(float64=2.5)]"),
("%q", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "['\\x01' \"a\" <nil> %!q(float64=2.5)]"),
("%U", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[U+0001 %!U(string=a) <nil> %!U(float64=2.5)]"),
("%e", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[%!e(int=1) %!e(string=a) <nil> 2.500000e+00]"),
("%E", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[%!E(int=1) %!E(string=a) <nil> 2.500000E+00]"),
("%f", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[%!f(int=1) %!f(string=a) <nil> 2.500000]"),
("%F", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[%!F(int=1) %!F(string=a) <nil> 2.500000]"),
("%g", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[%!g(int=1) %!g(string=a) <nil> 2.5]"),
("%G", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[%!G(int=1) %!G(string=a) <nil> 2.5]"),
("%s", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[%!s(int=1) a <nil> %!s(float64=2.5)]"),
("%z", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[%!z(int=1) %!z(string=a) <nil> %!z(float64=2.5)]"),
("%\u{e9}", vec![seq(vec![i(1), s("a"), nil(), f("2.5")])], "[%!\u{e9}(int=1) %!\u{e9}(string=a) <nil> %!\u{e9}(float64=2.5)]"),
("%v", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[a:x b:1 c:<nil>]"),
("%+v", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[a:x b:1 c:<nil>]"),
("%#v", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[string]interface {}{\"a\":\"x\", \"b\":1, \"c\":interface {}(nil)}"),
("%T", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[string]interface {}"),
("%t", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!t(string=a):%!t(string=x) %!t(string=b):%!t(int=1) %!t(string=c):<nil>]"),
("%d", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!d(string=a):%!d(string=x) %!d(string=b):1 %!d(string=c):<nil>]"),
("%b", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!b(string=a):%!b(string=x) %!b(string=b):1 %!b(string=c):<nil>]"),
("%o", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!o(string=a):%!o(string=x) %!o(string=b):1 %!o(string=c):<nil>]"),
("%O", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!O(string=a):%!O(string=x) %!O(string=b):0o1 %!O(string=c):<nil>]"),
("%x", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[61:78 62:1 63:<nil>]"),
("%X", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[61:78 62:1 63:<nil>]"),
("%c", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!c(string=a):%!c(string=x) %!c(string=b):\u{1} %!c(string=c):<nil>]"),
("%q", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[\"a\":\"x\" \"b\":'\\x01' \"c\":<nil>]"),
("%U", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!U(string=a):%!U(string=x) %!U(string=b):U+0001 %!U(string=c):<nil>]"),
("%e", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!e(string=a):%!e(string=x) %!e(string=b):%!e(int=1) %!e(string=c):<nil>]"),
("%E", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!E(string=a):%!E(string=x) %!E(string=b):%!E(int=1) %!E(string=c):<nil>]"),
("%f", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!f(string=a):%!f(string=x) %!f(string=b):%!f(int=1) %!f(string=c):<nil>]"),
("%F", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!F(string=a):%!F(string=x) %!F(string=b):%!F(int=1) %!F(string=c):<nil>]"),
("%g", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!g(string=a):%!g(string=x) %!g(string=b):%!g(int=1) %!g(string=c):<nil>]"),
("%G", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!G(string=a):%!G(string=x) %!G(string=b):%!G(int=1) %!G(string=c):<nil>]"),
("%s", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[a:x b:%!s(int=1) c:<nil>]"),
("%z", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!z(string=a):%!z(string=x) %!z(string=b):%!z(int=1) %!z(string=c):<nil>]"),
("%\u{e9}", vec![map(vec![("a", s("x")), ("b", i(1)), ("c", nil())])], "map[%!\u{e9}(string=a):%!\u{e9}(string=x) %!\u{e9}(string=b):%!\u{e9}(int=1) %!\u{e9}(string=c):<nil>]"),
("%v", vec![cx("1", "2")], "(1+2i)"),
("%+v", vec![cx("1", "2")], "(1+2i)"),
("%#v", vec![cx("1", "2")], "(1+2i)"),
("%T", vec![cx("1", "2")], "complex128"),
("%t", vec![cx("1", "2")], "%!t(complex128=(1+2i))"),
("%d", vec![cx("1", "2")], "%!d(complex128=(1+2i))"),
("%b", vec![cx("1", "2")], "(4503599627370496p-52+4503599627370496p-51i)"),
("%o", vec![cx("1", "2")], "%!o(complex128=(1+2i))"),
("%O", vec![cx("1", "2")], "%!O(complex128=(1+2i))"),
("%x", vec![cx("1", "2")], "(0x1p+00+0x1p+01i)"),
("%X", vec![cx("1", "2")], "(0X1P+00+0X1P+01i)"),
("%c", vec![cx("1", "2")], "%!c(complex128=(1+2i))"),
("%q", vec![cx("1", "2")], "%!q(complex128=(1+2i))"),
("%U", vec![cx("1", "2")], "%!U(complex128=(1+2i))"),
("%e", vec![cx("1", "2")], "(1.000000e+00+2.000000e+00i)"),
("%E", vec![cx("1", "2")], "(1.000000E+00+2.000000E+00i)"),
("%f", vec![cx("1", "2")], "(1.000000+2.000000i)"),
("%F", vec![cx("1", "2")], "(1.000000+2.000000i)"),
("%g", vec![cx("1", "2")], "(1+2i)"),
("%G", vec![cx("1", "2")], "(1+2i)"),
("%s", vec![cx("1", "2")], "%!s(complex128=(1+2i))"),
("%p", vec![cx("1", "2")], "%!p(complex128=(1+2i))"),
("%z", vec![cx("1", "2")], "%!z(complex128=(1+2i))"),
("%\u{e9}", vec![cx("1", "2")], "%!\u{e9}(complex128=(1+2i))"),
("%d", vec![i(42)], "42"),
("%5d", vec![i(42)], "   42"),
("%-5d", vec![i(42)], "42   "),
("%05d", vec![i(42)], "00042"),
("%+d", vec![i(42)], "+42"),
("% d", vec![i(42)], " 42"),
("%#d", vec![i(42)], "42"),
("%.2d", vec![i(42)], "42"),
("%8.3d", vec![i(42)], "     042"),
("%-8.3d", vec![i(42)], "042     "),
("%+.3d", vec![i(42)], "+042"),
("%# d", vec![i(42)], " 42"),
("%#08d", vec![i(42)], "00000042"),
("%.0d", vec![i(42)], "42"),
("%+08.2d", vec![i(42)], "     +42"),
("%- 6d", vec![i(42)], " 42   "),
("%010.4d", vec![i(42)], "      0042"),
("%#.3d", vec![i(42)], "042"),
("%+#xd", vec![i(42)], "+0x2ad"),
("%-#10d", vec![i(42)], "42        "),
("% 07d", vec![i(42)], " 000042"),
("%.10d", vec![i(42)], "0000000042"),
("%#-12.1d", vec![i(42)], "42          "),
("%20.15d", vec![i(42)], "     000000000000042"),
("%5d", vec![i(-42)], "  -42"),
("%-5d", vec![i(-42)], "-42  "),
("%05d", vec![i(-42)], "-0042"),
("%+d", vec![i(-42)], "-42"),
("% d", vec![i(-42)], "-42"),
("%#d", vec![i(-42)], "-42"),
("%.2d", vec![i(-42)], "-42"),
("%8.3d", vec![i(-42)], "    -042"),
("%-8.3d", vec![i(-42)], "-042    "),
("%+.3d", vec![i(-42)], "-042"),
("%# d", vec![i(-42)], "-42"),
("%#08d", vec![i(-42)], "-0000042"),
("%.0d", vec![i(-42)], "-42"),
("%+08.2d", vec![i(-42)], "     -42"),
("%- 6d", vec![i(-42)], "-42   "),
("%010.4d", vec![i(-42)], "     -0042"),
("%#.3d", vec![i(-42)], "-042"),
("%+#xd", vec![i(-42)], "-0x2ad"),
("%-#10d", vec![i(-42)], "-42       "),
("% 07d", vec![i(-42)], "-000042"),
("%.10d", vec![i(-42)], "-0000000042"),
("%#-12.1d", vec![i(-42)], "-42         "),
("%20.15d", vec![i(-42)], "    -000000000000042"),
("%x", vec![i(255)], "ff"),
("%o", vec![i(255)], "377"),
("%b", vec![i(255)], "11111111"),
("%X", vec![i(255)], "FF"),
("%O", vec![i(255)], "0o377"),
("%#x", vec![i(255)], "0xff"),
("%#o", vec![i(255)], "0377"),
("%#b", vec![i(255)], "0b11111111"),
("%#X", vec![i(255)], "0XFF"),
("%#O", vec![i(255)], "0o0377"),
("%#08x", vec![i(255)], "0x000000ff"),
("%#08o", vec![i(255)], "00000377"),
("%#08b", vec![i(255)], "0b11111111"),
("%#08X", vec![i(255)], "0X000000FF"),
("%#08O", vec![i(255)], "0o00000377"),
("%+#xx", vec![i(255)], "+0xffx"),
("%+#xo", vec![i(255)], "+0xffo"),
("%+#xb", vec![i(255)], "+0xffb"),
("%+#xX", vec![i(255)], "+0xffX"),
("%+#xO", vec![i(255)], "+0xffO"),
("%-#10x", vec![i(255)], "0xff      "),
("%-#10o", vec![i(255)], "0377      "),
("%-#10b", vec![i(255)], "0b11111111"),
("%-#10X", vec![i(255)], "0XFF      "),
("%-#10O", vec![i(255)], "0o0377    "),
("%.0x", vec![i(255)], "ff"),
("%.0o", vec![i(255)], "377"),
("%.0b", vec![i(255)], "11111111"),
("%.0X", vec![i(255)], "FF"),
("%.0O", vec![i(255)], "0o377"),
("%8.3x", vec![i(255)], "     0ff"),
("%8.3o", vec![i(255)], "     377"),
("%8.3b", vec![i(255)], "11111111"),
("%8.3X", vec![i(255)], "     0FF"),
("%8.3O", vec![i(255)], "   0o377"),
("%v", vec![f("-2.5")], "-2.5"),
("%e", vec![f("-2.5")], "-2.500000e+00"),
("%f", vec![f("-2.5")], "-2.500000"),
("%g", vec![f("-2.5")], "-2.5"),
("%8v", vec![f("-2.5")], "    -2.5"),
("%8e", vec![f("-2.5")], "-2.500000e+00"),
("%8f", vec![f("-2.5")], "-2.500000"),
("%8g", vec![f("-2.5")], "    -2.5"),
("%-8v", vec![f("-2.5")], "-2.5    "),
("%-8e", vec![f("-2.5")], "-2.500000e+00"),
("%-8f", vec![f("-2.5")], "-2.500000"),
("%-8g", vec![f("-2.5")], "-2.5    "),
("%08v", vec![f("-2.5")], "-00002.5"),
("%08e", vec![f("-2.5")], "-2.500000e+00"),
("%08f", vec![f("-2.5")], "-2.500000"),
("%08g", vec![f("-2.5")], "-00002.5"),
("%+v", vec![f("-2.5")], "-2.5"),
("%+e", vec![f("-2.5")], "-2.500000e+00"),
("%+f", vec![f("-2.5")], "-2.500000"),
("%+g", vec![f("-2.5")], "-2.5"),
("% v", vec![f("-2.5")], "-2.5"),
("% e", vec![f("-2.5")], "-2.500000e+00"),
("% f", vec![f("-2.5")], "-2.500000"),
("% g", vec![f("-2.5")], "-2.5"),
("%#v", vec![f("-2.5")], "-2.5"),
("%#e", vec![f("-2.5")], "-2.500000e+00"),
("%#f", vec![f("-2.5")], "-2.500000"),
("%#g", vec![f("-2.5")], "-2.50000"),
("%.2v", vec![f("-2.5")], "-2.5"),
("%.2e", vec![f("-2.5")], "-2.50e+00"),
("%.2f", vec![f("-2.5")], "-2.50"),
("%.2g", vec![f("-2.5")], "-2.5"),
("%+10.3v", vec![f("-2.5")], "      -2.5"),
("%+10.3e", vec![f("-2.5")], "-2.500e+00"),
("%+10.3f", vec![f("-2.5")], "    -2.500"),
("%+10.3g", vec![f("-2.5")], "      -2.5"),
("%-#9.1v", vec![f("-2.5")], "-2       "),
("%-#9.1e", vec![f("-2.5")], "-2.5e+00 "),
("%-#9.1f", vec![f("-2.5")], "-2.5     "),
("%-#9.1g", vec![f("-2.5")], "-2.      "),
("%010.0v", vec![f("-2.5")], "-000000002"),
("%010.0e", vec![f("-2.5")], "-00002e+00"),
("%010.0f", vec![f("-2.5")], "-000000002"),
("%010.0g", vec![f("-2.5")], "-000000002"),
("%# .4v", vec![f("-2.5")], "-2.5"),
("%# .4e", vec![f("-2.5")], "-2.5000e+00"),
("%# .4f", vec![f("-2.5")], "-2.5000"),
("%# .4g", vec![f("-2.5")], "-2.500"),
("%v", vec![f("1.234567e+06")], "1.234567e+06"),
("%e", vec![f("1.234567e+06")], "1.234567e+06"),
("%f", vec![f("1.234567e+06")], "1234567.000000"),
("%g", vec![f("1.234567e+06")], "1.234567e+06"),
("%8v", vec![f("1.234567e+06")], "1.234567e+06"),
("%8e", vec![f("1.234567e+06")], "1.234567e+06"),
("%8f", vec![f("1.234567e+06")], "1234567.000000"),
("%8g", vec![f("1.234567e+06")], "1.234567e+06"),
("%-8v", vec![f("1.234567e+06")], "1.234567e+06"),
("%-8e", vec![f("1.234567e+06")], "1.234567e+06"),
("%-8f", vec![f("1.234567e+06")], "1234567.000000"),
("%-8g", vec![f("1.234567e+06")], "1.234567e+06"),
("%08v", vec![f("1.234567e+06")], "1.234567e+06"),
("%08e", vec![f("1.234567e+06")], "1.234567e+06"),
("%08f", vec![f("1.234567e+06")], "1234567.000000"),
("%08g", vec![f("1.234567e+06")], "1.234567e+06"),
("%+v", vec![f("1.234567e+06")], "1.234567e+06"),
("%+e", vec![f("1.234567e+06")], "+1.234567e+06"),
("%+f", vec![f("1.234567e+06")], "+1234567.000000"),
("%+g", vec![f("1.234567e+06")], "+1.234567e+06"),
("% v", vec![f("1.234567e+06")], " 1.234567e+06"),
("% e", vec![f("1.234567e+06")], " 1.234567e+06"),
("% f", vec![f("1.234567e+06")], " 1234567.000000"),
("% g", vec![f("1.234567e+06")], " 1.234567e+06"),
("%#v", vec![f("1.234567e+06")], "1.234567e+06"),
("%#e", vec![f("1.234567e+06")], "1.234567e+06"),
("%#f", vec![f("1.234567e+06")], "1234567.000000"),
("%#g", vec![f("1.234567e+06")], "1.234567e+06"),
("%.2v", vec![f("1.234567e+06")], "1.2e+06"),
("%.2e", vec![f("1.234567e+06")], "1.23e+06"),
("%.2f", vec![f("1.234567e+06")], "1234567.00"),
("%.2g", vec![f("1.234567e+06")], "1.2e+06"),
("%+10.3v", vec![f("1.234567e+06")], "  1.23e+06"),
("%+10.3e", vec![f("1.234567e+06")], "+1.235e+06"),
("%+10.3f", vec![f("1.234567e+06")], "+1234567.000"),
("%+10.3g", vec![f("1.234567e+06")], " +1.23e+06"),
("%-#9.1v", vec![f("1.234567e+06")], "1e+06    "),
("%-#9.1e", vec![f("1.234567e+06")], "1.2e+06  "),
("%-#9.1f", vec![f("1.234567e+06")], "1234567.0"),
("%-#9.1g", vec![f("1.234567e+06")], "1.e+06   "),
("%010.0v", vec![f("1.234567e+06")], "000001e+06"),
("%010.0e", vec![f("1.234567e+06")], "000001e+06"),
("%010.0f", vec![f("1.234567e+06")], "0001234567"),
("%010.0g", vec![f("1.234567e+06")], "000001e+06"),
("%# .4v", vec![f("1.234567e+06")], " 1.235e+06"),
("%# .4e", vec![f("1.234567e+06")], " 1.2346e+06"),
("%# .4f", vec![f("1.234567e+06")], " 1234567.0000"),
("%# .4g", vec![f("1.234567e+06")], " 1.235e+06"),
("%v", vec![f("NaN")], "NaN"),
("%e", vec![f("NaN")], "NaN"),
("%f", vec![f("NaN")], "NaN"),
("%g", vec![f("NaN")], "NaN"),
("%8v", vec![f("NaN")], "     NaN"),
("%8e", vec![f("NaN")], "     NaN"),
("%8f", vec![f("NaN")], "     NaN"),
("%8g", vec![f("NaN")], "     NaN"),
("%-8v", vec![f("NaN")], "NaN     "),
("%-8e", vec![f("NaN")], "NaN     "),
("%-8f", vec![f("NaN")], "NaN     "),
("%-8g", vec![f("NaN")], "NaN     "),
("%08v", vec![f("NaN")], "     NaN"),
("%08e", vec![f("NaN")], "     NaN"),
("%08f", vec![f("NaN")], "     NaN"),
("%08g", vec![f("NaN")], "     NaN"),
("%+v", vec![f("NaN")], "NaN"),
("%+e", vec![f("NaN")], "+NaN"),
("%+f", vec![f("NaN")], "+NaN"),
("%+g", vec![f("NaN")], "+NaN"),
("% v", vec![f("NaN")], " NaN"),
("% e", vec![f("NaN")], " NaN"),
("% f", vec![f("NaN")], " NaN"),
("% g", vec![f("NaN")], " NaN"),
("%#v", vec![f("NaN")], "NaN"),
("%#e", vec![f("NaN")], "NaN"),
("%#f", vec![f("NaN")], "NaN"),
("%#g", vec![f("NaN")], "NaN"),
("%.2v", vec![f("NaN")], "NaN"),
("%.2e", vec![f("NaN")], "NaN"),
("%.2f", vec![f("NaN")], "NaN"),
("%.2g", vec![f("NaN")], "NaN"),
("%+10.3v", vec![f("NaN")], "       NaN"),
("%+10.3e", vec![f("NaN")], "      +NaN"),
("%+10.3f", vec![f("NaN")], "      +NaN"),
("%+10.3g", vec![f("NaN")], "      +NaN"),
("%-#9.1v", vec![f("NaN")], "NaN      "),
("%-#9.1e", vec![f("NaN")], "NaN      "),
("%-#9.1f", vec![f("NaN")], "NaN      "),
("%-#9.1g", vec![f("NaN")], "NaN      "),
("%010.0v", vec![f("NaN")], "       NaN"),
("%010.0e", vec![f("NaN")], "       NaN"),
("%010.0f", vec![f("NaN")], "       NaN"),
("%010.0g", vec![f("NaN")], "       NaN"),
("%# .4v", vec![f("NaN")], " NaN"),
("%# .4e", vec![f("NaN")], " NaN"),
("%# .4f", vec![f("NaN")], " NaN"),
("%# .4g", vec![f("NaN")], " NaN"),
("%8s", vec![s("h\u{e9}llo")], "   h\u{e9}llo"),
("%8q", vec![s("h\u{e9}llo")], " \"h\u{e9}llo\""),
("%8x", vec![s("h\u{e9}llo")], "68c3a96c6c6f"),
("%-8s", vec![s("h\u{e9}llo")], "h\u{e9}llo   "),
("%-8q", vec![s("h\u{e9}llo")], "\"h\u{e9}llo\" "),
("%-8x", vec![s("h\u{e9}llo")], "68c3a96c6c6f"),
("%08s", vec![s("h\u{e9}llo")], "000h\u{e9}llo"),
("%08q", vec![s("h\u{e9}llo")], "0\"h\u{e9}llo\""),
("%08x", vec![s("h\u{e9}llo")], "68c3a96c6c6f"),
("%+s", vec![s("h\u{e9}llo")], "h\u{e9}llo"),
("%+q", vec![s("h\u{e9}llo")], "\"h\\u00e9llo\""),
("%+x", vec![s("h\u{e9}llo")], "68c3a96c6c6f"),
("% s", vec![s("h\u{e9}llo")], "h\u{e9}llo"),
("% q", vec![s("h\u{e9}llo")], "\"h\u{e9}llo\""),
("% x", vec![s("h\u{e9}llo")], "68 c3 a9 6c 6c 6f"),
("%#s", vec![s("h\u{e9}llo")], "h\u{e9}llo"),
("%#q", vec![s("h\u{e9}llo")], "`h\u{e9}llo`"),
("%#x", vec![s("h\u{e9}llo")], "0x68c3a96c6c6f"),
("%.2s", vec![s("h\u{e9}llo")], "h\u{e9}"),
("%.2q", vec![s("h\u{e9}llo")], "\"h\u{e9}\""),
("%.2x", vec![s("h\u{e9}llo")], "68c3"),
("%+10.3s", vec![s("h\u{e9}llo")], "       h\u{e9}l"),
("%+10.3q", vec![s("h\u{e9}llo")], "\"h\\u00e9l\""),
("%+10.3x", vec![s("h\u{e9}llo")], "    68c3a9"),
("%-#9.1s", vec![s("h\u{e9}llo")], "h        "),
("%-#9.1q", vec![s("h\u{e9}llo")], "`h`      "),
("%-#9.1x", vec![s("h\u{e9}llo")], "0x68     "),
("%010.0s", vec![s("h\u{e9}llo")], "0000000000"),
("%010.0q", vec![s("h\u{e9}llo")], "00000000\"\""),
("%010.0x", vec![s("h\u{e9}llo")], "0000000000"),
("%# .4s", vec![s("h\u{e9}llo")], "h\u{e9}ll"),
("%# .4q", vec![s("h\u{e9}llo")], "`h\u{e9}ll`"),
("%# .4x", vec![s("h\u{e9}llo")], "0x68 0xc3 0xa9 0x6c"),
("%s", vec![s("a\tb`")], "a\tb`"),
("%q", vec![s("a\tb`")], "\"a\\tb`\""),
("%x", vec![s("a\tb`")], "61096260"),
("%8s", vec![s("a\tb`")], "    a\tb`"),
("%8q", vec![s("a\tb`")], " \"a\\tb`\""),
("%8x", vec![s("a\tb`")], "61096260"),
("%-8s", vec![s("a\tb`")], "a\tb`    "),
("%-8q", vec![s("a\tb`")], "\"a\\tb`\" "),
("%-8x", vec![s("a\tb`")], "61096260"),
("%08s", vec![s("a\tb`")], "0000a\tb`"),
("%08q", vec![s("a\tb`")], "0\"a\\tb`\""),
("%08x", vec![s("a\tb`")], "61096260"),
("%+s", vec![s("a\tb`")], "a\tb`"),
("%+q", vec![s("a\tb`")], "\"a\\tb`\""),
("%+x", vec![s("a\tb`")], "61096260"),
("% s", vec![s("a\tb`")], "a\tb`"),
("% q", vec![s("a\tb`")], "\"a\\tb`\""),
("% x", vec![s("a\tb`")], "61 09 62 60"),
("%#s", vec![s("a\tb`")], "a\tb`"),
("%#q", vec![s("a\tb`")], "\"a\\tb`\""),
("%#x", vec![s("a\tb`")], "0x61096260"),
("%.2s", vec![s("a\tb`")], "a\t"),
("%.2q", vec![s("a\tb`")], "\"a\\t\""),
("%.2x", vec![s("a\tb`")], "6109"),
("%+10.3s", vec![s("a\tb`")], "       a\tb"),
("%+10.3q", vec![s("a\tb`")], "    \"a\\tb\""),
("%+10.3x", vec![s("a\tb`")], "    610962"),
("%-#9.1s", vec![s("a\tb`")], "a        "),
("%-#9.1q", vec![s("a\tb`")], "`a`      "),
("%-#9.1x", vec![s("a\tb`")], "0x61     "),
("%010.0s", vec![s("a\tb`")], "0000000000"),
("%010.0q", vec![s("a\tb`")], "00000000\"\""),
("%010.0x", vec![s("a\tb`")], "0000000000"),
("%# .4s", vec![s("a\tb`")], "a\tb`"),
("%# .4q", vec![s("a\tb`")], "\"a\\tb`\""),
("%# .4x", vec![s("a\tb`")], "0x61 0x09 0x62 0x60"),
("%c", vec![i(0)], "\u{0}"),
("%q", vec![i(0)], "'\\x00'"),
("%#U", vec![i(0)], "U+0000"),
("%c", vec![i(1)], "\u{1}"),
("%q", vec![i(1)], "'\\x01'"),
("%#U", vec![i(1)], "U+0001"),
("%c", vec![i(-1)], "\u{fffd}"),
("%q", vec![i(-1)], "'\u{fffd}'"),
("%#U", vec![i(-1)], "U+FFFFFFFFFFFFFFFF"),
("%c", vec![i(7)], "\u{7}"),
("%q", vec![i(7)], "'\\a'"),
("%#U", vec![i(7)], "U+0007"),
("%c", vec![i(42)], "*"),
("%q", vec![i(42)], "'*'"),
("%#U", vec![i(42)], "U+002A '*'"),
("%#U", vec![i(-42)], "U+FFFFFFFFFFFFFFD6"),
("%c", vec![i(255)], "\u{ff}"),
("%q", vec![i(255)], "'\u{ff}'"),
("%#U", vec![i(255)], "U+00FF '\u{ff}'"),
("%c", vec![i(1000000)], "\u{f4240}"),
("%q", vec![i(1000000)], "'\\U000f4240'"),
("%#U", vec![i(1000000)], "U+F4240"),
("%c", vec![i(-1234567)], "\u{fffd}"),
("%q", vec![i(-1234567)], "'\u{fffd}'"),
("%#U", vec![i(-1234567)], "U+FFFFFFFFFFED2979"),
("%c", vec![i(9223372036854775807)], "\u{fffd}"),
("%q", vec![i(9223372036854775807)], "'\u{fffd}'"),
("%#U", vec![i(9223372036854775807)], "U+7FFFFFFFFFFFFFFF"),
("%c", vec![i(i64::MIN)], "\u{fffd}"),
("%q", vec![i(i64::MIN)], "'\u{fffd}'"),
("%#U", vec![i(i64::MIN)], "U+8000000000000000"),
("%c", vec![i(97)], "a"),
("%q", vec![i(97)], "'a'"),
("%#U", vec![i(97)], "U+0061 'a'"),
("%c", vec![i(233)], "\u{e9}"),
("%q", vec![i(233)], "'\u{e9}'"),
("%#U", vec![i(233)], "U+00E9 '\u{e9}'"),
("%c", vec![i(128512)], "\u{1f600}"),
("%q", vec![i(128512)], "'\u{1f600}'"),
("%#U", vec![i(128512)], "U+1F600 '\u{1f600}'"),
("%c", vec![i(1114111)], "\u{10ffff}"),
("%q", vec![i(1114111)], "'\\U0010ffff'"),
("%#U", vec![i(1114111)], "U+10FFFF"),
("%c", vec![i(1114112)], "\u{fffd}"),
("%q", vec![i(1114112)], "'\u{fffd}'"),
("%#U", vec![i(1114112)], "U+110000"),
("%c", vec![i(55296)], "\u{fffd}"),
("%q", vec![i(55296)], "'\u{fffd}'"),
("%#U", vec![i(55296)], "U+D800"),
("%c", vec![i(127)], "\u{7f}"),
("%q", vec![i(127)], "'\\x7f'"),
("%#U", vec![i(127)], "U+007F"),
("%c", vec![i(8232)], "\u{2028}"),
("%q", vec![i(8232)], "'\\u2028'"),
("%#U", vec![i(8232)], "U+2028"),
("%c", vec![i(173)], "\u{ad}"),
("%q", vec![i(173)], "'\\u00ad'"),
("%#U", vec![i(173)], "U+00AD"),
("%c", vec![i(65279)], "\u{feff}"),
("%q", vec![i(65279)], "'\\ufeff'"),
("%#U", vec![i(65279)], "U+FEFF"),
("%c", vec![i(10)], "\n"),
("%q", vec![i(10)], "'\\n'"),
("%#U", vec![i(10)], "U+000A"),
("%c", vec![i(888)], "\u{378}"),
("%q", vec![i(888)], "'\\u0378'"),
("%#U", vec![i(888)], "U+0378"),
("%v", vec![f("0")], "0"),
("%e", vec![f("0")], "0.000000e+00"),
("%.3g", vec![f("0")], "0"),
("%v", vec![f("-0")], "-0"),
("%e", vec![f("-0")], "-0.000000e+00"),
("%.3g", vec![f("-0")], "-0"),
("%v", vec![f("1")], "1"),
("%e", vec![f("1")], "1.000000e+00"),
("%.3g", vec![f("1")], "1"),
("%v", vec![f("-1")], "-1"),
("%e", vec![f("-1")], "-1.000000e+00"),
("%.3g", vec![f("-1")], "-1"),
("%.3g", vec![f("1.5")], "1.5"),
("%.3g", vec![f("-2.5")], "-2.5"),
("%v", vec![f("2.5")], "2.5"),
("%e", vec![f("2.5")], "2.500000e+00"),
("%.3g", vec![f("2.5")], "2.5"),
("%v", vec![f("0.5")], "0.5"),
("%e", vec![f("0.5")], "5.000000e-01"),
("%.3g", vec![f("0.5")], "0.5"),
("%v", vec![f("0.25")], "0.25"),
("%e", vec![f("0.25")], "2.500000e-01"),
("%.3g", vec![f("0.25")], "0.25"),
("%v", vec![f("1.005")], "1.005"),
("%e", vec![f("1.005")], "1.005000e+00"),
("%.3g", vec![f("1.005")], "1"),
("%v", vec![f("0.1")], "0.1"),
("%e", vec![f("0.1")], "1.000000e-01"),
("%.3g", vec![f("0.1")], "0.1"),
("%v", vec![f("0.3333333333333333")], "0.3333333333333333"),
("%e", vec![f("0.3333333333333333")], "3.333333e-01"),
("%.3g", vec![f("0.3333333333333333")], "0.333"),
("%v", vec![f("3.141592653589793")], "3.141592653589793"),
("%e", vec![f("3.141592653589793")], "3.141593e+00"),
("%.3g", vec![f("3.141592653589793")], "3.14"),
("%v", vec![f("123456")], "123456"),
("%e", vec![f("123456")], "1.234560e+05"),
("%.3g", vec![f("123456")], "1.23e+05"),
("%.3g", vec![f("1.234567e+06")], "1.23e+06"),
("%v", vec![f("1e+06")], "1e+06"),
("%e", vec![f("1e+06")], "1.000000e+06"),
("%.3g", vec![f("1e+06")], "1e+06"),
("%v", vec![f("1.23456789e+08")], "1.23456789e+08"),
("%e", vec![f("1.23456789e+08")], "1.234568e+08"),
("%.3g", vec![f("1.23456789e+08")], "1.23e+08"),
("%v", vec![f("1e+20")], "1e+20"),
("%e", vec![f("1e+20")], "1.000000e+20"),
("%.3g", vec![f("1e+20")], "1e+20"),
("%v", vec![f("1e+21")], "1e+21"),
("%e", vec![f("1e+21")], "1.000000e+21"),
("%.3g", vec![f("1e+21")], "1e+21"),
("%v", vec![f("1e+22")], "1e+22"),
("%e", vec![f("1e+22")], "1.000000e+22"),
("%.3g", vec![f("1e+22")], "1e+22"),
("%v", vec![f("0.0001")], "0.0001"),
("%e", vec![f("0.0001")], "1.000000e-04"),
("%.3g", vec![f("0.0001")], "0.0001"),
("%v", vec![f("1e-05")], "1e-05"),
("%e", vec![f("1e-05")], "1.000000e-05"),
("%.3g", vec![f("1e-05")], "1e-05"),
("%v", vec![f("0.0001234")], "0.0001234"),
("%e", vec![f("0.0001234")], "1.234000e-04"),
("%.3g", vec![f("0.0001234")], "0.000123"),
("%v", vec![f("1e+100")], "1e+100"),
("%e", vec![f("1e+100")], "1.000000e+100"),
("%.3g", vec![f("1e+100")], "1e+100"),
("%v", vec![f("-1e-100")], "-1e-100"),
("%e", vec![f("-1e-100")], "-1.000000e-100"),
("%.3g", vec![f("-1e-100")], "-1e-100"),
("%v", vec![f("5e-324")], "5e-324"),
("%e", vec![f("5e-324")], "4.940656e-324"),
("%.3g", vec![f("5e-324")], "4.94e-324"),
("%v", vec![f("1.7976931348623157e+308")], "1.7976931348623157e+308"),
("%e", vec![f("1.7976931348623157e+308")], "1.797693e+308"),
("%.3g", vec![f("1.7976931348623157e+308")], "1.8e+308"),
("%v", vec![f("1.5e-323")], "1.5e-323"),
("%e", vec![f("1.5e-323")], "1.482197e-323"),
("%.3g", vec![f("1.5e-323")], "1.48e-323"),
("%v", vec![f("2.2250738585072014e-308")], "2.2250738585072014e-308"),
("%e", vec![f("2.2250738585072014e-308")], "2.225074e-308"),
("%.3g", vec![f("2.2250738585072014e-308")], "2.23e-308"),
("%v", vec![f("+Inf")], "+Inf"),
("%e", vec![f("+Inf")], "+Inf"),
("%.3g", vec![f("+Inf")], "+Inf"),
("%v", vec![f("-Inf")], "-Inf"),
("%e", vec![f("-Inf")], "-Inf"),
("%.3g", vec![f("-Inf")], "-Inf"),
("%.3g", vec![f("NaN")], "NaN"),
("%v", vec![f("100")], "100"),
("%e", vec![f("100")], "1.000000e+02"),
("%.3g", vec![f("100")], "100"),
("%v", vec![f("12345.678")], "12345.678"),
("%e", vec![f("12345.678")], "1.234568e+04"),
("%.3g", vec![f("12345.678")], "1.23e+04"),
("%v", vec![f("9.999999")], "9.999999"),
("%e", vec![f("9.999999")], "9.999999e+00"),
("%.3g", vec![f("9.999999")], "10"),
("%v", vec![f("9.9999e-05")], "9.9999e-05"),
("%e", vec![f("9.9999e-05")], "9.999900e-05"),
("%.3g", vec![f("9.9999e-05")], "0.0001"),
("%v", vec![f("999999.5")], "999999.5"),
("%e", vec![f("999999.5")], "9.999995e+05"),
("%.3g", vec![f("999999.5")], "1e+06"),
("%v", vec![f("1e+15")], "1e+15"),
("%e", vec![f("1e+15")], "1.000000e+15"),
("%.3g", vec![f("1e+15")], "1e+15"),
("%v", vec![f("1e+16")], "1e+16"),
("%e", vec![f("1e+16")], "1.000000e+16"),
("%.3g", vec![f("1e+16")], "1e+16"),
("%v", vec![f("1e+17")], "1e+17"),
("%e", vec![f("1e+17")], "1.000000e+17"),
("%.3g", vec![f("1e+17")], "1e+17"),
("%v", vec![f("9.007199254740992e+15")], "9.007199254740992e+15"),
("%e", vec![f("9.007199254740992e+15")], "9.007199e+15"),
("%.3g", vec![f("9.007199254740992e+15")], "9.01e+15"),
("%v", vec![f("3e+10")], "3e+10"),
("%e", vec![f("3e+10")], "3.000000e+10"),
("%.3g", vec![f("3e+10")], "3e+10"),
("%v", vec![f("0.3")], "0.3"),
("%e", vec![f("0.3")], "3.000000e-01"),
("%.3g", vec![f("0.3")], "0.3"),
("%v", vec![f("1e+23")], "1e+23"),
("%e", vec![f("1e+23")], "1.000000e+23"),
("%.3g", vec![f("1e+23")], "1e+23"),
("%v", vec![f("8.41e+21")], "8.41e+21"),
("%e", vec![f("8.41e+21")], "8.410000e+21"),
("%.3g", vec![f("8.41e+21")], "8.41e+21"),
("%v", vec![f("5e-07")], "5e-07"),
("%e", vec![f("5e-07")], "5.000000e-07"),
("%.3g", vec![f("5e-07")], "5e-07"),
("%v", vec![f("4.35")], "4.35"),
("%e", vec![f("4.35")], "4.350000e+00"),
("%.3g", vec![f("4.35")], "4.35"),
("%v", vec![f("0.015")], "0.015"),
("%e", vec![f("0.015")], "1.500000e-02"),
("%.3g", vec![f("0.015")], "0.015"),
("%v", vec![f("1.45")], "1.45"),
("%e", vec![f("1.45")], "1.450000e+00"),
("%.3g", vec![f("1.45")], "1.45"),
("%q", vec![s("")], "\"\""),
("%+q", vec![s("")], "\"\""),
("%#q", vec![s("")], "``"),
("%q", vec![s("a")], "\"a\""),
("%+q", vec![s("a")], "\"a\""),
("%#q", vec![s("a")], "`a`"),
("%q", vec![s("hello")], "\"hello\""),
("%+q", vec![s("hello")], "\"hello\""),
("%#q", vec![s("hello")], "`hello`"),
("%q", vec![s("\u{65e5}\u{672c}\u{8a9e}")], "\"\u{65e5}\u{672c}\u{8a9e}\""),
("%+q", vec![s("\u{65e5}\u{672c}\u{8a9e}")], "\"\\u65e5\\u672c\\u8a9e\""),
("%#q", vec![s("\u{65e5}\u{672c}\u{8a9e}")], "`\u{65e5}\u{672c}\u{8a9e}`"),
("%q", vec![s("a\tb")], "\"a\\tb\""),
("%+q", vec![s("a\tb")], "\"a\\tb\""),
("%#q", vec![s("a\tb")], "`a\tb`"),
("%q", vec![s("a\nb")], "\"a\\nb\""),
("%+q", vec![s("a\nb")], "\"a\\nb\""),
("%#q", vec![s("a\nb")], "\"a\\nb\""),
("%q", vec![s("\u{0}")], "\"\\x00\""),
("%+q", vec![s("\u{0}")], "\"\\x00\""),
("%#q", vec![s("\u{0}")], "\"\\x00\""),
("%q", vec![s("\u{7f}")], "\"\\x7f\""),
("%+q", vec![s("\u{7f}")], "\"\\x7f\""),
("%#q", vec![s("\u{7f}")], "\"\\x7f\""),
("%q", vec![s("`")], "\"`\""),
("%+q", vec![s("`")], "\"`\""),
("%#q", vec![s("`")], "\"`\""),
("%q", vec![s("a`b")], "\"a`b\""),
("%+q", vec![s("a`b")], "\"a`b\""),
("%#q", vec![s("a`b")], "\"a`b\""),
("%q", vec![s("\u{feff}")], "\"\\ufeff\""),
("%+q", vec![s("\u{feff}")], "\"\\ufeff\""),
("%#q", vec![s("\u{feff}")], "\"\\ufeff\""),
("%q", vec![s("\u{2028}")], "\"\\u2028\""),
("%+q", vec![s("\u{2028}")], "\"\\u2028\""),
("%#q", vec![s("\u{2028}")], "`\u{2028}`"),
("%q", vec![s("\u{1f600}")], "\"\u{1f600}\""),
("%+q", vec![s("\u{1f600}")], "\"\\U0001f600\""),
("%#q", vec![s("\u{1f600}")], "`\u{1f600}`"),
("%q", vec![s("\"quote\"")], "\"\\\"quote\\\"\""),
("%+q", vec![s("\"quote\"")], "\"\\\"quote\\\"\""),
("%#q", vec![s("\"quote\"")], "`\"quote\"`"),
("%q", vec![s("back\\slash")], "\"back\\\\slash\""),
("%+q", vec![s("back\\slash")], "\"back\\\\slash\""),
("%#q", vec![s("back\\slash")], "`back\\slash`"),
("%q", vec![s("\u{ad}")], "\"\\u00ad\""),
("%+q", vec![s("\u{ad}")], "\"\\u00ad\""),
("%#q", vec![s("\u{ad}")], "`\u{ad}`"),
("%q", vec![s("\u{378}")], "\"\\u0378\""),
("%+q", vec![s("\u{378}")], "\"\\u0378\""),
("%#q", vec![s("\u{378}")], "`\u{378}`"),
("%q", vec![s("\u{7}\u{8}\u{c}\u{d}\u{b}")], "\"\\a\\b\\f\\r\\v\""),
("%+q", vec![s("\u{7}\u{8}\u{c}\u{d}\u{b}")], "\"\\a\\b\\f\\r\\v\""),
("%#q", vec![s("\u{7}\u{8}\u{c}\u{d}\u{b}")], "\"\\a\\b\\f\\r\\v\""),
("%q", vec![s("'")], "\"'\""),
("%+q", vec![s("'")], "\"'\""),
("%#q", vec![s("'")], "`'`"),
("%q", vec![s("x\u{300}")], "\"x\u{300}\""),
("%+q", vec![s("x\u{300}")], "\"x\\u0300\""),
("%#q", vec![s("x\u{300}")], "`x\u{300}`"),
("%q", vec![s("\u{e0001}")], "\"\\U000e0001\""),
("%+q", vec![s("\u{e0001}")], "\"\\U000e0001\""),
("%#q", vec![s("\u{e0001}")], "`\u{e0001}`"),
("%q", vec![s("\u{a0}")], "\"\\u00a0\""),
("%+q", vec![s("\u{a0}")], "\"\\u00a0\""),
("%#q", vec![s("\u{a0}")], "`\u{a0}`"),
("%q", vec![s(" lead")], "\" lead\""),
("%+q", vec![s(" lead")], "\" lead\""),
("%#q", vec![s(" lead")], "` lead`"),
("%q", vec![s("abc def")], "\"abc def\""),
("%+q", vec![s("abc def")], "\"abc def\""),
("%#q", vec![s("abc def")], "`abc def`"),
("%q", vec![s("\u{1b}[0m")], "\"\\x1b[0m\""),
("%+q", vec![s("\u{1b}[0m")], "\"\\x1b[0m\""),
("%#q", vec![s("\u{1b}[0m")], "\"\\x1b[0m\""),
("%v", vec![b(false)], "false"),
("%#v", vec![b(false)], "false"),
("%d", vec![b(false)], "%!d(bool=false)"),
("%x", vec![b(false)], "%!x(bool=false)"),
("%v", vec![undef()], "<nil>"),
("%#v", vec![undef()], "<nil>"),
("%d", vec![undef()], "%!d(<nil>)"),
("%x", vec![undef()], "%!x(<nil>)"),
("%v", vec![seq(vec![])], "[]"),
("%#v", vec![seq(vec![])], "[]interface {}{}"),
("%d", vec![seq(vec![])], "[]"),
("%x", vec![seq(vec![])], "[]"),
("%v", vec![seq(vec![i(1), i(2)])], "[1 2]"),
("%#v", vec![seq(vec![i(1), i(2)])], "[]interface {}{1, 2}"),
("%d", vec![seq(vec![i(1), i(2)])], "[1 2]"),
("%x", vec![seq(vec![i(1), i(2)])], "[1 2]"),
("%v", vec![seq(vec![i(1), s("a"), nil(), f("2.5"), b(true)])], "[1 a <nil> 2.5 true]"),
("%#v", vec![seq(vec![i(1), s("a"), nil(), f("2.5"), b(true)])], "[]interface {}{1, \"a\", interface {}(nil), 2.5, true}"),
("%d", vec![seq(vec![i(1), s("a"), nil(), f("2.5"), b(true)])], "[1 %!d(string=a) <nil> %!d(float64=2.5) %!d(bool=true)]"),
("%x", vec![seq(vec![i(1), s("a"), nil(), f("2.5"), b(true)])], "[1 61 <nil> 0x1.4p+01 %!x(bool=true)]"),
("%v", vec![seq(vec![seq(vec![i(1), i(2)]), seq(vec![]), map(vec![("k", s("v"))])])], "[[1 2] [] map[k:v]]"),
("%#v", vec![seq(vec![seq(vec![i(1), i(2)]), seq(vec![]), map(vec![("k", s("v"))])])], "[]interface {}{[]interface {}{1, 2}, []interface {}{}, map[string]interface {}{\"k\":\"v\"}}"),
("%d", vec![seq(vec![seq(vec![i(1), i(2)]), seq(vec![]), map(vec![("k", s("v"))])])], "[[1 2] [] map[%!d(string=k):%!d(string=v)]]"),
("%x", vec![seq(vec![seq(vec![i(1), i(2)]), seq(vec![]), map(vec![("k", s("v"))])])], "[[1 2] [] map[6b:76]]"),
("%v", vec![seq(vec![f("1"), f("2")])], "[1 2]"),
("%#v", vec![seq(vec![f("1"), f("2")])], "[]interface {}{1, 2}"),
("%d", vec![seq(vec![f("1"), f("2")])], "[%!d(float64=1) %!d(float64=2)]"),
("%x", vec![seq(vec![f("1"), f("2")])], "[0x1p+00 0x1p+01]"),
("%v", vec![seq(vec![s("a"), s("b")])], "[a b]"),
("%#v", vec![seq(vec![s("a"), s("b")])], "[]interface {}{\"a\", \"b\"}"),
("%d", vec![seq(vec![s("a"), s("b")])], "[%!d(string=a) %!d(string=b)]"),
("%x", vec![seq(vec![s("a"), s("b")])], "[61 62]"),
("%v", vec![map(vec![])], "map[]"),
("%#v", vec![map(vec![])], "map[string]interface {}{}"),
("%d", vec![map(vec![])], "map[]"),
("%x", vec![map(vec![])], "map[]"),
("%v", vec![map(vec![("K", map(vec![("z", f("1.5"))])), ("k", seq(vec![i(1), s("x")]))])], "map[K:map[z:1.5] k:[1 x]]"),
("%#v", vec![map(vec![("K", map(vec![("z", f("1.5"))])), ("k", seq(vec![i(1), s("x")]))])], "map[string]interface {}{\"K\":map[string]interface {}{\"z\":1.5}, \"k\":[]interface {}{1, \"x\"}}"),
("%d", vec![map(vec![("K", map(vec![("z", f("1.5"))])), ("k", seq(vec![i(1), s("x")]))])], "map[%!d(string=K):map[%!d(string=z):%!d(float64=1.5)] %!d(string=k):[1 %!d(string=x)]]"),
("%x", vec![map(vec![("K", map(vec![("z", f("1.5"))])), ("k", seq(vec![i(1), s("x")]))])], "map[4b:map[7a:0x1.8p+00] 6b:[1 78]]"),
("%v", vec![map(vec![("10", i(4)), ("9", i(5)), ("Z", i(3)), ("e", i(2)), ("\u{e9}", i(1))])], "map[10:4 9:5 Z:3 e:2 \u{e9}:1]"),
("%#v", vec![map(vec![("10", i(4)), ("9", i(5)), ("Z", i(3)), ("e", i(2)), ("\u{e9}", i(1))])], "map[string]interface {}{\"10\":4, \"9\":5, \"Z\":3, \"e\":2, \"\u{e9}\":1}"),
("%d", vec![map(vec![("10", i(4)), ("9", i(5)), ("Z", i(3)), ("e", i(2)), ("\u{e9}", i(1))])], "map[%!d(string=10):4 %!d(string=9):5 %!d(string=Z):3 %!d(string=e):2 %!d(string=\u{e9}):1]"),
("%x", vec![map(vec![("10", i(4)), ("9", i(5)), ("Z", i(3)), ("e", i(2)), ("\u{e9}", i(1))])], "map[3130:4 39:5 5a:3 65:2 c3a9:1]"),
("%v", vec![cx("0", "1.5")], "(0+1.5i)"),
("%#v", vec![cx("0", "1.5")], "(0+1.5i)"),
("%d", vec![cx("0", "1.5")], "%!d(complex128=(0+1.5i))"),
("%x", vec![cx("0", "1.5")], "(0x0p+00+0x1.8p+00i)"),
("%v", vec![cx("-0", "-0")], "(-0-0i)"),
("%#v", vec![cx("-0", "-0")], "(-0-0i)"),
("%d", vec![cx("-0", "-0")], "%!d(complex128=(-0-0i))"),
("%x", vec![cx("-0", "-0")], "(-0x0p+00-0x0p+00i)"),
("%v", vec![cx("+Inf", "NaN")], "(+Inf+NaNi)"),
("%#v", vec![cx("+Inf", "NaN")], "(+Inf+NaNi)"),
("%d", vec![cx("+Inf", "NaN")], "%!d(complex128=(+Inf+NaNi))"),
("%x", vec![cx("+Inf", "NaN")], "(+Inf+NaNi)"),
("%v", vec![cx("1e+21", "-1e-05")], "(1e+21-1e-05i)"),
("%#v", vec![cx("1e+21", "-1e-05")], "(1e+21-1e-05i)"),
("%d", vec![cx("1e+21", "-1e-05")], "%!d(complex128=(1e+21-1e-05i))"),
("%x", vec![cx("1e+21", "-1e-05")], "(0x1.b1ae4d6e2ef5p+69-0x1.4f8b588e368f1p-17i)"),
("%v", vec![cx("0.1", "2.5")], "(0.1+2.5i)"),
("%#v", vec![cx("0.1", "2.5")], "(0.1+2.5i)"),
("%d", vec![cx("0.1", "2.5")], "%!d(complex128=(0.1+2.5i))"),
("%x", vec![cx("0.1", "2.5")], "(0x1.999999999999ap-04+0x1.4p+01i)"),
("%d", vec![], "%!d(MISSING)"),
("%d %d", vec![i(1)], "1 %!d(MISSING)"),
("%d", vec![i(1), i(2)], "1%!(EXTRA int=2)"),
("%d", vec![i(1), s("x"), nil(), f("2.5"), seq(vec![i(1)]), undef()], "1%!(EXTRA string=x, <nil>, float64=2.5, []interface {}=[1], <nil>)"),
("%!", vec![i(1)], "%!!(int=1)"),
("%", vec![i(1)], "%!(NOVERB)%!(EXTRA int=1)"),
("abc%", vec![], "abc%!(NOVERB)"),
("%5", vec![i(1)], "%!(NOVERB)%!(EXTRA int=1)"),
("%-", vec![i(1)], "%!(NOVERB)%!(EXTRA int=1)"),
("%.", vec![i(1)], "%!.(int=1)"),
("%5.", vec![i(1)], "%!.(int=    1)"),
("%.d", vec![i(0)], ""),
("%[2]d %[1]d", vec![i(1), i(2)], "2 1"),
("%[2]d %d", vec![i(1), i(2), i(3)], "2 3"),
("%[3]d", vec![i(1), i(2)], "%!d(BADINDEX)"),
("%[0]d", vec![i(1)], "%!d(BADINDEX)"),
("%[-1]d", vec![i(1)], "%!d(BADINDEX)"),
("%[x]d", vec![i(1)], "%!d(BADINDEX)"),
("%[1", vec![i(1)], "%!(NOVERB)"),
("%[]d", vec![i(1)], "%!d(BADINDEX)"),
("%[1]", vec![i(1)], "%!(NOVERB)"),
("%[1]2d", vec![i(1)], "%!d(BADINDEX)"),
("%[1].2d", vec![i(1)], "%!d(BADINDEX)"),
("%[2]*[1]d", vec![i(12), i(5)], "   12"),
("%[1]*d", vec![i(5), i(3)], "    3"),
("%.[2]d", vec![i(1), i(2)], "2"),
("%*d", vec![i(5), i(3)], "    3"),
("%-*d|", vec![i(5), i(3)], "3    |"),
("%*d|", vec![i(-5), i(3)], "3    |"),
("%0*d|", vec![i(-5), i(3)], "3    |"),
("%*d", vec![s("x"), i(3)], "%!(BADWIDTH)3"),
("%*d", vec![f("5"), i(3)], "%!(BADWIDTH)3"),
("%*d", vec![i(10000000), i(3)], "%!(BADWIDTH)3"),
("%.*d", vec![i(-1), i(3)], "%!(BADPREC)3"),
("%.*d", vec![i(3), i(7)], "007"),
("%.*f", vec![i(2), f("3.141592653589793")], "3.14"),
("%.*s", vec![i(2), s("hello")], "he"),
("%*.*f|", vec![i(10), i(3), f("3.141592653589793")], "     3.142|"),
("%*", vec![], "%!(BADWIDTH)%!(NOVERB)"),
("%.*", vec![], "%!(BADPREC)%!(NOVERB)"),
("%.*d", vec![s("x"), i(1)], "%!(BADPREC)1"),
("%*d", vec![], "%!(BADWIDTH)%!d(MISSING)"),
("%5%", vec![i(1)], "%%!(EXTRA int=1)"),
("%-5%d", vec![i(1)], "%d%!(EXTRA int=1)"),
("%%%d%%", vec![i(5)], "%5%"),
("%[5]%", vec![], "%"),
("%\u{e9}", vec![i(1)], "%!\u{e9}(int=1)"),
("%!d", vec![i(1)], "%!!(int=1)d"),
("%(", vec![i(1)], "%!((int=1)"),
("%99999999d", vec![i(1)], "%!(NOVERB)%!(EXTRA int=1)"),
("%.99999999d", vec![i(1)], "%!(NOVERB)%!(EXTRA int=1)"),
("%[99999999]d", vec![i(1)], "%!d(BADINDEX)"),
("%d %s %v", vec![i(1), s("a")], "1 a %!v(MISSING)"),
("%v %v", vec![nil(), undef()], "<nil> <nil>"),
("%10v|%-10v|", vec![nil(), nil()], "     <nil>|<nil>     |"),
("%010v", vec![nil()], "00000<nil>"),
("%x %X", vec![s(""), s("")], " "),
("%10x|%-10x|", vec![s(""), s("")], "          |          |"),
("%[2]v %[1]v %v", vec![s("a"), s("b")], "b a b"),
("%v%v", vec![seq(vec![]), map(vec![])], "[]map[]"),
("%10v", vec![seq(vec![i(1), s("ab"), nil()])], "[         1         ab <nil>]"),
("%-4d|", vec![seq(vec![i(1), i(22)])], "[1    22  ]|"),
("%q", vec![seq(vec![s("a"), i(1), i(120)])], "[\"a\" '\\x01' 'x']"),
("%s", vec![seq(vec![i(1), s("x")])], "[%!s(int=1) x]"),
("%#v", vec![seq(vec![nil(), seq(vec![nil()]), map(vec![("a", nil())])])], "[]interface {}{interface {}(nil), []interface {}{interface {}(nil)}, map[string]interface {}{\"a\":interface {}(nil)}}"),
("%+v", vec![map(vec![("a", seq(vec![i(1)]))])], "map[a:[1]]"),
("%5.1f", vec![seq(vec![f("1.25"), i(3), s("x")])], "[  1.2 %!f(int=    3) %!f(string=    x)]"),
("%08.3f|%-8.3f|%+.2e", vec![f("-3.14159"), f("2.5"), f("12345.678")], "-003.142|2.500   |+1.23e+04"),
("%6.2f%%", vec![f("12.3456")], " 12.35%"),
("%t %v", vec![b(true), b(false)], "true false"),
("%05t|%-6t|", vec![b(true), b(false)], "0true|false |"),
("%05s|%-05s|", vec![s("ab"), s("ab")], "000ab|ab   |"),
("%.1s|%.0s|%.5s", vec![s("h\u{e9}llo"), s("x"), s("ab")], "h||ab"),
("%5.2s|", vec![s("\u{65e5}\u{672c}\u{8a9e}")], "   \u{65e5}\u{672c}|"),
("%c|%5c|%-5c|%05c", vec![i(97), i(233), i(120), i(121)], "a|    \u{e9}|x    |0000y"),
("%c %c %c", vec![i(-1), i(1114112), i(57343)], "\u{fffd} \u{fffd} \u{fffd}"),
("%q %q %+q %#q", vec![i(127), i(57343), i(233), i(120)], "'\\x7f' '\u{fffd}' '\\u00e9' 'x'"),
("%U %#U %#U %#U %#U", vec![i(128512), i(128512), i(10), i(-1), i(1114112)], "U+1F600 U+1F600 '\u{1f600}' U+000A U+FFFFFFFFFFFFFFFF U+110000"),
("%.6U %#.2U %10U|%-10U|%010U", vec![i(65), i(65), i(65), i(65), i(65)], "U+000041 U+0041 'A'     U+0041|U+0041    |    U+0041"),
("%#10.6U|", vec![i(9786)], "U+00263A '\u{263a}'|"),
("%+d % d %+ d", vec![i(5), i(5), i(5)], "+5  5 +5"),
("%x %X %#x %#X %# x", vec![i(-255), i(-255), i(-255), i(-255), i(255)], "-ff -FF -0xff -0XFF  0xff"),
("%#b %#o %#O %O %#.5o %#08x", vec![i(5), i(8), i(8), i(8), i(8), i(255)], "0b101 010 0o010 0o10 00010 0x000000ff"),
("%.0d|%5.0d|%-5.0d|%05.0d|", vec![i(0), i(0), i(0), i(0)], "|     |     |     |"),
("%+.0d|% .0d|", vec![i(0), i(0)], "||"),
("%08d|%-08d|%+08d|% 08d|%08.3d|", vec![i(-42), i(-42), i(42), i(42), i(42)], "-0000042|-42     |+0000042| 0000042|     042|"),
("%v %d", vec![i(9223372036854775807), i(i64::MIN)], "9223372036854775807 -9223372036854775808"),
("%b", vec![i(i64::MIN)], "-1000000000000000000000000000000000000000000000000000000000000000"),
("%x %o", vec![i(i64::MIN), i(i64::MIN)], "-8000000000000000 -1000000000000000000000"),
("%e %E %.0e %#.0e %.20e", vec![f("1e-07"), f("1e+300"), f("5.5"), f("5.5"), f("0.1")], "1.000000e-07 1.000000E+300 6e+00 6.e+00 1.00000000000000005551e-01"),
("%.17g %.18g %.19g %.25g %.30f", vec![f("0.1"), f("0.1"), f("0.1"), f("0.1"), f("0.1")], "0.10000000000000001 0.100000000000000006 0.1000000000000000056 0.1000000000000000055511151 0.100000000000000005551115123126"),
("%.0f %.1f %.2f", vec![f("2.5"), f("0.25"), f("1.005")], "2 0.2 1.00"),
("%.0f %.0f %.0f %.0f %.0f", vec![f("0.5"), f("1.5"), f("3.5"), f("-0.5"), f("0.49999999999999994")], "0 2 4 -0 0"),
("%.1f %.1f %.1f %.2f", vec![f("0.05"), f("0.15"), f("0.35"), f("0.125")], "0.1 0.1 0.3 0.12"),
("%.3g %.3g %.3g %.10g %.1g", vec![f("100"), f("1234"), f("0.0001234"), f("1e+21"), f("0")], "100 1.23e+03 0.000123 1e+21 0"),
("%g %g %G %G", vec![f("1e-05"), f("1e+21"), f("1e-05"), f("1e+21")], "1e-05 1e+21 1E-05 1E+21"),
("%#g %#g %#g %#.3g %#.3g", vec![f("1"), f("0"), f("1.23456789e+08"), f("100"), f("1e-07")], "1.00000 0.00000 1.23456789e+08 100. 1.00e-07"),
("%#e %#f %#.0f %#x %#X", vec![f("1"), f("1"), f("1"), f("1"), f("1")], "1.000000e+00 1.000000 1. 0x1.0000p+00 0X1.P+00"),
("%#.0x %#.3x %.0x %.14x %.15x", vec![f("1.5"), f("1.5"), f("1.5"), f("0.3333333333333333"), f("0.3333333333333333")], "0x1.p+01 0x1.800p+00 0x1p+01 0x1.55555555555550p-02 0x1.555555555555500p-02"),
("%x %X %.1x %.0x", vec![f("0"), f("-0"), f("1.96875"), f("1.5")], "0x0p+00 -0X0P+00 0x1.0p+01 0x1p+01"),
("%x %x %x", vec![f("5e-324"), f("1.7976931348623157e+308"), f("2.5e-310")], "0x1p-1074 0x1.fffffffffffffp+1023 0x1.702ae4d1fb6p-1029"),
("%b %b %b", vec![f("0"), f("1"), f("5e-324")], "0p-1074 4503599627370496p-52 1p-1074"),
("%f %.3f", vec![f("1e+300"), f("1e-10")], "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.000000 0.000"),
("%10.3e|%-12g|%012.4f|%+012.4f|% 12.4f|", vec![f("1234.5678"), f("1234.5678"), f("-1234.5678"), f("1234.5678"), f("1234.5678")], " 1.235e+03|1234.5678   |-001234.5678|+001234.5678|   1234.5678|"),
("%08v|%-8v|%+v|% v|%+08v|", vec![f("+Inf"), f("-Inf"), f("NaN"), f("NaN"), f("NaN")], "    +Inf|-Inf    |NaN| NaN|     NaN|"),
("%08.2f|% f|%+f|%-8f|", vec![f("-Inf"), f("+Inf"), f("+Inf"), f("NaN")], "    -Inf| Inf|+Inf|NaN     |"),
("%v %+v %.2f %8.1f|%-12v|%08.2f", vec![cx("1", "2"), cx("1", "2"), cx("1.5", "-2.25"), cx("0", "1"), cx("0", "0"), cx("-1", "-1")], "(1+2i) (1+2i) (1.50-2.25i) (     0.0    +1.0i)|(0           +0          i)|(-0001.00-0001.00i)"),
("%d %s %T", vec![cx("0", "1"), cx("0", "1"), cx("0", "1")], "%!d(complex128=(0+1i)) %!s(complex128=(0+1i)) complex128"),
("%x %X %e %G %b", vec![cx("1", "2"), cx("1", "2"), cx("1", "2"), cx("1e+21", "1e-07"), cx("1", "1")], "(0x1p+00+0x1p+01i) (0X1P+00+0X1P+01i) (1.000000e+00+2.000000e+00i) (1E+21+1E-07i) (4503599627370496p-52+4503599627370496p-52i)"),
("%T %T %T %T %T %T %T %T %T", vec![i(1), f("1"), s(""), b(true), nil(), seq(vec![]), map(vec![]), cx("0", "1"), undef()], "int float64 string bool <nil> []interface {} map[string]interface {} complex128 <nil>"),
("%10T|%-10T|%.3T|", vec![i(1), f("1"), s("string")], "       int|float64   |str|"),
("%p %p %p %p", vec![i(1), s("x"), b(true), nil()], "%!p(int=1) %!p(string=x) %!p(bool=true) %!p(<nil>)"),
("%v|%s|%d", vec![s(""), s(""), s("")], "||%!d(string=)"),
("%d %d", vec![b(true), b(false)], "%!d(bool=true) %!d(bool=false)"),
("%s %v", vec![i(42), f("2.5")], "%!s(int=42) 2.5"),
("%!v(MISSING)%!", vec![i(1)], "%!!(int=1)v(MISSING)%!!(MISSING)"),
("%-+# 0x", vec![i(255)], "+0xff"),
("%0-5d|%-05d|", vec![i(3), i(3)], "3    |3    |"),
("%+q %#+q %#q", vec![s("\u{e9}`x"), s("\u{e9}"), s("tab\there")], "\"\\u00e9`x\" `\u{e9}` `tab\there`"),
("%#q %#q %#q", vec![s("\u{feff}"), s("a\u{7f}"), s("multi\nline")], "\"\\ufeff\" \"a\\x7f\" \"multi\\nline\""),
("%.2q %.2x %.1X", vec![s("h\u{e9}llo"), s("h\u{e9}llo"), s("h\u{e9}llo")], "\"h\u{e9}\" 68c3 68"),
("% x|% X|%# x|%#X|%# X", vec![s("abc"), s("abc"), s("abc"), s("abc"), s("h\u{e9}llo")], "61 62 63|61 62 63|0x61 0x62 0x63|0X616263|0X68 0XC3 0XA9 0X6C 0X6C 0X6F"),
("%-12x|%12X|%-#12x|", vec![s("abc"), s("abc"), s("abc")], "616263      |      616263|0x616263    |"),
("%012x|%012q|", vec![s("abc"), s("ab")], "000000616263|00000000\"ab\"|"),
("%20q|%-20q|", vec![s("\u{65e5}\u{672c}\u{8a9e}\n"), s("x")], "             \"\u{65e5}\u{672c}\u{8a9e}\\n\"|\"x\"                 |"),
("%s", vec![map(vec![("a", seq(vec![i(1), map(vec![("b", nil())])]))])], "map[a:[%!s(int=1) map[b:<nil>]]]"),
("%d", vec![map(vec![("a", i(1)), ("b", s("x"))])], "map[%!d(string=a):1 %!d(string=b):%!d(string=x)]"),
("%x", vec![map(vec![("ab", i(255))])], "map[6162:ff]"),
("%#v", vec![map(vec![("a", f("1")), ("b", s("x\n")), ("c", b(true)), ("d", seq(vec![])), ("e", map(vec![]))])], "map[string]interface {}{\"a\":1, \"b\":\"x\\n\", \"c\":true, \"d\":[]interface {}{}, \"e\":map[string]interface {}{}}"),
("%#v %#v %#v %#v", vec![f("1"), f("1e+21"), f("1e-07"), f("-0")], "1 1e+21 1e-07 -0"),
("%#v %#v %#v", vec![s("a\"b"), b(true), cx("1", "2")], "\"a\\\"b\" true (1+2i)"),
("%#+v %#-10v| %+#v", vec![s("\u{e9}"), i(42), i(3)], "\"\u{e9}\" 42        | 3"),
("%v", vec![seq(vec![seq(vec![seq(vec![])]), map(vec![("x", seq(vec![nil(), undef()]))])])], "[[[]] map[x:[<nil> <nil>]]]"),
        ]
    }
}
