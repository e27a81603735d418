#!/usr/bin/env bash
# The browser tests: headless Chromium (Debian's, through selenium and /usr/bin/chromedriver; nothing
# is downloaded) against a real `todomd serve` on temp vaults. Builds nothing: TODOMD_BIN (default
# .build/debug/todomd). Screenshots go to docs/screenshots/. Extra arguments go to pytest
# (e.g. `Tests/Web/run.sh -k flows`). TODOMD_WEB_PERF=0 skips the perf measurements,
# TODOMD_WEB_PERF_100K=1 adds the 100k-task scroll.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/web-deps.sh
export TODOMD_BIN="${TODOMD_BIN:-$PWD/.build/debug/todomd}"
unset TODOMD_WEB_ROOT
export PYTHONDONTWRITEBYTECODE=1
args=()
[ "${TODOMD_WEB_PERF:-1}" = 0 ] && args+=(--ignore=Tests/Web/test_perf.py)
exec python3 -m pytest -q -p no:cacheprovider -p no:benchmark Tests/Web ${args[@]+"${args[@]}"} "$@"
