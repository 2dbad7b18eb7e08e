//! Swiss pairing after the FIDE Dutch system (Handbook C.04.3, 2017 rules),
//! as far as a server that pairs in milliseconds can follow it.
//!
//! # What is followed
//!
//! * Pairing numbers: rating, highest first, then name (A.2).
//! * Score brackets from the top down; players who cannot be paired in their
//!   bracket float down into the next one (moved-down players, MDPs).
//! * In a bracket the MDPs are paired first, each with the first resident
//!   that fits; the rest is split into S1 (upper half) and S2 (lower half)
//!   and S1\[i\] meets S2\[i\]. Other candidates are tried in the order of
//!   the Dutch transpositions: S1\[i\] tries the S2 players in order, then
//!   (an exchange) the lower S1 players from the bottom up.
//! * Absolute criteria: no rematch (C1), no second pairing-allocated bye
//!   (C2: nor after a forfeit win), no meeting of two players who
//!   absolutely want the same colour (C3: colour difference beyond ±1 or
//!   the same colour twice in a row).
//! * Completion (C4): a bracket is only paired in a way that lets everybody
//!   below still be paired. This is checked exactly, with a maximum
//!   matching on the graph of allowed pairs (`matching.rs`), so the
//!   pairer never paints itself into a corner and never backtracks across
//!   brackets.
//! * Fewest floaters (C6): the bracket floats as few players as possible.
//!   Who floats is chosen with the colours: among the choices that keep
//!   everybody pairable, the one whose bracket pairing denies the fewest
//!   colour preferences (C12); on a tie the lowest player, preferring one
//!   who did not float down in the previous round (C14), MDPs last.
//! * Colour preferences (C12): among the candidates in Dutch order, the
//!   first pairing of the bracket with the fewest players denied their
//!   colour preference is taken (searched with a budget, see below).
//! * The bye (C2, C5): to the lowest-ranked player (fewest points, then
//!   highest pairing number) who has not had one and whose absence leaves a
//!   pairable field.
//! * Colour allocation: rules E1–E5 exactly (`swiss_colour.rs`), with
//!   the initial colour drawn from the tournament's seed.
//!
//! # Where it simplifies
//!
//! * The bye is chosen before the brackets are paired, not as the leftover
//!   of the last bracket; both give it to the lowest pairable player in
//!   nearly every case.
//! * Quality criteria C7–C11 (maximising the scores of paired MDPs,
//!   topscorer colour rules) and C13, C15–C21 (strong preferences, upfloat
//!   and repeated-float minimisation beyond the previous round) are not
//!   evaluated separately; C14 is only used to choose floaters.
//! * The "topscorers in the last round" exception to C3 does not exist:
//!   C3 always holds unless the field cannot be paired with it, in which
//!   case it is dropped for that round (colours stay E1–E5). That only
//!   happens near the end of a Swiss with nearly as many rounds as
//!   opponents (e.g. 20 players, 18 rounds); likewise C2, as the last
//!   resort before giving up.
//! * Colour optimisation inside a bracket is a depth-first search over the
//!   Dutch order with a budget of [`SEARCH_BUDGET`] steps per tolerance; if
//!   it runs out, the greedy pairing (each S1 player takes the first
//!   fitting partner that grants both preferences, else the first fitting
//!   one) is kept. Exchanges are the simple "bottom of S1 moves down"
//!   order, not the full B.3 ordering of exchanges by pairing-number sums.
//! * More than one floater from one bracket (only when the bracket cannot
//!   be paired otherwise) is chosen among the first [`FLOAT_CHOICES`]
//!   combinations.
//! * Late entrants receive a half-point bye for every round they missed;
//!   withdrawn players are simply not paired again.
//!
//! What is guaranteed, whatever the results: nobody meets twice, nobody
//! gets a second bye unless everybody already had one, and as long as C3
//! can be kept (always, in practice, with more players than rounds) no
//! colour difference goes beyond ±2 and nobody gets the same colour three
//! times in a row. When no pairing without a rematch exists,
//! [`pair_round`] returns [`Error::NoPairing`].

