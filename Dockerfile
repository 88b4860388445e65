# syntax=docker/dockerfile:1
# Scripture Graph API. Build stage: install, compile the packages to JavaScript, build the artefacts
# (download the pinned sources, ingest, compile, verify), stage the runtime. Runtime stage: node, the
# compiled JavaScript, the production dependencies and dist/, run as an unprivileged user.
#
#   docker build -t scripture-graph .
#   docker run -p 3000:3000 -v skg-state:/var/lib/skg scripture-graph
#
# No Docker engine in CI: deploy/check-production-install.sh runs these same steps on a clean copy of
# the repository (with the dist/ CI has built in place of the download, ingest and build).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/ingest/package.json packages/ingest/
COPY packages/compiler/package.json packages/compiler/
COPY packages/server/package.json packages/server/
COPY packages/cli/package.json packages/cli/
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
    SKG_STATE_DIR=/var/lib/skg
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /var/lib/skg && chown node:node /var/lib/skg
USER node
VOLUME /var/lib/skg
EXPOSE 3000
# Drains on SIGTERM (SKG_DRAIN_TIMEOUT, default 10 s): give `docker stop -t` more than that.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=2", "packages/cli/bin/skg.mjs", "serve"]
