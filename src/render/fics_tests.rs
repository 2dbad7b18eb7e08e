//! The event renderer's own cases: ends of games in English and French,
//! machine lines only for those who asked, the bell, seeks as ads or
//! seekinfo, one-line refusals, durations and plurals.

use std::sync::Arc;

use shakmaty::Color;

use super::*;
use crate::event::{EndFor, GameRef};
use crate::settings::ivars::Ivars;
use crate::settings::vars::Vars;

fn render(vars: &Vars, ivars: Ivars, ev: &Event) -> String {
    let mut out = String::new();
    event(&View::new(vars, ivars, false), ev, &mut out);
    out
}

fn french() -> Vars {
    let mut v = Vars::default();
    v.set("lang", "fr").unwrap();
    v
}

fn resigned() -> Event {
    Event::GameEnded {
        game: GameRef {
            no: 3,
            white: "Alice".into(),
            black: "Bob".into(),
            variant: "atomic",
        },
        kind: EndKind::Resigned {
            loser: Color::Black,
        },
        result: "1-0".into(),
        suffix: String::new(),
        to: EndFor::Player { rating: None },
    }
}

#[test]
fn the_english_end_of_a_game_is_todays_text() {
    assert_eq!(
        render(&Vars::default(), Ivars::default(), &resigned()),
        "{Game 3 (Alice vs. Bob) Bob resigns} 1-0\n\nNo ratings adjustment done.\n"
    );
}

#[test]
fn a_person_reading_french_gets_french_and_a_gui_english() {
    let fr = french();
    let person = render(&fr, Ivars::default(), &resigned());
    assert_eq!(
        person,
        "{Partie 3 (Alice contre Bob) Bob abandonne} 1-0\n\nPas de changement de cote.\n"
    );
    let mut gui = Ivars::default();
    gui.put(Ivar::PENDINFO, true);
    assert_eq!(
        render(&fr, gui, &resigned()),
        render(&Vars::default(), Ivars::default(), &resigned())
    );
    let mut style12 = french();
    style12.set("style", "12").unwrap();
    assert!(render(&style12, Ivars::default(), &resigned()).starts_with("{Game 3"));
}

#[test]
fn machine_lines_show_only_to_those_who_asked() {
    let ev = Event::OfferRemoved {
        id: 7,
        spaced: true,
    };
    assert_eq!(render(&Vars::default(), Ivars::default(), &ev), "");
    let mut pendinfo = Ivars::default();
    pendinfo.put(Ivar::PENDINFO, true);
    assert_eq!(render(&Vars::default(), pendinfo, &ev), "\n<pr> 7\n");
}

#[test]
fn a_challenge_rings_for_those_with_the_bell() {
    let ev = Event::Challenged {
        text: "Alice (++++) Bob (++++) unrated atomic 5 0".into(),
        computer: None,
        preview: Some((6, -2, -10, 22.94)),
        fen: None,
    };
    let mut quiet = Vars::default();
    quiet.set("bell", "0").unwrap();
    assert_eq!(
        render(&quiet, Ivars::default(), &ev),
        "Challenge: Alice (++++) Bob (++++) unrated atomic 5 0.\n\
         Your atomic rating will change:  Win: +6,  Draw: -2,  Loss: -10\n\
         Your new RD will be 22.9\n\
         You can \"accept\" or \"decline\", or propose different parameters.\n"
    );
    assert!(render(&Vars::default(), Ivars::default(), &ev).starts_with('\u{7}'));
}

#[test]
fn seeks_read_as_ads_or_as_seekinfo_lines() {
    let ad = Arc::new(SeekAd {
        id: 5,
        name: "Alice".into(),
        display_name: "Alice".into(),
        title_flags: 0,
        rating: "1500".into(),
        seekinfo_rating: "1500".into(),
        terms: crate::event::TermsView {
            minutes: 3,
            inc: 0,
            rated: true,
        },
        color: None,
        manual: false,
        formula: false,
        range: (0, 9999),
        variant: "atomic",
        start: None,
    });
    let ev = Event::SeekPosted { ad, own: false };
    assert_eq!(
        render(&Vars::default(), Ivars::default(), &ev),
        "Alice (1500) seeking 3 0 rated atomic (\"play 5\" to respond)\n"
    );
    let mut seekinfo = Ivars::default();
    seekinfo.put(Ivar::SEEKINFO, true);
    assert_eq!(
        render(&Vars::default(), seekinfo, &ev),
        "<s> 5 w=Alice ti=00 rt=1500 t=3 i=0 r=r tp=atomic c=? rr=0-9999 a=t f=f\n"
    );
}

#[test]
fn a_refusal_is_one_line_in_the_readers_language() {
    let mut out = String::new();
    let fr = french();
    refusal(
        &View::new(&fr, Ivars::default(), false),
        &Refusal::NotOpen("Bob".into()),
        &mut out,
    );
    assert_eq!(out, "Le joueur « Bob » n'accepte pas de défis.");
    out.clear();
    refusal(
        &View::new(&Vars::default(), Ivars::default(), false),
        &Refusal::NotOpen("Bob".into()),
        &mut out,
    );
    assert_eq!(out, "Player \"Bob\" is not open to match requests.");
}

#[test]
fn durations_and_plurals() {
    assert_eq!(duration(Lang::En, 120), "2 minutes");
    assert_eq!(duration(Lang::En, 60), "1 minute");
    assert_eq!(duration(Lang::En, 90), "90 seconds");
    assert_eq!(duration(Lang::Fr, 1), "1 seconde");
}
