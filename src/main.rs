//! The `atomicd` command: serve, or manage accounts.

use std::io::BufRead;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use atomicd::account::{Titles, check_handle};
use atomicd::config::Config;
use atomicd::logs::LogFormat;
use atomicd::store::{self, accounts};
use atomicd::timefmt::{fics_date, unix_now};

/// A FICS-compatible telnet chess server for atomic chess.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// Configuration file.
    #[arg(long, global = true, value_name = "PATH")]
    config: Option<PathBuf>,
    /// SQLite database file (overrides the configuration).
    #[arg(long, global = true, value_name = "PATH")]
    db: Option<PathBuf>,
    /// Address to listen on, e.g. 127.0.0.1:5000 (overrides the configuration).
    #[arg(long, value_name = "ADDR")]
    listen: Option<SocketAddr>,
    /// Address of the HTTP/WebSocket listener, e.g. 127.0.0.1:8080, or ""
    /// for none (overrides the configuration).
    #[arg(long, value_name = "ADDR")]
    web_listen: Option<String>,
    /// How log lines are written to standard error: `text` for people,
    /// `json` for programs (one JSON object a line).
    #[arg(long, global = true, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Manage registered accounts.
    User {
        #[command(subcommand)]
        action: UserAction,
    },
    /// Drive a FICS-style server on loopback with many games and users, and
    /// print a one-line JSON report (latencies, moves/s, errors, server costs).
    Load(LoadArgs),
    /// Play rated games on a server of its own while killing it (SIGKILL)
    /// again and again, then check that no acknowledged move, game or
    /// rating was lost or doubled (scripts/chaos.sh).
    Chaos(atomicd::load::chaos::ChaosOptions),
    /// Play on a server with a UCI engine (a bot on a computer account).
    Bot(atomicd::bot::BotOptions),
    /// Write finished games as PGN ([Variant "Atomic"]) to standard output.
    ExportPgn {
        /// Only the games of this player.
        #[arg(long)]
        user: Option<String>,
        /// Only the games of this tournament (its number).
        #[arg(long, conflicts_with = "user")]
        tourney: Option<i64>,
    },
    /// Write a tournament as FIDE TRF-16 to standard output.
    ExportTrf {
        /// The tournament's number.
        id: i64,
    },
    /// Check the database (SQLite's checks, then the server's own
    /// invariants) without changing it; exits non-zero if anything is wrong.
    Check,
    /// Copy the database to a new file, consistently, while the server runs.
    Backup {
        /// The new file (never overwritten).
        path: PathBuf,
        /// Pages (4 KiB) copied per step.
        #[arg(long, default_value_t = store::backup::Pace::default().pages_per_step)]
        step_pages: i32,
        /// Milliseconds of rest between two steps.
        #[arg(long, default_value_t = store::backup::Pace::default().pause.as_millis() as u64)]
        pause_ms: u64,
    },
}

#[derive(clap::Args)]
struct LoadArgs {
    /// The server, on loopback.
    #[arg(long, default_value = "127.0.0.1:5000")]
    server: SocketAddr,
    /// Connect every client over WebSocket (`/ws`, text frames) at this web
    /// address instead of the telnet port.
    #[arg(long, value_name = "WEB_ADDR")]
    websocket: Option<SocketAddr>,
    /// Games played at once (2 connections each).
    #[arg(long, default_value_t = 10)]
    pairs: usize,
    /// Half-moves per game (at most 300).
    #[arg(long, default_value_t = 60)]
    moves: usize,
    /// Users who log in and stay idle.
    #[arg(long, default_value_t = 0)]
    idle: usize,
    /// Observers of the first game.
    #[arg(long, default_value_t = 0)]
    observers: usize,
    /// Connections opened at once before everything else.
    #[arg(long, default_value_t = 0)]
    connect_storm: usize,
    /// File of registered accounts, "name password" per line, for the login storm.
    #[arg(long)]
    accounts: Option<PathBuf>,
    /// Registered logins per second while the games run.
    #[arg(long, default_value_t = 0)]
    login_rate: u32,
    /// Logins in flight at once.
    #[arg(long, default_value_t = 200)]
    concurrency: usize,
    /// The server's PID: its memory, CPU and descriptors go in the report.
    #[arg(long)]
    server_pid: Option<u32>,
    /// Seconds everyone stays connected after the games.
    #[arg(long, default_value_t = 0.0)]
    hold: f64,
    /// Milliseconds a player thinks before each move, on average (0: reply
    /// at once, which measures capacity rather than latency).
    #[arg(long, default_value_t = 0.0)]
    think_ms: f64,
    /// Handles start with these letters.
    #[arg(long, default_value = "Ld")]
    prefix: String,
    /// Words after the terms of each match, for a server whose default game
    /// is not atomic (e.g. "atomic"); by default none, the server's default.
    #[arg(long, default_value = "")]
    variant: String,
    /// Re-arm TCP_QUICKACK after each read (fair to servers without TCP_NODELAY).
    #[arg(long)]
    quickack: bool,
    /// One more client sends this many commands as fast as it can while
    /// the games run (what a flood costs the players).
    #[arg(long, default_value_t = 0)]
    flood: usize,
}

