//! The end of a stdio server's stderr, kept so that a failure can say what the server
//! said before it: bounded in lines and bytes, since a server may log without end.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};
use tokio::task::JoinHandle;

/// How many of the last lines are kept.
pub const MAX_LINES: usize = 20;
/// How many bytes of them, at most (a longer line is cut).
pub const MAX_BYTES: usize = 4096;
/// How long a failed server's stderr may take to close once it is stopped.
const DRAIN: Duration = Duration::from_millis(500);

#[derive(Debug, Default)]
struct Kept {
    lines: VecDeque<String>,
    bytes: usize,
}

impl Kept {
    fn push(&mut self, line: &str) {
        let mut line = shown(line);
        if line.len() > MAX_BYTES {
            let mut cut = MAX_BYTES;
            while !line.is_char_boundary(cut) {
                cut -= 1;
            }
            line.truncate(cut);
        }
        self.bytes += line.len();
        self.lines.push_back(line);
        while self.lines.len() > MAX_LINES || self.bytes > MAX_BYTES {
            let gone = self.lines.pop_front().unwrap_or_default();
            self.bytes -= gone.len();
        }
    }
}

/// A line as it may go on our stderr: control characters (a server's colours, a
/// terminal escape) become `?`.
fn shown(line: &str) -> String {
    line.trim_end()
        .chars()
        .map(|c| if c.is_control() && c != '\t' { '?' } else { c })
        .collect()
}

/// A task reading a server's stderr, keeping its last lines.
pub struct Tail {
    kept: Arc<Mutex<Kept>>,
    reader: JoinHandle<()>,
}

impl Tail {
    /// Starts reading `stream` (on the current tokio runtime).
    pub fn collect(stream: impl AsyncRead + Send + Unpin + 'static) -> Tail {
        let kept = Arc::new(Mutex::new(Kept::default()));
        let into = Arc::clone(&kept);
        let reader = tokio::spawn(async move {
            let mut lines = BufReader::new(stream);
            let mut line = Vec::new();
            while lines
                .read_until(b'\n', &mut line)
                .await
                .is_ok_and(|n| n > 0)
            {
                if let Ok(mut kept) = into.lock() {
                    kept.push(&String::from_utf8_lossy(&line));
                }
                line.clear();
            }
        });
        Tail { kept, reader }
    }

    /// The kept lines, once the stream closed (the server stopped) or after a short
    /// wait for it.
    pub async fn lines(self) -> Vec<String> {
        let mut reader = self.reader;
        if tokio::time::timeout(DRAIN, &mut reader).await.is_err() {
            reader.abort();
        }
        let kept = self.kept.lock().map(|mut k| std::mem::take(&mut k.lines));
        kept.map(Vec::from).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_lines_within_the_bounds() {
        let mut kept = Kept::default();
        for i in 0..30 {
            kept.push(&format!("line {i}\n"));
        }
        assert_eq!(kept.lines.len(), MAX_LINES);
        assert_eq!(kept.lines[0], "line 10");
        kept.push(&"x".repeat(MAX_BYTES + 10));
        assert_eq!(kept.lines.len(), 1);
        assert_eq!(kept.bytes, MAX_BYTES);
        kept.push("\u{1b}[31mred\u{1b}[0m\r\n");
        assert_eq!(kept.lines.back().unwrap(), "?[31mred?[0m");
    }
}
