//! Events, refusals and boards as the JSON messages of `/ws?framing=json`
//! (docs/json-protocol.md), for one recipient: every message is one
//! object with a `type` and the protocol's version `v`, its facts as data,
//! and where a person would read something, its `text` in the recipient's
//! language (rendered by `render::fics` with a view that is never a GUI's,
//! so a French reader reads French everywhere).
//!
//! Pure: values in, `serde_json::Value` out; the session writes them.

use serde_json::{Map, Value, json};
use shakmaty::Color;
use shakmaty::fen::Fen;

use crate::chess::{BoardSnapshot, Variant};
use crate::event::{
    Answer, Arg, Beginning, EndFor, Event, GameIntro, GameOffer, KickReason, Msg, Presence,
    Refusal, SeekAd, Viewer,
};
use crate::render::fics;
use crate::render::view::View;

/// The protocol's version: a client that reads another one should say so.
pub const VERSION: u32 = 1;

/// A message of `kind` with `fields`: `{"type": kind, "v": 1, ...}`.
pub fn message(kind: &str, fields: Value) -> Value {
    let mut m = Map::new();
    m.insert("type".into(), kind.into());
    m.insert("v".into(), VERSION.into());
    if let Value::Object(f) = fields {
        m.extend(f);
    }
    Value::Object(m)
}

/// Text as the JSON messages carry it: no bell, no last newline.
pub fn clean(text: &str) -> String {
    text.replace('\u{7}', "").trim_matches('\n').to_string()
}

fn event_text(view: &View, ev: &Event) -> String {
    let mut out = String::new();
    fics::event(view, ev, &mut out);
    clean(&out)
}

/// A catalogue line as data: its id, its values, its text.
pub fn msg(view: &View, m: &Msg) -> Value {
    let mut text = String::new();
    fics::msg(view, m, &mut text);
    json!({ "id": m.id, "args": args(m), "text": clean(&text) })
}

/// A line's values as JSON: text and numbers as they are, lengths of time
/// in seconds, moments in Unix seconds, a line inside the line as its own
/// `{id, args}`, a list as an array. The `text` beside them is the words.
fn args(m: &Msg) -> Value {
    m.args
        .iter()
        .map(|(k, v)| ((*k).to_string(), arg(v)))
        .collect::<Map<_, _>>()
        .into()
}

fn arg(v: &Arg) -> Value {
    match v {
        Arg::Text(s) => Value::from(s.as_str()),
        Arg::Number(n) => Value::from(*n),
        Arg::Span(secs) => Value::from(*secs),
        Arg::Date(unix) | Arg::Ctime(unix) => Value::from(*unix),
        Arg::Msg(inner) => json!({ "id": inner.id, "args": args(inner) }),
        Arg::And(items) => Value::from(items.clone()),
    }
}

/// Catalogue lines in one message.
pub fn lines(view: &View, msgs: &[Msg]) -> Value {
    let lines: Vec<Value> = msgs.iter().map(|m| msg(view, m)).collect();
    let text = lines
        .iter()
        .map(|l| l["text"].as_str().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    message("lines", json!({ "lines": lines, "text": text }))
}

/// Finished text (a TD program's `qtell`, the message of the day).
pub fn text(t: &str) -> Value {
    message("text", json!({ "text": clean(t) }))
}

fn side(c: Color) -> &'static str {
    if c == Color::White { "white" } else { "black" }
}

/// `Alice(U)(TD)` as a name and its titles.
pub fn name_and_titles(display: &str) -> (String, Vec<String>) {
    let (name, rest) = display.split_once('(').unwrap_or((display, ""));
    let titles = if rest.is_empty() {
        Vec::new()
    } else {
        format!("({rest}")
            .split(['(', ')'])
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect()
    };
    (name.to_string(), titles)
}

fn arg_text<'m>(m: &'m Msg, name: &str) -> &'m str {
    m.args
        .iter()
        .find(|(k, _)| *k == name)
        .and_then(|(_, v)| match v {
            Arg::Text(s) => Some(s.as_str()),
            _ => None,
        })
        .unwrap_or_default()
}

