//! `quit`, `date`, `uptime`: the session and the server itself.

use super::Ctx;
use crate::event::{Ctime, Span};
use crate::msg;
use crate::timefmt::unix_now;

/// `quit` (also `exit`, `logout`, `bye`); refused while playing, as in
/// FICS: leaving a game is `resign`, `abort` or `adjourn`, not a logout.
/// (A connection that drops is another matter: its game is adjourned or
/// waits for the player, docs/protocol.md §5.7.)
pub fn quit(ctx: &mut Ctx<'_>, _args: &str) {
    let id = ctx.session.id;
    if ctx.world().is_playing(id) {
        ctx.say(&msg!("basic-you-can-t-quit-while"));
        ctx.say(&msg!("basic-type-resign-to-resign-the"));
        return;
    }
    ctx.say(&msg!("basic-logging-you-out"));
    ctx.say(&msg!("blank"));
    let name = ctx.shared().config().server_name.clone();
    ctx.say(&msg!(
        "basic-thank-you-for-using-the",
        name = name.to_string()
    ));
    ctx.session.quit = true;
}

/// `date`: the server's clock (UTC).
pub fn date(ctx: &mut Ctx<'_>, _args: &str) {
    let now = Ctime(unix_now());
    ctx.say(&msg!("basic-local-time-utc", now = now));
    ctx.say(&msg!("basic-server-time-utc", now = now));
    ctx.say(&msg!("basic-gmt", now = now));
}

/// `uptime`: how long the server has run and how busy it has been.
pub fn uptime(ctx: &mut Ctx<'_>, _args: &str) {
    let shared = ctx.shared().clone();
    let up = shared.started_at.elapsed().as_secs();
    let (now_players, peak) = {
        let w = ctx.world();
        (w.count(), w.peak_players)
    };
    ctx.say(&msg!(
        "uptime-server",
        name = &shared.config().server_name,
        version = env!("CARGO_PKG_VERSION")
    ));
    ctx.say(&msg!("uptime-since", date = Ctime(shared.started_unix)));
    ctx.say(&msg!("uptime-for", duration = Span(up)));
    ctx.say(&msg!("blank"));
    ctx.say(&msg!(
        "basic-there-are-currently-players-with",
        now_players = now_players.to_string(),
        peak = peak.to_string()
    ));
}
