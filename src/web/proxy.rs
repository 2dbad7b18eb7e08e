//! Who a request really comes from, behind a reverse proxy.
//!
//! Behind nginx or Caddy (where TLS usually ends) every connection comes
//! from the proxy, and the client's address is in a header the proxy adds:
//! `X-Forwarded-For: client, proxy1, proxy2` (what nginx and Caddy send)
//! or RFC 7239's `Forwarded: for=client, for=proxy1`. Anyone can send
//! those headers, so they are believed only on a connection from an
//! address the operator trusts (`trusted_proxies`), and only as far as
//! trusted hops go: reading from the right, the first address that is not
//! a trusted proxy is the client. A forged entry a client put on the left
//! is never reached.
//!
//! `X-Forwarded-For` is read when present, `Forwarded` otherwise: a proxy
//! that sets one must drop the other if a client sent it (the shipped
//! `contrib/nginx.conf` and `contrib/Caddyfile` do).

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, Request};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;

use super::listener::Peer;
use super::router::State;
use crate::net::address::AddrRange;

/// The real client of a request, for handlers (`Extension<Client>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Client {
    /// The client's address: the peer's, or the one a trusted proxy gave.
    pub ip: IpAddr,
    /// Whether the connection is a trusted proxy's (whose place in the
    /// limits counts no address of its own).
    pub via_proxy: bool,
}

impl Client {
    /// The client as a socket address, for the session: the peer itself,
    /// or the client's address with no port (a proxy does not pass it).
    pub fn socket_addr(&self, peer: SocketAddr) -> SocketAddr {
        if self.via_proxy {
            SocketAddr::new(self.ip, 0)
        } else {
            peer
        }
    }
}

/// Whether `ip` is one of the trusted proxies.
pub fn trusted(ip: IpAddr, proxies: &[AddrRange]) -> bool {
    proxies.iter().any(|p| p.contains(ip))
}

/// The client a request from `peer` with `headers` comes from.
pub fn client(peer: IpAddr, headers: &HeaderMap, proxies: &[AddrRange]) -> Client {
    if !trusted(peer, proxies) {
        return Client {
            ip: peer,
            via_proxy: false,
        };
    }
    let hops = forwarded_hops(headers);
    let mut nearest = peer;
    for hop in hops.iter().rev() {
        match *hop {
            Some(ip) if trusted(ip, proxies) => nearest = ip,
            Some(ip) => {
                return Client {
                    ip,
                    via_proxy: true,
                };
            }
            // "unknown" or an obfuscated name: nothing beyond can be told.
            None => break,
        }
    }
    Client {
        ip: nearest,
        via_proxy: true,
    }
}

/// The addresses the forwarding headers list, left (client) to right
/// (nearest proxy); None for a hop that is not an address.
fn forwarded_hops(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let xff = headers.get_all("x-forwarded-for");
    if xff.iter().next().is_some() {
        return xff
            .iter()
            .flat_map(|v| v.to_str().unwrap_or("").split(','))
            .map(node)
            .collect();
    }
    headers
        .get_all(axum::http::header::FORWARDED)
        .iter()
        .flat_map(|v| v.to_str().unwrap_or("").split(','))
        .map(|element| {
            element
                .split(';')
                .filter_map(|pair| pair.split_once('='))
                .find(|(key, _)| key.trim().eq_ignore_ascii_case("for"))
                .and_then(|(_, value)| node(value))
        })
        .collect()
}

/// One node: `192.0.2.60`, `192.0.2.60:4711`, `"[2001:db8::1]:4711"`,
/// `2001:db8::1`; None for `unknown`, `_hidden` and junk.
fn node(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Some(rest) = text.strip_prefix('[') {
        return rest.split_once(']')?.0.parse().ok();
    }
    text.parse::<SocketAddr>().ok().map(|a| a.ip())
}

