//! Rendering a system prompt from what [`super::gather`] read: the mode text first
//! (the base template shows it as `.ModeInstructions`), then the skills, then each
//! section. Nothing here reads a file.

use super::gather::{Gathered, Skill};
use super::library::{Found, Origin};
use super::{
    modes, registry, BaseSource, Built, Section, SystemPrompt, MAP_SECTION, TOOLS_SECTION,
};
use crate::error::Error;
use crate::paths;
use crate::prompt_data::SkillData;
use crate::tokens::Tokenizer;
use gotemplate::{Engine, Limits, MissingKey, Syntax};

/// What rendering the templates produced: the only part of a system prompt that costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// The mode template's text, trimmed.
    pub mode_instructions: String,
    /// Each skill's text, trimmed, in the order of [`Gathered::skills`].
    pub skills: Vec<String>,
    /// Each section's source and text, in the order of [`Gathered::sections`].
    pub sections: Vec<(String, String)>,
}

/// Renders the mode text, then the skills (which see it), then each section (which see
/// both): all the compiling and rendering a system prompt takes.
pub fn texts(gathered: &Gathered) -> Result<Rendered, Error> {
    let mut context = gathered.context.clone();
    let mut engine = engine(gathered.limits);
    context.mode_instructions = render(&mut engine, &gathered.mode_template, &context.to_value())?
        .trim()
        .to_string();
    let data = context.to_value();
    context.skills = gathered
        .skills
        .iter()
        .map(|skill| match skill {
            Skill::Template(p) => render_skill(&mut engine, p, &data),
            Skill::Fetched(fetched) => Ok(fetched.clone()),
        })
        .collect::<Result<_, Error>>()?;
    let data = context.to_value();
    let sections = gathered
        .sections
        .iter()
        .map(|(_, template)| match template {
            Some(found) => Ok((found.origin.to_string(), render(&mut engine, found, &data)?)),
            None => render_base(&mut engine, &gathered.base_source, &data),
        })
        .collect::<Result<_, Error>>()?;
    Ok(Rendered {
        mode_instructions: context.mode_instructions,
        skills: context.skills.into_iter().map(|s| s.content).collect(),
        sections,
    })
}

/// The system prompt of `gathered` whose templates rendered to `rendered`.
pub fn assemble(gathered: Gathered, rendered: Rendered) -> Built {
    let Gathered {
        mut context,
        model,
        mode_template,
        base_source,
        sections: templates,
        skills,
        mode,
        context_window,
        limits,
        mut warnings,
        tools,
    } = gathered;
    let tier = context.tier;
    context.mode_instructions = rendered.mode_instructions;
    context.skills = skills
        .iter()
        .zip(rendered.skills)
        .map(|(skill, content)| match skill {
            Skill::Template(p) => SkillData {
                id: p.id.clone(),
                name: p.name.clone(),
                content,
            },
            Skill::Fetched(fetched) => SkillData {
                content,
                ..fetched.clone()
            },
        })
        .collect();
    let mut sections = Vec::new();
    let mut map_section = None;
    for ((name, _), (source, text)) in templates.iter().zip(rendered.sections) {
        let section = Section {
            name: name.to_string(),
            source,
            text: text.trim_end().to_string(),
        };
        match *name {
            MAP_SECTION => map_section = Some(section).filter(|s| !s.text.is_empty()),
            TOOLS_SECTION if section.text.is_empty() => {}
            _ => sections.push(section),
        }
    }
    let mode_tokens = matches!(mode_template.origin, Origin::File(_)).then(|| {
        let n = Tokenizer::O200k.count(&context.mode_instructions);
        warnings.extend(modes::budget_warning(
            &mode_template.origin.to_string(),
            n,
            tier,
            context_window,
        ));
        n
    });
    Built {
        prompt: SystemPrompt { sections },
        mode_tokens,
        map_section,
        context,
        model,
        base_source,
        mode,
        context_window,
        tier,
        warnings,
        limits,
        tools,
    }
}

/// The library template `found`, rendered with `data` and trimmed.
pub fn template(found: &Found, data: &minijinja::Value, limits: Limits) -> Result<String, Error> {
    Ok(render(&mut engine(limits), found, data)?.trim().to_string())
}

/// An engine for the prompt's templates, with the run's limits.
pub(super) fn engine(limits: Limits) -> Engine {
    crate::template::engine(MissingKey::Default, limits)
}

fn render_skill(
    engine: &mut Engine,
    p: &registry::Prompt,
    data: &minijinja::Value,
) -> Result<SkillData, Error> {
    add(engine, &p.origin, &p.content, Syntax::Go, p.prelowered())?;
    let content = engine.render(&p.origin, data)?;
    Ok(SkillData {
        id: p.id.clone(),
        name: p.name.clone(),
        content: content.trim().to_string(),
    })
}

/// The template name a found template renders under, which error messages show.
fn template_name(found: &Found) -> String {
    match &found.origin {
        Origin::File(p) => paths::display(p),
        Origin::Embedded(file) => file.clone(),
    }
}

pub(super) fn render(
    engine: &mut Engine,
    found: &Found,
    data: &minijinja::Value,
) -> Result<String, Error> {
    let name = template_name(found);
    let prelowered = match (&found.origin, found.syntax) {
        (Origin::Embedded(file), Syntax::Go) => crate::template::prelowered(file),
        _ => None,
    };
    add(engine, &name, &found.text, found.syntax, prelowered)?;
    Ok(engine.render(&name, data)?)
}

/// Adds the template `name`, as build.rs lowered it when it did.
fn add(
    engine: &mut Engine,
    name: &str,
    source: &str,
    syntax: Syntax,
    prelowered: Option<&'static str>,
) -> Result<(), Error> {
    match prelowered {
        Some(jinja) => engine.add_prelowered(name, source, jinja)?,
        None => engine.add(name, source, syntax)?,
    }
    Ok(())
}

pub(super) fn render_base(
    engine: &mut Engine,
    base: &BaseSource,
    data: &minijinja::Value,
) -> Result<(String, String), Error> {
    match base {
        BaseSource::Template(found) => Ok((found.origin.to_string(), render(engine, found, data)?)),
        BaseSource::File { path, text } => {
            let shown = paths::display(path);
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let rendered = if Syntax::is_template_name(&name) {
                engine.add(&shown, text, Syntax::for_name(&name))?;
                engine.render(&shown, data)?
            } else {
                text.clone()
            };
            Ok((shown, rendered))
        }
    }
}
