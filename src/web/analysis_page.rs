//! `/analysis/{id}`: the computer analysis of a game, with an analysis
//! board that runs the same engine as WebAssembly on the player's own
//! machine, and `/engine/{file}`: that engine's files.
//!
//! Only this page loads the engine (1.6 MB of WebAssembly), so the lobby
//! and the game pages keep their weight. The engine searches on threads
//! (WebAssembly threads share memory through `SharedArrayBuffer`), which
//! browsers give only to a cross-origin isolated page: this page, and the
//! engine's files, are sent with `Cross-Origin-Opener-Policy: same-origin`
//! and `Cross-Origin-Embedder-Policy: require-corp`, and the page's policy
//! allows compiling WebAssembly (`'wasm-unsafe-eval'`), which the rest of
//! the site's does not. The engine's files are the ones scripts/engines.sh
//! installed beside the server's `engine` (`node_modules/fairy-stockfish-nnue.wasm`
//! next to `engines/fairy-stockfish`); without them the page says that
//! the board has no engine, and shows the stored analysis all the same.

use std::path::PathBuf;

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::pages::Asset;
use crate::web::router::State;

/// The page itself (the script it loads is `/assets/analysis.js`).
pub static PAGE: Asset = Asset {
    path: "analysis.html",
    content_type: "text/html; charset=utf-8",
    body: include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/web/dist/analysis.html"
    )),
    gzip: include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/web/dist/analysis.html.gz"
    )),
};

/// This page's policy: the site's, plus compiling WebAssembly and
/// workers of this origin.
const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; \
style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

/// The engine's files, and their types.
const ENGINE_FILES: [(&str, &str); 3] = [
    ("stockfish.js", "text/javascript; charset=utf-8"),
    ("stockfish.worker.js", "text/javascript; charset=utf-8"),
    ("stockfish.wasm", "application/wasm"),
];

fn isolated(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    );
    h.insert(
        HeaderName::from_static("cross-origin-embedder-policy"),
        HeaderValue::from_static("require-corp"),
    );
    h.insert(
        HeaderName::from_static("cross-origin-resource-policy"),
        HeaderValue::from_static("same-origin"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    response
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Not found.\n",
    )
        .into_response()
}

/// `GET /analysis/{id}`
pub async fn page(Path(id): Path<String>, headers: HeaderMap) -> Response {
    if id.is_empty() || id.len() > 10 || !id.bytes().all(|b| b.is_ascii_digit()) {
        return not_found();
    }
    isolated(PAGE.respond(&headers))
}

/// Where the engine's WebAssembly build is: beside the server's engine.
fn engine_dir(engine: Option<&str>) -> Option<PathBuf> {
    let program = engine?.split_whitespace().next()?;
    let dir = std::path::Path::new(program).parent()?;
    Some(dir.join("node_modules/fairy-stockfish-nnue.wasm"))
}

/// `GET /engine/{file}`: one of the three files of the engine.
pub async fn engine_file(axum::extract::State(state): State, Path(file): Path<String>) -> Response {
    let Some((name, kind)) = ENGINE_FILES.iter().find(|(n, _)| *n == file) else {
        return not_found();
    };
    let config = state.shared.config();
    let Some(dir) = engine_dir(config.engine.as_deref()) else {
        return not_found();
    };
    match tokio::fs::read(dir.join(name)).await {
        Ok(body) => isolated(
            (
                [
                    (header::CONTENT_TYPE, *kind),
                    (header::CACHE_CONTROL, "public, max-age=3600"),
                ],
                body,
            )
                .into_response(),
        ),
        Err(_) => not_found(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_files_are_found_beside_the_engine() {
        assert_eq!(
            engine_dir(Some("engines/fairy-stockfish")),
            Some(PathBuf::from(
                "engines/node_modules/fairy-stockfish-nnue.wasm"
            ))
        );
        assert_eq!(engine_dir(None), None);
        assert_eq!(engine_dir(Some("   ")), None);
    }
}
