//! The MCP client: rmcp over a child's stdio or Streamable HTTP, on a current-thread
//! tokio runtime that exists only while servers are asked. Each server is one session (start, `prompts/list`
//! through every page, then the `prompts/get`s asked of it), every step under the
//! timeout; the servers' sessions run concurrently.

use std::collections::BTreeMap;
use std::future::Future;
use std::process::Stdio;
use std::time::Duration;

use rmcp::model::{GetPromptRequestParams, JsonObject};
use rmcp::service::{ClientInitializeError, RoleClient, RunningService, ServiceExt};
use rmcp::transport::TokioChildProcess;

use super::config::{Server, StepLimit, Transport};
use super::stderr::Tail;

/// A prompt a server lists.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Listed {
    pub name: String,
    pub title: Option<String>,
    pub description: String,
    pub arguments: Vec<Argument>,
}

/// One of a prompt's arguments.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Argument {
    pub name: String,
    pub description: String,
    pub required: bool,
}

/// One message of a fetched prompt, its content as text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Message {
    pub role: String,
    pub text: String,
}

/// A `prompts/get` to make: the prompt's name and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Want {
    pub prompt: String,
    pub arguments: BTreeMap<String, String>,
}

/// What a session asks of its server: its prompts and the prompts wanted of it, or its
/// tools.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    Prompts(Vec<Want>),
    Tools,
}

/// What one server answered: its prompts and one result per [`Want`], in order; or its
/// tools, as `tools/list` gives each (JSON).
#[derive(Debug, Clone, Default)]
pub struct Answer {
    pub prompts: Vec<Listed>,
    pub got: Vec<Result<Vec<Message>, String>>,
    pub tools: Vec<serde_json::Value>,
}

/// Asks each server what its [`Ask`] says, concurrently, each step within the server's
/// own timeout or else `timeout`. A server that fails gives `Err(why)`; the others are
/// unaffected.
pub fn ask(jobs: Vec<(&Server, Ask)>, timeout: Duration) -> Vec<Result<Answer, Failure>> {
    if jobs.is_empty() {
        return Vec::new();
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            return jobs
                .iter()
                .map(|_| {
                    Err(Failure {
                        why: format!("cannot start: {e}"),
                        stderr: Vec::new(),
                    })
                })
                .collect()
        }
    };
    runtime.block_on(async {
        let sessions = jobs
            .into_iter()
            .map(|(server, asked)| session(server, asked, server.step_limit(timeout)));
        let answers = futures::future::join_all(sessions).await;
        // Dropped transports kill their children from spawned tasks: let those run
        // before the runtime goes.
        tokio::task::yield_now().await;
        tokio::time::sleep(Duration::from_millis(1)).await;
        answers
    })
}

/// Why a server failed, and the end of what it wrote on stderr (a stdio server's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub why: String,
    pub stderr: Vec<String>,
}

/// One server's session; a failure carries the end of the server's stderr.
async fn session(server: &Server, asked: Ask, timeout: StepLimit) -> Result<Answer, Failure> {
    let mut tail = None;
    let answer = talk(server, asked, timeout, &mut tail).await;
    match (answer, tail) {
        (Ok(answer), _) => Ok(answer),
        (Err(why), tail) => Err(Failure {
            why,
            stderr: match tail {
                Some(tail) => tail.lines().await,
                None => Vec::new(),
            },
        }),
    }
}

/// Start, list (prompts, then get; or tools), stop.
async fn talk(
    server: &Server,
    asked: Ask,
    timeout: StepLimit,
    tail: &mut Option<Tail>,
) -> Result<Answer, String> {
    if let Some(why) = &server.unusable {
        return Err(why.clone());
    }
    let transport = (server.config.transport()).map_err(|e| format!("{}: {e}", server.origin))?;
    let client = bounded(timeout, "start", async {
        match transport {
            Transport::Stdio(program) => start(server, program, tail).await,
            Transport::Http(url) => {
                super::http::start(url, &server.config.headers, timeout.time).await
            }
        }
    })
    .await?;
    let wants = match asked {
        Ask::Prompts(wants) => wants,
        Ask::Tools => {
            let tools = bounded(timeout, "tools/list", list_tools(&client)).await;
            stop(client).await;
            return tools.map(|tools| Answer {
                tools,
                ..Answer::default()
            });
        }
    };
    let prompts = bounded(timeout, "prompts/list", async {
        let listed = client.list_all_prompts().await;
        listed.map_err(|e| format!("prompts/list: {e}"))
    })
    .await;
    let prompts = match prompts {
        Ok(p) => p.into_iter().map(listed).collect(),
        Err(e) => {
            stop(client).await;
            return Err(e);
        }
    };
    let mut got = Vec::new();
    for want in wants {
        got.push(bounded(timeout, "prompts/get", get(&client, want)).await);
    }
    stop(client).await;
    Ok(Answer {
        prompts,
        got,
        tools: Vec::new(),
    })
}

