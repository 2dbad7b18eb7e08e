//! `limits`: the server's limits in force now, from the configuration in
//! effect and the fixed sizes of the code (one line each).

use super::Ctx;
use crate::msg;
use crate::settings::lists::MAX_NAMES;
use crate::store::messages::MAX_STORED;
use crate::world::flood::{SHOUT_INTERVAL, TALK_LINES, TALK_WINDOW};
use crate::world::seeks::MAX_SEEKS;

/// Journal slots, A to Z.
const JOURNAL_SLOTS: u32 = 26;

/// `limits`
pub fn limits(ctx: &mut Ctx<'_>, _args: &str) {
    let config = ctx.shared().config().clone();
    let idle = match config.idle_timeout_seconds {
        Some(secs) => secs,
        None => config.idle_timeout_minutes * 60,
    };
    let (players, games) = {
        let w = ctx.world();
        (w.count(), w.games.len())
    };
    let lines = [
        msg!("limits-header", server = &config.server_name),
        msg!(
            "limits-connections",
            max = config.max_connections,
            per_address = config.max_connections_per_ip,
        ),
        msg!("limits-now", now = players, games = games),
        if idle == 0 {
            msg!("limits-idle-never")
        } else {
            msg!("limits-idle", minutes = idle.div_ceil(60))
        },
        msg!("limits-grace", secs = config.disconnect_grace),
        msg!("limits-seeks", n = MAX_SEEKS),
        msg!("limits-aliases", n = super::alias::MAX_ALIASES),
        msg!("limits-lists", n = MAX_NAMES),
        msg!("limits-messages", n = MAX_STORED),
        msg!("limits-journal", n = JOURNAL_SLOTS),
        msg!("limits-simul", n = crate::world::simul::MAX_BOARDS),
        msg!(
            "limits-talk",
            lines = TALK_LINES,
            secs = TALK_WINDOW.as_secs()
        ),
        msg!("limits-shout", secs = SHOUT_INTERVAL.as_secs()),
        msg!(
            "limits-commands",
            burst = config.command_budget.burst,
            per_second = format!("{}", config.command_budget.per_second)
        ),
        msg!(
            "limits-computers",
            games = config.computers.max_games,
            per_minute = config.computers.challenges_per_minute
        ),
        msg!("limits-logins", n = config.login_failures_before_delay),
    ];
    for m in &lines {
        ctx.say(m);
    }
}
