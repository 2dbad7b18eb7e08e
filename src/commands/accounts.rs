//! `accounts pending`, `accounts approve NAME`, `accounts reject NAME`:
//! the admins' side of `registration = "approval"` — the sign-ups waiting,
//! and the decision on each (an approved account logs in from then on; a
//! rejected one is deleted and its name is free again).

use super::Ctx;
use super::admin::first_word;
use crate::msg;
use crate::signup::queue;
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
        let waiting = match queue::pending(&shared).await {
            Ok(waiting) => waiting,
            Err(m) => return voice.line(&m),
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
        match queue::decide(&shared, &me, approve, name).await {
            Ok(m) | Err(m) => voice.line(&m),
        }
    });
}
