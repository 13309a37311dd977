//! How an edge key is told: its short ID, and where it comes from.

use std::fmt;
use std::path::PathBuf;

/// The short ID of a key: the first 8 bytes of a SHA-256 digest of it, in hex. It tells keys apart
/// and says nothing of the key.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KeyId(pub(super) String);

impl KeyId {
    /// Returns the ID `text` names, when it is 16 hex digits.
    pub fn parse(text: &str) -> Option<Self> {
        (text.len() == 16 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
            .then(|| Self(text.to_owned()))
    }

    /// Returns the ID as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for KeyId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where an edge key comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeySource {
    /// A file of mode 0600.
    File(PathBuf),
    /// An environment variable, such as [`KEY_VARIABLE`](super::KEY_VARIABLE).
    Variable(String),
}

impl fmt::Display for KeySource {
    /// Writes `the key file 'PATH'` or `the variable NAME`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::File(path) => write!(f, "the key file '{}'", path.display()),
            Self::Variable(name) => write!(f, "the variable {name}"),
        }
    }
}
