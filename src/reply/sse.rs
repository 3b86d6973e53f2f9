//! Server-sent events (the WHATWG event-stream format every provider streams in): lines
//! of `field: value`, an event ending at a blank line, `:` starting a comment (OpenRouter
//! sends `: OPENROUTER PROCESSING` while it waits).

use super::{Event, Lines, ReplyError};

/// The fields a stream's lines hold. `id` and `retry` are read and ignored.
const EVENT: &str = "event";
const DATA: &str = "data";
const ID: &str = "id";
const RETRY: &str = "retry";

/// Whether `line` (its leading blanks trimmed) begins an event stream.
pub(super) fn starts_stream(line: &str) -> bool {
    line.starts_with(':') || matches!(field(line), Some((EVENT | DATA | ID | RETRY, _)))
}

/// `field: value` (one space after the colon is not part of the value).
fn field(line: &str) -> Option<(&str, &str)> {
    let (name, value) = line.split_once(':')?;
    Some((name, value.strip_prefix(' ').unwrap_or(value)))
}

/// Hands each event of the stream to `each` as soon as its blank line arrives (the
/// last one, unterminated, at the end). `first` is the stream's first line, already
/// read from `lines`.
pub(super) fn events(
    lines: &mut Lines,
    first: String,
    each: &mut dyn FnMut(Event) -> Result<(), ReplyError>,
) -> Result<(), ReplyError> {
    let mut event = Pending::default();
    let mut next = Some(first);
    while let Some(line) = next {
        if line.is_empty() {
            if let Some(e) = event.take() {
                each(e)?;
            }
        } else if !line.starts_with(':') {
            let Some((name, value)) = field(&line) else {
                return Err(not_a_field(lines.number, &line));
            };
            match name {
                EVENT => event.name = Some(value.to_string()),
                DATA => event.data(value, lines.number),
                ID | RETRY => {}
                _ => return Err(not_a_field(lines.number, &line)),
            }
        }
        next = lines.next_line()?;
    }
    match event.take() {
        Some(e) => each(e),
        None => Ok(()),
    }
}

fn not_a_field(line: usize, text: &str) -> ReplyError {
    let shown: String = text.chars().take(40).collect();
    ReplyError::Malformed {
        line,
        column: 1,
        reason: format!(
            "'{shown}' is not a server-sent-event line (event:, data:, id:, retry: or a \
             ':' comment)"
        ),
    }
}

/// The event being read.
#[derive(Default)]
struct Pending {
    name: Option<String>,
    data: Option<String>,
    line: usize,
}

impl Pending {
    /// A `data:` line: several join with line ends.
    fn data(&mut self, value: &str, line: usize) {
        match &mut self.data {
            Some(data) => {
                data.push('\n');
                data.push_str(value);
            }
            None => {
                self.data = Some(value.to_string());
                self.line = line;
            }
        }
    }

    /// The finished event, if it had data (an event without data is not dispatched).
    fn take(&mut self) -> Option<Event> {
        let pending = std::mem::take(self);
        Some(Event {
            name: pending.name,
            data: pending.data?,
            line: pending.line,
        })
    }
}
