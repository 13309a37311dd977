//! The URL of a PostgreSQL store, and how it is shown: never with its password.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

/// How long a connection may take to open when the URL does not say (`connect_timeout`): an unreachable
/// server is an error soon, not a hang.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a store's URL was refused.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UrlError {
    /// Neither `sqlite` nor a PostgreSQL URL.
    #[error("'{shown}' is not a store: give `sqlite` or a URL such as `postgres://USER@HOST:5432/DATABASE`")]
    Unknown {
        /// The text, without a password.
        shown: String,
    },
    /// A PostgreSQL URL that does not parse.
    #[error("'{shown}' is not a valid PostgreSQL URL")]
    Invalid {
        /// The URL, without its password.
        shown: String,
        /// Why.
        #[source]
        source: postgres::Error,
    },
}

/// A PostgreSQL URL, such as `postgres://oz0@db.internal:5432/oz0`.
///
/// `sslmode=require` (or libpq's `verify-ca` and `verify-full`, which mean the same here) connects over
/// TLS and checks the server's certificate and name against the public roots and the CA certificates
/// of `sslrootcert=PATH` (PEM); `prefer`, the default, and `disable` connect in plain text.
#[derive(Clone)]
pub struct PostgresUrl {
    config: postgres::Config,
    shown: String,
    root_cert: Option<PathBuf>,
}

impl PostgresUrl {
    /// Returns the connection's settings.
    pub(crate) fn config(&self) -> &postgres::Config {
        &self.config
    }

    /// Returns the file of the CA certificates the server's certificate is checked against, besides
    /// the public roots.
    pub(crate) fn root_cert(&self) -> Option<&Path> {
        self.root_cert.as_deref()
    }

    /// Returns the URL of the database `name` on the same server, as the same user.
    pub fn with_database(&self, name: &str) -> Self {
        let mut config = self.config.clone();
        config.dbname(name);
        let base = self.shown.split('?').next().unwrap_or_default();
        let query = self.shown.strip_prefix(base).unwrap_or_default();
        // `scheme://` and the authority end before the path's first `/`.
        let after_scheme = base.find("://").map_or(0, |i| i + 3);
        let authority_end = base[after_scheme..].find('/').map_or(base.len(), |i| after_scheme + i);
        Self { config, shown: format!("{}/{name}{query}", &base[..authority_end]), root_cert: self.root_cert.clone() }
    }
}

impl std::fmt::Debug for PostgresUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("PostgresUrl").field(&self.shown).finish()
    }
}

impl std::fmt::Display for PostgresUrl {
    /// Writes the URL without its password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown)
    }
}

impl FromStr for PostgresUrl {
    type Err = UrlError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let shown = without_password(text);
        if !(text.starts_with("postgres://") || text.starts_with("postgresql://")) {
            return Err(UrlError::Unknown { shown });
        }
        // The PostgreSQL client knows neither `sslrootcert` nor libpq's `verify-*` modes: they are read here.
        let (base, query) = text.split_once('?').unwrap_or((text, ""));
        let mut root_cert = None;
        let mut kept = Vec::new();
        for pair in query.split('&').filter(|pair| !pair.is_empty()) {
            match pair.split_once('=') {
                Some(("sslrootcert", path)) => root_cert = Some(PathBuf::from(path)),
                Some(("sslmode", "verify-ca" | "verify-full")) => kept.push("sslmode=require"),
                _ => kept.push(pair),
            }
        }
        let text = if kept.is_empty() { base.to_owned() } else { format!("{base}?{}", kept.join("&")) };
        let mut config =
            postgres::Config::from_str(&text).map_err(|source| UrlError::Invalid { shown: shown.clone(), source })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        if config.get_application_name().is_none() {
            config.application_name("oz0-edge");
        }
        Ok(Self { config, shown, root_cert })
    }
}

/// Returns `url` without its password: the user's is cut from before the last `@` (which may cut more
/// of a URL whose query holds an `@`, never less), and a `password=` parameter is left out.
pub(crate) fn without_password(url: &str) -> String {
    let (scheme, rest) = match url.find("://") {
        Some(i) => url.split_at(i + 3),
        None => ("", url),
    };
    let rest = match rest.rfind('@') {
        Some(at) => {
            let user = rest[..at].split(':').next().unwrap_or_default();
            format!("{user}{}", &rest[at..])
        }
        None => rest.to_owned(),
    };
    let Some((base, query)) = rest.split_once('?') else { return format!("{scheme}{rest}") };
    let kept: Vec<&str> = query.split('&').filter(|pair| !pair.starts_with("password=")).collect();
    if kept.is_empty() { format!("{scheme}{base}") } else { format!("{scheme}{base}?{}", kept.join("&")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_never_shown() {
        for (url, shown) in [
            ("postgres://oz0:s3cret@db:5432/oz0", "postgres://oz0@db:5432/oz0"),
            ("postgres://oz0:p@ss/w?rd@db/oz0", "postgres://oz0@db/oz0"),
            ("postgres://oz0@db/oz0?password=s3cret&sslmode=disable", "postgres://oz0@db/oz0?sslmode=disable"),
            ("postgres://db/oz0?password=s3cret", "postgres://db/oz0"),
            ("postgres://127.0.0.1:5432/oz0", "postgres://127.0.0.1:5432/oz0"),
        ] {
            assert_eq!(without_password(url), shown, "{url}");
        }
    }

    #[test]
    fn a_database_of_the_same_server() {
        let url: PostgresUrl = "postgres://oz0:pw@127.0.0.1:5432/postgres?sslmode=disable".parse().unwrap();
        let other = url.with_database("scratch");
        assert_eq!(other.to_string(), "postgres://oz0@127.0.0.1:5432/scratch?sslmode=disable");
        assert_eq!(other.config().get_dbname(), Some("scratch"));
        assert_eq!(other.config().get_password(), Some(&b"pw"[..]));
        let bare: PostgresUrl = "postgres://oz0@127.0.0.1:5432".parse().unwrap();
        assert_eq!(bare.with_database("x").to_string(), "postgres://oz0@127.0.0.1:5432/x");
    }

    #[test]
    fn tls_is_asked_for_as_libpq_asks_and_its_root_certificate_named() {
        use postgres::config::SslMode;
        let url: PostgresUrl =
            "postgres://oz0@db/oz0?sslmode=verify-full&sslrootcert=/etc/oz0/ca.pem&application_name=x".parse().unwrap();
        assert_eq!(url.config().get_ssl_mode(), SslMode::Require);
        assert_eq!(url.root_cert(), Some(Path::new("/etc/oz0/ca.pem")));
        assert_eq!(url.config().get_application_name(), Some("x"));
        assert_eq!(url.with_database("y").root_cert(), Some(Path::new("/etc/oz0/ca.pem")));
        let plain: PostgresUrl = "postgres://oz0@db/oz0".parse().unwrap();
        assert_eq!((plain.config().get_ssl_mode(), plain.root_cert()), (SslMode::Prefer, None));
        assert!("postgres://oz0@db/oz0?sslmode=sometimes".parse::<PostgresUrl>().is_err());
    }

    #[test]
    fn a_bad_url_is_named_without_its_password() {
        let err = "postgres://oz0:s3cret@db:notaport/oz0".parse::<PostgresUrl>().unwrap_err().to_string();
        assert_eq!(err, "'postgres://oz0@db:notaport/oz0' is not a valid PostgreSQL URL");
    }
}
