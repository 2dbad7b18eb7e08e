//! The web port's listener: every HTTP connection takes a place in the same
//! connection limits as a telnet one (in all and per address), keeps it
//! until it closes (a WebSocket session too, whose socket it is), and gets
//! `TCP_NODELAY` and the fixed send buffer of every socket of the server.
//!
//! A connection from a trusted reverse proxy (`trusted_proxies`) counts in
//! the total only: it carries many clients, each of which is counted for
//! its own address when its WebSocket opens ([`super::ws`]).
//!
//! Every read and write goes through [`Admitted`], which tells the
//! connection's head timer when a request's first byte came
//! ([`super::head_timer`]) and fails a write that has made no progress
//! for `web_idle_timeout_seconds`: a client that stops reading an answer
//! does not hold its place for ever.

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio_io_timeout::TimeoutStream;

use super::head_timer::HeadWait;
use crate::server::{ConnectionSlot, Shared, admit, admit_proxy};

/// An accepted connection with its place in the limits.
pub struct Admitted {
    stream: Pin<Box<TimeoutStream<TcpStream>>>,
    head: Arc<HeadWait>,
    _slot: ConnectionSlot,
}

impl Admitted {
    /// What the connection's reads tell its head timer.
    pub fn head_wait(&self) -> Arc<HeadWait> {
        self.head.clone()
    }
}

/// The client's address as the socket gives it, for handlers
/// (`ConnectInfo<Peer>`); [`super::proxy::Client`] is the real client's.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

/// SO_SNDBUF of every web connection, as of every telnet one.
const KERNEL_SEND_BUFFER: usize = 32 * 1024;

/// What a refused connection reads before it is closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n\
content-length: 49\r\nconnection: close\r\n\r\nThe server has too many connections; try later.\r\n";

/// The next connection within the server's limits (the ones past them are
/// answered 503 and closed meanwhile).
pub async fn accept(listener: &TcpListener, shared: &Arc<Shared>) -> (Admitted, SocketAddr) {
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of descriptors or similar: back off instead of spinning.
                tracing::error!(error = %e, "web accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let from_proxy = super::proxy::trusted(peer.ip(), &shared.config().trusted_proxies);
        let slot = if from_proxy {
            admit_proxy(shared)
        } else {
            admit(shared, peer.ip())
        };
        let Some(slot) = slot else {
            tracing::warn!(addr = %peer.ip(), "web connection refused: limit reached");
            tokio::spawn(refuse(stream));
            continue;
        };
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
        // The same fixed send buffer as a telnet socket, so that a
        // browser that stops reading reaches the output cap as soon.
        if let Err(e) = socket2::SockRef::from(&stream).set_send_buffer_size(KERNEL_SEND_BUFFER) {
            tracing::debug!(error = %e, "cannot set SO_SNDBUF");
        }
        // A write that makes no progress for the idle time fails and the
        // connection closes: its client has stopped reading.
        let mut stream = TimeoutStream::new(stream);
        stream.set_write_timeout(Some(shared.config().web_timeouts().1));
        return (
            Admitted {
                stream: Box::pin(stream),
                head: HeadWait::new(),
                _slot: slot,
            },
            peer,
        );
    }
}

async fn refuse(mut stream: TcpStream) {
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.write_all(BUSY)).await;
}

impl AsyncRead for Admitted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = self.stream.as_mut().poll_read(cx, buf);
        if polled.is_ready() {
            self.head.note_read(buf.filled().len() - before);
        }
        polled
    }
}

impl AsyncWrite for Admitted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.stream.as_mut().poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.stream.as_mut().poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.stream.as_mut().poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        self.stream.as_mut().poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
