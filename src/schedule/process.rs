//! isl's scheduler in a process of its own.
//!
//! isl's scheduler has faults of its own: with `serialize_sccs` off
//! (maximal and smart fusion), its decomposition of a weakly connected
//! component into strongly connected ones reads uninitialised memory and
//! writes out of bounds on some dependence graphs, and `iotile` then died
//! of a segmentation fault on one run in two. So the `iotile` command runs
//! each scheduling in a child: the same executable, started with
//! [`WORKER_ARGUMENT`], gets the schedule constraints in isl's notation on
//! its standard input and prints the schedule tree on its standard output.
//! A child that dies gives the region no new schedule, as a scheduler that
//! fails does; one whose CPU time passes its share of the deadline is
//! killed, and the CPU time it took counts against the deadline.
//! The child computes with the same options and operation bound, from a
//! fresh count, on the same relations read back from their text; only the
//! order isl picks between independent components may differ from the
//! scheduler's in process (it follows isl's hash tables, which the text
//! refills), and it is the same on every run.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use isl_rs::{Schedule, ScheduleConstraints};

use super::{Computed, SchedulerOptions};
use crate::isl::{Clock, IslText, Session};

/// First argument that makes `iotile` a scheduling child (see [`serve`]).
pub const WORKER_ARGUMENT: &str = "--internal-isl-scheduler";

/// Exit status of a child whose scheduler found no schedule (failure or
/// operation bound).
const NOT_FOUND: i32 = 3;

/// How often the parent reads a child's CPU clock at least.
const POLL: Duration = Duration::from_millis(50);

/// A child that has taken this many times its CPU-time limit in wall time
/// (stopped, or starved of the processor) is killed too.
const STARVED: u32 = 10;

/// Exit status of a child that could not read its input.
const BAD_INPUT: i32 = 2;

/// Runs isl's scheduler on `constraints` in a child started from
/// `executable`, for at most `limit` of its CPU time, which is charged to
/// the session's deadline. Gives `None` when the child could
/// not be started (the caller then schedules in process).
pub fn compute(
    session: &Session,
    executable: &Path,
    constraints: &ScheduleConstraints,
    options: SchedulerOptions,
    limit: Option<Duration>,
) -> Option<Computed> {
    let mut child = Command::new(executable)
        .arg(WORKER_ARGUMENT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let _forwarded = crate::interrupt::RunningChild::new(child.id());
    let input = format!("{}\n{}", options.to_header(), constraints.isl_text());
    let (Some(mut stdin), Some(mut stdout)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        let _ = child.wait();
        return None;
    };
    // A child that dies early closes the pipe: the write then fails, and
    // its status tells why.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let (answered, answer) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        let _ = answered.send(text);
    });
    // The child's CPU time, read while it runs and once more before it is
    // reaped (a zombie's clock still reads), is what it costs the deadline.
    let clock = Clock::of_process(child.id());
    let started = Instant::now();
    let cpu = || clock.and_then(|clock| clock.read()).unwrap_or_else(|| started.elapsed());
    let text = match limit {
        Some(limit) => loop {
            match answer.recv_timeout(limit.saturating_sub(cpu()).clamp(Duration::from_millis(1), POLL)) {
                Ok(text) => break Some(text),
                Err(RecvTimeoutError::Disconnected) => break None,
                Err(RecvTimeoutError::Timeout) if cpu() >= limit || started.elapsed() >= limit * STARVED => break None,
                Err(RecvTimeoutError::Timeout) => {}
            }
        },
        None => answer.recv().ok(),
    };
    let spent = cpu();
    if text.is_none() {
        let _ = child.kill();
    }
    let status = child.wait();
    session.charge(spent);
    let _ = writer.join();
    let _ = reader.join();
    let (Some(text), Ok(status)) = (text, status) else { return Some(Computed::NotFound) };
    Some(match status.code() {
        Some(0) => match Schedule::read_from_str(session.ctx(), &text) {
            Ok(schedule) => Computed::Found(schedule),
            Err(_) => {
                session.reset_operations();
                Computed::Crashed("its schedule could not be read back".into())
            }
        },
        Some(NOT_FOUND) => Computed::NotFound,
        Some(BAD_INPUT) => Computed::Crashed("it could not read the schedule constraints".into()),
        Some(code) => Computed::Crashed(format!("it exited with status {code}")),
        None => {
            use std::os::unix::process::ExitStatusExt;
            match status.signal() {
                Some(signal) => Computed::Crashed(format!("it died of signal {signal}")),
                None => Computed::Crashed("it ended abnormally".into()),
            }
        }
    })
}

/// The child's side: reads the options header and the constraints from
/// standard input, schedules, and prints the schedule tree; gives the exit
/// status (0, [`NOT_FOUND`] or [`BAD_INPUT`]).
pub fn serve() -> i32 {
    let mut input = String::new();
    if std::io::stdin().read_to_string(&mut input).is_err() {
        return BAD_INPUT;
    }
    let Some((header, constraints)) = input.split_once('\n') else { return BAD_INPUT };
    let Some(options) = SchedulerOptions::from_header(header) else { return BAD_INPUT };
    let session = Session::new(options.max_operations, 0);
    options.apply(session.ctx());
    let Ok(constraints) = ScheduleConstraints::read_from_str(session.ctx(), constraints) else { return BAD_INPUT };
    session.reset_operations();
    let Ok(schedule) = constraints.compute_schedule() else { return NOT_FOUND };
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(schedule.isl_text().as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => 0,
        Err(_) => BAD_INPUT,
    }
}
