#!/usr/bin/env bash
# The whole suite against real Postgres and Redis: install if needed, build (some e2e tests run
# the built api, worker and CLI as separate processes), then unit and e2e tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -d node_modules ] || npm install --no-fund --no-audit
bash scripts/ensure-services.sh
npm run build --silent
results="$(mktemp --suffix=.json)"
status=0
# Four jest workers on two cores: a worker waits on the processes, windows and timers of its e2e
# files more than half the time, so two left the cores 30 % idle (docs/performance.md,
# "Seventeenth round": 726 s of jest with two workers, 612 s with three, 448 s with four).
npx jest --ci --maxWorkers=4 --json --outputFile="$results" "$@" || status=$?
# One plain closing line that any CI can read.
node -e "const r=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8')); console.log('jest: ' + r.numPassedTests + ' passed, ' + r.numFailedTests + ' failed' + (r.numPendingTests ? ', ' + r.numPendingTests + ' skipped' : ''))" "$results" || true
rm -f "$results"
exit $status
