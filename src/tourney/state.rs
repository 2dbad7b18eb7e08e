//! The tournament state: players, games and byes, and the few changes the
//! server makes to it. Every other value is computed from these rows.

use super::{Bye, ByeKind, Error, Format, GameResult, Pairing, PlayerId, RoundPairing};

/// One entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    /// The rating at entry; it orders pairing numbers and seeds. 0 means
    /// none: a registered player without a rated game (guests never
    /// enter tournaments).
    pub rating: i32,
    /// The first round this player can be paired in (1 = from the start).
    pub joined: u32,
    /// The first round this player is no longer paired in, once withdrawn.
    pub withdrawn: Option<u32>,
}

impl Player {
    /// The rating as the tables print it: the number, or `----` for a
    /// player who has none, as `who` and `sought` show them.
    pub fn rating_text(&self) -> String {
        if self.rating > 0 {
            self.rating.to_string()
        } else {
            "----".to_string()
        }
    }

    /// True when the player takes part in `round`.
    pub fn active_in(&self, round: u32) -> bool {
        self.joined <= round && self.withdrawn.is_none_or(|w| round < w)
    }
}

/// One game, in progress (`result` is `None`) or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub round: u32,
    pub white: PlayerId,
    pub black: PlayerId,
    pub result: Option<GameResult>,
    /// Half-moves played (arena: quick draws score nothing, berserk needs 14).
    pub plies: u32,
    pub berserk_white: bool,
    pub berserk_black: bool,
    /// 0 for the first game to finish, 1 for the next... (arena streaks).
    pub finished: Option<u32>,
}

impl Game {
    pub fn pairing(&self) -> Pairing {
        Pairing::new(self.white, self.black)
    }

    /// The other player, when `p` plays in this game.
    pub fn opponent(&self, p: PlayerId) -> Option<PlayerId> {
        if self.white == p {
            Some(self.black)
        } else if self.black == p {
            Some(self.white)
        } else {
            None
        }
    }
}

/// A tournament: its format, its seed and its rows. See the module doc.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    format: Format,
    seed: u64,
    players: Vec<Player>,
    games: Vec<Game>,
    byes: Vec<Bye>,
}

impl Tournament {
    /// An empty tournament. `seed` decides every drawing of lots.
    pub fn new(format: Format, seed: u64) -> Tournament {
        Tournament {
            format,
            seed,
            players: Vec::new(),
            games: Vec::new(),
            byes: Vec::new(),
        }
    }

    /// Rebuilds a tournament from stored rows, checking they agree.
    pub fn from_rows(
        format: Format,
        seed: u64,
        players: Vec<Player>,
        games: Vec<Game>,
        byes: Vec<Bye>,
    ) -> Result<Tournament, Error> {
        let t = Tournament {
            format,
            seed,
            players,
            games,
            byes,
        };
        for (i, p) in t.players.iter().enumerate() {
            if t.players[..i].iter().any(|q| q.id == p.id) {
                return Err(Error::BadRows(format!("player {} twice", p.id)));
            }
        }
        for g in &t.games {
            if g.white == g.black {
                return Err(Error::BadRows(format!("{} plays himself", g.white)));
            }
            for p in [g.white, g.black] {
                t.player(p).ok_or(Error::UnknownPlayer(p))?;
                let pending = t
                    .games
                    .iter()
                    .filter(|h| h.result.is_none() && (h.white == p || h.black == p));
                if pending.count() > 1 {
                    return Err(Error::BadRows(format!("{p} has two games in progress")));
                }
            }
        }
        for b in &t.byes {
            t.player(b.player).ok_or(Error::UnknownPlayer(b.player))?;
        }
        Ok(t)
    }

