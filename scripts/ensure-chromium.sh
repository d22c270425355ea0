#!/usr/bin/env bash
# Installs Debian's chromium package when /usr/bin/chromium is missing.
# Browser tests never download a browser from anywhere else.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' (Debian's package)." >&2
  exit 1
fi
echo "Installing Debian's chromium package..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
