//! JSON, read in its one-line-per-value form so that line numbers mean something even for one-line JSON.
//!
//! The form is the one `serde_json::to_string_pretty` writes: two spaces of indent a level, each value on a
//! line of its own. It is made by one pass over the text that keeps strings and numbers exactly as written
//! and key order as it is, so that nothing is lost or reordered.

/// How deep arrays and objects may nest.
pub const MAX_DEPTH: usize = 256;

/// A text that is not JSON.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} at line {line}, column {column}")]
pub struct JsonError {
    /// What was wrong.
    pub message: &'static str,
    /// The byte offset of the error.
    pub offset: usize,
    /// Its line, 1-based.
    pub line: usize,
    /// Its column in characters, 1-based.
    pub column: usize,
}

/// Checks that `text` is one JSON value.
pub(crate) fn validate(text: &[u8]) -> Result<(), JsonError> {
    Parser::new(text, NoOutput).run().map(|_| ())
}

/// Returns whether `text` is the start of a JSON value: it holds no error before its end.
pub(crate) fn validate_prefix(text: &[u8]) -> bool {
    match validate(text) {
        Ok(()) => true,
        Err(err) => err.offset >= text.len(),
    }
}

/// Returns `text` in the one-line-per-value form.
///
/// # Errors
///
/// Returns where `text` stops being JSON.
pub fn pretty(text: &str) -> Result<String, JsonError> {
    let out = Pretty { out: String::with_capacity(text.len() + text.len() / 2), depth: 0 };
    Parser::new(text.as_bytes(), out).run().map(|p| p.out)
}

trait Output {
    fn raw(&mut self, bytes: &[u8]);
    fn open(&mut self, bracket: u8);
    fn empty(&mut self, pair: &'static str);
    fn next(&mut self);
    fn close(&mut self, bracket: u8);
    fn colon(&mut self);
}

struct NoOutput;

impl Output for NoOutput {
    fn raw(&mut self, _: &[u8]) {}
    fn open(&mut self, _: u8) {}
    fn empty(&mut self, _: &'static str) {}
    fn next(&mut self) {}
    fn close(&mut self, _: u8) {}
    fn colon(&mut self) {}
}

struct Pretty {
    out: String,
    depth: usize,
}

impl Pretty {
    fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }
}

impl Output for Pretty {
    fn raw(&mut self, bytes: &[u8]) {
        // The parser hands over only whole tokens of a text that is UTF-8.
        self.out.push_str(&String::from_utf8_lossy(bytes));
    }
    fn open(&mut self, bracket: u8) {
        self.out.push(bracket as char);
        self.depth += 1;
        self.newline();
    }
    fn empty(&mut self, pair: &'static str) {
        self.out.push_str(pair);
    }
    fn next(&mut self) {
        self.out.push(',');
        self.newline();
    }
    fn close(&mut self, bracket: u8) {
        self.depth -= 1;
        self.newline();
        self.out.push(bracket as char);
    }
    fn colon(&mut self) {
        self.out.push_str(": ");
    }
}

struct Parser<'a, O> {
    s: &'a [u8],
    i: usize,
    out: O,
    /// Open containers: `true` for an object.
    stack: Vec<bool>,
}

type Step<T> = Result<T, &'static str>;

impl<'a, O: Output> Parser<'a, O> {
    fn new(s: &'a [u8], out: O) -> Self {
        let bom = if s.starts_with("\u{feff}".as_bytes()) { 3 } else { 0 };
        Self { s, i: bom, out, stack: Vec::new() }
    }

    fn run(mut self) -> Result<O, JsonError> {
        match self.document() {
            Ok(()) => Ok(self.out),
            Err(message) => Err(self.error(message)),
        }
    }

    fn error(&self, message: &'static str) -> JsonError {
        let offset = self.i.min(self.s.len());
        let before = &self.s[..offset];
        let line = memchr::memchr_iter(b'\n', before).count() + 1;
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
        let column = super::io::source::whole_chars(&before[line_start..]).chars().count() + 1;
        JsonError { message, offset, line, column }
    }

    fn document(&mut self) -> Step<()> {
        self.value()?;
        loop {
            self.skip_ws();
            let Some(&object) = self.stack.last() else { break };
            let close = if object { b'}' } else { b']' };
            match self.peek() {
                Some(b',') => {
                    self.i += 1;
                    self.out.next();
                    if object {
                        self.key()?;
                    }
                    self.value()?;
                }
                Some(b) if b == close => {
                    self.i += 1;
                    self.stack.pop();
                    self.out.close(close);
                }
                None => return Err("unexpected end of input"),
                Some(_) if object => return Err("expected `,` or `}`"),
                Some(_) => return Err("expected `,` or `]`"),
            }
        }
        self.skip_ws();
        if self.i < self.s.len() {
            return Err("trailing characters after the value");
        }
        Ok(())
    }

