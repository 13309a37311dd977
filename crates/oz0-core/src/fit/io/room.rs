//! Room made ahead in the index's growing vectors, whose pages a thread faults in while the other
//! thread finds parts.
//!
//! The parts and labels of a large document are written to fresh memory, each 4 KiB page of which the
//! kernel clears and maps on its first write: about a tenth of the CPU time of indexing the generated
//! 1 GiB file, all of it in the finding of parts, which the threads do in turn. The thread that hands
//! the finder on first makes room in its vectors for the next chunks' parts, then asks the kernel to map
//! those pages (`MADV_POPULATE_WRITE`) while another thread finds the next chunk's parts.
//!
//! The thread with the baton may write into that room meanwhile, or move the vector to grow it
//! further. Neither matters: populating changes no byte, mapping zeros where nothing was written and
//! leaving what is mapped as it is, and populating a range since unmapped fails, which is ignored.
//! Before Linux 5.14, or elsewhere, nothing is populated and the first writes map the pages as before.
#![allow(unsafe_code)]

/// Pages of spare room in the index's vectors, to be faulted in.
#[derive(Debug, Default)]
pub(crate) struct Room {
    /// Address and length of each range, whole pages.
    ranges: Vec<(usize, usize)>,
}

/// The size of the pages populated. On a machine with larger pages a range that does not begin on one
/// is refused, and the first writes map its pages, as without `Room`.
const PAGE: usize = 4096;

impl Room {
    /// Makes room for `more` items in `items` and notes the whole pages of that room.
    pub fn make<T>(&mut self, items: &mut Vec<T>, more: usize) {
        items.reserve(more);
        let spare = items.spare_capacity_mut();
        let start = spare.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(&spare[..more.min(spare.len())]);
        let (from, to) = (start.next_multiple_of(PAGE), end / PAGE * PAGE);
        if from < to {
            self.ranges.push((from, to - from));
        }
    }

    /// Faults the pages in, where the kernel can.
    pub fn populate(self) {
        #[cfg(target_os = "linux")]
        for (at, len) in self.ranges {
            // SAFETY: `madvise` reads and writes no memory of the program: `MADV_POPULATE_WRITE` maps
            // pages that are not mapped yet, as zeros, which is what a first write would find, and
            // leaves mapped pages as they are. A range that is no longer mapped makes it fail, which
            // changes nothing.
            unsafe { libc::madvise(at as *mut libc::c_void, len, libc::MADV_POPULATE_WRITE) };
        }
        #[cfg(not(target_os = "linux"))]
        drop(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_is_made_and_populating_it_changes_nothing_written() {
        let mut items: Vec<u64> = (0..1000).collect();
        let mut room = Room::default();
        room.make(&mut items, 100_000);
        assert!(items.capacity() >= 101_000);
        assert!(!room.ranges.is_empty());
        let (at, len) = room.ranges[0];
        assert_eq!(at % PAGE, 0);
        assert!(at >= items.as_ptr() as usize + 1000 * 8);
        assert!(at + len <= items.as_ptr() as usize + items.capacity() * 8);
        // Written after the room was made, as the thread with the baton may.
        items.extend(1000..50_000);
        room.populate();
        items.extend(50_000..101_000);
        assert!(items.iter().copied().eq(0..101_000));
    }

    #[test]
    fn no_room_smaller_than_a_page_is_noted() {
        let mut items: Vec<u8> = Vec::new();
        let mut room = Room::default();
        room.make(&mut items, 100);
        assert!(room.ranges.is_empty());
    }
}
