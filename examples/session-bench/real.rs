//! The benchmark of what users run: `repos::scenarios` replayed through the binary, read
//! by `sim`, reported per request and per session.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::repos::{self, Binary, ModelInfo, Scenario};
use crate::sim::{self, Encoder, Outcome};

/// The first request the figures count: the first three build the session up.
const FIRST_COUNTED: usize = 4;

/// The figures of one run over the counted requests.
#[derive(Default)]
struct Totals {
    total: usize,
    read: usize,
    written: usize,
    bound: usize,
    limit: usize,
    cost: f64,
    requests: usize,
}

impl Totals {
    fn of(outcomes: &[Outcome], info: &ModelInfo, from: usize) -> Totals {
        let mut t = Totals::default();
        for o in outcomes.iter().skip(from - 1) {
            t.total += o.total;
            t.read += o.read;
            t.written += o.written;
            t.bound += o.bound;
            t.limit += o.limit;
            t.requests += 1;
            t.cost += (o.read as f64 * info.read + o.written as f64 * info.write) / 100.0
                + o.uncached as f64;
        }
        t
    }
    fn pct(&self, n: usize) -> f64 {
        100.0 * n as f64 / self.total.max(1) as f64
    }
    /// Cost relative to sending the same tokens uncached.
    fn relative_cost(&self) -> f64 {
        self.cost / self.total.max(1) as f64
    }
    /// Thousands of tokens per request, and what they are billed as in uncached tokens.
    fn per_request(&self) -> (f64, f64) {
        let n = self.requests.max(1) as f64 * 1000.0;
        (self.total as f64 / n, self.cost / n)
    }
}

fn markers(body: &Value) -> usize {
    let text = body.to_string();
    text.matches("\"cache_control\"").count() + text.matches("\"prompt_cache_breakpoint\"").count()
}

/// The value after `flag` on the command line.
fn arg_value(flag: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    let at = args.iter().position(|a| a == flag)?;
    args.get(at + 1).cloned()
}

fn args_have(flag: &str) -> bool {
    std::env::args().any(|a| a == flag)
}

