//! The second step of preparing a request: reading what the `Plan` names (files,
//! history, URL content, images, the file tree and the prompt from standard input).

use std::path::Path;

use super::assemble::{FileItem, Image, Message, UrlItem};
use super::err;
use super::inputs::{self, InputError, Limits};
use super::plan::{Named, Plan, Urls};
use super::tree;

/// Where relative paths start: the working directory for flags, the spec's directory
/// for the spec.
#[derive(Debug, Clone, Copy)]
pub struct Bases<'a> {
    pub cwd: &'a Path,
    pub spec_dir: &'a Path,
}

/// Everything a plan names, read.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub plan: Plan,
    /// The selected files, each once.
    pub files: Vec<FileItem>,
    pub history: Vec<Message>,
    pub urls: Vec<UrlItem>,
    pub images: Vec<Image>,
    /// The repository's files; `None` leaves the file tree out.
    pub file_tree: Option<Vec<String>>,
    /// The prompt, without the system reminder.
    pub prompt: String,
    /// Notes for stderr so far (invalid UTF-8 replaced, the file tree cut…).
    pub warnings: Vec<String>,
}

/// Why a run without a prompt fails.
const NO_PROMPT: &str =
    "no prompt: pass --prompt TEXT, pipe it on standard input, or set 'prompt' in the spec";

/// Reads every input `plan` names, in its order; `stdin` supplies the prompt when the plan
/// has none.
pub fn load(
    plan: Plan,
    limits: &Limits,
    bases: Bases,
    stdin: &mut dyn FnMut() -> Option<String>,
) -> Result<Loaded, InputError> {
    let mut warnings = Vec::new();
    let files = files(&plan.files, limits, bases, &mut warnings)?;
    let history = match &plan.history {
        Some(Named::Flags(h)) => inputs::read_history(&bases.cwd.join(h), h)?,
        Some(Named::Spec(h)) => {
            let path = inputs::spec_path(&plan.origin, "history", h, bases.spec_dir, limits)?;
            inputs::read_history(&path, h)?
        }
        None => Vec::new(),
    };
    let urls = urls(&plan, limits, bases, &mut warnings)?;
    let images = images(&plan, limits, bases)?;
    let file_tree = plan.file_tree.then(|| {
        let mut files = tree::list(&limits.project_root);
        if files.len() > tree::MAX_TREE_FILES {
            files.truncate(tree::MAX_TREE_FILES);
            warnings.push(tree::cut_note(&limits.project_root));
        }
        files
    });
    let prompt = match &plan.prompt {
        Some(p) => p.clone(),
        None if plan.preview => stdin().unwrap_or_default(),
        None => stdin()
            .filter(|s| !s.is_empty())
            .ok_or_else(|| err(NO_PROMPT.to_string()))?,
    };
    Ok(Loaded {
        plan,
        files,
        history,
        urls,
        images,
        file_tree,
        prompt,
        warnings,
    })
}

fn files(
    named: &Named<Vec<String>>,
    limits: &Limits,
    bases: Bases,
    warnings: &mut Vec<String>,
) -> Result<Vec<FileItem>, InputError> {
    // Flags name files relative to the working directory, the spec relative to itself.
    let (args, base) = match named {
        Named::Flags(f) => (f, bases.cwd),
        Named::Spec(f) => (f, bases.spec_dir),
    };
    let mut files: Vec<FileItem> = Vec::new();
    for f in args {
        let item = inputs::read_file(f, base, limits, warnings)?;
        // The same file named twice is sent once.
        if !files.iter().any(|g| g.path == item.path) {
            files.push(item);
        }
    }
    Ok(files)
}

fn urls(
    plan: &Plan,
    limits: &Limits,
    bases: Bases,
    warnings: &mut Vec<String>,
) -> Result<Vec<UrlItem>, InputError> {
    let mut urls = Vec::new();
    match &plan.urls {
        Urls::Spec(entries) => {
            for (i, u) in entries.iter().enumerate() {
                match (&u.file, &u.content) {
                    (Some(f), _) => {
                        let key = format!("url_context[{i}].file");
                        let path =
                            inputs::spec_path(&plan.origin, &key, f, bases.spec_dir, limits)?;
                        urls.push(inputs::read_url(&u.url, &path, f, warnings)?)
                    }
                    (None, Some(c)) => urls.push(UrlItem {
                        url: u.url.clone(),
                        content: c.clone(),
                    }),
                    (None, None) => {}
                }
            }
        }
        Urls::Flags(args) => {
            for arg in args {
                let (url, file) = inputs::split_url_arg(arg)?;
                urls.push(inputs::read_url(
                    url,
                    &bases.cwd.join(file),
                    file,
                    warnings,
                )?);
            }
        }
    }
    Ok(urls)
}

fn images(plan: &Plan, limits: &Limits, bases: Bases) -> Result<Vec<Image>, InputError> {
    match &plan.images {
        Named::Spec(images) => images
            .iter()
            .enumerate()
            .map(|(n, i)| {
                let key = format!("images[{n}]");
                let path = inputs::spec_path(&plan.origin, &key, i, bases.spec_dir, limits)?;
                inputs::read_image(&path, i)
            })
            .collect(),
        Named::Flags(images) => images
            .iter()
            .map(|i| inputs::read_image(&bases.cwd.join(i), i))
            .collect(),
    }
}
