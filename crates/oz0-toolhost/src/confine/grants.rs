//! What a server may reach: the system's folders, the runtime its command needs, its plugin's folder,
//! its own `HOME` and `TMPDIR`, and what its command line, manifest and call name; never what is
//! hidden.
//!
//! The runtime is found as the kernel would run the command: the program on the server's `PATH`, each
//! link on the way to the file, the interpreter of a script's `#!` line, a venv's base Python, each
//! with the prefix it runs from (the folder above its `bin`: a venv, `/usr/local`, a Node install). A
//! prefix is never a person's home or one of its XDG folders, which hold far more than a runtime.
//!
//! On an edge that tenants share, a path that a manifest, a command line or a call names is granted
//! only inside the folders its operator gives servers, since every tenant writes those.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use super::policy::{Access, Confinement, Grant};
use crate::command::ServerCommand;
use crate::error::ToolHostError;

/// The system's folders a server reads: programs, libraries, configuration, and `/sys`.
const SYSTEM: [&str; 11] =
    ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix/store", "/sys"];

/// The devices a server may read and write.
const DEVICES: [&str; 5] = ["/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"];

/// What the system keeps in the folders a server reads that no server may: password hashes, sudo's
/// rules, the host's SSH keys, private TLS keys, and an operator's oz0 configuration.
const SYSTEM_HIDDEN: [&str; 9] = [
    "/etc/shadow",
    "/etc/shadow-",
    "/etc/gshadow",
    "/etc/gshadow-",
    "/etc/sudoers",
    "/etc/sudoers.d",
    "/etc/ssh",
    "/etc/ssl/private",
    "/etc/oz0",
];

/// The folder names of a prefix's programs: a prefix is the folder above one.
const PROGRAM_FOLDERS: [&str; 3] = ["bin", "sbin", "shims"];

/// How many links, interpreters and venvs are followed from a command to its runtime.
const MAX_HOPS: usize = 16;

/// What a server may reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Plan {
    /// Its own folders, granted whole though they lie in the edge's hidden data folder.
    pub own: Vec<Grant>,
    /// The rest, each path canonical; whatever hidden lies under one is carved out of it.
    pub grants: Vec<Grant>,
    /// What no grant of `grants` reaches, each path canonical.
    pub hidden: Vec<PathBuf>,
    /// Whether it shares the edge's `/proc`, of which it is granted what is no process's own (the
    /// server's own is granted in its process, which alone knows its ID).
    pub shared_proc: bool,
}

/// Where a named path came from, for the error that refuses it.
#[derive(Debug, Clone, Copy)]
enum Source {
    CommandLine,
    Paths,
    Roots,
}

impl Source {
    fn describe(self) -> &'static str {
        match self {
            Source::CommandLine => "its command line",
            Source::Paths => "its manifest's `paths`",
            Source::Roots => "its `roots`",
        }
    }
}

/// Returns what the server `command` starts may reach, its `TMPDIR` being `tmp`; `shared_proc` when
/// it shares the edge's `/proc` (a server in a PID namespace of its own is given its own `/proc`
/// after it is made).
///
/// # Errors
///
/// Returns [`ToolHostError::Denied`] when the command, the manifest or the call names a path the server
/// may not be given: one that does not exist, one in what is hidden, or one its operator does not give
/// servers on a shared edge.
pub(crate) fn plan(command: &ServerCommand, tmp: &Path, shared_proc: bool) -> Result<Plan, ToolHostError> {
    let policy = &command.confinement;
    let hidden: Vec<PathBuf> = policy
        .hidden
        .iter()
        .map(PathBuf::as_path)
        .chain(SYSTEM_HIDDEN.iter().map(Path::new))
        .filter_map(|path| path.canonicalize().ok())
        .collect();
    let cwd = command.cwd.canonicalize().unwrap_or_else(|_| command.cwd.clone());
    let own = vec![
        Grant::read(cwd.clone()),
        Grant::read(canonical(&command.handed)),
        Grant::read_write(canonical(&command.home)),
        Grant::read_write(canonical(tmp)),
    ];
    let mut grants: Vec<Grant> = SYSTEM.iter().map(|p| Grant::read(*p)).collect();
    grants.extend(DEVICES.iter().map(|p| Grant::read_write(*p)));
    let path_var = command.path_variable();
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
    let guard = Guard { home: home.as_deref() };
    for prefix in runtime(&command.argv, &path_var, &cwd, &guard) {
        grants.extend(python_paths(&prefix).into_iter().filter(|p| !guard.too_wide(p)).map(Grant::read));
        grants.push(Grant::read(prefix));
    }
    let mut grants: Vec<Grant> = grants
        .into_iter()
        .filter_map(|grant| Some(Grant { path: grant.path.canonicalize().ok()?, access: grant.access }))
        .filter(|grant| !hidden.iter().any(|h| grant.path.starts_with(h)))
        .collect();
    for named in named(command, &cwd, &guard)? {
        let given = Given { policy, hidden: &hidden, own: &own, granted: &grants };
        if let Some(grant) = given.check(named)? {
            grants.push(grant);
        }
    }
    grants.sort();
    grants.dedup();
    Ok(Plan { own, grants, hidden, shared_proc })
}

