//! The conformance cases against their generator, `fixtures/cases.py`, which needs
//! python3: a harness of its own (libtest-mimic), so that where python3 is missing the
//! test is reported ignored with the reason, never `ok` (and fails under CI, where
//! `.ci/run` installs it). The cases themselves run in `go_conformance`.

use serde_json::Value as Json;

/// Every case keeps the inputs its generator gives it: `cases.py` is rerun and each
/// case's template, data (`data` or `data_json`) and missingkey must be what
/// `cases.json` holds, so a regeneration that drops a case's data (six cases once ran
/// against nil data this way) fails here.
fn cases_json_holds_what_the_generator_gives() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let out = std::process::Command::new("python3")
        .arg(dir.join("cases.py"))
        .output()
        .expect("python3 runs cases.py");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let generated: Vec<Json> = serde_json::from_slice(&out.stdout).unwrap();
    let committed: Vec<Json> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("cases.json")).unwrap()).unwrap();
    assert_eq!(generated.len(), committed.len());
    for (g, c) in generated.iter().zip(&committed) {
        for key in ["name", "template", "data", "data_json", "missingkey"] {
            assert_eq!(g.get(key), c.get(key), "{}: {key}", g["name"]);
        }
    }
}

/// Why the generator cannot run here (python3 is missing), or `None`.
fn missing_python() -> Option<String> {
    let runs = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    (!runs).then(|| "python3 is not installed; .ci/run installs it".to_string())
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let trial =
        libtest_mimic::Trial::ignorable_test("cases_json_holds_what_the_generator_gives", || {
            match missing_python() {
                Some(why) if std::env::var_os("CI").is_some() => {
                    Err(format!("CI is set, so nothing may be ignored: {why}").into())
                }
                Some(why) => Ok(libtest_mimic::Completion::ignored_with(why)),
                None => {
                    cases_json_holds_what_the_generator_gives();
                    Ok(libtest_mimic::Completion::Completed)
                }
            }
        });
    libtest_mimic::run(&args, vec![trial]).exit();
}
