# Pantau in one image: the compiled server (apps/server/dist), the built web app (apps/web/dist) it
# serves, the SQL migrations (copied into apps/server/dist/migrations by the build) and the server's
# production dependencies. `docker build -t pantau .`; the compose file in deploy/ runs it behind a proxy.
#
# Layout of the runtime image (working directory /app):
#   /app/apps/server/package.json   version shown by /api/health (config.ts reads it)
#   /app/apps/server/dist/          main.js, its source map, migrations/
#   /app/apps/web/dist/             the web app (config.ts finds it beside the server)
#   /app/node_modules/              production dependencies of @pantau/server only
#   /data                           PANTAU_DATA_DIR: the embedded database, its lock, a generated secret

ARG NODE_IMAGE=node:20-bookworm-slim

# ── Build: every workspace's dependencies, then `npm run build` (web app, then server) ──
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/protocols/package.json packages/protocols/
RUN npm ci --no-audit --no-fund
COPY . .
# The base map's style URL is built into the web app (README, Configuration).
ARG VITE_MAP_STYLE_URL
RUN npm run build

# ── Production dependencies of the server alone (the web app's are in its build) ──
FROM ${NODE_IMAGE} AS deps
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/protocols/package.json packages/protocols/
# The workspace packages (contracts, protocols) are compiled into dist/main.js: their links go.
RUN npm ci --omit=dev --workspace @pantau/server --no-audit --no-fund \
  && rm -rf node_modules/@pantau \
  && npm cache clean --force

# ── Runtime ──
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PANTAU_DATA_DIR=/data
WORKDIR /app
COPY --from=deps /src/node_modules ./node_modules
COPY --from=build /src/apps/server/package.json ./apps/server/package.json
COPY --from=build /src/apps/server/dist ./apps/server/dist
COPY --from=build /src/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# Web app and API, GT06 (TCP), OsmAnd (HTTP).
EXPOSE 3000 5023 5055
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "apps/server/dist/main.js"]
