#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (never a browser download). Install it when missing.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
echo "Chromium not found at $chromium: installing Debian's chromium package…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
[ -x "$chromium" ] || { echo "Chromium is still missing at $chromium" >&2; exit 1; }
