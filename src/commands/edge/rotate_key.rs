//! `oz0 edge rotate-key`: a new edge key, and every plugin's secrets sealed again with it.

use std::path::PathBuf;

use clap::Args;
use oz0_core::api::{KeyKind, KeyStatus};
use oz0_edge::node::{NodeError, rotate_key};
use oz0_edge::sealing::rotation::NEW_KEY_VARIABLE;
use oz0_edge::sealing::{KEY_VARIABLE, KeySource};
use serde::Serialize;

use super::serve::{key_hint, not_opened, settings};
use crate::edge::{EdgeArgs, Place, home, place};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Replace the edge key that seals the plugins' secrets, and seal every secret again with the new key.
///
/// It works on a stopped edge's own files, on the edge's machine: give it the --data, --store and
/// --key-file (or OZ0_MASTER_KEY) that `oz0 edge serve` was given; left out, the embedded edge's under
/// $OZ0_HOME. It asks for no token: rotating the key is the operator's act, not a tenant admin's, and
/// whoever may read the key and the store is the operator. Stop the edge first, every node of a shared
/// PostgreSQL store: it refuses while a node holds a lease, and an edge left running refuses to seal
/// or open secrets until it is started again with the new key.
///
/// With a key file, the new key is written beside it (PATH.new, mode 0600), every secret is sealed
/// again in one transaction, then the new key is renamed over the old one: killed at any point, the
/// next start finishes or undoes it. Copy the new file to every node of a shared store.
///
/// With OZ0_MASTER_KEY, put the new key in OZ0_NEW_MASTER_KEY (`openssl rand -base64 32` makes one);
/// once every secret is sealed again, set OZ0_MASTER_KEY to it wherever the edge starts.
///
/// If the old key leaked, change the secrets themselves too: a backup of the store still opens with it.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct EdgeRotateKeyArgs {
    /// The folder of the edge's state, as `oz0 edge serve --data`; left out, $OZ0_HOME.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,

    /// The edge's store, as `oz0 edge serve --store`: `sqlite` (in --data; the default) or a PostgreSQL URL.
    #[arg(long, value_name = "URL", env = "OZ0_STORE", hide_env_values = true)]
    pub store: Option<String>,

    /// The file of the edge key, as `oz0 edge serve --key-file`; left out, `edge.key` in --data.
    #[arg(long, value_name = "PATH")]
    pub key_file: Option<PathBuf>,
}

const EXAMPLES: &str = "\
Examples:
  oz0 edge rotate-key --data /srv/oz0
  oz0 edge rotate-key --data /srv/oz0 --store postgres://oz0@db.internal:5432/oz0 --format json
  OZ0_NEW_MASTER_KEY=\"$(openssl rand -base64 32)\" oz0 edge rotate-key --store postgres://oz0@db.internal/oz0";

#[derive(Serialize)]
struct RotatedJson {
    old_key: String,
    new_key: String,
    resealed: usize,
    key: KeyStatus,
}

/// Runs `oz0 edge rotate-key`.
pub fn run(args: &EdgeRotateKeyArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let dir = match &args.data {
        Some(dir) => dir.clone(),
        None => {
            if let Place::Remote { url, .. } = place(edge)? {
                return Err(CommandError::usage(format!(
                    "`oz0 edge rotate-key` works on a stopped edge's own files, and the commands talk to the edge \
                     at {url}"
                ))
                .hint("run it on the edge's machine with the --data (and --store) its `oz0 edge serve` was given"));
            }
            home()?
        }
    };
    let settings = settings(dir, args.store.as_deref(), args.key_file.as_deref())?;
    let new = std::env::var(NEW_KEY_VARIABLE).ok().filter(|value| !value.trim().is_empty());
    ui::info("sealing every plugin's secrets again with a new key");
    let rotated = rotate_key(&settings, new.as_deref()).map_err(|err| match err {
        NodeError::Key(key) => {
            let hint = key_hint(&key);
            let error = CommandError::operational("could not rotate the edge key").caused_by(key);
            match hint {
                Some(hint) => error.hint(hint),
                None => error,
            }
        }
        err => not_opened(&settings, err),
    })?;
    let (kind, place) = match rotated.new.source() {
        KeySource::File(path) => (KeyKind::File, path.display().to_string()),
        KeySource::Variable(name) => (KeyKind::Variable, name.clone()),
    };
    let id = rotated.new.id().to_string();
    if kind == KeyKind::Variable {
        ui::warn(&format!(
            "set {KEY_VARIABLE} to the key in {NEW_KEY_VARIABLE} (ID {id}) wherever the edge starts, then unset \
             {NEW_KEY_VARIABLE}: the old key no longer opens the secrets"
        ));
    } else if settings.store_url().is_some() {
        ui::warn(&format!("copy {place} to every node of the shared store before starting them"));
    }
    if format == Format::Json {
        let key = KeyStatus { kind, place, id: id.clone() };
        return ui::print_json(&RotatedJson {
            old_key: rotated.old.to_string(),
            new_key: id,
            resealed: rotated.resealed,
            key,
        });
    }
    ui::print_text(&format!(
        "rotated the edge key from ID {} to ID {id}, in {}; sealed the secrets of {} plugin(s) again",
        rotated.old,
        rotated.new.source(),
        rotated.resealed
    ))?;
    Ok(())
}
