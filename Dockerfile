# syntax=docker/dockerfile:1
# Scripture Graph API. Build stage: install, compile the packages to JavaScript, build the artefacts
# (download the pinned sources, ingest, compile, verify), stage the runtime. Runtime stage: node, the
# compiled JavaScript, the production dependencies and dist/, run as an unprivileged user.
#
#   docker build -t scripture-graph .
#   docker run -p 3000:3000 -v skg-state:/var/lib/skg scripture-graph
#
# No Docker engine in CI: deploy/check-production-install.sh reads this file and runs its COPY and RUN
# lines in order, in a directory holding only what they copied (with the dist/ CI has built in place of
# the download, ingest and build), then the runtime's CMD with its ENV, and the HEALTHCHECK against it.
# Every workspace's package.json must be copied before `npm ci`, or its dependencies are not installed.
#
# Stopping: the server drains for SKG_DRAIN_TIMEOUT and a second after SIGTERM. Docker's default stop
# timeout is 10 s, so the image drains for 8 s; for a longer drain raise both together
# (`docker stop -t 30`, compose `stop_grace_period: 30s`, `docker run --stop-timeout 30`).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/ingest/package.json packages/ingest/
COPY packages/compiler/package.json packages/compiler/
COPY packages/server/package.json packages/server/
COPY packages/cli/package.json packages/cli/
COPY packages/client/package.json packages/client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# The artefacts: the pinned upstream sources (a mirror in the build context's .sources/ is used as is;
# anything missing is downloaded and its sha256 checked), then bundle/ and dist/.
RUN node packages/cli/bin/skg.mjs fetch \
 && node packages/cli/bin/skg.mjs ingest \
 && node packages/cli/bin/skg.mjs build \
 && node packages/cli/bin/skg.mjs verify
RUN deploy/stage-runtime.sh /app && cp -r dist /app/dist

FROM ${NODE_IMAGE} AS runtime
# MALLOC_MMAP_THRESHOLD_: glibc gives every block over 128 KiB its own mapping, returned when freed, so a
# hot swap's new artefact heads never land in the malloc heap where the old set's holes stay (README).
ENV NODE_ENV=production \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=3000 \
    SKG_DIST=/app/dist \
    SKG_STATE_DIR=/var/lib/skg \
    SKG_DRAIN_TIMEOUT=8000
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /var/lib/skg && chown node:node /var/lib/skg
USER node
VOLUME /var/lib/skg
EXPOSE 3000
# Drains on SIGTERM within SKG_DRAIN_TIMEOUT (8 s) and a second: inside Docker's default 10 s stop timeout.
STOPSIGNAL SIGTERM
# Liveness: /health answers 200 whenever the process answers (it runs no checks and is cheap). The
# slim image has no curl; node's fetch asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=2", "packages/cli/bin/skg.mjs", "serve"]
