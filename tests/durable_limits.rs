//! Abuse limits and clean shutdown: connection caps, idle logout (never
//! while playing), a client that stops reading, and `shutdown`.

mod durable_common;
mod support;

use std::time::{Duration, Instant};

use atomicd::account::Titles;
use durable_common::{hear, machine, next_board, play, start_game};
use support::{Client, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_limits_are_refused_politely() {
    let server = TestServer::start_with(|c| c.max_connections_per_ip = 2).await;
    let mut a = server.connect().await;
    let mut b = server.connect().await;
    a.expect("login: ").await;
    b.expect("login: ").await;
    let mut c = server.connect().await;
    let refused = c.expect_closed().await;
    assert!(
        refused.contains("Sorry, the server has too many connections right now."),
        "{refused}"
    );
    drop(a);
    tokio::time::sleep(Duration::from_millis(200)).await;
    server.connect().await.expect("login: ").await;

    let server = TestServer::start_with(|c| c.max_connections = 1).await;
    let mut a = server.connect().await;
    a.expect("login: ").await;
    let refused = server.connect().await.expect_closed().await;
    assert!(refused.contains("too many connections"), "{refused}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_users_are_logged_out_but_never_while_playing() {
    let server = TestServer::start_with(|c| c.idle_timeout_seconds = Some(1)).await;
    let (mut idle, _) = server.guest().await;
    let (mut a, _) = server.guest().await;
    let (mut b, bn) = server.guest().await;
    machine(&mut a).await;
    machine(&mut b).await;
    start_game(&mut a, &mut b, &bn, "5 0").await;
    let started = Instant::now();
    let bye = idle.expect_closed().await;
    assert!(
        bye.contains("**** Auto-logout because you were idle more than 1 second. ****"),
        "{bye}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    tokio::time::sleep(Duration::from_millis(2500)).await;
    // Both players are still here, idle as they are.
    play(&mut a, &mut b, "e4").await;
    assert!(a.command("who").await.contains(&bn));
}

/// Logs in over a socket with a tiny receive buffer, so that a client that
/// stops reading fills up quickly.
async fn small_window_login(server: &TestServer, name: &str) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut s = socket.connect(server.addr).await.unwrap();
    let mut seen = Vec::new();
    let mut read_until = async |s: &mut tokio::net::TcpStream, what: &[u8]| {
        let mut buf = [0u8; 4096];
        while !seen.windows(what.len()).any(|w| w == what) {
            let n = tokio::time::timeout(Duration::from_secs(20), s.read(&mut buf))
                .await
                .unwrap()
                .unwrap();
            assert!(n > 0);
            seen.extend_from_slice(&buf[..n]);
        }
        seen.clear();
    };
    read_until(&mut s, b"login: ").await;
    s.write_all(format!("{name}\npw\n").as_bytes())
        .await
        .unwrap();
    read_until(&mut s, b"fics% ").await;
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_is_cut_off_and_nobody_waits_for_it() {
    let server = TestServer::start_with(|c| c.output_buffer_kb = 8).await;
    for name in ["Alice", "Bob", "Carol"] {
        server.add_user(name, "pw", Titles::default());
    }
    // Alice logs in, then never reads again; she still types her moves.
    let mut alice = small_window_login(&server, "Alice").await;
    let mut bob = server.user("Bob", "pw").await;
    let mut carol = server.user("Carol", "pw").await;
    machine(&mut bob).await;
    machine(&mut carol).await;
    bob.command("match alice 5 0 u black").await;
    alice.write_all(b"accept\n").await.unwrap();
    next_board(&mut bob).await;
    carol.command("observe bob").await;
    let (white, black) = (["Nf3", "Ng1"], ["Nf6", "Ng8"]);
    let mut slowest = Duration::ZERO;
    let mut cut_off = false;
    for ply in 0..2000 {
        alice
            .write_all(format!("{}\n", white[ply % 2]).as_bytes())
            .await
            .unwrap();
        let seen = bob.expect("fics% ").await;
        let watched = carol.expect("fics% ").await;
        if seen.contains("Alice lost connection; game adjourned} *") {
            assert!(
                watched.contains("Alice lost connection; game adjourned} *"),
                "{watched}"
            );
            cut_off = true;
            break;
        }
        assert!(
            seen.contains("<12> ") && watched.contains("<12> "),
            "{seen}\n{watched}"
        );
        let t = Instant::now();
        let reply = bob.command(black[ply % 2]).await;
        slowest = slowest.max(t.elapsed());
        if reply.contains("lost connection; game adjourned") {
            cut_off = true;
            break;
        }
        // Alice may be cut off while Bob's move is on its way: his move is
        // refused, and the adjournment he was sent comes right after.
        if reply == "You are not playing or examining a game.\n" {
            let told = bob.expect("fics% ").await;
            assert!(
                told.contains("Alice lost connection; game adjourned} *"),
                "{told}"
            );
            cut_off = true;
            break;
        }
        assert!(reply.contains("<12> "), "{reply}");
        let watched = carol.expect("fics% ").await;
        if watched.contains("lost connection; game adjourned") {
            cut_off = true;
            break;
        }
        assert!(watched.contains("<12> "), "{watched}");
    }
    assert!(cut_off, "the client that does not read was never cut off");
    assert!(
        slowest < Duration::from_secs(2),
        "Bob waited {slowest:?} for a reply"
    );
    // Bob's last move may have crossed the adjournment, so its reply may
    // still be on the way: wait for the list itself, not the next prompt.
    bob.send("stored").await;
    bob.expect(" 1: B Alice ").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_warns_adjourns_or_aborts_every_game_and_stops() {
    let mut server = TestServer::start().await;
    server.add_user(
        "Boss",
        "pw",
        Titles {
            admin: true,
            ..Titles::default()
        },
    );
    server.add_user("Alice", "pw", Titles::default());
    server.add_user("Bob", "pw", Titles::default());
    let mut boss = server.user("Boss", "pw").await;
    let mut a = server.user("Alice", "pw").await;
    let mut b = server.user("Bob", "pw").await;
    let (mut g1, _) = server.guest().await;
    let (mut g2, g2n) = server.guest().await;
    for c in [&mut a, &mut b, &mut g1, &mut g2] {
        machine(c).await;
    }
    start_game(&mut a, &mut b, "Bob", "5 0 u").await;
    play(&mut a, &mut b, "e4").await;
    start_game(&mut g1, &mut g2, &g2n, "5 0").await;
    assert_eq!(
        boss.command("shutdown 10").await,
        "Shutdown scheduled in 10 minutes.\n"
    );
    hear(
        &mut boss,
        "    **** Server shutting down in 10 minutes. ****",
    )
    .await;
    hear(&mut a, "    **** Server shutting down in 10 minutes. ****").await;
    assert_eq!(
        boss.command("shutdown cancel").await,
        "Shutdown canceled.\n"
    );
    hear(&mut a, "**** Server shutdown canceled by Boss. ****").await;
    hear(&mut boss, "**** Server shutdown canceled by Boss. ****").await;
    assert_eq!(
        boss.command("shutdown cancel").await,
        "No shutdown is scheduled.\n"
    );
    assert!(
        boss.command("shutdown soon")
            .await
            .starts_with("Usage: shutdown")
    );
    boss.send("shutdown 1s").await;
    let a_bye = a.expect_closed().await;
    assert!(
        a_bye.contains("**** Server shutting down in 1 second. ****"),
        "{a_bye}"
    );
    let end = a_bye
        .find("Game adjourned by server shutdown} *")
        .expect(&a_bye);
    assert!(end < a_bye.find("**** Server shutting down. ****").expect(&a_bye));
    let g_bye = g1.expect_closed().await;
    assert!(
        g_bye.contains("Game aborted by server shutdown} *"),
        "{g_bye}"
    );
    let boss_bye = boss.expect_closed().await;
    assert!(
        boss_bye.contains("Shutdown scheduled in 1 second."),
        "{boss_bye}"
    );
    server.handle.take().unwrap().wait().await;
    server.restart().await;
    let mut a: Client = server.user("Alice", "pw").await;
    assert!(a.command("stored").await.contains(" 1: W Bob "));
}
