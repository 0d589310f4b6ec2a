#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (never a browser download). Install it when missing: the chromium package
# (the benchmarks and `CHROMIUM_PATH=/usr/bin/chromium`) and chromium-headless-shell, the same Chromium build as
# Debian's old headless shell, which the journeys use when it is there (playwright.config.ts: about a third less
# time for the same journeys, measured on 2 cores). Without the shell the journeys run in /usr/bin/chromium.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
install() { DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null; }
echo "Installing Debian's Chromium packages that are missing…"
$SUDO apt-get update -qq || true
if [ ! -x /usr/bin/chromium ]; then install chromium; fi
[ -x /usr/bin/chromium ] || { echo "Chromium is still missing at /usr/bin/chromium" >&2; exit 1; }
if [ ! -x /usr/bin/chromium-headless-shell ]; then
  install chromium-headless-shell || echo "chromium-headless-shell could not be installed: the journeys use /usr/bin/chromium"
fi
