//! One client connection: the socket, its line decoder and what it has
//! typed ahead.
//!
//! Reading is split in two so that the session can wait for input and for
//! messages at once: [`Conn::readable`] only waits (and is cancel-safe), and
//! the bytes are then taken in a plain function whose buffer belongs to
//! the thread, so an idle connection keeps no read buffer at all.
//!
//! Writing never waits for the client: what the socket does not take at
//! once stays in an output buffer that the session drains when the socket
//! is writable again, so nobody else ever waits for a slow client.
//!
//! The output cap tells a client that stopped reading from one that got a
//! big reply. It is checked *before* output is appended: one reply of any
//! size goes out whole to a client that had read what came before it, and
//! only output that finds the buffer already over the cap fails. The
//! command loop appends nothing while the buffer is over the cap (see
//! [`Conn::over_limit`]); a client that then lets the kernel take nothing
//! for [`Conn::stall_deadline`] has stopped reading and is cut off.

use std::cell::RefCell;
use std::io;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpStream;
use tokio::time::Instant;

use crate::meters::Meters;
use crate::net::client_input::ClientInput;
pub use crate::net::client_input::Line;
use crate::net::pipe::SessionEnd;
use crate::net::socket::{Socket, Transport};
use crate::net::telnet;
use crate::net::timeseal::Handshake;

/// The longest JSON message a client may send: a command line of 1,024
/// bytes with room for JSON's escapes and the message around it.
pub const JSON_LINE: usize = 6 * 1024;

/// A write that takes longer than this means the client stopped reading.
const WRITE_TIMEOUT: Duration = Duration::from_secs(60);

/// A client connection (TCP or WebSocket) with its decoder.
pub struct Conn {
    socket: Socket,
    /// Bytes received, decoded into lines.
    input: ClientInput,
    /// The client closed the connection (or the socket failed).
    closed: bool,
    /// Output the socket has not taken yet, from `unsent_from` on.
    unsent: Vec<u8>,
    unsent_from: usize,
    /// Most output that may wait for the client.
    output_limit: usize,
    /// Where bytes written and slow-client cuts are counted.
    meters: Option<Arc<Meters>>,
    /// How long output over the limit may wait without the kernel taking
    /// a byte of it.
    stall_limit: Duration,
    /// Since when output over the limit has waited with no progress.
    stalled_since: Option<Instant>,
}

/// SO_SNDBUF of every connection (Linux doubles it): plenty for boards and
/// tells, even at a high round-trip time.
const KERNEL_SEND_BUFFER: usize = 32 * 1024;

/// Output that may wait for a client unless the server says otherwise.
const DEFAULT_OUTPUT_LIMIT: usize = 256 * 1024;

/// Lines (and telnet answers) read ahead of the session at most: past it
/// the socket is left unread, so a client that sends faster than its
/// commands run is held back by TCP rather than by the server's memory.
const TYPEAHEAD: usize = 256;

thread_local! {
    /// The buffer every read goes through, one per thread and zeroed only
    /// once: a connection keeps no read buffer of its own (the bytes go
    /// straight into its decoder), and a buffer on the stack would be
    /// zeroed again on every read, which was a tenth of the server's
    /// instructions per move.
    static READ_BUFFER: RefCell<Box<[u8]>> = RefCell::new(vec![0; 4096].into_boxed_slice());
}

