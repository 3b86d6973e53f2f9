//! The second step of preparing a request: reading what the `Plan` names (files,
//! history, URL content, images, the file tree and the prompt from standard input).

use crate::error::Error;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use ignore::gitignore::Gitignore;

use super::err;
use super::guard;
use super::plan::{Named, Plan, Urls};
use super::read::{self, Limits};
use super::tree;
use crate::edit::recovery::{self, Failed};
use crate::map::{Builder, RepoMap};
use crate::progress::Progress;
use crate::request::assemble::{Assembly, FileItem, Image, Message, UrlItem};
use crate::secrets;
use crate::select::{self, Expansion};

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
    /// The review block's text (`--review`), made for this request.
    pub review: Option<String>,
    pub images: Vec<Image>,
    /// The repository's files; `None` leaves the file tree out.
    pub file_tree: Option<Vec<String>>,
    /// The prompt, without the system reminder.
    pub prompt: String,
    /// Notes for stderr so far (invalid UTF-8 replaced, the file tree cut…).
    pub warnings: Vec<String>,
    /// The repository's symbol map, when the plan wants one and the project is a
    /// repository.
    pub map: Option<RepoMap>,
}

/// Why a run without a prompt fails.
const NO_PROMPT: &str =
    "no prompt: pass --prompt TEXT, pipe it on standard input, or set 'prompt' in the spec";

/// Reads every input `plan` names: the files and the prompt first (`stdin` supplies it
/// when the plan has none), then the rest while the guard's scan of those two begins.
/// The file tree's walk and the map report to `progress`.
pub fn load(
    plan: Plan,
    limits: &Limits,
    bases: Bases,
    stdin: &mut dyn FnMut() -> Option<String>,
    progress: &dyn Progress,
) -> Result<Loaded, Error> {
    let mut warnings = Vec::new();
    // Expanded files are named from the root, which must be canonical as they are.
    let root = limits.project_root.canonicalize();
    let limits = &Limits {
        project_root: root.unwrap_or_else(|_| limits.project_root.clone()),
        ..limits.clone()
    }
    .opened()?;
    let exclude = select::matcher(&limits.project_root, &plan.exclude, EXCLUDE_FLAG)?;
    let mut files = files(&plan, limits, bases, &exclude, &mut warnings)?;
    let recovering = !plan.recovery.is_empty();
    let prompt = match &plan.prompt {
        Some(p) => p.clone(),
        None if plan.preview || plan.prompt_optional || recovering => stdin().unwrap_or_default(),
        None => stdin()
            .filter(|s| !s.is_empty())
            .ok_or_else(|| err(NO_PROMPT.to_string()))?,
    };
    let prompt = match recovering {
        true => {
            recovery_files(&plan.recovery, limits, &mut files, &mut warnings)?;
            with_recovery(&plan.recovery, prompt)
        }
        false => prompt,
    };
    // The guard scans the prompt and every file for secrets. Started now, on the cores
    // that the rest of loading (the map above all) leaves idle, it finds them remembered.
    let stop = AtomicBool::new(false);
    let rest = rayon::in_place_scope(|s| {
        if plan.secrets != secrets::Mode::Allow {
            s.spawn(|_| guard::prescan(&prompt, &files, &stop));
        }
        let rest = rest(&plan, limits, bases, &exclude, &files, &prompt, progress);
        if rest.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        rest
    })?;
    warnings.extend(rest.warnings);
    Ok(Loaded {
        plan,
        files,
        history: rest.history,
        urls: rest.urls,
        review: rest.review,
        images: rest.images,
        file_tree: rest.file_tree,
        prompt,
        warnings,
        map: rest.map,
    })
}

/// What a plan names besides its files.
struct Rest {
    history: Vec<Message>,
    urls: Vec<UrlItem>,
    review: Option<String>,
    images: Vec<Image>,
    file_tree: Option<Vec<String>>,
    warnings: Vec<String>,
    map: Option<RepoMap>,
}

