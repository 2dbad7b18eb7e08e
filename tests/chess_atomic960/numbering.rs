//! The Chess960 numbers against published tables: scalachess's table of
//! all 960 first ranks, and numbered FENs from scalachess's and
//! shakmaty's tests.

use atomicd::chess::StartPosition;
use atomicd::chess::chess960::roles_from_letters;
use shakmaty::{Board, Setup, fen::Fen};

use crate::chess_common::data_text;

#[test]
fn all_960_numbers_are_scalachess_s() {
    let table = data_text("atomic960/scalachess-chess960-positions.txt");
    let rows: Vec<(u32, &str)> = table
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (n, rank) = l.split_once(' ').expect("NUMBER RANK");
            (n.parse().expect("number"), rank)
        })
        .collect();
    assert_eq!(rows.len(), 960);
    for (n, rank) in rows {
        let start = StartPosition::new(n).expect("0-959");
        assert_eq!(start.letters(), rank, "SP {n}");
        let roles = roles_from_letters(rank).expect("eight piece letters");
        assert_eq!(StartPosition::from_back_rank(roles), Some(start), "{rank}");
        let fen = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1",
            rank.to_ascii_lowercase()
        );
        assert_eq!(start.fen(), fen, "SP {n}");
        assert_eq!(StartPosition::from_fen(&fen), Some(start), "{fen}");
    }
}

#[test]
fn numbered_fens_of_scalachess_and_shakmaty_tests() {
    let text = data_text("atomic960/chess960-start-fens.txt");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [number, fen, source] = fields.as_slice() else {
            panic!("NUMBER | FEN | SOURCE: {line}");
        };
        let board_only = source.contains("board only");
        let want = match *number {
            "none" => None,
            n => Some(StartPosition::new(n.parse().expect("number")).expect("0-959")),
        };
        if board_only {
            let board: Board = fen.parse().expect("a board FEN");
            let start = want.expect("a numbered board");
            assert_eq!(board, start.setup().board, "{line}");
            let setup = Setup {
                board,
                ..start.setup()
            };
            assert_eq!(StartPosition::from_setup(&setup), want, "{line}");
        } else {
            assert_eq!(StartPosition::from_fen(fen), want, "{line}");
            if let Some(start) = want {
                assert_eq!(start.fen(), *fen, "{line}");
                let published: Fen = fen.parse().expect("FEN");
                assert_eq!(*published.as_setup(), start.setup(), "{line}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 15);
}
