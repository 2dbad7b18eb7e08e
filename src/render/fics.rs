//! Events and refusals as FICS text for one recipient, in their language,
//! from the catalogue (`render::catalogue`); the machine lines (`<pf>`,
//! `<s>`, `<g1>`, `<wa>` ...) are protocol and written here as they are.
//!
//! For a GUI client (see [`View::gui`]) the lines GUIs read with patterns
//! ([`GUI_PARSED`]) stay English whatever `set lang` says, so xboard and
//! PyChess go on understanding them.

use crate::chess::Lang;
use crate::event::{
    Answer, Beginning, EndFor, EndKind, Event, GameInfo, GameIntro, GameOffer, GameRef, KickReason,
    Msg, OfferType, Presence, Refusal, SeekAd,
};
use crate::msg;
use crate::render::catalogue;
use crate::render::view::View;
use crate::settings::ivars::Ivar;
use crate::settings::vars::Switch;

pub use crate::render::gui::GUI_PARSED;

/// The language `id` is written in for this recipient.
pub fn lang_for(view: &View, id: &str) -> Lang {
    if view.gui && GUI_PARSED.contains(&id) {
        Lang::En
    } else {
        view.lang
    }
}

/// Appends one catalogue line (no newline).
pub fn msg(view: &View, m: &Msg, out: &mut String) {
    let lang = lang_for(view, m.id);
    // A challenge's terms are kept as FICS writes them; a person reading
    // French gets them in French.
    match crate::render::challenge::localised(lang, m) {
        Some(local) => catalogue::write(lang, local.id, &local.args, out),
        None => catalogue::write(lang, m.id, &m.args, out),
    }
}

/// Appends one catalogue line and its newline.
pub fn line(view: &View, m: &Msg, out: &mut String) {
    msg(view, m, out);
    out.push('\n');
}

/// A catalogue line as text, in `lang`.
fn text(lang: Lang, m: Msg) -> String {
    catalogue::text(lang, &m)
}

fn rated_word(lang: Lang, rated: bool) -> String {
    catalogue::plain(lang, if rated { "word-rated" } else { "word-unrated" })
}

/// The reason inside an end line, in `lang`: `Bob's king exploded`.
pub fn end_reason(lang: Lang, kind: EndKind, white: &str, black: &str) -> String {
    use shakmaty::Color;
    let name = |c: Color| if c == Color::White { white } else { black };
    let m = match kind {
        EndKind::KingExploded { loser } => msg!("end-king-exploded", loser = name(loser)),
        EndKind::Checkmated { loser } => msg!("end-checkmated", loser = name(loser)),
        EndKind::Stalemate => msg!("end-stalemate"),
        EndKind::NoMaterial => msg!("end-no-material"),
        EndKind::Resigned { loser } => msg!("end-resigned", loser = name(loser)),
        EndKind::Flagged { loser } => msg!("end-flagged", loser = name(loser)),
        EndKind::FlaggedNoMaterial { loser } => msg!(
            "end-flagged-no-material",
            loser = name(loser),
            winner = name(!loser)
        ),
        EndKind::DrawAgreed => msg!("end-draw-agreed"),
        EndKind::AbortAgreed => msg!("end-abort-agreed"),
        EndKind::AdjournAgreed => msg!("end-adjourn-agreed"),
        EndKind::Repetition => msg!("end-repetition"),
        EndKind::FiftyMoves => msg!("end-fifty-moves"),
        EndKind::AbortedOnMove1 => msg!("end-aborted-move-1"),
        EndKind::Disconnected { loser } => msg!("end-disconnected", loser = name(loser)),
        EndKind::LostConnectionAborted { who } => {
            msg!("end-lost-connection-aborted", who = name(who))
        }
        EndKind::BothLostConnection => msg!("end-both-lost-connection"),
        EndKind::LostConnectionAdjourned { who } => {
            msg!("end-lost-connection-adjourned", who = name(who))
        }
        EndKind::Adjudicated {
            winner: Some(winner),
        } => msg!("end-adjudicated-win", winner = name(winner)),
        EndKind::Adjudicated { winner: None } => msg!("end-adjudicated-draw"),
        EndKind::AbortedByAdjudication => msg!("end-adjudicated-abort"),
        EndKind::ShutdownAdjourned => msg!("end-shutdown-adjourned"),
        EndKind::ShutdownAborted => msg!("end-shutdown-aborted"),
        EndKind::CourtesyAborted { by } => msg!("end-courtesy-aborted", name = name(by)),
        EndKind::SimulAborted => msg!("end-simul-aborted"),
        EndKind::SimulAdjourned => msg!("end-simul-adjourned"),
    };
    text(lang, m)
}

