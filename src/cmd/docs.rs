//! `completions` and `man`: documentation generated from the command line's definition.

use anyhow::{bail, Context as _};

use super::{Ctx, Outcome};
use crate::cli::{completion_script, man_page, man_pages, CompletionsArgs, ManArgs};
use crate::{output, paths};

/// Prints a shell completion script.
pub fn completions(args: CompletionsArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    ctx.out
        .write_all(completion_script(args.shell).as_bytes())?;
    Ok(Outcome::Ok)
}

/// Prints the page of the command named (the main page when none is), or with `--out DIR`
/// writes every page there and says where.
pub fn man(args: ManArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let pages = man_pages()?;
    let Some(out) = &args.out else {
        let Some(page) = man_page(&pages, &args.command) else {
            bail!(
                "man '{}': no such command; `asimi-prompt --help` lists them",
                args.command.join(" ")
            );
        };
        ctx.out.write_all(page.as_bytes())?;
        return Ok(Outcome::Ok);
    };
    let dir = ctx.dir()?.join(out);
    for (file, text) in &pages {
        let path = dir.join(file);
        output::write_atomic(&path, text.as_bytes())
            .with_context(|| format!("man --out: cannot write '{}'", paths::display(&path)))?;
    }
    ctx.note(format!(
        "wrote {} man pages to {}",
        pages.len(),
        paths::display(&dir)
    ))?;
    Ok(Outcome::Ok)
}
