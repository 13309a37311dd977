//! Tenants' payloads sealed at rest: files' bytes, jobs' inputs and answers, and what a run's model said
//! and read, each sealed with its tenant's payload key (AES-256-GCM under a key of the value's own:
//! [`super::cipher`]).
//!
//! A payload key is 32 random bytes, kept in the store wrapped (sealed) with the edge key and bound to its
//! tenant, so that the database alone opens nothing and a key copied to another tenant does not open.
//! Each sealed value is bound to its place (its tenant, its table and column, and its row: a job's ID, a
//! message's job and number, a file's digest), so that a value moved to another row does not open, and
//! names the payload key that sealed it, so that a value sealed before the tenant's key was rotated still
//! opens with the key it was sealed with.
//!
//! A sealed file is `oz0p1:` (the format), the key's ID (16 hex digits), the salt (24 bytes), then the
//! ciphertext and its tag. A sealed text is `oz0p1:<key ID>:<salt, ciphertext and tag in base64>`. A text
//! kept plain that begins with `oz0p` is kept behind `oz0p0:`, so that it never reads as a sealed one; a
//! file kept plain is told apart by its digest.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, Instant};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD_NO_PAD;
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

use super::cipher::{self, SALT_BYTES, TAG_BYTES};
use super::error::KeyError;
use super::identity::KeyId;
use super::key::{EdgeKey, OpenError};

/// The variable that says whether the edge seals the payloads it keeps (`true` or `false`); left unset,
/// an edge on PostgreSQL seals them and one on SQLite does not.
pub const SEAL_VARIABLE: &str = "OZ0_SEAL_PAYLOADS";

/// What a sealed value starts with: the format's name and version.
const SEALED: &str = "oz0p1:";

/// What a text kept plain starts with when it would otherwise read as a sealed one.
const ESCAPED: &str = "oz0p0:";

/// What every format of sealed payloads, this one and those to come, starts with.
const RESERVED: &str = "oz0p";

/// The digits of a key's ID.
const ID_CHARS: usize = 16;

/// The bytes before the ciphertext of a sealed file.
const HEADER: usize = SEALED.len() + ID_CHARS + SALT_BYTES;

/// How many bytes sealing adds to a file's: its header and its tag.
pub(crate) const SEALED_OVERHEAD: u64 = (HEADER + TAG_BYTES) as u64;

/// How long a store seals with the payload key it last found current before it looks again, so that a
/// key rotated through another node is taken up.
const CURRENT_FOR: Duration = Duration::from_secs(60);

/// Where a payload is kept: what its seal binds it to, so that it opens there only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Place {
    tenant: i64,
    column: &'static str,
    row: String,
}

impl Place {
    /// The input of the tenant's job `job`.
    pub(crate) fn job_input(tenant: i64, job: &str) -> Self {
        Self { tenant, column: "jobs.input", row: job.to_owned() }
    }

    /// The answer of the tenant's job `job`.
    pub(crate) fn job_output(tenant: i64, job: &str) -> Self {
        Self { tenant, column: "jobs.output", row: job.to_owned() }
    }

    /// The `n`-th message of the run of the tenant's job `job`.
    pub(crate) fn said(tenant: i64, job: &str, n: i64) -> Self {
        Self { tenant, column: "said.message", row: format!("{job} {n}") }
    }

    /// The result the step `step` of the tenant's job `job` answered.
    pub(crate) fn result(tenant: i64, job: &str, step: i64) -> Self {
        Self { tenant, column: "results.result", row: format!("{job} {step}") }
    }

    /// The tenant's file of the digest `hex`.
    pub(crate) fn file(tenant: i64, hex: &str) -> Self {
        Self { tenant, column: "files", row: hex.to_owned() }
    }

    /// Returns the tenant's ID.
    pub(crate) fn tenant(&self) -> i64 {
        self.tenant
    }

    /// Returns the associated data of a value kept here.
    fn context(&self) -> Vec<u8> {
        format!("oz0 payload\0tenant {}\0{}\0{}", self.tenant, self.column, self.row).into_bytes()
    }
}

impl fmt::Display for Place {
    /// Writes `jobs.input of J1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {}", self.column, self.row)
    }
}

/// A tenant's payload key. Its bytes are wiped when it is dropped, and never printed.
pub(crate) struct PayloadKey {
    bytes: Zeroizing<[u8; 32]>,
    id: KeyId,
}

impl fmt::Debug for PayloadKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PayloadKey").field("id", &self.id).finish_non_exhaustive()
    }
}

