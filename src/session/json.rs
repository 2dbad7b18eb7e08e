//! A session in the JSON framing of `/ws` (docs/json-protocol.md): the
//! greeting after a login, what the world sends (events, boards, a game's
//! start, a kick) as JSON messages, and each `cmd` message run through the
//! same command loop, budget and limits as a telnet line, its reply one
//! `reply` message with the parts the command produced.
//!
//! The session's own rules (login, budget, output cap, idle logout) are
//! those of `session/mod.rs`; only what goes over the wire differs.

use serde_json::{Value, json};

use super::conn::{Conn, Line};
use super::json_login::{Incoming, WebLogin, error, incoming, send};
use super::resume::{self, Claim, Use};
use crate::chess::Lang;
use crate::commands::{self, Part, Reply};
use crate::event::{Msg, Viewer};
use crate::net::telnet;
use crate::render::json::{self, message};
use crate::settings::ivars::{Ivar, Ivars};
use crate::settings::vars::{Switch, Vars};
use crate::timefmt::unix_now;
use crate::user::User;
use crate::world::Out;

/// What a browser's session is set to for this connection only (nothing
/// is saved): it hears every seek and their removals, its own seeks among
/// them, no bell, and the page's language.
pub fn setup(vars: &mut Vars, ivars: &mut Ivars, lang: Option<Lang>) {
    let _ = vars.set("seek", "1");
    let _ = vars.set("bell", "0");
    if let Some(lang) = lang {
        let _ = vars.set("lang", lang.code());
    }
    ivars.put(Ivar::SEEKREMOVE, true);
    ivars.put(Ivar::SHOWOWNSEEK, true);
}

/// Whether this user's boards show Black at the bottom for `viewer`.
fn flip(session: &User, viewer: Viewer) -> bool {
    viewer.black_at_bottom() ^ session.vars.switch(Switch::Flip) ^ session.flipped
}

/// The database id of the game this user plays now, if any.
fn game_row(session: &User) -> Option<i64> {
    let world = session.shared.world();
    let no = world.player(session.id)?.game?;
    world.games.get(&no).map(|g| g.db_id)
}

/// A new ticket for this session: what the page trades for its cookie.
pub fn ticket(session: &User) -> Value {
    let nonce = session.web.unwrap_or_default();
    let now = unix_now();
    let claim = Claim {
        use_: Use::Ticket,
        nonce,
        name: session.name.clone(),
        account: session.account_id,
        game: game_row(session),
        exp: now,
    }
    .as_use(Use::Ticket, now);
    let signed = resume::sign(&session.shared.resume_key, &claim);
    message(
        "ticket",
        json!({ "ticket": signed, "expires_in": resume::TICKET_SECS }),
    )
}

/// What a session says first after its login: who it is (and that it
/// came back), a ticket for the cookie, the message of the day and the
/// notices of the login, and every seek it may answer.
pub async fn greet(
    session: &User,
    conn: &mut Conn,
    web: WebLogin,
    guest: bool,
    kicked: bool,
    notices: &[Msg],
) -> std::io::Result<()> {
    let (_, titles) = json::name_and_titles(&session.display_name());
    let game = session
        .shared
        .world()
        .player(session.id)
        .and_then(|p| p.game);
    let mut out = vec![
        message(
            "login",
            json!({
                "result": "ok",
                "name": session.name,
                "titles": titles,
                "registered": session.is_registered(),
                "guest": guest,
                "resumed": web.resumed,
                "kicked": kicked,
                "game": game,
                "lang": session.vars.lang.code(),
            }),
        ),
        ticket(session),
    ];
    let motd = session.shared.motd();
    let motd = motd.for_lang(session.vars.lang);
    if !motd.trim().is_empty() {
        out.push(json::text(motd));
    }
    let view = session.view();
    if !notices.is_empty() {
        out.push(json::lines(&view, notices));
    }
    let seeks = session.shared.world().seekinfo_snapshot(session.id);
    out.push(json::seeks(&seeks));
    write_all(conn, &out).await
}

async fn write_all(conn: &mut Conn, messages: &[Value]) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    for m in messages {
        serde_json::to_writer(&mut bytes, m).expect("a value serializes");
        bytes.push(b'\n');
    }
    conn.write(&bytes).await
}

/// One catalogue line, unasked (the budget's warnings).
pub async fn notice(session: &User, conn: &mut Conn, m: &Msg) -> std::io::Result<()> {
    send(conn, &json::lines(&session.view(), std::slice::from_ref(m))).await
}

