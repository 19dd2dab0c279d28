# syntax=docker/dockerfile:1
# Gatehouse's production image. How to build, run and upgrade it: docs/operations.md,
# "Container image". `npm test` lints this file and runs its last stage's command
# from a copy laid out as below (test/process/production-build.test.ts).

# Compiles the app and bundles the passkey script, with every dependency.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json knexfile.ts ./
COPY scripts ./scripts
COPY src ./src
COPY public ./public
RUN npm run build

# The production dependencies alone: no TypeScript, tsx or test tools. i18next names
# TypeScript an optional peer, so npm marks it devOptional and --omit=dev keeps it; the
# app never loads it at run time, so it is removed here.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && rm -rf node_modules/typescript

# What runs: node itself, as PID 1, so `docker stop` sends SIGTERM to the app.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=sqlite:/app/data/gatehouse.sqlite
WORKDIR /app
COPY package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/public ./public
COPY views ./views
COPY locales ./locales
# The SQLite file (with its -wal and -shm files) lives in the volume, owned by the app's user.
RUN mkdir /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-old-space-size=96", "--max-semi-space-size=8", "dist/src/main.js"]
