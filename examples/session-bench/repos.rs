//! Agent-like sessions on real repositories, driven through the binary in the default
//! configuration (symbol map and file tree on): the product as users run it.
//!
//! Each repository is a copy of code already on the machine (a crate from the cargo
//! registry, a package of Python's standard library, npm's own sources) in a fresh git
//! repository. Each session is a script: which files are worked on, which are edited
//! before a request, and how the conversation grows. Every request is sent twice from
//! the same tree: with `--session` (the product) and with `--flat` (the content in the
//! flat order, which `sim::agent_markers` marks as agents do today).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};

use super::sim::Rule;

/// What the registry says of a model (`asimi-prompt models --json`).
pub struct ModelInfo {
    /// The provider, as `--provider` names it.
    pub provider: String,
    pub rule: Rule,
    pub min: usize,
    /// Cache read and write prices, percent of the input price.
    pub read: f64,
    pub write: f64,
}

pub fn model_info(bin: &Path, model: &str) -> Result<ModelInfo, String> {
    let out = Command::new(bin)
        .args(["models", "--json"])
        .output()
        .map_err(|e| e.to_string())?;
    let listing: Value = serde_json::from_slice(&out.stdout).map_err(|e| e.to_string())?;
    let entry = listing["models"]
        .as_array()
        .ok_or("`models --json` lists no models")?
        .iter()
        .find(|m| {
            let pattern = m["pattern"].as_str().unwrap_or("");
            globset::Glob::new(pattern).is_ok_and(|g| g.compile_matcher().is_match(model))
        })
        .ok_or_else(|| format!("{model}: not in the registry"))?;
    let rule = match (entry["provider"].as_str(), entry.get("cache_breakpoints")) {
        (Some("anthropic"), _) => Rule::Breakpoints,
        (Some("openai" | "openrouter"), Some(Value::Bool(true))) => Rule::Explicit,
        _ => Rule::Prefix,
    };
    let num = |p: &str| entry.pointer(p).and_then(Value::as_f64).unwrap_or(100.0);
    Ok(ModelInfo {
        provider: entry["provider"].as_str().unwrap_or("").to_string(),
        rule,
        min: entry["min_cache_tokens"].as_u64().unwrap_or(1024) as usize,
        read: num("/cache_price/read"),
        write: num("/cache_price/write"),
    })
}

/// How to run asimi-prompt: the binary, and arguments every `messages` and `context`
/// run gets (`--map-tokens 8192`, say).
pub struct Binary {
    pub path: PathBuf,
    pub extra: Vec<String>,
}

/// A source of real code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// tokio, from the cargo registry (Rust, about 800 files).
    Tokio,
    /// minijinja, from the cargo registry (Rust, about 100 files).
    Minijinja,
    /// The `email` package of Python's standard library.
    PythonEmail,
    /// npm's `lib/` (JavaScript).
    NpmLib,
    /// The history of the repository the bench runs in: its recent multi-file commits.
    History,
}

/// A repository made from a source.
pub struct Repo {
    pub root: PathBuf,
    /// Candidate working files: source files of 2–40 KB, sorted by path.
    pub files: Vec<String>,
    /// The largest source file under 120 KB (the late, large addition).
    pub large: String,
    /// The line comment of its language, for edits.
    comment: &'static str,
    /// A history session's commits, oldest first (empty for the other sources).
    pub tasks: Vec<Task>,
}

