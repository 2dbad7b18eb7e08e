#!/usr/bin/env python3
"""Reads PGN games with python-chess, for tests/pgn_atomic960.rs.

Reads a PGN text on stdin and prints, for each game, how python-chess
took it: one line

    GAME <board class> <uci_variant> <chess960 True|False> <plies>

then the SAN of every move as python-chess writes it back (one line,
`SANS <san> <san> ...`), the final position (`FEN <fen>`), its result
by python-chess's own rules (`RESULT 1-0`, `*` when not over), and one
`ERROR <text>` line for each error `chess.pgn.read_game` collected (an
illegal or unreadable move). The board is the one `game.board()` makes
from the headers: `[Variant "Atomic"]` gives an AtomicBoard, and with a
`FEN` header whose castling rights need it, Chess960 castling.
"""

import sys

import chess
import chess.pgn
import chess.variant


def main():
    while True:
        game = chess.pgn.read_game(sys.stdin)
        if game is None:
            break
        board = game.board()
        print(
            f"GAME {type(board).__name__} {board.uci_variant} {board.chess960} "
            f"{len(list(game.mainline_moves()))}"
        )
        sans = []
        for move in game.mainline_moves():
            sans.append(board.san(move))
            board.push(move)
        print("SANS " + " ".join(sans))
        print(f"FEN {board.fen()}")
        print(f"RESULT {board.result()}")
        for error in game.errors:
            print(f"ERROR {error}")


if __name__ == "__main__":
    main()
