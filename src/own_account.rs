//! What a user does to their own account, whichever way they come in (the
//! `password` and `close` commands, the web forms): checking the password
//! they type, changing it, closing the account.
//!
//! A password is checked as at login: on the hashing threads, and through
//! the login throttle, so that a session (or a page) cannot be used to
//! guess an account's password faster than the login prompt allows. It is
//! never written anywhere but as a bcrypt hash, and never logged.

use std::net::IpAddr;
use std::sync::Arc;

use tokio::time::Instant;

use crate::event::Msg;
use crate::msg;
use crate::shared::Shared;
use crate::store::accounts::{self, Account};
use crate::store::selfserve::{self, Standing};
use crate::timefmt::unix_now;

/// The shortest and longest passwords people may choose (bcrypt reads 72
/// bytes at most; a longer one would be cut without a word).
pub const PASSWORD_MIN: usize = 4;
pub const PASSWORD_MAX: usize = 64;

/// Why a new password typed twice in a form is refused: the two differ,
/// or [`check_new_password`] refuses it.
pub fn check_password_twice(password: &str, again: &str) -> Result<(), Msg> {
    if password != again {
        return Err(msg!("signup-passwords-differ"));
    }
    check_new_password(password)
}

/// Why a new password is refused, as the user's line.
pub fn check_new_password(password: &str) -> Result<(), Msg> {
    if password.chars().count() < PASSWORD_MIN {
        return Err(msg!("password-too-short", min = PASSWORD_MIN));
    }
    if password.len() > PASSWORD_MAX {
        return Err(msg!("password-too-long", max = PASSWORD_MAX));
    }
    if password
        .chars()
        .any(|c| c.is_whitespace() || c.is_control())
    {
        return Err(msg!("password-no-spaces"));
    }
    Ok(())
}

/// The open account `name` if `password` is its password; the refusal
/// line otherwise. Wrong guesses count in the login throttle for `addr`.
pub async fn verify(
    shared: &Arc<Shared>,
    addr: IpAddr,
    name: &str,
    password: String,
) -> Result<Account, Msg> {
    let lookup = name.to_string();
    let found = shared
        .store
        .call(move |db| -> rusqlite::Result<Option<(Account, Standing)>> {
            match accounts::find(db, &lookup)? {
                Some(a) => {
                    let s = selfserve::standing(db, a.id)?;
                    Ok(Some((a, s)))
                }
                None => Ok(None),
            }
        })
        .await;
    let (account, standing) = match found {
        Ok(Ok(Some(found))) => found,
        Ok(Ok(None)) => return Err(msg!("password-wrong")),
        _ => return Err(msg!("database-unavailable")),
    };
    if standing == Standing::Closed {
        return Err(msg!("password-wrong"));
    }
    let delay = shared.throttle().delay(addr, account.id, Instant::now());
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let ok = shared
        .hasher
        .verify(password, account.password_hash.clone())
        .await;
    if !ok {
        let failures = shared.throttle().failed(addr, account.id, Instant::now());
        tracing::warn!(addr = %addr, name = %account.name, failures, "invalid password (own account)");
        return Err(msg!("password-wrong"));
    }
    shared
        .throttle()
        .succeeded(addr, account.id, Instant::now());
    Ok(account)
}

/// Sets a new password on an account (checked by the caller).
pub async fn set_password(shared: &Arc<Shared>, account: &Account, new: String) -> Result<(), Msg> {
    let Some(hash) = shared.hash_password(new).await else {
        return Err(msg!("database-unavailable"));
    };
    let name = account.name.clone();
    match shared
        .store
        .call(move |db| accounts::set_password(db, &name, &hash))
        .await
    {
        Ok(Ok(true)) => {
            tracing::info!(name = %account.name, "password changed by its owner");
            Ok(())
        }
        _ => Err(msg!("database-unavailable")),
    }
}

/// `old` → `new` on `name`'s account: both checks, then the change.
pub async fn change_password(
    shared: &Arc<Shared>,
    addr: IpAddr,
    name: &str,
    old: String,
    new: String,
) -> Result<(), Msg> {
    check_new_password(&new)?;
    let account = verify(shared, addr, name, old).await?;
    set_password(shared, &account, new).await
}

/// Closes account `name` once `password` is checked: the caller has made
/// sure it plays no game. Its adjourned games are aborted; whoever is
/// logged in under the name is let go by the caller.
pub async fn close(
    shared: &Arc<Shared>,
    addr: IpAddr,
    name: &str,
    password: String,
) -> Result<String, Msg> {
    let account = verify(shared, addr, name, password).await?;
    let id = account.id;
    match shared
        .store
        .call(move |db| selfserve::close(db, id, unix_now()))
        .await
    {
        Ok(Ok(_)) => {}
        _ => return Err(msg!("database-unavailable")),
    }
    shared.world().forget_stored_of(&account.name);
    tracing::info!(name = %account.name, "account closed by its owner");
    Ok(account.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_password_rules() {
        assert!(check_new_password("abcd").is_ok());
        assert_eq!(
            check_new_password("abc").unwrap_err().id,
            "password-too-short"
        );
        assert_eq!(
            check_new_password(&"x".repeat(65)).unwrap_err().id,
            "password-too-long"
        );
        assert_eq!(
            check_new_password("ab cd").unwrap_err().id,
            "password-no-spaces"
        );
        assert!(check_new_password("àéîõü").is_ok());
    }
}