#[derive(Subcommand)]
enum UserAction {
    /// Register an account; the password is read from standard input.
    Add {
        name: String,
        /// Read the password from standard input (required: never from argv).
        #[arg(long)]
        password_stdin: bool,
        /// Give the administrator title (*).
        #[arg(long)]
        admin: bool,
        /// Give the tournament director title (TD).
        #[arg(long)]
        td: bool,
        /// Mark the account as a computer (C).
        #[arg(long)]
        computer: bool,
    },
    /// Change an account's password; the new one is read from standard input.
    Passwd {
        name: String,
        #[arg(long)]
        password_stdin: bool,
    },
    /// List registered accounts.
    List,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    atomicd::logs::init(cli.log_format);
    let result = match cli.command {
        None => serve(cli.config, cli.db, cli.listen, cli.web_listen),
        Some(Command::User { action }) => user(cli.config, cli.db, action),
        Some(Command::ExportPgn {
            user,
            tourney: None,
        }) => export_pgn(cli.config, cli.db, user),
        Some(Command::ExportPgn {
            tourney: Some(id), ..
        }) => export_tourney(cli.config, cli.db, id, false),
        Some(Command::ExportTrf { id }) => export_tourney(cli.config, cli.db, id, true),
        Some(Command::Load(args)) => load(args),
        Some(Command::Chaos(options)) => chaos(options),
        Some(Command::Bot(options)) => bot(options),
        Some(Command::Check) => check(cli.config, cli.db),
        Some(Command::Backup {
            path,
            step_pages,
            pause_ms,
        }) => backup(cli.config, cli.db, &path, step_pages, pause_ms),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("atomicd: {e}");
            ExitCode::FAILURE
        }
    }
}

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn load_config(path: Option<PathBuf>) -> Result<Config> {
    Ok(Config::load(
        &path.unwrap_or_else(|| PathBuf::from("config.toml")),
    )?)
}

/// What the command line says over `config.toml`: applied at start and
/// again to every reload, so a reload sees the same file the start saw.
#[derive(Clone)]
struct Overrides {
    db: Option<PathBuf>,
    listen: Option<SocketAddr>,
    web_listen: Option<String>,
}

impl Overrides {
    fn apply(&self, mut config: Config) -> Config {
        if let Some(db) = &self.db {
            config.database.clone_from(db);
        }
        if let Some(listen) = self.listen {
            config.listen = listen;
        }
        if let Some(web) = &self.web_listen {
            config.web_listen.clone_from(web);
        }
        config
    }
}

fn serve(
    config: Option<PathBuf>,
    db: Option<PathBuf>,
    listen: Option<SocketAddr>,
    web_listen: Option<String>,
) -> Result<()> {
    if let Some(web) = &web_listen
        && !web.trim().is_empty()
        && web.trim().parse::<SocketAddr>().is_err()
    {
        return Err(format!("--web-listen \"{web}\" is not an address and port").into());
    }
    let path = config.unwrap_or_else(|| PathBuf::from("config.toml"));
    let overrides = Overrides {
        db,
        listen,
        web_listen,
    };
    let config = overrides.apply(Config::load(&path)?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        // Handlers first: a SIGTERM that arrives as soon as the server is
        // listening must already stop it cleanly, and a SIGHUP reload it
        // (its default action would end the process).
        let mut stop = shutdown_signal();
        let mut hangups = atomicd::reload::hangups();
        let files = atomicd::server::raise_descriptor_limit();
        tracing::info!(open_files = files, "descriptor limit");
        let server = atomicd::start(config).await?;
        loop {
            tokio::select! {
                _ = &mut stop => break,
                _ = server.stopping() => break,
                Some(()) = hangups.recv() => {
                    tracing::info!(path = %path.display(), "SIGHUP: reading the configuration again");
                    let (shared, path, overrides) =
                        (server.shared().clone(), path.clone(), overrides.clone());
                    // Reading files is blocking work: off the async threads.
                    let _ = tokio::task::spawn_blocking(move || {
                        let read = Config::load(&path).map(|c| overrides.apply(c));
                        shared.reload(read.map_err(|e| e.to_string()))
                    })
                    .await;
                }
            }
        }
        tracing::info!("shutting down");
        server.shutdown();
        server.wait().await;
        Ok(())
    })
}

