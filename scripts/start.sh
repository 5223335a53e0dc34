#!/usr/bin/env bash
# `npm start`: everything for one machine. Plain shell first, because node_modules may not exist yet.
set -euo pipefail
cd "$(dirname "$0")/.."
# Next.js would otherwise try to send anonymous telemetry off the machine.
export NEXT_TELEMETRY_DISABLED=1
bash scripts/ensure-deps.sh
# The contracts first: the start script imports their generated ABIs; the app its generated font.
echo "› building contracts and fonts"
node --import tsx scripts/build-contracts.ts
node --import tsx scripts/build-fonts.ts
exec node --import tsx scripts/start.ts
