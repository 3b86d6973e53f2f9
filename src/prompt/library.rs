//! Where templates come from: `--templates DIR` (or the config's `templates`), then
//! `.asimi/templates/` in the project, then `templates/` in the user config directory,
//! then the copy embedded in the binary.
//!
//! Templates are looked up by logical name (`sections/git.md`); a directory may hold it
//! as `NAME.tmpl`, `NAME.gotmpl`, `NAME.go.tmpl`, `NAME.j2`, `NAME.jinja`, `NAME.jinja2`
//! or plain `NAME`, and the ending picks the syntax.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use gotemplate::{Syntax, GO_EXTENSIONS, JINJA_EXTENSIONS};
use include_dir::{include_dir, Dir, File};

use crate::error::Error;
use crate::fs::Utf8;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/templates");

/// The prompt authors' guide at the top of a template directory.
const GUIDE: &str = "README.md";

/// Endings tried, in order, after a logical name: Go's, Jinja's, then none.
fn endings() -> impl Iterator<Item = &'static str> {
    GO_EXTENSIONS
        .iter()
        .chain(JINJA_EXTENSIONS)
        .copied()
        .chain([""])
}

/// Where a template was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A file on disk.
    File(PathBuf),
    /// The copy built into the binary (its path under `templates/`).
    Embedded(String),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::File(p) => write!(f, "{}", crate::paths::display(p)),
            Origin::Embedded(p) => write!(f, "built-in:{p}"),
        }
    }
}

/// A template's text and provenance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The logical name it was looked up by.
    pub name: String,
    /// The file name it was found under (logical name plus ending).
    pub file: String,
    pub text: String,
    pub syntax: Syntax,
    pub origin: Origin,
}

/// The template search path.
#[derive(Debug, Clone)]
pub struct Library {
    dirs: Vec<PathBuf>,
    /// The project root: a template found under it must lead nowhere outside it.
    project_root: Option<PathBuf>,
}

impl Library {
    /// A library searching `dirs` in order, then the embedded templates. Directories
    /// that do not exist are dropped up front, which saves a dozen lookups per template.
    pub fn new(dirs: Vec<PathBuf>) -> Library {
        let dirs = dirs.into_iter().filter(|d| d.is_dir()).collect();
        Library {
            dirs,
            project_root: None,
        }
    }

    /// The same library, with the templates in directories under `root` held to the
    /// confinement rule ([`crate::paths::confine`]): a link there may not lead out.
    pub fn within(self, root: &Path) -> Library {
        Library {
            project_root: Some(root.to_path_buf()),
            ..self
        }
    }

    /// Finds the template `name` (a logical name like `sections/git.md`).
    pub fn find(&self, name: &str) -> Result<Option<Found>, Error> {
        Ok(self.find_file(name)?.or_else(|| embedded(name)))
    }

    /// [`Self::find`] in the template directories only, without the built-in templates.
    pub fn find_file(&self, name: &str) -> Result<Option<Found>, Error> {
        // Names come from settings and the model registry: they name files below the
        // template directories, and a name that climbs out names none.
        if !crate::paths::stays_below(name) {
            return Err(Error::usage(format!(
                "template name '{name}' leads out of the template directories; a template \
                 name is a path below them, such as sections/git.md"
            )));
        }
        for dir in &self.dirs {
            for ending in endings() {
                let file = format!("{name}{ending}");
                let path = dir.join(&file);
                if path.is_file() {
                    let project = project_of(self.project_root.as_deref(), dir);
                    confine_project_file(project, &path, "template").map_err(Error::usage)?;
                    let shown = path.display().to_string();
                    let failed = |why: &str| crate::fs::cannot_read("template", &shown, why);
                    let text =
                        crate::fs::read_project(project, &path, &shown, Utf8::Strict, failed)?.text;
                    return Ok(Some(Found {
                        name: name.to_string(),
                        syntax: Syntax::for_name(&file),
                        file,
                        text,
                        origin: Origin::File(path),
                    }));
                }
            }
        }
        Ok(None)
    }

    /// Every template visible, by file name, with where the effective copy comes from.
    /// A file in a search directory shadows later ones and the embedded copy.
    pub fn list(&self) -> Vec<Found> {
        let mut names: Vec<String> = Vec::new();
        for dir in &self.dirs {
            collect_files(dir, dir, &mut names);
        }
        names.extend(embedded_files().keys().cloned());
        // The guide for prompt authors sits beside the templates but is not one, and the
        // registered prompts are listed by the registry (`template list --prompts`), whose
        // own directories (`prompts/`) are where a user overrides them.
        let registry = format!("{}/", super::registry::BUILT_IN_DIR);
        names.retain(|n| n != GUIDE && !n.starts_with(&registry));
        names.sort();
        names.dedup();
        names
            .into_iter()
            .filter_map(|file| {
                let logical = strip_ending(&file);
                // A file shadowed by another ending of the same name is not listed.
                self.find(&logical)
                    .ok()
                    .flatten()
                    .filter(|f| f.file == file)
            })
            .collect()
    }
}

