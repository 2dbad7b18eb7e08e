//! One task per connection: the login dialogue, then the command loop.
//!
//! The task owns the socket. It waits at once for input from the client, for
//! messages from the world (its bounded outbox), and for the signals that end
//! it (a kick, a slow-client disconnect, shutdown). Everything the user sees
//! is rendered here, with the user's own settings, never under the world lock.

pub mod budget;
pub mod conn;
mod deadline;
pub mod json;
pub mod json_login;
pub mod login;
mod out;
pub mod resume;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::commands;
use crate::net::timing;
use crate::render::fics;
use crate::render::output::{self, Block};
use crate::settings::ivars::Ivar;
use crate::settings::vars::Vars;
use crate::shared::Shared;
use crate::store::{self, accounts};
use crate::timefmt::unix_now;
use crate::user::User;
use crate::world::Player;
use crate::world::outbox;
use crate::world::talk::{self, Talk};
use conn::{Conn, Line};
use deadline::sleep_until;
use json_login::{WebLogin, WebStart};
pub(crate) use out::confirm_stored;
use out::{deliver, write_out};

/// A client that has not finished logging in by then is disconnected.
const LOGIN_TIMEOUT: Duration = Duration::from_secs(5 * 60);

/// Logs, once and at debug level (`RUST_LOG=atomicd=debug`), the bytes
/// of what every session holds: its task (`task`, from the caller) and the
/// parts inside it, for the account of an idle session in
/// docs/PERFORMANCE.md.
pub fn log_sizes(task: usize) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        tracing::debug!(
            task,
            session = size_of::<User>(),
            conn = size_of::<Conn>(),
            player = size_of::<crate::world::player::Player>(),
            "bytes of one session's parts"
        );
    });
}

/// Serves one telnet connection from accept to close.
pub async fn serve(shared: Arc<Shared>, socket: TcpStream, peer: SocketAddr) {
    serve_conn(shared, Conn::new(socket), peer, WebStart::default()).await;
}

/// Serves one connection of any transport from accept to close; `start`
/// is what a browser's connection in the JSON framing brings (its
/// cookie's claim, its language).
pub async fn serve_conn(shared: Arc<Shared>, mut conn: Conn, peer: SocketAddr, start: WebStart) {
    let meters = shared.meters.clone();
    let by_transport = meters.transport(conn.transport());
    by_transport.connections.increment(1);
    by_transport.open.increment(1.0);
    conn.set_output_limit(
        shared.config().output_buffer_kb.saturating_mul(1024),
        Duration::from_secs_f64(shared.config().output_stall_seconds),
    );
    conn.set_meters(meters.clone());
    // Boxed, here and below: the task of an idle session lives as long as
    // the session, and should be no bigger than the command loop; the
    // futures of logging in and closing are alive only for a moment.
    if let Some((mut session, inbox, kill)) =
        Box::pin(log_in(&shared, &mut conn, peer, &start)).await
    {
        command_loop(&mut session, &mut conn, inbox, &kill).await;
        let left = shared.world().leave(session.id);
        crate::store::logons::note(
            &shared.store,
            &session.name,
            session.account_id.is_some(),
            false,
            peer.ip(),
        );
        if let (Some(_), Some(account)) = (left, session.account_id) {
            shared.store.write("record logout", move |db| {
                accounts::record_logout(db, account, unix_now())
            });
        }
        tracing::info!(name = %session.name, "logout");
    }
    Box::pin(conn.close()).await;
    by_transport.open.decrement(1.0);
}

/// The login dialogue, within the login time limit, and the entry into the
/// world; None if the client did not get that far.
async fn log_in(
    shared: &Arc<Shared>,
    conn: &mut Conn,
    peer: SocketAddr,
    start: &WebStart,
) -> Option<(Box<User>, outbox::Receiver, CancellationToken)> {
    let json = conn.is_json();
    let dialogue = async {
        if json {
            json_login::login(conn, shared, peer, start)
                .await
                .map(|(id, web)| (id, Some(web)))
        } else {
            login::login(conn, shared, peer).await.map(|id| (id, None))
        }
    };
    let (identity, web) = tokio::select! {
        identity = dialogue => identity,
        _ = shared.shutdown.cancelled() => None,
        _ = tokio::time::sleep(LOGIN_TIMEOUT) => {
            let _ = if json {
                json_login::send(conn, &json::bye("login_timeout", "**** LOGIN TIMEOUT ****")).await
            } else {
                conn.write_text("\n**** LOGIN TIMEOUT ****\n").await
            };
            None
        }
    }?;
    enter(shared, conn, identity, peer, web, start.lang).await
}

