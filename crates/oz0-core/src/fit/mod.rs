//! The fitting engine: the biggest view of a document that fits a token budget.

mod estimate;

pub use estimate::{Meter, count, weigh};
