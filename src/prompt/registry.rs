//! The prompt registry (docs/contributing/design.md, modes and goals): core prompts (mandates, the sanity check) and skills,
//! each a Markdown file with YAML front matter. Built-in prompts live in
//! `templates/registry/`; a user's `prompts/` directory (in the config directory) and a
//! project's `.asimi/prompts/` add more, in that order of precedence.
//!
//! ```text
//! ---
//! id: code-review
//! name: Code Review
//! description: Review changes before finishing.
//! tags: [skill, review]
//! requiredTools: [read_file, grep]
//! source: config
//! ---
//! # Code Review
//! ...
//! ```
//!
//! An id is defined once. A higher-precedence directory may replace a prompt only by
//! saying so (`override: true`); anything else is a mistake worth stopping for.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::front_matter::{self, Unsplit, FENCE};
use crate::error::Error;
use crate::fs::Utf8;

/// The built-in prompts (`templates/registry/*.md`) as build.rs split them: each file's
/// name, its front matter as JSON and its text, by name. The run checks the front matter
/// as it checks a user's, without parsing YAML.
const BUILT_IN_FILES: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/prompts.rs"));

/// The core mandates' id.
pub const CORE_MANDATES: &str = "core-mandates";
/// The sanity check's id (`--sanity`).
pub const SANITY_CHECK: &str = "sanity-reality-check";
/// Where the built-in prompts sit under `templates/`.
pub const BUILT_IN_DIR: &str = "registry";
/// The tag every MCP prompt carries.
pub const MCP_TAG: &str = "mcp";
/// An MCP prompt's origin: this, then the server's name.
pub const MCP_ORIGIN: &str = "mcp-server";

/// Where a registered prompt came from (the design's `source`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// Built in.
    Static,
    /// Registered on behalf of an MCP server.
    Mcp,
    /// The user's or the project's own.
    Config,
}

impl Source {
    pub fn name(self) -> &'static str {
        match self {
            Source::Static => "static",
            Source::Mcp => "mcp",
            Source::Config => "config",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct FrontMatter {
    id: String,
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    required_tools: Vec<String>,
    source: Option<Source>,
    /// The MCP server an `mcp` prompt belongs to.
    server_name: Option<String>,
    /// Replaces a prompt of the same id from a lower-precedence directory.
    #[serde(default, rename = "override")]
    replaces: bool,
}

/// A registered prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    pub id: String,
    pub name: String,
    pub description: String,
    pub tags: Vec<String>,
    pub required_tools: Vec<String>,
    pub source: Source,
    pub server_name: Option<String>,
    /// The body: a Go template rendered with the prompt's data.
    pub content: String,
    /// The file (or `built-in:registry/ID.md`, or the MCP server).
    pub origin: String,
    /// An MCP prompt's arguments (registry files have none).
    pub arguments: Vec<crate::mcp::Argument>,
    replaces: bool,
}

impl Prompt {
    /// The Jinja build.rs lowered a built-in prompt's text to; `None` for the others.
    pub fn prelowered(&self) -> Option<&'static str> {
        let file = self.origin.strip_prefix(BUILT_IN_ORIGIN)?;
        crate::template::prelowered(file)
    }
}

/// Every registered prompt, by id.
#[derive(Debug, Clone, Default)]
pub struct PromptRegistry {
    prompts: BTreeMap<String, Prompt>,
}

impl PromptRegistry {
    /// The built-in prompts, then `dirs` in rising precedence (user, then project).
    /// Directories that do not exist are skipped. Prompts in directories under
    /// `project_root` are held to the confinement rule (a link may not lead out).
    pub fn load(dirs: &[PathBuf], project_root: Option<&Path>) -> Result<PromptRegistry, Error> {
        let mut registry = PromptRegistry::default();
        registry.add_level(built_in()?)?;
        for dir in dirs {
            registry.add_level(read_dir(dir, project_root)?)?;
        }
        Ok(registry)
    }

