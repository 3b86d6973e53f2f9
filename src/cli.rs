//! The command line as the user typed it (clap derive types only). Resolved settings
//! live in `settings`; `completions/` and `man/` are generated from these definitions.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::facts::sandbox::Sandbox;
use crate::request::input::RequestFlags;
use crate::secrets;
use crate::settings::Flags;
use gotemplate::{MissingKey, Syntax};

/// A clap value enum that stands for an enum of the library's, variant for variant, so
/// that clap stays in this module. The doc comments are the values' help.
macro_rules! value_enum {
    ($(#[$meta:meta])* $name:ident => $target:ty { $($(#[$vmeta:meta])* $variant:ident,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
        pub enum $name { $($(#[$vmeta])* $variant,)* }

        impl From<$name> for $target {
            fn from(v: $name) -> $target {
                match v { $($name::$variant => <$target>::$variant,)* }
            }
        }
    };
}

value_enum! {
    /// `--sandbox`.
    SandboxArg => Sandbox {
        /// Read the `SANDBOX` variable: `sandbox-exec` is macOS, any other value generic,
        /// unset none.
        Auto,
        /// macOS Seatbelt (`sandbox-exec`).
        Macos,
        /// A container or other sandbox.
        Generic,
        /// No sandbox.
        None,
    }
}

value_enum! {
    /// `--protocol`.
    ProtocolArg => crate::prompt_data::Protocol {
        /// The agent's tools, by name (`--tool-name`): for an agent that brings its own.
        Tools,
        /// Edit blocks in the reply, which `apply` writes; no tool is named.
        Edits,
    }
}

value_enum! {
    /// `--system-role`.
    SystemRoleArg => crate::request::providers::SystemRole {
        System,
        /// o1 and later models call it `developer`.
        Developer,
    }
}

value_enum! {
    /// `--secrets`.
    SecretsArg => crate::secrets::Mode {
        /// Replace each secret with `[REDACTED:<rule>]` and report it on stderr.
        Redact,
        /// Refuse the request (exit 2), naming each secret's place and rule.
        Error,
        /// Send the content as it is.
        Allow,
    }
}

value_enum! {
    /// `--missingkey`.
    MissingKeyArg => MissingKey {
        /// Print `<no value>` (Go's default, also called `invalid`).
        Default,
        /// The map element type's zero value (for `map[string]any` also `<no value>`).
        Zero,
        /// Stop with an error.
        Error,
    }
}

const ABOUT: &str = "Builds the prompts an LLM coding agent sends.";

const LONG_ABOUT: &str = "\
Builds the prompts an LLM coding agent sends: the system prompt, from Go text/template or \
Jinja templates, with mode, goal, skills, sandbox, git, AGENTS.md context, instructions and \
user-memory sections; with `messages`, the full request JSON for Anthropic, OpenAI, \
OpenRouter or Gemini, laid out in cache tiers; with `compress`, the request that distills a \
conversation into a <state_snapshot>; and with `goal`, the goal the prompt carries.

With no command, prints the system prompt (the same as `asimi-prompt system`).";

/// What `-h` ends with: the commonest uses; `--help` has every option, the environment and
/// more examples.
const SYSTEM_SHORT_HELP: &str = "\
Examples:
  asimi-prompt --model gpt-5.4 --mode planning
  asimi-prompt system --check prompts/system.txt     # CI: exit 1 and a diff when it moved
More options, the environment variables and examples: --help";

const MESSAGES_SHORT_HELP: &str = "\
Examples:
  asimi-prompt messages --prompt 'Fix the bug' --file src/lib.rs | curl ... --data-binary @-
  git ls-files '*.rs' | asimi-prompt messages --files-from - --prompt 'Review' --session work
More options (URLs, review, tiers, Gemini's explicit caching...) and examples: --help";

const CONTEXT_SHORT_HELP: &str = "\
Examples:
  asimi-prompt context --file src/ --prompt 'Review' --files
  asimi-prompt context --session work --json | jq .reuse
More options and examples: --help";

const SYSTEM_AFTER_HELP: &str = "\
Environment:
  ASIMI_SYSTEM_MD         Use a file as the base prompt: a path (~ and relative paths work),
                          1/true for ~/.gemini/system.md (never the project's copy),
                          0/false/empty for the built-in prompt.
  ASIMI_WRITE_SYSTEM_MD   Also write the rendered base prompt to a file (same values).
  ASIMI_APPEND_SYSTEM_MD  A Markdown file appended as the instructions section.
  ASIMI_MODEL             The model (like --model).
  ASIMI_MODE              The operational mode (like --mode).
  ASIMI_PROMPT_<SECTION>  0/false switches a section off (e.g. ASIMI_PROMPT_GIT=0).
  ASIMI_CONFIG_DIR        The user config directory (default: <config dir>/asimi-prompt).
  ASIMI_TEMPLATE_FUEL     The execution budget of each template render (like --template-fuel).
  ASIMI_TEMPLATE_BYTES    The byte budget of each template render (like --template-bytes).
  ASIMI_HERMETIC          1/true: read no user config, home or environment (like --hermetic).
  ASIMI_STATE_DIR         Where sessions keep their state (default: .asimi/state/ in the
                          project, else the user's state directory).
  NO_COLOR                Set to anything: no colour in diffs and progress bars.
  SANDBOX                 Read by --sandbox auto: sandbox-exec means macOS Seatbelt.
  SOURCE_DATE_EPOCH       Fixes {{.Env.Date}} for reproducible output.

Examples:
  asimi-prompt --model claude-sonnet-5-5
  asimi-prompt system --check prompts/system.txt      # CI: exit 1 and a diff on drift
  asimi-prompt system --json | jq '.sections[].name'";

/// asimi-prompt's command line.
#[derive(Debug, Parser)]
#[command(
    name = "asimi-prompt",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    args_conflicts_with_subcommands = true,
    after_help = SYSTEM_SHORT_HELP,
    after_long_help = SYSTEM_AFTER_HELP
)]
pub struct Cli {
    /// Run as if started in DIR (like git -C).
    #[arg(short = 'C', long = "cwd", value_name = "DIR", global = true)]
    pub cwd: Option<PathBuf>,

    /// The execution budget of each template render, in steps (default 10000000); a
    /// template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel.
    #[arg(help_heading = "Templates", hide_short_help = true, long, value_name = "N", global = true, env = "ASIMI_TEMPLATE_FUEL",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub template_fuel: Option<u64>,

    /// The byte budget of each template render: what it writes and the strings its
    /// functions build (default 64M); a template that produces more fails. Takes bytes, or
    /// K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes.
    #[arg(help_heading = "Templates", hide_short_help = true, long, value_name = "N", global = true, env = "ASIMI_TEMPLATE_BYTES",
          value_parser = parse_bytes)]
    pub template_bytes: Option<u64>,

    #[command(subcommand)]
    pub command: Option<Command>,

    /// Options for printing the system prompt when no command is given.
    #[command(flatten)]
    pub system: SystemArgs,
}

impl Cli {
    /// Parses the command line, with the options typed before a subcommand read as that
    /// subcommand's own (`asimi-prompt -C dir --model m system` is `system -C dir --model
    /// m`): the top-level options are the `system` options, which must not be mixed with a
    /// subcommand, so clap alone would refuse them there.
    /// As `Cli::parse_from`, with one command tree for both steps: building it was a
    /// quarter of the heap pages a short run touched.
    pub fn parse_args(args: impl IntoIterator<Item = OsString>) -> Cli {
        let mut root = Cli::command();
        let args = options_after_subcommand(&root, args.into_iter().collect());
        let mut matches = root
            .try_get_matches_from_mut(args)
            .unwrap_or_else(|e| e.exit());
        // The tree lives to the process's end, as the run ends without dropping anything
        // (main.rs): dropping it took 6% of a short run's instructions.
        std::mem::forget(root);
        Cli::from_arg_matches_mut(&mut matches)
            .unwrap_or_else(|e| e.format(&mut Cli::command()).exit())
    }
}

/// Moves the options before the first subcommand (and its nested subcommands, as in
/// `goal show`) to just after it. A word is a subcommand unless it is the value of the
/// option before it, which clap's own definitions tell (`root`: `Cli::command()`).
/// Nothing moves after `--`.
pub fn options_after_subcommand(root: &clap::Command, mut args: Vec<OsString>) -> Vec<OsString> {
    let names_subcommand = |w: &OsString| w.to_str().is_some_and(|w| subcommand(root, w).is_some());
    // The subcommands' own options are deferred (see `Command`), and built only when a
    // subcommand follows an option.
    let mut whole: Option<clap::Command> = None;
    let mut i = 1;
    while i < args.len() {
        let word = args[i].to_str().unwrap_or_default();
        // `--version` belongs to the top level alone; `--` ends the options.
        if word == "--" || word == "--version" || word == "-V" {
            break;
        }
        if let Some(mut cmd) = subcommand(root, word) {
            let mut end = i + 1;
            while let Some(sub) = args.get(end).and_then(|a| subcommand(cmd, a.to_str()?)) {
                cmd = sub;
                end += 1;
            }
            args[1..end].rotate_left(i - 1);
            break;
        }
        if !args[i + 1..].iter().any(names_subcommand) {
            break;
        }
        let whole = whole.get_or_insert_with(|| {
            let mut cmd = Cli::command();
            cmd.build();
            cmd
        });
        i += if takes_value(whole, word) { 2 } else { 1 };
    }
    args
}

fn subcommand<'a>(cmd: &'a clap::Command, word: &str) -> Option<&'a clap::Command> {
    cmd.get_subcommands()
        .find(|s| s.get_name() == word || s.get_all_aliases().any(|a| a == word))
}

/// Whether `word` is an option (of any command) that takes its value from the next word.
fn takes_value(root: &clap::Command, word: &str) -> bool {
    let matches = |arg: &clap::Arg| -> bool {
        if let Some(long) = word.strip_prefix("--") {
            arg.get_long() == Some(long)
        } else if let Some(short) = word.strip_prefix('-') {
            short.chars().count() == 1
                && arg.get_short().map(String::from).as_deref() == Some(short)
        } else {
            false
        }
    };
    fn any_arg(cmd: &clap::Command, f: &dyn Fn(&clap::Arg) -> bool) -> bool {
        cmd.get_arguments().any(f) || cmd.get_subcommands().any(|s| any_arg(s, f))
    }
    any_arg(root, &|a| matches(a) && a.get_action().takes_values())
}

/// `defer`: a run builds the arguments of the subcommand it runs, not of all thirteen;
/// building them all was most of the page faults of a run's start.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Print the full system prompt (the default command).
    #[command(after_help = SYSTEM_SHORT_HELP, after_long_help = SYSTEM_AFTER_HELP)]
    System(SystemArgs),
    /// Write the rendered base prompt to a file, for editing and use with ASIMI_SYSTEM_MD.
    #[command(after_help = "\
Without PATH, writes where ASIMI_SYSTEM_MD points, or ~/.gemini/system.md.

Keep it live with --template: a plain export is frozen text (its mode, tier, tool names,
branch and working directory stay as they were), while a .tmpl export is rendered on every
run, so --mode, --context-window and git facts keep working.

Examples:
  asimi-prompt export ~/.gemini/system.md && ASIMI_SYSTEM_MD=1 asimi-prompt
  asimi-prompt export --template my-prompt.md.tmpl   # the template, to edit and render
  asimi-prompt export --check .gemini/system.md      # CI: has the built-in prompt moved?")]
    Export(ExportArgs),
    /// Print a request body: system prompt, cached tiers, files, history and prompt, as
    /// a provider's JSON.
    #[command(after_help = MESSAGES_SHORT_HELP, after_long_help = MESSAGES_AFTER_HELP)]
    Messages(MessagesArgs),
    /// Show what a request holds per cache tier, and the cache reuse to expect against
    /// the session's previous request.
    #[command(after_help = CONTEXT_SHORT_HELP, after_long_help = CONTEXT_AFTER_HELP)]
    Context(ContextArgs),
    /// Print a request body that asks the model to compress a conversation into a
    /// <state_snapshot>, or with --prompt-only the compression prompt alone.
    #[command(after_help = COMPRESS_AFTER_HELP)]
    Compress(CompressArgs),
    /// Read a provider's response on standard input (JSON or a stream), print the
    /// assistant's text as it arrives, and with --session add the turn to the session.
    #[command(after_help = REPLY_AFTER_HELP)]
    Reply(ReplyArgs),
    /// Print a request body that asks the model for a commit message for the staged
    /// changes, or with --prompt-only the commit prompt alone.
    #[command(after_help = COMMIT_AFTER_HELP)]
    Commit(CommitArgs),
    /// Print the repository's symbol map (legend and one block per file), or its
    /// symbols as JSON.
    #[command(after_help = MAP_AFTER_HELP)]
    Map(MapArgs),
    /// Apply the edit blocks in an LLM's reply to the project's files, and print what
    /// became of each block.
    #[command(after_help = apply_after_help())]
    Apply(ApplyArgs),
    /// Show the goal, or update it from the markers in an LLM's output.
    #[command(subcommand)]
    Goal(GoalCommand),
    /// Render, convert and list templates (Go text/template or Jinja syntax), and list
    /// the registered prompts.
    #[command(subcommand)]
    Template(TemplateCommand),
    /// Fetch prompts from MCP servers (see `template list --prompts` for their ids).
    #[command(subcommand)]
    Prompt(PromptCommand),
    /// List the model registry: limits, minimum cacheable prompt, prices, end of life.
    #[command(after_help = "\
Names are the registry's patterns: the first pattern that matches a model name describes
it (a trailing * also matches dated ids). Prices are US dollars per million tokens; a
dash is a figure the registry does not have. Entries marked (fallback) stand in for
names no entry describes, with their family's figures.

Examples:
  asimi-prompt models                      # every entry
  asimi-prompt models 'claude-*'           # entries whose pattern matches the glob
  asimi-prompt models --json | jq '.models[] | select(.deprecated)'")]
    Models(ModelsArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Print the man page, or write all man pages to a directory.
    Man(ManArgs),
}

// `--goal FILE`.
#[derive(Debug, Clone, Default, Args)]
pub struct GoalArg {
    /// The goal file (default: .asimi/goal.yaml in the project); an active goal becomes
    /// the prompt's goal section.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        id = "goal",
        long = "goal",
        value_name = "FILE"
    )]
    pub path: Option<String>,
}

