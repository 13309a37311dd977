//! The one cipher every sealed value uses: AES-256-GCM under a key of its own, derived from the key that
//! seals it (the edge key or a payload key) and 24 random bytes, its salt, kept beside it.
//!
//! A key of its own for each value makes the nonce safe to fix at zero, and 24 random bytes make two
//! values' keys alike never in practice, however many values one key seals (a random 12-byte nonce of
//! GCM's own would be safe for some 2³² values a key only). The derivation is HKDF-SHA256's expansion
//! with the sealing key, 32 uniformly random bytes, as its pseudo-random key, and the salt in its
//! information. AES-GCM runs on the processor's AES and carry-less multiplication instructions, some
//! gigabytes a second a core, so that sealing a file costs less than its digest.

use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use ring::hkdf::{HKDF_SHA256, Prk};

use super::error::KeyError;

/// The bytes of a value's salt.
pub(super) const SALT_BYTES: usize = 24;

/// The bytes of a value's tag.
pub(super) const TAG_BYTES: usize = 16;

/// What the derivation of a value's key says it is for.
const PURPOSE: &[u8] = b"oz0 sealed value\0";

/// Returns new random salt.
pub(super) fn salt() -> Result<[u8; SALT_BYTES], KeyError> {
    let mut salt = [0u8; SALT_BYTES];
    getrandom::fill(&mut salt).map_err(|err| KeyError::Random(err.to_string()))?;
    Ok(salt)
}

/// Returns the key of the value of salt `salt` sealed with `key`.
fn value_key(key: &[u8; 32], salt: &[u8; SALT_BYTES]) -> LessSafeKey {
    let info = [PURPOSE, salt.as_slice()];
    let prk = Prk::new_less_safe(HKDF_SHA256, key);
    // HKDF-SHA256 expands up to 8,160 bytes: AES-256's 32 always.
    let derived = prk.expand(&info, &AES_256_GCM).expect("HKDF-SHA256 expands 32 bytes");
    LessSafeKey::new(UnboundKey::from(derived))
}

/// Returns the nonce of every value: its key is its own.
fn nonce() -> Nonce {
    Nonce::assume_unique_for_key([0; NONCE_LEN])
}

/// Seals `in_out` in place with `key` and the salt `salt`, bound to `context`; returns its tag.
pub(super) fn seal_in_place(
    key: &[u8; 32],
    salt: &[u8; SALT_BYTES],
    context: &[u8],
    in_out: &mut [u8],
) -> Result<[u8; TAG_BYTES], KeyError> {
    let tag = value_key(key, salt)
        .seal_in_place_separate_tag(nonce(), Aad::from(context), in_out)
        .map_err(|_| KeyError::Random("the cipher refused to seal".to_owned()))?;
    let mut bytes = [0u8; TAG_BYTES];
    bytes.copy_from_slice(tag.as_ref());
    Ok(bytes)
}

/// Opens a ciphertext and its tag that [`seal_in_place`] sealed with `key` and `salt` for `context`:
/// returns the plain bytes, or `None` when they do not open. `sealed` is left as it is either way (the
/// cipher deciphers before it checks the tag, and wipes what it deciphered when the tag is wrong).
pub(super) fn open(key: &[u8; 32], salt: &[u8; SALT_BYTES], context: &[u8], sealed: &[u8]) -> Option<Vec<u8>> {
    if sealed.len() < TAG_BYTES {
        return None;
    }
    let mut plain = sealed.to_vec();
    let length = value_key(key, salt).open_in_place(nonce(), Aad::from(context), &mut plain).ok()?.len();
    plain.truncate(length);
    Some(plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_opens_with_its_key_salt_and_context_only() {
        let (key, other) = ([7u8; 32], [8u8; 32]);
        let (a, b) = (salt().unwrap(), salt().unwrap());
        assert_ne!(a, b);
        for plain in [&b""[..], b"x", &[1u8; 70_000]] {
            let mut sealed = plain.to_vec();
            let tag = seal_in_place(&key, &a, b"here", &mut sealed).unwrap();
            assert!(plain.is_empty() || sealed != plain);
            sealed.extend_from_slice(&tag);
            let kept = sealed.clone();
            assert_eq!(open(&key, &a, b"here", &sealed).as_deref(), Some(plain));
            assert_eq!(open(&key, &a, b"there", &sealed), None, "another context");
            assert_eq!(open(&key, &b, b"here", &sealed), None, "another salt");
            assert_eq!(open(&other, &a, b"here", &sealed), None, "another key");
            assert_eq!(sealed, kept, "what does not open is left as it is");
            let mut flipped = sealed.clone();
            flipped[0] ^= 1;
            assert_eq!(open(&key, &a, b"here", &flipped), None);
        }
        assert_eq!(open(&key, &a, b"", &[0u8; TAG_BYTES - 1]), None, "shorter than a tag");
    }
}
