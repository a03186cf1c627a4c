#!/usr/bin/env bash
# Runs the official MCP conformance suite through Eragate, each fixture server behind its own gateway,
# and checks the results against the expected-failures baselines in baselines/.
#
#   interop/run-conformance.sh [--jar FILE] [--out DIR] [--report FILE | --only RUN]
#
#   --jar FILE     the gateway (default gateway-netty/target/eragate.jar); nothing is built here
#   --out DIR      where every run leaves its files (default interop/results/run-conformance)
#   --only RUN     run only the gated run called RUN (one of the names below); no report
#   --report FILE  also run both fixtures directly (no gateway) for comparison, and write the per-scenario
#                  report to FILE (docs/conformance.md is the committed one)
#
# The gated runs, whose results decide the exit code:
#   eragate-legacy-2026  Eragate in front of fixtures/legacy-conformance-server.mjs (SDK v1, 2025-11-25),
#                        graded with --requirements 2026-07-28 (a modern client's view of a bridged legacy server)
#   eragate-legacy-2026-relayable  the same with mrtr.sessionCapabilities: relayable (sessions declare every
#                        capability the gateway relays, and a request lacking one the server asks for gets -32021)
#   eragate-modern-2025  Eragate in front of fixtures/modern-conformance-server.mjs (SDK v2, 2026-07-28 only),
#                        graded with --requirements 2025-11-25 (a legacy client's view of a modern server)
#   eragate-legacy-2025  Eragate in front of the legacy fixture, graded with --requirements 2025-11-25 (a legacy
#                        client's view of a legacy server, passed through)
#   eragate-legacy-custom-headers  Eragate in front of the legacy fixture, the one scenario
#                        http-custom-header-server-validation (Mcp-Param-* against x-mcp-header; no requirement set
#                        scores it yet)
# Each runs with --expected-failures baselines/<run>.yml: a failure not listed there, or a listed entry that
# now passes (a stale entry), fails the run. So the baselines only ever shrink.
#
# Every run starts its own fixture (port 0, READY line) and its own Eragate (listen and admin on port 0, read
# back from its start-up log line; era: auto, so the fixture's era is probed), and stops both afterwards.
# Everything this script starts is stopped by PID when it exits, however it exits.
#
# Exit: 0 when both gated runs match their baselines; 1 when one does not or a process failed to start;
# 2 on bad usage, a missing jar or a missing npm install.
set -euo pipefail

here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
repo=$(cd "$here/.." && pwd)
jar="$repo/gateway-netty/target/eragate.jar"
out="$here/results/run-conformance"
report=""
only=""
java_bin=${JAVA:-java}
node22="$here/node_modules/.bin/node"
start_timeout_s=60

