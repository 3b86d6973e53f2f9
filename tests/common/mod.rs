//! A small builder for hermetic CLI tests: a temporary home and work directory, a clean
//! environment, files, and the expected stdout, stderr and exit code.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

pub mod check;
pub mod corpus;
pub mod golden;
pub mod http;
pub mod platform;
pub mod repo;

/// What the repository boundary's `.git` file holds. It is not a `gitdir:` link, so git
/// (and libgit2) stop there with an error, which the tool reads as "no repository".
pub const BOUNDARY: &str = "not a repository: the boundary of a test's world\n";

/// A temporary directory that is its own repository boundary: discovery from inside it
/// never reaches a repository the temporary directory itself sits in (`TMPDIR` inside a
/// checkout). Tests that want a repository make one below it.
pub fn tempdir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".git"), BOUNDARY).unwrap();
    dir
}

/// One run of the binary in a throwaway world.
pub struct Test {
    _dir: tempfile::TempDir,
    pub root: PathBuf,
    pub home: PathBuf,
    pub work: PathBuf,
    cwd: PathBuf,
    env: Vec<(String, String)>,
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
}

/// What a run produced.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl From<std::process::Output> for Run {
    fn from(out: std::process::Output) -> Run {
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8(out.stdout).unwrap(),
            stderr: String::from_utf8(out.stderr).unwrap(),
        }
    }
}

impl Run {
    /// Asserts success and returns stdout.
    pub fn ok(&self) -> &str {
        assert_eq!(self.code, 0, "exit {}; stderr:\n{}", self.code, self.stderr);
        &self.stdout
    }

    /// Asserts exit code 2 with nothing on stdout, and returns stderr.
    pub fn fails(&self) -> &str {
        assert_eq!(
            self.code, 2,
            "expected exit 2, got {}; stdout:\n{}\nstderr:\n{}",
            self.code, self.stdout, self.stderr
        );
        assert_eq!(self.stdout, "", "nothing may be printed on stdout on error");
        assert!(!self.stderr.contains("panicked"), "{}", self.stderr);
        &self.stderr
    }
}

impl Test {
    pub fn new() -> Test {
        let dir = tempdir();
        // Canonical paths, so messages compare equal on systems with symlinked /tmp.
        let root = dir.path().canonicalize().unwrap();
        let home = root.join("home");
        let work = root.join("work");
        std::fs::create_dir_all(&home).unwrap();
        std::fs::create_dir_all(&work).unwrap();
        Test {
            _dir: dir,
            cwd: work.clone(),
            root,
            home,
            work,
            env: Vec::new(),
            args: Vec::new(),
            stdin: None,
        }
    }

    /// Writes a file under the work directory.
    pub fn file(self, rel: &str, contents: impl AsRef<[u8]>) -> Test {
        write(&self.work.join(rel), contents.as_ref());
        self
    }

    /// Writes a file under the home directory.
    pub fn home_file(self, rel: &str, contents: impl AsRef<[u8]>) -> Test {
        write(&self.home.join(rel), contents.as_ref());
        self
    }

    /// Writes a file in the user config directory (`~/.config/asimi-prompt` on Linux).
    pub fn config_file(self, rel: &str, contents: impl AsRef<[u8]>) -> Test {
        write(&self.config_dir().join(rel), contents.as_ref());
        self
    }

    pub fn config_dir(&self) -> PathBuf {
        platform::config_base(&self.home).join(platform::APP_DIR)
    }

    /// Makes the work directory a git repository (with git2).
    pub fn git(self) -> Test {
        git2::Repository::init(&self.work).unwrap();
        self
    }

    /// Makes the work directory a git repository with every file written so far in its
    /// index.
    pub fn tracked(self) -> Test {
        let t = self.git();
        track_all(&t.work);
        t
    }

    /// Runs in a subdirectory of the work directory (created if missing).
    pub fn cwd(mut self, rel: &str) -> Test {
        self.cwd = self.work.join(rel);
        std::fs::create_dir_all(&self.cwd).unwrap();
        self
    }

    pub fn env(mut self, key: &str, value: impl AsRef<str>) -> Test {
        self.env.push((key.to_string(), value.as_ref().to_string()));
        self
    }