impl PayloadKey {
    /// Returns a new random key.
    pub(crate) fn generate() -> Result<Self, KeyError> {
        let mut bytes = Zeroizing::new([0u8; 32]);
        getrandom::fill(bytes.as_mut()).map_err(|err| KeyError::Random(err.to_string()))?;
        Ok(Self::from_bytes(bytes))
    }

    fn from_bytes(bytes: Zeroizing<[u8; 32]>) -> Self {
        let mut digest = Sha256::new();
        digest.update(b"oz0 payload key id\0");
        digest.update(bytes.as_ref());
        let id = digest.finalize().iter().take(ID_CHARS / 2).map(|b| format!("{b:02x}")).collect();
        Self { bytes, id: KeyId(id) }
    }

    /// Returns the key's ID, which each value it seals names.
    pub(crate) fn id(&self) -> &KeyId {
        &self.id
    }

    /// Returns the key sealed with the edge key `edge`, bound to the tenant `tenant` and to its ID.
    pub(crate) fn wrap(&self, edge: &EdgeKey, tenant: i64) -> Result<String, KeyError> {
        edge.seal(&wrapping(tenant, &self.id), self.bytes.as_ref())
    }

    /// Opens the tenant's key of ID `id` that [`Self::wrap`] sealed with `edge` as `wrapped`.
    pub(crate) fn unwrap(edge: &EdgeKey, tenant: i64, id: &KeyId, wrapped: &str) -> Result<Self, OpenError> {
        let opened = edge.open(&wrapping(tenant, id), wrapped)?;
        let bytes: [u8; 32] = opened.as_slice().try_into().map_err(|_| OpenError::Damaged)?;
        let key = Self::from_bytes(Zeroizing::new(bytes));
        if key.id != *id {
            return Err(OpenError::Damaged);
        }
        Ok(key)
    }

    /// Seals `plain` for `place`: `oz0p1:`, this key's ID, a random salt, the ciphertext and its tag.
    pub(crate) fn seal_bytes(&self, place: &Place, plain: &[u8]) -> Result<Vec<u8>, KeyError> {
        let salt = cipher::salt()?;
        let mut sealed = Vec::with_capacity(HEADER + plain.len() + TAG_BYTES);
        sealed.extend_from_slice(SEALED.as_bytes());
        sealed.extend_from_slice(self.id.as_str().as_bytes());
        sealed.extend_from_slice(&salt);
        sealed.extend_from_slice(plain);
        let body = sealed.get_mut(HEADER..).unwrap_or_default();
        let tag = cipher::seal_in_place(&self.bytes, &salt, &place.context(), body)?;
        sealed.extend_from_slice(&tag);
        Ok(sealed)
    }

    /// Opens bytes [`Self::seal_bytes`] sealed with this key for `place`: `sealed` becomes the plain
    /// bytes. Bytes that do not open are left as they are.
    pub(crate) fn open_bytes(&self, place: &Place, sealed: &mut Vec<u8>) -> Result<(), OpenError> {
        let id = sealed_bytes_key(sealed).ok_or(OpenError::Damaged)?;
        if id != self.id {
            return Err(OpenError::OtherKey(id));
        }
        *sealed = self.open_body(place, sealed.get(SEALED.len() + ID_CHARS..).unwrap_or_default())?;
        Ok(())
    }

    /// Opens a salt, ciphertext and tag sealed with this key for `place`; returns the plain bytes.
    fn open_body(&self, place: &Place, body: &[u8]) -> Result<Vec<u8>, OpenError> {
        let (salt, rest) = body.split_at_checked(SALT_BYTES).ok_or(OpenError::Damaged)?;
        let salt: &[u8; SALT_BYTES] = salt.try_into().map_err(|_| OpenError::Damaged)?;
        cipher::open(&self.bytes, salt, &place.context(), rest).ok_or(OpenError::Damaged)
    }

    /// Seals the text `plain` for `place`: `oz0p1:<key ID>:<salt, ciphertext and tag in base64>`.
    pub(crate) fn seal_text(&self, place: &Place, plain: &str) -> Result<String, KeyError> {
        let sealed = self.seal_bytes(place, plain.as_bytes())?;
        let body = sealed.get(SEALED.len() + ID_CHARS..).unwrap_or_default();
        Ok(format!("{SEALED}{}:{}", self.id, STANDARD_NO_PAD.encode(body)))
    }

    /// Opens a text [`Self::seal_text`] sealed with this key for `place`.
    pub(crate) fn open_text(&self, place: &Place, sealed: &SealedText) -> Result<String, OpenError> {
        if sealed.key != self.id {
            return Err(OpenError::OtherKey(sealed.key.clone()));
        }
        String::from_utf8(self.open_body(place, &sealed.body)?).map_err(|_| OpenError::Damaged)
    }
}

