//! Registered users' personal lists: one row per entry, `(account, list,
//! item)`, items compared without regard to case.

use rusqlite::{Connection, params};

use super::{Store, messages};
use crate::settings::lists::GUEST_START;
use crate::settings::lists::{ListKind, Lists};

/// Saved entries, as `(list, item)` rows.
pub fn load(conn: &Connection, account_id: i64) -> rusqlite::Result<Vec<(String, String)>> {
    let mut stmt =
        conn.prepare("SELECT list, item FROM user_lists WHERE account_id = ?1 ORDER BY rowid")?;
    let rows = stmt.query_map([account_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// Saves one entry (nothing happens if it is there already).
pub fn add(conn: &Connection, account_id: i64, kind: ListKind, item: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR IGNORE INTO user_lists (account_id, list, item) VALUES (?1, ?2, ?3)",
        params![account_id, kind.name(), item],
    )?;
    Ok(())
}

/// Forgets one entry.
pub fn remove(
    conn: &Connection,
    account_id: i64,
    kind: ListKind,
    item: &str,
) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM user_lists WHERE account_id = ?1 AND list = ?2 AND item = ?3",
        params![account_id, kind.name(), item],
    )?;
    Ok(())
}

/// Whether an entry is on a saved list (for users who are not online).
pub fn contains(
    conn: &Connection,
    account_id: i64,
    kind: ListKind,
    item: &str,
) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM user_lists WHERE account_id = ?1 AND list = ?2 AND item = ?3)",
        params![account_id, kind.name(), item],
        |r| r.get(0),
    )
}

/// What a session needs from the store at login to start talking.
#[derive(Debug, Default)]
pub struct AtLogin {
    pub lists: Lists,
    /// Messages not read yet.
    pub new_messages: i64,
}

/// Loads a registered user's lists and counts their new messages.
pub fn at_login(conn: &Connection, account_id: i64) -> rusqlite::Result<AtLogin> {
    Ok(AtLogin {
        lists: Lists::restore(&load(conn, account_id)?),
        new_messages: messages::unread_count(conn, account_id)?,
    })
}

/// What a user starts with: a registered user's saved lists and new
/// messages, or a guest's start channels. A database error costs the
/// user their lists for this session, not the login.
pub async fn load_at_login(store: &Store, account: Option<i64>) -> AtLogin {
    let Some(account) = account else {
        let mut lists = Lists::default();
        lists.channels.extend(GUEST_START);
        return AtLogin {
            lists,
            new_messages: 0,
        };
    };
    match store.call(move |db| at_login(db, account)).await {
        Ok(Ok(loaded)) => loaded,
        Ok(Err(e)) => {
            tracing::error!(error = %e, "loading lists failed");
            AtLogin::default()
        }
        Err(_) => AtLogin::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::Titles;
    use crate::store::{accounts, schema};

    fn db() -> (Connection, i64) {
        let c = schema::memory();
        let id = accounts::create(&c, "Alice", "h", Titles::default(), 0).unwrap();
        (c, id)
    }

    #[test]
    fn entries_round_trip_without_regard_to_case() {
        let (c, id) = db();
        add(&c, id, ListKind::Censor, "Bob").unwrap();
        add(&c, id, ListKind::Censor, "BOB").unwrap();
        add(&c, id, ListKind::Channel, "53").unwrap();
        add(&c, id, ListKind::Notify, "Carol").unwrap();
        assert!(contains(&c, id, ListKind::Censor, "bob").unwrap());
        assert!(!contains(&c, id, ListKind::Noplay, "bob").unwrap());
        assert_eq!(load(&c, id).unwrap().len(), 3);
        remove(&c, id, ListKind::Censor, "bOb").unwrap();
        assert!(!contains(&c, id, ListKind::Censor, "Bob").unwrap());
        let l = at_login(&c, id).unwrap();
        assert!(l.lists.channels.contains(&53));
        assert!(l.lists.notify.contains("carol"));
        assert_eq!(l.new_messages, 0);
    }
}