    /// Reads a value; an array or object is only opened, and the caller's loop reads the rest.
    fn value(&mut self) -> Step<()> {
        self.skip_ws();
        let Some(b) = self.peek() else { return Err("unexpected end of input") };
        match b {
            b'{' | b'[' => {
                let object = b == b'{';
                self.i += 1;
                self.skip_ws();
                let close = if object { b'}' } else { b']' };
                if self.peek() == Some(close) {
                    self.i += 1;
                    self.out.empty(if object { "{}" } else { "[]" });
                    return Ok(());
                }
                if self.stack.len() >= MAX_DEPTH {
                    return Err("nested deeper than 256 levels");
                }
                self.stack.push(object);
                self.out.open(b);
                if object {
                    self.key()?;
                }
                self.value()
            }
            b'"' => self.string(),
            b'-' | b'0'..=b'9' => self.number(),
            b't' => self.literal(b"true"),
            b'f' => self.literal(b"false"),
            b'n' => self.literal(b"null"),
            _ => Err("expected a value"),
        }
    }

    fn key(&mut self) -> Step<()> {
        self.skip_ws();
        if self.peek() != Some(b'"') {
            return Err(if self.peek().is_none() { "unexpected end of input" } else { "expected a string key" });
        }
        self.string()?;
        self.skip_ws();
        match self.peek() {
            Some(b':') => {
                self.i += 1;
                self.out.colon();
                Ok(())
            }
            None => Err("unexpected end of input"),
            Some(_) => Err("expected `:`"),
        }
    }

    fn string(&mut self) -> Step<()> {
        let start = self.i;
        self.i += 1;
        loop {
            let Some(found) = memchr::memchr2(b'"', b'\\', &self.s[self.i..]) else {
                self.i = self.s.len();
                return Err("unexpected end of input");
            };
            if let Some(ctl) = self.s[self.i..self.i + found].iter().position(|&b| b < 0x20) {
                self.i += ctl;
                return Err("control character in a string");
            }
            self.i += found;
            if self.s[self.i] == b'"' {
                self.i += 1;
                self.out.raw(&self.s[start..self.i]);
                return Ok(());
            }
            self.i += 1;
            match self.peek() {
                Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => self.i += 1,
                Some(b'u') => {
                    let hex = self.s.get(self.i + 1..self.i + 5);
                    if !hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                        return Err("invalid `\\u` escape");
                    }
                    self.i += 5;
                }
                None => return Err("unexpected end of input"),
                Some(_) => return Err("invalid escape"),
            }
        }
    }

    fn number(&mut self) -> Step<()> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek() {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => self.digits(),
            None => return Err("unexpected end of input"),
            Some(_) => return Err("invalid number"),
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Err(if self.peek().is_none() { "unexpected end of input" } else { "invalid number" });
            }
            self.digits();
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Err(if self.peek().is_none() { "unexpected end of input" } else { "invalid number" });
            }
            self.digits();
        }
        self.out.raw(&self.s[start..self.i]);
        Ok(())
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.i += 1;
        }
    }

    fn literal(&mut self, word: &'static [u8]) -> Step<()> {
        let end = (self.i + word.len()).min(self.s.len());
        let have = &self.s[self.i..end];
        if have == word {
            self.i = end;
            self.out.raw(word);
            Ok(())
        } else if word.starts_with(have) && end == self.s.len() {
            self.i = end;
            Err("unexpected end of input")
        } else {
            Err("expected a value")
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }
}

/// Returns the quoted key at the start of a member's line, escapes and all.
pub(crate) fn key_token(line: &[u8]) -> &[u8] {
    let mut i = 1;
    while i < line.len() {
        match line[i] {
            b'\\' => i += 2,
            b'"' => return &line[..=i],
            _ => i += 1,
        }
    }
    line
}

/// Returns what a member's or item's summary shows: its value on one line, cut.
pub(crate) fn preview(text: &str) -> Option<String> {
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        let mut line = line.trim();
        if i == 0 && line.starts_with('"') {
            let key = key_token(line.as_bytes()).len();
            line = line[key..].trim_start_matches(':').trim_start();
        }
        let line = line.strip_suffix(',').unwrap_or(line);
        if !(out.is_empty() || out.ends_with(['[', '{']) || line.starts_with([']', '}'])) {
            out.push_str(", ");
        }
        out.push_str(line);
        if out.len() > 200 {
            break;
        }
    }
    super::sentence::first_words(&out, 100)
}

