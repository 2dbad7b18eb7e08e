#!/usr/bin/env python3
"""Reads PGN games on stdin with python-chess and prints, per game, one line:
the board class, the final FEN and the number of half-moves.

Used by tests/chess_pgn.rs to check that atomicd's PGN is read by
python-chess's atomic reader as atomicd played it. Any parse error is
printed as a line starting with ERROR.
"""

import sys

import chess
import chess.pgn
import chess.variant  # noqa: F401  (the Variant tag needs it)


def main() -> None:
    while True:
        game = chess.pgn.read_game(sys.stdin)
        if game is None:
            break
        if game.errors:
            print("ERROR", "; ".join(str(e) for e in game.errors))
            continue
        board = game.end().board()
        plies = sum(1 for _ in game.mainline_moves())
        print(type(board).__name__, board.fen(), plies)


if __name__ == "__main__":
    main()
