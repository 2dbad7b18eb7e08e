//! The match formula (`formula`): `set f1`…`set f9` and `set formula` on
//! any text, then worked out for any offer. A refusal names a column of
//! the text; an accepted formula keeps its source, never loops, means the
//! same with a comment after it or in parentheses, and `accepts` is
//! exactly "worth anything but 0".

use arbitrary::{Result, Unstructured};
use atomicd::formula::{
    self, Formula, FormulaErrorKind, MAX_FORMULA_LEN, OfferFacts, UserFormulas,
};

pub fn run(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(facts) = offer(&mut u) else {
        return;
    };
    let text = String::from_utf8_lossy(u.take_rest());
    // Lines: f1, f2, … then the formula itself (the last line).
    let lines: Vec<&str> = text.split('\n').collect();
    let (main, fs) = lines.split_last().expect("split gives a line at least");
    let mut user = UserFormulas::default();
    for (i, src) in fs.iter().take(9).enumerate() {
        let n = i as u8 + 1;
        user.f[i] = checked(src, Formula::parse_f(n, src));
    }
    user.formula = checked(main, Formula::parse(main));
    let Some(f) = &user.formula else {
        return;
    };
    let value = formula::value(f, &user, &facts).expect("a parsed formula never loops");
    assert_eq!(formula::accepts(&user, &facts), value != 0);

    if main.len() + 4 <= MAX_FORMULA_LEN {
        let commented = Formula::parse(&format!("{main} # x")).expect("a comment changes nothing");
        assert_eq!(formula::value(&commented, &user, &facts), Some(value));
    }
    if !main.contains('#') {
        match Formula::parse(&format!("({main})")) {
            Ok(p) => assert_eq!(formula::value(&p, &user, &facts), Some(value), "({main})"),
            Err(e) => assert!(
                matches!(
                    e.kind(),
                    FormulaErrorKind::TooDeep | FormulaErrorKind::TooLong
                ),
                "({main}): {e}"
            ),
        }
    }
}

/// A parse result, checked: errors point into the text (or just past it)
/// and print as one line; a formula keeps its text.
fn checked(
    src: &str,
    parsed: std::result::Result<Formula, formula::FormulaError>,
) -> Option<Formula> {
    match parsed {
        Ok(f) => {
            assert_eq!(f.source(), src);
            Some(f)
        }
        Err(e) => {
            assert!(e.column() >= 1, "{src:?}: {e}");
            if !matches!(e.kind(), FormulaErrorKind::TooLong) {
                assert!(e.column() <= src.len() + 1, "{src:?}: {e}");
            }
            let shown = e.to_string();
            assert!(!shown.contains('\n') && !shown.is_empty(), "{shown:?}");
            None
        }
    }
}

/// Any offer, with numbers of any size (the server's are small; the
/// arithmetic must not care).
fn offer(u: &mut Unstructured<'_>) -> Result<OfferFacts> {
    Ok(OfferFacts {
        time: u.arbitrary()?,
        inc: u.arbitrary()?,
        rated: u.arbitrary()?,
        private: u.arbitrary()?,
        rating: u.arbitrary()?,
        myrating: u.arbitrary()?,
        rd: u.arbitrary()?,
        provisional: u.arbitrary()?,
        registered: u.arbitrary()?,
        computer: u.arbitrary()?,
        abuser: u.arbitrary()?,
        timeseal: u.arbitrary()?,
        assess_win: u.arbitrary()?,
        assess_draw: u.arbitrary()?,
        assess_loss: u.arbitrary()?,
        atomic960: u.arbitrary()?,
    })
}