/// Checks every body with the provider's official SDK (`tests/sdk/check_bodies.py`).
fn check_with_sdk(provider: &str, bodies: &[Value], work: &Path) -> Result<(), String> {
    let dir = work.join("sdk");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut files = Vec::new();
    for (i, body) in bodies.iter().enumerate() {
        let file = dir.join(format!("{}.json", i + 1));
        std::fs::write(&file, body.to_string()).map_err(|e| e.to_string())?;
        files.push(file);
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sdk/check_bodies.py");
    let out = std::process::Command::new("python3")
        .arg(script)
        .arg(provider)
        .args(&files)
        .output()
        .map_err(|e| format!("python3: {e}"))?;
    match out.status.success() {
        true => {
            eprintln!(
                "session-bench: {} bodies pass the {provider} SDK",
                files.len()
            );
            Ok(())
        }
        false => Err(format!(
            "the {provider} SDK refused a body:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}

/// Writes each body as `DIR/SESSION-N-session.json` and `DIR/SESSION-N-flat.json`, and
/// the session's state after it as `DIR/SESSION-N-state.json`.
fn dump(dir: &Path, name: &str, sent: &repos::Sent) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (i, state) in sent.states.iter().enumerate() {
        std::fs::write(dir.join(format!("{name}-{}-state.json", i + 1)), state)?;
    }
    for (i, (a, b)) in sent.session.iter().zip(&sent.flat).enumerate() {
        std::fs::write(
            dir.join(format!("{name}-{}-session.json", i + 1)),
            a.to_string(),
        )?;
        std::fs::write(
            dir.join(format!("{name}-{}-flat.json", i + 1)),
            b.to_string(),
        )?;
    }
    Ok(())
}

fn binary() -> PathBuf {
    if let Some(bin) = arg_value("--bin") {
        return PathBuf::from(bin);
    }
    let exe = std::env::current_exe().expect("the example's path");
    // target/<profile>/examples/session-bench → target/<profile>/asimi-prompt
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("a target directory");
    dir.join("asimi-prompt")
}

/// One session's run: the simulated outcomes with a session and for the baseline.
struct Run {
    /// Per request, settled files outside L0 and L1 (see `repos::SETTLED`).
    stranded: Vec<Vec<(String, String)>>,
    /// Per request, settled files rewritten behind churn.
    rewritten: Vec<usize>,
    session: Vec<Outcome>,
    baseline: Vec<Outcome>,
    info: ModelInfo,
    /// Per request that names what its task needs: held by the map, of how many.
    relevance: Vec<(usize, usize)>,
}

fn run(s: &Scenario, bin: &Binary, dir: &Path) -> Result<Run, String> {
    let work = dir.join(s.name);
    // `--history-at REV`: the history session as it was at REV, whose figures then do
    // not move with later commits.
    let history_at = arg_value("--history-at").unwrap_or_else(|| "HEAD".into());
    let repo = s.source.make(&work, &history_at)?;
    let sent = repos::replay(s, &repo, bin, &work, false)?;
    if let Some(dir) = arg_value("--dump") {
        dump(Path::new(&dir), s.name, &sent).map_err(|e| format!("--dump {dir}: {e}"))?;
    }
    let info = repos::model_info(&bin.path, s.model)?;
    if args_have("--sdk") {
        check_with_sdk(&info.provider, &sent.session, &work)?;
    }
    for (i, body) in sent.session.iter().enumerate() {
        if markers(body) > 4 {
            return Err(format!(
                "{} request {}: {} markers",
                s.name,
                i + 1,
                markers(body)
            ));
        }
        repos::tool_results_follow_calls(body)
            .map_err(|e| format!("{} request {}: {e}", s.name, i + 1))?;
    }
    let mut enc = Encoder::default();
    let session: Vec<_> = sent.session.iter().map(|b| enc.blocks(b)).collect();
    let flat: Vec<_> = sent
        .flat
        .iter()
        .map(|b| sim::agent_markers(info.rule, enc.blocks(b)))
        .collect();
    Ok(Run {
        relevance: sent.relevance,
        stranded: sent.stranded,
        rewritten: sent.rewritten,
        session: sim::simulate(info.rule, &session, info.min),
        baseline: sim::simulate(info.rule, &flat, info.min),
        info,
    })
}

fn print_requests(s: &Scenario, r: &Run) {
    println!(
        "session ({}): {} — {}, {}",
        s.name,
        s.about,
        s.source.name(),
        s.model
    );
    println!(
        "  req   tokens  session read  written   bound   limit   baseline tokens  read  written  stranded"
    );
    for (i, (a, b)) in r.session.iter().zip(&r.baseline).enumerate() {
        let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
        println!(
            "  {:>3} {:>8}  {:>11.1}% {:>8} {:>6.1}% {:>6.1}%  {:>15} {:>5.1}% {:>8}  {}",
            i + 1,
            a.total,
            pct(a.read, a.total),
            a.written,
            pct(a.bound, a.total),
            pct(a.limit, a.total),
            b.total,
            pct(b.read, b.total),
            b.written,
            r.stranded[i]
                .iter()
                .map(|(f, t)| format!("{f} in {t}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    println!();
}

/// Runs every scenario (or those `--only NAME[,NAME…]` names) and prints the table;
/// returns the exit code.
pub fn main() -> i32 {
    let args: Vec<String> = std::env::args().collect();
    let verbose = !args_have("--summary");
    let only = arg_value("--only");
    let bin = Binary {
        path: binary(),
        // Everything after `--` goes to asimi-prompt.
        extra: args
            .iter()
            .skip_while(|a| *a != "--")
            .skip(1)
            .cloned()
            .collect(),
    };
    if !bin.path.is_file() {
        eprintln!(
            "session-bench: {} not found; build it or pass --bin PATH",
            bin.path.display()
        );
        return 2;
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut rows = Vec::new();
    let mut relevance = Vec::new();
    let (mut sum_session, mut sum_bound, mut sum_limit, mut n) = (0.0, 0.0, 0.0, 0);
    for s in repos::scenarios() {
        if only
            .as_ref()
            .is_some_and(|o| !o.split(',').any(|n| n == s.name))
        {
            continue;
        }
        let r = match run(&s, &bin, dir.path()) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("session-bench: {}: {e}", s.name);
                return 1;
            }
        };
        if verbose {
            print_requests(&s, &r);
        }
        if !r.relevance.is_empty() {
            let (held, of) = r
                .relevance
                .iter()
                .fold((0, 0), |(h, n), (a, b)| (h + a, n + b));
            relevance.push(format!(
                "{}: the map held {:.1}% of the other files each task changed ({held} of {of}, every request)",
                s.name,
                100.0 * held as f64 / of.max(1) as f64
            ));
        }
        let a = Totals::of(&r.session, &r.info, FIRST_COUNTED);
        let b = Totals::of(&r.baseline, &r.info, FIRST_COUNTED);
        let reuse = a.pct(a.read);
        sum_session += reuse;
        sum_bound += a.pct(a.bound);
        sum_limit += a.pct(a.limit);
        n += 1;
        rows.push(format!(
            "| {} | {} | {} | {:.1}% | {:.1}% | {:.1}% | {:.1}% | {:.2} | {:.2}x | {:.2}x | {:.1}K / {:.1}K | {} | {} |",
            s.name,
            s.source.name(),
            s.model,
            reuse,
            b.pct(b.read),
            a.pct(a.bound),
            a.pct(a.limit),
            a.read as f64 / a.bound.max(1) as f64,
            a.relative_cost(),
            b.relative_cost(),
            a.per_request().0,
            a.per_request().1,
            r.stranded.iter().map(Vec::len).sum::<usize>(),
            r.rewritten.iter().sum::<usize>(),
        ));
    }
    println!(
        "Requests {FIRST_COUNTED} to the last of each session; reuse is tokens read from cache \
         over tokens sent; the upper bound is the longest prefix shared with an earlier \
         request, the content limit the share of it an earlier request sent in any \
         position; cost is relative to sending them uncached."
    );
    println!();
    println!("| session | repository | model | session reuse | baseline reuse | upper bound | content limit | session/bound | session cost | baseline cost | tokens / billed per request | settled outside L0/L1 | settled rewritten |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for row in rows {
        println!("{row}");
    }
    if n > 0 {
        println!(
            "| mean | | | {:.1}% | | {:.1}% | {:.1}% | | | | | | |",
            sum_session / n as f64,
            sum_bound / n as f64,
            sum_limit / n as f64
        );
    }
    for line in relevance {
        println!();
        println!("{line}");
    }
    0
}
