#!/usr/bin/env python3
"""Computes the Atomic960 perft counts kept in tests/data/atomic960/.

Run once by hand; the tests read the files it wrote and never run it.

    scripts/atomic960_perft.py python-chess > tests/data/atomic960/python-chess-atomic960.perft
    scripts/atomic960_perft.py fairy-stockfish NODE_ARGS... > tests/data/atomic960/fairy-stockfish-atomic960.perft

The positions are 24 Chess960 start positions chosen to cover every king
file (b to g), rooks beside the king, castlings where the king or the rook
does not move and where they swap squares, plus, for ten of them, the same
start with only kings, rooks and pawns left, where both castlings are
possible at once (and one is blocked by the other rook in SP 0 and SP
959), and the castling cases of tests/chess_atomic960_castling.rs.

* `python-chess`: chess.variant.AtomicBoard(fen, chess960=True), counted
  by legal move generation (depths 1-3, and 4 for the start positions).
* `fairy-stockfish`: the rest of the command line starts a UCI
  Fairy-Stockfish (for example `node --no-experimental-fetch
  .../fairy-stockfish-nnue.wasm/uci.js`); it gets `UCI_Variant atomic`,
  `UCI_Chess960 true`, `position fen ...` and `go perft N` (depths 4, and
  5 for the start positions).

Output: the perft format of tests/data/atomic/atomic.perft (`id`, `epd`,
`perft DEPTH NODES`), the EPD with X-FEN castling.
"""

import subprocess
import sys

import chess
import chess.variant

STARTS = [0, 3, 10, 15, 74, 105, 190, 249, 300, 356, 400, 455,
          518, 521, 600, 631, 650, 709, 750, 800, 888, 900, 944, 959]
STRIPPED = [0, 3, 10, 15, 74, 249, 518, 631, 709, 959]
# The castling cases of tests/chess_atomic960_castling.rs, by name.
CASTLING = [
    ("castle-through-attacked-e1", "rk2r2r/pppp1ppp/8/8/8/8/PPPP1PPP/RK5R w KQkq - 0 1"),
    ("castle-rook-path-attacked-d1", "rk1r3r/ppp1pppp/8/8/8/8/PPP1PPPP/RK5R w KQkq - 0 1"),
    ("castle-out-of-check", "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
    ("castle-kings-touch", "4r3/8/8/8/8/8/3k4/R3K2R w KQ - 0 1"),
    ("castle-next-to-a-knight", "4k3/8/8/8/8/8/5n2/4K2R w K - 0 1"),
    ("castle-black-960", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 b KQkq - 0 1"),
]


def start_board(number, stripped=False):
    board = chess.variant.AtomicBoard.from_chess960_pos(number)
    if stripped:
        for square in chess.SquareSet(chess.BB_BACKRANKS):
            piece = board.piece_at(square)
            if piece and piece.piece_type not in (chess.KING, chess.ROOK):
                board.remove_piece_at(square)
    return board


def positions():
    for n in STARTS:
        yield f"sp{n}", start_board(n), False
    for n in STRIPPED:
        yield f"sp{n}-kings-rooks-pawns", start_board(n, stripped=True), True
    for name, fen in CASTLING:
        yield name, chess.variant.AtomicBoard(fen, chess960=True), True


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def python_chess():
    print("# Atomic960 perft counts by python-chess", chess.__version__,
          "(chess.variant.AtomicBoard, chess960=True); made by scripts/atomic960_perft.py")
    for name, board, stripped in positions():
        assert board.chess960 and board.is_valid(), name
        print(f"\nid {name}\nepd {board.epd()}")
        for depth in range(1, 4 if stripped else 5):
            print(f"perft {depth} {perft(board, depth)}", flush=True)


def fairy_stockfish(command):
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def wait_for(prefix):
        while True:
            line = engine.stdout.readline()
            if not line:
                raise SystemExit("the engine stopped")
            if line.startswith(prefix):
                return line.strip()

    send("uci")
    name = wait_for("id name")[len("id name "):]
    wait_for("uciok")
    send("setoption name UCI_Variant value atomic")
    send("setoption name UCI_Chess960 value true")
    send("isready")
    wait_for("readyok")
    print(f"# Atomic960 perft counts by {name} (UCI_Variant atomic, UCI_Chess960 true,"
          " go perft); made by scripts/atomic960_perft.py")
    for name, board, stripped in positions():
        print(f"\nid {name}\nepd {board.epd()}")
        for depth in ([4] if stripped else [4, 5]):
            send(f"position fen {board.fen()}")
            send(f"go perft {depth}")
            nodes = wait_for("Nodes searched:").split(":")[1].strip()
            print(f"perft {depth} {nodes}", flush=True)
    send("quit")
    engine.wait()


def main():
    if sys.argv[1:2] == ["python-chess"]:
        python_chess()
    elif sys.argv[1:2] == ["fairy-stockfish"] and len(sys.argv) > 2:
        fairy_stockfish(sys.argv[2:])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
