//! `/api`, `/healthz`, `/metrics` over real sockets: the JSON matches what
//! the telnet commands show (`games`, `moves`, `history`, `finger`, `who`,
//! `tourney standings`), unknown things are 404, bad input 400, and every
//! response carries the security headers.

mod support;
mod web_common;

use std::time::Duration;

use atomicd::account::Titles;
use support::TestServer;
use web_common::get;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_games_match_games_and_moves() {
    let server = TestServer::start().await;
    let (mut w, mut b) = server.game("Alice", "Bob", "3 2", 12).await;
    let mut carol = server.named("Carol").await;
    carol.command("observe 1").await;
    for (i, mv) in ["e4", "d5", "Nf3"].iter().enumerate() {
        let (m, o) = if i % 2 == 0 {
            (&mut w, &mut b)
        } else {
            (&mut b, &mut w)
        };
        m.play(mv).await;
        o.next_message().await;
        carol.next_message().await;
    }
    let answer = get(&server, "/api/games").await;
    assert_eq!(answer.status, 200);
    assert!(
        answer
            .header("content-type")
            .unwrap()
            .starts_with("application/json")
    );
    let all = answer.json();
    let games = all["games"].as_array().unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    let listed = carol.command("games").await;
    let line = listed.lines().next().unwrap();
    // `  1 ++++ Alice       ++++ Bob        [ ux  3   2]   2:58 -  2:59 (39-39) B:  2`
    assert!(
        line.trim_start().starts_with(&format!("{} ", g["number"])),
        "{line}"
    );
    for name in ["Alice", "Bob"] {
        assert!(line.contains(name), "{line}");
    }
    assert_eq!(g["white"]["name"], "Alice");
    assert_eq!(g["white"]["rating"], "++++");
    assert_eq!(g["time_control"]["minutes"], 3);
    assert_eq!(g["time_control"]["increment"], 2);
    assert_eq!(g["ply"], 3);
    assert_eq!(g["turn"], "black");
    assert!(line.contains("B:  2"), "move 2, Black to move: {line}");
    assert_eq!(g["observers"], 1);
    assert_eq!(
        g["fen"],
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert!(g["tourney"].is_null());
    assert!(g["clocks"]["black_ms"].as_i64().unwrap() <= 180_000);
    // The database id: the game's /api/history/{id} once it ends.
    assert!(g["id"].as_i64().is_some_and(|id| id > 0), "{g}");

    let one = get(&server, "/api/games/1").await.json();
    let sans: Vec<&str> = one["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    let ucis: Vec<&str> = one["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert_eq!(ucis, ["e2e4", "d7d5", "g1f3"]);
    let moves = carol.command("moves 1").await;
    // `  1.  e4      (0:00)     d5      (0:00)` then `  2.  Nf3 ...`
    let mut listed = Vec::new();
    for l in moves.lines().filter(|l| {
        l.trim_start()
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    }) {
        for word in l.split_whitespace().skip(1) {
            if !word.starts_with('(') {
                listed.push(word.to_string());
            }
        }
    }
    assert_eq!(listed, sans, "{moves}");
    let missing = get(&server, "/api/games/2").await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.json()["error"], "There is no game 2.");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_and_players_match_history_and_finger() {
    let server = TestServer::start().await;
    server.add_user("Alice", "pw", Titles::default());
    server.add_user(
        "Bob",
        "pw",
        Titles {
            computer: true,
            ..Titles::default()
        },
    );
    let mut a = server.user("Alice", "pw").await;
    let mut b = server.user("Bob", "pw").await;
    for c in [&mut a, &mut b] {
        c.command("set bell 0").await;
        c.command("style 12").await;
    }
    a.start_game_with(&mut b, "3 0 r").await;
    for (i, mv) in ["Nf3", "a6", "Ng5", "a5"].iter().enumerate() {
        let (m, o) = if i % 2 == 0 {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        m.play(mv).await;
        o.next_message().await;
    }
    a.play("Nxf7").await;
    b.expect("Atomic rating adjustment").await;
    b.expect("fics% ").await;
    server.flush_store().await;

    let alice = get(&server, "/api/players/alice").await.json();
    assert_eq!(alice["name"], "Alice");
    assert_eq!(alice["registered"], true);
    assert_eq!(alice["online"], true);
    let rating = alice["ratings"]["atomic"]["rating"].as_i64().unwrap();
    assert!(rating > 1500, "{alice}");
    assert_eq!(alice["ratings"]["atomic"]["wins"], 1);
    let finger = b.command("finger alice").await;
    assert!(finger.contains(&rating.to_string()), "{rating} in {finger}");
    let bob = get(&server, "/api/players/Bob").await.json();
    assert_eq!(bob["titles"], serde_json::json!(["computer"]));
    assert!(b.command("finger bob").await.contains("Bob is a computer."));

    // The graph's points: the rating when the rated game began (the
    // starting rating), then the rating now.
    let points = alice["rating_history"].as_array().unwrap();
    assert_eq!(points.len(), 2, "{alice}");
    assert_eq!(points[0]["rating"], 1500);
    assert_eq!(points[1]["rating"], rating);
    let last = &alice["last_games"][0];
    assert_eq!(last["result"], "1-0");
    assert_eq!(last["end_code"], "Kex");
    let history = a.command("history").await;
    assert!(
        history.contains("+ ") && history.contains("Kex"),
        "{history}"
    );
    let id = last["id"].as_i64().unwrap();
    let game = get(&server, &format!("/api/history/{id}")).await.json();
    assert_eq!(game["reason"], "Bob's king exploded");
    let sans: Vec<&str> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["Nf3", "a6", "Ng5", "a5", "Nxf7#"]);
    let smoves = a.command("smoves alice").await;
    for san in &sans {
        assert!(smoves.contains(san), "{san} in {smoves}");
    }
    let pgn = get(&server, &format!("/api/history/{id}.pgn")).await;
    assert_eq!(pgn.status, 200);
    assert!(
        pgn.header("content-type")
            .unwrap()
            .starts_with("application/x-chess-pgn")
    );
    assert!(pgn.body.contains("[Variant \"Atomic\"]"), "{}", pgn.body);
    assert!(pgn.body.contains("3. Nxf7#"), "{}", pgn.body);
    assert_eq!(get(&server, "/api/history/999").await.status, 404);
    assert_eq!(get(&server, "/api/history/x.pgn").await.status, 400);

    // An unregistered user online is known; a name nobody has is not.
    let _g = server.named("Visitor").await;
    let v = get(&server, "/api/players/visitor").await.json();
    assert_eq!(
        (v["registered"].clone(), v["online"].clone()),
        (false.into(), true.into())
    );
    let nobody = get(&server, "/api/players/Nobody").await;
    assert_eq!(nobody.status, 404);
    assert!(nobody.json()["error"].as_str().unwrap().contains("Nobody"));
    assert_eq!(get(&server, "/api/players/x1").await.status, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn who_lists_everyone_online() {
    let server = TestServer::start().await;
    let (mut w, _b) = server.game("Alice", "Bob", "3 0", 12).await;
    let _c = server.named("Carol").await;
    let who = get(&server, "/api/who").await.json();
    assert_eq!(who["count"], 3);
    let names: Vec<&str> = who["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    let listed = w.command("who").await;
    for n in &names {
        assert!(listed.contains(&format!("{n}(U)")), "{n} in {listed}");
    }
    let alice = who["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Alice")
        .unwrap();
    assert_eq!(alice["status"], "playing");
    assert_eq!(alice["game"], 1);
    assert_eq!(alice["titles"], serde_json::json!(["unregistered"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tourneys_match_tourney_standings() {
    let server = TestServer::start_with(|c| c.tourney_countdown_seconds = 0.2).await;
    server.add_user(
        "Boss",
        "pw",
        Titles {
            td: true,
            ..Titles::default()
        },
    );
    let mut boss = server.user("Boss", "pw").await;
    let mut players = Vec::new();
    for n in ["Ann", "Ben"] {
        server.add_user(n, "pw", Titles::default());
        let mut c = server.user(n, "pw").await;
        c.command("set bell 0").await;
        players.push(c);
    }
    let made = boss.command("tourney create Cup rr 3 0 unrated").await;
    assert!(made.contains("#1"), "{made}");
    for c in &mut players {
        c.command("tourney join 1").await;
    }
    boss.command("tourney start 1").await;
    // The game starts after the countdown.
    players[0].expect("Creating: ").await;
    let list = get(&server, "/api/tourneys").await.json();
    assert_eq!(list["anyone_creates"], false);
    assert_eq!(list["tourneys"][0]["name"], "Cup");
    assert_eq!(list["tourneys"][0]["status"], "running");
    assert_eq!(list["tourneys"][0]["players"], 2);
    assert_eq!(list["tourneys"][0]["variant"], "atomic");
    let one = get(&server, "/api/tourneys/1").await.json();
    boss.drain(Duration::from_millis(100)).await;
    let standings = boss.command("tourney standings 1").await;
    assert_eq!(one["standings_text"], standings.as_str());
    assert_eq!(one["standings"].as_array().unwrap().len(), 2);
    // No rated game yet: no rating now; two players: no bye.
    assert!(one["standings"][0]["rating_now"].is_null(), "{one}");
    assert_eq!(one["byes"], serde_json::json!([]));
    let pairing = &one["pairings"][0];
    assert_eq!(pairing["round"], 1);
    let pair = [
        pairing["white"].as_str().unwrap(),
        pairing["black"].as_str().unwrap(),
    ];
    assert!(pair.contains(&"Ann") && pair.contains(&"Ben"), "{pairing}");
    let pairings = boss.command("tourney pairings 1").await;
    assert!(
        pairings.contains("Ann") && pairings.contains("Ben"),
        "{pairings}"
    );
    // The live game knows its event.
    let games = get(&server, "/api/games").await.json();
    assert_eq!(games["games"][0]["tourney"]["id"], 1);
    assert_eq!(games["games"][0]["tourney"]["name"], "Cup");
    assert_eq!(get(&server, "/api/tourneys/7").await.status, 404);
    assert_eq!(get(&server, "/api/tourneys/seven").await.status, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_has_its_headers_and_errors_are_json() {
    let server = TestServer::start().await;
    for path in [
        "/api/games",
        "/api/nothing",
        "/healthz",
        "/metrics",
        "/",
        "/no/such/page",
    ] {
        let a = get(&server, path).await;
        assert_eq!(
            a.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        let csp = a.header("content-security-policy").unwrap_or_default();
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
            "{path}: {csp}"
        );
    }
    let nothing = get(&server, "/api/nothing").await;
    assert_eq!(nothing.status, 404);
    assert!(nothing.json()["error"].is_string());
    let bad = get(&server, "/api/games/-3").await;
    assert_eq!(bad.status, 400);
    assert!(bad.json()["error"].as_str().unwrap().contains("-3"));
    assert_eq!(get(&server, "/api/games/%FF").await.status, 400);
    let health = get(&server, "/healthz").await;
    assert_eq!((health.status, health.body.as_str()), (200, "ok\n"));
    let metrics = get(&server, "/metrics").await;
    assert!(
        metrics
            .header("content-type")
            .unwrap()
            .starts_with("text/plain")
    );
    for name in [
        "atomicd_games_running 0",
        "atomicd_store_queue_depth",
        "# TYPE atomicd_store_commit_seconds histogram",
        "atomicd_api_requests_total",
    ] {
        assert!(metrics.body.contains(name), "{name} in {}", metrics.body);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_budget_is_per_address() {
    // 30 a minute: bursts of 3, one more every two seconds.
    let server = TestServer::start_with(|c| c.api_requests_per_minute = 30).await;
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(get(&server, "/api/who").await.status);
    }
    assert_eq!(&statuses[..3], &[200, 200, 200], "{statuses:?}");
    assert!(statuses.contains(&429), "{statuses:?}");
    let limited = get(&server, "/api/who").await;
    if limited.status == 429 {
        assert_eq!(limited.header("retry-after"), Some("1"));
        assert!(
            limited.json()["error"]
                .as_str()
                .unwrap()
                .contains("Too many")
        );
    }
    // The rest of the web port is not part of the API's budget.
    assert_eq!(get(&server, "/healthz").await.status, 200);
}
