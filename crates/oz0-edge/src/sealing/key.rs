//! The edge key: 32 random bytes that seal the plugins' secrets and the tenants' payload keys
//! ([`super::cipher`]), each sealed value bound to its row by associated data and tagged with the key's ID.

use std::fmt;
use std::path::Path;

use base64::Engine as _;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::{DecodePaddingMode, general_purpose};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

use super::cipher::{self, SALT_BYTES, TAG_BYTES};
use super::error::KeyError;
use super::identity::{KeyId, KeySource};

/// The variable that holds the edge key, in base64, when it is not kept in a file.
pub const KEY_VARIABLE: &str = "OZ0_MASTER_KEY";

/// What a sealed value starts with: the format's name and version.
const SEALED_PREFIX: &str = "oz0s1";

/// Reads base64 with or without its padding, as people copy it.
const BASE64: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// The edge key. Its bytes are wiped when it is dropped, and never printed.
pub struct EdgeKey {
    bytes: Zeroizing<[u8; 32]>,
    id: KeyId,
    source: KeySource,
}

impl fmt::Debug for EdgeKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EdgeKey").field("id", &self.id).field("source", &self.source).finish_non_exhaustive()
    }
}

impl EdgeKey {
    /// Returns a new random key, to be kept at `source`.
    pub fn generate(source: KeySource) -> Result<Self, KeyError> {
        let mut bytes = Zeroizing::new([0u8; 32]);
        getrandom::fill(bytes.as_mut()).map_err(|err| KeyError::Random(err.to_string()))?;
        Ok(Self::from_bytes(bytes, source))
    }

    /// Reads a key written as [`Self::to_text`] writes it: 32 bytes in base64 (with or without its
    /// padding), white space around it ignored.
    pub fn from_text(text: &str, source: KeySource) -> Result<Self, KeyError> {
        let malformed = || KeyError::Malformed { place: source.clone() };
        let decoded = Zeroizing::new(BASE64.decode(text.trim().as_bytes()).map_err(|_| malformed())?);
        let bytes: [u8; 32] = decoded.as_slice().try_into().map_err(|_| malformed())?;
        Ok(Self::from_bytes(Zeroizing::new(bytes), source))
    }

    fn from_bytes(bytes: Zeroizing<[u8; 32]>, source: KeySource) -> Self {
        let mut digest = Sha256::new();
        digest.update(b"oz0 edge key id\0");
        digest.update(bytes.as_ref());
        let id = digest.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect();
        Self { bytes, id: KeyId(id), source }
    }

    /// Returns the key in base64 with its padding, as its file and [`KEY_VARIABLE`] hold it.
    pub fn to_text(&self) -> Zeroizing<String> {
        Zeroizing::new(general_purpose::STANDARD.encode(self.bytes.as_ref()))
    }

    /// Returns the key's ID.
    pub fn id(&self) -> &KeyId {
        &self.id
    }

    /// Returns where the key comes from.
    pub fn source(&self) -> &KeySource {
        &self.source
    }

    /// Returns the key's file, when it is kept in one: a file no tool's server may read.
    pub fn file(&self) -> Option<&Path> {
        match &self.source {
            KeySource::File(path) => Some(path),
            KeySource::Variable(_) => None,
        }
    }

    /// Returns the key as kept at another place, such as the file a rotation renames into place.
    pub(crate) fn moved_to(&self, source: KeySource) -> Self {
        Self { bytes: self.bytes.clone(), id: self.id.clone(), source }
    }

    /// Seals `plain` with a random salt, bound to `context` (what the value belongs to): returns
    /// `oz0s1.<key ID>.<salt, ciphertext and tag in base64>`.
    pub fn seal(&self, context: &[u8], plain: &[u8]) -> Result<String, KeyError> {
        let salt = cipher::salt()?;
        let mut bytes = Vec::with_capacity(SALT_BYTES + plain.len() + TAG_BYTES);
        bytes.extend_from_slice(&salt);
        bytes.extend_from_slice(plain);
        let tag = cipher::seal_in_place(&self.bytes, &salt, context, bytes.get_mut(SALT_BYTES..).unwrap_or_default())?;
        bytes.extend_from_slice(&tag);
        Ok(format!("{SEALED_PREFIX}.{}.{}", self.id, general_purpose::STANDARD_NO_PAD.encode(bytes)))
    }

