//! `export`: the rendered base prompt (or its template) written to a file, for editing
//! and use with `ASIMI_SYSTEM_MD`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _};

use super::{build, build_from, emit, flags, hermetic_for_check, warn, Ctx, Outcome};
use crate::cli::{ExportArgs, PromptArgs};
use crate::fs::is_stdin;
use crate::memo;
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
    // `--force` resets the file: the built-in base, whatever ASIMI_SYSTEM_MD reads (the
    // file it points at is still where it goes).
    let built = if args.force && settings.system_md != Switch::Off {
        let mut env = ctx.env.clone();
        env.0.remove(crate::settings::env::SYSTEM_MD);
        build_from(
            &flags(&prompt, ctx),
            &prompt.base.vars,
            &env,
            &mut std::io::sink(),
        )?
        .1
    } else {
        built
    };
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
    let kept = replace_keeping_edits(&target, &content)
        .with_context(|| format!("export: cannot write '{shown}'"))?;
    note_kept(kept, ctx)?;
    ctx.note(format!("wrote {shown}"))?;
    Ok(Outcome::Ok)
}

/// Writes `text` to `target` (atomically), first keeping a copy of what is there unless
/// it is `text` already or a base prompt asimi-prompt itself wrote there: anything else
/// may hold the user's edits. The copy is `NAME.bak`, or `NAME.bak.N` with the first N
/// free. Returns the copy's path.
///
/// What was written is remembered in the memo (the user cache directory) under the
/// target's path and the text's hash; a forgotten write counts as an edit, so the worst a
/// lost memo does is one copy too many.
pub(super) fn replace_keeping_edits(target: &Path, text: &str) -> anyhow::Result<Option<PathBuf>> {
    let path = paths::display(target);
    let written = |bytes: &[u8]| memo::key(&[WRITTEN_FACT, path.as_bytes(), bytes]);
    let kept = match std::fs::read(target) {
        Ok(existing) if existing == text.as_bytes() => return Ok(None),
        Ok(existing) if memo::get(&written(&existing)).is_none() => {
            let copy = output::free_backup_name(target);
            output::write_atomic(&copy, &existing)
                .with_context(|| format!("cannot keep a copy at '{}'", paths::display(&copy)))?;
            Some(copy)
        }
        _ => None,
    };
    output::write_atomic(target, text.as_bytes())
        .with_context(|| format!("cannot write '{path}'"))?;
    memo::put(written(text.as_bytes()), 1);
    Ok(kept)
}

/// The memo's kind for "asimi-prompt wrote this text to this path".
const WRITTEN_FACT: &[u8] = b"system-md-written";

/// Says where an overwritten file's content was kept.
fn note_kept(kept: Option<PathBuf>, ctx: &mut Ctx) -> anyhow::Result<()> {
    if let Some(copy) = kept {
        ctx.note(format!(
            "kept the file's previous content, which asimi-prompt did not write, in '{}'",
            paths::display(&copy)
        ))?;
    }
    Ok(())
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
pub(super) fn write_system_md(built: &Built, target: &Path, ctx: &mut Ctx) -> anyhow::Result<()> {
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
    let kept = replace_keeping_edits(target, &base)
        .with_context(|| format!("ASIMI_WRITE_SYSTEM_MD: cannot write '{shown}'"))?;
    note_kept(kept, ctx)
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
