//! `export`: the rendered base prompt (or its template) written to a file, for editing
//! and use with `ASIMI_SYSTEM_MD`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _};

use super::{build, emit, hermetic_for_check, warn, Ctx, Outcome};
use crate::cli::{ExportArgs, PromptArgs};
use crate::fs::is_stdin;
use crate::output;
use crate::paths::{self, Switch};
use crate::prompt::{self, BaseSource, Built};
use crate::settings::Settings;

/// Writes the base prompt to its file (or standard output, or checks it).
pub fn run(args: ExportArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let mut prompt = PromptArgs {
        base: args.prompt,
        ..PromptArgs::default()
    };
    hermetic_for_check(&mut prompt.base, &args.check);
    let (settings, built) = build(&prompt, ctx)?;
    warn(&built, ctx)?;
    let content = if args.template {
        built.base_source.text().to_string()
    } else {
        base_text(&built)?
    };
    if args.check.check.is_some() {
        return emit(&content, &args.check, &settings.cwd, ctx);
    }
    let target = match &args.path {
        Some(p) if is_stdin(p) => {
            ctx.out.write_all(content.as_bytes())?;
            return Ok(Outcome::Ok);
        }
        Some(p) => paths::resolve(p, &settings.cwd, settings.home.as_deref())
            .map_err(anyhow::Error::msg)?,
        None => default_export_path(&settings)?,
    };
    let shown = paths::display(&target);
    if target.is_dir() {
        bail!("export: '{shown}' is a directory; give a file path");
    }
    match std::fs::read(&target) {
        Ok(existing) if existing == content.as_bytes() => {
            ctx.note(format!("{shown} is up to date"))?;
            return Ok(Outcome::Ok);
        }
        Ok(_) if !args.force => bail!(
            "export: refusing to overwrite '{shown}', which has different content; \
             use --force to replace it"
        ),
        _ => {}
    }
    output::write_atomic(&target, content.as_bytes())
        .with_context(|| format!("export: cannot write '{shown}'"))?;
    ctx.note(format!("wrote {shown}"))?;
    Ok(Outcome::Ok)
}

/// The rendered base section as exported: its text and a final newline.
fn base_text(built: &Built) -> anyhow::Result<String> {
    let mut text = built.base_text()?;
    text.push('\n');
    Ok(text)
}

/// `ASIMI_WRITE_SYSTEM_MD`: writes the rendered base prompt to `target`. A base prompt
/// read from a file is never written over another file: back to its own file it is a
/// no-op (a template there would be replaced by its rendering), and a different file
/// that exists with other content is refused.
pub(super) fn write_system_md(built: &Built, target: &Path) -> anyhow::Result<()> {
    let base = base_text(built)?;
    let shown = paths::display(target);
    if let BaseSource::File { path, .. } = &built.base_source {
        if paths::same_file(path, target) {
            return Ok(());
        }
        match std::fs::read(target) {
            Ok(existing) if existing == base.as_bytes() => return Ok(()),
            Ok(_) => bail!(
                "ASIMI_WRITE_SYSTEM_MD: refusing to overwrite '{shown}' with the base prompt \
                 read from '{}' (ASIMI_SYSTEM_MD); point both at the same file, or set \
                 ASIMI_WRITE_SYSTEM_MD=0",
                paths::display(path)
            ),
            Err(_) => {}
        }
    }
    output::write_atomic(target, base.as_bytes())
        .with_context(|| format!("ASIMI_WRITE_SYSTEM_MD: cannot write '{shown}'"))
}

/// Where `ASIMI_WRITE_SYSTEM_MD` (or `export` without a path) writes: its own path, or
/// the path `ASIMI_SYSTEM_MD` names, or the file `ASIMI_SYSTEM_MD=1` reads.
pub(super) fn write_target(
    switch: &Switch,
    settings: &Settings,
) -> anyhow::Result<Option<PathBuf>> {
    Ok(match switch {
        Switch::Off => None,
        Switch::Path(p) => Some(p.clone()),
        Switch::Default => Some(default_export_path(settings)?),
    })
}

fn default_export_path(settings: &Settings) -> anyhow::Result<PathBuf> {
    Ok(match &settings.system_md {
        Switch::Path(p) => p.clone(),
        _ => prompt::default_system_md(settings)?,
    })
}
