//! Runs a parsed command line: captures what the run sees (environment, `-C DIR`,
//! standard input and output) once, and dispatches to the command's module in `cmd`.

use std::io::{IsTerminal, Write};

use crate::cli::{Cli, Command, GoalCommand, PromptCommand, TemplateCommand};
use crate::cmd::{self, Ctx, Stdin};
use crate::settings::Env;

pub use crate::cmd::Outcome;

/// Exit code for a usage, input, template or I/O error.
pub const EXIT_ERROR: u8 = 2;
/// Exit code for a `--check` that found a difference, or a request over
/// `--max-request-tokens`.
pub const EXIT_DIFFERS: u8 = 1;

/// Runs the command line with the process environment, writing results to `out` and
/// notes to `err`.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    // The run remembers facts and rendered prompts in the user's cache; library code
    // alone keeps none.
    if let Some(dir) = crate::facts::cache_dir() {
        crate::memo::keep_in(crate::memo::file_in(&dir));
        crate::prompt::cache::keep_in(&dir);
    }
    let mut ctx = Ctx {
        env: Env::capture(),
        cwd: cli.cwd,
        stdin: Stdin::Process,
        out,
        err,
        out_is_terminal: std::io::stdout().is_terminal(),
        err_is_terminal: std::io::stderr().is_terminal(),
        fuel: cli.template_fuel,
        template_bytes: cli.template_bytes,
    };
    let ctx = &mut ctx;
    ctx.check_dir()?;
    let outcome = match cli.command {
        None => cmd::system::run(cli.system, ctx),
        Some(Command::System(args)) => cmd::system::run(args, ctx),
        Some(Command::Export(args)) => cmd::export::run(args, ctx),
        Some(Command::Messages(args)) => cmd::messages::run(args, ctx),
        Some(Command::Context(args)) => cmd::context::run(args, ctx),
        Some(Command::Compress(args)) => cmd::compress::run(args, ctx),
        Some(Command::Reply(args)) => cmd::reply::run(args, ctx),
        Some(Command::Commit(args)) => cmd::commit::run(args, ctx),
        Some(Command::Apply(args)) => cmd::apply::run(args, ctx),
        Some(Command::Map(args)) => cmd::map::run(args, ctx),
        Some(Command::Goal(GoalCommand::Show(args))) => cmd::goal::show(args, ctx),
        Some(Command::Goal(GoalCommand::Apply(args))) => cmd::goal::apply(args, ctx),
        Some(Command::Goal(GoalCommand::History(args))) => cmd::goal::history(args, ctx),
        Some(Command::Template(TemplateCommand::Render(args))) => cmd::template::render(args, ctx),
        Some(Command::Template(TemplateCommand::Convert(args))) => {
            cmd::template::convert(args, ctx)
        }
        Some(Command::Template(TemplateCommand::List(args))) => cmd::template::list(args, ctx),
        Some(Command::Prompt(PromptCommand::Get(args))) => cmd::prompt::get(args, ctx),
        Some(Command::Completions(args)) => cmd::docs::completions(args, ctx),
        Some(Command::Models(args)) => cmd::models::run(args, ctx),
        Some(Command::Man(args)) => cmd::docs::man(args, ctx),
    };
    // After the output, whatever the outcome: what a failed run counted still holds.
    crate::memo::save();
    outcome
}