/// Puts the request's [`Client`] in its extensions for every handler.
pub async fn resolve(
    axum::extract::State(state): State,
    ConnectInfo(Peer(peer)): ConnectInfo<Peer>,
    mut request: Request,
    next: Next,
) -> Response {
    let found = client(
        peer.ip(),
        request.headers(),
        &state.shared.config().trusted_proxies,
    );
    request.extensions_mut().insert(found);
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(*name, value.parse().unwrap());
        }
        h
    }

    fn proxies(list: &[&str]) -> Vec<AddrRange> {
        list.iter().map(|p| p.parse().unwrap()).collect()
    }

    #[test]
    fn headers_from_anyone_but_a_trusted_proxy_are_ignored() {
        let h = headers(&[("x-forwarded-for", "1.2.3.4")]);
        let c = client(ip("203.0.113.9"), &h, &proxies(&["127.0.0.1"]));
        assert_eq!(
            c,
            Client {
                ip: ip("203.0.113.9"),
                via_proxy: false
            }
        );
        let c = client(ip("203.0.113.9"), &h, &[]);
        assert_eq!(c.ip, ip("203.0.113.9"));
    }

    #[test]
    fn the_rightmost_untrusted_hop_is_the_client() {
        let trust = proxies(&["127.0.0.1", "10.0.0.0/8"]);
        // A client that forged an entry: the proxy appended the real one.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 198.51.100.7")]);
        assert_eq!(client(ip("127.0.0.1"), &h, &trust).ip, ip("198.51.100.7"));
        // Two proxies in a row: the inner one is skipped.
        let h = headers(&[("x-forwarded-for", "198.51.100.7, 10.1.1.1")]);
        assert_eq!(client(ip("127.0.0.1"), &h, &trust).ip, ip("198.51.100.7"));
        // Several header lines are one list.
        let h = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "198.51.100.7"),
        ]);
        assert_eq!(client(ip("127.0.0.1"), &h, &trust).ip, ip("198.51.100.7"));
        // No header: the proxy itself (a health check, say).
        let c = client(ip("127.0.0.1"), &HeaderMap::new(), &trust);
        assert_eq!(
            c,
            Client {
                ip: ip("127.0.0.1"),
                via_proxy: true
            }
        );
        // Only trusted hops: the leftmost of them.
        let h = headers(&[("x-forwarded-for", "10.9.9.9, 10.1.1.1")]);
        assert_eq!(client(ip("127.0.0.1"), &h, &trust).ip, ip("10.9.9.9"));
        // A hop that is not an address stops the walk at the last known one.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, garbage, 10.1.1.1")]);
        assert_eq!(client(ip("127.0.0.1"), &h, &trust).ip, ip("10.1.1.1"));
    }

    #[test]
    fn forwarded_is_read_when_there_is_no_x_forwarded_for() {
        let trust = proxies(&["127.0.0.1"]);
        let h = headers(&[(
            "forwarded",
            "for=6.6.6.6;proto=https, For=\"[2001:db8:cafe::17]:4711\";by=127.0.0.1",
        )]);
        assert_eq!(
            client(ip("127.0.0.1"), &h, &trust).ip,
            ip("2001:db8:cafe::17")
        );
        let h = headers(&[("forwarded", "for=192.0.2.43:47011")]);
        assert_eq!(client(ip("127.0.0.1"), &h, &trust).ip, ip("192.0.2.43"));
        let h = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(client(ip("127.0.0.1"), &h, &trust).ip, ip("127.0.0.1"));
        // X-Forwarded-For wins when both are there.
        let h = headers(&[
            ("forwarded", "for=6.6.6.6"),
            ("x-forwarded-for", "198.51.100.7"),
        ]);
        assert_eq!(client(ip("127.0.0.1"), &h, &trust).ip, ip("198.51.100.7"));
    }

    #[test]
    fn a_client_behind_a_proxy_has_no_port() {
        let peer: SocketAddr = "127.0.0.1:40000".parse().unwrap();
        let c = Client {
            ip: ip("198.51.100.7"),
            via_proxy: true,
        };
        assert_eq!(c.socket_addr(peer), "198.51.100.7:0".parse().unwrap());
        let c = Client {
            ip: ip("127.0.0.1"),
            via_proxy: false,
        };
        assert_eq!(c.socket_addr(peer), peer);
    }
}