    pub fn args<I, S>(mut self, args: I) -> Test
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_string()));
        self
    }

    pub fn stdin(mut self, input: impl AsRef<[u8]>) -> Test {
        self.stdin = Some(input.as_ref().to_vec());
        self
    }

    pub fn run(&self) -> Run {
        self.run_with(&[] as &[&str])
    }

    /// Runs again in the same world with `extra` after the builder's arguments, so one
    /// set of files can be run many times (sessions, repeated checks).
    pub fn run_with<S: AsRef<str>>(&self, extra: &[S]) -> Run {
        let mut cmd = self.command(&assert_cmd::cargo::cargo_bin("asimi-prompt"));
        cmd.args(&self.args).args(extra.iter().map(AsRef::as_ref));
        let mut cmd = Command::from_std(cmd);
        cmd.write_stdin(self.stdin.clone().unwrap_or_default());
        let out = cmd.output().unwrap();
        Run::from(out)
    }

    /// Runs `script` with `sh -c` in this world, `asimi-prompt` on the PATH first, then
    /// `bin` (under the world's root) for stand-ins of other programs; stdin empty.
    pub fn shell(&self, script: &str, bin: &str) -> Run {
        let program = assert_cmd::cargo::cargo_bin("asimi-prompt");
        let mut path = std::ffi::OsString::from(program.parent().unwrap());
        for dir in [
            self.root.join(bin).into_os_string(),
            std::env::var_os("PATH").unwrap_or_default(),
        ] {
            path.push(":");
            path.push(dir);
        }
        let out = self
            .command(Path::new("sh"))
            .env("PATH", path)
            .args(["-c", script])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        Run::from(out)
    }

    /// Runs the binary as an argument of `wrapper` (such as `strace -o LOG`), in this
    /// world, with `extra` after the builder's arguments.
    pub fn run_wrapped(&self, wrapper: &[&str], extra: &[&str]) -> Run {
        let (program, rest) = wrapper.split_first().expect("a wrapper program");
        let out = self
            .command(Path::new(program))
            .args(rest)
            .arg(assert_cmd::cargo::cargo_bin("asimi-prompt"))
            .args(&self.args)
            .args(extra)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        Run::from(out)
    }

    /// Runs as [`Test::run`] does (stdin empty), but without the capabilities that let
    /// root read and search any file (`CAP_DAC_OVERRIDE`, `CAP_DAC_READ_SEARCH`): they
    /// are dropped from the bounding set before the binary starts, so even root meets
    /// file permissions. Panics when they cannot be dropped (that takes `CAP_SETPCAP`,
    /// which root has).
    #[cfg(target_os = "linux")]
    pub fn run_without_file_capabilities(&self) -> Run {
        use std::os::unix::process::CommandExt;
        /// linux/capability.h.
        const CAP_DAC_OVERRIDE: libc::c_ulong = 1;
        const CAP_DAC_READ_SEARCH: libc::c_ulong = 2;
        let mut cmd = self.command(&assert_cmd::cargo::cargo_bin("asimi-prompt"));
        cmd.args(&self.args).stdin(std::process::Stdio::null());
        // SAFETY: prctl is async-signal-safe, and the closure allocates nothing.
        unsafe {
            cmd.pre_exec(|| {
                for cap in [CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH] {
                    if libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
        let out = cmd
            .output()
            .expect("cannot drop CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH");
        Run::from(out)
    }

    /// Runs with stdout on a pseudo-terminal, through util-linux `script`, and returns
    /// what the terminal showed (stdout and stderr, `\r\n` read as `\n`). `None` when
    /// `script` cannot run here; the caller says the case was skipped.
    pub fn run_on_terminal(&self) -> Option<String> {
        let bin = assert_cmd::cargo::cargo_bin("asimi-prompt");
        let line: Vec<String> = std::iter::once(bin.display().to_string())
            .chain(self.args.iter().cloned())
            .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
            .collect();
        let out = self
            .command(Path::new("script"))
            .args(["-qec", &line.join(" "), "/dev/null"])
            .stdin(std::process::Stdio::null())
            .output()
            .ok()?;
        let shown = String::from_utf8(out.stdout).unwrap().replace("\r\n", "\n");
        (!shown.is_empty()).then_some(shown)
    }

    /// `program` in this world: its clean environment and working directory.
    /// Runs `args` in this world with `env` set for this run only.
    pub fn run_env<S: AsRef<str>>(&self, env: &[(String, String)], args: &[S]) -> Run {
        let mut cmd = self.command(&assert_cmd::cargo::cargo_bin("asimi-prompt"));
        cmd.args(args.iter().map(AsRef::as_ref))
            .envs(env.iter().cloned());
        Run::from(cmd.stdin(std::process::Stdio::null()).output().unwrap())
    }

    /// [`run_env`](Self::run_env) with `input` on standard input.
    pub fn run_env_with_input<S: AsRef<str>>(
        &self,
        env: &[(String, String)],
        args: &[S],
        input: &[u8],
    ) -> Run {
        let mut cmd = assert_cmd::Command::from_std(
            self.command(&assert_cmd::cargo::cargo_bin("asimi-prompt")),
        );
        cmd.args(args.iter().map(AsRef::as_ref))
            .envs(env.iter().cloned())
            .write_stdin(input);
        Run::from(cmd.output().unwrap())
    }

    fn command(&self, program: &Path) -> std::process::Command {
        let mut cmd = std::process::Command::new(program);
        hermetic(&mut cmd, &self.home).current_dir(&self.cwd);
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        cmd
    }

    pub fn read(&self, path: &Path) -> String {
        std::fs::read_to_string(path).unwrap()
    }
}

/// The variables [`hermetic`] gives a program, and no others.
pub const HERMETIC_VARS: [&str; 5] = ["PATH", "HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "SHELL"];

/// Clears `cmd`'s environment to a test world's: the machine's `PATH` (to find git and
/// the like), `home` as the home directory (with its config and cache directories
/// below it) and a fixed shell. Nothing of the tester's own (their config, caches,
/// proxies, `ASIMI_*` settings) reaches the program.
pub fn hermetic<'a>(
    cmd: &'a mut std::process::Command,
    home: &Path,
) -> &'a mut std::process::Command {
    cmd.env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_CACHE_HOME", home.join(".cache"))
        .env("SHELL", "/bin/bash")
}

/// Why a test needing the program `name` cannot run here (it is not on `PATH`), or
/// `None`. Such tests live in a harness of their own ([`trial`]).
pub fn missing_tool(name: &str) -> Option<String> {
    let found = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(name).is_file()));
    (!found).then(|| format!("`{name}` is not installed; .ci/run installs it"))
}

