//! What a render holds in memory, measured by the allocator ([`Metered`] counts every
//! byte a render allocates): a template that asks for far more than its byte budget is
//! refused before it holds more than the budget and a small constant. A check of the
//! message alone passes when a builtin builds the gigabytes first.

use gotemplate::{json, last_peak, Engine, Limit, Limits, Metered, MissingKey, Syntax};

#[global_allocator]
static ALLOCATOR: Metered<std::alloc::System> = Metered::measuring(std::alloc::System);

/// The byte budget of every case.
const BUDGET: u64 = 1 << 20;

/// What a refused render may hold: its output, the string being refused up to the
/// budget, and the engine's own state.
const MOST_HELD: u64 = 3 * BUDGET + (1 << 20);

const DATA: &str = r#"{"L": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42,
    43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65,
    66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88,
    89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]}"#;

/// Renders `source` within [`BUDGET`]: the error, and the most the render held.
fn refused(source: &str, syntax: Syntax) -> (gotemplate::Error, u64) {
    let mut engine = Engine::new(MissingKey::Default);
    engine.set_limits(Limits {
        bytes: BUDGET,
        ..Limits::default()
    });
    let data = json::decode(DATA).unwrap();
    let result = engine
        .add("t", source, syntax)
        .and_then(|()| engine.render("t", &data));
    (result.expect_err(source), last_peak())
}

fn assert_refused_within_budget(source: &str, syntax: Syntax) {
    let (error, held) = refused(source, syntax);
    assert_eq!(error.limit(), Some(Limit::Bytes), "{source}: {error}");
    assert!(
        held <= MOST_HELD,
        "{source}: held {held} bytes, more than {MOST_HELD}"
    );
}

/// Each element is padded within the budget, but not all hundred: `printf` must count
/// what it has already written (gofmt.rs `fits`).
#[test]
fn a_printf_width_over_a_list_holds_no_more_than_its_budget() {
    assert_refused_within_budget(r#"{{printf "%900000v" .L}}"#, Syntax::Go);
    assert_refused_within_budget(r#"{{printf "%.900000f %.900000f" 1.0 2.0}}"#, Syntax::Go);
}

/// The escape of 2026-12: `tojson(indent=N)` built gigabytes before it was charged.
#[test]
fn tojson_with_a_huge_indent_holds_no_more_than_its_budget() {
    assert_refused_within_budget(
        "{{ (range(50000)|list|tojson(indent=200000))|length }}",
        Syntax::Jinja,
    );
}

/// Every builtin that builds from a size the template chooses.
#[test]
fn filters_sized_by_the_template_hold_no_more_than_their_budget() {
    for source in [
        "{{ ('x\n' * 100)|indent(1000000)|length }}",
        "{{ range(100000)|join('x' * 100000)|length }}",
        "{{ ([('x' * 100000)] * 1000)|join|length }}",
        "{{ ('x' * 1000)|replace('x', 'y' * 100000)|length }}",
        "{{ '%9000000s%9000000s'|format(1, 2)|length }}",
        "{{ ([('x' * 100000)] * 1000)|pprint|length }}",
        "{{ ([('x' * 100000)] * 1000)|string|length }}",
        "{% set l = [('x' * 100000)] * 1000 %}{{ debug()|length }}",
    ] {
        assert_refused_within_budget(source, Syntax::Jinja);
    }
}

/// A render within its budget is counted too, and holds about what it writes.
#[test]
fn a_render_within_its_budget_is_measured() {
    let mut engine = Engine::new(MissingKey::Default);
    engine.set_limits(Limits {
        bytes: BUDGET,
        ..Limits::default()
    });
    engine
        .add("t", r#"{{printf "%500000d" 1}}"#, Syntax::Go)
        .unwrap();
    let out = engine.render("t", &json::decode("null").unwrap()).unwrap();
    assert_eq!(out.len(), 500_000);
    let held = last_peak();
    assert!((500_000..=MOST_HELD).contains(&held), "held {held}");
}