use super::combinations::Combinations;
use super::history::{self, Entry, Record};
use super::matching::has_perfect_matching;
use super::swiss_colour::{Preference, Side, allocate, violations};
use super::{Bye, ByeKind, Color, Error, Format, Pairing, PlayerId, RoundPairing, Tournament};

/// Pairs of local player indices.
type Pairs = Vec<(usize, usize)>;

/// Steps of the colour search per bracket and tolerance.
pub const SEARCH_BUDGET: u32 = 3000;
/// Floater combinations tried per bracket and number of floaters.
pub const FLOAT_CHOICES: usize = 300;

/// The most rounds `n` players can play without a rematch.
pub fn max_rounds(n: usize) -> u32 {
    let n = n as u32;
    if n < 2 {
        0
    } else if n.is_multiple_of(2) {
        n - 1
    } else {
        n
    }
}

/// True when all rounds are paired and finished.
pub fn is_over(t: &Tournament) -> bool {
    match t.format() {
        Format::Swiss { rounds } => {
            t.current_round() >= rounds && t.round_finished(t.current_round())
        }
        _ => false,
    }
}

/// The players in pairing-number order: highest rating first, then name.
pub fn pairing_numbers(t: &Tournament) -> Vec<PlayerId> {
    let mut ps: Vec<_> = t.players().iter().collect();
    ps.sort_by(|a, b| {
        b.rating
            .cmp(&a.rating)
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then(a.id.cmp(&b.id))
    });
    ps.into_iter().map(|p| p.id).collect()
}

/// The colour pairing number 1 gets in round 1 (drawn from the seed).
pub fn initial_colour(t: &Tournament) -> Color {
    if t.seed() & 1 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Pairs the next round. The previous round must be finished.
pub fn pair_round(t: &Tournament) -> Result<RoundPairing, Error> {
    let Format::Swiss { rounds } = t.format() else {
        return Err(Error::WrongFormat);
    };
    let current = t.current_round();
    if current >= rounds {
        return Err(Error::Finished);
    }
    if !t.round_finished(current) {
        return Err(Error::RoundInProgress);
    }
    let round = current + 1;
    let mut ctx = Ctx::new(t, round);
    if ctx.e.len() < 2 {
        return Err(Error::NotEnoughPlayers);
    }
    let everyone: Vec<usize> = (0..ctx.e.len()).collect();

    // The bye, and whether C3 can be kept this round.
    let mut bye = None;
    let mut settled = false;
    let tiers = [(true, false), (false, false), (true, true), (false, true)];
    for (strict, second_bye) in tiers {
        ctx.strict = strict;
        if everyone.len().is_multiple_of(2) {
            if ctx.feasible(&everyone) {
                settled = true;
                break;
            }
            continue;
        }
        let mut order = everyone.clone();
        order.sort_by_key(|&i| (ctx.e[i].score, std::cmp::Reverse(ctx.e[i].tpn)));
        let found = order.into_iter().find(|&c| {
            (second_bye || !ctx.e[c].had_bye) && {
                let rest: Vec<usize> = everyone.iter().copied().filter(|&i| i != c).collect();
                ctx.feasible(&rest)
            }
        });
        if let Some(c) = found {
            bye = Some(c);
            settled = true;
            break;
        }
    }
    if !settled {
        return Err(Error::NoPairing);
    }

    // Score brackets, top down.
    let mut remaining: Vec<usize> = everyone.into_iter().filter(|&i| Some(i) != bye).collect();
    remaining.sort_by_key(|&i| ctx.rank_key(i));
    let mut scores: Vec<u32> = remaining.iter().map(|&i| ctx.e[i].score).collect();
    scores.dedup();
    let mut pairs = Vec::new();
    let mut movers: Vec<usize> = Vec::new();
    for score in scores {
        let mut bracket = std::mem::take(&mut movers);
        bracket.extend(
            remaining
                .iter()
                .copied()
                .filter(|&i| ctx.e[i].score == score),
        );
        bracket.sort_by_key(|&i| ctx.rank_key(i));
        let lower: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|&i| ctx.e[i].score < score)
            .collect();
        let (p, floaters) = ctx
            .pair_bracket(&bracket, &lower, score)
            .ok_or(Error::NoPairing)?;
        pairs.extend(p);
        movers = floaters;
    }
    if !movers.is_empty() {
        return Err(Error::NoPairing);
    }

    // Colours and board order.
    pairs.sort_by_key(|&(a, b)| {
        let (sa, sb) = (ctx.e[a].score, ctx.e[b].score);
        (
            std::cmp::Reverse(sa.max(sb)),
            std::cmp::Reverse(sa + sb),
            ctx.e[a].tpn.min(ctx.e[b].tpn),
        )
    });
    let games = pairs.iter().map(|&(a, b)| ctx.colours(a, b)).collect();
    let byes = bye
        .map(|i| Bye {
            round,
            player: ctx.e[i].id,
            kind: ByeKind::Full,
        })
        .into_iter()
        .collect();
    Ok(RoundPairing { round, games, byes })
}

