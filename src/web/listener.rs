//! The web port's listener: every HTTP connection takes a place in the same
//! connection limits as a telnet one (in all and per address), keeps it
//! until it closes (a WebSocket session too, whose socket it is), and gets
//! `TCP_NODELAY` and the fixed send buffer of every socket of the server.

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::connect_info::Connected;
use axum::serve::{IncomingStream, Listener};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use crate::server::{ConnectionSlot, Shared, admit};

/// Accepts HTTP connections within the server's limits.
pub struct WebListener {
    pub listener: TcpListener,
    pub shared: Arc<Shared>,
}

/// An accepted connection with its place in the limits.
pub struct Admitted {
    stream: TcpStream,
    _slot: ConnectionSlot,
}

/// The client's address, for handlers (`ConnectInfo<Peer>`).
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

impl Connected<IncomingStream<'_, WebListener>> for Peer {
    fn connect_info(stream: IncomingStream<'_, WebListener>) -> Self {
        Peer(*stream.remote_addr())
    }
}

/// SO_SNDBUF of every web connection, as of every telnet one.
const KERNEL_SEND_BUFFER: usize = 32 * 1024;

/// What a refused connection reads before it is closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n\
content-length: 49\r\nconnection: close\r\n\r\nThe server has too many connections; try later.\r\n";

impl Listener for WebListener {
    type Io = Admitted;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Admitted, SocketAddr) {
        loop {
            let (stream, peer) = match self.listener.accept().await {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors or similar: back off instead of spinning.
                    tracing::error!(error = %e, "web accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            let Some(slot) = admit(&self.shared, peer.ip()) else {
                tracing::warn!(addr = %peer.ip(), "web connection refused: limit reached");
                tokio::spawn(refuse(stream));
                continue;
            };
            if let Err(e) = stream.set_nodelay(true) {
                tracing::debug!(error = %e, "cannot set TCP_NODELAY");
            }
            // The same fixed send buffer as a telnet socket, so that a
            // browser that stops reading reaches the output cap as soon.
            if let Err(e) = socket2::SockRef::from(&stream).set_send_buffer_size(KERNEL_SEND_BUFFER)
            {
                tracing::debug!(error = %e, "cannot set SO_SNDBUF");
            }
            return (
                Admitted {
                    stream,
                    _slot: slot,
                },
                peer,
            );
        }
    }

    fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
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
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Admitted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
