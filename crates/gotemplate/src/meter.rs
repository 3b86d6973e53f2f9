//! The memory a render holds, counted by the process's allocator: the last line of
//! defence behind the byte budget, and what tests measure a render by.
//!
//! The builtins charge what they build before they build it ([`crate::budget`],
//! [`crate::filters`]), but minijinja's own operators (`*`, `~`, `+` on strings and
//! lists) are bounded only by its fuel. A program that installs [`Metered`] as its
//! global allocator counts every byte a thread allocates while it renders; a render
//! that holds more than [`cap`] of its byte budget ends the process with the budget's
//! message rather than taking the machine's memory, and an allocation the system
//! refuses ends it with a message too, rather than Rust's abort. Without [`Metered`]
//! nothing is counted.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;

/// How many times its byte budget a render may hold: the output (which doubles as it
/// grows), the strings the builtins build and keep, and copies in between.
const CAP_FACTOR: u64 = 4;

/// What a render may hold beyond [`CAP_FACTOR`] times its budget: the engine's own
/// state, whatever the budget.
const CAP_SLACK: u64 = 64 << 20;

/// The most a render with a byte budget of `bytes` may hold before [`Metered`] stops
/// the process.
pub fn cap(bytes: u64) -> u64 {
    bytes.saturating_mul(CAP_FACTOR).saturating_add(CAP_SLACK)
}

/// The running render's count on this thread.
#[derive(Clone, Copy)]
struct Meter {
    on: bool,
    cap: u64,
    /// Bytes allocated less bytes freed since the render began (freeing what was
    /// allocated before makes it negative).
    held: i64,
    peak: i64,
}

const IDLE: Meter = Meter {
    on: false,
    cap: u64::MAX,
    held: 0,
    peak: 0,
};

thread_local! {
    // Const and without a destructor: the allocator reads it at any time, even while
    // the thread ends, and reading it allocates nothing.
    static METER: Cell<Meter> = const { Cell::new(IDLE) };
    static LAST_PEAK: Cell<u64> = const { Cell::new(0) };
}

/// Runs `render` with its allocations counted against the cap of a byte budget of
/// `bytes`; the count of an outer render goes on after it, including what this one held.
pub(crate) fn metered<T>(bytes: u64, render: impl FnOnce() -> T) -> T {
    let outer = METER.replace(Meter {
        on: true,
        cap: cap(bytes),
        ..IDLE
    });
    let value = render();
    let inner = METER.replace(outer);
    LAST_PEAK.set(u64::try_from(inner.peak).unwrap_or(0));
    if outer.on {
        let mut outer = outer;
        outer.peak = outer.peak.max(outer.held.saturating_add(inner.peak));
        outer.held = outer.held.saturating_add(inner.held);
        METER.set(outer);
    }
    value
}

/// The most the last render on this thread held at once, in bytes; 0 unless the
/// program's allocator is [`Metered`].
pub fn last_peak() -> u64 {
    LAST_PEAK.get()
}

/// Counts `delta` bytes allocated (freed, when negative) on this thread; `false` when a
/// render is running and now holds more than its cap.
fn count(delta: i64) -> bool {
    METER
        .try_with(|meter| {
            let mut m = meter.get();
            if !m.on {
                return true;
            }
            m.held = m.held.saturating_add(delta);
            m.peak = m.peak.max(m.held);
            meter.set(m);
            u64::try_from(m.held).map_or(true, |held| held <= m.cap)
        })
        .unwrap_or(true)
}

/// What [`Metered`] does when a render passes its cap or the system refuses memory.
#[derive(Clone, Copy)]
enum Overrun {
    /// Nothing: a test measures ([`last_peak`]); a refused allocation aborts as usual.
    Measure,
    /// Write `PREFIX` and the message on standard error and end the process with `code`.
    Exit { prefix: &'static str, code: i32 },
}

/// A global allocator that counts what renders hold (see the module's documentation).
///
/// ```ignore
/// #[global_allocator]
/// static ALLOCATOR: gotemplate::Metered<std::alloc::System> =
///     gotemplate::Metered::exiting(std::alloc::System, "my-program: ", 2);
/// ```
pub struct Metered<A> {
    inner: A,
    overrun: Overrun,
}

impl<A> Metered<A> {
    /// Counts, and only counts: for tests that measure a render.
    pub const fn measuring(inner: A) -> Metered<A> {
        Metered {
            inner,
            overrun: Overrun::Measure,
        }
    }

