#!/bin/sh
# The runtime image's node_modules without what only building needed (the Dockerfile runs it after
# `npm prune --omit=dev`; test/build/runtime-prune.test.ts runs both on a copy and starts the bot on the result):
#  - better-sqlite3's native build leftovers: the SQLite amalgamation and C++ sources (deps/, src/), object files
#    (build/Release/obj*, .deps), the static library, the test extension and node-gyp's makefiles. Only
#    build/Release/better_sqlite3.node is loaded.
#  - TypeScript (an optional peer of valibot that npm keeps) and tsx with its esbuild: the image runs dist/, compiled.
# Usage: sh scripts/prune-runtime.sh [node_modules]
set -eu
modules="${1:-node_modules}"
[ -d "$modules" ] || { echo "prune-runtime: no folder $modules" >&2; exit 1; }
for addon in "$modules/better-sqlite3" "$modules/better-sqlite3-multiple-ciphers"; do
  [ -d "$addon" ] || continue
  rm -rf "$addon/deps" "$addon/src" "$addon/build/deps" "$addon/build/Release/obj" "$addon/build/Release/obj.target" \
    "$addon/build/Release/.deps" "$addon/build/Release/sqlite3.a" "$addon/build/Release/test_extension.node" \
    "$addon/build/Makefile" "$addon/build/config.gypi" "$addon/build/binding.Makefile"
  rm -f "$addon"/build/*.mk
done
rm -rf "$modules/typescript" "$modules/tsx" "$modules/esbuild" "$modules/@esbuild"
rm -f "$modules/.bin/tsc" "$modules/.bin/tsserver" "$modules/.bin/tsx" "$modules/.bin/esbuild"
# Any other addon's node-gyp intermediates: object files and dependency folders under a build/.
find "$modules" -path '*/build/*' \( -name '*.o' -o -name '*.a' -o -name '.deps' -o -name 'obj.target' \) -prune \
  -exec rm -rf {} +
