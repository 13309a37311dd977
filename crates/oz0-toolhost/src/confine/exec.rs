//! What a server's process does between its fork and its exec, and the probe of what the kernel
//! allows: the one place of the tool host that runs code in a child before exec.
//!
//! Between fork and exec, the child of a process with threads may make only async-signal-safe calls:
//! what runs here is system calls alone, on memory prepared by the parent (a ruleset's descriptor, the
//! maps to write), with nothing allocated and no lock taken. New processes are made with the raw
//! `clone` system call, which runs none of the C library's fork handlers.
//!
//! With namespaces, the child the edge started (the *relay*) makes them, then starts the server as
//! the first process of its PID namespace, and waits for it: it closes every descriptor it holds,
//! ignores the signals that stop a server gently, and exits as the server did. The server dies with
//! the relay (its parent-death signal), and everything in its namespace dies with the server.

#![allow(unsafe_code)]

use std::ffi::CStr;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};

use landlock::AccessFs;
use rustix::process::{Pid, Resource, Rlimit, Signal};
use rustix::thread::UnshareFlags;

use std::sync::OnceLock;

use super::policy::{Limits, Network};
use super::support::{CONFINE_VARIABLE, Namespaces, Support};

/// The room above a server's task limit that the kernel enforces: the [watchdog](super::watch) stops
/// a server at its limit, and the kernel refuses forks a little above it, however fast they come.
const TASK_HEADROOM: u32 = 64;

/// The least `pid_max` a PID namespace takes.
const MIN_PID_MAX: u32 = 512;

/// How far below its edge's a server's scheduling priority is (its nice value above): a server that
/// spins on every core still leaves the edge, and every tenant's calls, the larger share of the
/// processor. Without `CAP_SYS_NICE` it cannot raise it back.
const YIELD: i32 = 10;

/// The signals a server is asked to stop with, which the relay ignores so that it outlives its server.
const STOP_SIGNALS: [libc::c_int; 4] = [libc::SIGTERM, libc::SIGINT, libc::SIGHUP, libc::SIGQUIT];

/// What a server's process does before its exec, prepared by the edge.
#[derive(Debug)]
pub(crate) struct Setup {
    /// The edge, whose death the server's process follows.
    parent: Pid,
    /// The Landlock ruleset the server is restricted by; `None` runs it unconfined.
    ruleset: Option<OwnedFd>,
    /// The namespaces it is put in.
    namespaces: Namespaces,
    limits: Limits,
    /// The lines written to `/proc/self/uid_map` and `gid_map`, and to `pid_max`.
    uid_map: Vec<u8>,
    gid_map: Vec<u8>,
    pid_max: Vec<u8>,
    /// The rights on its own `/proc`, granted once it is mounted, or on its own folder of the edge's.
    proc_rights: u64,
    /// Its nice value: `YIELD` above the edge's, at most 19.
    nice: i32,
    /// The soft limit on its open descriptors: the one its edge started with, when the edge raised
    /// its own.
    descriptors: Option<u64>,
    /// The network it gets.
    network: Network,
    /// With a network of its own, the descriptor of the socket its proxy's listener is handed to the
    /// edge on; -1 otherwise.
    proxy: libc::c_int,
}

impl Setup {
    /// Returns the setup of a server restricted by `ruleset` (unconfined when `None`), in `namespaces`,
    /// within `limits`, with `network` (other than the machine's, which needs namespaces, and then its
    /// proxy's listener is handed to the edge on the socket `proxy`).
    pub(crate) fn new(
        ruleset: Option<OwnedFd>,
        namespaces: Namespaces,
        limits: Limits,
        network: Network,
        proxy: libc::c_int,
    ) -> Self {
        let (uid, gid) = (rustix::process::getuid().as_raw(), rustix::process::getgid().as_raw());
        let hard = limits.tasks.saturating_add(TASK_HEADROOM).max(MIN_PID_MAX);
        Self {
            parent: rustix::process::getpid(),
            ruleset,
            namespaces,
            limits,
            uid_map: format!("{uid} {uid} 1\n").into_bytes(),
            gid_map: format!("{gid} {gid} 1\n").into_bytes(),
            pid_max: format!("{hard}\n").into_bytes(),
            nice: rustix::process::getpriority_process(None).map_or(YIELD, |edge| (edge + YIELD).min(19)),
            proc_rights: (AccessFs::ReadFile | AccessFs::ReadDir).bits(),
            descriptors: super::server_descriptors(),
            network,
            proxy,
        }
    }

