//! Starting and stopping the server: building the shared state
//! ([`Shared`], `src/shared.rs`), the listener, and the accept loop.

use std::net::SocketAddr;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arc_swap::ArcSwap;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::config::Config;
use crate::help::HelpPages;
use crate::meters::Meters;
use crate::password::Hasher;
use crate::session;
use crate::shared::ConnectionCounts;
pub use crate::shared::{ConnectionSlot, Shared, admit, admit_client, admit_proxy};
use crate::store::{Store, StoreOptions, adjourned};
use crate::throttle::LoginThrottle;
use crate::timefmt::unix_now;
use crate::world::World;
use crate::world::timers::Timers;

/// Why the server could not start.
#[derive(Debug)]
pub enum StartError {
    Database(rusqlite::Error),
    Listen(std::net::SocketAddr, std::io::Error),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Database(e) => write!(f, "cannot open the database: {e}"),
            StartError::Listen(addr, e) => write!(f, "cannot listen on {addr}: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// A running server.
pub struct ServerHandle {
    /// The address the server listens on (the real port when 0 was asked).
    pub local_addr: SocketAddr,
    /// The address of the HTTP/WebSocket listener, if there is one.
    pub web_addr: Option<SocketAddr>,
    shared: Arc<Shared>,
    task: JoinHandle<()>,
}

impl ServerHandle {
    /// Asks the server to stop: every game is adjourned (or, with a guest,
    /// aborted) first; [`ServerHandle::wait`] returns once it has stopped.
    pub fn shutdown(&self) {
        self.shared.world().shut_down_now(Instant::now());
        self.shared.shutdown.cancel();
    }

    /// Takes up a configuration read again ([`Shared::reload`]).
    pub fn reload(&self, loaded: Result<Config, String>) -> Option<crate::reload::Reloaded> {
        self.shared.reload(loaded)
    }

    /// Resolves once a shutdown has begun (a signal, or the admin
    /// `shutdown` command).
    pub async fn stopping(&self) {
        self.shared.shutdown.cancelled().await;
    }

    /// Waits until the server has stopped and its database is flushed.
    pub async fn wait(self) {
        let _ = self.task.await;
    }

    /// The shared state (for tests and the admin CLI).
    pub fn shared(&self) -> &Arc<Shared> {
        &self.shared
    }
}

/// Raises the soft limit on open descriptors to the hard limit: every user
/// is a socket, and the default soft limit (often 1024) would cap the server
/// far below what it can hold. Returns the new soft limit.
pub fn raise_descriptor_limit() -> u64 {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(n) => n,
        Err(e) => {
            tracing::warn!(error = %e, "cannot raise the open-file limit");
            0
        }
    }
}

/// Connections the kernel may hold for us before we accept them. Tokio's
/// default of 1024 overflows when a thousand clients connect at once (after
/// a restart, say): with SYN cookies on, a client whose handshake the kernel
/// then dropped believes it is connected and waits for a `login:` that never
/// comes (measured in docs/PERFORMANCE.md). The kernel caps this at
/// `net.core.somaxconn`.
const LISTEN_BACKLOG: u32 = 4096;

/// Binds the listening socket (address reuse on, so a restart does not
/// wait out TIME_WAIT).
fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// The key of the browsers' resume tokens, kept beside the database; a
/// key of this run only (browsers log in again after a restart) when the
/// file cannot be read or written.
fn resume_key(database: &std::path::Path) -> crate::session::resume::Key {
    use crate::session::resume::Key;
    let path = Key::path_for(database);
    Key::load_or_create(&path).unwrap_or_else(|e| {
        tracing::error!(path = %path.display(), error = %e, "no resume key file; browser sessions will not survive a restart");
        Key::random().expect("the operating system gives random bytes")
    })
}

/// Opens the database, binds the listener and starts serving.
pub async fn start(config: Config) -> Result<ServerHandle, StartError> {
    let meters = Meters::new();
    let options = StoreOptions {
        queue_limit: config.store.queue_limit,
        delay: Duration::from_millis(config.store.delay_ms),
        commit_time: meters.store_commit.clone(),
        jobs: meters.store_jobs.clone(),
        failures: meters.store_failures.clone(),
        refused: meters.store_refused.clone(),
    };
    let store = Store::open_with(&config.database, options).map_err(StartError::Database)?;
    store.start_board_watch(Duration::from_millis(config.store.board_wait_ms));
    let last_game_id = store
        .call(crate::store::games::max_id)
        .await
        .map_err(|_| StartError::Database(rusqlite::Error::InvalidQuery))?
        .map_err(StartError::Database)?;
    // Games that were live when the server last stopped (a crash, kill -9)
    // come back as adjourned games, with every move and both clocks.
    let now_unix = unix_now();
    let (recovered, (adjourned, away_ratings), (tourneys, last_tourney), watchers) = store
        .call(move |db| {
            let recovered = adjourned::recover_live(db, now_unix)?;
            let events = crate::store::tourneys::load_all(db, true)?;
            let last = crate::store::tourneys::max_id(db)?;
            let stored = adjourned::load_all(db)?;
            // Rated adjourned games may be decided while their players are
            // away: their ratings are kept at hand.
            let mut ratings = std::collections::HashMap::new();
            for g in stored.iter().filter(|g| g.rated) {
                let variant = g.variant();
                for account in [g.white_account, g.black_account].into_iter().flatten() {
                    let rating = crate::store::ratings::load_in(db, account, variant)?;
                    ratings.insert((account, variant), rating);
                }
            }
            let watchers = adjourned::load_watchers(db)?;
            Ok::<_, rusqlite::Error>((recovered, (stored, ratings), (events, last), watchers))
        })
        .await
        .map_err(|_| StartError::Database(rusqlite::Error::InvalidQuery))?
        .map_err(StartError::Database)?;
    if recovered > 0 {
        tracing::warn!(
            recovered,
            "games left unfinished by the last run are now adjourned"
        );
    }
    let (timers, timer_task) = Timers::new();
    let listener = listen(config.listen).map_err(|e| StartError::Listen(config.listen, e))?;
    let local_addr = listener
        .local_addr()
        .map_err(|e| StartError::Listen(config.listen, e))?;
    let web_listener = match config.web_address() {
        Some(addr) => Some(listen(addr).map_err(|e| StartError::Listen(addr, e))?),
        None => None,
    };
    let web_addr = web_listener.as_ref().and_then(|l| l.local_addr().ok());
    let help = HelpPages::load(&config.data_dir.join("help"));
    let motd = crate::reload::load_motd(&config.data_dir);
    let shutdown = CancellationToken::new();
    let mut world = World::new(store.clone(), timers, last_game_id);
    world.durable.grace = Duration::from_secs(config.disconnect_grace);
    world.durable.idle_timeout = config.idle_timeout();
    world.durable.stop = Some(shutdown.clone());
    world.durable.adjourned = adjourned.into_iter().map(|g| (g.id, g)).collect();
    world.durable.away_ratings = away_ratings;
    world.durable.watchers = watchers;
    world.computers.rules = config.computers;
    let (countdown, forfeit_after) = config.tourney_delays();
    let director = crate::world::tourneys::Settings {
        countdown,
        forfeit_after,
        anyone_creates: config.tourney_anyone_creates,
    };
    world.load_tourneys(director, tourneys, last_tourney);
    let house = crate::house::House::new(&config);
    let analysis = crate::analysis::Analysis::new(&config);
    let resume_key = resume_key(&config.database);
    let shared = Arc::new(Shared {
        resume_key,
        spent_tickets: Default::default(),
        house,
        analysis,
        throttle: Mutex::new(LoginThrottle::new(config.login_failures_before_delay)),
        config: ArcSwap::from_pointee(config),
        world: Mutex::new(world),
        store,
        hasher: Hasher::start(crate::password::threads_for(
            std::thread::available_parallelism().map_or(1, |n| n.get()),
        )),
        help: ArcSwap::from_pointee(help),
        motd: ArcSwap::from_pointee(motd),
        started_at: Instant::now(),
        started_unix: unix_now(),
        shutdown,
        next_session: AtomicU64::new(1),
        limits: Mutex::new(ConnectionCounts::default()),
        sessions: TaskTracker::new(),
        meters,
    });
    // The timer task holds the server only weakly: it ends with it.
    let weak = Arc::downgrade(&shared);
    tokio::spawn(timer_task.run(move |key| {
        let Some(shared) = weak.upgrade() else {
            return false;
        };
        shared.world().on_timer(key, Instant::now());
        true
    }));
    tokio::spawn(crate::web::upkeep(Arc::downgrade(&shared)));
    tracing::info!(%local_addr, "listening");
    let web = web_listener.map(|l| {
        tracing::info!(web_addr = %web_addr.map_or(String::new(), |a| a.to_string()), "web listening");
        if let Some(a) = web_addr {
            // The address a newcomer opens: the browser client is served there.
            tracing::info!("play in a browser: http://{a}/");
        }
        tokio::spawn(crate::web::serve(shared.clone(), l))
    });
    let task = tokio::spawn(accept_loop(shared.clone(), listener, web));
    crate::house::start(&shared, local_addr);
    crate::analysis::start(&shared);
    Ok(ServerHandle {
        local_addr,
        web_addr,
        shared,
        task,
    })
}

async fn accept_loop(shared: Arc<Shared>, listener: TcpListener, web: Option<JoinHandle<()>>) {
    let sessions = shared.sessions.clone();
    loop {
        let accepted = tokio::select! {
            _ = shared.shutdown.cancelled() => break,
            accepted = listener.accept() => accepted,
        };
        match accepted {
            Ok((socket, peer)) => match admit(&shared, peer.ip()) {
                Some(slot) => {
                    let shared = shared.clone();
                    let task = async move {
                        session::serve(shared, socket, peer).await;
                        drop(slot);
                    };
                    session::log_sizes(size_of_val(&task));
                    sessions.spawn(task);
                }
                None => {
                    tracing::warn!(addr = %peer.ip(), "connection refused: limit reached");
                    tokio::spawn(refuse(socket));
                }
            },
            Err(e) => {
                // Out of descriptors or similar: back off instead of spinning.
                tracing::error!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
    drop(listener);
    // The web listener stops on the same signal; its WebSocket sessions
    // are in `sessions` like the telnet ones.
    if let Some(web) = web {
        let _ = web.await;
    }
    sessions.close();
    sessions.wait().await;
    // The computer opponents' sessions are among those; their tasks end
    // with them (each quits its engine).
    shared.house.stopped().await;
    if shared.store.flush().await.is_err() {
        tracing::error!("the database closed before the final flush");
    }
    let lost = shared.store.settle_kept(Duration::from_secs(10)).await;
    if lost > 0 {
        tracing::error!(
            lost,
            "the database still refuses writes kept in memory; they are lost with this stop"
        );
    }
    tracing::info!("server stopped");
}

async fn refuse(mut socket: TcpStream) {
    let _ = tokio::time::timeout(
        Duration::from_secs(5),
        socket.write_all(
            b"Sorry, the server has too many connections right now.  Please try again later.\n\r",
        ),
    )
    .await;
}
