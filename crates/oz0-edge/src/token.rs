//! Bearer tokens: 256 random bits, shown once, kept only as their SHA-256 digest.

use sha2::{Digest, Sha256};

/// What every token starts with, so that a leaked one is easy to recognise and search for.
pub const PREFIX: &str = "oz0_";

/// Returns a new token, `oz0_` and 64 hex digits, and its digest.
pub fn generate() -> Result<(String, [u8; 32]), getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    let mut token = String::with_capacity(PREFIX.len() + 64);
    token.push_str(PREFIX);
    for byte in bytes {
        token.push_str(&format!("{byte:02x}"));
    }
    let hash = hash(&token);
    Ok((token, hash))
}

/// Returns the digest a token is kept and looked up by: its SHA-256.
pub fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Returns 16 random bytes in hex, for request IDs.
pub fn random_id() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // An ID only needs to tell requests apart in a log; the time does when the system's source fails.
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        bytes = nanos.to_le_bytes();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn tokens_are_new_each_time_and_hash_to_what_is_kept() {
        let (a, hash_a) = super::generate().unwrap();
        let (b, _) = super::generate().unwrap();
        assert_ne!(a, b);
        assert!(a.starts_with("oz0_") && a.len() == 68, "{a}");
        assert_eq!(super::hash(&a), hash_a);
    }
}
