//! The isl layer: the only module of iotile that contains `unsafe` code.
//!
//! `isl-rs` binds most of isl; this module adds what it lacks — the AST
//! build (`isl_ast_build_*`), printing that frees the strings isl hands out,
//! identifier allocation and error-handling setup — behind safe wrappers,
//! and the CPU-time deadline that stops a long isl computation (its clocks
//! are read through libc, the only other foreign calls).
//! Ownership follows isl's annotations and is stated in each doc line:
//! *takes* (`__isl_take`, the Rust value is moved in and consumed), *borrows*
//! (`__isl_keep`, a `&` reference) and *gives* (`__isl_give`, a new owned value
//! that frees itself on drop). Every isl object must be dropped before the
//! [`Session`] that owns its `isl_ctx`; the pipeline guarantees this by
//! creating the session first and keeping every isl value inside it.

use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_void};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use isl_rs::{
    ASTExpr, ASTNode, ASTNodeType, Context, Id, Map, MultiUnionPwAff, Options, PwAff, Schedule, ScheduleConstraints, Set, Space, UnionMap,
    UnionSet, Val,
};
use libc::uintptr_t;

/// An isl operation failed; the message is isl's own.
#[derive(Debug, Clone)]
pub struct IslError(pub String);

impl std::fmt::Display for IslError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "isl: {}", self.0)
    }
}

impl From<isl_rs::LibISLError> for IslError {
    fn from(e: isl_rs::LibISLError) -> Self {
        IslError(format!("{e:?}"))
    }
}

pub type IslResult<T> = Result<T, IslError>;

extern "C" {
    fn isl_ctx_last_error_msg(ctx: uintptr_t) -> *const c_char;
    fn isl_ctx_reset_error(ctx: uintptr_t);
    fn isl_ctx_set_max_operations(ctx: uintptr_t, max_operations: std::os::raw::c_ulong);

    fn isl_id_alloc(ctx: uintptr_t, name: *const c_char, user: *mut c_void) -> uintptr_t;
    fn isl_id_list_alloc(ctx: uintptr_t, n: i32) -> uintptr_t;
    fn isl_id_list_add(list: uintptr_t, el: uintptr_t) -> uintptr_t;

    fn isl_ast_build_from_context(set: uintptr_t) -> uintptr_t;
    fn isl_ast_build_free(build: uintptr_t) -> uintptr_t;
    fn isl_ast_build_set_iterators(build: uintptr_t, iterators: uintptr_t) -> uintptr_t;
    fn isl_ast_build_node_from_schedule(build: uintptr_t, schedule: uintptr_t) -> uintptr_t;
    fn isl_ast_build_expr_from_pw_aff(build: uintptr_t, pa: uintptr_t) -> uintptr_t;
    fn isl_ast_build_expr_from_set(build: uintptr_t, set: uintptr_t) -> uintptr_t;
    fn isl_ast_build_get_ctx(build: uintptr_t) -> uintptr_t;
    fn isl_ast_build_get_schedule_space(build: uintptr_t) -> uintptr_t;
    fn isl_ast_build_get_schedule(build: uintptr_t) -> uintptr_t;
    fn isl_ast_build_set_before_each_mark(
        build: uintptr_t,
        f: extern "C" fn(mark: uintptr_t, build: uintptr_t, user: *mut c_void) -> i32,
        user: *mut c_void,
    ) -> uintptr_t;
    fn isl_ast_build_set_after_each_mark(
        build: uintptr_t,
        f: extern "C" fn(node: uintptr_t, build: uintptr_t, user: *mut c_void) -> uintptr_t,
        user: *mut c_void,
    ) -> uintptr_t;
    fn isl_ast_node_set_annotation(node: uintptr_t, annotation: uintptr_t) -> uintptr_t;
    fn isl_ast_node_free(node: uintptr_t) -> uintptr_t;
    fn isl_ast_node_get_ctx(node: uintptr_t) -> uintptr_t;
    fn isl_ast_node_get_annotation(node: uintptr_t) -> uintptr_t;
    fn isl_id_get_name(id: uintptr_t) -> *const c_char;
    fn isl_id_free(id: uintptr_t) -> uintptr_t;

    fn isl_ast_node_get_type(node: uintptr_t) -> i32;

    fn isl_set_to_str(set: uintptr_t) -> *mut c_char;
    fn isl_union_set_to_str(uset: uintptr_t) -> *mut c_char;
    fn isl_map_to_str(map: uintptr_t) -> *mut c_char;
    fn isl_union_map_to_str(umap: uintptr_t) -> *mut c_char;
    fn isl_pw_aff_to_str(pa: uintptr_t) -> *mut c_char;
    fn isl_multi_union_pw_aff_to_str(mupa: uintptr_t) -> *mut c_char;
    fn isl_schedule_to_str(schedule: uintptr_t) -> *mut c_char;
    fn isl_schedule_constraints_to_str(sc: uintptr_t) -> *mut c_char;
    fn isl_ast_expr_to_C_str(expr: uintptr_t) -> *mut c_char;
    fn isl_ast_node_to_C_str(node: uintptr_t) -> *mut c_char;
}

