//! The WebSocket transport (`/ws`, `web::ws` and `net::pipe`) on any bytes
//! a browser could send after the upgrade.
//!
//! The bytes are read by tungstenite in the server's role and with the
//! server's limits (`web::ws::MAX_MESSAGE` per message and per frame,
//! masked frames only), cut into reads as the first byte says; each
//! message is handed to a pipe the way the pump hands it (text frames are
//! lines, the last one needing no line end; binary frames are telnet
//! bytes), and the session's end of the pipe is read into lines through
//! the connection's input path (`ClientInput`), as a session reads it.
//!
//! What must hold, whatever the bytes: no panic; no message past the
//! limit; every line the session reads is printable ASCII within the line
//! limit; the messages and lines do not depend on how the bytes were cut
//! into reads; and what the session writes back leaves as one frame that a
//! browser reads back as it was meant (the text without telnet commands,
//! or every byte).

use std::future::Future;
use std::io::{self, Read, Write};
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use atomicd::net::client_input::{ClientInput, Line};
use atomicd::net::pipe::{self, Frame, Framing, SessionEnd, SocketEnd};
use atomicd::web::ws::{MAX_MESSAGE, READ_BUFFER};
use tungstenite::Message;
use tungstenite::protocol::{Role, WebSocket, WebSocketConfig};

pub fn run(data: &[u8]) {
    let Some((&head, bytes)) = data.split_first() else {
        return;
    };
    // The first byte picks the framing, how the input is cut into reads,
    // and how much of it the server writes back (the tail of the bytes).
    let framing = if head & 1 == 0 {
        Framing::Text
    } else {
        Framing::Binary
    };
    let step = usize::from(head >> 1 & 0x1f) * 3 + 1;
    let reply = bytes.len().min(usize::from(head >> 6) * 256);

    let whole = read_session(framing, bytes, bytes.len().max(1));
    let cut = read_session(framing, bytes, step);
    assert_eq!(whole, cut, "what the session read depends on the reads");

    output_round_trips(framing, &bytes[bytes.len() - reply..]);
}

/// What one connection of this framing made of `bytes` fed `step` at a
/// time: the messages' kinds and lengths, then the lines of the session.
fn read_session(framing: Framing, bytes: &[u8], step: usize) -> (Vec<(bool, usize)>, Vec<Line>) {
    let (session, socket) = pipe::pipe(framing);
    let mut ws =
        WebSocket::from_raw_socket(Trickle::new(bytes, step), Role::Server, Some(config()));
    let mut input = ClientInput::new();
    let mut messages = Vec::new();
    let mut lines = Vec::new();
    loop {
        match ws.read() {
            Ok(message) => {
                let length = message.len();
                assert!(
                    length <= MAX_MESSAGE,
                    "a message of {length} bytes was read"
                );
                match message {
                    Message::Text(text) => {
                        messages.push((true, length));
                        socket.push_text(text.as_str());
                    }
                    Message::Binary(data) => {
                        messages.push((false, length));
                        socket.push_bytes(&data);
                    }
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
                }
                session_reads(&session, &mut input, &mut lines);
            }
            Err(tungstenite::Error::Io(e)) if e.kind() == io::ErrorKind::WouldBlock => {
                if !ws.get_mut().more() {
                    break;
                }
            }
            // Every other error closes the connection (web::ws::close_for).
            Err(_) => break,
        }
    }
    socket.close();
    session_reads(&session, &mut input, &mut lines);
    for line in &lines {
        if let Line::Text(text) = line {
            super::telnet::a_session_line(text);
        }
    }
    (messages, lines)
}

/// The server's limits on a browser's frames, as `web::ws::upgrade` sets them.
fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_message_size(Some(MAX_MESSAGE))
        .max_frame_size(Some(MAX_MESSAGE))
}

/// Reads what the pipe holds for the session, as its connection does.
fn session_reads(session: &SessionEnd, input: &mut ClientInput, lines: &mut Vec<Line>) {
    let mut buf = [0u8; 512];
    while let Ok(n @ 1..) = session.try_read(&mut buf) {
        input.feed(&buf[..n]);
        while let Some(line) = input.pop_line() {
            lines.push(line);
        }
    }
}

/// One write of the session goes out as one frame, which a browser (a
/// client-role tungstenite) reads back whole: in text framing the bytes
/// without their telnet commands, in binary framing every byte.
fn output_round_trips(framing: Framing, written: &[u8]) {
    let (session, socket) = pipe::pipe(framing);
    assert_eq!(session.try_write(written).ok(), Some(written.len()));
    if written.is_empty() {
        return;
    }
    let Some(frame) = take_frame(&socket) else {
        // Only telnet commands: nothing is left for a text frame.
        assert!(
            framing == Framing::Text && written.contains(&0xff),
            "a write of {} bytes sent no frame",
            written.len()
        );
        return;
    };
    let message = match (&frame, framing) {
        (Frame::Text(text), Framing::Text) => {
            if std::str::from_utf8(written).is_ok() {
                // UTF-8 has no 0xff byte, so no telnet command either.
                assert_eq!(text.as_bytes(), written, "a text frame changed the text");
            }
            Message::text(text.clone())
        }
        (Frame::Binary(data), Framing::Binary) => {
            assert_eq!(data.as_slice(), written, "a binary frame changed the bytes");
            Message::binary(data.clone())
        }
        _ => panic!("a frame of the wrong framing: {frame:?}"),
    };

    let mut server = WebSocket::from_raw_socket(Sink::default(), Role::Server, Some(config()));
    server.send(message.clone()).expect("a frame is written");
    let wire = std::mem::take(&mut server.get_mut().0);
    let mut arrived = Trickle::new(&wire, wire.len());
    arrived.more();
    let mut browser = WebSocket::from_raw_socket(arrived, Role::Client, None);
    assert_eq!(
        browser.read().expect("the browser reads the frame"),
        message
    );
}

/// The frame the pump would send next, if there is one: the session has
/// just written, so a frame is there without waiting or never comes.
fn take_frame(socket: &SocketEnd) -> Option<Frame> {
    let mut next = pin!(socket.next_frame());
    match next.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(frame) => {
            assert!(frame.is_some(), "the pipe closed on a write");
            frame
        }
        Poll::Pending => None,
    }
}

/// A socket whose reads give at most `step` bytes before they would block,
/// as a TCP socket gives what has come so far.
struct Trickle<'a> {
    bytes: &'a [u8],
    /// Bytes the reader may take before the next "would block".
    open: usize,
    step: usize,
}

impl<'a> Trickle<'a> {
    fn new(bytes: &'a [u8], step: usize) -> Self {
        Trickle {
            bytes,
            open: 0,
            step,
        }
    }

    /// Lets the next `step` bytes come in; false when none are left.
    fn more(&mut self) -> bool {
        if self.bytes.is_empty() {
            return false;
        }
        self.open = self.step.min(self.bytes.len());
        true
    }
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.bytes.is_empty() {
            return Ok(0);
        }
        if self.open == 0 {
            return Err(io::ErrorKind::WouldBlock.into());
        }
        let n = buf.len().min(self.open);
        let (now, rest) = self.bytes.split_at(n);
        buf[..n].copy_from_slice(now);
        self.bytes = rest;
        self.open -= n;
        Ok(n)
    }
}

/// Answers to pings and closes go nowhere.
impl Write for Trickle<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What the server writes, kept.
#[derive(Default)]
struct Sink(Vec<u8>);

impl Read for Sink {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::ErrorKind::WouldBlock.into())
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
