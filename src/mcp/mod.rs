//! MCP-provided prompts (the design's `mcp` source): servers configured in the
//! `mcpServers` shape, asked over stdio or Streamable HTTP with the official SDK (rmcp). Nothing here runs
//! unless a command needs a server's prompts; a server that fails leaves its prompts
//! out with one warning, or stops the run under `--require-mcp`.

pub mod client;
pub mod config;
mod http;
mod stderr;

use std::collections::BTreeMap;

use crate::error::Error;
use client::{Answer, Ask, Failure, Want};
pub use client::{Argument, Listed, Message};
use config::{Server, Servers, ID_SEPARATOR};

/// One server's prompts, for the registry.
#[derive(Debug, Clone)]
pub struct ServerPrompts {
    pub server: String,
    pub prompts: Vec<Listed>,
}

/// A fetched prompt: its id, what the server lists for it, and its messages.
#[derive(Debug, Clone)]
pub struct Fetched {
    pub id: String,
    pub server: String,
    pub listed: Listed,
    pub messages: Vec<Message>,
}

/// What a failed or unstarted server leaves: notes for stderr.
pub type Warnings = Vec<String>;

/// `SERVER:PROMPT` split, when SERVER is a configured server.
pub fn split_id<'a>(servers: &Servers, id: &'a str) -> Option<(&'a str, &'a str)> {
    let (server, prompt) = id.split_once(ID_SEPARATOR)?;
    servers.get(server).map(|_| (server, prompt))
}

/// Every trusted server's prompts (servers started in parallel).
pub fn list(servers: &Servers) -> Result<(Vec<ServerPrompts>, Warnings), Error> {
    let mut warnings = untrusted_notes(servers.servers.iter());
    let jobs: Vec<(&Server, Ask)> = servers
        .servers
        .iter()
        .filter(|s| s.trusted)
        .map(|s| (s, Ask::Prompts(Vec::new())))
        .collect();
    let names: Vec<String> = jobs.iter().map(|(s, _)| s.name.clone()).collect();
    let mut out = Vec::new();
    for (name, answer) in names.into_iter().zip(client::ask(jobs, servers.timeout)) {
        match answer {
            Ok(a) => out.push(ServerPrompts {
                server: name,
                prompts: a.prompts,
            }),
            Err(why) => warnings.push(failed(servers, &name, &why)?),
        }
    }
    Ok((out, warnings))
}

/// The prompts `wanted` (`(id, arguments)`, ids naming configured servers), fetched
/// with only their servers started. A missing prompt or required argument is an
/// error; a failing server is a warning (its prompts absent) unless `--require-mcp`.
pub fn fetch(
    servers: &Servers,
    wanted: &[(String, BTreeMap<String, String>)],
) -> Result<(Vec<Fetched>, Warnings), Error> {
    let mut by_server: BTreeMap<&str, Vec<(&str, Want)>> = BTreeMap::new();
    for (id, arguments) in wanted {
        let (server, prompt) = split_id(servers, id)
            .ok_or_else(|| Error::usage(format!("'{id}': no MCP server of that name")))?;
        let want = Want {
            prompt: prompt.to_string(),
            arguments: arguments.clone(),
        };
        by_server.entry(server).or_default().push((id, want));
    }
    let chosen: Vec<&Server> = by_server.keys().filter_map(|n| servers.get(n)).collect();
    let mut warnings = untrusted_notes(chosen.iter().copied());
    let jobs: Vec<(&Server, Ask)> = chosen
        .into_iter()
        .filter(|s| s.trusted)
        .map(|s| {
            let wants = by_server[s.name.as_str()].iter().map(|w| w.1.clone());
            (s, Ask::Prompts(wants.collect()))
        })
        .collect();
    let names: Vec<String> = jobs.iter().map(|(s, _)| s.name.clone()).collect();
    let mut fetched = Vec::new();
    for (name, answer) in names.into_iter().zip(client::ask(jobs, servers.timeout)) {
        let answer = match answer {
            Ok(a) => a,
            Err(why) => {
                warnings.push(failed(servers, &name, &why)?);
                continue;
            }
        };
        let asked = &by_server[name.as_str()];
        for (listed, (id, messages)) in checked(&answer, asked, &name)? {
            match messages {
                Ok(messages) => fetched.push(Fetched {
                    id: id.to_string(),
                    server: name.clone(),
                    listed,
                    messages,
                }),
                Err(why) => {
                    let why = Failure {
                        why,
                        stderr: Vec::new(),
                    };
                    warnings.push(failed(servers, &name, &why)?);
                }
            }
        }
    }
    // In the order asked.
    fetched.sort_by_key(|f| wanted.iter().position(|(id, _)| *id == f.id));
    Ok((fetched, warnings))
}