/// `isl_on_error` value that makes isl return NULL silently instead of
/// printing to stderr; the wrappers turn that NULL into an [`IslError`].
const ISL_ON_ERROR_CONTINUE: i32 = 1;

/// How often a deadline's watchdog reads its clock at least.
const WATCHDOG_POLL: Duration = Duration::from_millis(100);

/// Owns the `isl_ctx` of one iotile run.
pub struct Session {
    ctx: Context,
    /// CPU-time limit of [`Session::within_deadline`] (`None`: unbounded).
    deadline: Option<Duration>,
    /// What the [`Session::within_deadline`] call in progress leaves out
    /// of its clock and adds to it.
    ledger: Arc<Ledger>,
    /// The clock of the [`Session::within_deadline`] call in progress and
    /// its reading when the call began.
    started: Mutex<Option<(Clock, Duration)>>,
    /// The `iotile` executable that runs isl's scheduler in a process of
    /// its own (`None`: the scheduler runs in this one); see
    /// [`crate::schedule::process`].
    scheduler_process: Option<std::path::PathBuf>,
}

/// What a deadline's clock counts besides the CPU time of the thread it
/// watches: work outside the deadline left out (and whether some runs
/// now), and the CPU time of child processes that worked for it added, in
/// nanoseconds.
#[derive(Default)]
struct Ledger {
    outside: AtomicBool,
    excluded: AtomicU64,
    charged: AtomicU64,
}

impl Ledger {
    /// `used`, the watched thread's CPU time, with the charged time added
    /// and the excluded time taken away.
    fn adjust(&self, used: Duration) -> Duration {
        let charged = Duration::from_nanos(self.charged.load(Ordering::SeqCst));
        let excluded = Duration::from_nanos(self.excluded.load(Ordering::SeqCst));
        (used + charged).saturating_sub(excluded)
    }
}

/// The clock of a deadline: the CPU time of one thread or one process
/// (`clock_gettime` on the clock `pthread_getcpuclockid` or
/// `clock_getcpuclockid` names), so that a region's fate does not depend
/// on how loaded the machine is; wall time where no CPU clock is at hand.
#[derive(Clone, Copy)]
pub enum Clock {
    Cpu(libc::clockid_t),
    Wall(Instant),
}

impl Clock {
    /// The CPU clock of the calling thread; it may be read from any
    /// thread of the process.
    pub fn this_thread() -> Clock {
        let mut id: libc::clockid_t = 0;
        // SAFETY: `pthread_self` names the calling thread, which is alive;
        // the call only writes `id`.
        let status = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) };
        if status == 0 {
            Clock::Cpu(id)
        } else {
            Clock::Wall(Instant::now())
        }
    }

    /// The CPU clock of the process `pid` (a child of this one); `None`
    /// when the system gives none.
    pub fn of_process(pid: u32) -> Option<Clock> {
        let pid = libc::pid_t::try_from(pid).ok()?;
        let mut id: libc::clockid_t = 0;
        // SAFETY: the call only writes `id`.
        let status = unsafe { libc::clock_getcpuclockid(pid, &mut id) };
        (status == 0).then_some(Clock::Cpu(id))
    }

    /// The time the clock has counted (for a wall clock, since it was
    /// made); `None` when it cannot be read (a process that has been
    /// reaped).
    pub fn read(&self) -> Option<Duration> {
        match *self {
            Clock::Cpu(id) => {
                let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
                // SAFETY: the call only writes `now`.
                let status = unsafe { libc::clock_gettime(id, &mut now) };
                let (seconds, nanos) = (u64::try_from(now.tv_sec).ok()?, u32::try_from(now.tv_nsec).ok()?);
                (status == 0).then(|| Duration::new(seconds, nanos))
            }
            Clock::Wall(since) => Some(since.elapsed()),
        }
    }
}

impl Session {
    /// Gives a fresh context whose computations are bounded by
    /// `max_operations` (`isl_ctx_set_max_operations`; 0 means unbounded)
    /// and, in [`Session::within_deadline`], by `max_seconds` of CPU time
    /// (0: unbounded).
    pub fn new(max_operations: u64, max_seconds: u64) -> Session {
        let ctx = Context::alloc();
        // The option setters only fail on a NULL context.
        let _ = Options::set_on_error(&ctx, ISL_ON_ERROR_CONTINUE);
        let _ = Options::set_ast_iterator_type(&ctx, "int");
        // Point loops of a tile run over the original iterator values
        // (c3 from c0 to c0 + 31), not from 0, so subscripts stay simple.
        let _ = Options::set_tile_shift_point_loops(&ctx, 0);
        ctx.set_max_operations(max_operations);
        let deadline = (max_seconds > 0).then(|| Duration::from_secs(max_seconds));
        Session { ctx, deadline, ledger: Default::default(), started: Default::default(), scheduler_process: None }
    }

