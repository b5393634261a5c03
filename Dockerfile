# syntax=docker/dockerfile:1
# The service image (docs/deploy.md). The TypeScript is bundled by `npm run build` (esbuild, packages left
# external) and run by plain node: no loader at start-up, ~90 MB less resident memory than under tsx
# (docs/performance.md). better-sqlite3 is compiled in the deps stage, the only one with a toolchain.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# postinstall (scripts/evm-contracts.mjs) builds the sandbox Base chain's contracts into
# node_modules/.cache/evm-contracts/artifacts.json: it needs the script and our contracts/ sources.
COPY scripts/evm-contracts.mjs ./scripts/evm-contracts.mjs
COPY contracts ./contracts
RUN npm ci --omit=dev --no-audit --no-fund

FROM deps AS build
# Adds the dev dependencies (esbuild) to the deps stage's node_modules rather than reinstalling it: `npm ci` would
# delete node_modules/.cache/evm-contracts and fetch and compile the contracts again, for a stage that never uses them.
RUN npm install --include=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts/build.mjs ./scripts/build.mjs
COPY src ./src
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8402 \
    DATA_DIR=/data
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8402
VOLUME ["/data"]
# Liveness only: readiness (store, cache, shutting down) is for the load balancer (/status/ready).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/status/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains: no new calls, in-flight calls finish and settle (SHUTDOWN_GRACE_MS), pools close.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/main.mjs"]
