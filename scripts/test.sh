#!/usr/bin/env bash
# The whole suite against real Postgres and Redis: install if needed, build (some e2e tests run
# the built api, worker and CLI as separate processes), then the jest projects unit,
# architecture, persistence and e2e (jest.config.js, docs/architecture.md "Tests"); with
# HCS_TEST_PROJECTS=faults (`npm run test:faults`), the fault stage instead.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -d node_modules ] || npm install --no-fund --no-audit
bash scripts/ensure-services.sh
# The console's browser test drives Debian's chromium: installed here on a machine without it, outside
# any test's timeout (test/support/chromium.ts fails with the reason if it is still missing).
if [[ " ${HCS_TEST_PROJECTS:-e2e} " == *" e2e "* ]] && [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo -n"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -q chromium >/dev/null 2>&1 || { $sudo apt-get update -q >/dev/null 2>&1 && $sudo apt-get install -y -q chromium >/dev/null 2>&1; } ||
    echo "chromium could not be installed; the console's browser test will say why" >&2
fi
# The fault stage's topologies come from Debian's packages: installed here once, before jest, so
# two fault files never race for apt's lock.
if [[ " ${HCS_TEST_PROJECTS:-} " == *" faults "* ]] && command -v apt-get >/dev/null; then
  missing=""
  for pair in pgbouncer:/usr/sbin/pgbouncer patroni:/usr/bin/patroni etcd-server:/usr/bin/etcd haproxy:/usr/sbin/haproxy; do
    [ -x "${pair#*:}" ] || missing="$missing ${pair%%:*}"
  done
  if [ -n "$missing" ]; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo -n"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing >/dev/null 2>&1 ||
      { $sudo apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing >/dev/null 2>&1; } ||
      echo "could not install$missing; the fault tests that need them will say why" >&2
  fi
fi
# HCS_TEST_BUILT=1: the build of this checkout is already in dist/ (`.ci/run`'s fault stage).
[ "${HCS_TEST_BUILT:-}" = 1 ] || npm run build --silent
results="$(mktemp --suffix=.json)"
status=0
# Four jest workers: on two cores two leave them idle while they wait on child processes; the fault
# tests that race a kill against work in flight hold that work until the kill (docs/performance.md,
# "The test suite's time").
read -r -a projects <<<"${HCS_TEST_PROJECTS:-unit architecture persistence e2e}"
npx jest --ci --maxWorkers=4 --json --outputFile="$results" "$@" --selectProjects "${projects[@]}" || status=$?
# One plain closing line that any CI can read.
node -e "const r=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8')); console.log('jest: ' + r.numPassedTests + ' passed, ' + r.numFailedTests + ' failed' + (r.numPendingTests ? ', ' + r.numPendingTests + ' skipped' : ''))" "$results" || true
rm -f "$results"
exit $status