/// Returns what binds a tenant's payload key to its tenant and ID.
fn wrapping(tenant: i64, id: &KeyId) -> Vec<u8> {
    format!("oz0 payload key\0tenant {tenant}\0{id}").into_bytes()
}

/// Returns the ID of the payload key that sealed `bytes`, when they begin as sealed bytes do. Plain
/// bytes may begin so too: only opening them tells.
pub(crate) fn sealed_bytes_key(bytes: &[u8]) -> Option<KeyId> {
    let rest = bytes.strip_prefix(SEALED.as_bytes())?;
    let id = std::str::from_utf8(rest.get(..ID_CHARS)?).ok()?;
    KeyId::parse(id)
}

/// A text as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Stored {
    /// Kept plain: the text itself.
    Plain(String),
    /// Sealed.
    Sealed(SealedText),
}

/// A sealed text: the ID of the key that sealed it, and its salt, ciphertext and tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SealedText {
    key: KeyId,
    body: Vec<u8>,
}

impl SealedText {
    /// Returns the ID of the key that sealed it.
    pub(crate) fn key(&self) -> &KeyId {
        &self.key
    }
}

/// Reads a text as the store keeps it: sealed, plain behind `oz0p0:`, or plain. Returns
/// [`OpenError::Damaged`] for a text that begins as a sealed one and is not.
pub(crate) fn stored(text: String) -> Result<Stored, OpenError> {
    if let Some(rest) = text.strip_prefix(SEALED) {
        let (id, body) = rest.split_once(':').ok_or(OpenError::Damaged)?;
        let key = KeyId::parse(id).ok_or(OpenError::Damaged)?;
        let body = STANDARD_NO_PAD.decode(body).map_err(|_| OpenError::Damaged)?;
        return Ok(Stored::Sealed(SealedText { key, body }));
    }
    if text.starts_with(ESCAPED) {
        let mut text = text;
        text.drain(..ESCAPED.len());
        return Ok(Stored::Plain(text));
    }
    Ok(Stored::Plain(text))
}

/// Returns the text `plain` as the store keeps it plain: behind `oz0p0:` when it begins as a sealed
/// text would, so that it reads back as itself.
pub(crate) fn kept_plain(plain: &str) -> Cow<'_, str> {
    if plain.starts_with(RESERVED) { Cow::Owned(format!("{ESCAPED}{plain}")) } else { Cow::Borrowed(plain) }
}

/// How a tenant's new payloads are kept: sealed with its current payload key, or plain.
#[derive(Debug, Clone, Default)]
pub(crate) struct Seal(Option<Arc<PayloadKey>>);

impl Seal {
    /// Seals with `key`.
    pub(crate) fn with(key: Arc<PayloadKey>) -> Self {
        Self(Some(key))
    }

    /// Keeps plain.
    pub(crate) fn plain() -> Self {
        Self(None)
    }

    /// Returns whether it seals.
    pub(crate) fn seals(&self) -> bool {
        self.0.is_some()
    }

    /// Returns the text `plain` as the store is to keep it at `place`.
    pub(crate) fn text(&self, place: &Place, plain: &str) -> Result<String, KeyError> {
        match &self.0 {
            Some(key) => key.seal_text(place, plain),
            None => Ok(kept_plain(plain).into_owned()),
        }
    }

    /// Returns the bytes `plain` as the store is to keep them at `place`.
    pub(crate) fn bytes<'a>(&self, place: &Place, plain: &'a [u8]) -> Result<Cow<'a, [u8]>, KeyError> {
        match &self.0 {
            Some(key) => key.seal_bytes(place, plain).map(Cow::Owned),
            None => Ok(Cow::Borrowed(plain)),
        }
    }
}

/// Whether a store seals new payloads: as its operator chose, or by its kind.
const BY_KIND: u8 = 0;
const ON: u8 = 1;
const OFF: u8 = 2;

/// A store's choice to seal new payloads, and the tenants' payload keys it opened, so that each is
/// opened once.
#[derive(Debug)]
pub(crate) struct PayloadKeys {
    choice: AtomicU8,
    /// Whether the store seals when its operator did not choose: a store that nodes share does.
    by_kind: bool,
    /// Each tenant's current key, and when it was found current.
    current: RwLock<HashMap<i64, (Arc<PayloadKey>, Instant)>>,
    /// Every key opened, by tenant and ID.
    known: RwLock<HashMap<(i64, KeyId), Arc<PayloadKey>>>,
}