// The MCP servers a command may ask for prompts, and how.
#[derive(Debug, Clone, Default, Args)]
pub struct McpArgs {
    /// A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code
    /// (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable
    /// HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable).
    #[arg(
        help_heading = "MCP",
        hide_short_help = true,
        long = "mcp-config",
        value_name = "FILE"
    )]
    pub mcp_config: Vec<String>,
    /// An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces
    /// (repeatable).
    #[arg(
        help_heading = "MCP",
        hide_short_help = true,
        long = "mcp-server",
        value_name = "NAME=COMMAND"
    )]
    pub mcp_server: Vec<String>,
    /// Start the project's own MCP servers (.asimi/config.yaml mcp_servers); without it
    /// they are listed but not started.
    #[arg(help_heading = "MCP", hide_short_help = true, long)]
    pub trust_project_mcp: bool,
    /// Seconds each MCP step (start, list, get) may take (default 10; config
    /// mcp_timeout). A server's own `timeout` (milliseconds, as gemini-cli reads it)
    /// takes its place for that server.
    #[arg(
        help_heading = "MCP",
        hide_short_help = true,
        long,
        value_name = "SECS"
    )]
    pub mcp_timeout: Option<f64>,
    /// Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a
    /// warning.
    #[arg(help_heading = "MCP", hide_short_help = true, long)]
    pub require_mcp: bool,
}

#[derive(Debug, Args)]
pub struct ModelsArgs {
    /// Only entries whose pattern matches this glob (`*` is any run of characters).
    #[arg(value_name = "GLOB")]
    pub filter: Option<String>,
    /// Print the entries as JSON, with their sources.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub templates: TemplatesArg,
}

// `--templates DIR`.
#[derive(Debug, Clone, Default, Args)]
pub struct TemplatesArg {
    /// A template directory searched before the project's, the user's and the built-in
    /// templates.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        id = "templates",
        long = "templates",
        value_name = "DIR"
    )]
    pub dir: Option<String>,
}

// `--data` and `--set`: the values templates see (under .Vars in the prompt).
#[derive(Debug, Clone, Default, Args)]
pub struct VarsArgs {
    /// A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from
    /// standard input); several are deep-merged in order. The system prompt's templates
    /// (and template render --prompt-data) see the data as .Vars.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long = "data",
        value_name = "FILE"
    )]
    pub data: Vec<String>,
    /// Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest
    /// (Tools.Grep=rg). Applied after --data.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long = "set",
        value_name = "KEY=VALUE"
    )]
    pub set: Vec<String>,
}

