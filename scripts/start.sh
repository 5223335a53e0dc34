#!/usr/bin/env bash
# `npm start`: everything for one machine. Plain shell first, because node_modules may not exist yet.
set -euo pipefail
cd "$(dirname "$0")/.."
# Next.js would otherwise try to send anonymous telemetry off the machine.
export NEXT_TELEMETRY_DISABLED=1
# A second start on a DATA_DIR in use stops before `npm ci` replaces the node_modules the running
# server loads from (scripts/check-data-dir.ts; status 3). Without node_modules no server runs from
# this directory, and scripts/start.ts checks again before it builds.
if [ -f node_modules/tsx/package.json ]; then
  status=0
  node --import tsx scripts/check-data-dir.ts || status=$?
  if [ "$status" = 3 ]; then exit 1; fi
fi
bash scripts/ensure-deps.sh
# The contracts first: the start script imports their generated ABIs; the app its generated font.
echo "› building contracts and fonts"
node --import tsx scripts/build-contracts.ts
node --import tsx scripts/build-fonts.ts
exec node --import tsx scripts/start.ts