/// Why the providers' SDKs cannot check bodies here (`python3` cannot import them;
/// `.ci/run` installs them at pinned versions), or `None`.
pub fn missing_sdks() -> Option<String> {
    let imported = std::process::Command::new("python3")
        .args(["-c", "import anthropic, openai, google.genai"])
        .output()
        .is_ok_and(|out| out.status.success());
    (!imported).then(|| SDKS_MISSING.to_string())
}

/// The reason a test that needs the SDKs gives when they are missing.
pub const SDKS_MISSING: &str =
    "python3 cannot import anthropic, openai and google.genai; .ci/run installs them";

/// A test for a harness of its own (libtest-mimic: `tests/external`, `tests/mcp.rs`)
/// that needs something the machine may lack. `missing` says why it cannot run here, or
/// `None`. libtest cannot decide at run time that a test is ignored, so these tests are
/// not in the integration binary: here one that cannot run is reported `ignored` with
/// its reason, never `ok`, and under CI (`CI` set: `.ci/run` installs every tool the
/// tests use) it fails.
pub fn trial(
    name: &str,
    missing: impl FnOnce() -> Option<String> + Send + 'static,
    test: impl FnOnce() + Send + 'static,
) -> libtest_mimic::Trial {
    libtest_mimic::Trial::ignorable_test(name, move || {
        verdict(missing(), std::env::var_os("CI").is_some(), test)
    })
}

/// What [`trial`] reports: `test` run where nothing is `missing`; else ignored with the
/// reason, or a failure under CI.
pub fn verdict(
    missing: Option<String>,
    ci: bool,
    test: impl FnOnce(),
) -> Result<libtest_mimic::Completion, libtest_mimic::Failed> {
    match missing {
        Some(why) if ci => Err(format!("{CI_IGNORES_NOTHING}: {why}").into()),
        Some(why) => Ok(libtest_mimic::Completion::ignored_with(why)),
        None => {
            test();
            Ok(libtest_mimic::Completion::Completed)
        }
    }
}

