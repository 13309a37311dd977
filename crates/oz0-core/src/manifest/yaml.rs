//! A YAML reader that keeps the position of every key and value, and refuses input built to hurt: too
//! big, binary, empty, aliases that expand without end, nesting without end.

use std::collections::HashMap;

use saphyr_parser::{Event, Parser, ScalarStyle, ScanError};
use serde_json::{Map, Number, Value};

use super::error::ParseError;

/// The biggest manifest read, in bytes.
pub const MAX_BYTES: usize = 1 << 20;

/// The deepest nesting of mappings and sequences read.
pub const MAX_DEPTH: usize = 64;

/// The most nodes a document may hold once its aliases are expanded: a real manifest has a few hundred,
/// and a "billion laughs" document needs billions.
pub const MAX_NODES: usize = 100_000;

/// Where a node is in the text: a byte offset and a length, as miette wants it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Span {
    /// The byte offset of the first byte.
    pub offset: usize,
    /// The length in bytes.
    pub len: usize,
}

impl Span {
    /// Returns the byte range.
    pub fn range(self) -> std::ops::Range<usize> {
        self.offset..self.offset + self.len
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> Self {
        (span.offset, span.len).into()
    }
}

/// A value of the document with its position.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// What it holds.
    pub value: NodeValue,
    /// Where it is.
    pub span: Span,
}

