//! `template render`, `convert` and `list`: the engine on its own, and the templates and
//! registered prompts a run would use.

use anyhow::bail;

use super::{build_from, resolve, warn, Ctx, Outcome};
use crate::cli::{ConvertArgs, ListArgs, RenderArgs};
use crate::data;
use crate::fs::is_stdin;
use crate::fs::read_template_in;
use crate::prompt;
use crate::settings::{Flags, Settings};
use gotemplate::{Limits, Syntax};

/// Renders a template with data files and settings, or with the prompt's own data.
pub fn render(args: RenderArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let dir = ctx.dir()?;
    let (name, source) = read_template_in(&dir, &args.file)?;
    let syntax = args.syntax.resolve(&name);
    let default = Limits::default();
    let mut limits = Limits {
        fuel: ctx.fuel.unwrap_or(default.fuel),
        bytes: ctx.template_bytes.unwrap_or(default.bytes),
    };
    let value = if args.prompt_data {
        // Built as `system` builds it, so the preview sees the base prompt's very data.
        let flags = Flags {
            model: args.model.clone(),
            mode: args.mode.clone(),
            hermetic: args.hermetic.then_some(true),
            ..ctx.flags()
        };
        let (settings, built) = build_from(&flags, &args.vars, &ctx.env, ctx.err)?;
        warn(&built, ctx)?;
        limits = settings.template_limits;
        built.context.to_value()
    } else {
        // Under -C DIR the files are read there (and named by their full path).
        let files = match ctx.cwd {
            Some(_) => in_dir(&dir, &args.vars.data),
            None => args.vars.data.clone(),
        };
        data::load_value(&files, &args.vars.set)?
    };
    let mut engine = crate::template::engine(args.missingkey.into(), limits);
    engine.add(&name, &source, syntax)?;
    let rendered = engine.render(&name, &value)?;
    ctx.out.write_all(rendered.as_bytes())?;
    Ok(Outcome::Ok)
}

/// Data files named relative to the run's directory (`-` stays standard input).
fn in_dir(dir: &std::path::Path, files: &[String]) -> Vec<String> {
    files
        .iter()
        .map(|f| match is_stdin(f) {
            true => f.clone(),
            false => crate::paths::display(&dir.join(f)),
        })
        .collect()
}

/// Prints the Jinja translation of a Go template.
pub fn convert(args: ConvertArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let (name, source) = read_template_in(&ctx.dir()?, &args.file)?;
    if Syntax::for_name(&name) == Syntax::Jinja {
        bail!(
            "'{name}' is already a Jinja template (by its extension); convert reads Go templates"
        );
    }
    ctx.out
        .write_all(gotemplate::convert(&name, &source)?.as_bytes())?;
    Ok(Outcome::Ok)
}

/// Lists the templates in use (or the registered prompts).
pub fn list(args: ListArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let flags = Flags {
        templates: args.templates.dir,
        ..args.mcp.settings_flags(ctx.flags())
    };
    let settings = resolve(&flags, &ctx.env)?;
    if args.prompts || args.tag.is_some() {
        return list_prompts(&settings, args.tag.as_deref(), ctx);
    }
    let library = prompt::library(&settings);
    let entries = library.list();
    let width = entries.iter().map(|e| e.file.len()).max().unwrap_or(0);
    for e in entries {
        // The prompt renders what is under base/, sections/, modes/ and registry/, and
        // the top-level templates, a plain NAME.md included (as Go); .yaml files and
        // the guides are data.
        let syntax = match e.file.as_str() {
            f if f.ends_with(".yaml") => "data",
            _ if e.syntax == Syntax::Jinja => "jinja",
            _ => "go",
        };
        writeln!(ctx.out, "{:width$}  {syntax:5}  {}", e.file, e.origin)?;
    }
    Ok(Outcome::Ok)
}

/// `template list --prompts` / `--tag TAG`: id, tags, source and origin per prompt.
fn list_prompts(settings: &Settings, tag: Option<&str>, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let mut registry = prompt::registry::PromptRegistry::load(
        &settings.prompt_dirs,
        Some(&settings.project_root),
    )?;
    // Servers start only when some are configured: listing files costs nothing more.
    if !settings.mcp.servers.is_empty() {
        let (listed, warnings) = crate::mcp::list(&settings.mcp)?;
        for w in warnings {
            ctx.note(format!("warning: {w}"))?;
        }
        for s in &listed {
            registry.add_mcp(&s.server, &s.prompts);
        }
    }
    let out = &mut *ctx.out;
    let prompts: Vec<_> = match tag {
        Some(t) => registry.by_tag(t).collect(),
        None => registry.all().collect(),
    };
    if prompts.is_empty() {
        let mut tags: Vec<&str> = registry
            .all()
            .flat_map(|p| p.tags.iter().map(String::as_str))
            .collect();
        tags.sort_unstable();
        tags.dedup();
        bail!(
            "no registered prompt has the tag '{}'; the tags are {}",
            tag.unwrap_or_default(),
            tags.join(", ")
        );
    }
    let id_width = prompts.iter().map(|p| p.id.len()).max().unwrap_or(0);
    let tags: Vec<String> = prompts.iter().map(|p| p.tags.join(",")).collect();
    let tag_width = tags.iter().map(String::len).max().unwrap_or(0);
    for (p, tags) in prompts.iter().zip(&tags) {
        writeln!(
            out,
            "{:id_width$}  {tags:tag_width$}  {:6}  {}{}",
            p.id,
            p.source.name(),
            p.origin,
            arguments(&p.arguments)
        )?;
    }
    Ok(Outcome::Ok)
}

/// An MCP prompt's arguments after its server, required ones starred: ` (city*, state)`.
fn arguments(args: &[crate::mcp::Argument]) -> String {
    if args.is_empty() {
        return String::new();
    }
    let names: Vec<String> = args
        .iter()
        .map(|a| format!("{}{}", a.name, if a.required { "*" } else { "" }))
        .collect();
    format!(" ({})", names.join(", "))
}
