//! A prompt file's parts: the front matter between `---` lines, then the prompt text.
//! build.rs splits the built-in prompts with this too, so the run reads theirs as JSON.

/// Front matter opens and closes with this line.
pub const FENCE: &str = "---";
/// A prompt file's ending.
pub const ENDING: &str = ".md";

/// Why a prompt file does not split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsplit {
    /// The first line is not a fence.
    Missing,
    /// No fence closes the front matter.
    NotClosed,
}

/// The front matter, starting with the newline that ends the opening fence (so YAML
/// line numbers are file line numbers), and the text after the closing fence, trimmed.
/// A leading byte order mark is skipped.
pub fn split(text: &str) -> Result<(&str, &str), Unsplit> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_line_end = text.find('\n').ok_or(Unsplit::Missing)?;
    if text[..first_line_end].trim_end() != FENCE {
        return Err(Unsplit::Missing);
    }
    let rest = &text[first_line_end..];
    let mut offset = 0;
    let close = rest.split_inclusive('\n').find_map(|line| {
        let at = offset;
        offset += line.len();
        (at > 0 && line.trim_end() == FENCE).then_some((at, offset))
    });
    let (yaml_end, body_start) = close.ok_or(Unsplit::NotClosed)?;
    Ok((&rest[..yaml_end], rest[body_start..].trim()))
}
