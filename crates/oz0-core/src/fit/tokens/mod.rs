//! Counting tokens: the cl100k estimate (`estimate`, with its trained table in `table` and its hot loop
//! in `stretch`, and the block check of its long stretches in `blocks`), and the weigher that measures a document fed in chunks (`weigher`).

pub(crate) mod blocks;
pub(crate) mod estimate;
pub(crate) mod stretch;
pub(crate) mod table;
#[cfg(feature = "fit")]
pub(crate) mod weigher;