    /// Gives the session with isl's scheduler run by `executable` (the
    /// running `iotile`, given by the command's entry point only), in a
    /// process of its own: a fault inside isl's scheduler then costs the
    /// region its new schedule, not the whole run.
    pub fn with_scheduler_process(mut self, executable: Option<std::path::PathBuf>) -> Session {
        self.scheduler_process = executable;
        self
    }

    /// The executable that runs isl's scheduler apart, if any.
    pub fn scheduler_process(&self) -> Option<&std::path::Path> {
        self.scheduler_process.as_deref()
    }

    /// The bound on isl operations (0: none).
    pub fn max_operations(&self) -> u64 {
        self.ctx.get_max_operations()
    }

    /// The CPU-time limit of [`Session::within_deadline`] in seconds (0: none).
    pub fn max_seconds(&self) -> u64 {
        self.deadline.map_or(0, |d| d.as_secs())
    }

    /// Runs `work` under the session's limit on CPU time (the calling
    /// thread's, plus what [`Session::charge`] adds, less what
    /// [`Session::outside_deadline`] leaves out): when it has used more,
    /// a watchdog thread lowers the context's operation bound to one,
    /// again every few milliseconds until `work` returns (a refinement
    /// under [`within_operations`] restores its own bound when it ends), so
    /// that the isl call in progress fails at its next operation with a
    /// quota error. (`isl_ctx_abort` would be the direct way, but the error
    /// it leaves has no message, and `isl-rs` reads a null message pointer
    /// after a failed `compute_schedule`.) Gives what `work` gave and
    /// whether the limit was hit; the context has its own bound back
    /// afterwards. The operation bound alone does not bound time: the
    /// scheduler's Farkas elimination counts one operation per pivot, and
    /// pivots on long rows of large coefficients took a minute for two
    /// million of them on random programs. CPU time, not wall time, so
    /// that a loaded machine (`make -j` on two cores) gets the same code,
    /// short of CPU time itself slowing under load.
    pub fn within_deadline<T>(&self, work: impl FnOnce() -> T) -> (T, bool) {
        let Some(limit) = self.deadline else { return (work(), false) };
        self.ledger.excluded.store(0, Ordering::SeqCst);
        self.ledger.charged.store(0, Ordering::SeqCst);
        let clock = Clock::this_thread();
        *self.started.lock().unwrap_or_else(|e| e.into_inner()) = Some((clock, clock.read().unwrap_or_default()));
        let out = self.within(limit, Some(Arc::clone(&self.ledger)), work);
        *self.started.lock().unwrap_or_else(|e| e.into_inner()) = None;
        out
    }

    /// Runs `work`, a step with a cheaper alternative, under a `share` of
    /// the CPU time left to the [`Session::within_deadline`] call in
    /// progress, so that a step that would take the rest of the deadline
    /// leaves time for the alternative. Gives what `work` gave and whether
    /// its share ran out (never outside a deadline); the context has its
    /// bound, a fresh count and no error afterwards when it did.
    pub fn within_share<T>(&self, share: f64, work: impl FnOnce() -> T) -> (T, bool) {
        match self.share_left(share) {
            Some(limit) => self.within(limit, None, work),
            None => (work(), false),
        }
    }

    /// A `share` of the CPU time left to the [`Session::within_deadline`]
    /// call in progress (`None` outside one, or without a deadline).
    pub fn share_left(&self, share: f64) -> Option<Duration> {
        let (clock, start) = (*self.started.lock().unwrap_or_else(|e| e.into_inner()))?;
        let limit = self.deadline?;
        let used = self.ledger.adjust(clock.read()?.saturating_sub(start));
        Some(limit.saturating_sub(used).mul_f64(share))
    }

    /// Adds `cpu`, the CPU time a child process spent on the
    /// [`Session::within_deadline`] call in progress, to its clock.
    pub fn charge(&self, cpu: Duration) {
        let nanos = u64::try_from(cpu.as_nanos()).unwrap_or(u64::MAX);
        self.ledger.charged.fetch_add(nanos, Ordering::SeqCst);
    }

