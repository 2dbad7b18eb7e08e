//! The browser client: its page, script and style, built into the binary.
//!
//! `web/dist/` is the committed build of `web/` (`scripts/web-build.sh`
//! makes it; CI checks that the committed files are what the sources
//! give). The files are few and small, so `include_bytes!` embeds them,
//! each beside its gzip twin made by the same build: `cargo run` needs no
//! Node.js, no folder beside the binary, and no compression at run time.
//!
//! Every page address (`/`, `/game/12`, `/tourney/3`, `/history/7`,
//! `/player/alice`, `/help/atomic`) answers the same small HTML shell; the script reads the
//! address and draws the page, and moves between pages without reloading,
//! so a guest's session (and game) lives on while the user looks around.

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// One embedded file.
pub struct Asset {
    pub path: &'static str,
    pub content_type: &'static str,
    pub body: &'static [u8],
    pub gzip: &'static [u8],
}

macro_rules! asset {
    ($path:literal, $type:literal) => {
        Asset {
            path: $path,
            content_type: $type,
            body: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/web/dist/", $path)),
            gzip: include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/web/dist/",
                $path,
                ".gz"
            )),
        }
    };
}

/// The shell every page address answers.
pub static SHELL: Asset = asset!("index.html", "text/html; charset=utf-8");

/// What the shell loads, under `/assets/`.
pub static ASSETS: &[Asset] = &[
    asset!("app.js", "text/javascript; charset=utf-8"),
    asset!("app.css", "text/css; charset=utf-8"),
    // The analysis page's script (`/analysis/N`, `analysis_page.rs`).
    asset!("analysis.js", "text/javascript; charset=utf-8"),
];

impl Asset {
    /// A tag that changes whenever the file does (FNV-1a of the bytes), so
    /// that a browser revalidates cheaply and never keeps a stale script.
    pub fn etag(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.body {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        format!("\"{h:016x}\"")
    }

    /// The file, compressed when the browser takes gzip; 304 when the
    /// browser already has this version.
    pub fn respond(&self, headers: &HeaderMap) -> Response {
        let etag = self.etag();
        let fresh = headers
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
        let tag = HeaderValue::from_str(&etag).expect("a hex tag is a header value");
        let cache = HeaderValue::from_static("no-cache");
        if fresh {
            return (
                StatusCode::NOT_MODIFIED,
                [(header::ETAG, tag), (header::CACHE_CONTROL, cache)],
            )
                .into_response();
        }
        let gzip = headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .is_some_and(accepts_gzip);
        let (body, encoding) = if gzip {
            (self.gzip, Some(HeaderValue::from_static("gzip")))
        } else {
            (self.body, None)
        };
        let mut response = (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static(self.content_type),
                ),
                (header::ETAG, tag),
                (header::CACHE_CONTROL, cache),
                (header::VARY, HeaderValue::from_static("accept-encoding")),
            ],
            body,
        )
            .into_response();
        if let Some(e) = encoding {
            response.headers_mut().insert(header::CONTENT_ENCODING, e);
        }
        response
    }
}

/// Whether an `Accept-Encoding` value takes gzip (and does not refuse it
/// with `q=0`).
fn accepts_gzip(value: &str) -> bool {
    value.split(',').any(|part| {
        let mut bits = part.split(';');
        let name = bits.next().unwrap_or("").trim();
        let refused = bits.any(|p| {
            p.trim()
                .strip_prefix("q=")
                .and_then(|q| q.trim().parse::<f32>().ok())
                .is_some_and(|q| q == 0.0)
        });
        (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
    })
}

/// `GET /` and every other page address.
pub async fn shell(headers: HeaderMap) -> Response {
    SHELL.respond(&headers)
}

/// `GET /game/{n}`, `GET /tourney/{id}` and `GET /history/{id}`: a number, or 404.
pub async fn numbered(Path(n): Path<String>, headers: HeaderMap) -> Response {
    if !n.is_empty() && n.len() <= 10 && n.bytes().all(|b| b.is_ascii_digit()) {
        SHELL.respond(&headers)
    } else {
        not_found()
    }
}

/// `GET /player/{name}`: a handle (letters only), or 404.
pub async fn named(Path(name): Path<String>, headers: HeaderMap) -> Response {
    if (1..=17).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphabetic()) {
        SHELL.respond(&headers)
    } else {
        not_found()
    }
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Not found.\n",
    )
        .into_response()
}

/// `GET /assets/{file}`
pub async fn asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    match ASSETS.iter().find(|a| a.path == file) {
        Some(a) => a.respond(&headers),
        None => not_found(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gzip_is_taken_unless_refused() {
        assert!(accepts_gzip("gzip, deflate, br"));
        assert!(accepts_gzip("br;q=1.0, gzip;q=0.8"));
        assert!(accepts_gzip("*"));
        assert!(!accepts_gzip("br, deflate"));
        assert!(!accepts_gzip("gzip;q=0"));
        assert!(!accepts_gzip(""));
    }

    #[test]
    fn every_asset_has_its_gzip_twin_and_a_distinct_tag() {
        let mut tags: Vec<String> = ASSETS.iter().map(Asset::etag).collect();
        tags.push(SHELL.etag());
        for a in ASSETS.iter().chain([&SHELL]) {
            assert!(!a.body.is_empty(), "{} is empty", a.path);
            assert_eq!(&a.gzip[..2], &[0x1f, 0x8b], "{}.gz is not gzip", a.path);
        }
        tags.sort();
        tags.dedup();
        assert_eq!(tags.len(), ASSETS.len() + 1);
    }
}
