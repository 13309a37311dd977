//! A [`Plan`] as a Landlock ruleset: each grant a rule, and a grant that holds something hidden
//! carved around it: granted entry by entry, down to the hidden path, which gets none.

use std::os::fd::OwnedFd;
use std::path::Path;

use landlock::{
    ABI, Access as _, AccessFs, BitFlags, CompatLevel, Compatible, PathBeneath, PathFd, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, Scope,
};

use super::grants::Plan;
use super::policy::{Access, Grant};
use crate::error::ToolHostError;

/// The newest Landlock ABI whose rights oz0 asks for; an older kernel enforces what it knows of them.
pub(crate) const ABI: ABI = ABI::V7;

/// The most rules a server's ruleset holds: a grant carved around what it hides adds one an entry.
const MAX_RULES: usize = 10_000;

/// Returns the rights a grant gives on a folder.
pub(crate) fn rights(access: Access) -> BitFlags<AccessFs> {
    match access {
        Access::Read => AccessFs::from_read(ABI),
        Access::ReadWrite => AccessFs::from_all(ABI),
    }
}

/// Returns the ruleset of `plan`: every file-system right handled, signals and abstract sockets scoped
/// to the server's own domain; `None` when the kernel has no Landlock.
pub(crate) fn ruleset(plan: &Plan) -> Result<Option<OwnedFd>, ToolHostError> {
    let fail = |err: &dyn std::fmt::Display| ToolHostError::Confine { message: format!("its Landlock ruleset: {err}") };
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(ABI))
        .map_err(|e| fail(&e))?
        .scope(Scope::from_all(ABI))
        .map_err(|e| fail(&e))?
        .create()
        .map_err(|e| fail(&e))?;
    let mut rules = 0usize;
    for grant in &plan.own {
        ruleset = add(ruleset, &grant.path, grant.access, &mut rules)?;
    }
    for grant in &plan.grants {
        ruleset = carve(ruleset, grant, &plan.hidden, &mut rules)?;
    }
    if plan.shared_proc {
        ruleset = system_proc(ruleset, &mut rules)?;
    }
    Ok(ruleset.into())
}

/// Grants what the edge's `/proc` holds that is no process's own: the system's counters and settings
/// (`cpuinfo`, `meminfo`, `stat`, `sys`...), which runtimes read, never another process's folder,
/// which names its command line and more. The links (`self`, `net`, `mounts`) lead into the server's
/// own folder.
fn system_proc(mut ruleset: RulesetCreated, rules: &mut usize) -> Result<RulesetCreated, ToolHostError> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Ok(ruleset) };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let is_process = name.to_str().is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()));
        if is_process || entry.file_type().is_ok_and(|t| t.is_symlink()) {
            continue;
        }
        ruleset = add(ruleset, &entry.path(), Access::Read, rules)?;
    }
    Ok(ruleset)
}

/// Grants `grant`, carved around the hidden paths under it.
fn carve(
    mut ruleset: RulesetCreated,
    grant: &Grant,
    hidden: &[std::path::PathBuf],
    rules: &mut usize,
) -> Result<RulesetCreated, ToolHostError> {
    let path = &grant.path;
    if hidden.iter().any(|h| path.starts_with(h)) {
        return Ok(ruleset);
    }
    if !hidden.iter().any(|h| h.starts_with(path)) {
        return add(ruleset, path, grant.access, rules);
    }
    // The folder holds something hidden: each of its entries is granted but that one, and the folder
    // itself is not, so that a grant on it cannot reach down. A link is passed over: what it points
    // to is reached through its own path, or not at all.
    let Ok(entries) = std::fs::read_dir(path) else { return Ok(ruleset) };
    for entry in entries.flatten() {
        if entry.file_type().is_ok_and(|t| t.is_symlink()) {
            continue;
        }
        ruleset = carve(ruleset, &Grant { path: entry.path(), access: grant.access }, hidden, rules)?;
    }
    Ok(ruleset)
}

/// Adds the rule that grants `access` on `path`, a file's rights alone when it is not a folder.
fn add(
    ruleset: RulesetCreated,
    path: &Path,
    access: Access,
    rules: &mut usize,
) -> Result<RulesetCreated, ToolHostError> {
    let Ok(fd) = PathFd::new(path) else { return Ok(ruleset) };
    *rules += 1;
    if *rules > MAX_RULES {
        return Err(ToolHostError::Confine {
            message: format!(
                "its ruleset would hold more than {MAX_RULES} rules, carving `{}` around what it hides; give \
                 servers a narrower folder",
                path.display()
            ),
        });
    }
    let mut rights = rights(access);
    if !path.is_dir() {
        rights &= AccessFs::from_file(ABI);
    }
    ruleset
        .add_rule(PathBeneath::new(fd, rights))
        .map_err(|err| ToolHostError::Confine { message: format!("its Landlock rule for `{}`: {err}", path.display()) })
}
