//! An in-process byte pipe between a session and the task that owns its
//! WebSocket: the session reads and writes it exactly as it would a TCP
//! socket (`readable`/`try_read`, `writable`/`try_write`), so the telnet
//! codec, timeseal, login and command loop run unchanged behind it.
//!
//! Each `try_write` becomes one outgoing frame, so a reply, a board or a
//! tell leaves in one WebSocket message, as it leaves a TCP socket in one
//! write. In [`Framing::Text`] those frames carry the text without telnet
//! commands (a browser has no use for `IAC WILL ECHO`); in
//! [`Framing::Binary`] they carry the raw telnet byte stream, as a
//! websockify-style bridge would. In [`Framing::Json`] the session writes
//! JSON messages, one per line, and each line leaves as a text frame of
//! its own (so a write that waited behind others is still cut into whole
//! messages); each frame in is one line for the session.
//!
//! Both directions are bounded. A flood of frames waits in the WebSocket
//! (and the kernel) once [`INBOUND_CAP`] bytes wait for the session; a
//! browser that stops reading fills [`OUTBOUND_CAP`], after which the
//! session's own output buffer and its cap take over, exactly as with a
//! TCP socket whose send buffer is full.

use std::collections::VecDeque;
use std::io;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::Notify;

/// Bytes received and not yet read by the session, past which the WebSocket
/// task stops reading frames.
pub const INBOUND_CAP: usize = 16 * 1024;

/// Bytes of frames queued for the browser, past which the session's writes
/// would block (and queue in its own capped buffer instead).
pub const OUTBOUND_CAP: usize = 32 * 1024;

/// Spare capacity an idle pipe may keep after a burst.
const IDLE_BUFFER: usize = 1024;

/// How the server's output is framed for the browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    /// Text frames: the telnet text with its `\n\r` line ends, no telnet
    /// commands.
    Text,
    /// Binary frames: the telnet byte stream unchanged.
    Binary,
    /// Text frames of one JSON message each, both ways
    /// (docs/json-protocol.md).
    Json,
}

/// One frame for the browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    Text(String),
    Binary(Vec<u8>),
}

impl Frame {
    fn len(&self) -> usize {
        match self {
            Frame::Text(t) => t.len(),
            Frame::Binary(b) => b.len(),
        }
    }
}

#[derive(Default)]
struct State {
    /// Client bytes for the session, from `inbound_from` on.
    inbound: Vec<u8>,
    inbound_from: usize,
    outbound: VecDeque<Frame>,
    outbound_bytes: usize,
    /// The session ended (or shut its side down).
    session_closed: bool,
    /// The browser went away.
    peer_closed: bool,
}

impl State {
    fn inbound_len(&self) -> usize {
        self.inbound.len() - self.inbound_from
    }
}

struct Shared {
    state: Mutex<State>,
    framing: Framing,
    /// Wakes the session: bytes came in, frame room freed, browser gone.
    session_wake: Notify,
    /// Wakes the WebSocket task: a frame to send, input room freed, session gone.
    pump_wake: Notify,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits until `ready` holds. Cancel-safe. The waiter is registered
    /// before the state is looked at, so no wake-up falls between the two.
    async fn wait_until(&self, notify: &Notify, ready: impl Fn(&State) -> bool) {
        loop {
            let notified = notify.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if ready(&self.lock()) {
                return;
            }
            notified.await;
        }
    }
}

/// A new pipe: the session's end and the WebSocket task's end.
pub fn pipe(framing: Framing) -> (SessionEnd, SocketEnd) {
    let shared = Arc::new(Shared {
        state: Mutex::new(State::default()),
        framing,
        session_wake: Notify::new(),
        pump_wake: Notify::new(),
    });
    (
        SessionEnd {
            shared: shared.clone(),
        },
        SocketEnd { shared },
    )
}

/// The session's end: used like a non-blocking socket.
pub struct SessionEnd {
    shared: Arc<Shared>,
}

impl SessionEnd {
    pub fn framing(&self) -> Framing {
        self.shared.framing
    }

    /// Waits until there are bytes to read or the browser has gone.
    pub async fn readable(&self) -> io::Result<()> {
        self.shared
            .wait_until(&self.shared.session_wake, |s| {
                s.inbound_len() > 0 || s.peer_closed
            })
            .await;
        Ok(())
    }

    /// Takes received bytes; `Ok(0)` once the browser has gone and
    /// everything it sent has been read.
    pub fn try_read(&self, buf: &mut [u8]) -> io::Result<usize> {
        let mut s = self.shared.lock();
        let waiting = s.inbound_len();
        if waiting == 0 {
            return if s.peer_closed {
                Ok(0)
            } else {
                Err(io::ErrorKind::WouldBlock.into())
            };
        }
        let n = waiting.min(buf.len());
        let from = s.inbound_from;
        buf[..n].copy_from_slice(&s.inbound[from..from + n]);
        s.inbound_from += n;
        if s.inbound_len() == 0 {
            if s.inbound.capacity() > IDLE_BUFFER {
                s.inbound = Vec::new();
            } else {
                s.inbound.clear();
            }
            s.inbound_from = 0;
        }
        drop(s);
        self.shared.pump_wake.notify_waiters();
        Ok(n)
    }