/// The tools server `name` lists (`tools/list`, every page), each as the protocol's
/// JSON. Asked for by name, so a server that is not configured, not trusted or fails
/// is an error: a request cannot go without the tools it was asked to carry.
pub fn tools(servers: &Servers, name: &str) -> Result<Vec<serde_json::Value>, Error> {
    let Some(server) = servers.get(name) else {
        let known: Vec<&str> = servers.servers.iter().map(|s| s.name.as_str()).collect();
        return Err(Error::usage(format!(
            "--tools mcp:{name}: no MCP server '{name}' is configured (servers: {}); add it \
             to mcpServers, or with --mcp-server {name}=COMMAND",
            match known.as_slice() {
                [] => "none".to_string(),
                names => names.join(", "),
            }
        )));
    };
    if !server.trusted {
        return Err(Error::usage(
            untrusted_notes(std::iter::once(server)).concat(),
        ));
    }
    let answer = client::ask(vec![(server, Ask::Tools)], servers.timeout).pop();
    match answer {
        Some(Ok(answer)) => Ok(answer.tools),
        Some(Err(why)) => Err(Error::usage(with_stderr(
            format!("--tools mcp:{name}: the MCP server failed: {}", why.why),
            &why,
        ))),
        None => Err(Error::usage(format!("--tools mcp:{name}: no answer"))),
    }
}

type Got<'a> = (&'a str, Result<Vec<Message>, String>);

/// Pairs each asked prompt with its listing, checking it exists and has its required
/// arguments (usage errors: the server is fine, the request is not).
fn checked<'a>(
    answer: &Answer,
    asked: &'a [(&'a str, Want)],
    server: &str,
) -> Result<Vec<(Listed, Got<'a>)>, Error> {
    let mut out = Vec::new();
    for ((id, want), got) in asked.iter().zip(&answer.got) {
        let Some(listed) = answer.prompts.iter().find(|p| p.name == want.prompt) else {
            let names: Vec<&str> = answer.prompts.iter().map(|p| p.name.as_str()).collect();
            return Err(Error::usage(format!(
                "'{id}': the MCP server '{server}' has no prompt '{}'; it has {}",
                want.prompt,
                names.join(", ")
            )));
        };
        let missing: Vec<&str> = listed
            .arguments
            .iter()
            .filter(|a| a.required && !want.arguments.contains_key(&a.name))
            .map(|a| a.name.as_str())
            .collect();
        if let Some(first) = missing.first() {
            return Err(Error::usage(format!(
                "'{id}': missing required argument '{}'; give it with --skill-arg \
                 {id}.{first}=VALUE (or {id} {first}=VALUE with `prompt get`)",
                missing.join("', '")
            )));
        }
        out.push((listed.clone(), (*id, got.clone())));
    }
    Ok(out)
}

/// The note for a server that failed, or the error under `--require-mcp`: one message,
/// the end of the server's stderr on the lines under it.
fn failed(servers: &Servers, name: &str, failure: &Failure) -> Result<String, Error> {
    let mut text = format!(
        "MCP server '{name}' failed, its prompts are left out: {}",
        failure.why
    );
    if servers.require {
        text.push_str(" (--require-mcp)");
    }
    let text = with_stderr(text, failure);
    if servers.require {
        return Err(Error::usage(text));
    }
    Ok(text)
}

/// `text`, then the end of the failed server's stderr on the lines under it.
fn with_stderr(mut text: String, failure: &Failure) -> String {
    if !failure.stderr.is_empty() {
        text.push_str("; its stderr ended:");
        for line in &failure.stderr {
            text.push_str(&format!("\n  {STDERR_MARK}{line}"));
        }
    }
    text
}

/// What starts each line of a failed server's stderr in its warning.
const STDERR_MARK: &str = "| ";

fn untrusted_notes<'a>(servers: impl Iterator<Item = &'a Server>) -> Warnings {
    servers
        .filter(|s| !s.trusted)
        .map(|s| {
            format!(
                "MCP server '{}' ({}) is the project's and was not started; to trust \
                 it, {}",
                s.name,
                s.origin,
                config::TRUST_HINT
            )
        })
        .collect()
}

/// A fetched prompt's messages as one text (the skills section's, `prompt get`'s).
pub fn text(messages: &[Message]) -> String {
    messages
        .iter()
        .map(|m| m.text.trim())
        .collect::<Vec<_>>()
        .join("\n\n")
}