fn arg_number(m: &Msg, name: &str) -> Option<i64> {
    m.args
        .iter()
        .find(|(k, _)| *k == name)
        .and_then(|(_, v)| match v {
            Arg::Number(n) | Arg::Date(n) | Arg::Ctime(n) => Some(*n),
            Arg::Span(secs) => i64::try_from(*secs).ok(),
            Arg::Text(s) => s.trim_matches(['[', ']']).parse().ok(),
            Arg::Msg(_) | Arg::And(_) => None,
        })
}

/// Talk the world sends as a catalogue line (a tell, a say, a kibitz …),
/// typed: who, where, what they said.
fn talk(view: &View, m: &Msg) -> Option<Value> {
    let kind = match m.id {
        "tell-heard" => "tell",
        "say-heard" => "say",
        "kibitz-heard" => "kibitz",
        "whisper-heard" => "whisper",
        "channel-heard" => "channel",
        "shout-heard" => "shout",
        "cshout-heard" => "cshout",
        "it-heard" => "it",
        _ => return None,
    };
    let (from, titles) = name_and_titles(arg_text(m, "name"));
    let game = match kind {
        "say" => arg_number(m, "game"),
        "kibitz" | "whisper" => arg_number(m, "no"),
        _ => None,
    };
    let mut text = String::new();
    fics::msg(view, m, &mut text);
    Some(message(
        "talk",
        json!({
            "kind": kind,
            "from": from,
            "titles": titles,
            "game": game,
            "channel": (kind == "channel").then(|| arg_number(m, "channel")).flatten(),
            "message": arg_text(m, "text"),
            "text": clean(&text),
        }),
    ))
}

/// A board as data. `flip`: Black at the bottom for this user.
pub fn board_fields(snap: &BoardSnapshot, viewer: Viewer, flip: bool) -> Value {
    let fen = Fen::try_from_setup(snap.position.clone())
        .unwrap_or_else(|lossy| lossy.ignore())
        .to_string();
    let (role, color) = match viewer {
        Viewer::Player(c) => ("player", Some(side(c))),
        Viewer::Observer => ("observer", None),
        Viewer::Examiner => ("examiner", None),
        Viewer::ExamObserver => ("exam_observer", None),
    };
    let label = snap.label.as_deref();
    let turn = snap.turn();
    let ply = (snap.fullmove.max(1) - 1) * 2 + u32::from(turn == Color::Black);
    let mut fields = json!({
        "game": snap.game_no,
        "db_id": label.map(|l| l.db_id),
        "fen": fen,
        "turn": side(turn),
        "ply": ply,
        "role": role,
        "color": color,
        "relation": viewer.relation(snap),
        "flip": flip,
        "white": { "name": snap.white, "rating": label.map(|l| l.white_rating.as_str()) },
        "black": { "name": snap.black, "rating": label.map(|l| l.black_rating.as_str()) },
        "clocks": {
            "white_ms": snap.white_clock_ms,
            "black_ms": snap.black_clock_ms,
            "running": snap.ticking,
        },
        "time": { "initial_secs": snap.initial_secs, "inc": snap.increment_secs },
        "move": snap.last_move.as_ref().map(|m| json!({
            "san": m.san,
            "uci": m.uci,
            "verbose": m.verbose,
            "time_ms": m.time_ms,
        })),
        "lag_ms": snap.lag_ms,
    });
    // Left out for atomic, as the other messages do: the boards of atomic
    // games keep their bytes.
    if snap.variant == Variant::Atomic960 {
        fields["variant"] = snap.variant.word().into();
        fields["chess960"] = snap.chess960.into();
    }
    // Only on a simul's boards: every other board keeps its keys.
    if label.is_some_and(|l| l.simul) {
        fields["simul"] = json!({ "exhibitor": snap.white });
    }
    fields
}

/// A board message.
pub fn board(snap: &BoardSnapshot, viewer: Viewer, flip: bool) -> Value {
    message("board", board_fields(snap, viewer, flip))
}

/// A game's start: who, the terms, how it begins, and its first board.
pub fn game_start(
    view: &View,
    intro: &GameIntro,
    snap: &BoardSnapshot,
    viewer: Viewer,
    flip: bool,
) -> Value {
    let mut text = String::new();
    fics::intro(view, intro, &mut text);
    let how = match intro.how {
        Beginning::Created => "created",
        Beginning::Continued { adjourned: false } => "continued",
        Beginning::Continued { adjourned: true } => "resumed",
    };
    message(
        "game_start",
        json!({
            "game": intro.game.no,
            "db_id": intro.db_id,
            "white": { "name": intro.game.white, "rating": intro.white_rating.trim() },
            "black": { "name": intro.game.black, "rating": intro.black_rating.trim() },
            "rated": intro.terms.rated,
            "minutes": intro.terms.minutes,
            "inc": intro.terms.inc,
            "how": how,
            "board": board_fields(snap, viewer, flip),
            "text": clean(&text),
        }),
    )
}

