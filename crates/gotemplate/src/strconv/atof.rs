//! Go's `strconv.ParseInt`, `ParseUint` and `ParseFloat` (base 0 and 64 bits, as the
//! template parser calls them), with Go's errors: the parser's number literals must
//! be read, and fail, exactly as Go reads them.

use super::StrconvError;

/// Go's `strconv.ParseUint(s, 0, 64)`: base from the prefix (`0x`, `0o`, `0b`, or `0` for
/// octal), underscores allowed between digits.
pub(crate) fn parse_uint(s: &str) -> Result<u64, StrconvError> {
    let s0 = s.as_bytes();
    if s0.is_empty() {
        return Err(StrconvError::Syntax);
    }
    // Look for octal, hex prefix.
    let (base, digits): (u64, &[u8]) = if s0[0] == b'0' {
        match s0.get(1).map(u8::to_ascii_lowercase) {
            Some(b'b') if s0.len() >= 3 => (2, &s0[2..]),
            Some(b'o') if s0.len() >= 3 => (8, &s0[2..]),
            Some(b'x') if s0.len() >= 3 => (16, &s0[2..]),
            _ => (8, &s0[1..]),
        }
    } else {
        (10, s0)
    };
    let mut underscores = false;
    let mut n: u64 = 0;
    for &c in digits {
        let d = match c {
            b'_' => {
                underscores = true;
                continue;
            }
            b'0'..=b'9' => c - b'0',
            _ if c.is_ascii_alphabetic() => c.to_ascii_lowercase() - b'a' + 10,
            _ => return Err(StrconvError::Syntax),
        };
        if u64::from(d) >= base {
            return Err(StrconvError::Syntax);
        }
        n = n
            .checked_mul(base)
            .and_then(|n| n.checked_add(u64::from(d)))
            .ok_or(StrconvError::Range)?;
    }
    if underscores && !underscore_ok(s) {
        return Err(StrconvError::Syntax);
    }
    Ok(n)
}

/// Go's `strconv.ParseInt(s, 0, 64)`.
pub(crate) fn parse_int(s: &str) -> Result<i64, StrconvError> {
    if s.is_empty() {
        return Err(StrconvError::Syntax);
    }
    // Pick off leading sign.
    let (neg, body) = match s.as_bytes()[0] {
        b'+' => (false, &s[1..]),
        b'-' => (true, &s[1..]),
        _ => (false, s),
    };
    // Convert unsigned and check range.
    let un = match parse_uint(body) {
        Ok(un) => un,
        // Go's ParseUint returns the maximum value with a range error.
        Err(StrconvError::Range) => u64::MAX,
        Err(e) => return Err(e),
    };
    const CUTOFF: u64 = 1 << 63;
    if !neg && un >= CUTOFF || neg && un > CUTOFF {
        return Err(StrconvError::Range);
    }
    // For neg with un == 2^63 this wraps to i64::MIN, as Go's does.
    let n = un as i64;
    Ok(if neg { n.wrapping_neg() } else { n })
}

/// Go's `strconv.underscoreOK`: underscores may only separate digits (or follow a base
/// prefix).
fn underscore_ok(s: &str) -> bool {
    // saw tracks the last character (class) we saw:
    // ^ for beginning of number, 0 for a digit or base prefix, _ for an underscore,
    // ! for none of the above.
    let mut saw = b'^';
    let mut s = s.as_bytes();
    // Optional sign.
    if let Some(b'-' | b'+') = s.first() {
        s = &s[1..];
    }
    // Optional base prefix.
    let mut hex = false;
    let mut i = 0;
    if s.len() >= 2 && s[0] == b'0' && matches!(s[1].to_ascii_lowercase(), b'b' | b'o' | b'x') {
        i = 2;
        saw = b'0'; // base prefix counts as a digit for "underscore as digit separator"
        hex = s[1].eq_ignore_ascii_case(&b'x');
    }
    // Number proper.
    for &c in &s[i..] {
        // Digits are always okay.
        if c.is_ascii_digit() || hex && c.is_ascii_hexdigit() {
            saw = b'0';
            continue;
        }
        // Underscore must follow digit.
        if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
            continue;
        }
        // Underscore must also be followed by digit.
        if saw == b'_' {
            return false;
        }
        // Saw non-digit, non-underscore.
        saw = b'!';
    }
    saw != b'_'
}

/// What Go's `readFloat` finds in a float literal.
struct FloatParts {
    mantissa: u64,
    exp: i64,
    neg: bool,
    trunc: bool,
    hex: bool,
    /// Bytes consumed.
    len: usize,
}

