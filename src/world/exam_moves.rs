//! Changing an examined game: moves, `forward`, `backward`, `revert`, and
//! setting up the board (`bsetup`). Each examiner's change is shown to
//! everyone at the game, with a line saying who did what (lasker's
//! wording: `Game 12: Alice goes forward 2 moves.`).

use std::sync::Arc;

use shakmaty::Role;

use crate::chess::board_setup::{BoardEditor, SetupCommand};
use crate::chess::movelist::{MoveListData, TimedMove};
use crate::chess::{BoardSnapshot, Lang, MoveError};
use crate::event::Msg;
use crate::msg;
use crate::render::errors;
use crate::timefmt::fics_date;
use crate::world::examine::{MainMove, NewExam};
use crate::world::{SessionId, World};

/// What became of a line an examiner typed as a move.
pub enum ExamMove {
    /// The user examines nothing: the line goes on to the other checks.
    NotExamining,
    /// Not a move after all: try it as a command.
    NotAMove,
    /// An error line, and the board again if the client should redraw it.
    Refused {
        message: Msg,
        board: Option<Arc<BoardSnapshot>>,
    },
    /// Played: the lines before the board, the board, the lines after it.
    Played(Change),
}

/// A change the examiner's own reply shows: text, the board, more text.
#[derive(Debug, Default)]
pub struct Change {
    pub before: Vec<Msg>,
    pub board: Option<Arc<BoardSnapshot>>,
    pub after: Vec<Msg>,
}

/// `forward`, `backward` or `revert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Forward(usize),
    Backward(usize),
    Revert,
}

impl World {
    fn name_of_player(&self, id: SessionId) -> String {
        self.player(id).map(|p| p.name.clone()).unwrap_or_default()
    }

    /// Tells the others at game `no` what `me` did and shows them the
    /// board; returns the same as `me`'s reply.
    fn announce(&mut self, me: SessionId, no: u32, before: Vec<Msg>) -> Change {
        let Some(exam) = self.exams.get_mut(no) else {
            return Change::default();
        };
        let board = exam.refresh();
        let after: Vec<Msg> = exam.end_line().into_iter().collect();
        if !before.is_empty() {
            self.tell_exam(no, &before, Some(me));
        }
        self.show_exam(no, Some(me));
        if !after.is_empty() {
            self.tell_exam(no, &after, Some(me));
        }
        Change {
            before,
            board: Some(board),
            after,
        }
    }

    /// A line typed by an examiner, tried as a move of their game.
    pub fn exam_move(&mut self, me: SessionId, input: &str, lang: Lang, promote: Role) -> ExamMove {
        let Some(no) = self.exam_of(me) else {
            return ExamMove::NotExamining;
        };
        let name = self.name_of_player(me);
        let Some(exam) = self.exams.get_mut(no) else {
            return ExamMove::NotExamining;
        };
        if exam.editing.is_some() {
            return match exam.chess.parse_move(input, lang, promote) {
                Err(MoveError::NotAMove) => ExamMove::NotAMove,
                _ => ExamMove::Refused {
                    message: msg!("exam-setting-up"),
                    board: None,
                },
            };
        }
        let mv = match exam.chess.parse_move(input, lang, promote) {
            Ok(mv) => mv,
            Err(MoveError::NotAMove) => return ExamMove::NotAMove,
            Err(e) => {
                return ExamMove::Refused {
                    message: crate::render::fics::move_error(&e),
                    board: Some(exam.snapshot.clone()),
                };
            }
        };
        let ply = exam.ply();
        if ply == exam.on_mainline {
            match exam.mainline.get(ply) {
                Some(next) if next.mv == mv => exam.on_mainline += 1,
                Some(_) => {}
                // After the end of a finished game every move is a
                // variation: the game and its result stay as they were.
                None if exam.end.is_some() => {}
                None => {
                    // A move at the end of the main line makes it longer.
                    let (white_ms, black_ms) = exam
                        .mainline
                        .last()
                        .map_or((0, 0), |m| (m.white_ms, m.black_ms));
                    exam.mainline.push(MainMove {
                        mv,
                        time_ms: 0,
                        white_ms,
                        black_ms,
                    });
                    exam.on_mainline += 1;
                }
            }
        }
        let san = exam.chess.play(mv).san.clone();
        let line = msg!("exam-moves", no = no, name = name, san = san);
        ExamMove::Played(self.announce(me, no, vec![line]))
    }

