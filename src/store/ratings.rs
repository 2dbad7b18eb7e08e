//! Atomic ratings of registered accounts.

use rusqlite::{Connection, OptionalExtension, params};

use crate::rating::Rating;

/// The rating of an account; a fresh one (1500, RD 350) if it never played.
pub fn load(conn: &Connection, account_id: i64) -> rusqlite::Result<Rating> {
    let found = conn
        .query_row(
            "SELECT rating, rd, last_game, wins, losses, draws, best, best_at FROM ratings WHERE account_id = ?1",
            [account_id],
            |r| {
                let best: Option<i32> = r.get(6)?;
                let best_at: Option<i64> = r.get(7)?;
                Ok(Rating {
                    rating: r.get(0)?,
                    rd: r.get(1)?,
                    last_game: r.get(2)?,
                    wins: r.get(3)?,
                    losses: r.get(4)?,
                    draws: r.get(5)?,
                    best: best.zip(best_at),
                })
            },
        )
        .optional()?;
    Ok(found.unwrap_or_else(Rating::new))
}

/// Stores an account's rating after a game.
pub fn save(conn: &Connection, account_id: i64, r: &Rating) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO ratings (account_id, rating, rd, last_game, wins, losses, draws, best, best_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (account_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
             last_game = excluded.last_game, wins = excluded.wins, losses = excluded.losses,
             draws = excluded.draws, best = excluded.best, best_at = excluded.best_at",
        params![
            account_id,
            r.rating,
            r.rd,
            r.last_game,
            r.wins,
            r.losses,
            r.draws,
            r.best.map(|b| b.0),
            r.best.map(|b| b.1)
        ],
    )?;
    Ok(())
}

/// One line of a ranking list.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranked {
    pub name: String,
    pub rating: i32,
    pub rd: f64,
    pub best: Option<(i32, i64)>,
    pub total: u32,
}

/// Players who have played rated games, best first (by current rating, or
/// by best rating ever with `by_best`).
pub fn ranking(conn: &Connection, by_best: bool) -> rusqlite::Result<Vec<Ranked>> {
    let order = if by_best {
        "r.best DESC"
    } else {
        "r.rating DESC"
    };
    let filter = if by_best {
        "r.best IS NOT NULL"
    } else {
        "r.wins + r.losses + r.draws > 0"
    };
    let mut stmt = conn.prepare(&format!(
        "SELECT a.name, r.rating, r.rd, r.best, r.best_at, r.wins + r.losses + r.draws
         FROM ratings r JOIN accounts a ON a.id = r.account_id
         WHERE {filter} ORDER BY {order}, a.name_lower"
    ))?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::Titles;
    use crate::store::{accounts, schema};

    #[test]
    fn ratings_round_trip_and_rank() {
        let c = schema::memory();
        let a = accounts::create(&c, "Alice", "h", Titles::default(), 0).unwrap();
        let b = accounts::create(&c, "Bob", "h", Titles::default(), 0).unwrap();
        assert_eq!(load(&c, a).unwrap(), Rating::new());
        let mut r = Rating::new();
        r.rating = 1612.0;
        r.rd = 70.0;
        r.wins = 3;
        r.best = Some((1612, 99));
        save(&c, a, &r).unwrap();
        save(
            &c,
            b,
            &Rating {
                wins: 1,
                ..Rating::new()
            },
        )
        .unwrap();
        assert_eq!(load(&c, a).unwrap(), r);
        let ranked = ranking(&c, false).unwrap();
        assert_eq!(
            ranked.iter().map(|x| x.name.as_str()).collect::<Vec<_>>(),
            ["Alice", "Bob"]
        );
        assert_eq!(ranking(&c, true).unwrap().len(), 1);
    }
}
