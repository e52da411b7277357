//! What an interrupted iotile leaves behind: nothing.
//!
//! `iotile` writes outputs through temporary files and, in driver mode,
//! translates into a temporary directory and runs a compiler. A `SIGINT`
//! (Ctrl-C, or `make` stopping a parallel build), `SIGTERM` or `SIGHUP`
//! would otherwise kill the process before those temporaries are dropped.
//! [`install`] starts a thread that waits for those signals; on one it
//! passes the signal on to the running compiler and every program it
//! runs (they remove their own temporaries and partial outputs), deletes
//! every path registered with [`Temporary`], and then dies of the same
//! signal, so the caller (a shell, `make`) sees the usual status of an
//! interrupted command.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Mutex;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// Paths to delete when interrupted.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Process id of the compiler driver mode is waiting for (0: none).
static CHILD: AtomicI32 = AtomicI32::new(0);

/// The signal received (0: none yet), set before it is passed on.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Held while a received signal is passed on: the main thread, woken by
/// the compiler's exit, must not end the process before the compiler's
/// own children have got the signal too.
static FORWARDING: Mutex<()> = Mutex::new(());

/// The signals that end a run early.
pub const SIGNALS: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// Starts watching for [`SIGNALS`]. Without it (when the handler cannot be
/// installed) the signals keep their default action and only the cleanup
/// is lost, so a failure here is not an error.
pub fn install() {
    let Ok(mut signals) = Signals::new(SIGNALS) else { return };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let forwarding = FORWARDING.lock().unwrap_or_else(|e| e.into_inner());
            RECEIVED.store(signal, Ordering::SeqCst);
            forward_to_child(signal);
            drop(forwarding);
            die_of(signal);
        }
    });
}

/// `status`, unless a signal has been received: then the process dies of
/// it here. The compiler that got the signal passed on may exit normally
/// (a shell script's trap) before the watching thread has ended the
/// process; the caller's own exit would then report the compiler's code
/// and race the cleanup.
pub fn unless_interrupted(status: i32) -> i32 {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => status,
        signal => die_of(signal),
    }
}

/// Deletes every registered temporary and ends the process with `signal`'s
/// default action (also used by driver mode when the compiler itself was
/// interrupted).
pub fn die_of(signal: i32) -> ! {
    drop(FORWARDING.lock().unwrap_or_else(|e| e.into_inner()));
    remove_temporaries();
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    // Only reached for a signal whose default action is not to terminate.
    std::process::exit(128 + signal)
}

/// Deletes the registered temporaries, holding the list meanwhile: where
/// the watching thread and the main thread both end the process, the
/// second waits here until the first has deleted them all, and only then
/// dies.
fn remove_temporaries() {
    let mut paths = TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner());
    for path in paths.drain(..) {
        if path.is_dir() {
            let _ = std::fs::remove_dir_all(&path);
        } else {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Passes `signal` on to the running child and to every process it
/// started (a compiler driver's `cc1` and assembler, a script's
/// commands), as a terminal's Ctrl-C reaches its whole process group: a
/// compiler driver that dies of the signal does not always stop the
/// programs it runs, which would go on writing their temporaries.
fn forward_to_child(signal: i32) {
    let pid = CHILD.load(Ordering::SeqCst);
    if pid <= 0 {
        return;
    }
    let Ok(signal) = nix::sys::signal::Signal::try_from(signal) else { return };
    // The tree is read before anything is signalled: a parent that dies
    // first leaves its children to init, out of reach.
    for pid in std::iter::once(pid).chain(descendants(pid)) {
        let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), signal);
    }
}

/// The processes below `root` (children, their children, ...), from
/// `/proc`; none where it cannot be read.
fn descendants(root: i32) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    // (process, parent) of every process.
    let parents: Vec<(i32, i32)> = entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // `pid (command) state ppid ...`; the command may hold spaces
            // and parentheses.
            let after = &stat[stat.rfind(')')? + 1..];
            Some((pid, after.split_whitespace().nth(1)?.parse().ok()?))
        })
        .collect();
    let mut found = vec![root];
    let mut next = 0;
    while next < found.len() {
        let parent = found[next];
        found.extend(parents.iter().filter(|&&(pid, ppid)| ppid == parent && !found.contains(&pid)).map(|p| p.0).collect::<Vec<_>>());
        next += 1;
    }
    found.split_off(1)
}

/// A path deleted if the run is interrupted while this value lives; the
/// owner still deletes or keeps it as usual.
pub struct Temporary(PathBuf);

impl Temporary {
    /// Registers `path`.
    pub fn new(path: &Path) -> Temporary {
        TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner()).push(path.to_path_buf());
        Temporary(path.to_path_buf())
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        let mut list = TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(at) = list.iter().rposition(|p| *p == self.0) {
            list.swap_remove(at);
        }
    }
}

/// Marks `pid` as the compiler to pass signals on to, until the returned
/// value is dropped.
pub struct RunningChild(());

impl RunningChild {
    /// Registers the child process `pid`.
    pub fn new(pid: u32) -> RunningChild {
        CHILD.store(pid as i32, Ordering::SeqCst);
        RunningChild(())
    }
}

impl Drop for RunningChild {
    fn drop(&mut self) {
        CHILD.store(0, Ordering::SeqCst);
    }
}
