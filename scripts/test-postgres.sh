#!/usr/bin/env bash
# Runs a command (default: npm test) with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster: a temp data
# dir, initdb and pg_ctl (as the `postgres` user when we are root: the server refuses to run as root), loopback only,
# a free port; stopped and deleted when the command ends, also on failure or Ctrl-C. Missing binaries are installed
# with `apt-get install -y postgresql` when we are root. If no PostgreSQL can be had, it says why and runs the
# command without one: the suite then covers SQLite and PGlite only, and CI stays green.
#
#   scripts/test-postgres.sh [command…]      e.g. scripts/test-postgres.sh npx vitest run test/db
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 0 ] && set -- npm test

say() { echo "test-postgres: $*" >&2; }
without() {
  say "no PostgreSQL for this run: $1; running without TEST_DATABASE_URL"
  shift # the rest is the command
  exec "$@"
}

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
BIN="$(find_bin)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    say "PostgreSQL binaries missing: apt-get install -y postgresql"
    (DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >/dev/null 2>&1 ||
      { apt-get update >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >/dev/null 2>&1; })
    BIN="$(find_bin)"
  fi
fi
[ -n "$BIN" ] && [ -x "$BIN/initdb" ] || without "initdb not found (and apt-get could not install postgresql)" "$@"

# As root the server must run as another user; otherwise as ourselves.
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || without "running as root and there is no postgres user to run the server as" "$@"
  as_server() { runuser -u postgres -- "$@"; }
else
  as_server() { "$@"; }
fi

DATA="$(mktemp -d "${TMPDIR:-/tmp}/journal-pg.XXXXXX")"
[ "$(id -u)" -eq 0 ] && chown postgres "$DATA"
PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
started=0
cleanup() {
  [ "$started" -eq 1 ] && as_server "$BIN/pg_ctl" -D "$DATA/db" -m fast -w stop >/dev/null 2>&1
  rm -rf "$DATA"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# No fsync: a throwaway cluster for tests, gone when the run ends.
if ! as_server "$BIN/initdb" -D "$DATA/db" -A trust -U postgres -E UTF8 --locale=C.UTF-8 --no-sync >"$DATA/initdb.log" 2>&1; then
  cat "$DATA/initdb.log" >&2
  trap - EXIT; cleanup; without "initdb failed" "$@"
fi
if ! as_server "$BIN/pg_ctl" -D "$DATA/db" -l "$DATA/db/server.log" -w -t 60 \
  -o "-p $PORT -k $DATA/db -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null; then
  cat "$DATA/db/server.log" >&2
  trap - EXIT; cleanup; without "the server did not start" "$@"
fi
started=1
"$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres journal_test || { trap - EXIT; cleanup; without "createdb failed" "$@"; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/journal_test"
say "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT; TEST_DATABASE_URL=$TEST_DATABASE_URL"
"$@"
status=$?
exit $status