/// Returns `path` canonical, or as it is when it cannot be resolved.
fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// What a prefix may not be: a person's home, a folder above it, or one of its XDG folders.
struct Guard<'a> {
    home: Option<&'a Path>,
}

impl Guard<'_> {
    /// Returns whether `folder` holds more than a runtime: `/`, the home, a folder above it, or one
    /// of its `.local`, `.config` and `.cache`.
    fn too_wide(&self, folder: &Path) -> bool {
        if folder.parent().is_none() {
            return true;
        }
        let Some(home) = self.home else { return false };
        home.starts_with(folder)
            || [".local", ".config", ".cache", ".local/share", ".local/state"].iter().any(|x| folder == home.join(x))
    }

    /// Returns the prefix a program runs from: the folder above its `bin`, or its own folder when it
    /// is in none, or when that would be too wide.
    fn prefix(&self, program: &Path) -> Option<PathBuf> {
        let folder = program.parent()?;
        let named = folder.file_name().and_then(OsStr::to_str).is_some_and(|n| PROGRAM_FOLDERS.contains(&n));
        match folder.parent() {
            Some(above) if named && !self.too_wide(above) => Some(above.to_path_buf()),
            _ if self.too_wide(folder) => None,
            _ => Some(folder.to_path_buf()),
        }
    }

    /// Returns the folder a file named on a command line brings with it: the outermost `node_modules`
    /// it is in (where its packages find each other), else its own folder; itself when that is too
    /// wide.
    fn folder_of_file(&self, file: &Path) -> PathBuf {
        let modules = file.ancestors().filter(|a| a.file_name() == Some(OsStr::new("node_modules"))).last();
        let folder = modules.or_else(|| file.parent()).map(Path::to_path_buf);
        match folder {
            Some(folder) if !self.too_wide(&folder) => folder,
            _ => file.to_path_buf(),
        }
    }
}