/// How a test that cannot run fails under CI.
pub const CI_IGNORES_NOTHING: &str = "CI is set, so nothing may be ignored";

/// Checks request bodies (files holding one each) with the providers' SDKs
/// (`tests/sdk/check_bodies.py`); panics with its report when one fails.
pub fn check_with_sdk(provider: &str, bodies: &[PathBuf]) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sdk/check_bodies.py");
    let out = std::process::Command::new("python3")
        .arg(script)
        .arg(provider)
        .args(bodies)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{provider} bodies fail the SDK:\n{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A repository whose system prompt is long enough for every cached tier to be marked.
pub fn long_system() -> Test {
    python_repo()
        .file("system.md", "word ".repeat(3000))
        .env("ASIMI_SYSTEM_MD", "system.md")
}

/// `messages` for `model` in a `provider` body, in session `s`, then `extra`.
pub fn messages_for<'a>(provider: &'a str, model: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let args = [
        "messages",
        "--prompt",
        "hi",
        "--provider",
        provider,
        "--model",
        model,
        "--session",
        "s",
    ];
    [&args[..], extra].concat()
}

/// `messages` for a Gemini model with explicit caching, in session `g`.
pub const GEMINI_SESSION: [&str; 7] = [
    "messages",
    "--model",
    "gemini-3.8-flash",
    "--prompt",
    "hi",
    "--session",
    "g",
];

/// Tool definitions (`--tools`) in each shape asimi-prompt reads: Anthropic's, OpenAI
/// Chat's, Responses' flat one and MCP's; the first two name the default `read_file` and
/// `search_file_content`.
pub const TOOL_DEFINITIONS: &str = r#"[
  {"name": "read_file", "description": "Reads a file of the project.",
   "input_schema": {"type": "object", "properties": {
     "absolute_path": {"type": "string", "description": "The file's absolute path"},
     "offset": {"type": "integer"}}, "required": ["absolute_path"]}},
  {"type": "function", "function": {"name": "search_file_content",
   "description": "Searches file contents for a regular expression.",
   "parameters": {"type": "object", "properties": {"pattern": {"type": "string"}},
     "required": ["pattern"]}}},
  {"type": "function", "name": "run_tests", "description": "Runs the test suite.",
   "parameters": {"type": "object", "properties": {}}, "strict": false},
  {"name": "lookup_issue", "description": "Fetches an issue by number.",
   "inputSchema": {"type": "object", "properties": {"number": {"type": "integer"}},
     "required": ["number"], "additionalProperties": false}}
]"#;

/// A history with a tool call and its result.
pub const TOOL_HISTORY: &str = r#"[
  {"role": "user", "content": "Add a login endpoint."},
  {"role": "assistant", "content": [
    {"type": "text", "text": "Reading."},
    {"type": "tool_use", "id": "t1", "name": "read_file", "input": {"path": "a.py"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "t1", "content": "x = 1"}
  ]},
  {"role": "assistant", "content": "Done."}
]"#;

/// A history whose first message ends in an image.
pub const IMAGE_HISTORY: &str = r#"[{"role": "user", "content": [{"type": "text", "text": "look"}, {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AAAA"}}]}, {"role": "assistant", "content": "seen"}]"#;

/// A two-file Python repository whose files git tracks (the map reads git's index).
pub fn python_repo() -> Test {
    Test::new()
        .file(
            "a.py",
            "class Store:\n    def get_item(self, key):\n        return key\n",
        )
        .file(
            "b.py",
            "from a import Store\n\n\ndef load(path):\n    return Store().get_item(path)\n",
        )
        .file("notes.txt", "not code\n")
        .tracked()
}

/// `system` with the base prompt replaced by the word `BASE`, the sandbox and git sections
/// off and no sanity check: what is left shows the sections under test.
pub fn marked_base(t: Test) -> Test {
    marked_world(t).args(MARKED_BASE_ARGS)
}

/// [`marked_base`] with the sanity check left at its default (on, unless a config file
/// switches it off).
pub fn marked_base_with_sanity(t: Test) -> Test {
    marked_world(t).args(MARKED_BASE_ARGS.iter().filter(|a| **a != "--no-sanity"))
}