fn seek(ad: &SeekAd) -> Value {
    json!({
        "id": ad.id,
        "name": ad.name,
        "title_flags": ad.title_flags,
        "rating": ad.rating.trim(),
        "minutes": ad.terms.minutes,
        "inc": ad.terms.inc,
        "rated": ad.terms.rated,
        "color": ad.color.map(|c| if c == 'W' { "white" } else { "black" }),
        "manual": ad.manual,
        "formula": ad.formula,
        "range": [ad.range.0, ad.range.1],
        "variant": ad.variant,
        "start": ad.start,
    })
}

/// Every seek a user may answer, as one message (what `<sc>` and the
/// `<s>` lines that follow it say).
pub fn seeks(events: &[Event]) -> Value {
    let all: Vec<Value> = events
        .iter()
        .filter_map(|e| match e {
            Event::SeekPosted { ad, own } => {
                let mut s = seek(ad);
                s["own"] = (*own).into();
                Some(s)
            }
            _ => None,
        })
        .collect();
    message("seeks", json!({ "seeks": all }))
}

fn presence(kind: &str, p: &Presence, text: String) -> Value {
    message(
        kind,
        json!({
            "name": p.name,
            "registered": p.registered,
            "notified": p.notified,
            "text": text,
        }),
    )
}

fn game_offer(offer: GameOffer) -> (&'static str, Option<u32>) {
    match offer {
        GameOffer::Draw => ("draw", None),
        GameOffer::Abort => ("abort", None),
        GameOffer::Adjourn => ("adjourn", None),
        GameOffer::Takeback { plies } => ("takeback", Some(plies)),
        GameOffer::Switch => ("switch", None),
        GameOffer::Pause => ("pause", None),
    }
}

