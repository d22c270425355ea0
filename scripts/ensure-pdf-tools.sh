#!/usr/bin/env bash
# Installs the PDF tools the receipt tests use when one is missing: Debian's
# poppler-utils (pdftotext reads a receipt back as text, pdffonts lists its
# fonts and whether each is embedded, pdftoppm renders it to look at) and
# qpdf (qpdf --check verifies the file's structure).
set -euo pipefail
need=()
for tool in pdftotext pdffonts pdftoppm; do
  command -v "$tool" >/dev/null || { need+=(poppler-utils); break; }
done
command -v qpdf >/dev/null || need+=(qpdf)
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "missing PDF tools: run 'sudo apt-get install -y ${need[*]}' (Debian's packages)." >&2
  exit 1
fi
echo "Installing Debian's ${need[*]}..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
pdftotext -v 2>&1 | sed -n 1p
qpdf --version | sed -n 1p
