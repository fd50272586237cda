# syntax=docker/dockerfile:1
# the cluster's front door: nginx serving the built SPA and proxying /api and the card pages (/u/) to the api replicas
# (infra/nginx/nginx.conf). build from the repository root: docker build -f infra/docker/web.Dockerfile .

FROM node:20-bookworm-slim AS build
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
# only the web app and the contracts it compiles from source; optional dependencies stay in,
# since vite's bundler and tailwind's engine ship their native parts as optional packages
RUN npm ci -w @cardcraft/web -w @cardcraft/contracts
COPY tsconfig.base.json ./
COPY libs/contracts libs/contracts
COPY apps/web apps/web
# VITE_API_BASE_URL stays unset: the SPA calls /api on the host that served it, and nginx forwards it
RUN npm run build -w @cardcraft/web

FROM nginx:1.28-alpine AS runtime
COPY infra/nginx/nginx.conf /etc/nginx/nginx.conf
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1/healthz"]
