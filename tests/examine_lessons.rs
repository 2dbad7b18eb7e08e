//! The examples of `help atomic` over TCP: `examine atomic NAME` opens on
//! the rules page's own board, which must match its golden style-1 file
//! byte for byte, in English and in French; `forward` plays the page's
//! line (5.Nxd5 of the first example gives the page's second board); and
//! `help atomic` names every example the way `examine atomic` opens it.

mod chess_common;
mod support;

use chess_common::data_text;
use support::{Client, TestServer};

/// The ready positions with their golden boards; `knights` has the seed
/// boards of the page (a played game between Alice and Bob, here an
/// examined one between "White" and "Black").
const BOARDS: &[(&str, &str)] = &[
    ("knights", "seed-board-1"),
    ("directattack", "lesson-directattack"),
    ("indirectattack", "lesson-indirectattack"),
    ("queenmate", "lesson-queenmate"),
    ("explodebeatscheck", "lesson-explodebeatscheck"),
    ("trap", "lesson-trap"),
];

/// A golden board as an examined game 1 shows it.
fn golden(file: &str, lang: &str) -> String {
    data_text(&format!("golden/{file}.{lang}.txt"))
        .replace("Game 1 (Alice vs. Bob)", "Game 1 (White vs. Black)")
}

/// The board of a reply: what follows the delivery newline after the
/// lines before it, up to the end of the board (the file letters).
fn board_of(reply: &str) -> String {
    let start = reply
        .find("\nGame 1 (")
        .unwrap_or_else(|| panic!("no board in {reply:?}"));
    let board = &reply[start + 1..];
    let end = board
        .find("          a  b  c  d  e  f  g  h\n")
        .map(|i| i + "          a  b  c  d  e  f  g  h\n".len())
        .unwrap_or_else(|| panic!("no file letters in {reply:?}"));
    board[..end].to_string()
}

#[track_caller]
fn assert_board(reply: &str, want: &str, what: &str) {
    let got = board_of(reply);
    assert!(
        got == want,
        "{what}\n--- want\n{want}\n--- got\n{got}\n--- reply {reply:?}"
    );
}

async fn reader(server: &TestServer, name: &str, lang: &str) -> Client {
    let mut c = server.named(name).await;
    c.command("set bell 0").await;
    c.command(&format!("set lang {lang}")).await;
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_example_opens_on_the_page_s_board_in_english_and_french() {
    let server = TestServer::start().await;
    for (lang, name) in [("en", "Reader"), ("fr", "Lecteur")] {
        let mut c = reader(&server, name, lang).await;
        for (name, file) in BOARDS {
            let reply = c.command(&format!("examine atomic {name}")).await;
            let intro = match lang {
                "fr" => format!(
                    "Début d'une partie en mode examen (échiquier neuf).\nChargement : catégorie atomic, position {name}.\n"
                ),
                _ => format!(
                    "Starting a game in examine (scratch) mode.\nLoading from category: atomic, board: {name}.\n"
                ),
            };
            assert!(reply.starts_with(&intro), "{reply}");
            // The board comes right after the intro, with its delivery newline.
            assert!(reply.contains(".\n\nGame 1 ("), "{reply:?}");
            assert_board(&reply, &golden(file, lang), &format!("{name} ({lang})"));
            c.command("unexamine").await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forward_plays_the_page_s_line_to_its_second_board() {
    let server = TestServer::start().await;
    for (lang, name) in [("en", "Stepper"), ("fr", "Marcheur")] {
        let mut c = reader(&server, name, lang).await;
        c.command("examine atomic knights").await;
        let after = c.command("forward").await;
        let forward = match lang {
            "fr" => format!("Partie 1 : {name} avance de 1 coup.\n\nGame 1 ("),
            _ => format!("Game 1: {name} goes forward 1 move.\n\nGame 1 ("),
        };
        assert!(after.starts_with(&forward), "{after}");
        assert_board(&after, &golden("seed-board-2", lang), "5.Nxd5");
        // The moves that led to the page's board are there to take back.
        let back = c.command("backward 9").await;
        let backward = match lang {
            "fr" => format!("Partie 1 : {name} recule de 9 coups.\n"),
            _ => format!("Game 1: {name} backs up 9 moves.\n"),
        };
        assert!(back.starts_with(&backward), "{back}");
        assert!(back.contains("Move # : 1 (White)"), "{back}");
        c.command("unexamine").await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_atomic_names_every_example_as_examine_opens_it() {
    let server = TestServer::start().await;
    let mut c = server.named("Newcomer").await;
    // The list is longer than a line of 79: read it unwrapped.
    c.command("set width 240").await;
    let list = c.command("examine atomic").await;
    let names: Vec<&str> = BOARDS.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        list,
        format!(
            "Boards in category atomic: {}.\nType \"examine atomic NAME\" to load one.\n",
            names.join(", ")
        )
    );
    for lang in ["en", "fr"] {
        c.command(&format!("set lang {lang}")).await;
        let page = c.command("help atomic").await;
        let named: Vec<&str> = page
            .lines()
            .filter_map(|l| l.trim().split_once("examine atomic "))
            .map(|(_, name)| name.trim())
            .filter(|name| !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase()))
            .collect();
        assert_eq!(named, names, "help atomic ({lang}) in the page's order");
    }
}