impl PayloadKeys {
    /// Returns a store's keys, none opened yet; it seals new payloads when `by_kind` says, until its
    /// operator chooses.
    pub(crate) fn new(by_kind: bool) -> Self {
        Self { choice: AtomicU8::new(BY_KIND), by_kind, current: RwLock::default(), known: RwLock::default() }
    }

    /// Seals new payloads from now on, or keeps them plain.
    pub(crate) fn choose(&self, seal: bool) {
        self.choice.store(if seal { ON } else { OFF }, Ordering::Relaxed);
    }

    /// Returns whether new payloads are sealed: as chosen, else by the store's kind once it has its edge
    /// key (`unlocked`). A store without it can seal nothing, and keeps what it is given plain.
    pub(crate) fn sealing(&self, unlocked: bool) -> bool {
        match self.choice.load(Ordering::Relaxed) {
            ON => true,
            OFF => false,
            _ => self.by_kind && unlocked,
        }
    }

    /// Returns the tenant's current key, when it was found current lately.
    pub(crate) fn current(&self, tenant: i64) -> Option<Arc<PayloadKey>> {
        let current = self.current.read().unwrap_or_else(PoisonError::into_inner);
        current.get(&tenant).filter(|(_, found)| found.elapsed() < CURRENT_FOR).map(|(key, _)| Arc::clone(key))
    }

    /// Returns the tenant's key of ID `id`, when it was opened already.
    pub(crate) fn known(&self, tenant: i64, id: &KeyId) -> Option<Arc<PayloadKey>> {
        let known = self.known.read().unwrap_or_else(PoisonError::into_inner);
        known.get(&(tenant, id.clone())).map(Arc::clone)
    }

    /// Keeps the tenant's key `key`, opened, and as its current key when `current`.
    pub(crate) fn keep(&self, tenant: i64, key: &Arc<PayloadKey>, current: bool) {
        let mut known = self.known.write().unwrap_or_else(PoisonError::into_inner);
        known.insert((tenant, key.id().clone()), Arc::clone(key));
        drop(known);
        if current {
            let mut found = self.current.write().unwrap_or_else(PoisonError::into_inner);
            found.insert(tenant, (Arc::clone(key), Instant::now()));
        }
    }
}

