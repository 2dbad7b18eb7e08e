//! Challenges and the offers of a game, as events.

use tokio::time::Instant;

use super::{Fixture, UNRATED, ids};
use crate::event::{Answer, EndFor, EndKind, Event, GameOffer, OfferType, Refusal};
use crate::settings::ivars::Ivar;
use crate::settings::vars::Switch;
use crate::world::challenges::MatchRequest;
use crate::world::negotiation::Pick;
use crate::world::offers::OfferKind;

fn request() -> MatchRequest {
    MatchRequest {
        terms: UNRATED,
        color: None,
        fen: None,
        resume: None,
        variant: crate::chess::Variant::Atomic,
    }
}

#[test]
fn a_challenge_reaches_its_receiver_and_pendinfo_clients() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let mut bob = f.guest("Bob");
    f.iset(&alice, Ivar::PENDINFO, true);
    let reply = f
        .world
        .challenge(alice.id, bob.id, request(), Instant::now())
        .unwrap();
    assert_eq!(ids(&reply), ["challenge-issuing"]);
    assert!(reply.iter().any(|e| matches!(e,
        Event::OfferSent { to, kind: OfferType::Match, spaced: true, .. } if to == "Bob")));
    let got = bob.drain();
    assert!(got.has(|e| matches!(e,
        Event::Challenged { text, computer: None, preview: None, fen: None }
            if text == "Alice (++++) Bob (++++) unrated atomic 5 0")));
    assert!(got.has(|e| matches!(e, Event::OfferReceived { from, .. } if from == "Alice")));
}

#[test]
fn challenges_are_refused_with_typed_reasons() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let bob = f.guest("Bob");
    let now = Instant::now();
    assert_eq!(
        f.world.challenge(alice.id, alice.id, request(), now),
        Err(Refusal::SelfMatch)
    );
    f.set(&bob, Switch::Open, false);
    assert_eq!(
        f.world.challenge(alice.id, bob.id, request(), now),
        Err(Refusal::NotOpen("Bob".into()))
    );
    f.set(&bob, Switch::Open, true);
    let rated = MatchRequest {
        terms: super::RATED,
        ..request()
    };
    assert_eq!(
        f.world.challenge(alice.id, bob.id, rated, now),
        Err(Refusal::RatedNeedsRegistration)
    );
}

#[test]
fn censor_and_noplay_lists_refuse_challenges() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let bob = f.guest("Bob");
    let carol = f.guest("Carol");
    f.world
        .player_mut(bob.id)
        .unwrap()
        .talk
        .lists
        .censor
        .insert("Alice");
    f.world
        .player_mut(bob.id)
        .unwrap()
        .talk
        .lists
        .noplay
        .insert("Carol");
    let now = Instant::now();
    assert_eq!(
        f.world.challenge(alice.id, bob.id, request(), now),
        Err(Refusal::Censored("Bob".into()))
    );
    assert_eq!(
        f.world.challenge(carol.id, bob.id, request(), now),
        Err(Refusal::NoPlay("Bob".into()))
    );
    assert!(f.world.censors(bob.id, alice.id));
    assert!(!f.world.censors(alice.id, bob.id));
}

#[test]
fn a_player_in_a_game_cannot_be_challenged() {
    let mut f = Fixture::new();
    let (alice, bob, carol) = (f.guest("Alice"), f.guest("Bob"), f.guest("Carol"));
    f.game(&alice, &bob, UNRATED);
    assert_eq!(
        f.world
            .challenge(carol.id, bob.id, request(), Instant::now()),
        Err(Refusal::Playing("Bob".into()))
    );
}

#[test]
fn crossing_challenges_with_the_same_terms_start_the_game() {
    let mut f = Fixture::new();
    let mut alice = f.guest("Alice");
    let mut bob = f.guest("Bob");
    let now = Instant::now();
    f.world.challenge(alice.id, bob.id, request(), now).unwrap();
    let reply = f.world.challenge(bob.id, alice.id, request(), now).unwrap();
    assert_eq!(ids(&reply), ["challenge-intercepts"]);
    let a = alice.drain();
    assert!(a.has(|e| matches!(e,
        Event::OfferAnswered { by, kind: OfferType::Match, answer: Answer::Accepted } if by == "Bob")));
    assert_eq!(a.starts.len(), 1);
    assert_eq!(bob.drain().starts.len(), 1);
    assert!(f.world.game_of(alice.id).is_some());
}

