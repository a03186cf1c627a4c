#!/usr/bin/env bash
# Builds Eragate and its benchmarks, runs the load harness (direct, nginx proxy_pass, Eragate pass-through, and
# Eragate bridging to a legacy fixture with a pooled session and with an initialize per call; the legacy-client front
# (a 2025-11-25 client in a session) against the pass-through; the federated tools/list over three upstreams, cached
# and uncached, against a single pass-through tools/list; all in alternating rounds on 127.0.0.1), its capacity run
# (10,000 idle subscriptions/listen streams through the bridge: heap and native memory per stream), its legacy-session
# run (10,000 idle legacy-client sessions, each holding its GET stream: memory per session) and its large-payload run
# (1 MiB results, SSE answers of thousands of events), and the JMH microbenchmarks, and writes docs/benchmarks.md and
# its SVG chart.
#
#   bench/run.sh           the published run: installs nginx if missing (Debian, needs root); about 40 minutes on
#                          a 2-core machine (the load part alone about 20: 10 scenarios x 4 profiles x 3 rounds)
#   bench/run.sh --smoke   seconds of each part and of JMH, results under target/bench-smoke; never installs anything
#   bench/run.sh --only PART   just one part of the harness (load, capacity, sessions or payload; repeatable), results
#                          under target/bench, no JMH and no report (for checking a part on a busy machine)
#   bench/run.sh --only capacity --only sessions --update-report   also put those results into docs/benchmarks.md,
#                          keeping its load and JMH parts from the last full run
#   bench/run.sh --report-only   rewrite the report from the last run's results (after editing bench/analysis.md)
#   bench/run.sh --compare JAR   also run JAR (another build's eragate.jar, e.g. the one before a change) as the
#                          "baseline" pass-through, legacy-client front and cached federated list, side by side
#                          with this build in the same rounds (a baseline without the feature gets a row saying so)
#   bench/run.sh --compare-ref REF   the same, building REF (a commit of this repository) into target/bench-baseline
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)

smoke=false
skip_build=false
report_only=false
only=()
expect_part=false
compare_jar=""
expect_compare=false
compare_ref=""
expect_ref=false
update_report=false
for arg in "$@"; do
  if $expect_ref; then
    compare_ref=$arg
    expect_ref=false
    continue
  fi
  if $expect_compare; then
    [ -f "$arg" ] || { echo "bench/run.sh: --compare takes an existing jar, not $arg" >&2; exit 2; }
    compare_jar=$arg
    expect_compare=false
    continue
  fi
  if $expect_part; then
    case "$arg" in
      load|capacity|sessions|payload) only+=("$arg") ;;
      *) echo "bench/run.sh: --only takes load, capacity, sessions or payload, not $arg" >&2; exit 2 ;;
    esac
    expect_part=false
    continue
  fi
  case "$arg" in
    --only) expect_part=true ;;
    --compare) expect_compare=true ;;
    --compare-ref) expect_ref=true ;;
    --smoke) smoke=true ;;
    --skip-build) skip_build=true ;;
    --report-only) report_only=true; skip_build=true ;;
    --update-report) update_report=true ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "bench/run.sh: unknown argument $arg (try --help)" >&2; exit 2 ;;
  esac
done
if $expect_compare || $expect_ref; then
  echo "bench/run.sh: --compare needs a jar, --compare-ref a commit" >&2
  exit 2
fi
if [ -n "$compare_ref" ]; then
  # The baseline build: that commit's sources, built apart (never installed), so this build's jars stay as they are.
  baseline_src=target/bench-baseline/src
  rm -rf "$baseline_src" && mkdir -p "$baseline_src"
  git archive "$compare_ref" | tar -x -C "$baseline_src"
  (cd "$baseline_src" && mvn -q -B -ntp -DskipTests -pl gateway-netty -am package)
  compare_jar=target/bench-baseline/eragate-$(git rev-parse --short "$compare_ref").jar
  cp "$baseline_src/gateway-netty/target/eragate.jar" "$compare_jar"
fi
if $expect_part; then
  echo "bench/run.sh: --only needs a part: load, capacity, sessions or payload" >&2
  exit 2
fi

# The capacity run holds 10,000 client sockets in the harness JVM and as many in the Eragate JVM; the legacy-session
# run 10,000 in the harness and as many in Eragate (each GET stream; the sessions' listens are served in process and
# share one upstream connection), or fewer sessions when the hard limit is lower: raise the limit on
# open files (the hard one too where allowed, as root), which the child processes inherit (HotSpot on Linux raises
# its soft limit to the hard one too).
ulimit -n 65536 2>/dev/null || ulimit -Sn "$(ulimit -Hn)" 2>/dev/null || true
if [ "$(ulimit -Sn)" != unlimited ] && [ "$(ulimit -Sn)" -lt 12000 ]; then
  echo "bench/run.sh: only $(ulimit -Sn) open files allowed; the capacity and legacy-session runs may hold fewer" \
    "than 10,000 streams" >&2
fi

find_nginx() {
  command -v nginx 2>/dev/null || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true
}

