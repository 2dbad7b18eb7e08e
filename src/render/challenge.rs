//! A challenge's terms in the reader's words.
//!
//! The world keeps a challenge's terms as FICS writes them, `Alice (1500)
//! [white] Bob (1600) rated atomic 5 0 (adjourned)`: the very text of
//! pendinfo's `p=` and of the `Challenge:` and `Issuing:` lines GUIs read.
//! A person reading another language gets the same terms from the
//! catalogue (`challenge-text`) inside those lines; a text that is not in
//! that form (it always is) is shown as it is.

use crate::chess::Lang;
use crate::event::{Arg, Msg};
use crate::msg;
use crate::render::catalogue;

/// The catalogue lines whose `text` is a challenge's terms.
pub const WITH_TERMS: &[&str] = &[
    "challenge-line",
    "challenge-issuing",
    "pending-to-match",
    "pending-from-match",
    "offer-already-match",
];

/// The terms, read back into their parts.
fn parts(text: &str) -> Option<Msg> {
    let words: Vec<&str> = text.split(' ').collect();
    let (a, ar, rest) = match words.as_slice() {
        [a, ar, rest @ ..] => (*a, *ar, rest),
        _ => return None,
    };
    let (color, rest) = match rest {
        ["[white]", rest @ ..] => ("white", rest),
        ["[black]", rest @ ..] => ("black", rest),
        _ => ("none", rest),
    };
    let (b, br, rated, variant, minutes, inc, adjourned) = match rest {
        [b, br, rated, v @ ("atomic" | "atomic960"), m, i] => (*b, *br, *rated, *v, *m, *i, "no"),
        [
            b,
            br,
            rated,
            v @ ("atomic" | "atomic960"),
            m,
            i,
            "(adjourned)",
        ] => (*b, *br, *rated, *v, *m, *i, "yes"),
        _ => return None,
    };
    if !matches!(rated, "rated" | "unrated") || !ar.starts_with('(') || !br.starts_with('(') {
        return None;
    }
    Some(msg!(
        "challenge-text",
        a = a,
        ar = ar,
        color = color,
        b = b,
        br = br,
        rated = rated,
        variant = variant,
        minutes = minutes,
        inc = inc,
        adjourned = adjourned
    ))
}

/// `m` with its challenge terms in `lang`, when it has some to change.
pub fn localised(lang: Lang, m: &Msg) -> Option<Msg> {
    if lang == Lang::En || !WITH_TERMS.contains(&m.id) {
        return None;
    }
    let mut out = m.clone();
    for (name, arg) in &mut out.args {
        if *name == "text"
            && let Arg::Text(text) = arg
            && let Some(terms) = parts(text)
        {
            *arg = Arg::Text(catalogue::text(lang, &terms));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXTS: &[&str] = &[
        "Alice (1500) [white] Bob (1600) rated atomic 5 0",
        "Alice (++++) Bob (----) unrated atomic 0 0",
        "Alain (----) [black] Bruno (1720P) unrated atomic 3 12 (adjourned)",
    ];

    #[test]
    fn english_gives_the_terms_back_byte_for_byte() {
        for t in TEXTS {
            let m = parts(t).expect("terms");
            assert_eq!(catalogue::text(Lang::En, &m), *t);
        }
    }

    #[test]
    fn french_says_them_in_french() {
        let m = msg!("challenge-line", text = TEXTS[2]);
        let fr = localised(Lang::Fr, &m).expect("French terms");
        assert_eq!(
            catalogue::text(Lang::Fr, &fr),
            "Défi : Alain (----) [noirs] Bruno (1720P) partie atomique amicale 3 12 (ajournée)."
        );
        assert_eq!(localised(Lang::En, &m), None);
        // Anything else is left as it is.
        let odd = msg!("challenge-line", text = "not terms at all");
        assert_eq!(localised(Lang::Fr, &odd), Some(odd));
    }
}
