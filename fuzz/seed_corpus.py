#!/usr/bin/env python3
"""Writes the seed inputs of every fuzz target into DIR/<target>/ (default
fuzz/seeds): real input of the kinds each target reads, so libFuzzer starts
from lines clients send, FENs, SAN and UCI moves, formulas. scripts/fuzz.sh
runs this once, fuzzes, and `cargo fuzz cmin` keeps what adds coverage in
fuzz/corpus/.

The byte layouts follow the targets in fuzz/src/: arbitrary's Unstructured
reads a bool from one byte (odd: true), a u32 from 4 little-endian bytes,
an index or range value from as few bytes as the range needs."""

import os
import struct
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "seeds")

# Login and set-up lines as the project's client tests see xboard, PyChess,
# eboard and Jin send them (tests/clients_*.rs, spec section 1 and 6).
LOGINS = [
    b"guest\r\n\r\n",
    b"guest\n\nset style 12\nset bell 0\niset ms 1\n",
    b"alice\r\nsecret\r\nset interface xboard\r\nset style 12\r\niset startpos 1\r\n",
    b"%b11011110001111000000001100000\nJinUser\npassword\nset interface Jin 2.14.1\n",
    b"guest\n\niset defprompt 1\niset gameinfo 1\niset ms 1\niset allresults 1\n"
    b"iset startpos 1\niset pendinfo 1\niset nowrap 1\nset seek 1\nset shout 0\n"
    b"style 12\niset block 1\n1 who\n",
    b"\xff\xfd\x03\xff\xfb\x18\xff\xfa\x18\x00xterm\xff\xf0guest\r\n\r\n",
    b"\xff\xf6\xff\xfd\x06\xff\xfd\x01who\r\n\xff\xf4e4\n",
    b"seek 3 0 m f 1200-1600\nmatch bob 5 2 r white\naccept\ne4\nresign\n",
]

COMMANDS = [
    "who", "$$who a; p ;; fing bob", "tell 50 hello there", "+ch 53", "!hello",
    "match bob 5 2 r white atomic", "match bob fen 8/8/8/8/8/8/8/K6k w - - 0 1",
    "seek 3 0 m f 1200-1600", "seek 5 0 u b 0-9999", "sought", "play 12",
    "set formula blitz & rating > 1400 & !computer", "set f1 time > 3",
    "bsetup fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "bsetup P@e4", "bsetup wcastle kside", "bsetup eppos d", "bsetup done",
    "alias gg tell @ good game", "gg bob", "alias w2 who a", "w2 x",
    "alias at @", "at", "at who", "tourney create swiss 5 3 0", "examine",
    "observe 1", "moves 1", "history bob", "iset block 1", "1 who",
    "shutdown 1s", "adjudicate a b c d", "resume", "stored",
]

FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/P6k/8/8/8/8/6Kp/8 b - - 0 31",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "7k/6Q1/5K2/8/8/8/8/8 b - - 0 1",
    "4k3/8/8/3pP3/8/8/8/R3K2R w K d6 0 12",
    "8/8/8/8/8/8/8/K6k",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
    "4k3/8/8/8/8/8/8/4K2R b K - 0 31",
]

BSETUPS = [
    ["clear", "K@f6", "wq@g7", "k@h8", "P@a3", "x@a3", "tomove black", "done"],
    ["start", "wcastle kside", "bcastle none", "eppos e", "done"],
    ["fen 4k3/8/8/3pP3/8/8/8/R3K2R w - - 0 12", "wcastle kside", "eppos d", "done"],
    ["K@a1", "k@e8", "R@e2", "tomove white", "done"],
    ["K@e4", "k@e5", "Q@e1", "tomove white", "done"],
    ["K@e1", "k@e8", "p@a1", "done"],
]

MOVES = [
    "e4", "e2e4", "e2-e4", "e7e8=q", "e7e8/Q", "e7e8q", "O-O", "o-o-o", "0-0",
    "Nf3", "Nxe5+", "Qh4#", "exd6", "exd6e.p.", "bxa8=N", "Cf3", "Dh4", "Fxa2",
    "Nbd7", "N1f3", "h8=Q", "bc4", "Bc4", "ed5", "exd", "e1g1", "P@e4", "R",
]

FORMULAS = [
    "blitz & rating > 1400 & !computer",
    "rating >= 1500 | !rated # no unrated games",
    "time + inc * 2 / 3 <= 15 minutes",
    "maxtime(40) < 600 && (registered or timeseal)",
    "f1 & !abuser", "-rd < -80", "!!1", "--1", "(((1)))", "", "()",
    "ratingdiff > 200 == assesswin", "mymaxtime(0) >= 1",
]