#[test]
fn a_crossing_challenge_with_other_terms_replaces_the_first() {
    let mut f = Fixture::new();
    let mut alice = f.guest("Alice");
    let bob = f.guest("Bob");
    let now = Instant::now();
    f.world.challenge(alice.id, bob.id, request(), now).unwrap();
    let other = MatchRequest {
        terms: crate::world::game::Terms {
            minutes: 1,
            ..UNRATED
        },
        ..request()
    };
    let reply = f.world.challenge(bob.id, alice.id, other, now).unwrap();
    assert_eq!(
        ids(&reply),
        ["challenge-declining-theirs", "challenge-issuing"]
    );
    let a = alice.drain();
    assert!(a.has(|e| matches!(
        e,
        Event::OfferAnswered {
            answer: Answer::Declined,
            ..
        }
    )));
    assert!(a.has(|e| matches!(e, Event::Challenged { .. })));
    assert!(f.world.game_of(alice.id).is_none());
}

#[test]
fn a_second_challenge_to_the_same_player_updates_the_first() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let mut bob = f.guest("Bob");
    let now = Instant::now();
    f.world.challenge(alice.id, bob.id, request(), now).unwrap();
    let reply = f.world.challenge(alice.id, bob.id, request(), now).unwrap();
    assert_eq!(ids(&reply), ["challenge-updating", "challenge-issuing"]);
    assert!(bob.drain().has(|e| matches!(
        e,
        Event::OfferAnswered {
            answer: Answer::Updated,
            kind: OfferType::Match,
            ..
        }
    )));
    assert_eq!(f.world.offers.to(bob.id).count(), 1);
}

#[test]
fn accepting_a_challenge_starts_the_game_for_both() {
    let mut f = Fixture::new();
    let mut alice = f.guest("Alice");
    let mut bob = f.guest("Bob");
    let now = Instant::now();
    f.world.challenge(alice.id, bob.id, request(), now).unwrap();
    let reply = f.world.accept(bob.id, &Pick::Only, now);
    assert_eq!(ids(&reply), ["offer-you-accept"]);
    assert!(alice.drain().has(|e| matches!(
        e,
        Event::OfferAnswered {
            answer: Answer::Accepted,
            ..
        }
    )));
    assert_eq!(bob.drain().starts.len(), 1);
    assert_eq!(f.world.games.len(), 1);
    assert_eq!(f.world.offers.involving(alice.id), Vec::<u32>::new());
}

#[test]
fn declining_and_withdrawing_tell_the_other_party() {
    let mut f = Fixture::new();
    let mut alice = f.guest("Alice");
    let mut bob = f.guest("Bob");
    let now = Instant::now();
    f.world.challenge(alice.id, bob.id, request(), now).unwrap();
    let reply = f.world.decline(bob.id, &Pick::Name("ali".into()));
    assert_eq!(ids(&reply), ["offer-you-decline"]);
    assert!(alice.drain().has(|e| matches!(e,
        Event::OfferAnswered { answer: Answer::Declined, by, .. } if by == "Bob")));
    f.world.challenge(alice.id, bob.id, request(), now).unwrap();
    bob.drain();
    let reply = f.world.withdraw(alice.id, &Pick::Kind("match".into()));
    assert_eq!(ids(&reply), ["offer-you-withdraw"]);
    assert!(bob.drain().has(|e| matches!(
        e,
        Event::OfferAnswered {
            answer: Answer::Withdrawn,
            ..
        }
    )));
}

#[test]
fn picking_an_offer_that_is_not_there_says_why() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let bob = f.guest("Bob");
    let now = Instant::now();
    assert_eq!(
        ids(&f.world.accept(alice.id, &Pick::Only, now)),
        ["offer-none-to"]
    );
    assert_eq!(
        ids(&f.world.withdraw(alice.id, &Pick::Only)),
        ["offer-none-made"]
    );
    f.world.challenge(bob.id, alice.id, request(), now).unwrap();
    assert_eq!(
        ids(&f.world.accept(alice.id, &Pick::Number(99), now)),
        ["offer-out-of-range"]
    );
    assert_eq!(
        ids(&f.world.decline(alice.id, &Pick::Kind("draw".into()))),
        ["offer-no-kind"]
    );
}

