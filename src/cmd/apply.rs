//! `apply`: the edit blocks of a model's reply applied to the project's files. The
//! parsing, matching and applying are `edit`'s pure functions; here are the reads and
//! writes, through a handle on the project root (`beneath`), and the report.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use super::{resolve, Ctx, Outcome};
use crate::beneath::{self, Links, Root};
use crate::cli::ApplyArgs;
use crate::edit::{self, Block, BlockResult, Status};
use crate::error::Error;
use crate::paths;
use crate::request::session::stability::{self, Tracker};

/// The reply's text from what was read: a provider's response (a JSON body or a
/// server-sent event stream, any shape `reply` reads) gives its assistant text; anything
/// else is the reply itself. Text that only looks like a response (it starts with `{`
/// but no provider's shape matches) is taken as it is. A stream cut short gives the text
/// that arrived, so its complete blocks apply and the cut one is reported incomplete.
pub fn reply_text(raw: &str) -> Result<String, Error> {
    use crate::reply::ReplyError;
    let mut arrived = String::new();
    let read = crate::reply::read(&mut raw.as_bytes(), &mut |delta| {
        arrived.push_str(delta);
        Ok(())
    });
    match read {
        Ok(reply) => Ok(reply.text),
        Err(ReplyError::Truncated { .. }) => Ok(arrived),
        Err(ReplyError::Malformed { .. } | ReplyError::Empty) => Ok(raw.to_string()),
        Err(e) => Err(Error::usage(format!(
            "the reply holds no edit blocks to apply: {e}"
        ))),
    }
}

/// Applies the reply's blocks (with `--dry-run`, prints the diff instead) and reports
/// each block.
pub fn run(args: ApplyArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let settings = resolve(&ctx.flags(), &ctx.env)?;
    // A bad session name is refused before anything is written.
    let state = match (&args.session, args.dry_run) {
        (Some(name), false) => Some(stability::state_path(name, settings.state_dir(&ctx.env))?),
        _ => None,
    };
    let (shown, raw) = super::read_llm_output(&args.input, &settings.cwd, "apply", ctx)?;
    let how = How {
        dry_run: args.dry_run,
        json: args.json,
        report_to_stderr: false,
    };
    let root = &settings.project_root;
    let (outcome, results) = apply_text(&reply_text(&raw)?, &shown, root, how, ctx)?;
    if let Some(state) = state {
        record_failed(&state, root, &results)?;
    }
    Ok(outcome)
}

/// Records in the session whose state is at `state` (inside the project `root`) the
/// blocks of `results` that did not apply, replacing any earlier record: the next
/// `messages` in the session tells the model (`edit::recovery`). Written whole,
/// atomically, under the session's lock.
pub(super) fn record_failed(
    state: &Path,
    root: &Path,
    results: &[BlockResult],
) -> anyhow::Result<()> {
    let mut tracker = Tracker::open(root, state).map_err(Error::from)?;
    tracker.set_failed(edit::recovery::failed(results));
    tracker.save().map_err(Error::from)?;
    Ok(())
}

/// How [`apply_text`] applies and reports.
#[derive(Debug, Clone, Copy)]
pub(super) struct How {
    /// Print the diff instead of writing.
    pub dry_run: bool,
    /// The report as JSON.
    pub json: bool,
    /// The report on standard error (`reply --apply`, whose standard output is the
    /// assistant's text), not standard output.
    pub report_to_stderr: bool,
}

/// Applies the edit blocks of `text` (the reply `shown` names) to the files under
/// `root_path`, writes the diff (`dry_run`) and the report, and returns the outcome
/// with each block's result (none: the reply held no block, which is noted).
pub(super) fn apply_text(
    text: &str,
    shown: &str,
    root_path: &Path,
    how: How,
    ctx: &mut Ctx,
) -> anyhow::Result<(Outcome, Vec<BlockResult>)> {
    let blocks = edit::parse(text);
    if blocks.is_empty() {
        ctx.note(format!("no edit blocks in {shown}; nothing to do"))?;
        return Ok((Outcome::Ok, Vec::new()));
    }
    let root = Root::open(root_path).map_err(|e| {
        Error::data(format!(
            "cannot open the project root '{}': {}",
            paths::display(root_path),
            crate::fs::io_reason(&e)
        ))
    })?;
    let mut results = Vec::new();
    let mut diff = String::new();
    let color = ctx.color() && !how.report_to_stderr;
    for path in paths_in_order(&blocks) {
        let group: Vec<&Block> = blocks.iter().filter(|b| b.path == path).collect();
        let file = FileRef::new(&root, root_path, &path);
        results.extend(apply_to(&file, &group, how.dry_run, color, &mut diff));
    }
    results.sort_by_key(|r| r.line);
    let text = match how.json {
        true => json(&results),
        false => report(&results),
    };
    let out = match how.report_to_stderr {
        true => &mut *ctx.err,
        false => &mut *ctx.out,
    };
    out.write_all(diff.as_bytes())?;
    out.write_all(text.as_bytes())?;
    let outcome = match results.iter().all(|r| r.status.done()) {
        true => Outcome::Ok,
        false => Outcome::NotApplied,
    };
    Ok((outcome, results))
}

/// The blocks' paths, each once, in the order the reply first names them (blocks with
/// no path are one group, under "").
fn paths_in_order(blocks: &[Block]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for b in blocks {
        if !out.contains(&b.path) {
            out.push(b.path.clone());
        }
    }
    out
}

