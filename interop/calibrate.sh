#!/usr/bin/env bash
# Calibration: runs the conformance suite DIRECTLY against the two fixture servers (no gateway), so
# that gateway results can be read against what real SDK servers score on their own.
#
#   interop/calibrate.sh [OUTDIR]        (default OUTDIR: interop/results/calibration)
#
# Prints one "calibration <name>: <Total line>" per run; the full output of each run is in
# OUTDIR/<name>/console.txt. Exit 0 when both reference runs (legacy fixture with 2025-11-25,
# modern fixture with 2026-07-28) pass their scored scenarios; the legacy fixture's 2026-07-28 run is
# informative only (a legacy server is expected to fail the modern wire).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
outdir=${1:-"$here/results/calibration"}
node22="$here/node_modules/.bin/node"
if [[ ! -x $node22 ]]; then
  echo "calibrate.sh: interop/node_modules is missing; run npm ci in interop/" >&2
  exit 2
fi
mkdir -p "$outdir"

pids=()
cleanup() {
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT

# start_fixture NAME SCRIPT -> sets $port; the fixture's output goes to OUTDIR/NAME.{out,err}
start_fixture() {
  local name=$1 script=$2
  "$node22" "$here/$script" 0 >"$outdir/$name.out" 2>"$outdir/$name.err" &
  pids+=("$!")
  for _ in $(seq 1 100); do
    port=$(awk '/^READY [0-9]+$/ { print $2; exit }' "$outdir/$name.out")
    [[ -n $port ]] && return 0
    sleep 0.1
  done
  echo "calibrate.sh: $script did not print READY within 10 s; see $outdir/$name.err" >&2
  exit 1
}

# run NAME PORT REQUIREMENTS -> prints the Total line, returns the suite's exit code
run() {
  local name=$1 port=$2 requirements=$3 status=0
  "$here/conformance.sh" "http://127.0.0.1:$port/mcp" "$requirements" none "$outdir/$name" >/dev/null || status=$?
  echo "calibration $name: $(grep -m1 '^Total:' "$outdir/$name/console.txt" || echo 'no Total line')"
  return "$status"
}

start_fixture legacy-fixture fixtures/legacy-conformance-server.mjs
legacy_port=$port
start_fixture modern-fixture fixtures/modern-conformance-server.mjs
modern_port=$port

failed=0
run legacy-2025-11-25 "$legacy_port" 2025-11-25 || failed=1
run modern-2026-07-28 "$modern_port" 2026-07-28 || failed=1
run legacy-2026-07-28 "$legacy_port" 2026-07-28 || true
exit "$failed"
