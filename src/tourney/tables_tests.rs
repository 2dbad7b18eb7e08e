use super::*;
use crate::tourney::{GameResult, Pairing, SplitMix64, swiss};

fn assert_fits(text: &str) {
    for line in text.lines() {
        assert!(line.chars().count() <= WIDTH, "too wide: {line:?}");
    }
}

/// Plays a Swiss of `n` players (names of `name_len` letters) with draws
/// for white wins alternately.
fn played_swiss(n: usize, rounds: u32, name_len: usize) -> Tournament {
    let mut t = Tournament::new(Format::Swiss { rounds }, 0);
    for k in 0..n {
        let name = format!("{k:0>width$}", width = name_len);
        t.join(&name, 2000 - k as i32).unwrap();
    }
    let mut rng = SplitMix64::new(4);
    for _ in 0..rounds {
        let rp = swiss::pair_round(&t).unwrap();
        t.add_round(&rp).unwrap();
        for g in &rp.games {
            let r = [
                GameResult::WhiteWins,
                GameResult::Draw,
                GameResult::BlackWins,
            ][rng.below(3) as usize];
            t.record_result(g.white, g.black, r, 40).unwrap();
        }
    }
    t
}

#[test]
fn small_swiss_tables_read_as_expected() {
    let mut t = Tournament::new(Format::Swiss { rounds: 2 }, 0);
    for (n, r) in [("Alice", 2100), ("Bob", 2000), ("Carol", 1900)] {
        t.join(n, r).unwrap();
    }
    let rp = swiss::pair_round(&t).unwrap();
    t.add_round(&rp).unwrap();
    let (a, b) = (rp.games[0].white, rp.games[0].black);
    t.record_result(a, b, GameResult::WhiteWins, 40).unwrap();
    assert_eq!(
        pairings_table(&t, 1),
        "Round 1\n\
         \x20Bd White              Rtng   Pts  Result   Black              Rtng   Pts\n\
         \x20 1 Alice              2100   0.0  1-0      Bob                2000   0.0\n\
         \x20   Carol              1900   0.0  bye (1 point)\n"
    );
    // Alice 1 (Buchholz: Bob 0), Carol 1 (bye: own 1), Bob 0 (Alice 1).
    assert_eq!(
        standings_table(&t),
        "Standings after round 1 of 2\n\
         \x20Rk Name              Rating   Pts  Buchholz     SB\n\
         \x20 1 Carol               1900   1.0       1.0      1\n\
         \x20 2 Alice               2100   1.0       0.0      0\n\
         \x20 3 Bob                 2000   0.0       1.0      0\n"
    );
    assert_eq!(
        crosstable(&t),
        " Rk Name               Pts    R1\n\
         \x20 1 Carol              1.0     +\n\
         \x20 2 Alice              1.0   3w1\n\
         \x20 3 Bob                0.0   2b0\n"
    );
}

#[test]
fn big_swiss_tables_fit_79_columns() {
    let t = played_swiss(100, 11, 17);
    let c = crosstable(&t);
    assert_fits(&c);
    // 11 rounds: two blocks, 8 + 3 rounds, each with its header.
    assert_eq!(c.lines().filter(|l| l.starts_with(" Rk")).count(), 2);
    assert_fits(&standings_table(&t));
    for r in 1..=11 {
        assert_fits(&pairings_table(&t, r));
    }
    assert!(standings_table(&t).lines().count() == 102);
}

#[test]
fn round_robin_shows_rests() {
    let mut t = Tournament::new(Format::RoundRobin { cycles: 1 }, 0);
    for k in 0..3 {
        t.join(&format!("player{k}"), 1500).unwrap();
    }
    let rp = crate::tourney::roundrobin::pair_round(&t).unwrap();
    t.add_round(&rp).unwrap();
    let text = pairings_table(&t, 1);
    assert!(text.contains("rest"), "{text}");
    assert_fits(&text);
    assert!(standings_table(&t).starts_with("Standings after round 1 of 3 (in progress)\n"));
}

#[test]
fn arena_tables() {
    let mut t = Tournament::new(Format::Arena, 1);
    let a = t.join("a_very_long_handle_indeed", 1500).unwrap();
    let b = t.join("b", 1600).unwrap();
    for _ in 0..40 {
        t.add_game(1, Pairing::new(a, b)).unwrap();
        t.record_result(a, b, GameResult::WhiteWins, 40).unwrap();
    }
    t.add_game(1, Pairing::new(b, a)).unwrap();
    t.berserk(a).unwrap();
    let st = standings_table(&t);
    assert!(st.lines().nth(1).unwrap().contains(" 156 "), "{st}"); // 2 + 2 + 38 x 4
    assert!(st.contains("on fire"));
    assert_fits(&st);
    let c = crosstable(&t);
    assert_fits(&c);
    assert!(c.lines().count() > 2);
    let p = pairings_table(&t, 0);
    assert!(p.lines().nth(2).unwrap().ends_with(" B"), "{p}");
    assert_fits(&p);
}

