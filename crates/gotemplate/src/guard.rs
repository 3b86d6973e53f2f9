//! The engine's last line of defence: every entry point runs on a stack with room for
//! minijinja's recursive parser and compiler, and a panic becomes an error that names the
//! template rather than a crash.

use crate::error::{Error, ErrorKind};

/// The stack minijinja's parser and compiler get: they recurse once per level of an
/// expression, and the depth check keeps expressions within what this holds. Only the
/// pages touched are ever mapped.
const ENGINE_STACK: usize = 256 << 20;

/// What a command may use of its stack before it renders.
const COMMAND_STACK: usize = 16 << 20;

/// Runs `command` on a stack with room for the engine, so that the templates it renders
/// share one: a program that renders about 20 templates spent a tenth of its run giving
/// each a fresh stack (mapped, faulted in and unmapped).
pub fn with_engine_stack<T>(command: impl FnOnce() -> T) -> T {
    stacker::grow(COMMAND_STACK + ENGINE_STACK, command)
}

/// Runs `work` with at least [`ENGINE_STACK`] of stack, on a fresh one when this thread
/// has less left, turning a panic into an error that names the template. The stack is
/// switched to on this thread rather than given to a new one: a thread apiece cost more
/// than the rest of the rendering.
pub(crate) fn guarded<T>(name: &str, work: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        stacker::maybe_grow(ENGINE_STACK, ENGINE_STACK, work)
    }));
    outcome.unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "internal error".into());
        let message = format!("template: {name}: the template engine failed ({why})");
        Err(Error::new(ErrorKind::Internal, message).named(name))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_the_engine_is_an_error_naming_the_template() {
        let err = guarded::<()>("t.j2", || panic!("boom")).unwrap_err();
        assert_eq!(
            err.message(),
            "template: t.j2: the template engine failed (boom)"
        );
        assert_eq!(
            (err.kind(), err.name()),
            (ErrorKind::Internal, Some("t.j2"))
        );
    }
}
