//! The TRF-16 writer (`tourney::trf::write`, what `export-trf` prints) on
//! a random Swiss or round robin: players with any printable name and any
//! rating, late entries and withdrawals, rounds paired by the server's
//! own pairing code with random results (forfeits too), the last round
//! perhaps unfinished. Every player line keeps its fixed columns, its
//! points add up to its results, and each game reads the same from both
//! sides.

use arbitrary::Unstructured;
use atomicd::tourney::trf::{self, Header};
use atomicd::tourney::{Format, GameResult, PlayerId, Tournament, is_over, pair_next_round, swiss};

use super::printable::printable;

const RESULTS: [GameResult; 5] = [
    GameResult::WhiteWins,
    GameResult::BlackWins,
    GameResult::Draw,
    GameResult::WhiteWinsByForfeit,
    GameResult::BlackWinsByForfeit,
];

pub fn run(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let format = match u.int_in_range(0..=3u8).unwrap_or(0) {
        0 | 1 => Format::Swiss {
            rounds: u.int_in_range(1..=9).unwrap_or(1),
        },
        2 => Format::RoundRobin {
            cycles: u.int_in_range(1..=2).unwrap_or(1),
        },
        _ => Format::Arena,
    };
    let mut t = Tournament::new(format, u.arbitrary().unwrap_or(0));
    for _ in 0..u.int_in_range(0..=14).unwrap_or(0) {
        let (name, rating) = entrant(&mut u);
        let _ = t.join(&name, rating);
    }
    if !matches!(format, Format::Arena) {
        play_rounds(&mut u, &mut t);
    }
    let header = Header {
        name: printable(&mut u, 40),
        city: printable(&mut u, 10),
        federation: printable(&mut u, 3),
        start_date: printable(&mut u, 10),
        end_date: printable(&mut u, 10),
        arbiter: printable(&mut u, 17),
        time_control: printable(&mut u, 7),
    };
    let text = trf::write(&t, &header);
    check(&text, &t, &header);
}

fn play_rounds(u: &mut Unstructured<'_>, t: &mut Tournament) {
    for _ in 0..12 {
        if is_over(t) || u.is_empty() {
            return;
        }
        if t.current_round() > 0 && u.ratio(1, 4).unwrap_or(false) {
            let active: Vec<PlayerId> = t
                .players()
                .iter()
                .filter(|p| p.withdrawn.is_none())
                .map(|p| p.id)
                .collect();
            if let Ok(&p) = u.choose(&active) {
                t.leave(p).expect("an active player may withdraw");
            }
        }
        if u.ratio(1, 4).unwrap_or(false) {
            let (name, rating) = entrant(u);
            let _ = t.join(&name, rating);
        }
        let Ok(round) = pair_next_round(t) else {
            return;
        };
        t.add_round(&round)
            .expect("the pairer's own round is accepted");
        let unfinished = u.ratio(1, 8).unwrap_or(false);
        for g in &round.games {
            if unfinished && u.arbitrary::<bool>().unwrap_or(true) {
                continue;
            }
            let result = RESULTS[u.choose_index(RESULTS.len()).unwrap_or(0)];
            t.record_result(g.white, g.black, result, 40)
                .expect("a paired game takes its result");
        }
        if unfinished {
            return;
        }
    }
}

fn entrant(u: &mut Unstructured<'_>) -> (String, i32) {
    let name = printable(u, 40);
    let rating = if u.arbitrary::<bool>().unwrap_or(true) {
        u.int_in_range(0..=3000).unwrap_or(1500)
    } else {
        u.arbitrary().unwrap_or(0)
    };
    (name, rating)
}

/// One round of a player line: opponent number, colour, result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    opponent: usize,
    colour: u8,
    result: u8,
}