/// A player as the pairer sees him.
struct Entrant {
    id: PlayerId,
    tpn: usize,
    /// Half points.
    score: u32,
    pref: Preference,
    by_round: Vec<Option<Color>>,
    had_bye: bool,
    floated_down: bool,
}

struct Ctx {
    e: Vec<Entrant>,
    met: Vec<Vec<bool>>,
    initial: Color,
    /// Whether C3 (absolute colour clashes) is enforced.
    strict: bool,
}

impl Ctx {
    fn new(t: &Tournament, round: u32) -> Ctx {
        let records = history::records(t);
        let tpns = pairing_numbers(t);
        let record_of = |id: PlayerId| records.iter().find(|r| r.id == id);
        let mut e = Vec::new();
        for (k, &id) in tpns.iter().enumerate() {
            let (Some(p), Some(rec)) = (t.player(id), record_of(id)) else {
                continue;
            };
            if !p.active_in(round) {
                continue;
            }
            let by_round: Vec<Option<Color>> = rec
                .rounds
                .iter()
                .map(|x| x.played().map(|(_, c)| c))
                .collect();
            e.push(Entrant {
                id,
                tpn: k + 1,
                score: rec.points().0,
                pref: Preference::of(&rec.colours()),
                by_round,
                had_bye: rec.had_full_point_unplayed(),
                floated_down: floated_down(rec, round - 1, &records),
            });
        }
        let n = e.len();
        let mut met = vec![vec![false; n]; n];
        for a in 0..n {
            if let Some(rec) = record_of(e[a].id) {
                for b in 0..n {
                    met[a][b] = rec.has_met(e[b].id);
                }
            }
        }
        Ctx {
            e,
            met,
            initial: initial_colour(t),
            strict: true,
        }
    }

    /// Standing order inside the pairing: points, then pairing number.
    fn rank_key(&self, i: usize) -> (std::cmp::Reverse<u32>, usize) {
        (std::cmp::Reverse(self.e[i].score), self.e[i].tpn)
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        a != b
            && !self.met[a][b]
            && !(self.strict && self.e[a].pref.clashes_absolutely(&self.e[b].pref))
    }

    /// C4: can all of `set` be paired among themselves?
    fn feasible(&self, set: &[usize]) -> bool {
        let adj: Vec<Vec<usize>> = set
            .iter()
            .map(|&a| {
                (0..set.len())
                    .filter(|&k| self.compatible(a, set[k]))
                    .collect()
            })
            .collect();
        has_perfect_matching(&adj)
    }

    fn sides(&self, a: usize, b: usize) -> (Side<'_>, Side<'_>) {
        let (h, l) = if self.rank_key(a) <= self.rank_key(b) {
            (a, b)
        } else {
            (b, a)
        };
        let side = |i: usize| Side {
            pref: self.e[i].pref,
            by_round: &self.e[i].by_round,
            tpn: self.e[i].tpn,
        };
        (side(h), side(l))
    }