    /// Adds one directory's prompts: ids must be unique within it, and may replace a
    /// lower directory's only with `override: true`.
    fn add_level(&mut self, level: Vec<Prompt>) -> Result<(), Error> {
        let mut seen: BTreeMap<String, String> = BTreeMap::new();
        for p in level {
            if let Some(first) = seen.get(&p.id) {
                return Err(Error::data(format!(
                    "prompt id '{}' is defined twice: in '{first}' and in '{}'; give one \
                     of them another id",
                    p.id, p.origin
                )));
            }
            if let Some(existing) = self.prompts.get(&p.id) {
                if !p.replaces {
                    return Err(Error::data(format!(
                        "prompt id '{}' is defined in '{}' and again in '{}'; to replace \
                         the first, add `override: true` to the front matter of '{}', or \
                         give it another id",
                        p.id, existing.origin, p.origin, p.origin
                    )));
                }
            }
            seen.insert(p.id.clone(), p.origin.clone());
            self.prompts.insert(p.id.clone(), p);
        }
        Ok(())
    }

    /// Registers a server's prompts as `SERVER:PROMPT`, tagged `mcp` (the design's `mcp`
    /// source). Their text is fetched only when used, so `content` stays empty here.
    /// A registry file of the same id keeps its place: files are the user's word.
    pub fn add_mcp(&mut self, server: &str, prompts: &[crate::mcp::Listed]) {
        for p in prompts {
            let id = format!("{server}{}{}", crate::mcp::config::ID_SEPARATOR, p.name);
            self.prompts.entry(id.clone()).or_insert_with(|| Prompt {
                id,
                name: p.title.clone().unwrap_or_else(|| p.name.clone()),
                description: p.description.clone(),
                tags: vec![MCP_TAG.to_string()],
                required_tools: Vec::new(),
                source: Source::Mcp,
                server_name: Some(server.to_string()),
                content: String::new(),
                origin: format!("{MCP_ORIGIN} {server}"),
                arguments: p.arguments.clone(),
                replaces: false,
            });
        }
    }

    /// `clearMcpPrompts(serverName)`: drops a server's prompts.
    pub fn clear_mcp_prompts(&mut self, server: &str) {
        self.prompts
            .retain(|_, p| p.source != Source::Mcp || p.server_name.as_deref() != Some(server));
    }

    pub fn get(&self, id: &str) -> Option<&Prompt> {
        self.prompts.get(id)
    }

    /// Every prompt, by id.
    pub fn all(&self) -> impl Iterator<Item = &Prompt> {
        self.prompts.values()
    }

    /// The prompts carrying `tag`, by id.
    pub fn by_tag<'a>(&'a self, tag: &'a str) -> impl Iterator<Item = &'a Prompt> {
        self.all().filter(move |p| p.tags.iter().any(|t| t == tag))
    }

    /// The ids, comma-separated (for "expected one of" messages).
    pub fn ids(&self) -> String {
        self.prompts.keys().cloned().collect::<Vec<_>>().join(", ")
    }

    /// The prompt `id`, or an error listing the ids there are (`origin` says who asked).
    pub fn require(&self, id: &str, origin: &str) -> Result<&Prompt, Error> {
        self.get(id).ok_or_else(|| {
            Error::data(format!(
                "{origin} '{id}': no such prompt; the registered prompts are {}",
                self.ids()
            ))
        })
    }
}

/// The `*.md` files of a registry directory, by name.
fn read_dir(dir: &Path, project_root: Option<&Path>) -> Result<Vec<Prompt>, Error> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.extension().is_some_and(|e| e == "md")
                && p.file_name().is_some_and(|n| n != "README.md")
        })
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let shown = crate::paths::display(path);
            let project = super::library::project_of(project_root, dir);
            super::library::confine_project_file(project, path, "prompt").map_err(Error::data)?;
            let failed = |why: &str| crate::fs::cannot_read("prompt", &shown, why);
            let text = crate::fs::read_project(project, path, &shown, Utf8::Strict, failed)?.text;
            parse(&text, &shown, Source::Config)
        })
        .collect()
}

/// What a built-in prompt's origin starts with; then its path under templates/.
const BUILT_IN_ORIGIN: &str = "built-in:";

/// The built-in prompts, by file name.
fn built_in() -> Result<Vec<Prompt>, Error> {
    BUILT_IN_FILES
        .iter()
        .map(|(name, front, body)| {
            let origin = format!("{BUILT_IN_ORIGIN}{BUILT_IN_DIR}/{name}");
            let front = crate::documents::from_json(front, &origin).map_err(Error::data)?;
            prompt(front, body, &origin, Source::Static)
        })
        .collect()
}

