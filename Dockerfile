# Letterpress image: the API (`node dist/src/server.js`, the default) and the stand-alone projector
# (`node dist/src/projector-process.js`) from one image.
#
#   docker build -t letterpress .
#   docker run -p 127.0.0.1:3000:3000 -v letterpress-data:/data letterpress          # embedded SQLite store
#
# Every stage starts from the same Debian (glibc) Node 20 image, so the native modules installed in one
# stage load in the runtime stage: better-sqlite3 (a prebuilt binary, or built by node-gyp) and
# @kurrent/bridge (its prebuilt @kurrent/bridge-linux-<arch>-gnu package, pulled by the lockfile).
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- toolchain: what node-gyp needs when better-sqlite3 has no prebuilt binary for this platform
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# ---- build: every dependency (tsc is a devDependency), then `npm run build` (tsc → dist/)
FROM toolchain AS build
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json ./
COPY src ./src
COPY projections ./projections
COPY scripts ./scripts
# tsconfig.json compiles test/ too, and scripts/bench imports test/support: without it tsc fails.
COPY test ./test
RUN npm run build

# ---- prod-deps: the runtime dependencies alone (`npm ci --omit=dev`), compiled here so the runtime
# image carries no compiler
FROM toolchain AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev \
 && npm cache clean --force

# ---- runtime
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Application files stay root-owned (read-only to the service); only DATA_DIR is the service's.
COPY package.json package-lock.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
# dist/src: the server, the projector and the compile worker (dist/src/rendering/compile/worker.js,
# which pool.js loads beside itself); dist/projections: the read-model definitions both import;
# dist/scripts: keys (alias api-keys), audit, rebuild-projections (`node dist/scripts/keys.js list`).
COPY --from=build /app/dist/src ./dist/src
COPY --from=build /app/dist/projections ./dist/projections
COPY --from=build /app/dist/scripts ./dist/scripts
# public/preview: the /preview/ page's static files, found from dist/src beside package.json (routes/preview.ts).
COPY public ./public
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000

# GET /health with HEALTHCHECK_API_KEY (any scope; bin/healthcheck.js): 200 is healthy, a 503 (a store
# down) is not. Without that variable it can only check that the process answers HTTP (a 401).
COPY bin/healthcheck.js ./bin/healthcheck.js
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "bin/healthcheck.js"]

# Not `npm start`: its prestart hook runs the build, which needs the devDependencies.
CMD ["node", "dist/src/server.js"]
