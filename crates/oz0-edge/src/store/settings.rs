//! The tenant's settings row, which the offload settings and the spending limits share.

use super::records::TenantRecord;
use super::sql::{Outcome, Sql};

/// Makes sure the tenant has a settings row and locks it until the transaction ends: a change that
/// reads the settings and writes them back never loses another node's change in between. A row made
/// here reads as no settings, and goes when a refused change rolls back.
pub(super) fn lock_settings(tx: &mut dyn Sql, tenant: &TenantRecord) -> Outcome<()> {
    tx.execute(
        "INSERT INTO tenant_settings (tenant_id) VALUES ($1) ON CONFLICT (tenant_id) DO NOTHING",
        &[&tenant.id],
    )?;
    tx.execute("SELECT 1 FROM tenant_settings WHERE tenant_id = $1 FOR UPDATE", &[&tenant.id])?;
    Ok(())
}
