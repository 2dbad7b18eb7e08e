//! `accounts pending`, `accounts approve NAME`, `accounts reject NAME`:
//! the admins' side of `registration = "approval"` — the sign-ups waiting,
//! and the decision on each (an approved account logs in from then on; a
//! rejected one is deleted and its name is free again).

use super::Ctx;
use super::admin::{first_word, record};
use crate::msg;
use crate::store::selfserve::{self, Decision};
use crate::timefmt::fics_date;

/// `accounts pending | approve NAME | reject NAME`
pub fn accounts(ctx: &mut Ctx<'_>, args: &str) {
    let (sub, rest) = first_word(args);
    let (name, _) = first_word(rest);
    let sub = sub.to_ascii_lowercase();
    match (sub.as_str(), name.is_empty()) {
        ("pending" | "", true) => pending(ctx),
        ("approve" | "reject", false) => decide(ctx, sub == "approve", name.to_string()),
        _ => ctx.usage("accounts pending | approve name | reject name"),
    }
}

fn pending(ctx: &mut Ctx<'_>) {
    let shared = ctx.shared().clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let Ok(Ok(waiting)) = shared.store.call(selfserve::pending).await else {
            return voice.line(&msg!("database-unavailable"));
        };
        if waiting.is_empty() {
            return voice.line(&msg!("accounts-none-pending"));
        }
        let mut out = voice.line(&msg!("accounts-pending-head", count = waiting.len()));
        for w in &waiting {
            let email = w.email.clone().unwrap_or_else(|| "-".to_string());
            out.push_str(&voice.line(&msg!(
                "accounts-pending-row",
                name = &w.name,
                email = email,
                date = fics_date(w.created_at)
            )));
        }
        out
    });
}

fn decide(ctx: &mut Ctx<'_>, approve: bool, name: String) {
    let shared = ctx.shared().clone();
    let me = ctx.session.name.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let n = name.clone();
        let decided = shared
            .store
            .call(move |db| {
                if approve {
                    selfserve::approve(db, &n)
                } else {
                    selfserve::reject(db, &n)
                }
            })
            .await;
        match decided {
            Ok(Ok(Decision::Done(shown))) => {
                let action = if approve {
                    "accounts approve"
                } else {
                    "accounts reject"
                };
                record(&shared, &me, action, Some(&shown), "", None);
                if approve {
                    voice.line(&msg!("accounts-approved", name = &shown))
                } else {
                    voice.line(&msg!("accounts-rejected", name = &shown))
                }
            }
            Ok(Ok(Decision::NotWaiting(shown))) => {
                voice.line(&msg!("accounts-not-waiting", name = &shown))
            }
            Ok(Ok(Decision::NoSuch)) => voice.line(&msg!("accounts-no-such", name = &name)),
            _ => voice.line(&msg!("database-unavailable")),
        }
    });
}
