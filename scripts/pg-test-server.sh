#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL server on loopback for the integration tests.
# `start` prints its connection URL.
set -euo pipefail
port="${PG_TEST_PORT:-55432}"
# Per port: `start` first stops whatever runs in its directory, which must be this run's own server.
dir="${PG_TEST_DIR:-/tmp/aurum-pg-test-$port}"
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-}" in
  start)
    [ -f "$dir/PG_VERSION" ] && as_pg "$bin/pg_ctl" -D "$dir" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"; mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    as_pg "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 >/dev/null
    as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
