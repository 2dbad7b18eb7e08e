//! Administration in the database: bans and muzzles on accounts, comments
//! on users (the audit trail `showcomment` reads) and the log of every
//! admin action.
//!
//! Comments and log rows name users by handle, not by account id, so that
//! the trail outlives an account removed with `remplayer`.

use rusqlite::{Connection, OptionalExtension, params};

use crate::store::games::status;

/// What an account may not do.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Restrictions {
    /// Login is refused.
    pub banned: bool,
    /// No shouts or channel tells.
    pub muzzled: bool,
}

/// The restrictions on an account.
pub fn restrictions(conn: &Connection, account_id: i64) -> rusqlite::Result<Restrictions> {
    conn.query_row(
        "SELECT banned, muzzled FROM accounts WHERE id = ?1",
        [account_id],
        |r| {
            Ok(Restrictions {
                banned: r.get(0)?,
                muzzled: r.get(1)?,
            })
        },
    )
    .optional()
    .map(Option::unwrap_or_default)
}

/// Sets or clears the ban on an account; the account's name as registered,
/// or `None` when there is no such account.
pub fn set_banned(conn: &Connection, name: &str, banned: bool) -> rusqlite::Result<Option<String>> {
    set_flag(conn, name, "banned", banned)
}

/// Sets or clears the muzzle on an account (see [`set_banned`]).
pub fn set_muzzled(
    conn: &Connection,
    name: &str,
    muzzled: bool,
) -> rusqlite::Result<Option<String>> {
    set_flag(conn, name, "muzzled", muzzled)
}

fn set_flag(
    conn: &Connection,
    name: &str,
    column: &'static str,
    on: bool,
) -> rusqlite::Result<Option<String>> {
    // `column` is one of two constants above, never user input.
    let n = conn.execute(
        &format!("UPDATE accounts SET {column} = ?1 WHERE name_lower = ?2"),
        params![on, name.to_ascii_lowercase()],
    )?;
    if n == 0 {
        return Ok(None);
    }
    conn.query_row(
        "SELECT name FROM accounts WHERE name_lower = ?1",
        [name.to_ascii_lowercase()],
        |r| r.get(0),
    )
    .optional()
}

/// Removes an account. Its finished games stay (with the name, without the
/// account); its adjourned games can never be resumed, so they become
/// aborted. Returns the ids of those games.
pub fn remove_account(conn: &Connection, name: &str, now: i64) -> rusqlite::Result<Vec<i64>> {
    let key = name.to_ascii_lowercase();
    let mut stmt = conn
        .prepare("SELECT id FROM games WHERE status = ?1 AND (white_key = ?2 OR black_key = ?2)")?;
    let ids: Vec<i64> = stmt
        .query_map(params![status::ADJOURNED, key], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    conn.execute(
        "UPDATE games SET status = ?1, result = '*', reason = 'Game aborted: a player was removed', end_code = '',
             ended_at = ?2
         WHERE status = ?3 AND (white_key = ?4 OR black_key = ?4)",
        params![status::ABORTED, now, status::ADJOURNED, key],
    )?;
    conn.execute("DELETE FROM accounts WHERE name_lower = ?1", [key])?;
    Ok(ids)
}

/// One comment on a user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    pub admin: String,
    pub at: i64,
    pub text: String,
}

/// Adds a comment to a user's record.
pub fn add_comment(
    conn: &Connection,
    target: &str,
    admin: &str,
    text: &str,
    at: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO comments (target_key, target, admin, at, text) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![target.to_ascii_lowercase(), target, admin, at, text],
    )?;
    Ok(())
}

/// Every comment on a user, oldest first.
pub fn comments(conn: &Connection, target: &str) -> rusqlite::Result<Vec<Comment>> {
    let mut stmt =
        conn.prepare("SELECT admin, at, text FROM comments WHERE target_key = ?1 ORDER BY id")?;
    stmt.query_map([target.to_ascii_lowercase()], |r| {
        Ok(Comment {
            admin: r.get(0)?,
            at: r.get(1)?,
            text: r.get(2)?,
        })
    })?
    .collect()
}