/// `{Game 12 (Alice vs. Bob) Bob resigns} 1-0`.
fn end_line(view: &View, game: &GameRef, kind: EndKind, result: &str, out: &mut String) {
    let lang = lang_for(view, "game-end-line");
    let reason = end_reason(lang, kind, &game.white, &game.black);
    let m = msg!(
        "game-end-line",
        no = game.no,
        white = &game.white,
        black = &game.black,
        reason = reason,
        result = result
    );
    catalogue::write(lang, m.id, &m.args, out);
}

/// The `Creating:` lines of a game's start (and `<g1>` with `gameinfo`).
pub fn intro(view: &View, intro: &GameIntro, out: &mut String) {
    let g = &intro.game;
    let lang = lang_for(view, "game-creating");
    let id = match intro.how {
        Beginning::Continued { adjourned: true } => "game-creating-adjourned",
        _ => "game-creating",
    };
    let m = Msg::new(id)
        .with("white", &g.white)
        .with("white_rating", &intro.white_rating)
        .with("black", &g.black)
        .with("black_rating", &intro.black_rating)
        .with("rated", rated_word(lang, intro.terms.rated))
        .with("minutes", intro.terms.minutes)
        .with("inc", intro.terms.inc)
        .with("variant", g.variant);
    catalogue::write(lang, m.id, &m.args, out);
    out.push('\n');
    begins(view, g, intro.terms.rated, intro.how, out);
    if view.ivar(Ivar::GAMEINFO) {
        gameinfo(&intro.info, out);
        out.push('\n');
    }
}

/// `{Game 12 (Alice vs. Bob) Creating rated atomic match.}` and its newline.
fn begins(view: &View, g: &GameRef, rated: bool, how: Beginning, out: &mut String) {
    let id = match how {
        Beginning::Created => "game-begins-created",
        Beginning::Continued { .. } => "game-begins-continued",
    };
    let lang = lang_for(view, id);
    let m = Msg::new(id)
        .with("no", g.no)
        .with("white", &g.white)
        .with("black", &g.black)
        .with("rated", rated_word(lang, rated))
        .with("variant", g.variant);
    catalogue::write(lang, m.id, &m.args, out);
    out.push('\n');
}

/// The `<g1>` line (docs/protocol.md, "Game information"), no newline.
pub fn gameinfo(g: &GameInfo, out: &mut String) {
    use std::fmt::Write;
    let b = |x: bool| u8::from(x);
    let _ = write!(
        out,
        "<g1> {} p=0 t={} r={} u={},{} it={secs},{inc} i={secs},{inc} pt=0 rt={},{} ts={},{} m=2 n=0",
        g.no,
        g.variant,
        b(g.rated),
        b(g.registered.0),
        b(g.registered.1),
        g.ratings.0,
        g.ratings.1,
        b(g.timeseal.0),
        b(g.timeseal.1),
        secs = g.initial_secs,
        inc = g.inc,
    );
}

fn offer_line(tag: &str, id: u32, who: &str, kind: OfferType, params: &str, out: &mut String) {
    out.push_str(&format!(
        "<{tag}> {id} w={who} t={} p={params}\n",
        kind.word()
    ));
}

/// The noun of an offer in `lang` (`draw request`, `match offer`).
fn offer_noun(lang: Lang, kind: OfferType) -> String {
    catalogue::plain(
        lang,
        match kind {
            OfferType::Match => "noun-match-offer",
            OfferType::Draw => "noun-draw-request",
            OfferType::Abort => "noun-abort-request",
            OfferType::Adjourn => "noun-adjourn-request",
            OfferType::Takeback => "noun-takeback-request",
            OfferType::Switch => "noun-switch-request",
            OfferType::Pause => "noun-pause-request",
        },
    )
}

/// How `pending` and its refusals describe an offer, in `lang`.
pub fn offer_noun_for(view: &View, kind: OfferType) -> String {
    offer_noun(view.lang, kind)
}

