#!/usr/bin/env python3
"""Measures what the computer opponents and the computer analysis cost
(docs/PERFORMANCE.md, "Computer opponents and analysis"), with the real
engine (scripts/engines.sh) and a release server on 127.0.0.1:PORT with a
fresh database. Prints one line of JSON per figure, with the load average
of the machine beside it (`uptime`): other engineers build on it.

    scripts/house-perf.py BINARY PORT [IDLE_SECONDS]

1. idle: the eight house bots of config.toml logged in and waiting, for
   IDLE_SECONDS (60): CPU of the server and of every child it has, from
   /proc (utime + stime, children's included);
2. game: the player Perf (random legal moves, python-chess) plays the
   level-1 bot, then the level-8 bot, at 3+0: CPU of the server and its
   engine for the whole game, wall time, plies;
3. analysis: Perf asks for the analysis of the level-1 game, the longer
   (1,000 ms a position, one thread): positions per second of wall time,
   and CPU. A one-sided game has many positions where the engine sees the
   mate at once and stops early, so also:
4. analysis of a real game: Perf and Partner replay the first FICS game of
   tests/data/atomic/fics-atomic-games-2005.pgn move by move (the loser
   resigns where the record ends), and Perf asks for its analysis.
"""

import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time

import chess
import chess.variant

TICK = os.sysconf("SC_CLK_TCK")


def cpu_of(pid):
    """CPU seconds of pid and of its children (waited for, and alive)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    # After ")": state is fields[0]; utime, stime, cutime, cstime are 11-14.
    total = sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICK
    for child in children(pid):
        total += cpu_of(child)
    return total


def children(pid):
    out = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out += [int(c) for c in f.read().split()]
        except FileNotFoundError:
            pass
    return out


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


class Client:
    def __init__(self, port, name, password=None):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=120)
        self.buf = b""
        self.expect("login: ")
        self.send(name)
        if password is None:
            self.expect("Press return")
            self.send("")
        else:
            self.expect("password: ")
            self.send(password)
        self.expect("fics% ")
        self.command("set bell 0")
        self.command("set style 12")

    def send(self, line):
        self.sock.sendall(line.encode() + b"\n")

    def expect(self, text):
        want = text.encode()
        while want not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise SystemExit(f"closed before {text!r}: {self.buf[-2000:]!r}")
            self.buf += chunk
        i = self.buf.index(want) + len(want)
        got, self.buf = self.buf[:i], self.buf[i:]
        return got.decode(errors="replace")

    def command(self, line):
        self.send(line)
        return self.expect("fics% ")


def fen_of(fields):
    """The FEN of a style-12 board's fields (after `<12>`)."""
    ranks = []
    for row in fields[0:8]:
        rank, empty = "", 0
        for c in row:
            if c == "-":
                empty += 1
            else:
                rank += (str(empty) if empty else "") + c
                empty = 0
        ranks.append(rank + (str(empty) if empty else ""))
    castling = "".join(c for c, on in zip("KQkq", fields[10:14]) if on == "1") or "-"
    return f"{'/'.join(ranks)} {fields[8].lower()} {castling} - 0 1"


def play(me, bot, seed):
    """Random legal moves against `bot` until the game ends: plies, result."""
    rng = random.Random(seed)
    issued = me.command(f"match {bot} 3 0 unrated white")
    assert "Issuing" in issued, issued
    plies = 0
    while True:
        text = me.expect("fics% ")
        for line in text.splitlines():
            if line.startswith("{Game ") and "Creating" not in line and not line.endswith("match.}"):
                return plies, line
            if not line.startswith("<12> "):
                continue
            fields = line.split()[1:]
            plies = max(plies, 2 * (int(fields[25]) - 1) + (fields[8] == "B"))
            if fields[18] != "1":
                continue
            board = chess.variant.AtomicBoard(fen_of(fields))
            moves = list(board.legal_moves)
            if moves:
                me.send(rng.choice(moves).uci())


def replay_real_game(port, repo, me):
    """Plays the first recorded FICS game as Perf (White) and Partner."""
    import chess.pgn
    with open(os.path.join(repo, "tests/data/atomic/fics-atomic-games-2005.pgn")) as f:
        record = chess.pgn.read_game(f)
    sans = []
    board = record.board()
    for mv in record.mainline_moves():
        sans.append(board.san(mv))
        board.push(mv)
    other = Client(port, "Partner", "pw")
    issued = me.command("match Partner 0 0 unrated white")
    assert "Issuing" in issued, issued
    other.expect("accept")
    other.expect("fics% ")
    other.command("accept")
    time.sleep(0.5)
    for i, san in enumerate(sans):
        mover = me if i % 2 == 0 else other
        reply = mover.command(san)
        assert "Illegal" not in reply, (san, reply)
        time.sleep(0.05)
    if not board.is_game_over():
        loser = me if record.headers["Result"] == "0-1" else other
        loser.command("resign")
    time.sleep(0.5)
    return len(sans)


