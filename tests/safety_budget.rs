//! The command budget of a connection (issue 20): a token bucket lets a
//! GUI's bursts through untouched; past it a session's lines wait their
//! turn (never dropped), the user is told once, and a session that stays
//! far behind is disconnected. A flooder cannot take the server from the
//! players.

mod support;

use std::time::Instant;

use atomicd::session::budget::BudgetConfig;
use support::TestServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const SLOW_DOWN: &str = "Slow down: your commands run";

fn budget(burst: u32, per_second: f64, disconnect_after_seconds: f64) -> BudgetConfig {
    BudgetConfig {
        burst,
        per_second,
        disconnect_after_seconds,
    }
}

/// `n` commands in one write, as a program that does not wait would send them.
fn lines(command: &str, n: usize) -> Vec<u8> {
    format!("{command}\n").repeat(n).into_bytes()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gui_burst_of_fifty_passes_untouched() {
    let server = TestServer::start().await;
    let (mut gui, _) = server.guest().await;
    // Block mode on, then 49 commands in block mode, all in one write.
    let mut burst = String::from("iset block 1\n");
    burst.extend((1..=49).map(|i| format!("{i} date\n")));
    gui.send_raw(burst.as_bytes()).await;
    let replies = gui.expect("\u{15}49\u{16}").await;
    let last = gui.expect("fics% ").await;
    let all = format!("{replies}{last}");
    assert!(!all.contains(SLOW_DOWN), "{all}");
    assert_eq!(all.matches("Local time").count(), 49);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lines_past_the_budget_wait_their_turn_and_a_move_among_them_arrives() {
    let server = TestServer::start_with(|c| c.command_budget = budget(50, 100.0, 0.0)).await;
    let (mut white, mut black) = server.game("Wanda", "Boris", "0 0", 12).await;
    // 300 commands and a move, all at once: the move comes last, late.
    let mut flood = lines("date", 300);
    flood.extend_from_slice(b"e4\n");
    white.send_raw(&flood).await;
    let mut seen = String::new();
    while !seen.contains("<12> ") {
        seen.push_str(&white.expect("fics% ").await);
    }
    assert_eq!(seen.matches("Local time").count(), 300);
    assert_eq!(seen.matches(SLOW_DOWN).count(), 1, "told once");
    let told = seen.find(SLOW_DOWN).unwrap();
    // The burst (less the few commands the game's setup used) ran first.
    assert!(
        seen[..told].matches("Local time").count() >= 40,
        "{}",
        &seen[..told]
    );
    assert!(seen.contains("P/e2-e4"), "{seen}");
    let board = black.next_message().await;
    assert!(board.contains("P/e2-e4"), "{board}");
    // Caught up: the next command is answered at once, untold.
    assert!(!white.command("date").await.contains(SLOW_DOWN));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_that_stays_far_behind_is_disconnected() {
    let server = TestServer::start_with(|c| c.command_budget = budget(5, 5.0, 1.0)).await;
    let (mut flooder, fname) = server.guest().await;
    let (mut other, _) = server.guest().await;
    flooder.send_raw(&lines("date", 200)).await;
    let bye = flooder.expect_closed().await;
    assert!(bye.contains(SLOW_DOWN), "{bye}");
    assert!(
        bye.contains("**** Disconnected: you sent commands far faster than they can run. ****"),
        "{bye}"
    );
    // Far fewer than it sent were run.
    assert!(bye.matches("Local time").count() < 100, "{bye}");
    assert!(!other.command("who").await.contains(&fname));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_thousand_commands_are_answered_later_while_two_players_play() {
    const FLOOD: usize = 20_000;
    const RATE: f64 = 2_000.0;
    let server = TestServer::start_with(|c| c.command_budget = budget(50, RATE, 0.0)).await;
    let (mut flooder, fname) = server.guest().await;
    flooder.command("iset nowrap 1").await;
    let (mut white, mut black) = server.game("Wanda", "Boris", "0 0", 12).await;
    let started = Instant::now();
    let (mut rx, mut tx) = flooder.into_tcp().into_split();
    // It writes as fast as TCP lets it, and reads everything that comes.
    let writer = tokio::spawn(async move {
        tx.write_all(&lines("date", FLOOD)).await.unwrap();
        tx
    });
    let reader = tokio::spawn(async move {
        let mut got = Vec::new();
        let mut buf = vec![0u8; 65536];
        let (mut answers, mut scanned) = (0, 0);
        let needle = b"Local time";
        while answers < FLOOD {
            let n = tokio::time::timeout(support::PATIENCE, rx.read(&mut buf))
                .await
                .expect("the flooder's answers stopped coming")
                .unwrap();
            assert!(n > 0, "the flooder was disconnected");
            got.extend_from_slice(&buf[..n]);
            while let Some(i) = got[scanned..]
                .windows(needle.len())
                .position(|w| w == needle)
            {
                answers += 1;
                scanned += i + needle.len();
            }
            scanned = scanned.max(got.len().saturating_sub(needle.len() - 1));
        }
        support::text(&got)
    });
    // Meanwhile the players play, and every move reaches the other side.
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for ply in 0..40 {
        let (mover, other) = if ply % 2 == 0 {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        assert!(mover.command(moves[ply % 4]).await.contains("<12> "));
        let board = other.next_message().await;
        assert!(board.contains("<12> "), "{board}");
    }
    let during = started.elapsed();
    let run = {
        let handle = server.handle.as_ref().unwrap();
        handle.shared().world().by_name(&fname).unwrap().commands
    };
    // It never ran faster than its budget (bounded from above by the time
    // the test saw pass, which only a slow machine makes longer).
    let most = 50.0 + RATE * during.as_secs_f64() + 100.0;
    assert!(
        (run as f64) <= most,
        "{run} commands in {during:?}, budget {most}"
    );
    let answers = reader.await.unwrap();
    writer.await.unwrap();
    assert_eq!(answers.matches(SLOW_DOWN).count(), 1);
    assert_eq!(answers.matches("Local time").count(), FLOOD);
}
