//! The thread relay: a thread for each core takes its turn with one indexer, so that finding the parts
//! of a chunk, which must go in order, runs beside checking and measuring the chunks before, which need
//! not.
//!
//! A thread takes the baton (the indexer and its place), finds the parts of the next chunk, hands the
//! baton on to the next thread of the ring, then checks and measures that chunk apart (`Piece`) while
//! the others find the parts of the chunks after and measure theirs. Measuring costs several times what
//! finding the parts does, so each core added measures another chunk at once. The pieces are added up
//! in the order of their chunks, with the figures of one pass.

use std::collections::BTreeMap;
use std::sync::{Mutex, mpsc};

use super::chunks::Chunks;
use super::error::ReadError;
use crate::fit::index::Index;
use crate::fit::indexer::Indexer;
use crate::fit::scan::utf8::{InvalidUtf8, open_char};
use crate::fit::tokens::weigher::{Piece, Weigher};

/// What finds the parts of the next chunk: the parts found so far. The threads of `index_chunks` hand
/// it on round their ring.
struct Baton {
    indexer: Indexer,
    /// The offset of the next chunk, and its number.
    at: u64,
    seq: u64,
    /// The bytes of a character the chunks so far left open.
    open: Vec<u8>,
}

/// Adds up the pieces the threads measure, in the order of their chunks.
#[derive(Default)]
struct Pieces {
    weigher: Weigher,
    chars: u64,
    next: u64,
    early: BTreeMap<u64, Piece>,
}

impl Pieces {
    /// Adds a chunk's piece; returns where the document stops being UTF-8, once the pieces before that
    /// point are all in.
    fn add(&mut self, seq: u64, piece: Piece) -> Result<(), InvalidUtf8> {
        self.early.insert(seq, piece);
        while let Some(piece) = self.early.remove(&self.next) {
            if let Some(invalid) = piece.invalid {
                return Err(invalid);
            }
            self.chars += piece.chars;
            self.weigher.take(piece);
            self.next += 1;
        }
        Ok(())
    }
}

/// The most threads `index_chunks` runs. They take chunks as many apart as they are, and a mapped file
/// keeps two windows of 32 chunks mapped (`Maps`): past 16 threads, windows would be mapped again and
/// again. Finding the parts, in turn, is about a tenth of the work, so more would mostly wait.
const MOST_THREADS: usize = 16;

/// Indexes the document `chunks` gives on a thread for each core (two at least, `MOST_THREADS` at
/// most), which take turns with the baton (`relay`) and its `indexer`, one that leaves measuring to
/// them (`Indexer::structure_only`, or `Indexer::figures(false)`).
pub(crate) fn index_chunks<C: Chunks>(
    chunks: C,
    indexer: Indexer,
    progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, MOST_THREADS));
    index_chunks_on(chunks, indexer, threads, progress)
}

/// `index_chunks` on `threads` threads.
fn index_chunks_on<C: Chunks>(
    chunks: C,
    indexer: Indexer,
    threads: usize,
    mut progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    let baton = Baton { indexer, at: 0, seq: 0, open: Vec::new() };
    let pieces = Mutex::new(Pieces::default());
    let last = std::thread::scope(|scope| {
        // Thread `i` gets the baton from the channel `i` and passes it on through the next one; the
        // first thread is this one.
        let (mut passes, mut gets): (Vec<_>, Vec<_>) = (0..threads).map(|_| mpsc::channel()).unzip();
        passes.rotate_left(1);
        let (pieces, chunks) = (&pieces, &chunks);
        let mut ring = passes.into_iter().zip(gets.drain(..));
        let Some((first_passes, first_gets)) = ring.next() else { return Err(thread_failed()) };
        let others: Vec<_> = ring
            .map(|(passes, gets)| {
                scope.spawn(move || relay(None, chunks, threads as u64, &gets, &passes, pieces, &mut |_| {}))
            })
            .collect();
        let first = relay(Some(baton), chunks, threads as u64, &first_gets, &first_passes, pieces, &mut progress);
        // Dropped before waiting, so that a thread waiting for the baton stops, and so the next, round
        // the ring.
        drop((first_passes, first_gets));
        let mut results = vec![first];
        for other in others {
            results.push(other.join().map_err(|_| thread_failed())?);
        }
        // The thread that found the end of the document holds the baton; an error of any comes first.
        let mut last = None;
        for result in results {
            last = last.or(result?);
        }
        last.ok_or_else(|| ReadError::Io(std::io::Error::other("the index lost its place")))
    })?;
    let pieces = pieces.into_inner().map_err(|_| thread_failed())?;
    if !last.open.is_empty() {
        // The document ends inside a character.
        return Err(InvalidUtf8 { offset: last.at - last.open.len() as u64 }.into());
    }
    let (weights, totals) = pieces.weigher.finish(pieces.chars);
    Ok(last.indexer.finish_with(weights, totals))
}

