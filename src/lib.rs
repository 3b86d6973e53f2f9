//! asimi-prompt: builds the prompts an LLM coding agent sends.
//!
//! Data flows one way (ARCHITECTURE.md draws it): the command line (`cli`) reaches a
//! command in `cmd` through `app`; `facts` gathers where the run starts and `settings`
//! resolves flags, environment and config files purely over them; `prompt` renders the
//! sections with the workspace crate `gotemplate` (Go `text/template` on minijinja, or
//! Jinja; `template` holds what the app adds to it) over the data `model` defines; `request` plans, loads and lays out a request in cache tiers for a
//! provider; `output` writes the result.

pub mod app;
pub mod beneath;
pub mod cli;
pub mod cmd;
pub mod commit;
pub mod data;
pub mod digest;
pub mod documents;
pub mod edit;
pub mod error;
pub mod facts;
pub mod fetch;
pub mod fs;
pub mod git_index;
pub mod goal;
pub mod map;
pub mod mcp;
pub mod memo;
pub mod model;
pub mod output;
pub mod paths;
pub mod progress;
pub mod prompt;
pub mod prompt_data;
pub mod reply;
pub mod request;
pub mod review;
pub mod secrets;
pub mod select;
pub mod settings;
pub mod template;
pub mod tokens;
pub mod tools;
pub mod written;
