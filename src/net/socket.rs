//! The byte stream under a session: a TCP socket, or the pipe to a
//! WebSocket task ([`super::pipe`]). Both are read and written the same
//! non-blocking way, so everything above (telnet codec, timeseal, login,
//! command loop) is one code path for every transport.
//!
//! An enum rather than a trait object: a telnet connection pays no
//! allocation and no indirect call for the seam.

use std::io;

use tokio::io::{AsyncWriteExt, Interest};
use tokio::net::TcpStream;

use super::pipe::{Framing, SessionEnd};

/// How a client reaches the server (a label for logs and metrics).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Telnet,
    WebSocketText,
    WebSocketBinary,
    WebSocketJson,
}

impl Transport {
    /// The label used in metrics and logs.
    pub fn label(self) -> &'static str {
        match self {
            Transport::Telnet => "telnet",
            Transport::WebSocketText => "ws_text",
            Transport::WebSocketBinary => "ws_binary",
            Transport::WebSocketJson => "ws_json",
        }
    }
}

/// A session's byte stream.
pub enum Socket {
    Tcp(TcpStream),
    WebSocket(SessionEnd),
}

impl Socket {
    pub fn transport(&self) -> Transport {
        match self {
            Socket::Tcp(_) => Transport::Telnet,
            Socket::WebSocket(p) => match p.framing() {
                Framing::Text => Transport::WebSocketText,
                Framing::Binary => Transport::WebSocketBinary,
                Framing::Json => Transport::WebSocketJson,
            },
        }
    }

    /// Waits until there is something to read (or an end). Cancel-safe.
    pub async fn readable(&self) -> io::Result<()> {
        match self {
            Socket::Tcp(s) => s.readable().await,
            Socket::WebSocket(p) => p.readable().await,
        }
    }

    pub fn try_read(&self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Socket::Tcp(s) => s.try_read(buf),
            Socket::WebSocket(p) => p.try_read(buf),
        }
    }

    /// Waits until input may be read (if `read`) or output written (if
    /// `write`); says which (a closed side counts as ready: the read or
    /// write then tells). Cancel-safe. One future for both: an idle
    /// session's task keeps room for it, and tokio's readiness future is
    /// 184 bytes.
    pub async fn ready(&self, read: bool, write: bool) -> io::Result<(bool, bool)> {
        match self {
            Socket::Tcp(s) => {
                let interest = match (read, write) {
                    (true, true) => Interest::READABLE | Interest::WRITABLE,
                    (false, true) => Interest::WRITABLE,
                    _ => Interest::READABLE,
                };
                let ready = s.ready(interest).await?;
                Ok((read && ready.is_readable(), write && ready.is_writable()))
            }
            Socket::WebSocket(p) => p.ready(read, write).await,
        }
    }

    /// Waits until output may be written. Cancel-safe.
    pub async fn writable(&self) -> io::Result<()> {
        match self {
            Socket::Tcp(s) => s.writable().await,
            Socket::WebSocket(p) => p.writable().await,
        }
    }

    pub fn try_write(&self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Socket::Tcp(s) => s.try_write(bytes),
            Socket::WebSocket(p) => p.try_write(bytes),
        }
    }

    /// Ends the output side once what was written has gone.
    pub async fn shutdown(&mut self) {
        match self {
            Socket::Tcp(s) => {
                let _ = s.shutdown().await;
            }
            Socket::WebSocket(p) => p.shutdown(),
        }
    }
}
