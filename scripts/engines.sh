#!/usr/bin/env bash
# Installs the chess engine of the computer opponents and the analysis:
# Fairy-Stockfish compiled to WebAssembly (npm package fairy-stockfish-nnue.wasm,
# GPL-3.0), exactly as engines/package-lock.json pins it, into
# engines/node_modules, and checks that it answers UCI and knows atomic.
# It needs Node.js and npm (Debian's nodejs and npm are installed when
# missing). The server never fetches anything: without this the server
# runs, and says that computer play and analysis are not available.
#   scripts/engines.sh           install (a no-op when already installed)
set -euo pipefail
cd "$(dirname "$0")/../engines"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "engines.sh: installing Node.js and npm (Debian packages)" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs npm >/dev/null
fi

if [ ! -d node_modules ] || ! npm ls --silent >/dev/null 2>&1; then
    echo "engines.sh: installing Fairy-Stockfish from engines/package-lock.json" >&2
    npm ci --no-audit --no-fund --silent
fi

# The engine must start, answer `uci` and offer atomic.
answer=$(printf 'uci\nquit\n' | timeout 60 ./fairy-stockfish 2>&1 || true)
if ! grep -q '^uciok' <<<"$answer" || ! grep -q 'var atomic ' <<<"$answer"; then
    echo "engines.sh: engines/fairy-stockfish does not answer as a UCI engine with atomic:" >&2
    echo "$answer" | grep -v '^option' | head -20 >&2
    exit 1
fi
echo "engines.sh: $(grep -m1 '^id name' <<<"$answer" | cut -c9-) ready (engines/fairy-stockfish)"
