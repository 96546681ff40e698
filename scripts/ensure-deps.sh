#!/bin/sh
# Installs the npm dependencies when node_modules is missing or stale (a package.json or the
# lockfile changed since the last install). Runs on whatever Node/npm the machine has; the
# scripts themselves then run on the Node 24 that the `node` dev dependency installs.
set -e
cd "$(dirname "$0")/.."
stamp=node_modules/.latch-install-stamp
want=$(cat package-lock.json package.json apps/*/package.json packages/*/package.json e2e/package.json | sha256sum | cut -d' ' -f1)
if [ -x node_modules/.bin/node ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
echo "latch: installing npm dependencies (node_modules missing or out of date)..."
# `npm install --no-save` follows the lockfile without rewriting it. (`npm ci` refuses this
# lockfile on registry mirrors that lack other platforms' optional binaries, e.g. Biome's.)
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-save --no-audit --no-fund --loglevel=error
echo "$want" > "$stamp"
