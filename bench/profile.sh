#!/usr/bin/env bash
# CPU profile of one Eragate scenario under the harness's load (the pass-through unless told otherwise), and its top
# items: async-profiler 4.1 (tools.profiler:async-profiler from Maven Central) loaded as an agent into the harness's
# JVMs, three rounds of every load profile against that scenario only (about two minutes), then the frames of the
# Eragate JVM's event loops that hold the most samples (the JIT compilers' share is given apart: on a short run it is
# large).
#
#   bench/profile.sh [TOP] [SCENARIO]   default: the top 5 self-time frames and the top 5 Eragate/Jackson callers
#                                       of the eragate scenario (others: bridge-pooled, legacy-front, ...)
#   (expects the jars of a build: run bench/run.sh or mvn -q -B -DskipTests package first)
#
# Writes target/bench-profile/<pid>.collapsed (one file per JVM) and target/bench-profile/top.md.
set -euo pipefail
cd "$(dirname "$0")/.."
top=${1:-5}
scenario=${2:-eragate}
out=target/bench-profile
mkdir -p "$out"
agent_dir=target/async-profiler
if [ ! -f "$agent_dir/linux-x64/libasyncProfiler.so" ]; then
  mvn -B -q -ntp dependency:copy -Dartifact=tools.profiler:async-profiler:4.1:jar:linux-x64 -DoutputDirectory="$agent_dir"
  (cd "$agent_dir" && unzip -o -q async-profiler-4.1-linux-x64.jar 'linux-x64/*')
fi
agent=$(realpath "$agent_dir/linux-x64/libasyncProfiler.so")
rm -f "$out"/*.collapsed
# itimer needs no perf_events permission; 1 ms is fine enough for a 40 s run.
java -cp gateway-bench/target/benchmarks.jar io.eragate.bench.load.LoadHarness --parts load --scenarios "$scenario" \
  --rounds 3 --eragate-jar gateway-netty/target/eragate.jar --out "$out/run" --chart "$out/run/chart.svg" \
  --jvm-options "-agentpath:$agent=start,event=itimer,interval=1ms,file=$(realpath "$out")/%p.collapsed"
# The Eragate JVM is the profile with the most frames in io.eragate.netty.server (the fixture runs no server code).
eragate=$(grep -Hc "io/eragate/netty/server" "$out"/*.collapsed | sort -t: -k2 -n | tail -1 | cut -d: -f1)
# Samples on the event loops (the request path), apart from the JIT compiler, GC and the JVM's other threads.
loops=$out/event-loops.collapsed
grep -E "SingleThreadIoEventLoop|SingleThreadEventExecutor" "$eragate" > "$loops" || true
total=$(awk '{n+=$NF} END {print n+0}' "$eragate")
on_loops=$(awk '{n+=$NF} END {print n+0}' "$loops")
jit=$(grep -E "CompileBroker|C2Compiler|C1Compiler" "$eragate" | awk '{n+=$NF} END {print n+0}')
# sed rather than head picks the top lines: head would close the pipe early and, under pipefail, end the script.
{
  echo "Eragate JVM of the $scenario scenario ($(basename "$eragate")): $total samples, $on_loops on the event loops, $jit in"
  echo "the JIT compilers; load average $(cut -d' ' -f1-3 /proc/loadavg). Shares below are of the event-loop samples."
  echo
  echo "| Self time on the event loops (the frame on top of the stack) | samples | share |"
  echo "|---|---|---|"
  awk '{n=$NF; $NF=""; sub(/ $/, ""); k=split($0, f, ";"); self[f[k]]+=n} END {for (s in self) print self[s] "\t" s}' \
    "$loops" | sort -rn | sed -n "1,${top}p" | awk -F'\t' -v t="$on_loops" '{printf "| `%s` | %d | %.1f %% |\n", $2, $1, 100*$1/t}'
  echo
  echo "| Eragate or Jackson code with the most event-loop samples below it (its own and its callees') | samples | share |"
  echo "|---|---|---|"
  awk '{n=$NF; $NF=""; sub(/ $/, ""); k=split($0, f, ";"); delete seen;
        for (i=1; i<=k; i++) if (f[i] ~ /^(io\/eragate|com\/fasterxml)/ && f[i] !~ /channelRead$|Handler\.write$/ \
            && !(f[i] in seen)) {seen[f[i]]=1; incl[f[i]]+=n}}
       END {for (s in incl) print incl[s] "\t" s}' "$loops" \
    | sort -rn | sed -n "1,${top}p" | awk -F'\t' -v t="$on_loops" '{printf "| `%s` | %d | %.1f %% |\n", $2, $1, 100*$1/t}'
} > "$out/top.md"
cat "$out/top.md"
