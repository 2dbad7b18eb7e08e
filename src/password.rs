//! Password hashing (bcrypt) on threads of its own, at the lowest CPU
//! priority.
//!
//! Checking a password at bcrypt cost 10 takes about 60 ms of CPU, so fifty
//! logins a second would want three cores of a two-core machine. On tokio's
//! blocking pool those checks would compete with the sessions as equals and
//! every relayed move would wait behind them. Here they run on all cores
//! but one, at nice 19: one core always stays with play, the kernel gives
//! the hashing threads only the time play leaves over on the others, and in
//! a login storm the logins queue and take longer while the games go on.
//! (Measured in docs/PERFORMANCE.md: one thread per core, even at the
//! lowest priority, doubled the relay p99 in a storm; `SCHED_IDLE` was no
//! better than nice 19 and can starve logins outright on a busy machine.)

use std::sync::{Arc, Mutex, mpsc};

use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

/// The hashing threads; cheap to share.
pub struct Hasher {
    jobs: mpsc::Sender<Job>,
}

impl Hasher {
    /// Starts `threads` hashing threads (at least one).
    pub fn start(threads: usize) -> Hasher {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..threads.max(1) {
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("atomicd-bcrypt-{n}"))
                .spawn(move || work(&queue))
                .expect("spawning a hashing thread");
        }
        Hasher { jobs }
    }

    /// Whether `password` matches the bcrypt `hash`.
    pub async fn verify(&self, password: String, hash: String) -> bool {
        self.run(move || bcrypt::verify(password, &hash).unwrap_or(false))
            .await
            .unwrap_or(false)
    }

    /// A new bcrypt hash of `password` at `cost`.
    pub async fn hash(&self, password: String, cost: u32) -> Option<String> {
        self.run(move || bcrypt::hash(password, cost).ok())
            .await
            .flatten()
    }

    /// Runs `f` on a hashing thread; None if the threads are gone.
    async fn run<R: Send + 'static>(&self, f: impl FnOnce() -> R + Send + 'static) -> Option<R> {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = tx.send(f());
        });
        self.jobs.send(job).ok()?;
        rx.await.ok()
    }
}

/// A hashing thread: lowers its own priority, then takes jobs until the
/// server drops the queue.
fn work(queue: &Mutex<mpsc::Receiver<Job>>) {
    lower_priority();
    loop {
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        match job {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

/// How many hashing threads a machine with `cores` cores gets.
pub fn threads_for(cores: usize) -> usize {
    cores.saturating_sub(1).max(1)
}

/// Gives this thread the lowest normal priority (nice 19; on Linux the nice
/// value belongs to the thread).
fn lower_priority() {
    use thread_priority::{
        NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
        set_thread_priority_and_policy, thread_native_id,
    };
    let normal = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Other);
    if let Err(e) = set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, normal)
    {
        tracing::warn!(error = ?e, "cannot lower the priority of a hashing thread");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_and_verifies_off_the_async_threads() {
        let hasher = Hasher::start(2);
        let hash = hasher.hash("secret".into(), 4).await.expect("a hash");
        assert!(hasher.verify("secret".into(), hash.clone()).await);
        assert!(!hasher.verify("wrong".into(), hash.clone()).await);
        assert!(!hasher.verify("secret".into(), "not a hash".into()).await);
    }

    #[test]
    fn one_core_stays_with_play() {
        assert_eq!(threads_for(1), 1);
        assert_eq!(threads_for(2), 1);
        assert_eq!(threads_for(8), 7);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn hashing_threads_run_at_nice_19() {
        let (tx, rx) = mpsc::channel();
        let hasher = Hasher::start(1);
        let job: Job = Box::new(move || {
            // Field 19 of /proc/thread-self/stat is the nice value; the
            // command name before it is in parentheses.
            let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
            let after_name = &stat[stat.rfind(')').unwrap() + 2..];
            let nice: i32 = after_name.split(' ').nth(16).unwrap().parse().unwrap();
            let _ = tx.send(nice);
        });
        hasher.jobs.send(job).unwrap();
        assert_eq!(rx.recv().unwrap(), 19);
    }
}
