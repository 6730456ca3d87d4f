#!/usr/bin/env bash
# `npm run check`: everything that needs no Postgres or Redis (docs/architecture.md "Tests"). eslint,
# the format check and the typecheck each keep about one core busy, so they run side by side; then
# the unit and architecture jest projects. Extra arguments go to jest.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
steps=(lint:eslint format:check typecheck)
pids=()
for step in "${steps[@]}"; do
  npm run --silent "$step" >"$logs/$step" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!steps[@]}"; do
  if wait "${pids[$i]}"; then
    echo "ok   npm run ${steps[$i]}"
  else
    status=1
    echo "FAIL npm run ${steps[$i]}"
    cat "$logs/${steps[$i]}"
  fi
done
[ "$status" -eq 0 ] || exit "$status"
exec npx jest --selectProjects unit architecture "$@"
