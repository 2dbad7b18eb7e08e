//! What the bot agrees to: which challenges it accepts, which draw offers,
//! and when it has played enough. Pure decisions from the operator's
//! settings; the session carries them out.

use super::fics::Challenge;

/// An engine's evaluation, from the side to move's point of view (UCI
/// `score cp N` / `score mate N`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Centipawns(i32),
    /// Mate in N moves; negative when the engine is being mated.
    Mate(i32),
}

impl Score {
    /// Reads the score of a UCI `info` line, if it has one.
    pub fn from_info(line: &str) -> Option<Score> {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return None;
        }
        while let Some(w) = words.next() {
            if w == "score" {
                let kind = words.next()?;
                let n: i32 = words.next()?.parse().ok()?;
                return match kind {
                    "cp" => Some(Score::Centipawns(n)),
                    "mate" => Some(Score::Mate(n)),
                    _ => None,
                };
            }
        }
        None
    }

    /// For comparisons: a mate is worth more than any material.
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Centipawns(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }

    /// As people read it: `+0.35`, `-1.20`, `mate 3`, `mate -2`.
    pub fn text(self) -> String {
        match self {
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let cp = cp.unsigned_abs();
                format!("{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Score::Mate(n) => format!("mate {n}"),
        }
    }
}

/// The operator's settings that decide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    pub accept_rated: bool,
    pub accept_unrated: bool,
    /// Games to play before the bot logs out and stops.
    pub max_games: Option<u32>,
    /// Accept a draw offer when the engine's last evaluation for the bot is
    /// at most this many centipawns.
    pub draw_at_most: i32,
}

/// The answer to a challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Accept,
    /// Declined, and why (for the log and a tell).
    Decline(String),
}

impl Policy {
    /// Reads `--accept rated,unrated` (or `none`).
    pub fn parse_accept(text: &str) -> Result<(bool, bool), String> {
        let (mut rated, mut unrated) = (false, false);
        for word in text.split(',').map(str::trim) {
            match word.to_ascii_lowercase().as_str() {
                "rated" | "r" => rated = true,
                "unrated" | "u" => unrated = true,
                "none" | "" => {}
                other => {
                    return Err(format!(
                        "--accept takes rated, unrated or none, not \"{other}\""
                    ));
                }
            }
        }
        Ok((rated, unrated))
    }

    /// Whether the bot has played all the games it was asked to.
    pub fn done(&self, played: u32) -> bool {
        self.max_games.is_some_and(|max| played >= max)
    }

    /// The answer to `c`, given whether the bot is playing now, how many
    /// games it has played, and whether its engine is ready.
    pub fn answer(&self, c: &Challenge, playing: bool, played: u32, engine_ready: bool) -> Answer {
        if c.adjourned {
            // Finishing a game already begun is always welcome.
            return if playing {
                Answer::Decline("I am playing another game. Resume later.".into())
            } else {
                Answer::Accept
            };
        }
        if playing {
            return Answer::Decline("I am playing another game.".into());
        }
        if self.done(played) {
            return Answer::Decline("I have played all the games I was asked to.".into());
        }
        if !engine_ready {
            return Answer::Decline("my engine is not ready.".into());
        }
        // Atomic960 is atomic with Chess960 castling, which the engine
        // plays with `UCI_Chess960` (the session checks it has it).
        if !["atomic", "atomic960"]
            .iter()
            .any(|v| c.variant.eq_ignore_ascii_case(v))
        {
            return Answer::Decline(format!("I only play atomic, not {}.", c.variant));
        }
        match (c.rated, self.accept_rated, self.accept_unrated) {
            (true, false, false) | (false, false, false) => {
                Answer::Decline("I do not accept challenges. Answer my seeks instead.".into())
            }
            (true, false, true) => Answer::Decline("I only play unrated games.".into()),
            (false, true, false) => Answer::Decline("I only play rated games.".into()),
            _ => Answer::Accept,
        }
    }