// Options that shape the base prompt and the data templates see (shared by `system`,
// the request commands and `export`).
#[derive(Debug, Clone, Default, Args)]
pub struct BaseArgs {
    /// The model (`asimi-prompt models` lists them).
    ///
    /// It picks the base prompt family and the limits. Default: ASIMI_MODEL, then config,
    /// then claude-sonnet-5-5 (with --provider, that provider's default).
    #[arg(help_heading = "Model and provider", long, value_name = "NAME", value_parser = Offered(model_names), hide_possible_values = true)]
    pub model: Option<String>,
    /// The operational mode: assistant, developer, planning, debugger or user.
    ///
    /// Default: ASIMI_MODE, then config, then assistant.
    #[arg(help_heading = "System prompt", long, value_name = "MODE", value_parser = Offered(mode_names), hide_possible_values = true)]
    pub mode: Option<String>,
    /// The context window in tokens (default: the model's).
    ///
    /// It picks the mode's tier, and for requests the window they must fit.
    #[arg(help_heading = "Model and provider", long = "context-window", value_name = "N", value_parser = parse_context_window)]
    pub context_window: Option<u64>,
    /// The sandbox to describe; auto reads the SANDBOX variable.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        value_enum,
        value_name = "KIND"
    )]
    pub sandbox: Option<SandboxArg>,
    #[command(flatten)]
    pub templates: TemplatesArg,
    /// A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep,
    /// glob, edit, shell, read_many_files, memory, ls).
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long = "tool-name",
        value_name = "KEY=NAME"
    )]
    pub tool_name: Vec<String>,
    /// How the prompt says the model changes files: through the agent's tools, or through
    /// edit blocks in its reply. Default: tools for system and export; for requests, tools
    /// with --tools and edits without (the body carries no tools).
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        value_enum,
        value_name = "HOW"
    )]
    pub protocol: Option<ProtocolArg>,
    #[command(flatten)]
    pub goal: GoalArg,
    /// Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji.
    #[arg(help_heading = "System prompt", hide_short_help = true, long)]
    pub ascii: bool,
    #[command(flatten)]
    pub vars: VarsArgs,
    /// Read no user config, memory, home or environment; render the working directory
    /// and project root repo-relative and other machine facts blank unless pinned with
    /// --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config
    /// hermetic; the default with --check.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        overrides_with = "no_hermetic"
    )]
    pub hermetic: bool,
    /// Not hermetic, even with --check.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        overrides_with = "hermetic"
    )]
    pub no_hermetic: bool,
    /// The agent's name, which the base prompt's first sentence gives (config
    /// agent_name; none by default).
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        value_name = "NAME"
    )]
    pub agent_name: Option<String>,
    /// The prompt for an agent someone answers: questions and confirmations allowed (the
    /// default, unless the config says `interactive: false`).
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        overrides_with = "non_interactive"
    )]
    pub interactive: bool,
    /// The prompt for an agent no one answers: no questions back; it makes reasonable
    /// assumptions, states them and carries on.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        overrides_with = "interactive"
    )]
    pub non_interactive: bool,
}

impl BaseArgs {
    /// `--hermetic` or `--no-hermetic`, whichever came last; `None` if neither.
    pub fn hermetic(&self) -> Option<bool> {
        either(self.hermetic, self.no_hermetic)
    }

    /// `--interactive` or `--non-interactive`, whichever came last; `None` if neither.
    pub fn interactive(&self) -> Option<bool> {
        either(self.interactive, self.non_interactive)
    }
}

// Options that shape the system prompt: the base's, and the other sections' (`export`
// writes only the base prompt, so it takes only [`BaseArgs`]).
#[derive(Debug, Clone, Default, Args)]
pub struct PromptArgs {
    #[command(flatten)]
    pub base: BaseArgs,
    /// Leave a section out (base, map, tools, goal, skills, sandbox, git, context,
    /// instructions, memory; map is in requests with a symbol map only, tools in requests
    /// with --tools only).
    #[arg(
        help_heading = "System prompt",
        long = "no-section",
        value_name = "NAME"
    )]
    pub no_section: Vec<String>,
    /// Text to append as the instructions section, or @FILE to append a file.
    // Markdown text often starts with "- " (a list), so a leading hyphen is a value here.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        value_name = "TEXT|@FILE",
        allow_hyphen_values = true
    )]
    pub append_system_prompt: Option<String>,
    /// The user memory text (default: memory.md in the user config directory).
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        value_name = "TEXT",
        conflicts_with = "memory_file",
        allow_hyphen_values = true
    )]
    pub memory: Option<String>,
    /// A file holding the user memory.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        value_name = "FILE"
    )]
    pub memory_file: Option<String>,
    /// A context file name to look for (repeatable; replaces the default AGENTS.md).
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long = "context-file",
        value_name = "NAME"
    )]
    pub context_file: Vec<String>,
    /// Add a registered prompt to the skills section (repeatable; see `template list
    /// --prompts`); SERVER:PROMPT fetches an MCP server's prompt.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long = "skill",
        value_name = "ID"
    )]
    pub skill: Vec<String>,
    /// An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config
    /// skill_args).
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long = "skill-arg",
        value_name = "ID.KEY=VALUE"
    )]
    pub skill_arg: Vec<String>,
    #[command(flatten)]
    pub mcp: McpArgs,
    /// Add the sanity check (sanity-reality-check) at the end of the skills section: the
    /// default, unless the config says `sanity: false`.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        overrides_with = "no_sanity"
    )]
    pub sanity: bool,
    /// Leave the sanity check out.
    #[arg(
        help_heading = "System prompt",
        hide_short_help = true,
        long,
        overrides_with = "sanity"
    )]
    pub no_sanity: bool,
}

impl PromptArgs {
    /// `--sanity` or `--no-sanity`, whichever came last; `None` if neither.
    pub fn sanity(&self) -> Option<bool> {
        either(self.sanity, self.no_sanity)
    }
}

/// A pair of flags that override each other (`--X`, `--no-X`): `Some(true)` for the
/// first, `Some(false)` for the second, `None` for neither.
fn either(on: bool, off: bool) -> Option<bool> {
    match (on, off) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    }
}

/// `--template-bytes N`: a positive number of bytes, with an optional K, M or G.
fn parse_bytes(value: &str) -> Result<u64, String> {
    crate::template::parse_bytes(value)
}

