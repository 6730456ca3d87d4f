#!/usr/bin/env bash
# The whole suite against real Postgres and Redis: install if needed, build (some e2e tests run
# the built api, worker and CLI as separate processes), then unit and e2e tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -d node_modules ] || npm install --no-fund --no-audit
bash scripts/ensure-services.sh
npm run build --silent
npx jest --ci --maxWorkers=2 "$@"