/// What a node holds, typed by YAML 1.2's core schema.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeValue {
    /// `null`, `~` or nothing.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A number with a fraction or an exponent.
    Float(f64),
    /// Any other scalar, or a quoted one.
    Str(String),
    /// A sequence.
    Seq(Vec<Node>),
    /// A mapping, its entries in the order written; a key is kept as a node for its position.
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// Returns the entries of a mapping, or `None`.
    pub fn entries(&self) -> Option<&[(Node, Node)]> {
        match &self.value {
            NodeValue::Map(entries) => Some(entries),
            _ => None,
        }
    }

    /// Returns the items of a sequence, or `None`.
    pub fn items(&self) -> Option<&[Node]> {
        match &self.value {
            NodeValue::Seq(items) => Some(items),
            _ => None,
        }
    }

    /// Returns a string scalar, or `None`.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            NodeValue::Str(s) => Some(s),
            _ => None,
        }
    }

    /// Returns the key and value of a mapping's entry named `key`, the last one when it is written twice.
    pub fn entry(&self, key: &str) -> Option<(&Node, &Node)> {
        self.entries()?.iter().rev().find(|(k, _)| k.key_text() == key).map(|(k, v)| (k, v))
    }

    /// Returns the value of a mapping's entry named `key`.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entry(key).map(|(_, v)| v)
    }

    /// Returns the text a scalar is written as, as a key of a mapping reads it.
    pub fn key_text(&self) -> String {
        match &self.value {
            NodeValue::Null => "null".to_owned(),
            NodeValue::Bool(b) => b.to_string(),
            NodeValue::Int(i) => i.to_string(),
            NodeValue::Float(f) => f.to_string(),
            NodeValue::Str(s) => s.clone(),
            NodeValue::Seq(_) | NodeValue::Map(_) => String::new(),
        }
    }

    /// Returns the name of the node's type, as a message says it.
    pub fn type_name(&self) -> &'static str {
        match &self.value {
            NodeValue::Null => "null",
            NodeValue::Bool(_) => "a boolean",
            NodeValue::Int(_) | NodeValue::Float(_) => "a number",
            NodeValue::Str(_) => "a string",
            NodeValue::Seq(_) => "a sequence",
            NodeValue::Map(_) => "a mapping",
        }
    }

    /// Returns the node as JSON.
    pub fn to_json(&self) -> Value {
        match &self.value {
            NodeValue::Null => Value::Null,
            NodeValue::Bool(b) => Value::Bool(*b),
            NodeValue::Int(i) => Value::Number((*i).into()),
            NodeValue::Float(f) => Number::from_f64(*f).map_or(Value::Null, Value::Number),
            NodeValue::Str(s) => Value::String(s.clone()),
            NodeValue::Seq(items) => Value::Array(items.iter().map(Node::to_json).collect()),
            NodeValue::Map(entries) => {
                let mut map = Map::new();
                for (k, v) in entries {
                    map.insert(k.key_text(), v.to_json());
                }
                Value::Object(map)
            }
        }
    }

    /// Returns the node at a JSON pointer (`/tools/0/results`), or `None`.
    pub fn pointer(&self, pointer: &str) -> Option<&Node> {
        let mut node = self;
        for segment in pointer.split('/').skip(1) {
            let segment = segment.replace("~1", "/").replace("~0", "~");
            node = match &node.value {
                NodeValue::Map(_) => node.get(&segment)?,
                NodeValue::Seq(items) => items.get(segment.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some(node)
    }

    /// Returns the span of the key that holds the node at `pointer`, or the node's own span for the root
    /// and for items of a sequence.
    pub fn key_span(&self, pointer: &str) -> Option<Span> {
        let (parent, last) = pointer.rsplit_once('/')?;
        let parent = self.pointer(parent)?;
        let last = last.replace("~1", "/").replace("~0", "~");
        match &parent.value {
            NodeValue::Map(_) => parent.entry(&last).map(|(k, _)| k.span),
            _ => self.pointer(pointer).map(|n| n.span),
        }
    }

    fn count(&self) -> usize {
        1 + match &self.value {
            NodeValue::Seq(items) => items.iter().map(Node::count).sum(),
            NodeValue::Map(entries) => entries.iter().map(|(k, v)| k.count() + v.count()).sum(),
            _ => 0,
        }
    }

    fn depth(&self) -> usize {
        match &self.value {
            NodeValue::Seq(items) => 1 + items.iter().map(Node::depth).max().unwrap_or(0),
            NodeValue::Map(entries) => 1 + entries.iter().map(|(_, v)| v.depth()).max().unwrap_or(0),
            _ => 0,
        }
    }
}

/// Returns the text of a manifest's bytes, or why they are not a manifest: too big, empty, binary, or
/// not UTF-8.
///
/// # Errors
///
/// Returns [`ParseError::TooLarge`], [`ParseError::Empty`], [`ParseError::Binary`] or
/// [`ParseError::NotUtf8`].
pub fn decode(bytes: &[u8]) -> Result<&str, ParseError> {
    if bytes.len() > MAX_BYTES {
        return Err(ParseError::TooLarge { size: bytes.len() as u64, limit: MAX_BYTES as u64 });
    }
    if let Some(offset) = memchr::memchr(0, bytes) {
        return Err(ParseError::Binary { offset });
    }
    let text = std::str::from_utf8(bytes).map_err(|err| ParseError::NotUtf8 { offset: err.valid_up_to() })?;
    if text.trim().is_empty() {
        return Err(ParseError::Empty);
    }
    Ok(text)
}

/// Positions in the text: byte offsets of characters, and lines.
struct Positions {
    /// The byte offset of each character, and the text's length last.
    bytes: Vec<usize>,
}

impl Positions {
    fn new(text: &str) -> Self {
        let mut bytes: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        bytes.push(text.len());
        Self { bytes }
    }

    fn byte(&self, char_index: usize) -> usize {
        self.bytes.get(char_index).copied().unwrap_or_else(|| self.bytes.last().copied().unwrap_or(0))
    }

    fn span(&self, span: saphyr_parser::Span) -> Span {
        let start = self.byte(span.start.index());
        let end = self.byte(span.end.index()).max(start);
        Span { offset: start, len: end - start }
    }
}

/// A mapping or sequence being read.
enum Frame {
    Seq { items: Vec<Node>, start: Span, anchor: usize },
    Map { entries: Vec<(Node, Node)>, key: Option<Node>, start: Span, anchor: usize },
}

/// Reads one YAML document into nodes with positions.
///
/// # Errors
///
/// Returns a [`ParseError`] for any input of [`decode`]'s, a syntax error, more than one document, an
/// alias to nothing, aliases expanding past [`MAX_NODES`], or nesting past [`MAX_DEPTH`].
pub fn parse(text: &str) -> Result<Node, ParseError> {
    decode(text.as_bytes())?;
    let positions = Positions::new(text);
    let at = |span: Span| line_column(text, span.offset);
    let mut stack: Vec<Frame> = Vec::new();
    let mut anchors: HashMap<usize, (Node, usize, usize)> = HashMap::new();
    let mut nodes = 0usize;
    let mut root: Option<Node> = None;
    let mut documents = 0;
    for event in Parser::new_from_str(text) {
        let (event, span) = event.map_err(|err| syntax(text, &err))?;
        let span = positions.span(span);
        let node = match event {
            Event::StreamStart | Event::StreamEnd | Event::DocumentEnd | Event::Nothing => continue,
            Event::DocumentStart(_) => {
                documents += 1;
                if documents > 1 {
                    let (line, column) = at(span);
                    return Err(ParseError::MultipleDocuments { line, column });
                }
                continue;
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if stack.len() >= MAX_DEPTH {
                    let (line, column) = at(span);
                    return Err(ParseError::TooDeep { line, column, limit: MAX_DEPTH });
                }
                stack.push(if matches!(event, Event::SequenceStart(..)) {
                    Frame::Seq { items: Vec::new(), start: span, anchor }
                } else {
                    Frame::Map { entries: Vec::new(), key: None, start: span, anchor }
                });
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let (value, start, anchor) = match stack.pop() {
                    Some(Frame::Seq { items, start, anchor }) => (NodeValue::Seq(items), start, anchor),
                    Some(Frame::Map { entries, start, anchor, .. }) => (NodeValue::Map(entries), start, anchor),
                    None => continue,
                };
                let end = trimmed_end(text, span.offset.max(start.offset));
                let node = Node { value, span: Span { offset: start.offset, len: end.saturating_sub(start.offset) } };
                remember(&mut anchors, anchor, &node);
                node
            }
            Event::Scalar(value, style, anchor, tag) => {
                let plain = style == ScalarStyle::Plain && tag.as_ref().is_none_or(|t| !t.to_string().ends_with("str"));
                let node = Node { value: scalar(&value, plain), span };
                remember(&mut anchors, anchor, &node);
                node
            }
            Event::Alias(id) => {
                let Some((anchored, count, depth)) = anchors.get(&id) else {
                    let (line, column) = at(span);
                    return Err(ParseError::UnknownAlias { line, column });
                };
                if nodes + count > MAX_NODES {
                    let (line, column) = at(span);
                    return Err(ParseError::AliasLimit { line, column, limit: MAX_NODES });
                }
                if stack.len() + depth > MAX_DEPTH {
                    let (line, column) = at(span);
                    return Err(ParseError::TooDeep { line, column, limit: MAX_DEPTH });
                }
                nodes += count - 1;
                let mut node = anchored.clone();
                node.span = span;
                node
            }
        };
        nodes += 1;
        if nodes > MAX_NODES {
            let (line, column) = at(node.span);
            return Err(ParseError::AliasLimit { line, column, limit: MAX_NODES });
        }
        match stack.last_mut() {
            Some(Frame::Seq { items, .. }) => items.push(node),
            Some(Frame::Map { entries, key, .. }) => match key.take() {
                None => {
                    if matches!(node.value, NodeValue::Seq(_) | NodeValue::Map(_)) {
                        let (line, column) = at(node.span);
                        return Err(ParseError::ComplexKey { line, column });
                    }
                    *key = Some(node);
                }
                Some(k) => entries.push((k, node)),
            },
            None => root = Some(node),
        }
    }
    match root {
        Some(root) if root.value != NodeValue::Null => Ok(root),
        _ => Err(ParseError::Empty),
    }
}

fn remember(anchors: &mut HashMap<usize, (Node, usize, usize)>, anchor: usize, node: &Node) {
    if anchor != 0 {
        anchors.insert(anchor, (node.clone(), node.count(), node.depth()));
    }
}

/// Returns the end of the text before `offset`, white space and comments left out.
fn trimmed_end(text: &str, offset: usize) -> usize {
    let offset = offset.min(text.len());
    let mut end = text[..offset].trim_end().len();
    // A comment on the last line belongs to no value.
    while let Some(line_start) = text[..end].rfind('\n').map(|i| i + 1).or(Some(0)) {
        let line = &text[line_start..end];
        match line.trim_start().starts_with('#') {
            true if line_start > 0 => end = text[..line_start].trim_end().len(),
            _ => break,
        }
    }
    end
}

fn scalar(text: &str, plain: bool) -> NodeValue {
    if !plain {
        return NodeValue::Str(text.to_owned());
    }
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return NodeValue::Null,
        "true" | "True" | "TRUE" => return NodeValue::Bool(true),
        "false" | "False" | "FALSE" => return NodeValue::Bool(false),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return NodeValue::Float(f64::INFINITY);
        }
        "-.inf" | "-.Inf" | "-.INF" => return NodeValue::Float(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => return NodeValue::Float(f64::NAN),
        _ => {}
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && let Ok(i) = text.parse::<i64>()
    {
        return NodeValue::Int(i);
    }
    if let Some(hex) = text.strip_prefix("0x")
        && let Ok(i) = i64::from_str_radix(hex, 16)
    {
        return NodeValue::Int(i);
    }
    if let Some(oct) = text.strip_prefix("0o")
        && let Ok(i) = i64::from_str_radix(oct, 8)
    {
        return NodeValue::Int(i);
    }
    let looks_numeric = digits.bytes().next().is_some_and(|b| b.is_ascii_digit() || b == b'.')
        && digits.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
        && digits.bytes().any(|b| b.is_ascii_digit());
    if looks_numeric && let Ok(f) = text.parse::<f64>() {
        return NodeValue::Float(f);
    }
    NodeValue::Str(text.to_owned())
}

fn syntax(text: &str, err: &ScanError) -> ParseError {
    let marker = err.marker();
    let chars_before: usize = marker.index();
    let offset = text.char_indices().nth(chars_before).map_or(text.len(), |(i, _)| i);
    let (line, column) = line_column(text, offset);
    // The reader has a nesting limit of its own, which it may meet before ours.
    if err.info().contains("recursion limit") {
        return ParseError::TooDeep { line, column, limit: MAX_DEPTH };
    }
    ParseError::Syntax { line, column, message: err.info().to_owned() }
}

/// Returns the 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_positions_of_keys_and_values() {
        let text = "name: acme\ntools:\n  - id: docs\n    timeout: 30\n";
        let root = parse(text).expect("test input");
        let (key, value) = root.pointer("/tools/0").expect("test input").entry("timeout").expect("test input");
        assert_eq!(&text[key.span.range()], "timeout");
        assert_eq!(&text[value.span.range()], "30");
        assert_eq!(value.value, NodeValue::Int(30));
        assert_eq!(line_column(text, value.span.offset), (4, 14));
        assert_eq!(&text[root.key_span("/tools/0/id").expect("test input").range()], "id");
    }

    #[test]
    fn types_scalars_by_the_core_schema() {
        let root = parse("a: true\nb: '1'\nc: 1.5\nd: ~\ne: yes\nf: 0x10\n").expect("test input");
        let json = root.to_json();
        assert_eq!(json, serde_json::json!({"a": true, "b": "1", "c": 1.5, "d": null, "e": "yes", "f": 16}));
    }

    #[test]
    fn refuses_an_alias_bomb() {
        let mut text = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for (i, name) in ["b", "c", "d", "e", "f", "g", "h", "i"].iter().enumerate() {
            let prev = if i == 0 { "a".to_owned() } else { ["b", "c", "d", "e", "f", "g", "h"][i - 1].to_owned() };
            text.push_str(&format!("{name}: &{name} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
        }
        assert!(matches!(parse(&text), Err(ParseError::AliasLimit { .. })));
    }

    #[test]
    fn refuses_deep_nesting() {
        let text = format!("a: {}1{}\n", "[".repeat(10_000), "]".repeat(10_000));
        let result = parse(&text);
        assert!(matches!(result, Err(ParseError::TooDeep { limit: MAX_DEPTH, .. })), "{result:?}");
        let mut block = String::new();
        for depth in 0..100 {
            block.push_str(&format!("{}a:\n", "  ".repeat(depth)));
        }
        let result = parse(&block);
        assert!(matches!(result, Err(ParseError::TooDeep { line: 65, .. })), "{result:?}");
    }

    #[test]
    fn refuses_empty_binary_and_big_input() {
        assert!(decode(b"  \n# only a comment\n").is_ok());
        assert!(matches!(parse("  \n# only a comment\n"), Err(ParseError::Empty)));
        assert!(matches!(decode(b""), Err(ParseError::Empty)));
        assert!(matches!(decode(b"a: \0"), Err(ParseError::Binary { offset: 3 })));
        assert!(matches!(decode(b"a: \xff"), Err(ParseError::NotUtf8 { offset: 3 })));
        assert!(matches!(decode(&vec![b'a'; MAX_BYTES + 1]), Err(ParseError::TooLarge { .. })));
    }

    #[test]
    fn reports_syntax_errors_at_their_line() {
        let Err(ParseError::Syntax { line, .. }) = parse("a: 1\nb: [1, 2\n") else { panic!("a syntax error") };
        assert!(line >= 2);
    }
}