fn check(text: &str, t: &Tournament, h: &Header) {
    let lines: Vec<&str> = text.lines().collect();
    assert!(text.ends_with('\n'));
    let heads = [
        ("012", &h.name),
        ("022", &h.city),
        ("032", &h.federation),
        ("042", &h.start_date),
        ("052", &h.end_date),
    ];
    for (i, (code, value)) in heads.iter().enumerate() {
        assert_eq!(lines[i], format!("{code} {value}"));
    }
    assert_eq!(lines[5], format!("062 {}", t.players().len()));
    let players: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("001"))
        .collect();
    assert_eq!(
        players.len(),
        t.players().len(),
        "one 001 line per player\n{text}"
    );
    let n = players.len();
    let numbers = swiss::pairing_numbers(t);

    let mut cells: Vec<Vec<Cell>> = Vec::new();
    let mut ranks = Vec::new();
    for (i, line) in players.iter().enumerate() {
        assert!(line.len() >= 89 && line.is_ascii(), "{line:?}");
        let field = |from: usize, to: usize| &line[from - 1..to];
        assert_eq!(
            field(5, 8),
            format!("{:>4}", i + 1),
            "pairing numbers in order: {line:?}"
        );
        let p = t.player(numbers[i]).expect("a pairing number is a player");
        let name: String = p.name.chars().take(33).collect();
        assert_eq!(field(15, 47).trim_end(), name.trim_end(), "{line:?}");
        let rating = field(49, 52);
        if (1..=9999).contains(&p.rating) {
            assert_eq!(rating, format!("{:>4}", p.rating));
        } else {
            assert_eq!(rating, "    ");
        }
        for gap in [(4, 4), (9, 14), (48, 48), (53, 80), (85, 85)] {
            assert!(
                field(gap.0, gap.1).bytes().all(|c| c == b' '),
                "columns {gap:?}: {line:?}"
            );
        }
        let points = field(81, 84).trim_start();
        let (whole, half) = points.split_once('.').expect("points are written d.d");
        let half_points: u32 = whole.parse::<u32>().expect("points") * 2 + u32::from(half == "5");
        assert!(half == "0" || half == "5", "{line:?}");
        ranks.push(field(86, 89).trim_start().parse::<usize>().expect("a rank"));

        // Rounds: ten columns each from column 90 on, `  OOOO C R`.
        let row: Vec<Cell> = line.as_bytes()[89..]
            .chunks(10)
            .map(|block| {
                assert_eq!(block.len(), 10, "a cut round block: {line:?}");
                assert_eq!(
                    (&block[..2], block[6], block[8]),
                    (&b"  "[..], b' ', b' '),
                    "{line:?}"
                );
                let opponent = std::str::from_utf8(&block[2..6]).expect("ASCII");
                Cell {
                    opponent: opponent.trim_start().parse().expect("an opponent number"),
                    colour: block[7],
                    result: block[9],
                }
            })
            .collect();
        let scored: u32 = row
            .iter()
            .map(|c| match c.result {
                b'1' | b'+' | b'U' | b'F' => 2,
                b'=' | b'H' => 1,
                b'0' | b'-' | b'Z' => 0,
                other => panic!("result {:?} in {line:?}", other as char),
            })
            .sum();
        assert_eq!(scored, half_points, "points add up: {line:?}");
        cells.push(row);
    }
    ranks.sort_unstable();
    assert_eq!(ranks, (1..=n).collect::<Vec<_>>(), "ranks are 1..{n}");

    // Each game reads the same from both sides.
    for (i, row) in cells.iter().enumerate() {
        for (r, c) in row.iter().enumerate() {
            if c.opponent == 0 {
                assert_eq!(c.colour, b'-', "player {} round {}", i + 1, r + 1);
                continue;
            }
            assert_ne!(c.opponent, i + 1, "nobody plays himself");
            let other = cells[c.opponent - 1][r];
            assert_eq!(other.opponent, i + 1, "player {} round {}", i + 1, r + 1);
            let expected = match (c.colour, c.result) {
                (b'w', r) => (b'b', mirror(r)),
                (b'b', r) => (b'w', mirror(r)),
                other => panic!("a game without a colour: {other:?}"),
            };
            assert_eq!((other.colour, other.result), expected);
        }
    }
}

fn mirror(result: u8) -> u8 {
    match result {
        b'1' => b'0',
        b'0' => b'1',
        b'+' => b'-',
        b'-' => b'+',
        other => other,
    }
}