/// Reads [`SEAL_VARIABLE`]: `Some(true)` or `Some(false)` when it says yes or no (`true`, `yes`, `on`,
/// `1` and their opposites, as `oz0 edge serve --seal-payloads` reads them), `None` when it is unset or
/// empty.
pub fn sealing_from_env() -> Result<Option<bool>, KeyError> {
    let Some(value) = std::env::var_os(SEAL_VARIABLE) else { return Ok(None) };
    let value = value.to_string_lossy();
    if value.trim().is_empty() {
        return Ok(None);
    }
    match value.trim().to_ascii_lowercase().as_str() {
        "y" | "yes" | "t" | "true" | "on" | "1" => Ok(Some(true)),
        "n" | "no" | "f" | "false" | "off" | "0" => Ok(Some(false)),
        _ => Err(KeyError::SealSetting { variable: SEAL_VARIABLE, value: value.into_owned() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sealing::KeySource;

    fn key() -> PayloadKey {
        PayloadKey::generate().unwrap()
    }

    #[test]
    fn sealing_payload_bytes_round_trip_and_open_in_their_place_only() {
        let (a, b) = (key(), key());
        let here = Place::file(1, "ab12");
        for plain in [&b""[..], b"x", b"the plain bytes of a file", &[0u8; 70_000]] {
            let sealed = a.seal_bytes(&here, plain).unwrap();
            assert_eq!(sealed.len(), HEADER + plain.len() + TAG_BYTES);
            assert!(sealed.starts_with(format!("oz0p1:{}", a.id()).as_bytes()));
            assert_eq!(sealed_bytes_key(&sealed).as_ref(), Some(a.id()));
            let open = |key: &PayloadKey, place: &Place, sealed: &[u8]| {
                let mut bytes = sealed.to_vec();
                let opened = key.open_bytes(place, &mut bytes);
                assert!(opened.is_ok() || bytes == sealed, "what does not open is left as it is");
                opened.map(|()| bytes)
            };
            assert_eq!(open(&a, &here, &sealed).unwrap(), plain);
            assert_eq!(open(&a, &Place::file(2, "ab12"), &sealed), Err(OpenError::Damaged), "another tenant's");
            assert_eq!(open(&a, &Place::file(1, "ab13"), &sealed), Err(OpenError::Damaged), "another file's");
            assert_eq!(open(&b, &here, &sealed), Err(OpenError::OtherKey(a.id().clone())));
            let mut flipped = sealed.clone();
            let last = flipped.len() - 1;
            flipped[last] ^= 1;
            assert_eq!(open(&a, &here, &flipped), Err(OpenError::Damaged));
        }
        assert_ne!(a.seal_bytes(&here, b"x").unwrap(), a.seal_bytes(&here, b"x").unwrap(), "a new salt each time");
        for bad in [&b""[..], b"oz0p1:", b"oz0p1:0123456789abcdef", b"plain"] {
            assert!(a.open_bytes(&here, &mut bad.to_vec()).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn sealing_payload_texts_round_trip_and_plain_texts_read_back_as_themselves() {
        let key = Arc::new(key());
        let (input, output) = (Place::job_input(1, "J1"), Place::job_output(1, "J1"));
        let sealed = Seal::with(Arc::clone(&key)).text(&input, "what was asked").unwrap();
        assert!(sealed.starts_with(&format!("oz0p1:{}:", key.id())) && !sealed.contains("asked"), "{sealed}");
        let Ok(Stored::Sealed(text)) = stored(sealed.clone()) else { panic!("{sealed} is sealed") };
        assert_eq!(text.key(), key.id());
        assert_eq!(key.open_text(&input, &text).unwrap(), "what was asked");
        assert_eq!(key.open_text(&output, &text), Err(OpenError::Damaged), "another column's");
        assert_eq!(key.open_text(&Place::job_input(1, "J2"), &text), Err(OpenError::Damaged), "another job's");
        let other = PayloadKey::generate().unwrap();
        assert_eq!(other.open_text(&input, &text), Err(OpenError::OtherKey(key.id().clone())));

        let plain = Seal::plain();
        for text in ["", "hello", "oz0p", "oz0p1:0123456789abcdef:AAAA", "oz0p0:x", "oz0pizza"] {
            let kept = plain.text(&output, text).unwrap();
            assert_eq!(stored(kept).unwrap(), Stored::Plain(text.to_owned()), "{text}");
        }
        assert_eq!(plain.text(&output, "hello").unwrap(), "hello", "kept as it is");
        for damaged in ["oz0p1:", "oz0p1:xyz:AAAA", "oz0p1:0123456789abcdef", "oz0p1:0123456789abcdef:!!"] {
            assert_eq!(stored(damaged.to_owned()), Err(OpenError::Damaged), "{damaged}");
        }
    }

    #[test]
    fn a_payload_key_is_wrapped_for_its_tenant_by_the_edge_key() {
        let edge = EdgeKey::generate(KeySource::Variable("TEST".to_owned())).unwrap();
        let other = EdgeKey::generate(KeySource::Variable("TEST".to_owned())).unwrap();
        let key = key();
        let wrapped = key.wrap(&edge, 7).unwrap();
        let back = PayloadKey::unwrap(&edge, 7, key.id(), &wrapped).unwrap();
        let place = Place::said(7, "J1", 1);
        let mut sealed = key.seal_bytes(&place, b"m").unwrap();
        back.open_bytes(&place, &mut sealed).unwrap();
        assert_eq!(sealed, b"m");
        assert_eq!(PayloadKey::unwrap(&edge, 8, key.id(), &wrapped).unwrap_err(), OpenError::Damaged);
        let another = PayloadKey::generate().unwrap();
        assert_eq!(PayloadKey::unwrap(&edge, 7, another.id(), &wrapped).unwrap_err(), OpenError::Damaged);
        assert_eq!(
            PayloadKey::unwrap(&other, 7, key.id(), &wrapped).unwrap_err(),
            OpenError::OtherKey(edge.id().clone())
        );
        assert!(!format!("{key:?}").contains(&format!("{:?}", key.bytes.as_ref())), "never printed");
    }

    #[test]
    fn a_store_seals_payloads_as_chosen_else_by_its_kind_once_unlocked() {
        let shared = PayloadKeys::new(true);
        assert!(!shared.sealing(false) && shared.sealing(true));
        shared.choose(false);
        assert!(!shared.sealing(true));
        let alone = PayloadKeys::new(false);
        assert!(!alone.sealing(true));
        alone.choose(true);
        assert!(alone.sealing(false), "chosen: sealing without the edge key fails rather than keeping plain");
        let key = Arc::new(key());
        alone.keep(3, &key, true);
        assert_eq!(alone.current(3).map(|k| k.id().clone()), Some(key.id().clone()));
        assert!(alone.current(4).is_none() && alone.known(4, key.id()).is_none(), "another tenant's");
        assert!(alone.known(3, key.id()).is_some());
    }
}
