//! The words of `match` and `seek`: time, increment, rated or not, colour,
//! the variant, and for seeks manual/formula/range, in any order (docs/protocol.md §3.1,
//! §4.1).

use shakmaty::Color;

use crate::chess::{StartPosition, Variant};
use crate::event::Msg;
use crate::msg;
use crate::settings::vars::Number;
use crate::settings::vars::Vars;

/// Why the words of `match` or `seek` were refused (the user's line is
/// [`TermsError::msg`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TermsError {
    /// A time or increment over [`MAX_TIME`].
    TimeTooLarge,
    /// A third number (as typed).
    TooManyNumbers(String),
    /// A rating range that does not read as `min-max`.
    BadRange(String),
    /// A variant other than atomic.
    OtherVariant(String),
    /// A word that means nothing here.
    Unknown(String),
}

impl TermsError {
    /// The catalogue line that says why.
    pub fn msg(&self) -> Msg {
        match self {
            TermsError::TimeTooLarge => msg!("terms-time-too-large", max = MAX_TIME),
            TermsError::TooManyNumbers(w) => msg!("terms-too-many-numbers", word = w),
            TermsError::BadRange(w) => msg!("terms-bad-range", word = w),
            TermsError::OtherVariant(w) => msg!("terms-other-variant", word = w),
            TermsError::Unknown(w) => msg!("terms-unknown-word", word = w),
        }
    }
}

/// What the user typed; `None` means "use the default".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TermWords {
    pub minutes: Option<u32>,
    pub inc: Option<u32>,
    pub rated: Option<bool>,
    pub color: Option<Color>,
    /// `manual`/`m` (seeks only).
    pub manual: bool,
    /// `formula`/`f` (seeks only).
    pub formula: bool,
    /// `min-max` rating range (seeks only).
    pub range: Option<(u32, u32)>,
    /// `atomic960` or `a960` (help atomic960); atomic otherwise.
    pub variant: Variant,
    /// The Chess960 start a number right after `atomic960` chose (only
    /// once the time and increment are given, so `atomic960 3 0` stays a
    /// clock); `None`: one at random.
    pub start: Option<StartPosition>,
}

impl TermWords {
    /// Minutes and increment: as typed, or the user's `time` and `inc`
    /// variables when no time was typed (a typed time without an
    /// increment means no increment).
    pub fn clock(&self, vars: &Vars) -> (u32, u32) {
        match self.minutes {
            Some(minutes) => (minutes, self.inc.unwrap_or(0)),
            None => (vars.number(Number::Time), vars.number(Number::Inc)),
        }
    }
}

/// Whether `word` asks for Atomic960 (`atomic960`, `a960`, any case).
pub fn names_atomic960(word: &str) -> bool {
    ["atomic960", "a960"]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(word))
}

/// Largest time or increment accepted.
const MAX_TIME: u32 = 999;

/// Reads the words; `seek_words` allows manual, formula and a range.
pub fn parse(words: &[&str], seek_words: bool) -> Result<TermWords, TermsError> {
    let mut t = TermWords::default();
    let mut after_960 = false;
    for word in words {
        let w = word.to_ascii_lowercase();
        let just_960 = std::mem::take(&mut after_960);
        if just_960
            && t.inc.is_some()
            && t.start.is_none()
            && let Ok(start) = w.parse::<StartPosition>()
        {
            t.start = Some(start);
            continue;
        }
        if let Ok(n) = w.parse::<u32>() {
            if n > MAX_TIME {
                return Err(TermsError::TimeTooLarge);
            }
            if t.minutes.is_none() {
                t.minutes = Some(n);
            } else if t.inc.is_none() {
                t.inc = Some(n);
            } else {
                return Err(TermsError::TooManyNumbers(word.to_string()));
            }
            continue;
        }
        match w.as_str() {
            "r" | "rated" => t.rated = Some(true),
            "u" | "unrated" => t.rated = Some(false),
            "w" | "white" => t.color = Some(Color::White),
            "b" | "black" => t.color = Some(Color::Black),
            "atomic" | "x" => t.variant = Variant::Atomic,
            "atomic960" | "a960" => {
                t.variant = Variant::Atomic960;
                after_960 = true;
            }
            "m" | "manual" if seek_words => t.manual = true,
            "a" | "auto" if seek_words => t.manual = false,
            "f" | "formula" if seek_words => t.formula = true,
            _ if seek_words && w.contains('-') => {
                let (lo, hi) = w.split_once('-').unwrap_or_default();
                match (lo.parse::<u32>(), hi.parse::<u32>()) {
                    (Ok(lo), Ok(hi)) if lo <= hi && hi <= 9999 => t.range = Some((lo, hi)),
                    _ => return Err(TermsError::BadRange(word.to_string())),
                }
            }
            "chess" | "standard" | "blitz" | "lightning" | "suicide" | "losers" | "crazyhouse"
            | "zh" | "bughouse" | "fr" | "wild" => {
                return Err(TermsError::OtherVariant(word.to_string()));
            }
            _ => return Err(TermsError::Unknown(word.to_string())),
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_in_any_order() {
        let t = parse(&["5", "w", "u", "2", "atomic"], false).unwrap();
        assert_eq!(
            (t.minutes, t.inc, t.rated, t.color),
            (Some(5), Some(2), Some(false), Some(Color::White))
        );
        let t = parse(&["black", "rated", "3"], false).unwrap();
        assert_eq!(
            (t.minutes, t.inc, t.rated, t.color),
            (Some(3), None, Some(true), Some(Color::Black))
        );
        let t = parse(&["3", "0", "m", "f", "1200-1600"], true).unwrap();
        assert!(t.manual && t.formula);
        assert_eq!(t.range, Some((1200, 1600)));
    }

    #[test]
    fn atomic960_and_its_start() {
        let t = parse(&["3", "0", "atomic960"], false).unwrap();
        assert_eq!((t.variant, t.start), (Variant::Atomic960, None));
        let t = parse(&["3", "0", "Atomic960", "518"], false).unwrap();
        assert_eq!(t.start, StartPosition::new(518));
        assert_eq!((t.minutes, t.inc), (Some(3), Some(0)));
        // Before the clock, a number after the word is the clock.
        let t = parse(&["a960", "3", "0"], false).unwrap();
        assert_eq!((t.minutes, t.inc, t.start), (Some(3), Some(0), None));
        assert!(parse(&["3", "0", "atomic960", "960"], false).is_err());
        assert_eq!(parse(&["3"], false).unwrap().variant, Variant::Atomic);
    }

    /// A refusal as the English catalogue words it.
    fn english(e: TermsError) -> String {
        crate::render::catalogue::text(crate::chess::Lang::En, &e.msg())
    }

    #[test]
    fn refusals_are_one_clear_line() {
        assert!(english(parse(&["1", "2", "3"], false).unwrap_err()).contains("Too many numbers"));
        assert!(english(parse(&["crazyhouse"], false).unwrap_err()).contains("Only atomic"));
        assert!(parse(&["m"], false).is_err());
        assert!(parse(&["1600-1200"], true).is_err());
        assert!(parse(&["1000"], false).is_err());
        assert!(english(parse(&["bogus"], false).unwrap_err()).contains("\"bogus\""));
    }
}