    /// Runs `work`; once the calling thread has used `limit` of CPU time
    /// (adjusted by `ledger`), a watchdog thread lowers the context's
    /// operation bound to one, again every few milliseconds until `work`
    /// returns. Gives what `work` gave and whether the limit was hit.
    fn within<T>(&self, limit: Duration, ledger: Option<Arc<Ledger>>, work: impl FnOnce() -> T) -> (T, bool) {
        let own = self.ctx.get_max_operations();
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let address = self.ctx.ptr;
        let clock = Clock::this_thread();
        let start = clock.read().unwrap_or_default();
        let watchdog = std::thread::spawn(move || {
            let mut wait = limit.min(WATCHDOG_POLL);
            let mut expired = false;
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(wait) {
                if !expired {
                    if ledger.as_ref().is_some_and(|l| l.outside.load(Ordering::SeqCst)) {
                        wait = Duration::from_millis(5);
                        continue;
                    }
                    let used = clock.read().unwrap_or_default().saturating_sub(start);
                    let used = ledger.as_ref().map_or(used, |l| l.adjust(used));
                    // A thread's CPU time grows no faster than wall time,
                    // so waiting for what is left wakes no later than the
                    // limit, or than a charge's effect by more than a poll.
                    if let Some(left) = limit.checked_sub(used).filter(|d| !d.is_zero()) {
                        wait = left.min(WATCHDOG_POLL);
                        continue;
                    }
                }
                // SAFETY: this only stores the bound, which the computation
                // reads at every operation; the context outlives this
                // thread, which is joined before `within` returns.
                unsafe { isl_ctx_set_max_operations(address, 1) };
                expired = true;
                wait = Duration::from_millis(5);
            }
            expired
        });
        let out = work();
        let _ = stop.send(());
        let expired = watchdog.join().unwrap_or(true);
        self.ctx.set_max_operations(own);
        if expired {
            self.reset_operations();
        }
        (out, expired)
    }

    /// Runs `work` without counting its CPU time against the deadline of
    /// the [`Session::within_deadline`] call in progress: for what only
    /// the dumps and reports show, so that asking for them cannot change
    /// what is generated.
    pub fn outside_deadline<T>(&self, work: impl FnOnce() -> T) -> T {
        let clock = Clock::this_thread();
        let start = clock.read().unwrap_or_default();
        self.ledger.outside.store(true, Ordering::SeqCst);
        let out = work();
        let spent = clock.read().unwrap_or_default().saturating_sub(start);
        self.ledger.excluded.fetch_add(u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX), Ordering::SeqCst);
        self.ledger.outside.store(false, Ordering::SeqCst);
        out
    }

    /// Borrows the context.
    pub fn ctx(&self) -> &Context {
        &self.ctx
    }

    /// Restarts the operation count (`isl_ctx_reset_operations`), so that
    /// each region gets the full bound, and forgets an error a failed
    /// computation left behind (some `isl-rs` calls report a quota error as
    /// a bare `isl_bool` -1 without clearing it, and the next call would
    /// fail with it).
    pub fn reset_operations(&self) {
        self.ctx.reset_operations();
        self.ctx.reset_error();
    }

    /// Sets the bound on isl operations (`isl_ctx_set_max_operations`).
    pub fn set_max_operations(&self, max_operations: u64) {
        self.ctx.set_max_operations(max_operations);
    }
}

/// Runs `work`, an optional refinement, with at most `max_operations` isl
/// operations counted from now (or the context's own bound, if lower);
/// gives `None` when `work` fails, the bound hit included. Afterwards the
/// context has its own bound again, a fresh count and no error left set.
/// Deterministic, unlike a wall-clock limit: the same input always gets
/// the same code.
pub fn within_operations<T>(ctx: &Context, max_operations: u64, work: impl FnOnce() -> IslResult<T>) -> Option<T> {
    let own = ctx.get_max_operations();
    ctx.reset_operations();
    ctx.set_max_operations(if own == 0 { max_operations } else { own.min(max_operations) });
    let out = work();
    ctx.set_max_operations(own);
    ctx.reset_operations();
    ctx.reset_error();
    out.ok()
}

/// Takes `map` and gives it coalesced (`isl_union_map_coalesce`), or as it
/// is where isl fails to coalesce it: isl's coefficient reduction can stop
/// with an internal error ("total dimensionality changed unexpectedly") on
/// relations with divisions (a downward loop over `A[i % 16]`). Coalescing
/// only shortens the representation; the relation is the same either way.
///
/// Implicit equalities are made explicit first: on relations with
/// divisions whose pieces hid some (dependences of subscripts such as
/// `A[k][(l + 1) / 2]`), isl's coalescing crashed with a segmentation
/// fault while wrapping facets.
pub fn coalesced(map: UnionMap) -> IslResult<UnionMap> {
    Ok(map.copy()?.detect_equalities().and_then(UnionMap::coalesce).unwrap_or(map))
}

