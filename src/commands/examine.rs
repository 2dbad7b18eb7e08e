//! Examine mode: `examine`, `unexamine`, `forward`, `backward`, `revert`,
//! `mexamine`, and what the game commands (`moves`, `observe`, `refresh`,
//! `kibitz`, `games`, `allobservers`, `match`, a typed move) do when the
//! game is an examined one. The world's side is in `world::examine`.

use shakmaty::Role;

use super::Ctx;
use super::stored_games::{self as stored, Asker};
use crate::chess::lessons;
use crate::chess::movelist;
use crate::event::Msg;
use crate::msg;
use crate::render::output::code;
use crate::settings::ivars::Ivar;
use crate::world::exam_moves::{Change, ExamMove, Step};
use crate::world::examine::NewExam;
use crate::world::game::Viewer;

/// Appends an examiner's change to the reply: text, board, text.
pub fn show_change(ctx: &mut Ctx<'_>, change: Change) {
    for m in &change.before {
        ctx.say(m);
    }
    if let Some(board) = &change.board {
        ctx.board(board, Viewer::Examiner);
    }
    if !change.after.is_empty() {
        ctx.out.push('\n');
        for m in &change.after {
            ctx.say(m);
        }
    }
}

/// Starts an examined game and replies with `intro`, the board, and the
/// end when the position is already one (a lesson's mate).
fn start(ctx: &mut Ctx<'_>, new: NewExam, intro: &[Msg]) {
    let result = {
        let mut world = ctx.world();
        world.start_exam(ctx.session.id, new).map(|(no, board)| {
            let end = world.exams.get(no).and_then(|e| e.end_line());
            (board, end)
        })
    };
    match result {
        Ok((board, end)) => {
            for m in intro {
                ctx.say(m);
            }
            ctx.board(&board, Viewer::Examiner);
            if let Some(end) = end {
                ctx.out.push('\n');
                ctx.say(&end);
            }
        }
        Err(e) => ctx.say(&e),
    }
}

/// `examine`                  a fresh board
/// `examine setup`            an empty board to set up (as `bsetup`)
/// `examine atomic [board]`   the ready positions of `help atomic`
/// `examine name`             my adjourned game with name
/// `examine name N`           game N of name's history
/// `examine name A`           slot A of name's journal (also `%A`)
/// `examine name1 name2`      their adjourned game
pub fn examine(ctx: &mut Ctx<'_>, args: &str) {
    let id = ctx.session.id;
    {
        let world = ctx.world();
        let busy = if world.exam_of(id).is_some() {
            Some(msg!("exam-already"))
        } else if world.player(id).is_some_and(|p| p.game.is_some()) {
            Some(msg!("exam-while-playing"))
        } else {
            None
        };
        if let Some(line) = busy {
            drop(world);
            return ctx.say(&line);
        }
    }
    let words: Vec<&str> = args.split_whitespace().collect();
    let rating = ctx
        .world()
        .player(id)
        .map(|p| p.rating_text().trim().to_string())
        .unwrap_or_default();
    let name = ctx.session.name.clone();
    match words.as_slice() {
        [] => start(
            ctx,
            NewExam::scratch(&name, &rating),
            &[msg!("exam-start-scratch")],
        ),
        [word] if word.eq_ignore_ascii_case("setup") => super::setup::bsetup(ctx, ""),
        [word] if word.eq_ignore_ascii_case(lessons::CATEGORY) => {
            ctx.say(&msg!(
                "lesson-boards",
                category = lessons::CATEGORY,
                names = lessons::names().join(", ")
            ));
            ctx.say(&msg!("lesson-how-to-load", category = lessons::CATEGORY));
        }
        [category, board]
            if category.eq_ignore_ascii_case(lessons::CATEGORY)
                && lessons::find(board).is_some() =>
        {
            if let Some(lesson) = lessons::find(board) {
                let how = match (lesson.line.is_empty(), lesson.played.is_empty()) {
                    (false, _) => msg!("lesson-how-forward"),
                    (true, false) => msg!("lesson-how-backward"),
                    (true, true) => msg!("lesson-how-setup"),
                };
                let intro = [
                    msg!("exam-start-scratch"),
                    msg!(
                        "lesson-loading",
                        category = lessons::CATEGORY,
                        board = lesson.name
                    ),
                    // The lesson's own text (src/chess/lessons.rs), in
                    // English or French.
                    msg!("raw", text = lesson.about(ctx.session.vars.lang)),
                    how,
                ];
                start(ctx, NewExam::lesson(lesson), &intro);
            }
        }
        [category, board]
            if category.eq_ignore_ascii_case(lessons::CATEGORY)
                && board.len() > 1
                && board.bytes().all(|b| b.is_ascii_alphabetic()) =>
        {
            ctx.say(&msg!(
                "lesson-no-such",
                board = *board,
                category = lessons::CATEGORY
            ));
            ctx.say(&msg!(
                "lesson-boards",
                category = lessons::CATEGORY,
                names = lessons::names().join(", ")
            ));
        }
        _ => {
            let Some(source) = stored::parse(ctx, &words, stored::adjourned_with_me) else {
                return ctx.usage("examine [name [history-number|journal-slot|name2]]");
            };
            examine_stored(ctx, source);
        }
    }
}

