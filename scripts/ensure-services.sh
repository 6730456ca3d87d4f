#!/usr/bin/env bash
# Makes sure Postgres and Redis answer on their default ports (CONTRACT §1 order: what already
# runs, then Docker, then the machine's own servers, then project-local instances under .data/).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null || (command -v psql >/dev/null && psql -h 127.0.0.1 -U postgres -Atc 'select 1' postgres >/dev/null 2>&1); }
redis_up() { (command -v redis-cli >/dev/null && [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]) || (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && read -t 2 -r line <&3 && [[ "$line" == +PONG* ]]) 2>/dev/null; }
wait_for() { for _ in $(seq 1 30); do "$1" && return 0; sleep 1; done; return 1; }

start_pg() {
  if command -v docker >/dev/null && docker info >/dev/null 2>&1; then docker compose -f "$root/docker-compose.yml" up -d postgres >&2 && return 0; fi
  if command -v pg_ctlcluster >/dev/null && ls /etc/postgresql >/dev/null 2>&1; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start >&2 2>&1 && return 0
  fi
  local initdb; initdb="$(command -v initdb || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | head -1)"
  if [ -n "$initdb" ]; then
    local bin; bin="$(dirname "$initdb")"; local data="$root/.data/postgres"
    [ -d "$data" ] || "$initdb" -D "$data" -U postgres --auth=trust >&2
    "$bin/pg_ctl" -D "$data" -l "$root/.data/postgres.log" -o "-p 5432 -k /tmp" start >&2 && return 0
  fi
  return 1
}

start_redis() {
  if command -v docker >/dev/null && docker info >/dev/null 2>&1; then docker compose -f "$root/docker-compose.yml" up -d redis >&2 && return 0; fi
  if command -v redis-server >/dev/null; then
    mkdir -p "$root/.data"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir "$root/.data" >&2 && return 0
  fi
  return 1
}

ok=0
if ! pg_up; then
  echo "Postgres is not answering on 127.0.0.1:5432; starting it..." >&2
  start_pg && wait_for pg_up || { echo "Could not start Postgres. Install PostgreSQL 15+ (or Docker) and retry." >&2; ok=1; }
fi
if ! redis_up; then
  echo "Redis is not answering on 127.0.0.1:6379; starting it..." >&2
  start_redis && wait_for redis_up || { echo "Could not start Redis. Install Redis 7 (or Docker) and retry." >&2; ok=1; }
fi
exit $ok
