//! A parsed formula, and how it is worked out against an offer.

use super::{OfferFacts, Speed, UserFormulas};

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Expr {
    Num(i64),
    Var(Var),
    /// A reference to the user's f-variable `f1`–`f9`.
    F(u8),
    /// `maxtime(n)` (both players) or `mymaxtime(n)` (the formula's owner).
    MaxTime {
        mine: bool,
        moves: Box<Expr>,
    },
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
}

impl BinOp {
    /// Binding strength, FICS's `OpType` order: `|` < `&` < `= !=` <
    /// `< <= > >=` < `+ -` < `* /`.
    pub(super) fn level(self) -> u8 {
        match self {
            BinOp::Or => 1,
            BinOp::And => 2,
            BinOp::Eq | BinOp::Ne => 3,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 4,
            BinOp::Add | BinOp::Sub => 5,
            BinOp::Mul | BinOp::Div => 6,
        }
    }
}

/// The variables of FICS's formula language (lasker `formula.c` plus the
/// four FICS 1.25.15 added: `active`, `estimated`, `provisional`, `rd`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Var {
    Abuser,
    Active,
    AssessDraw,
    AssessLoss,
    AssessWin,
    Atomic,
    Atomic960,
    Blitz,
    Bughouse,
    Computer,
    Crazyhouse,
    Estimated,
    Inc,
    Lightning,
    Losers,
    MyRating,
    Nonstandard,
    Private,
    Provisional,
    Rated,
    Rating,
    RatingDiff,
    Rd,
    Registered,
    Standard,
    Suicide,
    Time,
    Timeseal,
    Untimed,
    Wild,
}

/// Every variable name, for lookup and for tests.
pub(super) const VARIABLES: [(&str, Var); 30] = [
    ("abuser", Var::Abuser),
    ("active", Var::Active),
    ("assessdraw", Var::AssessDraw),
    ("assessloss", Var::AssessLoss),
    ("assesswin", Var::AssessWin),
    ("atomic", Var::Atomic),
    ("atomic960", Var::Atomic960),
    ("blitz", Var::Blitz),
    ("bughouse", Var::Bughouse),
    ("computer", Var::Computer),
    ("crazyhouse", Var::Crazyhouse),
    ("estimated", Var::Estimated),
    ("inc", Var::Inc),
    ("lightning", Var::Lightning),
    ("losers", Var::Losers),
    ("myrating", Var::MyRating),
    ("nonstandard", Var::Nonstandard),
    ("private", Var::Private),
    ("provisional", Var::Provisional),
    ("rated", Var::Rated),
    ("rating", Var::Rating),
    ("ratingdiff", Var::RatingDiff),
    ("rd", Var::Rd),
    ("registered", Var::Registered),
    ("standard", Var::Standard),
    ("suicide", Var::Suicide),
    ("time", Var::Time),
    ("timeseal", Var::Timeseal),
    ("untimed", Var::Untimed),
    ("wild", Var::Wild),
];

impl Var {
    pub(super) fn from_name(name: &str) -> Option<Var> {
        VARIABLES.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
    }

    fn value(self, facts: &OfferFacts) -> i64 {
        let flag = i64::from;
        let speed = Speed::of(facts.time, facts.inc);
        match self {
            Var::Abuser => flag(facts.abuser),
            Var::Active => flag(!facts.provisional),
            Var::AssessDraw => facts.assess_draw,
            Var::AssessLoss => facts.assess_loss,
            Var::AssessWin => facts.assess_win,
            Var::Atomic => 1,
            Var::Atomic960 => flag(facts.atomic960),
            Var::Blitz => flag(speed == Speed::Blitz),
            Var::Computer => flag(facts.computer),
            Var::Inc => facts.inc,
            Var::Lightning => flag(speed == Speed::Lightning),
            Var::MyRating => facts.myrating,
            Var::Private => flag(facts.private),
            Var::Provisional => flag(facts.provisional),
            Var::Rated => flag(facts.rated),
            Var::Rating => facts.rating,
            Var::RatingDiff => facts.rating.wrapping_sub(facts.myrating),
            Var::Rd => facts.rd,
            Var::Registered => flag(facts.registered),
            Var::Standard => flag(speed == Speed::Standard),
            Var::Time => facts.time,
            Var::Timeseal => flag(facts.timeseal),
            Var::Untimed => flag(speed == Speed::Untimed),
            // Atomic only, one time control for both sides, nothing estimated.
            Var::Bughouse
            | Var::Crazyhouse
            | Var::Estimated
            | Var::Losers
            | Var::Nonstandard
            | Var::Suicide
            | Var::Wild => 0,
        }
    }
}

