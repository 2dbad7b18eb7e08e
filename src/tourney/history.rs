//! Each player's tournament read round by round: the view that pairing,
//! tie-breaks and the TRF writer share.

use super::{ByeKind, Color, GameResult, PlayerId, Points, Tournament};

/// What one player did in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    Game {
        opponent: PlayerId,
        colour: Color,
        /// `None` while the game is in progress.
        result: Option<GameResult>,
    },
    Bye(ByeKind),
    /// Not paired: not yet joined, withdrawn, or a round still to come.
    Absent,
}

impl Entry {
    /// Points scored in this round (nothing for a game in progress).
    pub(crate) fn points(self) -> Points {
        match self {
            Entry::Game {
                colour,
                result: Some(r),
                ..
            } => r.points(colour),
            Entry::Bye(kind) => kind.points(),
            _ => Points::ZERO,
        }
    }

    /// The opponent and colour of a game really played (or being played):
    /// forfeits do not count as games for colours and rematches.
    pub(crate) fn played(self) -> Option<(PlayerId, Color)> {
        match self {
            Entry::Game {
                opponent,
                colour,
                result,
            } if !result.is_some_and(GameResult::is_forfeit) => Some((opponent, colour)),
            _ => None,
        }
    }
}

/// One player's rounds, `rounds[r - 1]` for round `r`.
#[derive(Clone, Debug)]
pub(crate) struct Record {
    pub(crate) id: PlayerId,
    pub(crate) rounds: Vec<Entry>,
}

impl Record {
    pub(crate) fn points(&self) -> Points {
        Points(self.rounds.iter().map(|e| e.points().0).sum())
    }

    /// Points after the rounds before `round`.
    pub(crate) fn points_before(&self, round: u32) -> Points {
        let n = (round.saturating_sub(1) as usize).min(self.rounds.len());
        Points(self.rounds[..n].iter().map(|e| e.points().0).sum())
    }

    /// Colours of the games played, oldest first.
    pub(crate) fn colours(&self) -> Vec<Color> {
        self.rounds
            .iter()
            .filter_map(|e| e.played().map(|(_, c)| c))
            .collect()
    }

    pub(crate) fn has_met(&self, other: PlayerId) -> bool {
        self.rounds
            .iter()
            .any(|e| e.played().is_some_and(|(o, _)| o == other))
    }

    /// True after a pairing-allocated bye or a win by forfeit: FIDE's C2
    /// forbids a second one.
    pub(crate) fn had_full_point_unplayed(&self) -> bool {
        self.rounds.iter().any(|e| match *e {
            Entry::Bye(ByeKind::Full) => true,
            Entry::Game {
                colour,
                result: Some(r),
                ..
            } => r.is_forfeit() && r.winner() == Some(colour),
            _ => false,
        })
    }
}

/// The records of every player of `t`, in the order of `t.players()`, for
/// rounds 1 to `t.current_round()`.
pub(crate) fn records(t: &Tournament) -> Vec<Record> {
    let n = t.current_round() as usize;
    let mut out: Vec<Record> = t
        .players()
        .iter()
        .map(|p| Record {
            id: p.id,
            rounds: vec![Entry::Absent; n],
        })
        .collect();
    let index = |id: PlayerId| t.players().iter().position(|p| p.id == id);
    for g in t.games() {
        let r = g.round as usize;
        if r == 0 || r > n {
            continue;
        }
        for (me, opponent, colour) in [
            (g.white, g.black, Color::White),
            (g.black, g.white, Color::Black),
        ] {
            if let Some(i) = index(me) {
                out[i].rounds[r - 1] = Entry::Game {
                    opponent,
                    colour,
                    result: g.result,
                };
            }
        }
    }
    for b in t.byes() {
        let r = b.round as usize;
        if let (Some(i), true) = (index(b.player), (1..=n).contains(&r)) {
            out[i].rounds[r - 1] = Entry::Bye(b.kind);
        }
    }
    out
}
