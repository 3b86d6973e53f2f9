//! `models`: the model registry in effect (a user's or project's `models.yaml` shadows
//! the built-in one), as a table or JSON.

use super::{resolve, Ctx, Outcome};
use crate::cli::ModelsArgs;
use crate::model::{glob_match, ModelInfo, PROVIDER_DEFAULTS};
use crate::prompt;
use crate::settings::Flags;

/// The table's columns.
const HEADER: [&str; 11] = [
    "PATTERN",
    "PROVIDER",
    "FAMILY",
    "WINDOW",
    "OUTPUT",
    "MIN CACHE",
    "INPUT $",
    "OUTPUT $",
    "WRITE $",
    "READ $",
    "END OF LIFE",
];

/// `models --json`: the entries, with the day the registry was last compared with the
/// providers (a project's own models.yaml may not say) and each provider's default model,
/// which scripts/registry-drift checks is current.
#[derive(serde::Serialize)]
struct Listing<'a> {
    checked: Option<&'a str>,
    defaults: std::collections::BTreeMap<&'static str, &'static str>,
    models: Vec<&'a ModelInfo>,
}

pub fn run(args: ModelsArgs, ctx: &mut Ctx) -> anyhow::Result<Outcome> {
    let flags = Flags {
        templates: args.templates.dir,
        ..ctx.flags()
    };
    let settings = resolve(&flags, &ctx.env)?;
    let registry = prompt::registry(&prompt::library(&settings))?;
    let entries: Vec<&ModelInfo> = registry
        .models
        .iter()
        .filter(|m| {
            args.filter
                .as_ref()
                .is_none_or(|f| glob_match(f, &m.pattern))
        })
        .collect();
    if args.json {
        let listing = Listing {
            checked: registry.checked.as_deref(),
            defaults: PROVIDER_DEFAULTS.iter().copied().collect(),
            models: entries,
        };
        let mut text = serde_json::to_string_pretty(&listing)?;
        text.push('\n');
        ctx.out.write_all(text.as_bytes())?;
        return Ok(Outcome::Ok);
    }
    let rows: Vec<[String; 11]> = std::iter::once(HEADER.map(String::from))
        .chain(entries.iter().map(|m| row(m)))
        .collect();
    ctx.out.write_all(table(&rows).as_bytes())?;
    Ok(Outcome::Ok)
}

fn row(m: &ModelInfo) -> [String; 11] {
    let price = m.price.unwrap_or_default();
    let usd = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |v| format!("{v}"));
    let pattern = match m.is_known() {
        true => m.pattern.clone(),
        false => format!("{} (fallback)", m.pattern),
    };
    [
        pattern,
        m.provider.clone(),
        m.family.clone(),
        m.context_window.to_string(),
        m.max_output_tokens.to_string(),
        m.min_cache_tokens.to_string(),
        usd(price.input),
        usd(price.output),
        usd(price.cache_write),
        usd(price.cache_read),
        m.deprecated.clone().unwrap_or_else(|| "-".to_string()),
    ]
}

/// Left-aligned columns two spaces apart, without trailing spaces.
fn table(rows: &[[String; 11]]) -> String {
    let mut widths = [0; 11];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (cell, w) in row.iter().zip(widths) {
            line.push_str(&format!("{cell:w$}  "));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
