//! Arena, on lichess's rules (lila `arena/ArenaSheet.scala`, `Pairing`,
//! `Performance`).
//!
//! Scoring, per game, in the order the player's games finished:
//! * win 2, draw 1, loss 0;
//! * "on fire" after two wins in a row: a win then counts 4 and a draw 2,
//!   until a game that is not a win;
//! * a draw in fewer than 20 plies scores nothing (and ends the streak);
//! * berserk (half one's own clock, before one's first move) adds 1 point
//!   to a win, if the game lasted at least 14 plies.
//!
//! Pairing: whenever players are free, the server hands their list to
//! [`pair_waiting`]: they are ranked as in the standings and paired
//! neighbour with neighbour, skipping a player's last opponent, unless only
//! two players are left in the arena. Colours: the one who had white less
//! often gets it, then the one who was black last, then by lot.
//!
//! Games unfinished at the end have no result and count for nothing. The
//! tie-break is lichess's performance: the average over one's games of the
//! opponent's rating plus 500 for a win, minus 500 for a loss.

use super::{Error, Format, Game, GameResult, Pairing, PlayerId, SplitMix64, Tournament};

/// Plies below which a draw scores nothing.
pub const QUICK_DRAW_PLIES: u32 = 20;
/// Plies a berserked game needs for the extra point.
pub const BERSERK_MIN_PLIES: u32 = 14;

/// A finished game from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// One game's points for a player whose previous outcomes (oldest first)
/// are `before`. Quick draws count as non-wins for the streak.
pub fn score_game(before: &[Outcome], outcome: Outcome, berserk: bool, plies: u32) -> u32 {
    let on_fire = on_fire(before);
    match outcome {
        Outcome::Win => {
            let base = if on_fire { 4 } else { 2 };
            base + u32::from(berserk && plies >= BERSERK_MIN_PLIES)
        }
        Outcome::Draw if plies < QUICK_DRAW_PLIES => 0,
        Outcome::Draw => {
            if on_fire {
                2
            } else {
                1
            }
        }
        Outcome::Loss => 0,
    }
}

/// Two wins in a row as the latest outcomes.
pub fn on_fire(outcomes: &[Outcome]) -> bool {
    matches!(outcomes, [.., Outcome::Win, Outcome::Win])
}

/// One player's arena record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    pub player: PlayerId,
    /// Points of each finished game, in the order they finished.
    pub scores: Vec<u32>,
    pub points: u32,
    pub on_fire: bool,
    /// Lichess's performance, over the finished games (`None` before any).
    pub performance: Option<i32>,
    pub berserks: u32,
}

/// The finished games of `p`, in the order they finished.
fn finished_games(t: &Tournament, p: PlayerId) -> Vec<&Game> {
    let mut games: Vec<&Game> = t
        .games()
        .iter()
        .filter(|g| g.result.is_some() && (g.white == p || g.black == p))
        .collect();
    games.sort_by_key(|g| g.finished);
    games
}

/// The sheet of one player.
pub fn sheet(t: &Tournament, p: PlayerId) -> Sheet {
    let mut outcomes = Vec::new();
    let mut s = Sheet {
        player: p,
        scores: Vec::new(),
        points: 0,
        on_fire: false,
        performance: None,
        berserks: 0,
    };
    let mut perf_sum: i64 = 0;
    for g in finished_games(t, p) {
        let Some(result) = g.result else { continue };
        let white = g.white == p;
        let outcome = match (result.winner(), white) {
            (None, _) => Outcome::Draw,
            (Some(super::Color::White), true) | (Some(super::Color::Black), false) => Outcome::Win,
            _ => Outcome::Loss,
        };
        let berserk = if white {
            g.berserk_white
        } else {
            g.berserk_black
        };
        let plies = if result.is_forfeit() {
            u32::MAX
        } else {
            g.plies
        };
        let points = score_game(&outcomes, outcome, berserk, plies);
        s.berserks += u32::from(berserk);
        s.scores.push(points);
        s.points += points;
        // A quick draw breaks a streak like any non-win.
        outcomes.push(outcome);
        let opponent = if white { g.black } else { g.white };
        let rating = t.player(opponent).map_or(0, |o| o.rating);
        perf_sum += i64::from(rating)
            + match outcome {
                Outcome::Win => 500,
                Outcome::Loss => -500,
                Outcome::Draw => 0,
            };
    }
    s.on_fire = on_fire(&outcomes);
    if !s.scores.is_empty() {
        s.performance = Some((perf_sum / s.scores.len() as i64) as i32);
    }
    s
}

