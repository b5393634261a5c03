# syntax=docker/dockerfile:1
# The service image (docs/deploy.md). Node 20 runs the TypeScript directly through tsx (a runtime
# dependency), so there is no build step; better-sqlite3 is compiled in the deps stage, which is the only
# one with a toolchain.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8402 \
    DATA_DIR=/data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY src ./src
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8402
VOLUME ["/data"]
# Liveness only: readiness (store, cache, shutting down) is for the load balancer (/status/ready).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/status/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains: no new calls, in-flight calls finish and settle (SHUTDOWN_GRACE_MS), pools close.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/main.ts"]