/// Returns the program `name` stands for: a path as it is (relative to `cwd`), else the first
/// executable file of that name in `path_var`'s absolute folders.
fn find_program(name: &str, path_var: &OsStr, cwd: &Path) -> Option<PathBuf> {
    if name.contains('/') {
        return Some(cwd.join(name));
    }
    std::env::split_paths(path_var)
        .filter(|folder| folder.is_absolute())
        .map(|folder| folder.join(name))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

/// Returns the prefixes of the runtime `argv` needs: its program's, each link's on the way to the
/// file, a venv's base Python's, and its `#!` interpreter's, the interpreter's own runtime included.
fn runtime(argv: &[String], path_var: &OsStr, cwd: &Path, guard: &Guard<'_>) -> Vec<PathBuf> {
    let mut prefixes: Vec<PathBuf> = Vec::new();
    let mut programs: Vec<PathBuf> = argv.first().and_then(|p| find_program(p, path_var, cwd)).into_iter().collect();
    let mut hops = 0;
    while let Some(mut program) = programs.pop() {
        // Each link on the way: a venv's `bin/python` is a link to its base's, and both are needed.
        loop {
            hops += 1;
            if hops > MAX_HOPS {
                return prefixes;
            }
            if let Some(prefix) = guard.prefix(&program).filter(|p| !prefixes.contains(p)) {
                if let Some(home) = venv_home(&prefix) {
                    programs.push(home.join("python"));
                }
                prefixes.push(prefix);
            }
            let Ok(target) = std::fs::read_link(&program) else { break };
            program = match program.parent() {
                Some(folder) if target.is_relative() => folder.join(target),
                _ => target,
            };
        }
        if let Some(interpreter) = interpreter(&program, path_var, cwd) {
            programs.push(interpreter);
        }
    }
    prefixes
}

/// Returns the folder of a venv's base Python, the `home` of its `pyvenv.cfg`.
fn venv_home(prefix: &Path) -> Option<PathBuf> {
    let config = std::fs::read_to_string(prefix.join("pyvenv.cfg")).ok()?;
    config.lines().find_map(|line| {
        let (key, value) = line.split_once('=')?;
        (key.trim() == "home").then(|| PathBuf::from(value.trim())).filter(|p| p.is_absolute())
    })
}

/// Returns the folders a Python prefix's `.pth` files add to its path, such as the source folder of a
/// package installed editable into a venv.
fn python_paths(prefix: &Path) -> Vec<PathBuf> {
    let Ok(versions) = std::fs::read_dir(prefix.join("lib")) else { return Vec::new() };
    let mut paths = Vec::new();
    for version in versions.flatten().filter(|v| v.file_name().to_string_lossy().starts_with("python")) {
        let Ok(files) = std::fs::read_dir(version.path().join("site-packages")) else { continue };
        for file in files.flatten().filter(|f| f.path().extension() == Some(OsStr::new("pth"))) {
            let text = std::fs::read_to_string(file.path()).unwrap_or_default();
            paths.extend(
                text.lines()
                    .map(str::trim)
                    .filter(|line| line.starts_with('/'))
                    .map(PathBuf::from)
                    .filter(|path| path.is_dir()),
            );
        }
    }
    paths
}

/// Returns the interpreter a script's `#!` line names, or the program it asks `env` for.
fn interpreter(script: &Path, path_var: &OsStr, cwd: &Path) -> Option<PathBuf> {
    use std::io::Read;
    let mut head = [0u8; 256];
    let n = std::fs::File::open(script).and_then(|mut f| f.read(&mut head)).ok()?;
    let line = head[..n].strip_prefix(b"#!")?;
    let line = line.split(|b| *b == b'\n').next()?;
    let line = std::str::from_utf8(line).ok()?;
    let mut words = line.split_whitespace();
    let first = PathBuf::from(words.next()?);
    if first.file_name() == Some(OsStr::new("env")) {
        let program = words.find(|w| !w.starts_with('-') && !w.contains('='))?;
        return find_program(program, path_var, cwd);
    }
    Some(first)
}

/// A path that a command line, a manifest or a call names.
struct Named {
    /// The path as named, canonical.
    path: PathBuf,
    /// What it brings: itself, or for a file on a command line the folder it needs.
    grant: Grant,
    source: Source,
}

/// Returns what the command line, the manifest's `paths` and the roots name: a command line's absolute
/// paths that exist (a folder, or a file with the folder it brings), and the declared paths and roots,
/// relative ones in the plugin's folder.
fn named(command: &ServerCommand, cwd: &Path, guard: &Guard<'_>) -> Result<Vec<Named>, ToolHostError> {
    let mut named = Vec::new();
    for arg in command.argv.iter().skip(1) {
        // `--folder=/srv/x` names a path as much as `/srv/x` does.
        let value = if arg.starts_with('-') { arg.split_once('=').map_or("", |(_, v)| v) } else { arg };
        let path = Path::new(value);
        if !path.is_absolute() {
            continue;
        }
        let Ok(path) = path.canonicalize() else { continue };
        let brings = if path.is_dir() { path.clone() } else { guard.folder_of_file(&path) };
        named.push(Named { path, grant: Grant::read(brings), source: Source::CommandLine });
    }
    let declared = command.paths.iter().map(|g| (g.clone(), Source::Paths));
    let roots = command.roots.iter().map(|r| (Grant::read(r.clone()), Source::Roots));
    for (grant, source) in declared.chain(roots) {
        let path = cwd.join(&grant.path);
        let path = path.canonicalize().map_err(|err| ToolHostError::Denied {
            path: grant.path.clone(),
            why: format!("{} names it, and it cannot be reached: {err}", source.describe()),
        })?;
        named.push(Named { path: path.clone(), grant: Grant { path, access: grant.access }, source });
    }
    Ok(named)
}

/// What decides whether a named path is given.
struct Given<'a> {
    policy: &'a Confinement,
    hidden: &'a [PathBuf],
    own: &'a [Grant],
    granted: &'a [Grant],
}

