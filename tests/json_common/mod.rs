//! A client of `/ws?framing=json` as the browser is one: JSON messages in
//! text frames, the resume cookie from `POST /session`.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::support::PATIENCE;

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A browser's session over the JSON framing.
pub struct JsonClient {
    ws: Ws,
    web: SocketAddr,
    next_id: u64,
    /// Messages read and not yet taken.
    pub seen: Vec<Value>,
    /// The close code, once the server closed.
    pub closed: Option<u16>,
    /// The last ticket the server gave.
    pub ticket: Option<String>,
}

impl JsonClient {
    /// Opens `/ws?framing=json` (with `&lang=`), carrying `cookie` if given.
    pub async fn connect(web: SocketAddr, cookie: Option<&str>, lang: Option<&str>) -> JsonClient {
        let lang = lang.map(|l| format!("&lang={l}")).unwrap_or_default();
        let mut request = format!("ws://{web}/ws?framing=json{lang}")
            .into_client_request()
            .unwrap();
        if let Some(c) = cookie {
            request
                .headers_mut()
                .insert("cookie", format!("atomicd_resume={c}").parse().unwrap());
        }
        request
            .headers_mut()
            .insert("origin", format!("http://{web}").parse().unwrap());
        let (ws, _) = tokio_tungstenite::connect_async(request)
            .await
            .expect("upgrade");
        JsonClient {
            ws,
            web,
            next_id: 1,
            seen: Vec::new(),
            closed: None,
            ticket: None,
        }
    }

    /// Sends a message.
    pub async fn send(&mut self, m: Value) {
        self.send_text(&m.to_string()).await;
    }

    /// Sends one text frame as it is.
    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.expect("send");
    }

    /// Sends one binary frame.
    pub async fn send_binary(&mut self, bytes: &[u8]) {
        self.ws
            .send(Message::binary(bytes.to_vec()))
            .await
            .expect("send");
    }

    /// The next message, within `wait`; None on a timeout or a close.
    pub async fn read(&mut self, wait: Duration) -> Option<Value> {
        loop {
            match tokio::time::timeout(wait, self.ws.next()).await {
                Ok(Some(Ok(Message::Text(t)))) => {
                    let v: Value = serde_json::from_str(&t)
                        .unwrap_or_else(|e| panic!("not one JSON message ({e}): {t:?}"));
                    assert_eq!(v["v"], 1, "{v}");
                    if v["type"] == "ticket" {
                        self.ticket = v["ticket"].as_str().map(str::to_string);
                    }
                    return Some(v);
                }
                Ok(Some(Ok(Message::Close(frame)))) => {
                    self.closed = Some(frame.map_or(1005, |f| f.code.into()));
                    return None;
                }
                Ok(Some(Ok(Message::Binary(b)))) => panic!("a binary frame: {b:?}"),
                Ok(Some(Ok(_))) => continue,
                Ok(Some(Err(_)) | None) => {
                    self.closed.get_or_insert(1006);
                    return None;
                }
                Err(_) => return None,
            }
        }
    }

    /// The first message (seen or coming) that `pick` takes; panics after
    /// the test's patience.
    pub async fn expect_where(&mut self, what: &str, pick: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.seen.iter().position(&pick) {
            return self.seen.remove(i);
        }
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match self.read(left).await {
                Some(v) if pick(&v) => return v,
                Some(v) => self.seen.push(v),
                None => panic!(
                    "no {what} (closed: {:?}); seen: {:#?}",
                    self.closed, self.seen
                ),
            }
        }
    }

    /// The first message of this type.
    pub async fn expect(&mut self, kind: &str) -> Value {
        self.expect_where(kind, |v| v["type"] == kind).await
    }

    /// Sends a command line; returns its reply.
    pub async fn cmd(&mut self, line: &str) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({ "type": "cmd", "line": line, "id": id }))
            .await;
        self.expect_where(&format!("the reply to {line:?}"), |v| {
            v["type"] == "reply" && v["id"] == id
        })
        .await
    }

    /// Logs in; returns the `login` answer.
    pub async fn login(&mut self, name: &str, password: Option<&str>) -> Value {
        let mut m = json!({ "type": "login", "name": name });
        if let Some(p) = password {
            m["password"] = p.into();
        }
        self.send(m).await;
        self.expect("login").await
    }

    /// Logs in as a new guest; returns the name.
    pub async fn guest(&mut self) -> String {
        let r = self.login("guest", None).await;
        assert_eq!(r["result"], "ok", "{r}");
        r["name"].as_str().unwrap().to_string()
    }

    /// Trades the last ticket for the cookie's token, as the page does.
    pub async fn cookie(&mut self) -> String {
        if self.ticket.is_none() {
            self.expect("ticket").await;
        }
        let ticket = self.ticket.clone().expect("a ticket");
        let answer = post_session(self.web, &ticket).await;
        assert!(answer.starts_with("HTTP/1.1 204"), "{answer}");
        let line = answer
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
            .unwrap_or_else(|| panic!("no cookie: {answer}"));
        let value = line.split_once(':').unwrap().1.trim();
        value
            .strip_prefix("atomicd_resume=")
            .and_then(|v| v.split(';').next())
            .expect("the resume cookie")
            .to_string()
    }

    /// Drops the connection as a closed tab does.
    pub async fn hang_up(mut self) {
        let _ = self.ws.close(None).await;
    }

    /// Everything that comes within `wait`.
    pub async fn drain(&mut self, wait: Duration) -> Vec<Value> {
        let mut all = std::mem::take(&mut self.seen);
        while let Some(v) = self.read(wait).await {
            all.push(v);
        }
        all
    }
}

/// `POST /session` with a ticket; the whole HTTP answer.
pub async fn post_session(web: SocketAddr, ticket: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(web).await.unwrap();
    let req = format!(
        "POST /session HTTP/1.1\r\nHost: {web}\r\nOrigin: http://{web}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{ticket}",
        ticket.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(PATIENCE, s.read_to_end(&mut out))
        .await
        .expect("an answer")
        .unwrap();
    String::from_utf8_lossy(&out).into_owned()
}

/// The board among a reply's messages, if any.
pub fn board_of(reply: &Value) -> Option<&Value> {
    reply["messages"]
        .as_array()?
        .iter()
        .find(|m| m["type"] == "board")
}

/// The catalogue ids of a reply's lines.
pub fn line_ids(reply: &Value) -> Vec<String> {
    reply["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["type"] == "lines")
        .flat_map(|m| m["lines"].as_array().cloned().unwrap_or_default())
        .filter_map(|l| l["id"].as_str().map(str::to_string))
        .collect()
}
