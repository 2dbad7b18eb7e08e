//! The login dialogue (docs/protocol.md §1.3–1.5), byte for byte.
//!
//! `login: ` → a name (`guest`, an unregistered name, or a registered one
//! followed by `password: `) → "Press return" or the password → the session
//! starts. A `%b` ivar line may come first; clients type ahead, so every
//! step reads from the connection's buffered lines.

use std::net::SocketAddr;
use std::sync::Arc;

use crate::account::{Titles, check_handle};
use crate::msg;
use crate::net::telnet::{WILL_ECHO, WONT_ECHO};
use crate::session::conn::{Conn, Line};
use crate::settings::ivars::Ivars;
use crate::shared::Shared;
use crate::store::accounts::{self, Account};
use crate::store::admin;
use crate::store::ratings;
use crate::store::selfserve::{self, Standing};
use crate::timefmt::unix_now;

/// Who logged in, with what the session needs to start.
pub struct Identity {
    pub name: String,
    pub account: Option<Account>,
    pub titles: Titles,
    /// Ivars set by a `%b` line before the name.
    pub ivars: Ivars,
    /// Saved variables and aliases of a registered account.
    pub saved_vars: Vec<(String, String)>,
    /// The Atomic rating of a registered account; `None` for guests.
    pub rating: Option<crate::rating::Rating>,
    /// The Atomic960 rating (its own line); `None` for guests.
    pub rating960: Option<crate::rating::Rating>,
    pub aliases: Vec<(String, String)>,
    /// Muzzled by an admin (registered accounts keep it across logins).
    pub muzzled: bool,
    /// The name held for this login (guests and unregistered names); the
    /// hold ends when the session enters the world or the login fails.
    pub reservation: Option<Reservation>,
    /// Logged in as `guest` (a name the server made up).
    pub guest: bool,
}

/// A name held in the world while its login finishes; released on drop, so
/// a client that vanishes at "Press return" frees its name.
pub struct Reservation {
    shared: Arc<Shared>,
    name: String,
}

impl Drop for Reservation {
    fn drop(&mut self) {
        self.shared.world().release_name(&self.name);
    }
}

impl Reservation {
    /// Holds `name` for a login in progress; None if it is taken.
    pub fn hold(shared: &Arc<Shared>, name: &str) -> Option<Reservation> {
        shared.world().reserve_name(name).then(|| Reservation {
            shared: shared.clone(),
            name: name.to_string(),
        })
    }

