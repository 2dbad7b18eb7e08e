#!/usr/bin/env python3
"""Writes the test database of one past schema version with that version's
own binary: accounts through `atomicd user add`, then everything else
through the server over TCP, as players would (tests/data/schema/README.md).

    scripts/schema-fixture.py BINARY VERSION OUT.sqlite3 PORT

VERSION says what the binary can do: 1 accounts and settings; 2 games;
3 ratings (the game is rated); 4 messages and lists; 5 adjournment when a
connection drops; 6 journals; 7 tournaments; 9 computer analysis (the
engine that scripts/engines.sh installs must be there). The server is
stopped with SIGTERM and the WAL checkpointed into OUT, so OUT is one file.
"""

import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

TRAP = ["Nf3", "a6", "Ng5", "a5", "Nxf7"]  # Black's king explodes


class Client:
    def __init__(self, port, name):
        self.name = name
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=20)
        self.buf = b""
        self.expect("login: ")
        self.send(name)
        self.expect("password: ")
        self.send("pw")
        self.expect("fics% ")

    def send(self, line):
        self.sock.sendall(line.encode() + b"\n")

    def expect(self, text):
        want = text.encode()
        while want not in self.buf:
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                raise SystemExit(f"{self.name}: timeout waiting {text!r}: {self.buf[-600:]!r}")
            if not chunk:
                raise SystemExit(f"{self.name}: closed before {text!r}: {self.buf[-2000:]!r}")
            self.buf += chunk
        i = self.buf.index(want) + len(want)
        got, self.buf = self.buf[:i], self.buf[i:]
        return got.decode(errors="replace")

    def command(self, line):
        self.send(line)
        return self.expect("fics% ")

    def drain(self, seconds=0.3):
        self.sock.settimeout(seconds)
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
                self.buf += chunk
        except socket.timeout:
            pass
        self.sock.settimeout(20)
        text, self.buf = self.buf.decode(errors="replace"), b""
        return text

    def close(self):
        self.sock.close()


def play(white, black, moves):
    for i, mv in enumerate(moves):
        mover, other = (white, black) if i % 2 == 0 else (black, white)
        reply = mover.command(mv)
        assert "Illegal" not in reply, reply
        other.expect("fics% ")


def start(white, black, terms):
    issued = white.command(f"match {black.name} {terms} white")
    assert "Issuing" in issued, issued
    black.expect('"accept"')
    black.expect("fics% ")
    black.command("accept")
    time.sleep(0.3)
    white.drain()
    black.drain()


def analyse(alice):
    """Alice asks for the computer analysis of her game with Bob and waits
    until its report shows (the engine may still be starting at first)."""
    deadline = time.time() + 120
    seen = ""
    while "Computer analysis of game" not in seen:
        assert time.time() < deadline, seen
        alice.send("analyse")
        time.sleep(1)
        seen = alice.drain()
        assert "Illegal" not in seen and "no game" not in seen, seen


def main():
    binary, version, out, port = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    if os.path.exists(out):
        raise SystemExit(f"{out} exists")
    work = tempfile.mkdtemp()
    config = os.path.join(work, "config.toml")
    with open(config, "w") as f:
        if version >= 7:
            f.write("tourney_countdown_seconds = 0.2\n")
        if version >= 9:
            # This tree's engine (scripts/engines.sh), a tenth of a second
            # a position.
            engine = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                  "..", "engines", "fairy-stockfish")
            f.write(f'engine = "{os.path.abspath(engine)}"\n')
            f.write("[analysis]\nms_per_ply = 100\n")
    base = [binary, "--config", config, "--db", out]
    for name in ["Alice", "Bob", "Carol", "Dave", "Boss"]:
        flags = ["--td"] if name == "Boss" else []
        subprocess.run(base + ["user", "add", name, "--password-stdin"] + flags,
                       input=b"pw\n", check=True)
    listen = ["--listen", f"127.0.0.1:{port}"]
    if version >= 8:
        # The web port too (its default, 8080, may be taken on a shared machine).
        listen += ["--web-listen", f"127.0.0.1:{port + 1}"]
    server = subprocess.Popen(base + listen, cwd=work,
                              stderr=subprocess.PIPE, text=True)
    log = []
    for line in server.stderr:
        log.append(line)
        if "listening" in line:
            break
    # The log is read on to the end: a server whose stderr pipe is full
    # blocks on its next line (the analysis logs a few).
    threading.Thread(target=lambda: log.extend(server.stderr), daemon=True).start()

    alice, bob = Client(port, "Alice"), Client(port, "Bob")
    alice.command("set bell 0")
    alice.command("alias gg say good game")
    if version >= 2:
        start(alice, bob, "3 0 rated" if version >= 3 else "3 0")
        play(alice, bob, TRAP)
        time.sleep(0.3)
        alice.drain()
        bob.drain()
    if version >= 9:
        analyse(alice)
    if version >= 4:
        alice.command("message Bob See you at the Cup.")
        alice.command("+notify Bob")
    if version >= 6:
        saved = alice.command("jsave A alice 0")
        assert "saved in slot A" in saved, saved
    if version >= 2:
        carol, dave = Client(port, "Carol"), Client(port, "Dave")
        start(carol, dave, "5 0")
        play(carol, dave, ["e4", "e5", "Nf3"])
        if version >= 5:
            dave.close()
            carol.expect("game adjourned")
        carol.close()
    if version >= 7:
        boss = Client(port, "Boss")
        made = boss.command("tourney create Cup rr 1 0")
        assert "created" in made, made
        for c in (alice, bob):
            c.command("tourney join 1")
        boss.command("tourney start 1")
        seen = ""
        deadline = time.time() + 60
        while 'is over.' not in seen:
            assert time.time() < deadline, seen
            for c in (alice, bob):
                text = c.drain(0.1)
                seen += text
                for line in text.splitlines():
                    words = line.split()
                    if line.startswith("Creating: ") and len(words) > 3 and words[3] == c.name:
                        c.send("resign")
        boss.close()
    alice.close()
    bob.close()
    time.sleep(0.5)
    server.terminate()
    server.wait(timeout=30)
    assert server.returncode == 0, server.returncode
    # One file: what the WAL holds goes into the database.
    db = sqlite3.connect(out)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    version_written = db.execute("PRAGMA user_version").fetchone()[0]
    db.close()
    for extra in (out + "-wal", out + "-shm"):
        if os.path.exists(extra) and os.path.getsize(extra) == 0:
            os.remove(extra)
    print(f"{out}: user_version {version_written}")


if __name__ == "__main__":
    main()
