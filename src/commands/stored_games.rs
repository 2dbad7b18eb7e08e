//! Stored games: how commands name one (`name N` from history, `name A`
//! from a journal, `name1 name2` for an adjourned game), finding it in the
//! database, and the two commands that only show one: `smoves` (its move
//! list) and `sposition` (its last position).

use std::sync::Arc;

use rusqlite::Connection;

use super::Ctx;
use crate::chess::movelist::{self, MoveListData, TimedMove};
use crate::chess::{AtomicGame, BoardSnapshot};
use crate::event::Msg;
use crate::msg;
use crate::settings::ivars::Ivar;
use crate::store::games::{self, GameRow, MoveRow};
use crate::store::{accounts, journal};
use crate::timefmt::fics_date;
use crate::world::examine::NewExam;

/// How many games `history` shows, and so which numbers name a game.
const HISTORY: u32 = 10;

/// A stored game as a command names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Game `n` of `history name` (the last one when `None`).
    History { name: String, n: Option<u32> },
    /// A slot of `name`'s journal.
    Journal { name: String, slot: char },
    /// The last adjourned game between two players.
    Adjourned { a: String, b: String },
}

/// Who asks: a private journal shows only to its owner and administrators.
#[derive(Debug, Clone)]
pub struct Asker {
    pub account_id: Option<i64>,
    pub admin: bool,
}

impl Asker {
    pub fn of(ctx: &Ctx<'_>) -> Asker {
        Asker {
            account_id: ctx.session.account_id,
            admin: ctx.session.titles.admin,
        }
    }
}

/// A stored game with its moves, and words for what it is.
#[derive(Debug, Clone)]
pub struct Found {
    /// `history game 0 of Alice`, `journal entry A of Alice`, `adjourned
    /// game` (`stored-title`).
    pub title: Msg,
    pub row: GameRow,
    pub moves: Vec<MoveRow>,
}

/// Reads `name [N|A|name2]` (words after the command). A lone name is
/// `alone(name)`: the adjourned game with the user for `examine`, the
/// last game in history for `smoves` and `sposition`.
pub fn parse(ctx: &Ctx<'_>, words: &[&str], alone: fn(&str, &str) -> Source) -> Option<Source> {
    // An online name may be shortened, as everywhere.
    let full = |w: &str| {
        ctx.world()
            .find(w)
            .map(|p| p.name.clone())
            .unwrap_or_else(|_| w.to_string())
    };
    match words {
        [name] => Some(alone(&ctx.session.name, &full(name))),
        [name, n] if n.bytes().all(|b| b.is_ascii_digit()) => Some(Source::History {
            name: full(name),
            n: n.parse().ok(),
        }),
        [name, slot] if journal::slot(slot).is_some() => Some(Source::Journal {
            name: full(name),
            slot: journal::slot(slot)?,
        }),
        [a, b] => Some(Source::Adjourned {
            a: full(a),
            b: full(b),
        }),
        _ => None,
    }
}

/// `name` alone: the last game of their history.
pub fn last_in_history(_me: &str, name: &str) -> Source {
    Source::History {
        name: name.to_string(),
        n: None,
    }
}

/// `name` alone: my adjourned game with them.
pub fn adjourned_with_me(me: &str, name: &str) -> Source {
    Source::Adjourned {
        a: me.to_string(),
        b: name.to_string(),
    }
}

/// Finds the game on the store thread; errors are the user's line.
pub fn find(db: &Connection, source: &Source, asker: &Asker) -> Result<Found, Msg> {
    let broken = |_| msg!("database-unavailable");
    let (title, id) = match source {
        Source::History { name, n } => {
            let rows = games::history(db, name, HISTORY).map_err(broken)?;
            if rows.is_empty() {
                return Err(msg!("history-none", name = name));
            }
            let i = match n {
                Some(n) => *n as usize,
                None => rows.len() - 1,
            };
            let row = rows
                .get(i)
                .ok_or_else(|| msg!("history-no-such-game", n = i, name = name))?;
            (
                msg!("stored-title", kind = "history", n = i, name = name),
                row.id,
            )
        }
        Source::Journal { name, slot } => {
            let owner = open_journal(db, name, asker)?;
            let id = journal::game_in(db, owner.id, *slot)
                .map_err(broken)?
                .ok_or_else(|| {
                    msg!(
                        "journal-entry-not-available",
                        slot = *slot,
                        name = &owner.name
                    )
                })?;
            (
                msg!(
                    "stored-title",
                    kind = "journal",
                    slot = *slot,
                    name = &owner.name
                ),
                id,
            )
        }
        Source::Adjourned { a, b } => {
            let id = journal::adjourned_between(db, a, b)
                .map_err(broken)?
                .ok_or_else(|| msg!("stored-none-between", a = a, b = b))?;
            (msg!("stored-title", kind = "adjourned"), id)
        }
    };
    let row = games::get(db, id)
        .map_err(broken)?
        .ok_or_else(|| msg!("stored-gone", title = title.clone()))?;
    let moves = games::moves(db, id).map_err(broken)?;
    Ok(Found { title, row, moves })
}

