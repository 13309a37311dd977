//! What one pass over a document found: its parts, their labels and weights, and its totals.
//!
//! An `Index` is built by the `Indexer` and read by the views; it holds no text of the document but its
//! parts' labels, so that a view reads back only the parts it shows.

use super::kind::Kind;
use super::split::marks::Part;
use super::tokens::weigher::Totals;

/// What one pass found in a document.
#[derive(Debug, Clone, Default)]
pub struct Index {
    /// What the document was read as.
    pub kind: Option<Kind>,
    /// The parts, in document order.
    pub parts: Vec<Part>,
    /// The parts' labels and details, one after another: whole characters of UTF-8 text, each checked
    /// when it is read (`text_of`) rather than all of them once the document is read, as a view reads a
    /// few of a large document's millions.
    labels: Vec<u8>,
    /// The document's weight before each point where a part begins or ends (and some more), in order.
    /// A part's weight is looked up here when asked for, rather than worked out for every part: a large
    /// document has millions of parts, of which a view shows a few.
    weights: Vec<(u64, u64)>,
    /// The document's size in bytes.
    pub bytes: u64,
    /// The document's size in characters (Unicode scalar values).
    pub chars: u64,
    /// The number of lines.
    pub lines: u64,
    /// The document's weight in tokens (`weigh`).
    pub weight: u64,
    /// The document's estimated tokens (`count`), long runs of white space counted as the estimate has it.
    pub count: u64,
}

impl Index {
    /// Returns the index of a document's figures alone, `bytes` long in `lines` lines: no parts, and
    /// no kind (`measure_file`).
    pub(crate) fn figures(bytes: u64, lines: u64, totals: Totals) -> Self {
        Self { bytes, chars: totals.chars, lines, weight: totals.weight, count: totals.count, ..Self::default() }
    }

    /// Returns the index of a document of `kind`, `bytes` long in `lines` lines: the parts and their
    /// labels (`Marks::finish`), the document's weight before the points kept, and its totals.
    pub(crate) fn new(
        kind: Kind,
        (parts, labels): (Vec<Part>, Vec<u8>),
        weights: Vec<(u64, u64)>,
        bytes: u64,
        lines: u64,
        totals: Totals,
    ) -> Self {
        Self {
            kind: Some(kind),
            parts,
            labels,
            weights,
            bytes,
            chars: totals.chars,
            lines,
            weight: totals.weight,
            count: totals.count,
        }
    }

    /// Returns the kind the document was read as.
    pub fn kind(&self) -> Kind {
        self.kind.unwrap_or(Kind::Text)
    }

    /// Returns a part's label: its heading, key, item, path or hunk header.
    pub fn label(&self, part: &Part) -> &str {
        text_of(self.labels.get(part.label_range()).unwrap_or_default())
    }

    /// Returns what else the outline says of a part, such as a diff's `+3 -1`.
    pub fn detail(&self, part: &Part) -> &str {
        text_of(self.labels.get(part.detail_range()).unwrap_or_default())
    }

    /// Returns a part's weight in tokens, its sub-parts included.
    pub fn part_weight(&self, part: &Part) -> u64 {
        self.weight_at(part.end).saturating_sub(self.weight_at(part.start))
    }

    /// Returns the document's weight before `point`, one of the points the weights were kept at; the
    /// whole document's weight past them.
    fn weight_at(&self, point: u64) -> u64 {
        match self.weights.binary_search_by_key(&point, |&(at, _)| at) {
            Ok(found) => self.weights[found].1,
            Err(_) => self.weight,
        }
    }

    /// Returns where the part `id`'s own text ends: at its first sub-part, or at its end.
    pub fn own_end(&self, id: usize) -> u64 {
        match self.parts.get(id + 1) {
            Some(next) if next.parent() == Some(id) => next.start,
            _ => self.parts.get(id).map_or(0, |p| p.end),
        }
    }
}

/// Returns a label's bytes as text. A label is whole characters from a document that is UTF-8 (an index is
/// made of no other), or text the index wrote; were it not, the text up to its first fault is returned.
fn text_of(bytes: &[u8]) -> &str {
    bytes.utf8_chunks().next().map_or("", |chunk| chunk.valid())
}

/// Two indexes are alike when they say the same of the document: the same parts, labels, weights and
/// totals, whichever points besides the parts' own the weights were kept at.
impl PartialEq for Index {
    fn eq(&self, other: &Self) -> bool {
        let said = |index: &Index| (index.kind, index.bytes, index.chars, index.lines, index.weight, index.count);
        said(self) == said(other)
            && self.parts == other.parts
            && self.parts.iter().all(|part| {
                self.label(part) == other.label(part)
                    && self.detail(part) == other.detail(part)
                    && self.part_weight(part) == other.part_weight(part)
            })
    }
}

impl Eq for Index {}

#[cfg(test)]
mod tests {
    use super::super::io::read::index_text;
    use super::super::kind::Kind;
    use super::super::tokens::estimate::Meter;

    /// The weight of the document's first `len` bytes.
    fn weight_before(doc: &str, len: u64) -> u64 {
        let mut meter = Meter::new();
        meter.feed(&doc.as_bytes()[..len as usize]);
        meter.weight()
    }

    #[test]
    fn a_part_weighs_the_document_from_its_start_to_its_end() {
        let doc =
            "# Guide\n\nIntro words here.\n\n## Install\n\nRun the installer twice.\n\n## Use\n\nAsk for a view.\n";
        let (_, index) = index_text(doc, Kind::Markdown);
        assert_eq!(index.parts.len(), 3);
        for part in &index.parts {
            let weight = weight_before(doc, part.end) - weight_before(doc, part.start);
            assert_eq!(index.part_weight(part), weight, "{part:?}");
        }
        // The top part holds both sections and ends at the end of the document.
        assert_eq!(index.part_weight(&index.parts[0]), index.weight);
    }

    #[test]
    fn labels_are_read_as_text_up_to_any_fault() {
        assert_eq!(super::text_of("Größe 数据".as_bytes()), "Größe 数据");
        assert_eq!(super::text_of(b"ab\xffcd"), "ab");
        assert_eq!(super::text_of(&"é".as_bytes()[..1]), "");
        let (_, index) = index_text("# Größe\n\n## 数据 und mehr\n\nText.\n", Kind::Markdown);
        let labels: Vec<&str> = index.parts.iter().map(|p| index.label(p)).collect();
        assert_eq!(labels, ["Größe", "数据 und mehr"]);
    }

    #[test]
    fn indexes_differ_when_a_part_weighs_differently() {
        let (_, index) = index_text("# A\n\nSome text.\n\n# B\n\nMore text.\n", Kind::Markdown);
        let mut other = index.clone();
        assert_eq!(other, index);
        let Some(point) = other.weights.iter_mut().find(|(at, _)| *at == index.parts[1].start) else {
            panic!("no weight kept where the second part begins: {:?}", index.weights)
        };
        point.1 += 1;
        assert_ne!(other, index);
    }
}
