//! Talk: tells, say, channels and shouts, and the lists that stop them.

use std::time::{Duration, Instant};

use super::{Fixture, UNRATED, User};
use crate::event::{Arg, Event};
use crate::settings::vars::Switch;
use crate::world::speech::{Broadcast, Speaker};

fn speaker(f: &Fixture, u: &User) -> Speaker {
    let p = f.world.player(u.id).unwrap();
    Speaker {
        id: p.id,
        name: p.name.clone(),
        display: p.display_name(),
        registered: p.is_registered(),
        titles: p.titles,
    }
}

/// The text value of the first line a user received.
fn heard(u: &mut User) -> Option<String> {
    u.drain().events.iter().find_map(|e| match &**e {
        Event::Lines { lines } => lines[0].args.iter().find_map(|(k, v)| match (k, v) {
            (&"text", Arg::Text(t)) => Some(t.clone()),
            _ => None,
        }),
        _ => None,
    })
}

#[test]
fn a_tell_arrives_and_the_sender_is_told_so() {
    let mut f = Fixture::new();
    let alice = f.registered("Alice");
    let mut bob = f.guest("Bob");
    let me = speaker(&f, &alice);
    assert_eq!(f.world.tell(&me, bob.id, "hello").unwrap().id, "told");
    assert_eq!(heard(&mut bob).as_deref(), Some("hello"));
}

#[test]
fn a_censor_list_stops_tells_and_says() {
    let mut f = Fixture::new();
    let (alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    f.world
        .player_mut(bob.id)
        .unwrap()
        .talk
        .lists
        .censor
        .insert("Alice");
    let me = speaker(&f, &alice);
    assert_eq!(
        f.world.tell(&me, bob.id, "hi").unwrap_err().id,
        "refuse-censored"
    );
    f.game(&alice, &bob, UNRATED);
    assert_eq!(f.world.say(&me, "hi").unwrap().id, "refuse-censored");
    bob.drain();
    assert!(heard(&mut bob).is_none());
}

#[test]
fn unregistered_tells_need_the_tell_variable() {
    let mut f = Fixture::new();
    let (gus, bob) = (f.guest("Gus"), f.registered("Bob"));
    f.set(&bob, Switch::Tell, false);
    let me = speaker(&f, &gus);
    assert_eq!(
        f.world.tell(&me, bob.id, "hi").unwrap_err().id,
        "tell-not-listening"
    );
}

#[test]
fn say_reaches_the_opponent_with_the_game_number() {
    let mut f = Fixture::new();
    let (alice, mut bob) = (f.guest("Alice"), f.guest("Bob"));
    let no = f.game(&alice, &bob, UNRATED);
    bob.drain();
    let me = speaker(&f, &alice);
    assert_eq!(f.world.say(&me, "good luck").unwrap().id, "told-playing");
    let got = bob.drain();
    let Event::Lines { lines } = &*got.events[0] else {
        panic!()
    };
    assert_eq!(lines[0].id, "say-heard");
    assert!(
        lines[0]
            .args
            .contains(&("game", Arg::Text(format!("[{no}]"))))
    );
}

#[test]
fn a_channel_tell_reaches_members_who_do_not_censor_the_sender() {
    let mut f = Fixture::new();
    let alice = f.registered("Alice");
    let (mut bob, mut carol, mut dave) = (f.guest("Bob"), f.guest("Carol"), f.guest("Dave"));
    for u in [&alice, &bob, &carol] {
        f.world
            .player_mut(u.id)
            .unwrap()
            .talk
            .lists
            .channels
            .insert(50);
    }
    f.world
        .player_mut(carol.id)
        .unwrap()
        .talk
        .lists
        .censor
        .insert("Alice");
    let me = speaker(&f, &alice);
    assert_eq!(f.world.channel_tell(&me, 50, "hi all", true), Ok(1));
    assert_eq!(heard(&mut bob).as_deref(), Some("hi all"));
    assert!(heard(&mut carol).is_none());
    assert!(heard(&mut dave).is_none(), "not in the channel");
    assert_eq!(
        f.world.player(alice.id).unwrap().talk.last_channel,
        Some(50)
    );
    let outsider = speaker(&f, &dave);
    assert_eq!(
        f.world
            .channel_tell(&outsider, 50, "hey", false)
            .unwrap_err()
            .id,
        "channel-not-member"
    );
}

#[test]
fn shouts_reach_those_who_listen_and_wait_for_the_quota() {
    let mut f = Fixture::new();
    let alice = f.registered("Alice");
    let (mut bob, mut carol) = (f.guest("Bob"), f.guest("Carol"));
    f.set(&carol, Switch::Shout, false);
    let me = speaker(&f, &alice);
    let now = Instant::now();
    assert_eq!(f.world.shout(&me, Broadcast::Shout, "hello", now), Ok(1));
    assert_eq!(heard(&mut bob).as_deref(), Some("hello"));
    assert!(heard(&mut carol).is_none());
    assert_eq!(
        f.world
            .shout(&me, Broadcast::Shout, "again", now + Duration::from_secs(1)),
        Err(9)
    );
    assert_eq!(
        f.world.shout(
            &me,
            Broadcast::Shout,
            "later",
            now + Duration::from_secs(10)
        ),
        Ok(1)
    );
}