/// An f-variable that refers, directly or not, to itself. `Formula::parse_f`
/// never lets one be built; this guards `UserFormulas` put together by hand.
#[derive(Debug)]
pub(super) struct Cycle;

/// Works out expressions for one offer, following f-variables.
pub(super) struct Env<'a> {
    pub(super) user: &'a UserFormulas,
    pub(super) facts: &'a OfferFacts,
    /// Bit n set while f{n} is being worked out.
    pub(super) open: u16,
}

impl Env<'_> {
    pub(super) fn eval(&mut self, expr: &Expr) -> Result<i64, Cycle> {
        Ok(match expr {
            Expr::Num(n) => *n,
            Expr::Var(v) => v.value(self.facts),
            Expr::F(n) => self.f_variable(*n)?,
            Expr::MaxTime { mine, moves } => {
                let moves = self.eval(moves)?;
                max_time(self.facts, moves, if *mine { 1 } else { 2 })
            }
            Expr::Not(e) => i64::from(self.eval(e)? == 0),
            Expr::Neg(e) => self.eval(e)?.wrapping_neg(),
            Expr::Bin(op, left, right) => {
                let left = self.eval(left)?;
                // `|` and `&` stop early, as FICS does.
                match op {
                    BinOp::Or if left != 0 => return Ok(1),
                    BinOp::And if left == 0 => return Ok(0),
                    _ => {}
                }
                binary(*op, left, self.eval(right)?)
            }
        })
    }

    /// An unset f-variable is worth 1, as on FICS.
    fn f_variable(&mut self, n: u8) -> Result<i64, Cycle> {
        let bit = 1u16 << n;
        if self.open & bit != 0 {
            return Err(Cycle);
        }
        let Some(formula) = usize::from(n)
            .checked_sub(1)
            .and_then(|i| self.user.f.get(i))
            .and_then(Option::as_ref)
        else {
            return Ok(1);
        };
        self.open |= bit;
        let value = self.eval(&formula.expr);
        self.open &= !bit;
        value
    }
}

fn binary(op: BinOp, a: i64, b: i64) -> i64 {
    match op {
        BinOp::Or => i64::from(a != 0 || b != 0),
        BinOp::And => i64::from(a != 0 && b != 0),
        BinOp::Eq => i64::from(a == b),
        BinOp::Ne => i64::from(a != b),
        BinOp::Lt => i64::from(a < b),
        BinOp::Le => i64::from(a <= b),
        BinOp::Gt => i64::from(a > b),
        BinOp::Ge => i64::from(a >= b),
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        // FICS divides by a "fudge factor" of 0.001 instead of 0.
        BinOp::Div if b == 0 => a.wrapping_mul(1000),
        BinOp::Div => a.wrapping_div(b),
    }
}

/// FICS's `Maxtime`: the most time `moves` moves can take, in seconds, for
/// `players` players (2 for `maxtime`, 1 for `mymaxtime`): the initial time
/// plus `moves` increments each, and 10 s more each for a game that starts
/// at 0 minutes but has an increment.
fn max_time(facts: &OfferFacts, moves: i64, players: i64) -> i64 {
    let mut each = facts
        .time
        .wrapping_mul(60)
        .wrapping_add(moves.wrapping_mul(facts.inc));
    if facts.time == 0 && Speed::of(facts.time, facts.inc) != Speed::Untimed {
        each = each.wrapping_add(10);
    }
    each.wrapping_mul(players)
}