/// `--context-window N`: a positive whole number of tokens.
fn parse_context_window(value: &str) -> Result<u64, String> {
    match value.trim().parse::<u64>() {
        Ok(0) => Err("the context window must be at least 1 token".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a positive whole number of tokens, e.g. 8192".to_string()),
    }
}

pub use crate::request::input::spec::MAX_TOKENS_ZERO;

/// `--max-tokens N`: a positive whole number of tokens.
fn parse_url_ttl(value: &str) -> Result<std::time::Duration, String> {
    crate::fetch::parse_ttl(value)
}

fn parse_max_tokens(value: &str) -> Result<u64, String> {
    match value.trim().parse::<u64>() {
        Ok(0) => Err(MAX_TOKENS_ZERO.to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a positive whole number of tokens, e.g. 4096".to_string()),
    }
}

// `--check`/`--update` for CI.
#[derive(Debug, Clone, Default, Args)]
pub struct CheckArgs {
    /// Compare the output with FILE: exit 0 if equal, else exit 1 and print a diff.
    #[arg(long, value_name = "FILE")]
    pub check: Option<PathBuf>,
    /// With --check, rewrite FILE instead of failing.
    #[arg(long, requires = "check")]
    pub update: bool,
}

#[derive(Debug, Clone, Default, Args)]
pub struct SystemArgs {
    #[command(flatten)]
    pub prompt: PromptArgs,
    #[command(flatten)]
    pub check: CheckArgs,
    /// Print the sections as JSON (name, source, bytes and text of each).
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    /// Where to write, or - for standard output (default: the ASIMI_SYSTEM_MD path, or
    /// the file ASIMI_SYSTEM_MD=1 reads).
    #[arg(value_name = "PATH|-")]
    pub path: Option<String>,
    #[command(flatten)]
    pub prompt: BaseArgs,
    /// Write the base template's source instead of the rendered text, so that --mode,
    /// --context-window and environment facts stay live (name the file *.tmpl).
    #[arg(long)]
    pub template: bool,
    /// Overwrite a file whose content differs.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub check: CheckArgs,
}

#[derive(Debug, Subcommand)]
pub enum TemplateCommand {
    /// Render a template and print exactly the rendered bytes (no newline is added).
    #[command(after_help = "\
Examples:
  asimi-prompt template render prompt.tmpl --set Name=Ada
  asimi-prompt template render prompt.tmpl --data vars.yaml --data local.json
  echo '{{.Name}}' | asimi-prompt template render - --set Name=Ada
  asimi-prompt template render my-system.md.tmpl --prompt-data --mode planning")]
    Render(RenderArgs),
    /// Print the Jinja translation of a Go template. Rendered by asimi-prompt's Jinja
    /// engine it gives the same bytes as the Go original.
    Convert(ConvertArgs),
    /// List the templates in use: name, syntax and where each was found.
    List(ListArgs),
}

/// Where a template's syntax comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SyntaxChoice {
    /// By file name: .j2, .jinja and .jinja2 are Jinja; anything else is Go.
    Auto,
    /// Go text/template.
    Go,
    /// Jinja (minijinja).
    Jinja,
}

impl SyntaxChoice {
    /// The syntax for a template called `name`.
    pub fn resolve(self, name: &str) -> Syntax {
        match self {
            SyntaxChoice::Auto => Syntax::for_name(name),
            SyntaxChoice::Go => Syntax::Go,
            SyntaxChoice::Jinja => Syntax::Jinja,
        }
    }
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The template file, or - for standard input.
    #[arg(value_name = "FILE|-")]
    pub file: String,
    /// The template syntax.
    #[arg(long, value_enum, default_value_t = SyntaxChoice::Auto)]
    pub syntax: SyntaxChoice,
    #[command(flatten)]
    pub vars: VarsArgs,
    /// What a missing map key gives in Go templates (Go's missingkey option).
    #[arg(long, value_enum, default_value_t = MissingKeyArg::Default)]
    pub missingkey: MissingKeyArg,
    /// Render with exactly the data `system` gives the base prompt (.Env, .ToolNames,
    /// .ModeInstructions, .Goal...), with --data and --set under .Vars: to preview a
    /// system.md template.
    #[arg(long)]
    pub prompt_data: bool,
    /// With --prompt-data: the model (as for `system`).
    #[arg(long, value_name = "NAME", requires = "prompt_data", value_parser = Offered(model_names), hide_possible_values = true)]
    pub model: Option<String>,
    /// With --prompt-data: the operational mode (as for `system`).
    #[arg(long, value_name = "MODE", requires = "prompt_data", value_parser = Offered(mode_names), hide_possible_values = true)]
    pub mode: Option<String>,
    /// With --prompt-data: the data of a hermetic run (what `--check` sees).
    #[arg(long, requires = "prompt_data")]
    pub hermetic: bool,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The Go template file, or - for standard input.
    #[arg(value_name = "FILE|-")]
    pub file: String,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub templates: TemplatesArg,
    /// List the registered prompts (core prompts and skills) instead of the templates.
    #[arg(long)]
    pub prompts: bool,
    /// List the registered prompts carrying this tag (e.g. skill, core, mcp).
    #[arg(long, value_name = "TAG")]
    pub tag: Option<String>,
    #[command(flatten)]
    pub mcp: McpArgs,
}

#[derive(Debug, Subcommand)]
pub enum PromptCommand {
    /// Print one MCP prompt's messages, with its arguments as KEY=VALUE.
    #[command(after_help = "\
Examples:
  asimi-prompt prompt get everything:simple-prompt --mcp-config .mcp.json
  asimi-prompt prompt get everything:args-prompt city=Paris --json")]
    Get(PromptGetArgs),
}

#[derive(Debug, Args)]
pub struct PromptGetArgs {
    /// The prompt: SERVER:PROMPT.
    #[arg(value_name = "SERVER:PROMPT")]
    pub id: String,
    /// The prompt's arguments.
    #[arg(value_name = "KEY=VALUE")]
    pub args: Vec<String>,
    /// Print the messages as JSON (role and text each).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub mcp: McpArgs,
}

#[derive(Debug, Subcommand)]
pub enum GoalCommand {
    /// Print the goal's progress, then the goal as the prompt's goal section shows it
    /// (whatever its status).
    #[command(after_help = "\
Examples:
  asimi-prompt goal show
  asimi-prompt goal show --ascii --goal work/goal.yaml
  asimi-prompt goal show --json | jq .progress")]
    Show(GoalShowArgs),
    /// Update the goal file from [GOAL], [CHECKPOINT], [DECISION], [ARTIFACT] and [NEXT]
    /// lines in an LLM's output, and print what changed.
    #[command(after_help = GOAL_APPLY_AFTER_HELP)]
    Apply(GoalApplyArgs),
    /// List the completed goals kept in the goal's history (NAME.history.yaml beside it),
    /// oldest first, with the current goal last when it is completed.
    #[command(after_help = "\
Examples:
  asimi-prompt goal history
  asimi-prompt goal history --json | jq '.[].description'")]
    History(GoalHistoryArgs),
}

#[derive(Debug, Args)]
pub struct GoalHistoryArgs {
    #[command(flatten)]
    pub goal: GoalArg,
    /// Print the goals as JSON, each with its progress and whether it is the current one.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct GoalShowArgs {
    #[command(flatten)]
    pub goal: GoalArg,
    /// ASCII markers: [x] [~] [ ] and (locked).
    #[arg(long)]
    pub ascii: bool,
    /// Print the goal file's YAML instead.
    #[arg(long, conflicts_with = "ascii")]
    pub yaml: bool,
    /// Print the goal as JSON, with its progress (completed, total, percentage).
    #[arg(long, conflicts_with_all = ["ascii", "yaml"])]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct GoalApplyArgs {
    /// The LLM output to read, or - for standard input (the default).
    #[arg(value_name = "FILE|-", default_value = "-")]
    pub input: String,
    #[command(flatten)]
    pub goal: GoalArg,
    /// Print what would change, and write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

const GOAL_APPLY_AFTER_HELP: &str = "\
Markers (one per line; other lines are ignored):
  [GOAL] Implement user authentication system        creates the goal file if missing
  [GOAL] Implement user authentication system - COMPLETED   (or ACTIVE, PAUSED)
  [CHECKPOINT] Design authentication flow - COMPLETED       (or IN PROGRESS, PENDING)
  [DECISION] Use JWT for authentication - LOCKED            (locked decisions never change)
  [ARTIFACT] Created src/auth/login.ts                      (or Modified, Deleted)
  [NEXT] Implement JWT token generation                     (replaces the previous next steps)

A bad marker line is reported with its line number, and the goal file is left as it was.

Examples:
  llm < prompt.txt | tee reply.txt | asimi-prompt goal apply
  asimi-prompt goal apply --dry-run reply.txt";

/// `apply`'s help after the options: the block's markers come from `edit`, where the
/// parser has them.
fn apply_after_help() -> String {
    use crate::edit::{EDIT, END, REPL};
    format!(
        "\
A block (several may follow each other, with prose between them; a ``` fence around one
is fine):
  path/to/file.rs
  {EDIT}
  exact old lines
  {REPL}
  new lines
  {END}
An empty old section creates a file (refused if it exists with content); an empty new
section deletes the old lines. Paths are from the project root and must stay inside it.

The old text is matched exactly, else allowing only differences that cannot move an edit:
line endings, trailing whitespace, one uniform indentation shift (the new lines get the
same shift), the file's missing final newline. Old text found in more than one place
under any of them is refused as ambiguous; a file's blocks all apply or none does.

One line per block: applied, already applied, not found (with the file's nearest lines),
ambiguous (with the lines), outside the project, incomplete (the reply ended inside it),
no path, refused, not written (another block for the file failed). Exit 0 when every block
applied or was already applied (or the reply has no block), 1 otherwise, 2 for bad input.

Examples:
  llm < prompt.txt | tee reply.txt | asimi-prompt apply
  asimi-prompt apply --dry-run reply.txt        # the diff, nothing written
  asimi-prompt apply --json reply.txt | jq '.blocks[] | select(.status != \"applied\")'"
    )
}

// `apply`: the reply and how to report.
#[derive(Debug, Clone, Args)]
pub struct ApplyArgs {
    /// The LLM's reply to read, or - for standard input (the default).
    #[arg(value_name = "FILE|-", default_value = "-")]
    pub input: String,
    /// Print a unified diff of what would change, and write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Print each block's result as JSON (docs/apply.md lists the fields).
    #[arg(long)]
    pub json: bool,
    /// Record the blocks that did not apply in session NAME: its next `messages` tells
    /// the model, with the files' current content (not with --dry-run).
    #[arg(long, value_name = "NAME")]
    pub session: Option<String>,
}

const COMPRESS_AFTER_HELP: &str = "\
The request's system prompt is the compression prompt (templates/compression.md.tmpl); the
messages are the history, then the request to write the snapshot. With an active goal the
prompt names it and asks to keep decisions, checkpoints, files, blockers and next steps.

Examples:
  asimi-prompt compress --history chat.json --model claude-sonnet-5-5 | curl ... -d @-
  asimi-prompt compress --history chat.json --provider openai --compact
  asimi-prompt compress --prompt-only";

const REPLY_AFTER_HELP: &str = "\
Reads Anthropic Messages, OpenAI Chat Completions and Responses, OpenRouter and Gemini
generateContent responses, whole JSON bodies or server-sent-event streams (curl -N with
\"stream\": true; Gemini's streamGenerateContent?alt=sse), told apart by their own fields.
Text goes to standard output as it arrives; each tool call is named on standard error.

With --session NAME, the prompt of the session's last `messages` request and this answer
(tool calls included) join the session's turns, which the next `messages --session NAME`
sends as the history when no --history file is given; the usage the provider reported
(input, cache read and write, output tokens) is kept beside the request.

With --apply, the answer's edit blocks are then applied as `asimi-prompt apply` applies
them, with its per-block report on standard error: exit 1 when a block did not apply.

An error body, an error event or a stream cut before its final event exits 1 with the
provider's message and records and applies nothing; input that is neither JSON nor a
stream exits 2.

Examples:
  asimi-prompt messages --session s --prompt 'Fix the parser' \\
    | curl -sS https://api.anthropic.com/v1/messages -H \"x-api-key: $KEY\" \\
        -H 'anthropic-version: 2023-06-01' -H 'content-type: application/json' -d @- \\
    | asimi-prompt reply --session s
  curl -N ... -d @request.json | asimi-prompt reply          # a stream, printed live
  asimi-prompt reply < response.json > answer.md";

// `reply`: where the turn goes.
#[derive(Debug, Clone, Default, Args)]
pub struct ReplyArgs {
    /// Add the turn (the last request's prompt and this answer) and the reported usage
    /// to the session NAME (the one `messages --session NAME` sent).
    #[arg(long, value_name = "NAME")]
    pub session: Option<String>,
    /// Then apply the answer's edit blocks to the project's files, as `asimi-prompt
    /// apply` does; its report goes to standard error (standard output is the answer).
    /// With --session, the blocks that did not apply are recorded for the next request.
    #[arg(long)]
    pub apply: bool,
}

// `compress`: the history and how to encode the request.
#[derive(Debug, Clone, Default, Args)]
pub struct CompressArgs {
    #[command(flatten)]
    pub encode: EncodeArgs,
    /// The conversation to compress: a JSON list of {role, content} messages.
    #[arg(long, value_name = "FILE", required_unless_present = "prompt_only")]
    pub history: Option<String>,
    /// Print only the compression prompt.
    #[arg(long)]
    pub prompt_only: bool,
    /// The model; picks the provider and limits (default: ASIMI_MODEL, then config, then
    /// the provider's default: claude-sonnet-5-5 for Anthropic).
    #[arg(long, value_name = "NAME", value_parser = Offered(model_names), hide_possible_values = true)]
    pub model: Option<String>,
    #[command(flatten)]
    pub goal: GoalArg,
    #[command(flatten)]
    pub templates: TemplatesArg,
}

const COMMIT_AFTER_HELP: &str = "\
The request's system prompt is the commit prompt (templates/commit.md.tmpl, overridable
like every template): the rules (conventional-commit type prefix, imperative mood, subject
of at most 50 characters, body wrapped at 72, the message only), the repository's recent
commit subjects, the changed files and the diff, cut at 32000 bytes with a summary of what
was left out. The diff is read with libgit2; no git process runs. Nothing to describe is
exit 2.

Examples:
  asimi-prompt commit | curl ... --data-binary @- | jq -r '.content[0].text' | git commit -F -
  asimi-prompt commit --all --provider openai --model gpt-5.4 --compact
  git diff HEAD~1 | asimi-prompt commit -
  asimi-prompt commit --prompt-only";

// `commit`: which changes, and how to encode the request.
#[derive(Debug, Clone, Default, Args)]
pub struct CommitArgs {
    /// `-` reads the diff from standard input instead of the repository.
    #[arg(value_name = "-", value_parser = parse_stdin_only, conflicts_with = "all")]
    pub diff: Option<String>,
    /// Describe every change to tracked files in the working tree against HEAD (what
    /// `git commit --all` commits), not only the staged ones.
    #[arg(long, short = 'a')]
    pub all: bool,
    #[command(flatten)]
    pub encode: EncodeArgs,
    /// Print only the rendered commit prompt.
    #[arg(long)]
    pub prompt_only: bool,
    /// The model; picks the provider and limits (default: ASIMI_MODEL, then config, then
    /// the provider's default: claude-sonnet-5-5 for Anthropic).
    #[arg(long, value_name = "NAME", value_parser = Offered(model_names), hide_possible_values = true)]
    pub model: Option<String>,
    #[command(flatten)]
    pub templates: TemplatesArg,
}

/// The one positional `commit` takes: `-`, for standard input.
fn parse_stdin_only(s: &str) -> Result<String, String> {
    if s == "-" {
        Ok(s.to_string())
    } else {
        Err(format!(
            "'{s}': commit takes only '-' (a diff on standard input); it describes the \
             staged changes, or with --all the working tree's"
        ))
    }
}

/// `messages --format`: a document instead of a request body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DocumentFormat {
    Markdown,
    Xml,
}

impl From<DocumentFormat> for crate::request::document::Format {
    fn from(format: DocumentFormat) -> Self {
        match format {
            DocumentFormat::Markdown => Self::Markdown,
            DocumentFormat::Xml => Self::Xml,
        }
    }
}

/// `messages --format --tree`: which files the pack's tree lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PackTree {
    /// The files the pack holds.
    Packed,
    /// Every file of the repository (as a JSON request's file tree).
    All,
}