    /// Runs in the child: returns in the process that is to exec the server, confined.
    fn run(&self) -> io::Result<()> {
        close_inherited_on_exec();
        die_with(self.parent)?;
        rustix::process::setpriority_process(None, self.nice)?;
        if self.namespaces != Namespaces::None {
            self.enter()?;
        } else if let Some(ruleset) = &self.ruleset {
            // It shares the edge's /proc: of the processes' folders, it reads its own alone.
            let mut path = ProcPath::default();
            let own = rustix::fs::open(
                path.of(rustix::process::getpid()),
                rustix::fs::OFlags::PATH | rustix::fs::OFlags::CLOEXEC,
                rustix::fs::Mode::empty(),
            )?;
            add_path_rule(ruleset, &own, self.proc_rights)?;
        }
        self.restrict()
    }

    /// Makes the namespaces and starts the server's process in them, which returns; the relay never
    /// does.
    fn enter(&self) -> io::Result<()> {
        let user = self.namespaces == Namespaces::User;
        self.unshare().map_err(|(_, err)| err)?;
        if self.network != Network::Host {
            loopback_up()?;
            hand_listener(self.proxy)?;
        }
        set_signals(&STOP_SIGNALS, libc::SIG_IGN);
        let server = clone_process()?;
        if server != 0 {
            relay(server);
        }
        // The first process of its PID namespace: it dies with its relay, and stops as asked again.
        rustix::process::set_parent_process_death_signal(Some(Signal::KILL))?;
        set_signals(&STOP_SIGNALS, libc::SIG_DFL);
        mount_proc()?;
        if user {
            // Bounds its processes and threads; a kernel whose PID namespaces have no `pid_max` of their
            // own refuses the write, and the watchdog alone bounds them.
            let _ = write_file(c"/proc/sys/kernel/pid_max", &self.pid_max);
            // A user namespace of its own is a new set of capabilities, and the kernel's user
            // namespaces have been a way up before: it makes none (the limit is its namespace's).
            let _ = write_file(c"/proc/sys/user/max_user_namespaces", b"0");
        }
        if let Some(ruleset) = &self.ruleset {
            // A rule on the `/proc` the edge sees does not cover the one just mounted over it.
            let proc = rustix::fs::open(
                c"/proc",
                rustix::fs::OFlags::PATH | rustix::fs::OFlags::CLOEXEC,
                rustix::fs::Mode::empty(),
            )?;
            add_path_rule(ruleset, &proc, self.proc_rights)?;
        }
        Ok(())
    }

    /// Makes the namespaces this process's next child is put in: mount and PID, a network namespace
    /// unless it gets the machine's network, and a user namespace with this process's user mapped
    /// into it. Returns the step the kernel refused (1, or 2 for the map) with why.
    fn unshare(&self) -> Result<(), (libc::c_int, io::Error)> {
        let mut flags = UnshareFlags::NEWNS | UnshareFlags::NEWPID;
        if self.network != Network::Host {
            flags |= UnshareFlags::NEWNET;
        }
        let user = self.namespaces == Namespaces::User;
        if user {
            flags |= UnshareFlags::NEWUSER;
        }
        // SAFETY: this process has one thread (it was just forked), so no other thread shares its
        // descriptor table or file-system context.
        unsafe { rustix::thread::unshare_unsafe(flags) }.map_err(|err| (1, err.into()))?;
        if user {
            map_user(&self.uid_map, &self.gid_map).map_err(|err| (2, err))?;
        }
        Ok(())
    }

    /// Makes the namespaces and mounts a `/proc` in them, in a child of its own: returns 0, or the
    /// step that failed.
    fn probe(&self) -> libc::c_int {
        set_signals(&[libc::SIGCHLD], libc::SIG_DFL);
        if let Err((step, _)) = self.unshare() {
            return step;
        }
        let Ok(child) = clone_process() else { return 4 };
        if child == 0 {
            // SAFETY: ends the child.
            unsafe { libc::_exit(if mount_proc().is_ok() { 0 } else { 3 }) };
        }
        let mut status = 0;
        // SAFETY: waits for the child just started.
        unsafe { libc::waitpid(child, &raw mut status, 0) };
        if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { 4 }
    }

