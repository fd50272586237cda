# syntax=docker/dockerfile:1
# the cluster's API image: NestJS on Fastify, MongoDB + BullMQ + ClickHouse over http.
# build from the repository root: docker build -f infra/docker/api.Dockerfile .
# chDB (the embedded analytics engine, ~540 MB native library) is left out on purpose: it arrives only
# through the optional dependency @chdb/lib-linux-x64-gnu, which is removed after the install, and the
# API loads chdb only when CLICKHOUSE_URL is absent, which the cluster never does. the image libraries
# (sharp's libvips, resvg) also ship their natives as optional packages, for this platform: those stay.

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
      -w @cardcraft/api -w @cardcraft/contracts -w @cardcraft/config -w @cardcraft/storage -w @cardcraft/analytics -w @cardcraft/observability
COPY tsconfig.base.json ./
COPY libs/contracts libs/contracts
COPY libs/config libs/config
COPY libs/storage libs/storage
COPY libs/analytics libs/analytics
COPY libs/observability libs/observability
COPY apps/api apps/api
RUN npx tsc -b apps/api

# the public card's server renderer (apps/web/dist-ssr) and the built web app whose hashed files it
# links; the same sources as the web image, so the same file names. optional dependencies stay in:
# vite's bundler and tailwind's engine ship their native parts as optional packages
FROM manifests AS web-build
RUN npm ci -w @cardcraft/web -w @cardcraft/contracts
COPY tsconfig.base.json ./
COPY libs/contracts libs/contracts
COPY apps/web apps/web
RUN npm run build -w @cardcraft/web

# production dependencies of the API and the libraries it uses; build tools only in case
# better-sqlite3 has no prebuilt binary for this platform (it is a dependency of libs/storage)
FROM manifests AS prod-deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
RUN npm ci --omit=dev \
      -w @cardcraft/api -w @cardcraft/contracts -w @cardcraft/config -w @cardcraft/storage -w @cardcraft/analytics -w @cardcraft/observability \
 && rm -rf node_modules/@chdb/lib-* \
 && node -e "require('sharp'); require('@resvg/resvg-js')" \
 && npm cache clean --force \
 && if ls -d node_modules/@chdb/lib-* >/dev/null 2>&1; then echo "chdb's native library must not be in this image" >&2; exit 1; fi

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/apps/web/dist \
    WEB_SSR_DIR=/app/apps/web/dist-ssr
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/config/dist libs/config/dist
COPY --from=build /app/libs/storage/dist libs/storage/dist
COPY --from=build /app/libs/analytics/dist libs/analytics/dist
COPY --from=build /app/libs/observability/dist libs/observability/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=web-build /app/apps/web/dist apps/web/dist
COPY --from=web-build /app/apps/web/dist-ssr apps/web/dist-ssr
# the ClickHouse migrations ship in the analytics package, next to its dist/
COPY libs/analytics/migrations libs/analytics/migrations
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]