fn registry_crate(prefix: &str) -> Option<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| dirs::home_dir().map(|h| h.join(".cargo")))?;
    let mut found: Vec<PathBuf> = std::fs::read_dir(home.join("registry/src"))
        .ok()?
        .flatten()
        .flat_map(|index| {
            std::fs::read_dir(index.path())
                .into_iter()
                .flatten()
                .flatten()
        })
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix))
        })
        .collect();
    found.sort();
    found.pop()
}

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Runs git in `dir`; its output, or an error with what git said.
fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("git: {e}"))?;
    match out.status.success() {
        true => Ok(String::from_utf8_lossy(&out.stdout).into_owned()),
        false => Err(format!(
            "git {args:?} in {}: {}",
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}

impl Source {
    pub fn name(self) -> &'static str {
        match self {
            Source::Tokio => "tokio",
            Source::Minijinja => "minijinja",
            Source::PythonEmail => "python-email",
            Source::NpmLib => "npm-lib",
            Source::History => "history",
        }
    }

    fn path(self) -> Option<PathBuf> {
        match self {
            Source::Tokio => registry_crate("tokio-1."),
            Source::Minijinja => registry_crate("minijinja-3."),
            Source::PythonEmail => {
                let stdlib = output(
                    "python3",
                    &[
                        "-c",
                        "import sysconfig; print(sysconfig.get_paths()['stdlib'])",
                    ],
                )?;
                Some(PathBuf::from(stdlib).join("email"))
            }
            Source::NpmLib => Some(PathBuf::from(output("npm", &["root", "-g"])?).join("npm/lib")),
            Source::History => Some(PathBuf::from(output(
                "git",
                &["rev-parse", "--show-toplevel"],
            )?)),
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Source::Tokio | Source::Minijinja | Source::History => ".rs",
            Source::PythonEmail => ".py",
            Source::NpmLib => ".js",
        }
    }

    /// Copies the source into `dir/NAME` as a fresh git repository with one commit; the
    /// history session's clone replays the commits up to `history_at` (a revision).
    pub fn make(self, dir: &Path, history_at: &str) -> Result<Repo, String> {
        let from = self
            .path()
            .filter(|p| p.is_dir())
            .ok_or_else(|| format!("{}: the source is not on this machine", self.name()))?;
        let root = dir.join(self.name());
        if self == Source::History {
            return history_repo(&from, &root, history_at);
        }
        copy_tree(&from, &root).map_err(|e| format!("copying {}: {e}", from.display()))?;
        for args in [
            &["init", "-q"][..],
            &["add", "-A"],
            &[
                "-c",
                "user.name=bench",
                "-c",
                "user.email=bench@example.com",
                "commit",
                "-qm",
                "import",
            ],
        ] {
            git(&root, args)?;
        }
        let mut sized: Vec<(String, u64)> = Vec::new();
        walk(&root, &root, &mut |rel, len| {
            if rel.ends_with(self.extension()) && !rel.contains("test") {
                sized.push((rel, len));
            }
        });
        sized.sort();
        let files = sized
            .iter()
            .filter(|(_, n)| (2_000..40_000).contains(n))
            .map(|(p, _)| p.clone())
            .collect();
        let large = sized
            .iter()
            .filter(|(_, n)| *n < 120_000)
            .max_by_key(|(_, n)| *n)
            .map(|(p, _)| p.clone())
            .ok_or("no source files")?;
        let comment = match self {
            Source::PythonEmail => "#",
            _ => "//",
        };
        Ok(Repo {
            root,
            files,
            large,
            comment,
            tasks: Vec::new(),
        })
    }
}

/// One commit of a history session: the request made at its parent.
#[derive(Debug, Clone)]
pub struct Task {
    pub parent: String,
    pub subject: String,
    /// The two files the commit changed most, named as the working files.
    pub named: Vec<String>,
    /// The other files it changed: the code the task needed beside the named files.
    pub others: Vec<String>,
}

/// The requests of a history session: one per commit.
pub const HISTORY_REQUESTS: usize = 20;

/// A clone of the repository at `from`, at the parent of the oldest of the last
/// [`HISTORY_REQUESTS`] non-merge commits up to `at` that change at least three Rust
/// files existing at their parent (as `scripts/relevance-bench` picks them).
fn history_repo(from: &Path, root: &Path, at: &str) -> Result<Repo, String> {
    let to = root.to_string_lossy();
    git(from, &["clone", "-q", "--shared", ".", &to])?;
    let git = |args: &[&str]| git(root, args);
    let mut tasks = Vec::new();
    let format = "--format=%H%x00%P%x00%s";
    let log = git(&["log", "--no-merges", format, "-n", "500", at])?;
    for line in log.lines() {
        let [sha, parent, subject] = line.splitn(3, '\0').collect::<Vec<_>>()[..] else {
            continue;
        };
        if parent.is_empty() || parent.contains(' ') {
            continue;
        }
        let existing: BTreeSet<String> = git(&["ls-tree", "-r", "--name-only", parent])?
            .lines()
            .map(str::to_string)
            .collect();
        let mut changed: Vec<(usize, String)> = git(&["show", "--numstat", "--format=", sha])?
            .lines()
            .filter_map(|row| {
                let mut cols = row.splitn(3, '\t');
                let (added, removed, path) = (cols.next()?, cols.next()?, cols.next()?);
                let lines = added.parse::<usize>().ok()? + removed.parse::<usize>().ok()?;
                (path.ends_with(".rs") && existing.contains(path))
                    .then(|| (lines, path.to_string()))
            })
            .collect();
        if changed.len() < 3 {
            continue;
        }
        changed.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let paths: Vec<String> = changed.into_iter().map(|(_, p)| p).collect();
        tasks.push(Task {
            parent: parent.to_string(),
            subject: subject.to_string(),
            named: paths[..2].to_vec(),
            others: paths[2..].to_vec(),
        });
        if tasks.len() == HISTORY_REQUESTS {
            break;
        }
    }
    if tasks.len() < HISTORY_REQUESTS {
        return Err(format!(
            "{}: {} multi-file commits, fewer than {HISTORY_REQUESTS}",
            from.display(),
            tasks.len()
        ));
    }
    tasks.reverse();
    Ok(Repo {
        root: root.to_path_buf(),
        files: Vec::new(),
        large: String::new(),
        comment: "//",
        tasks,
    })
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let name = e.file_name();
        if name == "__pycache__" || name == ".git" || name == "target" {
            continue;
        }
        let kind = e.file_type()?;
        if kind.is_dir() {
            copy_tree(&e.path(), &to.join(&name))?;
        } else if kind.is_file() {
            std::fs::copy(e.path(), to.join(&name))?;
        }
    }
    Ok(())
}

