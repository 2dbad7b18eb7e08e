//! Accounts people make themselves (issue 29): the sign-up rules shared by
//! the web form (`/register`, [`crate::web::register`]) and the admins'
//! approval queue (`accounts pending`, `accounts approve NAME`, the
//! `/approvals` page: [`queue`]).
//!
//! A sign-up is checked in the order a person would fix it: whether the
//! server takes sign-ups at all, the name (the login rules, then the
//! operator's list of reserved names), the two passwords, the e-mail
//! address; only then does it count against the address's hourly limit,
//! and only then is the password hashed — on the hashing threads, like a
//! login's, so that a flood of sign-ups cannot slow play.

pub mod limit;
pub mod names;
pub mod queue;

use std::net::IpAddr;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::event::Msg;
use crate::msg;
use crate::shared::Shared;
use crate::store::accounts::CreateError;
use crate::store::selfserve;
use crate::timefmt::unix_now;

/// Who may make an account (`registration` in config.toml).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Registration {
    /// Anyone, at once.
    #[default]
    Open,
    /// Anyone, but the account logs in only once an admin approves it.
    Approval,
    /// Nobody: admins create accounts (`addplayer`, `atomicd user add`).
    Closed,
}

/// What a person typed into the form.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Form {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub password2: String,
    #[serde(default)]
    pub email: String,
}

/// A sign-up that went through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Done {
    /// The account is made and logs in now.
    Open(String),
    /// The account is made and waits for an admin.
    Waiting(String),
}

/// The longest e-mail address kept (RFC 5321's limit on a path).
const EMAIL_MAX: usize = 254;

/// Why an e-mail address is refused; empty means none was given.
fn check_email(email: &str) -> Result<Option<&str>, Msg> {
    let email = email.trim();
    if email.is_empty() {
        return Ok(None);
    }
    let well_formed = email.len() <= EMAIL_MAX
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && email.split_once('@').is_some_and(|(user, host)| {
            !user.is_empty() && host.contains('.') && !host.contains('@')
        });
    if well_formed {
        Ok(Some(email))
    } else {
        Err(msg!("signup-email-bad"))
    }
}

/// Every check that needs neither the database nor the hashing threads.
pub fn check(form: &Form, reserved: &names::Reserved) -> Result<(), Msg> {
    names::check(form.name.trim(), reserved)?;
    crate::own_account::check_password_twice(&form.password, &form.password2)?;
    check_email(&form.email)?;
    Ok(())
}

/// Signs `form` up from address `ip`, as the configuration allows.
pub async fn sign_up(
    shared: &Arc<Shared>,
    limiter: &limit::SignupLimit,
    ip: IpAddr,
    form: Form,
) -> Result<Done, Msg> {
    let (mode, per_hour, data_dir) = {
        let config = shared.config();
        (
            config.registration,
            config.signups_per_hour,
            config.data_dir.clone(),
        )
    };
    if mode == Registration::Closed {
        return Err(msg!("signup-closed"));
    }
    let reserved = names::Reserved::load(&data_dir).await;
    check(&form, &reserved)?;
    let name = form.name.trim().to_string();
    if shared.world().by_name(&name).is_some() {
        return Err(msg!("signup-name-taken", name = &name));
    }
    if !limiter.take(ip, per_hour, tokio::time::Instant::now()) {
        tracing::warn!(addr = %ip, "sign-up refused: too many from this address");
        return Err(msg!("signup-too-many"));
    }
    let email = check_email(&form.email)?.map(str::to_string);
    let Some(hash) = shared.hash_password(form.password).await else {
        return Err(msg!("database-unavailable"));
    };
    let approved = mode == Registration::Open;
    let n = name.clone();
    let made = shared
        .store
        .call(move |db| selfserve::sign_up(db, &n, &hash, email.as_deref(), approved, unix_now()))
        .await;
    match made {
        Ok(Ok(_)) => {
            tracing::info!(name = %name, addr = %ip, approved, "account signed up");
            Ok(if approved {
                Done::Open(name)
            } else {
                Done::Waiting(name)
            })
        }
        Ok(Err(CreateError::Exists(existing))) => Err(msg!("signup-name-taken", name = &existing)),
        _ => Err(msg!("database-unavailable")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(name: &str, p1: &str, p2: &str, email: &str) -> Form {
        Form {
            name: name.into(),
            password: p1.into(),
            password2: p2.into(),
            email: email.into(),
        }
    }

    #[test]
    fn the_form_is_checked_in_order() {
        let reserved = names::Reserved::parse("admin\nbad*\n");
        let id = |f: Form| check(&f, &reserved).err().map(|m| m.id);
        assert_eq!(id(form("Newbie", "secret", "secret", "")), None);
        assert_eq!(
            id(form("Newbie", "secret", "secret", "n@example.org")),
            None
        );
        assert_eq!(
            id(form("ab", "secret", "secret", "")),
            Some("signup-name-short")
        );
        assert_eq!(
            id(form("Admin", "secret", "secret", "")),
            Some("signup-name-reserved")
        );
        assert_eq!(
            id(form("Badword", "secret", "secret", "")),
            Some("signup-name-reserved")
        );
        assert_eq!(
            id(form("Newbie", "secret", "secreT", "")),
            Some("signup-passwords-differ")
        );
        assert_eq!(
            id(form("Newbie", "abc", "abc", "")),
            Some("password-too-short")
        );
        assert_eq!(
            id(form("Newbie", "secret", "secret", "nope")),
            Some("signup-email-bad")
        );
        assert_eq!(
            id(form("Newbie", "secret", "secret", "a b@c.d")),
            Some("signup-email-bad")
        );
    }

    #[test]
    fn registration_reads_from_toml() {
        #[derive(Deserialize)]
        struct T {
            registration: Registration,
        }
        let t: T = toml::from_str("registration = \"approval\"").unwrap();
        assert_eq!(t.registration, Registration::Approval);
        assert!(toml::from_str::<T>("registration = \"maybe\"").is_err());
    }
}
