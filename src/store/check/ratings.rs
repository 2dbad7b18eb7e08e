//! Ratings: each account's record is the rated games it finished.
//!
//! A rating row holds the Glicko rating and the account's wins, losses and
//! draws; the game that changed them is stored with it in one transaction
//! (`games::finish_rated`). So the record must equal what the `games`
//! table says, game for game, and an account with rated games must have a
//! row, in the game's variant (an Atomic960 game's start is stored with
//! Shredder castling: `Variant::of_start_fen`). (The rating itself depends on the time between games, which is not
//! stored whole; its range is checked.)

use std::collections::BTreeMap;

use rusqlite::Connection;

use super::Report;
use crate::chess::Variant;

/// Wins, losses and draws.
type Record = (i64, i64, i64);

pub fn check(conn: &Connection, report: &mut Report) -> rusqlite::Result<()> {
    let mut from_games: BTreeMap<(i64, &'static str), Record> = BTreeMap::new();
    let mut st = conn.prepare(
        "SELECT white_account, black_account, result, start_fen FROM games
         WHERE rated = 1 AND status = 'finished'",
    )?;
    let mut rows = st.query([])?;
    while let Some(r) = rows.next()? {
        let (white, black, result): (Option<i64>, Option<i64>, String) =
            (r.get(0)?, r.get(1)?, r.get(2)?);
        let start: Option<String> = r.get(3)?;
        let variant = Variant::of_start_fen(start.as_deref().unwrap_or("")).word();
        let (w, b) = match result.as_str() {
            "1-0" => ((1, 0, 0), (0, 1, 0)),
            "0-1" => ((0, 1, 0), (1, 0, 0)),
            "1/2-1/2" => ((0, 0, 1), (0, 0, 1)),
            _ => continue, // the games check reports it
        };
        for (account, add) in [(white, w), (black, b)] {
            if let Some(a) = account {
                let e = from_games.entry((a, variant)).or_default();
                *e = (e.0 + add.0, e.1 + add.1, e.2 + add.2);
            }
        }
    }
    let mut st = conn.prepare(
        "SELECT a.id, a.name, r.rating, r.rd, r.wins, r.losses, r.draws, r.variant
         FROM accounts a LEFT JOIN ratings r ON r.account_id = a.id ORDER BY a.id",
    )?;
    let mut rows = st.query([])?;
    let mut names: BTreeMap<i64, String> = BTreeMap::new();
    while let Some(r) = rows.next()? {
        let (id, name): (i64, String) = (r.get(0)?, r.get(1)?);
        let rating: Option<f64> = r.get(2)?;
        let rd: Option<f64> = r.get(3)?;
        let stored: Record = (
            r.get::<_, Option<i64>>(4)?.unwrap_or(0),
            r.get::<_, Option<i64>>(5)?.unwrap_or(0),
            r.get::<_, Option<i64>>(6)?.unwrap_or(0),
        );
        let variant = r
            .get::<_, Option<String>>(7)?
            .and_then(|v| Variant::from_word(&v))
            .unwrap_or_default()
            .word();
        names.insert(id, name.clone());
        let played = from_games.remove(&(id, variant)).unwrap_or_default();
        // Atomic's line keeps its old wording; another variant is named.
        let name = if variant == Variant::Atomic.word() {
            name
        } else {
            format!("{name} ({variant})")
        };
        if stored != played {
            report.add(
                "ratings",
                format!(
                    "{name}: the rating row says {} won, {} lost, {} drawn; the rated games say {} won, {} lost, {} drawn",
                    stored.0, stored.1, stored.2, played.0, played.1, played.2
                ),
            );
        }
        if let Some(rating) = rating
            && !(0.0..=5000.0).contains(&rating)
        {
            report.add(
                "ratings",
                format!("{name}: rating {rating} is out of range"),
            );
        }
        if let Some(rd) = rd
            && !(0.0..=crate::rating::MAX_RD + 1e-9).contains(&rd)
        {
            report.add("ratings", format!("{name}: RD {rd} is out of range"));
        }
    }
    // Rated games in a variant the account has no row of.
    for ((id, variant), played) in from_games {
        if let Some(name) = names.get(&id) {
            report.add(
                "ratings",
                format!(
                    "{name} ({variant}): no rating row; the rated games say {} won, {} lost, {} drawn",
                    played.0, played.1, played.2
                ),
            );
        }
    }
    // Accounts of rated games that no longer exist are found by
    // foreign_key_check (the column is set to NULL on delete).
    Ok(())
}
