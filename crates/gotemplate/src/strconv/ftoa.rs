//! Go's `strconv.AppendFloat` for float64 (formats `e`, `E`, `f`, `g`, `G`, `b`, `x`
//! and `X`, shortest or with a precision), which `fmt` prints every float with. Rust's
//! own formatting gives the digits; Go's rules (ties, exponent form, hex mantissas)
//! decide what is printed.

use std::fmt::Write as _;

use super::{LOWER_HEX, UPPER_HEX};

/// An f64 has at most 1074 digits after the decimal point (2^-1074 is the smallest).
const MAX_FRACTION_DIGITS: usize = 1074;

/// The most significant digits an f64's exact decimal expansion can have
/// (767) plus margin: asking Rust for more only adds zeros.
const MAX_EXACT_DIGITS: usize = 800;

/// A byte buffer that lives on the stack up to `INLINE` bytes, so that
/// formatting an ordinary float allocates nothing for its digits.
#[derive(Clone)]
struct SmallBuf {
    inline: [u8; SmallBuf::INLINE],
    len: usize,
    /// All the bytes once they outgrow `inline`.
    heap: Option<Vec<u8>>,
}

impl SmallBuf {
    const INLINE: usize = 40;

    fn new() -> Self {
        SmallBuf {
            inline: [0; Self::INLINE],
            len: 0,
            heap: None,
        }
    }

    fn push(&mut self, b: u8) {
        if let Some(heap) = &mut self.heap {
            heap.push(b);
        } else if self.len < Self::INLINE {
            self.inline[self.len] = b;
            self.len += 1;
        } else {
            let mut heap = self.inline.to_vec();
            heap.push(b);
            self.heap = Some(heap);
        }
    }

    fn pop(&mut self) {
        match &mut self.heap {
            Some(heap) => {
                heap.pop();
            }
            None => self.len = self.len.saturating_sub(1),
        }
    }
}

impl std::ops::Deref for SmallBuf {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match &self.heap {
            Some(heap) => heap,
            None => &self.inline[..self.len],
        }
    }
}

impl std::ops::DerefMut for SmallBuf {
    fn deref_mut(&mut self) -> &mut [u8] {
        match &mut self.heap {
            Some(heap) => heap,
            None => &mut self.inline[..self.len],
        }
    }
}

impl std::fmt::Write for SmallBuf {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        s.bytes().for_each(|b| self.push(b));
        Ok(())
    }
}

/// A decimal `0.d[0]d[1]... × 10^dp`, trailing zeros trimmed; zero has no
/// digits.  Go's `decimalSlice`.
struct Decimal {
    d: SmallBuf,
    dp: i32,
}

impl Decimal {
    fn nd(&self) -> i32 {
        self.d.len() as i32
    }

    /// Parses Rust's `{:e}` output of a finite non-negative number.
    fn from_exp_text(text: &[u8]) -> Decimal {
        let e = text.iter().position(|&c| c == b'e').unwrap_or(text.len());
        let mut d = SmallBuf::new();
        text[..e]
            .iter()
            .filter(|c| c.is_ascii_digit())
            .for_each(|&c| d.push(c));
        while d.last() == Some(&b'0') {
            d.pop();
        }
        if d.is_empty() {
            return Decimal { d, dp: 0 };
        }
        let exp = std::str::from_utf8(text.get(e + 1..).unwrap_or_default())
            .ok()
            .and_then(|s| s.parse::<i32>().ok())
            .unwrap_or(0);
        Decimal { d, dp: exp + 1 }
    }

    /// The shortest digits that read back as `x` (Go's Ryu shortest).
    ///
    /// Rust picks the same digits except when `x` lies exactly halfway
    /// between two shortest candidates: Rust rounds the tie up, Go to even.
    fn shortest(x: f64) -> Decimal {
        let mut text = SmallBuf::new();
        let _ = write!(text, "{x:e}");
        let d = Decimal::from_exp_text(&text);
        go_tie_break(x, &d).unwrap_or(d)
    }

    /// `self` plus one unit in its last digit (`self` must have digits).
    fn increment(&self) -> Decimal {
        let mut d = self.d.clone();
        let mut dp = self.dp;
        while d.last() == Some(&b'9') {
            d.pop();
        }
        match d.last_mut() {
            Some(last) => *last += 1,
            None => {
                // All nines: 0.999e3 + unit = 0.1e4.
                d.push(b'1');
                dp += 1;
            }
        }
        Decimal { d, dp }
    }

    /// Whether the decimal reads back as exactly `x`.
    fn reads_back_as(&self, x: f64) -> bool {
        let digits = std::str::from_utf8(&self.d).unwrap_or("0");
        format!("0.{digits}e{}", self.dp).parse() == Ok(x)
    }

