//! Accounts: names, password hashes, titles, saved variables and aliases.
//!
//! Parameterised SQL only. Names are matched case-insensitively through the
//! `name_lower` column; `name` keeps the case the user registered with.

use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::account::Titles;

/// One registered account.
#[derive(Debug, Clone)]
pub struct Account {
    pub id: i64,
    pub name: String,
    pub password_hash: String,
    pub titles: Titles,
    pub created_at: i64,
    pub last_login: Option<i64>,
    pub last_logout: Option<i64>,
}

const COLUMNS: &str =
    "id, name, password_hash, is_admin, is_td, is_computer, created_at, last_login, last_logout";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Account> {
    Ok(Account {
        id: r.get(0)?,
        name: r.get(1)?,
        password_hash: r.get(2)?,
        titles: Titles {
            admin: r.get(3)?,
            td: r.get(4)?,
            computer: r.get(5)?,
            unregistered: false,
        },
        created_at: r.get(6)?,
        last_login: r.get(7)?,
        last_logout: r.get(8)?,
    })
}

/// The account with this name, in any case.
pub fn find(conn: &Connection, name: &str) -> rusqlite::Result<Option<Account>> {
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM accounts WHERE name_lower = ?1"),
        [name.to_ascii_lowercase()],
        from_row,
    )
    .optional()
}

/// Every account, by name.
pub fn list(conn: &Connection) -> rusqlite::Result<Vec<Account>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {COLUMNS} FROM accounts ORDER BY name_lower"
    ))?;
    let rows = stmt.query_map([], from_row)?;
    rows.collect()
}

/// Why an account could not be created.
#[derive(Debug)]
pub enum CreateError {
    Exists(String),
    Db(rusqlite::Error),
}

impl std::fmt::Display for CreateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CreateError::Exists(name) => {
                write!(f, "a player named \"{name}\" is already registered")
            }
            CreateError::Db(e) => write!(f, "database error: {e}"),
        }
    }
}

impl std::error::Error for CreateError {}

/// Registers a new account; the name must already satisfy the handle rules.
pub fn create(
    conn: &Connection,
    name: &str,
    password_hash: &str,
    titles: Titles,
    now: i64,
) -> Result<i64, CreateError> {
    if let Some(existing) = find(conn, name).map_err(CreateError::Db)? {
        return Err(CreateError::Exists(existing.name));
    }
    conn.execute(
        "INSERT INTO accounts (name, name_lower, password_hash, is_admin, is_td, is_computer, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            name,
            name.to_ascii_lowercase(),
            password_hash,
            titles.admin,
            titles.td,
            titles.computer,
            now
        ],
    )
    .map_err(CreateError::Db)?;
    Ok(conn.last_insert_rowid())
}

/// Replaces a password hash; false if there is no such account.
pub fn set_password(conn: &Connection, name: &str, password_hash: &str) -> rusqlite::Result<bool> {
    let n = conn.execute(
        "UPDATE accounts SET password_hash = ?1 WHERE name_lower = ?2",
        params![password_hash, name.to_ascii_lowercase()],
    )?;
    Ok(n == 1)
}

/// Sets or clears the computer title of an account. Returns the name as
/// registered and whether the title was set before, or `None` when there
/// is no such account.
pub fn set_computer(
    conn: &Connection,
    name: &str,
    computer: bool,
) -> rusqlite::Result<Option<(String, bool)>> {
    let Some(account) = find(conn, name)? else {
        return Ok(None);
    };
    conn.execute(
        "UPDATE accounts SET is_computer = ?1 WHERE id = ?2",
        params![computer, account.id],
    )?;
    Ok(Some((account.name, account.titles.computer)))
}

/// The names of every computer account (the `computer` list), by name.
pub fn computer_names(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt =
        conn.prepare("SELECT name FROM accounts WHERE is_computer <> 0 ORDER BY name_lower")?;
    let rows = stmt.query_map([], |r| r.get(0))?;
    rows.collect()
}

/// Records a login time.
pub fn record_login(conn: &Connection, id: i64, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE accounts SET last_login = ?1 WHERE id = ?2",
        params![now, id],
    )?;
    Ok(())
}

/// Records a logout time (shown as "Last disconnected" by `finger`).
pub fn record_logout(conn: &Connection, id: i64, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE accounts SET last_logout = ?1 WHERE id = ?2",
        params![now, id],
    )?;
    Ok(())
}

