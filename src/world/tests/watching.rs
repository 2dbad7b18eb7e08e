//! Observing, kibitzing, moretime and examining.

use tokio::time::Instant;

use super::{Fixture, UNRATED};
use crate::event::Event;
use crate::settings::vars::Switch;
use crate::world::exam_moves::Step;
use crate::world::examine::NewExam;

#[test]
fn observing_returns_the_intro_and_refuses_twice() {
    let mut f = Fixture::new();
    let (alice, bob, carol) = (f.guest("Alice"), f.guest("Bob"), f.guest("Carol"));
    let no = f.game(&alice, &bob, UNRATED);
    let (events, _board) = f.world.observe(carol.id, no, Instant::now()).unwrap();
    assert_eq!(super::ids(&events), ["observe-started", "game-header"]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::GameInfo(g) if g.no == no))
    );
    assert_eq!(
        f.world
            .observe(carol.id, no, Instant::now())
            .unwrap_err()
            .id,
        "observe-already"
    );
    assert_eq!(
        f.world
            .observe(alice.id, no, Instant::now())
            .unwrap_err()
            .id,
        "observe-own-game"
    );
    let gone: Vec<&str> = f
        .world
        .unobserve(carol.id, None)
        .iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(gone, ["observe-removed"]);
}

#[test]
fn a_kibitz_reaches_those_who_listen_and_a_whisper_only_observers() {
    let mut f = Fixture::new();
    let (alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    let (mut carol, mut dave) = (f.registered("Carol"), f.registered("Dave"));
    let no = f.game(&alice, &bob, UNRATED);
    f.world.observe(carol.id, no, Instant::now()).unwrap();
    f.world.observe(dave.id, no, Instant::now()).unwrap();
    f.set(&dave, Switch::Kibitz, false);
    bob.drain();
    assert_eq!(f.world.kibitz(alice.id, "hello", false), Ok(2));
    assert_eq!(bob.drain().line_ids(), ["kibitz-heard"]);
    assert_eq!(carol.drain().line_ids(), ["kibitz-heard"]);
    assert!(dave.drain().events.is_empty());
    assert_eq!(f.world.kibitz(carol.id, "psst", true), Ok(0));
    assert!(bob.drain().events.is_empty(), "players hear no whisper");
}

#[test]
fn guests_may_not_kibitz_to_others_games() {
    let mut f = Fixture::new();
    let (alice, bob, gus) = (f.guest("Alice"), f.guest("Bob"), f.guest("Gus"));
    let no = f.game(&alice, &bob, UNRATED);
    f.world.observe(gus.id, no, Instant::now()).unwrap();
    assert_eq!(
        f.world.kibitz(gus.id, "hi", false).unwrap_err().id,
        "kibitz-registered-only"
    );
}

#[test]
fn moretime_tells_the_opponent_and_shows_the_boards() {
    let mut f = Fixture::new();
    let (alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    f.game(&alice, &bob, UNRATED);
    bob.drain();
    f.world.add_time(alice.id, 30, Instant::now()).unwrap();
    let got = bob.drain();
    assert_eq!(got.line_ids(), ["moretime-given"]);
    assert_eq!(got.boards, 1);
    assert_eq!(
        f.world
            .add_time(alice.id, 30, Instant::now() + std::time::Duration::ZERO)
            .map(|_| ()),
        Ok(())
    );
}

#[test]
fn an_examiner_steps_and_observers_hear_each_step() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let mut carol = f.guest("Carol");
    let (no, _) = f
        .world
        .start_exam(alice.id, NewExam::scratch("Alice", "++++"))
        .unwrap();
    f.world.observe_exam(carol.id, no).unwrap();
    let played = f.world.exam_move(
        alice.id,
        "e4",
        crate::chess::Lang::En,
        shakmaty::Role::Queen,
    );
    let crate::world::exam_moves::ExamMove::Played(change) = played else {
        panic!("e4 is a move")
    };
    assert_eq!(change.before[0].id, "exam-moves");
    let got = carol.drain();
    assert_eq!(got.line_ids(), ["exam-moves"]);
    assert_eq!(got.boards, 1);
    let back = f.world.exam_step(alice.id, Step::Backward(1)).unwrap();
    assert_eq!(back.before[0].id, "exam-backward");
    assert_eq!(
        f.world
            .exam_step(alice.id, Step::Backward(1))
            .unwrap_err()
            .id,
        "exam-beginning"
    );
    assert_eq!(
        f.world.stop_examining(alice.id).map(|m| m.id),
        Some("exam-you-stopped")
    );
    assert_eq!(
        carol.drain().line_ids(),
        [
            "exam-backward",
            "exam-stopped-by",
            "exam-no-examiners",
            "observe-removed"
        ]
    );
}

#[test]
fn one_cannot_examine_while_playing() {
    let mut f = Fixture::new();
    let (alice, bob) = (f.guest("Alice"), f.guest("Bob"));
    f.game(&alice, &bob, UNRATED);
    assert_eq!(
        f.world
            .start_exam(alice.id, NewExam::scratch("Alice", "++++"))
            .unwrap_err()
            .id,
        "exam-while-playing"
    );
}
