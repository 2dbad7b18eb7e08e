//! `atomicd bot` end to end (issue #8): the real `atomicd` binary runs the
//! bridge with the test engine `examples/random_uci.rs` against a server
//! started in-process, and people play it over TCP.
//!
//! The engine is an example, so Cargo gives tests no path to it:
//! `support::example` builds it once with the same `cargo` that runs them
//! (`cargo build --example random_uci`, a no-op after `cargo test`, which
//! builds examples anyway) and finds it next to the `atomicd` binary.

mod support;

use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use atomicd::account::Titles;
use atomicd::bot::fics::Board12;
use shakmaty::fen::Fen;
use shakmaty::variant::Atomic;
use shakmaty::{CastlingMode, Position};
use support::{Client, TestServer};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command};

const COMPUTER: Titles = Titles {
    admin: false,
    td: false,
    computer: true,
    unregistered: false,
};

/// A running `atomicd bot`, with everything it logged.
struct BotProcess {
    child: Child,
    log: Arc<Mutex<Vec<String>>>,
}

impl BotProcess {
    /// Starts the bot as `name` (password `pw`) with the test engine and
    /// its `engine_args`, plus `extra` options.
    async fn start(
        server: &TestServer,
        name: &str,
        engine_args: &str,
        extra: &[&str],
    ) -> BotProcess {
        let engine = format!("{} {engine_args}", support::example("random_uci").display());
        let mut child = Command::new(env!("CARGO_BIN_EXE_atomicd"))
            .arg("bot")
            .args(["--server", &server.addr.to_string(), "--login", name])
            .args(["--password-stdin", "--engine", &engine])
            .args(["--uci-option", "UCI_Variant=atomic"])
            .args(extra)
            .env(
                "RUST_LOG",
                std::env::var("BOT_LOG").unwrap_or_else(|_| "info".into()),
            )
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("atomicd bot starts");
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"pw\n").await.unwrap();
        drop(stdin);
        let log = Arc::new(Mutex::new(Vec::new()));
        let lines = log.clone();
        let stderr = child.stderr.take().unwrap();
        tokio::spawn(async move {
            let mut reader = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = reader.next_line().await {
                eprintln!("[bot] {line}");
                lines.lock().unwrap().push(line);
            }
        });
        BotProcess { child, log }
    }

    /// Waits until the bot logs a line containing `text` (counting from
    /// the start), at least `times` times.
    async fn expect_log(&self, text: &str, times: usize) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let n = self
                .log
                .lock()
                .unwrap()
                .iter()
                .filter(|l| l.contains(text))
                .count();
            if n >= times {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the bot never logged {text:?} {times} time(s); log:\n{}",
                self.log.lock().unwrap().join("\n")
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

async fn human(server: &TestServer, name: &str) -> Client {
    server.add_user(name, "pw", Titles::default());
    let mut c = server.user(name, "pw").await;
    c.command("set bell 0").await;
    c.command("style 12").await;
    c
}

/// Challenges the bot until it is logged in and accepts.
async fn challenge(human: &mut Client, bot: &str, terms: &str) {
    for _ in 0..100 {
        let reply = human.command(&format!("match {bot} {terms}")).await;
        if reply.contains("Issuing:") {
            human
                .expect(&format!("{bot} accepts the match offer."))
                .await;
            return;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("{bot} never took a challenge");
}

/// Plays random legal moves for the human until the game ends (resigning
/// after `max_plies` of his own moves); returns the end line.
async fn play_out(human: &mut Client, max_plies: usize) -> String {
    play_until(human, max_plies, |_| false).await
}

/// A random legal move in the position of `board`; `None` when the game
/// is over.
fn random_move(board: &Board12, seed: &mut u64) -> Option<String> {
    let fen = Fen::from_ascii(board.fen().as_bytes()).unwrap();
    let pos: Atomic = fen.into_position(CastlingMode::Standard).unwrap();
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return None;
    }
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    let mv = legal[(*seed % legal.len() as u64) as usize];
    Some(mv.to_uci(CastlingMode::Standard).to_string())
}

/// Makes `n` random moves for the human (the game must go on that long).
async fn play_moves(human: &mut Client, n: usize) {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut made = 0;
    while made < n {
        let text = human.next_message().await;
        for line in text.lines() {
            if let Some(board) = Board12::parse(line)
                && board.relation == 1
                && made < n
                && let Some(mv) = random_move(&board, &mut seed)
            {
                human.send(&mv).await;
                made += 1;
            }
        }
    }
}

/// Like [`play_out`], but `offer` may make the human offer a draw before
/// a move (given how many moves he has made).
async fn play_until(human: &mut Client, max_plies: usize, offer: impl Fn(usize) -> bool) -> String {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut made = 0;
    loop {
        let text = human.next_message().await;
        for line in text.lines() {
            if line.starts_with("{Game ") && !line.ends_with("match.}") {
                return line.to_string();
            }
            let Some(board) = Board12::parse(line) else {
                continue;
            };
            if board.relation != 1 {
                continue;
            }
            if made >= max_plies {
                human.send("resign").await;
                continue;
            }
            if offer(made) {
                human.send("draw").await;
            }
            // No move: the game is over, and its end line follows.
            if let Some(mv) = random_move(&board, &mut seed) {
                human.send(&mv).await;
                made += 1;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenged_bot_plays_to_the_end_and_whispers_to_observers() {
    let server = TestServer::start().await;
    server.add_user("Robo", "pw", COMPUTER);
    let mut alice = human(&server, "Alice").await;
    let mut bob = human(&server, "Bob").await;
    let mut bot = BotProcess::start(
        &server,
        "Robo",
        "--score 25",
        &["--max-games", "1", "--whisper-eval"],
    )
    .await;
    challenge(&mut alice, "Robo", "5 0 unrated").await;
    // Bob watches and hears the evaluations.
    let observed = bob.command("observe Robo").await;
    assert!(
        observed.contains("You are now observing game"),
        "{observed}"
    );
    let end = play_out(&mut alice, 150).await;
    assert!(
        end.contains("(Alice vs. Robo)") || end.contains("(Robo vs. Alice)"),
        "{end}"
    );
    let heard = bob.drain(Duration::from_millis(300)).await;
    assert!(
        heard.contains("Robo(C)(----)[1] whispers: eval +0.25"),
        "{heard}"
    );
    // One game asked for, one played: the bot logs out and exits cleanly.
    let status = tokio::time::timeout(Duration::from_secs(20), bot.child.wait())
        .await
        .expect("the bot exits")
        .unwrap();
    assert!(status.success(), "{status}");
    bot.expect_log("played every game asked for", 1).await;
    let who = alice.command("who").await;
    assert!(!who.contains("Robo"), "{who}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_keeps_its_seek_posted_and_takes_draws_when_losing() {
    let server = TestServer::start().await;
    server.add_user("Robo", "pw", COMPUTER);
    let mut alice = human(&server, "Alice").await;
    alice.command("set seek 1").await;
    let _bot = BotProcess::start(
        &server,
        "Robo",
        "--score -300",
        &["--seek", "3 0 unrated", "--accept", "none"],
    )
    .await;
    let ad = alice
        .expect("Robo(C) (----) seeking 3 0 unrated atomic (\"play ")
        .await;
    assert!(ad.contains("Robo(C)"), "{ad}");
    alice.expect("fics% ").await;
    // It speaks timeseal and says who it is.
    let finger = alice.command("finger Robo").await;
    assert!(finger.contains("Timeseal 1 : On"), "{finger}");
    assert!(
        finger.contains("Interface  : atomicd-bot ") && finger.contains("(random_uci)"),
        "{finger}"
    );
    // It declines challenges, and says why.
    let reply = alice.command("match Robo 3 0 u").await;
    assert!(reply.contains("Issuing:"), "{reply}");
    alice.expect("Robo declines the match offer.").await;
    alice
        .expect("Robo(C) tells you: Sorry, I do not accept challenges. Answer my seeks instead.")
        .await;
    alice.expect("fics% ").await;
    let sought = alice.command("sought").await;
    let index = sought.split_whitespace().next().unwrap().to_string();
    assert_eq!(alice.command(&format!("play {index}")).await, "");
    // The engine says it stands at -3.00: a draw offer is welcome.
    let end = play_until(&mut alice, 150, |made| made == 2).await;
    assert!(
        end.ends_with("Game drawn by mutual agreement} 1/2-1/2"),
        "{end}"
    );
    // After the game, the seek is back.
    alice
        .expect("Robo(C) (----) seeking 3 0 unrated atomic")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_move_of_the_engine_is_replaced_by_its_best_legal_one() {
    let server = TestServer::start().await;
    server.add_user("Robo", "pw", COMPUTER);
    let mut alice = human(&server, "Alice").await;
    // The engine's second answer is illegal, and from then on it believes
    // in an illegal move: its first line of every MultiPV search is one.
    let bot = BotProcess::start(&server, "Robo", "--illegal-at 2 --stubborn", &[]).await;
    challenge(&mut alice, "Robo", "5 0 unrated white").await;
    let end = play_out(&mut alice, 12).await;
    // The game is played on to Alice's resignation (or its own end), never
    // given up by the bot, and the server refused none of its moves.
    assert!(!end.contains("Robo resigns"), "{end}");
    bot.expect_log(
        "the engine sent an illegal move; asking it for its best legal one",
        1,
    )
    .await;
    bot.expect_log(
        "playing the engine's best legal move instead of its illegal one",
        1,
    )
    .await;
    let log = bot.log.lock().unwrap().join("\n");
    // The second search's first line was the illegal move again: the move
    // played is its line of rank 2.
    assert!(log.contains("Line { rank: 2"), "{log}");
    assert!(!log.contains("the server refused"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_dies_costs_one_game_and_is_started_again() {
    let server = TestServer::start().await;
    server.add_user("Robo", "pw", COMPUTER);
    let mut alice = human(&server, "Alice").await;
    let marker = server.dir.path().join("died-once");
    let bot = BotProcess::start(
        &server,
        "Robo",
        &format!("--die-at 2 --once {}", marker.display()),
        &[],
    )
    .await;
    challenge(&mut alice, "Robo", "5 0 unrated white").await;
    let end = play_out(&mut alice, 150).await;
    assert!(end.ends_with("Robo resigns} 1-0"), "{end}");
    bot.expect_log("the engine died while thinking; resigning this game", 1)
        .await;
    challenge(&mut alice, "Robo", "5 0 unrated black").await;
    let end = play_out(&mut alice, 20).await;
    assert!(!end.contains("Robo resigns"), "{end}");
    bot.expect_log("engine ready", 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_hangs_is_killed_and_costs_one_game() {
    let server = TestServer::start().await;
    server.add_user("Robo", "pw", COMPUTER);
    let mut alice = human(&server, "Alice").await;
    let marker = server.dir.path().join("hung-once");
    let bot = BotProcess::start(
        &server,
        "Robo",
        &format!("--hang-at 1 --once {}", marker.display()),
        &["--movetime", "100"],
    )
    .await;
    // Untimed: the engine gets 100 ms a move, and the bot waits for it
    // that long and its grace.
    challenge(&mut alice, "Robo", "0 0 unrated black").await;
    let end = play_out(&mut alice, 150).await;
    assert!(end.ends_with("Robo resigns} 0-1"), "{end}");
    bot.expect_log("the engine did not move before its clock ran out", 1)
        .await;
    challenge(&mut alice, "Robo", "0 0 unrated black").await;
    let end = play_out(&mut alice, 10).await;
    assert!(!end.contains("Robo resigns"), "{end}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_comes_back_after_a_server_restart() {
    let mut server = TestServer::start().await;
    server.add_user("Robo", "pw", COMPUTER);
    server.add_user("Alice", "pw", Titles::default());
    let mut alice = server.user("Alice", "pw").await;
    alice.command("style 12").await;
    let bot = BotProcess::start(&server, "Robo", "", &["--reconnect-max", "2"]).await;
    challenge(&mut alice, "Robo", "5 0 unrated white").await;
    play_moves(&mut alice, 2).await;
    // The server stops in the middle of the game and comes back on the
    // same address.
    let addr = server.addr;
    if let Some(h) = server.handle.take() {
        h.shutdown();
        h.wait().await;
    }
    drop(alice);
    let mut config = server.config.clone();
    config.listen = addr;
    let handle = atomicd::start(config)
        .await
        .expect("the server starts again");
    server.handle = Some(handle);
    bot.expect_log("connection lost; reconnecting", 1).await;
    bot.expect_log("logged in", 2).await;
    // The shutdown adjourned the game; it goes on by itself as soon as
    // Alice is back too (the bot already is), and the bot plays on from
    // the stored position. Alice's style 12 was saved with her account.
    let mut alice = server.connect().await;
    alice.expect("login: ").await;
    alice.send("Alice").await;
    alice.expect("password: ").await;
    alice.send("pw").await;
    let intro = alice.expect("Continuing unrated atomic match.}").await;
    assert!(
        intro.contains("Creating: Alice")
            && intro.contains("Robo")
            && intro.contains("(adjourned)"),
        "{intro}"
    );
    let end = play_out(&mut alice, 20).await;
    assert!(end.contains("Robo"), "{end}");
    bot.expect_log("playing game=", 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_password_or_a_missing_engine_stops_the_bot_with_a_reason() {
    let server = TestServer::start().await;
    server.add_user("Robo", "not the one", COMPUTER);
    let mut bot = BotProcess::start(&server, "Robo", "", &[]).await;
    let status = tokio::time::timeout(Duration::from_secs(20), bot.child.wait())
        .await
        .expect("the bot gives up")
        .unwrap();
    assert!(!status.success());
    bot.expect_log("the server refused the password for Robo", 1)
        .await;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .args([
            "bot",
            "--server",
            &server.addr.to_string(),
            "--login",
            "Robo",
        ])
        .args(["--engine", "/nonexistent/engine"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot start engine \"/nonexistent/engine\""),
        "{err}"
    );
}

/// Commands the server has received from the session of `name` (0 while
/// that name is not logged in).
fn commands_from(server: &TestServer, name: &str) -> u64 {
    let handle = server.handle.as_ref().expect("a running server");
    let world = handle.shared().world();
    world.by_name(name).map_or(0, |p| p.commands)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_bot_sends_nothing_but_its_setup() {
    let server = TestServer::start().await;
    server.add_user("Robo", "pw", COMPUTER);
    let mut alice = human(&server, "Alice").await;
    let bot = BotProcess::start(&server, "Robo", "", &[]).await;
    // `set interface` is the last of the setup; `resume` and `refresh`
    // follow it at once.
    for _ in 0..200 {
        if alice.command("finger Robo").await.contains("Interface  :") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bot.expect_log("logged in", 1).await;
    let setup = commands_from(&server, "Robo");
    assert!(setup > 0, "the bot never sent a command");
    // Idle: no game, no seek, nobody to answer. Answers to what it sent
    // (`You have no adjourned games.` to its `resume`) must not make it
    // send more: once they did, 8,000 times a second.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let idle = commands_from(&server, "Robo");
    assert!(
        idle <= 15,
        "an idle bot sent {idle} commands ({setup} when first counted)"
    );
    assert!(idle - setup <= 2, "{setup} then {idle}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_broken_bots_do_not_play_each_other_in_a_loop() {
    let server = TestServer::start().await;
    server.add_user("RoboA", "pw", COMPUTER);
    server.add_user("RoboB", "pw", COMPUTER);
    // Each engine exits at its first `go`, and again after every restart:
    // every game they play ends at once with a resignation, and their
    // seeks match each other's.
    let seek = ["--seek", "1 0 unrated"];
    let a = BotProcess::start(&server, "RoboA", "--die-at 1", &seek).await;
    let b = BotProcess::start(&server, "RoboB", "--die-at 1", &seek).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let failed = [&a, &b].iter().any(|bot| {
            bot.log
                .lock()
                .unwrap()
                .iter()
                .any(|l| l.contains("gave up a game; seeking again after a pause"))
        });
        if failed {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no bot ever gave up a game"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let before = commands_from(&server, "RoboA") + commands_from(&server, "RoboB");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = commands_from(&server, "RoboA") + commands_from(&server, "RoboB");
    // The bot that failed waits before it seeks again; the other posts its
    // seek once and waits for a taker.
    assert!(
        after - before <= 6,
        "the bots sent {} commands in 3 s after a failed game",
        after - before
    );
}