/// Puts a user who logged in into the world and greets them; None if the
/// client left meanwhile.
async fn enter(
    shared: &Arc<Shared>,
    conn: &mut Conn,
    mut identity: login::Identity,
    peer: SocketAddr,
    web: Option<WebLogin>,
    lang: Option<crate::chess::Lang>,
) -> Option<(Box<User>, outbox::Receiver, CancellationToken)> {
    let (outbox, inbox) = outbox::outbox();
    // A child of the shutdown token: the command loop waits on one token,
    // which a shutdown cancels too.
    let kill = shared.shutdown.child_token();
    let id = shared.next_session_id();
    let mut vars = Vars::default();
    vars.restore(&identity.saved_vars);
    if web.is_some() {
        json::setup(&mut vars, &mut identity.ivars, lang);
    }
    let account_id = identity.account.as_ref().map(|a| a.id);
    let at_login = store::lists::load_at_login(&shared.store, account_id).await;
    let now = Instant::now();
    let player = Player {
        id,
        name: identity.name.clone(),
        account_id: identity.account.as_ref().map(|a| a.id),
        titles: identity.titles,
        vars: vars.clone(),
        ivars: identity.ivars,
        addr: peer.ip(),
        timeseal: conn.timeseal().is_some(),
        login_unix: unix_now(),
        login_at: now,
        last_input: now,
        commands: 0,
        outbox,
        kill: kill.clone(),
        game: None,
        examining: None,
        observing: Default::default(),
        last_opponent: None,
        last_color: None,
        promote: shakmaty::Role::Queen,
        muzzled: identity.muzzled,
        web: web.map(|w| w.nonce),
        rating: identity.rating.clone(),
        rating960: identity.rating960.clone(),
        round_trip_ms: None,
        last_lag_ms: 0,
        talk: Talk::new(at_login.lists),
    };
    let (kicked, arrival) = {
        let mut world = shared.world();
        let kicked = world.enter(player);
        let mut arrival = world.announce_arrival(id);
        arrival.extend(world.restart_notices(id));
        (kicked, arrival)
    };
    drop(identity.reservation.take());
    let session = Box::new(User {
        shared: shared.clone(),
        id,
        name: identity.name,
        account_id: identity.account.as_ref().map(|a| a.id),
        titles: identity.titles,
        vars,
        ivars: identity.ivars,
        aliases: identity.aliases,
        addr: peer,
        quit: false,
        flipped: false,
        timing: timing::Timing::new(conn.timeseal(), conn.timeseal_pings()),
        moves_played: 0,
        web: web.map(|w| w.nonce),
    });
    tracing::info!(name = %session.name, addr = %peer.ip(), registered = session.is_registered(), transport = conn.transport().label(), "login");
    store::logons::note(
        &shared.store,
        &session.name,
        session.is_registered(),
        true,
        peer.ip(),
    );
    let meters = &shared.meters;
    match (session.is_registered(), identity.guest) {
        (true, _) => meters.login_registered.increment(1),
        (false, true) => meters.login_guest.increment(1),
        (false, false) => meters.login_unregistered.increment(1),
    }

    if let Some(web) = web {
        let mut notices: Vec<_> = talk::new_messages_notice(at_login.new_messages)
            .into_iter()
            .collect();
        notices.extend(arrival);
        let kicked = kicked.is_some();
        if json::greet(&session, conn, web, identity.guest, kicked, &notices)
            .await
            .is_err()
        {
            shared.world().leave(id);
            return None;
        }
        return Some((session, inbox, kill));
    }
    let mut start = String::new();
    let view = session.view();
    if kicked.is_some() {
        fics::line(
            &view,
            &crate::msg!("login-kicking", name = &session.name),
            &mut start,
        );
    }
    // After a password the newline is already out (with IAC WONT ECHO);
    // a guest gets the blank line FICS sends after "Press return".
    if session.account_id.is_none() {
        start.push_str("\n\n");
    }
    // Every client waits for this line to know it is logged in (a GUI
    // line). The web client reads it before it sets style 12: over a
    // WebSocket it is a GUI's from the start.
    let start_view = crate::render::view::View {
        gui: view.gui || conn.transport() != crate::net::socket::Transport::Telnet,
        ..view
    };
    fics::line(
        &start_view,
        &crate::msg!("login-starting", name = session.display_name()),
        &mut start,
    );
    start.push_str(shared.motd().for_lang(view.lang));
    if let Some(notice) = talk::new_messages_notice(at_login.new_messages) {
        fics::line(&view, &notice, &mut start);
    }
    for m in &arrival {
        fics::line(&view, m, &mut start);
    }
    start.push('\n');
    start.push_str(&session.shape().prompt);
    if conn.write_text(&start).await.is_err() {
        shared.world().leave(id);
        return None;
    }
    Some((session, inbox, kill))
}

