//! `export`: the rendered base prompt (or its template) written to a file, for editing
//! and use with `ASIMI_SYSTEM_MD`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _};

use super::{build, build_from, emit, hermetic_for_check, warn, Ctx, Outcome};
use crate::beneath::{self, Links, Place, Root};
use crate::cli::{ExportArgs, PromptArgs};
use crate::fs::is_stdin;
use crate::paths::{self, Switch};
use crate::prompt::{self, BaseSource, Built};
use crate::settings::Settings;
use crate::written::Ledger;

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
            &prompt.settings_flags(ctx.flags(), crate::model::DEFAULT_MODEL),
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
    match read_existing(&settings.project_root, &target) {
        Ok(Some(existing)) if existing == content.as_bytes() => {
            ctx.note(format!("{shown} is up to date"))?;
            return Ok(Outcome::Ok);
        }
        Ok(Some(_)) if !args.force => bail!(
            "export: refusing to overwrite '{shown}', which has different content; \
             use --force to replace it"
        ),
        _ => {}
    }
    let kept = replace_keeping_edits(&settings, &target, &content)
        .with_context(|| format!("export: cannot write '{shown}'"))?;
    note_kept(kept, ctx)?;
    ctx.note(format!("wrote {shown}"))?;
    Ok(Outcome::Ok)
}

/// Where an export to `target` reads and writes: inside the project `root`, through a
/// handle on it, and a link there is followed only while it stays inside (a cloned
/// repository's link cannot turn an export into a write elsewhere); outside it, where
/// the user's own links lead.
fn place(root: &Path, target: &Path, create_dirs: bool) -> std::io::Result<Place> {
    let root = Root::open(root)?;
    beneath::place(Some(&root), target, Links::Follow, create_dirs)
}

/// The content of the file at `target`, if there is one.
fn read_existing(root: &Path, target: &Path) -> std::io::Result<Option<Vec<u8>>> {
    match place(root, target, false).and_then(|p| p.read_no_follow()) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Writes `text` to `target` (atomically), first keeping a copy of what is there unless
/// it is `text` already or a base prompt asimi-prompt itself wrote there: anything else
/// may hold the user's edits. The copy is `NAME.bak`, or `NAME.bak.N` with the first N
/// free, never written through a link. Returns the copy's path. The caller says which
/// file could not be written.
///
/// What asimi-prompt wrote is in the target's ledger ([`crate::written`]), held for the
/// whole cycle, so overlapping runs never take each other's output for an edit.
pub(super) fn replace_keeping_edits(
    settings: &Settings,
    target: &Path,
    text: &str,
) -> anyhow::Result<Option<PathBuf>> {
    let mut ledger = Ledger::open(settings.cache_dir.as_deref(), target);
    let place = place(&settings.project_root, target, true)?;
    let kept = match place.read_no_follow() {
        Ok(existing) if existing == text.as_bytes() => return Ok(None),
        Ok(existing) if !ledger.as_ref().is_some_and(|l| l.wrote(target, &existing)) => {
            let copy = place
                .keep_copy(&existing)
                .context("cannot keep a copy of its previous content")?;
            Some(copy)
        }
        _ => None,
    };
    if let Some(ledger) = &mut ledger {
        // Best effort: a ledger that cannot be written costs a copy too many next time.
        let _ = ledger.enter(target, text.as_bytes());
    }
    place.write_atomic(text.as_bytes())?;
    Ok(kept)
}

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
pub(super) fn write_system_md(
    built: &Built,
    settings: &Settings,
    target: &Path,
    ctx: &mut Ctx,
) -> anyhow::Result<()> {
    let base = base_text(built)?;
    let shown = paths::display(target);
    if let BaseSource::File { path, .. } = &built.base_source {
        if paths::same_file(path, target) {
            return Ok(());
        }
        match read_existing(&settings.project_root, target) {
            Ok(Some(existing)) if existing == base.as_bytes() => return Ok(()),
            Ok(Some(_)) => bail!(
                "ASIMI_WRITE_SYSTEM_MD: refusing to overwrite '{shown}' with the base prompt \
                 read from '{}' (ASIMI_SYSTEM_MD); point both at the same file, or set \
                 ASIMI_WRITE_SYSTEM_MD=0",
                paths::display(path)
            ),
            _ => {}
        }
    }
    let kept = replace_keeping_edits(settings, target, &base)
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