    /// Ends the process with exit code `code` and a line on standard error starting
    /// with `prefix` (`"my-program: "`) when a render passes its cap (the byte budget's message) or the system
    /// refuses memory (`out of memory`).
    pub const fn exiting(inner: A, prefix: &'static str, code: i32) -> Metered<A> {
        Metered {
            inner,
            overrun: Overrun::Exit { prefix, code },
        }
    }

    fn counted(&self, delta: i64) {
        if !count(delta) {
            if let Overrun::Exit { prefix, code } = self.overrun {
                crate::budget::exit_spent(prefix, code);
            }
        }
    }

    fn checked(&self, ptr: *mut u8, size: usize) -> *mut u8 {
        if ptr.is_null() {
            if let Overrun::Exit { prefix, code } = self.overrun {
                out_of_memory(prefix, size, code);
            }
        }
        ptr
    }
}

fn signed(size: usize) -> i64 {
    i64::try_from(size).unwrap_or(i64::MAX)
}

// SAFETY: every call is passed on to `inner` unchanged; counting touches only a
// thread-local `Cell`, allocates nothing and never unwinds, and ending the process
// (`_exit`) is allowed at any point.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Metered<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.counted(signed(layout.size()));
        self.checked(self.inner.alloc(layout), layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        self.counted(signed(layout.size()));
        self.checked(self.inner.alloc_zeroed(layout), layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-signed(layout.size()));
        self.inner.dealloc(ptr, layout);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        self.counted(signed(new_size).saturating_sub(signed(layout.size())));
        self.checked(self.inner.realloc(ptr, layout, new_size), new_size)
    }
}

/// What the system refusing memory reports; the size follows.
const OUT_OF_MEMORY: &str = "out of memory: could not allocate ";

fn out_of_memory(prefix: &str, size: usize, code: i32) -> ! {
    let mut digits = Digits::default();
    let pieces = [prefix, OUT_OF_MEMORY, digits.of(size as u64), " bytes\n"];
    exit_with(&pieces, code)
}

/// Writes `pieces` on standard error, unbuffered and without allocating, and ends the
/// process with `code` without running anything more (no destructor, no exit handler:
/// the allocator may be in the middle of any code).
pub(crate) fn exit_with(pieces: &[&str], code: i32) -> ! {
    #[cfg(unix)]
    {
        for piece in pieces {
            // SAFETY: writes a valid buffer to fd 2; a failed write leaves nothing to do.
            unsafe { libc::write(2, piece.as_ptr().cast(), piece.len()) };
        }
        // SAFETY: `_exit` ends the process at once; nothing depends on running after it.
        unsafe { libc::_exit(code) }
    }
    #[cfg(not(unix))]
    {
        let _ = (pieces, code);
        std::process::abort()
    }
}

/// A number's decimal digits, written without allocating.
#[derive(Default)]
pub(crate) struct Digits([u8; 20]);

impl Digits {
    pub(crate) fn of(&mut self, mut n: u64) -> &str {
        let mut at = self.0.len();
        loop {
            at -= 1;
            self.0[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        std::str::from_utf8(&self.0[at..]).unwrap_or("?")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_written_in_place() {
        for n in [0, 7, 10, 1 << 20, u64::MAX] {
            assert_eq!(Digits::default().of(n), n.to_string());
        }
    }

    #[test]
    fn an_inner_render_counts_in_the_outer() {
        metered(1, || {
            assert!(count(10));
            metered(1, || {
                assert!(count(100));
                count(-100);
            });
            assert_eq!(last_peak(), 100);
            assert!(count(5));
        });
        assert_eq!(last_peak(), 110);
        assert!(count(i64::MAX), "no render, no cap");
    }
}
