# The bot as docs/deploying.md ("Docker") describes it; test/deployment.test.ts keeps this file in step with
# package.json. compose.yaml runs it beside PostgreSQL.
# Node 24 LTS (Node 20 reached its end of life in April 2026); CI runs the suite on it too (.ci/run).
FROM node:24-bookworm
WORKDIR /app
COPY . .
# Installs, compiles better-sqlite3 where no prebuilt binary fits, and builds dist/ (package.json's prepare script).
RUN npm ci
# The SQLite journal (when DATABASE_URL is unset) lives in the volume, owned by the unprivileged user that runs the bot.
RUN mkdir -p /data && chown node:node /data
ENV DATABASE_PATH=/data/journal.sqlite
VOLUME /data
USER node
# node is PID 1 and gets docker stop's SIGTERM itself (not npm start).
CMD ["node", "dist/main.js"]
