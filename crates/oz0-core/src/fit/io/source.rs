//! Where a document's bytes are read back from, once its index is built.

use std::borrow::Cow;
use std::convert::Infallible;
use std::ops::Range;

/// Random access to a document's bytes, by byte range.
///
/// The index of a large file is built in one pass; the few parts an answer shows are then read back from
/// the file rather than kept in memory.
pub trait Source {
    /// The error of a read.
    type Error;

    /// Returns the bytes in `range`, or fewer when the document ends first.
    fn read(&self, range: Range<u64>) -> Result<Cow<'_, [u8]>, Self::Error>;
}

impl Source for [u8] {
    type Error = Infallible;

    fn read(&self, range: Range<u64>) -> Result<Cow<'_, [u8]>, Infallible> {
        let len = self.len() as u64;
        let start = range.start.min(len) as usize;
        let end = range.end.clamp(range.start, len) as usize;
        Ok(Cow::Borrowed(&self[start..end]))
    }
}

impl Source for str {
    type Error = Infallible;

    fn read(&self, range: Range<u64>) -> Result<Cow<'_, [u8]>, Infallible> {
        self.as_bytes().read(range)
    }
}

impl Source for std::fs::File {
    type Error = std::io::Error;

    fn read(&self, range: Range<u64>) -> Result<Cow<'_, [u8]>, std::io::Error> {
        let len = range.end.saturating_sub(range.start);
        let mut buf = vec![0; usize::try_from(len).unwrap_or(usize::MAX)];
        let mut filled = 0;
        while filled < buf.len() {
            match read_at(self, &mut buf[filled..], range.start + filled as u64) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        }
        buf.truncate(filled);
        Ok(Cow::Owned(buf))
    }
}

/// Reads bytes of `file` at `offset` into `buf`, with one call, whatever the file's cursor; returns how
/// many were read.
#[cfg(unix)]
pub(crate) fn read_at(file: &std::fs::File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

/// Reads bytes of `file` at `offset` into `buf`, with one call; returns how many were read.
#[cfg(windows)]
pub(crate) fn read_at(file: &std::fs::File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, offset)
}

/// Returns the longest prefix of `bytes` that is whole UTF-8 characters, as text.
///
/// A read of a fixed number of bytes may end inside a character; the partial character is dropped rather
/// than replaced.
pub(crate) fn whole_chars(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(err) if err.error_len().is_none() => String::from_utf8_lossy(&bytes[..err.valid_up_to()]),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}
