//! MCP prompts end to end: asimi-prompt asks real stdio and Streamable HTTP servers.
//! This binary is also the server (rmcp's server side): started with
//! `ASIMI_TEST_MCP=MODE` it serves on stdio instead of running the tests, and while the
//! tests run it serves Streamable HTTP on a loopback port, so the core path needs
//! nothing installed. The reference server `@modelcontextprotocol/server-everything`
//! is asked too, over both, where `.ci/run` installed it (under target/, which git
//! ignores); the tests never install it, and without it its tests are reported ignored.
//!
//! Every run gets a clean environment (`common::hermetic`) and the servers that should
//! answer get a generous timeout of their own, so only a server that never answers
//! times out, however slow the machine.

mod common;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use hyper::{Request, Response};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};

use rmcp::model::{
    ContentBlock, GetPromptRequestParams, GetPromptResponse, GetPromptResult, ListPromptsResult,
    ListToolsResult, PaginatedRequestParams, Prompt, PromptArgument, PromptMessage, Role,
    ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler, ServiceExt};

/// The server's behaviour: ok, crash, hang or malformed.
const MODE: &str = "ASIMI_TEST_MCP";
/// A file the ok server creates when it starts (to see whether it was started), holding
/// its environment, a `NAME=value` a line.
const MARKER: &str = "ASIMI_TEST_MCP_MARKER";
/// The healthy servers' own `timeout` (milliseconds), far above what any machine takes
/// to start one: they never time out, whatever `--mcp-timeout` the test gives the rest.
const HEALTHY_TIMEOUT_MS: u64 = 120_000;
/// `--mcp-timeout` for a run with a server that never answers: it fails after this.
const HANG_TIMEOUT: &str = "1";
/// `--mcp-timeout` for a run whose failing server fails by itself (crashes, refuses).
const GENEROUS_TIMEOUT: &str = "120";
/// Prompts per `prompts/list` page, so that listing takes several pages.
const PAGE: usize = 2;
/// What the crashing server says on stderr before it goes.
const CRASH_LINE: &str = "crash: cannot open the prompt store";
/// The header (and value) the HTTP server's /locked endpoint wants.
const LOCK: (&str, &str) = ("x-asimi-test", "sesame");

struct Server;

/// The tools the ok server lists: the first names the default `read_file` role.
fn tools() -> Vec<Tool> {
    let schema = |v: serde_json::Value| Arc::new(v.as_object().unwrap().clone());
    vec![
        Tool::new(
            "read_file",
            "Reads a file.",
            schema(serde_json::json!({"type": "object",
                "properties": {"path": {"type": "string"}}, "required": ["path"]})),
        ),
        Tool::new(
            "forecast",
            "Tells the weather.",
            schema(serde_json::json!({"type": "object",
                "properties": {"city": {"type": "string"}}})),
        ),
    ]
}

fn prompts() -> Vec<Prompt> {
    let city = PromptArgument::new("city")
        .with_description("Where")
        .with_required(true);
    let unit = PromptArgument::new("unit").with_required(false);
    vec![
        Prompt::new("plain", Some("No arguments"), None),
        Prompt::new(
            "weather",
            Some("Asks about the weather"),
            Some(vec![city, unit]),
        ),
        Prompt::new("picture", Some("Has an image"), None),
        Prompt::new("two", Some("Two messages"), None),
        Prompt::new("last", Some("On the last page"), None),
    ]
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_prompts()
            .enable_tools();
        ServerConfig::new(capabilities.build())
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        // One tool a page, so that listing takes two.
        let start: usize = request
            .and_then(|r| r.cursor)
            .map_or(0, |c| c.parse().unwrap());
        let all = tools();
        let mut page = ListToolsResult::with_all_items(all[start..start + 1].to_vec());
        page.next_cursor = (start + 1 < all.len()).then(|| (start + 1).to_string());
        Ok(page)
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let start: usize = request
            .and_then(|r| r.cursor)
            .map_or(0, |c| c.parse().unwrap());
        let all = prompts();
        let end = (start + PAGE).min(all.len());
        let mut page = ListPromptsResult::with_all_items(all[start..end].to_vec());
        page.next_cursor = (end < all.len()).then(|| end.to_string());
        Ok(page)
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let arg = |k: &str| {
            let args = request.arguments.as_ref();
            args.and_then(|a| a.get(k)?.as_str().map(str::to_string))
        };
        let text = |t: String| PromptMessage::new_text(Role::User, t);
        let messages = match request.name.as_str() {
            "plain" => vec![text("Plain prompt text.".into())],
            "weather" => vec![text(format!(
                "What is the weather in {} ({})?",
                arg("city").unwrap_or_default(),
                arg("unit").unwrap_or("celsius".into())
            ))],
            "picture" => vec![PromptMessage::new(
                Role::User,
                ContentBlock::image("AAAA", "image/png"),
            )],
            "two" => vec![
                text("First.".into()),
                PromptMessage::new_text(Role::Assistant, "Second."),
            ],
            "last" => vec![text("Last.".into())],
            other => {
                return Err(ErrorData::invalid_params(
                    format!("no prompt {other}"),
                    None,
                ))
            }
        };
        Ok(GetPromptResponse::Complete(GetPromptResult::new(messages)))
    }
}

