//! A unified diff cut to a byte budget at line boundaries, with each file's counts kept
//! whole so the model still sees what the cut left out.

/// One file of a diff and its changed lines.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct FileStat {
    pub path: String,
    pub added: usize,
    pub removed: usize,
}

/// A diff within its budget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capped {
    /// The diff's first lines, whole lines only, at most the budget.
    pub text: String,
    /// Every file of the diff, in order, with its full counts.
    pub files: Vec<FileStat>,
    /// What the budget left out, in words; empty when nothing was cut.
    pub cut: String,
}

/// One file's part of a diff: `diff --git` to the next one.
struct Section<'a> {
    /// Each line, and whether it is a changed line.
    lines: Vec<(&'a str, bool)>,
    stat: FileStat,
}

/// Whether a line is a changed line (`+`/`-` inside a hunk).
fn change(line: &str) -> Option<bool> {
    match line.as_bytes().first() {
        Some(b'+') => Some(true),
        Some(b'-') => Some(false),
        _ => None,
    }
}

/// The path a file header names: `+++ b/PATH`, else `--- a/PATH` (a deleted file),
/// else the `b/` side of `diff --git a/X b/Y` (a binary or mode-only change).
fn path_of(header: &[&str]) -> String {
    let side = |prefix: &str| {
        header
            .iter()
            .filter_map(|l| l.strip_prefix(prefix))
            .map(|p| p.trim_end_matches(['\r', '\n']))
            .find(|p| *p != "/dev/null")
            .map(|p| p.split_once('/').map_or(p, |(_, rest)| rest).to_string())
    };
    side("+++ ")
        .or_else(|| side("--- "))
        .or_else(|| {
            header.first().and_then(|l| {
                let rest = l.strip_prefix("diff --git ")?;
                let at = rest.rfind(" b/")?;
                Some(rest[at + 3..].trim_end().to_string())
            })
        })
        .unwrap_or_default()
}

/// The diff's files. Lines before the first hunk of a file are its header, so `---` and
/// `+++` there are not counted as changes.
fn sections(diff: &str) -> Vec<Section<'_>> {
    let mut out: Vec<Section> = Vec::new();
    let mut in_hunk = false;
    let mut header: Vec<&str> = Vec::new();
    for line in diff.split_inclusive('\n') {
        if line.starts_with("diff --git ") || out.is_empty() {
            out.push(Section {
                lines: Vec::new(),
                stat: FileStat {
                    path: String::new(),
                    added: 0,
                    removed: 0,
                },
            });
            in_hunk = false;
            header.clear();
        }
        let section = out.last_mut().expect("a section was pushed");
        let changed = in_hunk && change(line).is_some();
        section.lines.push((line, changed));
        if line.starts_with("@@") {
            if !in_hunk {
                section.stat.path = path_of(&header);
            }
            in_hunk = true;
        } else if !in_hunk {
            header.push(line);
            section.stat.path = path_of(&header);
        } else if let Some(added) = change(line) {
            if added {
                section.stat.added += 1;
            } else {
                section.stat.removed += 1;
            }
        }
    }
    out
}

/// The most files the cut summary names; the rest are counted.
pub const MAX_CUT_NAMES: usize = 20;

/// `diff` cut to at most `max_bytes`: whole files while they fit, then the next file's
/// first lines; every later file is left out. The summary counts the changed lines left
/// out and names the files they are in.
pub fn cap(diff: &str, max_bytes: usize) -> Capped {
    let sections = sections(diff);
    // Text before the first file (a patch email's header) names no file.
    let files: Vec<FileStat> = sections
        .iter()
        .map(|s| s.stat.clone())
        .filter(|f| !f.path.is_empty())
        .collect();
    let total: usize = files.iter().map(|f| f.added + f.removed).sum();
    let mut text = String::new();
    let mut hidden = 0usize;
    let mut cut_files: Vec<String> = Vec::new();
    for s in &sections {
        let mut left_out = 0usize;
        for (line, changed) in &s.lines {
            if left_out == 0 && text.len() + line.len() <= max_bytes && cut_files.is_empty() {
                text.push_str(line);
            } else {
                left_out += 1;
                hidden += usize::from(*changed);
            }
        }
        if left_out > 0 {
            let part = if left_out < s.lines.len() {
                " (in part)"
            } else {
                ""
            };
            cut_files.push(format!("{}{part}", s.stat.path));
        }
    }
    let cut = if cut_files.is_empty() {
        String::new()
    } else {
        summary(max_bytes, hidden, total, &cut_files)
    };
    Capped { text, files, cut }
}

