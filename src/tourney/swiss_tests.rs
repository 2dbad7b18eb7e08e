//! Swiss cases computed by hand with the Dutch rules (the computation is
//! written next to each case).

use super::*;
use crate::tourney::GameResult::{self, BlackWins as B, Draw as D, WhiteWins as W};
use crate::tourney::combinations::Combinations;

/// A Swiss of `n` players p1..pn rated 2000, 1900, ... (so pk has pairing
/// number k); seed 0 draws white as the initial colour.
pub(crate) fn field(n: usize, rounds: u32) -> Tournament {
    let mut t = Tournament::new(Format::Swiss { rounds }, 0);
    for k in 1..=n {
        t.join(&format!("p{k}"), 2100 - 100 * k as i32).unwrap();
    }
    t
}

fn name(t: &Tournament, id: PlayerId) -> String {
    t.player(id).map(|p| p.name.clone()).unwrap_or_default()
}

/// "p1-p5 p6-p2 | p7 bye": games white-black in board order, then byes.
fn show(t: &Tournament, rp: &RoundPairing) -> String {
    let mut s: Vec<String> = rp
        .games
        .iter()
        .map(|g| format!("{}-{}", name(t, g.white), name(t, g.black)))
        .collect();
    for b in &rp.byes {
        s.push(format!("| {} bye", name(t, b.player)));
    }
    s.join(" ")
}

/// Pairs the next round, checks it reads `expected`, plays `results`.
fn round(t: &mut Tournament, expected: &str, results: &[GameResult]) {
    let rp = pair_round(t).unwrap();
    assert_eq!(show(t, &rp), expected, "round {}", rp.round);
    t.add_round(&rp).unwrap();
    for (g, r) in rp.games.iter().zip(results) {
        t.record_result(g.white, g.black, *r, 40).unwrap();
    }
}

#[test]
fn round_one_is_top_half_against_bottom_half() {
    // S1 = 1 2 3 4, S2 = 5 6 7 8. E5: odd pairing numbers get the initial
    // colour (white), even ones black: 1-5, 6-2, 3-7, 8-4.
    let mut t = field(8, 5);
    round(&mut t, "p1-p5 p6-p2 p3-p7 p8-p4", &[]);
    // With black drawn as initial colour, every board turns round.
    let mut t = field(8, 5);
    t = Tournament::from_rows(t.format(), 1, t.players().to_vec(), vec![], vec![]).unwrap();
    round(&mut t, "p5-p1 p2-p6 p7-p3 p4-p8", &[]);
}

#[test]
fn odd_field_gives_the_bye_to_the_lowest() {
    // Five players: p5 (lowest) gets the bye; S1 = 1 2, S2 = 3 4.
    let mut t = field(5, 3);
    round(&mut t, "p1-p3 p4-p2 | p5 bye", &[]);
}

#[test]
fn round_two_with_floaters_and_colours() {
    // Round 1: p1-p5 1-0, p6-p2 1-0, p3-p7 draw, p8-p4 0-1.
    // Scores: 1: p1(W) p4(B) p6(W); 0.5: p3(W) p7(B); 0: p2(B) p5(B) p8(W).
    // Bracket 1 (p1 p4 p6) is odd: p6, the lowest, floats; p1 (wants
    //   black) meets p4 (wants white): p4-p1.
    // Bracket 0.5 = MDP p6 (wants B) + p3 (wants B) + p7 (wants W), odd:
    //   6-3 with 7 floating denies one preference, 6-7 with 3 floating
    //   none, so (C12) p7-p6 and p3 floats.
    // Bracket 0 = MDP p3 (wants B) + p2 (W) p5 (W) p8 (B): p3 takes the
    //   first resident, p2: p2-p3; then p5 (wants W) - p8 (wants B).
    let mut t = field(8, 5);
    round(&mut t, "p1-p5 p6-p2 p3-p7 p8-p4", &[W, W, D, B]);
    round(&mut t, "p4-p1 p7-p6 p2-p3 p5-p8", &[]);
}

#[test]
fn transposition_avoids_rematch_and_colour_clash() {
    // Round 1: p1-p4 1-0, p5-p2 0-1, p3-p6 0-1.
    // Bracket 1 = p1(wants B) p2(W) p6(W): p6 floats, p2-p1.
    // Bracket 0 = MDP p6 (wants W) + p3 (B) p4 (W) p5 (B): 6-3 is a
    //   rematch; 6-4 would leave 3-5, both wanting black (two denials);
    //   6-5 leaves 4-3 with every wish granted: p6-p5, p4-p3.
    let mut t = field(6, 5);
    round(&mut t, "p1-p4 p5-p2 p3-p6", &[W, B, B]);
    round(&mut t, "p2-p1 p6-p5 p4-p3", &[]);
}

