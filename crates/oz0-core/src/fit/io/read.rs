//! Indexing a document from where it is: text in memory, a reader, or a file, mapped or read, whole on
//! one thread or in chunks on two.

use std::borrow::Cow;
use std::io::Read;

use crate::fit::code::lang::Lang;
use crate::fit::index::Index;
use crate::fit::indexer::Indexer;
use crate::fit::io::chunks;
use crate::fit::io::error::ReadError;
use crate::fit::io::mmap::MmapChoice;
use crate::fit::io::relay::index_chunks;
use crate::fit::io::source::Source;
use crate::fit::json;
use crate::fit::kind::Kind;
use crate::fit::scan::utf8::InvalidUtf8;

/// Indexes a document held in memory; JSON is indexed in its one-line-per-value form, which is
/// returned beside the index as the text to read back from.
pub fn index_text(text: &str, kind: Kind) -> (Cow<'_, str>, Index) {
    let (body, kind) = match kind {
        Kind::Json => match json::pretty(text) {
            Ok(lines) => (Cow::Owned(lines), Kind::Json),
            Err(_) => (Cow::Borrowed(text), Kind::Text),
        },
        kind => (Cow::Borrowed(text), kind),
    };
    // Text held in a `str` is UTF-8, so indexing it cannot fail.
    let index = match kind.lang() {
        Some(lang) => index_code(body.as_bytes(), lang),
        None => {
            let mut indexer = Indexer::new(kind);
            let _ = indexer.feed(body.as_bytes());
            indexer.finish()
        }
    };
    (body, index.unwrap_or_default())
}

/// How many bytes `index_reader` reads at a time.
const READ_CHUNK: usize = 256 << 10;

/// The size of the chunks `index_file` reads a larger file in: a chunk stays in the cache of the core
/// that reads it.
const MAP_CHUNK: u64 = 256 << 10;

/// How many chunks `index_file` maps at a time, when it maps.
const CHUNKS_PER_MAP: u64 = 32;

/// The most bytes of source code read by its definitions: the grammar's tree of a file takes several
/// times its size, so that bigger code is read as plain text, in bounded memory.
pub const CODE_MAX_BYTES: u64 = 16 << 20;

/// Indexes source code held in memory by its definitions, or as plain text past `CODE_MAX_BYTES`; bytes
/// that are not UTF-8 are where the index stops, as for any document.
fn index_code(bytes: &[u8], lang: Lang) -> Result<Index, InvalidUtf8> {
    let mut indexer = if bytes.len() as u64 <= CODE_MAX_BYTES {
        Indexer::for_code(lang, &String::from_utf8_lossy(bytes))
    } else {
        Indexer::new(Kind::Text)
    };
    indexer.feed(bytes)?;
    indexer.finish()
}

/// Files up to this size `index_file` indexes whole, on one thread: starting more threads and handing
/// chunks between them costs about as much as it saves.
const ONE_THREAD_UP_TO: u64 = 2 << 20;
// A file just past the bound is still eight chunks or more, for the threads to share.
const _: () = assert!(ONE_THREAD_UP_TO / MAP_CHUNK >= 8);

/// Indexes a document read from `reader` in one pass; `progress` is told the bytes read so far after
/// some of the chunks. Memory holds a few chunks and the parts found (about 115 bytes a part), not the
/// text.
///
/// A thread for each core (two at least) takes its turn: it finds the parts of a chunk and hands on
/// what it found, then checks and measures that chunk while the others find the parts of the next ones. The figures are those of `Indexer`.
///
/// # Errors
///
/// Returns the reader's error, or where the document stops being UTF-8.
pub fn index_reader(reader: impl Read + Send, kind: Kind, progress: impl FnMut(u64)) -> Result<Index, ReadError> {
    index_reader_in_chunks(reader, kind, READ_CHUNK, progress)
}

/// The figures alone of a document read from `reader`: its bytes, characters, lines, count and weight,
/// as `index_reader` of text has them, without finding its parts (which `oz0 fit --count` has no use
/// for, and which cost a tenth of the time). The index has no parts and no kind.
///
/// # Errors
///
/// Returns the reader's error, or where the document stops being UTF-8.
pub fn measure_reader(reader: impl Read + Send, progress: impl FnMut(u64)) -> Result<Index, ReadError> {
    read_in_chunks(reader, Find::Figures, READ_CHUNK, progress)
}

/// `measure_reader`, reading `chunk` bytes at a time; public for tests of the chunking.
#[doc(hidden)]
pub fn measure_reader_in_chunks(
    reader: impl Read + Send,
    chunk: usize,
    progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    read_in_chunks(reader, Find::Figures, chunk, progress)
}

/// `measure_reader` of a file, read as `index_file` reads it.
///
/// # Errors
///
/// Returns the error of reading the file, or where it stops being UTF-8.
pub fn measure_file(file: &std::fs::File, mmap: MmapChoice, progress: impl FnMut(u64)) -> Result<Index, ReadError> {
    index_file_with(file, Find::Figures, mmap, chunk_size_of, progress)
}

/// What a pass over a document finds: its parts, read as a kind, or its figures alone.
#[derive(Debug, Clone, Copy)]
enum Find {
    Parts(Kind),
    Figures,
}

