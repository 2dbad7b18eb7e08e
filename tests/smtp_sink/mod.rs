//! A tiny SMTP server for the tests: it listens on port 0, speaks just
//! enough of RFC 5321 for one client at a time (220, EHLO/HELO 250,
//! MAIL/RCPT 250, DATA 354 … ".", QUIT 221) and hands each message it
//! receives, as the client sent it (headers and body), to the test.

use std::net::SocketAddr;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

/// One message received: the envelope's recipients and the data.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: Vec<String>,
    pub data: String,
}

pub struct Sink {
    pub addr: SocketAddr,
    received: mpsc::UnboundedReceiver<Mail>,
}

impl Sink {
    pub async fn start() -> Sink {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("sink binds");
        let addr = listener.local_addr().unwrap();
        let (tx, received) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let tx = tx.clone();
                tokio::spawn(async move {
                    let _ = serve(socket, tx).await;
                });
            }
        });
        Sink { addr, received }
    }

    /// The next message, waiting for it as long as it takes.
    pub async fn next(&mut self) -> Mail {
        self.received.recv().await.expect("the sink runs")
    }

    /// A message if one has arrived already.
    pub fn try_next(&mut self) -> Option<Mail> {
        self.received.try_recv().ok()
    }
}

async fn serve(
    socket: tokio::net::TcpStream,
    tx: mpsc::UnboundedSender<Mail>,
) -> std::io::Result<()> {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 sink ESMTP\r\n").await?;
    let mut to = Vec::new();
    while let Some(line) = lines.next_line().await? {
        let verb = line.get(..4).unwrap_or(&line).to_ascii_uppercase();
        match verb.as_str() {
            "RCPT" => {
                let path = line.split_once(':').map_or("", |(_, p)| p);
                to.push(path.trim().to_string());
                write.write_all(b"250 ok\r\n").await?;
            }
            "DATA" => {
                write.write_all(b"354 go on\r\n").await?;
                let mut data = String::new();
                while let Some(l) = lines.next_line().await? {
                    if l == "." {
                        break;
                    }
                    data.push_str(l.strip_prefix('.').unwrap_or(&l));
                    data.push('\n');
                }
                let _ = tx.send(Mail {
                    to: std::mem::take(&mut to),
                    data,
                });
                write.write_all(b"250 queued\r\n").await?;
            }
            "QUIT" => {
                write.write_all(b"221 bye\r\n").await?;
                return Ok(());
            }
            _ => write.write_all(b"250 ok\r\n").await?,
        }
    }
    Ok(())
}
