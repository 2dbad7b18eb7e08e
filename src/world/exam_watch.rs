//! Watching examined games: finding the one a command names, observing
//! it, its board for each viewer, `kibitz` and `whisper` there, and its
//! `allobservers` line.

use std::sync::Arc;

use crate::chess::BoardSnapshot;
use crate::event::{Event, Msg};
use crate::msg;
use crate::settings::vars::Switch;
use crate::world::examine::Exam;
use crate::world::game::Viewer;
use crate::world::{SessionId, World};

impl World {
    /// Starts watching examined game `no`; returns the lines before the board and the board.
    pub fn observe_exam(
        &mut self,
        me: SessionId,
        no: u32,
    ) -> Result<(Vec<Msg>, Arc<BoardSnapshot>), Msg> {
        let exam = self.exams.get_mut(no).ok_or_else(|| msg!("game-no-such"))?;
        if exam.examiners.contains(&me) {
            return Err(msg!("observe-examining", no = no));
        }
        if !exam.observers.insert(me) {
            return Err(msg!("observe-already", no = no));
        }
        let text = vec![msg!("observe-started", no = no), exam.header()];
        let snap = exam.snapshot.clone();
        if let Some(p) = self.player_mut(me) {
            p.observing.insert(no);
        }
        Ok((text, snap))
    }

    /// The examined game an argument names, when it names one: a number,
    /// a user who examines, or (empty) the game `me` examines, or else the
    /// first one they watch. `None` sends the caller to the played games.
    pub fn exam_for(&self, me: SessionId, arg: &str) -> Option<u32> {
        let arg = arg.trim();
        if arg.is_empty() {
            let p = self.player(me)?;
            if p.game.is_some() {
                return None;
            }
            return self.exam_of(me).or_else(|| {
                p.observing
                    .iter()
                    .next()
                    .copied()
                    .filter(|&n| self.exams.contains(n))
            });
        }
        if let Ok(no) = arg.parse::<u32>() {
            return self.exams.contains(no).then_some(no);
        }
        let p = self.find(arg).ok()?;
        if p.game.is_some() {
            return None;
        }
        self.exam_of(p.id)
    }

    /// The board of examined game `no` as `me` sees it.
    pub fn exam_view(&self, me: SessionId, no: u32) -> Option<(Arc<BoardSnapshot>, Viewer)> {
        let exam = self.exams.get(no)?;
        Some((
            exam.snapshot.clone(),
            exam.viewer(me).unwrap_or(Viewer::ExamObserver),
        ))
    }

    /// `kibitz` (everyone there) or `whisper` (observers only) at the
    /// examined game `me` is at; `None` if they are at none.
    pub fn exam_kibitz(
        &self,
        me: SessionId,
        text: &str,
        whisper: bool,
    ) -> Option<Result<usize, Msg>> {
        let no = self.exam_for(me, "")?;
        let exam = self.exams.get(no)?;
        let sender = self.player(me)?;
        if !exam.examiners.contains(&me) && !sender.is_registered() {
            return Some(Err(if whisper {
                msg!("whisper-registered-only")
            } else {
                msg!("kibitz-registered-only")
            }));
        }
        let heard = Msg::new(if whisper {
            "whisper-heard"
        } else {
            "kibitz-heard"
        })
        .with("name", sender.display_name())
        .with("rating", sender.rating_text())
        .with("no", no)
        .with("text", text);
        let line = Arc::new(Event::line(heard));
        let mut heard = 0;
        for (id, viewer) in exam.audience() {
            if id == me || (whisper && viewer != Viewer::ExamObserver) {
                continue;
            }
            if let Some(p) = self.player(id).filter(|p| p.vars.switch(Switch::Kibitz)) {
                p.share(&line);
                heard += 1;
            }
        }
        Some(Ok(heard))
    }

    /// `Examining 12 [Alice vs. Bob]: #Alice Carol (2 users)`: examiners
    /// marked `#`, then observers.
    pub fn exam_observers_line(&self, exam: &Exam) -> Msg {
        let mut names: Vec<String> = exam
            .examiners
            .iter()
            .filter_map(|id| self.player(*id))
            .map(|p| format!("#{}", p.display_name()))
            .collect();
        let mut watching: Vec<String> = exam
            .observers
            .iter()
            .filter_map(|id| self.player(*id))
            .map(|p| p.display_name())
            .collect();
        watching.sort_by_key(|n| n.to_ascii_lowercase());
        names.extend(watching);
        msg!(
            "allobservers-exam",
            no = exam.no,
            white = &exam.white,
            black = &exam.black,
            names = names.join(" "),
            n = names.len()
        )
    }
}
