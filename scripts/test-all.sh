#!/usr/bin/env bash
# `npm test`: every test stage. The check and vitest one after another (each keeps both cores busy); then the e2e
# journeys with, beside them, the OCPP conformance suite followed by the cluster test. Those three mostly wait (a
# command's timeout, a charger's answer, a page to load): by processor time over their own length on 2 cores, the
# conformance suite keeps about a fifth of the machine busy, the e2e run about a third and the cluster test about
# half, and the conformance suite and the cluster test together take less time than the e2e run, so side by side the
# stage takes about as long as the e2e run alone (docs/testing.md, "Where the time goes"). The side stages' output is
# kept in a file and printed when all have finished, so the e2e run's lines stay readable. Fails when any stage fails,
# after all of the last stage have finished, so one run shows every problem of it.
set -u
cd "$(dirname "$0")/.."

npm run check || exit 1
npm run test:unit || exit 1

mkdir -p .tmp
sideLog=.tmp/test-beside-e2e.log
(
  status=0
  npm run test:ocpp-conformance || status=1
  npm run test:cluster || status=1
  exit "$status"
) >"$sideLog" 2>&1 &
side=$!
# Interrupted (Ctrl-C) or stopped: the stages in the background stop too (npm passes the signal on to vitest).
trap 'pkill -TERM -P "$side" 2>/dev/null; kill -TERM "$side" 2>/dev/null; exit 130' INT TERM
status=0
npm run test:e2e || status=1
if ! wait "$side"; then status=1; fi
echo
echo "── npm run test:ocpp-conformance, then npm run test:cluster (beside the e2e tests; also in $sideLog) ──"
cat "$sideLog"
exit "$status"