fn walk(root: &Path, dir: &Path, f: &mut dyn FnMut(String, u64)) {
    let Ok(list) = std::fs::read_dir(dir) else {
        return;
    };
    for e in list.flatten() {
        let p = e.path();
        if p.file_name().is_some_and(|n| n == ".git") {
            continue;
        }
        match e.metadata() {
            Ok(m) if m.is_dir() => walk(root, &p, f),
            Ok(m) => {
                let rel = p.strip_prefix(root).unwrap_or(&p);
                f(rel.to_string_lossy().replace('\\', "/"), m.len());
            }
            Err(_) => {}
        }
    }
}

impl Repo {
    /// The `i`-th candidate file (spread over the repository, so files come from several
    /// directories).
    pub fn file(&self, i: usize) -> String {
        let step = (self.files.len() / 13).max(1);
        self.files[(i * step + step / 2) % self.files.len()].clone()
    }

    /// The `i`-th request of a history session: the work tree moved to the parent of the
    /// `i`-th commit, its two most changed files named, its subject the prompt.
    pub fn history_turn(&self, i: usize) -> Turn {
        let task = &self.tasks[i - 1];
        Turn {
            files: task.named.clone(),
            checkout: Some(task.parent.clone()),
            prompt: Some(task.subject.clone()),
            needed: task.others.clone(),
            ..Turn::default()
        }
    }

    /// Moves the work tree to `commit`, as the work between two requests would.
    fn checkout(&self, commit: &str) -> Result<(), String> {
        git(&self.root, &["checkout", "-q", "--detach", commit]).map(drop)
    }

    /// Edits `path` as an agent would: a line inserted at its middle.
    pub fn edit(&self, path: &str, request: usize) {
        let full = self.root.join(path);
        let text = std::fs::read_to_string(&full).expect("a working file");
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let mid = lines.len() / 2;
        let mut out = lines[..mid].concat();
        out.push_str(&format!(
            "{} edited before request {request}\n",
            self.comment
        ));
        out.push_str(&lines[mid..].concat());
        std::fs::write(&full, out).expect("writing a working file");
    }
}