/// The tuple names of the sets of `set` (borrows it): the statements of a
/// set of instances, the arrays of a set of elements.
pub fn tuple_names(set: &UnionSet) -> IslResult<Vec<String>> {
    let sets = set.get_set_list()?;
    (0..sets.size()?).map(|i| Ok(sets.get_at(i)?.get_tuple_name()?.to_string())).collect()
}

/// An id named `name`, spaces included (`isl_id_alloc`;
/// `Id::read_from_str` ends the name at the first space).
pub fn named_id(ctx: &Context, name: &str) -> IslResult<Id> {
    let c = CString::new(name).map_err(|_| IslError(format!("bad id name {name:?}")))?;
    // SAFETY: `ctx.ptr` is a live isl_ctx; isl copies the name; the new id
    // is owned by the returned value.
    let ptr = unsafe { isl_id_alloc(ctx.ptr, c.as_ptr(), std::ptr::null_mut()) };
    if ptr == 0 {
        return Err(last_error(ctx));
    }
    Ok(Id { ptr, should_free_on_drop: true })
}

/// `{ a -> b : f(a) = f(b) }` for a relation `f` from instances to values
/// (borrows `f`).
pub fn same_value(f: &UnionMap) -> IslResult<UnionMap> {
    Ok(f.copy()?.apply_range(f.copy()?.reverse()?)?)
}

/// The greatest difference along output dimension `d` between two images
/// of one input of `map` (borrows it): the width of the widest box an
/// input's images span (not an integer where unbounded or `map` is empty).
/// It is the greatest of `dim_max - dim_min`, computed on the pairs of
/// images: the difference of those two piecewise expressions gists every
/// piece of one against every piece of the other, minutes on relations
/// under disjunctive guards.
pub fn widest_span(map: &Map, d: i32) -> IslResult<Val> {
    Ok(map.copy()?.reverse()?.apply_range(map.copy()?)?.deltas()?.dim_max_val(d)?)
}

/// `value` where it is defined, and the constant `v` on the rest of `onto`
/// (borrows `onto`).
pub fn or_constant(value: PwAff, onto: &Set, v: i64) -> IslResult<PwAff> {
    let rest = onto.copy()?.subtract(value.copy()?.domain()?)?;
    if rest.is_empty()? {
        return Ok(value);
    }
    let constant = PwAff::val_on_domain(rest.copy()?, Val::int_from_si(&rest.get_ctx(), v)?)?;
    Ok(value.union_add(constant)?)
}

/// Reads and clears the last error of `ctx` (borrows `ctx`).
fn last_error(ctx: &Context) -> IslError {
    // SAFETY: `ctx.ptr` is a live isl_ctx; the message pointer, when not NULL,
    // points to a static string owned by isl.
    let msg = unsafe {
        let p = isl_ctx_last_error_msg(ctx.ptr);
        let msg = if p.is_null() {
            "unknown isl error".to_string()
        } else {
            CStr::from_ptr(p).to_string_lossy().into_owned()
        };
        isl_ctx_reset_error(ctx.ptr);
        msg
    };
    IslError(msg)
}

/// Turns an isl-allocated C string into a `String` and frees it (takes `p`).
fn take_c_string(p: *mut c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: isl returned a malloc'ed, NUL-terminated string it gave us.
    unsafe {
        let s = CStr::from_ptr(p).to_string_lossy().into_owned();
        libc::free(p as *mut c_void);
        Some(s)
    }
}

/// isl objects that can be printed in isl notation.
pub trait IslText {
    /// Borrows `self` and gives its isl notation (`isl_*_to_str`).
    fn isl_text(&self) -> String;
}

macro_rules! impl_isl_text {
    ($ty:ty, $f:ident) => {
        impl IslText for $ty {
            fn isl_text(&self) -> String {
                // SAFETY: `self.ptr` is a live isl object (or NULL, which isl accepts).
                take_c_string(unsafe { $f(self.ptr) }).unwrap_or_else(|| "<null>".into())
            }
        }
    };
}

impl_isl_text!(Set, isl_set_to_str);
impl_isl_text!(UnionSet, isl_union_set_to_str);
impl_isl_text!(Map, isl_map_to_str);
impl_isl_text!(UnionMap, isl_union_map_to_str);
impl_isl_text!(PwAff, isl_pw_aff_to_str);
impl_isl_text!(MultiUnionPwAff, isl_multi_union_pw_aff_to_str);
impl_isl_text!(Schedule, isl_schedule_to_str);
impl_isl_text!(ScheduleConstraints, isl_schedule_constraints_to_str);

