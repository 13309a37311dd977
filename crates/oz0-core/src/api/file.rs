//! Files between tools: content-addressed, owned by a tenant and a job tree.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::names::NameError;

/// The most bytes a file may hold: 32 MiB.
pub const MAX_FILE_BYTES: u64 = 32 << 20;

/// A file's reference, `oz0-file:sha256:<64 lowercase hex digits>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileRef([u8; 32]);

impl FileRef {
    /// What every reference starts with.
    pub const PREFIX: &'static str = "oz0-file:sha256:";

    /// Returns the reference of the file whose SHA-256 digest is `digest`.
    pub fn from_digest(digest: [u8; 32]) -> Self {
        Self(digest)
    }

    /// Returns the SHA-256 digest.
    pub fn digest(&self) -> &[u8; 32] {
        &self.0
    }

    /// Returns the digest in lowercase hex.
    pub fn hex(&self) -> String {
        let mut out = String::with_capacity(64);
        for byte in self.0 {
            out.push(char::from(b"0123456789abcdef"[usize::from(byte >> 4)]));
            out.push(char::from(b"0123456789abcdef"[usize::from(byte & 15)]));
        }
        out
    }

    /// Reads a digest of 64 lowercase hex digits.
    pub fn from_hex(hex: &str) -> Option<Self> {
        let bytes = hex.as_bytes();
        if bytes.len() != 64 {
            return None;
        }
        let nibble = |b: u8| match b {
            b'0'..=b'9' => Some(b - b'0'),
            b'a'..=b'f' => Some(b - b'a' + 10),
            _ => None,
        };
        let mut digest = [0u8; 32];
        for (i, pair) in bytes.chunks_exact(2).enumerate() {
            digest[i] = nibble(pair[0])? << 4 | nibble(pair[1])?;
        }
        Some(Self(digest))
    }
}

impl fmt::Display for FileRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", Self::PREFIX, self.hex())
    }
}

impl FromStr for FileRef {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.strip_prefix(Self::PREFIX).and_then(Self::from_hex).ok_or_else(|| NameError {
            what: "file reference",
            value: s.to_owned(),
            rule: "a file's reference is `oz0-file:sha256:` and 64 lowercase hex digits",
        })
    }
}

impl Serialize for FileRef {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for FileRef {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Cow::<str>::deserialize(deserializer)?.parse().map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for FileRef {
    fn schema_name() -> Cow<'static, str> {
        "FileRef".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string", "pattern": "^oz0-file:sha256:[0-9a-f]{64}$"})
    }
}

/// A job tree's name: its first job's ID, 1 to 128 letters, digits and `. _ : -`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct TreeId(String);

impl TreeId {
    /// Returns the ID, or an error naming the rule it breaks.
    pub fn new(id: &str) -> Result<Self, NameError> {
        let valid = (1..=128).contains(&id.len())
            && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-'))
            && id != "."
            && id != "..";
        if valid {
            Ok(Self(id.to_owned()))
        } else {
            Err(NameError { what: "job tree", value: id.to_owned(), rule: "1 to 128 letters, digits and `. _ : -`" })
        }
    }

    /// Returns a new job's ID: a ULID of the time now and 80 random bits.
    pub fn generate() -> Result<Self, getrandom::Error> {
        let mut random = [0u8; 10];
        getrandom::fill(&mut random)?;
        let ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis());
        Ok(Self::ulid(u64::try_from(ms).unwrap_or(u64::MAX), random))
    }

    /// Returns a ULID made of `ms`, milliseconds since 1970, and 80 random bits: 26 characters of
    /// Crockford's base32 that sort by time.
    pub fn ulid(ms: u64, random: [u8; 10]) -> Self {
        const DIGITS: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
        let mut value = u128::from(ms & 0xFFFF_FFFF_FFFF) << 80;
        for (i, byte) in random.iter().enumerate() {
            value |= u128::from(*byte) << (72 - 8 * i);
        }
        let id = (0..26).map(|i| char::from(DIGITS[((value >> (125 - 5 * i)) & 31) as usize])).collect();
        Self(id)
    }

    /// Returns the ID.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TreeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for TreeId {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::new(s)
    }
}

impl<'de> Deserialize<'de> for TreeId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Cow::<str>::deserialize(deserializer)?.parse().map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for TreeId {
    fn schema_name() -> Cow<'static, str> {
        "JobId".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string", "pattern": "^[A-Za-z0-9._:-]{1,128}$"})
    }
}

/// A file just stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StoredFile {
    /// Its reference.
    #[serde(rename = "ref")]
    pub file: FileRef,
    /// Its size in bytes.
    pub size: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_refs_round_trip() {
        let text = format!("oz0-file:sha256:{}", "0123456789abcdef".repeat(4));
        let file: FileRef = text.parse().unwrap();
        assert_eq!(file.to_string(), text);
        for bad in [
            "oz0-file:sha256:",
            "sha256:0123",
            &format!("oz0-file:sha256:{}", "0123456789ABCDEF".repeat(4)),
            &format!("oz0-file:sha256:{}0", "0123456789abcdef".repeat(4)),
        ] {
            assert!(bad.parse::<FileRef>().is_err(), "{bad}");
        }
    }

    #[test]
    fn ulids_sort_by_time() {
        let a = TreeId::ulid(1_785_231_000_125, [0; 10]);
        let b = TreeId::ulid(1_785_231_000_126, [255; 10]);
        assert_eq!(a.as_str().len(), 26);
        assert!(a < b);
        assert_eq!(TreeId::ulid(0, [0; 10]).as_str(), "00000000000000000000000000");
        assert_eq!(TreeId::ulid(0, [255; 10]).as_str(), "0000000000ZZZZZZZZZZZZZZZZ");
        assert!(TreeId::new(a.as_str()).is_ok());
    }

    #[test]
    fn tree_ids() {
        assert!(TreeId::new("01J9Z8K6Q3XW5V2B7N4M1P0R8T").is_ok());
        assert!(TreeId::new("job:7.a_b-c").is_ok());
        for bad in ["", "..", "a/b", "a b", &"a".repeat(129)] {
            assert!(TreeId::new(bad).is_err(), "{bad}");
        }
    }
}