/// Reads what `plan` names besides `files` (the review's diffs name those) and `prompt`
/// (URLs in it are fetched).
fn rest(
    plan: &Plan,
    limits: &Limits,
    bases: Bases,
    exclude: &Gitignore,
    files: &[FileItem],
    prompt: &str,
    progress: &dyn Progress,
) -> Result<Rest, Error> {
    let mut warnings = Vec::new();
    let history = match &plan.history {
        Some(Named::CommandLine(h)) => read::read_history(&bases.cwd.join(h), h, None)?,
        Some(Named::Spec(h)) => {
            let path = read::spec_path(&plan.origin, "history", h, bases.spec_dir, limits)?;
            read::read_history(&path, h, Some(limits))?
        }
        None => plan.session_turns.clone(),
    };
    let mut urls = urls(plan, limits, bases, &mut warnings)?;
    let review = review(plan, &limits.project_root, files, &mut warnings)?;
    let images = images(plan, limits, bases)?;
    let file_tree = plan.file_tree.then(|| {
        let listed = tree::list(&limits.project_root, exclude, progress);
        if listed.cut {
            warnings.push(tree::cut_note(&limits.project_root));
        }
        listed.files
    });
    let map = repo_map(
        plan,
        &limits.project_root,
        files,
        crate::map::build_remembered,
        progress,
        &mut warnings,
    );
    let fetched = fetched(plan, prompt, &urls, &mut warnings)?;
    urls.extend(fetched);
    Ok(Rest {
        history,
        urls,
        review,
        images,
        file_tree,
        warnings,
        map,
    })
}

/// Builds the map the plan wants with `build` (tests pass a stand-in), inside a git work
/// tree only, with the task's blocks around the working `files`. A map that fails to
/// build is left out with a warning: the request goes on without it.
fn repo_map(
    plan: &Plan,
    root: &Path,
    files: &[FileItem],
    build: Builder,
    progress: &dyn Progress,
    warnings: &mut Vec<String>,
) -> Option<RepoMap> {
    let mut options = plan.map.clone()?;
    git2::Repository::open(root).ok()?;
    options.sent = files.iter().map(|f| f.path.clone()).collect();
    match build(root, &options, progress) {
        Ok(map) => {
            if plan.verbose {
                warnings.extend(map.notes.iter().cloned());
            }
            Some(map)
        }
        Err(e) => {
            warnings.push(format!("{MAP_FAILED}: {e}"));
            None
        }
    }
}

/// The review block the plan asks for: the changes read from the repository at `root`,
/// with reverse diffs for the `files` the request holds.
fn review(
    plan: &Plan,
    root: &Path,
    files: &[FileItem],
    warnings: &mut Vec<String>,
) -> Result<Option<String>, Error> {
    let Some(range) = &plan.review else {
        return Ok(None);
    };
    let selected: Vec<String> = files.iter().map(|f| f.path.clone()).collect();
    let review = crate::review::gather(root, range, &selected)?;
    warnings.extend(review.note.clone());
    Ok(Some(crate::review::format::render(&review)))
}

/// Opens the warning for a map that could not be built.
const MAP_FAILED: &str = "warning: the symbol map is left out";

/// Names `--exclude` in messages.
const EXCLUDE_FLAG: &str = "--exclude";

/// How many of the files a directory or glob left out a warning names.
const LEFT_OUT_NAMED: usize = 3;

/// The selected files: each argument read as named, or expanded (`select::expand`) in
/// sorted order; each file once, in the order first reached; none that `exclude` leaves
/// out.
fn files(
    plan: &Plan,
    limits: &Limits,
    bases: Bases,
    exclude: &Gitignore,
    warnings: &mut Vec<String>,
) -> Result<Vec<FileItem>, Error> {
    // RequestFlags name files relative to the working directory, the spec relative to itself.
    let (args, base, what): (_, _, &dyn Fn(&str) -> String) = match &plan.files {
        Named::CommandLine(f) => (f, bases.cwd, &|a| format!("--file '{a}'")),
        Named::Spec(f) => (f, bases.spec_dir, &|a| {
            format!("{}: files '{a}'", plan.origin)
        }),
    };
    let scope = select::Scope {
        base,
        root: &limits.project_root,
        exclude,
        allow_outside: limits.allow_outside,
    };
    let mut files: Vec<FileItem> = Vec::new();
    let mut seen = HashSet::new();
    // Files with no readable content (empty, or only white space) are left out: a header
    // with nothing under it tells the model nothing.
    let mut empty = Vec::new();
    let mut keep = |item: FileItem, files: &mut Vec<FileItem>| {
        // The same file named twice is sent once.
        if select::matches(exclude, &item.path) || !seen.insert(item.path.clone()) {
            return;
        }
        match item.content.trim().is_empty() {
            true => empty.push(item.path),
            false => files.push(item),
        }
    };
    for arg in args {
        let found = match select::expand(arg, &what(arg), scope)? {
            Expansion::Named => {
                keep(read::read_file(arg, base, limits, warnings)?, &mut files);
                continue;
            }
            Expansion::Found {
                files,
                outside,
                unreadable,
            } => {
                if !outside.is_empty() {
                    warnings.push(left_out(&what(arg), &outside, LINKS_OUT));
                }
                if !unreadable.is_empty() {
                    warnings.push(format!(
                        "warning: {}: left out what these directories hold, which cannot \
                         be read: {}",
                        what(arg),
                        unreadable.join(", ")
                    ));
                }
                files
            }
        };
        let (mut unfit, mut unreadable) = (Vec::new(), BTreeMap::new());
        for (read, notes) in read_all(&found, limits) {
            warnings.extend(notes);
            match read? {
                Ok(item) => keep(item, &mut files),
                Err((rel, read::Unfit::Unreadable(why))) => {
                    unreadable.entry(why).or_insert_with(Vec::new).push(rel)
                }
                Err((rel, _)) => unfit.push(rel),
            }
        }
        if !unfit.is_empty() {
            let why = format!(
                "binary or over --max-file-bytes ({})",
                limits.max_file_bytes
            );
            warnings.push(left_out(&what(arg), &unfit, &why));
        }
        for (why, paths) in unreadable {
            let why = format!("that cannot be read ({why})");
            warnings.push(left_out(&what(arg), &paths, &why));
        }
    }
    if !empty.is_empty() {
        let named = match &plan.files {
            Named::CommandLine(_) => "--file".to_string(),
            Named::Spec(_) => format!("{}: files", plan.origin),
        };
        warnings.push(left_out(&named, &empty, EMPTY));
    }
    Ok(files)
}

