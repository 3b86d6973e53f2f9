//! The integration tests: one binary, one module per area. Every test binary links the
//! whole library and its dependencies, so a binary per file cost a link per file on each
//! change to `src/` (issue 34, item 11). `cargo test NAME` still filters by test name, and
//! `cargo test --test integration AREA::` runs one area.
//!
//! Binaries of their own: `mcp.rs`, which is also the MCP server it tests (its own
//! harness), and the template engine's `go_conformance.rs`, `fuzz_template.rs` and
//! `template_limits.rs`, which move with the engine into its crate.

#[path = "../common/mod.rs"]
mod common;

mod architecture;
mod commit;
mod compress;
mod deep_yaml;
mod file_selection;
mod fuzz_inputs;
mod generated_docs;
mod global_flags;
mod goals;
mod golden_prompts;
mod hermetic_ci;
mod history;
mod map_cli;
mod map_recall;
mod modes;
mod progress;
mod readme;
mod registry;
mod request_cli;
mod request_defaults;
mod request_golden;
mod request_properties;
mod reuse_simulation;
mod review;
mod secrets;
mod sessions;
mod system_check;
mod system_config;
mod system_md;
mod system_sections;
mod template_cli;
mod token_counts;
mod url_fetch;