async fn command_loop(
    session: &mut User,
    conn: &mut Conn,
    mut inbox: outbox::Receiver,
    kill: &CancellationToken,
) {
    // Made once, not per turn of the loop: the session waits on the one
    // token, and wakes for nothing else but its socket and its inbox.
    let stopped = kill.cancelled();
    tokio::pin!(stopped);
    let mut gate = budget::Gate::new(session.shared.config().command_budget, Instant::now());
    loop {
        // A client with more output waiting than the cap gets nothing more,
        // and nothing it typed runs, until it has read some: its big reply
        // drains, its messages wait in the outbox.
        while !conn.over_limit() {
            let line = match gate.next(|| conn.pop_line(), Instant::now()) {
                budget::Next::Run(line) => line,
                budget::Next::Idle => break,
                budget::Next::Held { tell } => {
                    if tell && Box::pin(slow_down(session, conn)).await.is_err() {
                        return;
                    }
                    break;
                }
                budget::Next::Flooding => return Box::pin(flooded(session, conn)).await,
            };
            // Telnet answers that came before this line go out before its reply.
            if conn.flush_replies().await.is_err() {
                return;
            }
            let moves = session.moves_played;
            if Box::pin(handle_line(session, conn, line)).await.is_err() || session.quit {
                return;
            }
            gate.refund(session.moves_played.wrapping_sub(moves));
            if Box::pin(deliver(session, conn, &mut inbox)).await.is_err() {
                return;
            }
        }
        note_ping_reply(session, conn);
        // (A line held back by the budget still runs after a close: the
        // readable branch finds the end and runs it.)
        if conn.flush_replies().await.is_err() || (conn.is_closed() && gate.wake().is_none()) {
            return;
        }
        let read = !conn.over_limit() && !conn.typeahead_full();
        let write = conn.unsent_len() > 0;
        tokio::select! {
            biased;
            _ = &mut stopped => {
                if !session.shared.shutdown.is_cancelled() {
                    // Kicked: the outbox overflowed.
                    session.shared.meters.slow_clients_cut.increment(1);
                    return;
                }
                // The ends of the games come before the goodbye.
                let _ = Box::pin(async {
                    let _ = deliver(session, conn, &mut inbox).await;
                    let mut text = String::from("\n\n");
                    fics::line(&session.view(), &crate::msg!("shutdown-goodbye"), &mut text);
                    text.push('\n');
                    if session.json() {
                        json_login::send(conn, &json::bye("shutdown", &text)).await
                    } else {
                        conn.write_text(&text).await
                    }
                })
                .await;
                return;
            }
            _ = sleep_until(gate.wake()), if gate.wake().is_some() => {}
            _ = sleep_until(conn.stall_deadline()), if conn.over_limit() => {
                tracing::warn!(name = %session.name, "client stopped reading; disconnecting");
                conn.count_slow_cut();
                return;
            }
            message = inbox.recv(), if !conn.over_limit() => {
                let written = Box::pin(async {
                    write_out(session, conn, message).await?;
                    deliver(session, conn, &mut inbox).await
                })
                .await;
                if written.is_err() {
                    return;
                }
            }
            // One wait for both sides of the socket (one future in the
            // task of every idle session, not two).
            ready = conn.ready(read, write), if read || write => {
                let (readable, writable) = ready.unwrap_or((true, false));
                if writable && conn.push().is_err() {
                    return;
                }
                if readable && !conn.read_now() {
                    // The client is gone; lines that came with the end still run.
                    let mut held = gate.take_held();
                    while let Some(line) = held.take().or_else(|| conn.pop_line()) {
                        if Box::pin(handle_line(session, conn, line)).await.is_err() || session.quit {
                            break;
                        }
                    }
                    return;
                }
            }
        }
    }
}

