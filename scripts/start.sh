#!/usr/bin/env bash
# `npm start`: from a fresh clone to a running api + worker with a seeded demo tenant.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$(pwd)"

step() { printf '\n\033[1m==> %s\033[0m\n' "$*" >&2; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "Installing dependencies"
  npm install --no-fund --no-audit >&2
fi

step "Checking Postgres and Redis"
bash scripts/ensure-services.sh

step "Building"
npm run build --silent >&2

step "Migrating ${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/hotel_commerce}"
./bin/hcs migrate

step "Seeding the demo tenant"
mkdir -p .data/logs
./bin/hcs seed demo --json > .data/demo.json
demo() { node -e "const d=require('./.data/demo.json'); const v=$1; process.stdout.write(String(v ?? ''))"; }

port="${PORT:-3000}"
base="${BASE_URL:-http://localhost:$port}"

step "Starting api and worker (logs in .data/logs/)"
# The api's node flags (package.json "config" and the runtime's; docs/scaling.md "The api's node flags").
api_node_args="$(node scripts/api-node-args.mjs)"
# shellcheck disable=SC2086
node $api_node_args dist/apps/api/src/main.js >> .data/logs/api.log 2>&1 &
api_pid=$!
node dist/apps/worker/src/main.js >> .data/logs/worker.log 2>&1 &
worker_pid=$!
trap 'kill $api_pid $worker_pid 2>/dev/null; wait 2>/dev/null; exit 0' INT TERM
for _ in $(seq 1 60); do
  curl -fs "$base/healthz" >/dev/null 2>&1 && break
  kill -0 $api_pid 2>/dev/null || { echo "The api did not start; see .data/logs/api.log:" >&2; tail -20 .data/logs/api.log >&2; exit 1; }
  sleep 0.5
done

tenant=$(demo 'd.tenant_id'); agent_key=$(demo 'd.agent.api_key'); admin_key=$(demo 'd.admin_api_key')
client_id=$(demo 'd.agent.client_id'); property=$(demo 'd.properties[0].id'); slug=$(demo 'd.properties[0].slug')
checkin=$(node -e "const d=new Date(Date.now()+14*864e5);console.log(d.toISOString().slice(0,10))")
checkout=$(node -e "const d=new Date(Date.now()+16*864e5);console.log(d.toISOString().slice(0,10))")
# A key of this start: the demo data outlives a restart, and a key reused for another hold is idempotency_conflict.
booking_key="demo-$(date +%s)"

cat <<EOT

Hospitality Commerce Service is running.
  api        $base   (readiness: $base/readyz, OpenAPI: $base/openapi.json, docs: $base/docs)
  console    $base/console   (sign in with the admin key below)
  metrics    $base/metrics   (worker: http://localhost:${WORKER_METRICS_PORT:-9464}/metrics)
  agent card $base/.well-known/agent-card.json
  tenant     $tenant
  admin key  $admin_key
  agent key  $agent_key      (OAuth client_id $client_id, client_secret = the agent key)
  demo data  .data/demo.json   logs: .data/logs/   stop: Ctrl-C

Try the booking chain (each answer's next_actions names the next step):

  export KEY=$agent_key
  curl -s $base/v1/properties/$property -H "Authorization: Bearer \$KEY" | jq .data.name
  curl -s $base/v1/properties/$slug/full -H "X-Tenant-Id: $tenant" | jq .data.policies
  curl -s $base/v1/search -H "Authorization: Bearer \$KEY" -H 'Content-Type: application/json' \\
    -d '{"destination":{"type":"area","value":"Lisbon"},"stay":{"check_in":"$checkin","check_out":"$checkout"},"guests":{"adults":2}}' | jq '.data.results[0], .next_actions[0]'
  # POST the quote body_hint from next_actions to /v1/quotes, then {"quote_id": ...} to /v1/holds (Idempotency-Key optional), then:
  # One Idempotency-Key per booking: the same key with another body answers idempotency_conflict.
  export DELEGATION=\$(./bin/hcs delegation mint --sub traveler-123)
  curl -s $base/v1/bookings -H "Authorization: Bearer \$KEY" -H "X-Delegated-User: \$DELEGATION" \\
    -H 'Idempotency-Key: $booking_key' -H 'Content-Type: application/json' \\
    -d '{"hold_id":"<hold_id>","quote_id":"<quote_id>","guest":{"primary":{"full_name":"Ada Lovelace","email":"ada@example.com","phone":"+351210000000"}},"payment":{"method":"card","provider_token":"tok_visa","billing_country":"PT"}}' | jq '.data.state, .receipt'

EOT
wait $api_pid $worker_pid