install_nginx() {
  echo "bench/run.sh: installing nginx-light (Debian)" >&2
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; }; then
    echo "bench/run.sh: could not install nginx; the nginx rows will say so" >&2
    return 0
  fi
  # The package may start a default server on port 80; the benchmark wants only its own, on loopback.
  if [ -f /run/nginx.pid ]; then
    nginx -s quit 2>/dev/null || kill "$(cat /run/nginx.pid)" 2>/dev/null || true
  fi
}

if ! $skip_build; then
  mvn -q -B -DskipTests package
fi

bench_jar=gateway-bench/target/benchmarks.jar
eragate_jar=gateway-netty/target/eragate.jar
for jar in "$bench_jar" "$eragate_jar"; do
  [ -f "$jar" ] || { echo "bench/run.sh: $jar is missing; run without --skip-build" >&2; exit 1; }
done

nginx_bin=$(find_nginx)
needs_nginx=true
if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " == *" load "* ]]; then
  needs_nginx=false
fi
if [ -z "$nginx_bin" ] && ! $smoke && ! $report_only && $needs_nginx; then
  install_nginx
  nginx_bin=$(find_nginx)
fi
nginx_args=()
nginx_version="not installed"
if [ -n "$nginx_bin" ]; then
  nginx_args=(--nginx "$nginx_bin")
  nginx_version=$("$nginx_bin" -v 2>&1 | sed 's/^nginx version: //')
fi

if $smoke; then
  out=target/bench-smoke
  chart=$out/load-chart.svg
  report=$out/benchmarks.md
  harness_args=(--smoke)
  jmh_args=(-f 0 -wi 0 -i 1 -w 100ms -r 100ms -prof gc)
else
  out=target/bench
  chart=docs/benchmarks-load.svg
  report=docs/benchmarks.md
  harness_args=()
  jmh_args=(-f 1 -wi 2 -i 3 -w 1s -r 2s -prof gc)
fi
if [ ${#only[@]} -gt 0 ]; then
  harness_args+=(--parts "$(IFS=,; echo "${only[*]}")")
fi
if [ -n "$compare_jar" ]; then
  harness_args+=(--compare "$compare_jar")
fi
mkdir -p "$out"

harness=(java -cp "$bench_jar" io.eragate.bench.load.LoadHarness "${harness_args[@]}"
  --eragate-jar "$eragate_jar" "${nginx_args[@]}" --out "$out" --chart "$chart")

if [ ${#only[@]} -gt 0 ]; then
  if $report_only; then
    echo "bench/run.sh: --only and --report-only do not go together" >&2
    exit 2
  fi
  echo "bench/run.sh: ${harness[*]}" >&2
  "${harness[@]}"
  if $update_report && ! $smoke; then
    # Only the parts this run measured: an older result file of the other part must not slip in.
    update_args=()
    [[ " ${only[*]} " == *" capacity "* ]] && update_args+=(--capacity "$out/capacity-results.json")
    [[ " ${only[*]} " == *" sessions "* ]] && update_args+=(--sessions "$out/legacy-sessions-results.json")
    [[ " ${only[*]} " == *" payload "* ]] && update_args+=(--payload "$out/payload-results.json")
    [ -f bench/analysis.md ] && update_args+=(--analysis bench/analysis.md)
    java -cp "$bench_jar" io.eragate.bench.report.BenchmarkReport --update --out "$report" "${update_args[@]}"
  else
    echo "bench/run.sh: results under $out; the report is written by a run without --only (or with --update-report)" >&2
  fi
  exit 0
fi
jmh=(java -jar "$bench_jar" "${jmh_args[@]}" -rf json -rff "$out/jmh.json")

if ! $report_only; then
  echo "bench/run.sh: ${harness[*]}" >&2
  "${harness[@]}"
  echo "bench/run.sh: ${jmh[*]}" >&2
  "${jmh[@]}" > "$out/jmh.log"
  grep -E "avgt" "$out/jmh.log" | grep -v ":gc\.\(count\|time\|alloc.rate \)" || true
fi
[ -f "$out/load-results.json" ] || { echo "bench/run.sh: no results in $out; run without --report-only" >&2; exit 1; }

analysis_args=()
if ! $smoke && [ -f bench/analysis.md ]; then
  analysis_args=(--analysis bench/analysis.md)
fi
if $report_only; then
  analysis_args+=(--redraw-chart "$chart")
fi

chart_in_report=$(realpath --relative-to="$(dirname "$root/$report")" "$root/$chart")
java -cp "$bench_jar" io.eragate.bench.report.BenchmarkReport \
  --load "$out/load-results.json" --capacity "$out/capacity-results.json" \
  --sessions "$out/legacy-sessions-results.json" --payload "$out/payload-results.json" \
  --jmh "$out/jmh.json" --jmh-options "${jmh_args[*]}" \
  --out "$report" --chart "$chart_in_report" --nginx-version "$nginx_version" "${analysis_args[@]}" \
  --command "bench/run.sh$($smoke && echo ' --smoke' || true)" \
  --command "mvn -q -B -DskipTests package" \
  --command "java -cp $bench_jar io.eragate.bench.load.LoadHarness ${harness_args[*]} --eragate-jar $eragate_jar --nginx ${nginx_bin:-<none>} --out $out --chart $chart" \
  --command "java -jar $bench_jar ${jmh_args[*]} -rf json -rff $out/jmh.json"
