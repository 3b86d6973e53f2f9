//! Where a block's old text is in a file: exactly, or under tolerances that cannot move
//! an edit (line endings, trailing whitespace, one uniform indentation shift, the file's
//! final newline). Never by similarity: every place that matches under any tolerance is
//! counted, and a block that matches in more than one place is refused, so a tolerant
//! match never applies an edit at the wrong place.

use super::text::{indent, Line};

/// A difference between a block's old text and the file that a match allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tolerance {
    /// The block's line endings (CRLF or LF) are not the file's.
    LineEndings,
    /// Spaces or tabs at the ends of lines differ.
    TrailingWhitespace,
    /// Every line is indented by the same whitespace more, or less, than the file's.
    Indentation,
    /// The file's last line has no newline; the block's has.
    FinalNewline,
}

impl Tolerance {
    /// Its name in text output.
    pub fn name(self) -> &'static str {
        match self {
            Tolerance::LineEndings => "line endings",
            Tolerance::TrailingWhitespace => "trailing whitespace",
            Tolerance::Indentation => "indentation",
            Tolerance::FinalNewline => "final newline",
        }
    }

    /// Its name in JSON output (stable).
    pub fn key(self) -> &'static str {
        match self {
            Tolerance::LineEndings => "line_endings",
            Tolerance::TrailingWhitespace => "trailing_whitespace",
            Tolerance::Indentation => "indentation",
            Tolerance::FinalNewline => "final_newline",
        }
    }
}

/// How the block's lines are shifted against the file's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shift {
    None,
    /// The file's lines have this indentation more: the new lines get it too.
    Add(String),
    /// The block's lines have this indentation more: the new lines lose it.
    Remove(String),
}

/// A place the old text matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// The first matched line (from 0).
    pub start: usize,
    pub len: usize,
    pub shift: Shift,
    pub tolerances: Vec<Tolerance>,
}

/// Where the old text is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    Nowhere,
    One(Match),
    /// In more than one place: each place's first line (from 0).
    Many(Vec<usize>),
}

/// Where `want` (lines written with CRLF endings when `crlf`) is in `file`.
pub fn find(file: &[Line], want: &[String], crlf: bool) -> Found {
    if want.is_empty() || want.len() > file.len() {
        return Found::Nowhere;
    }
    let mut found: Vec<Match> = (0..=file.len() - want.len())
        .filter_map(|start| match_at(file, start, want, crlf))
        .collect();
    match found.len() {
        0 => Found::Nowhere,
        1 => Found::One(found.remove(0)),
        _ => Found::Many(found.iter().map(|m| m.start).collect()),
    }
}

/// How `want` matches the lines of `file` from `start`, if it does.
fn match_at(file: &[Line], start: usize, want: &[String], crlf: bool) -> Option<Match> {
    let region = &file[start..start + want.len()];
    // Cheap test first: most places differ at their first line even with its spaces
    // trimmed.
    if region[0].body.trim() != want[0].trim() {
        return None;
    }
    let exact = region.iter().zip(want).all(|(l, w)| l.body == w);
    let trimmed = exact
        || region
            .iter()
            .zip(want)
            .all(|(l, w)| l.body.trim_end() == w.trim_end());
    let shift = match trimmed {
        true => Shift::None,
        false => shift_of(region, want)?,
    };
    let mut tolerances = Vec::new();
    if region
        .iter()
        .any(|l| !l.eol.is_empty() && (l.eol == "\r\n") != crlf)
    {
        tolerances.push(Tolerance::LineEndings);
    }
    if !exact && !same_with_shift(region, want, &shift, false) {
        tolerances.push(Tolerance::TrailingWhitespace);
    }
    if shift != Shift::None {
        tolerances.push(Tolerance::Indentation);
    }
    if start + want.len() == file.len() && region[want.len() - 1].eol.is_empty() {
        tolerances.push(Tolerance::FinalNewline);
    }
    tolerances.sort();
    Some(Match {
        start,
        len: want.len(),
        shift,
        tolerances,
    })
}

/// The uniform indentation shift that makes `want` the `region`'s lines (trailing
/// whitespace aside), if there is one: the same run of spaces, or of tabs, on every
/// line that is not blank.
fn shift_of(region: &[Line], want: &[String]) -> Option<Shift> {
    let (l, w) = region
        .iter()
        .zip(want)
        .find(|(_, w)| !w.trim().is_empty())?;
    let (have, put) = (indent(l.body), indent(w));
    let shift = if let Some(more) = have.strip_suffix(put).filter(|m| !m.is_empty()) {
        Shift::Add(more.to_string())
    } else {
        Shift::Remove(
            put.strip_suffix(have)
                .filter(|m| !m.is_empty())?
                .to_string(),
        )
    };
    let run = match &shift {
        Shift::Add(s) | Shift::Remove(s) => s,
        Shift::None => return None,
    };
    let uniform = run.chars().all(|c| c == ' ') || run.chars().all(|c| c == '\t');
    (uniform && same_with_shift(region, want, &shift, true)).then_some(shift)
}

