//! The invariants of fitting, over generated documents and requests.

#![cfg(feature = "fit")]

use oz0_core::fit::{self, CAP, CAP_CHARS, Indexer, Kind, Request, View, chars_of, fit_document, weigh};
use proptest::prelude::*;

/// Lines that make documents of every kind: headings, fences, diff headers, JSON, prose, wide characters.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        (1..=4usize, "[A-Za-z ]{0,12}").prop_map(|(level, text)| format!("{} {text}", "#".repeat(level))),
        Just("```".to_owned()),
        Just(String::new()),
        Just("---".to_owned()),
        Just("diff --git a/x.rs b/x.rs".to_owned()),
        Just("--- a/x.rs".to_owned()),
        Just("+++ b/x.rs".to_owned()),
        Just("@@ -1,2 +1,2 @@".to_owned()),
        "[-+ ][a-z]{0,10}",
        "[a-zA-Z0-9 .,!?]{0,80}",
        "[\\PC]{0,30}",
        Just("安装很简单。然后运行。🦀".to_owned()),
        Just(" ".repeat(100)),
    ]
}

fn document() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::collection::vec(line(), 0..60).prop_map(|lines| lines.join("\n")),
        1 => prop::collection::vec(("[a-z]{1,6}", "[a-z ]{0,20}"), 0..20).prop_map(|pairs| {
            let members: Vec<String> = pairs.iter().map(|(k, v)| format!("{k:?}: [{v:?}, 1, {{\"x\": null}}]")).collect();
            format!("{{{}}}", members.join(","))
        }),
    ]
}

fn view() -> impl Strategy<Value = Option<View>> {
    prop_oneof![
        Just(None),
        Just(Some(View::Full)),
        Just(Some(View::Section)),
        Just(Some(View::Summary)),
        Just(Some(View::Stub))
    ]
}

fn query() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        Just(None),
        "[A-Za-z ]{0,8}".prop_map(Some),
        (1..40u64, 0..40u64).prop_map(|(a, n)| Some(format!("{a}-{}", a + n))),
        Just(Some("x.rs#1".to_owned())),
        Just(Some("[0]".to_owned())),
        Just(Some("/a/0".to_owned())),
    ]
}

