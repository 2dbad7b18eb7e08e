#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-fuzz, libFuzzer) of every fuzz target for
# SECONDS each, one after the other, then the minimisation of each kept
# corpus. Usage:
#
#   scripts/fuzz.sh SECONDS [TARGET...]      (default: every target)
#
# Each target fuzzes from its kept corpus (fuzz/corpus/<target>/, which
# `cargo test` replays through tests/fuzz_corpus.rs) plus fresh seeds from
# fuzz/seed_corpus.py; what libFuzzer finds is added to the kept corpus, and
# `cargo fuzz cmin` then keeps only what adds coverage. A crash stops that
# target and leaves its input in fuzz/artifacts/<target>/: fix the bug,
# put the input in fuzz/regressions/<target>/ (replayed by `cargo test`
# too), and run again. Logs and the summary (execs, exec/s, cov, ft per
# target, for docs/RELIABILITY.md) go to fuzz/logs/.
#
# The machine has the stable toolchain only: RUSTC_BOOTSTRAP=1 lets
# cargo-fuzz pass the nightly flags libFuzzer's instrumentation needs.
# Targets are built without a sanitizer (`-s none`: atomicd has no unsafe
# code, and AddressSanitizer slows every execution) but with debug
# assertions (`-a`: integer overflow panics, as in tests).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ] || ! [[ $1 =~ ^[0-9]+$ ]]; then
    echo "usage: scripts/fuzz.sh SECONDS [TARGET...]" >&2
    exit 2
fi
seconds=$1
shift

# The longest input worth reading, per target: lines are cut at 1 KB by
# the server, so a few of them; a move, a FEN, a formula are short.
declare -A max_len=(
    [telnet]=4096
    [timeseal]=2048
    [command_line]=4096
    [moves]=512
    [formula]=2048
    [fen]=2048
    [pgn]=1024
    [trf]=2048
    [websocket]=8192
)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(telnet timeseal command_line moves formula fen pgn trf websocket)

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: installing cargo-fuzz" >&2
    cargo install cargo-fuzz --locked
fi
export RUSTC_BOOTSTRAP=1
flags=(-s none -a -O)
cargo fuzz build "${flags[@]}"

# The run uses copies of the binaries, so that the sources may change
# (and be rebuilt) while it goes on.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
triple=$(rustc -vV | sed -n 's/^host: //p')
for t in "${targets[@]}"; do
    cp "fuzz/target/$triple/release/$t" "$work/$t"
done
python3 fuzz/seed_corpus.py "$work/seeds" >/dev/null
mkdir -p fuzz/logs
summary=fuzz/logs/summary.md
echo "| target | seconds | execs | exec/s | cov | ft | kept files | kept KiB | kept cov | crashes |" >"$summary"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |" >>"$summary"
failed=()
for t in "${targets[@]}"; do
    len=${max_len[$t]:?unknown target $t}
    corpus=fuzz/corpus/$t
    limits=(-max_len="$len" -rss_limit_mb=2048 -timeout=10)
    mkdir -p "$corpus" "fuzz/artifacts/$t"
    # Seeds join the kept corpus; the minimisation below drops those that
    # add nothing.
    cp -n "$work/seeds/$t"/* "$corpus"/ 2>/dev/null || true
    log=fuzz/logs/$t.log
    echo "fuzz.sh: $t for ${seconds}s" >&2
    crashes=0
    "$work/$t" "$corpus" "${limits[@]}" -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="fuzz/artifacts/$t/" >"$log" 2>&1 || {
        crashes=1
        failed+=("$t")
    }
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    # Minimise: the smallest set of inputs that covers every edge the
    # corpus covers (hit counts aside), so the kept corpus stays small.
    mkdir -p "$work/min-$t"
    "$work/$t" -merge=1 -set_cover_merge=1 -use_counters=0 "${limits[@]}" \
        "$work/min-$t" "$corpus" >"fuzz/logs/$t.cmin.log" 2>&1
    rm -f "$corpus"/*
    cp "$work/min-$t"/* "$corpus"/
    kept=$("$work/$t" "$corpus" "${limits[@]}" -runs=0 2>&1 | grep -oE 'cov: [0-9]+' | tail -1 | cut -d' ' -f2)
    files=$(find "$corpus" -type f | wc -l)
    kib=$(du -sk --apparent-size "$corpus" | cut -f1)
    echo "| $t | $seconds | ${execs:-?} | ${rate:-?} | ${cov:-?} | ${ft:-?} | $files | $kib | ${kept:-?} | $crashes |" >>"$summary"
done
cat "$summary"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: crashes in ${failed[*]}: inputs in fuzz/artifacts/" >&2
    exit 1
fi
