# The bot as docs/deploying.md ("Docker") describes it; test/deployment.test.ts keeps this file in step with
# package.json. compose.yaml runs it beside PostgreSQL. Node 24 LTS (Node 20 reached its end of life in April 2026);
# CI runs the suite on it too (.ci/run).

# Dependencies first, from package.json and the lock file alone: a change to the code reuses this layer. Install
# scripts wait (the build needs the sources); the native addons are compiled right after.
FROM node:24-bookworm AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts && npm rebuild better-sqlite3 better-sqlite3-multiple-ciphers esbuild

# dist/ from the sources (esbuild, a dev dependency).
FROM deps AS build
COPY . .
RUN npm run build

# What runs needs the production dependencies only, without what building them left (better-sqlite3's SQLite sources
# and object files, node-gyp's makefiles) or TypeScript, tsx and esbuild: scripts/prune-runtime.sh says what and why;
# test/build/runtime-prune.test.ts runs the same two steps on a copy and starts the bot from the result.
FROM deps AS production-deps
COPY scripts/prune-runtime.sh ./scripts/prune-runtime.sh
RUN npm prune --omit=dev && sh scripts/prune-runtime.sh node_modules

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY scripts/healthcheck.mjs ./scripts/healthcheck.mjs
# The SQLite journal (when DATABASE_URL is unset) lives in the volume, owned by the unprivileged user that runs the bot.
RUN mkdir -p /data && chown node:node /data
ENV DATABASE_PATH=/data/journal.sqlite
VOLUME /data
USER node
# Healthy while Telegram and the database answered within three HEALTH_INTERVAL_SECONDS, in every mode: the bot writes
# HEALTH_FILE (default /tmp/journal-bot-health.json) and scripts/healthcheck.mjs reads it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# node is PID 1 and gets docker stop's SIGTERM itself (not npm start).
CMD ["node", "dist/main.js"]
