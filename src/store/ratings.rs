//! Ratings of registered accounts, one Glicko line per variant (atomic,
//! Atomic960: a rated game moves only its own variant's line).

use rusqlite::{Connection, OptionalExtension, params};

use crate::chess::Variant;
use crate::rating::Rating;

/// A new rating to store: the account, the variant of the game, the rating.
pub type Save = (i64, Variant, Rating);

/// The atomic rating of an account; a fresh one (1500, RD 350) if it never
/// played.
pub fn load(conn: &Connection, account_id: i64) -> rusqlite::Result<Rating> {
    load_in(conn, account_id, Variant::Atomic)
}

/// Whether the account has a rating row in `variant` (it has played a
/// rated game of it).
pub fn has(conn: &Connection, account_id: i64, variant: Variant) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT 1 FROM ratings WHERE account_id = ?1 AND variant = ?2",
        params![account_id, variant.word()],
        |_| Ok(()),
    )
    .optional()
    .map(|found| found.is_some())
}

/// The rating of an account in `variant`; a fresh one if it never played
/// that variant rated.
pub fn load_in(conn: &Connection, account_id: i64, variant: Variant) -> rusqlite::Result<Rating> {
    let found = conn
        .query_row(
            "SELECT rating, rd, last_game, wins, losses, draws, best, best_at FROM ratings
             WHERE account_id = ?1 AND variant = ?2",
            params![account_id, variant.word()],
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

/// Stores an account's atomic rating after a game.
pub fn save(conn: &Connection, account_id: i64, r: &Rating) -> rusqlite::Result<()> {
    save_in(conn, account_id, Variant::Atomic, r)
}

/// Stores an account's rating in `variant` after a game of it.
pub fn save_in(
    conn: &Connection,
    account_id: i64,
    variant: Variant,
    r: &Rating,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO ratings (account_id, rating, rd, last_game, wins, losses, draws, best, best_at, variant)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
         ON CONFLICT (account_id, variant) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
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
            r.best.map(|b| b.1),
            variant.word()
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

/// Players who have played rated atomic games, best first (by current
/// rating, or by best rating ever with `by_best`).
pub fn ranking(conn: &Connection, by_best: bool) -> rusqlite::Result<Vec<Ranked>> {
    ranking_in(conn, by_best, Variant::Atomic)
}

/// [`ranking`] in `variant`.
pub fn ranking_in(
    conn: &Connection,
    by_best: bool,
    variant: Variant,
) -> rusqlite::Result<Vec<Ranked>> {
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
         WHERE r.variant = ?1 AND {filter} ORDER BY {order}, a.name_lower"
    ))?;
    stmt.query_map([variant.word()], |r| {
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

    #[test]
    fn each_variant_keeps_its_own_line() {
        let c = schema::memory();
        let a = accounts::create(&c, "Alice", "h", Titles::default(), 0).unwrap();
        let atomic = Rating {
            rating: 1620.0,
            wins: 1,
            ..Rating::new()
        };
        let a960 = Rating {
            rating: 1410.0,
            losses: 2,
            ..Rating::new()
        };
        save(&c, a, &atomic).unwrap();
        assert!(!has(&c, a, Variant::Atomic960).unwrap());
        save_in(&c, a, Variant::Atomic960, &a960).unwrap();
        assert!(has(&c, a, Variant::Atomic960).unwrap());
        assert_eq!(load(&c, a).unwrap(), atomic);
        assert_eq!(load_in(&c, a, Variant::Atomic960).unwrap(), a960);
        let ranked = ranking_in(&c, false, Variant::Atomic960).unwrap();
        assert_eq!(ranked.len(), 1);
        assert_eq!(ranked[0].rating, 1410);
        assert_eq!(ranking(&c, false).unwrap()[0].rating, 1620);
    }
}
