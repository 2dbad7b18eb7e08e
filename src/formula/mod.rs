//! The FICS match formula: a user's filter on the offers he will receive.
//!
//! `set formula <expr>` and `set f1`…`set f9 <expr>` store expressions over
//! the facts of an offer (`blitz & rating > 1400 & !computer`); every
//! challenge, seek ad and `play` is checked against the recipient's formula
//! and refused when it is worth 0. A formula is parsed once, when it is set
//! ([`Formula::parse`], [`Formula::parse_f`]), so a mistake is reported to
//! the user then, in one line; at match time it is only worked out
//! ([`accepts`]), which cannot fail.
//!
//! The language is FICS's exactly (see `formula/parse.rs` for the
//! grammar and its quirks), with FICS's variables. Two deliberate
//! differences, both because every game here is atomic: `blitz`,
//! `lightning`, `standard` and `untimed` describe the time control (FICS
//! made them exclusive with the variant types, so on FICS `blitz` was false
//! for an atomic game), `atomic` is always 1, and `wild`, `bughouse`,
//! `crazyhouse`, `suicide`, `losers`, `nonstandard` and `estimated` are
//! always 0.

mod ast;
mod parse;

pub use parse::{FormulaError, FormulaErrorKind, MAX_FORMULA_LEN};

use ast::{Env, Expr};

/// A parsed formula; it keeps its source text for `variables` and for the
/// `X's formula: …` line.
#[derive(Clone, Debug, PartialEq)]
pub struct Formula {
    source: String,
    expr: Expr,
}

impl Formula {
    /// Parses the main formula (`set formula`). It may use `f1`–`f9`. An
    /// empty text or a bare comment is valid and worth 1 (`set formula`
    /// with nothing clears the formula; that is the caller's business).
    pub fn parse(src: &str) -> Result<Formula, FormulaError> {
        Self::parse_in(src, None)
    }

    /// Parses the f-variable `f{n}` (`set f3 …`, `n` in 1–9). It may only
    /// use `f1`…`f{n-1}`, as on FICS, so f-variables cannot loop.
    pub fn parse_f(n: u8, src: &str) -> Result<Formula, FormulaError> {
        Self::parse_in(src, Some(n))
    }

    fn parse_in(src: &str, slot: Option<u8>) -> Result<Formula, FormulaError> {
        Ok(Formula {
            source: src.to_owned(),
            expr: parse::parse(src, slot)?,
        })
    }

    /// The text as the user typed it, comment included.
    pub fn source(&self) -> &str {
        &self.source
    }
}

/// A user's formula and f-variables. `f[0]` is `f1`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UserFormulas {
    pub formula: Option<Formula>,
    pub f: [Option<Formula>; 9],
}

/// The speed class of a time control, FICS's rule (docs/protocol.md §3.6): with
/// `total = time·60 + inc·40` seconds, 0 is untimed, below 180 lightning,
/// below 900 blitz, otherwise standard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    Untimed,
    Lightning,
    Blitz,
    Standard,
}

impl Speed {
    /// `time` in minutes, `inc` in seconds.
    pub fn of(time: i64, inc: i64) -> Speed {
        let total = time
            .saturating_mul(60)
            .saturating_add(inc.saturating_mul(40));
        match total {
            i64::MIN..=0 => Speed::Untimed,
            1..180 => Speed::Lightning,
            180..900 => Speed::Blitz,
            _ => Speed::Standard,
        }
    }
}

/// What a formula can see about an offer, from the point of view of the
/// formula's owner ("me"); "the opponent" is the other player. Ratings are
/// atomic ratings; a player without one (guest, or never rated) has rating
/// 0 and RD 350 and counts as provisional, as FICS shows him (`rt=0P`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OfferFacts {
    /// Initial time in minutes (`time`); the same for both sides.
    pub time: i64,
    /// Increment in seconds (`inc`).
    pub inc: i64,
    /// `rated`.
    pub rated: bool,
    /// `private`: the game will not be observable.
    pub private: bool,
    /// The opponent's rating (`rating`).
    pub rating: i64,
    /// My rating (`myrating`).
    pub myrating: i64,
    /// The opponent's RD, rounded (`rd`).
    pub rd: i64,
    /// The opponent's rating shows `P` (`provisional`; `active` is its
    /// negation).
    pub provisional: bool,
    /// The opponent is registered (`registered`).
    pub registered: bool,
    /// The opponent is a computer account (`computer`).
    pub computer: bool,
    /// The opponent is on the abuser list (`abuser`).
    pub abuser: bool,
    /// The opponent uses timeseal (`timeseal`).
    pub timeseal: bool,
    /// My rating change on a win, draw or loss (`assesswin`, `assessdraw`,
    /// `assessloss`); 0 for an unrated offer, as on FICS.
    pub assess_win: i64,
    pub assess_draw: i64,
    pub assess_loss: i64,
    /// The game would be Atomic960 (`atomic960`; `atomic` stays 1: its
    /// rules are atomic's).
    pub atomic960: bool,
}

/// Whether `user`'s formula lets the offer through: true without a
/// formula, true when it is worth anything but 0. An f-variable that is not
/// set is worth 1; one that loops (impossible through [`Formula::parse_f`])
/// makes the formula refuse, as a formula FICS cannot work out refuses.
pub fn accepts(user: &UserFormulas, facts: &OfferFacts) -> bool {
    let Some(formula) = &user.formula else {
        return true;
    };
    let mut env = Env {
        user,
        facts,
        open: 0,
    };
    env.eval(&formula.expr).is_ok_and(|v| v != 0)
}

/// The value of `formula` for an offer, with `user`'s f-variables; `None`
/// if it loops. For explaining a refusal (FICS lists the f-variables a
/// failed formula used, with their values).
pub fn value(formula: &Formula, user: &UserFormulas, facts: &OfferFacts) -> Option<i64> {
    let mut env = Env {
        user,
        facts,
        open: 0,
    };
    env.eval(&formula.expr).ok()
}