    /// Sets the server's limits, drops its capabilities and restricts it by its ruleset.
    fn restrict(&self) -> io::Result<()> {
        set_limit(Resource::Data, self.limits.memory)?;
        set_limit(Resource::Core, 0)?;
        if let Some(soft) = self.descriptors {
            let hard = rustix::process::getrlimit(Resource::Nofile).maximum;
            let soft = hard.map_or(soft, |hard| hard.min(soft));
            rustix::process::setrlimit(Resource::Nofile, Rlimit { current: Some(soft), maximum: hard })?;
        }
        if self.namespaces == Namespaces::User {
            // Counted in its own user namespace, for its user: its own processes alone.
            let hard = self.limits.tasks.saturating_add(TASK_HEADROOM).max(MIN_PID_MAX);
            set_limit(Resource::Nproc, u64::from(hard))?;
        }
        drop_capabilities();
        rustix::thread::set_no_new_privs(true)?;
        if let Some(ruleset) = &self.ruleset {
            // SAFETY: a plain system call on a descriptor this process holds.
            if unsafe { libc::syscall(libc::SYS_landlock_restrict_self, ruleset.as_raw_fd(), 0) } != 0 {
                return Err(io::Error::last_os_error());
            }
        }
        Ok(())
    }
}

/// Brings up the loopback interface of this process's new network namespace, which starts down: a
/// server may talk to itself over it, and to nothing else.
fn loopback_up() -> io::Result<()> {
    // SAFETY: system calls on a socket this function opens and closes, and a request it fills.
    unsafe {
        let socket = libc::socket(libc::AF_INET, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0);
        if socket < 0 {
            return Err(io::Error::last_os_error());
        }
        let mut request: libc::ifreq = std::mem::zeroed();
        for (to, from) in request.ifr_name.iter_mut().zip(b"lo\0") {
            *to = *from as libc::c_char;
        }
        request.ifr_ifru.ifru_flags = (libc::IFF_UP | libc::IFF_RUNNING) as libc::c_short;
        let done = libc::ioctl(socket, libc::SIOCSIFFLAGS, &raw mut request);
        let err = io::Error::last_os_error();
        libc::close(socket);
        if done < 0 { Err(err) } else { Ok(()) }
    }
}

/// Listens on the proxy's port of this process's new network namespace, and hands the listener to the
/// edge on `channel` (then closed): the edge serves the proxy on it, in the server's namespace.
fn hand_listener(channel: libc::c_int) -> io::Result<()> {
    // SAFETY: system calls on descriptors this function opens and closes (and `channel`, which is the
    // edge's to give), with a message built on its own stack.
    unsafe {
        let listener = libc::socket(libc::AF_INET, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0);
        if listener < 0 {
            return Err(io::Error::last_os_error());
        }
        let address = libc::sockaddr_in {
            sin_family: libc::AF_INET as libc::sa_family_t,
            sin_port: crate::proxy::PROXY_PORT.to_be(),
            sin_addr: libc::in_addr { s_addr: u32::from(std::net::Ipv4Addr::LOCALHOST).to_be() },
            sin_zero: [0; 8],
        };
        let size = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
        if libc::bind(listener, (&raw const address).cast(), size) != 0 || libc::listen(listener, 128) != 0 {
            let err = io::Error::last_os_error();
            libc::close(listener);
            return Err(err);
        }
        let mut byte = [0u8; 1];
        let mut data = libc::iovec { iov_base: byte.as_mut_ptr().cast(), iov_len: 1 };
        // Room for one descriptor's control message, aligned as the kernel reads it.
        let mut control = [0u64; 4];
        let mut message: libc::msghdr = std::mem::zeroed();
        message.msg_iov = &raw mut data;
        message.msg_iovlen = 1;
        message.msg_control = control.as_mut_ptr().cast();
        message.msg_controllen = libc::CMSG_SPACE(std::mem::size_of::<libc::c_int>() as u32) as _;
        let header = libc::CMSG_FIRSTHDR(&raw const message);
        (*header).cmsg_level = libc::SOL_SOCKET;
        (*header).cmsg_type = libc::SCM_RIGHTS;
        (*header).cmsg_len = libc::CMSG_LEN(std::mem::size_of::<libc::c_int>() as u32) as _;
        std::ptr::write_unaligned(libc::CMSG_DATA(header).cast::<libc::c_int>(), listener);
        let sent = libc::sendmsg(channel, &raw const message, libc::MSG_NOSIGNAL);
        let err = io::Error::last_os_error();
        libc::close(listener);
        libc::close(channel);
        if sent < 0 { Err(err) } else { Ok(()) }
    }
}