/// What one request of a session holds, and what happened since the last.
#[derive(Debug, Clone, Default)]
pub struct Turn {
    pub files: Vec<String>,
    /// Files edited just before this request.
    pub edits: Vec<String>,
    /// The conversation is replaced by a summary just before this request.
    pub summary: bool,
    /// The commit the work tree moves to just before this request (history sessions).
    pub checkout: Option<String>,
    /// The prompt, when the session has its own (else [`prompt`]'s).
    pub prompt: Option<String>,
    /// Files the task needs beside the working files, whose blocks the map should hold.
    pub needed: Vec<String>,
}

/// A scripted session.
pub struct Scenario {
    pub name: &'static str,
    pub about: &'static str,
    pub source: Source,
    pub model: &'static str,
    pub requests: usize,
    /// The assistant reads a file with a tool before answering (tool_use/tool_result).
    pub tools: bool,
    pub turn: fn(usize, &Repo) -> Turn,
}

fn files(repo: &Repo, range: std::ops::Range<usize>) -> Vec<String> {
    range.map(|i| repo.file(i)).collect()
}

/// The default model of every session but the OpenAI and Gemini ones.
const MODEL: &str = "claude-sonnet-5-5";

/// A 20-request session on the default model, without tool calls.
fn session(
    name: &'static str,
    about: &'static str,
    source: Source,
    turn: fn(usize, &Repo) -> Turn,
) -> Scenario {
    Scenario {
        name,
        about,
        source,
        model: MODEL,
        requests: 20,
        tools: false,
        turn,
    }
}

/// `n` working files from the `from`-th candidate, the `edited`-th of them (if any)
/// edited before each request but the first.
fn edited_every_request(r: &Repo, from: usize, n: usize, i: usize, edited: usize) -> Turn {
    let files = files(r, from..from + n);
    let edits = match i {
        1 => vec![],
        _ => vec![files[edited].clone()],
    };
    Turn {
        files,
        edits,
        summary: false,
        ..Turn::default()
    }
}

/// Six working files from the `from`-th candidate; the third and fifth edited in turn
/// before every other request.
fn alternating(r: &Repo, from: usize, i: usize) -> Turn {
    let files = files(r, from..from + 6);
    let edits = match i % 4 {
        0 => vec![files[2].clone()],
        2 => vec![files[4].clone()],
        _ => vec![],
    };
    Turn {
        files,
        edits,
        summary: false,
        ..Turn::default()
    }
}

/// The sessions the issue asks for, each on a real repository.
pub fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            tools: true,
            ..session(
                "grow",
                "working set grows 2→6 files, newest edited each request, tool history",
                Source::Tokio,
                |i, r| {
                    let n = (2 + (i - 1) / 4).min(6);
                    edited_every_request(r, 0, n, i, n - 1)
                },
            )
        },
        session(
            "hot",
            "4 files, one edited every request",
            Source::PythonEmail,
            |i, r| edited_every_request(r, 0, 4, i, 1),
        ),
        session(
            "swap",
            "3 files, no edits, one swapped every 4 requests",
            Source::NpmLib,
            |i, r| Turn {
                files: vec![r.file(0), r.file(1), r.file(2 + (i - 1) / 4)],
                ..Turn::default()
            },
        ),
        session(
            "alternate",
            "6 files, two edited alternately every other request",
            Source::Minijinja,
            |i, r| alternating(r, 0, i),
        ),
        Scenario {
            requests: 30,
            ..session(
                "stable",
                "4 files, no edits, 30 requests",
                Source::PythonEmail,
                |_, r| Turn {
                    files: files(r, 4..8),
                    ..Turn::default()
                },
            )
        },
        Scenario {
            tools: true,
            ..session(
                "summary",
                "3 files, one edited every 3 requests, history summarised before request 11",
                Source::NpmLib,
                |i, r| {
                    let files = files(r, 3..6);
                    let edits = match i % 3 {
                        0 => vec![files[0].clone()],
                        _ => vec![],
                    };
                    Turn {
                        files,
                        edits,
                        summary: i == 11,
                        ..Turn::default()
                    }
                },
            )
        },
        session(
            "late",
            "3 files, a large file added at request 12, one file edited every 5",
            Source::Tokio,
            |i, r| {
                let mut files = files(r, 6..9);
                if i >= 12 {
                    files.push(r.large.clone());
                }
                let edits = match i % 5 {
                    0 => vec![files[1].clone()],
                    _ => vec![],
                };
                Turn {
                    files,
                    edits,
                    summary: false,
                    ..Turn::default()
                }
            },
        ),
        Scenario {
            requests: 40,
            tools: true,
            ..session(
                "turns",
                "6 files edited in turn for 8 requests, then one of them only, 40 requests",
                Source::Tokio,
                |i, r| {
                    let files = files(r, 10..16);
                    let edits = match i {
                        1 => vec![],
                        2..=8 => vec![files[(i - 2) % 6].clone()],
                        _ => vec![files[0].clone()],
                    };
                    Turn {
                        files,
                        edits,
                        summary: false,
                        ..Turn::default()
                    }
                },
            )
        },
        Scenario {
            requests: HISTORY_REQUESTS,
            ..session(
                "history",
                "this repository's last 20 multi-file commits, one a request: its two most changed files named, its subject the prompt",
                Source::History,
                |i, r| r.history_turn(i),
            )
        },
        Scenario {
            model: "gpt-5.4",
            ..session(
                "openai",
                "the hot session on gpt-5.4 (automatic prefix caching)",
                Source::PythonEmail,
                |i, r| edited_every_request(r, 8, 4, i, 1),
            )
        },
        Scenario {
            model: "gemini-3.8-flash",
            ..session(
                "gemini",
                "the alternate session on gemini-3.8-flash (implicit caching)",
                Source::Minijinja,
                |i, r| alternating(r, 6, i),
            )
        },
    ]
}