#[test]
fn three_players_take_turns_with_the_bye() {
    // R1: p3 bye, p1-p2 (E5). R2: lowest without bye is p2 (0.5, number
    // 2): p3 (1 pt, no colour yet) meets p1 (wants black): p3-p1. R3: only
    // p1 is left without a bye; p2 (wants W) meets p3 (wants B): p2-p3.
    let mut t = field(3, 4);
    round(&mut t, "p1-p2 | p3 bye", &[D]);
    round(&mut t, "p3-p1 | p2 bye", &[D]);
    round(&mut t, "p2-p3 | p1 bye", &[D]);
    // A fourth round would need a rematch.
    assert_eq!(pair_round(&t), Err(Error::NoPairing));
    assert_eq!(max_rounds(3), 3);
}

#[test]
fn two_and_four_players() {
    let mut t = field(2, 2);
    round(&mut t, "p1-p2", &[W]);
    assert_eq!(pair_round(&t), Err(Error::NoPairing));

    // Four players, three rounds: everybody meets everybody once.
    // R1 p1-p3, p4-p2; both white players win.
    // R2: bracket 1 = p1, p4, both strongly wanting black: the bracket's
    // only pair (C6 before colours). E3: both were white in R1, no help;
    // E4: the higher, p1, gets black: p4-p1. Bracket 0 = p2, p3, both
    // wanting white: E4 gives p2 white: p2-p3.
    let mut t = field(4, 3);
    round(&mut t, "p1-p3 p4-p2", &[W, W]);
    round(&mut t, "p4-p1 p2-p3", &[W, W]);
    // R3: p4 (2 pts) has met p2 and p1, so p4-p3 and p1-p2 are forced;
    // p4 (W, W: absolute black) - p3 (B, B: absolute white): p3-p4.
    // p1 (W, B: mild white) - p2 (B, W: mild black): p1-p2.
    round(&mut t, "p3-p4 p1-p2", &[]);
}

#[test]
fn withdrawn_players_are_not_paired() {
    // R1: p1-p3 1-0, p4-p2 0-1 -> p1 1, p2 1, p3 0, p4 0; p4 withdraws.
    // R2: three players: the bye to p3 (lowest without one), then p1
    // (wants black) - p2 (wants white): p2-p1.
    let mut t = field(4, 3);
    round(&mut t, "p1-p3 p4-p2", &[W, B]);
    let p4 = t.player_by_name("p4").unwrap().id;
    t.leave(p4).unwrap();
    round(&mut t, "p2-p1 | p3 bye", &[D]);
}

#[test]
fn late_entrant_starts_with_half_a_point() {
    // Round 1: p1-p3 1-0, p4-p2 1-0. p5 (rated 2500, number 1 now) joins
    // with a half-point bye for round 1. Round 2 brackets:
    //   1: p1 (wants B), p4 (wants B): both strong; E3 both white in R1;
    //      E4: p1 black: p4-p1.
    //   0.5: p5 alone, floats; 0: MDP p5 + p2 (wants W) p3 (wants W):
    //   p5 meets p2 (first resident); p5 has no preference: p2-p5; p3
    //   gets the bye (odd field: lowest without one, decided first).
    let mut t = field(4, 5);
    round(&mut t, "p1-p3 p4-p2", &[W, W]);
    let p5 = t.join("p5", 2500).unwrap();
    assert_eq!(t.player(p5).unwrap().joined, 2);
    round(&mut t, "p4-p1 p2-p5 | p3 bye", &[]);
}

#[test]
fn pairing_numbers_follow_rating_then_name() {
    let mut t = Tournament::new(Format::Swiss { rounds: 3 }, 0);
    let b = t.join("bob", 1500).unwrap();
    let a = t.join("Al", 1500).unwrap();
    let c = t.join("cy", 1900).unwrap();
    assert_eq!(pairing_numbers(&t), vec![c, a, b]);
}

#[test]
fn refuses_what_it_cannot_do() {
    let mut t = field(4, 1);
    round(&mut t, "p1-p3 p4-p2", &[]);
    assert_eq!(pair_round(&t), Err(Error::Finished));
    let mut t = field(4, 2);
    let rp = pair_round(&t).unwrap();
    t.add_round(&rp).unwrap();
    assert_eq!(pair_round(&t), Err(Error::RoundInProgress));
    assert_eq!(pair_round(&field(1, 2)), Err(Error::NotEnoughPlayers));
    assert_eq!(
        pair_round(&Tournament::new(Format::Arena, 0)),
        Err(Error::WrongFormat)
    );
}

#[test]
fn combinations_are_lexicographic() {
    let all: Vec<Vec<usize>> = Combinations::new(4, 2).collect();
    assert_eq!(
        all,
        vec![
            vec![0, 1],
            vec![0, 2],
            vec![0, 3],
            vec![1, 2],
            vec![1, 3],
            vec![2, 3]
        ]
    );
    assert_eq!(Combinations::new(3, 0).count(), 1);
    assert_eq!(Combinations::new(2, 3).count(), 0);
}
