//! `analyse`: the computer analysis of a finished game. Asked for a game
//! that has none, it queues one (registered players, within the day's
//! limit and the queue's bound); asked again, it says where the game is in
//! the queue; once done, it shows every move with the evaluation after
//! it, lichess's marks and the engine's best move where a move is marked.
//!
//! A game is named by its number in the database (the one `/api/history`
//! and the web pages use), or as `smoves` names one: `name [N]` from
//! `history`, `name A` from a journal; alone, the asker's last game.

use super::Ctx;
use super::stored_games::{self, Asker, Source};
use crate::analysis::judge::Eval;
use crate::analysis::report::{self, Report};
use crate::analysis::{Job, Place};
use crate::house::Availability;
use crate::store::analysis::{self as rows, PlyEval, Request};
use crate::store::games::{self, GameRow};
use crate::timefmt::unix_now;

const USAGE: &str = "analyse [game-number | name [N|A]]";

/// What the store said about the game.
struct Known {
    row: GameRow,
    ucis: Vec<String>,
    request: Option<Request>,
    plies: Vec<PlyEval>,
    asked_today: u32,
}

enum Named {
    Id(i64),
    Stored(Source),
}

/// `1st`, `2nd`, `3rd`, `4th` …
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `analyse [N | name [N|A]]` (also `analyze`)
pub fn analyse(ctx: &mut Ctx<'_>, args: &str) {
    let words: Vec<&str> = args.split_whitespace().collect();
    let named = match words.as_slice() {
        [] => Named::Stored(Source::History {
            name: ctx.session.name.clone(),
            n: None,
        }),
        [n] if n.bytes().all(|b| b.is_ascii_digit()) => match n.parse() {
            Ok(id) => Named::Id(id),
            Err(_) => return ctx.usage(USAGE),
        },
        _ => match stored_games::parse(ctx, &words, stored_games::last_in_history) {
            Some(source) => Named::Stored(source),
            None => return ctx.usage(USAGE),
        },
    };
    let shared = ctx.shared().clone();
    let asker = Asker::of(ctx);
    let me = ctx.session.name.clone();
    let registered = ctx.session.is_registered();
    let admin = ctx.session.titles.admin;
    ctx.reply_later(async move {
        let since = unix_now() - 24 * 3600;
        let who = me.clone();
        let known = shared
            .store
            .call(move |db| -> Result<Known, String> {
                let broken = |_| "The database is not available; try again later.".to_string();
                let (row, moves) = match &named {
                    Named::Id(id) => {
                        let row = games::get(db, *id)
                            .map_err(broken)?
                            .ok_or_else(|| format!("There is no game {id}."))?;
                        (row, games::moves(db, *id).map_err(broken)?)
                    }
                    Named::Stored(source) => {
                        let found = stored_games::find(db, source, &asker)?;
                        (found.row, found.moves)
                    }
                };
                let request = rows::request(db, row.id).map_err(broken)?;
                let plies = rows::plies(db, row.id).map_err(broken)?;
                let asked_today = rows::asked_since(db, &who, since).map_err(broken)?;
                Ok(Known {
                    ucis: moves.into_iter().map(|m| m.uci).collect(),
                    row,
                    request,
                    plies,
                    asked_today,
                })
            })
            .await;
        let known = match known {
            Ok(Ok(k)) => k,
            Ok(Err(line)) => return format!("{line}\n"),
            Err(_) => return "The database is not available; try again later.\n".to_string(),
        };
        let id = known.row.id;
        if known.row.status != games::status::FINISHED {
            return format!("Game {id} is not finished; only finished games can be analysed.\n");
        }
        match known.request.as_ref().map(|r| r.status.as_str()) {
            Some("done") => return show(&known),
            Some("queued" | "running") => {
                return match shared.analysis.place(id) {
                    Some(Place::Running { done, of }) => format!(
                        "Game {id} is being analysed: position {done} of {of}.\n"
                    ),
                    Some(Place::Waiting(n)) => format!(
                        "Game {id} waits for its computer analysis, {} in line.\n",
                        ordinal(n)
                    ),
                    None => format!("Game {id} waits for its computer analysis.\n"),
                };
            }
            _ => {}
        }
        // A new request (or a failed one asked again).
        if let Availability::Unavailable(why) = shared.house.availability() {
            return format!("Computer analysis is not available: {why}.\n");
        }
        if !registered {
            return "Only registered players may ask for a computer analysis.\n".to_string();
        }
        let per_day = shared.analysis.config.jobs_per_user_per_day;
        if !admin && known.asked_today >= per_day {
            return format!(
                "You have asked for {} computer analys{} in the last 24 hours, as many as a player may; try again later.\n",
                known.asked_today,
                if known.asked_today == 1 { "is" } else { "es" }
            );
        }
        if !shared.analysis.has_room() {
            return format!(
                "The analysis queue is full ({} games wait); try again later.\n",
                shared.analysis.config.queue_limit
            );
        }
        let failed = known.request.is_some();
        let by = me.clone();
        let inserted = shared
            .store
            .call(move |db| {
                if failed {
                    rows::forget(db, id)?;
                }
                rows::insert(db, id, &by, unix_now())
            })
            .await;
        if !matches!(inserted, Ok(Ok(true))) {
            return "The database is not available; try again later.\n".to_string();
        }
        shared.analysis.push(Job {
            game_id: id,
            requester: me,
        });
        let line = match shared.analysis.place(id) {
            Some(Place::Waiting(n)) => format!("{} in line", ordinal(n)),
            _ => "now".to_string(),
        };
        format!(
            "Game {id} ({} vs. {}) is queued for computer analysis, {line}; you will be told when it is ready.\n",
            known.row.white, known.row.black
        )
    });
}