/// Adds to `files` the project files that blocks which did not apply name (`failed`),
/// read as `--file` reads them but always confined to the project: the model is to copy
/// their current lines. A file already sent is not sent twice; one that cannot be read
/// now (deleted since, say) is named in `warnings`.
fn recovery_files(
    failed: &[Failed],
    limits: &Limits,
    files: &mut Vec<FileItem>,
    warnings: &mut Vec<String>,
) -> Result<(), Error> {
    let confined = Limits {
        allow_outside: false,
        ..limits.clone()
    }
    .opened()?;
    for path in recovery::files(failed) {
        match read::read_file(&path, &confined.project_root, &confined, warnings) {
            Ok(item) if files.iter().all(|f| f.path != item.path) => files.push(item),
            Ok(_) => {}
            Err(e) => warnings.push(format!(
                "warning: a block that did not apply names {path}, which is not sent: {e}"
            )),
        }
    }
    Ok(())
}

/// The prompt with the failure-recovery message before it (the message alone when the
/// prompt is empty).
fn with_recovery(failed: &[Failed], prompt: String) -> String {
    let message = recovery::message(failed);
    match prompt.trim().is_empty() {
        true => message,
        false => format!("{message}\n\n{prompt}"),
    }
}

/// Why empty files are left out.
const EMPTY: &str = "with no content";

/// What `read::read_found` makes of each of `found`, with its notes, in order. Read
/// in parallel: a large selection is hundreds of files. All are read, and the first
/// error in order is the one reading them one by one would stop at.
fn read_all(found: &[PathBuf], limits: &Limits) -> Vec<(Result<Found, Error>, Vec<String>)> {
    found
        .par_iter()
        .map(|path| {
            let mut notes = Vec::new();
            (read::read_found(path, limits, &mut notes), notes)
        })
        .collect()
}

/// A file read, or its path and why it is not sent.
type Found = Result<FileItem, (String, read::Unfit)>;

/// Why links are left out of an expansion.
const LINKS_OUT: &str = "links leading outside the project root";

/// The warning for files an expansion left out: how many, why, and the first few.
fn left_out(what: &str, paths: &[String], why: &str) -> String {
    let mut named = paths[..paths.len().min(LEFT_OUT_NAMED)].join(", ");
    if paths.len() > LEFT_OUT_NAMED {
        named.push_str(", ...");
    }
    format!(
        "warning: {what}: left out {} {why}: {named}",
        if paths.len() == 1 {
            "1 file,".to_string()
        } else {
            format!("{} files,", paths.len())
        }
    )
}

