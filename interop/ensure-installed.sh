#!/usr/bin/env bash
# Installs the pinned npm peers (npm ci) when interop/node_modules is missing or older than the lockfile,
# so that `mvn verify` alone prepares what the integration tests run. Quiet when nothing is to do.
set -euo pipefail
interop=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
marker="$interop/node_modules/.package-lock.json"
if [ -f "$marker" ] && [ "$marker" -nt "$interop/package-lock.json" ]; then
  exit 0
fi
echo "interop: installing the pinned npm peers (npm ci)"
cd "$interop"
npm ci --no-audit --no-fund --loglevel=error </dev/null