    /// Waits until there are bytes to read (if `read`) or a frame may be
    /// queued (if `write`), or the browser has gone; says which.
    pub async fn ready(&self, read: bool, write: bool) -> io::Result<(bool, bool)> {
        let readable = |s: &State| s.inbound_len() > 0 || s.peer_closed;
        let writable = |s: &State| s.outbound_bytes < OUTBOUND_CAP || s.peer_closed;
        self.shared
            .wait_until(&self.shared.session_wake, |s| {
                (read && readable(s)) || (write && writable(s))
            })
            .await;
        let s = self.shared.lock();
        Ok((read && readable(&s), write && writable(&s)))
    }

    /// Waits until a frame may be queued or the browser has gone.
    pub async fn writable(&self) -> io::Result<()> {
        self.shared
            .wait_until(&self.shared.session_wake, |s| {
                s.outbound_bytes < OUTBOUND_CAP || s.peer_closed
            })
            .await;
        Ok(())
    }

    /// Queues `bytes` as one frame (all of them, or none when the queue is
    /// full).
    pub fn try_write(&self, bytes: &[u8]) -> io::Result<usize> {
        let mut s = self.shared.lock();
        if s.peer_closed || s.session_closed {
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        if s.outbound_bytes >= OUTBOUND_CAP {
            return Err(io::ErrorKind::WouldBlock.into());
        }
        let mut push = |frame: Frame| {
            if frame.len() > 0 {
                s.outbound_bytes += frame.len();
                s.outbound.push_back(frame);
            }
        };
        match self.shared.framing {
            Framing::Binary => push(Frame::Binary(bytes.to_vec())),
            Framing::Text => push(Frame::Text(text_frame(bytes))),
            Framing::Json => {
                for message in bytes.split(|&b| b == b'\n') {
                    push(Frame::Text(utf8(message.to_vec())));
                }
            }
        }
        drop(s);
        self.shared.pump_wake.notify_waiters();
        Ok(bytes.len())
    }

    /// No more output: the WebSocket task sends what is queued, then closes.
    pub fn shutdown(&self) {
        self.shared.lock().session_closed = true;
        self.shared.pump_wake.notify_waiters();
    }
}

impl Drop for SessionEnd {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// The WebSocket task's end.
pub struct SocketEnd {
    shared: Arc<Shared>,
}

impl SocketEnd {
    /// Waits until the session may take more input (or has gone).
    pub async fn room(&self) {
        self.shared
            .wait_until(&self.shared.pump_wake, |s| {
                s.inbound_len() < INBOUND_CAP || s.session_closed
            })
            .await;
    }

    /// Hands the session one text frame: one or more lines, the last of
    /// which needs no line end.
    pub fn push_text(&self, text: &str) {
        let mut s = self.shared.lock();
        if self.shared.framing == Framing::Json {
            // One message, one line: a line end inside JSON can only be
            // white space between its tokens (strings escape theirs).
            s.inbound.extend(
                text.bytes()
                    .map(|b| if b == b'\n' || b == b'\r' { b' ' } else { b }),
            );
            s.inbound.push(b'\n');
        } else {
            s.inbound.extend_from_slice(text.as_bytes());
            if !text.ends_with('\n') {
                s.inbound.push(b'\n');
            }
        }
        drop(s);
        self.shared.session_wake.notify_waiters();
    }

    /// Hands the session the bytes of one binary frame, as they came.
    pub fn push_bytes(&self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        self.shared.lock().inbound.extend_from_slice(bytes);
        self.shared.session_wake.notify_waiters();
    }

    /// The next frame for the browser; `None` once the session has ended
    /// and every frame it queued has been taken.
    pub async fn next_frame(&self) -> Option<Frame> {
        self.shared
            .wait_until(&self.shared.pump_wake, |s| {
                !s.outbound.is_empty() || s.session_closed
            })
            .await;
        let mut s = self.shared.lock();
        let frame = s.outbound.pop_front()?;
        s.outbound_bytes -= frame.len();
        if s.outbound.is_empty() && s.outbound.capacity() > 8 {
            s.outbound = VecDeque::new();
        }
        drop(s);
        self.shared.session_wake.notify_waiters();
        Some(frame)
    }

