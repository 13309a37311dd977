//! Where `index_reader` and `index_file` take a document's bytes from, a chunk at a time: buffers filled
//! by a reader, here, or pieces of a file mapped into memory (`mmap`).

use std::io::{self, Read};
use std::sync::Mutex;

/// A document's bytes, a chunk at a time, for the threads of the index.
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

/// A regular file read from its start up to `len`, the length it had when it was opened, whatever its
/// cursor: the bytes a map of it would hold, read rather than mapped.
#[derive(Debug)]
pub(crate) struct FileFrom<'f> {
    file: &'f std::fs::File,
    at: u64,
    len: u64,
}

impl<'f> FileFrom<'f> {
    pub fn new(file: &'f std::fs::File, len: u64) -> Self {
        Self { file, at: 0, len }
    }
}

impl Read for FileFrom<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let want = usize::try_from(self.len - self.at).unwrap_or(usize::MAX).min(buf.len());
        let read = super::source::read_at(self.file, &mut buf[..want], self.at)?;
        self.at += read as u64;
        Ok(read)
    }
}