/// Loads a stored game, then starts examining it at its first move.
fn examine_stored(ctx: &mut Ctx<'_>, source: stored::Source) {
    let id = ctx.session.id;
    let asker = Asker::of(ctx);
    let style = ctx.session.board_style();
    let voice = ctx.voice();
    let shared = ctx.shared().clone();
    ctx.reply_later(async move {
        let found = match shared
            .store
            .call(move |db| stored::find(db, &source, &asker))
            .await
        {
            Ok(Ok(found)) => found,
            Ok(Err(line)) => return voice.said(&line),
            Err(_) => return voice.said(&msg!("database-unavailable")),
        };
        let new = NewExam::stored(&found.row, &found.moves);
        let plies = new.mainline.len();
        let started = shared.world().start_exam(id, new);
        match started {
            Ok((_, board)) => {
                let mut out = voice.said(&msg!(
                    "exam-start-stored",
                    title = found.title.clone(),
                    players = stored::players(&found.row)
                ));
                voice.add(&mut out, &msg!("exam-stored-plies", n = plies));
                voice.add_board(&mut out, style, &board, Viewer::Examiner);
                out
            }
            Err(e) => voice.said(&e),
        }
    });
}

/// `unexamine`
pub fn unexamine(ctx: &mut Ctx<'_>, _args: &str) {
    let reply = ctx.world().stop_examining(ctx.session.id);
    match reply {
        Some(line) => ctx.say(&line),
        None => ctx.say(&msg!("exam-not-examining")),
    }
}

fn step(ctx: &mut Ctx<'_>, step: Step) {
    let result = ctx.world().exam_step(ctx.session.id, step);
    match result {
        Ok(change) => show_change(ctx, change),
        Err(e) => ctx.say(&e),
    }
}

/// The count of `forward [n]` and `backward [n]` (1 by default).
fn count(args: &str) -> Option<usize> {
    match args.trim() {
        "" => Some(1),
        s => s.parse().ok().filter(|&n| n >= 1),
    }
}

/// `forward [n]`
pub fn forward(ctx: &mut Ctx<'_>, args: &str) {
    match count(args) {
        Some(n) => step(ctx, Step::Forward(n)),
        None => ctx.usage("forward [half-moves]"),
    }
}

/// `backward [n]`
pub fn backward(ctx: &mut Ctx<'_>, args: &str) {
    match count(args) {
        Some(n) => step(ctx, Step::Backward(n)),
        None => ctx.usage("backward [half-moves]"),
    }
}

/// `revert`: back to where the examined moves left the main line.
pub fn revert(ctx: &mut Ctx<'_>, _args: &str) {
    step(ctx, Step::Revert);
}

/// `mexamine name`: makes an observer of my examined game an examiner.
pub fn mexamine(ctx: &mut Ctx<'_>, args: &str) {
    let Some(target) = args.split_whitespace().next() else {
        return ctx.usage("mexamine name");
    };
    let result = ctx.world().mexamine(ctx.session.id, target);
    match result {
        Ok(line) => ctx.say(&line),
        Err(e) => ctx.say(&e),
    }
}

