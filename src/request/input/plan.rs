//! The first step of preparing a request: which of the command line's flags and the
//! spec's keys give each input (flags override the spec, which overrides defaults). Pure:
//! nothing is read here (`load` reads what the plan names).

use std::collections::BTreeMap;

use crate::request::item_key::ItemKey;
use crate::request::providers::Ttl;

use super::err;
use super::spec::{self, Spec, UrlSpec};
use crate::error::Error;
use crate::map::MapOptions;
use crate::request::providers::{Provider, SystemRole};
use crate::request::tier::Tier;
use crate::tokens::Tokenizer;

/// What the command line asked for (flags override the spec, which overrides defaults).
#[derive(Debug, Clone, Default)]
pub struct RequestFlags {
    pub prompt: Option<String>,
    pub files: Vec<String>,
    /// `--exclude GLOB` values.
    pub exclude: Vec<String>,
    pub history: Option<String>,
    /// `URL=FILE` values.
    pub url_context: Vec<String>,
    /// `--url` values: pages to fetch.
    pub urls: Vec<String>,
    /// `--fetch-urls`: also fetch the URLs the prompt mentions.
    pub fetch_urls: bool,
    /// `--max-urls` (default [`crate::fetch::MAX_URLS`]).
    pub max_urls: Option<usize>,
    /// `--url-timeout` and `--url-ttl`, and where pages are cached.
    pub fetch: crate::fetch::Options,
    /// Where the map's indexes are cached; `None` caches nothing.
    pub map_cache_dir: Option<std::path::PathBuf>,
    pub images: Vec<String>,
    pub file_tree: Option<bool>,
    pub session: Option<String>,
    pub provider: Option<String>,
    pub max_tokens: Option<u64>,
    pub stream: bool,
    pub cache_ttl: Option<String>,
    /// `--cache-create`: Gemini's cache create body.
    pub cache_create: bool,
    /// `--cached-content NAME`: a Gemini request that uses the entry NAME.
    pub cached_content: Option<String>,
    pub tokenizer: Option<String>,
    pub system_role: SystemRole,
    pub prompt_cache_key: Option<String>,
    pub max_file_bytes: u64,
    pub allow_outside: bool,
    /// `--truncate`: drop old history to fit the context window.
    pub truncate: bool,
    /// `context`: a preview, which needs no prompt and shows an oversize request rather
    /// than refusing it.
    pub preview: bool,
    /// A body that holds no prompt (Gemini's `--cache-create`): none is asked for.
    pub prompt_optional: bool,
    /// `--secrets` (else the config's `secrets`, else redact).
    pub secrets: crate::secrets::Mode,
    /// `--no-symbol-map`: leave the repository's map out.
    pub no_symbol_map: bool,
    /// `--map-exclude GLOB` values.
    pub map_exclude: Vec<String>,
    /// `--map-tokens N`: the symbol map's budget (see [`plan::map_tokens`]).
    pub map_tokens: Option<usize>,
    /// `--verbose`: note the files the map could not parse cleanly.
    pub verbose: bool,
    /// `--review [BASE][..HEAD]` / `--review-worktree`: the code review context.
    pub review: Option<crate::review::Range>,
    /// The turns a session keeps (`session::stored`): the history when neither
    /// `--history` nor the spec names a file.
    pub session_turns: Vec<crate::request::assemble::Message>,
    /// The files whose symbol blocks the session holds in cached tiers
    /// (`session::stored`): the map keeps them.
    pub cached_blocks: Vec<(String, String)>,
    /// What the session's last request showed of the task (`session::stored`).
    pub last_task: crate::map::TaskRecord,
    /// A pack (`--format`) without `--with-system`: no system prompt, no reminder.
    pub no_instructions: bool,
    /// The blocks of the session's last applied reply that did not apply
    /// (`session::stored`): the prompt tells the model, and their files are sent.
    pub recovery: Vec<crate::edit::recovery::Failed>,
}

/// Paths named on the command line (relative to the working directory) or in the spec
/// (relative to its directory, and confined like `--file`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Named<T> {
    CommandLine(T),
    Spec(T),
}

/// URL content: `--url-context URL=FILE` values, or the spec's entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Urls {
    CommandLine(Vec<String>),
    Spec(Vec<UrlSpec>),
}

