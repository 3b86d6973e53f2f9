//! Progress of the long steps of a run (walking the file tree, indexing the symbol map).
//!
//! Library code reports to a [`Progress`] it is given and never looks at the terminal:
//! the command decides whether anyone sees it. [`Silent`] reports nowhere; [`Bar`] draws
//! an indicatif bar on stderr, and only once a run has taken its delay ([`DELAY`] unless
//! the command says otherwise), so a quick run prints nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// What a long step reports.
pub trait Progress: Sync {
    /// A new step: what it does (`indexing symbols`) and its units, when known.
    fn start(&self, what: &str, total: Option<u64>);
    /// `n` more units of the current step are done.
    fn advance(&self, n: u64);
}

/// Reports nowhere: tests, benchmarks, and runs whose stderr is not a terminal.
pub struct Silent;

impl Progress for Silent {
    fn start(&self, _: &str, _: Option<u64>) {}
    fn advance(&self, _: u64) {}
}

/// How long a run goes before its progress shows: shorter runs would only flicker.
pub const DELAY: Duration = Duration::from_millis(500);

/// The hidden environment variable that replaces [`DELAY`], in milliseconds: `0` shows
/// the bar at once, a huge value never. Tests set it, so that what a terminal shows does
/// not depend on how fast the machine runs.
pub const DELAY_VAR: &str = "ASIMI_PROGRESS_DELAY_MS";

/// The delay `DELAY_VAR`'s value sets: [`DELAY`] when it is unset or not a number of
/// milliseconds.
pub fn delay(value: Option<&str>) -> Duration {
    value
        .and_then(|ms| ms.trim().parse().ok())
        .map_or(DELAY, Duration::from_millis)
}

/// How often a shown bar redraws, so a spinner moves while a step reports nothing.
const TICK: Duration = Duration::from_millis(100);

/// Templates with a known total and without; the `.cyan` ones only where colour is on.
const COUNTED: &str = "{spinner} {msg} [{bar:30}] {pos}/{len}";
const COUNTED_COLOR: &str = "{spinner:.cyan} {msg} [{bar:30.cyan/blue}] {pos}/{len}";
const UNCOUNTED: &str = "{spinner} {msg}";
const UNCOUNTED_COLOR: &str = "{spinner:.cyan} {msg}";

/// The bar's template: with a count and bar when the step's total is known.
fn template(counted: bool, color: bool) -> &'static str {
    match (counted, color) {
        (true, true) => COUNTED_COLOR,
        (true, false) => COUNTED,
        (false, true) => UNCOUNTED_COLOR,
        (false, false) => UNCOUNTED,
    }
}

/// A progress bar on stderr, hidden until the run has taken its delay; finished (and
/// erased) when dropped, so notes and errors print on a clean line.
pub struct Bar {
    bar: ProgressBar,
    color: bool,
    /// Whether the bar was shown (its delay was over before the run was).
    shown: Arc<AtomicBool>,
    /// Tells the thread that would show the bar that the run is over.
    done: Option<mpsc::Sender<()>>,
    shower: Option<JoinHandle<()>>,
}

impl Bar {
    /// A bar for stderr, shown once the run has taken `delay` (at once when it is zero;
    /// never when it is too long for the clock to reach). The caller has checked that
    /// stderr is a terminal; `color` is off under `NO_COLOR`.
    pub fn stderr(color: bool, delay: Duration) -> Bar {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let shown = Arc::new(AtomicBool::new(false));
        let show = {
            let (bar, shown) = (bar.clone(), shown.clone());
            move || {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                bar.enable_steady_tick(TICK);
                shown.store(true, Ordering::SeqCst);
            }
        };
        let (done, shower) = if delay.is_zero() {
            show();
            (None, None)
        } else {
            let (done, wait) = mpsc::channel::<()>();
            // A delay past what an `Instant` can hold waits for the run's end.
            let shower = std::thread::spawn(move || {
                if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(delay) {
                    show();
                }
            });
            (Some(done), Some(shower))
        };
        let bar = Bar {
            bar,
            color,
            shown,
            done,
            shower,
        };
        bar.style(None);
        bar
    }