    /// The browser has gone: the session reads the end of its input.
    pub fn close(&self) {
        self.shared.lock().peer_closed = true;
        self.shared.session_wake.notify_waiters();
    }
}

impl Drop for SocketEnd {
    fn drop(&mut self) {
        self.close();
    }
}

/// Telnet command byte (RFC 854).
const IAC: u8 = 255;
/// The commands that take an option byte: WILL, WONT, DO, DONT.
const WITH_OPTION: std::ops::RangeInclusive<u8> = 251..=254;

/// Output bytes as frame text: telnet commands dropped (the server sends
/// only whole three-byte ones), anything that is not UTF-8 replaced.
fn text_frame(bytes: &[u8]) -> String {
    if !bytes.contains(&IAC) {
        return utf8(bytes.to_vec());
    }
    let mut clean = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == IAC {
            let skip = match bytes.get(i + 1) {
                Some(b) if WITH_OPTION.contains(b) => 3,
                _ => 2,
            };
            i += skip;
        } else {
            clean.push(bytes[i]);
            i += 1;
        }
    }
    utf8(clean)
}

/// The bytes as a string: no copy when they are UTF-8 (they always are:
/// the server writes strings), replacement characters otherwise.
fn utf8(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_frames_lose_telnet_commands_only() {
        let mut bytes = b"\n\"Al\" is a registered name.\n\rpassword: ".to_vec();
        bytes.extend_from_slice(&[IAC, 251, 1]);
        assert_eq!(
            text_frame(&bytes),
            "\n\"Al\" is a registered name.\n\rpassword: "
        );
        assert_eq!(text_frame(&[IAC, 252, 1, b'\n', b'\r']), "\n\r");
        assert_eq!(text_frame("caf\u{e9}\x15".as_bytes()), "caf\u{e9}\x15");
    }

    #[tokio::test]
    async fn each_write_is_one_frame_and_input_keeps_its_order() {
        let (session, socket) = pipe(Framing::Text);
        assert_eq!(session.try_write(b"fics% ").unwrap(), 6);
        session.try_write(b"a\n\rb\n\r").unwrap();
        assert_eq!(
            socket.next_frame().await,
            Some(Frame::Text("fics% ".into()))
        );
        assert_eq!(
            socket.next_frame().await,
            Some(Frame::Text("a\n\rb\n\r".into()))
        );
        socket.push_text("who");
        socket.push_text("games\nfinger\n");
        session.readable().await.unwrap();
        let mut buf = [0u8; 64];
        let n = session.try_read(&mut buf).unwrap();
        assert_eq!(&buf[..n], b"who\ngames\nfinger\n");
        assert_eq!(
            session.try_read(&mut buf).unwrap_err().kind(),
            io::ErrorKind::WouldBlock
        );
    }

    #[tokio::test]
    async fn json_frames_are_one_message_each_way() {
        let (session, socket) = pipe(Framing::Json);
        session.try_write(b"{\"a\":1}\n{\"b\":2}\n").unwrap();
        assert_eq!(
            socket.next_frame().await,
            Some(Frame::Text("{\"a\":1}".into()))
        );
        assert_eq!(
            socket.next_frame().await,
            Some(Frame::Text("{\"b\":2}".into()))
        );
        socket.push_text("{\"type\":\n\"cmd\"}");
        let mut buf = [0u8; 64];
        let n = session.try_read(&mut buf).unwrap();
        assert_eq!(&buf[..n], b"{\"type\": \"cmd\"}\n");
    }

    #[tokio::test]
    async fn binary_frames_keep_every_byte() {
        let (session, socket) = pipe(Framing::Binary);
        session.try_write(&[IAC, 251, 1, b'x']).unwrap();
        assert_eq!(
            socket.next_frame().await,
            Some(Frame::Binary(vec![IAC, 251, 1, b'x']))
        );
        socket.push_bytes(&[0x80, 0xff, b'\n']);
        let mut buf = [0u8; 8];
        assert_eq!(session.try_read(&mut buf).unwrap(), 3);
        assert_eq!(&buf[..3], &[0x80, 0xff, b'\n']);
    }

    #[tokio::test]
    async fn a_full_queue_blocks_writes_until_frames_are_taken() {
        let (session, socket) = pipe(Framing::Binary);
        let big = vec![b'x'; OUTBOUND_CAP];
        session.try_write(&big).unwrap();
        assert_eq!(
            session.try_write(b"y").unwrap_err().kind(),
            io::ErrorKind::WouldBlock
        );
        assert_eq!(
            socket.next_frame().await.map(|f| f.len()),
            Some(OUTBOUND_CAP)
        );
        session.writable().await.unwrap();
        session.try_write(b"y").unwrap();
    }

    #[tokio::test]
    async fn either_side_going_away_ends_the_other() {
        let (session, socket) = pipe(Framing::Text);
        socket.push_text("quit");
        drop(socket);
        let mut buf = [0u8; 16];
        assert_eq!(session.try_read(&mut buf).unwrap(), 5);
        session.readable().await.unwrap();
        assert_eq!(session.try_read(&mut buf).unwrap(), 0);
        assert!(session.try_write(b"x").is_err());

        let (session, socket) = pipe(Framing::Text);
        session.try_write(b"bye\n\r").unwrap();
        drop(session);
        assert_eq!(
            socket.next_frame().await,
            Some(Frame::Text("bye\n\r".into()))
        );
        assert_eq!(socket.next_frame().await, None);
        socket.room().await;
    }
}
