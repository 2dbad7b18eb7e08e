//! The server's news bulletins (`news`): items admins post, numbered from 1.

use rusqlite::{Connection, OptionalExtension, params};

/// One bulletin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub id: i64,
    pub posted_at: i64,
    pub poster: String,
    pub text: String,
}

fn item(r: &rusqlite::Row<'_>) -> rusqlite::Result<Item> {
    Ok(Item {
        id: r.get(0)?,
        posted_at: r.get(1)?,
        poster: r.get(2)?,
        text: r.get(3)?,
    })
}

/// Posts an item; returns its number.
pub fn post(conn: &Connection, poster: &str, text: &str, now: i64) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO news (posted_at, poster, text) VALUES (?1, ?2, ?3)",
        params![now, poster, text],
    )?;
    Ok(conn.last_insert_rowid())
}

/// The newest `limit` items, newest first.
pub fn latest(conn: &Connection, limit: u32) -> rusqlite::Result<Vec<Item>> {
    let mut stmt =
        conn.prepare("SELECT id, posted_at, poster, text FROM news ORDER BY id DESC LIMIT ?1")?;
    let rows = stmt.query_map([limit], item)?;
    rows.collect()
}

/// Item number `id`.
pub fn get(conn: &Connection, id: i64) -> rusqlite::Result<Option<Item>> {
    conn.query_row(
        "SELECT id, posted_at, poster, text FROM news WHERE id = ?1",
        [id],
        item,
    )
    .optional()
}

/// Deletes item `id`; false if there was none.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(conn.execute("DELETE FROM news WHERE id = ?1", [id])? == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::schema;

    #[test]
    fn post_list_get_delete() {
        let c = schema::memory();
        let a = post(&c, "Boss", "Welcome.", 1).unwrap();
        let b = post(&c, "Boss", "A tourney on Friday.", 2).unwrap();
        assert_eq!(latest(&c, 10).unwrap()[0].id, b);
        assert_eq!(get(&c, a).unwrap().unwrap().text, "Welcome.");
        assert!(delete(&c, a).unwrap());
        assert!(!delete(&c, a).unwrap());
        assert_eq!(latest(&c, 10).unwrap().len(), 1);
    }
}