/// The account whose journal `name` asks for, if the asker may read it.
pub fn open_journal(db: &Connection, name: &str, asker: &Asker) -> Result<accounts::Account, Msg> {
    let broken = |_| msg!("database-unavailable");
    let owner = accounts::find(db, name)
        .map_err(broken)?
        .ok_or_else(|| msg!("tell-no-such-player", name = name))?;
    let own = asker.account_id == Some(owner.id);
    if !own && !asker.admin && journal::is_private(db, owner.id).map_err(broken)? {
        return Err(msg!("journal-private"));
    }
    Ok(owner)
}

/// `Alice vs. Bob` (`stored-players`).
pub fn players(row: &GameRow) -> Msg {
    msg!("stored-players", white = &row.white, black = &row.black)
}

/// The move list of a stored game, with its start position for `iset startpos`.
fn movelist_text(found: &Found, ms: bool, startpos: bool) -> String {
    let exam = NewExam::stored(&found.row, &found.moves);
    let mut line = exam.start.clone();
    for m in &exam.mainline {
        if line.try_play(m.mv).is_err() {
            break;
        }
    }
    let start: &AtomicGame = &exam.start;
    let row = &found.row;
    let data = MoveListData {
        game_no: 0,
        white: row.white.clone(),
        black: row.black.clone(),
        white_rating: row.white_rating.trim().to_string(),
        black_rating: row.black_rating.trim().to_string(),
        date: fics_date(row.started_at),
        rated: row.rated,
        variant: start.variant(),
        initial_secs: row.minutes * 60,
        increment_secs: row.inc,
        first_move_number: start.fullmove_number(),
        black_moves_first: start.turn() == shakmaty::Color::Black,
        moves: line
            .moves()
            .iter()
            .zip(&exam.mainline)
            .map(|(m, x)| TimedMove {
                san: m.san.clone(),
                time_ms: x.time_ms,
            })
            .collect(),
        ms,
        end: exam.end.clone(),
    };
    let mut header = String::new();
    movelist::write_header(&data, &mut header);
    // The header names a game number; a stored game has none, so the
    // first line names it the way the user did.
    let rest = header
        .strip_prefix("\nMovelist for game 0:\n")
        .unwrap_or(&header);
    // The move list is a machine form (PyChess reads it): English.
    let title = crate::render::catalogue::text(crate::chess::Lang::En, &found.title);
    let mut out = format!("\nMovelist for {title}:\n{rest}");
    if startpos {
        let mut snap = BoardSnapshot::new(start, 0, &row.white, &row.black);
        snap.initial_secs = row.minutes * 60;
        snap.increment_secs = row.inc;
        snap.white_clock_ms = i64::from(row.minutes) * 60_000;
        snap.black_clock_ms = snap.white_clock_ms;
        crate::chess::style12::render(&snap, -4, false, ms, &mut out);
        out.push('\n');
    }
    movelist::write_moves(&data, &mut out);
    out
}

/// Runs a lookup later and formats what it finds.
fn with_found(
    ctx: &mut Ctx<'_>,
    source: Source,
    show: impl FnOnce(Found) -> String + Send + 'static,
) {
    let store = ctx.shared().store.clone();
    let asker = Asker::of(ctx);
    let voice = ctx.voice();
    ctx.reply_later(async move {
        match store.call(move |db| find(db, &source, &asker)).await {
            Ok(Ok(found)) => show(found),
            Ok(Err(line)) => voice.line(&line),
            Err(_) => voice.line(&msg!("database-unavailable")),
        }
    });
}

/// `smoves name [N|slot]`, `smoves name1 name2`: a stored game's moves.
pub fn smoves(ctx: &mut Ctx<'_>, args: &str) {
    let words: Vec<&str> = args.split_whitespace().collect();
    let Some(source) = parse(ctx, &words, last_in_history) else {
        return ctx.usage("smoves name [history-number|journal-slot] | smoves name1 name2");
    };
    let ms = ctx.session.ivars.get(Ivar::MS);
    let startpos = ctx.session.ivars.get(Ivar::STARTPOS);
    with_found(ctx, source, move |found| {
        movelist_text(&found, ms, startpos)
    });
}

/// `sposition name [N|slot]`, `sposition name1 name2`: the last position
/// of a stored game, as a board outside any game (relation -3).
pub fn sposition(ctx: &mut Ctx<'_>, args: &str) {
    let words: Vec<&str> = args.split_whitespace().collect();
    let Some(source) = parse(ctx, &words, last_in_history) else {
        return ctx.usage("sposition name [history-number|journal-slot] | sposition name1 name2");
    };
    let style = ctx.session.board_style();
    let voice = ctx.voice();
    with_found(ctx, source, move |found| {
        let exam = NewExam::stored(&found.row, &found.moves);
        let mut game = exam.start;
        for m in &exam.mainline {
            if game.try_play(m.mv).is_err() {
                break;
            }
        }
        let row = &found.row;
        let mut snap = BoardSnapshot::new(&game, 0, &row.white, &row.black);
        snap.initial_secs = row.minutes * 60;
        snap.increment_secs = row.inc;
        (snap.white_clock_ms, snap.black_clock_ms) = (row.white_ms, row.black_ms);
        snap.ticking = false;
        let mut out = voice.line(&msg!(
            "sposition-header",
            title = found.title.clone(),
            players = players(row),
            n = game.moves().len()
        ));
        out.push('\n');
        style.body_as(&Arc::new(snap), -3, false, &mut out);
        out
    });
}