/// Borrows `expr` and gives isl's own C rendering of it.
pub fn ast_expr_to_c(expr: &ASTExpr) -> String {
    // SAFETY: `expr.ptr` is a live isl_ast_expr.
    take_c_string(unsafe { isl_ast_expr_to_C_str(expr.ptr) }).unwrap_or_default()
}

/// Borrows `node` and gives isl's own C rendering of it (debugging aid).
pub fn ast_node_to_c(node: &ASTNode) -> String {
    // SAFETY: `node.ptr` is a live isl_ast_node.
    take_c_string(unsafe { isl_ast_node_to_C_str(node.ptr) }).unwrap_or_default()
}

/// Borrows `node` and gives its kind (`isl_ast_node_get_type`).
///
/// `isl-rs` numbers `isl_ast_node_type` from 0 while isl starts at 1
/// (`isl_ast_node_for = 1`), so its `ASTNode::get_type` misreads every node.
pub fn ast_node_type(node: &ASTNode) -> IslResult<ASTNodeType> {
    // SAFETY: `node.ptr` is a live isl_ast_node.
    let kind = unsafe { isl_ast_node_get_type(node.ptr) };
    Ok(match kind {
        1 => ASTNodeType::For,
        2 => ASTNodeType::If,
        3 => ASTNodeType::Block,
        4 => ASTNodeType::Mark,
        5 => ASTNodeType::User,
        _ => return Err(last_error(&node.get_ctx())),
    })
}

/// Wraps `isl_ast_build`: the state from which isl generates AST nodes and
/// expressions.
pub struct AstBuild {
    ptr: uintptr_t,
    ctx: uintptr_t,
}

impl AstBuild {
    /// Takes `context` (a parameter set the generated code may assume) and
    /// gives a build (`isl_ast_build_from_context`).
    pub fn from_context(context: Set) -> IslResult<AstBuild> {
        let ctx = context.get_ctx();
        let ctx_ptr = ctx.ptr;
        let mut context = context;
        context.do_not_free_on_drop();
        // SAFETY: ownership of `context` passes to isl.
        let ptr = unsafe { isl_ast_build_from_context(context.ptr) };
        if ptr == 0 {
            return Err(last_error(&ctx));
        }
        Ok(AstBuild { ptr, ctx: ctx_ptr })
    }

    fn error(&self) -> IslError {
        let ctx = Context { ptr: self.ctx, should_free_on_drop: false };
        last_error(&ctx)
    }

    /// Names the generated loop iterators, outermost first
    /// (`isl_ast_build_set_iterators`; the build is consumed and given back).
    pub fn set_iterators(mut self, names: &[String]) -> IslResult<AstBuild> {
        // SAFETY: the list and its ids are created here and handed to isl,
        // which takes both the build and the list.
        unsafe {
            let mut list = isl_id_list_alloc(self.ctx, names.len() as i32);
            for name in names {
                let c = CString::new(name.as_str()).map_err(|_| IslError("bad name".into()))?;
                let id = isl_id_alloc(self.ctx, c.as_ptr(), std::ptr::null_mut());
                list = isl_id_list_add(list, id);
            }
            let ptr = isl_ast_build_set_iterators(self.ptr, list);
            self.ptr = 0;
            if ptr == 0 {
                return Err(self.error());
            }
            Ok(AstBuild { ptr, ctx: self.ctx })
        }
    }

    /// Borrows the build, takes `schedule` and gives the AST that executes it
    /// (`isl_ast_build_node_from_schedule`).
    pub fn node_from_schedule(&self, schedule: Schedule) -> IslResult<ASTNode> {
        let mut schedule = schedule;
        schedule.do_not_free_on_drop();
        // SAFETY: `self.ptr` is live; ownership of `schedule` passes to isl.
        let ptr = unsafe { isl_ast_build_node_from_schedule(self.ptr, schedule.ptr) };
        if ptr == 0 {
            return Err(self.error());
        }
        Ok(ASTNode { ptr, should_free_on_drop: true })
    }

    /// Borrows the build, takes `value` (a function of the parameters) and
    /// gives an expression computing it (`isl_ast_build_expr_from_pw_aff`).
    pub fn expr_from_pw_aff(&self, value: PwAff) -> IslResult<ASTExpr> {
        expr_from_pw_aff(self.ptr, self.ctx, value)
    }

    /// Borrows the build, takes `set` (of parameter values) and gives a
    /// condition that holds exactly there (`isl_ast_build_expr_from_set`).
    pub fn expr_from_set(&self, set: Set) -> IslResult<ASTExpr> {
        let mut set = set;
        set.do_not_free_on_drop();
        // SAFETY: the build is live; ownership of `set` passes to isl.
        let ptr = unsafe { isl_ast_build_expr_from_set(self.ptr, set.ptr) };
        if ptr == 0 {
            return Err(last_error(&Context { ptr: self.ctx, should_free_on_drop: false }));
        }
        Ok(ASTExpr { ptr, should_free_on_drop: true })
    }

