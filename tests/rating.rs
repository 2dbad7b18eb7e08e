//! Glicko as FICS runs it, checked by hand and against real FICS output.

use atomicd::rating::{
    GameResult, MAX_RD, Preview, Rating, RatingDisplay, adjustment_line, after_game,
    format_preview_lines, preview, rd_now,
};

const NOW: i64 = 1_700_000_000;

/// A record that played its last game at `NOW`, so no idle growth applies.
fn rated(rating: f64, rd: f64) -> Rating {
    Rating {
        rating,
        rd,
        last_game: Some(NOW),
        wins: 10,
        losses: 10,
        draws: 5,
        best: None,
    }
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

/// One game, worked by hand with the formulas of `help glicko` (Glickman's
/// paper, one game per rating period):
///
/// ```text
/// me 1500 RD 200, opponent 1400 RD 30, q = ln 10 / 400 = 0.0057565
/// g(30)  = 1/sqrt(1 + 3q²·30²/π²)              = 1/sqrt(1.0090652) = 0.995498
/// E      = 1/(1 + 10^(−g·(1500 − 1400)/400))    = 1/(1 + 0.563801)  = 0.639468
/// 1/d²   = q²·g²·E·(1 − E) = 3.31369e-5 · 0.991016 · 0.230549      = 7.57103e-6
/// 1/RD'² = 1/200² + 1/d²   = 2.5e-5 + 7.57103e-6                   = 3.25710e-5
/// RD'    = 175.22
/// K      = q·g·RD'²        = 0.0057565 · 0.995498 / 3.25710e-5     = 175.94
/// win    = K·(1 − E)   = +63.43  → +63
/// draw   = K·(0.5 − E) = −24.54  → −25 (half away from zero)
/// loss   = K·(0 − E)   = −112.51 → −113
/// ```
#[test]
fn one_game_by_hand() {
    let p = preview(&rated(1500.0, 200.0), &rated(1400.0, 30.0), NOW);
    assert_eq!((p.win, p.draw, p.loss), (63, -25, -113));
    assert!(close(p.new_rd, 175.22, 0.005), "{}", p.new_rd);
}

#[test]
fn two_new_players_match_skillratings_docs() {
    // skillratings' own example: 1500/350 beats 1500/350 → 1662, RD 290.
    let (w, b) = after_game(&Rating::new(), &Rating::new(), GameResult::WhiteWins, NOW);
    assert_eq!((w.rating, b.rating), (1662.0, 1338.0));
    assert_eq!((w.rd.round(), b.rd.round()), (290.0, 290.0));
}

#[test]
fn fics_help_assess_sample() {
    // freechess.org `help assess`, "assess MAd volcano" (real server output).
    // The new RDs are checked to 0.1 because the sample prints the inputs
    // rounded to one decimal.
    let check = |me: Rating, opp: Rating, wdl: (i32, i32, i32), rd: f64| {
        let p = preview(&me, &opp, NOW);
        assert_eq!((p.win, p.draw, p.loss), wdl, "{me:?} vs {opp:?}");
        assert!(close(p.new_rd, rd, 0.1), "new RD {} vs {rd}", p.new_rd);
    };
    // Blitz: (1596 RD 33.1) vs (1629 RD 78.8). MAd's raw K is 6.1: only
    // FICS's K floor of 16 gives +9 / +1 / -7.
    check(rated(1596.0, 33.1), rated(1629.0, 78.8), (9, 1, -7), 32.9);
    check(
        rated(1629.0, 78.8),
        rated(1596.0, 33.1),
        (15, -2, -19),
        76.9,
    );
    // Lightning: (1633 RD 350.0) vs (1784 RD 87.8).
    check(
        rated(1633.0, 350.0),
        rated(1784.0, 87.8),
        (264, 75, -114),
        261.3,
    );
    check(
        rated(1784.0, 87.8),
        rated(1633.0, 350.0),
        (10, -4, -19),
        86.6,
    );
    // Atomic: volcano (1877 RD 82.4) vs MAd, unrated (FICS rates him 1720).
    check(
        rated(1877.0, 82.4),
        rated(1720.0, 350.0),
        (9, -4, -17),
        81.5,
    );
}

#[test]
fn pychess_capture_of_real_fics() {
    // PyChess testing/ficsmanagers.py: gbtami (1671) challenging Bezo (1569)
    // and BugMashine (1692) at lightning on freechess.org. The opponents' RDs
    // are not in the capture; any value from 30 to 350 gives these figures.
    let gbtami = rated(1671.0, 22.95);
    for opp_rd in [30.0, 80.0, 200.0, 350.0] {
        let p = preview(&gbtami, &rated(1569.0, opp_rd), NOW);
        assert_eq!(
            format_preview_lines(&p),
            "Your atomic rating will change:  Win: +6,  Draw: -2,  Loss: -10\nYour new RD will be 22.9"
        );
        let p = preview(&gbtami, &rated(1692.0, opp_rd), NOW);
        assert_eq!((p.win, p.draw, p.loss), (8, 0, -8));
    }
}

#[test]
fn equal_players_always_move_eight_points() {
    // `help rating_changes`: "in a match against an equally rated player,
    // you can always win or lose at least 8 points" (raw Glicko: 7).
    let p = preview(&rated(1500.0, 50.0), &rated(1500.0, 50.0), NOW);
    assert_eq!((p.win, p.draw, p.loss), (8, 0, -8));
}

#[test]
fn preview_signs_and_format() {
    let p = Preview {
        win: 12,
        draw: 0,
        loss: -3,
        new_rd: 100.04,
    };
    assert_eq!(
        format_preview_lines(&p),
        "Your atomic rating will change:  Win: +12,  Draw: +0,  Loss: -3\nYour new RD will be 100.0"
    );
    // Against a much stronger player even a draw gains, a loss costs little.
    let p = preview(&rated(1400.0, 60.0), &rated(1900.0, 60.0), NOW);
    assert!(
        p.win > p.draw && p.draw > 0 && p.loss < 0 && p.loss > -5,
        "{p:?}"
    );
}

#[test]
fn after_game_agrees_with_preview_and_counts() {
    let white = rated(1600.0, 120.0);
    let black = rated(1550.0, 70.0);
    let pw = preview(&white, &black, NOW + 60);
    let pb = preview(&black, &white, NOW + 60);

    let (w, b) = after_game(&white, &black, GameResult::BlackWins, NOW + 60);
    assert_eq!(w.rating, 1600.0 + f64::from(pw.loss));
    assert_eq!(b.rating, 1550.0 + f64::from(pb.win));
    assert_eq!((w.rd, b.rd), (pw.new_rd, pb.new_rd));
    assert_eq!((w.wins, w.losses, w.draws), (10, 11, 5));
    assert_eq!((b.wins, b.losses, b.draws), (11, 10, 5));
    assert_eq!((w.last_game, b.last_game), (Some(NOW + 60), Some(NOW + 60)));
    assert_eq!((w.total(), b.total()), (26, 26));

    let (w, b) = after_game(&white, &black, GameResult::Draw, NOW + 60);
    assert_eq!(w.rating, 1600.0 + f64::from(pw.draw));
    assert_eq!(b.rating, 1550.0 + f64::from(pb.draw));
    assert_eq!((w.draws, b.draws), (6, 6));
}

#[test]
fn best_is_kept_only_when_established_and_higher() {
    let opp = rated(1500.0, 50.0);
    // Still provisional after the win: no best.
    let (w, _) = after_game(&Rating::new(), &opp, GameResult::WhiteWins, NOW);
    assert!(w.is_provisional());
    assert_eq!(w.best, None);
    // Established: a win sets it, a loss keeps it.
    let (w, _) = after_game(&rated(1500.0, 60.0), &opp, GameResult::WhiteWins, NOW + 1);
    assert_eq!(w.best, Some((1510, NOW + 1)));
    let (l, _) = after_game(&w, &opp, GameResult::BlackWins, NOW + 2);
    assert_eq!(l.best, Some((1510, NOW + 1)));
    assert_eq!(l.rating, 1500.0);
    // Equal is not higher.
    let mut again = rated(1500.0, 60.0);
    again.best = Some((1510, 5));
    let (w, _) = after_game(&again, &opp, GameResult::WhiteWins, NOW + 3);
    assert_eq!(w.best, Some((1510, 5)));
}

#[test]
fn rd_grows_with_idle_time_by_the_fics_formula() {
    let mut r = rated(1500.0, 50.0);
    assert_eq!(rd_now(&r, NOW), 50.0);
    // sqrt(50² + 1.483²·ln(1 + 525600)) = 50.289
    let year = NOW + 365 * 24 * 3600;
    assert!(
        close(rd_now(&r, year), 50.289, 0.001),
        "{}",
        rd_now(&r, year)
    );
    assert!(rd_now(&r, NOW + 3600) > 50.0);
    assert_eq!(rd_now(&r, NOW - 3600), 50.0); // a clock before the last game
    r.rd = 349.99;
    assert_eq!(rd_now(&r, year), MAX_RD);
    // Never played: the stored RD (350 for a new player).
    assert_eq!(rd_now(&Rating::new(), year), MAX_RD);
    // Growth feeds the update: an idle player moves more.
    let fresh = preview(&r_with(1500.0, 40.0, NOW), &rated(1500.0, 40.0), NOW);
    let idle = preview(
        &r_with(1500.0, 40.0, NOW - 10 * 365 * 86400),
        &rated(1500.0, 40.0),
        NOW,
    );
    assert!(idle.new_rd > fresh.new_rd);
}

fn r_with(rating: f64, rd: f64, last: i64) -> Rating {
    Rating {
        last_game: Some(last),
        ..rated(rating, rd)
    }
}

#[test]
fn provisional_above_80() {
    assert!(!rated(1500.0, 80.0).is_provisional());
    assert!(rated(1500.0, 80.01).is_provisional());
    assert!(Rating::new().is_provisional());
    assert_eq!(Rating::new().total(), 0);
}

#[test]
fn corrupt_records_do_not_panic() {
    let bad = Rating {
        rating: f64::NAN,
        rd: f64::INFINITY,
        ..rated(0.0, 0.0)
    };
    let p = preview(&bad, &rated(1500.0, 0.0), NOW);
    assert!(p.new_rd.is_finite());
    let (w, b) = after_game(&bad, &bad, GameResult::Draw, NOW);
    assert!(w.rating.is_finite() && b.rd.is_finite());
}

#[test]
fn display_forms() {
    let established = RatingDisplay::of(&rated(1524.4, 42.0));
    let provisional = RatingDisplay::of(&rated(943.0, 120.0));
    let unrated = RatingDisplay::of(&Rating::new());
    let guest = RatingDisplay::Guest;
    assert_eq!(
        provisional,
        RatingDisplay::Rated {
            rating: 943,
            provisional: true
        }
    );
    assert_eq!(unrated, RatingDisplay::Unrated);

    // who, games, sought: %4s, no P.
    let column: Vec<String> = [established, provisional, unrated, guest]
        .iter()
        .map(RatingDisplay::column)
        .collect();
    assert_eq!(column, ["1524", " 943", "----", "++++"]);
    // Creating:, Challenge:, seek ads: P when provisional.
    assert_eq!(established.parenthesised(), "1524");
    assert_eq!(provisional.parenthesised(), " 943P");
    assert_eq!(unrated.parenthesised(), "----");
    assert_eq!(guest.parenthesised(), "++++");
    // <s> rt=: a status character always; 0P without a rating.
    assert_eq!(established.seekinfo(), "1524 ");
    assert_eq!(provisional.seekinfo(), "943P");
    assert_eq!(unrated.seekinfo(), "0P");
    assert_eq!(guest.seekinfo(), "0P");
    // <g1> rt=: integer, optional P, 0 without a rating.
    assert_eq!(established.gameinfo(), "1524");
    assert_eq!(provisional.gameinfo(), "943P");
    assert_eq!(unrated.gameinfo(), "0");
    assert_eq!(guest.gameinfo(), "0");
}

#[test]
fn adjustment() {
    assert_eq!(
        adjustment_line(1500, 1512),
        "Atomic rating adjustment: 1500 --> 1512"
    );
    assert_eq!(
        adjustment_line(1500, 1488),
        "Atomic rating adjustment: 1500 --> 1488"
    );
}
