//! `ping` and `lag`: what timeseal knows about a connection.

use super::Ctx;
use crate::msg;

/// What timeseal knows of the user a command names.
struct Seen {
    name: String,
    timeseal: bool,
    round_trip_ms: Option<u32>,
    last_lag_ms: u32,
}

/// The user `args` names (yourself without a name), or the line saying
/// nobody of that name is here.
fn look_up(ctx: &mut Ctx<'_>, args: &str) -> Result<Seen, crate::event::Msg> {
    let target = args.split_whitespace().next().unwrap_or(&ctx.session.name);
    ctx.world()
        .find(target)
        .map(|p| Seen {
            name: p.name.clone(),
            timeseal: p.timeseal,
            round_trip_ms: p.round_trip_ms,
            last_lag_ms: p.last_lag_ms,
        })
        .map_err(|_| msg!("name-not-logged-in", name = target))
}

/// `ping [name]`: the last timeseal round trip of a user.
pub fn ping(ctx: &mut Ctx<'_>, args: &str) {
    let seen = match look_up(ctx, args) {
        Ok(seen) => seen,
        Err(e) => return ctx.say(&e),
    };
    let name = &seen.name;
    ctx.say(&match (seen.timeseal, seen.round_trip_ms) {
        (false, _) => msg!("ping-no-timeseal", name = name),
        (true, Some(ms)) => msg!("ping-time", name = name, ms = ms),
        (true, None) => msg!("ping-unknown", name = name),
    });
    if seen.name == ctx.session.name {
        // A fresh measurement for next time; the ping starts its own line.
        let ping = ctx.session.timing.ping_probe();
        ctx.out.push_str(ping);
    }
}

/// `lag [name]`: the lag credited on a user's last move, and (for yourself)
/// the allowance left.
pub fn lag(ctx: &mut Ctx<'_>, args: &str) {
    let seen = match look_up(ctx, args) {
        Ok(seen) => seen,
        Err(e) => return ctx.say(&e),
    };
    let (name, last) = (&seen.name, seen.last_lag_ms);
    if !seen.timeseal {
        return ctx.say(&msg!(
            "lag-is-not-using-timeseal-moves",
            name = name.to_string()
        ));
    }
    ctx.say(&msg!(
        "lag-credited",
        name = name,
        secs = format!("{}.{:03}", last / 1000, last % 1000)
    ));
    if seen.name == ctx.session.name {
        let left = ctx.session.timing.allowance.quota_ms();
        ctx.say(&msg!(
            "lag-allowance",
            secs = format!("{}.{:03}", left / 1000, left % 1000)
        ));
    }
}
