#!/usr/bin/env python3
"""What the store did between two scrapes of /metrics (the Prometheus text
of `atomicd serve`): commits, jobs and moves, commits per relayed ply, the
time of a transaction and the wait of a board, from the histograms'
buckets (an upper bound: the bucket a percentile falls in) and their means.

    scripts/metrics-delta.py before.txt after.txt
"""
import re
import sys


def read(path):
    values = {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        m = re.match(r"([a-z_]+)(\{[^}]*\})?\s+([-+0-9.eE]+|NaN|\+Inf)$", line.strip())
        if m:
            values[(m.group(1), m.group(2) or "")] = float(m.group(3))
    return values


before, after = read(sys.argv[1]), read(sys.argv[2])


def delta(name, labels=""):
    return after.get((name, labels), 0.0) - before.get((name, labels), 0.0)


def histogram(name):
    """(count, sum, [(le, cumulative count)]) of the difference."""
    buckets = sorted(
        (float(l[5:-2]) if "Inf" not in l else float("inf"), delta(n, l))
        for (n, l) in after
        if n == name + "_bucket"
    )
    return delta(name + "_count"), delta(name + "_sum"), buckets


def percentile(buckets, count, q):
    for le, c in buckets:
        if c >= q * count:
            return le
    return float("inf")


def line(name, label):
    count, total, buckets = histogram(name)
    if not count:
        return "%-22s n/a" % label
    p = lambda q: percentile(buckets, count, q) * 1e3
    over = count - max((c for le, c in buckets if le <= 0.001), default=0)
    return "%-22s n %d, mean %.3f ms, p50 <= %.2f ms, p99 <= %.2f ms, p99.9 <= %.2f ms, over 1 ms: %d" % (
        label, count, total / count * 1e3, p(0.5), p(0.99), p(0.999), over)


moves = delta("atomicd_moves_relayed_total")
commits = delta("atomicd_store_commit_seconds_count")
jobs = delta("atomicd_store_jobs_total")
print("plies relayed %d, commits %d (%.3f a ply), jobs %d (%.2f a commit)" % (
    moves, commits, commits / moves if moves else 0, jobs, jobs / commits if commits else 0))
print(line("atomicd_store_commit_seconds", "transaction"))
count, total, buckets = histogram("atomicd_board_wait_seconds")
at_once = delta("atomicd_boards_committed_at_once_total")
boards = count + at_once
if boards:
    print("boards %d: %d committed when written (%.1f %%), %d waited; mean wait over all boards %.3f ms" % (
        boards, at_once, 100 * at_once / boards, count, total / boards * 1e3))
print(line("atomicd_board_wait_seconds", "wait of those waiting"))
print(line("atomicd_relay_latency_seconds", "relay (server side)"))
unconfirmed = delta("atomicd_boards_unconfirmed_total")
if unconfirmed:
    print("boards written unconfirmed: %d" % unconfirmed)
