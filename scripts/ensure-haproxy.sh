#!/usr/bin/env bash
# The cluster test (npm run test:cluster) starts Debian's HAProxy in front of three server processes. Install it when
# missing, as e2e/ensure-chromium.sh does for Chromium.
set -euo pipefail
if [ -n "${HAPROXY_BIN:-}" ] && [ -x "$HAPROXY_BIN" ]; then exit 0; fi
if command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "Installing Debian's haproxy package…"
$SUDO apt-get update -qq || true
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq haproxy >/dev/null
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || { echo "HAProxy is still missing after apt-get install haproxy" >&2; exit 1; }