fn game_offer(view: &View, game: u32, from: &str, offer: GameOffer, seen: bool, out: &mut String) {
    let m = match (offer, seen) {
        (GameOffer::Draw, false) => msg!("offer-draw-to-you", from = from),
        (GameOffer::Abort, false) => msg!("offer-abort-to-you", from = from),
        (GameOffer::Adjourn, false) => msg!("offer-adjourn-to-you", from = from),
        (GameOffer::Takeback { plies }, false) => {
            msg!("offer-takeback-to-you", from = from, plies = plies)
        }
        (GameOffer::Switch, false) => msg!("offer-switch-to-you", from = from),
        (GameOffer::Pause, false) => msg!("offer-pause-to-you", from = from),
        (GameOffer::Switch, true) => msg!("offer-switch-seen", game = game, from = from),
        (GameOffer::Pause, true) => msg!("offer-pause-seen", game = game, from = from),
        (GameOffer::Draw, true) => msg!("offer-draw-seen", game = game, from = from),
        (GameOffer::Abort, true) => msg!("offer-abort-seen", game = game, from = from),
        (GameOffer::Adjourn, true) => msg!("offer-adjourn-seen", game = game, from = from),
        (GameOffer::Takeback { plies }, true) => {
            msg!(
                "offer-takeback-seen",
                game = game,
                from = from,
                plies = plies
            )
        }
    };
    line(view, &m, out);
}

/// A seek's text ad, no newline.
fn seek_ad(view: &View, ad: &SeekAd, out: &mut String) {
    let color = match ad.color {
        Some('W') => " [white]",
        Some('B') => " [black]",
        _ => "",
    };
    let flags = format!(
        "{color}{}{}",
        if ad.manual { " m" } else { "" },
        if ad.formula { " f" } else { "" }
    );
    let m = msg!(
        "seek-ad",
        name = &ad.display_name,
        rating = &ad.rating,
        minutes = ad.terms.minutes,
        inc = ad.terms.inc,
        rated = rated_word(lang_for(view, "seek-ad"), ad.terms.rated),
        variant = ad.variant,
        start = start_words(ad),
        flags = flags,
        index = ad.id
    );
    msg(view, &m, out);
}

/// ` 518` after the type word of an ad whose seeker chose the Atomic960
/// start (as `seek 3 0 atomic960 518` asked for it), empty otherwise.
fn start_words(ad: &SeekAd) -> String {
    ad.start.map(|n| format!(" {n}")).unwrap_or_default()
}

/// A seek's `<s>` (or `<sn>`) line, no newline. `tp=` is the type word
/// (`atomic`, `atomic960`); the start a seeker chose is in `sought` and
/// the ad, not here, where GUIs expect FICS's fields only.
pub fn seek_info(ad: &SeekAd, tag: &str, out: &mut String) {
    out.push_str(&format!(
        "<{tag}> {} w={} ti={:02x} rt={} t={} i={} r={} tp={} c={} rr={}-{} a={} f={}",
        ad.id,
        ad.name,
        ad.title_flags,
        ad.seekinfo_rating,
        ad.terms.minutes,
        ad.terms.inc,
        if ad.terms.rated { 'r' } else { 'u' },
        ad.variant,
        ad.color.unwrap_or('?'),
        ad.range.0,
        ad.range.1,
        if ad.manual { 'f' } else { 't' },
        if ad.formula { 't' } else { 'f' },
    ));
}

fn presence(view: &View, p: &Presence, arrived: bool, out: &mut String) {
    if view.ivar(Ivar::PIN) {
        if arrived {
            out.push_str(&format!("<wa> {}\n", p.who_line));
        } else {
            out.push_str(&format!("<wd> {}\n", p.name));
        }
    }
    match (
        &p.addr,
        view.switch(Switch::Pinform),
        view.switch(Switch::Pin),
    ) {
        (Some(addr), true, _) => {
            let kind = if p.registered { 'R' } else { 'U' };
            let id = if arrived {
                "pin-connected-addr"
            } else {
                "pin-disconnected-addr"
            };
            let m = Msg::new(id)
                .with("name", &p.name)
                .with("kind", kind)
                .with("addr", addr);
            line(view, &m, out);
        }
        (_, _, true) => {
            let id = if arrived {
                "pin-connected"
            } else {
                "pin-disconnected"
            };
            line(view, &Msg::new(id).with("name", &p.name), out);
        }
        _ => {}
    }
    if p.notified {
        let id = if arrived {
            "notify-arrived"
        } else {
            "notify-departed"
        };
        line(view, &Msg::new(id).with("name", &p.name), out);
    }
}

