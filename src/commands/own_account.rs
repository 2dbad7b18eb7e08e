//! `password old new` and `close`: a registered user's own account. The
//! checks and the changes are `own_account.rs`'s, shared with the web
//! forms; passwords never appear in a reply or in the log.

use super::Ctx;
use crate::event::KickReason;
use crate::msg;
use crate::own_account;

/// `password old new`: changes one's own password.
pub fn password(ctx: &mut Ctx<'_>, args: &str) {
    if !ctx.session.is_registered() {
        return ctx.say(&msg!("password-unregistered"));
    }
    let words: Vec<&str> = args.split_whitespace().collect();
    let [old, new] = words[..] else {
        return ctx.usage("password old-password new-password");
    };
    if let Err(m) = own_account::check_new_password(new) {
        return ctx.say(&m);
    }
    let shared = ctx.shared().clone();
    let (name, addr) = (ctx.session.name.clone(), ctx.session.addr.ip());
    let (old, new) = (old.to_string(), new.to_string());
    let voice = ctx.voice();
    ctx.reply_later(async move {
        match own_account::change_password(&shared, addr, &name, old, new).await {
            Ok(()) => voice.line(&msg!("password-changed")),
            Err(m) => voice.line(&m),
        }
    });
}

/// `close` explains; `close password` closes one's own account for good
/// (games and rating stay in history, the name stays taken) and logs out.
pub fn close(ctx: &mut Ctx<'_>, args: &str) {
    if !ctx.session.is_registered() {
        return ctx.say(&msg!("close-unregistered"));
    }
    let words: Vec<&str> = args.split_whitespace().collect();
    let password = match words[..] {
        [] => {
            let name = ctx.session.name.clone();
            for m in [
                msg!("close-explain", name = &name),
                msg!("close-explain-kept"),
                msg!("close-explain-how"),
            ] {
                ctx.say(&m);
            }
            return;
        }
        [password] => password.to_string(),
        _ => return ctx.usage("close [password]"),
    };
    if ctx.world().is_playing(ctx.session.id) {
        return ctx.say(&msg!("close-while-playing"));
    }
    let shared = ctx.shared().clone();
    let (name, addr) = (ctx.session.name.clone(), ctx.session.addr.ip());
    let voice = ctx.voice();
    ctx.reply_later(async move {
        match own_account::close(&shared, addr, &name, password).await {
            Ok(shown) => {
                if let Some(p) = shared.world().by_name(&shown) {
                    p.send(crate::world::Out::Kick(KickReason::Said(msg!(
                        "close-done",
                        name = &shown
                    ))));
                }
                voice.line(&msg!("close-closing", name = &shown))
            }
            Err(m) => voice.line(&m),
        }
    });
}