/// Makes this mount namespace's mounts private to it, and mounts its PID namespace's own `/proc`,
/// which lists no process its reader may not trace.
fn mount_proc() -> io::Result<()> {
    use rustix::mount::{MountFlags, MountPropagationFlags, mount, mount_change};
    mount_change(c"/", MountPropagationFlags::REC | MountPropagationFlags::PRIVATE)?;
    let flags = MountFlags::NOSUID | MountFlags::NODEV | MountFlags::NOEXEC;
    mount(c"proc", c"/proc", c"proc", flags, c"hidepid=invisible")?;
    Ok(())
}

/// Maps this process's user and group into the user namespace it just made. The edge is undumpable,
/// which makes its `/proc` entries root's: a user's process may write its own maps only while it is
/// dumpable, for that moment alone (the copy of the edge's memory it holds is its user's to read
/// meanwhile, and no one else's).
fn map_user(uid_map: &[u8], gid_map: &[u8]) -> io::Result<()> {
    use rustix::process::{DumpableBehavior, set_dumpable_behavior};
    set_dumpable_behavior(DumpableBehavior::Dumpable)?;
    let mapped = write_file(c"/proc/self/setgroups", b"deny")
        .and_then(|()| write_file(c"/proc/self/uid_map", uid_map))
        .and_then(|()| write_file(c"/proc/self/gid_map", gid_map));
    set_dumpable_behavior(DumpableBehavior::NotDumpable)?;
    mapped
}

/// Has `cmd` run `setup` in its child before exec.
pub(crate) fn arm(cmd: &mut tokio::process::Command, setup: Setup) {
    // SAFETY: `Setup::run` makes system calls alone, on memory the parent prepared: no allocation, no
    // lock (see the module's documentation).
    unsafe {
        cmd.pre_exec(move || setup.run());
    }
}

/// Marks every descriptor from 3 up to be closed when the server execs: it gets its stdio alone, and
/// never a descriptor its edge inherited from whoever started it (a supervisor's pipe, a log file, a
/// terminal), which Landlock would not keep it from, being open already. Marked rather than closed, so
/// that the descriptors the start itself needs until the exec stay open.
fn close_inherited_on_exec() {
    // SAFETY: plain system calls on this process's descriptors.
    unsafe {
        if libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, libc::CLOSE_RANGE_CLOEXEC) == 0 {
            return;
        }
        // Before Linux 5.11: each descriptor up to the process's limit, at most 65,536.
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        let most = if libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut limit) == 0 {
            limit.rlim_cur.min(1 << 16)
        } else {
            1 << 16
        };
        for fd in 3..most as libc::c_int {
            let flags = libc::fcntl(fd, libc::F_GETFD);
            if flags >= 0 && flags & libc::FD_CLOEXEC == 0 {
                libc::fcntl(fd, libc::F_SETFD, flags | libc::FD_CLOEXEC);
            }
        }
    }
}

/// Has the kernel kill this process when the thread that started it ends, which the tool host makes
/// the end of the edge; fails when the edge is already gone.
fn die_with(parent: Pid) -> io::Result<()> {
    rustix::process::set_parent_process_death_signal(Some(Signal::KILL))?;
    // The edge may have died before the signal was asked for, when it would never come.
    if rustix::process::getppid() != Some(parent) {
        return Err(rustix::io::Errno::SRCH.into());
    }
    Ok(())
}

/// Waits for the server and exits as it did, by the same signal or with its code. Holds no
/// descriptor, so that the server's pipes close when it ends, and its start is told when it execs.
fn relay(server: libc::pid_t) -> ! {
    close_descriptors();
    set_signals(&[libc::SIGCHLD], libc::SIG_DFL);
    let mut status = 0;
    loop {
        // SAFETY: plain system calls.
        let waited = unsafe { libc::waitpid(server, &raw mut status, 0) };
        if waited == server {
            break;
        }
        if waited < 0 && io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            // SAFETY: ends this process.
            unsafe { libc::_exit(127) };
        }
    }
    if libc::WIFSIGNALED(status) {
        let signal = libc::WTERMSIG(status);
        set_signals(&[signal], libc::SIG_DFL);
        // SAFETY: plain system calls; the exit follows should the signal not end the process.
        unsafe {
            libc::kill(libc::getpid(), signal);
            libc::_exit(128 + signal);
        }
    }
    // SAFETY: ends this process.
    unsafe { libc::_exit(libc::WEXITSTATUS(status)) }
}

