#!/usr/bin/python3
"""PyChess's own FICS code, without its windows, as a player of one game.

    pychess_client.py HOST PORT [--login guest|NAME|NAME:PASSWORD]
                      [--seek "2 12 u atomic"] [--timeout SECONDS] [--log FILE]
                      [--command "set lang fr" ...]

Part of atomicd's real-client tests (tests/clients_real.rs). It runs the
`pychess.ic` package of Debian's `pychess` (the code the PyChess GUI uses to
talk to a FICS server: its login, block mode, seek, board and game-end
parsing) from a script: it logs in, posts a seek, waits until PyChess
itself recognises the game start, and then answers every board where it is
to move with a legal move from PyChess's own atomic move generator, until
PyChess reports the end of the game.

It prints one `PYCHESS ...` line per event (`game_created ...`,
`sent move=...`, `game_ended result=R reason=...`), then one PASS/FAIL line
per check and `RESULT: PASS` or `RESULT: FAIL`; the exit status is 0 on a
pass. `--log` keeps PyChess's own debug log (every command it sends, every
line it read and did not match).

Run it with Debian's /usr/bin/python3, where pychess and its GObject
bindings live; under xvfb-run, as PyChess's modules want a display.
"""
import argparse
import asyncio
import logging
import random
import sys
import time

import gi

gi.require_version("Gtk", "3.0")

from pychess.ic.FICSConnection import FICSMainConnection  # noqa: E402
from pychess.System.Log import log as pychess_log  # noqa: E402
from pychess.Utils import const  # noqa: E402


def say(event):
    print("PYCHESS %s %s" % (time.strftime("%H:%M:%S"), event), flush=True)


def legal_moves(fen, variant):
    """Every legal move of the side to move, as PyChess writes them (e2e4)."""
    from pychess.Utils.Move import Move
    from pychess.Utils.logic import validate
    from pychess.Utils.lutils.lmove import toAN
    from pychess.Utils.lutils.lmovegen import genAllMoves
    from pychess.Variants import variants

    board = variants[variant](setup=fen)
    return [toAN(board.board, m) for m in genAllMoves(board.board)
            if validate(board, Move(m))]


class Player:
    """One PyChess connection playing one game."""

    def __init__(self, args):
        self.args = args
        name, _, password = args.login.partition(":")
        self.conn = FICSMainConnection(args.host, [args.port], False, name, password)
        self.error = None
        self.game = None
        self.colour = None
        self.atomic = False
        self.sent = 0
        self.boards = 0
        self.end = None
        self.rng = random.Random(17)

    def move(self, fen):
        moves = legal_moves(fen, self.game.game_type.variant_type)
        if not moves:
            say("no legal move in %s" % fen)
            return
        mv = self.rng.choice(moves)
        self.conn.bm.sendMove(mv)
        self.sent += 1
        say("sent move=%s (%d legal)" % (mv, len(moves)))

    async def follow(self):
        """Answers each board (a move of the game) where it is to move."""
        while True:
            _gameno, ply, to_move, last, fen, *_ = await self.game.move_queue.get()
            self.boards += 1
            say("board ply=%s last=%s fen=%s" % (ply, last, fen))
            if to_move == self.colour and self.end is None:
                self.move(fen)

    def created(self, _bm, game):
        self.game = game
        me = self.conn.getUsername()
        self.colour = const.WHITE if game.wplayer.name == me else const.BLACK
        self.atomic = game.game_type.variant_type == const.ATOMICCHESS
        say("game_created no=%s white=%s black=%s type=%s me=%s" % (
            game.gameno, game.wplayer.name, game.bplayer.name,
            game.game_type.fics_name,
            "white" if self.colour == const.WHITE else "black"))
        asyncio.ensure_future(self.follow())
        if self.colour == const.WHITE:
            self.move(game.board.fen)

    def ended(self, _bm, game):
        result = const.reprResult[game.result] if isinstance(game.result, int) else game.result
        names = [n for n in dir(const)
                 if n.startswith(("WON_", "DRAW_", "ABORTED_", "ADJOURNED_", "UNKNOWN_"))
                 and getattr(const, n) == game.reason]
        self.end = (result, "/".join(names) or str(game.reason))
        say("game_ended result=%s reason=%s" % self.end)

    async def run(self):
        self.conn.connect("error", lambda _c, e: setattr(self, "error", e))
        login = asyncio.ensure_future(self.conn.start())
        deadline = time.time() + self.args.timeout
        while not self.conn.isConnected() and self.error is None and not login.done():
            if time.time() > deadline:
                break
            await asyncio.sleep(0.1)
        if not self.conn.isConnected():
            say("login FAILED error=%r" % (self.error,))
            return
        say("logged_in as=%s" % self.conn.getUsername())
        self.conn.bm.connect("playGameCreated", self.created)
        self.conn.bm.connect("curGameEnded", self.ended)
        for command in self.args.command:
            self.conn.client.run_command(command)
            say("command_sent %s" % command)
        self.conn.client.run_command("seek " + self.args.seek)
        say("seek_sent %s" % self.args.seek)
        while time.time() < deadline and self.error is None and self.end is None:
            await asyncio.sleep(0.2)
        self.conn.close()
        login.cancel()

    def checks(self):
        return [
            ("logged in", self.error is None and self.game is not None),
            ("game created and recognised as atomic", self.atomic),
            ("sent >= 1 legal move", self.sent >= 1),
            ("server echoed boards", self.boards >= 1),
            ("game end recognised", self.end is not None),
        ]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("host")
    ap.add_argument("port", type=int)
    ap.add_argument("--login", default="guest")
    ap.add_argument("--seek", default="2 12 u atomic")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--log")
    ap.add_argument("--command", action="append", default=[],
                    help="a command to send after login, before the seek (repeatable)")
    args = ap.parse_args()
    if args.log:
        handler = logging.FileHandler(args.log)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        logger = getattr(pychess_log, "logger", logging.getLogger())
        logger.addHandler(handler)
        logger.setLevel(logging.DEBUG)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    player = Player(args)
    loop.run_until_complete(player.run())
    checks = player.checks()
    for name, ok in checks:
        print("%s %s" % ("PASS" if ok else "FAIL", name))
    passed = all(ok for _, ok in checks)
    print("RESULT: %s" % ("PASS" if passed else "FAIL"))
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
