#!/usr/bin/env bash
# The whole suite against real Postgres and Redis: install if needed, build (some e2e tests run
# the built api, worker and CLI as separate processes), then the jest projects unit,
# architecture, persistence and e2e (jest.config.js, docs/architecture.md "Tests"); with
# HCS_TEST_PROJECTS=faults (`npm run test:faults`), the fault stage instead.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -d node_modules ] || npm install --no-fund --no-audit
bash scripts/ensure-services.sh
# Installs, from Debian's packages, each `package:binary` whose binary is missing: before jest and
# outside any test's timeout, once, so two test files never race for apt's lock. The tests that
# need a package fail with the reason if it is still missing.
install_missing() {
  command -v apt-get >/dev/null || return 0
  local missing="" pair sudo=""
  for pair in "$@"; do [ -x "${pair#*:}" ] || missing="$missing ${pair%%:*}"; done
  [ -n "$missing" ] || return 0
  [ "$(id -u)" = 0 ] || sudo="sudo -n"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -q $missing >/dev/null 2>&1 || { $sudo apt-get update -q >/dev/null 2>&1 && $sudo apt-get install -y -q $missing >/dev/null 2>&1; } ||
    echo "could not install$missing; the tests that need them will say why" >&2
}
# The console's browser test drives Debian's chromium; the fault stage's topologies run Debian's servers.
[[ " ${HCS_TEST_PROJECTS:-e2e} " != *" e2e "* ]] || install_missing chromium:/usr/bin/chromium
[[ " ${HCS_TEST_PROJECTS:-} " != *" faults "* ]] ||
  install_missing pgbouncer:/usr/sbin/pgbouncer patroni:/usr/bin/patroni etcd-server:/usr/bin/etcd haproxy:/usr/sbin/haproxy
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
