//! `goal show` and `goal apply`: the goal file, as the prompt shows it, and updated from
//! the markers in an LLM's output.

use anyhow::bail;

use super::{resolve, Ctx, Outcome};
use crate::cli::{GoalApplyArgs, GoalShowArgs};
use crate::fs::is_stdin;
use crate::goal::{self, markers};
use crate::paths;
use crate::prompt;
use crate::settings::{Flags, Settings};

/// The settings for a goal command (only `--goal` and `--ascii` matter).
fn goal_settings(goal: Option<String>, ascii: bool, ctx: &Ctx) -> anyhow::Result<Settings> {
    let flags = Flags {
        goal,
        ascii,
        ..ctx.flags()
    };
    resolve(&flags, &ctx.env)
}

/// The error for a goal command that finds no goal file.
fn no_goal(settings: &Settings) -> anyhow::Error {
    anyhow::anyhow!(
        "no goal: '{}' does not exist; write one (description, priority, status, \
         checkpoints...) or start one with `asimi-prompt goal apply` and a \
         `[GOAL] description` line",
        paths::display(&settings.goal_file)
    )
}

/// Prints the goal as the prompt's goal section shows it (or its YAML).
pub fn show(args: GoalShowArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let settings = goal_settings(args.goal.path, args.ascii, ctx)?;
    let Some(g) = goal::load(&settings.goal_file)? else {
        return Err(no_goal(&settings));
    };
    if args.yaml {
        ctx.out.write_all(goal::to_yaml(&g).as_bytes())?;
        return Ok(Outcome::Ok);
    }
    writeln!(ctx.out, "{}", prompt::goal_text(&settings, &g)?)?;
    Ok(Outcome::Ok)
}

/// Updates the goal file from the markers in an LLM's output, and prints the changes.
pub fn apply(args: GoalApplyArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let settings = goal_settings(args.goal.path, false, ctx)?;
    if is_stdin(&args.input) && ctx.stdin.is_terminal() {
        bail!(
            "goal apply reads the LLM's output from standard input; pipe it in \
             (`... | asimi-prompt goal apply`) or name the file"
        );
    }
    // A file is read relative to -C DIR but named as given.
    let (shown, bytes) = if is_stdin(&args.input) {
        let bytes = ctx
            .stdin
            .read_all()
            .map_err(|e| anyhow::anyhow!("cannot read the LLM output from standard input: {e}"))?;
        (crate::source::STDIN_NAME.to_string(), bytes)
    } else {
        let path = paths::display(&settings.cwd.join(&args.input));
        (
            args.input.clone(),
            crate::source::read_bytes(&path, "LLM output")?.1,
        )
    };
    let (text, note) = crate::source::lossy(&shown, bytes);
    if let Some(note) = note {
        ctx.note(format!("warning: {note}"))?;
    }
    let found = markers::parse(&text, &shown)?;
    if found.is_empty() {
        ctx.note(format!("no goal markers in {shown}; nothing to do"))?;
        return Ok(Outcome::Ok);
    }
    // Read, apply and write under one lock, as sessions do: concurrent applies are
    // serialised, and none loses another's changes. A dry run writes nothing.
    let _lock = match args.dry_run {
        true => None,
        false => {
            // Checked first, so that a refused update leaves no lock file (or `.asimi/`).
            markers::apply(goal::load(&settings.goal_file)?, &found, &shown)?;
            Some(goal::lock(&settings.goal_file)?)
        }
    };
    let before = goal::load(&settings.goal_file)?;
    let (after, changes) = markers::apply(before.clone(), &found, &shown)?;
    let target = paths::display(&settings.goal_file);
    if changes.is_empty() {
        writeln!(ctx.out, "no changes to {target}")?;
        return Ok(Outcome::Ok);
    }
    for c in &changes {
        writeln!(ctx.out, "{c}")?;
    }
    // "kept" lines report a refusal, not a change: the file is written only if it moved.
    let changed = after.filter(|g| before.as_ref() != Some(g));
    match (changed, args.dry_run) {
        (_, true) => ctx.note(format!("--dry-run: {target} not written"))?,
        (Some(g), false) => {
            goal::save(&settings.goal_file, &g)?;
            ctx.note(format!("wrote {target}"))?;
        }
        (None, false) => {}
    }
    Ok(Outcome::Ok)
}
