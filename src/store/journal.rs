//! Journals, and finding a stored game the ways FICS names one.
//!
//! A journal has 26 slots, `A` to `Z`, per registered user; each slot names
//! a game of the `games` table (games are never deleted, so a slot is a
//! reference, not a copy). Whether a journal is private is the owner's
//! `jprivate` variable.

use rusqlite::{Connection, OptionalExtension, params};

/// The slot letter as stored (upper case), if `text` is one: `a`, `B`, `%c`.
pub fn slot(text: &str) -> Option<char> {
    let text = text.strip_prefix('%').unwrap_or(text);
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
        _ => None,
    }
}

/// Puts game `game_id` in `slot` of an account's journal (replacing what was there).
pub fn save(
    conn: &Connection,
    account_id: i64,
    slot: char,
    game_id: i64,
    now: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO journal (account_id, slot, game_id, saved_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (account_id, slot) DO UPDATE SET game_id = excluded.game_id, saved_at = excluded.saved_at",
        params![account_id, slot.to_string(), game_id, now],
    )?;
    Ok(())
}

/// The game in one slot.
pub fn game_in(conn: &Connection, account_id: i64, slot: char) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT game_id FROM journal WHERE account_id = ?1 AND slot = ?2",
        params![account_id, slot.to_string()],
        |r| r.get(0),
    )
    .optional()
}

/// Every filled slot, in order, with its game.
pub fn entries(conn: &Connection, account_id: i64) -> rusqlite::Result<Vec<(char, i64)>> {
    let mut stmt =
        conn.prepare("SELECT slot, game_id FROM journal WHERE account_id = ?1 ORDER BY slot")?;
    let rows = stmt.query_map([account_id], |r| {
        let slot: String = r.get(0)?;
        Ok((slot.chars().next().unwrap_or('?'), r.get(1)?))
    })?;
    rows.collect()
}

/// Empties a slot; false if it was empty.
pub fn kill(conn: &Connection, account_id: i64, slot: char) -> rusqlite::Result<bool> {
    let n = conn.execute(
        "DELETE FROM journal WHERE account_id = ?1 AND slot = ?2",
        params![account_id, slot.to_string()],
    )?;
    Ok(n > 0)
}

/// Whether the owner keeps their journal to themselves (`set jprivate 1`).
pub fn is_private(conn: &Connection, account_id: i64) -> rusqlite::Result<bool> {
    let value: Option<String> = conn
        .query_row(
            "SELECT value FROM user_vars WHERE account_id = ?1 AND name = 'jprivate'",
            [account_id],
            |r| r.get(0),
        )
        .optional()?;
    Ok(value.as_deref() == Some("1"))
}

/// The last adjourned game between two players, either colour.
pub fn adjourned_between(conn: &Connection, a: &str, b: &str) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT id FROM games
         WHERE status = 'adjourned'
           AND ((white_key = ?1 AND black_key = ?2) OR (white_key = ?2 AND black_key = ?1))
         ORDER BY id DESC LIMIT 1",
        params![a.to_ascii_lowercase(), b.to_ascii_lowercase()],
        |r| r.get(0),
    )
    .optional()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::Titles;
    use crate::store::{accounts, games, schema};

    fn game(c: &Connection, id: i64, white: &str, black: &str) {
        let g = games::NewGame {
            id,
            white: white.into(),
            black: black.into(),
            white_account: None,
            black_account: None,
            white_rating: "----".into(),
            black_rating: "----".into(),
            minutes: 3,
            inc: 0,
            rated: false,
            start_fen: None,
            started_at: 100,
            clock_ms: 180_000,
        };
        games::insert_live(c, &g).unwrap();
    }

    #[test]
    fn slots_save_replace_list_and_kill() {
        let c = schema::memory();
        accounts::create(&c, "Alice", "h", Titles::default(), 0).unwrap();
        let alice = accounts::find(&c, "alice").unwrap().unwrap().id;
        game(&c, 1, "Alice", "Bob");
        game(&c, 2, "Bob", "Alice");
        save(&c, alice, 'B', 1, 5).unwrap();
        save(&c, alice, 'A', 1, 5).unwrap();
        save(&c, alice, 'A', 2, 6).unwrap();
        assert_eq!(entries(&c, alice).unwrap(), vec![('A', 2), ('B', 1)]);
        assert_eq!(game_in(&c, alice, 'B').unwrap(), Some(1));
        assert!(kill(&c, alice, 'B').unwrap());
        assert!(!kill(&c, alice, 'B').unwrap());
        assert_eq!(game_in(&c, alice, 'B').unwrap(), None);
        assert!(!is_private(&c, alice).unwrap());
        accounts::save_var(&c, alice, "jprivate", Some("1")).unwrap();
        assert!(is_private(&c, alice).unwrap());
        // Adjourned games are found whoever had White.
        assert_eq!(adjourned_between(&c, "alice", "bob").unwrap(), None);
        c.execute("UPDATE games SET status = 'adjourned'", [])
            .unwrap();
        assert_eq!(adjourned_between(&c, "ALICE", "bob").unwrap(), Some(2));
        assert_eq!(adjourned_between(&c, "bob", "alice").unwrap(), Some(2));
    }

    #[test]
    fn slot_letters() {
        assert_eq!(slot("a"), Some('A'));
        assert_eq!(slot("%z"), Some('Z'));
        assert_eq!(slot("ab"), None);
        assert_eq!(slot("1"), None);
        assert_eq!(slot("%"), None);
    }
}
