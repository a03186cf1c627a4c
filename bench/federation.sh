#!/usr/bin/env bash
# Runs the federated tools/list benchmark (io.eragate.bench.federation.FederatedListBench): one Eragate route over
# three fixture upstreams (two 2026-07-28 fixtures passed through, one 2025-11-25 fixture bridged), all in one JVM on
# 127.0.0.1, with the merged-page cache on (bridge.listCacheTtl 30s) and off (0ms), against a single pass-through
# tools/list to one 2026-07-28 fixture measured first in the same run. Prints a Markdown table with the ratios.
#
#   bench/federation.sh [CLIENTS] [SECONDS]     defaults: 8 clients, 10 s per case (after a warm-up as long)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -ntp -pl gateway-bench -am package -DskipTests
exec java -cp gateway-bench/target/benchmarks.jar io.eragate.bench.federation.FederatedListBench "${1:-8}" "${2:-10}" \
  2>/dev/null