/// Starts a copy of this process, as `fork` does but without the C library's handlers: returns the
/// child's ID in the parent and 0 in the child.
fn clone_process() -> io::Result<libc::pid_t> {
    // SAFETY: `clone` with no flags but the exit signal and no new stack is `fork`; the child goes on
    // from here on a copy of this stack, and makes system calls alone.
    let pid = unsafe { libc::syscall(libc::SYS_clone, libc::c_long::from(libc::SIGCHLD), 0, 0, 0, 0) };
    if pid < 0 {
        return Err(io::Error::last_os_error());
    }
    libc::pid_t::try_from(pid).map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))
}

/// Closes every descriptor of this process.
fn close_descriptors() {
    // SAFETY: plain system calls; this process uses none of its descriptors again.
    unsafe {
        if libc::syscall(libc::SYS_close_range, 0, libc::c_uint::MAX, 0) != 0 {
            for fd in 0..1024 {
                libc::close(fd);
            }
        }
    }
}

/// Sets how this process takes each of `signals`: ignored, or as by default.
fn set_signals(signals: &[libc::c_int], handler: libc::sighandler_t) {
    for signal in signals {
        // SAFETY: `signal` is async-signal-safe, and the handler is one of the kernel's dispositions.
        unsafe { libc::signal(*signal, handler) };
    }
}

/// Writes `bytes` to the file at `path` in one write.
fn write_file(path: &CStr, bytes: &[u8]) -> io::Result<()> {
    let fd =
        rustix::fs::open(path, rustix::fs::OFlags::WRONLY | rustix::fs::OFlags::CLOEXEC, rustix::fs::Mode::empty())?;
    rustix::io::write(&fd, bytes)?;
    Ok(())
}

/// Lowers a resource limit, soft and hard, to `value` (or keeps a lower hard limit).
fn set_limit(resource: Resource, value: u64) -> io::Result<()> {
    let current = rustix::process::getrlimit(resource);
    let value = current.maximum.map_or(value, |hard| hard.min(value));
    rustix::process::setrlimit(resource, Rlimit { current: Some(value), maximum: Some(value) })?;
    Ok(())
}

/// Empties the capability bounding and ambient sets, so that the server, root or not, holds no
/// capability after its exec. A process without `CAP_SETPCAP` (a user's, outside a user namespace)
/// has none to drop.
fn drop_capabilities() {
    for capability in 0..64 {
        // SAFETY: plain system calls; a capability the kernel does not know is refused with EINVAL.
        unsafe { libc::prctl(libc::PR_CAPBSET_DROP, capability, 0, 0, 0) };
    }
    // SAFETY: a plain system call.
    unsafe { libc::prctl(libc::PR_CAP_AMBIENT, libc::PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) };
}

/// `/proc/<pid>`, written without allocating.
#[derive(Default)]
struct ProcPath {
    bytes: [u8; 32],
}