/// Go's `strconv.readFloat`: reads a decimal or hexadecimal mantissa and exponent from the
/// start of `s`. `None` is a syntax error.
fn read_float(s: &[u8]) -> Option<FloatParts> {
    let mut underscores = false;
    let mut i = 0;
    let mut neg = false;
    // Optional sign.
    match s.first()? {
        b'+' => i += 1,
        b'-' => {
            neg = true;
            i += 1;
        }
        _ => {}
    }
    // Digits.
    let mut base: u64 = 10;
    let mut max_mant_digits = 19; // 10^19 fits in uint64
    let mut exp_char = b'e';
    let mut hex = false;
    if i + 2 < s.len() && s[i] == b'0' && s[i + 1].eq_ignore_ascii_case(&b'x') {
        base = 16;
        max_mant_digits = 16; // 16^16 fits in uint64
        i += 2;
        exp_char = b'p';
        hex = true;
    }
    let mut saw_dot = false;
    let mut saw_digits = false;
    let mut nd: i64 = 0;
    let mut nd_mant: i64 = 0;
    let mut dp: i64 = 0;
    let mut mantissa: u64 = 0;
    let mut trunc = false;
    while let Some(&c) = s.get(i) {
        match c {
            b'_' => underscores = true,
            b'.' => {
                if saw_dot {
                    break;
                }
                saw_dot = true;
                dp = nd;
            }
            b'0'..=b'9' => {
                saw_digits = true;
                if c == b'0' && nd == 0 {
                    // Ignore leading zeros.
                    dp -= 1;
                } else {
                    nd += 1;
                    if nd_mant < max_mant_digits {
                        mantissa = mantissa * base + u64::from(c - b'0');
                        nd_mant += 1;
                    } else if c != b'0' {
                        trunc = true;
                    }
                }
            }
            _ if base == 16 && c.is_ascii_hexdigit() => {
                saw_digits = true;
                nd += 1;
                if nd_mant < max_mant_digits {
                    mantissa = mantissa * 16 + u64::from(c.to_ascii_lowercase() - b'a' + 10);
                    nd_mant += 1;
                } else {
                    trunc = true;
                }
            }
            _ => break,
        }
        i += 1;
    }
    if !saw_digits {
        return None;
    }
    if !saw_dot {
        dp = nd;
    }
    if base == 16 {
        dp *= 4;
        nd_mant *= 4;
    }
    // Optional exponent moves decimal point. If we read a very large, very long number,
    // just be sure to move the decimal point by a lot (say, 100000). It doesn't matter
    // if it's not the exact number.
    if s.get(i).map(u8::to_ascii_lowercase) == Some(exp_char) {
        i += 1;
        let mut esign = 1;
        match s.get(i)? {
            b'+' => i += 1,
            b'-' => {
                i += 1;
                esign = -1;
            }
            _ => {}
        }
        if !s.get(i)?.is_ascii_digit() {
            return None;
        }
        let mut e: i64 = 0;
        while let Some(&c) = s.get(i) {
            if c == b'_' {
                underscores = true;
            } else if c.is_ascii_digit() {
                if e < 10000 {
                    e = e * 10 + i64::from(c - b'0');
                }
            } else {
                break;
            }
            i += 1;
        }
        dp += e * esign;
    } else if base == 16 {
        // Must have exponent.
        return None;
    }
    let exp = if mantissa != 0 { dp - nd_mant } else { 0 };
    let consumed = std::str::from_utf8(&s[..i]).unwrap_or_default();
    if underscores && !underscore_ok(consumed) {
        return None;
    }
    Some(FloatParts {
        mantissa,
        exp,
        neg,
        trunc,
        hex,
        len: i,
    })
}

/// Go's `strconv.special`: a signed or unsigned "inf"/"infinity", or "nan", at the start
/// of `s`, with the number of bytes it takes.
fn special(s: &[u8]) -> Option<(f64, usize)> {
    let prefix_len = |s: &[u8], word: &[u8]| {
        s.iter()
            .zip(word)
            .take_while(|(a, b)| a.to_ascii_lowercase() == **b)
            .count()
    };
    let (sign, nsign, rest) = match s.first()? {
        b'+' => (1.0, 1, &s[1..]),
        b'-' => (-1.0, 1, &s[1..]),
        b'n' | b'N' => {
            return (prefix_len(s, b"nan") == 3).then_some((f64::NAN, 3));
        }
        _ => (1.0, 0, s),
    };
    if !matches!(rest.first(), Some(b'i' | b'I')) {
        return None;
    }
    // Anything longer than "inf" is ok, but if we don't have "infinity", only consume
    // "inf".
    let n = match prefix_len(rest, b"infinity") {
        8 => 8,
        3..=7 => 3,
        _ => return None,
    };
    Some((sign * f64::INFINITY, nsign + n))
}

