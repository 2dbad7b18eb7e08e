//! Who is registered: names by prefix (`handles`), the ranking of people
//! without computer accounts (`hrank`), and a game's sides swapped
//! (`switch`). Closed accounts and sign-ups still waiting for an admin are
//! no one's opponents and are left out of the lists.

use rusqlite::{Connection, params};

use crate::store::ratings::Ranked;

/// Registered names beginning with `prefix` (any case), by name, at most
/// `limit`; and whether there were more.
pub fn handles(
    conn: &Connection,
    prefix: &str,
    limit: u32,
) -> rusqlite::Result<(Vec<String>, bool)> {
    // A prefix is letters only (handles are), so LIKE needs no escaping;
    // anything else matches nothing.
    if !prefix.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Ok((Vec::new(), false));
    }
    let mut stmt = conn.prepare(
        "SELECT name FROM accounts
         WHERE name_lower LIKE ?1 AND closed_at IS NULL AND approved = 1
         ORDER BY name_lower LIMIT ?2",
    )?;
    let pattern = format!("{}%", prefix.to_ascii_lowercase());
    let mut names: Vec<String> = stmt
        .query_map(params![pattern, limit + 1], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let more = names.len() > limit as usize;
    names.truncate(limit as usize);
    Ok((names, more))
}

/// Every rated person (not a computer account, not closed), best rating
/// first: what `hrank` ranks.
pub fn human_ranking(conn: &Connection) -> rusqlite::Result<Vec<Ranked>> {
    let mut stmt = conn.prepare(
        "SELECT a.name, r.rating, r.rd, r.best, r.best_at, r.wins + r.losses + r.draws
         FROM ratings r JOIN accounts a ON a.id = r.account_id
         WHERE r.variant = 'atomic' AND r.wins + r.losses + r.draws > 0 AND a.is_computer = 0 AND a.closed_at IS NULL
         ORDER BY r.rating DESC, a.name_lower",
    )?;
    stmt.query_map([], |r| {
        let rating: f64 = r.get(1)?;
        let best: Option<i32> = r.get(3)?;
        let best_at: Option<i64> = r.get(4)?;
        Ok(Ranked {
            name: r.get(0)?,
            rating: rating.round() as i32,
            rd: r.get(2)?,
            best: best.zip(best_at),
            total: r.get(5)?,
        })
    })?
    .collect()
}

/// White becomes Black and Black White in the row of game `id` (its
/// moves keep their clocks, which go by colour).
pub fn swap_sides(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE games SET white = black, black = white, white_key = black_key,
             black_key = white_key, white_account = black_account,
             black_account = white_account, white_rating = black_rating,
             black_rating = white_rating
         WHERE id = ?1",
        [id],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::Titles;
    use crate::store::{accounts, schema, selfserve};

    #[test]
    fn handles_by_prefix_without_closed_or_waiting() {
        let c = schema::memory();
        for n in ["Alice", "Alfred", "Albert", "Bob"] {
            accounts::create(&c, n, "h", Titles::default(), 0).unwrap();
        }
        let albert = accounts::find(&c, "albert").unwrap().unwrap();
        selfserve::close(&c, albert.id, 1).unwrap();
        selfserve::sign_up(&c, "Alwaiting", "h", None, false, 2).unwrap();
        assert_eq!(
            handles(&c, "AL", 10).unwrap(),
            (vec!["Alfred".to_string(), "Alice".to_string()], false)
        );
        assert_eq!(
            handles(&c, "a", 1).unwrap(),
            (vec!["Alfred".to_string()], true)
        );
        assert_eq!(handles(&c, "a%", 10).unwrap(), (Vec::new(), false));
    }
}
