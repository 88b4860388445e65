#!/usr/bin/env bash
# CI check of the production install, the Dockerfile's steps run without Docker (no engine in CI):
#  1. a clean copy of the repository (its tracked files, as `COPY . .` with .dockerignore);
#  2. the build stage: `npm ci`, `npm run build`, then deploy/stage-runtime.sh (the packages as `npm pack`
#     ships them + `npm ci --omit=dev`); the artefacts are the dist/ CI built (the image downloads the
#     pinned sources and builds them itself);
#  3. the runtime stage: no dev dependency installed, and `node packages/cli/bin/skg.mjs serve` with the
#     image's environment answers /api/v1/passage/John.3.16, then drains and exits on SIGTERM;
#  4. the systemd unit (deploy/skg.service): `systemd-analyze verify` when present, then its
#     Environment= and ExecStart= (paths moved into the temporary directory) answer as well.
# Needs the npm registry (or its cache) and nothing else from the network.
#
#   deploy/check-production-install.sh [DIST]     (default: $SKG_DIST or ./dist)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dist="$(cd "${1:-${SKG_DIST:-$root/dist}}" && pwd -P)"

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
step() { echo "production install: $*"; }

# Starts `env <assignments…> <command…>` in the background and checks it answers John 3:16; then SIGTERM.
check_serves() {
  local what="$1"
  shift
  : >"$work/serve.log"
  env "$@" >"$work/serve.log" 2>&1 &
  server=$!
  local url=""
  for _ in $(seq 1 300); do
    url="$(sed -n 's/^skg: .*serving .*at \(http[^ ,]*\).*/\1/p' "$work/serve.log" | head -n 1)"
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || fail "$what: skg serve exited"
    sleep 0.1
  done
  [ -n "$url" ] || fail "$what: skg serve did not report its address"
  local body
  body="$(curl -sS --max-time 10 "$url/passage/John.3.16")" || fail "$what: GET $url/passage/John.3.16"
  case "$body" in
    *'"osis":"John.3.16"'*) ;;
    *) fail "$what: unexpected answer: ${body:0:300}" ;;
  esac
  kill -TERM "$server"
  local code=0
  wait "$server" || code=$?
  server=""
  [ "$code" -eq 0 ] || fail "$what: exit code $code after SIGTERM"
  step "$what: $url/passage/John.3.16 answered; drained and exited on SIGTERM ($(grep -c '' "$work/serve.log") log lines)"
}

step "clean copy of $root"
mkdir -p "$work/src"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - 2>/dev/null) | tar -xf - -C "$work/src"

step "build stage: npm ci, npm run build, stage the runtime"
(cd "$work/src" && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build)
"$work/src/deploy/stage-runtime.sh" "$work/app"
ln -s "$dist" "$work/app/dist"

cd "$work/app"
# A dev dependency that a runtime dependency also needs (ajv, which the MCP SDK validates with) is
# installed on purpose; the lockfile marks what only development needs (`"dev": true`), and none of
# that may be here.
for dev in $(node -p "const lock = require('./package-lock.json'); Object.keys(require('./package.json').devDependencies).filter((name) => lock.packages['node_modules/' + name]?.dev === true).join(' ')"); do
  [ ! -e "node_modules/$dev" ] || fail "dev dependency $dev is installed"
done
[ ! -e node_modules/tsx ] && [ ! -e node_modules/typescript ] || fail "tsx or typescript is installed in the runtime"
node --input-type=module -e "for (const p of ['@skg/core', '@skg/ingest', '@skg/compiler', '@skg/server', '@skg/server/cluster']) await import(p);" \
  || fail "a workspace package does not load without dev dependencies"
step "runtime: $(du -sh node_modules | cut -f1) of production dependencies, no dev dependency"

mkdir -p "$work/state"
# The image's CMD, read from the Dockerfile (its JSON form), so the check runs what the image runs.
mapfile -t image_cmd < <(node -e 'const line = require("fs").readFileSync(process.argv[1], "utf8").split("\n").find((l) => l.startsWith("CMD ")); for (const part of JSON.parse(line.slice(4))) console.log(part);' "$root/Dockerfile")
[ "${#image_cmd[@]}" -gt 0 ] || fail "no CMD [...] line in the Dockerfile"
check_serves "runtime stage (the image's CMD and environment)" \
  NODE_ENV=production MALLOC_MMAP_THRESHOLD_=131072 HOST=127.0.0.1 PORT=0 SKG_DIST="$work/app/dist" SKG_STATE_DIR="$work/state" \
  "${image_cmd[@]}"

unit="$root/deploy/skg.service"
if command -v systemd-analyze >/dev/null; then
  systemd-analyze verify "$unit" || fail "systemd-analyze verify $unit"
  step "systemd unit: systemd-analyze verify passed"
fi
mapfile -t unit_env < <(sed -n 's/^Environment=//p' "$unit" | sed -e "s#/srv/skg#$work/app#g" -e "s#/var/lib/skg#$work/state#g" -e 's/^PORT=.*/PORT=0/')
read -r -a unit_exec < <(sed -n 's/^ExecStart=//p' "$unit" | sed -e "s#/srv/skg#$work/app#g")
check_serves "systemd unit (its Environment= and ExecStart=)" "${unit_env[@]}" "${unit_exec[@]:1}"
step OK
