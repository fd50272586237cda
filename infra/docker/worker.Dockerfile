# syntax=docker/dockerfile:1
# the cluster's analytics worker: takes event batches off BullMQ (Redis), enriches them (GeoLite2
# from the npm package, or GEOIP_DB), writes one ClickHouse insert per batch over http.
# build from the repository root: docker build -f infra/docker/worker.Dockerfile .
# chDB stays out: its native library comes only from the optional dependency
# @chdb/lib-linux-x64-gnu (skipped by --omit=optional), and the worker refuses to start without
# CLICKHOUSE_URL, so it never loads chdb.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
# no telemetry at build time: swagger-ui-dist's @scarf/scarf install script reports installs unless told not to
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false \
    SCARF_ANALYTICS=false DO_NOT_TRACK=1
# the lockfile names every workspace, so every workspace's manifest comes along
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/worker/package.json apps/worker/
COPY apps/web/package.json apps/web/
COPY libs/contracts/package.json libs/contracts/
COPY libs/config/package.json libs/config/
COPY libs/storage/package.json libs/storage/
COPY libs/analytics/package.json libs/analytics/
COPY libs/observability/package.json libs/observability/

# compile: tsc needs the JavaScript and the types only, so no install scripts and no optional natives
FROM manifests AS build
RUN npm ci --ignore-scripts --omit=optional --include-workspace-root \
      -w @cardcraft/worker -w @cardcraft/contracts -w @cardcraft/config -w @cardcraft/storage -w @cardcraft/analytics -w @cardcraft/observability
COPY tsconfig.base.json ./
COPY libs/contracts libs/contracts
COPY libs/config libs/config
COPY libs/storage libs/storage
COPY libs/analytics libs/analytics
COPY libs/observability libs/observability
COPY apps/worker apps/worker
RUN npx tsc -b apps/worker

# production dependencies; build tools only in case better-sqlite3 (libs/storage, and the
# embedded queue of libs/analytics) has no prebuilt binary for this platform
FROM manifests AS prod-deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
RUN npm ci --omit=dev --omit=optional \
      -w @cardcraft/worker -w @cardcraft/contracts -w @cardcraft/config -w @cardcraft/storage -w @cardcraft/analytics -w @cardcraft/observability \
 && npm cache clean --force \
 && if [ -e node_modules/@chdb ]; then echo "chdb's native library must not be in this image" >&2; exit 1; fi

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/config/dist libs/config/dist
COPY --from=build /app/libs/storage/dist libs/storage/dist
COPY --from=build /app/libs/analytics/dist libs/analytics/dist
COPY --from=build /app/libs/observability/dist libs/observability/dist
COPY --from=build /app/apps/worker/dist apps/worker/dist
# the ClickHouse migrations ship in the analytics package, next to its dist/
COPY libs/analytics/migrations libs/analytics/migrations
RUN mkdir -p /data && chown node:node /data
USER node
# the dead-letter replay runs in this image too:
#   docker compose run --rm worker node apps/worker/dist/replay-dead-letters.js
CMD ["node", "apps/worker/dist/main.js"]
