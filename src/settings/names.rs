//! The names settings are known by: sections, modes, environment variables and files.

/// The prompt's sections, in the order they are assembled. `map` (how to read the
/// repository map) is in a request's system prompt only, when the request carries one.
pub const SECTIONS: &[&str] = &[
    "base",
    "map",
    "tools",
    "goal",
    "skills",
    "sandbox",
    "git",
    "context",
    "instructions",
    "memory",
];

/// Environment variable names.
pub mod env {
    pub const SYSTEM_MD: &str = "ASIMI_SYSTEM_MD";
    pub const WRITE_SYSTEM_MD: &str = "ASIMI_WRITE_SYSTEM_MD";
    pub const APPEND_SYSTEM_MD: &str = "ASIMI_APPEND_SYSTEM_MD";
    pub const MODEL: &str = "ASIMI_MODEL";
    /// The operational mode (like `--mode`).
    pub const MODE: &str = "ASIMI_MODE";
    pub const CONFIG_DIR: &str = "ASIMI_CONFIG_DIR";
    /// Where `--session` state is kept (overrides the project's and the user's).
    pub const STATE_DIR: &str = "ASIMI_STATE_DIR";
    /// `ASIMI_PROMPT_<SECTION>=0` switches a section off.
    pub const SECTION_PREFIX: &str = "ASIMI_PROMPT_";
    pub const SANDBOX: &str = "SANDBOX";
    pub const SHELL: &str = "SHELL";
    pub const SOURCE_DATE_EPOCH: &str = "SOURCE_DATE_EPOCH";
    /// `1`/`true` turns hermetic mode on (like `--hermetic`).
    pub const HERMETIC: &str = "ASIMI_HERMETIC";
    /// The agent's name (like `--agent-name`).
    pub const AGENT_NAME: &str = "ASIMI_AGENT_NAME";
    /// `0`/`false` asks for the non-interactive prompt (like `--non-interactive`).
    pub const INTERACTIVE: &str = "ASIMI_INTERACTIVE";
}

/// The `.Env` facts a `--set KEY=VALUE` pins in hermetic mode (every other fact is blank
/// there, apart from `Cwd` and `ProjectRoot`, which become repo-relative).
pub const HERMETIC_PINS: [&str; 6] = ["OS", "Shell", "Cwd", "ProjectRoot", "Home", "Branch"];

/// File names and directories.
pub mod files {
    /// The project's own directory.
    pub const PROJECT_DIR: &str = ".asimi";
    pub const CONFIG: &str = "config.yaml";
    pub const MEMORY: &str = "memory.md";
    pub const TEMPLATES: &str = "templates";
    /// Session state, under `.asimi/` or the user state directory.
    pub const STATE: &str = "state";
    /// Where `ASIMI_SYSTEM_MD=1` looks (in the repo root, then the home directory).
    pub const GEMINI_DIR: &str = ".gemini";
    pub const SYSTEM_MD: &str = "system.md";
    pub const DEFAULT_CONTEXT_FILE: &str = "AGENTS.md";
    /// Registered prompts: `<config dir>/prompts/` and `.asimi/prompts/`.
    pub const PROMPTS: &str = "prompts";
    /// The project's goal, under `.asimi/`.
    pub const GOAL: &str = "goal.yaml";
}

/// The operational modes, in the order help text lists them.
pub const MODES: &[&str] = &["assistant", "developer", "planning", "debugger", "user"];
/// The mode used when none is given.
pub const DEFAULT_MODE: &str = "assistant";

/// Whether `mode` is one of [`MODES`].
pub fn is_mode(mode: &str) -> bool {
    MODES.contains(&mode)
}

/// `Settings::model_source` for a model from `Flags::default_model`.
pub const MODEL_FROM_DEFAULT: &str = "default";