/// Records an admin action in the log.
pub fn log_action(
    conn: &Connection,
    at: i64,
    admin: &str,
    action: &str,
    target: Option<&str>,
    detail: &str,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO admin_log (at, admin, action, target, detail) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![at, admin, action, target, detail],
    )?;
    Ok(())
}

/// One row of the admin log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogRow {
    pub at: i64,
    pub admin: String,
    pub action: String,
    pub target: Option<String>,
    pub detail: String,
}

/// The admin log, oldest first.
pub fn log(conn: &Connection) -> rusqlite::Result<Vec<LogRow>> {
    let mut stmt =
        conn.prepare("SELECT at, admin, action, target, detail FROM admin_log ORDER BY id")?;
    stmt.query_map([], |r| {
        Ok(LogRow {
            at: r.get(0)?,
            admin: r.get(1)?,
            action: r.get(2)?,
            target: r.get(3)?,
            detail: r.get(4)?,
        })
    })?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::Titles;
    use crate::store::{accounts, schema};

    fn db() -> Connection {
        schema::memory()
    }

    #[test]
    fn bans_muzzles_comments_and_the_log() {
        let c = db();
        let id = accounts::create(&c, "Alice", "h", Titles::default(), 1).unwrap();
        assert_eq!(restrictions(&c, id).unwrap(), Restrictions::default());
        assert_eq!(
            set_banned(&c, "ALICE", true).unwrap().as_deref(),
            Some("Alice")
        );
        assert_eq!(
            set_muzzled(&c, "alice", true).unwrap().as_deref(),
            Some("Alice")
        );
        assert_eq!(
            restrictions(&c, id).unwrap(),
            Restrictions {
                banned: true,
                muzzled: true
            }
        );
        set_banned(&c, "alice", false).unwrap();
        assert!(!restrictions(&c, id).unwrap().banned);
        assert_eq!(set_banned(&c, "nobody", true).unwrap(), None);
        add_comment(&c, "Alice", "Boss", "first", 5).unwrap();
        add_comment(&c, "alice", "Boss", "second", 6).unwrap();
        let all = comments(&c, "ALICE").unwrap();
        assert_eq!(
            all.iter().map(|c| c.text.as_str()).collect::<Vec<_>>(),
            ["first", "second"]
        );
        log_action(&c, 7, "Boss", "ban", Some("Alice"), "").unwrap();
        assert_eq!(log(&c).unwrap()[0].action, "ban");
    }

    #[test]
    fn removing_an_account_aborts_its_adjourned_games_and_keeps_comments() {
        let c = db();
        accounts::create(&c, "Alice", "h", Titles::default(), 1).unwrap();
        c.execute_batch(
            "INSERT INTO games (id, white, black, white_key, black_key, white_rating, black_rating, minutes, inc,
                 rated, started_at, status, white_ms, black_ms)
             VALUES (1, 'Alice', 'Bob', 'alice', 'bob', '----', '----', 5, 0, 0, 0, 'adjourned', 1, 1),
                    (2, 'Alice', 'Bob', 'alice', 'bob', '----', '----', 5, 0, 0, 0, 'finished', 1, 1);",
        )
        .unwrap();
        add_comment(&c, "Alice", "Boss", "note", 1).unwrap();
        assert_eq!(remove_account(&c, "alice", 9).unwrap(), vec![1]);
        assert!(accounts::find(&c, "alice").unwrap().is_none());
        let st: String = c
            .query_row("SELECT status FROM games WHERE id = 1", [], |r| r.get(0))
            .unwrap();
        assert_eq!(st, "aborted");
        let st: String = c
            .query_row("SELECT status FROM games WHERE id = 2", [], |r| r.get(0))
            .unwrap();
        assert_eq!(st, "finished");
        assert_eq!(comments(&c, "alice").unwrap().len(), 1);
    }
}
