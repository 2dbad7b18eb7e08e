//! Tournaments: the rows an event is rebuilt from hold together.
//!
//! No standing is stored (they are computed from the rows), so what can
//! disagree is the rows themselves: a result or bye of an unknown kind, a
//! game or bye naming a player the event does not have, a result that is
//! not the result of the game played for it, and standings that do not add
//! up to the points the results and byes gave.

use rusqlite::{Connection, OptionalExtension};

use super::Report;
use crate::store::tourneys::{EventRow, load_all};
use crate::tourney::{Format, GameResult, Points, Tournament, standings};

pub fn check(conn: &Connection, report: &mut Report) -> rusqlite::Result<()> {
    raw_words(conn, report)?;
    for e in load_all(conn, false)? {
        event(conn, &e, report)?;
    }
    Ok(())
}

/// Words the loader would silently read as something else.
fn raw_words(conn: &Connection, report: &mut Report) -> rusqlite::Result<()> {
    let checks = [
        (
            "SELECT tourney_id, seq, result FROM tourney_games
             WHERE result IS NOT NULL AND result NOT IN ('1-0', '0-1', '1/2-1/2', '+:-', '-:+')",
            "game",
            "result",
        ),
        (
            "SELECT tourney_id, round, kind FROM tourney_byes
             WHERE kind NOT IN ('full', 'half', 'zero')",
            "bye of round",
            "kind",
        ),
        (
            "SELECT id, 0, status FROM tourneys
             WHERE status NOT IN ('open', 'running', 'finished', 'cancelled')",
            "event",
            "status",
        ),
    ];
    for (sql, what, field) in checks {
        let mut st = conn.prepare(sql)?;
        let bad: Vec<(i64, i64, String)> = st
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        for (id, n, word) in bad {
            let which = if what == "event" {
                String::new()
            } else {
                format!(" {what} {n}")
            };
            report.add(
                "tourneys",
                format!("tourney #{id}{which}: unknown {field} {word:?}"),
            );
        }
    }
    Ok(())
}

fn event(conn: &Connection, e: &EventRow, report: &mut Report) -> rusqlite::Result<()> {
    let label = format!("tourney #{} \"{}\"", e.id, e.name);
    let Some(format) = Format::from_word(&e.format, e.param) else {
        report.add(
            "tourneys",
            format!("{label}: unknown format {:?}", e.format),
        );
        return Ok(());
    };
    let t = match Tournament::from_rows(
        format,
        e.seed,
        e.players.clone(),
        e.games.clone(),
        e.byes.clone(),
    ) {
        Ok(t) => t,
        Err(why) => {
            report.add("tourneys", format!("{label}: {why}"));
            return Ok(());
        }
    };
    let name = |p| t.player(p).map_or("?".to_string(), |pl| pl.name.clone());
    let mut game =
        conn.prepare_cached("SELECT white, black, status, result FROM games WHERE id = ?1")?;
    for (seq, (g, id)) in e.games.iter().zip(&e.game_ids).enumerate() {
        let Some(id) = id else { continue };
        let row: Option<(String, String, String, Option<String>)> = game
            .query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .optional()?;
        let Some((white, black, status, result)) = row else {
            continue; // a dangling link is foreign_key_check's to report
        };
        let (tw, tb) = (name(g.white), name(g.black));
        let at = format!("{label} game {seq} ({tw} vs. {tb}, game {id})");
        if !white.eq_ignore_ascii_case(&tw) || !black.eq_ignore_ascii_case(&tb) {
            report.add(
                "tourneys",
                format!("{at}: the game played is {white} vs. {black}"),
            );
            continue;
        }
        let played = result.as_deref().filter(|_| status == "finished");
        match (g.result, played) {
            (Some(r), Some(p)) if !r.is_forfeit() && r.as_str() != p => report.add(
                "tourneys",
                format!("{at}: the event says {} but the game ended {p}", r.as_str()),
            ),
            (Some(r), None) if !r.is_forfeit() => report.add(
                "tourneys",
                format!(
                    "{at}: the event says {} but the game is {status}",
                    r.as_str()
                ),
            ),
            (None, Some(p)) if format != Format::Arena && e.status != "cancelled" => report.add(
                "tourneys",
                format!("{at}: the game ended {p} but the event has no result"),
            ),
            _ => {}
        }
    }
    if matches!(format, Format::Swiss { .. } | Format::RoundRobin { .. }) {
        add_up(&label, &t, report);
    }
    Ok(())
}

/// Swiss and round robin: the standings hold every point the results and
/// byes gave, no more, no less.
fn add_up(label: &str, t: &Tournament, report: &mut Report) {
    let shown: u32 = standings::standings(t).iter().map(|s| s.points.0).sum();
    let results: u32 = t
        .games()
        .iter()
        .filter_map(|g| g.result)
        .map(|r: GameResult| {
            r.points(crate::tourney::Color::White).0 + r.points(crate::tourney::Color::Black).0
        })
        .sum();
    let byes: u32 = t.byes().iter().map(|b| b.kind.points().0).sum();
    if shown != results + byes {
        report.add(
            "tourneys",
            format!(
                "{label}: the standings hold {} points but the results and byes gave {}",
                Points(shown),
                Points(results + byes)
            ),
        );
    }
}