def main():
    binary, port = os.path.abspath(sys.argv[1]), int(sys.argv[2])
    idle_secs = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    work = tempfile.mkdtemp()
    with open(os.path.join(repo, "config.toml")) as f:
        config = f.read().replace(
            'engine = "engines/fairy-stockfish"',
            f'engine = "{repo}/engines/fairy-stockfish"',
        )
    path = os.path.join(work, "config.toml")
    with open(path, "w") as f:
        f.write(config)
    db = os.path.join(work, "perf.sqlite3")
    base = [binary, "--config", path, "--db", db]
    for name in ["Perf", "Partner"]:
        subprocess.run(base + ["user", "add", name, "--password-stdin"], input=b"pw\n",
                       check=True, stdout=subprocess.DEVNULL)
    log = open(os.path.join(work, "server.log"), "w")
    server = subprocess.Popen(base + ["--listen", f"127.0.0.1:{port}", "--web-listen", ""],
                              cwd=work, stderr=log)
    try:
        time.sleep(1)
        me = Client(port, "Perf", "pw")
        deadline = time.time() + 60
        while me.command("bots").count(" free") < 8:
            assert time.time() < deadline, "the house bots did not log in"
            time.sleep(0.5)
        # The probe's engine has quit; the bots wait without one.
        time.sleep(2)
        before, t0 = cpu_of(server.pid), time.time()
        time.sleep(idle_secs)
        spent, wall = cpu_of(server.pid) - before, time.time() - t0
        print(json.dumps({
            "figure": "idle house bots", "bots": 8, "seconds": round(wall, 1),
            "cpu_seconds": round(spent, 3), "cpu_percent": round(100 * spent / wall, 3),
            "engine_processes": len(children(server.pid)), "load": load_average(),
        }), flush=True)

        for level, bot in [(1, "FairyOne"), (8, "FairyEight")]:
            before, t0 = cpu_of(server.pid), time.time()
            plies, end = play(me, bot, seed=level)
            # The engine quits engine_idle_seconds (10) after the game; its
            # CPU then counts among the server's waited-for children.
            while children(server.pid):
                time.sleep(0.5)
            spent, wall = cpu_of(server.pid) - before, time.time() - t0
            print(json.dumps({
                "figure": "one game", "level": level, "time_control": "3+0", "plies": plies,
                "end": end, "wall_seconds": round(wall, 1), "cpu_seconds": round(spent, 2),
                "load": load_average(),
            }), flush=True)

        # The longer game: Perf's first, the level-1 one.
        before, t0 = cpu_of(server.pid), time.time()
        queued = me.command("analyse Perf 0")
        assert "queued" in queued, queued
        me.expect("is ready")
        me.expect("fics% ")
        spent, wall = cpu_of(server.pid) - before, time.time() - t0
        shown = me.command("analyse Perf 0")
        positions = sum(1 for l in shown.splitlines() if l.startswith("  "))
        print(json.dumps({
            "figure": "analysis", "positions": positions,
            "ms_per_ply": 1000, "threads": 1, "wall_seconds": round(wall, 1),
            "positions_per_second": round(positions / wall, 3),
            "cpu_seconds": round(spent, 2), "load": load_average(),
        }), flush=True)

        plies = replay_real_game(port, repo, me)
        me.buf = b""
        time.sleep(1)
        me.sock.settimeout(0.5)
        try:
            while me.sock.recv(65536):
                pass
        except socket.timeout:
            pass
        me.sock.settimeout(600)
        before, t0 = cpu_of(server.pid), time.time()
        queued = me.command("analyse")
        assert "queued" in queued, queued
        me.expect("is ready")
        me.expect("fics% ")
        spent, wall = cpu_of(server.pid) - before, time.time() - t0
        print(json.dumps({
            "figure": "analysis of a real game", "game": "fics-atomic-games-2005.pgn #1",
            "positions": plies + 1, "ms_per_ply": 1000, "threads": 1,
            "wall_seconds": round(wall, 1), "positions_per_second": round((plies + 1) / wall, 3),
            "cpu_seconds": round(spent, 2), "load": load_average(),
        }), flush=True)
    finally:
        server.terminate()
        server.wait(timeout=60)


if __name__ == "__main__":
    main()
