//! Every login and logout (`logons`, `llogons`): who, when, from where.
//!
//! Rows of unregistered names are kept only among the newest
//! [`KEEP_UNREGISTERED`] rows: a guest's name means nothing after a while,
//! and a server that serves thousands of guests a day should not keep
//! them all. Registered users' rows stay (a few a day at most).

use rusqlite::{Connection, params};

/// How many of the newest rows may hold unregistered names.
const KEEP_UNREGISTERED: i64 = 10_000;

/// A login or a logout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Login,
    Logout,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Login => "login",
            Kind::Logout => "logout",
        }
    }
}

/// One row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logon {
    pub name: String,
    pub registered: bool,
    pub at: i64,
    pub login: bool,
    pub addr: String,
}

/// Records one login or logout.
pub fn record(
    conn: &Connection,
    name: &str,
    registered: bool,
    kind: Kind,
    addr: &str,
    at: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO logons (name, name_lower, registered, at, kind, addr)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            name,
            name.to_ascii_lowercase(),
            registered,
            at,
            kind.word(),
            addr
        ],
    )?;
    if !registered {
        let newest = conn.last_insert_rowid();
        conn.execute(
            "DELETE FROM logons WHERE registered = 0 AND id <= ?1",
            [newest - KEEP_UNREGISTERED],
        )?;
    }
    Ok(())
}

/// Queues the row of a login (`login`) or a logout at this moment.
pub fn note(
    store: &crate::store::Store,
    name: &str,
    registered: bool,
    login: bool,
    addr: std::net::IpAddr,
) {
    let name = name.to_string();
    let addr = addr.to_string();
    let kind = if login { Kind::Login } else { Kind::Logout };
    let at = crate::timefmt::unix_now();
    store.write("record logon", move |db| {
        record(db, &name, registered, kind, &addr, at)
    });
}

fn rows(conn: &Connection, sql: &str, args: impl rusqlite::Params) -> rusqlite::Result<Vec<Logon>> {
    let mut stmt = conn.prepare(sql)?;
    let rows = stmt.query_map(args, |r| {
        let kind: String = r.get(3)?;
        Ok(Logon {
            name: r.get(0)?,
            registered: r.get(1)?,
            at: r.get(2)?,
            login: kind == "login",
            addr: r.get(4)?,
        })
    })?;
    let mut list: Vec<Logon> = rows.collect::<rusqlite::Result<_>>()?;
    list.reverse();
    Ok(list)
}

/// The last `limit` logins and logouts under `name`, oldest first.
pub fn of_name(conn: &Connection, name: &str, limit: u32) -> rusqlite::Result<Vec<Logon>> {
    rows(
        conn,
        "SELECT name, registered, at, kind, addr FROM logons
         WHERE name_lower = ?1 ORDER BY id DESC LIMIT ?2",
        params![name.to_ascii_lowercase(), limit],
    )
}

/// The server's last `limit` logins and logouts, oldest first.
pub fn latest(conn: &Connection, limit: u32) -> rusqlite::Result<Vec<Logon>> {
    rows(
        conn,
        "SELECT name, registered, at, kind, addr FROM logons ORDER BY id DESC LIMIT ?1",
        [limit],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::schema;

    #[test]
    fn recorded_and_listed_oldest_first() {
        let c = schema::memory();
        record(&c, "Alice", true, Kind::Login, "10.0.0.1", 1).unwrap();
        record(&c, "GuestABCD", false, Kind::Login, "10.0.0.2", 2).unwrap();
        record(&c, "Alice", true, Kind::Logout, "10.0.0.1", 3).unwrap();
        let mine = of_name(&c, "alice", 10).unwrap();
        assert_eq!(mine.len(), 2);
        assert!(mine[0].login && !mine[1].login);
        let all = latest(&c, 2).unwrap();
        assert_eq!(all[0].name, "GuestABCD");
        assert_eq!(all[1].at, 3);
    }
}
