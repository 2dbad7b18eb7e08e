//! Accounts their owners make, keep and close (issue 29): whether an
//! account may log in, the queue of sign-ups waiting for an admin, e-mail
//! addresses, and closing an account for good.
//!
//! A closed account keeps its row: its finished games, its rating and its
//! place in the tournaments' history still name it, and nobody else may
//! register or play under its name. Only its password goes (no password
//! matches an empty hash) and its adjourned games, which can never be
//! resumed, are aborted, as `remplayer` does.

use rusqlite::{Connection, OptionalExtension, params};

use crate::account::Titles;
use crate::store::accounts::{self, CreateError};
use crate::store::games::status;

/// Whether an account may log in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// An ordinary account.
    Open,
    /// Made with `registration = "approval"` and not approved yet.
    Pending,
    /// Closed by its owner.
    Closed,
}

/// The standing of account `id` (`Open` for a row that is not there: the
/// caller found the account a moment ago).
pub fn standing(conn: &Connection, id: i64) -> rusqlite::Result<Standing> {
    let row: Option<(Option<i64>, bool)> = conn
        .query_row(
            "SELECT closed_at, approved FROM accounts WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    Ok(match row {
        Some((Some(_), _)) => Standing::Closed,
        Some((None, false)) => Standing::Pending,
        _ => Standing::Open,
    })
}

/// A sign-up: a new account with its e-mail address (if given), approved
/// at once or waiting for an admin. The name must already satisfy the
/// handle rules.
pub fn sign_up(
    conn: &Connection,
    name: &str,
    password_hash: &str,
    email: Option<&str>,
    approved: bool,
    now: i64,
) -> Result<i64, CreateError> {
    let id = accounts::create(conn, name, password_hash, Titles::default(), now)?;
    conn.execute(
        "UPDATE accounts SET email = ?1, approved = ?2 WHERE id = ?3",
        params![email, approved, id],
    )
    .map_err(CreateError::Db)?;
    Ok(id)
}

/// One account waiting for approval.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    pub name: String,
    pub email: Option<String>,
    pub created_at: i64,
}

/// The accounts waiting for an admin, oldest first.
pub fn pending(conn: &Connection) -> rusqlite::Result<Vec<Waiting>> {
    let mut stmt = conn.prepare(
        "SELECT name, email, created_at FROM accounts
         WHERE approved = 0 AND closed_at IS NULL ORDER BY created_at, id",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(Waiting {
            name: r.get(0)?,
            email: r.get(1)?,
            created_at: r.get(2)?,
        })
    })?;
    rows.collect()
}

/// What became of an admin's decision on a sign-up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Done, for the account of this name (as registered).
    Done(String),
    /// There is no such account.
    NoSuch,
    /// The account is not waiting (approved before, or closed).
    NotWaiting(String),
}

/// Approves a waiting account.
pub fn approve(conn: &Connection, name: &str) -> rusqlite::Result<Decision> {
    decide(conn, name, |c, id| {
        c.execute("UPDATE accounts SET approved = 1 WHERE id = ?1", [id])
            .map(drop)
    })
}

/// Refuses a waiting account: its row goes, and the name is free again.
pub fn reject(conn: &Connection, name: &str) -> rusqlite::Result<Decision> {
    decide(conn, name, |c, id| {
        c.execute("DELETE FROM accounts WHERE id = ?1", [id])
            .map(drop)
    })
}

fn decide(
    conn: &Connection,
    name: &str,
    act: impl FnOnce(&Connection, i64) -> rusqlite::Result<()>,
) -> rusqlite::Result<Decision> {
    let Some(account) = accounts::find(conn, name)? else {
        return Ok(Decision::NoSuch);
    };
    if standing(conn, account.id)? != Standing::Pending {
        return Ok(Decision::NotWaiting(account.name));
    }
    act(conn, account.id)?;
    Ok(Decision::Done(account.name))
}

/// The e-mail address of an account, if it gave one.
pub fn email(conn: &Connection, id: i64) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT email FROM accounts WHERE id = ?1", [id], |r| {
        r.get(0)
    })
    .optional()
    .map(Option::flatten)
}

/// Closes account `id` at `now`: no password opens it any more, its
/// adjourned games are aborted (their ids are returned) and the messages
/// waiting for it are deleted. Games, rating and name stay.
pub fn close(conn: &Connection, id: i64, now: i64) -> rusqlite::Result<Vec<i64>> {
    let Some(name): Option<String> = conn
        .query_row("SELECT name_lower FROM accounts WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .optional()?
    else {
        return Ok(Vec::new());
    };
    let mut stmt = conn
        .prepare("SELECT id FROM games WHERE status = ?1 AND (white_key = ?2 OR black_key = ?2)")?;
    let ids: Vec<i64> = stmt
        .query_map(params![status::ADJOURNED, name], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    conn.execute(
        "UPDATE games SET status = ?1, result = '*', reason = 'Game aborted: a player closed the account',
             end_code = '', ended_at = ?2
         WHERE status = ?3 AND (white_key = ?4 OR black_key = ?4)",
        params![status::ABORTED, now, status::ADJOURNED, name],
    )?;
    conn.execute("DELETE FROM messages WHERE recipient_id = ?1", [id])?;
    conn.execute("DELETE FROM password_resets WHERE account_id = ?1", [id])?;
    conn.execute(
        "UPDATE accounts SET closed_at = ?1, password_hash = '', email = NULL WHERE id = ?2",
        params![now, id],
    )?;
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::schema;

    #[test]
    fn sign_up_approve_reject_and_close() {
        let c = schema::memory();
        let a = sign_up(&c, "Newbie", "h", Some("n@example.org"), false, 5).unwrap();
        assert_eq!(standing(&c, a).unwrap(), Standing::Pending);
        assert_eq!(
            pending(&c).unwrap()[0].email.as_deref(),
            Some("n@example.org")
        );
        assert_eq!(
            approve(&c, "newbie").unwrap(),
            Decision::Done("Newbie".into())
        );
        assert_eq!(standing(&c, a).unwrap(), Standing::Open);
        assert_eq!(
            approve(&c, "newbie").unwrap(),
            Decision::NotWaiting("Newbie".into())
        );
        assert_eq!(approve(&c, "nobody").unwrap(), Decision::NoSuch);
        sign_up(&c, "Rude", "h", None, false, 6).unwrap();
        assert_eq!(reject(&c, "rude").unwrap(), Decision::Done("Rude".into()));
        assert!(accounts::find(&c, "rude").unwrap().is_none());
        assert!(pending(&c).unwrap().is_empty());
        close(&c, a, 9).unwrap();
        assert_eq!(standing(&c, a).unwrap(), Standing::Closed);
        let kept = accounts::find(&c, "newbie").unwrap().unwrap();
        assert_eq!(kept.password_hash, "");
        assert_eq!(email(&c, a).unwrap(), None);
        assert!(matches!(
            sign_up(&c, "NEWBIE", "h", None, true, 10),
            Err(CreateError::Exists(_))
        ));
    }
}
