//! The MCP servers a run may use: the user's config, the project's (started only when
//! trusted), `--mcp-config` files and `--mcp-server` flags, later ones replacing earlier
//! ones of the same name; the step timeout; and `--skill-arg` values.

use std::collections::BTreeMap;
use std::path::Path;

use super::config::{Active, McpFile};
use super::{Env, Flags, Places};
use crate::error::Error;
use crate::mcp::config::{self as mcp, Server, Servers};
use crate::paths;

/// The servers, with the variables in their urls and headers expanded from `env`; the
/// `--mcp-config` files are `files` (read with the config files).
pub(super) fn resolve(
    flags: &Flags,
    (layers, files): (&Active, &[McpFile]),
    places: &Places,
    root: &Path,
    env: &Env,
) -> Result<Servers, Error> {
    let mut servers = Servers {
        require: flags.require_mcp,
        ..Servers::default()
    };
    let trusted_project = flags.trust_project_mcp || user_trusts(layers, root)?;
    for layer in layers.iter() {
        let is_project = layer.confined_to.is_some();
        if is_project && layer.config.mcp_trusted_projects.is_some() {
            return Err(Error::usage(format!(
                "{}: mcp_trusted_projects: only your own config may trust a project; \
                 move it there",
                paths::display(&layer.path)
            )));
        }
        for (name, config) in layer.config.mcp_servers.iter().flatten() {
            servers.add(Server {
                name: name.clone(),
                config: config.clone(),
                origin: format!("{}: mcp_servers.{name}", paths::display(&layer.path)),
                dir: layer.dir.clone(),
                trusted: !is_project || trusted_project,
                unusable: None,
            })?;
        }
    }
    for file in &flags.mcp_config {
        let path = places.resolve(file)?;
        let shown = paths::display(&path);
        let Some(read) = files.iter().find(|f| f.path == path) else {
            return Err(Error::usage(format!(
                "--mcp-config '{shown}': the file was not read with the config files"
            )));
        };
        for (name, config) in read.servers.clone() {
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            servers.add(Server {
                origin: format!("--mcp-config {shown}: {name}"),
                name,
                config,
                dir,
                trusted: true,
                unusable: None,
            })?;
        }
    }
    for value in &flags.mcp_servers {
        let (name, config) = mcp::parse_flag(value)?;
        servers.add(Server {
            origin: format!("--mcp-server {name}"),
            name,
            config,
            dir: places.cwd.to_path_buf(),
            trusted: true,
            unusable: None,
        })?;
    }
    for server in &mut servers.servers {
        server.expand_vars(|name| env.get(name).map(str::to_string));
    }
    servers.timeout = match flags.mcp_timeout {
        Some(secs) => mcp::timeout(secs, "--mcp-timeout")?,
        None => match layers.find(|c| c.mcp_timeout) {
            Some((secs, l)) => {
                mcp::timeout(secs.0, &format!("{}: mcp_timeout", paths::display(&l.path)))?
            }
            None => servers.timeout,
        },
    };
    Ok(servers)
}

/// Whether the user's config lists the project root in `mcp_trusted_projects`.
fn user_trusts(layers: &Active, root: &Path) -> Result<bool, Error> {
    let Some(user) = layers.iter().find(|l| l.confined_to.is_none()) else {
        return Ok(false);
    };
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    Ok(user.config.mcp_trusted_projects.iter().flatten().any(|p| {
        let p = user.dir.join(p);
        p.canonicalize().unwrap_or(p) == root
    }))
}

/// `skill_args` from the config files, then `--skill-arg`, by prompt id.
pub(super) fn skill_args(
    flags: &Flags,
    layers: &Active,
) -> Result<BTreeMap<String, BTreeMap<String, String>>, Error> {
    let mut args: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for layer in layers.iter() {
        for (id, values) in layer.config.skill_args.iter().flatten() {
            args.entry(id.clone()).or_default().extend(values.clone());
        }
    }
    for value in &flags.skill_args {
        let (id, key, val) = mcp::parse_skill_arg(value)?;
        args.entry(id).or_default().insert(key, val);
    }
    Ok(args)
}
