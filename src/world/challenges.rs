//! Challenges (`match`, docs/protocol.md §4.1): the checks, the interception of a
//! crossing challenge, the `Issuing:`/`Challenge:` lines, and who gets
//! White.

use shakmaty::Color;
use tokio::time::Instant;

use crate::chess::Variant;
use crate::event::{Answer, Event, MatchTerms, Refusal};
use crate::msg;
use crate::settings::vars::Switch;
use crate::world::game::Terms;
use crate::world::offers::{Challenge, OfferKind, OfferType};
use crate::world::{SessionId, World};

/// A challenge as the `match` command asks for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRequest {
    pub terms: Terms,
    /// The colour the challenger wants.
    pub color: Option<Color>,
    /// A set-up start position, as FEN (such games are unrated).
    pub fen: Option<String>,
    /// The adjourned game (database id) to resume instead of a new game.
    pub resume: Option<i64>,
    /// What the challenge lines name: the variant its start FEN tells
    /// ([`Variant::of_start_fen`], as the game will be made), or for a
    /// resumed game, the stored game's.
    pub variant: Variant,
}

impl MatchRequest {
    fn variant(&self) -> Variant {
        self.variant
    }
}

impl World {
    /// `match`: challenges `to`, or starts the game at once if `to` had
    /// already challenged with the same terms. Returns the reply.
    pub fn challenge(
        &mut self,
        from: SessionId,
        to: SessionId,
        req: MatchRequest,
        now: Instant,
    ) -> Result<Vec<Event>, Refusal> {
        let (Some(me), Some(them)) = (self.player(from), self.player(to)) else {
            return Err(Refusal::Gone);
        };
        if from == to {
            return Err(Refusal::SelfMatch);
        }
        if me.game.is_some() {
            return Err(msg!("challenge-while-playing").into());
        }
        if them.game.is_some() {
            return Err(Refusal::Playing(them.name.clone()));
        }
        if !them.vars.switch(Switch::Open) {
            return Err(Refusal::NotOpen(them.name.clone()));
        }
        if req.terms.rated && (!me.is_registered() || !them.is_registered()) {
            return Err(Refusal::RatedNeedsRegistration);
        }
        if let Some(refusal) = self.refuses_games_with(to, from) {
            return Err(refusal);
        }
        if let Some(refusal) = self.computer_refusal(from, to, req.terms) {
            return Err(refusal);
        }
        if let Some(refusal) = self.formula_refusal(to, from, req.terms, req.variant()) {
            return Err(refusal);
        }
        let (my_name, their_name) = (me.name.clone(), them.name.clone());
        let mut reply = Vec::new();
        // Their challenge to us: the same game starts at once, or ours replaces it.
        if let Some(theirs) = self.offers.between(to, from, OfferType::Match).cloned() {
            let OfferKind::Match(c) = &theirs.kind else {
                unreachable!("between() filters by type")
            };
            let fits = c.terms == req.terms
                && c.fen == req.fen
                && c.resume == req.resume
                && (c.color.is_none() || req.color.is_none() || c.color != req.color);
            let answer = |answer| Event::OfferAnswered {
                by: my_name.clone(),
                kind: OfferType::Match,
                answer,
            };
            if fits {
                let (_, pr) = self.remove_offer(theirs.id, Some(from), false);
                reply.push(Event::line(msg!(
                    "challenge-intercepts",
                    name = &their_name
                )));
                reply.extend(pr);
                if let Some(p) = self.player(to) {
                    p.send_event(answer(Answer::Accepted));
                }
                let (white, black) = match (c.color, req.color) {
                    (Some(Color::White), _) | (_, Some(Color::Black)) => (to, from),
                    (Some(Color::Black), _) | (_, Some(Color::White)) => (from, to),
                    _ => self.balance_colors(from, to),
                };
                match req.resume {
                    Some(id) => {
                        if let Err(e) = self.resume_game(id, now) {
                            reply.push(Event::line(e));
                        }
                    }
                    None => {
                        self.start_game(white, black, req.terms, req.fen.as_deref(), now);
                    }
                }
                return Ok(reply);
            }
            let (_, pr) = self.remove_offer(theirs.id, Some(from), false);
            reply.push(Event::line(msg!(
                "challenge-declining-theirs",
                name = &their_name
            )));
            reply.extend(pr);
            if let Some(p) = self.player(to) {
                p.send_event(answer(Answer::Declined));
            }
        }
        let text = self.challenge_text(from, to, &req);
        if let Some(old) = self
            .offers
            .between(from, to, OfferType::Match)
            .map(|o| o.id)
        {
            let (_, pr) = self.remove_offer(old, Some(from), false);
            reply.push(Event::line(msg!("challenge-updating", name = &their_name)));
            reply.extend(pr);
            if let Some(p) = self.player(to) {
                p.send_event(Event::OfferAnswered {
                    by: my_name.clone(),
                    kind: OfferType::Match,
                    answer: Answer::Updated,
                });
            }
        }
        let mut issuing = vec![msg!("challenge-issuing", text = &text)];
        let computer = self
            .player(from)
            .is_some_and(|p| p.titles.computer)
            .then(|| my_name.clone());
        // lasker tells the challenger too (matchproc.c).
        if self.player(to).is_some_and(|p| p.titles.computer) {
            issuing.push(msg!("challenge-computer", name = &their_name));
        }
        reply.push(Event::Lines { lines: issuing });
        let mut preview = None;
        if req.terms.rated {
            if let Some(change) = self.preview_lines(from, to, req.variant()) {
                reply.push(Event::RatingPreview { change });
            }
            preview = self.preview_lines(to, from, req.variant());
        }
        if let Some(p) = self.player(to) {
            p.send_event(Event::Challenged {
                text: text.clone(),
                computer,
                preview,
                fen: req.fen.clone(),
            });
        }
        let card = std::sync::Arc::new(self.challenge_card(from, to, &req));
        let challenge = Challenge {
            terms: req.terms,
            color: req.color,
            fen: req.fen,
            text,
            resume: req.resume,
            card,
        };
        let (_, pt) = self.add_offer(from, to, OfferKind::Match(challenge), true);
        reply.push(pt);
        Ok(reply)
    }

