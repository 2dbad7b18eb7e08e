//! `ping` and `lag`: what timeseal knows about a connection.

use super::Ctx;

/// `ping [name]`: the last timeseal round trip of a user.
pub fn ping(ctx: &mut Ctx<'_>, args: &str) {
    let target = args
        .split_whitespace()
        .next()
        .unwrap_or(&ctx.session.name)
        .to_string();
    let found = ctx
        .world()
        .find(&target)
        .ok()
        .map(|p| (p.name.clone(), p.timeseal, p.round_trip_ms));
    match found {
        None => ctx.line(format!("No user named \"{target}\" is logged in.")),
        Some((name, false, _)) => ctx.line(format!(
            "{name} is not using timeseal; no ping time is known."
        )),
        Some((name, true, Some(ms))) => ctx.line(format!("Ping time for {name}: {ms} ms.")),
        Some((name, true, None)) => ctx.line(format!("No ping time is known for {name} yet.")),
    }
    if target.eq_ignore_ascii_case(&ctx.session.name) {
        // A fresh measurement for next time; the ping starts its own line.
        let ping = ctx.session.timing.ping_probe();
        ctx.out.push_str(ping);
    }
}

/// `lag [name]`: the lag credited on a user's last move, and (for yourself)
/// the allowance left.
pub fn lag(ctx: &mut Ctx<'_>, args: &str) {
    let target = args
        .split_whitespace()
        .next()
        .unwrap_or(&ctx.session.name)
        .to_string();
    let found = ctx
        .world()
        .find(&target)
        .ok()
        .map(|p| (p.name.clone(), p.timeseal, p.last_lag_ms));
    let Some((name, timeseal, last)) = found else {
        return ctx.line(format!("No user named \"{target}\" is logged in."));
    };
    if !timeseal {
        return ctx.line(format!(
            "{name} is not using timeseal: moves are timed by the server's clock."
        ));
    }
    ctx.line(format!(
        "Lag credited to {name} on the last move: {}.{:03} s.",
        last / 1000,
        last % 1000
    ));
    if name == ctx.session.name {
        let left = ctx.session.timing.allowance.quota_ms();
        ctx.line(format!(
            "Lag allowance left: {}.{:03} s (at most 1 s a move; it refills with time).",
            left / 1000,
            left % 1000
        ));
    }
}
