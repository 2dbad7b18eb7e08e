//! `/ws`: the FICS protocol over WebSocket.
//!
//! A WebSocket session is a session like any other: a small pump (below)
//! moves frames between the browser and a [`crate::net::pipe`], and the
//! session runs on the other end of that pipe exactly as it runs on a TCP
//! socket: the same login, command loop, limits and disconnect handling.
//!
//! Three framings, chosen at the upgrade (`?framing=NAME` or the
//! subprotocol `NAME`; text otherwise):
//!
//! * text frames: each frame from the browser is one or more input lines
//!   (the last needs no line end); each frame to it is one write of the
//!   server (a reply with its prompt, a board, a tell), whole lines with
//!   their `\n\r` ends and never a telnet command;
//! * binary frames: the raw telnet byte stream both ways, timeseal
//!   included, as behind a websockify bridge;
//! * JSON (`?framing=json` or the subprotocol `json`): one JSON message
//!   per text frame both ways, the typed events and commands of
//!   docs/json-protocol.md; the browser client's. Its connection brings
//!   the page's language (`&lang=fr`) and the resume cookie, if any.
//!
//! A message over [`MAX_MESSAGE`] bytes closes the connection (1009), as
//! does invalid UTF-8 in a text frame (1007), and a frame of the other
//! framing's kind (1003: a binary frame would carry raw bytes past the text
//! framing's rules); a line over 1,024 bytes gets the telnet port's "too
//! long" line. A close from the browser is answered with the same code
//! before the connection ends (RFC 6455 §5.5.1). The pump pings the
//! browser every `web_ping_seconds` and drops it when two pings in a row
//! go unanswered.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Extension, Query};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite;

use super::listener::Peer;
use super::proxy::Client;
use super::router::State;
use crate::chess::Lang;
use crate::net::pipe::{self, Frame, Framing, SocketEnd};
use crate::server::admit_client;
use crate::session::json_login::WebStart;
use crate::session::{self, conn::Conn};
use crate::shared::Shared;

/// The largest message (and frame) a browser may send.
pub const MAX_MESSAGE: usize = 64 * 1024;

/// A write to the browser that takes longer means it stopped reading.
const WRITE_TIMEOUT: Duration = Duration::from_secs(60);

/// What the WebSocket layer reads at a time. Small on purpose: it zeroes
/// that much at every poll of the socket, ready or not (4 KiB of it was a
/// quarter of the server's instructions per move; a bigger frame is read
/// in several reads).
pub const READ_BUFFER: usize = 512;

/// Close codes (RFC 6455 §7.4.1).
const CLOSE_NORMAL: u16 = 1000;
const CLOSE_PROTOCOL: u16 = 1002;
const CLOSE_UNSUPPORTED: u16 = 1003;
const CLOSE_INVALID_DATA: u16 = 1007;
const CLOSE_TOO_BIG: u16 = 1009;

/// The upgrade: the Origin check, the framing, then the session.
pub async fn upgrade(
    axum::extract::State(state): State,
    ConnectInfo(Peer(peer)): ConnectInfo<Peer>,
    Extension(client): Extension<Client>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let shared = state.shared.clone();
    let text = |h| headers.get(h).and_then(|v| v.to_str().ok());
    let config = shared.config();
    if !super::origin::allowed(
        text(header::ORIGIN),
        text(header::HOST),
        &config.web_origins,
        config.public_origin().as_deref(),
    ) {
        shared.meters.ws_refused_origin.increment(1);
        tracing::warn!(addr = %client.ip, origin = ?text(header::ORIGIN), "WebSocket refused: origin not allowed");
        return (
            StatusCode::FORBIDDEN,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "This page's origin may not open a session on this server.\n",
        )
            .into_response();
    }
    drop(config);
    // A client behind a trusted proxy is counted for its own address here
    // (its proxy's connection counts in the total already).
    let client_slot = if client.via_proxy {
        match admit_client(&shared, client.ip) {
            Some(slot) => Some(slot),
            None => {
                tracing::warn!(addr = %client.ip, "WebSocket refused: limit reached");
                return (
                    StatusCode::SERVICE_UNAVAILABLE,
                    [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                    "Your address has too many connections; try later.\n",
                )
                    .into_response();
            }
        }
    } else {
        None
    };
    let peer = client.socket_addr(peer);
    let asked = |name: &str| {
        query
            .get("framing")
            .is_some_and(|f| f.eq_ignore_ascii_case(name))
            || ws
                .requested_protocols()
                .any(|p| p.as_bytes() == name.as_bytes())
    };
    let framing = if asked("json") {
        Framing::Json
    } else if asked("binary") {
        Framing::Binary
    } else {
        Framing::Text
    };
    // A browser in the JSON framing brings its resume token (a cookie the
    // page cannot read) and its language.
    let start = match framing {
        Framing::Json => WebStart {
            claim: super::session_cookie::claim(&shared, &headers),
            lang: query.get("lang").and_then(|l| Lang::from_code(l)),
        },
        _ => WebStart::default(),
    };
    let ping = Some(Duration::from_secs(shared.config().web_ping_seconds)).filter(|d| !d.is_zero());
    ws.protocols(["binary", "text", "json"])
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| {
            let tracker = shared.sessions.clone();
            tracker.track_future(async move {
                run(shared, socket, peer, framing, ping, start).await;
                drop(client_slot);
            })
        })
}

