//! Where `index_reader` and `index_file` take a document's bytes from, a chunk at a time: buffers filled
//! by a reader, or pieces of a file mapped into memory.
#![allow(unsafe_code)]

use std::io::{self, Read};
use std::ops::Range;
use std::sync::{Arc, Mutex};

use memmap2::{Advice, Mmap, MmapOptions};

/// A document's bytes, a chunk at a time, for the two threads of the index.
pub(crate) trait Chunks: Sync {
    /// A chunk: its bytes stay put while a thread finds its parts and measures it.
    type Chunk: AsRef<[u8]> + Send;

    /// Returns chunk number `seq`, or `None` past the end of the document; `spare`, a chunk the caller
    /// is done with, may be filled again. Chunks are asked for in order, one at a time, unless the
    /// source is `random_access`.
    fn chunk(&self, seq: u64, spare: Option<Self::Chunk>) -> io::Result<Option<Self::Chunk>>;

    /// Whether any chunk may be asked for at any time, from either thread, so that a thread can ready
    /// the next chunk it will take while the other finds the parts of the one before.
    fn random_access(&self) -> bool {
        false
    }
}

/// A buffer and how much of it a read filled.
#[derive(Debug)]
pub(crate) struct Filled {
    buf: Vec<u8>,
    len: usize,
}

impl AsRef<[u8]> for Filled {
    fn as_ref(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// Chunks read into buffers, which go round: a buffer is made only when no spare one is handed back.
#[derive(Debug)]
pub(crate) struct Buffers<R> {
    /// The reader, and whether a read came back short, which is its end.
    reader: Mutex<(R, bool)>,
    size: usize,
}

impl<R: Read + Send> Buffers<R> {
    pub fn new(reader: R, size: usize) -> Self {
        Self { reader: Mutex::new((reader, false)), size: size.max(1) }
    }
}

impl<R: Read + Send> Chunks for Buffers<R> {
    type Chunk = Filled;

    fn chunk(&self, _seq: u64, spare: Option<Filled>) -> io::Result<Option<Filled>> {
        let mut guard = self.reader.lock().map_err(|_| io::Error::other("a thread reading the document failed"))?;
        let (reader, ended) = &mut *guard;
        if *ended {
            return Ok(None);
        }
        let mut buf = spare.map_or_else(|| vec![0; self.size], |filled| filled.buf);
        let mut len = 0;
        while len < buf.len() {
            match reader.read(&mut buf[len..]) {
                Ok(0) => break,
                Ok(n) => len += n,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        }
        *ended = len < buf.len();
        Ok((len > 0).then_some(Filled { buf, len }))
    }
}

/// A chunk of a file: a range of a window of it mapped into memory, which is unmapped once its last chunk
/// is dropped.
#[derive(Debug)]
pub(crate) struct Mapped {
    window: Arc<Mmap>,
    range: Range<usize>,
}

impl AsRef<[u8]> for Mapped {
    fn as_ref(&self) -> &[u8] {
        &self.window[self.range.clone()]
    }
}

/// Chunks of a file read through a memory map, so that the kernel copies nothing. The file is mapped a
/// window of several chunks at a time, as its chunks are asked for: memory holds only the windows in use,
/// and unmapping, which interrupts the other core, is rare.
#[derive(Debug)]
pub(crate) struct Maps<'f> {
    file: &'f std::fs::File,
    /// The file's length when it was opened; no map reaches past it.
    len: u64,
    chunk_size: u64,
    /// Chunks in a window.
    per_window: u64,
    /// The last two windows mapped, by number: the threads take chunks two apart, from one window or
    /// from two next to each other.
    windows: Mutex<[Option<Window>; 2]>,
}

/// A window of a file mapped into memory, and its number.
type Window = (u64, Arc<Mmap>);

impl<'f> Maps<'f> {
    /// Returns the chunks of `file`, `len` bytes long, `chunk_size` bytes each, mapped `per_window` at a
    /// time.
    pub fn new(file: &'f std::fs::File, len: u64, chunk_size: usize, per_window: u64) -> Self {
        Self {
            file,
            len,
            chunk_size: chunk_size.max(1) as u64,
            per_window: per_window.max(1),
            windows: Mutex::default(),
        }
    }

    /// Returns window number `number`, mapped now if it is not already.
    fn window(&self, number: u64) -> io::Result<Arc<Mmap>> {
        let mut windows = self.windows.lock().map_err(|_| io::Error::other("a thread reading the document failed"))?;
        if let Some((_, window)) = windows.iter().flatten().find(|(n, _)| *n == number) {
            return Ok(Arc::clone(window));
        }
        let at = number * self.per_window * self.chunk_size;
        let len = (self.len - at).min(self.per_window * self.chunk_size) as usize;
        // SAFETY: the map is read only, and only of the length the file had when it was opened. Were
        // another process to shorten the file while it is read, reading the lost pages would raise
        // SIGBUS, the price every reader through a map pays (ripgrep's, for one); a file that changes
        // while it is read gives a mixed index with `read` too. `oz0 fit` maps only regular files.
        let window = Arc::new(unsafe { MmapOptions::new().offset(at).len(len).map(self.file)? });
        // The older of the two goes; its chunks still in use keep it mapped.
        let older = usize::from(windows[0].as_ref().map(|(n, _)| *n) > windows[1].as_ref().map(|(n, _)| *n));
        windows[older] = Some((number, Arc::clone(&window)));
        Ok(window)
    }
}

impl Chunks for Maps<'_> {
    type Chunk = Mapped;

    fn chunk(&self, seq: u64, _spare: Option<Mapped>) -> io::Result<Option<Mapped>> {
        let at = seq.saturating_mul(self.chunk_size);
        if at >= self.len {
            return Ok(None);
        }
        let number = seq / self.per_window;
        let window = self.window(number)?;
        let from = ((seq % self.per_window) * self.chunk_size) as usize;
        let to = (from + self.chunk_size as usize).min(window.len());
        // The chunk's pages are mapped now, by the thread that will read them, rather than the whole
        // window at once while the other thread waits for it. Where the kernel cannot (before Linux
        // 5.14), the first reads fault them in instead.
        let _ = window.advise_range(Advice::PopulateRead, from, to - from);
        Ok(Some(Mapped { window, range: from..to }))
    }

    fn random_access(&self) -> bool {
        true
    }
}
