//! Examined games: boards that their examiners move freely, to step
//! through a stored game, try variations, set up a position or study one
//! of the ready positions; others watch them with `observe`.
//!
//! They live beside the games in progress, in [`World::exams`], and take
//! their numbers from the same pool (`free_game_number` skips both maps),
//! so a number names one game, played or examined. Keeping them apart
//! keeps everything a played game has and an examined one has not (clocks,
//! seats, a database row, offers, flag timers) out of each other's way.
//! An examined game has no clock and is never stored; it ends when its
//! last examiner leaves.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use shakmaty::Move;
use shakmaty::uci::UciMove;

use crate::chess::board_setup::BoardEditor;
use crate::chess::lessons::Lesson;
use crate::chess::{AtomicGame, BoardSnapshot};
use crate::event::{Event, Msg};
use crate::msg;
use crate::store::Ticket;
use crate::store::games::{GameRow, MoveRow};
use crate::timefmt::unix_now;
use crate::world::game::{Terms, Viewer};
use crate::world::{Out, SessionId, World};

/// One half-move of a stored game's main line, with its clocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MainMove {
    pub mv: Move,
    pub time_ms: u64,
    pub white_ms: i64,
    pub black_ms: i64,
}

/// What an examined game starts from.
#[derive(Debug, Clone)]
pub struct NewExam {
    pub white: String,
    pub black: String,
    pub white_rating: String,
    pub black_rating: String,
    pub terms: Terms,
    pub started_unix: i64,
    /// The start position.
    pub start: AtomicGame,
    /// The stored game's half-moves, which `forward` plays.
    pub mainline: Vec<MainMove>,
    /// How many of them are already played when the board opens (a
    /// lesson opens on its page's board, in the middle of its line).
    pub opens_at: usize,
    /// How the stored game ended: reason and result.
    pub end: Option<(String, String)>,
    /// Set when the game starts in setup mode (`bsetup`).
    pub editing: Option<BoardEditor>,
}

const UNTIMED: Terms = Terms {
    minutes: 0,
    inc: 0,
    rated: false,
};

impl NewExam {
    /// A fresh board (`examine`): the examiner plays both sides.
    pub fn scratch(name: &str, rating: &str) -> NewExam {
        NewExam {
            white: name.to_string(),
            black: name.to_string(),
            white_rating: rating.to_string(),
            black_rating: rating.to_string(),
            terms: UNTIMED,
            started_unix: unix_now(),
            start: AtomicGame::new(),
            mainline: Vec::new(),
            opens_at: 0,
            end: None,
            editing: None,
        }
    }

    /// An empty board to set up (`bsetup`, `examine setup`).
    pub fn setup(name: &str, rating: &str) -> NewExam {
        NewExam {
            editing: Some(BoardEditor::empty()),
            ..NewExam::scratch(name, rating)
        }
    }

    /// One of the ready positions of `help atomic`.
    pub fn lesson(lesson: &Lesson) -> NewExam {
        let loaded = lesson.load();
        NewExam {
            white: "White".into(),
            black: "Black".into(),
            white_rating: "0".into(),
            black_rating: "0".into(),
            mainline: loaded
                .mainline
                .into_iter()
                .map(|m| MainMove {
                    mv: m.mv,
                    time_ms: 0,
                    white_ms: 0,
                    black_ms: 0,
                })
                .collect(),
            opens_at: loaded.opens_at,
            start: loaded.start,
            ..NewExam::scratch("", "")
        }
    }

    /// A game from the database (history, adjourned, journal). Moves that
    /// no longer read (a damaged record) end the main line there.
    pub fn stored(row: &GameRow, moves: &[MoveRow]) -> NewExam {
        let start = row
            .start_fen
            .as_deref()
            .and_then(|f| AtomicGame::from_stored_fen(f).ok())
            .unwrap_or_default();
        let mut line = start.clone();
        let mut mainline = Vec::with_capacity(moves.len());
        for m in moves {
            let Some(mv) = UciMove::from_ascii(m.uci.as_bytes())
                .ok()
                .and_then(|u| u.to_move(line.position()).ok())
            else {
                break;
            };
            if line.try_play(mv).is_err() {
                break;
            }
            mainline.push(MainMove {
                mv,
                time_ms: m.time_ms,
                white_ms: m.white_ms,
                black_ms: m.black_ms,
            });
        }
        let end = match (&row.reason, &row.result) {
            (Some(reason), Some(result)) if row.status == crate::store::games::status::FINISHED => {
                Some((reason.clone(), result.clone()))
            }
            _ => None,
        };
        NewExam {
            white: row.white.clone(),
            black: row.black.clone(),
            white_rating: row.white_rating.clone(),
            black_rating: row.black_rating.clone(),
            terms: Terms {
                minutes: row.minutes,
                inc: row.inc,
                rated: row.rated,
            },
            started_unix: row.started_at,
            start,
            mainline,
            opens_at: 0,
            end,
            editing: None,
        }
    }
}

