//! `open` and `bell`: FICS's toggles, the same as `set open` and `set bell`
//! with the value turned over (and the same replies).

use super::Ctx;
use crate::settings::vars::Switch;

fn toggle(ctx: &mut Ctx<'_>, name: &str, switch: Switch) {
    let now = ctx.session.vars.switch(switch);
    super::vars::set(ctx, &format!("{name} {}", if now { 0 } else { 1 }));
}

/// `open`: whether others may challenge you.
pub fn open(ctx: &mut Ctx<'_>, _args: &str) {
    toggle(ctx, "open", Switch::Open);
}

/// `bell`: whether the server rings (a challenge, a move in your game).
pub fn bell(ctx: &mut Ctx<'_>, _args: &str) {
    toggle(ctx, "bell", Switch::Bell);
}
