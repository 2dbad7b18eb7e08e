//! The public `computer` list (`=computer`, and for admins `+computer` and
//! `-computer`): the registered accounts with the `(C)` title.
//!
//! The list is the `is_computer` flag of the accounts in SQLite, so it
//! cannot disagree with the titles; a change reaches a player who is online
//! at once. Wording after lasker's `list.c`: `[Bot] added to the computer
//! list.`, and the player is told `You have been added to the computer list
//! by Admin.`

use super::Ctx;
use super::info::columns;
use crate::msg;
use crate::settings::vars::Number;
use crate::store::accounts;
use crate::world::FindError;

/// The list's name, as `showlist` prints it.
pub const NAME: &str = "computer";

/// Everyone may read the list; only admins may change it (FICS: PUBLIC).
fn refuse(ctx: &mut Ctx<'_>, typed: &str) {
    ctx.say(&msg!(
        "computers-is-not-an-appropriate-list",
        typed = typed.to_string()
    ));
}

/// `+computer name` (`add`) or `-computer name`.
pub fn change(ctx: &mut Ctx<'_>, typed: &str, item: &str, add: bool) {
    if !ctx.session.titles.admin {
        return refuse(ctx, typed);
    }
    // An online user may be named by a unique beginning, as everywhere.
    let online = {
        let world = ctx.world();
        match world.find(item) {
            Ok(p) => Ok(Some((p.name.clone(), p.is_registered()))),
            Err(FindError::NotFound) => Ok(None),
            Err(e @ FindError::Ambiguous(_)) => Err(crate::world::watching::find_error(item, e)),
        }
    };
    let name = match online {
        Err(e) => return ctx.say(&e),
        Ok(Some((name, false))) => {
            return ctx.say(&msg!(
                "computers-is-not-a-registered-player",
                name = name.to_string()
            ));
        }
        Ok(Some((name, true))) => name,
        Ok(None) => item.to_string(),
    };
    let shared = ctx.shared().clone();
    let admin = ctx.session.name.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let lookup = name.clone();
        let changed = shared
            .store
            .call(move |db| accounts::set_computer(db, &lookup, add))
            .await;
        let (registered, was) = match changed {
            Ok(Ok(Some(found))) => found,
            Ok(Ok(None)) => return voice.line(&msg!("tell-no-such-player", name = name)),
            _ => return voice.line(&msg!("database-unavailable")),
        };
        let change = if add { "added" } else { "removed" };
        if was == add {
            return voice.line(&msg!(
                "computers-unchanged",
                name = registered,
                change = change
            ));
        }
        tracing::info!(admin = %admin, player = %registered, computer = add, "computer list changed");
        let mut world = shared.world();
        let online = world.by_name(&registered).map(|p| p.id);
        if let Some(p) = online.and_then(|id| world.player_mut(id)) {
            p.titles.computer = add;
            p.send_event(crate::event::Event::line(crate::msg!(
                "computer-list-changed",
                change = change,
                admin = &admin
            )));
        }
        voice.line(&msg!(
            "computers-changed",
            name = registered,
            change = change
        ))
    });
}

/// `=computer`: every computer account.
pub fn show(ctx: &mut Ctx<'_>) {
    let shared = ctx.shared().clone();
    let width = ctx.session.vars.number(Number::Width) as usize;
    let voice = ctx.voice();
    ctx.reply_later(async move {
        match shared.store.call(accounts::computer_names).await {
            Ok(Ok(names)) => {
                voice.line(&msg!("list-show-header", list = NAME, n = names.len()))
                    + &columns(&names, width)
            }
            _ => voice.line(&msg!("database-unavailable")),
        }
    });
}