impl From<PackTree> for crate::request::document::Tree {
    fn from(tree: PackTree) -> Self {
        match tree {
            PackTree::Packed => Self::Packed,
            PackTree::All => Self::All,
        }
    }
}

/// Shells with completion scripts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
    Powershell,
    Elvish,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print (`messages`, `template render`); the main page
    /// when none is named.
    #[arg(value_name = "COMMAND", conflicts_with = "out")]
    pub command: Vec<String>,
    /// Write asimi-prompt.1 and one page per command into DIR instead of printing.
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub out: Option<PathBuf>,
}

/// Where `--session` keeps its state, for the help of the commands that take it.
macro_rules! session_state_help {
    () => {
        "Session state: ASIMI_STATE_DIR, else .asimi/state/ in the project, else \
asimi-prompt/state/<project>
under the user state directory.
"
    };
}

const MESSAGES_AFTER_HELP: &str = concat!(
    "\
Flags override the spec. Without --model (or the spec's model, ASIMI_MODEL or a config's
model) the model is the provider's default: claude-sonnet-5-5 (anthropic), gpt-5.4
(openai, openai-responses), anthropic/claude-sonnet-5.5 (openrouter), gemini-3.8-flash
(gemini). Token counts use OpenAI's encodings; for other providers they are estimates.

On a terminal, stderr shows progress for long runs (over half a second) and a last line
with the tokens per tier, the predicted cache reuse and the files sent and mapped; on a
pipe or file it shows neither.

",
    session_state_help!(),
    "
Examples:
  asimi-prompt messages --prompt 'Fix the bug' --file src/lib.rs --model claude-sonnet-5-5
  asimi-prompt messages --prompt 'Review' --file src/ --file 'docs/**/*.md' --exclude '*.lock'
  asimi-prompt messages --prompt 'Review' --file src/ --max-request-tokens 50000   # CI budget
  git diff | asimi-prompt messages --provider openai --no-file-tree --compact
  asimi-prompt messages --spec context.yaml --provider gemini
  asimi-prompt messages --url https://example.com/docs --prompt 'Summarise the docs'
  echo 'Compare https://a.example/x and https://b.example/y' | asimi-prompt messages --fetch-urls
  asimi-prompt messages --flat --provider openai --prompt 'Explain main.rs' --file src/main.rs
  asimi-prompt messages --review main.. --file src/lib.rs --prompt 'Review this'
  asimi-prompt messages --review-worktree --prompt 'Review my uncommitted changes'"
);

// How a request body is encoded (shared by `messages`, `context` and `compress`).
#[derive(Debug, Clone, Default, Args)]
pub struct EncodeArgs {
    /// The body's shape (default: the model's provider).
    #[arg(
        help_heading = "Model and provider",
        long,
        value_name = "anthropic|openai|openai-responses|openrouter|gemini|raw",
        value_parser = Offered(provider_names),
        hide_possible_values = true
    )]
    pub provider: Option<String>,
    /// The output token limit.
    ///
    /// Anthropic bodies need one: by default the model's limit with --stream, else at most
    /// 21333 (8192 for Opus 4 and 4.1), the most Anthropic's SDK asks for without
    /// streaming.
    #[arg(help_heading = "Model and provider", long, value_name = "N", value_parser = parse_max_tokens)]
    pub max_tokens: Option<u64>,
    /// Ask for a streamed response.
    ///
    /// The body says "stream": true, and the default output limit is the model's
    /// maximum.
    #[arg(help_heading = "Model and provider", long)]
    pub stream: bool,
    /// Build the request even for a model its provider has retired (past its end of life
    /// in `asimi-prompt models`); without it such a model stops the run, naming its
    /// replacement.
    #[arg(help_heading = "Model and provider", hide_short_help = true, long)]
    pub allow_retired: bool,
    /// Build the request even when --provider (or the spec's provider) is not the
    /// model's (a proxy that routes it); without it such a pair stops the run.
    #[arg(help_heading = "Model and provider", hide_short_help = true, long)]
    pub allow_model_mismatch: bool,
    /// The role of the system message in OpenAI-shaped bodies.
    #[arg(
        help_heading = "Model and provider",
        hide_short_help = true,
        long,
        value_enum,
        value_name = "ROLE"
    )]
    pub system_role: Option<SystemRoleArg>,
    /// Print the JSON on one line.
    #[arg(help_heading = "Output", long)]
    pub compact: bool,
    /// Secrets found in the request's content (gitleaks' rules): replace each with
    /// [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also
    /// config key secrets.
    #[arg(
        help_heading = "Output",
        hide_short_help = true,
        long,
        value_enum,
        value_name = "MODE"
    )]
    pub secrets: Option<SecretsArg>,
}