/// Installs the SIGINT (Ctrl-C) and SIGTERM handlers now; the future
/// resolves when either signal arrives.
fn shutdown_signal() -> std::pin::Pin<Box<dyn std::future::Future<Output = ()>>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let (Ok(mut term), Ok(mut int)) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) {
            return Box::pin(async move {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = int.recv() => {}
                }
            });
        }
    }
    Box::pin(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

fn load(args: LoadArgs) -> Result<()> {
    if !args.server.ip().is_loopback() || args.websocket.is_some_and(|w| !w.ip().is_loopback()) {
        return Err("the load generator only drives servers on loopback (127.0.0.0/8, ::1)".into());
    }
    if !args.prefix.chars().all(|c| c.is_ascii_alphabetic()) || args.prefix.len() > 10 {
        return Err("--prefix must be at most 10 letters".into());
    }
    if !args
        .variant
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '/')
    {
        return Err("--variant takes words of letters and digits (\"atomic\", \"wild 27\")".into());
    }
    let accounts = match &args.accounts {
        Some(path) => std::fs::read_to_string(path)?
            .lines()
            .filter_map(|l| {
                l.split_once(' ')
                    .map(|(n, p)| (n.to_string(), p.trim().to_string()))
            })
            .collect(),
        None => Vec::new(),
    };
    // Thousands of connections need thousands of descriptors.
    atomicd::server::raise_descriptor_limit();
    let cfg = atomicd::load::LoadConfig {
        addr: args.server,
        websocket: args.websocket,
        pairs: args.pairs,
        moves: args.moves.min(300),
        idle: args.idle,
        observers: args.observers,
        connect_storm: args.connect_storm,
        accounts,
        login_rate: args.login_rate,
        concurrency: args.concurrency,
        server_pid: args.server_pid,
        hold: std::time::Duration::from_secs_f64(args.hold.max(0.0)),
        think: std::time::Duration::from_secs_f64(args.think_ms.max(0.0) / 1000.0),
        prefix: args.prefix,
        variant: args.variant,
        quickack: args.quickack,
        flood: args.flood,
        ..atomicd::load::LoadConfig::default()
    };
    // One thread: the generator must not take the server's second core.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(atomicd::load::run(cfg));
    println!("{report}");
    if report["errors"].as_u64().unwrap_or(1) > 0 {
        return Err(format!("{} errors", report["errors"]).into());
    }
    Ok(())
}

fn chaos(options: atomicd::load::chaos::ChaosOptions) -> Result<()> {
    atomicd::server::raise_descriptor_limit();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(atomicd::load::chaos::run(options))?;
    println!("{}", serde_json::to_string(&report)?);
    if !report.ok {
        return Err("the chaos run found lost or doubled data (see the report)".into());
    }
    Ok(())
}

fn bot(options: atomicd::bot::BotOptions) -> Result<()> {
    let password = if options.password_stdin {
        Some(read_password()?)
    } else {
        None
    };
    let (settings, engine) = options.settings(password)?;
    let reconnect_max = std::time::Duration::from_secs(options.reconnect_max);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let stop = tokio_util::sync::CancellationToken::new();
        let signal = shutdown_signal();
        let run = atomicd::bot::run(settings, engine, reconnect_max, stop.clone());
        tokio::pin!(run);
        // A signal lets the bot log out cleanly instead of dropping the line.
        tokio::select! {
            result = &mut run => result,
            _ = signal => {
                stop.cancel();
                run.await
            }
        }
    })?;
    Ok(())
}

fn read_password() -> Result<String> {
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    let password = line.trim_end_matches(['\n', '\r']).to_string();
    if password.is_empty() {
        return Err("the password on standard input is empty".into());
    }
    // The login reads printable ASCII only (docs/protocol.md §1.1): anything else could
    // never be typed back.
    if !password.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return Err("a password may hold only printable ASCII characters (letters, digits, punctuation, spaces)".into());
    }
    Ok(password)
}

/// The configuration for a maintenance command: a database named on the
/// command line needs no configuration file.
fn maintenance_config(config: Option<PathBuf>, db: Option<PathBuf>) -> Result<Config> {
    match (db, config) {
        (Some(db), None) => Ok(Config {
            database: db,
            ..Config::default()
        }),
        (db, config) => {
            let mut config = load_config(config)?;
            if let Some(db) = db {
                config.database = db;
            }
            Ok(config)
        }
    }
}

