#!/usr/bin/env bash
# CI check of the production install: the Dockerfile's own steps, run without Docker (no engine in CI).
#  1. The build context: a clean copy of the repository (its tracked and untracked-but-not-ignored files).
#  2. The build stage, read from the Dockerfile (deploy/dockerfile-steps.mjs): its WORKDIR, COPY and RUN
#     lines in order, in an empty directory standing for the image's file system, so a step sees only
#     what the lines before it copied (a package.json not copied before `npm ci` fails here as in
#     `docker build`). Absolute image paths (each WORKDIR, each `COPY --from`) are moved under that
#     directory. One substitution: the RUN line that fetches, ingests and builds the artefacts is
#     replaced by a link to the dist/ CI has built (the same commands, run by CI before this check).
#  3. The runtime stage: its `COPY --from` lines; its RUN lines are not run (they create the image's
#     user-owned state volume; the check uses a temporary state directory). No dev dependency may be
#     installed; the CMD with the stage's ENV (HOST and PORT set to a free local port) must answer
#     /api/v1/passage/John.3.16, pass the HEALTHCHECK, then drain and exit on SIGTERM; the drain
#     (SKG_DRAIN_TIMEOUT and a second) must end inside Docker's default 10 s stop timeout.
#  4. The systemd unit (deploy/skg.service): `systemd-analyze verify` when present, then its
#     Environment= and ExecStart= (paths moved into the temporary directory) answer as well.
# Needs the npm registry (or its cache) and nothing else from the network.
#
#   deploy/check-production-install.sh [--dockerfile FILE] [--build-stage-only] [DIST]
#     DIST                default $SKG_DIST or ./dist
#     --dockerfile FILE   check another Dockerfile (test/unit/production-check.test.ts removes a COPY)
#     --build-stage-only  stop after the build stage (no dist needed)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dockerfile="$root/Dockerfile"
build_only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --dockerfile) dockerfile="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
    --build-stage-only) build_only=1; shift ;;
    *) break ;;
  esac
done
dist=""
if [ -z "$build_only" ]; then dist="$(cd "${1:-${SKG_DIST:-$root/dist}}" && pwd -P)"; fi

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

# Starts `env <assignments…> <command…>` in the background and checks it answers John 3:16 (and, when
# `health` holds a command, that it passes with PORT set to the port served); then SIGTERM.
health=()
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
  local healthy=""
  if [ "${#health[@]}" -gt 0 ]; then
    local port="${url#http://*:}"
    port="${port%%/*}"
    local assignments=() argument
    for argument in "$@"; do [[ "$argument" =~ ^[A-Za-z_][A-Za-z0-9_]*= ]] || break; assignments+=("$argument"); done
    env "${assignments[@]}" PORT="$port" "${health[@]}" || fail "$what: the HEALTHCHECK failed: ${health[*]}"
    healthy="; HEALTHCHECK passed"
  fi
  kill -TERM "$server"
  local code=0
  wait "$server" || code=$?
  server=""
  [ "$code" -eq 0 ] || fail "$what: exit code $code after SIGTERM"
  step "$what: $url/passage/John.3.16 answered$healthy; drained and exited on SIGTERM ($(grep -c '' "$work/serve.log") log lines)"
}

step "build context: a clean copy of $root"
context="$work/context"
mkdir -p "$context"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - 2>/dev/null) | tar -xf - -C "$context"

# The image's file system; absolute image paths (each WORKDIR, each `COPY --from` path) are moved under it.
fs="$work/fs"
mkdir -p "$fs"
mapfile -t steps < <(node "$root/deploy/dockerfile-steps.mjs" "$dockerfile")
[ "${#steps[@]}" -gt 0 ] || fail "no steps read from $dockerfile"
mapfile -t image_paths < <(printf '%s\n' "${steps[@]}" | awk -F'\t' '$1 == "WORKDIR" { print $2 } $1 == "COPY" && $2 ~ /^--from=/ { print $3; print $4 }' | grep '^/' | sort -ru)
relocate() {
  local text="$1" p
  for p in "${image_paths[@]}"; do text="$(printf '%s' "$text" | sed -E "s#(^|[[:space:]=])$p(/|[[:space:]]|\$)#\\1$fs$p\\2#g")"; done
  printf '%s' "$text"
}
stages="$(printf '%s\n' "${steps[@]}" | grep -c '^STAGE')"

