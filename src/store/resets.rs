//! Password-reset tokens (`password_resets`, migration 11): each kept as
//! the SHA-256 of the token mailed, never the token itself, with an
//! expiry; a token is taken (deleted) by its first use, so a link works
//! once.

use rusqlite::{Connection, OptionalExtension, params};

use super::accounts;
use super::selfserve::{self, Standing};

/// The open account `name` if `email` is its address (case aside): its
/// id, its name and its address as registered (the mail goes to the
/// address kept, not to what was typed).
pub fn account_with_email(
    conn: &Connection,
    name: &str,
    email: &str,
) -> rusqlite::Result<Option<(i64, String, String)>> {
    let Some(account) = accounts::find(conn, name)? else {
        return Ok(None);
    };
    if selfserve::standing(conn, account.id)? != Standing::Open {
        return Ok(None);
    }
    Ok(selfserve::email(conn, account.id)?
        .filter(|kept| kept.trim().eq_ignore_ascii_case(email.trim()))
        .map(|kept| (account.id, account.name, kept)))
}

/// Keeps a new token's hash; the expired ones go at the same time.
pub fn insert(
    conn: &Connection,
    account_id: i64,
    token_hash: &str,
    expires_at: i64,
    now: i64,
) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM password_resets WHERE expires_at < ?1", [now])?;
    conn.execute(
        "INSERT OR REPLACE INTO password_resets (token_hash, account_id, expires_at)
         VALUES (?1, ?2, ?3)",
        params![token_hash, account_id, expires_at],
    )?;
    Ok(())
}

/// Takes the token of this hash: the name of its account if it was there
/// and not expired. Either way it is gone afterwards.
pub fn take(conn: &Connection, token_hash: &str, now: i64) -> rusqlite::Result<Option<String>> {
    let found: Option<(String, i64)> = conn
        .query_row(
            "SELECT a.name, r.expires_at FROM password_resets r
             JOIN accounts a ON a.id = r.account_id WHERE r.token_hash = ?1",
            [token_hash],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    conn.execute(
        "DELETE FROM password_resets WHERE token_hash = ?1",
        [token_hash],
    )?;
    Ok(found.and_then(|(name, expires)| (expires >= now).then_some(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_taken_once_and_not_after_it_expires() {
        let db = crate::store::schema::memory();
        let id = selfserve::sign_up(&db, "Newbie", "h", Some("N@Example.org"), true, 0).unwrap();
        assert_eq!(
            account_with_email(&db, "newbie", "n@example.org").unwrap(),
            Some((id, "Newbie".to_string(), "N@Example.org".to_string()))
        );
        assert_eq!(
            account_with_email(&db, "Newbie", "x@example.org").unwrap(),
            None
        );
        insert(&db, id, "aa", 100, 0).unwrap();
        insert(&db, id, "bb", 100, 0).unwrap();
        assert_eq!(take(&db, "aa", 50).unwrap().as_deref(), Some("Newbie"));
        assert_eq!(take(&db, "aa", 50).unwrap(), None);
        assert_eq!(take(&db, "bb", 101).unwrap(), None);
        assert_eq!(take(&db, "bb", 50).unwrap(), None);
    }
}
