//! A game's computer analysis as players read it: each move with the
//! evaluation after it, the engine's best move in the position before it,
//! and lichess's mark; pure, from the stored rows.

use crate::event::Msg;
use crate::msg;
use shakmaty::uci::UciMove;
use shakmaty::{Color, Position};

use super::judge::{Eval, Judgement, judge};
use crate::chess::AtomicGame;
use crate::store::analysis::PlyEval;

/// One half-move of the report.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveReport {
    /// 1 for the first half-move.
    pub ply: u32,
    pub mover: Color,
    /// The move number (`12` of `12...`).
    pub number: u32,
    pub san: String,
    /// The evaluation after the move (none when it ended the game).
    pub eval: Option<Eval>,
    /// The engine's best move where this one was played, in SAN.
    pub best: Option<String>,
    pub judgement: Option<Judgement>,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The evaluation of the start position.
    pub start: Option<Eval>,
    pub moves: Vec<MoveReport>,
}

impl Report {
    /// Inaccuracies, mistakes and blunders of one side.
    pub fn counts(&self, side: Color) -> [usize; 3] {
        let mut n = [0; 3];
        for m in self.moves.iter().filter(|m| m.mover == side) {
            match m.judgement {
                Some(Judgement::Inaccuracy) => n[0] += 1,
                Some(Judgement::Mistake) => n[1] += 1,
                Some(Judgement::Blunder) => n[2] += 1,
                None => {}
            }
        }
        n
    }
}

/// The report of a game from its start, its moves (UCI) and its plies'
/// evaluations; an error when they do not fit together.
pub fn build(
    start_fen: Option<&str>,
    ucis: &[String],
    plies: &[PlyEval],
) -> Result<Report, String> {
    if plies.len() != ucis.len() + 1 {
        return Err(format!(
            "{} evaluations for {} positions",
            plies.len(),
            ucis.len() + 1
        ));
    }
    let mut game = match start_fen {
        Some(fen) => AtomicGame::from_stored_fen(fen).map_err(|e| e.to_string())?,
        None => AtomicGame::new(),
    };
    let eval = |i: usize| Eval::from_columns(plies[i].cp, plies[i].mate);
    let mut moves = Vec::with_capacity(ucis.len());
    for (i, uci) in ucis.iter().enumerate() {
        let pos = game.position().clone();
        let mover = pos.turn();
        let number = game.fullmove_number();
        let best = plies[i].best.as_deref().and_then(|b| {
            let mv = UciMove::from_ascii(b.as_bytes()).ok()?.to_move(&pos).ok()?;
            Some(shakmaty::san::SanPlus::from_move(pos.clone(), mv).to_string())
        });
        let mv = UciMove::from_ascii(uci.as_bytes())
            .ok()
            .and_then(|m| m.to_move(&pos).ok())
            .ok_or_else(|| format!("the stored move {uci} is not legal"))?;
        let played = game.play(mv).san.clone();
        let (before, after) = (eval(i), eval(i + 1));
        let judgement = match (before, after) {
            // Only a move other than the engine's best is judged (lila
            // asks for advice where the analysis has a variation); a move
            // that ends the game is not.
            (Some(b), Some(a)) if plies[i].best.as_deref() != Some(uci.as_str()) => {
                judge(mover, b, a)
            }
            _ => None,
        };
        moves.push(MoveReport {
            ply: i as u32 + 1,
            mover,
            number,
            san: played,
            eval: after,
            best,
            judgement,
        });
    }
    Ok(Report {
        start: eval(0),
        moves,
    })
}

/// What the requester is told when the analysis of `game_id` ends.
pub fn ready_line(game_id: i64, outcome: Result<(), &str>, stored: bool) -> Msg {
    match (outcome, stored) {
        (Ok(()), true) => msg!("analysis-ready", id = game_id),
        (Ok(()), false) => msg!("analysis-not-stored", id = game_id),
        (Err(why), _) => msg!("analysis-failed", id = game_id, why = why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(ply: u32, cp: Option<i32>, mate: Option<i32>, best: Option<&str>) -> PlyEval {
        PlyEval {
            ply,
            cp,
            mate,
            best: best.map(str::to_string),
            depth: 10,
        }
    }

    #[test]
    fn the_trap_is_a_blunder_and_the_mate_is_no_mistake() {
        let ucis: Vec<String> = ["g1f3", "a7a6", "f3g5", "a6a5", "g5f7"]
            .map(String::from)
            .to_vec();
        let plies = [
            ply(0, Some(20), None, Some("g1f3")),
            ply(1, Some(30), None, Some("e7e6")),
            ply(2, Some(250), None, Some("f3g5")),
            ply(3, Some(240), None, Some("e7e6")),
            ply(4, None, Some(1), Some("g5f7")),
            ply(5, None, None, None),
        ];
        let r = build(None, &ucis, &plies).unwrap();
        assert_eq!(r.start, Some(Eval::Cp(20)));
        let sans: Vec<&str> = r.moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["Nf3", "a6", "Ng5", "a5", "Nxf7#"]);
        // 1...a6: +0.30 → +2.50, a blunder; 2...a5 lets the mate in.
        assert_eq!(r.moves[1].judgement, Some(Judgement::Blunder));
        assert_eq!(r.moves[3].judgement, Some(Judgement::Blunder));
        assert_eq!(r.moves[3].best.as_deref(), Some("e6"));
        assert_eq!(r.moves[3].number, 2);
        // The engine's own moves are never marked, and the game's end is
        // not judged.
        assert_eq!(r.moves[2].judgement, None);
        assert_eq!(r.moves[4].judgement, None);
        assert_eq!(r.moves[4].eval, None);
        assert_eq!(r.counts(Color::Black), [0, 0, 2]);
        assert_eq!(r.counts(Color::White), [0, 0, 0]);
        assert!(build(None, &ucis, &plies[..3]).is_err());
    }
}
