//! The edge's data folder is the edge's alone: the folder and every folder under it 0700, every file
//! in it 0600 (an executable a tool's server fetched keeps its owner's execute bit), whatever the
//! process's umask, which stays as it is: the embedded edge runs in the CLI, which writes a person's
//! own files too. A folder that an older oz0 made, or that someone loosened, is tightened at the start,
//! with everything in it.

use std::io;
use std::os::unix::fs::{DirBuilderExt as _, PermissionsExt as _};

use fs_err::os::unix::fs::OpenOptionsExt as _;
use std::path::Path;

/// The mode of the data folder and of every folder in it.
pub const FOLDER_MODE: u32 = 0o700;

/// The mode of every file the edge writes in its data folder.
pub const FILE_MODE: u32 = 0o600;

/// Returns `err` with the action and the path in its message, as `fs_err` does.
fn named(err: io::Error, action: &str, path: &Path) -> io::Error {
    io::Error::new(err.kind(), format!("failed to {action} '{}': {err}", path.display()))
}

/// Makes the data folder `dir` when missing (its missing parents as the umask says), mode 0700. When
/// it was not 0700, tightens it and everything in it; returns how many files and folders it changed.
pub fn make_private(dir: &Path) -> io::Result<usize> {
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs_err::create_dir_all(parent)?;
    }
    match std::fs::DirBuilder::new().mode(FOLDER_MODE).create(dir) {
        Ok(()) => {}
        Err(err) if err.kind() == io::ErrorKind::AlreadyExists && dir.is_dir() => {}
        Err(err) => return Err(named(err, "create the folder", dir)),
    }
    let meta = fs_err::metadata(dir)?;
    if meta.permissions().mode() & 0o777 == FOLDER_MODE {
        return Ok(0);
    }
    tighten_tree(dir)
}

/// Tightens `dir` and everything in it, not following links; returns how many it changed.
pub fn tighten_tree(dir: &Path) -> io::Result<usize> {
    let mut changed = usize::from(tighten(dir)?);
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs_err::read_dir(&folder)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_symlink() {
                continue;
            }
            changed += usize::from(tighten(&entry.path())?);
            if kind.is_dir() {
                folders.push(entry.path());
            }
        }
    }
    Ok(changed)
}

/// Tightens one path, when it exists: a folder to 0700, a file to 0600 and its owner's execute bit.
/// Returns whether it changed it.
pub fn tighten(path: &Path) -> io::Result<bool> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(err) => return Err(named(err, "read the metadata of", path)),
    };
    if meta.file_type().is_symlink() {
        return Ok(false);
    }
    let mode = meta.permissions().mode() & 0o7777;
    let wanted = if meta.is_dir() { FOLDER_MODE } else { FILE_MODE | (mode & 0o100) };
    if mode == wanted {
        return Ok(false);
    }
    fs_err::set_permissions(path, std::fs::Permissions::from_mode(wanted))?;
    Ok(true)
}

/// Makes the folder `path` and its missing parents, each 0700 whatever the umask.
pub fn create_dir_all(path: &Path) -> io::Result<()> {
    if path.is_dir() {
        return Ok(());
    }
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(FOLDER_MODE)
        .create(path)
        .map_err(|err| named(err, "create the folder", path))?;
    // The umask may have taken bits of the owner's too.
    fs_err::set_permissions(path, std::fs::Permissions::from_mode(FOLDER_MODE))
}

/// Creates the file `path`, which must not exist, mode 0600 whatever the umask, for writing.
pub fn create_new(path: &Path) -> io::Result<fs_err::File> {
    let file = fs_err::OpenOptions::new().write(true).create_new(true).mode(FILE_MODE).open(path)?;
    fs_err::set_permissions(path, std::fs::Permissions::from_mode(FILE_MODE))?;
    Ok(file)
}

/// Writes `bytes` to the file `path`, made or replaced, mode 0600 whatever the umask.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write as _;
    let mut file = fs_err::OpenOptions::new().write(true).create(true).truncate(true).mode(FILE_MODE).open(path)?;
    file.write_all(bytes)?;
    // A file that was there keeps its mode through `open`.
    fs_err::set_permissions(path, std::fs::Permissions::from_mode(FILE_MODE))
}

/// Makes what a rename or a new file in `dir` durable.
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    fs_err::File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::symlink_metadata(path).unwrap().permissions().mode() & 0o7777
    }

    #[test]
    fn a_new_folder_is_private_and_a_loose_one_is_tightened_with_what_it_holds() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("a/b/data");
        assert_eq!(make_private(&dir).unwrap(), 0);
        assert_eq!(mode(&dir), 0o700);

        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::create_dir_all(dir.join("files/1")).unwrap();
        std::fs::set_permissions(dir.join("files/1"), std::fs::Permissions::from_mode(0o777)).unwrap();
        std::fs::write(dir.join("oz0.sqlite"), b"x").unwrap();
        std::fs::set_permissions(dir.join("oz0.sqlite"), std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::write(dir.join("files/1/tool"), b"#!/bin/sh\n").unwrap();
        std::fs::set_permissions(dir.join("files/1/tool"), std::fs::Permissions::from_mode(0o755)).unwrap();
        std::os::unix::fs::symlink("/etc/hostname", dir.join("link")).unwrap();
        assert_eq!(make_private(&dir).unwrap(), 5);
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&dir.join("files")), 0o700);
        assert_eq!(mode(&dir.join("files/1")), 0o700);
        assert_eq!(mode(&dir.join("oz0.sqlite")), 0o600);
        assert_eq!(mode(&dir.join("files/1/tool")), 0o700, "an executable keeps its owner's execute bit");
        assert_eq!(make_private(&dir).unwrap(), 0, "a private folder is not walked again");
    }

    #[test]
    fn files_and_folders_are_made_private() {
        let root = tempfile::tempdir().unwrap();
        create_dir_all(&root.path().join("x/y")).unwrap();
        assert_eq!(mode(&root.path().join("x")), 0o700);
        assert_eq!(mode(&root.path().join("x/y")), 0o700);
        write(&root.path().join("x/f"), b"1").unwrap();
        assert_eq!(mode(&root.path().join("x/f")), 0o600);
        std::fs::set_permissions(root.path().join("x/f"), std::fs::Permissions::from_mode(0o644)).unwrap();
        write(&root.path().join("x/f"), b"2").unwrap();
        assert_eq!(mode(&root.path().join("x/f")), 0o600, "a file written again is tightened");
        drop(create_new(&root.path().join("x/g")).unwrap());
        assert_eq!(mode(&root.path().join("x/g")), 0o600);
        assert!(create_new(&root.path().join("x/g")).is_err());
    }
}
