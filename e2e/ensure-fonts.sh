#!/usr/bin/env bash
# The screenshot tests (e2e/screenshots.spec.ts) compare against baselines drawn with Debian's DejaVu and Liberation
# fonts: another font draws every line differently. Install them when missing.
set -euo pipefail
# (Not `fc-list | grep -q`: grep leaving early may end fc-list with SIGPIPE, which pipefail reports as a failure.)
has() { grep -q "$1" <<<"$(fc-list 2>/dev/null)"; }
if command -v fc-list >/dev/null && has "DejaVu Sans" && has "Liberation Sans"; then exit 0; fi
echo "DejaVu Sans or Liberation Sans not found: installing Debian's fonts-dejavu-core and fonts-liberation…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends fonts-dejavu-core fonts-liberation fontconfig >/dev/null
has "DejaVu Sans" && has "Liberation Sans" || { echo "DejaVu Sans or Liberation Sans is still missing" >&2; exit 1; }
