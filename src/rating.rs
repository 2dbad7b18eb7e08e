//! Atomic ratings: Glicko as FICS runs it, and the ways FICS prints them.
//!
//! One `Atomic` pool for every time control (docs/protocol.md decision 7). The update itself
//! is [`skillratings::glicko`]; around it sit the FICS rules that Glickman's
//! paper leaves open, taken from FICS's `help glicko`, `help rating_changes`
//! and the C sources (lasker-2.2.3 `src/ratings.c`, FICS 1.6.2
//! `FICS/ratings.c`):
//!
//! * **Start**: 1500 with RD 350 (FICS starts at 1720; docs/protocol.md decision 7 says 1500).
//! * **Idle growth**: FICS's own formula, not Glickman's rating periods:
//!   `RD' = min(350, sqrt(RD² + D²·ln(1 + t)))`, `t` = minutes since the last
//!   rated game, `D` = [`RD_GROWTH_D`] = 1.483 (lasker's `Gd`; FICS 1.6.2 had
//!   3.25 before the 1997 change that "slowed down" growth). Logarithmic
//!   growth is slow: RD 50 becomes 50.3 after a year away. skillratings'
//!   `decay_deviation` is not used; its per-game decay is switched off
//!   (`c = 0`) because the FICS growth is applied first.
//! * **No RD floor.** FICS has none; what keeps established ratings moving
//!   is a floor on K instead ([`MIN_K`] = 16, `help rating_changes`, April
//!   1997), so that a game between equals is always worth at least 8 points.
//!   The real FICS figures in `help assess` and in PyChess's captures only
//!   come out with it (see the tests).
//! * **Whole numbers**: FICS keeps ratings as integers and rounds each change
//!   half away from zero, so the preview, the adjustment line and the stored
//!   rating always agree.
//! * **Provisional** while RD > 80 ([`PROVISIONAL_RD`]), shown as `P`; a new
//!   best rating is recorded only when the new rating is not provisional
//!   (`help rating_changes`: "RD of at most 80.0 … to be included in the
//!   best list").
//! * FICS's `E` (estimated) marks a rating not earned in its category, e.g.
//!   carried over from another server; atomicd never estimates, so it never
//!   prints `E`.

use skillratings::Outcomes;
use skillratings::glicko::{GlickoConfig, GlickoRating, glicko};

/// A new player's rating.
pub const START_RATING: f64 = 1500.0;
/// A new player's RD, and the most any RD can grow to.
pub const MAX_RD: f64 = 350.0;
/// A rating is provisional (`P`) while its RD is above this.
pub const PROVISIONAL_RD: f64 = 80.0;
/// FICS's `Gd`: RD grows as `sqrt(RD² + Gd²·ln(1 + idle minutes))`.
pub const RD_GROWTH_D: f64 = 1.483;
/// The smallest K factor (points per unit of score) FICS applies.
pub const MIN_K: f64 = 16.0;
/// Stored RDs are read as at least this: real ones never come near it, and
/// below it the K factor read back from skillratings loses precision.
const MIN_RD: f64 = 1.0;

/// A player's atomic rating record.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The rating, a whole number (see the module notes).
    pub rating: f64,
    /// The rating deviation after the last rated game.
    pub rd: f64,
    /// When the last rated game ended, Unix seconds; `None` before the first.
    pub last_game: Option<i64>,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The best non-provisional rating and when it was reached (Unix secs).
    pub best: Option<(i32, i64)>,
}

impl Default for Rating {
    fn default() -> Self {
        Self::new()
    }
}

impl Rating {
    /// A player who has never played a rated game: 1500, RD 350.
    pub fn new() -> Self {
        Rating {
            rating: START_RATING,
            rd: MAX_RD,
            last_game: None,
            wins: 0,
            losses: 0,
            draws: 0,
            best: None,
        }
    }

    /// Rated games played.
    pub fn total(&self) -> u32 {
        self.wins
            .saturating_add(self.losses)
            .saturating_add(self.draws)
    }

    /// Whether the rating shows as provisional (`P`): RD above 80, read from
    /// the stored RD (idle growth under FICS's formula is too slow to change
    /// the answer between two looks).
    pub fn is_provisional(&self) -> bool {
        sane_rd(self.rd) > PROVISIONAL_RD
    }

    /// The rating as the whole number FICS shows.
    pub fn whole(&self) -> i32 {
        whole(self.rating)
    }
}

