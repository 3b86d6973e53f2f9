//! asimi-prompt: builds the prompts an LLM coding agent sends.
//!
//! Data flows one way: the command line (`cli`) and environment resolve into `settings`;
//! `facts` gathers what is true of the machine and repository; `model` shapes the data
//! templates see; `template` renders Go `text/template` (on minijinja) or Jinja; `prompt`
//! assembles the sections; `app` writes the result (`output`).

pub mod app;
pub mod cli;
pub mod cmd;
pub mod data;
pub mod digest;
pub mod documents;
pub mod error;
pub mod facts;
pub mod fs;
pub mod goal;
pub mod gojson;
pub mod map;
pub mod model;
pub mod output;
pub mod paths;
pub mod prompt;
pub mod request;
pub mod secrets;
pub mod settings;
pub mod source;
pub mod template;
pub mod tokens;