/// Go's `strconv.ParseFloat(s, 64)`. Go returns ±Inf along with a range error; the parser
/// only needs to know that it failed.
pub(crate) fn parse_float(s: &str) -> Result<f64, StrconvError> {
    let bytes = s.as_bytes();
    let (f, n) = match special(bytes) {
        Some(v) => v,
        None => {
            let parts = read_float(bytes).ok_or(StrconvError::Syntax)?;
            let n = parts.len;
            let f = if parts.hex {
                atof_hex(&parts)?
            } else {
                // Go's decimal conversion is correctly rounded, as is Rust's, so the
                // underscore-free text gives the same value.
                let digits: String = s[..n].chars().filter(|&c| c != '_').collect();
                let f: f64 = digits.parse().map_err(|_| StrconvError::Syntax)?;
                if f.is_infinite() {
                    return Err(if n == s.len() {
                        StrconvError::Range
                    } else {
                        StrconvError::Syntax
                    });
                }
                f
            };
            (f, n)
        }
    };
    if n != s.len() {
        return Err(StrconvError::Syntax);
    }
    Ok(f)
}

/// Go's `strconv.atofHex` for float64: rounds the hexadecimal mantissa to 53 bits
/// (to even), with denormals and overflow as Go handles them.
fn atof_hex(p: &FloatParts) -> Result<f64, StrconvError> {
    const MANTBITS: u32 = 52;
    const EXPBITS: u32 = 11;
    const BIAS: i64 = -1023;
    let max_exp: i64 = (1 << EXPBITS) + BIAS - 2;
    let min_exp: i64 = BIAS + 1;
    let mut mantissa = p.mantissa;
    let mut exp = p.exp + i64::from(MANTBITS); // mantissa now implicitly divided by 2^mantbits.

    // Shift mantissa and exponent to bring representation into float range. Eventually
    // we want a mantissa with a leading 1-bit followed by mantbits other bits. For
    // rounding, we need two more, where the bottom bit represents whether that bit or any
    // later bit was non-zero. (If the mantissa has already lost non-zero bits, trunc is
    // true, and we OR in a 1 below after shifting left appropriately.)
    while mantissa != 0 && mantissa >> (MANTBITS + 2) == 0 {
        mantissa <<= 1;
        exp -= 1;
    }
    if p.trunc {
        mantissa |= 1;
    }
    while mantissa >> (1 + MANTBITS + 2) != 0 {
        mantissa = mantissa >> 1 | mantissa & 1;
        exp += 1;
    }
    // If exponent is too negative, denormalize in hopes of making it representable.
    // (The -2 is for the rounding bits.)
    while mantissa > 1 && exp < min_exp - 2 {
        mantissa = mantissa >> 1 | mantissa & 1;
        exp += 1;
    }
    // Round using two bottom bits.
    let mut round = mantissa & 3;
    mantissa >>= 2;
    round |= mantissa & 1; // round to even (round up if mantissa is odd)
    exp += 2;
    if round == 3 {
        mantissa += 1;
        if mantissa == 1 << (1 + MANTBITS) {
            mantissa >>= 1;
            exp += 1;
        }
    }
    if mantissa >> MANTBITS == 0 {
        // Denormal or zero.
        exp = BIAS;
    }
    if exp > max_exp {
        // Infinity and range error.
        return Err(StrconvError::Range);
    }
    let mut bits = mantissa & ((1 << MANTBITS) - 1);
    // exp - BIAS is in [0, 2^EXPBITS) here.
    bits |= (((exp - BIAS) as u64) & ((1 << EXPBITS) - 1)) << MANTBITS;
    if p.neg {
        bits |= 1 << MANTBITS << EXPBITS;
    }
    Ok(f64::from_bits(bits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_floats_round_like_go() {
        assert_eq!(parse_float("0x1p-1074"), Ok(f64::from_bits(1)));
        assert_eq!(parse_float("0x1p-1075"), Ok(0.0)); // ties to even
        assert_eq!(parse_float("0x1.8p-1075"), Ok(f64::from_bits(1)));
        assert_eq!(
            parse_float("0x1.fffffffffffff8p1023"),
            Err(StrconvError::Range)
        );
        assert_eq!(parse_float("0x1.fffffffffffff7p1023"), Ok(f64::MAX));
        assert_eq!(parse_float("0x1"), Err(StrconvError::Syntax)); // needs an exponent
        assert_eq!(parse_float("1e400"), Err(StrconvError::Range));
        assert_eq!(parse_float("1_0"), Ok(10.0));
        assert_eq!(parse_float("1__0"), Err(StrconvError::Syntax));
        assert_eq!(parse_float("inf"), Ok(f64::INFINITY));
    }
}
