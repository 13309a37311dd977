//! Checked names: tenants, roles.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why a name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{value}` is not a valid {what}: {rule}")]
pub struct NameError {
    /// What was named.
    pub what: &'static str,
    /// The name given.
    pub value: String,
    /// What a valid one looks like.
    pub rule: &'static str,
}

/// A tenant's name: a lowercase letter, then up to 62 lowercase letters, digits and `-`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TenantName(String);

impl TenantName {
    const RULE: &'static str = "a lowercase letter, then up to 62 lowercase letters, digits and `-`";

    /// Returns the name, or an error naming the rule it breaks. `current` is reserved.
    pub fn new(name: &str) -> Result<Self, NameError> {
        let bytes = name.as_bytes();
        let valid = (1..=63).contains(&bytes.len())
            && bytes[0].is_ascii_lowercase()
            && bytes.iter().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
            && name != Tenant::CURRENT;
        if valid {
            Ok(Self(name.to_owned()))
        } else {
            let rule = if name == Tenant::CURRENT { "`current` names the token's own tenant" } else { Self::RULE };
            Err(NameError { what: "tenant name", value: name.to_owned(), rule })
        }
    }

    /// Returns the name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TenantName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for TenantName {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::new(s)
    }
}

impl Serialize for TenantName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for TenantName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = Cow::<str>::deserialize(deserializer)?;
        Self::new(&name).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for TenantName {
    fn schema_name() -> Cow<'static, str> {
        "TenantName".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string", "pattern": "^[a-z][a-z0-9-]{0,62}$"})
    }
}

/// Which tenant a request is about: the token's own, or one by name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Tenant {
    /// The tenant of the token (or of the embedded edge's person).
    Current,
    /// A tenant by name; another tenant's answers exactly as one that does not exist.
    Named(TenantName),
}

impl Tenant {
    /// How a path names the token's own tenant.
    pub const CURRENT: &'static str = "current";

    /// Returns the path segment that names this tenant.
    pub fn segment(&self) -> &str {
        match self {
            Tenant::Current => Self::CURRENT,
            Tenant::Named(name) => name.as_str(),
        }
    }
}

impl FromStr for Tenant {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == Self::CURRENT { Ok(Tenant::Current) } else { TenantName::new(s).map(Tenant::Named) }
    }
}

impl fmt::Display for Tenant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.segment())
    }
}

/// What a person may do in their tenant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Change the tenant's settings, create tokens, read the audit log.
    Admin,
    /// Read and hand on job data: files, results.
    Content,
}

impl Role {
    /// Every role, in order.
    pub const ALL: [Role; 2] = [Role::Admin, Role::Content];

    /// Returns the role's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Content => "content",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Role {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "admin" => Ok(Role::Admin),
            "content" => Ok(Role::Content),
            _ => Err(NameError { what: "role", value: s.to_owned(), rule: "the roles are `admin` and `content`" }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenant_names() {
        for good in ["a", "local", "team-7", &"a".repeat(63)] {
            assert!(TenantName::new(good).is_ok(), "{good}");
        }
        for bad in ["", "A", "7team", "te am", "-a", "ü", &"a".repeat(64), "current"] {
            assert!(TenantName::new(bad).is_err(), "{bad}");
        }
        assert_eq!("current".parse::<Tenant>(), Ok(Tenant::Current));
        assert_eq!("main".parse::<Tenant>().map(|t| t.segment().to_owned()), Ok("main".to_owned()));
    }

    #[test]
    fn roles() {
        assert_eq!("admin".parse::<Role>(), Ok(Role::Admin));
        assert!("root".parse::<Role>().is_err());
        assert_eq!(serde_json::to_string(&Role::Content).unwrap(), r#""content""#);
    }
}