    /// Opens a value [`Self::seal`] sealed with this key for `context`.
    pub fn open(&self, context: &[u8], sealed: &str) -> Result<Zeroizing<Vec<u8>>, OpenError> {
        let (id, bytes) = parse(sealed)?;
        if id != self.id {
            return Err(OpenError::OtherKey(id));
        }
        let (salt, body) = bytes.split_at(SALT_BYTES);
        let salt: &[u8; SALT_BYTES] = salt.try_into().map_err(|_| OpenError::Damaged)?;
        cipher::open(&self.bytes, salt, context, body).map(Zeroizing::new).ok_or(OpenError::Damaged)
    }
}

/// Returns the ID of the key that sealed `sealed`, when it is a sealed value.
pub fn sealed_with(sealed: &str) -> Option<KeyId> {
    parse(sealed).ok().map(|(id, _)| id)
}

fn parse(sealed: &str) -> Result<(KeyId, Vec<u8>), OpenError> {
    let mut parts = sealed.split('.');
    let (Some(SEALED_PREFIX), Some(id), Some(body), None) = (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(OpenError::Damaged);
    };
    let id = KeyId::parse(id).ok_or(OpenError::Damaged)?;
    let bytes = general_purpose::STANDARD_NO_PAD.decode(body).map_err(|_| OpenError::Damaged)?;
    // A salt and a tag at least.
    if bytes.len() < SALT_BYTES + TAG_BYTES {
        return Err(OpenError::Damaged);
    }
    Ok((id, bytes))
}

/// Why a sealed value did not open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenError {
    /// Another key, of this ID, sealed it.
    OtherKey(KeyId),
    /// It is not a sealed value, or it was changed, or sealed for another row.
    Damaged,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> EdgeKey {
        EdgeKey::generate(KeySource::Variable("TEST".to_owned())).unwrap()
    }

    #[test]
    fn a_sealed_value_opens_with_its_key_and_context_only() {
        let (a, b) = (key(), key());
        let sealed = a.seal(b"tenant 1, plugin notes", b"s3cr3t").unwrap();
        assert!(!sealed.contains("s3cr3t"));
        assert!(sealed.starts_with(&format!("oz0s1.{}.", a.id())), "{sealed}");
        assert_eq!(a.open(b"tenant 1, plugin notes", &sealed).unwrap().as_slice(), b"s3cr3t");
        assert_eq!(a.open(b"tenant 2, plugin notes", &sealed), Err(OpenError::Damaged), "another row's");
        assert_eq!(b.open(b"tenant 1, plugin notes", &sealed), Err(OpenError::OtherKey(a.id().clone())));
        assert_ne!(sealed, a.seal(b"tenant 1, plugin notes", b"s3cr3t").unwrap(), "a new salt each time");
        let mut flipped = sealed.clone().into_bytes();
        let last = flipped.len() - 2;
        flipped[last] = if flipped[last] == b'A' { b'B' } else { b'A' };
        let flipped = String::from_utf8(flipped).unwrap();
        assert_eq!(a.open(b"tenant 1, plugin notes", &flipped), Err(OpenError::Damaged));
        for bad in ["", "oz0s1", "oz0s1.x.y", "plain", &format!("oz0s1.{}.AAAA", a.id())] {
            assert_eq!(a.open(b"", bad), Err(OpenError::Damaged), "{bad}");
        }
        assert_eq!(sealed_with(&sealed), Some(a.id().clone()));
    }

    #[test]
    fn a_key_reads_back_from_its_text_and_refuses_anything_else() {
        let a = key();
        let text = a.to_text();
        assert_eq!(text.len(), 44);
        let back = EdgeKey::from_text(&format!("  {}\n", text.as_str()), KeySource::File("k".into())).unwrap();
        assert_eq!(back.id(), a.id());
        let unpadded = EdgeKey::from_text(text.trim_end_matches('='), KeySource::File("k".into())).unwrap();
        assert_eq!(unpadded.id(), a.id());
        for bad in ["", "not base64!", "AAAA", &"ab".repeat(32)] {
            let err = EdgeKey::from_text(bad, KeySource::Variable(KEY_VARIABLE.to_owned())).unwrap_err();
            assert!(err.to_string().contains("OZ0_MASTER_KEY"), "{err}");
        }
        assert!(!format!("{a:?}").contains(text.as_str()), "the key's bytes are never printed");
    }
}
