#!/usr/bin/env bash
# Installs Debian's poppler-utils (pdftotext) when it is missing: the receipt
# tests read the generated PDFs back as text with it.
set -euo pipefail
if command -v pdftotext >/dev/null; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "pdftotext is missing: run 'sudo apt-get install -y poppler-utils' (Debian's package)." >&2
  exit 1
fi
echo "Installing Debian's poppler-utils..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq poppler-utils >/dev/null
pdftotext -v 2>&1 | sed -n 1p  # sed reads to the end: head would end the pipe early (SIGPIPE fails the script under pipefail)