fn summary(max_bytes: usize, hidden: usize, total: usize, files: &[String]) -> String {
    let mut named = files
        .iter()
        .take(MAX_CUT_NAMES)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if files.len() > MAX_CUT_NAMES {
        named.push_str(&format!(" and {} more files", files.len() - MAX_CUT_NAMES));
    }
    format!(
        "The diff is cut at {max_bytes} bytes: {hidden} of its {total} changed lines are not \
         shown, from {named}. The file list above counts every file's changes."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIFF: &str = "diff --git a/src/a.rs b/src/a.rs
index 1..2 100644
--- a/src/a.rs
+++ b/src/a.rs
@@ -1,2 +1,2 @@
-old
+new
--- a/src/gone.rs
diff --git a/src/gone.rs b/src/gone.rs
deleted file mode 100644
--- a/src/gone.rs
+++ /dev/null
@@ -1 +0,0 @@
--- a comment
diff --git a/logo.png b/logo.png
Binary files a/logo.png and b/logo.png differ
";

    #[test]
    fn counts_every_file_and_keeps_a_diff_that_fits() {
        let c = cap(DIFF, 10_000);
        assert_eq!(c.text, DIFF);
        assert_eq!(c.cut, "");
        let stats: Vec<(&str, usize, usize)> = c
            .files
            .iter()
            .map(|f| (f.path.as_str(), f.added, f.removed))
            .collect();
        // `--- a/src/gone.rs` inside a.rs's hunk is a removed line; `--- a comment`
        // inside gone.rs's hunk is one too.
        assert_eq!(
            stats,
            [
                ("src/a.rs", 1, 2),
                ("src/gone.rs", 0, 1),
                ("logo.png", 0, 0)
            ]
        );
    }

    #[test]
    fn cuts_at_a_line_and_says_what_is_left_out() {
        // Room for a.rs's header and the first changed line only.
        let budget = DIFF.find("+new").unwrap();
        let c = cap(DIFF, budget);
        assert_eq!(c.text, &DIFF[..budget]);
        assert!(c.text.len() <= budget && c.text.ends_with('\n'));
        assert_eq!(
            c.cut,
            format!(
                "The diff is cut at {budget} bytes: 3 of its 4 changed lines are not shown, \
                 from src/a.rs (in part), src/gone.rs, logo.png. The file list above counts \
                 every file's changes."
            )
        );
    }

    #[test]
    fn a_plain_unified_diff_is_one_file() {
        let c = cap("--- a/x.txt\n+++ b/x.txt\n@@ -1 +1 @@\n-a\n+b\n", 100);
        assert_eq!(
            c.files,
            [FileStat {
                path: "x.txt".into(),
                added: 1,
                removed: 1
            }]
        );
    }

    #[test]
    fn many_cut_files_are_counted_past_the_names() {
        let diff: String = (0..MAX_CUT_NAMES + 3)
            .map(|i| {
                format!("diff --git a/f{i} b/f{i}\n--- a/f{i}\n+++ b/f{i}\n@@ -0,0 +1 @@\n+x\n")
            })
            .collect();
        let c = cap(&diff, 0);
        assert_eq!(c.text, "");
        assert!(c.cut.contains(": 23 of its 23 changed"), "{}", c.cut);
        assert!(c.cut.contains(", f19 and 3 more files. "), "{}", c.cut);
    }
}
