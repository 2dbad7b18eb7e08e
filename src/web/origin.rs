//! Which web pages may open `/ws`.
//!
//! A browser sends the page's `Origin` with every WebSocket upgrade and,
//! unlike with plain HTTP, the same-origin policy does not stop a page of
//! another site from opening the socket: without this check any site a
//! user visits could play, tell and talk in that user's name. Programs
//! that are not browsers send no `Origin` and are let in, as on the
//! telnet port.

/// Whether an upgrade from `origin` (the header, if any) may proceed on a
/// server reached as `host` (the `Host` header), given the origins the
/// operator allowed (`web_origins`, `*` for any) and the server's public
/// origin (`public_url`'s).
///
/// The server's own pages are those of its public origin, or of the host
/// the request was sent to: that host is one the server is known by, as
/// [`super::host`] refuses every other before this check runs.
pub fn allowed(
    origin: Option<&str>,
    host: Option<&str>,
    listed: &[String],
    public: Option<&str>,
) -> bool {
    let Some(origin) = origin.map(|o| o.trim().trim_end_matches('/')) else {
        return true;
    };
    if listed.iter().any(|l| l == "*") {
        return true;
    }
    if listed
        .iter()
        .chain(public.map(str::to_string).iter())
        .any(|l| l.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return true;
    }
    // The server's own pages: the origin's authority is the Host asked for.
    let Some((scheme, authority)) = origin.split_once("://") else {
        return false; // "null" (a file, a sandboxed frame) and nonsense
    };
    let Some(host) = host.map(str::trim) else {
        return false;
    };
    let default_port = match scheme.to_ascii_lowercase().as_str() {
        "http" => ":80",
        "https" => ":443",
        _ => return false,
    };
    let strip = |a: &str| -> String {
        a.to_ascii_lowercase()
            .trim_end_matches(default_port)
            .to_string()
    };
    strip(authority) == strip(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn programs_and_the_servers_own_pages_are_let_in() {
        assert!(allowed(None, Some("127.0.0.1:8080"), &[], None));
        assert!(allowed(
            Some("http://127.0.0.1:8080"),
            Some("127.0.0.1:8080"),
            &[],
            None
        ));
        assert!(allowed(
            Some("https://Chess.Example.org"),
            Some("chess.example.org:443"),
            &[],
            None
        ));
        assert!(allowed(
            Some("http://chess.example.org"),
            Some("chess.example.org"),
            &[],
            None
        ));
        // Behind a proxy on another port, Host may have lost the port.
        assert!(allowed(
            Some("https://chess.example.org:8443"),
            Some("chess.example.org"),
            &[],
            Some("https://chess.example.org:8443")
        ));
    }

    #[test]
    fn other_sites_are_refused_unless_listed() {
        let host = Some("127.0.0.1:8080");
        assert!(!allowed(Some("http://evil.example"), host, &[], None));
        assert!(!allowed(Some("http://127.0.0.1:9999"), host, &[], None));
        assert!(!allowed(Some("null"), host, &[], None));
        assert!(!allowed(Some("http://127.0.0.1:8080"), None, &[], None));
        let ok = list(&["https://play.example.org"]);
        assert!(allowed(Some("https://play.example.org"), host, &ok, None));
        assert!(!allowed(Some("http://play.example.org"), host, &ok, None));
        assert!(allowed(
            Some("http://evil.example"),
            host,
            &list(&["*"]),
            None
        ));
        let public = Some("https://chess.example.org");
        assert!(!allowed(Some("https://evil.example"), host, &[], public));
    }
}
