#!/usr/bin/env python3
"""Replays Atomic960 games with python-chess, for tests/chess_atomic960_replay.rs.

Reads games on stdin, two lines each:

    GAME <start FEN>
    MOVES <uci> <uci> ...        (Chess960 UCI: castling is the king onto its rook)

and prints, for every position of each game (the start, then after each
move), one line

    <ply> <FEN> <legal moves, sorted, comma-separated or -> <SAN of the next move or ->

then `END <result> <termination>`, where termination is king_exploded,
checkmate, stalemate, insufficient_material or none (python-chess's own
predicates, asked in the order atomicd ends a game), and result 1-0, 0-1,
1/2-1/2 or *. The board is chess.variant.AtomicBoard(fen, chess960=True).
A move python-chess finds illegal is printed as `ILLEGAL <ply> <uci>` and
ends that game.
"""

import sys

import chess
import chess.variant


def ending(board):
    if board.is_variant_end():
        if board.is_variant_draw():
            return "1/2-1/2", "king_exploded"
        white_won = board.is_variant_win() == (board.turn == chess.WHITE)
        return ("1-0" if white_won else "0-1"), "king_exploded"
    if board.is_checkmate():
        return ("0-1" if board.turn == chess.WHITE else "1-0"), "checkmate"
    if board.is_stalemate():
        return "1/2-1/2", "stalemate"
    if board.is_insufficient_material():
        return "1/2-1/2", "insufficient_material"
    return "*", "none"


def replay(fen, moves, out):
    board = chess.variant.AtomicBoard(fen, chess960=True)
    for ply in range(len(moves) + 1):
        legal = sorted(board.uci(m) for m in board.legal_moves)
        san = "-"
        move = None
        if ply < len(moves):
            move = chess.Move.from_uci(moves[ply])
            if move not in board.legal_moves:
                out.append(f"ILLEGAL {ply} {moves[ply]}")
                return
            san = board.san(move)
        out.append(f"{ply} {board.fen()} {','.join(legal) or '-'} {san}")
        if move is not None:
            board.push(move)
    out.append("END {} {}".format(*ending(board)))


def main():
    out = []
    fen = None
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line.startswith("GAME "):
            fen = line[len("GAME "):]
        elif line.startswith("MOVES"):
            replay(fen, line.split()[1:], out)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