fn kind() -> impl Strategy<Value = Option<Kind>> {
    prop_oneof![
        Just(None),
        Just(Some(Kind::Markdown)),
        Just(Some(Kind::Json)),
        Just(Some(Kind::Diff)),
        Just(Some(Kind::Text)),
        // Any text read as code: the grammar recovers what it can, and the answers keep their bounds.
        prop::sample::select(oz0_core::fit::Lang::ALL.to_vec()).prop_map(|lang| Some(Kind::Code(lang))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn answers_keep_their_bounds_and_never_grow_the_view(
        doc in document(),
        view in view(),
        budget in prop::option::of(1..3000u64),
        query in query(),
        chars in prop::option::of(1..5000u64),
        kind in kind(),
    ) {
        let request = Request { view, budget, query: query.as_deref(), chars, kind, name: None };
        let f = fit_document(&doc, &request);
        let tokens = budget.map_or(CAP, |b| b.min(CAP));
        let max_chars = [budget.map(chars_of), chars, Some(CAP_CHARS)].into_iter().flatten().min().unwrap_or(CAP_CHARS);
        prop_assert!(weigh(&f.text) <= tokens, "tokens {} > {tokens}", weigh(&f.text));
        prop_assert!(f.text.chars().count() as u64 <= max_chars);
        prop_assert_eq!(f.note.tokens, weigh(&f.text));
        let top = view.unwrap_or(View::Full);
        prop_assert!(f.note.view <= top, "{:?} is bigger than {:?}", f.note.view, top);
        prop_assert_eq!(f.note.truncated, f.note.bound.is_some());
        prop_assert_eq!(f.note.omitted.is_none(), f.note.view == View::Full);
        // Same input, same bytes out.
        prop_assert_eq!(fit_document(&doc, &request), f);
    }

    #[test]
    fn an_outline_never_weighs_more_than_the_whole_nor_a_stub_more_than_a_summary(
        doc in prop_oneof![
            document(),
            // Many tiny parts, whose outline lines outweigh them.
            prop::collection::vec((1..=3usize, "[A-Za-z]{1,4}", "[a-z]{0,6}"), 1..120).prop_map(|parts| {
                parts.iter().map(|(level, title, body)| format!("{} {title}\n{body}\n", "#".repeat(*level))).collect()
            }),
        ],
        kind in kind(),
    ) {
        let fitted = |view| {
            let request = Request { view: Some(view), kind, ..Request::default() };
            fit_document(&doc, &request)
        };
        // An empty document is answered with the header that says so.
        prop_assume!(!doc.is_empty());
        let (summary, stub) = (fitted(View::Summary), fitted(View::Stub));
        // The whole as the engine reads it: JSON is read one line a value.
        let whole = summary.note.size;
        if summary.note.view == View::Summary {
            prop_assert!(summary.note.tokens <= whole, "summary {} of {whole}:\n{}", summary.note.tokens, summary.text);
            prop_assert!(stub.note.tokens <= summary.note.tokens, "stub {} > summary {}", stub.note.tokens, summary.note.tokens);
        }
        prop_assert!(stub.note.tokens <= whole, "stub {} of {whole}:\n{}", stub.note.tokens, stub.text);
    }

    #[test]
    fn the_stub_always_comes_back(doc in document(), budget in 1..200u64) {
        let f = fit_document(&doc, &Request { view: Some(View::Stub), budget: Some(budget), ..Request::default() });
        prop_assert_eq!(f.note.view, View::Stub);
        prop_assert!(weigh(&f.text) <= budget);
    }

    #[test]
    fn full_and_section_text_is_cut_from_the_document_at_character_boundaries(
        doc in document(),
        query in query(),
        budget in prop::option::of(1..3000u64),
    ) {
        let f = fit_document(&doc, &Request { query: query.as_deref(), budget, kind: Some(Kind::Markdown), ..Request::default() });
        if matches!(f.note.view, View::Full | View::Section) {
            prop_assert!(doc.contains(&f.text));
        }
    }

    #[test]
    fn a_section_is_whole_parts(doc in prop::collection::vec(line(), 1..60).prop_map(|l| l.join("\n") + "\n"), pick in 0usize..60) {
        let (_, index) = fit::index_text(&doc, Kind::Markdown);
        prop_assume!(!index.parts.is_empty());
        let part = &index.parts[pick % index.parts.len()];
        let label = index.label(part);
        prop_assume!(!label.is_empty() && !label.starts_with('('));
        let f = fit_document(&doc, &Request { query: Some(label), kind: Some(Kind::Markdown), ..Request::default() });
        prop_assume!(f.note.view == View::Section);
        // The section is some part's bytes, exactly: from its heading to where the part ends.
        let owner = index.parts.iter().find(|p| doc.get(p.start as usize..p.end as usize) == Some(f.text.as_str()));
        prop_assert!(owner.is_some(), "no part is {:?}", f.text);
    }

    #[test]
    fn any_chunking_indexes_alike(doc in document(), cuts in prop::collection::vec(0usize..400, 0..8), kind in prop_oneof![Just(Kind::Markdown), Just(Kind::Diff), Just(Kind::Text)]) {
        let whole = fit::index_text(&doc, kind).1;
        let bytes = doc.as_bytes();
        let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(bytes.len())).collect();
        cuts.sort_unstable();
        let mut indexer = Indexer::new(kind);
        let mut from = 0;
        for cut in cuts.into_iter().chain([bytes.len()]) {
            // Chunks may split a character: the indexer completes it with the next chunk.
            prop_assert!(indexer.feed(&bytes[from..cut]).is_ok());
            from = cut;
        }
        prop_assert_eq!(indexer.finish().unwrap(), whole);
    }

    #[test]
    fn measuring_on_a_second_thread_gives_the_same_index(doc in document(), chunk in 1usize..64, kind in prop_oneof![Just(Kind::Markdown), Just(Kind::Diff), Just(Kind::Text)]) {
        let whole = fit::index_text(&doc, kind).1;
        let threaded = fit::index_reader_in_chunks(doc.as_bytes(), kind, chunk, |_| {}).unwrap();
        prop_assert_eq!(threaded, whole);
    }

    #[test]
    fn the_figures_alone_are_those_of_the_index(doc in document(), chunk in 1usize..64, trailing in "[a-z\n\r ]{0,3}") {
        let doc = doc + &trailing;
        let whole = fit::index_text(&doc, Kind::Text).1;
        let figures = fit::measure_reader_in_chunks(doc.as_bytes(), chunk, |_| {}).unwrap();
        prop_assert_eq!(figures_of(&figures), figures_of(&whole));
        prop_assert!(figures.parts.is_empty() && figures.kind.is_none());
        prop_assert_eq!(figures_of(&fit::measure_reader(doc.as_bytes(), |_| {}).unwrap()), figures_of(&whole));
    }

    #[test]
    fn two_threads_find_invalid_utf8_where_the_standard_library_does(
        prefix in "[a-zé数 \n#]{0,300}",
        bad in prop::sample::select(vec![&b"\xff"[..], b"\xc3", b"\xe6\x95", b"\x80", b"\xed\xa0\x80", b"\xf0\x9f\x98"]),
        suffix in "[a-z数]{0,40}",
        chunk in 1usize..70,
    ) {
        let mut bytes = prefix.into_bytes();
        bytes.extend_from_slice(bad);
        bytes.extend_from_slice(suffix.as_bytes());
        let expected = std::str::from_utf8(&bytes).err().map(|err| err.valid_up_to() as u64);
        let found = match fit::index_reader_in_chunks(&bytes[..], Kind::Markdown, chunk, |_| {}) {
            Ok(_) => None,
            Err(fit::ReadError::Utf8(invalid)) => Some(invalid.offset),
            Err(err) => panic!("{err}"),
        };
        prop_assert_eq!(found, expected);
        let measured = match fit::measure_reader_in_chunks(&bytes[..], chunk, |_| {}) {
            Ok(_) => None,
            Err(fit::ReadError::Utf8(invalid)) => Some(invalid.offset),
            Err(err) => panic!("{err}"),
        };
        prop_assert_eq!(measured, expected);
    }

    #[test]
    fn invalid_utf8_is_found_at_its_offset(prefix in "[a-z\n]{0,50}", suffix in "[a-z]{0,10}", split in 0usize..60) {
        let mut bytes = prefix.clone().into_bytes();
        bytes.push(0xff);
        bytes.extend_from_slice(suffix.as_bytes());
        let split = split.min(bytes.len());
        let mut indexer = Indexer::new(Kind::Text);
        let first = indexer.feed(&bytes[..split]);
        let result = first.and_then(|()| indexer.feed(&bytes[split..]));
        prop_assert_eq!(result.err().map(|e| e.offset), Some(prefix.len() as u64));
    }
}

/// A document of a few hundred KiB, larger than the blocks the weigher works in, with parts of every size.
fn large_document() -> String {
    let mut doc = String::from("Before the first heading.\n\n");
    for i in 0..3000 {
        doc.push_str(&format!("{} Part {i}\n\n", "#".repeat(1 + i % 4)));
        let words = "données 数据 the index reads a document in one pass ";
        doc.push_str(&words.repeat(1 + (i * 7) % 13));
        doc.push_str(if i % 5 == 0 { "\n\n```\n# not a heading\n```\n\n" } else { "\n\n" });
        if i % 97 == 0 {
            doc.push_str(&" ".repeat(300));
            doc.push('\n');
        }
    }
    doc
}

#[test]
fn large_documents_index_alike_in_any_chunking() {
    let doc = large_document();
    let bytes = doc.as_bytes();
    let whole = fit::index_text(&doc, Kind::Markdown).1;
    assert!(whole.bytes > 4 * 65536, "{}", whole.bytes);
    assert_eq!(whole.chars, doc.chars().count() as u64);
    // Each part weighs what the text up to its end weighs less what the text up to its start weighs.
    let mut points: Vec<u64> = whole.parts.iter().flat_map(|p| [p.start, p.end]).collect();
    points.sort_unstable();
    points.dedup();
    let mut meter = fit::Meter::new();
    let mut at = 0;
    let mut weights = std::collections::HashMap::new();
    for point in points {
        meter.feed(&bytes[at..point as usize]);
        at = point as usize;
        weights.insert(point, meter.weight());
    }
    for part in &whole.parts {
        assert_eq!(whole.part_weight(part), weights[&part.end] - weights[&part.start], "{part:?}");
    }
    for chunk in [1 << 22, 65536, 65537, 100_000, 4093] {
        let threaded = fit::index_reader_in_chunks(bytes, Kind::Markdown, chunk, |_| {}).unwrap();
        assert_eq!(threaded, whole, "chunks of {chunk}");
    }
}

/// An index's figures: bytes, characters, lines, weight and count.
fn figures_of(index: &fit::Index) -> [u64; 5] {
    [index.bytes, index.chars, index.lines, index.weight, index.count]
}

#[test]
fn files_measure_as_they_index() {
    use std::io::Write;

    // Small files are read whole on one thread, large ones in chunks on every core.
    for text in [String::new(), "no line ending".to_owned(), "数据\n\nwords\n".repeat(3), large_document()] {
        let mut file = tempfile::tempfile().expect("a temporary file");
        file.write_all(text.as_bytes()).expect("written");
        let whole = fit::index_text(&text, Kind::Text).1;
        for mmap in mmap_choices() {
            let figures = fit::measure_file(&file, mmap, |_| {}).unwrap();
            assert_eq!(figures_of(&figures), figures_of(&whole), "{} bytes, {mmap:?}", text.len());
            assert!(figures.parts.is_empty());
        }
    }
}

/// The two ways of reading a file: through a memory map, and into buffers.
#[allow(unsafe_code)]
fn mmap_choices() -> [fit::MmapChoice; 2] {
    // SAFETY: the tests map only their own temporary files, which nothing changes once they are written.
    [unsafe { fit::MmapChoice::auto() }, fit::MmapChoice::never()]
}

#[test]
fn files_mapped_or_read_index_alike_in_any_chunking() {
    use std::io::Write;

    let file_of = |text: &str| {
        let mut file = tempfile::tempfile().expect("a temporary file");
        file.write_all(text.as_bytes()).expect("written");
        file
    };
    let doc = large_document();
    let file = file_of(&doc);
    let whole = fit::index_text(&doc, Kind::Markdown).1;
    for mmap in mmap_choices() {
        // The file's cursor stands at its end, after the write: a file is indexed from its start.
        assert_eq!(fit::index_file(&file, Kind::Markdown, mmap, |_| {}).unwrap(), whole, "{mmap:?}");
        for chunk in [4093, 65536, 1 << 20] {
            assert_eq!(
                fit::index_file_in_chunks(&file, Kind::Markdown, mmap, chunk, |_| {}).unwrap(),
                whole,
                "chunks of {chunk}, {mmap:?}"
            );
        }
    }
    // Chunks that split every character, and text with no ASCII at all, which the pieces begin to measure
    // after characters of several bytes.
    for text in ["# Données\n\n数据 ключ 😀 words.\n\nNext\n====\nText\n", &"安装很简单。然后运行。\n".repeat(200)]
    {
        let file = file_of(text);
        let whole = fit::index_text(text, Kind::Markdown).1;
        for mmap in mmap_choices() {
            assert_eq!(fit::index_file(&file, Kind::Markdown, mmap, |_| {}).unwrap(), whole, "{mmap:?}");
            for chunk in [1, 2, 3, 5, 4096] {
                assert_eq!(
                    fit::index_file_in_chunks(&file, Kind::Markdown, mmap, chunk, |_| {}).unwrap(),
                    whole,
                    "chunks of {chunk}, {mmap:?}"
                );
            }
        }
    }
    // A file that ends inside a character.
    let mut cut = "数据".as_bytes().to_vec();
    cut.pop();
    let mut file = tempfile::tempfile().expect("a temporary file");
    file.write_all(&cut).expect("written");
    for mmap in mmap_choices() {
        for chunk in [1, 2, 4096] {
            match fit::index_file_in_chunks(&file, Kind::Text, mmap, chunk, |_| {}) {
                Err(fit::ReadError::Utf8(invalid)) => assert_eq!(invalid.offset, 3, "chunks of {chunk}, {mmap:?}"),
                other => panic!("chunks of {chunk}, {mmap:?}: {other:?}"),
            }
        }
        match fit::index_file(&file, Kind::Text, mmap, |_| {}) {
            Err(fit::ReadError::Utf8(invalid)) => assert_eq!(invalid.offset, 3, "{mmap:?}"),
            other => panic!("{mmap:?}: {other:?}"),
        }
    }
}