/// The world of [`marked_base`] (a base prompt that is the word `BASE`) without its
/// arguments, so that other commands can run in it too.
pub fn marked_world(t: Test) -> Test {
    t.file(".asimi/templates/base/default.md", "BASE")
}

/// The arguments [`marked_base`] runs with.
pub const MARKED_BASE_ARGS: &[&str] = &[
    "system",
    "--model",
    "x",
    "--no-section",
    "sandbox",
    "--no-section",
    "git",
    "--no-sanity",
];

/// A tracked git repository with two small Rust files, so that a request carries the
/// repository map.
pub fn mapped_project() -> Test {
    Test::new()
        .file(
            "src/lib.rs",
            "pub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n",
        )
        .file(
            "src/main.rs",
            "fn main() {\n    println!(\"{}\", demo::add(1, 2));\n}\n",
        )
        .tracked()
}

/// The system prompt of a `messages --provider raw` request, `extra` after its flags: the
/// system message up to the map.
pub fn request_system_prompt(t: &Test, extra: &[&str]) -> String {
    let args = [
        &["messages", "--provider", "raw", "--prompt", "hi"][..],
        extra,
    ]
    .concat();
    let body: Value = serde_json::from_str(t.run_with(&args).ok()).unwrap();
    let system = match &body[0]["content"] {
        Value::String(text) => text.clone(),
        blocks => blocks[0]["text"].as_str().unwrap().to_string(),
    };
    let prompt = system
        .split("\n\n# Repository Structure\n\n")
        .next()
        .unwrap();
    prompt.to_string()
}

/// In a request body, every block carrying a `cache_control`, as its `type`.
pub fn marked_types(body: &Value) -> Vec<String> {
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                if m.contains_key("cache_control") {
                    out.push(m.get("type").and_then(Value::as_str).unwrap_or("?").into());
                }
                m.values().for_each(|v| walk(v, out));
            }
            Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(body, &mut out);
    out
}

fn write(path: &Path, contents: &[u8]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, contents).unwrap();
}

/// Python's standard library directory, from the `python3` on PATH (none without one):
/// real code for tests that need a lot of it.
pub fn python_stdlib() -> Vec<PathBuf> {
    let out = std::process::Command::new("python3")
        .args([
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['stdlib'])",
        ])
        .output();
    out.ok()
        .filter(|o| o.status.success())
        .map(|o| vec![PathBuf::from(String::from_utf8_lossy(&o.stdout).trim())])
        .unwrap_or_default()
}

/// Cargo's home: `CARGO_HOME` when set (as cargo reads it), else `~/.cargo`.
pub fn cargo_home() -> PathBuf {
    cargo_home_from(std::env::var_os("CARGO_HOME"), dirs::home_dir())
}

/// [`cargo_home`] from the value of `CARGO_HOME` and the home directory.
pub fn cargo_home_from(cargo_home: Option<std::ffi::OsString>, home: Option<PathBuf>) -> PathBuf {
    match cargo_home.filter(|h| !h.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => home.unwrap_or_default().join(".cargo"),
    }
}

/// The source directories of the crates cargo downloaded, one per registry
/// (`<cargo home>/registry/src/*`), in path order: real Rust (and bundled C) for tests
/// that need a lot of it.
pub fn cargo_registries() -> Vec<PathBuf> {
    let src = cargo_home().join("registry/src");
    let mut roots: Vec<PathBuf> = std::fs::read_dir(src)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    roots.sort();
    roots
}

/// The shell commands of a Markdown text's `sh` blocks, continuation lines joined,
/// comments and blank lines out.
pub fn sh_commands(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_sh = false;
    let mut line = String::new();
    for l in markdown.lines() {
        if l.starts_with("```") {
            in_sh = l == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        let text = l.split(" #").next().unwrap_or("").trim();
        match text.strip_suffix('\\') {
            Some(head) => line.push_str(head),
            None => {
                line.push_str(text);
                if !line.trim().is_empty() {
                    out.push(std::mem::take(&mut line));
                }
                line.clear();
            }
        }
    }
    out
}

/// Puts every file under the git work tree `work` in its index (what the file tree lists).
pub fn track_all(work: &Path) {
    let repo = git2::Repository::open(work).unwrap();
    let mut index = repo.index().unwrap();
    index
        .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
        .unwrap();
    index.write().unwrap();
}
