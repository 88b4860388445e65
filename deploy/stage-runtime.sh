#!/usr/bin/env bash
# Assembles the production runtime in OUT: the root package.json and lock file, each workspace package as
# `npm pack` would ship it (its "files": the compiled lib/, the bin, the pinned sources manifest), then
# `npm ci --omit=dev` there. Run `npm run build` first. The Dockerfile's build stage runs this; so does
# deploy/check-production-install.sh.
#
#   deploy/stage-runtime.sh OUT
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: deploy/stage-runtime.sh OUT}"

if [ ! -f "$root/packages/cli/lib/bundle/main.js" ]; then
  echo "stage-runtime: packages/cli/lib/bundle/main.js is missing; run \`npm run build\` first" >&2
  exit 1
fi

mkdir -p "$out"
out="$(cd "$out" && pwd)"
cp "$root/package.json" "$root/package-lock.json" "$out/"
packs="$(mktemp -d)"
trap 'rm -rf "$packs"' EXIT
for workspace in $(node -p "require('$root/package.json').workspaces.join(' ')"); do
  tarball="$(cd "$root/$workspace" && npm pack --silent --pack-destination "$packs")"
  mkdir -p "$out/$workspace"
  tar -xzf "$packs/$tarball" -C "$out/$workspace" --strip-components=1
done

cd "$out"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