// `messages`: what goes into the request and how it is encoded.
#[derive(Debug, Clone, Default, Args)]
pub struct MessagesArgs {
    /// A context spec (YAML, or JSON) holding any of the inputs below.
    #[arg(help_heading = "Input", long, value_name = "FILE")]
    pub spec: Option<PathBuf>,
    /// The prompt (default: standard input, when it is not a terminal).
    #[arg(
        help_heading = "Input",
        long = "prompt",
        value_name = "TEXT",
        allow_hyphen_values = true
    )]
    pub prompt_text: Option<String>,
    /// Working files to send in full: a file, a directory or a glob.
    ///
    /// A directory sends its files that .gitignore and .ignore leave in, hidden ones
    /// skipped; a glob such as 'src/**/*.rs' (quote it) expands in sorted order; each file
    /// goes once.
    #[arg(help_heading = "Input", long = "file", value_name = "PATH|DIR|GLOB", num_args = 1..)]
    pub file: Vec<String>,
    /// Also send the files FILE lists (- : standard input).
    ///
    /// One path per line, as `git ls-files` prints them, or NUL-separated (-z). With -,
    /// the prompt must come from --prompt or the spec.
    #[arg(help_heading = "Input", long = "files-from", value_name = "FILE|-")]
    pub files_from: Option<String>,
    /// Leave files matching GLOB out of --file and the file tree.
    ///
    /// Gitignore syntax, from the project root: 'tests/', '*.lock' (repeatable; also spec
    /// exclude).
    #[arg(help_heading = "Input", long = "exclude", value_name = "GLOB")]
    pub exclude: Vec<String>,
    #[command(flatten)]
    pub encode: EncodeArgs,
    /// Earlier conversation: a JSON list of {role, content} messages.
    #[arg(help_heading = "Input", long, value_name = "FILE")]
    pub history: Option<String>,
    /// Tool definitions the body carries, in each provider's shape: a JSON list (- :
    /// standard input), or mcp:SERVER for a configured MCP server's tools/list.
    ///
    /// Entries in Anthropic's {name, description, input_schema}, MCP's {name,
    /// description, inputSchema} or OpenAI's {type: "function", function: {...}} shape. The
    /// prompt then names only these tools, documents them, and teaches the tools protocol.
    #[arg(
        help_heading = "Input",
        hide_short_help = true,
        long,
        value_name = "FILE|-|mcp:SERVER"
    )]
    pub tools: Option<String>,
    /// Fetched URL content: the URL and the file holding it.
    #[arg(help_heading = "Input", hide_short_help = true, long = "url-context", value_name = "URL=FILE", num_args = 1..)]
    pub url_context: Vec<String>,
    /// Fetch an http(s) page and send it as URL context (repeatable): HTML as Markdown
    /// headed by its title; plain text, Markdown and JSON as they are.
    #[arg(
        help_heading = "Input",
        hide_short_help = true,
        long = "url",
        value_name = "URL"
    )]
    pub url: Vec<String>,
    /// Also fetch the http(s) URLs the prompt mentions (a prompt from --prompt or standard
    /// input only, never a spec's).
    #[arg(help_heading = "Input", hide_short_help = true, long)]
    pub fetch_urls: bool,
    /// The most pages one request fetches (default 3).
    #[arg(help_heading = "Input", hide_short_help = true, long, value_name = "N")]
    pub max_urls: Option<usize>,
    /// Give up on a page after this many seconds, redirects included (default 30).
    #[arg(help_heading = "Input", hide_short_help = true, long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub url_timeout: Option<u64>,
    /// Reuse a fetched page from the user cache directory for this long: 1h (the
    /// default), 30m, 90s; 0 fetches every time.
    #[arg(help_heading = "Input", hide_short_help = true, long, value_name = "DURATION", value_parser = parse_url_ttl)]
    pub url_ttl: Option<std::time::Duration>,
    /// Images for the prompt (PNG, JPEG, GIF or WebP, at most 5 MB each).
    #[arg(help_heading = "Input", long = "image", value_name = "FILE", num_args = 1..)]
    pub image: Vec<String>,
    /// Send the list of the repository's files (the default).
    #[arg(
        help_heading = "Files and map",
        hide_short_help = true,
        long,
        overrides_with = "no_file_tree"
    )]
    pub file_tree: bool,
    /// Leave the file tree out.
    #[arg(help_heading = "Files and map", long, overrides_with = "file_tree")]
    pub no_file_tree: bool,
    /// Leave the repository's symbol map out (also spec symbols: false).
    #[arg(help_heading = "Files and map", long)]
    pub no_symbol_map: bool,
    /// Leave files matching GLOB out of the symbol map (repeatable).
    #[arg(
        help_heading = "Files and map",
        hide_short_help = true,
        long = "map-exclude",
        value_name = "GLOB"
    )]
    pub map_exclude: Vec<String>,
    /// Keep the best-ranked symbol blocks that fit N tokens (default: 8192, or 16384 with
    /// no --file; at most an eighth of the model's context window).
    #[arg(
        help_heading = "Files and map",
        hide_short_help = true,
        long,
        value_name = "N"
    )]
    pub map_tokens: Option<usize>,
    /// Note on stderr each file the symbol map could not parse cleanly.
    #[arg(help_heading = "Output", hide_short_help = true, long)]
    pub verbose: bool,
    /// Cache lifetime: 5m (the default; no ttl field is sent), 1h or 12h.
    ///
    /// OpenAI's explicit breakpoints (GPT-5.6 and later) live 30m or 12h, the shortest
    /// that covers the one asked; 12h is for them and Gemini's --cache-create only.
    #[arg(
        help_heading = "Cache and session",
        hide_short_help = true,
        long,
        value_name = "5m|1h|12h",
        value_parser = Offered(ttl_names),
        hide_possible_values = true
    )]
    pub cache_ttl: Option<String>,
    /// The encoding that counts tokens for the minimum-cacheable-prefix rule.
    #[arg(
        help_heading = "Output",
        hide_short_help = true,
        long,
        value_name = "o200k|cl100k",
        value_parser = Offered(tokenizer_names),
        hide_possible_values = true
    )]
    pub tokenizer: Option<String>,
    /// OpenAI's prompt_cache_key.
    #[arg(
        help_heading = "Cache and session",
        hide_short_help = true,
        long,
        value_name = "KEY"
    )]
    pub prompt_cache_key: Option<String>,
    /// Refuse files larger than this many bytes.
    #[arg(
        help_heading = "Files and map",
        hide_short_help = true,
        long,
        value_name = "BYTES",
        default_value_t = 1048576
    )]
    pub max_file_bytes: u64,
    /// Allow files outside the project root.
    #[arg(help_heading = "Files and map", hide_short_help = true, long)]
    pub allow_outside: bool,
    /// A token budget for CI: over N tokens, exit 1 and print nothing.
    ///
    /// The request's largest parts are named on stderr, each with the flag that leaves it
    /// out. A request over the context window exits 1 too.
    #[arg(help_heading = "Output", long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_request_tokens: Option<u64>,
    /// When the request would not fit the model's context window minus --max-tokens,
    /// drop the oldest history (the first message kept, pairs whole) until it does;
    /// without it an oversize request is an error.
    #[arg(help_heading = "Output", hide_short_help = true, long)]
    pub truncate: bool,
    /// Cache stable items in tiers across the runs of session NAME.
    ///
    /// The session tracks how long items stay unchanged and moves them into cached tiers
    /// as they prove stable (see README, Sessions).
    #[arg(help_heading = "Cache and session", long, value_name = "NAME")]
    pub session: Option<String>,
    /// Use the session's tiers but record nothing.
    #[arg(help_heading = "Cache and session", hide_short_help = true, long)]
    pub no_update: bool,
    /// Put an item in a tier for this run: PATH=L1, or a key such as history:0=L0 or
    /// symbol:PATH=L2 (tiers: L0, L1, L2, L3, active).
    #[arg(
        help_heading = "Cache and session",
        hide_short_help = true,
        long = "tier",
        value_name = "ITEM=TIER"
    )]
    pub tier: Vec<String>,
    /// Add a code review context: what HEAD (or HEAD of BASE..HEAD) changed since it
    /// left BASE (their merge base; default: the upstream, else origin/HEAD, main or
    /// master). --file files get reverse diffs, other changed files capped diffs.
    #[arg(help_heading = "Input", hide_short_help = true, long, value_name = "[BASE][..HEAD]", num_args = 0..=1, default_missing_value = "")]
    pub review: Option<String>,
    /// Review the working tree's changes to tracked files, against HEAD (or against
    /// --review BASE).
    #[arg(help_heading = "Input", hide_short_help = true, long)]
    pub review_worktree: bool,
    /// One flat message list, no tiers or markers, for servers without prompt caching.
    ///
    /// The same content in order (system, file tree, URL context, review, working files,
    /// history, prompt). No session is read or recorded.
    #[arg(help_heading = "Output", long, conflicts_with_all = ["session", "no_update", "tier", "cache_ttl"])]
    pub flat: bool,
    /// Print the request as one document to paste into a chat window, not as JSON.
    ///
    /// markdown: a title, a heading per part (map, file tree, files, conversation,
    /// prompt) and a fence per file tagged with its language; xml: a tag per part in one
    /// <pack> element, as repomix lays it out. No system prompt or reminder unless
    /// --with-system; the tree lists the packed files (--tree all: the repository's).
    /// On a terminal, stderr gets the total, the largest files and what was cut. No
    /// session is read or recorded.
    #[arg(
        help_heading = "Output",
        long,
        value_enum,
        value_name = "FORMAT",
        conflicts_with_all = ["session", "no_update", "tier", "cache_ttl", "flat", "compact"]
    )]
    pub format: Option<DocumentFormat>,
    /// With --format, put each file line's number before it.
    #[arg(help_heading = "Output", long, requires = "format")]
    pub line_numbers: bool,
    /// With --format, keep the agent's instructions: the system prompt and the reminder
    /// after the prompt.
    #[arg(
        help_heading = "Output",
        hide_short_help = true,
        long,
        requires = "format"
    )]
    pub with_system: bool,
    /// With --format, the file tree lists the packed files (the default) or all of the
    /// repository's.
    #[arg(
        help_heading = "Output",
        hide_short_help = true,
        long,
        value_enum,
        value_name = "WHICH",
        requires = "format"
    )]
    pub tree: Option<PackTree>,
    /// With --format, also write the pack's summary as JSON to FILE: tokens, tokenizer,
    /// files, the largest files and what was cut (written when over budget too).
    #[arg(
        help_heading = "Output",
        hide_short_help = true,
        long,
        value_name = "FILE",
        requires = "format"
    )]
    pub summary_json: Option<PathBuf>,
    /// Gemini explicit caching, step 1: print the `cachedContents` create body (POST
    /// .../v1beta/cachedContents) holding the cached tiers and the system instruction,
    /// with a TTL of an hour (--cache-ttl 5m: five minutes). It needs no prompt.
    #[arg(help_heading = "Cache and session", hide_short_help = true, long, conflicts_with_all = ["cached_content", "flat"])]
    pub cache_create: bool,
    /// Gemini explicit caching, step 2: print the request that uses the entry NAME
    /// (`cachedContents/...`, as the create call returned it), leaving out what it holds.
    #[arg(
        help_heading = "Cache and session",
        hide_short_help = true,
        long,
        value_name = "NAME",
        conflicts_with = "flat"
    )]
    pub cached_content: Option<String>,
    // Last, so that help lists the request's own options first.
    #[command(flatten)]
    pub system: PromptArgs,
}

