use std::io::{ErrorKind, Write};

use asimi_prompt::app::{self, Outcome, EXIT_DIFFERS, EXIT_ERROR};
use asimi_prompt::cli::Cli;
use asimi_prompt::output::DIAGNOSTIC_PREFIX;
use gotemplate::with_engine_stack;

// Rust's own allocations go to the system's malloc, which packs a short run's few small
// blocks into few pages, where mimalloc first touches a fresh page for every size class
// it serves: `system` made 437 page faults against 304, and took 13% more CPU. Most of a
// cold symbol map is tree-sitter allocating nodes from two threads, where glibc's malloc
// contends, so tree-sitter gets mimalloc (`main`); a cold map takes as long either way.
// Metered: a template render that holds far more than its byte budget (minijinja's
// operators are bounded only by fuel) ends the run with the budget's message, and memory
// the system refuses ends it with a message too; both exit 2 rather than abort.
#[global_allocator]
static ALLOCATOR: gotemplate::Metered<std::alloc::System> =
    gotemplate::Metered::exiting(std::alloc::System, DIAGNOSTIC_PREFIX, EXIT_ERROR as i32);

/// Turns transparent huge pages off for the process. A 2 MiB page is zeroed and counted
/// whole however little of it a run uses: they doubled a request's peak memory and cost
/// a short run a tenth of its time, for no gain in speed. mimalloc is built not to ask
/// for them; this covers systems that give them unasked. It runs as a constructor
/// because Rust's runtime allocates before `main`.
#[cfg(target_os = "linux")]
extern "C" fn disable_huge_pages() {
    // SAFETY: prctl with this option only sets a flag on the process.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static DISABLE_HUGE_PAGES: extern "C" fn() = disable_huge_pages;

fn main() {
    use libmimalloc_sys::{mi_calloc, mi_free, mi_malloc, mi_realloc};
    // SAFETY: first thing in the process, before any tree-sitter object exists, so
    // nothing is freed by an allocator other than the one that allocated it.
    unsafe {
        tree_sitter::set_allocator(
            Some(mi_malloc),
            Some(mi_calloc),
            Some(mi_realloc),
            Some(mi_free),
        )
    };
    let cli = Cli::parse_args(std::env::args_os());
    // The run ends on the engine's stack: returning from it would unmap the stack's
    // pages one by one, 3% of a short run such as `system`.
    with_engine_stack(|| exit_now(run(cli)))
}

/// Runs the command and returns the process's exit code, once stdout is flushed.
fn run(cli: Cli) -> u8 {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut err = std::io::stderr();
    let result = app::run(cli, &mut out, &mut err).and_then(|o| {
        out.flush()?;
        Ok(o)
    });
    match result {
        Ok(Outcome::Ok) => 0,
        Ok(
            Outcome::Differs | Outcome::OverBudget | Outcome::NotApplied | Outcome::ProviderError,
        ) => EXIT_DIFFERS,
        // A reader that stops early (`| head`) is not an error.
        Err(e) if is_broken_pipe(&e) => 0,
        Err(e) => {
            let report = asimi_prompt::error::report(&e);
            let _ = asimi_prompt::output::diagnostic(&mut std::io::stderr(), &report);
            EXIT_ERROR
        }
    }
}

/// Ends the process without its exit handlers, once all it wrote is flushed and every
/// file it wrote is closed and renamed into place: they only hand memory back page by
/// page (a fifth of the CPU of a short run such as `system`), which the kernel does at
/// once.
fn exit_now(code: u8) -> ! {
    #[cfg(unix)]
    // SAFETY: nothing is left to flush or finish: stdout was flushed above and stderr is
    // unbuffered.
    unsafe {
        libc::_exit(code.into())
    }
    #[cfg(not(unix))]
    std::process::exit(code.into())
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<std::io::Error>()
        .is_some_and(|e| e.kind() == ErrorKind::BrokenPipe)
}
