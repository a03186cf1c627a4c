#!/usr/bin/env bash
# Soak: mixed traffic through Eragate for a bounded time, with upstream faults, and Eragate's heap, RSS, open file
# descriptors and threads at the start and at the end. Not part of CI.
#
#   bench/soak.sh [--minutes N] [--clients N] [--pause SECONDS] [--skip-build]
#
# Eragate (its own JVM) routes /modern to the modern fixture (relayed), /legacy to the legacy fixture (bridged, pooled
# sessions) and /stdio to server-everything on stdio (a legacy stdio process; run npm ci in interop/ first). N clients
# (default 4) each send tools/call in a loop, the routes in turn, pausing SECONDS (default 0: as fast as they can) after
# each call, for N minutes (default 30). Faults: every 20 s the legacy fixture is stopped (SIGSTOP) for 3 s (calls in
# flight and arriving meanwhile wait or fail with a JSON-RPC error, then traffic resumes), and every 15th stall (about
# every 6 minutes) the stdio process is killed (SIGKILL; Eragate restarts it). Heap is the used heap right after a full
# collection (jcmd GC.run, GC.heap_info); RSS and threads are from /proc/PID/status, descriptors from /proc/PID/fd;
# sampled at the start, at each stdio kill, and at the end, with the 1-minute load average.
# Prints a Markdown summary; results go to target/soak/.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=30
clients=4
pause=0
build=true
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes=$2; shift 2 ;;
    --clients) clients=$2; shift 2 ;;
    --pause) pause=$2; shift 2 ;;
    --skip-build) build=false; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "bench/soak.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
done

if $build; then
  mvn -B -q -ntp -DskipTests package -pl gateway-netty,gateway-bench -am
fi
out=target/soak
mkdir -p "$out"
rm -f "$out"/*.status "$out"/samples.txt "$out"/*.pid "$out"/fixture-*.log
# Copies, so that a build during the run cannot change the jars under the running JVMs.
cp gateway-netty/target/eragate.jar "$out/eragate.jar"
cp gateway-bench/target/benchmarks.jar "$out/benchmarks.jar"
eragate_jar=$out/eragate.jar
bench_jar=$out/benchmarks.jar

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -CONT "$pid" 2>/dev/null || true; kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

# Starts a fixture and echoes its port once it listens.
fixture() {
  local era=$1 log=$out/fixture-$1.log
  # The fixture serves until its stdin closes: keep a pipe open for the whole run.
  mkfifo "$out/stdin-$era" 2>/dev/null || true
  sleep infinity > "$out/stdin-$era" &
  echo $! > "$out/stdin-$era.pid"
  java -Xmx256m -cp "$bench_jar" io.eragate.bench.load.FixtureMain 1 "$era" < "$out/stdin-$era" > "$log" 2>&1 &
  echo $! > "$out/fixture-$era.pid"
  local line
  for _ in $(seq 1 1200); do
    # Only a whole line counts (read skips a last line without its newline), and only this run's log: the old one
    # was removed above, since the background job truncates it at a moment of its own.
    while [ -f "$log" ] && IFS= read -r line; do
      case $line in fixture-port=[0-9]*) echo "${line#fixture-port=}"; return ;; esac
    done < <(cat "$log" 2>/dev/null)
    sleep 0.1
  done
  echo "bench/soak.sh: the $era fixture did not start within 120 s; see $log" >&2
  exit 1
}
modern_port=$(fixture modern)
legacy_port=$(fixture legacy)
# fixture ran in a subshell: its processes are known by their files.
pids+=($(cat "$out/fixture-modern.pid" "$out/fixture-legacy.pid" "$out/stdin-modern.pid" "$out/stdin-legacy.pid"))
legacy_pid=$(cat "$out/fixture-legacy.pid")
if [ -z "$modern_port" ] || [ -z "$legacy_port" ]; then
  echo "bench/soak.sh: a fixture gave no port (modern '$modern_port', legacy '$legacy_port')" >&2
  exit 1
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port)
admin=$(free_port)
cat > "$out/eragate-soak.yaml" <<YAML
listen: { host: 127.0.0.1, port: $port }
admin:  { host: 127.0.0.1, port: $admin }
upstreams:
  - name: modern-fixture
    url: http://127.0.0.1:$modern_port/mcp
    era: modern
  - name: legacy-fixture
    url: http://127.0.0.1:$legacy_port/mcp
    era: legacy
  - name: stdio-everything
    command: [$PWD/interop/node_modules/.bin/node,
              $PWD/interop/node_modules/@modelcontextprotocol/server-everything/dist/index.js, stdio]
    era: legacy
routes:
  - path: /modern
    upstream: modern-fixture
  - path: /legacy
    upstream: legacy-fixture
  - path: /stdio
    upstream: stdio-everything
limits:
  upstreamResponseTimeout: 2s
YAML
java -Xms256m -Xmx256m -jar "$eragate_jar" --config "$out/eragate-soak.yaml" > "$out/eragate.log" 2>&1 &
eragate=$!
pids+=($eragate)
for _ in $(seq 1 300); do
  curl -fs "http://127.0.0.1:$admin/readyz" > /dev/null 2>&1 && break
  sleep 0.1
done

sample() {
  jcmd "$eragate" GC.run > /dev/null
  local heap rss threads fds
  heap=$(jcmd "$eragate" GC.heap_info | sed -n 's/.*total [0-9]*K, used \([0-9]*\)K.*/\1/p' | head -1)
  rss=$(sed -n 's/^VmRSS:[^0-9]*\([0-9]*\).*/\1/p' "/proc/$eragate/status")
  threads=$(sed -n 's/^Threads:[^0-9]*\([0-9]*\).*/\1/p' "/proc/$eragate/status")
  fds=$(ls "/proc/$eragate/fd" | wc -l)
  echo "$1 $((heap / 1024)) $((rss / 1024)) $fds $threads"
}