/// Runs the session on its pipe and pumps frames until both have ended.
///
/// Both run in the one task that the upgrade gave us, and each time the
/// task wakes it polls the pump (frames in), the session (lines in, output
/// out), then the pump again (frames out): a board the session writes
/// leaves in the same poll, with no hand-over to another task or thread.
/// So a WebSocket session costs one task, as a telnet one, and its boards
/// no wake-up more (docs/PERFORMANCE.md has the figures).
async fn run(
    shared: Arc<Shared>,
    socket: WebSocket,
    peer: SocketAddr,
    framing: Framing,
    ping: Option<Duration>,
    start: WebStart,
) {
    let (session_end, socket_end) = pipe::pipe(framing);
    let conn = Conn::websocket(session_end);
    let mut session = std::pin::pin!(session::serve_conn(shared, conn, peer, start));
    let mut pump = std::pin::pin!(pump(socket, socket_end, framing, ping));
    let (mut session_done, mut pump_done) = (false, false);
    std::future::poll_fn(|cx| {
        let mut poll_pump = |cx: &mut std::task::Context<'_>| {
            if !pump_done && pump.as_mut().poll(cx).is_ready() {
                pump_done = true;
            }
        };
        poll_pump(cx);
        if !session_done && session.as_mut().poll(cx).is_ready() {
            session_done = true;
        }
        poll_pump(cx);
        if session_done && pump_done {
            std::task::Poll::Ready(())
        } else {
            std::task::Poll::Pending
        }
    })
    .await;
}

fn message(frame: Frame) -> Message {
    match frame {
        Frame::Text(t) => Message::text(t),
        Frame::Binary(b) => Message::binary(b),
    }
}

/// Sends within the write timeout; false when the browser is gone.
async fn send(socket: &mut WebSocket, msg: Message) -> bool {
    matches!(
        tokio::time::timeout(WRITE_TIMEOUT, socket.send(msg)).await,
        Ok(Ok(()))
    )
}

async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = tokio::time::timeout(
        Duration::from_secs(5),
        socket.send(Message::Close(Some(frame))),
    )
    .await;
}

/// The close code and reason for a failed read.
fn close_for(error: axum::Error) -> (u16, &'static str) {
    let inner = error.into_inner();
    match inner.downcast_ref::<tungstenite::Error>() {
        Some(tungstenite::Error::Capacity(_)) => (CLOSE_TOO_BIG, "message too big"),
        Some(tungstenite::Error::Utf8(_)) => (CLOSE_INVALID_DATA, "text frame is not UTF-8"),
        _ => (CLOSE_PROTOCOL, "protocol error"),
    }
}

/// Moves frames both ways until the browser or the session ends.
async fn pump(mut socket: WebSocket, pipe: SocketEnd, framing: Framing, ping: Option<Duration>) {
    let mut ticker = ping.map(|every| {
        let mut t = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        t.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        t
    });
    // Pings sent since the browser last sent anything (a pong counts).
    let mut unanswered = 0u32;
    loop {
        tokio::select! {
            frame = pipe.next_frame() => match frame {
                Some(frame) => {
                    if !send(&mut socket, message(frame)).await {
                        break;
                    }
                }
                None => {
                    close(&mut socket, CLOSE_NORMAL, "").await;
                    break;
                }
            },
            incoming = async {
                pipe.room().await;
                socket.recv().await
            } => {
                unanswered = 0;
                match (incoming, framing) {
                    (Some(Ok(Message::Text(text))), Framing::Text | Framing::Json) => pipe.push_text(text.as_str()),
                    (Some(Ok(Message::Binary(bytes))), Framing::Binary) => pipe.push_bytes(&bytes),
                    (Some(Ok(Message::Text(_) | Message::Binary(_))), _) => {
                        tracing::debug!(?framing, "WebSocket frame of the other framing; closing");
                        close(&mut socket, CLOSE_UNSUPPORTED, "frame of the wrong type for this framing").await;
                        break;
                    }
                    // Pings are answered by the WebSocket layer itself.
                    (Some(Ok(Message::Ping(_) | Message::Pong(_))), _) => {}
                    (Some(Ok(Message::Close(_))), _) => {
                        // The WebSocket layer has queued the answering
                        // close frame (the browser's code echoed); send it.
                        let _ = tokio::time::timeout(Duration::from_secs(5), socket.flush()).await;
                        break;
                    }
                    (None, _) => break,
                    (Some(Err(e)), _) => {
                        let (code, reason) = close_for(e);
                        tracing::debug!(code, reason, "WebSocket closed on bad input");
                        close(&mut socket, code, reason).await;
                        break;
                    }
                }
            }
            _ = async {
                match ticker.as_mut() {
                    Some(t) => t.tick().await,
                    None => std::future::pending().await,
                }
            } => {
                if unanswered >= 2 {
                    tracing::debug!("WebSocket client answers no pings; closing");
                    break;
                }
                unanswered += 1;
                if !send(&mut socket, Message::Ping(Default::default())).await {
                    break;
                }
            }
        }
    }
    // The session reads the end of its input and goes the way of a dropped
    // telnet connection (its game adjourned or waiting for it).
    pipe.close();
}