    /// Why `owner` takes no games from `asker`, if their censor or noplay
    /// list says so.
    pub fn refuses_games_with(&self, owner: SessionId, asker: SessionId) -> Option<Refusal> {
        let name = self.player(owner)?.name.clone();
        if self.censors(owner, asker) {
            Some(Refusal::Censored(name))
        } else if self.noplays(owner, asker) {
            Some(Refusal::NoPlay(name))
        } else {
            None
        }
    }

    /// `Alice (1500) [white] Bob (1600) rated atomic 5 0`.
    /// The challenge's terms as data: what [`World::challenge_text`] says.
    fn challenge_card(&self, from: SessionId, to: SessionId, req: &MatchRequest) -> MatchTerms {
        let who = |id| {
            self.player(id)
                .map(|p| {
                    let rating = p.rating_display_in(req.variant());
                    (p.name.clone(), rating.parenthesised())
                })
                .unwrap_or_default()
        };
        let ((a, ar), (b, br)) = (who(from), who(to));
        MatchTerms {
            from: a,
            from_rating: ar.trim().to_string(),
            to: b,
            to_rating: br.trim().to_string(),
            color: req
                .color
                .map(|c| if c == Color::White { "white" } else { "black" }),
            rated: req.terms.rated,
            variant: req.variant().word(),
            minutes: req.terms.minutes,
            inc: req.terms.inc,
            adjourned: req.resume.is_some(),
            fen: req.fen.clone(),
        }
    }

    fn challenge_text(&self, from: SessionId, to: SessionId, req: &MatchRequest) -> String {
        let who = |id| {
            self.player(id)
                .map(|p| {
                    let rating = p.rating_display_in(req.variant());
                    (p.name.clone(), rating.parenthesised())
                })
                .unwrap_or_default()
        };
        let ((a, ar), (b, br)) = (who(from), who(to));
        let color = match req.color {
            Some(Color::White) => "[white] ",
            Some(Color::Black) => "[black] ",
            None => "",
        };
        let adjourned = if req.resume.is_some() {
            " (adjourned)"
        } else {
            ""
        };
        format!(
            "{a} ({ar}) {color}{b} ({br}) {} {} {} {}{adjourned}",
            req.terms.rated_word(),
            req.variant().word(),
            req.terms.minutes,
            req.terms.inc
        )
    }

    /// Who gets White when nobody asked: whoever had Black last, else by lot.
    pub(crate) fn balance_colors(&self, a: SessionId, b: SessionId) -> (SessionId, SessionId) {
        let last = |id| self.player(id).and_then(|p| p.last_color);
        match (last(a), last(b)) {
            (Some(Color::White), Some(Color::White))
            | (None, None)
            | (Some(Color::Black), Some(Color::Black)) => {
                if crate::random::u64().is_multiple_of(2) {
                    (a, b)
                } else {
                    (b, a)
                }
            }
            (Some(Color::White), _) | (_, Some(Color::Black)) => (b, a),
            _ => (a, b),
        }
    }
}