/// Appends an event as this recipient reads it; nothing when it is not
/// for them (a `<pf>` line without `pendinfo`).
pub fn event(view: &View, ev: &Event, out: &mut String) {
    match ev {
        Event::Lines { lines } => {
            for m in lines {
                line(view, m, out);
            }
        }
        Event::Blank => out.push('\n'),
        Event::GameEnded {
            game,
            kind,
            result,
            suffix,
            to,
        } => {
            end_line(view, game, *kind, result, out);
            out.push_str(suffix);
            out.push('\n');
            match to {
                EndFor::Player { rating } => {
                    out.push('\n');
                    let m = match rating {
                        // Each variant's line names itself (FICS: `Blitz
                        // rating adjustment`); atomic's keeps its bytes.
                        Some((old, new)) if game.variant == "atomic960" => {
                            msg!("rating-adjustment-atomic960", old = *old, new = *new)
                        }
                        Some((old, new)) => msg!("rating-adjustment", old = *old, new = *new),
                        None => msg!("rating-none"),
                    };
                    line(view, &m, out);
                }
                EndFor::Observer => {
                    out.push('\n');
                    line(view, &msg!("observe-removed", no = game.no), out);
                }
                EndFor::Follower => {}
            }
        }
        Event::GameBegins { game, rated, how } => begins(view, game, *rated, *how, out),
        Event::OfferReceived {
            id,
            from,
            kind,
            params,
            ..
        } => {
            if view.ivar(Ivar::PENDINFO) {
                offer_line("pf", *id, from, *kind, params, out);
            }
        }
        Event::OfferSent {
            id,
            to,
            kind,
            params,
            spaced,
            ..
        } => {
            if view.ivar(Ivar::PENDINFO) {
                if *spaced {
                    out.push('\n');
                }
                offer_line("pt", *id, to, *kind, params, out);
            }
        }
        Event::OfferRemoved { id, spaced } => {
            if view.ivar(Ivar::PENDINFO) {
                if *spaced {
                    out.push('\n');
                }
                out.push_str(&format!("<pr> {id}\n"));
            }
        }
        Event::GameOffered { game, from, offer } => {
            game_offer(view, *game, from, *offer, false, out)
        }
        Event::GameOfferSeen { game, from, offer } => {
            game_offer(view, *game, from, *offer, true, out)
        }
        Event::OfferAnswered { by, kind, answer } => {
            let lang = lang_for(view, "offer-answered");
            let verb = catalogue::plain(
                lang,
                match answer {
                    Answer::Accepted => "verb-accepts",
                    Answer::Declined => "verb-declines",
                    Answer::Withdrawn => "verb-withdraws",
                    Answer::Updated => "verb-updates",
                },
            );
            let noun = match (answer, kind) {
                (Answer::Updated, OfferType::Match) => catalogue::plain(lang, "noun-match-request"),
                _ => offer_noun(lang, *kind),
            };
            let m = msg!("offer-answered", by = by, verb = verb, noun = noun);
            catalogue::write(lang, m.id, &m.args, out);
            out.push('\n');
        }
        Event::OfferDeclinedSeen { game, by, kind } => {
            let noun = offer_noun(view.lang, *kind);
            line(
                view,
                &msg!("offer-declined-seen", game = *game, by = by, noun = noun),
                out,
            );
        }
        Event::Challenged {
            text,
            computer,
            preview,
            fen,
        } => {
            if view.switch(Switch::Bell) {
                out.push('\u{7}');
            }
            line(view, &msg!("challenge-line", text = text), out);
            if let Some(name) = computer {
                line(view, &msg!("challenge-computer", name = name), out);
            }
            if let Some(p) = preview {
                rating_preview(view, *p, out);
            }
            if let Some(fen) = fen {
                line(view, &msg!("challenge-position", fen = fen), out);
            }
            line(view, &msg!("challenge-answer"), out);
        }
        Event::SeekPosted { ad, own } => {
            let tag = if *own { "sn" } else { "s" };
            if view.ivar(Ivar::SEEKINFO) {
                seek_info(ad, tag, out);
            } else {
                seek_ad(view, ad, out);
            }
            out.push('\n');
        }
        Event::SeeksRemoved { ids } => {
            if view.ivar(Ivar::SEEKINFO) && view.ivar(Ivar::SEEKREMOVE) {
                // Jin reads one index per <sr> line.
                for id in ids {
                    out.push_str(&format!("<sr> {id}\n"));
                }
            } else if view.ivar(Ivar::SEEKREMOVE) {
                let list = ids.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
                line(view, &msg!("seeks-removed", list = list), out);
            }
        }
        Event::RatingPreview { change } => rating_preview(view, *change, out),
        Event::Refused(r) => {
            refusal(view, r, out);
            out.push('\n');
        }
        Event::DirectorSays { channel, text } => {
            if let Some(ch) = channel {
                out.push_str(&format!("Director(TD)({ch}): "));
            }
            line(view, text, out);
        }
        Event::GameInfo(info) => {
            if view.ivar(Ivar::GAMEINFO) {
                gameinfo(info, out);
                out.push('\n');
            }
        }
        Event::Arrived(p) => presence(view, p, true, out),
        Event::Departed(p) => presence(view, p, false, out),
        // Only the JSON framing shows it.
        Event::Observers { .. } => {}
    }
}