impl Find {
    /// Returns an indexer that finds it and measures, or that leaves measuring to the threads of
    /// `index_chunks`.
    fn indexer(self, measures: bool) -> Indexer {
        match (self, measures) {
            (Find::Parts(kind), true) => Indexer::new(kind),
            (Find::Parts(kind), false) => Indexer::structure_only(kind),
            (Find::Figures, measures) => Indexer::figures(measures),
        }
    }
}

/// `index_reader`, reading `chunk` bytes at a time; public for tests of the chunking.
#[doc(hidden)]
pub fn index_reader_in_chunks(
    reader: impl Read + Send,
    kind: Kind,
    chunk: usize,
    progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    read_in_chunks(reader, Find::Parts(kind), chunk, progress)
}

/// `index_reader_in_chunks`, finding `find`.
fn read_in_chunks(
    reader: impl Read + Send,
    find: Find,
    chunk: usize,
    mut progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    let lang = match find {
        Find::Parts(kind) => kind.lang(),
        Find::Figures => None,
    };
    let Some(lang) = lang else {
        return index_chunks(chunks::Buffers::new(reader, chunk), find.indexer(false), progress);
    };
    // Code is read whole, for its grammar; past `CODE_MAX_BYTES` it is read on as plain text.
    let mut head = Vec::new();
    let mut reader = reader;
    (&mut reader).take(CODE_MAX_BYTES + 1).read_to_end(&mut head)?;
    if head.len() as u64 <= CODE_MAX_BYTES {
        progress(head.len() as u64);
        return Ok(index_code(&head, lang)?);
    }
    let whole = std::io::Cursor::new(head).chain(reader);
    index_chunks(chunks::Buffers::new(whole, chunk), Indexer::structure_only(Kind::Text), progress)
}

/// `index_reader` of a file: a regular file is read from its start, whatever its cursor, up to the
/// length it has now, through a memory map when `mmap` allows (`MmapChoice::auto`), which saves copying
/// it; any other file (a pipe, say) is read from its cursor. A file of up to 2 MiB is indexed whole on
/// this thread.
///
/// # Errors
///
/// Returns the error of reading the file, or where it stops being UTF-8.
pub fn index_file(
    file: &std::fs::File,
    kind: Kind,
    mmap: MmapChoice,
    progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    index_file_with(file, Find::Parts(kind), mmap, chunk_size_of, progress)
}

/// Returns the size of the chunks `index_file` reads a file of `len` bytes in, or nothing when it reads
/// the file whole.
fn chunk_size_of(len: u64) -> Option<u64> {
    (len > ONE_THREAD_UP_TO).then_some(MAP_CHUNK)
}

/// `index_file`, reading `chunk` bytes at a time; public for tests of the chunking.
#[doc(hidden)]
pub fn index_file_in_chunks(
    file: &std::fs::File,
    kind: Kind,
    mmap: MmapChoice,
    chunk: usize,
    progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    index_file_with(file, Find::Parts(kind), mmap, |_| Some(chunk as u64), progress)
}

/// `index_file` finding `find`, in chunks of the size `chunk_of` gives for the file's length, or whole
/// on one thread when it gives none.
fn index_file_with(
    file: &std::fs::File,
    find: Find,
    mmap: MmapChoice,
    chunk_of: impl FnOnce(u64) -> Option<u64>,
    mut progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    use chunks::Chunks as _;

    let meta = file.metadata()?;
    let len = meta.len();
    let find = match find {
        Find::Parts(Kind::Code(lang)) if len <= CODE_MAX_BYTES && meta.is_file() => {
            let bytes = Source::read(file, 0..len)?;
            progress(len);
            return Ok(index_code(&bytes, lang)?);
        }
        Find::Parts(Kind::Code(_)) if meta.is_file() => Find::Parts(Kind::Text),
        find => find,
    };
    let chunk = chunk_of(len).map(|size| usize::try_from(size).unwrap_or(usize::MAX));
    if !meta.is_file() || len == 0 {
        return read_in_chunks(file, find, chunk.unwrap_or(READ_CHUNK), progress);
    }
    let Some(chunk) = chunk else {
        let whole = usize::try_from(len).unwrap_or(usize::MAX);
        let mut indexer = find.indexer(true);
        match mmap.maps(file, &meta, whole, 1) {
            Some(maps) => {
                if let Some(bytes) = maps.chunk(0, None)? {
                    indexer.feed(bytes.as_ref())?;
                }
            }
            None => indexer.feed(&Source::read(file, 0..len)?)?,
        }
        progress(len);
        return Ok(indexer.finish()?);
    };
    match mmap.maps(file, &meta, chunk, CHUNKS_PER_MAP) {
        Some(maps) => index_chunks(maps, find.indexer(false), progress),
        None => read_in_chunks(chunks::FileFrom::new(file, len), find, chunk, progress),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_files_are_read_whole_and_larger_ones_in_chunks() {
        assert_eq!(chunk_size_of(0), None);
        assert_eq!(chunk_size_of(ONE_THREAD_UP_TO), None);
        assert_eq!(chunk_size_of(ONE_THREAD_UP_TO + 1), Some(MAP_CHUNK));
        assert_eq!(chunk_size_of(1 << 30), Some(MAP_CHUNK));
    }
}
