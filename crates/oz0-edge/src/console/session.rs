//! Who uses the console: a person signs in with a token once, and is then known by a session cookie
//! that holds a random ID, never the token. Sessions live in this process's memory: one node's
//! console keeps its own, and a restart signs everyone out.
//!
//! Every form carries the session's CSRF token, checked on every POST, and a POST whose `Origin` or
//! `Sec-Fetch-Site` names another site is refused before that.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use oz0_core::api::EdgeError;

use super::form::field;
use crate::store::Principal;

/// The session cookie's name.
pub const COOKIE: &str = "oz0_console";

/// The cookie that ties the sign-in form to the browser that loaded it, before there is a session.
pub const SIGN_IN_COOKIE: &str = "oz0_console_sign_in";

/// How long a session lasts from its sign-in.
pub const LIFETIME: Duration = Duration::from_secs(12 * 60 * 60);

/// How long a one-time sign-in code may wait to be used.
pub const CODE_LIFETIME: Duration = Duration::from_secs(5 * 60);

/// A person signed in to the console.
#[derive(Debug, Clone)]
pub struct Session {
    /// Who they are.
    pub principal: Principal,
    /// The token every form of theirs carries.
    pub csrf: String,
    expires: Instant,
}

/// The sessions and one-time sign-in codes of one console, kept by the digest of their IDs.
#[derive(Debug, Default)]
pub struct Sessions {
    sessions: Mutex<HashMap<[u8; 32], Session>>,
    codes: Mutex<HashMap<[u8; 32], (Principal, Instant)>>,
}

/// Returns 32 random bytes in hex.
pub fn random() -> Result<String, EdgeError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|err| EdgeError::internal("could not make a session", err))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl Sessions {
    /// Starts a session for `principal`, and returns its ID, for the cookie.
    pub fn start(&self, principal: Principal) -> Result<String, EdgeError> {
        let (id, csrf) = (random()?, random()?);
        let now = Instant::now();
        let mut sessions = self.sessions.lock().unwrap_or_else(PoisonError::into_inner);
        sessions.retain(|_, s| s.expires > now);
        sessions.insert(crate::token::hash(&id), Session { principal, csrf, expires: now + LIFETIME });
        Ok(id)
    }

    /// Returns the live session `id` names.
    pub fn get(&self, id: &str) -> Option<Session> {
        let sessions = self.sessions.lock().unwrap_or_else(PoisonError::into_inner);
        sessions.get(&crate::token::hash(id)).filter(|s| s.expires > Instant::now()).cloned()
    }

    /// Ends the session `id` names.
    pub fn end(&self, id: &str) {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner).remove(&crate::token::hash(id));
    }

    /// Returns a code that signs `principal` in once, within [`CODE_LIFETIME`].
    pub fn code(&self, principal: Principal) -> Result<String, EdgeError> {
        let code = random()?;
        let now = Instant::now();
        let mut codes = self.codes.lock().unwrap_or_else(PoisonError::into_inner);
        codes.retain(|_, (_, expires)| *expires > now);
        codes.insert(crate::token::hash(&code), (principal, now + CODE_LIFETIME));
        Ok(code)
    }

    /// Uses up `code`, and returns whom it signs in when it is live.
    pub fn redeem(&self, code: &str) -> Option<Principal> {
        let mut codes = self.codes.lock().unwrap_or_else(PoisonError::into_inner);
        codes.remove(&crate::token::hash(code)).filter(|(_, expires)| *expires > Instant::now()).map(|(p, _)| p)
    }
}

/// Returns the value of the cookie `name` of a request.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v)
}

/// Returns a `Set-Cookie` value for the console's path: HttpOnly, SameSite=Strict; `None` clears it.
pub fn set_cookie(name: &str, value: Option<&str>, max_age: Duration) -> HeaderValue {
    let text = match value {
        Some(value) => {
            format!("{name}={value}; HttpOnly; SameSite=Strict; Path=/console; Max-Age={}", max_age.as_secs())
        }
        None => format!("{name}=; HttpOnly; SameSite=Strict; Path=/console; Max-Age=0"),
    };
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static("oz0_console=; Max-Age=0"))
}

/// Returns whether two secrets are equal, in time that does not depend on where they differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Refuses a POST that another site sent: its `Origin` is not this host, or its `Sec-Fetch-Site` says
/// another site. A request with neither (a program's) is let through to the CSRF check.
pub fn check_origin(headers: &HeaderMap) -> Result<(), Refused> {
    let refused = || Refused("this form was sent from another site");
    if headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()).is_some_and(|v| v == "cross-site") {
        return Err(refused());
    }
    let Some(origin) = headers.get(header::ORIGIN) else { return Ok(()) };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|o| o.strip_prefix("http://").or_else(|| o.strip_prefix("https://")))
        .map(|o| o.trim_end_matches('/'));
    match (origin_host, host) {
        (Some(origin), Some(host)) if origin.eq_ignore_ascii_case(host) => Ok(()),
        _ => Err(refused()),
    }
}

/// A form refused before it was read: why, answered as a 403 page.
#[derive(Debug, Clone, Copy)]
pub struct Refused(pub &'static str);

/// Refuses a form whose CSRF token is not the session's.
pub fn check_csrf(session: &Session, fields: &[(String, String)]) -> Result<(), Refused> {
    match field(fields, "csrf") {
        Some(token) if same(token, &session.csrf) => Ok(()),
        _ => Err(Refused("the form's CSRF token is missing or not this session's: load the page again")),
    }
}

/// Returns where to go after signing in: `next` when it is a page of the console, else the jobs.
pub fn next_page(next: Option<&str>) -> String {
    match next {
        Some(next) if next.starts_with("/console/") && !next.starts_with("//") && !next.contains('\\') => {
            next.to_owned()
        }
        _ => "/console/jobs".to_owned(),
    }
}

/// Returns a 303 to `to` that starts the session `id`.
pub fn signed_in(id: &str, to: &str) -> Response {
    let mut response = Redirect::to(to).into_response();
    let headers = response.headers_mut();
    headers.append(header::SET_COOKIE, set_cookie(COOKIE, Some(id), LIFETIME));
    headers.append(header::SET_COOKIE, set_cookie(SIGN_IN_COOKIE, None, Duration::ZERO));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    response
}

/// The status of a refused sign-in.
pub const REFUSED: StatusCode = StatusCode::UNAUTHORIZED;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_consoles_pages_are_gone_back_to() {
        assert_eq!(next_page(Some("/console/jobs/J1")), "/console/jobs/J1");
        assert_eq!(next_page(Some("//evil.example/console/")), "/console/jobs");
        assert_eq!(next_page(Some("https://evil.example/")), "/console/jobs");
        assert_eq!(next_page(None), "/console/jobs");
    }

    #[test]
    fn another_sites_post_is_refused() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("127.0.0.1:7370"));
        assert!(check_origin(&headers).is_ok());
        headers.insert(header::ORIGIN, HeaderValue::from_static("http://127.0.0.1:7370"));
        assert!(check_origin(&headers).is_ok());
        headers.insert(header::ORIGIN, HeaderValue::from_static("http://evil.example"));
        assert!(check_origin(&headers).is_err());
        headers.insert(header::ORIGIN, HeaderValue::from_static("null"));
        assert!(check_origin(&headers).is_err());
        assert!(same("abc", "abc") && !same("abc", "abd") && !same("abc", "ab"));
    }
}