/// An evaluation as the report shows it.
fn eval_text(e: Option<Eval>) -> String {
    e.map_or("-".to_string(), Eval::text)
}

/// The finished analysis, move by move.
fn show(known: &Known) -> String {
    let row = &known.row;
    let report: Report = match report::build(row.start_fen.as_deref(), &known.ucis, &known.plies) {
        Ok(r) => r,
        Err(e) => return format!("The analysis of game {} cannot be read: {e}.\n", row.id),
    };
    let engine = known
        .request
        .as_ref()
        .and_then(|r| r.engine.clone())
        .unwrap_or_default();
    let mut out = format!(
        "Computer analysis of game {}: {} vs. {} ({}), by {engine}\n",
        row.id,
        row.white,
        row.black,
        row.result.as_deref().unwrap_or("*")
    );
    for (side, name) in [
        (shakmaty::Color::White, &row.white),
        (shakmaty::Color::Black, &row.black),
    ] {
        let [i, m, b] = report.counts(side);
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        out.push_str(&format!(
            "{} ({name}): {}, {}, {}\n",
            if side == shakmaty::Color::White {
                "White"
            } else {
                "Black"
            },
            plural(i, "inaccuracy", "inaccuracies"),
            plural(m, "mistake", "mistakes"),
            plural(b, "blunder", "blunders"),
        ));
    }
    out.push_str(&format!(
        "  {:<16} {:>6}\n",
        "start",
        eval_text(report.start)
    ));
    for m in &report.moves {
        let numbered = match m.mover {
            shakmaty::Color::White => format!("{}. {}", m.number, m.san),
            shakmaty::Color::Black => format!("{}... {}", m.number, m.san),
        };
        let glyph = m.judgement.map_or("", |j| j.glyph());
        let mut line = format!("  {:<13}{:<3} {:>6}", numbered, glyph, eval_text(m.eval));
        if let (Some(j), Some(best)) = (m.judgement, &m.best) {
            line.push_str(&format!("  {}. {best} was best.", j.name()));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn ordinals() {
        let o: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101]
            .map(super::ordinal)
            .to_vec();
        assert_eq!(
            o,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
            ]
        );
    }
}