/// The two lines of a rating preview (`Your atomic rating will change: ...`).
pub fn rating_preview(view: &View, (win, draw, loss, rd): (i32, i32, i32, f64), out: &mut String) {
    let m = msg!(
        "rating-preview",
        win = format!("{win:+}"),
        draw = format!("{draw:+}"),
        loss = format!("{loss:+}")
    );
    line(view, &m, out);
    line(
        view,
        &msg!("rating-preview-rd", rd = format!("{rd:.1}")),
        out,
    );
}

/// Appends every event of a reply.
pub fn events(view: &View, events: &[Event], out: &mut String) {
    for ev in events {
        event(view, ev, out);
    }
}

/// A refusal as its one line (no newline).
pub fn refusal(view: &View, r: &Refusal, out: &mut String) {
    let m = match r {
        Refusal::Gone => msg!("refuse-gone"),
        Refusal::NotOpen(name) => msg!("refuse-not-open", name = name),
        Refusal::Censored(name) => msg!("refuse-censored", name = name),
        Refusal::NoPlay(name) => msg!("refuse-noplay", name = name),
        Refusal::Playing(name) => msg!("refuse-playing", name = name),
        Refusal::SelfMatch => msg!("refuse-self-match"),
        Refusal::RatedNeedsRegistration => msg!("refuse-rated-registration"),
        Refusal::Formula { owner, formula } => {
            line(view, &msg!("refuse-formula", owner = owner), out);
            msg(
                view,
                &msg!("refuse-formula-text", owner = owner, formula = formula),
                out,
            );
            return;
        }
        Refusal::Other(m) => m.clone(),
    };
    msg(view, &m, out);
}

/// The words a kicked user reads (a whole line, with its newline).
pub fn kick(view: &View, why: &KickReason, out: &mut String) {
    let m = match why {
        KickReason::LoggedInElsewhere { name } => msg!("kick-logged-in-elsewhere", name = name),
        KickReason::Idle { secs } => {
            let d = duration(lang_for(view, "kick-idle"), *secs);
            msg!("kick-idle", duration = d)
        }
        KickReason::Said(m) => m.clone(),
    };
    line(view, &m, out);
}

/// `2 minutes`, `1 minute`, `30 seconds`, in `lang`.
pub fn duration(lang: Lang, secs: u64) -> String {
    let m = if secs >= 60 && secs.is_multiple_of(60) {
        msg!("duration-minutes", n = secs / 60)
    } else {
        msg!("duration-seconds", n = secs)
    };
    text(lang, m)
}

/// A move's refusal as a catalogue line.
pub fn move_error(e: &crate::chess::MoveError) -> Msg {
    use crate::chess::MoveError;
    match e {
        MoveError::NotAMove => msg!("move-not-a-move"),
        MoveError::Illegal(text) => msg!("move-illegal", text = text),
        MoveError::Ambiguous(text) => msg!("move-ambiguous", text = text),
    }
}

#[cfg(test)]
#[path = "fics_tests.rs"]
mod tests;