    fn violations(&self, a: usize, b: usize) -> u32 {
        let (h, l) = self.sides(a, b);
        violations(&h, &l, self.initial)
    }

    fn colours(&self, a: usize, b: usize) -> Pairing {
        let (h, l) = self.sides(a, b);
        let higher_colour = allocate(&h, &l, self.initial);
        let (hi, lo) = if self.rank_key(a) <= self.rank_key(b) {
            (a, b)
        } else {
            (b, a)
        };
        match higher_colour {
            Color::White => Pairing::new(self.e[hi].id, self.e[lo].id),
            Color::Black => Pairing::new(self.e[lo].id, self.e[hi].id),
        }
    }

    /// Pairs one bracket (MDPs and residents, in rank order) and returns
    /// its pairs and the players who float down. `lower` are all players of
    /// the brackets below, who must stay pairable with the floaters.
    fn pair_bracket(
        &self,
        bracket: &[usize],
        lower: &[usize],
        score: u32,
    ) -> Option<(Pairs, Vec<usize>)> {
        let last = lower.is_empty();
        // Who floats first: residents before MDPs, players who did not
        // float down last round before those who did, lowest first.
        let mut order: Vec<usize> = (0..bracket.len()).collect();
        order.sort_by_key(|&k| {
            let i = bracket[k];
            (
                self.e[i].score > score,
                self.e[i].floated_down,
                std::cmp::Reverse(k),
            )
        });
        let mut f = bracket.len() % 2;
        while f <= bracket.len() && !(last && f > 0) {
            // Among the floater choices that keep everything pairable, the
            // one whose pairing denies fewest colour preferences (C12 ranks
            // above the float criteria); the first in float order on a tie.
            let mut best: Option<(u32, Pairs, Vec<usize>)> = None;
            for combo in Combinations::new(order.len(), f).take(FLOAT_CHOICES) {
                let floaters: Vec<usize> = combo.iter().map(|&k| bracket[order[k]]).collect();
                let rest: Vec<usize> = bracket
                    .iter()
                    .copied()
                    .filter(|i| !floaters.contains(i))
                    .collect();
                if best
                    .as_ref()
                    .is_some_and(|b| self.colour_bound(&rest) >= b.0)
                {
                    continue;
                }
                let mut down = floaters.clone();
                down.extend_from_slice(lower);
                if !self.feasible(&rest) || !self.feasible(&down) {
                    continue;
                }
                let pairs = self.pair_group(&rest, score)?;
                let v = pairs.iter().map(|&(a, b)| self.violations(a, b)).sum();
                if best.as_ref().is_none_or(|b| v < b.0) {
                    best = Some((v, pairs, floaters));
                    if v == 0 {
                        break;
                    }
                }
            }
            if let Some((_, pairs, floaters)) = best {
                return Some((pairs, floaters));
            }
            f += 2;
        }
        None
    }

    /// Pairs all of `group` (pairable, in rank order): the greedy Dutch
    /// pairing, improved by a budgeted search for fewer colour violations.
    fn pair_group(&self, group: &[usize], score: u32) -> Option<Vec<(usize, usize)>> {
        let movers = group.iter().filter(|&&i| self.e[i].score > score).count();
        let hetero = movers > 0 && movers <= group.len() - movers;
        let greedy = self.greedy(group, score, hetero)?;
        let worst: u32 = greedy.iter().map(|&(a, b)| self.violations(a, b)).sum();
        for limit in self.colour_bound(group)..worst {
            let mut budget = SEARCH_BUDGET;
            let mut out = Vec::new();
            if self.search(
                group.to_vec(),
                score,
                hetero,
                limit,
                0,
                &mut budget,
                &mut out,
            ) {
                return Some(out);
            }
        }
        Some(greedy)
    }

