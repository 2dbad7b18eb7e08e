//! FICS 1.6.2's commands that atomicd lacked before issue 29, over telnet,
//! as a person types them: assess, switch, pause and unpause,
//! courtesyabort, logons and llogons, handles, hrank, oldmoves, limits,
//! news, open, bell, boards and load, index, info, next, servers, and the
//! mail commands on a server without mail.

mod support;

use std::time::Duration;

use atomicd::account::Titles;
use support::{TestServer, style12_fields};

/// Gives `name` an atomic rating, as if they had played rated games.
fn rate(server: &TestServer, name: &str, rating: f64, games: u32) {
    server.rate(name, atomicd::chess::Variant::Atomic, rating, games);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn assess_shows_what_a_rated_game_would_do() {
    let server = TestServer::start().await;
    server.add_user("Alice", "pw", Titles::default());
    server.add_user("Bob", "pw", Titles::default());
    rate(&server, "Alice", 1700.0, 20);
    rate(&server, "Bob", 1500.0, 20);
    let mut alice = server.user("Alice", "pw").await;
    assert_eq!(
        alice.command("assess").await,
        "You are not playing a game; type \"assess NAME\" to assess a game with NAME.\n"
    );
    // Bob is offline: his rating comes from the store.
    let a = alice.command("assess bob").await;
    let lines: Vec<&str> = a.lines().collect();
    assert_eq!(
        lines[0],
        "A rated atomic game between Alice (1700) and Bob (1500):"
    );
    assert!(lines[1].starts_with("  Alice: win +"), "{a}");
    assert!(lines[2].starts_with("  Bob: win +"), "{a}");
    assert!(
        lines[1].contains("loss -") && lines[1].contains("new RD"),
        "{a}"
    );
    assert_eq!(
        alice.command("assess nobodyhere").await,
        "There is no player named nobodyhere.\n"
    );
    let (mut guest, name) = server.guest().await;
    assert_eq!(
        guest.command("assess alice").await,
        format!("{name} has no rating: only registered players play rated games.\n")
    );
    let mut bob = server.user("Bob", "pw").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
    }
    alice.start_game_with(&mut bob, "3 0 rated").await;
    assert_eq!(alice.command("assess").await, a);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn switch_exchanges_colours_by_agreement() {
    let server = TestServer::start().await;
    let (mut w, mut b) = server.game("Wendy", "Boris", "5 0", 12).await;
    assert_eq!(w.command("switch").await, "Switch request sent.\n");
    let offer = b.next_message().await;
    assert!(
        offer.contains("Wendy would like to switch sides; type \"accept\" or \"switch\" to agree."),
        "{offer}"
    );
    let pending = b.command("pending").await;
    assert!(
        pending.contains(": Wendy is asking to switch sides."),
        "{pending}"
    );
    let done = b.command("switch").await;
    assert!(
        done.contains("You accept the switch request from Wendy."),
        "{done}"
    );
    assert!(
        done.contains("Game 1: sides switched; Boris now plays White and Wendy Black."),
        "{done}"
    );
    let board = b.expect("fics% ").await;
    let f = style12_fields(&board);
    assert_eq!(
        (f[17].as_str(), f[18].as_str(), f[19].as_str()),
        ("Boris", "Wendy", "1")
    );
    let mut seen = String::new();
    for _ in 0..3 {
        seen.push_str(&w.next_message().await);
    }
    assert!(seen.contains("Boris accepts the switch request."), "{seen}");
    assert!(seen.contains("Game 1: sides switched;"), "{seen}");
    assert_eq!(style12_fields(&seen)[19], "-1", "{seen}");
    // Boris is White now: his move is the first.
    let moved = b.command("e4").await;
    assert!(moved.contains("<12> "), "{moved}");
    assert!(w.expect("fics% ").await.contains("P/e2-e4"));
    let games = w.command("games").await;
    assert!(
        games.lines().next().unwrap_or("").contains("Boris"),
        "{games}"
    );
    // A rated game switches only before its first move.
    server.add_user("Alice", "pw", Titles::default());
    server.add_user("Bob", "pw", Titles::default());
    let mut alice = server.user("Alice", "pw").await;
    let mut bob = server.user("Bob", "pw").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
    }
    alice.start_game_with(&mut bob, "3 0 rated").await;
    alice.command("e4").await;
    bob.expect("fics% ").await;
    assert_eq!(
        bob.command("switch").await,
        "Sides can be switched in a rated game only before the first move.\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pause_stops_both_clocks_until_a_player_unpauses() {
    let server = TestServer::start().await;
    let (mut w, mut b) = server.game("Wendy", "Boris", "5 0", 12).await;
    w.command("e4").await;
    b.expect("fics% ").await;
    b.command("e5").await;
    w.expect("fics% ").await;
    assert_eq!(b.command("unpause").await, "The game is not paused.\n");
    assert_eq!(w.command("pause").await, "Pause request sent.\n");
    assert!(
        b.next_message()
            .await
            .contains("Wendy would like to pause the game; type \"accept\" or \"pause\" to agree.")
    );
    let paused = b.command("accept").await;
    assert!(
        paused.contains("You accept the pause request from Wendy."),
        "{paused}"
    );
    assert!(
        paused.contains("Game 1 is paused: both clocks stop until a player types \"unpause\"."),
        "{paused}"
    );
    let board = b.expect("fics% ").await;
    // Field 31 of style 12: the clock does not run.
    assert_eq!(style12_fields(&board)[31], "0", "{board}");
    let heard = w.expect("Game 1 is paused").await;
    assert!(
        heard.contains("Boris accepts the pause request."),
        "{heard}"
    );
    w.expect("fics% ").await;
    w.expect("fics% ").await;
    assert_eq!(
        w.command("Nf3").await,
        "The game is paused; type \"unpause\" to go on.\n"
    );
    assert_eq!(w.command("pause").await, "The game is already paused.\n");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let time = w.command("time").await;
    assert!(time.contains("White (Wendy) : 5 mins, 0 secs"), "{time}");
    let on = b.command("unpause").await;
    assert!(
        on.contains("Game 1: Boris unpauses the game; the clocks run again."),
        "{on}"
    );
    b.expect("fics% ").await;
    assert!(w.expect("Boris unpauses").await.contains("Game 1"));
    w.expect("fics% ").await;
    w.expect("fics% ").await;
    let moved = w.command("Nf3").await;
    assert!(moved.contains("<12> "), "{moved}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn courtesyabort_ends_a_game_whose_opponent_is_gone() {
    let server = TestServer::start_with(|c| c.disconnect_grace = 30).await;
    let (mut w, b) = server.game("Wendy", "Boris", "5 0", 1).await;
    assert_eq!(
        w.command("courtesyabort").await,
        "Your opponent still has time and is connected: use \"abort\" instead.\n"
    );
    b.hang_up().await;
    w.expect("Boris has lost connection").await;
    w.drain(Duration::from_millis(300)).await;
    let ended = w.command("courtesyabort").await;
    assert!(
        ended.contains("{Game 1 (Wendy vs. Boris) Game courtesyaborted by Wendy} *"),
        "{ended}"
    );
    assert_eq!(
        w.command("courtesyabort").await,
        "You are not playing a game.\n"
    );
    let history = w.command("history").await;
    assert_eq!(history, "No games in history for Wendy.\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logons_and_llogons_show_who_came_and_went() {
    let server = TestServer::start().await;
    server.add_user("Alice", "pw", Titles::default());
    server.add_user(
        "Boss",
        "pw",
        Titles {
            admin: true,
            ..Titles::default()
        },
    );
    let mut alice = server.user("Alice", "pw").await;
    alice.send("quit").await;
    alice.expect_closed().await;
    let mut alice = server.user("Alice", "pw").await;
    server.flush_store().await;
    let mine = alice.command("logons").await;
    let lines: Vec<&str> = mine.lines().collect();
    assert_eq!(lines[0], "Last logins and logouts of Alice:");
    assert_eq!(lines.len(), 4, "{mine}");
    assert!(
        lines[1].ends_with("Alice logged in from 127.0.0.1"),
        "{mine}"
    );
    assert!(
        lines[2].ends_with("Alice logged out from 127.0.0.1"),
        "{mine}"
    );
    let (mut guest, gname) = server.guest().await;
    server.flush_store().await;
    let theirs = guest.command("logons alice").await;
    assert!(theirs.contains(": Alice logged in\n"), "{theirs}");
    assert!(!theirs.contains("127.0.0.1"), "{theirs}");
    let all = guest.command("llogons").await;
    assert!(
        all.starts_with("The server's last logins and logouts:\n"),
        "{all}"
    );
    assert!(all.contains(&format!("{gname}(U) logged in\n")), "{all}");
    assert!(!all.contains("127.0.0.1"), "{all}");
    let mut boss = server.user("Boss", "pw").await;
    assert!(
        boss.command("llogons")
            .await
            .contains("logged in from 127.0.0.1")
    );
    assert_eq!(
        guest.command("logons nobodyatall").await,
        "There is no record of nobodyatall logging in.\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn handles_and_hrank_list_registered_people() {
    let server = TestServer::start().await;
    for (name, computer) in [
        ("Alice", false),
        ("Albert", false),
        ("Alfred", false),
        ("Bob", false),
        ("Robot", true),
    ] {
        server.add_user(
            name,
            "pw",
            Titles {
                computer,
                ..Titles::default()
            },
        );
    }
    rate(&server, "Alice", 1800.0, 20);
    rate(&server, "Robot", 2400.0, 20);
    rate(&server, "Bob", 1600.0, 20);
    let (mut g, _) = server.guest().await;
    assert_eq!(
        g.command("handles al").await,
        "Registered names beginning with \"al\" (3):\nAlbert             Alfred             Alice\n"
    );
    assert_eq!(
        g.command("handles zz").await,
        "No registered name begins with \"zz\".\n"
    );
    assert_eq!(
        g.command("hrank alice").await,
        "Alice is number 1 of the 2 rated people (computers aside):\n   1. 1800 Alice\n   2. 1600 Bob\n"
    );
    assert_eq!(
        g.command("hrank 2-5").await,
        "Rated people (computers aside), places 2 to 5:\n   2. 1600 Bob\n"
    );
    assert_eq!(
        g.command("hrank robot").await,
        "robot has no place in the ranking (no rated game, or a computer account).\n"
    );
    assert!(g.command("rank robot").await.contains("1 of 3"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oldmoves_shows_the_last_game_of_a_player() {
    let server = TestServer::start().await;
    let (mut w, mut b) = server.game("Wendy", "Boris", "5 0", 1).await;
    w.command("e4").await;
    b.expect("fics% ").await;
    b.command("resign").await;
    w.expect("Boris resigns").await;
    w.expect("fics% ").await;
    let moves = w.command("oldmoves").await;
    assert!(
        moves.contains("Movelist for history game 0 of Wendy:"),
        "{moves}"
    );
    assert!(moves.contains("Wendy") && moves.contains("e4"), "{moves}");
    assert_eq!(
        b.command("oldmoves wendy").await.replace("wendy", "Wendy"),
        moves
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_news_toggles_boards_and_the_server_texts() {
    let server = TestServer::start().await;
    server.add_user(
        "Boss",
        "pw",
        Titles {
            admin: true,
            ..Titles::default()
        },
    );
    let (mut g, _) = server.guest().await;
    let limits = g.command("limits").await;
    assert!(
        limits.starts_with("The limits in force on atomicd:\n"),
        "{limits}"
    );
    assert!(limits.contains("  Connections at once: 25000 (2000 from one address)"));
    assert!(limits.contains("  Seeks posted at once: 3."));
    assert!(limits.contains("  Boards in one simul: "));

    assert_eq!(g.command("news").await, "There is no news.\n");
    assert_eq!(
        g.command("news post Hello").await,
        "Only administrators post and delete news.\n"
    );
    let mut boss = server.user("Boss", "pw").await;
    assert_eq!(
        boss.command("news post Friday: an arena at 20:00 UTC.")
            .await,
        "News item 1 posted.\n"
    );
    assert_eq!(
        boss.command("news post Welcome!").await,
        "News item 2 posted.\n"
    );
    let list = g.command("news").await;
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines[0], "The server's news, newest first:");
    assert!(
        lines[1].starts_with("2 (") && lines[1].ends_with(", Boss): Welcome!"),
        "{list}"
    );
    assert!(
        lines[2].ends_with("Boss): Friday: an arena at 20:00 UTC."),
        "{list}"
    );
    assert!(
        g.command("news 1")
            .await
            .ends_with("Boss): Friday: an arena at 20:00 UTC.\n")
    );
    assert_eq!(g.command("news 9").await, "There is no news item 9.\n");
    assert_eq!(
        boss.command("news delete 2").await,
        "News item 2 deleted.\n"
    );
    assert!(!g.command("news all").await.contains("Welcome"));

    assert_eq!(
        g.command("open").await,
        "You are no longer open to receive match requests.\n"
    );
    assert_eq!(
        g.command("open").await,
        "You are now open to receive match requests.\n"
    );
    assert_eq!(g.command("bell").await, "You will not hear beeps.\n");
    assert_eq!(g.command("bell").await, "You will now hear beeps.\n");

    assert_eq!(
        g.command("boards").await,
        "Board categories:\n  atomic (6 boards)\nType \"boards atomic\" for its boards.\n"
    );
    let atomic = g.command("boards atomic").await;
    assert!(
        atomic.starts_with("Boards in category atomic:\n  knights "),
        "{atomic}"
    );
    assert!(atomic.contains("\n  trap "), "{atomic}");
    assert_eq!(
        g.command("boards wild").await,
        "There is no board category \"wild\"; type \"boards\" for the list.\n"
    );
    let loaded = g.command("load atomic trap").await;
    assert!(
        loaded.contains("Loading from category: atomic, board: trap."),
        "{loaded}"
    );
    assert_eq!(
        g.command("load atomic nosuch").await,
        "There is no board \"nosuch\" in category atomic.\n"
    );

    assert_eq!(g.command("index").await, g.command("help").await);
    let info = g.command("info").await;
    assert!(
        info.starts_with("Help pages about topics rather than commands:\n"),
        "{info}"
    );
    assert!(
        info.contains("atomic") && info.contains("ratings"),
        "{info}"
    );
    assert!(!info.contains("finger"), "{info}");
    assert!(!info.contains("addplayer"), "{info}");
    assert_eq!(
        g.command("next").await,
        "There is nothing more to show: every reply of this server comes whole.\n"
    );
    assert_eq!(g.command("more").await, g.command("next").await);
    assert_eq!(
        g.command("servers").await,
        "atomicd shares its ratings with no other server.\n"
    );
    for mail in [
        "mailmoves",
        "mailoldmoves",
        "mailstored Boss 0",
        "mailhelp atomic",
        "mailmess",
        "mailsource",
    ] {
        assert_eq!(
            g.command(mail).await,
            "Mail is not set up on this server.\n",
            "{mail}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_new_replies_come_in_french_too() {
    let server = TestServer::start().await;
    let (mut g, _) = server.guest().await;
    g.command("set lang fr").await;
    assert_eq!(
        g.command("servers").await,
        "atomicd ne partage ses cotes avec aucun autre serveur.\n"
    );
    assert_eq!(
        g.command("password a b").await,
        "Seuls les joueurs inscrits ont un mot de passe ; voir « help register ».\n"
    );
    assert!(
        g.command("help pause")
            .await
            .starts_with("pause\n\nPropose à votre adversaire")
    );
}