    /// `x` correctly rounded (half to even) to `n >= 1` significant digits.
    fn fixed(x: f64, n: usize) -> Decimal {
        let n = n.clamp(1, MAX_EXACT_DIGITS);
        let mut text = SmallBuf::new();
        let _ = write!(text, "{:.*e}", n - 1, x);
        Decimal::from_exp_text(&text)
    }

    fn digit(&self, i: i32) -> u8 {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.d.get(i).copied())
            .unwrap_or(b'0')
    }
}

/// Go's choice when positive `x` is exactly halfway between two shortest
/// candidates (`d` being Rust's): the even one, if it reads back as `x`.
fn go_tie_break(x: f64, d: &Decimal) -> Option<Decimal> {
    let n = d.d.len();
    if n == 0 || exact_sig_digits(x)? != n + 1 {
        return None;
    }
    // `x` has exactly n+1 significant digits, so this is exact.
    let exact = Decimal::fixed(x, n + 1);
    if exact.d.len() != n + 1 || exact.d[n] != b'5' {
        return None;
    }
    let mut down = Decimal {
        d: exact.d.clone(),
        dp: exact.dp,
    };
    down.d.pop();
    let up = down.increment();
    while down.d.last() == Some(&b'0') {
        down.d.pop();
    }
    let (even, odd) = if (exact.d[n - 1] - b'0').is_multiple_of(2) {
        (down, up)
    } else {
        (up, down)
    };
    Some(if even.reads_back_as(x) { even } else { odd })
}

/// The number of significant decimal digits of positive finite `x`'s exact
/// value, or `None` when it is certainly more than 18 (too many for a tie
/// between shortest candidates, which have at most 17 digits).
fn exact_sig_digits(x: f64) -> Option<usize> {
    let bits = x.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i32;
    let mut mant = bits & ((1 << 52) - 1);
    if raw_exp != 0 {
        mant |= 1 << 52;
    }
    if mant == 0 {
        return None;
    }
    // x = m * 2^e with m odd.
    let tz = mant.trailing_zeros();
    let m = u128::from(mant >> tz);
    let e = raw_exp.max(1) - 1075 + tz as i32;
    if e < 0 {
        // x = m*5^k / 10^k, and m*5^k is odd so it has no trailing zeros.
        // 5^27 alone has 19 digits.
        let k = e.unsigned_abs();
        return (k <= 26).then(|| decimal_len(m * 5u128.pow(k)));
    }
    let bit_len = 128 - m.leading_zeros() as i32;
    if bit_len + e <= 127 {
        let mut v = m << e;
        while v.is_multiple_of(10) {
            v /= 10;
        }
        return Some(decimal_len(v));
    }
    // Rare huge integers: count the exact digits Rust prints.
    let s = format!("{x:.0}");
    Some(s.trim_end_matches('0').len())
}

fn decimal_len(mut v: u128) -> usize {
    let mut n = 1;
    while v >= 10 {
        v /= 10;
        n += 1;
    }
    n
}

/// strconv.AppendFloat(buf, x, fmt, prec, 64).
pub(crate) fn append_float(buf: &mut String, x: f64, fmt: u8, prec: i32) {
    let bits = x.to_bits();
    let neg = bits >> 63 != 0;
    let raw_exp = ((bits >> 52) & 0x7ff) as i32;
    let mut mant = bits & ((1 << 52) - 1);
    if raw_exp == 0x7ff {
        buf.push_str(match (mant != 0, neg) {
            (true, _) => "NaN",
            (false, true) => "-Inf",
            (false, false) => "+Inf",
        });
        return;
    }
    let exp = if raw_exp == 0 {
        1 - 1023 // denormalized
    } else {
        mant |= 1 << 52; // the implicit top bit
        raw_exp - 1023
    };
    match fmt {
        b'b' => return fmt_b(buf, neg, mant, exp),
        b'x' | b'X' => return fmt_x(buf, prec, fmt, neg, mant, exp),
        _ => {}
    }
    let abs = x.abs();
    let shortest = prec < 0;
    let mut prec = prec;
    let digs = if shortest {
        let d = Decimal::shortest(abs);
        prec = match fmt {
            b'e' | b'E' => (d.nd() - 1).max(0),
            b'f' => (d.nd() - d.dp).max(0),
            _ => d.nd(),
        };
        d
    } else if fmt == b'f' {
        // Exact decimal rounding at the precision: Rust's is the same.
        if neg {
            buf.push('-');
        }
        // Rust's precision stops at u16::MAX; past the last digit an f64 can have, the
        // rest are zeros.
        let exact = (prec as usize).min(MAX_FRACTION_DIGITS);
        let _ = write!(buf, "{:.*}", exact, abs);
        buf.extend(std::iter::repeat_n('0', prec as usize - exact));
        return;
    } else {
        let n = match fmt {
            b'e' | b'E' => prec as usize + 1,
            b'g' | b'G' => {
                prec = prec.max(1);
                prec as usize
            }
            _ => 1,
        };
        Decimal::fixed(abs, n)
    };
    format_decimal(buf, shortest, neg, &digs, prec, fmt);
}