/// A game being examined.
#[derive(Debug)]
pub struct Exam {
    pub no: u32,
    pub white: String,
    pub black: String,
    pub white_rating: String,
    pub black_rating: String,
    pub terms: Terms,
    pub started_unix: i64,
    /// The start position and every half-move up to the current one.
    pub chess: AtomicGame,
    /// The main line (FICS's stored moves); a move made at its end makes
    /// it longer, a move made elsewhere starts a variation.
    pub mainline: Vec<MainMove>,
    /// How many half-moves of `chess` follow the main line: where
    /// `revert` goes back to (FICS's `revertHalfMove`).
    pub on_mainline: usize,
    pub end: Option<(String, String)>,
    /// Who may move: the first one started the game, `mexamine` adds more.
    pub examiners: Vec<SessionId>,
    pub observers: BTreeSet<SessionId>,
    /// The board while it is being set up.
    pub editing: Option<BoardEditor>,
    /// The board as of the last change, shared with every viewer.
    pub snapshot: Arc<BoardSnapshot>,
}

impl Exam {
    /// Half-moves from the start to the current position.
    pub fn ply(&self) -> usize {
        self.chess.moves().len()
    }

    /// The board now.
    pub fn board(&self) -> BoardSnapshot {
        if let Some(editor) = &self.editing {
            return editor.snapshot(self.no, &self.white, &self.black);
        }
        let mut snap = BoardSnapshot::new(&self.chess, self.no, &self.white, &self.black);
        snap.initial_secs = self.terms.minutes * 60;
        snap.increment_secs = self.terms.inc;
        // Clocks as they read after the last main-line move reached.
        let reached = self.ply().min(self.on_mainline);
        let start_ms = i64::from(self.terms.minutes) * 60_000;
        (snap.white_clock_ms, snap.black_clock_ms) =
            match reached.checked_sub(1).and_then(|i| self.mainline.get(i)) {
                Some(m) => (m.white_ms, m.black_ms),
                None => (start_ms, start_ms),
            };
        if let (Some(last), true) = (snap.last_move.as_mut(), self.ply() <= self.on_mainline) {
            last.time_ms = self
                .ply()
                .checked_sub(1)
                .and_then(|i| self.mainline.get(i))
                .map_or(0, |m| m.time_ms);
        }
        snap.ticking = false;
        snap
    }

    /// Makes the shared board current after a change; returns it.
    pub fn refresh(&mut self) -> Arc<BoardSnapshot> {
        self.snapshot = Arc::new(self.board());
        self.snapshot.clone()
    }

    /// How `id` looks at this game, if at all.
    pub fn viewer(&self, id: SessionId) -> Option<Viewer> {
        if self.examiners.contains(&id) {
            Some(Viewer::Examiner)
        } else {
            self.observers.contains(&id).then_some(Viewer::ExamObserver)
        }
    }

    /// Everyone who sees the boards: examiners, then observers.
    pub fn audience(&self) -> impl Iterator<Item = (SessionId, Viewer)> + '_ {
        let examiners = self.examiners.iter().map(|&id| (id, Viewer::Examiner));
        examiners.chain(self.observers.iter().map(|&id| (id, Viewer::ExamObserver)))
    }

    /// Names for end lines: colour words when one person has both sides.
    pub fn side_names(&self) -> (&str, &str) {
        if self.white == self.black {
            ("White", "Black")
        } else {
            (&self.white, &self.black)
        }
    }

    /// `Game 12: <reason> <result>` when the current position is the end:
    /// the stored end at the end of the main line, else the rules' own.
    pub fn end_line(&self) -> Option<Msg> {
        if self.editing.is_some() {
            return None;
        }
        let at_stored_end = self.ply() == self.mainline.len() && self.ply() == self.on_mainline;
        let (reason, result) = match (&self.end, self.chess.end()) {
            (Some((reason, result)), _) if at_stored_end => (reason.clone(), result.clone()),
            (_, Some(auto)) => {
                let (w, b) = self.side_names();
                (auto.reason(w, b), auto.result().to_string())
            }
            _ => return None,
        };
        // The stored reason is the English the store keeps.
        Some(msg!(
            "exam-end",
            no = self.no,
            reason = reason,
            result = result
        ))
    }

    /// `Game 12: Alice (1500) Bob (1600) rated atomic 5 0`.
    pub fn header(&self) -> Msg {
        crate::world::watching::game_header(
            self.no,
            (&self.white, &self.white_rating),
            (&self.black, &self.black_rating),
            self.terms,
        )
    }

    /// One line of `games` (docs/protocol.md §6.2, examined games).
    pub fn games_line(&self) -> String {
        let (turn, number) = match &self.editing {
            Some(e) => (e.setup().turn, e.setup().fullmoves.get()),
            None => (self.chess.turn(), self.chess.fullmove_number()),
        };
        // Ratings are numbers here (`%4d`): a guest or unrated player is 0.
        let as_number = |rating: &str| rating.trim().parse::<i32>().unwrap_or(0);
        format!(
            "{:3} (Exam. {:4} {:<11.11} {:4} {:<10.10}) [ x{}{:3} {:3}] {}: {:2}",
            self.no,
            as_number(&self.white_rating),
            self.white,
            as_number(&self.black_rating),
            self.black,
            if self.terms.rated { 'r' } else { 'u' },
            self.terms.minutes,
            self.terms.inc,
            if turn == shakmaty::Color::White {
                'W'
            } else {
                'B'
            },
            number
        )
    }
}

