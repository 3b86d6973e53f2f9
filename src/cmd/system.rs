//! `system`: the full system prompt, as text or JSON, and `ASIMI_WRITE_SYSTEM_MD`.

use super::export::{write_system_md, write_target};
use super::{build, emit, hermetic_for_check, warn, Ctx, Outcome};
use crate::cli::SystemArgs;
use crate::prompt::Built;

/// Prints the system prompt (or checks it against a file).
pub fn run(args: SystemArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let mut prompt = args.prompt;
    hermetic_for_check(&mut prompt.base, &args.check);
    let (settings, built) = build(&prompt, ctx)?;
    warn(&built, ctx)?;
    if let Some(target) = write_target(&settings.write_system_md, &settings)? {
        write_system_md(&built, &settings, &target, ctx)?;
    }
    let text = if args.json {
        sections_json(&built)?
    } else {
        built.prompt.text()
    };
    emit(&text, &args.check, &settings.cwd, ctx)
}

#[derive(serde::Serialize)]
struct SectionJson<'a> {
    name: &'a str,
    source: &'a str,
    bytes: usize,
    text: &'a str,
}

#[derive(serde::Serialize)]
struct PromptJson<'a> {
    model: &'a str,
    family: &'a str,
    provider: &'a str,
    mode: &'a str,
    tier: crate::prompt_data::WindowTier,
    bytes: usize,
    /// o200k tokens of the whole prompt, and of the mode text, which the tier's budget
    /// (docs/contributing/design.md, modes and goals) is for.
    tokens: usize,
    mode_tokens: usize,
    budget: usize,
    sections: Vec<SectionJson<'a>>,
}

fn sections_json(built: &Built) -> anyhow::Result<String> {
    let body = built.prompt.body();
    let (tokens, budget) = built.tokens_and_budget();
    let doc = PromptJson {
        model: &built.context.model,
        family: &built.model.family,
        provider: &built.model.provider,
        mode: &built.mode,
        tier: built.tier,
        bytes: body.len(),
        tokens,
        mode_tokens: built.mode_tokens(),
        budget,
        sections: built
            .prompt
            .sections
            .iter()
            .map(|s| SectionJson {
                name: &s.name,
                source: &s.source,
                bytes: s.text.len(),
                text: &s.text,
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&doc)?;
    text.push('\n');
    Ok(text)
}
