# The okstra bot (the Probot app in bot/, docs/bot.md), as `npm start` runs it.
# Build from a checkout whose dist/ is built (`npm run build`; the committed one is):
#   docker build -t okstra-bot .
#   docker run --rm -p 3000:3000 -e APP_ID -e PRIVATE_KEY -e WEBHOOK_SECRET okstra-bot
#
# The tag pins Node 20.19 (package.json's engines) on Debian bookworm. For a
# reproducible image pin its digest too:
#   docker pull node:20.19-bookworm-slim
#   docker inspect --format '{{index .RepoDigests 0}}' node:20.19-bookworm-slim
# and write FROM node:20.19-bookworm-slim@sha256:<digest> (Dependabot and
# Renovate keep a pinned digest up to date).
FROM node:20.19-bookworm-slim

ENV NODE_ENV=production PORT=3000
WORKDIR /app

# No git and no build tools: the bot reads everything through the GitHub API, and
# dist/bot.js imports only the runtime dependencies (Probot loads files beside
# its own modules, so they stay in node_modules instead of the bundle).
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# Owned by root and read-only to the bot, which writes nothing to disk.
COPY dist/ ./dist/
# Probot's setup page registers the App from this manifest (docs/bot.md, "Registering the App").
COPY app.yml ./

USER node
EXPOSE 3000
CMD ["node", "dist/bot.js"]