/// Whether `want`, shifted, is the region's lines (with ends trimmed when `trim`);
/// blank lines match blank lines.
fn same_with_shift(region: &[Line], want: &[String], shift: &Shift, trim: bool) -> bool {
    let cut = |s: &str| -> String {
        match trim {
            true => s.trim_end().to_string(),
            false => s.to_string(),
        }
    };
    region.iter().zip(want).all(|(l, w)| {
        if w.trim().is_empty() || l.body.trim().is_empty() {
            return w.trim().is_empty() && l.body.trim().is_empty() && (trim || l.body == w);
        }
        let (have, want) = (cut(l.body), cut(w));
        match shift {
            Shift::None => have == want,
            Shift::Add(run) => have.strip_prefix(run.as_str()) == Some(want.as_str()),
            Shift::Remove(run) => want.strip_prefix(run.as_str()) == Some(have.as_str()),
        }
    })
}

/// The file's lines most like `want` (for a model to retry with): the window of
/// `want`'s length with the most lines equal once trimmed. `None` when no line is.
pub fn nearest(file: &[Line], want: &[String]) -> Option<(usize, usize)> {
    if want.is_empty() || file.is_empty() {
        return None;
    }
    let len = want.len().min(file.len());
    let score = |start: usize| {
        file[start..start + len]
            .iter()
            .zip(want)
            .filter(|(l, w)| !w.trim().is_empty() && l.body.trim() == w.trim())
            .count()
    };
    let (best, start) = (0..=file.len() - len)
        .map(|s| (score(s), s))
        .max_by_key(|&(n, s)| (n, std::cmp::Reverse(s)))?;
    (best > 0).then_some((start, len))
}

#[cfg(test)]
mod tests {
    use super::super::text::lines;
    use super::*;

    fn want(s: &[&str]) -> Vec<String> {
        s.iter().map(|s| s.to_string()).collect()
    }

    fn one(file: &str, w: &[&str], crlf: bool) -> Match {
        match find(&lines(file), &want(w), crlf) {
            Found::One(m) => m,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn exact_then_each_tolerance() {
        let file = "fn a() {\n    x();  \n}\n";
        assert_eq!(one(file, &["fn a() {"], false).tolerances, []);
        let m = one(file, &["    x();"], false);
        assert_eq!(
            (m.start, m.tolerances),
            (1, vec![Tolerance::TrailingWhitespace])
        );
        let m = one(file, &["x();  "], false);
        assert_eq!(m.shift, Shift::Add("    ".into()));
        assert_eq!(m.tolerances, [Tolerance::Indentation]);
        let m = one(file, &["        x();  ", "    }"], false);
        assert_eq!(m.shift, Shift::Remove("    ".into()));
        let m = one("a\r\nb\r\n", &["b"], false);
        assert_eq!(m.tolerances, [Tolerance::LineEndings]);
        assert_eq!(one("a\r\nb\r\n", &["b"], true).tolerances, []);
        let m = one("a\nb", &["b"], false);
        assert_eq!(m.tolerances, [Tolerance::FinalNewline]);
    }

    #[test]
    fn a_shift_must_be_uniform() {
        let file = "    a\n        b\n";
        assert_eq!(
            find(&lines(file), &want(&["a", "b"]), false),
            Found::Nowhere
        );
        assert_eq!(one(file, &["a", "    b"], false).start, 0);
        // Tabs for spaces is not a shift.
        assert_eq!(
            find(&lines(file), &want(&["\ta", "\t    b"]), false),
            Found::Nowhere
        );
    }

    #[test]
    fn two_places_under_any_tolerance_are_ambiguous() {
        let file = "x = 1\nx = 1  \n";
        assert_eq!(
            find(&lines(file), &want(&["x = 1"]), false),
            Found::Many(vec![0, 1])
        );
        let file = "if a:\n    go()\n        go()\n";
        assert_eq!(
            find(&lines(file), &want(&["go()"]), false),
            Found::Many(vec![1, 2])
        );
    }

    #[test]
    fn nearest_lines() {
        let file = lines("a\nb\nc\nd\n");
        assert_eq!(nearest(&file, &want(&["c", "dd"])), Some((2, 2)));
        assert_eq!(nearest(&file, &want(&["zz"])), None);
    }
}