/// A line typed by an examiner, tried as a move: `None` if the user
/// examines nothing, else whether it was a move.
pub fn try_move(ctx: &mut Ctx<'_>, text: &str) -> Option<bool> {
    let id = ctx.session.id;
    let lang = ctx.session.vars.lang;
    let outcome = {
        let mut world = ctx.world();
        let promote = world.player(id).map_or(Role::Queen, |p| p.promote);
        world.exam_move(id, text, lang, promote)
    };
    match outcome {
        ExamMove::NotExamining => return None,
        ExamMove::NotAMove => return Some(false),
        ExamMove::Refused { message, board } => {
            ctx.fail_msg(code::GAME_MOVE, &message);
            if let Some(board) = board {
                ctx.board(&board, Viewer::Examiner);
            }
        }
        ExamMove::Played(change) => {
            ctx.code.get_or_insert(code::GAME_MOVE);
            show_change(ctx, change);
        }
    }
    Some(true)
}

/// `observe` of an examined game; false if `args` names none.
pub fn observe(ctx: &mut Ctx<'_>, args: &str) -> bool {
    let id = ctx.session.id;
    let result = {
        let mut world = ctx.world();
        let Some(no) = world.exam_for(id, args).filter(|_| !args.trim().is_empty()) else {
            return false;
        };
        world.observe_exam(id, no)
    };
    match result {
        Ok((lines, board)) => {
            for m in &lines {
                ctx.say(m);
            }
            ctx.session
                .board(&board, Viewer::ExamObserver, &mut ctx.out);
        }
        Err(e) => ctx.say(&e),
    }
    true
}

/// `moves` of an examined game; false if `args` names none.
pub fn moves(ctx: &mut Ctx<'_>, args: &str) -> bool {
    let ms = ctx.session.ivars.get(Ivar::MS);
    let found = {
        let world = ctx.world();
        world
            .exam_for(ctx.session.id, args)
            .and_then(|no| world.exam_movelist(no, ms))
    };
    let Some((data, start)) = found else {
        return false;
    };
    movelist::write_header(&data, &mut ctx.out);
    if ctx.session.ivars.get(Ivar::STARTPOS) {
        crate::chess::style12::render(&start, -4, false, ms, &mut ctx.out);
        ctx.out.push('\n');
    }
    movelist::write_moves(&data, &mut ctx.out);
    true
}

/// `allobservers` lines of examined games: all of them, or the one `args` names.
pub fn observers_lines(ctx: &Ctx<'_>, args: &str) -> Vec<Msg> {
    let world = ctx.world();
    if args.trim().is_empty() {
        world
            .exams
            .iter()
            .map(|e| world.exam_observers_line(e))
            .collect()
    } else {
        world
            .exam_for(ctx.session.id, args)
            .and_then(|no| world.exams.get(no))
            .map(|e| world.exam_observers_line(e))
            .into_iter()
            .collect()
    }
}

/// `games` lines of examined games, with their numbers, that `filter`
/// (lower case) lets through.
pub fn games_lines(ctx: &Ctx<'_>, filter: &str) -> Vec<(u32, String)> {
    let world = ctx.world();
    world
        .exams
        .iter()
        .filter(|e| match filter {
            "" => true,
            f if f.starts_with('/') => f[1..].contains('x'),
            f => match f.parse::<u32>() {
                Ok(n) => e.no == n,
                Err(_) => {
                    e.white.to_ascii_lowercase().starts_with(f)
                        || e.black.to_ascii_lowercase().starts_with(f)
                        || e.examiners.iter().any(|id| {
                            world
                                .player(*id)
                                .is_some_and(|p| p.name.to_ascii_lowercase().starts_with(f))
                        })
                }
            },
        })
        .map(|e| (e.no, e.games_line()))
        .collect()
}

/// What a `match` from an examiner starts from: the examined position,
/// when it is not the standard start (FICS's way to play a set-up
/// position). `Err` is the line refusing the challenge.
pub fn examined_fen(ctx: &Ctx<'_>) -> Result<Option<String>, Msg> {
    ctx.world().examined_fen(ctx.session.id)
}