#[test]
fn pending_lists_offers_made_and_received() {
    let mut f = Fixture::new();
    let (alice, bob, carol) = (f.guest("Alice"), f.guest("Bob"), f.guest("Carol"));
    let now = Instant::now();
    f.world.challenge(alice.id, bob.id, request(), now).unwrap();
    f.world
        .challenge(carol.id, alice.id, request(), now)
        .unwrap();
    let lines: Vec<&str> = f.world.pending(alice.id).iter().map(|m| m.id).collect();
    assert_eq!(
        lines,
        [
            "pending-to-header",
            "pending-to-match",
            "blank",
            "pending-to-how",
            "pending-to-how-only",
            "blank",
            "pending-from-header",
            "pending-from-match",
            "blank",
            "pending-from-how",
            "pending-from-how-only"
        ]
    );
    let none: Vec<&str> = f.world.pending(bob.id).iter().map(|m| m.id).collect();
    assert_eq!(none[0], "pending-none-to");
}

#[test]
fn a_draw_offer_reaches_the_opponent_and_the_observers() {
    let mut f = Fixture::new();
    let (alice, mut bob, mut carol) = (f.guest("Alice"), f.guest("Bob"), f.guest("Carol"));
    let no = f.game(&alice, &bob, UNRATED);
    f.world.observe(carol.id, no, Instant::now()).unwrap();
    let reply = f
        .world
        .offer_in_game(alice.id, OfferKind::Draw, Instant::now());
    assert_eq!(ids(&reply), ["offer-sent-draw"]);
    assert!(bob.drain().has(|e| matches!(e,
        Event::GameOffered { offer: GameOffer::Draw, from, .. } if from == "Alice")));
    assert!(carol.drain().has(|e| matches!(e,
        Event::GameOfferSeen { offer: GameOffer::Draw, game, .. } if *game == no)));
    let again = f
        .world
        .offer_in_game(alice.id, OfferKind::Draw, Instant::now());
    assert_eq!(ids(&again), ["offer-already-draw"]);
}

#[test]
fn a_draw_offered_by_both_ends_the_game_by_agreement() {
    let mut f = Fixture::new();
    let (mut alice, bob) = (f.guest("Alice"), f.guest("Bob"));
    f.game(&alice, &bob, UNRATED);
    f.world
        .offer_in_game(alice.id, OfferKind::Draw, Instant::now());
    let reply = f
        .world
        .offer_in_game(bob.id, OfferKind::Draw, Instant::now());
    assert!(reply.iter().any(|e| matches!(e,
        Event::GameEnded { kind: EndKind::DrawAgreed, result, to: EndFor::Player { rating: None }, .. }
            if result == "1/2-1/2")));
    assert!(alice.drain().has(|e| matches!(
        e,
        Event::GameEnded {
            kind: EndKind::DrawAgreed,
            ..
        }
    )));
    assert!(f.world.games.is_empty());
}

#[test]
fn a_move_declines_the_offers_the_mover_received() {
    let mut f = Fixture::new();
    let (alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    f.game(&alice, &bob, UNRATED);
    f.world
        .offer_in_game(bob.id, OfferKind::Abort, Instant::now());
    bob.drain();
    let after = f.play(&alice, "e4");
    assert_eq!(ids(&after), ["offer-you-decline"]);
    assert!(bob.drain().has(|e| matches!(
        e,
        Event::OfferAnswered {
            answer: Answer::Declined,
            kind: OfferType::Abort,
            ..
        }
    )));
}

#[test]
fn an_accepted_takeback_rolls_the_game_back_and_shows_the_board() {
    let mut f = Fixture::new();
    let (mut alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    let no = f.game(&alice, &bob, UNRATED);
    f.play(&alice, "e4");
    f.play(&bob, "e5");
    f.world
        .offer_in_game(alice.id, OfferKind::Takeback(2), Instant::now());
    alice.drain();
    bob.drain();
    f.world
        .offer_in_game(bob.id, OfferKind::Takeback(2), Instant::now());
    assert_eq!(f.world.games[&no].plies(), 0);
    assert!(alice.drain().boards >= 1);
    assert!(bob.drain().boards >= 1);
}
