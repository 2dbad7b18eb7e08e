//! `quit`, `date`, `uptime`: the session and the server itself.

use super::Ctx;
use crate::timefmt::{ctime, duration_words, unix_now};

/// `quit` (also `exit`, `logout`, `bye`); refused while playing, as in
/// FICS: leaving a game is `resign`, `abort` or `adjourn`, not a logout.
/// (A connection that drops is another matter: its game is adjourned or
/// waits for the player, docs/protocol.md §5.7.)
pub fn quit(ctx: &mut Ctx<'_>, _args: &str) {
    let id = ctx.session.id;
    if ctx.world().is_playing(id) {
        ctx.line("You can't quit while you are playing a game.");
        ctx.line("Type 'resign' to resign the game, or you can request an abort with 'abort'.");
        return;
    }
    ctx.line("Logging you out.");
    ctx.line("");
    let name = ctx.shared().config().server_name.clone();
    ctx.line(format!(
        "Thank you for using {name}, the atomic chess server."
    ));
    ctx.session.quit = true;
}

/// `date`: the server's clock (UTC).
pub fn date(ctx: &mut Ctx<'_>, _args: &str) {
    let now = ctime(unix_now());
    ctx.line(format!("Local time     - {now} UTC"));
    ctx.line(format!("Server time    - {now} UTC"));
    ctx.line(format!("GMT            - {now}"));
}

/// `uptime`: how long the server has run and how busy it has been.
pub fn uptime(ctx: &mut Ctx<'_>, _args: &str) {
    let shared = ctx.shared().clone();
    let up = shared.started_at.elapsed().as_secs();
    let (now_players, peak) = {
        let w = ctx.world();
        (w.count(), w.peak_players)
    };
    ctx.line(format!(
        "{} (atomicd {}), an atomic chess server.",
        shared.config().server_name,
        env!("CARGO_PKG_VERSION")
    ));
    ctx.line(format!(
        "The server has been up since {} UTC.",
        ctime(shared.started_unix)
    ));
    ctx.line(format!("(Up for {})", duration_words(up)));
    ctx.line("");
    ctx.line(format!(
        "There are currently {now_players} players, with a high of {peak} since last restart."
    ));
}
