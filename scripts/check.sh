#!/usr/bin/env bash
# `npm run check`: lint and typecheck side by side (each keeps about one core busy); fails when either fails,
# after both have finished, so one run shows every problem.
set -u
npm run --silent lint &
lint=$!
npm run --silent typecheck &
types=$!
status=0
wait "$lint" || status=1
wait "$types" || status=1
exit "$status"
