//! MCP server configuration in the `mcpServers` shape users already keep for Claude
//! Desktop, Claude Code (`.mcp.json`) and gemini-cli (`settings.json`): a map of server
//! name to `{command, args, env, cwd}` (stdio) or `{url, headers}` (Streamable HTTP).

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

/// One server's entry. Keys other tools add (`type`, `trust`, `timeout`...) are accepted
/// and ignored, so a file written for them can be used as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(expecting = "a server: {command, args, env, cwd} or {url, headers}")]
pub struct ServerConfig {
    pub command: Option<String>,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    pub cwd: Option<String>,
    pub url: Option<String>,
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
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
             {{\"NAME\": {{\"command\": ..., \"args\": [...]}}}}}}"
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
        };
        assert!(s.add(server("a:b")).is_err());
        s.add(server("a")).unwrap();
        s.add(server("a")).unwrap();
        assert_eq!(s.servers.len(), 1);
    }
}
