//! A plugin's folder and its manifest, read by `lint`, `measure` and `install`, and its servers measured.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use oz0_core::manifest::{Document, LISTING_FILE, LISTING_FORMAT, Listing, MANIFEST_FILE, MAX_BYTES};
use oz0_toolhost::{MeasureError, Sandbox, ToolHostError, measure, tail};

use crate::edge::block_on;
use crate::error::CommandError;
use crate::ui;

/// A plugin's folder and its manifest, read.
pub(super) struct Plugin {
    /// The plugin's folder.
    pub dir: PathBuf,
    /// Its manifest's file.
    pub manifest_path: PathBuf,
    /// The manifest, read.
    pub document: Document,
}

impl Plugin {
    /// Reads the manifest of the plugin in `dir` (or the manifest file `dir` names).
    pub fn load(dir: Option<&Path>) -> Result<Self, CommandError> {
        let given = dir.unwrap_or(Path::new(""));
        let (dir, manifest_path) = if given.as_os_str().is_empty() {
            (PathBuf::from("."), PathBuf::from(MANIFEST_FILE))
        } else if given.is_file() {
            (
                given.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf(),
                given.to_path_buf(),
            )
        } else {
            (given.to_path_buf(), given.join(MANIFEST_FILE))
        };
        let bytes = read_limited(&manifest_path)?;
        let document = Document::from_bytes(&bytes).map_err(|err| {
            CommandError::usage(format!("cannot lint '{}'", manifest_path.display()))
                .caused_by(err)
                .hint("fix the manifest so that it is one YAML mapping, then lint again")
        })?;
        Ok(Self { dir, manifest_path, document })
    }

    /// Returns the file of the plugin's measured listing.
    pub fn listing_path(&self) -> PathBuf {
        self.dir.join(LISTING_FILE)
    }

    /// Returns the checked-in listing and whether it is older than the manifest, or `None` when there
    /// is none.
    pub fn read_listing(&self) -> Result<Option<(Listing, bool)>, CommandError> {
        let path = self.listing_path();
        let text = match fs_err::read_to_string(&path) {
            Ok(text) => text,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(err) => {
                return Err(CommandError::operational(format!("could not read '{}'", path.display())).caused_by(err));
            }
        };
        let bad = |err: Box<dyn std::error::Error + Send + Sync>| {
            CommandError::usage(format!("'{}' is not a listing oz0 can read", path.display()))
                .caused_by(err)
                .hint("measure again with `oz0 plugin measure`")
        };
        let listing: Listing = serde_json::from_str(&text).map_err(|err| bad(err.into()))?;
        if listing.format != LISTING_FORMAT {
            return Err(bad(format!("its format is {}, and this oz0 reads {LISTING_FORMAT}", listing.format).into()));
        }
        let modified = |p: &Path| fs_err::metadata(p).and_then(|m| m.modified()).ok();
        let older = matches!((modified(&path), modified(&self.manifest_path)), (Some(l), Some(m)) if l < m);
        Ok(Some((listing, older)))
    }

    /// Starts each local tool's server, lists its functions and stops it, and lists each remote tool's,
    /// `secrets` filled in where the manifest names them. The servers' `HOME` and `TMPDIR` are in a
    /// temporary folder, removed afterwards, so that they see none of the person's.
    pub fn measure(&self, timeout: Duration, secrets: &BTreeMap<String, String>) -> Result<Listing, CommandError> {
        let folder = tempfile::Builder::new()
            .prefix("oz0-measure-")
            .tempdir()
            .map_err(|err| CommandError::operational("could not make a folder for the servers").caused_by(err))?;
        let data = crate::edge::home().ok();
        let sandbox = Sandbox::new(folder.path().to_path_buf(), crate::edge::personal_confinement(data.as_deref()));
        let spinner = ui::spinner();
        let measured = block_on(async {
            measure(&self.document, &self.dir, &sandbox, secrets, timeout, |tool| {
                spinner.set_message(format!("starting `{}`", tool.id));
            })
            .await
            .map_err(server_error)
        });
        spinner.finish_and_clear();
        drop(folder);
        measured
    }
}

/// Returns the error of a server that could not be measured, with the end of its stderr.
fn server_error(err: MeasureError) -> CommandError {
    let stderr = err.source.stderr().map(|s| tail(s, 20).replace('\n', "\n    "));
    let timeout = matches!(err.source, ToolHostError::Timeout { .. });
    let mut error = CommandError::operational(format!("could not measure the tool `{}` (`{}`)", err.tool, err.server))
        .caused_by(err.source);
    if let Some(stderr) = stderr {
        error = error.hint(format!("the server's stderr ended with:\n    {stderr}"));
    }
    if timeout {
        error = error.hint("give it longer with --timeout SECONDS");
    }
    error
}

/// Reads a file of at most `MAX_BYTES` (and a byte more, so that a bigger one is told apart).
fn read_limited(path: &Path) -> Result<Vec<u8>, CommandError> {
    use std::io::Read;
    let file = fs_err::File::open(path).map_err(|err| {
        let not_found = err.kind() == std::io::ErrorKind::NotFound;
        let error = CommandError::usage(format!("cannot read '{}'", path.display())).caused_by(err);
        if not_found { error.hint(format!("a plugin's folder holds its manifest, {MANIFEST_FILE}")) } else { error }
    })?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| CommandError::operational(format!("could not read '{}'", path.display())).caused_by(err))?;
    Ok(bytes)
}

/// Parses a number of seconds from 1 up.
pub(super) fn parse_seconds(value: &str) -> Result<Duration, String> {
    match value.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("`{value}` is not a number of seconds from more than 0 up to 86400")),
    }
}

/// Reads each `--secret NAME=VALUE` or `NAME=@FILE`.
pub(super) fn secrets(given: &[String]) -> Result<BTreeMap<String, String>, CommandError> {
    let mut secrets = BTreeMap::new();
    for secret in given {
        let Some((name, value)) = secret.split_once('=').filter(|(name, _)| !name.is_empty()) else {
            return Err(CommandError::usage(format!(
                "--secret `{}` is not NAME=VALUE",
                secret.split('=').next().unwrap_or("")
            ))
            .hint("give a secret as NAME=VALUE, or NAME=@FILE to read it from a file"));
        };
        let value = match value.strip_prefix('@') {
            Some(path) => {
                let text = fs_err::read_to_string(path).map_err(|err| {
                    CommandError::usage(format!("could not read the secret `{name}` from '{path}'")).caused_by(err)
                })?;
                text.strip_suffix('\n').map(|t| t.strip_suffix('\r').unwrap_or(t)).unwrap_or(&text).to_owned()
            }
            None => value.to_owned(),
        };
        if secrets.insert(name.to_owned(), value).is_some() {
            return Err(CommandError::usage(format!("the secret `{name}` is given twice")));
        }
    }
    Ok(secrets)
}
