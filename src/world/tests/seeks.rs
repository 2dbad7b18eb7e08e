//! Seeks: who sees them, how they are answered and taken back.

use tokio::time::Instant;

use super::{Fixture, RATED, UNRATED, ids};
use crate::event::Event;
use crate::settings::ivars::Ivar;
use crate::settings::vars::Switch;
use crate::world::game::Terms;
use crate::world::seeks::SeekRequest;

fn seek(terms: Terms) -> SeekRequest {
    SeekRequest {
        terms,
        color: None,
        manual: false,
        formula: false,
        range: (0, 9999),
        variant: crate::chess::Variant::Atomic,
        start: None,
    }
}

#[test]
fn a_seek_is_shown_to_those_who_follow_seeks() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let mut bob = f.guest("Bob");
    let mut carol = f.guest("Carol");
    f.set(&carol, Switch::Seek, false);
    let reply = f.world.post_seek(alice.id, seek(UNRATED), Instant::now());
    assert_eq!(ids(&reply), ["seek-posted", "seek-seen"]);
    let Event::Lines { lines } = &reply[0] else {
        panic!()
    };
    assert_eq!(
        lines[1].args[0].1,
        crate::event::Arg::Number(1),
        "Bob saw it"
    );
    assert!(bob.drain().has(|e| matches!(e,
        Event::SeekPosted { ad, own: false } if ad.name == "Alice" && ad.id == 1)));
    assert!(carol.drain().events.is_empty());
}

#[test]
fn a_rated_seek_is_not_shown_to_guests() {
    let mut f = Fixture::new();
    let alice = f.registered("Alice");
    let mut guest = f.guest("Gus");
    let mut bob = f.registered("Bob");
    f.world.post_seek(alice.id, seek(RATED), Instant::now());
    assert!(guest.drain().events.is_empty());
    assert!(bob.drain().has(|e| matches!(e, Event::SeekPosted { .. })));
}

#[test]
fn a_seek_that_matches_one_posted_starts_the_game() {
    let mut f = Fixture::new();
    let mut alice = f.guest("Alice");
    let bob = f.guest("Bob");
    f.world.post_seek(alice.id, seek(UNRATED), Instant::now());
    let reply = f.world.post_seek(bob.id, seek(UNRATED), Instant::now());
    assert_eq!(ids(&reply), ["seek-matches"]);
    let got = alice.drain();
    assert!(got.line_ids().contains(&"seek-accepted"));
    assert_eq!(got.starts.len(), 1);
    assert_eq!(
        f.world.seeks.all().count(),
        0,
        "seeks go when a game starts"
    );
}

#[test]
fn playing_a_seek_starts_the_game_and_removes_the_seeks() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let bob = f.guest("Bob");
    let mut carol = f.guest("Carol");
    f.iset(&carol, Ivar::SEEKREMOVE, true);
    f.iset(&carol, Ivar::SEEKINFO, true);
    f.world.post_seek(alice.id, seek(UNRATED), Instant::now());
    carol.drain();
    assert!(f.world.play_seek(bob.id, "1", Instant::now()).is_empty());
    assert!(f.world.game_of(bob.id).is_some());
    assert!(
        carol
            .drain()
            .has(|e| matches!(e, Event::SeeksRemoved { ids } if ids == &[1]))
    );
}

#[test]
fn answering_seeks_is_refused_where_it_must_be() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let bob = f.guest("Bob");
    let now = Instant::now();
    f.world.post_seek(alice.id, seek(UNRATED), now);
    assert_eq!(
        ids(&f.world.play_seek(alice.id, "1", now)),
        ["play-own-seek"]
    );
    assert_eq!(
        ids(&f.world.play_seek(bob.id, "7", now)),
        ["play-not-available"]
    );
    let narrow = SeekRequest {
        range: (1500, 1600),
        ..seek(Terms {
            minutes: 3,
            ..UNRATED
        })
    };
    f.world.post_seek(alice.id, narrow, now);
    assert_eq!(
        ids(&f.world.play_seek(bob.id, "2", now)),
        ["play-out-of-range"]
    );
}

#[test]
fn a_manual_seek_turns_an_answer_into_a_challenge() {
    let mut f = Fixture::new();
    let mut alice = f.guest("Alice");
    let bob = f.guest("Bob");
    let manual = SeekRequest {
        manual: true,
        ..seek(UNRATED)
    };
    f.world.post_seek(alice.id, manual, Instant::now());
    let reply = f.world.play_seek(bob.id, "Alice", Instant::now());
    assert_eq!(ids(&reply), ["seek-manual", "challenge-issuing"]);
    assert!(alice.drain().has(|e| matches!(e, Event::Challenged { .. })));
    assert!(f.world.game_of(bob.id).is_none());
}

#[test]
fn seeks_are_limited_and_the_same_seek_is_refused() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let now = Instant::now();
    for minutes in 1..=3 {
        f.world
            .post_seek(alice.id, seek(Terms { minutes, ..UNRATED }), now);
    }
    assert_eq!(
        ids(&f.world.post_seek(
            alice.id,
            seek(Terms {
                minutes: 2,
                ..UNRATED
            }),
            now
        )),
        ["seek-same"]
    );
    assert_eq!(
        ids(&f.world.post_seek(
            alice.id,
            seek(Terms {
                minutes: 9,
                ..UNRATED
            }),
            now
        )),
        ["seek-too-many"]
    );
}

#[test]
fn unseek_takes_seeks_back() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let mut bob = f.guest("Bob");
    f.iset(&bob, Ivar::SEEKREMOVE, true);
    let now = Instant::now();
    f.world.post_seek(alice.id, seek(UNRATED), now);
    bob.drain();
    assert_eq!(f.world.unseek(alice.id, Some(4)).id, "unseek-no-such");
    assert_eq!(f.world.unseek(alice.id, None).id, "unseek-all");
    assert_eq!(f.world.unseek(alice.id, None).id, "unseek-none");
    assert!(bob.drain().has(|e| matches!(e, Event::SeeksRemoved { .. })));
}

#[test]
fn sought_lists_the_seeks_and_counts_them() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let bob = f.guest("Bob");
    f.world.post_seek(alice.id, seek(UNRATED), Instant::now());
    let lines = f.world.sought(bob.id, false);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].id, "raw");
    assert_eq!(lines[1].id, "sought-count");
}

#[test]
fn turning_seekinfo_on_gets_every_seek_that_suits() {
    let mut f = Fixture::new();
    let alice = f.guest("Alice");
    let bob = f.guest("Bob");
    let now = Instant::now();
    f.world.post_seek(alice.id, seek(UNRATED), now);
    f.world.post_seek(
        bob.id,
        seek(Terms {
            minutes: 1,
            ..UNRATED
        }),
        now,
    );
    let got = f.world.seekinfo_snapshot(bob.id);
    assert_eq!(got.len(), 1, "Bob's own seek needs showownseek");
    assert!(matches!(&got[0], Event::SeekPosted { ad, own: false } if ad.name == "Alice"));
    f.set(&bob, Switch::Showownseek, true);
    assert_eq!(f.world.seekinfo_snapshot(bob.id).len(), 2);
}