usage() {
  echo "usage: $0 [--jar FILE] [--out DIR] [--report FILE | --only RUN]" >&2
  exit 2
}
while [[ $# -gt 0 ]]; do
  case $1 in
    --jar) [[ $# -ge 2 ]] || usage; jar=$2; shift 2 ;;
    --out) [[ $# -ge 2 ]] || usage; out=$2; shift 2 ;;
    --report) [[ $# -ge 2 ]] || usage; report=$2; shift 2 ;;
    --only) [[ $# -ge 2 ]] || usage; only=$2; shift 2 ;;
    *) usage ;;
  esac
done
if [[ ! -f $jar ]]; then
  echo "run-conformance.sh: $jar not found; build it first: mvn -q -DskipTests package" >&2
  exit 2
fi
if [[ ! -x $node22 ]]; then
  echo "run-conformance.sh: interop/node_modules is missing; run npm ci in interop/" >&2
  exit 2
fi
jar=$(readlink -f "$jar")
if [[ -n $only && -n $report ]]; then
  usage
fi
if [[ -n $report ]]; then
  [[ -d $(dirname "$report") ]] || { echo "run-conformance.sh: no directory for $report" >&2; exit 2; }
  report="$(cd "$(dirname "$report")" && pwd)/$(basename "$report")"
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

# PIDs of what is running now; stopped on exit, whatever the reason.
pids=()
stop() {
  local pid=$1 kept=() p
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  for p in "${pids[@]}"; do
    [[ $p == "$pid" ]] || kept+=("$p")
  done
  pids=("${kept[@]}")
}
stop_all() {
  local pid
  for pid in "${pids[@]}"; do
    stop "$pid"
  done
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# await_line FILE PID REGEX WHAT -> prints the first line of FILE matching REGEX, once the process writes it
await_line() {
  local file=$1 pid=$2 regex=$3 what=$4 line deadline=$((SECONDS + start_timeout_s))
  while ((SECONDS < deadline)); do
    line=$(grep -m1 -E "$regex" "$file" 2>/dev/null || true)
    if [[ -n $line ]]; then
      printf '%s\n' "$line"
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "run-conformance.sh: $what exited before it was ready; see $file" >&2
      return 1
    fi
    sleep 0.1
  done
  echo "run-conformance.sh: $what was not ready within ${start_timeout_s} s; see $file" >&2
  return 1
}

# start_fixture SCRIPT DIR -> sets fixture_pid and fixture_port
start_fixture() {
  local script=$1 dir=$2 line
  "$node22" "$here/$script" 0 >"$dir/fixture.out" 2>"$dir/fixture.err" &
  fixture_pid=$!
  pids+=("$fixture_pid")
  line=$(await_line "$dir/fixture.out" "$fixture_pid" '^READY [0-9]+$' "$script") || return 1
  fixture_port=${line#READY }
}

# start_eragate UPSTREAM_URL DIR [EXTRA_YAML] -> sets eragate_pid and eragate_port
start_eragate() {
  local upstream=$1 dir=$2 extra=${3:-} line admin_port
  # Ports are 0, so the real ones come from the start-up line. Host and Origin entries without a port accept
  # any port: the dns-rebinding scenario's own 127.0.0.1:<port> passes and its evil.example.com does not.
  cat >"$dir/eragate.yaml" <<EOF
listen: { host: 127.0.0.1, port: 0 }
admin:  { host: 127.0.0.1, port: 0 }
upstreams:
  - name: fixture
    url: $upstream
    era: auto
routes:
  - path: /mcp
    upstream: fixture
security:
  allowedHosts: ["127.0.0.1"]
  allowedOrigins: ["http://127.0.0.1"]
$extra
EOF
  "$java_bin" -jar "$jar" --config "$dir/eragate.yaml" >"$dir/eragate.out" 2>"$dir/eragate.log" &
  eragate_pid=$!
  pids+=("$eragate_pid")
  line=$(await_line "$dir/eragate.log" "$eragate_pid" \
      'Eragate listening on .*:[0-9]+ \(admin on .*:[0-9]+\)' "Eragate") || return 1
  [[ $line =~ listening\ on\ [^\ ]*:([0-9]+)\ \(admin\ on\ [^\ ]*:([0-9]+)\) ]] || return 1
  eragate_port=${BASH_REMATCH[1]}
  admin_port=${BASH_REMATCH[2]}
  local deadline=$((SECONDS + start_timeout_s))
  until "$node22" -e 'fetch(process.argv[1]).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))' \
      "http://127.0.0.1:$admin_port/readyz"; do
    if ((SECONDS >= deadline)) || ! kill -0 "$eragate_pid" 2>/dev/null; then
      echo "run-conformance.sh: Eragate never answered /readyz; see $dir/eragate.log" >&2
      return 1
    fi
    sleep 0.1
  done
}

# One line per run for the report: name, via, fixture, requirements, baseline, exit code, Eragate settings.
manifest="$out/runs.tsv"
: >"$manifest"

# run NAME VIA(eragate|direct) FIXTURE(legacy|modern) REQUIREMENTS [EXTRA_YAML] -> the suite's exit code
# EXTRA_YAML: one line added to Eragate's configuration (every other key stays at its default).
run() {
  local name=$1 via=$2 fixture=$3 requirements=$4 extra=${5:-} dir="$out/$1" baseline=none url status=0
  if [[ -n $only && $name != "$only" ]]; then
    return 0
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  start_fixture "fixtures/$fixture-conformance-server.mjs" "$dir" || return 1
  url="http://127.0.0.1:$fixture_port/mcp"
  if [[ $via == eragate ]]; then
    baseline="$here/baselines/$name.yml"
    start_eragate "$url" "$dir" "$extra" || return 1
    url="http://127.0.0.1:$eragate_port/mcp"
  fi
  echo "== $name: $([[ $via == eragate ]] && echo "Eragate in front of the" || echo "directly against the")" \
      "$fixture fixture, requirements $requirements, baseline $([[ $baseline == none ]] && echo none \
      || echo "${baseline#"$repo/"}")"
  "$here/conformance.sh" "$url" "$requirements" "$baseline" "$dir/results" >/dev/null || status=$?
  mv "$dir/results/console.txt" "$dir/console.txt"
  if [[ $via == eragate ]]; then
    stop "$eragate_pid"
  fi
  stop "$fixture_pid"
  # The suite's own summary, from its scenario table on (the per-scenario progress lines stay in console.txt).
  sed -n '/^=== SUMMARY ===$/,$p' "$dir/console.txt"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$via" "$fixture" "$requirements" "${baseline#"$repo/"}" \
      "$status" "${extra:-defaults}" >>"$manifest"
  echo "== $name: suite exit code $status"
  return "$status"
}

# run_scenario NAME FIXTURE SCENARIO: one scenario through Eragate, gated on baselines/NAME.yml like the runs
# above, but kept out of runs.tsv (the report covers requirement sets).
run_scenario() {
  local name=$1 fixture=$2 scenario=$3 dir="$out/$1" status=0
  if [[ -n $only && $name != "$only" ]]; then
    return 0
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  start_fixture "fixtures/$fixture-conformance-server.mjs" "$dir" || return 1
  start_eragate "http://127.0.0.1:$fixture_port/mcp" "$dir" || return 1
  echo "== $name: Eragate in front of the $fixture fixture, scenario $scenario, baseline interop/baselines/$name.yml"
  "$here/conformance.sh" "http://127.0.0.1:$eragate_port/mcp" "scenario:$scenario" "$here/baselines/$name.yml" \
      "$dir/results" >/dev/null || status=$?
  mv "$dir/results/console.txt" "$dir/console.txt"
  stop "$eragate_pid"
  stop "$fixture_pid"
  sed -n '/^=== SUMMARY ===$/,$p' "$dir/console.txt"
  echo "== $name: suite exit code $status"
  return "$status"
}

failed=0
run eragate-legacy-2026 eragate legacy 2026-07-28 || failed=1
run eragate-legacy-2026-relayable eragate legacy 2026-07-28 "mrtr: { sessionCapabilities: relayable }" || failed=1
run eragate-modern-2025 eragate modern 2025-11-25 || failed=1
run eragate-legacy-2025 eragate legacy 2025-11-25 || failed=1
# Not scored by any requirement set of the pinned suite, but a MUST of the spec that only the gateway can keep in
# front of a legacy server: Mcp-Param-* checked against the tools' x-mcp-header declarations.
run_scenario eragate-legacy-custom-headers legacy http-custom-header-server-validation || failed=1

if [[ -n $report ]]; then
  for direct in "legacy 2026-07-28" "legacy 2025-11-25" "modern 2026-07-28" "modern 2025-11-25"; do
    set -- $direct
    run "direct-$1-$2" direct "$1" "$2" || true
  done
  commit=$(git -C "$repo" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
  # The report itself is about to change; any other difference from the commit is worth saying.
  if [[ -n $(git -C "$repo" status --porcelain --untracked-files=no -- . ":(exclude)${report#"$repo/"}" \
      2>/dev/null) ]]; then
    commit="$commit plus uncommitted changes"
  fi
  "$node22" "$here/conformance-report.mjs" --runs "$out" --output "$report" --commit "$commit" \
      --eragate-version "$("$java_bin" -jar "$jar" --version 2>/dev/null | head -n1)" \
      --java-version "$("$java_bin" -version 2>&1 | head -n1)"
  echo "== report written to $report"
fi

if ((failed)); then
  echo "== conformance through Eragate: FAILED (a result differs from its baseline; see the lines above and $out)"
else
  echo "== conformance through Eragate: every run matches its baseline"
fi
exit "$failed"
