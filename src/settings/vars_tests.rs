//! The variables' defaults (FICS's), `set`'s replies, the keys typed
//! for the table rows, and saved values restored.

use super::*;

#[test]
fn defaults_match_fics() {
    let v = Vars::default();
    assert_eq!(v.style, 1);
    assert!(v.switch(Switch::Open) && v.switch(Switch::Bell) && v.switch(Switch::Seek));
    assert!(!v.switch(Switch::Flip) && !v.switch(Switch::Pin));
    assert_eq!(
        (
            v.number(Number::Time),
            v.number(Number::Inc),
            v.number(Number::Width)
        ),
        (2, 12, 79)
    );
    assert_eq!(v.prompt(), "fics% ");
}

#[test]
fn set_replies_in_fics_words() {
    // The replies as the English catalogue words them.
    let english = |m: &Msg| crate::render::catalogue::text(Lang::En, m);
    let mut v = Vars::default();
    assert_eq!(
        english(&v.set("style", "12").unwrap().reply),
        "Style 12 set."
    );
    assert_eq!(english(&v.set("sty", "1").unwrap().reply), "Style 1 set.");
    assert_eq!(
        english(&v.set("seek", "0").unwrap().reply),
        "You will not see seek ads."
    );
    assert_eq!(
        english(&v.set("open", "").unwrap().reply),
        "You are no longer open to receive match requests."
    );
    assert_eq!(
        english(&v.set("open", "").unwrap().reply),
        "You are now open to receive match requests."
    );
    assert_eq!(
        english(&v.set("time", "5").unwrap().reply),
        "time set to 5."
    );
    assert!(matches!(v.set("width", "3"), Err(SetError::BadValue(_))));
    assert_eq!(v.set("xyz", "1"), Err(SetError::NoSuch("xyz".into())));
    assert!(matches!(v.set("s", "1"), Err(SetError::Ambiguous(_))));
    assert_eq!(
        english(&v.set("3", "hello there").unwrap().reply),
        "Note 3 set."
    );
    assert_eq!(v.note(3), "hello there");
    assert_eq!(v.notes().collect::<Vec<_>>(), vec![(3, "hello there")]);
    v.set("3", "").unwrap();
    assert_eq!(v.notes().count(), 0);
    assert!(v.set("11", "x").is_err());
    let longest = "n".repeat(NOTE_MAX);
    assert_eq!(english(&v.set("1", &longest).unwrap().reply), "Note 1 set.");
    assert_eq!(
        v.set("1", &format!("{longest}!")),
        Err(SetError::BadValue(msg!("set-note-too-long", max = 80)))
    );
    assert_eq!(v.note(1), longest);
    assert!(v.set("interface", &"i".repeat(81)).is_err());
    assert!(v.set("prompt", &"p".repeat(33)).is_err());
    v.set("1", "").unwrap();
    v.set("prompt", "ics%").unwrap();
    assert_eq!(v.prompt(), "ics% ");
    v.set("lang", "fr").unwrap();
    assert_eq!(v.lang, Lang::Fr);
}

#[test]
fn typed_keys_name_the_table_rows() {
    for (i, s) in Switch::ALL.iter().enumerate() {
        assert_eq!(*s as usize, i);
        assert_eq!(s.name(), SWITCHES[i].0);
    }
    assert_eq!(SWITCHES.len(), Switch::ALL.len());
    assert_eq!(NUMBERS[Number::Unobserve as usize].0, "unobserve");
    assert_eq!(NUMBERS.len(), Number::Unobserve as usize + 1);
    assert_eq!(TEXTS[Text::Formula as usize], "formula");
    let mut v = Vars::default();
    v.set("f3", "rating > 1000").unwrap();
    assert_eq!(v.f_var(3), "rating > 1000");
    assert_eq!(v.f_var(4), "");
    v.set("interface", "xboard").unwrap();
    assert_eq!(v.text(Text::Interface), "xboard");
    v.put(Switch::Pin, true);
    assert_eq!(v.get("pin").as_deref(), Some("1"));
}

#[test]
fn saved_values_restore() {
    let mut v = Vars::default();
    v.set("style", "12").unwrap();
    v.set("shout", "0").unwrap();
    v.set("1", "a note").unwrap();
    v.set("interface", "xboard 4.9.1").unwrap();
    let saved: Vec<(String, String)> = ["style", "shout", "1", "interface"]
        .iter()
        .map(|n| (n.to_string(), v.get(n).unwrap()))
        .collect();
    let mut w = Vars::default();
    w.restore(&saved);
    assert_eq!(v, w);
}
