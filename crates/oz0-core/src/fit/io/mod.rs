//! Reading a document's bytes: from memory, a reader, or a file (`mmap`, `chunks`), on one thread or
//! two (`relay`), with room made ahead in the index's vectors (`room`), and read back once it is indexed
//! (`source`).

pub(crate) mod chunks;
pub(crate) mod error;
pub(crate) mod mmap;
pub(crate) mod read;
pub(crate) mod relay;
pub(crate) mod room;
pub(crate) mod source;
