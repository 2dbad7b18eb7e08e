//! The house's computer opponents, with the real engine (Fairy-Stockfish
//! as WebAssembly, installed by scripts/engines.sh): started by the server
//! itself on computer accounts, played over telnet with `match`, limited
//! in games at once, idle without an engine, and "not available, and why"
//! without one.

mod engine_common;
mod support;

use std::time::Duration;

use atomicd::Config;
use atomicd::bot::fics::Board12;
use atomicd::house::config::HouseBot;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::variant::Atomic;
use shakmaty::{CastlingMode, EnPassantMode, Position};
use support::{Client, TestServer};

fn with_bots(config: &mut Config, max_games: u32) {
    config.engine = Some(engine_common::fairy_stockfish().display().to_string());
    config.house_bots = vec![
        HouseBot {
            name: "FairyOne".into(),
            level: 1,
        },
        HouseBot {
            name: "FairyTwo".into(),
            level: 2,
        },
    ];
    config.house.max_games = max_games;
    config.house.engine_idle_seconds = 1;
}

/// A reply with the server's long-line wrapping (`\   ` continuations)
/// undone.
fn unwrapped(text: &str) -> String {
    text.replace('\r', "").replace("\n\\   ", "")
}

/// Waits until `bots` shows every computer opponent logged in and free.
async fn until_ready(c: &mut Client) -> String {
    for _ in 0..600 {
        let list = c.command("bots").await;
        if list.matches(" free").count() == 2 {
            return list;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "the computer opponents never logged in: {}",
        c.command("bots").await
    );
}

/// The position of a style-12 board.
fn position(board: &Board12) -> Atomic {
    Fen::from_ascii(board.fen().as_bytes())
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// Plays random legal moves for `c` until the game ends; checks that every
/// move the other side made between two of `c`'s boards was legal; returns
/// the end line and the number of plies.
async fn play_out(c: &mut Client, max_moves: usize) -> (String, usize) {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut made = 0;
    let mut last: Option<Atomic> = None;
    let mut plies = 0;
    loop {
        let text = c.next_message().await;
        for line in text.lines() {
            if line.starts_with("{Game ")
                && !line.contains(" Creating ")
                && !line.ends_with("match.}")
            {
                return (line.to_string(), plies);
            }
            let Some(board) = Board12::parse(line) else {
                continue;
            };
            let pos = position(&board);
            if let Some(before) = &last
                && board.relation == 1
            {
                // The bot's move: legal in the position it was made in,
                // and giving the position the board shows.
                let mv = SanPlus::from_ascii(board.san.as_bytes())
                    .ok()
                    .and_then(|san| san.san.to_move(before).ok());
                let Some(mv) = mv else {
                    panic!("the bot's {} is not legal in {}", board.san, board.fen());
                };
                let mut after = before.clone();
                after.play_unchecked(mv);
                assert_eq!(
                    Fen::from_position(&after, EnPassantMode::Legal)
                        .to_string()
                        .split(' ')
                        .next(),
                    board.fen().split(' ').next(),
                    "the bot's {}",
                    board.san
                );
                plies += 1;
            }
            last = Some(pos.clone());
            if board.relation != 1 {
                continue;
            }
            if made >= max_moves {
                c.send("resign").await;
                continue;
            }
            let legal = pos.legal_moves();
            if legal.is_empty() {
                continue;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = legal[(seed % legal.len() as u64) as usize];
            c.send(&mv.to_uci(CastlingMode::Standard).to_string()).await;
            made += 1;
            plies += 1;
        }
    }
}

/// Child processes of this test that run the engine.
fn engines_running() -> usize {
    let me = std::process::id().to_string();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.filter_map(Result::ok)
        .filter(|e| {
            let path = e.path();
            let stat = std::fs::read_to_string(path.join("stat")).unwrap_or_default();
            let parent = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1).map(str::to_string));
            let cmdline = std::fs::read(path.join("cmdline")).unwrap_or_default();
            parent.as_deref() == Some(me.as_str())
                && String::from_utf8_lossy(&cmdline).contains("fairy-stockfish")
        })
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_house_bot_plays_a_whole_game_with_a_telnet_player() {
    let server = TestServer::start_with(|c| with_bots(c, 1)).await;
    let (mut alice, _) = server.guest().await;
    alice.command("set bell 0").await;
    alice.command("style 12").await;
    let list = until_ready(&mut alice).await;
    assert!(
        list.contains("FairyOne") && list.contains("level 1"),
        "{list}"
    );
    assert!(list.contains("Fairy-Stockfish"), "{list}");
    // Waiting bots hold no engine (the one the server checked is gone).
    assert_eq!(engines_running(), 0, "an idle house bot runs an engine");
    let finger = alice.command("finger FairyOne").await;
    assert!(finger.contains("FairyOne(C)"), "{finger}");

    let reply = alice.command("match fairyone 3 0 white").await;
    assert!(reply.contains("Issuing:"), "{reply}");
    alice.expect("FairyOne accepts the match offer.").await;
    // Meanwhile the others hear that it plays, and that the house plays
    // all the games it may at once.
    let (mut bob, _) = server.guest().await;
    let busy = unwrapped(&bob.command("match FairyOne 3 0").await);
    assert!(busy.contains("FairyOne is playing a game"), "{busy}");
    let full = unwrapped(&bob.command("match FairyTwo 3 0").await);
    assert!(
        full.contains("The computer opponents play at most 1 game at once, and 1 is going on"),
        "{full}"
    );

    let (end, plies) = play_out(&mut alice, 60).await;
    eprintln!("{plies} plies: {end}");
    assert!(end.contains("FairyOne"), "{end}");
    assert!(!end.contains("FairyOne resigns"), "the bot gave up: {end}");
    assert!(!end.contains("forfeits"), "{end}");
    assert!(plies >= 2, "{plies} plies: {end}");

    // After the game the engine goes (engine_idle_seconds = 1).
    for _ in 0..100 {
        if engines_running() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(engines_running(), 0, "the engine outlived the game");
    // And the bot is free for the next player.
    let again = bob.command("match FairyOne 3 0").await;
    assert!(again.contains("Issuing:"), "{again}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_an_engine_players_are_told_why() {
    // No engine key at all.
    let server = TestServer::start_with(|c| {
        with_bots(c, 1);
        c.engine = None;
    })
    .await;
    let (mut alice, _) = server.guest().await;
    let bots = unwrapped(&alice.command("bots").await);
    assert!(
        bots.contains("Computer opponents are not available: the server has no engine"),
        "{bots}"
    );
    let reply = unwrapped(&alice.command("match FairyOne 3 0").await);
    assert!(
        reply.contains("Computer opponents are not available: the server has no engine"),
        "{reply}"
    );

    // An engine that is not there.
    let server = TestServer::start_with(|c| {
        with_bots(c, 1);
        c.engine = Some("engines/no-such-engine".into());
    })
    .await;
    let (mut alice, _) = server.guest().await;
    let mut reply = String::new();
    for _ in 0..100 {
        reply = unwrapped(&alice.command("match FairyTwo 3 0").await);
        if !reply.contains("getting ready") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        reply.contains("Computer opponents are not available: the engine \"engines/no-such-engine\" cannot be used: cannot start engine"),
        "{reply}"
    );
    assert!(reply.contains("scripts/engines.sh"), "{reply}");
    // Anyone else is matched as before.
    let who = alice.command("match Nobody 3 0").await;
    assert!(
        who.contains("No user named \"Nobody\" is logged in."),
        "{who}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_persons_account_is_never_taken_over_by_a_house_bot() {
    // FairyTwo is a person's account before computer play is turned on.
    let mut server = TestServer::start_with(|c| {
        with_bots(c, 2);
        c.engine = None;
    })
    .await;
    server.add_user(
        "FairyTwo",
        "her password",
        atomicd::account::Titles::default(),
    );
    server.config.engine = Some(engine_common::fairy_stockfish().display().to_string());
    server.restart().await;
    let (mut alice, _) = server.guest().await;
    let mut reply = String::new();
    for _ in 0..600 {
        reply = unwrapped(&alice.command("match FairyTwo 3 0").await);
        if reply.contains("cannot play now") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        reply.contains(
            "FairyTwo cannot play now: FairyTwo is the account of a person, not a computer"
        ),
        "{reply}"
    );
    // The person still logs in with her own password; the other bot plays.
    let mut her = server.user("FairyTwo", "her password").await;
    assert!(her.command("finger").await.contains("FairyTwo"));
    // The other bot's bridge logs in by itself, later on a busy machine
    // (the refusal above comes before it): wait for it as a player would.
    let mut list = String::new();
    for _ in 0..600 {
        list = unwrapped(&alice.command("bots").await);
        if list
            .lines()
            .any(|l| l.contains("FairyOne") && l.ends_with("free"))
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(list.contains("FairyOne") && list.contains("free"), "{list}");
    assert!(
        list.contains("cannot play: FairyTwo is the account of a person"),
        "{list}"
    );
}