    /// Whether the bar has been shown.
    pub fn is_shown(&self) -> bool {
        self.shown.load(Ordering::SeqCst)
    }

    fn style(&self, total: Option<u64>) {
        if let Ok(style) = ProgressStyle::with_template(template(total.is_some(), self.color)) {
            self.bar.set_style(style);
        }
    }
}

impl Progress for Bar {
    fn start(&self, what: &str, total: Option<u64>) {
        self.style(total);
        match total {
            Some(n) => self.bar.set_length(n),
            None => self.bar.unset_length(),
        }
        self.bar.set_position(0);
        self.bar.set_message(what.to_string());
    }

    fn advance(&self, n: u64) {
        self.bar.inc(n);
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        // The shower stops waiting (or has shown the bar) before the bar is erased, so
        // it cannot show it again afterwards.
        drop(self.done.take());
        if let Some(shower) = self.shower.take() {
            let _ = shower.join();
        }
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::Mutex;

    /// docs/requests.md says when the bar appears.
    #[test]
    fn the_manual_states_the_delay() {
        let doc = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/requests.md");
        let doc = std::fs::read_to_string(doc).unwrap();
        assert_eq!(
            DELAY,
            Duration::from_millis(500),
            "docs/requests.md says half a second"
        );
        assert!(doc.contains("longer than half a second"));
    }

    /// Records what it is told: per step, its name, total and the units advanced.
    #[derive(Default)]
    pub(crate) struct Recorder(Mutex<Vec<(String, Option<u64>, u64)>>);

    impl Recorder {
        pub(crate) fn steps(&self) -> Vec<(String, Option<u64>, u64)> {
            self.0.lock().unwrap().clone()
        }
    }

    impl Progress for Recorder {
        fn start(&self, what: &str, total: Option<u64>) {
            self.0.lock().unwrap().push((what.to_string(), total, 0));
        }
        fn advance(&self, n: u64) {
            if let Some(step) = self.0.lock().unwrap().last_mut() {
                step.2 += n;
            }
        }
    }

    /// Every template parses, and only the coloured ones name colours (`NO_COLOR`).
    #[test]
    fn templates_parse_and_colour_only_when_asked() {
        for counted in [true, false] {
            for color in [true, false] {
                let t = template(counted, color);
                assert!(ProgressStyle::with_template(t).is_ok(), "{t}");
                assert_eq!(t.contains(":."), color, "{t}");
                assert_eq!(t.contains("{len}"), counted, "{t}");
            }
        }
    }

    /// A bar that is dropped before its delay was never drawn; the steps it was told
    /// about are counted all the same. (The delay cannot pass while the test runs, so a
    /// slow machine gives the same answer.)
    #[test]
    fn a_quick_run_never_shows() {
        let bar = Bar::stderr(false, Duration::MAX);
        bar.start("indexing symbols", Some(3));
        bar.advance(2);
        assert_eq!(bar.bar.position(), 2);
        assert_eq!(bar.bar.length(), Some(3));
        assert!(!bar.is_shown());
        assert!(bar.bar.is_hidden());
        drop(bar);
    }

    /// No delay: the bar is shown before the first step starts.
    #[test]
    fn without_a_delay_the_bar_shows_at_once() {
        let bar = Bar::stderr(false, Duration::ZERO);
        assert!(bar.is_shown());
        bar.start("indexing symbols", Some(3));
        drop(bar);
    }

    /// The hidden variable sets the delay in milliseconds; anything else leaves it.
    #[test]
    fn the_delay_variable_is_milliseconds() {
        assert_eq!(delay(None), DELAY);
        assert_eq!(delay(Some("0")), Duration::ZERO);
        assert_eq!(delay(Some("1500")), Duration::from_millis(1500));
        assert_eq!(delay(Some("soon")), DELAY);
        let never = u64::MAX.to_string();
        assert_eq!(delay(Some(&never)), Duration::from_millis(u64::MAX));
    }
}
