//! `analyse`: the computer analysis of a finished game. Asked for a game
//! that has none, it queues one (registered players, within the day's
//! limit and the queue's bound); asked again, it says where the game is in
//! the queue; once done, it shows every move with the evaluation after
//! it, lichess's marks and the engine's best move where a move is marked.
//!
//! A game is named by its number in the database (the one `/api/history`
//! and the web pages use), or as `smoves` names one: `name [N]` from
//! `history`, `name A` from a journal; alone, the asker's last game.

use super::stored_games::{self, Asker, Source};
use super::{Ctx, Said, Voice};
use crate::analysis::judge::{Eval, Judgement};
use crate::analysis::report::{self, Report};
use crate::analysis::{Job, Place};
use crate::event::Msg;
use crate::house::Availability;
use crate::msg;
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
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let line = |m: Msg| voice.said(&m);
        let since = unix_now() - 24 * 3600;
        let who = me.clone();
        let known = shared
            .store
            .call(move |db| -> Result<Known, Msg> {
                let broken = |_| msg!("database-unavailable");
                let (row, moves) = match &named {
                    Named::Id(id) => {
                        let row = games::get(db, *id)
                            .map_err(broken)?
                            .ok_or_else(|| msg!("analysis-no-such-game", id = *id))?;
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
            Ok(Err(m)) => return line(m),
            Err(_) => return line(msg!("database-unavailable")),
        };
        let id = known.row.id;
        if known.row.status != games::status::FINISHED {
            return line(msg!("analysis-not-finished", id = id));
        }
        match known.request.as_ref().map(|r| r.status.as_str()) {
            Some("done") => return show(&known, &voice),
            Some("queued" | "running") => {
                return line(match shared.analysis.place(id) {
                    Some(Place::Running { done, of }) => {
                        msg!("analysis-running", id = id, done = done, of = of)
                    }
                    Some(Place::Waiting(n)) => msg!("analysis-waiting-place", id = id, place = n),
                    None => msg!("analysis-waiting", id = id),
                });
            }
            _ => {}
        }
        // A new request (or a failed one asked again).
        if let Availability::Unavailable(why) = shared.house.availability() {
            return line(msg!("analysis-unavailable", why = why));
        }
        if !registered {
            return line(msg!("analysis-registered-only"));
        }
        let per_day = shared.analysis.config.jobs_per_user_per_day;
        if !admin && known.asked_today >= per_day {
            return line(msg!("analysis-daily-limit", count = known.asked_today));
        }
        if !shared.analysis.has_room() {
            return line(msg!(
                "analysis-queue-full",
                limit = shared.analysis.config.queue_limit
            ));
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
            return line(msg!("database-unavailable"));
        }
        shared.analysis.push(Job {
            game_id: id,
            requester: me,
        });
        let place = match shared.analysis.place(id) {
            Some(Place::Waiting(n)) => n,
            _ => 0,
        };
        line(msg!(
            "analysis-queued",
            id = id,
            white = &known.row.white,
            black = &known.row.black,
            place = place
        ))
    });
}

/// An evaluation as the report shows it.
fn eval_text(e: Option<Eval>) -> String {
    e.map_or("-".to_string(), Eval::text)
}

/// The finished analysis, move by move: catalogue lines around the
/// table, whose rows are moves, glyphs and numbers.
fn show(known: &Known, voice: &Voice) -> Said {
    let row = &known.row;
    let report: Report = match report::build(row.start_fen.as_deref(), &known.ucis, &known.plies) {
        Ok(r) => r,
        Err(e) => {
            return voice.said(&msg!(
                "analysis-unreadable",
                id = row.id,
                error = e.to_string()
            ));
        }
    };
    let engine = known
        .request
        .as_ref()
        .and_then(|r| r.engine.clone())
        .unwrap_or_default();
    let title = voice.said(&msg!(
        "analysis-title",
        id = row.id,
        white = &row.white,
        black = &row.black,
        result = row.result.as_deref().unwrap_or("*"),
        engine = engine
    ));
    let mut out = String::new();
    for (side, name) in [
        (shakmaty::Color::White, &row.white),
        (shakmaty::Color::Black, &row.black),
    ] {
        let [i, m, b] = report.counts(side);
        let counts = match side {
            shakmaty::Color::White => msg!("analysis-counts-white", name = name),
            shakmaty::Color::Black => msg!("analysis-counts-black", name = name),
        };
        let counts = counts
            .with("inaccuracies", i)
            .with("mistakes", m)
            .with("blunders", b);
        out.push_str(&voice.line(&counts));
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
            line.push_str("  ");
            let said = match j {
                Judgement::Inaccuracy => msg!("analysis-best-after-inaccuracy", best = best),
                Judgement::Mistake => msg!("analysis-best-after-mistake", best = best),
                Judgement::Blunder => msg!("analysis-best-after-blunder", best = best),
            };
            line.push_str(voice.line(&said).trim_end());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let mut said = title;
    voice.add_text(&mut said, &out);
    said
}
