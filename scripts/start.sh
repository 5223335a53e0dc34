#!/usr/bin/env bash
# `npm start`: everything for one machine. Plain shell first, because node_modules may not exist yet.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
exec node --import tsx scripts/start.ts