const CONTEXT_AFTER_HELP: &str = concat!(
    "\
Takes the same inputs as messages and records nothing; the prompt is optional. Per tier
(L0-L3, active): tokens, tokens from the start of the request, whether a cache marker
closes the tier (short: the prefix is under the model's minimum cacheable size; OpenAI and
Gemini bodies carry no markers) and what it holds. Then the limit (the context window
minus the output limit): a request over it is shown, its tier marked, and still exits 0.
With --session, the tokens a provider should read from cache after the session's previous
request. With --flat, the request is one uncached block (row flat) and no session is read.

",
    session_state_help!(),
    "
Examples:
  asimi-prompt context --session work --file src/lib.rs --prompt 'Fix the bug'
  asimi-prompt context --spec context.yaml --json | jq '.tiers[] | {tier, tokens}'
  asimi-prompt context --file src/ --files      # every item's tokens, largest first"
);

// `context`: the `messages` inputs, shown as a per-tier breakdown.
#[derive(Debug, Clone, Default, Args)]
pub struct ContextArgs {
    #[command(flatten)]
    pub request: MessagesArgs,
    /// Print the breakdown as JSON.
    #[arg(long, help_heading = "Output")]
    pub json: bool,
    /// Also list every item with its tokens and the flag that leaves it out.
    ///
    /// Files, symbol blocks, the file tree, history messages..., largest first (JSON:
    /// items).
    #[arg(long, help_heading = "Output")]
    pub files: bool,
}

const MAP_AFTER_HELP: &str = "\
The map lists, per file, its classes (c), functions (f), methods (m), properties (p),
variables (v) and imports (i, and i-> for files of the repository), each with its line and
the files that reference it; the legend at the top explains the letters and the path
aliases (@1=src/...). Files are git's tracked files in a repository, else those that
.gitignore and .ignore do not exclude; binary, generated and minified files are skipped.

With PATH arguments only those files (or everything under those directories) are shown,
unless --tokens is given: then the whole repository is ranked by references, favouring
files near the paths given, and the best-ranked whole blocks that fit are kept.

Examples:
  asimi-prompt map                          # the whole repository's map
  asimi-prompt map src/request --json | jq '.[].path'
  asimi-prompt map --tokens 2048 src/main.rs --map-exclude 'vendor/**'";

// `map`: the repository's symbol map alone.
#[derive(Debug, Clone, Default, Args)]
pub struct MapArgs {
    /// Files or directories to show, or with --tokens to rank first.
    #[arg(value_name = "PATH")]
    pub paths: Vec<String>,
    /// Print the symbols as JSON: per file its path and symbols (kind, name, line,
    /// params, returns, refs).
    #[arg(long)]
    pub json: bool,
    /// Keep the best-ranked files whose blocks fit N tokens (whole blocks only).
    #[arg(long, value_name = "N")]
    pub tokens: Option<usize>,
    /// Leave files matching GLOB out (repeatable).
    #[arg(long = "map-exclude", value_name = "GLOB")]
    pub map_exclude: Vec<String>,
    /// Note on stderr each file that did not parse cleanly (its block holds what the
    /// parser recovered, or it has none).
    #[arg(short, long)]
    pub verbose: bool,
}

/// A value parser that takes any text, which the command then checks with its own
/// message (a local model's name is fine), and offers the values `names` gives to
/// shell completions, so that `--model <TAB>` lists models instead of files.
#[derive(Clone)]
struct Offered(fn() -> Vec<String>);

impl clap::builder::TypedValueParser for Offered {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let names = (self.0)().into_iter();
        Some(Box::new(names.map(clap::builder::PossibleValue::new)))
    }
}

/// The models completions offer: the registry's current names.
fn model_names() -> Vec<String> {
    crate::model::ModelRegistry::builtin().completion_names()
}

fn mode_names() -> Vec<String> {
    to_strings(crate::settings::MODES)
}

fn provider_names() -> Vec<String> {
    to_strings(crate::request::providers::PROVIDER_NAMES)
}

fn ttl_names() -> Vec<String> {
    to_strings(crate::request::providers::TTL_NAMES)
}

fn tokenizer_names() -> Vec<String> {
    to_strings(crate::tokens::TOKENIZER_NAMES)
}

fn to_strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

/// The completion script for `shell`, as committed under `completions/`.
pub fn completion_script(shell: Shell) -> String {
    use clap_complete::shells;
    let mut cmd = Cli::command();
    let mut buf = Vec::new();
    let name = "asimi-prompt";
    match shell {
        Shell::Bash => clap_complete::generate(shells::Bash, &mut cmd, name, &mut buf),
        Shell::Zsh => clap_complete::generate(shells::Zsh, &mut cmd, name, &mut buf),
        Shell::Fish => clap_complete::generate(shells::Fish, &mut cmd, name, &mut buf),
        Shell::Powershell => clap_complete::generate(shells::PowerShell, &mut cmd, name, &mut buf),
        Shell::Elvish => clap_complete::generate(shells::Elvish, &mut cmd, name, &mut buf),
    }
    let script = String::from_utf8_lossy(&buf).into_owned();
    match shell {
        Shell::Bash => script.replace(BASH_MISNAMED, BASH_NAMED),
        _ => script,
    }
}

/// clap_complete's bash script names a subcommand's case `asimi__subcmd__prompt__subcmd__X`
/// where it sets `cmd` to `asimi__prompt__subcmd__X` (the `-` in the program's name is
/// escaped twice over), so no subcommand's options or values ever completed.
const BASH_MISNAMED: &str = "asimi__subcmd__prompt__";
const BASH_NAMED: &str = "asimi__prompt__";

/// The file name a shell's completion script is committed under.
pub fn completion_file(shell: Shell) -> &'static str {
    match shell {
        Shell::Bash => "asimi-prompt.bash",
        Shell::Zsh => "_asimi-prompt",
        Shell::Fish => "asimi-prompt.fish",
        Shell::Powershell => "_asimi-prompt.ps1",
        Shell::Elvish => "asimi-prompt.elv",
    }
}

/// The EXIT STATUS section every page has (clap_mangen writes none).
const MAN_EXIT_STATUS: &str = "\
.SH \"EXIT STATUS\"
.TP
0
Success.
.TP
1
\\fB--check\\fR found a difference, or a request is over \\fB--max-request-tokens\\fR.
.TP
2
A usage, input, template or I/O error; nothing is printed on standard output.
";

