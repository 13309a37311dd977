//! A tenant named on the command line.

/// Parses a tenant's name, or `current`.
pub fn parse_tenant(value: &str) -> Result<oz0_core::api::Tenant, String> {
    value.parse().map_err(|err: oz0_core::api::NameError| err.to_string())
}
