//! The byte budget of a render: how many bytes its output and the strings its builtins
//! build may add up to.
//!
//! Fuel counts steps, and one step can build a lot: `printf` with a width of a million,
//! applied to every element of a map, pads each one to a megabyte. So each render also
//! counts the bytes it produces (what it writes, and every string `printf`, `print`,
//! `println`, `html`, `js` and `urlquery` return) against a byte budget, and `printf`
//! stops before a padded or formatted value (widths and precisions reach ten million)
//! would overrun it. Memory then stays within a small multiple of the budget, whatever
//! the widths (`scripts/bench.sh budget` at the workspace root measures it). minijinja's
//! builtins that build from a size the template chooses (`tojson`, `indent`, `join`, ...)
//! are measured and charged before they build ([`crate::filters`]). Its operators are
//! bounded by fuel (it charges a unit per byte they build) and by its own repeat limit;
//! behind them all, a program whose allocator is [`crate::Metered`] stops a render that
//! holds more than a few times its budget ([`crate::meter`]).
//!
//! The budget is a thread-local because the builtins are plain functions of their
//! arguments; a render sets it with [`within`] and the builtins charge against it.

use std::cell::Cell;

/// What exceeding the budget reports; `{}` is the budget, and the user's hint follows.
const BYTES_MESSAGE: &str =
    "output budget exhausted: the template produced more than its budget of {} bytes";

/// The running render's budget.
#[derive(Clone, Copy)]
struct Budget {
    limit: u64,
    /// What the message adds ([`crate::BudgetHints::bytes`]).
    hint: &'static str,
    left: usize,
    over: bool,
}

thread_local! {
    /// No render running: nothing to count against.
    static BUDGET: Cell<Budget> = const {
        Cell::new(Budget { limit: u64::MAX, hint: "", left: usize::MAX, over: false })
    };
}

/// Runs `render` with a budget of `limit` bytes, whose message ends with `hint`; also
/// returns whether it ran out. The outer budget (a render inside a render) is restored
/// afterwards.
pub(super) fn within<T>(limit: u64, hint: &'static str, render: impl FnOnce() -> T) -> (T, bool) {
    let left = usize::try_from(limit).unwrap_or(usize::MAX);
    let outer = BUDGET.replace(Budget {
        limit,
        hint,
        left,
        over: false,
    });
    let value = crate::meter::metered(limit, render);
    let over = BUDGET.replace(outer).over;
    (value, over)
}

/// Bytes the running render may still produce.
pub fn room() -> usize {
    BUDGET.get().left
}

/// Counts `n` produced bytes; `false` (and the budget marked spent) if they do not fit.
pub fn charge(n: usize) -> bool {
    let mut budget = BUDGET.get();
    let fits = n <= budget.left && !budget.over;
    if !fits {
        spend();
        return false;
    }
    budget.left -= n;
    BUDGET.set(budget);
    true
}

/// Marks the running render's budget spent: something would not fit.
pub fn spend() {
    let mut budget = BUDGET.get();
    budget.left = 0;
    budget.over = true;
    BUDGET.set(budget);
}

/// Whether the running render has run out.
pub fn is_spent() -> bool {
    BUDGET.get().over
}

/// The message for a budget of `limit` bytes, ending with `hint`.
pub(super) fn message(limit: u64, hint: &str) -> String {
    BYTES_MESSAGE.replace("{}", &limit.to_string()) + hint
}

/// The message for the running render's budget.
pub(super) fn spent_message() -> String {
    let budget = BUDGET.get();
    message(budget.limit, budget.hint)
}

/// Ends the process as [`crate::Metered`] does when a render holds more than its budget
/// allows: `PREFIX` then `template: ` and the running render's budget message on standard
/// error, then exit `code`. Allocates nothing.
pub(super) fn exit_spent(prefix: &str, code: i32) -> ! {
    let budget = BUDGET.try_with(Cell::get).unwrap_or(Budget {
        limit: 0,
        hint: "",
        left: 0,
        over: true,
    });
    let (before, after) = BYTES_MESSAGE
        .split_once("{}")
        .unwrap_or((BYTES_MESSAGE, ""));
    let mut digits = crate::meter::Digits::default();
    let limit = digits.of(budget.limit);
    let pieces = [
        prefix,
        "template: ",
        before,
        limit,
        after,
        budget.hint,
        "\n",
    ];
    crate::meter::exit_with(&pieces, code)
}

/// The output of a render, counted against its budget as it is written.
#[derive(Default)]
pub(super) struct Output(pub Vec<u8>);

impl std::io::Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if !charge(buf.len()) {
            return Err(std::io::Error::other("output budget exhausted"));
        }
        self.0.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Output {
    /// The text written (minijinja writes whole `str`s, so it is UTF-8).
    pub(super) fn into_string(self) -> String {
        String::from_utf8(self.0)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_until_spent_and_restores_the_outer_budget() {
        let ((), over) = within(10, "", || {
            assert!(charge(4));
            assert_eq!(room(), 6);
            let ((), inner_over) = within(2, "", || assert!(!charge(3)));
            assert!(inner_over);
            assert_eq!(room(), 6, "the outer budget is back");
            assert!(charge(6));
            assert!(!charge(1));
            assert!(!charge(0), "a spent budget stays spent");
        });
        assert!(over);
        assert_eq!(room(), usize::MAX, "no render, no budget");
    }
}