/// Parses a prompt file: front matter between `---` lines, then the body.
pub fn parse(text: &str, origin: &str, default_source: Source) -> Result<Prompt, Error> {
    let (yaml, body) = front_matter::split(text).map_err(|e| match e {
        Unsplit::Missing => Error::data(format!(
            "{origin}:1: expected front matter: a '{FENCE}' line, then id, name and the other \
             keys, then another '{FENCE}' line before the prompt text"
        )),
        Unsplit::NotClosed => Error::data(format!(
            "{origin}: the front matter is not closed; add a '{FENCE}' line after it"
        )),
    })?;
    let front = crate::documents::from_yaml(yaml, origin).map_err(Error::data)?;
    prompt(front, body, origin, default_source)
}

/// The prompt `front` and `body` (trimmed) make, from `origin`.
fn prompt(
    front: FrontMatter,
    body: &str,
    origin: &str,
    default_source: Source,
) -> Result<Prompt, Error> {
    if front.id.trim().is_empty() || front.id.contains(char::is_whitespace) {
        return Err(Error::data(format!(
            "{origin}: key 'id': '{}' is not an id; use letters, digits and dashes, e.g. \
             code-review",
            front.id
        )));
    }
    if body.is_empty() {
        return Err(Error::data(format!(
            "{origin}: the prompt '{}' has no text after its front matter",
            front.id
        )));
    }
    Ok(Prompt {
        id: front.id,
        name: front.name,
        description: front.description,
        tags: front.tags,
        required_tools: front.required_tools,
        source: front.source.unwrap_or(default_source),
        server_name: front.server_name,
        content: body.to_string(),
        origin: origin.to_string(),
        arguments: Vec::new(),
        replaces: front.replaces,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_ins_parse_and_include_the_core_prompts() {
        let r = PromptRegistry::load(&[], None).unwrap();
        assert!(r.get(CORE_MANDATES).is_some());
        assert!(r.get(SANITY_CHECK).is_some());
        assert!(r.all().all(|p| p.source == Source::Static));
        assert!(r.by_tag("skill").count() >= 5);
        for p in r.all() {
            assert_eq!(p.origin, format!("built-in:registry/{}.md", p.id));
        }
    }

    #[test]
    fn built_ins_are_read_as_their_files_parse() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("templates")
            .join(BUILT_IN_DIR);
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        let mut from_files = Vec::new();
        for path in paths {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(front_matter::ENDING) {
                let text = std::fs::read_to_string(&path).unwrap();
                let origin = format!("{BUILT_IN_ORIGIN}{BUILT_IN_DIR}/{name}");
                from_files.push(parse(&text, &origin, Source::Static).unwrap());
            }
        }
        assert_eq!(built_in().unwrap(), from_files);
    }

    #[test]
    fn built_ins_are_lowered_at_build_time_as_at_run_time() {
        for p in built_in().unwrap() {
            let at_run_time = gotemplate::convert(&p.origin, &p.content).unwrap();
            assert_eq!(p.prelowered(), Some(at_run_time.as_str()), "{}", p.origin);
        }
        let user = parse("---\nid: a\nname: A\n---\nHi\n", "a.md", Source::Config).unwrap();
        assert_eq!(user.prelowered(), None);
    }

    #[test]
    fn front_matter_errors_give_file_lines() {
        let e = parse(
            "---\nid: a\nname: A\ncolour: red\n---\nbody\n",
            "p.md",
            Source::Config,
        )
        .unwrap_err();
        assert!(e.message.starts_with("p.md:4:1: "), "{}", e.message);
        let e = parse("# no front matter\n", "p.md", Source::Config).unwrap_err();
        assert!(
            e.message.starts_with("p.md:1: expected front matter"),
            "{}",
            e.message
        );
        let e = parse("---\nid: a\nname: A\n", "p.md", Source::Config).unwrap_err();
        assert!(e.message.contains("not closed"), "{}", e.message);
    }

    #[test]
    fn body_follows_the_closing_fence() {
        let p = parse(
            "---\nid: a\nname: A\n---\n\nHello\n",
            "p.md",
            Source::Config,
        )
        .unwrap();
        assert_eq!(p.content, "Hello");
        assert_eq!(p.source, Source::Config);
        assert!(p.tags.is_empty());
    }
}
