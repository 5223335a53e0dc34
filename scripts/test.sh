#!/usr/bin/env bash
# `npm test`: installs what is missing (npm packages, Debian chromium and PostgreSQL), then lint,
# typecheck, unit, integration (on PGlite, then on a real PostgreSQL server), the scale-out recipe
# end to end and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# Next.js would otherwise try to send anonymous telemetry off the machine.
export NEXT_TELEMETRY_DISABLED=1
# Its two builds start from a clean tree and are never rebuilt: no Turbopack build cache (next.config.ts).
export NEXT_BUILD_CACHE=0
export CI="${CI:-}"
started=$(date +%s)
phase() { echo; echo "━━ $1 ($(( $(date +%s) - started )) s)"; }

phase "dependencies (npm and Debian packages side by side)"
# apt (~25 s on a fresh machine) waits on the network and dpkg while npm ci (~65 s) works; run together.
apt_log=$(mktemp)
bash scripts/ensure-system-deps.sh >"$apt_log" 2>&1 &
apt_pid=$!
bash scripts/ensure-deps.sh
apt_rc=0
wait "$apt_pid" || apt_rc=$?
cat "$apt_log"; rm -f "$apt_log"
[ "$apt_rc" -eq 0 ] || { echo "installing the Debian packages failed"; exit "$apt_rc"; }

# The servers this run starts listen on ports free now, not on fixed defaults: another server on
# this machine (an `npm start` on 3000, a chain on 8545, a second checkout's test run) neither breaks
# the run nor is mistaken for its own (Playwright reuses a server it finds on its port outside CI).
# Each can still be set in the environment. Picked as the tests pick theirs (test/ports.ts), three in
# one process, each held until the last is found, so no two are the same.
read -r pg_port web_port chain_port < <(node --import tsx -e '
  import("./test/ports.ts").then(async ({ freePorts }) => console.log(...(await freePorts(3))));
')
[ -n "${chain_port:-}" ] || { echo "could not pick free ports"; exit 1; }
export PG_TEST_PORT="${PG_TEST_PORT:-$pg_port}"
export E2E_PORT="${E2E_PORT:-$web_port}"
export E2E_ANVIL_PORT="${E2E_ANVIL_PORT:-$chain_port}"
echo "› ports: PostgreSQL $PG_TEST_PORT, web $E2E_PORT, chain $E2E_ANVIL_PORT"

phase "contracts and fonts build"
node --import tsx scripts/build-contracts.ts
node --import tsx scripts/build-fonts.ts

# The typecheck is TypeScript 7's native compiler (devDependency `typescript-native`): 16 s where
# TypeScript 5.9's tsc took 58 s. TypeScript 5.9 stays the `typescript` package, because Next.js,
# dependency-cruiser and knip load its JavaScript API, which TypeScript 7 no longer has. The check runs
# beside the other three, its output held until they are done; a failure of any of them fails the run.
phase "typecheck (TypeScript 7), beside lint, boundaries and unused code"
tsc_log=$(mktemp)
node_modules/typescript-native/bin/tsc --noEmit >"$tsc_log" 2>&1 &
tsc_pid=$!
trap 'kill "$tsc_pid" 2>/dev/null || true' EXIT

phase "lint (biome)"
npx biome check --error-on-warnings .

phase "boundaries (dependency-cruiser)"
npx depcruise src --config .dependency-cruiser.cjs

phase "unused code (knip)"
npx knip

phase "typecheck: waiting for its result"
tsc_rc=0
wait "$tsc_pid" || tsc_rc=$?
trap - EXIT
cat "$tsc_log"; rm -f "$tsc_log"
[ "$tsc_rc" -eq 0 ] || { echo "typecheck failed"; exit "$tsc_rc"; }

phase "unit tests"
npx vitest run --project unit

phase "integration tests on PGlite"
npx vitest run --project integration

phase "integration tests on PostgreSQL"
PG_URL=$(bash scripts/pg-test-server.sh start)
trap 'bash scripts/pg-test-server.sh stop >/dev/null 2>&1 || true' EXIT
# Only the suites that touch the database; the chain-only suites already ran above.
TEST_DATABASE_URL="$PG_URL" npx vitest run --project integration --exclude "contracts/**"
bash scripts/pg-test-server.sh stop
trap - EXIT

phase "app build (next build)"
node node_modules/next/dist/bin/next build

phase "scale-out recipe (PostgreSQL, two web processes, one worker; README \"Running at scale\")"
node --import tsx test/scale-out.ts

phase "browser tests (playwright, Debian chromium)"
npx playwright test

phase "WalletConnect plug-in: its own build and browser tests (docs/wallet-modal.md)"
# The plug-in exists only in a build made with a project id; the relay is never reached (a fake provider).
WC_ENV=(NEXT_DIST_DIR=.next-wc WALLETCONNECT_PROJECT_ID=0123456789abcdef0123456789abcdef)
env "${WC_ENV[@]}" node node_modules/next/dist/bin/next build
# Its own output folder: the main run's test-results (traces of any failed or retried test) stay readable.
env "${WC_ENV[@]}" npx playwright test --output test-results-walletconnect \
  e2e/wallet-modal-walletconnect.spec.ts e2e/wallet-modal-bundle.spec.ts

phase "done"
