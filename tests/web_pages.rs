//! The browser client as the web port serves it: the page shell at every
//! page address, its script and style (gzip when asked, 304 when the
//! browser has them), the rules page's API, and the headers that keep
//! user text from running as script.

mod support;
mod web_common;

use support::TestServer;
use web_common::{get, get_with};

#[tokio::test]
async fn every_page_address_answers_the_shell_with_a_strict_policy() {
    let server = TestServer::start().await;
    // Every address of web/src/main.ts's routes: each can be reloaded.
    for path in [
        "/",
        "/game/12",
        "/history/5",
        "/tourney/3",
        "/player/Alice",
        "/help/atomic",
        "/help/atomic960",
        "/simul",
    ] {
        let a = get(&server, path).await;
        assert_eq!(a.status, 200, "{path}");
        assert_eq!(
            a.header("content-type"),
            Some("text/html; charset=utf-8"),
            "{path}"
        );
        assert!(
            a.body
                .contains(r#"<script type="module" src="/assets/app.js"></script>"#),
            "{path}: {}",
            a.body
        );
        let csp = a.header("content-security-policy").expect("a CSP");
        assert!(csp.contains("script-src 'self'"), "{csp}");
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        // No inline script at all: every script comes from /assets.
        assert!(!a.body.contains("<script>"), "{path}");
    }
    assert_eq!(get(&server, "/game/abc").await.status, 404);
    assert_eq!(get(&server, "/assets/nothing.js").await.status, 404);
}

#[tokio::test]
async fn assets_come_compressed_when_asked_and_revalidate_by_tag() {
    let server = TestServer::start().await;
    let plain = get(&server, "/assets/app.js").await;
    assert_eq!(plain.status, 200);
    assert_eq!(
        plain.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(plain.header("content-encoding"), None);
    assert!(plain.body.len() > 10_000, "{}", plain.body.len());
    let zipped = get_with(&server, "/assets/app.js", "Accept-Encoding: gzip, br\r\n").await;
    assert_eq!(zipped.header("content-encoding"), Some("gzip"));
    assert_eq!(zipped.header("vary"), Some("accept-encoding"));
    let tag = plain.header("etag").expect("an etag").to_string();
    let again = get_with(
        &server,
        "/assets/app.js",
        &format!("If-None-Match: {tag}\r\n"),
    )
    .await;
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    let css = get(&server, "/assets/app.css").await;
    assert_eq!(css.header("content-type"), Some("text/css; charset=utf-8"));
    assert!(
        css.body.contains("cg-board"),
        "chessground's style is in the sheet"
    );
}

#[tokio::test]
async fn the_rules_page_api_gives_the_help_text_and_its_boards() {
    let server = TestServer::start().await;
    let en = get(&server, "/api/help/atomic").await.json();
    assert!(
        en["text"]
            .as_str()
            .unwrap()
            .contains("every capture is an explosion")
    );
    let boards = en["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 6);
    let knights = &boards[0];
    assert_eq!(knights["name"], "knights");
    assert_eq!(knights["command"], "examine atomic knights");
    // The board after 1.d4 d5 2.Nc3 Nc6 3.Nf3 Nf6 4.Ne5 g6.
    assert_eq!(
        knights["fen"],
        "r1bqkb1r/ppp1pp1p/2n2np1/3pN3/3P4/2N5/PPP1PPPP/R1BQKB1R w KQkq - 0 5"
    );
    let fr = get(&server, "/api/help/atomic?lang=fr").await.json();
    assert_eq!(fr["lang"], "fr");
    assert!(fr["boards"][0]["about"].as_str().unwrap().contains("Cxd5"));
    assert_ne!(fr["text"], en["text"]);
    assert_eq!(get(&server, "/api/help/atomic?lang=de").await.status, 400);
}

/// The examples open in examine mode on exactly the boards the API gives.
#[tokio::test]
async fn each_example_board_is_the_one_examine_opens() {
    let server = TestServer::start().await;
    let api = get(&server, "/api/help/atomic").await.json();
    let (mut c, _) = server.guest().await;
    c.command("set style 12").await;
    for b in api["boards"].as_array().unwrap() {
        let reply = c.command(b["command"].as_str().unwrap()).await;
        let fields = support::style12_fields(&reply);
        let placement: Vec<String> = fields[1..9]
            .iter()
            .map(|rank| {
                let mut out = String::new();
                let mut empty = 0;
                for ch in rank.chars() {
                    if ch == '-' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(ch);
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                out
            })
            .collect();
        let fen = b["fen"].as_str().unwrap();
        assert_eq!(
            placement.join("/"),
            fen.split(' ').next().unwrap(),
            "{}",
            b["name"]
        );
        c.command("unexamine").await;
    }
}