#[test]
fn knockout_tables() {
    let mut t = Tournament::new(Format::Knockout { games: 2 }, 1);
    for k in 1..=5 {
        t.join(&format!("seed{k}"), 2000 - k).unwrap();
    }
    while !knockout::is_over(&t) {
        for (round, p) in knockout::next_games(&t).unwrap() {
            t.add_game(round, p).unwrap();
            t.record_result(p.white, p.black, GameResult::WhiteWins, 40)
                .unwrap();
        }
    }
    let st = standings_table(&t);
    assert_fits(&st);
    assert!(st.lines().nth(1).unwrap().ends_with("winner"), "{st}");
    assert!(st.contains("lost in final"));
    let c = crosstable(&t);
    assert_fits(&c);
    assert_eq!(c.lines().filter(|l| l.starts_with("Round")).count(), 3);
    assert!(pairings_table(&t, 1).contains("bye"));
}

#[test]
fn a_player_without_a_rating_shows_dashes_not_zero() {
    let mut t = Tournament::new(Format::Swiss { rounds: 1 }, 0);
    t.join("Rated", 1700).unwrap();
    t.join("Newcomer", 0).unwrap();
    let rp = swiss::pair_round(&t).unwrap();
    t.add_round(&rp).unwrap();
    let standings = standings_table(&t);
    let row = standings
        .lines()
        .find(|l| l.contains("Newcomer"))
        .expect("a row");
    assert!(row.contains(" ---- "), "{standings}");
    assert!(!row.contains(" 0 "), "{standings}");
    assert!(pairings_table(&t, 1).contains("Newcomer           ----"));
    assert!(
        standings.contains("Rated               1700"),
        "{standings}"
    );
}

/// The standings as a reader of `lang` gets them from the catalogue.
fn standings_in(lang: crate::chess::Lang, t: &Tournament) -> String {
    standings_messages(t)
        .iter()
        .map(|m| crate::render::catalogue::text(lang, m) + "\n")
        .collect()
}

#[test]
fn the_catalogue_writes_the_standings_as_the_table_and_in_french() {
    use crate::chess::Lang;
    let mut arena = Tournament::new(Format::Arena, 1);
    let a = arena.join("Ann", 1500).unwrap();
    let b = arena.join("Ben", 1600).unwrap();
    for _ in 0..3 {
        arena.add_game(1, Pairing::new(a, b)).unwrap();
        arena
            .record_result(a, b, GameResult::WhiteWins, 40)
            .unwrap();
    }
    let mut ko = Tournament::new(Format::Knockout { games: 1 }, 1);
    for k in 1..=5 {
        ko.join(&format!("seed{k}"), 2000 - k).unwrap();
    }
    while !knockout::is_over(&ko) {
        for (round, p) in knockout::next_games(&ko).unwrap() {
            ko.add_game(round, p).unwrap();
            ko.record_result(p.white, p.black, GameResult::WhiteWins, 40)
                .unwrap();
        }
    }
    let mut rr = Tournament::new(Format::RoundRobin { cycles: 1 }, 0);
    for n in ["Ann", "Ben", "Cid"] {
        rr.join(n, 1500).unwrap();
    }
    for t in [&played_swiss(6, 3, 5), &rr, &arena, &ko] {
        let english = standings_in(Lang::En, t);
        assert_eq!(english, standings_table(t));
        let french = standings_in(Lang::Fr, t);
        assert_eq!(french.lines().count(), english.lines().count());
        assert_fits(&french);
        for word in [
            "Standings",
            "Name",
            "Rating",
            "on fire",
            "winner",
            "lost in",
        ] {
            assert!(!french.contains(word), "{word} in {french}");
        }
    }
    assert!(standings_in(Lang::Fr, &arena).contains(" en série"));
    let french_ko = standings_in(Lang::Fr, &ko);
    assert!(french_ko.contains("vainqueur"), "{french_ko}");
    assert!(french_ko.contains("battu en finale"), "{french_ko}");
}

#[test]
fn the_catalogue_writes_the_pairings_as_the_table_and_in_french() {
    use crate::chess::Lang;
    let render = |lang: Lang, t: &Tournament, round: u32| -> String {
        pairings_messages(t, round)
            .iter()
            .map(|m| crate::render::catalogue::text(lang, m) + "\n")
            .collect()
    };
    // Five players: a bye every round.
    let swiss = played_swiss(5, 3, 5);
    let mut ko = Tournament::new(Format::Knockout { games: 2 }, 1);
    for k in 1..=5 {
        ko.join(&format!("seed{k}"), 2000 - k).unwrap();
    }
    let (round, p) = knockout::next_games(&ko).unwrap()[0];
    ko.add_game(round, p).unwrap();
    let mut arena = Tournament::new(Format::Arena, 1);
    let a = arena.join("Ann", 1500).unwrap();
    let b = arena.join("Ben", 1600).unwrap();
    arena.add_game(1, Pairing::new(a, b)).unwrap();
    for (t, round) in [(&swiss, 1), (&swiss, 3), (&ko, 1), (&arena, 0)] {
        let english = render(Lang::En, t, round);
        assert_eq!(english, pairings_table(t, round));
        let french = render(Lang::Fr, t, round);
        assert_eq!(french.lines().count(), english.lines().count());
        for word in ["Round", "White", "Black", "bye", "game", "progress"] {
            assert!(!french.contains(word), "{word} in {french}");
        }
    }
    assert!(render(Lang::Fr, &swiss, 1).contains("exempt (1 point)"));
    let ko_fr = render(Lang::Fr, &ko, 1);
    assert!(
        ko_fr.contains("exempt") && ko_fr.contains("partie 1"),
        "{ko_fr}"
    );
}
