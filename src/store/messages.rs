//! Messages to registered users (`messages name text`): kept until the
//! recipient clears them, numbered from 1 in the order they came.

use rusqlite::{Connection, Row, params};

use super::{accounts, lists};
use crate::settings::lists::ListKind;

/// Longest message, in characters.
pub const MAX_LENGTH: usize = 400;
/// Most messages one user may have waiting.
pub const MAX_STORED: i64 = 100;

/// One message as its recipient sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// Its place in the recipient's list, from 1.
    pub number: usize,
    pub sender: String,
    pub sent_at: i64,
    pub text: String,
}

/// A message to send.
#[derive(Debug, Clone)]
pub struct Outgoing {
    /// The recipient's name as typed or as found online.
    pub to: String,
    pub from: String,
    /// Admins get through censor lists.
    pub bypass_censor: bool,
    pub text: String,
    pub sent_at: i64,
    /// False when the recipient is online and sees it at once.
    pub unread: bool,
}

/// What became of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    /// Stored for the recipient (their registered name).
    Sent(String),
    NoSuchPlayer,
    Censored(String),
    Full(String),
}

/// Stores a message if the recipient exists, does not censor the sender
/// and has room for it.
pub fn deliver(conn: &Connection, m: &Outgoing) -> rusqlite::Result<Delivery> {
    let Some(to) = accounts::find(conn, &m.to)? else {
        return Ok(Delivery::NoSuchPlayer);
    };
    if !m.bypass_censor && lists::contains(conn, to.id, ListKind::Censor, &m.from)? {
        return Ok(Delivery::Censored(to.name));
    }
    if count(conn, to.id)? >= MAX_STORED {
        return Ok(Delivery::Full(to.name));
    }
    conn.execute(
        "INSERT INTO messages (recipient_id, sender_name, sent_at, text, unread)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![to.id, m.from, m.sent_at, m.text, m.unread],
    )?;
    Ok(Delivery::Sent(to.name))
}

fn count(conn: &Connection, account_id: i64) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT COUNT(*) FROM messages WHERE recipient_id = ?1",
        [account_id],
        |r| r.get(0),
    )
}

/// Messages not read yet (`You have 2 new messages.` at login).
pub fn unread_count(conn: &Connection, account_id: i64) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT COUNT(*) FROM messages WHERE recipient_id = ?1 AND unread = 1",
        [account_id],
        |r| r.get(0),
    )
}

fn numbered(rows: Vec<(i64, String, i64, String)>) -> Vec<(i64, Message)> {
    rows.into_iter()
        .enumerate()
        .map(|(i, (id, sender, sent_at, text))| {
            (
                id,
                Message {
                    number: i + 1,
                    sender,
                    sent_at,
                    text,
                },
            )
        })
        .collect()
}

fn row(r: &Row<'_>) -> rusqlite::Result<(i64, String, i64, String)> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
}

fn all_with_ids(conn: &Connection, account_id: i64) -> rusqlite::Result<Vec<(i64, Message)>> {
    let mut stmt = conn.prepare(
        "SELECT id, sender_name, sent_at, text FROM messages WHERE recipient_id = ?1 ORDER BY id",
    )?;
    let rows = stmt.query_map([account_id], row)?;
    Ok(numbered(rows.collect::<rusqlite::Result<_>>()?))
}

/// Every message of a user, in order; they count as read from now on.
pub fn read_all(conn: &Connection, account_id: i64) -> rusqlite::Result<Vec<Message>> {
    let all = all_with_ids(conn, account_id)?;
    conn.execute(
        "UPDATE messages SET unread = 0 WHERE recipient_id = ?1 AND unread = 1",
        [account_id],
    )?;
    Ok(all.into_iter().map(|(_, m)| m).collect())
}

/// What `messages` / `clearmessages` pick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pick {
    All,
    Number(usize),
    From(String),
}

impl Pick {
    fn matches(&self, m: &Message) -> bool {
        match self {
            Pick::All => true,
            Pick::Number(n) => m.number == *n,
            Pick::From(name) => m.sender.eq_ignore_ascii_case(name),
        }
    }
}

