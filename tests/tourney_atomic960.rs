//! Atomic960 tournaments over TCP, as players meet them: a TD creates an
//! Atomic960 Swiss, four scripted players play it to the end (Black
//! resigns every game), each round is announced with its start position,
//! every game of a round starts from that same position (the stored games,
//! as `export-pgn --tourney` writes them), and the final standings add up
//! to the games' results. The other formats take the option too.

mod support;
mod tourney_common;

use std::collections::BTreeMap;

use atomicd::chess::StartPosition;
use tourney_common::{ask, field, join_all, play_until, points, server};

/// Runs the binary on the test server's database; its standard output.
fn export(server: &support::TestServer, args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .args(args)
        .args(["--db", server.config.database.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The tags of each game of a PGN text, in order.
fn pgn_games(pgn: &str) -> Vec<BTreeMap<String, String>> {
    let mut games = Vec::new();
    for line in pgn.lines() {
        let Some(tag) = line.strip_prefix('[').and_then(|l| l.strip_suffix("\"]")) else {
            continue;
        };
        let Some((name, value)) = tag.split_once(" \"") else {
            continue;
        };
        if name == "Event" {
            games.push(BTreeMap::new());
        }
        if let Some(g) = games.last_mut() {
            g.insert(name.to_string(), value.to_string());
        }
    }
    games
}

/// The positions announced in `logs` by `Tourney #ID round R: every game
/// starts from Atomic960 position N (LETTERS).`, by round.
fn announced(logs: &str, id: u32) -> BTreeMap<u32, StartPosition> {
    let head = format!("Tourney #{id} round ");
    let mut by_round = BTreeMap::new();
    for line in logs.lines() {
        let Some(rest) = line.strip_prefix(&head) else {
            continue;
        };
        let Some((round, rest)) = rest.split_once(": every game starts from Atomic960 position ")
        else {
            continue;
        };
        let (n, letters) = rest.split_once(' ').unwrap();
        let start = StartPosition::new(n.parse().unwrap()).unwrap();
        assert_eq!(letters, format!("({}).", start.letters()), "{line}");
        let round: u32 = round.parse().unwrap();
        let before = by_round.insert(round, start);
        assert!(before.is_none() || before == Some(start), "{line}");
    }
    by_round
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_atomic960_swiss_plays_each_round_from_one_position_to_the_end() {
    let server = server(30.0).await;
    let names = ["Ann", "Ben", "Cid", "Dee"];
    let (mut boss, mut players) = field(&server, &names).await;
    // Unrated unless asked (a rated event: tourney_atomic960_rated.rs).
    let made = ask(
        &mut boss,
        "tourney create Fischer swiss 1 0 atomic960 rounds=3",
    )
    .await;
    assert!(made.contains("Tourney #1 created."), "{made}");
    let info = ask(&mut boss, "tourney info 1").await;
    assert!(
        info.contains("swiss 3 rounds, 1 0 unrated atomic960, open"),
        "{info}"
    );
    join_all(&mut players, 1).await;
    let started = ask(&mut boss, "tourney start 1").await;
    assert!(started.contains("Tourney #1 started."), "{started}");
    let played = play_until(&mut players, "Tourney #1 \"Fischer\" is over.", None).await;
    assert_eq!(played.games.len(), 6, "{:?}", played.games);
    let all = played.logs.join("");
    // Every game is announced as Atomic960.
    let creating = played.creating_lines();
    assert_eq!(creating.len(), 6, "one line a game: {all}");
    assert!(
        creating
            .iter()
            .all(|l| l.ends_with(" unrated atomic960 1 0")),
        "{creating:?}"
    );
    // Each player reads each round's position once.
    let starts = announced(&played.logs[0], 1);
    assert_eq!(
        starts.keys().copied().collect::<Vec<_>>(),
        [1, 2, 3],
        "{all}"
    );
    for log in &played.logs[1..] {
        assert_eq!(announced(log, 1), starts, "{all}");
    }

    // The stored games: two a round, both from the round's position.
    server.flush_store().await;
    let pgn = export(&server, &["export-pgn", "--tourney", "1"]);
    let games = pgn_games(&pgn);
    assert_eq!(games.len(), 6, "{pgn}");
    let mut score: BTreeMap<String, f64> = BTreeMap::new();
    for g in &games {
        let round: u32 = g["Round"].parse().unwrap();
        assert_eq!(g["Variant"], "Atomic", "{pgn}");
        assert_eq!(g["SetUp"], "1", "{pgn}");
        assert_eq!(g["FEN"], starts[&round].fen(), "round {round}: {pgn}");
        let (w, b) = match g["Result"].as_str() {
            "1-0" => (1.0, 0.0),
            "0-1" => (0.0, 1.0),
            "1/2-1/2" => (0.5, 0.5),
            other => panic!("result {other}: {pgn}"),
        };
        *score.entry(g["White"].clone()).or_default() += w;
        *score.entry(g["Black"].clone()).or_default() += b;
    }
    for round in 1..=3 {
        assert_eq!(
            games
                .iter()
                .filter(|g| g["Round"] == round.to_string())
                .count(),
            2,
            "{pgn}"
        );
    }
    // Three rounds from three draws of 960: they need not differ, but the
    // announcement and the games agree whatever they are.

    // The standings add up: one point a game, and each player's points
    // are the results of their games.
    let table = ask(&mut boss, "tourney standings 1").await;
    assert!(table.contains("Standings after round 3 of 3"), "{table}");
    let pts = points(&table);
    assert_eq!(pts.len(), 4, "{table}");
    assert_eq!(pts.iter().map(|(_, p)| p).sum::<f64>(), 6.0, "{table}");
    for (name, p) in &pts {
        assert_eq!(Some(p), score.get(name), "{name}: {table} {pgn}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn round_robin_knockout_and_arena_take_atomic960_too() {
    let server = server(30.0).await;
    let (mut boss, mut players) = field(&server, &["Ann", "Ben", "Cid"]).await;
    // A round robin of three: three rounds, one game each (one rests).
    ask(&mut boss, "tourney create Trio rr 1 0 a960").await;
    join_all(&mut players, 1).await;
    ask(&mut boss, "tourney start 1").await;
    let played = play_until(&mut players, "Tourney #1 \"Trio\" is over.", None).await;
    assert_eq!(played.games.len(), 3, "{:?}", played.games);
    let starts = announced(&played.logs.join(""), 1);
    assert_eq!(starts.len(), 3, "{:?}", played.logs);
    // A knockout final between two, then a short arena between the same two.
    let (two, _) = players.split_at_mut(2);
    ask(&mut boss, "tourney create Cup ko 1 0 atomic960").await;
    join_all(two, 2).await;
    ask(&mut boss, "tourney start 2").await;
    let cup = play_until(two, "Tourney #2 \"Cup\" is over. Winner: ", None).await;
    assert_eq!(cup.games.len(), 1, "{:?}", cup.games);
    let cup_start = announced(&cup.logs.join(""), 2);
    assert_eq!(cup_start.len(), 1, "{:?}", cup.logs);
    ask(
        &mut boss,
        "tourney create Blitz arena 1 0 atomic960 minutes=0.1",
    )
    .await;
    join_all(two, 3).await;
    ask(&mut boss, "tourney start 3").await;
    let blitz = play_until(two, "Tourney #3 \"Blitz\" is over.", None).await;
    assert!(!blitz.games.is_empty(), "{:?}", blitz.logs);
    let waves: Vec<u32> = blitz.logs[0]
        .lines()
        .filter_map(|l| {
            l.strip_prefix("Tourney #3: these games start from Atomic960 position ")?
                .split(' ')
                .next()?
                .parse()
                .ok()
        })
        .collect();
    assert!(!waves.is_empty(), "{:?}", blitz.logs);

    // Each stored game starts from its event's announced position (an
    // arena wave's in order of the waves: one game a wave between two).
    server.flush_store().await;
    for (id, expected) in [
        (1, starts.values().copied().collect::<Vec<_>>()),
        (2, cup_start.values().copied().collect()),
    ] {
        let pgn = export(&server, &["export-pgn", "--tourney", &id.to_string()]);
        let fens: Vec<String> = pgn_games(&pgn).iter().map(|g| g["FEN"].clone()).collect();
        let want: Vec<String> = expected.iter().map(|s| s.fen()).collect();
        assert_eq!(fens, want, "{pgn}");
    }
    let pgn = export(&server, &["export-pgn", "--tourney", "3"]);
    for (g, n) in pgn_games(&pgn).iter().zip(&waves) {
        assert_eq!(g["FEN"], StartPosition::new(*n).unwrap().fen(), "{pgn}");
    }
}

/// The four players of the restart tests.
const FOUR: [&str; 4] = ["Ann", "Ben", "Cid", "Dee"];

/// Event 1, made by `tourney create TERMS`, with the four players joined
/// and started: the TD and the players.
async fn started(
    server: &support::TestServer,
    terms: &str,
) -> (support::Client, Vec<(String, support::Client)>) {
    let (mut boss, mut players) = field(server, &FOUR).await;
    ask(&mut boss, &format!("tourney create {terms}")).await;
    join_all(&mut players, 1).await;
    ask(&mut boss, "tourney start 1").await;
    (boss, players)
}

/// The server stopped and started again while everyone was connected,
/// and the four players back (`before`'s connections are dropped after
/// the stop, as the server's shutdown closed them).
async fn restarted(
    server: &mut support::TestServer,
    before: (support::Client, Vec<(String, support::Client)>),
) -> Vec<(String, support::Client)> {
    server.restart().await;
    drop(before);
    let mut players = Vec::new();
    for n in FOUR {
        players.push((n.to_string(), tourney_common::login(server, n).await));
    }
    players
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_atomic960_event_stays_atomic960_across_a_restart() {
    let mut server = server(30.0).await;
    let (boss, mut players) = started(&server, "Long swiss 5 0 atomic960 rounds=3").await;
    // Round 1 is played; round 2 is paired and announced.
    let first = play_until(
        &mut players,
        "Tourney #1 round 2: every game starts",
        Some(2),
    )
    .await;
    let before = announced(&first.logs.join(""), 1);
    assert!(before.contains_key(&2), "{:?}", first.logs);
    let mut players = restarted(&mut server, (boss, players)).await;
    let rest = play_until(&mut players, "Tourney #1 \"Long\" is over.", None).await;
    let after = announced(&rest.logs.join(""), 1);
    assert!(after.contains_key(&3), "{:?}", rest.logs);
    let mut boss = tourney_common::login(&server, "Boss").await;
    let info = ask(&mut boss, "tourney info 1").await;
    assert!(info.contains("5 0 unrated atomic960, finished"), "{info}");
    // Every stored game, before the restart or after it, started from its
    // round's position as announced.
    server.flush_store().await;
    let pgn = export(&server, &["export-pgn", "--tourney", "1"]);
    let games = pgn_games(&pgn);
    assert_eq!(games.len(), 6, "{pgn}");
    for g in &games {
        let round: u32 = g["Round"].parse().unwrap();
        let start = before.get(&round).or(after.get(&round)).unwrap();
        assert_eq!(g["FEN"], start.fen(), "round {round}: {pgn}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_wave_paired_before_a_restart_plays_the_position_it_announced() {
    // Games start 3 s after their pairing: time to restart in between.
    let mut server = support::TestServer::start_with(|c| {
        c.tourney_countdown_seconds = 3.0;
        c.tourney_forfeit_seconds = 30.0;
    })
    .await;
    let (boss, mut players) = started(&server, "Dash arena 1 0 atomic960 minutes=5").await;
    // The first wave: two games, one position.
    let head = "Tourney #1: these games start from Atomic960 position ";
    players[0].1.expect(head).await;
    let rest = players[0].1.expect("\n").await;
    let n: u32 = rest.split(' ').next().unwrap().parse().unwrap();
    let wave = StartPosition::new(n).unwrap();
    let mut players = restarted(&mut server, (boss, players)).await;
    let played = play_until(&mut players, "no stop line", Some(2)).await;
    assert_eq!(played.games.len(), 2, "{:?}", played.logs);
    server.flush_store().await;
    let pgn = export(&server, &["export-pgn", "--tourney", "1"]);
    let games = pgn_games(&pgn);
    assert!(games.len() >= 2, "{pgn}");
    for g in &games[..2] {
        assert_eq!(g["FEN"], wave.fen(), "position {n}: {pgn}");
    }
}
