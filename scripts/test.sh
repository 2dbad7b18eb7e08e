#!/usr/bin/env bash
# Runs every test of atomicd. This is the README's test command, and CI
# (.ci/run) runs exactly this script. It first installs what some tests need
# and a fresh machine may lack, then checks formatting and lints, then tests:
#   - python-chess (PyPI): the PGN tests read our PGN with it;
#   - xboard, Xvfb, xdotool, ImageMagick, PyChess and eboard (Debian): the
#     real-client tests run them headless against the server;
#   - chromium and Node.js (Debian) and playwright-core (npm, locked in
#     tests/browser): the browser tests drive the web client with them;
#   - nginx and openssl (Debian): a browser test plays through nginx with
#     TLS in front of the server, configured from contrib/nginx.conf;
#   - Fairy-Stockfish as WebAssembly (npm, locked in engines/, by
#     scripts/engines.sh): the tests of the computer opponents, the
#     analysis and the engine's perft run the real engine.
set -euo pipefail
cd "$(dirname "$0")/.."

# The repository stands alone: nothing it runs may reach outside it, into a
# "shared" folder one level up or to a path that exists on one machine only
# (the /work, /root or /home trees and the like). Paths of Debian packages
# (/usr/games/xboard, /usr/bin/python3) and of the kernel (/proc) are the
# same everywhere and allowed.
outside=$(grep -rnIE --exclude-dir=node_modules '\.\./shared|(^|[^[:alnum:]_.-])/(work|root|home|Users|mnt|media|srv)/' \
    src tests scripts benches examples .ci || true)
if [ -n "$outside" ]; then
    echo "test.sh: these lines reach outside the repository:" >&2
    echo "$outside" >&2
    exit 1
fi

if ! python3 -c "import chess, chess.variant" 2>/dev/null; then
    echo "test.sh: installing python-chess" >&2
    # A Debian python refuses a plain pip install (PEP 668); python-chess is
    # pure Python and touches nothing of the system's, so ask again.
    python3 -m pip install --quiet chess ||
        python3 -m pip install --quiet --break-system-packages chess
fi

missing=()
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb xauth)
command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
command -v import >/dev/null 2>&1 || missing+=(imagemagick)
[ -x /usr/games/xboard ] || missing+=(xboard)
[ -x /usr/games/pychess ] || missing+=(pychess)
[ -x /usr/games/eboard ] || missing+=(eboard)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
if [ ${#missing[@]} -gt 0 ]; then
    echo "test.sh: installing ${missing[*]} (Debian packages for the real-client tests)" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" x11-utils >/dev/null
fi

scripts/engines.sh

cargo fmt --check
cargo clippy --all-targets --quiet -- -D warnings
# tests/fuzz_corpus.rs replays the kept fuzz corpora (fuzz/corpus/); the
# long coverage-guided runs are scripts/fuzz.sh, not part of the tests.
cargo test
# The session tests again over WebSocket (tests/support connects by the
# transport ATOMICD_TEST_TRANSPORT names): the browser's text frames for
# the command, game, observation, seek, talk and reconnection tests; the
# raw binary frames of a websockify bridge for the login tests (which read
# the telnet echo-off bytes) and the timeseal ones. The telnet-only tests
# of bad bytes (core_bad_input) have their WebSocket twins in
# tests/web_bad_input.rs.
ATOMICD_TEST_TRANSPORT=ws cargo test --test core_commands --test games_play \
    --test games_ends --test games_watch --test seeks_ratings --test talk_tells \
    --test talk_channels --test examine_games --test durable_grace --test durable_adjourn
ATOMICD_TEST_TRANSPORT=ws-binary cargo test --test core_login --test clients_timeseal

# The web client: the committed build (web/dist, embedded in the binary)
# must be what web/src gives, then the browser tests (tests/browser: Debian's
# chromium headless through playwright-core, against the real server) run
# with node's test runner. Their screenshots go to target/screenshots/.
scripts/web-build.sh --check
(cd tests/browser && npm ci --no-audit --no-fund --silent)
cargo build --quiet --bin atomicd --example random_uci
node --test tests/browser/