/// The messages a pick selects (they count as read).
pub fn read(conn: &Connection, account_id: i64, pick: &Pick) -> rusqlite::Result<Vec<Message>> {
    let chosen: Vec<(i64, Message)> = all_with_ids(conn, account_id)?
        .into_iter()
        .filter(|(_, m)| pick.matches(m))
        .collect();
    for (id, _) in &chosen {
        conn.execute("UPDATE messages SET unread = 0 WHERE id = ?1", [id])?;
    }
    Ok(chosen.into_iter().map(|(_, m)| m).collect())
}

/// Deletes the messages a pick selects; how many there were.
pub fn clear(conn: &Connection, account_id: i64, pick: &Pick) -> rusqlite::Result<usize> {
    let chosen: Vec<i64> = all_with_ids(conn, account_id)?
        .into_iter()
        .filter(|(_, m)| pick.matches(m))
        .map(|(id, _)| id)
        .collect();
    for id in &chosen {
        conn.execute("DELETE FROM messages WHERE id = ?1", [id])?;
    }
    Ok(chosen.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::Titles;
    use crate::store::schema;

    fn db() -> (Connection, i64) {
        let c = schema::memory();
        let bob = accounts::create(&c, "Bob", "h", Titles::default(), 0).unwrap();
        (c, bob)
    }

    fn msg(to: &str, from: &str, text: &str) -> Outgoing {
        Outgoing {
            to: to.into(),
            from: from.into(),
            bypass_censor: false,
            text: text.into(),
            sent_at: 1_000,
            unread: true,
        }
    }

    #[test]
    fn deliver_read_and_clear() {
        let (c, bob) = db();
        assert_eq!(
            deliver(&c, &msg("bob", "Alice", "hi")).unwrap(),
            Delivery::Sent("Bob".into())
        );
        deliver(&c, &msg("BOB", "Carol", "yo")).unwrap();
        deliver(&c, &msg("Bob", "Alice", "again")).unwrap();
        assert_eq!(
            deliver(&c, &msg("nobody", "Alice", "x")).unwrap(),
            Delivery::NoSuchPlayer
        );
        assert_eq!(unread_count(&c, bob).unwrap(), 3);
        let from_alice = read(&c, bob, &Pick::From("alice".into())).unwrap();
        assert_eq!(
            from_alice.iter().map(|m| m.number).collect::<Vec<_>>(),
            vec![1, 3]
        );
        assert_eq!(unread_count(&c, bob).unwrap(), 1);
        let all = read_all(&c, bob).unwrap();
        assert_eq!(all.len(), 3);
        assert_eq!(all[1].sender, "Carol");
        assert_eq!(unread_count(&c, bob).unwrap(), 0);
        assert_eq!(clear(&c, bob, &Pick::Number(2)).unwrap(), 1);
        // Numbers close up after a clear.
        let all = read_all(&c, bob).unwrap();
        assert_eq!((all[1].number, all[1].text.as_str()), (2, "again"));
        assert_eq!(clear(&c, bob, &Pick::Number(9)).unwrap(), 0);
        assert_eq!(clear(&c, bob, &Pick::All).unwrap(), 2);
    }

    #[test]
    fn censor_and_a_full_box_refuse() {
        let (c, bob) = db();
        lists::add(&c, bob, ListKind::Censor, "Alice").unwrap();
        assert_eq!(
            deliver(&c, &msg("bob", "alice", "hi")).unwrap(),
            Delivery::Censored("Bob".into())
        );
        let admin = Outgoing {
            bypass_censor: true,
            ..msg("bob", "Alice", "hi")
        };
        assert_eq!(deliver(&c, &admin).unwrap(), Delivery::Sent("Bob".into()));
        for i in 1..MAX_STORED {
            assert_eq!(
                deliver(&c, &msg("bob", "Carol", &i.to_string())).unwrap(),
                Delivery::Sent("Bob".into())
            );
        }
        assert_eq!(
            deliver(&c, &msg("bob", "Carol", "one too many")).unwrap(),
            Delivery::Full("Bob".into())
        );
    }
}
