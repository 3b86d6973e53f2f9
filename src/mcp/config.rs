//! MCP server configuration in the `mcpServers` shape users already keep for Claude
//! Desktop, Claude Code (`.mcp.json`) and gemini-cli (`settings.json`): a map of server
//! name to `{command, args, env, cwd}` (stdio) or `{url, headers}` (Streamable HTTP;
//! gemini-cli spells the url `httpUrl`). A url and its headers may name environment
//! variables as Claude Code's config does: `${VAR}`, or `${VAR:-default}`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;

use crate::error::Error;

/// What separates a server's name from its prompt's in a registry id (`everything:simple`).
pub const ID_SEPARATOR: char = ':';
/// The timeout of each step (start, list, get) when neither flag nor config sets one.
pub const DEFAULT_TIMEOUT_SECS: f64 = 10.0;
/// How a project's servers are trusted, for messages.
pub const TRUST_HINT: &str =
    "pass --trust-project-mcp, or list the project in your config's mcp_trusted_projects";
/// The key of the server map in an `--mcp-config` file.
pub const MCP_SERVERS_KEY: &str = "mcpServers";

/// One server's entry. Keys other tools add (`trust`, `includeTools`...) are accepted
/// and ignored, so a file written for them can be used as it is; gemini-cli's `timeout`
/// is read as gemini-cli reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(expecting = "a server: {command, args, env, cwd} or {url, headers}")]
pub struct ServerConfig {
    /// Claude Code's `stdio`, `http` or `sse` (which is refused: rmcp has no client for
    /// the transport Streamable HTTP replaced).
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub command: Option<String>,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    pub cwd: Option<String>,
    pub url: Option<String>,
    /// gemini-cli's key for a Streamable HTTP url.
    #[serde(rename = "httpUrl")]
    pub http_url: Option<String>,
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
    /// gemini-cli's per-server `timeout`, in milliseconds: how long each step with this
    /// server may take, in place of `--mcp-timeout` (or `mcp_timeout`).
    pub timeout: Option<u64>,
}

/// How long each step with one server may take, and what set it (for messages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepLimit {
    pub time: Duration,
    /// The server's own `timeout`, rather than `--mcp-timeout` or `mcp_timeout`.
    pub own: bool,
}

impl StepLimit {
    /// What set the limit, as messages name it.
    pub fn origin(&self) -> &'static str {
        if self.own {
            "the server's timeout"
        } else {
            "--mcp-timeout"
        }
    }
}

/// How a server is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport<'a> {
    /// A child process, spoken to over its stdin and stdout.
    Stdio(&'a str),
    /// Streamable HTTP at this url.
    Http(&'a str),
}

impl ServerConfig {
    /// The transport the entry names, or why it names none.
    pub fn transport(&self) -> Result<Transport<'_>, String> {
        let url = self.http_url.as_deref().or(self.url.as_deref());
        match (self.command.as_deref(), url, self.kind.as_deref()) {
            (Some(_), Some(_), _) => Err("both a command and a url; give one".to_string()),
            (Some(command), None, _) => Ok(Transport::Stdio(command)),
            (None, Some(_), Some(SSE_TYPE)) if self.http_url.is_none() => Err(format!(
                "type '{SSE_TYPE}': the old HTTP+SSE transport is not supported; give \
                 the server's Streamable HTTP endpoint (often /mcp) as url, without \
                 type '{SSE_TYPE}'"
            )),
            (None, Some(url), _) => Ok(Transport::Http(url)),
            (None, None, _) => Err("neither a command (stdio) nor a url (HTTP)".to_string()),
        }
    }
}

/// Claude Code's `type` of a server on the old HTTP+SSE transport.
const SSE_TYPE: &str = "sse";

