//! The people whose tokens a node saw in the last moments, so that a request's look-up of its bearer
//! token does not reach the database each time.
//!
//! A token, once made, names the same person with the same roles until the store is gone: nothing
//! revokes a token or changes a person's roles. An entry is kept for [`FRESH`] all the same, so that a
//! store that comes to revoke tokens is believed by every node within that time. Only tokens found are
//! kept: a stream of made-up tokens reaches the database each time, as it would without the cache, and
//! cannot crowd it out, since the cache is emptied when it holds [`MOST`] and starts again.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::records::Principal;

/// How long a token found stays believed.
const FRESH: Duration = Duration::from_secs(2);

/// How many tokens the cache holds at most.
const MOST: usize = 4096;

/// Tokens found lately, by their SHA-256 digest.
#[derive(Debug, Default)]
pub(super) struct TokenCache {
    found: Mutex<HashMap<[u8; 32], (Instant, Principal)>>,
}

impl TokenCache {
    /// Returns the person whose token's digest is `hash`, when it was found less than [`FRESH`] ago.
    pub(super) fn get(&self, hash: &[u8; 32]) -> Option<Principal> {
        let found = self.found.lock().unwrap_or_else(PoisonError::into_inner);
        found.get(hash).filter(|(at, _)| at.elapsed() < FRESH).map(|(_, principal)| principal.clone())
    }

    /// Keeps that the token whose digest is `hash` is `principal`'s.
    pub(super) fn keep(&self, hash: &[u8; 32], principal: &Principal) {
        let mut found = self.found.lock().unwrap_or_else(PoisonError::into_inner);
        if found.len() >= MOST {
            found.clear();
        }
        found.insert(*hash, (Instant::now(), principal.clone()));
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::{Role, TenantName};

    use super::*;
    use crate::store::TenantRecord;

    fn principal(n: u8) -> Principal {
        let tenant = TenantRecord { id: 1, name: TenantName::new("main").unwrap(), operator: true };
        Principal { tenant, person: format!("p{n}"), roles: vec![Role::Content] }
    }

    #[test]
    fn a_token_found_is_believed_for_a_moment_and_the_cache_never_grows_past_its_bound() {
        let cache = TokenCache::default();
        assert_eq!(cache.get(&[1; 32]), None);
        cache.keep(&[1; 32], &principal(1));
        assert_eq!(cache.get(&[1; 32]), Some(principal(1)));
        cache.found.lock().unwrap().get_mut(&[1; 32]).unwrap().0 -= FRESH;
        assert_eq!(cache.get(&[1; 32]), None, "stale");
        for n in 0..=MOST {
            let mut hash = [0; 32];
            hash[..8].copy_from_slice(&(n as u64).to_le_bytes());
            cache.keep(&hash, &principal(2));
        }
        assert!(cache.found.lock().unwrap().len() <= MOST);
    }
}
