//! Deeply nested YAML is refused at once, naming where the nesting goes too deep, in every
//! document the tool reads: goal, spec, project config and `--data`. Before the depth
//! check, libyaml's quadratic scan took about a minute on 200 KB of `[`.

use crate::common;
use common::Test;

/// 1 MB of `[`: the pathological input, far past any depth limit.
fn brackets(prefix: &str) -> String {
    let n = 500_000;
    format!("{prefix}{}{}\n", "[".repeat(n), "]".repeat(n))
}

/// `FILE:1:COL: nesting too deep…`, COL being the 128th `[` after `prefix` (the mapping
/// around `prefix` is the first level).
fn too_deep(file: &str, prefix: &str, levels_before: usize) -> String {
    let col = prefix.len() + (128 - levels_before) + 1;
    format!(
        "{file}:1:{col}: nesting too deep: more than 128 levels of lists and maps; \
         flatten the document"
    )
}

#[test]
fn a_deep_goal_is_refused_naming_the_position() {
    let t = Test::new()
        .file(".asimi/goal.yaml", brackets("description: "))
        .args(["goal", "show"]);
    let path = t.work.join(".asimi/goal.yaml").display().to_string();
    let err = t.run().fails().to_string();
    assert_eq!(
        err.trim_end(),
        format!("asimi-prompt: {}", too_deep(&path, "description: ", 1))
    );
}

#[test]
fn a_deep_spec_is_refused() {
    let t = Test::new().file("spec.yaml", brackets("prompt: ")).args([
        "messages",
        "--model",
        "x",
        "--spec",
        "spec.yaml",
    ]);
    let err = t.run().fails().to_string();
    assert!(err.contains(&too_deep("spec.yaml", "prompt: ", 1)), "{err}");
}

#[test]
fn a_deep_project_config_is_refused() {
    let t = Test::new()
        .git()
        .file(".asimi/config.yaml", brackets("sections: "))
        .args(["system", "--model", "x"]);
    let err = t.run().fails().to_string();
    assert!(
        err.contains("nesting too deep: more than 128 levels"),
        "{err}"
    );
    assert!(err.contains(".asimi/config.yaml:1:"), "{err}");
}

#[test]
fn a_deep_model_registry_is_refused() {
    let t = Test::new()
        .file(".asimi/templates/models.yaml", brackets("models: "))
        .args(["system", "--model", "x"]);
    let err = t.run().fails().to_string();
    assert!(err.contains("models.yaml:1:"), "{err}");
    assert!(
        err.contains("nesting too deep: more than 128 levels"),
        "{err}"
    );
}

#[test]
fn deep_data_is_refused_and_a_deep_setting_stays_a_string() {
    let t = Test::new()
        .file("d.yaml", brackets(""))
        .args(["system", "--model", "x", "--data", "d.yaml"]);
    let err = t.run().fails().to_string();
    assert!(err.contains(&too_deep("d.yaml", "", 0)), "{err}");

    // A `--set` value that is not a scalar is taken as a string: a deep one too, at once.
    let deep = format!("V={}", "[".repeat(100_000));
    let out = Test::new()
        .file("t.tmpl", "{{len .V}}")
        .args(["template", "render", "t.tmpl", "--set", &deep])
        .run();
    assert_eq!(out.ok(), "100000");
}

#[test]
fn nesting_at_the_limit_is_accepted() {
    // 127 lists inside the top-level map: 128 levels, the most a document may have.
    let data = format!("x: {}1{}\n", "[".repeat(127), "]".repeat(127));
    let out = Test::new()
        .file("d.yaml", data)
        .file("t.tmpl", "{{len .x}}")
        .args(["template", "render", "t.tmpl", "--data", "d.yaml"])
        .run();
    assert_eq!(out.ok(), "1");
}
