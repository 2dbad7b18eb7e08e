//! The PGN writer (`chess::pgn::write`, what `export-pgn` prints) fed a
//! random legal game and any printable tag values. The project has no PGN
//! reader of its own, so this one reads the text back just enough to
//! check it: every tag value comes back unescaped, `[Variant "Atomic"]`
//! is there, the movetext stays within 79 columns, and its moves, read by
//! the server's own move parser from the start position, replay the game.

use arbitrary::Unstructured;
use atomicd::chess::pgn::{self, PgnGame};
use atomicd::chess::{AtomicGame, Lang};
use shakmaty::Role;

use super::games::random_game;
use super::printable::printable;
use super::render;

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

pub fn run(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let (game, start) = random_game(&mut u, 300);
    render::boards(&game.snapshot(7, "Alice", "Bob"));
    let mut record = PgnGame {
        event: printable(&mut u, 40),
        site: printable(&mut u, 40),
        date: printable(&mut u, 40),
        round: printable(&mut u, 40),
        white: printable(&mut u, 40),
        black: printable(&mut u, 40),
        result: RESULTS[u.choose_index(RESULTS.len()).unwrap_or(0)].to_string(),
        white_elo: u
            .arbitrary::<u16>()
            .map(|n| n.to_string())
            .unwrap_or_default(),
        black_elo: String::new(),
        initial_secs: u.arbitrary().unwrap_or(0),
        increment_secs: u.arbitrary().unwrap_or(0),
        start_fen: start.map(str::to_string),
        sans: game.moves().iter().map(|m| m.san.clone()).collect(),
        end_comment: u
            .arbitrary::<bool>()
            .unwrap_or(false)
            .then(|| printable(&mut u, 40)),
        evals: Vec::new(),
    };
    // Evaluations, as an analysed game has them (read last, so that the
    // kept corpus means what it meant before they existed).
    record.evals = (0..record.sans.len())
        .map(|_| {
            u.arbitrary::<Option<i16>>().ok().flatten().map(|cp| {
                if cp % 7 == 0 {
                    atomicd::analysis::judge::Eval::Mate(i32::from(cp / 7)).pgn()
                } else {
                    atomicd::analysis::judge::Eval::Cp(i32::from(cp)).pgn()
                }
            })
        })
        .collect();
    let mut out = String::new();
    pgn::write(&record, &mut out);
    reads_back(&out, &record, &game);
}

fn reads_back(out: &str, record: &PgnGame, game: &AtomicGame) {
    let (head, movetext) = out.split_once("\n\n").expect("a blank line after the tags");
    assert!(out.ends_with("\n\n"), "games are separated by a blank line");
    let tags: Vec<(&str, String)> = head.lines().map(|l| tag(l, out)).collect();
    let value = |name: &str| {
        tags.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {name} tag in {out}"))
    };
    assert_eq!(value("Event"), record.event);
    assert_eq!(value("Site"), record.site);
    assert_eq!(value("Date"), record.date);
    assert_eq!(value("Round"), record.round);
    assert_eq!(value("White"), record.white);
    assert_eq!(value("Black"), record.black);
    assert_eq!(value("Result"), record.result);
    assert_eq!(value("Variant"), "Atomic");
    if let Some(fen) = &record.start_fen {
        assert_eq!((value("SetUp"), value("FEN")), ("1", fen.as_str()));
    }

    for line in movetext.trim_end().lines() {
        assert!(
            line.len() <= 79 || (line.starts_with('{') && line.ends_with('}')),
            "movetext line of {} columns: {line:?}",
            line.len()
        );
    }
    let mut flat = movetext.replace('\n', " ");
    // The evaluations come first, each after its move, in order.
    let mut evals = Vec::new();
    while let Some(at) = flat.find("{ [%eval ") {
        let end = at + flat[at..].find("] }").expect("an eval comment is closed") + 3;
        evals.push(flat[at + 9..end - 3].to_string());
        flat.replace_range(at..end, "");
    }
    let expected: Vec<String> = record.evals.iter().flatten().cloned().collect();
    assert_eq!(evals, expected, "the evaluations, in order");
    let (moves, rest) = match flat.split_once('{') {
        Some((moves, comment)) => {
            let (comment, rest) = comment.split_once('}').expect("a comment is closed");
            let expected = record
                .end_comment
                .as_deref()
                .unwrap_or_default()
                .replace('}', ")");
            assert_eq!(comment, expected);
            (moves, rest)
        }
        None => {
            assert!(record.end_comment.is_none());
            let (moves, result) = flat
                .trim_end()
                .rsplit_once(' ')
                .unwrap_or(("", flat.trim()));
            (moves, result)
        }
    };
    assert_eq!(rest.trim(), record.result, "the result ends the movetext");

    let mut replay = match record.start_fen.as_deref() {
        Some(fen) => AtomicGame::from_fen(fen).expect("the FEN tag reads"),
        None => AtomicGame::new(),
    };
    let sans: Vec<&str> = moves
        .split_whitespace()
        .filter(|t| !t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(sans.len(), game.moves().len(), "{movetext}");
    for (san, played) in sans.iter().zip(game.moves()) {
        let mv = replay
            // SAN is case-sensitive: `bxc4` is the pawn's (`movecase`).
            .parse_move_cased(san, Lang::En, Role::Queen, true)
            .unwrap_or_else(|e| panic!("{san}: {e:?} in {}", replay.fen()));
        assert_eq!(mv, played.mv, "{san}");
        replay.play(mv);
    }
    assert_eq!(replay.fen(), game.fen());
}

/// `[Name "value"]` → the name and the unescaped value.
fn tag<'a>(line: &'a str, out: &str) -> (&'a str, String) {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix("\"]"))
        .unwrap_or_else(|| panic!("not a tag line: {line:?} in {out}"));
    let (name, quoted) = inner
        .split_once(" \"")
        .expect("a tag has a name and a value");
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().expect("an escape escapes something")),
            '"' => panic!("an unescaped quote in {line:?}"),
            c => value.push(c),
        }
    }
    (name, value)
}
