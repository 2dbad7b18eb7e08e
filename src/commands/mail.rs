//! The mail commands of FICS: `mailmoves`, `mailoldmoves`, `mailstored`
//! (a game's PGN), `mailhelp` (a help page), `mailmess` (one's messages)
//! and `mailsource` (where the server's source is). They need an SMTP
//! server (`[mail]` in config.toml) and an e-mail address on the
//! account; without the first they say so in one line.

use super::Ctx;
use crate::msg;

/// Says that mail is not set up; true if so (the command stops there).
fn not_set_up(ctx: &mut Ctx<'_>) -> bool {
    ctx.say(&msg!("mail-not-set-up"));
    true
}

/// `mailmoves [game]`: the PGN of a game in progress or just played.
pub fn mailmoves(ctx: &mut Ctx<'_>, _args: &str) {
    not_set_up(ctx);
}

/// `mailoldmoves [name]`: the PGN of a player's last finished game.
pub fn mailoldmoves(ctx: &mut Ctx<'_>, _args: &str) {
    not_set_up(ctx);
}

/// `mailstored name [N|slot]`: the PGN of a stored game.
pub fn mailstored(ctx: &mut Ctx<'_>, _args: &str) {
    not_set_up(ctx);
}

/// `mailhelp topic`: a help page.
pub fn mailhelp(ctx: &mut Ctx<'_>, _args: &str) {
    not_set_up(ctx);
}

/// `mailmess`: one's stored messages.
pub fn mailmess(ctx: &mut Ctx<'_>, _args: &str) {
    not_set_up(ctx);
}

/// `mailsource`: where to get the server's source.
pub fn mailsource(ctx: &mut Ctx<'_>, _args: &str) {
    not_set_up(ctx);
}
