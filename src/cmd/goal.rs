//! `goal show`, `goal apply` and `goal history`: the goal file with its progress, as the
//! prompt shows it; updated from the markers in an LLM's output; and the completed goals
//! kept beside it.

use super::{resolve, Ctx, Outcome};
use crate::cli::{GoalApplyArgs, GoalHistoryArgs, GoalShowArgs};
use crate::goal::{self, markers, Goal, GoalStatus};
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

/// Prints the goal's progress and the goal as the prompt's goal section shows it (or its
/// YAML, or both as JSON).
pub fn show(args: GoalShowArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let settings = goal_settings(args.goal.path, args.ascii, ctx)?;
    let Some(g) = goal::load(&settings.project_root, &settings.goal_file)? else {
        return Err(no_goal(&settings));
    };
    if args.yaml {
        ctx.out.write_all(goal::to_yaml(&g).as_bytes())?;
        return Ok(Outcome::Ok);
    }
    if args.json {
        let mut text = serde_json::to_string_pretty(&goal_json(&g, None))?;
        text.push('\n');
        ctx.out.write_all(text.as_bytes())?;
        return Ok(Outcome::Ok);
    }
    let p = g.progress();
    writeln!(
        ctx.out,
        "Progress: {}/{} checkpoints completed ({}%)\n",
        p.completed, p.total, p.percentage
    )?;
    writeln!(ctx.out, "{}", prompt::goal_text(&settings, &g)?)?;
    Ok(Outcome::Ok)
}

/// A goal as JSON: the goal file's data, its `progress`, and for history entries whether
/// it is the `current` goal.
fn goal_json(g: &Goal, current: Option<bool>) -> serde_json::Value {
    let mut doc = serde_json::to_value(g).unwrap_or_default();
    if let Some(map) = doc.as_object_mut() {
        map.insert("progress".into(), serde_json::json!(g.progress()));
        if let Some(current) = current {
            map.insert("current".into(), current.into());
        }
    }
    doc
}

/// Lists the completed goals: the history's, oldest first, then the current goal when it
/// is completed (it stays in the prompt until a new goal starts).
pub fn history(args: GoalHistoryArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let settings = goal_settings(args.goal.path, false, ctx)?;
    let path = goal::history_path(&settings.goal_file);
    let (kept, _) = goal::read_history(&settings.project_root, &path)?;
    let current = goal::load(&settings.project_root, &settings.goal_file)?
        .filter(|g| g.status == GoalStatus::Completed);
    let goals: Vec<(&Goal, bool)> = kept
        .iter()
        .map(|g| (g, false))
        .chain(current.iter().map(|g| (g, true)))
        .collect();
    if args.json {
        let docs: Vec<_> = goals.iter().map(|(g, c)| goal_json(g, Some(*c))).collect();
        let mut text = serde_json::to_string_pretty(&docs)?;
        text.push('\n');
        ctx.out.write_all(text.as_bytes())?;
        return Ok(Outcome::Ok);
    }
    if goals.is_empty() {
        ctx.note(format!(
            "no completed goals yet; when a new goal starts, the completed one is kept in '{}'",
            paths::display(&path)
        ))?;
        return Ok(Outcome::Ok);
    }
    let progress: Vec<String> = goals
        .iter()
        .map(|(g, _)| g.progress().to_string())
        .collect();
    let width = progress.iter().map(String::len).max().unwrap_or(0);
    for ((g, current), progress) in goals.iter().zip(&progress) {
        let date = g.completed_at.as_deref().unwrap_or("----------");
        let current = if *current { " (current)" } else { "" };
        writeln!(
            ctx.out,
            "{date}  {progress:<width$}  {}{current}",
            g.description
        )?;
    }
    Ok(Outcome::Ok)
}

/// Updates the goal file from the markers in an LLM's output, and prints the changes. A
/// completed goal that a new `[GOAL]` replaces goes to the history first.
pub fn apply(args: GoalApplyArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let settings = goal_settings(args.goal.path, false, ctx)?;
    let (shown, text) = super::read_llm_output(&args.input, &settings.cwd, "goal apply", ctx)?;
    let found = markers::parse(&text, &shown)?;
    if found.is_empty() {
        ctx.note(format!("no goal markers in {shown}; nothing to do"))?;
        return Ok(Outcome::Ok);
    }
    let today = crate::prompt_data::today(settings.source_date_epoch);
    // Read, apply and write under one lock, as sessions do: concurrent applies are
    // serialised, and none loses another's changes. A dry run writes nothing.
    let _lock = match args.dry_run {
        true => None,
        false => {
            // Checked first, so that a refused update leaves no lock file (or `.asimi/`).
            markers::apply(
                goal::load(&settings.project_root, &settings.goal_file)?,
                &found,
                &shown,
                &today,
                &[],
            )?;
            Some(goal::lock(&settings.project_root, &settings.goal_file)?)
        }
    };
    let before = goal::read(&settings.project_root, &settings.goal_file)?;
    let old = before.as_ref().map(|(g, _)| g);
    // The history too: a new goal's id is never one a finished goal has.
    let history_path = goal::history_path(&settings.goal_file);
    let (history, history_text) = goal::read_history(&settings.project_root, &history_path)?;
    let applied = markers::apply(old.cloned(), &found, &shown, &today, &history)?;
    let target = paths::display(&settings.goal_file);
    if applied.changes.is_empty() {
        writeln!(ctx.out, "no changes to {target}")?;
        return Ok(Outcome::Ok);
    }
    for c in &applied.changes {
        writeln!(ctx.out, "{c}")?;
    }
    // "kept" lines report a refusal, not a change: the file is written only if it moved.
    let changed = applied.goal.filter(|g| old != Some(g));
    if args.dry_run {
        ctx.note(format!("--dry-run: {target} not written"))?;
        return Ok(Outcome::Ok);
    }
    // The history first: should the goal's write fail, the finished goal is in both
    // files rather than in neither.
    if !applied.finished.is_empty() {
        let as_written = goal::history_to_yaml(&history);
        let mut goals = history;
        goals.extend(applied.finished);
        let new = goal::history_to_yaml(&goals);
        let kept = goal::save_keeping_edits(
            &settings.project_root,
            &history_path,
            &new,
            history_text.as_deref(),
            &as_written,
            "goal history",
        )?;
        note_written(&history_path, kept, ctx)?;
    }
    if let Some(g) = changed {
        let (text, as_written) = match &before {
            Some((old, text)) => (Some(text.as_str()), goal::to_yaml(old)),
            None => (None, String::new()),
        };
        let new = goal::to_yaml(&g);
        let kept = goal::save_keeping_edits(
            &settings.project_root,
            &settings.goal_file,
            &new,
            text,
            &as_written,
            "goal file",
        )?;
        note_written(&settings.goal_file, kept, ctx)?;
    }
    Ok(Outcome::Ok)
}

/// Says that `path` was written, and where its edited previous content was kept.
fn note_written(
    path: &std::path::Path,
    kept: Option<std::path::PathBuf>,
    ctx: &mut Ctx,
) -> anyhow::Result<()> {
    if let Some(copy) = kept {
        ctx.note(format!(
            "kept the edited '{}' in '{}' (it is rewritten from its data, without comments \
             or layout)",
            paths::display(path),
            paths::display(&copy)
        ))?;
    }
    ctx.note(format!("wrote {}", paths::display(path)))
}
