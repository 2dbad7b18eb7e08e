//! One client connection: the socket, its line decoder and what it has
//! typed ahead.
//!
//! Reading is split in two so that the session can wait for input and for
//! messages at once: [`Conn::readable`] only waits (and is cancel-safe), and
//! the bytes are then taken in a plain function whose buffer lives on the
//! thread's stack, so an idle connection keeps no read buffer at all.
//!
//! Writing never waits for the client: what the socket does not take at
//! once stays in an output buffer that the session drains when the socket
//! is writable again. A client that stops reading makes that buffer grow;
//! past the configured cap the write fails and the session ends, so the
//! session goes on reading its user's input meanwhile and nobody else ever
//! waits for a slow client.

use std::io;
use std::time::Duration;

use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

use crate::net::client_input::ClientInput;
pub use crate::net::client_input::Line;
use crate::net::telnet;
use crate::net::timeseal::Handshake;

/// A write that takes longer than this means the client stopped reading.
const WRITE_TIMEOUT: Duration = Duration::from_secs(60);

/// A client socket with its decoder.
pub struct Conn {
    socket: TcpStream,
    /// Bytes received, decoded into lines.
    input: ClientInput,
    /// The client closed the connection (or the socket failed).
    closed: bool,
    /// Output the socket has not taken yet, from `unsent_from` on.
    unsent: Vec<u8>,
    unsent_from: usize,
    /// Most output that may wait for the client.
    output_limit: usize,
}

/// SO_SNDBUF of every connection (Linux doubles it): plenty for boards and
/// tells, even at a high round-trip time.
const KERNEL_SEND_BUFFER: usize = 32 * 1024;

/// Output that may wait for a client unless the server says otherwise.
const DEFAULT_OUTPUT_LIMIT: usize = 256 * 1024;

/// Output buffer capacity an idle connection may keep between writes.
const IDLE_BUFFER: usize = 1024;

impl Conn {
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
        Conn {
            socket,
            input: ClientInput::new(),
            closed: false,
            unsent: Vec::new(),
            unsent_from: 0,
            output_limit: DEFAULT_OUTPUT_LIMIT,
        }
    }

    /// Sets how many bytes of output may wait for the client.
    pub fn set_output_limit(&mut self, bytes: usize) {
        self.output_limit = bytes.max(1);
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
        let mut buf = [0u8; 4096];
        loop {
            match self.socket.try_read(&mut buf) {
                Ok(0) => {
                    self.closed = true;
                    return false;
                }
                Ok(n) => {
                    self.input.feed(&buf[..n]);
                    if n < buf.len() {
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
    /// Fails once more than the output limit waits for the client.
    pub async fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.unsent.extend_from_slice(bytes);
        self.push()?;
        if self.unsent_len() > self.output_limit {
            return Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "client stopped reading: output buffer full",
            ));
        }
        Ok(())
    }

    /// Bytes waiting for the client.
    pub fn unsent_len(&self) -> usize {
        self.unsent.len() - self.unsent_from
    }

    /// Waits until the socket can take more output. Cancel-safe.
    pub async fn writable(&self) -> io::Result<()> {
        self.socket.writable().await
    }

    /// Writes what the socket takes now of the waiting output.
    pub fn push(&mut self) -> io::Result<()> {
        while self.unsent_from < self.unsent.len() {
            match self.socket.try_write(&self.unsent[self.unsent_from..]) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(n) => self.unsent_from += n,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
        if self.unsent_from == self.unsent.len() {
            // Idle connections are the many; they should not each keep the
            // buffer their last burst of output needed.
            if self.unsent.capacity() > IDLE_BUFFER {
                self.unsent = Vec::new();
            } else {
                self.unsent.clear();
            }
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
        self.flush_within(WRITE_TIMEOUT).await
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
        let _ = self.socket.shutdown().await;
    }
}