/// Serves one mode on stdio.
fn serve(mode: &str) {
    use std::io::{BufRead, Write};
    match mode {
        "crash" => {
            eprintln!("{CRASH_LINE}");
            std::process::exit(3)
        }
        "hang" => std::thread::sleep(Duration::from_secs(600)),
        // Answers initialize properly, then prompts/list with prompts that are not a list.
        "malformed" => {
            let mut out = std::io::stdout();
            for line in std::io::stdin().lock().lines() {
                let msg: serde_json::Value = serde_json::from_str(&line.unwrap()).unwrap();
                let Some(id) = msg.get("id") else { continue };
                let result = match msg["method"].as_str() {
                    Some("initialize") => serde_json::json!({
                        "protocolVersion": msg["params"]["protocolVersion"],
                        "capabilities": {"prompts": {}},
                        "serverInfo": {"name": "malformed", "version": "0"}
                    }),
                    _ => serde_json::json!({"prompts": "not a list"}),
                };
                let reply = serde_json::json!({"jsonrpc": "2.0", "id": id, "result": result});
                writeln!(out, "{reply}").unwrap();
                out.flush().unwrap();
            }
        }
        _ => {
            if let Ok(marker) = std::env::var(MARKER) {
                let env: String = std::env::vars_os()
                    .map(|(k, v)| format!("{}={}\n", k.to_string_lossy(), v.to_string_lossy()))
                    .collect();
                std::fs::write(marker, env).unwrap();
            }
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                let service = Server.serve(rmcp::transport::stdio()).await.unwrap();
                let _ = service.waiting().await;
            });
        }
    }
}

/// Requests the HTTP server has had, on any path.
static REQUESTS: AtomicUsize = AtomicUsize::new(0);

/// The address of the Streamable HTTP server, started on first use on a thread of
/// this process: rmcp's server at /mcp (and at /locked, given [`LOCK`]), an HTTP error
/// at /fail, and no answer ever at /hang.
fn http_server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        listener.set_nonblocking(true).unwrap();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).unwrap();
                let mcp = StreamableHttpService::new(
                    || Ok(Server),
                    Arc::new(LocalSessionManager::default()),
                    StreamableHttpServerConfig::default(),
                );
                loop {
                    let (stream, _) = listener.accept().await.unwrap();
                    let mcp = mcp.clone();
                    tokio::spawn(async move {
                        let service =
                            hyper::service::service_fn(move |req| route(mcp.clone(), req));
                        let io = hyper_util::rt::TokioIo::new(stream);
                        let http = hyper::server::conn::http1::Builder::new();
                        let _ = http.serve_connection(io, service).await;
                    });
                }
            });
        });
        addr
    })
}

type Mcp = StreamableHttpService<Server, LocalSessionManager>;