/// `${VAR}` and `${VAR:-default}` in `text`, from `var`, as Claude Code expands them in
/// `.mcp.json`. A variable without a value or default is an error naming it (sending
/// the text as written would leak the placeholder as a credential).
pub fn expand(text: &str, var: impl Fn(&str) -> Option<String>) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("${") {
        out.push_str(&rest[..at]);
        let Some(end) = rest[at..].find('}') else {
            return Err(format!("'${{' without a closing '}}' in '{text}'"));
        };
        let inner = &rest[at + 2..at + end];
        let (name, default) = match inner.split_once(":-") {
            Some((name, default)) => (name, Some(default)),
            None => (inner, None),
        };
        let value = var(name).filter(|v| !v.is_empty() || default.is_none());
        match value.or(default.map(str::to_string)) {
            Some(v) => out.push_str(&v),
            None => return Err(format!("the environment variable {name} is not set")),
        }
        rest = &rest[at + end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// A config file's `mcp_timeout`, in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(transparent)]
pub struct Seconds(pub f64);

// Timeouts are finite numbers read from YAML, never NaN in practice; config files
// compare whole.
impl Eq for Seconds {}

/// A `--mcp-config` file: `{"mcpServers": {...}}`.
#[derive(Debug, Clone, Default, Deserialize)]
struct ConfigFile {
    #[serde(rename = "mcpServers", default)]
    mcp_servers: BTreeMap<String, ServerConfig>,
}

/// A configured server, with where it was configured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Server {
    pub name: String,
    pub config: ServerConfig,
    /// The config file (or flag) that named it, for messages.
    pub origin: String,
    /// The directory a relative `cwd` is taken from.
    pub dir: PathBuf,
    /// Whether it may be started: every server but an untrusted project's.
    pub trusted: bool,
    /// Why it cannot be started, found while resolving (an unset variable).
    pub unusable: Option<String>,
}

impl Server {
    /// How long each step with this server may take: its own `timeout`, else `default`
    /// (`--mcp-timeout`, `mcp_timeout` or [`DEFAULT_TIMEOUT_SECS`]).
    pub fn step_limit(&self, default: Duration) -> StepLimit {
        match self.config.timeout {
            Some(ms) => StepLimit {
                time: Duration::from_millis(ms),
                own: true,
            },
            None => StepLimit {
                time: default,
                own: false,
            },
        }
    }

    /// Expands the variables in the url and headers (see [`expand`]); one that cannot
    /// be expanded makes the server unusable, a failure only if it is asked.
    pub fn expand_vars(&mut self, var: impl Fn(&str) -> Option<String>) {
        let config = &mut self.config;
        let mut fields: Vec<(String, &mut String)> = Vec::new();
        fields.extend(config.url.as_mut().map(|u| ("url".to_string(), u)));
        fields.extend(config.http_url.as_mut().map(|u| ("httpUrl".to_string(), u)));
        for (name, value) in config.headers.iter_mut() {
            fields.push((format!("header '{name}'"), value));
        }
        for (what, text) in fields {
            match expand(text, &var) {
                Ok(expanded) => *text = expanded,
                Err(why) => {
                    self.unusable = Some(format!("{}: {what}: {why}", self.origin));
                    return;
                }
            }
        }
    }
}

/// The servers a run may use, and how long each step may take.
#[derive(Debug, Clone, PartialEq)]
pub struct Servers {
    pub servers: Vec<Server>,
    pub timeout: Duration,
    /// `--require-mcp`: a server that fails is an error, not a warning.
    pub require: bool,
}

impl Default for Servers {
    fn default() -> Servers {
        Servers {
            servers: Vec::new(),
            timeout: Duration::from_secs_f64(DEFAULT_TIMEOUT_SECS),
            require: false,
        }
    }
}

impl Servers {
    /// Adds (or, by name, replaces) a server: later sources win, as config layers do.
    pub fn add(&mut self, server: Server) -> Result<(), Error> {
        check_name(&server.name, &server.origin)?;
        if server.config.timeout == Some(0) {
            return Err(Error::usage(format!(
                "{}: MCP server '{}': timeout 0 is not a timeout; give milliseconds above 0, \
                 e.g. 30000",
                server.origin, server.name
            )));
        }
        self.servers.retain(|s| s.name != server.name);
        self.servers.push(server);
        Ok(())
    }

    pub fn get(&self, name: &str) -> Option<&Server> {
        self.servers.iter().find(|s| s.name == name)
    }
}

fn check_name(name: &str, origin: &str) -> Result<(), Error> {
    if name.is_empty() || name.contains(ID_SEPARATOR) || name.contains(char::is_whitespace) {
        return Err(Error::usage(format!(
            "{origin}: MCP server name '{name}' cannot be used: prompt ids are \
             SERVER{ID_SEPARATOR}PROMPT, so a name must be non-empty, without \
             '{ID_SEPARATOR}' or spaces"
        )));
    }
    Ok(())
}

/// Reads an `--mcp-config` file (JSON or YAML with an `mcpServers` map).
pub fn read_file(
    path: &std::path::Path,
    shown: &str,
) -> Result<BTreeMap<String, ServerConfig>, Error> {
    let text = crate::fs::read_text(path, "MCP config file")?;
    let file: ConfigFile = crate::documents::from_yaml(&text, shown).map_err(Error::usage)?;
    if file.mcp_servers.is_empty() {
        return Err(Error::usage(format!(
            "--mcp-config '{shown}': no servers; expected {{\"{MCP_SERVERS_KEY}\": \
             {{\"NAME\": {{\"command\": ..., \"args\": [...]}}}}}} or \
             {{\"{MCP_SERVERS_KEY}\": {{\"NAME\": {{\"url\": ..., \"headers\": {{...}}}}}}}}"
        )));
    }
    Ok(file.mcp_servers)
}

/// `--mcp-server NAME=COMMAND [ARG...]`: the command line split at spaces.
pub fn parse_flag(value: &str) -> Result<(String, ServerConfig), Error> {
    let bad = || {
        Error::usage(format!(
            "--mcp-server '{value}': expected NAME=COMMAND [ARG...], e.g. \
             --mcp-server 'everything=npx -y @modelcontextprotocol/server-everything'"
        ))
    };
    let (name, command) = value.split_once('=').ok_or_else(bad)?;
    let mut words = command.split_whitespace().map(str::to_string);
    let program = words.next().ok_or_else(bad)?;
    let config = ServerConfig {
        command: Some(program),
        args: words.collect(),
        ..ServerConfig::default()
    };
    Ok((name.trim().to_string(), config))
}

/// A timeout in seconds from a flag or config key.
pub fn timeout(secs: f64, origin: &str) -> Result<Duration, Error> {
    Duration::try_from_secs_f64(secs)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| {
            Error::usage(format!(
                "{origin}: '{secs}' is not a timeout; give seconds above 0, e.g. 10 or 0.5"
            ))
        })
}

