//! Games from their start to each kind of end, adjournment and the
//! reconnection grace, as events.

use std::time::Duration;

use shakmaty::Color;
use tokio::time::Instant;

use super::{Fixture, RATED, UNRATED};
use crate::event::{Beginning, EndFor, EndKind, Event};
use crate::settings::vars::Switch;
use crate::world::admin::Verdict;
use crate::world::game_end::End;

/// The end a user received, with its result and what followed it.
fn ended(events: &[std::sync::Arc<Event>]) -> Option<(EndKind, String, EndFor)> {
    events.iter().find_map(|e| match &**e {
        Event::GameEnded {
            kind, result, to, ..
        } => Some((*kind, result.clone(), to.clone())),
        _ => None,
    })
}

#[test]
fn a_game_starts_with_its_intro_for_both_players() {
    let mut f = Fixture::new();
    let (mut alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    let no = f.game(&alice, &bob, UNRATED);
    for u in [&mut alice, &mut bob] {
        let got = u.drain();
        assert_eq!(got.starts.len(), 1);
        let intro = &got.starts[0];
        assert_eq!(intro.game.no, no);
        assert_eq!(intro.how, Beginning::Created);
        assert_eq!(
            (intro.white_rating.as_str(), intro.black_rating.as_str()),
            ("++++", "++++")
        );
    }
    assert_eq!(f.world.game_of(alice.id).map(|g| g.no), Some(no));
}

#[test]
fn followers_of_every_game_hear_of_its_start_and_end() {
    let mut f = Fixture::new();
    let (alice, bob, mut carol) = (f.guest("Alice"), f.guest("Bob"), f.guest("Carol"));
    f.set(&carol, Switch::Gin, true);
    let no = f.game(&alice, &bob, UNRATED);
    assert!(carol.drain().has(|e| matches!(e,
        Event::GameBegins { game, how: Beginning::Created, rated: false } if game.no == no)));
    f.world
        .end_game(no, End::of(EndKind::AbortedOnMove1), Instant::now(), None);
    let got = carol.drain();
    assert_eq!(
        ended(&got.events),
        Some((EndKind::AbortedOnMove1, "*".into(), EndFor::Follower))
    );
}

#[test]
fn an_exploded_king_ends_the_game_at_once() {
    let mut f = Fixture::new();
    let (alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    f.game(&alice, &bob, UNRATED);
    // 1.Nf3 a6 2.Ng5 a5 3.Nxf7: f7 explodes with the king on e8.
    for (who, mv) in [(&alice, "Nf3"), (&bob, "a6"), (&alice, "Ng5"), (&bob, "a5")] {
        f.play(who, mv);
    }
    let after = f.play(&alice, "Nxf7");
    assert!(after.iter().any(|e| matches!(e,
        Event::GameEnded { kind: EndKind::KingExploded { loser: Color::Black }, result, .. }
            if result == "1-0")));
    let (kind, result, to) = ended(&bob.drain().events).unwrap();
    assert_eq!(
        kind,
        EndKind::KingExploded {
            loser: Color::Black
        }
    );
    assert_eq!(result, "1-0");
    assert_eq!(to, EndFor::Player { rating: None });
    assert!(f.world.games.is_empty());
}

#[test]
fn a_resignation_is_returned_to_the_resigner_and_sent_to_the_opponent() {
    let mut f = Fixture::new();
    let (mut alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    let no = f.game(&alice, &bob, UNRATED);
    alice.drain();
    let end = End::of(EndKind::Resigned {
        loser: Color::White,
    });
    let mine = f.world.end_game(no, end, Instant::now(), Some(alice.id));
    assert!(
        matches!(mine, Some(Event::GameEnded { kind: EndKind::Resigned { .. }, ref result, .. }) if result == "0-1")
    );
    assert!(
        ended(&alice.drain().events).is_none(),
        "the resigner's line is in the reply"
    );
    assert!(ended(&bob.drain().events).is_some());
    assert_eq!(end.reason("Alice", "Bob"), "Alice resigns");
}

#[test]
fn observers_are_let_go_when_the_game_ends() {
    let mut f = Fixture::new();
    let (alice, bob, mut carol) = (f.guest("Alice"), f.guest("Bob"), f.guest("Carol"));
    let no = f.game(&alice, &bob, UNRATED);
    f.world.observe(carol.id, no, Instant::now()).unwrap();
    f.world
        .end_game(no, End::of(EndKind::DrawAgreed), Instant::now(), None);
    let (_, result, to) = ended(&carol.drain().events).unwrap();
    assert_eq!((result.as_str(), to), ("1/2-1/2", EndFor::Observer));
    assert!(f.world.player(carol.id).unwrap().observing.is_empty());
}

#[test]
fn the_flag_falls_for_the_side_to_move() {
    let mut f = Fixture::new();
    let (alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    let no = f.game(&alice, &bob, UNRATED);
    f.play(&alice, "e4");
    f.play(&bob, "e5");
    let later = Instant::now() + Duration::from_secs(400);
    assert!(f.world.out_of_time(no, later));
    f.world.check_flag(no, later);
    let (kind, result, _) = ended(&bob.drain().events).unwrap();
    assert_eq!(
        kind,
        EndKind::Flagged {
            loser: Color::White
        }
    );
    assert_eq!(result, "0-1");
}

#[test]
fn a_flag_against_a_side_whose_opponent_cannot_mate_is_a_draw() {
    let mut f = Fixture::new();
    let (mut alice, bob) = (f.guest("Alice"), f.guest("Bob"));
    let no = f
        .world
        .start_game(
            alice.id,
            bob.id,
            UNRATED,
            Some("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"),
            Instant::now(),
        )
        .unwrap();
    f.play(&alice, "Qa2");
    f.play(&bob, "Kd8");
    let later = Instant::now() + Duration::from_secs(400);
    f.world.check_flag(no, later);
    let (kind, result, _) = ended(&alice.drain().events).unwrap();
    assert_eq!(
        kind,
        EndKind::FlaggedNoMaterial {
            loser: Color::White
        }
    );
    assert_eq!(result, "1/2-1/2");
}

#[test]
fn a_flag_timer_that_fires_early_waits_again() {
    let mut f = Fixture::new();
    let (alice, bob) = (f.guest("Alice"), f.guest("Bob"));
    let no = f.game(&alice, &bob, UNRATED);
    f.play(&alice, "e4");
    f.world.check_flag(no, Instant::now());
    assert!(f.world.games.contains_key(&no));
}

#[test]
fn an_adjourned_game_is_kept_to_be_resumed() {
    let mut f = Fixture::new();
    let (mut alice, mut bob) = (f.registered("Alice"), f.registered("Bob"));
    let no = f.game(&alice, &bob, UNRATED);
    f.play(&alice, "e4");
    let db_id = f.world.games[&no].db_id;
    f.world
        .end_game(no, End::of(EndKind::AdjournAgreed), Instant::now(), None);
    assert!(f.world.durable.adjourned.contains_key(&db_id));
    let (kind, result, _) = ended(&alice.drain().events).unwrap();
    assert_eq!((kind, result.as_str()), (EndKind::AdjournAgreed, "*"));
    bob.drain();
    let game = f.world.resume_game(db_id, Instant::now()).unwrap();
    let intro = &alice.drain().starts[0];
    assert_eq!(intro.how, Beginning::Continued { adjourned: true });
    assert_eq!(f.world.games[&game].plies(), 1);
    assert!(f.world.durable.adjourned.is_empty());
}

#[test]
fn leaving_a_game_between_registered_players_adjourns_it() {
    let mut f = Fixture::new();
    let (alice, mut bob) = (f.registered("Alice"), f.registered("Bob"));
    f.game(&alice, &bob, UNRATED);
    f.world.leave(alice.id);
    let (kind, ..) = ended(&bob.drain().events).unwrap();
    assert_eq!(kind, EndKind::LostConnectionAdjourned { who: Color::White });
    assert_eq!(f.world.durable.adjourned.len(), 1);
}

#[test]
fn without_grace_a_dropped_guest_forfeits_or_the_game_is_aborted() {
    let mut f = Fixture::new();
    let (alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    f.game(&alice, &bob, UNRATED);
    f.world.leave(alice.id);
    assert_eq!(
        ended(&bob.drain().events).map(|e| e.0),
        Some(EndKind::LostConnectionAborted { who: Color::White })
    );
    let (carol, mut dave) = (f.guest("Carol"), f.guest("Dave"));
    f.game(&carol, &dave, UNRATED);
    f.play(&carol, "e4");
    f.play(&dave, "e5");
    f.world.leave(carol.id);
    assert_eq!(
        ended(&dave.drain().events).map(|e| (e.0, e.1)),
        Some((
            EndKind::Disconnected {
                loser: Color::White
            },
            "0-1".into()
        ))
    );
}

#[test]
fn with_a_grace_the_game_waits_and_takes_the_player_back() {
    let mut f = Fixture::new();
    f.world.durable.grace = Duration::from_secs(60);
    let (alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    let no = f.game(&alice, &bob, UNRATED);
    f.play(&alice, "e4");
    f.world.leave(alice.id);
    let got = bob.drain();
    assert!(got.line_ids().contains(&"grace-waiting"));
    assert!(got.boards >= 1);
    assert!(f.world.seat_waits_for("alice"));
    let mut back = f.guest("Alice");
    assert_eq!(
        back.drain().starts[0].how,
        Beginning::Continued { adjourned: false }
    );
    assert!(bob.drain().line_ids().contains(&"grace-back"));
    assert_eq!(f.world.game_of(back.id).map(|g| g.no), Some(no));
}

#[test]
fn when_the_grace_ends_the_absent_player_forfeits() {
    let mut f = Fixture::new();
    f.world.durable.grace = Duration::from_secs(60);
    let (alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    let no = f.game(&alice, &bob, UNRATED);
    f.play(&alice, "e4");
    f.play(&bob, "e5");
    f.world.leave(alice.id);
    bob.drain();
    f.world
        .grace_ended(no, Instant::now() + Duration::from_secs(61));
    assert_eq!(
        ended(&bob.drain().events).map(|e| e.0),
        Some(EndKind::Disconnected {
            loser: Color::White
        })
    );
}

#[test]
fn a_shutdown_adjourns_registered_games_and_aborts_the_others() {
    let mut f = Fixture::new();
    let (alice, mut bob) = (f.registered("Alice"), f.registered("Bob"));
    let (carol, mut dave) = (f.guest("Carol"), f.guest("Dave"));
    f.game(&alice, &bob, UNRATED);
    f.game(&carol, &dave, UNRATED);
    f.world.close_all_games(Instant::now());
    assert_eq!(
        ended(&bob.drain().events).map(|e| e.0),
        Some(EndKind::ShutdownAdjourned)
    );
    assert_eq!(
        ended(&dave.drain().events).map(|e| e.0),
        Some(EndKind::ShutdownAborted)
    );
    assert!(f.world.durable.adjourned.values().all(|g| g.by_server));
}

#[test]
fn an_admin_adjudicates_a_live_game() {
    let mut f = Fixture::new();
    let (alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    f.game(&alice, &bob, UNRATED);
    let done = f
        .world
        .adjudicate("alice", "BOB", Verdict::BlackWins, "Boss", Instant::now())
        .unwrap();
    assert_eq!((done.white.as_str(), done.black.as_str()), ("Alice", "Bob"));
    assert_eq!(
        ended(&bob.drain().events).map(|e| (e.0, e.1)),
        Some((
            EndKind::Adjudicated {
                winner: Some(Color::Black)
            },
            "0-1".into()
        ))
    );
}

#[test]
fn a_rated_game_reports_both_rating_changes() {
    let mut f = Fixture::new();
    let (mut alice, mut bob) = (f.registered("Alice"), f.registered("Bob"));
    let no = f.game(&alice, &bob, RATED);
    f.world.end_game(
        no,
        End::of(EndKind::Resigned {
            loser: Color::Black,
        }),
        Instant::now(),
        None,
    );
    let (_, _, to) = ended(&alice.drain().events).unwrap();
    let EndFor::Player {
        rating: Some((old, new)),
    } = to
    else {
        panic!("{to:?}")
    };
    assert!(new > old, "{old} -> {new}");
    let (_, _, to) = ended(&bob.drain().events).unwrap();
    assert!(matches!(to, EndFor::Player { rating: Some((old, new)) } if new < old));
}

#[test]
fn end_kinds_give_the_stored_english_reasons() {
    let cases = [
        (
            EndKind::KingExploded {
                loser: Color::White,
            },
            "Alice's king exploded",
            "Kex",
        ),
        (
            EndKind::Checkmated {
                loser: Color::Black,
            },
            "Bob checkmated",
            "Mat",
        ),
        (
            EndKind::Flagged {
                loser: Color::White,
            },
            "Alice forfeits on time",
            "Fla",
        ),
        (
            EndKind::FlaggedNoMaterial {
                loser: Color::Black,
            },
            "Bob ran out of time and Alice has no material to mate",
            "TM",
        ),
        (EndKind::Repetition, "Game drawn by repetition", "Rep"),
        (EndKind::FiftyMoves, "Game drawn by the 50 move rule", "50"),
        (
            EndKind::ShutdownAdjourned,
            "Game adjourned by server shutdown",
            "Adj",
        ),
        (EndKind::AbortAgreed, "Game aborted by mutual agreement", ""),
    ];
    for (kind, reason, code) in cases {
        let end = End::of(kind);
        assert_eq!(end.reason("Alice", "Bob"), reason);
        assert_eq!(end.code, code, "{kind:?}");
    }
    assert_eq!(
        End::of(EndKind::ShutdownAdjourned).reason("a", "b"),
        crate::store::adjourned::SHUTDOWN_REASON
    );
}