    /// Holds a new guest name.
    pub fn guest(shared: &Arc<Shared>) -> Reservation {
        let name = {
            let mut world = shared.world();
            let name = world.fresh_guest_name(crate::random::u64);
            world.reserve_name(&name);
            name
        };
        Reservation {
            shared: shared.clone(),
            name,
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }
}

const PROMPT: &str = "login: ";

/// How long a password may take to arrive and still count as typed ahead.
const TYPEAHEAD_GRACE: std::time::Duration = std::time::Duration::from_millis(200);

/// The banner: atomicd's own, with the server name from the config.
pub fn banner(server_name: &str) -> String {
    format!(
        "\n   ****** Welcome to {server_name}, an atomic chess server ******\n\n\
         Atomic chess: every capture explodes. Type \"help atomic\" once logged in.\n\n\
         \x20     If you are not a registered player, enter guest or a unique ID.\n\
         \x20            (If your return key does not work, use cntrl-J)\n\n"
    )
}

/// Runs the dialogue; None if the client left (or broke the connection) first.
pub async fn login(conn: &mut Conn, shared: &Arc<Shared>, peer: SocketAddr) -> Option<Identity> {
    let mut text = banner(&shared.config().server_name);
    text.push_str(PROMPT);
    conn.write_text(&text).await.ok()?;
    let mut ivars = Ivars::default();
    let mut next: Option<String> = None;
    loop {
        let line = match next.take() {
            Some(line) => line,
            None => match read(conn).await? {
                Line::Text(t) => t,
                Line::TooLong => {
                    conn.write_text("\nThat line was too long.\nlogin: ")
                        .await
                        .ok()?;
                    continue;
                }
            },
        };
        let name = line.trim();
        if name.is_empty() {
            conn.write_text(PROMPT).await.ok()?;
            continue;
        }
        if let Some(bits) = Ivars::from_login_line(name) {
            ivars = bits;
            conn.write_text("#Ivars set.\n").await.ok()?;
            continue;
        }
        let step = if name.eq_ignore_ascii_case("guest") || name.eq_ignore_ascii_case("g") {
            guest(conn, shared).await?
        } else if let Err(e) = check_handle(name) {
            conn.write_text(&format!("\n{e}\n{PROMPT}")).await.ok()?;
            continue;
        } else {
            match lookup(shared, name).await {
                Some(account) => registered(conn, shared, peer, account).await?,
                None => unregistered(conn, shared, name).await?,
            }
        };
        match step {
            Step::Done(mut identity) => {
                identity.ivars = ivars;
                return Some(*identity);
            }
            Step::Again(Some(line)) => next = Some(line),
            Step::Again(None) => {}
        }
    }
}

/// Where one attempt ended.
enum Step {
    Done(Box<Identity>),
    /// Back to `login: `; with a line the user already typed as the next name.
    Again(Option<String>),
}

async fn read(conn: &mut Conn) -> Option<Line> {
    conn.next_line().await
}

/// The registered account of this name, if there is one.
pub async fn lookup(shared: &Arc<Shared>, name: &str) -> Option<Account> {
    let name = name.to_string();
    shared
        .store
        .call(move |db| accounts::find(db, &name))
        .await
        .ok()?
        .unwrap_or_else(|e| {
            tracing::error!(error = %e, "account lookup failed");
            None
        })
}

/// Whether an account may log in (an open one, if the database cannot say).
pub async fn standing_of(shared: &Arc<Shared>, id: i64) -> Standing {
    shared
        .store
        .call(move |db| selfserve::standing(db, id))
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or(Standing::Open)
}

/// A catalogue line shown before the user is known, so in English (the
/// language of the whole login dialogue).
fn before_login(m: crate::event::Msg) -> String {
    crate::render::catalogue::text(crate::chess::Lang::En, &m)
}

/// A guest or an unregistered name, without an account. Without a
/// reservation, `name` is one its own earlier session holds (a resumed
/// browser session takes it over).
pub fn anonymous(reservation: Option<Reservation>, name: &str, guest: bool) -> Identity {
    Identity {
        name: name.to_string(),
        account: None,
        titles: Titles {
            unregistered: true,
            ..Titles::default()
        },
        ivars: Ivars::default(),
        saved_vars: Vec::new(),
        rating: None,
        rating960: None,
        aliases: Vec::new(),
        muzzled: false,
        reservation,
        guest,
    }
}

async fn guest(conn: &mut Conn, shared: &Arc<Shared>) -> Option<Step> {
    let reservation = Reservation::guest(shared);
    let name = reservation.name.clone();
    let text = format!(
        "\nLogging you in as \"{name}\"; you may use this name to play unrated games.\n\
         (After logging in, do \"help register\" for more info on how to register.)\n\n\
         Press return to enter the server as \"{name}\":\n"
    );
    press_return(conn, reservation, &text, true).await
}

async fn unregistered(conn: &mut Conn, shared: &Arc<Shared>, name: &str) -> Option<Step> {
    let Some(reservation) = Reservation::hold(shared, name) else {
        conn.write_text(&format!(
            "\nSorry, {name} is already logged in.  Try again.\n{PROMPT}"
        ))
        .await
        .ok()?;
        return Some(Step::Again(None));
    };
    let text = format!(
        "\n\"{name}\" is not a registered name.  You may play unrated games as a guest.\n\
         (After logging in, do \"help register\" for more info on how to register.)\n\n\
         Press return to enter the server as \"{name}\":\n"
    );
    press_return(conn, reservation, &text, false).await
}

/// "Press return": an empty line enters; anything else is a new name.
async fn press_return(
    conn: &mut Conn,
    reservation: Reservation,
    text: &str,
    guest: bool,
) -> Option<Step> {
    conn.write_text(text).await.ok()?;
    match read(conn).await? {
        Line::Text(t) if t.trim().is_empty() => {
            // Real FICS sends IAC WONT ECHO here too, although it never said
            // WILL ECHO to a guest. We send it only after a password (RFC 857:
            // WONT answers a change), which keeps xboard's log parseable.
            let name = reservation.name.clone();
            Some(Step::Done(Box::new(anonymous(
                Some(reservation),
                &name,
                guest,
            ))))
        }
        Line::Text(t) => Some(Step::Again(Some(t))),
        Line::TooLong => {
            conn.write_text(PROMPT).await.ok()?;
            Some(Step::Again(None))
        }
    }
}

async fn registered(
    conn: &mut Conn,
    shared: &Arc<Shared>,
    peer: SocketAddr,
    account: Account,
) -> Option<Step> {
    let standing = standing_of(shared, account.id).await;
    if standing == Standing::Closed {
        let line = before_login(msg!("login-closed-account", name = &account.name));
        conn.write_text(&format!("\n{line}\n{PROMPT}")).await.ok()?;
        return Some(Step::Again(None));
    }
    let text = format!(
        "\n\"{}\" is a registered name.  If it is yours, type the password.\n\
         If not, just hit return to try another name.\n\npassword: ",
        account.name
    );
    // A person at a terminal gets echo turned off for the password. A
    // program that typed the password ahead (xboard's logon script, Jin)
    // gets no negotiation at all: its password is already sent, and telnet
    // options in the middle of its prompt only confuse its parser.
    // Programs send the password right after the name; give it a moment
    // to arrive before deciding (no person types a password that fast).
    if !conn.line_waiting() {
        let _ = tokio::time::timeout(TYPEAHEAD_GRACE, conn.wait_for_line()).await;
    }
    let echo_off = !conn.line_waiting();
    let mut bytes = Vec::new();
    crate::net::telnet::to_wire(&text, &mut bytes);
    if echo_off {
        bytes.extend_from_slice(WILL_ECHO);
    }
    conn.write(&bytes).await.ok()?;
    let line = read(conn).await;
    // Echo back on, and the newline that starts whatever comes next, in one
    // write: a client such as xboard then never sees the telnet options in
    // an unfinished line (it would parse them again with the next read).
    let mut after = Vec::new();
    if echo_off {
        after.extend_from_slice(WONT_ECHO);
    }
    after.extend_from_slice(b"\n\r");
    conn.write(&after).await.ok()?;
    let password = match line? {
        Line::Text(t) => t,
        Line::TooLong => {
            conn.write_text("That line was too long.\n").await.ok()?;
            String::new()
        }
    };
    if password.is_empty() {
        conn.write_text(PROMPT).await.ok()?;
        return Some(Step::Again(None));
    }
    if !password_ok(shared, peer, &account, password).await {
        conn.write_text(&format!("**** Invalid password! ****\n\n{PROMPT}"))
            .await
            .ok()?;
        return Some(Step::Again(None));
    }
    if standing == Standing::Pending {
        let line = before_login(msg!("login-waiting-approval", name = &account.name));
        conn.write_text(&format!("{line}\n\n{PROMPT}")).await.ok()?;
        return Some(Step::Again(None));
    }
    match load_account(shared, peer, account).await? {
        Ok(identity) => Some(Step::Done(Box::new(identity))),
        Err(Banned(name)) => {
            let _ = conn
                .write_text(&format!("\n**** {name} is banned from this server. ****\n"))
                .await;
            None
        }
    }
}

/// Checks a password within the login throttle (docs/protocol.md §1.4),
/// counting a failure where the throttle and the metrics see it.
pub async fn password_ok(
    shared: &Arc<Shared>,
    peer: SocketAddr,
    account: &Account,
    password: String,
) -> bool {
    let delay = shared
        .throttle()
        .delay(peer.ip(), account.id, tokio::time::Instant::now());
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let hash = account.password_hash.clone();
    let ok = shared.hasher.verify(password, hash).await;
    if !ok {
        let failures = shared
            .throttle()
            .failed(peer.ip(), account.id, tokio::time::Instant::now());
        tracing::warn!(addr = %peer.ip(), name = %account.name, failures, "invalid password");
        shared.meters.login_failed.increment(1);
        return false;
    }
    shared
        .throttle()
        .succeeded(peer.ip(), account.id, tokio::time::Instant::now());
    true
}

/// A banned account's name: it may not log in.
pub struct Banned(pub String);

/// Everything a registered user's session starts with (saved variables,
/// aliases, rating), once they are known to be who they say; None if the
/// database is gone.
pub async fn load_account(
    shared: &Arc<Shared>,
    peer: SocketAddr,
    account: Account,
) -> Option<Result<Identity, Banned>> {
    let id = account.id;
    let (saved_vars, aliases, (rating, rating960), limits) = shared
        .store
        .call(move |db| {
            let limits = admin::restrictions(db, id).unwrap_or_default();
            if !limits.banned {
                let _ = accounts::record_login(db, id, unix_now());
            }
            (
                accounts::load_vars(db, id).unwrap_or_default(),
                accounts::load_aliases(db, id).unwrap_or_default(),
                (
                    ratings::load(db, id).unwrap_or_else(|_| crate::rating::Rating::new()),
                    ratings::load_in(db, id, crate::chess::Variant::Atomic960)
                        .unwrap_or_else(|_| crate::rating::Rating::new()),
                ),
                limits,
            )
        })
        .await
        .ok()?;
    if limits.banned {
        tracing::warn!(addr = %peer.ip(), name = %account.name, "login refused: banned");
        return Some(Err(Banned(account.name)));
    }
    Some(Ok(Identity {
        name: account.name.clone(),
        titles: account.titles,
        account: Some(account),
        ivars: Ivars::default(),
        saved_vars,
        rating: Some(rating),
        rating960: Some(rating960),
        aliases,
        muzzled: limits.muzzled,
        reservation: None,
        guest: false,
    }))
}
