#!/usr/bin/env bash
# CI check of the documented production install: the runtime staged in a clean directory with
# `npm ci --omit=dev` (deploy/stage-runtime.sh, as the Dockerfile does), no dev dependency present, and
# `skg serve` under plain node answering /api/v1/passage/John.3.16 from the built artefacts.
# Needs the npm registry (or its cache) and nothing else from the network.
#
#   deploy/check-production-install.sh [DIST]     (default: $SKG_DIST or ./dist)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dist="$(cd "${1:-${SKG_DIST:-$root/dist}}" && pwd)"

work="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "production install: FAILED: $*" >&2
  [ -f "$work/serve.log" ] && sed 's/^/  serve: /' "$work/serve.log" >&2
  exit 1
}

(cd "$root" && npm run --silent build)
"$root/deploy/stage-runtime.sh" "$work/app"
cd "$work/app"

# No dev dependency (tsx, typescript, the test tools) may be installed, and none may be needed.
for dev in $(node -p "Object.keys(require('$root/package.json').devDependencies).join(' ')"); do
  [ ! -e "node_modules/$dev" ] || fail "dev dependency $dev is installed"
done
# Every package loads (the CLI loads ingest and the compiler only for their commands).
node --input-type=module -e "for (const p of ['@skg/core', '@skg/ingest', '@skg/compiler', '@skg/server']) await import(p);" \
  || fail "a workspace package does not load without dev dependencies"

node packages/cli/bin/skg.mjs serve --dist "$dist" --port 0 --host 127.0.0.1 --store memory --no-watch >"$work/serve.log" 2>&1 &
server=$!
url=""
for _ in $(seq 1 100); do
  url="$(sed -n 's/^skg: serving .* at \(http[^,]*\).*/\1/p' "$work/serve.log" | head -n 1)"
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || fail "skg serve exited"
  sleep 0.1
done
[ -n "$url" ] || fail "skg serve did not report its address"
body="$(curl -sS --max-time 10 "$url/passage/John.3.16")" || fail "GET $url/passage/John.3.16"
case "$body" in
  *'"osis":"John.3.16"'*) ;;
  *) fail "unexpected answer: ${body:0:300}" ;;
esac
echo "production install: OK ($(du -sh node_modules | cut -f1) of runtime dependencies; $url/passage/John.3.16 answered)"
