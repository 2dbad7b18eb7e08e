//! The approval queue of `registration = "approval"`, whichever way an
//! admin works through it (`accounts pending|approve|reject` on telnet,
//! the `/approvals` page): the accounts waiting, and each decision, with
//! the decision written to the admin log like every admin action.

use std::sync::Arc;

use crate::event::Msg;
use crate::msg;
use crate::shared::Shared;
use crate::store::admin as log;
use crate::store::selfserve::{self, Decision, Waiting};
use crate::timefmt::unix_now;

/// The accounts waiting for an admin, oldest first.
pub async fn pending(shared: &Arc<Shared>) -> Result<Vec<Waiting>, Msg> {
    match shared.store.call(selfserve::pending).await {
        Ok(Ok(waiting)) => Ok(waiting),
        _ => Err(msg!("database-unavailable")),
    }
}

/// `admin` approves (or rejects) the waiting account `name`: the line
/// that says it is done, or why not.
pub async fn decide(
    shared: &Arc<Shared>,
    admin: &str,
    approve: bool,
    name: String,
) -> Result<Msg, Msg> {
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
            tracing::info!(admin, action, target = %shown, "admin action");
            let (who, target) = (admin.to_string(), shown.clone());
            shared.store.write("admin log", move |c| {
                log::log_action(c, unix_now(), &who, action, Some(&target), "")
            });
            Ok(if approve {
                msg!("accounts-approved", name = &shown)
            } else {
                msg!("accounts-rejected", name = &shown)
            })
        }
        Ok(Ok(Decision::NotWaiting(shown))) => Err(msg!("accounts-not-waiting", name = &shown)),
        Ok(Ok(Decision::NoSuch)) => Err(msg!("accounts-no-such", name = &name)),
        _ => Err(msg!("database-unavailable")),
    }
}