/// The result of a game, as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    /// From a game's result as written (`1-0`, `0-1`, `1/2-1/2`); None for
    /// a game that was not decided (`*`).
    pub fn from_score(score: &str) -> Option<GameResult> {
        match score {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }
}

/// The RD a rating has at `now` (Unix secs): the stored RD grown with the
/// time since the last rated game by FICS's formula, capped at 350. A clock
/// earlier than the last game counts as no time at all.
pub fn rd_now(r: &Rating, now: i64) -> f64 {
    let rd = sane_rd(r.rd);
    let Some(last) = r.last_game else {
        return rd;
    };
    let idle_minutes = now.saturating_sub(last).max(0) as f64 / 60.0;
    (rd * rd + RD_GROWTH_D * RD_GROWTH_D * idle_minutes.ln_1p())
        .sqrt()
        .min(MAX_RD)
}

/// Both ratings after a rated game that ended at `now` (Unix secs):
/// ratings, RDs, win/loss/draw counters, the last game time and the best
/// rating. Each side is computed from both pre-game ratings.
pub fn after_game(
    white: &Rating,
    black: &Rating,
    result: GameResult,
    now: i64,
) -> (Rating, Rating) {
    let (w, b) = (glicko_now(white, now), glicko_now(black, now));
    let (white_score, black_score) = match result {
        GameResult::WhiteWins => (Score::Win, Score::Loss),
        GameResult::BlackWins => (Score::Loss, Score::Win),
        GameResult::Draw => (Score::Draw, Score::Draw),
    };
    (
        updated(white, &Assessment::of(w, b), white_score, now),
        updated(black, &Assessment::of(b, w), black_score, now),
    )
}

/// What a rated game would do to `me`'s rating: the change for each result
/// and the RD after the game (the same for all three).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preview {
    pub win: i32,
    pub draw: i32,
    pub loss: i32,
    pub new_rd: f64,
}

/// The preview shown with `Issuing:` and `Challenge:` (docs/protocol.md §4.1), as of `now`.
pub fn preview(me: &Rating, opponent: &Rating, now: i64) -> Preview {
    let a = Assessment::of(glicko_now(me, now), glicko_now(opponent, now));
    Preview {
        win: a.delta(Score::Win),
        draw: a.delta(Score::Draw),
        loss: a.delta(Score::Loss),
        new_rd: a.new_rd,
    }
}

/// The two lines of docs/protocol.md §4.1, joined by `\n`, without a final newline:
///
/// ```text
/// Your atomic rating will change:  Win: +6,  Draw: -2,  Loss: -10
/// Your new RD will be 22.9
/// ```
///
/// A zero change reads `+0`, as on FICS.
pub fn format_preview_lines(p: &Preview) -> String {
    format!(
        "Your atomic rating will change:  Win: {:+},  Draw: {:+},  Loss: {:+}\nYour new RD will be {:.1}",
        p.win, p.draw, p.loss, p.new_rd
    )
}

/// The line players get after a rated game (docs/protocol.md §5.8; xboard matches
/// `* rating adjustment: * --> *`), without a newline.
pub fn adjustment_line(old: i32, new: i32) -> String {
    format!("Atomic rating adjustment: {old} --> {new}")
}

/// How a player's atomic rating prints in lists and announcements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingDisplay {
    /// A guest: `++++`.
    Guest,
    /// A registered player without a rated game: `----`.
    Unrated,
    /// A rated player; `provisional` adds `P` where the format has room.
    Rated { rating: i32, provisional: bool },
}

impl RatingDisplay {
    /// How a registered player's record displays.
    pub fn of(r: &Rating) -> Self {
        if r.total() == 0 {
            RatingDisplay::Unrated
        } else {
            RatingDisplay::Rated {
                rating: r.whole(),
                provisional: r.is_provisional(),
            }
        }
    }

    /// The fixed four-character column of `who`, `games` and `sought`
    /// (`%4s`): `1500`, ` 943`, `----`, `++++`, never a `P` (PyChess reads
    /// these columns with `[\d+\- ]{1,4}`).
    pub fn column(&self) -> String {
        match self {
            RatingDisplay::Guest => "++++".to_owned(),
            RatingDisplay::Unrated => "----".to_owned(),
            RatingDisplay::Rated { rating, .. } => format!("{rating:4}"),
        }
    }