/// Every page of the server's `tools/list`, each tool as the protocol's JSON.
async fn list_tools(
    client: &RunningService<RoleClient, ()>,
) -> Result<Vec<serde_json::Value>, String> {
    let tools = client.list_all_tools().await;
    let tools = tools.map_err(|e| format!("tools/list: {e}"))?;
    tools
        .iter()
        .map(|t| serde_json::to_value(t).map_err(|e| format!("tools/list: {e}")))
        .collect()
}

async fn bounded<T>(
    limit: StepLimit,
    step: &str,
    work: impl Future<Output = Result<T, String>>,
) -> Result<T, String> {
    match tokio::time::timeout(limit.time, work).await {
        Ok(r) => r,
        Err(_) => Err(format!(
            "{step}: no answer within {}s ({})",
            limit.time.as_secs_f64(),
            limit.origin()
        )),
    }
}

/// Starts `program` with the server's arguments, environment and directory, its stderr
/// kept in `tail`.
async fn start(
    server: &Server,
    program: &str,
    tail: &mut Option<Tail>,
) -> Result<RunningService<RoleClient, ()>, String> {
    let mut command = tokio::process::Command::new(program);
    command
        .args(&server.config.args)
        .envs(&server.config.env)
        .kill_on_drop(true);
    command.current_dir(match &server.config.cwd {
        Some(cwd) => server.dir.join(cwd),
        None => server.dir.clone(),
    });
    // The server's own logging is not the run's: it would interleave with the prompt's
    // notes. Its end is kept for the warning should the server fail.
    let (transport, stderr) = TokioChildProcess::builder(command)
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run '{program}': {}", crate::fs::io_reason(&e)))?;
    *tail = stderr.map(Tail::collect);
    ().serve(transport).await.map_err(initialize_error)
}

/// Why `initialize` failed. rmcp words a transport's failure by the transport's type
/// name and keeps the cause (a refused connection, an HTTP status) in the error's
/// sources: those are what a user can act on.
pub(super) fn initialize_error(e: ClientInitializeError) -> String {
    let ClientInitializeError::TransportError { error, context } = &e else {
        return format!("initialize: {e}");
    };
    let mut why = error.error.to_string();
    let mut source = error.error.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if !why.contains(&text) {
            why = format!("{why}: {text}");
        }
        source = cause.source();
    }
    format!("initialize: {why} ({context})")
}

async fn get(client: &RunningService<RoleClient, ()>, want: Want) -> Result<Vec<Message>, String> {
    let arguments: JsonObject = want
        .arguments
        .into_iter()
        .map(|(k, v)| (k, serde_json::Value::String(v)))
        .collect();
    let mut params = GetPromptRequestParams::new(&want.prompt);
    if !arguments.is_empty() {
        params = params.with_arguments(arguments);
    }
    let result = client.get_prompt(params).await.map_err(|e| e.to_string())?;
    result
        .messages
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let content = serde_json::to_value(&m.content).map_err(|e| e.to_string())?;
            let role = serde_json::to_value(&m.role).map_err(|e| e.to_string())?;
            Ok(Message {
                role: role.as_str().unwrap_or_default().to_string(),
                text: text_of(&content).map_err(|kind| {
                    format!(
                        "prompt '{}' message {}: {kind} content cannot go into a text \
                         prompt; only text (and text resources) can",
                        want.prompt,
                        i + 1
                    )
                })?,
            })
        })
        .collect()
}

/// A content block's text: text itself, or an embedded text resource. Images, audio,
/// binary resources and resource links are refused with their kind.
fn text_of(content: &serde_json::Value) -> Result<String, String> {
    let kind = content["type"].as_str().unwrap_or("unknown");
    let text = match kind {
        "text" => content["text"].as_str(),
        "resource" => content["resource"]["text"].as_str(),
        _ => None,
    };
    match (kind, text) {
        (_, Some(t)) => Ok(t.to_string()),
        ("resource", None) => Err("binary resource".to_string()),
        _ => Err(kind.to_string()),
    }
}

async fn stop(client: RunningService<RoleClient, ()>) {
    // A server that ignores the closed pipe is killed when the transport drops.
    let _ = tokio::time::timeout(Duration::from_millis(500), client.cancel()).await;
}

fn listed(p: rmcp::model::Prompt) -> Listed {
    Listed {
        name: p.name,
        title: p.title,
        description: p.description.unwrap_or_default(),
        arguments: p
            .arguments
            .unwrap_or_default()
            .into_iter()
            .map(|a| Argument {
                name: a.name,
                description: a.description.unwrap_or_default(),
                required: a.required.unwrap_or(false),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_text_resources_are_text() {
        let t = serde_json::json!({"type": "text", "text": "hi"});
        assert_eq!(text_of(&t).unwrap(), "hi");
        let r = serde_json::json!({"type": "resource", "resource": {"uri": "u", "text": "r"}});
        assert_eq!(text_of(&r).unwrap(), "r");
        let b = serde_json::json!({"type": "resource", "resource": {"uri": "u", "blob": "AA"}});
        assert_eq!(text_of(&b).unwrap_err(), "binary resource");
        let i = serde_json::json!({"type": "image", "data": "AA", "mimeType": "image/png"});
        assert_eq!(text_of(&i).unwrap_err(), "image");
    }
}
