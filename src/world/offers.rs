//! Pending offers: challenges between players, and the offers of a game in
//! progress (draw, abort, adjourn, takeback). Each has a number, which
//! `accept N`, `decline N`, `withdraw N` and the pendinfo lines use.

use std::collections::BTreeMap;

use shakmaty::Color;

use crate::world::SessionId;
use crate::world::game::Terms;

/// A challenge, as proposed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub terms: Terms,
    /// The colour the challenger asked for, if any.
    pub color: Option<Color>,
    /// A set-up start position (`match bob 0 0 fen ...`).
    pub fen: Option<String>,
    /// `Alice (1500) [white] Bob (1600) rated atomic 5 0`: the text of the
    /// `Challenge:` line and of pendinfo's `p=`.
    pub text: String,
    /// The adjourned game (database id) this challenge resumes, if any.
    pub resume: Option<i64>,
    /// The same terms as data, for clients that read them typed.
    pub card: std::sync::Arc<crate::event::MatchTerms>,
}

pub use crate::event::OfferType;

/// What is offered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OfferKind {
    Match(Challenge),
    Draw,
    Abort,
    Adjourn,
    /// Take back this many half-moves.
    Takeback(u32),
    /// Exchange colours.
    Switch,
    /// Stop the clocks.
    Pause,
}

impl OfferKind {
    /// The offer's type.
    pub fn offer_type(&self) -> OfferType {
        match self {
            OfferKind::Match(_) => OfferType::Match,
            OfferKind::Draw => OfferType::Draw,
            OfferKind::Abort => OfferType::Abort,
            OfferKind::Adjourn => OfferType::Adjourn,
            OfferKind::Takeback(_) => OfferType::Takeback,
            OfferKind::Switch => OfferType::Switch,
            OfferKind::Pause => OfferType::Pause,
        }
    }

    /// The type word of pendinfo's `t=` and of `accept t=...`.
    pub fn word(&self) -> &'static str {
        self.offer_type().word()
    }

    /// A challenge's terms as data; None for the other offers.
    pub fn card(&self) -> Option<std::sync::Arc<crate::event::MatchTerms>> {
        match self {
            OfferKind::Match(c) => Some(c.card.clone()),
            _ => None,
        }
    }

    /// Pendinfo's `p=`: the challenge text, the half-moves of a takeback,
    /// `#` otherwise.
    pub fn params(&self) -> String {
        match self {
            OfferKind::Match(c) => c.text.clone(),
            OfferKind::Takeback(n) => n.to_string(),
            _ => "#".to_string(),
        }
    }

    /// How `pending` describes it: `Carol is offering a draw.`
    pub fn describe(&self) -> String {
        match self {
            OfferKind::Match(c) => format!("a challenge: {}.", c.text),
            OfferKind::Draw => "a draw.".to_string(),
            OfferKind::Abort => "to abort the game.".to_string(),
            OfferKind::Adjourn => "an adjournment.".to_string(),
            OfferKind::Takeback(n) => format!("to takeback the last {n} half moves."),
            OfferKind::Switch => "to switch sides.".to_string(),
            OfferKind::Pause => "to pause the game.".to_string(),
        }
    }

    /// The word in "the draw request" / "the match offer".
    pub fn request_noun(&self) -> &'static str {
        match self {
            OfferKind::Match(_) => "match offer",
            OfferKind::Draw => "draw request",
            OfferKind::Abort => "abort request",
            OfferKind::Adjourn => "adjourn request",
            OfferKind::Takeback(_) => "takeback request",
            OfferKind::Switch => "switch request",
            OfferKind::Pause => "pause request",
        }
    }
}

/// One pending offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub id: u32,
    pub from: SessionId,
    pub to: SessionId,
    pub kind: OfferKind,
}

/// Every pending offer on the server.
#[derive(Debug, Default)]
pub struct Offers {
    by_id: BTreeMap<u32, Offer>,
    next: u32,
}

impl Offers {
    pub fn add(&mut self, from: SessionId, to: SessionId, kind: OfferKind) -> u32 {
        self.next += 1;
        let id = self.next;
        self.by_id.insert(id, Offer { id, from, to, kind });
        id
    }

    pub fn get(&self, id: u32) -> Option<&Offer> {
        self.by_id.get(&id)
    }

    pub fn get_mut(&mut self, id: u32) -> Option<&mut Offer> {
        self.by_id.get_mut(&id)
    }

    pub fn remove(&mut self, id: u32) -> Option<Offer> {
        self.by_id.remove(&id)
    }

    /// Offers `id` has received, oldest first.
    pub fn to(&self, id: SessionId) -> impl Iterator<Item = &Offer> {
        self.by_id.values().filter(move |o| o.to == id)
    }

    /// Offers `id` has made, oldest first.
    pub fn from(&self, id: SessionId) -> impl Iterator<Item = &Offer> {
        self.by_id.values().filter(move |o| o.from == id)
    }

    /// The offer of this type from `from` to `to`, if any.
    pub fn between(&self, from: SessionId, to: SessionId, kind: OfferType) -> Option<&Offer> {
        self.by_id
            .values()
            .find(|o| o.from == from && o.to == to && o.kind.offer_type() == kind)
    }

    /// Numbers of every offer `id` made or received.
    pub fn involving(&self, id: SessionId) -> Vec<u32> {
        self.by_id
            .values()
            .filter(|o| o.from == id || o.to == id)
            .map(|o| o.id)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_and_queries() {
        let mut o = Offers::default();
        let a = o.add(1, 2, OfferKind::Draw);
        let b = o.add(2, 1, OfferKind::Takeback(2));
        let c = o.add(3, 1, OfferKind::Abort);
        assert!(a < b && b < c);
        assert_eq!(o.to(1).map(|x| x.id).collect::<Vec<_>>(), vec![b, c]);
        assert_eq!(o.from(2).count(), 1);
        assert_eq!(o.between(1, 2, OfferType::Draw).map(|x| x.id), Some(a));
        assert_eq!(o.involving(2), vec![a, b]);
        assert_eq!(o.get(b).unwrap().kind.params(), "2");
        o.remove(a);
        assert!(o.between(1, 2, OfferType::Draw).is_none());
        assert_eq!(
            OfferKind::Takeback(2).describe(),
            "to takeback the last 2 half moves."
        );
    }
}