def ws_frame(opcode, payload, mask=b"\x00\x00\x00\x00", fin=True):
    """One frame as a browser sends it (RFC 6455 section 5.2): always masked."""
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", n)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return head + mask + masked


def write(target, name, data):
    folder = os.path.join(OUT, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def main():
    for i, login in enumerate(LOGINS):
        for head in (0x3F, 0x00, 0xC5):
            write("telnet", f"login{i}-{head:02x}", bytes([head]) + login)
    for i, cmd in enumerate(COMMANDS):
        write("telnet", f"cmd{i}", b"\x07" + cmd.encode() + b"\r\n")
    write("command_line", "all", "\n".join(COMMANDS).encode())
    for i, cmd in enumerate(COMMANDS):
        write("command_line", f"line{i}", cmd.encode())

    # timeseal: [v2][stamp u32][offset][filler] text
    texts = [b"TIMESTAMP|openseal|Linux|", b"e4", b"\x029", b"9", b"who",
             b"tell 53 " + b"x" * 52, b"ab\x18cd", b"", b"set style 12"]
    for i, text in enumerate(texts):
        for v2, stamp, off in ((0, 12345, 0), (1, 987654, 17), (1, 0xFFFFFFFF, 49)):
            write("timeseal", f"line{i}-{v2}-{off}",
                  bytes([v2]) + struct.pack("<I", stamp) + bytes([off, ord("x")]) + text)
    corpus = os.path.join(ROOT, "..", "tests", "fuzz_corpus", "timeseal.txt")
    with open(corpus) as f:
        lines = [l.split("=>")[0] for l in f if l.strip() and not l.startswith("#")]
    for i, hexline in enumerate(lines):
        write("timeseal", f"wire{i}", bytes.fromhex(hexline.replace(" ", "").strip()))

    # moves: [start index][plies][moves...][strict][promote][back] text
    for i, mv in enumerate(MOVES):
        for start in range(5):
            write("moves", f"{start}-{i}", bytes([start, 0, 0, 0, 0]) + mv.encode())
    write("moves", "played", bytes([0, 40]) + bytes(range(7, 47)) + b"\x01\x02\x05Nf3")

    for i, fen in enumerate(FENS):
        write("fen", f"fen{i}", fen.encode())
    for i, words in enumerate(BSETUPS):
        write("fen", f"bsetup{i}", ("not a fen\n" + "\n".join(words)).encode())
    write("fen", "from-game", (FENS[1] + "\nP@e4\nbcastle qside\ndone").encode())

    facts = struct.pack("<qq", 3, 0) + b"\x01\x00" + struct.pack("<qqq", 1600, 1500, 60) \
        + b"\x00\x01\x00\x00\x01" + struct.pack("<qqq", 8, 0, -8)
    for i, formula in enumerate(FORMULAS):
        write("formula", f"f{i}", facts + formula.encode())
    write("formula", "fvars", facts + b"time > 2\nf1 & rated\nf2 | f1\nf3 & !computer")

    for i in range(6):
        write("pgn", f"game{i}", bytes([i % 5, 40 + i * 30]) + bytes(range(i, 250)))
    for i in range(6):
        write("trf", f"t{i}", bytes([i % 4, 5, 9]) + bytes(range(3 * i, 255)) * 2)

    # websocket: [framing, read size, reply size] then a browser's frames.
    text, binary, close, ping, more = 1, 2, 8, 9, 0
    sessions = [
        ws_frame(text, b"guest") + ws_frame(text, b"") + ws_frame(text, b"who\nfinger\n"),
        ws_frame(text, b"tell 53 hello", b"\x12\x34\x56\x78") + ws_frame(ping, b"hi")
        + ws_frame(text, b"e4", b"\xff\x00\xff\x00") + ws_frame(close, b"\x03\xe8"),
        ws_frame(text, b"set style 12\r\n", fin=False) + ws_frame(more, b"match bob"),
        ws_frame(binary, LOGINS[5]) + ws_frame(binary, LOGINS[6], b"\x01\x02\x03\x04"),
        ws_frame(text, b"x" * 1100) + ws_frame(text, b"who"),
        ws_frame(text, b"\xc3\xa9t\xc3\xa9"),
        ws_frame(text, b"\xff\xfe"),
        ws_frame(binary, b"y" * 70000)[:300],  # past the limit: refused at its header
    ]
    for i, frames in enumerate(sessions):
        for head in (0x00, 0x01, 0x42, 0xC3):
            write("websocket", f"s{i}-{head:02x}", bytes([head]) + frames)


main()
