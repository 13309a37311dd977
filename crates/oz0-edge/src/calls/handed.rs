//! The files handed to a call: copied from the file store into a folder of the call's own, in the
//! folder its tool's servers read handed files from, and removed when the call returns.

use std::path::Path;
use std::sync::Arc;

use oz0_core::api::{EdgeError, FileRef};

use crate::files::Blobs;
use crate::store::TenantRecord;

/// How the folders of the files handed to calls begin, in each tool's `handed/`.
pub(crate) const HANDED: &str = "call-";

/// A call's folder of the files handed to it, removed when dropped; named after this process's
/// [writer](crate::writers), so that a start removes the folders a killed process left.
pub(crate) struct Handed {
    folder: tempfile::TempDir,
    _writer: Arc<crate::writers::Writer>,
}

impl Handed {
    pub(crate) fn path(&self) -> &Path {
        self.folder.path()
    }
}

/// Copies the files, read from `blobs`, into a folder of the call's own in `into`, the folder its tool's servers read
/// handed files from, each named by its digest, their digests checked.
pub(crate) fn materialize(
    blobs: &dyn Blobs,
    root: &Path,
    tenant: &TenantRecord,
    files: &[FileRef],
    into: &Path,
) -> Result<Handed, EdgeError> {
    let made = |err| EdgeError::internal("could not make a folder for the call", err);
    crate::private::create_dir_all(into).map_err(made)?;
    let writer = crate::writers::join(&root.join("run")).map_err(made)?;
    let folder =
        tempfile::Builder::new().prefix(&format!("{}{}-", HANDED, writer.name())).tempdir_in(into).map_err(made)?;
    for file in files {
        let bytes = blobs.get(tenant.id, file).map_err(|err| EdgeError::internal("could not read a file", err))?;
        crate::private::write(&folder.path().join(file.hex()), &bytes)
            .map_err(|err| EdgeError::internal("could not hand a file to the call", err))?;
    }
    Ok(Handed { folder, _writer: writer })
}