/// The conversation an agent keeps, in the `--history` format (Anthropic's blocks).
#[derive(Default)]
pub struct History {
    messages: Vec<Value>,
}

impl History {
    /// Appends what request `i` asked and what came back: with `tools`, the assistant
    /// reads `file` with a tool first.
    pub fn answer(&mut self, i: usize, prompt: &str, file: &str, excerpt: &str, tools: bool) {
        self.messages
            .push(json!({"role": "user", "content": prompt}));
        if tools {
            let id = format!("toolu_{i:04}");
            self.messages.push(json!({"role": "assistant", "content": [
                {"type": "text", "text": format!("Let me read {file} first.")},
                {"type": "tool_use", "id": id, "name": "read_file", "input": {"path": file}},
            ]}));
            self.messages.push(json!({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": id, "content": excerpt},
            ]}));
        }
        self.messages
            .push(json!({"role": "assistant", "content": reply(i, file)}));
    }

    pub fn summarise(&mut self, upto: usize) {
        let text = format!(
            "Summary of the conversation so far (requests 1–{upto}): {}",
            reply(upto, "the working files").repeat(3)
        );
        self.messages = vec![
            json!({"role": "user", "content": text}),
            json!({"role": "assistant", "content": "Understood; continuing from the summary."}),
        ];
    }

    pub fn write(&self, path: &Path) {
        std::fs::write(path, serde_json::to_string(&self.messages).unwrap()).unwrap();
    }
}

/// A deterministic answer of a few hundred bytes.
fn reply(i: usize, file: &str) -> String {
    let mut out = format!("Done (step {i}). In {file} I changed the handling as asked. ");
    for k in 0..(3 + i % 5) {
        out.push_str(&format!(
            "Point {k}: the function now checks its input before use, and the caller \
             handles the error case {i}.{k} explicitly. "
        ));
    }
    out
}

/// The prompt of request `i`.
pub fn prompt(i: usize, file: &str) -> String {
    format!("Step {i}: look at {file} and make the error handling explicit.")
}

