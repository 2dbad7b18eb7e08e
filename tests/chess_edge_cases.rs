//! Every record of `shared/testdata/atomic/atomic-edge-cases.jsonl`
//! (scalachess, python-chess, Fairy-Stockfish, shakmaty and our own edge
//! positions) through `AtomicGame`: legal moves, check, the automatic end
//! (`end()`), perft 1-3, mating material, and the position after the
//! record's moves, typed as coordinates through `parse_move`.

mod chess_common;

use atomicd::chess::{AtomicGame, AutoEnd, Lang, notation};
use chess_common::data_text;
use serde_json::Value;
use shakmaty::{Color, Position, Role, perft};

fn termination(end: Option<AutoEnd>) -> (&'static str, &'static str) {
    match end {
        None => ("*", "none"),
        Some(e) => (
            e.result(),
            match e {
                AutoEnd::KingExploded { .. } => "king_exploded",
                AutoEnd::Checkmate { .. } => "checkmate",
                AutoEnd::Stalemate => "stalemate",
                AutoEnd::NoMaterial => "insufficient_material",
            },
        ),
    }
}

/// Compares the game's current position with a `start`/`after` record.
fn check_state(id: &str, when: &str, game: &AtomicGame, want: &Value) {
    let mut legal: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|&m| notation::uci(m))
        .collect();
    legal.sort();
    let want_legal: Vec<String> = want["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .map(|v| v.as_str().expect("uci").to_owned())
        .collect();
    assert_eq!(legal, want_legal, "{id} {when}: legal moves");
    assert_eq!(
        game.position().is_check(),
        want["check"].as_bool().expect("check"),
        "{id} {when}: check"
    );
    let (result, term) = termination(game.end());
    assert_eq!(term, want["termination"], "{id} {when}: termination");
    assert_eq!(result, want["result"], "{id} {when}: result");
    assert_eq!(
        game.end().is_some(),
        want["over"].as_bool().expect("over"),
        "{id} {when}: over"
    );
    if let Some(fen) = want.get("fen") {
        assert_eq!(game.fen(), fen.as_str().expect("fen"), "{id} {when}: fen");
    }
}

#[test]
fn every_edge_case_record() {
    let text = data_text("atomic/atomic-edge-cases.jsonl");
    let mut records = 0;
    let mut rejected = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let rec: Value = serde_json::from_str(line).expect("json record");
        records += 1;
        let id = rec["id"].as_str().expect("id");
        let fen = rec["fen"].as_str().expect("fen");
        let note = rec["shakmaty_0_30_1"].as_str().expect("shakmaty note");

        if note.starts_with("rejects the published FEN") {
            // The published FEN is rejected; the normalised one is tested.
            let published = rec["fen_as_published"].as_str().expect("published fen");
            let err = AtomicGame::from_fen(published).expect_err(id);
            assert!(
                err.to_string()
                    .starts_with("That position cannot be played: "),
                "{err}"
            );
            rejected += 1;
        } else if note.starts_with("rejects") {
            let err = AtomicGame::from_fen(fen).expect_err(id);
            let msg = err.to_string();
            assert!(
                msg.starts_with("That position cannot be played: ") && msg.ends_with('.'),
                "{id}: {msg}"
            );
            rejected += 1;
            continue;
        } else {
            assert_eq!(note, "agrees", "{id}");
        }

        let mut game = AtomicGame::from_fen(fen).unwrap_or_else(|e| panic!("{id}: {e}"));
        check_state(id, "start", &game, &rec["start"]);
        let perfts: Vec<u64> = rec["perft_1_2_3"]
            .as_array()
            .expect("perft")
            .iter()
            .map(|v| v.as_u64().expect("count"))
            .collect();
        for (depth, want) in (1..).zip(perfts) {
            assert_eq!(perft(game.position(), depth), want, "{id} perft {depth}");
        }
        if let Some(moves) = rec.get("moves").and_then(Value::as_array) {
            for m in moves {
                let uci = m.as_str().expect("uci");
                let mv = game
                    .parse_move(uci, Lang::En, Role::Queen)
                    .unwrap_or_else(|e| panic!("{id}: {uci}: {e}"));
                let played = game.play(mv);
                assert_eq!(played.uci, uci, "{id}: UCI of the played move");
            }
            check_state(id, "after", &game, &rec["after"]);
        }
        // Mating material is given for the last position of the record.
        let insufficient = &rec["insufficient_material_white_black"];
        assert_eq!(
            game.can_mate(Color::White),
            !insufficient[0].as_bool().expect("bool"),
            "{id}: White can mate"
        );
        assert_eq!(
            game.can_mate(Color::Black),
            !insufficient[1].as_bool().expect("bool"),
            "{id}: Black can mate"
        );
    }
    assert_eq!(records, 90, "records in the file");
    assert_eq!(rejected, 3, "records shakmaty's strict FEN check rejects");
}