async fn route(
    mcp: Mcp,
    req: Request<hyper::body::Incoming>,
) -> Result<Response<BoxBody<Bytes, Infallible>>, Infallible> {
    REQUESTS.fetch_add(1, Ordering::SeqCst);
    let plain = |status: u16, text: &'static str| {
        let body = Full::new(Bytes::from_static(text.as_bytes())).boxed();
        Response::builder().status(status).body(body).unwrap()
    };
    let unlocked = req.headers().get(LOCK.0).is_some_and(|v| v == LOCK.1);
    Ok(match req.uri().path() {
        "/mcp" => mcp.handle(req).await,
        "/locked" if unlocked => mcp.handle(req).await,
        "/locked" => plain(403, "no entry without the key"),
        "/fail" => plain(503, "down for maintenance"),
        "/hang" => std::future::pending().await,
        _ => plain(404, "not here"),
    })
}

/// A project directory (its own git repository, so a surrounding checkout is not the
/// project) with an `--mcp-config` file naming this binary in each mode.
struct Project {
    dir: tempfile::TempDir,
}

impl Project {
    fn new() -> Project {
        let dir = tempfile::tempdir().unwrap();
        let git = Command::new("git")
            .args(["init", "-q"])
            .current_dir(dir.path())
            .status();
        assert!(git.unwrap().success());
        let exe = std::env::current_exe().unwrap();
        let server = |mode: &str| serde_json::json!({"command": exe, "args": [], "env": {MODE: mode, MARKER: dir.path().join(format!("{mode}.started"))}});
        let healthy = |mut entry: serde_json::Value| {
            entry["timeout"] = HEALTHY_TIMEOUT_MS.into();
            entry
        };
        // A server that never answers, with a short timeout of its own (milliseconds).
        let mut late = server("hang");
        late["timeout"] = 500.into();
        let at = |path: &str| format!("http://{}{path}", http_server());
        // Claude Code's shape for HTTP, and gemini-cli's (httpUrl).
        let web = |path: &str| serde_json::json!({"type": "http", "url": at(path)});
        let locked = serde_json::json!({"httpUrl": at("/locked"), "timeout": HEALTHY_TIMEOUT_MS,
            "headers": {"X-Asimi-Test": "${ASIMI_TEST_LOCK}"}});
        let config = serde_json::json!({"mcpServers": {
            "ok": healthy(server("ok")), "crash": server("crash"), "hang": server("hang"),
            "late": late, "bad": server("malformed"),
            "web": healthy(web("/mcp")), "locked": locked, "down": web("/fail"),
            "stuck": web("/hang"), "nowhere": {"url": "http://127.0.0.1:1/mcp"},
            "nonsense": {"url": "not a url"}
        }});
        std::fs::write(dir.path().join("mcp.json"), config.to_string()).unwrap();
        Project { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The home directory the runs see.
    fn home(&self) -> PathBuf {
        self.path().join("home")
    }

    /// Runs asimi-prompt in the project with `args`, in a clean environment
    /// (`common::hermetic`): the project's `home/` as home and its `user/` as the user
    /// config directory, so nothing of the machine's own (config, proxies) is read.
    fn run(&self, args: &[&str]) -> Output {
        self.run_env(args, &[])
    }

    /// [`Project::run`] with more environment variables.
    fn run_env(&self, args: &[&str], vars: &[(&str, &str)]) -> Output {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_asimi-prompt"));
        common::hermetic(&mut cmd, &self.home());
        cmd.current_dir(self.path()).args(args);
        cmd.env("ASIMI_CONFIG_DIR", self.path().join("user"));
        cmd.envs(vars.iter().copied());
        cmd.output().unwrap()
    }

    fn with(&self, servers: &[&str], args: &[&str]) -> Output {
        self.with_env(servers, args, &[])
    }

    /// Runs with only the named servers of mcp.json (a copy holding just them).
    fn with_env(&self, servers: &[&str], args: &[&str], vars: &[(&str, &str)]) -> Output {
        let all: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(self.path().join("mcp.json")).unwrap())
                .unwrap();
        let chosen: serde_json::Map<_, _> = servers
            .iter()
            .map(|s| (s.to_string(), all["mcpServers"][*s].clone()))
            .collect();
        let name = format!("{}.json", servers.join("-"));
        let doc = serde_json::json!({"mcpServers": chosen});
        std::fs::write(self.path().join(&name), doc.to_string()).unwrap();
        let mut full = vec!["--mcp-config", name.as_str()];
        full.extend(args);
        self.run_env(&full, vars)
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const LIST: [&str; 3] = ["template", "list", "--tag"];
const LIST_MCP: [&str; 4] = ["template", "list", "--tag", "mcp"];

fn lists_every_page_with_server_and_arguments() {
    let p = Project::new();
    let o = p.with(&["ok"], &[LIST[0], LIST[1], LIST[2], "mcp"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "ok:last     mcp  mcp     mcp-server ok\n\
         ok:picture  mcp  mcp     mcp-server ok\n\
         ok:plain    mcp  mcp     mcp-server ok\n\
         ok:two      mcp  mcp     mcp-server ok\n\
         ok:weather  mcp  mcp     mcp-server ok (city*, unit)\n"
    );
    assert_eq!(stderr(&o), "");
}

fn skills_take_the_messages_and_arguments() {
    let p = Project::new();
    let args = [
        "system",
        "--hermetic",
        "--skill",
        "ok:weather",
        "--skill-arg",
        "ok:weather.city=Oslo",
        "--skill",
        "ok:two",
    ];
    let o = p.with(&["ok"], &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("What is the weather in Oslo (celsius)?\n\nFirst.\n\nSecond."),
        "{text}"
    );
    let o = p.with(&["ok"], &["system", "--hermetic", "--skill", "ok:weather"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("'ok:weather': missing required argument 'city'"),
        "{}",
        stderr(&o)
    );
}

/// `--tools mcp:SERVER`: every page of the server's tools/list goes into the body, and
/// the prompt names and documents them; an unknown or failing server stops the run.
fn tools_come_from_a_servers_tools_list() {
    let p = Project::new();
    let args = [
        "messages",
        "--hermetic",
        "--prompt",
        "hi",
        "--provider",
        "anthropic",
        "--tools",
        "mcp:ok",
    ];
    let o = p.with(&["ok"], &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let body: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        body["tools"],
        serde_json::json!([
            {"name": "read_file", "description": "Reads a file.", "input_schema":
                {"type": "object", "properties": {"path": {"type": "string"}},
                 "required": ["path"]}},
            {"name": "forecast", "description": "Tells the weather.", "input_schema":
                {"type": "object", "properties": {"city": {"type": "string"}}}},
        ])
    );
    let system = body["system"][0]["text"].as_str().unwrap();
    assert!(
        system.contains("## forecast\n\nTells the weather."),
        "{system}"
    );
    assert!(!system.contains("`run_shell_command`"), "{system}");
    let unknown = [&args[..7], &["mcp:nobody"]].concat();
    let o = p.with(&["ok"], &unknown);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--tools mcp:nobody: no MCP server 'nobody' is configured"),
        "{}",
        stderr(&o)
    );
    let crashed = [&args[..7], &["mcp:crash"]].concat();
    let o = p.with(&["crash"], &crashed);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--tools mcp:crash: the MCP server failed"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());
}

fn prompt_get_prints_text_or_json_and_refuses_images() {
    let p = Project::new();
    let o = p.with(
        &["ok"],
        &["prompt", "get", "ok:weather", "city=Rome", "unit=F"],
    );
    assert_eq!(
        stdout(&o),
        "What is the weather in Rome (F)?\n",
        "{}",
        stderr(&o)
    );
    let o = p.with(&["ok"], &["prompt", "get", "ok:two", "--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        doc["messages"],
        serde_json::json!([{"role": "user", "text": "First."}, {"role": "assistant", "text": "Second."}])
    );
    assert_eq!(doc["server"], "ok");
    let o = p.with(&["ok"], &["prompt", "get", "ok:picture", "--require-mcp"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o)
            .contains("prompt 'picture' message 1: image content cannot go into a text prompt"),
        "{}",
        stderr(&o)
    );
    let o = p.with(&["ok"], &["prompt", "get", "ok:nothing"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("has no prompt 'nothing'"),
        "{}",
        stderr(&o)
    );
}

/// A failing server, the others given `--mcp-timeout SECS` (the healthy `ok` has its
/// own, generous one): one warning, its prompts absent, the others listed; exit 2 only
/// under --require-mcp (the error returned).
fn failing_server(name: &str, secs: &str, why: &str) -> String {
    let p = Project::new();
    let args = [LIST[0], LIST[1], LIST[2], "mcp", "--mcp-timeout", secs];
    let o = p.with(&["ok", name], &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("ok:plain"));
    assert!(!stdout(&o).contains(&format!("{name}:")));
    let err = stderr(&o);
    let notes = err.lines().filter(|l| l.starts_with("asimi-prompt:"));
    assert_eq!(notes.count(), 1, "{err}");
    let failed = format!("MCP server '{name}' failed, its prompts are left out: {why}");
    let expected = format!("asimi-prompt: warning: {failed}");
    assert!(err.starts_with(&expected), "{err}");
    let mut args = args.to_vec();
    args.push("--require-mcp");
    let o = p.with(&["ok", name], &args);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(&failed) && err.contains("(--require-mcp)"),
        "{err}"
    );
    err
}

/// The crashing server's last words come with its warning (and its error).
fn a_crashing_server_is_a_warning() {
    let err = failing_server("crash", GENEROUS_TIMEOUT, "initialize: ");
    let tail = format!("; its stderr ended:\n  | {CRASH_LINE}\n");
    assert!(err.contains(&tail), "{err}");
    let p = Project::new();
    let o = p.with(&["crash"], &LIST_MCP);
    assert!(stderr(&o).contains(&tail), "{}", stderr(&o));
}

/// A skill asked for by name is required: when its server fails, the run stops (exit 2)
/// naming the skill and the server's error, as an unknown built-in skill does.
fn a_skill_from_a_failing_server_is_an_error() {
    let p = Project::new();
    let o = p.with(
        &["crash"],
        &["system", "--hermetic", "--skill", "crash:plain"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.starts_with(
            "asimi-prompt: --skill 'crash:plain': the skill could not be fetched from its MCP \
             server: MCP server 'crash' failed"
        ),
        "{err}"
    );
    assert_eq!(stdout(&o), "");
}

fn a_hanging_server_times_out() {
    failing_server(
        "hang",
        HANG_TIMEOUT,
        "start: no answer within 1s (--mcp-timeout)",
    );
}

/// A server's own `timeout` (gemini-cli's key, in milliseconds) is its limit, whatever
/// `--mcp-timeout` gives the others, and its failure says which limit it met.
fn a_servers_own_timeout_is_its_limit() {
    // Longer than its own, shorter than GENEROUS_TIMEOUT: should the server's own be
    // ignored, the test fails in seconds.
    failing_server(
        "late",
        "5",
        "start: no answer within 0.5s (the server's timeout)",
    );
}

fn a_malformed_answer_is_a_warning() {
    failing_server("bad", GENEROUS_TIMEOUT, "prompts/list: ");
}

/// A bad `--mcp-config` file is exit 2 with its file, line and column, whatever runs.
fn a_bad_mcp_config_names_its_file_and_line() {
    let p = Project::new();
    std::fs::write(
        p.path().join("bad.json"),
        "{\"mcpServers\": {\"a\":\n {\"args\": 1}}}",
    )
    .unwrap();
    let o = p.run(&["system", "--hermetic", "--mcp-config", "bad.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.json:2:"), "{}", stderr(&o));
    assert!(stderr(&o).contains("mcpServers.a.args"), "{}", stderr(&o));
}

/// rmcp's server over Streamable HTTP: listed with every page, fetched with arguments.
fn http_servers_list_and_get() {
    let p = Project::new();
    let o = p.with(&["web"], &LIST_MCP);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("web:weather"), "{}", stdout(&o));
    assert!(stdout(&o).contains("web:last"), "{}", stdout(&o));
    assert_eq!(stderr(&o), "");
    let get = ["prompt", "get", "web:weather", "city=Lima"];
    let o = p.with(&["web"], &get);
    assert_eq!(
        stdout(&o),
        "What is the weather in Lima (celsius)?\n",
        "{}",
        stderr(&o)
    );
    let skill = ["system", "--hermetic", "--skill", "web:two"];
    let o = p.with(&["web"], &skill);
    assert!(stdout(&o).contains("First.\n\nSecond."), "{}", stderr(&o));
}

/// Headers go with every request, `${VAR}` expanded from the environment; an unset
/// variable fails the server before anything is sent.
fn http_headers_expand_variables() {
    let p = Project::new();
    let get = ["prompt", "get", "locked:plain"];
    let o = p.with_env(&["locked"], &get, &[("ASIMI_TEST_LOCK", LOCK.1)]);
    assert_eq!(stdout(&o), "Plain prompt text.\n", "{}", stderr(&o));
    let o = p.with_env(&["locked"], &get, &[("ASIMI_TEST_LOCK", "wrong")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("403"), "{}", stderr(&o));
    let before = REQUESTS.load(Ordering::SeqCst);
    let o = p.with(&["locked"], &get);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o)
            .contains("header 'X-Asimi-Test': the environment variable ASIMI_TEST_LOCK is not set"),
        "{}",
        stderr(&o)
    );
    assert_eq!(REQUESTS.load(Ordering::SeqCst), before);
}

fn an_http_error_status_is_a_warning() {
    failing_server("down", GENEROUS_TIMEOUT, "initialize: ");
    let p = Project::new();
    let o = p.with(&["down"], &LIST_MCP);
    assert!(stderr(&o).contains("503"), "{}", stderr(&o));
}

fn a_hanging_http_server_times_out() {
    failing_server(
        "stuck",
        HANG_TIMEOUT,
        "start: no answer within 1s (--mcp-timeout)",
    );
}

fn bad_urls_are_warnings() {
    failing_server("nowhere", GENEROUS_TIMEOUT, "initialize: ");
    failing_server("nonsense", GENEROUS_TIMEOUT, "url 'not a url': ");
}

/// A project's HTTP server is not asked until the project is trusted.
fn project_http_servers_connect_only_when_trusted() {
    let p = Project::new();
    std::fs::create_dir(p.path().join(".asimi")).unwrap();
    let config = format!(
        "mcpServers:\n  proj:\n    url: 'http://{}/mcp'\n    timeout: {HEALTHY_TIMEOUT_MS}\n",
        http_server()
    );
    std::fs::write(p.path().join(".asimi/config.yaml"), config).unwrap();
    let before = REQUESTS.load(Ordering::SeqCst);
    let o = p.run(&["template", "list", "--prompts"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("MCP server 'proj'"), "{}", stderr(&o));
    assert_eq!(REQUESTS.load(Ordering::SeqCst), before);
    let o = p.run(&["template", "list", "--tag", "mcp", "--trust-project-mcp"]);
    assert!(stdout(&o).contains("proj:weather"), "{}", stderr(&o));
    assert!(REQUESTS.load(Ordering::SeqCst) > before);
}

/// A run sees only the clean environment it is given (no HOME, config, proxies or
/// `ASIMI_*` of the tester's), and a server it starts sees that and its own `env`.
fn runs_see_a_clean_environment() {
    let p = Project::new();
    let o = p.with(&["ok"], &["system", "--hermetic", "--skill", "ok:plain"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let seen = std::fs::read_to_string(p.path().join("ok.started")).unwrap();
    let home = format!("HOME={}", p.home().display());
    assert!(seen.lines().any(|l| l == home), "{seen}");
    let allowed: Vec<&str> = common::HERMETIC_VARS
        .iter()
        .copied()
        .chain(["ASIMI_CONFIG_DIR", MODE, MARKER])
        .collect();
    for line in seen.lines() {
        let name = line.split('=').next().unwrap_or_default();
        assert!(
            allowed.contains(&name),
            "{name} leaked into the run:\n{seen}"
        );
    }
}

fn system_without_mcp_skills_starts_nothing() {
    let p = Project::new();
    let o = p.with(&["ok"], &["system", "--hermetic", "--skill", "code-review"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!p.path().join("ok.started").exists());
    let o = p.with(&["ok"], &["system", "--hermetic", "--skill", "ok:plain"]);
    assert!(stdout(&o).contains("Plain prompt text."));
    assert!(p.path().join("ok.started").exists());
}

fn project_servers_start_only_when_trusted() {
    let p = Project::new();
    let exe = std::env::current_exe().unwrap();
    std::fs::create_dir(p.path().join(".asimi")).unwrap();
    let config = format!(
        "mcpServers:\n  proj:\n    command: '{}'\n    timeout: {HEALTHY_TIMEOUT_MS}\n    env: {{ {MODE}: ok, {MARKER}: proj.started }}\n",
        exe.display()
    );
    std::fs::write(p.path().join(".asimi/config.yaml"), config).unwrap();
    let o = p.run(&["template", "list", "--prompts"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stdout(&o).contains("proj:"));
    assert!(stderr(&o).contains("MCP server 'proj'"), "{}", stderr(&o));
    assert!(stderr(&o).contains("--trust-project-mcp"));
    assert!(!p.path().join("proj.started").exists());
    let o = p.run(&["template", "list", "--tag", "mcp", "--trust-project-mcp"]);
    assert!(stdout(&o).contains("proj:weather"), "{}", stderr(&o));
    // The user's config may trust the project instead; the project's may not.
    std::fs::create_dir(p.path().join("user")).unwrap();
    let trust = format!("mcp_trusted_projects: ['{}']\n", p.path().display());
    std::fs::write(p.path().join("user/config.yaml"), &trust).unwrap();
    let o = p.run(&["template", "list", "--tag", "mcp"]);
    assert!(stdout(&o).contains("proj:weather"), "{}", stderr(&o));
    let project = std::fs::read_to_string(p.path().join(".asimi/config.yaml")).unwrap();
    std::fs::write(p.path().join(".asimi/config.yaml"), project + &trust).unwrap();
    std::fs::remove_file(p.path().join("user/config.yaml")).unwrap();
    let o = p.run(&["template", "list", "--tag", "mcp"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("only your own config may trust a project"));
}

/// The reference server, where `.ci/run` (or the set-up in CONTRIBUTING.md) installed it.
fn everything_reference_server() {
    let bin = everything();
    let p = Project::new();
    let server = format!("everything={}", bin.display());
    let o = p.run(&["template", "list", "--tag", "mcp", "--mcp-server", &server]);
    assert!(o.status.success(), "{}", stderr(&o));
    let list = stdout(&o);
    assert!(list.contains("everything:simple-prompt"), "{list}");
    assert!(list.contains("everything:args-prompt"), "{list}");
    assert!(list.contains("(city*, state)"), "{list}");
    let get = [
        "prompt",
        "get",
        "everything:simple-prompt",
        "--mcp-server",
        &server,
    ];
    let o = p.run(&get);
    assert_eq!(stdout(&o), "This is a simple prompt without arguments.\n");
    let get = [
        "prompt",
        "get",
        "everything:args-prompt",
        "city=Paris",
        "--mcp-server",
        &server,
    ];
    let o = p.run(&get);
    assert_eq!(stdout(&o), "What's weather in Paris?\n", "{}", stderr(&o));
    let get = [
        "prompt",
        "get",
        "everything:args-prompt",
        "--mcp-server",
        &server,
    ];
    let o = p.run(&get);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("missing required argument 'city'"));
}

/// The reference server over Streamable HTTP (`dist/index.js streamableHttp`, on the
/// port `PORT` names), where it is installed.
fn everything_reference_server_over_http() {
    let bin = everything();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut node = Command::new("node")
        .arg(&bin)
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // It says on stderr when it listens.
    let mut said = std::io::BufReader::new(node.stderr.take().unwrap());
    let mut line = String::new();
    while std::io::BufRead::read_line(&mut said, &mut line).unwrap() > 0
        && !line.contains("listening")
    {
        line.clear();
    }
    let p = Project::new();
    let url = format!("http://127.0.0.1:{port}/mcp");
    let config = serde_json::json!({"mcpServers": {"everything": {"type": "http", "url": url}}});
    std::fs::write(p.path().join("http.json"), config.to_string()).unwrap();
    let list = p.run(&[
        "template",
        "list",
        "--tag",
        "mcp",
        "--mcp-config",
        "http.json",
    ]);
    let get = [
        "prompt",
        "get",
        "everything:args-prompt",
        "city=Paris",
        "--mcp-config",
        "http.json",
    ];
    let got = p.run(&get);
    let _ = node.kill();
    let _ = node.wait();
    assert!(
        line.contains("listening"),
        "the server did not start: {line}"
    );
    assert!(list.status.success(), "{}", stderr(&list));
    assert!(
        stdout(&list).contains("everything:simple-prompt"),
        "{}",
        stdout(&list)
    );
    assert!(
        stdout(&list).contains("(city*, state)"),
        "{}",
        stdout(&list)
    );
    assert_eq!(
        stdout(&got),
        "What's weather in Paris?\n",
        "{}",
        stderr(&got)
    );
}

/// Where `.ci/run` installs the reference server (git ignores target/).
const EVERYTHING_DIR: &str = "target/mcp-everything";

/// How to install the reference server: the tests never do, so `cargo test` reaches no
/// network.
const EVERYTHING_INSTALL: &str =
    "npm i --prefix target/mcp-everything @modelcontextprotocol/server-everything";

/// `mcp-server-everything` under target/mcp-everything.
fn everything() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(EVERYTHING_DIR)
        .join("node_modules/.bin/mcp-server-everything")
}

/// Why the reference server cannot run here (node, or the server, is not installed), or
/// `None`.
fn missing_everything() -> Option<String> {
    let node = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !node {
        return Some("node is not installed (the reference server needs it)".into());
    }
    (!everything().exists()).then(|| {
        format!("the MCP reference server is not installed; `{EVERYTHING_INSTALL}` installs it")
    })
}

fn main() {
    if let Ok(mode) = std::env::var(MODE) {
        serve(&mode);
        return;
    }
    let tests: [(&str, fn()); 21] = [
        (
            "tools_come_from_a_servers_tools_list",
            tools_come_from_a_servers_tools_list,
        ),
        (
            "lists_every_page_with_server_and_arguments",
            lists_every_page_with_server_and_arguments,
        ),
        (
            "skills_take_the_messages_and_arguments",
            skills_take_the_messages_and_arguments,
        ),
        (
            "prompt_get_prints_text_or_json_and_refuses_images",
            prompt_get_prints_text_or_json_and_refuses_images,
        ),
        (
            "a_crashing_server_is_a_warning",
            a_crashing_server_is_a_warning,
        ),
        ("a_hanging_server_times_out", a_hanging_server_times_out),
        (
            "a_servers_own_timeout_is_its_limit",
            a_servers_own_timeout_is_its_limit,
        ),
        ("runs_see_a_clean_environment", runs_see_a_clean_environment),
        (
            "a_skill_from_a_failing_server_is_an_error",
            a_skill_from_a_failing_server_is_an_error,
        ),
        (
            "a_malformed_answer_is_a_warning",
            a_malformed_answer_is_a_warning,
        ),
        (
            "system_without_mcp_skills_starts_nothing",
            system_without_mcp_skills_starts_nothing,
        ),
        (
            "project_servers_start_only_when_trusted",
            project_servers_start_only_when_trusted,
        ),
        ("everything_reference_server", everything_reference_server),
        (
            "a_bad_mcp_config_names_its_file_and_line",
            a_bad_mcp_config_names_its_file_and_line,
        ),
        ("http_servers_list_and_get", http_servers_list_and_get),
        (
            "http_headers_expand_variables",
            http_headers_expand_variables,
        ),
        (
            "an_http_error_status_is_a_warning",
            an_http_error_status_is_a_warning,
        ),
        (
            "a_hanging_http_server_times_out",
            a_hanging_http_server_times_out,
        ),
        ("bad_urls_are_warnings", bad_urls_are_warnings),
        (
            "project_http_servers_connect_only_when_trusted",
            project_http_servers_connect_only_when_trusted,
        ),
        (
            "everything_reference_server_over_http",
            everything_reference_server_over_http,
        ),
    ];
    // libtest's own arguments: filters, --skip, --exact, --list, --test-threads. The
    // tests share the HTTP test server's request count, so one runs at a time unless
    // --test-threads says otherwise.
    let mut args = libtest_mimic::Arguments::from_args();
    args.test_threads.get_or_insert(1);
    let trials = tests
        .into_iter()
        .map(|(name, test)| {
            // Only the reference server's tests need anything installed.
            if name.starts_with("everything_") {
                common::trial(name, missing_everything, test)
            } else {
                common::trial(name, || None, test)
            }
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
