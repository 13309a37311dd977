//! Reading a file through a memory map, which saves copying it, and which the caller opts into, as with
//! ripgrep's searcher: mapping is off unless the caller promises what it needs (`MmapChoice::auto`).
//!
//! A map is sound only while the file stays as it was: were another process to shorten a mapped file,
//! reading the pages it lost would raise `SIGBUS` and end the process, and were it to write the file,
//! bytes that Rust takes for fixed would change under the reader. No safe function can promise that of a
//! file, so the promise is the caller's, and the `unsafe` it takes is all here.
#![allow(unsafe_code)]

use std::fs::File;
use std::io;
use std::ops::Range;
use std::sync::{Arc, Mutex};

use memmap2::{Advice, Mmap, MmapOptions};

use super::chunks::Chunks;

/// Whether `index_file` may read a file through a memory map. The default, `never`, reads every file;
/// `auto` maps a regular file, for a caller that promises it stays as it is while it is indexed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MmapChoice(Choice);

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Choice {
    /// Map a regular file; read any other.
    Auto,
    /// Read every file.
    #[default]
    Never,
}

impl MmapChoice {
    /// Returns the choice to read a regular file through a memory map, which saves copying it; a file
    /// that is not a regular file (a pipe, say), or is empty, is read.
    ///
    /// # Safety
    ///
    /// The caller promises that no file indexed with this choice is shortened or written to, by this
    /// process or another, while it is indexed. A file shortened while it is mapped makes reading the
    /// pages it lost raise `SIGBUS`, which ends the process; a file written while it is mapped changes
    /// bytes that are meant not to change, which is undefined behaviour.
    pub unsafe fn auto() -> Self {
        Self(Choice::Auto)
    }

    /// Returns the choice never to map a file, but to read it: the default.
    pub fn never() -> Self {
        Self(Choice::Never)
    }

    /// Returns the chunks of `file`, `len` bytes long, `chunk_size` bytes each, mapped `per_window` at a
    /// time, when this choice maps and `meta` says the file is a regular one that is not empty; `None`
    /// when the file is to be read.
    pub(crate) fn maps<'f>(
        self,
        file: &'f File,
        meta: &std::fs::Metadata,
        chunk_size: usize,
        per_window: u64,
    ) -> Option<Maps<'f>> {
        let mapped = self.0 == Choice::Auto && meta.is_file() && meta.len() > 0;
        mapped.then(|| Maps::new(file, meta.len(), chunk_size, per_window))
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
    file: &'f File,
    /// The file's length when it was opened; no map reaches past it.
    len: u64,
    chunk_size: u64,
    /// Chunks in a window.
    per_window: u64,
    /// The last two windows mapped, by number: the threads take chunks a few apart (as many as there
    /// are threads), from one window or from two next to each other.
    windows: Mutex<[Option<Window>; 2]>,
}

/// A window of a file mapped into memory, and its number.
type Window = (u64, Arc<Mmap>);

impl<'f> Maps<'f> {
    /// Returns the chunks of `file`, `len` bytes long, `chunk_size` bytes each, mapped `per_window` at a
    /// time. Only `MmapChoice::maps` calls it, for a caller that opted in.
    fn new(file: &'f File, len: u64, chunk_size: usize, per_window: u64) -> Self {
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
        // SAFETY: a `Maps` is made only for a regular file and a caller of `MmapChoice::auto`, who promised
        // that the file is neither shortened nor changed while it is indexed. The map is read only, and
        // only of the length the file had when it was opened.
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
        // window at once while the others wait for it. Where the kernel cannot (before Linux
        // 5.14), the first reads fault them in instead.
        let _ = window.advise_range(Advice::PopulateRead, from, to - from);
        Ok(Some(Mapped { window, range: from..to }))
    }

    fn random_access(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;

    #[test]
    fn files_are_mapped_only_when_the_caller_opts_in() {
        let mut file = tempfile::tempfile().expect("a temporary file");
        file.write_all(b"# Title\n\nText.\n").expect("written");
        let meta = file.metadata().expect("its metadata");
        assert_eq!(MmapChoice::default(), MmapChoice::never());
        assert!(MmapChoice::never().maps(&file, &meta, 4096, 1).is_none());
        // SAFETY: the file is this test's own, and nothing changes it while it is mapped.
        let auto = unsafe { MmapChoice::auto() };
        let maps = auto.maps(&file, &meta, 4096, 1).expect("a regular file is mapped");
        let chunk = maps.chunk(0, None).expect("mapped").expect("a chunk");
        assert_eq!(chunk.as_ref(), b"# Title\n\nText.\n");
        assert!(maps.chunk(1, None).expect("past the end").is_none());
    }

    #[test]
    fn empty_files_are_read_not_mapped() {
        let file = tempfile::tempfile().expect("a temporary file");
        let meta = file.metadata().expect("its metadata");
        // SAFETY: the file is this test's own, and nothing changes it while it is mapped.
        let auto = unsafe { MmapChoice::auto() };
        assert!(auto.maps(&file, &meta, 4096, 1).is_none());
    }
}