stage=0
cwd="$fs"
image_env=()
image_cmd=()
for line in "${steps[@]}"; do
  IFS=$'\t' read -r -a field <<<"$line"
  op="${field[0]}"
  case "$op" in
    STAGE)
      stage=$((stage + 1))
      if [ "$stage" -gt 1 ] && [ -n "$build_only" ]; then step "build stage: done (--build-stage-only)"; exit 0; fi
      step "stage ${field[1]} ($stage of $stages)"
      cwd="$fs"
      image_env=()
      ;;
    WORKDIR)
      case "${field[1]}" in /*) cwd="$(relocate "${field[1]}")" ;; *) cwd="$cwd/${field[1]}" ;; esac
      mkdir -p "$cwd"
      ;;
    COPY)
      if [[ "${field[1]}" == --from=* ]]; then
        from="$(relocate "${field[2]}")"
        to="$(relocate "${field[3]}")"
        [ -e "$from" ] || fail "COPY ${field[*]:1}: ${field[2]} was not written by that stage"
        [ "$from" = "$to" ] || { mkdir -p "$(dirname "$to")" && cp -a "$from" "$to"; }
        continue
      fi
      last=$((${#field[@]} - 1))
      dest="${field[$last]}"
      case "$dest" in /*) dest="$(relocate "$dest")" ;; *) dest="$cwd/$dest" ;; esac
      for source in "${field[@]:1:$((last - 1))}"; do
        [ -e "$context/$source" ] || fail "COPY $source: not in the build context"
        if [ "$source" = "." ]; then
          mkdir -p "$dest" && cp -a "$context/." "$dest/"
        elif [[ "$dest" == */ ]] || [ "$last" -gt 2 ]; then
          mkdir -p "$dest" && cp -a "$context/$source" "$dest/"
        else
          mkdir -p "$(dirname "$dest")" && cp -a "$context/$source" "$dest"
        fi
      done
      ;;
    RUN)
      command="${field[*]:1}"
      if [ "$stage" -gt 1 ]; then
        step "  not run in the runtime stage (it prepares the image's user and state volume): RUN $command"
      elif [[ "$command" =~ skg\.mjs\ (fetch|ingest|build) ]]; then
        # Substituted: CI has run these same commands into dist/ before this check.
        if [ -n "$build_only" ]; then
          step "  skipped (--build-stage-only): RUN $command"
        else
          step "  substituted by a link to $dist: RUN $command"
          ln -s "$dist" "$cwd/dist"
        fi
      else
        step "  RUN $command"
        (cd "$cwd" && sh -c "$(relocate "$command")") || fail "build stage: RUN $command"
      fi
      ;;
    ENV) image_env+=("$(relocate "${field[1]}")") ;;
    CMD) image_cmd=("${field[@]:1}") ;;
    HEALTHCHECK) health=("${field[@]:1}") ;;
  esac
done
[ "${#image_cmd[@]}" -gt 0 ] || fail "no CMD [...] line in $dockerfile"
[ "${#health[@]}" -gt 0 ] || fail "no HEALTHCHECK CMD [...] line in $dockerfile"

cd "$cwd"
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

# Docker sends SIGKILL 10 s after SIGTERM unless told otherwise (`docker stop -t`, compose stop_grace_period).
drain="$(printf '%s\n' "${image_env[@]}" | sed -n 's/^SKG_DRAIN_TIMEOUT=//p' | tail -n 1)"
[ $(( ${drain:-10000} + 1000 )) -lt 10000 ] || fail "the image drains for SKG_DRAIN_TIMEOUT=${drain:-10000} ms and a second, not inside Docker's default 10 s stop timeout"
step "runtime: drains within $(( ${drain:-10000} + 1000 )) ms of SIGTERM, inside Docker's default 10 s stop timeout"

mkdir -p "$work/state"
check_serves "runtime stage (the image's CMD and ENV)" "${image_env[@]}" HOST=127.0.0.1 PORT=0 SKG_STATE_DIR="$work/state" "${image_cmd[@]}"
health=()

unit="$root/deploy/skg.service"
if command -v systemd-analyze >/dev/null; then
  systemd-analyze verify "$unit" || fail "systemd-analyze verify $unit"
  step "systemd unit: systemd-analyze verify passed"
fi
app="$cwd"
mapfile -t unit_env < <(sed -n 's/^Environment=//p' "$unit" | sed -e "s#/srv/skg#$app#g" -e "s#/var/lib/skg#$work/state#g" -e 's/^PORT=.*/PORT=0/')
read -r -a unit_exec < <(sed -n 's/^ExecStart=//p' "$unit" | sed -e "s#/srv/skg#$app#g")
check_serves "systemd unit (its Environment= and ExecStart=)" "${unit_env[@]}" "${unit_exec[@]:1}"
step OK