/// Runs `asimi-prompt COMMAND` (`messages`, or `context --json`) for one request:
/// `session` names the session, `None` sends the flat body.
#[allow(clippy::too_many_arguments)]
pub fn request(
    bin: &Binary,
    command: &[&str],
    repo: &Repo,
    work: &Path,
    model: &str,
    turn: &Turn,
    prompt: &str,
    session: Option<&str>,
) -> Result<Value, String> {
    let history = work.join("history.json");
    let mut cmd = Command::new(&bin.path);
    cmd.args(command)
        .args(&bin.extra)
        .arg("-C")
        .arg(&repo.root)
        .args(["--model", model, "--prompt", prompt])
        .arg("--history")
        .arg(&history)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", work.join("home"))
        .env("XDG_CONFIG_HOME", work.join("home/.config"))
        .env("XDG_CACHE_HOME", work.join("cache"))
        .env("ASIMI_STATE_DIR", work.join("state"));
    for f in &turn.files {
        cmd.args(["--file", f]);
    }
    match session {
        Some(name) => cmd.args(["--session", name]),
        None => cmd.arg("--flat"),
    };
    let out = cmd
        .output()
        .map_err(|e| format!("{}: {e}", bin.path.display()))?;
    if !out.status.success() {
        return Err(format!(
            "asimi-prompt {} failed: {}",
            command.join(" "),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| format!("the body is not JSON: {e}"))
}

/// Checks that every tool call of an Anthropic body is answered in the very next
/// message, as the Messages API requires: a tier laid out between the two is refused.
pub fn tool_results_follow_calls(body: &Value) -> Result<(), String> {
    let messages = body["messages"].as_array().cloned().unwrap_or_default();
    let ids = |m: &Value, kind: &str, field: &str| -> Vec<String> {
        let blocks = m["content"].as_array().cloned().unwrap_or_default();
        blocks
            .iter()
            .filter(|b| b["type"] == kind)
            .filter_map(|b| b[field].as_str().map(str::to_string))
            .collect()
    };
    for (i, m) in messages.iter().enumerate() {
        let calls = ids(m, "tool_use", "id");
        if calls.is_empty() {
            continue;
        }
        let answered = messages
            .get(i + 1)
            .map(|n| ids(n, "tool_result", "tool_use_id"))
            .unwrap_or_default();
        if let Some(id) = calls.iter().find(|id| !answered.contains(id)) {
            return Err(format!(
                "message {i}: tool call {id} is not answered in the next message"
            ));
        }
    }
    Ok(())
}

/// The bodies of one session, each request sent with a session and flat.
#[derive(Default)]
pub struct Sent {
    pub session: Vec<Value>,
    pub flat: Vec<Value>,
    /// Per request, the working files sent unchanged in at least `SETTLED` requests in a
    /// row (this one included) that the session left outside L0 and L1, with their tier.
    pub stranded: Vec<Vec<(String, String)>>,
    /// Per request, how many of those settled files sat in or after a tier the request
    /// broke: rewritten behind churn.
    pub rewritten: Vec<usize>,
    /// With `predict`, per request what `context --json --session` predicted (`reuse`).
    pub predicted: Vec<Value>,
    /// Per request, the session's state file after it (each item's tier and count).
    pub states: Vec<String>,
    /// Per request that names the files its task needs: how many of them the map holds,
    /// of how many.
    pub relevance: Vec<(usize, usize)>,
}

/// The files whose blocks a body's symbol map shows: the `path:` lines of the texts that
/// carry the map (as `scripts/relevance-bench` reads them).
pub fn map_files(body: &Value) -> BTreeSet<String> {
    fn walk(v: &Value, out: &mut BTreeSet<String>) {
        match v {
            Value::String(text) if text.contains("Repository Structure") => {
                for line in text.lines() {
                    let Some(path) = line.strip_suffix(':') else {
                        continue;
                    };
                    let extension = path.rsplit_once('.').map_or("", |(_, e)| e);
                    if !path.contains(char::is_whitespace)
                        && !extension.is_empty()
                        && extension.chars().all(|c| c.is_ascii_alphanumeric())
                    {
                        out.insert(path.to_string());
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|x| walk(x, out)),
            Value::Object(fields) => fields.values().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    walk(body, &mut out);
    out
}

/// Requests in a row a file is sent unchanged after which it belongs in L1 or L0.
pub const SETTLED: usize = 12;

/// A tier's place in the request: L0 first, the active tier last.
fn rank(tier: &str) -> usize {
    ["L0", "L1", "L2", "L3"]
        .iter()
        .position(|t| *t == tier)
        .unwrap_or(4)
}

/// What the session's state file says: each working file's tier, and how many requests
/// broke each tier.
fn read_state(state: &Path) -> (BTreeMap<String, String>, BTreeMap<String, u64>) {
    let text = std::fs::read_to_string(state).unwrap_or_default();
    let state: Value = serde_json::from_str(&text).unwrap_or_default();
    let items = state["items"].as_object().cloned().unwrap_or_default();
    let tiers = items
        .into_iter()
        .filter_map(|(key, e)| {
            let path = key.strip_prefix("file:")?.to_string();
            Some((path, e["tier"].as_str()?.to_string()))
        })
        .collect();
    let breaks = state["breaks"].as_object().cloned().unwrap_or_default();
    let breaks = breaks
        .into_iter()
        .map(|(t, n)| (t, n.as_u64().unwrap_or(0)))
        .collect();
    (tiers, breaks)
}

/// Replays `s` on `repo` through `bin`, with scratch files in `work`; with `predict`,
/// asks `context` for its prediction before each request of the session.
pub fn replay(
    s: &Scenario,
    repo: &Repo,
    bin: &Binary,
    work: &Path,
    predict: bool,
) -> Result<Sent, String> {
    std::fs::create_dir_all(work.join("home")).map_err(|e| e.to_string())?;
    let mut history = History::default();
    let mut sent = Sent::default();
    let state = work.join("state").join(format!("bench-{}.json", s.name));
    // The request since which each working file was sent unchanged.
    let mut since: std::collections::HashMap<String, usize> = Default::default();
    for i in 1..=s.requests {
        let turn = (s.turn)(i, repo);
        since.retain(|f, _| turn.files.contains(f));
        for f in &turn.files {
            since.entry(f.clone()).or_insert(i);
        }
        for f in &turn.edits {
            since.insert(f.clone(), i);
        }
        if let Some(commit) = &turn.checkout {
            repo.checkout(commit)?;
        }
        for f in &turn.edits {
            repo.edit(f, i);
        }
        if turn.summary {
            history.summarise(i - 1);
        }
        history.write(&work.join("history.json"));
        let focus = turn
            .edits
            .first()
            .unwrap_or(&turn.files[i % turn.files.len()]);
        let p = turn.prompt.clone().unwrap_or_else(|| prompt(i, focus));
        let name = format!("bench-{}", s.name);
        let (_, before) = read_state(&state);
        let session = Some(name.as_str());
        if predict {
            let context = ["context", "--json"];
            let shown = request(bin, &context, repo, work, s.model, &turn, &p, session)?;
            sent.predicted.push(shown["reuse"].clone());
        }
        let messages = ["messages", "--compact"];
        sent.session.push(request(
            bin, &messages, repo, work, s.model, &turn, &p, session,
        )?);
        if !turn.needed.is_empty() {
            let shown = map_files(sent.session.last().expect("the body just sent"));
            let held = turn.needed.iter().filter(|f| shown.contains(*f)).count();
            sent.relevance.push((held, turn.needed.len()));
        }
        let (tiers, after) = read_state(&state);
        sent.states
            .push(std::fs::read_to_string(&state).unwrap_or_default());
        let first_broken = after
            .iter()
            .filter(|(t, n)| before.get(*t) != Some(n))
            .map(|(t, _)| rank(t))
            .min();
        let settled: Vec<(&String, String)> = since
            .iter()
            .filter(|(_, from)| i + 1 - **from >= SETTLED)
            .map(|(f, _)| (f, tiers.get(f).cloned().unwrap_or_default()))
            .collect();
        let behind = |t: &String| first_broken.is_some_and(|b| b <= rank(t));
        sent.rewritten
            .push(settled.iter().filter(|(_, t)| behind(t)).count());
        let stranded = settled
            .into_iter()
            .filter(|(_, t)| t != "L0" && t != "L1")
            .map(|(f, t)| (f.clone(), t));
        sent.stranded.push(stranded.collect());
        sent.flat.push(request(
            bin, &messages, repo, work, s.model, &turn, &p, None,
        )?);
        let text = std::fs::read_to_string(repo.root.join(focus)).unwrap_or_default();
        let excerpt: String = text.chars().take(1500).collect();
        history.answer(i, &p, focus, &excerpt, s.tools);
    }
    Ok(sent)
}
