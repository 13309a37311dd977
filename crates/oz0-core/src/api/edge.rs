//! The one interface every command that needs the platform goes through.

use std::future::Future;

use super::error::EdgeError;
use super::file::{FileRef, StoredFile, TreeId};
use super::names::Tenant;
use super::tenant::{AuditEntry, CreatedToken, OffloadChange, OffloadPatch, OffloadView, Status, TokenRequest};
use crate::offload::{Offload, Threshold};

/// The edge, as a caller with a tenant and roles sees it: in process (`oz0_edge::LocalEdge`) or over
/// HTTP (`oz0_client::Client`). Both answer alike, errors included.
///
/// A tenant the caller may not see, and a tree's file the caller may not read, answer
/// [`EdgeError::NotFound`] exactly as ones that do not exist.
pub trait Edge: Send + Sync {
    /// Returns who the caller is and what the edge is.
    fn status(&self) -> impl Future<Output = Result<Status, EdgeError>> + Send;

    /// Returns the tenant's offload settings and the thresholds they give.
    fn offload(&self, tenant: &Tenant) -> impl Future<Output = Result<OffloadView, EdgeError>> + Send;

    /// Changes the tenant's offload settings (admin only), refusing settings that contradict, and
    /// returns them before and after.
    fn set_offload(
        &self,
        tenant: &Tenant,
        patch: &OffloadPatch,
    ) -> impl Future<Output = Result<OffloadChange, EdgeError>> + Send;

    /// Returns the threshold an agent whose `offload` is `agent` would get in the tenant.
    fn threshold(
        &self,
        tenant: &Tenant,
        agent: Option<Offload>,
    ) -> impl Future<Output = Result<Threshold, EdgeError>> + Send;

    /// Returns the tenant's last `limit` audit entries, newest first (admin only).
    fn audit(&self, tenant: &Tenant, limit: u32) -> impl Future<Output = Result<Vec<AuditEntry>, EdgeError>> + Send;

    /// Creates a person with a token (admin only) and returns the token, shown this once.
    fn create_token(&self, request: &TokenRequest) -> impl Future<Output = Result<CreatedToken, EdgeError>> + Send;

    /// Stores `bytes` as a file of the tenant's job tree `tree` (content role).
    fn put_file(
        &self,
        tenant: &Tenant,
        tree: &TreeId,
        bytes: Vec<u8>,
    ) -> impl Future<Output = Result<StoredFile, EdgeError>> + Send;

    /// Returns a file of the tenant's job tree `tree`, its digest checked (content role).
    fn get_file(
        &self,
        tenant: &Tenant,
        tree: &TreeId,
        file: &FileRef,
    ) -> impl Future<Output = Result<Vec<u8>, EdgeError>> + Send;
}
