//! A house bot plays Atomic960 with the real engine (Fairy-Stockfish as
//! WebAssembly, installed by scripts/engines.sh; as in tests/house_bots.rs
//! the test fails, saying so, when it is not installed): a telnet player
//! challenges it with `match ... atomic960 N` from a start where both
//! sides may castle on move one, castles at once (`O-O`, the king onto the
//! g1 rook), and plays random legal moves; every move of the bot must be
//! legal in Atomic960 (Chess960 castling) and give the board the server
//! shows. Without `UCI_Chess960` the engine would be given the wrong
//! position and the bot would give up or be refused.

mod engine_common;
mod support;

use std::time::Duration;

use atomicd::Config;
use atomicd::bot::fics::Board12;
use atomicd::chess::StartPosition;
use atomicd::house::config::HouseBot;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::variant::Atomic;
use shakmaty::{CastlingMode, EnPassantMode, Position};
use support::{Client, TestServer};

fn with_bot(config: &mut Config) {
    config.engine = Some(engine_common::fairy_stockfish().display().to_string());
    config.house_bots = vec![HouseBot {
        name: "FairyOne".into(),
        level: 1,
    }];
    config.house.max_games = 1;
}

/// The placement and side to move of a position.
fn key(fen: &str) -> String {
    fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

fn key_of(pos: &Atomic) -> String {
    key(&Fen::from_position(pos, EnPassantMode::Legal).to_string())
}

/// Plays for Alice (White): `O-O` first, then random legal moves; follows
/// the game move by move in Chess960 mode from `start`, checking each of
/// the bot's moves. Returns the end line, the plies and the bot's SANs.
async fn play_out(
    c: &mut Client,
    start: StartPosition,
    max_moves: usize,
) -> (String, usize, Vec<String>) {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut pos = start.position();
    let mut made = 0;
    let mut plies = 0;
    let mut bot_sans = Vec::new();
    loop {
        let text = c.next_message().await;
        for line in text.lines() {
            if line.starts_with("{Game ") && !line.ends_with("match.}") {
                return (line.to_string(), plies, bot_sans);
            }
            let Some(board) = Board12::parse(line) else {
                continue;
            };
            if key(&board.fen()) == key_of(&pos) {
                // The first board, or a refresh.
            } else {
                // One more move, by either side: legal here, and giving
                // the position the board shows.
                let mv = SanPlus::from_ascii(board.san.as_bytes())
                    .ok()
                    .and_then(|san| san.san.to_move(&pos).ok());
                let Some(mv) = mv else {
                    panic!("{} is not legal in {}", board.san, key_of(&pos));
                };
                pos.play_unchecked(mv);
                assert_eq!(key_of(&pos), key(&board.fen()), "after {}", board.san);
                plies += 1;
                if board.relation == 1 {
                    bot_sans.push(board.san.clone());
                }
            }
            if board.relation != 1 {
                continue;
            }
            let mv = if made == 0 {
                "O-O".to_string()
            } else if made >= max_moves {
                "resign".to_string()
            } else {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    continue;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = legal[(seed % legal.len() as u64) as usize];
                mv.to_uci(CastlingMode::Chess960).to_string()
            };
            c.send(&mv).await;
            made += 1;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_house_bot_plays_atomic960_from_a_castling_start() {
    // RNBBQKRN: king f1, rook g1; O-O swaps them.
    let start = StartPosition::all()
        .find(|s| s.letters() == "RNBBQKRN")
        .unwrap();
    assert_ne!(start, StartPosition::STANDARD);
    let server = TestServer::start_with(with_bot).await;
    let (mut alice, _) = server.guest().await;
    alice.command("set bell 0").await;
    alice.command("style 12").await;
    let mut ready = false;
    for _ in 0..600 {
        if alice.command("bots").await.contains(" free") {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        ready,
        "the bot never logged in: {}",
        alice.command("bots").await
    );
    let reply = alice
        .command(&format!(
            "match fairyone 3 0 atomic960 {} white",
            start.number()
        ))
        .await;
    assert!(reply.contains("unrated atomic960 3 0"), "{reply}");
    alice.expect("FairyOne accepts the match offer.").await;
    let (end, plies, bot) = play_out(&mut alice, start, 40).await;
    eprintln!("{plies} plies, the bot's moves {bot:?}: {end}");
    assert!(end.contains("FairyOne"), "{end}");
    assert!(!end.contains("FairyOne resigns"), "the bot gave up: {end}");
    assert!(!end.contains("forfeits"), "{end}");
    assert!(!bot.is_empty(), "the bot never moved: {end}");
    // Our O-O was the first move, and the game went on after it.
    assert!(plies >= 2, "{plies} plies: {end}");
}
