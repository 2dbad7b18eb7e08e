//! Host names and reverse proxies, over real sockets.
//!
//! A request for a host name the server is not known by is refused (421),
//! which is what stops a DNS-rebinding page from opening `/ws` as one of
//! the server's own pages. Behind a trusted proxy the client's address
//! comes from `X-Forwarded-For` (the right-most hop that is not a trusted
//! proxy): the per-address limits, the API's rate limit and what admins
//! see are the client's, not the proxy's; from anyone else those headers
//! change nothing. (The same through a real nginx, with TLS and a browser:
//! tests/browser/proxy.test.mjs.)

mod support;
mod web_common;

use std::net::{IpAddr, SocketAddr};

use atomicd::account::Titles;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;

use support::{Client, Framing, PATIENCE, TestServer};

fn local(n: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, n])
}

/// The status of `GET path` sent from `from` with extra header lines.
async fn status_from(server: &TestServer, from: IpAddr, path: &str, headers: &str) -> u16 {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from, 0)).unwrap();
    let mut s = socket.connect(server.web).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\n{headers}Connection: close\r\n\r\n");
    s.write_all(request.as_bytes()).await.unwrap();
    // The head is enough (an upgraded connection stays open).
    let mut out = Vec::new();
    let mut chunk = [0u8; 4096];
    while !out.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = tokio::time::timeout(PATIENCE, s.read(&mut chunk))
            .await
            .expect("an answer")
            .unwrap();
        if n == 0 {
            break;
        }
        out.extend_from_slice(&chunk[..n]);
    }
    let text = String::from_utf8_lossy(&out);
    text.split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not HTTP: {text:?}"))
}

fn upgrade_headers(host: &str, origin: &str) -> String {
    format!(
        "Host: {host}\r\nOrigin: {origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rebinding_page_is_refused_and_the_servers_names_are_answered() {
    let server = TestServer::start().await;
    let port = server.web.port();
    let evil = format!("evil.example:{port}");
    // The page itself, and its attempt to open /ws as a page of ours.
    assert_eq!(
        status_from(&server, local(1), "/", &format!("Host: {evil}\r\n")).await,
        421
    );
    let rebound = upgrade_headers(&evil, &format!("http://{evil}"));
    assert_eq!(status_from(&server, local(1), "/ws", &rebound).await, 421);
    assert_eq!(
        status_from(&server, local(1), "/api/who", &format!("Host: {evil}\r\n")).await,
        421
    );
    // Addresses typed as such are answered.
    for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}")] {
        let h = format!("Host: {host}\r\n");
        assert_eq!(status_from(&server, local(1), "/", &h).await, 200, "{host}");
    }
    let own = upgrade_headers(
        &format!("127.0.0.1:{port}"),
        &format!("http://127.0.0.1:{port}"),
    );
    assert_eq!(status_from(&server, local(1), "/ws", &own).await, 101);
    let metrics = web_common::get(&server, "/metrics").await;
    assert!(
        metrics.body.contains("atomicd_web_misdirected_total 3"),
        "{}",
        metrics.body
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_public_url_is_the_servers_name_and_origin() {
    let server =
        TestServer::start_with(|c| c.public_url = Some("https://chess.example.org".into())).await;
    let h = "Host: chess.example.org\r\n";
    assert_eq!(status_from(&server, local(1), "/", h).await, 200);
    let own = upgrade_headers("chess.example.org", "https://chess.example.org");
    assert_eq!(status_from(&server, local(1), "/ws", &own).await, 101);
    let other = upgrade_headers("chess.example.org", "https://evil.example");
    assert_eq!(status_from(&server, local(1), "/ws", &other).await, 403);
    let h = "Host: www.example.org\r\n";
    assert_eq!(status_from(&server, local(1), "/", h).await, 421);
}

/// An admin who hears arrivals with addresses (`pinform`).
async fn watching_admin(server: &TestServer) -> Client {
    server.add_user(
        "Boss",
        "pw",
        Titles {
            admin: true,
            ..Titles::default()
        },
    );
    let mut admin = server.connect_telnet().await;
    admin.login("Boss", "pw").await;
    admin.command("set pinform 1").await;
    admin
}

/// A WebSocket through "the proxy" (127.0.0.2) for `client`, logged in as
/// a guest; Err with the status when refused.
async fn via_proxy(server: &TestServer, forwarded: &str) -> Result<(Client, String), u16> {
    let mut c = Client::try_ws(
        server.web,
        local(2),
        Framing::Text,
        &[("X-Forwarded-For", forwarded)],
    )
    .await?;
    let name = c.login_guest().await;
    Ok((c, name))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_the_limits_and_admins_see_the_real_client() {
    let server = TestServer::start_with(|c| {
        c.trusted_proxies = vec!["127.0.0.2".parse().unwrap()];
        c.max_connections_per_ip = 2;
    })
    .await;
    let mut admin = watching_admin(&server).await;
    // The client's address, past a forged entry on the left.
    let (_a1, name) = via_proxy(&server, "6.6.6.6, 198.51.100.7").await.unwrap();
    admin
        .expect(&format!("[{name} (U: 198.51.100.7) has connected.]\n"))
        .await;
    // Two sessions of that client are its limit; a third is refused,
    // while another client behind the same proxy gets in.
    let (_a2, _) = via_proxy(&server, "198.51.100.7").await.unwrap();
    assert_eq!(via_proxy(&server, "198.51.100.7").await.err(), Some(503));
    let (_b, name) = via_proxy(&server, "198.51.100.8").await.unwrap();
    admin
        .expect(&format!("[{name} (U: 198.51.100.8) has connected.]\n"))
        .await;
    // (The proxy itself holds three sessions by now, past the per-address
    // limit of two: it is many clients, not one.)
    // From anyone else the header is a lie, and ignored.
    let mut liar = Client::try_ws(
        server.web,
        local(3),
        Framing::Text,
        &[("X-Forwarded-For", "198.51.100.9")],
    )
    .await
    .unwrap();
    let name = liar.login_guest().await;
    admin
        .expect(&format!("[{name} (U: 127.0.0.3) has connected.]\n"))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_the_api_rate_is_each_clients() {
    let server = TestServer::start_with(|c| {
        c.trusted_proxies = vec!["127.0.0.0/30".parse().unwrap()];
        c.api_requests_per_minute = 10; // bursts of one
    })
    .await;
    let host = format!("Host: 127.0.0.1:{}\r\n", server.web.port());
    let as_client = |ip: &str| format!("{host}X-Forwarded-For: {ip}\r\n");
    let a = as_client("198.51.100.7");
    assert_eq!(status_from(&server, local(2), "/api/who", &a).await, 200);
    assert_eq!(status_from(&server, local(2), "/api/who", &a).await, 429);
    // Another client of the same proxy has its own budget.
    let b = as_client("198.51.100.8");
    assert_eq!(status_from(&server, local(2), "/api/who", &b).await, 200);
    // A forged header from an untrusted address buys nothing.
    let forged = as_client("198.51.100.50");
    assert_eq!(
        status_from(&server, local(9), "/api/who", &forged).await,
        200
    );
    let forged = as_client("198.51.100.51");
    assert_eq!(
        status_from(&server, local(9), "/api/who", &forged).await,
        429
    );
}