fn urls(
    plan: &Plan,
    limits: &Limits,
    bases: Bases,
    warnings: &mut Vec<String>,
) -> Result<Vec<UrlItem>, Error> {
    let mut urls = Vec::new();
    match &plan.urls {
        Urls::Spec(entries) => {
            for (i, u) in entries.iter().enumerate() {
                match (&u.file, &u.content) {
                    (Some(f), _) => {
                        let key = format!("url_context[{i}].file");
                        let path = read::spec_path(&plan.origin, &key, f, bases.spec_dir, limits)?;
                        urls.push(read::read_url(&u.url, &path, f, Some(limits), warnings)?)
                    }
                    (None, Some(c)) => urls.push(UrlItem {
                        url: u.url.clone(),
                        content: c.clone(),
                        ..UrlItem::default()
                    }),
                    (None, None) => {}
                }
            }
        }
        Urls::CommandLine(args) => {
            for arg in args {
                let (url, file) = read::split_url_arg(arg)?;
                urls.push(read::read_url(
                    url,
                    &bases.cwd.join(file),
                    file,
                    None,
                    warnings,
                )?);
            }
        }
    }
    Ok(urls)
}

/// Says that `--fetch-urls` left a spec's prompt alone.
pub const SPEC_PROMPT_NOT_SCANNED: &str = "note: --fetch-urls looks for URLs only in a \
    prompt given with --prompt or on standard input, not in the spec's prompt; name the \
    pages with --url";

/// The pages `fetch` names (`--url` values, then the URLs in `prompt` when it looks
/// there), each once and none already `given` as URL context, fetched in order. More
/// than `fetch.max` is an error before anything is fetched.
fn fetched(
    plan: &Plan,
    prompt: &str,
    given: &[UrlItem],
    warnings: &mut Vec<String>,
) -> Result<Vec<UrlItem>, Error> {
    let fetch = &plan.fetch;
    if fetch.spec_prompt {
        warnings.push(SPEC_PROMPT_NOT_SCANNED.to_string());
    }
    let detected = match fetch.detect {
        true => crate::fetch::detect::urls(prompt),
        false => Vec::new(),
    };
    let mut wanted: Vec<String> = Vec::new();
    for url in fetch.urls.iter().chain(&detected) {
        if !wanted.contains(url) && !given.iter().any(|g| &g.url == url) {
            wanted.push(url.clone());
        }
    }
    if wanted.len() > fetch.max {
        return Err(Error::usage(format!(
            "{} URLs to fetch ({}), over the limit of {} a request; name fewer, or raise \
             the limit with --max-urls N",
            wanted.len(),
            wanted.join(", "),
            fetch.max
        )));
    }
    for url in &wanted {
        crate::fetch::http::check_url(url)?;
    }
    wanted
        .iter()
        .map(|url| fetch_one(url, plan, warnings))
        .collect()
}

/// One page: fetched, its body guarded for secrets as it came (converted Markdown
/// escapes characters a token is made of), then converted.
fn fetch_one(url: &str, plan: &Plan, warnings: &mut Vec<String>) -> Result<UrlItem, Error> {
    let entry = crate::fetch::fetch(url, &plan.fetch.options, warnings)?;
    let mut raw = Assembly {
        urls: vec![UrlItem {
            url: url.to_string(),
            content: entry.body,
            ..UrlItem::default()
        }],
        ..Assembly::default()
    };
    super::guard::guard_secrets(&mut raw, None, plan.secrets, warnings)?;
    let body = raw.urls.pop().map(|u| u.content).unwrap_or_default();
    let page = crate::fetch::convert::page(url, &entry.content_type, &body)?;
    Ok(UrlItem {
        url: page.url,
        title: page.title,
        content: page.content,
        fetched: true,
    })
}