impl Given<'_> {
    /// Returns the grant to add for a named path, `None` when it is given already, or why it may not
    /// be. On a shared edge a file's folder beyond what the operator gives is narrowed to the file.
    fn check(&self, named: Named) -> Result<Option<Grant>, ToolHostError> {
        let Named { path, grant, source } = named;
        let covered = |grant: &Grant, grants: &[Grant]| {
            grants.iter().any(|g| grant.path.starts_with(&g.path) && g.access >= grant.access)
        };
        let denied = |why: String| ToolHostError::Denied { path: path.clone(), why };
        if let Some(own) = self.own.iter().find(|g| path.starts_with(&g.path)) {
            if own.access < grant.access {
                return Err(denied(format!(
                    "{} asks to write in the plugin's own folder, which its servers only read; write in HOME or \
                     TMPDIR",
                    source.describe()
                )));
            }
            return Ok(None);
        }
        if self.hidden.iter().any(|h| path.starts_with(h)) {
            return Err(denied(format!(
                "{} names it, and it lies in what no tool's server reaches (the edge's data folder, its key, or \
                 the system's secrets)",
                source.describe()
            )));
        }
        if covered(&grant, self.granted) {
            return Ok(None);
        }
        let Some(shared) = &self.policy.shared else { return Ok(Some(grant)) };
        if covered(&grant, shared) {
            return Ok(Some(grant));
        }
        let itself = Grant { path: path.clone(), access: grant.access };
        if covered(&itself, shared) {
            return Ok(Some(itself));
        }
        let (flag, verb) = match grant.access {
            Access::Read => ("--tools-may-read", "read"),
            Access::ReadWrite => ("--tools-may-write", "write"),
        };
        Err(denied(format!(
            "{} names it, and on this shared edge a tool's server is given only the folders its operator lets \
             servers {verb} (`oz0 edge serve {flag} DIR`)",
            source.describe()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn executable(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    fn command(dir: &Path, argv: &[&str], path: &Path) -> ServerCommand {
        let plugin = dir.join("data/plugins/1/p");
        std::fs::create_dir_all(&plugin).unwrap();
        let mut command =
            ServerCommand::new(argv.iter().map(|a| (*a).to_owned()).collect(), plugin, &dir.join("data/run/1/t"));
        command.env.push(("PATH".into(), path.display().to_string()));
        command.confinement.hidden = vec![dir.join("data")];
        std::fs::create_dir_all(&command.home).unwrap();
        command
    }

    fn reads(plan: &Plan, path: &Path) -> bool {
        let path = path.canonicalize().unwrap();
        plan.grants.iter().chain(&plan.own).any(|g| path.starts_with(&g.path))
    }

    #[test]
    fn a_venvs_python_brings_the_venv_and_its_base() {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().join("pythons/3.11");
        executable(&base.join("bin/python3.11"), "");
        let venv = dir.path().join("project/.venv");
        std::fs::create_dir_all(venv.join("bin")).unwrap();
        std::os::unix::fs::symlink(base.join("bin/python3.11"), venv.join("bin/python")).unwrap();
        std::fs::write(venv.join("pyvenv.cfg"), format!("home = {}\n", base.join("bin").display())).unwrap();
        let command = command(dir.path(), &["python", "server.py"], &venv.join("bin"));
        let tmp = dir.path().join("data/run/1/t/tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        let plan = plan(&command, &tmp, false).unwrap();
        assert!(reads(&plan, &venv), "{plan:?}");
        assert!(reads(&plan, &base), "{plan:?}");
        assert!(!reads(&plan, &dir.path().join("project")), "the venv's folder is not its prefix: {plan:?}");
        assert!(reads(&plan, &command.cwd));
        assert!(!reads(&plan, &dir.path().join("data")), "the data folder is hidden: {plan:?}");
    }

    #[test]
    fn a_scripts_interpreter_and_a_named_packages_folder_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let node = dir.path().join("node/bin/node");
        executable(&node, "");
        let bin = dir.path().join("tools/bin");
        executable(&bin.join("serve"), "#!/usr/bin/env node\n");
        let modules = dir.path().join("servers/node_modules");
        std::fs::create_dir_all(modules.join("pkg/dist")).unwrap();
        std::fs::write(modules.join("pkg/dist/index.js"), "").unwrap();
        let path = std::env::join_paths([bin.clone(), node.parent().unwrap().to_path_buf()]).unwrap();
        let script = modules.join("pkg/dist/index.js");
        let command =
            command(dir.path(), &["serve", script.to_str().unwrap(), "--flag=/nonexistent"], Path::new(&path));
        let tmp = dir.path().join("data/run/1/t/tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        let plan = plan(&command, &tmp, false).unwrap();
        assert!(reads(&plan, &dir.path().join("tools")), "{plan:?}");
        assert!(reads(&plan, &dir.path().join("node")), "the interpreter env asks for: {plan:?}");
        assert!(reads(&plan, &modules), "the packages beside the named file: {plan:?}");
        assert!(!reads(&plan, &dir.path().join("servers")), "{plan:?}");
    }

    #[test]
    fn a_named_path_in_the_data_folder_is_refused_and_a_shared_edge_gives_only_the_operators() {
        let dir = tempfile::tempdir().unwrap();
        let tmp = dir.path().join("data/run/1/t/tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        let store = dir.path().join("data/oz0.sqlite");
        std::fs::write(&store, "").unwrap();
        let command = command(dir.path(), &["cat", store.to_str().unwrap()], Path::new("/usr/bin:/bin"));
        let err = plan(&command, &tmp, false).unwrap_err().to_string();
        assert!(err.contains("oz0.sqlite"), "{err}");

        let shared = dir.path().join("shared");
        let elsewhere = dir.path().join("elsewhere");
        std::fs::create_dir_all(&shared).unwrap();
        std::fs::create_dir_all(&elsewhere).unwrap();
        let mut command = command;
        command.argv = vec!["cat".into()];
        command.confinement.shared = Some(vec![Grant::read(shared.canonicalize().unwrap())]);
        command.roots = vec![shared.clone()];
        assert!(reads(&plan(&command, &tmp, false).unwrap(), &shared));
        command.paths = vec![Grant::read_write(shared.clone())];
        let err = plan(&command, &tmp, false).unwrap_err();
        assert!(err.to_string().contains("may not") || matches!(err, ToolHostError::Denied { .. }), "{err}");
        command.paths = vec![Grant::read(elsewhere.clone())];
        let err = plan(&command, &tmp, false).unwrap_err();
        assert!(matches!(&err, ToolHostError::Denied { why, .. } if why.contains("--tools-may-read")), "{err}");
        command.paths = vec![Grant::read_write("cache")];
        std::fs::create_dir_all(command.cwd.join("cache")).unwrap();
        let err = plan(&command, &tmp, false).unwrap_err();
        assert!(matches!(&err, ToolHostError::Denied { why, .. } if why.contains("only read")), "{err}");
    }

    #[test]
    fn a_prefix_is_never_a_home_or_its_xdg_folders() {
        let guard = Guard { home: Some(Path::new("/home/ada")) };
        assert_eq!(guard.prefix(Path::new("/home/ada/.local/bin/uv")), Some(PathBuf::from("/home/ada/.local/bin")));
        assert_eq!(guard.prefix(Path::new("/home/ada/bin/tool")), Some(PathBuf::from("/home/ada/bin")));
        assert_eq!(guard.prefix(Path::new("/home/ada/.pyenv/shims/python")), Some(PathBuf::from("/home/ada/.pyenv")));
        assert_eq!(guard.prefix(Path::new("/usr/local/bin/node")), Some(PathBuf::from("/usr/local")));
        assert_eq!(guard.prefix(Path::new("/bin/sh")), Some(PathBuf::from("/bin")));
        assert_eq!(guard.folder_of_file(Path::new("/home/ada/server.py")), PathBuf::from("/home/ada/server.py"));
    }
}
