//! Go's `fmt.Sscan` of a `complex128`, for the complex literals (`1+2i`) the template
//! parser reads: fmt's own scanner and messages, over [`super::atof`].

use super::atof::parse_float;
use super::quote::quote;

/// Go's `fmt.Sscan(text, &complex128)`, for the complex literals the lexer produces
/// (`1+2i`); the error is fmt's message.
pub(crate) fn sscan_complex(text: &str) -> Result<(f64, f64), String> {
    const COMPLEX_ERROR: &str = "syntax error scanning complex number";
    let mut s = Scanner {
        input: text,
        pos: 0,
        buf: String::new(),
    };
    // Sscan skips leading space; lexer tokens have none.
    if s.input.is_empty() {
        return Err("unexpected EOF".to_string());
    }
    // complexTokens
    let parens = s.accept("(");
    let real = s.float_token();
    s.buf.clear();
    // Must now have a sign.
    if !s.accept("+-") {
        return Err(COMPLEX_ERROR.to_string());
    }
    // Sign is now in buffer.
    let imag_sign = std::mem::take(&mut s.buf);
    let imag = s.float_token();
    if !s.accept("i") {
        return Err(COMPLEX_ERROR.to_string());
    }
    if parens && !s.accept(")") {
        return Err(COMPLEX_ERROR.to_string());
    }
    let imag = imag_sign + &imag;
    Ok((convert_float(&real)?, convert_float(&imag)?))
}

/// fmt's `ss.convertFloat` for 64-bit floats. (fmt also accepts a decimal mantissa with a
/// binary exponent, `1.2p4`; the lexer rejects those, so that branch is not ported.)
fn convert_float(s: &str) -> Result<f64, String> {
    parse_float(s).map_err(|e| format!("strconv.ParseFloat: parsing {}: {e}", quote(s)))
}

/// The bit of fmt's scanner (`ss`) that `Sscan` of a complex number uses.
struct Scanner<'a> {
    input: &'a str,
    pos: usize,
    buf: String,
}

impl Scanner<'_> {
    /// Consumes the next rune if it is in `ok`, appending it to the buffer.
    fn accept(&mut self, ok: &str) -> bool {
        match self.input.get(self.pos..).and_then(|s| s.chars().next()) {
            Some(r) if ok.contains(r) => {
                self.buf.push(r);
                self.pos += r.len_utf8();
                true
            }
            _ => false,
        }
    }

    /// fmt's `floatToken`.
    fn float_token(&mut self) -> String {
        const DECIMAL: &str = "0123456789_";
        const HEX: &str = "0123456789aAbBcCdDeEfF_";
        self.buf.clear();
        // NaN?
        if self.accept("nN") && self.accept("aA") && self.accept("nN") {
            return self.buf.clone();
        }
        // Leading sign?
        self.accept("+-");
        // Inf?
        if self.accept("iI") && self.accept("nN") && self.accept("fF") {
            return self.buf.clone();
        }
        let mut digits = DECIMAL;
        let mut exp = "eEpP";
        if self.accept("0") && self.accept("xX") {
            digits = HEX;
            exp = "pP";
        }
        // Digits?
        while self.accept(digits) {}
        // Decimal point?
        if self.accept(".") {
            // Fraction?
            while self.accept(digits) {}
        }
        // Exponent?
        if self.accept(exp) {
            // Leading sign?
            self.accept("+-");
            // Digits?
            while self.accept(DECIMAL) {}
        }
        self.buf.clone()
    }
}
