//! The built-in tournament director over TCP: scripted players join, play
//! (Black resigns) every round of each format, and read the final
//! standings; one event survives a server restart in its middle.

mod support;
mod tourney_common;

use tourney_common::{ask, field, join_all, login, no_rematch, play_until, points, server};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swiss_of_four_plays_three_rounds_without_rematches() {
    let server = server(30.0).await;
    let (mut boss, mut players) = field(&server, &["Ann", "Ben", "Cid", "Dee"]).await;
    let made = boss
        .command("tourney create Spring swiss 1 0 unrated rounds=3")
        .await;
    assert!(made.contains("Tourney #1 created."), "{made}");
    join_all(&mut players, 1).await;
    let info = boss.command("tourney info 1").await;
    assert!(info.contains("Players (4): "), "{info}");
    assert!(info.contains("swiss 3 rounds, 1 0 unrated, open"), "{info}");
    let started = boss.command("tourney start 1").await;
    assert!(started.contains("Tourney #1 started."), "{started}");
    let played = play_until(&mut players, "Tourney #1 \"Spring\" is over.", None).await;
    assert_eq!(played.games.len(), 6, "{:?}", played.games);
    assert!(no_rematch(&played.games), "{:?}", played.games);
    let table = ask(&mut boss, "tourney standings 1").await;
    assert!(table.contains("Standings after round 3 of 3"), "{table}");
    let pts = points(&table);
    assert_eq!(pts.len(), 4, "{table}");
    // An unrated event between players without a rating: FICS shows
    // ---- for them (as who and sought do), never 0.
    for (name, _) in &pts {
        let row = table.lines().find(|l| l.contains(name.as_str())).unwrap();
        assert_eq!(row.split_whitespace().nth(2), Some("----"), "{table}");
    }
    assert_eq!(pts.iter().map(|(_, p)| p).sum::<f64>(), 6.0, "{table}");
    let cross = boss.command("tourney crosstable 1").await;
    assert!(cross.lines().all(|l| l.chars().count() <= 79), "{cross}");
    let pairings = boss.command("tourney pairings 1 2").await;
    assert!(
        pairings.contains("Ann") && pairings.contains("Dee"),
        "{pairings}"
    );
    let list = boss.command("tourney list").await;
    assert!(
        list.contains("Spring") && list.contains("finished"),
        "{list}"
    );
    // The event's games as PGN and the event as TRF, from the database.
    server.flush_store().await;
    let pgn = export(&server, &["export-pgn", "--tourney", "1"]);
    assert_eq!(
        pgn.matches("[Event \"Spring (tourney #1)\"]").count(),
        6,
        "{pgn}"
    );
    for round in 1..=3 {
        assert_eq!(
            pgn.matches(&format!("[Round \"{round}\"]")).count(),
            2,
            "{pgn}"
        );
    }
    assert_eq!(pgn.matches("[Result \"1-0\"]").count(), 6, "{pgn}");
    let trf = export(&server, &["export-trf", "1"]);
    assert!(trf.contains("012 Spring"), "{trf}");
    assert_eq!(
        trf.lines().filter(|l| l.starts_with("001 ")).count(),
        4,
        "{trf}"
    );
    let none = std::process::Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .args([
            "export-trf",
            "9",
            "--db",
            server.config.database.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(!none.status.success());
}

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn round_robin_of_three_pairs_everyone_once_with_rest_rounds() {
    let server = server(30.0).await;
    let (mut boss, mut players) = field(&server, &["Ann", "Ben", "Cid"]).await;
    boss.command("tourney create Trio rr 1 0").await;
    join_all(&mut players, 1).await;
    boss.command("tourney start 1").await;
    let played = play_until(&mut players, "Tourney #1 \"Trio\" is over.", None).await;
    assert_eq!(played.games.len(), 3, "{:?}", played.games);
    assert!(no_rematch(&played.games), "{:?}", played.games);
    let table = ask(&mut boss, "tourney standings 1").await;
    assert!(table.contains("Standings after round 3 of 3"), "{table}");
    let pts = points(&table);
    assert_eq!(pts.iter().map(|(_, p)| p).sum::<f64>(), 3.0, "{table}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn knockout_of_four_has_a_champion_and_two_players_suffice() {
    let server = server(30.0).await;
    let (mut boss, mut players) = field(&server, &["Ann", "Ben", "Cid", "Dee"]).await;
    boss.command("tourney create Cup ko 1 0 games=1").await;
    join_all(&mut players, 1).await;
    boss.command("tourney start 1").await;
    let played = play_until(&mut players, "Tourney #1 \"Cup\" is over. Winner: ", None).await;
    // Two semi-finals and a final, Black resigning each.
    assert_eq!(played.games.len(), 3, "{:?}", played.games);
    let final_game = &played.games[2];
    let all = played.logs.join("");
    assert!(
        all.contains(&format!("is over. Winner: {}.", final_game.0)),
        "{all}"
    );
    // Two players make a final at once.
    let (a, b) = players.split_at_mut(2);
    let _ = b;
    ask(&mut boss, "tourney create Duel ko 1 0").await;
    join_all(a, 2).await;
    ask(&mut boss, "tourney start 2").await;
    let duel = play_until(a, "Tourney #2 \"Duel\" is over. Winner: ", None).await;
    assert_eq!(duel.games.len(), 1, "{:?}", duel.games);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_arena_pairs_two_players_again_and_again_then_ends() {
    let server = server(30.0).await;
    let (mut boss, mut players) = field(&server, &["Ann", "Ben"]).await;
    boss.command("tourney create Blitz arena 1 0 minutes=0.1")
        .await;
    join_all(&mut players, 1).await;
    boss.command("tourney start 1").await;
    let played = play_until(&mut players, "Tourney #1 \"Blitz\" is over.", None).await;
    assert!(!played.games.is_empty(), "{:?}", played.logs);
    let table = ask(&mut boss, "tourney standings 1").await;
    assert!(table.contains("Ann") && table.contains("Ben"), "{table}");
    // An arena ends at its time and a game begun just before is played
    // out (`help tourney`): resign it, if there is one, before asking.
    for (_, c) in players.iter_mut() {
        ask(c, "resign").await;
    }
    // Berserk is for arena games only, and only in one.
    let (_, ann) = &mut players[0];
    let r = ask(ann, "berserk").await;
    assert!(r.contains("You are not playing a game."), "{r}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn berserk_halves_the_clock_before_the_first_move() {
    let server = server(30.0).await;
    let (mut boss, mut players) = field(&server, &["Ann", "Ben"]).await;
    boss.command("tourney create Zerk arena 2 0 minutes=10")
        .await;
    join_all(&mut players, 1).await;
    boss.command("tourney start 1").await;
    let mut white = None;
    for (i, (_, c)) in players.iter_mut().enumerate() {
        let start = c.expect("Creating: ").await;
        let _ = start;
        let line = c.expect("\n").await;
        if line.starts_with(&format!("{} ", ["Ann", "Ben"][i])) {
            white = Some(i);
        }
        c.expect("fics% ").await;
    }
    let w = white.expect("someone is White");
    let (_, wc) = &mut players[w];
    let r = ask(wc, "berserk").await;
    assert!(r.contains("You berserk"), "{r}");
    let r = ask(wc, "berserk").await;
    assert!(r.contains("You have already berserked."), "{r}");
    let t = ask(wc, "time").await;
    assert!(t.contains(": 1 mins, 0 secs"), "{t}");
    let r = ask(wc, "tourney standings 1").await;
    assert!(r.contains("Ann"), "{r}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_the_middle_resumes_the_event() {
    let mut server = server(30.0).await;
    let names = ["Ann", "Ben", "Cid", "Dee"];
    let (mut boss, mut players) = field(&server, &names).await;
    boss.command("tourney create Long rr 5 0").await;
    join_all(&mut players, 1).await;
    boss.command("tourney start 1").await;
    // Round 1 is played; round 2 is paired and its games start.
    let first = play_until(&mut players, "Tourney #1 round 2: ", Some(2)).await;
    let mut seen = first.games.clone();
    // Wait until round 2's games are on the board, then restart.
    for (_, c) in players.iter_mut() {
        c.expect("Creating: ").await;
    }
    server.restart().await;
    drop(boss);
    drop(players);
    let mut players = Vec::new();
    for n in names {
        players.push((n.to_string(), login(&server, n).await));
    }
    let rest = play_until(&mut players, "Tourney #1 \"Long\" is over.", None).await;
    seen.extend(rest.games.iter().cloned());
    // 3 rounds of 2 games; an adjourned game comes back with `Continuing`.
    assert!(rest.logs.join("").contains("Continuing"), "{:?}", rest.logs);
    let mut boss = login(&server, "Boss").await;
    let table = ask(&mut boss, "tourney standings 1").await;
    assert!(table.contains("Standings after round 3 of 3"), "{table}");
    let pts = points(&table);
    assert_eq!(pts.iter().map(|(_, p)| p).sum::<f64>(), 6.0, "{table}");
    let _ = seen;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_pairs_a_late_entrant() {
    let server = server(30.0).await;
    let (mut boss, mut players) = field(&server, &["Ann", "Ben", "Cid"]).await;
    boss.command("tourney create Late arena 1 0 minutes=0.1")
        .await;
    join_all(&mut players[..2], 1).await;
    boss.command("tourney start 1").await;
    let (_, cid) = &mut players[2];
    let r = ask(cid, "tourney join 1").await;
    assert!(r.contains("You join tourney #1."), "{r}");
    let played = play_until(&mut players, "Tourney #1 \"Late\" is over.", None).await;
    assert!(
        played.games.iter().any(|(w, b)| w == "Cid" || b == "Cid"),
        "{:?}",
        played.games
    );
}
