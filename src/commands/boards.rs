//! `boards [category]`: the ready positions the server can load, by
//! category, and `load category board`, which examines one (the same as
//! `examine category board`; `bsetup` then changes it, `match` plays it).

use super::Ctx;
use crate::chess::lessons;
use crate::msg;

/// `boards [category]`
pub fn boards(ctx: &mut Ctx<'_>, args: &str) {
    match args.split_whitespace().next() {
        None => {
            ctx.say(&msg!("boards-categories"));
            ctx.say(&msg!(
                "boards-category",
                category = lessons::CATEGORY,
                n = lessons::LESSONS.len()
            ));
            ctx.say(&msg!("boards-how-list", category = lessons::CATEGORY));
        }
        Some(c) if c.eq_ignore_ascii_case(lessons::CATEGORY) => {
            ctx.say(&msg!("boards-in", category = lessons::CATEGORY));
            let lang = ctx.session.vars.lang;
            for l in lessons::LESSONS {
                let first = l.about(lang).lines().next().unwrap_or("");
                ctx.say(&msg!("raw", text = format!("  {:<18} {first}", l.name)));
            }
            ctx.say(&msg!("boards-how-load", category = lessons::CATEGORY));
            ctx.say(&msg!("boards-how-then"));
        }
        Some(c) => ctx.say(&msg!("boards-no-category", category = c)),
    }
}

/// `load category board`: examines a ready position.
pub fn load(ctx: &mut Ctx<'_>, args: &str) {
    let words: Vec<&str> = args.split_whitespace().collect();
    match words[..] {
        [category, board] if category.eq_ignore_ascii_case(lessons::CATEGORY) => {
            if lessons::find(board).is_some() {
                super::examine::examine(ctx, &format!("{category} {board}"));
            } else {
                ctx.say(&msg!(
                    "lesson-no-such",
                    board = board,
                    category = lessons::CATEGORY
                ));
            }
        }
        [category, _] => ctx.say(&msg!("boards-no-category", category = category)),
        _ => ctx.usage("load category board"),
    }
}