fn images(plan: &Plan, limits: &Limits, bases: Bases) -> Result<Vec<Image>, Error> {
    match &plan.images {
        Named::Spec(images) => images
            .iter()
            .enumerate()
            .map(|(n, i)| {
                let key = format!("images[{n}]");
                let path = read::spec_path(&plan.origin, &key, i, bases.spec_dir, limits)?;
                read::read_image(&path, i, Some(limits))
            })
            .collect(),
        Named::CommandLine(images) => images
            .iter()
            .map(|i| read::read_image(&bases.cwd.join(i), i, None))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Silent;
    use crate::request::input::plan::plan;
    use crate::request::input::spec::Spec;
    use crate::request::input::RequestFlags;

    /// A project with `a.rs` at its root and a spec directory `specs/` holding `b.rs`.
    fn project() -> (tempfile::TempDir, std::path::PathBuf, Limits) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("specs")).unwrap();
        std::fs::write(root.join("a.rs"), "A\n").unwrap();
        std::fs::write(root.join("specs/b.rs"), "B\n").unwrap();
        let limits = Limits {
            project_root: root.clone(),
            allow_outside: false,
            max_file_bytes: 1 << 20,
            root: None,
        };
        (dir, root, limits)
    }

    #[test]
    fn flags_name_files_from_cwd_and_the_spec_from_its_directory() {
        let (_dir, root, limits) = project();
        let spec_dir = root.join("specs");
        let bases = Bases {
            cwd: &root,
            spec_dir: &spec_dir,
        };
        let spec = Spec {
            prompt: Some("P".into()),
            files: vec!["b.rs".into(), "./b.rs".into()],
            file_tree: Some(false),
            ..Spec::default()
        };
        let loaded = load(
            plan(&RequestFlags::default(), &spec).unwrap(),
            &limits,
            bases,
            &mut || None,
            &Silent,
        )
        .unwrap();
        let files: Vec<(&str, &str)> = loaded
            .files
            .iter()
            .map(|f| (f.path.as_str(), &*f.content))
            .collect();
        assert_eq!(files, [("specs/b.rs", "B\n")], "named twice, sent once");
        let flags = RequestFlags {
            files: vec!["a.rs".into()],
            ..RequestFlags::default()
        };
        let loaded = load(
            plan(&flags, &spec).unwrap(),
            &limits,
            bases,
            &mut || None,
            &Silent,
        )
        .unwrap();
        assert_eq!(loaded.files[0].path, "a.rs");
        assert_eq!(loaded.prompt, "P");
        assert_eq!(loaded.file_tree, None);
    }

    fn one_block(
        _: &Path,
        options: &crate::map::MapOptions,
        _: &dyn Progress,
    ) -> Result<RepoMap, Error> {
        Ok(RepoMap {
            legend: "# legend".into(),
            blocks: [("a.rs".to_string(), options.exclude.join(","))].into(),
            ..RepoMap::default()
        })
    }

    #[test]
    fn the_map_is_built_inside_a_repository_when_wanted() {
        let (_dir, root, _limits) = project();
        let flags = RequestFlags {
            map_exclude: vec!["*.md".into()],
            ..RequestFlags::default()
        };
        let wanted = plan(&flags, &Spec::default()).unwrap();
        let mut warnings = Vec::new();
        // Outside a repository there is no map.
        assert_eq!(
            repo_map(&wanted, &root, &[], one_block, &Silent, &mut warnings),
            None
        );
        git2::Repository::init(&root).unwrap();
        let map = repo_map(&wanted, &root, &[], one_block, &Silent, &mut warnings).unwrap();
        assert_eq!(map.blocks["a.rs"], "*.md");
        let off = RequestFlags {
            no_symbol_map: true,
            ..RequestFlags::default()
        };
        let unwanted = plan(&off, &Spec::default()).unwrap();
        assert_eq!(
            repo_map(&unwanted, &root, &[], one_block, &Silent, &mut warnings),
            None
        );
        assert!(warnings.is_empty());
        // A map that fails is left out, with a warning.
        assert_eq!(
            repo_map(&wanted, &root, &[], failing, &Silent, &mut warnings),
            None
        );
        assert_eq!(warnings, [format!("{MAP_FAILED}: no grammar")]);
    }

    fn failing(_: &Path, _: &crate::map::MapOptions, _: &dyn Progress) -> Result<RepoMap, Error> {
        Err(Error::data("no grammar"))
    }

    #[test]
    fn the_prompt_falls_back_to_stdin() {
        let (_dir, root, limits) = project();
        let bases = Bases {
            cwd: &root,
            spec_dir: &root,
        };
        let spec = Spec {
            file_tree: Some(false),
            ..Spec::default()
        };
        let run = |preview: bool, stdin: Option<&str>| {
            let flags = RequestFlags {
                preview,
                ..RequestFlags::default()
            };
            let plan = plan(&flags, &spec).unwrap();
            load(
                plan,
                &limits,
                bases,
                &mut || stdin.map(String::from),
                &Silent,
            )
            .map(|l| l.prompt)
        };
        assert_eq!(run(false, Some("piped")).unwrap(), "piped");
        assert_eq!(run(false, Some("")).unwrap_err().message, NO_PROMPT);
        assert_eq!(run(false, None).unwrap_err().message, NO_PROMPT);
        // A preview goes on with an empty prompt.
        assert_eq!(run(true, None).unwrap(), "");
        let flags = RequestFlags {
            prompt_optional: true,
            ..RequestFlags::default()
        };
        let plan = plan(&flags, &spec).unwrap();
        let loaded = load(plan, &limits, bases, &mut || None, &Silent).unwrap();
        assert_eq!(loaded.prompt, "", "a body with no prompt asks for none");
    }
}
