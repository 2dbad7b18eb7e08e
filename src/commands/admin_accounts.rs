//! Admin commands on accounts and users' records: `addplayer`,
//! `asetpasswd`, `remplayer`, `addcomment`, `showcomment`.

use super::Ctx;
use super::admin::{first_word, record};
use crate::account::{Titles, check_handle};
use crate::event::Date;
use crate::msg;
use crate::store::writer::passing;
use crate::store::{StoreError, accounts, admin as db};
use crate::timefmt::unix_now;

/// What `addplayer` says when the disk refuses the new account.
fn unsaved_account(name: &str) -> crate::event::Msg {
    msg!("admin-account-unsaved", name = name)
}

/// `addplayer name password`: registers an account from inside the server.
pub fn addplayer(ctx: &mut Ctx<'_>, args: &str) {
    let (name, rest) = first_word(args);
    let (password, _) = first_word(rest);
    if name.is_empty() || password.is_empty() {
        return ctx.usage("addplayer name password");
    }
    if let Err(e) = check_handle(name) {
        return ctx.say(&crate::render::errors::handle_error(e));
    }
    let shared = ctx.shared().clone();
    let me = ctx.session.name.clone();
    let (name, password) = (name.to_string(), password.to_string());
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let db_down = || voice.line(&msg!("database-unavailable"));
        let Some(hash) = shared.hash_password(password).await else {
            return db_down();
        };
        let n = name.clone();
        let created = shared
            .store
            .call(move |c| accounts::create(c, &n, &hash, Titles::default(), unix_now()))
            .await;
        match created {
            Ok(Ok(_)) => {
                record(
                    &shared,
                    &me,
                    "addplayer",
                    Some(&name),
                    "",
                    Some("Account created."),
                );
                voice.line(&msg!("admin-player-added", name = &name))
            }
            Ok(Err(accounts::CreateError::Exists(existing))) => {
                voice.line(&msg!("admin-player-exists", name = existing))
            }
            Err(StoreError::Unsaved) => voice.line(&unsaved_account(&name)),
            Ok(Err(accounts::CreateError::Db(e))) if passing(&e) => {
                voice.line(&unsaved_account(&name))
            }
            _ => db_down(),
        }
    });
}

/// `asetpasswd name password`: sets another user's password.
pub fn asetpasswd(ctx: &mut Ctx<'_>, args: &str) {
    let (name, rest) = first_word(args);
    let (password, _) = first_word(rest);
    if name.is_empty() || password.is_empty() {
        return ctx.usage("asetpasswd name password");
    }
    let shared = ctx.shared().clone();
    let me = ctx.session.name.clone();
    let (name, password) = (name.to_string(), password.to_string());
    let stars = "*".repeat(password.len());
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let db_down = || voice.line(&msg!("database-unavailable"));
        let lookup = name.clone();
        let account = match shared.store.call(move |c| accounts::find(c, &lookup)).await {
            Ok(Ok(a)) => a,
            _ => return db_down(),
        };
        let Some(account) = account else {
            return voice.line(&msg!("admin-no-password", name = &name));
        };
        if account.titles.admin && !account.name.eq_ignore_ascii_case(&me) {
            return voice.line(&msg!("admin-password-admin"));
        }
        let Some(hash) = shared.hash_password(password).await else {
            return db_down();
        };
        let n = account.name.clone();
        match shared
            .store
            .call(move |c| accounts::set_password(c, &n, &hash))
            .await
        {
            Ok(Ok(true)) => {}
            _ => return db_down(),
        }
        if let Some(p) = shared.world().by_name(&account.name) {
            p.send_event(crate::event::Event::line(crate::msg!(
                "password-changed-by",
                name = &me
            )));
        }
        record(
            &shared,
            &me,
            "asetpasswd",
            Some(&account.name),
            "",
            Some("Password changed by an administrator."),
        );
        voice.line(&msg!(
            "admin-password-changed",
            name = &account.name,
            stars = stars
        ))
    });
}

/// `remplayer name`: removes an account (not while it is logged in). Its
/// adjourned games are aborted; its comments and finished games stay.
pub fn remplayer(ctx: &mut Ctx<'_>, args: &str) {
    let (name, _) = first_word(args);
    if name.is_empty() {
        return ctx.usage("remplayer name");
    }
    let online = ctx.world().by_name(name).map(|p| p.name.clone());
    if let Some(shown) = online {
        return ctx.say(&msg!(
            "admin-accounts-is-logged-in-nuke-them",
            shown = shown.to_string()
        ));
    }
    let shared = ctx.shared().clone();
    let me = ctx.session.name.clone();
    let name = name.to_string();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let lookup = name.clone();
        let removed = shared
            .store
            .call(
                move |c| -> rusqlite::Result<Result<String, crate::event::Msg>> {
                    match accounts::find(c, &lookup)? {
                        None => Ok(Err(msg!("admin-no-account", name = &lookup))),
                        Some(a) if a.titles.admin => Ok(Err(msg!("admin-remove-admin"))),
                        Some(a) => {
                            db::remove_account(c, &a.name, unix_now())?;
                            Ok(Ok(a.name))
                        }
                    }
                },
            )
            .await;
        match removed {
            Ok(Ok(Ok(shown))) => {
                shared.world().forget_stored_of(&shown);
                record(
                    &shared,
                    &me,
                    "remplayer",
                    Some(&shown),
                    "",
                    Some("Account removed."),
                );
                voice.line(&msg!("admin-player-removed", name = shown))
            }
            Ok(Ok(Err(e))) => voice.line(&e),
            _ => voice.line(&msg!("database-unavailable")),
        }
    });
}

/// `addcomment name text`: a note on a user's record.
pub fn addcomment(ctx: &mut Ctx<'_>, args: &str) {
    let (name, text) = first_word(args);
    if name.is_empty() || text.is_empty() {
        return ctx.usage("addcomment user comment");
    }
    if check_handle(name).is_err() {
        return ctx.say(&msg!(
            "admin-accounts-is-not-a-valid-handle",
            name = name.to_string()
        ));
    }
    let me = ctx.session.name.clone();
    let shown = ctx
        .world()
        .by_name(name)
        .map(|p| p.name.clone())
        .unwrap_or_else(|| name.to_string());
    record(
        ctx.shared(),
        &me,
        "addcomment",
        Some(&shown),
        text,
        Some(text),
    );
    ctx.say(&msg!(
        "admin-accounts-comment-added-for",
        shown = shown.to_string()
    ));
}

/// `showcomment name`: a user's record, oldest first.
pub fn showcomment(ctx: &mut Ctx<'_>, args: &str) {
    let (name, _) = first_word(args);
    if name.is_empty() {
        return ctx.usage("showcomment user");
    }
    let store = ctx.shared().store.clone();
    let name = name.to_string();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let lookup = name.clone();
        let comments = match store.call(move |c| db::comments(c, &lookup)).await {
            Ok(Ok(c)) => c,
            _ => return voice.line(&msg!("database-unavailable")),
        };
        if comments.is_empty() {
            return voice.line(&msg!("admin-no-comments", name = &name));
        }
        let mut s = voice.line(&msg!("admin-comments-header", name = &name));
        for (i, c) in comments.iter().enumerate() {
            // The comment's own text is the admin's, as written.
            s.push_str(&voice.line(&msg!(
                "admin-comment",
                n = format!("{:>3}", i + 1),
                admin = &c.admin,
                date = Date(c.at),
                text = &c.text
            )));
        }
        s
    });
}