/// The error of a thread of `index_chunks` that panicked, found by another.
fn thread_failed() -> ReadError {
    ReadError::Io(std::io::Error::other("the measuring thread failed"))
}

/// Takes turns with the other `threads - 1` threads: waits for the baton (or starts with `first`), finds
/// the parts of the next chunk, hands the baton on, then checks and measures the chunk while the others
/// find the parts of the ones after. Returns the baton when this thread finds the end of the document,
/// and nothing when another does.
fn relay<C: Chunks>(
    mut first: Option<Baton>,
    chunks: &C,
    threads: u64,
    gets: &mpsc::Receiver<Baton>,
    passes: &mpsc::Sender<Baton>,
    pieces: &Mutex<Pieces>,
    progress: &mut dyn FnMut(u64),
) -> Result<Option<Baton>, ReadError> {
    let mut spare = None;
    // The chunk this thread takes next, readied while the others had the baton.
    let mut ready: Option<(u64, C::Chunk)> = None;
    loop {
        let Some(mut baton) = first.take().or_else(|| gets.recv().ok()) else { return Ok(None) };
        let chunk = match ready.take() {
            Some((seq, chunk)) if seq == baton.seq => Some(chunk),
            _ => chunks.chunk(baton.seq, spare.take())?,
        };
        let Some(chunk) = chunk else { return Ok(Some(baton)) };
        let bytes = chunk.as_ref();
        let (start, seq) = (baton.at, baton.seq);
        let found = baton.indexer.found();
        baton.indexer.feed(bytes)?;
        let points = baton.indexer.take_points(start);
        // Room for the next chunks' parts, whose pages this thread faults in once the baton is handed on.
        let room = baton.indexer.make_room(found);
        let left_open = open_char(&baton.open, bytes);
        let open = std::mem::replace(&mut baton.open, left_open);
        baton.at += bytes.len() as u64;
        baton.seq += 1;
        progress(baton.at);
        if passes.send(baton).is_err() {
            // The next thread stopped at an error, which it returns, or at the end.
            return Ok(None);
        }
        room.populate();
        if chunks.random_access() {
            // The threads take turns, so this one takes the chunk a round of them after this one.
            ready = chunks.chunk(seq + threads, None)?.map(|chunk| (seq + threads, chunk));
        }
        let piece = Piece::measure(bytes, start, &open, &points);
        pieces.lock().map_err(|_| thread_failed())?.add(seq, piece)?;
        spare = Some(chunk);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::index_text;
    use crate::fit::io::chunks::Buffers;
    use crate::fit::kind::Kind;

    #[test]
    fn any_number_of_threads_gives_the_index_of_one_pass() {
        let doc = "# Title\n\nSome text, 数据 and ключ.\n\n## Part\n\n```\ncode\n```\n\nMore text.\n".repeat(40);
        let whole = index_text(&doc, Kind::Markdown).1;
        for threads in 1..=5 {
            for chunk in [1, 7, 64, 1000] {
                let indexer = Indexer::structure_only(Kind::Markdown);
                let index = index_chunks_on(Buffers::new(doc.as_bytes(), chunk), indexer, threads, |_| {});
                assert_eq!(index.ok().as_ref(), Some(&whole), "{threads} threads, chunks of {chunk}");
            }
        }
    }

    #[test]
    fn any_number_of_threads_finds_invalid_utf8_at_its_offset() {
        let mut bytes = "# Title\n\nSome text.\n".repeat(30).into_bytes();
        let at = bytes.len() as u64;
        bytes.extend_from_slice(b"\xff and more text\n");
        for threads in 1..=5 {
            let indexer = Indexer::structure_only(Kind::Markdown);
            let index = index_chunks_on(Buffers::new(&bytes[..], 16), indexer, threads, |_| {});
            assert!(matches!(index, Err(ReadError::Utf8(InvalidUtf8 { offset })) if offset == at), "{threads} threads");
        }
    }
}