/// Tells a user whose lines now wait for the command budget, once.
async fn slow_down(session: &User, conn: &mut Conn) -> std::io::Result<()> {
    let mut text = String::new();
    // The rate as configured, a number with or without decimals.
    let rate = session
        .shared
        .config()
        .command_budget
        .per_second
        .to_string();
    let m = crate::msg!("budget-slow-down", rate = rate);
    if session.json() {
        return json::notice(session, conn, &m).await;
    }
    fics::line(&session.view(), &m, &mut text);
    conn.write(&output::unsolicited(&text, &session.shape()))
        .await
}

/// Disconnects a session that stayed behind its command budget too long.
async fn flooded(session: &User, conn: &mut Conn) {
    tracing::warn!(
        name = %session.name,
        addr = %session.addr.ip(),
        "command flood: behind the command budget too long; disconnecting"
    );
    session.shared.meters.flooders_cut.increment(1);
    let mut text = String::from("\n");
    fics::line(&session.view(), &crate::msg!("budget-flooded"), &mut text);
    let _ = if session.json() {
        json_login::send(conn, &json::bye("flood", &text)).await
    } else {
        conn.write_text(&text).await
    };
}

/// Takes in a timeseal client's answer to `[G]`, if one came.
fn note_ping_reply(session: &mut User, conn: &mut Conn) {
    if let Some(stamp) = conn.take_ping_reply()
        && let Some(rtt) = session.timing.on_ping_reply(stamp)
        && let Some(p) = session.shared.world().player_mut(session.id)
    {
        p.round_trip_ms = Some(rtt);
    }
}

/// Runs one line the user typed and writes the reply with the prompt.
async fn handle_line(session: &mut User, conn: &mut Conn, line: Line) -> std::io::Result<()> {
    if session.json() {
        return json::handle_line(session, conn, line).await;
    }
    note_ping_reply(session, conn);
    session.timing.on_line(conn.last_stamp());
    let block_before = session.ivars.get(Ivar::BLOCK);
    let text = match line {
        Line::TooLong => {
            let block = block_before.then_some(Block {
                id: 0,
                code: output::code::LENGTH,
                start: true,
                end: true,
            });
            let mut text = String::new();
            fics::line(&session.view(), &crate::msg!("line-too-long"), &mut text);
            let reply = output::reply(&text, block, &session.shape());
            return conn.write(&reply).await;
        }
        Line::Text(text) => text,
    };
    let (block_id, command) = if block_before {
        match output::split_block_id(&text) {
            Some((id, rest)) => (id, rest.to_string()),
            None => {
                return conn
                    .write(&output::missing_block_id(&session.shape()))
                    .await;
            }
        }
    } else {
        (0, text)
    };
    let moves = session.moves_played;
    let reply = commands::execute(session, &command).await;
    if session.moves_played != moves {
        // The reply shows the board after the move, queued by now.
        confirm_stored(session, session.shared.store.last_ticket()).await;
    }
    let block_after = session.ivars.get(Ivar::BLOCK);
    let block = (block_before || block_after).then_some(Block {
        id: block_id,
        code: reply.code,
        start: block_before,
        end: block_after || block_before,
    });
    let mut shape = session.shape();
    if session.quit {
        // The last words of a session come without a prompt.
        shape.prompt = "".into();
    }
    conn.append(|out| output::reply_into(&reply.text, block, &shape, out))
}
