//! Timeseal in play: `[G]` before the boards a timesealed player must
//! answer, move times from the client's stamps within the lag allowance,
//! the lag in style-12 field 32, and `ping`/`lag`.

mod support;

use std::time::Duration;

use support::{Client, TestServer, style12_fields, timeseal_line};

/// A timesealed client logged in as an unregistered name, style 12, ms.
async fn timesealed(server: &TestServer, name: &str, stamp: &mut u32) -> Client {
    let mut c = server.connect().await;
    let mut line = |text: &str| {
        *stamp += 100;
        timeseal_line(text, *stamp)
    };
    c.send_raw(&line("TIMESEAL2|tester|test suite|")).await;
    c.expect("login: ").await;
    c.send_raw(&line(name)).await;
    c.expect("Press return").await;
    c.send_raw(&line("")).await;
    c.expect("fics% ").await;
    for cmd in ["set bell 0", "style 12", "iset ms 1"] {
        c.send_raw(&line(cmd)).await;
        c.expect("fics% ").await;
    }
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lagging_timeseal_player_is_credited_at_most_a_second() {
    let server = TestServer::start().await;
    let mut stamp = 10_000u32;
    let mut tim = timesealed(&server, "Tim", &mut stamp).await;
    let mut bob = server.named("Bob").await;
    bob.command("set bell 0").await;
    bob.command("style 12").await;
    bob.command("iset ms 1").await;
    stamp += 100;
    tim.send_raw(&timeseal_line("match bob 1 0 white", stamp))
        .await;
    tim.expect("Issuing:").await;
    tim.expect("fics% ").await;
    bob.next_message().await;
    bob.command("accept").await;
    bob.next_message().await;
    // Tim is White: his first board comes with a ping.
    tim.expect("Creating: ").await;
    let start = tim.expect_bytes(b"fics% ").await;
    assert!(
        start.windows(4).any(|w| w == b"[G]\n"),
        "{:?}",
        support::text(&start)
    );
    stamp += 100;
    tim.send_raw(&timeseal_line("\u{2}9", stamp)).await;
    stamp += 100;
    tim.send_raw(&timeseal_line("e4", stamp)).await;
    tim.expect("fics% ").await;
    bob.next_message().await;
    bob.play("e5").await;
    let board = tim.expect_bytes(b"fics% ").await;
    assert!(
        board.windows(4).any(|w| w == b"[G]\n"),
        "{:?}",
        support::text(&board)
    );
    // The board reached Tim at client time `stamp`; he answers 1.5 s later
    // by the server's clock but claims only 0.2 s of thinking.
    stamp += 10;
    tim.send_raw(&timeseal_line("\u{2}9", stamp)).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    stamp += 200;
    tim.send_raw(&timeseal_line("Nf3", stamp)).await;
    let mine = tim.next_message().await;
    let theirs = bob.next_message().await;
    for text in [&mine, &theirs] {
        let f = style12_fields(text);
        assert_eq!(
            f[32], "1000",
            "a move is credited at most 1 s of lag: {text}"
        );
        let white_ms: i64 = f[24].parse().unwrap();
        // Charged: the server's time less the 1 s credit, so at most ~0.5 s
        // (plus the machine's own delays) is gone from 60 s.
        assert!(white_ms <= 59_500 && white_ms > 55_000, "{white_ms}");
    }
    let lag = tim.command("lag").await;
    assert!(
        lag.starts_with("Lag credited to Tim on the last move: 1.000 s."),
        "{lag}"
    );
    assert!(lag.contains("Lag allowance left: 29."), "{lag}");
    let ping = bob.command("ping tim").await;
    assert!(
        ping.starts_with("Ping time for Tim: ") && ping.ends_with(" ms.\n"),
        "{ping}"
    );
    assert_eq!(
        tim.command("ping bob").await,
        "Bob is not using timeseal; no ping time is known.\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lag_credit_comes_before_the_flag() {
    let server = TestServer::start().await;
    let mut stamp = 10_000u32;
    let mut tim = timesealed(&server, "Tim", &mut stamp).await;
    let mut bob = server.named("Bob").await;
    for cmd in ["set bell 0", "style 12", "iset ms 1"] {
        bob.command(cmd).await;
    }
    // No base time, a second a move: Tim's clock starts at zero after e5,
    // and Bob gives him one second.
    stamp += 100;
    tim.send_raw(&timeseal_line("match bob 0 1 white", stamp))
        .await;
    tim.expect("fics% ").await;
    bob.next_message().await;
    bob.command("accept").await;
    tim.expect("Creating: ").await;
    tim.expect("fics% ").await;
    stamp += 100;
    tim.send_raw(&timeseal_line("\u{2}9", stamp)).await;
    stamp += 100;
    tim.send_raw(&timeseal_line("e4", stamp)).await;
    tim.expect("fics% ").await;
    bob.expect("fics% ").await;
    bob.play("e5").await;
    tim.expect("fics% ").await;
    bob.command("moretime 1").await;
    tim.expect("added 1 seconds").await;
    tim.expect("<12> ").await;
    tim.expect("fics% ").await;
    // By the server's clock Tim answers after 1.4 s, past his 1 s; by his
    // own he thought 0.2 s. The lag credit (1 s at most) is given first,
    // so the move is in time and 0.4 s is charged.
    stamp += 10;
    tim.send_raw(&timeseal_line("\u{2}9", stamp)).await;
    // Bob, who started at zero too, gets time to reply later.
    tim.send_raw(&timeseal_line("moretime 5", stamp + 5)).await;
    tim.expect("fics% ").await;
    // The board again, with a new ping, which Tim answers too.
    tim.expect("<12> ").await;
    tim.expect("fics% ").await;
    tim.send_raw(&timeseal_line("\u{2}9", stamp + 6)).await;
    bob.expect("added 5 seconds").await;
    bob.expect("<12> ").await;
    bob.expect("fics% ").await;
    tokio::time::sleep(Duration::from_millis(1400)).await;
    stamp += 200;
    tim.send_raw(&timeseal_line("Nf3", stamp)).await;
    let mine = tim.next_message().await;
    assert!(!mine.contains("forfeits"), "{mine}");
    let f = style12_fields(&mine);
    assert_eq!(f[32], "1000", "{mine}");
    let white_ms: i64 = f[24].parse().unwrap();
    assert!(white_ms > 1_000 && white_ms <= 1_600, "{white_ms}");
    bob.next_message().await;
    // A timeseal player who does not move at all still loses on time,
    // once the grace of one move's lag credit has passed too.
    bob.play("Nc6").await;
    let end = tim.expect("forfeits on time} 0-1").await;
    assert!(end.contains("Tim forfeits on time"), "{end}");
}
