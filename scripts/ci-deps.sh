#!/usr/bin/env bash
# Installs what the tests need that SwiftPM does not bring: python-dateutil (the RRULE oracle),
# SQLite's headers (the index cache), requests + schemathesis (scripts/api-checks.py, the
# HTTP server checked from outside), and the import/export validators: Debian's taskwarrior
# (`task import`/`export`) and PyPI's icalendar. Idempotent; quiet when everything is there.
set -euo pipefail

if ! python3 -c 'import dateutil' 2>/dev/null; then
    python3 -m pip install --quiet python-dateutil
fi

# schemathesis 4's command line (3's differs).
if ! python3 -c 'import requests, schemathesis, sys; sys.exit(schemathesis.__version__.split(".")[0] != "4")' 2>/dev/null; then
    python3 -m pip install --quiet requests 'schemathesis>=4.32,<5'
fi

if ! python3 -c 'import icalendar' 2>/dev/null; then
    python3 -m pip install --quiet icalendar
fi

missing=()
[ -f /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
command -v task >/dev/null || missing+=(taskwarrior)
if [ ${#missing[@]} -gt 0 ] && command -v apt-get >/dev/null; then
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
