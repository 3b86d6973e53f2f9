//! Operational modes × window tiers ([`WindowTier`]): which `modes/<mode>/tier<N>.md`
//! template supplies `.ModeInstructions`, and the token budget of each window tier.
//!
//! The design's budgets (docs/contributing/design.md, modes) are for the tier templates, the mode text
//! here: the tier templates make up the prompt of a tier, and the core prompts (mandates,
//! goal, skills, the sanity check) are assembled around them. So at every tier the same
//! rule holds: a mode text over its tier's budget is a warning. The built-in mode texts
//! are within their budgets (tests/integration/modes.rs), so only a user's own templates are counted
//! at run time: a run with the built-ins counts nothing whose answer is already known.

use super::library::{Found, Library};
use crate::error::Error;
pub use crate::prompt_data::WindowTier;

/// The largest context window (in tokens) of tiers 1–4; anything larger is tier 5.
pub const TIER_WINDOWS: [u64; 4] = [4096, 8192, 16384, 32768];
/// The mode text's token budget for tiers 1–5 (docs/contributing/design.md, modes and goals).
pub const TIER_BUDGETS: [usize; 5] = [200, 500, 1000, 1500, 1500];
/// The highest tier whose default base prompt is the compact one ([`COMPACT_BASE`]): in
/// windows of up to 16K tokens the whole default prompt, not only its mode text, is kept
/// within the tier's budget, with [`BUDGET_MARGIN`] (tests/integration/modes.rs).
pub const COMPACT_MAX_TIER: WindowTier = 3;
/// The base template of tiers 1 to [`COMPACT_MAX_TIER`].
pub const COMPACT_BASE: &str = "base/compact.md";
/// The base template of a model family without one of its own.
pub const DEFAULT_BASE: &str = "base/default.md";
/// The base template of the edits protocol, for a family without `base/<family>.edits.md`.
pub const EDITS_BASE: &str = "base/edits.md";
/// How far over the budget (in percent) the whole default prompt at those tiers may go:
/// the budgets are the design's targets, and the environment (branch names, a sandbox) adds
/// a few tokens.
pub const BUDGET_MARGIN: usize = 10;

/// The highest tier.
pub const MAX_TIER: WindowTier = 5;
/// The last resort when neither the mode nor any lower tier of it has a template.
pub const FALLBACK: (&str, WindowTier) = ("developer", 3);

/// The tier (1–5) for a context window of `window` tokens.
pub fn tier_for(window: u64) -> WindowTier {
    TIER_WINDOWS
        .iter()
        .position(|&limit| window <= limit)
        .map_or(MAX_TIER, |i| i as WindowTier + 1)
}

/// The mode text's token budget for `tier` (1–5).
pub fn budget(tier: WindowTier) -> usize {
    TIER_BUDGETS[usize::from(tier.clamp(1, MAX_TIER)) - 1]
}

/// The warning for a mode text of `tokens` from `origin` at `tier` (picked by a context
/// window of `window` tokens), when it is over the tier's budget; the same at every tier.
pub fn budget_warning(
    origin: &str,
    tokens: usize,
    tier: WindowTier,
    window: u64,
) -> Option<String> {
    let budget = budget(tier);
    (tokens > budget).then(|| {
        format!(
            "the mode prompt ({origin}) is {tokens} tokens, over the tier-{tier} budget of \
             {budget} tokens for a context window of {window} tokens; shorten it (the budget \
             is the mode text's, at every tier)"
        )
    })
}

/// The logical template name of a mode at a tier.
pub fn template_name(mode: &str, tier: WindowTier) -> String {
    format!("modes/{mode}/tier{tier}.md")
}

/// The mode template for `mode` at `tier`: that tier, else the same mode at each lower
/// tier, else `modes/developer/tier3`. `None` only if even the last resort is missing.
pub fn find(library: &Library, mode: &str, tier: WindowTier) -> Result<Option<Found>, Error> {
    for t in (1..=tier.clamp(1, MAX_TIER)).rev() {
        if let Some(found) = library.find(&template_name(mode, t))? {
            return Ok(Some(found));
        }
    }
    library.find(&template_name(FALLBACK.0, FALLBACK.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/system-prompt.md's table of window tiers: each row's window and budget are
    /// the ones `tier_for` and `budget` use.
    #[test]
    fn the_manuals_tier_table_is_the_codes() {
        let doc = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/system-prompt.md");
        let doc = std::fs::read_to_string(doc).unwrap();
        let number = |cell: &str| -> u64 {
            let digits: String = cell.chars().filter(char::is_ascii_digit).collect();
            digits
                .parse()
                .unwrap_or_else(|_| panic!("no number in {cell:?}"))
        };
        let rows: Vec<Vec<&str>> = doc
            .lines()
            .skip_while(|l| !l.starts_with("| tier | context window | budget |"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .map(|l| l.trim_matches('|').split('|').map(str::trim).collect())
            .collect();
        assert_eq!(rows.len(), usize::from(MAX_TIER), "{rows:?}");
        for row in &rows {
            let tier = number(row[0]) as WindowTier;
            let window = number(row[1]);
            assert_eq!(number(row[2]) as usize, budget(tier), "{row:?}");
            match row[1].starts_with("above") {
                true => assert_eq!(tier_for(window + 1), tier, "{row:?}"),
                false => assert_eq!(
                    (tier_for(window), tier_for(window + 1)),
                    (tier, tier + 1),
                    "{row:?}"
                ),
            }
        }
    }

    #[test]
    fn tiers_follow_the_window() {
        for (window, tier) in [
            (1, 1),
            (4096, 1),
            (4097, 2),
            (8192, 2),
            (8193, 3),
            (16384, 3),
            (32768, 4),
            (32769, 5),
            (200_000, 5),
        ] {
            assert_eq!(tier_for(window), tier, "window {window}");
        }
        assert_eq!(budget(1), 200);
        assert_eq!(budget(5), 1500);
    }

    #[test]
    fn lower_tiers_then_developer_tier3() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("modes/planning")).unwrap();
        std::fs::write(dir.path().join("modes/planning/tier1.md"), "P1").unwrap();
        let lib = Library::new(vec![dir.path().to_path_buf()]);
        // The built-ins hold every tier, so the directory's tier 1 is only reached by
        // asking for tier 1; a name the built-ins lack shows the chain.
        assert_eq!(find(&lib, "planning", 1).unwrap().unwrap().text, "P1");
        std::fs::create_dir_all(dir.path().join("modes/custom")).unwrap();
        std::fs::write(dir.path().join("modes/custom/tier2.md"), "C2").unwrap();
        let found = find(&lib, "custom", 4).unwrap().unwrap();
        assert_eq!(found.name, "modes/custom/tier2.md");
        assert_eq!(found.text, "C2");
        let found = find(&lib, "missing", 5).unwrap().unwrap();
        assert_eq!(found.name, "modes/developer/tier3.md");
    }
}
