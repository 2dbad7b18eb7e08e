//! The JSON renderer's own cases: a tell typed in the reader's language,
//! blank lines and refusals, and a game end's rating line.

use super::*;
use crate::settings::ivars::Ivars;
use crate::settings::vars::Vars;

fn french() -> Vars {
    let mut v = Vars::default();
    v.set("lang", "fr").unwrap();
    v
}

#[test]
fn a_tell_is_typed_with_its_text_in_the_readers_language() {
    let vars = french();
    let view = View {
        gui: false,
        ..View::new(&vars, Ivars::default(), false)
    };
    let ev = Event::line(crate::msg!(
        "tell-heard",
        name = "Boss(*)(TD)",
        text = "bonjour"
    ));
    let m = event(&view, &ev).unwrap();
    assert_eq!(m["type"], "talk");
    assert_eq!(m["v"], VERSION);
    assert_eq!(m["from"], "Boss");
    assert_eq!(m["titles"], json!(["*", "TD"]));
    assert_eq!(m["message"], "bonjour");
    assert_eq!(m["text"], "Boss(*)(TD) vous dit : bonjour");
}

#[test]
fn blank_lines_say_nothing_and_refusals_say_why() {
    let vars = Vars::default();
    let view = View::new(&vars, Ivars::default(), false);
    assert!(event(&view, &Event::Blank).is_none());
    let r = refusal(&view, &Refusal::NotOpen("Bob".into()));
    assert_eq!(
        r["refusal"],
        json!({ "refusal": "not_open", "name": "Bob" })
    );
    assert_eq!(r["text"], "Player \"Bob\" is not open to match requests.");
}

#[test]
fn a_players_game_end_names_the_rating_line_that_moved() {
    let vars = Vars::default();
    let view = View::new(&vars, Ivars::default(), false);
    for variant in ["atomic", "atomic960"] {
        let ev = Event::GameEnded {
            game: crate::event::GameRef {
                no: 3,
                white: "Alice".into(),
                black: "Bob".into(),
                variant,
            },
            kind: crate::event::EndKind::Resigned {
                loser: shakmaty::Color::Black,
            },
            result: "1-0".into(),
            suffix: String::new(),
            to: EndFor::Player {
                rating: Some((1500, 1662)),
            },
        };
        let m = event(&view, &ev).unwrap();
        assert_eq!(
            m["rating"],
            json!({ "old": 1500, "new": 1662, "variant": variant })
        );
        let label = if variant == "atomic" {
            "Atomic"
        } else {
            "Atomic960"
        };
        let text = m["text"].as_str().unwrap();
        assert!(
            text.ends_with(&format!("{label} rating adjustment: 1500 --> 1662")),
            "{text}"
        );
    }
}