    /// Takes the build and `schedule` and gives the AST that executes it,
    /// like [`Self::node_from_schedule`], calling `on_mark` with the name
    /// of each mark and the build where its subtree starts, before the
    /// subtree is generated (`isl_ast_build_set_before_each_mark`); a name
    /// `on_mark` gives becomes the annotation of the mark's node (an id of
    /// that name; `isl_ast_build_set_after_each_mark`).
    pub fn node_from_schedule_with_marks(self, schedule: Schedule, on_mark: &mut dyn FnMut(&str, &BuildAt) -> IslResult<Option<String>>) -> IslResult<ASTNode> {
        let mut hook = MarkHook { on_mark, open: Vec::new(), error: None };
        let mut this = self;
        let user = &mut hook as *mut MarkHook as *mut c_void;
        // SAFETY: isl takes the build and gives it back; `hook` outlives
        // the generation below, the only time isl calls the functions.
        this.ptr = unsafe { isl_ast_build_set_before_each_mark(this.ptr, before_mark, user) };
        if this.ptr != 0 {
            // SAFETY: as above.
            this.ptr = unsafe { isl_ast_build_set_after_each_mark(this.ptr, after_mark, user) };
        }
        if this.ptr == 0 {
            return Err(last_error(&Context { ptr: this.ctx, should_free_on_drop: false }));
        }
        let result = this.node_from_schedule(schedule);
        match hook.error {
            Some(e) => Err(e),
            None => result,
        }
    }
}

/// What [`before_mark`] calls, the annotations of the marks whose
/// subtrees are being generated (innermost last), and the first error.
struct MarkHook<'f> {
    on_mark: &'f mut dyn FnMut(&str, &BuildAt) -> IslResult<Option<String>>,
    open: Vec<Option<String>>,
    error: Option<IslError>,
}

/// The callback isl calls before generating the subtree of a mark:
/// borrows `mark` (its id) and `build`; gives 0, or -1 on error.
extern "C" fn before_mark(mark: uintptr_t, build: uintptr_t, user: *mut c_void) -> i32 {
    // SAFETY: `user` is the `MarkHook` that `node_from_schedule_with_marks`
    // handed to isl, alive during generation.
    let hook = unsafe { &mut *(user as *mut MarkHook) };
    // SAFETY: `build` and `mark` are live during the call.
    let ctx = unsafe { isl_ast_build_get_ctx(build) };
    let id = isl_rs::Id { ptr: mark, should_free_on_drop: false };
    let outcome = id.get_name().map_err(IslError::from).and_then(|name| (hook.on_mark)(name, &BuildAt { ptr: build, ctx }));
    match outcome {
        Ok(annotation) => {
            hook.open.push(annotation);
            0
        }
        Err(e) => {
            hook.error.get_or_insert(e);
            -1
        }
    }
}

/// The callback isl calls after generating a mark's node: takes `node`,
/// gives it back with the annotation [`before_mark`] chose for it, or
/// NULL on error.
extern "C" fn after_mark(node: uintptr_t, _build: uintptr_t, user: *mut c_void) -> uintptr_t {
    // SAFETY: as in `before_mark`.
    let hook = unsafe { &mut *(user as *mut MarkHook) };
    let Some(annotation) = hook.open.pop().flatten() else { return node };
    // SAFETY: isl gave `node` to this callback, which gives it back (or
    // frees it and gives NULL); the annotation's id is handed to isl.
    unsafe {
        let ctx = isl_ast_node_get_ctx(node);
        match CString::new(annotation) {
            Ok(c) => isl_ast_node_set_annotation(node, isl_id_alloc(ctx, c.as_ptr(), std::ptr::null_mut())),
            Err(_) => {
                hook.error.get_or_insert(IslError("bad annotation".into()));
                isl_ast_node_free(node);
                0
            }
        }
    }
}

/// Borrows `node` and gives the name of its annotation, if it has one
/// (`isl_ast_node_get_annotation`).
pub fn annotation_name(node: &ASTNode) -> Option<String> {
    // SAFETY: `node.ptr` is live; isl gives the id (or NULL), whose name
    // is copied before the id is freed.
    unsafe {
        let id = isl_ast_node_get_annotation(node.ptr);
        if id == 0 {
            return None;
        }
        let name = isl_id_get_name(id);
        let text = (!name.is_null()).then(|| CStr::from_ptr(name).to_string_lossy().into_owned());
        isl_id_free(id);
        text
    }
}

/// The build isl lends a callback during AST generation (borrowed).
pub struct BuildAt {
    ptr: uintptr_t,
    ctx: uintptr_t,
}

