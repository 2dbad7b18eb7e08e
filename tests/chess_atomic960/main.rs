//! Atomic960 in the chess layer, against outside data (`tests/data/atomic960/`):
//! the Chess960 numbering, perft counts from python-chess and
//! Fairy-Stockfish, the castling cases, the boards and PGN that GUIs and
//! python-chess read. The random games replayed against python-chess are
//! in `tests/chess_atomic960_replay.rs`.

#[path = "../chess_common/mod.rs"]
mod chess_common;
#[path = "../python_chess/mod.rs"]
mod python_chess;

mod boards;
mod castling;
mod numbering;
mod perft;
mod setup;