thread_local! {
    /// Where output is made when nothing waits for the client, one per
    /// thread (see [`Conn::append`]).
    static SEND_BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The thread's send buffer gives back its memory after a reply bigger
/// than this (a long `help` or history), rather than keep it.
const SEND_BUFFER_KEEP: usize = 64 * 1024;

/// Output over the limit that the kernel takes nothing of for this long
/// means the client stopped reading, unless the server says otherwise.
const DEFAULT_STALL_LIMIT: Duration = Duration::from_secs(10);

impl Conn {
    /// A telnet connection.
    pub fn new(socket: TcpStream) -> Conn {
        // Without TCP_NODELAY a client's delayed ACK stalls every second board.
        if let Err(e) = socket.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
        // A fixed kernel send buffer: left to autotuning it grows to
        // megabytes for a client that stops reading, and the output cap
        // (which counts only what the kernel refused) would never be reached.
        if let Err(e) = socket2::SockRef::from(&socket).set_send_buffer_size(KERNEL_SEND_BUFFER) {
            tracing::debug!(error = %e, "cannot set SO_SNDBUF");
        }
        Conn::on(Socket::Tcp(socket))
    }

    /// A WebSocket connection, through the pipe to its WebSocket task.
    pub fn websocket(pipe: SessionEnd) -> Conn {
        let json = pipe.framing() == crate::net::pipe::Framing::Json;
        let mut conn = Conn::on(Socket::WebSocket(pipe));
        if json {
            // A command line of the usual limit, in JSON with its escapes
            // (the session checks the line itself against the limit).
            conn.input = ClientInput::with_max_line(JSON_LINE);
        }
        conn
    }

    /// Whether this connection speaks the JSON framing of `/ws`.
    pub fn is_json(&self) -> bool {
        self.transport() == crate::net::socket::Transport::WebSocketJson
    }

    fn on(socket: Socket) -> Conn {
        Conn {
            socket,
            input: ClientInput::new(),
            closed: false,
            unsent: Vec::new(),
            unsent_from: 0,
            output_limit: DEFAULT_OUTPUT_LIMIT,
            meters: None,
            stall_limit: DEFAULT_STALL_LIMIT,
            stalled_since: None,
        }
    }

    /// Counts this connection's output and its cut, if it comes to that.
    pub fn set_meters(&mut self, meters: Arc<Meters>) {
        self.meters = Some(meters);
    }

    /// Counts a cut for slow reading in the metrics.
    pub fn count_slow_cut(&self) {
        if let Some(m) = &self.meters {
            m.slow_clients_cut.increment(1);
        }
    }

    /// How this client is connected.
    pub fn transport(&self) -> Transport {
        self.socket.transport()
    }

    /// Sets how many bytes of output may wait for the client, and how long
    /// output over that may wait with no progress.
    pub fn set_output_limit(&mut self, bytes: usize, stall: Duration) {
        self.output_limit = bytes.max(1);
        self.stall_limit = stall;
    }

    /// More output waits for the client than the limit: append nothing
    /// more (no reply, no message) until it has read some of it.
    pub fn over_limit(&self) -> bool {
        self.unsent_len() > self.output_limit
    }

    /// When a client over the limit that takes nothing counts as gone.
    pub fn stall_deadline(&self) -> Option<Instant> {
        self.stalled_since.map(|since| since + self.stall_limit)
    }

    /// Whether `[G]` pings may be sent to this client.
    pub fn timeseal_pings(&self) -> bool {
        self.input.timeseal_pings()
    }

    /// The timeseal version the client announced, if any.
    pub fn timeseal(&self) -> Option<Handshake> {
        self.input.timeseal()
    }

    /// The client's timestamp on the last line returned by [`Conn::pop_line`].
    pub fn last_stamp(&self) -> Option<u32> {
        self.input.last_stamp()
    }

    /// Takes the client timestamp of the latest `[G]` reply, if one came.
    pub fn take_ping_reply(&mut self) -> Option<u32> {
        self.input.take_ping_reply()
    }

    /// The client has gone or asked to (`IAC IP`): nothing more is read.
    fn gone(&self) -> bool {
        self.closed || self.input.interrupted()
    }

    /// True once the client has gone; no more lines will come.
    pub fn is_closed(&self) -> bool {
        self.gone() && self.input.is_empty()
    }

    /// As much input as may wait has been read; read no more for now.
    pub fn typeahead_full(&self) -> bool {
        self.input.queued() >= TYPEAHEAD
    }

    /// Whether a complete line is already waiting (typed ahead).
    pub fn line_waiting(&self) -> bool {
        self.input.line_waiting()
    }

    /// Reads until a complete line is waiting or the client has gone.
    /// Cancel-safe: bytes read are kept.
    pub async fn wait_for_line(&mut self) {
        while !self.line_waiting() && !self.gone() {
            if self.readable().await.is_err() || !self.read_now() {
                return;
            }
        }
    }

    /// The next line already received, if any (typeahead is kept in order).
    pub fn pop_line(&mut self) -> Option<Line> {
        self.input.pop_line()
    }

    /// Waits until the socket has bytes (or an error or end) to read.
    /// Cancel-safe: nothing is consumed.
    pub async fn readable(&self) -> io::Result<()> {
        self.socket.readable().await
    }

    /// Reads what the socket has now into the decoder. Returns false when the
    /// client has gone.
    pub fn read_now(&mut self) -> bool {
        READ_BUFFER.with_borrow_mut(|buf| {
            loop {
                match self.socket.try_read(&mut buf[..]) {
                    Ok(0) => {
                        self.closed = true;
                        return false;
                    }
                    Ok(n) => {
                        self.input.feed(&buf[..n]);
                        if n < buf.len() || self.typeahead_full() {
                            return true;
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => return true,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(_) => {
                        self.closed = true;
                        return false;
                    }
                }
            }
        })
    }

    /// Waits for the next line. None when the client has gone.
    pub async fn next_line(&mut self) -> Option<Line> {
        loop {
            if let Some(line) = self.pop_line() {
                return Some(line);
            }
            self.flush_replies().await.ok()?;
            self.flush().await.ok()?;
            if self.gone() || self.readable().await.is_err() || !self.read_now() {
                // Lines that arrived with the end of the stream still count.
                let line = self.pop_line();
                self.closed = true;
                return line;
            }
        }
    }

    /// Writes telnet negotiation answers, if any are waiting.
    pub async fn flush_replies(&mut self) -> io::Result<()> {
        let replies = self.input.take_replies();
        if replies.is_empty() {
            return Ok(());
        }
        self.write(&replies).await
    }

    /// Queues bytes and writes what the socket takes now, without waiting.
    /// Fails if more than the output limit was already waiting: the client
    /// did not read what came before (the bytes given now may be any size).
    pub async fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.append(|out| out.extend_from_slice(bytes))
    }

    /// [`Conn::write`] of the bytes `fill` appends to the output buffer:
    /// output made straight into it is copied once, by the kernel.
    pub fn append(&mut self, fill: impl FnOnce(&mut Vec<u8>)) -> io::Result<()> {
        if self.over_limit() {
            self.count_slow_cut();
            return Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "client stopped reading: output buffer full",
            ));
        }
        if self.unsent_len() > 0 {
            // Behind output that still waits: in order, after it.
            let before = self.unsent.len();
            fill(&mut self.unsent);
            self.count_written(self.unsent.len() - before);
            return self.push();
        }
        // Nothing waiting (nearly always): the bytes are made in the
        // thread's buffer and written from there, and only what the socket
        // does not take is kept. So a board costs no allocation and is
        // copied once, by the kernel, and an idle connection keeps no
        // output buffer.
        SEND_BUFFER.with_borrow_mut(|buf| {
            buf.clear();
            fill(buf);
            self.count_written(buf.len());
            let mut sent = 0;
            let result = loop {
                if sent == buf.len() {
                    break Ok(());
                }
                match self.socket.try_write(&buf[sent..]) {
                    Ok(0) => break Err(io::ErrorKind::WriteZero.into()),
                    Ok(n) => sent += n,
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                        self.unsent.extend_from_slice(&buf[sent..]);
                        break self.push();
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => break Err(e),
                }
            };
            if buf.capacity() > SEND_BUFFER_KEEP {
                *buf = Vec::new();
            }
            result
        })
    }

    fn count_written(&self, bytes: usize) {
        if let Some(m) = &self.meters {
            m.transport(self.socket.transport())
                .bytes_written
                .increment(bytes as u64);
        }
    }

    /// Bytes waiting for the client.
    pub fn unsent_len(&self) -> usize {
        self.unsent.len() - self.unsent_from
    }

    /// Waits until the socket can take more output. Cancel-safe.
    pub async fn writable(&self) -> io::Result<()> {
        self.socket.writable().await
    }

    /// Waits until the socket may be read (if `read`) or written (if
    /// `write`), and says which: the command loop's one wait on its
    /// socket.
    pub async fn ready(&self, read: bool, write: bool) -> io::Result<(bool, bool)> {
        self.socket.ready(read, write).await
    }

    /// Writes what the socket takes now of the waiting output.
    pub fn push(&mut self) -> io::Result<()> {
        let before = self.unsent_from;
        while self.unsent_from < self.unsent.len() {
            match self.socket.try_write(&self.unsent[self.unsent_from..]) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(n) => self.unsent_from += n,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
        // The stall clock runs while output over the limit waits, and
        // starts again whenever the client takes some of it.
        self.stalled_since = if !self.over_limit() {
            None
        } else if self.unsent_from > before {
            Some(Instant::now())
        } else {
            self.stalled_since.or_else(|| Some(Instant::now()))
        };
        if self.unsent_from == self.unsent.len() {
            // Idle connections are the many; they should not each keep the
            // buffer their last slow output needed (most output never
            // comes here: see `append`).
            self.unsent = Vec::new();
            self.unsent_from = 0;
        } else if self.unsent_from > 64 * 1024 {
            self.unsent.drain(..self.unsent_from);
            self.unsent_from = 0;
        }
        Ok(())
    }

    /// Waits until all waiting output is written, giving up on a client
    /// that does not read for a minute.
    pub async fn flush(&mut self) -> io::Result<()> {
        let result = self.flush_within(WRITE_TIMEOUT).await;
        if result
            .as_ref()
            .is_err_and(|e| e.kind() == io::ErrorKind::TimedOut)
        {
            self.count_slow_cut();
        }
        result
    }

    async fn flush_within(&mut self, limit: Duration) -> io::Result<()> {
        let drain = async {
            while self.unsent_len() > 0 {
                self.socket.writable().await?;
                self.push()?;
            }
            Ok(())
        };
        match tokio::time::timeout(limit, drain).await {
            Ok(result) => result,
            Err(_) => Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "client stopped reading",
            )),
        }
    }

    /// Writes text, turning each `\n` into `\n\r`.
    pub async fn write_text(&mut self, text: &str) -> io::Result<()> {
        let mut bytes = Vec::with_capacity(text.len() + 8);
        telnet::to_wire(text, &mut bytes);
        self.write(&bytes).await
    }

    /// Closes the connection after everything written so far (waiting a
    /// few seconds at most for a client that does not read).
    pub async fn close(mut self) {
        let _ = self.flush_within(Duration::from_secs(5)).await;
        self.socket.shutdown().await;
    }
}
