//! Which host names the web port answers for.
//!
//! DNS rebinding: a page at `http://evil.example:8080` whose name the
//! attacker then points at this server's address is, for the browser, of
//! the origin `evil.example:8080`; its requests reach this server with
//! `Host: evil.example:8080`, and a check that takes the server's own
//! origin from `Host` would let it open `/ws` as a page of ours. So the
//! server answers only for the names it is known by — `public_url`'s, the
//! hosts of `web_origins` — and for addresses typed as such (an IP
//! literal, `localhost`), which no attacker's name can be: anything else
//! is 421 Misdirected Request, before any route runs.

use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::router::State;
use crate::config::Config;

/// The host name of a `Host` header or an origin's authority (`name`,
/// `name:port`, `[v6]:port`), lowercase and without a trailing dot.
pub fn host_name(authority: &str) -> String {
    let authority = authority.trim();
    let name = match authority.strip_prefix('[') {
        Some(rest) => rest.split_once(']').map_or(rest, |(v6, _)| v6),
        None => match authority.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => authority,
        },
    };
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// The host name of an origin (`https://name:port`), if it has one.
fn origin_host(origin: &str) -> Option<String> {
    origin
        .split_once("://")
        .map(|(_, authority)| host_name(authority))
}

/// Whether the server answers for `host` (a `Host` header's value).
pub fn known(host: &str, config: &Config) -> bool {
    let name = host_name(host);
    if name.parse::<std::net::IpAddr>().is_ok()
        || name == "localhost"
        || name.ends_with(".localhost")
    {
        return true;
    }
    if config.web_origins.iter().any(|o| o == "*") {
        return true;
    }
    let public = config.public_origin();
    public
        .iter()
        .chain(config.web_origins.iter())
        .filter_map(|o| origin_host(o))
        .any(|known| known == name)
}

/// Refuses a request for a host the server is not known by (421).
pub async fn check(axum::extract::State(state): State, request: Request, next: Next) -> Response {
    // No Host at all is an HTTP/1.0 program's, never a browser's.
    let host = request
        .headers()
        .get(header::HOST)
        .map(|h| h.to_str().unwrap_or("\u{0}"));
    match host {
        Some(host) if !known(host, &state.shared.config()) => {
            state.shared.meters.web_misdirected.increment(1);
            tracing::warn!(host = %host.escape_debug(), "web request refused: unknown host");
            (
                StatusCode::MISDIRECTED_REQUEST,
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                "This server does not answer for that host name.\n",
            )
                .into_response()
        }
        _ => next.run(request).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_their_port_case_and_final_dot() {
        assert_eq!(host_name("Chess.Example.org:8080"), "chess.example.org");
        assert_eq!(host_name("chess.example.org."), "chess.example.org");
        assert_eq!(host_name("[::1]:8080"), "::1");
        assert_eq!(host_name("127.0.0.1"), "127.0.0.1");
    }

    #[test]
    fn addresses_and_the_public_name_are_known_others_are_not() {
        let mut c = Config::default();
        assert!(known("127.0.0.1:8080", &c));
        assert!(known("[::1]:8080", &c));
        assert!(known("localhost:8080", &c));
        assert!(known("192.0.2.10", &c));
        assert!(!known("evil.example:8080", &c));
        assert!(!known("127.0.0.1.evil.example", &c));
        c.public_url = Some("https://chess.example.org".into());
        assert!(known("chess.example.org", &c));
        assert!(known("CHESS.example.org:443", &c));
        assert!(!known("evil.example", &c));
        c.web_origins = vec!["https://play.example.net".into()];
        assert!(known("play.example.net", &c));
        c.web_origins = vec!["*".into()];
        assert!(known("evil.example", &c));
    }
}