/// Every player's sheet, in ranking order: points, then performance, then
/// rating, then who joined first.
pub fn ranking(t: &Tournament) -> Vec<Sheet> {
    let mut sheets: Vec<Sheet> = t.players().iter().map(|p| sheet(t, p.id)).collect();
    let rating = |p: PlayerId| t.player(p).map_or(0, |p| p.rating);
    sheets.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(
                b.performance
                    .unwrap_or(i32::MIN)
                    .cmp(&a.performance.unwrap_or(i32::MIN)),
            )
            .then(rating(b.player).cmp(&rating(a.player)))
            .then(a.player.cmp(&b.player))
    });
    sheets
}

/// The opponent of `p`'s most recent game.
fn last_opponent(t: &Tournament, p: PlayerId) -> Option<PlayerId> {
    t.games().iter().rev().find_map(|g| g.opponent(p))
}

/// Pairs the free players now. `waiting` are the players the server sees
/// free (online, in the arena, not playing); anyone withdrawn, unknown or
/// with a game in progress is ignored. `salt` varies the drawing of lots
/// between calls (e.g. the number of games so far). A player who can only
/// be paired with his last opponent keeps waiting for the next call.
pub fn pair_waiting(
    t: &Tournament,
    waiting: &[PlayerId],
    salt: u64,
) -> Result<Vec<Pairing>, Error> {
    if t.format() != Format::Arena {
        return Err(Error::WrongFormat);
    }
    let in_arena = t.players().iter().filter(|p| p.withdrawn.is_none()).count();
    let rank: Vec<PlayerId> = ranking(t).into_iter().map(|s| s.player).collect();
    let mut pool: Vec<PlayerId> = Vec::new();
    for &p in waiting {
        let ok = t.player(p).is_some_and(|pl| pl.withdrawn.is_none())
            && t.pending_game(p).is_none()
            && !pool.contains(&p);
        if ok {
            pool.push(p);
        }
    }
    pool.sort_by_key(|p| rank.iter().position(|r| r == p));
    let mut rng = SplitMix64::new(t.seed() ^ salt.rotate_left(17) ^ t.games().len() as u64);
    let mut out = Vec::new();
    while pool.len() >= 2 {
        let x = pool.remove(0);
        let fits = |y: PlayerId| {
            in_arena <= 2 || (last_opponent(t, x) != Some(y) && last_opponent(t, y) != Some(x))
        };
        if let Some(k) = pool.iter().position(|&y| fits(y)) {
            let y = pool.remove(k);
            out.push(colours(t, x, y, &mut rng));
        }
    }
    Ok(out)
}

/// Whites minus blacks over `p`'s games, and `p`'s last colour.
fn colour_history(t: &Tournament, p: PlayerId) -> (i32, Option<super::Color>) {
    let mut diff = 0;
    let mut last = None;
    for g in t.games() {
        if g.result.is_some_and(GameResult::is_forfeit) {
            continue;
        }
        if g.white == p {
            diff += 1;
            last = Some(super::Color::White);
        } else if g.black == p {
            diff -= 1;
            last = Some(super::Color::Black);
        }
    }
    (diff, last)
}