/// Pages to fetch. Only the user names them: `--url` values and, with `--fetch-urls`, the
/// URLs in a prompt given with `--prompt` or on standard input; never a spec's prompt or
/// any other repository content.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fetch {
    pub urls: Vec<String>,
    /// Look for URLs in the prompt.
    pub detect: bool,
    /// `--fetch-urls` was given but the prompt is the spec's, which is not scanned.
    pub spec_prompt: bool,
    /// The most pages one request fetches.
    pub max: usize,
    pub options: crate::fetch::Options,
}

/// What a request is made of, chosen between flags and spec.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The named provider; `None` leaves it to the model.
    pub provider: Option<Provider>,
    pub tokenizer: Tokenizer,
    pub ttl: Ttl,
    pub files: Named<Vec<String>>,
    /// Gitignore-style globs, relative to the project root, leaving files out of the
    /// selection and the file tree (`--exclude`, else the spec's `exclude`).
    pub exclude: Vec<String>,
    pub history: Option<Named<String>>,
    pub urls: Urls,
    pub fetch: Fetch,
    pub images: Named<Vec<String>>,
    pub file_tree: bool,
    /// The prompt; `None` reads it from standard input.
    pub prompt: Option<String>,
    /// A preview (`context`), which takes an empty prompt.
    pub preview: bool,
    /// No system prompt and no reminder (`RequestFlags::no_instructions`).
    pub no_instructions: bool,
    /// The body holds no prompt (`RequestFlags::prompt_optional`): an empty one will do.
    pub prompt_optional: bool,
    /// `--truncate`.
    pub truncate: bool,
    /// The spec's name in messages about the paths it names.
    pub origin: String,
    pub legend: String,
    pub symbols: BTreeMap<String, String>,
    /// The repository map to build, when it is wanted: not switched off (`--no-symbol-map`,
    /// spec `symbols: false`) and no blocks given by the spec. `load` builds it inside a
    /// repository.
    pub map: Option<MapOptions>,
    /// The symbol blocks a session holds in a cached tier, path to content id
    /// (`RequestFlags::cached_blocks`): a working file's block that is the same stays
    /// there ([`Assembly::kept_blocks`](crate::request::assemble::Assembly)).
    pub cached_blocks: std::collections::BTreeMap<String, String>,
    /// Tier hints from the spec.
    pub hints: BTreeMap<ItemKey, Tier>,
    pub stream: bool,
    pub max_tokens: Option<u64>,
    pub system_role: SystemRole,
    pub prompt_cache_key: Option<String>,
    pub session: Option<String>,
    pub secrets: crate::secrets::Mode,
    /// `--verbose`: note the files the map could not parse cleanly.
    pub verbose: bool,
    /// The code review to read (`--review`), if any.
    pub review: Option<crate::review::Range>,
    /// The session's turns, sent when no history file is named.
    pub session_turns: Vec<crate::request::assemble::Message>,
    /// What did not apply of the session's last reply (`RequestFlags::recovery`).
    pub recovery: Vec<crate::edit::recovery::Failed>,
}

/// The flags' list when they give one, else the spec's.
fn named(flags: &[String], spec: &[String]) -> Named<Vec<String>> {
    if flags.is_empty() {
        Named::Spec(spec.to_vec())
    } else {
        Named::CommandLine(flags.to_vec())
    }
}

