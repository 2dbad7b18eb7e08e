//! What the tournament tests share: a server with short director delays,
//! registered players, and a driver that plays every game of an event the
//! way scripted clients would (Black resigns each game it is given).

#![allow(dead_code)]

use std::time::Duration;

use atomicd::account::Titles;

use crate::support::{Client, TestServer};

/// A server whose director starts games 0.2 s after pairing them and waits
/// `forfeit_secs` for absent players.
pub async fn server(forfeit_secs: f64) -> TestServer {
    TestServer::start_with(|c| {
        c.tourney_countdown_seconds = 0.2;
        c.tourney_forfeit_seconds = forfeit_secs;
    })
    .await
}

/// A registered user at the prompt, with the bell off. A game the director
/// starts as the user arrives (an adjourned one, after a restart) may come
/// before the reply to `set bell 0`: it stays unread for the driver.
pub async fn login(server: &TestServer, name: &str) -> Client {
    let mut c = server.user(name, "pw").await;
    c.command_keeping("set bell 0", "You will not hear beeps.")
        .await;
    c
}

/// The TD `Boss` and the players `names`, registered and logged in.
pub async fn field(server: &TestServer, names: &[&str]) -> (Client, Vec<(String, Client)>) {
    server.add_user(
        "Boss",
        "pw",
        Titles {
            td: true,
            ..Titles::default()
        },
    );
    let boss = login(server, "Boss").await;
    let mut players = Vec::new();
    for n in names {
        server.add_user(n, "pw", Titles::default());
        players.push((n.to_string(), login(server, n).await));
    }
    (boss, players)
}

/// A command's reply, after dropping whatever unsolicited text came first.
pub async fn ask(c: &mut Client, line: &str) -> String {
    c.drain(Duration::from_millis(100)).await;
    c.command(line).await
}

/// Every player joins event `id`.
pub async fn join_all(players: &mut [(String, Client)], id: u32) {
    for (_, c) in players.iter_mut() {
        let r = ask(c, &format!("tourney join {id}")).await;
        assert!(r.contains(&format!("You join tourney #{id}.")), "{r}");
    }
}

/// The White and Black names of a `Creating:` line.
pub fn creating(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix("Creating: ")?;
    let w: Vec<&str> = rest.split_whitespace().collect();
    Some((w.first()?.to_string(), w.get(2)?.to_string()))
}

/// What the driver saw: every game started (White, Black), in order, and
/// all text each player received.
#[derive(Default, Debug)]
pub struct Played {
    pub games: Vec<(String, String)>,
    pub logs: Vec<String>,
}

impl Played {
    /// The `Creating:` lines read, one a game, sorted. Each game's Black
    /// read its line (it resigned on it); a White's log may stop short of
    /// the last games' when the end is announced, so count games here,
    /// not lines in the logs.
    pub fn creating_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .logs
            .iter()
            .flat_map(|log| log.lines())
            .filter_map(|l| l.find("Creating: ").map(|at| l[at..].to_string()))
            .collect();
        lines.sort();
        lines.dedup();
        lines
    }
}

/// Plays until some player reads `stop` (or `games_limit` games started,
/// when given): whoever gets Black resigns at once. Panics after a minute.
pub async fn play_until(
    players: &mut [(String, Client)],
    stop: &str,
    games_limit: Option<usize>,
) -> Played {
    let mut played = Played {
        logs: vec![String::new(); players.len()],
        ..Played::default()
    };
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        for (i, (name, c)) in players.iter_mut().enumerate() {
            let text = c.drain(Duration::from_millis(20)).await;
            for line in text.lines() {
                if let Some((w, b)) = creating(line)
                    && &b == name
                {
                    played.games.push((w, b));
                    c.send("resign").await;
                }
            }
            played.logs[i].push_str(&text);
        }
        if played.logs.iter().any(|l| l.contains(stop)) {
            return played;
        }
        if games_limit.is_some_and(|n| played.games.len() >= n) {
            return played;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no {stop:?} after a minute; games {:?}; logs {:?}",
            played.games,
            played.logs
        );
    }
}

/// The `Pts` column of a standings table, by name (Swiss, round robin
/// and knockout tables have it fourth: rank, name, rating, points).
pub fn points(table: &str) -> Vec<(String, f64)> {
    table
        .lines()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let rank: usize = w.first()?.parse().ok()?;
            let _ = rank;
            Some((w.get(1)?.to_string(), w.get(3)?.parse().ok()?))
        })
        .collect()
}

/// True when no two games had the same two players.
pub fn no_rematch(games: &[(String, String)]) -> bool {
    let mut pairs: Vec<(String, String)> = games
        .iter()
        .map(|(w, b)| {
            if w < b {
                (w.clone(), b.clone())
            } else {
                (b.clone(), w.clone())
            }
        })
        .collect();
    pairs.sort();
    let before = pairs.len();
    pairs.dedup();
    before == pairs.len()
}
