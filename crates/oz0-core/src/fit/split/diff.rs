//! Unified diffs: parts are files, sub-parts hunks.

use super::line::{Line, Split};
use super::marks::{At, Body, Marks};

/// Finds the files and hunks of a unified diff.
#[derive(Debug, Default)]
pub(crate) struct DiffSplitter {
    /// A `diff --git` line began the current file; its `---`/`+++` lines name it but begin nothing.
    git_header: bool,
    /// The path of a `---` line, while the next line may be its `+++`.
    minus_path: Option<String>,
    /// The current file's mark and its counts of added and removed lines.
    file: Option<(usize, u64, u64)>,
    /// The current hunk's mark and its counts.
    hunk: Option<(usize, u64, u64)>,
    hunks: u64,
    /// Lines left in the current hunk, old side and new side.
    left: (u64, u64),
}

impl Split for DiffSplitter {
    fn line(&mut self, line: Line<'_>, marks: &mut Marks) {
        let text = crate::fit::io::source::whole_chars(line.text);
        let minus_path = self.minus_path.take();
        if self.left != (0, 0) && !text.starts_with("diff --git ") {
            match text.as_bytes().first() {
                Some(b'+') => self.count(1, 0, (0, 1)),
                Some(b'-') => self.count(0, 1, (1, 0)),
                Some(b'\\') => {}
                _ => self.count(0, 0, (1, 1)),
            }
            return;
        }
        if let Some(rest) = text.strip_prefix("diff --git ") {
            self.close(marks);
            let path = rest.rsplit_once(" b/").map_or(rest, |(_, b)| b).to_owned();
            let id = marks.push(At::Here, 1, path.as_bytes(), Body::NextLine);
            self.file = Some((id, 0, 0));
            self.git_header = true;
        } else if let Some(rest) = text.strip_prefix("--- ") {
            self.minus_path = Some(path_of(rest, "a/"));
        } else if let Some(rest) = text.strip_prefix("+++ ") {
            let mut path = path_of(rest, "b/");
            if path == "/dev/null"
                && let Some(old) = &minus_path
            {
                path.clone_from(old);
            }
            if self.git_header {
                if let Some((id, ..)) = self.file {
                    marks.set_label(id, path.as_bytes());
                }
            } else if minus_path.is_some() {
                self.close(marks);
                let id = marks.push(At::Prev, 1, path.as_bytes(), Body::NextLine);
                self.file = Some((id, 0, 0));
            }
        } else if let Some(header) = text.strip_prefix("@@ -") {
            self.close_hunk(marks);
            let (old, new) = hunk_lengths(header);
            self.left = (old, new);
            self.hunks += 1;
            let label = format!("#{} {}", self.hunks, cut(&text, 120));
            let id = marks.push(At::Here, 2, label.as_bytes(), Body::NextLine);
            self.hunk = Some((id, 0, 0));
        }
    }

    fn finish(&mut self, marks: &mut Marks) {
        self.close(marks);
    }
}

impl DiffSplitter {
    fn count(&mut self, plus: u64, minus: u64, used: (u64, u64)) {
        for counts in [&mut self.file, &mut self.hunk].into_iter().flatten() {
            counts.1 += plus;
            counts.2 += minus;
        }
        self.left.0 = self.left.0.saturating_sub(used.0);
        self.left.1 = self.left.1.saturating_sub(used.1);
    }

    fn close_hunk(&mut self, marks: &mut Marks) {
        if let Some((id, plus, minus)) = self.hunk.take() {
            marks.set_detail(id, &format!("+{plus} -{minus}"));
        }
    }

    fn close(&mut self, marks: &mut Marks) {
        self.close_hunk(marks);
        if let Some((id, plus, minus)) = self.file.take() {
            let hunks = if self.hunks == 1 { "1 hunk".to_owned() } else { format!("{} hunks", self.hunks) };
            marks.set_detail(id, &format!("+{plus} -{minus} in {hunks}"));
        }
        self.git_header = false;
        self.hunks = 0;
    }
}

/// Returns the path a `---` or `+++` line names, without its `a/` or `b/` and its time stamp.
fn path_of(rest: &str, prefix: &str) -> String {
    let path = rest.split('\t').next().unwrap_or(rest).trim_end();
    path.strip_prefix(prefix).unwrap_or(path).to_owned()
}

/// Returns the old and new line counts of a hunk header's `-a,b +c,d`.
fn hunk_lengths(header: &str) -> (u64, u64) {
    let mut ranges = header.split(' ');
    let len = |range: Option<&str>| {
        let range = range.unwrap_or("").trim_start_matches(['-', '+']);
        match range.split_once(',') {
            Some((_, n)) => n.parse().unwrap_or(0),
            None => 1,
        }
    };
    let old = len(ranges.next());
    let new = len(ranges.next());
    (old, new)
}

fn cut(text: &str, max: usize) -> &str {
    match text.char_indices().nth(max) {
        Some((i, _)) => &text[..i],
        None => text,
    }
}

/// Returns what a hunk's summary shows: its first changed line.
pub(crate) fn first_change(text: &str) -> Option<String> {
    let line = text.lines().skip(1).find(|line| line.starts_with(['+', '-']))?;
    Some(cut(line.trim_end(), 120).to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunk_header_lengths() {
        assert_eq!(hunk_lengths("1,7 +1,9 @@ fn main"), (7, 9));
        assert_eq!(hunk_lengths("3 +3 @@"), (1, 1));
        assert_eq!(hunk_lengths("0,0 +1,2 @@"), (0, 2));
    }

    #[test]
    fn paths_lose_prefix_and_time_stamp() {
        assert_eq!(path_of("a/src/main.rs\t2026-01-01 10:00", "a/"), "src/main.rs");
        assert_eq!(path_of("/dev/null", "a/"), "/dev/null");
    }
}