impl ProcPath {
    /// Returns `/proc/<pid>` as a C string.
    fn of(&mut self, pid: Pid) -> &CStr {
        const PREFIX: &[u8] = b"/proc/";
        self.bytes[..PREFIX.len()].copy_from_slice(PREFIX);
        let mut digits = [0u8; 12];
        let mut n = pid.as_raw_nonzero().get().unsigned_abs();
        let mut len = 0;
        loop {
            // The remainder of a division by ten is a digit.
            digits[len] = b'0' + u8::try_from(n % 10).unwrap_or(0);
            len += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for i in 0..len {
            self.bytes[PREFIX.len() + i] = digits[len - 1 - i];
        }
        self.bytes[PREFIX.len() + len] = 0;
        CStr::from_bytes_until_nul(&self.bytes).unwrap_or(c"/proc/self")
    }
}

/// The kernel's `struct landlock_path_beneath_attr`.
#[repr(C, packed)]
struct PathBeneathAttr {
    allowed_access: u64,
    parent_fd: i32,
}

/// Adds to `ruleset` the rule that grants `rights` under the folder `folder`.
fn add_path_rule(ruleset: &OwnedFd, folder: &OwnedFd, rights: u64) -> io::Result<()> {
    const LANDLOCK_RULE_PATH_BENEATH: libc::c_long = 1;
    let attr = PathBeneathAttr { allowed_access: rights, parent_fd: folder.as_raw_fd() };
    // SAFETY: the attribute outlives the call, which only reads it.
    let added = unsafe {
        libc::syscall(libc::SYS_landlock_add_rule, ruleset.as_raw_fd(), LANDLOCK_RULE_PATH_BENEATH, &raw const attr, 0)
    };
    if added != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

impl Support {
    /// Returns what this kernel offers, asked once a process: the Landlock ABI, and whether a server
    /// can have namespaces of its own (by trying, in a child that makes them and exits); narrowed by
    /// [`CONFINE_VARIABLE`].
    pub fn detect() -> &'static Support {
        static SUPPORT: OnceLock<Support> = OnceLock::new();
        SUPPORT.get_or_init(|| {
            let narrowed = std::env::var(CONFINE_VARIABLE).unwrap_or_default();
            let asked = |why: &str| Some(format!("{why} ({CONFINE_VARIABLE}={narrowed})"));
            match narrowed.as_str() {
                "off" => Support { landlock: None, namespaces: Namespaces::None, namespaces_refused: asked("none") },
                "landlock" => Support {
                    namespaces: Namespaces::None,
                    namespaces_refused: asked("none asked for"),
                    ..probe(false)
                },
                "privileged" => probe(true),
                _ => probe(false),
            }
        })
    }
}

/// Returns what the kernel offers: its Landlock ABI, and the namespaces a child can make, tried; with
/// `privileged`, no user namespace.
fn probe(privileged: bool) -> Support {
    const LANDLOCK_CREATE_RULESET_VERSION: libc::c_long = 1;
    // SAFETY: asks the ABI version; no memory is passed.
    let abi = unsafe {
        libc::syscall(libc::SYS_landlock_create_ruleset, std::ptr::null::<u8>(), 0, LANDLOCK_CREATE_RULESET_VERSION)
    };
    let landlock = i32::try_from(abi).ok().filter(|abi| *abi >= 1);
    let user =
        if privileged { Err("no user namespace asked for".to_owned()) } else { try_namespaces(Namespaces::User) };
    let (namespaces, namespaces_refused) = match user {
        Ok(()) => (Namespaces::User, None),
        Err(user) if rustix::process::geteuid().is_root() => match try_namespaces(Namespaces::Privileged) {
            Ok(()) => (Namespaces::Privileged, Some(user)),
            Err(privileged) => (Namespaces::None, Some(format!("{user}; as root, {privileged}"))),
        },
        Err(user) => (Namespaces::None, Some(user)),
    };
    Support { landlock, namespaces, namespaces_refused }
}

/// Tries, in a child that then exits, what [`Setup::enter`] does: returns why the kernel refused.
fn try_namespaces(namespaces: Namespaces) -> Result<(), String> {
    let setup = Setup::new(None, namespaces, Limits::CEILING, Network::Host, -1);
    let child = clone_process().map_err(|err| format!("a child could not be started: {err}"))?;
    if child == 0 {
        let step = setup.probe();
        // SAFETY: ends the child.
        unsafe { libc::_exit(step) };
    }
    let mut status = 0;
    // SAFETY: waits for the child just started.
    while unsafe { libc::waitpid(child, &raw mut status, 0) } < 0 {
        if io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            return Err("the probe's child could not be waited for".to_owned());
        }
    }
    match libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)) {
        Some(0) => Ok(()),
        Some(1) => Err("the kernel refuses to make the namespaces".to_owned()),
        Some(2) => Err("the kernel refuses to map the user into a user namespace".to_owned()),
        Some(3) => Err("the kernel refuses to mount a /proc of the namespace's own".to_owned()),
        _ => Err("the probe's child failed".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_process_folder_is_named_without_allocating() {
        let mut path = ProcPath::default();
        let pid = Pid::from_raw(4_194_304).unwrap();
        assert_eq!(path.of(pid), c"/proc/4194304");
        assert_eq!(path.of(Pid::from_raw(7).unwrap()), c"/proc/7");
    }
}