    /// `forward [n]`, `backward [n]`, `revert`.
    pub fn exam_step(&mut self, me: SessionId, step: Step) -> Result<Change, Msg> {
        let no = self.exam_of(me).ok_or_else(|| msg!("exam-not-examining"))?;
        let name = self.name_of_player(me);
        let exam = self
            .exams
            .get_mut(no)
            .ok_or_else(|| msg!("exam-not-examining"))?;
        if exam.editing.is_some() {
            return Err(match step {
                Step::Forward(_) => msg!("exam-setup-forward"),
                Step::Backward(_) => msg!("exam-setup-backward"),
                Step::Revert => msg!("exam-setup-revert"),
            });
        }
        let ply = exam.ply();
        let before = match step {
            Step::Forward(n) => {
                if exam.mainline.is_empty() {
                    return Err(msg!("exam-no-moves"));
                }
                if ply > exam.on_mainline {
                    return Err(msg!("exam-no-more", no = no));
                }
                let steps = n.min(exam.mainline.len() - ply);
                if steps == 0 {
                    return Err(msg!("exam-end-of-game", no = no));
                }
                for i in ply..ply + steps {
                    let mv = exam.mainline[i].mv;
                    if exam.chess.try_play(mv).is_err() {
                        break;
                    }
                }
                exam.on_mainline = exam.ply();
                msg!("exam-forward", no = no, name = &name, n = steps)
            }
            Step::Backward(n) => {
                if ply == 0 {
                    return Err(msg!("exam-beginning", no = no));
                }
                let steps = n.min(ply);
                exam.chess.takeback(steps);
                exam.on_mainline = exam.on_mainline.min(exam.ply());
                msg!("exam-backward", no = no, name = &name, n = steps)
            }
            Step::Revert => {
                if ply == exam.on_mainline {
                    return Err(msg!("exam-at-mainline", no = no));
                }
                exam.chess.takeback(ply - exam.on_mainline);
                msg!("exam-revert", no = no, name = &name)
            }
        };
        Ok(self.announce(me, no, vec![before]))
    }

    /// `bsetup [command]`: starts setting up (a new empty board if `me`
    /// examines nothing, else the current position), then applies the
    /// command, if any.
    pub fn exam_setup(
        &mut self,
        me: SessionId,
        command: Option<SetupCommand>,
    ) -> Result<Change, Msg> {
        let name = self.name_of_player(me);
        let rating = self.player(me).map(|p| p.rating_text()).unwrap_or_default();
        let mut change = Change::default();
        let (no, new) = match self.exam_of(me) {
            Some(no) => (no, false),
            None => {
                let (no, _) = self.start_exam(me, NewExam::setup(&name, &rating))?;
                change.before.push(msg!("exam-start-setup"));
                (no, true)
            }
        };
        let exam = self
            .exams
            .get_mut(no)
            .ok_or_else(|| msg!("exam-not-examining"))?;
        if exam.editing.is_none() {
            exam.editing = Some(BoardEditor::from_game(&exam.chess));
            change
                .before
                .push(msg!("exam-sets-up", no = no, name = &name));
        } else if command.is_none() && !new {
            return Err(msg!("exam-already-setting-up"));
        }
        let editor = exam.editing.get_or_insert_with(BoardEditor::empty);
        let outcome = match command {
            None => Ok(()),
            Some(SetupCommand::Done) => editor.check().map(|game| {
                // A new position is a new study: it no longer carries the
                // players, terms or result of a game it was set up in.
                let fresh = NewExam::setup(&name, &rating);
                (exam.white, exam.black) = (fresh.white, fresh.black);
                (exam.white_rating, exam.black_rating) = (fresh.white_rating, fresh.black_rating);
                exam.terms = fresh.terms;
                exam.chess = game;
                exam.mainline.clear();
                exam.on_mainline = 0;
                exam.end = None;
                exam.editing = None;
                change
                    .before
                    .push(msg!("exam-set-up", no = no, name = &name));
            }),
            Some(command) => editor.change(&command).map(|done| {
                change.before.extend(errors::setup_done(&done));
            }),
        };
        if let Err(e) = outcome {
            let e = errors::bsetup_error(&e);
            if change.before.is_empty() {
                return Err(e);
            }
            // The game started (or entered setup) all the same: say both.
            change.before.push(e);
        }
        let announced = self.announce(me, no, change.before);
        Ok(announced)
    }

    /// The `moves` list of examined game `no`, and its start position.
    pub fn exam_movelist(&self, no: u32, ms: bool) -> Option<(MoveListData, BoardSnapshot)> {
        let exam = self.exams.get(no)?;
        let mut start_game = exam.chess.clone();
        start_game.takeback(exam.ply());
        let at_end = exam.ply() == exam.mainline.len() && exam.ply() == exam.on_mainline;
        let data = MoveListData {
            game_no: no,
            white: exam.white.clone(),
            black: exam.black.clone(),
            white_rating: exam.white_rating.clone(),
            black_rating: exam.black_rating.clone(),
            date: fics_date(exam.started_unix),
            rated: exam.terms.rated,
            variant: exam.chess.variant(),
            initial_secs: exam.terms.minutes * 60,
            increment_secs: exam.terms.inc,
            first_move_number: start_game.fullmove_number(),
            black_moves_first: start_game.turn() == shakmaty::Color::Black,
            moves: exam
                .chess
                .moves()
                .iter()
                .enumerate()
                .map(|(i, m)| TimedMove {
                    san: m.san.clone(),
                    time_ms: if i < exam.on_mainline {
                        exam.mainline.get(i).map_or(0, |x| x.time_ms)
                    } else {
                        0
                    },
                })
                .collect(),
            ms,
            end: exam.end.clone().filter(|_| at_end),
        };
        let mut start = BoardSnapshot::new(&start_game, no, &exam.white, &exam.black);
        start.initial_secs = exam.terms.minutes * 60;
        start.increment_secs = exam.terms.inc;
        start.white_clock_ms = i64::from(exam.terms.minutes) * 60_000;
        start.black_clock_ms = start.white_clock_ms;
        Some((data, start))
    }
}