fn colours(t: &Tournament, x: PlayerId, y: PlayerId, rng: &mut SplitMix64) -> Pairing {
    use super::Color::{Black, White};
    let (dx, lx) = colour_history(t, x);
    let (dy, ly) = colour_history(t, y);
    let x_white = if dx != dy {
        dx < dy
    } else if lx != ly && lx.is_some() && ly.is_some() {
        lx == Some(Black)
    } else {
        rng.colour() == White
    };
    if x_white {
        Pairing::new(x, y)
    } else {
        Pairing::new(y, x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw, Loss, Win};

    #[test]
    fn lichess_scoring() {
        assert_eq!(score_game(&[], Win, false, 40), 2);
        assert_eq!(score_game(&[], Draw, false, 40), 1);
        assert_eq!(score_game(&[], Loss, true, 40), 0);
        // Third win in a row: double.
        assert_eq!(score_game(&[Win, Win], Win, false, 40), 4);
        assert_eq!(score_game(&[Win, Win], Draw, false, 40), 2);
        assert_eq!(score_game(&[Win, Draw], Win, false, 40), 2);
        // Berserk: +1 on a win of at least 14 plies, never doubled.
        assert_eq!(score_game(&[], Win, true, 14), 3);
        assert_eq!(score_game(&[], Win, true, 13), 2);
        assert_eq!(score_game(&[Win, Win], Win, true, 40), 5);
        // Quick draw.
        assert_eq!(score_game(&[], Draw, false, 19), 0);
    }

    fn arena(n: usize) -> (Tournament, Vec<PlayerId>) {
        let mut t = Tournament::new(Format::Arena, 9);
        let ids = (0..n)
            .map(|k| t.join(&format!("a{k}"), 1500 + 100 * k as i32).unwrap())
            .collect();
        (t, ids)
    }

    fn play(t: &mut Tournament, p: Pairing, r: GameResult, plies: u32) {
        t.add_game(1, p).unwrap();
        t.record_result(p.white, p.black, r, plies).unwrap();
    }

    #[test]
    fn sheet_follows_finish_order_and_streaks() {
        let (mut t, ids) = arena(3);
        let (a, b, c) = (ids[0], ids[1], ids[2]);
        play(&mut t, Pairing::new(a, b), GameResult::WhiteWins, 40);
        play(&mut t, Pairing::new(c, a), GameResult::BlackWins, 40);
        t.add_game(1, Pairing::new(a, b)).unwrap();
        t.berserk(a).unwrap();
        t.record_result(a, b, GameResult::WhiteWins, 30).unwrap();
        play(&mut t, Pairing::new(c, a), GameResult::Draw, 60);
        play(&mut t, Pairing::new(a, b), GameResult::Draw, 10);
        // An unfinished game counts for nothing.
        t.add_game(1, Pairing::new(c, a)).unwrap();
        let s = sheet(&t, a);
        // 2, 2, then on fire 4 + 1 berserk, draw on fire 2, quick draw 0.
        assert_eq!(s.scores, [2, 2, 5, 2, 0]);
        assert_eq!(s.points, 11);
        assert!(!s.on_fire);
        assert_eq!(s.berserks, 1);
        // Opponents 1600, 1700, 1600, 1700, 1600: mean 1640; +500 x3 wins
        // -> (8200 + 1500) / 5 = 1940.
        assert_eq!(s.performance, Some(1940));
        assert_eq!(ranking(&t)[0].player, a);
    }

    #[test]
    fn pairs_by_rank_avoiding_last_opponent() {
        let (mut t, ids) = arena(4);
        // a3 beats a2, a1 beats a0: ranking a3, a1 (2 points; performance
        // 1700+500 and 1500+500), then a2 (1800-500), a0 (1600-500).
        play(
            &mut t,
            Pairing::new(ids[3], ids[2]),
            GameResult::WhiteWins,
            40,
        );
        play(
            &mut t,
            Pairing::new(ids[1], ids[0]),
            GameResult::WhiteWins,
            40,
        );
        let p = pair_waiting(&t, &ids, 0).unwrap();
        // a3 with a1 (neighbours), then a2 with a0.
        assert_eq!(p.len(), 2);
        assert!(p[0].involves(ids[3]) && p[0].involves(ids[1]));
        assert!(p[1].involves(ids[2]) && p[1].involves(ids[0]));
        // Only a3 and a2 free: they just played, so they wait.
        assert!(pair_waiting(&t, &[ids[3], ids[2]], 0).unwrap().is_empty());
        // a2 and a0 were both black last: equal histories, so by lot;
        // the lot is drawn from the seed, so it is the same every time.
        assert_eq!(pair_waiting(&t, &ids, 0).unwrap(), p);
    }

    #[test]
    fn two_players_play_again() {
        let (mut t, ids) = arena(2);
        play(&mut t, Pairing::new(ids[0], ids[1]), GameResult::Draw, 40);
        let p = pair_waiting(&t, &ids, 0).unwrap();
        // The one who had black gets white.
        assert_eq!(p, [Pairing::new(ids[1], ids[0])]);
    }

    #[test]
    fn small_fields_keep_everyone_busy() {
        for n in 2..=5 {
            let (mut t, ids) = arena(n);
            for wave in 0..6 {
                let free: Vec<PlayerId> = ids
                    .iter()
                    .copied()
                    .filter(|&p| t.pending_game(p).is_none())
                    .collect();
                let p = pair_waiting(&t, &free, wave).unwrap();
                // Somebody always gets a game, and nobody twice.
                assert!(!p.is_empty(), "n={n} wave={wave}");
                let mut seen: Vec<PlayerId> = p.iter().flat_map(|g| [g.white, g.black]).collect();
                seen.sort();
                seen.dedup();
                assert_eq!(seen.len(), p.len() * 2);
                for g in p {
                    t.add_game(1, g).unwrap();
                    t.record_result(g.white, g.black, GameResult::WhiteWins, 30)
                        .unwrap();
                }
            }
        }
    }

    #[test]
    fn ignores_busy_and_withdrawn_players() {
        let (mut t, ids) = arena(4);
        t.add_game(1, Pairing::new(ids[0], ids[1])).unwrap();
        t.leave(ids[3]).unwrap();
        assert!(pair_waiting(&t, &ids, 0).unwrap().is_empty());
    }
}