/// strconv's `formatDigits`.
fn format_decimal(buf: &mut String, shortest: bool, neg: bool, d: &Decimal, prec: i32, fmt: u8) {
    match fmt {
        b'e' | b'E' => fmt_e(buf, neg, d, prec, fmt),
        b'f' => fmt_f(buf, neg, d, prec),
        b'g' | b'G' => {
            let mut prec = prec;
            // Trailing fractional zeros in %e form will be trimmed.
            let mut eprec = prec;
            if eprec > d.nd() && d.nd() >= d.dp {
                eprec = d.nd();
            }
            // %e is used if the exponent from the conversion is less than -4
            // or greater than or equal to the precision; the shortest form
            // decides with precision 6.
            if shortest {
                eprec = 6;
            }
            let exp = d.dp - 1;
            if exp < -4 || exp >= eprec {
                prec = prec.min(d.nd());
                fmt_e(buf, neg, d, prec - 1, fmt + b'e' - b'g');
            } else {
                if prec > d.dp {
                    prec = d.nd();
                }
                fmt_f(buf, neg, d, (prec - d.dp).max(0));
            }
        }
        _ => {
            buf.push('%');
            buf.push(char::from(fmt));
        }
    }
}

/// `-d.dddde±dd`
fn fmt_e(buf: &mut String, neg: bool, d: &Decimal, prec: i32, fmt: u8) {
    if neg {
        buf.push('-');
    }
    buf.push(char::from(d.digit(0)));
    if prec > 0 {
        buf.push('.');
        for i in 1..=prec {
            buf.push(char::from(d.digit(i)));
        }
    }
    buf.push(char::from(fmt));
    // Zero has exponent 0.
    let exp = if d.d.is_empty() { 0 } else { d.dp - 1 };
    buf.push(if exp < 0 { '-' } else { '+' });
    let exp = exp.unsigned_abs();
    if exp < 10 {
        buf.push('0');
    }
    let _ = write!(buf, "{exp}");
}

/// `-ddddd.ddddd`
fn fmt_f(buf: &mut String, neg: bool, d: &Decimal, prec: i32) {
    if neg {
        buf.push('-');
    }
    if d.dp > 0 {
        for i in 0..d.dp {
            buf.push(char::from(d.digit(i)));
        }
    } else {
        buf.push('0');
    }
    if prec > 0 {
        buf.push('.');
        for i in 0..prec {
            buf.push(char::from(d.digit(d.dp + i)));
        }
    }
}

/// `-ddddp±ddd`: the binary mantissa and exponent.
fn fmt_b(buf: &mut String, neg: bool, mant: u64, exp: i32) {
    if neg {
        buf.push('-');
    }
    let exp = exp - 52;
    let _ = write!(buf, "{mant}p{}{exp}", if exp >= 0 { "+" } else { "" });
}

/// `-0x1.yyyyp±dd`: hexadecimal mantissa, binary exponent (strconv `fmtX`).
fn fmt_x(buf: &mut String, prec: i32, fmt: u8, neg: bool, mut mant: u64, mut exp: i32) {
    if mant == 0 {
        exp = 0;
    }
    // Shift digits so the leading 1 (if any) is at bit 1<<60.
    mant <<= 60 - 52;
    while mant != 0 && mant & (1 << 60) == 0 {
        mant <<= 1;
        exp -= 1;
    }
    // Round half to even if a precision is requested.
    if (0..15).contains(&prec) {
        let shift = prec as u32 * 4;
        let extra = (mant << shift) & ((1 << 60) - 1);
        mant >>= 60 - shift;
        if extra | (mant & 1) > 1 << 59 {
            mant += 1;
        }
        mant <<= 60 - shift;
        if mant & (1 << 61) != 0 {
            // Wrapped around.
            mant >>= 1;
            exp += 1;
        }
    }
    let hex = if fmt == b'X' { UPPER_HEX } else { LOWER_HEX };
    if neg {
        buf.push('-');
    }
    buf.push('0');
    buf.push(char::from(fmt));
    buf.push(char::from(b'0' + ((mant >> 60) & 1) as u8));
    mant <<= 4; // remove the leading 0 or 1
    if prec < 0 && mant != 0 {
        buf.push('.');
        while mant != 0 {
            buf.push(char::from(hex[((mant >> 60) & 15) as usize]));
            mant <<= 4;
        }
    } else if prec > 0 {
        buf.push('.');
        for _ in 0..prec {
            buf.push(char::from(hex[((mant >> 60) & 15) as usize]));
            mant <<= 4;
        }
    }
    buf.push(if fmt == b'X' { 'P' } else { 'p' });
    buf.push(if exp < 0 { '-' } else { '+' });
    let _ = write!(buf, "{:02}", exp.unsigned_abs());
}
