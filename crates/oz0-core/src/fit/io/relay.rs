//! The thread relay: two threads take turns with one indexer, so that finding the parts of a chunk,
//! which must go in order, runs beside checking and measuring the chunk before, which need not.
//!
//! A thread takes the baton (the indexer and its place), finds the parts of the next chunk, hands the
//! baton on, then checks and measures that chunk apart (`Piece`) while the other thread finds the parts
//! of the one after. The pieces are added up in the order of their chunks, with the figures of one pass.

use std::collections::BTreeMap;
use std::sync::{Mutex, mpsc};

use super::chunks::Chunks;
use super::error::ReadError;
use crate::fit::index::Index;
use crate::fit::indexer::Indexer;
use crate::fit::kind::Kind;
use crate::fit::scan::utf8::{InvalidUtf8, open_char};
use crate::fit::tokens::weigher::{Piece, Weigher};

/// What finds the parts of the next chunk: the parts found so far. The two threads of `index_chunks`
/// hand it to each other.
struct Baton {
    indexer: Indexer,
    /// The offset of the next chunk, and its number.
    at: u64,
    seq: u64,
    /// The bytes of a character the chunks so far left open.
    open: Vec<u8>,
}

/// Adds up the pieces the two threads measure, in the order of their chunks.
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

/// Indexes the document `chunks` gives on two threads that take turns with the baton (`relay`).
pub(crate) fn index_chunks<C: Chunks>(
    chunks: C,
    kind: Kind,
    mut progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    let baton = Baton { indexer: Indexer::structure_only(kind), at: 0, seq: 0, open: Vec::new() };
    let pieces = Mutex::new(Pieces::default());
    let last = std::thread::scope(|scope| {
        let (to_second, second_gets) = mpsc::channel();
        let (to_first, first_gets) = mpsc::channel();
        let (pieces, chunks) = (&pieces, &chunks);
        let second = scope.spawn(move || relay(None, chunks, &second_gets, &to_first, pieces, &mut |_| {}));
        let first = relay(Some(baton), chunks, &first_gets, &to_second, pieces, &mut progress);
        // Dropped before waiting, so that a second thread waiting for the baton stops.
        drop(to_second);
        let second = second.join().map_err(|_| thread_failed())?;
        // The thread that found the end of the document holds the baton; an error of either comes first.
        match (first, second) {
            (Err(err), _) | (_, Err(err)) => Err(err),
            (Ok(baton), Ok(other)) => {
                baton.or(other).ok_or_else(|| ReadError::Io(std::io::Error::other("the index lost its place")))
            }
        }
    })?;
    let pieces = pieces.into_inner().map_err(|_| thread_failed())?;
    if !last.open.is_empty() {
        // The document ends inside a character.
        return Err(InvalidUtf8 { offset: last.at - last.open.len() as u64 }.into());
    }
    let (weights, totals) = pieces.weigher.finish(pieces.chars);
    Ok(last.indexer.finish_with(weights, totals))
}

/// The error of a thread of `index_chunks` that panicked, found by the other.
fn thread_failed() -> ReadError {
    ReadError::Io(std::io::Error::other("the measuring thread failed"))
}

/// Takes turns with the other thread: waits for the baton (or starts with `first`), finds the parts of
/// the next chunk, hands the baton on, then checks and measures the chunk while the other thread finds
/// the parts of the one after. Returns the baton when this thread finds the end of the document, and
/// nothing when the other does.
fn relay<C: Chunks>(
    mut first: Option<Baton>,
    chunks: &C,
    gets: &mpsc::Receiver<Baton>,
    passes: &mpsc::Sender<Baton>,
    pieces: &Mutex<Pieces>,
    progress: &mut dyn FnMut(u64),
) -> Result<Option<Baton>, ReadError> {
    let mut spare = None;
    // The chunk this thread takes next, readied while the other thread had the baton.
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
            // The other thread stopped at an error, which it returns.
            return Ok(None);
        }
        room.populate();
        if chunks.random_access() {
            // The threads take turns, so this one takes the chunk after the other's next.
            ready = chunks.chunk(seq + 2, None)?.map(|chunk| (seq + 2, chunk));
        }
        let piece = Piece::measure(bytes, start, &open, &points);
        pieces.lock().map_err(|_| thread_failed())?.add(seq, piece)?;
        spare = Some(chunk);
    }
}
