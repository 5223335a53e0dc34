#!/usr/bin/env bash
# Installs the npm dependencies when node_modules is missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› installing npm dependencies (npm ci)"
  # The registry mirror this project is built against lacks some other-platform optional packages
  # (e.g. Biome's win32 binaries at our pinned version), so the lockfile cannot list them and `npm ci`
  # refuses it as "out of sync". `npm install` then installs exactly the locked versions for this platform.
  if ! npm ci --no-audit --no-fund --loglevel=error 2>/tmp/aurum-npm-ci.log; then
    echo "› npm ci refused the lockfile (see /tmp/aurum-npm-ci.log); installing the locked versions with npm install"
    npm install --no-audit --no-fund --loglevel=error
  fi
fi
