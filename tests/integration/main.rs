//! The integration tests: one binary, one module per area. Every test binary links the
//! whole library and its dependencies, so a binary per file cost a link per file on each
//! change to `src/`. `cargo test NAME` still filters by test name, and `cargo test --test
//! integration AREA::` runs one area.
//!
//! `tests/mcp.rs` is a binary of its own: it is also the MCP server it tests, with its own
//! harness. So is `tests/external`: tests that need a tool the machine may lack, reported
//! ignored, with the reason, where it is missing (libtest cannot decide that at run time). The template engine's conformance and fuzz tests live in its crate
//! (`crates/gotemplate/tests`).

#[path = "../common/mod.rs"]
mod common;

mod agent;
mod apply;
mod architecture;
mod commit;
mod compress;
mod confinement;
mod deep_yaml;
mod file_selection;
mod fuzz_inputs;
mod generated_docs;
mod global_flags;
mod goals;
mod golden_prompts;
mod hermetic_ci;
mod history;
mod loop_server;
mod manual;
mod map_cli;
mod memo;
mod modes;
mod pack;
mod protocol;
mod readme;
mod recovery;
mod registry;
mod release_profile;
mod render_cache;
mod reply;
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
mod template_limits;
mod token_counts;
mod tools;
mod url_fetch;
mod usage;