/// The project root when the directory `dir` lies in the project (`root`): its files
/// are held to the confinement rule, and read through a handle on the root.
pub fn project_of<'a>(root: Option<&'a Path>, dir: &Path) -> Option<&'a Path> {
    root.filter(|root| dir.starts_with(root))
}

/// Checks a file of the project (`project`, from [`project_of`]) against the
/// confinement rule; `what` names the kind of file in the message.
pub fn confine_project_file(project: Option<&Path>, path: &Path, what: &str) -> Result<(), String> {
    match project {
        Some(root) => {
            let what = format!("{what} '{}'", crate::paths::display(path));
            crate::paths::confine(root, path, &what, crate::paths::CONFINE_HINT).map(|_| ())
        }
        None => Ok(()),
    }
}

/// A logical name without its template ending.
fn strip_ending(file: &str) -> String {
    endings()
        .filter(|e| !e.is_empty())
        .find_map(|e| file.strip_suffix(e))
        .unwrap_or(file)
        .to_string()
}

fn embedded(name: &str) -> Option<Found> {
    endings().find_map(|ending| {
        let file = format!("{name}{ending}");
        let text = embedded_files()
            .get(file.as_str())?
            .contents_utf8()?
            .to_string();
        Some(Found {
            name: name.to_string(),
            syntax: Syntax::for_name(&file),
            origin: Origin::Embedded(file.clone()),
            file,
            text,
        })
    })
}

/// The embedded templates by file name (`sections/git.md.tmpl`). `Dir::get_file`
/// compares paths component by component along a linear scan, which was a tenth of a
/// `system` run's instructions.
fn embedded_files() -> &'static HashMap<String, &'static File<'static>> {
    static FILES: OnceLock<HashMap<String, &'static File<'static>>> = OnceLock::new();
    FILES.get_or_init(|| {
        fn add(dir: &'static Dir<'static>, out: &mut HashMap<String, &'static File<'static>>) {
            for file in dir.files() {
                out.insert(crate::paths::display(file.path()), file);
            }
            for sub in dir.dirs() {
                add(sub, out);
            }
        }
        let mut files = HashMap::new();
        add(&EMBEDDED, &mut files);
        files
    })
}

fn collect_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_files(root, &path, out);
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(crate::paths::display(rel));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index finds every embedded file, nested or not, with the text `Dir` holds.
    #[test]
    fn every_embedded_template_is_found_by_its_file_name() {
        let names: Vec<&String> = embedded_files().keys().collect();
        assert!(names.len() > 20 && names.iter().any(|n| n.contains('/')));
        for name in names {
            let found = embedded(name).unwrap_or_else(|| panic!("{name}"));
            let text = EMBEDDED.get_file(name).unwrap().contents_utf8().unwrap();
            assert_eq!(found.text, text, "{name}");
        }
        assert!(embedded("sections/no-such-section.md").is_none());
    }

    /// build.rs lowered every built-in Go template exactly as a run would, under the name
    /// a run renders it by, and none nests too deep (a run no longer checks).
    #[test]
    fn every_built_in_go_template_is_lowered_at_build_time_as_at_run_time() {
        let mut checked = 0;
        for (name, file) in embedded_files() {
            if !name.ends_with(".tmpl") {
                continue;
            }
            let text = file.contents_utf8().unwrap();
            let at_run_time = gotemplate::convert(name, text).unwrap();
            // What `add` checks beyond the lowering (the depth of every action).
            let limits = gotemplate::Limits::default();
            let mut engine = crate::template::engine(gotemplate::MissingKey::Default, limits);
            engine.add(name, text, Syntax::Go).unwrap();
            assert_eq!(
                crate::template::prelowered(name),
                Some(at_run_time.as_str()),
                "{name}"
            );
            checked += 1;
        }
        assert!(checked >= 30, "{checked}");
        assert_eq!(crate::template::prelowered("base/no-such.md.tmpl"), None);
    }

    #[test]
    fn directories_shadow_the_embedded_copy() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("sections")).unwrap();
        std::fs::write(dir.path().join("sections/git.md.j2"), "{{ 1 }}").unwrap();
        let lib = Library::new(vec![dir.path().to_path_buf()]);
        let found = lib.find("sections/git.md").unwrap().unwrap();
        assert_eq!(found.syntax, Syntax::Jinja);
        assert_eq!(
            found.origin,
            Origin::File(dir.path().join("sections/git.md.j2"))
        );
        let sandbox = lib.find("sections/sandbox.md").unwrap().unwrap();
        assert_eq!(
            sandbox.origin,
            Origin::Embedded("sections/sandbox.md.tmpl".into())
        );
        assert!(lib.find("nope/x.md").unwrap().is_none());
    }
}
