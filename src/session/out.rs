//! What the world sends a session, written out: the messages of its
//! outbox rendered for this user (FICS text or, for a browser, JSON) and
//! the boards, each held until the store has its move.

use std::time::Duration;

use tokio::time::Instant;

use super::conn::Conn;
use super::json;
use crate::render::fics;
use crate::render::output;
use crate::settings::vars::Switch;
use crate::store::Ticket;
use crate::user::User;
use crate::world::game::Viewer;
use crate::world::{Out, outbox};

/// Writes the messages already waiting in the outbox, until the output
/// buffer is over the cap (the rest wait their turn there).
pub(super) async fn deliver(
    session: &mut User,
    conn: &mut Conn,
    inbox: &mut outbox::Receiver,
) -> std::io::Result<()> {
    while !conn.over_limit()
        && let Some(message) = inbox.try_recv()
    {
        write_out(session, conn, message).await?;
    }
    Ok(())
}

/// Waits until the store has handled every write up to `ticket`, the last
/// one queued when the world sent the board (its move among them), within
/// `[store] board_wait_ms`; writes queued later, by other games, are not
/// waited for: a board a player saw shows a move that a `kill -9`
/// cannot take back. A slow or failing store is waited for once, then not
/// until it has caught up (counted in `atomicd_boards_unconfirmed_total`).
/// How long it waited goes to `atomicd_board_wait_seconds`; a board whose
/// move was committed already is only counted.
pub(crate) async fn confirm_stored(session: &User, ticket: Ticket) {
    let shared = &session.shared;
    if shared.store.is_handled(ticket) {
        shared.meters.boards_at_once.increment(1);
        return;
    }
    let started = Instant::now();
    let patience = Duration::from_millis(shared.config().store.board_wait_ms);
    let confirmed = shared.store.confirm(ticket, patience).await;
    shared
        .meters
        .board_wait
        .record(started.elapsed().as_secs_f64());
    if !confirmed {
        shared.meters.boards_unconfirmed.increment(1);
    }
}

/// Renders one unsolicited message for this user and writes it.
pub(super) async fn write_out(
    session: &mut User,
    conn: &mut Conn,
    message: Out,
) -> std::io::Result<()> {
    if session.json() {
        return json::write_out(session, conn, message).await;
    }
    match message {
        Out::Text(text) => {
            conn.write(&output::unsolicited(&text, &session.shape()))
                .await
        }
        Out::Event(event) => {
            let mut text = String::new();
            fics::event(&session.view(), &event, &mut text);
            // An event that says nothing to this user is not written.
            if text.is_empty() {
                return Ok(());
            }
            conn.write(&output::unsolicited(&text, &session.shape()))
                .await
        }
        Out::Kick(why) => {
            let mut text = String::from("\n");
            fics::kick(&session.view(), &why, &mut text);
            let _ = conn.write_text(&text).await;
            Err(std::io::Error::new(
                std::io::ErrorKind::ConnectionAborted,
                "kicked",
            ))
        }
        Out::Board {
            board,
            viewer,
            stored,
        } => {
            confirm_stored(session, stored).await;
            let my_turn = viewer.relation(&board) == 1;
            let relayed = my_turn.then_some(board.made_at).flatten();
            // The board this user must answer is preceded by a timeseal
            // ping (docs/protocol.md §2.1), so the client stamps its arrival.
            let ping = if my_turn { session.timing.ping() } else { "" };
            let bell = my_turn && session.vars.switch(Switch::Bell);
            let style = session.board_style();
            let shape = session.shape();
            conn.append(|out| {
                if bell {
                    out.push(0x07);
                }
                style.unsolicited(&board, viewer, ping, &shape, out);
            })?;
            count_relay(session, relayed);
            Ok(())
        }
        Out::GameStart {
            intro,
            board,
            viewer,
            stored,
        } => {
            confirm_stored(session, stored).await;
            session.flipped = false;
            if matches!(viewer, Viewer::Player(_)) {
                session.timing.new_game();
            }
            let mut text = String::new();
            fics::intro(&session.view(), &intro, &mut text);
            text.push('\n');
            if viewer.relation(&board) == 1 {
                text.push_str(session.timing.ping());
            }
            session.board_body(&board, viewer, &mut text);
            conn.write(&output::unsolicited(&text, &session.shape()))
                .await
        }
    }
}

/// Counts a board that gives its reader the move, made at `made`: the
/// opponent of the mover has it, and that is the relay
/// (`atomicd_moves_relayed_total` and its latency), in either framing.
pub(super) fn count_relay(session: &User, made: Option<Instant>) {
    if let Some(made) = made {
        let meters = &session.shared.meters;
        meters.moves_relayed.increment(1);
        meters.relay_latency.record(made.elapsed().as_secs_f64());
    }
}