/// Saved variables (`set`), as name/value text pairs.
pub fn load_vars(conn: &Connection, id: i64) -> rusqlite::Result<Vec<(String, String)>> {
    let mut stmt = conn.prepare("SELECT name, value FROM user_vars WHERE account_id = ?1")?;
    let rows = stmt.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// Saves one variable; `None` forgets it (back to the default).
pub fn save_var(
    conn: &Connection,
    id: i64,
    name: &str,
    value: Option<&str>,
) -> rusqlite::Result<()> {
    match value {
        Some(v) => conn.execute(
            "INSERT INTO user_vars (account_id, name, value) VALUES (?1, ?2, ?3)
             ON CONFLICT (account_id, name) DO UPDATE SET value = excluded.value",
            params![id, name, v],
        )?,
        None => conn.execute(
            "DELETE FROM user_vars WHERE account_id = ?1 AND name = ?2",
            params![id, name],
        )?,
    };
    Ok(())
}

/// Saved aliases, as name/expansion pairs.
pub fn load_aliases(conn: &Connection, id: i64) -> rusqlite::Result<Vec<(String, String)>> {
    let mut stmt =
        conn.prepare("SELECT name, value FROM aliases WHERE account_id = ?1 ORDER BY name")?;
    let rows = stmt.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// Saves one alias; `None` removes it.
pub fn save_alias(
    conn: &Connection,
    id: i64,
    name: &str,
    value: Option<&str>,
) -> rusqlite::Result<()> {
    match value {
        Some(v) => conn.execute(
            "INSERT INTO aliases (account_id, name, value) VALUES (?1, ?2, ?3)
             ON CONFLICT (account_id, name) DO UPDATE SET value = excluded.value",
            params![id, name, v],
        )?,
        None => conn.execute(
            "DELETE FROM aliases WHERE account_id = ?1 AND name = ?2",
            params![id, name],
        )?,
    };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::schema;

    fn db() -> Connection {
        schema::memory()
    }

    #[test]
    fn create_find_in_any_case_and_refuse_duplicates() {
        let c = db();
        let t = Titles {
            td: true,
            ..Titles::default()
        };
        let id = create(&c, "Alice", "hash", t, 10).unwrap();
        let a = find(&c, "aLiCe").unwrap().unwrap();
        assert_eq!((a.id, a.name.as_str(), a.titles), (id, "Alice", t));
        assert!(
            matches!(create(&c, "ALICE", "h", Titles::default(), 11), Err(CreateError::Exists(n)) if n == "Alice")
        );
        assert!(set_password(&c, "alice", "new").unwrap());
        assert!(!set_password(&c, "bob", "new").unwrap());
        assert_eq!(find(&c, "alice").unwrap().unwrap().password_hash, "new");
    }

    #[test]
    fn the_computer_title_is_set_cleared_and_listed() {
        let c = db();
        create(&c, "Bot", "hash", Titles::default(), 10).unwrap();
        create(&c, "alice", "hash", Titles::default(), 10).unwrap();
        assert!(computer_names(&c).unwrap().is_empty());
        assert_eq!(
            set_computer(&c, "BOT", true).unwrap(),
            Some(("Bot".to_string(), false))
        );
        assert!(find(&c, "bot").unwrap().unwrap().titles.computer);
        assert_eq!(
            set_computer(&c, "bot", true).unwrap(),
            Some(("Bot".to_string(), true))
        );
        assert_eq!(computer_names(&c).unwrap(), vec!["Bot".to_string()]);
        assert_eq!(
            set_computer(&c, "bot", false).unwrap(),
            Some(("Bot".to_string(), true))
        );
        assert!(computer_names(&c).unwrap().is_empty());
        assert_eq!(set_computer(&c, "nobody", true).unwrap(), None);
    }

    #[test]
    fn vars_and_aliases_round_trip() {
        let c = db();
        let id = create(&c, "Alice", "hash", Titles::default(), 10).unwrap();
        save_var(&c, id, "style", Some("12")).unwrap();
        save_var(&c, id, "style", Some("1")).unwrap();
        save_var(&c, id, "bell", Some("0")).unwrap();
        save_var(&c, id, "bell", None).unwrap();
        assert_eq!(
            load_vars(&c, id).unwrap(),
            vec![("style".to_string(), "1".to_string())]
        );
        save_alias(&c, id, "gg", Some("tell @ good game")).unwrap();
        assert_eq!(load_aliases(&c, id).unwrap().len(), 1);
        save_alias(&c, id, "gg", None).unwrap();
        assert!(load_aliases(&c, id).unwrap().is_empty());
    }
}