/// Chooses every input: a flag where given, else the spec's key, else the default.
/// Fails only on a provider, tokenizer or cache TTL that does not parse.
pub fn plan(flags: &RequestFlags, spec: &Spec) -> Result<Plan, Error> {
    let provider = match flags.provider.as_ref().or(spec.provider.as_ref()) {
        Some(p) => Some(p.parse::<Provider>().map_err(err)?),
        None => None,
    };
    let tokenizer = match flags.tokenizer.as_ref().or(spec.tokenizer.as_ref()) {
        Some(t) => t.parse::<Tokenizer>().map_err(err)?,
        None => Tokenizer::default(),
    };
    let ttl = match flags.cache_ttl.as_ref().or(spec.cache_ttl.as_ref()) {
        Some(t) => t.parse().map_err(err)?,
        None => Ttl::default(),
    };
    let history = match (&flags.history, &spec.history) {
        (Some(h), _) => Some(Named::CommandLine(h.clone())),
        (None, Some(h)) => Some(Named::Spec(h.clone())),
        (None, None) => None,
    };
    let urls = if flags.url_context.is_empty() {
        Urls::Spec(spec.url_context.clone())
    } else {
        Urls::CommandLine(flags.url_context.clone())
    };
    let (legend, symbols) = match &spec.symbols {
        Some(s) => (s.legend.clone(), s.blocks.clone()),
        None => (String::new(), BTreeMap::new()),
    };
    let map_off = flags.no_symbol_map || spec.symbols.as_ref().is_some_and(|s| s.off);
    let map = (!map_off && symbols.is_empty()).then(|| MapOptions {
        exclude: flags.map_exclude.clone(),
        tokens: flags.map_tokens,
        cache_dir: flags.map_cache_dir.clone(),
        task_before: flags.last_task.clone(),
        task_share: true,
        ..MapOptions::default()
    });
    Ok(Plan {
        cached_blocks: flags.cached_blocks.iter().cloned().collect(),
        provider,
        tokenizer,
        ttl,
        files: named(&flags.files, &spec.files),
        exclude: match named(&flags.exclude, &spec.exclude) {
            Named::CommandLine(e) | Named::Spec(e) => e,
        },
        history,
        urls,
        fetch: Fetch {
            urls: flags.urls.clone(),
            // A spec comes from the repository: its prompt must not make us fetch.
            detect: flags.fetch_urls && (flags.prompt.is_some() || spec.prompt.is_none()),
            spec_prompt: flags.fetch_urls && flags.prompt.is_none() && spec.prompt.is_some(),
            max: flags.max_urls.unwrap_or(crate::fetch::MAX_URLS),
            options: flags.fetch.clone(),
        },
        images: named(&flags.images, &spec.images),
        file_tree: flags.file_tree.or(spec.file_tree).unwrap_or(true),
        prompt: flags.prompt.clone().or_else(|| spec.prompt.clone()),
        preview: flags.preview,
        no_instructions: flags.no_instructions,
        prompt_optional: flags.prompt_optional,
        truncate: flags.truncate,
        origin: spec.origin.clone(),
        legend,
        symbols,
        map,
        hints: spec::tiers(spec),
        stream: flags.stream || spec.stream.unwrap_or(false),
        max_tokens: flags.max_tokens.or(spec.max_tokens),
        system_role: flags.system_role,
        verbose: flags.verbose,
        prompt_cache_key: flags.prompt_cache_key.clone(),
        session: flags.session.clone().or_else(|| spec.session.clone()),
        secrets: flags.secrets,
        review: flags.review.clone(),
        session_turns: flags.session_turns.clone(),
        recovery: flags.recovery.clone(),
    })
}

impl Plan {
    /// The history file as named (for messages about the messages in it).
    pub fn history_name(&self) -> Option<&String> {
        match &self.history {
            Some(Named::CommandLine(h) | Named::Spec(h)) => Some(h),
            None => None,
        }
    }
}

/// The symbol map's default budget, in tokens, when the request names working files.
///
/// Modest, as aider's is (1,024, eight times that with no files in the chat). A map
/// read from cache is cheap but not free, and a quarter of a million-token window (the
/// old default) sent the whole of a large repository's map with every request. Measured
/// with `scripts/session-bench.sh` (27 November 2026): on tokio the quarter-window map
/// made requests of 149K tokens billed as 62K uncached ones; at 8,192 they were 31K
/// billed as 17K, every session still read more from cache than the agents' baseline,
/// and the mean reuse was 84% (87% before, when the map was most of each request).
pub const MAP_TOKENS: usize = 8_192;
/// The budget with no working files: the model has only the map to find its way.
pub const MAP_TOKENS_NO_FILES: usize = 16_384;
/// The budget is at most this share of the context window (an eighth), so a small
/// local model keeps room for files, history and its answer.
pub const MAP_WINDOW_SHARE: u64 = 8;