    pub fn format(&self) -> Format {
        self.format
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn games(&self) -> &[Game] {
        &self.games
    }

    pub fn byes(&self) -> &[Bye] {
        &self.byes
    }

    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// Finds a player by handle, ignoring case as FICS does.
    pub fn player_by_name(&self, name: &str) -> Option<&Player> {
        self.players
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// The highest round that has a game or a bye (0 before the start).
    pub fn current_round(&self) -> u32 {
        let g = self.games.iter().map(|g| g.round).max().unwrap_or(0);
        let b = self.byes.iter().map(|b| b.round).max().unwrap_or(0);
        g.max(b)
    }

    /// True once any game or bye exists.
    pub fn started(&self) -> bool {
        self.current_round() > 0
    }

    /// True when no game of `round` is still in progress.
    pub fn round_finished(&self, round: u32) -> bool {
        self.games
            .iter()
            .all(|g| g.round != round || g.result.is_some())
    }

    /// The index of the game `p` is playing now, if any.
    pub fn pending_game(&self, p: PlayerId) -> Option<usize> {
        self.games
            .iter()
            .position(|g| g.result.is_none() && (g.white == p || g.black == p))
    }

    /// Adds a player. Before the start anyone may join. Afterwards only a
    /// Swiss accepts late entrants, while at most half of its rounds are
    /// paired; the rounds they missed count as half-point byes. An arena is
    /// open until the end.
    pub fn join(&mut self, name: &str, rating: i32) -> Result<PlayerId, Error> {
        if self.player_by_name(name).is_some() {
            return Err(Error::AlreadyJoined(name.to_string()));
        }
        let current = self.current_round();
        let joined = match self.format {
            _ if current == 0 => 1,
            Format::Arena => 1,
            Format::Swiss { rounds } if current < rounds && current * 2 <= rounds => current + 1,
            _ => return Err(Error::JoinClosed),
        };
        let id = PlayerId(self.players.iter().map(|p| p.id.0).max().unwrap_or(0) + 1);
        self.players.push(Player {
            id,
            name: name.to_string(),
            rating,
            joined,
            withdrawn: None,
        });
        for round in 1..joined {
            self.byes.push(Bye {
                round,
                player: id,
                kind: ByeKind::Half,
            });
        }
        Ok(id)
    }

    /// Takes a player out. Before the start the entry is simply removed;
    /// afterwards the player is withdrawn: not paired from the next round
    /// on, keeping the points scored. A game in progress is left to the
    /// server to finish or forfeit.
    pub fn leave(&mut self, id: PlayerId) -> Result<(), Error> {
        let current = self.current_round();
        let pos = self
            .players
            .iter()
            .position(|p| p.id == id)
            .ok_or(Error::UnknownPlayer(id))?;
        if current == 0 {
            self.players.remove(pos);
            return Ok(());
        }
        let p = &mut self.players[pos];
        if p.withdrawn.is_some() {
            return Err(Error::AlreadyWithdrawn(id));
        }
        p.withdrawn = Some(current + 1);
        Ok(())
    }

    /// Records a whole round (Swiss, round robin): its games start in
    /// progress, its byes are scored at once.
    pub fn add_round(&mut self, rp: &RoundPairing) -> Result<(), Error> {
        let current = self.current_round();
        if rp.round != current + 1 {
            return Err(Error::BadRound(rp.round));
        }
        if !self.round_finished(current) {
            return Err(Error::RoundInProgress);
        }
        let mut seen = Vec::new();
        let named = rp
            .games
            .iter()
            .flat_map(|g| [g.white, g.black])
            .chain(rp.byes.iter().map(|b| b.player));
        for p in named {
            self.player(p).ok_or(Error::UnknownPlayer(p))?;
            if seen.contains(&p) {
                return Err(Error::BadRound(rp.round));
            }
            seen.push(p);
        }
        for g in &rp.games {
            self.games.push(new_game(rp.round, *g));
        }
        for b in &rp.byes {
            self.byes.push(Bye {
                round: rp.round,
                ..*b
            });
        }
        Ok(())
    }

    /// Starts one game (arena, knockout). Returns its index.
    pub fn add_game(&mut self, round: u32, p: Pairing) -> Result<usize, Error> {
        if p.white == p.black {
            return Err(Error::BadRound(round));
        }
        for id in [p.white, p.black] {
            self.player(id).ok_or(Error::UnknownPlayer(id))?;
            if self.pending_game(id).is_some() {
                return Err(Error::Busy(id));
            }
        }
        self.games.push(new_game(round, p));
        Ok(self.games.len() - 1)
    }

    /// Records the result of the game in progress between `white` and
    /// `black`. Returns the game's index.
    pub fn record_result(
        &mut self,
        white: PlayerId,
        black: PlayerId,
        result: GameResult,
        plies: u32,
    ) -> Result<usize, Error> {
        let order = self.games.iter().filter(|g| g.finished.is_some()).count() as u32;
        let i = self
            .games
            .iter()
            .position(|g| g.result.is_none() && g.white == white && g.black == black)
            .ok_or(Error::NoSuchGame)?;
        let g = &mut self.games[i];
        g.result = Some(result);
        g.plies = plies;
        g.finished = Some(order);
        Ok(i)
    }

    /// Marks that `player` berserks in the game in progress (arena). Whether
    /// it is still allowed (before the player's first move) is the server's
    /// call; this only records it.
    pub fn berserk(&mut self, player: PlayerId) -> Result<usize, Error> {
        if self.format != Format::Arena {
            return Err(Error::WrongFormat);
        }
        let i = self.pending_game(player).ok_or(Error::NoSuchGame)?;
        let g = &mut self.games[i];
        if g.white == player {
            g.berserk_white = true;
        } else {
            g.berserk_black = true;
        }
        Ok(i)
    }
}

fn new_game(round: u32, p: Pairing) -> Game {
    Game {
        round,
        white: p.white,
        black: p.black,
        result: None,
        plies: 0,
        berserk_white: false,
        berserk_black: false,
        finished: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swiss(rounds: u32) -> Tournament {
        Tournament::new(Format::Swiss { rounds }, 7)
    }

    #[test]
    fn late_entrant_gets_half_point_byes_until_half_the_rounds() {
        let mut t = swiss(5);
        let a = t.join("a", 1500).unwrap();
        let b = t.join("b", 1400).unwrap();
        let rp = RoundPairing {
            round: 1,
            games: vec![Pairing::new(a, b)],
            byes: vec![],
        };
        t.add_round(&rp).unwrap();
        let c = t.join("c", 1300).unwrap();
        assert_eq!(t.player(c).unwrap().joined, 2);
        assert_eq!(
            t.byes(),
            &[Bye {
                round: 1,
                player: c,
                kind: ByeKind::Half
            }]
        );
        t.record_result(a, b, GameResult::Draw, 40).unwrap();
        t.add_round(&RoundPairing {
            round: 2,
            games: vec![Pairing::new(b, a)],
            byes: vec![],
        })
        .unwrap();
        // 2 of 5 rounds paired: 2 * 2 <= 5, still open.
        t.join("d", 1200).unwrap();
        t.record_result(b, a, GameResult::Draw, 40).unwrap();
        t.add_round(&RoundPairing {
            round: 3,
            games: vec![Pairing::new(a, b)],
            byes: vec![],
        })
        .unwrap();
        assert_eq!(t.join("e", 1100), Err(Error::JoinClosed));
        assert_eq!(t.join("A", 1100), Err(Error::AlreadyJoined("A".into())));
    }

    #[test]
    fn leaving_before_the_start_removes_after_withdraws() {
        let mut t = swiss(3);
        let a = t.join("a", 1500).unwrap();
        let b = t.join("b", 1500).unwrap();
        let c = t.join("c", 1500).unwrap();
        t.leave(c).unwrap();
        assert!(t.player(c).is_none());
        t.add_round(&RoundPairing {
            round: 1,
            games: vec![Pairing::new(a, b)],
            byes: vec![],
        })
        .unwrap();
        t.leave(a).unwrap();
        assert_eq!(t.player(a).unwrap().withdrawn, Some(2));
        assert!(t.player(a).unwrap().active_in(1));
        assert!(!t.player(a).unwrap().active_in(2));
        assert_eq!(t.leave(a), Err(Error::AlreadyWithdrawn(a)));
    }

    #[test]
    fn rounds_must_follow_and_finish() {
        let mut t = swiss(3);
        let a = t.join("a", 1500).unwrap();
        let b = t.join("b", 1500).unwrap();
        let r1 = RoundPairing {
            round: 1,
            games: vec![Pairing::new(a, b)],
            byes: vec![],
        };
        assert_eq!(
            t.add_round(&RoundPairing {
                round: 2,
                ..r1.clone()
            }),
            Err(Error::BadRound(2))
        );
        t.add_round(&r1).unwrap();
        let r2 = RoundPairing {
            round: 2,
            games: vec![Pairing::new(b, a)],
            byes: vec![],
        };
        assert_eq!(t.add_round(&r2), Err(Error::RoundInProgress));
        assert_eq!(
            t.record_result(b, a, GameResult::Draw, 0),
            Err(Error::NoSuchGame)
        );
        t.record_result(a, b, GameResult::WhiteWins, 30).unwrap();
        t.add_round(&r2).unwrap();
        let again = Tournament::from_rows(
            t.format(),
            t.seed(),
            t.players().to_vec(),
            t.games().to_vec(),
            t.byes().to_vec(),
        )
        .unwrap();
        assert_eq!(again, t);
    }

    #[test]
    fn one_game_at_a_time() {
        let mut t = Tournament::new(Format::Arena, 1);
        let a = t.join("a", 1500).unwrap();
        let b = t.join("b", 1500).unwrap();
        let c = t.join("c", 1500).unwrap();
        t.add_game(1, Pairing::new(a, b)).unwrap();
        assert_eq!(t.add_game(1, Pairing::new(c, a)), Err(Error::Busy(a)));
        t.berserk(b).unwrap();
        assert!(t.games()[0].berserk_black);
        assert_eq!(t.berserk(c), Err(Error::NoSuchGame));
    }
}
