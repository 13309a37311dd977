//! Secrets sealed at rest. The plugins' secrets are kept in the store sealed with the edge key
//! (AES-256-GCM under a key of the value's own, derived from random salt: [`cipher`]), which the store never holds: it is a file of mode
//! 0600 (`edge.key` in the data folder unless `--key-file` names another), made at the first start, or
//! the variable `OZ0_MASTER_KEY`, 32 bytes in base64.
//!
//! Each sealed value is bound to its row (the tenant's ID and the plugin's name), so that a value copied
//! to another row does not open, and tagged with the short ID of its key, so that a wrong key is told
//! apart from a damaged value. The store records the ID of the key its secrets are sealed with: an edge
//! with another key is refused at its start, and so is a second node of a shared store with its own.
//!
//! The tenants' payloads (files, jobs' inputs and answers, what runs' models said and read) are sealed
//! with payload keys of their own, one current a tenant, each kept in the store sealed with the edge key
//! ([`payload`]): by default on PostgreSQL, or as `OZ0_SEAL_PAYLOADS` and `oz0 edge serve
//! --seal-payloads` say.
//!
//! [`rotation::Rotation`] replaces the key: the new key is written beside the old one, every sealed value is
//! sealed again, and every payload key wrapped again, in one transaction that records the new key's ID,
//! then the new key is renamed into place; at the next start, [`load`] finishes or undoes what a rotation
//! killed on the way left, by the ID the store records.
//!
//! ```no_run
//! use oz0_edge::sealing::{KeyPlace, load};
//!
//! # fn show() -> Result<(), oz0_edge::sealing::KeyError> {
//! let loaded = load(&KeyPlace::in_data(std::path::Path::new("/srv/oz0")), None)?;
//! println!("the key {} is in {}", loaded.key.id(), loaded.key.source());
//! # Ok(())
//! # }
//! ```

mod cipher;
mod error;
mod identity;
mod key;
mod key_file;
pub(crate) mod payload;
pub mod rotation;
mod sealer;

pub use error::KeyError;
pub use identity::{KeyId, KeySource};
pub use key::{EdgeKey, KEY_VARIABLE, OpenError, sealed_with};
pub use key_file::{KeyPlace, Loaded, Recovered, load};
pub use payload::{SEAL_VARIABLE, sealing_from_env};
pub(crate) use sealer::Sealer;
