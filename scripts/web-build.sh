#!/usr/bin/env bash
# Rebuilds the browser client (web/src → web/dist) from the locked npm
# packages. web/dist is committed and embedded in the binary, so that
# `cargo run` needs no Node.js; run this after changing web/src.
#   scripts/web-build.sh           rebuild web/dist
#   scripts/web-build.sh --check   rebuild into a temporary folder and fail
#                                  if web/dist is not what the sources give
set -euo pipefail
cd "$(dirname "$0")/../web"
if [ ! -d node_modules ] || ! npm ls --silent >/dev/null 2>&1; then
    npm ci --no-audit --no-fund --silent
fi
if [ "${1:-}" = "--check" ]; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    node build.mjs "$out"
    if ! diff -r "$out" dist >/dev/null; then
        echo "web-build.sh: web/dist is not the build of web/src; run scripts/web-build.sh and commit web/dist" >&2
        diff -rq "$out" dist >&2 || true
        exit 1
    fi
    echo "web-build.sh: web/dist matches its sources"
else
    node build.mjs
fi
