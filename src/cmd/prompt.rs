//! `prompt get`: one MCP prompt's messages, as text or JSON, for pipelines.

use std::collections::BTreeMap;

use anyhow::bail;

use super::{resolve_warned, Ctx, Outcome};
use crate::cli::PromptGetArgs;
use crate::error::Error;

/// Prints the messages of `SERVER:PROMPT`, fetched with `KEY=VALUE` arguments. Unlike a
/// skill, the prompt is the whole output, so a failing server is an error here.
pub fn get(args: PromptGetArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let settings = resolve_warned(&args.mcp.settings_flags(ctx.flags()), ctx)?;
    let mut arguments = BTreeMap::new();
    for a in &args.args {
        let Some((k, v)) = a.split_once('=') else {
            return Err(Error::usage(format!(
                "'{a}': expected KEY=VALUE, an argument of the prompt '{}'",
                args.id
            ))
            .into());
        };
        arguments.insert(k.to_string(), v.to_string());
    }
    if crate::mcp::split_id(&settings.mcp, &args.id).is_none() {
        let names: Vec<&str> = settings
            .mcp
            .servers
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        bail!(Error::usage(format!(
            "'{}': expected SERVER:PROMPT naming a configured MCP server; the servers are: {}",
            args.id,
            if names.is_empty() {
                "none (add --mcp-config FILE or --mcp-server NAME=COMMAND)".to_string()
            } else {
                names.join(", ")
            }
        )));
    }
    let wanted = [(args.id.clone(), arguments)];
    let (fetched, warnings) = crate::mcp::fetch(&settings.mcp, &wanted)?;
    let Some(prompt) = fetched.into_iter().next() else {
        bail!(Error::usage(warnings.join("; ")));
    };
    if args.json {
        let doc = serde_json::json!({
            "id": prompt.id,
            "server": prompt.server,
            "description": prompt.listed.description,
            "messages": prompt.messages,
        });
        writeln!(ctx.out, "{}", serde_json::to_string_pretty(&doc)?)?;
    } else {
        writeln!(ctx.out, "{}", crate::mcp::text(&prompt.messages))?;
    }
    Ok(Outcome::Ok)
}