/// Every examined game, by number. Who examines which is
/// [`Player::examining`](crate::world::Player::examining).
#[derive(Debug, Default)]
pub struct Exams {
    games: BTreeMap<u32, Exam>,
}

impl Exams {
    pub fn contains(&self, no: u32) -> bool {
        self.games.contains_key(&no)
    }

    pub fn get(&self, no: u32) -> Option<&Exam> {
        self.games.get(&no)
    }

    pub(crate) fn get_mut(&mut self, no: u32) -> Option<&mut Exam> {
        self.games.get_mut(&no)
    }

    /// Every examined game, by number.
    pub fn iter(&self) -> impl Iterator<Item = &Exam> {
        self.games.values()
    }

    /// `id` no longer watches game `no` (if it is an examined game).
    pub fn forget_observer(&mut self, no: u32, id: SessionId) {
        if let Some(exam) = self.games.get_mut(&no) {
            exam.observers.remove(&id);
        }
    }
}

impl World {
    /// The game `id` examines.
    pub fn exam_of(&self, id: SessionId) -> Option<u32> {
        self.player(id).and_then(|p| p.examining)
    }

    fn set_examining(&mut self, id: SessionId, no: Option<u32>) {
        if let Some(p) = self.player_mut(id) {
            p.examining = no;
        }
    }

    /// Starts an examined game for `me`; returns its number and board.
    pub fn start_exam(
        &mut self,
        me: SessionId,
        new: NewExam,
    ) -> Result<(u32, Arc<BoardSnapshot>), Msg> {
        let p = self.player(me).ok_or_else(|| msg!("blank"))?;
        if p.game.is_some() {
            return Err(msg!("exam-while-playing"));
        }
        if self.exam_of(me).is_some() {
            return Err(msg!("exam-already"));
        }
        let no = self.free_game_number();
        let mut exam = Exam {
            no,
            white: new.white,
            black: new.black,
            white_rating: new.white_rating,
            black_rating: new.black_rating,
            terms: new.terms,
            started_unix: new.started_unix,
            chess: new.start.clone(),
            mainline: new.mainline,
            on_mainline: 0,
            end: new.end,
            examiners: vec![me],
            observers: BTreeSet::new(),
            editing: new.editing,
            snapshot: Arc::new(BoardSnapshot::new(&new.start, no, "", "")),
        };
        for m in &exam.mainline[..new.opens_at.min(exam.mainline.len())] {
            if exam.chess.try_play(m.mv).is_err() {
                break;
            }
        }
        exam.on_mainline = exam.ply();
        let snap = exam.refresh();
        self.exams.games.insert(no, exam);
        self.set_examining(me, Some(no));
        Ok((no, snap))
    }

    /// Sends a text to everyone at game `no` but `skip`.
    pub(crate) fn tell_exam(&self, no: u32, lines: &[Msg], skip: Option<SessionId>) {
        let Some(exam) = self.exams.get(no) else {
            return;
        };
        let event = Arc::new(Event::Lines {
            lines: lines.to_vec(),
        });
        for (id, _) in exam.audience().filter(|(id, _)| Some(*id) != skip) {
            if let Some(p) = self.player(id) {
                p.share(&event);
            }
        }
    }

    /// Sends the current board to everyone at game `no` but `skip`.
    pub(crate) fn show_exam(&self, no: u32, skip: Option<SessionId>) {
        let Some(exam) = self.exams.get(no) else {
            return;
        };
        for (id, viewer) in exam.audience().filter(|(id, _)| Some(*id) != skip) {
            if let Some(p) = self.player(id) {
                p.send(Out::Board {
                    board: exam.snapshot.clone(),
                    viewer,
                    stored: Ticket::NOTHING,
                });
            }
        }
    }