/// The server closes the session: why, in words too.
pub fn bye(reason: &str, text: &str) -> Value {
    message("bye", json!({ "reason": reason, "text": text.trim() }))
}

/// Writes one message of the world as JSON.
pub async fn write_out(session: &mut User, conn: &mut Conn, out: Out) -> std::io::Result<()> {
    match out {
        Out::Text(text) => send(conn, &json::text(&text)).await,
        Out::Event(ev) => match json::event(&session.view(), &ev) {
            Some(m) => send(conn, &m).await,
            None => Ok(()),
        },
        Out::Kick(why) => {
            let _ = send(conn, &json::kick(&session.view(), &why)).await;
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
            super::confirm_stored(session, stored).await;
            let my_turn = viewer.relation(&board) == 1;
            send(conn, &json::board(&board, viewer, flip(session, viewer))).await?;
            super::out::count_relay(session, my_turn.then_some(board.made_at).flatten());
            Ok(())
        }
        Out::GameStart {
            intro,
            board,
            viewer,
            stored,
        } => {
            super::confirm_stored(session, stored).await;
            session.flipped = false;
            let start = json::game_start(
                &session.view(),
                &intro,
                &board,
                viewer,
                flip(session, viewer),
            );
            let mut out = vec![start];
            if matches!(viewer, Viewer::Player(_)) {
                // The cookie names the game it plays from now on.
                out.push(ticket(session));
            }
            write_all(conn, &out).await
        }
    }
}

/// Runs one message the user sent and writes its answer.
pub async fn handle_line(session: &mut User, conn: &mut Conn, line: Line) -> std::io::Result<()> {
    let view_text = |session: &User, m: &Msg| {
        let mut t = String::new();
        crate::render::fics::msg(&session.view(), m, &mut t);
        t
    };
    let text = match line {
        Line::Text(t) => t,
        Line::TooLong => {
            let t = view_text(session, &crate::msg!("line-too-long"));
            return send(conn, &error("too_long", &t, None)).await;
        }
    };
    let (line, id) = match incoming(&text) {
        Incoming::Cmd { line, id } => (line, id),
        Incoming::Login { .. } => {
            let e = error("logged_in", "This session is logged in already.", None);
            return send(conn, &e).await;
        }
        Incoming::Bad(e) => return send(conn, &e).await,
    };
    // The same line a telnet user could type: printable ASCII, the same limit.
    let line = telnet::sanitize(line.as_bytes());
    if line.len() > telnet::MAX_LINE {
        let t = view_text(session, &crate::msg!("line-too-long"));
        return send(conn, &error("too_long", &t, id.as_ref())).await;
    }
    let moves = session.moves_played;
    let reply = commands::execute(session, &line).await;
    if session.moves_played != moves {
        // The reply shows the board after the move, queued by now.
        super::confirm_stored(session, session.shared.store.last_ticket()).await;
    }
    send(conn, &reply_message(session, &reply, id)).await
}

/// A command's reply as one message: whether it went (no refusal, no
/// error), its block-mode code, its parts as messages, and its text.
pub fn reply_message(session: &User, reply: &Reply, id: Option<Value>) -> Value {
    let view = session.view();
    let mut messages: Vec<Value> = Vec::new();
    let mut lines: Vec<Msg> = Vec::new();
    let (items, failed) = match &reply.parts {
        Some(p) => (p.items.as_slice(), p.failed),
        None => (&[][..], false),
    };
    let flush = |lines: &mut Vec<Msg>, messages: &mut Vec<Value>| {
        if !lines.is_empty() {
            messages.push(json::lines(&view, lines));
            lines.clear();
        }
    };
    for part in items {
        if let Part::Line(m) = part {
            lines.push(m.clone());
            continue;
        }
        flush(&mut lines, &mut messages);
        match part {
            Part::Text(t) => messages.push(json::text(t)),
            Part::Event(e) => messages.extend(json::event(&view, e)),
            Part::Refusal(r) => messages.push(json::refusal(&view, r)),
            Part::Board { board, viewer } => {
                messages.push(json::board(board, *viewer, flip(session, *viewer)))
            }
            Part::Line(_) => {}
        }
    }
    flush(&mut lines, &mut messages);
    let text = messages
        .iter()
        .filter_map(|m| m.get("text").and_then(Value::as_str))
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    message(
        "reply",
        json!({
            "id": id,
            "ok": !failed,
            "code": reply.code,
            "messages": messages,
            "text": text,
        }),
    )
}