/// A block's file: the project's handle and the path as the model wrote it.
struct FileRef<'a> {
    root: &'a Root,
    root_path: &'a Path,
    name: &'a str,
}

/// Why a file cannot take its blocks.
enum Unusable {
    Outside(String),
    Refused(String),
}

impl<'a> FileRef<'a> {
    fn new(root: &'a Root, root_path: &'a Path, name: &'a str) -> Self {
        FileRef {
            root,
            root_path,
            name,
        }
    }

    /// The path below the root: relative paths are the project's; an absolute one is
    /// taken as written, and must lead inside like any other (the `--file` rule).
    fn path(&self) -> PathBuf {
        paths::normalize(&self.root_path.join(self.name))
    }

    /// The file's text (`None`: it does not exist). The confinement check words the
    /// refusal; the read itself goes through the handle, so a link that leads out is
    /// refused at the open.
    fn read(&self) -> Result<Option<String>, Unusable> {
        let path = self.path();
        let what = format!("'{}'", self.name);
        paths::confine(
            self.root_path,
            &path,
            &what,
            "edits may only name project files",
        )
        .map_err(Unusable::Outside)?;
        let place = match beneath::place(Some(self.root), &path, Links::Follow, false) {
            Ok(place) => place,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(self.failed(&e)),
        };
        match place.read() {
            Ok(bytes) => String::from_utf8(bytes)
                .map(Some)
                .map_err(|_| Unusable::Refused(format!("'{}' is not UTF-8 text", self.name))),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(self.failed(&e)),
        }
    }

    /// Replaces the file whole (a temporary file, then a rename), creating its
    /// directories beneath the root.
    fn write(&self, text: &str) -> Result<(), Unusable> {
        beneath::place(Some(self.root), &self.path(), Links::Follow, true)
            .and_then(|place| place.write_atomic(text.as_bytes()))
            .map_err(|e| self.failed(&e))
    }

    fn failed(&self, e: &std::io::Error) -> Unusable {
        let why = crate::fs::io_reason(e);
        match beneath::is_outside(e) {
            true => Unusable::Outside(format!("'{}': {why}", self.name)),
            false => Unusable::Refused(format!("'{}': {why}", self.name)),
        }
    }
}

/// A file's blocks: applied and written (or with `dry_run`, their diff added to
/// `diff`), or all refused for the one reason the file gives.
fn apply_to(
    file: &FileRef,
    group: &[&Block],
    dry_run: bool,
    color: bool,
    diff: &mut String,
) -> Vec<BlockResult> {
    let every = |status, why: &str| -> Vec<BlockResult> {
        group
            .iter()
            .map(|b| BlockResult::of(b, status, why))
            .collect()
    };
    // Blocks with no path, or cut off, never reach the file.
    if group.iter().all(|b| b.end != edit::End::Complete) {
        return edit::apply_file(None, group).blocks;
    }
    let current = match file.read() {
        Ok(current) => current,
        Err(Unusable::Outside(why)) => return every(Status::Outside, &why),
        Err(Unusable::Refused(why)) => return every(Status::Refused, &why),
    };
    let result = edit::apply_file(current.as_deref(), group);
    let Some(text) = result.text else {
        return result.blocks;
    };
    let old = current.unwrap_or_default();
    if dry_run {
        let (a, b) = (format!("a/{}", file.name), format!("b/{}", file.name));
        diff.push_str(&crate::output::unified_diff_named(
            &old, &text, &a, &b, color,
        ));
        return result.blocks;
    }
    match file.write(&text) {
        Ok(()) => result.blocks,
        Err(Unusable::Outside(why) | Unusable::Refused(why)) => every(Status::Refused, &why),
    }
}

/// One line per block: `REPLY_LINE: PATH: STATUS ...`, and a not-found block's nearest
/// lines.
fn report(results: &[BlockResult]) -> String {
    let mut out = String::new();
    for r in results {
        let path = if r.path.is_empty() { "-" } else { &r.path };
        out.push_str(&format!("line {}: {path}: {}", r.line, r.status.name()));
        if let Some((first, last)) = r.at {
            out.push_str(&format!(" at lines {first}-{last}"));
        }
        if !r.tolerances.is_empty() {
            let names: Vec<&str> = r.tolerances.iter().map(|t| t.name()).collect();
            out.push_str(&format!(" (tolerated: {})", names.join(", ")));
        }
        if !r.detail.is_empty() {
            out.push_str(&format!(": {}", r.detail));
        }
        out.push('\n');
        if let Some((_, _, text)) = &r.nearest {
            for l in text.lines() {
                out.push_str(&format!("    | {l}\n"));
            }
        }
    }
    out
}

/// The results as JSON (fields listed in docs/apply.md).
fn json(results: &[BlockResult]) -> String {
    let blocks: Vec<serde_json::Value> = results
        .iter()
        .map(|r| {
            serde_json::json!({
                "path": r.path,
                "line": r.line,
                "status": r.status.key(),
                "tolerances": r.tolerances.iter().map(|t| t.key()).collect::<Vec<_>>(),
                "at": r.at.map(|(first, last)| serde_json::json!({"first": first, "last": last})),
                "candidates": r.candidates,
                "nearest": r.nearest.as_ref().map(|(first, last, text)| {
                    serde_json::json!({"first": first, "last": last, "text": text})
                }),
                "message": r.detail,
            })
        })
        .collect();
    let done = results.iter().filter(|r| r.status.done()).count();
    let value = serde_json::json!({
        "blocks": blocks,
        "done": done,
        "failed": results.len() - done,
    });
    format!("{value:#}\n")
}
