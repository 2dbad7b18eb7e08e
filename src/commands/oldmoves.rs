//! `oldmoves [name]`: the moves of a player's most recent finished game
//! (FICS kept it beside `smoves`, which does the same and more).

use super::Ctx;

/// `oldmoves [name]`
pub fn oldmoves(ctx: &mut Ctx<'_>, args: &str) {
    let name = match args.split_whitespace().next() {
        Some(n) => n.to_string(),
        None => ctx.session.name.clone(),
    };
    super::stored_games::smoves(ctx, &name);
}