    /// The text between the parentheses after a name in `Creating:`,
    /// `Challenge:`, `Issuing:`, seek ads, `<pf>`/`<pt>` `p=`, the `observe`
    /// and `moves` headers: the column form with `P` when provisional
    /// (`( 943)`, `(1500P)`, `(----)`, `(++++)`). PyChess's regexes for
    /// these lines allow `[0-9 \-+]{1,4}[P E]?`.
    pub fn parenthesised(&self) -> String {
        match self {
            RatingDisplay::Rated {
                provisional: true, ..
            } => format!("{}P", self.column()),
            _ => self.column(),
        }
    }

    /// The `rt=` field of `<s>`/`<sn>` seek lines: the number and one
    /// status character, space when established (`rt=2194 `), `P` when
    /// provisional; players without a rating get `0P` as on FICS.
    pub fn seekinfo(&self) -> String {
        match self {
            RatingDisplay::Guest | RatingDisplay::Unrated => "0P".to_owned(),
            RatingDisplay::Rated {
                rating,
                provisional,
            } => format!("{rating}{}", if *provisional { 'P' } else { ' ' }),
        }
    }

    /// One rating of the `<g1>` `rt=` field: an integer with an optional
    /// `P` (`1500P`, `2100`); `0` without a rating (Jin's parseInt fails on
    /// `++++`).
    pub fn gameinfo(&self) -> String {
        match self {
            RatingDisplay::Guest | RatingDisplay::Unrated => "0".to_owned(),
            RatingDisplay::Rated {
                rating,
                provisional: true,
            } => format!("{rating}P"),
            RatingDisplay::Rated { rating, .. } => rating.to_string(),
        }
    }
}

/// One side's result.
#[derive(Clone, Copy)]
enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    fn points(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }
}

/// One player's side of a game, as FICS's `rating_sterr_delta` computes it:
/// the K factor (floored at [`MIN_K`]), the expected score and the new RD.
struct Assessment {
    k: f64,
    expected: f64,
    new_rd: f64,
}

impl Assessment {
    /// Runs skillratings' Glicko for a win and for a loss and reads K and E
    /// back from the two results: a win moves the rating by `K·(1 − E)`, a
    /// loss by `−K·E`, so their difference is K and the loss gives E. Then
    /// FICS's floor on K applies.
    fn of(me: GlickoRating, opponent: GlickoRating) -> Self {
        // c = 0: the RDs already carry FICS's idle growth.
        let config = GlickoConfig { c: 0.0 };
        let (win, _) = glicko(&me, &opponent, &Outcomes::WIN, &config);
        let (loss, _) = glicko(&me, &opponent, &Outcomes::LOSS, &config);
        let k = win.rating - loss.rating;
        Assessment {
            k: k.max(MIN_K),
            expected: (me.rating - loss.rating) / k,
            new_rd: win.deviation,
        }
    }

    /// The rating change for a result, rounded as FICS does.
    fn delta(&self, score: Score) -> i32 {
        // f64::round is half away from zero; `as` saturates (NaN gives 0).
        (self.k * (score.points() - self.expected)).round() as i32
    }
}

/// The Glicko view of a record at `now`: whole rating, grown RD.
fn glicko_now(r: &Rating, now: i64) -> GlickoRating {
    GlickoRating {
        rating: f64::from(r.whole()),
        deviation: rd_now(r, now),
    }
}

fn updated(old: &Rating, a: &Assessment, score: Score, now: i64) -> Rating {
    let rating = old.whole().saturating_add(a.delta(score));
    let mut new = Rating {
        rating: f64::from(rating),
        rd: a.new_rd,
        last_game: Some(now),
        ..old.clone()
    };
    match score {
        Score::Win => new.wins = new.wins.saturating_add(1),
        Score::Draw => new.draws = new.draws.saturating_add(1),
        Score::Loss => new.losses = new.losses.saturating_add(1),
    }
    if !new.is_provisional() && new.best.is_none_or(|(best, _)| rating > best) {
        new.best = Some((rating, now));
    }
    new
}

/// Rounds half away from zero like FICS's `Round`; a stored value that is
/// not a number reads as the start rating.
fn whole(x: f64) -> i32 {
    let x = if x.is_finite() { x } else { START_RATING };
    x.round() as i32 // saturates at the i32 bounds
}

/// A stored RD made safe to compute with: in `MIN_RD..=MAX_RD`, 350 when
/// it is not a number.
fn sane_rd(rd: f64) -> f64 {
    if rd.is_nan() {
        MAX_RD
    } else {
        rd.clamp(MIN_RD, MAX_RD)
    }
}
