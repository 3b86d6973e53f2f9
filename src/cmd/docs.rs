//! `completions` and `man`: documentation generated from the command line's definition.

use anyhow::Context as _;

use super::{Ctx, Outcome};
use crate::cli::{completion_script, man_pages, CompletionsArgs, ManArgs};
use crate::output;

/// Prints a shell completion script.
pub fn completions(args: CompletionsArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    ctx.out
        .write_all(completion_script(args.shell).as_bytes())?;
    Ok(Outcome::Ok)
}

/// Prints the main man page, or writes every page to a directory.
pub fn man(args: ManArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let pages = man_pages()?;
    match args.dir {
        None => ctx.out.write_all(pages[0].1.as_bytes())?,
        Some(dir) => {
            for (file, text) in pages {
                output::write_atomic(&dir.join(&file), text.as_bytes())
                    .with_context(|| format!("cannot write '{}'", dir.join(&file).display()))?;
            }
        }
    }
    Ok(Outcome::Ok)
}
