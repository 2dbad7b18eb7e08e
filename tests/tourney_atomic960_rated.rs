//! A rated Atomic960 tournament over TCP: the event reads the players'
//! Atomic960 ratings, not their atomic ones, to let them in (`minrating`),
//! to seed its pairings and to show them in its standings; its games are
//! rated Atomic960 games, which move that line only; the web API says so.
//!
//! The four players are given two lines that rank them differently, so a
//! director that read the atomic line would pair other games.

mod support;
mod tourney_common;
mod web_common;

use atomicd::account::Titles;
use atomicd::chess::Variant;
use tourney_common::{ask, join_all, login, play_until, points, server};

/// The rating and number of games of `label`'s row in a finger.
fn finger_row(finger: &str, label: &str) -> Option<(i32, u32)> {
    let line = finger
        .lines()
        .find(|l| l.split_whitespace().next() == Some(label))?;
    let f: Vec<&str> = line.split_whitespace().collect();
    Some((f[1].parse().ok()?, f[6].parse().ok()?))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_atomic960_swiss_seeds_by_and_moves_the_atomic960_line() {
    let server = server(30.0).await;
    // Atomic960: Ann, Ben, Cid, Dee; atomic: Ann, Cid, Ben, Dee.
    let lines = [
        ("Ann", 1900.0, 1850.0),
        ("Ben", 1800.0, 1650.0),
        ("Cid", 1700.0, 1750.0),
        ("Dee", 1600.0, 1550.0),
    ];
    let td = Titles {
        td: true,
        ..Titles::default()
    };
    server.add_user("Boss", "pw", td);
    for (name, a960, atomic) in lines {
        server.add_user(name, "pw", Titles::default());
        server.rate(name, Variant::Atomic960, a960, 20);
        server.rate(name, Variant::Atomic, atomic, 20);
    }
    let mut boss = login(&server, "Boss").await;
    let mut players = Vec::new();
    for (name, ..) in lines {
        players.push((name.to_string(), login(&server, name).await));
    }

    // minrating reads the Atomic960 line: Cid (1700 there, 1750 in
    // atomic) is kept out, Ben (1800, 1650) let in.
    let gate = ask(
        &mut boss,
        "tourney create Gate swiss 1 0 rated atomic960 minrating=1750",
    )
    .await;
    assert!(gate.contains("Tourney #1 created."), "{gate}");
    let (_, cid) = &mut players[2];
    let r = ask(cid, "tourney join 1").await;
    assert!(
        r.contains("Tourney #1 needs a rating of at least 1750."),
        "{r}"
    );
    let (_, ben) = &mut players[1];
    let r = ask(ben, "tourney join 1").await;
    assert!(r.contains("You join tourney #1."), "{r}");
    ask(&mut boss, "tourney cancel 1").await;

    let made = ask(
        &mut boss,
        "tourney create Rated swiss 1 0 rated atomic960 rounds=1",
    )
    .await;
    assert!(made.contains("Tourney #2 created."), "{made}");
    let info = ask(&mut boss, "tourney info 2").await;
    assert!(
        info.contains("swiss 1 rounds, 1 0 rated atomic960, open"),
        "{info}"
    );
    join_all(&mut players, 2).await;
    ask(&mut boss, "tourney start 2").await;
    let played = play_until(&mut players, "Tourney #2 \"Rated\" is over.", None).await;
    // Seeded by the Atomic960 line: 1 v 3 and 2 v 4 are Ann–Cid and
    // Ben–Dee (the atomic line would give Ann–Ben and Cid–Dee).
    let mut pairs: Vec<[String; 2]> = played
        .games
        .iter()
        .map(|(w, b)| {
            let mut p = [w.clone(), b.clone()];
            p.sort();
            p
        })
        .collect();
    pairs.sort();
    assert_eq!(
        pairs,
        [["Ann", "Cid"], ["Ben", "Dee"]].map(|p| p.map(String::from)),
        "{:?}",
        played.logs
    );
    let all = played.logs.join("");
    let creating = played.creating_lines();
    assert_eq!(creating.len(), 2, "one line a game: {all}");
    for line in &creating {
        assert!(line.ends_with(" rated atomic960 1 0"), "{line}");
        assert!(
            line.contains("Ann (1900)") || line.contains("Ben (1800)"),
            "the Atomic960 ratings in the seats: {line}"
        );
    }
    assert!(all.contains("Atomic960 rating adjustment: "), "{all}");

    let table = ask(&mut boss, "tourney standings 2").await;
    assert_eq!(
        points(&table).iter().map(|(_, p)| p).sum::<f64>(),
        2.0,
        "{table}"
    );
    for (name, a960, _) in lines {
        let row = table.lines().find(|l| l.contains(name)).unwrap();
        assert_eq!(
            row.split_whitespace().nth(2),
            Some((a960 as i32).to_string().as_str()),
            "{table}"
        );
    }
    // The event as the web sees it: Atomic960, rated, each standing's
    // rating now the Atomic960 one.
    server.flush_store().await;
    let api = web_common::get(&server, "/api/tourneys/2").await.json();
    assert_eq!(
        (&api["variant"], &api["rated"]),
        (&"atomic960".into(), &true.into()),
        "{api}"
    );
    // Each game moved the Atomic960 line (21 games now) and left the
    // atomic one as it was.
    for (name, a960, atomic) in lines {
        let finger = ask(&mut boss, &format!("finger {name}")).await;
        let (r960, n960) = finger_row(&finger, "Atomic960").expect("an Atomic960 row");
        assert_eq!(n960, 21, "{finger}");
        assert_ne!(r960, a960 as i32, "{finger}");
        let row = api["standings"]
            .as_array()
            .and_then(|rows| rows.iter().find(|r| r["name"] == name))
            .unwrap_or_else(|| panic!("{name} in {api}"));
        assert_eq!(row["rating_now"], r960, "{api}");
        assert_eq!(
            finger_row(&finger, "Atomic"),
            Some((atomic as i32, 20)),
            "{finger}"
        );
    }
}