/// `--skill-arg SERVER:PROMPT.KEY=VALUE`: the prompt id, the key and the value.
pub fn parse_skill_arg(value: &str) -> Result<(String, String, String), Error> {
    let bad = || {
        Error::usage(format!(
            "--skill-arg '{value}': expected SERVER{ID_SEPARATOR}PROMPT.KEY=VALUE, e.g. \
             --skill-arg everything{ID_SEPARATOR}args-prompt.city=Paris"
        ))
    };
    let (left, val) = value.split_once('=').ok_or_else(bad)?;
    let (id, key) = left.rsplit_once('.').ok_or_else(bad)?;
    if !id.contains(ID_SEPARATOR) || key.is_empty() {
        return Err(bad());
    }
    Ok((id.to_string(), key.to_string(), val.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_and_skill_arg_parse() {
        let (name, c) = parse_flag("demo=node server.js --flag").unwrap();
        assert_eq!(name, "demo");
        assert_eq!(c.command.as_deref(), Some("node"));
        assert_eq!(c.args, ["server.js", "--flag"]);
        assert!(parse_flag("demo").is_err());
        let (id, k, v) = parse_skill_arg("a:b.c.city=New York").unwrap();
        assert_eq!(
            (id.as_str(), k.as_str(), v.as_str()),
            ("a:b.c", "city", "New York")
        );
        assert!(parse_skill_arg("plain.k=v").is_err());
    }

    #[test]
    fn names_with_the_separator_are_refused() {
        let mut s = Servers::default();
        let server = |name: &str| Server {
            name: name.into(),
            config: ServerConfig::default(),
            origin: "x".into(),
            dir: PathBuf::new(),
            trusted: true,
            unusable: None,
        };
        assert!(s.add(server("a:b")).is_err());
        s.add(server("a")).unwrap();
        s.add(server("a")).unwrap();
        assert_eq!(s.servers.len(), 1);
    }

    /// A server's own `timeout` (gemini-cli's key, in milliseconds) is its steps' limit,
    /// whatever `--mcp-timeout` says; without one, `--mcp-timeout`'s is. Zero is refused.
    #[test]
    fn a_servers_own_timeout_is_its_limit() {
        let server = |json: &str| Server {
            name: "s".into(),
            config: serde_json::from_str(json).unwrap(),
            origin: "mcp.json".into(),
            dir: PathBuf::new(),
            trusted: true,
            unusable: None,
        };
        let flag = Duration::from_secs(1);
        let own = server(r#"{"command": "x", "timeout": 60000}"#).step_limit(flag);
        assert_eq!(own.time, Duration::from_secs(60));
        assert_eq!(own.origin(), "the server's timeout");
        let default = server(r#"{"command": "x"}"#).step_limit(flag);
        assert_eq!(default.time, flag);
        assert_eq!(default.origin(), "--mcp-timeout");
        let err = Servers::default()
            .add(server(r#"{"command": "x", "timeout": 0}"#))
            .unwrap_err();
        assert!(
            err.to_string().contains("timeout 0 is not a timeout"),
            "{err}"
        );
    }

    #[test]
    fn variables_expand_as_claude_code_does() {
        let var = |n: &str| match n {
            "TOKEN" => Some("abc".to_string()),
            "EMPTY" => Some(String::new()),
            _ => None,
        };
        assert_eq!(expand("Bearer ${TOKEN}", var).unwrap(), "Bearer abc");
        assert_eq!(expand("${NONE:-x}/${EMPTY:-y}", var).unwrap(), "x/y");
        assert_eq!(expand("$TOKEN ${EMPTY}.", var).unwrap(), "$TOKEN .");
        assert_eq!(
            expand("a ${NONE} b", var).unwrap_err(),
            "the environment variable NONE is not set"
        );
        assert!(expand("${TOKEN", var).is_err());
    }

    #[test]
    fn the_transport_is_stdio_or_http() {
        let config = |json: &str| -> ServerConfig { serde_json::from_str(json).unwrap() };
        let t = |json: &str| match config(json).transport() {
            Ok(Transport::Stdio(c)) => Ok(format!("stdio {c}")),
            Ok(Transport::Http(u)) => Ok(format!("http {u}")),
            Err(_) => Err(()),
        };
        assert_eq!(t(r#"{"command": "x"}"#), Ok("stdio x".into()));
        assert_eq!(
            t(r#"{"url": "http://h/mcp"}"#),
            Ok("http http://h/mcp".into())
        );
        let gemini = r#"{"httpUrl": "http://h/mcp", "url": "http://h/sse"}"#;
        assert_eq!(t(gemini), Ok("http http://h/mcp".into()));
        let claude = r#"{"type": "http", "url": "http://h/mcp"}"#;
        assert_eq!(t(claude), Ok("http http://h/mcp".into()));
        assert!(t(r#"{"type": "sse", "url": "http://h/sse"}"#).is_err());
        assert!(t(r#"{"command": "x", "url": "http://h/mcp"}"#).is_err());
        assert!(t("{}").is_err());
    }
}
