//! What every session shares: the configuration in effect, the world, the
//! store, the hashing threads, the pages, the counters and the connection
//! limits. A bag of state and nothing else: `server::start` builds it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use arc_swap::{ArcSwap, Guard};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::config::Config;
use crate::help::HelpPages;
use crate::meters::Meters;
use crate::password::Hasher;
use crate::store::Store;
use crate::throttle::LoginThrottle;
use crate::world::{SessionId, World};

/// What every session shares.
pub struct Shared {
    /// The configuration in effect; `SIGHUP` swaps it ([`crate::reload`]).
    pub(crate) config: ArcSwap<Config>,
    pub(crate) world: Mutex<World>,
    pub store: Store,
    /// bcrypt, off the async threads and below play in priority.
    pub hasher: Hasher,
    pub(crate) help: ArcSwap<HelpPages>,
    /// The message of the day, shown after login, in its languages.
    pub(crate) motd: ArcSwap<crate::reload::Motd>,
    pub started_at: Instant,
    pub started_unix: i64,
    pub(crate) throttle: Mutex<LoginThrottle>,
    /// Cancelled when the server shuts down.
    pub shutdown: CancellationToken,
    pub(crate) next_session: AtomicU64,
    pub(crate) limits: Mutex<ConnectionCounts>,
    /// Every session task, telnet or WebSocket: a shutdown waits for all.
    pub sessions: TaskTracker,
    /// Counters, gauges and histograms for `/metrics`.
    pub meters: Arc<Meters>,
    /// The computer opponents (`[[house_bots]]`).
    pub house: crate::house::House,
    /// The computer analysis of finished games (`[analysis]`).
    pub analysis: crate::analysis::Analysis,
    /// What signs the browsers' resume tokens (session/resume.rs).
    pub resume_key: crate::session::resume::Key,
    /// Resume tickets already traded for a cookie.
    pub spent_tickets: crate::session::resume::Spent,
}

/// Locks a mutex even if a thread panicked while holding it: one broken
/// command must not take the whole server down with it.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Shared {
    /// Locks the world. Never hold the guard across an `.await`.
    pub fn world(&self) -> MutexGuard<'_, World> {
        lock(&self.world)
    }

    /// The configuration in effect now (a snapshot: a reload does not
    /// change it under the reader).
    pub fn config(&self) -> Guard<Arc<Config>> {
        self.config.load()
    }

    /// The help pages in effect now.
    pub fn help(&self) -> Guard<Arc<HelpPages>> {
        self.help.load()
    }

    /// The message of the day in effect now.
    pub fn motd(&self) -> Guard<Arc<crate::reload::Motd>> {
        self.motd.load()
    }

    /// A bcrypt hash of a new password at the configured cost, made on the
    /// hashing threads; None if they are gone.
    pub async fn hash_password(&self, password: String) -> Option<String> {
        let cost = self.config().bcrypt_cost;
        self.hasher.hash(password, cost).await
    }

    /// The failed-login counter.
    pub fn throttle(&self) -> MutexGuard<'_, LoginThrottle> {
        lock(&self.throttle)
    }

    pub fn next_session_id(&self) -> SessionId {
        self.next_session.fetch_add(1, Ordering::Relaxed)
    }
}

/// Open connections, in all and per address.
#[derive(Default)]
pub(crate) struct ConnectionCounts {
    total: usize,
    per_ip: HashMap<IpAddr, usize>,
}

/// Holds a connection's place in the limits; gives it back when dropped.
///
/// A connection counts once in the total and once for its address (an
/// IPv6 address by its /64, [`crate::net::address::subscriber`]). Behind a
/// trusted reverse proxy the two come apart: the proxy's connection takes
/// a place in the total only ([`admit_proxy`]), and the client it carries
/// is counted for its own address once it is known ([`admit_client`]).
pub struct ConnectionSlot {
    shared: Arc<Shared>,
    in_total: bool,
    ip: Option<IpAddr>,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut counts = lock(&self.shared.limits);
        if self.in_total {
            counts.total -= 1;
        }
        if let Some(ip) = self.ip
            && let Some(n) = counts.per_ip.get_mut(&ip)
        {
            *n -= 1;
            if *n == 0 {
                counts.per_ip.remove(&ip);
            }
        }
    }
}

/// A place for a new connection from `ip` (telnet or HTTP), or None when
/// the server or that address has as many connections as it may.
pub fn admit(shared: &Arc<Shared>, ip: IpAddr) -> Option<ConnectionSlot> {
    take_slot(shared, true, Some(ip))
}

/// A place in the total for a connection from a trusted proxy, whose
/// address is not any one client's.
pub fn admit_proxy(shared: &Arc<Shared>) -> Option<ConnectionSlot> {
    take_slot(shared, true, None)
}

/// A place for the client `ip` that a trusted proxy's connection carries
/// (that connection already counts in the total).
pub fn admit_client(shared: &Arc<Shared>, ip: IpAddr) -> Option<ConnectionSlot> {
    take_slot(shared, false, Some(ip))
}

fn take_slot(shared: &Arc<Shared>, in_total: bool, ip: Option<IpAddr>) -> Option<ConnectionSlot> {
    let ip = ip.map(crate::net::address::subscriber);
    let mut counts = lock(&shared.limits);
    let config = shared.config();
    if in_total && counts.total >= config.max_connections {
        return None;
    }
    if let Some(ip) = ip {
        let from_ip = counts.per_ip.get(&ip).copied().unwrap_or(0);
        if from_ip >= config.max_connections_per_ip {
            return None;
        }
        *counts.per_ip.entry(ip).or_default() += 1;
    }
    if in_total {
        counts.total += 1;
    }
    Some(ConnectionSlot {
        shared: shared.clone(),
        in_total,
        ip,
    })
}
