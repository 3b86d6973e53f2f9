//! Hermetic CI checks through the binary: a prompt written with `--update` on one machine
//! checks clean from a clone at another path, on another branch, with another HOME and
//! SHELL; a real content change still fails.

use crate::common;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The README's CI step (`- run: asimi-prompt …`), as arguments: the test runs exactly
/// what the documentation tells users to run.
fn readme_ci_args() -> Vec<String> {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let line = readme
        .lines()
        .find_map(|l| l.trim().strip_prefix("- run: asimi-prompt "))
        .expect("README has a `- run: asimi-prompt` CI step");
    line.split_whitespace().map(str::to_string).collect()
}

struct Machine {
    home: PathBuf,
    shell: &'static str,
}

impl Machine {
    /// A home with user-level context, memory and config that must not reach the file.
    fn new(root: &Path, name: &str, shell: &'static str) -> Machine {
        let home = root.join(name);
        let config = common::platform::config_base(&home).join(common::platform::APP_DIR);
        std::fs::create_dir_all(&config).unwrap();
        std::fs::write(config.join("AGENTS.md"), format!("{name} user context\n")).unwrap();
        std::fs::write(config.join("memory.md"), format!("{name} remembers\n")).unwrap();
        std::fs::write(config.join("config.yaml"), "sandbox: generic\n").unwrap();
        Machine { home, shell }
    }

    fn run(&self, dir: &Path, args: &[String]) -> (i32, String, String) {
        let out = Command::cargo_bin("asimi-prompt")
            .unwrap()
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("XDG_CONFIG_HOME", self.home.join(".config"))
            .env("SHELL", self.shell)
            .env("SANDBOX", "docker")
            .current_dir(dir)
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    }
}

fn commit_all(repo: &git2::Repository) {
    let mut index = repo.index().unwrap();
    index
        .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
        .unwrap();
    index.write().unwrap();
    let tree = repo.find_tree(index.write_tree().unwrap()).unwrap();
    let sig = git2::Signature::now("t", "t@example.com").unwrap();
    let parent = repo.head().ok().and_then(|h| h.peel_to_commit().ok());
    let parents: Vec<&git2::Commit> = parent.iter().collect();
    repo.commit(Some("HEAD"), &sig, &sig, "c", &tree, &parents)
        .unwrap();
}

/// Writes the prompt in one repository and clones it elsewhere on branch `feature`.
fn written_and_cloned(root: &Path) -> (PathBuf, Machine) {
    let first = root.join("a/project");
    std::fs::create_dir_all(first.join("prompts")).unwrap();
    std::fs::write(first.join("AGENTS.md"), "Use tabs.\n").unwrap();
    let repo = git2::Repository::init(&first).unwrap();
    let writer = Machine::new(root, "home-a", "/bin/bash");
    let mut update = readme_ci_args();
    update.push("--update".to_string());
    let (code, _, stderr) = writer.run(&first, &update);
    assert_eq!(code, 0, "{stderr}");
    let written = std::fs::read_to_string(first.join("prompts/system.txt")).unwrap();
    for leak in ["home-a", "bash", "docker", first.to_str().unwrap()] {
        assert!(!written.contains(leak), "'{leak}' leaked into:\n{written}");
    }
    assert!(written.contains("Use tabs."), "{written}");
    commit_all(&repo);

    let second = root.join("b/elsewhere/clone");
    let clone = git2::Repository::clone(first.to_str().unwrap(), &second).unwrap();
    let head = clone.head().unwrap().peel_to_commit().unwrap();
    clone.branch("feature", &head, false).unwrap();
    clone.set_head("refs/heads/feature").unwrap();
    (second, Machine::new(root, "home-b", "/bin/zsh"))
}

#[test]
fn readme_ci_step_passes_in_a_clone_elsewhere() {
    let dir = common::tempdir();
    let root = dir.path().canonicalize().unwrap();
    let (clone, checker) = written_and_cloned(&root);
    let (code, stdout, stderr) = checker.run(&clone, &readme_ci_args());
    assert_eq!(code, 0, "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert_eq!(stdout, "");
    // The same step without hermetic mode sees the checker's machine: it must differ,
    // or this test proves nothing.
    let mut loose = readme_ci_args();
    loose.push("--no-hermetic".to_string());
    let (code, stdout, _) = checker.run(&clone, &loose);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("home-b remembers"), "{stdout}");
}