/// `page` with [`MAN_EXIT_STATUS`] before its VERSION section (at its end without one).
fn with_exit_status(page: &str) -> String {
    match page.find(".SH VERSION") {
        Some(at) => format!("{}{MAN_EXIT_STATUS}{}", &page[..at], &page[at..]),
        None => format!("{page}{MAN_EXIT_STATUS}"),
    }
}

/// The page of `command` (`["template", "render"]`; the main page when empty) among
/// `pages`, by its file name.
pub fn man_page<'a>(pages: &'a [(String, String)], command: &[String]) -> Option<&'a str> {
    let file = std::iter::once("asimi-prompt")
        .chain(command.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("-");
    pages
        .iter()
        .find(|(name, _)| *name == format!("{file}.1"))
        .map(|(_, text)| text.as_str())
}

/// Every man page: `(file name, roff text)`, the main page first.
pub fn man_pages() -> anyhow::Result<Vec<(String, String)>> {
    fn walk(
        cmd: &clap::Command,
        prefix: &str,
        pages: &mut Vec<(String, String)>,
    ) -> anyhow::Result<()> {
        let name = if prefix.is_empty() {
            cmd.get_name().to_string()
        } else {
            format!("{prefix}-{}", cmd.get_name())
        };
        let page_cmd = cmd.clone().name(name.clone());
        let mut buf = Vec::new();
        clap_mangen::Man::new(page_cmd).render(&mut buf)?;
        let page = with_exit_status(&String::from_utf8_lossy(&buf));
        pages.push((format!("{name}.1"), page));
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            walk(sub, &name, pages)?;
        }
        Ok(())
    }
    let mut cmd = Cli::command();
    cmd.build();
    let mut pages = Vec::new();
    walk(&cmd, "", &mut pages)?;
    Ok(pages)
}

// What each args struct gives the library: the one place a flag is mapped (CONTRIBUTING,
// "Add a flag"). `tests/integration/architecture.rs` checks that every field is used.

impl McpArgs {
    /// The settings flags of the MCP options, over `global` (what every command gives).
    pub fn settings_flags(&self, global: Flags) -> Flags {
        Flags {
            mcp_config: self.mcp_config.clone(),
            mcp_servers: self.mcp_server.clone(),
            trust_project_mcp: self.trust_project_mcp,
            mcp_timeout: self.mcp_timeout,
            require_mcp: self.require_mcp,
            ..global
        }
    }
}

impl PromptArgs {
    /// The settings flags `system`, `export` and the request commands share, over
    /// `global`; `default_model` is used when nothing names a model.
    pub fn settings_flags(&self, global: Flags, default_model: &'static str) -> Flags {
        Flags {
            model: self.base.model.clone(),
            mode: self.base.mode.clone(),
            context_window: self.base.context_window,
            sandbox: self.base.sandbox.map(Into::into),
            no_sections: self.no_section.clone(),
            append_system_prompt: self.append_system_prompt.clone(),
            memory: self.memory.clone(),
            memory_file: self.memory_file.clone(),
            templates: self.base.templates.dir.clone(),
            context_files: self.context_file.clone(),
            tool_names: self.base.tool_name.clone(),
            protocol: self.base.protocol.map(Into::into),
            goal: self.base.goal.path.clone(),
            ascii: self.base.ascii,
            skills: self.skill.clone(),
            sanity: self.sanity(),
            agent_name: self.base.agent_name.clone(),
            interactive: self.base.interactive(),
            default_model: Some(default_model),
            hermetic: self.base.hermetic(),
            skill_args: self.skill_arg.clone(),
            ..self.mcp.settings_flags(global)
        }
    }
}

impl EncodeArgs {
    /// The request flags of the encoding options (`messages`, `context`, `compress`,
    /// `commit`); the config's `secrets` (`config_secrets`) applies unless `--secrets`.
    pub fn request_flags(&self, config_secrets: Option<secrets::Mode>) -> RequestFlags {
        RequestFlags {
            provider: self.provider.clone(),
            max_tokens: self.max_tokens,
            stream: self.stream,
            system_role: self.system_role.map(Into::into).unwrap_or_default(),
            secrets: self
                .secrets
                .map(Into::into)
                .or(config_secrets)
                .unwrap_or_default(),
            ..RequestFlags::default()
        }
    }
}

impl MessagesArgs {
    /// The request flags of `messages` (or, as a `preview`, `context`); `cache_dir` is the
    /// program's cache directory (fetched pages, the map's cache).
    pub fn request_flags(
        &self,
        preview: bool,
        cache_dir: Option<&Path>,
        config_secrets: Option<secrets::Mode>,
    ) -> Result<RequestFlags, crate::error::Error> {
        let review = match (&self.review, self.review_worktree) {
            (None, false) => None,
            (arg, worktree) => Some(crate::review::Range::parse(arg.as_deref(), worktree)?),
        };
        // A document shows the request without Gemini's explicit cache; a preview names
        // the entry it would read (`context --cached-content`) but creates none.
        let gemini_cache = self.format.is_none();
        Ok(RequestFlags {
            prompt: self.prompt_text.clone(),
            files: self.file.clone(),
            exclude: self.exclude.clone(),
            history: self.history.clone(),
            url_context: self.url_context.clone(),
            urls: self.url.clone(),
            fetch_urls: self.fetch_urls,
            max_urls: self.max_urls,
            fetch: self.fetch_options(cache_dir),
            map_cache_dir: cache_dir.map(crate::map::cache::dir_in),
            images: self.image.clone(),
            file_tree: either(self.file_tree, self.no_file_tree),
            session: self.session.clone(),
            cache_ttl: self.cache_ttl.clone(),
            cache_create: self.cache_create && gemini_cache && !preview,
            cached_content: self.cached_content.clone().filter(|_| gemini_cache),
            tokenizer: self.tokenizer.clone(),
            prompt_cache_key: self.prompt_cache_key.clone(),
            max_file_bytes: self.max_file_bytes,
            allow_outside: self.allow_outside,
            truncate: self.truncate,
            preview,
            // The create body holds the cached tiers only.
            prompt_optional: self.cache_create,
            no_symbol_map: self.no_symbol_map,
            map_exclude: self.map_exclude.clone(),
            map_tokens: self.map_tokens,
            verbose: self.verbose,
            review,
            no_instructions: self.format.is_some() && !self.with_system,
            ..self.encode.request_flags(config_secrets)
        })
    }

    /// How `--format` packs the request; `None` without it (a JSON body).
    pub fn pack(&self) -> Option<crate::request::document::Pack> {
        Some(crate::request::document::Pack {
            format: self.format?.into(),
            line_numbers: self.line_numbers,
            tree: self.tree.map(Into::into).unwrap_or_default(),
            with_system: self.with_system,
            summary_json: self.summary_json.clone(),
        })
    }

    /// How `--url` pages are fetched: the flags, else the defaults, cached in the
    /// program's cache directory.
    fn fetch_options(&self, cache_dir: Option<&Path>) -> crate::fetch::Options {
        let defaults = crate::fetch::Options::default();
        crate::fetch::Options {
            timeout: self
                .url_timeout
                .map_or(defaults.timeout, std::time::Duration::from_secs),
            ttl: self.url_ttl.unwrap_or(defaults.ttl),
            cache_dir: cache_dir.map(crate::fetch::pages_dir),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `line`'s words (split at spaces) after `options_after_subcommand`, joined again.
    fn moved(line: &str) -> String {
        let args = line.split(' ').map(OsString::from).collect();
        let moved: Vec<String> = options_after_subcommand(&Cli::command(), args)
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect();
        moved.join(" ")
    }

    /// Every value completions offer is one the command takes.
    #[test]
    fn offered_values_parse() {
        use crate::request::providers::{Provider, Ttl};
        for p in provider_names() {
            p.parse::<Provider>().unwrap();
        }
        for t in ttl_names() {
            t.parse::<Ttl>().unwrap();
        }
        for t in tokenizer_names() {
            t.parse::<crate::tokens::Tokenizer>().unwrap();
        }
        for m in mode_names() {
            assert!(crate::settings::is_mode(&m), "{m}");
        }
        let registry = crate::model::ModelRegistry::builtin();
        for m in model_names() {
            assert!(registry.lookup(&m).is_known(), "{m}");
        }
    }

    /// Every subcommand's arguments, deferred or not, are consistent (clap's own checks).
    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// `--session` is an option of `messages` alone, whose arguments are deferred: it must
    /// still be known to take a value, or `map` would be taken for the subcommand.
    #[test]
    fn an_option_of_a_deferred_subcommand_keeps_its_value() {
        assert_eq!(
            moved("asimi-prompt --session map messages --prompt x"),
            "asimi-prompt messages --session map --prompt x"
        );
        assert_eq!(
            moved("asimi-prompt --json --model m"),
            "asimi-prompt --json --model m"
        );
    }
}
