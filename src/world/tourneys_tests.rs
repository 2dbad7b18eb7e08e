//! An event's row in the store and back: settings, players and the
//! unfinished games of a running event survive a restart.

use super::*;

#[test]
fn rows_round_trip_and_unfinished_games_come_back() {
    let now = Instant::now();
    let mut t = Tournament::new(Format::Swiss { rounds: 3 }, 9);
    let a = t.join("Alice", 1600).unwrap();
    let b = t.join("Bob", 1500).unwrap();
    t.add_game(1, crate::tourney::Pairing::new(a, b)).unwrap();
    let e = Event {
        id: 4,
        name: "T".into(),
        t,
        status: Status::Running,
        minutes: 1,
        inc: 0,
        rated: false,
        max_players: None,
        min_rating: None,
        arena: Duration::ZERO,
        created_by: "Boss".into(),
        created_at: 1,
        started_at: Some(2),
        ends_unix: None,
        ends_at: None,
        finished_at: None,
        links: vec![Link {
            db_id: Some(77),
            stage: Stage::Live,
        }],
        forfeits: BTreeMap::new(),
        variant: Variant::Atomic960,
        starts: BTreeMap::new(),
    };
    let row = e.to_row();
    let back = Event::from_row(row.clone(), now, Duration::from_secs(5), |id| id == 77).unwrap();
    assert_eq!(back.t, e.t);
    assert_eq!(back.variant, Variant::Atomic960);
    assert_eq!(back.links[0].stage, Stage::Adjourned { since: now });
    let lost = Event::from_row(row, now, Duration::from_secs(5), |_| false).unwrap();
    assert_eq!(
        lost.links[0],
        Link {
            db_id: None,
            stage: Stage::Waiting {
                due: now + Duration::from_secs(5)
            }
        }
    );
}