    /// Whether to accept a draw offer, given the engine's last evaluation
    /// for the bot (none yet: play on).
    pub fn accept_draw(&self, last: Option<Score>) -> bool {
        last.is_some_and(|s| s.centipawns() <= self.draw_at_most)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn challenge(rated: bool) -> Challenge {
        Challenge {
            from: "Alice".into(),
            to: "Robo".into(),
            rated,
            variant: "atomic".into(),
            minutes: 3,
            inc: 0,
            color: None,
            adjourned: false,
        }
    }

    fn policy(accept: &str, max_games: Option<u32>) -> Policy {
        let (accept_rated, accept_unrated) = Policy::parse_accept(accept).unwrap();
        Policy {
            accept_rated,
            accept_unrated,
            max_games,
            draw_at_most: -150,
        }
    }

    #[test]
    fn scores_from_info_lines() {
        assert_eq!(
            Score::from_info("info depth 12 seldepth 20 score cp -35 nodes 100 pv e2e4"),
            Some(Score::Centipawns(-35))
        );
        assert_eq!(
            Score::from_info("info score mate -3 pv a1a2"),
            Some(Score::Mate(-3))
        );
        assert_eq!(Score::from_info("info string hello"), None);
        assert_eq!(Score::from_info("bestmove e2e4"), None);
        assert_eq!(Score::from_info("info score cp x"), None);
        assert_eq!(Score::Centipawns(35).text(), "+0.35");
        assert_eq!(Score::Centipawns(-120).text(), "-1.20");
        assert_eq!(Score::Centipawns(-5).text(), "-0.05");
        assert_eq!(Score::Mate(3).text(), "mate 3");
        assert!(Score::Mate(-2).centipawns() < Score::Centipawns(-5000).centipawns());
        assert!(Score::Mate(5).centipawns() > Score::Mate(9).centipawns());
    }

    #[test]
    fn challenges_are_accepted_as_the_operator_said() {
        let both = policy("rated,unrated", Some(2));
        assert_eq!(
            both.answer(&challenge(true), false, 0, true),
            Answer::Accept
        );
        assert_eq!(
            both.answer(&challenge(false), false, 1, true),
            Answer::Accept
        );
        assert!(matches!(
            both.answer(&challenge(false), false, 2, true),
            Answer::Decline(_)
        ));
        assert!(matches!(
            both.answer(&challenge(false), true, 0, true),
            Answer::Decline(_)
        ));
        assert!(matches!(
            both.answer(&challenge(false), false, 0, false),
            Answer::Decline(_)
        ));
        let unrated = policy("unrated", None);
        assert_eq!(
            unrated.answer(&challenge(true), false, 0, true),
            Answer::Decline("I only play unrated games.".into())
        );
        assert_eq!(
            unrated.answer(&challenge(false), false, 99, true),
            Answer::Accept
        );
        let none = policy("none", None);
        assert!(matches!(
            none.answer(&challenge(false), false, 0, true),
            Answer::Decline(_)
        ));
        let mut resume = challenge(true);
        resume.adjourned = true;
        assert_eq!(none.answer(&resume, false, 0, true), Answer::Accept);
        let mut chess = challenge(false);
        chess.variant = "blitz".into();
        assert!(matches!(
            both.answer(&chess, false, 0, true),
            Answer::Decline(_)
        ));
        chess.variant = "atomic960".into();
        assert_eq!(both.answer(&chess, false, 0, true), Answer::Accept);
        assert!(Policy::parse_accept("rated,blitz").is_err());
        assert!(both.done(2) && !both.done(1));
    }

    #[test]
    fn draws_by_evaluation() {
        let p = policy("rated", None);
        assert!(!p.accept_draw(None));
        assert!(p.accept_draw(Some(Score::Centipawns(-150))));
        assert!(!p.accept_draw(Some(Score::Centipawns(-149))));
        assert!(p.accept_draw(Some(Score::Mate(-4))));
        assert!(!p.accept_draw(Some(Score::Mate(4))));
    }
}