fn open_db(config: &Config) -> Result<rusqlite::Connection> {
    Ok(store::open_connection(&config.database)
        .map_err(|e| format!("cannot open {}: {e}", config.database.display()))?)
}

fn export_pgn(config: Option<PathBuf>, db: Option<PathBuf>, player: Option<String>) -> Result<()> {
    let config = maintenance_config(config, db)?;
    let conn = open_db(&config)?;
    let text = atomicd::export::pgn_games(&conn, player.as_deref(), &config.server_name)?;
    print!("{text}");
    Ok(())
}

/// A tournament's games as PGN, or the tournament as TRF.
fn export_tourney(config: Option<PathBuf>, db: Option<PathBuf>, id: i64, trf: bool) -> Result<()> {
    let config = maintenance_config(config, db)?;
    let conn = open_db(&config)?;
    let text = if trf {
        atomicd::export::trf_tourney(&conn, id)?
    } else {
        atomicd::export::pgn_tourney(&conn, id, &config.server_name)?
    };
    print!(
        "{}",
        text.ok_or_else(|| format!("there is no tourney #{id}"))?
    );
    Ok(())
}

/// `atomicd check`: see `store::check`. Each problem is a line on standard
/// output; the verdict is the last line (and the exit status).
fn check(config: Option<PathBuf>, db: Option<PathBuf>) -> Result<()> {
    let config = maintenance_config(config, db)?;
    let conn = store::check::open(&config.database)?;
    let report = store::check::run(&conn)?;
    for p in &report.problems {
        println!("{p}");
    }
    let c = &report.counts;
    let looked = format!(
        "{} accounts, {} games ({} moves), {} rating rows, {} tourneys",
        c.accounts, c.games, c.moves, c.ratings, c.tourneys
    );
    match report.problems.len() {
        0 => {
            println!(
                "{}: no problem found in {looked}.",
                config.database.display()
            );
            Ok(())
        }
        n => Err(format!(
            "{}: {n} problem{} found in {looked}",
            config.database.display(),
            if n == 1 { "" } else { "s" }
        )
        .into()),
    }
}

/// `atomicd backup PATH`: see `store::backup`.
fn backup(
    config: Option<PathBuf>,
    db: Option<PathBuf>,
    path: &std::path::Path,
    step_pages: i32,
    pause_ms: u64,
) -> Result<()> {
    let config = maintenance_config(config, db)?;
    let pace = store::backup::Pace {
        pages_per_step: step_pages.max(1),
        pause: std::time::Duration::from_millis(pause_ms),
    };
    let r = store::backup::backup(&config.database, path, pace)?;
    println!(
        "Backed up {} to {}: {} pages, {} bytes, {} steps, {:.1} s.",
        config.database.display(),
        path.display(),
        r.pages,
        r.bytes,
        r.steps,
        r.elapsed.as_secs_f64()
    );
    Ok(())
}

fn user(config: Option<PathBuf>, db: Option<PathBuf>, action: UserAction) -> Result<()> {
    let config = maintenance_config(config, db)?;
    let cost = config.bcrypt_cost;
    let conn = open_db(&config)?;
    match action {
        UserAction::Add {
            name,
            password_stdin,
            admin,
            td,
            computer,
        } => {
            check_handle(&name).map_err(|e| {
                format!(
                    "bad name \"{name}\": {}",
                    e.to_string().trim_end_matches("  Try again.")
                )
            })?;
            if !password_stdin {
                return Err("give --password-stdin and type the password on standard input".into());
            }
            let hash = bcrypt::hash(read_password()?, cost)?;
            let titles = Titles {
                admin,
                td,
                computer,
                unregistered: false,
            };
            accounts::create(&conn, &name, &hash, titles, unix_now())?;
            println!("Added {name}{}.", titles.suffix());
        }
        UserAction::Passwd {
            name,
            password_stdin,
        } => {
            if !password_stdin {
                return Err("give --password-stdin and type the password on standard input".into());
            }
            let hash = bcrypt::hash(read_password()?, cost)?;
            if !accounts::set_password(&conn, &name, &hash)? {
                return Err(format!("there is no account named \"{name}\"").into());
            }
            println!("Password of {name} changed.");
        }
        UserAction::List => {
            for a in accounts::list(&conn)? {
                let last = a
                    .last_login
                    .map(fics_date)
                    .unwrap_or_else(|| "never".to_string());
                println!(
                    "{:<17} {:<12} last login: {last}",
                    a.name,
                    a.titles.suffix()
                );
            }
        }
    }
    Ok(())
}
