//! `bsetup`: building a position by hand in an examined game, then
//! examining it (`bsetup done`) or playing it (`match name`). The board
//! and its checks are in `chess::board_setup`.

use super::Ctx;
use super::examine::show_change;
use crate::chess::board_setup::{SetupCommand, read_placement};
use crate::render::errors::bsetup_error;

/// `bsetup [clear|start|fen FEN|P@e4|x@e4|tomove C|wcastle R|bcastle R|eppos F|done]`
///
/// With no examined game it starts one on an empty board; in an examined
/// game it starts from the position on the board.
pub fn bsetup(ctx: &mut Ctx<'_>, args: &str) {
    let command = match args.trim() {
        "" => None,
        text => match SetupCommand::read(text) {
            Ok(c) => Some(c),
            Err(e) => return ctx.say(&bsetup_error(&e)),
        },
    };
    let id = ctx.session.id;
    let result = {
        let mut world = ctx.world();
        if world.player(id).is_some_and(|p| p.game.is_some()) {
            Err(crate::msg!("exam-while-playing"))
        } else {
            world.exam_setup(id, command)
        }
    };
    match result {
        Ok(change) => show_change(ctx, change),
        Err(e) => ctx.say(&e),
    }
}

/// `P@e4` typed alone while setting up a board: a placement, as on FICS.
/// False if the line is something else (or the user is not setting up).
pub fn try_placement(ctx: &mut Ctx<'_>, text: &str) -> bool {
    if !text.contains('@') || text.contains(char::is_whitespace) {
        return false;
    }
    let setting_up = {
        let world = ctx.world();
        world
            .exam_of(ctx.session.id)
            .and_then(|no| world.exams.get(no))
            .is_some_and(|e| e.editing.is_some())
    };
    if !setting_up || read_placement(text).is_err() {
        return false;
    }
    bsetup(ctx, text);
    true
}