    /// `unexamine`, or leaving: `me` stops examining. Returns their line,
    /// or `None` if they examined nothing. The game ends with its last
    /// examiner; its observers are told and let go.
    pub fn stop_examining(&mut self, me: SessionId) -> Option<Msg> {
        let no = self.exam_of(me)?;
        self.set_examining(me, None);
        let name = self.player(me).map(|p| p.name.clone()).unwrap_or_default();
        let exam = self.exams.games.get_mut(&no)?;
        exam.examiners.retain(|&id| id != me);
        if !exam.examiners.is_empty() {
            self.tell_exam(no, &[msg!("exam-stopped-by", name = &name, no = no)], None);
            return Some(msg!("exam-you-stopped", no = no));
        }
        let exam = self.exams.games.remove(&no)?;
        let event = Arc::new(Event::Lines {
            lines: vec![
                msg!("exam-stopped-by", name = &name, no = no),
                msg!("exam-no-examiners", no = no),
                msg!("observe-removed", no = no),
            ],
        });
        for id in exam.observers {
            if let Some(p) = self.player_mut(id) {
                p.observing.remove(&no);
                p.share(&event);
            }
        }
        Some(msg!("exam-you-stopped", no = no))
    }

    /// A user starts a game: they stop examining, and are told so.
    pub fn stop_examining_to_play(&mut self, id: SessionId) {
        if let Some(line) = self.stop_examining(id)
            && let Some(p) = self.player(id)
        {
            p.send_event(Event::line(line));
        }
    }

    /// A user left the server: they leave every examined game.
    pub fn leave_exams(&mut self, id: SessionId) {
        self.stop_examining(id);
        let watched: Vec<u32> = self
            .exams
            .iter()
            .filter(|e| e.observers.contains(&id))
            .map(|e| e.no)
            .collect();
        for no in watched {
            self.exams.forget_observer(no, id);
            if let Some(p) = self.player_mut(id) {
                p.observing.remove(&no);
            }
        }
    }

    /// `mexamine name`: an observer of my game becomes an examiner too.
    pub fn mexamine(&mut self, me: SessionId, target: &str) -> Result<Msg, Msg> {
        let no = self.exam_of(me).ok_or_else(|| msg!("exam-not-examining"))?;
        let them = self
            .find(target)
            .map_err(|e| crate::world::watching::find_error(target, e))?;
        let (id, their_name) = (them.id, them.name.clone());
        if self.exam_of(id) == Some(no) {
            return Err(msg!("mexamine-already", name = &their_name, no = no));
        }
        if them.game.is_some() {
            return Err(msg!("refuse-playing", name = &their_name));
        }
        if self.exam_of(id).is_some() {
            return Err(msg!("mexamine-examining", name = &their_name));
        }
        let my_name = self.player(me).map(|p| p.name.clone()).unwrap_or_default();
        let exam = self
            .exams
            .games
            .get_mut(&no)
            .ok_or_else(|| msg!("exam-not-examining"))?;
        if !exam.observers.remove(&id) {
            return Err(msg!("mexamine-not-observing", name = &their_name));
        }
        exam.examiners.push(id);
        let board = exam.snapshot.clone();
        self.set_examining(id, Some(no));
        let note = msg!("mexamine-now", name = &their_name, no = no);
        let shared = Arc::new(Event::line(note.clone()));
        for (who, _) in self.exams.games[&no]
            .audience()
            .filter(|(who, _)| *who != me && *who != id)
        {
            if let Some(p) = self.player(who) {
                p.share(&shared);
            }
        }
        if let Some(p) = self.player_mut(id) {
            p.observing.remove(&no);
            p.send_event(Event::line(msg!(
                "mexamine-made-you",
                name = &my_name,
                no = no
            )));
            // The board again: its relation now says "you examine".
            p.send(Out::Board {
                board,
                viewer: Viewer::Examiner,
                stored: Ticket::NOTHING,
            });
        }
        Ok(note)
    }

    /// The position a challenge from `me` starts from: the one they
    /// examine, if it is not the standard start (FICS's way to play a
    /// set-up position).
    pub fn examined_fen(&self, me: SessionId) -> Result<Option<String>, Msg> {
        let Some(exam) = self.exam_of(me).and_then(|no| self.exams.get(no)) else {
            return Ok(None);
        };
        if exam.editing.is_some() {
            return Err(msg!("exam-finish-setup"));
        }
        let fen = exam.chess.fen();
        Ok((fen != AtomicGame::new().fen()).then_some(fen))
    }
}