impl BuildAt {
    /// Gives the schedule of the statement instances the build is about to
    /// generate code for (`isl_ast_build_get_schedule`).
    pub fn schedule(&self) -> IslResult<UnionMap> {
        // SAFETY: `self.ptr` is live; isl gives a new union map.
        let ptr = unsafe { isl_ast_build_get_schedule(self.ptr) };
        if ptr == 0 {
            return Err(last_error(&Context { ptr: self.ctx, should_free_on_drop: false }));
        }
        Ok(UnionMap { ptr, should_free_on_drop: true })
    }

    /// Gives the space of the schedule dimensions around the current node
    /// (`isl_ast_build_get_schedule_space`).
    pub fn schedule_space(&self) -> IslResult<Space> {
        // SAFETY: `self.ptr` is live; isl gives a new space.
        let ptr = unsafe { isl_ast_build_get_schedule_space(self.ptr) };
        if ptr == 0 {
            return Err(last_error(&Context { ptr: self.ctx, should_free_on_drop: false }));
        }
        Ok(Space { ptr, should_free_on_drop: true })
    }

    /// Takes `value`, a function of the schedule dimensions around the
    /// current node, and gives an expression computing it from the loop
    /// iterators in scope (`isl_ast_build_expr_from_pw_aff`).
    pub fn expr_from_pw_aff(&self, value: PwAff) -> IslResult<ASTExpr> {
        expr_from_pw_aff(self.ptr, self.ctx, value)
    }
}

/// `isl_ast_build_expr_from_pw_aff` on the live build `build` of `ctx`:
/// borrows the build, takes `value`.
fn expr_from_pw_aff(build: uintptr_t, ctx: uintptr_t, value: PwAff) -> IslResult<ASTExpr> {
    let mut value = value;
    value.do_not_free_on_drop();
    // SAFETY: `build` is live; ownership of `value` passes to isl.
    let ptr = unsafe { isl_ast_build_expr_from_pw_aff(build, value.ptr) };
    if ptr == 0 {
        return Err(last_error(&Context { ptr: ctx, should_free_on_drop: false }));
    }
    Ok(ASTExpr { ptr, should_free_on_drop: true })
}

impl Drop for AstBuild {
    fn drop(&mut self) {
        if self.ptr != 0 {
            // SAFETY: the build is owned by this wrapper.
            unsafe {
                isl_ast_build_free(self.ptr);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Clock, Session};
    use std::time::Duration;

    /// Keeps the calling thread busy for `cpu` of its CPU time.
    fn spin(cpu: Duration) {
        let clock = Clock::this_thread();
        let start = clock.read().expect("a thread's clock");
        let mut x = 1u64;
        while clock.read().expect("a thread's clock") < start + cpu {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
    }

    /// The deadline counts CPU time: waiting does not expire it, working
    /// does.
    #[test]
    fn the_deadline_counts_cpu_time_not_waiting() {
        let session = Session::new(0, 1);
        let ((), expired) = session.within_deadline(|| std::thread::sleep(Duration::from_millis(1500)));
        assert!(!expired);
        let ((), expired) = session.within_deadline(|| spin(Duration::from_millis(1500)));
        assert!(expired);
    }

    /// Time spent outside the deadline moves it; the same time inside
    /// expires it; a child's CPU time charged to it counts.
    #[test]
    fn work_outside_the_deadline_does_not_count() {
        let session = Session::new(0, 1);
        let ((), expired) = session.within_deadline(|| session.outside_deadline(|| spin(Duration::from_millis(1500))));
        assert!(!expired);
        // Moved by 1.5 s, not more: 1.5 s outside and 1.5 s inside pass
        // the limit of 1 s by 0.5 s.
        let ((), expired) = session.within_deadline(|| {
            session.outside_deadline(|| spin(Duration::from_millis(1500)));
            spin(Duration::from_millis(1500));
        });
        assert!(expired);
        let ((), expired) = session.within_deadline(|| {
            session.charge(Duration::from_millis(900));
            spin(Duration::from_millis(300));
        });
        assert!(expired);
    }

    /// A share runs out at its part of the time left, and not at all
    /// outside a deadline; the deadline around it goes on.
    #[test]
    fn a_share_of_the_deadline_ends_before_it() {
        let session = Session::new(0, 2);
        let ((), out_of_time) = session.within_share(0.5, || spin(Duration::from_millis(200)));
        assert!(!out_of_time);
        let (shares, expired) = session.within_deadline(|| {
            let short = session.within_share(0.25, || spin(Duration::from_millis(50))).1;
            let long = session.within_share(0.25, || spin(Duration::from_millis(900))).1;
            (short, long)
        });
        assert_eq!(shares, (false, true));
        assert!(!expired);
    }
}
