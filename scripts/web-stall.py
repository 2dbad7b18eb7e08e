#!/usr/bin/env python3
"""Holds many HTTP connections open on a web port the way an attacker
would, and reports when the server closed each.

Three kinds, in turn across the source addresses (127.0.0.2 and up, so
that a client on 127.0.0.1 is "another address"):

  silent     connects and sends nothing;
  slowloris  sends "GET / HTTP/1.1" and then one header byte every 2 s;
  idle       sends one whole request, reads the answer, and stays quiet
             on the kept-alive connection.

Prints one line of JSON: for each kind, how many were opened, how many
the server closed within --wait seconds, and the seconds after which it
closed them (min, median, max; for "idle", counted from the end of the
answer). Used by `scripts/perf.sh stall`; docs/RELIABILITY.md has the
figures.
"""

import argparse
import asyncio
import json
import statistics
import sys
import time


async def hold(kind, host, port, source, wait, drip, results, opened):
    try:
        reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
    except OSError as e:
        results[kind]["refused"] += 1
        opened.release()
        return
    results[kind]["opened"] += 1
    start = time.monotonic()
    closed_at = None
    try:
        if kind == "idle":
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            await writer.drain()
            got = b""
            while not got.endswith(b"ok\n"):
                chunk = await asyncio.wait_for(reader.read(4096), wait)
                if not chunk:
                    break
                got += chunk
            start = time.monotonic()
        elif kind == "slowloris":
            writer.write(b"GET / HTTP/1.1\r\n")
            await writer.drain()
        opened.release()
        deadline = start + wait
        while time.monotonic() < deadline:
            step = drip if kind == "slowloris" else deadline - time.monotonic()
            try:
                chunk = await asyncio.wait_for(reader.read(4096), max(0.01, step))
            except asyncio.TimeoutError:
                if kind == "slowloris":
                    writer.write(b"X")
                    await writer.drain()
                continue
            if not chunk:
                closed_at = time.monotonic()
                break
    except (ConnectionError, OSError):
        closed_at = time.monotonic()
    finally:
        writer.close()
    if closed_at is not None:
        results[kind]["closed_after"].append(closed_at - start)


async def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--web", default="127.0.0.1:8080")
    p.add_argument("--connections", type=int, default=2000)
    p.add_argument("--sources", type=int, default=4, help="source addresses 127.0.0.2 and up")
    p.add_argument("--kinds", default="silent,slowloris,idle")
    p.add_argument("--wait", type=float, default=90.0, help="seconds to wait for the closes")
    p.add_argument("--drip", type=float, default=2.0, help="seconds between slowloris bytes")
    a = p.parse_args()
    host, port = a.web.rsplit(":", 1)
    kinds = a.kinds.split(",")
    results = {k: {"opened": 0, "refused": 0, "closed_after": []} for k in kinds}
    opened = asyncio.Semaphore(0)
    tasks = []
    for i in range(a.connections):
        kind = kinds[i % len(kinds)]
        source = f"127.0.0.{2 + i % a.sources}"
        tasks.append(asyncio.create_task(hold(kind, host, int(port), source, a.wait, a.drip, results, opened)))
        if i % 100 == 99:
            await asyncio.sleep(0.01)
    for _ in range(a.connections):
        await opened.acquire()
    print(f"web-stall: {a.connections} connections open", file=sys.stderr, flush=True)
    await asyncio.gather(*tasks)
    report = {}
    for kind, r in results.items():
        after = sorted(r["closed_after"])
        report[kind] = {
            "opened": r["opened"],
            "refused": r["refused"],
            "closed": len(after),
            "closed_after_s": None
            if not after
            else {
                "min": round(after[0], 2),
                "median": round(statistics.median(after), 2),
                "max": round(after[-1], 2),
            },
        }
    print(json.dumps(report))


asyncio.run(main())
