#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (never a browser download). Install it when missing: the chromium package
# (the benchmarks and `CHROMIUM_PATH=/usr/bin/chromium`) and chromium-headless-shell, the same Chromium build as
# Debian's old headless shell, which the journeys use when it is there (playwright.config.ts: about a third less
# time for the same journeys, measured on 2 cores).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${missing[*]}…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
[ -x /usr/bin/chromium ] || { echo "Chromium is still missing at /usr/bin/chromium" >&2; exit 1; }