/// Returns the key a member's label names, without quotes and escapes.
pub(crate) fn unquote(label: &str) -> String {
    serde_json::from_str::<String>(label).unwrap_or_else(|_| label.trim_matches('"').to_owned())
}

/// Returns the first and last line (1-based) of the value a JSON pointer (`/a/b/0`) names, in the
/// one-line-per-value form `text`.
pub(crate) fn pointer_lines(text: &str, pointer: &str) -> Option<(u64, u64)> {
    let lines: Vec<&str> = text.lines().collect();
    let (mut first, mut last) = (0usize, lines.len().checked_sub(1)?);
    let tokens = pointer.strip_prefix('/')?.split('/').map(|t| t.replace("~1", "/").replace("~0", "~"));
    for (depth, token) in tokens.enumerate() {
        let opening = lines[first].trim_end().chars().last()?;
        let object = match opening {
            '{' => true,
            '[' => false,
            _ => return None,
        };
        let indent = "  ".repeat(depth + 1);
        // Each child begins at a line of exactly the next indent that does not close a container.
        let children: Vec<usize> = (first + 1..last)
            .filter(|&i| {
                let line = lines[i];
                line.starts_with(&indent) && !line[indent.len()..].starts_with([' ', '}', ']'])
            })
            .collect();
        let at = if object {
            children.iter().position(|&i| {
                unquote(std::str::from_utf8(key_token(&lines[i].as_bytes()[indent.len()..])).unwrap_or("")) == token
            })?
        } else {
            token.parse::<usize>().ok().filter(|&n| n < children.len())?
        };
        first = children[at];
        last = children.get(at + 1).map_or(last - 1, |next| next - 1);
    }
    Some((first as u64 + 1, last as u64 + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_form_serde_json_writes() {
        let text = r#"{"a":1,"b":[true,null,{"c":"x\"y"}],"d":{},"e":[],"f":-1.5}"#;
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(pretty(text).unwrap(), serde_json::to_string_pretty(&value).unwrap());
        assert_eq!(pretty(" 42 ").unwrap(), "42");
    }

    #[test]
    fn keeps_numbers_strings_and_key_order_as_written() {
        let text = r#"{"z":1.000000000000000000001,"a":"\u00e9"}"#;
        assert_eq!(pretty(text).unwrap(), "{\n  \"z\": 1.000000000000000000001,\n  \"a\": \"\\u00e9\"\n}");
    }

    #[test]
    fn errors_name_line_and_column() {
        let err = pretty("{\n  \"a\": tru }").unwrap_err();
        assert_eq!(err.to_string(), "expected a value at line 2, column 8");
        assert_eq!(pretty("[1,]").unwrap_err().message, "expected a value");
        assert_eq!(pretty("[1 2]").unwrap_err().message, "expected `,` or `]`");
        assert_eq!(pretty("{\"a\" 1}").unwrap_err().message, "expected `:`");
        assert_eq!(pretty("\"a\nb\"").unwrap_err().message, "control character in a string");
        assert_eq!(pretty("01").unwrap_err().message, "trailing characters after the value");
        assert_eq!(pretty("[1] x").unwrap_err().message, "trailing characters after the value");
        assert_eq!(pretty("").unwrap_err().message, "unexpected end of input");
        assert_eq!(pretty(&"[".repeat(300)).unwrap_err().message, "nested deeper than 256 levels");
    }

    #[test]
    fn prefixes_are_told_from_errors() {
        assert!(validate_prefix(br#"{"a": [1, 2"#));
        assert!(validate_prefix(br#"{"a": tr"#));
        assert!(!validate_prefix(br#"{"a" 1"#));
    }

    #[test]
    fn pointers_name_nested_values() {
        let text = pretty(r#"{"a":{"b":[10,{"c":2}]},"x/y":3}"#).unwrap();
        assert_eq!(pointer_lines(&text, "/a/b/1"), Some((5, 7)));
        assert_eq!(pointer_lines(&text, "/a/b/0"), Some((4, 4)));
        assert_eq!(pointer_lines(&text, "/x~1y"), Some((10, 10)));
        assert_eq!(pointer_lines(&text, "/a/zz"), None);
        assert_eq!(pointer_lines(&text, "/a/b/9"), None);
    }
}
