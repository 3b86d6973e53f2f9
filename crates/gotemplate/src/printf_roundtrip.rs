//! Properties of `printf` a wrong answer would break: for the verbs whose output names
//! its operand exactly, the output parses back to the operand. Integers in every base,
//! floats in their shortest and hexadecimal forms, strings and runes quoted or in hex.
//! The parsers are Rust's own, or the ports of Go's `strconv.ParseFloat` and `Unquote`
//! (which Go's conformance cases check on their own). `GOTEMPLATE_FUZZ_CASES` sets the
//! number of cases (default 256).

use minijinja::Value;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

#[path = "../tests/support/seeded.rs"]
mod seeded;

/// Where failed cases' seeds are kept (committed).
const REGRESSIONS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/printf_roundtrip.proptest-regressions"
);

use crate::gofmt::sprintf;
use crate::strconv::atof::parse_float;
use crate::strconv::quote::unquote;

fn cases() -> u32 {
    std::env::var("GOTEMPLATE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

fn run<S: Strategy>(strategy: S, property: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    let mut runner = TestRunner::new(seeded::config(cases(), REGRESSIONS));
    runner.run(&strategy, property).unwrap();
}

fn printf(format: &str, arg: Value) -> String {
    sprintf(format, &[arg])
}

/// `-ff` or `ff`, with an optional `prefix` after the sign, in `radix`.
fn parse_int(text: &str, radix: u32, prefix: &str) -> Option<i64> {
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.strip_prefix('+').unwrap_or(text)),
    };
    let digits = digits.strip_prefix(prefix)?;
    i64::from_str_radix(&format!("{sign}{digits}"), radix).ok()
}

#[test]
fn integers_print_back_in_every_base() {
    // Small numbers too, where padding and signs meet.
    let numbers = prop_oneof![any::<i64>(), -5000i64..5000];
    run(numbers, |n| {
        for (format, radix, prefix) in [
            ("%d", 10, ""),
            ("%v", 10, ""),
            ("%+d", 10, ""),
            ("%08d", 10, ""),
            ("%x", 16, ""),
            ("%X", 16, ""),
            ("%#x", 16, "0x"),
            ("%o", 8, ""),
            ("%O", 8, "0o"),
            ("%b", 2, ""),
        ] {
            let out = printf(format, Value::from(n));
            prop_assert_eq!(
                parse_int(&out, radix, prefix),
                Some(n),
                "{} gave {}",
                format,
                out
            );
        }
        Ok(())
    });
}

#[test]
fn floats_print_back_exactly() {
    let finite = any::<f64>().prop_filter("a number", |x| !x.is_nan());
    run(finite, |x| {
        // The shortest form, and 17 significant digits, name the float exactly.
        for format in ["%v", "%g", "%.17g", "%.16e"] {
            let out = printf(format, Value::from(x));
            let back = match out.as_str() {
                "+Inf" => f64::INFINITY,
                "-Inf" => f64::NEG_INFINITY,
                text => text.parse::<f64>().map_err(|e| {
                    TestCaseError::fail(format!("{format} of {x:?} gave {text:?}: {e}"))
                })?,
            };
            prop_assert_eq!(back.to_bits(), x.to_bits(), "{} gave {}", format, out);
        }
        // The hexadecimal form, through Go's own ParseFloat.
        for format in ["%x", "%X"] {
            let out = printf(format, Value::from(x));
            let back = parse_float(&out)
                .map_err(|e| TestCaseError::fail(format!("{format} of {x:?} gave {out:?}: {e}")))?;
            prop_assert_eq!(back.to_bits(), x.to_bits(), "{} gave {}", format, out);
        }
        Ok(())
    });
}

/// Lower-case hex pairs (`% x` puts a space between them) as bytes.
fn hex_bytes(text: &str) -> Option<Vec<u8>> {
    let digits: String = text.chars().filter(|c| *c != ' ').collect();
    (0..digits.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(digits.get(i..i + 2)?, 16).ok())
        .collect()
}

#[test]
fn strings_print_back_quoted_or_in_hex() {
    run(any::<String>(), |s| {
        for format in ["%q", "%+q", "%#q", "%#+q"] {
            let out = printf(format, Value::from(s.as_str()));
            prop_assert_eq!(
                unquote(&out).ok(),
                Some(s.clone()),
                "{} gave {}",
                format,
                out
            );
            // `#` prefers a raw string when there is one, whatever `+` says, as in Go.
            if format == "%+q" {
                prop_assert!(out.is_ascii(), "{format} gave {out}");
            }
        }
        for format in ["%x", "% x"] {
            let out = printf(format, Value::from(s.as_str()));
            prop_assert_eq!(
                hex_bytes(&out),
                Some(s.as_bytes().to_vec()),
                "{} gave {}",
                format,
                out
            );
        }
        Ok(())
    });
}

#[test]
fn runes_print_back_as_characters_and_code_points() {
    run(any::<char>(), |c| {
        let code = Value::from(i64::from(u32::from(c)));
        prop_assert_eq!(printf("%c", code.clone()), c.to_string());
        let out = printf("%U", code.clone());
        let digits = out.strip_prefix("U+").unwrap_or_default();
        prop_assert_eq!(
            u32::from_str_radix(digits, 16).ok(),
            Some(u32::from(c)),
            "{}",
            out
        );
        // A quoted rune is a Go character literal.
        let out = printf("%q", code);
        prop_assert_eq!(unquote(&out).ok(), Some(c.to_string()), "{}", out);
        Ok(())
    });
}
