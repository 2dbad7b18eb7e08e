//! What the web tests share: plain HTTP/1.1 over TCP, as any client sends
//! it, and JSON out of the answer.

#![allow(dead_code)]

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::{PATIENCE, TestServer};

/// An HTTP answer: status, headers (lowercase names) and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.body))
    }
}

/// Sends `request` bytes as they are and reads the answer to its end.
pub async fn raw(server: &TestServer, request: &[u8]) -> Vec<u8> {
    let mut s = tokio::net::TcpStream::connect(server.web).await.unwrap();
    s.write_all(request).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(PATIENCE, s.read_to_end(&mut out))
        .await
        .expect("an answer")
        .unwrap_or_default();
    out
}

/// `GET path` with extra header lines (each ending in `\r\n`).
pub async fn get_with(server: &TestServer, path: &str, headers: &str) -> Answer {
    let req = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\n{headers}Connection: close\r\n\r\n",
        server.web
    );
    parse(&raw(server, req.as_bytes()).await)
}

pub async fn get(server: &TestServer, path: &str) -> Answer {
    get_with(server, path, "").await
}

/// `POST path` with `body` as a browser's form sends it.
pub async fn post_form(server: &TestServer, path: &str, body: &str) -> Answer {
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        server.web,
        body.len()
    );
    parse(&raw(server, req.as_bytes()).await)
}

pub fn parse(bytes: &[u8]) -> Answer {
    let text = String::from_utf8_lossy(bytes);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("not HTTP: {text:?}"));
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status: {text:?}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect::<Vec<_>>();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        unchunk(body)
    } else {
        body.to_string()
    };
    Answer {
        status,
        headers,
        body,
    }
}

fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}