    /// The player to pair next and his candidates, in Dutch order.
    fn next_choice(&self, unpaired: &[usize], score: u32, hetero: bool) -> (usize, Vec<usize>) {
        let x = unpaired[0];
        let is_mover = |i: usize| self.e[i].score > score;
        if hetero && is_mover(x) {
            let residents = unpaired[1..].iter().copied().filter(|&i| !is_mover(i));
            let movers = unpaired[1..].iter().copied().filter(|&i| is_mover(i));
            return (x, residents.chain(movers).collect());
        }
        let half = unpaired.len() / 2;
        let s2 = unpaired[half..].iter().copied();
        let s1_from_bottom = unpaired[1..half].iter().rev().copied();
        (x, s2.chain(s1_from_bottom).collect())
    }

    fn greedy(&self, group: &[usize], score: u32, hetero: bool) -> Option<Vec<(usize, usize)>> {
        let mut unpaired = group.to_vec();
        let mut out = Vec::new();
        while !unpaired.is_empty() {
            let (x, candidates) = self.next_choice(&unpaired, score, hetero);
            let mut fallback = None;
            let mut chosen = None;
            for y in candidates {
                if !self.compatible(x, y) {
                    continue;
                }
                let clean = self.violations(x, y) == 0;
                if (clean || fallback.is_none()) && self.feasible(&without(&unpaired, x, y)) {
                    if clean {
                        chosen = Some(y);
                        break;
                    }
                    fallback = Some(y);
                }
            }
            let y = chosen.or(fallback)?;
            out.push((x, y));
            unpaired = without(&unpaired, x, y);
        }
        Some(out)
    }

    /// Depth-first search in Dutch order for a pairing of `unpaired` with
    /// at most `limit` colour violations.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        unpaired: Vec<usize>,
        score: u32,
        hetero: bool,
        limit: u32,
        so_far: u32,
        budget: &mut u32,
        out: &mut Vec<(usize, usize)>,
    ) -> bool {
        if unpaired.is_empty() {
            return true;
        }
        if so_far + self.colour_bound(&unpaired) > limit {
            return false;
        }
        let (x, candidates) = self.next_choice(&unpaired, score, hetero);
        for y in candidates {
            if *budget == 0 {
                return false;
            }
            if !self.compatible(x, y) {
                continue;
            }
            let v = so_far + self.violations(x, y);
            if v > limit {
                continue;
            }
            *budget -= 1;
            let rest = without(&unpaired, x, y);
            if !self.feasible(&rest) {
                continue;
            }
            out.push((x, y));
            if self.search(rest, score, hetero, limit, v, budget, out) {
                return true;
            }
            out.pop();
        }
        false
    }

    /// A lower bound of colour violations when pairing `set`: players who
    /// want white beyond those who want black or do not mind must meet
    /// each other, one of each such pair losing out.
    fn colour_bound(&self, set: &[usize]) -> u32 {
        let (mut w, mut b, mut free) = (0i64, 0i64, 0i64);
        for &i in set {
            match self.e[i].pref.colour {
                Some(Color::White) => w += 1,
                Some(Color::Black) => b += 1,
                None => free += 1,
            }
        }
        (((w - b).abs() - free).max(0) / 2) as u32
    }
}

fn without(v: &[usize], a: usize, b: usize) -> Vec<usize> {
    v.iter().copied().filter(|&i| i != a && i != b).collect()
}

/// Whether `rec` floated down in `round`: a pairing-allocated bye, or an
/// opponent with fewer points before that round.
fn floated_down(rec: &Record, round: u32, all: &[Record]) -> bool {
    if round == 0 {
        return false;
    }
    match rec.rounds.get(round as usize - 1) {
        Some(Entry::Bye(ByeKind::Full)) => true,
        Some(Entry::Game { opponent, .. }) => all
            .iter()
            .find(|r| r.id == *opponent)
            .is_some_and(|o| o.points_before(round) < rec.points_before(round)),
        _ => false,
    }
}

#[cfg(test)]
#[path = "swiss_tests.rs"]
mod tests;