body='{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"message":"soak"},'
body+='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},'
body+='"io.modelcontextprotocol/clientInfo":{"name":"eragate-soak","version":"1.0.0"}}}}'
routes=(modern legacy stdio)
client() {
  local n=$1 end=$2 route
  local i=$1
  while [ "$(date +%s)" -lt "$end" ]; do
    route=${routes[$((i % ${#routes[@]}))]}
    curl -s -o /dev/null -w "$route %{http_code}\n" --max-time 30 -X POST "http://127.0.0.1:$port/$route" \
      -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
      -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: echo' \
      --data "$body" >> "$out/client-$n.status" || echo "$route 000" >> "$out/client-$n.status"
    i=$((i + 1))
    [ "$pause" = 0 ] || sleep "$pause"
  done
}
# CPU seconds (user + system) a process has used so far.
cpu_seconds() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.1f", ($14 + $15) / hz}' "/proc/$1/stat"; }
# Kills Eragate's stdio process (a child of its JVM running server-everything); Eragate restarts it.
kill_stdio() {
  local child
  for child in $(cat /proc/"$eragate"/task/*/children 2>/dev/null); do
    if grep -q server-everything "/proc/$child/cmdline" 2>/dev/null; then kill -KILL "$child" 2>/dev/null || true; fi
  done
}

# A short warm-up, so that the start sample sees a loaded gateway rather than a cold one.
warm_end=$(( $(date +%s) + 10 ))
client 0 "$warm_end"
began=$(date +%s)
start=$(sample start)
cpu0=$(cpu_seconds "$eragate")
echo "0 $start $(cut -d' ' -f1 /proc/loadavg)" >> "$out/samples.txt"
end=$(( began + minutes * 60 ))
client_pids=()
for n in $(seq 1 "$clients"); do client "$n" "$end" & client_pids+=($!); done
faults=0
kills=0
while [ "$(date +%s)" -lt "$end" ]; do
  sleep 20
  [ "$(date +%s)" -lt "$end" ] || break
  kill -STOP "$legacy_pid"; sleep 3; kill -CONT "$legacy_pid"
  faults=$((faults + 1))
  elapsed=$(( $(date +%s) - began ))
  if [ $(( faults % 15 )) -eq 0 ]; then
    kill_stdio
    kills=$((kills + 1))
    echo "$((elapsed / 60)) $(sample mid) $(cut -d' ' -f1 /proc/loadavg)" >> "$out/samples.txt"
  fi
done
wait "${client_pids[@]}"
finish=$(sample end)
cpu1=$(cpu_seconds "$eragate")
wall=$(( $(date +%s) - began ))
echo "$((wall / 60)) $finish $(cut -d' ' -f1 /proc/loadavg)" >> "$out/samples.txt"

read -r _ heap0 rss0 fds0 threads0 <<< "$start"
read -r _ heap1 rss1 fds1 threads1 <<< "$finish"
cat "$out"/client-[1-9]*.status > "$out/all.status"
total=$(wc -l < "$out/all.status")
{
  echo "| | start | end |"
  echo "|---|---|---|"
  echo "| heap used after full GC (MiB) | $heap0 | $heap1 |"
  echo "| RSS (MiB) | $rss0 | $rss1 |"
  echo "| open file descriptors | $fds0 | $fds1 |"
  echo "| threads | $threads0 | $threads1 |"
  echo
  echo "Every sample (minute, heap MiB, RSS MiB, descriptors, threads, 1-minute load average):"
  echo
  echo "| minute | heap | RSS | fds | threads | load |"
  echo "|---|---|---|---|---|---|"
  awk '{print "| " $1 " | " $3 " | " $4 " | " $5 " | " $6 " | " $7 " |"}' "$out/samples.txt"
  echo
  echo "$minutes min, $clients clients (pause ${pause}s), $faults legacy-fixture stalls of 3 s, $kills stdio kills," \
    "$total calls; Eragate used $(awk -v a="$cpu0" -v b="$cpu1" -v w="$wall" 'BEGIN {printf "%.2f", (b - a) / w}')" \
    "CPU cores on average:"
  echo
  echo "| route | HTTP status | calls |"
  echo "|---|---|---|"
  sort "$out/all.status" | uniq -c | awk '{print "| " $2 " | " $3 " | " $1 " |"}'
  echo
  echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs."
} | tee "$out/summary.md"