#[test]
fn a_real_change_still_fails_the_check() {
    let dir = common::tempdir();
    let root = dir.path().canonicalize().unwrap();
    let (clone, checker) = written_and_cloned(&root);
    std::fs::write(clone.join("AGENTS.md"), "Use spaces.\n").unwrap();
    let (code, stdout, stderr) = checker.run(&clone, &readme_ci_args());
    assert_eq!(code, 1, "stderr:\n{stderr}");
    assert!(
        stdout.contains("-Use tabs.") && stdout.contains("+Use spaces."),
        "{stdout}"
    );
}

#[test]
fn pins_and_switches() {
    let dir = common::tempdir();
    let root = dir.path().canonicalize().unwrap();
    let project = root.join("p");
    std::fs::create_dir_all(project.join("sub")).unwrap();
    git2::Repository::init(&project).unwrap();
    let machine = Machine::new(&root, "home-c", "/bin/fish");
    let args = |extra: &[&str]| -> Vec<String> {
        ["system", "--model", "x", "--no-section", "sandbox"]
            .iter()
            .chain(extra)
            .map(|s| s.to_string())
            .collect()
    };
    let (code, out, err) = machine.run(
        &project.join("sub"),
        &args(&["--hermetic", "--set", "Branch=main", "--set", "Shell=bash"]),
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "- Shell: bash\n- Working directory: sub\n- Project root: .\n- Git branch: main\n"
        ),
        "{out}"
    );
    assert!(
        !out.contains("Operating system") && !out.contains("home-c"),
        "{out}"
    );
    // ASIMI_HERMETIC=1 and the project's config key do the same as the flag.
    let bare = machine.run(&project, &args(&["--hermetic"])).1;
    let out = Command::cargo_bin("asimi-prompt")
        .unwrap()
        .env("HOME", &machine.home)
        .env("XDG_CONFIG_HOME", machine.home.join(".config"))
        .env("ASIMI_HERMETIC", "1")
        .current_dir(&project)
        .args(args(&[]))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), bare);
    std::fs::create_dir_all(project.join(".asimi")).unwrap();
    std::fs::write(project.join(".asimi/config.yaml"), "hermetic: true\n").unwrap();
    assert_eq!(machine.run(&project, &args(&[])).1, bare);
    std::fs::remove_file(project.join(".asimi/config.yaml")).unwrap();
    assert!(machine
        .run(&project, &args(&[]))
        .1
        .contains("home-c remembers"));
    let (code, _, err) = Command::cargo_bin("asimi-prompt")
        .unwrap()
        .env("ASIMI_HERMETIC", "maybe")
        .current_dir(&project)
        .output()
        .map(|o| {
            (
                o.status.code(),
                o.stdout,
                String::from_utf8(o.stderr).unwrap(),
            )
        })
        .unwrap();
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "asimi-prompt: ASIMI_HERMETIC='maybe': expected 0, false, 1 or true\n"
    );
}

/// Programs that install things; no test may run one, so `cargo test` reaches no
/// network (`.ci/run` installs what the tests in tests/external and tests/mcp.rs need).
const INSTALLERS: [&str; 5] = ["npm", "npx", "pip", "pip3", "apt-get"];

/// No test starts an installer: the sources never name one as the program of a
/// `Command` (python3 runs pip as `-m pip`, so that is looked for too).
#[test]
fn the_tests_install_nothing() {
    let files = test_sources();
    let needles: Vec<String> = INSTALLERS
        .iter()
        .map(|i| format!("Command::new(\"{i}\")"))
        .chain([format!("\"-m\", \"{}\"", INSTALLERS[2])])
        .collect();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for needle in &needles {
            assert!(
                !text.contains(needle.as_str()),
                "{} runs {needle}",
                file.display()
            );
        }
    }
}

/// No test times its work against the clock: a loaded machine is slower, not wrong. Work
/// is bounded by count (the engine's fuel, the map's parse work, the inputs' size).
#[test]
fn the_tests_time_nothing() {
    let files = test_sources();
    let clock = format!("{}::now()", "Instant");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(!text.contains(&clock), "{} reads the clock", file.display());
    }
}

/// Every Rust source of the tests, both crates'.
fn test_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["tests", "crates/gotemplate/tests"] {
        collect_rs(&root.join(dir), &mut files);
    }
    assert!(files.len() > 40, "{files:?}");
    files
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