impl Plan {
    /// Gives the map its budget: `--map-tokens`, else [`MAP_TOKENS`] (with no working
    /// files [`MAP_TOKENS_NO_FILES`]), at most an eighth of `context_window` (0:
    /// unknown): the repository's map and the task's blocks share it (`map::build`); each
    /// block's bytes depend only on its file and who references it, so a block that comes
    /// back is the one cached before.
    pub fn with_map_budget(mut self, context_window: u64) -> Plan {
        let no_files = match &self.files {
            Named::CommandLine(f) | Named::Spec(f) => f.is_empty(),
        };
        let default = if no_files {
            MAP_TOKENS_NO_FILES
        } else {
            MAP_TOKENS
        };
        let share = match context_window {
            0 => usize::MAX,
            w => usize::try_from(w / MAP_WINDOW_SHARE).unwrap_or(usize::MAX),
        };
        if let Some(map) = &mut self.map {
            map.tokens = map.tokens.or(Some(default.min(share)));
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::item_key::key;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    fn spec() -> Spec {
        spec::parse(
            "prompt: from spec\nfiles: [s.rs]\nhistory: h.json\nimages: [s.png]\n\
             url_context: [{url: 'https://s', content: S}]\nfile_tree: false\n\
             session: spec-session\nprovider: gemini\nmax_tokens: 9\nstream: true\n\
             cache_ttl: 1h\ntokenizer: cl100k\nsymbols: {legend: L, blocks: {a.rs: A}}\n\
             tiers: {'file:s.rs': L1}\nexclude: ['gen/']\n",
            "s.yaml",
        )
        .unwrap()
    }

    #[test]
    fn the_spec_fills_what_the_flags_leave_open() {
        let p = plan(&RequestFlags::default(), &spec()).unwrap();
        assert_eq!(p.provider, Some(Provider::Gemini));
        assert_eq!(p.tokenizer.name(), "cl100k_base");
        assert_eq!(p.ttl, Ttl::OneHour);
        assert_eq!(p.files, Named::Spec(strings(&["s.rs"])));
        assert_eq!(p.exclude, strings(&["gen/"]));
        assert_eq!(p.history, Some(Named::Spec("h.json".into())));
        assert_eq!(p.history_name().map(String::as_str), Some("h.json"));
        let url = UrlSpec {
            url: "https://s".into(),
            file: None,
            content: Some("S".into()),
        };
        assert_eq!(p.urls, Urls::Spec(vec![url]));
        assert_eq!(p.images, Named::Spec(strings(&["s.png"])));
        assert!(!p.file_tree);
        assert_eq!(p.prompt.as_deref(), Some("from spec"));
        assert_eq!(p.origin, "s.yaml");
        assert_eq!((p.legend.as_str(), p.symbols["a.rs"].as_str()), ("L", "A"));
        assert_eq!(p.hints, BTreeMap::from([(key("file:s.rs"), Tier::L1)]));
        assert!(p.stream);
        assert_eq!(p.max_tokens, Some(9));
        assert_eq!(p.session.as_deref(), Some("spec-session"));
    }

    #[test]
    fn flags_override_the_spec() {
        let flags = RequestFlags {
            prompt: Some("from flag".into()),
            files: strings(&["f.rs"]),
            exclude: strings(&["*.lock"]),
            history: Some("f.json".into()),
            url_context: strings(&["https://f=f.txt"]),
            images: strings(&["f.png"]),
            file_tree: Some(true),
            session: Some("flag-session".into()),
            provider: Some("openai".into()),
            max_tokens: Some(7),
            cache_ttl: Some("5m".into()),
            tokenizer: Some("o200k".into()),
            ..RequestFlags::default()
        };
        let p = plan(&flags, &spec()).unwrap();
        assert_eq!(p.provider, Some(Provider::OpenAi));
        assert_eq!(p.tokenizer.name(), "o200k_base");
        assert_eq!(p.ttl, Ttl::FiveMinutes);
        assert_eq!(p.files, Named::CommandLine(strings(&["f.rs"])));
        assert_eq!(p.exclude, strings(&["*.lock"]));
        assert_eq!(p.history, Some(Named::CommandLine("f.json".into())));
        assert_eq!(p.urls, Urls::CommandLine(strings(&["https://f=f.txt"])));
        assert_eq!(p.images, Named::CommandLine(strings(&["f.png"])));
        assert!(p.file_tree);
        assert_eq!(p.prompt.as_deref(), Some("from flag"));
        assert_eq!(p.max_tokens, Some(7));
        assert_eq!(p.session.as_deref(), Some("flag-session"));
        // `stream: true` in the spec cannot be switched off by a flag.
        assert!(p.stream);
        // The symbol map and tier hints come from the spec only.
        assert_eq!(p.legend, "L");
        assert_eq!(p.hints.len(), 1);
    }

    #[test]
    fn only_a_prompt_the_user_gave_is_scanned_for_urls() {
        let fetch = |prompt: Option<&str>, spec: &Spec| {
            let flags = RequestFlags {
                prompt: prompt.map(String::from),
                fetch_urls: true,
                urls: strings(&["https://u"]),
                ..RequestFlags::default()
            };
            plan(&flags, spec).unwrap().fetch
        };
        // A flag's prompt, or standard input (no prompt anywhere), is the user's.
        let f = fetch(Some("see https://x"), &spec());
        assert_eq!((f.detect, f.spec_prompt), (true, false));
        let f = fetch(None, &Spec::default());
        assert_eq!((f.detect, f.spec_prompt), (true, false));
        // The spec's prompt comes from the repository.
        let f = fetch(None, &spec());
        assert_eq!((f.detect, f.spec_prompt), (false, true));
        assert_eq!(f.urls, strings(&["https://u"]));
        assert_eq!(f.max, crate::fetch::MAX_URLS);
        let f = plan(&RequestFlags::default(), &spec()).unwrap().fetch;
        assert_eq!((f.detect, f.spec_prompt, f.urls.len()), (false, false, 0));
    }

    #[test]
    fn defaults_without_flags_or_spec() {
        let p = plan(&RequestFlags::default(), &Spec::default()).unwrap();
        assert_eq!(p.provider, None);
        assert_eq!(p.tokenizer, Tokenizer::default());
        assert_eq!(p.ttl, Ttl::FiveMinutes);
        assert_eq!(p.files, Named::Spec(Vec::new()));
        assert_eq!(p.history, None);
        assert_eq!(p.urls, Urls::Spec(Vec::new()));
        assert!(p.file_tree);
        assert_eq!(p.prompt, None);
        assert!(!p.stream);
        assert_eq!((p.max_tokens, p.session.as_ref()), (None, None));
        assert!(p.symbols.is_empty() && p.hints.is_empty());
        let request_map = MapOptions {
            task_share: true,
            ..MapOptions::default()
        };
        assert_eq!(p.map, Some(request_map));
    }

    #[test]
    fn the_map_gets_its_flag_budget_else_a_modest_one_within_the_window() {
        let budget = |flag: Option<usize>, window: u64| {
            let flags = RequestFlags {
                map_tokens: flag,
                ..RequestFlags::default()
            };
            let p = plan(&flags, &Spec::default()).unwrap();
            p.with_map_budget(window).map.unwrap().tokens
        };
        // No working files: the larger budget.
        assert_eq!(budget(None, 1_000_000), Some(MAP_TOKENS_NO_FILES));
        assert_eq!(budget(None, 0), Some(MAP_TOKENS_NO_FILES));
        // An 8K window keeps seven eighths for the rest.
        assert_eq!(budget(None, 8_192), Some(1_024));
        assert_eq!(budget(Some(900), 200_000), Some(900));
        let with_files = RequestFlags {
            files: strings(&["src/"]),
            ..RequestFlags::default()
        };
        let p = plan(&with_files, &Spec::default()).unwrap();
        assert_eq!(
            p.with_map_budget(1_000_000).map.unwrap().tokens,
            Some(MAP_TOKENS)
        );
        let off = RequestFlags {
            no_symbol_map: true,
            ..RequestFlags::default()
        };
        let p = plan(&off, &Spec::default()).unwrap();
        assert_eq!(p.with_map_budget(200_000).map, None);
    }

    #[test]
    fn the_repository_map_is_wanted_unless_off_or_given() {
        let flags = RequestFlags {
            map_exclude: strings(&["*.min.js"]),
            ..RequestFlags::default()
        };
        let p = plan(&flags, &Spec::default()).unwrap();
        assert_eq!(p.map.unwrap().exclude, strings(&["*.min.js"]));
        // The spec's blocks replace the map.
        assert_eq!(plan(&flags, &spec()).unwrap().map, None);
        let off = RequestFlags {
            no_symbol_map: true,
            ..RequestFlags::default()
        };
        assert_eq!(plan(&off, &Spec::default()).unwrap().map, None);
        let spec_off = spec::parse("symbols: false\n", "s.yaml").unwrap();
        let p = plan(&RequestFlags::default(), &spec_off).unwrap();
        assert_eq!((p.map, p.legend.as_str()), (None, ""));
        // `symbols: true` leaves it on.
        let spec_on = spec::parse("symbols: true\n", "s.yaml").unwrap();
        assert!(plan(&RequestFlags::default(), &spec_on)
            .unwrap()
            .map
            .is_some());
    }

    #[test]
    fn a_bad_name_fails_before_anything_is_read() {
        let flags = RequestFlags {
            tokenizer: Some("p50k".into()),
            ..RequestFlags::default()
        };
        let e = plan(&flags, &Spec::default()).unwrap_err();
        assert_eq!(
            e.message,
            "unknown tokenizer 'p50k'; expected o200k (o200k_base) or cl100k (cl100k_base)"
        );
        let spec = Spec {
            provider: Some("nope".into()),
            ..Spec::default()
        };
        let e = plan(&RequestFlags::default(), &spec).unwrap_err();
        assert_eq!(
            e.message,
            "unknown provider 'nope'; expected anthropic, openai, openai-responses, openrouter, gemini or raw"
        );
    }
}
