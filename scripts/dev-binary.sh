#!/usr/bin/env bash
# Builds the web app and a private copy of the binary for one developer or
# helper, serialised with a lock so parallel builds never mix their output:
#   scripts/dev-binary.sh NAME   ->  /tmp/crebit-NAME/crebit
# Run Playwright against it with CREBIT_BIN=/tmp/crebit-NAME/crebit.
set -euo pipefail
name=${1:?usage: scripts/dev-binary.sh NAME}
cd "$(dirname "$0")/.."
mkdir -p "/tmp/crebit-$name"
exec 9>/tmp/crebit-build.lock
flock 9
(cd web && npx vite build --logLevel error && node scripts/precompress.mjs >/dev/null)
go build -tags embed -o "/tmp/crebit-$name/crebit" ./cmd/crebit
echo "/tmp/crebit-$name/crebit"