/// An event as this recipient's message; None for what says nothing in
/// JSON (the text protocol's blank lines).
pub fn event(view: &View, ev: &Event) -> Option<Value> {
    let text = || event_text(view, ev);
    Some(match ev {
        Event::Blank => return None,
        Event::Lines { lines: ls } => match ls.as_slice() {
            [one] => talk(view, one).unwrap_or_else(|| lines(view, ls)),
            _ => lines(view, ls),
        },
        Event::GameEnded {
            game,
            kind,
            result,
            to,
            ..
        } => {
            let (to, rating) = match to {
                EndFor::Player { rating } => (
                    "player",
                    // The line that moved: atomic's or Atomic960's.
                    rating.map(
                        |(old, new)| json!({ "old": old, "new": new, "variant": game.variant }),
                    ),
                ),
                EndFor::Observer => ("observer", None),
                EndFor::Follower => ("follower", None),
            };
            message(
                "game_end",
                json!({
                    "game": game.no,
                    "white": game.white,
                    "black": game.black,
                    "end": kind,
                    "code": kind.code(),
                    "result": result,
                    "reason": fics::end_reason(view.lang, *kind, &game.white, &game.black),
                    "to": to,
                    "rating": rating,
                    "text": text(),
                }),
            )
        }
        Event::GameBegins { game, rated, how } => message(
            "game_begins",
            json!({
                "game": game.no,
                "white": game.white,
                "black": game.black,
                "rated": rated,
                "continued": matches!(how, Beginning::Continued { .. }),
                "text": text(),
            }),
        ),
        Event::OfferReceived {
            id,
            from,
            kind,
            params,
            terms,
        } => message(
            "offer",
            json!({ "id": id, "to_me": true, "who": from, "kind": kind, "params": params, "terms": terms }),
        ),
        Event::OfferSent {
            id,
            to,
            kind,
            params,
            terms,
            ..
        } => message(
            "offer",
            json!({ "id": id, "to_me": false, "who": to, "kind": kind, "params": params, "terms": terms }),
        ),
        Event::OfferRemoved { id, .. } => message("offer_removed", json!({ "id": id })),
        Event::GameOffered { game, from, offer } | Event::GameOfferSeen { game, from, offer } => {
            let (kind, plies) = game_offer(*offer);
            message(
                "game_offer",
                json!({
                    "game": game,
                    "from": from,
                    "offer": kind,
                    "plies": plies,
                    "seen": matches!(ev, Event::GameOfferSeen { .. }),
                    "text": text(),
                }),
            )
        }
        Event::OfferAnswered { by, kind, answer } => message(
            "offer_answered",
            json!({
                "by": by,
                "kind": kind,
                "answer": match answer {
                    Answer::Accepted => "accepted",
                    Answer::Declined => "declined",
                    Answer::Withdrawn => "withdrawn",
                    Answer::Updated => "updated",
                },
                "text": text(),
            }),
        ),
        Event::OfferDeclinedSeen { game, by, kind } => message(
            "offer_declined",
            json!({ "game": game, "by": by, "kind": kind, "text": text() }),
        ),
        Event::Challenged {
            text: terms,
            computer,
            preview,
            fen,
        } => message(
            "challenge",
            json!({
                "terms": terms,
                "computer": computer,
                "preview": preview.map(|(w, d, l, rd)| json!({ "win": w, "draw": d, "loss": l, "rd": rd })),
                "fen": fen,
                "text": text(),
            }),
        ),
        Event::SeekPosted { ad, own } => {
            let mut s = seek(ad);
            s["own"] = (*own).into();
            message("seek", json!({ "seek": s }))
        }
        Event::SeeksRemoved { ids } => message("seeks_removed", json!({ "ids": ids })),
        Event::RatingPreview {
            change: (win, draw, loss, rd),
        } => message(
            "rating_preview",
            json!({ "win": win, "draw": draw, "loss": loss, "rd": rd, "text": text() }),
        ),
        Event::Refused(r) => refusal(view, r),
        Event::DirectorSays {
            channel,
            text: said,
        } => message(
            "director",
            json!({ "channel": channel, "message": msg(view, said), "text": text() }),
        ),
        Event::GameInfo(g) => message(
            "game_info",
            json!({
                "game": g.no,
                "rated": g.rated,
                "registered": [g.registered.0, g.registered.1],
                "initial_secs": g.initial_secs,
                "inc": g.inc,
                "ratings": [g.ratings.0, g.ratings.1],
                "timeseal": [g.timeseal.0, g.timeseal.1],
            }),
        ),
        Event::Arrived(p) => presence("arrived", p, text()),
        Event::Departed(p) => presence("departed", p, text()),
        Event::Observers { game, count } => {
            message("observers", json!({ "game": game, "count": count }))
        }
    })
}

/// A refusal: why, typed, and its line.
pub fn refusal(view: &View, r: &Refusal) -> Value {
    let mut text = String::new();
    fics::refusal(view, r, &mut text);
    let why = match r {
        Refusal::Gone => json!({ "refusal": "gone" }),
        Refusal::NotOpen(n) => json!({ "refusal": "not_open", "name": n }),
        Refusal::Censored(n) => json!({ "refusal": "censored", "name": n }),
        Refusal::NoPlay(n) => json!({ "refusal": "no_play", "name": n }),
        Refusal::Playing(n) => json!({ "refusal": "playing", "name": n }),
        Refusal::SelfMatch => json!({ "refusal": "self_match" }),
        Refusal::RatedNeedsRegistration => json!({ "refusal": "rated_needs_registration" }),
        Refusal::Formula { owner, formula } => {
            json!({ "refusal": "formula", "name": owner, "formula": formula })
        }
        Refusal::Other(m) => json!({ "refusal": "other", "line": msg(view, m) }),
    };
    message("refusal", json!({ "refusal": why, "text": clean(&text) }))
}

/// Why the server closes this session.
pub fn kick(view: &View, why: &KickReason) -> Value {
    let mut text = String::new();
    fics::kick(view, why, &mut text);
    let reason = match why {
        KickReason::LoggedInElsewhere { .. } => "logged_in_elsewhere",
        KickReason::Idle { .. } => "idle",
        KickReason::Said(_) => "admin",
    };
    message("kick", json!({ "reason": reason, "text": clean(&text) }))
}

#[cfg(test)]
#[path = "json_tests.rs"]
mod tests;
