//! Admin commands on accounts and users' records: `addplayer`,
//! `asetpasswd`, `remplayer`, `addcomment`, `showcomment`.

use super::Ctx;
use super::admin::{first_word, record};
use crate::account::{Titles, check_handle};
use crate::msg;
use crate::store::writer::passing;
use crate::store::{StoreError, accounts, admin as db};
use crate::timefmt::{fics_date, unix_now};

const DB_DOWN: &str = "The database is not available; try again later.\n";

/// What `addplayer` says when the disk refuses the new account.
fn unsaved_account(name: &str) -> String {
    format!(
        "The account {name} cannot be saved: the server cannot write to its database. It was not created; try again later.\n"
    )
}

/// `addplayer name password`: registers an account from inside the server.
pub fn addplayer(ctx: &mut Ctx<'_>, args: &str) {
    let (name, rest) = first_word(args);
    let (password, _) = first_word(rest);
    if name.is_empty() || password.is_empty() {
        return ctx.usage("addplayer name password");
    }
    if let Err(e) = check_handle(name) {
        return ctx.line(e.to_string().trim_end_matches("  Try again."));
    }
    let shared = ctx.shared().clone();
    let me = ctx.session.name.clone();
    let (name, password) = (name.to_string(), password.to_string());
    ctx.reply_later(async move {
        let Some(hash) = shared.hash_password(password).await else {
            return DB_DOWN.to_string();
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
                format!("Added: {name} is now a registered player.\n")
            }
            Ok(Err(accounts::CreateError::Exists(existing))) => {
                format!("A player named {existing} is already registered.\n")
            }
            Err(StoreError::Unsaved) => unsaved_account(&name),
            Ok(Err(accounts::CreateError::Db(e))) if passing(&e) => unsaved_account(&name),
            _ => DB_DOWN.to_string(),
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
    ctx.reply_later(async move {
        let lookup = name.clone();
        let account = match shared.store.call(move |c| accounts::find(c, &lookup)).await {
            Ok(Ok(a)) => a,
            _ => return DB_DOWN.to_string(),
        };
        let Some(account) = account else {
            return format!(
                "There is no account named \"{name}\"; unregistered players have no password.\n"
            );
        };
        if account.titles.admin && !account.name.eq_ignore_ascii_case(&me) {
            return "You can't set the password of another administrator.\n".to_string();
        }
        let Some(hash) = shared.hash_password(password).await else {
            return DB_DOWN.to_string();
        };
        let n = account.name.clone();
        match shared
            .store
            .call(move |c| accounts::set_password(c, &n, &hash))
            .await
        {
            Ok(Ok(true)) => {}
            _ => return DB_DOWN.to_string(),
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
        format!("Password of {} changed to {stars}.\n", account.name)
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
    ctx.reply_later(async move {
        let lookup = name.clone();
        let removed = shared
            .store
            .call(move |c| -> rusqlite::Result<Result<String, String>> {
                match accounts::find(c, &lookup)? {
                    None => Ok(Err(format!("There is no account named \"{lookup}\"."))),
                    Some(a) if a.titles.admin => {
                        Ok(Err("You can't remove an administrator.".to_string()))
                    }
                    Some(a) => {
                        db::remove_account(c, &a.name, unix_now())?;
                        Ok(Ok(a.name))
                    }
                }
            })
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
                format!("Player {shown} removed.\n")
            }
            Ok(Ok(Err(e))) => format!("{e}\n"),
            _ => DB_DOWN.to_string(),
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
    ctx.reply_later(async move {
        let lookup = name.clone();
        let comments = match store.call(move |c| db::comments(c, &lookup)).await {
            Ok(Ok(c)) => c,
            _ => return DB_DOWN.to_string(),
        };
        if comments.is_empty() {
            return format!("There are no comments for {name}.\n");
        }
        let mut s = format!("Comments for {name}:\n");
        for (i, c) in comments.iter().enumerate() {
            s.push_str(&format!(
                "{:>3}. {} at {}: {}\n",
                i + 1,
                c.admin,
                fics_date(c.at),
                c.text
            ));
        }
        s
    });
}
